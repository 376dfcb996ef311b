"""The PNG backend: one ``Page`` rasterised by cairosvg from its SVG, on white.

Drawing once and rasterising the SVG keeps the picture the same as the vector files.  The
packaged typeface is added to fontconfig (the font lookup cairo uses) before the first
page is drawn, so PNG text is set in the same font, at the same widths, as the PDF's; the
SVG's embedded copy of it (its ``@font-face`` style) is left out of what cairosvg parses.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import io
import os
import re
from functools import cache
from pathlib import Path

from printkit.draw.model import Page
from printkit.draw.svg import page_svg
from printkit.draw.text import FONT_DIR
from printkit.fileio import write_atomic

__all__ = ["page_png", "png_size", "save_png", "svg_png"]


def png_size(page: Page, dpi: float = 100) -> tuple[int, int]:
    """The pixel size of the page at ``dpi``: ``mm * dpi / 25.4``, rounded as cairosvg does."""
    return (round(page.width * dpi / 25.4), round(page.height * dpi / 25.4))


def page_png(page: Page, dpi: float = 100) -> bytes:
    """The page as PNG bytes at ``dpi`` pixels per inch, white where nothing is drawn."""
    if not dpi > 0:
        raise ValueError(f"page {page.label!r}: dpi must be positive, not {dpi}")
    return svg_png(page_svg(page), dpi)


def svg_png(svg: str, dpi: float = 100) -> bytes:
    """A page's SVG text (from :func:`page_svg`, with or without a title: the title is not
    drawn) rasterised as PNG bytes at ``dpi``, white where nothing is drawn.  A plain
    function of plain values, so that a pool of processes can render previews."""
    _add_packaged_fonts()
    from cairosvg.parser import Tree  # heavy (cairo through cffi): only when a PNG is made
    from cairosvg.surface import PNGSurface
    from PIL import Image  # cairosvg imports it too

    tree = Tree(bytestring=_FONT_STYLE.sub("", svg, count=1).encode("utf-8"))
    surface = PNGSurface(tree, None, dpi, background_color="white").cairo
    surface.flush()
    size = (surface.get_width(), surface.get_height())
    # Cairo's pixels are premultiplied BGRA ("BGRa" to Pillow's raw decoder).
    image = Image.frombuffer("RGBA", size, surface.get_data(), "raw", "BGRa", surface.get_stride())
    if image.getextrema()[3][0] == 255:  # opaque throughout: RGB, as cairo would write it
        image = image.convert("RGB")
    out = io.BytesIO()
    image.save(out, "PNG", compress_level=PNG_EFFORT)
    return out.getvalue()


PNG_EFFORT = 3
"""zlib's effort for the PNG data (1-9): 3 gives files within 1 % of 6 (cairo's own choice)
in two thirds of the time, a third of a build's preview time."""

_FONT_STYLE = re.compile(r"<style[^>]*>.*?</style>", re.DOTALL)
"""The SVG's ``@font-face`` rules (the typeface as base64): cairo takes it from fontconfig,
and parsing the rules cost a sixth of a page's rasterising."""


@cache
def _add_packaged_fonts() -> bool:
    """Make the packaged typeface known to fontconfig for this process (before cairo first
    looks fonts up); False where no fontconfig library is found (the SVG's fallback fonts
    are used then)."""
    name = ctypes.util.find_library("fontconfig")
    if name is None:
        return False
    library = ctypes.CDLL(name)
    library.FcConfigAppFontAddDir.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
    library.FcConfigAppFontAddDir.restype = ctypes.c_int
    return bool(library.FcConfigAppFontAddDir(None, os.fsencode(str(FONT_DIR))))


def save_png(page: Page, path: str | os.PathLike[str], dpi: float = 100) -> Path:
    """Write the page as a PNG file at ``path`` atomically; return the path."""
    return write_atomic(path, page_png(page, dpi))
