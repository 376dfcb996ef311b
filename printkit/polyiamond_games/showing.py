"""``printkit show`` for the polyiamond games: a position painted on the board as printed."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from printkit.draw.lattice import tri_point, tri_polygon
from printkit.draw.model import Drawing, Polygon, Role, Style
from printkit.geometry.tri import Cell, outline
from printkit.layout.config import Layout
from printkit.records.show import HIGHLIGHT, OFFENDING

__all__ = ["paint_position"]


def _fill(d: Drawing, cells: Iterable[Cell], ink: str, side: float, opacity: float = 1.0):
    for cell in cells:
        style = Style(fill=ink, stroke="#333333", width=0.1, opacity=opacity)
        d.add(Polygon(tri_polygon(cell, side), style, Role.FILL))


def _ring(d: Drawing, cells: Iterable[Cell], colour: str, side: float, width: float) -> None:
    for loop in outline(cells):
        points = tuple(tri_point(v, side) for v in loop)
        d.add(Polygon(points, Style(stroke=colour, width=width), Role.MARK))


def paint_position(
    d: Drawing,
    side: float,
    layout: Layout,
    by_colour: Mapping[str, Iterable[Cell]],
    move: Iterable[Cell] | None = None,
    offending: bool = False,
    unsure: Iterable[Cell] = (),
) -> Drawing:
    """Paint each colour's cells on the board drawing ``d``; outline the cells of ``move``
    (the illegal one, filled in the offending colour, when ``offending``) and ring every
    ``unsure`` cell."""
    for colour, cells in by_colour.items():
        try:
            ink = layout.colour(colour)
        except ValueError:
            ink = "#888888"
        _fill(d, cells, ink, side)
    for cell in sorted(unsure):
        _ring(d, [cell], OFFENDING, side, 0.6)
    if move is not None:
        cells = list(move)
        if offending:
            _fill(d, cells, OFFENDING, side, 0.45)
        _ring(d, cells, OFFENDING if offending else HIGHLIGHT, side, 0.9)
    return d
