"""Packing the 22 pieces edge to edge on the lattice, and the shared cut lines it gives."""

from __future__ import annotations

import pytest

from printkit.geometry.packing import pack_block, smallest_block
from printkit.geometry.tri import (
    Cell,
    boundary_edges,
    canonical,
    edges,
    straight_runs,
    triangle_board,
)
from printkit.polyiamond_games.pieces import PIECES

SHAPES = [p.orientations() for p in PIECES]


def _check_packing(rows, cols, placed):
    block = {Cell(r, c) for r in range(rows) for c in range(cols)}
    seen: set = set()
    for piece, cells in zip(PIECES, placed, strict=True):
        assert canonical(cells) == canonical(piece.cells), piece.name  # really that piece
        assert cells <= block and not cells & seen
        seen |= cells
    assert len(seen) == sum(p.order for p in PIECES) == 110


@pytest.mark.parametrize(("max_rows", "max_cols"), [(17, 20), (8, 14), (6, 30)])
def test_smallest_block_packs_every_piece_once(max_rows, max_cols):
    rows, cols, placed = smallest_block(SHAPES, max_rows, max_cols)
    assert rows <= max_rows and cols <= max_cols
    _check_packing(rows, cols, placed)


def test_the_pieces_tile_a_10_by_11_block_exactly():
    placed = pack_block(SHAPES, 10, 11)
    assert placed is not None
    _check_packing(10, 11, placed)


def test_too_small_a_block_is_refused():
    assert pack_block(SHAPES, 5, 21) is None  # 105 cells < 110
    assert smallest_block(SHAPES, 3, 3) is None


def test_straight_runs_cover_each_edge_once():
    cells = triangle_board(4)
    unit = boundary_edges(cells) | {e for c in cells for e in edges(c)}
    runs = straight_runs(unit)
    # Side 4: 3 directions x 4 lines of lengths 1..4 = 12 runs, 30 unit edges.
    assert len(runs) == 12 and len(unit) == 30
    assert sum(max(abs(b.row - a.row), abs(b.col - a.col) // 2) for a, b in runs) == 30


def test_shared_cut_lines_are_shorter_than_separate_outlines():
    placed = pack_block(SHAPES, 10, 11)
    shared = set().union(*(boundary_edges(cells) for cells in placed))
    separate = sum(len(boundary_edges(cells)) for cells in placed)
    # Every inner cut is shared by two pieces: the packed sheet cuts far less.
    assert len(shared) < 0.6 * separate
