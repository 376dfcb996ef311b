"""``printkit check``: replay a game record, or examine a position, and report what is wrong.

Each game's ``record`` module (``printkit.games.<game>.record``) has ``check_game`` and
``check_position``, which fill a ``Report`` with ``Finding``s.  A finding is a
rule violation, a wrong claimed score or result, or a position problem; what the record does
not let the checker verify (hidden hands, say) goes into ``report.unchecked``.
"""

from __future__ import annotations

import dataclasses
import enum
import re
from dataclasses import dataclass, field
from typing import Any

from printkit.errors import RecordError
from printkit.games import find_game
from printkit.records.model import Record

__all__ = ["Finding", "Report", "check_record", "resolve_options"]


@dataclass(frozen=True)
class Finding:
    """One thing wrong: ``kind`` is ``illegal``, ``score``, ``result`` or ``position``."""

    kind: str
    message: str
    move: int | None = None
    line: int | None = None
    claimed: int | None = None
    computed: int | None = None

    def text(self) -> str:
        where = []
        if self.move is not None:
            where.append(f"move {self.move}")
        if self.line is not None:
            where.append(f"(line {self.line})" if where else f"line {self.line}")
        return (" ".join(where) + ": " if where else "") + self.message

    def to_json(self) -> dict[str, Any]:
        return {k: v for k, v in dataclasses.asdict(self).items() if v is not None}


@dataclass
class Report:
    """Everything ``check`` found in one record."""

    game: str
    kind: str
    source: str | None = None
    rules: str | None = None
    moves: int = 0
    replayed: int = 0
    stopped_at: int | None = None
    findings: list[Finding] = field(default_factory=list)
    unchecked: list[str] = field(default_factory=list)
    standing: dict[str, int] | None = None
    standing_means: str | None = None
    """What the standing's numbers count, in words (e.g. "points, most wins"), when it
    is not the usual score."""
    winner: str | None = None
    over: bool | None = None
    summary: list[str] = field(default_factory=list)
    uncertain: int = 0
    """Cells of a position the writer or the photo reader was unsure of."""

    def add(
        self,
        kind: str,
        message: str,
        move: int | None = None,
        line: int | None = None,
        claimed: int | None = None,
        computed: int | None = None,
    ) -> None:
        self.findings.append(Finding(kind, message, move, line, claimed, computed))

    def stop(self, move: int) -> None:
        """Replay ends at ``move`` (an illegal move the engine cannot carry on from)."""
        self.stopped_at = move

    @property
    def valid(self) -> bool:
        return not self.findings

    @property
    def exit_code(self) -> int:
        return 0 if self.valid else 1

    def lines(self) -> list[str]:
        """The report as text, one finding per line, verdict last."""
        what = "position" if self.kind == "position" else f"game of {self.moves} moves"
        out = [
            f"{self.source or 'record'}: {self.game} {what}"
            + (f", rules {self.rules}" if self.rules else "")
        ]
        out += [f"  {f.text()}" for f in self.findings]
        if self.stopped_at is not None:
            rest = self.moves - self.stopped_at
            out.append(
                f"  stopped at move {self.stopped_at}: the position after an illegal "
                f"move is not defined, so the {rest} move(s) after it were not checked"
                if rest
                else f"  stopped at move {self.stopped_at}, the last move"
            )
        out += [f"  not checked: {u}" for u in self.unchecked]
        out += [f"  {s}" for s in self.summary]
        if self.standing:
            means = f" ({self.standing_means})" if self.standing_means else ""
            out.append(
                f"  standing{means}: " + ", ".join(f"{p} {s}" for p, s in self.standing.items())
            )
        if self.winner:
            out.append(f"  winner: {self.winner}")
        problems = len(self.findings)
        doubt = (
            f" ({self.uncertain} cell(s) read uncertain: confirm them on the board, or read "
            "a second photo with this one; problems may come from them)"
            if self.uncertain
            else ""
        )
        out.append(
            "verdict: valid"
            if self.valid
            else f"verdict: {problems} problem{'s' if problems != 1 else ''} found{doubt}"
        )
        return out

    def to_json(self) -> dict[str, Any]:
        return {
            "source": self.source,
            "game": self.game,
            "kind": self.kind,
            "rules": self.rules,
            "valid": self.valid,
            "moves": self.moves,
            "replayed": self.replayed,
            "stopped_at": self.stopped_at,
            "findings": [f.to_json() for f in self.findings],
            "unchecked": self.unchecked,
            "standing": self.standing,
            "winner": self.winner,
            "over": self.over,
            "summary": self.summary,
        }


def _coerce(name: str, value: Any, current: Any, record: Record) -> Any:
    """An option value from a record, in the type the options class uses."""
    where = {"source": record.path, "line": record.where("option")}
    if isinstance(current, enum.Enum):
        try:
            return type(current)(str(value).lower())
        except ValueError:
            choices = ", ".join(str(m.value) for m in type(current))
            raise RecordError(
                f"option {name} is one of {choices}, not {value!r}", **where
            ) from None
    if isinstance(current, tuple) and not all(isinstance(v, int) for v in current):
        raise RecordError(f"option {name} cannot be set in a record", **where)
    numbers = _whole_numbers(value)
    if isinstance(current, tuple) or (current is None and numbers is not None):
        if numbers is None:
            raise RecordError(
                f"option {name} is a list of whole numbers (like 50, 60, 70), not {value!r}",
                **where,
            )
        return numbers
    if isinstance(current, bool):
        if not isinstance(value, bool):
            raise RecordError(f"option {name} is true or false, not {value!r}", **where)
        return value
    if isinstance(current, int) and not isinstance(current, bool) or current is None:
        if value is None or (isinstance(value, int) and not isinstance(value, bool)):
            return value
        raise RecordError(f"option {name} is a whole number, not {value!r}", **where)
    return value


def _whole_numbers(value: Any) -> tuple[int, ...] | None:
    """``value`` as whole numbers if it is a list of them (JSON) or ``50, 60, 70`` (text)."""
    if isinstance(value, list) and value:
        ok = all(isinstance(v, int) and not isinstance(v, bool) for v in value)
        return tuple(value) if ok else None
    if isinstance(value, str) and re.fullmatch(r"\s*-?\d+(\s*,\s*-?\d+)+\s*", value):
        return tuple(int(v) for v in value.split(","))
    return None


def resolve_options(
    record: Record, presets: dict[str, Any], default: str, rules: str | None = None
) -> tuple[str, Any]:
    """The preset (``rules`` overrides the record's) with the record's option overrides."""
    name = (rules or record.rules or default).strip().lower()
    if name not in presets:
        raise RecordError(
            f"unknown {record.game} rules {name!r}: choose from {', '.join(presets)}",
            source=record.path,
            line=None if rules else record.where("rules"),
        )
    options = presets[name]
    fields = {f.name for f in dataclasses.fields(options)}
    changes = {}
    for key, value in record.options.items():
        k = key.strip().lower().replace("-", "_").replace(" ", "_")
        if k not in fields:
            raise RecordError(
                f"unknown {record.game} option {key!r}: the options are "
                f"{', '.join(sorted(fields))}",
                source=record.path,
                line=record.where("option"),
            )
        changes[k] = _coerce(k, value, getattr(options, k), record)
    try:
        return name, dataclasses.replace(options, **changes)
    except (ValueError, TypeError) as e:
        raise RecordError(
            f"bad options: {e}", source=record.path, line=record.where("option")
        ) from None


def check_record(record: Record, rules: str | None = None) -> Report:
    """Check a game record or a position; problems of the file itself raise RecordError."""
    module = find_game(record.game, RecordError, source=record.path).record
    report = Report(record.game, record.kind, record.path, moves=len(record.moves))
    try:
        if record.is_position:
            module.check_position(record, report, rules)
        else:
            module.check_game(record, report, rules)
    except RecordError:
        raise
    except ValueError as e:  # a setup the engine refuses (board size, hands, ...)
        raise RecordError(str(e), source=record.path) from None
    return report
