"""The Tripitz board: a hexagon of cavities with four marked centre cavities and an outer ring.

The default shape is ``hexgrid.hexagon_region(6, 6, 7)``: 102 cavities in 12 rows of
6, 7, 8, 9, 10, 11, 11, 10, 9, 8, 7, 6.  Its centre falls on the edge between two cavities,
so four cavities (a rhombus) lie nearest to it: those are the centre cavities.  The
outermost ring (cavities with fewer than six neighbours on the board) is the edge where a
move scores double.

Cavities are numbered 1, 2, ... row by row from the top, left to right in each row; those
numbers are printed on the board and used in records.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

from printkit.errors import PrintkitError
from printkit.geometry.hexgrid import Hex, boundary_ring, hexagon_region, neighbours

__all__ = ["TripitzBoard", "DEFAULT_SIDES"]

DEFAULT_SIDES = (6, 6, 7)


class TripitzBoard:
    """The cavities of a Tripitz board of the given hexagon shape, in reading order."""

    __slots__ = ("sides", "cavities", "centre", "outer", "_number", "_neighbours")

    def __init__(self, sides: tuple[int, int, int] = DEFAULT_SIDES) -> None:
        self.sides = tuple(sides)
        region = hexagon_region(*self.sides)
        self.cavities: tuple[Hex, ...] = tuple(sorted(region, key=lambda h: (h.r, h.q)))
        """Every cavity; cavity number ``k`` is ``cavities[k - 1]``."""
        self._number = {h: k for k, h in enumerate(self.cavities, start=1)}
        self.centre: frozenset[Hex] = _centre_cells(self.cavities)
        """The four cavities nearest the board's centre, where the starting pids go."""
        self.outer: frozenset[Hex] = boundary_ring(region)
        """The outermost ring: a placement here scores double."""
        self._neighbours = {
            h: tuple(n for n in neighbours(h) if n in self._number) for h in self.cavities
        }

    def __repr__(self) -> str:
        return f"TripitzBoard({self.sides!r})"

    def __len__(self) -> int:
        return len(self.cavities)

    def __iter__(self) -> Iterator[Hex]:
        return iter(self.cavities)

    def __contains__(self, h: object) -> bool:
        return h in self._number

    def cavity_number(self, h: tuple[int, int]) -> int:
        """The printed number (1-based, reading order) of the cavity at hexagon ``h``."""
        try:
            return self._number[Hex(*h)]
        except (KeyError, TypeError):
            raise PrintkitError(f"hexagon {h} is not a cavity of the Tripitz board") from None

    def cavity_at(self, number: int) -> Hex:
        """The cavity printed with ``number``."""
        if not isinstance(number, int) or not 1 <= number <= len(self.cavities):
            raise PrintkitError(
                f"cavity {number!r} does not exist: the board has cavities 1..{len(self.cavities)}"
            )
        return self.cavities[number - 1]

    def neighbours(self, h: Hex) -> tuple[Hex, ...]:
        """The cavities next to ``h`` (up to six)."""
        try:
            return self._neighbours[h]
        except KeyError:
            raise PrintkitError(f"hexagon {h} is not a cavity of the Tripitz board") from None

    def ray(self, h: Hex, step: tuple[int, int]) -> Iterator[Hex]:
        """The cavities beyond ``h`` in direction ``step``, up to the board's edge."""
        q, r = h
        while True:
            q, r = q + step[0], r + step[1]
            if (q, r) not in self._number:
                return
            yield Hex(q, r)

    def rows(self) -> tuple[tuple[Hex, ...], ...]:
        """The cavities row by row (constant ``r``), left to right."""
        out: dict[int, list[Hex]] = {}
        for h in self.cavities:
            out.setdefault(h.r, []).append(h)
        return tuple(tuple(row) for _, row in sorted(out.items()))

    def number_diagram(self) -> str:
        """The cavity numbers laid out as on the board, centre cavities in brackets (for docs)."""
        left = min(2 * h.q + h.r for h in self.cavities)  # x in half-cavities
        lines = []
        for row in self.rows():
            line = " " * (2 * (2 * row[0].q + row[0].r - left))
            for h in row:
                k = self.cavity_number(h)
                line += (f"[{k}]" if h in self.centre else str(k)).center(4)
            lines.append(line.rstrip())
        return "\n".join(lines)


def _centre_cells(cells: tuple[Hex, ...]) -> frozenset[Hex]:
    """The four cells nearest the centroid; ties broken in reading order."""
    n = len(cells)
    # Work in units where x = 2q + r and y = r, so distance^2 = 3*dx^2 + 9*dy^2 (over 4).
    cx = Fraction(sum(2 * h.q + h.r for h in cells), n)
    cy = Fraction(sum(h.r for h in cells), n)
    ranked = sorted(
        cells, key=lambda h: (3 * (2 * h.q + h.r - cx) ** 2 + 9 * (h.r - cy) ** 2, h.r, h.q)
    )
    return frozenset(ranked[:4])
