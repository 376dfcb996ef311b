"""The triangular lattice with exact integer coordinates.

A cell is ``(r, c)``: row ``r`` from the top, column ``c``; it points up when
``r + c`` is even.  A vertex is ``(row, col)`` where ``row`` is the grid line
counted from the top and ``col`` counts half-sides from the x origin, so that
``row + col`` is always even.  Cell ``(r, c)`` pointing up has the vertices
``(r, c)``, ``(r+1, c-1)``, ``(r+1, c+1)``; pointing down, ``(r, c-1)``,
``(r, c+1)``, ``(r+1, c)``.  In millimetres a vertex sits at
``x = col * side / 2``, ``y = row * side * sqrt(3) / 2`` (y grows downwards).

Everything here is integer arithmetic; floats appear only in drawing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import NamedTuple

from printkit.geometry.graph import component

__all__ = [
    "Cell",
    "Vertex",
    "Edge",
    "Shape",
    "is_up",
    "vertices",
    "edges",
    "cell_from_vertices",
    "edge_neighbours",
    "edge_ring",
    "vertex_neighbours",
    "touching",
    "SYMMETRIES",
    "transform",
    "normalise",
    "canonical",
    "is_connected",
    "triangle_board",
    "board_corners",
    "rotate_about_board_centre",
    "outline",
    "boundary_edges",
    "straight_runs",
]


class Cell(NamedTuple):
    """A unit triangle of the lattice."""

    r: int
    c: int

    def __str__(self) -> str:
        return f"({self.r},{self.c})"


class Vertex(NamedTuple):
    """A lattice point; ``col`` is in half-sides, ``row + col`` is even."""

    row: int
    col: int


Edge = tuple[Vertex, Vertex]
"""A unit edge: its two vertices, sorted."""

Shape = frozenset[Cell]


def is_up(cell: tuple[int, int]) -> bool:
    """True if the cell points up."""
    return (cell[0] + cell[1]) % 2 == 0


def vertices(cell: tuple[int, int]) -> tuple[Vertex, Vertex, Vertex]:
    """The three corners of a cell (apex first for an up cell, bottom last for a down cell)."""
    r, c = cell
    if (r + c) % 2 == 0:
        return Vertex(r, c), Vertex(r + 1, c - 1), Vertex(r + 1, c + 1)
    return Vertex(r, c - 1), Vertex(r, c + 1), Vertex(r + 1, c)


def edges(cell: tuple[int, int]) -> tuple[Edge, Edge, Edge]:
    """The three unit edges of a cell, each as a sorted pair of vertices."""
    a, b, c = vertices(cell)
    return tuple(tuple(sorted(pair)) for pair in ((a, b), (b, c), (a, c)))  # type: ignore[return-value]


def cell_from_vertices(corners: Iterable[tuple[int, int]]) -> Cell:
    """The cell whose three corners are given (in any order)."""
    vs = sorted(corners)
    if len(vs) != 3:
        raise ValueError(f"a cell has three corners, got {len(vs)}")
    top = vs[0][0]
    if vs[1][0] == top:  # two corners on the upper line: a down cell
        return Cell(top, (vs[0][1] + vs[1][1]) // 2)
    return Cell(top, vs[0][1])


def edge_neighbours(cell: tuple[int, int]) -> tuple[Cell, Cell, Cell]:
    """The three cells sharing an edge with ``cell``."""
    r, c = cell
    if (r + c) % 2 == 0:
        return Cell(r, c - 1), Cell(r, c + 1), Cell(r + 1, c)
    return Cell(r, c - 1), Cell(r, c + 1), Cell(r - 1, c)


def edge_ring(cells: Iterable[tuple[int, int]]) -> set[Cell]:
    """The cells sharing an edge with any of ``cells`` (those of ``cells`` that share one
    with another included)."""
    return {n for c in cells for n in edge_neighbours(c)}


def vertex_neighbours(cell: tuple[int, int]) -> tuple[Cell, ...]:
    """The nine cells sharing a corner but no edge with ``cell``."""
    r, c = cell
    if (r + c) % 2 == 0:
        offsets = ((-1, -1), (-1, 0), (-1, 1), (0, -2), (0, 2), (1, -2), (1, -1), (1, 1), (1, 2))
    else:
        offsets = ((1, -1), (1, 0), (1, 1), (0, -2), (0, 2), (-1, -2), (-1, -1), (-1, 1), (-1, 2))
    return tuple(Cell(r + dr, c + dc) for dr, dc in offsets)


def touching(cell: tuple[int, int]) -> tuple[Cell, ...]:
    """All twelve cells sharing at least a corner with ``cell``."""
    return edge_neighbours(cell) + vertex_neighbours(cell)


# The 12 symmetries act on vertices through oblique lattice coordinates
# (i, j) = ((col - row) / 2, row): e1 = (i+1) is one side to the right,
# e2 = (j+1) is one row down and half a side to the right.


def _rot60(i: int, j: int) -> tuple[int, int]:
    return -j, i + j


def _mirror(i: int, j: int) -> tuple[int, int]:
    # Reflection in the vertical line through the origin.
    return -i - j, j


def _make_symmetry(turns: int, mirrored: bool) -> Callable[[int, int], tuple[int, int]]:
    def apply(i: int, j: int) -> tuple[int, int]:
        if mirrored:
            i, j = _mirror(i, j)
        for _ in range(turns):
            i, j = _rot60(i, j)
        return i, j

    apply.__name__ = f"{'mirror-' if mirrored else ''}rot{60 * turns}"
    return apply


SYMMETRIES: tuple[Callable[[int, int], tuple[int, int]], ...] = tuple(
    _make_symmetry(t, m) for m in (False, True) for t in range(6)
)
"""The 12 symmetries of the lattice about the origin vertex: six rotations, then six reflections."""


def _corner_sum(cell: tuple[int, int]) -> tuple[int, int]:
    """The sum of a cell's three corners in oblique coordinates (i, j): three times its
    centre, an integer pair unique to the cell, which the symmetries map linearly."""
    r, c = cell
    rest = 2 if (r + c) % 2 == 0 else 1  # pointing up, or down
    return (3 * (c - r) - rest) // 2, 3 * r + rest


def _cell_of_corner_sum(i: int, j: int) -> Cell:
    """The cell whose corners sum to (i, j) (``_corner_sum`` undone): j is 2 more than a
    multiple of 3 for a cell pointing up, 1 more for one pointing down."""
    r, kind = divmod(j, 3)
    return Cell(r, r + (2 * i + kind) // 3)


_LINEAR = tuple((sym(1, 0), sym(0, 1)) for sym in SYMMETRIES)
"""Each symmetry as the images of the oblique unit vectors: the symmetries are linear."""


def transform(cells: Iterable[tuple[int, int]], index: int) -> Shape:
    """Apply symmetry ``SYMMETRIES[index]`` (about the origin vertex) to a set of cells:
    each cell's corners map to the corners of its image, so their sum maps to theirs."""
    (a, c), (b, d) = _LINEAR[index]
    return frozenset(
        _cell_of_corner_sum(a * i + b * j, c * i + d * j) for i, j in map(_corner_sum, cells)
    )


def normalise(cells: Iterable[tuple[int, int]]) -> Shape:
    """Translate a shape (cells keep their orientation) to top row 0 and least column 0 or 1."""
    cells = list(cells)
    dr = -min(r for r, _ in cells)
    dc = -min(c for _, c in cells)
    if (dr + dc) % 2:
        dc += 1
    return frozenset(Cell(r + dr, c + dc) for r, c in cells)


def canonical(cells: Iterable[tuple[int, int]]) -> tuple[Cell, ...]:
    """The canonical form of a free shape: its least sorted normalised image of the 12."""
    return _canonical_of(normalise(cells))


@lru_cache(maxsize=8192)
def _canonical_of(cells: Shape) -> tuple[Cell, ...]:
    """``canonical`` of a normalised shape (a translation leaves the form unchanged, so
    each shape is worked out once however often it turns up on a board)."""
    return min(tuple(sorted(normalise(transform(cells, k)))) for k in range(12))


def is_connected(cells: Iterable[tuple[int, int]]) -> bool:
    """True if the cells form one piece through shared edges."""
    cells = set(cells)
    if not cells:
        return False
    return len(component(cells, next(iter(cells)), edge_neighbours)) == len(cells)


def triangle_board(n: int) -> Shape:
    """The triangular board of side ``n``: rows 0..n-1, row r holding columns -r..r."""
    return frozenset(Cell(r, c) for r in range(n) for c in range(-r, r + 1))


def board_corners(n: int) -> tuple[Cell, Cell, Cell]:
    """The three corner cells of the side-``n`` board: apex, bottom left, bottom right."""
    return Cell(0, 0), Cell(n - 1, -(n - 1)), Cell(n - 1, n - 1)


def rotate_about_board_centre(cell: tuple[int, int], n: int, turns: int = 1) -> Cell:
    """Rotate a cell by ``turns`` x 120 degrees about the centre of the side-``n`` board.

    The corners cycle apex -> bottom right -> bottom left -> apex.
    """
    # Board corners as vertices: apex (0, 0), bottom left (n, -n), bottom right (n, n).
    # In oblique coordinates: A = (0, 0), L = (-n, n), R = (0, n).  The rotation
    # A -> R -> L -> A is affine: (i, j) -> (-j, i + j) composed twice with a shift.
    cell = Cell(*cell)
    for _ in range(turns % 3):
        corners = []
        for row, col in vertices(cell):
            i, j = (col - row) // 2, row
            # 120 degree rotation about the origin (two 60 degree steps): (i, j) -> (-i - j, i)
            i2, j2 = -i - j, i
            # A (0,0) must go to R (0, n): shift by (0, n).
            corners.append(Vertex(j2 + n, 2 * i2 + j2 + n))
        cell = cell_from_vertices(corners)
    return cell


def outline(cells: Iterable[tuple[int, int]]) -> list[list[Vertex]]:
    """The boundary of a set of cells as closed vertex loops (edges used by exactly one cell).

    Each loop lists its corners in order, without repeating the first; straight runs are merged.
    """
    count: dict[Edge, int] = {}
    for cell in cells:
        for e in edges(cell):
            count[e] = count.get(e, 0) + 1
    boundary = [e for e, k in count.items() if k == 1]
    adjacent: dict[Vertex, list[Vertex]] = {}
    for a, b in boundary:
        adjacent.setdefault(a, []).append(b)
        adjacent.setdefault(b, []).append(a)
    unused = set(boundary)
    loops: list[list[Vertex]] = []
    for start_edge in sorted(boundary):
        if start_edge not in unused:
            continue
        unused.discard(start_edge)
        start, current = start_edge
        loop = [start]
        previous = start
        while current != start:
            loop.append(current)
            # At a pinch vertex (4 boundary edges) keep turning consistently: take the
            # first unused edge; loops stay closed either way.
            options = [v for v in adjacent[current] if tuple(sorted((current, v))) in unused]
            nxt = options[0] if options else start
            unused.discard(tuple(sorted((current, nxt))))  # type: ignore[arg-type]
            previous, current = current, nxt
        del previous
        loops.append(_merge_straight(loop))
    return loops


def _merge_straight(loop: list[Vertex]) -> list[Vertex]:
    """Drop corners that lie on a straight line between their neighbours."""
    out = []
    n = len(loop)
    for k in range(n):
        a, b, c = loop[k - 1], loop[k], loop[(k + 1) % n]
        cross = (b[1] - a[1]) * (c[0] - b[0]) - (b[0] - a[0]) * (c[1] - b[1])
        if cross != 0:
            out.append(b)
    return out


def boundary_edges(cells: Iterable[tuple[int, int]]) -> frozenset[Edge]:
    """The unit edges used by exactly one of the cells."""
    count: dict[Edge, int] = {}
    for cell in cells:
        for e in edges(cell):
            count[e] = count.get(e, 0) + 1
    return frozenset(e for e, k in count.items() if k == 1)


def straight_runs(unit_edges: Iterable[Edge]) -> list[Edge]:
    """Unit edges joined into maximal straight segments, each given by its two end vertices.

    Every unit edge lies in exactly one segment, so a segment list draws each edge once.
    """
    remaining = set(unit_edges)
    runs = []
    for a, b in sorted(remaining):
        if (a, b) not in remaining:
            continue
        dr, dc = b.row - a.row, b.col - a.col  # sorted edges of one line share a direction
        start = a
        while _unit(Vertex(start.row - dr, start.col - dc), start) in remaining:
            start = Vertex(start.row - dr, start.col - dc)
        end = start
        while (step := _unit(end, Vertex(end.row + dr, end.col + dc))) in remaining:
            remaining.discard(step)
            end = Vertex(end.row + dr, end.col + dc)
        runs.append((start, end))
    return sorted(runs)


def _unit(a: Vertex, b: Vertex) -> Edge:
    return (a, b) if a <= b else (b, a)
