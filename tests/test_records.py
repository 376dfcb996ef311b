"""Game records and positions: both forms round-trip, the checker finds exactly what is
planted, and no input whatever ends in anything but a verdict or a one-line error."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from conftest import run_cli as run
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from printkit.errors import RecordError
from printkit.games.triominoes.rules import PRESETS as TRIOMINOES_PRESETS
from printkit.games.triominoes.rules import Draw as TriominoesDraw
from printkit.games.triominoes.rules import TriominoesGame
from printkit.games.tripakus.notation import PASS
from printkit.games.tripakus.rules import TriPakusGame
from printkit.games.tripitz.rules import TripitzGame
from printkit.games.tripod.rules import TripodGame, TripodOptions
from printkit.records.check import check_record
from printkit.records.io import dumps_json, load_record, parse_json, schema
from printkit.records.model import MoveEntry, Record
from printkit.records.text import format_text, parse_text

EXAMPLES = sorted((Path(__file__).parent.parent / "examples").glob("*.*"))
FAST = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def tripakus_record(seed: int, claim_scores: bool = True) -> Record:
    """A random complete TriPakus game, each move with the mover's score claimed."""
    game, rng, moves = TriPakusGame(), random.Random(seed), []
    while not game.is_over():
        move = rng.choice(game.legal_moves())
        player = game.turn
        game.push(move)
        moves.append(MoveEntry(str(move), player, game.scores()[player] if claim_scores else None))
    return Record("tripakus", players=list(game.players), moves=moves, result=game.scores())


def tripitz_record(seed: int, moves: int = 30) -> Record:
    """A random Tripitz game with hands, draws and per-move scores all recorded."""
    dealt = TripitzGame(seed=seed)
    game = TripitzGame(hands=dealt.hands, bag=dealt.bag, names=("P1", "P2"))  # known bag order
    rng = random.Random(seed)
    setup = {
        "centre": [str(p) for p in game.cells.values()],
        "hands": {f"P{k + 1}": [str(p) for p in h] for k, h in enumerate(game.hands)},
        "bag": [str(p) for p in game.bag],
    }
    entries = []
    for _ in range(moves):
        legal = list(game.legal_moves())
        if not legal:
            break
        places = [m for m in legal if type(m).__name__ == "Place"]
        move = rng.choice(places or legal)
        player = game.turn
        score = game.push(move)
        entries.append(MoveEntry(str(move), player, score.points if score is not None else None))
    return Record("tripitz", players=["P1", "P2"], setup=setup, moves=entries, result=game.scores())


def tripod_record(seed: int, size: int = 6) -> Record:
    game, rng, moves = TripodGame(TripodOptions(size=size)), random.Random(seed), []
    while not game.is_over():
        move = rng.choice(game.legal_moves())
        game.push(move)
        moves.append(MoveEntry(move.text()))
    return Record(
        "tripod",
        options={"size": size},
        players=["Ana", "Ben"],
        moves=moves,
        winner=["Ana", "Ben"][game.winning_player],
    )


def triominoes_record(seed: int, rules: str = "spanish", rounds: int = 1) -> Record:
    """Random Triominoes rounds; the first deal and every draw recorded, scores claimed."""
    options = TRIOMINOES_PRESETS[rules]
    names = ["Ana", "Ben", "Cai"]
    game = TriominoesGame(options, 3, names=names, seed=seed, auto_deal=False)
    setup = {
        "hands": {n: [str(t) for t in h] for n, h in zip(names, game.hands, strict=True)},
        "bag": [str(t) for t in game.pool],
    }
    rng, entries = random.Random(seed), []
    for r in range(rounds):
        if r:
            game.start_round()
        while not game.round_over() and not game.is_over():
            move = rng.choice(game.legal_moves())
            if isinstance(move, TriominoesDraw):
                move = TriominoesDraw(game.pool[0])  # name the tile drawn, as a record does
            player, before = game.turn, len(game.ledger)
            game.push(move)
            earned = sum(e.points for e in game.ledger[before:] if e.player == player)
            entries.append(MoveEntry(move.text(), player, earned))
    return Record(
        "triominoes", rules=rules, players=names, setup=setup, moves=entries, result=game.scores()
    )


def roundtrip(record: Record) -> tuple[Record, Record]:
    text = parse_text(format_text(record), "r.txt")
    data = parse_json(dumps_json(record), "r.json")
    return text, data


def same(a: Record, b: Record) -> bool:
    return a.to_json() == b.to_json()


# -- the two forms ------------------------------------------------------------------------


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_every_example_is_valid_and_round_trips(path):
    record = load_record(path)
    report = check_record(record)
    assert report.valid, report.lines()
    text, data = roundtrip(record)
    assert same(text, record) and same(data, record)


def test_the_json_and_text_examples_agree():
    for stem in ("tripakus-game", "tripod-game"):
        base = Path(__file__).parent.parent / "examples" / stem
        assert same(load_record(base.with_suffix(".txt")), load_record(base.with_suffix(".json")))


def test_json_schema_is_a_valid_schema_and_matches_what_we_write():
    from jsonschema import Draft202012Validator

    Draft202012Validator.check_schema(schema())
    for record in (tripakus_record(1), tripitz_record(2), tripod_record(3)):
        Draft202012Validator(schema()).validate(json.loads(dumps_json(record)))


def test_text_form_reads_comments_numbers_players_and_scores():
    record = parse_text(
        "# a club game\nGame: tripitz\nPlayers: Ana, Ben\n"
        "Centre: RTW YCK GSL BCN\n\n1. Ana: RCW@35 = 2   # nice\n"
        "Ben: RMW@56\nResult: Ana 2, Ben 4\n"
    )
    assert [(m.move, m.player, m.score, m.note, m.line) for m in record.moves] == [
        ("RCW@35", "Ana", 2, "nice", 6),
        ("RMW@56", "Ben", None, None, 7),
    ]
    assert record.setup["centre"] == ["RTW", "YCK", "GSL", "BCN"]
    assert record.result == {"Ana": 2, "Ben": 4}


def test_position_text_accepts_both_line_styles_and_uncertain_marks():
    record = parse_text("Game: tripod\nKind: position\nX: a1 b3? c4\nd5 = O\n")
    assert record.cells == {"a1": "X", "b3": "X", "c4": "X", "d5": "O"}
    assert record.uncertain == ["b3"]
    assert same(parse_text(format_text(record)), record)


@FAST
@given(st.integers(0, 10_000))
def test_random_tripakus_games_replay_legal_and_round_trip(seed):
    record = tripakus_record(seed)
    report = check_record(record)
    assert report.valid, report.lines()
    assert report.standing == record.result
    assert sum(report.standing.values()) == 3 * 110 - sum(
        len(m.move.split()) - 1 for m in record.moves if not m.move.startswith("pass")
    )
    for copy in roundtrip(record):
        assert same(copy, record) and check_record(copy).valid


@FAST
@given(st.integers(0, 10_000))
def test_random_tripitz_games_replay_legal_with_hands_and_scores_add_up(seed):
    record = tripitz_record(seed)
    report = check_record(record)
    assert report.valid, report.lines()
    assert report.unchecked == []  # every hand and draw known
    per_player = {
        p: sum(m.score or 0 for m in record.moves if m.player == p) for p in record.players
    }
    assert report.standing == per_player == record.result
    for copy in roundtrip(record):
        assert same(copy, record)


@FAST
@given(st.integers(0, 10_000), st.integers(4, 9))
def test_random_tripod_games_replay_legal_and_round_trip(seed, size):
    record = tripod_record(seed, size)
    report = check_record(record)
    assert report.valid and report.over, report.lines()
    for copy in roundtrip(record):
        assert same(copy, record)


@FAST
@given(st.integers(0, 10_000), st.sampled_from(["spanish", "english"]))
def test_random_triominoes_rounds_replay_legal_and_round_trip(seed, rules):
    record = triominoes_record(seed, rules)
    report = check_record(record)
    assert report.valid, report.lines()
    assert report.unchecked == []
    assert report.standing == record.result
    if "out" in report.summary[0]:  # only the one going out scores at the round's end
        per_player = {
            p: sum(m.score for m in record.moves if m.player == p) for p in record.players
        }
        assert report.standing == per_player
    for copy in roundtrip(record):
        assert same(copy, record)


def test_later_triominoes_rounds_replay_open_and_say_so():
    record = triominoes_record(4, "english", rounds=2)
    report = check_record(record)
    assert report.valid, report.lines()
    assert any("from round 2 on" in u for u in report.unchecked)
    assert "2 round(s)" in report.summary[0]


# -- planted faults -----------------------------------------------------------------------


def only(report, kind):
    assert len(report.findings) == 1, report.lines()
    finding = report.findings[0]
    assert finding.kind == kind
    return finding


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_planted_tripakus_pass_is_the_one_illegal_move(seed):
    record = tripakus_record(seed)
    k = 7 + seed
    record.moves[k].move = str(PASS)
    finding = only(check_record(record), "illegal")
    assert finding.move == k + 1 and "can still place a piece" in finding.message


def test_a_planted_tripakus_edge_contact_is_found_and_named():
    game = TriPakusGame()
    record = Record("tripakus", moves=[])
    for _ in range(3):  # each player's first piece
        move = next(m for m in game.legal_moves() if m.piece != "moniamond")
        game.push(move)
        record.moves.append(MoveEntry(str(move)))
    # red's second piece: a single triangle edge-adjacent to red's first piece
    from printkit.geometry.tri import edge_neighbours

    own = game.placed["red"][0].cells
    free = next(
        c
        for cell in sorted(own)
        for c in sorted(edge_neighbours(cell))
        if 0 <= c[0] < 19 and abs(c[1]) <= c[0] and c not in own
    )
    record.moves.append(MoveEntry(f"moniamond ({free[0]},{free[1]})", "red"))
    finding = only(check_record(record), "illegal")
    assert finding.move == 4 and "along an edge" in finding.message


@pytest.mark.parametrize("seed", [4, 5])
def test_a_wrong_claimed_score_is_the_one_finding_and_replay_goes_on(seed):
    record = tripakus_record(seed)
    record.moves[12].score += 3
    report = check_record(record)
    finding = only(report, "score")
    assert (finding.move, finding.claimed - finding.computed) == (13, 3)
    assert report.replayed == len(record.moves) and report.stopped_at is None


def test_a_planted_tripitz_double_placement_and_a_wrong_score():
    record = tripitz_record(8)
    places = [k for k, m in enumerate(record.moves) if "@" in m.move]
    a, b = places[2], places[5]
    record.moves[b].move = (
        record.moves[b].move.split("@")[0] + "@" + record.moves[a].move.split("@")[1].split("/")[0]
    )
    finding = only(check_record(record), "illegal")
    assert finding.move == b + 1 and "already holds" in finding.message
    record = tripitz_record(8)
    record.moves[places[3]].score = 99
    finding = only(check_record(record), "score")
    assert finding.move == places[3] + 1 and finding.claimed == 99


def test_tripitz_worked_example_with_one_wrong_score():
    record = load_record(Path(__file__).parent.parent / "examples/tripitz-worked-example.txt")
    assert [m.score for m in record.moves] == [2, 4, 3, 3, 3, 8]
    record.moves[5].score = 6
    report = check_record(record)
    assert [f.kind for f in report.findings] == ["score"]  # the result claimed is right
    assert report.findings[0].computed == 8
    assert report.unchecked  # the hands are not in the record: it says what it skipped


def test_a_planted_tripod_repeat_and_a_wrong_winner():
    record = tripod_record(11)
    record.moves[6].move = (
        record.moves[2].move if record.moves[2].move != "swap" else record.moves[3].move
    )
    finding = only(check_record(record), "illegal")
    assert finding.move == 7 and "already taken" in finding.message
    record = tripod_record(11)
    record.winner = "Ben" if record.winner == "Ana" else "Ana"
    only(check_record(record), "result")


def test_a_planted_triominoes_corner_mismatch_and_a_wrong_bonus():
    record = triominoes_record(21)
    places = [k for k, m in enumerate(record.moves) if "@" in m.move]
    # a later tile turned one step: it shares an edge, so two corners change (only a
    # triple looks the same turned)
    k = next(k for k in places[1:] if len(set(record.moves[k].move.split(" @ ")[0])) > 2)
    numbers, cell = record.moves[k].move.split(" @ ")
    a, b, c = numbers.split("-")
    record.moves[k].move = f"{b}-{c}-{a} @ {cell}"
    finding = only(check_record(record), "illegal")
    assert finding.move == k + 1 and "corner" in finding.message, finding.message
    record = triominoes_record(21)
    record.moves[places[2]].score += 50  # a hexagon that is not there
    finding = only(check_record(record), "score")
    assert finding.claimed - finding.computed == 50


def test_triominoes_position_finds_mismatched_corners_and_repeats():
    record = parse_text("Game: triominoes\nKind: position\n(0,0) = 1-2-3\n(0,1) = 1-2-2\n")
    assert check_record(record).valid, check_record(record).lines()
    record = parse_text(
        "Game: triominoes\nKind: position\n(0,0) = 1-2-3\n(0,1) = 2-2-3\n(5,5) = 2-3-1\n"
    )
    messages = [f.message for f in check_record(record).findings]
    assert any("shows 1 on one tile and 2 on the other" in m for m in messages), messages
    assert any("1-2-3 lies on" in m for m in messages)
    assert any("share no edge" in m for m in messages)


# -- positions ----------------------------------------------------------------------------


def tripakus_position(seed: int) -> Record:
    game = TriPakusGame()
    rng = random.Random(seed)
    for _ in range(24):
        game.push(rng.choice(game.legal_moves()))
    cells = {
        f"({r},{c})": p
        for p, pieces in game.placed.items()
        for piece in pieces
        for r, c in piece.cells
    }
    return Record("tripakus", kind="position", cells=cells)


def test_a_tripakus_position_from_play_is_valid_and_its_pieces_are_found():
    report = check_record(tripakus_position(3))
    assert report.valid, report.lines()
    assert "pieces on the board: blue 8, red 8, yellow 8" in report.summary


def test_a_tripakus_position_with_a_merged_patch_is_reported():
    record = tripakus_position(3)
    red = [c for c, p in record.cells.items() if p == "red" and c != "(18,-18)"]
    # paint one red triangle yellow: red's piece loses a triangle, yellow gains a loose one
    record.cells[red[0]] = "yellow"
    report = check_record(record)
    assert not report.valid
    assert any(
        "form no TriPakus piece" in f.message or "yellow" in f.message for f in report.findings
    )


def test_a_tripitz_position_with_a_duplicate_pid_and_an_empty_centre():
    record = parse_text("Game: tripitz\nKind: position\nRTW: 45 12\nYCK: 46\nGSL: 57\n")
    messages = [f.message for f in check_record(record).findings]
    assert any("RTW is on cavities 12 and 45" in m for m in messages)
    assert any("centre cavity 58 empty" in m for m in messages)
    record = parse_text(
        "Game: tripitz\nKind: position\n45 = RTW\n46 = YCK\n57 = GSL\n"
        "58 = BCN\n12 = RCW\n47 = RCK\n"
    )
    assert [f.message for f in check_record(record).findings] == [
        "pids on cavities 12 are not connected to the centre"
    ]


def test_a_tripod_position_counts_stones_and_finds_the_winner():
    record = tripod_record(5, 5)
    game = TripodGame(TripodOptions(size=5))
    for m in record.moves:
        game.play(m.move)
    cells = {str(c): s.name for c, s in game.position().items()}
    report = check_record(Record("tripod", kind="position", options={"size": 5}, cells=cells))
    assert report.valid and report.winner == game.winner.name
    cells[next(iter(cells))] = "O" if cells[next(iter(cells))] == "X" else "X"
    assert not check_record(
        Record("tripod", kind="position", options={"size": 5}, cells=cells)
    ).valid


# -- bad input: exit 2, never a traceback -------------------------------------------------


@pytest.mark.parametrize(
    "text, words",
    [
        ("Game: tripitz\nPlayers: a, b\n1. a: ZZZ@35\n", "unknown Tripitz pid 'ZZZ'"),
        ("Game: tripitz\nPlayers: a, b\n1. a: exchange RTW,RJW\n", "unknown Tripitz pid 'RJW'"),
        ("Game: tripitz\nPlayers: a, b\nCentre: RTW YCK GSL BCN\n1. a: RCW@999\n", "no cavity 999"),
        ("Game: triominoes\nPlayers: a, b\n1. a: 9-9-9 @ (0,0)\n", "unknown Triominoes tile"),
        ("Game: triominoes\nPlayers: a, b\n1. a: 1-0-2 @ (0,0)\n", "the tile is 0-1-2"),
        ("Game: triominoes\nPlayers: a, b\n1. a: draw 6-6-6\n", "unknown Triominoes tile"),
        ("Game: tripakus\nPlayers: r, y\n1. r: banana (0,0)\n", "unknown TriPakus piece"),
        ("Game: tripod\nOption: size = 11\n1. a12\n", "not a cell of the size-11 board"),
        ("Game: tripod\nOption: size = 5\n1. z99\n", "'z99' is not a cell of the size-5 board"),
    ],
)
def test_a_well_formed_name_not_in_the_game_is_a_finding(
    tmp_path, capsys, monkeypatch, text, words
):
    """A cell, pid, tile or piece written well but not on this board or in this set is an
    illegal move (exit 1) in every game, in plain words without internal type names."""
    path = tmp_path / "game.txt"
    path.write_text(text)
    code, out, err = run(["check", str(path)], capsys, monkeypatch)
    assert (code, err) == (1, ""), err
    assert words in out and "move 1 (line" in out and "stopped at move 1" in out, out
    assert "Colour" not in out and "Error" not in out
    picture = tmp_path / "game.svg"
    code, _, err = run(["show", str(path), "--out", str(picture)], capsys, monkeypatch)
    assert code == 0 and picture.exists(), err


@pytest.mark.parametrize(
    "text, fragment",
    [
        ("Players: a, b\n", "no 'Game:' line"),
        ("Players: a, b\n1. a1\n", "must start with a 'Game:' line"),
        ("Game: chess\n", "unknown game 'chess'"),
        ("Game: tripod\nOption: size = 40\n1. a1\n", "size"),
        ("Game: tripod\nRules: fast\n1. a1\n", "unknown tripod rules 'fast'"),
        ("Game: tripod\n1. zz99\n", "move 1"),
        ("Game: tripakus\n1. crown (1,1) banana\n", "move 1"),
        ("Game: tripitz\n1. QQ@4\n", "move 1"),
        ("Game: triominoes\n1. 1-2 @ (0,0)\n", "move 1"),
        ("Game: tripitz\nOption: colour = blue\n1. pass\n", "unknown tripitz option 'colour'"),
        ("Game: tripod\nKind: position\nX: a1 a1x\n", "a1x"),
        ("Game: tripakus\nResult: red twelve\n", "whole number"),
        (
            '{"format": "printkit-record", "version": 1, "kind": "game", "game": "tripod",\n'
            ' "moves": [{"move": "a1"}, {"mv": "b2"}]}',
            "bad.rec:2: moves/1: 'move' is a required",
        ),
        ('{"format": "printkit-record", "version": 2}', "version"),
        ("{ not json", "not valid JSON"),
    ],
)
def test_bad_records_are_one_line_exit_2(tmp_path, capsys, monkeypatch, text, fragment):
    path = tmp_path / "bad.rec"
    path.write_text(text)
    code, out, err = run(["check", str(path)], capsys, monkeypatch)
    assert code == 2
    assert err.count("\n") == 1 and fragment in err and str(path) in err, err


def test_check_command_exit_codes_and_json(tmp_path, capsys, monkeypatch):
    good = Path(__file__).parent.parent / "examples" / "tripakus-game.txt"
    code, out, _ = run(["check", str(good)], capsys, monkeypatch)
    assert code == 0 and "verdict: valid" in out
    record = load_record(good)
    record.moves[9].score = 1
    bad = tmp_path / "bad.json"
    bad.write_text(dumps_json(record))
    code, out, _ = run(["check", str(bad), "--json"], capsys, monkeypatch)
    data = json.loads(out)
    assert code == 1 and not data["valid"]
    assert [(f["kind"], f["move"]) for f in data["findings"]] == [("score", 10)]
    tripod = Path(__file__).parent.parent / "examples" / "tripod-game.txt"
    code, out, _ = run(["check", str(tripod), "--rules", "no-swap"], capsys, monkeypatch)
    assert code == 1 and "move 2 (line 7): swap is switched off" in out


@pytest.mark.parametrize("suffix", [".svg", ".png", ".pdf"])
def test_show_draws_the_position_with_the_move_highlighted(tmp_path, capsys, monkeypatch, suffix):
    record = tripakus_record(2)
    record.moves[15].move = record.moves[1].move
    path = tmp_path / "bad.txt"
    path.write_text(format_text(record))
    out = tmp_path / ("pic" + suffix)
    code, _, err = run(["show", str(path), "--out", str(out)], capsys, monkeypatch)
    assert code == 0, err and out.stat().st_size > 1000
    if suffix == ".svg":
        svg = out.read_text()
        assert "ILLEGAL" in svg and "move 16" in svg and "#e0007a" in svg


_LINES = st.sampled_from(
    [
        "Kind: position\n",
        "Rules: english\n",
        "Option: size = 5\n",
        "Players: a, b\n",
        "Hand a: 1-2-3 0-0-0\n",
        "Centre: RTW\n",
        "1. a1\n",
        "crown (1,0) (1,1)\n",
        "RTW@45\n",
        "draw\n",
        "pass\n",
        "X: a1 b2\n",
        "(0,0) = 1-2-3\n",
        "45 = RTW\n",
        "Result: a 3\n",
    ]
)


@settings(max_examples=400, deadline=None)
@given(
    st.sampled_from(["tripakus", "tripitz", "triominoes", "tripod"]),
    st.lists(_LINES | st.text(alphabet=st.characters(codec="utf-8"), max_size=40), max_size=8),
)
def test_fuzz_text_records_end_in_a_verdict_or_a_record_error(game, lines):
    try:
        record = parse_text(f"Game: {game}\n" + "".join(lines))
        check_record(record)
    except RecordError:
        pass


_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(["tripakus", "tripitz", "triominoes", "tripod"]),
    st.text(max_size=10),
    _json,
    st.sampled_from(["moves", "setup", "options", "cells", "result", "players", "kind"]),
)
def test_fuzz_json_records_end_in_a_verdict_or_a_record_error(game, move, junk, key):
    data = {
        "format": "printkit-record",
        "version": 1,
        "kind": "game",
        "game": game,
        "moves": [{"move": move or "pass"}],
    }
    data[key] = junk
    try:
        check_record(parse_json(json.dumps(data)))
    except RecordError:
        pass


def test_a_second_start_corner_is_not_a_second_chain():
    # Paint red's corner triangle yellow: a lone yellow triangle on a board corner.  Each
    # player's pieces form one chain from one start, so it is cut off from yellow's pieces.
    record = tripakus_position(3)
    corner = next(c for c in ("(18,-18)", "(0,0)", "(18,18)") if record.cells.get(c) == "red")
    record.cells[corner] = "yellow"
    messages = [f.message for f in check_record(record).findings]
    assert any(m.startswith("moniamond for yellow is cut off") for m in messages), messages
