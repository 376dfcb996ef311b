"""Cut files for every TriPakus sheet: time to plan and write them, and what cutting takes.

Usage: python benchmarks/bench_cutfile.py [KIT ...]   (default: tripakus)

For each sheet's front page: milliseconds for cut_paths, cut_svg and cut_dxf (median of
5), then cut length, straight cuts, paths (+ circles) and blade-up travel.  Kits whose
layout has a ``gap`` (pieces edge to edge at 0) are measured both packed and spaced.
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
    print(f"{'sheet':24} {'plan ms':>8} {'svg ms':>7} {'dxf ms':>7} {'cut mm':>9} "
          f"{'straight':>8} {'paths':>6} {'circles':>7} {'travel mm':>9}")
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
        print(f"{sheet.stem:24} {t_plan:8.1f} {t_svg:7.1f} {t_dxf:7.1f} {s.cut_length:9.1f} "
              f"{s.straight_cuts:8d} {s.paths:6d} {s.circles:7d} {s.travel:9.1f}")
    print(f"{'all sheets x copies':24} {'':8} {'':7} {'':7} {total_length:9.1f} "
          f"{int(total_straight):8d}")


def main() -> None:
    for name in sys.argv[1:] or ["tripakus"]:
        kit = find_kit(name)
        if "gap" in load_layout().data.get(kit.name, {}):
            report(kit.name, {f"{kit.name}.gap": 0.0}, "packed edge to edge, gap 0")
            report(kit.name, {f"{kit.name}.gap": 3.0}, "spaced for scissors, gap 3 mm")
        else:
            report(kit.name, None, "default layout")


if __name__ == "__main__":
    main()
