"""Boards too big for one sheet, printed as sections that overlap for glue.

A ``SectionPlan`` says which cells one section print holds and how its copies are
placed on the board (cell maps, the first being the identity).  The copies are laid in
order; where copy k+1 lies on copy k, copy k's cells there are its *glue strip*.  With
three or more copies the last one closes the ring by lying on the first, so a cell in
every copy would be covered cyclically: it is trimmed off all copies but one.  With two
copies there is a single seam and nothing to trim.  The plan is pure geometry over any
cell lattice (the neighbour function is passed in); kits draw it.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from itertools import combinations

from printkit.errors import LayoutError
from printkit.geometry.graph import component
from printkit.geometry.tri import (
    Cell,
    edge_neighbours,
    rotate_about_board_centre,
    triangle_board,
    vertices,
)

__all__ = ["SectionPlan", "triangle_sections", "hexagon_sections", "two_halves", "component"]

CellMap = Callable[[Hashable], Hashable]
Neighbours = Callable[[Hashable], Iterable[Hashable]]


def _identity(cell: Hashable) -> Hashable:
    return cell


@dataclass(frozen=True)
class SectionPlan:
    """One section print, copied ``len(maps)`` times onto ``board`` by the cell maps."""

    board: frozenset
    section: frozenset
    maps: tuple[CellMap, ...]

    def copy(self, k: int) -> frozenset:
        """The board cells covered by copy ``k``."""
        return frozenset(map(self.maps[k], self.section))

    @property
    def copies(self) -> int:
        return len(self.maps)

    @property
    def cyclic(self) -> bool:
        """True when the last copy closes a ring by lying on the first (3 or more copies)."""
        return self.copies >= 3

    def next_copy(self, k: int) -> int | None:
        """The copy laid on copy ``k``'s glue strip, if any."""
        if k + 1 < self.copies:
            return k + 1
        return 0 if self.cyclic else None

    def previous_copy(self, k: int) -> int | None:
        """The copy whose glue strip copy ``k`` lies on, if any."""
        if k > 0:
            return k - 1
        return self.copies - 1 if self.cyclic else None

    def glue_of(self, k: int) -> frozenset:
        """Board cells of copy ``k`` that the next copy covers (its glue strip)."""
        nxt = self.next_copy(k)
        return frozenset() if nxt is None else self.copy(k) & self.copy(nxt)

    def top_of(self, k: int) -> frozenset:
        """Board cells of copy ``k`` lying on the previous copy's glue strip (and not glue)."""
        prev = self.previous_copy(k)
        if prev is None:
            return frozenset()
        return (self.copy(k) & self.copy(prev)) - self.glue_of(k)

    @property
    def glue(self) -> frozenset:
        """Cells of the print that the next copy covers (copy 0's glue strip)."""
        return self.glue_of(0)

    @property
    def shared_by_all(self) -> frozenset:
        """Cells covered cyclically by every copy: trimmed off all copies but one.

        Only a ring of three or more copies has them; two copies meet along one seam.
        """
        if not self.cyclic:
            return frozenset()
        common = self.section
        for k in range(1, self.copies):
            common = common & self.copy(k)
        return common

    @property
    def top(self) -> frozenset:
        """Cells of the print that lie on the previous copy's glue strip (copy 0's)."""
        return self.top_of(0)

    def overlaps(self) -> dict[tuple[int, int], frozenset]:
        """The cells shared by each pair of copies."""
        return {(i, j): self.copy(i) & self.copy(j) for i, j in combinations(range(self.copies), 2)}

    def covers_board(self) -> bool:
        """True if the copies together cover exactly the board."""
        union: set = set()
        for k in range(self.copies):
            union |= self.copy(k)
        return union == set(self.board)


def triangle_sections(n: int) -> SectionPlan:
    """The side-``n`` triangle board as three copies of one section, turned by 120 degrees.

    The seams are straight rows of triangles running from the central cell to the
    middle of each side; each section holds one corner, the region next to it and the
    two seam rows bounding that region, so neighbouring copies overlap by exactly one
    row and the central cell lies in all three.
    """
    if n % 3 != 1 or n < 4:
        raise LayoutError(
            f"a board of side {n} has no central cell to print in sections: "
            "sides 4, 7, 10, ... 19 do"
        )
    board = triangle_board(n)
    centre_row = 2 * (n - 1) // 3
    seam = {Cell(centre_row, c) for c in range(0, centre_row + 1)}

    def turn(k: int) -> CellMap:
        return lambda cell: rotate_about_board_centre(cell, n, k)

    seams = [frozenset(map(turn(k), seam)) for k in range(3)]
    rest = set(board) - seams[0] - seams[1] - seams[2]
    # The region between seam 0 and seam 1 is the one touching both: grow it from a cell
    # just below seam 0's far end.
    region = component(rest, Cell(centre_row + 1, centre_row + 1), edge_neighbours)
    section = frozenset(region) | seams[0] | seams[1]
    return SectionPlan(board, section, (turn(0), turn(1), turn(2)))


def hexagon_sections(board: Iterable[Cell], n: int) -> SectionPlan:
    """The hexagon of edge ``n`` (the side-``3n`` triangle without its corners) as three
    copies of one rhombus, turned by 120 degrees about its centre.

    The seams run from the centre vertex to three alternate corners of the hexagon.  The
    section is the upper right rhombus (holding the whole top edge) and the straight row of
    triangles along its seam with the next copy, on which that copy is glued; the copies
    overlap by that one row and no cell lies in all three.
    """
    cells = frozenset(board)
    centre = 2 * n  # the centre vertex is (2n, 0)

    def in_rhombus(cell: Cell) -> bool:
        # Above the middle line and right of the line from the centre to the top left
        # corner, the vertices on which have col - row == -2n.
        return all(row <= centre and col - row >= -centre for row, col in vertices(cell))

    rhombus = frozenset(c for c in cells if in_rhombus(c))

    def turn(k: int) -> CellMap:
        return lambda cell: rotate_about_board_centre(cell, 3 * n, k)

    following = frozenset(map(turn(1), rhombus))
    seam = {v for c in rhombus for v in vertices(c)} & {v for c in following for v in vertices(c)}
    rows = {v[0] for v in seam}
    # The row of triangles along the seam: the cells of the next rhombus within one row's
    # distance of the seam line (a lattice line: constant row, col - row or col + row).
    if len(rows) == 1:
        form = lambda v: v[0]  # noqa: E731
    elif len({v[1] - v[0] for v in seam}) == 1:
        form = lambda v: (v[1] - v[0]) // 2  # noqa: E731
    else:
        form = lambda v: (v[1] + v[0]) // 2  # noqa: E731
    line = form(next(iter(seam)))
    strip = frozenset(c for c in following if all(abs(form(v) - line) <= 1 for v in vertices(c)))
    section = rhombus | strip
    return SectionPlan(cells, section, (turn(0), turn(1), turn(2)))


def two_halves(
    board: Iterable[Hashable], seam: Iterable[Hashable], turn: CellMap, neighbours: Neighbours
) -> SectionPlan:
    """A board as two copies of one half, swapped by ``turn``, overlapping along ``seam``.

    ``turn`` must map the board onto itself, be its own inverse (a half turn) and keep
    the seam in place; removing the seam must leave two parts that ``turn`` swaps.  The
    section is the part holding the smallest cell, plus the seam.
    """
    cells = frozenset(board)
    line = frozenset(seam)
    if not line <= cells:
        raise ValueError("the seam leaves the board")
    if frozenset(map(turn, cells)) != cells or any(turn(turn(c)) != c for c in cells):
        raise ValueError("the turn does not map the board onto itself as a half turn")
    if frozenset(map(turn, line)) != line:
        raise ValueError("the turn moves the seam")
    rest = set(cells - line)
    if not rest:
        raise ValueError("the seam covers the whole board")
    part = frozenset(component(rest, min(rest), neighbours))  # type: ignore[type-var]
    other = frozenset(map(turn, part))
    if part & other or part | other != rest:
        raise ValueError("the seam does not cut the board into two halves the turn swaps")
    return SectionPlan(cells, part | line, (_identity, turn))
