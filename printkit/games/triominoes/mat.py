"""The Triominoes play mat: a light grid of tile-sized triangles the camera can read.

The mat is one sheet (landscape when that holds more cells) with a faint triangular grid
on the lattice of ``printkit.geometry.tri``: rows ``0 … rows-1`` from the top, each with
cells ``(r, 0) … (r, cols-1)``, ``(0, 0)`` pointing up, every cell the size of a tile
(``triominoes.tile``) and its ``(row,col)`` printed tiny and faint in its middle, so a
position can be written down from the mat alone.  Beside the grid, in a band on each
side, sit the ArUco markers ``MAT_MARKERS`` (three on the right, two on the left) and,
between the left ones, the colour strip: white, black, the tile face and the six number
inks.  Nothing of them lies in the play area, so tiles never cover them.

Board frame (for the photo reader): lattice millimetres, ``tri_point`` of vertex
``(0, 0)`` (the apex of cell ``(0, 0)``) at the origin.
"""

from __future__ import annotations

import math

from printkit.draw.fiducials import MODULES, Marker, Patch, marker_items, strip_items
from printkit.draw.lattice import ROW_HEIGHT, tri_centroid, tri_point, tri_polygon
from printkit.draw.model import Affine, Drawing, Point, Polyline, Role, Style, Text
from printkit.errors import FitError
from printkit.geometry.tri import Cell, edges, straight_runs
from printkit.layout.config import Layout
from printkit.layout.sheet import Sheet, content_box, new_page, page_size
from printkit.vision.model import BoardModel

__all__ = ["MAT_MARKERS", "MatPlan", "mat_plan", "mat_cells", "mat_sheets", "mat_drawing",
           "mat_picture", "vision_models", "cell_name", "strip_colours", "strip_patches",
           "largest_mat_tile"]

KIT = "triominoes"
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


def cell_name(cell: tuple[int, int]) -> str:
    """The name a cell carries on the mat and in records: ``(r,c)``."""
    return f"({cell[0]},{cell[1]})"


def _side(layout: Layout) -> float:
    return float(layout[KIT]["tile"])


def _fit(side: float, box: tuple[float, float, float, float]) -> tuple[int, int]:
    """Rows and cells a row of the grid in ``box`` once the side bands are taken."""
    width = box[2] - box[0] - 2 * BAND
    height = box[3] - box[1]
    cols = int(2 * width / side + 1e-9) - 1  # a row of n cells is (n + 1) / 2 sides long
    rows = int(height / (side * ROW_HEIGHT) + 1e-9)
    return max(rows, 0), max(cols, 0)


class MatPlan:
    """Where everything of the mat goes: paper, grid size, and board frame → page map."""

    __slots__ = ("size", "margin", "rows", "cols", "side", "to_page", "markers", "patches")

    def __init__(self, size: tuple[float, float], margin: float, rows: int, cols: int,
                 side: float, to_page: Affine, markers: tuple[Marker, ...],
                 patches: tuple[Patch, ...]):
        self.size, self.margin, self.rows, self.cols, self.side = size, margin, rows, cols, side
        self.to_page, self.markers, self.patches = to_page, markers, patches

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
    from printkit.games.triominoes.components import FACE, NUMBER_INKS

    return [("white", "#ffffff"), ("black", "#000000"), ("face", FACE),
            *((f"ink {k}", ink) for k, ink in enumerate(NUMBER_INKS))]


def strip_patches(start: Point, step: float, side: float = PATCH) -> list[Patch]:
    """The strip downwards from ``start``, patch centres ``step`` apart."""
    return [Patch.square(name, colour, (start[0], start[1] + k * step), side)
            for k, (name, colour) in enumerate(strip_colours())]


def mat_plan(layout: Layout) -> MatPlan:
    """The mat on the layout's paper, portrait or landscape, whichever holds more cells."""
    side = _side(layout)
    best = None
    for landscape in (True, False):
        size = page_size(layout, landscape)
        box = content_box(size, layout.margin)
        rows, cols = _fit(side, box)
        if rows and cols and (best is None or rows * cols > best[0]):
            best = (rows * cols, size, box, rows, cols)
    if best is None:
        raise FitError(f"the {KIT} play mat needs room for one {side:g} mm tile beside its "
                       f"markers on {layout.paper_name}; the largest that fits is "
                       f"{largest_mat_tile(layout):.1f} mm (set triominoes.tile)")
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
        raise FitError(f"the {KIT} play mat's colour strip does not fit between its markers "
                       f"on {layout.paper_name}: use larger paper")
    centre = ((top + LABEL_DROP) + (bottom - QUIET)) / 2
    start = (left, centre - (count - 1) / 2 * step)
    patches = tuple(strip_patches(start, step, step - (PATCH_STEP - PATCH)))
    back = Affine.translate(-gx, -gy)
    return MatPlan(size, layout.margin, rows, cols, side, to_page,
                   tuple(m.transformed(back) for m in markers),
                   tuple(p.transformed(back) for p in patches))


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


def mat_sheets(layout: Layout) -> list[Sheet]:
    """The play mat: one sheet to lay the tiles on and photograph for ``printkit read``."""
    plan = mat_plan(layout)
    title = "Triominoes · play mat"
    page = new_page(plan.size, layout.margin, title)
    page.place(mat_drawing(plan), plan.to_page)
    return [Sheet(KIT, "mat", title, page, stock="plain paper",
                  steps=["Print at actual size and lay the tiles on the grid, each on a cell; "
                         "the faint (row,col) in a cell names it in records.",
                         "To check a position, photograph the whole sheet from above with "
                         "every black-and-white marker in view, then run printkit read."])]


def mat_picture(layout: Layout) -> Drawing:
    """The mat sheet in the board frame, as it lies on the table before any tile."""
    plan = mat_plan(layout)
    picture = Drawing()
    picture.place(mat_sheets(layout)[0].front, Affine.translate(-plan.to_page.e,
                                                                -plan.to_page.f))
    return picture


def _white_points(plan: MatPlan) -> tuple[Point, ...]:
    """Bare paper the reader may trust for light: just outside the content box, the free
    parts of the side bands, and the grid's half-triangle notches."""
    x0, y0, x1, y1 = plan.box
    out = READ_MARGIN / 2
    pts: list[Point] = []
    for k in range(11):
        x = x0 + k / 10 * (x1 - x0)
        pts.append((x, y0 - out))
        if k >= 6:  # the footer's note runs along the bottom left
            pts.append((x, y1 + out))
    for k in range(1, 8):
        pts += [(x0 - out, y0 + k / 8 * (y1 - y0)), (x1 + out, y0 + k / 8 * (y1 - y0))]
    left, right = x0 + QUIET, x1 - QUIET
    top, bottom = y0 + LABEL_DROP + 3.0, y1 - LABEL_DROP - QUIET - 3.0
    ends = [p.centre[1] for p in plan.patches]
    strip_top, strip_bottom = min(ends) - PATCH, max(ends) + PATCH
    for k in range(5):
        t = (k + 0.5) / 5
        pts += [(left, top + t * (strip_top - top)),
                (left, strip_bottom + t * (bottom - strip_bottom))]
    middle = plan.markers[-1].centre[1]
    for k in range(4):
        t = (k + 0.5) / 4
        pts += [(right, top + t * (middle - QUIET - 3.0 - top)),
                (right, middle + LABEL_DROP + 3.0 + t * (bottom - middle - LABEL_DROP - 3.0))]
    # Half-triangle notches along the zigzag sides: outside every cell, inside the grid box.
    from shapely.geometry import Polygon as ShapelyPolygon
    from shapely.geometry import box

    side = plan.side
    grid_box = box(-side / 2, 0.0, plan.cols * side / 2, plan.rows * side * ROW_HEIGHT)
    for r in range(plan.rows):
        for c in (-1, plan.cols):
            notch = ShapelyPolygon(tri_polygon((r, c), side)).intersection(grid_box)
            if notch.area > 0.1 * side * side:
                pts.append((notch.centroid.x, notch.centroid.y))
    return tuple(pts)


def vision_models(layout: Layout) -> list[BoardModel]:
    """The mat as the photo reader sees it; cells are read by ``printkit.games.triominoes.reader``."""
    from printkit.errors import PhotoError
    from printkit.games.triominoes.components import FACE
    from printkit.games.triominoes.reader import PX_PER_MM, classify

    if layout.ink != "fill":
        raise PhotoError("the photo reader tells the numbers by their inks: it reads tiles "
                         "printed with print.ink = \"fill\", not outline")
    plan = mat_plan(layout)
    cells = {cell: tri_polygon(cell, plan.side) for cell in mat_cells(plan)}
    return [BoardModel(
        KIT, "mat", markers=plan.markers, patches=plan.patches, cells=cells,
        classes=("empty", "tile"), colours={"empty": "#ffffff", "tile": FACE},
        bounds=plan.bounds, white=_white_points(plan), cell_key=cell_name,
        classify=classify, px_per_mm=PX_PER_MM,
        extra={"side": plan.side, "rows": plan.rows, "cols": plan.cols})]
