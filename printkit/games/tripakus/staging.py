"""TriPakus set out for the second photo family (``printkit.vision.photoshoot``)."""

from __future__ import annotations

import numpy as np

from printkit.games.tripakus.components import Settings
from printkit.games.tripakus.reader import board_picture
from printkit.games.tripakus.rules import TriPakusGame, TriPakusOptions
from printkit.layout.config import Layout
from printkit.polyiamond_games.staging import stage_game, stage_played
from printkit.vision.model import BoardModel
from printkit.vision.photoshoot.props import Stage

__all__ = ["stage", "stage_of"]


def stage(layout: Layout, model: BoardModel, rng: np.random.Generator) -> Stage:
    """A random game prefix on the printed board; truth maps ``"r,c"`` to a player or
    ``empty``."""
    cfg = layout.section(Settings)
    game = TriPakusGame(TriPakusOptions(board_size=cfg.board_size, players=tuple(cfg.players)))
    return stage_game(game, layout, model, board_picture(layout, model.variant), cfg.cell, rng)


def stage_of(layout: Layout, model: BoardModel, game: TriPakusGame) -> Stage:
    """The pieces ``game`` has placed on the printed board, each left where it was put in
    every photo of the game (``printkit log`` photographed turn by turn)."""
    cell = layout.section(Settings).cell
    return stage_played(game, layout, model, board_picture(layout, model.variant), cell)
