"""The Triominoes tiles as printed: faces with their three numbers, the uniform backs, and
the tiles laid on the table; the game's layout settings (``Settings``).

Tiles sit on the triangular lattice of ``printkit.geometry.tri``.  Each corner carries its
number, rotated so that the top of the digit points at that corner, as on the real tiles:
a tile can be read from any side.  The numbers run clockwise (``Tile``), the first at the
cell's first corner in clockwise order (the apex of an up cell, the top-left corner of a
down cell).  Digits that read as another one upside down (6 and 9) would be underlined;
the numbers stop at 5, so none is.  The tile code sits small in the middle, upright
towards the corner of the smallest number.

The back is the same on every tile and has three-fold symmetry (no text, no corner
singled out), so neither a tile's numbers nor where its smallest number sits show through
a blind draw.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from printkit.draw.bleed import bleed_polygon
from printkit.draw.lattice import tri_point
from printkit.draw.model import Circle, Drawing, Item, Point, Polygon, Polyline, Role, Style, Text
from printkit.draw.text import fit_size, text_width
from printkit.games.triominoes.notation import clockwise_corners
from printkit.games.triominoes.tiles import Tile
from printkit.geometry.tri import Cell, touching
from printkit.layout import config
from printkit.layout.config import Layout, setting

__all__ = [
    "Settings",
    "tile_front",
    "tile_back",
    "tile_corners",
    "clockwise_corners",
    "upright_angle",
    "layout_drawing",
    "AMBIGUOUS",
    "FACE",
    "BACK",
    "BACK_LINE",
    "BLACK",
    "NUMBER_INKS",
    "NUMBER_SIZE",
    "NUMBER_AT",
]


@dataclass(frozen=True)
class Settings(config.Settings):
    """``[triominoes]``: the size of the printed tiles."""

    SECTION: ClassVar[str] = "triominoes"
    tile: float = setting(40.0, lo=10.0, hi=400.0, doc="side of one tile")
    spacing: float = setting(
        0.0,
        lo=0.0,
        hi=20.0,
        doc="0: tiles share cut lines in alternating rows; > 0: separated tiles",
    )


FACE = "#fbf6e9"
"""Tile face colour (fill ink)."""
BACK = "#2d5468"
"""Colour of every tile's back (fill ink)."""
BACK_LINE = "#9cc0d0"
NUMBER_INKS = ("#1a1a1a", "#b3261e", "#1f4fa3", "#1e7a3c", "#6a2c91", "#8a5a00")
"""Ink of the numbers 0 to 5 (fill ink): each number its own colour, all dark on the face."""
CODE_INK = "#8a8a8a"
BLACK = "#000000"
AMBIGUOUS = frozenset({6, 9})
"""Numbers that read as each other turned over; underlined if a set ever has them."""
NUMBER_SIZE = 0.2
"""Font size of a corner number, as a fraction of the tile side."""
NUMBER_AT = 0.43
"""Where a number's centre sits on the way from its corner to the tile's centre."""
CODE_SIZE = 0.065


# --- one tile -------------------------------------------------------------------------------


def upright_angle(corner: Point, centre: Point) -> float:
    """The text angle (clockwise degrees) at which a label's top points from ``centre`` to
    ``corner``."""
    ux, uy = corner[0] - centre[0], corner[1] - centre[1]
    # A label turned by a has its top towards (sin a, -cos a), y growing downwards.
    angle = math.degrees(math.atan2(ux, -uy)) % 360.0
    return round(angle, 9) % 360.0


def _pitch(side: float, spacing: float) -> float:
    """Lattice side for tiles of ``side`` whose parallel edges lie ``spacing`` apart."""
    return side + math.sqrt(3) * spacing


def tile_corners(cell: tuple[int, int], side: float, spacing: float) -> tuple[Point, ...]:
    """The tile on ``cell`` in mm, corners in ``clockwise_corners`` order."""
    pitch = _pitch(side, spacing)
    lattice = [tri_point(v, pitch) for v in clockwise_corners(cell)]
    cx, cy = sum(p[0] for p in lattice) / 3, sum(p[1] for p in lattice) / 3
    k = side / pitch
    return tuple((cx + (x - cx) * k, cy + (y - cy) * k) for x, y in lattice)


def _centre(points: Sequence[Point]) -> Point:
    return (sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points))


def _number(value: int, corner: Point, centre: Point, side: float, ink: str) -> list[Item]:
    """A corner number, its top towards the corner; underlined if it is ambiguous."""
    x, y = corner
    at = (x + NUMBER_AT * (centre[0] - x), y + NUMBER_AT * (centre[1] - y))
    size = NUMBER_SIZE * side
    angle = upright_angle(corner, centre)
    items: list[Item] = [Text(at, str(value), size, fill=ink, angle=angle, bold=True)]
    if value in AMBIGUOUS:
        t = math.radians(angle)
        ux, uy, nx, ny = math.cos(t), math.sin(t), -math.sin(t), math.cos(t)
        half = text_width(str(value), size, bold=True) / 2
        drop = 0.55 * size  # under the baseline, which lies 0.36 sizes below the mid-line
        mx, my = at[0] + nx * drop, at[1] + ny * drop
        items.append(
            Polyline(
                ((mx - ux * half, my - uy * half), (mx + ux * half, my + uy * half)),
                Style(stroke=ink, width=0.06 * size),
                Role.LABEL,
            )
        )
    return items


def tile_front(
    tile: Tile, cell: tuple[int, int], side: float, spacing: float, layout: Layout
) -> list[Item]:
    """One tile's Side A: face, the three numbers and the code (cuts are drawn by the block)."""
    corners = tile_corners(cell, side, spacing)
    centre = _centre(corners)
    fill_ink = layout.ink == "fill"
    items: list[Item] = []
    if fill_ink:
        face = Polygon(corners, Style(fill=FACE), Role.FILL)
        grown = bleed_polygon(face, layout.bleed)
        items += ([grown] if grown is not None else []) + [face]
    for value, corner in zip(tile, corners, strict=True):
        ink = NUMBER_INKS[value % len(NUMBER_INKS)] if fill_ink else BLACK
        items += _number(value, corner, centre, side, ink)
    code = tile.code
    items.append(
        Text(
            centre,
            code,
            fit_size(code, 0.3 * side, CODE_SIZE * side),
            fill=CODE_INK,
            angle=upright_angle(corners[0], centre),
        )
    )
    return items


def tile_back(cell: tuple[int, int], side: float, spacing: float, layout: Layout) -> list[Item]:
    """The uniform Side B of every tile: a face and an inset triangle with a dot in its middle."""
    corners = tile_corners(cell, side, spacing)
    cx, cy = _centre(corners)
    items: list[Item] = []
    if layout.ink == "fill":
        face = Polygon(corners, Style(fill=BACK), Role.FILL)
        grown = bleed_polygon(face, layout.bleed)
        items += ([grown] if grown is not None else []) + [face]
    line = BACK_LINE if layout.ink == "fill" else "#7a7a7a"
    inset = tuple((cx + 0.6 * (x - cx), cy + 0.6 * (y - cy)) for x, y in corners)
    items.append(Polygon(inset, Style(stroke=line, width=0.4), Role.LINE))
    items.append(Circle((cx, cy), 0.05 * side, Style(fill=line), Role.LINE))
    return items


# --- tiles on the table ---------------------------------------------------------------------


def layout_drawing(
    readings: dict[Cell, tuple[int, int, int]],
    marked: Sequence[Cell],
    mark_colour: str,
    layout: Layout,
) -> Drawing:
    """Tiles laid on the table (for ``printkit show``): each cell's numbers clockwise from
    its reference corner, the ``marked`` cells outlined, on a faint grid around them."""
    side = layout.section(Settings).tile
    d = Drawing()
    around = {n for cell in readings for n in touching(cell)} - set(readings)
    for cell in sorted(around):
        d.add(Polygon(tile_corners(cell, side, 0.0), Style(stroke="#dddddd", width=0.2), Role.LINE))
    for cell, reading in sorted(readings.items()):
        corners = tile_corners(cell, side, 0.0)
        centre = _centre(corners)
        d.add(Polygon(corners, Style(fill=FACE, stroke=BLACK, width=0.35), Role.FILL))
        for value, corner in zip(reading, corners, strict=True):
            d.extend(_number(value, corner, centre, side, NUMBER_INKS[value % 6]))
    for cell in marked:
        d.add(
            Polygon(tile_corners(cell, side, 0.0), Style(stroke=mark_colour, width=0.9), Role.MARK)
        )
    return d
