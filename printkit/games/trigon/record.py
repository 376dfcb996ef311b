"""Checking Trigon records (printkit's own and Pentobi's files, once read): replay with the
engine, passes left out allowed; positions piece by piece (the checks every polyiamond game
shares, :mod:`printkit.polyiamond_games.checking`)."""

from __future__ import annotations

from printkit.errors import RecordError
from printkit.games.trigon.rules import PRESETS, TrigonGame, TrigonOptions
from printkit.polyiamond_games import checking
from printkit.records.check import Report
from printkit.records.model import Record

__all__ = ["options_for", "check_game", "check_position", "replay", "position_cells"]


def options_for(record: Record, rules: str | None = None) -> tuple[str, TrigonOptions]:
    """The rules of a record (``rules``, its ``Rules:`` preset, or ``trigon``); its
    ``players`` (colours, in turn order) replace the preset's."""
    return checking.options_for(record, PRESETS, "trigon", rules)


def replay(record: Record, upto: int | None = None, rules: str | None = None) -> TrigonGame:
    """The game after ``upto`` moves (all by default), moves pushed unchecked."""
    _, options = options_for(record, rules)
    return checking.replay(record, options, TrigonGame, upto)  # type: ignore[return-value]


def check_game(record: Record, report: Report, rules: str | None = None) -> None:
    report.rules, options = options_for(record, rules)
    checking.check_game(record, report, options, TrigonGame)


def _cell_reader(record: Record, options: TrigonOptions):
    board = options.board

    def read(name: str) -> tuple[int, int]:
        try:
            return board.parse_pentobi(name)
        except ValueError as e:
            raise RecordError(
                str(e), source=record.path, line=record.where("cell " + name)
            ) from None

    return read


def position_cells(record: Record, rules: str | None = None) -> dict[tuple[int, int], str]:
    """The record's cells as lattice cells → colour."""
    _, options = options_for(record, rules)
    read = _cell_reader(record, options)
    return {read(name): colour.strip().lower() for name, colour in record.cells.items()}


def check_position(record: Record, report: Report, rules: str | None = None) -> None:
    report.rules, options = options_for(record, rules)
    checking.check_position_record(
        record, report, options, _cell_reader(record, options), options.board.pentobi_name
    )
