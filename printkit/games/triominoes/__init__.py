"""Triominoes: the 56 triangular number tiles (tiles, rules with two rule sets, kit)."""

from printkit.games.base import GameInfo, KitInfo
from printkit.i18n import N_

GAME = GameInfo(
    "triominoes",
    "Triominoes",
    __name__,
    players="2-6",
    kits=(
        KitInfo(
            "triominoes", N_("Triominoes"), "2-6 players: the 56 number tiles and a score sheet"
        ),
    ),
)
