"""A wide-angle lens bends a flat board: straight printed lines come out curved, and no
homography places every cell.  This module fits one radial distortion coefficient and
the board's homography together to where the board's printed lines were found, and
undoes the distortion in the photo so that the reader's flat-board geometry holds again.

The lens model is OpenCV's with one coefficient, centred on the photo, radii measured in
half diagonals: a point ``u`` of the undistorted view lands in the photo at
``c + (u - c)(1 + k |u - c|² / R²)`` (``k < 0``: barrel, as wide lenses bend).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

K_RANGE = 0.35
"""The strongest distortion looked for (|k|): beyond the widest phone lenses."""
K_STEP = 0.01
"""The search over k steps five times this, then this, then a tenth of it."""
LINES_NEEDED = 24
"""Measured lines needed to fit the lens and the board's nine homography terms."""
STRAIGHT = 0.01
"""A fitted |k| below this is no lens distortion worth undoing."""
EXPLAINS = 2.0
"""A lens is fitted only where it puts the lines this many times nearer than a homography
alone does: noise in markers and lines of a flat view also fits some k a little better."""


@dataclass(frozen=True)
class Lens:
    """Radial distortion ``k`` of a photo of ``shape``, and the ``scale`` the undistorted
    view is drawn at so that all of the photo stays within its frame."""

    k: float
    shape: tuple[int, int]
    scale: float = 1.0

    @property
    def centre(self) -> np.ndarray:
        return _camera(self.shape)[:2, 2]

    @property
    def radius(self) -> float:
        """The half diagonal (px) radii are measured in."""
        return float(_camera(self.shape)[0, 0])

    def to_photo(self, pts: np.ndarray) -> np.ndarray:
        """Points of the undistorted view (px) → where the lens put them in the photo."""
        c = self.centre
        u = (np.asarray(pts, float).reshape(-1, 2) - c) / self.scale
        r2 = (u**2).sum(axis=1, keepdims=True) / self.radius**2
        return c + u * (1 + self.k * r2)

    def from_photo(self, pts: np.ndarray) -> np.ndarray:
        """Photo points (px) → the undistorted view (px)."""
        u = _undistorted(np.asarray(pts, float).reshape(-1, 2), self.k, self.shape)
        return self.centre + (u - self.centre) * self.scale

    @property
    def to_view(self) -> np.ndarray:
        """The similarity from the lens's own undistorted coordinates to the view's."""
        (cx, cy), s = self.centre, self.scale
        return np.array([[s, 0, (1 - s) * cx], [0, s, (1 - s) * cy], [0, 0, 1.0]])

    def undo(self, image: np.ndarray) -> np.ndarray:
        """The photo as a lens without distortion would have taken it (same size)."""
        h, w = image.shape[:2]
        camera = _camera(self.shape)
        view = camera.copy()
        view[:2, :2] *= self.scale
        maps = cv2.initUndistortRectifyMap(
            camera, _coefficients(self.k), None, view, (w, h), cv2.CV_16SC2
        )
        return cv2.remap(image, *maps, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)


@dataclass(frozen=True)
class Undone:
    """A photo with a lens's distortion undone only where it is looked at: an image made
    from it (``read.rectify``) maps each of its pixels through its homography into the
    undistorted view and on through the lens into the photo at once, never undoing the
    whole photo (a wide-lens read undid a 12-megapixel photo's lens in 60 ms)."""

    image: np.ndarray
    lens: Lens

    @property
    def shape(self) -> tuple[int, ...]:
        return self.image.shape

    def maps(self, to_view: np.ndarray, size: tuple[int, int]) -> np.ndarray:
        """For each pixel of an image of ``size`` (width, height) that ``to_view`` (a
        homography) maps into the undistorted view, where the lens put it in the photo
        (float32 x, y): computed every ``MAP_STEP`` pixels and interpolated between (the
        map bends by thousandths of a pixel over a step)."""
        w, h = size
        cols, rows = -(-w // MAP_STEP) + 2, -(-h // MAP_STEP) + 2
        # Samples at the source pixels cv2.resize puts its output's pixels between, one
        # step beyond each edge so that every pixel kept lies between two of them.
        xs = (np.arange(cols) - 0.5) * MAP_STEP - 0.5
        ys = (np.arange(rows) - 0.5) * MAP_STEP - 0.5
        grid = np.stack(np.meshgrid(xs, ys), axis=-1).reshape(-1, 1, 2)
        view = cv2.perspectiveTransform(grid, to_view).reshape(-1, 2)
        coarse = self.lens.to_photo(view).reshape(rows, cols, 2).astype(np.float32)
        fine = cv2.resize(coarse, (cols * MAP_STEP, rows * MAP_STEP))  # bilinear
        return fine[MAP_STEP : MAP_STEP + h, MAP_STEP : MAP_STEP + w]


MAP_STEP = 8
"""Pixels between the points where ``Undone.maps`` maps exactly."""


def _camera(shape: tuple[int, int]) -> np.ndarray:
    """OpenCV's camera matrix for the lens model: centred on the photo of ``shape``, focal
    length its half diagonal (radii are measured in half diagonals)."""
    r = math.hypot(shape[0], shape[1]) / 2
    return np.array([[r, 0, (shape[1] - 1) / 2], [0, r, (shape[0] - 1) / 2], [0, 0, 1.0]])


def _coefficients(k: float) -> np.ndarray:
    return np.array([k, 0.0, 0.0, 0.0, 0.0])


def _undistorted(pts: np.ndarray, k: float, shape: tuple[int, int]) -> np.ndarray:
    """Photo points → the lens's own undistorted coordinates (px, same centre and scale)."""
    if k == 0:
        return pts
    return _undistorted_each(pts, np.array([k]), shape)[0]


def _undistorted_each(pts: np.ndarray, ks: np.ndarray, shape: tuple[int, int]) -> np.ndarray:
    """``pts`` undistorted by each lens coefficient of ``ks`` (one row of points per k):
    each radius solved from ``r (1 + k r²) = seen`` by Newton's method."""
    camera = _camera(shape)
    c, radius = camera[:2, 2], camera[0, 0]
    offset = (pts - c) / radius
    seen = np.linalg.norm(offset, axis=1)
    k = np.asarray(ks, float)[:, None]
    r = np.repeat(seen[None], len(k), axis=0)
    for _ in range(8):
        r -= (r * (1 + k * r * r) - seen) / (1 + 3 * k * r * r)
    ratio = np.divide(r, seen, out=np.ones_like(r), where=seen > 0)
    return c + offset * ratio[..., None] * radius


FRAME_MARGIN = 0.98
"""The share of the frame the board's undistorted view may fill."""


def framed(k: float, shape: tuple[int, int], board: np.ndarray) -> Lens:
    """The lens ``k`` with the scale that keeps the ``board``'s corners (undistorted px)
    within the frame (the photo's own corners may lie beyond what one coefficient can
    undo: the board is what must stay in view)."""
    lens = Lens(k, shape)
    half = np.array([shape[1] / 2, shape[0] / 2])
    reach = np.abs(board - lens.centre).max(axis=0) / half
    return Lens(k, shape, min(1.0, FRAME_MARGIN / float(reach.max())))


def fit_lens(
    where: np.ndarray,
    normal: np.ndarray,
    seen: np.ndarray,
    shape: tuple[int, int],
    corners: np.ndarray,
) -> tuple[Lens, np.ndarray, float, float] | None:
    """The lens and board → view homography that best put the printed lines where the
    photo shows them, the median distance (mm) they leave the lines off, and the median
    distance a homography alone leaves them off.

    Each line is given by a point ``where`` on it and its unit ``normal`` (board mm) and a
    photo point ``seen`` (px) the line passes through.  For each ``k`` the homography is
    linear (each line a constraint ``normal · board(u) = normal · where``); k is chosen
    by the median distance, on a grid and then finer around its best.  None with too few
    lines, or lines in too few directions, to tell, or where a homography alone puts them
    nearly as well (``EXPLAINS``).
    """
    if len(where) < LINES_NEEDED or np.linalg.matrix_rank(normal) < 2:
        return None
    best = None
    for step, span in ((5 * K_STEP, K_RANGE), (K_STEP, 5 * K_STEP), (K_STEP / 10, K_STEP)):
        centre = 0.0 if best is None else best[0]
        ks = np.arange(centre - span, centre + span + step / 2, step)
        views = _undistorted_each(seen, ks, shape)
        for k, fitted in zip(ks, _boards_from_views(where, normal, views), strict=True):
            if fitted is not None and (best is None or fitted[1] < best[2]):
                best = (float(k), fitted[0], fitted[1])
    if best is None:
        return None
    straight = _board_from_view(where, normal, seen)
    if straight is not None and straight[1] < EXPLAINS * best[2]:
        return None  # a homography alone puts the lines about as well: no lens to undo
    k, to_board, off = best
    to_lens = np.linalg.inv(to_board)
    lens = framed(k, shape, cv2.perspectiveTransform(corners.reshape(-1, 1, 2), to_lens)[:, 0])
    return lens, lens.to_view @ to_lens, off, np.inf if straight is None else straight[1]


def _board_from_view(
    where: np.ndarray, normal: np.ndarray, u: np.ndarray
) -> tuple[np.ndarray, float] | None:
    """The view → board homography putting each point ``u`` on its line, and the lines'
    median distance (mm) from it (``_boards_from_views`` of one view)."""
    return _boards_from_views(where, normal, u[None])[0]


def _boards_from_views(
    where: np.ndarray, normal: np.ndarray, views: np.ndarray
) -> list[tuple[np.ndarray, float] | None]:
    """For each view of the points (``views``: one row of points ``u`` per view), the
    view → board homography putting each point on its line (least squares, refitted
    without lines three median distances off), and the lines' median distance (mm) from
    it; None for a view that leaves too few lines or maps a point to infinity.  The views
    are fitted side by side: the lens search asks for dozens."""
    centre = views.mean(axis=1, keepdims=True)
    su = np.maximum(np.abs(views - centre).max(axis=(1, 2)), 1e-9)[:, None, None]
    sb, cb = _normaliser(where)
    un = np.concatenate([(views - centre) / su, np.ones(views.shape[:2] + (1,))], axis=2)
    d = ((where - cb) / sb * normal).sum(axis=1)
    rows = np.concatenate(
        [normal[:, :1] * un, normal[:, 1:] * un, -d[:, None] * un], axis=2
    )  # views × lines × 9
    keep = np.ones(views.shape[:2], bool)
    failed = np.zeros(len(views), bool)
    for _ in range(2):
        failed |= keep.sum(axis=1) < LINES_NEEDED
        kept = rows * keep[..., None]
        g = np.linalg.eigh(kept.transpose(0, 2, 1) @ kept)[1][:, :, 0].reshape(-1, 3, 3)
        mapped = un @ g.transpose(0, 2, 1)  # least squares, |g| = 1
        failed |= np.any(np.abs(mapped[..., 2]) < 1e-9, axis=1)
        with np.errstate(divide="ignore", invalid="ignore"):  # a failed view's points
            board = mapped[..., :2] / mapped[..., 2:] * sb + cb
            off = np.abs(((board - where) * normal).sum(axis=2))
        keep = off <= np.maximum(3 * _kept_medians(off, keep), 0.2)[:, None]
    denorm_b = np.array([[sb, 0, cb[0]], [0, sb, cb[1]], [0, 0, 1.0]])
    typical = np.median(off, axis=1).tolist()
    out: list[tuple[np.ndarray, float] | None] = []
    for i, bad in enumerate(failed):
        s, (cx, cy) = float(su[i, 0, 0]), centre[i, 0]
        norm_u = np.array([[1 / s, 0, -cx / s], [0, 1 / s, -cy / s], [0, 0, 1.0]])
        out.append(None if bad else (denorm_b @ g[i] @ norm_u, typical[i]))
    return out


def _kept_medians(values: np.ndarray, keep: np.ndarray) -> np.ndarray:
    """Each row's median over its ``keep`` entries (inf for a row keeping none): the rows
    side by side, as ``np.median`` would give each row's kept values."""
    counts = keep.sum(axis=1)
    ordered = np.sort(np.where(keep, values, np.inf), axis=1)
    rows = np.arange(len(values))
    low = ordered[rows, np.maximum(counts - 1, 0) // 2]
    high = ordered[rows, counts // 2]
    return np.where(counts > 0, (low + high) / 2, np.inf)


def _normaliser(pts: np.ndarray) -> tuple[float, np.ndarray]:
    centre = pts.mean(axis=0)
    return max(float(np.abs(pts - centre).max()), 1e-9), centre
