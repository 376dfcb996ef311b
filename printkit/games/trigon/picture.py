"""``printkit show`` for Trigon: a record's position at a move, drawn as the kit prints it
(the whole board, named round its edge)."""

from __future__ import annotations

from printkit.draw.lattice import tri_point, tri_polygon
from printkit.draw.model import Drawing, Polygon, Role, Style
from printkit.games.trigon.components import edge_labels
from printkit.games.trigon.notation import Placement
from printkit.games.trigon.record import options_for, position_cells, replay
from printkit.geometry.tri import outline
from printkit.layout.config import Layout
from printkit.polyiamond_games.drawing import board_drawing
from printkit.records.common import Unplayable, parse_moves
from printkit.records.model import Record
from printkit.records.show import HIGHLIGHT, OFFENDING

SIDE = 12.0


def picture(
    record: Record, upto: int, rules: str | None, layout: Layout, offending: bool
) -> Drawing:
    """The board after ``upto`` moves (or the position), move ``upto`` outlined."""
    _, options = options_for(record, rules)
    board = options.board
    d = board_drawing(board.cells, SIDE, board.starts)
    d.extend(edge_labels(board, SIDE))

    def fill(cells, colour: str, opacity: float = 1.0) -> None:
        try:
            ink = layout.colour(colour)
        except ValueError:
            ink = "#888888"
        for cell in cells:
            style = Style(fill=ink, stroke="#333333", width=0.1, opacity=opacity)
            d.add(Polygon(tri_polygon(cell, SIDE), style, Role.FILL))

    def ring(cells, colour: str, width: float) -> None:
        for loop in outline(cells):
            points = tuple(tri_point(v, SIDE) for v in loop)
            d.add(Polygon(points, Style(stroke=colour, width=width), Role.MARK))

    if record.is_position:
        cells = position_cells(record, rules)
        for colour in sorted(set(cells.values())):
            fill([c for c, v in cells.items() if v == colour], colour)
        unsure = {board.parse_pentobi(name) for name in record.uncertain}
        for cell in sorted(unsure):
            ring([cell], OFFENDING, 0.6)
        return d
    game = replay(record, upto - 1 if offending else upto, rules)
    for colour, pieces in game.placed.items():
        for piece in pieces:
            fill(piece.cells, colour)
    if upto:
        move = parse_moves(record, game.parse_move)[upto - 1]
        if isinstance(move, Placement) and not isinstance(move, Unplayable):
            if offending:
                fill(move.cells, OFFENDING, 0.45)
            ring(move.cells, OFFENDING if offending else HIGHLIGHT, 0.9)
    return d
