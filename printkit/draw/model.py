"""The backend-neutral drawing model, in millimetres, y growing downwards.

Components turn themselves into ``Drawing`` objects made of a few primitives
(``Polygon``, ``Polyline``, ``Circle``, ``Text``), each with a ``Style`` and a
``Role``.  Layout places drawings on ``Page`` objects with an ``Affine``
transform; the PDF, SVG and PNG backends read the same pages.  Nothing here
knows about reportlab or SVG.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Literal

__all__ = [
    "Point",
    "Role",
    "Style",
    "Affine",
    "Polygon",
    "Polyline",
    "Circle",
    "Text",
    "MIDLINE",
    "Item",
    "Drawing",
    "Page",
    "Document",
    "bbox_of",
    "rgb",
]

Point = tuple[float, float]

_HEX = re.compile(r"^#[0-9a-fA-F]{6}$")


def rgb(colour: str) -> tuple[float, float, float]:
    """``#rrggbb`` as three fractions of full intensity."""
    if not _HEX.match(colour):
        raise ValueError(f"colour {colour!r} is not of the form #rrggbb")
    return tuple(int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))  # type: ignore[return-value]


class Role(StrEnum):
    """What a primitive is for; backends may layer or colour by role, cut files select by it."""

    CUT = "cut"  # a line to cut along
    SCORE = "score"  # a line to fold along
    FILL = "fill"  # coloured area, no cutting meaning
    LINE = "line"  # decorative or grid line
    LABEL = "label"  # text or symbol that names something
    MARK = "mark"  # crop, registration and alignment marks
    GLUE = "glue"  # an area to put glue on
    INFO = "info"  # sheet titles, footers, instructions
    BLEED = "bleed"  # colour past a cut line; painted under everything else


@dataclass(frozen=True, slots=True)
class Style:
    """Paint for a primitive: colours are ``#rrggbb`` or None, widths in mm."""

    fill: str | None = None
    stroke: str | None = None
    width: float = 0.25
    dash: tuple[float, ...] = ()
    opacity: float = 1.0


@dataclass(frozen=True, slots=True)
class Affine:
    """``x' = a*x + c*y + e``, ``y' = b*x + d*y + f`` (the SVG/PDF matrix order)."""

    a: float = 1.0
    b: float = 0.0
    c: float = 0.0
    d: float = 1.0
    e: float = 0.0
    f: float = 0.0

    @staticmethod
    def translate(dx: float, dy: float) -> Affine:
        return Affine(e=dx, f=dy)

    @staticmethod
    def rotate(degrees: float) -> Affine:
        """Rotation about the origin, clockwise on the page (y grows downwards)."""
        t = math.radians(degrees)
        cos, sin = _clean(math.cos(t)), _clean(math.sin(t))
        return Affine(cos, sin, -sin, cos)

    @staticmethod
    def scale(sx: float, sy: float | None = None) -> Affine:
        return Affine(a=sx, d=sx if sy is None else sy)

    def __matmul__(self, other: Affine) -> Affine:
        """``(self @ other)(p) == self(other(p))``."""
        return Affine(
            self.a * other.a + self.c * other.b,
            self.b * other.a + self.d * other.b,
            self.a * other.c + self.c * other.d,
            self.b * other.c + self.d * other.d,
            self.a * other.e + self.c * other.f + self.e,
            self.b * other.e + self.d * other.f + self.f,
        )

    def __call__(self, p: Point) -> Point:
        x, y = p
        return (self.a * x + self.c * y + self.e, self.b * x + self.d * y + self.f)

    @property
    def det(self) -> float:
        return self.a * self.d - self.b * self.c

    @property
    def size_factor(self) -> float:
        """How lengths such as stroke widths and font sizes scale."""
        return round(math.sqrt(abs(self.det)), 12)

    def linear(self, v: Point) -> Point:
        """Apply to a direction (no translation)."""
        return (self.a * v[0] + self.c * v[1], self.b * v[0] + self.d * v[1])


def _clean(v: float) -> float:
    """Snap sin/cos of multiples of 30 degrees to their exact value so output stays reproducible."""
    for exact in (0.0, 0.5, 1.0, math.sqrt(3) / 2):
        if abs(abs(v) - exact) < 1e-12:
            return math.copysign(exact, v) if exact else 0.0
    return v


def _scaled(style: Style, k: float) -> Style:
    if k == 1.0:
        return style
    return replace(style, width=style.width * k, dash=tuple(x * k for x in style.dash))


@dataclass(frozen=True, slots=True)
class Polygon:
    """A closed outline; ``holes`` are further closed outlines cut out of it (even-odd)."""

    points: tuple[Point, ...]
    style: Style
    role: Role = Role.FILL
    holes: tuple[tuple[Point, ...], ...] = ()

    def transformed(self, t: Affine) -> Polygon:
        return Polygon(
            tuple(map(t, self.points)),
            _scaled(self.style, t.size_factor),
            self.role,
            tuple(tuple(map(t, h)) for h in self.holes),
        )

    def all_points(self) -> Iterator[Point]:
        yield from self.points
        for h in self.holes:
            yield from h


@dataclass(frozen=True, slots=True)
class Polyline:
    """An open path of straight segments."""

    points: tuple[Point, ...]
    style: Style
    role: Role = Role.LINE

    def transformed(self, t: Affine) -> Polyline:
        return Polyline(tuple(map(t, self.points)), _scaled(self.style, t.size_factor), self.role)

    def all_points(self) -> Iterator[Point]:
        yield from self.points


@dataclass(frozen=True, slots=True)
class Circle:
    centre: Point
    radius: float
    style: Style
    role: Role = Role.FILL

    def transformed(self, t: Affine) -> Circle:
        k = t.size_factor
        return Circle(t(self.centre), self.radius * k, _scaled(self.style, k), self.role)

    def all_points(self) -> Iterator[Point]:
        x, y = self.centre
        r = self.radius
        yield from ((x - r, y - r), (x + r, y + r))


MIDLINE = 0.357
"""Half the cap height of the typeface (Noto Sans: 714 of 1000 units), as a fraction of
the font size."""

Anchor = Literal["start", "middle", "end"]
_SWAP: dict[str, Anchor] = {"start": "end", "middle": "middle", "end": "start"}


@dataclass(frozen=True, slots=True)
class Text:
    """One line of text.

    ``position`` is the ``anchor`` end of the text's mid-line, ``MIDLINE * size`` above the
    baseline (so a label centred on a point stays centred under any transform); ``size``
    is the font size in mm; ``angle`` turns the baseline clockwise on the page.  Under a
    mirroring transform the text moves with the drawing but its glyphs stay readable.
    """

    position: Point
    text: str
    size: float
    fill: str = "#000000"
    anchor: Anchor = "middle"
    angle: float = 0.0
    bold: bool = False
    role: Role = Role.LABEL

    def transformed(self, t: Affine) -> Text:
        k = t.size_factor
        rad = math.radians(self.angle)
        direction = t.linear((math.cos(rad), math.sin(rad)))
        angle = math.degrees(math.atan2(direction[1], direction[0]))
        anchor = self.anchor
        if t.det < 0 and math.cos(math.radians(angle)) < -1e-9:
            # Glyphs are never mirrored; of the two readable frames on the mirrored
            # baseline, keep the one that runs left to right (reverse it, swap the anchor).
            angle += 180.0
            anchor = _SWAP[anchor]
        angle = _round_angle(angle)
        return Text(
            t(self.position),
            self.text,
            self.size * k,
            self.fill,
            anchor,
            angle,
            self.bold,
            self.role,
        )

    def all_points(self) -> Iterator[Point]:
        # Text extent is approximate: the anchor point padded by the font size.
        x, y = self.position
        yield from ((x - self.size, y - self.size), (x + self.size, y + self.size))


def _round_angle(angle: float) -> float:
    angle = round(angle, 9) % 360.0
    return 0.0 if abs(angle - 360.0) < 1e-9 else angle


Item = Polygon | Polyline | Circle | Text


@dataclass
class Drawing:
    """A list of primitives with a nominal size (its own coordinate box is 0..width, 0..height)."""

    width: float = 0.0
    height: float = 0.0
    items: list[Item] = field(default_factory=list)

    def add(self, *items: Item) -> Drawing:
        self.items.extend(items)
        return self

    def extend(self, items: Iterable[Item]) -> Drawing:
        self.items.extend(items)
        return self

    def place(self, other: Drawing, transform: Affine = Affine()) -> Drawing:
        """Add another drawing's primitives, transformed into this drawing's coordinates."""
        self.items.extend(item.transformed(transform) for item in other.items)
        return self

    def transformed(self, transform: Affine) -> Drawing:
        return Drawing(self.width, self.height, [i.transformed(transform) for i in self.items])

    def painted(self) -> list[Item]:
        """Items in paint order: bleed first, so no bleed covers a neighbour's face."""
        return [item for item in self.items if item.role == Role.BLEED] + [
            item for item in self.items if item.role != Role.BLEED
        ]

    def bbox(self) -> tuple[float, float, float, float]:
        """``(x0, y0, x1, y1)`` of all primitives (text approximately)."""
        return bbox_of(p for item in self.items for p in item.all_points())


def bbox_of(points: Iterable[Point]) -> tuple[float, float, float, float]:
    """The bounding box ``(x0, y0, x1, y1)`` of some points."""
    xs, ys = [], []
    for x, y in points:
        xs.append(x)
        ys.append(y)
    if not xs:
        return (0.0, 0.0, 0.0, 0.0)
    return (min(xs), min(ys), max(xs), max(ys))


@dataclass
class Page(Drawing):
    """One printed side of a sheet: a drawing whose size is the paper size.

    ``trim`` and ``bleed`` boxes are ``(x0, y0, x1, y1)`` in page millimetres when set.
    """

    label: str = ""
    trim: tuple[float, float, float, float] | None = None
    bleed: tuple[float, float, float, float] | None = None


@dataclass
class Document:
    """Pages written together into one PDF (and one SVG/PNG per page).

    ``duplex`` is the PDF viewer preference for double-sided printing:
    ``"long"`` (flip on the long edge), ``"short"``, or None for single-sided.
    ``cmyk`` writes colours as CMYK for print shops (RGB by default).
    """

    title: str
    pages: list[Page]
    duplex: Literal["long", "short"] | None = None
    subject: str = ""
    cmyk: bool = False
