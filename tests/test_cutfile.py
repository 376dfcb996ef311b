"""Cut files: each cut once, inner before outer, SVG and DXF agreeing with the plan."""

from __future__ import annotations

import io
import math
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from functools import cache

import ezdxf
import pytest
from conftest import layout_for
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely import unary_union
from shapely.geometry import LineString, MultiLineString
from shapely.geometry import Polygon as ShapelyPolygon

from printkit.draw.cutfile import (
    TOL,
    CutCircle,
    CutPath,
    CutPlan,
    cut_dxf,
    cut_paths,
    cut_stats,
    cut_svg,
)
from printkit.draw.lattice import hex_polygon
from printkit.draw.model import Circle, Page, Polygon, Polyline, Role, Style, Text

PEN = Style(stroke="#000000", width=0.3)
SVG = "{http://www.w3.org/2000/svg}"
INKSCAPE = "{http://www.inkscape.org/namespaces/inkscape}"
H = math.sqrt(3) / 2


def page(*items, width: float = 210.0, height: float = 297.0) -> Page:
    return Page(width=width, height=height, items=list(items), label="test")


def cut(points, closed=True, role=Role.CUT):
    return Polygon(tuple(points), PEN, role) if closed else Polyline(tuple(points), PEN, role)


def two_triangles():
    a, b = (30.0, 40.0), (50.0, 40.0)
    up, down = (40.0, 40.0 - 20 * H), (40.0, 40.0 + 20 * H)
    return page(cut([a, b, up]), cut([b, a, down]))


def hex_block():
    return page(
        *(
            cut([(x + 60, y + 60) for x, y in hex_polygon((q, r), 10.0)])
            for q in range(3)
            for r in range(3)
        )
    )


def square(x, y, s):
    return [(x, y), (x + s, y), (x + s, y + s), (x, y + s)]


def holed():
    outer = square(20, 20, 60)
    return page(Polygon(tuple(outer), PEN, Role.CUT, holes=(tuple(square(40, 40, 15)),)))


def circle_in_square():
    return page(cut(square(100, 100, 40)), Circle((120, 120), 8, PEN, Role.CUT))


def line_over_edge():
    # A ruler cut along y = 50 that overlaps the bottom edge of a square and runs past it.
    return page(cut(square(40, 30, 20)), cut([(10, 50), (90, 50)], closed=False))


def grid(k: int, s: float = 10.0):
    return page(*(cut(square(20 + i * s, 30 + j * s, s)) for i in range(k) for j in range(k)))


PAGES = {
    "two triangles": two_triangles,
    "hex block": hex_block,
    "polygon with hole": holed,
    "circle in square": circle_in_square,
    "line over edge": line_over_edge,
    "square grid": lambda: grid(3),
}


# ------------------------------------------------------------------ independent checks


def drawn_segments(p: Page, role: Role = Role.CUT):
    """Every straight segment drawn with ``role``, duplicates and all."""
    out = []
    for item in p.items:
        if item.role != role:
            continue
        if isinstance(item, Polygon):
            for ring in (item.points, *item.holes):
                out += list(zip(ring, ring[1:] + ring[:1], strict=True))
        elif isinstance(item, Polyline):
            out += list(zip(item.points, item.points[1:], strict=False))
    return out


def union_length(segments) -> float:
    """Length of the union of segments, by shapely's overlay on a fine grid."""
    if not segments:
        return 0.0
    return unary_union(MultiLineString([list(s) for s in segments]), grid_size=1e-6).length


def overlapping_pairs(segments):
    """Pairs of segments lying on one line and sharing more than TOL of it."""
    bad = []
    for i, (a, b) in enumerate(segments):
        la = math.dist(a, b)
        ux, uy = (b[0] - a[0]) / la, (b[1] - a[1]) / la
        for c, d in segments[i + 1 :]:
            off = [abs((p[0] - a[0]) * uy - (p[1] - a[1]) * ux) for p in (c, d)]
            if max(off) > TOL:
                continue
            t = sorted((p[0] - a[0]) * ux + (p[1] - a[1]) * uy for p in (c, d))
            if min(la, t[1]) - max(0.0, t[0]) > TOL:
                bad.append(((a, b), (c, d)))
    return bad


def circle_length(p: Page) -> float:
    seen = {
        (round(i.centre[0], 3), round(i.centre[1], 3), round(i.radius, 3))
        for i in p.items
        if isinstance(i, Circle) and i.role == Role.CUT
    }
    return sum(2 * math.pi * r for _, _, r in seen)


def as_shape(c):
    """A closed path or circle as a shapely polygon, slightly grown to take what touches it."""
    if isinstance(c, CutCircle):
        return ShapelyPolygon(
            [
                (
                    c.centre[0] + c.radius * math.cos(k * math.pi / 90),
                    c.centre[1] + c.radius * math.sin(k * math.pi / 90),
                )
                for k in range(180)
            ]
        ).buffer(TOL)
    return ShapelyPolygon(c.points).buffer(TOL)


def as_line(c):
    if isinstance(c, CutCircle):
        return LineString(
            [
                (
                    c.centre[0] + c.radius * math.cos(k * math.pi / 90),
                    c.centre[1] + c.radius * math.sin(k * math.pi / 90),
                )
                for k in range(181)
            ]
        )
    pts = c.points + c.points[:1] if c.closed else c.points
    return LineString(pts)


def check_inner_first(plan: CutPlan) -> int:
    """Every path inside a closed path comes before it; returns how many such pairs."""
    pairs = 0
    for j, outer in enumerate(plan.paths):
        if isinstance(outer, CutPath) and not outer.closed:
            continue
        shape = as_shape(outer)
        for i, inner in enumerate(plan.paths):
            if i == j or inner.role != outer.role:
                continue
            line = as_line(inner)
            if shape.contains(line) and not line.buffer(TOL).contains(as_line(outer)):
                pairs += 1
                assert i < j, f"path {i} lies inside path {j} but is cut after it"
    return pairs


# ------------------------------------------------------------------ the plan


@pytest.mark.parametrize("name", sorted(PAGES))
def test_each_piece_of_line_once_and_nothing_lost(name):
    p = PAGES[name]()
    plan = cut_paths(p)
    segments = plan.segments()
    assert overlapping_pairs(segments) == []
    expected = union_length(drawn_segments(p)) + circle_length(p)
    assert plan.length() == pytest.approx(expected, abs=1e-6)
    # The plan's lines cover exactly the drawn lines: their union with the drawing adds nothing.
    assert union_length(segments + drawn_segments(p)) == pytest.approx(
        union_length(drawn_segments(p)), abs=1e-6
    )
    stats = cut_stats(p)
    assert stats.cut_length == pytest.approx(expected, abs=1e-6)
    assert stats.paths + stats.circles == len(plan.paths)


def test_shared_edges_are_cut_once():
    tri, hexes = cut_paths(two_triangles()), cut_paths(hex_block())
    drawn = len(drawn_segments(two_triangles()))
    assert drawn == 6 and len(tri.segments()) == 5
    assert tri.length() == pytest.approx(5 * 20.0)
    # Nine hexagons of side 10 share edges: count the distinct edges independently.
    edges = {
        frozenset((round(a[0], 6), round(a[1], 6)) for a in s) for s in drawn_segments(hex_block())
    }
    assert len(drawn_segments(hex_block())) == 54 and len(edges) < 54
    assert hexes.length() == pytest.approx(10.0 * len(edges))


def test_inner_cuts_before_the_outline_that_holds_them():
    for name in sorted(PAGES):
        plan = cut_paths(PAGES[name]())
        pairs = check_inner_first(plan)
        if name in (
            "two triangles",
            "hex block",
            "polygon with hole",
            "circle in square",
            "square grid",
        ):
            assert pairs > 0, name
            last = plan.paths[-1]
            assert isinstance(last, CutPath) and last.closed, name
    hole = cut_paths(holed())
    assert [p.closed for p in hole.paths] == [True, True]
    assert ShapelyPolygon(hole.paths[0].points).area == pytest.approx(15 * 15)
    ring = cut_paths(circle_in_square())
    assert isinstance(ring.paths[0], CutCircle) and ring.paths[1].closed


def test_outline_of_a_block_is_one_closed_path_after_its_inner_edges():
    p = hex_block()
    plan = cut_paths(p)
    outline = unary_union([ShapelyPolygon(i.points) for i in p.items], grid_size=1e-6).exterior
    last = plan.paths[-1]
    assert last.closed
    assert last.length == pytest.approx(outline.length)
    assert sum(c.length for c in plan.paths[:-1]) == pytest.approx(plan.length() - outline.length)


def test_nearest_first_from_the_origin_and_travel_adds_up():
    for name in sorted(PAGES):
        plan = cut_paths(PAGES[name]())
        here, travel = (0.0, 0.0), 0.0
        for c in plan.paths:
            travel += math.dist(here, c.start)
            here = c.end
        assert plan.travel == pytest.approx(travel), name
    # Three separate squares: nearest first means the one at the origin's corner first,
    # entered at its nearest corner.
    plan = cut_paths(
        page(cut(square(150, 150, 10)), cut(square(10, 10, 10)), cut(square(80, 80, 10)))
    )
    assert [c.start for c in plan.paths] == [(10, 10), (80, 80), (150, 150)]
    # A closed path ends where it starts, so travel is corner to corner.
    assert plan.travel == pytest.approx(
        math.dist((0, 0), (10, 10))
        + math.dist((10, 10), (80, 80))
        + math.dist((80, 80), (150, 150))
    )


def test_straight_cuts_count_collinear_runs():
    # A k x k grid of squares, each drawn whole, is cut with k+1 rows and k+1 columns.
    for k in (1, 2, 4):
        stats = cut_stats(grid(k))
        assert stats.straight_cuts == 2 * (k + 1)
        assert stats.cut_length == pytest.approx(2 * k * (k + 1) * 10.0)
    # Touching pieces on one line are one cut; a gap makes two.
    touching = page(cut([(10, 10), (30, 10)], False), cut([(50, 10), (30, 10)], False))
    gapped = page(cut([(10, 10), (30, 10)], False), cut([(31, 10), (50, 10)], False))
    assert cut_stats(touching).straight_cuts == 1
    assert cut_stats(gapped).straight_cuts == 2
    # Shared edges count once; the hexagon block's cuts are its distinct edges.
    hexes = hex_block()
    edges = {frozenset((round(a[0], 6), round(a[1], 6)) for a in s) for s in drawn_segments(hexes)}
    assert cut_stats(hexes).straight_cuts == len(edges)
    assert cut_stats(two_triangles()).straight_cuts == len(cut_paths(two_triangles()).segments())
    # A circle is no straight cut.
    assert cut_stats(circle_in_square()).straight_cuts == 4
    assert cut_stats(circle_in_square()).circles == 1


def test_scores_come_first_and_give_way_to_cuts():
    fold = cut([(0, 50), (100, 50)], closed=False, role=Role.SCORE)
    p = page(cut(square(20, 30, 20)), fold)
    plan = cut_paths(p)
    roles = [c.role for c in plan.paths]
    assert roles == sorted(roles, key=lambda r: r != Role.SCORE)
    # The stretch of the fold under the square's bottom edge is cut, not scored.
    assert plan.length(Role.SCORE) == pytest.approx(100 - 20)
    assert plan.length(Role.CUT) == pytest.approx(80)
    assert cut_stats(p).score_length == pytest.approx(80)


def test_near_duplicates_within_tolerance_merge():
    jitter = 0.004
    p = page(
        cut(square(10, 10, 30)),
        cut([(10 + jitter, 40 - jitter), (40, 40 + jitter)], closed=False),
        cut([(40, 10), (10, 10)], closed=False),
    )
    plan = cut_paths(p)
    assert plan.length() == pytest.approx(120, abs=0.02)
    assert len(plan.paths) == 1 and plan.paths[0].closed


def test_a_slightly_tilted_line_is_still_one_line():
    # Overlapping pieces of a line 0.0005 rad off the longest segment's direction.
    slope = math.tan(0.0005)
    on = [(x, 50 + slope * x) for x in (0.0, 50.0, 100.0, 150.0, 200.0)]
    p = page(
        cut([(0, 100), (250, 100)], closed=False),
        cut([on[0], on[2]], closed=False),
        cut([on[3], on[1]], closed=False),
        cut([on[2], on[4]], closed=False),
    )
    plan = cut_paths(p)
    assert overlapping_pairs(plan.segments()) == []
    assert plan.length() == pytest.approx(250 + math.dist(on[0], on[4]), abs=1e-6)
    assert cut_stats(p).straight_cuts == 2


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.integers(0, 6),
            st.integers(0, 6),
            st.sampled_from([(1, 0), (0, 1), (1, 1), (1, -1), (2, 1)]),
            st.integers(1, 4),
            st.booleans(),
        ),
        min_size=1,
        max_size=25,
    )
)
def test_random_lattice_lines_are_cut_once(specs):
    items = []
    for x, y, (dx, dy), n, flip in specs:
        a, b = (10.0 + 7 * x, 10.0 + 7 * y), (10.0 + 7 * (x + n * dx), 10.0 + 7 * (y + n * dy))
        items.append(cut([b, a] if flip else [a, b], closed=False))
    p = page(*items)
    plan = cut_paths(p)
    assert overlapping_pairs(plan.segments()) == []
    assert plan.length() == pytest.approx(union_length(drawn_segments(p)), abs=1e-6)
    check_inner_first(plan)


# ------------------------------------------------------------------ SVG and DXF


def svg_geometry(text: str):
    """Segments and circles of the SVG's cut layer, read back from the XML."""
    root = ET.fromstring(text)
    layer = next(g for g in root.iter(f"{SVG}g") if g.get("id") == "cut")
    segments, circles = [], []
    for el in layer:
        if el.tag == f"{SVG}circle":
            circles.append(((float(el.get("cx")), float(el.get("cy"))), float(el.get("r"))))
        elif el.tag == f"{SVG}path":
            d = el.get("d")
            numbers = re.findall(r"[ML]\s*(-?[\d.]+)\s+(-?[\d.]+)", d)
            pts = [(float(x), float(y)) for x, y in numbers]
            if d.rstrip().endswith("Z"):
                pts.append(pts[0])
            segments += list(zip(pts, pts[1:], strict=False))
    return segments, circles


def dxf_geometry(text: str, height: float):
    """Segments and circles of the DXF's CUT layer, flipped back to page coordinates."""
    doc = ezdxf.read(io.StringIO(text))
    segments, circles = [], []
    for e in doc.modelspace().query("*[layer=='CUT']"):
        if e.dxftype() == "CIRCLE":
            circles.append(((e.dxf.center.x, height - e.dxf.center.y), e.dxf.radius))
        else:
            assert e.dxftype() == "LWPOLYLINE"
            pts = [(x, height - y) for x, y in e.get_points("xy")]
            if e.closed:
                pts.append(pts[0])
            segments += list(zip(pts, pts[1:], strict=False))
    return segments, circles


def same(a, b) -> bool:
    return all(math.dist(p, q) <= TOL for p, q in zip(a, b, strict=True))


def assert_files_match_plan(p: Page, plan: CutPlan) -> None:
    plan_segments = plan.segments()
    plan_circles = [(c.centre, c.radius) for c in plan.of(Role.CUT) if isinstance(c, CutCircle)]
    for segs, circles in (svg_geometry(cut_svg(p, plan)), dxf_geometry(cut_dxf(p, plan), p.height)):
        assert len(segs) == len(plan_segments)
        for s, t in zip(segs, plan_segments, strict=True):  # same order, same direction
            assert same(s, t)
        assert len(circles) == len(plan_circles)
        for (c, r), (d, q) in zip(circles, plan_circles, strict=True):
            assert math.dist(c, d) <= TOL and abs(r - q) <= TOL


@pytest.mark.parametrize("name", sorted(PAGES))
def test_svg_and_dxf_hold_the_plan(name):
    p = PAGES[name]()
    assert_files_match_plan(p, cut_paths(p))


def test_svg_is_the_page_size_with_named_layers():
    p = circle_in_square()
    p.add(
        Text((50, 20), "A1", 4.0, role=Role.LABEL),
        Circle((10, 10), 1.5, Style(stroke="#000000"), Role.MARK),
        Polygon(tuple(square(0, 0, 5)), Style(fill="#ffffff"), Role.MARK),
        cut([(0, 200), (100, 200)], closed=False, role=Role.SCORE),
    )
    root = ET.fromstring(cut_svg(p))
    assert root.get("width") == "210mm" and root.get("height") == "297mm"
    assert root.get("viewBox") == "0 0 210 297"
    layers = {g.get("id"): g for g in root.iter(f"{SVG}g")}
    assert list(layers) == ["marks", "engrave", "score", "cut"]
    for name, g in layers.items():
        assert g.get(f"{INKSCAPE}groupmode") == "layer" and g.get(f"{INKSCAPE}label") == name
    assert layers["cut"].get("stroke") == "#ff0000" and layers["cut"].get("stroke-width") == "0.1"
    assert layers["score"].get("stroke") == "#0000ff"
    texts = list(layers["engrave"].iter(f"{SVG}text"))
    assert [t.text for t in texts] == ["A1"] and texts[0].get("fill") == "#000000"
    marks = list(layers["marks"])
    assert len(marks) == 1 and marks[0].get("stroke") == "#00ff00"  # the white ground is no mark
    assert len(list(layers["score"])) == 1


def test_dxf_is_millimetres_with_layers_and_upright():
    p = circle_in_square()
    p.add(
        Text((50, 20), "A1", 4.0, role=Role.LABEL),
        Circle((10, 10), 1.5, Style(stroke="#000000"), Role.MARK),
        Polygon(tuple(square(20, 5, 3)), Style(fill="#000000"), Role.MARK),
    )
    doc = ezdxf.read(io.StringIO(cut_dxf(p)))
    assert doc.header["$INSUNITS"] == 4
    colours = {layer.dxf.name: layer.color for layer in doc.layers}
    assert colours["CUT"] == 1 and colours["SCORE"] == 5
    assert colours["ENGRAVE"] == 7 and colours["MARKS"] == 3
    msp = doc.modelspace()
    # The square's top edge (page y = 100) lies above its bottom (page y = 140) in the DXF.
    square_path = msp.query("LWPOLYLINE[layer=='CUT']")[0]
    ys = sorted({round(y, 6) for _, y in square_path.get_points("xy")})
    assert ys == [297 - 140, 297 - 100]
    text = msp.query("TEXT[layer=='ENGRAVE']")[0]
    assert text.dxf.text == "A1"
    assert msp.query("CIRCLE[layer=='MARKS']")[0].dxf.center.y == pytest.approx(297 - 10)
    hatch = msp.query("HATCH")[0]  # a filled mark is filled in the layer's colour
    assert hatch.dxf.layer == "MARKS" and hatch.dxf.color == 256
    assert cut_dxf(p) == cut_dxf(p)  # reproducible: no timestamps
    assert cut_svg(p) == cut_svg(p)


def test_a_page_without_size_is_refused():
    with pytest.raises(ValueError, match="not positive"):
        cut_svg(Page(width=0, height=10))


# ------------------------------------------------------------------ a real sheet


@cache
def tripakus_sheets():
    from printkit.games.tripakus.kit import sheets

    return sheets(layout_for())


def test_tripakus_board_section_cut_file():
    section = next(s for s in tripakus_sheets() if s.stem == "board-section")
    p = section.front
    plan = cut_paths(p)
    assert overlapping_pairs(plan.segments()) == []
    # Shapely's overlay rounds to a 1e-6 grid: allow that rounding over a few hundred edges.
    assert plan.length() == pytest.approx(union_length(drawn_segments(p)), abs=1e-3)
    check_inner_first(plan)
    assert_files_match_plan(p, plan)
    root = ET.fromstring(cut_svg(p, plan))
    assert root.get("width") == f"{p.width:g}mm" and root.get("height") == f"{p.height:g}mm"


def test_tripakus_piece_sheet_cut_file():
    pieces = next(s for s in tripakus_sheets() if s.stem.startswith("pieces-"))
    p = pieces.front
    plan = cut_paths(p)
    assert overlapping_pairs(plan.segments()) == []
    assert plan.length() == pytest.approx(union_length(drawn_segments(p)), abs=1e-3)
    assert check_inner_first(plan) > 0
    assert_files_match_plan(p, plan)


DXF_IN_A_FRESH_PROCESS = """
import sys
from printkit.draw.cutfile import cut_dxf
from printkit.kits import find_kit
from printkit.layout.config import load_layout
sheet = find_kit("triominoes").build(load_layout())[0]
sys.stdout.write(cut_dxf(sheet.front))
"""


def test_a_dxf_file_is_the_same_whatever_the_hash_seed():
    """Python salts string hashes per process; no set order may reach the file."""
    outputs = set()
    for seed in ("1", "2", "3", "4"):
        env = dict(os.environ, PYTHONHASHSEED=seed)
        run = subprocess.run(
            [sys.executable, "-c", DXF_IN_A_FRESH_PROCESS],
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
        outputs.add(run.stdout)
    assert len(outputs) == 1 and "LWPOLYLINE" in outputs.pop()
