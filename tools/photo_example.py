"""The README's photo example: a seeded synthetic phone photo of a game, what the reader
saw (its debug picture) and the check's verdict, written to docs/previews/ (for maintainers;
a user makes a photo to try with ``printkit demo-photo GAME --out photo.jpg``).

Usage: .venv/bin/python tools/photo_example.py [GAME ...|glare]   (default: all of them;
``glare``: a reflection over a TriPakus board, then the same position from two photos)
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

try:
    import cv2
except ModuleNotFoundError:  # run with a Python that lacks the project's packages
    sys.exit("photo_example: run it with the project's Python: .venv/bin/python " + __file__)

from printkit.errors import PhotoError
from printkit.games import GAMES
from printkit.layout.config import load_layout
from printkit.records.check import check_record
from printkit.vision.command import read_to_record
from printkit.vision.photoshoot import shoot
from printkit.vision.scenes import synthetic_photo

OUT = Path(__file__).resolve().parents[1] / "docs" / "previews"
SEEDS = {"tripakus": 20_007, "tripod": 20_004, "tripitz": 20_017, "triominoes": 20_001}
WIDTH = 640


def _small(image, width: int = WIDTH):
    return cv2.resize(
        image, (width, round(image.shape[0] * width / image.shape[1])), interpolation=cv2.INTER_AREA
    )


def example(game: str) -> None:
    layout = load_layout()
    photo = synthetic_photo(game, layout, SEEDS.get(game, 20_000), "hard")
    with tempfile.TemporaryDirectory() as tmp:
        shot = Path(tmp) / f"{game}-photo.jpg"
        cv2.imwrite(str(shot), photo.image, [cv2.IMWRITE_JPEG_QUALITY, 85])
        result = read_to_record(shot, game, layout, Path(tmp))
        debug = cv2.imread(str(Path(tmp) / f"{game}-photo-read.png"))
    result.record.path = f"{game}-photo.jpg"
    report = check_record(result.record)
    cv2.imwrite(str(OUT / f"photo-{game}.jpg"), _small(photo.image), [cv2.IMWRITE_JPEG_QUALITY, 80])
    cv2.imwrite(str(OUT / f"photo-{game}-read.jpg"), _small(debug), [cv2.IMWRITE_JPEG_QUALITY, 80])
    unsure = result.record.uncertain
    verdict = "\n".join(
        [
            f"{len(result.record.cells)} cells occupied"
            + (f", {len(unsure)} uncertain: {', '.join(unsure)}" if unsure else ""),
            *report.lines(),
        ]
    )
    (OUT / f"photo-{game}-verdict.txt").write_text(verdict + "\n")
    print(f"{game}:\n{verdict}")


GLARE_POSITION = 3
"""The TriPakus position of the glare example, photographed twice (second photo family)."""
GLARE_SEEDS = (301_025, 300_011)
"""The two photos: a lamp's reflection on the glossy board, then another angle without."""


def _read(photos: list[Path], debug: Path) -> str:
    """``printkit read`` of ``photos`` as a user runs it: its output, the folder left out."""
    argv = [sys.executable, "-m", "printkit", "read", *map(str, photos), "--game", "tripakus"]
    done = subprocess.run([*argv, "--debug", str(debug)], capture_output=True, text=True)
    text = done.stdout.replace(f"{photos[0].parent}/", "").replace(f"{debug}/", "seen/")
    command = " ".join(["printkit read", *(p.name for p in photos), "--game tripakus"])
    return f"$ {command}\n{text}"


def glare_example() -> None:
    """A reflection over part of a TriPakus board: the photo, what the reader marked
    uncertain (its debug picture), and the position read again with a second photo."""
    layout = load_layout()
    shots = [
        shoot("tripakus", layout, seed, condition, variant="full", position=GLARE_POSITION)
        for seed, condition in zip(GLARE_SEEDS, ("glare", "ordinary"), strict=True)
    ]
    with tempfile.TemporaryDirectory() as tmp:
        paths = []
        for name, shot in zip(("lamp.jpg", "angle.jpg"), shots, strict=True):
            paths.append(Path(tmp) / name)
            cv2.imwrite(str(paths[-1]), shot.image, [cv2.IMWRITE_JPEG_QUALITY, 90])
        alone = _read(paths[:1], Path(tmp))
        debug = cv2.imread(str(Path(tmp) / "lamp-read.png"))
        both = _read(paths, Path(tmp))
    cv2.imwrite(
        str(OUT / "photo-glare.jpg"), _small(shots[0].image), [cv2.IMWRITE_JPEG_QUALITY, 80]
    )
    cv2.imwrite(str(OUT / "photo-glare-read.jpg"), _small(debug), [cv2.IMWRITE_JPEG_QUALITY, 80])
    (OUT / "photo-glare-verdict.txt").write_text(alone + "\n" + both)
    print(alone + "\n" + both)


def main() -> None:
    for game in sys.argv[1:] or [*GAMES, "glare"]:
        try:
            glare_example() if game == "glare" else example(game)
        except (PhotoError, ModuleNotFoundError, AttributeError) as e:
            print(f"{game}: no example ({e})")


if __name__ == "__main__":
    main()
