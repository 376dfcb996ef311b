"""The Tripod kit's sheets: the board (both halves on one sheet, or one half a sheet) and
the two-sided stone sheets."""

from __future__ import annotations

import math
from collections.abc import Sequence

from printkit.draw.model import Affine, Drawing, Item, Role, Text
from printkit.draw.text import fit_size
from printkit.errors import FitError
from printkit.games.tripod.board import TripodBoard
from printkit.games.tripod.components import (
    BLACK_STONE,
    HALF_NAMES,
    HALF_VARIANTS,
    KIT,
    LEGEND_INK,
    SPARE_STONES,
    TITLE,
    WHITE_STONE,
    Settings,
    board_picture,
    board_size,
    cell_sizes,
    half_drawing,
    pair_halves,
    stone_face_items,
    stones_per_colour,
)
from printkit.i18n import N_, _
from printkit.layout.config import Layout
from printkit.layout.sheet import (
    Fit,
    Sheet,
    content_box,
    duplex_step,
    new_page,
    orient_to_fit,
    page_size,
    place_centred,
    two_sided_block,
)

__all__ = [
    "sheets",
    "finished",
    "board_sheets",
    "stone_sheets",
    "largest_cell",
    "LEGEND",
    "STONE_GAP",
]

LEGEND = 12.0
"""Height kept under a board for its legend, mm."""
STONE_GAP = 1.5
"""Space between stones on the sheet, mm."""


# --- board sheets ---------------------------------------------------------------------------


def _board_box(size: tuple[float, float], layout: Layout) -> tuple[float, float, float, float]:
    x0, y0, x1, y1 = content_box(size, layout.margin)
    return (x0, y0, x1, y1 - LEGEND)


def _fitted(layout: Layout) -> tuple[list[Drawing], tuple[float, float]] | None:
    """The whole board on one sheet if it fits (halves side by side, then stacked), else one
    half a sheet, upright if possible; with the page size.  None if a half does not fit."""
    board = TripodBoard(board_size(layout))
    halves = [half_drawing(board, k, layout) for k in (0, 1)]
    sizes = (page_size(layout), page_size(layout, landscape=True))
    for across in (True, False):
        whole = pair_halves(halves, across)
        for size in sizes:
            box = _board_box(size, layout)
            if whole.width <= box[2] - box[0] + 1e-6 and whole.height <= box[3] - box[1] + 1e-6:
                return [whole], size
    for size in sizes:
        box = _board_box(size, layout)
        if all(
            h.width <= box[2] - box[0] + 1e-6 and h.height <= box[3] - box[1] + 1e-6 for h in halves
        ):
            return halves, size
    for size in sizes:
        turned = [orient_to_fit(h, _board_box(size, layout)) for h in halves]
        if all(t is not None for t in turned):
            return turned, size  # type: ignore[return-value]
    return None


def _legend(layout: Layout, size: tuple[float, float]) -> list[Item]:
    x0, _y0, x1, y1 = content_box(size, layout.margin)
    if layout.ink == "fill":
        perimeter = _(
            "Deeper tint and an inner ring: the perimeter. Each such cell is one cell shown on "
            "both halves under the same name; a stone played there goes on both halves."
        )
    else:
        perimeter = _(
            "An inner ring: the perimeter. Each such cell is one cell shown on both halves "
            "under the same name; a stone played there goes on both halves."
        )
    lines = [
        perimeter,
        _("Bold rings: the three corners, which a winning group must surround."),
    ]
    if layout.section(Settings).coordinates and layout.printing.labels:
        lines.append(
            # TRANSLATORS: the cell names (c5, c5') are record notation: keep them as they are.
            _(
                "Names: a letter for the place in the row counted from the left, a number "
                "for the row counted from the apex; a prime (c5') marks the second half's "
                "inner cells."
            )
        )
    return [
        Text(
            (x0, y1 - LEGEND + 2.0 + 3.8 * k),
            line,
            fit_size(line, x1 - x0, 2.6),
            fill=LEGEND_INK,
            anchor="start",
            role=Role.INFO,
        )
        for k, line in enumerate(lines)
    ]


KEEP_MARKERS = N_(
    "Keep the cap and the band with the black-and-white squares: printkit read "
    "uses them to read a photo of the position on each half."
)


def board_sheets(layout: Layout) -> list[Sheet]:
    """The board on one sheet, or each half on its own sheet when both do not fit together."""
    n = board_size(layout)
    cell = cell_sizes(layout)[0]
    found = _fitted(layout)
    if found is None:
        raise FitError(
            f"a half of the size-{n} {TITLE} board with {cell:g} mm cells does not "
            f"fit on {layout.paper_name}; the largest cell that fits is "
            f"{largest_cell(layout):.1f} mm (set tripod.cell, and tripod.stone no "
            f"larger)"
        )
    drawings, size = found
    box = _board_box(size, layout)
    place = _("Lay the two halves side by side, apexes up, the first half on the left.")
    if len(drawings) == 1:
        # TRANSLATORS: a sheet title; {game} is the game's name, {size} the cells along a side.
        title = _("{game} \u00b7 board (size {size})").format(game=_(TITLE), size=n)
        page = new_page(size, layout.margin, title)
        page.place(drawings[0], place_centred(drawings[0], box, "the board"))
        page.extend(_legend(layout, size))
        return [
            Sheet(
                KIT,
                "board",
                title,
                page,
                stock=_("white card or paper"),
                steps=[
                    _("Cut out both halves along their outlines (eight straight cuts each)."),
                    place,
                    _(KEEP_MARKERS),
                ],
            )
        ]
    out = []
    for half, drawing in enumerate(drawings):
        # TRANSLATORS: a sheet title; {size} is the cells along a side, {half} "first half"
        # or "second half".
        title = _("{game} \u00b7 board (size {size}) \u00b7 {half}").format(
            game=_(TITLE), size=n, half=_(HALF_NAMES[half])
        )
        page = new_page(size, layout.margin, title)
        page.place(drawing, place_centred(drawing, box, f"the board's {HALF_NAMES[half]}"))
        page.extend(_legend(layout, size))
        steps = [_("Cut the half out along its outline (eight straight cuts)."), _(KEEP_MARKERS)]
        if half == 1:
            steps.append(place)
        out.append(
            Sheet(
                KIT,
                f"board-half-{half + 1}",
                title,
                page,
                stock=_("white card or paper"),
                steps=steps,
            )
        )
    return out


def largest_cell(layout: Layout) -> float:
    """The largest cell width (to 0.1 mm) at which each half of the board fits the paper."""
    lo, hi = 2.0, 200.0
    while hi - lo > 0.05:
        mid = (lo + hi) / 2
        stone = min(layout.section(Settings).stone, mid)
        if _fitted(layout.with_values(tripod={"cell": mid, "stone": stone})) is not None:
            lo = mid
        else:
            hi = mid
    return math.floor(lo * 10) / 10


# --- stones ---------------------------------------------------------------------------------


def _stone_grid(stone: float, width: float, height: float) -> tuple[int, int]:
    """Stones a row and rows that fit ``width`` x ``height``: rows in a staggered packing."""
    pitch = stone + STONE_GAP
    cols = int((width - stone - pitch / 2) // pitch + 1e-9) + 1 if width >= stone + pitch / 2 else 0
    rise = pitch * math.sqrt(3) / 2
    rows = int((height - stone) // rise + 1e-9) + 1 if height >= stone else 0
    return cols, rows


def _stone_rows(colours: Sequence[str], count: int, cols: int) -> list[list[str]]:
    """Rows of ``cols`` stones: each colour takes whole rows, at least ``count`` stones.

    Filling a colour's last row adds spares on paper that is printed anyway.
    """
    return [[colour] * cols for colour in colours for _row in range(math.ceil(count / cols))]


def _stone_plan(
    layout: Layout,
) -> tuple[int, tuple[float, float, float, float], int, list[list[str]]]:
    """The stones needed per colour, the box they are printed in, the rows a page holds and
    every row of stones."""
    stone = cell_sizes(layout)[1]
    count = stones_per_colour(board_size(layout))
    x0, y0, x1, y1 = content_box(page_size(layout), layout.margin)
    box = (x0 + 9.0, y0 + 9.0, x1 - 9.0, y1 - 9.0)  # room for the registration marks
    cols, rows_a_page = _stone_grid(stone, box[2] - box[0], box[3] - box[1])
    if cols < 1 or rows_a_page < 1:
        raise FitError(
            f"a {TITLE} stone of {stone:g} mm does not fit on {layout.paper_name} "
            "(set tripod.stone)"
        )
    return count, box, rows_a_page, _stone_rows((BLACK_STONE, WHITE_STONE), count, cols)


def stone_sheets(layout: Layout) -> list[Sheet]:
    """Side A with black and white stones, Side B with each stone's colour behind it."""
    stone = cell_sizes(layout)[1]
    size = page_size(layout)
    count, box, rows_a_page, rows = _stone_plan(layout)
    pages = [rows[k : k + rows_a_page] for k in range(0, len(rows), rows_a_page)]
    out = []
    pitch, rise, r = stone + STONE_GAP, (stone + STONE_GAP) * math.sqrt(3) / 2, stone / 2
    for number, chunk in enumerate(pages, start=1):
        front, back = Drawing(), Drawing()
        width = 0.0
        for i, row in enumerate(chunk):
            shift = pitch / 2 if i % 2 else 0.0
            for j, colour in enumerate(row):
                centre = (r + shift + j * pitch, r + i * rise)
                width = max(width, centre[0] + r)
                front.extend(stone_face_items(centre, colour, stone, layout.bleed, True))
                back.extend(stone_face_items(centre, colour, stone, layout.bleed, False))
        front.width = back.width = width
        front.height = back.height = 2 * r + (len(chunk) - 1) * rise
        many = len(pages) > 1
        stem = "stones" + (f"-{number}" if many else "")
        # TRANSLATORS: a sheet title; {game} is the game's name.
        title = _("{game} \u00b7 stones").format(game=_(TITLE))
        if many:
            # TRANSLATORS: a sheet title when a component takes several sheets, e.g.
            # "Tripitz Domino · tokens (1 of 2)".
            title = _("{title} ({number} of {count})").format(
                title=title, number=number, count=len(pages)
            )
        page_a, page_b = two_sided_block(layout, size, title, front, back, box, "the stones")
        blacks = sum(len(row) for row in chunk if row[0] == BLACK_STONE)
        whites = sum(len(row) for row in chunk if row[0] == WHITE_STONE)
        out.append(
            Sheet(
                KIT,
                stem,
                title,
                page_a,
                page_b,
                stock=_("white card"),
                steps=[
                    duplex_step(layout),
                    _("Cut out the stones along their circles."),
                    _(
                        "This sheet holds {blacks} black and {whites} white stones; a "
                        "full board can need {need} of one colour."
                    ).format(blacks=blacks, whites=whites, need=count - SPARE_STONES),
                ],
            )
        )
    return out


# --- the kit --------------------------------------------------------------------------------


def inventory(layout: Layout) -> dict[str, int]:
    """What the kit prints: component → how many."""
    rows = _stone_plan(layout)[3]
    return {
        "board half": 2,
        "black stone": sum(len(row) for row in rows if row[0] == BLACK_STONE),
        "white stone": sum(len(row) for row in rows if row[0] == WHITE_STONE),
    }


def sheets(layout: Layout) -> list[Sheet]:
    """Every Tripod sheet for this layout: the board, then the stones."""
    board_size(layout)
    cell_sizes(layout)
    return board_sheets(layout) + stone_sheets(layout)


def _cell_and_stone(layout: Layout, cell: float) -> dict[str, float]:
    return {"cell": cell, "stone": min(layout.section(Settings).stone, cell)}


FIT = Fit(Settings, "cell", largest_cell, _cell_and_stone)
"""The kit's size follows ``tripod.cell`` (``tripod.stone`` no larger), the hint when a sheet
does not fit."""


def finished(layout: Layout) -> Drawing:
    """The two cut-out halves side by side, the first on the left, for the build guide."""
    halves = [board_picture(layout, variant) for variant in HALF_VARIANTS]
    first = halves[0].bbox()
    gap = 10.0
    picture = Drawing()
    picture.place(halves[0])
    picture.place(halves[1], Affine.translate(first[2] - halves[1].bbox()[0] + gap, 0.0))
    return picture
