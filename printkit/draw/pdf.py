"""The PDF backend: a ``Document`` written with reportlab, one PDF page per ``Page``.

Page millimetres (origin top left, y down) become PDF points (origin bottom left, y up)
by ``pt = mm * 72 / 25.4`` and a flip of y, applied to every coordinate as it is
written, so the content stream holds page coordinates with no transform except around
rotated text.  Output is reproducible: reportlab's invariant mode leaves out dates and
random ids, and every number passes through reportlab's fixed formatting.
"""

from __future__ import annotations

import io
import os
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from printkit.draw.model import (
    MIDLINE,
    Circle,
    Document,
    Item,
    Page,
    Point,
    Polygon,
    Style,
    Text,
    rgb,
)
from printkit.draw.text import font_name
from printkit.fileio import write_atomic

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

__all__ = ["PT_PER_MM", "mm_to_pt", "pdf_bytes", "save_pdf"]

PT_PER_MM = 72 / 25.4
CREATOR = "printkit"
_DUPLEX = {"long": "DuplexFlipLongEdge", "short": "DuplexFlipShortEdge"}
EVEN_ODD = 0
"""reportlab's ``FILL_EVEN_ODD``: a path's holes stay open whichever way their outlines run."""
# SVG's default; set in the PDF too so sharp corners are cut off alike in every output.
MITER_LIMIT = 4.0


def mm_to_pt(v: float) -> float:
    """Millimetres to PDF points."""
    return v * PT_PER_MM


def pdf_bytes(doc: Document) -> bytes:
    """The whole document as PDF bytes, identical for identical documents."""
    if not doc.pages:
        raise ValueError(f"document {doc.title!r} has no pages to write")
    if doc.duplex not in (None, "long", "short"):
        raise ValueError(
            f"document {doc.title!r}: duplex must be 'long', 'short' or None, not {doc.duplex!r}"
        )
    from reportlab.pdfbase.pdfdoc import PDFName  # 30 ms of imports: not for a photo read
    from reportlab.pdfgen.canvas import Canvas  # (see above)

    buf = io.BytesIO()
    first = doc.pages[0]
    canvas = Canvas(
        buf,
        pagesize=(mm_to_pt(first.width), mm_to_pt(first.height)),
        invariant=1,
        pageCompression=1,
        initialFontName=font_name(False),  # no base-14 font referenced: every font embedded
    )
    canvas.setTitle(doc.title)
    canvas.setSubject(doc.subject)
    canvas.setCreator(CREATOR)
    canvas.setProducer(CREATOR)
    # Kits must print at actual size: ask viewers not to shrink to fit.
    canvas.setViewerPreference("PrintScaling", PDFName("None"))
    if doc.duplex is not None:
        canvas.setViewerPreference("Duplex", PDFName(_DUPLEX[doc.duplex]))
    for number, page in enumerate(doc.pages, 1):
        _write_page(canvas, page, number, doc.cmyk)
    canvas.save()
    return buf.getvalue()


def save_pdf(doc: Document, path: str | os.PathLike[str]) -> Path:
    """Write ``doc`` as a PDF file at ``path`` atomically; return the path."""
    return write_atomic(path, pdf_bytes(doc))


def _where(page: Page, number: int) -> str:
    return f"page {number}" + (f" ({page.label!r})" if page.label else "")


def _write_page(canvas: Canvas, page: Page, number: int, cmyk: bool = False) -> None:
    where = _where(page, number)
    if not (page.width > 0 and page.height > 0):
        raise ValueError(f"{where}: size {page.width} x {page.height} mm is not positive")
    canvas.setPageSize((mm_to_pt(page.width), mm_to_pt(page.height)))
    canvas.setTrimBox(_box(page.trim, page, f"{where}: trim box"))
    canvas.setBleedBox(_box(page.bleed, page, f"{where}: bleed box"))
    canvas.setMiterLimit(MITER_LIMIT)
    painter = _Painter(canvas, page.height, cmyk)
    for index, item in enumerate(page.painted()):
        try:
            painter.draw(item)
        except ValueError as exc:
            raise ValueError(f"{where}, item {index}: {exc}") from None
    canvas.showPage()


def _box(
    box: tuple[float, float, float, float] | None, page: Page, what: str
) -> tuple[float, float, float, float] | None:
    """A page box ``(x0, y0, x1, y1)`` in mm, y down, as a PDF rectangle in points."""
    if box is None:
        return None
    x0, y0, x1, y1 = box
    if not (x0 < x1 and y0 < y1):
        raise ValueError(f"{what} {box} is empty or reversed")
    return (mm_to_pt(x0), mm_to_pt(page.height - y1), mm_to_pt(x1), mm_to_pt(page.height - y0))


def cmyk(colour: str) -> tuple[float, float, float, float]:
    """``#rrggbb`` as naive CMYK fractions (full black generation, no ICC profile)."""
    r, g, b = rgb(colour)
    k = 1.0 - max(r, g, b)
    if k >= 1.0:
        return (0.0, 0.0, 0.0, 1.0)
    return tuple(
        round((1.0 - v - k) / (1.0 - k), 4)  # type: ignore[return-value]
        for v in (r, g, b)
    ) + (round(k, 4),)


@dataclass
class _Pen:
    """The graphics state last written, so unchanged settings are not written again."""

    fill: str | None = None
    stroke: str | None = None
    width: float | None = None
    dash: tuple[float, ...] = ()


class _Painter:
    """Draws items onto one page of a canvas."""

    def __init__(self, canvas: Canvas, page_height: float, cmyk: bool = False) -> None:
        self.canvas = canvas
        self.page_height = page_height
        self.pen = _Pen()
        self.cmyk = cmyk

    def fill_colour(self, colour: str) -> None:
        if self.cmyk:
            self.canvas.setFillColorCMYK(*cmyk(colour))
        else:
            self.canvas.setFillColorRGB(*rgb(colour))

    def stroke_colour(self, colour: str) -> None:
        if self.cmyk:
            self.canvas.setStrokeColorCMYK(*cmyk(colour))
        else:
            self.canvas.setStrokeColorRGB(*rgb(colour))

    def pt(self, p: Point) -> tuple[float, float]:
        return (p[0] * PT_PER_MM, (self.page_height - p[1]) * PT_PER_MM)

    def draw(self, item: Item) -> None:
        if isinstance(item, Text):
            self.text(item)
            return
        style = item.style
        fill = style.fill is not None
        stroke = style.stroke is not None and style.width > 0
        if not (fill or stroke):
            return  # nothing to see; SVG leaves it out too
        if not 0 <= style.opacity <= 1:
            raise ValueError(f"opacity {style.opacity} is outside 0..1")
        translucent = style.opacity < 1
        if translucent:
            saved = replace(self.pen)
            self.canvas.saveState()
            if fill:
                self.canvas.setFillAlpha(style.opacity)
            if stroke:
                self.canvas.setStrokeAlpha(style.opacity)
        self.paint(style, fill, stroke)
        if isinstance(item, Circle):
            x, y = self.pt(item.centre)
            self.canvas.circle(x, y, item.radius * PT_PER_MM, stroke=int(stroke), fill=int(fill))
        else:
            path = self.canvas.beginPath()
            outlines = [item.points] + list(item.holes if isinstance(item, Polygon) else ())
            for outline in outlines:
                if not outline:
                    continue
                path.moveTo(*self.pt(outline[0]))
                for p in outline[1:]:
                    path.lineTo(*self.pt(p))
                if isinstance(item, Polygon):
                    path.close()
            self.canvas.drawPath(path, stroke=int(stroke), fill=int(fill), fillMode=EVEN_ODD)
        if translucent:
            self.canvas.restoreState()
            self.pen = saved

    def paint(self, style: Style, fill: bool, stroke: bool) -> None:
        canvas, pen = self.canvas, self.pen
        if fill and style.fill != pen.fill:
            self.fill_colour(style.fill)  # type: ignore[arg-type]
            pen.fill = style.fill
        if stroke:
            if style.stroke != pen.stroke:
                self.stroke_colour(style.stroke)  # type: ignore[arg-type]
                pen.stroke = style.stroke
            if style.width != pen.width:
                canvas.setLineWidth(style.width * PT_PER_MM)
                pen.width = style.width
            if style.dash != pen.dash:
                if any(d < 0 for d in style.dash) or (style.dash and not any(style.dash)):
                    raise ValueError(
                        f"dash pattern {style.dash} needs non-negative lengths, not all zero"
                    )
                canvas.setDash([d * PT_PER_MM for d in style.dash], 0)
                pen.dash = style.dash

    def text(self, item: Text) -> None:
        if not item.text:
            return
        if item.size <= 0:
            raise ValueError(f"text {item.text!r} has font size {item.size} mm")
        canvas = self.canvas
        draw = {
            "start": canvas.drawString,
            "middle": canvas.drawCentredString,
            "end": canvas.drawRightString,
        }.get(item.anchor)
        if draw is None:
            raise ValueError(f"text {item.text!r} has unknown anchor {item.anchor!r}")
        size = item.size * PT_PER_MM
        if item.fill != self.pen.fill:
            self.fill_colour(item.fill)
            self.pen.fill = item.fill
        canvas.setFont(font_name(item.bold), size)
        x, y = self.pt(item.position)
        if item.angle % 360 == 0:
            draw(x, y - MIDLINE * size, item.text)
            return
        canvas.saveState()
        canvas.translate(x, y)
        canvas.rotate(-item.angle)  # y is up here, so a clockwise turn is a negative angle
        draw(0, -MIDLINE * size, item.text)
        canvas.restoreState()
