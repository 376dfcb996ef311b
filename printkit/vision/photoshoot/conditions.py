"""The conditions photos are taken in: named presets of ranges, each photo drawing from them."""

from __future__ import annotations

from dataclasses import dataclass, replace

__all__ = ["Condition", "CONDITIONS", "PRESETS"]


@dataclass(frozen=True)
class Condition:
    """Ranges of everything that varies from photo to photo (each drawn uniformly).

    Light: ``paper`` is the linear sensor level white paper reaches (0..1 of full scale,
    before white balance and the tone curve), ``electrons`` how many photo-electrons that
    is (fewer: more shot noise, as at high ISO); ``extreme`` is the share of photos taken in
    the ``extreme_paper`` / ``extreme_electrons`` ranges instead.
    """

    name: str
    tilt: tuple[float, float] = (0.0, 30.0)  # optical axis off the board's normal, degrees
    fill: tuple[float, float] = (0.30, 0.55)  # share of the frame's area the board covers
    focal: tuple[float, float] = (24.0, 28.0)  # 35 mm equivalent focal length, mm
    k1: tuple[float, float] = (-0.03, 0.01)  # radial distortion (negative: barrel)
    k2: tuple[float, float] = (-0.005, 0.01)
    paper: tuple[float, float] = (0.55, 0.75)
    electrons: tuple[float, float] = (2500.0, 6000.0)
    extreme: float = 0.0
    extreme_paper: tuple[float, float] = (0.1, 0.18)
    extreme_electrons: tuple[float, float] = (40.0, 120.0)
    direct: tuple[float, float] = (0.35, 0.75)  # share of the light from the lamp
    lamp_height: tuple[float, float] = (700.0, 1600.0)  # mm above the table
    lamp_reach: tuple[float, float] = (0.0, 700.0)  # lamp's distance from the board, mm
    glare: tuple[int, int] = (0, 0)  # specular highlights
    hands: tuple[int, int] = (0, 0)
    motion: tuple[float, float] = (0.0, 1.5)  # blur length, px
    focus: tuple[float, float] = (0.5, 1.0)  # lens blur sigma, px
    jpeg: tuple[int, int] = (88, 95)
    denoise: bool = False
    recompress: bool = False
    printer: bool = False  # printed on another printer and paper (``printer.print_profile``)


ORDINARY = Condition("ordinary")

PRESETS: dict[str, Condition] = {
    "ordinary": ORDINARY,
    "glare": replace(ORDINARY, name="glare", glare=(1, 3)),
    "lowlight": replace(
        ORDINARY,
        name="lowlight",
        paper=(50 / 255, 90 / 255),
        electrons=(150.0, 600.0),
        extreme=0.25,
        direct=(0.2, 0.6),
        motion=(0.0, 3.0),
        denoise=True,
    ),
    "hands": replace(ORDINARY, name="hands", hands=(1, 2)),
    "small": replace(ORDINARY, name="small", fill=(0.20, 0.30)),
    "steep": replace(ORDINARY, name="steep", tilt=(44.0, 46.0), fill=(0.28, 0.45)),
    "lens": replace(ORDINARY, name="lens", focal=(13.0, 16.0), k1=(-0.16, -0.10), k2=(0.0, 0.02)),
    "motion": replace(ORDINARY, name="motion", motion=(3.0, 15.0)),
    "recompressed": replace(ORDINARY, name="recompressed", recompress=True),
    "printer": replace(ORDINARY, name="printer", printer=True),
}

CONDITIONS: tuple[str, ...] = tuple(PRESETS)
"""The names of the presets, in benchmark order."""
