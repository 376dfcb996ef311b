"""Random positions on printed boards, drawn as they lie on the table, with their truth.

Each game's scene plays a random legal game prefix with its rules engine, then draws
the pieces a little off the grid (a random shift and turn per piece) with a faint
shadow, as a hand leaves them.  The truth is what a reader should report per cell.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping

import numpy as np

from printkit.draw.lattice import tri_point
from printkit.draw.model import Affine, Drawing, Polygon, Role, Style
from printkit.errors import PhotoError
from printkit.games import find_game
from printkit.geometry.tri import outline
from printkit.layout.config import Layout
from printkit.vision.model import board_models
from printkit.vision.synth import LEVELS, Photo, degrade, render_board

__all__ = ["synthetic_photo", "photograph", "wobble", "lay", "SHADOW"]

SHADOW = Style(fill="#000000", opacity=0.28)


def wobble(points: list, level, rng: np.random.Generator) -> Affine:
    """A small random turn about the piece's centre and a small shift."""
    cx = sum(p[0] for p in points) / len(points)
    cy = sum(p[1] for p in points) / len(points)
    r = level.jitter * math.sqrt(rng.uniform(0, 1))
    a = rng.uniform(0, 2 * math.pi)
    return (
        Affine.translate(cx + r * math.cos(a), cy + r * math.sin(a))
        @ Affine.rotate(rng.uniform(-level.twist, level.twist))
        @ Affine.translate(-cx, -cy)
    )


def lay(picture: Drawing, piece: Polygon, move: Affine) -> None:
    """A piece on the table: its shadow just below and to the right, then the piece."""
    placed = piece.transformed(move)
    shadow = placed.transformed(Affine.translate(0.5, 0.6))
    picture.add(Polygon(shadow.points, SHADOW, Role.FILL, shadow.holes))
    picture.add(placed)


def lay_triangles(
    picture: Drawing,
    model,
    level,
    rng: np.random.Generator,
    placed: Mapping[str, Iterable],
    side: float,
    fill: Callable[[str], str],
) -> dict:
    """Polyiamond pieces (colour → placements, each with its ``cells``) laid on ``picture``
    as hands leave them; returns the truth, cell name → colour or ``empty``."""
    truth = {model.cell_key(c): "empty" for c in model.cells}
    for colour, placements in placed.items():
        style = Style(fill=fill(colour), stroke="#3a3a3a", width=0.25)
        for placement in placements:
            loops = outline(placement.cells)
            ring = [tri_point(v, side) for v in loops[0]]
            holes = tuple(tuple(tri_point(v, side) for v in h) for h in loops[1:])
            lay(picture, Polygon(tuple(ring), style, Role.FILL, holes), wobble(ring, level, rng))
            for cell in placement.cells:
                truth[model.cell_key(cell)] = colour
    return truth


def _scene(game: str) -> Callable:
    """A game's ``scene(layout, model, level, rng) -> (picture, truth)``, from its reader."""
    return find_game(game, PhotoError).reader.scene


def synthetic_photo(
    game: str, layout: Layout, seed: int, level: str = "hard", variant: str | None = None
) -> Photo:
    """A seeded synthetic photo of a random position of ``game``."""
    return photograph(game, layout, _scene(game), seed, level, variant)


def photograph(
    game: str,
    layout: Layout,
    draw: Callable,
    seed: int,
    level: str = "hard",
    variant: str | None = None,
) -> Photo:
    """A seeded synthetic photo of what ``draw(layout, model, level, rng) -> (picture,
    truth)`` lays on the board: a game's ``scene``, or one of its reader's functions drawing
    a given position, bound to it (``functools.partial``).  The board variant is drawn from
    the seed unless ``variant`` names it."""
    rng = np.random.default_rng(seed)
    models = board_models(game, layout)
    model = (
        next((m for m in models if m.variant == variant), None)
        if variant
        else models[int(rng.integers(len(models)))]
    )
    if model is None:
        raise PhotoError(f"{game} has no board variant {variant!r}")
    lvl = LEVELS[level]
    picture, truth = draw(layout, model, lvl, rng)
    board = render_board(picture, model.bounds)
    image, board_to_photo = degrade(board, model, lvl, rng)
    return Photo(image, {"variant": model.variant, "cells": truth}, board_to_photo, level, seed)
