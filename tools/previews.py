"""Render the README's preview images into docs/previews/ (small PNGs, Side A of each sheet).

Sheets that differ only by colour (pieces-red, pieces-yellow, …) are shown once; a
Triominoes tile sheet is also shown with each cutting machine's marks.  A board
printed in sections is also shown assembled, its copies glued as they lie on the table
(``<kit>-assembled.png``, from the game's photo-reader model of the board), and each kit's
build guide (``<kit>-build-guide.png``, its first page).

Usage: python tools/previews.py [KIT ...]
"""

from __future__ import annotations

import sys
from pathlib import Path

import pypdfium2 as pdfium

from printkit.build import plan_kits
from printkit.draw.model import Affine, Page, Polygon, Role, Style
from printkit.draw.png import save_png
from printkit.games import GAMES
from printkit.kits import KITS, find_kit
from printkit.layout.config import load_layout

OUT = Path(__file__).resolve().parents[1] / "docs" / "previews"
DPI = 40
GUIDE_DPI = 60  # the guides' text stays legible in the README


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
        if kit.name == "triominoes":  # the README's Cutting section: marks for each machine
            for cutter in ("silhouette", "scanncut"):
                marked = kit.build(layout.with_values(print={"cutter": cutter}))
                sheet = next(s for s in marked if s.stem.startswith("tiles"))
                path = save_png(sheet.front, OUT / f"cutter-{cutter}.png", DPI)
                print(path.relative_to(OUT.parents[1]))
        game = GAMES.get(kit.name)
        variants = [m.variant for m in game.reader.board_models(layout)] if game else []
        if "sections" in variants:
            picture = game.reader.board_picture(layout, "sections")
            x0, y0, x1, y1 = picture.bbox()
            page = Page(x1 - x0 + 10, y1 - y0 + 10)
            corners = ((0, 0), (page.width, 0), (page.width, page.height), (0, page.height))
            page.add(Polygon(corners, Style(fill="#e8e4dc"), Role.FILL))  # the table
            page.place(picture, Affine.translate(5 - x0, 5 - y0))
            path = save_png(page, OUT / f"{kit.name}-assembled.png", DPI)
            print(path.relative_to(OUT.parents[1]))
        guide = next(f for f in plan_kits([kit], layout, ("pdf",))[1] if "build-guide" in f.path)
        path = OUT / f"{kit.name}-build-guide.png"
        doc = pdfium.PdfDocument(guide.make())
        doc[0].render(scale=GUIDE_DPI / 72).to_pil().save(path)
        doc.close()
        print(path.relative_to(OUT.parents[1]))


if __name__ == "__main__":
    main()
