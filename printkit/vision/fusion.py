"""Several photos of one board read as one position.

Photos of the same board (or the same part of it) are fused cell by cell: a cell takes
the reading of the photos that were sure of it, so a reflection or a finger in one photo
is read from another; photos sure of different contents leave the cell uncertain.
Photos of different parts (the two Tripod halves) are merged by cell name, the cells
they share fused the same way.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import replace

from printkit.vision.model import BoardModel, turned_keys
from printkit.vision.read import CellReading, Reading, consistent

__all__ = ["aligned", "fuse_cell", "fuse_readings", "group_by_variant", "merge_by_name"]

DISAGREE = "photos disagree"


def fuse_cell(seen: Iterable[CellReading]) -> CellReading:
    """One cell from its readings in several photos.

    The readings that are not uncertain decide: if they agree the cell is theirs (the most
    confident one), if they differ it is uncertain.  If every photo was unsure, the most
    confident reading is kept, still uncertain.
    """
    seen = list(seen)
    sure = [c for c in seen if not c.uncertain]
    if not sure:
        return max(seen, key=lambda c: c.confidence)
    best = max(sure, key=lambda c: c.confidence)
    if len({c.label for c in sure}) > 1:
        runner = next(c.label for c in sure if c.label != best.label)
        return replace(best, uncertain=True, runner_up=runner, doubt=DISAGREE)
    return best


def fuse_readings(readings: list[Reading]) -> Reading:
    """Photos of one board variant as one reading, cell by cell, then checked again for
    consistency (a position no photo showed whole must still be one the set can make)."""
    first = readings[0]
    if len(readings) == 1:
        return first
    model = first.model
    seen = [first.cells] + [aligned(first.cells, r.cells, model) for r in readings[1:]]
    cells = {key: fuse_cell(c[key] for c in seen) for key in model.cells}
    markers = sorted({m for r in readings for m in r.markers})
    return Reading(model, consistent(model, cells), markers, first.homography, first.rectified)


def aligned(
    first: dict[Hashable, CellReading], other: dict[Hashable, CellReading], model: BoardModel
) -> dict[Hashable, CellReading]:
    """``other``'s cells in ``first``'s frame, for a board of identical sections.

    Such a board reads the same under each of its turns, and the reader keys each photo by
    the turn that puts the board's apex highest in it: photos taken from different sides
    of the table are keyed by different turns.  Of the turns, the one under which the
    two photos' sure cells agree best wins (the photo's own, on a tie)."""
    if len(model.symmetries) == 1:
        return other

    def score(cells: dict) -> int:
        both = [(first[k], cells[k]) for k in first if not first[k].uncertain]
        return sum(1 if a.label == b.label else -1 for a, b in both if not b.uncertain)

    options = [{k: other[t[k]] for k in first} for t in turned_keys(model)]
    return max(options, key=score)  # the first (no turn) wins a tie


def merge_by_name(readings: list[Reading]) -> dict[str, CellReading]:
    """Readings of different board variants (parts of one board) by printed cell name; a
    cell on several parts is fused (``fuse_cell``)."""
    by_name: dict[str, list[CellReading]] = {}
    for reading in readings:
        for key, cell in reading.cells.items():
            by_name.setdefault(reading.model.cell_key(key), []).append(cell)
    return {name: fuse_cell(seen) for name, seen in by_name.items()}


def group_by_variant(readings: list[Reading]) -> dict[str, list[Reading]]:
    """The readings of each board variant, in the order first seen."""
    groups: dict[str, list[Reading]] = {}
    for reading in readings:
        groups.setdefault(reading.model.variant, []).append(reading)
    return groups
