"""Tripod set out for the second photo family (``printkit.vision.photoshoot``).

Stones are the kit's printed discs (card or wood, with thickness) or glass and slate Go
stones (domes), a little larger than the printed disc, with a highlight.
"""

from __future__ import annotations

import math

import numpy as np

from printkit.games.tripod.board import TripodBoard, cell_name
from printkit.games.tripod.components import (
    BLACK_STONE,
    WHITE_STONE,
    board_picture,
    board_size,
    stone_face_items,
)
from printkit.games.tripod.rules import Stone, TripodGame, TripodOptions
from printkit.layout.config import Layout
from printkit.vision.model import BoardModel
from printkit.vision.photoshoot.props import Dome, Slab, Stage, material

__all__ = ["stage"]

GO = {"X": ("#141414", "#1d1f22", "#0c0c0e"), "O": ("#f1f0ea", "#e8e5da", "#f6f5f0")}
"""Go stone bodies: slate or black glass, shell or white glass."""


def stage(layout: Layout, model: BoardModel, rng: np.random.Generator) -> Stage:
    """A random legal position on one half; truth maps cell names to ``empty``, ``X`` or
    ``O``."""
    n = board_size(layout)
    game = TripodGame(TripodOptions(size=n))
    for _ in range(int(rng.integers(0, len(TripodBoard(n)) + 1))):
        if game.is_over():
            break
        legal = game.legal_moves()
        game.push(legal[int(rng.integers(len(legal)))])
    position = game.position()
    cell = float(model.extra["cell"])
    printed = float(model.extra["stone"])
    go = rng.uniform() < 0.5
    diameter = float(rng.uniform(1.04, 1.12)) * printed if go else printed
    diameter = min(diameter, 0.96 * cell)
    slack = max(0.0, (cell - diameter) / 2 - 0.2)
    mat = material(rng, wood_share=0.2)
    truth, slabs, domes = {}, [], []
    for key, (cx, cy) in model.extra["centres"].items():
        stone = position.get(key)
        truth[cell_name(key)] = "empty" if stone is None else stone.name
        if stone is None:
            continue
        r = min(slack, 1.2) * math.sqrt(rng.uniform())
        a = rng.uniform(0, 2 * math.pi)
        at = (cx + r * math.cos(a), cy + r * math.sin(a))
        if go:
            black = stone == Stone.X
            body = GO[stone.name][int(rng.integers(3))]
            domes.append(
                Dome(
                    at,
                    diameter / 2,
                    float(rng.uniform(0.36, 0.46)) * diameter,
                    body,
                    float(rng.uniform(0.4, 0.9) if black else rng.uniform(0.15, 0.4)),
                    float(rng.uniform(250, 900) if black else rng.uniform(80, 300)),
                )
            )
        else:
            colour = BLACK_STONE if stone == Stone.X else WHITE_STONE
            ring = tuple(
                (at[0] + diameter / 2 * math.cos(t), at[1] + diameter / 2 * math.sin(t))
                for t in np.linspace(0, 2 * math.pi, 48, endpoint=False)
            )
            slabs.append(Slab(ring, stone_face_items(at, colour, diameter, 0.0, False), colour))
    return Stage(board_picture(layout, model.variant), model.variant, truth, slabs, domes, mat)
