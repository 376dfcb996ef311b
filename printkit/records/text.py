"""The plain-text form of records: what a person writes at the table.

Header lines ``Key: value`` come first, then the body, one entry per line::

    Game: tripitz
    Rules: standard
    Players: Ana, Ben
    Centre: RTW YCK BMN GSL
    Hand Ana: RSB YTK ...

    1. Ana: RCW@40 = 2      # move, optional player, optional claimed score
    2. exchange BTK/GSW
    Result: Ana 12, Ben 9

A position's body lists what each cell holds, either ``content: cell cell ...`` or
``cell = content``; a trailing ``?`` marks a cell the writer (or the photo reader) is unsure
of.  ``#`` starts a comment.  ``format_text`` writes what ``parse_text`` reads.
"""

from __future__ import annotations

import re

from printkit.errors import RecordError
from printkit.games import GAMES
from printkit.records.model import FORMAT, KINDS, VERSION, MoveEntry, Record

__all__ = ["parse_text", "format_text"]

_HEADER = re.compile(r"([A-Za-z][\w ]*?)\s*:\s*(.*)")
_MOVE = re.compile(r"(?:(\d+)\s*\.\s*)?(?:([A-Za-z][\w-]*)\s*:\s+)?(.*?)(?:\s*=\s*([+-]?\d+))?")
_TOKEN = re.compile(r"\([^)]*\)|[^\s,]+")
_META = ("date", "event", "site", "round", "note", "source", "variant")
_SETUP_LISTS = ("centre", "bag")


def _split_comment(line: str) -> tuple[str, str | None]:
    body, hash_, note = line.partition("#")
    return body.strip(), (note.strip() or None) if hash_ else None


def _int(text: str, what: str, path: str | None, line: int) -> int:
    try:
        return int(text)
    except ValueError:
        raise RecordError(
            f"{what} must be a whole number, not {text!r}", source=path, line=line
        ) from None


def _scores(text: str, path: str | None, line: int) -> dict[str, int]:
    """``Ana 12, Ben 9`` (or ``Ana: 12; Ben: 9``) as a dict."""
    out: dict[str, int] = {}
    for part in re.split(r"[,;]", text):
        words = part.replace(":", " ").split()
        if not words:
            continue
        if len(words) != 2:
            raise RecordError(
                f"a result is 'player score, player score', not {part.strip()!r}",
                source=path,
                line=line,
            )
        out[words[0]] = _int(words[1], f"{words[0]}'s score", path, line)
    return out


def _option_value(text: str) -> object:
    low = text.strip().lower()
    if low in ("true", "yes", "on"):
        return True
    if low in ("false", "no", "off"):
        return False
    if low in ("none", "null", "-"):
        return None
    if re.fullmatch(r"[+-]?\d+", low):
        return int(low)
    return text.strip()


def _header(record: Record, key: str, value: str, path: str | None, line: int) -> bool:
    """Store one header line; False if ``key`` is not a header (the body starts)."""
    k = key.lower().strip()
    if k == "format":
        words = value.split()
        if not words or words[0] != FORMAT or (len(words) > 1 and words[1] != str(VERSION)):
            raise RecordError(
                f"this reads {FORMAT} {VERSION}, not {value!r}", source=path, line=line
            )
    elif k == "game":
        game = value.strip().lower()
        if game not in GAMES:
            raise RecordError(
                f"unknown game {value.strip()!r}: choose from {', '.join(GAMES)}",
                source=path,
                line=line,
            )
        record.game = game
    elif k == "kind":
        kind = value.strip().lower()
        if kind not in KINDS:
            raise RecordError(
                f"kind is 'game' or 'position', not {value.strip()!r}", source=path, line=line
            )
        record.kind = kind
    elif k == "rules":
        record.rules = value.strip()
    elif k == "option":
        name, eq, v = value.partition("=")
        if not eq or not name.strip():
            raise RecordError(
                f"an option is 'Option: name = value', not {value!r}", source=path, line=line
            )
        record.options[name.strip()] = _option_value(v)
    elif k == "players":
        record.players = [p.strip() for p in value.split(",") if p.strip()]
    elif k in _META:
        record.meta[k] = value.strip()
    elif k in _SETUP_LISTS:
        record.setup[k] = _TOKEN.findall(value)
    elif k == "seed":
        record.setup["seed"] = _int(value.strip(), "the seed", path, line)
    elif k.startswith("pieces "):
        colour = key.strip()[7:].strip()
        record.setup.setdefault("pieces", {})[colour] = [
            m.strip() for m in value.split(";") if m.strip()
        ]
    elif k == "to play":
        record.setup["to_play"] = value.strip()
    elif k.startswith("hand "):
        player = key.strip()[5:].strip()
        record.setup.setdefault("hands", {})[player] = _TOKEN.findall(value)
    elif k == "result":
        record.result = _scores(value, path, line)
    elif k == "winner":
        record.winner = value.strip()
    else:
        return False
    record.lines[k] = line
    return True


def _position_line(record: Record, text: str, path: str | None, line: int) -> None:
    if "=" in text and ":" not in text.split("=")[0]:
        cell, _, content = text.partition("=")
        pairs = [(cell.strip(), content.strip())]
    else:
        content, colon, cells = text.partition(":")
        if not colon or not cells.strip():
            raise RecordError(
                f"a position line is 'content: cell cell ...' or 'cell = content', not {text!r}",
                source=path,
                line=line,
            )
        pairs = [(c, content.strip()) for c in _TOKEN.findall(cells)]
    for cell, content in pairs:
        unsure = cell.endswith("?")
        cell = cell.rstrip("?").strip()
        if not cell or not content:
            raise RecordError(f"empty cell or content in {text!r}", source=path, line=line)
        if cell in record.cells:
            raise RecordError(
                f"cell {cell} is given twice (first on line {record.lines.get('cell ' + cell)})",
                source=path,
                line=line,
            )
        record.cells[cell] = content
        record.lines["cell " + cell] = line
        if unsure:
            record.uncertain.append(cell)


def parse_text(text: str, path: str | None = None) -> Record:
    """Read a record written by hand; ``RecordError`` names the line of the first problem."""
    record = Record(game="")
    in_body = False
    for n, raw in enumerate(text.splitlines(), start=1):
        body, note = _split_comment(raw)
        if not body:
            continue
        m = _HEADER.fullmatch(body)
        if m and (not in_body or m[1].lower() in ("result", "winner")):
            if _header(record, m[1], m[2], path, n):
                continue
        if not record.game:
            raise RecordError("the record must start with a 'Game:' line", source=path, line=n)
        in_body = True
        if record.kind == "position":
            _position_line(record, body, path, n)
            continue
        m = _MOVE.fullmatch(body)
        if m is None or not m[3].strip():
            raise RecordError(f"cannot read move {body!r}", source=path, line=n)
        score = int(m[4]) if m[4] is not None else None
        record.moves.append(MoveEntry(m[3].strip(), m[2], score, note, n))
    if not record.game:
        raise RecordError("no 'Game:' line: this is not a printkit record", source=path, line=1)
    record.path = path
    return record


def _score_text(scores: dict[str, int]) -> str:
    return ", ".join(f"{p} {s}" for p, s in scores.items())


def format_text(record: Record) -> str:
    """The text form of ``record`` (``parse_text`` reads it back to an equal record)."""
    out = [f"Format: {FORMAT} {VERSION}", f"Game: {record.game}"]
    if record.kind != "game":
        out.append(f"Kind: {record.kind}")
    if record.rules:
        out.append(f"Rules: {record.rules}")
    for name, value in record.options.items():
        shown = (
            "none" if value is None else str(value).lower() if isinstance(value, bool) else value
        )
        out.append(f"Option: {name} = {shown}")
    if record.players:
        out.append("Players: " + ", ".join(record.players))
    for key, value in record.meta.items():
        out.append(f"{key.capitalize()}: {value}")
    for key in _SETUP_LISTS:
        if key in record.setup:
            out.append(f"{key.capitalize()}: " + " ".join(record.setup[key]))
    if "seed" in record.setup:
        out.append(f"Seed: {record.setup['seed']}")
    for player, hand in record.setup.get("hands", {}).items():
        out.append(f"Hand {player}: " + " ".join(hand))
    for colour, pieces in record.setup.get("pieces", {}).items():
        out.append(f"Pieces {colour}: " + "; ".join(pieces))
    if "to_play" in record.setup:
        out.append(f"To play: {record.setup['to_play']}")
    out.append("")
    if record.kind == "position":
        by_content: dict[str, list[str]] = {}
        for cell, content in record.cells.items():
            mark = "?" if cell in record.uncertain else ""
            by_content.setdefault(content, []).append(cell + mark)
        out += [f"{content}: {' '.join(cells)}" for content, cells in by_content.items()]
    else:
        for k, m in enumerate(record.moves, start=1):
            line = f"{k}. " + (f"{m.player}: " if m.player else "") + m.move
            if m.score is not None:
                line += f" = {m.score}"
            if m.note:
                line += f"  # {m.note}"
            out.append(line)
        if record.result is not None:
            out.append("Result: " + _score_text(record.result))
        if record.winner is not None:
            out.append(f"Winner: {record.winner}")
    return "\n".join(out) + "\n"
