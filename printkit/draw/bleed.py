"""Bleed: a component's colour carried past its cut line, so a missed cut shows no white.

A bleed polygon is the face grown outward by the bleed width with mitred corners
(shapely's buffer).  It carries ``Role.BLEED``, which every backend paints before
anything else: wherever two components meet, each one's own face covers the other's
bleed, so no bleed prints over a neighbour.

``outer_bleed`` keeps only the bleed that lies outside every face (``print.bleed_edges =
"outer"``): components packed edge to edge get colour past their outer cut lines only,
and no ink is spent under a neighbour along the lines they share.
"""

from __future__ import annotations

from collections.abc import Sequence

from shapely import unary_union
from shapely.geometry import Point as ShapelyPoint
from shapely.geometry import Polygon as ShapelyPolygon
from shapely.geometry.polygon import orient

from printkit.draw.model import Circle, Item, Polygon, Role, Style

__all__ = ["bleed_polygon", "outer_bleed"]

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


def _area(item: Item):
    """An item's filled area as a shapely geometry (None for anything else)."""
    if isinstance(item, Polygon) and item.style.fill is not None and len(item.points) >= 3:
        return ShapelyPolygon(item.points, item.holes)
    if isinstance(item, Circle) and item.style.fill is not None:
        return ShapelyPoint(item.centre).buffer(item.radius, quad_segs=32)
    return None


def outer_bleed(items: Sequence[Item]) -> list[Item]:
    """The items with each bleed cut back to the part outside every component's face."""
    faces = [_area(i) for i in items if i.role == Role.FILL]
    covered = unary_union([f for f in faces if f is not None and f.is_valid])
    out: list[Item] = []
    for item in items:
        area = _area(item) if item.role == Role.BLEED else None
        if area is None or not area.intersects(covered):
            out.append(item)
            continue
        rest = area.difference(covered)
        for part in getattr(rest, "geoms", [rest]):
            if part.geom_type != "Polygon" or part.area < 1e-6:
                continue
            part = orient(part)
            out.append(
                Polygon(
                    tuple(part.exterior.coords)[:-1],
                    Style(fill=item.style.fill),
                    Role.BLEED,
                    holes=tuple(tuple(h.coords)[:-1] for h in part.interiors),
                )
            )
    return out
