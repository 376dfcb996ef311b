"""Tiny Claim's engine: claim free cells of a side-2 triangle in turn."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from printkit.errors import IllegalMoveError, InvalidMoveError
from printkit.games.base import Outcome
from printkit.geometry.tri import triangle_board
from tinyclaim.notation import Claim, parse_move

BOARD = tuple(sorted(triangle_board(2)))
PRESETS = {"standard": None}


@dataclass
class TinyClaim:
    names: tuple[str, str] = ("first", "second")

    def __post_init__(self) -> None:
        self.owner: dict[Claim, str] = {}

    @property
    def players(self) -> tuple[str, ...]:
        return self.names

    @property
    def turn(self) -> str | None:
        return None if self.is_over() else self.names[len(self.owner) % 2]

    def legal_moves(self) -> list[Claim]:
        return [Claim(*c) for c in BOARD if c not in self.owner] if not self.is_over() else []

    def why_illegal(self, move: Claim) -> str | None:
        if tuple(move) not in BOARD:
            return f"{move} is not on the board"
        if move in self.owner:
            return f"{move} is taken by {self.owner[move]}"
        return None

    def is_legal(self, move: Claim) -> bool:
        return self.why_illegal(move) is None

    def push(self, move: Claim) -> None:
        self.owner[move] = self.turn

    def play(self, move: Claim) -> None:
        reason = self.why_illegal(move)
        if reason:
            raise IllegalMoveError(reason)
        self.push(move)

    def scores(self) -> dict[str, int]:
        return {p: sum(1 for o in self.owner.values() if o == p) for p in self.names}

    def is_over(self) -> bool:
        return len(self.owner) == len(BOARD)

    def outcome(self) -> Outcome | None:
        if not self.is_over():
            return None
        best = max(self.scores().values())
        return Outcome(tuple(p for p, s in self.scores().items() if s == best), "board full")

    def parse_move(self, text: str) -> Claim:
        return parse_move(text)

    def move_text(self, move: Claim) -> str:
        return str(move)

    def copy(self) -> TinyClaim:
        other = TinyClaim(self.names)
        other.owner = dict(self.owner)
        return other

    def position_cells(self) -> dict[str, str]:
        return {str(c): p for c, p in sorted(self.owner.items())}

    @classmethod
    def from_position_cells(cls, cells: Mapping[str, str], options=None) -> TinyClaim:
        game = cls()
        for name, player in cells.items():
            if player not in game.names:
                raise InvalidMoveError(f"{player!r} is not a player of Tiny Claim")
            game.owner[parse_move(name)] = player
        return game


def new_game(rules: str | None = None, **options) -> TinyClaim:
    return TinyClaim(**options)
