"""``printkit log`` speed: a 50-move TriPakus game logged from 50 12-megapixel photos.

A random legal three-player game is played; after each move the board is drawn and
photographed (``vision.scenes.photograph``, the synthetic phone camera) into a temporary
folder.  Making the photos is not timed.  Then ``log_photos`` reads them (one process and
its worker pool, one worker per core) and infers the moves; the script prints the wall
time, photos per second, and whether the record's moves are the game's.

``--family second`` photographs the game with the second family's renderer instead
(``vision.photoshoot``: its own pieces, light and camera), photo k under the k-th of
``--conditions`` in turn (default every condition), to see how the log fares on photos it
was not built with: the moves it got right, those it listed to confirm, the photos skipped.

Usage: python benchmarks/bench_log.py [--moves 50] [--level easy|hard] [--seed 7] [--keep DIR]
           [--family first|second] [--conditions ordinary,glare,...]
"""

from __future__ import annotations

import argparse
import functools
import multiprocessing
import os
import random
import resource
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import cv2
from timing import machine_speed

from printkit.games.tripakus.reader import draw_pieces
from printkit.games.tripakus.rules import TriPakusGame, TriPakusOptions
from printkit.games.tripakus.staging import stage_of
from printkit.layout.config import load_layout
from printkit.polyiamond_games.moves import Pass
from printkit.records.check import check_record
from printkit.vision.log import log_photos
from printkit.vision.model import board_models
from printkit.vision.photoshoot import CONDITIONS, shoot
from printkit.vision.scenes import photograph
from printkit.vision.threads import workers_start_single_threaded


def play(moves: int, seed: int) -> TriPakusGame:
    """A random legal game of ``moves`` placements without a pass (the first seed from
    ``seed`` that gives one)."""
    for attempt in range(seed, seed + 1000):
        game = TriPakusGame(TriPakusOptions())
        rng = random.Random(attempt)
        while len(game._history) < moves and not game.is_over():
            game.push(rng.choice(game.legal_moves()))
        if len(game._history) == moves and not any(isinstance(m, Pass) for _, m in game._history):
            return game
    raise SystemExit(f"no game of {moves} placements without a pass")


def _snap(args: tuple) -> None:
    placed, seed, level, path = args
    draw = functools.partial(draw_pieces, placed=placed)
    photo = photograph("tripakus", load_layout(), draw, seed, level)
    cv2.imwrite(str(path), photo.image, [cv2.IMWRITE_JPEG_QUALITY, 90])


def _shoot(args: tuple) -> None:
    """Photo ``seed`` of the game after ``moves`` by the second family, under ``condition``."""
    moves, seed, condition, path = args
    layout = load_layout()
    game = TriPakusGame(TriPakusOptions())
    for move in moves:
        game.push(move)
    full = next(m for m in board_models("tripakus", layout) if m.variant == "full")
    photo = shoot("tripakus", layout, seed, condition, stage=stage_of(layout, full, game))
    cv2.imwrite(str(path), photo.image, [cv2.IMWRITE_JPEG_QUALITY, 90])


def make_photos(
    game: TriPakusGame, level: str, folder: Path, conditions: list[str] | None = None
) -> list[Path]:
    """One photo after each move, named in the order taken (IMG_0001.jpg, ...): by the
    first family at ``level``, or, given ``conditions``, by the second under each in turn."""
    replay = TriPakusGame(game.options)
    jobs = []
    for k, (_, move) in enumerate(game._history, start=1):
        replay.push(move)
        path = folder / f"IMG_{k:04d}.jpg"
        if conditions:
            moves = [m for _, m in game._history[:k]]
            jobs.append((moves, 340_000 + k, conditions[(k - 1) % len(conditions)], path))
        else:
            placed = {c: list(ms) for c, ms in replay.placed.items()}
            jobs.append((placed, 1000 + k, level, path))
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(os.cpu_count(), mp_context=context) as pool:
        with workers_start_single_threaded():
            done = pool.map(_shoot if conditions else _snap, jobs)
        list(done)
    return [job[3] for job in jobs]


def _cpu() -> float:
    """CPU seconds used by this process and its finished children (the log's workers)."""
    me = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + children.ru_utime + children.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=50)
    parser.add_argument("--level", choices=("easy", "hard"), default="easy")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--keep", type=Path, help="make the photos here and keep them")
    parser.add_argument("--family", choices=("first", "second"), default="first")
    parser.add_argument("--conditions", default=",".join(CONDITIONS))
    args = parser.parse_args()
    conditions = args.conditions.split(",") if args.family == "second" else None
    unknown = [c for c in conditions or () if c not in CONDITIONS]
    if unknown:
        parser.error(
            f"unknown conditions {', '.join(unknown)}: choose from {', '.join(CONDITIONS)}"
        )
    game = play(args.moves, args.seed)
    with tempfile.TemporaryDirectory() as tmp:
        folder = args.keep or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        started = time.perf_counter()
        photos = make_photos(game, args.level, folder, conditions)
        made = time.perf_counter() - started
        kind = f"second family: {args.conditions}" if conditions else args.level
        print(f"made {len(photos)} 12-megapixel photos ({kind}) in {made:.1f} s (not timed)")
        cpu = _cpu()
        started = time.perf_counter()
        result = log_photos(photos, "tripakus", load_layout(), folder / "game.json")
        wall = time.perf_counter() - started
        cpu = _cpu() - cpu
    seen = [(m.player, m.move) for m in result.record.moves]
    played = [(game.players[p], game.move_text(m)) for p, m in game._history]
    report = check_record(result.record)
    print(
        f"log: {len(photos)} photos in {wall:.1f} s wall ({len(photos) / wall:.2f} photos/s, "
        f"{os.cpu_count()} cores), {len(seen)} moves, {result.skipped} photos skipped, "
        f"{len(result.confirm)} moves to confirm"
    )
    print(machine_speed())
    print(
        f"CPU: {cpu:.1f} s in all ({cpu / len(photos):.2f} s per photo, workers included): "
        f"{cpu / (os.cpu_count() or 1):.1f} s of wall time on {os.cpu_count()} idle cores"
    )
    right = sum(a == b for a, b in zip(seen, played, strict=False))
    print(
        f"record equals the game: {seen == played} ({right} of {len(played)} moves right "
        f"in place); check: {report.lines()[-1]}"
    )
    for line in result.lines:
        if "skipped" in line or "moves since" in line:
            print("  " + line)
    for line in result.confirm:
        print("  confirm: " + line)


if __name__ == "__main__":
    main()
