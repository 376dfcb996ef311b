"""Reading and writing records in either form, JSON (canonical) or text.

``load_record`` sniffs the form (a file whose first non-blank character is ``{`` is JSON),
validates JSON against ``record.schema.json`` and turns every problem into a
``RecordError`` naming the file, line and column.
"""

from __future__ import annotations

import json
import re
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from printkit.errors import RecordError
from printkit.fileio import write_atomic
from printkit.games import GAMES
from printkit.records.model import FORMAT, VERSION, MoveEntry, Record
from printkit.records.text import format_text, parse_text

__all__ = [
    "schema",
    "parse_json",
    "record_from_json",
    "load_record",
    "dumps_json",
    "save_record",
    "record_text",
    "file_format",
]


@cache
def _schema_text() -> str:
    return resources.files("printkit.records").joinpath("record.schema.json").read_text("utf-8")


def schema() -> dict[str, Any]:
    """The JSON Schema of the canonical form, its game names taken from the registry."""
    data = json.loads(_schema_text())
    data["properties"]["game"]["enum"] = list(GAMES)
    return data


def _validator():
    return _validator_for(tuple(GAMES))


@cache
def _validator_for(games: tuple[str, ...]):
    """The schema validator for these registered games."""
    from jsonschema import Draft202012Validator  # slow to import: loaded for JSON records only

    return Draft202012Validator(schema())


def _key_line(text: str, key: str, nth: int) -> int | None:
    """The line of the ``nth`` (0-based) occurrence of ``"key":`` in ``text``."""
    for k, m in enumerate(re.finditer(rf'"{re.escape(key)}"\s*:', text)):
        if k == nth:
            return text.count("\n", 0, m.start()) + 1
    return None


def _path_line(text: str, path: list) -> int | None:
    """A best guess at the line of a schema error's location."""
    if len(path) >= 2 and path[0] == "moves" and isinstance(path[1], int):
        return _key_line(text, "move", path[1]) or _key_line(text, "moves", 0)
    keys = [step for step in path if isinstance(step, str)]
    return _key_line(text, keys[-1], 0) if keys else None


def record_from_json(data: dict[str, Any], text: str = "", path: str | None = None) -> Record:
    """A ``Record`` from already-validated JSON data."""
    moves = [
        MoveEntry(
            m["move"], m.get("player"), m.get("score"), m.get("note"), _key_line(text, "move", k)
        )
        for k, m in enumerate(data.get("moves", []))
    ]
    record = Record(
        game=data["game"],
        kind=data["kind"],
        rules=data.get("rules"),
        options=dict(data.get("options", {})),
        players=list(data.get("players", [])),
        setup=dict(data.get("setup", {})),
        moves=moves,
        result=data.get("result"),
        winner=data.get("winner"),
        cells=dict(data.get("cells", {})),
        uncertain=list(data.get("uncertain", [])),
        confidence=dict(data.get("confidence", {})),
        meta=dict(data.get("meta", {})),
        path=path,
    )
    for cell in record.cells:
        line = _key_line(text, cell, 0)
        if line is not None:
            record.lines["cell " + cell] = line
    for key in ("rules", "players", "setup", "result", "winner", "options"):
        line = _key_line(text, key, 0)
        if line is not None:
            record.lines[key] = line
    return record


def parse_json(text: str, path: str | None = None) -> Record:
    """Read the JSON form; ``RecordError`` with line and column for any problem."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise RecordError(
            f"not valid JSON: {e.msg}", source=path, line=e.lineno, column=e.colno
        ) from None
    except RecursionError:
        raise RecordError("not valid JSON: nested too deeply", source=path) from None
    if isinstance(data, dict) and data.get("format") == FORMAT and data.get("version") != VERSION:
        raise RecordError(
            f"version {data.get('version')!r} of {FORMAT} cannot be read: this "
            f"printkit reads version {VERSION}",
            source=path,
            line=_key_line(text, "version", 0),
        )
    errors = sorted(_validator().iter_errors(data), key=lambda e: list(e.absolute_path))
    if errors:
        e = errors[0]
        where = "/".join(str(p) for p in e.absolute_path) or "the top level"
        message = e.message if len(e.message) < 200 else e.message[:197] + "..."
        raise RecordError(
            f"{where}: {message}", source=path, line=_path_line(text, list(e.absolute_path))
        )
    return record_from_json(data, text, path)


def file_format(path: str | Path, text: str = ""):
    """The registered game and file format that reads ``path`` (by its suffix, or an SGF
    file by its opening ``(;``), or None for printkit's own forms."""
    suffix = Path(path).suffix.lower()
    found = [(g, f) for g in GAMES.values() for f in g.formats]
    for game, fmt in found:
        if fmt.suffix == suffix:
            return game, fmt
    sgf = [(g, f) for g, f in found if f.suffix.endswith("sgf")]
    if text.lstrip().startswith("(;") and len(sgf) == 1:
        return sgf[0]
    return None


def load_record(path: str | Path) -> Record:
    """Read a record file in either form."""
    p = Path(path)
    try:
        raw = p.read_bytes()
    except OSError as e:
        raise RecordError(f"cannot read the file: {e.strerror or e}", source=str(p)) from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        line = raw[: e.start].count(b"\n") + 1
        raise RecordError("the file is not UTF-8 text", source=str(p), line=line) from None
    if "\x00" in text:
        raise RecordError("the file is binary, not a record", source=str(p))
    if text.lstrip().startswith("{") or p.suffix.lower() == ".json":
        return parse_json(text, str(p))
    other = file_format(p, text)
    if other is not None:
        game, fmt = other
        return game.module(fmt.module).read(text, str(p))
    return parse_text(text, str(p))


def dumps_json(record: Record) -> str:
    return json.dumps(record.to_json(), indent=2, ensure_ascii=False) + "\n"


def record_text(record: Record, path: str | Path) -> str:
    """``record`` as the file ``path`` holds it: JSON for ``.json`` files, another program's
    form for its suffix (``.blksgf``), text otherwise."""
    if Path(path).suffix.lower() == ".json":
        return dumps_json(record)
    other = file_format(path)
    if other is not None:
        game, fmt = other
        if game.name != record.game:
            raise RecordError(
                f"a {fmt.suffix} file ({fmt.title}) holds {game.title} games, not {record.game}",
                source=record.path,
            )
        return game.module(fmt.module).write(record)
    return format_text(record)


def save_record(record: Record, path: str | Path) -> Path:
    """Write ``record`` atomically, as JSON for ``.json`` files and as text otherwise."""
    return write_atomic(Path(path), record_text(record, path))
