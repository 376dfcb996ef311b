"""Finding the printkit markers in a photo, and refusing a photo too dark or too blurred
to find them in.

A photo is judged on a small grey copy first (``_check_exposure``, ``_sharpness``), then
its markers are searched in a copy no larger than ``DETECT_SIZE`` and their corners
refined on the photo itself.  Where they lie says which board the photo shows and where
(``read.fit_board``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import cv2
import numpy as np

from printkit.draw.fiducials import DICTIONARY, MODULES
from printkit.errors import PhotoError

__all__ = ["Detection", "detect_markers", "markers_in", "refine_markers", "TOO_BLURRED"]

DETECT_SIZE = 2000
"""Longest side of the reduced copy markers are searched in, px."""

BLURRED = 10.0
"""Sharpness below which a photo is refused as blurred (see ``_sharpness``)."""
TOO_BLURRED = "the photo is too blurred to read"


def _sharpness(grey: np.ndarray) -> float:
    """Edge strength: the 99.5th percentile of |Laplacian| on the ``_grey_thumbnail``.

    Sharp photos of a board score 60 and more; a Gaussian blur of 8 px at 12 megapixels
    brings that to about 10.
    """
    edges = np.abs(cv2.Laplacian(grey, cv2.CV_16S)).astype(np.uint16)
    return _percentile(np.bincount(edges.ravel()), 99.5)


THUMBNAIL = 1000
"""Longest side of the copy exposure and sharpness are judged on, px (a quarter of a
12-megapixel photo, whatever size the photo was decoded at)."""


def _grey_thumbnail(image: np.ndarray) -> np.ndarray:
    scale = min(1.0, THUMBNAIL / max(image.shape[:2]))
    small = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    return cv2.cvtColor(small, cv2.COLOR_BGR2GRAY)


def _percentile(counts: np.ndarray, q: float) -> float:
    """The ``q``-th percentile of whole numbers given as counts of each value (as
    ``np.percentile`` interpolates it), without sorting them."""
    rank = q / 100 * (int(counts.sum()) - 1)
    below = np.cumsum(counts)
    low = int(np.searchsorted(below, math.floor(rank), side="right"))
    high = int(np.searchsorted(below, math.ceil(rank), side="right"))
    return low + (high - low) * (rank - math.floor(rank))


def _check_exposure(grey: np.ndarray) -> None:
    counts = np.bincount(grey.ravel(), minlength=256)
    if _percentile(counts, 95) < 60:
        raise PhotoError("the photo is too dark to read: light the board evenly and retake it")
    if _percentile(counts, 5) > 235:
        raise PhotoError("the photo is washed out: avoid direct light or flash on the board")


@dataclass(frozen=True)
class Detection:
    """A marker found in the photo: its id and four corners (px, OpenCV's order).  One
    found by its printed pattern (``pattern.look_for``) also keeps the corners its place
    and the rough fit it was sought under give (``shaped``): a second account of where
    it lies, kept to check the first by."""

    id: int
    corners: np.ndarray
    shaped: np.ndarray | None = None

    def as_shaped(self) -> Detection:
        """The detection at its shaped corners; itself where it has none."""
        return self if self.shaped is None else replace(self, corners=self.shaped)

    def scaled(self, factor: float) -> Detection:
        """The same detection in a photo ``factor`` times as large."""
        shaped = None if self.shaped is None else self.shaped * factor
        return replace(self, corners=self.corners * factor, shaped=shaped)

    @property
    def centre(self) -> np.ndarray:
        return self.corners.mean(axis=0)

    @property
    def size(self) -> float:
        c = self.corners
        return float(np.mean([np.linalg.norm(c[i] - c[(i + 1) % 4]) for i in range(4)]))


FEW_FOUND = 2
"""Where the grey photo shows fewer markers than this, they are sought again on its
brightest channel (``detect_markers``).  Measured on the second family's pair photos whose
grey showed fewer than two (first photos of shaken and wide-lens pairs 0-39 and 600-705 and
of hands pairs 0-39, every game; 78 photos): one refused before, shaken Trigon 307704 (of
its own position), read with every cell right, as the wide-lens TriPakus photo 306700
does, and no cell of the 77 others changed.  Sought again wherever fewer
than three show, a marker so found in a shaken TriPakus photo, 307705, took the place of
two the pattern search found, and the fit through them put the colour strip off:
refused."""


def detect_markers(image: np.ndarray) -> list[Detection]:
    """Every marker of the printkit dictionary in a BGR photo.

    Markers are sought in grey first.  Where fewer than ``FEW_FOUND`` show, they are sought
    again on the photo's brightest channel, and those found apart from the first are added:
    a red or blue piece touching a marker is as dark in grey as the marker's black border,
    whose outline then runs on into the piece and is no square, while in its brightest
    channel a coloured piece is light and the border stays black (TriPakus wide-lens photo
    306700, second family: corner pieces over two of the sections board's three markers;
    one found in grey, all three so)."""
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    found = _detected(grey)
    if len(found) < FEW_FOUND:
        found += [d for d in _detected(image.max(axis=2)) if _apart_from(d, found)]
    return found


def _detected(channel: np.ndarray) -> list[Detection]:
    """The markers ArUco finds in one channel of a photo, sought in a copy no larger than
    ``DETECT_SIZE`` and their corners refined on the channel itself."""
    scale = min(1.0, DETECT_SIZE / max(channel.shape))
    small = (
        cv2.resize(channel, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
        if scale < 1.0
        else channel
    )
    dictionary = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, DICTIONARY))
    params = cv2.aruco.DetectorParameters()
    params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    detector = cv2.aruco.ArucoDetector(dictionary, params)
    corners, ids, _ = detector.detectMarkers(small)
    if ids is None:
        return []
    found = [
        Detection(int(marker_id), (quad.reshape(4, 2) / scale).astype(np.float32))
        for quad, marker_id in zip(corners, ids.ravel(), strict=True)
    ]
    return refine_markers(channel, found) if scale < 1.0 else found


def _apart_from(detection: Detection, found: list[Detection]) -> bool:
    """Whether ``detection`` lies apart from every one of ``found`` (its centre farther
    from theirs than its own size): a board may repeat a marker's id (the sections board's
    three corners all show id 0), so place, not id, tells a new one."""
    return all(np.linalg.norm(detection.centre - other.centre) > detection.size for other in found)


def refine_markers(grey: np.ndarray, found: list[Detection]) -> list[Detection]:
    """Markers found on a smaller copy, their corners refined on the full grey photo (the
    shaped ones of markers found by their pattern too)."""
    out = []
    for d in found:
        module = max(2.0, np.linalg.norm(d.corners[0] - d.corners[1]) / MODULES / 3)
        win = int(min(10, max(2, module)))
        shaped = None if d.shaped is None else _subpix(grey, d.shaped, win)
        out.append(replace(d, corners=_subpix(grey, d.corners, win), shaped=shaped))
    return out


def _subpix(grey: np.ndarray, corners: np.ndarray, win: int) -> np.ndarray:
    """Four corners moved to the sharpest corner of the photo within ``win`` px (OpenCV
    moves them in place: the detection they came from shares them)."""
    criteria = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 30, 0.01)
    pts = cv2.cornerSubPix(grey, corners.reshape(-1, 1, 2), (win, win), (-1, -1), criteria)
    return pts.reshape(4, 2)


def markers_in(image: np.ndarray) -> list[Detection]:
    """The markers of a photo good enough to read: too dark or blurred ones are refused."""
    grey = _grey_thumbnail(image)
    _check_exposure(grey)
    sharpness = _sharpness(grey)
    if sharpness < BLURRED:
        raise PhotoError(
            f"{TOO_BLURRED} (sharpness {sharpness:.0f}, "
            f"needs {BLURRED:.0f}): hold the phone still and let it focus"
        )
    return detect_markers(image)
