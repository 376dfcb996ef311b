"""The polyiamond enumerator against OEIS and against a slow independent method."""

from __future__ import annotations

import pytest

from printkit.geometry.polyiamonds import (
    count_fixed,
    count_free,
    fixed_polyiamonds,
    free_polyiamonds,
)
from printkit.geometry.tri import (
    Cell,
    canonical,
    edge_neighbours,
    is_connected,
    normalise,
    transform,
)

A000577 = [1, 1, 1, 3, 4, 12, 24, 66, 160, 448, 1186, 3334, 9235, 26166]  # free
A001420 = [2, 3, 6, 14, 36, 94, 250, 675, 1838, 5053]  # fixed


def test_free_counts_match_oeis_a000577():
    assert count_free(12) == A000577[:12]


def test_fixed_counts_match_oeis_a001420():
    assert count_fixed(10) == A001420


@pytest.mark.parametrize("n", range(1, 9))
def test_free_polyiamonds_count_and_form(n):
    shapes = free_polyiamonds(n)
    assert len(shapes) == A000577[n - 1]
    assert shapes == sorted(shapes)
    assert len(set(shapes)) == len(shapes)
    for s in shapes:
        assert len(s) == n
        assert is_connected(s)
        assert canonical(s) == s


@pytest.mark.parametrize("n", range(1, 8))
def test_fixed_polyiamonds_are_distinct_normalised_and_connected(n):
    shapes = fixed_polyiamonds(n)
    assert len(shapes) == A001420[n - 1]
    assert len(set(shapes)) == len(shapes)
    for s in shapes:
        assert len(set(s)) == n
        assert is_connected(s)
        assert tuple(sorted(normalise(s))) == s


@pytest.mark.parametrize("n", range(1, 8))
def test_fixed_shapes_are_exactly_the_orientations_of_the_free_ones(n):
    orientations = {
        tuple(sorted(normalise(transform(s, k)))) for s in free_polyiamonds(n) for k in range(12)
    }
    assert orientations == set(fixed_polyiamonds(n))


def _grow_and_canonicalise(max_order: int) -> list[set[tuple[Cell, ...]]]:
    """The slow reference: add every neighbour cell to every shape, keep canonical forms."""
    levels = [{(Cell(0, 0),)}]
    while len(levels) < max_order:
        nxt = set()
        for shape in levels[-1]:
            cells = set(shape)
            for cell in shape:
                for nb in edge_neighbours(cell):
                    if nb not in cells:
                        nxt.add(canonical(cells | {nb}))
        levels.append(nxt)
    return levels


def test_slow_method_agrees_with_fast_one():
    slow = _grow_and_canonicalise(7)
    for n, shapes in enumerate(slow, start=1):
        assert sorted(shapes) == free_polyiamonds(n)
    assert [len(s) for s in slow] == count_free(7)


def test_free_count_equals_number_of_canonical_forms():
    assert [len(free_polyiamonds(n)) for n in range(1, 10)] == count_free(9)


def test_bad_order_is_rejected():
    for bad in (0, -3):
        with pytest.raises(ValueError, match="positive integer"):
            count_free(bad)
    with pytest.raises(ValueError, match="order"):
        free_polyiamonds(0)


def test_free_counts_stream_order_by_order_within_bounded_batches():
    from printkit.geometry.polyiamonds import BATCH, MAX_ORDER, iter_free_counts

    counts = iter_free_counts(MAX_ORDER)
    assert next(counts) == (1, 1)  # yielded before any larger order is searched
    assert next(counts) == (2, 1)
    assert list(iter_free_counts(14)) == list(enumerate(A000577, start=1))
    assert BATCH <= 1 << 16  # 12 images of a batch of order-16 shapes: a few tens of MB
