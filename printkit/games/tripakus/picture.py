"""``printkit show`` for TriPakus: a record's position at a move, drawn as the kit prints it."""

from __future__ import annotations

from printkit.draw.model import Drawing
from printkit.games.tripakus.components import board_drawing
from printkit.games.tripakus.notation import Placement, parse_move
from printkit.games.tripakus.record import options_for, position_cells, replay
from printkit.geometry.tri import triangle_board
from printkit.layout.config import Layout
from printkit.polyiamond_games.showing import paint_position
from printkit.records.common import parse_moves, parse_tri_cell
from printkit.records.model import Record


def picture(
    record: Record, upto: int, rules: str | None, layout: Layout, offending: bool
) -> Drawing:
    """The board after ``upto`` moves (or the position), move ``upto`` outlined."""
    _, options = options_for(record, rules)
    side, n = 12.0, options.board_size
    d = board_drawing(triangle_board(n), side, n, coordinates=True)
    if record.is_position:
        cells = position_cells(record)
        by_colour = {
            colour: [c for c, v in cells.items() if v == colour]
            for colour in sorted(set(cells.values()))
        }
        unsure = {parse_tri_cell(name, record) for name in record.uncertain}
        return paint_position(d, side, layout, by_colour, unsure=unsure)
    game = replay(record, upto - 1 if offending else upto, rules)
    by_colour = {p: [c for m in pieces for c in m.cells] for p, pieces in game.placed.items()}
    move = parse_moves(record, parse_move)[upto - 1] if upto else None
    cells = move.cells if isinstance(move, Placement) else None
    return paint_position(d, side, layout, by_colour, cells, offending)
