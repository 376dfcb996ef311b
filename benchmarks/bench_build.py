"""How long building kits takes: layout, then PDF and SVG, then PNG previews too.

Usage: python benchmarks/bench_build.py [KIT ...]   (default: every kit, and TriPakus alone)
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

from printkit.build import build_kits
from printkit.kits import KITS, find_kit
from printkit.layout.config import load_layout


def timed(kits, formats, repeats=3) -> float:
    layout = load_layout()
    times = []
    for _ in range(repeats):
        with tempfile.TemporaryDirectory() as out:
            started = time.perf_counter()
            build_kits(kits, layout, Path(out), formats)
            times.append(time.perf_counter() - started)
    return statistics.median(times)


def main() -> None:
    names = sys.argv[1:]
    groups = [[find_kit(n) for n in names]] if names else [[KITS["tripakus"]], list(KITS.values())]
    timed(groups[0], ("pdf",), repeats=1)  # warm imports and caches
    for kits in groups:
        label = ", ".join(k.name for k in kits)
        for formats in (("pdf", "svg"), ("pdf", "svg", "png")):
            t = timed(kits, formats)
            print(f"{label:45} {'+'.join(formats):12} {t:6.2f} s (median of 3)")


if __name__ == "__main__":
    main()
