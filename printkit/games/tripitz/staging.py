"""Tripitz set out for the second photo family (``printkit.vision.photoshoot``).

Pids are the kit's printed tokens (face, symbol, code) as card or wood, laid in their
cavities by hand: a hexagon in any of its six turns, a round token at any angle.
"""

from __future__ import annotations

import math
import random

import numpy as np

from printkit.draw.lattice import hex_centre
from printkit.draw.model import Affine, Role
from printkit.games.tripitz.components import (
    Settings,
    board_picture,
    cavity_pitch,
    circumradius,
    face_points,
    token_colour,
    token_front,
)
from printkit.games.tripitz.notation import Exchange, Pass
from printkit.games.tripitz.rules import TripitzGame
from printkit.layout.config import Layout
from printkit.vision.model import BoardModel
from printkit.vision.photoshoot.props import Slab, Stage, material

__all__ = ["stage"]


def _play(rng: np.random.Generator) -> TripitzGame:
    """A game after a random number of moves, placing a pid whenever one can be placed."""
    game = TripitzGame(players=int(rng.integers(2, 5)), seed=int(rng.integers(2**31)))
    choose = random.Random(int(rng.integers(2**31)))
    for _ in range(int(rng.integers(0, 75))):
        if game.is_over():
            break
        places = list(game.placements())
        if places:
            game.push(choose.choice(places))
        elif game.bag and game.hand():
            game.push(Exchange(tuple(game.hand()[: min(len(game.bag), len(game.hand()))])))
        else:
            game.push(Pass())
    return game


def stage(layout: Layout, model: BoardModel, rng: np.random.Generator) -> Stage:
    """A random position on the assembled board; truth maps each cavity number to a pid
    code or ``empty``."""
    cfg = layout.section(Settings)
    game = _play(rng)
    radius = circumradius(cavity_pitch(layout))
    truth = {model.cell_key(k): "empty" for k in model.cells}
    face = face_points(cfg.token, cfg.token_size, (0.0, 0.0))
    if face is None:
        face = tuple(
            (cfg.token_size / 2 * math.cos(t), cfg.token_size / 2 * math.sin(t))
            for t in np.linspace(0, 2 * math.pi, 48, endpoint=False)
        )
    slabs = []
    for h, pid in sorted(game.cells.items()):
        cx, cy = hex_centre(h, radius)
        r = 1.0 * math.sqrt(rng.uniform())
        a = rng.uniform(0, 2 * math.pi)
        turn = float(rng.uniform(-4, 4))
        turn += 60.0 * int(rng.integers(6)) if cfg.token == "hex" else float(rng.uniform(0, 360))
        move = Affine.translate(cx + r * math.cos(a), cy + r * math.sin(a)) @ Affine.rotate(turn)
        items = [i for i in token_front(pid, (0.0, 0.0), layout, bleed=0.0) if i.role != Role.BLEED]
        slabs.append(
            Slab(
                tuple(move(p) for p in face),
                [i.transformed(move) for i in items],
                token_colour(layout, pid.colour),
            )
        )
        truth[str(game.board.cavity_number(h))] = pid.code
    return Stage(board_picture(layout), model.variant, truth, slabs, material=material(rng))
