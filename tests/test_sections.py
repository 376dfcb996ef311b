"""The TriPakus board sections: proof from the geometry that three turned copies tile the board."""

from itertools import combinations

import pytest

from printkit.geometry.tri import (
    board_corners,
    edge_neighbours,
    is_connected,
    rotate_about_board_centre,
    triangle_board,
)
from printkit.layout.sections import tripakus_sections


def _is_one_row(cells: frozenset) -> bool:
    """True if the cells lie in one straight row of triangles (one lattice direction)."""
    # A straight row is a path of edge-adjacent cells whose vertices lie on two parallel lines:
    # some lattice axis takes only two values on their corners.
    from printkit.geometry.tri import vertices

    corners = {v for c in cells for v in vertices(c)}
    axes = (
        {row for row, _ in corners},
        {(col - row) // 2 for row, col in corners},
        {(col + row) // 2 for row, col in corners},
    )
    return any(len(values) == 2 for values in axes) and is_connected(cells)


@pytest.mark.parametrize("n", [4, 7, 10, 13, 16, 19])
def test_three_copies_cover_the_board_exactly(n):
    plan = tripakus_sections(n)
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
    plan = tripakus_sections(n)
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
    plan = tripakus_sections(19)
    assert len(plan.section) == 133
    assert is_connected(plan.section)
    for k in range(3):
        corners = [c for c in board_corners(19) if c in plan.copy(k)]
        assert len(corners) == 1
    assert {c for k in range(3) for c in board_corners(19) if c in plan.copy(k)} == set(
        board_corners(19))


def test_glue_strip_is_covered_by_the_next_copy_and_top_strip_lies_on_the_previous():
    plan = tripakus_sections(19)
    assert plan.glue == plan.section & plan.copy(1)
    assert plan.top | (plan.section & plan.copy(2)) == plan.section & plan.copy(2)
    assert not plan.glue & plan.top
    # The glue strip runs along the print's edge: without it the print is still one piece.
    assert is_connected(plan.section - plan.glue)
    assert any(n not in plan.section for c in plan.glue for n in edge_neighbours(c))


def test_boards_without_a_central_cell_are_refused():
    for n in (5, 6, 8, 18, 20):
        with pytest.raises(ValueError, match="central cell"):
            tripakus_sections(n)


def test_pairs_of_copies_meet_along_distinct_seams():
    plan = tripakus_sections(19)
    seams = list(plan.overlaps().values())
    for a, b in combinations(seams, 2):
        assert len(a & b) == 1
