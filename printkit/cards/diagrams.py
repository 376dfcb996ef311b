"""Small rule-card diagrams, built from the real geometry and checked by the games' engines.

Each game's examples are pure functions returning plain data (``tripakus_contact()``,
``tripitz_move()``...), which the tests check against the rules engines; the drawing
functions turn that data into a :class:`Drawing` in mm.  Every word drawn comes from the
card's ``[labels]`` table (a :class:`Labels`), never from this module.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache

from printkit.draw.lattice import hex_centre, hex_polygon, tri_centroid, tri_point, tri_polygon
from printkit.draw.model import Circle, Drawing, Item, Polygon, Polyline, Role, Style, Text
from printkit.draw.text import text_width
from printkit.errors import LayoutError
from printkit.games.triominoes.tiles import HIGHEST, Tile, parse_tile
from printkit.games.tripakus.rules import Placement, TriPakusGame, TriPakusOptions, placements
from printkit.games.tripitz.board import TripitzBoard
from printkit.games.tripitz.pids import Pid, is_valid_set, parse_pid
from printkit.games.tripitz.rules import Score, score_placement
from printkit.games.tripod.board import TripodBoard, TripodCell, cell_name
from printkit.games.tripod.rules import Stone, check_position, surrounded_corners
from printkit.geometry.hexgrid import AXES, Hex, distance
from printkit.geometry.tri import Cell, Vertex, edges, outline, triangle_board, vertices
from printkit.layout.config import Layout

__all__ = [
    "Labels",
    "DIAGRAMS",
    "diagram",
    "ContactExample",
    "tripakus_contact",
    "TripitzMove",
    "tripitz_triple",
    "tripitz_move",
    "scoring_windows",
    "TileLayout",
    "corner_order",
    "triominoes_hexagon",
    "triominoes_bridge",
    "TripodExample",
    "tripod_surround",
    "pid_items",
    "SYMBOL_COLOURS",
]

INK = "#1a1a1a"
GRID = Style(stroke="#b4b4b4", width=0.15)
LABEL_SIZE = 2.9
GOOD = "#1f7a3a"
BAD = "#b3261e"


class Labels:
    """The words a diagram draws, from the card's ``[labels]`` table."""

    def __init__(self, values: Mapping[str, str], source: str) -> None:
        self.values = dict(values)
        self.source = source
        self.used: set[str] = set()

    def __getitem__(self, key: str) -> str:
        self.used.add(key)
        try:
            return self.values[key]
        except KeyError:
            raise LayoutError(f"the [labels] table has no {key!r}, which a diagram needs",
                              source=self.source) from None

    def format(self, key: str, **values: object) -> str:
        try:
            return self[key].format(**values)
        except (KeyError, IndexError, ValueError) as e:
            raise LayoutError(f"label {key!r} cannot be filled in: {e}", source=self.source) \
                from None


def _label(pos: tuple[float, float], text: str, size: float = LABEL_SIZE, colour: str = INK,
           bold: bool = False, anchor: str = "middle") -> Text:
    return Text(pos, text, size, fill=colour, anchor=anchor, bold=bold,  # type: ignore[arg-type]
                role=Role.LABEL)


def _fit(d: Drawing) -> Drawing:
    """Shift a drawing so its items start at (0, 0) and set its size from its contents.

    Text extents are measured, not guessed, so labels count towards the size.
    """
    xs: list[float] = []
    ys: list[float] = []
    for item in d.items:
        if isinstance(item, Text):
            w = text_width(item.text, item.size, item.bold)
            x0 = item.position[0] - {"start": 0.0, "middle": w / 2, "end": w}[item.anchor]
            xs += [x0, x0 + w]
            ys += [item.position[1] - 0.75 * item.size, item.position[1] + 0.55 * item.size]
        else:
            pad = item.style.width / 2 if item.style.stroke else 0.0
            for x, y in item.all_points():
                xs += [x - pad, x + pad]
                ys += [y - pad, y + pad]
    x0, y0 = min(xs), min(ys)
    moved = d.transformed(_shift(-x0, -y0))
    moved.width, moved.height = max(xs) - x0, max(ys) - y0
    return moved


def _shift(dx: float, dy: float):
    from printkit.draw.model import Affine

    return Affine.translate(dx, dy)


def _tint(colour: str, amount: float) -> str:
    """``colour`` mixed with white (``amount`` 0 = colour, 1 = white)."""
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    mix = [round(c + (255 - c) * amount) for c in (r, g, b)]
    return "#{:02x}{:02x}{:02x}".format(*mix)


def _tick(x: float, y: float, ok: bool, s: float = 2.2) -> list[Item]:
    """A drawn check mark or cross (no font needed), centred on (x, y)."""
    if ok:
        pts = ((x - s / 2, y), (x - s / 6, y + s / 2.4), (x + s / 2, y - s / 2.2))
        return [Polyline(pts, Style(stroke=GOOD, width=0.55), Role.LABEL)]
    style = Style(stroke=BAD, width=0.55)
    h = s / 2.4
    return [Polyline(((x - h, y - h), (x + h, y + h)), style, Role.LABEL),
            Polyline(((x - h, y + h), (x + h, y - h)), style, Role.LABEL)]


def _verdict(d: Drawing, centre_x: float, y: float, text: str, ok: bool) -> None:
    """A check mark or cross followed by a word, centred on ``centre_x``."""
    w = text_width(text, LABEL_SIZE, True) + 3.4
    x = centre_x - w / 2
    d.extend(_tick(x + 1.1, y, ok))
    d.add(_label((x + 3.4, y), text, colour=GOOD if ok else BAD, bold=True, anchor="start"))


# -- TriPakus ---------------------------------------------------------------------------

PATCH_ROWS = 5
"""Rows of the board drawn in the TriPakus diagram (the apex corner of the real board)."""


@dataclass(frozen=True)
class ContactExample:
    """An own piece in the apex corner, and two ways to add a second own piece."""

    first: Placement
    legal: Placement  # shares corners only
    illegal: Placement  # shares an edge
    illegal_reason: str


def _contact_game(first: Placement) -> TriPakusGame:
    game = TriPakusGame(TriPakusOptions(board_size=PATCH_ROWS, players=("red",)))
    game.play(first)
    return game


@cache
def tripakus_contact(first: str = "t4", second: str = "c4") -> ContactExample:
    """The first legal placements (in sorted order) that make the example, found by the engine.

    The first piece covers the apex corner; the legal second piece touches it only at a corner,
    the illegal one along an edge, each lying in the corner's patch of the board.
    """
    options = [m for m in placements(PATCH_ROWS) if m.piece == first]
    first_move = next(m for m in sorted(options, key=str) if Cell(0, 0) in m.cells)
    game = _contact_game(first_move)
    candidates = sorted((m for m in placements(PATCH_ROWS) if m.piece == second), key=str)
    legal = next(m for m in candidates if game.violation(m) is None)
    illegal = next(m for m in candidates
                   if "along an edge" in (game.violation(m) or "")
                   and not m.cells & first_move.cells)
    return ContactExample(first_move, legal, illegal, game.violation(illegal) or "")


def _piece_items(cells: frozenset[Cell], side: float, fill: str, outline_colour: str
                 ) -> list[Item]:
    items: list[Item] = []
    for loop in outline(cells):
        items.append(Polygon(tuple(tri_point(v, side) for v in loop), Style(fill=fill), Role.FILL))
    count: dict = {}
    for c in cells:
        for e in edges(c):
            count[e] = count.get(e, 0) + 1
    inner = Style(stroke="#ffffff", width=0.15, opacity=0.6)
    for e, k in sorted(count.items()):
        if k == 2:
            items.append(Polyline(tuple(tri_point(v, side) for v in e), inner, Role.LINE))
    for loop in outline(cells):
        items.append(Polygon(tuple(tri_point(v, side) for v in loop),
                             Style(stroke=outline_colour, width=0.35), Role.LINE))
    return items


def _board_patch(side: float) -> list[Item]:
    cells = triangle_board(PATCH_ROWS)
    items: list[Item] = []
    seen = set()
    for c in sorted(cells):
        for e in edges(c):
            if e not in seen:
                seen.add(e)
                items.append(Polyline(tuple(tri_point(v, side) for v in e), GRID, Role.LINE))
    # The board's two edges from the apex are real edges: draw them firmer.  The bottom
    # row is open: the board continues.
    edge = Style(stroke="#555555", width=0.35)
    bottom = PATCH_ROWS
    items.append(Polyline((tri_point((bottom, -bottom), side), tri_point((0, 0), side),
                           tri_point((bottom, bottom), side)), edge, Role.LINE))
    cx, cy = tri_centroid(Cell(0, 0), side)
    items.append(Circle((cx, cy), 0.11 * side, Style(stroke="#000000", width=0.3), Role.LABEL))
    return items


def _shared(a: frozenset[Cell], b: frozenset[Cell]) -> tuple[set[Vertex], set]:
    va = {v for c in a for v in vertices(c)}
    vb = {v for c in b for v in vertices(c)}
    ea = {e for c in a for e in edges(c)}
    eb = {e for c in b for e in edges(c)}
    return va & vb, ea & eb


def tripakus_contact_drawing(layout: Layout, labels: Labels) -> Drawing:
    """Two patches of the apex corner: a second piece meeting the first at a corner (legal),
    and one meeting it along an edge (illegal)."""
    ex = tripakus_contact()
    side = 8.0
    colour = layout.colour(layout["tripakus"]["players"][0])
    width = PATCH_ROWS * side
    d = Drawing()
    for k, (move, ok, word) in enumerate(((ex.legal, True, labels["legal"]),
                                          (ex.illegal, False, labels["illegal"]))):
        panel = Drawing()
        panel.extend(_board_patch(side))
        panel.extend(_piece_items(ex.first.cells, side, colour, "#000000"))
        panel.extend(_piece_items(move.cells, side, _tint(colour, 0.45), "#000000"))
        points, lines = _shared(ex.first.cells, move.cells)
        # The contact is marked in black: it must stand out on any player colour.
        for a, b in sorted(lines):
            panel.add(Polyline((tri_point(a, side), tri_point(b, side)),
                               Style(stroke="#000000", width=1.2), Role.LABEL))
        if not lines:
            for v in sorted(points):
                panel.add(Circle(tri_point(v, side), 1.1, Style(stroke="#000000", width=0.6),
                                 Role.LABEL))
        _verdict(panel, 0.0, PATCH_ROWS * side * math.sqrt(3) / 2 + 3.5, word, ok)
        d.place(panel, _shift(k * (width + 10.0), 0.0))
    return _fit(d)


# -- Tripitz ----------------------------------------------------------------------------

SYMBOL_COLOURS = {"W": "#ffffff", "K": "#111111", "N": "#8c8c8c", "L": "#8fd0f5"}
"""Symbol colours as the diagrams print them."""
_TOKEN_COLOURS = {"R": "red", "Y": "yellow", "B": "blue", "G": "green"}


def tripitz_triple() -> tuple[Pid, Pid, Pid]:
    """A valid triple: one token colour, three symbols, three symbol colours."""
    return (parse_pid("RTW"), parse_pid("RCK"), parse_pid("RMN"))


@dataclass(frozen=True)
class TripitzMove:
    """A board position, the pid placed and where, and what it scores."""

    board: TripitzBoard
    cells: dict[Hex, Pid]
    pid: Pid
    cavity: int
    score: Score


# The seed's worked example as rebuilt in docs/rules-tripitz.md: start and moves 1-5, then
# move 6 (a triple and a quadruple with two touches) is the move shown.
_EXAMPLE = (("RTW", 45), ("YCK", 46), ("GSL", 57), ("BCN", 58), ("RCW", 35), ("RMW", 56),
            ("GCL", 25), ("YMN", 34), ("RSW", 44))
_EXAMPLE_MOVE = ("BTK", 55)


def tripitz_move() -> TripitzMove:
    """Move 6 of the worked example, scored by ``score_placement``."""
    board = TripitzBoard()
    cells = {board.cavity_at(n): parse_pid(code) for code, n in _EXAMPLE}
    pid, cavity = parse_pid(_EXAMPLE_MOVE[0]), _EXAMPLE_MOVE[1]
    return TripitzMove(board, cells, pid, cavity,
                       score_placement(board, cells, pid, board.cavity_at(cavity)))


def scoring_windows(move: TripitzMove) -> list[tuple[Hex, ...]]:
    """The lines that score (as cavities), read off the runs the way the engine counts them:
    valid 4-windows through the placed pid, then valid 3-windows not inside one of those."""
    board, h = move.board, move.board.cavity_at(move.cavity)
    cells = dict(move.cells)
    cells[h] = move.pid
    found: list[tuple[Hex, ...]] = []
    for step in AXES:
        run = [h]
        for sign in (-1, 1):
            for c in board.ray(h, (sign * step[0], sign * step[1])):
                if c not in cells:
                    break
                run.insert(0, c) if sign < 0 else run.append(c)
        at = run.index(h)
        quads = [tuple(run[s:s + 4]) for s in range(max(0, at - 3), min(at, len(run) - 4) + 1)
                 if is_valid_set([cells[c] for c in run[s:s + 4]])]
        triples = [tuple(run[s:s + 3]) for s in range(max(0, at - 2), min(at, len(run) - 3) + 1)
                   if is_valid_set([cells[c] for c in run[s:s + 3]])
                   and not any(set(run[s:s + 3]) <= set(q) for q in quads)]
        found += quads + triples
    return found


def _star(cx: float, cy: float, r: float) -> tuple[tuple[float, float], ...]:
    pts = []
    for k in range(10):
        rr = r if k % 2 == 0 else r * 0.45
        t = math.radians(-90 + 36 * k)
        pts.append((cx + rr * math.cos(t), cy + rr * math.sin(t)))
    return tuple(pts)


def _moon(cx: float, cy: float, r: float) -> tuple[tuple[float, float], ...]:
    """A crescent opening to the right: the part of a circle outside a second circle of
    radius ``0.8 r`` shifted right by ``0.5 r``, traced along both arcs."""
    d, r1 = 0.5 * r, 0.8 * r
    # Where the two circles cross (x measured from the first centre).
    x = (d * d + r * r - r1 * r1) / (2 * d)
    y = math.sqrt(r * r - x * x)
    outer0 = math.atan2(y, x)  # lower crossing on the outer circle (y grows downwards)
    inner0 = math.atan2(y, x - d)
    steps = 24
    pts = []
    for k in range(steps + 1):  # outer arc: round the left side, lower crossing to upper
        t = outer0 + (2 * math.pi - 2 * outer0) * k / steps
        pts.append((cx + r * math.cos(t), cy + r * math.sin(t)))
    for k in range(1, steps):  # inner arc back: upper crossing to lower, round its left side
        t = -inner0 - (2 * math.pi - 2 * inner0) * k / steps
        pts.append((cx + d + r1 * math.cos(t), cy + r1 * math.sin(t)))
    return tuple(pts)


def pid_items(pid: Pid, centre: tuple[float, float], radius: float, layout: Layout
              ) -> list[Item]:
    """A pid as a hexagonal token: body in the token colour, the symbol in its colour."""
    cx, cy = centre
    body = layout.colour(_TOKEN_COLOURS[pid.colour.value])
    hexagon = tuple((cx + x, cy + y) for x, y in hex_polygon((0, 0), radius))
    items: list[Item] = [Polygon(hexagon, Style(fill=body, stroke="#333333", width=0.2),
                                 Role.FILL)]
    if pid.symbol is None or pid.symbol_colour is None:
        return items
    ink = SYMBOL_COLOURS[pid.symbol_colour.value]
    style = Style(fill=ink, stroke="#333333" if ink == "#ffffff" else None, width=0.1)
    s = 0.5 * radius
    shape = pid.symbol.value
    if shape == "C":
        items.append(Circle((cx, cy), 0.8 * s, style, Role.LABEL))
    elif shape == "T":
        items.append(Polygon(((cx, cy - s), (cx + 0.95 * s, cy + 0.7 * s),
                              (cx - 0.95 * s, cy + 0.7 * s)), style, Role.LABEL))
    elif shape == "M":
        items.append(Polygon(_moon(cx, cy, 0.9 * s), style, Role.LABEL))
    else:
        items.append(Polygon(_star(cx, cy, s), style, Role.LABEL))
    return items


def tripitz_triple_drawing(layout: Layout, labels: Labels) -> Drawing:
    """Three pids in a row and, for each property, whether they share it or all differ."""
    pids = tripitz_triple()
    radius = 5.5
    d = Drawing()
    step = radius * math.sqrt(3)
    for k, pid in enumerate(pids):
        d.extend(pid_items(pid, (k * step, 0.0), radius, layout))
        d.add(_label((k * step, radius + 2.2), pid.code, 2.3, colour="#555555"))
    x = 2 * step + radius + 5.0
    names = (labels["token_colour"], labels["symbol"], labels["symbol_colour"])
    words = [f"{name}:" for name in names]
    column = x + max(text_width(w, 2.7) for w in words) + 2.5
    for row, word in enumerate(words):
        values = {p.properties()[row] for p in pids}
        verdict = labels["same"] if len(values) == 1 else labels["all_different"] \
            if len(values) == len(pids) else labels["mixed"]
        y = (row - 1) * 4.2
        d.add(_label((x, y), word, 2.7, anchor="start"))
        d.add(_label((column, y), verdict, 2.7, bold=True, anchor="start"))
    ok = is_valid_set(pids)
    _verdict(d, step, radius + 7.0, labels["triple"] if ok else labels["no_triple"], ok)
    return _fit(d)


def tripitz_move_drawing(layout: Layout, labels: Labels) -> Drawing:
    """Part of the board with the worked example's sixth move, its scoring lines and score."""
    move = tripitz_move()
    board = move.board
    placed = board.cavity_at(move.cavity)
    radius = 4.6
    near = [h for h in board if min(distance(h, c) for c in (*move.cells, placed)) <= 1]
    d = Drawing()
    for h in near:
        d.add(Polygon(hex_polygon(h, radius), Style(fill="#f4f1ea", stroke="#c9c2b4", width=0.2),
                      Role.FILL))
        if h not in move.cells and h != placed:
            d.add(_label(hex_centre(h, radius), str(board.cavity_number(h)), 1.9,
                         colour="#8a8a8a"))
    for h, pid in move.cells.items():
        d.extend(pid_items(pid, hex_centre(h, radius), 0.86 * radius, layout))
    d.extend(pid_items(move.pid, hex_centre(placed, radius), 0.86 * radius, layout))
    d.add(Polygon(hex_polygon(placed, radius), Style(stroke="#000000", width=0.8), Role.LABEL))
    for window in scoring_windows(move):
        ends = (hex_centre(window[0], radius), hex_centre(window[-1], radius))
        colour = "#000000" if len(window) == 4 else "#5a5a5a"
        d.add(Polyline(ends, Style(stroke=colour, width=0.9, opacity=0.55), Role.LABEL))
        for c in window:
            d.add(Circle(hex_centre(c, radius), 0.6, Style(fill=colour), Role.LABEL))
    s = move.score
    top = max(hex_centre(h, radius)[1] for h in near) + radius + 3.5
    cx = sum(hex_centre(h, radius)[0] for h in near) / len(near)
    d.add(_label((cx, top), labels.format("score", triples=s.triples, quadruples=s.quadruples,
                                          touches=s.touches, points=s.points), 2.9, bold=True))
    return _fit(d)


# -- Triominoes -------------------------------------------------------------------------


@dataclass(frozen=True)
class TileLayout:
    """Tiles on lattice cells with the number at each corner; ``new`` is the tile just played."""

    numbers: dict[Vertex, int]
    cells: tuple[Cell, ...]
    new: Cell

    def tile_at(self, cell: Cell) -> Tile:
        return parse_tile("".join(str(self.numbers[v]) for v in corner_order(cell)))

    def tiles(self) -> dict[Cell, Tile]:
        return {c: self.tile_at(c) for c in self.cells}


def corner_order(cell: tuple[int, int]) -> tuple[Vertex, Vertex, Vertex]:
    """A cell's corners in clockwise order as seen on paper, starting from the top one (or the
    top-left one of a down cell)."""
    cx, cy = tri_centroid(cell, 1.0)
    vs = sorted(vertices(cell), key=lambda v: math.atan2(tri_point(v, 1.0)[1] - cy,
                                                         tri_point(v, 1.0)[0] - cx))
    return vs[0], vs[1], vs[2]


def _is_tile(numbers: tuple[int, int, int]) -> bool:
    return any(r[0] <= r[1] <= r[2] for r in ((numbers[0], numbers[1], numbers[2]),
                                              (numbers[1], numbers[2], numbers[0]),
                                              (numbers[2], numbers[0], numbers[1])))


def _number_tiles(cells: tuple[Cell, ...], seed: int = 1) -> dict[Vertex, int] | None:
    """Numbers for the corners so that every cell holds a real tile and no tile repeats.

    Backtracking over the corners; each corner tries the values in its own shuffled order
    (from ``random.Random(seed)``) so that the example shows a variety of tiles.
    """
    rnd = random.Random(seed)
    corners: list[Vertex] = []
    for c in cells:
        for v in corner_order(c):
            if v not in corners:
                corners.append(v)
    watch = {v: [c for c in cells if v in vertices(c)] for v in corners}
    numbers: dict[Vertex, int] = {}

    def ok(v: Vertex) -> bool:
        for c in watch[v]:
            vs = corner_order(c)
            if all(u in numbers for u in vs) and not _is_tile(tuple(numbers[u] for u in vs)):
                return False
        done = [tuple(sorted(numbers[u] for u in corner_order(c))) for c in cells
                if all(u in numbers for u in vertices(c))]
        return len(done) == len(set(done))

    orders = [rnd.sample(range(HIGHEST + 1), HIGHEST + 1) for _ in corners]

    def solve(k: int) -> bool:
        if k == len(corners):
            return True
        for value in orders[k]:
            numbers[corners[k]] = value
            if ok(corners[k]) and solve(k + 1):
                return True
            del numbers[corners[k]]
        return False

    return dict(numbers) if solve(0) else None


def _around(v: Vertex) -> tuple[Cell, ...]:
    """The six cells meeting at lattice vertex ``v``, in clockwise order on paper."""
    row, col = v
    near = [Cell(r, c) for r in (row - 1, row) for c in range(col - 2, col + 3)]
    cells = [c for c in near if v in vertices(c)]
    x, y = tri_point(v, 1.0)
    return tuple(sorted(cells, key=lambda c: math.atan2(tri_centroid(c, 1.0)[1] - y,
                                                        tri_centroid(c, 1.0)[0] - x)))


@cache
def triominoes_hexagon() -> TileLayout:
    """Six tiles closing a hexagon round one point; the last one placed is ``new``."""
    cells = _around(Vertex(1, 1))
    numbers = _number_tiles(cells)
    assert numbers is not None
    return TileLayout(numbers, cells, cells[3])


@cache
def triominoes_bridge() -> TileLayout:
    """A tile matching one whole side of a tile and, at its opposite corner, another tile;
    the two are joined by a chain of tiles round the left, and no hexagon closes."""
    new = Cell(1, 1)  # an up cell; its apex touches row 0, its base lies on (2, 1)
    row = (Cell(0, -2), Cell(0, -1), Cell(0, 0), Cell(0, 1), Cell(0, 2))
    left = (Cell(1, -2), Cell(1, -1))
    below = (Cell(2, -1), Cell(2, 0), Cell(2, 1))
    cells = row + left + below + (new,)
    numbers = _number_tiles(cells)
    assert numbers is not None
    return TileLayout(numbers, cells, new)


def _tiles_drawing(tl: TileLayout, side: float, highlight: str) -> Drawing:
    d = Drawing()
    for c in tl.cells:
        fill = highlight if c == tl.new else "#fbf8f1"
        d.add(Polygon(tri_polygon(c, side), Style(fill=fill, stroke="#333333", width=0.3),
                      Role.FILL))
    for c in tl.cells:
        cx, cy = tri_centroid(c, side)
        for v in vertices(c):
            x, y = tri_point(v, side)
            # Numbers sit 42 % of the way from the corner to the centre, upright, clear of
            # both edges.
            px, py = x + 0.42 * (cx - x), y + 0.42 * (cy - y)
            d.add(_label((px, py), str(tl.numbers[v]), 0.19 * side, bold=c == tl.new))
    if tl.new:
        d.add(Polygon(tri_polygon(tl.new, side), Style(stroke="#000000", width=0.8), Role.LABEL))
    return d


def triominoes_drawing(layout: Layout, labels: Labels) -> Drawing:
    """A hexagon (+50) and a bridge (+40), the tile that scores the bonus shaded."""
    side = 12.0
    shade = _tint(layout.colour("yellow"), 0.45)
    d = Drawing()
    hexagon = _tiles_drawing(triominoes_hexagon(), side, shade)
    bridge = _tiles_drawing(triominoes_bridge(), side, shade)
    hx0, _, hx1, hy1 = hexagon.bbox()
    bx0, _, bx1, by1 = bridge.bbox()
    d.place(hexagon, _shift(-hx0, 0.0))
    gap = 9.0
    off = (hx1 - hx0) + gap - bx0
    d.place(bridge, _shift(off, 0.0))
    y = max(hy1, by1) + 3.5
    d.add(_label(((hx1 - hx0) / 2, y), labels["hexagon"], bold=True))
    d.add(_label((off + (bx0 + bx1) / 2, y), labels["bridge"], bold=True))
    return _fit(d)


# -- Tripod -----------------------------------------------------------------------------


@dataclass(frozen=True)
class TripodExample:
    n: int
    x: frozenset[TripodCell]
    o: frozenset[TripodCell]


@cache
def tripod_surround(n: int = 5) -> TripodExample:
    """A smallest X group on the size-``n`` board that holds no corner and surrounds all three
    corners (the one nearest the bottom edge if several), and O stones, one fewer, on inside
    cells, which do not win.  Found by growing connected groups one cell at a time."""
    board = TripodBoard(n)
    corners = set(board.corners)
    groups = {frozenset([c]) for c in board.cells if c not in corners}
    found: list[frozenset[TripodCell]] = []
    while groups and not found:
        found = [g for g in groups if len(surrounded_corners(board, g)) == 3]
        groups = {g | {u} for g in groups for c in g for u in board.neighbours(c)
                  if u not in g and u not in corners}
    if not found:
        raise ValueError(f"no corner-free winning group on the size-{n} Tripod board")
    x = min(found, key=lambda g: (-sum(c.r for c in g), sorted(map(board.index, g))))
    o: set[TripodCell] = set()
    for c in sorted(board.cells, key=lambda c: (board.is_shared(c), board.index(c))):
        if len(o) == len(x) - 1:
            break
        if c in x or c in corners:
            continue
        trial = {**{s: Stone.X for s in x}, **{s: Stone.O for s in o | {c}}}
        if check_position(trial, n).winner != Stone.O:
            o.add(c)
    return TripodExample(n, x, frozenset(o))


def tripod_drawing(layout: Layout, labels: Labels) -> Drawing:
    """Both halves of a small board: X's winning group, O's stones, shared cells tinted."""
    ex = tripod_surround()
    board = TripodBoard(ex.n)
    radius = 4.6
    # Black and white, like the kit's printed stones and Go stones.
    colours = {Stone.X: STONE_COLOURS["X"], Stone.O: STONE_COLOURS["O"]}
    stones = {**{c: Stone.X for c in ex.x}, **{c: Stone.O for c in ex.o}}
    d = Drawing()
    half_width = ex.n * radius * math.sqrt(3)
    gap = 9.0
    for half in (0, 1):
        dx = half * (half_width + gap)
        for r in range(ex.n):
            for i in range(r + 1):
                h = Hex(i - r, r)
                cell = board.cell_at(half, h)
                cx, cy = hex_centre(h, radius)
                pts = tuple((x + dx, y) for x, y in hex_polygon(h, radius))
                shared = board.is_shared(cell)
                corner = cell in board.corners
                fill = "#d9d9d9" if corner else "#ededed" if shared else "#ffffff"
                d.add(Polygon(pts, Style(fill=fill, stroke="#7a7a7a", width=0.2), Role.FILL))
                if cell in stones:
                    d.add(Circle((cx + dx, cy), 0.62 * radius,
                                 Style(fill=colours[stones[cell]], stroke="#222222", width=0.3),
                                 Role.FILL))
                else:
                    d.add(_label((cx + dx, cy), cell_name(cell), 1.9, colour="#666666"))
        title = labels["first_half"] if half == 0 else labels["second_half"]
        bottom = hex_centre(Hex(0, ex.n - 1), radius)[1] + radius + 3.0
        d.add(_label((dx, bottom), title, 2.6, colour="#444444"))
    return _fit(d)


STONE_COLOURS = {"X": "#1a1a1a", "O": "#ffffff"}
"""Tripod stones as the diagram draws them: X (who moves first) black, O white."""


# -- registry ---------------------------------------------------------------------------

DiagramFn = Callable[[Layout, Labels], Drawing]

DIAGRAMS: dict[str, dict[str, DiagramFn]] = {
    "tripakus": {"contact": tripakus_contact_drawing},
    "tripitz": {"triple": tripitz_triple_drawing, "move": tripitz_move_drawing},
    "triominoes": {"bonuses": triominoes_drawing},
    "tripod": {"surround": tripod_drawing},
}
"""Each game's diagrams by the name the card text refers to them with."""


def diagram(game: str, name: str, layout: Layout, labels: Labels) -> Drawing:
    """The named diagram of a game's card; LayoutError naming the known ones otherwise."""
    known = DIAGRAMS.get(game, {})
    if name not in known:
        raise LayoutError(f"the {game} card has no diagram {name!r}: known are "
                          f"{', '.join(known) or 'none'}", source=labels.source)
    return known[name](layout, labels)

