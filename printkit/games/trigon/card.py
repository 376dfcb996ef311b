"""The Trigon rule card's diagram: the board with its six starting points and a first round
of play, found by the engine and drawn with the kit's own board drawing."""

from __future__ import annotations

from functools import cache

from printkit.draw.lattice import tri_centroid, tri_point
from printkit.draw.model import Circle, Drawing, Polygon, Role, Style
from printkit.games.trigon.components import Settings
from printkit.games.trigon.rules import TrigonGame, TrigonOptions
from printkit.geometry.tri import outline
from printkit.layout.config import Layout
from printkit.layout.diagram import Labels, fit, label
from printkit.polyiamond_games.drawing import board_drawing

__all__ = ["DIAGRAMS", "first_round"]

SIDE = 4.2
"""Triangle side of the diagram, mm: the whole edge-9 board in about 80 mm."""


@cache
def first_round(colours: tuple[str, ...]) -> TrigonGame:
    """Each colour's first piece, the largest that covers a free starting point (the first
    such placement in sorted order), played through the engine."""
    game = TrigonGame(TrigonOptions(players=colours))
    for _ in colours:
        moves = game.legal_moves()
        best = max(len(m.cells) for m in moves)
        game.play(min((m for m in moves if len(m.cells) == best), key=game.move_text))
    return game


def trigon_start_drawing(layout: Layout, labels: Labels) -> Drawing:
    """The board, its starting points ringed, and one first piece of each colour."""
    colours = tuple(layout.section(Settings).players)
    game = first_round(colours)
    board = game.board
    d = board_drawing(board.cells, SIDE, board.starts)
    d.items = [item for item in d.items if item.role is not Role.CUT]
    d.add(
        Polygon(
            tuple(tri_point(v, SIDE) for v in outline(board.cells)[0]),
            Style(stroke="#333333", width=0.4),
            Role.LINE,
        )
    )
    for colour, pieces in game.placed.items():
        for piece in pieces:
            ring = tuple(tri_point(v, SIDE) for v in outline(piece.cells)[0])
            d.add(
                Polygon(
                    ring, Style(fill=layout.colour(colour), stroke="#222222", width=0.3), Role.FILL
                )
            )
    for cell in board.starts:
        cx, cy = tri_centroid(cell, SIDE)
        d.add(Circle((cx, cy), 0.16 * SIDE, Style(stroke="#000000", width=0.35), Role.LABEL))
    top = min(tri_point(v, SIDE)[1] for v in outline(board.cells)[0])
    left = min(tri_point(v, SIDE)[0] for v in outline(board.cells)[0])
    d.add(label((left, top - 2.5), labels["starts"], anchor="start"))
    return fit(d)


DIAGRAMS = {"start": trigon_start_drawing}
"""The card's diagrams by the name its text uses."""
