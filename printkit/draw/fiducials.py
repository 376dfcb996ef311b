"""What printed boards carry for the camera: ArUco markers and a colour reference strip.

Markers come from OpenCV's ``DICT_4X4_50`` dictionary (4 × 4 data bits inside a black
border, so 6 × 6 modules).  A marker is drawn as black squares on white with a white
quiet zone one module wide; ``Marker.corners`` lists its outer corners in the order
OpenCV reports them (top-left, top-right, bottom-right, bottom-left as printed).

The colour strip is a row of square patches (white, black, then the game's colours),
each framed by a thin grey line, so a reader can correct colour and light from them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

from printkit.draw.model import Affine, Polygon, Role, Style

__all__ = ["DICTIONARY", "Marker", "Patch", "marker_bits", "marker_items", "strip_items", "MODULES"]

DICTIONARY = "DICT_4X4_50"
"""The OpenCV ArUco dictionary every printkit board uses."""
MODULES = 6
"""Modules along a marker's side: 4 data bits and a one-module black border each side."""

BLACK = Style(fill="#000000")
WHITE = Style(fill="#ffffff")
FRAME = Style(stroke="#9a9a9a", width=0.15)


@cache
def marker_bits(marker_id: int) -> tuple[tuple[bool, ...], ...]:
    """The marker's modules, row by row from the top: True where it is black."""
    import cv2  # OpenCV is heavy: loaded only to draw a marker

    dictionary = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, DICTIONARY))
    image = dictionary.generateImageMarker(marker_id, MODULES)
    return tuple(tuple(bool(v < 128) for v in row) for row in image)


@dataclass(frozen=True)
class Marker:
    """One printed marker: its id, centre (mm, board frame), side (mm) and turn (degrees)."""

    id: int
    centre: tuple[float, float]
    side: float
    angle: float = 0.0

    @property
    def corners(self) -> tuple[tuple[float, float], ...]:
        """Outer corners of the black square, in OpenCV's order."""
        h = self.side / 2
        turn = Affine.translate(*self.centre) @ Affine.rotate(self.angle)
        return tuple(turn(p) for p in ((-h, -h), (h, -h), (h, h), (-h, h)))

    def transformed(self, t: Affine) -> Marker:
        """The same marker moved by a rotation and translation (no mirroring)."""
        turn = math.radians(self.angle)
        (x0, y0) = t(self.centre)
        (x1, y1) = t((self.centre[0] + math.cos(turn), self.centre[1] + math.sin(turn)))
        angle = math.degrees(math.atan2(y1 - y0, x1 - x0))
        return Marker(self.id, (x0, y0), self.side, angle)


@dataclass(frozen=True)
class Patch:
    """A colour patch: its name (``white``, ``black`` or a colour name), colour and corners."""

    name: str
    colour: str
    ring: tuple[tuple[float, float], ...]

    @staticmethod
    def square(name: str, colour: str, centre: tuple[float, float], side: float) -> Patch:
        x, y = centre
        h = side / 2
        return Patch(name, colour, ((x - h, y - h), (x + h, y - h), (x + h, y + h), (x - h, y + h)))

    @property
    def centre(self) -> tuple[float, float]:
        return (
            sum(p[0] for p in self.ring) / len(self.ring),
            sum(p[1] for p in self.ring) / len(self.ring),
        )

    def transformed(self, t: Affine) -> Patch:
        return Patch(self.name, self.colour, tuple(t(p) for p in self.ring))


def marker_items(marker: Marker) -> list:
    """The marker as drawing items: white quiet zone and black modules (no caption: the
    photo reader needs none, and players need not see it)."""
    module = marker.side / MODULES
    turn = Affine.translate(*marker.centre) @ Affine.rotate(marker.angle)
    h = marker.side / 2
    quiet = h + module

    def square(x0: float, y0: float, x1: float, y1: float) -> tuple:
        return tuple(turn(p) for p in ((x0, y0), (x1, y0), (x1, y1), (x0, y1)))

    items: list = [Polygon(square(-quiet, -quiet, quiet, quiet), WHITE, Role.MARK)]
    for row, bits in enumerate(marker_bits(marker.id)):
        col = 0
        while col < MODULES:  # one rectangle per run of black modules in a row
            if not bits[col]:
                col += 1
                continue
            start = col
            while col < MODULES and bits[col]:
                col += 1
            items.append(
                Polygon(
                    square(
                        -h + start * module,
                        -h + row * module,
                        -h + col * module,
                        -h + (row + 1) * module,
                    ),
                    BLACK,
                    Role.MARK,
                )
            )
    return items


def strip_items(patches: list[Patch]) -> list:
    """The colour reference patches, each framed in grey."""
    items: list = []
    for patch in patches:
        items.append(Polygon(patch.ring, Style(fill=patch.colour), Role.MARK))
        items.append(Polygon(patch.ring, FRAME, Role.MARK))
    return items
