"""Render the README's preview images of each kit into docs/previews/ (small PNGs).

Usage: python tools/previews.py
"""

from __future__ import annotations

from pathlib import Path

from printkit.draw.png import save_png
from printkit.kits import KITS
from printkit.layout.config import load_layout

OUT = Path(__file__).resolve().parents[1] / "docs" / "previews"
DPI = 40


def main() -> None:
    layout = load_layout()
    for kit in KITS.values():
        for sheet in kit.build(layout):
            for side, page in zip(("a", "b"), sheet.pages, strict=False):
                suffix = f"-side-{side}" if sheet.back is not None else ""
                path = save_png(page, OUT / f"{kit.name}-{sheet.stem}{suffix}.png", DPI)
                print(path.relative_to(OUT.parents[1]))


if __name__ == "__main__":
    main()
