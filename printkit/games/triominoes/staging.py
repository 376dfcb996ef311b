"""Triominoes set out for the second photo family (``printkit.vision.photoshoot``).

Tiles are the kit's printed faces on card or thick board, laid on the photo mat by the
rules: each new tile on a free cell touching the layout whose corners agree with it.
"""

from __future__ import annotations

import numpy as np

from printkit.draw.lattice import tri_centroid
from printkit.draw.model import Affine
from printkit.games.triominoes.components import FACE, Settings, tile_corners, tile_front
from printkit.games.triominoes.kit import mat_picture, sized
from printkit.games.triominoes.rules import Place, placement_problem
from printkit.games.triominoes.tiles import TILES
from printkit.geometry.tri import Cell, edge_neighbours
from printkit.layout.config import Layout
from printkit.vision.model import BoardModel
from printkit.vision.photoshoot.props import Slab, Stage, by_hand, material

__all__ = ["stage"]


def _lay(cells: set, count: int, rng: np.random.Generator) -> dict[Cell, Place]:
    """Up to ``count`` legal placements grown from a random cell: each step picks a free
    cell on the layout's edge, then the first tile and turn (in random order) that fits."""
    free = sorted(Cell(*c) for c in cells)
    if count <= 0 or not free:
        return {}
    laid: dict[Cell, Place] = {}
    numbers: dict = {}
    pool = [TILES[int(k)] for k in rng.permutation(len(TILES))]
    start = free[int(rng.integers(len(free)))]
    first = Place(pool.pop(), start, int(rng.integers(3)))
    laid[start] = first
    numbers.update(first.corners())
    misses = 0
    while len(laid) < count and pool and misses < 40:
        edge = sorted({n for c in laid for n in edge_neighbours(c) if n in cells and n not in laid})
        if not edge:
            break
        cell = edge[int(rng.integers(len(edge)))]
        found = None
        for t in rng.permutation(len(pool)):
            for k in rng.permutation(3):
                move = Place(pool[int(t)], cell, int(k))
                if placement_problem({c: p.tile for c, p in laid.items()}, numbers, move) is None:
                    found = move
                    break
            if found:
                break
        if found is None:
            misses += 1
            continue
        pool.remove(found.tile)
        laid[cell] = found
        numbers.update(found.corners())
    return laid


def stage(layout: Layout, model: BoardModel, rng: np.random.Generator) -> Stage:
    """A random legal layout on the mat; truth maps each cell's name to ``a-b-c`` (its
    numbers clockwise from the cell's reference corner) or ``empty``."""
    layout = sized(layout)
    side = layout.section(Settings).tile
    flat = layout.with_values(print={"bleed": 0.0})
    count = int(rng.integers(0, int(0.75 * len(model.cells)) + 1))
    truth = {model.cell_key(c): "empty" for c in model.cells}
    slabs = []
    for cell, place in sorted(_lay(set(model.cells), count, rng).items()):
        reading = tuple(place.reading)
        k = place.tile.rotations().index(reading)
        cx, cy = tri_centroid(cell, side)
        # tile_front puts the tile's k-th number on corner k: a turn of -120k degrees about
        # the centre brings it to the reference corner, where ``reading`` starts.
        turn = Affine.translate(cx, cy) @ Affine.rotate(-120.0 * k) @ Affine.translate(-cx, -cy)
        move = by_hand((cx, cy), rng, shift=1.0, twist=3.0) @ turn
        items = tile_front(place.tile, cell, side, 0.0, flat)
        slabs.append(
            Slab(
                tuple(move(p) for p in tile_corners(cell, side, 0.0)),
                [i.transformed(move) for i in items],
                FACE,
            )
        )
        truth[model.cell_key(cell)] = "-".join(map(str, reading))
    return Stage(mat_picture(layout), model.variant, truth, slabs, material=material(rng, 0.2))
