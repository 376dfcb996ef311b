"""``printkit show`` for Triominoes: a record's position at a move, drawn as the kit prints it."""

from __future__ import annotations

from printkit.draw.model import Drawing
from printkit.games.triominoes.components import layout_drawing
from printkit.games.triominoes.record import position_tiles, replay
from printkit.games.triominoes.rules import (
    Place,
    parse_move,
)
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
    """The layout after ``upto`` moves (or the position), move ``upto`` outlined."""
    if record.is_position:
        placed = position_tiles(record)
        marked = [parse_tri_cell(n, record) for n in record.uncertain]
        return layout_drawing({c: m.reading for c, m in placed.items()}, marked, OFFENDING, layout)
    game = replay(record, upto - 1 if offending else upto, rules)
    readings = dict(game.readings)
    marked = []
    if upto:
        move = parse_moves(record, parse_move)[upto - 1]
        if isinstance(move, Place):
            marked = [move.cell]
            if offending:
                readings.setdefault(move.cell, move.reading)
    return layout_drawing(readings, marked, OFFENDING if offending else HIGHLIGHT, layout)
