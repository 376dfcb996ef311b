"""Text metrics for the drawing model: widths in mm of Helvetica, as the PDF backend sets it.

Callers that fit labels into cells use these so that what they measure is what the PDF
prints.  The SVG and PNG outputs name Helvetica too, but a system without it substitutes
a font of similar (not equal) width.
"""

from __future__ import annotations

import math

from reportlab.pdfbase.pdfmetrics import stringWidth

from printkit.draw.model import MIDLINE, Text
from printkit.errors import FitError

__all__ = ["FONT", "BOLD_FONT", "font_name", "text_width", "fit_size", "baseline_start"]

FONT = "Helvetica"
BOLD_FONT = "Helvetica-Bold"


def font_name(bold: bool) -> str:
    """The PDF base-14 font used for plain or bold text."""
    return BOLD_FONT if bold else FONT


def text_width(text: str, size: float, bold: bool = False) -> float:
    """The advance width of ``text`` at font size ``size`` (both in mm)."""
    # Glyph widths are linear in the font size, so mm in gives mm out.
    return stringWidth(text, font_name(bold), size)


def fit_size(text: str, max_width: float, size: float, bold: bool = False) -> float:
    """The largest font size up to ``size`` at which ``text`` is at most ``max_width`` wide."""
    if max_width <= 0:
        raise FitError(
            f"cannot fit text {text!r} into a width of {max_width:.1f} mm: "
            "the paper is too small for it"
        )
    width = text_width(text, size, bold)
    return size if width <= max_width else size * max_width / width


def baseline_start(text: Text) -> tuple[float, float]:
    """Where the baseline of ``text`` begins (its left end as read), in page mm.

    The anchor point sits on the mid-line; the baseline lies ``MIDLINE * size`` below it
    in the text's own frame, and the start is shifted back along the baseline by the whole
    or half the width for ``end`` and ``middle`` anchors.
    """
    width = text_width(text.text, text.size, text.bold)
    back = {"start": 0.0, "middle": width / 2, "end": width}[text.anchor]
    t = math.radians(text.angle)
    ux, uy = math.cos(t), math.sin(t)  # along the baseline (y down, clockwise angle)
    nx, ny = -uy, ux  # a quarter turn clockwise from the baseline: "down" for the glyphs
    drop = MIDLINE * text.size
    x, y = text.position
    return (x - back * ux + drop * nx, y - back * uy + drop * ny)
