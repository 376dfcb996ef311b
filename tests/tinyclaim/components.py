"""Tiny Claim's printed board."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from printkit.draw.lattice import tri_polygon
from printkit.draw.model import Drawing, Polygon, Role, Style
from printkit.layout.config import Settings as SettingsBase
from printkit.layout.config import setting
from tinyclaim.rules import BOARD


@dataclass(frozen=True)
class Settings(SettingsBase):
    SECTION: ClassVar[str] = "tinyclaim"
    cell: float = setting(30.0, lo=10.0, hi=60.0, doc="side of a triangle")


def board_drawing(side: float) -> Drawing:
    d = Drawing()
    for cell in BOARD:
        d.add(Polygon(tri_polygon(cell, side), Style(stroke="#000000", width=0.3), Role.CUT))
    return d
