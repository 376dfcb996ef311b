"""The TriPakus board sections: proof from the geometry that three turned copies tile the board."""

from itertools import combinations

import pytest

from printkit.geometry.hexgrid import AXES, Hex, hexagon_region, neighbours
from printkit.geometry.tri import (
    board_corners,
    edge_neighbours,
    is_connected,
    rotate_about_board_centre,
    triangle_board,
    vertices,
)
from printkit.layout.sections import triangle_sections, two_halves


def _is_one_row(cells: frozenset) -> bool:
    """True if the cells lie in one straight row of triangles (one lattice direction)."""
    # A straight row is a path of edge-adjacent cells whose vertices lie on two parallel lines:
    # some lattice axis takes only two values on their corners.
    corners = {v for c in cells for v in vertices(c)}
    axes = (
        {row for row, _ in corners},
        {(col - row) // 2 for row, col in corners},
        {(col + row) // 2 for row, col in corners},
    )
    return any(len(values) == 2 for values in axes) and is_connected(cells)


@pytest.mark.parametrize("n", [4, 7, 10, 13, 16, 19])
def test_three_copies_cover_the_board_exactly(n):
    plan = triangle_sections(n)
    board = triangle_board(n)
    assert plan.copies == 3
    union = plan.copy(0) | plan.copy(1) | plan.copy(2)
    assert union == board
    # Each copy is the previous one turned by 120 degrees about the board's centre.
    for k in range(3):
        turned = frozenset(rotate_about_board_centre(c, n) for c in plan.copy(k))
        assert turned == plan.copy((k + 1) % 3)


@pytest.mark.parametrize("n", [7, 10, 19])
def test_each_seam_overlaps_by_exactly_one_row(n):
    plan = triangle_sections(n)
    centre = rotate_about_board_centre((2 * (n - 1) // 3, 0), n)
    for (i, j), shared in plan.overlaps().items():
        assert _is_one_row(shared), (i, j, sorted(shared))
        # One row from the central cell to the edge of the board: (n + 2) // 3 * 2 - 1 cells.
        assert len(shared) == 2 * (n - 1) // 3 + 1
        assert centre in shared
    common = plan.copy(0) & plan.copy(1) & plan.copy(2)
    assert common == {centre} == plan.shared_by_all
    # Apart from the centre, every cell lies in one or two copies; the counts add up.
    total = sum(len(plan.copy(k)) for k in range(3))
    overlap_cells = sum(len(s) for s in plan.overlaps().values())
    assert total - overlap_cells + 1 == n * n


def test_side_19_sections_have_133_cells_and_one_corner_each():
    plan = triangle_sections(19)
    assert len(plan.section) == 133
    assert is_connected(plan.section)
    for k in range(3):
        corners = [c for c in board_corners(19) if c in plan.copy(k)]
        assert len(corners) == 1
    assert {c for k in range(3) for c in board_corners(19) if c in plan.copy(k)} == set(
        board_corners(19)
    )


def test_glue_strip_is_covered_by_the_next_copy_and_top_strip_lies_on_the_previous():
    plan = triangle_sections(19)
    assert plan.glue == plan.section & plan.copy(1)
    assert plan.top | (plan.section & plan.copy(2)) == plan.section & plan.copy(2)
    assert not plan.glue & plan.top
    # The glue strip runs along the print's edge: without it the print is still one piece.
    assert is_connected(plan.section - plan.glue)
    assert any(n not in plan.section for c in plan.glue for n in edge_neighbours(c))


def test_boards_without_a_central_cell_are_refused():
    for n in (5, 6, 8, 18, 20):
        with pytest.raises(ValueError, match="central cell"):
            triangle_sections(n)


def test_pairs_of_copies_meet_along_distinct_seams():
    plan = triangle_sections(19)
    seams = list(plan.overlaps().values())
    for a, b in combinations(seams, 2):
        assert len(a & b) == 1


# --- two halves on the hexagonal lattice (the Tripitz board) -----------------------------------


def _hex_half_turn(cells):
    n = len(cells)
    q0, r0 = 2 * sum(h.q for h in cells) // n, 2 * sum(h.r for h in cells) // n
    return lambda h: Hex(q0 - h.q, r0 - h.r)


@pytest.mark.parametrize("sides", [(6, 6, 7), (5, 5, 6), (4, 6, 4)])
def test_two_halves_of_a_hexagon_cover_it_and_overlap_along_the_seam(sides):
    board = hexagon_region(*sides)
    turn = _hex_half_turn(board)
    # A seam: a full line of cells, along some axis, that the half turn keeps in place.
    lines = []
    for a in AXES:
        for h in board:
            line = frozenset(c for c in board if (c.q - h.q) * a.r - (c.r - h.r) * a.q == 0)
            if frozenset(map(turn, line)) == line:
                lines.append(line)
    assert lines
    plan = two_halves(board, lines[0], turn, neighbours)
    assert plan.copies == 2 and plan.covers_board()
    assert plan.copy(1) == frozenset(map(turn, plan.copy(0)))
    assert plan.copy(0) & plan.copy(1) == lines[0]
    assert len(plan.copy(0)) == (len(board) + len(lines[0])) // 2
    # Two copies meet along one seam: copy 0 carries the glue, copy 1 lies on it, none trimmed.
    assert plan.glue_of(0) == lines[0] == plan.top_of(1)
    assert not plan.glue_of(1) and not plan.top_of(0)
    assert plan.next_copy(1) is None and plan.previous_copy(0) is None
    assert plan.shared_by_all == frozenset()


def test_three_copies_close_a_ring_and_trim_the_centre():
    plan = triangle_sections(19)
    assert plan.cyclic and plan.next_copy(2) == 0 and plan.previous_copy(0) == 2
    for k in range(3):
        # Each copy's glue is covered by the next copy; its top lies on the previous one's glue.
        assert plan.glue_of(k) == plan.copy(k) & plan.copy((k + 1) % 3)
        assert plan.top_of(k) <= plan.glue_of((k - 1) % 3)
    assert len(plan.shared_by_all) == 1


def test_two_halves_refuse_a_bad_turn_or_seam():
    board = hexagon_region(6, 6, 7)
    turn = _hex_half_turn(board)
    with pytest.raises(ValueError, match="half turn"):
        two_halves(board, frozenset(), lambda h: Hex(h.q + 1, h.r), neighbours)
    row = frozenset(h for h in board if h.r == min(c.r for c in board))
    with pytest.raises(ValueError, match="moves the seam"):
        two_halves(board, row, turn, neighbours)
