"""The duplex calibration sheet: read a printer's Side B offset and turn off a printout.

Side A carries five cross-hairs.  Side B carries, behind each of them, a pair of
millimetre rulers drawn in Side B's own page coordinates (x to the right, y down).
Held against a light with Side B facing you, each Side A line crosses a ruler at
the printer's error with the sign reversed: adding the two readings to
``print.back_offset`` cancels it.

A turn is read on two angle scales, near the top and the bottom of the sheet at equal
distances ``L`` from its centre.  A printer that turns Side B by ``e`` (clockwise, about
the centre) and shifts it by ``d`` moves the top scale by ``d + L sin e`` and the bottom
one by ``d - L sin e``; the bottom scale is numbered the other way round, so the mean of
the two readings is ``-e`` whatever the shift, and adding it to ``print.back_offset``'s
third number cancels the turn.

Without a light, the sheet is read by cutting: short slits on Side A (a cut file, for a
knife or a cutting machine) run along the cross-hairs where they pass over Side B's
rulers and angle scales; cut through the paper, each shows on Side B where Side A's line
lies, and reads the same way.
"""

from __future__ import annotations

import math

from printkit.draw.model import Affine, Page, Point, Polyline, Role, Style, Text
from printkit.draw.text import fit_size
from printkit.i18n import MINUS, _, pgettext
from printkit.layout.config import Layout
from printkit.layout.sheet import Sheet, back_transform, content_box, new_page, page_size

__all__ = [
    "calibration_sheet",
    "calibration_sheets",
    "calibration_targets",
    "RULER_HALF",
    "RULER_STEP",
    "RULER_GAP",
    "ANGLE_HALF",
    "angle_points",
]

RULER_HALF = 8.0
"""Each ruler reads from -RULER_HALF to +RULER_HALF mm."""
RULER_STEP = 0.5
"""Distance between ruler ticks, mm."""
RULER_GAP = 10.0
"""How far each ruler lies from its target, mm."""

ANGLE_HALF = 2.0
"""Each angle scale reads from -ANGLE_HALF to +ANGLE_HALF degrees, in tenths."""

LINE = Style(stroke="#000000", width=0.25)
THIN = Style(stroke="#000000", width=0.12)


def calibration_targets(size: tuple[float, float], margin: float) -> list[tuple[float, float]]:
    """Where the cross-hairs sit on Side A: the centre and near the four corners."""
    x0, y0, x1, y1 = content_box(size, margin)
    inset = 40.0
    return [
        ((x0 + x1) / 2, (y0 + y1) / 2),
        (x0 + inset, y0 + inset),
        (x1 - inset, y0 + inset),
        (x0 + inset, y1 - inset),
        (x1 - inset, y1 - inset),
    ]


def angle_points(size: tuple[float, float], margin: float) -> tuple[Point, Point]:
    """The zero points of the top and bottom angle scales, in Side B coordinates: on the
    sheet's vertical centre line, equally far above and below its centre."""
    w, h = size
    _x0, y0, _x1, y1 = content_box(size, margin)
    arm = min(h / 2 - y0, y1 - h / 2) - 10.0
    return (w / 2, h / 2 - arm), (w / 2, h / 2 + arm)


def _angle_scale(zero: Point, arm: float, sign: int) -> list:
    """A horizontal scale in degrees through ``zero``, ticks below it; ``sign`` = +1 numbers
    it increasing to the right (top scale), -1 to the left (bottom scale)."""
    x, y = zero
    steps = round(ANGLE_HALF * 10)
    reach = arm * math.tan(math.radians(ANGLE_HALF))
    items: list = [Polyline(((x - reach - 4, y), (x + reach + 4, y)), THIN, Role.MARK)]
    for k in range(-steps, steps + 1):
        u = x + sign * arm * math.tan(math.radians(k / 10))
        length = 3.2 if k % 10 == 0 else 2.2 if k % 5 == 0 else 1.2
        items.append(Polyline(((u, y), (u, y + length)), THIN, Role.MARK))
        if k % 10 == 0:
            figure = f"{k // 10:+d}".replace("-", MINUS) if k else "0"
            row = 4.8 if k % 20 == 0 else 7.2  # whole degrees lie 2 mm apart: two rows
            items.append(Text((u, y + row), figure, 1.6, role=Role.LABEL))
            if row > 4.8:
                items.append(Polyline(((u, y + length), (u, y + row - 1.2)), THIN, Role.MARK))
    # TRANSLATORS: the name of the angle scales on the calibration sheet, in degrees.
    items.append(Text((x + reach + 5.5, y + 1.6), _("angle °"), 2.4, anchor="start", bold=True))
    return items


SLIT = Style(stroke="#000000", width=0.5)
"""A slit to cut through the sheet, printed thicker than the cross-hair it lies on."""


def _slit(zero: Point, along: Point, turn: Affine) -> Polyline:
    """A cut on Side A across the scale whose zero is at ``zero`` (Side B coordinates),
    running in direction ``along`` over the baseline and its ticks."""
    (x, y), (dx, dy) = zero, along
    ends = ((x - 4.0 * dx, y - 4.0 * dy), (x + 3.8 * dx, y + 3.8 * dy))
    return Polyline(tuple(turn(p) for p in ends), SLIT, Role.CUT)


def _slits(target: Point, turn: Affine) -> list:
    """The cuts across the two rulers of a target given in Side B coordinates: cut through
    the paper, each shows on Side B where Side A's line lies, with no light needed."""
    x, y = target
    return [
        _slit((x, y + RULER_GAP), (0.0, 1.0), turn),
        _slit((x + RULER_GAP, y), (1.0, 0.0), turn),
    ]


def _cross(x: float, y: float, arm: float = 24.0) -> list:
    return [
        Polyline(((x - arm, y), (x + arm, y)), LINE, Role.MARK),
        Polyline(((x, y - arm), (x, y + arm)), LINE, Role.MARK),
    ]


def _rulers(x: float, y: float) -> list:
    """Rulers for the target at (x, y), in page coordinates.

    The x ruler lies ``RULER_GAP`` below the target and reads Side A's vertical line;
    the y ruler lies ``RULER_GAP`` to its right and reads the horizontal line.  Each
    ruler's zero is on the target's line, so the two never need to cross.
    """
    items: list = []
    steps = round(RULER_HALF / RULER_STEP)
    hy, vx = y + RULER_GAP, x + RULER_GAP
    items.append(Polyline(((x - RULER_HALF, hy), (x + RULER_HALF, hy)), THIN, Role.MARK))
    items.append(Polyline(((vx, y - RULER_HALF), (vx, y + RULER_HALF)), THIN, Role.MARK))
    for k in range(-steps, steps + 1):
        v = k * RULER_STEP
        length = 3.2 if k % 8 == 0 else 2.4 if k % 4 == 0 else 1.6 if k % 2 == 0 else 1.0
        items.append(Polyline(((x + v, hy), (x + v, hy + length)), THIN, Role.MARK))
        items.append(Polyline(((vx, y + v), (vx + length, y + v)), THIN, Role.MARK))
        if k % 8 == 0:
            figure = f"{v:+g}".replace("-", MINUS) if k else "0"
            items.append(Text((x + v, hy + 4.6), figure, 1.8, role=Role.LABEL))
            items.append(Text((vx + 3.8, y + v), figure, 1.8, anchor="start", role=Role.LABEL))
    items.append(Text((x - RULER_HALF - 1.5, hy + 1.5), "x", 2.4, anchor="end", bold=True))
    items.append(Text((vx + 1.5, y - RULER_HALF - 2.4), "y", 2.4, bold=True))
    return items


def calibration_sheet(layout: Layout) -> Sheet:
    """Two sides: cross-hairs on Side A, rulers behind them on Side B."""
    size = page_size(layout)
    title = _("Duplex calibration")
    front = new_page(size, layout.margin, title, _("Side A"))
    back = new_page(size, layout.margin, title, _("Side B"))
    targets = calibration_targets(size, layout.margin)
    flip = back_transform(size, layout.flip, layout.back_offset)
    turn = back_transform(size, layout.flip)  # the turn-over alone, which is its own inverse
    for x, y in targets:
        front.extend(_cross(x, y))
        back.extend(_rulers(*flip((x, y))))
        front.extend(_slits(turn((x, y)), turn))
    top, bottom = angle_points(size, layout.margin)
    arm = size[1] / 2 - top[1]
    for zero, sign in ((top, 1), (bottom, -1)):
        x, y = turn(zero)  # where Side A's line must be for Side B's scale to read 0
        front.add(Polyline(((x, y - 6.0), (x, y + 6.0)), LINE, Role.MARK))
        front.add(_slit(zero, (0.0, 1.0), turn))
        back.extend(_angle_scale(flip(turn(zero)), arm, sign))
    x0, y0, x1, _y1 = content_box(size, layout.margin)
    band = (targets[1][1] + 26.0 + targets[0][1] - 26.0) / 2  # between the crosses' arms
    # TRANSLATORS: the edge a double-sided sheet turns over on ("the long edge").
    edge = pgettext("edge", "long") if layout.flip == "long" else pgettext("edge", "short")
    # The steps keep their line breaks ("\n", each next line indented) in every language.
    _instructions(
        front,
        x0,
        band - 4.0,
        x1 - x0,
        [
            _(
                "1. Print this file double-sided at actual size, turning over on the {edge} "
                "edge, exactly as you will print kits."
            ).format(edge=edge),
            # TRANSLATORS: four lines on the calibration sheet: keep the line breaks (\n) and
            # the three spaces that indent the lines after the first.
            _(
                "2. Hold the sheet against a window with Side B towards you.\n"
                "   No window or light? Cut through the paper along the short thick slits on\n"
                "   Side A (a craft knife and a ruler, or a cutting machine with\n"
                "   {file}), turn over and read where each slit crosses."
            ).format(file="duplex-calibration-cut.svg"),
        ],
    )
    x, y, angle = layout.back_offset
    _instructions(
        back,
        x0,
        band - 14.0,
        x1 - x0,
        [
            # TRANSLATORS: three lines on the calibration sheet: keep the line breaks (\n)
            # and the indent; x and y are the names printed on the rulers.
            _(
                "3. At each pair of rulers, read where the dark Side A lines (or the slits)\n"
                "   cross them: x on the horizontal ruler, y on the vertical one (mm, signs\n"
                "   as printed)."
            ),
            # TRANSLATORS: two lines on the calibration sheet: keep the line break (\n).
            _(
                "4. At the two angle scales (top and bottom), read where the Side A line (or\n"
                "   slit) crosses, in degrees (each tick 0.1)."
            ),
            # TRANSLATORS: three lines on the calibration sheet: keep the line breaks (\n);
            # print.back_offset = [X, Y, ANGLE] is a setting, written as in the layout file.
            _(
                "5. Add the x and y readings (averaged over the five rulers) and the mean of\n"
                "   the two angles to print.back_offset = [X, Y, ANGLE] in your layout file;\n"
                "   now {offset}. Reprint: every line should cross at 0."
            ).format(offset=f"[{x:g}, {y:g}, {angle:g}]"),
        ],
    )
    return Sheet(
        "calibration",
        "duplex-calibration",
        title,
        front,
        back,
        stock=_("plain paper"),
        steps=[
            _(
                "Print double-sided and read the printer's back-side shift and turn (see "
                "the sheet); put them in your layout file as print.back_offset."
            )
        ],
    )


def _instructions(page: Page, x: float, y: float, width: float, steps: list[str]) -> None:
    """The ``steps`` (each one or more lines, broken at ``\\n``) from ``(x, y)`` down, at one
    size that fits every line into ``width``."""
    lines = [line for step in steps for line in step.split("\n")]
    size = min(fit_size(line, width, 3.0) for line in lines)
    for k, line in enumerate(lines):
        page.add(Text((x, y + 4.2 * k), line, size, anchor="start", role=Role.INFO))


def calibration_sheets(layout: Layout) -> list[Sheet]:
    """The calibration kit: its one sheet."""
    return [calibration_sheet(layout)]
