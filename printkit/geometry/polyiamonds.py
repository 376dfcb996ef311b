"""Enumeration of polyiamonds: fixed shapes by Redelmeier's method, free shapes by symmetry.

A *fixed* polyiamond is a set of edge-connected cells up to translation (translations of the
triangular lattice keep a cell's orientation, so a shape and its 180-degree turn differ).  A
*free* polyiamond is a fixed one up to the 12 lattice symmetries as well.

Redelmeier's method grows every fixed shape exactly once from an origin cell that is its least
cell in the order ``(r, c)``: cells before the origin are never added.  Because a translation
keeps orientation, the least cell of a shape is either an up cell or a down cell; the search
runs once from the up origin ``(0, 0)`` and once from the down origin ``(0, 1)``.

Free shapes come from the fixed ones by vectorised symmetry: each fixed shape is mapped by
all 12 symmetries at once (numpy), normalised and compared.  A free shape with stabiliser
``G`` has ``12 / |G|`` fixed forms, so the free count is the sum of ``|G| / 12`` over fixed
shapes, and the canonical form is the least of the 12 normalised images, exactly as
:func:`printkit.geometry.tri.canonical` picks it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import numpy as np

from printkit.errors import PrintkitError
from printkit.geometry.tri import SYMMETRIES, Cell

__all__ = [
    "MAX_ORDER",
    "fixed_polyiamonds",
    "free_polyiamonds",
    "count_fixed",
    "count_free",
    "iter_free_counts",
]

BATCH = 1 << 15
"""Fixed shapes counted at a time by :func:`iter_free_counts` (its memory bound)."""

MAX_ORDER = 16
"""The largest order ``printkit enumerate`` counts (order 16 takes about a minute)."""


def _grid(n: int) -> tuple[int, int, list[tuple[int, ...]]]:
    """Width, column offset and edge-neighbour lists of a grid big enough for order ``n``.

    A shape of ``n`` cells whose least cell is in row 0 spans fewer than ``n`` rows and
    ``n + 1`` columns either side of the origin, so nothing ever reaches the border.
    """
    off = n + 2
    width = 2 * off + 2
    rows = n + 1
    nbrs: list[tuple[int, ...]] = []
    for idx in range(rows * width):
        r, c = divmod(idx, width)
        c -= off
        if (r + c) % 2 == 0:
            cand = ((r, c - 1), (r, c + 1), (r + 1, c))
        else:
            cand = ((r, c - 1), (r, c + 1), (r - 1, c))
        nbrs.append(
            tuple(
                rr * width + cc + off for rr, cc in cand if 0 <= rr < rows and 0 <= cc + off < width
            )
        )
    return width, off, nbrs


def _search(
    origin: int, seen: bytearray, nbrs: list[tuple[int, ...]], out: list[list[tuple[int, ...]]]
) -> None:
    """Redelmeier's search from ``origin``, appending each shape found to ``out[order - 1]``.

    ``seen`` marks the cells that are in the shape, waiting in an untried list, or barred.
    """
    last = len(out) - 1

    def grow(untried: list[int], prefix: tuple[int, ...], depth: int) -> None:
        # ``depth`` cells are in ``prefix``; each cell taken from ``untried`` makes one
        # new shape of order depth + 1.  Popped cells stay marked, so that the later
        # siblings never take them again: this is what makes every shape unique.
        bucket = out[depth]
        if depth == last:
            bucket.extend([prefix + (cell,) for cell in untried])
            return
        while untried:
            cell = untried.pop()
            shape = prefix + (cell,)
            bucket.append(shape)
            new = [x for x in nbrs[cell] if not seen[x]]
            for x in new:
                seen[x] = 1
            grow(untried + new, shape, depth + 1)
            for x in new:
                seen[x] = 0

    grow([origin], (), 0)


def _search_order(
    origin: int,
    seen: bytearray,
    nbrs: list[tuple[int, ...]],
    order: int,
    sink: Callable[[list[tuple[int, ...]]], None],
) -> None:
    """Redelmeier's search from ``origin`` for the shapes of one ``order`` only, handed to
    ``sink`` in batches of at most :data:`BATCH` (so memory stays bounded)."""
    last = order - 1
    buffer: list[tuple[int, ...]] = []

    def grow(untried: list[int], prefix: tuple[int, ...], depth: int) -> None:
        if depth == last:
            buffer.extend([prefix + (cell,) for cell in untried])
            if len(buffer) >= BATCH:
                sink(buffer[:])
                buffer.clear()
            return
        while untried:
            cell = untried.pop()
            new = [x for x in nbrs[cell] if not seen[x]]
            for x in new:
                seen[x] = 1
            grow(untried + new, prefix + (cell,), depth + 1)
            for x in new:
                seen[x] = 0

    grow([origin], (), 0)
    if buffer:
        sink(buffer)


def _each_fixed(order: int, sink: Callable[[list[tuple[int, ...]]], None]) -> None:
    """Every fixed shape of ``order`` (as grid indices of :func:`_grid`), in batches to ``sink``."""
    _, off, nbrs = _grid(order)
    for origin_c in (0, 1):  # up origin, then down origin
        seen = bytearray(len(nbrs))
        for idx in range(off + origin_c + 1):
            seen[idx] = 1
        _search_order(off + origin_c, seen, nbrs, order, sink)


def _fixed_indices(max_order: int) -> tuple[list[list[tuple[int, ...]]], int, int]:
    """Every fixed shape of order 1..``max_order`` as a tuple of grid indices, by order.

    Returns ``(shapes, width, offset)`` with ``shapes[k]`` the shapes of order ``k + 1``;
    a cell index is ``r * width + c + offset``.
    """
    width, off, nbrs = _grid(max_order)
    out: list[list[tuple[int, ...]]] = [[] for _ in range(max_order)]
    for origin_c in (0, 1):  # up origin, then down origin
        seen = bytearray(len(nbrs))
        # Cells before the origin in the order (r, c) may never join: row 0 left of it.
        for idx in range(off + origin_c + 1):
            seen[idx] = 1
        _search(off + origin_c, seen, nbrs, out)
    return out, width, off


def _sym_matrices() -> list[tuple[int, int, int, int]]:
    """The 12 symmetries as integer matrices ``(a, b, c, d)`` on oblique coordinates."""
    mats = []
    for sym in SYMMETRIES:
        (a, c), (b, d) = sym(1, 0), sym(0, 1)  # the maps are linear: images of the basis
        mats.append((a, b, c, d))
    return mats


def _transform_rc(
    r: np.ndarray, c: np.ndarray, mat: tuple[int, int, int, int]
) -> tuple[np.ndarray, np.ndarray]:
    """Apply one lattice symmetry to arrays of cells, through three times their centroids.

    In oblique coordinates three times the centroid of cell (r, c) is
    ``I = (3 (c - r) - 2 + d) / 2``, ``J = 3 r + 2 - d`` with ``d`` = 1 for a down cell;
    a linear symmetry maps centroids to centroids, and ``J mod 3`` tells the orientation back.
    """
    down = (r + c) & 1
    i = (3 * (c - r) - 2 + down) // 2
    j = 3 * r + 2 - down
    a, b, cc, d = mat
    i2 = a * i + b * j
    j2 = cc * i + d * j
    r2 = j2 // 3
    down2 = (j2 - 3 * r2 == 1).astype(r.dtype)
    c2 = r2 + (2 * i2 + 2 - down2) // 3
    return r2, c2


def _normal_codes(r: np.ndarray, c: np.ndarray, code: np.ndarray, code_width: int) -> np.ndarray:
    """Rows of cells normalised as :func:`tri.normalise` does, encoded ``r * w + c``, sorted.

    ``code`` is ``r * code_width + c`` already; only the per-row shift is added.
    """
    dr = -r.min(axis=1, keepdims=True)
    dc = -c.min(axis=1, keepdims=True)
    dc += (dr + dc) & 1
    return np.sort(code + (dr * code_width + dc), axis=1)


def _images(shapes: list[tuple[int, ...]], width: int, off: int, order: int) -> list[np.ndarray]:
    """The normalised, sorted codes of all 12 images of every shape (identity first).

    The grid is small, so each symmetry is a lookup table from grid index to image cell.
    """
    arr = np.asarray(shapes, dtype=np.intp)
    grid = np.arange((order + 1) * width, dtype=np.int32)
    r, c = grid // width, grid % width - off
    code_width = 2 * order + 4
    images = []
    for m in _sym_matrices():
        tr, tc = _transform_rc(r, c, m)
        images.append(_normal_codes(tr[arr], tc[arr], (tr * code_width + tc)[arr], code_width))
    return images


def _decode(rows: np.ndarray, order: int) -> list[tuple[Cell, ...]]:
    code_width = 2 * order + 4
    return [tuple(Cell(int(v) // code_width, int(v) % code_width) for v in row) for row in rows]


def fixed_polyiamonds(n: int) -> list[tuple[Cell, ...]]:
    """The fixed polyiamonds of order ``n``: each normalised, as a sorted tuple; the list sorted."""
    _check_order(n)
    shapes, width, off = _fixed_indices(n)
    arr = np.asarray(shapes[n - 1], dtype=np.int64)
    r, c = arr // width, arr % width - off
    rows = _normal_codes(r, c, r * (2 * n + 4) + c, 2 * n + 4)
    return sorted(_decode(rows, n))


def count_fixed(max_order: int) -> list[int]:
    """The number of fixed polyiamonds of each order 1..``max_order`` (OEIS A001420)."""
    _check_order(max_order)
    counts = []
    for order in range(1, max_order + 1):
        seen = [0]
        _each_fixed(order, lambda batch, seen=seen: seen.__setitem__(0, seen[0] + len(batch)))
        counts.append(seen[0])
    return counts


def free_polyiamonds(n: int) -> list[tuple[Cell, ...]]:
    """One canonical form (as :func:`tri.canonical` gives it) per free polyiamond of order ``n``.

    Sorted.  A fixed shape is kept when it is the least of its own 12 normalised images.
    """
    _check_order(n)
    shapes, width, off = _fixed_indices(n)
    images = _images(shapes[n - 1], width, off, n)
    best = images[0]
    keep = np.ones(len(best), dtype=bool)
    for img in images[1:]:
        keep &= ~_lex_less(img, best)
    return sorted(_decode(best[keep], n))


def _lex_less(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Row-wise ``a < b`` in lexicographic order."""
    diff = a != b
    first = diff.argmax(axis=1)
    rows = np.arange(len(a))
    return diff.any(axis=1) & (a[rows, first] < b[rows, first])


def iter_free_counts(max_order: int) -> Iterator[tuple[int, int]]:
    """``(order, count)`` of free polyiamonds for each order 1..``max_order`` (OEIS A000577),
    each yielded as soon as it is counted.

    Each order is searched on its own and its fixed shapes are counted in batches of
    :data:`BATCH`, summing ``|stabiliser| / 12``: memory stays bounded (order 16 peaked
    at 107 MB resident, see ``printkit enumerate --help``); time grows about 2.8 times per
    order.
    """
    _check_order(max_order)
    for order in range(1, max_order + 1):
        width, off, _ = _grid(order)
        stabilisers = [0]

        def count(batch: list[tuple[int, ...]], order=order, width=width, off=off, acc=stabilisers):
            images = _images(batch, width, off, order)
            acc[0] += sum(int(np.all(img == images[0], axis=1).sum()) for img in images)

        _each_fixed(order, count)
        stabiliser_total = stabilisers[0]
        total, rest = divmod(stabiliser_total, 12)
        assert rest == 0, "stabiliser sizes must add up to a multiple of 12"
        yield order, total


def count_free(max_order: int) -> list[int]:
    """The number of free polyiamonds of each order 1..``max_order`` (OEIS A000577).

    Sums ``|stabiliser| / 12`` over the fixed shapes of each order.
    """
    return [count for _, count in iter_free_counts(max_order)]


def _check_order(n: int) -> None:
    if not isinstance(n, int) or n < 1:
        raise PrintkitError(f"a polyiamond order must be a positive integer, not {n!r}")
