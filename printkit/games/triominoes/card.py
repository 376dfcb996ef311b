"""The triominoes rule card's diagrams, built from the real geometry and checked by the engine."""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache

from printkit.draw.lattice import tri_centroid, tri_point, tri_polygon
from printkit.draw.model import Affine, Drawing, Polygon, Role, Style
from printkit.games.triominoes.rules import cells_around, clockwise_corners
from printkit.games.triominoes.tiles import HIGHEST, Tile, parse_tile
from printkit.geometry.tri import Cell, Vertex, vertices
from printkit.layout.config import Layout
from printkit.layout.diagram import Labels, fit, label, tint


@dataclass(frozen=True)
class TileLayout:
    """Tiles on lattice cells with the number at each corner; ``new`` is the tile just played."""

    numbers: dict[Vertex, int]
    cells: tuple[Cell, ...]
    new: Cell

    def tile_at(self, cell: Cell) -> Tile:
        return parse_tile("".join(str(self.numbers[v]) for v in clockwise_corners(cell)))

    def tiles(self) -> dict[Cell, Tile]:
        return {c: self.tile_at(c) for c in self.cells}


def _is_tile(numbers: tuple[int, int, int]) -> bool:
    return any(
        r[0] <= r[1] <= r[2]
        for r in (
            (numbers[0], numbers[1], numbers[2]),
            (numbers[1], numbers[2], numbers[0]),
            (numbers[2], numbers[0], numbers[1]),
        )
    )


def _number_tiles(cells: tuple[Cell, ...], seed: int = 1) -> dict[Vertex, int] | None:
    """Numbers for the corners so that every cell holds a real tile and no tile repeats.

    Backtracking over the corners; each corner tries the values in its own shuffled order
    (from ``random.Random(seed)``) so that the example shows a variety of tiles.
    """
    rnd = random.Random(seed)
    corners: list[Vertex] = []
    for c in cells:
        for v in clockwise_corners(c):
            if v not in corners:
                corners.append(v)
    watch = {v: [c for c in cells if v in vertices(c)] for v in corners}
    numbers: dict[Vertex, int] = {}

    def ok(v: Vertex) -> bool:
        for c in watch[v]:
            vs = clockwise_corners(c)
            if all(u in numbers for u in vs) and not _is_tile(tuple(numbers[u] for u in vs)):
                return False
        done = [
            tuple(sorted(numbers[u] for u in clockwise_corners(c)))
            for c in cells
            if all(u in numbers for u in vertices(c))
        ]
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


@cache
def triominoes_hexagon() -> TileLayout:
    """Six tiles closing a hexagon round one point; the last one placed is ``new``."""
    ring = cells_around(Vertex(1, 1))
    # Clockwise on paper from the top-left cell (``cells_around`` runs the other way from the
    # bottom right): the order the corners are numbered in, so the card keeps its tiles.
    cells = (*ring[4::-1], ring[5])
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
        d.add(
            Polygon(tri_polygon(c, side), Style(fill=fill, stroke="#333333", width=0.3), Role.FILL)
        )
    for c in tl.cells:
        cx, cy = tri_centroid(c, side)
        for v in vertices(c):
            x, y = tri_point(v, side)
            # Numbers sit 42 % of the way from the corner to the centre, upright, clear of
            # both edges.
            px, py = x + 0.42 * (cx - x), y + 0.42 * (cy - y)
            d.add(label((px, py), str(tl.numbers[v]), 0.19 * side, bold=c == tl.new))
    if tl.new:
        d.add(Polygon(tri_polygon(tl.new, side), Style(stroke="#000000", width=0.8), Role.LABEL))
    return d


def triominoes_drawing(layout: Layout, labels: Labels) -> Drawing:
    """A hexagon (+50) and a bridge (+40), the tile that scores the bonus shaded."""
    side = 12.0
    shade = tint(layout.colour("yellow"), 0.45)
    d = Drawing()
    hexagon = _tiles_drawing(triominoes_hexagon(), side, shade)
    bridge = _tiles_drawing(triominoes_bridge(), side, shade)
    hx0, _, hx1, hy1 = hexagon.bbox()
    bx0, _, bx1, by1 = bridge.bbox()
    d.place(hexagon, Affine.translate(-hx0, 0.0))
    gap = 9.0
    off = (hx1 - hx0) + gap - bx0
    d.place(bridge, Affine.translate(off, 0.0))
    y = max(hy1, by1) + 3.5
    d.add(label(((hx1 - hx0) / 2, y), labels["hexagon"], bold=True))
    d.add(label((off + (bx0 + bx1) / 2, y), labels["bridge"], bold=True))
    return fit(d)


DIAGRAMS = {"bonuses": triominoes_drawing}
"""The card's diagrams by the name its text uses."""
