"""Millimetre positions of lattice cells: the one place where lattice coordinates become floats."""

from __future__ import annotations

import math
from collections.abc import Iterable

from printkit.draw.model import Point
from printkit.geometry.tri import Vertex, edges, vertices

__all__ = [
    "ROW_HEIGHT",
    "tri_point",
    "tri_polygon",
    "tri_centroid",
    "tri_edges_mm",
    "hex_centre",
    "hex_polygon",
    "hex_unit_point",
]

ROW_HEIGHT = math.sqrt(3) / 2
"""Height of a unit triangle (and the row pitch of the triangular lattice) per unit side."""


def tri_point(v: tuple[int, int], side: float) -> Point:
    """The position of lattice vertex ``(row, col)`` for triangles of ``side`` mm."""
    row, col = v
    return (col * side / 2, row * side * ROW_HEIGHT)


def tri_polygon(cell: tuple[int, int], side: float) -> tuple[Point, Point, Point]:
    """The three corners of a cell in mm."""
    a, b, c = vertices(cell)
    return (tri_point(a, side), tri_point(b, side), tri_point(c, side))


def tri_centroid(cell: tuple[int, int], side: float) -> Point:
    """The centre of a cell (where its label goes)."""
    pts = tri_polygon(cell, side)
    return (sum(p[0] for p in pts) / 3, sum(p[1] for p in pts) / 3)


def tri_edges_mm(cells: Iterable[tuple[int, int]], side: float) -> list[tuple[Point, Point]]:
    """Every distinct unit edge of some cells, once, in mm."""
    seen: set[tuple[Vertex, Vertex]] = set()
    out = []
    for cell in cells:
        for e in edges(cell):
            if e not in seen:
                seen.add(e)
                out.append((tri_point(e[0], side), tri_point(e[1], side)))
    return out


def hex_centre(h: tuple[int, int], size: float) -> Point:
    """Centre of axial hexagon ``(q, r)``, pointy-top, ``size`` = centre-to-corner radius."""
    q, r = h
    return (size * math.sqrt(3) * (q + r / 2), size * 1.5 * r)


def hex_polygon(h: tuple[int, int], size: float) -> tuple[Point, ...]:
    """The six corners of a pointy-top hexagon, clockwise from the top."""
    cx, cy = hex_centre(h, size)
    w = size * ROW_HEIGHT
    return (
        (cx, cy - size),
        (cx + w, cy - size / 2),
        (cx + w, cy + size / 2),
        (cx, cy + size),
        (cx - w, cy + size / 2),
        (cx - w, cy - size / 2),
    )


def hex_unit_point(v: tuple[int, int], flats: float) -> Point:
    """A point in hex units (``hexgrid.Unit``) in mm, for hexagons ``flats`` across; the
    same place ``hex_centre`` puts a centre with radius ``flats / sqrt(3)``."""
    return (v[0] * flats / 2, v[1] * flats / (2 * math.sqrt(3)))
