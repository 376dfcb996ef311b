"""Worker processes that read photos side by side: one thread each.

The workers already fill the cores; numpy's BLAS or OpenCV threads spinning beside them
double the work (measured: 0.86 s of CPU per TriPakus photo with one thread each, 1.86 s
with BLAS's default).  BLAS sizes its pool from the environment when numpy loads, which in
a new process can happen before any code of ours runs (while the main module is imported
again), so the variables are set in the environment the workers start with.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager

from printkit.vision.memory import keep_freed_memory

__all__ = [
    "blas_on_one_thread",
    "one_thread_each",
    "workers_start_single_threaded",
    "THREAD_VARIABLES",
]

THREAD_VARIABLES = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")
"""What BLAS libraries read, when they load, to size their thread pools."""


def blas_on_one_thread() -> None:
    """Give this process's BLAS one thread, unless the environment already says, when
    called before numpy loads (the command line does, first thing).

    printkit's matrices are small (light and colour fits over a few hundred points), so a
    second BLAS thread only spins beside the work: measured on a 12-megapixel TriPakus
    photo, ``printkit read`` took 1.10 s of CPU with the default pool and 0.70 s with one
    thread, and 0.07 s less wall time, the other core being free for OpenCV."""
    for name in THREAD_VARIABLES:
        os.environ.setdefault(name, "1")


@contextmanager
def workers_start_single_threaded() -> Iterator[None]:
    """Processes started inside this block get one BLAS thread (this process is unchanged:
    its numpy has already sized its pool)."""
    saved = {name: os.environ.get(name) for name in THREAD_VARIABLES}
    os.environ.update(dict.fromkeys(THREAD_VARIABLES, "1"))
    try:
        yield
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def one_thread_each() -> None:
    """A worker's initializer: OpenCV on one thread too, and the photo-sized buffers it
    frees kept for its next photo (``keep_freed_memory``)."""
    import cv2  # heavy (OpenCV): the worker loads it to read photos anyway

    cv2.setNumThreads(1)
    keep_freed_memory()
