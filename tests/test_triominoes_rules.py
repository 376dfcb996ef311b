"""Triominoes rules: corner matching, hexagons and bridges, draws, rounds and both presets."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printkit.errors import PrintkitError
from printkit.games.base import Game, IllegalMoveError, InvalidMoveError, Outcome
from printkit.games.triominoes.card import triominoes_bridge, triominoes_hexagon
from printkit.games.triominoes.notation import (
    Draw,
    Pass,
    Place,
    cell_name,
    clockwise_corners,
    move_text,
    parse_cell,
    parse_move,
)
from printkit.games.triominoes.rules import (
    ENGLISH,
    PRESETS,
    SPANISH,
    BlockedRule,
    BridgeRule,
    EndRule,
    TriominoesGame,
    TriominoesOptions,
    cells_around,
    new_game,
    opening_tile,
    placement_problem,
    preset,
    score_placement,
)
from printkit.games.triominoes.tiles import TILES, Tile, parse_tile
from printkit.geometry.tri import Cell, Vertex, edge_neighbours, touching, vertices

T = parse_tile


def lay(numbers: dict[tuple[int, int], int], cells: list[Cell]):
    """The layout of ``cells`` with the given corner numbers, and its corner map."""
    layout = {}
    corner = {}
    for c in cells:
        reading = [numbers[v] for v in clockwise_corners(c)]
        layout[c] = Place.reading_at(reading, c).tile
        for v in vertices(c):
            corner[Vertex(*v)] = numbers[v]
    return layout, corner


def place(numbers: dict[tuple[int, int], int], cell: Cell) -> Place:
    return Place.reading_at([numbers[v] for v in clockwise_corners(cell)], cell)


# -- geometry ----------------------------------------------------------------------------


@given(st.integers(-20, 20), st.integers(-20, 20))
def test_corners_run_clockwise_on_paper_from_the_reference_corner(r, c):
    cell = Cell(r, c)
    cw = clockwise_corners(cell)
    assert set(cw) == set(vertices(cell))
    # Paper coordinates: x = col (half sides), y = row (y down); clockwise on paper with y
    # pointing down is a positive cross product.
    (y0, x0), (y1, x1), (y2, x2) = cw
    assert (x1 - x0) * (y2 - y0) - (y1 - y0) * (x2 - x0) > 0
    assert cw[0] == min(cw)  # apex of an up cell, top-left corner of a down cell


@given(st.integers(-20, 20), st.integers(-20, 20))
def test_six_cells_meet_at_every_vertex(r, c):
    if (r + c) % 2:
        c += 1
    v = Vertex(r, c)
    around = cells_around(v)
    assert len(set(around)) == 6
    assert all(v in vertices(x) for x in around)
    # No other cell nearby has that corner.
    near = {x for a in around for x in touching(a)}
    assert {x for x in near if v in vertices(x)} == set(around)


# -- moves as text -----------------------------------------------------------------------


@given(st.sampled_from(TILES), st.integers(0, 2), st.integers(-50, 50), st.integers(-50, 50))
def test_move_text_round_trips(tile, rotation, r, c):
    rotation = 0 if tile.is_triple else rotation
    m = Place(tile, Cell(r, c), rotation)
    assert parse_move(m.text()) == m
    assert m.text().startswith("-".join(map(str, tile.rotations()[rotation])))


def test_other_moves_parse_and_bad_text_is_named():
    assert parse_move("draw") == Draw()
    assert parse_move("Draw 5-2-3") == Draw(T("2-3-5"))
    assert parse_move(" pass ") == Pass()
    assert parse_move("3 5 2 @ ( 0 , -1 )") == Place(T("2-3-5"), Cell(0, -1), 1)
    with pytest.raises(InvalidMoveError, match="'1-0-2 @ \\(0,0\\)'.*not a tile"):
        parse_move("1-0-2 @ (0,0)")  # the mirror image of 0-1-2
    with pytest.raises(InvalidMoveError, match="'lay 0-1-2'.*expected"):
        parse_move("lay 0-1-2")
    with pytest.raises(InvalidMoveError, match="'draw 9-9-9'"):
        parse_move("draw 9-9-9")


def test_moves_print_as_their_text_with_a_short_repr():
    m = Place(T("2-3-5"), Cell(0, -1), 1)
    assert str(m) == move_text(m) == "3-5-2 @ (0,-1)"
    assert repr(m) == "Place('3-5-2 @ (0,-1)')"
    assert str(Draw(T("2-3-5"))) == "draw 2-3-5" and repr(Draw()) == "Draw('draw')"
    assert str(Pass()) == "pass" and repr(Pass()) == "Pass()"
    assert cell_name((3, -2)) == "(3,-2)" and parse_cell(" ( 3 , -2 ) ") == Cell(3, -2)
    with pytest.raises(InvalidMoveError, match="'3,-2'"):
        parse_cell("3,-2")


# -- matching ----------------------------------------------------------------------------

# Corner numbers of a small layout: up cell (1,1) = X, with the cells round it.
#
#        (0,0)=0 ---- (0,2)=1
#           /  \      /  \
#          /    \    /    \
#  (1,-1)=5 -- (1,1)=1 -- (1,3)=1
#          \    /  X \    /
#           \  /      \  /
#        (2,0)=5 ---- (2,2)=4
HEX = {(0, 0): 0, (0, 2): 1, (1, -1): 5, (1, 1): 1, (1, 3): 1, (2, 0): 5, (2, 2): 4}
X = Cell(1, 1)


def test_a_tile_must_share_an_edge_and_match_every_corner():
    layout, numbers = lay(HEX, [Cell(1, 0)])  # the down cell left of X: 5, 1, 5
    assert placement_problem(layout, numbers, place(HEX, X)) is None
    # The same tile turned: every other rotation puts a wrong number on a shared corner.
    tile = place(HEX, X).tile
    for k in (1, 2):
        problem = placement_problem(layout, numbers, Place(tile, X, k))
        assert problem is not None and "already shows" in problem
    # Touching only at a corner is not enough.
    layout, numbers = lay(HEX, [Cell(0, 1)])
    assert "shares no edge" in placement_problem(layout, numbers, place(HEX, X))
    # A taken cell.
    layout, numbers = lay(HEX, [X])
    assert "taken" in placement_problem(layout, numbers, place(HEX, X))


def test_a_hole_that_needs_a_mirror_tile_cannot_be_filled():
    # Corners demanding 0, 2, 1 clockwise: only the missing mirror of 0-1-2 would fit.
    numbers = {Vertex(*v): n for v, n in zip(clockwise_corners(X), (0, 2, 1), strict=True)}
    layout = {n: T("0-0-0") for n in edge_neighbours(X)}  # stand-ins: only the cells count
    fits = [
        (t, k)
        for t in TILES
        for k in range(3)
        if placement_problem(layout, numbers, Place(t, X, k)) is None
    ]
    assert fits == []
    # Reversed (0, 1, 2) it is filled, by 0-1-2 alone.
    numbers = {Vertex(*v): n for v, n in zip(clockwise_corners(X), (0, 1, 2), strict=True)}
    fits = {
        t
        for t in TILES
        for k in range(3)
        if placement_problem(layout, numbers, Place(t, X, k)) is None
    }
    assert fits == {T("0-1-2")}


# -- bonuses -----------------------------------------------------------------------------


@pytest.mark.parametrize("options", [SPANISH, ENGLISH])
def test_closing_a_hexagon_scores_50_and_is_no_bridge(options):
    ring = [c for c in cells_around((1, 1)) if c != X]
    layout, numbers = lay(HEX, ring)
    s = score_placement(layout, numbers, place(HEX, X), options)
    assert (s.hexagons, s.bridges) == (1, 0)
    assert s.points == place(HEX, X).tile.total + 50
    # One cell short of the ring: no hexagon.
    layout, numbers = lay(HEX, ring[1:])
    assert score_placement(layout, numbers, place(HEX, X), options).hexagons == 0


# Two hexagons, round the base corners (2,0) and (2,2) of X; X shares all three edges.
TWO = {
    (1, -1): 1,
    (1, 1): 1,
    (1, 3): 2,
    (2, -2): 5,
    (2, 0): 4,
    (2, 2): 4,
    (2, 4): 2,
    (3, -1): 5,
    (3, 1): 4,
    (3, 3): 3,
}


def test_closing_two_hexagons_at_once_scores_both():
    ring = sorted((set(cells_around((2, 0))) | set(cells_around((2, 2)))) - {X})
    assert len(ring) == 9
    layout, numbers = lay(TWO, ring)
    m = place(TWO, X)
    for options in (SPANISH, ENGLISH):
        s = score_placement(layout, numbers, m, options)
        assert (s.hexagons, s.bridges) == (2, 0)
        # 002: "Hexágono doble: +100 puntos".
        assert s.points - m.tile.total == 100


# Bridge: X shares its base edge with the down cell (2,1) below it, and its apex (1,1) meets
# the down cell (0,1) above only at that corner.
#
#        (0,0)=1 ---- (0,2)=3
#              \      /
#               \    /
#              (1,1)=1
#               /  X \
#              /      \
#        (2,0)=5 ---- (2,2)=4
#              \      /
#               \    /
#              (3,1)=5
BRIDGE = {(0, 0): 1, (0, 2): 3, (1, 1): 1, (2, 0): 5, (2, 2): 4, (3, 1): 5}


def test_edge_and_opposite_corner_is_a_bridge_in_both_presets():
    layout, numbers = lay(BRIDGE, [Cell(2, 1), Cell(0, 1)])
    m = place(BRIDGE, X)
    assert placement_problem(layout, numbers, m) is None
    for options in (SPANISH, ENGLISH):
        s = score_placement(layout, numbers, m, options)
        assert (s.hexagons, s.bridges) == (0, 1)
        assert s.points == m.tile.total + 40
    # Without the tile at the opposite corner it is an ordinary move.
    layout, numbers = lay(BRIDGE, [Cell(2, 1)])
    assert score_placement(layout, numbers, m, SPANISH).points == m.tile.total
    assert score_placement(layout, numbers, m, ENGLISH).points == m.tile.total


# Notch: X shares edges with (1,0) on its left and (2,1) below; no hexagon closes.
NOTCH = {(1, -1): 5, (1, 1): 1, (2, 0): 5, (2, 2): 4, (3, 1): 4}


def test_a_notch_is_a_bridge_only_by_the_corners_rule():
    layout, numbers = lay(NOTCH, [Cell(1, 0), Cell(2, 1)])
    m = place(NOTCH, X)
    assert placement_problem(layout, numbers, m) is None
    gap = score_placement(layout, numbers, m, SPANISH)
    corners = score_placement(layout, numbers, m, ENGLISH)
    assert SPANISH.bridge_rule is BridgeRule.GAP and ENGLISH.bridge_rule is BridgeRule.CORNERS
    assert (gap.bridges, corners.bridges) == (0, 1)
    assert corners.points - gap.points == 40


def _build(cells, numbers):
    """Lay the cells one by one in an order where each fits; every step is checked."""
    layout, corner = {}, {}
    todo = list(cells)
    while todo:
        for c in todo:
            m = Place.reading_at([numbers[v] for v in clockwise_corners(c)], c)
            if placement_problem(layout, corner, m) is None:
                layout[c] = m.tile
                corner.update(m.corners())
                todo.remove(c)
                break
        else:
            raise AssertionError(f"no cell of {todo} fits")
    return layout, corner


def test_the_rule_card_examples_score_what_their_labels_say():
    for example, options, want in (
        (triominoes_hexagon(), SPANISH, (1, 0)),
        (triominoes_hexagon(), ENGLISH, (1, 0)),
        (triominoes_bridge(), SPANISH, (0, 1)),
        (triominoes_bridge(), ENGLISH, (0, 1)),
    ):
        layout, corner = _build([c for c in example.cells if c != example.new], example.numbers)
        assert len(set(layout.values())) == len(layout)  # real, different tiles
        m = Place.reading_at(
            [example.numbers[v] for v in clockwise_corners(example.new)], example.new
        )
        assert placement_problem(layout, corner, m) is None
        s = score_placement(layout, corner, m, options)
        assert (s.hexagons, s.bridges) == want


# -- openings ----------------------------------------------------------------------------


def hands_of(*codes: str) -> list[list[Tile]]:
    return [[T(c) for c in h.split()] for h in codes]


# Two players, nine tiles each.  Player 1 holds 5-5-5; no tile of either hand has two 5s, so
# after the opening nobody can lay a tile on 5-5-5 (every edge shows 5 and 5).
H5 = hands_of(
    "0-0-1 0-0-2 0-0-3 0-1-1 0-1-2 0-1-3 0-2-2 0-2-3 0-3-3",
    "5-5-5 1-1-1 1-1-2 1-1-3 1-2-2 1-2-3 1-3-3 2-2-2 2-2-3",
)


def test_highest_triple_opens_and_scores_ten_more():
    for options in (SPANISH, ENGLISH):
        g = TriominoesGame(options, 2, hands=H5, seed=1)
        assert g.turn == "player 2" and g.turn_index == 1 and g.opening == T("5-5-5")
        assert [m.text() for m in g.legal_moves()] == ["5-5-5 @ (0,0)"]
        with pytest.raises(IllegalMoveError, match="opens with 5-5-5"):
            g.play("1-1-1 @ (0,0)")
        assert g.play("5-5-5 @ (4,-3)") == 15 + 10  # the first tile may go anywhere
        assert g.scores() == {"player 1": 0, "player 2": 25} and g.turn == "player 1"


def test_zero_triple_opening_differs_by_preset():
    hands = hands_of(
        "0-0-0 0-0-1 0-0-2 0-0-3 0-0-4 0-0-5 0-1-1 0-1-2 0-1-3",
        "0-1-4 0-1-5 0-2-2 0-2-3 0-2-4 0-2-5 0-3-3 0-3-4 0-3-5",
    )
    g = TriominoesGame(SPANISH, 2, hands=hands, seed=1)
    assert g.opening == T("0-0-0") and g.play("0-0-0 @ (0,0)") == 40  # 002: 30 + 10
    g = TriominoesGame(ENGLISH, 2, hands=hands, seed=1)
    assert g.play("0-0-0 @ (0,0)") == 10


def test_without_a_triple_the_highest_total_opens():
    hands = hands_of(
        "3-4-5 0-0-1 0-0-2 0-0-3 0-0-4 0-0-5 0-1-1 0-1-2 0-1-3",
        "2-5-5 0-1-4 0-1-5 0-2-2 0-2-3 0-2-4 0-2-5 0-3-3 0-3-4",
    )
    # 3-4-5 and 2-5-5 both total 12: the higher top numbers (5, 5) win.
    assert opening_tile(hands) == (1, T("2-5-5"))
    g = TriominoesGame(SPANISH, 2, hands=hands, seed=1)
    assert g.play(Place(T("2-5-5"), Cell(0, 0), 1)) == 12  # 002: no bonus
    g = TriominoesGame(ENGLISH, 2, hands=hands, seed=1)
    assert g.play(Place(T("2-5-5"), Cell(0, 0), 2)) == 22  # 003: the opener's bonus


# -- drawing and passing -----------------------------------------------------------------


def _rest_pool(hands, first=()):
    dealt = {t for h in hands for t in h}
    rest = [t for t in TILES if t not in dealt and t not in first]
    return list(first) + rest


NO_PAIR_OF_FIVES = [T(c) for c in ("0-0-4", "0-1-4", "0-2-4")]


def test_spanish_three_draws_then_minus_25():
    g = TriominoesGame(SPANISH, 2, hands=H5, pool=_rest_pool(H5, NO_PAIR_OF_FIVES))
    g.play("5-5-5 @ (0,0)")
    assert g.legal_moves() == [Draw()]
    with pytest.raises(IllegalMoveError, match="draw a tile first"):
        g.play("pass")
    for k in range(3):
        assert g.play("draw") == -5 and g.turn == "player 1" and g.draws == k + 1
    with pytest.raises(IllegalMoveError, match="already drew 3"):
        g.play("draw")
    assert g.legal_moves() == [Pass()]
    assert g.play("pass") == -25
    assert g.scores() == {"player 1": -40, "player 2": 25} and g.turn == "player 2"
    assert len(g.hand(0)) == 12


def test_english_draws_until_a_tile_fits():
    fits = T("4-5-5")
    g = TriominoesGame(ENGLISH, 2, hands=H5, pool=_rest_pool(H5, NO_PAIR_OF_FIVES + [fits]))
    g.play("5-5-5 @ (0,0)")
    for _ in range(4):
        g.play("draw")
    assert g.hand(0)[-1] == fits
    moves = g.legal_moves()
    assert moves and all(isinstance(m, Place) and m.tile == fits for m in moves)
    with pytest.raises(IllegalMoveError, match="no drawing while a tile fits"):
        g.play("draw")
    with pytest.raises(IllegalMoveError, match="no passing while a tile fits"):
        g.play("pass")
    assert g.play(moves[0]) == 14
    assert g.scores() == {"player 1": -20 + 14, "player 2": 25}


def test_drawing_while_able_is_an_option():
    fits = T("4-5-5")
    hands = [list(H5[0]), list(H5[1])]
    hands[0][0] = fits
    pool = _rest_pool(hands)
    g = TriominoesGame(SPANISH, 2, hands=hands, pool=pool)
    g.play("5-5-5 @ (0,0)")
    assert g.legal_moves() and Draw() not in g.legal_moves()
    g = TriominoesGame(replace(SPANISH, draw_when_able=True), 2, hands=hands, pool=pool)
    g.play("5-5-5 @ (0,0)")
    assert Draw() in g.legal_moves() and g.play(Draw(pool[0])) == -5


def test_named_draws_must_be_in_the_pool():
    g = TriominoesGame(SPANISH, 2, hands=H5, seed=3)
    g.play("5-5-5 @ (0,0)")
    with pytest.raises(IllegalMoveError, match="0-0-1 cannot be drawn"):
        g.play("draw 0-0-1")
    g.play(Draw(g.pool[5]))


# -- ends of rounds ----------------------------------------------------------------------

# Three players with four tiles each (hand size is an option); after player 2 opens with
# 5-5-5 the hands total 15, 23 and 27, as in 002's blocked-round example.  No tile has two
# 5s, so nothing fits next to 5-5-5.
H3 = hands_of("0-0-0 0-0-1 0-0-2 3-4-5", "5-5-5 0-0-3 0-2-5 4-4-5", "0-0-4 0-0-5 0-1-5 4-4-4")


def four_each(options: TriominoesOptions) -> TriominoesOptions:
    return replace(options, hand_sizes=((3, 4),))


def _blocked(options):
    g = TriominoesGame(four_each(options), 3, hands=H3, seed=1, auto_deal=False)
    g.play("5-5-5 @ (0,0)")
    g.pool.clear()  # as if the pool had run out
    totals = [sum(t.total for t in g.hand(p)) for p in range(3)]
    assert totals == [15, 23, 27]
    for _ in range(3):
        assert g.legal_moves() == [Pass()]
        assert g.play("pass") == -10
    assert g.round_over() and g.round_ends == ["blocked"]
    return g, totals


def test_spanish_blocked_round_lowest_hand_wins_the_differences():
    g, totals = _blocked(SPANISH)
    low = totals.index(15)
    # 002: (23 - 15) + (27 - 15) = 20.
    assert g.ledger[-1].player == g.players[low] and g.ledger[-1].points == 20
    expected = [-10] * 3
    expected[1] += 25
    expected[low] += 20
    assert list(g.scores().values()) == expected
    with pytest.raises(IllegalMoveError, match="round is over"):
        g.play("pass")


def test_english_blocked_round_everyone_loses_their_hand():
    g, totals = _blocked(ENGLISH)
    expected = [-10 - t for t in totals]
    expected[1] += 25
    assert list(g.scores().values()) == expected


def test_going_out_scores_25_and_the_other_hands():
    for adds, bonus in ((True, 25 + 15 + 23), (False, 25)):
        g = TriominoesGame(
            replace(four_each(SPANISH), going_out_adds_hands=adds),
            3,
            hands=H3,
            seed=1,
            auto_deal=False,
        )
        g.play("5-5-5 @ (0,0)")
        assert g.turn == "player 3"
        g.hands[2] = [T("4-5-5")]  # as if player 3 had one tile left
        assert g.play(g.legal_moves()[0]) == 14
        assert g.round_ends == ["out"] and g.round_over() and not g.is_over()
        assert g.ledger[-1].player == "player 3" and g.ledger[-1].points == bonus
        want = {"player 1": 0, "player 2": 25, "player 3": 14 + bonus}
        assert g.scores() == want
        assert g.legal_moves() == []
        g.start_round()
        assert g.round == 2 and len(g.layout) == 0 and g.scores() == want


def test_end_rules_reach_then_finish_round_versus_at_round_end():
    # Player 2 reaches 20 with the opening, then the blocked round takes it below again.
    low = replace(SPANISH, target=20, blocked_rule=BlockedRule.EACH_LOSES_OWN)
    for end_rule, over in ((EndRule.REACH_THEN_FINISH_ROUND, True), (EndRule.AT_ROUND_END, False)):
        g = TriominoesGame(replace(low, end_rule=end_rule), 2, hands=H5, seed=1)
        g.play("5-5-5 @ (0,0)")
        g.pool.clear()
        g.play("pass")
        g.play("pass")
        assert g.scores()["player 2"] < 20 and g.round_ends == ["blocked"]
        assert g.is_over() is over
        if over:
            assert g.turn is None and g.outcome() == Outcome(
                ("player 2",), "a score reached 20 and round 1, the last, ended"
            )
        else:
            assert g.outcome() is None
        assert g.round == (1 if over else 2)  # a new round is dealt when the game goes on


def test_presets_differ_where_the_sources_differ():
    assert set(PRESETS) == {"spanish", "english", "pressman"}
    differ = {
        f
        for f in TriominoesOptions.__dataclass_fields__
        if getattr(SPANISH, f) != getattr(ENGLISH, f)
    }
    assert differ == {
        "opening_bonus_without_triple",
        "zero_triple_opening",
        "max_draws",
        "exhausted_penalty",
        "bridge_rule",
        "blocked_rule",
        "target",
        "end_rule",
    }
    for o in PRESETS.values():
        assert [o.hand_size(n) for n in range(2, 7)] == [9, 7, 7, 6, 6]
        assert (
            o.opening_bonus,
            o.draw_penalty,
            o.empty_pool_penalty,
            o.hexagon_bonus,
            o.bridge_bonus,
            o.going_out_bonus,
        ) == (10, 5, 10, 50, 40, 25)
    with pytest.raises(ValueError, match="2-6 players, got 7"):
        TriominoesGame(SPANISH, 7)


def test_new_game_takes_a_preset_and_option_values():
    g = new_game()
    assert isinstance(g, TriominoesGame) and g.options == SPANISH and len(g.players) == 2
    g = new_game("english", 4, target=300, seed=3)
    assert g.options == replace(ENGLISH, target=300) and len(g.players) == 4
    assert new_game(names=("Ana", "Ben", "Cai")).players == ("Ana", "Ben", "Cai")
    with pytest.raises(PrintkitError, match="presets are"):
        new_game("german")
    with pytest.raises(PrintkitError, match="colour"):
        new_game(colour="red")


def test_presets_by_name_and_options_checked():
    assert preset(" English ") is ENGLISH and preset("spanish") is SPANISH
    with pytest.raises(ValueError, match="presets are: spanish, english"):
        preset("german")
    assert replace(SPANISH, bridge_rule="corners").bridge_rule is BridgeRule.CORNERS
    assert replace(SPANISH, end_rule="at-round-end").end_rule is EndRule.AT_ROUND_END
    with pytest.raises(ValueError):
        replace(SPANISH, blocked_rule="nobody-scores")
    with pytest.raises(ValueError, match="cannot deal 10 tiles to each of 6 players"):
        replace(SPANISH, hand_sizes=((6, 10),))
    with pytest.raises(ValueError, match="max_draws"):
        replace(ENGLISH, max_draws=-1)


# -- whole games -------------------------------------------------------------------------


def _check_position(g: TriominoesGame) -> None:
    held = [t for h in g.hands for t in h] + g.pool + list(g.layout.values())
    assert sorted(held) == sorted(TILES)
    for cell, reading in g.readings.items():
        assert tuple(g.numbers[v] for v in clockwise_corners(cell)) == reading
        assert parse_tile("".join(map(str, reading))) == g.layout[cell]


@settings(max_examples=12, deadline=None)
@given(st.sampled_from(sorted(PRESETS)), st.integers(2, 6), st.integers(0, 2**32 - 1))
def test_random_self_play_is_legal_and_the_scores_add_up(name, players, seed):
    options = PRESETS[name]
    rng = random.Random(seed)
    g = TriominoesGame(options, players, seed=seed)
    reached_in_round = set()
    round_max = {}
    while not g.is_over():
        assert g.round < 60
        moves = g.legal_moves()
        assert moves
        m = rng.choice(moves)
        assert g.why_illegal(m) is None
        if isinstance(m, Place) and g.layout:
            before = g.copy()
            points = g.play(m)
            # Hexagons counted afresh: corners of the new tile with all six cells taken.
            after = set(before.layout) | {m.cell}  # g may already be in a new round
            hexes = sum(1 for v in vertices(m.cell) if all(c in after for c in cells_around(v)))
            shared = sum(1 for n in edge_neighbours(m.cell) if n in before.layout)
            touched = sum(1 for v in vertices(m.cell) if v in before.numbers)
            bonus = points - m.tile.total - options.hexagon_points(hexes)
            assert bonus in (0, 40)
            if options.bridge_rule is BridgeRule.GAP:
                assert (bonus == 40) == (shared == 1 and touched == 3)
            else:
                assert (bonus == 40) == (touched == 3 and hexes == 0)
        else:
            g.play(m)
        if not g.round_over():
            _check_position(g)
        r = g.ledger[-1].round if g.ledger else 1
        if max(g.scores().values()) >= options.target:
            reached_in_round.add(r)
        round_max[r] = max(g.scores().values())
    # The score sheet adds up to the scores.
    for p in g.players:
        assert sum(e.points for e in g.ledger if e.player == p) == g.scores()[p]
    assert len(g.round_ends) == g.round
    # The game ended as its preset says, and not before.
    if options.end_rule is EndRule.REACH_THEN_FINISH_ROUND:
        assert g.round in reached_in_round
        assert not reached_in_round - {g.round}
    else:
        assert max(g.scores().values()) >= options.target
        assert all(round_max[r] < options.target for r in range(1, g.round))


def test_copy_is_independent():
    g = TriominoesGame(ENGLISH, 3, seed=5)
    g.play(g.legal_moves()[0])
    hands, pool, layout = [list(h) for h in g.hands], list(g.pool), dict(g.layout)
    h = g.copy()
    while len(h.layout) < 3 and not h.is_over():
        h.play(h.legal_moves()[0])
    assert len(h.history) > len(g.history) == 1
    assert (g.hands, g.pool, g.layout) == (hands, pool, layout)
    # The same seed deals the same rounds.
    a, b = TriominoesGame(SPANISH, 4, seed=9), TriominoesGame(SPANISH, 4, seed=9)
    assert a.hands == b.hands and a.pool == b.pool


# -- the Game interface ------------------------------------------------------------------


def _positions(seed: int, players: int = 3, upto: int = 40) -> list[TriominoesGame]:
    """A few positions of a random game (copies taken along the way)."""
    rng = random.Random(seed)
    g = TriominoesGame(SPANISH, players, seed=seed, auto_deal=False)
    out = [g.copy()]
    for k in range(upto):
        if g.round_over():
            break
        g.push(rng.choice(g.legal_moves()))
        if k % 8 == 7:
            out.append(g.copy())
    return out


def test_the_engine_is_a_game_with_named_players():
    g = TriominoesGame(ENGLISH, 3, seed=2)
    assert isinstance(g, Game)
    assert g.players == ("player 1", "player 2", "player 3")
    assert g.turn in g.players and g.turn == g.players[g.turn_index]
    assert set(g.scores()) == set(g.players)
    named = TriominoesGame(ENGLISH, names=["Ana", "Ben"], seed=2)
    assert named.players == ("Ana", "Ben") and named.turn in ("Ana", "Ben")
    assert list(named.scores()) == ["Ana", "Ben"]
    assert named.outcome() is None and not named.is_over()
    with pytest.raises(ValueError, match="different player names"):
        TriominoesGame(ENGLISH, 3, names=["Ana", "Ben"])
    with pytest.raises(ValueError, match="different player names"):
        TriominoesGame(ENGLISH, names=["Ana", "Ana"])
    with pytest.raises(InvalidMoveError, match="'lay it'"):
        g.play("lay it")
    with pytest.raises(IllegalMoveError):
        g.play(Pass())


@pytest.mark.parametrize("seed", range(4))
def test_every_legal_move_round_trips_through_its_text(seed):
    for g in _positions(seed):
        moves = g.legal_moves()
        assert moves
        for m in moves:
            assert g.parse_move(g.move_text(m)) == m
            assert parse_move(str(m)) == m
            assert g.is_legal(m) and g.why_illegal(m) is None
        assert g.turn in g.players
        assert set(g.scores()) == set(g.players)


@pytest.mark.parametrize("seed", range(4))
def test_positions_round_trip_through_their_cells(seed):
    for g in _positions(seed):
        cells = g.position_cells()
        assert len(cells) == len(g.layout)
        assert all(parse_tile(v) == g.layout[parse_cell(k)] for k, v in cells.items())
        again = TriominoesGame.from_position_cells(cells)
        assert again.position_cells() == cells
        assert again.numbers == g.numbers
        held = [t for h in again.hands for t in h] + again.pool + list(again.layout.values())
        assert sorted(held) == sorted(TILES)
        if cells:  # the rebuilt game goes on from that layout
            for m in again.legal_moves():
                assert again.why_illegal(m) is None


def test_a_position_with_a_repeated_tile_or_bad_cell_is_refused():
    with pytest.raises(IllegalMoveError, match="two cells"):
        TriominoesGame.from_position_cells({"(0,0)": "1-2-3", "(0,1)": "2-3-1"})
    with pytest.raises(IllegalMoveError, match="already shows"):
        TriominoesGame.from_position_cells({"(0,0)": "1-2-3", "(0,1)": "2-2-4"})
    with pytest.raises(InvalidMoveError, match="'0,0'"):
        TriominoesGame.from_position_cells({"0,0": "1-2-3"})
    with pytest.raises(InvalidMoveError, match="'1-0-2"):
        TriominoesGame.from_position_cells({"(0,0)": "1-0-2"})
    assert TriominoesGame.from_position_cells({}).position_cells() == {}


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_a_finished_game_has_an_outcome(name):
    g = TriominoesGame(PRESETS[name], 2, seed=11)
    rng = random.Random(11)
    while not g.is_over():
        assert g.outcome() is None
        g.play(rng.choice(g.legal_moves()))
    outcome = g.outcome()
    assert isinstance(outcome, Outcome) and g.turn is None and g.legal_moves() == []
    best = max(g.scores().values())
    assert outcome.winners == tuple(p for p, s in g.scores().items() if s == best)
    assert str(PRESETS[name].target) in outcome.reason and f"round {g.round}" in outcome.reason
