"""The hexagonal cell lattice in axial coordinates.

A hexagon is ``(q, r)``; the implicit third cube coordinate is ``s = -q - r``.
Hexagons are drawn pointy-top: the centre of ``(q, r)`` sits at
``x = size * sqrt(3) * (q + r / 2)``, ``y = size * 1.5 * r`` (y grows downwards),
where ``size`` is the centre-to-corner radius.  Rows of constant ``r`` are
horizontal.  The six neighbours are the six ``DIRECTIONS`` added to a hexagon;
the three line directions through a hexagon are ``AXES``.

Integer arithmetic only; floats appear only in drawing.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

__all__ = [
    "Hex",
    "DIRECTIONS",
    "AXES",
    "neighbours",
    "distance",
    "hexagon_region",
    "region_side_lengths",
    "boundary_ring",
    "triangle_region",
    "Unit",
    "unit_centre",
    "hex_corners",
    "hex_edges",
    "unique_edges",
]


class Hex(NamedTuple):
    """A hexagonal cell in axial coordinates."""

    q: int
    r: int

    @property
    def s(self) -> int:
        return -self.q - self.r

    def __add__(self, other: tuple[int, int]) -> Hex:  # type: ignore[override]
        return Hex(self.q + other[0], self.r + other[1])

    def __str__(self) -> str:
        return f"({self.q},{self.r})"


DIRECTIONS: tuple[Hex, ...] = (
    Hex(1, 0),
    Hex(1, -1),
    Hex(0, -1),
    Hex(-1, 0),
    Hex(-1, 1),
    Hex(0, 1),
)
"""The six neighbour offsets, counter-clockwise on paper starting east."""

AXES: tuple[Hex, Hex, Hex] = (Hex(1, 0), Hex(0, 1), Hex(1, -1))
"""One direction per line through a hexagon: E-W, SE-NW, NE-SW."""


def neighbours(h: tuple[int, int]) -> tuple[Hex, ...]:
    """The six hexagons sharing an edge with ``h``."""
    q, r = h
    return tuple(Hex(q + dq, r + dr) for dq, dr in DIRECTIONS)


def distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Steps between two hexagons."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return max(abs(dq), abs(dr), abs(dq + dr))


def hexagon_region(a: int, b: int, c: int) -> frozenset[Hex]:
    """A convex hexagon of cells whose sides hold a, b, c, a, b, c cells, clockwise from the top.

    It has ``a*b + b*c + c*a - a - b - c + 1`` cells; (6, 6, 7) gives the 102 cavities
    of the Tripitz board.  The region is translated so that the average of its cell
    centres is as close to the origin as the lattice allows.
    """
    if min(a, b, c) < 1:
        raise ValueError(f"hexagon sides must be at least 1, got {a}, {b}, {c}")
    # Top row r = 0 holds q = 0..a-1; the upper-right side keeps q <= a-1 for b rows, the
    # lower-right side keeps s >= -(a+b-2); on the left, s <= 0 for c rows, then q >= -(c-1).
    cells = {
        Hex(q, r)
        for r in range(b + c - 1)
        for q in range(-(c - 1), a)
        if -(a + b - 2) <= -q - r <= 0
    }
    return _centre(cells)


def _centre(cells: set[Hex]) -> frozenset[Hex]:
    """Translate cells so their centroid is nearest the origin (ties broken towards +q, +r)."""
    n = len(cells)
    sq = sum(h.q for h in cells)
    sr = sum(h.r for h in cells)
    best = None
    for dq in range(-(sq // n) - 2, -(sq // n) + 3):
        for dr in range(-(sr // n) - 2, -(sr // n) + 3):
            # Squared distance in units where the hex metric is Euclidean (times 4n^2/3).
            x = 2 * (sq + n * dq) + (sr + n * dr)
            y = sr + n * dr
            key = (x * x + 3 * y * y, -dq, -dr)
            if best is None or key < best[0]:
                best = (key, dq, dr)
    assert best is not None
    _, dq, dr = best
    return frozenset(Hex(h.q + dq, h.r + dr) for h in cells)


def region_side_lengths(cells: Iterable[tuple[int, int]]) -> tuple[int, ...]:
    """Cells on each side of a convex hexagonal region, clockwise from the top row."""
    cells = {Hex(*h) for h in cells}
    qs = [h.q for h in cells]
    rs = [h.r for h in cells]
    ss = [h.s for h in cells]
    sides = []
    for coord, extreme in ((rs, min), (qs, max), (ss, min), (rs, max), (qs, min), (ss, max)):
        value = extreme(coord)
        sides.append(sum(1 for v in coord if v == value))
    return tuple(sides)


def boundary_ring(cells: Iterable[tuple[int, int]]) -> frozenset[Hex]:
    """The cells of a region with fewer than six neighbours inside it."""
    cells = {Hex(*h) for h in cells}
    return frozenset(h for h in cells if any(n not in cells for n in neighbours(h)))


def triangle_region(n: int) -> frozenset[Hex]:
    """A triangle of hexagons with ``n`` cells a side, apex (0, 0) at the top.

    Row ``r`` (0..n-1) holds the ``r + 1`` cells ``q = -r..0``, centred under the apex.
    """
    return frozenset(Hex(q, r) for r in range(n) for q in range(-r, 1))


# -- exact corners -------------------------------------------------------------------------

Unit = tuple[int, int]
"""A point in *hex units*: x counts half the width across the flats, y a sixth of the
height from corner to corner, so every hexagon centre and corner has integer units."""

_CORNER_OFFSETS: tuple[Unit, ...] = ((0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1))


def unit_centre(h: tuple[int, int]) -> Unit:
    """The centre of pointy-top hexagon ``h`` in hex units."""
    q, r = h
    return 2 * q + r, 3 * r


def hex_corners(h: tuple[int, int]) -> tuple[Unit, ...]:
    """The six corners of hexagon ``h`` in hex units, clockwise from the top."""
    x, y = unit_centre(h)
    return tuple((x + dx, y + dy) for dx, dy in _CORNER_OFFSETS)


def hex_edges(h: tuple[int, int]) -> list[tuple[Unit, Unit]]:
    """The six edges of hexagon ``h``, each as a sorted pair of corners."""
    c = hex_corners(h)
    return [tuple(sorted((c[i], c[(i + 1) % 6]))) for i in range(6)]  # type: ignore[misc]


def unique_edges(cells: Iterable[tuple[int, int]]) -> tuple[set, set]:
    """All edges of some hexagons, and those on the boundary of their union (used once)."""
    count: dict = {}
    for h in cells:
        for e in hex_edges(h):
            count[e] = count.get(e, 0) + 1
    return set(count), {e for e, k in count.items() if k == 1}
