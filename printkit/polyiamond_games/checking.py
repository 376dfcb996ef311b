"""Checking records of the polyiamond games: a game replayed move by move with the engine,
a position piece by piece.  Each game's ``record`` module gives its presets and engine.

Passes may be left out of a record, as Pentobi's files do: when a move names a colour that
is not the one to move, the colours in between pass, if none of them could still place a
piece; otherwise the record is wrong there.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from printkit.errors import RecordError
from printkit.polyiamond_games.engine import (
    PolyiamondGame,
    check_position,
    find_pieces,
    score_of,
    team_scores,
)
from printkit.polyiamond_games.moves import Pass, Placement
from printkit.records.check import Report, resolve_options
from printkit.records.common import (
    Unplayable,
    check_claimed_player,
    compare_result,
    note_uncertain,
    parse_moves,
)
from printkit.records.model import MoveEntry, Record

__all__ = ["options_for", "replay", "check_game", "check_position_record", "standing_means"]

MakeGame = Callable[[Any], PolyiamondGame]


def options_for(
    record: Record, presets: dict[str, Any], default: str, rules: str | None = None
) -> tuple[str, Any]:
    """The rules of a record; its ``players`` (colours, in turn order) replace the preset's."""
    name, options = resolve_options(record, presets, default, rules)
    if record.players:
        try:
            options = replace(options, players=tuple(p.lower() for p in record.players))
        except ValueError as e:
            raise RecordError(str(e), source=record.path, line=record.where("players")) from None
    return name, options


def standing_means(options: Any) -> str:
    """What a standing counts, for ``printkit check``'s report."""
    if options.scoring == "placed":
        return "triangles placed plus bonus, most wins"
    return "triangles left, fewest wins"


def _skipped_passes(game: PolyiamondGame, entry: MoveEntry) -> str | None:
    """Pass for the colours before the one ``entry`` names, if none of them can move; the
    reason it cannot be so otherwise (None when ``entry`` names no other colour)."""
    named = (entry.player or "").strip().lower()
    if named not in game.players:
        return None
    for _ in range(len(game.players)):
        mover = game.mover
        if mover == named or game.is_over():
            return None
        if game.can_move(mover):
            example = game.legal_moves()[0]
            return (
                f"{named} moves, but it is {mover}'s turn and {mover} can still place a piece "
                f"(for example {game.move_text(example)}): a pass may be left out only for "
                "a colour that cannot move"
            )
        game.push(Pass(mover))
    return None


def replay(
    record: Record, options: Any, make_game: MakeGame, upto: int | None = None
) -> PolyiamondGame:
    """The game after ``upto`` moves (all by default), moves pushed unchecked, left-out
    passes filled in."""
    game = start(record, options, make_game)
    moves = zip(record.moves, parse_moves(record, game.parse_move), strict=True)
    for entry, move in list(moves)[:upto]:
        if game.is_over() or isinstance(move, Unplayable):
            break
        if _skipped_passes(game, entry) is not None:
            break
        game.push(move)
    return game


def start(record: Record, options: Any, make_game: MakeGame, report: Report | None = None):
    """The game before the record's first move: its setup pieces laid down (each problem of
    that position a finding in ``report``) and its colour to play."""
    game = make_game(options)
    pieces = record.setup.get("pieces") or {}
    for colour, texts in pieces.items():
        line = record.where(f"pieces {colour.lower()}") or record.where("setup")
        for text in texts:
            try:
                game.place(colour.strip().lower(), game.parse_move(text))
            except ValueError as e:
                raise RecordError(
                    f"setup piece {text!r} for {colour}: {e}", source=record.path, line=line
                ) from None
    if pieces and report is not None:
        for problem in game.problems():
            report.add("position", f"setup: {problem.message}", line=record.where("setup"))
    to_play = record.setup.get("to_play")
    if to_play:
        try:
            game.set_turn(to_play.strip().lower())
        except ValueError as e:
            raise RecordError(str(e), source=record.path, line=record.where("to play")) from None
    return game


def check_game(record: Record, report: Report, options: Any, make_game: MakeGame) -> None:
    """Replay ``record`` with the engine: the first illegal move and every wrong score."""
    game = start(record, options, make_game, report)
    for k, (entry, move) in enumerate(
        zip(record.moves, parse_moves(record, game.parse_move), strict=True), start=1
    ):
        reason = _skipped_passes(game, entry)
        if reason is not None:
            report.add("illegal", reason, k, entry.line)
            report.stop(k)
            break
        player = game.mover
        if not check_claimed_player(report, k, entry, player):
            report.stop(k)
            break
        reason = move.reason if isinstance(move, Unplayable) else game.why_illegal(move)
        if reason is not None:
            report.add("illegal", reason, k, entry.line)
            report.stop(k)
            break
        game.push(move)
        report.replayed = k
        if entry.score is not None:
            computed = game.scores()[player]
            if computed != entry.score:
                what = "a score of" if options.scoring == "placed" else "triangles left to count:"
                report.add(
                    "score",
                    f"{player} has {what} {computed}, not {entry.score} as claimed",
                    k,
                    entry.line,
                    entry.score,
                    computed,
                )
    report.standing = game.scores()
    report.standing_means = standing_means(options)
    report.over = game.is_over()
    if report.stopped_at is None:
        if report.over:
            teams = game.team_scores()
            if options.teams:
                report.summary.append(
                    "players: " + ", ".join(f"{team} {score}" for team, score in teams.items())
                )
            report.winner = " and ".join(game.winners())
        else:
            movers = [p for p in game.players if game.can_move(p)]
            report.summary.append(
                f"the record ends before the game: {', '.join(movers)} can still place pieces"
            )
        compare_result(record, report, report.standing)


def check_position_record(
    record: Record,
    report: Report,
    options: Any,
    parse_cell: Callable[[str], tuple[int, int]],
    cell_text: Callable[[tuple[int, int]], str],
) -> None:
    """Check a position: its cells make pieces of the set, placed as the rules allow.
    ``parse_cell`` raises RecordError for a cell name it cannot read."""
    cells = {parse_cell(name): colour.strip().lower() for name, colour in record.cells.items()}
    placed, loose = find_pieces(cells)
    for colour, patch in loose:
        names = [cell_text(c) for c in sorted(patch)]
        report.add(
            "position",
            f"{colour}'s {len(patch)} triangles at {' '.join(names[:6])}"
            f"{' ...' if len(patch) > 6 else ''} form no {options.title} piece"
            + (" (two of its pieces touch along an edge?)" if len(patch) > 1 else ""),
        )
    for problem in check_position(placed, options, cell_text):
        report.add("position", problem.message)
    note_uncertain(record, report)
    pieces = {p: len(v) for p, v in placed.items()}
    report.summary.append(
        "pieces on the board: "
        + (", ".join(f"{p} {n}" for p, n in sorted(pieces.items())) or "none")
    )
    report.standing_means = standing_means(options)
    report.standing = {p: score_of(options, _unordered(placed.get(p, []))) for p in options.players}
    if options.teams:
        report.summary.append(
            "players: "
            + ", ".join(f"{t} {s}" for t, s in team_scores(options, report.standing).items())
        )


def _unordered(pieces: list[Placement]) -> list[Placement]:
    """A position does not say which piece came last: the moniamond's bonus is not counted
    (it goes last only if nothing else was left)."""
    return sorted(pieces, key=lambda m: m.piece == "moniamond", reverse=True)
