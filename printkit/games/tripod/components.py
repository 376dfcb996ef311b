"""What the Tripod kit prints: the double board (two triangular halves) and the stones.

The drawings and geometry live here; ``kit`` lays them out on sheets.

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
from which the reader models the light; ``reader.board_models`` describes both halves to the
reader from the same geometry that draws them.

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
from dataclasses import dataclass
from typing import ClassVar

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
from printkit.errors import LayoutError
from printkit.games.tripod.board import (
    HALF_VARIANTS,
    MAX_SIZE,
    MIN_SIZE,
    TripodBoard,
    TripodCell,
    cell_name,
)
from printkit.games.tripod.rules import Stone
from printkit.geometry.hexgrid import Hex, hex_corners, unique_edges, unit_centre
from printkit.i18n import N_, _
from printkit.layout import config
from printkit.layout.config import Layout, setting
from printkit.layout.sheet import CUT

__all__ = [
    "Settings",
    "board_size",
    "cell_sizes",
    "half_drawing",
    "half_outline",
    "half_cut",
    "half_fiducials",
    "half_places",
    "cell_centre",
    "frame_reach",
    "bottom_y",
    "pair_halves",
    "stone_face_items",
    "position_drawing",
    "board_picture",
    "HALF_MARKERS",
    "HALF_VARIANTS",
    "stones_per_colour",
    "SPARE_STONES",
]

KIT = "tripod"
TITLE = N_("Tripod")
"""The game's name as printed (translate it with ``_(TITLE)``)."""
HALF_NAMES = (N_("first half"), N_("second half"))
"""The board's halves as printed (translate them with ``_``)."""

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
SPARE_STONES = 4


# --- settings -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Settings(config.Settings):
    """``[tripod]``: the board's size, its cells and the printed stones."""

    SECTION: ClassVar[str] = "tripod"
    size: int = setting(
        11, lo=MIN_SIZE, hi=MAX_SIZE, doc="cells along each side of a half (4 to 19)"
    )
    cell: float = setting(15.0, lo=2.0, hi=200.0, doc="across the flats of one hexagonal cell")
    stone: float = setting(12.0, lo=1.0, hi=200.0, doc="diameter of a printed stone")
    coordinates: bool = setting(True, doc="print each cell's name small on the board")


def board_size(layout: Layout) -> int:
    """``tripod.size``: cells along each side of a half, a whole number from 4 to 19."""
    return layout.section(Settings).size


def cell_sizes(layout: Layout) -> tuple[float, float]:
    """``tripod.cell`` and ``tripod.stone`` in mm, checked against each other."""
    settings = layout.section(Settings)
    cell, stone = settings.cell, settings.stone
    if stone > cell:
        raise LayoutError(
            f"tripod.stone ({stone:g} mm) must not exceed tripod.cell "
            f"({cell:g} mm): stones on neighbouring cells would overlap"
        )
    return cell, stone


# --- one half -------------------------------------------------------------------------------


def cell_centre(h: tuple[int, int], cell: float) -> Point:
    return hex_unit_point(unit_centre(h), cell)


def _ring(h: tuple[int, int], cell: float, scale: float) -> tuple[Point, ...]:
    """The hexagon ``h`` shrunk about its centre."""
    cx, cy = cell_centre(h, cell)
    return tuple(
        (cx + x * scale, cy + y * scale)
        for x, y in (hex_unit_point(v, cell) for v in hex_corners((0, 0)))
    )


def half_places(n: int) -> list[Hex]:
    """The hexagons of a half, row by row from the apex, left to right."""
    return [Hex(i - r, r) for r in range(n) for i in range(r + 1)]


def half_outline(n: int, cell: float) -> tuple[Point, ...]:
    """The wood frame of a half: a triangle with clipped corners, clockwise from the top left.

    Its six sides face the six corner directions of a cell; each lies a corner radius and
    a frame width beyond the outermost cell centre in its direction.
    """
    radius = cell / math.sqrt(3)
    reach = radius + FRAME_WIDTH * cell
    centres = [cell_centre(h, cell) for h in half_places(n)]
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

QUIET = MARKER / 2 + MARKER / MODULES
"""Half the side of a marker's white square (its black square and one module of quiet zone)."""


def frame_reach(cell: float) -> float:
    """How far the wood frame's sides lie beyond the outermost cell centres, mm."""
    return cell / math.sqrt(3) + FRAME_WIDTH * cell


def bottom_y(n: int, cell: float) -> float:
    """The y of the bottom row's centres (the apex cell's centre is the origin), mm."""
    return (n - 1) * cell * math.sqrt(3) / 2


def _wall(n: int, cell: float) -> float:
    """The x of the right-hand straight cut: the frame's widest corner and the margin."""
    return (n - 1) * cell / 2 + 2 * frame_reach(cell) / math.sqrt(3) + MARGIN


def _marker_rows(n: int, cell: float) -> tuple[float, float]:
    """The y of the cap's marker centre and of the band's marker centres.

    The cap's marker (and its small id label) sits just above the frame's top; the band's
    markers just below the frame's bottom edge, clear of any stone on the bottom row.
    """
    reach = frame_reach(cell)
    return -reach - 3.0 - QUIET, bottom_y(n, cell) + reach + 1.0 + QUIET


def half_cut(n: int, cell: float) -> tuple[Point, ...]:
    """The cut line of a half, clockwise from the cap's top left corner.

    The wood frame (``half_outline``) gets a white margin ``MARGIN`` wide along its two
    sloping sides, a square cap over the apex holding one marker, and a band under the
    bottom row holding three markers, the colour strip and the half's name; the band's
    straight sides drop from the frame's widest corners.  Eight straight cuts.
    """
    side = frame_reach(cell) + MARGIN
    wall = _wall(n, cell)
    cap = QUIET + CAP_PAD
    top_y, band_y = _marker_rows(n, cell)
    top, bottom = top_y - QUIET - CAP_PAD, band_y + QUIET + BAND_PAD
    shoulder = math.sqrt(3) * cap - 2 * side  # where a cap side meets a sloping cut
    foot = math.sqrt(3) * wall - 2 * side  # where a sloping cut meets a straight side
    return (
        (-cap, top),
        (cap, top),
        (cap, shoulder),
        (wall, foot),
        (wall, bottom),
        (-wall, bottom),
        (-wall, foot),
        (-cap, shoulder),
    )


def half_fiducials(
    n: int, cell: float, half: int, fill_ink: bool = True
) -> tuple[tuple[Marker, ...], tuple[Patch, ...], Point]:
    """A half's markers (``HALF_MARKERS[half]``: apex, bottom left, bottom middle, bottom
    right), its colour patches and where its name goes.

    The patches are white and black (the stones) and, in fill ink, the cells' wood: no
    more, since the board's colours all lie near one plane of colour space, where an
    affine colour fit to them would be ill-conditioned.
    """
    ids = HALF_MARKERS[half]
    top_y, band_y = _marker_rows(n, cell)
    corner = _wall(n, cell) - 2.0 - QUIET
    markers = (
        Marker(ids[0], (0.0, top_y), MARKER),
        Marker(ids[1], (-corner, band_y), MARKER),
        Marker(ids[2], (0.0, band_y), MARKER),
        Marker(ids[3], (corner, band_y), MARKER),
    )
    strip = corner / 2  # halfway between the middle and the right-hand marker
    step = PATCH + 1.5
    colours = [("white", "#ffffff"), ("black", "#000000")] + ([("wood", WOOD)] if fill_ink else [])
    patches = tuple(
        Patch.square(name, colour, (strip + (k - (len(colours) - 1) / 2) * step, band_y), PATCH)
        for k, (name, colour) in enumerate(colours)
    )
    return markers, patches, (-strip, band_y)


def _half_local(board: TripodBoard, half: int, layout: Layout) -> Drawing:
    """One half with the apex cell's centre at the origin: frame, tinted cells, grid, shared
    and corner rings, names, the markers, colour strip and name, and the cut line."""
    cell = cell_sizes(layout)[0]
    n = board.n
    fill_ink = layout.ink == "fill"
    outline = half_outline(n, cell)
    d = Drawing()
    if fill_ink:
        d.add(Polygon(outline, Style(fill=FRAME), Role.FILL))
    places = half_places(n)
    cells = [board.cell_at(half, h) for h in places]
    if fill_ink:
        for h, c in zip(places, cells, strict=True):
            tint = SHARED if board.is_shared(c) else WOOD
            d.add(
                Polygon(
                    tuple(hex_unit_point(v, cell) for v in hex_corners(h)),
                    Style(fill=tint),
                    Role.FILL,
                )
            )
    for a, b in sorted(unique_edges(places)[0]):
        d.add(Polyline((hex_unit_point(a, cell), hex_unit_point(b, cell)), GRID, Role.LINE))
    corners_ = set(board.corners)
    for h, c in zip(places, cells, strict=True):
        if c in corners_:
            d.add(Polygon(_ring(h, cell, RING_SCALE), CORNER_RING, Role.LABEL))
        elif board.is_shared(c):
            d.add(Polygon(_ring(h, cell, RING_SCALE), SHARED_RING, Role.LINE))
    if layout.section(Settings).coordinates and layout.printing.labels:
        names = [cell_name(c) for c in cells]
        size = _name_size(names, cell)
        for h, name in zip(places, names, strict=True):
            d.add(Text(cell_centre(h, cell), name, size, fill=NAME_INK))
    markers, patches, title_at = half_fiducials(n, cell, half, fill_ink)
    for marker in markers:
        d.extend(marker_items(marker))
    d.extend(strip_items(list(patches)))
    # TRANSLATORS: printed on a board half; {game} is the game's name, {half} "first half"
    # or "second half".
    title = _("{game} \u00b7 {half}").format(game=_(TITLE), half=_(HALF_NAMES[half]))
    room = 2 * (abs(title_at[0]) - QUIET - 2.0)
    if room > 0:  # a small board leaves no room between its markers: the page title names it
        d.add(Text(title_at, title, fit_size(title, room, 3.2), fill=FRAME_INK, role=Role.LABEL))
    d.add(Polygon(half_cut(n, cell), CUT, Role.CUT))
    return d


def _name_size(names: Iterable[str], cell: float) -> float:
    """One font size for every name on a half: small, and the widest within the cell."""
    widest = max(names, key=lambda s: text_width(s, 1.0))
    return fit_size(widest, 0.5 * cell, 0.14 * cell)


def _origin(n: int, cell: float) -> Point:
    """Where a half's own frame puts the top left corner of its cut line's box."""
    x0, y0 = bbox_of(half_cut(n, cell))[:2]
    return x0, y0


def half_drawing(board: TripodBoard, half: int, layout: Layout) -> Drawing:
    """One half in its own box (the box of its cut line, from the origin)."""
    cell = cell_sizes(layout)[0]
    x0, y0, x1, y1 = bbox_of(half_cut(board.n, cell))
    placed = _half_local(board, half, layout).transformed(Affine.translate(-x0, -y0))
    placed.width, placed.height = x1 - x0, y1 - y0
    return placed


# --- both halves --------------------------------------------------------------------------


def pair_halves(halves: Sequence[Drawing], across: bool) -> Drawing:
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


def stone_face_items(
    centre: Point, colour: str, stone: float, bleed: float, front: bool
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


def position_drawing(
    n: int,
    stones: Mapping[TripodCell, Stone],
    marked: Iterable[TripodCell],
    mark_colour: str,
    layout: Layout,
) -> Drawing:
    """Both halves side by side with stones on them and ``marked`` cells ringed (for
    ``printkit show``): a shared cell's stone shows on both halves, as it is played."""
    board = TripodBoard(n)
    cell = cell_sizes(layout)[0]
    stone = min(layout.section(Settings).stone, 0.85 * cell)
    marked = set(marked)
    halves = []
    for half in (0, 1):
        d = half_drawing(board, half, layout)
        x0, y0 = _origin(n, cell)
        for h in half_places(n):
            c = board.cell_at(half, h)
            cx, cy = cell_centre(h, cell)
            at = (cx - x0, cy - y0)
            colour = stones.get(c)
            if colour is not None:
                fill = BLACK_STONE if colour == Stone.X else WHITE_STONE
                d.add(
                    Circle(at, stone / 2, Style(fill=fill, stroke="#2a2a2a", width=0.4), Role.FILL)
                )
            if c in marked:
                d.add(Circle(at, 0.5 * cell, Style(stroke=mark_colour, width=0.8), Role.MARK))
        halves.append(d)
    return pair_halves(halves, across=True)


def board_picture(layout: Layout, variant: str) -> Drawing:
    """A cut-out half (``half-1`` or ``half-2``) in the board frame, as it lies on the table."""
    half = HALF_VARIANTS.index(variant)
    n = board_size(layout)
    cell = cell_sizes(layout)[0]
    picture = Drawing()
    picture.add(Polygon(half_cut(n, cell), Style(fill="#ffffff"), Role.FILL))
    picture.extend(
        item for item in _half_local(TripodBoard(n), half, layout).items if item.role != Role.CUT
    )
    return picture
