"""Checking Tripod records: replay with the engine; positions by stone counts and the win."""

from __future__ import annotations

import re

from printkit.errors import InvalidMoveError, NotInGameError, RecordError
from printkit.games.tripod.board import HALF_VARIANTS, parse_cell
from printkit.games.tripod.notation import parse_move
from printkit.games.tripod.rules import (
    PLAYERS,
    PRESETS,
    STONE_NAMES,
    Player,
    TripodGame,
    TripodOptions,
)
from printkit.games.tripod.rules import (
    check_position as tripod_position,
)
from printkit.records.check import Report, resolve_options
from printkit.records.common import Unplayable, note_uncertain, parse_moves
from printkit.records.model import Record

__all__ = [
    "options_for",
    "check_game",
    "check_position",
    "replay",
    "position_stones",
    "STONE_NAMES",
]


def options_for(record: Record, rules: str | None = None) -> tuple[str, TripodOptions]:
    return resolve_options(record, PRESETS, "standard", rules)


def _names(record: Record) -> tuple[str, str]:
    players = record.players or list(PLAYERS)
    if len(players) != 2:
        raise RecordError(
            f"Tripod has 2 players, the record names {len(players)}",
            source=record.path,
            line=record.where("players"),
        )
    return players[0], players[1]


def _engine_names(record: Record) -> tuple[str, str]:
    """The record's two players for the engine, or its defaults when they are not two
    different names."""
    players = tuple(record.players or ())
    return players if len(players) == 2 and len(set(players)) == 2 else PLAYERS


_CELL_LIKE = re.compile(r"[a-z][0-9]{1,3}'?")


def _record_move(text: str, size: int):
    """A move of a record: a cell name that no board of ``size`` has (``z99``, ``a20``) is a
    move the rules refuse (a finding), as ``a12`` on size 11 is, not unreadable text."""
    try:
        return parse_move(text, size)
    except InvalidMoveError:
        word = text.strip()
        if _CELL_LIKE.fullmatch(word):
            try:
                parse_cell(word.rstrip("'"), size)
            except InvalidMoveError:
                raise NotInGameError(f"{word!r} is not a cell of the size-{size} board") from None
        raise


def record_moves(record: Record, size: int) -> list:
    """The record's moves on the size-``size`` board; RecordError at the first unreadable."""
    return parse_moves(record, lambda t: _record_move(t, size))


def replay(record: Record, upto: int | None = None, rules: str | None = None) -> TripodGame:
    """The game after ``upto`` moves (all by default), moves pushed unchecked."""
    _, options = options_for(record, rules)
    game = TripodGame(options, _engine_names(record))
    for move in record_moves(record, options.size)[:upto]:
        if isinstance(move, Unplayable):
            break
        if game.is_over() or game.why_illegal(move):
            break
        game.push(move)
    return game


def check_game(record: Record, report: Report, rules: str | None = None) -> None:
    report.rules, options = options_for(record, rules)
    names = _names(record)
    game = TripodGame(options, _engine_names(record))
    moves = record_moves(record, options.size)
    for k, (entry, move) in enumerate(zip(record.moves, moves, strict=True), start=1):
        if isinstance(move, Unplayable):
            report.add("illegal", move.reason, k, entry.line)
            report.stop(k)
            break
        stone = game.stone_to_move
        mover = names[game.player_of(stone)] if not move.is_swap else names[Player.SECOND]
        if (
            entry.player is not None
            and entry.player.lower() not in (mover.lower(), stone.name.lower())
            and not move.is_swap
        ):
            report.add(
                "illegal",
                f"it is {mover}'s turn ({stone.name}), not {entry.player}'s",
                k,
                entry.line,
            )
            report.stop(k)
            break
        reason = game.why_illegal(move)
        if reason is not None:
            report.add("illegal", reason.split(": ", 1)[-1], k, entry.line)
            report.stop(k)
            break
        game.push(move)
        report.replayed = k
    report.over = game.is_over()
    if game.winner is not None:
        who = names[game.player_of(game.winner)]
        report.winner = f"{who} ({game.winner.name})"
    elif report.stopped_at is None:
        report.summary.append("no one has surrounded the three corners yet")
    if record.winner is not None and report.stopped_at is None:
        claimed = record.winner.strip().lower()
        computed = (
            {game.winner.name.lower(), names[game.player_of(game.winner)].lower()}
            if game.winner
            else set()
        )
        if claimed not in computed:
            report.add(
                "result",
                f"the record says {record.winner} won, but "
                + (f"{report.winner} did" if game.winner else "no one has won yet"),
                line=record.where("winner"),
            )


def position_stones(record: Record, size: int) -> dict:
    """The record's cells as board cells → stones."""
    stones = {}
    for name, content in record.cells.items():
        line = record.where("cell " + name)
        try:
            cell = parse_cell(name, size)
        except ValueError as e:
            raise RecordError(str(e), source=record.path, line=line) from None
        stone = STONE_NAMES.get(content.strip().lower())
        if stone is None:
            raise RecordError(
                f"cell {name} holds {content!r}: a stone is X or O", source=record.path, line=line
            )
        if cell in stones and stones[cell] != stone:
            raise RecordError(
                f"cell {name} is given twice with different stones", source=record.path, line=line
            )
        stones[cell] = stone
    return stones


def check_position(record: Record, report: Report, rules: str | None = None) -> None:
    report.rules, options = options_for(record, rules)
    status = tripod_position(position_stones(record, options.size), options.size)
    partial = record.meta.get("variant") in HALF_VARIANTS  # one half: part of the board
    for problem in status.problems:
        if not (partial and ("stones" in problem or "has won" in problem)):
            report.add("position", problem)
    if partial:
        report.unchecked.append(
            f"only one half was read ({record.meta['variant']}): stone "
            f"counts and the win need both halves (read two photos "
            f"together)"
        )
    note_uncertain(record, report)
    report.summary.append(
        f"X {status.x_stones} stones, O {status.o_stones}"
        + (
            ""
            if partial
            else "; "
            + (f"{status.winner.name} has won" if status.winner else f"{status.turn.name} to move")
        )
    )
    if not partial:
        report.winner = status.winner.name if status.winner else None
        report.over = status.winner is not None
