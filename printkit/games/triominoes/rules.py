"""Triominoes rules: laying number tiles on the triangular plane, draws, bonuses and rounds.

A tile lies on a lattice cell of ``printkit.geometry.tri`` with its three numbers on the
cell's three corners.  A placement is legal when the cell is empty, it shares an edge with
the layout (except the first tile of a round), and every corner that already carries a
number carries the same one.  It scores the tile's sum, plus a bonus for each hexagon it
closes and for a bridge (see ``BridgeRule``).  A player who cannot lay a tile draws (with a
penalty, up to a limit) and passes when the pool is empty; a round ends when a player goes
out or when everyone has passed in succession with the pool empty (blocked).  The rules of
the two source texts and of the published commercial rules are the presets in ``PRESETS``;
docs/rules-triominoes.md has them all.

Orientation: a tile's numbers go clockwise *as seen on paper* (y grows downwards).  The
*reference corner* of a cell is its apex when it points up and its top-left corner when it
points down; a placement's ``reading`` is the three numbers clockwise from that corner.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import Enum
from functools import cache

from printkit.errors import PrintkitError
from printkit.games.base import IllegalMoveError, InvalidMoveError, Outcome
from printkit.games.triominoes.notation import (
    Draw,
    Pass,
    Place,
    TriominoesMove,
    cell_name,
    clockwise_corners,
    move_text,
    parse_cell,
    parse_move,
)
from printkit.games.triominoes.tiles import TILES, Tile
from printkit.geometry.tri import Cell, Vertex, edge_neighbours

__all__ = [
    "BridgeRule",
    "BlockedRule",
    "EndRule",
    "TriominoesOptions",
    "SPANISH",
    "ENGLISH",
    "PRESSMAN",
    "PRESETS",
    "preset",
    "new_game",
    "MIN_PLAYERS",
    "MAX_PLAYERS",
    "Place",
    "Draw",
    "Pass",
    "TriominoesMove",
    "parse_move",
    "move_text",
    "Score",
    "Entry",
    "clockwise_corners",
    "cells_around",
    "score_placement",
    "placement_problem",
    "opening_tile",
    "TriominoesGame",
]

MIN_PLAYERS, MAX_PLAYERS = 2, 6


class BridgeRule(Enum):
    """Which moves are bridges (each scores ``bridge_bonus`` once).

    ``GAP``: the tile shares exactly one edge with the layout and the corner opposite that
    edge touches the layout too (necessarily through a tile that meets it only at that
    corner).  That is 002's "a whole side and the opposite corner".  A move that shares two
    or three edges is never a bridge, so a hexagon is never a bridge either.

    ``CORNERS``: all three corners of the tile touch the layout and the move closes no
    hexagon.  That is 003's wording ("all three corners touch ... otherwise, the play is a
    bridge"); it also counts a tile laid into a notch (two shared edges) as a bridge.
    """

    GAP = "gap"
    CORNERS = "corners"


class BlockedRule(Enum):
    """How a blocked round (pool empty, everyone passed in succession) is scored."""

    LOWEST_WINS_DIFFERENCES = "lowest-wins-differences"
    """The lowest hand total scores the sum of its differences to every other hand (002)."""
    EACH_LOSES_OWN = "each-loses-own"
    """Every player loses the total of their own hand (003)."""
    LOWEST_WINS_OTHERS = "lowest-wins-others-minus-own"
    """The lowest hand total scores the other hands' totals less its own (Pressman/Goliath).

    With two players this equals ``LOWEST_WINS_DIFFERENCES``; with more it pays more."""


class EndRule(Enum):
    """When the game ends."""

    REACH_THEN_FINISH_ROUND = "reach-then-finish-round"
    """Once anyone's score reaches the target, the round in progress is the last (002)."""
    AT_ROUND_END = "at-round-end"
    """After a round in which anyone ends at or above the target (003)."""


@dataclass(frozen=True, slots=True)
class TriominoesOptions:
    """Rule options; every rule is its own field.  Penalties are positive numbers taken off.

    The defaults are the Spanish preset (``SPANISH``).
    """

    hand_sizes: tuple[tuple[int, int], ...] = ((2, 9), (3, 7), (4, 7), (5, 6), (6, 6))
    """(players, tiles dealt to each)."""
    opening_bonus: int = 10
    opening_bonus_without_triple: bool = False
    """Does the bonus also go to an opening tile that is not a triple?"""
    zero_triple_opening: int | None = 40
    """What opening with 0-0-0 scores in all (bonus included); ``None``: the usual 0 + bonus."""
    zero_triple_may_open: bool = False
    """May the opener lay 0-0-0 instead of the higher triple that makes them opener?"""
    draw_penalty: int = 5
    max_draws: int | None = 3
    """Draws per turn; ``None``: draw until a tile fits or the pool is empty."""
    exhausted_penalty: int = 25
    """Taken, besides the draws, when ``max_draws`` draws did not give a playable tile."""
    empty_pool_penalty: int = 10
    """Taken for passing because nothing fits and the pool is empty."""
    draw_when_able: bool = False
    """May a player draw while holding a tile that fits?"""
    hexagon_bonus: int = 50
    """The bonus for each hexagon a tile closes (unless ``hexagon_bonuses`` is set)."""
    hexagon_bonuses: tuple[int, int, int] | None = None
    """The bonus for closing 1, 2 and 3 hexagons with one tile; ``None``: ``hexagon_bonus``
    for each one."""
    bridge_bonus: int = 40
    bridge_rule: BridgeRule = BridgeRule.GAP
    going_out_bonus: int = 25
    going_out_adds_hands: bool = True
    """Does the player going out also score the totals left in the other hands?"""
    blocked_rule: BlockedRule = BlockedRule.LOWEST_WINS_DIFFERENCES
    target: int = 400
    end_rule: EndRule = EndRule.REACH_THEN_FINISH_ROUND
    round_winner_breaks_tie: bool = False
    """When the game ends with two or more players at or above ``target``, does the winner
    of the last round (who went out, or the lowest hand of a blocked round) win if among
    them, rather than the highest score?"""

    def __post_init__(self) -> None:
        for n, size in self.hand_sizes:
            if not (MIN_PLAYERS <= n <= MAX_PLAYERS and 1 <= size and n * size <= len(TILES)):
                raise PrintkitError(f"cannot deal {size} tiles to each of {n} players")
        if self.max_draws is not None and self.max_draws < 0:
            raise PrintkitError(f"max_draws must be at least 0 (or None), got {self.max_draws}")
        table = self.hexagon_bonuses
        if table is not None:
            if (
                not isinstance(table, tuple | list)
                or len(table) != 3
                or not all(isinstance(b, int) and not isinstance(b, bool) for b in table)
            ):
                raise PrintkitError(
                    "hexagon_bonuses gives three whole numbers (the bonus for 1, 2 and 3 "
                    f"hexagons closed at once), or None; got {table!r}"
                )
            object.__setattr__(self, "hexagon_bonuses", tuple(table))
        # Accept the enum values as text too ("gap", "each-loses-own"), as records give them.
        try:
            object.__setattr__(self, "bridge_rule", BridgeRule(self.bridge_rule))
            object.__setattr__(self, "blocked_rule", BlockedRule(self.blocked_rule))
            object.__setattr__(self, "end_rule", EndRule(self.end_rule))
        except ValueError as err:
            raise PrintkitError(str(err)) from None

    def hexagon_points(self, count: int) -> int:
        """The bonus for closing ``count`` hexagons (0 to 3) with one tile."""
        if count == 0:
            return 0
        if self.hexagon_bonuses is None:
            return count * self.hexagon_bonus
        return self.hexagon_bonuses[count - 1]

    def hand_size(self, players: int) -> int:
        for n, size in self.hand_sizes:
            if n == players:
                return size
        raise PrintkitError(f"these rules deal no hands for {players} players")


SPANISH = TriominoesOptions()
"""Seed 002 (the Spanish rule sheet)."""

ENGLISH = TriominoesOptions(
    opening_bonus_without_triple=True,
    zero_triple_opening=None,
    max_draws=None,
    exhausted_penalty=0,
    bridge_rule=BridgeRule.CORNERS,
    blocked_rule=BlockedRule.EACH_LOSES_OWN,
    target=500,
    end_rule=EndRule.AT_ROUND_END,
)
"""Seed 003 (the English description); hand sizes, which 003 leaves open, as in 002."""

PRESSMAN = TriominoesOptions(
    zero_triple_may_open=True,
    exhausted_penalty=10,
    hexagon_bonuses=(50, 60, 70),
    blocked_rule=BlockedRule.LOWEST_WINS_OTHERS,
    round_winner_breaks_tie=True,
)
"""The published rules of the commercial game (Pressman Tri-Ominos, Goliath Triominos):
two hexagons at once 60, three 70; at most 3 draws, then 10 more on passing; a blocked
round pays the lowest hand the others' totals less its own; 400 ends the game after the
round, whose winner wins if several passed 400.  Sources: docs/rules-triominoes.md."""

PRESETS: dict[str, TriominoesOptions] = {
    "spanish": SPANISH,
    "english": ENGLISH,
    "pressman": PRESSMAN,
}
"""The rule sets by name, each named after its source."""


def preset(name: str) -> TriominoesOptions:
    """The options of a named preset; ``PrintkitError`` listing the presets otherwise."""
    try:
        return PRESETS[name.strip().lower()]
    except KeyError:
        raise PrintkitError(
            f"unknown Triominoes preset {name!r}; the presets are: {', '.join(PRESETS)}"
        ) from None


def new_game(
    rules: str | None = None,
    players: int | None = None,
    *,
    names: Sequence[str] | None = None,
    seed: int | None = None,
    **options: object,
) -> TriominoesGame:
    """A game at its start under the preset ``rules`` (spanish when None), with option values
    replaced by ``options``; ``players`` and ``names`` as ``TriominoesGame`` takes them."""
    try:
        chosen = replace(preset(rules or "spanish"), **options)
    except TypeError as e:
        raise PrintkitError(f"bad Triominoes options {options!r}: {e}") from None
    return TriominoesGame(chosen, players, names=names, seed=seed)


# -- geometry ----------------------------------------------------------------------------


@cache
def cells_around(v: tuple[int, int]) -> tuple[Cell, ...]:
    """The six cells that meet at vertex ``v`` (the hexagon round it)."""
    row, col = v
    return (
        Cell(row, col),
        Cell(row, col + 1),
        Cell(row - 1, col + 1),
        Cell(row - 1, col),
        Cell(row - 1, col - 1),
        Cell(row, col - 1),
    )


# -- scoring -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Score:
    """What a placement scores, and why."""

    tile: int
    opening: int = 0
    hexagons: int = 0
    bridges: int = 0
    hexagon_points: int = 0
    """The bonus for the hexagons closed (``TriominoesOptions.hexagon_points``)."""
    bridge_bonus: int = 40

    @property
    def points(self) -> int:
        return self.tile + self.opening + self.hexagon_points + self.bridges * self.bridge_bonus

    def __str__(self) -> str:
        parts = [f"tile {self.tile}"]
        if self.opening:
            parts.append(f"opening {self.opening}")
        if self.hexagons:
            parts.append(f"{self.hexagons} hexagon(s) {self.hexagon_points}")
        if self.bridges:
            parts.append(f"bridge {self.bridges * self.bridge_bonus}")
        return " + ".join(parts) + f" = {self.points}"


@dataclass(frozen=True, slots=True)
class Entry:
    """One line of the score sheet: ``points`` to ``player`` (a name) in ``round``, and why."""

    round: int
    player: str
    points: int
    reason: str


def placement_problem(
    layout: dict[Cell, Tile] | set[Cell] | frozenset[Cell], numbers: dict[Vertex, int], move: Place
) -> str | None:
    """Why ``move`` does not fit the layout (cells taken, corner numbers), or ``None``."""
    cell = move.cell
    if cell in layout:
        return f"{cell} is already taken"
    if layout and not any(n in layout for n in edge_neighbours(cell)):
        return f"{move.tile} on {cell} shares no edge with the tiles laid"
    for k, (v, n) in enumerate(zip(clockwise_corners(cell), move.reading, strict=True)):
        have = numbers.get(v)
        if have is not None and have != n:
            return (
                f"{move.tile} on {cell} turned to {move.text().split(' @')[0]} puts {n} "
                f"on corner {k + 1} (clockwise from the top), which already shows {have}"
            )
    return None


def score_placement(
    layout: dict[Cell, Tile] | set[Cell] | frozenset[Cell],
    numbers: dict[Vertex, int],
    move: Place,
    options: TriominoesOptions = SPANISH,
) -> Score:
    """What ``move`` (assumed legal, not the opening) scores on the layout: sum and bonuses."""
    cell = move.cell
    corners = clockwise_corners(cell)
    shared = sum(1 for n in edge_neighbours(cell) if n in layout)
    touched = sum(1 for v in corners if v in numbers)
    hexagons = sum(1 for v in corners if all(c == cell or c in layout for c in cells_around(v)))
    if options.bridge_rule is BridgeRule.GAP:
        bridge = shared == 1 and touched == 3
    else:
        bridge = touched == 3 and hexagons == 0
    return Score(
        move.tile.total,
        0,
        hexagons,
        int(bridge),
        options.hexagon_points(hexagons),
        options.bridge_bonus,
    )


def _opening_key(tile: Tile) -> tuple[bool, int, tuple[int, ...]]:
    return tile.is_triple, tile.total, tuple(sorted(tile, reverse=True))


def opening_tile(hands: Sequence[Sequence[Tile]]) -> tuple[int, Tile]:
    """Who opens and with which tile: the highest triple, else the highest total.

    Totals tie only between different tiles; the tie goes to the higher top number, then
    the higher middle one (2-5-5 before 3-4-5), so the choice is always unique.
    """
    best = max((t for h in hands for t in h), key=_opening_key)
    return next(i for i, h in enumerate(hands) if best in h), best


def _distinct_rotations(tile: Tile) -> tuple[int, ...]:
    seen: list[tuple[int, int, int]] = []
    out = []
    for k, r in enumerate(tile.rotations()):
        if r not in seen:
            seen.append(r)
            out.append(k)
    return tuple(out)


_ZERO_TRIPLE = Tile(0, 0, 0)

_ROTATIONS: dict[Tile, tuple[tuple[int, tuple[int, int, int]], ...]] = {
    t: tuple((k, t.rotations()[k]) for k in _distinct_rotations(t)) for t in TILES
}


# -- the game ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Turn:
    """One entry of the game's history."""

    round: int
    player: int
    move: TriominoesMove
    points: int
    drawn: Tile | None = None


class TriominoesGame:
    """A game of Triominoes over several rounds (python-chess style: ``push`` and ``play``).

    ``hands`` and ``pool`` fix the first round's deal (``pool`` is the drawing order, top
    first); what is not given is shuffled with ``random.Random(seed)``, as is every later
    round.  With ``auto_deal=False`` a finished round waits for ``start_round(hands, pool)``
    (a record that knows the deals).  The players play in the order of ``names`` (default
    "player 1", "player 2", ...); ``hands``, ``hand(k)`` and ``turn_index`` number them
    from 0 in that order.
    """

    def __init__(
        self,
        options: TriominoesOptions | None = None,
        players: int | None = None,
        *,
        names: Sequence[str] | None = None,
        seed: int | None = None,
        hands: Sequence[Sequence[Tile]] | None = None,
        pool: Sequence[Tile] | None = None,
        auto_deal: bool = True,
    ) -> None:
        self.options = options or SPANISH
        count = players if players is not None else len(names) if names else 2
        if not MIN_PLAYERS <= count <= MAX_PLAYERS:
            raise PrintkitError(
                f"Triominoes is for {MIN_PLAYERS}-{MAX_PLAYERS} players, got {count}"
            )
        if names is None:
            names = [f"player {k + 1}" for k in range(count)]
        if len(names) != count or len(set(names)) != count:
            raise PrintkitError(f"{count} different player names needed, got {list(names)}")
        self._names = tuple(names)
        self.options.hand_size(count)
        self.auto_deal = auto_deal
        self._rng = random.Random(seed)
        self._scores: list[int] = [0] * count
        self.ledger: list[Entry] = []
        self.history: list[_Turn] = []
        self.round = 0
        self.round_ends: list[str] = []
        """How each finished round ended: ``out`` or ``blocked``."""
        self.round_winners: tuple[str, ...] = ()
        """Who won the last finished round: the player who went out, or the lowest hand(s)."""
        self._over = False
        self.start_round(hands, pool)

    @property
    def players(self) -> tuple[str, ...]:
        """The players' names in turn order."""
        return self._names

    @property
    def turn(self) -> str | None:
        """The name of the player to move (``None`` once the game is over)."""
        return None if self._over else self._names[self.turn_index]

    # -- rounds --------------------------------------------------------------------------

    def start_round(
        self, hands: Sequence[Sequence[Tile]] | None = None, pool: Sequence[Tile] | None = None
    ) -> None:
        """Deal a new round (``hands``/``pool`` as in the constructor)."""
        if self._over:
            raise PrintkitError("the game is over")
        count = len(self._names)
        size = self.options.hand_size(count)
        if hands is not None:
            if len(hands) != count:
                raise PrintkitError(f"{len(hands)} hands given for {count} players")
            dealt = [t for h in hands for t in h]
            if len(set(dealt)) != len(dealt) or not set(dealt) <= set(TILES):
                raise PrintkitError("the hands must hold different tiles of the set")
            if any(len(h) != size for h in hands):
                raise PrintkitError(f"each hand holds {size} tiles with {count} players")
            rest = [t for t in TILES if t not in set(dealt)]
            if pool is None:
                self._rng.shuffle(rest)
                pool_list = rest
            elif sorted(pool) != rest:
                raise PrintkitError("the pool must hold exactly the tiles not in the hands")
            else:
                pool_list = list(pool)
            self.hands: list[list[Tile]] = [list(h) for h in hands]
        else:
            if pool is None:
                pool_list = list(TILES)
                self._rng.shuffle(pool_list)
            elif sorted(pool) != list(TILES):
                raise PrintkitError("without hands, the pool must order all 56 tiles")
            else:
                pool_list = list(pool)
            # The hands are dealt from the top of the pool.
            self.hands = [pool_list[k * size : (k + 1) * size] for k in range(count)]
            del pool_list[: count * size]
        self.pool: list[Tile] = pool_list
        self.round += 1
        self.layout: dict[Cell, Tile] = {}
        self.readings: dict[Cell, tuple[int, int, int]] = {}
        self.numbers: dict[Vertex, int] = {}
        self._frontier: set[Cell] = set()
        self.turn_index, self.opening = opening_tile(self.hands)
        self.draws = 0
        self._empty_passes = 0
        self._round_over = False
        self._reached = False

    def round_over(self) -> bool:
        """True between the end of a round and the next deal (only with ``auto_deal=False``)."""
        return self._round_over

    def _credit(self, player: int, points: int, reason: str) -> None:
        self._scores[player] += points
        self.ledger.append(Entry(self.round, self._names[player], points, reason))
        if self._scores[player] >= self.options.target:
            self._reached = True

    def _end_round(self, how: str, out: int | None = None) -> None:
        o = self.options
        totals = [sum(t.total for t in h) for h in self.hands]
        low = min(totals)
        if out is not None:
            self.round_winners = (self._names[out],)
        else:
            self.round_winners = tuple(
                n for n, t in zip(self._names, totals, strict=True) if t == low
            )
        if out is not None:
            others = sum(totals) - totals[out] if o.going_out_adds_hands else 0
            self._credit(out, o.going_out_bonus + others, "going out")
        elif o.blocked_rule is BlockedRule.LOWEST_WINS_DIFFERENCES:
            gain = sum(t - low for t in totals)
            for p, t in enumerate(totals):
                if t == low:
                    self._credit(p, gain, "blocked round: lowest hand")
        elif o.blocked_rule is BlockedRule.LOWEST_WINS_OTHERS:
            # Each player tied for lowest scores the hands of the players who are not.
            others = sum(t for t in totals if t != low)
            for p, t in enumerate(totals):
                if t == low:
                    self._credit(p, others - low, "blocked round: lowest hand")
        else:
            for p, t in enumerate(totals):
                self._credit(p, -t, "blocked round: own hand")
        self.round_ends.append(how)
        self._round_over = True
        if o.end_rule is EndRule.REACH_THEN_FINISH_ROUND:
            self._over = self._reached
        else:
            self._over = max(self._scores) >= o.target
        if not self._over and self.auto_deal:
            self.start_round()

    # -- state ---------------------------------------------------------------------------

    def __repr__(self) -> str:
        return (
            f"<TriominoesGame round={self.round} tiles={len(self.layout)} "
            f"turn={self.turn!r} pool={len(self.pool)} scores={self._scores}>"
        )

    def copy(self) -> TriominoesGame:
        """An independent copy (the random state included)."""
        g = TriominoesGame.__new__(TriominoesGame)
        g.__dict__.update(self.__dict__)
        g._rng = random.Random()
        g._rng.setstate(self._rng.getstate())
        g._scores = list(self._scores)
        g.ledger = list(self.ledger)
        g.history = list(self.history)
        g.round_ends = list(self.round_ends)
        g.hands = [list(h) for h in self.hands]
        g.pool = list(self.pool)
        g.layout = dict(self.layout)
        g.readings = dict(self.readings)
        g.numbers = dict(self.numbers)
        g._frontier = set(self._frontier)
        return g

    def scores(self) -> dict[str, int]:
        """Each player's score by name."""
        return dict(zip(self._names, self._scores, strict=True))

    def hand(self, player: int | None = None) -> tuple[Tile, ...]:
        """The tiles of player ``player`` (numbered from 0; default: the one to move)."""
        return tuple(self.hands[self.turn_index if player is None else player])

    def is_over(self) -> bool:
        return self._over

    def outcome(self) -> Outcome | None:
        """The players with the highest score (more than one on a tie), once the game is over."""
        if not self._over:
            return None
        best = max(self._scores)
        winners = tuple(n for n, s in zip(self._names, self._scores, strict=True) if s == best)
        target = self.options.target
        if self.options.end_rule is EndRule.REACH_THEN_FINISH_ROUND:
            reason = f"a score reached {target} and round {self.round}, the last, ended"
        else:
            reason = f"round {self.round} ended with a score of {target} or more"
        scores = self.scores()
        at_target = [n for n in self._names if scores[n] >= target]
        if self.options.round_winner_breaks_tie and len(at_target) >= 2:
            round_winners = tuple(n for n in self.round_winners if n in at_target)
            if round_winners:
                winners = round_winners
                reason += (
                    f"; of the {len(at_target)} players at {target} or more, "
                    "the round's winner wins"
                )
        return Outcome(winners, reason)

    def can_draw_more(self) -> bool:
        """May the player to move draw again this turn (pool not empty, under the limit)?"""
        m = self.options.max_draws
        return bool(self.pool) and (m is None or self.draws < m)

    # -- moves ---------------------------------------------------------------------------

    def parse_move(self, text: str) -> TriominoesMove:
        """The move written ``text``; ``InvalidMoveError`` quoting it otherwise."""
        return parse_move(text)

    def move_text(self, move: TriominoesMove) -> str:
        """The canonical text of ``move``."""
        return move_text(move)

    def _may_open_with(self, tile: Tile, hand: Sequence[Tile]) -> bool:
        """May a round open with ``tile`` from ``hand``: the opening tile, or 0-0-0 in its
        stead when the rules allow it (the opener holds both)."""
        if tile == self.opening:
            return tile in hand
        return (
            self.options.zero_triple_may_open
            and tile == _ZERO_TRIPLE
            and self.opening.is_triple
            and self.opening in hand
            and tile in hand
        )

    def placements(self, player: int | None = None) -> Iterator[Place]:
        """Every tile of a hand (default: the one to move) that fits somewhere, every way."""
        hand = self.hands[self.turn_index if player is None else player]
        if not self.layout:
            for tile in (self.opening, _ZERO_TRIPLE):
                if self._may_open_with(tile, hand):
                    for k, _ in _ROTATIONS[tile]:
                        yield Place(tile, Cell(0, 0), k)
                if tile == self.opening == _ZERO_TRIPLE:
                    break
            return
        numbers = self.numbers
        for cell in sorted(self._frontier):
            need = [numbers.get(v) for v in clockwise_corners(cell)]
            a, b, c = need
            for tile in hand:
                for k, r in _ROTATIONS[tile]:
                    if (
                        (a is None or a == r[0])
                        and (b is None or b == r[1])
                        and (c is None or c == r[2])
                    ):
                        yield Place(tile, cell, k)

    def can_place(self, player: int | None = None) -> bool:
        return next(self.placements(player), None) is not None

    def legal_moves(self) -> list[TriominoesMove]:
        """Placements; a draw when allowed; else the pass."""
        if self._over or self._round_over:
            return []
        moves: list[TriominoesMove] = list(self.placements())
        if not self.layout:
            return moves
        if self.can_draw_more() and (not moves or self.options.draw_when_able):
            moves.append(Draw())
        elif not moves:
            moves.append(Pass())
        return moves

    def is_legal(self, move: TriominoesMove) -> bool:
        return self.why_illegal(move) is None

    def why_illegal(self, move: TriominoesMove) -> str | None:
        """Why ``move`` is illegal for the player to move, in plain words; ``None`` if legal."""
        who = f"round {self.round}, move {len(self.history) + 1} ({self._names[self.turn_index]})"
        if self._over:
            return f"{who}: the game is over"
        if self._round_over:
            return f"{who}: the round is over; deal the next one"
        hand = self.hands[self.turn_index]
        if isinstance(move, Place):
            if move.tile not in hand:
                return f"{who}: {move.tile} is not in the hand ({' '.join(map(str, hand))})"
            if move.rotation not in (k for k, _ in _ROTATIONS[move.tile]):
                return f"{who}: rotation {move.rotation} of {move.tile} (use 0-2, triples 0)"
            if not self.layout and not self._may_open_with(move.tile, hand):
                also = " (or 0-0-0)" if self._may_open_with(_ZERO_TRIPLE, hand) else ""
                return f"{who}: the round opens with {self.opening}{also}, the highest tile dealt"
            problem = placement_problem(self.layout, self.numbers, move)
            return f"{who}: {problem}" if problem else None
        if isinstance(move, Draw):
            if not self.layout:
                return f"{who}: the round opens with {self.opening}; no drawing before it"
            if not self.pool:
                return f"{who}: the pool is empty"
            if not self.can_draw_more():
                return f"{who}: already drew {self.draws} tiles this turn, the most allowed"
            if not self.options.draw_when_able:
                fit = next(self.placements(), None)
                if fit is not None:
                    return f"{who}: no drawing while a tile fits ({fit.text()})"
            if move.tile is not None and move.tile not in self.pool:
                return f"{who}: {move.tile} cannot be drawn, it is not in the pool"
            return None
        if isinstance(move, Pass):
            if not self.layout:
                return f"{who}: the round opens with {self.opening}; no passing before it"
            fit = next(self.placements(), None)
            if fit is not None:
                return f"{who}: no passing while a tile fits ({fit.text()})"
            if self.can_draw_more():
                return f"{who}: nothing fits, so draw a tile first"
            return None
        return f"{who}: {move!r} is not a Triominoes move"

    def play(self, move: TriominoesMove | str) -> int:
        """Check and make a move (or its text); returns the points it scored.

        ``InvalidMoveError`` for text that is not a move, ``IllegalMoveError`` for a move the
        rules forbid.
        """
        if isinstance(move, str):
            try:
                move = parse_move(move)
            except InvalidMoveError as err:
                raise InvalidMoveError(
                    f"round {self.round}, move {len(self.history) + 1}: {err}"
                ) from None
        reason = self.why_illegal(move)
        if reason:
            raise IllegalMoveError(reason)
        return self.push(move)

    def push(self, move: TriominoesMove) -> int:
        """Make a move without checking it; returns the points it scored (penalties < 0)."""
        player = self.turn_index
        count = len(self._names)
        o = self.options
        rnd = self.round
        if isinstance(move, Place):
            opening = not self.layout
            if opening:
                t = move.tile
                bonus = o.opening_bonus if t.is_triple or o.opening_bonus_without_triple else 0
                if t == _ZERO_TRIPLE and o.zero_triple_opening is not None:
                    bonus = o.zero_triple_opening - t.total
                score = Score(t.total, bonus, bridge_bonus=o.bridge_bonus)
            else:
                score = score_placement(self.layout, self.numbers, move, o)
            self._lay(move)
            self.hands[player].remove(move.tile)
            self.history.append(_Turn(rnd, player, move, score.points))
            self._credit(player, score.points, f"{move.text()}: {score}")
            self.draws = 0
            self._empty_passes = 0
            if not self.hands[player]:
                self._end_round("out", player)
            else:
                self.turn_index = (player + 1) % count
            return score.points
        if isinstance(move, Draw):
            if move.tile is not None:
                self.pool.remove(move.tile)
                tile = move.tile
            else:
                tile = self.pool.pop(0)
            self.hands[player].append(tile)
            self.draws += 1
            self._empty_passes = 0
            self.history.append(_Turn(rnd, player, move, -o.draw_penalty, tile))
            self._credit(player, -o.draw_penalty, "draw")
            return -o.draw_penalty
        # Pass: after using every allowed draw, else with the pool empty.
        if o.max_draws is not None and self.draws >= o.max_draws:
            points, reason = -o.exhausted_penalty, f"pass after {self.draws} draws"
        else:
            points, reason = -o.empty_pool_penalty, "pass, pool empty"
        self.history.append(_Turn(rnd, player, move, points))
        self._credit(player, points, reason)
        self.draws = 0
        self._empty_passes = self._empty_passes + 1 if not self.pool else 0
        self.turn_index = (player + 1) % count
        if self._empty_passes >= count:
            self._end_round("blocked")
        return points

    def _lay(self, move: Place) -> None:
        """Put ``move``'s tile on the table (layout, readings, corner numbers, frontier)."""
        cell = move.cell
        self.layout[cell] = move.tile
        self.readings[cell] = move.reading
        for v, n in zip(clockwise_corners(cell), move.reading, strict=True):
            self.numbers[v] = n
        self._frontier.discard(cell)
        for nb in edge_neighbours(cell):
            if nb not in self.layout:
                self._frontier.add(nb)

    # -- positions -----------------------------------------------------------------------

    def position_cells(self) -> dict[str, str]:
        """The tiles of the round in play as a position record writes them: ``(r,c)`` →
        the numbers clockwise from the cell's reference corner, ``a-b-c``."""
        return {
            cell_name(cell): "-".join(map(str, reading))
            for cell, reading in sorted(self.readings.items())
        }

    @classmethod
    def from_position_cells(
        cls, cells: Mapping[str, str], options: TriominoesOptions | None = None
    ) -> TriominoesGame:
        """A two-player game with ``cells``' tiles on the table; the other tiles are dealt
        (``random.Random(0)``) into the hands, as many as the rules give, and the pool.

        ``InvalidMoveError`` for a cell or reading that cannot be read, ``IllegalMoveError``
        for a tile laid twice or a corner showing two numbers.
        """
        game = cls(options, 2, seed=0)
        if not cells:
            return game
        moves: list[Place] = []
        for name, reading in cells.items():
            move = parse_move(f"{reading} @ {cell_name(parse_cell(name))}")
            if not isinstance(move, Place):
                raise InvalidMoveError(f"cell {name}: {reading!r} is not a tile's numbers")
            moves.append(move)
        laid = {m.tile for m in moves}
        if len(laid) != len(moves):
            raise IllegalMoveError("a tile lies on two cells: each tile exists once")
        for move in sorted(moves, key=lambda m: m.cell):
            for v, n in move.corners().items():
                if game.numbers.get(v, n) != n:
                    raise IllegalMoveError(
                        f"{move.tile} on {move.cell} puts {n} on a corner "
                        f"that already shows {game.numbers[v]}"
                    )
            game._lay(move)
        rest = [t for t in (*(t for h in game.hands for t in h), *game.pool) if t not in laid]
        count = len(game._names)
        size = min(game.options.hand_size(count), len(rest) // count)
        game.hands = [rest[k * size : (k + 1) * size] for k in range(count)]
        game.pool = rest[count * size :]
        game.turn_index = 0
        return game
