"""``printkit log``: a game record from a photo of the board after each turn.

Most cases are checked on positions (cell name → content, as a reading gives them) fed
straight to the move inference; a few photo sequences of real games go end to end through
the reader, the worker pool and the command line.
"""

from __future__ import annotations

import functools
import multiprocessing
import os
import random
import shutil
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import cv2
import numpy as np
import pytest
from conftest import layout_for
from conftest import run_cli as run
from PIL import Image

from printkit.errors import PrintkitError
from printkit.games import find_game
from printkit.games.tripakus.rules import TriPakusGame, TriPakusOptions
from printkit.games.tripakus.rules import placements as tripakus_placements
from printkit.games.tripakus.staging import stage_of
from printkit.polyiamond_games.moves import Placement
from printkit.records.check import check_record
from printkit.records.io import load_record
from printkit.vision import synth
from printkit.vision.log import EMPTY, Shot, log_positions, order_photos, turn_sequence
from printkit.vision.model import board_models
from printkit.vision.photoshoot import shoot
from printkit.vision.scenes import photograph
from printkit.vision.threads import THREAD_VARIABLES, workers_start_single_threaded

# --- helpers ------------------------------------------------------------------------------


def shot(
    name: str, cells: dict[str, str], uncertain=(), error: str | None = None, variant: str = ""
) -> Shot:
    """A photo as the reader would give it: every cell, each read with confidence 0.9."""
    return Shot(
        Path(name), dict(cells), frozenset(uncertain), {n: 0.9 for n in cells}, variant, error
    )


def names_of(game: str) -> list[str]:
    """Every cell of the game's (first) board as records name it."""
    from printkit.records.position import record_cell_name

    model = board_models(game, layout_for())[0]
    return [record_cell_name(model.cell_key(k)) for k in model.cells]


def full(names: list[str], position: dict[str, str]) -> dict[str, str]:
    return {n: position.get(n, EMPTY) for n in names}


def move_log(game: str, players=None, rules=None):
    return find_game(game).reader.move_log(layout_for(), players, rules)


def tripakus_game(moves: int, seed: int) -> tuple[TriPakusGame, list[dict[str, str]]]:
    """A random legal TriPakus game and the position after each of its moves."""
    game = TriPakusGame(TriPakusOptions())
    rng = random.Random(seed)
    positions = [game.position_cells()]
    for _ in range(moves):
        game.push(rng.choice(game.legal_moves()))
        positions.append(game.position_cells())
    return game, positions


def prefix(names: list[str], positions: list[dict[str, str]], upto: int) -> list[Shot]:
    """A photo after each of the first ``upto`` moves."""
    return [shot(f"0{k}.jpg", full(names, positions[k])) for k in range(1, upto + 1)]


def history(game) -> list[str]:
    return [game.move_text(m) for _, m in game._history]


# --- move inference on positions ---------------------------------------------------------


def test_a_game_photographed_after_every_move_is_logged_move_for_move():
    game, positions = tripakus_game(12, 1)
    names = names_of("tripakus")
    shots = [shot(f"IMG_{k}.jpg", full(names, p)) for k, p in enumerate(positions)]
    result = log_positions("tripakus", shots, move_log("tripakus"))
    record = result.record
    assert [m.move for m in record.moves] == history(game)
    assert [m.player for m in record.moves] == ["red", "yellow", "blue"] * 4
    assert record.moves[0].note == "photo IMG_1.jpg, confidence 0.90"
    assert result.lines[0] == "IMG_0.jpg: the starting position"
    assert result.confirm == [] and result.skipped == 0
    assert check_record(record).valid


def test_duplicates_unreadable_photos_and_several_turns_between_photos():
    game, positions = tripakus_game(7, 2)
    names = names_of("tripakus")
    shots = [
        shot("IMG_1.jpg", full(names, positions[1])),
        shot("IMG_2.jpg", full(names, positions[1])),  # the same position again
        shot("IMG_3.jpg", {}, error="the photo is too blurred to read"),
        shot("IMG_4.jpg", full(names, positions[4])),  # three turns later
        shot("IMG_5.jpg", full(names, positions[7])),
    ]
    result = log_positions("tripakus", shots, move_log("tripakus"))
    assert [m.move for m in result.record.moves] == history(game)
    assert result.skipped == 2
    assert "IMG_2.jpg: skipped: no change since IMG_1.jpg (the same position)" in result.lines
    assert "IMG_3.jpg: skipped: the photo is too blurred to read" in result.lines
    assert "IMG_4.jpg: 3 moves since IMG_1.jpg" in result.lines
    assert result.confirm == []
    assert check_record(result.record).valid


def test_a_board_of_identical_sections_is_read_the_way_round_the_last_photo_was():
    from printkit.vision.log import _turns

    sections = board_models("tripakus", layout_for())[0]
    turns = _turns(sections)
    assert len(turns) == 3 and len({tuple(sorted(t.items())) for t in turns}) == 3
    game, positions = tripakus_game(6, 12)
    names = names_of("tripakus")
    shots = []
    for k in range(1, 7):
        turn = turns[(k - 1) % 3]  # the camera held another way round each time
        seen = shot(f"{k}.jpg", {turn[n]: v for n, v in full(names, positions[k]).items()})
        seen.turns = turns
        shots.append(seen)
    result = log_positions("tripakus", shots, move_log("tripakus"))
    assert result.skipped == 0
    assert [m.move for m in result.record.moves] == history(game)


def test_a_colour_with_nothing_new_between_two_photos_passed():
    moves, doubts, mover = turn_sequence(
        {"red": ["a"], "blue": ["b"]}, ["red", "yellow", "blue"], "red", passes=True
    )
    assert moves == [("red", "a"), ("yellow", None), ("blue", "b")]
    assert doubts == [] and mover == "red"
    moves, _, mover = turn_sequence(
        {"red": ["c"], "blue": ["d"]}, ["red", "yellow", "blue"], "red", True, {"yellow"}
    )
    assert moves == [("red", "c"), ("blue", "d")] and mover == "red"


def test_two_new_pieces_of_one_colour_are_listed_for_the_players_to_confirm():
    game, positions = tripakus_game(4, 3)
    names = names_of("tripakus")
    shots = [shot("a.jpg", full(names, {})), shot("b.jpg", full(names, positions[4]))]
    result = log_positions("tripakus", shots, move_log("tripakus"))
    assert [m.player for m in result.record.moves] == ["red", "yellow", "blue", "red"]
    assert sorted(m.move for m in result.record.moves) == sorted(history(game))
    assert len(result.confirm) == 2  # red's two pieces: which came first is not seen
    assert all("red has 2 new moves here: their order is not seen" in c for c in result.confirm)


def test_a_reflection_over_older_pieces_skips_the_photo_and_the_next_one_catches_up():
    """The cells a reflection washes out are read uncertain: the photo is skipped with a
    request for a retake, never read as pieces gone, and the next photo gives both moves
    (reading such a photo from its sure cells alone was tried: on 50 second-family photos
    in rotating conditions it logged pieces a hand half hid as smaller ones)."""
    game, positions = tripakus_game(3, 5)
    names = names_of("tripakus")
    first = full(names, positions[1])
    washed = [n for n, v in first.items() if v != EMPTY]  # a reflection over the first piece
    second = full(names, positions[2]) | dict.fromkeys(washed, EMPTY)
    shots = [
        shot("IMG_1.jpg", first),
        shot("IMG_2.jpg", second, uncertain=washed),
        shot("IMG_3.jpg", full(names, positions[3])),
    ]
    result = log_positions("tripakus", shots, move_log("tripakus"))
    assert [m.move for m in result.record.moves] == history(game)
    skipped = next(line for line in result.lines if line.startswith("IMG_2.jpg: skipped: "))
    count = len(washed) + len(positions[2]) - len(positions[1])
    assert skipped.endswith(
        f"; {len(washed)} of the {count} cells changed were read uncertain "
        "(a reflection or a hand over them?): retake this photo"
    )
    assert "IMG_3.jpg: 2 moves since IMG_1.jpg" in result.lines
    assert check_record(result.record).valid
    shots[1] = shot("IMG_2.jpg", second)  # read surely: nothing to retake for
    result = log_positions("tripakus", shots, move_log("tripakus"))
    assert not any("retake" in line for line in result.lines)


def test_a_photo_whose_every_change_is_read_uncertain_asks_for_a_retake():
    game, positions = tripakus_game(1, 5)
    names = names_of("tripakus")
    first = full(names, positions[1])
    washed = [n for n, v in first.items() if v != EMPTY]
    shots = [
        shot("IMG_1.jpg", first),
        shot("IMG_2.jpg", first | dict.fromkeys(washed, EMPTY), uncertain=washed),
    ]
    result = log_positions("tripakus", shots, move_log("tripakus"))
    skipped = next(line for line in result.lines if line.startswith("IMG_2.jpg: skipped: "))
    assert skipped.endswith(
        f"; {len(washed)} of the {len(washed)} cells changed were read uncertain "
        "(a reflection or a hand over them?): retake this photo"
    )


def test_a_move_beside_cells_read_uncertain_is_listed_for_the_players_to_confirm():
    """A piece part of which a reflection washes out reads smaller: the empty cells
    beside it that the photo could not read surely make the move one to confirm."""
    from printkit.geometry.tri import edge_neighbours

    game, positions = tripakus_game(2, 4)
    names = names_of("tripakus")
    new = sorted(set(positions[2]) - set(positions[1]))
    cells = {game.parse_cell(n) for n in new}
    beside = sorted(
        game.cell_text(c)
        for c in {n for c in cells for n in edge_neighbours(c)} - cells
        if c in game.board.cells and game.cell_text(c) not in positions[2]
    )
    shots = [
        shot("a.jpg", full(names, positions[1])),
        shot("b.jpg", full(names, positions[2]), uncertain=beside[:1]),
    ]
    result = log_positions("tripakus", shots, move_log("tripakus"))
    assert result.confirm == [
        f"move 2 (b.jpg): yellow: {history(game)[1]}: cells {beside[0]} beside it read "
        "uncertain: it may reach under them"
    ]


def test_uncertain_cells_of_a_move_are_listed_for_the_players_to_confirm():
    game, positions = tripakus_game(2, 4)
    names = names_of("tripakus")
    cell = sorted(set(positions[2]) - set(positions[1]))[0]
    shots = [
        shot("a.jpg", full(names, positions[1])),
        shot("b.jpg", full(names, positions[2]), uncertain=[cell]),
    ]
    result = log_positions("tripakus", shots, move_log("tripakus"))
    assert result.confirm == [
        f"move 2 (b.jpg): yellow: {history(game)[1]}: cells {cell} read with low confidence"
    ]


def _shifted(game: TriPakusGame, colour: str) -> tuple[Placement, Placement]:
    """One of ``colour``'s pieces and the same piece a little aside, on free cells."""
    taken = {c for ms in game.placed.values() for m in ms for c in m.cells}
    board = game.options.board.cells
    for piece in game.placed[colour]:
        for dr, dc in ((0, 2), (0, -2), (1, 1), (-1, 1), (1, -1), (-1, -1), (0, 4), (0, -4)):
            cells = {(r + dr, c + dc) for r, c in piece.cells}
            if cells <= board and not (cells - piece.cells) & taken:
                return piece, Placement(piece.piece, frozenset(cells))
    raise AssertionError("no room to nudge a piece")


def _with(position: dict[str, str], game, old: Placement, new: Placement, colour: str):
    moved = {n: v for n, v in position.items() if game.parse_cell(n) not in old.cells}
    moved.update({game.cell_text(c): colour for c in new.cells})
    return moved


def test_a_nudged_piece_is_reported_and_its_photo_skipped():
    game, positions = tripakus_game(6, 5)
    names = names_of("tripakus")
    piece, aside = _shifted(game, "red")
    nudged = _with(positions[5], game, piece, aside, "red")
    shots = prefix(names, positions, 4) + [
        shot("2.jpg", full(names, nudged)),  # yellow's move 5 and red's piece knocked aside
        shot("3.jpg", full(names, positions[6])),  # put back, and blue's move 6
    ]
    result = log_positions("tripakus", shots, move_log("tripakus"))
    skipped = [line for line in result.lines if line.startswith("2.jpg: skipped: ")]
    assert len(skipped) == 1 and "a piece was moved, which is no move: red's" in skipped[0]
    assert [m.move for m in result.record.moves][-2:] == history(game)[-2:]
    assert "3.jpg: 2 moves since 04.jpg" in result.lines
    assert check_record(result.record).valid


def test_a_piece_that_stays_nudged_is_taken_as_the_board_from_then_on():
    game, positions = tripakus_game(7, 6)
    names = names_of("tripakus")
    piece, aside = _shifted(game, "red")
    shots = prefix(names, positions, 4) + [
        shot("2.jpg", full(names, _with(positions[5], game, piece, aside, "red"))),
        shot("3.jpg", full(names, _with(positions[6], game, piece, aside, "red"))),
        shot("4.jpg", full(names, _with(positions[7], game, piece, aside, "red"))),
    ]
    result = log_positions("tripakus", shots, move_log("tripakus"))
    assert "3.jpg: the change seen on the photo before is still there" in result.lines
    assert [m.move for m in result.record.moves] == history(game)
    assert result.skipped == 1


def test_a_hand_over_the_board_is_skipped():
    game, positions = tripakus_game(3, 7)
    names = names_of("tripakus")
    hand = dict(positions[3])
    for name in list(hand)[:4]:
        hand[name] = EMPTY
    shots = prefix(names, positions, 2) + [
        shot("2.jpg", full(names, hand)),
        shot("3.jpg", full(names, positions[3])),
    ]
    result = log_positions("tripakus", shots, move_log("tripakus"))
    assert any("2.jpg: skipped: cells emptied or changed" in line for line in result.lines)
    assert [m.move for m in result.record.moves] == history(game)


def _illegal(game: TriPakusGame) -> Placement:
    """A placement on free cells that the player to move may not make."""
    taken = {c for ms in game.placed.values() for m in ms for c in m.cells}
    for move in tripakus_placements(game.options.board_size):
        if not move.cells & taken and game.why_illegal(move) is not None:
            return move
    raise AssertionError("no illegal placement found")


def test_an_illegal_move_is_written_as_seen_and_the_check_reports_it():
    game, positions = tripakus_game(4, 8)
    names = names_of("tripakus")
    wrong = _illegal(game)
    reason = game.why_illegal(wrong)
    game.push(wrong)
    shots = prefix(names, positions, 4) + [shot("2.jpg", full(names, game.position_cells()))]
    result = log_positions("tripakus", shots, move_log("tripakus"))
    assert [m.move for m in result.record.moves][-1] == game.move_text(wrong)
    report = check_record(result.record)
    assert report.exit_code == 1 and reason in report.findings[0].message


def test_trigon_moves_are_named_as_printed():
    from printkit.games.trigon.rules import TrigonGame

    game = TrigonGame()
    rng = random.Random(9)
    positions = [game.position_cells()]
    for _ in range(5):
        game.push(rng.choice(game.legal_moves()))
        positions.append(game.position_cells())
    names = names_of("trigon")
    shots = [shot(f"{k}.jpg", full(names, positions[k])) for k in (0, 1, 2, 5)]
    result = log_positions("trigon", shots, move_log("trigon"))
    assert [m.move for m in result.record.moves] == history(game)
    assert result.record.players == ["blue", "yellow", "red", "green"]
    assert check_record(result.record).valid


def test_tripod_stones_alternate_and_two_photos_of_the_halves_are_one_position():
    from printkit.games.tripod.rules import TripodGame

    game = TripodGame()
    rng = random.Random(10)
    positions = [{}]
    for _ in range(8):
        game.push(rng.choice([m for m in game.legal_moves() if not m.is_swap]))
        positions.append(game.position_cells())
    models = board_models("tripod", layout_for())
    halves = [[m.cell_key(k) for k in m.cells] for m in models]
    shots = [
        shot(f"{k}{h}.jpg", full(halves[h], positions[k]), variant=f"half-{h + 1}")
        for k in (1, 3, 4, 6, 7)
        for h in (0, 1)
    ]
    log = move_log("tripod", ["Ana", "Ben"])
    result = log_positions("tripod", shots, log)
    seen = [(m.move, m.player) for m in result.record.moves]
    assert seen == [(str(m), "XO"[k % 2]) for k, m in enumerate(game.moves[:7])]
    assert "30.jpg+31.jpg: 2 moves since 10.jpg+11.jpg" in result.lines
    assert result.record.players == ["Ana", "Ben"]
    assert check_record(result.record).valid
    assert any("swap" in line for line in result.lines)


def test_a_tripod_stone_out_of_turn_is_written_as_seen():
    log = move_log("tripod")
    cells = names_of("tripod")
    shots = [
        shot("1.jpg", full(cells, {"a1": "X"})),
        shot("2.jpg", full(cells, {"a1": "X", "b2": "X"})),
    ]
    result = log_positions("tripod", shots, log)
    assert [(m.move, m.player) for m in result.record.moves] == [("a1", "X"), ("b2", "X")]
    report = check_record(result.record)
    assert report.exit_code == 1 and "not X's" in report.findings[0].message


def test_tripitz_centre_placements_and_a_joker_swap():
    from printkit.games.tripitz.rules import TripitzGame

    game = TripitzGame(players=3, seed=4)
    rng = random.Random(11)
    positions = [game.position_cells()]
    for _ in range(4):
        game.push(rng.choice(list(game.placements())))
        positions.append(game.position_cells())
    names = names_of("tripitz")
    centre = dict(positions[0])
    cavity = sorted(set(positions[4]) - set(centre), key=int)[0]
    swapped = dict(positions[4], **{cavity: "RJJ"})
    shots = [shot(f"{k}.jpg", full(names, positions[k])) for k in (0, 1, 2, 4)]
    shots.append(shot("swap.jpg", full(names, swapped)))
    result = log_positions("tripitz", shots, move_log("tripitz", list(game.players)))
    moves = [m.move for m in result.record.moves]
    assert moves[:2] == [str(t.move) for t in game.history[:2]]
    assert sorted(moves[2:4]) == sorted(str(t.move) for t in game.history[2:4])
    assert moves[4] == f"RJJ@{cavity}"
    assert result.record.setup["centre"] == list(centre.values())
    assert len(result.confirm) == 2  # two pids between two photos
    assert check_record(result.record).findings[0].move == 5  # no joker in the standard game


def test_triominoes_tiles_and_a_cleared_mat():
    from printkit.games.triominoes.reader import random_layout

    names = names_of("triominoes")
    model = board_models("triominoes", layout_for())[0]
    placed = random_layout(set(model.cells), np.random.default_rng(12), 4)
    cells = [(f"({c[0]},{c[1]})", "-".join(map(str, r))) for c, r in placed.items()]
    shots = [shot(f"{k}.jpg", full(names, dict(cells[:k]))) for k in range(1, 5)]
    shots.append(shot("cleared.jpg", full(names, {})))
    result = log_positions("triominoes", shots, move_log("triominoes", ["Ana", "Ben"]))
    assert [m.move for m in result.record.moves] == [f"{r} @ {c}" for c, r in cells]
    assert "cleared.jpg: the mat was cleared: a new round" in result.lines


def test_bad_players_and_rules_are_refused_before_any_photo_is_read():
    with pytest.raises(PrintkitError, match="'pink' is no colour of the board"):
        move_log("tripakus", ["red", "pink"])
    with pytest.raises(PrintkitError, match="unknown tripakus rules 'nope'"):
        move_log("tripakus", None, "nope")
    with pytest.raises(PrintkitError, match="Tripod has 2 players"):
        move_log("tripod", ["a", "b", "c"])


def test_no_readable_photo_is_an_error():
    with pytest.raises(PrintkitError, match="no photo could be read"):
        log_positions("tripakus", [shot("x.jpg", {}, error="not an image")], move_log("tripakus"))


def test_workers_start_with_one_blas_thread_and_the_environment_is_restored(monkeypatch):
    monkeypatch.setenv("OMP_NUM_THREADS", "3")
    monkeypatch.delenv("OPENBLAS_NUM_THREADS", raising=False)
    with workers_start_single_threaded():
        assert all(os.environ[name] == "1" for name in THREAD_VARIABLES)
    assert os.environ["OMP_NUM_THREADS"] == "3" and "OPENBLAS_NUM_THREADS" not in os.environ


def test_photos_are_ordered_by_exif_time_or_else_by_natural_file_name(tmp_path):
    paths = []
    for name, when in (("IMG_10.jpg", "2026:05:01 10:00:00"), ("IMG_9.jpg", "2026:05:01 10:05:00")):
        exif = Image.Exif()
        exif.get_ifd(0x8769)[36867] = when
        Image.new("RGB", (8, 8)).save(tmp_path / name, exif=exif)
        paths.append(tmp_path / name)
    assert order_photos(paths) == (paths, "the time each photo was taken (EXIF)")
    Image.new("RGB", (8, 8)).save(tmp_path / "IMG_2.jpg")
    ordered, how = order_photos([*paths, tmp_path / "IMG_2.jpg"])
    assert [p.name for p in ordered] == ["IMG_2.jpg", "IMG_9.jpg", "IMG_10.jpg"]
    assert how == "file name"


# --- photo sequences end to end -----------------------------------------------------------


SMALL_FRAME = (2000, 1500)
"""Photo size for these tests: 3 megapixels make in a third of the time of 12 and read as
well (the reader's accuracy on 12-megapixel photos is test_vision's and the benchmark's)."""


def _snap(job: tuple) -> None:
    """Photograph the position ``draw(..., **state)`` lays on the board (in a worker)."""
    game, draw, state, seed, path, variant = job
    synth.FRAME = SMALL_FRAME  # this worker makes only these photos
    photo = photograph(game, layout_for(), functools.partial(draw, **state), seed, "easy", variant)
    cv2.imwrite(str(path), photo.image, [cv2.IMWRITE_JPEG_QUALITY, 90])


@pytest.fixture(scope="module")
def photos(tmp_path_factory):
    """Photo sequences of real games, made at once by a pool of workers.

    TriPakus: a move, a duplicate, a blurred photo, three turns later, a piece knocked aside
    with the next move, then put back and an illegal move.  Trigon, Tripod (one half),
    Tripitz and Triominoes: two photos each, one or two moves apart.
    """
    from printkit.games.trigon.rules import TrigonGame
    from printkit.games.triominoes.notation import cell_name
    from printkit.games.triominoes.reader import random_layout
    from printkit.games.tripitz.rules import TripitzGame
    from printkit.games.tripod.rules import TripodGame

    folder = tmp_path_factory.mktemp("photos")
    jobs = []
    sequences: dict[str, tuple[list[Path], list[str]]] = {}

    def add(game: str, name: str, state: dict, seed: int, variant=None) -> Path:
        path = folder / game / name
        path.parent.mkdir(exist_ok=True)
        draw = getattr(find_game(game).reader, READERS[game])
        jobs.append((game, draw, state, seed, path, variant))
        return path

    def pieces(game) -> dict:
        return {"placed": {c: list(ms) for c, ms in game.placed.items()}}

    tripakus, _ = tripakus_game(1, 21)
    first = add("tripakus", "IMG_1.jpg", pieces(tripakus), 31)
    rng = random.Random(22)
    for _ in range(3):
        tripakus.push(rng.choice(tripakus.legal_moves()))
    add("tripakus", "IMG_4.jpg", pieces(tripakus), 32)
    tripakus.push(rng.choice(tripakus.legal_moves()))
    piece, aside = _shifted(tripakus, "red")
    knocked = {c: [aside if m == piece else m for m in ms] for c, ms in tripakus.placed.items()}
    add("tripakus", "IMG_5.jpg", {"placed": knocked}, 33)
    wrong = _illegal(tripakus)
    reason = tripakus.why_illegal(wrong)
    tripakus.push(wrong)
    add("tripakus", "IMG_6.jpg", pieces(tripakus), 34)

    trigon = TrigonGame()
    rng = random.Random(40)
    trigon.push(rng.choice(trigon.legal_moves()))
    shots = [add("trigon", "1.jpg", pieces(trigon), 41)]
    for _ in range(2):
        trigon.push(rng.choice(trigon.legal_moves()))
    shots.append(add("trigon", "2.jpg", pieces(trigon), 42))
    sequences["trigon"] = (shots, history(trigon))

    tripod = TripodGame()
    shots = []
    for cell in ("a1", "c3", "b2"):
        tripod.push(tripod.parse_move(cell))
        if cell != "c3":
            shots.append(add("tripod", f"{cell}.jpg", {"position": tripod.position()}, 43))
    sequences["tripod"] = (shots, ["a1", "c3", "b2"])

    tripitz = TripitzGame(players=2, seed=5)
    shots = [add("tripitz", "1.jpg", {"game": tripitz.copy()}, 44)]
    move = next(iter(tripitz.placements()))
    tripitz.push(move)
    shots.append(add("tripitz", "2.jpg", {"game": tripitz}, 45))
    sequences["tripitz"] = (shots, [str(move)])

    model = board_models("triominoes", layout_for())[0]
    placed = random_layout(set(model.cells), np.random.default_rng(46), 2)
    shots = [
        add("triominoes", "1.jpg", {"placed": dict(list(placed.items())[:1])}, 47),
        add("triominoes", "2.jpg", {"placed": placed}, 48),
    ]
    moves = [f"{'-'.join(map(str, r))} @ {cell_name(c)}" for c, r in placed.items()]
    sequences["triominoes"] = (shots, moves)

    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(2, mp_context=context) as pool:
        with workers_start_single_threaded():
            done = pool.map(_snap, jobs)
        list(done)
    shutil.copy(first, first.with_name("IMG_2.jpg"))
    blurred = cv2.GaussianBlur(cv2.imread(str(first)), (0, 0), 12)
    cv2.imwrite(str(first.with_name("IMG_3.jpg")), blurred)
    return {"tripakus": (first.parent, tripakus, reason), "sequences": sequences}


READERS = {
    "tripakus": "draw_pieces",
    "trigon": "draw_pieces",
    "tripod": "draw_stones",
    "tripitz": "draw_tokens",
    "triominoes": "draw_tiles",
}


def test_log_a_tripakus_game_from_photos(photos, tmp_path, capsys, monkeypatch):
    folder, game, reason = photos["tripakus"]
    shots = sorted(folder.glob("IMG_*.jpg"), reverse=True)  # the order given does not matter
    out = tmp_path / "game.txt"
    args = ["log", *map(str, shots), "--game", "tripakus", "--out", str(out)]
    code, text, err = run(args, capsys, monkeypatch)
    assert code == 1, text + err
    record = load_record(out)
    assert [m.move for m in record.moves] == history(game)
    assert record.moves[0].note.startswith("photo IMG_1.jpg, confidence ")
    assert "IMG_2.jpg: skipped: no change since IMG_1.jpg (the same position)" in text
    assert "IMG_3.jpg: skipped: the photo is too blurred to read" in text
    assert "IMG_4.jpg: 3 moves since IMG_1.jpg" in text
    assert "IMG_5.jpg: skipped: a piece was moved, which is no move: red's" in text
    assert "IMG_6.jpg: 2 moves since IMG_4.jpg" in text
    assert "6 moves from 3 of 6 photos (3 skipped)" in text
    assert f"move 6 (line {record.moves[-1].line}): {reason}" in text
    assert "verdict: 1 problem found" in text


@pytest.mark.parametrize("game", ["trigon", "tripod", "tripitz", "triominoes"])
def test_log_a_game_from_photos(photos, game, tmp_path, capsys, monkeypatch):
    shots, expected = photos["sequences"][game]
    out = tmp_path / f"{game}.json"
    args = ["log", *map(str, shots), "--game", game, "--out", str(out)]
    code, text, err = run([*args, "--debug", str(tmp_path / "seen")], capsys, monkeypatch)
    assert code == 0, text + err
    assert [m.move for m in load_record(out).moves] == expected
    assert sorted(p.name for p in (tmp_path / "seen").iterdir()) == sorted(
        f"{p.stem}-read.png" for p in shots
    )


SECOND_FRAME = (2400, 1800)
"""The second family's photos in the log test: smaller than a phone's, quicker to make."""


def test_a_game_the_second_family_photographs_is_logged_move_for_move(
    tmp_path, capsys, monkeypatch
):
    """Photos by the other renderer (``vision.photoshoot``: its own pieces, light and
    camera) after each turn, in several conditions, one position taken twice: the log
    names every move, skips the repeat, and the record checks."""
    layout = layout_for()
    full_board = next(m for m in board_models("tripakus", layout) if m.variant == "full")
    game = TriPakusGame(TriPakusOptions())
    rng = random.Random(3)
    conditions = ["ordinary", "steep", "lowlight", None, "recompressed", "ordinary"]
    for k, condition in enumerate(conditions, 1):
        if condition is not None:  # None: the same position again, from another camera
            game.push(rng.choice(game.legal_moves()))
        photo = shoot(
            "tripakus",
            layout,
            330_000 + k,
            condition or "ordinary",
            frame=SECOND_FRAME,
            stage=stage_of(layout, full_board, game),
        )
        cv2.imwrite(str(tmp_path / f"IMG_{k}.jpg"), photo.image, [cv2.IMWRITE_JPEG_QUALITY, 92])
    out = tmp_path / "game.txt"
    shots = sorted(map(str, tmp_path.glob("IMG_*.jpg")))
    code, text, err = run(
        ["log", *shots, "--game", "tripakus", "--out", str(out)], capsys, monkeypatch
    )
    assert code == 0, text + err
    assert [m.move for m in load_record(out).moves] == history(game)
    assert "IMG_4.jpg: skipped: no change since IMG_3.jpg (the same position)" in text
    assert "5 moves from 5 of 6 photos (1 skipped)" in text


def test_log_of_a_missing_photo_is_one_line_and_exit_2(tmp_path, capsys, monkeypatch):
    out = tmp_path / "game.json"
    missing = tmp_path / "IMG_1.jpg"
    args = ["log", str(missing), "--game", "tripakus", "--out", str(out)]
    code, _, err = run(args, capsys, monkeypatch)
    assert code == 2 and err == f"printkit: error: {missing}: no such photo\n"
    assert not out.exists()
    missing.write_text("not a photo")
    code, _, err = run(args, capsys, monkeypatch)
    assert code == 2 and err.count("\n") == 1 and "no photo could be read" in err
    assert not out.exists()
    code, _, err = run([*args, "--players", "red,pink"], capsys, monkeypatch)
    assert code == 2 and "'pink' is no colour of the board" in err


def test_a_logged_record_reads_back_from_json_and_text(tmp_path):
    from printkit.records.io import parse_json, parse_text, record_text

    game, positions = tripakus_game(3, 13)
    names = names_of("tripakus")
    record = log_positions("tripakus", prefix(names, positions, 3), move_log("tripakus")).record
    for back in (
        parse_json(record_text(record, tmp_path / "x.json")),
        parse_text(record_text(record, tmp_path / "x.txt")),
    ):
        assert [(m.move, m.player, m.note) for m in back.moves] == [
            (m.move, m.player, m.note) for m in record.moves
        ]
        assert back.players == record.players and back.meta == record.meta
