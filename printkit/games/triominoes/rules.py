"""Triominoes rules: laying number tiles on the triangular plane, draws, bonuses and rounds.

A tile lies on a lattice cell of ``printkit.geometry.tri`` with its three numbers on the
cell's three corners.  A placement is legal when the cell is empty, it shares an edge with
the layout (except the first tile of a round), and every corner that already carries a
number carries the same one.  It scores the tile's sum, plus a bonus for each hexagon it
closes and for a bridge (see ``BridgeRule``).  A player who cannot lay a tile draws (with a
penalty, up to a limit) and passes when the pool is empty; a round ends when a player goes
out or when everyone has passed in succession with the pool empty (blocked).  The rules of
the two source texts are the presets in ``PRESETS``; docs/rules-triominoes.md has them all.

Orientation: a tile's numbers go clockwise *as seen on paper* (y grows downwards).  The
*reference corner* of a cell is its apex when it points up and its top-left corner when it
points down; a placement's ``reading`` is the three numbers clockwise from that corner.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from enum import Enum
from functools import cache

from printkit.games.base import IllegalMoveError
from printkit.games.triominoes.tiles import TILES, Tile, parse_tile
from printkit.geometry.tri import Cell, Vertex, edge_neighbours, is_up, vertices

__all__ = [
    "BridgeRule",
    "BlockedRule",
    "EndRule",
    "TriominoesOptions",
    "SPANISH",
    "ENGLISH",
    "PRESETS",
    "preset",
    "MIN_PLAYERS",
    "MAX_PLAYERS",
    "Place",
    "Draw",
    "Pass",
    "TriominoesMove",
    "parse_move",
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
    bridge_bonus: int = 40
    bridge_rule: BridgeRule = BridgeRule.GAP
    going_out_bonus: int = 25
    going_out_adds_hands: bool = True
    """Does the player going out also score the totals left in the other hands?"""
    blocked_rule: BlockedRule = BlockedRule.LOWEST_WINS_DIFFERENCES
    target: int = 400
    end_rule: EndRule = EndRule.REACH_THEN_FINISH_ROUND

    def __post_init__(self) -> None:
        for n, size in self.hand_sizes:
            if not (MIN_PLAYERS <= n <= MAX_PLAYERS and 1 <= size and n * size <= len(TILES)):
                raise ValueError(f"cannot deal {size} tiles to each of {n} players")
        if self.max_draws is not None and self.max_draws < 0:
            raise ValueError(f"max_draws must be at least 0 (or None), got {self.max_draws}")
        # Accept the enum values as text too ("gap", "each-loses-own"), as records give them.
        object.__setattr__(self, "bridge_rule", BridgeRule(self.bridge_rule))
        object.__setattr__(self, "blocked_rule", BlockedRule(self.blocked_rule))
        object.__setattr__(self, "end_rule", EndRule(self.end_rule))

    def hand_size(self, players: int) -> int:
        for n, size in self.hand_sizes:
            if n == players:
                return size
        raise ValueError(f"these rules deal no hands for {players} players")


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

PRESETS: dict[str, TriominoesOptions] = {"spanish": SPANISH, "english": ENGLISH}
"""The rule sets by name, each named after its source text."""


def preset(name: str) -> TriominoesOptions:
    """The options of a named preset; ValueError listing the presets otherwise."""
    try:
        return PRESETS[name.strip().lower()]
    except KeyError:
        raise ValueError(f"unknown Triominoes preset {name!r}; the presets are: "
                         f"{', '.join(PRESETS)}") from None


# -- geometry ----------------------------------------------------------------------------


@cache
def clockwise_corners(cell: tuple[int, int]) -> tuple[Vertex, Vertex, Vertex]:
    """A cell's corners clockwise on paper from its reference corner (apex, or top left)."""
    a, b, c = vertices(cell)
    return (a, c, b) if is_up(cell) else (a, b, c)


@cache
def cells_around(v: tuple[int, int]) -> tuple[Cell, ...]:
    """The six cells that meet at vertex ``v`` (the hexagon round it)."""
    row, col = v
    return (Cell(row, col), Cell(row, col + 1), Cell(row - 1, col + 1),
            Cell(row - 1, col), Cell(row - 1, col - 1), Cell(row, col - 1))


# -- moves -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Place:
    """Lay ``tile`` on ``cell`` turned by ``rotation`` (0-2).

    The corners clockwise from the cell's reference corner carry ``tile.rotations()
    [rotation]``; a triple has only rotation 0.
    """

    tile: Tile
    cell: Cell
    rotation: int = 0

    @classmethod
    def reading_at(cls, reading: Sequence[int], cell: tuple[int, int]) -> Place:
        """The placement putting ``reading`` clockwise from the reference corner of ``cell``."""
        tile = parse_tile("".join(map(str, reading)))
        return cls(tile, Cell(*cell), tile.rotations().index(tuple(reading)))

    @property
    def reading(self) -> tuple[int, int, int]:
        return self.tile.rotations()[self.rotation]

    def corners(self) -> dict[Vertex, int]:
        """The number laid on each corner."""
        return dict(zip(clockwise_corners(self.cell), self.reading, strict=True))

    def text(self) -> str:
        """``3-5-2 @ (0,1)``: the numbers clockwise from the reference corner, and the cell."""
        a, b, c = self.reading
        return f"{a}-{b}-{c} @ {self.cell}"

    __str__ = text


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw a tile from the pool; ``tile`` names it when known (a record), else the top one."""

    tile: Tile | None = None

    def text(self) -> str:
        return "draw" if self.tile is None else f"draw {self.tile}"

    __str__ = text


@dataclass(frozen=True, slots=True)
class Pass:
    """End the turn without laying a tile: only when nothing fits and no draw is left."""

    def text(self) -> str:
        return "pass"

    __str__ = text


TriominoesMove = Place | Draw | Pass

_PLACE = re.compile(r"([0-9])\s*[-/ ]?\s*([0-9])\s*[-/ ]?\s*([0-9])\s*@\s*"
                    r"\(\s*(-?[0-9]+)\s*,\s*(-?[0-9]+)\s*\)")
_DRAW = re.compile(r"draw(?:\s+(\S.*))?", re.IGNORECASE)


def parse_move(text: str) -> TriominoesMove:
    """The move written ``text``: ``3-5-2 @ (0,1)``, ``draw``, ``draw 2-3-5`` or ``pass``."""
    s = text.strip()
    if s.lower() == "pass":
        return Pass()
    m = _DRAW.fullmatch(s)
    if m:
        if m[1] is None:
            return Draw()
        try:
            return Draw(parse_tile(m[1]))
        except ValueError as err:
            raise ValueError(f"bad Triominoes move {text!r}: {err}") from None
    m = _PLACE.fullmatch(s)
    if m:
        try:
            return Place.reading_at(tuple(int(m[k]) for k in (1, 2, 3)),
                                    (int(m[4]), int(m[5])))
        except ValueError as err:
            raise ValueError(f"bad Triominoes move {text!r}: {err}") from None
    raise ValueError(f"bad Triominoes move {text!r}: expected '3-5-2 @ (0,1)' (numbers "
                     f"clockwise from the cell's top corner), 'draw', 'draw 2-3-5' or 'pass'")


# -- scoring -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Score:
    """What a placement scores, and why."""

    tile: int
    opening: int = 0
    hexagons: int = 0
    bridges: int = 0
    hexagon_bonus: int = 50
    bridge_bonus: int = 40

    @property
    def points(self) -> int:
        return (self.tile + self.opening + self.hexagons * self.hexagon_bonus
                + self.bridges * self.bridge_bonus)

    def __str__(self) -> str:
        parts = [f"tile {self.tile}"]
        if self.opening:
            parts.append(f"opening {self.opening}")
        if self.hexagons:
            parts.append(f"{self.hexagons} hexagon(s) {self.hexagons * self.hexagon_bonus}")
        if self.bridges:
            parts.append(f"bridge {self.bridges * self.bridge_bonus}")
        return " + ".join(parts) + f" = {self.points}"


@dataclass(frozen=True, slots=True)
class Entry:
    """One line of the score sheet: ``points`` to ``player`` in ``round``, and why."""

    round: int
    player: int
    points: int
    reason: str


def placement_problem(layout: dict[Cell, Tile] | set[Cell] | frozenset[Cell],
                      numbers: dict[Vertex, int], move: Place) -> str | None:
    """Why ``move`` does not fit the layout (cells taken, corner numbers), or ``None``."""
    cell = move.cell
    if cell in layout:
        return f"{cell} is already taken"
    if layout and not any(n in layout for n in edge_neighbours(cell)):
        return f"{move.tile} on {cell} shares no edge with the tiles laid"
    for k, (v, n) in enumerate(zip(clockwise_corners(cell), move.reading, strict=True)):
        have = numbers.get(v)
        if have is not None and have != n:
            return (f"{move.tile} on {cell} turned to {move.text().split(' @')[0]} puts {n} "
                    f"on corner {k + 1} (clockwise from the top), which already shows {have}")
    return None


def score_placement(layout: dict[Cell, Tile] | set[Cell] | frozenset[Cell],
                    numbers: dict[Vertex, int], move: Place,
                    options: TriominoesOptions = SPANISH) -> Score:
    """What ``move`` (assumed legal, not the opening) scores on the layout: sum and bonuses."""
    cell = move.cell
    corners = clockwise_corners(cell)
    shared = sum(1 for n in edge_neighbours(cell) if n in layout)
    touched = sum(1 for v in corners if v in numbers)
    hexagons = sum(1 for v in corners
                   if all(c == cell or c in layout for c in cells_around(v)))
    if options.bridge_rule is BridgeRule.GAP:
        bridge = shared == 1 and touched == 3
    else:
        bridge = touched == 3 and hexagons == 0
    return Score(move.tile.total, 0, hexagons, int(bridge),
                 options.hexagon_bonus, options.bridge_bonus)


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


_ROTATIONS: dict[Tile, tuple[tuple[int, tuple[int, int, int]], ...]] = {
    t: tuple((k, t.rotations()[k]) for k in _distinct_rotations(t)) for t in TILES}


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
    (a record that knows the deals).  Players are numbered from 0 and play in that order.
    """

    def __init__(self, options: TriominoesOptions | None = None, players: int = 2, *,
                 seed: int | None = None, hands: Sequence[Sequence[Tile]] | None = None,
                 pool: Sequence[Tile] | None = None, auto_deal: bool = True) -> None:
        self.options = options or SPANISH
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(f"Triominoes is for {MIN_PLAYERS}-{MAX_PLAYERS} players, "
                             f"got {players}")
        self.players = players
        self.options.hand_size(players)
        self.auto_deal = auto_deal
        self._rng = random.Random(seed)
        self.scores_: list[int] = [0] * players
        self.ledger: list[Entry] = []
        self.history: list[_Turn] = []
        self.round = 0
        self.round_ends: list[str] = []
        """How each finished round ended: ``out`` or ``blocked``."""
        self._over = False
        self.start_round(hands, pool)

    # -- rounds --------------------------------------------------------------------------

    def start_round(self, hands: Sequence[Sequence[Tile]] | None = None,
                    pool: Sequence[Tile] | None = None) -> None:
        """Deal a new round (``hands``/``pool`` as in the constructor)."""
        if self._over:
            raise ValueError("the game is over")
        size = self.options.hand_size(self.players)
        if hands is not None:
            if len(hands) != self.players:
                raise ValueError(f"{len(hands)} hands given for {self.players} players")
            dealt = [t for h in hands for t in h]
            if len(set(dealt)) != len(dealt) or not set(dealt) <= set(TILES):
                raise ValueError("the hands must hold different tiles of the set")
            if any(len(h) != size for h in hands):
                raise ValueError(f"each hand holds {size} tiles with {self.players} players")
            rest = [t for t in TILES if t not in set(dealt)]
            if pool is None:
                self._rng.shuffle(rest)
                pool_list = rest
            elif sorted(pool) != rest:
                raise ValueError("the pool must hold exactly the tiles not in the hands")
            else:
                pool_list = list(pool)
            self.hands: list[list[Tile]] = [list(h) for h in hands]
        else:
            if pool is None:
                pool_list = list(TILES)
                self._rng.shuffle(pool_list)
            elif sorted(pool) != list(TILES):
                raise ValueError("without hands, the pool must order all 56 tiles")
            else:
                pool_list = list(pool)
            # The hands are dealt from the top of the pool.
            self.hands = [pool_list[k * size:(k + 1) * size] for k in range(self.players)]
            del pool_list[:self.players * size]
        self.pool: list[Tile] = pool_list
        self.round += 1
        self.layout: dict[Cell, Tile] = {}
        self.readings: dict[Cell, tuple[int, int, int]] = {}
        self.numbers: dict[Vertex, int] = {}
        self._frontier: set[Cell] = set()
        self.turn, self.opening = opening_tile(self.hands)
        self.draws = 0
        self._empty_passes = 0
        self._round_over = False
        self._reached = False

    def round_over(self) -> bool:
        """True between the end of a round and the next deal (only with ``auto_deal=False``)."""
        return self._round_over

    def _credit(self, player: int, points: int, reason: str) -> None:
        self.scores_[player] += points
        self.ledger.append(Entry(self.round, player, points, reason))
        if self.scores_[player] >= self.options.target:
            self._reached = True

    def _end_round(self, how: str, out: int | None = None) -> None:
        o = self.options
        totals = [sum(t.total for t in h) for h in self.hands]
        if out is not None:
            others = sum(totals) - totals[out] if o.going_out_adds_hands else 0
            self._credit(out, o.going_out_bonus + others, "going out")
        elif o.blocked_rule is BlockedRule.LOWEST_WINS_DIFFERENCES:
            low = min(totals)
            gain = sum(t - low for t in totals)
            for p, t in enumerate(totals):
                if t == low:
                    self._credit(p, gain, "blocked round: lowest hand")
        else:
            for p, t in enumerate(totals):
                self._credit(p, -t, "blocked round: own hand")
        self.round_ends.append(how)
        self._round_over = True
        if o.end_rule is EndRule.REACH_THEN_FINISH_ROUND:
            self._over = self._reached
        else:
            self._over = max(self.scores_) >= o.target
        if not self._over and self.auto_deal:
            self.start_round()

    # -- state ---------------------------------------------------------------------------

    def __repr__(self) -> str:
        return (f"<TriominoesGame players={self.players} round={self.round} "
                f"tiles={len(self.layout)} turn={self.turn} pool={len(self.pool)} "
                f"scores={self.scores_}>")

    def copy(self) -> TriominoesGame:
        """An independent copy (the random state included)."""
        g = TriominoesGame.__new__(TriominoesGame)
        g.__dict__.update(self.__dict__)
        g._rng = random.Random()
        g._rng.setstate(self._rng.getstate())
        g.scores_ = list(self.scores_)
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

    def scores(self) -> tuple[int, ...]:
        return tuple(self.scores_)

    def hand(self, player: int | None = None) -> tuple[Tile, ...]:
        return tuple(self.hands[self.turn if player is None else player])

    def is_over(self) -> bool:
        return self._over

    def winners(self) -> tuple[int, ...]:
        """The players with the highest score (more than one on a tie)."""
        best = max(self.scores_)
        return tuple(i for i, s in enumerate(self.scores_) if s == best)

    def _can_draw_more(self) -> bool:
        m = self.options.max_draws
        return bool(self.pool) and (m is None or self.draws < m)

    # -- moves ---------------------------------------------------------------------------

    def placements(self, player: int | None = None) -> Iterator[Place]:
        """Every tile of a hand (default: the one to move) that fits somewhere, every way."""
        hand = self.hands[self.turn if player is None else player]
        if not self.layout:
            if self.opening in hand:
                for k, _ in _ROTATIONS[self.opening]:
                    yield Place(self.opening, Cell(0, 0), k)
            return
        numbers = self.numbers
        for cell in sorted(self._frontier):
            need = [numbers.get(v) for v in clockwise_corners(cell)]
            a, b, c = need
            for tile in hand:
                for k, r in _ROTATIONS[tile]:
                    if (a is None or a == r[0]) and (b is None or b == r[1]) and \
                            (c is None or c == r[2]):
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
        if self._can_draw_more() and (not moves or self.options.draw_when_able):
            moves.append(Draw())
        elif not moves:
            moves.append(Pass())
        return moves

    def why_illegal(self, move: TriominoesMove) -> str | None:
        """Why ``move`` is illegal for the player to move, in plain words; ``None`` if legal."""
        who = f"round {self.round}, move {len(self.history) + 1} (player {self.turn + 1})"
        if self._over:
            return f"{who}: the game is over"
        if self._round_over:
            return f"{who}: the round is over; deal the next one"
        hand = self.hands[self.turn]
        if isinstance(move, Place):
            if move.tile not in hand:
                return f"{who}: {move.tile} is not in the hand ({' '.join(map(str, hand))})"
            if move.rotation not in (k for k, _ in _ROTATIONS[move.tile]):
                return f"{who}: rotation {move.rotation} of {move.tile} (use 0-2, triples 0)"
            if not self.layout and move.tile != self.opening:
                return f"{who}: the round opens with {self.opening}, the highest tile dealt"
            problem = placement_problem(self.layout, self.numbers, move)
            return f"{who}: {problem}" if problem else None
        if isinstance(move, Draw):
            if not self.layout:
                return f"{who}: the round opens with {self.opening}; no drawing before it"
            if not self.pool:
                return f"{who}: the pool is empty"
            if not self._can_draw_more():
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
            if self._can_draw_more():
                return f"{who}: nothing fits, so draw a tile first"
            return None
        return f"{who}: {move!r} is not a Triominoes move"

    def play(self, move: TriominoesMove | str) -> int:
        """Check and make a move (or its text); returns the points it scored."""
        if isinstance(move, str):
            try:
                move = parse_move(move)
            except ValueError as err:
                raise IllegalMoveError(f"round {self.round}, move {len(self.history) + 1}: "
                                       f"{err}") from None
        reason = self.why_illegal(move)
        if reason:
            raise IllegalMoveError(reason)
        return self.push(move)

    def push(self, move: TriominoesMove) -> int:
        """Make a move without checking it; returns the points it scored (penalties < 0)."""
        player = self.turn
        o = self.options
        rnd = self.round
        if isinstance(move, Place):
            opening = not self.layout
            if opening:
                t = move.tile
                bonus = o.opening_bonus if t.is_triple or o.opening_bonus_without_triple else 0
                if t == Tile(0, 0, 0) and o.zero_triple_opening is not None:
                    bonus = o.zero_triple_opening - t.total
                score = Score(t.total, bonus, 0, 0, o.hexagon_bonus, o.bridge_bonus)
            else:
                score = score_placement(self.layout, self.numbers, move, o)
            cell = move.cell
            self.layout[cell] = move.tile
            self.readings[cell] = move.reading
            for v, n in zip(clockwise_corners(cell), move.reading, strict=True):
                self.numbers[v] = n
            self._frontier.discard(cell)
            for nb in edge_neighbours(cell):
                if nb not in self.layout:
                    self._frontier.add(nb)
            self.hands[player].remove(move.tile)
            self.history.append(_Turn(rnd, player, move, score.points))
            self._credit(player, score.points, f"{move.text()}: {score}")
            self.draws = 0
            self._empty_passes = 0
            if not self.hands[player]:
                self._end_round("out", player)
            else:
                self.turn = (player + 1) % self.players
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
        self.turn = (player + 1) % self.players
        if self._empty_passes >= self.players:
            self._end_round("blocked")
        return points
