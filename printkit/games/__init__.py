"""The games printkit knows, by name: the registry every layer takes game names from.

``GAMES`` maps a game's name (as written in records, on the command line and in layouts) to
its ``GameInfo``.  Adding a game is one folder under ``printkit/games/`` and one line here.
"""

from __future__ import annotations

from printkit.errors import PrintkitError
from printkit.games import trigon, triominoes, tripakus, tripitz, tripod
from printkit.games.base import GameInfo

__all__ = ["GAMES", "find_game", "register"]

GAMES: dict[str, GameInfo] = {}


def register(info: GameInfo) -> GameInfo:
    """Add a game to the registry (its name must be new)."""
    if info.name in GAMES:
        raise ValueError(f"a game named {info.name!r} is registered already")
    GAMES[info.name] = info
    return info


def find_game(name: str, error: type[PrintkitError] = PrintkitError, **where) -> GameInfo:
    """A game by name, case-insensitive; ``error`` lists the known games otherwise."""
    info = GAMES.get(str(name).strip().lower())
    if info is None:
        raise error(f"unknown game {name!r}: choose from {', '.join(GAMES)}", **where)
    return info


for _game in (tripakus.GAME, tripitz.GAME, triominoes.GAME, tripod.GAME, trigon.GAME):
    register(_game)
