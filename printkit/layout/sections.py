"""Boards too big for one sheet, printed as identical sections that overlap for glue.

A ``SectionPlan`` says which cells one section print holds and how its copies are
placed on the board (cell maps, the first being the identity).  Where copy k+1 lies
on copy k, copy k's cells are its *glue strip*; a cell shared by every copy would
be covered cyclically, so it is trimmed off all copies but one.  The plan is pure
geometry over any cell lattice; kits draw it.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from itertools import combinations

from printkit.geometry.tri import Cell, rotate_about_board_centre, triangle_board

__all__ = ["SectionPlan", "tripakus_sections"]

CellMap = Callable[[Hashable], Hashable]


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
    def glue(self) -> frozenset:
        """Cells of the print that the next copy covers (marked "glue here")."""
        return self.section & self.copy(1)

    @property
    def shared_by_all(self) -> frozenset:
        """Cells every copy covers: trimmed off all copies but one."""
        common = self.section
        for k in range(1, self.copies):
            common = common & self.copy(k)
        return common

    @property
    def top(self) -> frozenset:
        """Cells of the print that lie on the previous copy's glue strip."""
        return (self.section & self.copy(self.copies - 1)) - self.glue

    def overlaps(self) -> dict[tuple[int, int], frozenset]:
        """The cells shared by each pair of copies."""
        return {(i, j): self.copy(i) & self.copy(j)
                for i, j in combinations(range(self.copies), 2)}

    def covers_board(self) -> bool:
        """True if the copies together cover exactly the board."""
        union: set = set()
        for k in range(self.copies):
            union |= self.copy(k)
        return union == set(self.board)


def tripakus_sections(n: int) -> SectionPlan:
    """The side-``n`` triangle board as three copies of one section, turned by 120 degrees.

    The seams are straight rows of triangles running from the central cell to the
    middle of each side; each section holds one corner, the region next to it and the
    two seam rows bounding that region, so neighbouring copies overlap by exactly one
    row and the central cell lies in all three.
    """
    if n % 3 != 1 or n < 4:
        raise ValueError(f"a board of side {n} has no central cell; sides 4, 7, 10, ... 19 do")
    board = triangle_board(n)
    centre_row = 2 * (n - 1) // 3
    seam = {Cell(centre_row, c) for c in range(0, centre_row + 1)}

    def turn(k: int) -> CellMap:
        return lambda cell: rotate_about_board_centre(cell, n, k)

    seams = [frozenset(map(turn(k), seam)) for k in range(3)]
    rest = set(board) - seams[0] - seams[1] - seams[2]
    # The region between seam 0 and seam 1 is the one touching both: grow it from a cell
    # just below seam 0's far end.
    region = _component(rest, Cell(centre_row + 1, centre_row + 1))
    section = frozenset(region) | seams[0] | seams[1]
    return SectionPlan(board, section, (turn(0), turn(1), turn(2)))


def _component(cells: set, start: Cell) -> set:
    from printkit.geometry.tri import edge_neighbours

    seen = {start}
    stack = [start]
    while stack:
        for nb in edge_neighbours(stack.pop()):
            if nb in cells and nb not in seen:
                seen.add(nb)
                stack.append(nb)
    return seen
