"""The triangular lattice: symmetries, neighbours, vertices, the board and outlines."""

from __future__ import annotations

from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from printkit.geometry.tri import (
    SYMMETRIES,
    Cell,
    board_corners,
    canonical,
    cell_from_vertices,
    edge_neighbours,
    edges,
    is_connected,
    is_up,
    normalise,
    outline,
    rotate_about_board_centre,
    transform,
    triangle_board,
    vertex_neighbours,
    vertices,
)

PATCH = [Cell(r, c) for r in range(-4, 5) for c in range(-6, 7)]

cells_st = st.builds(Cell, st.integers(-20, 20), st.integers(-20, 20))
shapes_st = st.frozensets(cells_st, min_size=1, max_size=8)


def _image(k: int) -> tuple[Cell, ...]:
    return tuple(next(iter(transform([c], k))) for c in PATCH)


def test_twelve_distinct_symmetries():
    images = {_image(k) for k in range(12)}
    assert len(SYMMETRIES) == 12
    assert len(images) == 12


def test_symmetries_are_bijections_on_cells():
    for k in range(12):
        image = transform(PATCH, k)
        assert len(image) == len(PATCH)


def test_symmetries_form_a_group():
    maps = [dict(zip(PATCH, _image(k), strict=True)) for k in range(12)]
    big = [Cell(r, c) for r in range(-12, 13) for c in range(-16, 17)]
    full = [
        dict(zip(big, (next(iter(transform([x], k))) for x in big), strict=True)) for k in range(12)
    ]
    as_tuples = {tuple(m[c] for c in PATCH) for m in maps}
    identity = tuple(PATCH)
    assert identity in as_tuples
    for a, b in product(range(12), repeat=2):
        composed = tuple(full[a][maps[b][c]] for c in PATCH)
        assert composed in as_tuples, (a, b)  # closed under composition
    for a in range(12):  # every element has an inverse
        assert any(tuple(full[b][maps[a][c]] for c in PATCH) == identity for b in range(12))


def test_a_symmetry_maps_each_cell_onto_the_cell_its_corners_map_to():
    """``transform`` maps corner sums; mapped corner by corner (each vertex through the
    symmetry's oblique coordinates), every cell of a wide patch lands on the same cell."""
    big = [Cell(r, c) for r in range(-12, 13) for c in range(-16, 17)]
    for k, sym in enumerate(SYMMETRIES):
        for cell in big:
            corners = []
            for row, col in vertices(cell):
                i, j = sym((col - row) // 2, row)
                corners.append((j, 2 * i + j))
            assert transform([cell], k) == {cell_from_vertices(corners)}, (k, cell)


def test_symmetries_preserve_edge_adjacency_and_orientation_pattern():
    for k in range(12):
        for cell in PATCH:
            image = next(iter(transform([cell], k)))
            nbrs = {next(iter(transform([n], k))) for n in edge_neighbours(cell)}
            assert nbrs == set(edge_neighbours(image))
            vnbrs = {next(iter(transform([n], k))) for n in vertex_neighbours(cell)}
            assert vnbrs == set(vertex_neighbours(image))


@given(shapes_st, st.integers(0, 11), st.integers(-10, 10), st.integers(-10, 10))
def test_canonical_is_invariant(shape, k, dr, dc):
    dc += (dr + dc) % 2  # translations keep orientation
    moved = {Cell(r + dr, c + dc) for r, c in transform(shape, k)}
    assert canonical(moved) == canonical(shape)
    assert canonical(canonical(shape)) == canonical(shape)


@given(shapes_st)
def test_normalise_puts_shape_at_origin_and_keeps_orientation(shape):
    norm = normalise(shape)
    assert min(r for r, _ in norm) == 0
    assert min(c for _, c in norm) in (0, 1)
    # A translation: the same differences between cells, the same orientations in order.
    a, b = sorted(shape), sorted(norm)
    assert {(x.r - a[0].r, x.c - a[0].c) for x in a} == {(y.r - b[0].r, y.c - b[0].c) for y in b}
    assert [is_up(x) for x in a] == [is_up(y) for y in b]


@given(cells_st)
def test_neighbour_counts(cell):
    e, v = edge_neighbours(cell), vertex_neighbours(cell)
    assert len(set(e)) == 3 and len(set(v)) == 9
    assert not set(e) & set(v) and cell not in e and cell not in v
    mine = set(vertices(cell))
    for n in e:
        assert is_up(n) != is_up(cell)
        assert len(mine & set(vertices(n))) == 2
    for n in v:
        assert len(mine & set(vertices(n))) == 1
    # and no other cell nearby shares a vertex
    others = {Cell(cell.r + dr, cell.c + dc) for dr in range(-3, 4) for dc in range(-5, 6)}
    sharing = {n for n in others - {cell} if mine & set(vertices(n))}
    assert sharing == set(e) | set(v)


@given(cells_st)
def test_cell_from_vertices_inverts_vertices(cell):
    vs = vertices(cell)
    assert cell_from_vertices(vs) == cell
    assert cell_from_vertices(reversed(vs)) == cell
    assert all((v.row + v.col) % 2 == 0 for v in vs)
    assert len(set(edges(cell))) == 3


def test_cell_from_vertices_rejects_wrong_count():
    with pytest.raises(ValueError, match="three corners"):
        cell_from_vertices([(0, 0), (1, 1)])


def test_triangle_board():
    board = triangle_board(19)
    assert len(board) == 361 == 19**2
    assert is_connected(board)
    ups = sum(is_up(c) for c in board)
    assert ups == 19 * 20 // 2 and len(board) - ups == 18 * 19 // 2
    for corner in board_corners(19):
        assert corner in board and is_up(corner)
        assert sum(n in board for n in edge_neighbours(corner)) == 1


@pytest.mark.parametrize("n", [2, 3, 4, 7, 19])
def test_rotation_about_board_centre(n):
    board = triangle_board(n)
    rot = {c: rotate_about_board_centre(c, n) for c in board}
    assert set(rot.values()) == board  # maps the board onto itself, one to one
    for c in board:
        assert rotate_about_board_centre(c, n, 3) == c
        assert rotate_about_board_centre(c, n, 2) == rot[rot[c]]
    apex, left, right = board_corners(n)
    assert rot[apex] == right and rot[right] == left and rot[left] == apex
    fixed = [c for c in board if rot[c] == c]
    assert len(fixed) == n * n % 3  # the centre is a cell only when 3 does not divide n
    # edge adjacency is kept
    for c in board:
        for nb in edge_neighbours(c):
            if nb in board:
                assert rot[nb] in edge_neighbours(rot[c])


def test_board_19_centre_is_12_0():
    fixed = [c for c in triangle_board(19) if rotate_about_board_centre(c, 19) == c]
    assert fixed == [Cell(12, 0)]


def _area2(loop):
    """Twice the signed area in units where an up triangle has area 1 (x = col, y = row)."""
    s = 0
    for k in range(len(loop)):
        (r0, c0), (r1, c1) = loop[k], loop[(k + 1) % len(loop)]
        s += c0 * r1 - c1 * r0
    return s


def test_outline_of_single_cell_and_board():
    (loop,) = outline([Cell(0, 0)])
    assert sorted(loop) == sorted(vertices(Cell(0, 0)))
    (loop,) = outline(triangle_board(5))
    assert sorted(loop) == sorted([(0, 0), (5, -5), (5, 5)])


def test_outline_of_hexagon_and_strip():
    hexagon = [Cell(0, 0), Cell(0, 1), Cell(0, 2), Cell(1, 0), Cell(1, 1), Cell(1, 2)]
    (loop,) = outline(hexagon)
    assert len(loop) == 6
    strip = [Cell(0, c) for c in range(4)]  # a parallelogram
    (loop,) = outline(strip)
    assert len(loop) == 4


def test_outline_area_matches_cell_count():
    for shape in ([Cell(0, 0)], [Cell(0, 0), Cell(0, 1)], list(triangle_board(6))):
        loops = outline(shape)
        total = sum(abs(_area2(loop)) for loop in loops)
        assert total == 2 * len(shape)  # |cross| of a unit triangle in (row, col) units is 2


def test_outline_of_ring_has_a_hole():
    ring = set(triangle_board(5)) - {Cell(3, 0)}  # remove an inner up cell
    loops = outline(ring)
    assert len(loops) == 2
    assert sorted(len(loop) for loop in loops) == [3, 3]
