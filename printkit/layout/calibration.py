"""The duplex calibration sheet: read a printer's Side B offset off a printout.

Side A carries five cross-hairs.  Side B carries, behind each of them, a pair of
millimetre rulers drawn in Side B's own page coordinates (x to the right, y down).
Held against a light with Side B facing you, each Side A line crosses a ruler at
the printer's error with the sign reversed: adding the two readings to
``print.back_offset`` cancels it.
"""

from __future__ import annotations

from printkit.draw.model import Page, Polyline, Role, Style, Text
from printkit.layout.config import Layout
from printkit.layout.sheet import Sheet, back_transform, content_box, new_page, page_size

__all__ = ["calibration_sheet", "calibration_sheets", "calibration_targets", "RULER_HALF", "RULER_STEP"]

RULER_HALF = 6.0
"""Each ruler reads from -RULER_HALF to +RULER_HALF mm."""
RULER_STEP = 0.5
"""Distance between ruler ticks, mm."""

LINE = Style(stroke="#000000", width=0.25)
THIN = Style(stroke="#000000", width=0.12)


def calibration_targets(size: tuple[float, float], margin: float) -> list[tuple[float, float]]:
    """Where the cross-hairs sit on Side A: the centre and near the four corners."""
    x0, y0, x1, y1 = content_box(size, margin)
    inset = 35.0
    return [((x0 + x1) / 2, (y0 + y1) / 2), (x0 + inset, y0 + inset), (x1 - inset, y0 + inset),
            (x0 + inset, y1 - inset), (x1 - inset, y1 - inset)]


def _cross(x: float, y: float, arm: float = 14.0) -> list:
    return [Polyline(((x - arm, y), (x + arm, y)), LINE, Role.MARK),
            Polyline(((x, y - arm), (x, y + arm)), LINE, Role.MARK)]


def _rulers(x: float, y: float) -> list:
    """A horizontal and a vertical ruler crossing at (x, y), in page coordinates."""
    items: list = []
    steps = round(RULER_HALF / RULER_STEP)
    items.append(Polyline(((x - RULER_HALF, y), (x + RULER_HALF, y)), THIN, Role.MARK))
    items.append(Polyline(((x, y - RULER_HALF), (x, y + RULER_HALF)), THIN, Role.MARK))
    for k in range(-steps, steps + 1):
        v = k * RULER_STEP
        length = 2.2 if k % 2 == 0 else 1.2
        if k % 4 == 0:
            length = 3.2
        items.append(Polyline(((x + v, y), (x + v, y + length)), THIN, Role.MARK))
        items.append(Polyline(((x, y + v), (x + length, y + v)), THIN, Role.MARK))
        if k % 4 == 0 and k != 0:
            items.append(Text((x + v, y + 5.0), f"{v:+g}", 1.8, role=Role.LABEL))
            items.append(Text((x + 4.0, y + v), f"{v:+g}", 1.8, anchor="start", role=Role.LABEL))
    items.append(Text((x + RULER_HALF + 1.5, y - 1.5), "x", 2.2, anchor="start", bold=True))
    items.append(Text((x - 1.5, y + RULER_HALF + 2.5), "y", 2.2, anchor="end", bold=True))
    return items


def calibration_sheet(layout: Layout) -> Sheet:
    """Two sides: cross-hairs on Side A, rulers behind them on Side B."""
    size = page_size(layout)
    title = "Duplex calibration"
    front = new_page(size, layout.margin, title, "Side A")
    back = new_page(size, layout.margin, title, "Side B")
    targets = calibration_targets(size, layout.margin)
    flip = back_transform(size, layout.flip, layout.back_offset)
    for x, y in targets:
        front.extend(_cross(x, y))
        back.extend(_rulers(*flip((x, y))))
    x0, y0, x1, _ = content_box(size, layout.margin)
    _instructions(front, x0, y0 + 4, [
        "1. Print this file double-sided at actual size, turning over on the "
        f"{layout.flip} edge, exactly as you will print kits.",
        "2. Hold the sheet against a window with Side B towards you.",
    ])
    _instructions(back, x0, y0 + 4, [
        "3. At each ruler, read where the dark Side A line crosses it: x on the",
        "   horizontal ruler, y on the vertical one (mm, signs as printed).",
        "4. Add the readings (averaged over the five rulers) to print.back_offset",
        f"   in your layout file; now [{layout.back_offset[0]:g}, {layout.back_offset[1]:g}].",
        "   Reprint: every line should now cross its ruler at 0.",
    ])
    del x1
    return Sheet("calibration", "duplex-calibration", title, front, back, stock="plain paper",
                 steps=["Print double-sided and read the printer's back-side offset (see the "
                        "sheet); put it in your layout file as print.back_offset."])


def _instructions(page: Page, x: float, y: float, lines: list[str]) -> None:
    for k, line in enumerate(lines):
        page.add(Text((x, y + 4.2 * k), line, 3.0, anchor="start", role=Role.INFO))


def calibration_sheets(layout: Layout) -> list[Sheet]:
    """The calibration kit: its one sheet."""
    return [calibration_sheet(layout)]
