"""Tripod: the two-player connection game on a double triangular board of hexagons."""

from printkit.games.base import GameInfo, KitInfo
from printkit.i18n import N_

GAME = GameInfo(
    "tripod",
    "Tripod",
    __name__,
    players="2",
    kits=(KitInfo("tripod", N_("Tripod"), "2 players: the double triangular board and stones"),),
)
