"""The boards polyiamond games are played on, in the lattice coordinates of ``geometry.tri``.

Two shapes:

- ``triangle``, side ``n``: rows ``0 .. n-1``, row ``r`` holding the columns ``-r .. r``; the
  first piece of a colour covers a free corner cell.
- ``hexagon``, edge ``n`` (Blokus Trigon: 9, or 8 for three players): the triangle of side
  ``3n`` without its three corner triangles of side ``n``, so rows ``n .. 3n-1``.  A
  colour's first piece covers a free starting point, one of six cells (Pentobi's table).

Both are unions of whole rows, each row one run of columns (``rows``), which is all the
engine's placement tables need.  A hexagon cell also has the name Pentobi gives it: a
column letter (``a`` .. ``z``, then ``aa`` ..) counted from the left and a row number
counted from the bottom, ``a1`` being the lower left corner (``pentobi_name``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

from printkit.errors import InvalidMoveError, NotInGameError, PrintkitError
from printkit.geometry.tri import Cell, board_corners

__all__ = ["BoardShape", "triangle", "hexagon", "column_letters", "column_index"]

# Pentobi's starting points of the Trigon boards, as (x, y): x the column from the left,
# y the row from the top (libpentobi_base/StartingPoints.cpp, board types trigon, trigon_3).
_HEXAGON_STARTS: dict[int, tuple[tuple[int, int], ...]] = {
    9: ((17, 3), (17, 14), (9, 6), (9, 11), (25, 6), (25, 11)),
    8: ((15, 2), (15, 13), (7, 5), (7, 10), (23, 5), (23, 10)),
}

_NAME = re.compile(r"([a-z]{1,2})([1-9][0-9]?)")


def column_letters(x: int) -> str:
    """Pentobi's name of column ``x`` (from 0): ``a`` .. ``z``, ``aa`` .. ``az``, ``ba`` .."""
    if x < 26:
        return chr(97 + x)
    return chr(96 + x // 26) + chr(97 + x % 26)


def column_index(letters: str) -> int:
    """The column ``x`` (from 0) Pentobi names ``letters``."""
    if len(letters) == 1:
        return ord(letters) - 97
    return (ord(letters[0]) - 96) * 26 + ord(letters[1]) - 97


@dataclass(frozen=True)
class BoardShape:
    """A board: ``kind`` (``triangle`` or ``hexagon``) and its size in triangle edges."""

    kind: str
    size: int

    def __post_init__(self) -> None:
        if self.kind not in ("triangle", "hexagon"):
            raise PrintkitError(f"board shape {self.kind!r}: choose triangle or hexagon")
        if not isinstance(self.size, int) or self.size < 2:
            raise PrintkitError(f"board size must be an integer of at least 2, got {self.size!r}")
        if self.kind == "hexagon" and self.size not in _HEXAGON_STARTS:
            raise PrintkitError(
                f"a hexagonal board has edge {' or '.join(map(str, sorted(_HEXAGON_STARTS)))} "
                f"(the boards with known starting points), not {self.size}"
            )

    @cached_property
    def rows(self) -> tuple[tuple[int, int, int], ...]:
        """Every row as ``(r, first column, last column)``, top to bottom."""
        n = self.size
        if self.kind == "triangle":
            return tuple((r, -r, r) for r in range(n))
        top = tuple((r, -r, r) for r in range(n, 2 * n))
        # Below the middle the bottom corner triangles of the side-3n triangle are cut off.
        bottom = tuple((r, r - 4 * n + 1, 4 * n - 1 - r) for r in range(2 * n, 3 * n))
        return top + bottom

    @cached_property
    def cells(self) -> frozenset[Cell]:
        """Every cell of the board."""
        return frozenset(Cell(r, c) for r, lo, hi in self.rows for c in range(lo, hi + 1))

    @cached_property
    def starts(self) -> tuple[Cell, ...]:
        """The cells a colour's first piece may cover (one of them, while it is free)."""
        if self.kind == "triangle":
            return board_corners(self.size)
        return tuple(self._from_xy(x, y) for x, y in _HEXAGON_STARTS[self.size])

    @property
    def start_words(self) -> str:
        """What a first piece must cover, in plain words."""
        return "a free corner of the board" if self.kind == "triangle" else "a free starting point"

    def __str__(self) -> str:
        return f"{self.kind} {self.size}"

    # -- Pentobi's names (hexagon; the triangle uses the same scheme on its bounding box)

    @property
    def width(self) -> int:
        """Columns of the bounding rectangle (Pentobi's board width)."""
        return 2 * self.size - 1 if self.kind == "triangle" else 4 * self.size - 1

    @property
    def height(self) -> int:
        """Rows of the board."""
        return len(self.rows)

    def _from_xy(self, x: int, y: int) -> Cell:
        first_row = self.rows[0][0]
        return Cell(y + first_row, x - (self.width - 1) // 2)

    def xy(self, cell: tuple[int, int]) -> tuple[int, int]:
        """Pentobi's ``(x, y)`` of a lattice cell: column from the left, row from the top."""
        return cell[1] + (self.width - 1) // 2, cell[0] - self.rows[0][0]

    def pentobi_name(self, cell: tuple[int, int]) -> str:
        """The cell's name in Pentobi's files: column letters and row number from the bottom."""
        x, y = self.xy(cell)
        return f"{column_letters(x)}{self.height - y}"

    def parse_pentobi(self, text: str) -> Cell:
        """The cell Pentobi names ``text`` (any case); InvalidMoveError if it is no cell name,
        NotInGameError if the name is off this board."""
        m = _NAME.fullmatch(text.strip().lower())
        if m is None:
            raise InvalidMoveError(
                f"{text!r} is not a cell name: a column letter and a row number, like r12"
            )
        cell = self._from_xy(column_index(m[1]), self.height - int(m[2]))
        if cell not in self.cells:
            raise NotInGameError(f"{text!r} is not a cell of the {self} board")
        return cell


def triangle(n: int) -> BoardShape:
    """The triangular board of side ``n`` (TriPakus: 19)."""
    return BoardShape("triangle", n)


def hexagon(n: int) -> BoardShape:
    """The hexagonal board of edge ``n`` (Blokus Trigon: 9, three players: 8)."""
    return BoardShape("hexagon", n)
