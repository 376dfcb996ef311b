"""Drawing what every polyiamond game prints: its pieces (one by one or packed edge to edge
on the lattice, sharing cut lines), a sheet of one colour's 22 pieces, and boards of
triangles (grid, starting cells, glue strips and seam ticks of a sectioned board)."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import replace

from shapely.geometry import Polygon as ShapelyPolygon
from shapely.geometry import box
from shapely.geometry.polygon import orient
from shapely.ops import unary_union

from printkit.draw.bleed import bleed_polygon
from printkit.draw.colour import ink_on, mix
from printkit.draw.fiducials import Marker, Patch, marker_items, strip_items
from printkit.draw.lattice import ROW_HEIGHT, tri_centroid, tri_point, tri_polygon
from printkit.draw.model import (
    Affine,
    Circle,
    Drawing,
    Page,
    Point,
    Polygon,
    Polyline,
    Role,
    Style,
    Text,
    bbox_of,
)
from printkit.draw.text import fit_size, item_extent, text_width
from printkit.errors import FitError
from printkit.geometry.packing import smallest_block
from printkit.geometry.tri import (
    Cell,
    boundary_edges,
    edges,
    normalise,
    outline,
    straight_runs,
    transform,
)
from printkit.i18n import _, colour_name
from printkit.layout.config import Layout
from printkit.layout.paper import ISO_PAPERS, PAPER_SIZES, US_PAPERS, smallest_paper
from printkit.layout.sections import SectionPlan
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
    note_cutting,
    orient_to_fit,
    page_size,
    place_centred,
    two_sided_block,
)
from printkit.polyiamond_games.pieces import PIECES

__all__ = [
    "mm_bbox",
    "piece_drawing",
    "edge_style",
    "board_drawing",
    "pack_pieces",
    "pieces_block",
    "pieces_sheet",
    "GRID",
    "GLUE",
    "TRIM",
    "PLAY_EDGE",
    "reference_patches",
    "page_corner_fiducials",
    "assembled",
    "section_sheet",
    "largest_cell",
    "on_smallest_paper",
    "glue_word",
    "trim_note",
]

GRID = Style(stroke="#8a8a8a", width=0.15)
GLUE = Style(fill="#d9d9d9")
TRIM = Style(stroke="#6a6a6a", width=0.2, dash=(1.2, 1.0))
PLAY_EDGE = Style(stroke="#000000", width=0.5)
WASTE = Style(fill="#ffffff", stroke="#b0b0b0", width=0.15)
MAX_BLOCK_ROWS, MAX_BLOCK_COLS = 40, 80
"""The largest lattice block tried for the 22 pieces (110 triangles; 10 x 11 packs them
without waste): bounds the search when tiny triangles sit on large paper."""


def glue_word() -> str:
    """The word printed on each cell of a section's glue strip."""
    # TRANSLATORS: printed small on each cell of the grey strip that the next board section
    # is glued on (one short word).
    return _("glue")


def trim_note() -> str:
    """The note on the glue strip beside the cell that two of the three copies lose."""
    # TRANSLATORS: printed on a board section's grey glue strip after an arrow that points
    # at the centre triangle; that triangle is cut off two of the three printed copies.
    return _("cut this triangle off 2 of the 3 copies")


def mm_bbox(cells: Iterable[Cell], side: float) -> tuple[float, float, float, float]:
    """The bounding box (mm) of cells drawn with triangles of ``side``."""
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


def piece_drawing(
    cells: frozenset[Cell],
    name: str,
    side: float,
    fill: str | None,
    cut: bool = True,
    bleed: float = 0.0,
    edge: bool = True,
) -> Drawing:
    """One piece in its own box: outline (a cut line when ``cut``), inner grid, and its name
    (none when ``name`` is empty), small and in a tint between the face and its ink.

    With a fill colour and ``bleed`` > 0 the colour also reaches ``bleed`` mm past the
    outline (outside the box).  ``edge=False`` leaves the outline to the caller (pieces
    packed edge to edge share it).
    """
    x0, y0, x1, y1 = mm_bbox(cells, side)
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
    line = Style(
        stroke=ink_on(fill) if fill else "#9a9a9a", width=0.12, opacity=0.35 if fill else 1.0
    )
    for a, b in inner:
        d.add(Polyline((shift(tri_point(a, side)), shift(tri_point(b, side))), line, Role.LINE))
    if edge:
        style, role = edge_style(cut)
        for ring in rings:
            d.add(Polygon(ring, style, role))
    if name:
        colour = mix(ink_on(fill), fill, NAME_TINT) if fill else "#6a6a6a"
        d.add(_label(cells, name, side, colour, shift))
    return d


NAME_TINT = 0.45
"""How far a piece's name goes from its contrasting ink towards the face colour: readable
for logging a game, quiet when playing."""


def _name(piece, layout: Layout) -> str:
    """The name printed on a piece: none when the layout turns labels off."""
    return piece.name if layout.printing.labels else ""


def edge_style(cut: bool) -> tuple[Style, Role]:
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
    size = fit_size(name, 0.55 * side, 0.13 * side)
    return Text(shift(tri_centroid(cell, side)), name, size, fill=colour)


def board_drawing(
    cells: frozenset[Cell],
    side: float,
    starts: Iterable[Cell],
    label: Callable[[Cell], str] | None = None,
    plan: SectionPlan | None = None,
    flap: tuple[Point, ...] | None = None,
    frame: tuple[Point, ...] | None = None,
) -> Drawing:
    """Board cells in lattice mm (vertex ``(0,0)`` at the origin): grid, starting cells,
    each cell's ``label`` (if given), outline as a cut line; with a section ``plan``, its glue
    strip (named along its length), seam ticks and the trim line of a cell shared by all
    copies.  A ``flap`` (a polygon sharing an outer edge) joins the cut outline: the strip
    that carries the section's markers.  A ``frame`` (a polygon along the section's stretch
    of board edge) joins it too; the board's edge is then drawn as a dark line."""
    d = Drawing()
    glue = plan.glue if plan else frozenset()
    shared = plan.shared_by_all if plan else frozenset()
    # The cell kept on one copy shows once glued: it prints as a plain cell.
    for cell in sorted(cells & glue - shared):
        d.add(Polygon(tri_polygon(cell, side), GLUE, Role.GLUE))
    corners = set(starts)
    for cell in sorted(cells & corners):
        cx, cy = tri_centroid(cell, side)
        d.add(Polygon(tri_polygon(cell, side), Style(fill="#eeeeee"), Role.FILL))
        d.add(Circle((cx, cy), 0.13 * side, Style(stroke="#000000", width=0.35), Role.LABEL))
        d.add(Circle((cx, cy), 0.05 * side, Style(fill="#000000"), Role.LABEL))
    for a, b in _all_edges(cells):
        d.add(Polyline((tri_point(a, side), tri_point(b, side)), GRID, Role.LINE))
    if label is not None:
        for cell in sorted(cells - glue - corners):
            cx, cy = tri_centroid(cell, side)
            text = label(cell)
            d.add(Text((cx, cy), text, fit_size(text, 0.5 * side, 0.1 * side), fill="#9a9a9a"))
    if plan is not None:
        d.extend(_glue_labels(plan, cells, side))
        d.extend(_seam_ticks(plan, side))
        for cell in sorted(shared):
            d.extend(_trim_lines(cell, cells, side))
    loops = [tuple(tri_point(v, side) for v in loop) for loop in outline(cells)]
    if flap is not None:
        merged = unary_union([ShapelyPolygon(loops[0]), ShapelyPolygon(flap)]).simplify(1e-9)
        for ring in (loops[0], flap):
            d.add(Polygon(ring, PLAY_EDGE, Role.LINE))
        loops = [tuple(merged.exterior.coords)[:-1]]
    if frame is not None:
        merged = unary_union([ShapelyPolygon(loops[0]), ShapelyPolygon(frame)]).simplify(1e-9)
        board_edge = boundary_edges(plan.board if plan else cells) & boundary_edges(cells)
        for a, b in straight_runs(board_edge):
            d.add(Polyline((tri_point(a, side), tri_point(b, side)), PLAY_EDGE, Role.LINE))
        loops = [tuple(orient(merged).exterior.coords)[:-1]]
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
                items.append(
                    Polyline((mid, (mid[0] + dx * k * 1.5, mid[1] + dy * k * 1.5)), tick, Role.MARK)
                )
    return items


def _trim_lines(cell: Cell, cells: frozenset[Cell], side: float) -> list:
    """Dashed lines on the grid edges where a cell joins the rest of the print.

    They are guides (``Role.MARK``), not cut lines: only two of the three copies are
    trimmed, so a cutting machine must not cut them on every copy.  They are grey like
    the grid, so that on the copy that keeps the cell they read as its grid lines.
    """
    neighbours = {e for c in cells - {cell} for e in edges(c)}
    return [
        Polyline(tuple(tri_point(v, side) for v in e), TRIM, Role.MARK)
        for e in edges(cell)
        if e in neighbours
    ]


def _strip_axis(strip: list[Cell], side: float) -> tuple[Point, Point]:
    """A straight row of triangles' middle line: a point on it and its unit direction.

    The up cells' centres lie on one line parallel to it, the down cells' on another, the
    same distance on the other side."""
    ups = [tri_centroid(c, side) for c in strip if (c[0] + c[1]) % 2 == 0]
    downs = [tri_centroid(c, side) for c in strip if (c[0] + c[1]) % 2 == 1]
    row = max((ups, downs), key=len)
    a, b = max(((p, q) for p in row for q in row), key=lambda pq: math.dist(*pq))
    length = math.dist(a, b)
    direction = ((b[0] - a[0]) / length, (b[1] - a[1]) / length)
    means = [
        (sum(p[0] for p in group) / len(group), sum(p[1] for p in group) / len(group))
        for group in (ups, downs)
        if group
    ]
    mid = (sum(p[0] for p in means) / len(means), sum(p[1] for p in means) / len(means))
    return mid, direction


def _glue_labels(plan: SectionPlan, cells: frozenset[Cell], side: float) -> list:
    """The glue strip's words, written along the strip: a note and an arrow at the cell
    that two copies lose (if any), then '{glue}' spaced along the rest."""
    strip = sorted(cells & plan.glue - plan.shared_by_all)
    if len(strip) < 2:
        return []
    mid, direction = _strip_axis(strip, side)
    shared = sorted(cells & plan.shared_by_all)
    if shared:
        # Run the strip away from the shared cell.
        s = tri_centroid(shared[0], side)
        if (s[0] - mid[0]) * direction[0] + (s[1] - mid[1]) * direction[1] > 0:
            direction = (-direction[0], -direction[1])

    def at(t: float) -> Point:
        return (mid[0] + t * direction[0], mid[1] + t * direction[1])

    ts = sorted(
        (p[0] - mid[0]) * direction[0] + (p[1] - mid[1]) * direction[1]
        for p in (tri_centroid(c, side) for c in strip)
    )
    lo, hi = ts[0] - side / 4, ts[-1] + side / 4
    angle = math.degrees(math.atan2(direction[1], direction[0]))
    size = min(0.2 * side, 0.3 * side * ROW_HEIGHT)
    ink = "#555555"
    normal = (-direction[1], direction[0])

    def plate(start: float, end: float) -> Polygon:
        """The strip's grey behind words from ``start`` to ``end`` along it: its grid
        lines stop short of them."""
        a, b, half = at(start - PLATE_PAD * size), at(end + PLATE_PAD * size), PLATE_HALF * size
        nx, ny = normal[0] * half, normal[1] * half
        corners = ((a[0] + nx, a[1] + ny), (b[0] + nx, b[1] + ny))
        corners += ((b[0] - nx, b[1] - ny), (a[0] - nx, a[1] - ny))
        return Polygon(corners, GLUE, Role.GLUE)

    items: list = []
    if shared:
        # The arrow points back at the shared cell, from inside the strip.
        tip, length = lo + 0.5, min(0.4 * side, 6.0)
        head = min(0.12 * side, 1.8)
        x, y = at(tip)
        bx, by = at(tip + head * 1.4)
        shaft = Polyline(
            (at(tip + head), at(tip + length)), Style(stroke=ink, width=0.3), Role.GLUE
        )
        items.append(shaft)
        items.append(
            Polygon(
                (
                    (x, y),
                    (bx + head * normal[0], by + head * normal[1]),
                    (bx - head * normal[0], by - head * normal[1]),
                ),
                Style(fill=ink),
                Role.GLUE,  # on the glue strip: hidden once glued, like the strip
            )
        )
        note = trim_note()
        start = tip + length + 1.5
        # Room is kept after the note for one glue word at least.
        gap = 0.5 * side
        spare = hi - start - 2 * gap - text_width(glue_word(), size)
        note_size = fit_size(note, max(spare, 0.3 * (hi - start)), size)
        width = text_width(note, note_size)
        # From the arrow head's base on: a plate as high at the tip would reach over the
        # slanted edge into the cell the arrow points at.
        items.insert(0, plate(tip + head * 1.4 + PLATE_PAD * size, start + width))
        items.append(Text(at(start + width / 2), note, note_size, ink, angle=angle))
        lo = start + width + gap
    word = glue_word()
    room = hi - lo
    count = max(1, int(room // (2 * side)))
    if room > text_width(word, size):
        half = text_width(word, size) / 2
        for k in range(count):
            t = lo + room * (k + 0.5) / count
            items.append(plate(t - half, t + half))
            items.append(Text(at(t), word, size, ink, angle=angle))
    return items


PLATE_PAD = 0.3
"""How far (in font sizes) the grey behind the glue strip's words reaches past their ends."""
PLATE_HALF = 0.7
"""Half the height (in font sizes) of the grey behind the glue strip's words."""


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
        px0, py0, _x1, _y1 = mm_bbox(cells, side)
        block.place(
            piece_drawing(cells, _name(piece, layout), side, fill, cut, layout.bleed, edge=False),
            Affine.translate(px0 - x0, py0 - y0),
        )
        outlines |= boundary_edges(cells)
    for cell in sorted({Cell(r, c) for r in range(rows) for c in range(cols)} - used):
        block.add(Polygon(tuple(shift(p) for p in tri_polygon(cell, side)), WASTE, Role.FILL))
    style, role = edge_style(cut)
    for a, b in straight_runs(outlines):
        block.add(Polyline((shift(tri_point(a, side)), shift(tri_point(b, side))), style, role))
    return block


def pieces_block(
    layout: Layout,
    side: float,
    gap: float,
    fill: str | None,
    cut: bool,
    width: float,
    height: float,
) -> Drawing | None:
    """The 22 pieces: edge to edge when ``gap`` is 0, else spaced by the gap."""
    if gap == 0:
        return _lattice_block(layout, side, fill, cut, width, height)
    shapes = [(_best_orientation(p.cells, side), _name(p, layout)) for p in PIECES]
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


def pieces_sheet(
    layout: Layout,
    kit: str,
    title: str,
    player: str,
    side: float,
    gap: float,
    largest: Callable[[Layout], float],
    setting: str,
) -> Sheet:
    """Side A with the 22 pieces in ``player``'s colour and Side B with their backs;
    FitError naming ``largest(layout)`` and the ``setting`` to change if they do not fit."""
    size = page_size(layout)
    box = inner_box(content_box(size, layout.margin))
    colour = layout.colour(player)
    fill = colour if layout.ink == "fill" else None
    width, height = box[2] - box[0], box[3] - box[1]
    front_block = pieces_block(layout, side, gap, fill, True, width, height)
    back_block = pieces_block(layout, side, gap, fill, False, width, height)
    # TRANSLATORS: a sheet title: the game, then the colour of the pieces on it.
    heading = _("{title} · pieces · {colour}").format(
        title=title, colour=colour_name(player, "pieces")
    )
    if front_block is None or back_block is None or front_block.height > height:
        raise FitError(
            f"the {title} pieces at {side:g} mm triangles do not fit on "
            f"{layout.paper_name}; the largest that fits is "
            f"{largest(layout):.1f} mm (set {setting})"
        )
    front, back = two_sided_block(layout, size, heading, front_block, back_block, box, "the pieces")
    if layout.ink == "fill":
        stock = _("white card")
    else:
        stock = _("{colour} card").format(colour=colour_name(player, "card"))
    return Sheet(
        kit,
        f"pieces-{player}",
        heading,
        front,
        back,
        copies=1,
        stock=stock,
        steps=[duplex_step(layout), _("Cut out the 22 pieces along the black lines.")],
    )


def reference_patches(
    layout: Layout, colours: Iterable[str], start: Point, step: Point, side: float
) -> list[Patch]:
    """White, black and ``colours`` as squares of ``side`` in a row from ``start``."""
    names = ["white", "black", *colours]
    fixed = {"white": "#ffffff", "black": "#000000"}
    return [
        Patch.square(
            name,
            fixed.get(name) or layout.colour(name),
            (start[0] + k * step[0], start[1] + k * step[1]),
            side,
        )
        for k, name in enumerate(names)
    ]


def page_corner_fiducials(
    layout: Layout,
    size: tuple[float, float],
    ids: tuple[int, int, int, int],
    colours: tuple[str, ...],
    marker: float,
    patch: float,
) -> tuple[list[Marker], list[Patch], list[Patch]]:
    """Markers ``ids`` in the four corners of a page beside a whole board and two colour
    strips: one across the top right, beside the upper right marker, and one down the
    bottom left, above the lower left marker, so that a reflection on one leaves the
    other.  The title and footer stack across the top, so the upper markers sit below
    them.  Returns the markers, the first strip and the second (boards printed before the
    second have bare paper there: ``BoardModel.added_patches``)."""
    margin, quiet = layout.margin, marker / 2 + marker / 6 + 1.0
    w, h = size
    top_y = margin + HEADER + FOOTER + 4.0 + quiet
    centres = [
        (margin + quiet, top_y),
        (w - margin - quiet, top_y),
        (w - margin - quiet, h - margin - quiet),
        (margin + quiet, h - margin - quiet),
    ]
    markers = [Marker(i, c, marker) for i, c in zip(ids, centres, strict=True)]
    count, step = 2 + len(colours), patch + 1.5
    start = (w - margin - 2 * quiet - 4.0 - (count - 0.5) * step, top_y)
    first = reference_patches(layout, colours, start, (step, 0.0), patch)
    start = (margin + quiet, h - margin - 2 * quiet - 4.0 - (count - 0.5) * step)
    second = reference_patches(layout, colours, start, (0.0, step), patch)
    return markers, first, second


def assembled(section: Drawing, turns: Iterable[Affine]) -> Drawing:
    """The copies of a section print as they lie glued on the table, one per turn: each
    copy's paper, grid and marks, without its glue strip and the words on it."""
    hidden = {"glue", glue_word(), trim_note()}
    visible = [
        item
        for item in section.items
        if item.role != Role.GLUE and not (isinstance(item, Text) and item.text in hidden)
    ]
    edge = max(
        (item for item in section.items if item.role == Role.CUT and isinstance(item, Polygon)),
        key=lambda item: len(item.points),
    )
    paper = Polygon(edge.points, Style(fill="#ffffff"), Role.FILL)
    picture = Drawing()
    for turn in turns:
        picture.add(paper.transformed(turn))
        picture.extend(item.transformed(turn) for item in visible)
    return picture


SectionDrawing = Callable[[Layout, float], Drawing]
"""A game's section print at a triangle side: ``section_drawing(layout, side)``."""


def section_sheet(
    layout: Layout,
    kit: str,
    title: str,
    side: float,
    section: SectionDrawing,
    largest: Callable[[Layout], float],
    setting: str,
    steps: list[str],
) -> Sheet:
    """The board section print, turned to fit the page, printed three times; FitError
    naming ``largest(layout)`` and the ``setting`` to change if it does not fit."""
    size = page_size(layout)
    box = content_box(size, layout.margin)
    fitted = orient_to_fit(section(layout, side), box)
    if fitted is not None:
        fitted.items[:] = [_upright(item) for item in fitted.items]
    if fitted is None:
        raise FitError(
            f"the {title} board section at {side:g} mm triangles does not fit on "
            f"{layout.paper_name}; the largest that fits is "
            f"{largest(layout):.1f} mm (set {setting})"
        )
    # TRANSLATORS: a sheet title; the sheet is printed three times.
    heading = _("{title} · board section (print 3)").format(title=title)
    page = new_page(size, layout.margin, heading)
    page.place(fitted, place_centred(fitted, box, "the board section"))
    return Sheet(
        kit,
        "board-section",
        heading,
        page,
        copies=3,
        stock=_("white card or paper"),
        steps=steps,
    )


def _upright(item):
    """A text turned so that it reads left to right (or upwards), the same line turned
    by half a turn about its middle if it would read upside down."""
    if not isinstance(item, Text) or item.anchor != "middle":
        return item
    cos, sin = math.cos(math.radians(item.angle)), math.sin(math.radians(item.angle))
    if cos > 1e-9 or (cos > -1e-9 and sin < 0):
        return item
    return replace(item, angle=round(item.angle + 180.0, 9) % 360.0)


def largest_cell(
    layout: Layout, settings: type, section: SectionDrawing, lo: float, hi: float
) -> float:
    """The largest triangle side (to 0.1 mm, from ``lo`` to ``hi``) at which a colour's
    pieces and the section print fit the paper; ``settings`` is the game's layout section
    (its ``cell`` and ``gap``)."""
    while hi - lo > 0.05:
        mid = (lo + hi) / 2
        if _fits(layout, settings, section, mid):
            lo = mid
        else:
            hi = mid
    return math.floor(lo * 10) / 10


def _fits(layout: Layout, settings: type, section: SectionDrawing, side: float) -> bool:
    trial = layout.with_values(**{settings.SECTION: {"cell": side}})
    box = content_box(page_size(trial), trial.margin)
    inner = inner_box(box)
    width, height = inner[2] - inner[0], inner[3] - inner[1]
    block = pieces_block(trial, side, trial.section(settings).gap, None, True, width, height)
    if block is None or block.height > height:
        return False
    return orient_to_fit(section(trial, side), box) is not None


def on_smallest_paper(
    layout: Layout, board: Drawing, room: tuple[float, float, float, float] = (0, 0, 0, 0)
) -> tuple[str, bool, tuple[float, float], Affine]:
    """The smallest paper of the layout's family (ISO or US) that holds ``board``'s cut
    outline with ``room`` (left, top, right, bottom, mm) round it: its name, whether it is
    landscape, the page size and the board → page map that centres the board."""
    x0, y0, x1, y1 = cut_bbox(board)
    left, top, right, bottom = room
    family = US_PAPERS if layout.paper_name in US_PAPERS else ISO_PAPERS
    paper, landscape = smallest_paper(
        x1 - x0 + left + right, y1 - y0 + top + bottom, layout.margin, family
    )
    w, h = PAPER_SIZES[paper]
    size = (h, w) if landscape else (w, h)
    margin = layout.margin
    whole = (margin + left, margin + top, size[0] - margin - right, size[1] - margin - bottom)
    shifted = Drawing(x1 - x0, y1 - y0)
    at = place_centred(shifted, whole, "the board") @ Affine.translate(-x0, -y0)
    return paper, landscape, size, at


AIDS_ROOM = 3.0
"""White kept round the markers and colour patches inside a whole board's cut, mm."""


def full_board_page(
    layout: Layout,
    size: tuple[float, float],
    title: str,
    board: Drawing,
    at: Affine,
    markers: list[Marker],
    patches: list[Patch],
) -> Page:
    """A whole board at true size with its photo markers and colour patches.

    The cut runs round a rectangle holding the board and every reading aid, so the
    markers and patches stay on the board once it is cut out; the board's own outline
    stays printed as a dark line.  The title and footer sit in corners beside the board,
    and the cut turns round them, footer as it reads once it names the cut."""
    page = new_page(size, layout.margin, title, stacked=True)
    furniture = len(page.items)
    placed = [item.transformed(at) for item in board.items]
    aids = [item for marker in markers for item in marker_items(marker)]
    aids += strip_items(patches)
    kept = [p for item in placed if item.role == Role.CUT for p in item.all_points()]
    kept += [p for item in aids for p in item.all_points()]
    x0, y0, x1, y1 = bbox_of(kept)
    m = layout.margin + CUT.width  # the cut line's ink stays inside the margin
    x0, y0 = max(x0 - AIDS_ROOM, m), max(y0 - AIDS_ROOM, m)
    x1, y1 = min(x1 + AIDS_ROOM, size[0] - m), min(y1 + AIDS_ROOM, size[1] - m)
    frame = (x0, y0, x1, y1)
    page.extend(replace(item, role=Role.LINE) if item.role == Role.CUT else item for item in placed)
    page.extend(aids)
    # The footer names the cut's length (``note_cutting``), which grows with the footer the
    # cut turns round: noted and turned round again until the two agree.
    bare, rest = page.items[:furniture], page.items[furniture:]
    cut = _cut_round(frame, bare, size[0])
    for _round in range(NOTE_ROUNDS):
        page.items = [*bare, *rest, cut]
        note_cutting(page)
        turned = _cut_round(frame, page.items[:furniture], size[0])
        if turned == cut:
            break
        cut = turned
    return page


NOTE_ROUNDS = 4
"""At most this many times a whole board's footer is noted and its cut turned round it
(two agree on the boards printed: the note's width settles once its figures do)."""


def _cut_round(frame: tuple, furniture: list, width: float) -> Polygon:
    """The cut round the ``frame`` box, turning round the ``furniture`` (title, footer) in
    the page's corners, so that it stays on the offcut."""
    extents = [e for e in map(item_extent, furniture) if e is not None]
    corners = [
        bbox_of(p for e in group for p in (e[:2], e[2:]))
        for group in (
            [e for e in extents if e[0] + e[2] < width],  # left half of the page
            [e for e in extents if e[0] + e[2] >= width],
        )
        if group
    ]
    kept_area = box(*frame).difference(
        unary_union([box(*c).buffer(AIDS_ROOM, join_style="mitre") for c in corners])
    )
    if kept_area.geom_type != "Polygon":  # furniture cannot split the board: keep the largest
        kept_area = max(kept_area.geoms, key=lambda g: g.area)
    return Polygon(tuple(orient(kept_area).exterior.coords)[:-1], CUT, Role.CUT)
