"""The Trigon rules: two to four colours place the 22 polyiamonds on a hexagonal board.

The engine is the polyiamond games' (:mod:`printkit.polyiamond_games.engine`, which states
the rules).  Trigon plays it on the hexagon of edge 9 (four colours, or two players with two
colours each) or of edge 8 (three colours); a colour's first piece covers any free one of
the six starting points.  Colours move blue, yellow, red, green.  The presets follow
Pentobi's variants and scoring (``docs/rules-trigon.md``): a colour scores the triangles it
placed, plus 15 for placing all 22 pieces and 5 more if the last was the moniamond; most
wins, and with two players each adds up its two colours.  ``tripakus`` scores four colours
as the TriPakus rule text does (triangles left in hand, fewest wins).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from printkit.errors import PrintkitError
from printkit.games.trigon.notation import Move, move_text, read_move
from printkit.geometry.tri import Cell
from printkit.polyiamond_games.boards import BoardShape, hexagon
from printkit.polyiamond_games.engine import (
    SCORINGS,
    PolyiamondGame,
    PositionProblem,
    check_colour_names,
)
from printkit.polyiamond_games.engine import check_position as _check_position

__all__ = [
    "TrigonOptions",
    "PRESETS",
    "VARIANTS",
    "preset",
    "new_game",
    "TrigonGame",
    "check_position",
]

COLOURS = ("blue", "yellow", "red", "green")


@dataclass(frozen=True, slots=True)
class TrigonOptions:
    """The rules options.  Colours are single lowercase words, in turn order; with
    ``two_player`` the first player holds the first and third colour, the second player the
    second and fourth."""

    board_size: int = 9
    players: tuple[str, ...] = COLOURS
    two_player: bool = False
    scoring: str = "placed"
    tournament_bonus: bool = False
    bonus_all_pieces: int = 15
    bonus_single_last: int = 5

    title: ClassVar[str] = "Trigon"

    def __post_init__(self) -> None:
        players = tuple(self.players)
        object.__setattr__(self, "players", players)
        hexagon(self.board_size)  # a known board, or PrintkitError
        if not 2 <= len(players) <= 4:
            raise PrintkitError(f"Trigon has two to four colours, got {players!r}")
        check_colour_names(players)
        if self.two_player and len(players) != 4:
            raise PrintkitError(
                f"two players share four colours (two each), got {len(players)} colours"
            )
        if self.scoring not in SCORINGS:
            raise PrintkitError(f"scoring {self.scoring!r}: choose {' or '.join(SCORINGS)}")

    @property
    def board(self) -> BoardShape:
        """The hexagon of edge ``board_size``."""
        return hexagon(self.board_size)

    @property
    def teams(self) -> dict[str, tuple[str, ...]] | None:
        """With two players, each player's colours by player name (``blue/red``)."""
        if not self.two_player:
            return None
        p = self.players
        return {f"{p[0]}/{p[2]}": (p[0], p[2]), f"{p[1]}/{p[3]}": (p[1], p[3])}


PRESETS: dict[str, TrigonOptions] = {
    "trigon": TrigonOptions(),
    "trigon-two-player": TrigonOptions(two_player=True),
    "trigon-three-player": TrigonOptions(board_size=8, players=COLOURS[:3]),
    "tripakus": TrigonOptions(scoring="left", bonus_all_pieces=10, bonus_single_last=15),
}
"""Named option sets: Pentobi's three Trigon variants with its scoring, and four colours
scored as in the TriPakus rule text."""

VARIANTS: dict[str, str] = {
    "Blokus Trigon": "trigon",
    "Blokus Trigon Two-Player": "trigon-two-player",
    "Blokus Trigon Three-Player": "trigon-three-player",
}
"""Pentobi's game names (the ``GM`` property of its files) → the preset that plays them."""


def preset(name: str) -> TrigonOptions:
    """The options of a named preset; PrintkitError listing the presets otherwise."""
    try:
        return PRESETS[name.strip().lower()]
    except KeyError:
        raise PrintkitError(
            f"unknown Trigon preset {name!r}; the presets are: {', '.join(PRESETS)}"
        ) from None


def new_game(rules: str | None = None, **options) -> TrigonGame:
    """A game at its start under the preset ``rules`` (``trigon`` by default), with option
    values replaced by ``options``."""
    chosen = preset(rules or "trigon")
    try:
        return TrigonGame(replace(chosen, **options))
    except TypeError as e:
        raise PrintkitError(f"bad Trigon options {options!r}: {e}") from None


class TrigonGame(PolyiamondGame):
    """A Trigon game in progress; cells are named as on the board and in Pentobi's files."""

    options: TrigonOptions

    def __init__(self, options: TrigonOptions | None = None) -> None:
        super().__init__(options or TrigonOptions())

    def cell_text(self, cell: tuple[int, int]) -> str:
        """The cell's printed name (``r12``)."""
        return self.board.pentobi_name(cell)

    def parse_cell(self, text: str) -> Cell:
        """The cell printed ``text``; InvalidMoveError otherwise."""
        return self.board.parse_pentobi(text)

    def parse_move(self, text: str) -> Move:
        """A move from its text; InvalidMoveError quoting the text otherwise."""
        return read_move(text, self.board)

    def move_text(self, move: Move) -> str:
        """The canonical text of ``move``: ``crown q13,q14,r12,r13,r14,r15``."""
        return move_text(move, self.board)


def check_position(placed, options: TrigonOptions | None = None) -> list[PositionProblem]:
    """All problems of a static Trigon position at once (an empty list for a sound one)."""
    options = options or TrigonOptions()
    return _check_position(placed, options, options.board.pentobi_name)
