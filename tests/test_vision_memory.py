"""Photo-sized buffers stay in the heap of a process that reads photo after photo."""

from __future__ import annotations

import ctypes
import platform

import numpy as np

from printkit.vision.memory import keep_freed_memory


class _MallocInfo(ctypes.Structure):
    """glibc's ``struct mallinfo2`` (``malloc.h``)."""

    _fields_ = [
        (name, ctypes.c_size_t)
        for name in (
            "arena ordblks smblks hblks hblkhd usmblks fsmblks uordblks fordblks keepcost".split()
        )
    ]


def test_a_freed_photo_sized_buffer_stays_in_the_heap():
    """On glibc (this project's Linux machines), a 12-megapixel float image freed is kept
    as free heap for the next one, not handed back to the system."""
    assert keep_freed_memory() == (platform.libc_ver()[0] == "glibc")
    libc = ctypes.CDLL("libc.so.6")
    libc.mallinfo2.restype = _MallocInfo
    image = np.ones((3000, 4000, 3), np.float32)  # 144 MB
    assert libc.mallinfo2().hblkhd < image.nbytes  # not a block of its own from mmap
    del image
    assert libc.mallinfo2().fordblks >= 3000 * 4000 * 3 * 4
