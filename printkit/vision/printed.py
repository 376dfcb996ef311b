"""The board's own print as a cue that does not depend on colour.

Whatever lies on a cell (a stone, a token, a finger) hides what is printed under it,
whatever the light does to its colour; a bare cell shows its print.  The print is compared
as thin dark strokes: a morphological black-hat of the grey image, which smooth shading
(a domed stone, a shadow) does not pass.  The photo's strokes round each cell are matched
with the strokes of the bare board as the kit prints it (normalised correlation, within a
small search for the fit's error), so that other thin dark strokes — a stone's rim, a
token's own print — fit poorly.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Collection
from dataclasses import replace
from functools import cache

import cv2
import numpy as np

from printkit.games import find_game
from printkit.vision.model import BoardModel
from printkit.vision.stored import stored
from printkit.vision.synth import render_board

__all__ = [
    "STROKE",
    "SEARCH",
    "SIDE_REACH",
    "strokes",
    "printed_strokes",
    "print_fits",
    "print_matches",
    "print_gains",
    "side_fits",
    "printed_near",
    "faded",
    "showing",
    "bare_by_print",
    "spread",
    "neighbours",
    "pitch",
]

STROKE = 1.2
"""Print strokes are thinner than this (mm): a stone's shading is not."""
SEARCH = 2.0
"""How far (mm) from where the fit puts it the print is looked for."""
BLANK = 1e-6
"""A window of the printed strokes varying less than this holds no print."""


def strokes(img: np.ndarray, px_per_mm: float) -> np.ndarray:
    """Thin dark strokes of an RGB image in 0..1 (black-hat of its grey)."""
    grey = cv2.cvtColor(np.ascontiguousarray(img, dtype=np.float32), cv2.COLOR_RGB2GRAY)
    return _black_hat(grey, px_per_mm)


def _black_hat(grey: np.ndarray, px_per_mm: float) -> np.ndarray:
    """The strokes of a grey image thinner than ``STROKE``, in the image's own scale."""
    size = max(3, int(round(STROKE * px_per_mm)) | 1)
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (size, size))
    return cv2.morphologyEx(grey, cv2.MORPH_BLACKHAT, kernel)


_RENDERING = threading.Lock()


def printed_strokes(model: BoardModel) -> np.ndarray:
    """The strokes of the bare board as the kit prints it (``model.printed``: its game's
    ``reader.bare_board``), in the model's rectified frame, as ``strokes`` finds them in a
    photo; rendered once per process.  Safe to start on another thread while the photo is
    read (a second caller waits)."""
    with _RENDERING:
        return _rendered_strokes(model)


@cache
def _rendered_strokes(model: BoardModel) -> np.ndarray:
    """The strokes, rendered once for all processes (``stored``) where the model names
    the layout it was made for."""
    layout = model.extra.get("layout")
    if layout is None:
        return _strokes_of(model)
    key = (model.game, model.variant, model.bounds, model.px_per_mm, layout)
    return stored("strokes", key, lambda: _strokes_of(model))


def _strokes_of(model: BoardModel) -> np.ndarray:
    drawing = find_game(model.game).reader.bare_board(model)
    bare = render_board(drawing, model.bounds, model.px_per_mm)
    grey = cv2.cvtColor(bare, cv2.COLOR_RGB2GRAY)  # in bytes: a fraction of the memory
    return _black_hat(grey, model.px_per_mm).astype(np.float32) / np.float32(255.0)


def print_fits(
    seen: np.ndarray, printed: np.ndarray, centres: np.ndarray, radius: float, px_per_mm: float
) -> np.ndarray:
    """How well the photo's strokes ``seen`` show the print round each centre (rect px):
    the best normalised correlation of the printed strokes within ``radius`` px of it,
    searched ``SEARCH`` mm about; 0 where nothing is printed there."""
    return print_matches(seen, printed, centres, radius, px_per_mm)[0]


def print_matches(
    seen: np.ndarray, printed: np.ndarray, centres: np.ndarray, radius: float, px_per_mm: float
) -> tuple[np.ndarray, np.ndarray]:
    """``print_fits``, and the shift (rect px, x and y) at which each fits best: from where
    the fit puts the print to where the photo shows it (0 where nothing is printed)."""
    r, reach = int(math.ceil(radius)), int(round(SEARCH * px_per_mm))
    pad = r + reach
    seen = cv2.copyMakeBorder(seen, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=0)
    printed = cv2.copyMakeBorder(printed, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=0)
    fits, shifts = np.zeros(len(centres)), np.zeros((len(centres), 2), int)
    for i, (x, y) in enumerate(np.round(centres).astype(int) + pad):
        print_here = printed[y - r : y + r + 1, x - r : x + r + 1]
        if float(print_here.std()) < BLANK:
            continue  # nothing printed here
        around = seen[y - pad : y + pad + 1, x - pad : x + pad + 1]
        match = cv2.matchTemplate(around, print_here, cv2.TM_CCOEFF_NORMED)
        _, fits[i], _, best = cv2.minMaxLoc(match)
        shifts[i] = np.subtract(best, reach)
    return fits, shifts


def print_gains(
    seen: np.ndarray, printed: np.ndarray, centres: np.ndarray, radius: float, shifts: np.ndarray
) -> np.ndarray:
    """How strongly the photo's strokes ``seen`` show the print within ``radius`` px of
    each centre (rect px), looked for ``shifts`` (px) away in the photo: the least-squares
    factor taking the printed strokes to the photo's there (0 where nothing is printed,
    NaN where the photo ends).  A fit is a correlation, blind to how strongly strokes
    show; the gain is not: a finger's edge lying along a printed line fits it with a
    fraction of its contrast."""
    r = int(math.ceil(radius))
    h, w = seen.shape[:2]
    at = np.round(centres).astype(int)
    to = at + shifts
    inside = ((np.minimum(at, to) >= r) & (np.maximum(at, to) < np.array([w, h]) - r)).all(axis=1)
    out = np.full(len(centres), np.nan)
    if not inside.any():
        return out

    def windows(image: np.ndarray, xy: np.ndarray) -> np.ndarray:
        every = np.lib.stride_tricks.sliding_window_view(image, (2 * r + 1, 2 * r + 1))
        return every[xy[:, 1] - r, xy[:, 0] - r]

    shape = windows(printed, at[inside])
    shape = shape - shape.mean(axis=(1, 2), keepdims=True)
    power = (shape * shape).sum(axis=(1, 2))
    there = windows(seen, to[inside])
    gains = (there * shape).sum(axis=(1, 2)) / np.maximum(power, BLANK)
    out[inside] = np.where(power >= BLANK, gains, 0.0)
    return out


SIDE_REACH = 0.3
"""A side's print is compared out to this share of the side's length from its middle: the
line alone, clear of the cell's other sides."""


def side_fits(
    seen: np.ndarray, printed: np.ndarray, outlines: list[np.ndarray], px_per_mm: float
) -> list[np.ndarray]:
    """How well the photo's strokes ``seen`` show each side of each cell (``outlines``:
    its corners in rect px), as ``print_fits`` does round each side's middle: a cell's
    sides one by one, where one straight edge lying along one of them cannot stand for
    the others."""
    middles = [(o + np.roll(o, -1, axis=0)) / 2 for o in outlines]
    lengths = [np.linalg.norm(o - np.roll(o, -1, axis=0), axis=1).mean() for o in outlines]
    return [
        print_fits(seen, printed, m, SIDE_REACH * length, px_per_mm)
        for m, length in zip(middles, lengths, strict=True)
    ]


def printed_near(printed: np.ndarray, centres: np.ndarray, radius: float) -> np.ndarray:
    """Whether anything is printed within ``radius`` px of each centre (rect px): where
    ``print_fits`` has something to fit."""
    r = int(math.ceil(radius))
    printed = cv2.copyMakeBorder(printed, r, r, r, r, cv2.BORDER_CONSTANT, value=0)
    return np.array(
        [
            float(printed[y : y + 2 * r + 1, x : x + 2 * r + 1].std()) >= BLANK
            for x, y in np.round(centres).astype(int)
        ],
        dtype=bool,
    )


def faded(fits: np.ndarray, legible: float, share: float) -> np.ndarray:
    """Which of one photo's ``fits`` (cells read bare, their print or names) fall below
    ``share`` of what a showing print fits (their upper quartile, ``SHOWING``), where that
    shows the photo legible (at least ``legible``); none where it does not: how well print
    shows varies with the photo."""
    typical = showing(fits)
    if typical < legible:
        return np.zeros(len(fits), bool)
    return fits < share * typical


def showing(fits: np.ndarray) -> float:
    """What a print that shows fits in one photo: the ``SHOWING`` quantile of the ``fits``
    of its cells read bare (0 where there are none)."""
    return float(np.quantile(fits, SHOWING)) if len(fits) else 0.0


SHOWING = 0.75
"""The quantile of a photo's print fits over its cells read bare taken as what a print
that shows fits there.  Not their median: a hand or a misjudged colour can put many
tokens and tiles among the cells read empty, and the median then falls to their fits.
Held-out Triominoes hands pair 303556's second photo: 23 of 35 cells read empty fitted
their names 0.07-0.49, the twelve bare ones 0.75-0.87; the median (0.27-0.35) called the
photo illegible and let tile (2,7), 0.26, in plain view, pass as bare.  Tripitz hands
pair 303561's second photo: a hand over 35 cavities put the median at 0.47 (the upper
quartile 0.78), and two tokens under its fingers, fitting 0.31 and 0.33, passed as bare."""


def bare_by_print(
    image: np.ndarray,
    model: BoardModel,
    readings: dict,
    centres: dict,
    radius: float,
    sure: float,
    hidden: tuple[float, float, float] | None = None,
    gone: tuple[float, float] | None = None,
    settled: tuple[Collection, float] | None = None,
    seen: np.ndarray | None = None,
) -> dict:
    """The cells read empty (``model.classes[0]``) whose print (``model.printed``) shows
    clearly round their centre (``centres``: cell → rectified px, every cell; a fit of at
    least ``sure`` within ``radius`` px): sure, and bare whatever the light over them
    (``CellReading.bare``), since whatever lies on a cell hides its print.  With
    ``hidden = (shows, alone, weak)``, the cells read empty whose print fits below
    ``shows``, or below ``alone`` times what a print that shows fits among the cells read
    empty (``showing``: how well bare print shows varies with the photo), are uncertain
    (``print hidden``: something lies over them that shows no colour of its own, a hand),
    and so are those beside them (``spread``) fitting below ``weak`` times that.  With
    ``gone = (legible, share)``, where that is at least ``legible`` (the photo shows their
    print), those fitting below ``share`` times it are uncertain (``name hidden``): a piece
    a reflection washed pale hides the print.  With ``settled = (cells, share)``, those
    ``cells`` whose print fits at least ``share`` times what a print that shows fits are
    sure too: a doubt their colour alone raised (dim light's colour blotches) that their
    print answers as the other bare cells' does.  ``seen``: the photo's ``strokes``, where
    the caller has found them already."""
    empty = [k for k, r in readings.items() if r.label == model.classes[0]]
    if not empty:
        return {}
    px = model.px_per_mm
    at = np.array([centres[k] for k in empty], float)
    seen = strokes(image, px) if seen is None else seen
    fits = print_fits(seen, printed_strokes(model), at, radius, px)
    typical = showing(fits)
    covered = set()
    if hidden is not None:
        shows, alone, weak = hidden
        seeds = set(np.flatnonzero((fits < shows) | (fits < alone * typical)).tolist())
        apart = pitch(np.array(list(centres.values()), float))
        covered = spread(seeds, fits < weak * typical, neighbours(at, apart))
    name_gone = faded(fits, *gone) if gone is not None else np.zeros(len(fits), bool)
    explained, share = settled if settled is not None else ((), 0.0)
    settles = share * typical
    out = {}
    for i, (k, fit) in enumerate(zip(empty, fits, strict=True)):
        if i in covered:
            out[k] = replace(readings[k], uncertain=True, doubt="print hidden")
        elif name_gone[i]:
            out[k] = replace(readings[k], uncertain=True, doubt=readings[k].doubt or "name hidden")
        elif fit >= sure or (k in explained and fit >= settles):
            out[k] = replace(readings[k], uncertain=False, doubt="", bare=True)
    return out


def neighbours(centres: np.ndarray, pitch: float, among: np.ndarray | None = None) -> np.ndarray:
    """Which cells lie beside which: centres (px) within 1.1 ``pitch``, the distance
    between neighbours (a cell is its own neighbour); with ``among``, which of those
    centres lie beside each of ``centres``."""
    others = centres if among is None else among
    return np.linalg.norm(centres[:, None, :] - others[None, :, :], axis=2) <= 1.1 * pitch


def spread(seeds: set[int], weak: np.ndarray, beside: np.ndarray) -> set[int]:
    """The cells a cover over ``seeds`` (cell indices) reaches: those beside a covered one
    (``beside``: which cells lie beside which, as ``neighbours`` gives it) whose print is
    ``weak`` too, as far as they go.  A cover fades out at its edge."""
    covered, grown = set(seeds), set(seeds)
    while grown:
        grown = set(np.flatnonzero(weak & beside[sorted(grown)].any(axis=0)).tolist()) - covered
        covered |= grown
    return covered


def pitch(at: np.ndarray) -> float:
    """The distance between neighbouring cells (``at``: every cell's centre): the median
    of each cell's nearest."""
    apart = np.linalg.norm(at[:, None, :] - at[None, :, :], axis=2)
    np.fill_diagonal(apart, np.inf)
    return float(np.median(apart.min(axis=1)))
