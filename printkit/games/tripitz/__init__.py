"""Tripitz Domino: pids on a board of hexagonal cavities (pids, board, rules, kits)."""

from printkit.games.base import GameInfo, KitInfo
from printkit.i18n import N_

GAME = GameInfo(
    "tripitz",
    "Tripitz Domino",
    __name__,
    players="2-6",
    kits=(
        KitInfo(
            "tripitz",
            N_("Tripitz Domino"),
            "2-6 players: 64 pids and 4 jokers, the 102-cavity board, racks and a score sheet",
        ),
        KitInfo(
            "tripitz-wood",
            N_("Tripitz Domino in wood"),
            "laser-cutter jobs: a two-layer board and 68 engraved tokens",
            "wood",
            "wood_sheets",
            rules_card=False,
            default=False,
        ),
    ),
)
