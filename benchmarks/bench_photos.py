"""Photo reading per condition, on both families of synthetic photos.

The first family is ``printkit.vision.scenes`` (levels easy and hard); the second is
``printkit.vision.photoshoot``, a renderer of its own, photographed under each named
condition (ordinary, glare, lowlight, hands, small, steep, lens, motion, recompressed,
printer).
The ``pair`` rows (``--pairs``, default glare and hands) take two photos of each position
from the second family, other cameras and light, and fuse their readings as
``printkit read a.jpg b.jpg`` does (a photo the reader refuses is skipped, the other
read): what the README tells players to do when a photo reports uncertain cells.  Every
photo is regenerated from its seed (fixed bases, nothing is stored): photo k of a row has
seed base + k, for k from ``--start``.  The reader's thresholds were measured on photos 0
to 369 at most (each says on how many): ``--start 370`` reads photos none of them was
measured on.

Usage: python benchmarks/bench_photos.py [--count 6] [--start 0]
           [--family first|second|both] [--conditions glare,hands]
           [--levels easy,hard] [--pairs glare,hands] [--jobs 2] [--debug DIR] [--files]
           [GAME ...]

Prints one row per game and condition: photos, wrong cells (count / total and %; and
of the cells some reader could see, not under a hand nor clipped in every channel),
uncertain cells (%; of them, how many no reader could see, under a hand or clipped in
every channel under a reflection, and the others), silently wrong photos (a wrong cell
the reader did not flag), photos refused with a PhotoError, and the mean read time;
then the same as a markdown table.  A row some of whose photos were taken in the
condition's extreme light (a quarter of the low-light photos: paper at 10-18 % of full
scale, where the targets ask for no cell read surely wrong, refusing being right) is
followed by its extreme and other photos apart.  ``--debug DIR`` writes, for the worst
photo of each row, the photo (reduced JPEG) and the reader's debug picture (PNG).
``--files`` reads each photo as ``printkit read`` reads a photo file: saved as a JPEG
(quality 95, as phones save them) and decoded by ``read_encoded``, which reads a large
photo at half size when the board stays fine enough there; without it the photo's pixels
are read at full size.
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path

import cv2
from timing import machine_speed

from printkit.errors import PhotoError
from printkit.games import GAMES
from printkit.layout.config import load_layout
from printkit.vision.fusion import fuse_readings
from printkit.vision.memory import keep_freed_memory
from printkit.vision.photoshoot import CONDITIONS, shoot, staging
from printkit.vision.read import debug_image, read_encoded, read_image
from printkit.vision.scenes import synthetic_photo
from printkit.vision.synth import score_reading
from printkit.vision.threads import one_thread_each, workers_start_single_threaded

FIRST_BASE = {"easy": 10_000, "hard": 20_000}
"""Seed bases of the first family (as bench_vision.py)."""
SECOND_BASE = 300_000
"""Seed base of the second family; each condition has its own thousand."""


PAIR_OFFSET = 500
"""A pair's second photo: the seed this much higher, the position the same."""


def seed_of(family: str, condition: str, k: int) -> int:
    if family == "first":
        return FIRST_BASE[condition] + k
    return SECOND_BASE + 1000 * CONDITIONS.index(condition) + k


@cache
def _layout():
    return load_layout()


def photo_of(family: str, game: str, condition: str, seed: int):
    if family == "first":
        return synthetic_photo(game, _layout(), seed, condition)
    return shoot(game, _layout(), seed, condition)


def photos_of(family: str, game: str, condition: str, seed: int) -> list:
    """The photos one reading is made of: one, or a pair of one position."""
    if family == "pair":
        return [
            shoot(game, _layout(), seed + k * PAIR_OFFSET, condition, position=seed) for k in (0, 1)
        ]
    return [photo_of(family, game, condition, seed)]


@dataclass
class Result:
    """One photo's reading against its truth."""

    family: str
    game: str
    condition: str
    seed: int
    cells: int = 0
    wrong: tuple[str, ...] = ()
    uncertain: int = 0
    hidden: int = 0
    uncertain_hidden: int = 0
    wrong_hidden: int = 0
    silent: tuple[str, ...] = ()
    refused: str | None = None
    skipped: int = 0
    """Photos of a pair the reader refused while it read the other."""
    seconds: float = 0.0
    extreme: bool = False
    """Taken in the condition's extreme light (``truth["extreme"]``), where the targets
    ask for no cell read surely wrong, refusing being right."""

    @property
    def badness(self) -> tuple:
        return (self.refused is not None, len(self.silent), len(self.wrong), self.uncertain)


FILE_QUALITY = 95
"""JPEG quality of the files ``--files`` reads, as a phone saves its photos."""


def _as_file(image) -> bytes:
    """The photo as a phone saves it: a JPEG of ``FILE_QUALITY``."""
    ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, FILE_QUALITY])
    assert ok
    return data.tobytes()


def measure(task: tuple[str, str, str, int, bool]) -> Result:
    family, game, condition, seed, files = task
    photos = photos_of(family, game, condition, seed)
    extreme = any(photo.truth.get("extreme", False) for photo in photos)
    result = Result(family, game, condition, seed, extreme=extreme)
    encoded = [_as_file(photo.image) for photo in photos] if files else []
    started = time.perf_counter()
    readings, read, refusals = [], [], []
    for k, photo in enumerate(photos):  # as `printkit read`: a photo refused is skipped
        try:
            readings.append(
                read_encoded(encoded[k], game, _layout())
                if files
                else read_image(photo.image, game, _layout())
            )
            read.append(photo)
        except PhotoError as exc:
            refusals.append(str(exc))
    result.skipped = len(refusals) if read else 0
    if not read:
        result.refused = "; ".join(refusals)
        return result
    reading = fuse_readings(readings)
    result.seconds = (time.perf_counter() - started) / len(photos)
    # Of a pair, a cell is hidden when it is hidden in both photos read.
    hidden = set.intersection(*(set(p.truth.get("hidden", ())) for p in read))
    score = score_reading(reading, replace(read[0], truth={**read[0].truth, "hidden": hidden}))
    result.cells = score.cells
    result.wrong = score.wrong
    result.uncertain = len(score.uncertain)
    result.hidden = score.hidden
    result.uncertain_hidden = score.uncertain_hidden
    result.wrong_hidden = score.wrong_hidden
    result.silent = score.silent
    return result


@dataclass
class Row:
    family: str
    game: str
    condition: str
    results: list[Result] = field(default_factory=list)

    def figures(self) -> dict:
        read = [r for r in self.results if r.refused is None]
        cells = sum(r.cells for r in read)
        wrong = sum(len(r.wrong) for r in read)
        uncertain = sum(r.uncertain for r in read)
        hidden = sum(r.hidden for r in read)
        beyond = uncertain - sum(r.uncertain_hidden for r in read)
        seen_wrong = wrong - sum(r.wrong_hidden for r in read)
        return {
            "photos": len(self.results),
            "wrong": wrong,
            "cells": cells,
            "wrong%": 100 * wrong / max(cells, 1),
            "seen wrong%": 100 * seen_wrong / max(cells, 1),
            "uncertain%": 100 * uncertain / max(cells, 1),
            "hidden%": 100 * hidden / max(cells, 1),
            "beyond%": 100 * beyond / max(cells, 1),
            "silent": sum(1 for r in read if r.silent),
            "refused": len(self.results) - len(read),
            "skipped": sum(r.skipped for r in read),
            "read": statistics.mean(r.seconds for r in read) if read else 0.0,
        }

    def parts(self) -> list[Row]:
        """The row, and if some of its photos were taken in extreme light and some not,
        each part on its own (``condition (extreme)``, ``condition (not extreme)``)."""
        extreme = [r for r in self.results if r.extreme]
        if not extreme or len(extreme) == len(self.results):
            return [self]
        return [self] + [
            Row(self.family, self.game, f"{self.condition} ({name})", results)
            for name, results in (
                ("extreme", extreme),
                ("not extreme", [r for r in self.results if not r.extreme]),
            )
        ]

    def line(self) -> str:
        f = self.figures()
        return (
            f"{self.family:6} {self.game:10} {self.condition:12} photos {f['photos']:3}  "
            f"wrong cells {f['wrong']:4}/{f['cells']:5} = {f['wrong%']:6.2f}% "
            f"(not hidden {f['seen wrong%']:5.2f}%)  "
            f"uncertain {f['uncertain%']:6.2f}% (hidden {f['hidden%']:5.2f}%, others "
            f"{f['beyond%']:5.2f}%)  silently wrong photos {f['silent']:2}  "
            f"refused {f['refused']:2}  read {f['read']:.2f} s"
            + (f"  (of pairs read, {f['skipped']} photos skipped)" if f["skipped"] else "")
        )


def markdown(rows: list[Row]) -> str:
    out = [
        "| family | game | condition | photos | wrong cells | wrong % | wrong, not hidden % "
        "| uncertain % "
        "| hidden % | uncertain, not hidden % | silently wrong photos | refused | read s |",
        "|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for row in (part for whole in rows for part in whole.parts()):
        f = row.figures()
        out.append(
            f"| {row.family} | {row.game} | {row.condition} | {f['photos']} | "
            f"{f['wrong']}/{f['cells']} | {f['wrong%']:.2f} | {f['seen wrong%']:.2f} | "
            f"{f['uncertain%']:.2f} | "
            f"{f['hidden%']:.2f} | {f['beyond%']:.2f} | "
            f"{f['silent']} | {f['refused']} | {f['read']:.2f} |"
        )
    return "\n".join(out)


def write_debug(row: Row, folder: Path, files: bool) -> None:
    """The worst photo of a row: the photo, reduced, and the reader's debug picture, read
    as it was measured (from its JPEG file where ``files``)."""
    worst = max(row.results, key=lambda r: r.badness)
    photos = photos_of(worst.family, worst.game, worst.condition, worst.seed)
    for n, photo in enumerate(photos):
        stem = f"{worst.family}-{worst.game}-{worst.condition}-{worst.seed}"
        stem += f"-{n + 1}" if len(photos) > 1 else ""
        image = photo.image
        k = 1600 / max(image.shape[:2])
        small = (
            cv2.resize(image, None, fx=k, fy=k, interpolation=cv2.INTER_AREA) if k < 1 else image
        )
        cv2.imwrite(str(folder / f"{stem}.jpg"), small, [cv2.IMWRITE_JPEG_QUALITY, 88])
        try:
            reading = (
                read_encoded(_as_file(image), worst.game, _layout())
                if files
                else read_image(image, worst.game, _layout())
            )
        except PhotoError:
            continue
        cv2.imwrite(str(folder / f"{stem}-read.png"), debug_image(reading))


def _staged(game: str) -> bool:
    try:
        staging(game)
    except PhotoError:
        return False
    return True


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=[])
    parser.add_argument("--count", type=int, default=6)
    parser.add_argument("--start", type=int, default=0, help="first photo of each row")
    parser.add_argument("--family", choices=("first", "second", "both"), default="both")
    parser.add_argument("--conditions", default=",".join(CONDITIONS))
    parser.add_argument("--levels", default="easy,hard")
    parser.add_argument("--pairs", default="glare,hands", help="conditions read as pairs")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--debug", type=Path, default=None)
    parser.add_argument(
        "--files", action="store_true", help="read JPEG files as `printkit read` does"
    )
    args = parser.parse_args()
    keep_freed_memory()  # photo after photo: their buffers are reused, not faulted in anew
    games = args.games or [g for g in GAMES if _staged(g)]
    conditions = [c for c in args.conditions.split(",") if c]
    pairs = [c for c in args.pairs.split(",") if c]
    unknown = [c for c in conditions + pairs if c not in CONDITIONS]
    if unknown:
        parser.error(f"unknown conditions {unknown}: choose from {', '.join(CONDITIONS)}")
    rows: list[Row] = []
    for game in games:
        if args.family in ("first", "both"):
            rows += [Row("first", game, level) for level in args.levels.split(",") if level]
        if args.family in ("second", "both"):
            rows += [Row("second", game, c) for c in conditions]
            rows += [Row("pair", game, c) for c in pairs]
    tasks = [
        (row.family, row.game, row.condition, seed_of(row.family, row.condition, k), args.files)
        for row in rows
        for k in range(args.start, args.start + args.count)
    ]
    by_key = {(r.family, r.game, r.condition): r for r in rows}
    started = time.perf_counter()
    if args.jobs > 1:
        # One OpenCV and one BLAS thread a process, as `printkit read` and `printkit log`
        # run: the processes share the cores between them.  Workers forked from this one
        # would keep its BLAS pool of a thread a core, which spins beside the other
        # process (Tripitz, first family, two jobs: 0.62 s a photo instead of 0.36).
        spawn = multiprocessing.get_context("spawn")
        with (
            workers_start_single_threaded(),
            ProcessPoolExecutor(args.jobs, mp_context=spawn, initializer=one_thread_each) as pool,
        ):
            results = pool.map(measure, tasks, chunksize=1)
            _report(results, by_key, args.count)
    else:
        _report(map(measure, tasks), by_key, args.count)
    print(f"\n{len(tasks)} photos in {time.perf_counter() - started:.0f} s; {machine_speed()}\n")
    print(markdown(rows))
    if args.debug:
        args.debug.mkdir(parents=True, exist_ok=True)
        for row in rows:
            write_debug(row, args.debug, args.files)


def _report(results, by_key: dict, count: int) -> None:
    for result in results:
        row = by_key[(result.family, result.game, result.condition)]
        row.results.append(result)
        if result.refused:
            print(
                f"  {result.game} {result.condition} seed {result.seed}: refused: {result.refused}"
            )
        elif result.silent:
            print(
                f"  {result.game} {result.condition} seed {result.seed}: silently wrong "
                f"{', '.join(result.silent)}"
            )
        if len(row.results) == count:
            for part in row.parts():
                print(part.line(), flush=True)


if __name__ == "__main__":
    main()
