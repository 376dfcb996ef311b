"""TriPakus: the three-player polyiamond placement game (pieces, rules, printed kit)."""

from printkit.games.base import GameInfo, KitInfo
from printkit.i18n import N_

GAME = GameInfo(
    "tripakus",
    "TriPakus",
    __name__,
    players="3",
    kits=(
        KitInfo(
            "tripakus", N_("TriPakus"), "3 players: 22 pieces each, the side-19 board in 3 sections"
        ),
    ),
)
