"""Camera shake: edges smeared one way and sharp the other.

A shaken camera drags the whole picture along one direction.  An edge across that
direction is spread over the length of the drag; an edge along it stays as sharp as the
lens made it.  So the strongest edges of the photo (a marker's black on white, a piece's
border) are measured across: how wide each rises from its dark side to its light side
(the step over its steepest slope), and the widths are compared between the directions
the edges face.  A lens out of focus, low light's denoising or a recompressed file soften
every direction alike; steep perspective squeezes the board but leaves its edges sharp.

The measure explains a refusal: a photo too smeared for its markers, its paper or its
pieces to read says so, instead of blaming reflections or hands; and a photo read with
uncertain cells says so too, since a smear hides the print the reader checks cells by.
It also undoes the smear where the markers must be found (``steadied``): the drag is a
line as long as the widest edges, along the way they face, and dividing it out of the
photo's spectrum (a Wiener filter) sharpens the markers' squares again.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass

import cv2
import numpy as np

__all__ = [
    "SCALE",
    "SHAKEN",
    "ONE_WAY",
    "Smear",
    "smear",
    "shaken",
    "steadied",
    "verdict",
    "decoded",
    "upper_percentile",
]

SCALE = 2000
"""Long side (px) at which edge widths are measured: half a 12-megapixel photo."""
SHAKEN = 3.5
"""Widest edges (px at ``SCALE``, median over the edges facing one way) of a shaken photo.
Measured on the second photo family: sharp, steep, dim, recompressed, glare, hands, small
and wide-angle photos reach at most 3.2 but for one dim photo at 3.8 (a slight shake as
well); shaken photos the reader refused reach 3.7 to 5.3."""
ONE_WAY = 1.5
"""The widest edges must be this many times the narrowest: a smear one way."""
EDGE_SHARE = 0.01
"""Share of the photo's pixels, the strongest gradients, whose edges are measured."""
MOST_EDGES = 20000
"""At most this many edges are measured (an even sample of the strongest)."""
STEP = 60.0
"""Least rise (grey levels) across an edge's profile for it to count as a step."""
REACH = 12.0
"""How far (px at ``SCALE``) each edge's profile runs to either side."""
DIRECTIONS = 8
"""Ways an edge may face (over 180 degrees)."""
FEWEST = 30
"""Fewest edges facing one way for their width to count."""


@dataclass(frozen=True)
class Smear:
    """Median width (px at ``SCALE``) of the edges facing the way they are widest and
    the way they are narrowest, and the way the widest face (degrees from the photo's x
    axis towards its y axis, 0-180: the way the camera was dragged)."""

    widest: float
    narrowest: float
    facing: float = 0.0

    @property
    def shaken(self) -> bool:
        return self.widest >= SHAKEN and self.widest >= ONE_WAY * self.narrowest


def smear(image: np.ndarray) -> Smear | None:
    """How ``image`` (BGR or grey, any size) smears its strongest edges, or None when too
    few edges show."""
    grey = image if image.ndim == 2 else cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    scale = SCALE / max(grey.shape[:2])
    if scale < 1.0:
        grey = cv2.resize(grey, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    grey = grey.astype(np.float32)
    gx = cv2.Sobel(grey, cv2.CV_32F, 1, 0, ksize=3)
    gy = cv2.Sobel(grey, cv2.CV_32F, 0, 1, ksize=3)
    size = cv2.magnitude(gx, gy)
    least = upper_percentile(size, 100 * (1 - EDGE_SHARE))
    flat = size.ravel()
    ys, xs = np.divmod(np.flatnonzero(flat >= least if least > 0 else flat > 0), size.shape[1])
    if len(xs) < FEWEST:
        return None
    if len(xs) > MOST_EDGES:
        every = np.linspace(0, len(xs) - 1, MOST_EDGES).astype(int)
        ys, xs = ys[every], xs[every]
    nx, ny = gx[ys, xs] / size[ys, xs], gy[ys, xs] / size[ys, xs]
    # Each edge's profile across it, from its dark side to its light side, every half px.
    offsets = np.arange(-REACH, REACH + 0.25, 0.5, dtype=np.float32)
    px = (xs[:, None] + offsets * nx[:, None]).astype(np.float32)
    py = (ys[:, None] + offsets * ny[:, None]).astype(np.float32)
    profile = cv2.remap(grey, px, py, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    ends = len(offsets) // 6
    low, high = profile[:, :ends].mean(axis=1), profile[:, -ends:].mean(axis=1)
    step = high - low
    steps = step > STEP
    if steps.sum() < FEWEST:
        return None
    rise = (profile[steps] - low[steps, None]) / step[steps, None]
    width = 0.5 / np.maximum(np.diff(rise, axis=1).max(axis=1), 1e-3)
    if scale > 1.0:
        width = width * scale  # a small photo's px are larger: widths as at SCALE
    facing = np.degrees(np.arctan2(ny[steps], nx[steps])) % 180.0
    way = np.minimum((facing / (180.0 / DIRECTIONS)).astype(int), DIRECTIONS - 1)
    widths = {
        w: float(np.median(width[way == w]))
        for w in range(DIRECTIONS)
        if np.count_nonzero(way == w) >= FEWEST
    }
    if not widths:
        return None
    widest = max(widths, key=widths.__getitem__)
    facing = (widest + 0.5) * 180.0 / DIRECTIONS
    return Smear(widths[widest], min(widths.values()), facing)


def upper_percentile(values: np.ndarray, q: float) -> float:
    """``np.percentile(values, q)`` for ``q`` near 100, sorting only the values above a
    sparse sample's estimate of it (the whole array if that estimate is too high)."""
    flat = values.ravel()
    n = flat.size
    at = q / 100 * (n - 1)
    lo = int(at)
    hi = min(lo + 1, n - 1)
    top = flat[flat >= np.percentile(flat[::16], max(q - 0.5, 0.0))]
    below = n - top.size
    if lo < below:
        return float(np.percentile(flat, q))
    part = np.partition(top, (lo - below, hi - below))
    a, b, t = float(part[lo - below]), float(part[hi - below]), at - lo
    return b - (b - a) * (1 - t) if t >= 0.5 else a + (b - a) * t  # as numpy interpolates


def shaken(image: np.ndarray) -> str | None:
    """Why a photo failed or left cells uncertain, if camera shake smeared it: a sentence
    for the player, or None."""
    return verdict(smear(image))


def verdict(found: Smear | None) -> str | None:
    """``shaken``'s sentence for a photo whose edges smear as ``found`` (``smear``)."""
    if found is None or not found.shaken:
        return None
    return (
        f"the photo is smeared by camera shake (its edges {found.widest:.1f} px wide one way, "
        f"{found.narrowest:.1f} px the other): hold the phone still, with both hands or "
        "against something, in good light"
    )


NOISE_SHARE = 0.03
"""The Wiener filter's noise-to-signal ratio: how much of each frequency ``steadied``
leaves alone where the drag all but erased it (less rings, more stays smeared)."""


def steadied(image: np.ndarray, found: Smear | None = None) -> Iterator[np.ndarray]:
    """A shaken photo (BGR, any size; ``found``: its ``smear`` if measured) in grey with
    the drag divided out (Wiener): a line as long as its widest edges, first along the way
    they face, then along each other way ``smear`` tells apart, nearest first (the widths
    change slowly round the widest way, so the way measured may be a step off).  Nothing
    unless the photo is shaken."""
    found = smear(image) if found is None else found
    if found is None or not found.shaken:
        return
    grey = image if image.ndim == 2 else cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    length = found.widest * max(grey.shape[:2]) / SCALE
    pad = _drag_side(length)
    height, width = (cv2.getOptimalDFTSize(n + 2 * pad) for n in grey.shape[:2])
    padded = cv2.copyMakeBorder(
        grey,
        pad,
        height - grey.shape[0] - pad,
        pad,
        width - grey.shape[1] - pad,
        cv2.BORDER_REFLECT,
    ).astype(np.float32)
    spectrum = np.fft.rfft2(padded)
    steps = sorted(range(DIRECTIONS), key=lambda k: min(k, DIRECTIONS - k))  # 0, 1, -1, 2…
    for k in steps:
        kernel = _drag(length, (found.facing + k * 180.0 / DIRECTIONS) % 180.0)
        spread = np.zeros(padded.shape, np.float32)
        spread[: kernel.shape[0], : kernel.shape[1]] = kernel
        spread = np.roll(spread, (-(kernel.shape[0] // 2), -(kernel.shape[1] // 2)), axis=(0, 1))
        drag = np.fft.rfft2(spread)
        sharp = np.fft.irfft2(
            spectrum * np.conj(drag) / (np.abs(drag) ** 2 + NOISE_SHARE), s=padded.shape
        )
        out = sharp[pad : pad + grey.shape[0], pad : pad + grey.shape[1]]
        yield cv2.cvtColor(np.clip(out, 0, 255).astype(np.uint8), cv2.COLOR_GRAY2BGR)


def _drag(length: float, facing: float) -> np.ndarray:
    """A straight drag of ``length`` px at ``facing`` degrees, as a kernel summing to 1:
    the line drawn antialiased, in steps of a quarter pixel."""
    size = _drag_side(length)
    kernel = np.zeros((size, size), np.float32)
    centre = size // 2
    along = np.linspace(-length / 2, length / 2, max(2, int(length * 4) + 1))
    angle = math.radians(facing)
    xs, ys = centre + along * math.cos(angle), centre + along * math.sin(angle)
    x0, y0 = np.floor(xs).astype(int), np.floor(ys).astype(int)
    fx, fy = xs - x0, ys - y0
    for dx, dy, share in (
        (0, 0, (1 - fx) * (1 - fy)),
        (1, 0, fx * (1 - fy)),
        (0, 1, (1 - fx) * fy),
        (1, 1, fx * fy),
    ):
        np.add.at(kernel, (y0 + dy, x0 + dx), share)
    return kernel / kernel.sum()


def _drag_side(length: float) -> int:
    """The side (px, odd: the kernel has a centre) of the square holding a drag of
    ``length`` px with room to spare at both ends; ``steadied`` pads the photo as much."""
    return (int(math.ceil(length)) + 3) | 1


def decoded(data: np.ndarray) -> np.ndarray | None:
    """A photo file's bytes decoded in grey about as large as ``smear`` measures it (None
    if they are no image)."""
    if not data.size:
        return None
    image = cv2.imdecode(data, cv2.IMREAD_REDUCED_GRAYSCALE_2)
    if image is None or max(image.shape) >= SCALE:
        return image
    return cv2.imdecode(data, cv2.IMREAD_GRAYSCALE)
