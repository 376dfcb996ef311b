"""Paper sizes in millimetres (portrait: width <= height)."""

from __future__ import annotations

import re

from printkit.errors import FitError, LayoutError
from printkit.i18n import pgettext

__all__ = [
    "PAPER_SIZES",
    "ISO_PAPERS",
    "US_PAPERS",
    "CUSTOM_RANGE",
    "paper_size",
    "smallest_paper",
    "paper_name_of",
    "paper_label",
]

PAPER_SIZES: dict[str, tuple[float, float]] = {
    "a5": (148.0, 210.0),
    "a4": (210.0, 297.0),
    "a3": (297.0, 420.0),
    "a2": (420.0, 594.0),
    "a1": (594.0, 841.0),
    "a0": (841.0, 1189.0),
    "letter": (215.9, 279.4),
    "legal": (215.9, 355.6),
    "tabloid": (279.4, 431.8),
}

ISO_PAPERS = ("a5", "a4", "a3", "a2", "a1", "a0")
US_PAPERS = ("letter", "legal", "tabloid", "a3", "a2", "a1", "a0")
"""Paper families to look in for a larger sheet; A3 and up serve both."""

CUSTOM_RANGE = (50.0, 1200.0)
"""Each side of a WIDTHxHEIGHT paper, mm: up to A0's long side, so that a page (and its PNG
preview, at most 200 dpi) stays within a few hundred MB."""

_CUSTOM = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*[x×]\s*(\d+(?:\.\d+)?)\s*(mm)?\s*$", re.IGNORECASE)


def paper_size(name: str) -> tuple[float, float]:
    """The portrait size of a named paper (case-insensitive) or of ``"WIDTHxHEIGHT"`` in mm."""
    key = name.strip().lower()
    if key in PAPER_SIZES:
        return PAPER_SIZES[key]
    m = _CUSTOM.match(key)
    if m:
        w, h = float(m.group(1)), float(m.group(2))
        lo, hi = CUSTOM_RANGE
        if not (lo <= w <= hi and lo <= h <= hi):
            raise LayoutError(
                f"paper size {name!r} is out of range: each side must be {lo:g} to {hi:g} mm"
            )
        return (min(w, h), max(w, h))
    names = ", ".join(PAPER_SIZES)
    raise LayoutError(f"unknown paper {name!r}: use one of {names}, or WIDTHxHEIGHT in mm")


def smallest_paper(
    width: float,
    height: float,
    margin: float,
    candidates: tuple[str, ...] = ISO_PAPERS,
) -> tuple[str, bool]:
    """The smallest paper of ``candidates`` holding a ``width`` x ``height`` mm area plus margins.

    Returns the paper name and whether it must be used in landscape.
    """
    fits = []
    for name in candidates:
        w, h = PAPER_SIZES[name]
        for landscape in (False, True):
            pw, ph = (h, w) if landscape else (w, h)
            if width + 2 * margin <= pw and height + 2 * margin <= ph:
                fits.append((w * h, name, landscape))
    if not fits:
        raise FitError(f"nothing up to A0 holds {width:.0f} x {height:.0f} mm")
    _, name, landscape = min(fits)
    return name, landscape


def paper_name_of(size: tuple[float, float]) -> str:
    """The name of a paper of ``size`` (either way round), or ``WIDTHxHEIGHT`` in mm."""
    w, h = min(size), max(size)
    for name, (pw, ph) in PAPER_SIZES.items():
        if abs(w - pw) < 0.05 and abs(h - ph) < 0.05:
            return name
    return f"{w:g}x{h:g}"


def paper_label(name: str) -> str:
    """A paper's name as printed: ISO sizes in capitals (A4), US sizes in the current
    language (Letter, Carta in Spanish), a custom size as WIDTHxHEIGHT mm."""
    key = name.strip().lower()
    if key.startswith("a") and key in PAPER_SIZES:
        return key.upper()
    # TRANSLATORS: paper sizes. Letter, Legal and Tabloid as printers in your language call them.
    words = {
        "letter": pgettext("paper", "Letter"),
        "legal": pgettext("paper", "Legal"),
        "tabloid": pgettext("paper", "Tabloid"),
    }
    return words.get(key, f"{name} mm")
