"""``printkit read``: a photo in, a position record out, its check and a debug picture."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import cv2

from printkit.errors import PhotoError, PrintkitError
from printkit.fileio import write_all, write_atomic
from printkit.games import find_game
from printkit.layout.config import Layout
from printkit.records.io import record_text
from printkit.records.model import Record
from printkit.records.position import position_record
from printkit.vision.fusion import fuse_readings, group_by_variant, merge_by_name
from printkit.vision.photofile import PhotoFile
from printkit.vision.read import Reading, debug_image, read_photo
from printkit.vision.scenes import synthetic_photo

__all__ = [
    "demo_photo",
    "ReadResult",
    "read_to_record",
    "read_photos",
    "reading_cells",
]


@dataclass
class ReadResult:
    """What ``printkit read`` produced: the record, where it went, and what was uncertain."""

    record: Record
    reading: Reading
    written: list[Path]
    doubts: dict[str, str] = field(default_factory=dict)
    """Each uncertain cell's reason: ``glare``, ``dark``, ``mixed`` (its colours disagree),
    ``no piece``, ``photos disagree``… or ``colour`` (near two classes)."""
    shaken: dict[str, str] = field(default_factory=dict)
    """Photos of a reading with uncertain cells that camera shake smeared → how
    (``vision.shake``): a smear hides the print that settles cells."""
    skipped: dict[str, str] = field(default_factory=dict)
    """Photos of several that the reader refused → why; the others were read."""


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


def read_photos(
    photos: list[Path],
    game: str,
    layout: Layout,
    out: Path | None = None,
    debug: Path | None = None,
    ahead: PhotoFile | None = None,
) -> ReadResult:
    """Read one photo, or several, into one position (``ahead``: the first photo's file,
    already decoding: ``PhotoFile.ahead``).

    Photos of the same board (or the same part of it) are fused cell by cell, so a cell
    one photo could not read is read from another; photos of different parts (the halves
    of a board printed in parts) are merged by cell name (``printkit.vision.fusion``).
    Of several photos, one the reader refuses (a reflection on the colour strip, a marker
    not found) is skipped and named in ``skipped``; if it refuses them all, the reading
    is refused.  A photo that is not there is an error whatever the others show.
    """
    find_game(game, PhotoError)
    for photo in photos:
        if not Path(photo).is_file():
            raise PhotoError(f"{photo}: no such file")
    read: list[tuple[Path, Reading]] = []
    skipped: dict[str, str] = {}
    for k, photo in enumerate(photos):
        try:
            file = ahead if k == 0 else None
            read.append((photo, read_photo(photo, game, layout, measure_shake=True, ahead=file)))
        except PhotoError as refused:
            if len(photos) == 1:
                raise
            skipped[str(photo)] = str(refused).removeprefix(f"{Path(photo)}: ")
    if not read:
        raise PhotoError(
            f"none of the {len(photos)} photos could be read: "
            + "; ".join(f"{photo}: {why}" for photo, why in skipped.items())
        )
    photos = [photo for photo, _ in read]
    readings = [reading for _, reading in read]
    groups = group_by_variant(readings)
    cells = merge_by_name([fuse_readings(group) for group in groups.values()])
    uncertain = [name for name, cell in cells.items() if cell.uncertain]
    record = position_record(
        game,
        {name: cell.label for name, cell in cells.items()},
        uncertain,
        source=", ".join(str(p) for p in photos),
        confidence={name: cell.confidence for name, cell in cells.items()},
        variant="+".join(groups),
    )
    files: list[tuple[Path, bytes | str]] = []
    if debug is not None:
        for photo, reading in zip(photos, readings, strict=True):
            ok, png = cv2.imencode(".png", debug_image(reading))
            if ok:
                files.append((Path(debug) / f"{Path(photo).stem}-read.png", png.tobytes()))
    if out is not None:
        files.append((Path(out), record_text(record, out)))
    written = write_all(files)  # all or none
    doubts = {name: cells[name].doubt or "colour" for name in uncertain}
    shaken = {
        str(p): r.shaken for p, r in zip(photos, readings, strict=True) if uncertain and r.shaken
    }
    return ReadResult(record, readings[0], written, doubts, shaken, skipped)


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
