"""Trigon: the hexagonal boards against Pentobi's own figures, Pentobi's game files checked,
mutated and converted, and the SGF reader fuzzed."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printkit.errors import RecordError
from printkit.games.trigon import pentobi
from printkit.games.trigon.rules import PRESETS, VARIANTS, TrigonGame, new_game
from printkit.geometry.tri import rotate_about_board_centre
from printkit.polyiamond_games.boards import hexagon, triangle
from printkit.polyiamond_games.engine import placements
from printkit.polyiamond_games.pieces import PIECES
from printkit.records.check import check_record
from printkit.records.io import load_record, parse_json, record_text
from printkit.records.sgf import SgfError, main_line, parse_sgf

# Games Pentobi's engine played against itself (pentobi-gtp 31.0-dev), kept unchanged.
ANCHORS = Path(__file__).parent / "data" / "pentobi"
FILES = sorted(ANCHORS.glob("*.blksgf"))


def brute_force_count(board) -> int:
    """Placements found by trying every orientation at every shift: no tables involved."""
    cells = board.cells
    rows = [r for r, _ in cells]
    cols = [c for _, c in cells]
    found = 0
    for piece in PIECES:
        for shape in piece.orientations():
            for dr in range(min(rows) - 6, max(rows) + 1):
                for dc in range(min(cols) - 12, max(cols) + 1):
                    if (dr + dc) % 2 == 0 and all((r + dr, c + dc) in cells for r, c in shape):
                        found += 1
    return found


# --------------------------------------------------------------------------- Pentobi's figures


@pytest.mark.parametrize(("edge", "count"), [(9, 32131), (8, 24859)])
def test_placements_on_the_hexagons_are_pentobis(edge, count):
    board = hexagon(edge)
    assert len(board.cells) == 6 * edge * edge
    found = placements(board)
    assert len(found) == len({(m.piece, m.cells) for m in found}) == count
    assert brute_force_count(board) == count


@pytest.mark.parametrize("edge", [9, 8])
def test_first_moves_on_an_empty_board_are_pentobis(edge):
    game = TrigonGame(PRESETS["trigon" if edge == 9 else "trigon-three-player"])
    moves = game.legal_moves()
    assert len(moves) == 2478
    by_size = Counter(len(m.cells) for m in moves)
    assert sorted(by_size.items()) == [(1, 6), (2, 18), (3, 54), (4, 168), (5, 540), (6, 1692)]


@pytest.mark.parametrize("edge", [9, 8])
def test_the_hexagon_and_its_starting_points_turn_into_themselves(edge):
    board = hexagon(edge)
    # the hexagon is the side-3n triangle without its corners: the same centre
    turned = {rotate_about_board_centre(c, 3 * edge) for c in board.cells}
    assert turned == board.cells
    starts = set(board.starts)
    assert len(starts) == 6 and starts <= board.cells
    assert {rotate_about_board_centre(c, 3 * edge) for c in starts} == starts


def test_pentobi_names_follow_its_documented_corner_and_order():
    board = hexagon(9)
    names = {board.pentobi_name(c) for c in board.cells}
    assert len(names) == 486
    # a1 is the lower left corner of the bounding rectangle: off the hexagon; the bottom row
    # (row 1) runs from column i (x = 8) to aa (x = 26); the widest rows have a .. ai
    assert "a1" not in names and "i1" in names and "aa1" in names and "h1" not in names
    assert "a9" in names and "ai9" in names and "a10" in names and "aj9" not in names
    for cell in board.cells:
        assert board.parse_pentobi(board.pentobi_name(cell)) == cell
    # the starting points of Pentobi's table, by its (x, y) from the top
    assert {board.xy(c) for c in board.starts} == {
        (17, 3),
        (17, 14),
        (9, 6),
        (9, 11),
        (25, 6),
        (25, 11),
    }


def test_the_triangle_keeps_the_tripakus_counts():
    assert len(placements(triangle(19))) == 22304


# --------------------------------------------------------------------------- Pentobi's files


def claimed_final_score(path: Path) -> str:
    return re.search(r"final_score: ([^\]\n]*)", path.read_text())[1].strip()


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_pentobi_examples_replay_valid_with_their_final_scores(path):
    record = load_record(path)
    report = check_record(record)
    assert report.exit_code == 0 and not report.findings
    assert report.over
    claimed = claimed_final_score(path)
    scores = report.standing
    if record.rules == "trigon-two-player":
        margin = scores["blue"] + scores["red"] - scores["yellow"] - scores["green"]
        assert claimed == (f"B+{margin}" if margin > 0 else f"W+{-margin}" if margin else "0")
    else:
        assert claimed.split() == [str(scores[c]) for c in PRESETS[record.rules].players]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_printkit_check_on_a_pentobi_file_as_a_user_runs_it(path):
    done = subprocess.run(
        [sys.executable, "-m", "printkit", "check", str(path), "--json"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["findings"] == [] and data["game"] == "trigon"


def moves_of(text: str) -> list[tuple[str, str]]:
    return re.findall(r";([1-4])\[([^\]]*)\]", text)


def mutate(path: Path, tmp_path: Path, change) -> tuple[Path, int]:
    """A copy of a Pentobi file with its moves changed by ``change(moves) -> (moves, k)``."""
    text = path.read_text()
    head = text[: text.index(";", text.index("GM["))]
    moves, k = change(moves_of(text))
    out = tmp_path / f"mutated-{path.name}"
    out.write_text(head + "".join(f";{c}[{v}]\n" for c, v in moves) + ")\n")
    return out, k


def test_an_overlapping_move_is_rejected_at_its_place(tmp_path):
    path = ANCHORS / "trigon-4p-example-1.blksgf"

    def overlap(moves):
        # blue's second move: a moniamond on a cell of yellow's first piece
        moves = list(moves)
        moves[4] = (moves[4][0], moves[1][1].split(",")[2])
        return moves, 5

    bad, k = mutate(path, tmp_path, overlap)
    report = check_record(load_record(bad))
    assert report.exit_code == 1 and report.stopped_at == k
    assert "overlaps yellow's" in report.findings[0].message


def test_a_left_out_pass_for_a_colour_that_could_move_is_rejected(tmp_path):
    path = ANCHORS / "trigon-4p-example-1.blksgf"

    def drop(moves):
        # remove yellow's 10th move: the record then has red move where yellow still could
        moves = list(moves)
        k = [i for i, (c, _) in enumerate(moves) if c == "2"][9]
        del moves[k]
        return moves, k + 1

    bad, k = mutate(path, tmp_path, drop)
    report = check_record(load_record(bad))
    assert report.exit_code == 1 and report.stopped_at == k
    assert "yellow can still place a piece" in report.findings[0].message


def test_a_wrong_colour_order_is_rejected(tmp_path):
    path = ANCHORS / "trigon-3p-example-1.blksgf"

    def swap(moves):
        moves = list(moves)
        moves[0], moves[1] = moves[1], moves[0]
        return moves, 1

    bad, k = mutate(path, tmp_path, swap)
    report = check_record(load_record(bad))
    assert report.exit_code == 1 and report.stopped_at == k
    assert "blue" in report.findings[0].message


def test_passes_left_out_at_the_end_are_filled_in():
    record = load_record(ANCHORS / "trigon-2p-example-1.blksgf")
    from printkit.games.trigon.record import replay

    game = replay(record)
    passes = [m for _, m in game.history if str(m).startswith("pass")]
    assert len(game.history) == len(record.moves) + len(passes) and passes
    assert game.is_over()


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_blksgf_to_json_to_blksgf_keeps_the_moves(path, tmp_path):
    record = load_record(path)
    as_json = record_text(record, tmp_path / "game.json")
    again = parse_json(as_json, "game.json")
    assert [m.move for m in again.moves] == [m.move for m in record.moves]
    written = record_text(again, tmp_path / "game.blksgf")
    assert moves_of(written) == moves_of(path.read_text())
    assert (
        re.search(r"GM\[([^\]]*)\]", written)[1]
        == re.search(r"GM\[([^\]]*)\]", path.read_text())[1]
    )
    # and the text form reads back to the same moves
    text = record_text(record, tmp_path / "game.txt")
    (tmp_path / "game.txt").write_text(text)
    assert [m.move for m in load_record(tmp_path / "game.txt").moves] == [
        m.move for m in record.moves
    ]


def test_cli_convert_round_trip(tmp_path):
    source = tmp_path / "game.blksgf"
    source.write_text((ANCHORS / "trigon-3p-example-1.blksgf").read_text())
    run = [sys.executable, "-m", "printkit", "convert"]
    done = subprocess.run([*run, str(source), "--to", "json"], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    back = tmp_path / "back.blksgf"
    done = subprocess.run(
        [*run, str(tmp_path / "game.json"), "--to", "blksgf", "--out", str(back)],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    assert moves_of(back.read_text()) == moves_of(source.read_text())
    bad = subprocess.run([*run, str(source), "--to", "pdf"], capture_output=True, text=True)
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "--to 'pdf'" in bad.stderr


def test_setup_pieces_are_laid_down_before_the_moves(tmp_path):
    path = tmp_path / "setup.blksgf"
    path.write_text(
        "(;GM[Blokus Trigon]CA[UTF-8]A1[r12,q13,r13,q14,r14,r15]A2[r4,q5,r5,q6,r6,r7]PL[3]\n"
        ";3[l10,m10,k11,l11,j12,k12])\n"
    )
    record = load_record(path)
    assert record.setup["to_play"] == "red"
    report = check_record(record)
    assert report.exit_code == 0, report.findings
    assert report.standing["blue"] == 6 and report.standing["yellow"] == 6
    # written back with its setup
    assert "A1[r12,q13,r13,q14,r14,r15]" in pentobi.write(record)
    # a setup piece off its rules (blue's second piece touching its first along an edge)
    path.write_text("(;GM[Blokus Trigon]A1[r15][r14];2[r4,q5,r5,q6,r6,r7])\n")
    report = check_record(load_record(path))
    assert report.exit_code == 1 and "setup:" in report.findings[0].message


# --------------------------------------------------------------------------- bad files


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "no game tree"),
        ("(;GM[Blokus Trigon]", "')' is missing"),
        ("(;GM[Blokus Trigon];1[r12,q13", "never closed"),
        ("(;GM[Blokus]CA[UTF-8];1[a1])", "not a Trigon game"),
        ("(;GM[Blokus Trigon];1[r12 q13])", "no spaces"),
        ("(;GM[Blokus Trigon];1[a1];2[r4];B[r5])", "four-colour"),
        ("(;GM[Blokus Trigon Three-Player];4[p14])", "3 colours"),
        ("(;GM[Blokus Trigon];1[r15]A1[r4])", "after the first node"),
        ("(;GM[Blokus Trigon];1[12r])", "not a cell name"),
        ("(;GM[Blokus Trigon])(;GM[Blokus Trigon])", "2 games"),
    ],
)
def test_bad_pentobi_files_end_in_one_line(tmp_path, text, words):
    path = tmp_path / "bad.blksgf"
    path.write_text(text)
    with pytest.raises(RecordError, match=re.escape(words)):
        load_record(path)
    done = subprocess.run(
        [sys.executable, "-m", "printkit", "check", str(path)], capture_output=True, text=True
    )
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "bad.blksgf" in done.stderr


def test_a_move_off_the_board_is_illegal_at_its_place(tmp_path):
    path = tmp_path / "off.blksgf"
    path.write_text("(;GM[Blokus Trigon];1[r15];2[a1])")
    report = check_record(load_record(path))
    assert report.exit_code == 1 and report.stopped_at == 2


SGF_TOKENS = st.sampled_from(["(", ")", ";", "GM", "[", "]", "\\", "1", "A1", "r12,q13", " ", "\n"])


@settings(max_examples=300, deadline=None)
@given(st.lists(SGF_TOKENS, max_size=40).map("".join))
def test_the_sgf_reader_fails_only_with_sgf_errors(text):
    try:
        trees = parse_sgf(text)
    except SgfError as e:
        assert e.line >= 1 and e.column >= 1
    else:
        assert trees and all(main_line(t) for t in trees)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=60))
def test_pentobi_read_never_fails_with_anything_but_a_record_error(text):
    try:
        pentobi.read("(;GM[Blokus Trigon]" + text, "fuzz.blksgf")
    except RecordError:
        pass


def test_variants_name_the_presets():
    assert set(VARIANTS.values()) <= set(PRESETS)
    assert new_game("trigon-two-player").options.teams == {
        "blue/red": ("blue", "red"),
        "yellow/green": ("yellow", "green"),
    }


EXAMPLES = Path(__file__).parent.parent / "examples"


@pytest.mark.parametrize("name", ["trigon-game.txt", "trigon-two-player-pentobi.blksgf"])
def test_the_trigon_examples_are_valid(name):
    report = check_record(load_record(EXAMPLES / name))
    assert report.exit_code == 0 and not report.findings and report.over


def test_wrong_claims_in_a_trigon_record_are_each_reported(tmp_path):
    text = (EXAMPLES / "trigon-game.txt").read_text()
    text = text.replace("r7 = 6", "r7 = 5").replace("Result: blue 130", "Result: blue 128")
    path = tmp_path / "claims.txt"
    path.write_text(text)
    report = check_record(load_record(path))
    kinds = [(f.kind, f.claimed, f.computed) for f in report.findings]
    assert kinds == [("score", 5, 6), ("result", 128, 130)]
    assert report.exit_code == 1 and report.stopped_at is None
