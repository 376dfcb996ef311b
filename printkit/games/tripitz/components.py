"""What the Tripitz Domino kit prints: token sheets, the cavity board, racks, a score sheet.

Tokens and board cavities sit on the hexagonal lattice of ``printkit.geometry.hexgrid``
(pointy-top).  Exact corner positions use integer *hex units*: a corner or centre is
``(x, y)`` with ``x`` in half token widths (``x = 2q + r`` at a centre) and ``y`` in half
corner radii (``y = 3r``), so shared cut edges are found by exact comparison and millimetres
appear only in drawing.

The 64 pids (and the 4 jokers) are drawn from ``pids.PIDS``: body in the token colour, a
vector symbol (triangle, circle, crescent moon, five-point star) in the symbol colour and
the three-letter code.  A symbol whose colour has too little contrast with its token
colour (WCAG ratio below ``MIN_CONTRAST``) gets a thin outline in black or white.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from shapely.geometry import Point as ShapelyPoint

from printkit.draw.bleed import bleed_polygon
from printkit.draw.fiducials import Marker, Patch, marker_items, strip_items
from printkit.draw.lattice import hex_centre, hex_unit_point
from printkit.draw.model import (
    Affine,
    Circle,
    Drawing,
    Item,
    Point,
    Polygon,
    Polyline,
    Role,
    Style,
    Text,
    bbox_of,
    rgb,
)
from printkit.draw.text import fit_size
from printkit.errors import FitError, LayoutError
from printkit.games.tripitz.board import TripitzBoard
from printkit.games.tripitz.pids import JOKERS, PIDS, Pid, Symbol, SymbolColour, TokenColour
from printkit.geometry.hexgrid import (
    AXES,
    Hex,
    Unit,
    hex_corners,
    hex_edges,
    neighbours,
    unique_edges,
)
from printkit.layout.config import Layout
from printkit.layout.sections import SectionPlan, two_halves
from printkit.layout.sheet import (
    CUT,
    Sheet,
    content_box,
    duplex_step,
    inner_box,
    new_page,
    orient_to_fit,
    page_size,
    place_centred,
    two_sided_block,
)

__all__ = [
    "sheets",
    "token_sheets",
    "board_sheets",
    "rack_sheet",
    "score_sheet",
    "board_plan",
    "half_turn",
    "symbol_colours",
    "contrast_ratio",
    "delta_e",
    "outline_colour",
    "hex_corners",
    "largest_token",
    "MIN_CONTRAST",
    "Flap",
    "board_flaps",
    "reference_colours",
    "vision_models",
    "board_picture",
    "MARKER_IDS",
]

KIT = "tripitz"
TITLE = "Tripitz Domino"
MIN_CONTRAST = 3.0
"""WCAG 2 minimum contrast for graphical objects (success criterion 1.4.11)."""
ROUND_GAP = 1.5
"""Space between round tokens, mm (hexagonal tokens share their cut lines instead)."""
BACK = "#e4ddcc"
BACK_LINE = "#9c9279"
GRID = Style(stroke="#8a8a8a", width=0.2)
EDGE_TINT = "#f7dc9c"
EDGE_INK = "#8a5a00"
GLUE = Style(fill="#d9d9d9")
NUMBER_INK = "#555555"
LEGEND = 10.0
"""Height kept under a board for its legend, mm."""
RACK_SEATS = 6
"""Racks printed: one per player, up to the rules' six players."""
BLACK, WHITE = "#000000", "#ffffff"


# --- colour -------------------------------------------------------------------------------

def _linear(v: float) -> float:
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def relative_luminance(colour: str) -> float:
    """WCAG relative luminance of an sRGB ``#rrggbb`` colour (0 black .. 1 white)."""
    r, g, b = (_linear(v) for v in rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(a: str, b: str) -> float:
    """WCAG contrast ratio of two colours, 1 (equal luminance) to 21 (black on white)."""
    la, lb = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def _lab(colour: str) -> tuple[float, float, float]:
    """CIELAB (D65) of an sRGB colour."""
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
    return math.dist(_lab(a), _lab(b))


def ink_on(fill: str) -> str:
    """Black or white, whichever contrasts more with ``fill``."""
    return BLACK if contrast_ratio(BLACK, fill) >= contrast_ratio(WHITE, fill) else WHITE


def outline_colour(symbol: str, token: str) -> str | None:
    """The outline a symbol needs on a token, or None when its own contrast suffices.

    Black or white, whichever stands out better from both the token and the symbol.
    """
    if contrast_ratio(symbol, token) >= MIN_CONTRAST:
        return None
    return max((BLACK, WHITE), key=lambda ink: (min(contrast_ratio(ink, token),
                                                    contrast_ratio(ink, symbol)), ink))


def symbol_colours(layout: Layout) -> dict[SymbolColour, str]:
    """The four symbol colours from ``tripitz.symbol_colours`` (white, black, grey, light blue)."""
    values = layout[KIT]["symbol_colours"]
    if len(values) != len(SymbolColour):
        raise LayoutError(f"tripitz.symbol_colours must list {len(SymbolColour)} colours "
                          f"(white, black, grey, light blue), not {len(values)}")
    return {k: layout.colour(v) for k, v in zip(SymbolColour, values, strict=True)}


def token_colour(layout: Layout, colour: TokenColour) -> str:
    """A token body colour, from ``[colours]`` by its name."""
    return layout.colour(colour.name.lower())


# --- hexagons in exact units ----------------------------------------------------------------



def _radius(flats: float) -> float:
    """Centre-to-corner radius of a hexagon ``flats`` across."""
    return flats / math.sqrt(3)


def chain(edges: Iterable[tuple[Unit, Unit]]) -> list[tuple[Unit, ...]]:
    """Edges joined into as few paths as a greedy walk finds; every edge in exactly one."""
    left = set(edges)
    touching: dict[Unit, set] = {}
    for e in left:
        for v in e:
            touching.setdefault(v, set()).add(e)
    paths = []
    while left:
        odd = sorted(v for v, es in touching.items() if len(es) % 2 == 1)
        start = odd[0] if odd else min(v for e in left for v in e)
        path = [start]
        while touching.get(path[-1]):
            e = min(touching[path[-1]])
            left.discard(e)
            for v in e:
                touching[v].discard(e)
            path.append(e[1] if e[0] == path[-1] else e[0])
        for v in [v for v, es in touching.items() if not es]:
            del touching[v]
        paths.append(tuple(path))
    return paths


# --- tokens ---------------------------------------------------------------------------------

def _symbol_outline(symbol: Symbol, rho: float) -> tuple[Point, ...] | None:
    """The symbol's polygon about the origin (None for the circle), fitting a radius ``rho``."""
    if symbol is Symbol.TRIANGLE:
        lift = rho / 4  # centre the bounding box, not the centroid
        return tuple((rho * math.cos(math.radians(a)), rho * math.sin(math.radians(a)) + lift)
                     for a in (-90, 30, 150))
    if symbol is Symbol.STAR:
        lift = rho * (1 - math.cos(math.radians(36))) / 2
        pts = []
        for k in range(10):
            radius = rho if k % 2 == 0 else 0.42 * rho
            a = math.radians(-90 + 36 * k)
            pts.append((radius * math.cos(a), radius * math.sin(a) + lift))
        return tuple(pts)
    if symbol is Symbol.MOON:
        disc = ShapelyPoint(0, 0).buffer(0.92 * rho, quad_segs=24)
        bite = ShapelyPoint(0.45 * rho, -0.25 * rho).buffer(0.78 * rho, quad_segs=24)
        crescent = disc.difference(bite)
        x0, y0, x1, y1 = crescent.bounds
        dx, dy = -(x0 + x1) / 2, -(y0 + y1) / 2
        return tuple((x + dx, y + dy) for x, y in list(crescent.exterior.coords)[:-1])
    return None


def symbol_items(symbol: Symbol, centre: Point, rho: float, fill: str | None,
                 outline: str | None) -> list[Item]:
    """A symbol as vector shapes: filled (fill ink) or outlined (outline ink)."""
    if fill is None:
        style = Style(stroke=BLACK, width=0.3)
    elif outline is None:
        style = Style(fill=fill)
    else:
        style = Style(fill=fill, stroke=outline, width=0.35)
    cx, cy = centre
    shape = _symbol_outline(symbol, rho)
    if shape is None:
        return [Circle(centre, 0.8 * rho, style, Role.LABEL)]
    return [Polygon(tuple((cx + x, cy + y) for x, y in shape), style, Role.LABEL)]


def _face(shape: str, flats: float, centre: Point) -> tuple[Point, ...] | None:
    """A hexagonal token's face polygon (None for a round token)."""
    if shape != "hex":
        return None
    cx, cy = centre
    return tuple((cx + x, cy + y)
                 for x, y in (hex_unit_point(v, flats) for v in hex_corners((0, 0))))


def _body(shape: str, flats: float, centre: Point, fill: str | None, bleed: float,
          role: Role = Role.FILL) -> list[Item]:
    """A token's coloured face and its bleed (nothing in outline ink)."""
    if fill is None:
        return []
    points = _face(shape, flats, centre)
    if points is None:
        items: list[Item] = []
        if bleed > 0:
            items.append(Circle(centre, flats / 2 + bleed, Style(fill=fill), Role.BLEED))
        return items + [Circle(centre, flats / 2, Style(fill=fill), role)]
    face = Polygon(points, Style(fill=fill), role)
    grown = bleed_polygon(face, bleed)
    return ([grown] if grown is not None else []) + [face]


def token_front(pid: Pid, centre: Point, layout: Layout) -> list[Item]:
    """One token's Side A: body, symbol and printed code (cut lines are drawn by the sheet)."""
    cfg = layout[KIT]
    shape, flats = cfg["token"], float(cfg["token_size"])
    fill_ink = layout.ink == "fill"
    body = token_colour(layout, pid.colour)
    items = _body(shape, flats, centre, body if fill_ink else None, layout.bleed)
    cx, cy = centre
    if pid.symbol is not None and pid.symbol_colour is not None:
        colour = symbol_colours(layout)[pid.symbol_colour] if fill_ink else None
        outline = outline_colour(colour, body) if colour else None
        items += symbol_items(pid.symbol, (cx, cy - 0.06 * flats), 0.27 * flats, colour, outline)
    size = fit_size(pid.code, 0.4 * flats, 0.12 * flats)
    items.append(Text((cx, cy + 0.34 * flats), pid.code, size,
                      fill=ink_on(body) if fill_ink else BLACK))
    return items


def token_back(centre: Point, layout: Layout) -> list[Item]:
    """The uniform Side B of every token: the same motif on all, so a blind draw stays blind."""
    cfg = layout[KIT]
    shape, flats = cfg["token"], float(cfg["token_size"])
    fill_ink = layout.ink == "fill"
    items = _body(shape, flats, centre, BACK if fill_ink else None, layout.bleed)
    line = Style(stroke=BACK_LINE, width=0.35)
    inner = _face(shape, 0.7 * flats, centre)
    items.append(Polygon(inner, line, Role.LINE) if inner is not None
                 else Circle(centre, 0.35 * flats, line, Role.LINE))
    items.append(Text(centre, "TRIPITZ", fit_size("TRIPITZ", 0.5 * flats, 0.11 * flats),
                      fill=BACK_LINE))
    return items


def token_order(layout: Layout) -> list[list[Pid]]:
    """The groups of tokens printed together: all 68 in fill ink, one colour per card in outline."""
    tokens = list(PIDS) + list(JOKERS)
    if layout.ink == "fill":
        return [tokens]
    return [[p for p in tokens if p.colour is c] for c in TokenColour]


def _grid(shape: str, flats: float, width: float, height: float) -> tuple[int, int]:
    """Columns and rows of tokens that fit ``width`` x ``height`` mm."""
    if shape == "hex":
        radius = _radius(flats)
        cols = int((width - flats / 2) // flats + 1e-9)
        rows = int((height - 2 * radius) // (1.5 * radius) + 1e-9) + 1 if height >= 2 * radius \
            else 0
        return max(cols, 0), rows
    pitch = flats + ROUND_GAP
    return int((width + ROUND_GAP) // pitch + 1e-9), int((height + ROUND_GAP) // pitch + 1e-9)


def _slots(tokens: Sequence[Pid], cols: int) -> list[tuple[int, int]]:
    """Row and column of each token, reading order, jokers starting a new row."""
    out, row, col = [], 0, 0
    for k, pid in enumerate(tokens):
        if col == cols or (pid.is_joker and k and not tokens[k - 1].is_joker and col):
            row, col = row + 1, 0
        out.append((row, col))
        col += 1
    return out


def _slot_cell(row: int, col: int) -> Hex:
    """The hexagon of a token slot: odd rows shifted half a token to the right."""
    return Hex(col - row // 2, row)


def _slot_centre(shape: str, flats: float, row: int, col: int) -> Point:
    if shape == "hex":
        return hex_centre(_slot_cell(row, col), _radius(flats))
    pitch = flats + ROUND_GAP
    return (col * pitch, row * pitch)


def _token_shape(layout: Layout) -> str:
    shape = str(layout[KIT]["token"]).lower()
    if shape not in ("hex", "round"):
        raise LayoutError(f"tripitz.token must be hex or round, not {shape!r}")
    return shape


def _token_blocks(tokens: Sequence[Pid], layout: Layout, cols: int
                  ) -> tuple[Drawing, Drawing]:
    """Side A and Side B (in through coordinates) of some tokens, origin at the block corner."""
    shape, flats = _token_shape(layout), float(layout[KIT]["token_size"])
    slots = _slots(tokens, cols)
    centres = [_slot_centre(shape, flats, r, c) for r, c in slots]
    if shape == "hex":
        cells = [_slot_cell(r, c) for r, c in slots]
        corners = [hex_unit_point(v, flats) for h in cells for v in hex_corners(h)]
    else:
        half = flats / 2
        corners = [(x + dx, y + dy) for x, y in centres for dx in (-half, half)
                   for dy in (-half, half)]
    x0, y0, x1, y1 = bbox_of(corners)
    shift = Affine.translate(-x0, -y0)
    front, back = Drawing(x1 - x0, y1 - y0), Drawing(x1 - x0, y1 - y0)
    for pid, centre in zip(tokens, centres, strict=True):
        front.extend(token_front(pid, shift(centre), layout))
        back.extend(token_back(shift(centre), layout))
    light = Style(stroke="#b0b0b0", width=0.15)
    if shape == "hex":
        every, _ = unique_edges(cells)
        for path in chain(every):
            points = tuple(shift(hex_unit_point(v, flats)) for v in path)
            front.add(Polyline(points, CUT, Role.CUT))
            back.add(Polyline(points, light, Role.LINE))
    else:
        for centre in centres:
            front.add(Circle(shift(centre), flats / 2, CUT, Role.CUT))
            back.add(Circle(shift(centre), flats / 2, light, Role.LINE))
    return front, back


def token_sheets(layout: Layout) -> list[Sheet]:
    """Side A with the pids and jokers, Side B with their uniform backs, as many as needed."""
    shape, flats = _token_shape(layout), float(layout[KIT]["token_size"])
    size = page_size(layout)
    box = inner_box(content_box(size, layout.margin))
    cols, rows = _grid(shape, flats, box[2] - box[0], box[3] - box[1])
    if cols < 1 or rows < 1:
        raise FitError(f"a {TITLE} token of {flats:g} mm does not fit on {layout.paper_name} "
                       "(set tripitz.token_size)")
    cols = min(cols, 8)  # 8 a row: each token colour fills two rows of the 64 pids
    out = []
    for group in token_order(layout):
        slots = _slots(group, cols)
        pages = []
        for first in range(0, slots[-1][0] + 1, rows):
            pages.append([p for p, (r, _) in zip(group, slots, strict=True)
                          if first <= r < first + rows])
        for k, chunk in enumerate(pages, start=1):
            out.append(_token_sheet(chunk, layout, cols, k, len(pages), size, box))
    return out


def _token_sheet(tokens: Sequence[Pid], layout: Layout, cols: int, number: int, count: int,
                 size: tuple[float, float], box: tuple[float, float, float, float]) -> Sheet:
    front_block, back_block = _token_blocks(tokens, layout, cols)
    colours = {p.colour for p in tokens}
    one = next(iter(colours)).name.lower() if len(colours) == 1 else None
    stem = "tokens" + (f"-{one}" if one and layout.ink != "fill" else "") + \
        (f"-{number}" if count > 1 else "")
    title = f"{TITLE} · tokens" + (f" · {one}" if one and layout.ink != "fill" else "") + \
        (f" ({number} of {count})" if count > 1 else "")
    front, back = two_sided_block(layout, size, title, front_block, back_block, box,
                                  "the tokens")
    cut = ("Cut along the black lines; neighbouring tokens share each cut."
           if layout[KIT]["token"] == "hex" else "Cut out the round tokens along their circles.")
    stock = "white card" if layout.ink == "fill" else f"{one or 'coloured'} card"
    jokers = sum(p.is_joker for p in tokens)
    return Sheet(KIT, stem, title, front, back, stock=stock,
                 steps=[duplex_step(layout), cut,
                        f"This sheet holds {len(tokens) - jokers} pids and {jokers} jokers."])


# --- board ----------------------------------------------------------------------------------

def half_turn(cells: Iterable[tuple[int, int]]) -> Hex:
    """``(Q, R)`` such that ``h -> (Q - q, R - r)`` turns the region half way about its centre.

    Raises ValueError when the region is not centrally symmetric on the lattice.
    """
    region = {Hex(*h) for h in cells}
    n = len(region)
    sq, sr = sum(h.q for h in region), sum(h.r for h in region)
    if (2 * sq) % n or (2 * sr) % n:
        raise ValueError("the board has no half-turn symmetry on the lattice")
    q0, r0 = 2 * sq // n, 2 * sr // n
    if {Hex(q0 - h.q, r0 - h.r) for h in region} != region:
        raise ValueError("the board has no half-turn symmetry")
    return Hex(q0, r0)


def _turn(centre2: Hex):
    def turn(h: Hex) -> Hex:
        return Hex(centre2.q - h.q, centre2.r - h.r)
    return turn


def _seams(board: TripitzBoard) -> list[frozenset]:
    """The straight lines of cavities that a half turn of the board keeps in place."""
    centre2 = half_turn(board.cavities)
    turn = _turn(centre2)
    seams = set()
    for h in board.cavities:
        t = turn(h)
        d = (t.q - h.q, t.r - h.r)
        for axis in AXES:
            # The line through h along the axis holds its turned image: the line is kept.
            cross = d[0] * axis.r - d[1] * axis.q
            if cross == 0:
                seams.add(frozenset(c for c in board.cavities if
                                    (c.q - h.q) * axis.r - (c.r - h.r) * axis.q == 0))
    return sorted(seams, key=lambda s: (len(s), sorted(s)))


def board_plan(board: TripitzBoard) -> list[SectionPlan]:
    """The ways to print the board as two halves overlapping by one line of cavities."""
    centre2 = half_turn(board.cavities)
    plans = []
    for seam in _seams(board):
        try:
            plans.append(two_halves(board.cavities, seam, _turn(centre2), neighbours))
        except ValueError:
            continue
    return plans


def _pitch(layout: Layout) -> float:
    cfg = layout[KIT]
    return float(cfg["token_size"]) + float(cfg["cavity_gap"])


def _board(layout: Layout) -> TripitzBoard:
    sides = layout[KIT]["board_sides"]
    if len(sides) != 3 or any(int(s) != s or s < 2 for s in sides):
        raise LayoutError(f"tripitz.board_sides must be 3 whole numbers of at least 2, "
                          f"not {sides!r}")
    return TripitzBoard(tuple(int(s) for s in sides))  # type: ignore[arg-type]


def board_drawing(board: TripitzBoard, cells: frozenset, layout: Layout,
                  glue: frozenset = frozenset(), seam_ticks: Iterable[tuple[Hex, Hex]] = (),
                  flaps: Sequence[Flap] = ()) -> Drawing:
    """Cavities in board mm (cavity 0,0 at the origin): rim tint, numbers, centre marks, cut.

    ``glue`` cavities are shaded for glue instead; each ``(cell, towards)`` pair of
    ``seam_ticks`` draws an alignment tick across their shared edge into ``towards``;
    each of ``flaps`` widens the cut outline by a marker strip (see ``board_flaps``).
    """
    cfg = layout[KIT]
    pitch, shape, fill_ink = _pitch(layout), _token_shape(layout), layout.ink == "fill"
    radius = _radius(pitch)
    d = Drawing()
    for h in sorted(cells, key=board.cavity_number):
        poly = tuple(hex_unit_point(v, pitch) for v in hex_corners(h))
        cx, cy = hex_centre(h, radius)
        if h in glue:
            d.add(Polygon(poly, GLUE, Role.GLUE))
            d.add(Text((cx, cy), "glue", 0.14 * pitch, fill="#555555"))
            continue
        edge = h in board.outer
        if edge and fill_ink:
            d.add(Polygon(poly, Style(fill=EDGE_TINT), Role.FILL))
        if shape == "round":
            d.add(Circle((cx, cy), pitch / 2, Style(stroke="#6f6f6f", width=0.25), Role.LINE))
        if h in board.centre:
            d.add(Circle((cx, cy), 0.13 * pitch, Style(stroke=BLACK, width=0.35), Role.LABEL))
            d.add(Circle((cx, cy), 0.05 * pitch, Style(fill=BLACK), Role.LABEL))
        if cfg["numbers"]:
            d.add(Text((cx, cy - 0.29 * pitch), str(board.cavity_number(h)), 0.11 * pitch,
                       fill=NUMBER_INK))
        if edge:
            d.add(Text((cx, cy + 0.29 * pitch), "\u00d72", 0.1 * pitch, fill=EDGE_INK,
                       bold=True))
    every, boundary = unique_edges(cells)
    for a, b in sorted(every - boundary):
        d.add(Polyline((hex_unit_point(a, pitch), hex_unit_point(b, pitch)), GRID, Role.LINE))
    tick = Style(stroke=BLACK, width=0.3)
    for cell, towards in seam_ticks:
        shared = set(hex_edges(cell)) & set(hex_edges(towards))
        for a, b in shared:
            (ax, ay), (bx, by) = hex_unit_point(a, pitch), hex_unit_point(b, pitch)
            mid = ((ax + bx) / 2, (ay + by) / 2)
            tx, ty = hex_centre(towards, radius)
            k = 0.3
            d.add(Polyline((mid, (mid[0] + (tx - mid[0]) * k, mid[1] + (ty - mid[1]) * k)),
                           tick, Role.MARK))
    for loop in chain(boundary):
        ring = [hex_unit_point(v, pitch) for v in loop[:-1]]
        for flap in flaps:
            ring = _with_flap(ring, flap)
        d.add(Polygon(tuple(ring), CUT, Role.CUT))
    for flap in flaps:
        for marker in flap.markers:
            d.extend(marker_items(marker))
        d.extend(strip_items(list(flap.patches)))
    return d


def _board_box(layout: Layout, size: tuple[float, float]) -> tuple[float, float, float, float]:
    x0, y0, x1, y1 = content_box(size, layout.margin)
    return (x0, y0, x1, y1 - LEGEND)


def _section_parts(board: TripitzBoard, plan: SectionPlan, k: int
                   ) -> tuple[frozenset, frozenset, list[tuple[Hex, Hex]]]:
    """Copy ``k``'s cavities, its glue strip and its alignment ticks."""
    cells = plan.copy(k)
    glue = plan.glue_of(k)
    ticks = []
    for h in sorted(glue):  # from the glue strip into the copy's own cavities
        ticks += [(h, n) for n in neighbours(h) if n in cells and n not in glue]
    for h in sorted(plan.top_of(k)):  # from the board outside into the overlapping strip
        ticks += [(n, h) for n in neighbours(h) if n in board and n not in cells]
    return cells, glue, ticks


# --- markers and colour strip for the photo reader ----------------------------------------

MARKER = 14.0
"""Side of a printed ArUco marker, mm."""
PATCH = 8.0
"""Side of a colour reference patch, mm."""
PATCH_GAP = 1.5
"""Space between reference patches, mm."""
FLAP = 22.0
"""How far the marker strip reaches beyond the outermost cavity corners, mm."""
MARKER_IDS = ((30, 31), (32, 33))
"""Marker ids on the strip of board half 1 and of half 2 (a board printed whole has both)."""


@dataclass(frozen=True)
class Flap:
    """A marker strip along a half's outer side, in board mm.

    ``start`` and ``end`` are the outermost cavity outline's end corners on that side,
    ``normal`` points away from the board; the strip reaches ``depth`` beyond them.
    """

    start: Point
    end: Point
    normal: Point
    depth: float
    markers: tuple[Marker, ...]
    patches: tuple[Patch, ...]
    white: tuple[Point, ...]

    @property
    def outer(self) -> tuple[Point, Point]:
        """The strip's outer corners, beyond ``end`` and ``start``."""
        nx, ny = self.normal
        return ((self.end[0] + nx * self.depth, self.end[1] + ny * self.depth),
                (self.start[0] + nx * self.depth, self.start[1] + ny * self.depth))


def reference_colours(layout: Layout) -> list[tuple[str, str]]:
    """The strip's patches as printed: white, black, the token colours, the symbol colours."""
    out = [("white", WHITE), ("black", BLACK)]
    out += [(c.name.lower(), token_colour(layout, c)) for c in TokenColour]
    out += [(f"{k.name.lower().replace('_', ' ')} symbol", v)
            for k, v in symbol_colours(layout).items()]
    return out


def _flap(board: TripitzBoard, plan: SectionPlan, k: int, layout: Layout) -> Flap:
    """The marker strip beyond copy ``k``'s side opposite the seam."""
    pitch = _pitch(layout)
    radius = _radius(pitch)
    seam = sorted(plan.copy(0) & plan.copy(1))
    (sx, sy), (tx, ty) = hex_centre(seam[0], radius), hex_centre(seam[-1], radius)
    length = math.hypot(tx - sx, ty - sy)
    u = ((tx - sx) / length, (ty - sy) / length)
    n = (-u[1], u[0])
    own = plan.copy(k) - plan.copy(1 - k)

    def across(p: Point) -> float:
        return (p[0] - sx) * n[0] + (p[1] - sy) * n[1]

    if sum(across(hex_centre(h, radius)) for h in own) < 0:
        n = (-n[0], -n[1])
    far = max(across(hex_centre(h, radius)) for h in own)
    valley = [p for h in own if abs(across(hex_centre(h, radius)) - far) < 1e-6
              for p in (hex_unit_point(v, pitch) for v in hex_corners(h))
              if abs(across(p) - far - radius / 2) < 1e-6]

    def along(p: Point) -> float:
        return (p[0] - sx) * u[0] + (p[1] - sy) * u[1]

    a, b = min(valley, key=along), max(valley, key=along)
    span = along(b) - along(a)
    lift = radius / 2 + FLAP / 2  # the strip's middle line, above the valley corners

    def at(t: float, h: float) -> Point:
        return (a[0] + u[0] * t + n[0] * h, a[1] + u[1] * t + n[1] * h)

    box = MARKER / 2 + MARKER / 6  # half the marker with its quiet zone
    ids = MARKER_IDS[k]
    # Each marker's "down" (where its small id label goes) points along the strip inwards.
    markers = (Marker(ids[0], at(1.0 + box, lift), MARKER,
                      math.degrees(math.atan2(-u[0], u[1]))),
               Marker(ids[1], at(span - 1.0 - box, lift), MARKER,
                      math.degrees(math.atan2(u[0], -u[1]))))
    names = reference_colours(layout)
    room = span - 2 * (1.0 + 2 * box + 3.5)
    step = min(PATCH + PATCH_GAP, room / len(names))
    side = step - PATCH_GAP if step < PATCH + PATCH_GAP else PATCH
    first = span / 2 - (len(names) - 1) / 2 * step
    patches = []
    for j, (name, colour) in enumerate(names):
        c = at(first + j * step, lift)
        h = side / 2
        ring = tuple((c[0] + u[0] * du + n[0] * dn, c[1] + u[1] * du + n[1] * dn)
                     for du, dn in ((-h, -h), (h, -h), (h, h), (-h, h)))
        patches.append(Patch(name, colour, ring))
    edge = 2.5
    white = tuple(at(t, radius / 2 + h) for t in _steps(2 * box + 3.0, span - 2 * box - 3.0, 8.0)
                  for h in (edge, FLAP - edge))
    return Flap(a, b, n, radius / 2 + FLAP, markers, tuple(patches), white)


def _steps(lo: float, hi: float, step: float) -> list[float]:
    count = max(1, int((hi - lo) // step))
    return [lo + (hi - lo) * j / count for j in range(count + 1)]


def _flaps(board: TripitzBoard, plan: SectionPlan, layout: Layout) -> tuple[Flap, Flap]:
    return (_flap(board, plan, 0, layout), _flap(board, plan, 1, layout))


def board_flaps(layout: Layout) -> tuple[Flap, Flap]:
    """The marker strips of the board as printed (two halves, or whole with both strips)."""
    return _printed(layout)[3]  # type: ignore[return-value]


def _with_flap(ring: list[Point], flap: Flap) -> list[Point]:
    """A cut outline with the cavity corners along ``flap``'s side replaced by the strip."""
    def near(p: Point, q: Point) -> bool:
        return abs(p[0] - q[0]) < 1e-6 and abs(p[1] - q[1]) < 1e-6

    starts = [i for i, p in enumerate(ring) if near(p, flap.start)]
    ends = [i for i, p in enumerate(ring) if near(p, flap.end)]
    if not starts or not ends:
        return ring
    i = starts[0]
    ring = ring[i:] + ring[:i]
    j = next(k for k, p in enumerate(ring) if near(p, flap.end))
    nx, ny = flap.normal

    def outside(p: Point) -> bool:
        return (p[0] - flap.start[0]) * nx + (p[1] - flap.start[1]) * ny > -1e-6

    end_out, start_out = flap.outer
    if all(outside(p) for p in ring[1:j]):
        return [ring[0], start_out, end_out] + ring[j:]
    return ring[:j + 1] + [end_out, start_out]


Fitted = tuple[SectionPlan | None, list[Drawing], tuple[float, float], tuple[Flap, ...]]


def _fitted_sections(layout: Layout, board: TripitzBoard) -> Fitted | None:
    """The whole board, or else the halves of the first plan that fit, with the page size
    (portrait tried before landscape) and the marker strips; None if nothing fits.

    A board printed whole carries the strips of the first plan's two halves, so it looks
    to the camera exactly like the two halves glued together.
    """
    sizes = (page_size(layout), page_size(layout, landscape=True))
    plans = board_plan(board)
    first = _flaps(board, plans[0], layout) if plans else ()
    whole = board_drawing(board, frozenset(board.cavities), layout, flaps=first)
    for size in sizes:
        fitted = orient_to_fit(whole, _board_box(layout, size))
        if fitted is not None:
            return None, [fitted], size, first
    for plan in plans:
        flaps = _flaps(board, plan, layout)
        parts = []
        for k in range(plan.copies):
            cells, glue, ticks = _section_parts(board, plan, k)
            parts.append(board_drawing(board, cells, layout, glue, ticks, flaps[k:k + 1]))
        for size in sizes:
            drawings = [orient_to_fit(d, _board_box(layout, size)) for d in parts]
            if all(d is not None for d in drawings):
                return plan, drawings, size, flaps  # type: ignore[return-value]
    return None


def _legend(layout: Layout, size: tuple[float, float], extra: str = "") -> list[Item]:
    _, _, x1, y1 = content_box(size, layout.margin)
    x0 = layout.margin
    lines = ["Tinted cavities marked \u00d72: the outer ring, where a move scores double.  "
             "Ringed dots: the 4 centre cavities for the starting pids.",
             "Cavities are numbered row by row from the top, for writing down moves." + extra]
    width = x1 - x0
    return [Text((x0, y1 - LEGEND + 3.0 + 4.2 * k), line, fit_size(line, width, 2.8),
                 fill="#333333", anchor="start", role=Role.INFO)
            for k, line in enumerate(lines)]


def board_sheets(layout: Layout) -> list[Sheet]:
    """The cavity board on one sheet, or as two halves that overlap by one line of cavities."""
    board = _board(layout)
    found = _fitted_sections(layout, board)
    if found is None:
        raise FitError(f"the {TITLE} board with {_pitch(layout):g} mm cavities does not fit "
                       f"on {layout.paper_name} even in two halves; the largest token that "
                       f"fits is {largest_token(layout):.1f} mm (set tripitz.token_size)")
    plan, drawings, size, _ = found
    box = _board_box(layout, size)
    if plan is None:
        title = f"{TITLE} · board"
        page = new_page(size, layout.margin, title)
        page.place(drawings[0], place_centred(drawings[0], box, "the board"))
        page.extend(_legend(layout, size))
        return [Sheet(KIT, "board", title, page, stock="white card or paper",
                      steps=["Cut the board out along its outline."])]
    out = []
    count = plan.copies
    for k, drawing in enumerate(drawings):
        title = f"{TITLE} · board section {k + 1} of {count}"
        page = new_page(size, layout.margin, title)
        page.place(drawing, place_centred(drawing, box, "the board section"))
        nxt = plan.next_copy(k)
        extra = (f"  Glue the grey strip under section {nxt + 1}." if nxt is not None else
                 f"  Lay this section's edge row on section {k} and match the ticks.")
        page.extend(_legend(layout, size, extra))
        steps = ["Cut the section out along its outline."]
        if nxt is not None:
            steps.append(f"Spread glue on the grey strip and lay section {nxt + 1} on it, its "
                         "edge row covering the strip, with the ticks running on across the "
                         "seam.")
        out.append(Sheet(KIT, f"board-section-{k + 1}", title, page,
                         stock="white card or paper", steps=steps))
    return out


# --- rack and score sheet -------------------------------------------------------------------

def _rack(layout: Layout) -> Drawing:
    """A card with 7 token cavities in a row and a name line, origin at its top left."""
    pitch, shape = _pitch(layout), _token_shape(layout)
    radius = _radius(pitch)
    pad, band = 4.0, 8.5
    height = band + 2 * radius + pad
    width = 7 * pitch + 2 * pad
    d = Drawing(width, height)
    outline = ((0.0, 0.0), (width, 0.0), (width, height), (0.0, height))
    if layout.ink == "fill":
        card = Polygon(outline, Style(fill="#f4efe4"), Role.FILL)
        grown = bleed_polygon(card, layout.bleed)
        d.add(*(([grown] if grown else []) + [card]))
    d.add(Text((pad, band / 2 + 1.0), "Player ____________", 3.2, fill="#333333",
               anchor="start"))
    d.add(Text((width - pad, band / 2 + 1.0), f"{TITLE} \u00b7 rack", 2.6, fill="#777777",
               anchor="end"))
    cells = [Hex(k, 0) for k in range(7)]
    shift = Affine.translate(pad + pitch / 2, band + radius)
    for k, h in enumerate(cells, start=1):
        centre = shift(hex_centre(h, radius))
        if shape == "hex":
            d.add(Polygon(tuple(shift(hex_unit_point(v, pitch)) for v in hex_corners(h)),
                          Style(fill=WHITE, stroke="#6f6f6f", width=0.25), Role.LINE))
        else:
            d.add(Circle(centre, pitch / 2, Style(fill=WHITE, stroke="#6f6f6f", width=0.25),
                         Role.LINE))
        d.add(Text(centre, str(k), 0.2 * pitch, fill="#d0d0d0"))
    d.add(Polygon(outline, CUT, Role.CUT))
    return d


def _rack_box(layout: Layout) -> tuple[float, float, float, float]:
    return inner_box(content_box(page_size(layout), layout.margin), 3.0)


def _rack_fits(layout: Layout) -> bool:
    box = _rack_box(layout)
    rack = _rack(layout)
    return rack.width <= box[2] - box[0] and rack.height <= box[3] - box[1]


def rack_sheet(layout: Layout) -> Sheet:
    """As many 7-slot racks as there can be players, one under the other."""
    size = page_size(layout)
    box = _rack_box(layout)
    rack = _rack(layout)
    gap = 3.0
    block = Drawing(rack.width, RACK_SEATS * rack.height + (RACK_SEATS - 1) * gap)
    if not _rack_fits(layout):
        raise FitError(f"a {TITLE} rack for {float(layout[KIT]['token_size']):g} mm tokens "
                       f"is {rack.width:.1f} x {rack.height:.1f} mm; {layout.paper_name} leaves "
                       f"{box[2] - box[0]:.1f} x {box[3] - box[1]:.1f} mm; the largest token "
                       f"that fits is {largest_token(layout):.1f} mm (set tripitz.token_size)")
    seats = RACK_SEATS
    while block.height > box[3] - box[1] and seats > 1:
        seats -= 1
        block.height = seats * rack.height + (seats - 1) * gap
    for k in range(seats):
        block.place(rack, Affine.translate(0.0, k * (rack.height + gap)))
    title = f"{TITLE} · racks"
    page = new_page(size, layout.margin, title)
    page.place(block, place_centred(block, box, "the racks"))
    return Sheet(KIT, "racks", title, page, stock="card",
                 steps=[f"Cut out the {seats} racks, one for each player; each holds the "
                        "player's 7 pids face up."])


SCORE_COLUMNS = (("T", 5.0), ("Q", 5.0), ("N", 5.0), ("\u00d72", 5.0), ("points", 0.0))
"""Per player: triples, quadruples, neighbours touched, outer-ring tick, the move's points."""


def score_sheet(layout: Layout) -> Sheet:
    """The secretary's sheet: a column group per player, a row per round of turns."""
    size = page_size(layout)
    x0, y0, x1, y1 = content_box(size, layout.margin)
    page = new_page(size, layout.margin, f"{TITLE} · score sheet")
    ink = "#333333"
    intro = ("points = (T + 3 \u00d7 Q) \u00d7 N, doubled (\u00d72) on the outer ring.  "
             "T triples, Q quadruples formed, N neighbouring pids touched (1 to 6).")
    page.add(Text((x0, y0 + 2.0), intro, fit_size(intro, x1 - x0, 3.0), fill=ink,
                  anchor="start", role=Role.INFO))
    top = y0 + 6.0
    turn_w, name_h, head_h, row_h = 10.0, 8.0, 5.0, 6.5
    group = (x1 - x0 - turn_w) / RACK_SEATS
    fixed = sum(w for _, w in SCORE_COLUMNS)
    widths = [w or group - fixed for _, w in SCORE_COLUMNS]
    rows = int((y1 - top - name_h - head_h - row_h) // row_h)
    bottom = top + name_h + head_h + (rows + 1) * row_h
    thin, thick = Style(stroke="#9a9a9a", width=0.15), Style(stroke=BLACK, width=0.35)
    body_top = top + name_h + head_h
    for k in range(rows + 2):
        y = body_top + k * row_h
        style = thick if k in (0, rows, rows + 1) else thin
        page.add(Polyline(((x0, y), (x1, y)), style, Role.LINE))
    page.add(Polyline(((x0, top), (x1, top)), thick, Role.LINE))
    page.add(Polyline(((x0 + turn_w, top + name_h), (x1, top + name_h)), thin, Role.LINE))
    page.add(Text((x0 + turn_w / 2, top + (name_h + head_h) / 2), "Turn", 2.6, fill=ink))
    for k in range(rows):
        page.add(Text((x0 + turn_w / 2, body_top + (k + 0.5) * row_h), str(k + 1), 2.4,
                      fill="#777777"))
    page.add(Text((x0 + turn_w / 2, body_top + (rows + 0.5) * row_h), "Total", 2.6, fill=ink,
                  bold=True))
    page.add(Polyline(((x0, top), (x0, bottom)), thick, Role.LINE))
    for p in range(RACK_SEATS):
        gx = x0 + turn_w + p * group
        page.add(Polyline(((gx, top), (gx, bottom)), thick, Role.LINE))
        page.add(Text((gx + 1.2, top + 2.4), f"Player {p + 1}", 2.2, fill="#777777",
                      anchor="start"))
        cx = gx
        for (label, _), w in zip(SCORE_COLUMNS, widths, strict=True):
            page.add(Text((cx + w / 2, top + name_h + head_h / 2), label, 2.4, fill=ink))
            cx += w
            if cx < gx + group - 1e-6:
                page.add(Polyline(((cx, top + name_h), (cx, body_top + rows * row_h)), thin,
                                  Role.LINE))
    page.add(Polyline(((x1, top), (x1, bottom)), thick, Role.LINE))
    return Sheet(KIT, "score-sheet", f"{TITLE} · score sheet", page, stock="plain paper",
                 steps=["Print as many score sheets as you need; the secretary fills in one "
                        "row per round and adds up each player's points."])


# --- the kit --------------------------------------------------------------------------------

def largest_token(layout: Layout) -> float:
    """The largest token size (to 0.1 mm) at which the board and racks fit the paper."""
    lo, hi = 4.0, 80.0
    board = _board(layout)
    while hi - lo > 0.05:
        mid = (lo + hi) / 2
        trial = layout.with_values(tripitz={"token_size": mid})
        if _fitted_sections(trial, board) is not None and _rack_fits(trial):
            lo = mid
        else:
            hi = mid
    return math.floor(lo * 10) / 10


def sheets(layout: Layout) -> list[Sheet]:
    """Every Tripitz sheet for this layout."""
    symbol_colours(layout)  # report a bad colour list before drawing anything
    out = token_sheets(layout)
    out += board_sheets(layout)
    if layout[KIT]["racks"]:
        out.append(rack_sheet(layout))
    out.append(score_sheet(layout))
    return out


# --- the board as the photo reader sees it ----------------------------------------------------

VARIANT = "board"
"""The one board variant: two halves glued, or the board printed whole (same geometry)."""
READ_PX_PER_MM = 4.0
"""Scale at which the reader looks at the board: symbols are some 45 px across."""


_PRINTED: dict[str, Fitted] = {}


def _printed(layout: Layout) -> Fitted:
    """How the board is printed for this layout (remembered: the reader asks per photo)."""
    key = repr(layout.data)
    if key not in _PRINTED:
        found = _fitted_sections(layout, _board(layout))
        if found is None:
            raise FitError(f"the {TITLE} board does not fit on {layout.paper_name}")
        if len(_PRINTED) > 8:
            _PRINTED.clear()
        _PRINTED[key] = found
    return _PRINTED[key]


def vision_models(layout: Layout) -> list:
    """The assembled board as a photo reader sees it (board frame: cavity 1's lattice, mm).

    Cells are the cavities, keyed by their printed numbers as strings; classes are
    ``empty``, the 64 pid codes and the 4 jokers.  The cells are read by
    ``printkit.games.tripitz.reader.classify`` (token colour, symbol, symbol colour).
    """
    from printkit.games.tripitz.reader import classify
    from printkit.vision.model import BoardModel

    board = _board(layout)
    flaps = _printed(layout)[3]
    pitch = _pitch(layout)
    radius = _radius(pitch)
    cells = {str(board.cavity_number(h)): tuple(hex_unit_point(v, pitch) for v in hex_corners(h))
             for h in board.cavities}
    pids = list(PIDS) + list(JOKERS)
    colours = {"empty": WHITE, **{p.code: token_colour(layout, p.colour) for p in pids}}
    outline = _assembled_outline(board, layout, flaps)
    x0, y0, x1, y1 = bbox_of(outline)
    reach = 4.0
    extra = {
        "centres": {str(board.cavity_number(h)): hex_centre(h, radius) for h in board.cavities},
        "paper": {str(board.cavity_number(h)): EDGE_TINT if h in board.outer else WHITE
                  for h in board.cavities},
        "token_size": float(layout[KIT]["token_size"]),
        "token_shape": _token_shape(layout),
        "pitch": pitch,
        "token_colours": {c: token_colour(layout, c) for c in TokenColour},
        "symbol_colours": symbol_colours(layout),
        "layout": layout,
    }
    return [BoardModel(
        KIT, VARIANT,
        markers=tuple(m for f in flaps for m in f.markers),
        patches=tuple(p for f in flaps for p in f.patches),
        cells=cells, classes=("empty", *(p.code for p in pids)), colours=colours,
        bounds=(x0 - reach, y0 - reach, x1 + reach, y1 + reach),
        white=tuple(p for f in flaps for p in f.white),
        cell_key=str, classify=classify, px_per_mm=READ_PX_PER_MM, extra=extra)]


def _assembled_outline(board: TripitzBoard, layout: Layout, flaps: Sequence[Flap]
                       ) -> list[Point]:
    """The outline of the whole board with its marker strips, board mm."""
    _, boundary = unique_edges(board.cavities)
    ring = [hex_unit_point(v, _pitch(layout)) for v in chain(boundary)[0][:-1]]
    for flap in flaps:
        ring = _with_flap(ring, flap)
    return ring


def board_picture(layout: Layout) -> Drawing:
    """The printed board in the board frame as it lies on the table, before any pid.

    Two halves: half 1 with its glue strip, then half 2 laid over that strip; a board
    printed whole: that print.  Each print is white paper inside its cut outline.
    """
    board = _board(layout)
    plan, _, _, flaps = _printed(layout)
    picture = Drawing()
    if plan is None:
        parts = [board_drawing(board, frozenset(board.cavities), layout, flaps=flaps)]
    else:
        parts = []
        for k in range(plan.copies):
            cells, glue, ticks = _section_parts(board, plan, k)
            parts.append(board_drawing(board, cells, layout, glue, ticks, flaps[k:k + 1]))
    for part in parts:
        cut = next(item for item in part.items if item.role == Role.CUT
                   and isinstance(item, Polygon))
        picture.add(Polygon(cut.points, Style(fill=WHITE), Role.FILL))
        picture.extend(part.items)
    return picture
