"""Moves of the polyiamond games seen between two photos of the board (``printkit log``).

The triangles that were empty and now hold a colour are grouped by colour into
edge-connected patches; each patch is one piece placed, named with the engine's own
notation (its shape gives the piece, its cells the orientation and place).  Colours move in
turn order; a colour with nothing new between two photos, while a later one has, passed.
Triangles that emptied or changed colour are no move: when they are a piece of the
position moved as a whole (knocked aside), the report says so and where it went.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from printkit.errors import PrintkitError
from printkit.geometry.graph import component
from printkit.geometry.tri import Cell, canonical, edge_neighbours, edge_ring
from printkit.polyiamond_games.engine import PolyiamondGame, find_pieces
from printkit.polyiamond_games.moves import Pass, Placement
from printkit.polyiamond_games.pieces import PIECES
from printkit.records.model import Record
from printkit.vision.log import EMPTY, Inference, Step, cell_changes, lost_text, turn_sequence

__all__ = ["PolyiamondLog", "move_log"]

_SHAPES = {p.cells: p.name for p in PIECES}


def _patches(cells: Mapping[Cell, str]) -> list[tuple[str, frozenset[Cell]]]:
    """The edge-connected one-colour patches of ``cells``, in board order."""
    left = set(cells)
    found = []
    for start in sorted(cells):
        if start not in left:
            continue
        colour = cells[start]
        patch = component({c for c in left if cells[c] == colour}, start, _within(set(cells)))
        left -= patch
        found.append((colour, frozenset(patch)))
    return found


def _within(cells: set[Cell]):
    """The edge neighbours of a cell that lie in ``cells``."""
    return lambda c: [n for n in edge_neighbours(c) if n in cells]


class PolyiamondLog:
    """Move inference for a polyiamond game (a ``vision.log.MoveLog``).

    ``game`` is an engine at the start, for its cell names and move text; ``colours`` the
    colours as the reader labels cells, ``players`` the turn order the record names.
    """

    def __init__(
        self,
        game: PolyiamondGame,
        rules: str | None = None,
        options: Mapping[str, Any] | None = None,
    ) -> None:
        self.game = game
        self.players = list(game.options.players)
        self.rules = rules
        self.options = dict(options or {})
        self.setup: dict[str, Any] = {}
        self.notes: list[str] = []
        self.mover: str | None = self.players[0]
        self.passed: set[str] = set()

    def start(self, first: Mapping[str, str]) -> dict[str, str]:
        return {}

    def _lattice(self, position: Mapping[str, str]) -> dict[Cell, str]:
        return {self.game.parse_cell(n): v for n, v in position.items() if v != EMPTY}

    def _name(self, cells) -> str:
        return " ".join(self.game.cell_text(c) for c in sorted(cells))

    def _beside(self, cells) -> tuple[str, ...]:
        """The board's triangles sharing an edge with ``cells``, by name."""
        near = edge_ring(cells) - set(cells)
        return tuple(self.game.cell_text(c) for c in sorted(near & self.game.board.cells))

    def infer(self, before: Mapping[str, str], after: Mapping[str, str]) -> Inference:
        appeared, lost = cell_changes(before, after)
        if lost:
            return self._disturbed(before, after, appeared, lost)
        new: dict[str, list[Placement]] = {}
        for colour, patch in _patches(self._lattice(appeared)):
            piece = _SHAPES.get(canonical(patch))
            if piece is None:
                return Inference(
                    problem=f"{colour}'s new triangles {self._name(patch)} form no piece "
                    "(a piece misread or covered, or two touching along an edge?)"
                )
            new.setdefault(colour, []).append(Placement(piece, patch))
        order = self.players + [c for c in new if c not in self.players]
        moves, doubts, mover = turn_sequence(
            new, order, self.mover or order[0], passes=True, passed=self.passed
        )
        doubt = "; ".join(doubts) or None
        steps = []
        for colour, placement in moves:
            if placement is None:
                steps.append(Step(self.game.move_text(Pass()), colour))
                self.passed.add(colour)
                continue
            steps.append(
                Step(
                    self.game.move_text(placement),
                    colour,
                    tuple(self.game.cell_text(c) for c in sorted(placement.cells)),
                    doubt if len(new[colour]) > 1 else None,
                    self._beside(placement.cells),
                )
            )
        self.mover = mover
        return Inference(steps)

    def _disturbed(
        self,
        before: Mapping[str, str],
        after: Mapping[str, str],
        appeared: Mapping[str, str],
        lost: Mapping[str, tuple[str, str]],
    ) -> Inference:
        """Cells that emptied or changed: a piece moved as a whole is named, with the
        position it makes as ``settled``; anything else is only described."""
        placed, loose = find_pieces(self._lattice(before))
        pieces = [(c, m.piece, m.cells) for c, ms in placed.items() for m in ms]
        pieces += [(c, "patch", cells) for c, cells in loose]
        lost_cells = {self.game.parse_cell(n) for n in lost}
        fresh = self._lattice(appeared)
        settled = dict(before)
        moved = []
        explained: set[Cell] = set()
        for colour, piece, cells in pieces:
            if not cells & lost_cells:
                continue
            stay = cells - lost_cells
            pool = stay | {c for c, v in fresh.items() if v == colour}
            start = min(stay) if stay else None
            if start is None:
                continue
            now = component(pool, start, _within(pool))
            if len(now) != len(cells) or canonical(now) != canonical(cells):
                continue
            moved.append(f"{colour}'s {piece} at {self._name(cells)} now lies on {self._name(now)}")
            explained |= cells & lost_cells
            for c in cells:
                settled[self.game.cell_text(c)] = EMPTY
            for c in now:
                settled[self.game.cell_text(c)] = colour
        if moved and explained == lost_cells:
            return Inference(
                problem="a piece was moved, which is no move: " + "; ".join(moved),
                settled=settled,
            )
        return Inference(
            problem=f"cells emptied or changed, which no move explains ({lost_text(lost)}): "
            "a hand over the board, or a piece knocked?",
            settled={**before, **{n: v for n, (_, v) in lost.items()}},
        )


def move_log(
    game: str,
    make_game: Callable[[Any], PolyiamondGame],
    options_for: Callable[[Record, str | None], tuple[str, Any]],
    colours: Sequence[str],
    board_size: int,
    players: Sequence[str] | None,
    rules: str | None,
) -> PolyiamondLog:
    """The move log of a polyiamond board printed in ``colours`` (the cell classes the
    reader reports) with ``board_size``: ``players`` (the colours in turn order, default the
    board's) and ``rules`` go into the record as its checker reads them."""
    order = [p.strip().lower() for p in players] if players else list(colours)
    unknown = [p for p in order if p not in colours]
    if unknown:
        raise PrintkitError(
            f"--players: {unknown[0]!r} is no colour of the board; its colours are "
            f"{', '.join(colours)} (give them in turn order)"
        )
    skeleton = Record(game, rules=rules, players=order)
    name, options = options_for(skeleton, rules)
    if options.board_size != board_size:
        skeleton.options["board_size"] = board_size
        name, options = options_for(skeleton, rules)
    return PolyiamondLog(make_game(options), rules, skeleton.options)
