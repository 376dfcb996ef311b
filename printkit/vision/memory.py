"""Photo-sized buffers kept for reuse in a process that reads photo after photo.

A 12-megapixel photo straightened, lit and corrected passes through dozens of float
images of 50-150 MB each.  The C library hands blocks that large straight back to the
system when numpy frees them, and the next image of the same size is faulted in page by
page again.  Measured over ``tests/test_vision_tripod.py`` (30 tests, each shooting and
reading 12-megapixel photos): 36 s of the run's 122 s of CPU was the kernel's, and with
the freed blocks kept 11 s; the run took 52 s instead of 65 s, the whole suite 474 s
instead of 646 s.  A single ``printkit read`` gains nothing (each buffer is touched for
the first time anyway; measured 0.1-0.2 s slower, the heap grown in larger steps), and
``benchmarks/bench_log.py`` hardly (17.4 s → 17.0 s: its workers read half-size images),
so only processes that read photo after photo keep them: the workers of ``printkit log``,
the test suite, the benchmarks.
"""

from __future__ import annotations

import ctypes

__all__ = ["keep_freed_memory"]

M_TRIM_THRESHOLD = -1
M_TOP_PAD = -2
M_MMAP_MAX = -4
"""glibc's ``mallopt`` parameters (``malloc.h``)."""
KEPT = (1 << 31) - 1
"""Free memory at the top of the heap is returned to the system only beyond this much
(2 GiB, the most ``mallopt`` takes: more than a photo's reading frees at once)."""
TOP_PAD = 1 << 28
"""The heap grows by at least this much at a time (256 MiB: two or three photo buffers)."""


def keep_freed_memory() -> bool:
    """Keep freed photo-sized blocks in this process's heap for the next image (glibc's
    ``mallopt``: no block served by ``mmap``, the heap's top never trimmed); whether the
    C library took it (elsewhere than glibc, nothing changes)."""
    try:
        # The process's own symbols, the C library's among them: finding libc by name
        # (ctypes.util) would cost every printkit command 14 ms of imports at start-up.
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):
        return False
    mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
    settings = ((M_MMAP_MAX, 0), (M_TRIM_THRESHOLD, KEPT), (M_TOP_PAD, TOP_PAD))
    return all(mallopt(param, value) == 1 for param, value in settings)
