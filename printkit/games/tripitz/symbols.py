"""The four Tripitz symbols as vector shapes: triangle, circle, crescent moon, star.

Both the kit (a token's face) and the photo reader (each symbol's outline, matched against
a token's edges) draw them from here, so what is read is what was printed.  Pure geometry
over ``math``: a photo read needs no polygon library to draw a symbol.
"""

from __future__ import annotations

import math

from printkit.draw.colour import BLACK
from printkit.draw.model import Circle, Item, Point, Polygon, Role, Style
from printkit.games.tripitz.pids import Symbol

__all__ = ["crescent", "symbol_outline", "symbol_items", "ARC_SEGMENTS"]

ARC_SEGMENTS = 96
"""Sides of the polygon a whole circle of a symbol's outline is drawn with."""


def _arc(centre: Point, radius: float, start: float, end: float) -> list[Point]:
    """Points from angle ``start`` to ``end`` (radians, either way round) on a circle, both
    ends included, no step longer than a side of an ``ARC_SEGMENTS``-gon."""
    steps = max(1, math.ceil(abs(end - start) / (2 * math.pi / ARC_SEGMENTS)))
    cx, cy = centre
    return [
        (
            cx + radius * math.cos(start + (end - start) * k / steps),
            cy + radius * math.sin(start + (end - start) * k / steps),
        )
        for k in range(steps + 1)
    ]


def crescent(
    centre: Point, radius: float, bite_centre: Point, bite_radius: float
) -> tuple[Point, ...]:
    """The outline of a disc less a bite (another disc, which must cross its edge): the
    disc's arc outside the bite, then the bite's arc inside the disc."""
    (ax, ay), (bx, by) = centre, bite_centre
    apart = math.hypot(bx - ax, by - ay)
    towards = math.atan2(by - ay, bx - ax)  # from the disc's centre to the bite's
    # The two circles cross at these angles either side of the line between the centres.
    at_disc = math.acos((apart**2 + radius**2 - bite_radius**2) / (2 * apart * radius))
    at_bite = math.acos((apart**2 + bite_radius**2 - radius**2) / (2 * apart * bite_radius))
    outer = _arc(centre, radius, towards + at_disc, towards + 2 * math.pi - at_disc)
    inner = _arc(bite_centre, bite_radius, towards + math.pi + at_bite, towards + math.pi - at_bite)
    return tuple(outer + inner[1:-1])


def symbol_outline(symbol: Symbol, rho: float) -> tuple[Point, ...] | None:
    """The symbol's polygon about the origin (None for the circle), fitting a radius
    ``rho``, its bounding box centred."""
    if symbol is Symbol.TRIANGLE:
        lift = rho / 4  # centre the bounding box, not the centroid
        return tuple(
            (rho * math.cos(math.radians(a)), rho * math.sin(math.radians(a)) + lift)
            for a in (-90, 30, 150)
        )
    if symbol is Symbol.STAR:
        lift = rho * (1 - math.cos(math.radians(36))) / 2
        pts = []
        for k in range(10):
            radius = rho if k % 2 == 0 else 0.42 * rho
            a = math.radians(-90 + 36 * k)
            pts.append((radius * math.cos(a), radius * math.sin(a) + lift))
        return tuple(pts)
    if symbol is Symbol.MOON:
        pts = crescent((0.0, 0.0), 0.92 * rho, (0.45 * rho, -0.25 * rho), 0.78 * rho)
        xs, ys = [x for x, _ in pts], [y for _, y in pts]
        dx, dy = -(min(xs) + max(xs)) / 2, -(min(ys) + max(ys)) / 2
        return tuple((x + dx, y + dy) for x, y in pts)
    return None


def symbol_items(
    symbol: Symbol, centre: Point, rho: float, fill: str | None, outline: str | None
) -> list[Item]:
    """A symbol as vector shapes: filled (fill ink) or outlined (outline ink)."""
    if fill is None:
        style = Style(stroke=BLACK, width=0.3)
    elif outline is None:
        style = Style(fill=fill)
    else:
        style = Style(fill=fill, stroke=outline, width=0.35)
    cx, cy = centre
    shape = symbol_outline(symbol, rho)
    if shape is None:
        return [Circle(centre, 0.8 * rho, style, Role.LABEL)]
    return [Polygon(tuple((cx + x, cy + y) for x, y in shape), style, Role.LABEL)]
