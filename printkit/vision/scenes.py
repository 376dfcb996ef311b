"""Random positions on printed boards, drawn as they lie on the table, with their truth.

Each game's scene plays a random legal game prefix with its rules engine, then draws
the pieces a little off the grid (a random shift and turn per piece) with a faint
shadow, as a hand leaves them.  The truth is what a reader should report per cell.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np

from printkit.draw.lattice import tri_point
from printkit.draw.model import Affine, Drawing, Polygon, Role, Style
from printkit.layout.config import Layout
from printkit.vision.model import BoardModel, board_models
from printkit.vision.synth import LEVELS, Photo, degrade, render_board

__all__ = ["SCENES", "synthetic_photo", "wobble", "SHADOW"]

SHADOW = Style(fill="#000000", opacity=0.28)


def wobble(points: list, level, rng: np.random.Generator) -> Affine:
    """A small random turn about the piece's centre and a small shift."""
    cx = sum(p[0] for p in points) / len(points)
    cy = sum(p[1] for p in points) / len(points)
    r = level.jitter * math.sqrt(rng.uniform(0, 1))
    a = rng.uniform(0, 2 * math.pi)
    return (Affine.translate(cx + r * math.cos(a), cy + r * math.sin(a))
            @ Affine.rotate(rng.uniform(-level.twist, level.twist))
            @ Affine.translate(-cx, -cy))


def tripakus_scene(layout: Layout, model: BoardModel, level, rng: np.random.Generator
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
            _lay(picture, Polygon(tuple(ring), colour, Role.FILL, holes),
                 wobble(ring, level, rng))
            for cell in placement.cells:
                truth[model.cell_key(cell)] = player
    return picture, truth


def _lay(picture: Drawing, piece: Polygon, move: Affine) -> None:
    """A piece on the table: its shadow just below and to the right, then the piece."""
    placed = piece.transformed(move)
    shadow = placed.transformed(Affine.translate(0.5, 0.6))
    picture.add(Polygon(shadow.points, SHADOW, Role.FILL, shadow.holes))
    picture.add(placed)


SCENES: dict[str, Callable] = {"tripakus": tripakus_scene}
"""Scenes by game; a game without one here provides ``scene`` in ``printkit.vision.<game>``."""


def _scene(game: str) -> Callable:
    if game in SCENES:
        return SCENES[game]
    from importlib import import_module

    return import_module(f"printkit.vision.{game}").scene


def synthetic_photo(game: str, layout: Layout, seed: int, level: str = "hard",
                    variant: str | None = None) -> Photo:
    """A seeded synthetic photo of a random position of ``game``."""
    rng = np.random.default_rng(seed)
    models = board_models(game, layout)
    model = next((m for m in models if m.variant == variant), None) if variant else \
        models[int(rng.integers(len(models)))]
    if model is None:
        raise ValueError(f"{game} has no board variant {variant!r}")
    lvl = LEVELS[level]
    picture, truth = _scene(game)(layout, model, lvl, rng)
    board = render_board(picture, model.bounds)
    image, board_to_photo = degrade(board, model, lvl, rng)
    return Photo(image, {"variant": model.variant, "cells": truth}, board_to_photo, level, seed)
