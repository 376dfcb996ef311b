"""Where the top faces of pieces lying on the board appear in a photo.

A card or wooden piece is read from its printed top face, which lies the piece's thickness
above the board.  Seen at an angle, that face appears shifted off the cells it covers, by
about the thickness times the tangent of the viewing angle (4 mm for a 4 mm piece seen at
45°, more than half a Trigon cell).  ``lifted`` turns the board's homography into the one
of a plane ``height`` mm above it, by recovering the camera: its principal point taken at
the photo's centre and its pixels square, its focal length from the board's right angle
(the two constraints a plane's homography puts on it), or a phone's usual field of view
where the view is too square-on to tell.
"""

from __future__ import annotations

import numpy as np

__all__ = ["focal_length", "lifted", "parallax", "shifts"]

PHONE_FOCAL = 0.8
"""A phone's main camera (about 26 mm equivalent): its focal length in pixels, as a share
of the photo's longer side."""
FOCAL_RANGE = (0.3, 4.0)
"""Focal lengths (shares of the longer side) an estimate must fall in to be believed: an
ultra-wide lens to a 4× tele."""


def _centred(h: np.ndarray, shape: tuple[int, ...]) -> np.ndarray:
    """The homography with photo coordinates counted from the photo's centre."""
    cy, cx = (shape[0] - 1) / 2, (shape[1] - 1) / 2
    return np.array([[1, 0, -cx], [0, 1, -cy], [0, 0, 1]], dtype=np.float64) @ h


def focal_length(h: np.ndarray, shape: tuple[int, ...]) -> float:
    """The camera's focal length (px) from a board-to-photo homography.

    The board's x and y axes are at right angles and equally long, which gives two linear
    equations in 1/f² (least squares); a view too square-on leaves them undetermined, and
    then a phone's usual focal length is taken.
    """
    g = _centred(h, shape)
    g = g / np.linalg.norm(g[:, :2])
    h1, h2 = g[:, 0], g[:, 1]
    a = np.array([h1[0] * h2[0] + h1[1] * h2[1], h1[0] ** 2 + h1[1] ** 2 - h2[0] ** 2 - h2[1] ** 2])
    b = np.array([h1[2] * h2[2], h1[2] ** 2 - h2[2] ** 2])
    longer = float(max(shape[:2]))
    denominator = float(a @ a)
    if denominator > 0:
        w = -float(a @ b) / denominator  # 1 / f²
        if w > 0:
            f = 1.0 / np.sqrt(w)
            if FOCAL_RANGE[0] * longer <= f <= FOCAL_RANGE[1] * longer:
                return float(f)
    return PHONE_FOCAL * longer


def lifted(h: np.ndarray, height: float, shape: tuple[int, ...]) -> np.ndarray:
    """The homography of the plane ``height`` mm above the board (on the camera's side),
    from the board's own ``h`` (board mm → photo px) and the photo's ``shape``."""
    if height == 0:
        return h
    f = focal_length(h, shape)
    k = np.diag([f, f, 1.0])
    m = np.linalg.inv(k) @ _centred(h, shape)
    m = m * 2.0 / (np.linalg.norm(m[:, 0]) + np.linalg.norm(m[:, 1]))
    if m[2, 2] < 0:  # the board lies in front of the camera
        m = -m
    r1, r2, t = m[:, 0], m[:, 1], m[:, 2]
    r3 = np.cross(r1, r2)
    r3 /= np.linalg.norm(r3)
    camera_side = -1.0 if float(r3 @ t) > 0 else 1.0  # sign of the camera centre's z
    top = np.column_stack([r1, r2, t + camera_side * height * r3])
    return np.linalg.inv(_centred(np.eye(3), shape)) @ k @ top


def parallax(h: np.ndarray, height: float, shape: tuple[int, ...], points: np.ndarray) -> float:
    """How far (mm, at most) board points seem to move on the plane ``height`` mm up
    (``shifts``)."""
    moved = np.linalg.norm(shifts(h, height, shape, points), axis=1)
    return float(moved.max()) if len(points) else 0.0


def shifts(h: np.ndarray, height: float, shape: tuple[int, ...], points: np.ndarray) -> np.ndarray:
    """Where to (mm, x and y) each board point seems to move on the plane ``height`` mm
    up: a point drawn there at ``p`` lies in the photo where the board shows ``inv(h) @
    lifted @ p``."""
    moved = np.linalg.inv(h) @ lifted(h, height, shape)
    homogeneous = np.column_stack([points, np.ones(len(points))]) @ moved.T
    seen = homogeneous[:, :2] / homogeneous[:, 2:]
    return seen - points
