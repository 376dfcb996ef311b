"""Checking Tiny Claim records with the engine."""

from __future__ import annotations

from printkit.records.check import Report
from printkit.records.common import parse_moves
from tinyclaim.rules import TinyClaim, parse_move


def replay(record, upto=None, rules=None) -> TinyClaim:
    game = TinyClaim()
    for move in parse_moves(record, parse_move)[:upto]:
        game.push(move)
    return game


def check_game(record, report: Report, rules=None) -> None:
    game = TinyClaim()
    for k, (entry, move) in enumerate(
        zip(record.moves, parse_moves(record, parse_move), strict=True), start=1
    ):
        reason = game.why_illegal(move)
        if reason:
            report.add("illegal", reason, k, entry.line)
            report.stop(k)
            break
        game.push(move)
        report.replayed = k
    report.standing = game.scores()


def check_position(record, report: Report, rules=None) -> None:
    report.standing = TinyClaim.from_position_cells(record.cells).scores()
