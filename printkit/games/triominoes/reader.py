"""Reading Triominoes tiles on the photo mat, and random tile layouts to test it with.

``board_models`` gives the mat as the photo reader sees it (markers, colour strip, cells).
``classify`` is the mat's ``BoardModel.classify`` hook.  It gets the rectified mat with
light and colour already corrected from the strip, and for each grid cell:

1. looks for dark ink where each of the three corner numbers of a tile would be (a disc
   round the number's printed place, clipped to the cell, so a neighbour's numbers never
   count); a cell with ink at all three is a tile, with none is empty, anything else is
   uncertain.  The tile face (cream against the white mat) must agree, unless the three
   numbers' outlines are sharp (dim light blots the face's tint with colour noise).  A
   cream cell with too little ink at a corner holds a tile whose numbers a shake or blur
   smeared paler than ink: they are read, and the cell stays uncertain (``faint``) unless
   a tile read surely beside it shows the same number at each faint corner;
2. reads each number from the colour of its ink: every value prints in its own ink, so
   the ink under the strokes of the number whose printed shape fits it best (turned
   upright: its top points at its corner), mixed at worst with the face colour, lies on
   the line from the face to one ink (``NUMBER_INKS``) and far from the others; a tile's
   dark edge in the same corner is not under those strokes.  The shape must also fit
   the number the ink names better than any other's.  Dim light and re-compression
   take colour away: ink that reads as a duller ink than the number whose outline fits
   it sharply and clearly is that number (``_number``);
3. writes the three numbers clockwise from the cell's reference corner (``a-b-c``).  A
   cell is uncertain when a number's ink is close to two inks or its outline disagrees
   with its ink, when the three numbers are no real tile's rotation (the label is then
   the nearest real reading), when two cells show the same tile, or when a corner shared
   by tiles shows different numbers (the tiles of the minority there are flagged, all of
   them on a tie).  A photo of a real game can hold such a mismatch: it is flagged and
   still reported as read, so the check names it.

Tiles have thickness: in a slanted photo their faces lie beside their cells, so the mat
is read on the plane of the faces, the one where the numbers' ink lies nearest their
printed places (``whole_tiles``, the model's ``whole``).

``scene`` lays a random legal layout on the mat with the rules engine and draws it with
the kit's own tile faces, a little off the grid and with shadows.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Hashable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache

import cv2
import numpy as np
from shapely.geometry import Polygon as ShapelyPolygon
from shapely.geometry import box

from printkit.draw.lattice import ROW_HEIGHT, tri_centroid, tri_point, tri_polygon
from printkit.draw.model import Affine, Drawing, Point, Polygon, Role, Style, Text, rgb
from printkit.errors import PhotoError, PrintkitError
from printkit.games.triominoes.components import (
    FACE,
    NUMBER_AT,
    NUMBER_INKS,
    NUMBER_SIZE,
    Settings,
    tile_corners,
    tile_front,
    upright_angle,
)
from printkit.games.triominoes.kit import mat_picture, sized
from printkit.games.triominoes.mat import (
    KIT,
    LABEL_DROP,
    PATCH,
    QUIET,
    READ_MARGIN,
    MatPlan,
    mat_cells,
    mat_plan,
)
from printkit.games.triominoes.notation import cell_name, parse_cell
from printkit.games.triominoes.record import options_for
from printkit.games.triominoes.rules import Place, clockwise_corners, placement_problem
from printkit.games.triominoes.tiles import TILES, Tile, parse_tile
from printkit.geometry.tri import Cell, edge_neighbours
from printkit.layout.config import Layout
from printkit.records.model import Record
from printkit.vision.colour import lightness, to_lab
from printkit.vision.log import Inference, Step, cell_changes, lost_text
from printkit.vision.model import BoardModel, repeated
from printkit.vision.printed import bare_by_print, print_fits, printed_strokes, strokes
from printkit.vision.read import CellReading, sure_in_reach
from printkit.vision.scenes import SHADOW, wobble
from printkit.vision.stored import stored
from printkit.vision.synth import render_board

__all__ = [
    "bare_board",
    "PX_PER_MM",
    "CellView",
    "board_models",
    "classify",
    "unexplained_tiles",
    "whole_tiles",
    "cell_views",
    "read_cell",
    "scene",
    "draw_tiles",
    "move_log",
    "TriominoesLog",
    "random_layout",
    "tile_items",
]

PX_PER_MM = 4.0
"""Scale of the rectified mat: a number's strokes are about 4 px wide."""
EMPTY = "empty"
EDGE = Style(stroke="#6e6e6e", width=0.2)


# --- scenes --------------------------------------------------------------------------------


def random_layout(
    cells: set, rng: np.random.Generator, count: int
) -> dict[tuple[int, int], tuple[int, int, int]]:
    """Up to ``count`` tiles laid by the rules on ``cells``: cell → reading.

    The first tile goes on a cell near the middle; each next one is a random tile of those
    left, on a random cell touching the layout, in a random turn, if the rules allow it.
    """
    if count <= 0 or not cells:
        return {}
    ordered = sorted(cells)
    rows = [c[0] for c in ordered]
    cols = [c[1] for c in ordered]
    mid = ((min(rows) + max(rows)) / 2, (min(cols) + max(cols)) / 2)
    near = sorted(ordered, key=lambda c: (c[0] - mid[0]) ** 2 + ((c[1] - mid[1]) / 2) ** 2)
    first = near[int(rng.integers(min(6, len(near))))]
    pool = [TILES[int(k)] for k in rng.permutation(len(TILES))]
    tile = pool.pop()
    k = int(rng.integers(3))
    layout: dict = {Cell(*first): tile}
    readings = {Cell(*first): tile.rotations()[k]}
    numbers = Place(tile, Cell(*first), k).corners()
    while len(layout) < count and pool:
        frontier = sorted(
            {n for c in layout for n in edge_neighbours(c) if n in cells and n not in layout}
        )
        found = None
        for t in rng.permutation(len(pool)):
            tile = pool[int(t)]
            for i in rng.permutation(len(frontier)):
                for k in rng.permutation(3):
                    move = Place(tile, frontier[int(i)], int(k))
                    if placement_problem(layout, numbers, move) is None:
                        found = move
                        break
                if found:
                    break
            if found:
                break
        if found is None:
            break
        pool.remove(found.tile)
        layout[found.cell] = found.tile
        readings[found.cell] = found.reading
        numbers.update(found.corners())
    return readings


def tile_items(reading: tuple[int, int, int], cell: tuple[int, int], layout: Layout) -> list:
    """A cut tile lying on ``cell`` showing ``reading`` clockwise from the reference corner.

    The kit's own tile face (``tile_front``), turned about its centre so the right number
    sits on the reference corner, without bleed, with the thin edge a cut leaves.
    """
    side = layout.section(Settings).tile
    tile = parse_tile("".join(map(str, reading)))
    k = tile.rotations().index(tuple(reading))
    flat = layout.with_values(print={"bleed": 0.0})
    cx, cy = tri_centroid(cell, side)
    # tile_front puts tile[k] on corner k; a turn of -120k degrees brings it to corner 0.
    turn = Affine.translate(cx, cy) @ Affine.rotate(-120.0 * k) @ Affine.translate(-cx, -cy)
    items = [item.transformed(turn) for item in tile_front(tile, cell, side, 0.0, flat)]
    items.append(Polygon(tile_corners(cell, side, 0.0), EDGE, Role.LINE))
    return items


def scene(
    layout: Layout, model: BoardModel, level, rng: np.random.Generator
) -> tuple[Drawing, dict]:
    """A random legal layout on the mat; truth maps ``(r,c)`` to ``a-b-c`` or ``empty``."""
    count = int(rng.integers(0, int(0.75 * len(model.cells)) + 1))
    return draw_tiles(layout, model, level, rng, random_layout(set(model.cells), rng, count))


def draw_tiles(
    layout: Layout,
    model: BoardModel,
    level,
    rng: np.random.Generator,
    placed: Mapping[tuple[int, int], tuple[int, int, int]],
) -> tuple[Drawing, dict]:
    """The mat with ``placed`` (cell → the numbers clockwise from its reference corner, as
    ``game.readings`` holds them) laid a little off the grid; truth maps ``(r,c)`` to
    ``a-b-c`` or ``empty``."""
    layout = sized(layout)
    picture = mat_picture(layout)
    side = layout.section(Settings).tile
    truth = {model.cell_key(c): EMPTY for c in model.cells}
    for cell, reading in sorted(placed.items()):
        ring = list(tri_polygon(cell, side))
        move = wobble(ring, level, rng)
        shadow = Polygon(tuple(ring), SHADOW, Role.FILL).transformed(
            Affine.translate(0.5, 0.6) @ move
        )
        picture.add(shadow)
        picture.extend(item.transformed(move) for item in tile_items(reading, cell, layout))
        truth[model.cell_key(cell)] = "-".join(map(str, reading))
    return picture, truth


# --- reading -------------------------------------------------------------------------------

WINDOW = 5.0
"""Radius of the disc searched for a number's ink, mm."""
INSET = 1.2
"""How far inside the cell's outline the search stays, mm."""
INK_L = 62.0
"""CIELAB lightness below which a pixel counts as number ink."""
DIGIT_AREA = 2.5
"""Ink area (mm²) that shows a number: the thinnest digit prints about 7 mm²."""
NOISE_AREA = 1.5
"""Ink area (mm²) below which a corner is bare (a neighbour's edge or shadow may reach in)."""
GROUND_B = 3.0
"""CIELAB b* of a cell's ground above which it is the cream tile face, not the white mat."""
PAPER_B, TILE_B = 1.0, 4.5
"""A cell read as a tile whose ground is whiter than ``PAPER_B``, or read as empty whose
ground is creamier than ``TILE_B``, is uncertain."""
LIT = 98.5
"""CIELAB lightness of a ground lit to white, whose cream (or not) says nothing."""
INK_MARGIN = 0.35
"""A number is uncertain when its ink's second-nearest ink is not this much farther."""


def _depth(xs: np.ndarray, ys: np.ndarray, corners: np.ndarray) -> np.ndarray:
    """How far (px) each point lies inside a triangle (negative outside): its distance
    to the nearest side's line.  Eroding the triangle by a disc of radius r keeps the
    points at depth r or more."""
    centre = corners.mean(axis=0)
    depth = np.full(xs.shape, np.inf)
    for a, b in zip(corners, np.roll(corners, -1, axis=0), strict=True):
        normal = np.array([a[1] - b[1], b[0] - a[0]]) / np.linalg.norm(b - a)
        if normal @ (centre - a) < 0:
            normal = -normal
        depth = np.minimum(depth, (xs - a[0]) * normal[0] + (ys - a[1]) * normal[1])
    return depth


@cache
def _geometry(side: float, cells: tuple, px: float, origin: tuple[float, float]):
    """Per cell: its pixel box, each corner's search disc and the cell's middle (masks)."""
    out = {}
    x0, y0 = origin
    for cell in cells:
        corners = np.array([tri_point(v, side) for v in clockwise_corners(cell)])
        centre = corners.mean(axis=0)
        pts = (corners - (x0, y0)) * px
        lo = np.floor(pts.min(axis=0)).astype(int) - 2
        hi = np.ceil(pts.max(axis=0)).astype(int) + 3
        ys, xs = np.mgrid[0 : hi[1] - lo[1], 0 : hi[0] - lo[0]]
        depth = _depth(xs + 0.5, ys + 0.5, pts - lo)
        inset = depth >= INSET * px
        discs, digits = [], []
        for corner in corners:
            at = (corner + NUMBER_AT * (centre - corner) - (x0, y0)) * px - lo  # as printed
            disc = ((xs - at[0]) ** 2 + (ys - at[1]) ** 2 <= (WINDOW * px) ** 2) & inset
            discs.append(disc)
            digits.append((tuple(at), upright_angle(tuple(corner), tuple(centre))))
        out[cell] = (lo, hi, discs, depth >= 0.25 * side * px, inset, digits)
    return out


@cache
def _inks_rgb() -> tuple[np.ndarray, np.ndarray]:
    return np.array([rgb(c) for c in NUMBER_INKS]), np.array(rgb(FACE))


def _ink_distances(colour: np.ndarray, inks: np.ndarray, face: np.ndarray) -> np.ndarray:
    """Distance (RGB) of a colour from each ink's mixing line with the face, 20 %..100 % ink."""
    d = inks - face
    t = np.clip(((colour - face) @ d.T) / np.einsum("ij,ij->i", d, d), 0.2, 1.15)
    return np.linalg.norm(face + t[:, None] * d - colour, axis=1)


SEARCH = 2.5
"""How far off its printed place a number's shape is looked for, mm."""
SHAPE_MARGIN = 0.03
"""A number is uncertain unless its outline fits the ink this much better (normalised
correlation) than any other number's."""
SHAPE_SURE = 0.1
"""An outline fitting one number this much better than any other settles ink that lies
between that number's ink and another's.  Measured on 1,896 numbers of 54 photos of the
second family (every condition): of the 128 with ink that close, 127 had outlines this
clear and all of them named the right number; outlines alone named a wrong number 94
times, up to 0.27 better, so an outline never overrules a clear ink."""


SHAPE_SHARP = 0.8
"""An outline fitting its number this well (normalised correlation) is sharp.  Over 3,162
numbers of 60 photos of the second family (every condition but glare and motion) the
right number always fitted best, at least 0.839 (0.865 at the 1st percentile); outlines
naming a wrong number, under a reflection or shaken, fitted at most 0.72.  In the same
photos the ink named a wrong number 500 times, 495 of them a duller ink (dim light,
re-compression).  Over 18,375 numbers of photos 0-39 of every condition, ink close to
three inks under a sharp, clear outline (12 numbers, all in low light) was always the
outline's number."""


@cache
def _templates(px: float, size: float) -> tuple[np.ndarray, ...]:
    """Each number upright as the kit prints it (bold, ``size`` mm), as ink weight 0..1:
    drawn once on a machine (``_drawn_templates``), then stored (``vision.stored``)."""
    return stored("number-templates", (px, size), lambda: _drawn_templates(px, size))


def _drawn_templates(px: float, size: float) -> tuple[np.ndarray, ...]:
    """``_templates`` drawn through the kit's own PDF and rasteriser."""
    out = []
    for value in range(6):
        d = Drawing()
        d.add(Text((0.0, 0.0), str(value), size, fill="#000000", bold=True))
        half = size * 0.75
        ink = 1.0 - render_board(d, (-half, -half, half, half), px).mean(axis=2) / 255.0
        out.append(ink.astype(np.float32))
    # One frame for all, just round the ink of every number, centred where the text is.
    rows = np.flatnonzero(np.max([t.max(axis=1) for t in out], axis=0) > 0.1)
    cols = np.flatnonzero(np.max([t.max(axis=0) for t in out], axis=0) > 0.1)
    centre = (out[0].shape[0] - 1) / 2
    ry = int(np.ceil(max(centre - rows[0], rows[-1] - centre))) + 1
    rx = int(np.ceil(max(centre - cols[0], cols[-1] - centre))) + 1
    c = int(round(centre))
    return tuple(np.ascontiguousarray(t[c - ry : c + ry + 1, c - rx : c + rx + 1]) for t in out)


def _number_window(px: float, size: float) -> tuple[int, int]:
    """The upright window (w, h px) a number is looked for in: its template and
    ``SEARCH`` mm round it."""
    th, tw = _templates(px, size)[0].shape
    reach = int(round(SEARCH * px))
    return tw + 2 * reach, th + 2 * reach


def _upright(plane: np.ndarray, at: tuple[float, float], angle: float, shape: tuple[int, int]):
    """``plane`` turned back from ``angle`` about ``at`` into a ``shape`` (w, h) window
    centred there: a number's printed place, upright."""
    w, h = shape
    turn = cv2.getRotationMatrix2D((float(at[0]), float(at[1])), angle, 1.0)
    turn[:, 2] += (w / 2 - at[0], h / 2 - at[1])
    return cv2.warpAffine(
        plane, turn, (w, h), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT, borderValue=0
    )


def _number_shapes(
    weight: np.ndarray, at: tuple[float, float], angle: float, px: float, size: float
) -> tuple[np.ndarray, tuple[int, int, int]]:
    """How well each number's upright shape matches the ink turned back from ``angle``,
    and where the best fits (number, top-left x and y in the upright window)."""
    templates, window = _templates(px, size), _number_window(px, size)
    upright = _upright(weight, at, angle, window)
    scores, places = [], []
    for t in templates:
        _, best, _, place = cv2.minMaxLoc(cv2.matchTemplate(upright, t, cv2.TM_CCOEFF_NORMED))
        scores.append(float(best))
        places.append(place)
    value = int(np.argmax(scores))
    return np.array(scores), (value, *places[value])


def _stroke_colour(
    balanced: np.ndarray,
    ink: np.ndarray,
    at: tuple[float, float],
    angle: float,
    fit: tuple[int, int, int],
    px: float,
    size: float,
) -> np.ndarray | None:
    """The median colour of the ink under the strokes of the number that fits best (its
    template's core where it fits): a neighbour's edge or shadow in the same corner is
    not the number's ink.  None when too few ink pixels lie there."""
    templates, window = _templates(px, size), _number_window(px, size)
    th, tw = templates[0].shape
    value, x, y = fit
    colours = _upright(balanced, at, angle, window)[y : y + th, x : x + tw]
    inked = _upright(ink.astype(np.float32), at, angle, window)[y : y + th, x : x + tw] > 0.5
    under = inked & (templates[value] > 0.5)
    if under.sum() < 8:
        return None
    return np.median(colours[under], axis=0)


@dataclass(frozen=True)
class CellView:
    """What a cell shows: ink area (mm²) at each corner, each corner ink's distance to the
    six number inks (``None`` without ink), and the ground's CIELAB colour."""

    areas: tuple[float, float, float]
    distances: tuple[np.ndarray | None, np.ndarray | None, np.ndarray | None]
    ground: np.ndarray
    shapes: tuple[np.ndarray | None, np.ndarray | None, np.ndarray | None] = (None,) * 3


def _cell_crop(image: np.ndarray, lo, hi) -> tuple[np.ndarray, tuple[slice, slice]]:
    """The part of a cell's pixel box (``lo``..``hi``, x then y) inside the image, and
    where that part lies in the box's masks."""
    h, w = image.shape[:2]
    y0, x0 = max(lo[1], 0), max(lo[0], 0)
    y1, x1 = min(hi[1], h), min(hi[0], w)
    return image[y0:y1, x0:x1], (slice(y0 - lo[1], y1 - lo[1]), slice(x0 - lo[0], x1 - lo[0]))


def read_cell(
    image: np.ndarray, geometry, px_per_mm: float, number_size: float, numbers: bool = True
) -> CellView:
    """Look at one cell: its ground (tile face or mat) and the ink at each corner, and
    unless ``numbers`` is False, what number that ink shows (its colour and shape).

    The cell is first balanced on its own ground (the bright middle of the cell), which
    undoes what the board-wide light model leaves of a local shadow.
    """
    lo, hi, discs, inner, inside, digits = geometry
    crop, sl = _cell_crop(image, lo, hi)
    middle = crop[inner[sl]]
    grey = middle.mean(axis=1)
    ground = np.median(middle[grey >= np.median(grey)], axis=0)
    ground_lab = to_lab(ground, clip=False, dtype=np.float32)
    inks, face = _inks_rgb()
    tile_like = ground_lab[2] > GROUND_B
    balanced = np.clip(crop * ((face if tile_like else 1.0) / np.maximum(ground, 0.05)), 0, 1)
    light = lightness(balanced)
    areas, distances, shapes = [], [], []
    weight = None
    for disc, (at, angle) in zip(discs, digits, strict=True):
        ink = disc[sl] & (light < INK_L)
        n = int(ink.sum())
        areas.append(n / px_per_mm**2)
        if n == 0 or not numbers:
            distances.append(None)
            shapes.append(None)
            continue
        if weight is None:
            weight = np.clip((INK_L + 15.0 - light) / 40.0, 0, 1).astype(np.float32)
            weight[~inside[sl]] = 0
        place = (at[0] - sl[1].start, at[1] - sl[0].start)  # in the crop
        scores, fit = _number_shapes(weight, place, angle, px_per_mm, number_size)
        shapes.append(scores)
        colour = _stroke_colour(balanced, ink, place, angle, fit, px_per_mm, number_size)
        if colour is None:
            colour = np.median(balanced[ink & (light <= np.percentile(light[ink], 50))], axis=0)
        distances.append(_ink_distances(colour, inks, face))
    return CellView(
        tuple(areas),
        tuple(distances),
        ground_lab,  # type: ignore[arg-type]
        tuple(shapes),
    )  # type: ignore[arg-type]


def whole_tiles(image: np.ndarray, model: BoardModel) -> float:
    """How closely the numbers' ink lies at their printed places in a view of the mat:
    minus the median distance (mm) from the ink round each number's place to that place.

    A tile's face lies its thickness above the mat: in a slanted photo, a view on any
    other plane slides the faces, and their numbers, off their cells, by an amount that
    grows with the distance from the camera (``BoardModel.whole``).  Counting corners that
    merely show ink does not tell the planes apart: a number slid 3 mm still lies within
    its search disc.  The view's light is taken as corrected (planes are compared, not
    read)."""
    px, side = model.px_per_mm, float(model.extra["side"])
    geometry = _geometry(side, tuple(model.cells), px, model.bounds[:2])
    ink = lightness(image) < INK_L
    offsets = []
    for lo, hi, discs, _, _, digits in geometry.values():
        crop, sl = _cell_crop(ink, lo, hi)
        for disc, (at, _) in zip(discs, digits, strict=True):
            ys, xs = np.nonzero(crop & disc[sl])
            if len(xs) >= DIGIT_AREA * px**2:
                centre = (xs.mean() + sl[1].start + 0.5, ys.mean() + sl[0].start + 0.5)
                offsets.append(math.hypot(centre[0] - at[0], centre[1] - at[1]) / px)
    return -float(np.median(offsets)) if offsets else -math.inf


def cell_views(
    image: np.ndarray, model: BoardModel, numbers: bool = True
) -> dict[Hashable, CellView]:
    """``read_cell`` for every cell of the mat (``image`` as ``classify`` gets it)."""
    px, side = model.px_per_mm, float(model.extra["side"])
    geometry = _geometry(side, tuple(model.cells), px, model.bounds[:2])
    size = NUMBER_SIZE * side
    return {cell: read_cell(image, geometry[cell], px, size, numbers) for cell in model.cells}


@cache
def _readings() -> tuple[tuple[tuple[int, int, int], ...], np.ndarray]:
    """Every real reading of a tile (each tile in each of its distinct turns), as rows."""
    readings = sorted({r for t in TILES for r in t.rotations()})
    return tuple(readings), np.array(readings)


def _number(distances: np.ndarray, shape: np.ndarray | None) -> tuple[int, float, bool]:
    """One corner's number, its ink margin and whether it is sure.

    The ink names it when its second-nearest ink is ``INK_MARGIN`` farther, and then the
    number's outline must not fit another number's about as well (``SHAPE_MARGIN``).
    Ink between two inks (a dim or recompressed photo mutes colours towards black) is
    settled by the outline alone when it fits one of those two numbers clearly best
    (``SHAPE_SURE``).  Ink muted so far that it reads as a duller ink (less chroma: the
    black of 0 has none), or whose colour names no ink clearly at all, yields to an
    outline that is clear and also sharp (``SHAPE_SHARP``): dim light takes colour away,
    it does not sharpen a wrong shape.
    """
    nearest = np.argsort(distances)
    first, second = distances[nearest[0]], distances[nearest[1]]
    margin = float((second - first) / max(second, 1e-9))
    value = int(nearest[0])
    if shape is None:
        return value, margin, margin >= INK_MARGIN
    if margin >= INK_MARGIN and float(np.delete(shape, value).max()) <= shape[value] - SHAPE_MARGIN:
        return value, margin, True
    fits = int(np.argmax(shape))
    clear = float(shape[fits] - np.delete(shape, fits).max()) >= SHAPE_SURE
    between = margin < INK_MARGIN and fits in nearest[:2]
    sharp = float(shape[fits]) >= SHAPE_SHARP
    weak_ink = _chroma()[value] < _chroma()[fits] or margin < INK_MARGIN
    if clear and (between or (weak_ink and sharp)):
        return fits, margin, True
    return value, margin, False


@cache
def _chroma() -> np.ndarray:
    """Each number's ink chroma (CIELAB C*): how much colour dim light can take from it."""
    lab = to_lab(np.array([rgb(c) for c in NUMBER_INKS]))
    return np.hypot(lab[:, 1], lab[:, 2])


def _tile_reading(view: CellView) -> CellReading:
    """The numbers of a cell with ink at all three corners (``_number`` each): a real
    tile's reading with every number sure, or uncertain and the nearest real reading."""
    dist = np.array([d for d in view.distances])  # 3 × 6
    numbers, real = _corner_numbers(view)
    values = tuple(v for v, _, _ in numbers)
    confidence = min(m for _, m, _ in numbers)
    readings, table = _readings()
    # The best real reading and the runner-up, by the summed distances of their numbers.
    cost = dist[0][table[:, 0]] + dist[1][table[:, 1]] + dist[2][table[:, 2]]
    first, second = (int(i) for i in np.argsort(cost)[:2])
    uncertain = not (real and all(sure for _, _, sure in numbers))
    best = values if real else readings[first]
    runner_up = readings[second] if best == readings[first] else readings[first]
    if _on_paper(view, real):
        uncertain = True  # ink like a tile's on a ground as white as the mat
    return CellReading(
        "-".join(map(str, best)),
        round(confidence if real else 0.0, 3),
        "-".join(map(str, runner_up)),
        round(float(dist[0][best[0]] + dist[1][best[1]] + dist[2][best[2]]), 3),
        uncertain,
    )


def _corner_numbers(view: CellView) -> tuple[list[tuple[int, float, bool]], bool]:
    """Each corner's number, its ink margin and whether it is sure (``_number``), and
    whether the three make a real tile's reading."""
    numbers = [_number(d, s) for d, s in zip(view.distances, view.shapes, strict=True)]
    return numbers, tuple(v for v, _, _ in numbers) in _readings()[0]


def _on_paper(view: CellView, real: bool) -> bool:
    """The cell's ground is as white as the mat's, and not lit to white (``LIT``): ink like
    a tile's there may be the mat's.  Three sharp outlines of a ``real`` tile's numbers
    are a tile's print whatever the tint round them (dim light blots it with colour
    noise)."""
    lit = float(view.ground[0]) >= LIT
    sharp = real and all(s is not None and float(s.max()) >= SHAPE_SHARP for s in view.shapes)
    return float(view.ground[2]) < PAPER_B and not lit and not sharp


def _unsure_corners(view: CellView) -> tuple[int, ...] | None:
    """The corners (0-2, clockwise) of a cell read as a tile whose numbers neither ink nor
    outline settles (``_number``), where the numbers read make a real tile on a tile's
    ground; None where they do not (more than its numbers is then in doubt)."""
    numbers, real = _corner_numbers(view)
    if not real or _on_paper(view, real):
        return None
    return tuple(i for i, (_, _, sure) in enumerate(numbers) if not sure)


def _cell_reading(view: CellView, quick: bool = False) -> CellReading:
    """A cell's reading from its view; ``quick``: only whether it is surely empty (a tile
    reads as ``tile``)."""
    if max(view.areas) < NOISE_AREA:
        cream = _cream(view)
        return CellReading(EMPTY, 0.0 if cream else 1.0, "tile", 0.0, cream)
    if min(view.areas) < DIGIT_AREA:  # ink at some corners only: not a tile as printed
        if quick or not _faint_tile(view):
            return CellReading(EMPTY, 0.0, "tile", 0.0, True)
        return replace(_tile_reading(view), uncertain=True, doubt="faint")
    if quick:
        return CellReading("tile", 0.0, EMPTY, 0.0, False)
    return _tile_reading(view)


def _faint_tile(view: CellView) -> bool:
    """A cell whose ground is the tiles' cream, with ink at every corner, some of it too
    little for a number as printed: a tile whose thin numbers (a 1) a shaken or blurred
    photo smeared paler than ink.  Its numbers are read, but not surely: a bare cell's
    ground tinted cream with a neighbour's edge in its corners would show the same."""
    return _cream(view) and min(view.areas) > 0


def _cream(view: CellView) -> bool:
    """The cell's ground is creamier than ``TILE_B``, and not lit to white (``LIT``),
    where cream says nothing: the tiles' face, not the mat."""
    return float(view.ground[2]) > TILE_B and float(view.ground[0]) < LIT


def _corners_confirmed(
    readings: dict[Hashable, CellReading], views: Mapping[Hashable, CellView]
) -> dict[Hashable, CellReading]:
    """Tiles read uncertain for a corner or two, read surely where the tiles touching them
    settle those corners: at each, another tile read surely shows the same number (tiles
    touching at a corner match there); a tile so settled settles others in turn.  The
    corners in doubt are a faint tile's (``_faint_tile``) with too little ink for a number
    and those whose number neither ink nor outline settles (``_unsure_corners``: a shake
    smears them), on a tile whose numbers make a real tile on a tile's ground and in no
    other doubt.  A bare cell tinted cream with a neighbour's edge in its corner has no such
    corner to agree with it, and a misread number agrees only if it happens to be the
    number a touching tile shows (a misplaced tile's mismatch is then hidden, where its
    own ink failed too).
    Faint tiles, second family, Triominoes photos 0-29 of every condition, 30-59 of glare,
    hands and motion, and motion 210-217: 12 settled so, every faint corner a 1 (the
    thinnest digit), all rightly; 11 in shaken photos, one under a reflection.  Numbers
    neither ink nor outline settled, the same photos: 42 tiles settled, all rightly (36
    in shaken photos, four beside hands, two beside reflections); faint tiles with such
    numbers too: three more, all rightly."""
    shown: dict = {}  # corner → the numbers tiles read surely show there

    def show(cell, label: str) -> None:
        for corner, n in zip(clockwise_corners(cell), label.split("-"), strict=True):
            shown.setdefault(corner, set()).add(n)

    pending: dict = {}  # cell → its reading once settled, and the corners to settle
    for cell, reading in readings.items():
        if reading.label != EMPTY and not reading.uncertain:
            show(cell, reading.label)
        elif reading.label != EMPTY and reading.doubt in ("", "faint"):
            unsure = _unsure_corners(views[cell])
            if unsure is None:
                continue
            areas = views[cell].areas if reading.doubt == "faint" else ()
            faint = {i for i, area in enumerate(areas) if area < DIGIT_AREA}
            corners = tuple(sorted(faint.union(unsure)))
            if corners:
                pending[cell] = (replace(reading, uncertain=False, doubt=""), corners)
    out = dict(readings)
    while pending:
        settled = {
            cell: read
            for cell, (read, corners) in pending.items()
            if all(
                shown.get(clockwise_corners(cell)[i]) == {read.label.split("-")[i]} for i in corners
            )
        }
        if not settled:
            break
        out.update(settled)
        for cell, read in settled.items():
            show(cell, read.label)
        pending = {cell: p for cell, p in pending.items() if cell not in settled}
    return out


def _cross_check(readings: dict[Hashable, CellReading]) -> dict[Hashable, CellReading]:
    """Flag cells that contradict each other: the same tile twice, or a shared corner
    showing different numbers (the cells of the minority there, or all on a tie)."""
    flag: set = set()
    tiles: dict[Tile, list] = {}
    corners: dict = {}
    for cell, reading in readings.items():
        if reading.label == EMPTY:
            continue
        values = tuple(int(v) for v in reading.label.split("-"))
        tiles.setdefault(parse_tile(reading.label), []).append(cell)
        for v, n in zip(clockwise_corners(cell), values, strict=True):
            corners.setdefault(v, []).append((n, cell))
    for cells in tiles.values():
        if len(cells) > 1:
            flag.update(cells)
    for shown in corners.values():
        counts: dict[int, int] = {}
        for n, _ in shown:
            counts[n] = counts.get(n, 0) + 1
        if len(counts) > 1:
            top = max(counts.values())
            winners = [n for n, c in counts.items() if c == top]
            keep = winners[0] if len(winners) == 1 else None
            flag.update(cell for n, cell in shown if n != keep)
    return {cell: replace(r, uncertain=True) if cell in flag else r for cell, r in readings.items()}


def unexplained_tiles(labels: dict, unseen: Collection = ()) -> dict:
    """Cells whose numbers are no tile of the set (read clockwise they must rise from the
    smallest), or a tile another cell holds too: there is one of each.  A tile read on an
    ``unseen`` cell (a hand, a reflection) does not put the same tile seen elsewhere in
    doubt; it is doubted itself."""
    tiles: dict = {}
    out = {}
    for key, label in labels.items():
        if label == EMPTY:
            continue
        try:
            tiles[key] = parse_tile(label)
        except PrintkitError:
            out[key] = "no tile"
    out.update(dict.fromkeys(repeated(tiles, unseen), "tile twice"))
    return out


def classify(
    image: np.ndarray,
    model: BoardModel,
    to_px,
    quick: bool = False,
    board: np.ndarray | None = None,
) -> dict[Hashable, CellReading]:
    """Every mat cell: ``empty`` or the tile's numbers ``a-b-c`` (see the module docstring);
    ``quick``: only which cells are surely empty (the numbers are not read).  A cell read
    empty whose printed name shows in ``board`` (the mat's own plane) is bare
    (``vision.printed.bare_by_print``)."""
    views = cell_views(image, model, numbers=not quick)
    side = float(model.extra["side"])
    at = dict(zip(views, to_px([tri_centroid(cell, side) for cell in views]), strict=True))
    radius = NAME_REACH * side / (2 * math.sqrt(3)) * model.px_per_mm
    board = image if board is None else board
    seen = strokes(board, model.px_per_mm)  # the mat's print as the photo shows it
    if quick:
        readings = {cell: _cell_reading(view, quick=True) for cell, view in views.items()}
    else:
        readings = {cell: _cell_reading(view) for cell, view in views.items()}
        readings.update(_named_bare(seen, model, readings, at, radius))
        readings = _cross_check(_corners_confirmed(readings, views))
    gone = (NAME_LEGIBLE, NAME_GONE)
    named = bare_by_print(board, model, readings, at, radius, NAME_SURE, gone=gone, seen=seen)
    return _beside_hidden_names({**readings, **named})


NAME_SURE = 0.7
"""A cell read empty whose printed name fits the mat's print this well is bare, and sure
whatever the light over it: a tile hides the name.  Over 1,317 tile readings of the
second family's photos (every condition) no tile fitted its cell's name better than 0.58
(a tile's own faint code lies there); bare cells fit 0.71-0.84 (quartiles).  A cell read
as a tile whose name fits this well is bare too (``_named_bare``): over the second
family's photos 0-39 of every condition, 5,449 cells holding a tile fitted at most 0.63;
of six bare cells read as tiles, four fitted 0.79-0.92 (three holes among thick tiles, a
cell beside a hand) and two a hand half covered 0.39 and 0.51."""
NAME_LEGIBLE = 0.5
"""A photo shows the mat's cell names when what a showing name fits among its cells read
empty (``vision.printed.showing``, the upper quartile of their fits) is this or better
(``NAME_GONE``).  Glare, lens and recompressed photos 0-5 of the second family had medians
of 0-0.44 as well as 0.6-0.94; a photo whose tiles mostly read empty, a median of 0.27-0.35
and an upper quartile of 0.77-0.85 (held-out hands pair 303556)."""
NAME_GONE = 0.5
"""Where the photo shows names, a cell read empty whose name fits below this share of what
a showing name fits (``vision.printed.showing``) is uncertain (``name hidden``): a tile a
reflection washed pale hides the name (glare pair 301302's second photo: tile (0,6), 0.37
against a median of 0.83, read empty, surely).  Measured against the median: over the
second family's photos 0-5 of every condition, of 1,327 cells read surely empty and right
the least shares were 0.44 (a finger over a bare cell) and 0.56 (recompressed), else 0.68
or more.  Against the upper quartile, photos 0-19 of every condition: six right bare
cells of recompressed photos 308004 and 308018 fall below it (0.47-0.49), and four of
glare photos 301000-301009."""
NAME_REACH = 0.5
"""The share of a cell's inscribed circle its name is compared in (the numbers of a tile
on it lie farther out)."""


def _beside_hidden_names(readings: dict[Hashable, CellReading]) -> dict[Hashable, CellReading]:
    """The cells read surely empty by their corners alone (their name not showing as a bare
    cell's does, ``NAME_SURE``) beside a cell whose name something hides (``name hidden``),
    uncertain (``beside a cover``): the fingers of a hand lie side by side, and a tile whose
    three corners one covers shows no ink, while the tile's own code at its middle passes in
    part for the cell's name.  Held-out hands pair 303533's second photo: tile (0,9) under
    two fingers read empty, surely, its name fitting 0.44 (0.52 of the median, which the
    name test then judged by; under half of the upper quartile it judges by now,
    ``vision.printed.showing``) beside (0,10) whose name was gone.  Second family, photos
    0-19 of every condition and 20-59 of hands, glare, steep and low light (360): three
    right bare cells beside a hand made uncertain (hands 303034, 303040, 303058), no other
    cell changed.  On the mat's plane of a 45° photo of thick tiles, tiles leaning over
    their neighbours hide names too, and a bare cell beside them is then not vouched for
    there (steep 305007 at 2400 × 1800: (2,0), which a face leans over on the faces' plane,
    stays uncertain)."""
    hidden = {k for k, r in readings.items() if r.doubt == "name hidden"}
    beside = {n for k in hidden for n in edge_neighbours(k)}
    return {
        k: replace(r, uncertain=True, doubt="beside a cover")
        if k in beside and r.label == EMPTY and not r.uncertain and not r.bare
        else r
        for k, r in readings.items()
    }


def _named_bare(
    seen: np.ndarray, model: BoardModel, readings: dict, at: dict, radius: float
) -> dict[Hashable, CellReading]:
    """The cells read as a tile whose printed name shows round their centre as clearly as
    a bare cell's does (``NAME_SURE``, in ``seen``: the ``strokes`` of the mat's own
    plane): bare, and sure,
    since a tile hides its cell's name.  What showed ink at their three corners lay
    beside them: the sides and shadows of thick tiles round a hole in a slanted photo
    (Triominoes printer 309034, second family: three holes read 0-0-0, their names fitting
    0.79-0.92), a hand's edge."""
    tiles = [k for k, r in readings.items() if r.label != EMPTY]
    if not tiles:
        return {}
    px = model.px_per_mm
    centres = np.array([at[k] for k in tiles], float)
    fits = print_fits(seen, printed_strokes(model), centres, radius, px)
    return {
        k: CellReading(EMPTY, round(float(fit), 3), readings[k].label, 0.0, False, bare=True)
        for k, fit in zip(tiles, fits, strict=True)
        if fit >= NAME_SURE
    }


def bare_board(model: BoardModel) -> Drawing:
    """The bare mat as printed, in its board frame."""
    return mat_picture(model.extra["layout"])


# --- the mat as the reader sees it ---------------------------------------------------------


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
    first = len(plan.patches) - plan.added  # the second strip's patches come last
    ends = [p.centre[1] for p in plan.patches[:first]]
    strip_top, strip_bottom = min(ends) - PATCH, max(ends) + PATCH
    for k in range(5):
        t = (k + 0.5) / 5
        pts += [
            (left, top + t * (strip_top - top)),
            (left, strip_bottom + t * (bottom - strip_bottom)),
        ]
    # The right band's gaps, less the second strip's parts in them.
    middle = plan.markers[-1].centre[1]
    second = [p.centre[1] for p in plan.patches[first:]]
    for a, b in ((top, middle - QUIET - 3.0), (middle + LABEL_DROP + 3.0, bottom)):
        part = [y for y in second if a < y < b]
        free = [(a, min(part) - PATCH), (max(part) + PATCH, b)] if part else [(a, b)]
        each = 4 // len(free)
        for c, d in free:
            pts += [(right, c + (k + 0.5) / each * (d - c)) for k in range(each)]
    # Half-triangle notches along the zigzag sides: outside every cell, inside the grid box.
    side = plan.side
    grid_box = box(-side / 2, 0.0, plan.cols * side / 2, plan.rows * side * ROW_HEIGHT)
    for r in range(plan.rows):
        for c in (-1, plan.cols):
            notch = ShapelyPolygon(tri_polygon((r, c), side)).intersection(grid_box)
            if notch.area > 0.1 * side * side:
                pts.append((notch.centroid.x, notch.centroid.y))
    return tuple(pts)


def board_models(layout: Layout) -> list[BoardModel]:
    """The mat as the photo reader sees it (tiles of the size the kit prints, ``sized``);
    its cells are read by ``classify``."""
    layout = sized(layout)
    if layout.ink != "fill":
        raise PhotoError(
            "the photo reader tells the numbers by their inks: it reads tiles "
            'printed with print.ink = "fill", not outline'
        )
    plan = mat_plan(layout)
    cells = {cell: tri_polygon(cell, plan.side) for cell in mat_cells(plan)}
    return [
        BoardModel(
            KIT,
            "mat",
            markers=plan.markers,
            patches=plan.patches,
            added_patches=plan.added,
            cells=cells,
            classes=("empty", "tile"),
            colours={"empty": "#ffffff", "tile": FACE},
            bounds=plan.bounds,
            raised=True,
            whole=whole_tiles,
            white=_white_points(plan),
            cell_key=cell_name,
            classify=classify,
            glared=sure_in_reach,
            printed=True,
            consistency=unexplained_tiles,
            px_per_mm=PX_PER_MM,
            extra={"side": plan.side, "rows": plan.rows, "cols": plan.cols, "layout": layout},
        )
    ]


# --- logging a game from photos ----------------------------------------------------------


class TriominoesLog:
    """Moves between two photos of the mat (``printkit log``): a tile on an empty cell is
    laid there, its numbers read clockwise from the cell's reference corner
    (``3-5-2 @ (0,1)``).  Draws and passes change nothing on the mat, so no photo shows
    them; a mat cleared of every tile starts a new round."""

    def __init__(self, players: Sequence[str] | None, rules: str | None) -> None:
        skeleton = Record(KIT, rules=rules, players=list(players or ()))
        options_for(skeleton, rules)  # unknown rules: RecordError now, not after reading
        self.players = list(players or ())
        self.rules = rules
        self.options: dict = {}
        self.setup: dict = {}
        self.notes: list[str] = []

    def start(self, first: Mapping[str, str]) -> dict[str, str]:
        return {}

    def infer(self, before: Mapping[str, str], after: Mapping[str, str]) -> Inference:
        appeared, lost = cell_changes(before, after)
        if lost and all(v == EMPTY for v in after.values()):
            return Inference(note="the mat was cleared: a new round")
        if lost:
            return Inference(
                problem=f"tiles moved, went or turned, which no move explains ({lost_text(lost)})",
                settled={**before, **{n: v for n, (_, v) in lost.items()}},
            )
        steps = []
        for name, reading in sorted(appeared.items()):
            try:
                numbers = tuple(int(v) for v in reading.split("-"))
                steps.append(Place.reading_at(numbers, parse_cell(name)).text())
            except ValueError:
                return Inference(problem=f"cell {name} shows {reading!r}, which is no tile")
        doubt = (
            f"{len(steps)} tiles were laid between two photos: their order is not seen"
            if len(steps) > 1
            else None
        )
        cells = sorted(appeared)
        return Inference([Step(m, None, (c,), doubt) for m, c in zip(steps, cells, strict=True)])


def move_log(
    layout: Layout, players: Sequence[str] | None = None, rules: str | None = None
) -> TriominoesLog:
    """What ``printkit log`` asks: the moves between two photos of the Triominoes mat."""
    return TriominoesLog(players, rules)
