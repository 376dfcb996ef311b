"""A phone camera as a pinhole with lens distortion, posed over the board.

World frame = the board frame (mm, x right, y down, the board in the plane z = 0), so z
points into the table and a point ``h`` mm above the board has z = -h.  The camera looks
along its own +z; image x right, y down.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

__all__ = ["Camera", "FRAME", "focal_px", "monotonic_k2", "pose", "tilt_of"]

FRAME = (4000, 3000)
"""Photo size, px (12 megapixels, 4:3)."""
FULL_FRAME_DIAGONAL = math.hypot(36.0, 24.0)
"""A 35 mm film frame's diagonal, mm: what equivalent focal lengths are quoted against."""


def focal_px(equivalent_mm: float, frame: tuple[int, int] = FRAME) -> float:
    """The focal length in pixels of a lens quoted as ``equivalent_mm`` (35 mm equivalent)."""
    return equivalent_mm / FULL_FRAME_DIAGONAL * math.hypot(*frame)


def _rz(a: float) -> np.ndarray:
    c, s = math.cos(a), math.sin(a)
    return np.array([[c, -s, 0.0], [s, c, 0.0], [0.0, 0.0, 1.0]])


def _rx(a: float) -> np.ndarray:
    c, s = math.cos(a), math.sin(a)
    return np.array([[1.0, 0.0, 0.0], [0.0, c, -s], [0.0, s, c]])


@dataclass(frozen=True)
class Camera:
    """Intrinsics ``k`` (3 × 3), rotation ``r`` (world → camera), centre ``c`` (world mm),
    radial distortion ``k1``, ``k2`` on radii normalised by the half diagonal, frame size.

    The scene is rendered undistorted on a *canvas*: the frame grown by ``pad`` px each
    side, enough for what a barrel-distorting lens bends into the frame's corners.
    ``homography``, ``project`` and ``rays`` work in canvas px; ``photo_points`` gives
    where points land in the finished (distorted) frame.
    """

    k: np.ndarray
    r: np.ndarray
    c: np.ndarray
    k1: float = 0.0
    k2: float = 0.0
    frame: tuple[int, int] = FRAME
    pad: tuple[int, int] = (0, 0)

    @property
    def canvas(self) -> tuple[int, int]:
        return (self.frame[0] + 2 * self.pad[0], self.frame[1] + 2 * self.pad[1])

    @property
    def to_canvas(self) -> np.ndarray:
        """Frame px → canvas px."""
        return np.array([[1.0, 0.0, self.pad[0]], [0.0, 1.0, self.pad[1]], [0.0, 0.0, 1.0]])

    def homography(self, z: float = 0.0) -> np.ndarray:
        """Plane z (board mm) → undistorted canvas px."""
        t = -self.r @ self.c
        m = np.column_stack([self.r[:, 0], self.r[:, 1], self.r[:, 2] * z + t])
        h = self.to_canvas @ self.k @ m
        return h / h[2, 2]

    def project(self, points: np.ndarray) -> np.ndarray:
        """World points (N × 3) → undistorted canvas px (N × 2)."""
        cam = (np.asarray(points, float) - self.c) @ self.r.T
        uv = cam @ self.k.T
        return uv[:, :2] / uv[:, 2:3] + self.pad

    def photo_points(self, points: np.ndarray) -> np.ndarray:
        """World points (N × 3) → where they land in the finished frame (distorted px)."""
        return self.distort_points(self.project(points) - self.pad)

    def rays(self, uv: np.ndarray) -> np.ndarray:
        """World directions (N × 3, unit) of the rays through undistorted canvas px."""
        m = np.linalg.inv(self.k).T @ self.r
        # Written out rather than a matrix product: BLAS threads crawl on a busy machine.
        x = uv[:, 0:1] - self.pad[0]
        y = uv[:, 1:2] - self.pad[1]
        d = x * m[0] + y * m[1] + m[2]
        return d / np.sqrt((d * d).sum(axis=1, keepdims=True))

    @property
    def _norm(self) -> float:
        return math.hypot(*self.frame) / 2

    def distort_points(self, uv: np.ndarray) -> np.ndarray:
        """Undistorted px → where the lens puts them."""
        if not (self.k1 or self.k2):
            return uv
        centre = np.array([self.k[0, 2], self.k[1, 2]])
        p = (uv - centre) / self._norm
        r2 = (p * p).sum(axis=1, keepdims=True)
        return centre + p * (1 + self.k1 * r2 + self.k2 * r2 * r2) * self._norm

    def undistort_points(self, uv: np.ndarray) -> np.ndarray:
        """Distorted px → undistorted (Newton's method on the radius; the model is
        monotonic, see ``monotonic_k2``)."""
        if not (self.k1 or self.k2):
            return uv
        centre = np.array([self.k[0, 2], self.k[1, 2]])
        q = (uv - centre) / self._norm
        rd = np.sqrt((q * q).sum(axis=1, keepdims=True))
        r = rd.copy()
        for _ in range(20):
            f = r * (1 + self.k1 * r**2 + self.k2 * r**4) - rd
            r = r - f / (1 + 3 * self.k1 * r**2 + 5 * self.k2 * r**4)
        scale = np.where(rd > 0, r / np.maximum(rd, 1e-12), 1.0)
        return centre + q * scale * self._norm

    def distort(self, image: np.ndarray) -> np.ndarray:
        """The undistorted canvas as the lens bends it into the frame (remap; the maps are
        built coarse, then enlarged)."""
        if not (self.k1 or self.k2):
            return image
        w, h = self.frame
        step = 8
        ys, xs = np.mgrid[0 : h + step : step, 0 : w + step : step].astype(np.float64)
        src = self.undistort_points(np.stack([xs.ravel(), ys.ravel()], axis=1)) + self.pad
        gw, gh = xs.shape[1], xs.shape[0]
        mx = src[:, 0].reshape(gh, gw).astype(np.float32)
        my = src[:, 1].reshape(gh, gw).astype(np.float32)
        size = (gw * step, gh * step)
        mx = cv2.resize(mx, size, interpolation=cv2.INTER_LINEAR)[:h, :w]
        my = cv2.resize(my, size, interpolation=cv2.INTER_LINEAR)[:h, :w]
        return cv2.remap(image, mx, my, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)


def monotonic_k2(k1: float, k2: float) -> float:
    """``k2`` raised, if need be, so that r (1 + k1 r² + k2 r⁴) keeps growing with r (its
    derivative has no real root when k2 > 9 k1² / 20): a strong barrel then never folds
    the picture back on itself."""
    return max(k2, 0.5 * k1 * k1) if k1 < -0.05 else k2


def pose(
    target: tuple[float, float],
    distance: float,
    tilt: float,
    azimuth: float,
    roll: float,
    focal: float,
    k1: float = 0.0,
    k2: float = 0.0,
    frame: tuple[int, int] = FRAME,
) -> Camera:
    """A camera ``distance`` mm from the board point ``target``, which it sees at the frame's
    centre, its axis ``tilt`` degrees off the board's normal, the board turned by
    ``azimuth`` and the phone by ``roll`` degrees."""
    w, h = frame
    k = np.array([[focal, 0.0, w / 2], [0.0, focal, h / 2], [0.0, 0.0, 1.0]])
    r = _rz(math.radians(roll)) @ _rx(math.radians(tilt)) @ _rz(math.radians(azimuth))
    forward = r[2]  # the optical axis in world coordinates
    c = np.array([target[0], target[1], 0.0]) - distance * forward
    cam = Camera(k, r, c, k1, k2, frame)
    if not (k1 or k2):
        return cam
    # The canvas must hold whatever the lens bends into the frame: its edges, undistorted.
    edge = np.array([(x, y) for x in (0, w / 2, w) for y in (0, h / 2, h)], float)
    seen = cam.undistort_points(edge)
    px = int(math.ceil(max(0.0, -seen[:, 0].min(), seen[:, 0].max() - w))) + 4
    py = int(math.ceil(max(0.0, -seen[:, 1].min(), seen[:, 1].max() - h))) + 4
    if px > w or py > h:
        raise ValueError(f"lens distortion k1={k1:g}, k2={k2:g} folds the picture over")
    return Camera(k, r, c, k1, k2, frame, (px, py))


def tilt_of(board_to_photo: np.ndarray, focal: float, frame: tuple[int, int] = FRAME) -> float:
    """The angle (degrees) between the optical axis and the board's normal, from a board →
    photo homography and the focal length."""
    w, h = frame
    k = np.array([[focal, 0.0, w / 2], [0.0, focal, h / 2], [0.0, 0.0, 1.0]])
    m = np.linalg.inv(k) @ board_to_photo
    r1 = m[:, 0] / np.linalg.norm(m[:, 0])
    r2 = m[:, 1] / np.linalg.norm(m[:, 1])
    normal = np.cross(r1, r2)
    return math.degrees(math.acos(min(1.0, abs(float(normal[2])) / np.linalg.norm(normal))))
