"""Home printers and their paper: the kit's colours as another printer puts them on paper.

The kit is printed on whatever printer its players own, on whatever paper is in it: a
cheap inkjet in draft mode lays down less ink, a printer without the right colour profile
shifts hues and lets one ink bleed into another's colour, recycled paper is cream.  Every
printed surface of a photo (the board, and pieces cut from printed card) goes through one
``PrintProfile``; painted wood and Go stones do not.

The model works on ink coverage, one channel per ink (``1 - value`` of the sRGB-encoded
colour, as a printer's cyan, magenta and yellow cover its paper): each channel's coverage
is bent by its own ``gamma`` and scaled by ``density``, the inks bleed into each other
through ``bleed``, and what they leave uncovered reflects the ``paper``'s colour.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

__all__ = ["PrintProfile", "print_profile", "printed"]


@dataclass(frozen=True)
class PrintProfile:
    """One printer with its paper (see the module docstring)."""

    paper: tuple[float, float, float]
    """The bare paper's colour (sRGB-encoded, 0..1): white, or a little cream or grey."""
    density: float
    """How much of the ink asked for reaches the paper (1: all of it; draft mode less)."""
    gamma: tuple[float, float, float]
    """Each ink's coverage curve (coverage ** gamma): above 1 the mid-tones print paler."""
    bleed: tuple[tuple[float, ...], ...]
    """3 × 3: the coverage each ink lays down for each asked-for channel (near identity)."""


PAPER = ((0.94, 1.0), (0.93, 1.0), (0.86, 1.0))
"""Ranges of the paper's red, green and blue: from bright white to recycled cream."""
DENSITY = (0.78, 1.0)
GAMMA = (0.85, 1.2)
BLEED = 0.07
"""Largest share of one ink's coverage another channel takes on."""


def print_profile(rng: np.random.Generator) -> PrintProfile:
    """A printer and paper drawn at random from the ranges above."""
    paper = tuple(float(rng.uniform(*span)) for span in PAPER)
    density = float(rng.uniform(*DENSITY))
    gamma = tuple(float(g) for g in rng.uniform(*GAMMA, size=3))
    spill = np.clip(rng.normal(0.0, BLEED / 2, (3, 3)), -BLEED, BLEED)
    bleed = np.eye(3) + spill * (1 - np.eye(3))
    return PrintProfile(
        paper,  # type: ignore[arg-type]
        density,
        gamma,  # type: ignore[arg-type]
        tuple(tuple(float(v) for v in row) for row in bleed),
    )


def printed(rgb: np.ndarray, profile: PrintProfile) -> np.ndarray:
    """An 8-bit sRGB picture (… × 3) as ``profile`` prints it, in the same shape and type."""
    coverage = 1.0 - rgb.astype(np.float32) / np.float32(255.0)
    coverage = np.power(coverage, np.asarray(profile.gamma, np.float32)) * np.float32(
        profile.density
    )
    coverage = np.clip(coverage @ np.asarray(profile.bleed, np.float32).T, 0.0, 1.0)
    out = (1.0 - coverage) * np.asarray(profile.paper, np.float32)
    return np.round(out * 255.0).astype(np.uint8)
