"""``printkit read``: a photo in, a position record out, its check and a debug picture."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import cv2

from printkit.fileio import write_atomic
from printkit.layout.config import Layout
from printkit.records.io import save_record
from printkit.records.model import Record
from printkit.records.position import position_record
from printkit.vision.read import Reading, debug_image, read_photo

__all__ = ["ReadResult", "read_to_record", "read_photos", "reading_cells", "merge_records"]


@dataclass
class ReadResult:
    """What ``printkit read`` produced: the record, where it went, and what was uncertain."""

    record: Record
    reading: Reading
    written: list[Path]


def reading_cells(reading: Reading) -> tuple[dict[str, str], list[str], dict[str, float]]:
    """Cell names as printed on the board → content; the uncertain ones; confidences."""
    model = reading.model
    cells, uncertain, confidence = {}, [], {}
    for key, cell in reading.cells.items():
        name = model.cell_key(key)
        cells[name] = cell.label
        confidence[name] = cell.confidence
        if cell.uncertain:
            uncertain.append(name)
    return cells, uncertain, confidence


def read_to_record(photo: Path, game: str, layout: Layout, debug: Path | None = None) -> ReadResult:
    """Read ``photo`` and build its position record; write the debug image if asked."""
    reading = read_photo(photo, game, layout)
    cells, uncertain, confidence = reading_cells(reading)
    record = position_record(
        game,
        cells,
        uncertain,
        source=str(photo),
        confidence=confidence,
        variant=reading.model.variant,
    )
    written = []
    if debug is not None:
        ok, png = cv2.imencode(".png", debug_image(reading))
        if ok:
            written.append(
                write_atomic(Path(debug) / f"{Path(photo).stem}-read.png", png.tobytes())
            )
    return ReadResult(record, reading, written)


def merge_records(records: list[Record]) -> Record:
    """One position from photos of different parts of a board (e.g. both Tripod halves).

    A cell seen in several photos (a shared perimeter cell) keeps the most confident
    reading; if the photos disagree on it, it is listed as uncertain.
    """
    merged = position_record(records[0].game, {}, ())
    seen: dict[str, float] = {}
    uncertain: set[str] = set()
    for record in records:
        names = set(record.cells) | set(record.uncertain) | set(record.confidence)
        for name in names:
            content = record.cells.get(name, "empty")
            confidence = record.confidence.get(name, 1.0)
            if name in seen and merged.cells.get(name, "empty") != content:
                uncertain.add(name)
            if confidence >= seen.get(name, -1.0):
                seen[name] = confidence
                if content == "empty":
                    merged.cells.pop(name, None)
                else:
                    merged.cells[name] = content
        uncertain |= set(record.uncertain)
    merged.uncertain = sorted(uncertain)
    merged.confidence = {n: c for n, c in sorted(seen.items())}
    merged.meta["source"] = ", ".join(r.meta.get("source", "") for r in records)
    merged.meta["variant"] = "+".join(r.meta.get("variant", "") for r in records)
    return merged


def read_photos(
    photos: list[Path],
    game: str,
    layout: Layout,
    out: Path | None = None,
    debug: Path | None = None,
) -> ReadResult:
    """Read one photo, or several of parts of one board merged into one position."""
    results = [read_to_record(photo, game, layout, debug) for photo in photos]
    record = results[0].record if len(results) == 1 else merge_records([r.record for r in results])
    written = [p for r in results for p in r.written]
    if out is not None:
        written.append(save_record(record, out))
    return ReadResult(record, results[0].reading, written)
