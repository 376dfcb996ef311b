"""Writing files atomically: a temporary file in the same folder, then a rename."""

from __future__ import annotations

import errno
import os
import tempfile
from pathlib import Path

from printkit.errors import PrintkitError

__all__ = ["OutputError", "write_all", "write_atomic"]


class OutputError(PrintkitError):
    """A file that cannot be written where the user asked (the message names the path)."""


def _exists(path: Path) -> bool:
    """``path.exists()`` that answers False where the operating system refuses to say."""
    try:
        return path.exists()
    except OSError:
        return False


def _reason(path: Path, error: OSError) -> str:
    """The problem with writing ``path`` in plain words: a parent that is a file, a folder
    in the way, a missing or read-only place."""
    for parent in path.parents:
        try:
            if parent.exists():
                if not parent.is_dir():
                    return f"{parent} is a file, not a folder"
                break
        except OSError:
            break
    if _exists(path) and path.is_dir():
        return "it is a folder, not a file"
    if error.errno == errno.ENOENT and _exists(path.parent) and path.parent.is_dir():
        return f"files cannot be created in {path.parent}"
    words = {
        errno.EACCES: "permission denied",
        errno.EPERM: "permission denied",
        errno.EROFS: "the place is read-only",
        errno.ENOSPC: "no space left on the device",
        errno.ENOENT: "the folder cannot be created there",
        errno.ENOTDIR: "a part of the path is not a folder",
        errno.ENAMETOOLONG: "the name is too long",
    }
    return words.get(error.errno or 0, (error.strerror or str(error)).lower())


def write_atomic(path: str | os.PathLike[str], data: bytes | str) -> Path:
    """Write ``data`` to ``path`` so that readers see the old file or the whole new one.

    An operating-system error (a parent that is a file, a read-only place, a full disk)
    becomes an :class:`OutputError` naming ``path``; no temporary file is left behind.
    """
    path = Path(path)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    tmp: str | None = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        with os.fdopen(fd, "wb") as f:
            f.write(payload)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except OSError as e:
        if tmp is not None:
            Path(tmp).unlink(missing_ok=True)
        raise OutputError(f"cannot write the file: {_reason(path, e)}", source=str(path)) from None
    except BaseException:
        if tmp is not None:
            Path(tmp).unlink(missing_ok=True)
        raise
    return path


def write_all(files: list[tuple[Path, bytes | str]]) -> list[Path]:
    """Write several files, each atomically; if one cannot be written, the new files written
    before it are removed again (files that existed before are left as written), so a failed
    command leaves no part of its output behind."""
    written: list[tuple[Path, bool]] = []
    made: list[Path] = []  # folders created on the way, the outermost first
    try:
        for path, data in files:
            path = Path(path)
            missing = [p for p in (path.parent, *path.parent.parents) if not _exists(p)]
            made += reversed(missing)
            existed = _exists(path)
            written.append((write_atomic(path, data), existed))
    except OutputError:
        for path, existed in written:
            if not existed:
                path.unlink(missing_ok=True)
        for folder in reversed(made):
            try:
                folder.rmdir()  # only when empty
            except OSError:
                pass
        raise
    return [path for path, _ in written]
