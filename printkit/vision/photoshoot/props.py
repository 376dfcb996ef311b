"""What lies on the table: the printed board and the pieces set out on it, as solids.

A game's ``staging`` module fills a ``Stage``: the board as printed (a board-frame
drawing), the pieces (flat ``Slab``\\ s of card or wood, or ``Dome``\\ s such as Go stones)
and the truth a reader should report.  Nothing here knows how a photo is taken.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from printkit.draw.model import Affine, Drawing, Point

__all__ = ["Slab", "Dome", "Stage", "Material", "material", "by_hand", "CARD_EDGES"]

CARD_EDGES = ("#ecebe4", "#e2ddd0", "#9b9486", "#f4f3ef")
"""What a cut edge of printed card shows: the paper's white core, or grey board when the
print is mounted on chipboard."""
WOOD_EDGES = ("#c9a77c", "#b88e5d", "#d8bf98")
"""Natural wood edges."""


@dataclass(frozen=True)
class Material:
    """The stuff pieces are cut from: thickness (mm), the colour of their cut edges
    (``None``: the face colour, as painted wood), and how glossy the face is (0..1; not
    rendered yet: glare lies on the board plane over whatever is there)."""

    name: str
    thickness: float
    edge: str | None
    gloss: float


def material(rng: np.random.Generator, wood_share: float = 0.3) -> Material:
    """Printed card (0.4–1.5 mm) or wood (3–5 mm), drawn at random."""
    if rng.uniform() < wood_share:
        edge = None if rng.uniform() < 0.5 else WOOD_EDGES[int(rng.integers(len(WOOD_EDGES)))]
        return Material("wood", float(rng.uniform(3.0, 5.0)), edge, float(rng.uniform(0.1, 0.4)))
    edge = CARD_EDGES[int(rng.integers(len(CARD_EDGES)))]
    return Material("card", float(rng.uniform(0.4, 1.5)), edge, float(rng.uniform(0.2, 0.7)))


def by_hand(
    centre: Point, rng: np.random.Generator, shift: float = 1.2, twist: float = 3.0
) -> Affine:
    """How a hand leaves a piece: turned up to ``twist`` degrees about ``centre`` and moved up
    to ``shift`` mm (uniform over the disc)."""
    r = shift * math.sqrt(rng.uniform())
    a = rng.uniform(0, 2 * math.pi)
    cx, cy = centre
    return (
        Affine.translate(cx + r * math.cos(a), cy + r * math.sin(a))
        @ Affine.rotate(float(rng.uniform(-twist, twist)))
        @ Affine.translate(-cx, -cy)
    )


@dataclass
class Slab:
    """A flat piece: its outline (board mm, as it lies), its holes, what is printed on its
    top face (board-frame drawing items, over its face colour: the card or paint)."""

    outline: tuple[Point, ...]
    top: list
    face: str
    holes: tuple[tuple[Point, ...], ...] = ()


@dataclass
class Dome:
    """A stone with a domed top (a Go stone): centre (mm), radius, height, body colour, and
    its gloss (specular strength, 0..1) and shininess (Phong exponent)."""

    centre: Point
    radius: float
    height: float
    colour: str
    gloss: float = 0.6
    shininess: float = 60.0


@dataclass
class Stage:
    """A position set out on a printed board: what the camera will see and the truth."""

    board: Drawing
    variant: str
    truth: dict[str, str]
    slabs: list[Slab] = field(default_factory=list)
    domes: list[Dome] = field(default_factory=list)
    material: Material = Material("card", 0.8, CARD_EDGES[0], 0.4)
