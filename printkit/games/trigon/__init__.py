"""Trigon: the 22 polyiamonds in four colours on a hexagonal board, as in Blokus Trigon and
Pentobi (whose game files printkit reads and writes)."""

from printkit.games.base import FileFormat, GameInfo, KitInfo
from printkit.i18n import N_

GAME = GameInfo(
    "trigon",
    "Trigon",
    __name__,
    players="2-4",
    formats=(FileFormat(".blksgf", "Pentobi game file", "pentobi"),),
    kits=(
        KitInfo(
            "trigon",
            N_("Trigon"),
            "2-4 players: 22 pieces in each of 4 colours, the edge-9 hexagon in 6 sections",
        ),
    ),
)
