"""``printkit show`` for TriPakus: a record's position at a move, drawn as the kit prints it."""

from __future__ import annotations

from printkit.draw.lattice import tri_point, tri_polygon
from printkit.draw.model import Drawing, Polygon, Role, Style
from printkit.games.tripakus.components import board_drawing
from printkit.games.tripakus.notation import Placement, parse_move
from printkit.games.tripakus.record import options_for, position_cells, replay
from printkit.geometry.tri import outline, triangle_board
from printkit.layout.config import Layout
from printkit.records.common import (
    parse_moves,
    parse_tri_cell,
)
from printkit.records.model import Record
from printkit.records.show import HIGHLIGHT, OFFENDING


def picture(
    record: Record, upto: int, rules: str | None, layout: Layout, offending: bool
) -> Drawing:
    """The board after ``upto`` moves (or the position), move ``upto`` outlined."""
    _, options = options_for(record, rules)
    side, n = 12.0, options.board_size
    d = board_drawing(triangle_board(n), side, n, coordinates=True)

    def fill(cells, colour: str, opacity: float = 1.0) -> None:
        try:
            ink = layout.colour(colour)
        except ValueError:
            ink = "#888888"
        for cell in cells:
            d.add(
                Polygon(
                    tri_polygon(cell, side),
                    Style(fill=ink, stroke="#333333", width=0.1, opacity=opacity),
                    Role.FILL,
                )
            )

    def ring(cells, colour: str, width: float) -> None:
        for loop in outline(cells):
            d.add(
                Polygon(
                    tuple(tri_point(v, side) for v in loop),
                    Style(stroke=colour, width=width),
                    Role.MARK,
                )
            )

    if record.is_position:
        cells = position_cells(record)
        for colour in sorted(set(cells.values())):
            fill([c for c, v in cells.items() if v == colour], colour)
        unsure = {parse_tri_cell(name, record) for name in record.uncertain}
        for cell in sorted(unsure):
            ring([cell], OFFENDING, 0.6)
        return d
    game = replay(record, upto - 1 if offending else upto, rules)
    for player, pieces in game.placed.items():
        for piece in pieces:
            fill(piece.cells, player)
    if upto:
        move = parse_moves(record, parse_move)[upto - 1]
        if isinstance(move, Placement):
            cells = [c for c in move.cells]
            if offending:
                fill(cells, OFFENDING, 0.45)
            ring(cells, OFFENDING if offending else HIGHLIGHT, 0.9)
    return d
