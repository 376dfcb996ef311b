"""TriPakus moves and cells as text: placements ``crown (12,-3) (12,-2) ...`` and passes.

A cell is written ``(r,c)`` (row, column of the triangle lattice, see ``docs/coordinates.md``);
a placement is a piece name followed by the cells it covers, sorted; a pass is ``pass`` or
``pass <player>``.  ``parse_move`` reads what ``str(move)`` writes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from printkit.errors import InvalidMoveError
from printkit.geometry.tri import Cell

__all__ = [
    "Placement",
    "Pass",
    "PASS",
    "Move",
    "parse_move",
    "cell_name",
    "parse_cell",
]

_CELL = re.compile(r"\(\s*(-?\d+)\s*,\s*(-?\d+)\s*\)")


def cell_name(cell: tuple[int, int]) -> str:
    """A cell's name as moves and position records write it: ``(r,c)``."""
    return f"({cell[0]},{cell[1]})"


def parse_cell(text: str) -> Cell:
    """The cell written ``(r,c)``; InvalidMoveError quoting the text otherwise."""
    m = _CELL.fullmatch(text.strip())
    if m is None:
        raise InvalidMoveError(f"{text!r} is not a cell: cells are written (row,column)")
    return Cell(int(m[1]), int(m[2]))


@dataclass(frozen=True, slots=True)
class Placement:
    """Placing the piece called ``piece`` on ``cells``.  Text: ``crown (12,-2) (12,-1) ...``."""

    piece: str
    cells: frozenset[Cell]

    def __post_init__(self) -> None:
        object.__setattr__(self, "piece", self.piece.strip().lower())
        object.__setattr__(self, "cells", frozenset(Cell(int(r), int(c)) for r, c in self.cells))

    def __str__(self) -> str:
        return " ".join([self.piece, *(str(c) for c in sorted(self.cells))])

    def __repr__(self) -> str:
        return f"Placement.from_text({str(self)!r})"

    @classmethod
    def from_text(cls, text: str) -> Placement:
        """Parse ``name (r,c) (r,c) ...``; InvalidMoveError quoting the text otherwise."""
        move = parse_move(text)
        if not isinstance(move, Placement):
            raise InvalidMoveError(f"expected a placement, got {text!r}")
        return move


@dataclass(frozen=True, slots=True)
class Pass:
    """A pass, optionally naming the player who passes.  Text: ``pass`` or ``pass red``."""

    player: str | None = None

    def __str__(self) -> str:
        return "pass" if self.player is None else f"pass {self.player}"

    def __repr__(self) -> str:
        return "PASS" if self.player is None else f"Pass({self.player!r})"


PASS = Pass()
Move = Placement | Pass


def parse_move(text: str) -> Move:
    """Read a move from its text form (the inverse of ``str(move)``)."""
    s = text.strip()
    words = s.split()
    if not words:
        raise InvalidMoveError(f"empty move text {text!r}")
    if words[0].lower() == "pass":
        if len(words) == 1:
            return PASS
        if len(words) == 2 and re.fullmatch(r"[A-Za-z][A-Za-z0-9_-]*", words[1]):
            return Pass(words[1].lower())
        raise InvalidMoveError(f"a pass is 'pass' or 'pass <player>', got {text!r}")
    name, rest = words[0], s[len(words[0]) :]
    if not re.fullmatch(r"[A-Za-z][A-Za-z0-9]*", name):
        raise InvalidMoveError(f"a placement starts with a piece name, got {text!r}")
    cells = [Cell(int(m[1]), int(m[2])) for m in _CELL.finditer(rest)]
    leftover = _CELL.sub(" ", rest).strip()
    if leftover:
        raise InvalidMoveError(f"cannot read {leftover!r} in move {text!r}: cells are '(r,c)'")
    if not cells:
        raise InvalidMoveError(f"placement {text!r} names no cells")
    if len(set(cells)) != len(cells):
        raise InvalidMoveError(f"placement {text!r} names a cell twice")
    return Placement(name, frozenset(cells))
