"""Checking TriPakus records: replay with the engine; positions piece by piece."""

from __future__ import annotations

from printkit.errors import RecordError
from printkit.games.tripakus.notation import Placement, parse_move
from printkit.games.tripakus.rules import (
    PRESETS,
    TriPakusGame,
    TriPakusOptions,
    find_pieces,
)
from printkit.games.tripakus.rules import (
    check_position as tripakus_position,
)
from printkit.polyiamond_games.pieces import PIECES
from printkit.records.check import Report, resolve_options
from printkit.records.common import (
    check_claimed_player,
    compare_result,
    note_uncertain,
    parse_moves,
    parse_tri_cell,
)
from printkit.records.model import Record

__all__ = [
    "options_for",
    "check_game",
    "check_position",
    "replay",
    "position_cells",
]

STANDING = "triangles left, fewest wins"
"""What a TriPakus standing counts, for ``printkit check``'s report."""


def options_for(record: Record, rules: str | None = None) -> tuple[str, TriPakusOptions]:
    """The rules of a record; its ``players`` (colours, in turn order) replace the default."""
    name, options = resolve_options(record, PRESETS, "standard", rules)
    if record.players:
        try:
            options = TriPakusOptions(
                options.board_size,
                tuple(p.lower() for p in record.players),
                options.tournament_bonus,
                options.bonus_all_pieces,
                options.bonus_single_last,
            )
        except ValueError as e:
            raise RecordError(str(e), source=record.path, line=record.where("players")) from None
    return name, options


def replay(record: Record, upto: int | None = None, rules: str | None = None) -> TriPakusGame:
    """The game after ``upto`` moves (all by default), moves pushed unchecked."""
    _, options = options_for(record, rules)
    game = TriPakusGame(options)
    for move in parse_moves(record, parse_move)[:upto]:
        if game.is_over():
            break
        game.push(move)
    return game


def check_game(record: Record, report: Report, rules: str | None = None) -> None:
    report.rules, options = options_for(record, rules)
    game = TriPakusGame(options)
    for k, (entry, move) in enumerate(
        zip(record.moves, parse_moves(record, parse_move), strict=True), start=1
    ):
        player = game.mover
        if not check_claimed_player(report, k, entry, player):
            report.stop(k)
            break
        reason = game.why_illegal(move)
        if reason is not None:
            report.add("illegal", reason, k, entry.line)
            report.stop(k)
            break
        game.push(move)
        report.replayed = k
        if entry.score is not None:
            computed = game.scores()[player]
            if computed != entry.score:
                report.add(
                    "score",
                    f"{player} has {computed} triangles left to count, not "
                    f"{entry.score} as claimed",
                    k,
                    entry.line,
                    entry.score,
                    computed,
                )
    report.standing = game.scores()
    report.standing_means = STANDING
    report.over = game.is_over()
    if report.stopped_at is None:
        if report.over:
            report.winner = " and ".join(game.winners())
        else:
            movers = [p for p in options.players if game.can_move(p)]
            report.summary.append(
                f"the record ends before the game: {', '.join(movers)} can still place pieces"
            )
        compare_result(record, report, report.standing)


def position_cells(record: Record) -> dict[tuple[int, int], str]:
    """The record's cells as lattice cells → player colour."""
    return {
        parse_tri_cell(name, record): colour.strip().lower()
        for name, colour in record.cells.items()
    }


def _pieces(cells: dict[tuple[int, int], str], report: Report) -> dict[str, list[Placement]]:
    """The position's pieces (``rules.find_pieces``); a finding for each patch that is none."""
    placed, loose = find_pieces(cells)
    for colour, patch in loose:
        report.add(
            "position",
            f"{colour}'s {len(patch)} triangles at "
            f"{' '.join(str(c) for c in sorted(patch)[:6])}"
            f"{' ...' if len(patch) > 6 else ''} form no TriPakus piece"
            + (" (two of its pieces touch along an edge?)" if len(patch) > 1 else ""),
        )
    return placed


def check_position(record: Record, report: Report, rules: str | None = None) -> None:
    report.rules, options = options_for(record, rules)
    cells = position_cells(record)
    placed = _pieces(cells, report)
    for problem in tripakus_position(placed, options):
        report.add("position", problem.message)
    note_uncertain(record, report)
    pieces = {p: len(v) for p, v in placed.items()}
    report.summary.append(
        "pieces on the board: "
        + (", ".join(f"{p} {n}" for p, n in sorted(pieces.items())) or "none")
    )
    report.standing_means = STANDING
    report.standing = {
        p: sum(piece.order for piece in PIECES) - sum(len(m.cells) for m in placed.get(p, []))
        for p in options.players
    }
