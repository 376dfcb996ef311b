"""Position records made by a program (the photo reader) rather than typed by a person."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from printkit.records.model import Record

__all__ = ["position_record", "record_cell_name", "EMPTY"]

EMPTY = "empty"


_BARE_TRIANGLE_CELL = re.compile(r"-?\d+\s*,\s*-?\d+")


def record_cell_name(name: str) -> str:
    """A cell's name as records write it: a triangle cell ``r,c`` as ``(r,c)``."""
    if _BARE_TRIANGLE_CELL.fullmatch(name):
        return f"({name.replace(' ', '')})"
    return name


def _cell_name(game: str, name: str) -> str:
    return record_cell_name(name)


def position_record(
    game: str,
    cells: Mapping[str, str],
    uncertain: Sequence[str] = (),
    *,
    source: str | None = None,
    confidence: Mapping[str, float] | None = None,
    variant: str | None = None,
) -> Record:
    """A position from cell name → content (empty cells left out, or given as ``empty``)."""
    record = Record(game=game, kind="position")
    for name, content in cells.items():
        if content != EMPTY:
            record.cells[_cell_name(game, name)] = content
    record.uncertain = [_cell_name(game, n) for n in uncertain]
    if confidence:
        record.confidence = {
            _cell_name(game, n): round(float(c), 3)
            for n, c in confidence.items()
            if cells.get(n) != EMPTY or n in uncertain
        }
    if source:
        record.meta["source"] = source
    if variant:
        record.meta["variant"] = variant
    return record
