"""From scene radiance to a phone's JPEG: illuminant colours, exposure, photon and read
noise, white balance, denoising, tone curve, sharpening, compression.

Images here are float32 RGB in *linear* light unless a name says otherwise.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

__all__ = [
    "illuminant",
    "to_linear",
    "expose",
    "develop",
    "encode",
    "recompress",
    "motion_kernel",
]

_XYZ_TO_RGB = np.array(
    [[3.2406, -1.5372, -0.4986], [-0.9689, 1.8758, 0.0415], [0.0557, -0.2040, 1.0570]]
)


def illuminant(kelvin: float) -> np.ndarray:
    """Linear sRGB of a black body at ``kelvin`` (Kim et al.'s Planckian locus fit), green = 1."""
    t = float(np.clip(kelvin, 1667.0, 25000.0))
    if t <= 4000:
        x = -0.2661239e9 / t**3 - 0.2343589e6 / t**2 + 0.8776956e3 / t + 0.179910
    else:
        x = -3.0258469e9 / t**3 + 2.1070379e6 / t**2 + 0.2226347e3 / t + 0.240390
    if t <= 2222:
        y = -1.1063814 * x**3 - 1.34811020 * x**2 + 2.18555832 * x - 0.20219683
    elif t <= 4000:
        y = -0.9549476 * x**3 - 1.37418593 * x**2 + 2.09137015 * x - 0.16748867
    else:
        y = 3.0817580 * x**3 - 5.87338670 * x**2 + 3.75112997 * x - 0.37001483
    xyz = np.array([x / y, 1.0, (1 - x - y) / y])
    rgb = np.clip(_XYZ_TO_RGB @ xyz, 0.02, None)
    return (rgb / rgb[1]).astype(np.float32)


_LINEAR = ((np.arange(256) / 255.0 + 0.055) / 1.055) ** 2.4
_LINEAR[:11] = np.arange(11) / 255.0 / 12.92
LINEAR_LUT = _LINEAR.astype(np.float32)
"""sRGB code value → linear reflectance."""


def to_linear(image: np.ndarray) -> np.ndarray:
    """An 8-bit sRGB image as linear float32."""
    return LINEAR_LUT[image]


def _srgb(v: np.ndarray) -> np.ndarray:
    v = np.clip(v, 0.0, 1.0)
    return np.where(v <= 0.0031308, v * 12.92, 1.055 * np.power(v, 1 / 2.4) - 0.055)


def motion_kernel(length: float, angle: float) -> np.ndarray:
    """A straight camera shake of ``length`` px at ``angle`` degrees (drawn 4× and reduced)."""
    size = int(math.ceil(length)) | 1
    big = np.zeros((size * 4, size * 4), np.float32)
    c = size * 2
    dx = math.cos(math.radians(angle)) * length * 2
    dy = math.sin(math.radians(angle)) * length * 2
    cv2.line(
        big,
        (int(round((c - dx) * 16)), int(round((c - dy) * 16))),
        (int(round((c + dx) * 16)), int(round((c + dy) * 16))),
        1.0,
        4,
        cv2.LINE_AA,
        4,
    )
    kernel = cv2.resize(big, (size, size), interpolation=cv2.INTER_AREA)
    return kernel / kernel.sum()


def expose(
    radiance: np.ndarray,
    exposure: float,
    full_well: float,
    read_noise: float,
    rng: np.random.Generator,
) -> np.ndarray:
    """Sensor levels (0..1 of full scale, clipped): photon noise (Gaussian with the Poisson
    variance) and read noise, both counted in electrons; ``full_well`` electrons fill it."""
    v = radiance * np.float32(exposure)
    electrons = np.clip(v, 0.0, 1.0) * np.float32(full_well)
    sd = np.sqrt(electrons + np.float32(read_noise**2))
    noise = rng.standard_normal(v.shape, dtype=np.float32)
    v += noise * sd * np.float32(1.0 / full_well)
    return np.clip(v, 0.0, 1.0, out=v)


def develop(
    raw: np.ndarray,
    gains: np.ndarray,
    contrast: float,
    sharpen: float,
    denoise: float,
    rng: np.random.Generator,
) -> np.ndarray:
    """A phone's processing of sensor levels into an 8-bit RGB image.

    White balance (per-channel ``gains``, none below 1, so a clipped highlight stays
    white), a denoiser when ``denoise`` > 0 (a bilateral filter on lightness, colour
    smeared at a quarter of the size, leaving blotchy colour noise), the sRGB curve with
    an S-shaped ``contrast``, and an unsharp mask.
    """
    v = raw * gains.astype(np.float32)[None, None, :]
    np.clip(v, 0.0, 1.0, out=v)
    lut_in = np.linspace(0, 1, 4096)
    curve = _srgb(lut_in)
    smooth = curve * curve * (3 - 2 * curve)
    curve = (1 - contrast) * curve + contrast * smooth
    lut = np.clip(np.round(curve * 255), 0, 255).astype(np.uint8)
    img = lut[np.round(v * 4095).astype(np.int32)]
    if denoise > 0:
        img = _denoise(img, denoise, rng)
    if sharpen > 0:
        soft = cv2.GaussianBlur(img, (0, 0), 1.3)
        img = cv2.addWeighted(img, 1 + sharpen, soft, -sharpen, 0)
    return img


def _denoise(img: np.ndarray, strength: float, rng: np.random.Generator) -> np.ndarray:
    """A phone's night-time noise reduction: smeared colour, blotchy chroma noise, waxy
    lightness."""
    ycc = cv2.cvtColor(img, cv2.COLOR_RGB2YCrCb)
    y, cr, cb = cv2.split(ycc)
    y = cv2.bilateralFilter(y, 7, 10 + 40 * strength, 3)
    h, w = y.shape
    out = []
    for ch in (cr, cb):
        small = cv2.resize(ch, (w // 4, h // 4), interpolation=cv2.INTER_AREA)
        small = cv2.bilateralFilter(small, 9, 12 + 20 * strength, 6)
        blotch = rng.normal(0, 2.0 + 4.0 * strength, (h // 24 + 1, w // 24 + 1)).astype(np.float32)
        blotch = cv2.resize(blotch, (w // 4, h // 4), interpolation=cv2.INTER_CUBIC)
        small = np.clip(small.astype(np.float32) + blotch, 0, 255).astype(np.uint8)
        out.append(cv2.resize(small, (w, h), interpolation=cv2.INTER_LINEAR))
    return cv2.cvtColor(cv2.merge([y, *out]), cv2.COLOR_YCrCb2RGB)


def encode(bgr: np.ndarray, quality: int) -> np.ndarray:
    """A JPEG round trip at ``quality``."""
    ok, data = cv2.imencode(".jpg", bgr, [cv2.IMWRITE_JPEG_QUALITY, int(quality)])
    assert ok
    return cv2.imdecode(data, cv2.IMREAD_COLOR)


def recompress(bgr: np.ndarray, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """A photo passed on by messaging apps: scaled to ~1600 px, JPEG at 60–75 twice (the
    second app scaling again a little), sometimes scaled back up by the viewer.  Returns
    the image and the 3 × 3 map from the original's pixels to its pixels."""
    h, w = bgr.shape[:2]
    size = float(rng.uniform(1400, 1700))
    k = size / max(h, w)
    img = cv2.resize(bgr, (round(w * k), round(h * k)), interpolation=cv2.INTER_AREA)
    img = encode(img, int(rng.integers(60, 76)))
    k2 = float(rng.uniform(0.85, 1.0))
    if k2 < 0.97:
        img = cv2.resize(
            img,
            (round(img.shape[1] * k2), round(img.shape[0] * k2)),
            interpolation=cv2.INTER_AREA,
        )
    img = encode(img, int(rng.integers(60, 76)))
    if rng.uniform() < 0.35:
        img = cv2.resize(img, (w, h), interpolation=cv2.INTER_CUBIC)
    sx, sy = img.shape[1] / w, img.shape[0] / h
    # Pixel centres: x' + 0.5 = s (x + 0.5).
    scale = np.array([[sx, 0, 0.5 * sx - 0.5], [0, sy, 0.5 * sy - 0.5], [0, 0, 1.0]])
    return img, scale
