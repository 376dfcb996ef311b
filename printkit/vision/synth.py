"""Synthetic phone photos of printed boards, for tests and benchmarks.

A board is drawn with printkit's own renderer, pieces are laid on it a little off the
grid as hands leave them, and the picture is degraded as a phone camera would: a
strong perspective, any rotation, uneven light, a colour cast, a soft shadow, slight
paper curl, blur, sensor noise and JPEG compression.  Everything is drawn from one
seeded ``numpy.random.Generator``, so a seed always gives the same photo.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

import cv2
import numpy as np

from printkit.draw.model import Affine, Document, Drawing, Page
from printkit.draw.pdf import pdf_bytes
from printkit.vision.model import BoardModel, matrix, turned_keys

__all__ = ["Level", "LEVELS", "Photo", "render_board", "degrade"]

RENDER_PX_PER_MM = 8.0
"""Resolution of the clean board picture before it is photographed."""
FRAME = (4000, 3000)
"""Photo size, px (12 megapixels)."""


@dataclass(frozen=True)
class Level:
    """How hard a photo is: ranges of each degradation."""

    name: str
    fill: tuple[float, float]  # share of the frame's width the board spans
    tilt: float  # corner jitter of the perspective, as a share of the board's size
    light: float  # strength of the light gradient
    cast: float  # per-channel gain spread
    shadow: float  # darkest shadow factor
    blur: tuple[float, float]  # Gaussian sigma, px
    noise: tuple[float, float]  # sensor noise sigma, grey levels
    jpeg: tuple[int, int]  # JPEG quality
    curl: float  # paper curl amplitude, mm
    jitter: float  # piece offset, mm
    twist: float  # piece turn, degrees


LEVELS = {
    "easy": Level(
        "easy", (0.75, 0.9), 0.04, 0.15, 0.05, 0.9, (0.3, 0.8), (1.0, 3.0), (85, 95), 0.3, 0.5, 1.0
    ),
    "hard": Level(
        "hard", (0.6, 0.85), 0.13, 0.45, 0.15, 0.6, (0.8, 2.0), (3.0, 8.0), (55, 80), 1.5, 1.5, 4.0
    ),
}


@dataclass
class Photo:
    """A synthetic photo (BGR) and the truth it was made from."""

    image: np.ndarray
    truth: dict
    board_to_photo: np.ndarray
    level: str
    seed: int


def render_board(
    picture: Drawing,
    bounds: tuple[float, float, float, float],
    px_per_mm: float = RENDER_PX_PER_MM,
    alpha: bool = False,
) -> np.ndarray:
    """A board-frame drawing rendered to an RGB array covering ``bounds`` (via PDFium), or
    with ``alpha`` to RGBA over a transparent background."""
    import pypdfium2 as pdfium  # heavy (PDFium): loaded only when a board is rendered

    x0, y0, x1, y1 = bounds
    page = Page(x1 - x0, y1 - y0)
    page.place(picture, Affine.translate(-x0, -y0))
    doc = pdfium.PdfDocument(pdf_bytes(Document("board", [page])))
    try:
        bitmap = doc[0].render(
            scale=px_per_mm * 25.4 / 72,
            fill_color=(0, 0, 0, 0) if alpha else (255, 255, 255, 255),
            rev_byteorder=True,
        )
        return np.ascontiguousarray(bitmap.to_numpy()[..., : 4 if alpha else 3])
    finally:
        doc.close()


def degrade(
    board: np.ndarray,
    model: BoardModel,
    level: Level,
    rng: np.random.Generator,
    px_per_mm: float = RENDER_PX_PER_MM,
) -> tuple[np.ndarray, np.ndarray]:
    """Photograph a clean board picture; returns the BGR photo and board-mm → photo map."""
    board = _curl(board, level.curl * px_per_mm, rng)
    h, w = board.shape[:2]
    fw, fh = FRAME
    g = _camera(w, h, level, rng)
    background = _table(rng)
    photo = cv2.warpPerspective(
        board,
        g,
        (fw, fh),
        flags=cv2.INTER_AREA,
        borderMode=cv2.BORDER_CONSTANT,
        borderValue=(0, 0, 0),
    )
    mask = cv2.warpPerspective(np.full((h, w), 255, np.uint8), g, (fw, fh), flags=cv2.INTER_LINEAR)
    alpha = cv2.merge([mask] * 3).astype(np.float32) * (1 / 255.0)
    img = cv2.add(
        cv2.multiply(photo.astype(np.float32), alpha), cv2.multiply(background, 1.0 - alpha)
    )
    gains = 1 + rng.uniform(-level.cast, level.cast, 3)
    gains = gains / max(1.0, gains.max())
    field = _light(fw, fh, level, rng) * _shadow(fw, fh, level, rng)
    img = cv2.multiply(img, cv2.merge([field * float(g) for g in gains]))
    sigma = rng.uniform(*level.blur)
    img = cv2.GaussianBlur(img, (0, 0), sigma)
    noise = np.empty_like(img)
    noise_sd = float(rng.uniform(*level.noise))
    # OpenCV draws from a generator of its own, shared by the process: seeded from ``rng``,
    # a photo is the same whatever was photographed before it.
    cv2.setRNGSeed(int(rng.integers(1, 2**31)))
    cv2.randn(noise, 0.0, noise_sd)
    img = cv2.add(img, noise)
    rgb = np.clip(img, 0, 255).astype(np.uint8)
    bgr = cv2.cvtColor(rgb, cv2.COLOR_RGB2BGR)
    quality = int(rng.integers(level.jpeg[0], level.jpeg[1] + 1))
    ok, jpeg = cv2.imencode(".jpg", bgr, [cv2.IMWRITE_JPEG_QUALITY, quality])
    assert ok
    photo = cv2.imdecode(jpeg, cv2.IMREAD_COLOR)
    x0, y0 = model.bounds[:2]
    board_mm_to_px = np.array(
        [[px_per_mm, 0, -px_per_mm * x0], [0, px_per_mm, -px_per_mm * y0], [0, 0, 1]]
    )
    return photo, g @ board_mm_to_px


def _camera(w: int, h: int, level: Level, rng: np.random.Generator) -> np.ndarray:
    """A random homography putting the board wholly in the frame, turned and tilted."""
    fw, fh = FRAME
    src = np.float32([(0, 0), (w, 0), (w, h), (0, h)])
    span = rng.uniform(*level.fill) * fw
    for attempt in range(400):
        if attempt and attempt % 20 == 0:
            span *= 0.93  # the frame cannot hold it at this size in any pose tried
        scale = span / max(w, h)
        angle = rng.uniform(0, 2 * np.pi)
        rot = np.array([[np.cos(angle), -np.sin(angle)], [np.sin(angle), np.cos(angle)]])
        centred = (src - (w / 2, h / 2)) * scale @ rot.T
        jitter = rng.uniform(-level.tilt, level.tilt, (4, 2)) * span
        dst = centred + jitter + (fw / 2, fh / 2) + rng.uniform(-0.08, 0.08, 2) * (fw, fh)
        margin = 20
        if (
            dst[:, 0].min() > margin
            and dst[:, 1].min() > margin
            and dst[:, 0].max() < fw - margin
            and dst[:, 1].max() < fh - margin
        ):
            return cv2.getPerspectiveTransform(src, np.float32(dst))
    raise RuntimeError("no camera pose keeps the board in the frame")


def _table(rng: np.random.Generator) -> np.ndarray:
    """A table top: a base colour with soft blotches."""
    fw, fh = FRAME
    base = rng.uniform(60, 170, 3).astype(np.float32)
    blotch = cv2.resize(
        rng.normal(0, 18, (12, 16)).astype(np.float32), (fw, fh), interpolation=cv2.INTER_CUBIC
    )
    return np.clip(base[None, None, :] + blotch[..., None], 0, 255)


def _light(fw: int, fh: int, level: Level, rng: np.random.Generator) -> np.ndarray:
    """A smooth light field: a tilt in a random direction and a vignette."""
    k = 8
    ys, xs = np.mgrid[0 : fh // k, 0 : fw // k].astype(np.float32)
    xs, ys = xs / (fw // k) - 0.5, ys / (fh // k) - 0.5
    angle = rng.uniform(0, 2 * np.pi)
    tilt = (np.cos(angle) * xs + np.sin(angle) * ys) * rng.uniform(0, level.light)
    vignette = 1 - rng.uniform(0, level.light / 2) * (xs**2 + ys**2) * 2
    field = (1 + tilt) * vignette
    field = (field / field.max() * rng.uniform(0.85, 1.0)).astype(np.float32)
    return cv2.resize(field, (fw, fh), interpolation=cv2.INTER_LINEAR)


def _shadow(fw: int, fh: int, level: Level, rng: np.random.Generator) -> np.ndarray:
    """A soft shadow (a hand or a phone) over part of the frame, drawn small and enlarged."""
    if level.shadow >= 1.0:
        return np.ones((fh, fw), np.float32)
    k = 8
    small = np.ones((fh // k, fw // k), np.float32)
    centre = (int(rng.uniform(0, fw) / k), int(rng.uniform(0, fh) / k))
    axes = (int(rng.uniform(0.1, 0.3) * fw / k), int(rng.uniform(0.05, 0.2) * fh / k))
    cv2.ellipse(
        small, centre, axes, rng.uniform(0, 180), 0, 360, float(rng.uniform(level.shadow, 0.95)), -1
    )
    small = cv2.GaussianBlur(small, (0, 0), fw / 40 / k)
    return cv2.resize(small, (fw, fh), interpolation=cv2.INTER_LINEAR)


def _curl(board: np.ndarray, amplitude: float, rng: np.random.Generator) -> np.ndarray:
    """Paper that does not lie flat: a gentle wave across the sheet."""
    if amplitude <= 0:
        return board
    h, w = board.shape[:2]
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    a = rng.uniform(0, amplitude)
    phase = rng.uniform(0, 2 * np.pi)
    map_x = xs + a * np.sin(np.pi * ys / h + phase) * 0.3
    map_y = ys + a * np.sin(np.pi * xs / w + phase)
    return cv2.remap(board, map_x, map_y, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)


def encode_png(image: np.ndarray) -> bytes:
    """A BGR image as PNG bytes (for debug output and tests)."""
    ok, data = cv2.imencode(".png", image)
    assert ok
    return io.BytesIO(data.tobytes()).getvalue()


@dataclass(frozen=True)
class Score:
    """How a reading of a synthetic photo compares with its truth."""

    cells: int
    wrong: tuple[str, ...]
    uncertain: tuple[str, ...]
    hidden: int = 0
    """Cells the truth says nothing could see (``truth["hidden"]``: under a hand, or
    clipped in every channel under a reflection)."""
    uncertain_hidden: int = 0
    """Of the uncertain cells, those hidden."""
    wrong_hidden: int = 0
    """Of the wrong cells, those hidden: what no reader could have seen."""

    @property
    def exact(self) -> bool:
        return not self.wrong

    @property
    def silent(self) -> tuple[str, ...]:
        """Wrong cells the reader did not flag as uncertain: the failures that matter."""
        return tuple(k for k in self.wrong if k not in self.uncertain)


def score_reading(reading, photo: Photo) -> Score:
    """Compare a ``Reading`` with the photo's truth, whichever symmetric turn it chose."""
    model = reading.model
    truth = photo.truth["cells"]
    read = reading.homography / reading.homography[2, 2]
    errors = []
    for s in model.symmetries:  # the turn the reader chose: its fit nearest the truth
        expected = photo.board_to_photo @ matrix(s)
        errors.append(np.linalg.norm(expected / expected[2, 2] - read))
    true_key = turned_keys(model)[int(np.argmin(errors))]
    hidden = set(photo.truth.get("hidden", ()))
    wrong, uncertain, uncertain_hidden, wrong_hidden = [], [], 0, 0
    for key, cell in reading.cells.items():
        name, true_name = model.cell_key(key), model.cell_key(true_key[key])
        if cell.label != truth[true_name]:
            wrong.append(name)
            wrong_hidden += true_name in hidden
        if cell.uncertain:
            uncertain.append(name)
            uncertain_hidden += true_name in hidden
    return Score(
        len(reading.cells),
        tuple(wrong),
        tuple(uncertain),
        len(hidden),
        uncertain_hidden,
        wrong_hidden,
    )
