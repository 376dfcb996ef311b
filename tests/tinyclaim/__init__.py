"""Tiny Claim: the smallest complete printkit game, used to prove that one registry entry
reaches every layer (see docs/adding-a-game.md).

Two players take turns claiming a free cell of a side-2 triangular board; when the board
is full, each scores the cells they hold.
"""

from printkit.games.base import GameInfo, KitInfo

GAME = GameInfo(
    "tinyclaim",
    "Tiny Claim",
    __name__,
    players="2",
    kits=(KitInfo("tinyclaim", "Tiny Claim", "2 players: a board of four triangles"),),
)
