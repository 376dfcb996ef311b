"""The TriPakus kit's sheets: the pieces of each player, the board section (printed three
times) and the full board on the smallest paper that holds it."""

from __future__ import annotations

from printkit.draw.fiducials import Marker, Patch
from printkit.draw.model import Affine, Drawing
from printkit.errors import LayoutError
from printkit.games.tripakus.components import (
    FULL_MARKERS,
    KIT,
    MARKER,
    MAX_CELL,
    MIN_CELL,
    PATCH,
    TITLE,
    Settings,
    board_drawing,
    board_rotation,
    section_drawing,
)
from printkit.geometry.tri import (
    triangle_board,
)
from printkit.i18n import _
from printkit.layout.config import Layout
from printkit.layout.paper import paper_label
from printkit.layout.sheet import (
    Fit,
    Sheet,
)
from printkit.polyiamond_games import drawing
from printkit.polyiamond_games.drawing import pack_pieces, page_corner_fiducials
from printkit.polyiamond_games.pieces import PIECES

__all__ = [
    "sheets",
    "finished",
    "pieces_sheet",
    "section_sheet",
    "full_board_sheet",
    "full_board",
    "full_board_fiducials",
    "largest_cell",
    "pack_pieces",
]


def pieces_sheet(layout: Layout, player: str) -> Sheet:
    """Side A with the 22 pieces in the player's colour and Side B with their backs."""
    cfg = layout.section(Settings)
    return drawing.pieces_sheet(
        layout, KIT, TITLE, player, cfg.cell, cfg.gap, largest_cell, "tripakus.cell"
    )


def section_sheet(layout: Layout) -> Sheet:
    """One third of the board with its two seam rows; printed three times."""
    side = layout.section(Settings).cell
    steps = [
        _("Print this sheet 3 times and cut each copy along its outline."),
        _("On two of the copies, cut off the centre triangle along the dashed lines."),
        _(
            "Lay the copies round in a triangle, each grey '{glue}' strip under the next "
            "copy's plain edge row; match the ticks across every seam, then glue."
        ).format(glue=drawing.glue_word()),
    ]
    return drawing.section_sheet(
        layout, KIT, TITLE, side, section_drawing, largest_cell, "tripakus.cell", steps
    )


PRINT_SHOP_MARGIN = 5.0
"""Margin of the whole-board sheet at most, mm: it is printed by a print shop or on a
large-format printer, which print that close to the edge, and so a board of 16 mm
triangles fits Tabloid (11 x 17 in) for Letter users, not only A3."""


def _print_shop(layout: Layout) -> Layout:
    return layout.with_values(paper={"margin": min(layout.margin, PRINT_SHOP_MARGIN)})


def full_board(layout: Layout) -> tuple[Drawing, str, bool, tuple[float, float], Affine]:
    """The whole board drawing, its paper, orientation, page size and board → page map."""
    layout = _print_shop(layout)
    cfg = layout.section(Settings)
    side, n = cfg.cell, cfg.board_size
    board = board_drawing(triangle_board(n), side, n, cfg.coordinates and layout.printing.labels)
    return board, *drawing.on_smallest_paper(layout, board)


def full_board_fiducials(
    layout: Layout, size: tuple[float, float]
) -> tuple[list[Marker], list[Patch], list[Patch]]:
    """Markers in the four corners of the page beside the board, a colour strip at the
    top right and one at the bottom left (``page_corner_fiducials``)."""
    layout = _print_shop(layout)
    players = layout.section(Settings).players
    return page_corner_fiducials(layout, size, FULL_MARKERS, players, MARKER, PATCH)


def full_board_sheet(layout: Layout) -> Sheet:
    """The whole board at true size on the smallest standard paper that holds it."""
    board, paper, landscape, size, at = full_board(layout)
    layout = _print_shop(layout)
    name = paper_label(paper)
    # TRANSLATORS: a sheet title: the game, then the paper the whole board is printed on.
    title = _("{title} · full board ({paper})").format(title=TITLE, paper=name)
    markers, first, second = full_board_fiducials(layout, size)
    page = drawing.full_board_page(layout, size, title, board, at, markers, first + second)
    if landscape:
        step = _(
            "For a print shop or large-format printer: print on {paper} landscape at actual "
            "size instead of the three sections."
        )
    else:
        step = _(
            "For a print shop or large-format printer: print on {paper} at actual size "
            "instead of the three sections."
        )
    steps = [step.format(paper=name)]
    notice = _paper_notice(layout, paper)
    if notice:
        steps.append(notice)
    return Sheet(
        KIT,
        "board-full",
        title,
        page,
        stock=_("paper or card"),
        steps=steps,
        notice=notice,
        instead_of="board-section",
    )


def _paper_notice(layout: Layout, paper: str) -> str | None:
    """A note when the full board needs another paper than at the default cell and board size
    (so that a size change never silently moves it to a larger sheet)."""
    cfg, default = layout.section(Settings), Settings()
    if (cfg.cell, cfg.board_size) == (default.cell, default.board_size):
        return None
    usual = full_board(
        layout.with_values(tripakus={"cell": default.cell, "board_size": default.board_size})
    )[1]
    if usual == paper:
        return None
    return _(
        "Note: at tripakus.cell={cell} and tripakus.board_size={size} the full board needs "
        "{paper} paper, not {usual} as at the defaults ({default_cell} mm, {default_size})."
    ).format(
        cell=f"{cfg.cell:g}",
        size=cfg.board_size,
        paper=paper_label(paper),
        usual=paper_label(usual),
        default_cell=f"{default.cell:g}",
        default_size=default.board_size,
    )


def largest_cell(layout: Layout) -> float:
    """The largest triangle side (to 0.1 mm) at which every TriPakus sheet fits the paper."""
    return drawing.largest_cell(layout, Settings, section_drawing, MIN_CELL, MAX_CELL)


def inventory(layout: Layout) -> dict[str, int]:
    """What the kit prints: component → how many."""
    pieces = {f"{player} piece": len(PIECES) for player in layout.section(Settings).players}
    return {**pieces, "board section": 3, "full board": 1}


def sheets(layout: Layout) -> list[Sheet]:
    """Every TriPakus sheet for this layout."""
    players = layout.section(Settings).players
    if len(players) != 3:
        raise LayoutError(f"tripakus.players must name 3 colours, not {len(players)}")
    out = [pieces_sheet(layout, p) for p in players]
    out.append(section_sheet(layout))
    out.append(full_board_sheet(layout))
    return out


FIT = Fit(Settings, "cell", largest_cell)
"""The kit's size follows ``tripakus.cell`` (the hint when a sheet does not fit)."""


def finished(layout: Layout) -> Drawing:
    """The board as the three copies of the section lie glued together, for the build guide."""
    cfg = layout.section(Settings)
    turns = [board_rotation(cfg.board_size, cfg.cell, k) for k in range(3)]
    return drawing.assembled(section_drawing(layout, cfg.cell), turns)
