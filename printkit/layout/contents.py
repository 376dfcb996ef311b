"""The contents page of a kit: every file, how to print it, and how to put the kit together.

It is set from the kit's manifest (the same data written as ``manifest.json``), so the
page and the JSON cannot disagree.
"""

from __future__ import annotations

from printkit.draw.model import Page
from printkit.errors import FitError
from printkit.layout.config import Layout
from printkit.layout.sheet import content_box, new_page, page_size
from printkit.layout.textflow import Bullets, FlowStyle, Heading, Paragraph, flow

__all__ = ["contents_pages"]

STYLE = FlowStyle(body=3.0, heading=3.8, paragraph_gap=1.2, heading_gap=3.2)
GUTTER = 8.0


CUTTER_NOTES = {
    "silhouette": "Sheets with a cut file carry Silhouette registration marks. In Silhouette "
    "Studio set the page to this paper, turn on registration marks {marks} with length "
    "{length_mm:g} mm, thickness {thickness_mm:g} mm and inset {inset_mm:g} mm, open the "
    "sheet's -cut.svg (or .dxf) at the page's top-left corner, delete its marks layer and cut.",
    "scanncut": "Sheets with a cut file carry the four ScanNCut print-and-cut marks. Import "
    "the sheet's -cut.svg into CanvasWorkspace at 100 % on a page of this paper; its marks "
    "layer shows where the machine finds the printed marks.",
    "cricut": "Sheets with a cut file keep everything inside Cricut's Print Then Cut area "
    "(6.75 x 9.25 in, centred). Design Space prints its own marks: upload the sheet's "
    "Side A image and its -cut.svg, place both at the same size and print from Design Space.",
}
"""What the contents page says about each cutting machine (``print.cutter``)."""


def _blocks(data: dict) -> list:
    blocks: list = [
        Paragraph(
            f"Everything the **{data['title']}** kit prints, on {data['paper'].upper()} paper, "
            f"{data['ink']} ink. Print every file at actual size (100 %, no fit-to-page): each "
            "sheet's 100 mm scale bar tells you whether the printer kept the size."
        )
    ]
    turn = data.get("back_turn_degrees", 0.0)
    if any(data["back_offset_mm"]) or turn:
        x, y = data["back_offset_mm"]
        moved = f"shifted by {x:g}, {y:g} mm"
        if turn:
            moved += f" and turned by {turn:g}°"
        blocks.append(Paragraph(f"Side B pages are {moved} for this printer (print.back_offset)."))
    cutter = data.get("cutter")
    if cutter:
        blocks.append(Paragraph(CUTTER_NOTES[cutter["machine"]].format(**cutter)))
    for sheet in data["sheets"]:
        copies = sheet["copies"]
        lines = [
            f"Print {copies} cop{'y' if copies == 1 else 'ies'} on {sheet['stock']}, "
            f"{sheet['print']}.",
            "Files: " + ", ".join(sheet["files"]) + ".",
        ]
        cutting = sheet.get("cutting")
        if cutting:
            lines.append(
                f"Cutting: {cutting['cut_length_mm'] / 1000:.2f} m of cut line, "
                f"{cutting['straight_cuts']} straight cuts"
                + (f", {cutting['circles']} circles" if cutting["circles"] else "")
                + "."
            )
        lines.extend(sheet["steps"])
        blocks += [Heading(sheet["title"]), Bullets(tuple(lines))]
    return blocks


def contents_pages(data: dict, layout: Layout) -> list[Page]:
    """The contents of a kit, from its manifest data, in two columns over as many pages as
    it needs (up to four)."""
    size = page_size(layout)
    x0, y0, x1, y1 = content_box(size, layout.margin)
    half = (x1 - x0 - GUTTER) / 2
    columns = [(x0, y0 + 2, x0 + half, y1), (x1 - half, y0 + 2, x1, y1)]
    blocks = _blocks(data)
    for count in range(1, 5):
        try:
            placed = flow(blocks, columns * count, STYLE)
        except FitError:
            continue
        pages = []
        for k in range(count):
            side = f"page {k + 1} of {count}" if count > 1 else None
            page = new_page(size, layout.margin, f"{data['title']} · contents", side)
            page.extend(placed[2 * k] + placed[2 * k + 1])
            pages.append(page)
        return pages
    raise FitError(f"the contents of the {data['title']} kit do not fit on four pages")
