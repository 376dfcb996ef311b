"""Tiny Claim moves as text: a claimed cell written ``(r,c)``."""

from __future__ import annotations

import re

from printkit.errors import InvalidMoveError

__all__ = ["Claim", "parse_move"]

_CELL = re.compile(r"\(\s*(-?\d+)\s*,\s*(-?\d+)\s*\)")


class Claim(tuple):
    """A claimed cell (row, column)."""

    def __new__(cls, r: int, c: int) -> Claim:
        return super().__new__(cls, (r, c))

    def __str__(self) -> str:
        return f"({self[0]},{self[1]})"


def parse_move(text: str) -> Claim:
    m = _CELL.fullmatch(text.strip())
    if m is None:
        raise InvalidMoveError(f"{text!r} is not a move: write the cell as (row,column)")
    return Claim(int(m[1]), int(m[2]))
