"""Moves of the polyiamond games as values and text: placements and passes.

A placement is a piece name followed by the cells it covers; a pass is ``pass`` or
``pass <player>``.  ``str(move)`` writes cells in lattice coordinates, ``(r,c)`` (row,
column of the triangle lattice, see ``docs/coordinates.md``), sorted: ``crown (12,-3)
(12,-2) ...``; ``parse_move`` reads it back.  A game that prints other cell names passes
its own reader of cells (``read_cells``) and writes moves with :func:`placement_text`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
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
    "lattice_cells",
    "placement_text",
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


def lattice_cells(text: str, move: str) -> list[Cell]:
    """The cells ``(r,c) (r,c) ...`` of a placement's text; InvalidMoveError otherwise."""
    cells = [Cell(int(m[1]), int(m[2])) for m in _CELL.finditer(text)]
    leftover = _CELL.sub(" ", text).strip()
    if leftover:
        raise InvalidMoveError(f"cannot read {leftover!r} in move {move!r}: cells are '(r,c)'")
    return cells


def placement_text(piece: str, cells: Iterable[Cell], name: Callable[[Cell], str]) -> str:
    """A placement written with the cell names ``name`` gives: ``piece a1,b1,...``."""
    return f"{piece} {','.join(name(c) for c in cells)}"


def parse_move(text: str, read_cells: Callable[[str, str], list[Cell]] = lattice_cells) -> Move:
    """Read a move from its text form (the inverse of ``str(move)``); ``read_cells(rest,
    text)`` reads the cells after the piece name."""
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
    cells = read_cells(rest, text)
    if not cells:
        raise InvalidMoveError(f"placement {text!r} names no cells")
    if len(set(cells)) != len(cells):
        raise InvalidMoveError(f"placement {text!r} names a cell twice")
    return Placement(name, frozenset(cells))
