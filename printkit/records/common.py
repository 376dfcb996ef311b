"""Small helpers shared by the per-game checkers."""

from __future__ import annotations

import re
from dataclasses import dataclass

from printkit.errors import NotInGameError, RecordError
from printkit.records.check import Report
from printkit.records.model import MoveEntry, Record

__all__ = [
    "Unplayable",
    "parse_moves",
    "parse_setup_list",
    "check_claimed_player",
    "note_uncertain",
    "compare_result",
    "parse_tri_cell",
]

_TRI_CELL = re.compile(r"\(?\s*(-?\d+)\s*,\s*(-?\d+)\s*\)?")


@dataclass(frozen=True, slots=True)
class Unplayable:
    """A move written well that names a piece, pid, tile or cell the game does not have.

    The check reports it as an illegal move (a finding, exit code 1) at its place in the
    record, as it does for a placement off the board; unreadable text is exit code 2.
    """

    text: str
    reason: str

    def __str__(self) -> str:
        return self.text


def parse_moves(record: Record, parse) -> list:
    """Every move of the record through ``parse(text)``; RecordError at the first unreadable.

    A ``NotInGameError`` (well-formed text naming something the game does not have)
    becomes an :class:`Unplayable` move, for the checker to report.
    """
    moves: list = []
    for k, entry in enumerate(record.moves, start=1):
        try:
            moves.append(parse(entry.move))
        except NotInGameError as e:
            moves.append(Unplayable(entry.move, e.message))
        except ValueError as e:
            raise RecordError(f"move {k}: {e}", source=record.path, line=entry.line) from None
    return moves


def check_claimed_player(report: Report, k: int, entry: MoveEntry, expected: str) -> bool:
    """A finding if the record names a different player than the one to move."""
    if entry.player is not None and entry.player.lower() != expected.lower():
        report.add("illegal", f"it is {expected}'s turn, not {entry.player}'s", k, entry.line)
        return False
    return True


def note_uncertain(record: Record, report: Report) -> None:
    """Say which cells the writer or the photo reader was unsure of."""
    if record.uncertain:
        report.uncertain = len(record.uncertain)
        shown = ", ".join(record.uncertain[:12]) + (" ..." if len(record.uncertain) > 12 else "")
        report.unchecked.append(
            f"{len(record.uncertain)} cell(s) read with low confidence "
            f"(look at them on the board): {shown}"
        )


def compare_result(record: Record, report: Report, computed: dict[str, int]) -> None:
    """A finding for every claimed final score that differs from the computed one."""
    if record.result is None:
        return
    line = record.where("result")
    known = {p.lower(): p for p in computed}
    for player, claimed in record.result.items():
        name = known.get(player.lower())
        if name is None:
            report.add(
                "result",
                f"the result names {player!r}, who is not a player ({', '.join(computed)})",
                line=line,
            )
        elif computed[name] != claimed:
            report.add(
                "result",
                f"{name}'s final score is {computed[name]}, not {claimed} as claimed",
                line=line,
                claimed=claimed,
                computed=computed[name],
            )


def parse_tri_cell(text: str, record: Record) -> tuple[int, int]:
    """A triangle cell written ``(r,c)`` or ``r,c``."""
    m = _TRI_CELL.fullmatch(text.strip())
    if m is None:
        raise RecordError(
            f"{text!r} is not a cell: cells are written (row,column)",
            source=record.path,
            line=record.where("cell " + text),
        )
    return int(m[1]), int(m[2])


def parse_setup_list(codes, parse, record: Record, what: str) -> list:
    """Tiles or pids named in a record's setup, each through ``parse``."""
    try:
        return [parse(c) for c in codes]
    except ValueError as e:
        raise RecordError(f"{what}: {e}", source=record.path, line=record.where("setup")) from None
