"""What the photo reader knows of Trigon: the board models and random scenes.

The board is read cell by cell with the common colour classifier: each triangle is empty
(white) or holds a piece of one colour.  Cells are named as printed (``r12``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import numpy as np

from printkit.draw.lattice import tri_polygon
from printkit.draw.model import Affine, Drawing
from printkit.games.trigon.components import (
    FLAP,
    KIT,
    Settings,
    board_of,
    board_turn,
    plan_of,
    section_drawing,
    section_flap,
)
from printkit.games.trigon.kit import full_board, full_board_fiducials, full_board_sheet
from printkit.games.trigon.notation import Placement
from printkit.games.trigon.record import options_for
from printkit.games.trigon.rules import TrigonGame, TrigonOptions
from printkit.layout.config import Layout
from printkit.polyiamond_games import photolog
from printkit.polyiamond_games.drawing import assembled
from printkit.polyiamond_games.engine import unexplained_cells
from printkit.vision.model import BoardModel, rectangle
from printkit.vision.scenes import lay_triangles

__all__ = ["board_models", "board_picture", "bare_board", "scene", "draw_pieces", "move_log"]


def board_models(layout: Layout) -> list[BoardModel]:
    """The board as a photo reader sees it: the assembled sections, and the whole board.

    Board frame: lattice mm (vertex ``(0,0)`` at the origin).  The sections carry markers
    ``SECTION_MARKERS`` three times each (identical prints), so a photo of them reads the
    same under a third of a turn; the whole board carries ``FULL_MARKERS`` once.
    """
    cfg = layout.section(Settings)
    side = cfg.cell
    board = board_of(layout)
    n = board.size
    colours = list(cfg.players)
    cells = {cell: tri_polygon(cell, side) for cell in sorted(board.cells)}
    inks = {"empty": "#ffffff", **{c: layout.colour(c) for c in colours}}
    classes = ("empty", *colours)
    flap, markers, patches = section_flap(plan_of(layout), side, layout)
    turns = tuple(board_turn(n, side, k) for k in range(3))
    reach = FLAP + 2.0
    xs = [p[0] for poly in cells.values() for p in poly]
    ys = [p[1] for poly in cells.values() for p in poly]
    sections = BoardModel(
        KIT,
        "sections",
        markers=tuple(m.transformed(t) for t in turns for m in markers),
        patches=tuple(p.transformed(t) for t in turns for p in patches),
        cells=cells,
        classes=classes,
        colours=inks,
        bounds=(min(xs) - reach, min(ys) - reach, max(xs) + reach, max(ys) + reach),
        margin=tuple(tuple(map(t, flap)) for t in turns),
        symmetries=turns,
        cell_key=board.pentobi_name,
        consistency=unexplained_cells,
        raised=True,
        printed=True,
        extra={"layout": layout},
    )
    _, _, _, size, at = full_board(layout)
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
        colours=inks,
        bounds=sheet,
        margin=(rectangle(sheet),),
        cell_key=board.pentobi_name,
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
    """The printed board in the board frame as it lies on the table, before any piece:
    the three section copies glued (``sections``) or the whole-board sheet (``full``)."""
    side = layout.section(Settings).cell
    if variant == "sections":
        n = board_of(layout).size
        return assembled(section_drawing(layout, side), [board_turn(n, side, k) for k in range(3)])
    at = full_board(layout)[4]
    picture = Drawing()
    picture.place(full_board_sheet(layout).front, Affine.translate(-at.e, -at.f))
    return picture


def scene(
    layout: Layout, model: BoardModel, level, rng: np.random.Generator
) -> tuple[Drawing, dict]:
    """A random Trigon game prefix; truth maps each cell name to a colour or ``empty``."""
    cfg = layout.section(Settings)
    game = TrigonGame(TrigonOptions(board_size=cfg.board_size, players=tuple(cfg.players)))
    for _ in range(int(rng.integers(0, 64))):
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
    it as hands leave pieces; truth maps each cell name to a colour or ``empty``.  Any cells
    may be given (a piece off its place, a move the rules refuse): they are drawn as given."""
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
        KIT, TrigonGame, options_for, tuple(cfg.players), cfg.board_size, players, rules
    )
