"""The 56 Triominoes tiles, generated from the tile rule.

A tile is an equilateral triangle with a number from 0 to 5 at each corner.  Read
clockwise, the numbers never decrease, starting from the smallest; so every set of
three numbers with repetition gives exactly one tile, except that three different
numbers ``a < b < c`` could be read clockwise as ``a b c`` or ``a c b``: the rule keeps
only ``a b c``, and its mirror image does not exist.  That gives 6 triples, 30 tiles with
exactly two equal numbers and 20 with three different numbers.

A tile's code is its three numbers in clockwise order from the smallest, joined by
hyphens (``0-2-5``); the same code is printed on the tile, used in records and on
the rule card.
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import NamedTuple

from printkit.errors import PrintkitError

__all__ = ["HIGHEST", "Tile", "TILES", "UnknownTileError", "parse_tile", "tile_kind"]

HIGHEST = 5
"""The largest number on a tile."""


class Tile(NamedTuple):
    """Three corner numbers in clockwise order, the smallest first."""

    a: int
    b: int
    c: int

    @property
    def code(self) -> str:
        return f"{self.a}-{self.b}-{self.c}"

    def __str__(self) -> str:
        return self.code

    @property
    def total(self) -> int:
        return self.a + self.b + self.c

    @property
    def is_triple(self) -> bool:
        return self.a == self.b == self.c

    def rotations(self) -> tuple[tuple[int, int, int], ...]:
        """The three clockwise readings of the corners, starting at each corner."""
        a, b, c = self
        return ((a, b, c), (b, c, a), (c, a, b))


def tile_kind(tile: Tile) -> str:
    """``triple``, ``double`` (exactly two equal numbers) or ``single`` (all different)."""
    distinct = len(set(tile))
    return {1: "triple", 2: "double", 3: "single"}[distinct]


def _tiles(highest: int = HIGHEST) -> tuple[Tile, ...]:
    """Every tile of the rule: numbers ascend clockwise from the smallest."""
    return tuple(Tile(a, b, c) for a, b, c in combinations_with_replacement(range(highest + 1), 3))


TILES: tuple[Tile, ...] = _tiles()
"""The 56 tiles, ordered by their numbers."""


class UnknownTileError(PrintkitError):
    """Three numbers that are no tile of the set (``9-9-9``, or ``1-0-2``, the mirror image of
    ``0-1-2``): written well, but not a tile of this game."""


def parse_tile(text: str) -> Tile:
    """A tile from its code (``0-2-5``, also ``025`` or ``0 2 5``), in any rotation.

    Raises ``PrintkitError`` (a ``ValueError``) naming the problem when the text is not three
    numbers, and ``UnknownTileError`` when no tile has those numbers in that clockwise order.
    """
    digits = [ch for ch in text if not ch.isspace() and ch not in "-/,"]
    if len(digits) != 3 or not all(ch in "0123456789" for ch in digits):
        raise PrintkitError(f"{text!r} is not a tile: write its three numbers, like 0-2-5")
    numbers = tuple(int(ch) for ch in digits)
    code = "-".join(map(str, numbers))
    if max(numbers) > HIGHEST:
        raise UnknownTileError(
            f"unknown Triominoes tile {code!r}: not a tile, numbers go from 0 to {HIGHEST}"
        )
    for reading in Tile(*numbers).rotations():
        if reading[0] <= reading[1] <= reading[2]:
            return Tile(*reading)
    smallest_first = "-".join(map(str, sorted(numbers)))
    raise UnknownTileError(
        f"unknown Triominoes tile {code!r}: not a tile, read clockwise the numbers rise from "
        f"the smallest (the tile is {smallest_first})"
    )
