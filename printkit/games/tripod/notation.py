"""Tripod moves as text: a cell name (``c5``, ``c5'``) or ``swap``.

A move names a cell as printed on the board (see ``board``).  A well-formed name whose row
lies beyond the board (``f6`` on the size-5 board) is still a move, one the rules refuse;
text that names no cell of any Tripod board is not a move (``InvalidMoveError``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from printkit.errors import InvalidMoveError
from printkit.games.tripod.board import MAX_SIZE, TripodCell, parse_cell

__all__ = ["TripodMove", "parse_move", "move_text", "SWAP"]

SWAP = "swap"
"""The text of the swap on move 2."""

_NAME = re.compile(r"([a-s])([0-9]{1,2})('?)")


@dataclass(frozen=True, slots=True)
class TripodMove:
    """A move: a stone on ``cell``, or the swap (``cell is None``)."""

    cell: TripodCell | None

    @classmethod
    def swap(cls) -> TripodMove:
        return cls(None)

    @property
    def is_swap(self) -> bool:
        return self.cell is None

    def text(self) -> str:
        """The move as written in a record: a cell name or ``swap``."""
        return SWAP if self.cell is None else str(self.cell)

    __str__ = text

    def __repr__(self) -> str:
        return f"TripodMove.parse({self.text()!r})"

    @classmethod
    def parse(cls, text: str, n: int = 11) -> TripodMove:
        """The move written ``text`` (a cell name or ``swap``) on the board of size ``n``."""
        return parse_move(text, n)


def _beyond(word: str, n: int) -> TripodCell | None:
    """The cell ``word`` names on a larger board when its row lies beyond size ``n``."""
    m = _NAME.fullmatch(word)
    if m is None:
        return None
    letter, number, prime = m.groups()
    r, i = int(number) - 1, ord(letter) - ord("a")
    if not n <= r < MAX_SIZE or i > r:
        return None
    return TripodCell(1 if prime else 0, i - r, r)


def parse_move(text: str, n: int = 11) -> TripodMove:
    """The move written ``text`` on the board of size ``n``; ``InvalidMoveError`` quoting the
    text when it names no cell."""
    word = text.strip()
    if word.lower() == SWAP:
        return TripodMove(None)
    try:
        return TripodMove(parse_cell(word, n))
    except InvalidMoveError as err:
        cell = _beyond(word, n)
        if cell is None:
            raise InvalidMoveError(f"bad Tripod move {text!r}: {err}") from None
        return TripodMove(cell)


def move_text(move: TripodMove) -> str:
    """The canonical text of ``move``: ``parse_move(move_text(m), n) == m``."""
    return move.text()
