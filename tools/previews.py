"""Render the README's preview images into docs/previews/ (small PNGs, Side A of each sheet).

Sheets that differ only by colour (pieces-red, pieces-yellow, …) are shown once.

Usage: python tools/previews.py [KIT ...]
"""

from __future__ import annotations

import sys
from pathlib import Path

from printkit.draw.png import save_png
from printkit.kits import KITS, find_kit
from printkit.layout.config import load_layout

OUT = Path(__file__).resolve().parents[1] / "docs" / "previews"
DPI = 40


def main() -> None:
    layout = load_layout()
    kits = [find_kit(name) for name in sys.argv[1:]] or list(KITS.values())
    for kit in kits:
        shown: set[str] = set()
        for sheet in kit.build(layout):
            kind = sheet.stem.rsplit("-", 1)[0] if sheet.stem.startswith("pieces-") else sheet.stem
            if kind in shown:
                continue
            shown.add(kind)
            path = save_png(sheet.front, OUT / f"{kit.name}-{sheet.stem}.png", DPI)
            print(path.relative_to(OUT.parents[1]))


if __name__ == "__main__":
    main()
