"""``printkit show`` for Tripod: a record's position at a move, drawn as the kit prints it."""

from __future__ import annotations

from printkit.games.tripod.board import parse_cell
from printkit.games.tripod.components import position_drawing
from printkit.games.tripod.record import options_for, position_stones, record_moves, replay
from printkit.records.model import Record
from printkit.records.show import HIGHLIGHT, OFFENDING


def picture(record: Record, upto: int, rules: str | None, layout, offending: bool):
    """The board after ``upto`` moves (or the position), move ``upto`` outlined."""
    _, options = options_for(record, rules)
    if record.is_position:
        stones = position_stones(record, options.size)
        marked = [parse_cell(n, options.size) for n in record.uncertain]
        return position_drawing(options.size, stones, marked, OFFENDING, layout)
    game = replay(record, upto - 1 if offending else upto, rules)
    marked = []
    if upto:
        move = record_moves(record, options.size)[upto - 1]
        if getattr(move, "cell", None) is not None:  # not for an Unplayable move
            marked = [move.cell]
    return position_drawing(
        options.size, game.position(), marked, OFFENDING if offending else HIGHLIGHT, layout
    )
