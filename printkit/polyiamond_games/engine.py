"""The engine of the polyiamond games: colours place the 22 pieces on a board, Blokus-style.

Rules as implemented (the games' docs give the reasons):

- The board is a ``BoardShape`` (a triangle or a hexagon).  Colours move in the order of
  ``options.players``.
- A colour's first piece must cover a free starting cell of the board (a corner of the
  triangle, one of the six starting points of the hexagon).
- Every later piece must share at least one vertex with one of the colour's own pieces and
  no edge with any of them.  Contact with other colours' pieces is free.
- Each piece is played at most once, lies wholly on the board and covers no occupied cell.
- A colour with no legal placement passes (a pass while a placement exists is illegal); a
  colour that has passed is skipped from then on.  The game is over when nobody can move.
- Scoring (``options.scoring``): ``left`` counts the triangles of the unplayed pieces,
  lowest wins, with an optional bonus taken off for playing all pieces (more with the
  moniamond last); ``placed`` counts the triangles on the board, highest wins, plus a bonus
  for playing all pieces and more with the moniamond last (Pentobi's 15 and 5).  With
  ``options.teams`` (two players holding two colours each) a team's score is the sum of its
  colours'.

:class:`PolyiamondGame` implements ``printkit.games.base.Game``, after python-chess:
:meth:`PolyiamondGame.push` applies a move unchecked and fast, :meth:`PolyiamondGame.play`
validates and raises :class:`IllegalMoveError` with the reason.  A game's rules module
gives the options (a frozen dataclass with the fields of :class:`Options`) and, where its
printed cell names differ from the lattice's, a subclass with its own text.
Legal moves come from precomputed placements (every piece, every orientation, every position
on the board) held as bitmasks over the board cells.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Protocol, overload

from printkit.errors import IllegalMoveError, InvalidMoveError, PrintkitError
from printkit.games.base import Outcome
from printkit.geometry.graph import component
from printkit.geometry.tri import (
    Cell,
    canonical,
    edge_neighbours,
    edge_ring,
    is_connected,
    normalise,
    touching,
)
from printkit.polyiamond_games.boards import BoardShape
from printkit.polyiamond_games.moves import Move, Pass, Placement, cell_name, parse_cell, parse_move
from printkit.polyiamond_games.pieces import PIECES, Piece, piece_by_name

__all__ = [
    "unexplained_cells",
    "Options",
    "PolyiamondGame",
    "PositionProblem",
    "check_position",
    "find_pieces",
    "placements",
    "TOTAL_TRIANGLES",
    "SCORINGS",
    "score_of",
    "check_colour_names",
    "team_scores",
]

TOTAL_TRIANGLES = sum(p.order for p in PIECES)

SCORINGS = ("left", "placed")
"""The ways to score: triangles left in hand (fewest wins) or placed (most wins)."""


class Options(Protocol):
    """What the engine reads from a game's options."""

    title: str  # the game's name, for messages
    players: tuple[str, ...]  # the colours, in turn order
    scoring: str  # one of SCORINGS
    tournament_bonus: bool  # "left" scoring: take the bonus off
    bonus_all_pieces: int
    bonus_single_last: int

    @property
    def board(self) -> BoardShape: ...

    @property
    def teams(self) -> dict[str, tuple[str, ...]] | None: ...


# --------------------------------------------------------------------------- tables


class _Moves(Sequence[Placement]):
    """Placement id -> the move, made on first use: a record checks a few dozen of the
    twenty thousand placements, so building them all would cost more than the check."""

    def __init__(self, cells: list[Cell | None], mask: list[int], piece: list[int]) -> None:
        self._cells = cells
        self._mask = mask
        self._piece = piece
        self._made: dict[int, Placement] = {}

    def __len__(self) -> int:
        return len(self._mask)

    @overload
    def __getitem__(self, pid: int) -> Placement: ...
    @overload
    def __getitem__(self, pid: slice) -> list[Placement]: ...
    def __getitem__(self, pid: int | slice) -> Placement | list[Placement]:
        if isinstance(pid, slice):
            return [self[k] for k in range(*pid.indices(len(self)))]
        move = self._made.get(pid)
        if move is None:
            if pid < 0:
                return self[pid + len(self)]
            cells = self._cells
            name = PIECES[self._piece[pid]].name
            move = self._made[pid] = Placement(
                name,
                frozenset(cells[b] for b in _bits(self._mask[pid])),  # type: ignore[misc]
            )
        return move


@dataclass(frozen=True)
class _Orientation:
    """One fixed orientation of a piece and where it fits: the bits of its cells at the
    shape's own position, and every shift of those bits that keeps it on the board, with
    the placement id it makes."""

    piece: int  # index in PIECES
    base: tuple[int, ...]  # the bits of the shape's cells (sorted) where it lies
    pids: dict[int, int]  # shift -> placement id


@dataclass(frozen=True)
class _Tables:
    """Everything about one board size that does not change during a game.

    Cell bits are laid out row by row with a margin (``_Frame``), so that moving a piece by
    ``dr`` rows and ``dc`` columns shifts all its bits, and those of the cells around it,
    by the same ``dr * width + dc``; bit order is still board order (row, then column).
    """

    board: BoardShape
    cells: list[Cell | None]  # bit index -> cell (None in the margin)
    index: dict[Cell, int]
    start_mask: int
    mask: list[int]  # placement id -> cells
    edge: list[int]  # placement id -> cells outside it sharing an edge with it
    touch: list[int]  # placement id -> cells outside it sharing a vertex with it
    piece: list[int]  # placement id -> index in PIECES
    moves: _Moves  # placement id -> the move
    # (piece index, shape normalised and sorted) -> the orientation
    orientations: dict[tuple[int, tuple[Cell, ...]], _Orientation] = field(repr=False)
    # cell bit -> piece index -> [(mask, placement id)] of the placements covering the
    # cell, sorted by id; None until first asked for (see ``covering_at``)
    covering: list[list[list[tuple[int, int]]] | None] = field(repr=False)

    def placement_id(self, piece: int, cells: Iterable[Cell]) -> int | None:
        """The id of the placement of ``PIECES[piece]`` on ``cells``; None if it is none."""
        shape = tuple(sorted(cells))
        if not shape or any(c not in self.index for c in shape):
            return None
        orientation = self.orientations.get((piece, tuple(sorted(normalise(shape)))))
        if orientation is None:
            return None
        return orientation.pids.get(self.index[shape[0]] - orientation.base[0])

    def covering_at(self, bit: int) -> list[list[tuple[int, int]]]:
        """Piece index -> [(mask, placement id)] of the placements covering cell ``bit``."""
        found = self.covering[bit]
        if found is None:
            found = [[] for _ in PIECES]
            for o in self.orientations.values():
                for b in o.base:
                    pid = o.pids.get(bit - b)
                    if pid is not None:
                        found[o.piece].append((self.mask[pid], pid))
            for entries in found:
                entries.sort(key=lambda entry: entry[1])
            self.covering[bit] = found
        return found


def _mask(index: Mapping[Cell, int], cells: Iterable[Cell]) -> int:
    m = 0
    for cell in cells:
        m |= 1 << index[cell]
    return m


@dataclass(frozen=True)
class _Frame:
    """How cells map to bits: rows ``width`` bits apart, a row of margin above and below,
    three columns of margin either side (room for every cell touching a board cell, so that
    none wraps onto another row)."""

    top: int  # the board's first row
    left: int  # the board's first column
    width: int
    rows: int

    @classmethod
    def of(cls, board: BoardShape) -> _Frame:
        left = min(lo for _, lo, _ in board.rows)
        right = max(hi for _, _, hi in board.rows)
        return cls(board.rows[0][0], left, right - left + 7, len(board.rows) + 2)

    def bit(self, r: int, c: int) -> int:
        return (r - self.top + 1) * self.width + c - self.left + 3


@cache
def _tables(board: BoardShape) -> _Tables:
    frame = _Frame.of(board)
    width = frame.width
    size = frame.rows * width
    cells: list[Cell | None] = [None] * size
    for cell in sorted(board.cells):
        cells[frame.bit(*cell)] = cell
    index = {c: b for b, c in enumerate(cells) if c is not None}
    everything = _mask(index, index)
    start_mask = _mask(index, set(board.starts))
    span = {r: (lo, hi) for r, lo, hi in board.rows}
    top = frame.top
    masks: list[int] = []
    edge: list[int] = []
    touch: list[int] = []
    piece: list[int] = []
    orientations: dict[tuple[int, tuple[Cell, ...]], _Orientation] = {}
    for pi, p in enumerate(PIECES):
        for shape in p.orientations():
            # The shape with its top row on the board's first row: its bits and those of the
            # cells around it.
            base = tuple(frame.bit(r + top, c) for r, c in shape)
            around_edge = edge_ring(shape) - set(shape)
            around = {x for cell in shape for x in touching(cell)} - set(shape)
            high = max(r for r, _ in shape)
            # Moves in board order of the shape's first cell: rows down, then columns right,
            # keeping every cell's orientation ((top + dr + dc) even: the shape's rows start
            # at 0, the board's at top) and every cell within the columns of its row.
            runs = []
            for dr in range(len(board.rows) - high):
                lo = max(span[r + top + dr][0] - c for r, c in shape)
                hi = min(span[r + top + dr][1] - c for r, c in shape)
                run = range(dr * width + lo + (lo + dr + top) % 2, dr * width + hi + 1, 2)
                if run:
                    runs.append(run)
            # The bits at the least shift, so that every placement is a left shift of them
            # (the cells around a placement on the board all have bits of 0 or more).
            first = runs[0].start if runs else 0
            s0 = sum(1 << (b + first) for b in base)
            e0 = sum(1 << (frame.bit(r + top, c) + first) for r, c in around_edge)
            t0 = sum(1 << (frame.bit(r + top, c) + first) for r, c in around)
            pids: dict[int, int] = {}
            for run in runs:
                rel = range(run.start - first, run.stop - first, run.step)
                pids.update(zip(run, range(len(masks), len(masks) + len(run)), strict=True))
                masks += [s0 << k for k in rel]
                edge += [(e0 << k) & everything for k in rel]
                touch += [(t0 << k) & everything for k in rel]
                piece += [pi] * len(run)
            orientations[(pi, shape)] = _Orientation(pi, base, pids)
    moves = _Moves(cells, masks, piece)
    covering: list[list[list[tuple[int, int]]] | None] = [None] * size
    return _Tables(
        board, cells, index, start_mask, masks, edge, touch, piece, moves, orientations, covering
    )


def placements(board: BoardShape) -> list[Placement]:
    """Every placement of every piece on the empty ``board``."""
    return list(_tables(board).moves)


def _bits(m: int) -> Iterable[int]:
    while m:
        low = m & -m
        yield low.bit_length() - 1
        m ^= low


# --------------------------------------------------------------------------- the game


class PolyiamondGame:
    """A game in progress: the pieces on the board, whose turn it is, who has passed.

    Cells appear in messages and moves as :meth:`cell_text` writes them (lattice ``(r,c)``
    here; a game printing other names overrides it with :meth:`parse_move`)."""

    def __init__(self, options: Options) -> None:
        self.options = options
        self._t = _tables(options.board)
        k = len(self.options.players)
        self._occupied = 0
        self._owner: dict[int, tuple[int, int]] = {}  # cell bit -> (player, placement id)
        self._forbidden = [0] * k  # own cells and the cells sharing an edge with them
        self._anchors = [self._t.start_mask] * k  # where the next piece may touch
        self._used = [0] * k  # bit per piece index
        self._placed: list[list[int]] = [[] for _ in range(k)]
        self._passed = [False] * k
        self._turn = 0
        self._history: list[tuple[int, Move]] = []
        self._can_move: dict[int, bool] = {}  # per player; cleared on every move

    # -- state

    @property
    def players(self) -> tuple[str, ...]:
        """The player names in turn order."""
        return self.options.players

    @property
    def turn(self) -> str | None:
        """The name of the player to move; None once the game is over."""
        return None if self.is_over() else self.options.players[self._turn]

    @property
    def mover(self) -> str:
        """The player whose turn it is in turn order, also once the game is over (a record
        may close it with each player's pass)."""
        return self.options.players[self._turn]

    @property
    def history(self) -> tuple[tuple[str, Move], ...]:
        """Every move so far with the player who made it."""
        return tuple((self.options.players[p], m) for p, m in self._history)

    @property
    def placed(self) -> dict[str, tuple[Placement, ...]]:
        """Each player's pieces on the board, in the order they were played."""
        return {
            name: tuple(self._t.moves[pid] for pid in self._placed[p])
            for p, name in enumerate(self.options.players)
        }

    def passed(self, player: str) -> bool:
        """True once ``player`` has passed (and so is skipped from then on)."""
        return self._passed[self._player_index(player)]

    def unplayed(self, player: str) -> tuple[Piece, ...]:
        """The pieces ``player`` still holds."""
        used = self._used[self._player_index(player)]
        return tuple(p for i, p in enumerate(PIECES) if not used >> i & 1)

    @property
    def board(self) -> BoardShape:
        """The board played on."""
        return self._t.board

    def copy(self) -> PolyiamondGame:
        """An independent copy of the game."""
        g = type(self).__new__(type(self))
        g.options = self.options
        g._t = self._t
        g._occupied = self._occupied
        g._owner = dict(self._owner)
        g._forbidden = self._forbidden[:]
        g._anchors = self._anchors[:]
        g._used = self._used[:]
        g._placed = [lst[:] for lst in self._placed]
        g._passed = self._passed[:]
        g._turn = self._turn
        g._history = self._history[:]
        g._can_move = dict(self._can_move)
        return g

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {len(self._history)} moves, turn={self.turn!r}>"

    # -- legal moves

    def _legal_ids(self, p: int, first: bool = False) -> list[int]:
        """Placement ids legal for player ``p`` (just one if ``first``), sorted."""
        blocked = self._occupied | self._forbidden[p]
        used = self._used[p]
        free = [i for i in range(len(PIECES)) if not used >> i & 1]
        found: set[int] = set()
        covering = self._t.covering
        covering_at = self._t.covering_at
        for cell in _bits(self._anchors[p] & ~blocked):
            per_piece = covering[cell] or covering_at(cell)
            for i in free:
                for m, pid in per_piece[i]:
                    if not m & blocked:
                        if first:
                            return [pid]
                        found.add(pid)
        return sorted(found)

    def _has_move(self, p: int) -> bool:
        if self._passed[p]:
            return False
        known = self._can_move.get(p)
        if known is None:
            known = self._can_move[p] = bool(self._legal_ids(p, first=True))
        return known

    def can_move(self, player: str) -> bool:
        """True if ``player`` has a legal placement (a passed player never has)."""
        return self._has_move(self._player_index(player))

    def legal_moves(self) -> list[Move]:
        """The legal moves of the player to move: placements, or just a pass; none at the end."""
        if self.is_over():
            return []
        ids = self._legal_ids(self._turn)
        if not ids:
            return [Pass(self.mover)]
        return [self._t.moves[pid] for pid in ids]

    def is_over(self) -> bool:
        """True when no player can place a piece."""
        return not any(self._has_move(p) for p in range(len(self.options.players)))

    # -- applying moves

    def push(self, move: Move) -> None:
        """Apply ``move`` for the player to move without checking the rules (fast)."""
        p = self._turn
        if isinstance(move, Pass):
            self._passed[p] = True
        else:
            self._put(p, self._placement_id(move))
        self._history.append((p, move))
        self._can_move.clear()
        self._advance()

    def _put(self, p: int, pid: int) -> None:
        """Lay placement ``pid`` down for player ``p``."""
        t = self._t
        m = t.mask[pid]
        self._occupied |= m
        for bit in _bits(m):
            self._owner[bit] = (p, pid)
        self._forbidden[p] |= m | t.edge[pid]
        self._anchors[p] = (self._anchors[p] if self._placed[p] else 0) | t.touch[pid]
        self._used[p] |= 1 << t.piece[pid]
        self._placed[p].append(pid)

    def place(self, player: str, move: Placement) -> None:
        """Lay ``move`` down for ``player`` outside the turn order (a record's setup), without
        checking the rules; IllegalMoveError if it is no placement on the board."""
        self._put(self._player_index(player), self._placement_id(move))
        self._can_move.clear()

    def set_turn(self, player: str) -> None:
        """Make ``player`` the colour to move (a record's setup)."""
        self._turn = self._player_index(player)

    def play(self, move: Move) -> None:
        """Apply ``move`` after checking it; IllegalMoveError says which rule it breaks."""
        reason = self.why_illegal(move)
        if reason is not None:
            raise IllegalMoveError(reason)
        self.push(move)

    def is_legal(self, move: Move) -> bool:
        """True if the player to move may make ``move``."""
        return self.why_illegal(move) is None

    def _advance(self) -> None:
        k = len(self.options.players)
        for step in range(1, k + 1):
            q = (self._turn + step) % k
            if not self._passed[q]:
                self._turn = q
                return

    def _placement_id(self, move: Placement) -> int:
        t = self._t
        try:
            pi = PIECES.index(piece_by_name(move.piece))
            pid = t.placement_id(pi, move.cells)
        except (KeyError, ValueError):
            pid = None
        if pid is None:
            raise IllegalMoveError(f"{self.move_text(move)} is not a placement on the board")
        return pid

    def _player_index(self, player: str) -> int:
        try:
            return self.options.players.index(player)
        except ValueError:
            raise PrintkitError(
                f"unknown player {player!r}; the players are {', '.join(self.options.players)}"
            ) from None

    # -- validation

    def why_illegal(self, move: Move) -> str | None:
        """Why the player to move may not make ``move``, in plain words; None if legal."""
        p = self._turn
        name = self.options.players[p]
        if all(self._passed):
            return (
                f"{self.move_text(move)} is too late: the game is over and every player has passed"
            )
        if isinstance(move, Pass):
            if move.player is not None and move.player != name:
                return f"pass for {move.player}, but it is {name}'s turn"
            ids = self._legal_ids(p, first=True)
            if ids:
                return (
                    f"pass for {name} while {name} can still place a piece, "
                    f"for example {self.move_text(self._t.moves[ids[0]])}"
                )
            return None
        return self._why_placement_illegal(p, move)

    def _why_placement_illegal(self, p: int, move: Placement) -> str | None:
        name = self.options.players[p]
        t = self._t
        try:
            piece = piece_by_name(move.piece, self.options.title)
        except ValueError as e:
            return f"{name} cannot play {move.piece!r}: {e}"
        what = f"{piece.name} for {name}"
        pi = PIECES.index(piece)
        if self._used[p] >> pi & 1:
            return f"{what} was already played"
        pid = t.placement_id(pi, move.cells)
        if pid is None:  # not one of the precomputed placements: say why
            problem = _shape_problem(piece, move.cells)
            if problem:
                return f"{what}: {problem}"
            off = sorted(c for c in move.cells if c not in t.index)
            return f"{what} lies off the board at {self.cell_text(off[0])}"
        m = t.mask[pid]
        if m & self._occupied:
            bit = next(_bits(m & self._occupied))
            q, other = self._owner[bit]
            return (
                f"{what} overlaps {self.options.players[q]}'s "
                f"{t.moves[other].piece} at {self.cell_text(t.cells[bit])}"
            )
        if not self._placed[p]:
            if not m & t.start_mask:
                board = t.board
                return (
                    f"{what} must cover {board.start_words} as {name}'s first piece "
                    f"({'the corners' if board.kind == 'triangle' else 'the starting points'}"
                    f" are {', '.join(self.cell_text(c) for c in board.starts)})"
                )
            return None
        clash = m & self._forbidden[p]
        if clash:
            bit = next(_bits(clash))
            cell = t.cells[bit]
            for nb in edge_neighbours(cell):
                owner = self._owner.get(t.index.get(nb, -1))
                if owner is not None and owner[0] == p:
                    return (
                        f"{what} touches {name}'s {t.moves[owner[1]].piece} along an edge at "
                        f"{self.cell_text(cell)}"
                    )
        if not m & self._anchors[p]:
            return f"{what} does not touch any of {name}'s pieces at a corner"
        return None

    # -- scores

    def scores(self) -> dict[str, int]:
        """Each colour's score under ``options.scoring`` (see the module's docstring)."""
        return {
            name: score_of(self.options, [self._t.moves[pid] for pid in self._placed[p]])
            for p, name in enumerate(self.options.players)
        }

    def team_scores(self) -> dict[str, int]:
        """Each team's score (the sum of its colours'), or the colours' without teams."""
        return team_scores(self.options, self.scores())

    def winners(self) -> tuple[str, ...]:
        """The colours of the best team or colour (several on a tie): the lowest score
        under ``left`` scoring, the highest under ``placed``."""
        teams = self.options.teams or {name: (name,) for name in self.options.players}
        scores = self.team_scores()
        best = (max if self.options.scoring == "placed" else min)(scores.values())
        return tuple(c for team, v in scores.items() if v == best for c in teams[team])

    def outcome(self) -> Outcome | None:
        """The winners once nobody can place a piece; None before."""
        if not self.is_over():
            return None
        return Outcome(self.winners(), "no player can place a piece")

    def problems(self) -> list[PositionProblem]:
        """Every problem of the current position (none if it was reached by legal play)."""
        return check_position(self.placed, self.options, self.cell_text)

    # -- text and positions

    def cell_text(self, cell: tuple[int, int]) -> str:
        """A cell's name in moves and messages."""
        return cell_name(cell)

    def parse_cell(self, text: str) -> Cell:
        """The cell named ``text``; InvalidMoveError otherwise."""
        return parse_cell(text)

    def parse_move(self, text: str) -> Move:
        """A move from its text; InvalidMoveError quoting the text otherwise."""
        return parse_move(text)

    def move_text(self, move: Move) -> str:
        """The canonical text of ``move``."""
        return str(move)

    def position_cells(self) -> dict[str, str]:
        """The board as a position record's cells: cell name → the colour of its piece."""
        t = self._t
        return {
            self.cell_text(t.cells[bit]): self.options.players[p]  # type: ignore[arg-type]
            for bit, (p, _) in sorted(self._owner.items())
        }

    @classmethod
    def from_position_cells(cls, cells: Mapping[str, str], options=None):
        """A game whose board holds ``cells`` (cell name → player colour); each
        edge-connected patch of one colour is one piece.  The player to move is the first
        with the fewest pieces.  InvalidMoveError for unreadable cells or a patch that is no
        piece, IllegalMoveError for a position the rules cannot reach."""
        game = cls(options)
        players = game.options.players
        lattice: dict[Cell, str] = {}
        for name, colour in cells.items():
            player = colour.strip().lower()
            if player not in players:
                raise InvalidMoveError(
                    f"{colour!r} at {name} is not a player: the players are {', '.join(players)}"
                )
            lattice[game.parse_cell(name)] = player
        placed, loose = find_pieces(lattice)
        if loose:
            colour, patch = loose[0]
            raise InvalidMoveError(
                f"{colour}'s triangles {' '.join(map(game.cell_text, sorted(patch)))} form no "
                f"{game.options.title} piece"
            )
        problems = check_position(placed, game.options, game.cell_text)
        if problems:
            raise IllegalMoveError(problems[0].message)
        for p, player in enumerate(players):
            for move in placed.get(player, []):
                game._put(p, game._placement_id(move))
        counts = [len(pids) for pids in game._placed]
        game._turn = counts.index(min(counts))
        return game


def _shape_problem(piece: Piece, cells: frozenset[Cell]) -> str | None:
    if len(cells) != piece.order:
        return f"{len(cells)} cells given, the piece has {piece.order}"
    if not is_connected(cells):
        return "the cells are not one connected piece"
    if canonical(cells) != piece.cells:
        shape = canonical(cells)
        actual = next((q.name for q in PIECES if q.cells == shape), "another shape")
        return f"the cells form a {actual}, not a {piece.name}"
    return None


def find_pieces(
    cells: Mapping[Cell, str],
) -> tuple[dict[str, list[Placement]], list[tuple[str, frozenset[Cell]]]]:
    """The pieces of a position given cell → colour: each edge-connected patch of one colour
    is one piece (a player's own pieces never share an edge).  Returns the placements by
    colour and, in board order, the (colour, patch) of every patch that is no piece."""
    shapes = {p.cells: p.name for p in PIECES}
    placed: dict[str, list[Placement]] = defaultdict(list)
    loose: list[tuple[str, frozenset[Cell]]] = []
    left = set(cells)
    for start in sorted(cells):
        if start not in left:
            continue
        colour = cells[start]
        patch = component(
            {c for c in left if cells[c] == colour},
            start,
            lambda c: [n for n in edge_neighbours(c) if n in cells],
        )
        left -= patch
        name = shapes.get(canonical(patch))
        if name is None:
            loose.append((colour, frozenset(patch)))
            continue
        placed[colour].append(Placement(name, frozenset(patch)))
    return placed, loose


def unexplained_cells(
    labels: Mapping[Cell, str], empty: str = "empty", unseen: Collection[Cell] = ()
) -> dict[Cell, str]:
    """Cells of a read position (cell → colour or ``empty``) that no set of pieces explains,
    each with the reason: a patch of one colour that is no piece (``no piece``; its
    empty edge neighbours too, where a missed triangle would be) or one colour's piece
    found twice (``piece twice``).  A sound position gives an empty dict.

    ``unseen`` cells (a reflection or a hand over them) may hold anything, so their labels
    count for nothing, and a patch beside them is explained when a piece of the set that
    its colour does not show whole elsewhere covers it with its other triangles all on
    unseen cells or on its colour across them (``_completions``): a larger piece reaching
    under them."""
    hidden = frozenset(unseen)
    coloured = {c: v for c, v in labels.items() if v != empty and c not in hidden}
    placed, loose = find_pieces(coloured)
    whole = {
        colour: [p.piece for p in pieces if hidden.isdisjoint(edge_ring(p.cells))]
        for colour, pieces in placed.items()
    }
    own = defaultdict(set)
    for cell, colour in coloured.items():
        own[colour].add(cell)
    out: dict[Cell, str] = {}
    for colour, patch in loose:
        if _completions(patch, hidden | own[colour]) - set(whole.get(colour, ())):
            continue
        for cell in patch:
            out[cell] = "no piece"
            for near in edge_neighbours(cell):
                if labels.get(near) == empty:
                    out.setdefault(near, "no piece")
    for colour, pieces in placed.items():
        names = whole[colour]
        for p in pieces:
            if hidden.isdisjoint(edge_ring(p.cells)):
                twice = names.count(p.piece) > 1
            else:
                twice = not _completions(p.cells, hidden | own[colour]) - set(names)
            if twice:
                out.update(dict.fromkeys(p.cells, "piece twice"))
    return out


@cache
def _forms() -> tuple[tuple[str, tuple[Cell, ...]], ...]:
    """Every piece in each of its fixed orientations (normalised), with its name."""
    return tuple((p.name, shape) for p in PIECES for shape in p.orientations())


def _completions(patch: frozenset[Cell], free: frozenset[Cell]) -> set[str]:
    """The pieces one of whose placements covers ``patch`` with its other triangles all on
    ``free`` cells (the patch itself, if it is a piece)."""
    anchor = min(patch)
    found = set()
    for name, shape in _forms():
        if len(shape) < len(patch) or name in found:
            continue
        for r, c in shape:
            dr, dc = anchor[0] - r, anchor[1] - c
            if (dr + dc) % 2:
                continue  # a shift that turns triangles over is no placement
            cells = {Cell(a + dr, b + dc) for a, b in shape}
            if patch <= cells and cells - patch <= free:
                found.add(name)
                break
    return found


# --------------------------------------------------------------------------- names


def check_colour_names(players: Sequence[str]) -> None:
    """PrintkitError unless the colours are distinct lowercase words, no piece name or
    ``pass`` (a move's text may name its colour)."""
    for name in players:
        if not isinstance(name, str) or not re.fullmatch(r"[a-z][a-z0-9_-]*", name):
            raise PrintkitError(f"player name {name!r} must be one lowercase word")
    if len(set(players)) != len(players):
        raise PrintkitError(f"player names must differ, got {tuple(players)!r}")
    if {p.name for p in PIECES} & set(players) or "pass" in players:
        raise PrintkitError(
            f"player names must not be piece names or 'pass', got {tuple(players)!r}"
        )


# --------------------------------------------------------------------------- scores


def score_of(options: Options, played: Sequence[Placement]) -> int:
    """A colour's score with the pieces ``played`` (in order) under ``options.scoring``."""
    on_board = sum(len(m.cells) for m in played)
    all_played = len(played) == len(PIECES)
    single_last = all_played and played[-1].piece == PIECES[0].name
    if options.scoring == "placed":
        bonus = options.bonus_all_pieces if all_played else 0
        return on_board + bonus + (options.bonus_single_last if single_last else 0)
    score = TOTAL_TRIANGLES - on_board
    if options.tournament_bonus and all_played:
        score -= options.bonus_single_last if single_last else options.bonus_all_pieces
    return score


def team_scores(options: Options, scores: Mapping[str, int]) -> dict[str, int]:
    """Each team's score, the sum of its colours' (the colours' own without teams)."""
    if not options.teams:
        return dict(scores)
    return {team: sum(scores[c] for c in colours) for team, colours in options.teams.items()}


# --------------------------------------------------------------------------- static check


@dataclass(frozen=True, slots=True)
class PositionProblem:
    """One thing wrong with a position: the rule (a short tag), who, which piece, and why."""

    rule: str  # unknown-player, unknown-piece, shape, off-board, duplicate, overlap,
    #            edge-contact, unchained
    player: str
    piece: str
    message: str

    def __str__(self) -> str:
        return self.message


def check_position(
    placed: Mapping[str, Sequence[Placement]],
    options: Options,
    cell_text: Callable[[Cell], str] = cell_name,
) -> list[PositionProblem]:
    """All problems of a static position at once (an empty list for a sound position).

    Checks player and piece names, shapes, cells off the board, pieces used twice, overlaps,
    edge contact between a player's own pieces, and pieces not linked to a starting cell of
    the board through a chain of the player's own pieces touching at corners.  Cells are
    named by ``cell_text``.
    """
    board = options.board.cells
    corners = set(options.board.starts)
    found: list[PositionProblem] = []
    owner: dict[Cell, tuple[str, str]] = {}
    order = {name: k for k, name in enumerate(options.players)}
    for player in sorted(placed, key=lambda x: (order.get(x, len(order)), x)):
        pieces = placed[player]
        if player not in options.players:
            found.append(
                PositionProblem(
                    "unknown-player",
                    player,
                    "",
                    f"unknown player {player!r}; the players are {', '.join(options.players)}",
                )
            )
        good: list[Placement] = []
        seen: set[str] = set()
        for move in pieces:
            what = f"{move.piece} for {player}"
            try:
                piece = piece_by_name(move.piece, options.title)
            except ValueError as e:
                found.append(PositionProblem("unknown-piece", player, move.piece, str(e)))
                continue
            if piece.name in seen:
                found.append(
                    PositionProblem(
                        "duplicate", player, piece.name, f"{what} is on the board more than once"
                    )
                )
            seen.add(piece.name)
            problem = _shape_problem(piece, move.cells)
            if problem:
                found.append(PositionProblem("shape", player, piece.name, f"{what}: {problem}"))
            off = sorted(move.cells - board)
            if off:
                found.append(
                    PositionProblem(
                        "off-board",
                        player,
                        piece.name,
                        f"{what} lies off the board at {cell_text(off[0])}",
                    )
                )
            for cell in sorted(move.cells):
                if cell in owner:
                    q, other = owner[cell]
                    found.append(
                        PositionProblem(
                            "overlap",
                            player,
                            piece.name,
                            f"{what} overlaps {q}'s {other} at {cell_text(cell)}",
                        )
                    )
                    break
            for cell in move.cells:
                owner.setdefault(cell, (player, piece.name))
            good.append(move)
        found += _own_contact_problems(player, good, corners, options.board, cell_text)
    return found


def _own_contact_problems(
    player: str,
    pieces: list[Placement],
    corners: set[Cell],
    board: BoardShape,
    cell_text: Callable[[Cell], str],
) -> list[PositionProblem]:
    found = []
    cell_of = {c: k for k, m in enumerate(pieces) for c in m.cells}
    linked: list[set[int]] = [set() for _ in pieces]
    reported: set[tuple[int, int]] = set()
    for k, move in enumerate(pieces):
        for cell in sorted(move.cells):
            for nb in edge_neighbours(cell):
                j = cell_of.get(nb)
                if j is not None and j > k and (k, j) not in reported:
                    reported.add((k, j))
                    found.append(
                        PositionProblem(
                            "edge-contact",
                            player,
                            pieces[j].piece,
                            f"{pieces[j].piece} for {player} touches {player}'s {move.piece} "
                            f"along an edge at {cell_text(nb)}",
                        )
                    )
            for nb in touching(cell):
                j = cell_of.get(nb)
                if j is not None and j != k:
                    linked[k].add(j)
    # Every piece after the first touches an earlier one at a corner, so a player's pieces
    # form one group linked by corner contacts, holding the first piece on a board corner.
    groups: list[set[int]] = []
    for k in range(len(pieces)):
        if not any(k in g for g in groups):
            groups.append(component(range(len(pieces)), k, linked.__getitem__))
    main = max(
        groups, key=lambda g: (any(pieces[k].cells & corners for k in g), len(g)), default=set()
    )
    on_corner = any(pieces[k].cells & corners for k in main)
    for k, move in enumerate(pieces):
        if k not in main or not on_corner:
            found.append(
                PositionProblem(
                    "unchained",
                    player,
                    move.piece,
                    f"{move.piece} for {player} is not linked to "
                    f"{'a corner of the board' if board.kind == 'triangle' else 'a starting point'}"
                    f" through {player}'s own pieces touching at corners"
                    if not on_corner
                    else f"{move.piece} for {player} is cut off from {player}'s other pieces: "
                    f"each piece must touch an earlier one at a corner",
                )
            )
    return found
