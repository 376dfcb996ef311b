"""Rasterise PDFs as a printer would, and measure printed features in pixels.

Pages are rendered by PDFium (pypdfium2) to 8-bit grey at ``DPI``; every measure is a
centroid of dark pixels, so it resolves well below one pixel (0.042 mm at 600 dpi).
"""

from __future__ import annotations

import numpy as np
import pypdfium2 as pdfium

DPI = 600
MM = DPI / 25.4
"""Pixels per millimetre."""


def render(pdf: bytes, page: int = 0, dpi: int = DPI) -> np.ndarray:
    """One page as 8-bit grey (255 white), row 0 at the top of the page."""
    doc = pdfium.PdfDocument(pdf)
    try:
        return doc[page].render(scale=dpi / 72, grayscale=True).to_numpy()
    finally:
        doc.close()


def px(mm: float) -> int:
    return round(mm * MM)


def window(grey: np.ndarray, x0: float, y0: float, x1: float, y1: float) -> np.ndarray:
    """Ink weights (0 white … 1 black) between two page points in mm (x right, y down)."""
    return 1.0 - grey[px(y0) : px(y1), px(x0) : px(x1)].astype(np.float64) / 255.0


def centroid_mm(
    grey: np.ndarray, x0: float, y0: float, x1: float, y1: float
) -> tuple[float, float]:
    """The ink-weighted centre, in page mm, of a window given in page mm."""
    part = window(grey, x0, y0, x1, y1)
    total = part.sum()
    if total <= 0:
        raise AssertionError(f"no ink between ({x0:.1f},{y0:.1f}) and ({x1:.1f},{y1:.1f})")
    ys, xs = np.indices(part.shape)
    cx = (xs * part).sum() / total + px(x0) + 0.5
    cy = (ys * part).sum() / total + px(y0) + 0.5
    return cx / MM, cy / MM


def column_peaks_mm(
    grey: np.ndarray, x0: float, y0: float, x1: float, y1: float, threshold: float = 0.5
) -> list[float]:
    """The x centres (mm) of the vertical strokes crossing a window.

    Columns whose mean ink exceeds ``threshold`` × the window's peak are grouped into
    runs; each run's ink-weighted centre is one stroke.
    """
    profile = window(grey, x0, y0, x1, y1).mean(axis=0)
    return [(x + px(x0)) / MM for x in _peaks(profile, threshold)]


def row_peaks_mm(
    grey: np.ndarray, x0: float, y0: float, x1: float, y1: float, threshold: float = 0.5
) -> list[float]:
    """The y centres (mm) of the horizontal strokes crossing a window."""
    profile = window(grey, x0, y0, x1, y1).mean(axis=1)
    return [(y + px(y0)) / MM for y in _peaks(profile, threshold)]


def _peaks(profile: np.ndarray, threshold: float) -> list[float]:
    if profile.max() <= 0:
        return []
    on = profile > threshold * profile.max()
    peaks, start = [], None
    for i, flag in enumerate([*on, False]):
        if flag and start is None:
            start = i
        elif not flag and start is not None:
            lo, hi = max(start - 2, 0), min(i + 2, len(profile))
            weights = profile[lo:hi]
            peaks.append(float((np.arange(lo, hi) + 0.5) @ weights / weights.sum()))
            start = None
    return peaks
