"""The TriPakus rules: three players place polyiamonds on a triangular board, Blokus-style.

Rules as implemented (``docs/rules-tripakus.md`` gives the reasons):

- The board is ``triangle_board(n)``, side 19 by default.  Players move in the order of
  ``options.players``.
- A player's first piece must cover a free corner cell of the board, so the three players
  start in three different corners.
- Every later piece must share at least one vertex with one of the player's own pieces and
  no edge with any of them.  Contact with other players' pieces is free.
- Each piece is played at most once, lies wholly on the board and covers no occupied cell.
- A player with no legal placement passes (a pass while a placement exists is illegal); a
  player who has passed is skipped from then on.  The game is over when nobody can move.
- A score is the number of triangles in the player's unplayed pieces; lowest wins.  The
  optional tournament bonus takes 15 off for playing all 22 pieces with the moniamond last,
  10 off for playing all 22 otherwise.

The engine follows python-chess: :meth:`TriPakusGame.push` applies a move unchecked and fast,
:meth:`TriPakusGame.play` validates and raises :class:`IllegalMoveError` with the reason.
Legal moves come from precomputed placements (every piece, every orientation, every position
on the board) held as bitmasks over the board cells.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache

from printkit.games.base import IllegalMoveError
from printkit.games.tripakus.pieces import PIECES, Piece, piece_by_name
from printkit.geometry.graph import component
from printkit.geometry.tri import (
    Cell,
    board_corners,
    canonical,
    edge_neighbours,
    is_connected,
    touching,
    triangle_board,
)

__all__ = [
    "TriPakusOptions",
    "PRESETS",
    "preset",
    "Placement",
    "Pass",
    "PASS",
    "Move",
    "InvalidMoveError",
    "IllegalMoveError",
    "parse_move",
    "TriPakusGame",
    "PositionProblem",
    "check_position",
    "placements",
]

TOTAL_TRIANGLES = sum(p.order for p in PIECES)


# --------------------------------------------------------------------------- options


@dataclass(frozen=True, slots=True)
class TriPakusOptions:
    """The rules options.  Player names are single lowercase words, in turn order."""

    board_size: int = 19
    players: tuple[str, ...] = ("red", "yellow", "blue")
    tournament_bonus: bool = False
    bonus_all_pieces: int = 10
    bonus_single_last: int = 15

    def __post_init__(self) -> None:
        if not isinstance(self.board_size, int) or self.board_size < 2:
            raise ValueError(
                f"board_size must be an integer of at least 2, got {self.board_size!r}")
        players = tuple(self.players)
        object.__setattr__(self, "players", players)
        if not 1 <= len(players) <= 3:
            raise ValueError(f"TriPakus has one to three players (one per corner), got {players!r}")
        for name in players:
            if not isinstance(name, str) or not re.fullmatch(r"[a-z][a-z0-9_-]*", name):
                raise ValueError(f"player name {name!r} must be one lowercase word")
        if len(set(players)) != len(players):
            raise ValueError(f"player names must differ, got {players!r}")
        if {p.name for p in PIECES} & set(players) or "pass" in players:
            raise ValueError(f"player names must not be piece names or 'pass', got {players!r}")


PRESETS: dict[str, TriPakusOptions] = {
    "standard": TriPakusOptions(),
    "tournament": TriPakusOptions(tournament_bonus=True),
}
"""Named option sets: ``standard`` (no bonus) and ``tournament`` (with the bonus)."""


def preset(name: str) -> TriPakusOptions:
    """The options of a named preset; ValueError listing the presets otherwise."""
    try:
        return PRESETS[name.strip().lower()]
    except KeyError:
        raise ValueError(
            f"unknown TriPakus preset {name!r}; the presets are: {', '.join(PRESETS)}"
        ) from None


# --------------------------------------------------------------------------- moves


class InvalidMoveError(ValueError):
    """Text that is not a TriPakus move at all (as opposed to an illegal one)."""


_CELL = re.compile(r"\(\s*(-?\d+)\s*,\s*(-?\d+)\s*\)")


@dataclass(frozen=True, slots=True)
class Placement:
    """Placing the piece called ``piece`` on ``cells``.  Text: ``crown (12,-2) (12,-1) ...``."""

    piece: str
    cells: frozenset[Cell]

    def __post_init__(self) -> None:
        object.__setattr__(self, "piece", self.piece.strip().lower())
        object.__setattr__(self, "cells", frozenset(Cell(int(r), int(c)) for r, c in self.cells))

    def __str__(self) -> str:
        return " ".join([self.piece, *(str(c) for c in sorted(self.cells))])

    def __repr__(self) -> str:
        return f"Placement.from_text({str(self)!r})"

    @classmethod
    def from_text(cls, text: str) -> Placement:
        """Parse ``name (r,c) (r,c) ...``; InvalidMoveError quoting the text otherwise."""
        move = parse_move(text)
        if not isinstance(move, Placement):
            raise InvalidMoveError(f"expected a placement, got {text!r}")
        return move


@dataclass(frozen=True, slots=True)
class Pass:
    """A pass, optionally naming the player who passes.  Text: ``pass`` or ``pass red``."""

    player: str | None = None

    def __str__(self) -> str:
        return "pass" if self.player is None else f"pass {self.player}"

    def __repr__(self) -> str:
        return "PASS" if self.player is None else f"Pass({self.player!r})"


PASS = Pass()
Move = Placement | Pass


def parse_move(text: str) -> Move:
    """Read a move from its text form (the inverse of ``str(move)``)."""
    s = text.strip()
    words = s.split()
    if not words:
        raise InvalidMoveError("empty move text")
    if words[0].lower() == "pass":
        if len(words) == 1:
            return PASS
        if len(words) == 2 and re.fullmatch(r"[A-Za-z][A-Za-z0-9_-]*", words[1]):
            return Pass(words[1].lower())
        raise InvalidMoveError(f"a pass is 'pass' or 'pass <player>', got {text!r}")
    name, rest = words[0], s[len(words[0]):]
    if not re.fullmatch(r"[A-Za-z][A-Za-z0-9]*", name):
        raise InvalidMoveError(f"a placement starts with a piece name, got {text!r}")
    cells = [Cell(int(m[1]), int(m[2])) for m in _CELL.finditer(rest)]
    leftover = _CELL.sub(" ", rest).strip()
    if leftover:
        raise InvalidMoveError(f"cannot read {leftover!r} in move {text!r}: cells are '(r,c)'")
    if not cells:
        raise InvalidMoveError(f"placement {text!r} names no cells")
    if len(set(cells)) != len(cells):
        raise InvalidMoveError(f"placement {text!r} names a cell twice")
    return Placement(name, frozenset(cells))


# --------------------------------------------------------------------------- tables


@dataclass(frozen=True)
class _Tables:
    """Everything about one board size that does not change during a game."""

    n: int
    cells: tuple[Cell, ...]  # bit index -> cell
    index: dict[Cell, int]
    corner_mask: int
    mask: list[int]  # placement id -> cells
    edge: list[int]  # placement id -> cells outside it sharing an edge with it
    touch: list[int]  # placement id -> cells outside it sharing a vertex with it
    piece: list[int]  # placement id -> index in PIECES
    moves: list[Placement]  # placement id -> the move
    by_key: dict[tuple[int, int], int]  # (piece index, mask) -> placement id
    # cell -> piece index -> [(mask, placement id)] of the placements covering the cell
    covering: list[list[list[tuple[int, int]]]] = field(repr=False)


def _mask(index: Mapping[Cell, int], cells: Iterable[Cell]) -> int:
    m = 0
    for cell in cells:
        m |= 1 << index[cell]
    return m


@cache
def _tables(n: int) -> _Tables:
    cells = tuple(sorted(triangle_board(n)))
    index = {c: i for i, c in enumerate(cells)}
    board = set(cells)
    corner_mask = _mask(index, set(board_corners(n)))
    masks: list[int] = []
    edge: list[int] = []
    touch: list[int] = []
    piece: list[int] = []
    moves: list[Placement] = []
    by_key: dict[tuple[int, int], int] = {}
    covering: list[list[list[tuple[int, int]]]] = [[[] for _ in PIECES] for _ in cells]
    # Per cell: the bits of its edge neighbours and of all cells sharing a vertex with it.
    cell_edge = [_mask(index, [x for x in edge_neighbours(c) if x in board]) for c in cells]
    cell_touch = [_mask(index, [x for x in touching(c) if x in board]) for c in cells]
    for pi, p in enumerate(PIECES):
        for shape in p.orientations():
            r0, c0 = shape[0]
            for target in cells:
                dr, dc = target.r - r0, target.c - c0
                if (dr + dc) % 2:
                    continue  # a translation must keep every cell's orientation
                bits = [index.get((r + dr, c + dc)) for r, c in shape]  # type: ignore[call-overload]
                if None in bits:
                    continue
                m = e = tch = 0
                for b in bits:
                    m |= 1 << b
                    e |= cell_edge[b]
                    tch |= cell_touch[b]
                pid = len(masks)
                masks.append(m)
                edge.append(e & ~m)
                touch.append(tch & ~m)
                piece.append(pi)
                moves.append(Placement(p.name, frozenset(cells[b] for b in bits)))
                by_key[(pi, m)] = pid
                for b in bits:
                    covering[b][pi].append((m, pid))
    return _Tables(n, cells, index, corner_mask, masks, edge, touch, piece, moves, by_key,
                   covering)


def placements(board_size: int = 19) -> list[Placement]:
    """Every placement of every piece on the empty board of the given side."""
    return list(_tables(board_size).moves)


def _bits(m: int) -> Iterable[int]:
    while m:
        low = m & -m
        yield low.bit_length() - 1
        m ^= low


# --------------------------------------------------------------------------- the game


class TriPakusGame:
    """A game in progress: the pieces on the board, whose turn it is, who has passed."""

    def __init__(self, options: TriPakusOptions | None = None) -> None:
        self.options = options or TriPakusOptions()
        self._t = _tables(self.options.board_size)
        k = len(self.options.players)
        self._occupied = 0
        self._owner: dict[int, tuple[int, int]] = {}  # cell bit -> (player, placement id)
        self._forbidden = [0] * k  # own cells and the cells sharing an edge with them
        self._anchors = [self._t.corner_mask] * k  # where the next piece may touch
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
    def turn(self) -> str:
        """The player to move."""
        return self.options.players[self._turn]

    @property
    def history(self) -> tuple[tuple[str, Move], ...]:
        """Every move so far with the player who made it."""
        return tuple((self.options.players[p], m) for p, m in self._history)

    @property
    def placed(self) -> dict[str, tuple[Placement, ...]]:
        """Each player's pieces on the board, in the order they were played."""
        return {name: tuple(self._t.moves[pid] for pid in self._placed[p])
                for p, name in enumerate(self.options.players)}

    def passed(self, player: str) -> bool:
        """True once ``player`` has passed (and so is skipped from then on)."""
        return self._passed[self._player_index(player)]

    def unplayed(self, player: str) -> tuple[Piece, ...]:
        """The pieces ``player`` still holds."""
        used = self._used[self._player_index(player)]
        return tuple(p for i, p in enumerate(PIECES) if not used >> i & 1)

    def copy(self) -> TriPakusGame:
        """An independent copy of the game."""
        g = TriPakusGame.__new__(TriPakusGame)
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
        return (f"<TriPakusGame {len(self._history)} moves, turn={self.turn!r}, "
                f"over={self.is_over()}>")

    # -- legal moves

    def _legal_ids(self, p: int, first: bool = False) -> list[int]:
        """Placement ids legal for player ``p`` (just one if ``first``), sorted."""
        blocked = self._occupied | self._forbidden[p]
        used = self._used[p]
        free = [i for i in range(len(PIECES)) if not used >> i & 1]
        found: set[int] = set()
        covering = self._t.covering
        for cell in _bits(self._anchors[p] & ~blocked):
            per_piece = covering[cell]
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
            return [Pass(self.turn)]
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
            pid = self._placement_id(move)
            t = self._t
            m = t.mask[pid]
            self._occupied |= m
            for bit in _bits(m):
                self._owner[bit] = (p, pid)
            self._forbidden[p] |= m | t.edge[pid]
            self._anchors[p] = (self._anchors[p] if self._placed[p] else 0) | t.touch[pid]
            self._used[p] |= 1 << t.piece[pid]
            self._placed[p].append(pid)
        self._history.append((p, move))
        self._can_move.clear()
        self._advance()

    def play(self, move: Move) -> None:
        """Apply ``move`` after checking it; IllegalMoveError says which rule it breaks."""
        reason = self.violation(move)
        if reason is not None:
            raise IllegalMoveError(reason)
        self.push(move)

    def is_legal(self, move: Move) -> bool:
        """True if the player to move may make ``move``."""
        return self.violation(move) is None

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
            return t.by_key[(pi, _mask(t.index, move.cells))]
        except (KeyError, ValueError):
            raise IllegalMoveError(f"{move} is not a placement on the board") from None

    def _player_index(self, player: str) -> int:
        try:
            return self.options.players.index(player)
        except ValueError:
            raise ValueError(
                f"unknown player {player!r}; the players are {', '.join(self.options.players)}"
            ) from None

    # -- validation

    def violation(self, move: Move) -> str | None:
        """Why the player to move may not make ``move``, in plain words; None if legal."""
        p = self._turn
        name = self.options.players[p]
        if all(self._passed):
            return f"{move} is too late: the game is over and every player has passed"
        if isinstance(move, Pass):
            if move.player is not None and move.player != name:
                return f"pass for {move.player}, but it is {name}'s turn"
            ids = self._legal_ids(p, first=True)
            if ids:
                return (f"pass for {name} while {name} can still place a piece, "
                        f"for example {self._t.moves[ids[0]]}")
            return None
        return self._placement_violation(p, move)

    def _placement_violation(self, p: int, move: Placement) -> str | None:
        name = self.options.players[p]
        t = self._t
        try:
            piece = piece_by_name(move.piece)
        except ValueError as e:
            return f"{name} cannot play {move.piece!r}: {e}"
        what = f"{piece.name} for {name}"
        pi = PIECES.index(piece)
        if self._used[p] >> pi & 1:
            return f"{what} was already played"
        bits = [t.index.get(c) for c in move.cells]
        pid = None if None in bits else t.by_key.get((pi, _mask(t.index, move.cells)))
        if pid is None:  # not one of the precomputed placements: say why
            problem = _shape_problem(piece, move.cells)
            if problem:
                return f"{what}: {problem}"
            off = sorted(c for c in move.cells if c not in t.index)
            return f"{what} lies off the board at {off[0]}"
        m = t.mask[pid]
        if m & self._occupied:
            bit = next(_bits(m & self._occupied))
            q, other = self._owner[bit]
            return (f"{what} overlaps {self.options.players[q]}'s "
                    f"{t.moves[other].piece} at {t.cells[bit]}")
        if not self._placed[p]:
            if not m & t.corner_mask:
                return (f"{what} must cover a free corner of the board as {name}'s first piece "
                        f"(the corners are {', '.join(str(c) for c in board_corners(t.n))})")
            return None
        clash = m & self._forbidden[p]
        if clash:
            bit = next(_bits(clash))
            cell = t.cells[bit]
            for nb in edge_neighbours(cell):
                owner = self._owner.get(t.index.get(nb, -1))
                if owner is not None and owner[0] == p:
                    return (f"{what} touches {name}'s {t.moves[owner[1]].piece} "
                            f"along an edge at {cell}")
        if not m & self._anchors[p]:
            return f"{what} does not touch any of {name}'s pieces at a corner"
        return None

    # -- scores

    def scores(self) -> dict[str, int]:
        """Triangles in each player's unplayed pieces, less the tournament bonus if it applies."""
        out = {}
        for p, name in enumerate(self.options.players):
            played = [self._t.moves[pid] for pid in self._placed[p]]
            score = TOTAL_TRIANGLES - sum(len(m.cells) for m in played)
            if self.options.tournament_bonus and len(played) == len(PIECES):
                single = played[-1].piece == PIECES[0].name
                score -= (self.options.bonus_single_last if single
                          else self.options.bonus_all_pieces)
            out[name] = score
        return out

    def winners(self) -> tuple[str, ...]:
        """The players with the lowest score (several on a tie)."""
        s = self.scores()
        best = min(s.values())
        return tuple(name for name, v in s.items() if v == best)

    def problems(self) -> list[PositionProblem]:
        """Every problem of the current position (none if it was reached by legal play)."""
        return check_position(self.placed, self.options)


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


def check_position(placed: Mapping[str, Sequence[Placement]],
                   options: TriPakusOptions | None = None) -> list[PositionProblem]:
    """All problems of a static position at once (an empty list for a sound position).

    Checks player and piece names, shapes, cells off the board, pieces used twice, overlaps,
    edge contact between a player's own pieces, and pieces not linked to a corner of the
    board through a chain of the player's own pieces touching at corners.
    """
    options = options or TriPakusOptions()
    board = triangle_board(options.board_size)
    corners = set(board_corners(options.board_size))
    found: list[PositionProblem] = []
    owner: dict[Cell, tuple[str, str]] = {}
    order = {name: k for k, name in enumerate(options.players)}
    for player in sorted(placed, key=lambda x: (order.get(x, len(order)), x)):
        pieces = placed[player]
        if player not in options.players:
            found.append(PositionProblem("unknown-player", player, "",
                                         f"unknown player {player!r}; the players are "
                                         f"{', '.join(options.players)}"))
        good: list[Placement] = []
        seen: set[str] = set()
        for move in pieces:
            what = f"{move.piece} for {player}"
            try:
                piece = piece_by_name(move.piece)
            except ValueError as e:
                found.append(PositionProblem("unknown-piece", player, move.piece, str(e)))
                continue
            if piece.name in seen:
                found.append(PositionProblem("duplicate", player, piece.name,
                                             f"{what} is on the board more than once"))
            seen.add(piece.name)
            problem = _shape_problem(piece, move.cells)
            if problem:
                found.append(PositionProblem("shape", player, piece.name, f"{what}: {problem}"))
            off = sorted(move.cells - board)
            if off:
                found.append(PositionProblem("off-board", player, piece.name,
                                             f"{what} lies off the board at {off[0]}"))
            for cell in sorted(move.cells):
                if cell in owner:
                    q, other = owner[cell]
                    found.append(PositionProblem("overlap", player, piece.name,
                                                 f"{what} overlaps {q}'s {other} at {cell}"))
                    break
            for cell in move.cells:
                owner.setdefault(cell, (player, piece.name))
            good.append(move)
        found += _own_contact_problems(player, good, corners)
    return found


def _own_contact_problems(player: str, pieces: list[Placement],
                          corners: set[Cell]) -> list[PositionProblem]:
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
                    found.append(PositionProblem(
                        "edge-contact", player, pieces[j].piece,
                        f"{pieces[j].piece} for {player} touches {player}'s {move.piece} "
                        f"along an edge at {nb}"))
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
    main = max(groups, key=lambda g: (any(pieces[k].cells & corners for k in g), len(g)),
               default=set())
    on_corner = any(pieces[k].cells & corners for k in main)
    for k, move in enumerate(pieces):
        if k not in main or not on_corner:
            found.append(PositionProblem(
                "unchained", player, move.piece,
                f"{move.piece} for {player} is not linked to a corner of the board "
                f"through {player}'s own pieces touching at corners"
                if not on_corner else
                f"{move.piece} for {player} is cut off from {player}'s other pieces: "
                f"each piece must touch an earlier one at a corner"))
    return found
