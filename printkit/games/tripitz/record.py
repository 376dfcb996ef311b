"""Checking Tripitz Domino records.

With every starting hand recorded (and each draw named, or the bag order given), the
checker replays the real game and checks hands too.  Without them it replays *open*: each
pid a player uses is brought into that player's hand from wherever the unknown hands and
bag held it, so every board rule and every score is still checked, and the report says that
hands, passes and exchanges were not.
"""

from __future__ import annotations

from printkit.errors import RecordError
from printkit.games.tripitz.notation import Exchange, JokerSwap, Pass, Place, parse_move
from printkit.games.tripitz.pids import parse_pid
from printkit.games.tripitz.rules import (
    DEFAULT_CENTRE,
    PRESETS,
    TripitzGame,
    TripitzOptions,
    default_names,
)
from printkit.geometry.graph import component
from printkit.records.check import Report, resolve_options
from printkit.records.common import (
    Unplayable,
    check_claimed_player,
    compare_result,
    note_uncertain,
    parse_moves,
    parse_setup_list,
)
from printkit.records.model import Record

__all__ = [
    "options_for",
    "check_game",
    "check_position",
    "replay",
    "position_pids",
]

OPEN_NOTE = (
    "the hands are not fully recorded: that each pid came from its player's hand, "
    "and that passes and exchanges were allowed, could not be checked"
)


def options_for(record: Record, rules: str | None = None) -> tuple[str, TripitzOptions]:
    return resolve_options(record, PRESETS, "standard", rules)


def _players(record: Record) -> list[str]:
    hands = record.setup.get("hands", {})
    if record.players:
        return list(record.players)
    return list(hands) or list(default_names(2))


def new_game(record: Record, options: TripitzOptions) -> tuple[TripitzGame, bool]:
    """The game as set up by the record, and whether its hands are known."""
    names = _players(record)
    centre = (
        parse_setup_list(record.setup["centre"], parse_pid, record, "centre")
        if "centre" in record.setup
        else list(DEFAULT_CENTRE)
    )
    given = record.setup.get("hands", {})
    unknown = [n for n in given if n not in names]
    if unknown:
        raise RecordError(
            f"a hand is given for {unknown[0]!r}, who is not a player ({', '.join(names)})",
            source=record.path,
            line=record.where("hand " + unknown[0].lower()),
        )
    known = bool(given) and all(n in given for n in names)
    hands = (
        [parse_setup_list(given[n], parse_pid, record, f"{n}'s hand") for n in names]
        if known
        else None
    )
    bag = (
        parse_setup_list(record.setup["bag"], parse_pid, record, "bag")
        if known and "bag" in record.setup
        else None
    )
    try:
        game = TripitzGame(
            options,
            names=names,
            centre=centre,
            hands=hands,
            bag=bag,
            seed=record.setup.get("seed", 0),
        )
    except ValueError as e:
        raise RecordError(str(e), source=record.path, line=record.where("setup")) from None
    return game, known


def _take(game: TripitzGame, pid, player: int, keep: frozenset = frozenset()) -> None:
    """Open replay: put ``pid`` in ``player``'s hand, trading it for one not in ``keep``."""
    hand = game.hands[player]
    if pid in hand:
        return
    holder = next((h for h in (game.bag, *game.hands) if pid in h), None)
    if holder is None:
        return  # on the board, or not in this game: the engine says which
    i = holder.index(pid)
    spare = next((p for p in hand if not p.is_joker and p not in keep), None)
    if spare is None:
        holder.pop(i)
        hand.append(pid)
    else:
        holder[i] = spare
        hand[hand.index(spare)] = pid


def _to_bag(game: TripitzGame, pid, player: int) -> None:
    """Open replay: a pid named as drawn must come from the bag; trade it in from a hand."""
    for k, hand in enumerate(game.hands):
        if pid in hand and k != player and game.bag:
            i = hand.index(pid)
            hand[i], game.bag[0] = game.bag[0], pid
            return


def _prepare_open(game: TripitzGame, move, player: int) -> None:
    """Open replay: bring what ``move`` uses into the hand, and what it draws into the bag."""
    if isinstance(move, Place):
        _take(game, move.pid, player)
        drawn: tuple = (move.drawn,) if move.drawn is not None else ()
    elif isinstance(move, Exchange):
        for p in move.pids:
            _take(game, p, player, frozenset(move.pids))
        drawn = move.drawn or ()
    elif isinstance(move, JokerSwap):
        _take(game, move.joker, player)
        drawn = ()
    else:
        drawn = ()
    for p in drawn:
        if p not in game.bag:
            _to_bag(game, p, player)


def _on_board(game: TripitzGame, pid) -> int | None:
    for h, p in game.cells.items():
        if p == pid:
            return game.board.cavity_number(h)
    return None


def replay(record: Record, upto: int | None = None, rules: str | None = None) -> TripitzGame:
    """The game after ``upto`` moves, replayed open (unchecked hands)."""
    _, options = options_for(record, rules)
    game, known = new_game(record, options)
    for move in parse_moves(record, parse_move)[:upto]:
        if isinstance(move, Unplayable):
            break
        player = game.turn_index
        if not known:
            _prepare_open(game, move, player)
        if game.why_illegal(move):
            break
        game.push(move)
    return game


def check_game(record: Record, report: Report, rules: str | None = None) -> None:
    report.rules, options = options_for(record, rules)
    names = _players(record)
    game, known = new_game(record, options)
    if not known:
        report.unchecked.append(OPEN_NOTE)
    for k, (entry, move) in enumerate(
        zip(record.moves, parse_moves(record, parse_move), strict=True), start=1
    ):
        player = game.turn_index
        if not check_claimed_player(report, k, entry, names[player]):
            report.stop(k)
            break
        if isinstance(move, Unplayable):
            report.add("illegal", move.reason, k, entry.line)
            report.stop(k)
            break
        if not known:
            placed = _on_board(game, move.pid) if isinstance(move, Place) else None
            if placed is not None:
                report.add(
                    "illegal",
                    f"{move.pid} is already on the board, on cavity {placed}",
                    k,
                    entry.line,
                )
                report.stop(k)
                break
            _prepare_open(game, move, player)
            if isinstance(move, Pass):
                game.push(move)
                report.replayed = k
                continue
        reason = game.why_illegal(move)
        if reason is not None:
            reason = reason.split(": ", 1)[-1].replace("the hand", f"{names[player]}'s hand")
            report.add("illegal", reason, k, entry.line)
            report.stop(k)
            break
        score = game.push(move)
        report.replayed = k
        if (
            known
            and "bag" not in record.setup
            and isinstance(move, Place)
            and move.drawn is None
            and game.bag
        ):
            known = False
            report.unchecked.append(f"{OPEN_NOTE} after move {k}, whose draw is not named")
        if entry.score is not None:
            computed = score.points if score is not None else 0
            if computed != entry.score:
                why = f" ({score})" if score is not None else ""
                report.add(
                    "score",
                    f"{names[player]} scores {computed}{why}, not {entry.score} as claimed",
                    k,
                    entry.line,
                    entry.score,
                    computed,
                )
    report.standing = game.scores()
    report.over = game.is_over() if known else (game.ended_early or None)
    if report.stopped_at is None:
        if report.over:
            best = max(report.standing.values())
            report.winner = " and ".join(n for n, s in report.standing.items() if s == best)
        compare_result(record, report, report.standing)


def position_pids(record: Record, options: TripitzOptions) -> dict[int, object]:
    """The record's cells as cavity numbers → pids."""
    out = {}
    for name, code in record.cells.items():
        line = record.where("cell " + name)
        try:
            cavity = int(name)
            pid = parse_pid(code.strip())
        except ValueError as e:
            raise RecordError(
                f"cell {name} = {code}: {e}"
                if name.isdigit()
                else f"{name!r} is not a cavity number",
                source=record.path,
                line=line,
            ) from None
        out[cavity] = pid
    return out


def check_position(record: Record, report: Report, rules: str | None = None) -> None:
    report.rules, options = options_for(record, rules)
    game = TripitzGame(options)
    board = game.board
    pids = position_pids(record, options)
    seen: dict[object, int] = {}
    cells = {}
    for cavity, pid in sorted(pids.items()):
        if not 1 <= cavity <= len(board):
            report.add("position", f"there is no cavity {cavity} (1..{len(board)})")
            continue
        if pid.is_joker and not options.jokers:
            report.add(
                "position", f"{pid} on cavity {cavity} is a joker, used only in the joker variant"
            )
        if pid in seen and not pid.is_joker:
            report.add(
                "position", f"{pid} is on cavities {seen[pid]} and {cavity}: each pid exists once"
            )
        seen.setdefault(pid, cavity)
        cells[board.cavity_at(cavity)] = pid
    centre = sorted(board.centre, key=board.cavity_number)
    empty = [board.cavity_number(h) for h in centre if h not in cells]
    if empty:
        report.add(
            "position",
            f"centre cavit{'y' if len(empty) == 1 else 'ies'} "
            f"{', '.join(map(str, empty))} empty: the game starts with four pids there",
        )
    if cells and not empty:
        reach = component(cells, centre[0], board.neighbours)
        loose = sorted(board.cavity_number(h) for h in cells if h not in reach)
        if loose:
            report.add(
                "position",
                f"pids on cavities {', '.join(map(str, loose))} are not connected to the centre",
            )
    note_uncertain(record, report)
    report.summary.append(
        f"{len(cells)} pids on the board, {len(board) - len(cells)} cavities empty"
    )
