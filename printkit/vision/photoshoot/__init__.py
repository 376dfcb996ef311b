"""A second family of synthetic phone photos, made by a renderer of its own.

The reader is tested on ``printkit.vision.scenes`` photos; to keep it from being tuned to
one generator's habits it is also measured on these, which share nothing with that
generator but the kit's drawings, the rules engines and the ``Photo`` record:

* a game's ``staging`` module sets a random legal position out on the printed board as
  solids (``props``): card or wood pieces with thickness, Go stones, laid by hand;
* a pinhole camera (``camera``: a phone's 26 mm-equivalent lens, 12 megapixels) is posed
  over the board at a tilt and turn, with radial lens distortion;
* the scene is rendered as light (``render``): a lamp of some colour temperature and
  position and the room's light, cast shadows, side walls, highlights, hands;
* the kit is printed by a home printer on its paper (``printer``: the kit's own colours,
  or another printer's and paper's);
* a sensor (``sensor``) counts photons (shot and read noise), the phone white-balances,
  denoises, tone-maps, sharpens and writes a JPEG.

Photos are taken under named ``CONDITIONS`` (``conditions.PRESETS``).  ``shoot`` is
deterministic: every random choice comes from one ``numpy.random.Generator`` seeded by
``seed``.
"""

from __future__ import annotations

import math
from types import ModuleType

import cv2
import numpy as np

from printkit.errors import PhotoError
from printkit.games import find_game
from printkit.layout.config import Layout
from printkit.vision.model import BoardModel, board_models, rectangle
from printkit.vision.photoshoot.camera import FRAME, Camera, focal_px, monotonic_k2, pose, tilt_of
from printkit.vision.photoshoot.conditions import CONDITIONS, PRESETS, Condition
from printkit.vision.photoshoot.printer import print_profile
from printkit.vision.photoshoot.props import Dome, Material, Slab, Stage
from printkit.vision.photoshoot.render import (
    HAND_SCALE,
    Layers,
    Light,
    add_glare,
    add_hands,
    stage_layers,
)
from printkit.vision.photoshoot.sensor import (
    develop,
    encode,
    expose,
    illuminant,
    motion_kernel,
    recompress,
)
from printkit.vision.synth import Photo

__all__ = [
    "shoot",
    "CONDITIONS",
    "PRESETS",
    "Condition",
    "FRAME",
    "Stage",
    "Slab",
    "Dome",
    "Material",
    "staging",
    "tilt_of",
    "focal_px",
]

MARGIN = 0.02
"""Share of the frame's width kept clear round the board."""


def staging(game: str) -> ModuleType:
    """A game's ``staging`` module: ``stage(layout, model, rng) -> Stage``."""
    info = find_game(game, PhotoError)
    try:
        return info.module("staging")
    except ModuleNotFoundError:
        raise PhotoError(f"{game} has no staging for the second photo family") from None


def shoot(
    game: str,
    layout: Layout,
    seed: int,
    condition: str = "ordinary",
    variant: str | None = None,
    frame: tuple[int, int] = FRAME,
    position: int | None = None,
    stage: Stage | None = None,
) -> Photo:
    """A seeded photo of a random position of ``game`` under ``condition``.

    ``frame`` is the photo's size (width, height); smaller frames are quicker (tests).
    The photo's ``level`` is the condition's name.  ``position``, when given, seeds the
    board variant and the position on their own, so photos with the same ``position`` and
    different seeds show one position from different cameras, in different light.  A
    ``stage`` given is photographed instead of a random position (a game's positions
    one after another, say).
    """
    cond = PRESETS.get(condition)
    if cond is None:
        raise PhotoError(f"unknown condition {condition!r}: choose from {', '.join(CONDITIONS)}")
    rng = np.random.default_rng(seed)
    setup = rng if position is None else np.random.default_rng(position)
    models = board_models(game, layout)
    variant = stage.variant if stage is not None else variant
    model = (
        next((m for m in models if m.variant == variant), None)
        if variant
        else models[int(setup.integers(len(models)))]
    )
    if model is None:
        raise PhotoError(f"{game} has no board variant {variant!r}")
    stage = stage or staging(game).stage(layout, model, setup)
    cam = _camera(model, cond, frame, rng)
    light = _light(model, cond, rng)
    profile = print_profile(rng) if cond.printer else None
    layers = stage_layers(stage, model.bounds, cam, light, rng, profile)
    glare = int(rng.integers(cond.glare[0], cond.glare[1] + 1))
    if glare:
        add_glare(layers, model.bounds, cam, glare, rng)
    hands = int(rng.integers(cond.hands[0], cond.hands[1] + 1))
    hidden: list[str] = []
    # Board mm → the px of a cover drawn at 1/HAND_SCALE of the canvas.
    to_cover = np.diag([1 / HAND_SCALE, 1 / HAND_SCALE, 1.0]) @ cam.homography(0.0)
    if hands:
        cover = add_hands(layers, cam, light, _targets(model, hands, rng), _centre(model), rng)
        hidden = _hidden_cells(model, cover, to_cover)
    image, to_final, reflected, extreme = _develop(layers, model, cam, light, cond, rng)
    h0 = np.linalg.inv(cam.to_canvas) @ cam.homography(0.0)
    board_to_photo = to_final @ h0
    # Under a reflection, a cell clipped in every channel could hold anything: some
    # strength of the reflection would clip any piece there.
    glared = _hidden_cells(model, reflected >= REFLECTED, to_cover)
    clipped = _hidden_cells(model, image.min(axis=2) >= CLIPPED, board_to_photo)
    blown = sorted(set(glared) & set(clipped))
    hidden = sorted(set(hidden) | set(blown))
    return Photo(
        image,
        {
            "variant": model.variant,
            "cells": stage.truth,
            "hidden": hidden,
            "blown": blown,
            "thickness": stage.material.thickness,
            "extreme": extreme,
        },
        board_to_photo / board_to_photo[2, 2],
        cond.name,
        seed,
    )


HIDDEN_SHARE = 0.25
"""A cell at least this much under a hand, or clipped in every channel under a reflection,
is hidden: no reader can see what it holds."""
REFLECTED = 0.05
"""A reflection adding this much of the sensor's range is one (``_develop``)."""
CLIPPED = 250
"""A photo's pixel this bright (of 255) in every channel is clipped."""


def _hidden_cells(model: BoardModel, cover: np.ndarray, to_cover: np.ndarray) -> list[str]:
    """The names of the cells a ``cover`` (a hand's, 0..1, or where a photo is clipped;
    board mm → its px by ``to_cover``) hides (``HIDDEN_SHARE``), each judged on a grid
    over the whole cell."""
    u, v = np.meshgrid(np.linspace(0.05, 0.95, 8), np.linspace(0.05, 0.95, 8))
    keep = u + v <= 1.0
    u, v = u[keep], v[keep]
    hidden = []
    for key, outline in model.cells.items():
        corners = np.array(outline, dtype=np.float64)
        centre = corners.mean(axis=0)
        pts = np.concatenate(  # the cell as a fan of triangles from its centre
            [
                centre + u[:, None] * (a - centre) + v[:, None] * (b - centre)
                for a, b in zip(corners, np.roll(corners, -1, axis=0), strict=True)
            ]
        )
        seen = cv2.perspectiveTransform(pts.reshape(-1, 1, 2), to_cover).reshape(-1, 2)
        xs = np.clip(np.round(seen[:, 0]).astype(int), 0, cover.shape[1] - 1)
        ys = np.clip(np.round(seen[:, 1]).astype(int), 0, cover.shape[0] - 1)
        if float((cover[ys, xs] > 0.5).mean()) >= HIDDEN_SHARE:
            hidden.append(model.cell_key(key))
    return sorted(hidden)


def _uniform(rng: np.random.Generator, span: tuple[float, float]) -> float:
    return float(rng.uniform(span[0], span[1])) if span[1] > span[0] else float(span[0])


def _centre(model: BoardModel) -> tuple[float, float]:
    x0, y0, x1, y1 = model.bounds
    return ((x0 + x1) / 2, (y0 + y1) / 2)


def _camera(
    model: BoardModel, cond: Condition, frame: tuple[int, int], rng: np.random.Generator
) -> Camera:
    """A pose that shows the whole board (its sheet) at about the condition's size."""
    w, h = frame
    tilt = _uniform(rng, cond.tilt)
    azimuth = float(rng.uniform(0, 360))
    roll = float(rng.uniform(-8, 8))
    fill = _uniform(rng, cond.fill)
    focal = focal_px(_uniform(rng, cond.focal), frame)
    k1, k2 = _uniform(rng, cond.k1), _uniform(rng, cond.k2)
    k2 = monotonic_k2(k1, k2)
    corners = np.array(rectangle(model.bounds), float)
    corners3 = np.column_stack([corners, np.zeros(4)])
    area = float(np.prod(corners.max(axis=0) - corners.min(axis=0)))
    centre = _centre(model)
    distance = focal * math.sqrt(area * math.cos(math.radians(tilt)) / (fill * w * h))
    margin = MARGIN * w
    lo, hi = np.array([margin, margin]), np.array([w - margin, h - margin])

    def fits(cam: Camera) -> bool:
        p = cam.photo_points(corners3)
        return bool((p >= lo).all() and (p <= hi).all())

    for attempt in range(80):
        cam = pose(centre, distance, tilt, azimuth, roll, focal, k1, k2, frame)
        if attempt < 4:  # settle the distance to the wanted size first
            seen = cam.project(corners3)
            x, y = seen[:, 0], seen[:, 1]
            shown = 0.5 * abs(float(np.dot(x, np.roll(y, -1)) - np.dot(y, np.roll(x, -1))))
            distance *= math.sqrt(shown / (fill * w * h))
            continue
        p = cam.photo_points(corners3)
        room_lo, room_hi = lo - p.min(axis=0), hi - p.max(axis=0)
        if (room_lo <= room_hi).all():
            shift = rng.uniform(room_lo, room_hi) * 0.9
            h0 = cam.homography(0.0)
            for k in (1.0, 0.5, 0.0):
                # The board point now at the centre less the shift becomes the target.
                px, py = w / 2 + cam.pad[0], h / 2 + cam.pad[1]  # the frame's centre on the canvas
                aim = np.linalg.inv(h0) @ np.array([px - k * shift[0], py - k * shift[1], 1])
                moved = pose(
                    tuple(aim[:2] / aim[2]), distance, tilt, azimuth, roll, focal, k1, k2, frame
                )
                if fits(moved):
                    return moved
        distance *= 1.04
    raise PhotoError("no camera pose keeps the board in the frame")


def _light(model: BoardModel, cond: Condition, rng: np.random.Generator) -> Light:
    """A lamp somewhere above and beside the board, and the room's light."""
    cx, cy = _centre(model)
    x0, y0, x1, y1 = model.bounds
    span = max(x1 - x0, y1 - y0)
    angle = rng.uniform(0, 2 * math.pi)
    reach = _uniform(rng, cond.lamp_reach)
    height = _uniform(rng, cond.lamp_height)
    lamp = (cx + reach * math.cos(angle), cy + reach * math.sin(angle), height)
    warm = float(rng.uniform(2700, 5200))
    room = warm if rng.uniform() < 0.6 else float(rng.uniform(4500, 6800))
    slope_angle = rng.uniform(0, 2 * math.pi)
    slope = float(rng.uniform(0, 0.35)) / span
    return Light(
        lamp,
        float(rng.uniform(30, 250)),
        _uniform(rng, cond.direct),
        illuminant(warm),
        illuminant(room),
        (slope * math.cos(slope_angle), slope * math.sin(slope_angle)),
    )


def _targets(model: BoardModel, count: int, rng: np.random.Generator) -> list[tuple[float, float]]:
    """Where hands reach: a cell, or (a third of the time) a marker."""
    cells = list(model.cells.values())
    out = []
    for _ in range(count):
        if model.markers and rng.uniform() < 0.35:
            out.append(tuple(model.markers[int(rng.integers(len(model.markers)))].centre))
        else:
            outline = np.asarray(cells[int(rng.integers(len(cells)))], float)
            out.append(tuple(outline.mean(axis=0)))
    return out


def _develop(
    layers: Layers,
    model: BoardModel,
    cam: Camera,
    light: Light,
    cond: Condition,
    rng: np.random.Generator,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, bool]:
    """Light the layers, blur, distort, expose and process: the BGR photo and the map from
    the camera's pixels to the photo's (not the identity once a messenger has shrunk it),
    how much of the sensor's range reflections alone fill (canvas at 1/``HAND_SCALE``),
    and whether the photo was taken in the condition's extreme light."""
    w, h = cam.canvas
    # Light fields over the canvas, evaluated coarse on the table plane.
    step = 16
    ys, xs = np.mgrid[0 : h + step : step, 0 : w + step : step].astype(np.float64)
    inv = np.linalg.inv(cam.homography(0.0))
    uv = np.stack([xs.ravel(), ys.ravel(), np.ones(xs.size)], axis=1) @ inv.T
    pts = (uv[:, :2] / uv[:, 2:3]).reshape(*xs.shape, 2)
    e_dir, e_amb = light.fields(pts, _centre(model))
    r2 = ((xs - w / 2) ** 2 + (ys - h / 2) ** 2) / cam.k[0, 0] ** 2  # canvas centred on axis
    vignette = (1 + r2) ** (-2 * float(rng.uniform(0.2, 0.45)))  # cos^4, mostly corrected

    def full(a: np.ndarray) -> np.ndarray:
        big = cv2.resize(a.astype(np.float32), (xs.shape[1] * step, xs.shape[0] * step))
        return big[:h, :w]

    share = light.direct
    lamp = full(e_dir * vignette * share)
    room = full(e_amb * vignette * (1 - share))
    cd, ca = light.colour_direct, light.colour_ambient
    direct = layers.direct * lamp
    ambient = layers.ambient * room
    radiance = layers.albedo * (direct[..., None] * cd + ambient[..., None] * ca)
    specular = layers.specular * lamp
    radiance += specular[..., None] * cd
    small = (w // HAND_SCALE, h // HAND_SCALE)
    reflected = cv2.resize(specular, small, interpolation=cv2.INTER_AREA)
    del direct, ambient, layers, specular
    sigma = _uniform(rng, cond.focus)
    radiance = cv2.GaussianBlur(radiance, (0, 0), sigma)
    length = _uniform(rng, cond.motion)
    if length >= 1.5:
        kernel = motion_kernel(length, float(rng.uniform(0, 180)))
        radiance = cv2.filter2D(radiance, -1, kernel, borderType=cv2.BORDER_REFLECT)
    radiance = cam.distort(radiance)
    extreme = bool(cond.extreme and rng.uniform() < cond.extreme)
    if extreme:
        paper, electrons = _uniform(rng, cond.extreme_paper), _uniform(rng, cond.extreme_electrons)
    else:
        paper, electrons = _uniform(rng, cond.paper), _uniform(rng, cond.electrons)
    white = share * cd + (1 - share) * ca  # white paper at the board's centre
    exposure = paper / float(white.max())
    raw = expose(radiance, exposure, electrons / paper, float(rng.uniform(1.5, 3.5)), rng)
    del radiance
    estimate = white * (1 + rng.normal(0, 0.04, 3))  # auto white balance, a little off
    gains = float(estimate.max()) / estimate
    strength = float(np.clip(math.sqrt(250.0 / electrons), 0.3, 1.0)) if cond.denoise else 0.0
    rgb_img = develop(
        raw,
        gains,
        float(rng.uniform(0.0, 0.25)),
        float(rng.uniform(0.2, 0.7)),
        strength,
        rng,
    )
    bgr = encode(
        cv2.cvtColor(rgb_img, cv2.COLOR_RGB2BGR), int(rng.integers(cond.jpeg[0], cond.jpeg[1] + 1))
    )
    reflected *= np.float32(exposure * float(cd.max()))
    if cond.recompress:
        return (*recompress(bgr, rng), reflected, extreme)
    return bgr, np.eye(3), reflected, extreme
