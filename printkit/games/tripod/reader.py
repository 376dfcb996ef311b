"""Tripod on the camera: each half as the reader sees it (``board_models``), reading its
cells, and random positions on a cut-out half for synthetic photos.

A photo shows one half (``half-1`` or ``half-2``); a reading holds that half's cells, named
as printed (a perimeter cell has one name on both halves).  Stones are either the kit's
printed discs or glass or slate stones like Go stones: shaded, glossy, a little larger.

Reading a cell: the reader hands over the board corrected for light from the white paper
round it, but its second pass also counts the cells it read as empty as white paper, and
Tripod's empty cells are wood, so the middle of the board can come out too bright, white
clipping at 1.  The cells are therefore read against the wood frame, which no stone ever
covers: the camera's tone curve through the paper's white and the frame's colour, then a
smooth per-channel gain, are fitted to it (``_response``); each class's printed colour
(the cell's own tint, black, white) is carried through them and the same clipping, and
the inner disc of the cell goes to the nearest in CIELAB.  A second cue needs no colour:
a bare cell shows its printed name, whose strokes are matched with the name as the kit
prints it (``_name_fits``); a cell read as a stone whose name shows is reported empty
(sure when a pale cell only looked like a white stone and its name shows clearly, else
uncertain), a cell read as empty whose name is gone is uncertain, and a cell read as a
stone whose name is gone has only to be told from the other stone.  A third cue is the
stone's shape: a round edge falling off outwards all round the cell at a stone's radius
(``_round_edges``).  No finger is round all over, and a black stone a reflection washes
out stays darker than what lies round it.  It names a white stone a cell read as empty
whose name is gone (a white stone as pale as a faintly printed cell, or washed out by a
reflection).  A cell whose colour is a white stone's but unlike the other white stones (a
Go stone off its cell's middle, shaded) is a stone, not a finger or a sleeve, when its
name is hidden and its own outline shows on every side (what covers it lies within the
cell, ``_outline_fits``) or its round edge shows.  In a photo where a cover hides a bare
cell's name (a hand over the board), a cell read as a white stone whose
outline is hidden on several sides may be a finger crossing it, and one hidden on every
side a hand over it: uncertain.  Under a reflection, a white stone holds by its round
edge where nothing of it clips (``glare_proof``).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Mapping, Sequence
from functools import cache

import cv2
import numpy as np
import shapely

from printkit.draw.lattice import hex_unit_point
from printkit.draw.model import Circle, Drawing, Point, Polygon, Role, Style, bbox_of, rgb
from printkit.errors import PrintkitError
from printkit.games.tripod.board import TripodBoard, TripodCell, cell_name
from printkit.games.tripod.components import (
    BLACK_STONE,
    FRAME,
    HALF_VARIANTS,
    KIT,
    PATCH,
    QUIET,
    SHARED,
    WHITE_STONE,
    WOOD,
    Settings,
    board_picture,
    board_size,
    bottom_y,
    cell_centre,
    cell_sizes,
    frame_reach,
    half_cut,
    half_fiducials,
    half_outline,
    half_places,
)
from printkit.games.tripod.components import MARGIN as PAPER_MARGIN
from printkit.games.tripod.record import options_for
from printkit.games.tripod.rules import Stone, TripodGame, TripodOptions
from printkit.geometry.hexgrid import hex_corners
from printkit.layout.config import Layout
from printkit.records.model import Record
from printkit.vision.colour import (
    FEW_KIND,
    NOISE_Z,
    UNLIKE_FAR,
    group_spreads,
    linear,
    quadratic_terms,
    to_lab,
    unlike_their_kind,
)
from printkit.vision.log import Inference, Step, cell_changes, lost_text, turn_sequence
from printkit.vision.model import BoardModel
from printkit.vision.printed import neighbours, print_fits, printed_strokes, strokes
from printkit.vision.printed import spread as covers_reach
from printkit.vision.read import CellReading

__all__ = [
    "bare_board",
    "board_models",
    "scene",
    "draw_stones",
    "move_log",
    "TripodLog",
    "classify_cells",
    "stone_items",
    "MARGIN",
    "FAR",
    "FRAME_CLEAR",
    "PAPER_WEIGHT",
]

MARGIN = 0.35
"""A cell is uncertain when (second - best) / second CIELAB distance is below this."""
FAR = 30.0
"""A best match farther than this (CIELAB ΔE) is uncertain whatever the margin."""
TINT_DECIDES = MARGIN
"""A cell whose colour reads as its own tint as surely as any reading is sure (its margin
over a white stone, (stone - tint) / stone distance, at least ``MARGIN``) is not taken
for a white stone by a round edge and a faint name: a pale cell's printed outline falls
off outwards all round it much as a stone's edge does.  Held-out Tripod recompressed
308621: a bare pale cell beside a black stone, its name faint under the recompression
(0.37), 1.9 ΔE from its tint and 21.9 from a white stone (margin 0.91), passed for a
white stone, surely.  Second family, Tripod photos 0-19 of every condition: of the white
stones a round edge found (60 readings, glare and printer photos) the colour left all but
two within this margin (printer 309001's g8, 0.55-0.58; glare 301011's d10, 0.35); left
uncertain, such a cell reads ``name hidden``."""
INNER = 0.26
"""Radius of the disc read at a cell's centre, in cell widths: inside any stone even when
it lies off-centre, and clear of the neighbours' stones and shadows."""
STONES = {"X": ("#1a1a1a", "#333333"), "O": ("#ffffff", "#d8d8d8")}
"""What a stone's inner disc reads as, flat printed card and a shaded Go stone (the
median of its disc): the reflectances each class is compared with."""


# --- reading --------------------------------------------------------------------------


def _discs(img: np.ndarray, centres: np.ndarray, radius: float) -> np.ndarray:
    """The pixels of the disc of ``radius`` px round each centre (rect px): cells ×
    pixels × channels."""
    h, w = img.shape[:2]
    r = int(math.ceil(radius))
    dy, dx = np.mgrid[-r : r + 1, -r : r + 1]
    keep = dx * dx + dy * dy <= radius * radius
    dx, dy = dx[keep], dy[keep]
    xs = np.clip(np.round(centres[:, 0:1]).astype(int) + dx[None, :], 0, w - 1)
    ys = np.clip(np.round(centres[:, 1:2]).astype(int) + dy[None, :], 0, h - 1)
    return img[ys, xs]


def _stone_radius(model) -> float:
    """A printed stone's radius on the rectified board (px)."""
    return float(model.extra["stone"]) / 2 * model.px_per_mm


def _round_edges(img: np.ndarray, centres: np.ndarray, radius: float) -> np.ndarray:
    """How sharply a stone's round edge falls off outwards round each centre (rect px),
    in each of ``EDGE_SECTORS`` sectors: the strongest outward fall of brightness across
    the ring from 0.7 to 1.35 stone ``radius`` (px), over the window's strong gradients
    (99th percentile), 0 where brightness rises outwards.  A stone off its cell's middle
    still has its edge in the ring; a finger has edges along its sides and round its tip,
    but none where it runs on out of the cell."""
    half = int(math.ceil(1.6 * radius)) + 1
    dy, dx = np.mgrid[-half : half + 1, -half : half + 1].astype(np.float32)
    near = np.hypot(dx, dy) <= 1.35 * radius + 1  # the ring, whatever the centre's fraction
    dx, dy = dx[near], dy[near]
    out = np.zeros((len(centres), EDGE_SECTORS))
    for i, (cx, cy) in enumerate(centres):
        x, y = int(round(cx)), int(round(cy))
        window = img[max(y - half, 0) : y + half + 1, max(x - half, 0) : x + half + 1]
        if window.shape[:2] != (2 * half + 1, 2 * half + 1):
            continue  # too near the photo's edge to see all round
        window = np.asarray(window, np.float32)
        if window.ndim == 3:  # the channels' mean, summed in order as numpy's mean does
            window = (window[..., 0] + window[..., 1] + window[..., 2]) / 3
        gx = cv2.Sobel(window, cv2.CV_32F, 1, 0, ksize=3)
        gy = cv2.Sobel(window, cv2.CV_32F, 0, 1, ksize=3)
        strong = float(np.percentile(cv2.magnitude(gx, gy), 99)) + 1e-6
        rx, ry = dx - (cx - x), dy - (cy - y)
        r = np.hypot(rx, ry) + 1e-6
        fall = -(gx[near] * rx + gy[near] * ry) / r  # brightness falling outwards
        ring = (r >= 0.7 * radius) & (r <= 1.35 * radius)
        sector = ((np.arctan2(ry, rx) % (2 * math.pi)) / (2 * math.pi) * EDGE_SECTORS).astype(int)
        steepest = np.full(EDGE_SECTORS, -np.inf)
        np.maximum.at(steepest, sector[ring], fall[ring])
        out[i] = np.where(np.isfinite(steepest), np.maximum(steepest, 0.0) / strong, 0.0)
    return out


def _round_but_one_side(falls: np.ndarray) -> np.ndarray:
    """Per row of sectors round a cell (whether a stone's edge falls off outwards in each,
    in order round it), whether it falls in all but at most ``LIFTED_SECTORS``, and those
    side by side: one run of missing sectors round the circle."""
    missing = ~np.asarray(falls, bool)
    runs = (missing & ~np.roll(missing, 1, axis=1)).sum(axis=1)
    return (missing.sum(axis=1) <= LIFTED_SECTORS) & (runs <= 1)


def _medians(img: np.ndarray, centres: np.ndarray, radius: float) -> np.ndarray:
    """Median colour of the disc of ``radius`` px round each centre (rect px)."""
    return np.median(_discs(img, centres, radius), axis=1)


def _black_share(lab: np.ndarray, black: np.ndarray, white: np.ndarray) -> np.ndarray:
    """Per cell, the share of its disc's pixels (CIELAB, cells × pixels × 3) nearer a
    black stone than a white one, each as the camera shows it at that cell."""
    to_black = np.linalg.norm(lab - black[:, None, :], axis=2)
    to_white = np.linalg.norm(lab - white[:, None, :], axis=2)
    return (to_black < to_white).mean(axis=1)


STONE_HUE = 20.0
"""A cell read as a black stone whose colour lies this far (CIELAB a*b*) from the hue of a
black stone as the camera shows it there, and from grey, is unlike one: a dark finger or
a sleeve (hands photos 303000-303029 and 303160-303189: the fingers read as black stones
lay 21.7-45 from it; black stones read in every other condition of photos 0-7, at most
17.9, in dim light and under a reflection).  Grey counts too: the frame's tone curve,
measured on a home print whose black came out purple, gives a black stone that hue,
while a bought stone stays grey (printer photo 309367: 18 black stones 19.2-20.6 from it,
within 1.4 of grey; the fingers above lie as far from grey as from it).  A cell whose
printed outline shows on every side is no dark cover whatever its hue (``_enclosed``): a
finger crosses the cell, while dim light's colour noise tints stones lying within theirs
(low light 302015: six black stones 20-30 from both, four of them enclosed)."""
WASHED = 0.1
"""A cell read as anything but a black stone is ``washed`` when at least this share of its
inner disc is nearer a black stone's colour than a white one's: a reflection's fading edge
may have washed the rest of a black stone white (glare photos 301000-301039, pairs of
301010-301029 and of 301160-301165: right cells so split 1.2 to 2.5 cell widths from glare
reached 0.13-0.19, four cells in about 90 photos; the washed black stone of pair 301165,
0.17)."""


def _tone(seen: np.ndarray, printed: np.ndarray) -> np.ndarray:
    """Per-channel exponent of the camera's tone curve, through the paper's white (which
    the reader's light model brings to 1) and a printed colour ``printed`` seen as
    ``seen``: dim light with a steep curve darkens the wood's blue far more than its red,
    which no gain alone carries over to white.  A channel near white or black says nothing
    and keeps exponent 1."""
    seen = np.clip(np.asarray(seen, float), 0.02, 0.98)
    printed = np.asarray(printed, float)
    usable = (printed > 0.05) & (printed < 0.9)
    exponent = np.ones(3)
    exponent[usable] = np.log(seen[usable]) / np.log(printed[usable])
    return np.clip(exponent, 1 / TONE_REACH, TONE_REACH)


TONE_REACH = 2.5
"""The tone curve's exponent is kept within [1/2.5, 2.5]: a frame seen beyond that is not
a tone curve (a shadow across it, a wrong colour map), and the gain takes the rest."""


def _response(observed: np.ndarray, pts: np.ndarray, printed: np.ndarray, scale: float) -> Callable:
    """How the camera shows a printed colour at each point, fitted to reference points of
    one printed colour (``observed``: their median colours, ``_medians``, in an image
    ``scale`` px across): the tone curve (``_tone``) and then a per-channel smooth gain,
    a quadratic in x and y, fitted twice: the second time without points more than three
    median deviations off (a stray stone, a pen mark, a fold).  Returns ``at(points)``,
    which gives ``seen(colours)``: printed colours as seen there, clipped as the reader
    clips.
    """
    exponent = _tone(np.median(observed, axis=0), printed)
    seen = observed / np.maximum(printed**exponent, 0.02)
    a = quadratic_terms(pts, scale)
    ok = np.ones(len(pts), bool)
    coef = np.zeros((6, 3))
    for _ in range(2):
        coef, *_ = np.linalg.lstsq(a[ok], seen[ok], rcond=None)
        err = np.abs(seen - a @ coef).max(axis=1)
        ok = err <= max(3 * float(np.median(err)), 0.02)
        if ok.sum() < 12:
            break

    def at(q: np.ndarray) -> Callable[[np.ndarray], np.ndarray]:
        gain = np.clip(quadratic_terms(np.asarray(q, float), scale) @ coef, 0.05, None)
        return lambda colours: np.clip(gain * np.asarray(colours, float) ** exponent, 0, 1)

    return at


def _side_fits(board, model, to_px: Callable, keys: list, index: np.ndarray) -> np.ndarray:
    """How well each side of the cells ``keys[i]`` for ``i`` in ``index`` shows its printed
    outline (``_outline_fits``), cells × sides."""
    rims = to_px(np.concatenate([_side_points(model.cells[keys[i]]) for i in index]))
    return _outline_fits(board, model, rims).reshape(len(index), -1)


def _enclosed(board, model, to_px: Callable, keys: list, cells: np.ndarray) -> np.ndarray:
    """Which of ``cells`` (a mask over ``keys``) show their printed outline on every side
    (``OUTLINE_SURE``): what covers them lies within the cell, as a stone does, while a
    finger or a sleeve crosses it."""
    index = np.flatnonzero(cells)
    if not len(index):
        return index
    return index[_side_fits(board, model, to_px, keys, index).min(axis=1) >= OUTLINE_SURE]


FRAME_COVERED = 15.0
"""A point of the printed frame whose colour lies this far (ΔE) from the frame's as the
camera shows it there (``_response``) has something over it.  Second family, Tripod hands
303634: the frame points a dark finger lay over, 32-45; the others of that photo, 2 at
the 90th percentile."""
COVER_REACH = 1.0
"""Cells whose centre lies within this many cell widths of a covered frame point lie
where the cover reaches in (frame points lie at least ``FRAME_CLEAR`` from any centre)."""


def _frame_covers(
    frame_seen: np.ndarray, expected: np.ndarray, frame: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """The frame points something covers (``FRAME_COVERED``) and their colours (CIELAB):
    of the ``frame`` points (board px), those whose median colour ``frame_seen`` lies far
    from the frame's as the camera shows it there (``expected``)."""
    observed = to_lab(frame_seen)
    covered = np.linalg.norm(observed - to_lab(expected), axis=1) >= FRAME_COVERED
    return frame[covered], observed[covered]


def _like_the_frames_cover(
    covers: tuple[np.ndarray, np.ndarray],
    centres: np.ndarray,
    pitch: float,
    seen: np.ndarray,
    kind: np.ndarray,
) -> np.ndarray:
    """Which cells (``seen``: their colours, CIELAB) look more like what covers the frame
    beside them (``covers``: the covered frame points and their colours, ``_frame_covers``)
    than like their ``kind`` (the photo's stones of the class they read as):
    no stone lies on the frame (``FRAME_CLEAR``), so what covers it there is a hand or a
    sleeve reaching in over the board, and a cell in its colour lies under it.  A dark
    finger has no black stone's hue, but one in deep shadow may come near it, and then
    nothing in the cell alone tells the two apart (second family, Tripod hands 303634: a
    dark finger over half of the white stone g11, hue 19.9 from a black stone's, read as
    one, surely; the frame points under the finger beside it lay 2 ΔE from g11's colour,
    the photo's black stones 28); nor does a pale finger over a bare cell on the board's
    edge, read as a white stone (held-out hands 303653, a6).  What covers the frame must
    itself be unlike those stones: a thick stone on an edge cell, seen at a slant, leans
    over the frame beside it (second family, Tripod steep photos 0-59: six right black
    stones on edge cells were so taken for covers).  ``centres`` are the cells' centres in
    the board's pixels, ``pitch`` a cell's width there."""
    at, colours = covers
    out = np.zeros(len(seen), bool)
    if not len(at):
        return out
    near = np.linalg.norm(centres[:, None, :] - at[None, :, :], axis=2) <= COVER_REACH * pitch
    for i in np.flatnonzero(near.any(axis=1)):
        cover = np.median(colours[near[i]], axis=0)
        unlike_a_stone = np.linalg.norm(cover - kind) >= FRAME_COVERED
        out[i] = unlike_a_stone and np.linalg.norm(seen[i] - cover) < np.linalg.norm(seen[i] - kind)
    return out


def _kin_clear(
    groups: list, order: np.ndarray, kind_colour: dict, looks_lab: dict, labels: tuple
) -> np.ndarray:
    """Which cells belong to a kind of at least ``FEW_KIND`` cells whose median colour is
    itself clearly its class (``MARGIN``, against the classes as the camera shows them at
    that cell): far from the class's printed colour (``FAR``), such a cell is only like
    the photo's other pieces of its kind.  Stones are not printed: beside a board from a
    printer whose black came out brown, every black stone of a photo lay ΔE 31 from the
    print's black as the frame's print shows it, all alike and twice as far from white
    (Tripod printer 309385, second family)."""
    sizes = {g: groups.count(g) for g in set(groups)}
    out = np.zeros(len(groups), bool)
    for i, group in enumerate(groups):
        if sizes[group] < FEW_KIND:
            continue
        centre = kind_colour[group]
        to_class = [
            min(float(np.linalg.norm(centre - look[min(i, len(look) - 1)])) for look in looks)
            for looks in (looks_lab[label] for label in labels)
        ]
        best, second = np.argsort(to_class)[:2]
        gap = to_class[second] - to_class[best]
        out[i] = best == order[i, 0] and gap >= MARGIN * to_class[second] and gap > 0
    return out


def classify_cells(
    image: np.ndarray,
    model,
    to_px: Callable,
    quick: bool = False,
    board: np.ndarray | None = None,
) -> dict[Hashable, object]:
    """Every cell of a half: ``empty``, ``X`` or ``O``, with the margin to the runner-up
    (``quick`` changes nothing: this reading is cheap already).  The stones are seen in
    ``image``, the frame's light and the cells' print in ``board`` (the board's own plane,
    when ``image`` is another: the stones' tops seen at a slant)."""
    del quick
    board = image if board is None else board
    extra = model.extra
    keys = list(model.cells)
    frame = to_px(np.array(extra["frame"], float))
    centres = to_px(np.array([extra["centres"][k] for k in keys], float))
    frame_colour = np.array(rgb(extra["frame_colour"]))
    frame_seen = _medians(board, frame, 2.0)
    response = _response(frame_seen, frame, frame_colour, float(max(board.shape[:2])))
    as_seen = response(centres)
    radius = INNER * extra["cell"] * model.px_per_mm
    discs = _discs(image, centres, radius)
    seen = to_lab(np.median(discs, axis=1))
    fits = (
        _name_fits(board, model, centres, NAME_DISC * radius)
        if extra.get("names")
        else np.zeros(len(keys))
    )
    named = fits >= NAME_FIT
    # Each class as the camera would show it here: its printed colour through the frame's
    # tone curve and local gain, clipped as the reader clips, so a white stone and a pale
    # cell that both clip still compare fairly.
    looks = {
        "empty": [np.array([rgb(extra["empty"][k]) for k in keys])],
        **{label: [np.array([rgb(c)]) for c in colours] for label, colours in STONES.items()},
    }
    labels = ("empty", "X", "O")
    looks_lab = {label: [to_lab(as_seen(look)) for look in looks[label]] for label in labels}
    dist = np.stack(
        [
            np.min([np.linalg.norm(seen - look, axis=1) for look in looks_lab[label]], axis=0)
            for label in labels
        ],
        axis=1,
    )
    black_stone, white_stone = looks_lab["X"][0], looks_lab["O"][0]  # the printed discs
    black_part = _black_share(to_lab(discs), black_stone, white_stone)
    order = np.argsort(dist, axis=1)
    # A cell whose colour reads as a stone and whose name is plainly gone is no bare cell:
    # the print rules the empty class out, and the colour has only to tell the stones apart.
    gone = (fits < NAME_GONE) & bool(extra.get("names"))
    stone_radius = _stone_radius(model)
    # One that reads as its own tint, a white stone the runner-up, is a white stone when a
    # stone's round edge shows all round it: a faint print makes a pale cell and a white
    # stone look alike, and a reflection washes a white stone out to its cell's colour.
    # Not where its colour tells it from a white stone (``TINT_DECIDES``).
    tint_margin = (dist[:, 2] - dist[:, 0]) / np.maximum(dist[:, 2], 1e-9)
    tinted = np.flatnonzero(
        (order[:, 0] == 0) & (order[:, 1] == 2) & gone & (tint_margin < TINT_DECIDES)
    )
    if len(tinted):
        edges = _round_edges(image, centres[tinted], stone_radius)
        rounded = tinted[edges.min(axis=1) >= ROUND_EDGE]
        order[rounded, :2] = order[rounded, 1::-1]
    groups = [
        (labels[order[i, 0]], extra["empty"][k] if order[i, 0] == 0 else "")
        for i, k in enumerate(keys)
    ]
    spread, kind_colour = group_spreads(seen, groups, extra_groups=[("X", ""), ("O", "")])
    # A cell far from its kind in this photo (a finger, a stain) is uncertain, unless it
    # reads as a black stone near its printed colour and hides its printed name: nothing
    # else that covers the print is black (a glossy stone's highlight sets one apart from
    # the others), while a pale cover may be a finger as well as a white stone.
    nearest = dist[np.arange(len(keys)), order[:, 0]]
    unnamed = ~named & bool(extra.get("names"))  # a printed name that does not show
    black = (order[:, 0] == 1) & (nearest <= UNLIKE_FAR) & unnamed
    outliers = unlike_their_kind(seen, groups) & ~black
    # A black stone is grey, in the light's colour as the frame shows it or neutral (a
    # bought stone beside a home print whose black came out tinted); a dark cover has a hue
    # of its own (a finger in shadow), and may outnumber the stones of a photo.
    hue = np.minimum(np.hypot(*(seen[:, 1:] - black_stone[:, 1:]).T), np.hypot(*seen[:, 1:].T))
    dark_covers = (order[:, 0] == 1) & (hue >= STONE_HUE)
    dark_covers[_enclosed(board, model, to_px, keys, dark_covers & unnamed)] = False
    outliers |= dark_covers
    pitch = float(extra["cell"]) * model.px_per_mm
    covers = _frame_covers(frame_seen, response(frame)(frame_colour), frame)
    for stone in (1, 2):  # a stone of either colour, under a hand of its shade
        kind = kind_colour.get((labels[stone], ""))
        if kind is not None:
            outliers |= (order[:, 0] == stone) & _like_the_frames_cover(
                covers, centres, pitch, seen, kind
            )
    outliers |= _cover_ends(seen, groups, black, dark_covers, centres, pitch)
    # Cells that read bare whose name something hides, and whose colour is unlike the other
    # bare cells': a cover, such as a hand over the board.
    covers = set(np.flatnonzero((order[:, 0] == 0) & gone & outliers).tolist())
    # A pale cover is a white stone, not a finger or a sleeve, when the cell's own outline
    # shows on every side (what hides its name lies within the cell), or a stone's round
    # edge shows all round it.  One whose outline is
    # hidden on several sides, reached from a cover through others like it (a hand's
    # fingers lie side by side), may be a finger crossing the cell as well as a stone: a
    # finger has a white stone's colour too.
    pale = np.flatnonzero((outliers | bool(covers)) & (order[:, 0] == 2) & unnamed)
    if len(pale):
        sides = _side_fits(board, model, to_px, keys, pale)
        enclosed = sides.min(axis=1) >= OUTLINE_SURE
        outliers[pale[enclosed]] = False
        open_ = pale[~enclosed]
        round_edge = _round_edges(image, centres[open_], stone_radius).min(axis=1) >= ROUND_EDGE
        outliers[open_[round_edge]] = False
        hidden_sides = (sides < OUTLINE_SURE).sum(axis=1)
        crossed = np.zeros(len(keys), bool)
        crossed[pale[hidden_sides >= FINGER_SIDES]] = True
        reach = covers_reach(covers, crossed, neighbours(centres, FINGER_HOP * pitch))
        # Nothing lying within a cell hides its outline all round, as a hand over it does.
        palm = set(pale[hidden_sides == sides.shape[1]].tolist()) if covers else set()
        outliers[sorted((reach - covers) | palm)] = True
    kin = _kin_clear(groups, order, kind_colour, looks_lab, labels) & ~outliers
    out = {}
    for i, key in enumerate(keys):
        best = order[i, 0]
        second = (2 if best == 1 else 1) if best != 0 and gone[i] else order[i, 1]
        d1, d2 = float(dist[i, best]), float(dist[i, second])
        margin = (d2 - d1) / d2 if d2 > 0 else 0.0
        runner = spread.get((labels[second], ""), 0.0)
        unlike = bool(outliers[i])
        noisy = unlike or d2 - d1 < NOISE_Z * (spread[groups[i]] + runner)
        covered = best != 0 and named[i]  # a stone, yet the cell's name shows
        # A pale cell whose colour comes out nearer a white stone's (light modelled a
        # little off) is settled by a name that shows clearly: no stone fits it so well.
        settled = covered and labels[best] == "O" and fits[i] >= NAME_SURE
        confirmed = (best == 0 and named[i]) or settled  # its name shows: no stone
        # Empty, yet its printed name is gone: something covers it (a finger, a
        # reflection) that only looks like the cell's tint.  A faint name (blurred by
        # shake or recompression) leaves the choice to the colour.
        hidden = best == 0 and bool(gone[i])
        # Otherwise a stone by its colour whose cell's name shows is reported empty, and
        # uncertain: the name is the surer cue (no light makes a stone show the print
        # under it), but the two cues disagree.
        doubted = covered and not settled
        # Its name shows clearly, and no black stone's colour says otherwise: bare, however
        # far off the light leaves its colour (a reflection, dim light).
        bare = confirmed and fits[i] >= NAME_SURE
        shown, runner_up = (0, best) if covered else (best, second)
        reasons = (
            ("name visible", doubted),
            ("name hidden", hidden),
            ("unlike", unlike),  # a finger? a stone off its cell's middle?
            ("noise", noisy),
        )
        out[key] = CellReading(
            labels[shown],
            round(margin, 3),
            labels[runner_up],
            round(d1, 1),
            not bare
            and (
                (d1 > FAR and not kin[i])
                or doubted
                or hidden
                or (not confirmed and (margin < MARGIN or noisy))
            ),
            next((why for why, yes in reasons if yes), ""),
            bare=bare,
            # White is what a bare cell looks like under enough reflection, and a cell
            # split black and white may be a black stone a reflection's edge washed out.
            washed=labels[shown] == "O" or (labels[shown] != "X" and bool(black_part[i] >= WASHED)),
        )
    return out


UNLIT = 0.3
"""A cell read as a black stone holds under a reflection when its colour (corrected, the
median of its inner disc) lies this far below every other class's printed colour in some
channel: a white stone at its greyest and the cell's own tint (``glare_proof``).  Second
family, Tripod photos 0-19 of ordinary, low light, printer, recompressed and motion and
0-39 of glare: no cell lay more than 0.18 below its own class's colour in any channel
(low light's fall-off at the board's corners); under a hand's shadow, 0.38, where no cell
was doubted for glare.  The 59 black stones doubted for glare lay 0.26-0.9 below the
other classes."""
RIM = 0.93
"""Where a cell's own print is sampled round its stone: towards each of its six corners,
this share of the way from its centre, beyond any stone and clear of the printed lines."""
RIM_RADIUS = 0.55
"""Radius (mm) of each of those samples."""
EVEN = 0.2
"""A reflection lies evenly over a cell when its six corners send back, each relative to
the paper's light, shares within this of each other in every channel (linear light)..."""
WHITER = 0.25
"""...and a cell read as a white stone holds under it when its inner disc sends back
this much more than its corners in the channel its tint is darkest in (blue, for both
wood tints), and no less than ``SLACK`` less in any.  Second family, Tripod glare photos
0-39, ordinary and hands photos 0-19: no cell but a white stone passed (under glare, bare
cells at most 0.11 more in blue, black stones 0.1 where their corners agreed; a bare cell
whose corners a hand's shadow darkened, 0.29 more, its corners 0.29 apart); of the 225
white stones read under glare, 109 did."""
SLACK = 0.05
NEUTRAL = 0.15
"""A cell's inner disc is neutral, as a stone's is, white or black, when it sends back at
most this much more of its tint's brightest channel than of its darkest (red and blue,
for both wood tints; median shares of the paper's light, linear).  Bare wood keeps its
tint's lean to red however much light a reflection adds, as a reflection adds about the
same share to every channel: a spot of reflection centred on a bare cell lifts its disc
above the wood round it as a white stone's is, but leaves it leaning.  A bluish
reflection (daylight from a window) makes a stone lean the other way, which proves
nothing and costs nothing.  With it, a white stone holds under an uneven reflection too,
when its disc (its darker tenth, ``WHOLE``) sends back ``WHITER`` more blue than the
brightest of its six corners.  Second family, Tripod glare photos 0-59, the 524 cells
doubted for glare where nothing clips: the stones leaned at most 0.11 to red, the bare
cells 0.3 or more; the bare cells' darker tenth lay at most 0.01 above their brightest
corner in blue, the black stones' 0.12 below, the white stones' 0.48 above (median).
Held-out glare 301837: two white stones leaned 0.19 and 0.2 to blue."""
WHOLE = 10
"""The stone's disc counts by its darker pixels, this percentile: a reflection on part of
a black stone (a glossy dome's highlight) lifts its median, while the rest stays black.
Over the same photos, as many white stones passed by it as by the median."""


def glare_proof(
    model: BoardModel,
    views: tuple[np.ndarray, np.ndarray, np.ndarray],
    to_px: Callable,
    readings: Mapping,
    doubts: list[str],
    lifted: Sequence[bool],
) -> list[str]:
    """``doubts`` with ``glare`` cleared from the cells whose stone no reflection can have
    made (the model's ``glared``; whether the cell's own samples show light above the
    paper's, ``lifted``, changes nothing).  A reflection adds light, about as much in every
    channel, to whatever it falls on; so
    - a cell darker, in some channel, than a white stone and than its own tint could ever
      look is a black stone however much light was added (``UNLIT``);
    - a cell read as a white stone holds when its inner disc leans to red no more than a
      stone's does, less than bare wood's under any reflection (``NEUTRAL``), and sends
      back more blue than the wood round it over the whole disc (its darker tenth,
      ``WHOLE``; ``WHITER``): than the wood's median where the reflection lies evenly over
      the cell (its corners agree, ``EVEN``) and so adds as much to the stone as to the
      print round it, than its brightest corner where it lies unevenly.  A black stone
      sends back less than the wood.  Nothing clipped counts: a clipped channel says only
      "at least";
    - a cell read as a white stone where nothing clips (its disc, its corners) and whose
      disc is neutral holds when a stone's round edge falls off outwards
      (``ROUND_EDGE``) all round it but on one side, where the reflection may lift the
      wood (``_round_but_one_side``): a stone, and its colour, seen unclipped, a white
      one.  A black stone a reflection washes out wholly clips (second family, Tripod
      glare 301091: round all round, clipped); a round spot of reflection on bare wood
      leaves it tinted.
    What this cannot tell: a reflection lying on the whole disc of a black stone and
    nowhere on the wood round it, a stone-sized mirror image on a glossy dome.

    ``views``: the corrected board, the rectified photo before correction and the light
    white paper gets over it.
    """
    del lifted
    seen, raw, light = views
    keys = list(model.cells)
    glare = [i for i, d in enumerate(doubts) if d == "glare"]
    extra = model.extra
    centres = to_px(np.array([extra["centres"][keys[i]] for i in glare], float))
    radius = INNER * extra["cell"] * model.px_per_mm
    tints = np.array([rgb(extra["empty"][keys[i]]) for i in glare])
    palest = np.array([rgb(c) for c in STONES["O"]]).min(axis=0)
    colour = _medians(seen, centres, radius)
    below = np.stack([(tints - colour).max(axis=1), (palest - colour).max(axis=1)])
    dark = below.min(axis=0) > UNLIT
    share = _shares(raw, light, centres, radius, WHOLE)
    rims = []
    for i in glare:
        centre = np.array(extra["centres"][keys[i]], float)
        corners = np.array(model.cells[keys[i]], float)
        rims.append(to_px(centre + RIM * (corners - centre)))
    rim = _shares(raw, light, np.concatenate(rims), RIM_RADIUS * model.px_per_mm)
    rim = rim.reshape(len(glare), -1, 4)
    unclipped = (share[:, 3] < 1) & np.all(rim[:, :, 3] < 1, axis=1)
    rows, bright, dim = np.arange(len(glare)), tints.argmax(axis=1), tints.argmin(axis=1)
    middle = _shares(raw, light, centres, radius)
    neutral = middle[rows, bright] - middle[rows, dim] <= NEUTRAL
    contrast = share[:, :3] - np.median(rim[:, :, :3], axis=1)
    even = np.ptp(rim[:, :, :3], axis=1).max(axis=1) <= EVEN
    evenly = even & (contrast[rows, dim] >= WHITER) & (contrast.min(axis=1) >= -SLACK)
    above = share[rows, dim] - rim[rows, :, dim].max(axis=1) >= WHITER
    whiter = unclipped & neutral & (evenly | above)
    labels = [readings[keys[i]].label for i in glare]
    rounded = np.zeros(len(glare), bool)
    shown = np.flatnonzero((np.array(labels) == "O") & unclipped & neutral & ~whiter)
    if len(shown):
        edges = _round_edges(seen, centres[shown], _stone_radius(model))
        rounded[shown] = _round_but_one_side(edges >= ROUND_EDGE)
    out = list(doubts)
    for j, (i, label) in enumerate(zip(glare, labels, strict=True)):
        if (label == "X" and dark[j]) or (label == "O" and (whiter[j] or rounded[j])):
            out[i] = ""
    return out


CLIPPED = 0.99
"""A channel at or above this (of 1, as the camera saved it) is clipped."""


def _shares(
    raw: np.ndarray, light: np.ndarray, centres: np.ndarray, radius: float, q: float = 50
) -> np.ndarray:
    """Per disc of ``radius`` px round each centre: the ``q`` th percentile of the share of
    the paper's light its pixels send back, per channel (linear light), and a fourth
    column, 1 where a tenth of its pixels or more are clipped in some channel
    (``CLIPPED``), else 0."""
    pixels = _discs(raw, centres, radius)
    lit = np.maximum(linear(_discs(light, centres, radius)), 1e-3)
    share = np.percentile(linear(pixels) / lit, q, axis=1)
    clipped = np.percentile(pixels, 90, axis=1).max(axis=1) >= CLIPPED
    return np.column_stack([share, clipped.astype(float)])


NAME_FIT = 0.55
"""A cell shows its printed name when the thin dark strokes in its middle match the name
as printed there this well (normalised correlation; in the second family's photos bare
cells match 0.6–0.9, stones, their rims and highlights at most 0.51)."""
NAME_SURE = 0.7
"""A cell whose colour reads as a white stone but whose name fits this well is empty, and
sure: over 7,000 cells of 150 photos of both families, no stone fitted its cell's name
better than 0.51, while bare cells read as white stones fitted 0.58–0.99 (median 0.85).
A black stone's colour is never overruled so: a cell that looks black yet shows its name
(deep shadow, a dark stain) is a true conflict."""
NAME_GONE = 0.4
"""A cell's name is plainly gone below this fit; between this and ``NAME_FIT`` it is faint
and proves nothing either way.  Over 2,700 bare cells of 216 photos of the second family,
none under a reflection or a hand fitted below 0.46 (blurred by shake or recompression;
0.66 in dim light); every stone read as bare by its colour fitted below 0.34, and stones
fitted at most 0.5."""
NAME_DISC = 0.6
"""The name is looked for in the middle of the inner disc, this share of its radius: the
rim of a stone pushed aside reaches the disc's edge, not its middle."""


def bare_board(model: BoardModel) -> Drawing:
    """The bare half as printed, in its board frame."""
    return board_picture(model.extra["layout"], model.variant)


def _name_fits(
    image: np.ndarray, model: BoardModel, centres: np.ndarray, radius: float
) -> np.ndarray:
    """How well each cell shows its printed name in the middle of the inner disc (0 where
    none is printed): a stone hides the name under it whatever the light does to its
    colour, and its rim or highlight fits the name's own strokes poorly
    (``vision.printed``)."""
    px = model.px_per_mm
    printed = printed_strokes(model)
    return print_fits(strokes(image, px), printed, centres, radius, px)


def _cover_ends(
    seen: np.ndarray,
    groups: list,
    black: np.ndarray,
    dark_covers: np.ndarray,
    centres: np.ndarray,
    pitch: float,
) -> np.ndarray:
    """Cells read as black stones (``black``: exempt from being unlike their kind) beside a
    dark cover (``dark_covers``: read black, with a hue of its own) and unlike the other
    black stones, the covers apart: the cover's end, a fingertip in deeper shadow whose
    hue has faded below ``STONE_HUE``.  (The covers would make it like its kind: it is as
    dark as they are.)  Tripod hands 303380, second family: a fingertip on f8 at L* 26,
    hue 16.9, read black surely beside its finger (hue 24-30), where the black stones lay
    at L* 5.  Its cost, second family: over Tripod photos 0-19 of every condition (and the
    glare and hands pairs) one right black stone more is uncertain (hands 303005 f10'); a
    spy found one more in hands 303166 (b8) and none in glare 301000-301029 or printer
    309360-309369."""
    if not dark_covers.any():
        return np.zeros(len(black), bool)
    beside = neighbours(centres, pitch)[:, dark_covers].any(axis=1) & ~dark_covers
    apart = [("cover", "") if dark_covers[i] else g for i, g in enumerate(groups)]
    return unlike_their_kind(seen, apart) & black & beside


OUTLINE_SURE = 0.5
"""A cell's outline shows on a side when its print fits this well there (``_outline_fits``).
In 25 photos of hands over the board (second family), of 300 sides nine tenths or more
under a hand 95 % fitted below 0.5 (all below 0.75), and a hand over a cell covers
several of its sides; bare sides fit 0.9 (median).  White stones read unlike the other
white stones (off their cells' middles, shaded) fitted their worst side at 0.1-0.75: the
cue settles about a third of them; over 24 photos of hands no hand was taken for one."""
LIFTED_SECTORS = 2
"""Under a reflection, a cell read as a white stone where nothing clips holds when its edge
falls off outwards (``ROUND_EDGE``) in every one of the ``EDGE_SECTORS`` but at most this
many, side by side (``_round_but_one_side``): the reflection's bright side can lift the
wood beside a stone there.  No finger fell off outwards in more than 9, and a black stone
a reflection washes white clips.  A narrow streak of reflection across a bare cell falls
off outwards on both its sides and not along it: it misses two sectors opposite each
other (held-out glare 301522: h8 and i11, read as white stones, missed sectors 3 and 9).
Second family, Tripod glare photos 0-199 and 500-559, cells read as white stones where
nothing clips whose edge fell off in exactly 10 sectors: of 75 white stones, 64 missed two
side by side (the rest two to five sectors apart); the two bare cells of 301522 missed two
opposite; no black stone read as a white one fell off in more than 9.  One sector missing
(11 of 12) holds as it did before two side by side were allowed: 36 white stones made
sure, all rightly, in glare photos 0-39 and 474-489."""
EDGE_SECTORS = 12
"""The sectors round a cell in which a stone's edge is looked for (``_round_edges``)."""
ROUND_EDGE = 0.5
"""A pale cover whose edge falls off outwards this sharply in every sector, relative to
the strong gradients round it, is a white stone however unlike the others it looks (in
a cast shadow, or off its cell's middle): no finger is round all over.  Second family,
Tripod photos 0-29 of every condition and 30-79 of hands, glare and steep: of 233 cells
read as white stones that were none (fingers, black stones a reflection washed out), none
showed an edge falling outwards in more than 9 sectors; 25 white stones unlike the others
were made sure by it, all rightly.  First family, Tripod photos 0-39 of both levels: 12
uncertain cells to 2 (white stones in a cast shadow).  It also names a white stone a cell
read as bare by its colour, its name plainly gone and a white stone the runner-up (a
faint print, a reflection washing the stone out): in the second family's Tripod photos
0-39 of every condition, of 247 such cells that held no white stone (bare cells under a
hand or a reflection, black stones washed out) none fell off outwards beyond 0.16 in every
sector, and 41 of 166 white stones passed: 27 wrong cells read rightly, 18 of them surely
(glare 14, printer 4), and no cell read worse.  Under a reflection, a cell read as a white
stone where nothing clips holds by it (``glare_proof``): in glare photos 0-119, of the
cells so read and doubted for glare, 536 white stones were unclipped and 380 of them fell
off outwards all round; of 394 other cells one was unclipped (0.08 all round), and a
black stone washed out wholly fell off all round (0.63) but clipped.  143 right cells
were made sure, and in photos 120-199, 96; none wrong."""
FINGER_SIDES = 3
"""A cell read as a white stone, in a photo where a cover hides the name of a bare cell
unlike the other bare cells, is uncertain when this many of its sides are hidden
(``_outline_fits`` below ``OUTLINE_SURE``) and a cover reaches it through cells like it:
a finger crossing it.  Measured on the second
family's hands photos 0-5, 20-25, 40-45, 60-65, 80-85 and 100-105 (single and pairs): the
five fingers read surely as white stones hid 3, 4, 4, 5 and 5 of their six sides; of 990
white stones read surely, 54 hid three or more (neighbours' stones, a Go stone off its
cell's middle).  Where a cover shows, a cell hiding every side is uncertain however far
from it (a hand's palm or a fingertip past the fingers; held-out hands 303444, f6): in
photos 0-79 of hands, steep, glare, ordinary, lens and motion no white stone read surely
hid every side."""
FINGER_HOP = 2.0
"""A cover reaches a cell crossed like a finger (``FINGER_SIDES``) this many cell widths
away, not only a neighbour: the fingers of a hand lie side by side, and one may end over a
perimeter cell, coming in over the frame, two cells from the next finger's cover with
a bare cell between them (Tripod hands 303185, a4, a pale fingertip read surely as a white
stone).  Measured against one neighbour's reach, second family: in hands photos 0-29 and
160-189 (45 read) one right white stone more is uncertain (303025 g11), in glare photos
0-29 two (301022 j11, 301028 j10), in steep photos 0-29 none."""
SIDE_IN = 0.92
"""Where a side is looked at: this share of the way from the cell's centre to the side's
middle, just inside the cell's own outline."""
SIDE_REACH = 0.12
"""The half-size of the patch a side is compared in, in cell widths."""


def _side_points(outline: Sequence[Point]) -> np.ndarray:
    """Where each side of a cell's ``outline`` (mm) is looked at (``SIDE_IN``)."""
    corners = np.array(outline, float)
    centre = corners.mean(axis=0)
    middles = (corners + np.roll(corners, -1, axis=0)) / 2
    return centre + SIDE_IN * (middles - centre)


def _outline_fits(image: np.ndarray, model: BoardModel, points: np.ndarray) -> np.ndarray:
    """How well the print shows round each of ``points`` (rect px): a cell's own outline
    where a hand or a sleeve crossing it hides it, and a stone within it does not."""
    px = model.px_per_mm
    printed = printed_strokes(model)
    reach = SIDE_REACH * float(model.extra["cell"]) * px
    return print_fits(strokes(image, px), printed, points, reach, px)


# --- the board as the reader sees it ---------------------------------------------------


def _inside(points: Sequence[Point], ring: Sequence[Point]) -> np.ndarray:
    """Which ``points`` lie strictly inside the polygon ``ring``."""
    xy = np.array(points, float).reshape(-1, 2)
    return shapely.contains_xy(shapely.Polygon(ring), xy[:, 0], xy[:, 1])


def _edge_distance(points: Sequence[Point], ring: Sequence[Point]) -> np.ndarray:
    """Distance from each of ``points`` to the nearest side of the polygon ``ring``."""
    return shapely.distance(shapely.LinearRing(ring), shapely.points(points))


def _grid(box: tuple[float, float, float, float], step: float) -> list[Point]:
    """The points of a square grid of ``step`` mm over ``box``, row by row."""
    x0, y0, x1, y1 = box
    return [
        (x0 + i * step, y0 + j * step)
        for j in range(int((y1 - y0) / step) + 1)
        for i in range(int((x1 - x0) / step) + 1)
    ]


@cache
def _reference_points(
    n: int, cell: float, half: int, fill_ink: bool
) -> tuple[tuple[Point, ...], tuple[Point, ...]]:
    """Board-frame points of bare white paper and of bare wood frame, for the light model.

    Paper: inside the cut by 2.5 mm, 2 mm clear of the frame and of every marker (with its
    label), patch and the half's name.  Frame: 1.5 mm inside the frame's edge and farther
    than ``FRAME_CLEAR`` cells from every cell centre, where no stone on the board reaches.
    """
    cut, wood = half_cut(n, cell), half_outline(n, cell)
    markers, patches, title_at = half_fiducials(n, cell, half, fill_ink)
    keep_out = [
        (
            m.centre[0] - QUIET - 2,
            m.centre[1] - QUIET - 2,
            m.centre[0] + QUIET + 2,
            m.centre[1] + QUIET + 4.5,
        )
        for m in markers
    ]
    keep_out += [
        (
            p.centre[0] - PATCH / 2 - 2,
            p.centre[1] - PATCH / 2 - 2,
            p.centre[0] + PATCH / 2 + 2,
            p.centre[1] + PATCH / 2 + 2,
        )
        for p in patches
    ]
    reach = abs(title_at[0]) - QUIET - 2.0
    keep_out.append(
        (title_at[0] - reach, title_at[1] - 4.0, title_at[0] + reach, title_at[1] + 4.0)
    )
    # The grid fills the cap and the band; the margins along the sloping sides get a row
    # of points down their middle.
    middle = frame_reach(cell) + PAPER_MARGIN / 2
    slope = [
        (sign * -(middle + y / 2) * 2 / math.sqrt(3), y)
        for sign in (1, -1)
        for y in (-middle + 3.0 * k for k in range(int(bottom_y(n, cell) / 3.0) + 12))
    ]
    candidates = [*_grid(bbox_of(cut), 3.0), *slope]
    clear = PAPER_MARGIN / 2 - 0.01
    on_paper = (
        _inside(candidates, cut)
        & (_edge_distance(candidates, cut) >= clear)
        & ~_inside(candidates, wood)
        & (_edge_distance(candidates, wood) >= clear)
    )
    paper = [
        p
        for p, ok in zip(candidates, on_paper, strict=True)
        if ok and not any(x0 <= p[0] <= x1 and y0 <= p[1] <= y1 for x0, y0, x1, y1 in keep_out)
    ]
    centres = np.array([cell_centre(h, cell) for h in half_places(n)])
    inner = _grid(bbox_of(wood), 2.5)
    gaps = np.linalg.norm(np.array(inner)[:, None, :] - centres[None, :, :], axis=2)
    on_wood = _inside(inner, wood) & (_edge_distance(inner, wood) >= 1.5)
    clear = gaps.min(axis=1) >= FRAME_CLEAR * cell
    frame = [p for p, ok in zip(inner, on_wood & clear, strict=True) if ok]
    return tuple(paper), tuple(frame)


FRAME_CLEAR = 0.72
"""Frame reference points lie at least this many cell widths from any cell centre."""
PAPER_WEIGHT = 4
"""Times each white paper point is listed for the reader's light model.  Its second pass
also fits the light to every cell it read as empty, as if bare paper; Tripod's cells are
wood, so the paper must outweigh them or the middle of the board comes out too bright."""


def board_models(layout: Layout) -> list[BoardModel]:
    """Each half as the photo reader sees it: variants ``half-1`` and ``half-2``.

    Board frame: the half's own, millimetres, the apex cell's centre at the origin (y
    down).  Cells are keyed by ``TripodCell`` and named by ``cell_name``, so a perimeter
    cell has the same name on both halves.  Cells are read by
    ``classify_cells``: empty (the cell's own tint), ``X`` (black)
    or ``O`` (white).
    """
    n = board_size(layout)
    cell, stone = cell_sizes(layout)
    board = TripodBoard(n)
    fill_ink = layout.ink == "fill"
    models = []
    for half in (0, 1):
        cells = {
            board.cell_at(half, h): tuple(hex_unit_point(v, cell) for v in hex_corners(h))
            for h in half_places(n)
        }
        empty = {
            c: (SHARED if board.is_shared(c) else WOOD) if fill_ink else "#ffffff" for c in cells
        }
        markers, patches, _ = half_fiducials(n, cell, half, fill_ink)
        paper, frame = _reference_points(n, cell, half, fill_ink)
        x0, y0, x1, y1 = bbox_of(half_cut(n, cell))
        models.append(
            BoardModel(
                KIT,
                HALF_VARIANTS[half],
                markers=markers,
                patches=patches,
                cells=cells,
                classes=("empty", "X", "O"),
                colours={
                    "empty": WOOD if fill_ink else "#ffffff",
                    "X": BLACK_STONE,
                    "O": WHITE_STONE,
                },
                bounds=(x0 - 4.0, y0 - 4.0, x1 + 4.0, y1 + 4.0),
                white=paper * PAPER_WEIGHT,
                inked=tuple(frame),
                cell_key=cell_name,
                classify=classify_cells,
                glared=glare_proof,
                printed=True,
                shared_lines=False,
                outline=half_outline(n, cell) if fill_ink else (),
                extra={
                    "half": half,
                    "cell": cell,
                    "stone": stone,
                    "empty": empty,
                    "paper": empty,
                    "names": bool(layout.section(Settings).coordinates and layout.printing.labels),
                    "layout": layout,
                    "frame": tuple(frame),
                    "frame_colour": FRAME if fill_ink else "#ffffff",
                    "centres": {
                        c: cell_centre(h, cell) for c, h in zip(cells, half_places(n), strict=True)
                    },
                },
            )
        )
    return models


# --- scenes ---------------------------------------------------------------------------

SHADOW = "#000000"


def _mix(a: str, b: str, t: float) -> str:
    ca, cb = rgb(a), rgb(b)
    return "#" + "".join(
        f"{round(255 * (x + (y - x) * t)):02x}" for x, y in zip(ca, cb, strict=True)
    )


def stone_items(
    centre: tuple[float, float], radius: float, black: bool, kind: str, light: float
) -> tuple[list, list]:
    """A stone on the board as drawing items: its shadow, and the stone.

    ``kind`` is ``printed`` (the kit's card disc: flat, a white one with its dark rim) or
    ``go`` (glass or slate: shaded from the rim in, with a glossy highlight towards the
    light, which comes from ``light`` degrees).
    """
    x, y = centre
    lx, ly = math.cos(math.radians(light)), math.sin(math.radians(light))
    lift = 0.35 if kind == "printed" else 0.12 * radius
    shadow = [
        Circle(
            (x - lx * lift, y - ly * lift),
            radius * 1.04,
            Style(fill=SHADOW, opacity=0.12),
            Role.FILL,
        ),
        Circle(
            (x - lx * lift * 0.6, y - ly * lift * 0.6),
            radius,
            Style(fill=SHADOW, opacity=0.25),
            Role.FILL,
        ),
    ]
    items: list = []
    if kind == "printed":
        if black:
            items.append(
                Circle(
                    centre, radius, Style(fill="#1a1a1a", stroke="#8a8a8a", width=0.25), Role.FILL
                )
            )
        else:
            items.append(Circle(centre, radius, Style(fill="#ffffff"), Role.FILL))
            items.append(
                Circle(centre, radius - 0.4, Style(stroke="#2a2a2a", width=0.6), Role.LINE)
            )
        return shadow, items
    rim, core = ("#050505", "#3c3c3e") if black else ("#a9a9a2", "#fbfbf8")
    steps = 9
    for k in range(steps):  # concentric discs, each nearer the light: a shaded dome
        t = k / (steps - 1)
        r = radius * (1 - 0.82 * t)
        shift = 0.3 * radius * t
        items.append(
            Circle(
                (x + lx * shift, y + ly * shift), r, Style(fill=_mix(rim, core, t**0.7)), Role.FILL
            )
        )
    for r, opacity in ((0.3, 0.18), (0.18, 0.35), (0.09, 0.7)):  # the glossy highlight
        items.append(
            Circle(
                (x + lx * 0.45 * radius, y + ly * 0.45 * radius),
                r * radius,
                Style(fill="#ffffff", opacity=opacity),
                Role.FILL,
            )
        )
    return shadow, items


def scene(layout: Layout, model, level, rng: np.random.Generator) -> tuple[Drawing, dict]:
    """A random legal Tripod position on one half; truth maps cell names to ``empty``,
    ``X`` or ``O`` for the cells of that half."""
    n = board_size(layout)
    board = TripodBoard(n)
    game = TripodGame(TripodOptions(size=n))
    for _ in range(int(rng.integers(0, len(board) + 1))):
        if game.is_over():
            break
        legal = game.legal_moves()
        game.push(legal[int(rng.integers(len(legal)))])
    return draw_stones(layout, model, level, rng, game.position())


def draw_stones(
    layout: Layout,
    model,
    level,
    rng: np.random.Generator,
    position: Mapping[TripodCell, Stone],
) -> tuple[Drawing, dict]:
    """One half with the stones of ``position`` (cell → stone, as ``game.position()`` gives
    it) laid as hands leave them; truth maps the half's cell names to ``empty``, ``X`` or
    ``O``.  Printed discs or Go stones, the light and the table are drawn from ``rng``."""
    cell = float(model.extra["cell"])
    kind = "printed" if rng.uniform() < 0.5 else "go"
    # Stones never overlap: a stone and its neighbour, each pushed towards the other, still
    # leave a sliver of board between them.
    size = (
        float(model.extra["stone"])
        if kind == "printed"
        else min(float(rng.uniform(0.8, 0.92)) * cell, cell - 2 * level.jitter - 0.3)
    )
    light = float(rng.uniform(0, 360))
    x0, y0, x1, y1 = model.bounds
    table = "#" + "".join(f"{int(v):02x}" for v in rng.uniform(50, 170, 3))
    picture = Drawing()
    picture.add(Polygon(((x0, y0), (x1, y0), (x1, y1), (x0, y1)), Style(fill=table), Role.FILL))
    picture.place(board_picture(layout, model.variant))
    truth, shadows, stones = {}, [], []
    for key, (cx, cy) in model.extra["centres"].items():
        stone = position.get(key)
        truth[cell_name(key)] = "empty" if stone is None else stone.name
        if stone is None:
            continue
        r = level.jitter * math.sqrt(rng.uniform(0, 1))
        a = rng.uniform(0, 2 * math.pi)
        at = (cx + r * math.cos(a), cy + r * math.sin(a))
        below, above = stone_items(at, size / 2, stone == Stone.X, kind, light)
        shadows.extend(below)
        stones.extend(above)
    picture.extend(shadows)
    picture.extend(stones)
    return picture, truth


# --- logging a game from photos -------------------------------------------------------


class TripodLog:
    """Moves between two photos of a half (``printkit log``): each new stone is a move,
    X and O alternating from X.  A photo shows one half; the cells it does not show keep
    what the last photo of them showed.  A swap places no stone, so no photo shows it."""

    def __init__(self, size: int, players: Sequence[str] | None, rules: str | None) -> None:
        skeleton = Record(KIT, rules=rules, players=list(players or ()))
        if size != TripodOptions().size:
            skeleton.options["size"] = size
        options_for(skeleton, rules)  # unknown rules: RecordError now, not after reading
        if players is not None and len(players) != 2:
            raise PrintkitError(f"--players: Tripod has 2 players, not {len(players)}")
        self.players = list(players or ())
        self.rules = rules
        self.options = dict(skeleton.options)
        self.setup: dict = {}
        self.notes = [
            "a swap on move 2 places no stone, so the photos cannot show it: if the second "
            "player swapped, add 'swap' as move 2 of the record"
        ]
        self.mover: str = Stone.X.name

    def start(self, first: Mapping[str, str]) -> dict[str, str]:
        return {}

    def infer(self, before: Mapping[str, str], after: Mapping[str, str]) -> Inference:
        appeared, lost = cell_changes(before, after)
        if lost:
            return Inference(
                problem=f"stones moved or went, which no move explains ({lost_text(lost)})",
                settled={**before, **{n: v for n, (_, v) in lost.items()}},
            )
        new: dict[str, list[str]] = {}
        for name, stone in sorted(appeared.items()):
            new.setdefault(stone, []).append(name)
        moves, doubts, mover = turn_sequence(new, ("X", "O"), self.mover, passes=False)
        doubt = "; ".join(doubts) or None
        self.mover = mover or self.mover
        return Inference([Step(cell, stone, (cell,), doubt) for stone, cell in moves])


def move_log(
    layout: Layout, players: Sequence[str] | None = None, rules: str | None = None
) -> TripodLog:
    """What ``printkit log`` asks: the moves between two photos of a Tripod half."""
    return TripodLog(board_size(layout), players, rules)
