"""What the Triominoes kit prints: the 56 number tiles, two-sided, and a score sheet.

Tiles sit on the triangular lattice of ``printkit.geometry.tri``: tile ``k`` of a sheet
takes cell ``(k // cols, k % cols)``, so rows alternate up and down triangles.  With
``triominoes.spacing`` 0 neighbouring tiles share their edges and each lattice line is
one straight cut across the block (``tri.straight_runs``): first the horizontal cuts
into strips, then the slanting ones across them.  With a spacing, every tile is shrunk
about its centre on a lattice widened so that parallel edges lie ``spacing`` apart.

Each corner carries its number, rotated so that the top of the digit points at that
corner, as on the real tiles: a tile can be read from any side.  The numbers run
clockwise (``Tile``), the first at the cell's first corner in clockwise order (the apex of
an up cell, the top-left corner of a down cell).  Digits that read as another one upside
down (6 and 9) would be underlined; the numbers stop at 5, so none is.  The tile code sits
small in the middle, upright towards the corner of the smallest number.

The back is the same on every tile and has three-fold symmetry (no text, no corner
singled out), so neither a tile's numbers nor where its smallest number sits show through
a blind draw.

Registration marks (and crop marks, if asked for) go outside the block when there is
room.  A full sheet of tiles leaves none: then the registration marks sit in the empty
half-cells along the block's zigzag sides, and no crop marks are drawn (the straight cuts
run right across the block, so there is nothing to trim).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from shapely.geometry import Point as ShapelyPoint
from shapely.geometry import Polygon as ShapelyPolygon
from shapely.geometry import box as shapely_box
from shapely.ops import nearest_points, unary_union

from printkit.draw.bleed import bleed_polygon
from printkit.draw.lattice import tri_point
from printkit.draw.model import (
    Affine,
    Circle,
    Drawing,
    Item,
    Point,
    Polygon,
    Polyline,
    Role,
    Style,
    Text,
    bbox_of,
)
from printkit.draw.text import fit_size, text_width
from printkit.errors import FitError, LayoutError
from printkit.games.triominoes.mat import mat_sheets, vision_models
from printkit.games.triominoes.rules import clockwise_corners
from printkit.games.triominoes.tiles import TILES, Tile
from printkit.geometry.tri import Cell, edges, straight_runs, touching
from printkit.layout.config import Layout
from printkit.layout.sheet import (
    CUT,
    Sheet,
    back_transform,
    content_box,
    duplex_step,
    new_page,
    page_size,
    two_sided_block,
)

__all__ = [
    "sheets",
    "tile_sheets",
    "score_sheet",
    "tile_front",
    "tile_back",
    "clockwise_corners",
    "upright_angle",
    "grid_for",
    "largest_tile",
    "SCORING",
    "AMBIGUOUS",
    "FACE",
    "BACK",
    "NUMBER_INKS",
    "vision_models",
]

KIT = "triominoes"
TITLE = "Triominoes"
FACE = "#fbf6e9"
"""Tile face colour (fill ink)."""
BACK = "#2d5468"
"""Colour of every tile's back (fill ink)."""
BACK_LINE = "#9cc0d0"
NUMBER_INKS = ("#1a1a1a", "#b3261e", "#1f4fa3", "#1e7a3c", "#6a2c91", "#8a5a00")
"""Ink of the numbers 0 to 5 (fill ink): each number its own colour, all dark on the face."""
CODE_INK = "#8a8a8a"
BLACK = "#000000"
AMBIGUOUS = frozenset({6, 9})
"""Numbers that read as each other turned over; underlined if a set ever has them."""
NUMBER_SIZE = 0.2
"""Font size of a corner number, as a fraction of the tile side."""
NUMBER_AT = 0.43
"""Where a number's centre sits on the way from its corner to the tile's centre."""
CODE_SIZE = 0.065
MARK_ARM = 2.5
"""Half the length of a registration mark's cross (its circle is smaller), mm."""
MARK_ROOM = 5.0 + MARK_ARM
"""How far outside a block the standard registration marks reach, mm."""
CROP_ROOM = 6.0
"""How far outside a block crop marks reach, mm."""


# --- one tile -------------------------------------------------------------------------------

def upright_angle(corner: Point, centre: Point) -> float:
    """The text angle (clockwise degrees) at which a label's top points from ``centre`` to
    ``corner``."""
    ux, uy = corner[0] - centre[0], corner[1] - centre[1]
    # A label turned by a has its top towards (sin a, -cos a), y growing downwards.
    angle = math.degrees(math.atan2(ux, -uy)) % 360.0
    return round(angle, 9) % 360.0


def _pitch(side: float, spacing: float) -> float:
    """Lattice side for tiles of ``side`` whose parallel edges lie ``spacing`` apart."""
    return side + math.sqrt(3) * spacing


def tile_corners(cell: tuple[int, int], side: float, spacing: float) -> tuple[Point, ...]:
    """The tile on ``cell`` in mm, corners in ``clockwise_corners`` order."""
    pitch = _pitch(side, spacing)
    lattice = [tri_point(v, pitch) for v in clockwise_corners(cell)]
    cx, cy = sum(p[0] for p in lattice) / 3, sum(p[1] for p in lattice) / 3
    k = side / pitch
    return tuple((cx + (x - cx) * k, cy + (y - cy) * k) for x, y in lattice)


def _centre(points: Sequence[Point]) -> Point:
    return (sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points))


def _number(value: int, corner: Point, centre: Point, side: float, ink: str) -> list[Item]:
    """A corner number, its top towards the corner; underlined if it is ambiguous."""
    x, y = corner
    at = (x + NUMBER_AT * (centre[0] - x), y + NUMBER_AT * (centre[1] - y))
    size = NUMBER_SIZE * side
    angle = upright_angle(corner, centre)
    items: list[Item] = [Text(at, str(value), size, fill=ink, angle=angle, bold=True)]
    if value in AMBIGUOUS:
        t = math.radians(angle)
        ux, uy, nx, ny = math.cos(t), math.sin(t), -math.sin(t), math.cos(t)
        half = text_width(str(value), size, bold=True) / 2
        drop = 0.55 * size  # under the baseline, which lies 0.36 sizes below the mid-line
        mx, my = at[0] + nx * drop, at[1] + ny * drop
        items.append(Polyline(((mx - ux * half, my - uy * half), (mx + ux * half, my + uy * half)),
                              Style(stroke=ink, width=0.06 * size), Role.LABEL))
    return items


def tile_front(tile: Tile, cell: tuple[int, int], side: float, spacing: float,
               layout: Layout) -> list[Item]:
    """One tile's Side A: face, the three numbers and the code (cuts are drawn by the block)."""
    corners = tile_corners(cell, side, spacing)
    centre = _centre(corners)
    fill_ink = layout.ink == "fill"
    items: list[Item] = []
    if fill_ink:
        face = Polygon(corners, Style(fill=FACE), Role.FILL)
        grown = bleed_polygon(face, layout.bleed)
        items += ([grown] if grown is not None else []) + [face]
    for value, corner in zip(tile, corners, strict=True):
        ink = NUMBER_INKS[value % len(NUMBER_INKS)] if fill_ink else BLACK
        items += _number(value, corner, centre, side, ink)
    code = tile.code
    items.append(Text(centre, code, fit_size(code, 0.3 * side, CODE_SIZE * side),
                      fill=CODE_INK, angle=upright_angle(corners[0], centre)))
    return items


def tile_back(cell: tuple[int, int], side: float, spacing: float, layout: Layout) -> list[Item]:
    """The uniform Side B of every tile: a face and an inset triangle with a dot in its middle."""
    corners = tile_corners(cell, side, spacing)
    cx, cy = _centre(corners)
    items: list[Item] = []
    if layout.ink == "fill":
        face = Polygon(corners, Style(fill=BACK), Role.FILL)
        grown = bleed_polygon(face, layout.bleed)
        items += ([grown] if grown is not None else []) + [face]
    line = BACK_LINE if layout.ink == "fill" else "#7a7a7a"
    inset = tuple((cx + 0.6 * (x - cx), cy + 0.6 * (y - cy)) for x, y in corners)
    items.append(Polygon(inset, Style(stroke=line, width=0.4), Role.LINE))
    items.append(Circle((cx, cy), 0.05 * side, Style(fill=line), Role.LINE))
    return items


# --- a block of tiles -----------------------------------------------------------------------

def _slots(count: int, cols: int) -> list[Cell]:
    return [Cell(k // cols, k % cols) for k in range(count)]


def _block_bbox(cells: Sequence[Cell], side: float, spacing: float
                ) -> tuple[float, float, float, float]:
    return bbox_of(p for cell in cells for p in tile_corners(cell, side, spacing))


def _block_size(count: int, cols: int, side: float, spacing: float) -> tuple[float, float]:
    x0, y0, x1, y1 = _block_bbox(_slots(count, cols), side, spacing)
    return (x1 - x0, y1 - y0)


def grid_for(count: int, side: float, spacing: float, width: float, height: float
             ) -> int | None:
    """Tiles a row for ``count`` tiles to fit ``width`` x ``height``, or None if none fits.

    Of the widths that fit, the one leaving the fewest empty places in the last row, then
    the one with the fewest rows.
    """
    best = None
    for cols in range(1, count + 1):
        w, h = _block_size(count, cols, side, spacing)
        if w > width + 1e-6:
            break
        if h <= height + 1e-6:
            key = ((-count) % cols, -cols)
            if best is None or key < best[0]:
                best = (key, cols)
    return None if best is None else best[1]


def _cut_items(cells: Sequence[Cell], side: float, spacing: float, cut: bool) -> list[Item]:
    """Cut lines of a block: each lattice line once, end to end, when tiles share edges."""
    style, role = (CUT, Role.CUT) if cut else (Style(stroke="#b0b0b0", width=0.15), Role.LINE)
    if spacing > 0:
        return [Polygon(tile_corners(cell, side, spacing), style, role) for cell in cells]
    unit = {e for cell in cells for e in edges(cell)}
    return [Polyline((tri_point(a, side), tri_point(b, side)), style, role)
            for a, b in straight_runs(unit)]


def _blocks(tiles: Sequence[Tile], cols: int, layout: Layout) -> tuple[Drawing, Drawing]:
    """Side A and Side B (through coordinates) of some tiles, origin at the block corner."""
    side, spacing = _settings(layout)
    cells = _slots(len(tiles), cols)
    x0, y0, x1, y1 = _block_bbox(cells, side, spacing)
    front, back = Drawing(x1 - x0, y1 - y0), Drawing(x1 - x0, y1 - y0)
    for tile, cell in zip(tiles, cells, strict=True):
        front.extend(tile_front(tile, cell, side, spacing, layout))
        back.extend(tile_back(cell, side, spacing, layout))
    front.extend(_cut_items(cells, side, spacing, True))
    if layout.ink != "fill":
        back.extend(_cut_items(cells, side, spacing, False))
    shift = Affine.translate(-x0, -y0)
    return front.transformed(shift), back.transformed(shift)


def _registration_mark(centre: Point) -> list[Item]:
    """A target like ``sheet.registration_marks`` draws, at one point."""
    x, y = centre
    style = Style(stroke=BLACK, width=0.2)
    return [Circle(centre, 1.5, style, Role.MARK),
            Polyline(((x - MARK_ARM, y), (x + MARK_ARM, y)), style, Role.MARK),
            Polyline(((x, y - MARK_ARM), (x, y + MARK_ARM)), style, Role.MARK)]


def notch_marks(cells: Sequence[Cell], side: float, spacing: float, bleed: float
                ) -> list[Point]:
    """Registration mark centres inside a block's box, clear of every tile and its bleed.

    For each corner of the box, the nearest free point to it; near-duplicates dropped.
    """
    x0, y0, x1, y1 = _block_bbox(cells, side, spacing)
    tiles = unary_union([ShapelyPolygon(tile_corners(c, side, spacing)) for c in cells])
    clear = MARK_ARM + bleed + 0.5
    free = shapely_box(x0, y0, x1, y1).difference(tiles.buffer(clear, join_style="mitre"))
    free = free.buffer(-MARK_ARM, join_style="mitre")
    out: list[Point] = []
    if free.is_empty:
        return out
    for corner in ((x0, y0), (x1, y0), (x1, y1), (x0, y1)):
        p = nearest_points(free, ShapelyPoint(corner))[0]
        point = (round(p.x, 6), round(p.y, 6))
        if all(math.dist(point, q) > 4 * MARK_ARM for q in out):
            out.append(point)
    return out


def _settings(layout: Layout) -> tuple[float, float]:
    cfg = layout[KIT]
    side, spacing = float(cfg["tile"]), float(cfg["spacing"])
    if side <= 0 or spacing < 0:
        raise LayoutError(f"triominoes.tile must be positive and triominoes.spacing at least 0, "
                          f"not {side:g} and {spacing:g}")
    return side, spacing


def _plan(layout: Layout) -> tuple[tuple[float, float], int, list[list[Tile]]] | None:
    """Page size, tiles per row and the tiles of each sheet: the fewest sheets that hold all
    56 (portrait unless landscape needs fewer); None if not one tile fits."""
    side, spacing = _settings(layout)
    best = None
    for size in (page_size(layout), page_size(layout, landscape=True)):
        x0, y0, x1, y1 = content_box(size, layout.margin)
        for count in range(1, len(TILES) + 1):
            per_sheet = -(-len(TILES) // count)
            cols = grid_for(per_sheet, side, spacing, x1 - x0, y1 - y0)
            if cols is not None:
                if best is None or count < best[0]:
                    best = (count, size, cols)
                break
    if best is None:
        return None
    count, size, cols = best
    groups, start = [], 0
    for k in range(count):
        n = len(TILES) // count + (k < len(TILES) % count)
        groups.append(list(TILES[start:start + n]))
        start += n
    return size, cols, groups


def largest_tile(layout: Layout) -> float:
    """The largest tile side (to 0.1 mm) that fits the paper at all."""
    lo, hi = 1.0, 400.0
    while hi - lo > 0.05:
        mid = (lo + hi) / 2
        if _plan(layout.with_values(triominoes={"tile": mid})) is not None:
            lo = mid
        else:
            hi = mid
    return math.floor(lo * 10) / 10


def _tile_sheet(tiles: Sequence[Tile], cols: int, layout: Layout, size: tuple[float, float],
                number: int, count: int) -> Sheet:
    side, spacing = _settings(layout)
    front_block, back_block = _blocks(tiles, cols, layout)
    box = content_box(size, layout.margin)
    bw, bh = box[2] - box[0], box[3] - box[1]
    room = max(MARK_ROOM if layout["print"]["registration_marks"] else 0.0,
               CROP_ROOM if layout["print"]["crop_marks"] else 0.0)
    outside = (front_block.width + 2 * room <= bw + 1e-6
               and front_block.height + 2 * room <= bh + 1e-6)
    stem = "tiles" + (f"-{number}" if count > 1 else "")
    title = f"{TITLE} · tiles" + (f" ({number} of {count})" if count > 1 else "")
    marked = layout if outside else layout.with_values(
        print={"registration_marks": False, "crop_marks": False})
    front, back = two_sided_block(marked, size, title, front_block, back_block, box, "the tiles")
    if not outside and layout["print"]["registration_marks"]:
        # No room round the block: the marks go in its empty corners, on both sides.
        at = ((bw - front_block.width) / 2 + box[0], (bh - front_block.height) / 2 + box[1])
        cells = _slots(len(tiles), cols)
        bx0, by0, _, _ = _block_bbox(cells, side, spacing)
        marks = [item for p in notch_marks(cells, side, spacing, layout.bleed)
                 for item in _registration_mark((p[0] - bx0 + at[0], p[1] - by0 + at[1]))]
        front.extend(marks)
        turn = back_transform((back.width, back.height), layout.flip, layout.back_offset)
        back.extend(item.transformed(turn) for item in marks)
    cut = ("Cut along the long straight lines: first the horizontal ones, into strips, then "
           "the slanting ones across each strip; neighbouring tiles share every cut."
           if spacing == 0 else "Cut out each tile along its outline.")
    stock = "white card" if layout.ink == "fill" else "card"
    return Sheet(KIT, stem, title, front, back, stock=stock,
                 steps=[duplex_step(layout), cut, f"This sheet holds {len(tiles)} of the "
                        f"{len(TILES)} tiles."])


def tile_sheets(layout: Layout) -> list[Sheet]:
    """Side A with the numbered tiles and Side B with their uniform backs, as few as fit."""
    found = _plan(layout)
    if found is None:
        side, _ = _settings(layout)
        raise FitError(f"a {TITLE} tile of {side:g} mm does not fit on {layout.paper_name}; "
                       f"the largest that fits is {largest_tile(layout):.1f} mm "
                       "(set triominoes.tile)")
    size, cols, groups = found
    return [_tile_sheet(group, cols, layout, size, k, len(groups))
            for k, group in enumerate(groups, start=1)]


# --- score sheet ----------------------------------------------------------------------------

SCORING: tuple[tuple[str, str, str], ...] = (
    ("Laying a tile", "sum of its 3 numbers", "sum of its 3 numbers"),
    ("Opening with the highest triple", "sum + 10", "sum + 10"),
    ("Opening with 0-0-0", "40", "10 (0 + 10)"),
    ("Closing a hexagon (each one)", "+50", "+50"),
    ("Bridge", "+40", "+40"),
    ("Drawing a tile", "-5 each", "-5 each"),
    ("Drawing limit", "3 a turn, then -25 if still stuck", "none: draw until you can play"),
    ("Cannot play, pool empty", "-10", "-10"),
    ("Going out", "+25 + tiles in other hands", "+25 + tiles in other hands"),
    ("Blocked round", "lowest hand: + its difference to each",
     "everyone: - own hand"),
    ("End of the game", "400 starts the last round", "500 at the end of a round"),
)
"""Score events and what each rule set gives: (event, Spanish rules, English rules)."""
RULE_SETS = ("Spanish rules", "English rules")
PLAYERS = 6
DIFFERS = Style(fill="#f3e6c4")


def _checkbox(x: float, y: float, size: float = 3.0) -> Polygon:
    return Polygon(((x, y - size / 2), (x + size, y - size / 2), (x + size, y + size / 2),
                    (x, y + size / 2)), Style(stroke=BLACK, width=0.25), Role.LINE)


def score_sheet(layout: Layout) -> Sheet:
    """One round's scores: a column pair per player, a row per turn, and the scoring table."""
    size = page_size(layout)
    x0, y0, x1, y1 = content_box(size, layout.margin)
    title = f"{TITLE} · score sheet"
    page = new_page(size, layout.margin, title)
    ink, grey = "#333333", "#777777"
    thin, thick = Style(stroke="#9a9a9a", width=0.15), Style(stroke=BLACK, width=0.35)

    # Heading line: round number, rule set ticked, date.
    y = y0 + 2.5
    page.add(Text((x0, y), "Round ______", 3.2, fill=ink, anchor="start", role=Role.INFO))
    x = x0 + 40.0
    for name in RULE_SETS:
        page.add(_checkbox(x, y))
        page.add(Text((x + 4.5, y), name, 3.2, fill=ink, anchor="start", role=Role.INFO))
        x += 8.0 + text_width(name, 3.2)
    page.add(Text((x1, y), "Date ____________", 3.2, fill=ink, anchor="end", role=Role.INFO))

    # The scoring table at the bottom.
    row_t, head_t = 5.4, 6.0
    table_h = head_t + len(SCORING) * row_t
    table_top = y1 - table_h
    event_w = 0.34 * (x1 - x0)
    rule_w = (x1 - x0 - event_w) / 2
    lefts = (x0, x0 + event_w, x0 + event_w + rule_w)
    page.add(Text((x0, table_top - 2.5), "Scoring: the two rule sets (shaded where they differ)",
                  3.0, fill=ink, anchor="start", bold=True, role=Role.INFO))
    for label, left in zip(("Event", *RULE_SETS), lefts, strict=True):
        page.add(Text((left + 1.5, table_top + head_t / 2), label, 2.8, fill=ink,
                      anchor="start", bold=True))
    for k, row in enumerate(SCORING):
        top = table_top + head_t + k * row_t
        if row[1] != row[2]:
            bottom_t = top + row_t
            page.add(Polygon(((lefts[1], top), (x1, top), (x1, bottom_t), (lefts[1], bottom_t)),
                             DIFFERS, Role.FILL))
        for text, left, width in zip(row, lefts, (event_w, rule_w, rule_w), strict=True):
            page.add(Text((left + 1.5, top + row_t / 2), text, fit_size(text, width - 3.0, 2.8),
                          fill=ink, anchor="start"))
    for k in range(len(SCORING) + 2):
        yy = table_top + (head_t + (k - 1) * row_t if k else 0.0)
        page.add(Polyline(((x0, yy), (x1, yy)), thick if k in (0, 1, len(SCORING) + 1) else thin,
                          Role.LINE))
    for xx in (*lefts, x1):
        page.add(Polyline(((xx, table_top), (xx, y1)), thick, Role.LINE))

    # The score grid: carried-over row, one row per turn, round-end row.
    top = y0 + 7.0
    label_w, name_h, head_h, row_h = 17.0, 8.0, 5.0, 6.0
    bottom_limit = table_top - 10.0
    turns = int((bottom_limit - top - name_h - head_h) // row_h) - 2
    labels = ["carried over", *[str(k) for k in range(1, turns + 1)], "round end"]
    body_top = top + name_h + head_h
    bottom = body_top + len(labels) * row_h
    group = (x1 - x0 - label_w) / PLAYERS
    for k in range(len(labels) + 1):
        yy = body_top + k * row_h
        style = thick if k in (0, 1, len(labels) - 1, len(labels)) else thin
        page.add(Polyline(((x0, yy), (x1, yy)), style, Role.LINE))
    page.add(Polyline(((x0, top), (x1, top)), thick, Role.LINE))
    page.add(Polyline(((x0 + label_w, top + name_h), (x1, top + name_h)), thin, Role.LINE))
    page.add(Text((x0 + label_w / 2, top + (name_h + head_h) / 2), "Turn", 2.8, fill=ink))
    for k, label in enumerate(labels):
        digit = label.isdigit()
        page.add(Text((x0 + label_w / 2, body_top + (k + 0.5) * row_h), label,
                      2.4 if digit else 2.3, fill=grey if digit else ink, bold=not digit))
    page.add(Polyline(((x0, top), (x0, bottom)), thick, Role.LINE))
    for p in range(PLAYERS):
        gx = x0 + label_w + p * group
        page.add(Polyline(((gx, top), (gx, bottom)), thick, Role.LINE))
        page.add(Text((gx + 1.2, top + 2.2), f"Player {p + 1}", 2.2, fill=grey, anchor="start"))
        for j, head in enumerate(("points", "total")):
            page.add(Text((gx + (j + 0.5) * group / 2, top + name_h + head_h / 2), head, 2.5,
                          fill=ink))
        page.add(Polyline(((gx + group / 2, top + name_h), (gx + group / 2, bottom)), thin,
                          Role.LINE))
    page.add(Polyline(((x1, top), (x1, bottom)), thick, Role.LINE))
    note = ("Each turn: write the points (negative for penalties) and the new total. "
            "Start the total from the carried-over row.")
    page.add(Text((x0, bottom + 4.0), note, fit_size(note, x1 - x0, 2.6), fill=grey,
                  anchor="start", role=Role.INFO))
    return Sheet(KIT, "score-sheet", title, page, stock="plain paper",
                 steps=["Print one score sheet per round, or as many as you need; tick the "
                        "rule set you play."])


# --- the kit --------------------------------------------------------------------------------

def sheets(layout: Layout) -> list[Sheet]:
    """Every Triominoes sheet for this layout: the tiles, the play mat, the score sheet."""
    return [*tile_sheets(layout), *mat_sheets(layout), score_sheet(layout)]


def layout_drawing(readings: dict[Cell, tuple[int, int, int]], marked: Sequence[Cell],
                   mark_colour: str, layout: Layout) -> Drawing:
    """Tiles laid on the table (for ``printkit show``): each cell's numbers clockwise from
    its reference corner, the ``marked`` cells outlined, on a faint grid around them."""
    side = float(layout[KIT]["tile"])
    d = Drawing()
    around = {n for cell in readings for n in touching(cell)} - set(readings)
    for cell in sorted(around):
        d.add(Polygon(tile_corners(cell, side, 0.0), Style(stroke="#dddddd", width=0.2),
                      Role.LINE))
    for cell, reading in sorted(readings.items()):
        corners = tile_corners(cell, side, 0.0)
        centre = _centre(corners)
        d.add(Polygon(corners, Style(fill=FACE, stroke=BLACK, width=0.35), Role.FILL))
        for value, corner in zip(reading, corners, strict=True):
            d.extend(_number(value, corner, centre, side, NUMBER_INKS[value % 6]))
    for cell in marked:
        d.add(Polygon(tile_corners(cell, side, 0.0), Style(stroke=mark_colour, width=0.9),
                      Role.MARK))
    return d

