"""Tiny Claim for ``printkit show``: the board with each claimed cell in its player's colour."""

from __future__ import annotations

from printkit.draw.lattice import tri_polygon
from printkit.draw.model import Polygon, Role, Style
from tinyclaim.components import board_drawing
from tinyclaim.record import replay
from tinyclaim.rules import TinyClaim


def picture(record, upto, rules, layout, offending):
    """The board after ``upto`` moves, each claimed cell in its player's colour."""
    game = (
        TinyClaim.from_position_cells(record.cells)
        if record.is_position
        else replay(record, upto, rules)
    )
    drawing = board_drawing(20.0)
    inks = dict(zip(game.players, ("#d62828", "#2364c8"), strict=True))
    for cell, player in game.owner.items():
        drawing.add(Polygon(tri_polygon(cell, 20.0), Style(fill=inks[player]), Role.FILL))
    return drawing
