"""``printkit show`` for Tripitz Domino: a record's position at a move, drawn as printed."""

from __future__ import annotations

from printkit.draw.lattice import hex_centre
from printkit.draw.model import Circle, Drawing, Role, Style
from printkit.games.tripitz.components import (
    board_drawing,
    cavity_pitch,
    circumradius,
    token_front,
)
from printkit.games.tripitz.notation import JokerSwap, Place, parse_move
from printkit.games.tripitz.record import options_for, position_pids, replay
from printkit.games.tripitz.rules import (
    TripitzGame,
)
from printkit.layout.config import Layout
from printkit.records.common import (
    parse_moves,
)
from printkit.records.model import Record
from printkit.records.show import HIGHLIGHT, OFFENDING


def picture(
    record: Record, upto: int, rules: str | None, layout: Layout, offending: bool
) -> Drawing:
    """The board after ``upto`` moves (or the position), move ``upto`` outlined."""
    _, options = options_for(record, rules)
    if record.is_position:
        game = TripitzGame(options)
        cells = {
            game.board.cavity_at(c): p
            for c, p in position_pids(record, options).items()
            if 1 <= c <= len(game.board)
        }
        marked = [int(n) for n in record.uncertain if n.isdigit()]
        colour = OFFENDING
    else:
        game = replay(record, upto - 1 if offending else upto, rules)
        cells = dict(game.cells)
        marked = []
        if upto:
            move = parse_moves(record, parse_move)[upto - 1]
            if isinstance(move, Place | JokerSwap):
                marked = [move.cavity]
                if offending and isinstance(move, Place) and 1 <= move.cavity <= len(game.board):
                    cells.setdefault(game.board.cavity_at(move.cavity), move.pid)
        colour = OFFENDING if offending else HIGHLIGHT
    board = game.board
    d: Drawing = board_drawing(board, frozenset(board.cavities), layout)
    radius = circumradius(cavity_pitch(layout))
    for h, pid in cells.items():
        d.extend(token_front(pid, hex_centre(h, radius), layout))
    for number in marked:
        if 1 <= number <= len(board):
            d.add(
                Circle(
                    hex_centre(board.cavity_at(number), radius),
                    0.55 * cavity_pitch(layout),
                    Style(stroke=colour, width=0.8),
                    Role.MARK,
                )
            )
    return d
