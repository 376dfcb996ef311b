"""What a reader knows about a printed board: where its markers, patches and cells are.

A ``BoardModel`` is built by each game's ``reader`` from the same code that draws the board, so the
printed sheet and the reader cannot disagree.  Everything is in the *board frame*:
millimetres, y down, with the origin where the kit puts it.  A board printed in
identical sections carries the same marker ids several times; its ``symmetries`` are
the board-frame maps that permute those copies, and the reader settles the choice
by a documented convention (``canonical_turn``).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable
from dataclasses import dataclass, field
from functools import cache

import numpy as np

from printkit.draw.fiducials import Marker, Patch
from printkit.draw.model import Affine, Point
from printkit.errors import PhotoError
from printkit.games import find_game
from printkit.layout.config import Layout
from printkit.vision.stored import stored

__all__ = ["BoardModel", "board_models", "matrix", "rectangle", "repeated", "turned_keys"]


@dataclass(frozen=True)
class BoardModel:
    """One printed board variant as the camera sees it.

    ``cells`` maps each cell key to its outline (mm); ``classes`` names what a cell can
    hold, ``"empty"`` first, with the colour each class prints in (``colours``);
    ``white`` lists board-frame points that are bare white paper, for the light model;
    ``inked``, points printed in a colour well below white (Tripod's wood frame), where a
    reflection shows that a cell's own samples may miss.

    ``classify``, when set, reads the cells itself: it is called as
    ``classify(image, model, to_px, quick=..., board=...)`` with the rectified board (float
    RGB in 0..1, light and colour already corrected, ``px_per_mm`` pixels per mm) and a
    function mapping board-frame mm points to its pixels, and returns
    ``{cell: CellReading}``; with ``quick=True`` only which cells are surely empty matters
    (for the light model), and the other cells may carry any label.  ``board`` is the same
    view on the board's own plane, where what is printed lies (the colour strip, the
    cells' print): ``image`` itself unless the cells are read on raised pieces' tops.
    Without it, each cell is read as the class whose printed colour is nearest its median
    colour.

    ``glared``, for a model with its own ``classify``, takes back the doubt a reflection
    casts on cells whose reading no added light can explain: called as
    ``glared(model, views, to_px, readings, doubts, lifted)`` with ``views`` the corrected
    board (as ``classify`` gets it), the rectified photo before correction and the light
    white paper gets over it, and ``lifted`` saying of each cell whether its own samples
    show light above the paper's (the others doubted for glare lie in a reflection's
    reach), it returns ``doubts`` (one per cell, in the model's order) with ``"glare"``
    cleared where so.  A board read by colour alone reads its glare cells again from the
    colour the reflection leaves them (``vision.read``).

    ``consistency``, when set, is called with the whole reading as cell → label and, as
    ``unseen``, the cells whose own colour was not seen (glare, no light, a hand; their
    label may be anything), and
    returns the cells that no set of the game's components explains (a patch that is no
    piece, a piece or tile seen twice), each with a short reason; the reader marks them
    uncertain, so an impossible reading is never reported as a position.

    ``raised``: the cells are covered by flat pieces read from their top faces, which lie
    a piece's thickness above the board and slide off their cells in a slanted view; the
    reader finds that thickness and reads the cells on the faces' plane.  ``whole``, when
    set, judges each plane for it: called as ``whole(image, model)`` with the board seen on
    that plane (as ``classify`` gets it, at ``whole_scale`` times ``px_per_mm``), it
    returns a score, higher the better the pieces lie on their cells there; without it,
    cells wholly in one class colour count.

    ``shared_lines``: neighbouring cells share one printed line along their common side,
    which the reader uses to check and correct where the board lies; False where cells are
    drawn apart (Tripod's hexagons, each with its own outline).  ``outline``: a convex
    polygon (mm) printed filled, darker than the paper round it (Tripod's wood frame),
    whose sides show as steps from the fill to the paper: where the markers alone place
    the board only roughly, they place it (``vision.read``).  ``margin``: polygons (mm) of
    bare paper the kit prints beside the cells (a whole board's sheet, a section's flap),
    where a reflection lying off the cells still shows (``vision.read``); none is looked at
    when empty.

    ``printed``: the game's reader draws the bare board as the kit prints it (board frame,
    ``reader.bare_board(model)``), for cues that need no colour: whatever lies on a cell
    hides its print (``vision.printed``).  On a board read by colour alone (no
    ``classify``), a cell read as bare paper whose print does not show is covered (a
    finger, a sleeve) whatever its colour (``vision.read``).  A flag, not the function:
    a stored model then names no drawing code, and reading loads none unless the print
    must be drawn.

    ``added_patches``: the last so many ``patches`` are a second colour strip, printed
    where boards printed before it have bare paper; the reader uses them only where a
    photo shows them printed (``vision.read``).
    """

    game: str
    variant: str
    markers: tuple[Marker, ...]
    patches: tuple[Patch, ...]
    cells: dict[Hashable, tuple[Point, ...]]
    classes: tuple[str, ...]
    colours: dict[str, str]
    bounds: tuple[float, float, float, float]
    white: tuple[Point, ...] = ()
    inked: tuple[Point, ...] = ()
    symmetries: tuple[Affine, ...] = (Affine(),)
    cell_key: Callable[[Hashable], str] = str
    classify: Callable | None = None
    glared: Callable | None = None
    consistency: Callable[[dict, Collection], dict] | None = None
    px_per_mm: float = 4.0
    raised: bool = False
    whole: Callable[[np.ndarray, BoardModel], float] | None = None
    whole_scale: float = 0.5
    shared_lines: bool = True
    outline: tuple[Point, ...] = ()
    margin: tuple[tuple[Point, ...], ...] = ()
    printed: bool = False
    added_patches: int = 0
    extra: dict = field(default_factory=dict)

    @property
    def marker_ids(self) -> frozenset[int]:
        return frozenset(m.id for m in self.markers)

    @property
    def added_from(self) -> int:
        """The index in ``patches`` where the second strip (``added_patches``) begins."""
        return len(self.patches) - self.added_patches

    def __hash__(self) -> int:
        return hash((self.game, self.variant))


def rectangle(bounds: tuple[float, float, float, float]) -> tuple[Point, ...]:
    """The rectangle ``bounds`` (x0, y0, x1, y1) as a polygon."""
    x0, y0, x1, y1 = bounds
    return ((x0, y0), (x1, y0), (x1, y1), (x0, y1))


def matrix(t: Affine):
    """An ``Affine`` (x' = a x + c y + e, y' = b x + d y + f) as a 3 × 3 numpy matrix."""
    return np.array([[t.a, t.c, t.e], [t.b, t.d, t.f], [0.0, 0.0, 1.0]], dtype=np.float64)


def board_models(game: str, layout: Layout) -> list[BoardModel]:
    """Every printed variant of a game's board for this layout (e.g. whole, or sections),
    built once for all processes (``stored``) and loaded once per process: every photo a
    process reads (``printkit log``'s workers read dozens) meets the same models, so what
    is worked out once per model (its cells' centres, its print) is found again."""
    key = (game, repr(layout))  # a layout is no dict key; its repr names it, as stored's
    if key not in _LOADED:
        info = find_game(game, PhotoError)  # its reader, heavy, is loaded only to build them
        _LOADED[key] = stored(
            "models", (game, layout), lambda: list(info.reader.board_models(layout))
        )
    return list(_LOADED[key])


_LOADED: dict[tuple[str, str], list[BoardModel]] = {}
"""The models ``board_models`` loaded in this process, by game and layout."""


def repeated(items: dict, unseen: Collection = ()) -> set:
    """The keys whose item (a pid, a tile: one of each exists) another key holds too, for
    a ``consistency`` hook.  An item read on an ``unseen`` cell puts only that cell in
    doubt, not the same item seen elsewhere."""
    seen = [item for key, item in items.items() if key not in unseen]
    every = list(items.values())
    return {
        key for key, item in items.items() if (every if key in unseen else seen).count(item) > 1
    }


@cache
def turned_keys(model: BoardModel) -> tuple[dict[Hashable, Hashable], ...]:
    """For each of the model's ``symmetries``, every cell key → the key of the cell it
    turns into (the cell nearest where its centre goes)."""
    keys = list(model.cells)
    centres = np.array([np.mean(model.cells[k], axis=0) for k in keys])
    out = []
    for turn in model.symmetries:
        moved = np.array([turn(tuple(c)) for c in centres])
        nearest = np.argmin(np.linalg.norm(moved[:, None] - centres[None], axis=2), axis=1)
        out.append({k: keys[int(i)] for k, i in zip(keys, nearest, strict=True)})
    return tuple(out)
