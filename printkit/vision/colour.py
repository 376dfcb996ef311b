"""Colour arithmetic the photo reader and each game's classifier share."""

from __future__ import annotations

import cv2
import numpy as np

__all__ = ["to_lab", "quadratic_terms"]


def to_lab(rgb, clip: bool = True, dtype=np.float64) -> np.ndarray:
    """RGB in 0..1 (any shape ending in 3) as CIELAB, in the same shape.

    ``clip`` first limits the values to 0..1, as the corrected image is; without it,
    values past white keep their extra lightness.  ``dtype`` float32 halves the memory of
    whole image windows.
    """
    arr = np.asarray(rgb, dtype=np.float32)
    if clip:
        arr = np.clip(arr, 0, 1)
    lab = cv2.cvtColor(arr.reshape(-1, 1, 3), cv2.COLOR_RGB2Lab)
    return lab.reshape(arr.shape).astype(dtype)


def quadratic_terms(pts: np.ndarray, scale: float) -> np.ndarray:
    """The design matrix (1, x, y, x², xy, y²) of points scaled by ``scale``, for fitting
    smooth light surfaces."""
    x, y = pts[:, 0] / scale, pts[:, 1] / scale
    return np.stack([np.ones_like(x), x, y, x * x, x * y, y * y], axis=1)
