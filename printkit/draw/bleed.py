"""Bleed: a component's colour carried past its cut line, so a missed cut shows no white.

A bleed polygon is the face grown outward by the bleed width with mitred corners
(shapely's buffer).  It carries ``Role.BLEED``, which every backend paints before
anything else: wherever two components meet, each one's own face covers the other's
bleed, so no bleed prints over a neighbour.
"""

from __future__ import annotations

from shapely.geometry import Polygon as ShapelyPolygon
from shapely.geometry.polygon import orient

from printkit.draw.model import Polygon, Role, Style

__all__ = ["bleed_polygon"]

MITRE_LIMIT = 4.0
"""Sharper corners than this are bevelled, as the PDF and SVG stroke joins are."""


def bleed_polygon(face: Polygon, bleed: float) -> Polygon | None:
    """The face's fill grown by ``bleed`` mm, holes shrunk by it; None if nothing to add."""
    if bleed <= 0 or face.style.fill is None:
        return None
    shape = ShapelyPolygon(face.points, face.holes)
    grown = orient(shape.buffer(bleed, join_style="mitre", mitre_limit=MITRE_LIMIT))
    if grown.geom_type != "Polygon":  # a face is one piece; its growth stays one piece
        raise ValueError(f"bleed of a {grown.geom_type} face")
    ring = tuple(grown.exterior.coords)[:-1]
    holes = tuple(tuple(h.coords)[:-1] for h in grown.interiors)
    return Polygon(ring, Style(fill=face.style.fill), Role.BLEED, holes=holes)
