"""Timing helpers shared by the benchmark scripts (run as ``python benchmarks/NAME.py``)."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable


def median_ms(fn: Callable[[int], object], repeats: int) -> float:
    """Median wall time of ``fn(k)`` for ``k`` in ``range(repeats)``, in milliseconds."""
    times = []
    for k in range(repeats):
        start = time.perf_counter()
        fn(k)
        times.append(time.perf_counter() - start)
    return 1000 * statistics.median(times)
