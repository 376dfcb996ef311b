"""The tripod rule card's diagrams, built from the real geometry and checked by the engine."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

from printkit.draw.lattice import hex_centre, hex_polygon
from printkit.draw.model import Circle, Drawing, Polygon, Role, Style
from printkit.games.tripod.board import TripodBoard, TripodCell, cell_name
from printkit.games.tripod.components import BLACK_STONE, WHITE_STONE
from printkit.games.tripod.rules import Stone, check_position, surrounded_corners
from printkit.geometry.hexgrid import Hex
from printkit.layout.config import Layout
from printkit.layout.diagram import Labels, fit, label


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
        groups = {
            g | {u}
            for g in groups
            for c in g
            for u in board.neighbours(c)
            if u not in g and u not in corners
        }
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
                    d.add(
                        Circle(
                            (cx + dx, cy),
                            0.62 * radius,
                            Style(fill=colours[stones[cell]], stroke="#222222", width=0.3),
                            Role.FILL,
                        )
                    )
                else:
                    d.add(label((cx + dx, cy), cell_name(cell), 1.9, colour="#666666"))
        title = labels["first_half"] if half == 0 else labels["second_half"]
        bottom = hex_centre(Hex(0, ex.n - 1), radius)[1] + radius + 3.0
        d.add(label((dx, bottom), title, 2.6, colour="#444444"))
    return fit(d)


STONE_COLOURS = {"X": BLACK_STONE, "O": WHITE_STONE}
"""Tripod stones as the diagram draws them, in the kit's colours: X (who moves first) black,
O white."""


DIAGRAMS = {"surround": tripod_drawing}
"""The card's diagrams by the name its text uses."""
