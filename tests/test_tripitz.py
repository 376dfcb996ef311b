"""Tripitz Domino: the 64 pids, the 102-cavity board, and the rules against the seed's example."""

from __future__ import annotations

import random
from itertools import combinations, product
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printkit.games.base import Game, IllegalMoveError, InvalidMoveError, Outcome
from printkit.games.tripitz.board import TripitzBoard
from printkit.games.tripitz.notation import (
    Exchange,
    JokerSwap,
    Pass,
    Place,
    cavity_name,
    move_text,
    parse_cavity,
    parse_move,
)
from printkit.games.tripitz.pids import (
    JOKERS,
    PIDS,
    Pid,
    Symbol,
    SymbolColour,
    TokenColour,
    completions,
    is_valid_set,
    parse_pid,
)
from printkit.games.tripitz.rules import (
    DEFAULT_CENTRE,
    PRESETS,
    SHORTENED,
    LineRule,
    TripitzGame,
    TripitzOptions,
    new_game,
    score_placement,
)
from printkit.geometry.hexgrid import AXES, Hex, distance, hexagon_region, region_side_lengths

P = parse_pid

# -- pids --------------------------------------------------------------------------------


def test_sixty_four_unique_pids_and_four_jokers():
    assert len(PIDS) == len(set(PIDS)) == 64
    assert {(p.colour, p.symbol, p.symbol_colour) for p in PIDS} == set(
        product(TokenColour, Symbol, SymbolColour)
    )
    assert len({p.code for p in PIDS + JOKERS}) == 68
    assert {j.colour for j in JOKERS} == set(TokenColour) and all(j.is_joker for j in JOKERS)


def test_code_letters_are_unambiguous():
    letters = [v.value for prop in (TokenColour, Symbol, SymbolColour) for v in prop]
    assert len(letters) == len(set(letters)) == 12
    assert "J" not in letters  # the joker mark
    assert P("BTL") == Pid(TokenColour.BLUE, Symbol.TRIANGLE, SymbolColour.LIGHT_BLUE)
    assert P("RTW").describe() == "red token, white triangle"


@given(st.sampled_from(PIDS + JOKERS))
def test_codes_round_trip(pid):
    assert parse_pid(pid.code) == pid
    assert parse_pid(pid.code.lower()) == pid
    assert repr(pid) == f"parse_pid({pid.code!r})"


@pytest.mark.parametrize(
    "code,words",
    [("RT", "three letters"), ("XTW", "'X'"), ("RTB", "'B'"), ("RJW", "'J'"), ("", "three")],
)
def test_bad_codes_are_refused_naming_them(code, words):
    with pytest.raises(ValueError) as err:
        parse_pid(code)
    assert repr(code) in str(err.value) and words in str(err.value)


def _differences(a: Pid, b: Pid) -> int:
    return sum(x != y for x, y in zip(a, b, strict=True))


def test_two_pids_are_completed_by_two_to_the_number_of_differences():
    # Each differing property leaves 2 of its 4 values for the third pid, so there are 2**d
    # completions: never exactly one (the seed's own example finds 8).
    for a, b in combinations(PIDS, 2):
        found = completions((a, b))
        d = _differences(a, b)
        assert len(found) == 2**d
        assert all(is_valid_set((a, b, c)) for c in found)


def test_a_triple_is_completed_by_exactly_one_pid():
    triples = [t for t in combinations(PIDS, 3) if is_valid_set(t)]
    # Each valid triple has one completion, and each quadruple holds four triples.
    quads = {frozenset(t + completions(t)) for t in triples}
    assert all(len(completions(t)) == 1 for t in triples)
    assert all(is_valid_set(tuple(q)) for q in quads)
    assert len(triples) == 4 * len(quads)
    # Counted by hand: with k properties all different (k = 1, 2, 3) and the others shared,
    # there are C(3,k) * 4**(3-k) * 24**(k-1) quadruples: 48 + 288 + 576 = 912.
    assert len(quads) == 912


def test_the_seed_missing_pid_examples():
    # Pairs rebuilt from the seed's words; the pictures are lost, so which symbol sits with
    # which colour is unknown, and does not change the answer.
    cases = [
        (("GTN", "GCN"), {"GMN", "GSN"}),
        (("RML", "BML"), {"YML", "GML"}),
        (("RTK", "YSK"), {"BCK", "BMK", "GCK", "GMK"}),
        (("RCW", "RMK"), {"RTN", "RTL", "RSN", "RSL"}),
        (("YTK", "BCL"), {c + s + k for c in "RG" for s in "MS" for k in "WN"}),
    ]
    for pair, expected in cases:
        assert {p.code for p in completions(map(P, pair))} == expected
    assert len(cases[-1][1]) == 8  # "a total of 8 solutions"


def test_the_seed_quadruple_examples():
    # 1: three red, different symbols and symbol colours; 2: all different; 3: three white
    # moons of different token colours.  Each is completed by one pid, as the seed says.
    assert completions(map(P, ("RTW", "RCK", "RMN"))) == (P("RSL"),)
    assert completions(map(P, ("RTW", "YCK", "BMN"))) == (P("GSL"),)
    assert completions(map(P, ("RMW", "YMW", "BMW"))) == (P("GMW"),)


def test_sets_need_distinct_printed_pids():
    red = P("RTW")
    assert not is_valid_set((red, red, red))
    assert not is_valid_set((P("RJJ"), P("YJJ"), P("BJJ")))
    assert not is_valid_set((P("RTW"), P("YCK")))
    assert is_valid_set(DEFAULT_CENTRE)


# -- the board ---------------------------------------------------------------------------

BOARD = TripitzBoard()


def test_board_has_102_cavities_in_the_seed_shape():
    assert len(BOARD) == 102
    assert region_side_lengths(BOARD.cavities) == (6, 6, 7, 6, 6, 7)
    assert [len(r) for r in BOARD.rows()] == [6, 7, 8, 9, 10, 11, 11, 10, 9, 8, 7, 6]


def test_cavity_numbers_read_row_by_row():
    numbers = [BOARD.cavity_number(h) for row in BOARD.rows() for h in row]
    assert numbers == list(range(1, 103))
    for k in range(1, 103):
        assert BOARD.cavity_number(BOARD.cavity_at(k)) == k
    # Left to right: x = 2q + r grows along each row.
    for row in BOARD.rows():
        xs = [2 * h.q + h.r for h in row]
        assert xs == sorted(xs) and len({h.r for h in row}) == 1
    for bad in (0, 103, -1):
        with pytest.raises(ValueError, match=str(bad)):
            BOARD.cavity_at(bad)
    with pytest.raises(ValueError, match="not a cavity"):
        BOARD.cavity_number(Hex(40, 40))


def test_centre_is_a_rhombus_round_the_middle():
    centre = sorted(BOARD.centre, key=BOARD.cavity_number)
    assert [BOARD.cavity_number(h) for h in centre] == [45, 46, 57, 58]
    pairs = [distance(a, b) for a, b in combinations(centre, 2)]
    assert sorted(pairs) == [1, 1, 1, 1, 1, 2]  # four sides and one short diagonal
    # The board is symmetric under the half turn about the middle of the rhombus.
    sq = sum(h.q for h in centre)
    sr = sum(h.r for h in centre)
    assert sq % 2 == 0 and sr % 2 == 0
    turned = {Hex(sq // 2 - h.q, sr // 2 - h.r) for h in BOARD.cavities}
    assert turned == set(BOARD.cavities)
    assert {Hex(sq // 2 - h.q, sr // 2 - h.r) for h in centre} == BOARD.centre


def test_outer_ring_is_the_edge():
    assert len(BOARD.outer) == 2 * (6 + 6 + 7) - 6
    for h in BOARD.cavities:
        assert (h in BOARD.outer) == (len(BOARD.neighbours(h)) < 6)
    assert not BOARD.outer & BOARD.centre


def test_board_shape_is_a_parameter():
    small = TripitzBoard((3, 3, 3))
    assert set(small.cavities) == hexagon_region(3, 3, 3) and len(small) == 19
    assert len(small.centre) == 4 and len(small.outer) == 12


# -- scoring -----------------------------------------------------------------------------

# The seed's worked example, rebuilt (its pictures are lost): four start pids on the centre
# cavities 45, 46, 57, 58, then six moves by two players.  The descriptions are the seed's.
EXAMPLE_CENTRE = ("RTW", "YCK", "GSL", "BCN")
EXAMPLE_MOVES = [  # move, triples, quadruples, touches, points
    ("RCW@35", 1, 0, 2, 2),
    ("RMW@56", 2, 0, 2, 4),
    ("GCL@25", 0, 1, 1, 3),
    ("YMN@34", 1, 0, 3, 3),
    ("RSW@44", 1, 0, 3, 3),
    ("BTK@55", 1, 1, 2, 8),
]


def _example_game(options=None) -> TripitzGame:
    centre = [P(c) for c in EXAMPLE_CENTRE]
    own = [[parse_move(m).pid for m, *_ in EXAMPLE_MOVES[i::2]] for i in (0, 1)]
    rest = [p for p in PIDS if p not in centre and p not in own[0] + own[1]]
    hands = [own[0] + rest[:4], own[1] + rest[4:8]]
    return TripitzGame(options, centre=centre, hands=hands, bag=rest[8:])


def test_the_seed_worked_example():
    game = _example_game()
    for text, triples, quads, touches, points in EXAMPLE_MOVES:
        score = game.play(text)
        assert (score.triples, score.quadruples, score.touches, score.outer) == (
            triples,
            quads,
            touches,
            False,
        )
        assert score.points == points
    assert game.scores() == {"player 1": 2 + 3 + 3, "player 2": 4 + 3 + 8}


def _run_lengths(occupied, h):
    out = []
    for step in AXES:
        n = 1
        for sign in (1, -1):
            for c in BOARD.ray(h, (sign * step[0], sign * step[1])):
                if c not in occupied:
                    break
                n += 1
        out.append(n)
    return out


def test_the_run_rule_cannot_reproduce_the_worked_example():
    # Under RUN a line scores only when its whole run has 3 (triple) or 4 (quadruple) pids.
    # Whatever the pids, each described move then needs a cavity with that many touches and
    # at least that many runs of 3 and of 4.  No sequence of six such cavities exists from
    # the four centre cavities, so the seed cannot have meant RUN: WINDOWS is the default.
    wanted = [(t, q, n) for _, t, q, n, _ in EXAMPLE_MOVES]
    reached = [0] * 7

    def extend(occupied, k):
        reached[k] += 1
        if k == 6:
            return
        t, q, touches = wanted[k]
        for h in BOARD.cavities:
            if h in occupied or h in BOARD.outer:
                continue
            if sum(n in occupied for n in BOARD.neighbours(h)) != touches:
                continue
            runs = _run_lengths(occupied, h)
            if runs.count(3) >= t and runs.count(4) >= q:
                extend(occupied | {h}, k + 1)

    extend(frozenset(BOARD.centre), 0)
    assert reached[5] > 0 and reached[6] == 0
    game = _example_game(TripitzOptions(line_rule=LineRule.RUN))
    for text, *_ in EXAMPLE_MOVES[:5]:
        game.play(text)
    assert game.play(EXAMPLE_MOVES[5][0]).points == 6  # the quadruple alone


def _line_score(pids, at, rule):
    """Score of one straight line laid on the board's middle row, placing pids[at] last."""
    row = BOARD.rows()[5]
    cells = {row[i]: P(c) for i, c in enumerate(pids) if i != at}
    s = score_placement(BOARD, cells, P(pids[at]), row[at], rule)
    return s.triples, s.quadruples


def test_line_rules_differ_on_long_and_invalid_runs():
    quad = ["RTW", "YCK", "BMN", "GSL"]
    assert _line_score(quad, 3, LineRule.RUN) == (0, 1)
    assert _line_score(quad, 3, LineRule.WINDOWS) == (0, 1)  # its triples are not added
    broken = ["RTW", "YCK", "BMN", "RCW"]  # first three valid, the four not
    assert not is_valid_set([P(c) for c in broken])
    assert _line_score(broken, 2, LineRule.RUN) == (0, 0)
    assert _line_score(broken, 2, LineRule.WINDOWS) == (1, 0)
    five = ["RCW", "RTW", "YCK", "BMN", "GSL"]  # a run of 5 is never a valid set
    assert _line_score(five, 4, LineRule.RUN) == (0, 0)
    assert _line_score(five, 4, LineRule.WINDOWS) == (0, 1)
    # Placed in the middle of five: the quadruple [0:4] counts, [1:5] is not valid, and of
    # the triples only [2:5] lies outside the counted quadruple.
    middle = ["GSL", "RTW", "YCK", "BMN", "GSW"]
    assert _line_score(middle, 2, LineRule.WINDOWS) == (1, 1)


def test_outer_ring_doubles():
    corner = BOARD.cavity_at(1)
    assert corner in BOARD.outer
    a, b = list(BOARD.ray(corner, (1, 0)))[:2]
    cells = {a: P("RTW"), b: P("YCK")}
    s = score_placement(BOARD, cells, P("BMN"), corner)
    assert (s.triples, s.touches, s.outer, s.points) == (1, 1, True, 2)
    inner = BOARD.cavity_at(45)
    a, b = list(BOARD.ray(inner, (1, 0)))[:2]
    s = score_placement(BOARD, {a: P("RTW"), b: P("YCK")}, P("BMN"), inner)
    assert (s.outer, s.points) == (False, 1)


# -- legality ----------------------------------------------------------------------------


def test_illegal_placements_are_explained():
    game = _example_game()
    hand = game.hand()
    with pytest.raises(IllegalMoveError, match="is not in the hand"):
        game.play(Place(P("RMW"), 35))  # player 2's pid
    with pytest.raises(IllegalMoveError, match="already holds RTW"):
        game.play(Place(hand[0], 45))
    with pytest.raises(IllegalMoveError, match="touches no pid"):
        game.play(Place(hand[0], 1))
    with pytest.raises(IllegalMoveError, match="no cavity 200"):
        game.play("RCW@200")
    with pytest.raises(IllegalMoveError, match="forms no valid triple"):
        game.play("RSW@35")
    with pytest.raises(IllegalMoveError, match="only sit out"):
        game.play(Pass())
    with pytest.raises(InvalidMoveError, match="'RCW@'"):
        game.play("RCW@")
    with pytest.raises(IllegalMoveError, match="joker variant"):
        game.play(JokerSwap(P("RJJ"), 45))
    with pytest.raises(IllegalMoveError, match="not in the bag"):
        game.play(Place(P("RCW"), 35, drawn=P("RTW")))
    assert game.history == [] and game.scores() == {"player 1": 0, "player 2": 0}


def test_exchange_draws_blind_and_keeps_the_count():
    game = TripitzGame(seed=3)
    before = set(game.hand(0))
    give = tuple(sorted(before, key=str)[:3])
    top = tuple(game.bag[:3])
    game.play(Exchange(give))
    after = set(game.hand(0))
    assert len(after) == 7 and after == (before - set(give)) | set(top)
    assert set(give) <= set(game.bag) and len(game.bag) == 64 - 4 - 14
    assert game.turn == "player 2" and game.turn_index == 1
    with pytest.raises(IllegalMoveError, match="not in the hand"):
        game.play(Exchange(give))
    with pytest.raises(IllegalMoveError, match="at least one"):
        game.play(Exchange(()))


def test_moves_round_trip_through_text():
    pids = st.sampled_from(PIDS)
    moves = st.one_of(
        st.builds(Place, pids, st.integers(1, 102), st.one_of(st.none(), pids)),
        st.builds(
            Exchange,
            st.lists(pids, min_size=1, max_size=7, unique=True).map(tuple),
            st.one_of(st.none(), st.lists(pids, min_size=1, max_size=7).map(tuple)),
        ),
        st.builds(JokerSwap, st.sampled_from(JOKERS), st.integers(1, 102)),
        st.just(Pass()),
    )

    @settings(max_examples=200)
    @given(moves)
    def check(move):
        assert parse_move(str(move)) == move
        assert move_text(move) == str(move) and str(move).lower() in repr(move).lower()

    check()
    with pytest.raises(InvalidMoveError, match="'hello'"):
        parse_move("hello")


# -- whole games -------------------------------------------------------------------------


def _random_game(seed: int, players: int, options=None, limit=400):
    """Play random legal moves (placements preferred); returns the game and the texts."""
    rng = random.Random(seed)
    game = TripitzGame(options, players, seed=seed)
    texts = []
    while not game.is_over() and len(texts) < limit:
        places = list(game.placements())
        if places and rng.random() < 0.9:
            move = rng.choice(places)
        else:
            move = next((m for m in game.legal_moves() if not isinstance(m, Place)), None)
            if move is None:
                move = rng.choice(places)
        game.play(move)
        texts.append(str(move))
    return game, texts


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 10_000), st.integers(2, 6))
def test_random_games_replay_and_scores_add_up(seed, players):
    game, texts = _random_game(seed, players)
    assert game.is_over()
    replay = TripitzGame(None, players, seed=seed)
    for text in texts:
        replay.play(text)
    assert replay.scores() == game.scores() and replay.cells == game.cells
    totals = [0] * players
    for turn in game.history:
        if turn.score is not None:
            totals[turn.player] += turn.score.points
            assert turn.score.points > 0
    assert tuple(totals) == tuple(game.scores().values())
    on_board = len(game.cells)
    assert on_board + sum(len(h) for h in game.hands) + len(game.bag) == 64
    assert not game.bag  # the full game only ends with an empty bag
    assert list(game.legal_moves()) == []


def test_the_shortened_game_ends_on_the_outer_ring():
    small = (3, 3, 3)  # every cavity next to the centre is on the outer ring
    game = TripitzGame(TripitzOptions(board=small, shortened=True), seed=1)
    full = TripitzGame(TripitzOptions(board=small), seed=1)
    move = next(m for m in game.placements() if game.board.cavity_at(m.cavity) in game.board.outer)
    score = game.play(move)
    full.play(move)
    assert score.outer and score.points % 2 == 0
    assert game.is_over() and not full.is_over()
    assert SHORTENED.shortened and not TripitzOptions().shortened


def test_jokers_take_only_deeply_buried_pids():
    options = TripitzOptions(jokers=True)
    game = TripitzGame(options, seed=2)
    assert len(game.bag) + 14 == 64 - 4 + 4
    joker = P("RJJ")
    if joker not in game.hands[0]:
        other = next(p for p in game.hands[0])
        holder = game.bag if joker in game.bag else next(h for h in game.hands if joker in h)
        holder[holder.index(joker)] = other
        game.hands[0][game.hands[0].index(other)] = joker
    with pytest.raises(IllegalMoveError, match="too near the edge"):
        game.play(JokerSwap(joker, 45))
    with pytest.raises(IllegalMoveError, match="cannot be placed"):
        game.play(Place(joker, 35))
    # Fill everything within two steps of cavity 45 (a set-up, not a played game).
    target = game.board.cavity_at(45)
    spare = iter(game.bag[len(game.bag) // 2 :])
    for h in game.board.cavities:
        if h not in game.cells and distance(h, target) <= 2:
            p = next(spare)
            while p.is_joker:
                p = next(spare)
            game.bag.remove(p)
            game.cells[h] = p
    taken = game.cells[target]
    game.play(JokerSwap(joker, 45))
    assert game.cells[target] == joker and taken in game.hands[0] and joker not in game.hands[0]
    assert game.turn == "player 1"  # the same player goes on to place or exchange
    # A placed joker spoils every line through it.
    row = [target] + list(game.board.ray(target, (1, 0)))[:2]
    assert not is_valid_set([game.cells[h] for h in row if h in game.cells])


def test_setup_errors_are_explained():
    with pytest.raises(ValueError, match="2-6 players"):
        TripitzGame(players=7)
    with pytest.raises(ValueError, match="centre"):
        TripitzGame(centre=[P("RTW")] * 4)
    with pytest.raises(ValueError, match="missing"):
        TripitzGame(bag=list(PIDS[:10]))


def test_the_docs_show_the_generated_numbering():
    doc = (Path(__file__).resolve().parents[1] / "docs" / "rules-tripitz.md").read_text()
    assert BOARD.number_diagram() in doc
    for text, *_ in EXAMPLE_MOVES:
        assert f"`{text}`" in doc


# -- the Game interface ------------------------------------------------------------------


def _positions() -> list[TripitzGame]:
    """A few positions: the start, the worked example part-way and at its end, a joker game
    and a random game some moves in."""
    out = [TripitzGame(seed=5), TripitzGame(TripitzOptions(jokers=True), 3, seed=6)]
    game = _example_game()
    for text, *_ in EXAMPLE_MOVES[:3]:
        game.play(text)
    out.append(game.copy())
    for text, *_ in EXAMPLE_MOVES[3:]:
        game.play(text)
    out.append(game)
    out.append(_random_game(11, 4, limit=25)[0])
    return out


def test_the_engine_is_a_game():
    for game in _positions():
        assert isinstance(game, Game)
        assert isinstance(game.turn, str) and game.turn in game.players
        assert game.turn == game.players[game.turn_index]
        assert list(game.scores()) == list(game.players)
        assert all(isinstance(v, int) for v in game.scores().values())
        assert game.outcome() is None and not game.is_over()
    assert TripitzGame(players=3).players == ("player 1", "player 2", "player 3")
    named = TripitzGame(names=["Ana", "Ben"], seed=1)
    assert named.players == ("Ana", "Ben") and named.turn == "Ana"
    with pytest.raises(ValueError, match="3 players"):
        TripitzGame(players=3, names=["Ana", "Ben"])


def test_every_legal_move_round_trips_through_its_text():
    for game in _positions():
        moves = game.legal_moves()
        assert moves and isinstance(moves, list)
        for move in moves:
            text = game.move_text(move)
            assert text == str(move) and game.parse_move(text) == move
            assert game.is_legal(move) and game.why_illegal(move) is None


def test_positions_round_trip_through_their_cells():
    for game in _positions():
        cells = game.position_cells()
        assert len(cells) == len(game.cells)
        assert all(
            parse_pid(code) == game.pid_at(parse_cavity(name)) for name, code in cells.items()
        )
        again = TripitzGame.from_position_cells(cells, game.options)
        assert again.position_cells() == cells
        assert sorted(again.cells) == sorted(game.cells)
        held = [p for h in again.hands for p in h] + again.bag + list(again.cells.values())
        assert len(held) == len(set(held)) == 64 + (4 if game.options.jokers else 0)
    assert cavity_name(45) == "45" and parse_cavity(" 45 ") == 45
    with pytest.raises(InvalidMoveError, match="'x1'"):
        TripitzGame.from_position_cells({"x1": "RTW"})
    with pytest.raises(InvalidMoveError, match="'103'"):
        TripitzGame.from_position_cells({"103": "RTW"})
    with pytest.raises(InvalidMoveError, match="'RTX'"):
        TripitzGame.from_position_cells({"45": "RTX"})


def test_a_finished_game_has_an_outcome():
    game, _ = _random_game(4, 3)
    outcome = game.outcome()
    assert isinstance(outcome, Outcome) and outcome.reason == "no player can move"
    best = max(game.scores().values())
    assert outcome.winners == tuple(n for n, s in game.scores().items() if s == best)
    assert game.turn is None and game.legal_moves() == []
    small = TripitzGame(TripitzOptions(board=(3, 3, 3), shortened=True), seed=1)
    small.play(
        next(m for m in small.placements() if small.board.cavity_at(m.cavity) in small.board.outer)
    )
    assert small.is_over() and small.outcome().winners == ("player 1",)
    assert "outer ring" in small.outcome().reason


def test_new_game_takes_a_preset_and_options():
    assert new_game().options == PRESETS["standard"]
    game = new_game("jokers", 3, seed=2, hand_size=5)
    assert game.options.jokers and game.options.hand_size == 5 and len(game.players) == 3
    assert all(len(h) == 5 for h in game.hands)
    with pytest.raises(ValueError, match="unknown Tripitz rules 'chess'"):
        new_game("chess")
    with pytest.raises(ValueError, match="bad Tripitz options"):
        new_game(colour="blue")


def test_moves_have_short_reprs():
    assert repr(parse_move("RTW@37/BMN")) == "Place('RTW@37/BMN')"
    assert repr(Pass()) == "Pass()" and str(Pass()) == "pass"
    assert repr(parse_move("exchange RTW,YCK")) == "Exchange('exchange RTW,YCK')"
    assert repr(parse_move("RJJ@45")) == "JokerSwap('RJJ@45')"
