"""Photo reading accuracy and speed on the seeded synthetic photo set.

Every photo is regenerated from its seed (nothing is stored): a random legal position
drawn on the printed board, then photographed with the level's degradations.

Usage: python benchmarks/bench_vision.py [--count 200] [--levels easy,hard] [GAME ...]
Prints, per game and level: photos read exactly, wrong cells, wrong cells the reader did
not flag (silent), photos refused with an error, and read time per 12-megapixel photo
(from its JPEG bytes, decoding included).
"""

from __future__ import annotations

import argparse
import statistics
import time

import cv2

from printkit.errors import PhotoError
from printkit.games import GAMES
from printkit.layout.config import load_layout
from printkit.vision.read import read_encoded
from printkit.vision.scenes import synthetic_photo
from printkit.vision.synth import score_reading

SEED_BASE = {"easy": 10_000, "hard": 20_000}


def run(game: str, level: str, count: int) -> None:
    layout = load_layout()
    exact = wrong = cells = silent = uncertain = refused = 0
    times = []
    for k in range(count):
        photo = synthetic_photo(game, layout, SEED_BASE[level] + k, level)
        jpeg = cv2.imencode(".jpg", photo.image, [cv2.IMWRITE_JPEG_QUALITY, 95])[1]
        started = time.perf_counter()
        try:
            reading = read_encoded(jpeg, game, layout)  # as from a file: decoded, then read
        except PhotoError as exc:
            refused += 1
            print(f"  seed {SEED_BASE[level] + k}: refused: {exc}")
            continue
        times.append(time.perf_counter() - started)
        score = score_reading(reading, photo)
        exact += score.exact
        wrong += len(score.wrong)
        cells += score.cells
        silent += len(score.silent)
        uncertain += len(score.uncertain)
        if score.silent:
            print(f"  seed {SEED_BASE[level] + k}: silent errors at {', '.join(score.silent)}")
    read = count - refused
    print(
        f"{game:10} {level:4}  photos {count:4}  exact {exact / count:7.2%}  "
        f"wrong cells {wrong}/{cells} = {wrong / max(cells, 1):.3%}  silent {silent}  "
        f"uncertain cells {uncertain}  refused {refused}  "
        f"read {statistics.mean(times) if times else 0:.2f} s mean, "
        f"{max(times) if times else 0:.2f} s max ({read} read)",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=[])
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--levels", default="easy,hard")
    args = parser.parse_args()
    games = args.games or [g for g in GAMES if _readable(g)]
    for game in games:
        for level in args.levels.split(","):
            run(game, level, args.count)


def _readable(game: str) -> bool:
    """Games whose kit already prints a machine-readable board and has a scene."""
    try:
        synthetic_photo(game, load_layout(), 0, "easy")
    except (PhotoError, ModuleNotFoundError, AttributeError):
        return False
    return True


if __name__ == "__main__":
    main()
