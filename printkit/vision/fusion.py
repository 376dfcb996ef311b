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

__all__ = ["alignments", "fuse_cell", "fuse_readings", "group_by_variant", "merge_by_name"]

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
    seen = [first.cells]
    rivals_of = []
    for reading in readings[1:]:
        best, *rivals = alignments(first.cells, reading.cells, model)
        seen.append(best)
        rivals_of.append(rivals)
    cells = _fused(seen)
    # A turn as good as the best that would fuse a cell otherwise leaves it unsettled; one
    # that only moves what the photos were unsure of changes nothing.
    unsettled: set[Hashable] = set()
    for i, rivals in enumerate(rivals_of, start=1):
        for rival in rivals:
            other = _fused([*seen[:i], rival, *seen[i + 1 :]])
            unsettled |= {k for k, c in other.items() if c.uncertain or c.label != cells[k].label}
    cells = {
        k: replace(c, uncertain=True, doubt=DISAGREE) if k in unsettled and not c.uncertain else c
        for k, c in cells.items()
    }
    markers = sorted({m for r in readings for m in r.markers})
    return Reading(model, consistent(model, cells), markers, first.homography, first.rectified)


def _fused(seen: list[dict[Hashable, CellReading]]) -> dict[Hashable, CellReading]:
    """Each cell fused from its readings in every photo (``seen``, in one frame)."""
    return {key: fuse_cell(cells[key] for cells in seen) for key in seen[0]}


def alignments(
    first: dict[Hashable, CellReading], other: dict[Hashable, CellReading], model: BoardModel
) -> list[dict[Hashable, CellReading]]:
    """``other``'s cells in ``first``'s frame, for a board of identical sections: under the
    best turn, then under every other turn as good.

    Such a board reads the same under each of its turns, and the reader keys each photo by
    the turn that puts the board's apex highest in it: photos taken from different sides
    of the table are keyed by different turns.  The best turn is the one under which the
    two photos' sure cells disagree least (each photo's sure cells are meant to be right,
    so under the right turn they never disagree), then agree most (the photo's own, on a
    tie).  Counting agreements first would favour a wrong turn where a reflection leaves
    few pieces sure in both photos and bare paper agrees under any turn (Trigon glare pair
    301329: the right turn 273 cells agreeing and none disagreeing, a wrong one 285
    agreeing and 7 disagreeing).  Turns that disagree as little as the best are listed
    after it: the cells they read differently are not settled by the photos."""
    if len(model.symmetries) == 1:
        return [other]

    def counts(cells: dict) -> tuple[int, int]:
        """How many cells sure in both photos disagree, and how many agree."""
        both = [
            first[k].label == cells[k].label
            for k in first
            if not first[k].uncertain and not cells[k].uncertain
        ]
        return len(both) - sum(both), sum(both)

    options = [{k: other[t[k]] for k in first} for t in turned_keys(model)]
    scored = [(counts(o), o) for o in options]
    fewest = min(differ for (differ, _), _ in scored)
    good = [(agree, o) for (differ, agree), o in scored if differ == fewest]
    best = max(good, key=lambda g: g[0])[1]  # the first (no turn) wins a tie
    return [best] + [o for _, o in good if o is not best]


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
