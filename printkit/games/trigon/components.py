"""What the Trigon kit draws: the pieces (the polyiamond games' own drawings), the
hexagonal board whole with its column letters and row numbers, or one of three identical
rhombus sections with its marker strip, and the layout settings of ``[trigon]``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from printkit.draw.fiducials import Marker, Patch, marker_items, strip_items
from printkit.draw.lattice import ROW_HEIGHT, tri_point
from printkit.draw.model import Affine, Drawing, Point, Text
from printkit.geometry.tri import Vertex, boundary_edges, straight_runs
from printkit.layout import config
from printkit.layout.config import Layout, setting
from printkit.layout.sections import SectionPlan, hexagon_sections
from printkit.polyiamond_games import drawing
from printkit.polyiamond_games.boards import BoardShape, column_letters, hexagon
from printkit.polyiamond_games.drawing import board_drawing

__all__ = [
    "Settings",
    "KIT",
    "TITLE",
    "MIN_CELL",
    "MAX_CELL",
    "MARKER",
    "PATCH",
    "FLAP",
    "SECTION_MARKERS",
    "FULL_MARKERS",
    "board_of",
    "plan_of",
    "board_turn",
    "edge_labels",
    "whole_board_drawing",
    "section_flap",
    "section_drawing",
    "reference_patches",
]

KIT = "trigon"
TITLE = "Trigon"
MIN_CELL, MAX_CELL = 1.0, 60.0
"""The triangle sides (mm) the layout admits, and the range ``largest_cell`` searches."""
FLAP = 24.0
"""Width of the marker strip along each section's top edge, mm."""
MARKER = 16.0
"""Side of a printed ArUco marker, mm."""
PATCH = 8.0
"""Side of a colour reference patch, mm."""
SECTION_MARKERS = (2, 3)
"""Marker ids on the section print (each appears on all three copies)."""
FULL_MARKERS = (14, 15, 16, 17)
"""Marker ids on the whole board, one in each corner of its page."""
LABEL = 3.0
"""Size of the column letters and row numbers round the whole board, mm."""
INK = "#555555"


@dataclass(frozen=True)
class Settings(config.Settings):
    """``[trigon]``: the Trigon kit's layout settings."""

    SECTION: ClassVar[str] = "trigon"
    players: tuple[str, ...] = setting(
        ("blue", "yellow", "red", "green"),
        doc="colours in turn order, names from [colours]",
    )
    cell: float = setting(
        16.0,
        lo=MIN_CELL,
        hi=MAX_CELL,
        doc="side of one triangle, the same on the board and the pieces (TriPakus pieces fit)",
    )
    gap: float = setting(
        0.0,
        lo=0.0,
        hi=20.0,
        doc="0: pieces packed edge to edge, sharing cut lines (fewest cuts); "
        "> 0: pieces this far apart, for cutting with scissors",
    )
    board_size: int = setting(
        9, lo=8, hi=9, doc="edge of the hexagon: 9 (four colours, two players) or 8 (three)"
    )
    coordinates: bool = setting(
        True, doc="print column letters and row numbers round the whole board"
    )


def board_of(layout: Layout) -> BoardShape:
    """The board this layout prints."""
    return hexagon(layout.section(Settings).board_size)


def plan_of(layout: Layout) -> SectionPlan:
    """The three rhombus sections of the board."""
    board = board_of(layout)
    return hexagon_sections(board.cells, board.size)


def board_turn(n: int, side: float, turns: int) -> Affine:
    """Board mm → board mm for ``turns`` thirds of a turn about the hexagon's centre (the
    same turn as ``rotate_about_board_centre`` on its cells)."""
    centre = tri_point(Vertex(2 * n, 0), side)
    return (
        Affine.translate(*centre)
        @ Affine.rotate(120.0 * turns)
        @ Affine.translate(-centre[0], -centre[1])
    )


def edge_labels(board: BoardShape, side: float) -> list[Text]:
    """The names of the board's cells as Pentobi gives them (``a1`` the lower left corner of
    the frame round the hexagon): column letters in a line below the board, each row's
    number beside its first and last triangle."""
    h = side * ROW_HEIGHT
    bottom = (board.rows[-1][0] + 1) * h
    items = []
    for x in range(board.width):
        cx = (x - (board.width - 1) // 2) * side / 2
        items.append(Text((cx, bottom + 1.4 * LABEL), column_letters(x), LABEL, fill=INK))
    first = board.rows[0][0]
    for r, lo, hi in board.rows:
        cy = (r + 0.5) * h + 0.35 * LABEL
        number = str(board.height - (r - first))
        items.append(Text(((lo - 1) * side / 2 - 2.0, cy), number, LABEL, fill=INK, anchor="end"))
        items.append(Text(((hi + 1) * side / 2 + 2.0, cy), number, LABEL, fill=INK, anchor="start"))
    return items


def whole_board_drawing(layout: Layout) -> Drawing:
    """The whole board in lattice mm: grid, starting points, and the letters and numbers
    that name its cells (``coordinates``)."""
    cfg = layout.section(Settings)
    board = board_of(layout)
    d = board_drawing(board.cells, cfg.cell, board.starts)
    if cfg.coordinates and layout.printing.labels:
        d.extend(edge_labels(board, cfg.cell))
    return d


def reference_patches(layout: Layout, start: Point, step: Point) -> list[Patch]:
    """White, black and the colours in a row from ``start``, ``step`` apart."""
    colours = layout.section(Settings).players
    return drawing.reference_patches(layout, colours, start, step, PATCH)


def section_flap(
    plan: SectionPlan, side: float, layout: Layout
) -> tuple[tuple[Point, ...], list[Marker], list[Patch]]:
    """The marker strip above the section's top edge (the hexagon's top side, which only
    this copy holds, so no other copy's cells are under it), its markers and patches."""
    board_edge = boundary_edges(plan.board) & boundary_edges(plan.section)
    top_row = min(v.row for e in board_edge for v in e)
    a, b = next(e for e in straight_runs(board_edge) if e[0].row == e[1].row == top_row)
    (xa, y), (xb, _) = tri_point(a, side), tri_point(b, side)
    flap = ((xa, y - FLAP), (xb, y - FLAP), (xb, y), (xa, y))
    cy = y - FLAP / 2
    inset = FLAP / 2 + 2.0
    markers = [
        Marker(SECTION_MARKERS[0], (xa + inset, cy), MARKER),
        Marker(SECTION_MARKERS[1], (xb - inset, cy), MARKER),
    ]
    count = 2 + len(layout.section(Settings).players)
    start = ((xa + xb) / 2 - (count - 1) / 2 * (PATCH + 1.5), cy)
    return flap, markers, reference_patches(layout, start, (PATCH + 1.5, 0.0))


def section_drawing(layout: Layout, side: float) -> Drawing:
    """The section print in lattice mm: its cells, glue strip, seam ticks and marker flap."""
    plan = plan_of(layout)
    flap, markers, patches = section_flap(plan, side, layout)
    board = board_of(layout)
    d = board_drawing(plan.section, side, board.starts, None, plan, flap)
    for marker in markers:
        d.extend(marker_items(marker))
    d.extend(strip_items(patches))
    return d
