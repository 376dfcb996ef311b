"""Checking records: 1,000 Tripod games of size 11 read from text files and replayed, and
complete TriPakus games through the record checker.

Usage: python benchmarks/bench_records.py [--count 1000]
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from pathlib import Path

from printkit.games.tripakus.rules import TriPakusGame
from printkit.games.tripod.rules import TripodGame, TripodOptions
from printkit.records.check import check_record
from printkit.records.io import load_record, save_record
from printkit.records.model import MoveEntry, Record


def tripod_record(seed: int, size: int = 11) -> Record:
    game, rng, moves = TripodGame(TripodOptions(size=size)), random.Random(seed), []
    while not game.is_over():
        move = rng.choice(game.legal_moves())
        game.push(move)
        moves.append(MoveEntry(move.text()))
    return Record("tripod", options={"size": size}, players=["A", "B"], moves=moves)


def tripakus_record(seed: int) -> Record:
    game, rng, moves = TriPakusGame(), random.Random(seed), []
    while not game.is_over():
        move = rng.choice(game.legal_moves())
        player = game.turn
        game.push(move)
        moves.append(MoveEntry(str(move), player, game.scores()[player]))
    return Record("tripakus", players=list(game.players), moves=moves, result=game.scores())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--count", type=int, default=1000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        paths = [save_record(tripod_record(k), Path(tmp) / f"g{k}.txt") for k in range(args.count)]
        moves = 0
        started = time.perf_counter()
        for path in paths:
            report = check_record(load_record(path))
            assert report.valid and report.over
            moves += report.moves
        elapsed = time.perf_counter() - started
    print(
        f"tripod: {args.count} records of size 11 ({moves} moves) read and checked in "
        f"{elapsed:.2f} s ({1000 * elapsed / args.count:.2f} ms each)"
    )
    times = []
    for seed in range(20):
        record = tripakus_record(seed)
        started = time.perf_counter()
        assert check_record(record).valid
        times.append(time.perf_counter() - started)
    print(
        f"tripakus: complete 3-player game checked (replay, scores, result) in "
        f"{1000 * statistics.median(times):.1f} ms median, {1000 * max(times):.1f} ms max"
    )


if __name__ == "__main__":
    main()
