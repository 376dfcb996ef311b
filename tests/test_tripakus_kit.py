"""The TriPakus kit as printed: read back from the PDFs it writes."""

from __future__ import annotations

import dataclasses
import math
import re
import tomllib
import xml.etree.ElementTree as ET
from functools import cache

import pytest
from conftest import layout_for, read_pages
from pdfread import drawn_paths, page_size_mm, polygons_mm, viewer_preferences

from printkit.draw.svg import page_svg
from printkit.errors import FitError, LayoutError
from printkit.games import GAMES
from printkit.games.tripakus import kit as tripakus_kit
from printkit.games.tripakus.components import Settings
from printkit.games.tripakus.kit import PRINT_SHOP_MARGIN, inventory
from printkit.layout.config import DEFAULT_LAYOUT_FILE, load_layout
from printkit.layout.paper import PAPER_SIZES
from printkit.layout.sheet import back_transform
from printkit.polyiamond_games.pieces import PIECES

RED = (0xD6 / 255, 0x28 / 255, 0x28 / 255)


@cache
def kit(paper="a4", flip="long", ink="fill", offset=(0.0, 0.0)):
    layout = layout_for(
        paper__size=paper, print__flip=flip, print__ink=ink, print__back_offset=tuple(offset)
    )
    return layout, tripakus_kit.sheets(layout)


def _sheet(sheets, stem):
    return next(s for s in sheets if s.stem == stem)


def _rounded(poly, digits=2):
    return tuple(sorted((round(x, digits), round(y, digits)) for x, y in poly))


def _filled_polygons(page, colour):
    out = []
    for path in drawn_paths(page):
        if path.fill and all(abs(a - b) < 0.01 for a, b in zip(path.fill, colour, strict=True)):
            out.append(path.subpaths[0])
    return out


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("flip", ["long", "short"])
def test_side_b_lands_exactly_behind_side_a(paper, flip):
    layout, sheets = kit(paper, flip)
    sheet = _sheet(sheets, "pieces-red")
    reader = read_pages(sheet.pages, duplex=flip)
    front = _filled_polygons(reader.pages[0], RED)
    back = _filled_polygons(reader.pages[1], RED)
    assert len(front) == len(back) == 44  # 22 faces and their 22 bleeds
    size = page_size_mm(reader.pages[1])
    w, h = size
    # Turning the sheet over maps a back point to the front point behind it.
    if (flip == "long") == (w <= h):
        turned = [[(w - x, y) for x, y in poly] for poly in back]
    else:
        turned = [[(x, h - y) for x, y in poly] for poly in back]
    assert sorted(map(_rounded, turned)) == sorted(map(_rounded, front))
    # And the back is really mirrored, not a copy of the front.
    assert sorted(map(_rounded, back)) != sorted(map(_rounded, front))
    prefs = viewer_preferences(reader)
    assert prefs["/Duplex"] == ("/DuplexFlipLongEdge" if flip == "long" else "/DuplexFlipShortEdge")


def test_printer_offset_shifts_every_side_b_shape():
    _, plain = kit()
    _, shifted = kit(offset=(1.5, -0.75))
    a = read_pages(_sheet(plain, "pieces-red").pages)
    b = read_pages(_sheet(shifted, "pieces-red").pages)
    before = sorted(map(_rounded, _filled_polygons(a.pages[1], RED)))
    after = sorted(map(_rounded, _filled_polygons(b.pages[1], RED)))
    moved = sorted(_rounded([(x - 1.5, y + 0.75) for x, y in poly]) for poly in after)
    assert moved == before
    # Side A does not move.
    assert sorted(map(_rounded, _filled_polygons(a.pages[0], RED))) == sorted(
        map(_rounded, _filled_polygons(b.pages[0], RED))
    )


def test_back_transform_is_an_involution_without_offset():
    for size in ((210.0, 297.0), (297.0, 210.0)):
        for flip in ("long", "short"):
            t = back_transform(size, flip)
            for p in ((0.0, 0.0), (12.5, 40.0), (200.0, 1.0)):
                q = t(t(p))
                assert math.isclose(q[0], p[0]) and math.isclose(q[1], p[1])


def test_letter_users_get_the_whole_board_on_tabloid_and_a4_users_on_a3():
    for paper, full in (("letter", "tabloid"), ("a4", "a3")):
        sheet = next(s for s in kit(paper)[1] if s.stem == "board-full")
        w, h = PAPER_SIZES[full]
        assert (sheet.front.width, sheet.front.height) == (h, w)  # landscape


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_sheet_fits_its_paper_and_has_the_paper_size(paper):
    _, sheets = kit(paper)
    for sheet in sheets:
        reader = read_pages(sheet.pages)
        for page, model in zip(reader.pages, sheet.pages, strict=True):
            w, h = page_size_mm(page)
            assert math.isclose(w, model.width, abs_tol=0.01)
            assert math.isclose(h, model.height, abs_tol=0.01)
            # The whole board is for print shops, which print to within PRINT_SHOP_MARGIN.
            margin = (PRINT_SHOP_MARGIN if sheet.stem == "board-full" else 10.0) - 1e-6
            for poly in polygons_mm(page):
                for ring in poly:
                    for x, y in ring:
                        assert margin <= x <= w - margin and margin <= y <= h - margin, sheet.stem
        if sheet.stem != "board-full":
            pw, ph = PAPER_SIZES[paper]
            assert math.isclose(sheet.front.width, pw) and math.isclose(sheet.front.height, ph)


def test_triangles_are_printed_at_the_cell_size():
    layout, sheets = kit()
    side = layout["tripakus"]["cell"]
    reader = read_pages(_sheet(sheets, "pieces-red").pages)
    # The smallest red area is the moniamond's face (its bleed is a larger triangle).
    monomino = min(_filled_polygons(reader.pages[0], RED), key=_area)
    assert len(monomino) == 3
    for k in range(3):
        (x0, y0), (x1, y1) = monomino[k], monomino[(k + 1) % 3]
        assert math.isclose(math.hypot(x1 - x0, y1 - y0), side, abs_tol=0.005)


def test_each_piece_is_printed_once_with_its_name():
    _, sheets = kit()
    sheet = _sheet(sheets, "pieces-red")
    text = read_pages([sheet.front]).pages[0].extract_text()
    for piece in PIECES:
        assert re.search(rf"\b{re.escape(piece.name)}\b", text), piece.name
    faces = _filled_polygons(read_pages([sheet.front]).pages[0], RED)[22:]  # after the bleeds
    areas = sorted(_area(p) for p in faces)
    unit = math.sqrt(3) / 4 * 16.0**2
    assert sorted(round(a / unit) for a in areas) == sorted(p.order for p in PIECES)


def _area(poly):
    return (
        abs(
            sum(
                x0 * y1 - x1 * y0
                for (x0, y0), (x1, y1) in zip(poly, poly[1:] + poly[:1], strict=True)
            )
        )
        / 2
    )


def test_outline_ink_prints_no_colour():
    _, sheets = kit(ink="outline")
    reader = read_pages(_sheet(sheets, "pieces-blue").pages)
    assert not _filled_polygons(reader.pages[0], (0x23 / 255, 0x64 / 255, 0xC8 / 255))
    assert _sheet(sheets, "pieces-blue").stock == "blue card"


def test_full_board_is_on_the_smallest_paper_that_holds_it():
    _, sheets = kit()
    sheet = _sheet(sheets, "board-full")
    w, h = sheet.front.width, sheet.front.height
    assert (w, h) == (420.0, 297.0)  # A3 landscape holds 304 x 263 mm; A4 does not
    reader = read_pages(sheet.pages)
    # The largest polygon is the cut round the board and its markers; the next, the board.
    cut, board = sorted(polygons_mm(reader.pages[0]), key=lambda p: _area(list(p[0])))[-1:-3:-1]
    xs = [x for x, _ in board[0]]
    assert math.isclose(max(xs) - min(xs), 19 * 16.0, abs_tol=0.01)
    cut_xs = [x for x, _ in cut[0]]
    assert min(cut_xs) < min(xs) and max(cut_xs) > max(xs)


def test_too_big_a_cell_names_the_largest_that_fits():
    layout = layout_for(tripakus__cell=40.0)
    with pytest.raises(FitError, match=r"largest that fits is (\d+\.\d) mm") as info:
        tripakus_kit.sheets(layout)
    largest = float(re.search(r"is (\d+\.\d) mm", str(info.value)).group(1))
    tripakus_kit.sheets(layout_for(tripakus__cell=largest))
    with pytest.raises(FitError):
        tripakus_kit.sheets(layout_for(tripakus__cell=round(largest + 0.2, 1)))


def test_svg_and_pdf_draw_the_same_pieces():
    _, sheets = kit()
    page = _sheet(sheets, "pieces-red").front
    pdf_polys = sorted(_rounded(p, 1) for p in _filled_polygons(read_pages([page]).pages[0], RED))
    root = ET.fromstring(page_svg(page))
    svg_polys = []
    for el in root.iter():
        if el.tag.endswith("polygon") and el.get("fill", "").lower() == "#d62828":
            nums = [float(v) for v in re.split(r"[ ,]+", el.get("points").strip())]
            svg_polys.append(_rounded(list(zip(nums[::2], nums[1::2], strict=True)), 1))
        elif el.tag.endswith("path") and el.get("fill", "").lower() == "#d62828":
            nums = [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", el.get("d"))]
            svg_polys.append(_rounded(list(zip(nums[::2], nums[1::2], strict=True)), 1))
    assert sorted(svg_polys) == pdf_polys


# --------------------------------------------------------------------------- settings


def _defaults(cls) -> dict:
    return {
        f.name: f.default if f.default is not dataclasses.MISSING else f.default_factory()
        for f in dataclasses.fields(cls)
    }


def test_settings_are_the_default_layout_section():
    section = tomllib.loads(DEFAULT_LAYOUT_FILE.read_text(encoding="utf-8"))["tripakus"]
    defaults = _defaults(Settings)
    assert list(defaults) == list(section)
    for key, value in section.items():
        expected = tuple(value) if isinstance(value, list) else value
        assert defaults[key] == expected and type(defaults[key]) is type(expected), key
    assert load_layout().section(Settings) == Settings()
    assert GAMES["tripakus"].settings is Settings
    assert all(f.metadata["doc"] for f in dataclasses.fields(Settings))


@pytest.mark.parametrize(
    "key,value",
    [("cell", 0.2), ("cell", 80.0), ("gap", 25.0), ("board_size", 3), ("board_size", 100)],
)
def test_an_out_of_range_setting_is_a_layout_error_naming_the_key(key, value):
    layout = load_layout(overrides={f"tripakus.{key}": value})
    with pytest.raises(LayoutError, match=rf"tripakus\.{key} must be from"):
        layout.section(Settings)
    with pytest.raises(LayoutError, match=rf"tripakus\.{key}"):
        tripakus_kit.sheets(layout)


def test_the_settings_admit_the_values_the_tests_and_docs_use():
    for values in (
        {"cell": 17.0},
        {"cell": 40.0},
        {"gap": 3.0},
        {"coordinates": False},
        {"board_size": 7},
    ):
        settings = load_layout(overrides={f"tripakus.{k}": v for k, v in values.items()}).section(
            Settings
        )
        assert {k: getattr(settings, k) for k in values} == values


def test_the_inventory_is_what_the_kit_prints():
    layout = layout_for()
    stems = [s.stem for s in tripakus_kit.sheets(layout)]
    assert inventory(layout) == {
        "red piece": 22,
        "yellow piece": 22,
        "blue piece": 22,
        "board section": 3,
        "full board": 1,
    }
    assert [s for s in stems if s.startswith("pieces-")] == [
        f"pieces-{name.split()[0]}" for name in inventory(layout) if name.endswith("piece")
    ]
    assert {"board-section", "board-full"} <= set(stems)
