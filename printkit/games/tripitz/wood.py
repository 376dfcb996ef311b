"""A wooden Tripitz, as the original is made: laser-cutter jobs for the board and tokens.

Three jobs, each a sheet whose cut file (``-cut.svg``/``-cut.dxf``) drives the laser:

- ``wood-board-top``: the board outline and the 102 cavities cut through; glued on
- ``wood-board-base``: the same outline cut, with each cavity's ring, number, the ×2 of
  the outer ring and the centre marks engraved where the holes will show them;
- ``wood-tokens``: round tokens cut out, each pid with its symbol and code engraved (paint
  the token colours, or use four stains).

Tokens are discs (a hexagon would need a hole wider than the cavity pitch); cavities are
``WALL`` narrower than the pitch, so a wall of wood stays between neighbours.
"""

from __future__ import annotations

from shapely.geometry import Polygon as ShapelyPolygon

from printkit.draw.lattice import hex_centre, hex_unit_point
from printkit.draw.model import Affine, Circle, Drawing, Polygon, Role, Style, Text
from printkit.draw.text import fit_size
from printkit.games.tripitz.components import (
    TITLE,
    Settings,
    board_for,
    cavity_pitch,
    chain,
    circumradius,
)
from printkit.games.tripitz.pids import JOKERS, PIDS
from printkit.games.tripitz.symbols import symbol_items
from printkit.geometry.hexgrid import unique_edges
from printkit.i18n import _
from printkit.layout.config import Layout
from printkit.layout.sheet import CUT, FOOTER, HEADER, Sheet, new_page

__all__ = ["wood_sheets", "WALL", "RIM"]

WOOD_KIT = "tripitz-wood"
"""The kit these sheets belong to (files go to ``output/tripitz-wood/``)."""
WALL = 1.0
"""Wood left between two neighbouring cavities, mm."""
RIM = 8.0
"""Border of wood around the outermost cavities, mm."""
ENGRAVE = Style(stroke="#000000", width=0.2)
ENGRAVE_FILL = Style(fill="#000000")
TOKEN_GAP = 2.0


def _job(drawing: Drawing, stem: str, title: str, layout: Layout, steps: list[str]) -> Sheet:
    """A laser job on a page exactly as large as the work plus margins and furniture;
    ``title`` is the sheet's whole title, in the current language."""
    x0, y0, x1, y1 = drawing.bbox()
    margin = layout.margin
    width = max(x1 - x0 + 2 * margin, 130.0)  # room for the 100 mm scale bar
    size = (width, y1 - y0 + 2 * margin + HEADER + FOOTER)
    page = new_page(size, margin, title)
    page.place(
        drawing,
        Affine.translate(margin - x0 + (width - 2 * margin - (x1 - x0)) / 2, margin + HEADER - y0),
    )
    return Sheet(WOOD_KIT, stem, title, page, stock=_("3 mm plywood or MDF"), steps=steps)


def _outline(layout: Layout) -> Polygon:
    """The board's outline: the cavity hexagons' union grown by the rim."""
    board, pitch = board_for(layout), cavity_pitch(layout)
    _, boundary = unique_edges(board)
    (loop,) = chain(boundary)
    grown = ShapelyPolygon([hex_unit_point(v, pitch) for v in loop[:-1]]).buffer(
        RIM, join_style="round", quad_segs=4
    )
    return Polygon(tuple(grown.exterior.coords)[:-1], CUT, Role.CUT)


def _cavities(layout: Layout) -> list[tuple[int, tuple[float, float], bool, bool]]:
    """(number, centre mm, on the outer ring, a centre cavity) for every cavity."""
    board, pitch = board_for(layout), cavity_pitch(layout)
    radius = circumradius(pitch)
    return [
        (board.cavity_number(h), hex_centre(h, radius), h in board.outer, h in board.centre)
        for h in sorted(board, key=board.cavity_number)
    ]


def _hole_radius(layout: Layout) -> float:
    return (cavity_pitch(layout) - WALL) / 2


def board_top(layout: Layout) -> Sheet:
    d = Drawing()
    d.add(_outline(layout))
    hole = _hole_radius(layout)
    for _number, centre, _outer, _centre in _cavities(layout):
        d.add(Circle(centre, hole, CUT, Role.CUT))
    return _job(
        d,
        "wood-board-top",
        # TRANSLATORS: a sheet title; {game} is the game's name.
        _("{game} · wooden board, top layer (laser: cut)").format(game=_(TITLE)),
        layout,
        [
            _("Cut the top layer from 3 mm plywood: the outline and the 102 holes."),
            _("Glue it on the base layer, outlines matching."),
        ],
    )


def board_base(layout: Layout) -> Sheet:
    d = Drawing()
    d.add(_outline(layout))
    hole, pitch = _hole_radius(layout), cavity_pitch(layout)
    for number, (cx, cy), outer, centre in _cavities(layout):
        d.add(Circle((cx, cy), hole, ENGRAVE, Role.LABEL))
        d.add(
            Text(
                (cx, cy - 0.22 * pitch), str(number), 0.16 * pitch, fill="#000000", role=Role.LABEL
            )
        )
        if outer:
            d.add(
                Text(
                    (cx, cy + 0.24 * pitch),
                    "\u00d72",
                    0.14 * pitch,
                    fill="#000000",
                    bold=True,
                    role=Role.LABEL,
                )
            )
        if centre:
            d.add(Circle((cx, cy), 0.06 * pitch, ENGRAVE_FILL, Role.LABEL))
    return _job(
        d,
        "wood-board-base",
        # TRANSLATORS: a sheet title; {game} is the game's name.
        _("{game} · wooden board, base layer (laser: cut and engrave)").format(game=_(TITLE)),
        layout,
        [
            _(
                "Cut the base layer's outline and engrave the cavity numbers, rings "
                "and marks; they show through the top layer's holes."
            )
        ],
    )


def tokens(layout: Layout) -> Sheet:
    size = layout.section(Settings).token_size
    step = size + TOKEN_GAP
    cols = 9
    d = Drawing()
    for k, pid in enumerate([*PIDS, *JOKERS]):
        cx, cy = (k % cols) * step, (k // cols) * step
        d.add(Circle((cx, cy), size / 2, CUT, Role.CUT))
        if pid.symbol is not None:
            # Without a fill colour a symbol is drawn as its outline: an engraved line.
            d.extend(symbol_items(pid.symbol, (cx, cy - 0.06 * size), 0.27 * size, None, None))
        if not pid.is_joker:  # jokers are plain tokens, told apart only by their colour
            text = fit_size(pid.code, 0.4 * size, 0.12 * size)
            d.add(Text((cx, cy + 0.34 * size), pid.code, text, fill="#000000", role=Role.LABEL))
    return _job(
        d,
        "wood-tokens",
        # TRANSLATORS: a sheet title; {game} is the game's name.
        _("{game} · wooden tokens (laser: cut and engrave)").format(game=_(TITLE)),
        layout,
        [
            # TRANSLATORS: R, Y, B, G are the first letters of the token codes (red, yellow,
            # blue, green), printed in English on the tokens: keep them.
            _(
                "Cut the 68 tokens and engrave the symbols and codes of the 64 pids; paint or "
                "stain each pid in the colour its code starts with (R, Y, B, G), and the 4 "
                "plain tokens, the jokers, one in each colour."
            )
        ],
    )


def wood_sheets(layout: Layout) -> list[Sheet]:
    """The three laser jobs of a wooden Tripitz."""
    return [board_top(layout), board_base(layout), tokens(layout)]
