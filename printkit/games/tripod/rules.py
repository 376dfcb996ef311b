"""Tripod rules: placement, the swap on move 2, and the win by surrounding all three corners.

A group (stones of one colour connected through neighbouring cells, shared perimeter cells
included) *surrounds* a corner when the corner is one of its stones, or when, with only that
group on the board, no path of other cells leads from the corner to another corner.  A
player wins when one group surrounds all three corners; a group that surrounds two corners
surrounds the third as well, so a group holding two corners wins.  Only the mover's groups
change, so the first group to surround the corners wins and the game stops there.

The engine keeps the groups in a union-find with, per group, its cells and the corners it
surrounds as bit masks; a corner-reachability flood runs only when a move could change what
its group surrounds (a corner, a merge, or a move that cuts its empty neighbours apart).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import IntEnum

from printkit.errors import PrintkitError
from printkit.games.base import IllegalMoveError, InvalidMoveError, Outcome
from printkit.games.tripod.board import TripodBoard, TripodCell, cell_name, parse_cell
from printkit.games.tripod.notation import TripodMove, parse_move
from printkit.geometry.graph import component
from printkit.geometry.hexgrid import Hex

__all__ = [
    "Stone",
    "Player",
    "TripodOptions",
    "PRESETS",
    "TripodGame",
    "PLAYERS",
    "STONE_NAMES",
    "new_game",
    "PositionStatus",
    "check_position",
    "surrounded_corners",
    "position_from_halves",
]


class Stone(IntEnum):
    """A stone colour: X moves first."""

    X = 1
    O = 2  # noqa: E741 - the letter the game's diagrams use

    @property
    def other(self) -> Stone:
        return Stone.O if self is Stone.X else Stone.X


class Player(IntEnum):
    """A person at the table: the one who moved first, and the other."""

    FIRST = 0
    SECOND = 1


@dataclass(frozen=True, slots=True)
class TripodOptions:
    """Rule options: the board size and whether move 2 may be a swap."""

    size: int = 11
    swap: bool = True


PRESETS: dict[str, TripodOptions] = {
    "standard": TripodOptions(),
    "no-swap": TripodOptions(swap=False),
}
"""Named option sets: ``standard`` (size 11, swap allowed) and ``no-swap``."""


PLAYERS = ("first", "second")
"""The players' names when a game is not given any: who moved first, and the other."""

STONE_NAMES = {"x": Stone.X, "black": Stone.X, "o": Stone.O, "white": Stone.O}
"""What a position may write for a stone: X (black, moves first) or O (white)."""


class TripodGame:
    """A Tripod game in progress (python-chess style: ``push`` fast, ``play`` validating).

    ``players`` names who moved first and the other; the stones are X (placed first) and O,
    and a swap on move 2 exchanges which player plays which colour.
    """

    def __init__(
        self, options: TripodOptions | None = None, players: Sequence[str] = PLAYERS
    ) -> None:
        self.options = options or TripodOptions()
        if len(players) != 2 or len(set(players)) != 2:
            raise PrintkitError(f"Tripod has 2 players with different names, not {players!r}")
        self._players = (str(players[0]), str(players[1]))
        self.board = _board(self.options.size)
        b = self.board
        self._nb = _NEIGHBOUR_INDEX[b.n]
        self._local = _LOCAL_CONNECTED[b.n]
        self._corner_idx = tuple(b.index(c) for c in b.corners)
        self.stones: list[int] = [0] * len(b)
        self.moves: list[TripodMove] = []
        self.swapped = False
        self._count = [0, 0, 0]
        self._parent = list(range(len(b)))
        self._cells_of: dict[int, int] = {}
        self._surrounds: dict[int, int] = {}
        self._winner: Stone | None = None

    def __repr__(self) -> str:
        return (
            f"<TripodGame size={self.board.n} moves={len(self.moves)} "
            f"turn={self.stone_to_move.name} "
            f"winner={self._winner.name if self._winner else None}>"
        )

    def copy(self) -> TripodGame:
        """An independent copy of the game."""
        g = TripodGame.__new__(TripodGame)
        g.options, g._players, g.board, g._nb, g._local, g._corner_idx = (
            self.options,
            self._players,
            self.board,
            self._nb,
            self._local,
            self._corner_idx,
        )
        g.stones = self.stones.copy()
        g.moves = self.moves.copy()
        g.swapped = self.swapped
        g._count = self._count.copy()
        g._parent = self._parent.copy()
        g._cells_of = self._cells_of.copy()
        g._surrounds = self._surrounds.copy()
        g._winner = self._winner
        return g

    # -- state ---------------------------------------------------------------------------

    @property
    def players(self) -> tuple[str, str]:
        """The players' names: who moved first, then the other."""
        return self._players

    @property
    def stone_to_move(self) -> Stone:
        """The colour to move (a swap places no stone, so O moves after X's first stone)."""
        return Stone.X if self._count[1] == self._count[2] else Stone.O

    @property
    def turn(self) -> str | None:
        """The name of the player to move, ``None`` once someone has won."""
        return None if self._winner is not None else self.name_of(self.stone_to_move)

    def player_of(self, stone: Stone) -> Player:
        """Who plays ``stone``: the first player plays X unless the second player swapped."""
        return Player((stone == Stone.O) != self.swapped)

    def name_of(self, stone: Stone) -> str:
        """The name of the player who plays ``stone``."""
        return self._players[self.player_of(stone)]

    @property
    def winner(self) -> Stone | None:
        return self._winner

    @property
    def winning_player(self) -> Player | None:
        return None if self._winner is None else self.player_of(self._winner)

    def is_over(self) -> bool:
        return self._winner is not None

    def scores(self) -> dict[str, int]:
        """1 for the winner, 0 otherwise, by player name."""
        won = None if self._winner is None else self.name_of(self._winner)
        return {name: int(name == won) for name in self._players}

    def outcome(self) -> Outcome | None:
        """The winner once one group surrounds the three corners."""
        if self._winner is None:
            return None
        return Outcome(
            (self.name_of(self._winner),), f"{self._winner.name} surrounds the three corners"
        )

    def stone_at(self, cell: TripodCell) -> Stone | None:
        v = self.stones[self.board.index(cell)]
        return Stone(v) if v else None

    def position(self) -> dict[TripodCell, Stone]:
        """The stones on the board."""
        cells = self.board.cells
        return {cells[i]: Stone(v) for i, v in enumerate(self.stones) if v}

    def position_cells(self) -> dict[str, str]:
        """The stones as a position record writes them: cell name → ``X`` or ``O``."""
        cells = self.board.cells
        return {cell_name(cells[i]): Stone(v).name for i, v in enumerate(self.stones) if v}

    @classmethod
    def from_position_cells(
        cls, cells: Mapping[str, str], options: TripodOptions | None = None
    ) -> TripodGame:
        """A game whose board holds ``cells`` (cell name → ``X``/``O``, or black/white), no
        move played; ``InvalidMoveError`` quoting a name or a stone that cannot be read."""
        game = cls(options)
        for name, content in cells.items():
            stone = STONE_NAMES.get(str(content).strip().lower())
            if stone is None:
                raise InvalidMoveError(f"cell {name} holds {content!r}: a stone is X or O")
            v = game.board.index(parse_cell(name, game.board.n))
            if game.stones[v]:
                if game.stones[v] != stone:
                    raise InvalidMoveError(f"cell {name} is given twice with different stones")
                continue
            game._place(v, int(stone))
        return game

    # -- moves ---------------------------------------------------------------------------

    def _swap_allowed(self) -> bool:
        return self.options.swap and len(self.moves) == 1

    def legal_moves(self) -> list[TripodMove]:
        """Every legal move: empty cells in board order, then the swap when allowed."""
        if self._winner is not None:
            return []
        cells = self.board.cells
        moves = [TripodMove(cells[i]) for i, v in enumerate(self.stones) if not v]
        if self._swap_allowed():
            moves.append(TripodMove(None))
        return moves

    def parse_move(self, text: str) -> TripodMove:
        """The move written ``text`` on this board; ``InvalidMoveError`` quoting it if none."""
        return parse_move(text, self.board.n)

    def move_text(self, move: TripodMove) -> str:
        """The move as a record writes it: a cell name or ``swap``."""
        return move.text()

    def is_legal(self, move: TripodMove) -> bool:
        return self.why_illegal(move) is None

    def why_illegal(self, move: TripodMove) -> str | None:
        """Why ``move`` is illegal here, in plain words, or ``None`` if it is legal."""
        where = f"move {len(self.moves) + 1}"
        if self._winner is not None:
            return f"{where}: the game is over, {self._winner.name} has already won"
        if move.cell is None:
            if not self.options.swap:
                return f"{where}: swap is switched off in these rules"
            if len(self.moves) != 1:
                return f"{where}: swap is only allowed as the second move"
            return None
        if move.cell not in self.board:
            return f"{where}: {move.text()!r} is not a cell of the size-{self.board.n} board"
        v = self.stones[self.board.index(move.cell)]
        if v:
            return f"{where}: {move.cell} is already taken by {Stone(v).name}"
        return None

    def play(self, move: TripodMove | str) -> TripodMove:
        """Check and make a move (or its text): ``InvalidMoveError`` for text that is no move,
        ``IllegalMoveError`` naming the rule a move breaks."""
        if isinstance(move, str):
            move = self.parse_move(move)
        reason = self.why_illegal(move)
        if reason:
            raise IllegalMoveError(reason)
        self.push(move)
        return move

    def push(self, move: TripodMove) -> None:
        """Make a move without checking it."""
        self.moves.append(move)
        if move.cell is None:
            self.swapped = not self.swapped
            return
        self.push_index(self.board.index(move.cell))

    def push_index(self, v: int) -> None:
        """Place the stone to move on cell index ``v`` (unchecked; the replay fast path)."""
        self._place(v, 1 if self._count[1] == self._count[2] else 2)

    def _place(self, v: int, colour: int) -> None:
        """Put a stone of ``colour`` on cell index ``v`` and update the groups and the win."""
        stones = self.stones
        stones[v] = colour
        self._count[colour] += 1
        nbs = self._nb[v]
        parent = self._parent
        roots: list[int] = []
        other_bits = 0  # neighbours not of this colour, as bits of the local neighbour list
        for k, u in enumerate(nbs):
            if stones[u] == colour:
                ru = _find(parent, u)
                if ru not in roots:
                    roots.append(ru)
            else:
                other_bits |= 1 << k
        cells = 1 << v
        for ru in roots:
            parent[ru] = v
            cells |= self._cells_of.pop(ru)
        old = self._surrounds.pop(roots[0], 0) if roots else 0
        for ru in roots[1:]:
            self._surrounds.pop(ru, None)
        self._cells_of[v] = cells
        if len(roots) <= 1 and v not in self._corner_idx and self._local[v][other_bits]:
            # The group's empty-or-opponent surroundings keep their shape: nothing new is cut off.
            surrounds = old
        else:
            surrounds = _surround_mask(cells, self._nb, self._corner_idx)
        self._surrounds[v] = surrounds
        if surrounds.bit_count() >= 2:
            self._winner = Stone(colour)

    def replay(self, moves: Iterable[TripodMove]) -> TripodGame:
        """Push each move in turn; returns ``self``."""
        for m in moves:
            self.push(m)
        return self


def new_game(rules: str | None = None, players: Sequence[str] = PLAYERS, **options) -> TripodGame:
    """A game at its start under the preset ``rules`` (``standard`` when None), with option
    values replaced by ``options``."""
    name = (rules or "standard").strip().lower()
    if name not in PRESETS:
        raise PrintkitError(f"unknown tripod rules {rules!r}: choose from {', '.join(PRESETS)}")
    return TripodGame(replace(PRESETS[name], **options), players)


def _find(parent: list[int], u: int) -> int:
    root = u
    while parent[root] != root:
        root = parent[root]
    while parent[u] != root:
        parent[u], u = root, parent[u]
    return root


def _surround_mask(group: int, nb: Sequence[Sequence[int]], corners: Sequence[int]) -> int:
    """Bit k set when the group (a cell bit mask) surrounds corner k."""
    result = 0
    reached_by: dict[int, int] = {}  # corner index -> bit mask of corners in its region
    for k, c in enumerate(corners):
        if group >> c & 1:
            result |= 1 << k
            continue
        if k in reached_by:
            found = reached_by[k]
        else:
            found = _corners_reachable(c, group, nb, corners)
            for j in range(len(corners)):
                if found >> j & 1:
                    reached_by[j] = found
        if found == 1 << k:
            result |= 1 << k
    return result


def _corners_reachable(
    start: int, group: int, nb: Sequence[Sequence[int]], corners: Sequence[int]
) -> int:
    """The corners (as bits by corner number) in start's region of the cells outside group."""
    seen = group | (1 << start)
    stack = [start]
    while stack:
        v = stack.pop()
        for u in nb[v]:
            if not seen >> u & 1:
                seen |= 1 << u
                stack.append(u)
    return sum(1 << k for k, c in enumerate(corners) if seen >> c & 1 and not group >> c & 1)


def surrounded_corners(board: TripodBoard, group: Iterable[TripodCell]) -> frozenset[TripodCell]:
    """The corners that a set of cells surrounds (the definition, for any one group)."""
    _board(board.n)
    nb = _NEIGHBOUR_INDEX[board.n]
    corners = tuple(board.index(c) for c in board.corners)
    mask = 0
    for cell in group:
        mask |= 1 << board.index(cell)
    bits = _surround_mask(mask, nb, corners)
    return frozenset(c for k, c in enumerate(board.corners) if bits >> k & 1)


# -- per-size tables ---------------------------------------------------------------------

_BOARDS: dict[int, TripodBoard] = {}
_NEIGHBOUR_INDEX: dict[int, tuple[tuple[int, ...], ...]] = {}
_LOCAL_CONNECTED: dict[int, tuple[tuple[bool, ...], ...]] = {}


def _board(n: int) -> TripodBoard:
    """The shared board of size ``n`` with its index tables, built once."""
    if n not in _BOARDS:
        b = TripodBoard(n)
        nb = tuple(tuple(b.index(u) for u in b.neighbours(c)) for c in b.cells)
        _NEIGHBOUR_INDEX[n] = nb
        _LOCAL_CONNECTED[n] = tuple(_local_table(v, nb) for v in range(len(nb)))
        _BOARDS[n] = b
    return _BOARDS[n]


def _local_table(v: int, nb: Sequence[Sequence[int]]) -> tuple[bool, ...]:
    """For each subset of v's neighbours (bits in neighbour order): connected without v?"""
    around = nb[v]
    table = []
    for subset in range(1 << len(around)):
        members = [around[k] for k in range(len(around)) if subset >> k & 1]
        table.append(_connected(members, nb))
    return tuple(table)


def _connected(members: Sequence[int], nb: Sequence[Sequence[int]]) -> bool:
    if not members:
        return True
    inside = set(members)
    seen = {members[0]}
    stack = [members[0]]
    while stack:
        v = stack.pop()
        for u in nb[v]:
            if u in inside and u not in seen:
                seen.add(u)
                stack.append(u)
    return seen == inside


# -- static positions --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PositionStatus:
    """What a static position says: stone counts, who moves, who has won, and any problems."""

    x_stones: int
    o_stones: int
    turn: Stone
    winner: Stone | None
    problems: tuple[str, ...]

    @property
    def valid(self) -> bool:
        return not self.problems


def _groups(
    board: TripodBoard, stones: Mapping[TripodCell, Stone], colour: Stone
) -> Iterator[set[TripodCell]]:
    left = {c for c, s in stones.items() if s == colour}
    while left:
        start = left.pop()
        group = component(left | {start}, start, board.neighbours)
        left -= group
        yield group


def check_position(
    stones: Mapping[TripodCell, Stone], n: int = 11, swapped: bool = False
) -> PositionStatus:
    """Check a static position; every problem found is listed, none raised.

    Counts must follow alternation (X places first; a swap places no stone): X has as many
    stones as O or one more.  A win must be the last move's: a winning X with as many stones
    as O (or a winning O with fewer) means play went on after the end.
    """
    board = _board(n)
    problems = []
    for cell in stones:
        if cell not in board:
            problems.append(f"{cell!r} is not a cell of the size-{n} board")
    stones = {c: Stone(s) for c, s in stones.items() if c in board}
    x = sum(1 for s in stones.values() if s == Stone.X)
    o = len(stones) - x
    if not 0 <= x - o <= 1:
        problems.append(
            f"X has {x} stones and O {o}: X moves first and they alternate, so X "
            f"must have as many as O or one more"
        )
    if swapped and x == 0:
        problems.append("a swap is recorded but X has no stone yet")
    winners = [
        colour
        for colour in Stone
        if any(len(surrounded_corners(board, g)) == 3 for g in _groups(board, stones, colour))
    ]
    if len(winners) == 2:
        problems.append("both X and O surround all three corners, which no game can reach")
    winner = winners[0] if len(winners) == 1 else None
    if winner == Stone.X and x == o:
        problems.append("X has won, yet O has played since: the game should have ended")
    if winner == Stone.O and x == o + 1:
        problems.append("O has won, yet X has played since: the game should have ended")
    turn = Stone.X if x == o else Stone.O
    return PositionStatus(x, o, turn, winner, tuple(problems))


def position_from_halves(
    half_a: Sequence[str], half_b: Sequence[str], n: int = 11
) -> dict[TripodCell, Stone]:
    """A position from two diagrams, one string per row from the apex, ``x``/``o``/``.`` cells.

    Cells may be separated by spaces.  A shared perimeter cell must show the same thing on
    both halves; a ``PrintkitError`` names the first place where it does not.
    """
    board = _board(n)
    stones: dict[TripodCell, Stone] = {}
    for half, rows in ((0, half_a), (1, half_b)):
        if len(rows) != n:
            raise PrintkitError(f"half {half} has {len(rows)} rows, the size-{n} board has {n}")
        for r, row in enumerate(rows):
            marks = row.replace(" ", "")
            if len(marks) != r + 1:
                raise PrintkitError(
                    f"half {half}, row {r + 1}: {row!r} has {len(marks)} cells, expected {r + 1}"
                )
            for i, mark in enumerate(marks):
                if mark not in ".xoXO":
                    raise PrintkitError(f"half {half}, row {r + 1}: unknown mark {mark!r}")
                cell = board.cell_at(half, Hex(i - r, r))
                stone = None if mark == "." else Stone.X if mark in "xX" else Stone.O
                if half == 1 and board.is_shared(cell) and stones.get(cell) != stone:
                    raise PrintkitError(
                        f"shared cell {cell} shows {mark!r} on half 1 but "
                        f"{stones[cell].name if cell in stones else '.'!r} on "
                        f"half 0"
                    )
                if stone is not None:
                    stones[cell] = stone
    return stones
