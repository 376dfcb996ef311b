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
from functools import cache

import cv2
import numpy as np

from printkit.draw.fiducials import MODULES, Marker, marker_bits
from printkit.draw.model import Affine
from printkit.vision.model import matrix

__all__ = ["MATCH", "REACH", "look_for", "parabola_vertex"]

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


def _straightened(grey: np.ndarray, marker: Marker, h: np.ndarray, pad: int) -> np.ndarray:
    """The photo (``grey``) straightened round where ``h`` (board mm → photo px) puts the
    marker, ``pad`` modules about it, in the marker's own axes (``_view_to_board``)."""
    size = _template(marker.id).shape[0] + 2 * pad * MODULE_PX
    return cv2.warpPerspective(
        grey,
        h @ _view_to_board(marker, pad),
        (size, size),
        flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
        borderMode=cv2.BORDER_REPLICATE,
    ).astype(np.float32)


def _matched(view: np.ndarray, marker: Marker) -> tuple[float, tuple[int, int], int]:
    """The best correlation of the marker's pattern in a straightened ``view``, where (view
    px) its top-left lies, and how many of its modules read the other way there."""
    template = _template(marker.id)
    if float(view.std()) < 1e-3:
        return 0.0, (0, 0), MODULES * MODULES
    scores = cv2.matchTemplate(view, template, cv2.TM_CCOEFF_NORMED)
    _, best, _, (x, y) = cv2.minMaxLoc(scores)
    crop = view[y : y + template.shape[0], x : x + template.shape[1]]
    return float(best), (x, y), _misread(crop, marker.id)


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
) -> tuple[np.ndarray, np.ndarray] | None:
    """The photo corners (px, OpenCV's order) of a printed ``marker`` found by its pattern
    within ``reach`` (its sides) of where ``h`` puts it, or None: no place matches
    (``MATCH``), the best one's modules do not all read as the marker's, or it lies at the
    edge of the search, where the marker may lie beyond it.  Two accounts of them: each
    corner sought on its own (``_corner_at``), and the corners the pattern's place gives
    in the shape ``h`` projects there.  The pattern's place is sure, its shape only the
    rough fit's; the corners sought show the marker's own shape, but a smeared corner
    may be matched a little off (Tripod wide-lens photos 306006 and 306015, two markers
    sought: the shaped corners lay 4-9 px from the detector's, the sought ones within
    3.3 px, 1.1 once sought again, ``SEEK_AGAIN``; TriPakus shaken photos 307063 and
    307479, the other way round at a corner of the board)."""
    pad = int(math.ceil(reach * (MODULES + 2 * QUIET)))
    view = _straightened(grey, marker, h, pad)
    score, (x, y), misread = _matched(view, marker)
    if (
        score < MATCH
        or misread
        or abs(x / MODULE_PX - pad) >= pad
        or abs(y / MODULE_PX - pad) >= pad
    ):
        return None
    to_photo = h @ _view_to_board(marker, pad)
    sought = _corners_in(view, marker, (x, y), to_photo)
    shaped = np.float32([np.add((x, y), _printed_corner(k)) for k in range(4)])
    shaped = cv2.perspectiveTransform(shaped[None], to_photo)[0]
    for _ in range(SEEK_AGAIN):
        again = _sought_again(grey, marker, sought)
        if again is None:
            break
        sought = again
    return sought.astype(np.float32), shaped.astype(np.float32)


SEEK_AGAIN = 2
"""How many times a marker's corners are sought again in the view the corners last found
straighten (``_sought_again``).  The first search is made in the view the rough fit
straightens, and a fit that misshapes the marker (too large, turned) shifts each corner's
window match a little; the view the found corners straighten misshapes it less.  A
printed marker 90 px wide sought under a fit 12 % too large and turned 4°: corners
2.5 px off after the first search, 1.6 after the second, 1.3 after the third (the
paper's own blur leaves 0.9 under an exact fit).  Tripod wide-lens photos 306006 and
306015, two markers sought at half size (49-65 px wide) against the detector's corners:
1.9-3.3 px, 1.1-1.7, 0.7-1.1.  Second-family shaken and wide-lens photos 0-59 of every
game (600): TriPakus motion 130 → 59 uncertain cells (307053's 70 disputed cells read
surely, rightly), Tripod lens 19 → 16 and its one wrong cell (306000's b4) right, Tripod
motion 9 → 8; photos 0-5 of the other conditions (240): Tripod glare 301001, a marker
found so, four cells changed (a black stone read white, uncertain, now black surely; a
black stone read right, uncertain, now as bare, uncertain; two white stones read right
now uncertain).  No cell read wrong that was right surely, none silently wrong."""


def _corners_in(
    view: np.ndarray, marker: Marker, place: tuple[int, int], to_photo: np.ndarray
) -> np.ndarray:
    """The marker's four outer corners (photo px, OpenCV's order) sought in a straightened
    ``view`` where its whole pattern matched at ``place``; ``to_photo``: view → photo."""
    corners = np.float32([_corner_at(view, marker.id, place, k) for k in range(4)])
    return cv2.perspectiveTransform(corners[None], to_photo)[0]


def _sought_again(grey: np.ndarray, marker: Marker, corners: np.ndarray) -> np.ndarray | None:
    """The marker's corners sought again in the photo straightened by the ``corners``
    found (photo px), or None where its pattern does not match there as a marker's must
    (``MATCH``, every module read as the marker's)."""
    pad = 1  # the corners found lie within a module of where the pattern does
    h = cv2.getPerspectiveTransform(np.float32(marker.corners), np.float32(corners))
    view = _straightened(grey, marker, h, pad)
    score, place, misread = _matched(view, marker)
    if score < MATCH or misread:
        return None
    return _corners_in(view, marker, place, h @ _view_to_board(marker, pad))


SIGNS = ((-1, -1), (1, -1), (1, 1), (-1, 1))
"""Which way from a marker's centre each of its corners lies (OpenCV's order)."""


def _printed_corner(k: int) -> tuple[int, int]:
    """Where (template px) the ``k``-th outer corner of the black square lies."""
    edge = QUIET * MODULE_PX, (QUIET + MODULES) * MODULE_PX  # the square's sides
    return edge[SIGNS[k][0] > 0], edge[SIGNS[k][1] > 0]


CORNER_MODULES = (1, 3)
"""The window a corner is sought with: modules beyond the black square (its quiet zone,
what is known to be printed there) and within it."""
CORNER_MATCH = 0.8
"""Least correlation of a corner's window where it is sought for it to be taken there."""


def _corner_at(
    view: np.ndarray, marker_id: int, place: tuple[int, int], k: int
) -> tuple[float, float]:
    """Where (view px) the ``k``-th outer corner of the marker (OpenCV's order) lies, the
    whole pattern matched with its top-left at ``place``: the corner's window of the
    pattern matched within a module of there, to a fraction of a px; where it is not
    found so (``CORNER_MATCH``), where the whole pattern puts it."""
    out, inside = (m * MODULE_PX for m in CORNER_MODULES)
    corner = _printed_corner(k)
    lo = [c - (out if s < 0 else inside) for c, s in zip(corner, SIGNS[k], strict=True)]
    window = _template(marker_id)[lo[1] : lo[1] + out + inside, lo[0] : lo[0] + out + inside]
    whole = place[0] + corner[0], place[1] + corner[1]  # where the whole pattern puts it
    x0, y0 = place[0] + lo[0] - MODULE_PX, place[1] + lo[1] - MODULE_PX
    if x0 < 0 or y0 < 0:
        return whole
    region = view[
        y0 : y0 + window.shape[0] + 2 * MODULE_PX, x0 : x0 + window.shape[1] + 2 * MODULE_PX
    ]
    if (
        region.shape[0] < window.shape[0] + 2
        or region.shape[1] < window.shape[1] + 2
        or region.std() < 1e-3
    ):
        return whole
    scores = cv2.matchTemplate(region, window, cv2.TM_CCOEFF_NORMED)
    _, best, _, (bx, by) = cv2.minMaxLoc(scores)
    if best < CORNER_MATCH:
        return whole
    fx = (
        float(parabola_vertex(-scores[by : by + 1], np.array([bx]))[0])
        if 0 < bx < scores.shape[1] - 1
        else 0.0
    )
    fy = (
        float(parabola_vertex(-scores[:, bx : bx + 1].T, np.array([by]))[0])
        if 0 < by < scores.shape[0] - 1
        else 0.0
    )
    edge_px = 0.5  # the window's edge lies between its pixels, the view's on a sample
    return (
        x0 + bx + fx + corner[0] - lo[0] - edge_px,
        y0 + by + fy + corner[1] - lo[1] - edge_px,
    )


def parabola_vertex(values: np.ndarray, k: np.ndarray) -> np.ndarray:
    """Where (in samples from ``k``, within half a sample) the parabola through each row
    of ``values`` at ``k - 1``, ``k`` and ``k + 1`` is lowest; 0 where those three do not
    curve upwards.  ``k`` lies within each row, not at its ends."""
    rows = np.arange(len(values))
    left, mid, right = (values[rows, k + d] for d in (-1, 0, 1))
    curve = left - 2 * mid + right
    shift = np.where(curve > 1e-6, 0.5 * (left - right) / np.maximum(curve, 1e-6), 0.0)
    return np.clip(shift, -0.5, 0.5)
