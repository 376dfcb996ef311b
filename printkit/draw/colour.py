"""Colour arithmetic for what is printed: luminance, contrast, CIELAB and the text ink.

Every colour is an sRGB ``#rrggbb`` string; the formulas are WCAG 2's (luminance,
contrast ratio) and CIE 1976's (L*a*b* under D65, ΔE*ab).
"""

from __future__ import annotations

import math

from printkit.draw.model import rgb

__all__ = [
    "BLACK",
    "WHITE",
    "relative_luminance",
    "contrast_ratio",
    "lab",
    "delta_e",
    "mix",
    "ink_on",
]

BLACK, WHITE = "#000000", "#ffffff"


def _linear(v: float) -> float:
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def relative_luminance(colour: str) -> float:
    """WCAG relative luminance (0 black .. 1 white)."""
    r, g, b = (_linear(v) for v in rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(a: str, b: str) -> float:
    """WCAG contrast ratio of two colours, 1 (equal luminance) to 21 (black on white)."""
    la, lb = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def lab(colour: str) -> tuple[float, float, float]:
    """CIELAB (D65) of a colour."""
    r, g, b = (_linear(v) for v in rgb(colour))
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = f(x), f(y), f(z)
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def delta_e(a: str, b: str) -> float:
    """CIE 1976 colour difference ΔE*ab (about 2.3 is just noticeable)."""
    return math.dist(lab(a), lab(b))


def mix(a: str, b: str, share: float) -> str:
    """``a`` moved ``share`` of the way towards ``b`` (``#rrggbb`` colours, sRGB values)."""
    channels = zip(_bytes(a), _bytes(b), strict=True)
    return "#" + "".join(f"{round(x + (y - x) * share):02x}" for x, y in channels)


def _bytes(colour: str) -> tuple[int, ...]:
    return tuple(round(v * 255) for v in rgb(colour))


def ink_on(fill: str) -> str:
    """Black or white, whichever contrasts more with ``fill``: the ink for text on it."""
    return BLACK if contrast_ratio(BLACK, fill) >= contrast_ratio(WHITE, fill) else WHITE
