"""Print-then-cut: each machine's marks found on the printed PDF where its software expects
them, the cut file registered to them, and edge-only bleed.

Mark positions are measured on a 600 dpi raster of the PDF (as a cutter's sensor sees the
sheet), not taken from the model; the cut file's coordinates are then carried through the
frame of the marks it holds into the frame of the marks that were printed.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from functools import cache

import numpy as np
import pytest
from conftest import layout_for, run_cli
from raster import centroid_mm, column_peaks_mm, render, row_peaks_mm, window
from shapely.geometry import Point, box
from shapely.geometry import Polygon as ShapelyPolygon
from shapely.ops import unary_union

from printkit.draw.cutfile import cut_stats, cut_svg
from printkit.draw.model import Circle, Document, Page, Polygon, Role, Text
from printkit.draw.pdf import pdf_bytes
from printkit.draw.text import item_extent
from printkit.errors import FitError
from printkit.kits import KITS
from printkit.layout.cutter import CRICUT_AREA, SCANNCUT_INSET, add_cutter_marks, cutter_marks
from printkit.layout.sheet import CUT

TOLERANCE = 0.1
SVG = "{http://www.w3.org/2000/svg}"


@cache
def _sheets(kit: str, **settings):
    return KITS[kit].build(layout_for(**settings))


def _tiles(cutter: str, paper: str, **more):
    sheets = _sheets("triominoes", print__cutter=cutter, paper__size=paper, **more)
    return next(s for s in sheets if any(i.role == Role.CUT for i in s.front.items))


@cache
def _raster(kit_sheet_key):
    cutter, paper, inset = kit_sheet_key
    sheet = _tiles(cutter, paper, print__cutter_inset=inset)
    return render(pdf_bytes(Document("measure", [sheet.front])))


def _silhouette_marks_seen(grey, size, inset):
    """The square's centre and the two Ls' corners, measured on the raster (mm)."""
    w, h = size
    square = centroid_mm(grey, inset - 1.5, inset - 1.5, inset + 6.5, inset + 6.5)
    # Top right: the arm along the top gives y, the arm down the side gives x.
    (top,) = row_peaks_mm(grey, w - inset - 4.0, inset - 1.5, w - inset - 1.0, inset + 1.5)
    (side,) = column_peaks_mm(grey, w - inset - 1.5, inset + 1.0, w - inset + 1.5, inset + 4.0)
    # Bottom left: the arm along the bottom gives y, the arm up the side gives x.
    (bottom,) = row_peaks_mm(grey, inset + 1.0, h - inset - 1.5, inset + 4.0, h - inset + 1.5)
    (left,) = column_peaks_mm(grey, inset - 1.5, h - inset - 4.0, inset + 1.5, h - inset - 1.0)
    return square, (side, top), (left, bottom)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("inset", [10.0, 15.875])
def test_silhouette_marks_print_where_studio_expects_them(paper, inset):
    sheet = _tiles("silhouette", paper, print__cutter_inset=inset)
    size = (sheet.front.width, sheet.front.height)
    square, top_right, bottom_left = _silhouette_marks_seen(
        _raster(("silhouette", paper, inset)), size, inset
    )
    w, h = size
    expected = [(inset + 2.5, inset + 2.5), (w - inset, inset), (inset, h - inset)]
    for seen, want in zip((square, top_right, bottom_left), expected, strict=True):
        assert math.dist(seen, want) <= TOLERANCE, (seen, want)


def test_scanncut_marks_print_where_the_machine_looks():
    sheet = _tiles("scanncut", "a4")
    grey = _raster(("scanncut", "a4", 10.0))
    w, h = sheet.front.width, sheet.front.height
    dx, dy = SCANNCUT_INSET
    for cx, cy in ((dx, dy), (w - dx, dy), (w - dx, h - dy), (dx, h - dy)):
        # The rings and the dot are round the centre; the bar lies above the window.
        seen = centroid_mm(grey, cx - 5.4, cy - 5.4, cx + 5.4, cy + 5.4)
        assert math.dist(seen, (cx, cy)) <= TOLERANCE, (seen, (cx, cy))
        bar = row_peaks_mm(grey, cx - 4.0, cy - 8.0, cx + 4.0, cy - 5.5)
        assert len(bar) == 1 and abs(bar[0] - (cy - 6.5)) <= TOLERANCE, bar


def _svg_layers(svg: str) -> dict[str, list[tuple[float, float]]]:
    """Every vertex of every path in each layer of a cut SVG, in its own millimetres."""
    root = ET.fromstring(svg)
    out = {}
    for group in root.iter(f"{SVG}g"):
        points = []
        for path in group.iter(f"{SVG}path"):
            words = path.get("d").replace("M", " ").replace("L", " ").replace("Z", " ").split()
            values = list(map(float, words))
            points.extend(zip(values[::2], values[1::2], strict=True))
        out[group.get("id")] = points
    return out


def test_the_cut_file_is_registered_to_the_printed_silhouette_marks():
    """Cut vertices, carried from the cut file's marks frame into the printed marks frame,
    land on the printed cut lines."""
    inset = 10.0
    sheet = _tiles("silhouette", "a4", print__cutter_inset=inset)
    size = (sheet.front.width, sheet.front.height)
    grey = _raster(("silhouette", "a4", inset))
    layers = _svg_layers(cut_svg(sheet.front))
    # The marks layer holds the three marks: the square's corner is the frame's origin,
    # the Ls' corners its axes (the outermost points of each mark, less half a line).
    marks = layers["marks"]
    w, h = size
    near = lambda p, q: math.dist(p, q) < 8  # noqa: E731
    svg_origin = min((p for p in marks if near(p, (inset, inset))), key=sum)
    svg_x = max((p for p in marks if near(p, (w - inset, inset))), key=lambda p: p[0] - p[1])
    svg_y = max((p for p in marks if near(p, (inset, h - inset))), key=lambda p: p[1] - p[0])
    square, top_right, bottom_left = _silhouette_marks_seen(grey, size, inset)
    printed_origin = (square[0] - 2.5, square[1] - 2.5)

    def frame(origin, x_end, y_end):
        ux = np.subtract(x_end, origin)
        uy = np.subtract(y_end, origin)
        return np.array(origin), np.column_stack([ux, uy])

    so, sm = frame(
        (svg_origin[0] + 0.25, svg_origin[1] + 0.25),
        (svg_x[0] - 0.25, svg_x[1] + 0.25),
        (svg_y[0] + 0.25, svg_y[1] - 0.25),
    )
    po, pm = frame(printed_origin, top_right, bottom_left)
    cuts = layers["cut"]
    assert len(cuts) > 20
    for x, y in cuts[:: max(1, len(cuts) // 40)]:
        u = np.linalg.solve(sm, np.subtract((x, y), so))  # in the marks' frame, 0..1
        px, py = po + pm @ u
        ink = window(grey, px - 0.25, py - 0.25, px + 0.25, py + 0.25).max()
        assert ink > 0.5, f"cut vertex ({x:.2f}, {y:.2f}) has no printed line at ({px}, {py})"


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_cricut_sheets_keep_everything_in_the_print_then_cut_area(paper):
    # The framed TriPakus section needs triangles of at most 14.6 mm (A4) or 15.6 mm
    # (Letter) to fit Cricut's 171 x 235 mm area; the kit says so when they are larger.
    with pytest.raises(FitError, match=r"--set tripakus\.cell=1[45]\.\d"):
        _sheets("tripakus", print__cutter="cricut", paper__size=paper)
    for kit, sizes in (("triominoes", {}), ("tripakus", {"tripakus__cell": 14.5})):
        for sheet in _sheets(kit, print__cutter="cricut", paper__size=paper, **sizes):
            page = sheet.front
            if not any(i.role == Role.CUT for i in page.items):
                continue
            w, h = page.width, page.height
            if max(w, h) > 297.0:  # the whole board on A3 or larger: no Print Then Cut
                assert sheet.stem == "board-full"
                continue
            aw, ah = CRICUT_AREA if w <= h else CRICUT_AREA[::-1]
            x0, y0 = (w - aw) / 2, (h - ah) / 2
            for item in page.items:
                extent = item_extent(item)
                if extent is None:
                    continue
                e0, f0, e1, f1 = extent
                assert x0 - 1e-6 <= e0 and e1 <= x0 + aw + 1e-6, (sheet.stem, item)
                assert y0 - 1e-6 <= f0 and f1 <= y0 + ah + 1e-6, (sheet.stem, item)


def test_a_component_on_a_mark_is_refused_with_the_setting_to_change():
    page = Page(width=210.0, height=297.0)
    page.add(Polygon(((180, 12), (200, 12), (200, 25), (180, 25)), CUT, Role.CUT))
    with pytest.raises(FitError, match=r"silhouette mark .*paper\.margin or print\.cutter_inset"):
        add_cutter_marks(page, "silhouette", 10.0, 5.0, "test sheet")
    page = Page(width=210.0, height=297.0)
    page.add(Text((16.0, 14.0), "a title beside the square", 3.0, anchor="start"))
    with pytest.raises(FitError, match="test sheet"):
        add_cutter_marks(page, "silhouette", 10.0, 5.0, "test sheet")


def test_every_kit_fits_with_marks_or_names_the_value_to_change(capsys, monkeypatch):
    for cutter in ("silhouette", "scanncut"):
        for kit in ("triominoes", "tripakus"):
            assert _sheets(kit, print__cutter=cutter)  # fits with its defaults
    code, _, err = run_cli(
        ["build", "tripod", "--cutter", "scanncut", "--out", "/nonexistent-x"], capsys, monkeypatch
    )
    assert code == 2 and "--set tripod.cell=" in err
    code, _, err = run_cli(["build", "--cutter", "plotter"], capsys, monkeypatch)
    assert code == 2 and "print.cutter must be one of" in err


def test_sheets_without_cut_files_carry_no_cutter_marks():
    sheets = _sheets("triominoes", print__cutter="silhouette")
    plain = [s for s in sheets if not any(i.role == Role.CUT for i in s.front.items)]
    assert plain
    for sheet in plain:
        size = (sheet.front.width, sheet.front.height)
        marks = set(cutter_marks("silhouette", size, 10.0).items)
        assert not marks & set(sheet.front.items), sheet.stem
    cut = _tiles("silhouette", "a4")
    assert set(cutter_marks("silhouette", (cut.front.width, cut.front.height), 10.0).items) <= set(
        cut.front.items
    )


# --- bleed on outer edges only ---------------------------------------------------------


def _area(item):
    if isinstance(item, Polygon):
        return ShapelyPolygon(item.points, item.holes)
    if isinstance(item, Circle):
        return Point(item.centre).buffer(item.radius)
    return None


@pytest.mark.parametrize("kit", ["triominoes", "tripakus"])
def test_outer_bleed_spends_no_ink_under_a_neighbour(kit):
    outer = _sheets(kit, print__bleed_edges="outer")
    every = _sheets(kit)
    checked = 0
    for sheet_o, sheet_a in zip(outer, every, strict=True):
        for page_o, page_a in zip(sheet_o.pages, sheet_a.pages, strict=True):
            faces = unary_union(
                [_area(i) for i in page_o.items if i.role == Role.FILL and _area(i) is not None]
            )
            bleed_o = unary_union([_area(i) for i in page_o.items if i.role == Role.BLEED])
            bleed_a = unary_union([_area(i) for i in page_a.items if i.role == Role.BLEED])
            if bleed_a.is_empty:
                continue
            checked += 1
            assert bleed_o.intersection(faces).area < 1e-3, (sheet_o.stem, page_o.label)
            # Still a full band past the outer edges: what "all" prints outside every face.
            missing = bleed_a.difference(faces).difference(bleed_o).area
            assert missing < 1e-3, (sheet_o.stem, missing)
            assert bleed_o.area < bleed_a.area
    assert checked


@pytest.mark.parametrize("kit", ["tripakus", "trigon"])
def test_the_whole_board_cut_keeps_its_markers_and_colour_patches(kit):
    sheet = next(s for s in _sheets(kit) if s.stem == "board-full")
    (cut,) = [i for i in sheet.front.items if i.role == Role.CUT]
    kept = ShapelyPolygon(cut.points)
    aids = [
        i
        for i in sheet.front.items
        if i.role != Role.CUT and isinstance(i, Polygon) and i.style.fill in ("#000000", "#ffffff")
    ]
    assert len(aids) > 20
    for item in aids:
        assert kept.contains(ShapelyPolygon(item.points)), item
    board = [i for i in sheet.front.items if i.role == Role.LINE and i.style == CUT]
    assert board and all(kept.contains(ShapelyPolygon(i.points)) for i in board)
    # The sheet's title and footer stay whole on the offcut, the footer's note on the cut too:
    # the cut turns round each line as it is printed, and the note names the cut made.
    info = [i for i in sheet.front.items if isinstance(i, Text) and i.role == Role.INFO]
    assert len(info) == 4 and not any(kept.contains(Point(t.position)) for t in info)
    assert not any(kept.intersects(box(*item_extent(t))) for t in info)
    stats = cut_stats(sheet.front)
    (note,) = [t.text for t in info if t.text.startswith("cutting:")]
    assert f"{stats.cut_length / 1000:.2f} m" in note and f"{stats.straight_cuts} straight" in note
