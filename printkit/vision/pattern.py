"""A printed marker the detector missed, looked for by its known pattern.

OpenCV's marker detector needs a marker's black border to close into a sharp square; a
shaken camera smears it open, and the detector reports nothing.  The marker is still
there, its pattern of black and white modules only blurred.  Where a rough fit of the
board (two markers) says a missed marker lies, the photo is straightened round that place
and the marker's own pattern, quiet zone included, is matched over it (normalised
correlation).  The pattern is no repeating one: unlike the board's cell lines, which look
the same a whole cell off, it matches in one place only, so it tells how far off the rough
fit is there.
"""

from __future__ import annotations

import math
from dataclasses import replace
from functools import cache

import cv2
import numpy as np

from printkit.draw.fiducials import MODULES, Marker, marker_bits
from printkit.draw.model import Affine
from printkit.vision.model import matrix

__all__ = ["MATCH", "REACH", "look_for", "match_at"]

MODULE_PX = 8
"""Pixels per module of the straightened view the pattern is matched in."""
REACH = 1.0
"""How far (in the marker's own sides, quiet zone included) from where the fit puts it the
pattern is looked for."""
MATCH = 0.6
"""Least normalised correlation with the pattern for a place to be the marker.  Measured on
second-family photos of three games (every condition but steep and lens): printed markers
matched 0.91-0.98 where they lie; other places of the board and table 0.51 at most, and
there at least 4 of the 36 modules read the other way (``_misread``), where the markers
read none."""
QUIET = 1
"""Modules of white printed round every marker."""


@cache
def _template(marker_id: int) -> np.ndarray:
    """The marker as printed, quiet zone included: 0 black, 1 white, ``MODULE_PX`` per
    module."""
    bits = np.array(marker_bits(marker_id), dtype=bool)
    printed = np.pad(~bits, QUIET, constant_values=True).astype(np.float32)
    return np.kron(printed, np.ones((MODULE_PX, MODULE_PX), np.float32))


def _marker_frame(marker: Marker) -> Affine:
    """The marker's own frame (modules, from its centre, along its sides) → board mm."""
    turn = Affine.translate(*marker.centre) @ Affine.rotate(marker.angle)
    return turn @ Affine.scale(marker.side / MODULES)


def _view_to_board(marker: Marker, pad: int) -> np.ndarray:
    """View px → board mm, for a view ``pad`` modules wider than the printed pattern each
    side, in the marker's own axes."""
    start = -(pad + QUIET + MODULES / 2)  # the view's corner, in modules from the centre
    view = Affine.translate(start, start) @ Affine.scale(1 / MODULE_PX)
    return matrix(_marker_frame(marker) @ view)


def match_at(grey: np.ndarray, marker: Marker, h: np.ndarray, pad: int) -> tuple[float, tuple, int]:
    """The best correlation of the marker's pattern in the photo (``grey``) straightened
    round where ``h`` (board mm → photo px) puts it, ``pad`` modules about, and where it
    lies (modules, the marker's own axes) from there."""
    template = _template(marker.id)
    size = template.shape[0] + 2 * pad * MODULE_PX
    view = cv2.warpPerspective(
        grey,
        h @ _view_to_board(marker, pad),
        (size, size),
        flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
        borderMode=cv2.BORDER_REPLICATE,
    ).astype(np.float32)
    if float(view.std()) < 1e-3:
        return 0.0, (0.0, 0.0), MODULES * MODULES
    scores = cv2.matchTemplate(view, template, cv2.TM_CCOEFF_NORMED)
    _, best, _, (x, y) = cv2.minMaxLoc(scores)
    crop = view[y : y + template.shape[0], x : x + template.shape[1]]
    return float(best), (x / MODULE_PX - pad, y / MODULE_PX - pad), _misread(crop, marker.id)


def _misread(crop: np.ndarray, marker_id: int) -> int:
    """How many of the marker's modules (border and data) read the other way in a view of
    it (``_template``'s frame): each module's middle half against the midpoint between its
    black border and its white quiet zone."""
    n = MODULES + 2 * QUIET
    inner = slice(MODULE_PX // 4, MODULE_PX - MODULE_PX // 4)
    cells = crop.reshape(n, MODULE_PX, n, MODULE_PX)[:, inner, :, inner].mean(axis=(1, 3))
    bits = np.array(marker_bits(marker_id), dtype=bool)
    code = cells[QUIET:-QUIET, QUIET:-QUIET]
    ring = np.ones((n, n), bool)
    ring[QUIET:-QUIET, QUIET:-QUIET] = False
    middle = (float(np.median(code[bits])) + float(np.median(cells[ring]))) / 2
    misread = int(((code < middle) != bits).sum())
    return min(misread, _misread_locally(cells, bits)) if misread else 0


LOCAL_CONTRAST = 40.0
"""Least difference (grey levels, of 255) between a border module and the quiet zone
beside it for the modules near them to be read against them (``_misread_locally``)."""
UNREADABLE = 4
"""Most modules a reflection may wash out of a marker read near each module; more, and
too little of it is read to tell it from another."""


def _misread_locally(cells: np.ndarray, bits: np.ndarray) -> int:
    """How many modules of a marker (``cells``: each module's middle, quiet zone included;
    ``bits``: True where black) read the other way when each is read near itself: a
    border module against the quiet zone just beyond it, a module of the code against
    the midpoint between the border modules nearest it and the quiet zone beyond those.
    A module whose two references lie too little apart (``LOCAL_CONTRAST``) is not read;
    more than ``UNREADABLE`` such, and the count is all the modules.  A reflection's
    bloom over part of a marker lifts its black modules there and not elsewhere, which
    one midpoint for the whole marker misreads; the border and the quiet zone round the
    code measure it on every side."""
    n = MODULES + 2 * QUIET
    first, last = QUIET, n - QUIET - 1  # the border's rows and columns
    ring = [(a, b) for a in range(first, last + 1) for b in range(first, last + 1)]
    ring = [(a, b) for a, b in ring if a in (first, last) or b in (first, last)]
    misread = unreadable = 0
    for i in range(first, last + 1):
        for j in range(first, last + 1):
            if (i, j) in ring:
                black, white = cells[i, j], cells[_beyond(i, j, first, last)]
                unreadable += bool(white - black < LOCAL_CONTRAST)  # a border is black
                continue
            gap = min(math.hypot(i - a, j - b) for a, b in ring)
            near = [(a, b) for a, b in ring if math.hypot(i - a, j - b) == gap]
            black = float(np.mean([cells[a, b] for a, b in near]))
            white = float(np.mean([cells[_beyond(a, b, first, last)] for a, b in near]))
            if white - black < LOCAL_CONTRAST:
                unreadable += 1
            elif (cells[i, j] < (black + white) / 2) != bits[i - QUIET, j - QUIET]:
                misread += 1
    return misread if unreadable <= UNREADABLE else MODULES * MODULES


def _beyond(a: int, b: int, first: int, last: int) -> tuple[int, int]:
    """The quiet-zone module just outside the border module at row ``a``, column ``b``
    (diagonally beyond a corner)."""
    return (
        a - (a == first) + (a == last),
        b - (b == first) + (b == last),
    )


def look_for(
    grey: np.ndarray, marker: Marker, h: np.ndarray, reach: float = REACH
) -> np.ndarray | None:
    """The photo corners (px, OpenCV's order) of a printed ``marker`` found by its pattern
    within ``reach`` (its sides) of where ``h`` puts it, or None: no place matches
    (``MATCH``), the best one's modules do not all read as the marker's, or it lies at the
    edge of the search, where the marker may lie beyond it."""
    pad = int(math.ceil(reach * (MODULES + 2 * QUIET)))
    score, (du, dv), misread = match_at(grey, marker, h, pad)
    if score < MATCH or misread or max(abs(du), abs(dv)) >= pad:
        return None
    moved = replace(marker, centre=_marker_frame(marker)((du, dv)))
    found = cv2.perspectiveTransform(np.array(moved.corners, float)[None], h)[0]
    return found.astype(np.float32)
