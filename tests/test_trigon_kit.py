"""The Trigon kit as printed: read back from its PDFs, the sections assembled by their
turns, the names round the whole board, and photos of the board read back."""

from __future__ import annotations

import math
from collections import Counter
from functools import cache

import numpy as np
import pypdfium2 as pdfium
import pytest
from conftest import layout_for, read_pages
from pdfread import page_size_mm, text_runs

from printkit.draw.model import Document, Polygon, Role
from printkit.draw.pdf import pdf_bytes
from printkit.games.trigon import components
from printkit.geometry.tri import rotate_about_board_centre
from printkit.kits import KITS
from printkit.polyiamond_games.boards import hexagon
from printkit.polyiamond_games.pieces import PIECES
from printkit.vision.markers import detect_markers
from printkit.vision.model import board_models
from printkit.vision.read import read_image
from printkit.vision.scenes import synthetic_photo
from printkit.vision.synth import score_reading


@cache
def sheets(paper: str = "a4", **overrides):
    return KITS["trigon"].build(layout_for(paper__size=paper, **overrides))


def sheet(stem: str, paper: str = "a4"):
    return next(s for s in sheets(paper) if s.stem == stem)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_kit_builds_on_a4_and_letter_with_every_piece_once_per_colour(paper):
    built = sheets(paper)
    stems = [s.stem for s in built]
    colours = ("blue", "yellow", "red", "green")
    assert stems[:4] == [f"pieces-{c}" for c in colours]
    assert {"board-section", "board-full", "rules"} <= set(stems)
    for colour in colours:
        front = sheet(f"pieces-{colour}", paper).front
        names = Counter(r.text for r in text_runs(read_pages([front]).pages[0]))
        assert all(names[p.name] == 1 for p in PIECES), colour
        w, h = page_size_mm(read_pages([front]).pages[0])
        assert (round(w), round(h)) == {"a4": (210, 297), "letter": (216, 279)}[paper]


@pytest.mark.parametrize("edge", [9, 8])
def test_three_section_copies_cover_the_board_with_one_glued_row_per_seam(edge):
    layout = layout_for(trigon__board_size=edge)
    plan = components.plan_of(layout)
    board = hexagon(edge)
    assert plan.board == board.cells and plan.covers_board()
    # identical prints: each copy is the section turned by a third of a turn
    for k in range(3):
        assert plan.copy(k) == {rotate_about_board_centre(c, 3 * edge, k) for c in plan.section}
    # neighbours overlap by exactly the straight row of 2 * edge triangles along their seam
    assert [len(v) for v in plan.overlaps().values()] == [2 * edge] * 3
    assert not plan.shared_by_all
    # and every starting point lies on exactly one copy outside the glue
    for cell in board.starts:
        owners = [k for k in range(3) if cell in plan.copy(k) - plan.glue_of(k)]
        assert len(owners) == 1, cell


def test_the_section_sheet_draws_its_cells_glue_and_starting_points():
    d = components.section_drawing(layout_for(), 16.0)
    plan = components.plan_of(layout_for())
    # The strip's triangles (the plates under its words have four corners).
    glue = [i for i in d.items if i.role is Role.GLUE and len(getattr(i, "points", ())) == 3]
    assert len(glue) == len(plan.glue) == 18
    starts = set(hexagon(9).starts) & plan.section
    rings = [i for i in d.items if i.role is Role.LABEL and type(i).__name__ == "Circle"]
    assert len(rings) == 2 * len(starts) == 4  # a ring and a dot on each
    cut = [i for i in d.items if i.role is Role.CUT and isinstance(i, Polygon)]
    assert len(cut) == 1  # one outline: the rhombus, its glue row and the marker strip


def test_the_whole_board_names_every_column_and_row_as_pentobi_does():
    page = sheet("board-full").front
    texts = [r.text for r in text_runs(read_pages([page]).pages[0])]
    board = hexagon(9)
    letters = {board.pentobi_name(c).rstrip("0123456789") for c in board.cells}
    assert len(letters) == 35 and letters <= set(texts)
    assert all(texts.count(str(n)) >= 2 for n in range(1, 19))  # both sides of each row
    w, h = page_size_mm(read_pages([page]).pages[0])
    assert sorted((round(w), round(h))) == [297, 420]  # A3, the smallest that holds it
    letter = next(s for s in sheets("letter") if s.stem == "board-full")
    assert letter.title.endswith("(Tabloid)")  # a US print shop's paper, for Letter users
    w, h = page_size_mm(read_pages([letter.front]).pages[0])
    assert sorted((round(w), round(h))) == [279, 432]


def test_the_rule_card_diagram_is_a_legal_first_round():
    from printkit.games.trigon.card import first_round

    game = first_round(("blue", "yellow", "red", "green"))
    assert len(game.history) == 4 and all(len(m.cells) == 6 for _, m in game.history)
    assert not game.problems()


def test_a_too_large_cell_names_the_setting():
    from printkit.errors import FitError

    with pytest.raises(FitError, match=r"trigon\.cell"):
        KITS["trigon"].build(layout_for(trigon__cell=40.0))


# --------------------------------------------------------------------------- photos

DPI = 200
PX = DPI / 25.4


def _raster(page) -> np.ndarray:
    doc = pdfium.PdfDocument(pdf_bytes(Document("t", [page])))
    try:
        return doc[0].render(scale=DPI / 72, fill_color=(255, 255, 255, 255)).to_numpy()[..., :3]
    finally:
        doc.close()


def test_markers_print_where_the_reader_expects_them():
    layout = layout_for()
    full = next(m for m in board_models("trigon", layout) if m.variant == "full")
    found = {
        d.id: d for d in detect_markers(np.ascontiguousarray(_raster(sheet("board-full").front)))
    }
    assert set(found) == full.marker_ids == {14, 15, 16, 17}
    x0, y0 = full.bounds[:2]
    for marker in full.markers:
        printed = found[marker.id].corners / PX
        assert np.abs(printed - (np.array(marker.corners) - (x0, y0))).max() < 0.4
    sections = next(m for m in board_models("trigon", layout) if m.variant == "sections")
    section = {
        d.id: d for d in detect_markers(np.ascontiguousarray(_raster(sheet("board-section").front)))
    }
    assert sorted(section) == [2, 3]
    printed = np.linalg.norm(section[2].centre - section[3].centre) / PX
    assert abs(printed - math.dist(sections.markers[0].centre, sections.markers[1].centre)) < 0.4


@pytest.mark.parametrize(("seed", "variant"), [(1, "sections"), (2, "full"), (3, "sections")])
def test_synthetic_photos_of_a_trigon_board_read_back(seed, variant):
    photo = synthetic_photo("trigon", layout_for(), seed, "easy", variant)
    reading = read_image(photo.image, "trigon", layout_for())
    assert reading.model.variant == variant
    score = score_reading(reading, photo)
    assert score.cells == 486
    assert sum(v != "empty" for v in photo.truth["cells"].values()) > 0 or seed
    assert not score.silent and score.exact
    assert set(photo.truth["cells"]) == {hexagon(9).pentobi_name(c) for c in hexagon(9).cells}
