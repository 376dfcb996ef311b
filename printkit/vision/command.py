"""``printkit read``: a photo in, a position record out, its check and a debug picture."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import cv2

from printkit.errors import PhotoError, PrintkitError
from printkit.fileio import write_all, write_atomic
from printkit.layout.config import Layout
from printkit.records.io import record_text
from printkit.records.model import Record
from printkit.records.position import position_record
from printkit.vision.read import Reading, debug_image, read_photo
from printkit.vision.scenes import synthetic_photo

__all__ = [
    "demo_photo",
    "ReadResult",
    "read_to_record",
    "read_photos",
    "reading_cells",
    "merge_records",
]


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
    results = [read_to_record(photo, game, layout) for photo in photos]
    record = results[0].record if len(results) == 1 else merge_records([r.record for r in results])
    files: list[tuple[Path, bytes | str]] = []
    if debug is not None:
        for photo, result in zip(photos, results, strict=True):
            ok, png = cv2.imencode(".png", debug_image(result.reading))
            if ok:
                files.append((Path(debug) / f"{Path(photo).stem}-read.png", png.tobytes()))
    if out is not None:
        files.append((Path(out), record_text(record, out)))
    written = write_all(files)  # all or none
    return ReadResult(record, results[0].reading, written)


def demo_photo(game: str, layout: Layout, seed: int, out: Path) -> tuple[Path, str]:
    """Write a seeded synthetic phone photo of a random position of ``game`` to ``out``
    (JPEG or PNG by its suffix), for ``printkit read`` to try; returns the path and the
    board variant photographed."""
    suffix = Path(out).suffix.lower()
    if suffix not in (".jpg", ".jpeg", ".png"):
        raise PrintkitError(f"--out {out}: the photo is .jpg or .png")
    if not 0 <= seed < 2**63:
        raise PrintkitError(f"--seed {seed}: a seed is a whole number from 0 to 2**63 - 1")
    try:
        photo = synthetic_photo(game, layout, seed, "hard")
    except (ModuleNotFoundError, AttributeError):
        raise PhotoError(f"{game} boards cannot be read from photos yet") from None
    params = [cv2.IMWRITE_JPEG_QUALITY, 90] if suffix != ".png" else []
    ok, data = cv2.imencode(".png" if suffix == ".png" else ".jpg", photo.image, params)
    if not ok:
        raise PhotoError(f"{out}: the photo could not be encoded")
    return write_atomic(out, data.tobytes()), str(photo.truth.get("variant", ""))
