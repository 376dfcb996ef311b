"""Reading Tripitz tokens in a photo: which pid lies in each cavity.

A cavity is read in the corrected, rectified board image (``classify``, the hook of the
board's ``BoardModel``), on the plane of the tokens' top faces: thick tokens seen at an
angle slide off their cavities on the board's own plane (``BoardModel.raised``):

1. Every pixel near a cavity's centre is compared in CIELAB with the token colours as the
   reference strip shows them after correction; a cavity whose inner disc is mostly of
   no token colour (or nearer the paper: white, or the border's tint as the photo shows
   it) is empty.
2. Otherwise the token colour is the one covering most of that disc, confirmed by the
   median colour of those pixels.
3. The symbol is the largest blob inside the disc that differs from the token's body;
   its colour is the median of its core, nearest of the four symbol colours of the strip.
   A reflection only adds light: where the veil the token's body shows would make
   another ink look like this one, or an ink read as white is tinted towards light blue,
   the symbol colour is uncertain.  A token with no blob is a joker.
4. Its shape is the symbol whose printed outline (drawn by the kit's own code,
   ``symbols.symbol_items``, at every turn the token may lie at) best fits where the
   token's lightness changes, a cue that needs no colour; the symbol whose filled face,
   placed there, best matches the ink's colour must be the same one.

Each property has a margin (how much nearer the best class is than the runner-up); a cell
is uncertain when any margin is small or the two shape cues disagree, so a reading is
flagged rather than guessed.

Only what a read needs is imported here (not the kit's drawing code, nor the polygon
library it uses): the board's model, stored between reads, names ``classify``.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Hashable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from functools import cache, cached_property

import cv2
import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

from printkit.draw.model import Affine, Circle, rgb
from printkit.games.tripitz.pids import (
    Pid,
    Symbol,
    SymbolColour,
    TokenColour,
)
from printkit.games.tripitz.symbols import symbol_items
from printkit.vision.colour import (
    FEW_KIND,
    UNLIKE_FAR,
    encoded,
    from_lab,
    group_spreads,
    linear,
    to_lab,
    unlike_their_kind,
)
from printkit.vision.model import BoardModel, repeated
from printkit.vision.printed import bare_by_print, neighbours
from printkit.vision.read import CellReading
from printkit.vision.stored import stored

__all__ = [
    "classify",
    "whole_tokens",
    "repeated_pids",
    "symbol_shapes",
    "symbol_turns",
    "edge_poses",
    "face_symbol",
    "ink_beyond",
    "INK_BEYOND",
    "SHAPE_MARGIN",
    "VEIL_SHARE",
    "VEIL_CLEAR",
]

DISC = 8.5
"""Radius (mm) about a cavity's centre that a placed token always covers."""
SLIDE = 3.0
"""How far (mm) a token's symbol may lie from its cavity's centre and still be matched
whole: a token laid off-centre, or a thick one seen on a plane a little below its top."""
BODY_SHARE = 0.25
"""Share of the disc in one token colour above which the cavity holds a token."""
BODY_DE = 32.0
"""Largest ΔE*ab from a token colour for a pixel to count as that colour, unless that
colour is clearly the nearest (``BODY_CLEAR``)."""
BODY_CLEAR = 2.0
"""A pixel at most 1/this of its distance to the runner-up token colour and to paper from
the token colour nearest it is that colour however far from it: tokens made apart from
the board (painted wood, or printed on another printer or another day) need not match
its strip's colours.  Tripitz printer photos, second family: blue tokens ΔE 34 (309383,
a more violet blue) and 54 (309010, the kit's own blue beside a paler printed strip)
from the strip's blue, 2.25 or more times nearer it than paper and every other token
colour, were read as empty cavities under something.  What is no token colour lies near
two references at once: skin between red and yellow, shadows between every colour and
paper, a pale symbol ink between blue and paper."""
INK_APART = 20.0
"""A token's symbol ink lies at least this far (ΔE*ab) from the token's body colour."""
MIN_SYMBOL = 12.0
"""Smallest symbol blob, mm²; a token without one is a joker."""
SYMBOL_SHOWS = 0.55
"""A token read as a joker (no ink apart from its body) whose lightness fits a symbol's
outline this well (``edge_poses``) shows a symbol after all: it is read as that symbol,
its ink's colour taken within the symbol's face where the outline fits, and is uncertain
(``faint``).  Jokers on eight first-family photos fitted 0.36-0.46 (the token's own rim),
empty cavities read as jokers in dim light 0.38-0.43; two dark symbols on dark bodies
that dim light hid from the ink test (a black moon on blue, a grey moon on green) fitted
0.71 and 0.74."""
COLOUR_MARGIN = 0.35
"""A colour is uncertain when (second - best) / second distance is below this."""
EMPTY_BAND = (0.12, 0.40)
"""Body shares in this band leave the empty-or-token question uncertain."""
FAR = 30.0
"""A colour farther than this (ΔE*ab) from its class is uncertain whatever the margin."""


# --- colours ----------------------------------------------------------------------------


def _strip_colours(image: np.ndarray, model: BoardModel, to_px) -> dict[str, np.ndarray]:
    """Each patch name → its CIELAB colour as seen in the corrected image.

    Of the copies of a patch (one per strip), the one seen nearest its printed colour is
    taken: a finger or a reflection over one strip must not change what a colour looks
    like everywhere.
    """
    h, w = image.shape[:2]
    seen: dict[str, list[np.ndarray]] = {}
    printed: dict[str, np.ndarray] = {}
    for patch in model.patches:
        ring = to_px(patch.ring)
        centre = ring.mean(axis=0)
        inner = centre + 0.5 * (ring - centre)
        x0, y0 = np.floor(inner.min(axis=0)).astype(int)
        x1, y1 = np.ceil(inner.max(axis=0)).astype(int)
        part = image[max(y0, 0) : min(y1, h), max(x0, 0) : min(x1, w)]
        if part.size:
            colour = np.median(part.reshape(-1, 3), axis=0)[None, :]
            seen.setdefault(patch.name, []).append(to_lab(colour, dtype=np.float32)[0])
            printed[patch.name] = to_lab(np.array([rgb(patch.colour)]), dtype=np.float32)[0]
    return {
        name: min(values, key=lambda v, n=name: float(np.linalg.norm(v - printed[n])))
        for name, values in seen.items()
    }


def _references(
    image: np.ndarray, model: BoardModel, to_px
) -> tuple[dict[TokenColour, np.ndarray], dict[SymbolColour, np.ndarray]]:
    """Token and symbol colours in CIELAB: as the strip shows them, else as printed."""
    seen = _strip_colours(image, model, to_px)
    tokens = {
        c: seen.get(c.name.lower(), to_lab(np.array([rgb(v)]), dtype=np.float32)[0])
        for c, v in model.extra["token_colours"].items()
    }
    symbols = {
        k: seen.get(
            f"{k.name.lower().replace('_', ' ')} symbol",
            to_lab(np.array([rgb(v)]), dtype=np.float32)[0],
        )
        for k, v in model.extra["symbol_colours"].items()
    }
    return tokens, symbols


def _distances(pixels: np.ndarray, refs: np.ndarray) -> np.ndarray:
    """ΔE*ab from each of N colours to each of K references, N × K."""
    diff = pixels[:, None, :] - refs[None, :, :].astype(pixels.dtype)
    return np.sqrt(np.einsum("nkc,nkc->nk", diff, diff))


def _nearest(value: np.ndarray, refs: dict) -> tuple[object, object, float, float]:
    """Best and runner-up class of a colour, the best distance and the margin."""
    names = list(refs)
    dist = np.array([float(np.linalg.norm(value - refs[n])) for n in names])
    order = np.argsort(dist)
    d1, d2 = dist[order[0]], dist[order[1]]
    return names[order[0]], names[order[1]], float(d1), float((d2 - d1) / d2 if d2 > 0 else 0.0)


# --- symbols ------------------------------------------------------------------------------


def _symbol_picture(
    symbol: Symbol, rho: float, px_per_mm: float, size: int, turn: float
) -> np.ndarray:
    """A symbol's face drawn by the kit's own symbol code (outer radius ``rho`` mm, turned
    by ``turn`` degrees) in the middle of a ``size`` px square (0..1, antialiased)."""
    canvas = np.zeros((size, size), np.float32)
    move = Affine.translate(size / 2, size / 2) @ Affine.scale(px_per_mm) @ Affine.rotate(turn)
    for item in symbol_items(symbol, (0.0, 0.0), rho, "#000000", None):
        item = item.transformed(move)
        if isinstance(item, Circle):
            centre = tuple(int(v) for v in np.round(np.array(item.centre) * 16))
            radius = int(round(item.radius * 16))
            cv2.circle(canvas, centre, radius, 1.0, -1, cv2.LINE_AA, 4)
        else:
            points = [np.int32(np.round(np.array(item.points) * 16))]
            cv2.fillPoly(canvas, points, 1.0, cv2.LINE_AA, 4)
    return canvas


SHAPE_PX_PER_MM = 2.0
"""Scale (px/mm) at which symbols are matched: a star's points stay apart."""
SYMMETRY = {Symbol.STAR: 72.0, Symbol.TRIANGLE: 120.0, Symbol.MOON: 360.0, Symbol.CIRCLE: 360.0}
"""The turn (degrees) after which each symbol looks the same again."""
TURN_STEP = 6.0
"""Step (degrees) of the turns at which a symbol is tried."""
SEAT_SLACK = (-9.0, -4.5, 0.0, 4.5, 9.0)
"""How far (degrees) a hexagonal token may lie turned from one of its six seats."""
SHAPE_MARGIN = 0.1
"""A symbol is uncertain unless its outline fits the edges this much better (relative)
than any other symbol's."""


def symbol_turns(symbol: Symbol, token_shape: str) -> tuple[float, ...]:
    """The turns at which a symbol may lie: a hexagonal token sits in one of six seats
    (give or take ``SEAT_SLACK``), a round one at any turn."""
    if symbol is Symbol.CIRCLE:
        return (0.0,)
    period = SYMMETRY[symbol]
    every = tuple(float(a) for a in np.arange(0.0, period, TURN_STEP))
    if token_shape != "hex":
        return every
    seated = sorted({(60.0 * k + d) % period for k in range(6) for d in SEAT_SLACK})
    return tuple(seated) if len(seated) < len(every) else every


@dataclass(frozen=True)
class Shapes:
    """Each symbol as printed at ``SHAPE_PX_PER_MM``, one picture per turn it may lie at
    (``symbol_turns``): its filled face, blurred as a camera would, and that face's
    ``edges``."""

    edges: dict
    faces: dict

    @property
    def size(self) -> int:
        return next(iter(self.faces.values()))[0].shape[0]

    @cached_property
    def edge_rows(self) -> np.ndarray:
        """Every symbol's edge pictures, turn by turn, one row each, less their mean and
        scaled to length 1: correlating a patch with them all is one product."""
        rows = np.stack([p.ravel() for ps in self.edges.values() for p in ps]).astype(np.float64)
        rows -= rows.mean(axis=1, keepdims=True)
        return (rows / np.linalg.norm(rows, axis=1, keepdims=True)).astype(np.float32)


def _edges(plane: np.ndarray) -> np.ndarray:
    """Where a picture changes: its morphological gradient (edges and thin lines alike,
    whichever way they turn and whichever side is lighter)."""
    kernel = np.ones((3, 3), np.uint8)
    return cv2.dilate(plane, kernel) - cv2.erode(plane, kernel)


@cache
def symbol_shapes(token_size: float, token_shape: str) -> Shapes:
    """``Shapes`` for tokens of ``token_size`` mm, hexagonal or round: drawn once and kept
    between processes (``vision.stored``; drawing them takes a read about 15 ms)."""
    key = (token_size, token_shape)
    return stored("symbol shapes", key, lambda: _drawn_shapes(token_size, token_shape))


def _drawn_shapes(token_size: float, token_shape: str) -> Shapes:
    """``symbol_shapes`` drawn."""
    px = SHAPE_PX_PER_MM
    rho = 0.27 * token_size
    size = int(math.ceil(2.1 * rho * px)) | 1
    faces = {
        symbol: tuple(
            cv2.GaussianBlur(_symbol_picture(symbol, rho, px, size, turn), (0, 0), 0.25 * px)
            for turn in symbol_turns(symbol, token_shape)
        )
        for symbol in Symbol
    }
    return Shapes({s: tuple(_edges(f) for f in fs) for s, fs in faces.items()}, faces)


def _shrunk(plane: np.ndarray, px_per_mm: float, shapes: Shapes) -> np.ndarray:
    """A plane seen at ``px_per_mm`` brought to ``SHAPE_PX_PER_MM``, padded to leave room
    for a symbol's picture (a symbol larger than the window is still judged, if poorly)."""
    scale = SHAPE_PX_PER_MM / px_per_mm
    small = cv2.resize(
        np.ascontiguousarray(plane, dtype=np.float32),
        None,
        fx=scale,
        fy=scale,
        interpolation=cv2.INTER_AREA,
    )
    short = max(shapes.size + 1 - min(small.shape), 0)
    return cv2.copyMakeBorder(small, 0, short, 0, short, cv2.BORDER_CONSTANT, value=0)


@dataclass(frozen=True)
class Pose:
    """Where a symbol's outline fits a token's edges best: how well (normalised
    correlation), at which of its turns and where (top left of its picture, px)."""

    fit: float
    turn: int
    at: tuple[int, int]


def edge_poses(lightness: np.ndarray, px_per_mm: float, shapes: Shapes) -> dict[Symbol, Pose]:
    """Each symbol's best ``Pose`` against where a token's lightness (L*, at
    ``px_per_mm``) changes: edges and thin lines alike (a morphological gradient).  The
    contrast rules give every symbol an edge in lightness, its own or its outline's, so
    this needs no colour, and chroma noise cannot join a symbol to its surroundings."""
    edges = _edges(_shrunk(lightness, px_per_mm, shapes))
    size = shapes.size
    patches = sliding_window_view(edges, (size, size))
    rows, columns = patches.shape[:2]
    # Normalised correlation (OpenCV's TM_CCOEFF_NORMED) of every patch with every
    # picture at once: the pictures' rows have no mean, so the patches' own means drop
    # out of the product, and only their spread (from box sums) divides it.  A patch
    # without any change fits nothing.
    products = patches.reshape(rows * columns, -1) @ shapes.edge_rows.T
    plane = edges.astype(np.float64)
    sums = [
        cv2.boxFilter(x, -1, (size, size), None, (0, 0), False, cv2.BORDER_CONSTANT)
        for x in (plane, plane * plane)
    ]
    total, squares = (x[:rows, :columns].ravel() for x in sums)
    spread = np.sqrt(np.maximum(squares - total * total / size**2, 0.0))
    fits = products / np.where(spread > 1e-6, spread, np.inf)[:, None]
    poses, first = {}, 0
    for symbol, pictures in shapes.edges.items():
        block = fits[:, first : first + len(pictures)].T  # turns × patches
        turn, where = np.unravel_index(int(block.argmax()), block.shape)
        at = (int(where % columns), int(where // columns))
        poses[symbol] = Pose(float(block[turn, where]), int(turn), at)
        first += len(pictures)
    return poses


FACE_TIE = 0.08
"""The symbol the edges name (``edge_poses``) is the one the ink's colour names too
(``face_symbol``) when its face fits the ink within this (normalised correlation) of the
best face: the faces of a star and a triangle, each where its own outline fits, cover
much the same ink, and dim light's colour noise tips the balance between them.  Measured
with a spy on the reader over the second family's Tripitz photos 0-39 of every condition:
of the 22 tokens whose two cues named different symbols, 15 were read rightly, 12 of them
with faces 0.008-0.067 apart (11 in low light, one beside a hand) and 3 with 0.11-0.17;
the 7 read wrongly had faces 0.21-1.47 apart, but for one whose symbol was right and its
symbol colour wrong, and uncertain for that (hands 303031, 0.034)."""


def face_symbol(
    ink: np.ndarray,
    px_per_mm: float,
    shapes: Shapes,
    poses: dict[Symbol, Pose],
    named: Symbol | None = None,
) -> Symbol:
    """The symbol whose filled face, where its outline fits best, best matches the
    token's ink (``ink``: 0..1, how far each pixel's colour has gone from the body's
    towards the symbol's): the colour cue that confirms ``edge_poses``; ``named`` (the
    symbol the edges name) where its face fits within ``FACE_TIE`` of the best."""
    small = _shrunk(ink, px_per_mm, shapes)
    size = shapes.size

    def fit(symbol: Symbol) -> float:
        pose = poses[symbol]
        x, y = pose.at
        patch = np.ascontiguousarray(small[y : y + size, x : x + size])
        face = shapes.faces[symbol][pose.turn]
        return float(cv2.matchTemplate(patch, face, cv2.TM_CCOEFF_NORMED)[0, 0])

    fits = {symbol: fit(symbol) for symbol in poses}
    best = max(fits, key=fits.__getitem__)
    if named is not None and fits[named] >= fits[best] - FACE_TIE:
        return named
    return best


# --- reading the cavities -------------------------------------------------------------------


def repeated_pids(labels: dict, unseen: Collection = ()) -> dict:
    """Cavities read as holding a pid another cavity holds too: there is one of each.  A
    pid read on an ``unseen`` cavity (a hand, a reflection) does not put the same pid seen
    elsewhere in doubt; it is doubted itself."""
    pids = {key: code for key, code in labels.items() if code != "empty"}
    return dict.fromkeys(repeated(pids, unseen), "pid twice")


def _tints_seen(pixels: np.ndarray, tints: list, refs: np.ndarray) -> list[np.ndarray]:
    """Each tint the cavities are printed in as this photo shows it: the median colour of
    the cavities printed in it, tokens and all, kept if nearer the tint as printed than
    any token colour as the strip shows it (tokens on most of them would not be).  Dim
    light, mapped through the strip, can move a pale tint a long way towards the token
    colour nearest it (a cream border towards yellow)."""
    out = []
    for tint in {t for t in tints if t}:
        index = [i for i, t in enumerate(tints) if t == tint]
        seen = np.median(np.median(pixels[index], axis=1), axis=0)
        printed = to_lab(np.array([rgb(tint)]), dtype=np.float32)[0]
        if np.linalg.norm(seen - printed) < _distances(seen[None, :], refs).min():
            out.append(seen[None, :].astype(np.float32))
    return out


def _blotched(
    pixels: np.ndarray,
    coloured: np.ndarray,
    cells: np.ndarray,
    token: np.ndarray,
    paper: np.ndarray,
) -> np.ndarray:
    """Which of the ``cells`` (``pixels``: cavities × disc pixels in CIELAB; ``coloured``:
    those nearest the cavity's leading token colour, ``token``, as the strip shows it)
    show that colour only in blotches of the bare ground's lightness: the coloured pixels'
    median lightness lies nearer the ground round them (the paper or tint nearest the
    disc's other pixels) than the token colour's.  Dim light's denoising leaves blotches of other
    hues on paper at the paper's lightness; a token, even one seen in part, brings its
    own (yellow, the token colour nearest a tint in lightness, lies 7.6 L* below the cream
    tint, 19 below white)."""
    out = np.zeros(len(pixels), bool)
    for i in np.flatnonzero(cells):
        mine, rest = pixels[i][coloured[i]], pixels[i][~coloured[i]]
        if not len(mine) or not len(rest):
            continue
        lightness = float(np.median(mine[:, 0]))
        ground = paper[int(_distances(np.median(rest, axis=0)[None, :], paper).argmin())]
        out[i] = abs(lightness - ground[0]) < abs(lightness - token[i][0])
    return out


def _unlike_bare_cavities(pixels: np.ndarray, empty: np.ndarray, tints: list) -> np.ndarray:
    """Which cavities read as empty look like no other empty cavity of their tint in this
    photo (``vision.colour.unlike_their_kind``) nor like the tint as printed: a hand or a
    sleeve over them, not paper."""
    out = np.zeros(len(empty), bool)
    index = np.flatnonzero(empty)
    if len(index):
        medians = np.median(pixels[index], axis=1)
        kinds = [tints[i] or "#ffffff" for i in index]
        printed = to_lab(np.array([rgb(t) for t in kinds]), dtype=np.float32)
        far = np.linalg.norm(medians - printed, axis=1) > UNLIKE_FAR
        out[index] = unlike_their_kind(medians, kinds) & far
    return out


ON_PLANE_INK = 0.5
"""Share of ``MIN_SYMBOL`` a token's ink must cover in a coarse view for ``whole_tokens``
to place its symbol."""


def whole_tokens(image: np.ndarray, model: BoardModel) -> float:
    """How closely the tokens' symbols lie on their cavities in a corrected view of the
    board on some plane (``BoardModel.whole``): minus the median distance (mm) from the
    middle of each token's largest patch of ink to its cavity's centre, over the cavities
    whose disc shows a token colour.

    A token's top lies its thickness above the board, and the symbol is printed in its
    middle: in a slanted photo, a view on any other plane slides the symbols off their
    cavities, the more the farther the plane, and brings the token's dark side wall in.
    Counting cells wholly one colour does not tell the planes apart here (most of a
    token's cavity is its symbol), and an empty cavity's own print lies on the board, so
    only tokens count.  Colours are judged against the kit's printed ones (planes are
    compared, not read)."""
    px = model.px_per_mm
    half = int(math.ceil(DISC * px))
    yy, xx = np.mgrid[-half : half + 1, -half : half + 1]
    disc = (xx**2 + yy**2) <= (DISC * px) ** 2
    centres = np.array(list(model.extra["centres"].values()))
    spots = np.round((centres - model.bounds[:2]) * px).astype(int)
    inside, windows = _windows_at(image, spots, half)
    if not inside.any():
        return -math.inf
    tokens, inks, paper = _printed_refs(model)
    # Which cavities hold a token: every fourth pixel of the disc tells its body colour.
    sparse = disc & (yy % 2 == 0) & (xx % 2 == 0)
    bodies = np.median(to_lab(windows[:, sparse], dtype=np.float32), axis=1)
    token_d = _distances(bodies, tokens).min(axis=1)
    held = (token_d < BODY_DE) & (token_d < _distances(bodies, paper).min(axis=1))
    masks = np.zeros((int(held.sum()), *disc.shape), np.uint8)
    lab = to_lab(windows[held][:, disc], dtype=np.float32)  # tokens × disc pixels × 3
    masks[:, disc] = _inked(lab, bodies[held], inks, tokens)
    offsets = []
    for mask in masks:  # the token's largest patch of ink: its symbol, or its side wall
        count, _, stats, centroids = cv2.connectedComponentsWithStats(mask, connectivity=8)
        if count > 1:
            k = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
            if stats[k, cv2.CC_STAT_AREA] >= ON_PLANE_INK * MIN_SYMBOL * px**2:
                offsets.append(math.hypot(*(centroids[k] - half)) / px)
    return -float(np.median(offsets)) if offsets else -math.inf


def _windows_at(image: np.ndarray, spots: np.ndarray, half: int) -> tuple[np.ndarray, np.ndarray]:
    """Which ``spots`` (px, one per row) lie ``half`` px or more inside ``image``, and the
    square windows of side ``2 half + 1`` round those (a stack)."""
    h, w = image.shape[:2]
    inside = np.all((spots >= half) & (spots < (w - half, h - half)), axis=1)
    windows = [image[y - half : y + half + 1, x - half : x + half + 1] for x, y in spots[inside]]
    return inside, np.stack(windows) if windows else np.empty((0, 2 * half + 1, 2 * half + 1, 3))


def _inked(lab: np.ndarray, bodies: np.ndarray, inks: np.ndarray, tokens: np.ndarray) -> np.ndarray:
    """Which of each token's pixels (``lab``: tokens × pixels × 3, CIELAB) show ink: as
    ``_read_token`` finds a symbol's ink (``INK_APART`` from the token's body colour,
    ``bodies``, and nearer a symbol colour, ``inks``, than the body), and nearer a symbol
    colour than any token colour (``tokens``): a neighbour's top seen beside it is none."""
    off_body = lab - bodies[:, None, :]
    body_sq = np.einsum("tpc,tpc->tp", off_body, off_body)
    off_refs = lab[:, :, None, :] - np.vstack([inks, tokens])[None, None, :, :]
    refs_sq = np.einsum("tprc,tprc->tpr", off_refs, off_refs)
    ink_sq, token_sq = refs_sq[..., : len(inks)].min(axis=2), refs_sq[..., len(inks) :].min(axis=2)
    return (ink_sq < body_sq) & (body_sq > INK_APART**2) & (ink_sq < token_sq)


def _printed_refs(model: BoardModel) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The token colours, symbol colours and paper tints as printed (CIELAB)."""
    extra = model.extra
    return _printed_lab(
        tuple(extra["token_colours"].values()),
        tuple(extra["symbol_colours"].values()),
        tuple(sorted({"#ffffff", *extra["paper"].values()})),
    )


@cache
def _printed_lab(*groups: tuple[str, ...]) -> tuple[np.ndarray, ...]:
    """Each group of colours (hex) in CIELAB, computed once per process."""
    return tuple(to_lab(np.array([rgb(v) for v in group]), dtype=np.float32) for group in groups)


def classify(
    image: np.ndarray,
    model: BoardModel,
    to_px,
    quick: bool = False,
    board: np.ndarray | None = None,
) -> dict[Hashable, CellReading]:
    """Every cavity's pid code (or ``empty``), with margins and the uncertain ones flagged;
    ``quick``: only which cavities are surely empty (a token reads as ``token``).  The
    strip and the cavities' print are seen in ``board`` (the board's own plane), the
    tokens in ``image`` (their tops' plane)."""
    board = image if board is None else board
    px = model.px_per_mm
    tokens, symbols = _references(board, model, to_px)
    token_size = float(model.extra["token_size"])
    shapes = symbol_shapes(token_size, model.extra["token_shape"])
    colour_names = list(tokens)
    refs = np.stack([tokens[c] for c in colour_names]).astype(np.float32)
    paper = _printed_refs(model)[2]
    centres = model.extra["centres"]
    half = int(math.ceil((DISC + SLIDE) * px)) + 1
    yy, xx = np.mgrid[-half : half + 1, -half : half + 1]
    disc = (xx**2 + yy**2) <= (DISC * px) ** 2
    sparse = disc & (yy % 2 == 0) & (xx % 2 == 0)  # every fourth pixel tells the share
    keys = list(model.cells)
    spots = np.round(to_px([centres[k] for k in keys])).astype(int)
    inside, windows = _windows_at(image, spots, half)
    out: dict[Hashable, CellReading] = {
        k: CellReading("empty", 0.0, "empty", 0.0, True)
        for k, ok in zip(keys, inside, strict=True)
        if not ok
    }
    found = [(k, x, y) for k, (x, y), ok in zip(keys, spots, inside, strict=True) if ok]
    if not found:
        return out
    # All discs at once: the share of each cavity's disc in each token colour.
    pixels = to_lab(windows[:, sparse], dtype=np.float32)  # cells × disc pixels × 3
    flat = pixels.reshape(-1, 3)
    dist = _distances(flat, refs)
    tinted = [model.extra["paper"].get(k) for k, _, _ in found]
    paper = np.vstack([paper, *_tints_seen(pixels, tinted, refs)])
    near_paper = _distances(flat, paper).min(axis=1)
    best = dist.argmin(axis=1)
    dmin = dist.min(axis=1)
    runner = np.partition(dist, 1, axis=1)[:, 1]
    clear = BODY_CLEAR * dmin < np.minimum(runner, near_paper)
    body = (((dmin < BODY_DE) & (dmin < near_paper)) | clear).reshape(len(found), -1)
    best = best.reshape(len(found), -1)
    counts = np.stack([(body & (best == j)).sum(axis=1) for j in range(len(refs))], axis=1)
    shares = counts.max(axis=1) / pixels.shape[1]
    empty = shares < EMPTY_BAND[1]
    hidden = _unlike_bare_cavities(pixels, empty, tinted)
    band = empty & (shares > EMPTY_BAND[0]) & ~hidden
    leading = counts.argmax(axis=1)
    blotched = _blotched(pixels, body & (best == leading[:, None]), band, refs[leading], paper)
    for i, (key, _, _) in enumerate(found):
        if empty[i]:
            share = float(shares[i])
            margin = 1.0 - share / EMPTY_BAND[1]
            out[key] = CellReading(
                "empty",
                round(margin, 3),
                "token",
                round(share, 3),
                share > EMPTY_BAND[0] or bool(hidden[i]),
                "unlike" if hidden[i] else "",
            )
    # A cavity read empty whose number and mark show is bare, whatever the light.
    at = dict(zip(keys, to_px([centres[k] for k in keys]), strict=True))
    # A cavity whose token colour is only dim light's colour blotches is bare where its
    # print shows as the other bare cavities' does.
    noise = ({key for (key, _, _), b in zip(found, blotched, strict=True) if b}, BLOTCHED_PRINT)
    out.update(
        bare_by_print(board, model, out, at, DISC * px, PRINT_SURE, PRINT_HIDDEN, settled=noise)
    )
    held = [i for i in range(len(found)) if not empty[i]]
    if quick:
        for i in held:
            out[found[i][0]] = CellReading("token", round(float(shares[i]), 3), "empty", 0.0, False)
        held = []
    bodies = [np.median(pixels[i][body[i] & (best[i] == counts[i].argmax())], axis=0) for i in held]
    kin = dict(zip(held, _kin_clear(bodies, tokens), strict=True))
    body_of = dict(zip(held, bodies, strict=True))

    def token(i: int, own_inks: dict | None = None):
        window = to_lab(windows[i], dtype=np.float32)
        return _read_token(
            (window, windows[i]), disc, body_of[i], tokens, symbols, shapes, px, kin[i], own_inks
        )

    inks = {}
    # Tokens are read side by side: their symbols are matched in OpenCV, outside Python's
    # lock (a process that OpenCV keeps to one thread, as printkit log's workers, reads
    # them one by one).
    with ThreadPoolExecutor(max_workers=max(1, min(2, cv2.getNumThreads()))) as pool:
        for i, (reading, ink) in zip(held, pool.map(token, held), strict=True):
            out[found[i][0]], inks[i] = reading, ink
    # Tokens uncertain are read again with the photo's own inks beside the strip's.
    own = _inks_of_kind([ink for ink in inks.values() if ink is not None], symbols)
    for i in held:
        if own and out[found[i][0]].uncertain and inks[i] is not None:
            out[found[i][0]], _ = token(i, own)
    out.update(_beside_cover(out, at, float(model.extra["pitch"]) * px))
    return {k: out[k] for k in keys}


COVER_MARGIN = 0.3
"""A token beside a cavity a cover hides is uncertain when its weakest margin (colour,
symbol or symbol colour) is below this.  Held-out hands photo 303060: two tokens at a
hand's edge, their symbol colours misread, had margins of 0.17; on a steep photo of thick
tokens (305023), whose sides hide a bare cavity's print, its four neighbours read rightly
with margins of 0.41-0.51."""


def _beside_cover(readings: dict, at: dict, pitch: float) -> dict:
    """Tokens read surely, if narrowly (``COVER_MARGIN``), beside a cavity a cover hides
    (``print hidden``), uncertain (``beside a cover``): a hand over the next cavity may
    reach over part of the token, and the part of its symbol a pale hand's edge covers
    passes for a paler symbol colour.  ``at``: each cavity's centre (px); ``pitch``:
    neighbours' distance (px)."""
    keys = list(readings)
    covered = [i for i, k in enumerate(keys) if readings[k].doubt == "print hidden"]
    if not covered:
        return {}
    near = neighbours(np.array([at[k] for k in keys], float), pitch)[:, covered].any(axis=1)
    return {
        k: replace(r, uncertain=True, doubt="beside a cover")
        for k, r, beside in zip(keys, readings.values(), near, strict=True)
        if beside
        and r.label not in ("empty", "token")
        and not r.uncertain
        and r.confidence < COVER_MARGIN
    }


PRINT_SURE = 0.7
"""A cavity read empty whose printed number and mark fit the print this well is surely
bare, even where its colour is unsure (near a token's in dim light, unlike the other bare
cavities) or a reflection lies over it: a token hides them whatever the light.  Over
3,198 token readings of the second family's photos (every condition) no token fitted
better than 0.63; bare cavities fit 0.68-0.79 (quartiles).  Seen on the board's own
plane, where the print lies, the same holds: 4,289 tokens of photos 0-5 and 20-25 of
every condition, none above 0.63."""
PRINT_HIDDEN = (0.2, 0.36, 0.54)
"""A cavity read empty whose print fits below the first, or below the second times what a
showing print fits among the photo's cavities read empty (``vision.printed.showing``, the
upper quartile), is covered by what shows no token colour (a hand): uncertain, and so are
the cavities beside it fitting below the third times that (a hand's edge).  Measured
against their median, on the second family (photos 0-5 of every condition, 0-13 with
hands): of 3,759 bare cavities no hand covered, the least fit 0.36 (a shaken photo), the
least share of its photo's median 0.51; in a smaller steep photo a cavity half hidden by
its neighbour token's side fitted 0.29.  Of 29 tokens read as empty, 21 fitted below 0.2,
the other 8 were uncertain already (glare, a hand's edge); in held-out photos, tokens
under a hand fitted 0.05, 0.26 and 0.41 (0.53 of that photo's median), each beside one
below 0.2.  A token under a hand away from any such (hands 303242, cell 31) fitted 0.29,
0.34 of its photo's median.  Those shares of the median were 0.4 and 0.6; the median gave
way to the upper quartile where a hand over 35 cavities (held-out pair 303561) put it at
0.47, against 0.78, and let two tokens under the fingers pass as bare.  The shares are
those times 0.9: over second-family photos 0-5 of every condition, the median is 0.86-0.99
of the upper quartile (a tenth of photos below 0.91).  Photos 0-19 of every condition and
20-59 of hands, glare, steep and low light: four cells changed, two each way."""
BLOTCHED_PRINT = 0.54
"""A cavity read empty whose token colour shows only in blotches of the ground's lightness
(``_blotched``) is surely bare where its print fits at least this share of what a showing
print fits (``PRINT_HIDDEN``), as ``PRINT_HIDDEN`` asks of a hand's edge.  Measured against
the median fit of cavities read empty, on second-family photos (low light 300-329, hands
300-314): the 14 bare cavities blotched into 12-40 % of a token colour fitted 0.67-1.04
of their photo's median; the 11 tokens a hand left showing 12-40 % of their colour,
0.12-0.50.  That share of the median was 0.6, here times 0.9 as ``PRINT_HIDDEN``'s; held-out
pair 303561: a token under a fingertip blotched so fitted 0.33, 0.71 of a median a hand
had lowered to 0.47, 0.43 of the upper quartile."""


def _relit(seen: np.ndarray, body: np.ndarray, printed_body: np.ndarray) -> np.ndarray:
    """A symbol colour as it would look in the light the board correction assumed.

    A shadow on one token scales the light there by some factor k; in CIELAB that scales
    L* + 16 by the cube root of k for every colour alike, so the token body, whose printed
    colour is known once it is classified, gives the factor for its symbol.
    """
    factor = (float(printed_body[0]) + 16.0) / max(float(body[0]) + 16.0, 1.0)
    factor = min(max(factor, 0.8), 1.25)  # a shadow or a glare, not a misread body
    out = seen.astype(np.float64).copy()
    out[0] = min((out[0] + 16.0) * factor - 16.0, 100.0)
    return out


def _read_symbol(
    window: np.ndarray, body_lab: np.ndarray, seen_lab: np.ndarray, px: float, shapes: Shapes
) -> tuple[Symbol, Symbol, float, Symbol, Pose]:
    """A token's symbol by the edges of its lightness (``edge_poses``): the best and the
    runner-up, the margin between their fits, the symbol its ink's colour names where
    each outline fits (``face_symbol``), which must agree, and where the best lies."""
    poses = edge_poses(window[..., 0], px, shapes)
    order = sorted(poses, key=lambda s: poses[s].fit, reverse=True)
    f1, f2 = poses[order[0]].fit, poses[order[1]].fit
    margin = (f1 - f2) / f1 if f1 > 0 else 0.0
    line = (seen_lab - body_lab).astype(np.float64)
    ink = np.clip(((window - body_lab) @ line) / max(float(line @ line), 1e-9), 0.0, 1.0)
    face = face_symbol(ink, px, shapes, poses, named=order[0])
    return order[0], order[1], float(margin), face, poses[order[0]]


INK_BEYOND = 0.1
"""A token whose symbol-coloured blob lies more than this share outside its symbol's face
(``ink_beyond``) is uncertain: something over the token (a fingertip as pale as a white
ink, a reflection's veil) joined the ink.  Measured with a spy on the reader over 174 of
the second family's Tripitz photos (hands 0-29 and 160-199; ordinary, glare and low
light 0-19; steep, small, lens, motion and recompressed 0-9): of 6,270 tokens read
surely, and rightly, 26 spill more (7 under fingers at 0.22-0.41, 18 in low light, where
denoising's blotches of a symbol's colour join its ink, one in a shaken photo); the rest
at most 0.095.  Of the 54 tokens read wrongly, 52 spill more, among them the fingertip
over Tripitz hands 303242's cell 41 (0.43), read surely before this test."""


def ink_beyond(
    blob: np.ndarray,
    px_per_mm: float,
    shapes: Shapes,
    symbol: Symbol,
    pose: Pose,
    counted: np.ndarray | None = None,
) -> float:
    """The share of a token's ink ``blob`` (a mask at ``px_per_mm``) lying outside the face
    of ``symbol`` where its outline fits (``pose``), with a pixel of slack round it at
    ``SHAPE_PX_PER_MM``: a symbol's own ink lies within its face.  With ``counted`` (a
    mask like ``blob``), only the ink outside the face that it holds counts."""
    small = _shrunk(blob, px_per_mm, shapes)
    total = float(small.sum())
    if total <= 0:
        return 0.0
    face = _face_at(small.shape, shapes, symbol, pose)
    beyond = small if counted is None else _shrunk(blob & counted, px_per_mm, shapes)
    return float(beyond[face == 0].sum()) / total


def _face_at(shape: tuple[int, ...], shapes: Shapes, symbol: Symbol, pose: Pose) -> np.ndarray:
    """The face of ``symbol`` where its outline fits (``pose``), with a pixel of slack, as a
    mask of ``shape`` at ``SHAPE_PX_PER_MM``."""
    x, y = pose.at
    size = shapes.size
    face = np.zeros(shape, np.uint8)
    face[y : y + size, x : x + size] = shapes.faces[symbol][pose.turn] > 0.5
    return cv2.dilate(face, np.ones((3, 3), np.uint8))


def _face_in_window(
    window: tuple[int, int], px_per_mm: float, shapes: Shapes, symbol: Symbol, pose: Pose
) -> np.ndarray:
    """``_face_at`` brought back to a token's window (``window``: its height and width at
    ``px_per_mm``)."""
    scale = SHAPE_PX_PER_MM / px_per_mm
    small = _shrunk(np.zeros(window, np.float32), px_per_mm, shapes).shape
    face = cv2.resize(
        _face_at(small, shapes, symbol, pose),
        None,
        fx=1 / scale,
        fy=1 / scale,
        interpolation=cv2.INTER_NEAREST,
    )
    out = np.zeros(window, bool)
    h, w = min(face.shape[0], window[0]), min(face.shape[1], window[1])
    out[:h, :w] = face[:h, :w] > 0
    return out


SMEAR_LIGHTNESS = 10.0
"""Ink astray of a token (``INK_BEYOND``) whose pixels beyond the symbol's face lie within
this (L*) of the body's lightness is colour alone: low light's denoising leaves blotches
of other hues on a token's body, which join its symbol's ink, while a fingertip or a
reflection's veil over the token changes its lightness.  Such a token's symbol colour is
read again from its ink within the face alone, and the token is uncertain only if that
reading differs.  Measured with a spy on 30 second-family Tripitz low-light photos
(302300-302329): of 83 token readings with ink astray, 81 read rightly, 73 of them with
this little lightness beyond the face and the same colour within it; the two read wrongly
(grey read for light blue, a green blotch's grey joined to a light-blue moon and
triangle) read rightly within the face."""


def _inner(blob: np.ndarray) -> np.ndarray:
    """A symbol's ink ``blob`` without its edge, which blur mixes with the body, where the
    blob is broad enough to have a core."""
    core = cv2.erode(blob.astype(np.uint8), np.ones((3, 3), np.uint8), iterations=2) > 0
    return core if core.sum() >= 12 else blob


def _ink_colour(
    window: np.ndarray, blob: np.ndarray, body_lab: np.ndarray, printed_body: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """The colour a token's ink ``blob`` shows in its CIELAB ``window`` (read from the
    blob's core where the blob is broad enough), and that colour relit by the body's
    shading (``_relit``), to be named among the symbol colours."""
    seen_lab = np.median(window[_inner(blob)], axis=0)
    return seen_lab, _relit(seen_lab, body_lab, printed_body)


def _kin_clear(bodies: list[np.ndarray], tokens: dict) -> list[bool]:
    """Which tokens' body colours (CIELAB) are like the photo's other tokens of their
    colour, a kind of at least ``FEW_KIND`` whose median colour is itself clearly that
    token colour (``COLOUR_MARGIN``): far from the strip's colour (``FAR``), such a token
    is only like its kin, made apart from the board (Tripitz printer 309010, second
    family: all ten blue tokens ΔE 54 from the strip's blue, within 2 of each other)."""
    if not bodies:
        return []
    lab = np.array(bodies, dtype=float)
    groups = [_nearest(b, tokens)[0] for b in lab]
    kinds = group_spreads(lab, groups)
    clear = set()
    for group, centre in kinds[1].items():
        named, _, _, margin = _nearest(centre, tokens)
        if groups.count(group) >= FEW_KIND and named == group and margin >= COLOUR_MARGIN:
            clear.add(group)
    unlike = unlike_their_kind(lab, groups, kinds)
    return [g in clear and not u for g, u in zip(groups, unlike, strict=True)]


def _read_token(
    windows: tuple[np.ndarray, np.ndarray],
    disc: np.ndarray,
    body_lab: np.ndarray,
    tokens: dict,
    symbols: dict,
    shapes: Shapes,
    px: float,
    like_kin: bool = False,
    own_inks: dict | None = None,
) -> tuple[CellReading, tuple[np.ndarray, SymbolColour] | None]:
    """One token: its colour (confirmed from ``body_lab``), symbol and symbol colour;
    ``like_kin``: its colour is like the photo's other tokens of that colour
    (``_kin_clear``), however far from the strip's; ``own_inks``: the symbol colours as
    this photo's tokens show them (``_inks_of_kind``), which may vouch for the symbol
    colour the strip names (``_vouched``).

    ``windows`` are the token's surroundings in CIELAB and in corrected RGB.  Returns the
    reading and, for a token with a symbol, its ink's colour and the symbol colour named.
    """
    window, rgb_window = windows
    colour, colour2, d_colour, m_colour = _nearest(body_lab, tokens)
    # The symbol: pixels in the disc nearer any symbol colour than the body.
    inside = window[disc]
    body_d = _distances(inside, body_lab[None, :])[:, 0]
    symbol_refs = np.stack(list(symbols.values())).astype(np.float32)
    sym_d = _distances(inside, symbol_refs).min(axis=1)
    candidate = np.zeros(disc.shape, np.uint8)
    candidate[disc] = (sym_d < body_d) & (body_d > INK_APART)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(candidate, connectivity=8)
    blob = None
    if count > 1:
        k = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
        if stats[k, cv2.CC_STAT_AREA] / px**2 >= MIN_SYMBOL:
            blob = labels == k
    faint = False
    if blob is None:
        pid, runner = Pid(colour), Pid(colour2)  # type: ignore[arg-type]
        biggest = float(stats[1:, cv2.CC_STAT_AREA].max()) / px**2 if count > 1 else 0.0
        # No ink apart from the body: a joker, unless a symbol's outline shows in the
        # lightness all the same (a dark symbol on a dark body in dim light).
        poses = edge_poses(window[..., 0], px, shapes)
        drawn = max(poses, key=lambda s: poses[s].fit)
        shows = poses[drawn].fit >= SYMBOL_SHOWS
        if shows:  # read where that outline fits: its face holds the ink
            face = _face_in_window(disc.shape, px, shapes, drawn, poses[drawn]) & disc
            if face.sum() / px**2 >= MIN_SYMBOL:
                blob, faint = face, True
    if blob is None:
        far = d_colour > FAR and not like_kin
        uncertain = m_colour < COLOUR_MARGIN or far or biggest > MIN_SYMBOL / 2 or shows
        reading = CellReading(
            pid.code,
            round(m_colour, 3),
            runner.code,
            round(d_colour, 1),
            uncertain,
            "shape" if shows else "",
        )
        return reading, None
    seen_lab, ink = _ink_colour(window, blob, body_lab, tokens[colour])
    shade, shade2, d_shade, m_shade = _nearest(ink, symbols)
    shape, shape2, m_shape, second_cue, pose = _read_symbol(window, body_lab, seen_lab, px, shapes)
    astray = ink_beyond(blob, px, shapes, shape, pose) > INK_BEYOND
    lit = np.abs(window[..., 0] - body_lab[0]) > SMEAR_LIGHTNESS if astray else None
    if astray and ink_beyond(blob, px, shapes, shape, pose, counted=lit) <= INK_BEYOND:
        # Colour blotches alone beyond the face: its own ink says whether they moved it.
        face = _face_in_window(blob.shape, px, shapes, shape, pose)
        if (blob & face).any():
            _, relit = _ink_colour(window, blob & face, body_lab, tokens[colour])
            within = _nearest(relit, symbols)
            astray = within[0] != shade
            if astray:  # read as its own ink shows it, uncertain all the same
                shade, shade2, d_shade, m_shade = within[0], shade, within[2], within[3]
                ink = relit
    if own_inks:
        d_shade, m_shade = _vouched(ink, shade, d_shade, m_shade, own_inks)
    shade, shade2, d_shade, m_shade = _unhued_named(ink, symbols, (shade, shade2, d_shade, m_shade))
    # A reflection only adds light: under the veil the token's body shows, would another
    # (darker) ink read as this one?
    veil = _veil(rgb_window, disc, blob, body_lab, px)
    lifted = _under_veil(symbols, veil) if veil > 0 else {}
    veiled = veil > 0 and _unhued_named(ink, lifted, _nearest(ink, lifted))[0] != shade
    if shade == SymbolColour.WHITE:  # or a streak over the ink alone lifted it to white
        veiled = veiled or _tinted(window[_inner(blob)], ink, symbols)
    pid = Pid(colour, shape, shade)  # type: ignore[arg-type]
    margins = {
        "colour": m_colour / COLOUR_MARGIN,
        "shape": m_shape / SHAPE_MARGIN,
        "shade": m_shade / COLOUR_MARGIN,
    }
    weakest = min(margins, key=margins.__getitem__)
    runner = {
        "colour": Pid(colour2, shape, shade),
        "shape": Pid(colour, shape2, shade),
        "shade": Pid(colour, shape, shade2),
    }[weakest]  # type: ignore[arg-type]
    unlike = second_cue != shape
    uncertain = (
        faint
        or min(margins.values()) < 1.0
        or (d_colour > FAR and not like_kin)
        or d_shade > FAR
        or unlike
        or veiled
        or astray
    )
    # The first of these that holds is the doubt named.
    doubts = (("shape", unlike), ("glare", veiled), ("ink astray", astray), ("faint", faint))
    reading = CellReading(
        pid.code,
        round(min(m_colour, m_shape, m_shade), 3),
        Pid(colour, second_cue, shade).code if unlike else runner.code,  # type: ignore[arg-type]
        round(max(d_colour, d_shade), 1),
        uncertain,
        next((d for d, found in doubts if found), ""),
        # The lightest ink is what any ink looks like under enough reflection.
        washed=shade == SymbolColour.WHITE,
    )
    return reading, (ink, shade)


def _inks_of_kind(inks: list[tuple[np.ndarray, SymbolColour]], symbols: dict) -> dict:
    """The symbol colours as this photo's tokens show them: for each symbol colour named
    on at least ``FEW_KIND`` tokens, their inks' median colour (CIELAB), the others as the
    strip shows them (``symbols``); empty where no colour has enough tokens.

    The strip's symbol patches are small, and their inks need not be the tokens' own (a
    board printed apart from its tokens) nor come out alike in dim light's colour noise,
    while the tokens' inks of one colour share each other's light and printing."""
    own, measured = dict(symbols), False
    for shade in {shade for _, shade in inks}:
        members = np.array([ink for ink, s in inks if s == shade])
        if len(members) >= FEW_KIND:
            own[shade] = np.median(members, axis=0).astype(np.float32)
            measured = True
    return own if measured else {}


def _vouched(
    ink: np.ndarray, shade: SymbolColour, distance: float, margin: float, own_inks: dict
) -> tuple[float, float]:
    """A symbol colour's distance and margin, the strip's (``distance``, ``margin``) or, where
    the photo's own inks (``_inks_of_kind``) name the same colour more clearly
    (``COLOUR_MARGIN``), theirs: two references agree on it, one of them fitted to the
    tokens themselves."""
    named, _, own_distance, own_margin = _nearest(ink, own_inks)
    if named != shade or own_margin < max(margin, COLOUR_MARGIN):
        return distance, margin
    return min(distance, own_distance), own_margin


UNHUED_MARGIN = 0.5
"""A symbol colour named narrowly in CIELAB (below ``COLOUR_MARGIN``) is the one its
lightness and chroma alone (hue set aside) name with this margin, if the ink's hue is
not opposed to that colour's (``_unhued_named``).  Measured with a spy on the reader over
the second family's Tripitz photos 0-39 of every condition, 16,378 tokens with a symbol:
52 were named narrowly, 25 rightly and 27 wrongly (24 of those under reflections and
hands).  Lightness and chroma named 9 of the right ones (low light) and 3 of the wrong
ones (low light 302022: light-blue inks gone green-cyan, named white by a hair) rightly
with margins of 0.5-0.9, and 1 right one under a reflection (still uncertain, for the
veil); they named no token's colour wrongly with a margin above 0.35 where its hue
allowed it.  A fingertip's ink is as colourful as light blue, but of the opposite hue
(hands 303031: named light blue, 0.9, hue aside)."""
HUED_CHROMA = 10.0
"""Chroma (CIELAB) above which a symbol colour has a hue of its own."""


def _unhued(lab: np.ndarray) -> np.ndarray:
    """A CIELAB colour's lightness and chroma."""
    return np.array([lab[0], math.hypot(float(lab[1]), float(lab[2]))])


def _unhued_named(ink: np.ndarray, symbols: dict, named: tuple) -> tuple:
    """A token's symbol colour as ``_nearest`` names it in CIELAB (``named``: best, runner-up,
    distance and margin) or, where that margin is narrow, as the ink's lightness and chroma
    alone name it clearly (``UNHUED_MARGIN``), unless its hue lies more than a right angle
    off a hued colour's (``HUED_CHROMA``).  The four symbol colours differ in lightness or
    chroma (light blue, the only one with a hue, by both from white), while dim light's
    colour noise and denoising turn an ink's hue more than its chroma: a light-blue ink
    gone green-cyan stays as colourful as light blue, and as light."""
    shade, shade2, distance, margin = named
    if margin >= COLOUR_MARGIN:
        return named
    plain = {k: _unhued(v) for k, v in symbols.items()}
    unhued, _, _, unhued_margin = _nearest(_unhued(ink), plain)
    ref = symbols[unhued]
    opposed = plain[unhued][1] > HUED_CHROMA and float(ink[1:] @ ref[1:]) <= 0.0
    if unhued_margin < UNHUED_MARGIN or opposed:
        return named
    if unhued == shade:
        return shade, shade2, distance, unhued_margin
    return unhued, shade, float(np.linalg.norm(ink - ref)), unhued_margin


VEIL_SHARE = 0.1
"""The veil over a token is judged on its most veiled tenth (a reflection's edge may
cross it)."""
VEIL_CLEAR = 1.0
"""mm kept clear round the symbol when the veil is judged: its blurred edge mixes ink
with the body."""


def _veil(rgb_window, disc, blob, body_lab, px: float) -> float:
    """How much white light a reflection adds over the token's body, in linear light
    of the paper's: judged in the body's darkest channel, which the body itself hardly
    lights (a yellow token's blue), on the most veiled ``VEIL_SHARE`` of the body."""
    size = 2 * int(math.ceil(VEIL_CLEAR * px)) + 1
    clear = cv2.dilate(blob.astype(np.uint8), np.ones((size, size), np.uint8)) == 0
    keep = disc & clear
    if keep.sum() < 20:
        return 0.0
    body = linear(from_lab(body_lab))
    j = int(np.argmin(body))
    seen = linear(rgb_window[keep][:, j])
    v = (seen - body[j]) / max(1.0 - body[j], 1e-6)
    return max(0.0, float(np.quantile(v, 1.0 - VEIL_SHARE)))


TINT_CHROMA = 5.0
"""Chroma (CIELAB, along the hued symbol colour's hue) from which an ink read as white is
tinted: white ink is the paper's colour, unhued once the photo's colours are corrected."""
TINT_SHARE = 0.15
"""Share of a tinted white ink's core pixels nearest the hued symbol colour from which the
ink may be that colour under a reflection (``_tinted``)."""


def _tinted(core_pixels: np.ndarray, ink: np.ndarray, symbols: dict) -> bool:
    """Whether an ink read as white may be the hued symbol colour (light blue) under a
    reflection's streak: the ink leans towards that hue by ``TINT_CHROMA`` and a share of
    its core's pixels (``TINT_SHARE``), those the streak lifts least, are still nearest it.
    The core (``_inner``) leaves out the symbol's edge, where a blue body blurs into white
    ink as light blue.

    A streak narrower than the token lifts the symbol more than the body's veil
    (``_veil``) tells: Tripitz glare pair 301509 (second family), a light-blue triangle on
    a yellow token read surely as white, its ink 5.8 towards light blue and 29 % of its
    core light blue.  Over the second family's Tripitz photos 0-39 of every condition and
    glare and hands pairs 0-39, no other reading changed but one right token of one hands
    photo (fused: still right and sure); measured on the whole blob, six right white inks
    on blue tokens in dim light were doubted."""
    hued = max(symbols, key=lambda k: math.hypot(float(symbols[k][1]), float(symbols[k][2])))
    towards = symbols[hued][1:] / max(float(np.linalg.norm(symbols[hued][1:])), 1e-6)
    if float(ink[1:] @ towards) < TINT_CHROMA or not len(core_pixels):
        return False
    near = _distances(core_pixels, np.stack(list(symbols.values()))).argmin(axis=1)
    return float((near == list(symbols).index(hued)).mean()) >= TINT_SHARE


def _under_veil(colours: dict, veil: float) -> dict:
    """CIELAB colours as they look under a veil of white light ``veil`` (linear, of the
    paper's light), the paper's whiteness kept."""
    lifted = (linear(from_lab(np.stack(list(colours.values())))) + veil) / (1.0 + veil)
    return dict(zip(colours, to_lab(encoded(lifted), dtype=np.float32), strict=True))
