"""What the TriPakus kit prints: piece sheets per player, the full board, the board section."""

from __future__ import annotations

import math
from collections.abc import Iterable

from shapely.geometry import Polygon as ShapelyPolygon
from shapely.ops import unary_union

from printkit.draw.bleed import bleed_polygon
from printkit.draw.fiducials import Marker, Patch, marker_items, strip_items
from printkit.draw.lattice import ROW_HEIGHT, tri_centroid, tri_point, tri_polygon
from printkit.draw.model import (
    Affine,
    Circle,
    Drawing,
    Point,
    Polygon,
    Polyline,
    Role,
    Style,
    Text,
)
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
from printkit.layout.sections import SectionPlan, triangle_sections
from printkit.layout.sheet import (
    CUT,
    FOOTER,
    HEADER,
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
from printkit.vision.model import BoardModel

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
    box = inner_box(content_box(size, layout.margin))
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
    front, back = two_sided_block(layout, size, title, front_block, back_block, box,
                                  "the pieces")
    stock = "white card" if layout.ink == "fill" else f"{player} card"
    return Sheet(KIT, f"pieces-{player}", title, front, back, copies=1, stock=stock,
                 steps=[duplex_step(layout),
                        "Cut out the 22 pieces along the black lines."])


def board_drawing(cells: frozenset[Cell], side: float, n: int, coordinates: bool,
                  plan: SectionPlan | None = None, flap: tuple[Point, ...] | None = None
                  ) -> Drawing:
    """Board cells in board coordinates (apex vertex at the origin): grid, start corners,
    coordinates, outline as a cut line; with a section ``plan``, its glue strip, seam ticks
    and the trim line of the shared centre.  A ``flap`` (a polygon sharing an outer edge)
    joins the cut outline: the strip that carries the section's markers."""
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
    loops = [tuple(tri_point(v, side) for v in loop) for loop in outline(cells)]
    if flap is not None:
        merged = unary_union([ShapelyPolygon(loops[0]), ShapelyPolygon(flap)]).simplify(1e-9)
        for ring in (loops[0], flap):
            d.add(Polygon(ring, PLAY_EDGE, Role.LINE))
        loops = [tuple(merged.exterior.coords)[:-1]]
    for loop in loops:
        d.add(Polygon(loop, CUT, Role.CUT))
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
    """Dashed lines around a cell where it joins the rest of the print, and a 'trim' note.

    They are guides (``Role.MARK``), not cut lines: only two of the three copies are
    trimmed, so a cutting machine must not cut them on every copy.
    """
    neighbours = {e for c in cells - {cell} for e in edges(c)}
    items: list = [Polyline(tuple(tri_point(v, side) for v in e), TRIM, Role.MARK)
                   for e in edges(cell) if e in neighbours]
    cx, cy = tri_centroid(cell, side)
    items.append(Text((cx, cy - 0.03 * side), "trim on", 0.085 * side, fill="#000000"))
    items.append(Text((cx, cy + 0.09 * side), "2 copies", 0.085 * side, fill="#000000"))
    return items


FLAP = 24.0
"""Width of the marker strip along each section's outer edge, mm."""
MARKER = 16.0
"""Side of a printed ArUco marker, mm."""
PATCH = 8.0
"""Side of a colour reference patch, mm."""
PLAY_EDGE = Style(stroke="#000000", width=0.5)
SECTION_MARKERS = (0, 1)
"""Marker ids on the section print (each appears on all three copies)."""
FULL_MARKERS = (10, 11, 12, 13)
"""Marker ids on the full board, one in each empty corner of the page."""


def _reference_patches(layout: Layout, start: Point, step: Point) -> list[Patch]:
    """White, black and the player colours in a row from ``start``, ``step`` apart."""
    names = ["white", "black", *layout["tripakus"]["players"]]
    colours = {"white": "#ffffff", "black": "#000000"}
    return [Patch.square(name, colours.get(name) or layout.colour(name),
                         (start[0] + k * step[0], start[1] + k * step[1]), PATCH)
            for k, name in enumerate(names)]


def _section_flap(plan: SectionPlan, side: float, layout: Layout
                  ) -> tuple[tuple[Point, ...], list[Marker], list[Patch]]:
    """The marker strip beyond copy 0's longest stretch of board edge, its markers and patches."""
    n = plan_n(plan)
    board_edge = boundary_edges(plan.board) & boundary_edges(plan.section)
    a, b = max(straight_runs(board_edge), key=lambda e: (abs(e[1].col - e[0].col), e))
    if a.row != b.row or a.row != n:
        raise LayoutError("the section's longest board edge is expected along the bottom")
    (xa, y), (xb, _) = tri_point(a, side), tri_point(b, side)
    flap = ((xa, y), (xb, y), (xb, y + FLAP), (xa, y + FLAP))
    cy = y + FLAP / 2
    inset = FLAP / 2 + 2.0
    markers = [Marker(SECTION_MARKERS[0], (xa + inset, cy), MARKER),
               Marker(SECTION_MARKERS[1], (xb - inset, cy), MARKER)]
    count = 2 + len(layout["tripakus"]["players"])
    start = ((xa + xb) / 2 - (count - 1) / 2 * (PATCH + 1.5), cy)
    return flap, markers, _reference_patches(layout, start, (PATCH + 1.5, 0.0))


def board_rotation(n: int, side: float, turns: int) -> Affine:
    """Board mm → board mm for ``turns`` thirds of a turn (apex → bottom-right → bottom-left)."""
    centre = (0.0, 2 * n * side * ROW_HEIGHT / 3)
    turn = Affine.translate(*centre) @ Affine.rotate(120.0 * turns) @ \
        Affine.translate(-centre[0], -centre[1])
    return turn


def _section_drawing(layout: Layout, side: float) -> Drawing:
    """The section print in board coordinates: cells, glue strip, marker flap."""
    plan = triangle_sections(int(layout["tripakus"]["board_size"]))
    flap, markers, patches = _section_flap(plan, side, layout)
    board = board_drawing(plan.section, side, plan_n(plan), False, plan, flap)
    for marker in markers:
        board.extend(marker_items(marker))
    board.extend(strip_items(patches))
    return board


def section_sheet(layout: Layout) -> Sheet:
    """One third of the board with its two seam rows; printed three times."""
    side = float(layout["tripakus"]["cell"])
    size = page_size(layout)
    box = content_box(size, layout.margin)
    fitted = orient_to_fit(_section_drawing(layout, side), box)
    if fitted is None:
        raise FitError(f"the {TITLE} board section at {side:g} mm triangles does not fit on "
                       f"{layout.paper_name}; the largest that fits is "
                       f"{largest_cell(layout):.1f} mm (set tripakus.cell)")
    drawing = fitted
    title = f"{TITLE} · board section (print 3)"
    page = new_page(size, layout.margin, title)
    page.place(drawing, place_centred(drawing, box, "the board section"))
    return Sheet(KIT, "board-section", title, page, copies=3, stock="white card or paper",
                 steps=["Print this sheet 3 times and cut each copy along its outline.",
                        "On two of the copies, cut off the centre triangle along the dashed lines.",
                        "Lay the copies round in a triangle, each grey 'glue' strip under the next "
                        "copy's plain edge row; match the ticks across every seam, then glue."])


def _full_board(layout: Layout) -> tuple[Drawing, str, bool, tuple[float, float], Affine]:
    """The whole board drawing, its paper, orientation, page size and board → page map."""
    cfg = layout["tripakus"]
    side, n = float(cfg["cell"]), int(cfg["board_size"])
    drawing = board_drawing(triangle_board(n), side, n, bool(cfg["coordinates"]))
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


def _full_board_fiducials(layout: Layout, size: tuple[float, float]
                          ) -> tuple[list[Marker], list[Patch]]:
    """Markers in the four corners of the page beside the board, patches at the top right.

    The title and footer stack across the top, so the upper markers sit below them.
    """
    margin, quiet = layout.margin, MARKER / 2 + MARKER / 6 + 1.0
    w, h = size
    top_y = margin + HEADER + FOOTER + 4.0 + quiet
    centres = [(margin + quiet, top_y), (w - margin - quiet, top_y),
               (w - margin - quiet, h - margin - quiet), (margin + quiet, h - margin - quiet)]
    markers = [Marker(i, c, MARKER) for i, c in zip(FULL_MARKERS, centres, strict=True)]
    count = 2 + len(layout["tripakus"]["players"])
    start = (w - margin - 2 * quiet - 4.0 - (count - 0.5) * (PATCH + 1.5), top_y)
    return markers, _reference_patches(layout, start, (PATCH + 1.5, 0.0))


def full_board_sheet(layout: Layout) -> Sheet:
    """The whole board at true size on the smallest standard paper that holds it."""
    drawing, paper, landscape, size, at = _full_board(layout)
    title = f"{TITLE} · full board ({paper.upper() if paper.startswith('a') else paper.title()})"
    page = new_page(size, layout.margin, title, stacked=True)
    page.place(drawing, at)
    markers, patches = _full_board_fiducials(layout, size)
    for marker in markers:
        page.extend(marker_items(marker))
    page.extend(strip_items(patches))
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
    inner = inner_box(box)
    width, height = inner[2] - inner[0], inner[3] - inner[1]
    block = _pieces_block(trial, side, None, True, width, height)
    if block is None or block.height > height:
        return False
    return orient_to_fit(_section_drawing(trial, side), box) is not None


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


def vision_models(layout: Layout) -> list[BoardModel]:
    """The board as a photo reader sees it: the assembled sections, and the full board.

    Board frame: the apex vertex at the origin, mm.  The sections carry markers
    ``SECTION_MARKERS`` three times each (identical prints), so a photo of them reads
    the same under a third of a turn; the full board carries ``FULL_MARKERS`` once.
    """
    cfg = layout["tripakus"]
    side, n = float(cfg["cell"]), int(cfg["board_size"])
    players = list(cfg["players"])
    cells = {cell: tri_polygon(cell, side) for cell in sorted(triangle_board(n))}
    colours = {"empty": "#ffffff", **{p: layout.colour(p) for p in players}}
    classes = ("empty", *players)
    plan = triangle_sections(n)
    _, markers, patches = _section_flap(plan, side, layout)
    turns = tuple(board_rotation(n, side, k) for k in range(3))
    height = n * side * ROW_HEIGHT
    reach = FLAP + 2.0
    sections = BoardModel(
        KIT, "sections",
        markers=tuple(m.transformed(t) for t in turns for m in markers),
        patches=tuple(p.transformed(t) for t in turns for p in patches),
        cells=cells, classes=classes, colours=colours,
        bounds=(-n * side / 2 - reach, -reach, n * side / 2 + reach, height + reach),
        symmetries=turns, cell_key=lambda c: f"{c[0]},{c[1]}")
    drawing, _, _, size, at = _full_board(layout)
    del drawing
    to_board = Affine.translate(-at.e, -at.f)
    markers, patches = _full_board_fiducials(layout, size)
    x0, y0 = to_board((0.0, 0.0))
    full = BoardModel(
        KIT, "full",
        markers=tuple(m.transformed(to_board) for m in markers),
        patches=tuple(p.transformed(to_board) for p in patches),
        cells=cells, classes=classes, colours=colours,
        bounds=(x0, y0, x0 + size[0], y0 + size[1]), cell_key=lambda c: f"{c[0]},{c[1]}")
    return [sections, full]


def board_picture(layout: Layout, variant: str) -> Drawing:
    """The printed board in the board frame as it lies on the table, before any piece.

    ``sections``: the three copies of the section print, glued (glue strips hidden);
    ``full``: the full-board sheet.
    """
    side = float(layout["tripakus"]["cell"])
    n = int(layout["tripakus"]["board_size"])
    picture = Drawing()
    if variant == "sections":
        section = _section_drawing(layout, side)
        hidden = ("glue", "trim on", "2 copies")
        visible = [item for item in section.items if item.role != Role.GLUE
                   and not (isinstance(item, Text) and item.text in hidden)]
        outline = max((item for item in section.items
                       if item.role == Role.CUT and isinstance(item, Polygon)),
                      key=lambda item: len(item.points))
        paper = Polygon(outline.points, Style(fill="#ffffff"), Role.FILL)
        for k in range(3):
            turn = board_rotation(n, side, k)
            picture.add(paper.transformed(turn))
            picture.extend(item.transformed(turn) for item in visible)
        return picture
    at = _full_board(layout)[4]
    sheet = full_board_sheet(layout)
    picture.place(sheet.front, Affine.translate(-at.e, -at.f))
    return picture
