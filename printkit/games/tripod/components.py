"""What the Tripod kit prints: the double board (two triangular halves) and the stones.

Each half is ``TripodBoard``'s triangle of pointy-top hexagons, drawn with the apex cell at
the top.  Hexagon corners use exact integer *hex units* (``x`` in half cell widths,
``x = 2q + r`` at a centre; ``y`` in half corner radii, ``y = 3r``) so that every grid
edge is drawn once; millimetres appear only in drawing.

The cells sit in a wood frame, a triangle whose three corners are clipped, each of its six
sides a frame width beyond the outermost cells.  The perimeter cells, which both halves
share, are printed in a deeper tint with an inner ring and carry the same name on both
halves; the three corners carry a bold ring.

For the camera (``printkit read``), each half carries four ArUco markers of its own
(``HALF_MARKERS``): one on a cap over the apex, three on a band under the bottom row with a
colour strip and the half's name.  The cut (eight straight cuts) leaves a white margin
along the frame's sloping sides: with the cap and band, bare paper all round the board
from which the reader models the light.  ``vision_models`` describes both halves to the
reader, in the same code that draws them.

Stones are discs, black and white, with both sides in the stone's colour.  A player places
at most ``ceil(cells / 2)`` stones, and a stone on a shared cell is laid on both halves, so
one colour can need ``ceil(cells / 2) + min(3n - 3, ceil(cells / 2))`` discs on a full
board; the kit prints that many of each colour and ``SPARE_STONES`` more, rounded up to
whole rows on the sheet.  Stones are printed filled in either ink setting: black and white
need no coloured ink.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from functools import cache

from printkit.draw.fiducials import MODULES, Marker, Patch, marker_items, strip_items
from printkit.draw.lattice import hex_unit_point
from printkit.draw.model import (
    Affine,
    Circle,
    Drawing,
    Item,
    Point,
    Polygon,
    Polyline,
    Role,
    Style,
    Text,
    bbox_of,
)
from printkit.draw.text import fit_size, text_width
from printkit.errors import FitError, LayoutError
from printkit.games.tripod.board import MAX_SIZE, MIN_SIZE, TripodBoard, TripodCell, cell_name
from printkit.games.tripod.rules import Stone
from printkit.geometry.hexgrid import Hex, hex_corners, unique_edges, unit_centre
from printkit.layout.config import Layout
from printkit.layout.sheet import (
    CUT,
    Sheet,
    content_box,
    duplex_step,
    new_page,
    orient_to_fit,
    page_size,
    place_centred,
    two_sided_block,
)

__all__ = [
    "sheets",
    "board_sheets",
    "stone_sheets",
    "half_drawing",
    "half_outline",
    "half_cut",
    "half_fiducials",
    "vision_models",
    "board_picture",
    "HALF_MARKERS",
    "stones_per_colour",
    "largest_cell",
    "board_size",
    "SPARE_STONES",
]

KIT = "tripod"
TITLE = "Tripod"
HALF_NAMES = ("first half", "second half")
HALF_VARIANTS = ("half-1", "half-2")
"""The photo reader's name for each half's board model (each half is read on its own)."""

WOOD = "#f0dcb2"
"""Inner cells: a pale wood tint on which black and white stones both stand out."""
SHARED = "#ddb273"
"""Perimeter cells, shared by both halves: a deeper tint of the same wood."""
FRAME = "#c4935a"
"""The border between the cells and the cut line."""
GRID = Style(stroke="#7b5a2e", width=0.25)
SHARED_RING = Style(stroke="#8a5d22", width=0.3)
CORNER_RING = Style(stroke="#3d2608", width=0.7)
NAME_INK = "#5b4120"
FRAME_INK = "#3d2608"
LEGEND_INK = "#333333"
FRAME_WIDTH = 0.25
"""Frame width beyond the outermost cells, as a fraction of the cell width."""
RING_SCALE = 0.86
"""Size of a shared or corner cell's inner ring, as a fraction of the cell."""
HALF_GAP = 8.0
"""Space between the two halves when both are printed on one sheet, mm."""
LEGEND = 12.0
"""Height kept under a board for its legend, mm."""

HALF_MARKERS = ((20, 21, 22, 23), (24, 25, 26, 27))
"""ArUco ids (``DICT_4X4_50``) on each half: apex, bottom left, bottom middle, bottom right."""
MARKER = 12.0
"""Side of a printed marker's black square, mm."""
PATCH = 7.0
"""Side of a colour reference patch, mm."""
MARGIN = 5.0
"""White paper between the wood frame's sloping sides and the cut, mm: light reference."""
CAP_PAD = 3.0
"""White paper round the apex marker inside the cap, mm."""
BAND_PAD = 3.5
"""White paper under the band's markers (and their id labels), mm."""

BLACK_STONE = "#1a1a1a"
WHITE_STONE = "#ffffff"
STONE_RIM = Style(stroke="#2a2a2a", width=0.6)
"""The dark outline of a white stone, just inside its edge."""
DARK_CUT = Style(stroke="#9a9a9a", width=0.3)
"""Cut line of a black stone: black would vanish into its face and bleed."""
STONE_GAP = 1.5
"""Space between stones on the sheet, mm."""
SPARE_STONES = 4
"""Stones of each colour printed beyond the most a full board can need."""


# --- settings -------------------------------------------------------------------------------

def board_size(layout: Layout) -> int:
    """``tripod.size``: cells along each side of a half, a whole number from 4 to 19."""
    n = layout[KIT]["size"]
    if isinstance(n, bool) or not isinstance(n, (int, float)) or int(n) != n \
            or not MIN_SIZE <= n <= MAX_SIZE:
        raise LayoutError(f"tripod.size must be a whole number from {MIN_SIZE} to {MAX_SIZE}, "
                          f"not {n!r}")
    return int(n)


def _sizes(layout: Layout) -> tuple[float, float]:
    """``tripod.cell`` and ``tripod.stone`` in mm, checked against each other."""
    cfg = layout[KIT]
    cell, stone = float(cfg["cell"]), float(cfg["stone"])
    if cell <= 0 or stone <= 0:
        raise LayoutError(f"tripod.cell and tripod.stone must be positive, not {cell:g} and "
                          f"{stone:g}")
    if stone > cell:
        raise LayoutError(f"tripod.stone ({stone:g} mm) must not exceed tripod.cell "
                          f"({cell:g} mm): stones on neighbouring cells would overlap")
    return cell, stone


# --- one half -------------------------------------------------------------------------------



def _centre(h: tuple[int, int], cell: float) -> Point:
    return hex_unit_point(unit_centre(h), cell)


def _ring(h: tuple[int, int], cell: float, scale: float) -> tuple[Point, ...]:
    """The hexagon ``h`` shrunk about its centre."""
    cx, cy = _centre(h, cell)
    return tuple((cx + x * scale, cy + y * scale)
                 for x, y in (hex_unit_point(v, cell) for v in hex_corners((0, 0))))


def _places(n: int) -> list[Hex]:
    """The hexagons of a half, row by row from the apex, left to right."""
    return [Hex(i - r, r) for r in range(n) for i in range(r + 1)]


def half_outline(n: int, cell: float) -> tuple[Point, ...]:
    """The wood frame of a half: a triangle with clipped corners, clockwise from the top left.

    Its six sides face the six corner directions of a cell; each lies a corner radius and
    a frame width beyond the outermost cell centre in its direction.
    """
    radius = cell / math.sqrt(3)
    reach = radius + FRAME_WIDTH * cell
    centres = [_centre(h, cell) for h in _places(n)]
    lines = []
    for degrees in (210, 270, 330, 30, 90, 150):
        u = (math.cos(math.radians(degrees)), math.sin(math.radians(degrees)))
        lines.append((u, max(x * u[0] + y * u[1] for x, y in centres) + reach))
    points = []
    for k in range(6):
        (a, d1), (b, d2) = lines[k - 1], lines[k]
        det = a[0] * b[1] - a[1] * b[0]
        points.append(((d1 * b[1] - d2 * a[1]) / det, (a[0] * d2 - b[0] * d1) / det))
    return tuple(points)


# --- markers for the camera -----------------------------------------------------------------

_QUIET = MARKER / 2 + MARKER / MODULES
"""Half the side of a marker's white square (its black square and one module of quiet zone)."""


def _reach(cell: float) -> float:
    """How far the wood frame's sides lie beyond the outermost cell centres, mm."""
    return cell / math.sqrt(3) + FRAME_WIDTH * cell


def _bottom(n: int, cell: float) -> float:
    """The y of the bottom row's centres (the apex cell's centre is the origin), mm."""
    return (n - 1) * cell * math.sqrt(3) / 2


def _wall(n: int, cell: float) -> float:
    """The x of the right-hand straight cut: the frame's widest corner and the margin."""
    return (n - 1) * cell / 2 + 2 * _reach(cell) / math.sqrt(3) + MARGIN


def _marker_rows(n: int, cell: float) -> tuple[float, float]:
    """The y of the cap's marker centre and of the band's marker centres.

    The cap's marker (and its small id label) sits just above the frame's top; the band's
    markers just below the frame's bottom edge, clear of any stone on the bottom row.
    """
    reach = _reach(cell)
    return -reach - 3.0 - _QUIET, _bottom(n, cell) + reach + 1.0 + _QUIET


def half_cut(n: int, cell: float) -> tuple[Point, ...]:
    """The cut line of a half, clockwise from the cap's top left corner.

    The wood frame (``half_outline``) gets a white margin ``MARGIN`` wide along its two
    sloping sides, a square cap over the apex holding one marker, and a band under the
    bottom row holding three markers, the colour strip and the half's name; the band's
    straight sides drop from the frame's widest corners.  Eight straight cuts.
    """
    side = _reach(cell) + MARGIN
    wall = _wall(n, cell)
    cap = _QUIET + CAP_PAD
    top_y, band_y = _marker_rows(n, cell)
    top, bottom = top_y - _QUIET - CAP_PAD, band_y + _QUIET + BAND_PAD
    shoulder = math.sqrt(3) * cap - 2 * side  # where a cap side meets a sloping cut
    foot = math.sqrt(3) * wall - 2 * side  # where a sloping cut meets a straight side
    return ((-cap, top), (cap, top), (cap, shoulder), (wall, foot), (wall, bottom),
            (-wall, bottom), (-wall, foot), (-cap, shoulder))


def half_fiducials(n: int, cell: float, half: int, fill_ink: bool = True
                   ) -> tuple[tuple[Marker, ...], tuple[Patch, ...], Point]:
    """A half's markers (``HALF_MARKERS[half]``: apex, bottom left, bottom middle, bottom
    right), its colour patches and where its name goes.

    The patches are white and black (the stones) and, in fill ink, the cells' wood: no
    more, since the board's colours all lie near one plane of colour space, where an
    affine colour fit to them would be ill-conditioned.
    """
    ids = HALF_MARKERS[half]
    top_y, band_y = _marker_rows(n, cell)
    corner = _wall(n, cell) - 2.0 - _QUIET
    markers = (Marker(ids[0], (0.0, top_y), MARKER), Marker(ids[1], (-corner, band_y), MARKER),
               Marker(ids[2], (0.0, band_y), MARKER), Marker(ids[3], (corner, band_y), MARKER))
    strip = corner / 2  # halfway between the middle and the right-hand marker
    step = PATCH + 1.5
    colours = [("white", "#ffffff"), ("black", "#000000")] + ([("wood", WOOD)] if fill_ink else [])
    patches = tuple(Patch.square(name, colour,
                                 (strip + (k - (len(colours) - 1) / 2) * step, band_y), PATCH)
                    for k, (name, colour) in enumerate(colours))
    return markers, patches, (-strip, band_y)


def _half_local(board: TripodBoard, half: int, layout: Layout) -> Drawing:
    """One half with the apex cell's centre at the origin: frame, tinted cells, grid, shared
    and corner rings, names, the markers, colour strip and name, and the cut line."""
    cell, _ = _sizes(layout)
    n = board.n
    fill_ink = layout.ink == "fill"
    outline = half_outline(n, cell)
    d = Drawing()
    if fill_ink:
        d.add(Polygon(outline, Style(fill=FRAME), Role.FILL))
    places = _places(n)
    cells = [board.cell_at(half, h) for h in places]
    if fill_ink:
        for h, c in zip(places, cells, strict=True):
            tint = SHARED if board.is_shared(c) else WOOD
            d.add(Polygon(tuple(hex_unit_point(v, cell) for v in hex_corners(h)),
                          Style(fill=tint), Role.FILL))
    for a, b in sorted(unique_edges(places)[0]):
        d.add(Polyline((hex_unit_point(a, cell), hex_unit_point(b, cell)), GRID, Role.LINE))
    corners_ = set(board.corners)
    for h, c in zip(places, cells, strict=True):
        if c in corners_:
            d.add(Polygon(_ring(h, cell, RING_SCALE), CORNER_RING, Role.LABEL))
        elif board.is_shared(c):
            d.add(Polygon(_ring(h, cell, RING_SCALE), SHARED_RING, Role.LINE))
    if layout[KIT]["coordinates"]:
        names = [cell_name(c) for c in cells]
        size = _name_size(names, cell)
        for h, name in zip(places, names, strict=True):
            d.add(Text(_centre(h, cell), name, size, fill=NAME_INK))
    markers, patches, title_at = half_fiducials(n, cell, half, fill_ink)
    for marker in markers:
        d.extend(marker_items(marker))
    d.extend(strip_items(list(patches)))
    title = f"{TITLE} \u00b7 {HALF_NAMES[half]}"
    room = 2 * (abs(title_at[0]) - _QUIET - 2.0)
    d.add(Text(title_at, title, fit_size(title, room, 3.2), fill=FRAME_INK, role=Role.LABEL))
    d.add(Polygon(half_cut(n, cell), CUT, Role.CUT))
    return d


def _name_size(names: Iterable[str], cell: float) -> float:
    """One font size for every name on a half: small, and the widest within the cell."""
    widest = max(names, key=lambda s: text_width(s, 1.0))
    return fit_size(widest, 0.5 * cell, 0.14 * cell)


def _origin(n: int, cell: float) -> Point:
    """Where a half's own frame puts the top left corner of its cut line's box."""
    x0, y0, _, _ = bbox_of(half_cut(n, cell))
    return x0, y0


def half_drawing(board: TripodBoard, half: int, layout: Layout) -> Drawing:
    """One half in its own box (the box of its cut line, from the origin)."""
    cell, _ = _sizes(layout)
    x0, y0, x1, y1 = bbox_of(half_cut(board.n, cell))
    placed = _half_local(board, half, layout).transformed(Affine.translate(-x0, -y0))
    placed.width, placed.height = x1 - x0, y1 - y0
    return placed



# --- board sheets ---------------------------------------------------------------------------

def _pair(halves: Sequence[Drawing], across: bool) -> Drawing:
    """Both halves on one drawing: side by side (``across``) or one above the other."""
    a, b = halves
    d = Drawing()
    d.place(a)
    if across:
        d.place(b, Affine.translate(a.width + HALF_GAP, 0.0))
        d.width, d.height = a.width + HALF_GAP + b.width, max(a.height, b.height)
    else:
        d.place(b, Affine.translate(0.0, a.height + HALF_GAP))
        d.width, d.height = max(a.width, b.width), a.height + HALF_GAP + b.height
    return d


def _board_box(size: tuple[float, float], layout: Layout) -> tuple[float, float, float, float]:
    x0, y0, x1, y1 = content_box(size, layout.margin)
    return (x0, y0, x1, y1 - LEGEND)


def _fitted(layout: Layout) -> tuple[list[Drawing], tuple[float, float]] | None:
    """The whole board on one sheet if it fits (halves side by side, then stacked), else one
    half a sheet, upright if possible; with the page size.  None if a half does not fit."""
    board = TripodBoard(board_size(layout))
    halves = [half_drawing(board, k, layout) for k in (0, 1)]
    sizes = (page_size(layout), page_size(layout, landscape=True))
    for across in (True, False):
        whole = _pair(halves, across)
        for size in sizes:
            box = _board_box(size, layout)
            if whole.width <= box[2] - box[0] + 1e-6 and whole.height <= box[3] - box[1] + 1e-6:
                return [whole], size
    for size in sizes:
        box = _board_box(size, layout)
        if all(h.width <= box[2] - box[0] + 1e-6 and h.height <= box[3] - box[1] + 1e-6
               for h in halves):
            return halves, size
    for size in sizes:
        turned = [orient_to_fit(h, _board_box(size, layout)) for h in halves]
        if all(t is not None for t in turned):
            return turned, size  # type: ignore[return-value]
    return None


def _legend(layout: Layout, size: tuple[float, float]) -> list[Item]:
    x0, _, x1, y1 = content_box(size, layout.margin)
    mark = "Deeper tint and an inner ring" if layout.ink == "fill" else "An inner ring"
    lines = [f"{mark}: the perimeter. Each such cell is one cell shown on both halves under "
             "the same name; a stone played there goes on both halves.",
             "Bold rings: the three corners, which a winning group must surround."]
    if layout[KIT]["coordinates"]:
        lines.append("Names: a letter for the place in the row counted from the left, a number "
                     "for the row counted from the apex; a prime (c5') marks the second half's "
                     "inner cells.")
    return [Text((x0, y1 - LEGEND + 2.0 + 3.8 * k), line, fit_size(line, x1 - x0, 2.6),
                 fill=LEGEND_INK, anchor="start", role=Role.INFO)
            for k, line in enumerate(lines)]


KEEP_MARKERS = ("Keep the cap and the band with the black-and-white squares: printkit read "
                "uses them to read a photo of the position on each half.")


def board_sheets(layout: Layout) -> list[Sheet]:
    """The board on one sheet, or each half on its own sheet when both do not fit together."""
    n = board_size(layout)
    cell, _ = _sizes(layout)
    found = _fitted(layout)
    if found is None:
        raise FitError(f"a half of the size-{n} {TITLE} board with {cell:g} mm cells does not "
                       f"fit on {layout.paper_name}; the largest cell that fits is "
                       f"{largest_cell(layout):.1f} mm (set tripod.cell, and tripod.stone no "
                       f"larger)")
    drawings, size = found
    box = _board_box(size, layout)
    place = "Lay the two halves side by side, apexes up, the first half on the left."
    if len(drawings) == 1:
        title = f"{TITLE} \u00b7 board (size {n})"
        page = new_page(size, layout.margin, title)
        page.place(drawings[0], place_centred(drawings[0], box, "the board"))
        page.extend(_legend(layout, size))
        return [Sheet(KIT, "board", title, page, stock="white card or paper",
                      steps=["Cut out both halves along their outlines (eight straight cuts "
                             "each).", place, KEEP_MARKERS])]
    out = []
    for half, drawing in enumerate(drawings):
        title = f"{TITLE} \u00b7 board (size {n}) \u00b7 {HALF_NAMES[half]}"
        page = new_page(size, layout.margin, title)
        page.place(drawing, place_centred(drawing, box, f"the board's {HALF_NAMES[half]}"))
        page.extend(_legend(layout, size))
        steps = ["Cut the half out along its outline (eight straight cuts).", KEEP_MARKERS]
        if half == 1:
            steps.append(place)
        out.append(Sheet(KIT, f"board-half-{half + 1}", title, page,
                         stock="white card or paper", steps=steps))
    return out


def largest_cell(layout: Layout) -> float:
    """The largest cell width (to 0.1 mm) at which each half of the board fits the paper."""
    lo, hi = 2.0, 200.0
    while hi - lo > 0.05:
        mid = (lo + hi) / 2
        stone = min(float(layout[KIT]["stone"]), mid)
        if _fitted(layout.with_values(tripod={"cell": mid, "stone": stone})) is not None:
            lo = mid
        else:
            hi = mid
    return math.floor(lo * 10) / 10


# --- stones ---------------------------------------------------------------------------------

def stones_per_colour(n: int) -> int:
    """Discs of each colour printed for the size-``n`` board.

    A player places at most ``ceil(cells / 2)`` stones; each on a shared cell takes a second
    disc on the other half, and there are ``3n - 3`` shared cells.
    """
    board = TripodBoard(n)
    most = math.ceil(len(board) / 2)
    shared = sum(1 for c in board if board.is_shared(c))
    return most + min(shared, most) + SPARE_STONES


def _stone_items(centre: Point, colour: str, stone: float, bleed: float, front: bool
                 ) -> list[Item]:
    """One stone face (front or back): disc and bleed, a white stone's dark rim, the cut."""
    r = stone / 2
    items: list[Item] = []
    if bleed > 0:
        items.append(Circle(centre, r + bleed, Style(fill=colour), Role.BLEED))
    items.append(Circle(centre, r, Style(fill=colour), Role.FILL))
    if colour == WHITE_STONE:
        items.append(Circle(centre, r - 0.4, STONE_RIM, Role.LINE))
    if front:
        items.append(Circle(centre, r, DARK_CUT if colour == BLACK_STONE else CUT, Role.CUT))
    return items


def _stone_grid(stone: float, width: float, height: float) -> tuple[int, int]:
    """Stones a row and rows that fit ``width`` x ``height``: rows in a staggered packing."""
    pitch = stone + STONE_GAP
    cols = int((width - stone - pitch / 2) // pitch + 1e-9) + 1 if width >= stone + pitch / 2 \
        else 0
    rise = pitch * math.sqrt(3) / 2
    rows = int((height - stone) // rise + 1e-9) + 1 if height >= stone else 0
    return cols, rows


def _stone_rows(colours: Sequence[str], count: int, cols: int) -> list[list[str]]:
    """Rows of ``cols`` stones: each colour takes whole rows, at least ``count`` stones.

    Filling a colour's last row adds spares on paper that is printed anyway.
    """
    return [[colour] * cols for colour in colours for _ in range(math.ceil(count / cols))]


def stone_sheets(layout: Layout) -> list[Sheet]:
    """Side A with black and white stones, Side B with each stone's colour behind it."""
    n = board_size(layout)
    _, stone = _sizes(layout)
    count = stones_per_colour(n)
    size = page_size(layout)
    x0, y0, x1, y1 = content_box(size, layout.margin)
    box = (x0 + 9.0, y0 + 9.0, x1 - 9.0, y1 - 9.0)  # room for the registration marks
    cols, rows_a_page = _stone_grid(stone, box[2] - box[0], box[3] - box[1])
    if cols < 1 or rows_a_page < 1:
        raise FitError(f"a {TITLE} stone of {stone:g} mm does not fit on {layout.paper_name} "
                       "(set tripod.stone)")
    rows = _stone_rows((BLACK_STONE, WHITE_STONE), count, cols)
    pages = [rows[k:k + rows_a_page] for k in range(0, len(rows), rows_a_page)]
    out = []
    pitch, rise, r = stone + STONE_GAP, (stone + STONE_GAP) * math.sqrt(3) / 2, stone / 2
    for number, chunk in enumerate(pages, start=1):
        front, back = Drawing(), Drawing()
        width = 0.0
        for i, row in enumerate(chunk):
            shift = pitch / 2 if i % 2 else 0.0
            for j, colour in enumerate(row):
                centre = (r + shift + j * pitch, r + i * rise)
                width = max(width, centre[0] + r)
                front.extend(_stone_items(centre, colour, stone, layout.bleed, True))
                back.extend(_stone_items(centre, colour, stone, layout.bleed, False))
        front.width = back.width = width
        front.height = back.height = 2 * r + (len(chunk) - 1) * rise
        many = len(pages) > 1
        stem = "stones" + (f"-{number}" if many else "")
        title = f"{TITLE} \u00b7 stones" + (f" ({number} of {len(pages)})" if many else "")
        page_a, page_b = two_sided_block(layout, size, title, front, back, box, "the stones")
        blacks = sum(len(row) for row in chunk if row[0] == BLACK_STONE)
        whites = sum(len(row) for row in chunk if row[0] == WHITE_STONE)
        out.append(Sheet(KIT, stem, title, page_a, page_b, stock="white card",
                         steps=[duplex_step(layout),
                                "Cut out the stones along their circles.",
                                f"This sheet holds {blacks} black and {whites} white stones; a "
                                f"full board can need {count - SPARE_STONES} of one colour."]))
    return out


# --- the kit --------------------------------------------------------------------------------

def sheets(layout: Layout) -> list[Sheet]:
    """Every Tripod sheet for this layout: the board, then the stones."""
    board_size(layout)
    _sizes(layout)
    return board_sheets(layout) + stone_sheets(layout)


def position_drawing(n: int, stones: Mapping[TripodCell, Stone], marked: Iterable[TripodCell],
                     mark_colour: str, layout: Layout) -> Drawing:
    """Both halves side by side with stones on them and ``marked`` cells ringed (for
    ``printkit show``): a shared cell's stone shows on both halves, as it is played."""
    board = TripodBoard(n)
    cell, _ = _sizes(layout)
    stone = min(float(layout[KIT]["stone"]), 0.85 * cell)
    marked = set(marked)
    halves = []
    for half in (0, 1):
        d = half_drawing(board, half, layout)
        x0, y0 = _origin(n, cell)
        for h in _places(n):
            c = board.cell_at(half, h)
            cx, cy = _centre(h, cell)
            at = (cx - x0, cy - y0)
            colour = stones.get(c)
            if colour is not None:
                fill = BLACK_STONE if colour == Stone.X else WHITE_STONE
                d.add(Circle(at, stone / 2, Style(fill=fill, stroke="#2a2a2a", width=0.4),
                             Role.FILL))
            if c in marked:
                d.add(Circle(at, 0.5 * cell, Style(stroke=mark_colour, width=0.8), Role.MARK))
        halves.append(d)
    return _pair(halves, across=True)


# --- the photo reader's view ----------------------------------------------------------------

def _inside(p: Point, ring: Sequence[Point]) -> bool:
    """Whether ``p`` lies inside the polygon ``ring`` (even-odd rule)."""
    x, y = p
    inside = False
    for (ax, ay), (bx, by) in zip(ring, (*ring[1:], ring[0]), strict=True):
        if (ay > y) != (by > y) and x < ax + (y - ay) * (bx - ax) / (by - ay):
            inside = not inside
    return inside


def _edge_distance(p: Point, ring: Sequence[Point]) -> float:
    """Distance from ``p`` to the nearest side of the polygon ``ring``."""
    best = math.inf
    for a, b in zip(ring, (*ring[1:], ring[0]), strict=True):
        dx, dy = b[0] - a[0], b[1] - a[1]
        t = max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy)))
        best = min(best, math.dist(p, (a[0] + t * dx, a[1] + t * dy)))
    return best


def _grid(box: tuple[float, float, float, float], step: float) -> list[Point]:
    x0, y0, x1, y1 = box
    return [(x0 + i * step, y0 + j * step) for j in range(int((y1 - y0) / step) + 1)
            for i in range(int((x1 - x0) / step) + 1)]


@cache
def _reference_points(n: int, cell: float, half: int, fill_ink: bool
                      ) -> tuple[tuple[Point, ...], tuple[Point, ...]]:
    """Board-frame points of bare white paper and of bare wood frame, for the light model.

    Paper: inside the cut by 2.5 mm, 2 mm clear of the frame and of every marker (with its
    label), patch and the half's name.  Frame: 1.5 mm inside the frame's edge and farther
    than ``FRAME_CLEAR`` cells from every cell centre, where no stone on the board reaches.
    """
    cut, wood = half_cut(n, cell), half_outline(n, cell)
    markers, patches, title_at = half_fiducials(n, cell, half, fill_ink)
    keep_out = [(m.centre[0] - _QUIET - 2, m.centre[1] - _QUIET - 2, m.centre[0] + _QUIET + 2,
                 m.centre[1] + _QUIET + 4.5) for m in markers]
    keep_out += [(p.centre[0] - PATCH / 2 - 2, p.centre[1] - PATCH / 2 - 2,
                  p.centre[0] + PATCH / 2 + 2, p.centre[1] + PATCH / 2 + 2) for p in patches]
    reach = abs(title_at[0]) - _QUIET - 2.0
    keep_out.append((title_at[0] - reach, title_at[1] - 4.0, title_at[0] + reach,
                     title_at[1] + 4.0))
    # The grid fills the cap and the band; the margins along the sloping sides get a row
    # of points down their middle.
    middle = _reach(cell) + MARGIN / 2
    slope = [(sign * -(middle + y / 2) * 2 / math.sqrt(3), y) for sign in (1, -1)
             for y in (-middle + 3.0 * k for k in range(int(_bottom(n, cell) / 3.0) + 12))]
    paper = [p for p in [*_grid(bbox_of(cut), 3.0), *slope]
             if _inside(p, cut) and _edge_distance(p, cut) >= MARGIN / 2 - 0.01
             and not _inside(p, wood) and _edge_distance(p, wood) >= MARGIN / 2 - 0.01
             and not any(x0 <= p[0] <= x1 and y0 <= p[1] <= y1 for x0, y0, x1, y1 in keep_out)]
    centres = [_centre(h, cell) for h in _places(n)]
    frame = [p for p in _grid(bbox_of(wood), 2.5)
             if _inside(p, wood) and _edge_distance(p, wood) >= 1.5
             and min(math.dist(p, c) for c in centres) >= FRAME_CLEAR * cell]
    return tuple(paper), tuple(frame)


FRAME_CLEAR = 0.72
"""Frame reference points lie at least this many cell widths from any cell centre."""
PAPER_WEIGHT = 4
"""Times each white paper point is listed for the reader's light model.  Its second pass
also fits the light to every cell it read as empty, as if bare paper; Tripod's cells are
wood, so the paper must outweigh them or the middle of the board comes out too bright."""


def vision_models(layout: Layout) -> list:
    """Each half as the photo reader sees it: variants ``half-1`` and ``half-2``.

    Board frame: the half's own, millimetres, the apex cell's centre at the origin (y
    down).  Cells are keyed by ``TripodCell`` and named by ``cell_name``, so a perimeter
    cell has the same name on both halves.  Cells are read by
    ``printkit.games.tripod.reader.classify_cells``: empty (the cell's own tint), ``X`` (black)
    or ``O`` (white).
    """
    from printkit.games.tripod.reader import classify_cells
    from printkit.vision.model import BoardModel

    n = board_size(layout)
    cell, stone = _sizes(layout)
    board = TripodBoard(n)
    fill_ink = layout.ink == "fill"
    models = []
    for half in (0, 1):
        cells = {board.cell_at(half, h): tuple(hex_unit_point(v, cell) for v in hex_corners(h))
                 for h in _places(n)}
        empty = {c: (SHARED if board.is_shared(c) else WOOD) if fill_ink else "#ffffff"
                 for c in cells}
        markers, patches, _ = half_fiducials(n, cell, half, fill_ink)
        paper, frame = _reference_points(n, cell, half, fill_ink)
        x0, y0, x1, y1 = bbox_of(half_cut(n, cell))
        models.append(BoardModel(
            KIT, HALF_VARIANTS[half], markers=markers, patches=patches, cells=cells,
            classes=("empty", "X", "O"),
            colours={"empty": WOOD if fill_ink else "#ffffff", "X": BLACK_STONE,
                     "O": WHITE_STONE},
            bounds=(x0 - 4.0, y0 - 4.0, x1 + 4.0, y1 + 4.0), white=paper * PAPER_WEIGHT,
            cell_key=cell_name, classify=classify_cells,
            extra={"half": half, "cell": cell, "stone": stone, "empty": empty,
                   "frame": tuple(frame), "frame_colour": FRAME if fill_ink else "#ffffff",
                   "centres": {c: _centre(h, cell) for c, h in
                               zip(cells, _places(n), strict=True)}}))
    return models


def board_picture(layout: Layout, variant: str) -> Drawing:
    """A cut-out half (``half-1`` or ``half-2``) in the board frame, as it lies on the table."""
    half = HALF_VARIANTS.index(variant)
    n = board_size(layout)
    cell, _ = _sizes(layout)
    picture = Drawing()
    picture.add(Polygon(half_cut(n, cell), Style(fill="#ffffff"), Role.FILL))
    picture.extend(item for item in _half_local(TripodBoard(n), half, layout).items
                   if item.role != Role.CUT)
    return picture
