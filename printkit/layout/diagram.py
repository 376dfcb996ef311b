"""What every rule-card diagram shares: the words it draws (``Labels``), labels, check marks
and a drawing fitted to its contents.

Each game's diagrams live in its ``card`` module; every word they draw comes from the
card's ``[labels]`` table, never from code.
"""

from __future__ import annotations

from collections.abc import Mapping

from printkit.draw.colour import WHITE, mix
from printkit.draw.model import Affine, Drawing, Item, Polyline, Role, Style, Text
from printkit.draw.text import text_width
from printkit.errors import LayoutError

__all__ = [
    "Labels",
    "label",
    "fit",
    "tint",
    "tick",
    "verdict",
    "INK",
    "GRID",
    "LABEL_SIZE",
    "GOOD",
    "BAD",
]

INK = "#1a1a1a"
GRID = Style(stroke="#b4b4b4", width=0.15)
LABEL_SIZE = 2.9
GOOD = "#1f7a3a"
BAD = "#b3261e"


class Labels:
    """The words a diagram draws, from the card's ``[labels]`` table."""

    def __init__(self, values: Mapping[str, str], source: str) -> None:
        self.values = dict(values)
        self.source = source
        self.used: set[str] = set()

    def __getitem__(self, key: str) -> str:
        self.used.add(key)
        try:
            return self.values[key]
        except KeyError:
            raise LayoutError(
                f"the [labels] table has no {key!r}, which a diagram needs", source=self.source
            ) from None

    def format(self, key: str, **values: object) -> str:
        try:
            return self[key].format(**values)
        except (KeyError, IndexError, ValueError) as e:
            raise LayoutError(
                f"label {key!r} cannot be filled in: {e}", source=self.source
            ) from None


def label(
    pos: tuple[float, float],
    text: str,
    size: float = LABEL_SIZE,
    colour: str = INK,
    bold: bool = False,
    anchor: str = "middle",
) -> Text:
    return Text(
        pos,
        text,
        size,
        fill=colour,
        anchor=anchor,
        bold=bold,  # type: ignore[arg-type]
        role=Role.LABEL,
    )


def fit(d: Drawing) -> Drawing:
    """Shift a drawing so its items start at (0, 0) and set its size from its contents.

    Text extents are measured, not guessed, so labels count towards the size.
    """
    xs: list[float] = []
    ys: list[float] = []
    for item in d.items:
        if isinstance(item, Text):
            w = text_width(item.text, item.size, item.bold)
            x0 = item.position[0] - {"start": 0.0, "middle": w / 2, "end": w}[item.anchor]
            xs += [x0, x0 + w]
            ys += [item.position[1] - 0.75 * item.size, item.position[1] + 0.55 * item.size]
        else:
            pad = item.style.width / 2 if item.style.stroke else 0.0
            for x, y in item.all_points():
                xs += [x - pad, x + pad]
                ys += [y - pad, y + pad]
    x0, y0 = min(xs), min(ys)
    moved = d.transformed(Affine.translate(-x0, -y0))
    moved.width, moved.height = max(xs) - x0, max(ys) - y0
    return moved


def tint(colour: str, amount: float) -> str:
    """``colour`` mixed with white (``amount`` 0 = colour, 1 = white)."""
    return mix(colour, WHITE, amount)


def tick(x: float, y: float, ok: bool, s: float = 2.2) -> list[Item]:
    """A drawn check mark or cross (no font needed), centred on (x, y)."""
    if ok:
        pts = ((x - s / 2, y), (x - s / 6, y + s / 2.4), (x + s / 2, y - s / 2.2))
        return [Polyline(pts, Style(stroke=GOOD, width=0.55), Role.LABEL)]
    style = Style(stroke=BAD, width=0.55)
    h = s / 2.4
    return [
        Polyline(((x - h, y - h), (x + h, y + h)), style, Role.LABEL),
        Polyline(((x - h, y + h), (x + h, y - h)), style, Role.LABEL),
    ]


def verdict(d: Drawing, centre_x: float, y: float, text: str, ok: bool) -> None:
    """A check mark or cross followed by a word, centred on ``centre_x``."""
    w = text_width(text, LABEL_SIZE, True) + 3.4
    x = centre_x - w / 2
    d.extend(tick(x + 1.1, y, ok))
    d.add(label((x + 3.4, y), text, colour=GOOD if ok else BAD, bold=True, anchor="start"))
