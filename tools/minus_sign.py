"""Give printkit's Noto Sans a true minus sign (U+2212), which its 2020 release lacks.

The glyph is the horizontal bar of the font's own plus sign, with the plus sign's width, so
that "−5" and "+5" line up in a column of scores.  Run once on the unmodified files; it
refuses a font that has the sign already:

    python tools/minus_sign.py printkit/fonts/NotoSans-Regular.ttf printkit/fonts/NotoSans-Bold.ttf
"""

from __future__ import annotations

import sys

from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTFont

MINUS = 0x2212
NAME = "uni2212"


def add_minus(path: str) -> None:
    font = TTFont(path)
    if MINUS in font.getBestCmap():
        raise SystemExit(f"{path} has a minus sign already")
    glyf = font["glyf"]
    plus = glyf["plus"]
    coords, _ends, _flags = plus.getCoordinates(glyf)
    # The plus sign's bar is the span of its outline's points at its left and right ends.
    bar = sorted({y for x, y in coords if x == plus.xMin})
    bottom, top = bar[0], bar[-1]
    pen = TTGlyphPen(None)
    pen.moveTo((plus.xMin, bottom))
    pen.lineTo((plus.xMin, top))
    pen.lineTo((plus.xMax, top))
    pen.lineTo((plus.xMax, bottom))
    pen.closePath()
    order = font.getGlyphOrder() + [NAME]
    font.setGlyphOrder(order)
    glyf.glyphOrder = order
    glyf[NAME] = pen.glyph()
    font["hmtx"][NAME] = (font["hmtx"]["plus"][0], plus.xMin)
    for table in font["cmap"].tables:
        if table.isUnicode():
            table.cmap[MINUS] = NAME
    if "DSIG" in font:  # a signature of the unmodified file; it no longer holds
        del font["DSIG"]
    font.save(path)


if __name__ == "__main__":
    for name in sys.argv[1:]:
        add_minus(name)
