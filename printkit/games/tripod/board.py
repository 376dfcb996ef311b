"""The Tripod board: two triangular halves of hexagons glued along their perimeter.

Each half is ``hexgrid.triangle_region(n)``: row ``r`` (0 at the apex) holds the hexagons
``q = -r .. 0``.  A hexagon on the perimeter of a half (``q == -r``, ``q == 0`` or
``r == n - 1``) is the same cell as the hexagon at the same place on the other half, so the
board has ``2*T(n) - (3n - 3)`` distinct cells, ``T(n) = n(n+1)/2``.

A distinct cell is a ``TripodCell(half, q, r)``; shared perimeter cells always carry
``half = 0``, interior cells of the second half ``half = 1``.

Printed notation (as in Y and Hex): a letter for the place in the row, counted from the left
(``a`` is the left edge) and a number for the row, counted from the apex (``1``).  The apex
is ``a1``, the bottom corners are ``a<n>`` and the ``n``-th letter with ``<n>``.  Interior
cells of the second half carry a prime (``c5'``); shared perimeter cells have one name,
printed the same on both halves.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import NamedTuple

from printkit.errors import InvalidMoveError, PrintkitError
from printkit.geometry.hexgrid import Hex, neighbours, triangle_region

HALF_VARIANTS = ("half-1", "half-2")
"""The photo reader's name for each half's board model (each half is read on its own)."""


__all__ = [
    "TripodCell",
    "TripodBoard",
    "MIN_SIZE",
    "MAX_SIZE",
    "cell_name",
    "parse_cell",
    "cell_count",
    "text_diagram",
]

MIN_SIZE = 4
MAX_SIZE = 19
LETTERS = "abcdefghijklmnopqrs"
PRIME = "'"
_NAME = re.compile(r"([a-z])([0-9]{1,2})('?)")


class TripodCell(NamedTuple):
    """A distinct cell of the Tripod board: half (0 or 1) and the hexagon on that half."""

    half: int
    q: int
    r: int

    @property
    def hex(self) -> Hex:
        return Hex(self.q, self.r)

    def __str__(self) -> str:
        return cell_name(self)


def cell_count(n: int) -> int:
    """Distinct cells on the board of size ``n``: two triangles less the shared perimeter."""
    return n * (n + 1) - (3 * n - 3)


def cell_name(cell: TripodCell) -> str:
    """The printed name of a cell, e.g. ``a7`` or ``c5'``."""
    half, q, r = cell
    return f"{LETTERS[q + r]}{r + 1}{PRIME if half == 1 else ''}"


def _check_size(n: int) -> None:
    if not MIN_SIZE <= n <= MAX_SIZE:
        raise PrintkitError(f"Tripod board size must be {MIN_SIZE}..{MAX_SIZE}, got {n}")


def _on_perimeter(q: int, r: int, n: int) -> bool:
    return q == -r or q == 0 or r == n - 1


def parse_cell(text: str, n: int = 11) -> TripodCell:
    """The cell named ``text`` on the board of size ``n``; ``InvalidMoveError`` quoting the text
    if it names none."""
    _check_size(n)
    m = _NAME.fullmatch(text)
    bad = f"bad Tripod cell {text!r}"
    if m is None:
        raise InvalidMoveError(
            f"{bad}: expected a letter, a row number and an optional prime, like 'c5' or \"c5'\""
        )
    letter, number, prime = m.groups()
    r = int(number) - 1
    i = ord(letter) - ord("a")
    if not 0 <= r < n:
        raise InvalidMoveError(f"{bad}: row {number} is not on the board of size {n} (rows 1..{n})")
    if i > r:
        raise InvalidMoveError(f"{bad}: row {r + 1} has only the letters a..{LETTERS[r]}")
    q = i - r
    if prime and _on_perimeter(q, r, n):
        raise InvalidMoveError(
            f"{bad}: {text[:-1]} lies on the perimeter, which both halves "
            f"share; write it without the prime"
        )
    return TripodCell(1 if prime else 0, q, r)


class TripodBoard:
    """The distinct cells of the size-``n`` board, their neighbours, corners and printed places."""

    __slots__ = ("n", "cells", "corners", "_index", "_neighbours", "_half")

    def __init__(self, n: int = 11) -> None:
        _check_size(n)
        self.n = n
        self._half = triangle_region(n)
        order = sorted(self._half, key=lambda h: (h.r, h.q))
        shared = [TripodCell(0, h.q, h.r) for h in order]
        inner = [TripodCell(1, h.q, h.r) for h in order if not _on_perimeter(h.q, h.r, n)]
        self.cells: tuple[TripodCell, ...] = tuple(shared + inner)
        """Every distinct cell: the first half row by row, then the second half's interior."""
        self._index = {c: i for i, c in enumerate(self.cells)}
        self.corners: tuple[TripodCell, TripodCell, TripodCell] = (
            TripodCell(0, 0, 0),
            TripodCell(0, -(n - 1), n - 1),
            TripodCell(0, 0, n - 1),
        )
        """The apex, the bottom-left and the bottom-right corner."""
        nbs: dict[TripodCell, tuple[TripodCell, ...]] = {}
        for cell in self.cells:
            found: list[TripodCell] = []
            for half, h in self.positions(cell):
                for nb in neighbours(h):
                    if nb in self._half:
                        c = self.cell_at(half, nb)
                        if c not in found:
                            found.append(c)
            nbs[cell] = tuple(found)
        self._neighbours = nbs

    def __repr__(self) -> str:
        return f"TripodBoard({self.n})"

    def __len__(self) -> int:
        return len(self.cells)

    def __iter__(self) -> Iterator[TripodCell]:
        return iter(self.cells)

    def __contains__(self, cell: object) -> bool:
        return cell in self._index

    def index(self, cell: TripodCell) -> int:
        """The cell's position in ``cells`` (used by the engine's fast arrays)."""
        try:
            return self._index[cell]
        except KeyError:
            raise ValueError(
                f"{cell!r} is not a cell of the Tripod board of size {self.n}"
            ) from None

    def is_shared(self, cell: TripodCell) -> bool:
        """True for a perimeter cell, which appears on both halves."""
        return _on_perimeter(cell.q, cell.r, self.n)

    def cell_at(self, half: int, h: tuple[int, int]) -> TripodCell:
        """The distinct cell printed at hexagon ``h`` of half ``half`` (0 or 1)."""
        h = Hex(*h)
        if half not in (0, 1) or h not in self._half:
            raise ValueError(f"no Tripod cell at half {half}, hexagon {h} on size {self.n}")
        return TripodCell(0 if _on_perimeter(h.q, h.r, self.n) else half, h.q, h.r)

    def positions(self, cell: TripodCell) -> tuple[tuple[int, Hex], ...]:
        """Where the cell is printed: ``(half, hexagon)`` once, or twice for a shared cell."""
        self.index(cell)
        if self.is_shared(cell):
            return ((0, cell.hex), (1, cell.hex))
        return ((cell.half, cell.hex),)

    def neighbours(self, cell: TripodCell) -> tuple[TripodCell, ...]:
        """The distinct cells next to ``cell`` on either half."""
        self.index(cell)
        return self._neighbours[cell]

    def parse(self, text: str) -> TripodCell:
        """``parse_cell`` on this board's size."""
        return parse_cell(text, self.n)


def text_diagram(n: int, label=cell_name) -> str:
    """The two halves side by side, each cell shown as ``label(cell)``: the notation's key."""
    board = TripodBoard(n)
    width = max(len(label(c)) for c in board.cells) + 1
    width += width % 2  # even, so that each row shifts by a whole half-cell
    rows = []
    for r in range(n):
        halves = []
        for half in (0, 1):
            names = [label(board.cell_at(half, Hex(i - r, r))).ljust(width) for i in range(r + 1)]
            pad = " " * ((n - 1 - r) * width // 2)
            halves.append(pad + "".join(names) + pad)
        rows.append(("   ".join(halves)).rstrip())
    return "\n".join(rows)
