"""Checking TriPakus records: replay with the engine; positions piece by piece (the checks
every polyiamond game shares, :mod:`printkit.polyiamond_games.checking`)."""

from __future__ import annotations

from printkit.games.tripakus.notation import cell_name
from printkit.games.tripakus.rules import PRESETS, TriPakusGame, TriPakusOptions
from printkit.polyiamond_games import checking
from printkit.records.check import Report
from printkit.records.common import parse_tri_cell
from printkit.records.model import Record

__all__ = ["options_for", "check_game", "check_position", "replay", "position_cells"]


def options_for(record: Record, rules: str | None = None) -> tuple[str, TriPakusOptions]:
    """The rules of a record; its ``players`` (colours, in turn order) replace the default."""
    return checking.options_for(record, PRESETS, "standard", rules)


def replay(record: Record, upto: int | None = None, rules: str | None = None) -> TriPakusGame:
    """The game after ``upto`` moves (all by default), moves pushed unchecked."""
    _, options = options_for(record, rules)
    return checking.replay(record, options, TriPakusGame, upto)  # type: ignore[return-value]


def check_game(record: Record, report: Report, rules: str | None = None) -> None:
    report.rules, options = options_for(record, rules)
    checking.check_game(record, report, options, TriPakusGame)


def position_cells(record: Record) -> dict[tuple[int, int], str]:
    """The record's cells as lattice cells → player colour."""
    return {
        parse_tri_cell(name, record): colour.strip().lower()
        for name, colour in record.cells.items()
    }


def check_position(record: Record, report: Report, rules: str | None = None) -> None:
    report.rules, options = options_for(record, rules)
    checking.check_position_record(
        record, report, options, lambda name: parse_tri_cell(name, record), cell_name
    )
