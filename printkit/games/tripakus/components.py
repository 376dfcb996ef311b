"""What the TriPakus kit draws: the pieces, the board (whole or a section with its marker
strip), and the layout settings of ``[tripakus]``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from printkit.draw.fiducials import Marker, Patch, marker_items, strip_items
from printkit.draw.lattice import ROW_HEIGHT, tri_point
from printkit.draw.model import (
    Affine,
    Drawing,
    Point,
)
from printkit.errors import LayoutError
from printkit.geometry.tri import (
    Cell,
    board_corners,
    boundary_edges,
    straight_runs,
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
    flap: tuple[Point, ...] | None = None,
) -> Drawing:
    """Board cells of the side-``n`` board (apex vertex at the origin): the start corners
    marked, each cell's ``r,c`` when ``coordinates``; see ``drawing.board_drawing``."""
    label = (lambda c: f"{c.r},{c.c}") if coordinates else None
    return drawing.board_drawing(cells, side, board_corners(n), label, plan, flap)


FLAP = 24.0
"""Width of the marker strip along each section's outer edge, mm."""
MARKER = 16.0
"""Side of a printed ArUco marker, mm."""
PATCH = 8.0
"""Side of a colour reference patch, mm."""
SECTION_MARKERS = (0, 1)
"""Marker ids on the section print (each appears on all three copies)."""
FULL_MARKERS = (10, 11, 12, 13)
"""Marker ids on the full board, one in each empty corner of the page."""


def reference_patches(layout: Layout, start: Point, step: Point) -> list[Patch]:
    """White, black and the player colours in a row from ``start``, ``step`` apart."""
    players = layout.section(Settings).players
    return drawing.reference_patches(layout, players, start, step, PATCH)


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
