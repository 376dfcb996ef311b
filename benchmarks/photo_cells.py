"""One second-family photo, read as ``printkit read`` reads a photo file: its wrong and
uncertain cells, each with its reading and doubt.  For looking into one row of
``bench_photos.py`` (a silently wrong photo, say) without reading the whole row.

Seeds are those of ``bench_photos.py``: 300000 + 1000 × the condition's place in
``photoshoot.CONDITIONS`` + k for photo k; a pair's second photo has seed + 500 and the
first one's seed as ``--position``.

    .venv/bin/python benchmarks/photo_cells.py GAME SEED CONDITION [--position P]
           [--debug DIR]

Prints the wrong cells, then every wrong or uncertain cell: its name, label, ``SURE`` or
``uncertain`` and doubt, ``WRONG`` where the photo's truth differs; ``--debug DIR`` writes
the photo (reduced) and the reader's debug picture there.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import cv2

from printkit.errors import PhotoError
from printkit.layout.config import load_layout
from printkit.vision.photoshoot import shoot
from printkit.vision.read import debug_image, read_encoded
from printkit.vision.synth import score_reading


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("seed", type=int)
    parser.add_argument("condition")
    parser.add_argument("--position", type=int, default=None)
    parser.add_argument("--debug", type=Path, default=None)
    args = parser.parse_args()
    layout = load_layout()
    photo = shoot(args.game, layout, args.seed, args.condition, position=args.position)
    ok, data = cv2.imencode(".jpg", photo.image, [cv2.IMWRITE_JPEG_QUALITY, 95])
    assert ok
    try:
        reading = read_encoded(data.tobytes(), args.game, layout)
    except PhotoError as refused:
        print(f"refused: {refused}")
        return
    score = score_reading(reading, photo)
    print(f"{len(reading.cells)} cells, wrong: {', '.join(score.wrong) or 'none'}")
    print(f"uncertain: {len(score.uncertain)}, silent: {', '.join(score.silent) or 'none'}")
    for key, cell in reading.cells.items():
        name = reading.model.cell_key(key)
        if name in score.wrong or cell.uncertain:
            sure = "uncertain" if cell.uncertain else "SURE"
            wrong = "WRONG" if name in score.wrong else ""
            print(f"  {name:>8} {cell.label:>8} {sure:>9} {cell.doubt:<14} {wrong}".rstrip())
    if args.debug:
        args.debug.mkdir(parents=True, exist_ok=True)
        stem = f"{args.game}-{args.condition}-{args.seed}"
        small = cv2.resize(photo.image, None, fx=0.3, fy=0.3, interpolation=cv2.INTER_AREA)
        cv2.imwrite(str(args.debug / f"{stem}-photo.jpg"), small)
        cv2.imwrite(str(args.debug / f"{stem}-debug.png"), debug_image(reading))
        print(f"wrote {args.debug / stem}-photo.jpg and -debug.png")


if __name__ == "__main__":
    main()
