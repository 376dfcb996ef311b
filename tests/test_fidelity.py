"""What a printer sees: generated PDFs rasterised at 600 dpi and measured in pixels.

Sizes must come out within 0.1 mm, and Side B's registration marks must land within
0.1 mm behind Side A's once the sheet is turned over, for both flips on A4 and Letter.
The model only says where to look; every figure checked is measured on the raster.
"""

from __future__ import annotations

import math
from functools import cache

import cv2
import numpy as np
import pytest
from conftest import layout_for
from raster import MM, centroid_mm, column_peaks_mm, render, row_peaks_mm

from printkit.draw.model import Circle, Document, Page, Polyline, Role
from printkit.draw.pdf import pdf_bytes
from printkit.kits import KITS
from printkit.layout import calibration
from printkit.layout.sheet import CUT, back_transform

TOLERANCE = 0.1
PAPERS = ("a4", "letter")
FLIPS = ("long", "short")


@cache
def _sheets(kit: str, paper: str, flip: str = "long", offset=(0.0, 0.0)):
    return KITS[kit].build(
        layout_for(paper__size=paper, print__flip=flip, print__back_offset=offset)
    )


def _raster(page):
    return render(pdf_bytes(Document("measure", [page])))


def _scale_bar(page) -> Polyline:
    bars = [
        item
        for item in page.items
        if isinstance(item, Polyline)
        and item.role == Role.MARK
        and len(item.points) == 2
        and item.points[0][1] == item.points[1][1]
        and abs(item.points[1][0] - item.points[0][0] - 100.0) < 1e-9
    ]
    assert len(bars) == 1, f"{page.label}: expected one 100 mm scale bar, found {len(bars)}"
    return bars[0]


def _measured_bar_mm(grey, bar: Polyline) -> float:
    """Distance between the 0 and 100 mm ticks, measured just above the bar."""
    (x0, y), _ = bar.points
    ticks = column_peaks_mm(grey, x0 - 1.5, y - 2.2, x0 + 101.5, y - 1.4)
    assert len(ticks) == 3, f"expected the 0, 50 and 100 mm ticks, found {len(ticks)}"
    return ticks[-1] - ticks[0]


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("kit", sorted(KITS))
def test_every_scale_bar_prints_100_mm(kit, paper):
    for sheet in _sheets(kit, paper):
        for page in sheet.pages:
            measured = _measured_bar_mm(_raster(page), _scale_bar(page))
            assert abs(measured - 100.0) <= TOLERANCE, (sheet.stem, page.label, measured)


def _mark_centres(page) -> list[tuple[float, float]]:
    return [
        item.centre
        for item in page.items
        if isinstance(item, Circle) and item.role == Role.MARK and item.radius == 1.5
    ]


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("flip", FLIPS)
@pytest.mark.parametrize("kit", sorted(KITS))
def test_back_marks_land_behind_front_marks(kit, paper, flip):
    two_sided = [s for s in _sheets(kit, paper, flip) if s.back is not None]
    for sheet in two_sided:
        front_marks = _mark_centres(sheet.front)
        if not front_marks:
            continue
        size = (sheet.front.width, sheet.front.height)
        turn = back_transform(size, flip)  # the physical turn-over, no printer offset
        front, back = _raster(sheet.front), _raster(sheet.back)
        for x, y in front_marks:
            fx, fy = centroid_mm(front, x - 3, y - 3, x + 3, y + 3)
            bx, by = turn((x, y))
            mx, my = centroid_mm(back, bx - 3, by - 3, bx + 3, by + 3)
            seen_x, seen_y = turn((mx, my))  # the turn is its own inverse
            error = math.hypot(seen_x - fx, seen_y - fy)
            assert error <= TOLERANCE, (sheet.stem, flip, (x, y), error)


@pytest.mark.parametrize("paper", PAPERS)
def test_board_cells_print_at_their_size(paper):
    layout = layout_for(paper__size=paper, tripakus__coordinates=False)
    sheet = next(s for s in KITS["tripakus"].build(layout) if s.stem == "board-full")
    page = sheet.front
    # The board's outline is printed in the cut style; the cut itself runs round the board
    # and its markers.
    outline = max(
        (item for item in page.items if item.role == Role.LINE and item.style == CUT),
        key=lambda item: len(item.points),
    )
    apex = min(outline.points, key=lambda p: p[1])
    bottom = max(p[1] for p in outline.points)
    side = float(layout["tripakus"]["cell"])
    strip = apex[0] + side / 4
    # Grid lines print grey; at 0.4 of the darkest the diagonals crossing the strip drop out.
    lines = row_peaks_mm(_raster(page), strip - 0.5, apex[1] - 2, strip + 0.5, bottom + 2, 0.4)
    spacing = np.diff(lines)
    measured_side = float(np.polyfit(np.arange(len(lines)), lines, 1)[0]) * 2 / math.sqrt(3)
    assert len(lines) == int(layout["tripakus"]["board_size"])
    assert abs(measured_side - side) <= TOLERANCE / 10, measured_side
    assert np.all(np.abs(spacing * 2 / math.sqrt(3) - side) <= TOLERANCE), spacing


# --- the calibration sheet, read as a person would read it ----------------------------


def _seen_from_side_b(front_grey: np.ndarray, flip: str, landscape: bool) -> np.ndarray:
    """Side A as seen through the paper from Side B: the page turned over."""
    left_right = (flip == "long") != landscape
    return front_grey[:, ::-1] if left_right else front_grey[::-1, :]


def _printed_with_error(
    grey: np.ndarray, dx_mm: float, dy_mm: float, degrees: float = 0.0
) -> np.ndarray:
    """A raster as a printer that turns Side B by ``degrees`` (clockwise, about the sheet
    centre) and then shifts it by (dx, dy) mm would print it."""
    if not degrees:
        shifted = np.full_like(grey, 255)
        dx, dy = round(dx_mm * MM), round(dy_mm * MM)
        h, w = grey.shape
        shifted[max(dy, 0) : h + min(dy, 0), max(dx, 0) : w + min(dx, 0)] = grey[
            max(-dy, 0) : h - max(dy, 0), max(-dx, 0) : w - max(dx, 0)
        ]
        return shifted
    h, w = grey.shape
    t = math.radians(degrees)
    cos, sin = math.cos(t), math.sin(t)
    cx, cy = w / 2, h / 2
    forward = np.array(
        [
            [cos, -sin, cx - cos * cx + sin * cy + dx_mm * MM],
            [sin, cos, cy - sin * cx - cos * cy + dy_mm * MM],
        ]
    )
    return cv2.warpAffine(grey, forward, (w, h), flags=cv2.INTER_LINEAR, borderValue=255)


def _side_a_seen(sheet, flip: str, slits: bool) -> np.ndarray:
    """Side A as seen from Side B: its printed lines against the light, or (``slits``) only
    the slits cut through the paper, which show without a light."""
    front = sheet.front
    if slits:
        front = Page(front.width, front.height, [i for i in front.items if i.role == Role.CUT])
    return _seen_from_side_b(_raster(front), flip, front.width > front.height)


def _read_rulers(layout, printer_error: tuple[float, ...], each: bool = False, slits=False):
    """The averaged (x, y) readings a person takes at the five rulers (``each``: the
    readings at every ruler pair, in the order of ``calibration_targets``)."""
    sheet = calibration.calibration_sheet(layout)
    size = (sheet.front.width, sheet.front.height)
    seen = _side_a_seen(sheet, layout.flip, slits)
    back = _printed_with_error(_raster(sheet.back), *printer_error)
    turn = back_transform(size, layout.flip)
    gap, half = calibration.RULER_GAP, calibration.RULER_HALF
    readings_x, readings_y = [], []
    for target in calibration.calibration_targets(size, layout.margin):
        x, y = turn(target)  # where the target sits in Side B coordinates
        # Find each ruler's printed baseline first: the printer may have moved it.
        (hy,) = row_peaks_mm(back, x - half, y + gap - 4, x + half, y + gap + 4, 0.7)
        (vx,) = column_peaks_mm(back, x + gap - 4, y - half, x + gap + 4, y + half, 0.7)
        # The longest ticks (every 4 mm) reach 3.2 mm from the baseline, the next 2.4 mm.
        ticks = column_peaks_mm(back, x - half - 4, hy + 2.6, x + half + 4, hy + 3.0)
        line = column_peaks_mm(seen, x - half - 4, hy - 1.5, x + half + 4, hy - 0.5)
        readings_x.append(_reading(line, ticks))
        ticks = row_peaks_mm(back, vx + 2.6, y - half - 4, vx + 3.0, y + half + 4)
        line = row_peaks_mm(seen, vx - 1.5, y - half - 4, vx - 0.5, y + half + 4)
        readings_y.append(_reading(line, ticks))
    if each:
        return list(zip(readings_x, readings_y, strict=True))
    return float(np.mean(readings_x)), float(np.mean(readings_y))


def _read_angle(layout, printer_error: tuple[float, ...], slits: bool = False) -> float:
    """The mean of the two angle scales' readings, in degrees, as a person takes it."""
    sheet = calibration.calibration_sheet(layout)
    size = (sheet.front.width, sheet.front.height)
    seen = _side_a_seen(sheet, layout.flip, slits)
    back = _printed_with_error(_raster(sheet.back), *printer_error)
    readings = []
    for (x, y), sign in zip(calibration.angle_points(size, layout.margin), (1, -1), strict=True):
        # The baseline is the only row inked all along (ticks are 0.12 mm every 0.2 mm).
        (hy,) = row_peaks_mm(back, x - 6, y - 3, x + 6, y + 3, 0.8)
        ticks = column_peaks_mm(back, x - 8, hy + 2.6, x + 8, hy + 3.0)
        assert len(ticks) == 5, f"expected the whole-degree ticks -2..+2, saw {len(ticks)}"
        line = column_peaks_mm(seen, x - 8, hy - 2.0, x + 8, hy - 0.6)
        assert len(line) == 1, f"expected one Side A line across the angle scale, saw {line}"
        per_degree = (ticks[-1] - ticks[0]) / 4.0
        readings.append(sign * (line[0] - ticks[2]) / per_degree)
    return float(np.mean(readings))


def _reading(line: list[float], ticks: list[float]) -> float:
    """Where the Side A line crosses a ruler, in the ruler's millimetres."""
    assert len(line) == 1, f"expected one Side A line across the ruler, saw {len(line)}"
    assert len(ticks) == 5, f"expected the -8, -4, 0, +4, +8 ticks, saw {len(ticks)}"
    zero, step = ticks[2], (ticks[-1] - ticks[0]) / 16.0
    return (line[0] - zero) / step


@pytest.mark.parametrize(
    ("paper", "flip", "error"),
    [
        ("a4", "long", (1.3, -0.8)),
        ("a4", "short", (-2.1, 0.6)),
        ("letter", "long", (0.4, 2.4)),
    ],
)
def test_calibration_reading_cancels_a_printer_offset(paper, flip, error):
    layout = layout_for(paper__size=paper, print__flip=flip)
    rx, ry = _read_rulers(layout, error)
    assert abs(rx + error[0]) <= 0.25 and abs(ry + error[1]) <= 0.25, (rx, ry)
    corrected = layout_for(paper__size=paper, print__flip=flip, print__back_offset=(rx, ry))
    after = _read_rulers(corrected, error)
    assert max(abs(after[0]), abs(after[1])) <= 0.25, after


@pytest.mark.parametrize(
    ("paper", "flip", "error"),
    [
        ("a4", "long", (1.3, -0.8, 0.5)),
        ("letter", "short", (-0.6, 1.1, -0.5)),
    ],
)
def test_calibration_reading_cancels_a_printer_turn(paper, flip, error):
    """A printer that turns Side B by half a degree: the sheet's angle scales read the turn,
    and with the three readings in print.back_offset every corner lands within 0.1 mm."""
    layout = layout_for(paper__size=paper, print__flip=flip)
    angle = _read_angle(layout, error)
    assert abs(angle + error[2]) <= 0.02, angle
    before = _read_rulers(layout, error, each=True)[1:]  # the four corner rulers
    assert max(math.hypot(x + error[0], y + error[1]) for x, y in before) > 0.5, before
    rx, ry = _read_rulers(layout, error)
    corrected = layout_for(
        paper__size=paper, print__flip=flip, print__back_offset=(rx, ry, round(angle, 2))
    )
    assert abs(_read_angle(corrected, error)) <= 0.02
    corners = _read_rulers(corrected, error, each=True)[1:]
    assert max(math.hypot(x, y) for x, y in corners) <= TOLERANCE, corners


def test_calibration_read_by_cutting_needs_no_light():
    """Only the slits cut through Side A, seen on Side B: the same readings as by the light."""
    layout = layout_for(paper__size="a4", print__flip="long")
    error = (0.9, -1.4, 0.3)
    rx, ry = _read_rulers(layout, error, slits=True)
    assert abs(rx + error[0]) <= 0.25 and abs(ry + error[1]) <= 0.25, (rx, ry)
    assert abs(_read_angle(layout, error, slits=True) + error[2]) <= 0.02
    sheet = calibration.calibration_sheet(layout)
    assert len([i for i in sheet.front.items if i.role == Role.CUT]) == 12
