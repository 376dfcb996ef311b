"""A staged board seen through a posed camera, as layers of scene light.

Every surface the camera sees is drawn into four undistorted full-frame layers: its
reflectance (``albedo``, linear RGB), how much of the lamp's light reaches it compared
with the bare board (``direct``: the cosine of its tilt towards the lamp, zero in shadow),
how much of the room's diffuse light (``ambient``), and mirror-like reflection of the lamp
(``specular``).  The light module combines them with the lamp's and room's colours and
brightness fields; nothing is painted as a finished colour.

* Board and pieces' top faces are the kit's own drawings rendered by PDFium and mapped
  onto their planes (z = 0 and z = -thickness) by the plane's homography.
* Piece side walls are quads between the two planes, shaded by their facing.
* Domed stones are ray-traced (an ellipsoid: a biconvex Go stone) with Lambert shading
  and a Blinn-Phong highlight.
* Cast shadows are the pieces' footprints swept towards the table away from the lamp,
  softened by the lamp's size; hands cast theirs from their height.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from printkit.draw.model import Affine, Drawing, Polygon, Role, Style, rgb
from printkit.vision.photoshoot.camera import Camera
from printkit.vision.photoshoot.printer import PrintProfile, printed
from printkit.vision.photoshoot.props import Dome, Stage
from printkit.vision.photoshoot.sensor import to_linear
from printkit.vision.synth import render_board

__all__ = ["Light", "Layers", "render_rgba", "stage_layers", "add_glare", "add_hands"]

SKIN = ("#f3cfb3", "#e8b998", "#d79f7c", "#c68642", "#a16b47", "#8d5524", "#5c3a21")
"""Skin tones, light to dark (sRGB)."""
CLOTH = ("#1f2a44", "#3b3b3b", "#7a1f1f", "#d9d4c8", "#2f4f2f", "#151515", "#5a6d8c")
"""Sleeve colours."""
TABLES = ("#8a6a4a", "#a47d55", "#5b3f2a", "#c9c2b5", "#3a3a3a", "#6f7a80", "#2b2420", "#d8d2c4")
"""Table tops: woods, laminates, a dark desk, a light cloth."""


def _lin(colour: str) -> np.ndarray:
    """A hex colour as linear RGB."""
    c = np.array(rgb(colour), dtype=np.float64)
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4).astype(np.float32)


@dataclass(frozen=True)
class Light:
    """A lamp (position ``lamp``: x, y mm and height above the table; ``size``: its
    diameter) giving ``direct`` of the light on the board's centre, the room the rest."""

    lamp: tuple[float, float, float]
    size: float
    direct: float
    colour_direct: np.ndarray
    colour_ambient: np.ndarray
    ambient_slope: tuple[float, float]

    def towards(self, point: tuple[float, float]) -> np.ndarray:
        """Unit vector from a board point to the lamp (world: up is -z)."""
        v = np.array([self.lamp[0] - point[0], self.lamp[1] - point[1], -self.lamp[2]])
        return v / np.linalg.norm(v)

    def shadow_step(self, point: tuple[float, float]) -> np.ndarray:
        """How far (mm) a shadow falls from a point per mm of its height, away from the lamp."""
        return (np.asarray(point, float) - self.lamp[:2]) / self.lamp[2]

    def fields(self, pts: np.ndarray, centre: tuple[float, float]) -> tuple:
        """The lamp's irradiance on the table (1 at ``centre``) and the room's, at board points."""
        h = self.lamp[2]

        def lamp(p):
            d2 = (p[..., 0] - self.lamp[0]) ** 2 + (p[..., 1] - self.lamp[1]) ** 2 + h * h
            return (h / np.sqrt(d2)) ** 3

        c = np.array(centre, float)
        e_dir = lamp(pts) / lamp(c[None, :])[0]
        sx, sy = self.ambient_slope
        e_amb = np.clip(1 + sx * (pts[..., 0] - c[0]) + sy * (pts[..., 1] - c[1]), 0.3, None)
        return e_dir, e_amb


@dataclass
class Layers:
    """Full-frame undistorted layers (see the module docstring)."""

    albedo: np.ndarray
    direct: np.ndarray
    ambient: np.ndarray
    specular: np.ndarray


def render_rgba(
    picture: Drawing, bounds: tuple[float, float, float, float], px_per_mm: float
) -> np.ndarray:
    """A board-frame drawing over ``bounds`` as RGBA (PDFium, transparent background)."""
    return render_board(picture, bounds, px_per_mm, alpha=True)


def _texture_to_board(bounds: tuple[float, float, float, float], s: float) -> np.ndarray:
    """Texture px (centres) → board mm."""
    x0, y0 = bounds[:2]
    return np.array([[1 / s, 0, x0 + 0.5 / s], [0, 1 / s, y0 + 0.5 / s], [0, 0, 1.0]])


def _warp(texture: np.ndarray, m: np.ndarray, frame: tuple[int, int]) -> np.ndarray:
    return cv2.warpPerspective(
        texture, m, frame, flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT, borderValue=0
    )


def _table(frame: tuple[int, int], rng: np.random.Generator) -> np.ndarray:
    """A table top: a base colour, soft blotches and a grain."""
    w, h = frame
    base = _lin(TABLES[int(rng.integers(len(TABLES)))]) * np.float32(rng.uniform(0.8, 1.15))
    blotch = cv2.resize(
        rng.normal(0, 0.08, (9, 12)).astype(np.float32), (w, h), interpolation=cv2.INTER_CUBIC
    )
    grain = cv2.resize(
        rng.normal(0, 0.06, (h // 6, 24)).astype(np.float32), (w, h), interpolation=cv2.INTER_LINEAR
    )
    if rng.uniform() < 0.5:
        grain = cv2.rotate(cv2.resize(grain, (h, w)), cv2.ROTATE_90_CLOCKWISE)
    shade = np.clip(1 + blotch + grain, 0.5, 1.5)
    return shade[..., None] * base[None, None, :]


def texture_scale(cam: Camera, bounds: tuple[float, float, float, float]) -> float:
    """Texture resolution (px/mm) a little finer than the photo's finest view of the board."""
    x0, y0, x1, y1 = bounds
    h = cam.homography(0.0)
    pts = np.array([(x, y) for x in (x0, (x0 + x1) / 2, x1) for y in (y0, (y0 + y1) / 2, y1)])
    best = 0.0
    for dx, dy in ((1.0, 0.0), (0.0, 1.0)):
        a = cv2.perspectiveTransform(pts.reshape(-1, 1, 2), h).reshape(-1, 2)
        b = cv2.perspectiveTransform((pts + (dx, dy)).reshape(-1, 1, 2), h).reshape(-1, 2)
        best = max(best, float(np.linalg.norm(b - a, axis=1).max()))
    return float(np.clip(1.2 * best, 4.0, 14.0))


def stage_layers(
    stage: Stage,
    bounds: tuple[float, float, float, float],
    cam: Camera,
    light: Light,
    rng: np.random.Generator,
    printer: PrintProfile | None = None,
) -> Layers:
    """The table, the board and its pieces as layers; the board, and pieces of printed
    card, as ``printer`` prints them (as drawn without one)."""
    frame = cam.canvas
    w, h = frame
    s = texture_scale(cam, bounds)
    to_board = _texture_to_board(bounds, s)
    h0 = cam.homography(0.0)
    albedo = _table(frame, rng)
    # The board: a drawing that paints its own paper (a cut-out board) is paper where it
    # paints; a sheet that leaves its paper blank is paper over the whole of ``bounds``.
    board = render_rgba(stage.board, bounds, s)
    alpha = board[..., 3]
    paper = (alpha.astype(np.float32) / 255.0) if (alpha > 0).mean() > 0.2 else None
    colour = board[..., :3].copy()
    if paper is None:
        paper = np.ones(alpha.shape, np.float32)
        blank = alpha < 255
        a = alpha[blank].astype(np.float32)[:, None] / 255.0
        colour[blank] = np.round(colour[blank] * a + 255 * (1 - a)).astype(np.uint8)
    if printer is not None:
        colour = printed(colour, printer)
    m0 = h0 @ to_board
    seen = to_linear(_warp(colour, m0, frame))
    cover = _warp(paper, m0, frame)[..., None]
    albedo = seen * cover + albedo * (1 - cover)
    del seen
    direct = np.ones((h, w), np.float32)
    ambient = np.ones((h, w), np.float32)
    specular = np.zeros((h, w), np.float32)
    layers = Layers(albedo, direct, ambient, specular)
    thickness = stage.material.thickness
    _shadows(layers, stage, bounds, cam, light, thickness)
    if stage.slabs:
        _walls(layers, stage, cam, light, thickness)
        card = printer if stage.material.name == "card" else None
        _tops(layers, stage, bounds, cam, s, thickness, card)
    for dome in sorted(stage.domes, key=lambda d: -_distance(cam, d.centre)):
        _dome(layers, cam, light, dome)
    return layers


def _distance(cam: Camera, point) -> float:
    return float(np.linalg.norm(cam.c[:2] - np.asarray(point, float)) ** 2 + cam.c[2] ** 2)


def _shadows(
    layers: Layers,
    stage: Stage,
    bounds: tuple[float, float, float, float],
    cam: Camera,
    light: Light,
    thickness: float,
) -> None:
    """Cast shadows (lamp light only) and contact shade (room light) of every piece."""
    s = 4.0
    x0, y0, x1, y1 = bounds
    size = (int(math.ceil((x1 - x0) * s)), int(math.ceil((y1 - y0) * s)))
    shadow = np.zeros((size[1], size[0]), np.float32)
    contact = np.zeros_like(shadow)
    tallest = thickness

    def px(points) -> np.ndarray:
        return np.int32(np.round((np.asarray(points, float) - (x0, y0)) * s * 16))

    for slab in stage.slabs:
        centre = np.mean(slab.outline, axis=0)
        step = light.shadow_step(tuple(centre)) * thickness
        for t in np.linspace(0.0, 1.0, 5):
            cv2.fillPoly(shadow, [px(np.asarray(slab.outline) + t * step)], 1.0, cv2.LINE_8, 4)
        cv2.fillPoly(contact, [px(slab.outline)], 1.0, cv2.LINE_8, 4)
    for dome in stage.domes:
        tallest = max(tallest, dome.height)
        step = light.shadow_step(dome.centre)
        half = dome.height / 2
        for z in np.linspace(0.0, dome.height, 9):
            r = dome.radius * math.sqrt(max(0.0, 1 - ((z - half) / half) ** 2))
            c = np.asarray(dome.centre) + z * step
            cv2.circle(
                shadow, tuple(int(v) for v in px(c)), int(r * s * 16), 1.0, -1, cv2.LINE_8, 4
            )
        cv2.circle(
            contact,
            tuple(int(v) for v in px(dome.centre)),
            int(0.8 * dome.radius * s * 16),
            1.0,
            -1,
            cv2.LINE_8,
            4,
        )
    if not (stage.slabs or stage.domes):
        return
    penumbra = max(0.15, tallest * light.size / light.lamp[2]) * s
    shadow = cv2.GaussianBlur(shadow, (0, 0), penumbra)
    contact = cv2.GaussianBlur(contact, (0, 0), max(1.0, (0.5 + tallest) * s)) * 0.3
    m = cam.homography(0.0) @ _texture_to_board(bounds, s)
    layers.direct *= 1 - _warp(shadow, m, cam.canvas)
    layers.ambient *= 1 - _warp(contact, m, cam.canvas)


def _walls(layers: Layers, stage: Stage, cam: Camera, light: Light, thickness: float) -> None:
    """Each slab's side walls that face the camera, far ones first."""
    quads = []
    edge = stage.material.edge
    for slab in stage.slabs:
        ring = np.asarray(slab.outline, float)
        area = 0.5 * float(
            np.sum(ring[:, 0] * np.roll(ring[:, 1], -1) - np.roll(ring[:, 0], -1) * ring[:, 1])
        )
        colour = _lin(edge if edge is not None else slab.face)
        shade = 0.8 if edge is None else 1.0  # a painted edge is a little darker than the face
        for a, b in zip(ring, np.roll(ring, -1, axis=0), strict=True):
            d = b - a
            length = float(np.hypot(*d))
            if length < 1e-6:
                continue
            # Outward normal: y is down, so a positive shoelace area runs clockwise on screen.
            normal = np.array([d[1], -d[0]]) / length * (1 if area > 0 else -1)
            mid = (a + b) / 2
            if float(normal @ (cam.c[:2] - mid)) <= 0:
                continue
            lamp = light.towards(tuple(mid))
            facing = max(0.0, float(normal @ lamp[:2])) / max(-float(lamp[2]), 0.05)
            corners = np.array([[*a, 0.0], [*b, 0.0], [*b, -thickness], [*a, -thickness]])
            quads.append((_distance(cam, mid), cam.project(corners), colour * shade, facing))
    for _, pts, colour, facing in sorted(quads, key=lambda q: -q[0]):
        poly = np.int32(np.round(pts * 16))
        cv2.fillConvexPoly(layers.albedo, poly, tuple(float(c) for c in colour), cv2.LINE_8, 4)
        cv2.fillConvexPoly(layers.direct, poly, float(facing), cv2.LINE_8, 4)
        cv2.fillConvexPoly(layers.ambient, poly, 0.55, cv2.LINE_8, 4)


def _tops(
    layers: Layers,
    stage: Stage,
    bounds: tuple[float, float, float, float],
    cam: Camera,
    s: float,
    thickness: float,
    printer: PrintProfile | None = None,
) -> None:
    """The slabs' printed top faces, on the plane ``thickness`` above the board, as
    ``printer`` prints them (given)."""
    tops = Drawing()
    for slab in stage.slabs:
        tops.add(Polygon(tuple(slab.outline), Style(fill=slab.face), Role.FILL, slab.holes))
        tops.extend(slab.top)
    rgba = render_rgba(tops, bounds, s)
    m = cam.homography(-thickness) @ _texture_to_board(bounds, s)
    faces = np.ascontiguousarray(rgba[..., :3])
    if printer is not None:
        faces = printed(faces, printer)
    seen = to_linear(_warp(faces, m, cam.canvas))
    cover = _warp(rgba[..., 3], m, cam.canvas).astype(np.float32) / 255.0
    c3 = cover[..., None]
    layers.albedo *= 1 - c3
    layers.albedo += seen * c3
    layers.direct *= 1 - cover
    layers.direct += cover
    layers.ambient *= 1 - cover
    layers.ambient += cover


def _dome(layers: Layers, cam: Camera, light: Light, dome: Dome, ss: int = 2) -> None:
    """A biconvex stone, ray-traced at ``ss`` × ``ss`` samples a pixel."""
    cx, cy = dome.centre
    r, hh = dome.radius, dome.height / 2
    box = np.array(
        [[cx + i * r, cy + j * r, z] for i in (-1, 1) for j in (-1, 1) for z in (0.0, -2 * hh)]
    )
    uv = cam.project(box)
    w, h = cam.canvas
    u0, v0 = np.floor(uv.min(axis=0)).astype(int) - 1
    u1, v1 = np.ceil(uv.max(axis=0)).astype(int) + 2
    u0, v0, u1, v1 = max(u0, 0), max(v0, 0), min(u1, w), min(v1, h)
    if u1 <= u0 or v1 <= v0:
        return
    offs = (np.arange(ss) + 0.5) / ss - 0.5
    us = (np.arange(u0, u1)[:, None] + offs[None, :]).ravel()
    vs = (np.arange(v0, v1)[:, None] + offs[None, :]).ravel()
    gu, gv = np.meshgrid(us, vs)
    d = cam.rays(np.stack([gu.ravel(), gv.ravel()], axis=1))
    axes = np.array([r, r, hh])
    centre = np.array([cx, cy, -hh])
    o = (cam.c - centre) / axes
    dd = d / axes
    a = (dd * dd).sum(axis=1)
    b = 2 * (dd * o).sum(axis=1)
    c = float(o @ o) - 1
    disc = b * b - 4 * a * c
    hit = disc > 0
    if not hit.any():
        return
    # Shade only the samples that meet the stone.
    dh = d[hit]
    t = (-b[hit] - np.sqrt(disc[hit])) / (2 * a[hit])
    p = cam.c + t[:, None] * dh
    n = (p - centre) / axes**2
    n /= np.linalg.norm(n, axis=1, keepdims=True)
    lvec = light.towards(dome.centre)
    up = max(-float(lvec[2]), 0.05)
    ndotl = np.clip((n * lvec).sum(axis=1), 0, None)
    half = lvec - dh
    half /= np.linalg.norm(half, axis=1, keepdims=True)
    shading = {
        "direct": ndotl / up,
        "ambient": 0.5 + 0.5 * np.clip(-n[:, 2], -1, 1),
        "specular": dome.gloss
        * (dome.shininess + 8)
        / (8 * math.pi)
        * np.clip((n * half).sum(axis=1), 0, None) ** dome.shininess
        * ndotl
        / up,
    }
    gh, gw = len(vs), len(us)

    def pool(x: np.ndarray) -> np.ndarray:
        return x.reshape(gh // ss, ss, gw // ss, ss).mean(axis=(1, 3)).astype(np.float32)

    cover = pool(hit.astype(np.float32))
    weight = np.maximum(cover, 1e-6)
    sl = (slice(v0, v1), slice(u0, u1))
    colour = _lin(dome.colour)
    for layer, name in (
        (layers.direct, "direct"),
        (layers.ambient, "ambient"),
        (layers.specular, "specular"),
    ):
        values = np.zeros(hit.shape)
        values[hit] = shading[name]
        mean = pool(values) / weight
        layer[sl] = layer[sl] * (1 - cover) + mean * cover
    layers.albedo[sl] = layers.albedo[sl] * (1 - cover[..., None]) + colour * cover[..., None]


def add_glare(
    layers: Layers,
    bounds: tuple[float, float, float, float],
    cam: Camera,
    count: int,
    rng: np.random.Generator,
) -> None:
    """Mirror reflections of lamps and windows on glossy card: discs, tube streaks and
    window panes on the board plane, bright enough to clip."""
    s = 2.0
    x0, y0, x1, y1 = bounds
    pad = 120.0
    box = (x0 - pad, y0 - pad, x1 + pad, y1 + pad)
    size = (int((box[2] - box[0]) * s), int((box[3] - box[1]) * s))
    glare = np.zeros((size[1], size[0]), np.float32)

    def px(p) -> tuple[int, int]:
        return (int(round((p[0] - box[0]) * s * 16)), int(round((p[1] - box[1]) * s * 16)))

    for _ in range(count):
        kind = ("disc", "streak", "window")[int(rng.integers(3))]
        at = (
            rng.uniform(x0 + 0.1 * (x1 - x0), x1 - 0.1 * (x1 - x0)),
            rng.uniform(y0 + 0.1 * (y1 - y0), y1 - 0.1 * (y1 - y0)),
        )
        peak = float(rng.uniform(2.0, 6.0))
        angle = float(rng.uniform(0, 180))
        shape = np.zeros_like(glare)
        if kind == "disc":
            radius = float(rng.uniform(3.0, 40.0))
            cv2.circle(shape, px(at), int(radius * s * 16), 1.0, -1, cv2.LINE_AA, 4)
            soft = 0.25 * radius
        elif kind == "streak":
            length, width = float(rng.uniform(40.0, 200.0)), float(rng.uniform(4.0, 16.0))
            rect = cv2.boxPoints((at, (length, width), angle))
            cv2.fillConvexPoly(shape, np.int32([px(p) for p in rect]), 1.0, cv2.LINE_AA, 4)
            soft = 0.3 * width
        else:
            wide, tall = float(rng.uniform(60.0, 150.0)), float(rng.uniform(50.0, 110.0))
            cols, rows = int(rng.integers(2, 4)), int(rng.integers(1, 3))
            bar = float(rng.uniform(3.0, 9.0))
            pane = ((wide - (cols + 1) * bar) / cols, (tall - (rows + 1) * bar) / rows)
            turn = Affine.translate(*at) @ Affine.rotate(angle)
            for i in range(cols):
                for j in range(rows):
                    px0 = -wide / 2 + bar + i * (pane[0] + bar)
                    py0 = -tall / 2 + bar + j * (pane[1] + bar)
                    corners = [
                        turn((px0, py0)),
                        turn((px0 + pane[0], py0)),
                        turn((px0 + pane[0], py0 + pane[1])),
                        turn((px0, py0 + pane[1])),
                    ]
                    cv2.fillConvexPoly(
                        shape, np.int32([px(p) for p in corners]), 1.0, cv2.LINE_AA, 4
                    )
            soft = float(rng.uniform(1.0, 4.0))
            veil = cv2.GaussianBlur(shape, (0, 0), 25 * s) * float(rng.uniform(0.1, 0.3))
            glare += veil
        glare += cv2.GaussianBlur(shape, (0, 0), max(0.5, soft * s)) * peak
    m = cam.homography(0.0) @ _texture_to_board(box, s)
    layers.specular += _warp(glare, m, cam.canvas)


HAND_SCALE = 4
"""Hands are drawn at 1/this of the canvas's size."""


def add_hands(
    layers: Layers,
    cam: Camera,
    light: Light,
    targets: list[tuple[float, float]],
    centre: tuple[float, float],
    rng: np.random.Generator,
) -> np.ndarray:
    """A hand reaching over the board to each target point (a fingertip just above it),
    its forearm and sleeve running out of the frame, and the soft shadow they cast.
    Returns where they cover the canvas (0..1, at a quarter of its size: ``HAND_SCALE``)."""
    w, h = cam.canvas
    q = HAND_SCALE  # hands are drawn at a quarter of the frame's size, then enlarged
    sw, sh = w // q, h // q
    cover = np.zeros((sh, sw), np.float32)
    shade = np.zeros((sh, sw), np.float32)
    shadow = np.zeros((sh, sw), np.float32)
    colour_img = np.zeros((sh, sw, 3), np.float32)
    penumbra = 1.0
    for target in targets:
        hand = _pose_hand(target, centre, cam, rng)
        tone = _lin(SKIN[int(rng.integers(len(SKIN)))]) * np.float32(rng.uniform(0.9, 1.05))
        fabric = _lin(CLOTH[int(rng.integers(len(CLOTH)))])
        for name, (pts3, radius) in hand.items():
            img = cam.project(pts3) / q
            mask = np.zeros((sh, sw), np.uint8)
            cv2.fillPoly(mask, [np.int32(np.round(img * 16))], 255, cv2.LINE_AA, 4)
            if not mask.any():
                continue
            # Pixels per mm where the part is: from its outline's extent in both frames.
            scale = float(np.ptp(img, axis=0).max() / max(np.ptp(pts3[:, :2], axis=0).max(), 1e-6))
            m = mask.astype(np.float32) / 255.0
            dt = cv2.distanceTransform((mask > 127).astype(np.uint8), cv2.DIST_L2, 3)
            x = np.clip(dt / max(radius * scale, 1.0), 0, 1)
            profile = np.sqrt(x * (2 - x))  # a cylinder's upward facing, edge to middle
            colour = fabric if name == "sleeve" else tone
            colour_img *= 1 - m[..., None]
            colour_img += colour * m[..., None]
            shade *= 1 - m
            shade += profile * m
            np.maximum(cover, m, out=cover)
            # Its shadow: each point pushed down to the table, away from the lamp.
            heights = -pts3[:, 2:3]
            reach = np.maximum(light.lamp[2] - heights, 50.0)
            ground = pts3[:, :2] + heights * (pts3[:, :2] - np.array(light.lamp[:2])) / reach
            flat = np.column_stack([ground, np.zeros(len(ground))])
            gimg = cam.project(flat) / q
            cv2.fillPoly(shadow, [np.int32(np.round(gimg * 16))], 1.0, cv2.LINE_AA, 4)
            blur = float(np.mean(heights)) * light.size / light.lamp[2] * scale
            penumbra = max(penumbra, blur)
    shadow = cv2.GaussianBlur(np.clip(shadow, 0, 1), (0, 0), max(1.0, penumbra))
    occlusion = cv2.GaussianBlur(shadow, (0, 0), sw / 25) * 0.35

    def big(a: np.ndarray) -> np.ndarray:
        return cv2.resize(a, (w, h), interpolation=cv2.INTER_LINEAR)

    layers.direct *= 1 - big(shadow) * 0.95
    layers.ambient *= 1 - big(occlusion)
    full = big(cover)
    lit = big(shade)
    layers.albedo *= 1 - full[..., None]
    layers.albedo += big(colour_img)
    layers.direct *= 1 - full
    layers.direct += full * (0.25 + 0.85 * lit)
    layers.ambient *= 1 - full
    layers.ambient += full * (0.45 + 0.5 * lit)
    layers.specular *= 1 - full
    return cover


def _pose_hand(
    target: tuple[float, float],
    centre: tuple[float, float],
    cam: Camera,
    rng: np.random.Generator,
) -> dict[str, tuple[np.ndarray, float]]:
    """A hand's parts in the world (mm, N × 3), the index fingertip just above ``target``,
    reaching in from beyond the board's edge nearest it, but never from under the phone
    (the other hand holds that) and never higher than a quarter of the phone's height;
    each with its half-width."""
    side = 1.0 if rng.uniform() < 0.7 else -1.0
    away = np.asarray(target, float) - np.asarray(centre, float)
    if np.hypot(*away) > 20:
        heading = math.atan2(-away[1], -away[0])
    else:
        heading = float(rng.uniform(0, 2 * math.pi))
    heading += math.radians(float(rng.uniform(-35, 35)))
    below = np.asarray(cam.c[:2], float) - np.asarray(target, float)
    if np.hypot(*below) > 1e-6:
        # The arm runs back along -heading: turn it away from the phone's side.
        towards = math.atan2(below[1], below[0])
        off = (heading + math.pi - towards + math.pi) % (2 * math.pi) - math.pi
        if abs(off) < math.radians(70):
            heading += math.copysign(math.radians(70), off) - off
    ceiling = 0.25 * -float(cam.c[2])
    tip_height = float(rng.uniform(6.0, 25.0))
    wrist_height = tip_height + float(rng.uniform(30.0, 70.0))
    shapes, tip = _hand_parts(rng, side)
    c, s = math.cos(heading), math.sin(heading)
    out = {}
    for name, (poly, radius) in shapes.items():
        rel = poly - tip
        xy = np.stack([rel[:, 0] * c - rel[:, 1] * s, rel[:, 0] * s + rel[:, 1] * c], axis=1)
        # Height rises from the fingertip to the wrist (x = 0), then gently up the forearm.
        along = np.clip(1 - poly[:, 0] / tip[0], 0, 1)
        z = tip_height + (wrist_height - tip_height) * along + 0.2 * np.maximum(-poly[:, 0], 0)
        z = np.minimum(z, ceiling)
        out[name] = (np.column_stack([xy + np.asarray(target, float), -z]), radius)
    return out


def _hand_parts(
    rng: np.random.Generator, side: float
) -> tuple[dict[str, tuple[np.ndarray, float]], np.ndarray]:
    """A hand in its own frame (mm): wrist at the origin, fingers towards +x; ``side``
    mirrors it (left or right).  Each part: a polygon and its half-width (for shading);
    and where the index fingertip is."""

    def capsule(a, b, width, n=10) -> np.ndarray:
        a, b = np.asarray(a, float), np.asarray(b, float)
        d = b - a
        ang = math.atan2(d[1], d[0])
        r = width / 2
        arc1 = [
            b + r * np.array([math.cos(ang + t), math.sin(ang + t)])
            for t in np.linspace(-math.pi / 2, math.pi / 2, n)
        ]
        arc2 = [
            a + r * np.array([math.cos(ang + t), math.sin(ang + t)])
            for t in np.linspace(math.pi / 2, 3 * math.pi / 2, n)
        ]
        return np.array(arc1 + arc2)

    k = float(rng.uniform(0.9, 1.1))  # hand size
    pointing = rng.uniform() < 0.6
    shapes: dict = {}
    palm = np.array(
        [(0, -30), (20, -40), (80, -44), (92, -36), (92, 36), (80, 44), (20, 40), (0, 30)], float
    )
    shapes["palm"] = (palm * k * [1, side], 40 * k)
    fingers = {
        "pinky": (-30, 52, 15),
        "ring": (-10, 70, 17),
        "middle": (10, 78, 18),
        "index": (30, 72, 17),
    }
    tip = None
    for name, (y, length, width) in fingers.items():
        curl = 1.0 if (name == "index" or not pointing) else float(rng.uniform(0.35, 0.6))
        curl *= float(rng.uniform(0.9, 1.05))
        spread = math.radians(y / 4 + float(rng.uniform(-4, 4)))
        base = np.array([88.0, y]) * k
        end = base + length * curl * k * np.array([math.cos(spread), math.sin(spread)])
        shapes[name] = (capsule(base * [1, side], end * [1, side], width * k), width * k / 2)
        if name == "index":
            tip = end * [1, side] + np.array([width * k / 2, 0])
    thumb_base = np.array([35.0, 30.0]) * k
    ang = math.radians(float(rng.uniform(15, 40)))
    thumb_end = thumb_base + 50 * k * np.array([math.cos(ang), math.sin(ang)])
    shapes["thumb"] = (capsule(thumb_base * [1, side], thumb_end * [1, side], 21 * k), 10.5 * k)
    arm = np.array([(-300, -38), (5, -32), (5, 32), (-300, 38)], float) * [1, side]
    shapes["arm"] = (arm * k, 36 * k)
    cuff = float(rng.uniform(40, 140))
    sleeve = np.array([(-320, -60), (-cuff, -52), (-cuff - 8, 0), (-cuff, 52), (-320, 60)], float)
    shapes["sleeve"] = (sleeve * k * [1, side], 55 * k)
    order = ["arm", "sleeve", "palm", "thumb", "pinky", "ring", "middle", "index"]
    assert tip is not None
    return {n: shapes[n] for n in order}, tip
