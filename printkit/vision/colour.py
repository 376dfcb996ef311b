"""Colour arithmetic the photo reader and each game's classifier share."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache

import cv2
import numpy as np

__all__ = [
    "prepare_lab",
    "lab_prepared_beside",
    "to_lab",
    "from_lab",
    "nearest_colour",
    "lightness",
    "linear",
    "encoded",
    "quadratic_terms",
    "spreads_between",
    "cubic_terms",
    "group_spreads",
    "unlike_their_kind",
    "kinds_as_printed",
    "NOISE_Z",
    "UNLIKE_FAR",
]


@cache
def prepare_lab() -> threading.Thread:
    """Start building OpenCV's CIELAB tables beside the caller, once per process.

    OpenCV builds them on a process's first conversion to or from CIELAB, which takes
    about 70 ms on this project's 2-core machine; a reader that starts this before
    decoding its photo (which leaves the other core idle) has them ready when it first
    compares colours.  OpenCV lets go of Python's lock while it converts; its tables are
    not built under a lock, so every conversion here waits for this one first."""
    pixel = np.zeros((1, 1, 3), np.uint8)
    thread = threading.Thread(target=cv2.cvtColor, args=(pixel, cv2.COLOR_RGB2Lab), daemon=True)
    thread.start()
    return thread


@contextmanager
def lab_prepared_beside() -> Iterator[None]:
    """``prepare_lab`` for the block, waited for on the way out whatever happens: a
    process that exits while OpenCV builds the tables aborts (``terminate called``)."""
    thread = prepare_lab()
    try:
        yield
    finally:
        thread.join()


def _lab(image: np.ndarray) -> np.ndarray:
    """OpenCV's RGB → CIELAB, once the tables ``prepare_lab`` builds are ready."""
    if prepare_lab.cache_info().currsize:
        prepare_lab().join()
    return cv2.cvtColor(image, cv2.COLOR_RGB2Lab)


def to_lab(rgb, clip: bool = True, dtype=np.float64) -> np.ndarray:
    """RGB in 0..1 (any shape ending in 3) as CIELAB, in the same shape.

    ``clip`` first limits the values to 0..1, as the corrected image is; without it, a
    colour past white in one channel keeps its hue, but lightness stops at 100 (OpenCV
    caps it): how far past white a colour lies is measured in RGB.  ``dtype`` float32
    halves the memory of whole image windows.  No colours give no colours (OpenCV refuses
    an empty image: Tripitz glare 301835, a reflection over every token).
    """
    arr = np.asarray(rgb, dtype=np.float32)
    if arr.size == 0:
        return np.zeros(arr.shape, dtype)
    if clip:
        arr = np.clip(arr, 0, 1)
    lab = _lab(arr.reshape(-1, 1, 3))
    return lab.reshape(arr.shape).astype(dtype)


def nearest_colour(lab: np.ndarray, refs: np.ndarray) -> np.ndarray:
    """For each colour of ``lab`` (n, 3), the index of the nearest of ``refs`` (k, 3):
    |c - r|² ranks as |r|² - 2 c·r for each c, one matrix product, not an (n, k, 3) array."""
    refs = np.asarray(refs, dtype=np.float64)
    return np.argmin((refs**2).sum(axis=1) - 2.0 * (lab @ refs.T), axis=1)


def from_lab(lab) -> np.ndarray:
    """CIELAB colours (any shape ending in 3) as sRGB in 0..1: the inverse of ``to_lab``."""
    arr = np.asarray(lab, dtype=np.float32)
    if arr.size == 0:
        return arr.copy()
    return cv2.cvtColor(arr.reshape(-1, 1, 3), cv2.COLOR_Lab2RGB).reshape(arr.shape)


def linear(rgb: np.ndarray) -> np.ndarray:
    """sRGB values (0..1) → linear light, where reflections add."""
    x = np.clip(np.asarray(rgb, dtype=np.float64), 0.0, 1.0)
    return np.where(x <= 0.04045, x / 12.92, ((x + 0.055) / 1.055) ** 2.4)


def encoded(light: np.ndarray) -> np.ndarray:
    """Linear light (0..1) → sRGB values: the inverse of ``linear``."""
    x = np.clip(np.asarray(light, dtype=np.float64), 0.0, 1.0)
    return np.where(x <= 0.0031308, x * 12.92, 1.055 * x ** (1 / 2.4) - 0.055)


def lightness(rgb: np.ndarray) -> np.ndarray:
    """CIELAB L* (float32) of an RGB image in 0..1 (clipped there), through OpenCV's 8-bit
    tables: within 0.6 of ``to_lab``'s, enough to tell ink from paper, several times
    quicker."""
    arr = np.clip(np.asarray(rgb, dtype=np.float32), 0.0, 1.0)
    eight = cv2.convertScaleAbs(arr.reshape(arr.shape[0], -1, 3), alpha=255.0)
    lab = _lab(eight)
    return lab[..., 0].reshape(arr.shape[:-1]).astype(np.float32) * np.float32(100.0 / 255.0)


def quadratic_terms(pts: np.ndarray, scale: float) -> np.ndarray:
    """The design matrix (1, x, y, x², xy, y²) of points scaled by ``scale``, for fitting
    smooth light surfaces."""
    x, y = pts[:, 0] / scale, pts[:, 1] / scale
    return np.stack([np.ones_like(x), x, y, x * x, x * y, y * y], axis=1)


def group_spreads(lab: np.ndarray, groups: list, extra_groups: tuple = ()) -> tuple[dict, dict]:
    """How much cells of one kind (``groups[i]`` is cell i's kind: its class, perhaps with
    its printed tint) vary in this photo, in CIELAB ΔE, and each kind's median colour.

    Low light brings colour noise that is smooth over whole cells (a phone's denoising
    leaves it so), which no single cell shows but the population of like cells does: the
    median distance of each member from the kind's median colour, over 1.54 (the median
    of the length of a 3-d standard normal), is the kind's standard deviation.  Kinds of
    fewer than five cells, and ``extra_groups`` not seen at all, take the largest spread
    of the others.
    """
    spread, centres = {}, {}
    for group, members in _members(lab, groups).items():
        centres[group], scatter = _centre_spread(members)
        if len(members) >= FEW_KIND:
            spread[group] = scatter
    widest = max(spread.values(), default=0.0)
    return {g: spread.get(g, widest) for g in {*groups, *extra_groups}}, centres


def _members(lab: np.ndarray, groups: list) -> dict:
    """Each kind of ``groups`` → the rows of ``lab`` (one per cell) of its cells, in order."""
    kinds: dict = {}
    for i, group in enumerate(groups):
        kinds.setdefault(group, []).append(i)
    return {group: lab[rows] for group, rows in kinds.items()}


def _centre_spread(members: np.ndarray) -> tuple[np.ndarray, float]:
    """Cells' median colour, and their median distance from it over 1.54: the standard
    deviation of a kind (``group_spreads``)."""
    centre = np.median(members, axis=0)
    return centre, float(np.median(np.linalg.norm(members - centre, axis=1))) / 1.54


FEW_KIND = 5
"""The fewest cells whose colours tell how a kind varies (``group_spreads``)."""


def spreads_between(
    lab: np.ndarray, groups: np.ndarray, refs: np.ndarray, pairs: set[tuple[int, int]]
) -> dict[tuple[int, int], float]:
    """How much the cells of a class vary in this photo towards another class, in CIELAB
    ΔE, for each pair ``(a, b)`` of ``pairs``: the robust standard deviation of the colours
    of the cells read as class ``a`` (``groups``), along the line from ``refs[a]`` to
    ``refs[b]``.

    A phone's denoising leaves colour noise smooth over whole cells and mostly in one
    direction (yellow to blue, say), which one cell's samples cannot show; measured along
    the line between two classes, it says how far noise can carry a cell from one towards
    the other.  A class of fewer than five cells takes the largest spread of the others
    along the same line; none is below ``MIN_SPREAD``."""
    members = {int(c): lab[groups == c] for c in np.unique(groups)}
    measured = [cells for cells in members.values() if len(cells) >= 5]
    towards: dict[int, list[int]] = {}
    for a, b in sorted(pairs):
        towards.setdefault(a, []).append(b)
    out = {}
    for a, others in towards.items():  # every line from one class at once
        gaps = np.linalg.norm(refs[others] - refs[a], axis=1)
        spread = np.full(len(others), MIN_SPREAD)
        apart = gaps > 0  # two classes printed alike have no line between them
        if apart.any():
            lines = (refs[others][apart] - refs[a]) / gaps[apart, None]
            own = members.get(a, ())
            for cells in [own] if len(own) >= 5 else measured:
                along = cells @ lines.T
                sd = 1.4826 * np.median(np.abs(along - np.median(along, axis=0)), axis=0)
                spread[apart] = np.maximum(spread[apart], sd)
        out.update({(a, b): float(s) for b, s in zip(others, spread, strict=True)})
    return out


NOISE_Z = 2.0
"""A cell is uncertain when the gap between its best and second-best class is below this
many times the two classes' spreads (``group_spreads``, ``spreads_between``): noise smooth
over whole cells could carry it across."""
OUTLIER_Z = 5.0
"""A cell farther than this many spreads from the median colour of the cells read as the
same kind looks like none of its kind in this photo (a finger, a blotch of colour noise)."""
MIN_SPREAD = 1.0
"""The smallest spread (ΔE) a kind is given, so a tight kind does not flag every cell."""
UNLIKE_FAR = 20.0
"""Readers count a cell unlike its kind only if it is also this far (ΔE) from its class's
printed colour: light modelled imperfectly moves whole regions up to about 15."""


def kinds_as_printed(lab: np.ndarray, groups: list, prints: dict) -> tuple[dict, dict]:
    """``group_spreads``, with a kind that is two taken as the one that shows its print.

    A hand or a sleeve over as many cells as a colour's pieces, in a colour read as
    theirs, makes the kind's median its own.  Where a kind's median colour lies more than
    ``UNLIKE_FAR`` from its printed colour (``prints``: kind → CIELAB), its cells within
    that distance of the print and those beyond, at least ``FEW_KIND`` of each, are two
    kinds if their medians lie ``OUTLIER_Z`` of their spreads apart: the cells that show
    the print are the pieces.  Dim light's colour noise moves a kind's cells along a
    continuum, not into two clusters, and leaves the kind whole."""
    spread, centres = group_spreads(lab, groups)
    kinds = _members(lab, groups)
    for group, printed in prints.items():
        if group not in centres or np.linalg.norm(centres[group] - printed) <= UNLIKE_FAR:
            continue
        members = kinds[group]
        near = np.linalg.norm(members - printed, axis=1) <= UNLIKE_FAR
        if min(near.sum(), (~near).sum()) < FEW_KIND:
            continue
        (a, sa), (b, sb) = (_centre_spread(members[part]) for part in (near, ~near))
        if np.linalg.norm(a - b) > OUTLIER_Z * max(sa + sb, MIN_SPREAD):
            centres[group], spread[group] = a, sa
    return spread, centres


def unlike_their_kind(
    lab: np.ndarray, groups: list, kinds: tuple[dict, dict] | None = None
) -> np.ndarray:
    """Which cells lie farther than ``OUTLIER_Z`` spreads from their kind's median colour:
    ``kinds`` (each kind's spread and median colour, as ``kinds_as_printed`` gives them)
    or else ``group_spreads``."""
    spread, centres = group_spreads(lab, groups) if kinds is None else kinds
    limit = np.array([OUTLIER_Z * max(spread[g], MIN_SPREAD) for g in groups])
    centre = np.array([centres[g] for g in groups])
    return np.linalg.norm(lab - centre, axis=1) > limit


def cubic_terms(pts: np.ndarray, scale: float) -> np.ndarray:
    """The design matrix of a full cubic in x and y (10 terms), for light surfaces fitted to
    many points: a lamp close to the board falls off faster than a quadratic follows."""
    x, y = pts[:, 0] / scale, pts[:, 1] / scale
    return np.stack(
        [np.ones_like(x), x, y, x * x, x * y, y * y, x**3, x * x * y, x * y * y, y**3], axis=1
    )
