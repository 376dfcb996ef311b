"""TriPakus moves and cells as text: placements ``crown (12,-3) (12,-2) ...`` and passes.

A cell is written ``(r,c)`` (row, column of the triangle lattice, see ``docs/coordinates.md``);
a placement is a piece name followed by the cells it covers, sorted; a pass is ``pass`` or
``pass <player>``.  ``parse_move`` reads what ``str(move)`` writes.  The move values are
those of every polyiamond game (:mod:`printkit.polyiamond_games.moves`).
"""

from __future__ import annotations

from printkit.polyiamond_games.moves import (
    PASS,
    Move,
    Pass,
    Placement,
    cell_name,
    parse_cell,
    parse_move,
)

__all__ = [
    "Placement",
    "Pass",
    "PASS",
    "Move",
    "parse_move",
    "cell_name",
    "parse_cell",
    "reading_name",
]


def reading_name(cell: tuple[int, int]) -> str:
    """A cell's name in photo readings and their debug pictures (``BoardModel.cell_key``):
    ``r,c``, without the parentheses records write (``cell_name``)."""
    return f"{cell[0]},{cell[1]}"
