"""What the reader derives from a kit's layout alone, kept on disk between processes.

Every ``printkit read`` needs the board as the kit prints it: its models (cells, markers,
colour strips) and the strokes of its print.  Building them draws the board, measures its
text and rasterises it: a few tenths of a second, as long as reading the photo's cells,
and the same every time for the same layout.  So the first process builds them and stores
them under the user's cache directory; later ones load them in milliseconds.

An entry's name is a digest of everything it derives from: what it is, the game and
layout, printkit's own files (code, fonts, catalogues), Python's version and the libraries
that draw and rasterise.  A changed file or upgraded library names other entries;
stale ones are never read.  ``PRINTKIT_CACHE`` sets the directory (``off`` keeps nothing);
otherwise ``$XDG_CACHE_HOME/printkit`` or ``~/.cache/printkit``.  An entry that cannot be
read or written is built as if there were none: the cache only saves time.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import pickle
import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import TypeVar

from printkit.fileio import OutputError, write_atomic

__all__ = ["stored", "cache_dir"]

T = TypeVar("T")

PACKAGE = Path(__file__).resolve().parent.parent
"""printkit's own files: any change to them names new entries."""
LIBRARIES = ("numpy", "cv2", "pypdfium2", "reportlab", "shapely")
"""Libraries whose installed files name entries: they compute and rasterise what is
stored."""
OFF = "off"


def cache_dir() -> Path | None:
    """Where entries are kept, or None when ``PRINTKIT_CACHE`` is ``off``."""
    chosen = os.environ.get("PRINTKIT_CACHE")
    if chosen is not None:
        return None if chosen.strip().lower() in (OFF, "") else Path(chosen)
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "printkit"


def stored(what: str, key: object, build: Callable[[], T]) -> T:
    """``build()``, or what an earlier process stored for ``what`` and ``key`` (whose
    ``repr`` names it, with ``_fingerprint``); what is built is stored for later ones."""
    folder = cache_dir()
    if folder is None:
        return build()
    name = hashlib.sha256(f"{what}\n{key!r}\n{_fingerprint()}".encode()).hexdigest()[:32]
    path = folder / f"{what}-{name}.pickle"
    try:
        with path.open("rb") as file:
            return pickle.load(file)
    except Exception:  # none yet, or unreadable (a disk full once, another version): built
        pass
    value = build()
    _store(path, value)
    _prune(folder, what)
    return value


KEPT_ENTRIES = 24
"""Entries of one kind kept, the newest: every game's board variants for a few layouts
(entries of printkit's or a library's earlier versions are never read again)."""


def _prune(folder: Path, what: str) -> None:
    """Remove all but the ``KEPT_ENTRIES`` newest entries of ``what``."""
    try:
        entries = sorted(folder.glob(f"{what}-*.pickle"), key=lambda p: p.stat().st_mtime_ns)
        for old in entries[:-KEPT_ENTRIES]:
            old.unlink(missing_ok=True)
    except OSError:  # another process pruning too, or a folder gone: left for the next
        pass


def _store(path: Path, value: object) -> None:
    """Write ``value`` to ``path`` atomically (``write_atomic``: a reader never sees half
    an entry); a place that cannot be written, or a value that cannot be pickled, leaves
    nothing behind."""
    try:
        write_atomic(path, pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))
    except (OutputError, pickle.PicklingError, AttributeError, TypeError):
        pass  # the next process builds it again


@cache
def _fingerprint() -> str:
    """What stored entries depend on beyond their keys: Python's version, and the size
    and modification time of each of printkit's files and of each library's (as Python
    itself checks its bytecode against a module's source: an edit or an upgrade shows)."""
    files = sorted(p for p in PACKAGE.rglob("*") if p.is_file() and "__pycache__" not in p.parts)
    for name in LIBRARIES:
        spec = importlib.util.find_spec(name)  # where it lies, without importing it
        files.append(Path(spec.origin) if spec and spec.origin else Path(name))
    digest = hashlib.sha256(sys.version.encode())
    for path in files:
        try:
            stat = path.stat()
            digest.update(f"{path}\t{stat.st_size}\t{stat.st_mtime_ns}\n".encode())
        except OSError:
            digest.update(f"{path}\t-\n".encode())
    return digest.hexdigest()
