"""The Trigon kit's sheets: the 22 pieces in each colour, the board section (printed three
times) and the whole board, named round its edge, on the smallest paper that holds it."""

from __future__ import annotations

from printkit.draw.fiducials import Marker, Patch
from printkit.draw.model import Affine, Drawing
from printkit.errors import LayoutError
from printkit.games.trigon.components import (
    FULL_MARKERS,
    KIT,
    MARKER,
    MAX_CELL,
    MIN_CELL,
    PATCH,
    TITLE,
    Settings,
    board_of,
    board_turn,
    section_drawing,
    whole_board_drawing,
)
from printkit.i18n import _
from printkit.layout.config import Layout
from printkit.layout.paper import paper_label
from printkit.layout.sheet import (
    Fit,
    Sheet,
)
from printkit.polyiamond_games import drawing
from printkit.polyiamond_games.drawing import page_corner_fiducials
from printkit.polyiamond_games.pieces import PIECES

__all__ = [
    "sheets",
    "finished",
    "inventory",
    "pieces_sheet",
    "section_sheet",
    "full_board",
    "full_board_fiducials",
    "full_board_sheet",
    "largest_cell",
    "FIT",
]


def pieces_sheet(layout: Layout, colour: str) -> Sheet:
    """Side A with the 22 pieces in ``colour`` and Side B with their backs."""
    cfg = layout.section(Settings)
    return drawing.pieces_sheet(
        layout, KIT, TITLE, colour, cfg.cell, cfg.gap, largest_cell, "trigon.cell"
    )


def section_sheet(layout: Layout) -> Sheet:
    """A third of the board (a rhombus) with the row its neighbour is glued on; print 3."""
    side = layout.section(Settings).cell
    steps = [
        _(
            "Print this sheet 3 times and cut each copy along its outline (the marker strip "
            "stays on)."
        ),
        _(
            "Lay the three copies round the centre, each grey '{glue}' row under the next "
            "copy's edge, marker strips outwards; match the ticks across every seam, then "
            "glue. The six ringed cells are the starting points."
        ).format(glue=drawing.glue_word()),
    ]
    return drawing.section_sheet(
        layout, KIT, TITLE, side, section_drawing, largest_cell, "trigon.cell", steps
    )


def full_board(layout: Layout) -> tuple[Drawing, str, bool, tuple[float, float], Affine]:
    """The whole board drawing, its paper, orientation, page size and board → page map.

    Room is kept for the numbers and markers beside the board and the letters below it;
    the title and the footer stacked under it sit in the top left corner, beside the
    hexagon's top edge."""
    board = whole_board_drawing(layout)
    label, side_room = 8.0, 8.0 + MARKER
    return board, *drawing.on_smallest_paper(layout, board, (side_room, 0.0, side_room, label))


def full_board_fiducials(
    layout: Layout, size: tuple[float, float]
) -> tuple[list[Marker], list[Patch], list[Patch]]:
    """Markers in the four corners of the page beside the hexagon, a colour strip at the
    top right and one at the bottom left (``page_corner_fiducials``)."""
    colours = layout.section(Settings).players
    return page_corner_fiducials(layout, size, FULL_MARKERS, colours, MARKER, PATCH)


def full_board_sheet(layout: Layout) -> Sheet:
    """The whole board at true size on the smallest standard paper that holds it."""
    d, paper, landscape, size, at = full_board(layout)
    name = paper_label(paper)
    # TRANSLATORS: a sheet title: the game, then the paper the whole board is printed on.
    title = _("{title} · whole board ({paper})").format(title=TITLE, paper=name)
    markers, first, second = full_board_fiducials(layout, size)
    page = drawing.full_board_page(layout, size, title, d, at, markers, first + second)
    if landscape:
        step = _(
            "For a print shop or large-format printer: print on {paper} landscape at actual "
            "size instead of the three sections. The letters and numbers round it name every "
            "cell, as Pentobi does."
        )
    else:
        step = _(
            "For a print shop or large-format printer: print on {paper} at actual size "
            "instead of the three sections. The letters and numbers round it name every "
            "cell, as Pentobi does."
        )
    return Sheet(
        KIT,
        "board-full",
        title,
        page,
        stock=_("paper or card"),
        steps=[step.format(paper=name)],
        instead_of="board-section",
    )


def largest_cell(layout: Layout) -> float:
    """The largest triangle side (to 0.1 mm) at which every Trigon sheet fits the paper."""
    return drawing.largest_cell(layout, Settings, section_drawing, MIN_CELL, MAX_CELL)


def inventory(layout: Layout) -> dict[str, int]:
    """What the kit prints: component → how many."""
    pieces = {f"{colour} piece": len(PIECES) for colour in layout.section(Settings).players}
    return {**pieces, "board section": 3, "whole board": 1}


def sheets(layout: Layout) -> list[Sheet]:
    """Every Trigon sheet for this layout."""
    colours = layout.section(Settings).players
    if not 2 <= len(colours) <= 4:
        raise LayoutError(f"trigon.players must name 2 to 4 colours, not {len(colours)}")
    out = [pieces_sheet(layout, c) for c in colours]
    out.append(section_sheet(layout))
    out.append(full_board_sheet(layout))
    return out


FIT = Fit(Settings, "cell", largest_cell)
"""The kit's size follows ``trigon.cell`` (the hint when a sheet does not fit)."""


def finished(layout: Layout) -> Drawing:
    """The board as the three copies of the section lie glued together, for the build guide."""
    side, n = layout.section(Settings).cell, board_of(layout).size
    return drawing.assembled(
        section_drawing(layout, side), [board_turn(n, side, k) for k in range(3)]
    )
