"""Text metrics for the drawing model: widths in mm of the packaged typeface (Noto Sans,
``printkit/fonts``), which the PDF backend embeds and the PNG backend rasterises.

Callers that fit labels into cells use these so that what they measure is what is printed.
The SVG names the same family; a viewer without it substitutes a sans-serif.
"""

from __future__ import annotations

import math
from functools import cache
from importlib import resources

from printkit.draw.model import MIDLINE, Affine, Item, Point, Text, bbox_of
from printkit.errors import FitError

__all__ = [
    "item_extent",
    "text_outline",
    "FONT",
    "BOLD_FONT",
    "FAMILY",
    "FONT_DIR",
    "font_name",
    "text_width",
    "fit_size",
    "baseline_start",
]

FAMILY = "Noto Sans"
"""The typeface's family name, as SVG and font lookups know it.  The registered names below
are the fonts' own PostScript names, which PDFs show (after a subset prefix)."""
FONT = "NotoSans-Regular"
BOLD_FONT = "NotoSans-Bold"
FONT_DIR = resources.files("printkit") / "fonts"
"""The packaged font files and their licence."""


@cache
def _string_width():
    """reportlab's ``stringWidth``, the packaged fonts registered with it first.  Done on
    first use, not on import: reading a photo imports the kit's geometry but seldom
    measures text, and parsing both fonts costs as much as the rest of start-up."""
    from reportlab.pdfbase.pdfmetrics import registerFont, stringWidth  # on first use
    from reportlab.pdfbase.ttfonts import TTFont  # (see above)

    for name, file in ((FONT, "NotoSans-Regular.ttf"), (BOLD_FONT, "NotoSans-Bold.ttf")):
        registerFont(TTFont(name, str(FONT_DIR / file)))
    return stringWidth


def font_name(bold: bool) -> str:
    """The registered (embedded, subset) font used for plain or bold text."""
    _string_width()  # registered before a backend asks for it by name
    return BOLD_FONT if bold else FONT


def text_width(text: str, size: float, bold: bool = False) -> float:
    """The advance width of ``text`` at font size ``size`` (both in mm)."""
    # Glyph widths are linear in the font size, so mm in gives mm out.
    return _string_width()(text, font_name(bold), size)


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


def text_outline(text: Text) -> list[Point]:
    """The four corners of a text's line turned with it: its advance width (measured with
    its typeface) by its font size, round its mid-line."""
    width = text_width(text.text, text.size, text.bold)
    start = {"start": 0.0, "middle": -width / 2, "end": -width}[text.anchor]
    half = text.size / 2
    turn = Affine.rotate(text.angle)
    x, y = text.position
    corners = ((start, -half), (start + width, -half), (start + width, half), (start, half))
    return [(x + dx, y + dy) for dx, dy in (turn(p) for p in corners)]


def item_extent(item: Item) -> tuple[float, float, float, float] | None:
    """The box an item prints in (a text's measured with its typeface), None if empty."""
    if isinstance(item, Text):
        return bbox_of(text_outline(item)) if item.text else None
    points = list(item.all_points())
    if not points:
        return None
    x0, y0, x1, y1 = bbox_of(points)
    pad = getattr(getattr(item, "style", None), "width", 0.0) / 2
    return (x0 - pad, y0 - pad, x1 + pad, y1 + pad)
