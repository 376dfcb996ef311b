"""Trigon moves as text, with the cell names printed on the board and used by Pentobi.

A cell is a column letter and a row number, ``a1`` the lower left corner of the board's
bounding rectangle (``docs/coordinates.md``); the names depend on the board's edge.  A
placement is a piece name and its cells, comma-separated in Pentobi's order (by row from
the bottom, then by column): ``crown q13,q14,r12,r13,r14,r15``.  The piece name may be left
out (Pentobi's own move values are just the cells): the cells then name the piece.  A pass
is ``pass`` or ``pass <colour>``.
"""

from __future__ import annotations

import re

from printkit.errors import InvalidMoveError, NotInGameError
from printkit.geometry.tri import Cell, canonical
from printkit.polyiamond_games.boards import BoardShape
from printkit.polyiamond_games.moves import PASS, Move, Pass, Placement, parse_move
from printkit.polyiamond_games.pieces import NAMES, PIECES

__all__ = [
    "Placement",
    "Pass",
    "PASS",
    "Move",
    "pentobi_order",
    "cells_text",
    "move_text",
    "read_move",
    "piece_of",
]

_SEPARATORS = re.compile(r"[\s,]+")


def pentobi_order(cells, board: BoardShape) -> list[Cell]:
    """Cells in Pentobi's order: rows from the bottom (a1, b1, ..., a2, ...)."""
    return sorted(cells, key=lambda c: (-c[0], c[1]))


def cells_text(cells, board: BoardShape) -> str:
    """Cells as a Pentobi move value: ``q13,q14,r12``."""
    return ",".join(board.pentobi_name(c) for c in pentobi_order(cells, board))


def move_text(move: Move, board: BoardShape) -> str:
    """The canonical text of a move on ``board``."""
    if isinstance(move, Pass):
        return str(move)
    return f"{move.piece} {cells_text(move.cells, board)}"


def piece_of(cells) -> str:
    """The name of the piece the cells form; NotInGameError if they form none."""
    shape = canonical(cells)
    for piece in PIECES:
        if piece.cells == shape:
            return piece.name
    raise NotInGameError(f"the cells {', '.join(sorted(map(str, cells)))} form no piece of the set")


def read_move(text: str, board: BoardShape) -> Move:
    """A move from its text (the inverse of :func:`move_text`); InvalidMoveError otherwise.

    The first word names the piece when more words follow it (``i5 i5,j5,k5,l5,j6,k6``);
    a lone list of cells is a placement of the piece they form (``i5,j5,k5,l5,j6,k6``)."""
    words = text.split()
    if not words:
        raise InvalidMoveError(f"empty move text {text!r}")
    if words[0].lower() == "pass" or (len(words) > 1 and words[0].lower() in NAMES):

        def read_cells(rest: str, move: str) -> list[Cell]:
            return [board.parse_pentobi(w) for w in _SEPARATORS.split(rest.strip()) if w]

        return parse_move(text, read_cells)
    cells = [board.parse_pentobi(w) for w in _SEPARATORS.split(text.strip()) if w]
    if len(set(cells)) != len(cells):
        raise InvalidMoveError(f"placement {text!r} names a cell twice")
    try:
        name = piece_of(cells)
    except NotInGameError:
        raise NotInGameError(
            f"{text.strip()!r}: {len(cells)} cells that form no piece of the set"
        ) from None
    return Placement(name, frozenset(cells))
