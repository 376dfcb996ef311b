"""The Tripod kit as printed: board halves and stones read back from PDF."""

from __future__ import annotations

import dataclasses
import math
import re
import tomllib
from collections import Counter, defaultdict
from functools import cache

import pytest
from conftest import layout_for, read_pages
from pdfread import (
    assert_sheet_on_paper,
    contrast_ratio,
    drawn_paths,
    hex_rgb,
    page_size_mm,
    run_centre,
    same_colour,
    text_runs,
)

from printkit.errors import FitError, LayoutError
from printkit.games import GAMES
from printkit.games.tripod import components, kit
from printkit.games.tripod.board import TripodBoard, cell_name
from printkit.games.tripod.components import Settings
from printkit.layout.config import DEFAULT_LAYOUT_FILE
from printkit.layout.paper import PAPER_SIZES

NAME = re.compile(r"[a-s]\d{1,2}'?")


@cache
def built(paper="a4", flip="long", size=11, ink="fill", coordinates=True, cell=15.0, stone=12.0):
    layout = layout_for(
        paper__size=paper,
        print__flip=flip,
        print__ink=ink,
        tripod__size=size,
        tripod__coordinates=coordinates,
        tripod__cell=cell,
        tripod__stone=stone,
    )
    return layout, kit.sheets(layout)


def _box_centre(points):
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return ((max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2)


def _board_pages(sheets):
    return [read_pages([s.front]).pages[0] for s in sheets if s.stem.startswith("board")]


def _cells(page):
    """Printed cells of a page: (centre, name, tint, flats) for every tinted hexagon, the
    name being the cell-name text printed at its centre."""
    names = [r for r in text_runs(page) if NAME.fullmatch(r.text)]
    tints = (hex_rgb(components.WOOD), hex_rgb(components.SHARED))
    out = []
    for path in drawn_paths(page):
        if (
            path.stroke is None
            and len(path.subpaths[0]) == 6
            and any(same_colour(path.fill, t) for t in tints)
        ):
            ring = path.subpaths[0]
            centre = _box_centre(ring)
            run = min(names, key=lambda r: math.dist(run_centre(r), centre))
            assert math.dist(run_centre(run), centre) < 0.05
            flats = max(p[0] for p in ring) - min(p[0] for p in ring)
            out.append((centre, run.text, path.fill, flats))
    return out


def _halves(layout, sheets):
    """The printed cells of each half, whether the halves share a sheet or not."""
    pages = _board_pages(sheets)
    if len(pages) == 2:
        return [_cells(p) for p in pages]
    assert len(pages) == 1
    cells = _cells(pages[0])
    # Both halves on one sheet, side by side or stacked: split at the widest gap.
    for axis in (0, 1):
        ordered = sorted(cells, key=lambda c: c[0][axis])
        gaps = [
            (b[0][axis] - a[0][axis], k + 1)
            for k, (a, b) in enumerate(zip(ordered, ordered[1:], strict=False))
        ]
        gap, at = max(gaps)
        if gap > layout.section(Settings).cell + components.HALF_GAP / 2:
            return [ordered[:at], ordered[at:]]
    raise AssertionError("the two halves are not apart")


def _expected_names(n, half):
    board = TripodBoard(n)
    return sorted(cell_name(c) for c in board.cells for k, _ in board.positions(c) if k == half)


# --- the board ------------------------------------------------------------------------------


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_cell_is_named_once_per_place_as_board_py_names_it(paper):
    layout, sheets = built(paper)
    board = TripodBoard(11)
    halves = _halves(layout, sheets)
    for half, cells in enumerate(halves):
        assert sorted(name for _, name, _, _ in cells) == _expected_names(11, half)
    count = Counter(name for cells in halves for _, name, _, _ in cells)
    assert set(count) == {cell_name(c) for c in board}
    for cell in board:
        assert count[cell_name(cell)] == len(board.positions(cell))
    assert sum(count.values()) == 11 * 12  # two triangles of T(11) cells


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_shared_cells_look_the_same_on_both_halves_and_apart_from_the_rest(paper):
    layout, sheets = built(paper)
    board = TripodBoard(11)
    shared = {cell_name(c) for c in board if board.is_shared(c)}
    assert len(shared) == 3 * 11 - 3
    halves = _halves(layout, sheets)
    for cells in halves:
        tint = hex_rgb(components.SHARED)
        tinted = {name for _, name, fill, _ in cells if same_colour(fill, tint)}
        plain = {name for _, name, fill, _ in cells if same_colour(fill, hex_rgb(components.WOOD))}
        assert tinted == shared and not plain & shared
    # Same name at the same place: the perimeter drawn on one half matches the other's.
    placed = [{name: centre for centre, name, _, _ in cells} for cells in halves]
    origin = [min(cells, key=lambda c: (c[0][1], c[0][0]))[0] for cells in halves]
    for name in shared:
        offsets = [
            (p[name][0] - o[0], p[name][1] - o[1]) for p, o in zip(placed, origin, strict=True)
        ]
        assert math.dist(*offsets) < 0.01, name
    # Both tints read as wood, neither white: black and white stones both stand out.
    for tint in (components.WOOD, components.SHARED):
        assert contrast_ratio(hex_rgb(tint), (1, 1, 1)) > 1.2
        assert contrast_ratio(hex_rgb(tint), hex_rgb(components.BLACK_STONE)) > 7
    assert math.dist(hex_rgb(components.WOOD), hex_rgb(components.SHARED)) > 0.1  # told apart
    legend = " ".join(r.text for r in text_runs(_board_pages(sheets)[0]))
    assert "both halves" in legend and "same name" in legend


def _rings(page, style):
    colour, width = hex_rgb(style.stroke), style.width
    return [
        _box_centre(p.subpaths[0])
        for p in drawn_paths(page)
        if p.fill is None
        and same_colour(p.stroke, colour)
        and abs(p.width - width) < 1e-6
        and len(p.subpaths[0]) == 6
    ]


def test_rings_mark_the_shared_cells_and_bold_rings_the_three_corners():
    layout, sheets = built()
    board = TripodBoard(11)
    corners = {cell_name(c) for c in board.corners}
    assert corners == {"a1", "a11", "k11"}
    shared = {cell_name(c) for c in board if board.is_shared(c)}
    for page in _board_pages(sheets):
        cells = _cells(page)

        def named(points, cells=cells):
            return sorted(min(cells, key=lambda c: math.dist(c[0], p))[1] for p in points)

        assert named(_rings(page, components.CORNER_RING)) == sorted(corners)
        assert named(_rings(page, components.SHARED_RING)) == sorted(shared - corners)


@pytest.mark.parametrize("size", [4, 11])
def test_printed_cells_touch_as_the_board_says_with_the_seed_counts(size):
    layout, sheets = built(size=size)
    cell = layout.section(Settings).cell
    board = TripodBoard(size)
    touching = defaultdict(set)
    for cells in _halves(layout, sheets):
        for centre, name, _, flats in cells:
            assert abs(flats - cell) < 0.01
            touching[name] |= {
                other for c, other, _, _ in cells if abs(math.dist(c, centre) - cell) < 0.01
            }
    corners = {cell_name(c) for c in board.corners}
    beside = {cell_name(u) for c in board.corners for u in board.neighbours(c)}
    assert len(beside) == 6
    for c in board:
        name = cell_name(c)
        assert touching[name] == {cell_name(u) for u in board.neighbours(c)}, name
        assert len(touching[name]) == (2 if name in corners else 5 if name in beside else 6)


def test_names_can_be_left_off():
    layout, sheets = built(coordinates=False)
    for page in _board_pages(sheets):
        assert not [r for r in text_runs(page) if NAME.fullmatch(r.text)]


def _segment_distance(p, a, b):
    dx, dy = b[0] - a[0], b[1] - a[1]
    t = max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy)))
    return math.dist(p, (a[0] + t * dx, a[1] + t * dy))


def _winding(p, ring):
    """Whether ``p`` lies inside the polygon ``ring`` (crossing count)."""
    x, y = p
    inside = False
    for (ax, ay), (bx, by) in zip(ring, ring[1:] + ring[:1], strict=True):
        if (ay > y) != (by > y) and x < ax + (y - ay) * (bx - ax) / (by - ay):
            inside = not inside
    return inside


def test_each_half_is_cut_in_eight_straight_cuts_that_clear_every_cell():
    layout, sheets = built()
    cell = layout.section(Settings).cell
    radius = cell / math.sqrt(3)
    for page, sheet in zip(
        _board_pages(sheets), [s for s in sheets if s.stem.startswith("b")], strict=True
    ):
        cuts = [item for item in sheet.front.items if item.role == "cut"]
        assert len(cuts) == 1 and len(cuts[0].points) == 8
        outline = list(cuts[0].points)
        centres = [centre for centre, _, _, _ in _cells(page)]
        assert len(centres) == 66 and all(_winding(c, outline) for c in centres)
        reach = min(
            _segment_distance(c, a, b)
            for c in centres
            for a, b in zip(outline, outline[1:] + outline[:1], strict=True)
        )
        # The nearest cut: the white margin beyond the frame along a sloping side.
        assert abs(reach - (radius + components.FRAME_WIDTH * cell + components.MARGIN)) < 0.02


# --- stones ---------------------------------------------------------------------------------


def _faces(page, colour, stone):
    """Centres of the stone faces of a colour (bleed discs are larger and left out)."""
    out = []
    for path in drawn_paths(page):
        if path.curved and path.stroke is None and same_colour(path.fill, hex_rgb(colour)):
            pts = path.subpaths[0]
            if abs(max(p[0] for p in pts) - min(p[0] for p in pts) - stone) < 0.01:
                out.append(_box_centre(pts))
    return out


def _most_discs(n):
    """The most discs one colour can need: its share of placements, shared cells first."""
    board = TripodBoard(n)
    order = sorted(board, key=lambda c: -len(board.positions(c)))
    placements = math.ceil(len(board) / 2)
    return sum(len(board.positions(c)) for c in order[:placements])


@pytest.mark.parametrize("size", [4, 11, 19])
def test_enough_stones_of_each_colour_for_a_full_board(size):
    cell, stone = (15.0, 12.0) if size < 19 else (8.5, 7.0)
    layout, sheets = built(size=size, cell=cell, stone=stone)
    assert components.stones_per_colour(size) >= _most_discs(size) + components.SPARE_STONES
    assert _most_discs(11) == 81  # 51 placements, 30 of them on the 30 shared cells
    for colour in (components.BLACK_STONE, components.WHITE_STONE):
        printed = sum(
            len(_faces(read_pages([s.front]).pages[0], colour, stone))
            for s in sheets
            if s.stem.startswith("stones")
        )
        assert printed >= components.stones_per_colour(size)
        assert printed >= math.ceil(len(TripodBoard(size)) / 2) + components.SPARE_STONES


def _matched(points, others, tolerance=0.02):
    """Whether each point has its own partner among ``others`` within ``tolerance`` mm."""
    left = list(others)
    for p in points:
        near = [q for q in left if math.dist(p, q) <= tolerance]
        if not near:
            return False
        left.remove(near[0])
    return not left


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("flip", ["long", "short"])
def test_every_stone_back_lands_behind_its_front_in_its_own_colour(paper, flip):
    layout, sheets = built(paper, flip)
    stone = layout.section(Settings).stone
    stones = [s for s in sheets if s.stem.startswith("stones")]
    assert stones
    for sheet in stones:
        reader = read_pages(sheet.pages, duplex=flip)
        w, h = page_size_mm(reader.pages[1])
        for colour in (components.BLACK_STONE, components.WHITE_STONE):
            front = _faces(reader.pages[0], colour, stone)
            back = _faces(reader.pages[1], colour, stone)
            assert len(front) == len(back) > 0
            if (flip == "long") == (w <= h):
                turned = [(w - x, y) for x, y in back]
            else:
                turned = [(x, h - y) for x, y in back]
            assert _matched(turned, front)
            assert not _matched(back, front)  # really mirrored


def test_white_stones_have_a_dark_rim_and_black_stones_a_visible_cut():
    layout, sheets = built()
    stone = layout.section(Settings).stone
    page = read_pages([next(s for s in sheets if s.stem.startswith("stones")).front]).pages[0]
    whites = _faces(page, components.WHITE_STONE, stone)
    blacks = _faces(page, components.BLACK_STONE, stone)
    paths = drawn_paths(page)
    rims = [
        _box_centre(p.subpaths[0])
        for p in paths
        if p.curved
        and p.fill is None
        and p.stroke is not None
        and contrast_ratio(p.stroke, (1, 1, 1)) > 10
        and p.width >= 0.5
    ]
    assert len(whites) > 0 and _matched(rims, whites)
    cuts = [p for p in paths if p.curved and p.fill is None and abs(p.width - 0.3) < 1e-6]
    assert len(cuts) == len(whites) + len(blacks)
    for path in cuts:  # each cut line stands out from the face it goes round
        centre = _box_centre(path.subpaths[0])
        black = any(math.dist(centre, c) < 0.01 for c in blacks)
        face = hex_rgb(components.BLACK_STONE if black else components.WHITE_STONE)
        assert contrast_ratio(path.stroke, face) > 3


# --- every sheet ----------------------------------------------------------------------------


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_sheet_fits_its_paper(paper):
    layout, sheets = built(paper)
    assert [s.stem for s in sheets] == ["board-half-1", "board-half-2", "stones"]
    for sheet in sheets:
        for page in read_pages(sheet.pages).pages:
            assert_sheet_on_paper(page, PAPER_SIZES[paper], layout.margin, sheet.stem)


@pytest.mark.parametrize(
    ("size", "cell", "stone"),
    [
        (4, 15.0, 12.0),
        (5, 15.0, 12.0),
        (7, 15.0, 12.0),
        (9, 15.0, 12.0),
        (13, 12.5, 10.0),
        (15, 11.0, 9.0),
        (19, 8.5, 7.0),
    ],
)
def test_other_sizes_build_with_every_cell_named(size, cell, stone):
    layout, sheets = built(size=size, cell=cell, stone=stone)
    halves = _halves(layout, sheets)
    for half, cells in enumerate(halves):
        assert sorted(name for _, name, _, _ in cells) == _expected_names(size, half)
    assert any(s.stem.startswith("stones") for s in sheets)


def test_a_small_board_shares_one_sheet():
    layout, sheets = built(size=7)
    assert [s.stem for s in sheets if s.stem.startswith("board")] == ["board"]
    layout, sheets = built("a3")
    assert [s.stem for s in sheets if s.stem.startswith("board")] == ["board"]
    assert len(_halves(layout, sheets)[0]) == len(_halves(layout, sheets)[1]) == 66


@pytest.mark.parametrize("size", [3, 20, 0])
def test_a_size_off_the_range_is_a_layout_error(size):
    with pytest.raises(LayoutError, match=rf"tripod\.size must be from 4 to 19, not {size}"):
        kit.sheets(layout_for(tripod__size=size))


def test_a_fractional_size_is_a_layout_error():
    with pytest.raises(LayoutError, match=r"tripod\.size must be a whole number, not 11\.5"):
        kit.sheets(layout_for(tripod__size=11.5))


def test_the_settings_are_the_default_layouts_tripod_section():
    with open(DEFAULT_LAYOUT_FILE, "rb") as f:
        section = tomllib.load(f)["tripod"]
    fields = {f.name: f.default for f in dataclasses.fields(Settings)}
    assert fields == section
    assert {k: type(v) for k, v in fields.items()} == {k: type(v) for k, v in section.items()}
    assert all(f.metadata["doc"] for f in dataclasses.fields(Settings))
    assert layout_for().section(Settings) == Settings()
    assert GAMES["tripod"].settings is Settings


@pytest.mark.parametrize(
    ("key", "value"),
    [("cell", 0.5), ("cell", 250.0), ("stone", 0.2), ("size", 25), ("coordinates", "yes")],
)
def test_a_setting_out_of_range_is_a_layout_error_naming_it(key, value):
    with pytest.raises(LayoutError, match=rf"tripod\.{key} must be"):
        layout_for(**{f"tripod__{key}": value}).section(Settings)


def test_a_stone_wider_than_a_cell_is_refused():
    with pytest.raises(LayoutError, match="must not exceed tripod.cell"):
        kit.sheets(layout_for(tripod__stone=16.0))


def test_too_big_a_cell_names_the_largest_that_fits():
    with pytest.raises(FitError, match=r"largest cell that fits is (\d+\.\d) mm") as info:
        kit.sheets(layout_for(tripod__size=19))
    largest = float(re.search(r"is (\d+\.\d) mm", str(info.value)).group(1))
    assert 5.0 < largest < 15.0
    stone = min(12.0, largest)
    kit.sheets(layout_for(tripod__size=19, tripod__cell=largest, tripod__stone=stone))
    with pytest.raises(FitError):
        kit.sheets(
            layout_for(tripod__size=19, tripod__cell=round(largest + 0.2, 1), tripod__stone=stone)
        )


def test_outline_ink_leaves_out_the_wood_tints_but_keeps_the_marks():
    layout, sheets = built(ink="outline")
    for page in _board_pages(sheets):
        fills = [
            p
            for p in drawn_paths(page)
            if p.fill is not None
            and not p.curved
            and any(
                same_colour(p.fill, hex_rgb(c))
                for c in (components.WOOD, components.SHARED, components.FRAME)
            )
        ]
        assert not fills
        assert len(_rings(page, components.CORNER_RING)) == 3
        assert len(_rings(page, components.SHARED_RING)) == 3 * 11 - 6


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_inventory_counts_the_stones_the_sheets_print(paper):
    layout = layout_for(paper__size=paper)
    printed = {"black stone": 0, "white stone": 0}
    for sheet in kit.sheets(layout):
        for step in sheet.steps:
            m = re.search(r"holds (\d+) black and (\d+) white stones", step)
            if m:
                printed["black stone"] += int(m[1])
                printed["white stone"] += int(m[2])
    counted = kit.inventory(layout)
    assert counted == {"board half": 2, **printed}
    assert counted["black stone"] >= components.stones_per_colour(11)
