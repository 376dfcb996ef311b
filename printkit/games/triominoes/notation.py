"""Triominoes moves and cells as text: ``3-5-2 @ (0,1)``, ``draw``, ``draw 2-3-5``, ``pass``.

A tile lies on a lattice cell of ``printkit.geometry.tri`` with its three numbers on the
cell's three corners.  The *reference corner* of a cell is its apex when it points up and
its top-left corner when it points down; a placement is written as the three numbers read
clockwise *as seen on paper* (y grows downwards) from that corner, then the cell.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from printkit.errors import InvalidMoveError, NotInGameError
from printkit.games.triominoes.tiles import Tile, UnknownTileError, parse_tile
from printkit.geometry.tri import Cell, Vertex, is_up, vertices

__all__ = [
    "Place",
    "Draw",
    "Pass",
    "TriominoesMove",
    "parse_move",
    "move_text",
    "cell_name",
    "parse_cell",
    "clockwise_corners",
]


def cell_name(cell: tuple[int, int]) -> str:
    """The name a cell carries on the mat and in records: ``(r,c)``."""
    return f"({cell[0]},{cell[1]})"


_CELL = re.compile(r"\(\s*(-?[0-9]+)\s*,\s*(-?[0-9]+)\s*\)")


def parse_cell(text: str) -> Cell:
    """The cell named ``text`` (``(r,c)``); ``InvalidMoveError`` quoting it otherwise."""
    m = _CELL.fullmatch(text.strip())
    if m is None:
        raise InvalidMoveError(f"{text!r} is not a cell: cells are written (row,column)")
    return Cell(int(m[1]), int(m[2]))


@cache
def clockwise_corners(cell: tuple[int, int]) -> tuple[Vertex, Vertex, Vertex]:
    """A cell's corners clockwise on paper from its reference corner (apex, or top left)."""
    a, b, c = vertices(cell)
    return (a, c, b) if is_up(cell) else (a, b, c)


@dataclass(frozen=True, slots=True, repr=False)
class Place:
    """Lay ``tile`` on ``cell`` turned by ``rotation`` (0-2).

    The corners clockwise from the cell's reference corner carry ``tile.rotations()
    [rotation]``; a triple has only rotation 0.
    """

    tile: Tile
    cell: Cell
    rotation: int = 0

    @classmethod
    def reading_at(cls, reading: Sequence[int], cell: tuple[int, int]) -> Place:
        """The placement putting ``reading`` clockwise from the reference corner of ``cell``."""
        tile = parse_tile("".join(map(str, reading)))
        return cls(tile, Cell(*cell), tile.rotations().index(tuple(reading)))

    @property
    def reading(self) -> tuple[int, int, int]:
        return self.tile.rotations()[self.rotation]

    def corners(self) -> dict[Vertex, int]:
        """The number laid on each corner."""
        return dict(zip(clockwise_corners(self.cell), self.reading, strict=True))

    def text(self) -> str:
        """``3-5-2 @ (0,1)``: the numbers clockwise from the reference corner, and the cell."""
        a, b, c = self.reading
        return f"{a}-{b}-{c} @ {self.cell}"

    __str__ = text

    def __repr__(self) -> str:
        return f"Place({self.text()!r})"


@dataclass(frozen=True, slots=True, repr=False)
class Draw:
    """Draw a tile from the pool; ``tile`` names it when known (a record), else the top one."""

    tile: Tile | None = None

    def text(self) -> str:
        return "draw" if self.tile is None else f"draw {self.tile}"

    __str__ = text

    def __repr__(self) -> str:
        return f"Draw({self.text()!r})"


@dataclass(frozen=True, slots=True, repr=False)
class Pass:
    """End the turn without laying a tile: only when nothing fits and no draw is left."""

    def text(self) -> str:
        return "pass"

    __str__ = text

    def __repr__(self) -> str:
        return "Pass()"


TriominoesMove = Place | Draw | Pass

_PLACE = re.compile(
    r"([0-9])\s*[-/ ]?\s*([0-9])\s*[-/ ]?\s*([0-9])\s*@\s*"
    r"\(\s*(-?[0-9]+)\s*,\s*(-?[0-9]+)\s*\)"
)
_DRAW = re.compile(r"draw(?:\s+(\S.*))?", re.IGNORECASE)


def parse_move(text: str) -> TriominoesMove:
    """The move written ``text``: ``3-5-2 @ (0,1)``, ``draw``, ``draw 2-3-5`` or ``pass``."""
    s = text.strip()
    if s.lower() == "pass":
        return Pass()
    m = _DRAW.fullmatch(s)
    if m:
        if m[1] is None:
            return Draw()
        try:
            return Draw(parse_tile(m[1]))
        except UnknownTileError as err:
            raise NotInGameError(f"{text.strip()!r}: {err}") from None
        except ValueError as err:
            raise InvalidMoveError(f"bad Triominoes move {text!r}: {err}") from None
    m = _PLACE.fullmatch(s)
    if m:
        try:
            return Place.reading_at(tuple(int(m[k]) for k in (1, 2, 3)), (int(m[4]), int(m[5])))
        except UnknownTileError as err:
            raise NotInGameError(f"{text.strip()!r}: {err}") from None
        except ValueError as err:
            raise InvalidMoveError(f"bad Triominoes move {text!r}: {err}") from None
    raise InvalidMoveError(
        f"bad Triominoes move {text!r}: expected '3-5-2 @ (0,1)' (numbers "
        f"clockwise from the cell's top corner), 'draw', 'draw 2-3-5' or "
        f"'pass'"
    )


def move_text(move: TriominoesMove) -> str:
    """The canonical text of a move: ``parse_move(move_text(m)) == m``."""
    return move.text()
