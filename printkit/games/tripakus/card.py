"""The tripakus rule card's diagrams, built from the real geometry and checked by the engine."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

from printkit.draw.lattice import tri_centroid, tri_point
from printkit.draw.model import Affine, Circle, Drawing, Item, Polygon, Polyline, Role, Style
from printkit.games.tripakus.components import Settings
from printkit.games.tripakus.notation import Placement
from printkit.games.tripakus.rules import TriPakusGame, TriPakusOptions, placements
from printkit.geometry.tri import Cell, Vertex, edges, outline, triangle_board, vertices
from printkit.layout.config import Layout
from printkit.layout.diagram import GRID, Labels, fit, tint, verdict

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
    legal = next(m for m in candidates if game.why_illegal(m) is None)
    illegal = next(
        m
        for m in candidates
        if "along an edge" in (game.why_illegal(m) or "") and not m.cells & first_move.cells
    )
    return ContactExample(first_move, legal, illegal, game.why_illegal(illegal) or "")


def _piece_items(cells: frozenset[Cell], side: float, fill: str, outline_colour: str) -> list[Item]:
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
        items.append(
            Polygon(
                tuple(tri_point(v, side) for v in loop),
                Style(stroke=outline_colour, width=0.35),
                Role.LINE,
            )
        )
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
    items.append(
        Polyline(
            (
                tri_point((bottom, -bottom), side),
                tri_point((0, 0), side),
                tri_point((bottom, bottom), side),
            ),
            edge,
            Role.LINE,
        )
    )
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
    colour = layout.colour(layout.section(Settings).players[0])
    width = PATCH_ROWS * side
    d = Drawing()
    for k, (move, ok, word) in enumerate(
        ((ex.legal, True, labels["legal"]), (ex.illegal, False, labels["illegal"]))
    ):
        panel = Drawing()
        panel.extend(_board_patch(side))
        panel.extend(_piece_items(ex.first.cells, side, colour, "#000000"))
        panel.extend(_piece_items(move.cells, side, tint(colour, 0.45), "#000000"))
        points, lines = _shared(ex.first.cells, move.cells)
        # The contact is marked in black: it must stand out on any player colour.
        for a, b in sorted(lines):
            panel.add(
                Polyline(
                    (tri_point(a, side), tri_point(b, side)),
                    Style(stroke="#000000", width=1.2),
                    Role.LABEL,
                )
            )
        if not lines:
            for v in sorted(points):
                panel.add(
                    Circle(tri_point(v, side), 1.1, Style(stroke="#000000", width=0.6), Role.LABEL)
                )
        verdict(panel, 0.0, PATCH_ROWS * side * math.sqrt(3) / 2 + 3.5, word, ok)
        d.place(panel, Affine.translate(k * (width + 10.0), 0.0))
    return fit(d)


DIAGRAMS = {"contact": tripakus_contact_drawing}
"""The card's diagrams by the name its text uses."""
