"""Tripitz Domino rules: placing pids to form triples and quadruples in lines, and scoring.

A move places a pid from the hand on an empty cavity next to at least one pid so that at
least one line through it scores.  The lines are the three lattice axes through the
cavity; what a line counts depends on ``TripitzOptions.line_rule`` (see ``LineRule`` and
docs/rules-tripitz.md).  The score is (triples + 3 x quadruples) x the number of occupied
neighbour cavities, doubled on the outer ring.  Instead of placing, a player may exchange
pids for blind draws while the bag holds enough; a player with no legal move passes (sits
out).  The game ends when no one can move and the bag is empty, or, in the shortened game,
after the first placement on the outer ring.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import Enum
from itertools import combinations

from printkit.errors import PrintkitError
from printkit.games.base import IllegalMoveError, InvalidMoveError, Outcome
from printkit.games.tripitz.board import DEFAULT_SIDES, TripitzBoard
from printkit.games.tripitz.notation import (
    Exchange,
    JokerSwap,
    Pass,
    Place,
    TripitzMove,
    cavity_name,
    move_text,
    parse_cavity,
    parse_move,
)
from printkit.games.tripitz.pids import JOKERS, PIDS, Pid, is_valid_set, parse_pid
from printkit.geometry.hexgrid import AXES, Hex, distance

__all__ = [
    "PRESETS",
    "LineRule",
    "TripitzOptions",
    "SHORTENED",
    "Score",
    "Place",
    "Exchange",
    "JokerSwap",
    "Pass",
    "TripitzMove",
    "parse_move",
    "move_text",
    "DEFAULT_CENTRE",
    "TripitzGame",
    "score_placement",
    "new_game",
    "default_names",
]

HAND_SIZE = 7
MIN_PLAYERS, MAX_PLAYERS = 2, 6
TRIPLE_POINTS, QUADRUPLE_POINTS = 1, 3


class LineRule(Enum):
    """What a line through a placed pid counts.

    ``RUN``: the line is the whole unbroken run of pids through the placed one along an
    axis; a run of exactly 3 forming a valid triple scores a triple, a run of exactly 4
    forming a valid quadruple scores a quadruple, anything else nothing.  A run of 5 or more
    can never be valid (5 distinct pids cannot share or all differ in a four-valued
    property), so it scores nothing.

    ``WINDOWS``: every 4 consecutive pids of the run that include the placed one score a
    quadruple if valid, and every 3 consecutive pids that include it score a triple if
    valid and not inside a scored quadruple (a quadruple's own triples are not counted
    again).
    """

    RUN = "run"
    WINDOWS = "windows"


@dataclass(frozen=True, slots=True)
class TripitzOptions:
    """Rule options; the defaults are the full game on the 102-cavity board."""

    line_rule: LineRule = LineRule.WINDOWS
    shortened: bool = False
    """End the game right after the first placement on the outer ring."""
    jokers: bool = False
    """Put the four blank jokers in the bag (see ``JokerSwap``)."""
    hand_size: int = HAND_SIZE
    board: tuple[int, int, int] = DEFAULT_SIDES


SHORTENED = TripitzOptions(shortened=True)
"""The shortened game."""

PRESETS: dict[str, TripitzOptions] = {
    "standard": TripitzOptions(),
    "shortened": SHORTENED,
    "jokers": TripitzOptions(jokers=True),
    "runs": TripitzOptions(line_rule=LineRule.RUN),
}
"""Named option sets: the full game, the shortened game, the joker variant, and the full
game counting whole runs only (``LineRule.RUN``)."""


@dataclass(frozen=True, slots=True)
class Score:
    """What a placement scores, and why."""

    triples: int
    quadruples: int
    touches: int
    outer: bool

    @property
    def points(self) -> int:
        base = TRIPLE_POINTS * self.triples + QUADRUPLE_POINTS * self.quadruples
        return base * self.touches * (2 if self.outer else 1)

    def __str__(self) -> str:
        doubled = " x 2 (outer ring)" if self.outer else ""
        return (
            f"{self.triples} triple(s) + {self.quadruples} quadruple(s), "
            f"{self.touches} touch(es){doubled} = {self.points}"
        )


# -- scoring -----------------------------------------------------------------------------


def _line_counts(run: Sequence[Pid], at: int, rule: LineRule) -> tuple[int, int]:
    """(triples, quadruples) a line scores for the pid at index ``at`` of its run."""
    if rule is LineRule.RUN:
        if len(run) in (3, 4) and is_valid_set(run):
            return (1, 0) if len(run) == 3 else (0, 1)
        return 0, 0
    quads = [
        s for s in range(max(0, at - 3), min(at, len(run) - 4) + 1) if is_valid_set(run[s : s + 4])
    ]
    triples = [
        s
        for s in range(max(0, at - 2), min(at, len(run) - 3) + 1)
        if is_valid_set(run[s : s + 3]) and not any(q <= s and s + 3 <= q + 4 for q in quads)
    ]
    return len(triples), len(quads)


def score_placement(
    board: TripitzBoard, cells: dict[Hex, Pid], pid: Pid, h: Hex, rule: LineRule = LineRule.WINDOWS
) -> Score:
    """What placing ``pid`` on the empty cavity ``h`` scores, with ``cells`` already placed."""
    triples = quads = 0
    for step in AXES:
        back = []
        for c in board.ray(h, (-step[0], -step[1])):
            if c not in cells:
                break
            back.append(cells[c])
        ahead = []
        for c in board.ray(h, step):
            if c not in cells:
                break
            ahead.append(cells[c])
        if not back and not ahead:
            continue
        run = back[::-1] + [pid] + ahead
        t, q = _line_counts(run, len(back), rule)
        triples += t
        quads += q
    touches = sum(1 for n in board.neighbours(h) if n in cells)
    return Score(triples, quads, touches, h in board.outer)


# -- the game ----------------------------------------------------------------------------


DEFAULT_CENTRE: tuple[Pid, ...] = tuple(parse_pid(c) for c in ("RTW", "YCK", "BMN", "GSL"))
"""Four pids that differ in every property (a quadruple): the default start."""


@dataclass(slots=True)
class _Turn:
    """One entry of the game's history."""

    player: int
    move: TripitzMove
    score: Score | None
    drawn: tuple[Pid, ...] = field(default=())
    taken: Pid | None = None


def default_names(count: int) -> tuple[str, ...]:
    """Names for numbered players: ``player 1``, ``player 2``, ..."""
    return tuple(f"player {k}" for k in range(1, count + 1))


class TripitzGame:
    """A Tripitz Domino game for 2-6 players (python-chess style: ``push`` and ``play``).

    ``players``: how many play, or ``names``: their names in turn order (default
    ``player 1``, ``player 2``, ...).  ``centre``: the four start pids, placed on the centre
    cavities in reading order (default ``DEFAULT_CENTRE``).  ``hands``: each player's
    starting pids; if not given, each player in turn draws ``hand_size`` from the bag.
    ``bag``: the order in which the remaining pids are drawn (it must hold exactly them); if
    not given, they are shuffled with ``random.Random(seed)``, and pids given back in an
    exchange are shuffled in again.  With a given order, pids given back go to the bottom of
    the bag.  The first player moves first.
    """

    def __init__(
        self,
        options: TripitzOptions | None = None,
        players: int | None = None,
        *,
        names: Sequence[str] | None = None,
        centre: Sequence[Pid] | None = None,
        hands: Sequence[Sequence[Pid]] | None = None,
        bag: Sequence[Pid] | None = None,
        seed: int | None = None,
    ) -> None:
        self.options = options or TripitzOptions()
        count = len(names) if names is not None else 2 if players is None else players
        if players is not None and count != players:
            raise PrintkitError(f"{len(names or ())} names given for {players} players")
        if not MIN_PLAYERS <= count <= MAX_PLAYERS:
            raise PrintkitError(f"Tripitz is for {MIN_PLAYERS}-{MAX_PLAYERS} players, got {count}")
        self.players: tuple[str, ...] = tuple(names) if names is not None else default_names(count)
        if len(set(self.players)) != count:
            raise PrintkitError(f"the players' names must differ: {', '.join(self.players)}")
        self.board = TripitzBoard(self.options.board)
        centre = tuple(DEFAULT_CENTRE if centre is None else centre)
        centre_cells = sorted(self.board.centre, key=self.board.cavity_number)
        if (
            len(centre) != len(centre_cells)
            or len(set(centre)) != len(centre)
            or any(p.is_joker for p in centre)
        ):
            raise PrintkitError(
                f"the centre needs {len(centre_cells)} different printed pids, "
                f"got {' '.join(map(str, centre))}"
            )
        self.cells: dict[Hex, Pid] = dict(zip(centre_cells, centre, strict=True))
        pool = list(PIDS) + (list(JOKERS) if self.options.jokers else [])
        pool = [p for p in pool if p not in centre]
        self._rng = random.Random(seed)
        self._shuffled = bag is None
        if hands is not None:
            if len(hands) != count:
                raise PrintkitError(f"{len(hands)} hands given for {count} players")
            dealt = [p for h in hands for p in h]
            unknown = [p for p in dealt if p not in pool]
            if unknown or len(set(dealt)) != len(dealt):
                raise PrintkitError(
                    f"hands must hold different pids not in the centre; check "
                    f"{' '.join(map(str, unknown)) or 'the repeated pids'}"
                )
            pool = [p for p in pool if p not in set(dealt)]
        if bag is None:
            self._rng.shuffle(pool)
            self.bag: list[Pid] = pool
        else:
            if sorted(bag, key=str) != sorted(pool, key=str):
                missing = sorted(set(pool) - set(bag), key=str)
                extra = sorted(set(bag) - set(pool), key=str)
                raise PrintkitError(
                    f"the bag must hold exactly the pids not in the centre or "
                    f"the hands; missing {' '.join(map(str, missing)) or 'none'}"
                    f", unexpected {' '.join(map(str, extra)) or 'none'}"
                )
            self.bag = list(bag)
        if hands is None:
            self.hands: list[list[Pid]] = []
            for _ in range(count):
                self.hands.append(self.bag[: self.options.hand_size])
                del self.bag[: self.options.hand_size]
        else:
            self.hands = [list(h) for h in hands]
        self.points: list[int] = [0] * count
        """Each player's points so far, in turn order."""
        self.turn_index = 0
        """The index (in ``players``) of the player to move."""
        self.history: list[_Turn] = []
        self._ended = False

    def __repr__(self) -> str:
        return (
            f"<TripitzGame players={len(self.players)} moves={len(self.history)} "
            f"bag={len(self.bag)} points={self.points}>"
        )

    def copy(self) -> TripitzGame:
        """An independent copy (the random state included)."""
        g = TripitzGame.__new__(TripitzGame)
        g.options, g.players, g.board = self.options, self.players, self.board
        g.cells = dict(self.cells)
        g._rng = random.Random()
        g._rng.setstate(self._rng.getstate())
        g._shuffled = self._shuffled
        g.bag = list(self.bag)
        g.hands = [list(h) for h in self.hands]
        g.points = list(self.points)
        g.turn_index = self.turn_index
        g.history = list(self.history)
        g._ended = self._ended
        return g

    # -- state ---------------------------------------------------------------------------

    @property
    def turn(self) -> str | None:
        """The name of the player to move (``None`` once the game is over)."""
        return None if self.is_over() else self.players[self.turn_index]

    @property
    def ended_early(self) -> bool:
        """True once the shortened game has ended on the outer ring."""
        return self._ended

    def scores(self) -> dict[str, int]:
        """Each player's points so far, by name."""
        return dict(zip(self.players, self.points, strict=True))

    def hand(self, player: int | None = None) -> tuple[Pid, ...]:
        """The pids in a player's hand (by index; default: the one to move)."""
        return tuple(self.hands[self.turn_index if player is None else player])

    def pid_at(self, cavity: int) -> Pid | None:
        return self.cells.get(self.board.cavity_at(cavity))

    def winners(self) -> tuple[str, ...]:
        """The players with the highest score (more than one on a tie)."""
        best = max(self.points)
        return tuple(n for n, s in zip(self.players, self.points, strict=True) if s == best)

    def outcome(self) -> Outcome | None:
        """The winners and why the game ended; ``None`` while it goes on."""
        if not self.is_over():
            return None
        reason = (
            "a pid was placed on the outer ring (shortened game)"
            if self._ended
            else "no player can move"
        )
        return Outcome(self.winners(), reason)

    def _frontier(self) -> list[Hex]:
        """Empty cavities next to a pid, in reading order."""
        cells = self.cells
        return [
            h
            for h in self.board.cavities
            if h not in cells and any(n in cells for n in self.board.neighbours(h))
        ]

    def score(self, pid: Pid, cavity: int) -> Score:
        """What placing ``pid`` on ``cavity`` would score now (zero if no line scores)."""
        return score_placement(
            self.board, self.cells, pid, self.board.cavity_at(cavity), self.options.line_rule
        )

    def placements(self, player: int | None = None) -> Iterator[Place]:
        """The legal placements of a player (by index; default: the one to move)."""
        hand = self.hands[self.turn_index if player is None else player]
        rule = self.options.line_rule
        for h in self._frontier():
            for pid in hand:
                if pid.is_joker:
                    continue
                s = score_placement(self.board, self.cells, pid, h, rule)
                if s.triples or s.quadruples:
                    yield Place(pid, self.board.cavity_number(h))

    def _swappable(self, h: Hex) -> bool:
        """A placed printed pid with every cavity within two steps filled: a joker may take it."""
        pid = self.cells.get(h)
        if pid is None or pid.is_joker:
            return False
        return all(c in self.cells for c in self.board.cavities if distance(c, h) <= 2)

    def joker_swaps(self, player: int | None = None) -> Iterator[JokerSwap]:
        hand = self.hands[self.turn_index if player is None else player]
        jokers = [p for p in hand if p.is_joker]
        if not jokers:
            return
        for h in self.board.cavities:
            if self._swappable(h):
                for j in jokers:
                    yield JokerSwap(j, self.board.cavity_number(h))

    def _can_act(self, player: int) -> bool:
        """True if the player has a move other than passing."""
        if self.bag and self.hands[player]:
            return True
        if next(self.placements(player), None) is not None:
            return True
        return next(self.joker_swaps(player), None) is not None

    def is_over(self) -> bool:
        """Shortened game: after a placement on the outer ring.  Else: no one can act."""
        if self._ended:
            return True
        return not any(self._can_act(p) for p in range(len(self.players)))

    def legal_moves(self) -> list[TripitzMove]:
        """Placements, joker swaps, exchanges (every non-empty subset), else a pass."""
        if self.is_over():
            return []
        moves: list[TripitzMove] = [*self.placements(), *self.joker_swaps()]
        hand = sorted(self.hands[self.turn_index], key=str)
        for k in range(1, min(len(hand), len(self.bag)) + 1):
            moves += [Exchange(give) for give in combinations(hand, k)]
        return moves or [Pass()]

    # -- moves ---------------------------------------------------------------------------

    def parse_move(self, text: str) -> TripitzMove:
        """The move written ``text`` (``InvalidMoveError`` quoting it otherwise)."""
        return parse_move(text)

    def move_text(self, move: TripitzMove) -> str:
        """The canonical text of ``move``."""
        return move_text(move)

    def is_legal(self, move: TripitzMove) -> bool:
        return self.why_illegal(move) is None

    def why_illegal(self, move: TripitzMove) -> str | None:
        """Why ``move`` is illegal for the player to move, in plain words; ``None`` if legal."""
        who = f"move {len(self.history) + 1} (player {self.turn_index + 1})"
        if self.is_over():
            return f"{who}: the game is over"
        hand = self.hands[self.turn_index]
        if isinstance(move, Place):
            if move.pid not in hand:
                return f"{who}: {move.pid} is not in the hand ({' '.join(map(str, hand))})"
            if move.pid.is_joker:
                return f"{who}: a joker is blank and cannot be placed, only swapped for a pid"
            if not 1 <= move.cavity <= len(self.board):
                return f"{who}: there is no cavity {move.cavity} ({self._cavity_range()})"
            h = self.board.cavity_at(move.cavity)
            if h in self.cells:
                return f"{who}: cavity {move.cavity} already holds {self.cells[h]}"
            if not any(n in self.cells for n in self.board.neighbours(h)):
                return f"{who}: cavity {move.cavity} touches no pid"
            s = score_placement(self.board, self.cells, move.pid, h, self.options.line_rule)
            if not (s.triples or s.quadruples):
                return (
                    f"{who}: {move.pid} on cavity {move.cavity} forms no valid triple or "
                    f"quadruple in any line"
                )
            return self._why_bad_draws((move.drawn,) if move.drawn else None, 1, who)
        if isinstance(move, Exchange):
            if not move.pids:
                return f"{who}: an exchange must give back at least one pid"
            if len(set(move.pids)) != len(move.pids):
                return f"{who}: the exchange names a pid twice"
            missing = [p for p in move.pids if p not in hand]
            if missing:
                return (
                    f"{who}: cannot exchange {' '.join(map(str, missing))}: not in the hand "
                    f"({' '.join(map(str, hand))})"
                )
            if len(self.bag) < len(move.pids):
                return (
                    f"{who}: cannot exchange {len(move.pids)} pid(s), the bag holds only "
                    f"{len(self.bag)}"
                )
            return self._why_bad_draws(move.drawn, len(move.pids), who)
        if isinstance(move, JokerSwap):
            if not self.options.jokers:
                return f"{who}: joker swaps are only played in the joker variant"
            if not move.joker.is_joker or move.joker not in hand:
                return f"{who}: {move.joker} is not a joker in the hand"
            if not 1 <= move.cavity <= len(self.board):
                return f"{who}: there is no cavity {move.cavity} ({self._cavity_range()})"
            h = self.board.cavity_at(move.cavity)
            if h not in self.cells or self.cells[h].is_joker:
                return f"{who}: cavity {move.cavity} holds no printed pid to take"
            if not self._swappable(h):
                return (
                    f"{who}: the pid on cavity {move.cavity} is too near the edge of the "
                    f"placed pids; every cavity within two steps must be filled"
                )
            return None
        if isinstance(move, Pass):
            if self._can_act(self.turn_index):
                return f"{who}: a player may only sit out when no other move is possible"
            return None
        return f"{who}: {move!r} is not a Tripitz move"

    def _cavity_range(self) -> str:
        return f"the board has cavities 1..{len(self.board)}"

    def _why_bad_draws(self, drawn: tuple[Pid, ...] | None, count: int, who: str) -> str | None:
        if drawn is None:
            return None
        if not self.bag:
            return f"{who}: the bag is empty, nothing can be drawn"
        if len(drawn) != min(count, len(self.bag)):
            return f"{who}: {len(drawn)} pid(s) named as drawn, but {count} are drawn"
        missing = [p for p in drawn if p not in self.bag]
        if missing or len(set(drawn)) != len(drawn):
            return f"{who}: {' '.join(map(str, missing or drawn))} cannot be drawn: not in the bag"
        return None

    def play(self, move: TripitzMove | str) -> Score | None:
        """Check and make a move (or its text); returns the placement's score.

        ``InvalidMoveError`` for text that is not a move, ``IllegalMoveError`` for a move
        the rules forbid.
        """
        if isinstance(move, str):
            try:
                move = parse_move(move)
            except InvalidMoveError as err:
                raise InvalidMoveError(f"move {len(self.history) + 1}: {err}") from None
        reason = self.why_illegal(move)
        if reason:
            raise IllegalMoveError(reason)
        return self.push(move)

    def _draw(self, count: int, named: Sequence[Pid] | None) -> tuple[Pid, ...]:
        if named is not None:
            for p in named:
                self.bag.remove(p)
            return tuple(named)
        drawn = tuple(self.bag[:count])
        del self.bag[:count]
        return drawn

    def push(self, move: TripitzMove) -> Score | None:
        """Make a move without checking it; returns the placement's score."""
        player = self.turn_index
        hand = self.hands[player]
        score = None
        drawn: tuple[Pid, ...] = ()
        taken = None
        if isinstance(move, Place):
            h = self.board.cavity_at(move.cavity)
            score = score_placement(self.board, self.cells, move.pid, h, self.options.line_rule)
            self.cells[h] = move.pid
            hand.remove(move.pid)
            self.points[player] += score.points
            if self.bag:
                drawn = self._draw(1, (move.drawn,) if move.drawn else None)
                hand.extend(drawn)
            if self.options.shortened and score.outer:
                self._ended = True
        elif isinstance(move, Exchange):
            drawn = self._draw(len(move.pids), move.drawn)
            for p in move.pids:
                hand.remove(p)
            hand.extend(drawn)
            self.bag.extend(move.pids)
            if self._shuffled:
                self._rng.shuffle(self.bag)
        elif isinstance(move, JokerSwap):
            h = self.board.cavity_at(move.cavity)
            taken = self.cells[h]
            self.cells[h] = move.joker
            hand.remove(move.joker)
            hand.append(taken)
        self.history.append(_Turn(player, move, score, drawn, taken))
        if not isinstance(move, JokerSwap):
            self.turn_index = (self.turn_index + 1) % len(self.players)
        return score

    # -- positions -----------------------------------------------------------------------

    def position_cells(self) -> dict[str, str]:
        """The board as a position record's cells: cavity number → pid code."""
        return {
            cavity_name(self.board.cavity_number(h)): self.cells[h].code
            for h in sorted(self.cells, key=self.board.cavity_number)
        }

    @classmethod
    def from_position_cells(
        cls, cells: Mapping[str, str], options: TripitzOptions | None = None
    ) -> TripitzGame:
        """A game whose board holds ``cells`` (cavity number → pid code), the first player to
        move and the other pids dealt from a bag shuffled with seed 0."""
        game = cls(options, seed=0)
        placed: dict[Hex, Pid] = {}
        for name, code in cells.items():
            cavity = parse_cavity(name)
            if not 1 <= cavity <= len(game.board):
                raise InvalidMoveError(f"there is no cavity {name!r} ({game._cavity_range()})")
            try:
                placed[game.board.cavity_at(cavity)] = parse_pid(code)
            except PrintkitError as err:
                raise InvalidMoveError(f"cavity {name}: {err}") from None
        pool = list(PIDS) + (list(JOKERS) if game.options.jokers else [])
        pool = [p for p in pool if p not in set(placed.values())]
        game._rng = random.Random(0)
        game._rng.shuffle(pool)
        game.cells = dict(sorted(placed.items(), key=lambda c: game.board.cavity_number(c[0])))
        game.hands = []
        for _ in game.players:
            game.hands.append(pool[: game.options.hand_size])
            del pool[: game.options.hand_size]
        game.bag = pool
        return game


def new_game(
    rules: str | None = None,
    players: int | None = None,
    *,
    names: Sequence[str] | None = None,
    seed: int | None = None,
    **options: object,
) -> TripitzGame:
    """A game at its start under the preset ``rules`` (standard when None), with option
    values replaced by ``options``; ``players`` and ``names`` as ``TripitzGame`` takes them."""
    name = (rules or "standard").strip().lower()
    if name not in PRESETS:
        raise PrintkitError(f"unknown Tripitz rules {rules!r}: choose from {', '.join(PRESETS)}")
    try:
        chosen = replace(PRESETS[name], **options)
    except TypeError as e:
        raise PrintkitError(f"bad Tripitz options {options!r}: {e}") from None
    return TripitzGame(chosen, players, names=names, seed=seed)
