"""Timing helpers shared by the benchmark scripts (run as ``python benchmarks/NAME.py``)."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable


def _times_ms(fn: Callable[[int], object], repeats: int) -> list[float]:
    """Wall time of ``fn(k)`` for each ``k`` in ``range(repeats)``, in milliseconds."""
    times = []
    for k in range(repeats):
        start = time.perf_counter()
        fn(k)
        times.append(1000 * (time.perf_counter() - start))
    return times


def median_ms(fn: Callable[[int], object], repeats: int) -> float:
    """Median wall time of ``fn(k)`` for ``k`` in ``range(repeats)``, in milliseconds."""
    return statistics.median(_times_ms(fn, repeats))


def machine_speed() -> str:
    """How fast this machine runs the work the benchmarks time, for comparing figures taken
    on different days or machines: a pure-Python loop (the readers' and rules' bookkeeping)
    and a 12-megapixel JPEG decode by OpenCV on one thread (the photo's own work), each the
    best of five runs.  The machines this project ran on have differed twofold."""
    import cv2
    import numpy as np

    def loop(_: int) -> int:
        total = 0
        for i in range(1_000_000):
            total += i
        return total

    rng = np.random.default_rng(0)
    noise = rng.integers(0, 256, (750, 1000, 3), dtype=np.uint8)
    image = cv2.resize(cv2.GaussianBlur(noise, (0, 0), 3), (4000, 3000))
    encoded = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 90])[1]
    threads = cv2.getNumThreads()
    cv2.setNumThreads(1)
    try:
        decode = best_ms(lambda _: cv2.imdecode(encoded, cv2.IMREAD_COLOR), 5)
    finally:
        cv2.setNumThreads(threads)
    return (
        f"machine speed: Python loop of 10^6 additions {best_ms(loop, 5):.0f} ms, "
        f"12 MP JPEG decode {decode:.0f} ms"
    )


def best_ms(fn: Callable[[int], object], repeats: int) -> float:
    """Shortest wall time of ``fn(k)`` for ``k`` in ``range(repeats)``, in milliseconds: the
    least disturbed by whatever else the machine is doing."""
    return min(_times_ms(fn, repeats))
