"""Time the polyiamond enumerator: free counts up to orders 12 and 14, canonical forms.

Targets: all orders up to 12 in at most 1 s, up to 14 in at most 10 s.

    PYTHONPATH=. python benchmarks/bench_enumerate.py
"""

from __future__ import annotations

import time

from printkit.geometry.polyiamonds import count_fixed, count_free, free_polyiamonds

A000577 = [1, 1, 1, 3, 4, 12, 24, 66, 160, 448, 1186, 3334, 9235, 26166]


def timed(fn, *args):
    start = time.perf_counter()
    result = fn(*args)
    return result, time.perf_counter() - start


def main() -> None:
    for max_order, target in ((12, 1.0), (14, 10.0)):
        counts, seconds = timed(count_free, max_order)
        ok = counts == A000577[:max_order]
        print(
            f"count_free({max_order}): {seconds:6.2f} s (target <= {target:.0f} s), "
            f"{'matches' if ok else 'DIFFERS FROM'} A000577: {counts}"
        )
    fixed, seconds = timed(count_fixed, 14)
    print(f"count_fixed(14):  {seconds:6.2f} s: {fixed}")
    for n in (6, 10, 12):
        shapes, seconds = timed(free_polyiamonds, n)
        print(f"free_polyiamonds({n}): {len(shapes)} canonical forms in {seconds:.3f} s")


if __name__ == "__main__":
    main()
