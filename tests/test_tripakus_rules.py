"""TriPakus pieces and rules: counts, brute-force cross-checks, random games, messages."""

from __future__ import annotations

import random
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printkit.errors import PrintkitError
from printkit.games.base import Game, IllegalMoveError, InvalidMoveError, Outcome
from printkit.games.tripakus.notation import (
    PASS,
    Pass,
    Placement,
    cell_name,
    parse_cell,
    parse_move,
)
from printkit.games.tripakus.rules import (
    PRESETS,
    TriPakusGame,
    TriPakusOptions,
    check_position,
    find_pieces,
    new_game,
    placements,
    preset,
)
from printkit.geometry.polyiamonds import free_polyiamonds
from printkit.geometry.tri import (
    Cell,
    board_corners,
    canonical,
    edge_neighbours,
    normalise,
    touching,
    transform,
    triangle_board,
    vertices,
)
from printkit.polyiamond_games import engine as engine_module
from printkit.polyiamond_games import pieces as pieces_module
from printkit.polyiamond_games.boards import triangle
from printkit.polyiamond_games.pieces import NAMES, PIECES, piece_by_name, pieces_markdown

A000577 = [1, 1, 1, 3, 4, 12]
A001420 = [2, 3, 6, 14, 36, 94]  # fixed polyiamonds
A006534 = [1, 1, 1, 4, 6, 19]  # one-sided polyiamonds
DOCS = Path(__file__).resolve().parent.parent / "docs"


def P(text: str) -> Placement:
    return Placement.from_text(text)


# --------------------------------------------------------------------------- pieces


def test_pieces_are_the_free_polyiamonds_of_order_1_to_6():
    assert len(PIECES) == 22
    assert [sum(p.order == k for p in PIECES) for k in range(1, 7)] == A000577
    assert sum(p.order for p in PIECES) == 110
    enumerated = {s for k in range(1, 7) for s in free_polyiamonds(k)}
    assert {p.cells for p in PIECES} == enumerated
    for p in PIECES:
        assert canonical(p.cells) == p.cells and len(p.cells) == p.order


def test_name_table_names_exactly_the_enumerated_set():
    table = pieces_module._NAME_OF_SHAPE
    enumerated = {tuple((c.r, c.c) for c in s) for k in range(1, 7) for s in free_polyiamonds(k)}
    assert set(table) == enumerated
    assert sorted(table.values()) == sorted(NAMES)
    assert [p.name for p in PIECES] == list(NAMES)


def test_piece_order_is_by_order_then_name_order():
    keys = [(p.order, NAMES.index(p.name)) for p in PIECES]
    assert keys == sorted(keys)


def test_names_are_short_lowercase_words():
    for name in NAMES:
        assert name == name.lower() and " " not in name and 1 <= len(name) <= 9
    for classical in (
        "bar",
        "crook",
        "crown",
        "sphinx",
        "snake",
        "yacht",
        "chevron",
        "signpost",
        "lobster",
        "hook",
        "hexagon",
        "butterfly",
    ):
        assert piece_by_name(classical).order == 6


def test_named_shapes_have_their_known_properties():
    def cells(name):
        return piece_by_name(name).cells

    # the hexagon: six cells around one vertex
    hexagon = cells("hexagon")
    assert set.intersection(*(set(vertices(c)) for c in hexagon))
    # straight strips lie in one row in canonical form
    for name in ("triamond", "i4", "i5", "bar"):
        assert len({r for r, _ in cells(name)}) == 1
    # t4 is the triangle of side 2
    assert canonical(triangle_board(2)) == cells("t4")
    # the butterfly has two mirror lines and a half turn: 3 orientations
    assert len(piece_by_name("butterfly").orientations()) == 3


def test_orientation_counts_give_fixed_and_one_sided_counts():
    for k in range(1, 7):
        pieces = [p for p in PIECES if p.order == k]
        assert sum(len(p.orientations()) for p in pieces) == A001420[k - 1]
        one_sided = sum(1 if _achiral(p) else 2 for p in pieces)
        assert one_sided == A006534[k - 1]


def _achiral(p):
    rotations = {tuple(sorted(normalise(transform(p.cells, k)))) for k in range(6)}
    return rotations == set(p.orientations())


def test_mirror_symmetric_pieces_match_the_literature():
    # The polyform puzzle literature lists C4, T4, I5, C5 and crown, lobster, butterfly,
    # chevron, hexagon as the pieces of orders 4-6 equal to their mirror images.
    symmetric = {p.name for p in PIECES if p.order >= 4 and _achiral(p)}
    assert symmetric == {
        "c4",
        "t4",
        "i5",
        "c5",
        "crown",
        "lobster",
        "butterfly",
        "chevron",
        "hexagon",
    }


def test_orientations_are_distinct_normalised_images():
    for p in PIECES:
        ors = p.orientations()
        assert len(set(ors)) == len(ors)
        for o in ors:
            assert tuple(sorted(normalise(o))) == o and canonical(o) == p.cells


def test_piece_by_name():
    assert piece_by_name("Crown") is piece_by_name("crown")
    assert piece_by_name(" SPHINX ").name == "sphinx"
    with pytest.raises(ValueError, match=r"'crwon'.*moniamond.*butterfly"):
        piece_by_name("crwon")


def test_pieces_are_immutable():
    with pytest.raises(AttributeError):
        PIECES[0].name = "x"  # type: ignore[misc]


def test_pieces_doc_is_up_to_date():
    text = (DOCS / "pieces.md").read_text(encoding="utf-8")
    assert text == pieces_markdown()
    for p in PIECES:
        assert f"## {p.name} ({p.order})" in text


def test_pictures():
    assert piece_by_name("moniamond").picture() == " /\\\n/__\\"
    assert piece_by_name("diamond").picture() == "   __\n /\\  /\n/__\\/"
    pictures = [p.picture() for p in PIECES]
    assert len(set(pictures)) == 22
    for p, pic in zip(PIECES, pictures, strict=True):
        assert len(pic.splitlines()) == 2 * len({r for r, _ in p.cells}) + (
            any((r + c) % 2 and r == 0 for r, c in p.cells)
        )


# --------------------------------------------------------------------------- placements


@cache
def _brute_force_placements(n: int) -> set[tuple[str, frozenset[Cell]]]:
    """Every image of every piece under the 12 symmetries, slid to every position that fits."""
    board = triangle_board(n)
    found = set()
    for p in PIECES:
        for k in range(12):
            image = normalise(transform(p.cells, k))
            for dr in range(n):
                for dc in range(-n - 1, n + 1):
                    if (dr + dc) % 2 == 0:  # translations keep orientation
                        moved = frozenset(Cell(r + dr, c + dc) for r, c in image)
                        if moved <= board:
                            found.add((p.name, moved))
    return found


def test_placement_count_on_side_19_board():
    ours = {(m.piece, m.cells) for m in placements(19)}
    assert len(placements(19)) == len(ours) == 22304
    assert len(_brute_force_placements(19)) == 22304


@pytest.mark.parametrize("n", [2, 3, 6, 19])
def test_placements_match_brute_force(n):
    assert {(m.piece, m.cells) for m in placements(n)} == _brute_force_placements(n)


@pytest.mark.parametrize("n", [2, 5, 19])
def test_tables_agree_with_the_geometry(n):
    """The shifted bit masks say what the lattice says: each placement's cells, the board
    cells sharing an edge or a corner with it, and which placements cover each cell."""
    t = engine_module._tables(triangle(n))
    board = triangle_board(n)

    def cells(mask: int) -> set[Cell]:
        return {t.cells[b] for b in engine_module._bits(mask)}

    covering: dict[Cell, list[int]] = {}
    for pid, move in enumerate(t.moves):
        assert cells(t.mask[pid]) == move.cells
        assert PIECES[t.piece[pid]].name == move.piece
        near_edge = {x for c in move.cells for x in edge_neighbours(c)} & board - move.cells
        near = {x for c in move.cells for x in touching(c)} & board - move.cells
        assert cells(t.edge[pid]) == near_edge and cells(t.touch[pid]) == near
        assert t.placement_id(t.piece[pid], move.cells) == pid
        for c in move.cells:
            covering.setdefault(c, []).append(pid)
    for cell in board:
        got = [pid for per_piece in t.covering_at(t.index[cell]) for _, pid in per_piece]
        assert sorted(got) == covering.get(cell, [])
        for per_piece in t.covering_at(t.index[cell]):
            assert [pid for _, pid in per_piece] == sorted(pid for _, pid in per_piece)
            assert all(m == t.mask[pid] for m, pid in per_piece)
    # not placements: off the board, the wrong piece, or no piece
    assert t.placement_id(0, [Cell(n, 0)]) is None
    assert t.placement_id(1, [Cell(0, 0)]) is None
    assert t.placement_id(1, [Cell(0, 0), Cell(1, 1)]) is None


def test_placement_ids_follow_board_order():
    """Ids run by piece, then orientation, then the board order of the first cell, so that
    ``legal_moves`` and the example in a refused pass stay as they were."""
    t = engine_module._tables(triangle(6))
    keys = []
    for pid, move in enumerate(t.moves):
        shape = tuple(sorted(normalise(move.cells)))
        orientation = PIECES[t.piece[pid]].orientations().index(shape)
        keys.append((t.piece[pid], orientation, min(move.cells)))
    assert keys == sorted(keys) and len(set(keys)) == len(keys)


def test_checking_a_record_imports_no_numpy():
    code = (
        "import sys; from pathlib import Path; "
        "from printkit.records.check import check_record; "
        "from printkit.records.io import load_record; "
        "check_record(load_record(Path('examples/tripakus-game.txt')), None); "
        "assert 'numpy' not in sys.modules, 'numpy imported'"
    )
    root = Path(__file__).resolve().parent.parent
    done = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


# --------------------------------------------------------------------------- random games


def _random_game(
    seed: int, options: TriPakusOptions | None = None, stop: int | None = None
) -> TriPakusGame:
    rng = random.Random(seed)
    g = TriPakusGame(options)
    while not g.is_over() and (stop is None or len(g.history) < stop):
        g.push(rng.choice(g.legal_moves()))
    return g


@pytest.mark.parametrize("seed,stop", [(1, 0), (2, 2), (3, 7), (4, 25), (5, 40)])
def test_legal_moves_equal_brute_force_filter(seed, stop):
    g = _random_game(seed, stop=stop)
    assert not g.is_over()
    brute = [m for m in placements(19) if g.why_illegal(m) is None]
    legal = g.legal_moves()
    assert legal and set(legal) == set(brute) and len(legal) == len(brute)


def test_legal_moves_equal_brute_force_on_small_board():
    for seed in range(6):
        rng = random.Random(seed)
        g = TriPakusGame(TriPakusOptions(board_size=6))
        while not g.is_over():
            brute = [m for m in placements(6) if g.why_illegal(m) is None]
            legal = g.legal_moves()
            if brute:
                assert set(legal) == set(brute)
            else:
                assert legal == [Pass(g.turn)]
            g.push(rng.choice(legal))


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 10**9))
def test_random_games_replay_legally_and_scores_add_up(seed):
    g = _random_game(seed)
    assert g.is_over() and g.legal_moves() == []
    replay = TriPakusGame()
    for player, move in g.history:
        assert replay.turn == player
        replay.play(move)  # raises if anything is illegal
    assert replay.scores() == g.scores()
    played = sum(len(m.cells) for ms in g.placed.values() for m in ms)
    assert sum(g.scores().values()) == 3 * 110 - played
    for name, ms in g.placed.items():
        assert g.scores()[name] == 110 - sum(len(m.cells) for m in ms)
        assert len({m.piece for m in ms}) == len(ms)
    assert g.problems() == []
    starts = {
        next(iter(m.cells & set(board_corners(19)))) for ms in g.placed.values() for m in ms[:1]
    }
    assert len(starts) == 3  # three players, three corners


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 10**9))
def test_passes_and_skipping_on_a_small_board(seed):
    g = TriPakusGame(TriPakusOptions(board_size=6))
    rng = random.Random(seed)
    blocked: set[str] = set()
    while not g.is_over():
        for name in g.players:
            if name in blocked:
                assert not g.can_move(name)  # a blocked player stays blocked
            elif not g.can_move(name):
                blocked.add(name)
        moves = g.legal_moves()
        if isinstance(moves[0], Pass):
            assert moves == [Pass(g.turn)] and not g.can_move(g.turn)
        else:
            assert g.can_move(g.turn)
            assert not g.is_legal(PASS)
        g.push(rng.choice(moves))
    passers = [p for p, m in g.history if isinstance(m, Pass)]
    assert len(passers) == len(set(passers))  # nobody passes twice
    for p in passers:
        k = next(i for i, (q, m) in enumerate(g.history) if q == p and isinstance(m, Pass))
        assert all(q != p for q, _ in g.history[k + 1 :])  # skipped after passing


def test_a_passed_player_is_skipped():
    # Side 6, found by search: yellow runs out of moves first, then the others play on.
    for seed in range(200):
        g = _random_game(seed, TriPakusOptions(board_size=6))
        hist = g.history
        first_pass = next((k for k, (_, m) in enumerate(hist) if isinstance(m, Pass)), None)
        if first_pass is not None and first_pass < len(hist) - 3:
            break
    else:
        pytest.fail("no game with an early pass")
    passer = hist[first_pass][0]
    after = [p for p, _ in hist[first_pass + 1 :]]
    assert passer not in after and len(after) >= 3


def test_copy_is_independent():
    g = _random_game(9, stop=10)
    h = g.copy()
    h.push(h.legal_moves()[0])
    assert len(h.history) == len(g.history) + 1
    assert g.legal_moves() != h.legal_moves() or g.turn != h.turn
    assert sum(len(v) for v in g.placed.values()) == 10


# --------------------------------------------------------------------------- messages


@pytest.fixture
def opened() -> TriPakusGame:
    """Red on the apex with the moniamond, yellow and blue in the bottom corners."""
    g = TriPakusGame()
    g.play(P("moniamond (0,0)"))
    g.play(P("diamond (18,-18) (18,-17)"))
    g.play(P("diamond (18,17) (18,18)"))
    return g


def _reason(g: TriPakusGame, move) -> str:
    with pytest.raises(IllegalMoveError) as e:
        g.play(move)
    return str(e.value)


def test_first_piece_must_cover_a_free_corner():
    g = TriPakusGame()
    assert "diamond for red must cover a free corner" in _reason(g, P("diamond (5,0) (5,1)"))
    g.play(P("moniamond (0,0)"))
    msg = _reason(g, P("moniamond (0,0)"))
    assert msg == "moniamond for yellow overlaps red's moniamond at (0,0)"
    g.play(P("moniamond (18,18)"))
    assert g.turn == "blue"
    assert "must cover a free corner" in _reason(g, P("moniamond (1,-1)"))


def test_own_edge_contact_is_rejected(opened):
    msg = _reason(opened, P("diamond (1,0) (1,1)"))
    assert msg == "diamond for red touches red's moniamond along an edge at (1,0)"


def test_a_piece_must_touch_an_own_piece_at_a_corner(opened):
    msg = _reason(opened, P("diamond (5,0) (5,1)"))
    assert msg == "diamond for red does not touch any of red's pieces at a corner"
    # touching only an opponent is not enough either
    msg = _reason(opened, P("diamond (17,16) (17,17)"))
    assert "does not touch any of red's pieces at a corner" in msg
    opened.play(P("diamond (1,1) (2,1)"))  # corner contact only: fine


def test_each_piece_once(opened):
    assert _reason(opened, P("moniamond (1,1)")) == "moniamond for red was already played"


def test_wrong_shape_and_off_board(opened):
    assert "the cells form a sphinx, not a crown" in _reason(
        opened, Placement("crown", piece_by_name("sphinx").cells)
    )
    assert "2 cells given, the piece has 3" in _reason(opened, P("triamond (1,1) (2,1)"))
    assert "not one connected piece" in _reason(opened, P("diamond (1,1) (1,-1)"))
    assert _reason(opened, P("triamond (0,1) (0,2) (0,3)")) == (
        "triamond for red lies off the board at (0,1)"
    )


def test_unknown_piece(opened):
    msg = _reason(opened, P("blob (1,1)"))
    assert "red cannot play 'blob'" in msg and "moniamond" in msg and "butterfly" in msg


def test_pass_while_a_move_exists_is_rejected(opened):
    msg = _reason(opened, PASS)
    assert msg.startswith("pass for red while red can still place a piece, for example ")
    assert _reason(opened, Pass("yellow")) == "pass for yellow, but it is red's turn"


def test_overlap_names_the_owner(opened):
    opened.play(P("diamond (1,1) (2,1)"))
    msg = _reason(opened, P("moniamond (2,1)"))
    assert msg == "moniamond for yellow overlaps red's diamond at (2,1)"


def test_end_of_game_on_the_smallest_board():
    g = TriPakusGame(TriPakusOptions(board_size=2))
    for text in ("moniamond (0,0)", "moniamond (1,-1)", "moniamond (1,1)"):
        g.play(P(text))
    # the last cell (1,0) shares an edge with every corner: nobody can move
    assert g.is_over() and g.legal_moves() == []
    assert g.scores() == {"red": 109, "yellow": 109, "blue": 109}
    assert g.winners() == ("red", "yellow", "blue")
    assert g.turn is None and g.outcome() == Outcome(
        ("red", "yellow", "blue"), "no player can place a piece"
    )
    for name in ("red", "yellow", "blue"):  # closing passes are accepted, once each
        assert g.mover == name
        g.play(Pass(name))
    assert "game is over" in _reason(g, PASS)


def test_pushing_a_non_placement_fails_clearly():
    g = TriPakusGame()
    with pytest.raises(IllegalMoveError, match="not a placement on the board"):
        g.push(P("diamond (30,0) (30,1)"))


# --------------------------------------------------------------------------- scores


def _greedy_solo(first: str | None, bonus: bool) -> TriPakusGame:
    """One player alone, largest pieces first (the moniamond last unless played first)."""
    g = TriPakusGame(TriPakusOptions(players=("red",), tournament_bonus=bonus))
    if first:
        g.play(P(first))
    rng = random.Random(0)
    while not g.is_over():
        moves = g.legal_moves()
        big = max(len(m.cells) for m in moves)
        g.play(rng.choice([m for m in moves if len(m.cells) == big]))
    assert len(g.placed["red"]) == 22
    return g


def test_tournament_bonus():
    last_single = _greedy_solo(None, bonus=True)
    assert last_single.placed["red"][-1].piece == "moniamond"
    assert last_single.scores() == {"red": -15}
    first_single = _greedy_solo("moniamond (0,0)", bonus=True)
    assert first_single.placed["red"][-1].piece != "moniamond"
    assert first_single.scores() == {"red": -10}
    assert _greedy_solo(None, bonus=False).scores() == {"red": 0}


def test_no_bonus_without_all_pieces():
    g = _random_game(11, PRESETS["tournament"])
    for name, ms in g.placed.items():
        if len(ms) < 22:
            assert g.scores()[name] == 110 - sum(len(m.cells) for m in ms)


# --------------------------------------------------------------------------- text


@settings(max_examples=60)
@given(st.sampled_from(placements(19)))
def test_placement_text_round_trips(move):
    text = str(move)
    assert parse_move(text) == move
    assert str(parse_move(text)) == text
    assert eval(repr(move), {"Placement": Placement}) == move


def test_placement_text_form():
    m = Placement("CROWN", {(12, -2), (12, -3), (13, -3)})
    assert str(m) == "crown (12,-3) (12,-2) (13,-3)"
    assert parse_move(" crown ( 12 , -3 )(12,-2) (13,-3) ") == m


def test_pass_text():
    assert parse_move("pass") == PASS and str(PASS) == "pass"
    assert parse_move("PASS Red") == Pass("red") and str(Pass("red")) == "pass red"


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "crown",
        "crown (1,2",
        "crown (1,2) x",
        "pass red blue",
        "(1,2)",
        "crown (1,2) (1,2)",
    ],
)
def test_bad_move_text(text):
    with pytest.raises(InvalidMoveError):
        parse_move(text)


# --------------------------------------------------------------------------- options


def test_options_and_presets():
    assert preset("standard") == TriPakusOptions()
    assert preset("Tournament").tournament_bonus and not PRESETS["standard"].tournament_bonus
    with pytest.raises(ValueError, match="unknown TriPakus preset 'fast'.*standard"):
        preset("fast")
    with pytest.raises(ValueError, match="differ"):
        TriPakusOptions(players=("red", "red"))
    with pytest.raises(ValueError, match="one to three"):
        TriPakusOptions(players=("a", "b", "c", "d"))
    with pytest.raises(ValueError, match="board_size"):
        TriPakusOptions(board_size=1)
    with pytest.raises(AttributeError):
        TriPakusOptions().board_size = 5  # type: ignore[misc]
    g = TriPakusGame(TriPakusOptions(players=("ann", "bob", "cy")))
    assert g.turn == "ann"


# --------------------------------------------------------------------------- static check


def test_check_position_reports_everything_at_once():
    position = {
        "red": [
            P("moniamond (0,0)"),
            P("diamond (1,0) (1,1)"),
            P("i4 (5,0) (5,1) (5,2) (5,3)"),
            P("i4 (7,0) (7,1) (7,2) (7,3)"),
        ],
        "yellow": [
            P("diamond (18,-18) (18,-17)"),
            P("triamond (18,-17) (18,-16) (18,-15)"),
            Placement("crown", piece_by_name("sphinx").cells),
            P("blob (3,3)"),
        ],
        "blue": [P("diamond (18,18) (18,19)")],
        "green": [P("moniamond (18,0)")],
    }
    problems = check_position(position)
    rules = {(p.rule, p.player) for p in problems}
    assert ("edge-contact", "red") in rules
    assert ("duplicate", "red") in rules
    assert ("unchained", "red") in rules
    assert ("overlap", "yellow") in rules
    assert ("shape", "yellow") in rules
    assert ("unknown-piece", "yellow") in rules
    assert ("off-board", "blue") in rules
    assert ("unknown-player", "green") in rules
    text = [str(p) for p in problems]
    assert "diamond for red touches red's moniamond along an edge at (1,0)" in text
    assert "triamond for yellow overlaps yellow's diamond at (18,-17)" in text
    assert "diamond for blue lies off the board at (18,19)" in text


def test_check_position_of_legal_play_is_clean():
    assert check_position(_random_game(21).placed) == []
    # Moving red's latest piece (no other piece hangs on it) away from red is caught.
    g = _random_game(22, stop=15)
    assert check_position(g.placed) == []
    red = list(g.placed["red"])
    taken = {c for ms in g.placed.values() for m in ms for c in m.cells}
    near_red = {x for m in red[:-1] for c in m.cells for x in touching(c)}
    red[-1] = next(
        m for m in placements(19) if m.piece == red[-1].piece and not m.cells & (taken | near_red)
    )
    problems = check_position({**g.placed, "red": red})
    assert [(p.rule, p.player, p.piece) for p in problems] == [("unchained", "red", red[-1].piece)]


def test_rules_doc_examples():
    text = (DOCS / "rules-tripakus.md").read_text(encoding="utf-8")
    assert "110 triangles" in text and "22,304 placements" in text
    example = parse_move("crown (12,-2) (12,-1) (12,0) (12,1) (12,2) (13,0)")
    assert f"`{example}`" in text and example in placements(19)
    assert "`diamond for red touches red's moniamond along an edge at (1,0)`" in text


# --------------------------------------------------------------------------- the Game interface


def _positions() -> list[TriPakusGame]:
    """Games at several stages: the start, early, middle, late and over."""
    return [
        _random_game(31, stop=0),
        _random_game(32, stop=3),
        _random_game(33, stop=20),
        _random_game(34, stop=45),
        _random_game(35),
    ]


def test_the_engine_is_a_game():
    g = TriPakusGame()
    assert isinstance(g, Game)
    assert g.players == ("red", "yellow", "blue") and g.turn == "red"
    assert repr(g) == "<TriPakusGame 0 moves, turn='red'>"
    assert isinstance(new_game(), TriPakusGame) and new_game().players == g.players
    assert new_game("tournament", board_size=7).options == TriPakusOptions(7, tournament_bonus=True)
    with pytest.raises(PrintkitError, match="unknown TriPakus preset 'fast'"):
        new_game("fast")
    with pytest.raises(PrintkitError, match="bad TriPakus options"):
        new_game(colour="red")


@pytest.mark.parametrize("k", range(5))
def test_every_legal_move_text_round_trips(k):
    g = _positions()[k]
    moves = g.legal_moves() or [Pass(g.mover)]
    for move in moves:
        text = g.move_text(move)
        assert g.parse_move(text) == move and str(move) == text
    assert all(len(repr(m)) < 100 for m in moves)


def test_turn_names_a_player_and_scores_are_keyed_by_players():
    for g in _positions():
        assert set(g.scores()) == set(g.players) and list(g.scores()) == list(g.players)
        if g.is_over():
            assert g.turn is None and g.legal_moves() == []
        else:
            assert g.turn in g.players and g.turn == g.mover


def test_outcome_of_a_finished_game():
    g = _random_game(35)
    assert g.is_over()
    outcome = g.outcome()
    assert isinstance(outcome, Outcome) and outcome.winners == g.winners()
    best = min(g.scores().values())
    assert outcome.winners and all(g.scores()[p] == best for p in outcome.winners)
    assert outcome.reason == "no player can place a piece"
    assert _random_game(35, stop=5).outcome() is None


def test_position_cells_round_trip():
    for g in _positions():
        cells = g.position_cells()
        assert len(cells) == sum(len(m.cells) for ms in g.placed.values() for m in ms)
        assert all(name.startswith("(") and colour in g.players for name, colour in cells.items())
        again = TriPakusGame.from_position_cells(cells)
        assert again.position_cells() == cells
        assert again.scores() == g.scores()
        assert {p: {m.piece for m in ms} for p, ms in again.placed.items()} == {
            p: {m.piece for m in ms} for p, ms in g.placed.items()
        }
        assert again.is_over() == g.is_over()
        if not g.is_over():
            assert set(again.legal_moves()) == set(g.legal_moves()) or again.turn != g.turn


def test_from_position_cells_gives_the_turn_to_the_fewest_pieces():
    g = TriPakusGame()
    g.play(P("moniamond (0,0)"))
    again = TriPakusGame.from_position_cells(g.position_cells())
    assert again.turn == "yellow" and set(again.legal_moves()) == set(g.legal_moves())
    assert TriPakusGame.from_position_cells({}).turn == "red"


def test_from_position_cells_refuses_what_is_no_position():
    with pytest.raises(InvalidMoveError, match="'green' at \\(0,0\\) is not a player"):
        TriPakusGame.from_position_cells({"(0,0)": "green"})
    with pytest.raises(InvalidMoveError, match="'0;0' is not a cell"):
        TriPakusGame.from_position_cells({"0;0": "red"})
    with pytest.raises(InvalidMoveError, match="form no TriPakus piece"):
        TriPakusGame.from_position_cells(
            {f"(1,{c})": "red" for c in range(-1, 2)}
            | {"(0,0)": "red", "(2,0)": "red", "(2,1)": "red", "(2,-1)": "red", "(3,0)": "red"}
        )
    with pytest.raises(IllegalMoveError, match="not linked to a corner"):
        TriPakusGame.from_position_cells({"(5,0)": "red"})


def test_find_pieces_splits_patches_by_colour():
    cells = {Cell(0, 0): "red", Cell(1, 0): "yellow", Cell(1, 1): "yellow", Cell(1, -1): "red"}
    placed, loose = find_pieces(cells)
    assert loose == []
    assert placed == {
        "red": [P("moniamond (0,0)"), P("moniamond (1,-1)")],
        "yellow": [P("diamond (1,0) (1,1)")],
    }
    placed, loose = find_pieces({Cell(r, c): "red" for r in range(3) for c in range(-r, r + 1)})
    assert placed == {} and loose == [("red", frozenset(triangle_board(3)))]


def test_cell_names():
    assert cell_name(Cell(12, -3)) == "(12,-3)" == str(Cell(12, -3))
    assert parse_cell(" ( 12 , -3 ) ") == Cell(12, -3)
    with pytest.raises(InvalidMoveError, match="'12,-3x' is not a cell"):
        parse_cell("12,-3x")


def test_invalid_move_text_is_quoted():
    for text in ("", "crown (1,2) x", "pass red blue"):
        with pytest.raises(InvalidMoveError) as e:
            TriPakusGame().parse_move(text)
        assert repr(text) in str(e.value)
