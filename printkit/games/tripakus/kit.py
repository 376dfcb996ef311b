"""The TriPakus kit's sheets: the pieces of each player, the board section (printed three
times) and the full board on the smallest paper that holds it."""

from __future__ import annotations

import math
from collections.abc import Iterable

from printkit.draw.fiducials import Marker, Patch, marker_items, strip_items
from printkit.draw.lattice import ROW_HEIGHT, tri_point, tri_polygon
from printkit.draw.model import Affine, Drawing, Polygon, Polyline, Role, Style
from printkit.errors import FitError, LayoutError
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
    edge_style,
    mm_bbox,
    piece_drawing,
    reference_patches,
    section_drawing,
)
from printkit.geometry.packing import smallest_block
from printkit.geometry.tri import (
    Cell,
    boundary_edges,
    normalise,
    straight_runs,
    transform,
    triangle_board,
)
from printkit.layout.config import Layout
from printkit.layout.paper import ISO_PAPERS, PAPER_SIZES, US_PAPERS, smallest_paper
from printkit.layout.sheet import (
    FOOTER,
    HEADER,
    Fit,
    Sheet,
    content_box,
    cut_bbox,
    duplex_step,
    inner_box,
    new_page,
    orient_to_fit,
    page_size,
    place_centred,
    two_sided_block,
)
from printkit.polyiamond_games.pieces import PIECES

__all__ = [
    "sheets",
    "pieces_sheet",
    "section_sheet",
    "full_board_sheet",
    "full_board",
    "full_board_fiducials",
    "largest_cell",
    "pack_pieces",
]

WASTE = Style(fill="#ffffff", stroke="#b0b0b0", width=0.15)
MAX_BLOCK_ROWS, MAX_BLOCK_COLS = 40, 80
"""The largest lattice block tried for the 22 pieces (110 triangles; 10 x 11 packs them
without waste): bounds the search when tiny triangles sit on large paper."""


def _best_orientation(cells: Iterable[Cell], side: float) -> frozenset[Cell]:
    """The orientation of a piece with the lowest, then narrowest, bounding box."""
    best = None
    for k in range(12):
        shape = normalise(transform(cells, k))
        x0, y0, x1, y1 = mm_bbox(shape, side)
        key = (round(y1 - y0, 6), round(x1 - x0, 6), tuple(sorted(shape)))
        if best is None or key < best[0]:
            best = (key, shape)
    assert best is not None
    return best[1]


def pack_pieces(drawings: list[Drawing], width: float, gap: float) -> list[Affine] | None:
    """Shelf packing: rows left to right, tallest first; None if a piece is wider than ``width``.

    Returns one translation per drawing, in the given order.
    """
    order = sorted(range(len(drawings)), key=lambda i: (-drawings[i].height, -drawings[i].width, i))
    placed: dict[int, Affine] = {}
    x = y = shelf = 0.0
    for i in order:
        d = drawings[i]
        if d.width > width + 1e-9:
            return None
        if x > 0 and x + d.width > width + 1e-9:
            y += shelf + gap
            x = shelf = 0.0
        placed[i] = Affine.translate(x, y)
        x += d.width + gap
        shelf = max(shelf, d.height)
    return [placed[i] for i in range(len(drawings))]


def _lattice_block(
    layout: Layout, side: float, fill: str | None, cut: bool, width: float, height: float
) -> Drawing | None:
    """The 22 pieces packed edge to edge on the lattice: each cut line serves two pieces."""
    found = smallest_block(
        [p.orientations() for p in PIECES],
        max_rows=min(int(height / (side * ROW_HEIGHT)), MAX_BLOCK_ROWS),
        max_cols=min(int(2 * width / side) - 1, MAX_BLOCK_COLS),
    )
    if found is None:
        return None
    rows, cols, placed = found
    used = {cell for cells in placed for cell in cells}
    x0, y0, x1, y1 = mm_bbox(used, side)
    block = Drawing(x1 - x0, y1 - y0)
    shift = Affine.translate(-x0, -y0)
    outlines: set = set()
    for piece, cells in zip(PIECES, placed, strict=True):
        px0, py0, _, _ = mm_bbox(cells, side)
        block.place(
            piece_drawing(cells, piece.name, side, fill, cut, layout.bleed, edge=False),
            Affine.translate(px0 - x0, py0 - y0),
        )
        outlines |= boundary_edges(cells)
    for cell in sorted({Cell(r, c) for r in range(rows) for c in range(cols)} - used):
        block.add(Polygon(tuple(shift(p) for p in tri_polygon(cell, side)), WASTE, Role.FILL))
    style, role = edge_style(cut)
    for a, b in straight_runs(outlines):
        block.add(Polyline((shift(tri_point(a, side)), shift(tri_point(b, side))), style, role))
    return block


def _pieces_block(
    layout: Layout, side: float, fill: str | None, cut: bool, width: float, height: float
) -> Drawing | None:
    """The 22 pieces: edge to edge when ``tripakus.gap`` is 0, else spaced by the gap."""
    gap = layout.section(Settings).gap
    if gap == 0:
        return _lattice_block(layout, side, fill, cut, width, height)
    shapes = [(_best_orientation(p.cells, side), p.name) for p in PIECES]
    drawings = [piece_drawing(s, name, side, fill, cut, layout.bleed) for s, name in shapes]
    moves = pack_pieces(drawings, width, gap)
    if moves is None:
        return None
    block = Drawing()
    for d, t in zip(drawings, moves, strict=True):
        block.place(d, t)
    block.width = max(t.e + d.width for d, t in zip(drawings, moves, strict=True))
    block.height = max(t.f + d.height for d, t in zip(drawings, moves, strict=True))
    return block


def pieces_sheet(layout: Layout, player: str) -> Sheet:
    """Side A with the 22 pieces in the player's colour and Side B with their backs."""
    side = layout.section(Settings).cell
    size = page_size(layout)
    box = inner_box(content_box(size, layout.margin))
    colour = layout.colour(player)
    fill = colour if layout.ink == "fill" else None
    width, height = box[2] - box[0], box[3] - box[1]
    front_block = _pieces_block(layout, side, fill, True, width, height)
    back_block = _pieces_block(layout, side, fill, False, width, height)
    title = f"{TITLE} · pieces · {player}"
    if front_block is None or back_block is None or front_block.height > height:
        raise FitError(
            f"the {TITLE} pieces at {side:g} mm triangles do not fit on "
            f"{layout.paper_name}; the largest that fits is "
            f"{largest_cell(layout):.1f} mm (set tripakus.cell)"
        )
    front, back = two_sided_block(layout, size, title, front_block, back_block, box, "the pieces")
    stock = "white card" if layout.ink == "fill" else f"{player} card"
    return Sheet(
        KIT,
        f"pieces-{player}",
        title,
        front,
        back,
        copies=1,
        stock=stock,
        steps=[duplex_step(layout), "Cut out the 22 pieces along the black lines."],
    )


def section_sheet(layout: Layout) -> Sheet:
    """One third of the board with its two seam rows; printed three times."""
    side = layout.section(Settings).cell
    size = page_size(layout)
    box = content_box(size, layout.margin)
    fitted = orient_to_fit(section_drawing(layout, side), box)
    if fitted is None:
        raise FitError(
            f"the {TITLE} board section at {side:g} mm triangles does not fit on "
            f"{layout.paper_name}; the largest that fits is "
            f"{largest_cell(layout):.1f} mm (set tripakus.cell)"
        )
    drawing = fitted
    title = f"{TITLE} · board section (print 3)"
    page = new_page(size, layout.margin, title)
    page.place(drawing, place_centred(drawing, box, "the board section"))
    return Sheet(
        KIT,
        "board-section",
        title,
        page,
        copies=3,
        stock="white card or paper",
        steps=[
            "Print this sheet 3 times and cut each copy along its outline.",
            "On two of the copies, cut off the centre triangle along the dashed lines.",
            "Lay the copies round in a triangle, each grey 'glue' strip under the next "
            "copy's plain edge row; match the ticks across every seam, then glue.",
        ],
    )


def full_board(layout: Layout) -> tuple[Drawing, str, bool, tuple[float, float], Affine]:
    """The whole board drawing, its paper, orientation, page size and board → page map."""
    cfg = layout.section(Settings)
    side, n = cfg.cell, cfg.board_size
    drawing = board_drawing(triangle_board(n), side, n, cfg.coordinates)
    x0, y0, x1, y1 = cut_bbox(drawing)
    family = US_PAPERS if layout.paper_name in US_PAPERS else ISO_PAPERS
    paper, landscape = smallest_paper(x1 - x0, y1 - y0, layout.margin, family)
    w, h = PAPER_SIZES[paper]
    size = (h, w) if landscape else (w, h)
    margin = layout.margin
    whole = (margin, margin, size[0] - margin, size[1] - margin)
    shifted = Drawing(x1 - x0, y1 - y0)
    at = place_centred(shifted, whole, "the board") @ Affine.translate(-x0, -y0)
    return drawing, paper, landscape, size, at


def full_board_fiducials(
    layout: Layout, size: tuple[float, float]
) -> tuple[list[Marker], list[Patch]]:
    """Markers in the four corners of the page beside the board, patches at the top right.

    The title and footer stack across the top, so the upper markers sit below them.
    """
    margin, quiet = layout.margin, MARKER / 2 + MARKER / 6 + 1.0
    w, h = size
    top_y = margin + HEADER + FOOTER + 4.0 + quiet
    centres = [
        (margin + quiet, top_y),
        (w - margin - quiet, top_y),
        (w - margin - quiet, h - margin - quiet),
        (margin + quiet, h - margin - quiet),
    ]
    markers = [Marker(i, c, MARKER) for i, c in zip(FULL_MARKERS, centres, strict=True)]
    count = 2 + len(layout.section(Settings).players)
    start = (w - margin - 2 * quiet - 4.0 - (count - 0.5) * (PATCH + 1.5), top_y)
    return markers, reference_patches(layout, start, (PATCH + 1.5, 0.0))


def full_board_sheet(layout: Layout) -> Sheet:
    """The whole board at true size on the smallest standard paper that holds it."""
    drawing, paper, landscape, size, at = full_board(layout)
    title = f"{TITLE} · full board ({paper.upper() if paper.startswith('a') else paper.title()})"
    page = new_page(size, layout.margin, title, stacked=True)
    page.place(drawing, at)
    markers, patches = full_board_fiducials(layout, size)
    for marker in markers:
        page.extend(marker_items(marker))
    page.extend(strip_items(patches))
    steps = [
        f"For a print shop or large-format printer: print on {paper.upper()}"
        f"{' landscape' if landscape else ''} at actual size instead of the "
        "three sections."
    ]
    notice = _paper_notice(layout, paper)
    if notice:
        steps.append(notice)
    return Sheet(
        KIT,
        "board-full",
        title,
        page,
        stock=f"{paper.upper()} paper or card",
        steps=steps,
        notice=notice,
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
    return (
        f"Note: at tripakus.cell={cfg.cell:g} and tripakus.board_size={cfg.board_size} the "
        f"full board needs {paper.upper()} paper, not {usual.upper()} as at the defaults "
        f"({default.cell:g} mm, {default.board_size})."
    )


def largest_cell(layout: Layout) -> float:
    """The largest triangle side (to 0.1 mm) at which every TriPakus sheet fits the paper."""
    lo, hi = MIN_CELL, MAX_CELL
    while hi - lo > 0.05:
        mid = (lo + hi) / 2
        if _fits(layout, mid):
            lo = mid
        else:
            hi = mid
    return math.floor(lo * 10) / 10


def _fits(layout: Layout, side: float) -> bool:
    trial = layout.with_values(tripakus={"cell": side})
    box = content_box(page_size(trial), trial.margin)
    inner = inner_box(box)
    width, height = inner[2] - inner[0], inner[3] - inner[1]
    block = _pieces_block(trial, side, None, True, width, height)
    if block is None or block.height > height:
        return False
    return orient_to_fit(section_drawing(trial, side), box) is not None


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
