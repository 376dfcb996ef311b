"""What the TriPakus kit prints: piece sheets per player, the full board, the board section."""

from __future__ import annotations

import math
from collections.abc import Iterable

from printkit.draw.bleed import bleed_polygon
from printkit.draw.lattice import ROW_HEIGHT, tri_centroid, tri_point, tri_polygon
from printkit.draw.model import Affine, Circle, Drawing, Polygon, Polyline, Role, Style, Text
from printkit.draw.text import fit_size
from printkit.errors import FitError, LayoutError
from printkit.games.tripakus.pieces import PIECES
from printkit.geometry.packing import smallest_block
from printkit.geometry.tri import (
    Cell,
    board_corners,
    boundary_edges,
    edges,
    normalise,
    outline,
    straight_runs,
    transform,
    triangle_board,
)
from printkit.layout.config import Layout
from printkit.layout.paper import ISO_PAPERS, PAPER_SIZES, US_PAPERS, smallest_paper
from printkit.layout.sections import SectionPlan, tripakus_sections
from printkit.layout.sheet import (
    CUT,
    Sheet,
    content_box,
    crop_marks,
    new_page,
    page_size,
    place_centred,
    registration_marks,
    two_sided,
)

__all__ = ["sheets", "piece_drawing", "board_drawing", "pieces_sheet", "full_board_sheet",
           "section_sheet", "pack_pieces"]

KIT = "tripakus"
TITLE = "TriPakus"
GRID = Style(stroke="#8a8a8a", width=0.15)
GLUE = Style(fill="#d9d9d9")
TRIM = Style(stroke="#000000", width=0.3, dash=(1.2, 1.0))


def _text_colour(fill: str) -> str:
    """Black or white, whichever reads better on ``fill``."""
    r, g, b = (int(fill[i:i + 2], 16) / 255 for i in (1, 3, 5))
    luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b
    return "#000000" if luminance > 0.45 else "#ffffff"


def _mm_bbox(cells: Iterable[Cell], side: float) -> tuple[float, float, float, float]:
    pts = [p for cell in cells for p in tri_polygon(cell, side)]
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    return min(xs), min(ys), max(xs), max(ys)


def _label_cell(cells: frozenset[Cell], side: float) -> Cell:
    """The cell nearest the middle of the shape: where its name is printed."""
    centres = {c: tri_centroid(c, side) for c in cells}
    mx = sum(p[0] for p in centres.values()) / len(cells)
    my = sum(p[1] for p in centres.values()) / len(cells)
    return min(sorted(cells), key=lambda c: (centres[c][0] - mx) ** 2 + (centres[c][1] - my) ** 2)


def piece_drawing(cells: frozenset[Cell], name: str, side: float, fill: str | None,
                  cut: bool = True, bleed: float = 0.0, edge: bool = True) -> Drawing:
    """One piece in its own box: outline (a cut line when ``cut``), inner grid, name.

    With a fill colour and ``bleed`` > 0 the colour also reaches ``bleed`` mm past the
    outline (outside the box).  ``edge=False`` leaves the outline to the caller (pieces
    packed edge to edge share it).
    """
    x0, y0, x1, y1 = _mm_bbox(cells, side)
    shift = Affine.translate(-x0, -y0)
    d = Drawing(x1 - x0, y1 - y0)
    rings = [tuple(shift(tri_point(v, side)) for v in loop) for loop in outline(cells)]
    body = Style(fill=fill) if fill else Style()
    face = Polygon(rings[0], body, Role.FILL, holes=tuple(rings[1:]))
    grown = bleed_polygon(face, bleed)
    if grown is not None:
        d.add(grown)
    d.add(face)
    inner = _inner_edges(cells)
    line = Style(stroke=_text_colour(fill) if fill else "#9a9a9a", width=0.12,
                 opacity=0.35 if fill else 1.0)
    for a, b in inner:
        d.add(Polyline((shift(tri_point(a, side)), shift(tri_point(b, side))), line, Role.LINE))
    if edge:
        style, role = _edge_style(cut)
        for ring in rings:
            d.add(Polygon(ring, style, role))
    d.add(_label(cells, name, side, _text_colour(fill) if fill else "#000000", shift))
    return d


def _edge_style(cut: bool) -> tuple[Style, Role]:
    """A piece's outline: a cut line on Side A, a light line on Side B."""
    return (CUT, Role.CUT) if cut else (Style(stroke="#b0b0b0", width=0.15), Role.LINE)


def _inner_edges(cells: frozenset[Cell]) -> list:
    count: dict = {}
    for cell in cells:
        for e in edges(cell):
            count[e] = count.get(e, 0) + 1
    return sorted(e for e, k in count.items() if k == 2)


def _label(cells: frozenset[Cell], name: str, side: float, colour: str, shift: Affine) -> Text:
    cell = _label_cell(cells, side)
    # At the centroid an equilateral triangle is 2/3 of its side wide; keep a margin.
    size = fit_size(name, 0.55 * side, 0.16 * side)
    return Text(shift(tri_centroid(cell, side)), name, size, fill=colour)


def _best_orientation(cells: Iterable[Cell], side: float) -> frozenset[Cell]:
    """The orientation of a piece with the lowest, then narrowest, bounding box."""
    best = None
    for k in range(12):
        shape = normalise(transform(cells, k))
        x0, y0, x1, y1 = _mm_bbox(shape, side)
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


WASTE = Style(fill="#ffffff", stroke="#b0b0b0", width=0.15)


def _lattice_block(layout: Layout, side: float, fill: str | None, cut: bool,
                   width: float, height: float) -> Drawing | None:
    """The 22 pieces packed edge to edge on the lattice: each cut line serves two pieces."""
    found = smallest_block([p.orientations() for p in PIECES],
                           max_rows=int(height / (side * ROW_HEIGHT)),
                           max_cols=int(2 * width / side) - 1)
    if found is None:
        return None
    rows, cols, placed = found
    used = {cell for cells in placed for cell in cells}
    x0, y0, x1, y1 = _mm_bbox(used, side)
    block = Drawing(x1 - x0, y1 - y0)
    shift = Affine.translate(-x0, -y0)
    outlines: set = set()
    for piece, cells in zip(PIECES, placed, strict=True):
        px0, py0, _, _ = _mm_bbox(cells, side)
        block.place(piece_drawing(cells, piece.name, side, fill, cut, layout.bleed, edge=False),
                    Affine.translate(px0 - x0, py0 - y0))
        outlines |= boundary_edges(cells)
    for cell in sorted({Cell(r, c) for r in range(rows) for c in range(cols)} - used):
        block.add(Polygon(tuple(shift(p) for p in tri_polygon(cell, side)), WASTE, Role.FILL))
    style, role = _edge_style(cut)
    for a, b in straight_runs(outlines):
        block.add(Polyline((shift(tri_point(a, side)), shift(tri_point(b, side))), style, role))
    return block


def _pieces_block(layout: Layout, side: float, fill: str | None, cut: bool,
                  width: float, height: float) -> Drawing | None:
    """The 22 pieces: edge to edge when ``tripakus.gap`` is 0, else spaced by the gap."""
    gap = float(layout["tripakus"]["gap"])
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
    side = float(layout["tripakus"]["cell"])
    size = page_size(layout)
    box = _inner_box(content_box(size, layout.margin))
    colour = layout.colour(player)
    fill = colour if layout.ink == "fill" else None
    width, height = box[2] - box[0], box[3] - box[1]
    front_block = _pieces_block(layout, side, fill, True, width, height)
    back_block = _pieces_block(layout, side, fill, False, width, height)
    title = f"{TITLE} · pieces · {player}"
    if front_block is None or back_block is None or front_block.height > height:
        raise FitError(f"the {TITLE} pieces at {side:g} mm triangles do not fit on "
                       f"{layout.paper_name}; the largest that fits is "
                       f"{largest_cell(layout):.1f} mm (set tripakus.cell)")
    at = place_centred(front_block, box, "the pieces")
    front = new_page(size, layout.margin, title, "Side A")
    front.place(front_block, at)
    block_box = (at.e, at.f, at.e + front_block.width, at.f + front_block.height)
    marks = _marks(layout, block_box)
    front.extend(marks)
    through = Drawing()
    through.place(back_block, at)
    through.extend(marks)
    back = new_page(size, layout.margin, title, "Side B")
    two_sided(front, through, back, layout)
    stock = "white card" if layout.ink == "fill" else f"{player} card"
    return Sheet(KIT, f"pieces-{player}", title, front, back, copies=1, stock=stock,
                 steps=[_duplex_step(layout),
                        "Cut out the 22 pieces along the black lines."])


def _inner_box(box: tuple[float, float, float, float], inset: float = 9.0
               ) -> tuple[float, float, float, float]:
    """The content box less room for registration marks around the components."""
    x0, y0, x1, y1 = box
    return (x0 + inset, y0 + inset, x1 - inset, y1 - inset)


def _marks(layout: Layout, box: tuple[float, float, float, float]) -> list:
    items = []
    if layout["print"]["registration_marks"]:
        items += registration_marks(box, distance=5.0)
    if layout["print"]["crop_marks"]:
        items += crop_marks(box)
    return items


def _duplex_step(layout: Layout) -> str:
    edge = "long" if layout.flip == "long" else "short"
    return (f"Print double-sided, flipping on the {edge} edge (the -duplex.pdf file), or print "
            f"Side A and Side B once each and glue them back to back, lining up the round "
            f"registration marks against a window.")


def board_drawing(cells: frozenset[Cell], side: float, n: int, coordinates: bool,
                  plan: SectionPlan | None = None) -> Drawing:
    """Board cells in board coordinates (apex vertex at the origin): grid, start corners,
    coordinates, outline as a cut line; with a section ``plan``, its glue strip, seam ticks
    and the trim line of the shared centre."""
    d = Drawing()
    glue = plan.glue if plan else frozenset()
    for cell in sorted(cells & glue):
        d.add(Polygon(tri_polygon(cell, side), GLUE, Role.GLUE))
    corners = set(board_corners(n))
    for cell in sorted(cells & corners):
        cx, cy = tri_centroid(cell, side)
        d.add(Polygon(tri_polygon(cell, side), Style(fill="#eeeeee"), Role.FILL))
        d.add(Circle((cx, cy), 0.13 * side, Style(stroke="#000000", width=0.35), Role.LABEL))
        d.add(Circle((cx, cy), 0.05 * side, Style(fill="#000000"), Role.LABEL))
    for a, b in _all_edges(cells):
        d.add(Polyline((tri_point(a, side), tri_point(b, side)), GRID, Role.LINE))
    for cell in sorted(cells):
        cx, cy = tri_centroid(cell, side)
        if cell in glue and (plan is None or cell not in plan.shared_by_all):
            d.add(Text((cx, cy), "glue", 0.11 * side, fill="#555555"))
        elif coordinates and cell not in corners:
            text = f"{cell.r},{cell.c}"
            d.add(Text((cx, cy), text, fit_size(text, 0.5 * side, 0.1 * side), fill="#9a9a9a"))
    if plan is not None:
        d.extend(_seam_ticks(plan, side))
        for cell in sorted(plan.shared_by_all):
            d.extend(_trim_lines(cell, cells, side))
    for loop in outline(cells):
        d.add(Polygon(tuple(tri_point(v, side) for v in loop), CUT, Role.CUT))
    return d


def _all_edges(cells: frozenset[Cell]) -> list:
    seen = set()
    out = []
    for cell in sorted(cells):
        for e in edges(cell):
            if e not in seen:
                seen.add(e)
                out.append(e)
    return out


def _seam_ticks(plan: SectionPlan, side: float) -> list:
    """Short ticks across each seam that continue from one copy onto the next when aligned.

    On the glue seam they point away from the glue strip; on the outer edge of the strip
    that lies on a neighbour they point into that strip.
    """
    region = plan.section - plan.glue - plan.top
    outside = plan.board - plan.section
    tick = Style(stroke="#000000", width=0.3)
    items = []
    for strip, towards_strip, other in ((plan.glue, False, region), (plan.top, True, outside)):
        other_edges = {e: c for c in other for e in edges(c)}
        for cell in sorted(strip):
            for e in edges(cell):
                if e not in other_edges:
                    continue
                a, b = (tri_point(v, side) for v in e)
                mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
                target = tri_centroid(cell if towards_strip else other_edges[e], side)
                dx, dy = target[0] - mid[0], target[1] - mid[1]
                k = 0.6 * side * ROW_HEIGHT / 3 / math.hypot(dx, dy)
                items.append(Polyline((mid, (mid[0] + dx * k * 1.5, mid[1] + dy * k * 1.5)),
                                      tick, Role.MARK))
    return items


def _trim_lines(cell: Cell, cells: frozenset[Cell], side: float) -> list:
    """Dashed lines around a cell where it joins the rest of the print, and a 'trim' note."""
    neighbours = {e for c in cells - {cell} for e in edges(c)}
    items: list = [Polyline(tuple(tri_point(v, side) for v in e), TRIM, Role.CUT)
                   for e in edges(cell) if e in neighbours]
    cx, cy = tri_centroid(cell, side)
    items.append(Text((cx, cy - 0.03 * side), "trim on", 0.085 * side, fill="#000000"))
    items.append(Text((cx, cy + 0.09 * side), "2 copies", 0.085 * side, fill="#000000"))
    return items


def _orient_to_fit(drawing: Drawing, box: tuple[float, float, float, float]
                   ) -> tuple[Drawing, float] | None:
    """Turn a drawing by a multiple of 30 degrees so it fits ``box`` (smallest turn first)."""
    bw, bh = box[2] - box[0], box[3] - box[1]
    for degrees in (0, 30, 60, 90, 120, 150, 180, 210, 240, 270, 300, 330):
        turned = drawing.transformed(Affine.rotate(degrees))
        x0, y0, x1, y1 = _geometry_bbox(turned)
        if x1 - x0 <= bw + 1e-6 and y1 - y0 <= bh + 1e-6:
            placed = turned.transformed(Affine.translate(-x0, -y0))
            placed.width, placed.height = x1 - x0, y1 - y0
            return placed, degrees
    return None


def _geometry_bbox(d: Drawing) -> tuple[float, float, float, float]:
    """The box of the cut outlines (labels lie inside them)."""
    from printkit.draw.model import bbox_of

    return bbox_of(p for item in d.items if item.role == Role.CUT for p in item.all_points())


def section_sheet(layout: Layout) -> Sheet:
    """One third of the board with its two seam rows; printed three times."""
    cfg = layout["tripakus"]
    side, n = float(cfg["cell"]), int(cfg["board_size"])
    plan = tripakus_sections(n)
    size = page_size(layout)
    box = content_box(size, layout.margin)
    fitted = _orient_to_fit(board_drawing(plan.section, side, n, False, plan), box)
    if fitted is None:
        raise FitError(f"the {TITLE} board section at {side:g} mm triangles does not fit on "
                       f"{layout.paper_name}; the largest that fits is "
                       f"{largest_cell(layout):.1f} mm (set tripakus.cell)")
    drawing, _ = fitted
    title = f"{TITLE} · board section (print 3)"
    page = new_page(size, layout.margin, title)
    page.place(drawing, place_centred(drawing, box, "the board section"))
    return Sheet(KIT, "board-section", title, page, copies=3, stock="white card or paper",
                 steps=["Print this sheet 3 times and cut each copy along its outline.",
                        "On two of the copies, cut off the centre triangle along the dashed lines.",
                        "Lay the copies round in a triangle, each grey 'glue' strip under the next "
                        "copy's plain edge row; match the ticks across every seam, then glue."])


def full_board_sheet(layout: Layout) -> Sheet:
    """The whole board at true size on the smallest standard paper that holds it."""
    cfg = layout["tripakus"]
    side, n = float(cfg["cell"]), int(cfg["board_size"])
    cells = triangle_board(n)
    drawing = board_drawing(cells, side, n, bool(cfg["coordinates"]))
    x0, y0, x1, y1 = _geometry_bbox(drawing)
    drawing = drawing.transformed(Affine.translate(-x0, -y0))
    drawing.width, drawing.height = x1 - x0, y1 - y0
    margin = layout.margin
    # The title and footer stack in the empty top-left corner beside the apex.
    family = US_PAPERS if layout.paper_name in US_PAPERS else ISO_PAPERS
    paper, landscape = smallest_paper(drawing.width, drawing.height, margin, family)
    w, h = PAPER_SIZES[paper]
    size = (h, w) if landscape else (w, h)
    title = f"{TITLE} · full board ({paper.upper() if paper.startswith('a') else paper.title()})"
    page = new_page(size, margin, title, stacked=True)
    whole = (margin, margin, size[0] - margin, size[1] - margin)
    page.place(drawing, place_centred(drawing, whole, "the board"))
    return Sheet(KIT, "board-full", title, page, stock=f"{paper.upper()} paper or card",
                 steps=[f"For a print shop or large-format printer: print on {paper.upper()}"
                        f"{' landscape' if landscape else ''} at actual size instead of the "
                        "three sections."])


def largest_cell(layout: Layout) -> float:
    """The largest triangle side (to 0.1 mm) at which every TriPakus sheet fits the paper."""
    lo, hi = 1.0, 60.0
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
    inner = _inner_box(box)
    width, height = inner[2] - inner[0], inner[3] - inner[1]
    block = _pieces_block(trial, side, None, True, width, height)
    if block is None or block.height > height:
        return False
    plan = tripakus_sections(int(trial["tripakus"]["board_size"]))
    return _orient_to_fit(board_drawing(plan.section, side, plan_n(plan), False, plan), box) \
        is not None


def plan_n(plan: SectionPlan) -> int:
    """The side of the triangle board a plan covers."""
    return max(c.r for c in plan.board) + 1


def sheets(layout: Layout) -> list[Sheet]:
    """Every TriPakus sheet for this layout."""
    players = layout["tripakus"]["players"]
    if len(players) != 3:
        raise LayoutError(f"tripakus.players must name 3 colours, not {len(players)}")
    out = [pieces_sheet(layout, p) for p in players]
    out.append(section_sheet(layout))
    out.append(full_board_sheet(layout))
    return out
