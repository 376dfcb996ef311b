"""The Triominoes photo mat's plan and drawing: a light grid of tile-sized triangles the
camera can read (its sheet is ``kit.mat_sheets``, its reading ``reader.board_models``).

It is a photo mat, not a play mat: one sheet holds part of a game.  Measured with the
rules engine (1,200 rounds played out by random legal moves, the three presets in turn,
2 to 6 players, seeds 1000-2199), a round ends with a median of 32 tiles on the table,
spread over 7 rows and 11 cells a row at the median; a grid of ``FULL_GAME_GRID`` (9 rows of
17 cells) is the smallest that holds 90 % of the end positions (10 x 16 holds 92 %, both
by translation alone).  At 40 mm tiles that is about 31 x 36 cm of grid, four A4 sheets:
the one-sheet mat on A4 (4 x 11 cells) holds 2 % of them, on Letter with 38.5 mm tiles
(5 x 10) 6 %, on A3 (7 x 17) 62 %.  So the mat is for photographing a position or a
part of one (``printkit read``); a whole game is played on the table.

The mat is one sheet (landscape when that holds more cells) with a faint triangular grid
on the lattice of ``printkit.geometry.tri``: rows ``0 … rows-1`` from the top, each with
cells ``(r, 0) … (r, cols-1)``, ``(0, 0)`` pointing up, every cell the size of a tile
(``triominoes.tile`` as the kit prints it, ``kit.sized``) and its ``(row,col)`` printed
tiny and faint in its middle, so a position can be written down from the mat alone.
Beside the grid, in a band on each side, sit the ArUco markers ``MAT_MARKERS`` (three on
the right, two on the left) and, between the left ones, the colour strip: white, black,
the tile face and the six number inks.  The strip is printed again down the right band,
split between the gaps the right markers leave, so that a reflection on one strip leaves
the other (mats printed before it have bare paper there).  Nothing of them lies in the
play area, so tiles never cover them.

Board frame (for the photo reader): lattice millimetres, ``tri_point`` of vertex
``(0, 0)`` (the apex of cell ``(0, 0)``) at the origin.
"""

from __future__ import annotations

import math

from printkit.draw.fiducials import MODULES, Marker, Patch, marker_items, strip_items
from printkit.draw.lattice import ROW_HEIGHT, tri_centroid, tri_point
from printkit.draw.model import Affine, Drawing, Point, Polyline, Role, Style, Text
from printkit.errors import FitError
from printkit.games.triominoes.components import FACE, NUMBER_INKS, Settings
from printkit.games.triominoes.notation import cell_name
from printkit.geometry.tri import Cell, edges, straight_runs
from printkit.layout.config import Layout
from printkit.layout.sheet import content_box, page_size

__all__ = [
    "MAT_MARKERS",
    "FULL_GAME_GRID",
    "MatPlan",
    "mat_plan",
    "mat_cells",
    "mat_drawing",
    "strip_colours",
    "strip_patches",
    "largest_mat_tile",
]

KIT = "triominoes"
FULL_GAME_GRID = (9, 17)
"""Rows and cells a row of the smallest grid holding 90 % of a round's end positions
(random legal play, see the module docstring): what a play mat for whole games needs."""
MAT_MARKERS = (40, 41, 42, 43, 44)
"""Marker ids on the mat: top left, top right, bottom right, bottom left, middle right."""
MARKER = 12.0
"""Side of a printed marker, mm."""
QUIET = MARKER / 2 + MARKER / MODULES
"""Half the marker's footprint: the black square and its white quiet zone, mm."""
LABEL_DROP = QUIET + 2.6
"""How far below a marker's centre its small id label ends, mm."""
PATCH = 8.0
"""Side of a colour patch, mm."""
PATCH_STEP = 9.5
MIN_PATCH = 5.0
"""The smallest patch the reader samples safely, mm."""
CLEAR = 2.5
"""Paper kept free between a band (markers, strip) and the grid, mm."""
BAND = 2 * QUIET + CLEAR
"""Width of the band on each side of the grid, mm."""
READ_MARGIN = 4.0
"""How far beyond the content box the reader looks (bare page margin, for the light), mm."""
GRID = Style(stroke="#c4c4c4", width=0.3)
NAME_INK = "#b4b4b4"
NAME_SIZE = 0.055
"""Size of a cell's printed name, as a fraction of the tile side."""


def _fit(side: float, box: tuple[float, float, float, float]) -> tuple[int, int]:
    """Rows and cells a row of the grid in ``box`` once the side bands are taken."""
    width = box[2] - box[0] - 2 * BAND
    height = box[3] - box[1]
    cols = int(2 * width / side + 1e-9) - 1  # a row of n cells is (n + 1) / 2 sides long
    rows = int(height / (side * ROW_HEIGHT) + 1e-9)
    return max(rows, 0), max(cols, 0)


class MatPlan:
    """Where everything of the mat goes: paper, grid size, and board frame → page map."""

    __slots__ = ("size", "margin", "rows", "cols", "side", "to_page", "markers", "patches", "added")

    def __init__(
        self,
        size: tuple[float, float],
        margin: float,
        rows: int,
        cols: int,
        side: float,
        to_page: Affine,
        markers: tuple[Marker, ...],
        patches: tuple[Patch, ...],
        added: int = 0,
    ):
        self.size, self.margin, self.rows, self.cols, self.side = size, margin, rows, cols, side
        self.to_page, self.markers, self.patches = to_page, markers, patches
        self.added = added  # the last patches: the second strip (``BoardModel.added_patches``)

    def __repr__(self) -> str:
        return f"MatPlan({self.rows}x{self.cols} cells of {self.side:g} mm on {self.size})"

    @property
    def box(self) -> tuple[float, float, float, float]:
        """The page's content box (markers, strip and grid lie in it) in the board frame."""
        x0, y0, x1, y1 = content_box(self.size, self.margin)
        dx, dy = self.to_page.e, self.to_page.f
        return (x0 - dx, y0 - dy, x1 - dx, y1 - dy)

    @property
    def bounds(self) -> tuple[float, float, float, float]:
        """What the reader rectifies: the content box and a little of the margin round it."""
        x0, y0, x1, y1 = self.box
        return (x0 - READ_MARGIN, y0 - READ_MARGIN, x1 + READ_MARGIN, y1 + READ_MARGIN)


def strip_colours() -> list[tuple[str, str]]:
    """The strip's patches, named: white, black, the tile face and the six number inks."""
    return [
        ("white", "#ffffff"),
        ("black", "#000000"),
        ("face", FACE),
        *((f"ink {k}", ink) for k, ink in enumerate(NUMBER_INKS)),
    ]


def strip_patches(
    start: Point, step: float, side: float = PATCH, colours: list[tuple[str, str]] | None = None
) -> list[Patch]:
    """The strip (or its named ``colours`` only) downwards from ``start``, patch centres
    ``step`` apart."""
    return [
        Patch.square(name, colour, (start[0], start[1] + k * step), side)
        for k, (name, colour) in enumerate(strip_colours() if colours is None else colours)
    ]


def _second_strip(right: float, gaps: list[tuple[float, float]]) -> list[Patch]:
    """The strip again down the right band, split between the two gaps (``gaps``: top and
    bottom of each) the right markers leave, its first patches in the upper one; none if
    its patches would be smaller than the reader samples safely."""
    whole = strip_colours()
    upper = (len(whole) + 1) // 2
    parts = (whole[:upper], whole[upper:])
    step = min([PATCH_STEP] + [(b - a) / len(p) for (a, b), p in zip(gaps, parts, strict=True)])
    if step - (PATCH_STEP - PATCH) < MIN_PATCH:
        return []
    patches = []
    for (a, b), part in zip(gaps, parts, strict=True):
        start = (right, (a + b) / 2 - (len(part) - 1) / 2 * step)
        patches += strip_patches(start, step, step - (PATCH_STEP - PATCH), part)
    return patches


def mat_plan(layout: Layout) -> MatPlan:
    """The mat on the layout's paper, portrait or landscape, whichever holds more cells."""
    side = layout.section(Settings).tile
    best = None
    for landscape in (True, False):
        size = page_size(layout, landscape)
        box = content_box(size, layout.margin)
        rows, cols = _fit(side, box)
        if rows and cols and (best is None or rows * cols > best[0]):
            best = (rows * cols, size, box, rows, cols)
    if best is None:
        raise FitError(
            f"the {KIT} photo mat needs room for one {side:g} mm tile beside its "
            f"markers on {layout.paper_name}; the largest that fits is "
            f"{largest_mat_tile(layout):.1f} mm (set triominoes.tile)"
        )
    _, size, box, rows, cols = best
    bx0, by0, bx1, by1 = box
    width, height = (cols + 1) * side / 2, rows * side * ROW_HEIGHT
    # Lattice x runs from -side/2 (the left zigzag) to cols * side / 2.
    gx = bx0 + BAND + (bx1 - bx0 - 2 * BAND - width) / 2 + side / 2
    gy = by0 + (by1 - by0 - height) / 2
    to_page = Affine.translate(gx, gy)
    left, right = bx0 + QUIET, bx1 - QUIET
    top, bottom = by0 + QUIET, by1 - LABEL_DROP
    middle = (top + bottom) / 2
    centres = [(left, top), (right, top), (right, bottom), (left, bottom), (right, middle)]
    markers = tuple(Marker(i, c, MARKER) for i, c in zip(MAT_MARKERS, centres, strict=True))
    # The strip between the left markers, its patches smaller if the paper is short.
    count = len(strip_colours())
    room = (bottom - QUIET) - (top + LABEL_DROP) - 2 * CLEAR
    step = min(PATCH_STEP, room / count)
    if step - (PATCH_STEP - PATCH) < MIN_PATCH:
        raise FitError(
            f"the {KIT} photo mat's colour strip does not fit between its markers "
            f"on {layout.paper_name}: use larger paper"
        )
    centre = ((top + LABEL_DROP) + (bottom - QUIET)) / 2
    start = (left, centre - (count - 1) / 2 * step)
    patches = strip_patches(start, step, step - (PATCH_STEP - PATCH))
    # The second strip, where a reflection on the first seldom reaches: down the right band.
    gaps = [
        (top + LABEL_DROP + CLEAR, middle - QUIET - CLEAR),
        (middle + LABEL_DROP + CLEAR, bottom - QUIET - CLEAR),
    ]
    second = _second_strip(right, gaps)
    back = Affine.translate(-gx, -gy)
    return MatPlan(
        size,
        layout.margin,
        rows,
        cols,
        side,
        to_page,
        tuple(m.transformed(back) for m in markers),
        tuple(p.transformed(back) for p in patches + second),
        len(second),
    )


def largest_mat_tile(layout: Layout) -> float:
    """The largest tile side (to 0.1 mm) for which the mat holds at least one cell."""
    best = 0.0
    for landscape in (True, False):
        x0, y0, x1, y1 = content_box(page_size(layout, landscape), layout.margin)
        best = max(best, min(x1 - x0 - 2 * BAND, (y1 - y0) / ROW_HEIGHT))
    return math.floor(best * 10 - 1e-6) / 10


def mat_cells(plan: MatPlan) -> list[Cell]:
    """The grid's cells, row by row."""
    return [Cell(r, c) for r in range(plan.rows) for c in range(plan.cols)]


def mat_drawing(plan: MatPlan) -> Drawing:
    """The grid, the cell names, markers and strip, in the board frame."""
    side = plan.side
    cells = mat_cells(plan)
    d = Drawing()
    unit = {e for cell in cells for e in edges(cell)}
    for a, b in sorted(straight_runs(unit)):
        d.add(Polyline((tri_point(a, side), tri_point(b, side)), GRID, Role.LINE))
    size = NAME_SIZE * side
    for cell in cells:
        cx, cy = tri_centroid(cell, side)
        d.add(Text((cx, cy), cell_name(cell), size, fill=NAME_INK, role=Role.LABEL))
    for marker in plan.markers:
        d.extend(marker_items(marker))
    d.extend(strip_items(list(plan.patches)))
    return d
