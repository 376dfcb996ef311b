"""A photo file and its pictures, decoded once each, and ahead of need if asked.

A 12-megapixel JPEG takes OpenCV 40-80 ms to decode whole, outside Python's lock, while
loading the reader's modules and stored board models is Python's own work.  So
``printkit read`` starts decoding its photo first (``PhotoFile.ahead``) and loads the
rest meanwhile: the two share the machine's cores instead of following each other.
"""

from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

import cv2
import numpy as np

__all__ = ["PhotoFile"]

HALF = cv2.IMREAD_REDUCED_COLOR_2
"""Decoded at half size: JPEG decodes that at a fraction of the cost."""
WHOLE = cv2.IMREAD_COLOR


class PhotoFile:
    """A photo file's bytes (``data``) with its picture at half size and whole (BGR, None
    if the bytes are no image), each decoded once, on first need or ahead of it."""

    def __init__(self, data: bytes | np.ndarray) -> None:
        self.data = np.frombuffer(data, dtype=np.uint8) if isinstance(data, bytes) else data
        self._pictures: dict[int, Future] = {}

    @classmethod
    def read(cls, path: str | Path) -> PhotoFile:
        """The file's bytes (``OSError`` if it cannot be read)."""
        return cls(np.fromfile(path, dtype=np.uint8))

    def ahead(self) -> PhotoFile:
        """Start decoding both pictures, half size first, on a thread of their own."""
        pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="decode")
        for flags in (HALF, WHOLE):
            self._pictures.setdefault(flags, pool.submit(self._decode, flags))
        pool.shutdown(wait=False)  # the thread ends once both are decoded
        return self

    def half(self) -> np.ndarray | None:
        return self._picture(HALF)

    def whole(self) -> np.ndarray | None:
        return self._picture(WHOLE)

    def _picture(self, flags: int) -> np.ndarray | None:
        if flags not in self._pictures:
            done: Future = Future()
            done.set_result(self._decode(flags))
            self._pictures[flags] = done
        return self._pictures[flags].result()

    def _decode(self, flags: int) -> np.ndarray | None:
        return cv2.imdecode(self.data, flags) if self.data.size else None
