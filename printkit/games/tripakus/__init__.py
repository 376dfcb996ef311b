"""TriPakus: the three-player polyiamond placement game (pieces, rules, printed kit)."""

from printkit.games.base import GameInfo, KitInfo

GAME = GameInfo(
    "tripakus",
    "TriPakus",
    __name__,
    players="3",
    kits=(
        KitInfo(
            "tripakus", "TriPakus", "3 players: 22 pieces each, the side-19 board in 3 sections"
        ),
    ),
)
