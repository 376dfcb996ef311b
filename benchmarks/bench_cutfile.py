"""Cut files for every sheet of a kit: time to plan and write them, and what cutting takes.

Usage: python benchmarks/bench_cutfile.py [KIT ...]   (default: the four game kits)

For each sheet's front page: milliseconds for cut_paths, cut_svg and cut_dxf (median of
5), then cut length, straight cuts, paths (+ circles) and blade-up travel.  Kits whose
layout can pack its components edge to edge are measured both packed and separated.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable

from printkit.draw.cutfile import cut_dxf, cut_paths, cut_stats, cut_svg
from printkit.kits import find_kit
from printkit.layout.config import load_layout


def ms(fn: Callable[[], object], repeats: int = 5) -> float:
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        fn()
        times.append(time.perf_counter() - started)
    return 1000 * statistics.median(times)


def report(kit_name: str, overrides: dict | None, label: str) -> None:
    layout = load_layout(overrides=overrides)
    sheets = find_kit(kit_name).build(layout)
    print(f"\n{kit_name} ({label})")
    print(
        f"{'sheet':24} {'plan ms':>8} {'svg ms':>7} {'dxf ms':>7} {'cut mm':>9} "
        f"{'straight':>8} {'paths':>6} {'circles':>7} {'travel mm':>9}"
    )
    total_length = total_straight = 0.0
    for sheet in sheets:
        page = sheet.front
        plan = cut_paths(page)
        t_plan = ms(lambda page=page: cut_paths(page))
        t_svg = ms(lambda page=page, plan=plan: cut_svg(page, plan))
        t_dxf = ms(lambda page=page, plan=plan: cut_dxf(page, plan))
        s = cut_stats(page, plan)
        total_length += s.cut_length * sheet.copies
        total_straight += s.straight_cuts * sheet.copies
        print(
            f"{sheet.stem:24} {t_plan:8.1f} {t_svg:7.1f} {t_dxf:7.1f} {s.cut_length:9.1f} "
            f"{s.straight_cuts:8d} {s.paths:6d} {s.circles:7d} {s.travel:9.1f}"
        )
    print(
        f"{'all sheets x copies':24} {'':8} {'':7} {'':7} {total_length:9.1f} "
        f"{int(total_straight):8d}"
    )


VARIANTS = {
    "tripakus": [
        ({"tripakus.gap": 0.0}, "packed edge to edge, gap 0"),
        ({"tripakus.gap": 3.0}, "spaced for scissors, gap 3 mm"),
    ],
    "tripitz": [
        ({"tripitz.token": "hex"}, "hexagonal tokens sharing cut lines"),
        ({"tripitz.token": "round"}, "round tokens"),
    ],
    "triominoes": [
        ({"triominoes.spacing": 0.0}, "tiles sharing cut lines, spacing 0"),
        ({"triominoes.spacing": 3.0}, "separated tiles, spacing 3 mm"),
    ],
    "tripod": [(None, "default layout")],
}


def main() -> None:
    for name in sys.argv[1:] or list(VARIANTS):
        kit = find_kit(name)
        for overrides, label in VARIANTS.get(kit.name, [(None, "default layout")]):
            report(kit.name, overrides, label)


if __name__ == "__main__":
    main()
