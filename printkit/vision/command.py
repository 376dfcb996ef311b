"""``printkit read``: a photo in, a position record out, its check and a debug picture."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from printkit.fileio import write_atomic
from printkit.layout.config import Layout
from printkit.records.io import save_record
from printkit.records.model import Record
from printkit.records.position import position_record
from printkit.vision.read import Reading, debug_image, read_photo

__all__ = ["ReadResult", "read_to_record", "reading_cells"]


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


def read_to_record(photo: Path, game: str, layout: Layout, out: Path | None = None,
                   debug: Path | None = None) -> ReadResult:
    """Read ``photo`` and build its position record; write it and the debug image if asked."""
    import cv2

    reading = read_photo(photo, game, layout)
    cells, uncertain, confidence = reading_cells(reading)
    record = position_record(game, cells, uncertain, source=str(photo),
                             confidence=confidence,
                             variant=reading.model.variant)
    written = []
    if out is not None:
        written.append(save_record(record, out))
    if debug is not None:
        ok, png = cv2.imencode(".png", debug_image(reading))
        if ok:
            written.append(write_atomic(Path(debug) / f"{Path(photo).stem}-read.png",
                                        png.tobytes()))
    return ReadResult(record, reading, written)
