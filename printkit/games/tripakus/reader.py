"""What the photo reader knows of TriPakus: the board models and random scenes."""

from __future__ import annotations

import numpy as np

from printkit.draw.lattice import tri_point
from printkit.draw.model import Drawing, Polygon, Role, Style
from printkit.games.tripakus.components import vision_models as board_models
from printkit.layout.config import Layout
from printkit.vision.model import BoardModel
from printkit.vision.scenes import lay, wobble

__all__ = ["board_models", "scene"]


def scene(layout: Layout, model: BoardModel, level, rng: np.random.Generator
                   ) -> tuple[Drawing, dict]:
    """A random TriPakus game prefix; truth maps ``"r,c"`` to a player or ``empty``."""
    from printkit.games.tripakus.components import board_picture
    from printkit.games.tripakus.rules import Placement, TriPakusGame, TriPakusOptions
    from printkit.geometry.tri import outline

    players = tuple(layout["tripakus"]["players"])
    game = TriPakusGame(TriPakusOptions(board_size=int(layout["tripakus"]["board_size"]),
                                        players=players))
    moves = int(rng.integers(0, 64))
    for _ in range(moves):
        if game.is_over():
            break
        legal = game.legal_moves()
        game.push(legal[int(rng.integers(len(legal)))])
    side = float(layout["tripakus"]["cell"])
    picture = board_picture(layout, model.variant)
    truth = {model.cell_key(c): "empty" for c in model.cells}
    for player, placements in game.placed.items():
        colour = Style(fill=layout.colour(player), stroke="#3a3a3a", width=0.25)
        for placement in placements:
            assert isinstance(placement, Placement)
            loops = outline(placement.cells)
            ring = [tri_point(v, side) for v in loops[0]]
            holes = tuple(tuple(tri_point(v, side) for v in h) for h in loops[1:])
            lay(picture, Polygon(tuple(ring), colour, Role.FILL, holes),
                 wobble(ring, level, rng))
            for cell in placement.cells:
                truth[model.cell_key(cell)] = player
    return picture, truth
