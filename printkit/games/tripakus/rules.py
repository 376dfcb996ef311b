"""The TriPakus rules: three colours place polyiamonds on a triangular board, Blokus-style.

The engine is the polyiamond games' (:mod:`printkit.polyiamond_games.engine`, which states the
rules); TriPakus plays it on the triangle of side 19 (``BoardShape("triangle", 19)``), each
colour's first piece on a free corner, scored as its rule text says: the triangles of the
unplayed pieces, lowest wins, with the optional tournament bonus (15 off for playing all 22
pieces with the moniamond last, 10 off for all 22 otherwise).  The ``pentobi`` preset scores
as Pentobi does (``docs/rules-tripakus.md``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from printkit.errors import PrintkitError
from printkit.polyiamond_games.boards import BoardShape, triangle
from printkit.polyiamond_games.engine import (
    SCORINGS,
    TOTAL_TRIANGLES,
    PolyiamondGame,
    PositionProblem,
    check_colour_names,
    find_pieces,
)
from printkit.polyiamond_games.engine import check_position as _check_position
from printkit.polyiamond_games.engine import placements as _placements
from printkit.polyiamond_games.moves import Placement

__all__ = [
    "TriPakusOptions",
    "PRESETS",
    "preset",
    "new_game",
    "TriPakusGame",
    "PositionProblem",
    "check_position",
    "find_pieces",
    "placements",
    "TOTAL_TRIANGLES",
]


@dataclass(frozen=True, slots=True)
class TriPakusOptions:
    """The rules options.  Player names are single lowercase words, in turn order."""

    board_size: int = 19
    players: tuple[str, ...] = ("red", "yellow", "blue")
    tournament_bonus: bool = False
    bonus_all_pieces: int = 10
    bonus_single_last: int = 15
    scoring: str = "left"

    title: ClassVar[str] = "TriPakus"
    teams: ClassVar[None] = None

    def __post_init__(self) -> None:
        if not isinstance(self.board_size, int) or self.board_size < 2:
            raise PrintkitError(
                f"board_size must be an integer of at least 2, got {self.board_size!r}"
            )
        players = tuple(self.players)
        object.__setattr__(self, "players", players)
        if not 1 <= len(players) <= 3:
            raise PrintkitError(
                f"TriPakus has one to three players (one per corner), got {players!r}"
            )
        check_colour_names(players)
        if self.scoring not in SCORINGS:
            raise PrintkitError(f"scoring {self.scoring!r}: choose {' or '.join(SCORINGS)}")

    @property
    def board(self) -> BoardShape:
        """The triangle of side ``board_size``."""
        return triangle(self.board_size)


PRESETS: dict[str, TriPakusOptions] = {
    "standard": TriPakusOptions(),
    "tournament": TriPakusOptions(tournament_bonus=True),
    "pentobi": TriPakusOptions(scoring="placed", bonus_all_pieces=15, bonus_single_last=5),
}
"""Named option sets: ``standard`` (no bonus), ``tournament`` (with the bonus), both from
the TriPakus rule text; ``pentobi`` (triangles on the board plus Pentobi's bonus, most wins)."""


def preset(name: str) -> TriPakusOptions:
    """The options of a named preset; PrintkitError listing the presets otherwise."""
    try:
        return PRESETS[name.strip().lower()]
    except KeyError:
        raise PrintkitError(
            f"unknown TriPakus preset {name!r}; the presets are: {', '.join(PRESETS)}"
        ) from None


def new_game(rules: str | None = None, **options) -> TriPakusGame:
    """A game at its start under the preset ``rules`` (standard by default), with option
    values replaced by ``options``."""
    chosen = preset(rules or "standard")
    try:
        return TriPakusGame(replace(chosen, **options))
    except TypeError as e:
        raise PrintkitError(f"bad TriPakus options {options!r}: {e}") from None


class TriPakusGame(PolyiamondGame):
    """A TriPakus game in progress (cells named ``(r,c)``)."""

    options: TriPakusOptions

    def __init__(self, options: TriPakusOptions | None = None) -> None:
        super().__init__(options or TriPakusOptions())


def placements(board_size: int = 19) -> list[Placement]:
    """Every placement of every piece on the empty board of the given side."""
    return _placements(triangle(board_size))


def check_position(
    placed: dict[str, list[Placement]] | dict, options: TriPakusOptions | None = None
) -> list[PositionProblem]:
    """All problems of a static TriPakus position at once (an empty list for a sound one)."""
    return _check_position(placed, options or TriPakusOptions())
