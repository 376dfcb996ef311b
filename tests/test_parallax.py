"""Pieces have thickness: the reader finds the plane of their top faces (vision.parallax)
and reads the cells there, so a slanted photo of thick pieces reads as square-on."""

from __future__ import annotations

import dataclasses
import math
from functools import cache

import numpy as np
import pytest
from conftest import (
    corners_shaped_by_the_rough_fit,
    named_cells,
    printed_before_the_second_strip,
    read_as_file,
    without_clear_of_lean,
)

from printkit.errors import PhotoError
from printkit.layout.config import load_layout
from printkit.vision import read as read_module
from printkit.vision.parallax import focal_length, lifted, parallax
from printkit.vision.photoshoot import shoot
from printkit.vision.photoshoot.camera import FRAME, focal_px, pose
from printkit.vision.read import CellReading, _bare_below, read_image, read_located
from printkit.vision.synth import score_reading


def _project(h: np.ndarray, pts: np.ndarray) -> np.ndarray:
    out = h @ np.column_stack([pts, np.ones(len(pts))]).T
    return (out[:2] / out[2]).T


@pytest.mark.parametrize("tilt", [0.0, 8.0, 25.0, 45.0])
@pytest.mark.parametrize("focal", [16.0, 26.0, 52.0])
def test_the_plane_above_the_board_follows_from_the_boards_homography(tilt, focal):
    """Against the second photo generator's own camera: the plane 4 mm above the board
    lands where that camera puts it (within 0.05 px once the view is slanted enough to
    measure the focal length; square-on, where a phone's focal length is assumed, within
    half the shift and half a pixel)."""
    f = focal_px(focal, FRAME)
    cam = pose((150.0, 130.0), 9 * f / 26, tilt, 70.0, 4.0, f, 0.0, 0.0, FRAME)
    board = np.array([[0.0, 0.0], [300.0, 0.0], [150.0, 260.0], [40.0, 200.0]])
    shape = (FRAME[1], FRAME[0])
    flat, top = cam.homography(0.0), cam.homography(-4.0)
    truth = _project(top, board)
    shift = np.linalg.norm(truth - _project(flat, board), axis=1)
    error = np.linalg.norm(_project(lifted(flat, 4.0, shape), board) - truth, axis=1)
    if tilt >= 8:
        assert focal_length(flat, shape) == pytest.approx(f, rel=0.01)
        assert error.max() < 0.05
    else:  # square-on the shift is small and the focal length assumed
        assert error.max() < 0.5 * shift.max() + 0.5
    assert shift.max() > 1  # the test means something: the faces do move


@pytest.mark.parametrize("tilt", [0.0, 20.0, 45.0])
def test_parallax_is_how_far_the_raised_plane_seems_to_move_on_the_board(tilt):
    """``parallax`` measures, in board mm, how far points on the plane 5 mm up seem to lie
    from where they are, as the second generator's camera shows them (within 0.05 mm once
    slanted; square-on, where a phone's focal length is assumed, within 0.1 mm); slanted,
    at least half of 5 mm x tan(tilt)."""
    f = focal_px(26.0, FRAME)
    cam = pose((150.0, 130.0), 9 * f / 26, tilt, 70.0, 4.0, f, 0.0, 0.0, FRAME)
    board = np.array([[0.0, 0.0], [300.0, 0.0], [150.0, 260.0], [40.0, 200.0]])
    shape = (FRAME[1], FRAME[0])
    flat = cam.homography(0.0)
    seen = parallax(flat, 5.0, shape, board)
    # the truth: where the camera shows the raised points, read back on the board
    moved = _project(np.linalg.inv(flat) @ cam.homography(-5.0), board)
    truth = float(np.linalg.norm(moved - board, axis=1).max())
    assert seen == pytest.approx(truth, abs=0.05 if tilt else 0.1)
    assert seen >= 0.5 * 5 * np.tan(np.radians(tilt))


def _read_flat(photo, reading):
    """The photo read again on the board's own plane, under the reading's fit: in the
    photo as the reader read it, with the lens it found undone (a phone's lens bends every
    photo a little), so that the same homography places the board in it."""
    view = reading.lens.undo(photo.image) if reading.lens else photo.image
    flat = dataclasses.replace(reading.model, raised=False)
    return read_located(view, flat, reading.homography, reading.markers)


@cache
def _steep(seed: int):
    return shoot("trigon", load_layout(), seed, "steep", frame=(2400, 1800))


def test_thick_pieces_seen_at_45_degrees_read_on_their_top_faces():
    """Wooden pieces (4.1 mm) photographed at 45°: read on their faces' plane, no cell is
    wrong; read on the board's plane, many are, or the photo is refused."""
    photo = _steep(305001)
    reading = read_image(photo.image, "trigon", load_layout())
    assert score_reading(reading, photo).wrong == ()
    try:
        on_board = _read_flat(photo, reading)
    except PhotoError as exc:  # or the lines or the pieces it reads refuse it
        assert "printed lines" in str(exc) or "no set of the game's pieces" in str(exc)
    else:
        assert len(score_reading(on_board, photo).wrong) > 20


def _settled_by_a_cue(monkeypatch, game: str, seed: int, blind, doubted) -> tuple:
    """A second-family steep photo read whole (none silently wrong) and read again without
    one cue (``blind`` takes it away): the photo, the first reading and the cells the
    second read uncertain, as ``doubted`` tells of its cell, that the first read surely."""
    layout = load_layout()
    photo = shoot(game, layout, seed, "steep")
    seen = read_image(photo.image, game, layout)
    score = score_reading(seen, photo)
    assert score.silent == ()
    blind(monkeypatch)
    without = read_image(photo.image, game, layout)
    unsure = score_reading(without, photo)
    doubts = {k for k in unsure.uncertain if doubted(without.cells[_key(without, k)])}
    return photo, seen, score, unsure, doubts - set(score.uncertain)


def _mixed(cell: CellReading) -> bool:
    return cell.doubt == "mixed"


def test_a_bare_cell_a_leaning_piece_mixes_with_its_colour_is_bare_where_its_print_shows(
    monkeypatch,
):
    """Second family, Trigon at a steep slant (305022): beside thick pieces, bare cells show
    a neighbour's side over part of them and read mixed.  Where such a piece leans over
    the cell (``_overhung``) and the cell's print shows clearly, it is bare and sure: at
    least three cells more are sure than without that cue, none wrong (the cells read
    again clear of the lean, ``_clear_of_lean``, are not: that cue is tested apart)."""
    from printkit.vision import read as reader

    def blind(mp) -> None:
        mp.setattr(reader, "_overhung", lambda *args: frozenset())

    without_clear_of_lean(monkeypatch)
    _, seen, _, _, cleared = _settled_by_a_cue(monkeypatch, "trigon", 305022, blind, _mixed)
    assert len(cleared) >= 3
    assert all(seen.cells[_key(seen, k)].label == "empty" for k in cleared)


def test_a_bare_cell_a_leaning_piece_mixes_with_its_colour_is_read_clear_of_the_lean(
    monkeypatch,
):
    """The same photo: a bare cell a neighbour's thick piece leans over reads mixed, but
    the part of it no piece beside it could reach (were it 5 mm thick) shows its paper,
    and a piece would cover that too.  Read again there (``_clear_of_lean``), at least
    three cells more are sure than without that cue, all of them bare, none wrong."""
    photo, seen, _, _, cleared = _settled_by_a_cue(
        monkeypatch, "trigon", 305022, without_clear_of_lean, _mixed
    )
    assert len(cleared) >= 3
    assert all(seen.cells[_key(seen, k)].label == "empty" for k in cleared)
    assert all(photo.truth["cells"][k] == "empty" for k in cleared)


def test_a_bare_cell_the_planes_read_differently_is_bare_where_its_own_paper_shows(
    monkeypatch,
):
    """Second family, TriPakus at a steep slant (305023): the planes of the pieces' tops
    that count alike read some bare cells as pieces (the faces beside them slide over
    them), and those cells are uncertain (``thickness``).  On the board's own plane, the
    part of each that no piece beside it could reach shows paper: they are bare, surely
    and rightly, where without that cue they were uncertain pieces; none is silent."""
    _, seen, score, unsure, settled = _settled_by_a_cue(
        monkeypatch, "tripakus", 305023, without_clear_of_lean, lambda c: c.label != "empty"
    )
    assert len(settled) >= 5
    assert all(seen.cells[_key(seen, k)].label == "empty" for k in settled)
    assert set(unsure.wrong) - set(score.wrong) >= settled


def test_piece_colour_on_a_cells_own_base_is_no_lean(monkeypatch):
    """Second family, TriPakus with the camera moving (307479): a piece left some mm off
    its cells by hand and smeared by the motion shows on only a third of one of its
    cells' base, the rest paper, and no neighbour's lean reaches that cell.  Its base is
    not wholly paper: the piece colour there is no lean, and the cell stays uncertain.
    Taking the median of that base alone, it is read bare, surely.  (The two markers the
    detector misses are placed where their pattern's place and the rough fit's shape put
    them, as the reader did when this was measured: sought corner by corner, they place
    the board otherwise, and read under both placements that cell is disputed.  And every
    marker with a corner on the fit counts for it, as then, ``MARKER_KEPT`` 1: counting
    only those with two, the fit is rough and the steadied photo's markers place the
    board, where that cell reads rightly.  The lens its lines of one direction then show
    leaves the marker placed by its pattern 5-9 mm off, against 0.5-3.5 flat, and is
    kept here as it was then, ``LENS_SLID``: not kept, the board is refused as bent.)"""
    corners_shaped_by_the_rough_fit(monkeypatch)
    monkeypatch.setattr(read_module, "MARKER_KEPT", 1)
    monkeypatch.setattr(read_module, "LENS_SLID", math.inf)
    layout = load_layout()
    photo = shoot("tripakus", layout, 307479, "motion")
    seen = score_reading(read_as_file(photo.image, "tripakus", layout), photo)
    assert seen.silent == ()
    wholly = read_module._wholly

    def any_base(lab, splits, kinds, model):
        return np.ones(len(kinds), bool) if not kinds.any() else wholly(lab, splits, kinds, model)

    monkeypatch.setattr(read_module, "_wholly", any_base)
    blind = score_reading(read_as_file(photo.image, "tripakus", layout), photo)
    assert len(blind.silent) == 1 and set(blind.silent) <= set(seen.uncertain)


def test_a_cell_read_as_a_piece_that_shows_paper_on_the_tops_plane_is_uncertain(monkeypatch):
    """Second family, Trigon at a steep slant (305413: pieces 4.6 mm thick, read on the
    2.25 mm plane): a bare cell between pieces that lean in from either side reads blue
    by its median, 44 % of its samples nearer paper.  On that plane a piece covers its
    cell edge to edge, so the cell is uncertain (``thickness``, ``_partly_covered``) and
    no cell is silently wrong; blind to that cue, the cell is read surely blue.  (A marker
    the detector misses takes the corners its pattern's place and the rough fit's shape
    give, as when this was measured; with each corner sought on its own, the pieces are
    read on another plane and the cell is uncertain as ``mixed``: nothing silent.)"""
    from printkit.vision import read as reader

    layout = load_layout()
    photo = shoot("trigon", layout, 305413, "steep")
    sought = score_reading(read_image(photo.image, "trigon", layout), photo)
    assert sought.silent == () and "h10" in sought.uncertain
    corners_shaped_by_the_rough_fit(monkeypatch)
    reading = read_image(photo.image, "trigon", layout)
    score = score_reading(reading, photo)
    assert score.silent == () and "h10" in score.wrong
    assert reading.cells[_key(reading, "h10")].doubt == "thickness"
    monkeypatch.setattr(reader, "_partly_covered", lambda *args: args[4])
    blind = score_reading(read_image(photo.image, "trigon", layout), photo)
    assert blind.silent == ("h10",)
    assert len(score.uncertain) - len(blind.uncertain) <= 2


def _key(reading, name: str):
    return next(k for k in reading.cells if reading.model.cell_key(k) == name)


def test_thick_tiles_seen_at_45_degrees_read_on_their_faces(monkeypatch):
    """Triominoes tiles photographed at 45°: the mat's own judge of a plane
    (``BoardModel.whole``: how near the numbers' ink lies to its places) finds the tiles'
    faces; read there, no cell is wrong, and one bare cell is uncertain: (2,0), which a
    neighbour's face leans over on the faces' plane, is no longer vouched for by the mat's
    plane, where tiles leaning over their neighbours hide names beside it
    (``_beside_hidden_names``: the cost of a rule for fingers side by side).  Read on the
    mat's plane alone (not turned to the faces' plane afterwards, as a board read flat is),
    the numbers lie off their places: many cells are uncertain and several wrong."""
    from printkit.vision import read as read_module

    printed_before_the_second_strip(monkeypatch, "triominoes")  # scene pinned on it
    photo = shoot("triominoes", load_layout(), 305007, "steep", frame=(2400, 1800))
    reading = read_image(photo.image, "triominoes", load_layout())
    faces = score_reading(reading, photo)
    monkeypatch.setattr(read_module, "_turned_on_tops", lambda *args: args[-1])
    on_board = score_reading(_read_flat(photo, reading), photo)
    assert faces.wrong == () and set(faces.uncertain) <= {"(2,0)"}
    assert len(on_board.wrong) >= 5 and len(on_board.uncertain) >= 15


@pytest.mark.parametrize(("condition", "seed"), [("steep", 305001), ("lens", 306003)])
def test_thick_tiles_are_read_on_the_plane_of_their_numbers(condition, seed):
    """Wooden Triominoes tiles (3.9 and 4.9 mm) seen slanted or through a wide lens: the
    mat's judge of a plane (how near each number's ink lies to its printed place) picks a
    plane within 1.2 mm of the tiles' faces, and no cell is wrong there.  Counting the
    number places that show ink at all (a number slid 3 mm still shows ink in its search
    disc) chose the mat's own plane for the second photo."""
    photo = shoot("triominoes", load_layout(), seed, condition, frame=(2400, 1800))
    assert photo.truth["thickness"] > 3.5  # the test means something: thick tiles
    reading = read_image(photo.image, "triominoes", load_layout())
    assert abs(reading.height - photo.truth["thickness"]) <= 1.2
    assert score_reading(reading, photo).wrong == ()


def test_a_cell_bare_on_the_board_is_empty_whatever_slides_over_it_on_the_faces_plane():
    """On the pieces' plane a bare cell may show a neighbour's face or cut edge; if the
    board's own plane shows it clean, it is surely empty (a covered cell never shows its
    paper).  Seen through another doubt (a reflection), or not clean below, it stays
    uncertain; a piece is never turned into an empty cell."""
    unsure = CellReading("empty", 0.0, "tile", 0.0, True)
    clean = CellReading("empty", 1.0, "tile", 0.0, False)
    piece = CellReading("1-2-3", 0.9, "1-2-4", 0.1, False)
    top = {"a": unsure, "b": unsure, "c": unsure, "d": piece}
    board = {"a": clean, "b": unsure, "c": clean, "d": clean}
    out = _bare_below(top, board, "empty", ["", "", "glare", ""])
    assert not out["a"].uncertain and out["a"].label == "empty"
    assert out["b"].uncertain and out["c"].uncertain
    assert out["d"] == piece


def test_thick_pid_tokens_seen_at_45_degrees_read_on_their_faces():
    """Wooden Tripitz tokens (3.3 mm) at 45°: read on their faces' plane, no cavity is
    wrong or uncertain; read on the board's plane, symbols slide off their cavities."""
    photo = shoot("tripitz", load_layout(), 305000, "steep", frame=(2400, 1800))
    assert photo.truth["thickness"] > 3.0  # the test means something: thick tokens
    reading = read_image(photo.image, "tripitz", load_layout())
    assert reading.height > 1.0
    assert score_reading(reading, photo).wrong == () and reading.uncertain == []
    on_board = score_reading(_read_flat(photo, reading), photo)
    assert len(on_board.uncertain) >= 5


def _by_median(values, splits, labels, model):
    """Every cell wholly one colour: planes judged by their cells' median colours alone."""
    return np.ones(len(splits) + 1, bool)


def test_cells_read_differently_on_planes_the_judge_counts_alike_are_uncertain(monkeypatch):
    """Wooden Trigon pieces (4.2 mm) at 45°, read from the photo's JPEG file as `printkit
    read` reads it, with planes judged by their cells' median colours (a judge that cannot
    tell these planes apart): the planes it counts alike read some cells differently, and
    the judge leaves those cells unsettled.  The cell read wrongly is one of them, and
    uncertain (``thickness``), so none is silently wrong (the paper such a cell shows
    beyond its neighbours' reach, a later cue, is not asked: ``_clear_of_lean``)."""
    from printkit.vision import read as read_module

    monkeypatch.setattr(read_module, "_wholly", _by_median)
    without_clear_of_lean(monkeypatch)
    judged, planes = read_module._piece_height, []

    def judge(*args):
        planes.append(judged(*args))
        return planes[-1]

    monkeypatch.setattr(read_module, "_piece_height", judge)
    layout = load_layout()
    photo = shoot("trigon", layout, 305083, "steep")
    assert photo.truth["thickness"] > 4
    reading = read_as_file(photo.image, "trigon", layout)
    score = score_reading(reading, photo)
    assert score.silent == () and score.wrong
    unsettled = {reading.model.cell_key(k) for plane in planes for k in plane.unsettled}
    assert set(score.wrong) <= unsettled
    cells = named_cells(reading)
    assert all(cells[name].doubt == "thickness" for name in score.wrong)


def test_a_cell_whose_plane_is_unsettled_casts_no_doubt_on_its_patch(monkeypatch):
    """Second family, wooden pieces at a slant (photo 305024) read from its JPEG file: one
    cell beside a piece reads differently on two planes the judge counts alike, and is
    uncertain (``thickness``).  The consistency check judges its patch without it (its
    colour was seen, but perhaps not where it lies), so the sure cells round it stay sure;
    judged with its colour, the patch makes no pieces and a score of its cells are made
    uncertain.  (The paper the cell shows beyond its neighbours' reach, a later cue that
    makes it bare, is not asked: ``_clear_of_lean``.  A yellow piece beside it that shows
    paper on the faces' plane is uncertain too, ``_partly_covered``.)"""
    from printkit.vision import read as read_module

    without_clear_of_lean(monkeypatch)
    layout = load_layout()
    photo = shoot("tripakus", layout, 305024, "steep")
    reading = read_as_file(photo.image, "tripakus", layout)
    score = score_reading(reading, photo)
    assert score.silent == ()
    assert len(score.uncertain) <= 5
    assert any(c.doubt == "thickness" for c in reading.cells.values())
    monkeypatch.setattr(read_module, "UNSEEN", read_module.UNSEEN - {"thickness"})
    judged = read_as_file(photo.image, "tripakus", layout)
    assert sum(c.doubt == "no piece" for c in judged.cells.values()) >= 15


def test_the_pieces_plane_counts_only_cells_wholly_in_one_colour(monkeypatch):
    """Second family, thick wooden Trigon pieces seen at a slant, read from its JPEG file:
    on a plane below the pieces' tops, each top slides over the bare cell beyond it, whose
    median colour is then the piece's; on the board itself that cell shows the top too.
    Counting only the cells whose samples lie wholly in one colour, the reader picks a
    plane near the tops and reads every cell right.  Counting by median colours, it picks
    a plane under a millimetre high, where several cells read wrongly: later checks (the
    board's own plane among them) must flag them all."""
    from printkit.vision import read as read_module

    layout = load_layout()
    photo = shoot("trigon", layout, 305141, "steep")
    seen = read_as_file(photo.image, "trigon", layout)
    assert score_reading(seen, photo).wrong == ()
    assert seen.height >= 2.0
    monkeypatch.setattr(read_module, "_wholly", _by_median)
    low = read_as_file(photo.image, "trigon", layout)
    low_score = score_reading(low, photo)
    assert low.height < 1.0
    assert len(low_score.wrong) >= 5 and low_score.silent == ()
