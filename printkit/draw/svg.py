"""The SVG backend: one ``Page`` as an SVG document written with svgwrite.

The page is ``width``mm by ``height``mm with a viewBox of the same numbers, so one user
unit is one millimetre and model coordinates are written unchanged (SVG's y already
grows downwards).  Every element carries ``class="<role>"`` so a cutting machine's file
can be made by selecting roles.  Numbers are written with at most four decimals and no
trailing zeros, and no ids are generated, so the same page gives the same text.
"""

from __future__ import annotations

import base64
import io
import os
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from printkit.draw.model import (
    MIDLINE,
    Circle,
    Item,
    Page,
    Point,
    Polygon,
    Polyline,
    Style,
    Text,
    rgb,
)
from printkit.draw.text import FAMILY, FONT_DIR
from printkit.fileio import write_atomic

if TYPE_CHECKING:
    import svgwrite
    from svgwrite.base import BaseElement

__all__ = ["FONT_FAMILY", "fmt", "page_svg", "save_svg"]

FONT_FAMILY = f"'{FAMILY}', Helvetica, Arial, sans-serif"
_XML_DECLARATION = '<?xml version="1.0" encoding="utf-8" ?>\n'


def fmt(v: float) -> str:
    """A number with at most four decimals, trailing zeros and a negative zero removed."""
    s = f"{v:.4f}".rstrip("0").rstrip(".")
    return "0" if s == "-0" else s


def page_svg(page: Page, title: str = "") -> str:
    """The page as the text of a standalone SVG file."""
    if not (page.width > 0 and page.height > 0):
        raise ValueError(
            f"page {page.label!r}: size {page.width} x {page.height} mm is not positive"
        )
    w, h = fmt(page.width), fmt(page.height)
    import svgwrite  # loaded when an SVG is written, not by every drawing import

    dwg = svgwrite.Drawing(size=(f"{w}mm", f"{h}mm"), viewBox=f"0 0 {w} {h}", debug=False)
    # SVG's default is 4 already; written out so the PDF's matching choice is visible here.
    dwg["stroke-miterlimit"] = "4"
    if title:
        dwg.set_desc(title=title)
    faces = font_faces(page)
    if faces:
        dwg.defs.add(dwg.style(faces))
    for index, item in enumerate(page.painted()):
        try:
            element = _element(dwg, item)
        except ValueError as exc:
            raise ValueError(f"page {page.label!r}, item {index}: {exc}") from None
        if element is not None:
            dwg.add(element)
    return _XML_DECLARATION + dwg.tostring() + "\n"


BASE_CHARACTERS = "".join(map(chr, range(0x20, 0x7F))) + "".join(map(chr, range(0xA0, 0x100)))
BASE_CHARACTERS += "–—‘’“”…•€"
"""The characters every embedded font subset holds (the pages' own are added when others
appear), so that one subset per weight serves every page."""


def font_faces(page: Page) -> str:
    """CSS ``@font-face`` rules embedding the typeface (a subset, base64) for the weights the
    page's text uses, so that SVG viewers set it as the PDF does; empty without text."""
    used: dict[bool, set[str]] = {}
    for item in page.items:
        if isinstance(item, Text) and item.text:
            used.setdefault(item.bold, set()).update(item.text)
    rules = []
    for bold in sorted(used):
        extra = "".join(sorted(used[bold] - set(BASE_CHARACTERS)))
        data = _font_subset(bold, extra)
        rules.append(
            f"@font-face{{font-family:'{FAMILY}';font-weight:{700 if bold else 400};"
            f"src:url(data:font/ttf;base64,{data})}}"
        )
    return "".join(rules)


@cache
def _font_subset(bold: bool, extra: str) -> str:
    """The packaged font cut down to ``BASE_CHARACTERS`` and ``extra``, base64 text, without
    its kerning and ligatures (``GPOS``, ``GSUB``): the layout measured every text without
    them, as the PDF sets it, so a viewer sets the SVG's text at the same widths."""
    from fontTools import subset  # slow to import: loaded for the first SVG with text
    from fontTools.ttLib import TTFont  # with the subsetter, on first use

    name = "NotoSans-Bold.ttf" if bold else "NotoSans-Regular.ttf"
    font = TTFont(str(FONT_DIR / name), recalcTimestamp=False)
    options = subset.Options()
    options.drop_tables += ["GPOS", "GSUB", "GDEF"]
    subsetter = subset.Subsetter(options)
    subsetter.populate(text=BASE_CHARACTERS + extra)
    subsetter.subset(font)
    out = io.BytesIO()
    font.save(out)
    return base64.b64encode(out.getvalue()).decode("ascii")


def save_svg(page: Page, path: str | os.PathLike[str], title: str = "") -> Path:
    """Write the page as an SVG file at ``path`` atomically; return the path."""
    return write_atomic(path, page_svg(page, title))


def _element(dwg: svgwrite.Drawing, item: Item) -> BaseElement | None:
    if isinstance(item, Text):
        return _text(dwg, item)
    paint = _paint(item.style)
    if paint is None:
        return None  # neither fill nor stroke: nothing to see (the PDF leaves it out too)
    paint["class_"] = str(item.role)
    if isinstance(item, Circle):
        x, y = item.centre
        return dwg.circle(center=(fmt(x), fmt(y)), r=fmt(item.radius), **paint)
    if isinstance(item, Polygon):
        if item.holes:
            paint["fill-rule"] = "evenodd"
        return dwg.path(d=_path_data([item.points, *item.holes], closed=True), **paint)
    if isinstance(item, Polyline):
        return dwg.path(d=_path_data([item.points], closed=False), **paint)
    raise ValueError(f"cannot draw {type(item).__name__}")


def _path_data(outlines: Iterable[tuple[Point, ...]], closed: bool) -> str:
    parts = []
    for outline in outlines:
        if not outline:
            continue
        cmds = [f"M{fmt(outline[0][0])} {fmt(outline[0][1])}"]
        cmds.extend(f"L{fmt(x)} {fmt(y)}" for x, y in outline[1:])
        if closed:
            cmds.append("Z")
        parts.append(" ".join(cmds))
    return " ".join(parts)


def _paint(style: Style) -> dict[str, str] | None:
    """Presentation attributes for a style, or None when it paints nothing."""
    fill = style.fill is not None
    stroke = style.stroke is not None and style.width > 0
    if not (fill or stroke):
        return None
    if not 0 <= style.opacity <= 1:
        raise ValueError(f"opacity {style.opacity} is outside 0..1")
    attrs: dict[str, str] = {}
    if fill:
        rgb(style.fill)  # type: ignore[arg-type]  # same check and message as the PDF
        attrs["fill"] = style.fill.lower()  # type: ignore[union-attr]
        if style.opacity < 1:
            attrs["fill-opacity"] = fmt(style.opacity)
    else:
        attrs["fill"] = "none"
    if stroke:
        rgb(style.stroke)  # type: ignore[arg-type]
        attrs["stroke"] = style.stroke.lower()  # type: ignore[union-attr]
        attrs["stroke-width"] = fmt(style.width)
        if style.dash:
            if any(d < 0 for d in style.dash) or not any(style.dash):
                raise ValueError(
                    f"dash pattern {style.dash} needs non-negative lengths, not all zero"
                )
            attrs["stroke-dasharray"] = ",".join(fmt(d) for d in style.dash)
        if style.opacity < 1:
            attrs["stroke-opacity"] = fmt(style.opacity)
    return attrs


def _text(dwg: svgwrite.Drawing, item: Text) -> BaseElement | None:
    if not item.text:
        return None
    if item.size <= 0:
        raise ValueError(f"text {item.text!r} has font size {item.size} mm")
    if item.anchor not in ("start", "middle", "end"):
        raise ValueError(f"text {item.text!r} has unknown anchor {item.anchor!r}")
    rgb(item.fill)
    x, y = item.position
    attrs = {
        "class_": str(item.role),
        "font-family": FONT_FAMILY,
        "font-size": fmt(item.size),
        "text-anchor": item.anchor,
        "fill": item.fill.lower(),
    }
    if item.bold:
        attrs["font-weight"] = "bold"
    angle = item.angle % 360
    if fmt(angle) not in ("0", "360"):
        attrs["transform"] = f"rotate({fmt(angle)} {fmt(x)} {fmt(y)})"
    # The baseline lies below the mid-line in the text's frame; rotating about the anchor
    # point carries that offset round with the glyphs.
    baseline = y + MIDLINE * item.size
    return dwg.text(item.text, x=[fmt(x)], y=[fmt(baseline)], **attrs)
