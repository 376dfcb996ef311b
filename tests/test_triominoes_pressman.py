"""The pressman preset: the published Pressman/Goliath rules, and the reference cases of
luddwichr/triominos (its ScoreCalculatorTest) scored by printkit's own engine.

Translating luddwichr's cases
-----------------------------
luddwichr writes a cell ``Location.at(x, y)``: column ``x``, row ``y``.  A cell points up
when ``x + y`` is even, its left and right edge neighbours are ``x - 1`` and ``x + 1``, and
the third one is at ``y + 1`` for an up cell and ``y - 1`` for a down cell, so rows grow
downwards exactly as in printkit (docs/coordinates.md): ``Location.at(x, y)`` is printkit's
cell ``(y, x)`` with no other change (``L(x, y)`` below).

Its tiles name the numbers of three corners, LEFT, MIDDLE and RIGHT, and an orientation
(``ABC``, ``ACB``) says which tile number goes on which corner.  The MIDDLE corner is the
one the left and right neighbours share: the apex of an up cell, the bottom of a down cell.
printkit reads clockwise from the reference corner (apex of an up cell, top-left of a down
cell), so luddwichr's (left, middle, right) is printkit's reading (middle, right, left) on
an up cell and (left, right, middle) on a down cell (``literal_reading``).

luddwichr's neighbour tiles are mocks without numbers, and its tiles have no handedness.
printkit's tiles are the real set, numbers rising clockwise, and every touching corner must
match, so each neighbour below carries real numbers, chosen so that every corner agrees and
no tile appears twice (found by a search when this table was written; the test checks the
position through printkit's position reader).  Scores depend only on the tile's sum and the
shape, so the numbers chosen change nothing, but the turned tile itself sometimes must:

- ``mirror``: luddwichr's literal reading is the mirror image of a real tile (2-1-3 of
  1-2-3, 2-1-0 of 0-1-2), which the set does not hold; printkit lays the real tile with the
  same three numbers.  The test asserts the literal reading is refused.
- ``no-fill``: the literal reading is a real tile, but no choice of distinct real tiles
  closes both hexagons round it; printkit lays the same tile turned another way.  The test
  asserts that by exhaustive search.

Every expected score is luddwichr's, unchanged: 23 checks in 11 cases (the three single
hexagon cases check the score after each of the five tiles round the corner).  luddwichr
lists cell ``Location.at(0, 1)`` twice in its three-hexagon case; the cell is laid once.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from conftest import run_cli

from printkit.errors import NotInGameError, PrintkitError
from printkit.games.triominoes.notation import clockwise_corners
from printkit.games.triominoes.rules import (
    ENGLISH,
    PRESETS,
    PRESSMAN,
    SPANISH,
    BlockedRule,
    BridgeRule,
    Draw,
    Pass,
    Place,
    TriominoesGame,
    new_game,
    parse_move,
    placement_problem,
    preset,
    score_placement,
)
from printkit.games.triominoes.tiles import TILES, Tile, parse_tile
from printkit.records.check import check_record
from printkit.records.io import load_record

EXAMPLE = Path(__file__).parent.parent / "examples" / "triominoes-pressman.txt"


def L(x: int, y: int) -> tuple[int, int]:  # noqa: N802 - luddwichr's Location.at
    """luddwichr's ``Location.at(x, y)`` as a printkit cell ``(row, column)``."""
    return (y, x)


ORIENTATIONS = {"ABC": (0, 1, 2), "ACB": (0, 2, 1)}
"""luddwichr's orientations used: which tile number lies on LEFT, MIDDLE, RIGHT."""


def literal_reading(numbers: tuple[int, int, int], orientation: str, cell) -> tuple[int, ...]:
    """luddwichr's tile ``numbers`` turned by ``orientation`` on ``cell``, read printkit's way."""
    left, middle, right = (numbers[k] for k in ORIENTATIONS[orientation])
    up = (cell[0] + cell[1]) % 2 == 0
    return (middle, right, left) if up else (left, right, middle)


# name, luddwichr's tile and orientation, printkit's move, why it is turned otherwise,
# the neighbours in luddwichr's order (printkit readings), and luddwichr's expected scores
# after the first k neighbours, as (k, points).
CASES = [
    (
        "regular tile",
        ((1, 2, 3), "ABC"),
        "2-3-1 @ (0,0)",
        None,
        [],
        [(0, 6)],
    ),
    (
        "hexagon at middle corner",
        ((3, 2, 1), "ABC"),
        "2-3-1 @ (0,0)",
        "mirror",
        [
            ("2-2-1", L(-1, 0)),
            ("4-2-2", L(-1, -1)),
            ("4-0-2", L(0, -1)),
            ("0-2-2", L(1, -1)),
            ("2-2-3", L(1, 0)),
        ],
        [(1, 6), (2, 6), (3, 6), (4, 6), (5, 56)],
    ),
    (
        "hexagon at right corner",
        ((0, 1, 2), "ACB"),
        "0-1-2 @ (0,-1)",
        None,
        [
            ("1-1-2", L(0, 0)),
            ("1-5-1", L(1, 0)),
            ("4-5-1", L(1, -1)),
            ("1-4-1", L(0, -1)),
            ("1-1-0", L(-1, -1)),
        ],
        [(1, 3), (2, 3), (3, 3), (4, 3), (5, 53)],
    ),
    (
        "hexagon at left corner",
        ((2, 1, 0), "ACB"),
        "2-0-1 @ (0,1)",
        "mirror",
        [
            ("2-1-2", L(0, 0)),
            ("3-2-2", L(-1, 0)),
            ("4-2-3", L(-1, -1)),
            ("4-4-2", L(0, -1)),
            ("4-0-2", L(1, -1)),
        ],
        [(1, 3), (2, 3), (3, 3), (4, 3), (5, 53)],
    ),
    (
        "bridge at middle corner",
        ((1, 1, 1), "ABC"),
        "1-1-1 @ (0,0)",
        None,
        [("1-1-5", L(0, 1)), ("4-4-1", L(0, -1))],
        [(2, 43)],
    ),
    (
        "bridge at left corner",
        ((2, 2, 2), "ABC"),
        "2-2-2 @ (0,0)",
        None,
        [("2-4-2", L(1, 0)), ("4-2-3", L(-2, 0))],
        [(2, 46)],
    ),
    (
        "bridge at right corner",
        ((3, 3, 3), "ABC"),
        "3-3-3 @ (0,0)",
        None,
        [("4-3-3", L(-1, 0)), ("4-5-3", L(2, 0))],
        [(2, 49)],
    ),
    (
        "two hexagons at left and middle corners",
        ((1, 0, 0), "ABC"),
        "0-0-1 @ (0,0)",
        None,
        [
            ("1-0-1", L(0, 1)),
            ("1-1-1", L(-1, 1)),
            ("3-1-1", L(-2, 1)),
            ("3-1-3", L(-2, 0)),
            ("3-0-1", L(-1, 0)),
            ("4-0-3", L(-1, -1)),
            ("4-4-0", L(0, -1)),
            ("4-5-0", L(1, -1)),
            ("0-5-0", L(1, 0)),
        ],
        [(9, 61)],
    ),
    (
        "two hexagons at left and right corners",
        ((1, 0, 0), "ABC"),
        "0-1-0 @ (0,0)",
        "no-fill",
        [
            ("0-1-5", L(0, 1)),
            ("0-5-0", L(-1, 1)),
            ("3-0-0", L(-2, 1)),
            ("4-0-3", L(-2, 0)),
            ("4-0-0", L(-1, 0)),
            ("0-1-1", L(1, 0)),
            ("1-3-1", L(2, 0)),
            ("1-3-3", L(2, 1)),
            ("1-3-5", L(1, 1)),
        ],
        [(9, 61)],
    ),
    (
        "two hexagons at right and middle corners",
        ((1, 0, 0), "ABC"),
        "1-0-0 @ (0,0)",
        "no-fill",
        [
            ("1-1-0", L(-1, 0)),
            ("4-1-1", L(-1, -1)),
            ("4-4-1", L(0, -1)),
            ("4-5-1", L(1, -1)),
            ("1-5-0", L(1, 0)),
            ("5-0-0", L(2, 0)),
            ("0-0-2", L(2, 1)),
            ("0-2-4", L(1, 1)),
            ("0-0-4", L(0, 1)),
        ],
        [(9, 61)],
    ),
    (
        "three hexagons",
        ((0, 2, 0), "ABC"),
        "2-0-0 @ (0,0)",
        None,
        [
            ("0-0-4", L(0, 1)),
            ("0-4-5", L(-1, 1)),
            ("0-0-5", L(-2, 1)),
            ("1-0-0", L(-2, 0)),
            ("1-2-0", L(-1, 0)),
            ("2-2-1", L(-1, -1)),
            ("2-3-2", L(0, -1)),
            ("3-3-2", L(1, -1)),
            ("2-3-0", L(1, 0)),
            ("3-3-0", L(2, 0)),
            ("0-3-4", L(2, 1)),
            ("0-4-4", L(1, 1)),
        ],
        [(12, 72)],
    ),
]

CHECKS = [
    pytest.param(move, cells[:k], points, id=f"{name}, {k} of {len(cells)}")
    for name, _, move, _, cells, steps in CASES
    for k, points in steps
]


def position(cells: list[tuple[str, tuple[int, int]]], options=PRESSMAN) -> TriominoesGame:
    """The tiles on the table, through printkit's position reader (corners checked)."""
    return TriominoesGame.from_position_cells(
        {f"({r},{c})": reading for reading, (r, c) in cells}, options
    )


def score(move_text: str, cells, options=PRESSMAN) -> int:
    game = position(cells, options)
    move = parse_move(move_text)
    assert placement_problem(game.layout, game.numbers, move) is None
    return score_placement(game.layout, game.numbers, move, options).points


def test_the_table_holds_every_luddwichr_case():
    assert len(CASES) == 11 and len(CHECKS) == 23


@pytest.mark.parametrize(("move", "cells", "points"), CHECKS)
def test_luddwichr_cases_score_the_same_under_pressman(move, cells, points):
    assert score(move, cells) == points


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_each_case_lays_luddwichr_tile_on_luddwichr_cell(case):
    _, (numbers, orientation), move_text, turned, cells, _ = case
    move = parse_move(move_text)
    assert isinstance(move, Place)
    assert sorted(move.tile) == sorted(numbers)
    literal = literal_reading(numbers, orientation, move.cell)
    readings = {r for t in TILES for r in t.rotations()}
    if turned is None:
        assert move.reading == literal
    elif turned == "mirror":
        assert literal not in readings
        literal_text = "-".join(map(str, literal)) + f" @ {move.cell}"
        with pytest.raises(NotInGameError, match="not a tile, read clockwise"):
            parse_move(literal_text)
    else:
        assert turned == "no-fill" and literal in readings and move.reading != literal
        assert not fillable([c for _, c in cells], move.cell, literal)
    assert fillable([c for _, c in cells], move.cell, move.reading)


def fillable(cells, target, reading) -> bool:
    """Can distinct real tiles on ``cells`` surround ``reading`` laid on ``target``?"""
    tile_of = {r: t for t in TILES for r in t.rotations()}
    everything = [target, *cells]
    corners = {c: clockwise_corners(c) for c in everything}
    numbers = dict(zip(corners[target], reading, strict=True))
    todo = sorted({v for c in cells for v in corners[c]} - set(numbers))

    def consistent() -> bool:
        seen = set()
        for c in everything:
            if all(v in numbers for v in corners[c]):
                tile = tile_of.get(tuple(numbers[v] for v in corners[c]))
                if tile is None or tile in seen:
                    return False
                seen.add(tile)
        return True

    def search(i: int) -> bool:
        if i == len(todo):
            return True
        for n in range(6):
            numbers[todo[i]] = n
            if consistent() and search(i + 1):
                return True
        del numbers[todo[i]]
        return False

    return consistent() and search(0)


def test_hexagons_at_once_are_where_pressman_and_the_seeds_differ():
    double = next(c for c in CASES if c[0] == "two hexagons at left and middle corners")
    triple = next(c for c in CASES if c[0] == "three hexagons")
    for options in (SPANISH, ENGLISH):
        assert score(double[2], double[4], options) == 1 + 100
        assert score(triple[2], triple[4], options) == 2 + 150
    single = next(c for c in CASES if c[0] == "hexagon at middle corner")
    assert {score(single[2], single[4], o) for o in PRESETS.values()} == {56}


# -- the preset's other rules --------------------------------------------------------------


def test_the_preset_is_registered_and_differs_from_the_seeds_where_published():
    assert preset("Pressman") is PRESSMAN and PRESETS["pressman"] is PRESSMAN
    assert new_game("pressman").options == PRESSMAN
    assert PRESSMAN.hexagon_bonuses == (50, 60, 70)
    assert [PRESSMAN.hexagon_points(n) for n in range(4)] == [0, 50, 60, 70]
    assert [SPANISH.hexagon_points(n) for n in range(4)] == [0, 50, 100, 150]
    assert PRESSMAN.bridge_rule is BridgeRule.GAP and PRESSMAN.bridge_bonus == 40
    assert (PRESSMAN.max_draws, PRESSMAN.draw_penalty, PRESSMAN.exhausted_penalty) == (3, 5, 10)
    assert (PRESSMAN.opening_bonus, PRESSMAN.zero_triple_opening) == (10, 40)
    assert not PRESSMAN.opening_bonus_without_triple
    assert (PRESSMAN.going_out_bonus, PRESSMAN.going_out_adds_hands) == (25, True)
    assert (PRESSMAN.target, PRESSMAN.blocked_rule) == (400, BlockedRule.LOWEST_WINS_OTHERS)
    assert PRESSMAN.zero_triple_may_open and PRESSMAN.round_winner_breaks_tie
    assert not SPANISH.zero_triple_may_open and not ENGLISH.round_winner_breaks_tie


def _tiles(text: str) -> list[Tile]:
    return [parse_tile(t) for t in text.split()]


# Two hands of 9 without 0-0-0 elsewhere; Ana holds 5-5-5 and 0-0-0.
ANA = _tiles("5-5-5 0-0-0 0-0-1 0-0-2 0-0-3 0-0-4 0-0-5 0-1-1 0-1-2")
BEN = _tiles("0-1-3 0-1-4 0-1-5 0-2-2 0-2-3 0-2-4 0-2-5 0-3-3 0-3-4")


def test_pressman_lets_the_opener_lay_zero_triple_for_40_instead():
    game = TriominoesGame(PRESSMAN, names=("Ana", "Ben"), hands=[ANA, BEN], seed=1)
    assert {m.tile for m in game.legal_moves()} == {Tile(5, 5, 5), Tile(0, 0, 0)}
    assert game.play("0-0-0 @ (0,0)") == 40
    spanish = TriominoesGame(SPANISH, names=("Ana", "Ben"), hands=[ANA, BEN], seed=1)
    assert {m.tile for m in spanish.legal_moves()} == {Tile(5, 5, 5)}
    with pytest.raises(ValueError, match=r"opens with 5-5-5, the highest"):
        spanish.play("0-0-0 @ (0,0)")
    game = TriominoesGame(PRESSMAN, names=("Ana", "Ben"), hands=[ANA, BEN], seed=1)
    assert game.play("5-5-5 @ (0,0)") == 25
    # Only the opener may swap: Ben's 0-0-2 is no opening tile.
    game = TriominoesGame(PRESSMAN, names=("Ana", "Ben"), hands=[ANA, BEN], seed=1)
    assert "or 0-0-0" in game.why_illegal(Place(Tile(0, 0, 2), (0, 0)))


def test_pressman_passing_after_three_draws_costs_ten_more():
    rest = [t for t in TILES if t not in {*ANA, *BEN}]
    # Ben holds no 5-5 edge; the first three tiles of the pool have none either.
    pool = sorted(rest, key=lambda t: sorted(t).count(5) >= 2)
    game = TriominoesGame(PRESSMAN, names=("Ana", "Ben"), hands=[ANA, BEN], pool=pool)
    game.play("5-5-5 @ (0,0)")
    for _ in range(3):
        assert game.legal_moves() == [Draw()]
        assert game.play(Draw()) == -5
    assert game.legal_moves() == [Pass()]
    assert game.play("pass") == -10
    assert [e.points for e in game.ledger[-4:]] == [-5, -5, -5, -10]
    assert game.turn == "Ana"


def _blocked(options, hands):
    """A three-player round that is blocked at once: 5-5-5 laid, no other 5 in any hand."""
    names = ("Ana", "Ben", "Cai")
    rest = [t for t in TILES if t not in {t for h in hands for t in h}]
    game = TriominoesGame(options, names=names, hands=hands, pool=rest, seed=0)
    game.push(Place(Tile(5, 5, 5), (0, 0)))
    game.pool.clear()  # nothing left to draw
    before = game.scores()
    for _ in names:
        game.play("pass")
    after = game.scores()
    return {n: after[n] - before[n] for n in names}


BLOCK_HANDS = [
    _tiles("5-5-5 0-0-0 0-0-1 0-0-2 0-1-1 0-1-2 1-1-1"),  # Ana: 0+1+2+2+3+3 = 11 left
    _tiles("0-0-3 0-0-4 0-1-3 0-2-2 0-2-3 1-1-2 1-1-3"),  # Ben: 3+4+4+4+5+4+5 = 29
    _tiles("0-1-4 0-2-4 0-3-3 0-3-4 1-1-4 1-2-2 1-2-3"),  # Cai: 5+6+6+7+6+5+6 = 41
]


def test_pressman_blocked_round_pays_the_others_hands_less_ones_own():
    assert sum(t.total for t in BLOCK_HANDS[0][1:]) == 11
    assert [sum(t.total for t in h) for h in BLOCK_HANDS[1:]] == [29, 41]
    pressman = _blocked(PRESSMAN, BLOCK_HANDS)
    assert pressman == {"Ana": -10 + 29 + 41 - 11, "Ben": -10, "Cai": -10}
    spanish = _blocked(SPANISH, BLOCK_HANDS)
    assert spanish == {"Ana": -10 + (29 - 11) + (41 - 11), "Ben": -10, "Cai": -10}


def test_when_several_pass_the_target_the_rounds_winner_wins():
    names = ("Ana", "Ben", "Cai")

    def finish(options):
        rest = [t for t in TILES if t not in {t for h in BLOCK_HANDS for t in h}]
        game = TriominoesGame(options, names=names, hands=BLOCK_HANDS, pool=rest, seed=0)
        game._scores = [350, 440, 390]  # carried over from earlier rounds
        game.push(Place(Tile(5, 5, 5), (0, 0)))
        game.pool.clear()
        for _ in names:
            game.play("pass")
        return game

    # Ana: 350 + 25 (opening) - 10 (pass) + 59 (blocked, lowest hand) = 424; Ben 430.
    game = finish(PRESSMAN)
    assert game.is_over() and game.scores() == {"Ana": 424, "Ben": 430, "Cai": 380}
    assert game.round_winners == ("Ana",)
    outcome = game.outcome()
    assert outcome.winners == ("Ana",) and "the round's winner wins" in outcome.reason
    assert finish(replace(PRESSMAN, round_winner_breaks_tie=False)).outcome().winners == ("Ben",)
    # Only one player at the target: the highest score wins as always.
    assert finish(replace(PRESSMAN, target=425)).outcome().winners == ("Ben",)


def test_bad_hexagon_tables_are_one_line_errors():
    for bad in ((50, 60), (50, "60", 70), 7, (50, 60, 70, 80), (True, 60, 70)):
        with pytest.raises(PrintkitError, match="hexagon_bonuses gives three whole numbers"):
            replace(PRESSMAN, hexagon_bonuses=bad)
    assert replace(SPANISH, hexagon_bonuses=[1, 2, 3]).hexagon_bonuses == (1, 2, 3)


# -- the example record --------------------------------------------------------------------


def test_the_pressman_example_is_valid_and_has_a_double_hexagon():
    record = load_record(EXAMPLE)
    assert record.rules == "pressman"
    report = check_record(record)
    assert report.valid, report.lines()
    move = record.moves[18]
    assert (move.move, move.score) == ("0-1-2 @ (2,0)", 63)
    # The same record under the seeds' rules: only the double hexagon (and the total) differ.
    for rules in ("spanish", "english"):
        other = check_record(record, rules=rules)
        assert not other.valid
        assert any("move 19" in line and "not 63" in line for line in other.lines())
        assert any("tile 3 + 2 hexagon(s) 100 = 103" in line for line in other.lines())


def test_the_cli_checks_the_example(capsys, monkeypatch):
    code, out, _ = run_cli(["check", str(EXAMPLE)], capsys, monkeypatch)
    assert code == 0 and "rules pressman" in out and "valid" in out


@pytest.mark.parametrize(
    ("rules", "message"),
    [
        ("spanish", "hexagon_bonuses gives three whole numbers"),
        ("pressman", "is a list of whole numbers (like 50, 60, 70), not 7"),
    ],
)
def test_a_bad_hexagon_table_in_a_record_is_one_line(tmp_path, capsys, monkeypatch, rules, message):
    bad = tmp_path / "bad.txt"
    text = EXAMPLE.read_text().replace(
        "Rules: pressman", f"Rules: {rules}\nOption: hexagon_bonuses = 7"
    )
    bad.write_text(text)
    code, out, err = run_cli(["check", str(bad)], capsys, monkeypatch)
    assert code == 2 and message in err and "Traceback" not in err + out
    assert len(err.strip().splitlines()) == 1


def test_a_record_may_set_the_hexagon_table(tmp_path, capsys, monkeypatch):
    """Seed 003's rules with the published table: the double hexagon of the example's move
    19 then scores as claimed (63), where 003's own table makes it 103."""
    text = EXAMPLE.read_text()
    english = tmp_path / "english.txt"
    english.write_text(text.replace("Rules: pressman", "Rules: english"))
    table = tmp_path / "table.txt"
    table.write_text(
        text.replace("Rules: pressman", "Rules: english\nOption: hexagon_bonuses = 50, 60, 70")
    )
    _, plain, _ = run_cli(["check", str(english)], capsys, monkeypatch)
    _, with_table, _ = run_cli(["check", str(table)], capsys, monkeypatch)
    assert "move 19" in plain and "103" in plain
    assert "move 19" not in with_table
