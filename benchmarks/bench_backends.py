"""How fast the PDF, SVG and PNG backends write a busy page of labelled triangles.

Run from the repository root: ``PYTHONPATH=. python benchmarks/bench_backends.py [rows]``
(default 40 rows: 1600 triangles and 1600 labels on one A4 page, a board-sized load).
"""

from __future__ import annotations

import math
import sys
import time

from printkit.draw.model import Document, Page, Polygon, Role, Style, Text
from printkit.draw.pdf import pdf_bytes
from printkit.draw.png import page_png
from printkit.draw.svg import page_svg


def busy_page(rows: int) -> Page:
    """A triangle board of ``rows`` rows fitted to A4, every cell outlined and labelled."""
    side = 190 / rows
    h = side * math.sqrt(3) / 2
    items = []
    for r in range(rows):
        for c in range(-r, r + 1):
            x = 105 + c * side / 2
            y = 20 + r * h
            up = (r + c) % 2 == 0
            pts = (
                ((x, y), (x + side / 2, y + h), (x - side / 2, y + h))
                if up
                else ((x - side / 2, y), (x + side / 2, y), (x, y + h))
            )
            fill = "#f4d03f" if up else "#5dade2"
            items.append(Polygon(pts, Style(fill=fill, stroke="#000000", width=0.2), Role.CUT))
            cy = y + (2 * h / 3 if up else h / 3)
            items.append(Text((x, cy), f"{r},{c}", side / 6))
    return Page(210, 297, items)


def timed(label: str, fn, repeat: int = 3) -> None:
    best = math.inf
    for _ in range(repeat):
        t0 = time.perf_counter()
        out = fn()
        best = min(best, time.perf_counter() - t0)
    print(f"{label:<22} {best * 1000:8.1f} ms  {len(out) / 1024:8.1f} KiB")


def main() -> None:
    rows = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    page = busy_page(rows)
    print(f"{len(page.items)} items ({rows} rows) on one A4 page; best of 3")
    timed("pdf_bytes", lambda: pdf_bytes(Document("bench", [page])))
    timed("page_svg", lambda: page_svg(page))
    timed("page_png 100 dpi", lambda: page_png(page, 100))
    timed("page_png 300 dpi", lambda: page_png(page, 300), repeat=1)


if __name__ == "__main__":
    main()
