"""``printkit show`` for Trigon: a record's position at a move, drawn as the kit prints it
(the whole board, named round its edge)."""

from __future__ import annotations

from printkit.draw.model import Drawing
from printkit.games.trigon.components import edge_labels
from printkit.games.trigon.notation import Placement
from printkit.games.trigon.record import options_for, position_cells, replay
from printkit.layout.config import Layout
from printkit.polyiamond_games.drawing import board_drawing
from printkit.polyiamond_games.showing import paint_position
from printkit.records.common import parse_moves
from printkit.records.model import Record

SIDE = 12.0


def picture(
    record: Record, upto: int, rules: str | None, layout: Layout, offending: bool
) -> Drawing:
    """The board after ``upto`` moves (or the position), move ``upto`` outlined."""
    _, options = options_for(record, rules)
    board = options.board
    d = board_drawing(board.cells, SIDE, board.starts)
    d.extend(edge_labels(board, SIDE))
    if record.is_position:
        cells = position_cells(record, rules)
        by_colour = {
            colour: [c for c, v in cells.items() if v == colour]
            for colour in sorted(set(cells.values()))
        }
        unsure = {board.parse_pentobi(name) for name in record.uncertain}
        return paint_position(d, SIDE, layout, by_colour, unsure=unsure)
    game = replay(record, upto - 1 if offending else upto, rules)
    by_colour = {c: [x for m in pieces for x in m.cells] for c, pieces in game.placed.items()}
    move = parse_moves(record, game.parse_move)[upto - 1] if upto else None
    cells = move.cells if isinstance(move, Placement) else None
    return paint_position(d, SIDE, layout, by_colour, cells, offending)
