"""What the TriPakus kit draws: the pieces, the board (whole or a section with its marker
strip), and the layout settings of ``[tripakus]``."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import ClassVar

from shapely.geometry import Polygon as ShapelyPolygon
from shapely.ops import unary_union

from printkit.draw.bleed import bleed_polygon
from printkit.draw.colour import ink_on
from printkit.draw.fiducials import Marker, Patch, marker_items, strip_items
from printkit.draw.lattice import ROW_HEIGHT, tri_centroid, tri_point, tri_polygon
from printkit.draw.model import (
    Affine,
    Circle,
    Drawing,
    Point,
    Polygon,
    Polyline,
    Role,
    Style,
    Text,
)
from printkit.draw.text import fit_size
from printkit.errors import LayoutError
from printkit.geometry.tri import (
    Cell,
    board_corners,
    boundary_edges,
    edges,
    outline,
    straight_runs,
)
from printkit.layout import config
from printkit.layout.config import Layout, setting
from printkit.layout.sections import SectionPlan, triangle_sections
from printkit.layout.sheet import CUT

__all__ = [
    "Settings",
    "piece_drawing",
    "board_drawing",
    "section_drawing",
    "section_flap",
    "reference_patches",
    "board_rotation",
    "plan_n",
    "mm_bbox",
    "edge_style",
    "KIT",
    "TITLE",
    "MIN_CELL",
    "MAX_CELL",
]

KIT = "tripakus"
TITLE = "TriPakus"
GRID = Style(stroke="#8a8a8a", width=0.15)
GLUE = Style(fill="#d9d9d9")
TRIM = Style(stroke="#000000", width=0.3, dash=(1.2, 1.0))
MIN_CELL, MAX_CELL = 1.0, 60.0
"""The triangle sides (mm) the layout admits, and the range ``largest_cell`` searches."""


@dataclass(frozen=True)
class Settings(config.Settings):
    """``[tripakus]``: the TriPakus kit's layout settings."""

    SECTION: ClassVar[str] = "tripakus"
    players: tuple[str, ...] = setting(
        ("red", "yellow", "blue"), doc="player colours in turn order, names from [colours]"
    )
    cell: float = setting(
        16.0,
        lo=MIN_CELL,
        hi=MAX_CELL,
        doc="side of one triangle, the same on the board and the pieces",
    )
    gap: float = setting(
        0.0,
        lo=0.0,
        hi=20.0,
        doc="0: pieces packed edge to edge, sharing cut lines (fewest cuts); "
        "> 0: pieces this far apart, for cutting with scissors",
    )
    board_size: int = setting(19, lo=4, hi=40, doc="triangles along each side of the board")
    coordinates: bool = setting(True, doc="print each cell's (row,column) small on the board")


def mm_bbox(cells: Iterable[Cell], side: float) -> tuple[float, float, float, float]:
    """The bounding box (mm) of cells drawn with triangles of ``side``."""
    pts = [p for cell in cells for p in tri_polygon(cell, side)]
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    return min(xs), min(ys), max(xs), max(ys)


def _label_cell(cells: frozenset[Cell], side: float) -> Cell:
    """The cell nearest the middle of the shape: where its name is printed."""
    centres = {c: tri_centroid(c, side) for c in cells}
    mx = sum(p[0] for p in centres.values()) / len(cells)
    my = sum(p[1] for p in centres.values()) / len(cells)
    return min(sorted(cells), key=lambda c: (centres[c][0] - mx) ** 2 + (centres[c][1] - my) ** 2)


def piece_drawing(
    cells: frozenset[Cell],
    name: str,
    side: float,
    fill: str | None,
    cut: bool = True,
    bleed: float = 0.0,
    edge: bool = True,
) -> Drawing:
    """One piece in its own box: outline (a cut line when ``cut``), inner grid, name.

    With a fill colour and ``bleed`` > 0 the colour also reaches ``bleed`` mm past the
    outline (outside the box).  ``edge=False`` leaves the outline to the caller (pieces
    packed edge to edge share it).
    """
    x0, y0, x1, y1 = mm_bbox(cells, side)
    shift = Affine.translate(-x0, -y0)
    d = Drawing(x1 - x0, y1 - y0)
    rings = [tuple(shift(tri_point(v, side)) for v in loop) for loop in outline(cells)]
    body = Style(fill=fill) if fill else Style()
    face = Polygon(rings[0], body, Role.FILL, holes=tuple(rings[1:]))
    grown = bleed_polygon(face, bleed)
    if grown is not None:
        d.add(grown)
    d.add(face)
    inner = _inner_edges(cells)
    line = Style(
        stroke=ink_on(fill) if fill else "#9a9a9a", width=0.12, opacity=0.35 if fill else 1.0
    )
    for a, b in inner:
        d.add(Polyline((shift(tri_point(a, side)), shift(tri_point(b, side))), line, Role.LINE))
    if edge:
        style, role = edge_style(cut)
        for ring in rings:
            d.add(Polygon(ring, style, role))
    d.add(_label(cells, name, side, ink_on(fill) if fill else "#000000", shift))
    return d


def edge_style(cut: bool) -> tuple[Style, Role]:
    """A piece's outline: a cut line on Side A, a light line on Side B."""
    return (CUT, Role.CUT) if cut else (Style(stroke="#b0b0b0", width=0.15), Role.LINE)


def _inner_edges(cells: frozenset[Cell]) -> list:
    count: dict = {}
    for cell in cells:
        for e in edges(cell):
            count[e] = count.get(e, 0) + 1
    return sorted(e for e, k in count.items() if k == 2)


def _label(cells: frozenset[Cell], name: str, side: float, colour: str, shift: Affine) -> Text:
    cell = _label_cell(cells, side)
    # At the centroid an equilateral triangle is 2/3 of its side wide; keep a margin.
    size = fit_size(name, 0.55 * side, 0.16 * side)
    return Text(shift(tri_centroid(cell, side)), name, size, fill=colour)


def board_drawing(
    cells: frozenset[Cell],
    side: float,
    n: int,
    coordinates: bool,
    plan: SectionPlan | None = None,
    flap: tuple[Point, ...] | None = None,
) -> Drawing:
    """Board cells in board coordinates (apex vertex at the origin): grid, start corners,
    coordinates, outline as a cut line; with a section ``plan``, its glue strip, seam ticks
    and the trim line of the shared centre.  A ``flap`` (a polygon sharing an outer edge)
    joins the cut outline: the strip that carries the section's markers."""
    d = Drawing()
    glue = plan.glue if plan else frozenset()
    for cell in sorted(cells & glue):
        d.add(Polygon(tri_polygon(cell, side), GLUE, Role.GLUE))
    corners = set(board_corners(n))
    for cell in sorted(cells & corners):
        cx, cy = tri_centroid(cell, side)
        d.add(Polygon(tri_polygon(cell, side), Style(fill="#eeeeee"), Role.FILL))
        d.add(Circle((cx, cy), 0.13 * side, Style(stroke="#000000", width=0.35), Role.LABEL))
        d.add(Circle((cx, cy), 0.05 * side, Style(fill="#000000"), Role.LABEL))
    for a, b in _all_edges(cells):
        d.add(Polyline((tri_point(a, side), tri_point(b, side)), GRID, Role.LINE))
    for cell in sorted(cells):
        cx, cy = tri_centroid(cell, side)
        if cell in glue and (plan is None or cell not in plan.shared_by_all):
            d.add(Text((cx, cy), "glue", 0.11 * side, fill="#555555"))
        elif coordinates and cell not in corners:
            text = f"{cell.r},{cell.c}"
            d.add(Text((cx, cy), text, fit_size(text, 0.5 * side, 0.1 * side), fill="#9a9a9a"))
    if plan is not None:
        d.extend(_seam_ticks(plan, side))
        for cell in sorted(plan.shared_by_all):
            d.extend(_trim_lines(cell, cells, side))
    loops = [tuple(tri_point(v, side) for v in loop) for loop in outline(cells)]
    if flap is not None:
        merged = unary_union([ShapelyPolygon(loops[0]), ShapelyPolygon(flap)]).simplify(1e-9)
        for ring in (loops[0], flap):
            d.add(Polygon(ring, PLAY_EDGE, Role.LINE))
        loops = [tuple(merged.exterior.coords)[:-1]]
    for loop in loops:
        d.add(Polygon(loop, CUT, Role.CUT))
    return d


def _all_edges(cells: frozenset[Cell]) -> list:
    seen = set()
    out = []
    for cell in sorted(cells):
        for e in edges(cell):
            if e not in seen:
                seen.add(e)
                out.append(e)
    return out


def _seam_ticks(plan: SectionPlan, side: float) -> list:
    """Short ticks across each seam that continue from one copy onto the next when aligned.

    On the glue seam they point away from the glue strip; on the outer edge of the strip
    that lies on a neighbour they point into that strip.
    """
    region = plan.section - plan.glue - plan.top
    outside = plan.board - plan.section
    tick = Style(stroke="#000000", width=0.3)
    items = []
    for strip, towards_strip, other in ((plan.glue, False, region), (plan.top, True, outside)):
        other_edges = {e: c for c in other for e in edges(c)}
        for cell in sorted(strip):
            for e in edges(cell):
                if e not in other_edges:
                    continue
                a, b = (tri_point(v, side) for v in e)
                mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
                target = tri_centroid(cell if towards_strip else other_edges[e], side)
                dx, dy = target[0] - mid[0], target[1] - mid[1]
                k = 0.6 * side * ROW_HEIGHT / 3 / math.hypot(dx, dy)
                items.append(
                    Polyline((mid, (mid[0] + dx * k * 1.5, mid[1] + dy * k * 1.5)), tick, Role.MARK)
                )
    return items


def _trim_lines(cell: Cell, cells: frozenset[Cell], side: float) -> list:
    """Dashed lines around a cell where it joins the rest of the print, and a 'trim' note.

    They are guides (``Role.MARK``), not cut lines: only two of the three copies are
    trimmed, so a cutting machine must not cut them on every copy.
    """
    neighbours = {e for c in cells - {cell} for e in edges(c)}
    items: list = [
        Polyline(tuple(tri_point(v, side) for v in e), TRIM, Role.MARK)
        for e in edges(cell)
        if e in neighbours
    ]
    cx, cy = tri_centroid(cell, side)
    items.append(Text((cx, cy - 0.03 * side), "trim on", 0.085 * side, fill="#000000"))
    items.append(Text((cx, cy + 0.09 * side), "2 copies", 0.085 * side, fill="#000000"))
    return items


FLAP = 24.0
"""Width of the marker strip along each section's outer edge, mm."""
MARKER = 16.0
"""Side of a printed ArUco marker, mm."""
PATCH = 8.0
"""Side of a colour reference patch, mm."""
PLAY_EDGE = Style(stroke="#000000", width=0.5)
SECTION_MARKERS = (0, 1)
"""Marker ids on the section print (each appears on all three copies)."""
FULL_MARKERS = (10, 11, 12, 13)
"""Marker ids on the full board, one in each empty corner of the page."""


def reference_patches(layout: Layout, start: Point, step: Point) -> list[Patch]:
    """White, black and the player colours in a row from ``start``, ``step`` apart."""
    names = ["white", "black", *layout.section(Settings).players]
    colours = {"white": "#ffffff", "black": "#000000"}
    return [
        Patch.square(
            name,
            colours.get(name) or layout.colour(name),
            (start[0] + k * step[0], start[1] + k * step[1]),
            PATCH,
        )
        for k, name in enumerate(names)
    ]


def section_flap(
    plan: SectionPlan, side: float, layout: Layout
) -> tuple[tuple[Point, ...], list[Marker], list[Patch]]:
    """The marker strip beyond copy 0's longest stretch of board edge, its markers and patches."""
    n = plan_n(plan)
    board_edge = boundary_edges(plan.board) & boundary_edges(plan.section)
    a, b = max(straight_runs(board_edge), key=lambda e: (abs(e[1].col - e[0].col), e))
    if a.row != b.row or a.row != n:
        raise LayoutError("the section's longest board edge is expected along the bottom")
    (xa, y), (xb, _) = tri_point(a, side), tri_point(b, side)
    flap = ((xa, y), (xb, y), (xb, y + FLAP), (xa, y + FLAP))
    cy = y + FLAP / 2
    inset = FLAP / 2 + 2.0
    markers = [
        Marker(SECTION_MARKERS[0], (xa + inset, cy), MARKER),
        Marker(SECTION_MARKERS[1], (xb - inset, cy), MARKER),
    ]
    count = 2 + len(layout.section(Settings).players)
    start = ((xa + xb) / 2 - (count - 1) / 2 * (PATCH + 1.5), cy)
    return flap, markers, reference_patches(layout, start, (PATCH + 1.5, 0.0))


def board_rotation(n: int, side: float, turns: int) -> Affine:
    """Board mm → board mm for ``turns`` thirds of a turn (apex → bottom-right → bottom-left)."""
    centre = (0.0, 2 * n * side * ROW_HEIGHT / 3)
    turn = (
        Affine.translate(*centre)
        @ Affine.rotate(120.0 * turns)
        @ Affine.translate(-centre[0], -centre[1])
    )
    return turn


def section_drawing(layout: Layout, side: float) -> Drawing:
    """The section print in board coordinates: cells, glue strip, marker flap."""
    plan = triangle_sections(layout.section(Settings).board_size)
    flap, markers, patches = section_flap(plan, side, layout)
    board = board_drawing(plan.section, side, plan_n(plan), False, plan, flap)
    for marker in markers:
        board.extend(marker_items(marker))
    board.extend(strip_items(patches))
    return board


def plan_n(plan: SectionPlan) -> int:
    """The side of the triangle board a plan covers."""
    return max(c.r for c in plan.board) + 1
