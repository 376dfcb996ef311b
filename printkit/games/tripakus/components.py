"""What the TriPakus kit draws: the pieces, the board (whole or a section with its marker
strip), and the layout settings of ``[tripakus]``."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import ClassVar

from shapely.geometry import Polygon as ShapelyPolygon
from shapely.geometry.polygon import orient
from shapely.ops import unary_union

from printkit.draw.fiducials import MODULES, Marker, Patch, marker_items, strip_items
from printkit.draw.lattice import ROW_HEIGHT, tri_point
from printkit.draw.model import (
    Affine,
    Drawing,
    Point,
    Polygon,
    Role,
)
from printkit.errors import LayoutError
from printkit.geometry.tri import (
    Cell,
    board_corners,
    boundary_edges,
    outline,
    straight_runs,
    vertices,
)
from printkit.layout import config
from printkit.layout.config import Layout, setting
from printkit.layout.sections import SectionPlan, triangle_sections
from printkit.polyiamond_games import drawing
from printkit.polyiamond_games.drawing import edge_style, mm_bbox, piece_drawing

__all__ = [
    "Settings",
    "piece_drawing",
    "board_drawing",
    "section_drawing",
    "SectionFrame",
    "section_frame",
    "frame_width",
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


def board_drawing(
    cells: frozenset[Cell],
    side: float,
    n: int,
    coordinates: bool,
    plan: SectionPlan | None = None,
    frame: tuple[Point, ...] | None = None,
) -> Drawing:
    """Board cells of the side-``n`` board (apex vertex at the origin): the start corners
    marked, each cell's ``r,c`` when ``coordinates``; see ``drawing.board_drawing``."""
    label = (lambda c: f"{c.r},{c.c}") if coordinates else None
    return drawing.board_drawing(cells, side, board_corners(n), label, plan, frame=frame)


MARKER = 16.0
"""Side of a printed ArUco marker on the full board, mm."""
SECTION_MARKER = 18.0
"""Side of the ArUco marker at each section's board corner, mm: big enough to read when
the assembled board fills a quarter of a 12 MP photo taken at 45 degrees."""
PATCH = 8.0
"""Side of a colour reference patch, mm."""
TAB_GAP = 1.0
"""White between the board's corner and the corner tab's square, mm."""
TAB_MARGIN = 0.5
"""White round a corner marker's quiet zone, inside the tab, mm."""
SECTION_MARKERS = (0,)
"""Marker ids on the section print (each appears on all three copies, one per board corner)."""
FULL_MARKERS = (10, 11, 12, 13)
"""Marker ids on the full board, one in each empty corner of the page."""


@dataclass(frozen=True)
class SectionFrame:
    """The frame a section print carries beyond the board's edge, in board mm.

    ``outline`` is the band along the section's stretch of board edge with the square tab
    beyond its board corner (it shares the board edges and joins the cut outline);
    ``glue`` is the part of the band that the next copy's band covers; ``corner`` is the
    board corner the tab sits at.
    """

    outline: tuple[Point, ...]
    glue: tuple[Point, ...]
    corner: Point
    markers: tuple[Marker, ...]
    patches: tuple[Patch, ...]


def frame_width() -> float:
    """Width of the band along the board edge, mm: the band's outer lines meet the corner
    tab's square at its inner corners (the board's corners are 60 degrees), so the outline
    runs straight from band to tab."""
    tab = _tab_side()
    return TAB_GAP * math.sin(math.radians(30)) + tab / 2 * math.cos(math.radians(30))


def _tab_side() -> float:
    return SECTION_MARKER * (1 + 2 / MODULES) + 2 * TAB_MARGIN


def reference_patches(layout: Layout, start: Point, step: Point) -> list[Patch]:
    """White, black and the player colours in a row from ``start``, ``step`` apart."""
    players = layout.section(Settings).players
    return drawing.reference_patches(layout, players, start, step, PATCH)


def section_frame(plan: SectionPlan, side: float, layout: Layout) -> SectionFrame:
    """The frame of the section print: a band along copy 0's board edges, the marker's tab
    beyond the board corner and the colour patches in the longer band beside it.

    Where the band runs on beyond the glue strip, the next copy's band lies on it: that
    end is glue and is cut square (hidden, and the print stays compact).  At the other end
    the band lies on the previous copy's band and shows: it is cut along the line of the
    section's own edge there, so the seam runs straight on across the frame.
    """
    board_edge = boundary_edges(plan.board) & boundary_edges(plan.section)
    runs = straight_runs(board_edge)
    ends = [v for run in runs for v in run]
    corners = sorted({v for v in ends if ends.count(v) == 2})
    if len(runs) != 2 or len(corners) != 1:
        raise LayoutError("a section is expected to hold one board corner and its two edges")
    corner = corners[0]
    width = frame_width()
    loop = outline(plan.section)[0]
    centre = _mean([tri_point(v, side) for v in loop])
    c = tri_point(corner, side)
    strip = {v for cell in plan.glue for v in vertices(cell)}
    bands, glue = [], ()
    for run in runs:
        far = run[0] if run[1] == corner else run[1]
        a = tri_point(far, side)
        normal = _unit((c[1] - a[1], a[0] - c[0]))
        if _dot(normal, _sub(a, centre)) < 0:
            normal = (-normal[0], -normal[1])
        k = loop.index(far)
        seam = next(v for v in (loop[k - 1], loop[(k + 1) % len(loop)]) if v != corner)
        along = _unit(_sub(a, tri_point(seam, side)))
        if far in strip:
            # The next copy's band ends on the line of the glue strip's inner edge.
            inner = next(
                tri_point(v, side)
                for v in sorted(strip)
                if v != far
                and abs(_dot(normal, _sub(tri_point(v, side), a))) < 1e-9
                and _dot(_sub(tri_point(v, side), a), _sub(c, a)) > 0
            )
            glue = (a, inner, _add(inner, _scale(along, width / _dot(normal, along))))
            along = normal
        out = _add(a, _scale(along, width / _dot(normal, along)))
        if glue and len(glue) == 3:
            glue = (*glue, out)
        bands.append((a, out, normal))
    mitre = _meet(bands[0][1], _sub(c, bands[0][0]), bands[1][1], _sub(c, bands[1][0]))
    u = _unit(_sub(mitre, c))
    tab = _tab_side()
    lateral = (-u[1], u[0])
    near, far_side = _add(c, _scale(u, TAB_GAP)), _add(c, _scale(u, TAB_GAP + tab))
    square = [
        _add(near, _scale(lateral, -tab / 2)),
        _add(far_side, _scale(lateral, -tab / 2)),
        _add(far_side, _scale(lateral, tab / 2)),
        _add(near, _scale(lateral, tab / 2)),
    ]
    parts = [ShapelyPolygon([a, c, mitre, out]) for a, out, _ in bands]
    merged = unary_union([*parts, ShapelyPolygon(square)]).simplify(1e-6)
    ring = tuple(orient(merged).exterior.coords)[:-1]
    # Turned with the copy: upright on the copy whose corner is the apex.
    angle = math.degrees(math.atan2(u[1], u[0])) + 90.0
    centre_mark = _add(c, _scale(u, TAB_GAP + tab / 2))
    marker = Marker(SECTION_MARKERS[0], centre_mark, SECTION_MARKER, _round(angle))
    # The patches: along the longer band's middle line, from where the tab begins.
    a, _, normal = max(bands, key=lambda b: math.dist(b[0], c))
    direction = _unit(_sub(a, c))
    mid = _add(c, _scale(normal, width / 2))
    reach = PATCH / 2 * (abs(_dot(direction, u)) + abs(_dot(normal, u)))
    inner_side = (TAB_GAP - _dot(_sub(mid, c), u)) / _dot(direction, u)
    first = inner_side + (2.0 + reach) / abs(_dot(direction, u))
    start = _add(mid, _scale(direction, first))
    patches = reference_patches(layout, start, _scale(direction, PATCH + 1.5))
    return SectionFrame(ring, glue, c, (marker,), tuple(patches))


def _mean(points: list[Point]) -> Point:
    return (sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points))


def _add(p: Point, q: Point) -> Point:
    return (p[0] + q[0], p[1] + q[1])


def _sub(p: Point, q: Point) -> Point:
    return (p[0] - q[0], p[1] - q[1])


def _scale(p: Point, k: float) -> Point:
    return (p[0] * k, p[1] * k)


def _dot(p: Point, q: Point) -> float:
    return p[0] * q[0] + p[1] * q[1]


def _unit(p: Point) -> Point:
    n = math.hypot(*p)
    return (p[0] / n, p[1] / n)


def _round(angle: float) -> float:
    return round(angle, 9) % 360.0


def _meet(p: Point, d: Point, q: Point, e: Point) -> Point:
    """Where the line through ``p`` along ``d`` meets the line through ``q`` along ``e``."""
    det = d[0] * -e[1] + e[0] * d[1]
    t = ((q[0] - p[0]) * -e[1] + e[0] * (q[1] - p[1])) / det
    return _add(p, _scale(d, t))


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
    """The section print in board coordinates: cells, glue strip, the frame with its
    corner marker and colour patches."""
    plan = triangle_sections(layout.section(Settings).board_size)
    frame = section_frame(plan, side, layout)
    board = board_drawing(plan.section, side, plan_n(plan), False, plan, frame=frame.outline)
    if frame.glue:
        board.add(Polygon(frame.glue, drawing.GLUE, Role.GLUE))
    for marker in frame.markers:
        board.extend(marker_items(marker))
    board.extend(strip_items(list(frame.patches)))
    return board


def plan_n(plan: SectionPlan) -> int:
    """The side of the triangle board a plan covers."""
    return max(c.r for c in plan.board) + 1
