"""The TriPakus section's frame: markers and colour patches only where no play happens.

The three copies of the section print are composed as they lie glued (each turned by
``board_rotation``); the assembled board must show a plain game board inside a frame.
"""

from __future__ import annotations

import math

import pytest
from conftest import layout_for
from shapely.geometry import LineString, Point
from shapely.geometry import Polygon as ShapelyPolygon

from printkit.draw.fiducials import Marker, marker_items
from printkit.draw.lattice import tri_point, tri_polygon
from printkit.draw.model import Affine, Polygon, Polyline, Text
from printkit.draw.text import text_outline
from printkit.games.tripakus import kit
from printkit.games.tripakus.components import (
    PATCH,
    SECTION_MARKER,
    Settings,
    board_rotation,
    section_drawing,
    section_frame,
)
from printkit.games.tripakus.reader import board_models
from printkit.geometry.tri import edges
from printkit.layout.sections import triangle_sections
from printkit.polyiamond_games.drawing import glue_word, trim_note


def _assembled_fiducials(layout):
    cfg = layout.section(Settings)
    side, n = cfg.cell, cfg.board_size
    frame = section_frame(triangle_sections(n), side, layout)
    turns = [board_rotation(n, side, k) for k in range(3)]
    markers = [m.transformed(t) for t in turns for m in frame.markers]
    patches = [p.transformed(t) for t in turns for p in frame.patches]
    corners = [tri_point(v, side) for v in ((0, 0), (n, -n), (n, n))]
    return markers, patches, corners


@pytest.mark.parametrize(
    "overrides", [{}, {"tripakus__cell": 12.0}, {"tripakus__board_size": 13}, {"paper__size": "a3"}]
)
def test_markers_and_patches_lie_off_the_board_and_the_markers_at_its_corners(overrides):
    layout = layout_for(**overrides)
    markers, patches, corners = _assembled_fiducials(layout)
    board = ShapelyPolygon(corners)
    for marker in markers:
        quiet = ShapelyPolygon(marker_items(marker)[0].points)  # the white quiet zone
        assert not quiet.intersects(board), marker
        assert marker.side >= 16.0
    for patch in patches:
        assert not ShapelyPolygon(patch.ring).intersects(board), patch.name
        assert math.isclose(ShapelyPolygon(patch.ring).area, PATCH**2)
    # One marker at each corner of the board, its centre near it.
    nearest = sorted(min(range(3), key=lambda k: math.dist(m.centre, corners[k])) for m in markers)
    assert nearest == [0, 1, 2]
    for marker in markers:
        assert min(math.dist(marker.centre, c) for c in corners) < SECTION_MARKER
    # The patches sit by the markers too, not along the middle of a side.
    for patch in patches:
        assert min(math.dist(patch.centre, c) for c in corners) < 70.0


def test_the_reader_model_is_the_assembled_print():
    layout = layout_for()
    markers, patches, _ = _assembled_fiducials(layout)
    model = next(m for m in board_models(layout) if m.variant == "sections")
    assert model.markers == tuple(markers)
    assert model.patches == tuple(patches)
    assert len(model.symmetries) == 3
    # Each symmetry maps the printed markers onto themselves, corners and all.
    for turn in model.symmetries:
        moved = {
            tuple(round(c, 6) for p in m.transformed(turn).corners for c in p) for m in markers
        }
        assert moved == {tuple(round(c, 6) for p in m.corners for c in p) for m in markers}


def test_a_turned_marker_keeps_its_own_turn():
    marker = Marker(3, (10.0, 5.0), 20.0, angle=30.0)
    turned = marker.transformed(Affine.rotate(120.0))
    assert math.isclose(turned.angle, 150.0)
    expected = [Affine.rotate(120.0)(p) for p in marker.corners]
    assert all(math.dist(p, q) < 1e-9 for p, q in zip(turned.corners, expected, strict=True))


def test_the_kept_centre_cell_prints_as_a_plain_cell():
    layout = layout_for()
    side = layout.section(Settings).cell
    plan = triangle_sections(layout.section(Settings).board_size)
    (centre,) = plan.shared_by_all
    cell = ShapelyPolygon(tri_polygon(centre, side)).buffer(-0.2)
    drawing = section_drawing(layout, side)
    for item in drawing.items:
        if isinstance(item, Polygon) and item.style.fill not in (None, "#ffffff"):
            assert not ShapelyPolygon(item.points).intersects(cell), item
        if isinstance(item, Text):
            assert not cell.contains(Point(item.position)), item.text
        if isinstance(item, Polyline):
            assert not LineString(item.points).intersects(cell), item
    # The trim guides are the cell's own grid edges, where it joins the rest of the print.
    grid = {
        frozenset(map(lambda v: tuple(round(c, 6) for c in tri_point(v, side)), e))
        for e in edges(centre)
    }
    dashed = [i for i in drawing.items if isinstance(i, Polyline) and i.style.dash]
    assert len(dashed) == 2
    for line in dashed:
        assert frozenset(tuple(round(c, 6) for c in p) for p in line.points) in grid
    # The note lies on the glue strip.
    strip = ShapelyPolygon(tri_polygon(centre, side))
    for c in plan.glue - plan.shared_by_all:
        strip = strip.union(ShapelyPolygon(tri_polygon(c, side)))
    notes = [i for i in drawing.items if isinstance(i, Text) and i.text == trim_note()]
    assert len(notes) == 1 and strip.contains(Point(notes[0].position))


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_glue_words_read_upright_on_the_sheet_and_are_big_enough(paper):
    layout = layout_for(paper__size=paper)
    sheet = kit.section_sheet(layout)
    words = [
        i for i in sheet.front.items if isinstance(i, Text) and i.text in (glue_word(), trim_note())
    ]
    assert len(words) >= 2
    for word in words:
        assert math.cos(math.radians(word.angle)) > 0 or math.isclose(word.angle, 270.0)
        assert word.size >= 2.5


def test_the_section_still_fits_a4_portrait_at_the_default_cell():
    layout = layout_for()
    assert layout.section(Settings).cell == 16.0
    sheet = kit.section_sheet(layout)
    assert sheet.front.width < sheet.front.height  # portrait
    assert kit.largest_cell(layout) >= 17.0


@pytest.mark.parametrize("overrides", [{}, {"tripakus__cell": 12.0}, {"paper__size": "letter"}])
def test_no_grid_line_runs_through_a_word_on_the_glue_strip(overrides):
    """Each word on the strip lies on a patch of the strip's grey, drawn over the grid
    lines that cross it: the lines stop short of the letters."""
    layout = layout_for(**overrides)
    items = kit.section_sheet(layout).front.items
    words = [
        (k, i)
        for k, i in enumerate(items)
        if isinstance(i, Text) and i.text in (glue_word(), trim_note())
    ]
    assert len(words) >= 2
    for k, word in words:
        box = ShapelyPolygon(text_outline(word))
        crossing = [
            j
            for j, i in enumerate(items[:k])
            if isinstance(i, Polyline) and LineString(i.points).crosses(box)
        ]
        assert crossing, word.text  # the strip's grid does run under its words
        plates = [
            j
            for j, i in enumerate(items[:k])
            if isinstance(i, Polygon) and ShapelyPolygon(i.points).buffer(1e-6).contains(box)
        ]
        assert plates and max(plates) > max(crossing), word.text
