"""Packing polyiamonds edge to edge into a block of the triangular lattice.

Pieces packed this way share their cut lines.  The block is ``rows`` × ``cols`` cells
(row ``r`` holds cells ``(r, 0) … (r, cols-1)``); a backtracking search fills the
first free cell in reading order with some unused piece, or leaves it as waste while
the waste budget lasts.  Bigger pieces are tried first, so the search is fast and
always gives the same answer for the same input.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from printkit.geometry.tri import Cell

__all__ = ["pack_block", "smallest_block"]

Shape = Sequence[Sequence[Cell]]
"""A piece given as its fixed orientations, each a collection of cells."""


class _GaveUp(Exception):
    pass


def pack_block(
    pieces: Sequence[Shape], rows: int, cols: int, node_limit: int = 200_000
) -> list[frozenset[Cell]] | None:
    """Cells of each piece (in the given order) in a rows × cols block, or None.

    None when the pieces cannot fill the block with at most ``rows*cols - area`` waste
    cells, or when the search gives up after ``node_limit`` steps.
    """
    area = sum(len(next(iter(p))) for p in pieces)
    waste = rows * cols - area
    if waste < 0:
        return None
    reading = [Cell(r, c) for r in range(rows) for c in range(cols)]
    free = set(reading)
    anchored = [_anchored(p) for p in pieces]
    order = sorted(range(len(pieces)), key=lambda i: (-len(next(iter(pieces[i]))), i))
    placed: dict[int, list[Cell]] = {}
    steps = 0

    def first_free(start: int) -> int:
        while start < len(reading) and reading[start] not in free:
            start += 1
        return start

    def fill(at: int, waste_left: int) -> bool:
        nonlocal steps
        steps += 1
        if steps > node_limit:
            raise _GaveUp
        if len(placed) == len(pieces):
            return True
        at = first_free(at)
        if at == len(reading):
            return False
        r, c = reading[at]
        parity = (r + c) % 2
        for i in order:
            if i in placed:
                continue
            for anchor_parity, offsets in anchored[i]:
                if anchor_parity != parity:
                    continue
                cells = [(r + dr, c + dc) for dr, dc in offsets]  # plain tuples: hot loop
                if free.issuperset(cells):
                    free.difference_update(cells)
                    placed[i] = cells
                    if fill(at + 1, waste_left):
                        return True
                    del placed[i]
                    free.update(cells)
        if waste_left > 0:
            free.discard(reading[at])
            if fill(at + 1, waste_left - 1):
                return True
            free.add(reading[at])
        return False

    try:
        found = fill(0, waste)
    except _GaveUp:
        return None
    return (
        [frozenset(Cell(*cell) for cell in placed[i]) for i in range(len(pieces))]
        if found
        else None
    )


def _anchored(orientations: Shape) -> list[tuple[int, list[tuple[int, int]]]]:
    """Each orientation as (parity of its first cell, offsets from that cell)."""
    out = []
    for cells in orientations:
        ordered = sorted(cells)
        ar, ac = ordered[0]
        out.append(((ar + ac) % 2, [(r - ar, c - ac) for r, c in ordered]))
    return out


def smallest_block(
    pieces: Sequence[Shape], max_rows: int, max_cols: int
) -> tuple[int, int, list[frozenset[Cell]]] | None:
    """The least-waste block within the limits that the pieces fill: (rows, cols, cells).

    Blocks are tried by waste, then by how square they are; each search is bounded, so
    a block whose packing is hard to find is passed over for a slightly larger one.
    """
    area = sum(len(next(iter(p))) for p in pieces)
    blocks = sorted(
        ((r, c) for r in range(1, max_rows + 1) for c in range(1, max_cols + 1) if r * c >= area),
        key=lambda rc: (rc[0] * rc[1] - area, abs(rc[1] - 2 * rc[0]), rc),
    )
    frozen = tuple(tuple(frozenset(cells) for cells in p) for p in pieces)
    for rows, cols in blocks:
        cells = _bounded_pack(frozen, rows, cols)
        if cells is not None:
            return rows, cols, cells
    return None


@cache
def _bounded_pack(pieces: tuple, rows: int, cols: int) -> list[frozenset[Cell]] | None:
    """``pack_block`` with the bounded search ``smallest_block`` tries each block with,
    remembered: fitting a kit to its paper asks for the same blocks many times over."""
    return pack_block(pieces, rows, cols, node_limit=20_000)
