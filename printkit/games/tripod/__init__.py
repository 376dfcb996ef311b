"""Tripod: the two-player connection game on a double triangular board of hexagons."""

from printkit.games.base import GameInfo, KitInfo

GAME = GameInfo(
    "tripod",
    "Tripod",
    __name__,
    players="2",
    kits=(KitInfo("tripod", "Tripod", "2 players: the double triangular board and stones"),),
)
