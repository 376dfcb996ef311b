"""Checking Triominoes records, round after round.

With the first round's hands recorded (and each draw named, or the pool order given) the
checker replays the real deal; otherwise, and from the second round on (whose deals a
record does not hold), it replays *open*: each tile a player lays is brought into that
player's hand from wherever the unknown hands and pool held it, so placements, corner
matches, bonuses and every claimed score are still checked.  Name the player of each
round's first move in an open record: the opener cannot be worked out without the hands.
"""

from __future__ import annotations

from printkit.errors import RecordError
from printkit.games.triominoes.rules import (
    PRESETS,
    Draw,
    Place,
    TriominoesGame,
    TriominoesOptions,
    clockwise_corners,
    parse_move,
)
from printkit.games.triominoes.tiles import parse_tile
from printkit.geometry.graph import component
from printkit.geometry.tri import edge_neighbours
from printkit.records.check import Report, resolve_options
from printkit.records.common import (
    Unplayable,
    compare_result,
    note_uncertain,
    parse_moves,
    parse_setup_list,
    parse_tri_cell,
)
from printkit.records.model import Record

__all__ = [
    "options_for",
    "new_game",
    "check_game",
    "check_position",
    "replay",
    "position_tiles",
]

OPEN_NOTE = (
    "the hands are not recorded{}: that each tile came from its player's hand, that "
    "each round opened with the highest tile, and that draws and passes were forced, "
    "could not be checked"
)


def options_for(record: Record, rules: str | None = None) -> tuple[str, TriominoesOptions]:
    return resolve_options(record, PRESETS, "spanish", rules)


def _names(record: Record) -> list[str]:
    return list(record.players) or list(record.setup.get("hands", {})) or ["player 1", "player 2"]


def new_game(record: Record, options: TriominoesOptions) -> tuple[TriominoesGame, bool]:
    """The game as the record sets it up, and whether the first round's hands are known."""
    names = _names(record)
    given = record.setup.get("hands", {})
    known = bool(given) and all(n in given for n in names)
    hands = (
        [parse_setup_list(given[n], parse_tile, record, f"{n}'s hand") for n in names]
        if known
        else None
    )
    pool = (
        parse_setup_list(record.setup["bag"], parse_tile, record, "pool")
        if known and "bag" in record.setup
        else None
    )
    try:
        game = TriominoesGame(
            options,
            len(names),
            names=names,
            seed=record.setup.get("seed", 0),
            hands=hands,
            pool=pool,
            auto_deal=False,
        )
    except ValueError as e:
        raise RecordError(str(e), source=record.path, line=record.where("setup")) from None
    return game, known


def _take(game: TriominoesGame, tile, player: int) -> None:
    """Open replay: put ``tile`` in ``player``'s hand, trading one of theirs for it."""
    hand = game.hands[player]
    if tile in hand:
        return
    holder = next((h for h in (game.pool, *game.hands) if tile in h), None)
    if holder is None:
        return  # already laid: the engine says so
    i = holder.index(tile)
    if hand:
        holder[i], hand[0] = hand[0], tile
    else:
        holder.pop(i)
        hand.append(tile)


def _open_round_start(game: TriominoesGame, move, player: int) -> None:
    """Open replay: the round's first tile is the opening, laid by ``player``."""
    if isinstance(move, Place):
        game.turn_index = player
        _take(game, move.tile, player)
        game.opening = move.tile


def _open_problem(game: TriominoesGame, move, player: int) -> str | None:
    """Open replay: bring what ``move`` uses into place; the part of its check still valid."""
    if isinstance(move, Place):
        _take(game, move.tile, player)
        return None
    if isinstance(move, Draw):
        if not game.layout:
            return "the round opens with a tile, not a draw"
        if not game.pool:
            return "the pool is empty"
        if not game.can_draw_more():
            return f"already drew {game.draws} tiles this turn, the most allowed"
        if move.tile is not None and move.tile not in game.pool:
            holder = next((h for h in game.hands if move.tile in h), None)
            if holder is None:
                return f"{move.tile} cannot be drawn: it is on the table"
            i = holder.index(move.tile)
            holder[i], game.pool[0] = game.pool[0], move.tile
        return None
    return "the round opens with a tile, not a pass" if not game.layout else None


def _hand_dependent(game: TriominoesGame) -> bool:
    """Does the round that just ended score by the tiles left in hands?"""
    o = game.options
    return game.round_ends[-1] == "blocked" or o.going_out_adds_hands


def replay(record: Record, upto: int | None = None, rules: str | None = None) -> TriominoesGame:
    report = Report("triominoes", "game")
    return _run(record, report, rules, upto)


def _run(
    record: Record, report: Report, rules: str | None, upto: int | None = None
) -> TriominoesGame:
    report.rules, options = options_for(record, rules)
    names = _names(record)
    lower = [n.lower() for n in names]
    game, known = new_game(record, options)
    if not known:
        report.unchecked.append(OPEN_NOTE.format(""))
    moves = parse_moves(record, parse_move)
    entries = list(zip(record.moves, moves, strict=True))[:upto]
    for k, (entry, move) in enumerate(entries, start=1):
        if game.is_over():
            report.add("illegal", "the game is already over", k, entry.line)
            report.stop(k)
            break
        if game.round_over():
            game.start_round()
            if known:
                known = False
                report.unchecked.append(OPEN_NOTE.format(f" from round {game.round} on"))
        named = (
            lower.index(entry.player.lower())
            if entry.player and entry.player.lower() in lower
            else None
        )
        if entry.player and named is None:
            report.add(
                "illegal", f"{entry.player} is not a player ({', '.join(names)})", k, entry.line
            )
            report.stop(k)
            break
        if isinstance(move, Unplayable):
            report.add("illegal", move.reason, k, entry.line)
            report.stop(k)
            break
        if not known and not game.layout:
            _open_round_start(game, move, game.turn_index if named is None else named)
        player = game.turn_index
        if named is not None and named != player:
            report.add(
                "illegal", f"it is {names[player]}'s turn, not {entry.player}'s", k, entry.line
            )
            report.stop(k)
            break
        if known:
            reason = game.why_illegal(move)
            reason = reason.split(": ", 1)[-1] if reason else None
        else:
            reason = _open_problem(game, move, player)
            if reason is None and isinstance(move, Place):
                reason = game.why_illegal(move)
                reason = reason.split(": ", 1)[-1] if reason else None
        if reason is not None:
            report.add(
                "illegal", reason.replace("the hand", f"{names[player]}'s hand"), k, entry.line
            )
            report.stop(k)
            break
        before = len(game.ledger)
        game.push(move)
        report.replayed = k
        if known and isinstance(move, Draw) and move.tile is None and "bag" not in record.setup:
            known = False
            report.unchecked.append(OPEN_NOTE.format(f" after move {k}, whose draw is not named"))
        earned = [e for e in game.ledger[before:] if e.player == game.players[player]]
        if not known and game.round_over() and _hand_dependent(game):
            report.unchecked.append(
                f"the round-end score at move {k} depends on hands the record does not give"
            )
            continue
        if entry.score is not None:
            computed = sum(e.points for e in earned)
            if computed != entry.score:
                why = "; ".join(e.reason for e in earned)
                report.add(
                    "score",
                    f"{names[player]} scores {computed} ({why}), not {entry.score} as claimed",
                    k,
                    entry.line,
                    entry.score,
                    computed,
                )
    return game


def check_game(record: Record, report: Report, rules: str | None = None) -> None:
    game = _run(record, report, rules)
    report.standing = game.scores()
    report.over = game.is_over()
    report.summary.append(
        f"{game.round} round(s)"
        + (f", ended by {', '.join(game.round_ends)}" if game.round_ends else "")
    )
    if report.stopped_at is None:
        if report.over:
            best = max(report.standing.values())
            report.winner = " and ".join(n for n, s in report.standing.items() if s == best)
        if any("round-end score" in u for u in report.unchecked):
            report.unchecked.append("the final scores, which include those round-end scores")
            report.winner = None
        else:
            compare_result(record, report, report.standing)


def position_tiles(record: Record) -> dict:
    """The record's cells as lattice cells → placements (``a-b-c`` clockwise readings)."""
    out = {}
    for name, reading in record.cells.items():
        cell = parse_tri_cell(name, record)
        try:
            out[cell] = parse_move(f"{reading} @ ({cell[0]},{cell[1]})")
        except ValueError as e:
            raise RecordError(
                f"cell {name}: {e}", source=record.path, line=record.where("cell " + name)
            ) from None
    return out


def check_position(record: Record, report: Report, rules: str | None = None) -> None:
    report.rules, _ = options_for(record, rules)
    placed = position_tiles(record)
    seen: dict = {}
    numbers: dict = {}
    for cell, move in sorted(placed.items()):
        if move.tile in seen:
            report.add(
                "position",
                f"{move.tile} lies on {seen[move.tile]} and {cell}: each tile exists once",
            )
        seen.setdefault(move.tile, cell)
        for v, n in zip(clockwise_corners(cell), move.reading, strict=True):
            if v in numbers and numbers[v][0] != n:
                other = numbers[v][1]
                report.add(
                    "position",
                    f"the corner shared by {other} and {cell} shows "
                    f"{numbers[v][0]} on one tile and {n} on the other",
                )
            numbers.setdefault(v, (n, cell))
    if placed:
        start = min(placed)
        joined = component(placed, start, edge_neighbours)
        loose = sorted(set(placed) - joined)
        if loose:
            report.add(
                "position",
                f"tiles on {', '.join(map(str, loose))} share no edge with the rest of the layout",
            )
    note_uncertain(record, report)
    report.summary.append(f"{len(placed)} tiles laid")
