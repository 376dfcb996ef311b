"""What the photo reader knows of TriPakus: the board models and random scenes.

The board is read cell by cell with the common colour classifier: each triangle is empty
(white) or holds a piece in a player's colour.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import numpy as np

from printkit.draw.lattice import tri_polygon
from printkit.draw.model import Affine, Drawing, bbox_of
from printkit.games.tripakus.components import (
    KIT,
    Settings,
    board_rotation,
    section_drawing,
    section_frame,
)
from printkit.games.tripakus.kit import full_board, full_board_fiducials, full_board_sheet
from printkit.games.tripakus.notation import Placement, reading_name
from printkit.games.tripakus.record import options_for
from printkit.games.tripakus.rules import TriPakusGame, TriPakusOptions
from printkit.geometry.tri import triangle_board
from printkit.layout.config import Layout
from printkit.layout.sections import triangle_sections
from printkit.polyiamond_games import photolog
from printkit.polyiamond_games.drawing import assembled
from printkit.polyiamond_games.engine import unexplained_cells
from printkit.vision.model import BoardModel, rectangle
from printkit.vision.scenes import lay_triangles

__all__ = ["board_models", "board_picture", "bare_board", "scene", "draw_pieces", "move_log"]


def board_models(layout: Layout) -> list[BoardModel]:
    """The board as a photo reader sees it: the assembled sections, and the full board.

    Board frame: the apex vertex at the origin, mm.  The sections carry the marker
    ``SECTION_MARKERS`` three times, once beyond each board corner (identical prints), so
    a photo of them reads the same under a third of a turn; the full board carries
    ``FULL_MARKERS`` once.
    """
    cfg = layout.section(Settings)
    side, n = cfg.cell, cfg.board_size
    players = list(cfg.players)
    cells = {cell: tri_polygon(cell, side) for cell in sorted(triangle_board(n))}
    colours = {"empty": "#ffffff", **{p: layout.colour(p) for p in players}}
    classes = ("empty", *players)
    plan = triangle_sections(n)
    frame = section_frame(plan, side, layout)
    turns = tuple(board_rotation(n, side, k) for k in range(3))
    x0, y0, x1, y1 = bbox_of(t(p) for t in turns for p in frame.outline)
    reach = 2.0
    sections = BoardModel(
        KIT,
        "sections",
        markers=tuple(m.transformed(t) for t in turns for m in frame.markers),
        patches=tuple(p.transformed(t) for t in turns for p in frame.patches),
        cells=cells,
        classes=classes,
        colours=colours,
        bounds=(x0 - reach, y0 - reach, x1 + reach, y1 + reach),
        margin=tuple(tuple(map(t, frame.outline)) for t in turns),
        symmetries=turns,
        cell_key=reading_name,
        consistency=unexplained_cells,
        raised=True,
        printed=True,
        extra={"layout": layout},
    )
    drawing, _, _, size, at = full_board(layout)
    del drawing
    to_board = Affine.translate(-at.e, -at.f)
    markers, first, second = full_board_fiducials(layout, size)
    x0, y0 = to_board((0.0, 0.0))
    sheet = (x0, y0, x0 + size[0], y0 + size[1])
    full = BoardModel(
        KIT,
        "full",
        markers=tuple(m.transformed(to_board) for m in markers),
        patches=tuple(p.transformed(to_board) for p in first + second),
        added_patches=len(second),
        cells=cells,
        classes=classes,
        colours=colours,
        bounds=sheet,
        margin=(rectangle(sheet),),
        cell_key=reading_name,
        consistency=unexplained_cells,
        raised=True,
        printed=True,
        extra={"layout": layout},
    )
    return [sections, full]


def bare_board(model: BoardModel) -> Drawing:
    """The board a model reads, bare, as printed (``BoardModel.printed``)."""
    return board_picture(model.extra["layout"], model.variant)


def board_picture(layout: Layout, variant: str) -> Drawing:
    """The printed board in the board frame as it lies on the table, before any piece.

    ``sections``: the three copies of the section print, glued (glue strips hidden);
    ``full``: the full-board sheet.
    """
    cfg = layout.section(Settings)
    side, n = cfg.cell, cfg.board_size
    picture = Drawing()
    if variant == "sections":
        turns = [board_rotation(n, side, k) for k in range(3)]
        return assembled(section_drawing(layout, side), turns)
    at = full_board(layout)[4]
    sheet = full_board_sheet(layout)
    picture.place(sheet.front, Affine.translate(-at.e, -at.f))
    return picture


def scene(
    layout: Layout, model: BoardModel, level, rng: np.random.Generator
) -> tuple[Drawing, dict]:
    """A random TriPakus game prefix; truth maps ``"r,c"`` to a player or ``empty``."""
    cfg = layout.section(Settings)
    players = tuple(cfg.players)
    game = TriPakusGame(TriPakusOptions(board_size=cfg.board_size, players=players))
    moves = int(rng.integers(0, 64))
    for _ in range(moves):
        if game.is_over():
            break
        legal = game.legal_moves()
        game.push(legal[int(rng.integers(len(legal)))])
    return draw_pieces(layout, model, level, rng, game.placed)


def draw_pieces(
    layout: Layout,
    model: BoardModel,
    level,
    rng: np.random.Generator,
    placed: Mapping[str, Iterable[Placement]],
) -> tuple[Drawing, dict]:
    """The board with ``placed`` (colour → placements, as ``game.placed`` holds them) laid on
    it as hands leave pieces; truth maps ``"r,c"`` to a player or ``empty``.  Any cells may
    be given (a piece off its place, a move the rules refuse): they are drawn as given."""
    side = layout.section(Settings).cell
    picture = board_picture(layout, model.variant)
    truth = lay_triangles(picture, model, level, rng, placed, side, layout.colour)
    return picture, truth


def move_log(
    layout: Layout, players: Sequence[str] | None = None, rules: str | None = None
) -> photolog.PolyiamondLog:
    """What ``printkit log`` asks: the moves between two photos of this board (each new
    patch of one colour is a piece placed; see :mod:`printkit.polyiamond_games.photolog`)."""
    cfg = layout.section(Settings)
    return photolog.move_log(
        KIT, TriPakusGame, options_for, tuple(cfg.players), cfg.board_size, players, rules
    )
