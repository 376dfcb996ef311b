"""Polyiamond pieces set out on a board as card or wood, for the second photo family."""

from __future__ import annotations

import zlib
from collections.abc import Callable, Hashable, Iterable

import numpy as np

from printkit.draw.lattice import tri_point
from printkit.draw.model import Affine
from printkit.geometry.tri import outline
from printkit.layout.config import Layout
from printkit.polyiamond_games.drawing import mm_bbox, piece_drawing
from printkit.polyiamond_games.moves import Placement
from printkit.vision.photoshoot.props import Slab, Stage, by_hand, material

__all__ = ["random_prefix", "piece_slabs", "stage_game", "stage_played"]


def random_prefix(game, rng: np.random.Generator, most: int) -> None:
    """Play up to ``most`` random legal moves (fewer if the game ends)."""
    for _ in range(int(rng.integers(0, most + 1))):
        if game.is_over():
            break
        legal = game.legal_moves()
        game.push(legal[int(rng.integers(len(legal)))])


def piece_slabs(
    placed: dict[str, Iterable[Placement]],
    layout: Layout,
    side: float,
    cell_key: Callable[[Hashable], str],
    truth: dict[str, str],
    rng: np.random.Generator,
) -> list[Slab]:
    """Each placed piece as the kit prints it (its colour, inner lines and name), laid a
    little off its cells by hand; marks its cells in ``truth`` with the colour's name."""
    slabs = []
    for colour, placements in placed.items():
        face = layout.colour(colour)
        fill = face if layout.ink == "fill" else None
        for placement in placements:
            name = placement.piece if layout.printing.labels else ""
            drawing = piece_drawing(placement.cells, name, side, fill, cut=False, edge=False)
            x0, y0 = mm_bbox(placement.cells, side)[:2]
            loops = [[tri_point(v, side) for v in loop] for loop in outline(placement.cells)]
            move = by_hand(tuple(np.mean(loops[0], axis=0)), rng)
            at = move @ Affine.translate(x0, y0)
            slabs.append(
                Slab(
                    tuple(move(p) for p in loops[0]),
                    [item.transformed(at) for item in drawing.items],
                    face,
                    tuple(tuple(move(p) for p in hole) for hole in loops[1:]),
                )
            )
            for cell in placement.cells:
                truth[cell_key(cell)] = colour
    return slabs


def stage_game(
    game, layout: Layout, model, picture, cell: float, rng: np.random.Generator
) -> Stage:
    """A random prefix of ``game`` (a fresh polyiamond engine) set out on the printed board
    ``picture``; truth maps each cell name to a colour or ``empty``."""
    random_prefix(game, rng, 66)
    truth = {model.cell_key(c): "empty" for c in model.cells}
    slabs = piece_slabs(game.placed, layout, cell, model.cell_key, truth, rng)
    return Stage(picture, model.variant, truth, slabs, material=material(rng))


def stage_played(game, layout: Layout, model, picture, cell: float) -> Stage:
    """The pieces ``game`` has placed set out on the printed board ``picture``, each where
    the same hand leaves it in every photo of the game (its offset seeded by its colour and
    piece): a game photographed turn by turn, its pieces staying put.  The pieces are
    printed card (the stage's own material), as thin as the kit prints them."""
    truth = {model.cell_key(c): "empty" for c in model.cells}
    slabs = []
    for colour, placements in game.placed.items():
        for placement in placements:
            hand = np.random.default_rng(zlib.crc32(f"{colour} {placement.piece}".encode()))
            slabs += piece_slabs({colour: [placement]}, layout, cell, model.cell_key, truth, hand)
    return Stage(picture, model.variant, truth, slabs)
