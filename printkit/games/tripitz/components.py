"""What the Tripitz Domino kit prints, drawn: tokens, the cavity board and its marker strips.

Tokens and board cavities sit on the hexagonal lattice of ``printkit.geometry.hexgrid``
(pointy-top).  Exact corner positions use integer *hex units*: a corner or centre is
``(x, y)`` with ``x`` in half token widths (``x = 2q + r`` at a centre) and ``y`` in half
corner radii (``y = 3r``), so shared cut edges are found by exact comparison and millimetres
appear only in drawing.

The 64 pids are drawn from ``pids.PIDS``: body in the token colour, a vector symbol
(triangle, circle, crescent moon, five-point star) in the symbol colour and the
three-letter code.  A symbol whose colour has too little contrast with its token colour
(WCAG ratio below ``MIN_CONTRAST``) gets a thin outline in black or white.  The 4 jokers
(``pids.JOKERS``) are plain tokens, as the seed has them: the body in its colour and
nothing printed on it; their codes (``RJJ``) live only in records.

The sheets these drawings are laid out on are made in ``kit``; the layout section
``[tripitz]`` is read as ``Settings``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import ClassVar

from printkit.draw.bleed import bleed_polygon
from printkit.draw.colour import BLACK, WHITE, contrast_ratio, ink_on
from printkit.draw.fiducials import Marker, Patch, marker_items, strip_items
from printkit.draw.lattice import hex_centre, hex_unit_point
from printkit.draw.model import (
    Circle,
    Drawing,
    Item,
    Point,
    Polygon,
    Polyline,
    Role,
    Style,
    Text,
)
from printkit.draw.text import fit_size
from printkit.errors import FitError, LayoutError
from printkit.games.tripitz.board import TripitzBoard
from printkit.games.tripitz.pids import Pid, SymbolColour, TokenColour
from printkit.games.tripitz.symbols import symbol_items
from printkit.geometry.hexgrid import (
    Hex,
    Unit,
    hex_corners,
    hex_edges,
    neighbours,
    unique_edges,
)
from printkit.i18n import N_, _
from printkit.layout import config
from printkit.layout.config import Layout, setting
from printkit.layout.sheet import CUT, content_box, orient_to_fit, page_size

__all__ = [
    "Settings",
    "token_front",
    "token_back",
    "token_colour",
    "face_points",
    "circumradius",
    "cavity_pitch",
    "board_for",
    "board_box",
    "chain",
    "fitted_sections",
    "assembled_outline",
    "board_drawing",
    "BoardHalves",
    "board_plan",
    "symbol_colours",
    "outline_colour",
    "hex_corners",
    "MIN_CONTRAST",
    "Flap",
    "board_flaps",
    "reference_colours",
    "board_picture",
    "printed_board",
    "MARKER_IDS",
]

KIT = "tripitz"
TITLE = N_("Tripitz Domino")
"""The game's name as printed (translate it with ``_(TITLE)``)."""
MIN_CONTRAST = 3.0
"""WCAG 2 minimum contrast for graphical objects (success criterion 1.4.11)."""
BACK = "#e4ddcc"
BACK_LINE = "#9c9279"
GRID = Style(stroke="#8a8a8a", width=0.2)
EDGE_TINT = "#f7dc9c"
EDGE_INK = "#8a5a00"
GLUE = Style(fill="#d9d9d9")
NUMBER_INK = "#555555"
LEGEND = 10.0
"""Height kept under a board for its legend, mm."""
MIN_TOKEN, MAX_TOKEN = 4.0, 100.0
"""The token sizes a layout may ask for, mm."""


@dataclass(frozen=True)
class Settings(config.Settings):
    """``[tripitz]``: the tokens, the cavity board and what is printed on it."""

    SECTION: ClassVar[str] = "tripitz"
    token: str = setting(
        "hex",
        choices=("hex", "round"),
        doc="hex: hexagonal tokens packed edge to edge (shared cuts); round: discs",
    )
    token_size: float = setting(
        20.0,
        lo=MIN_TOKEN,
        hi=MAX_TOKEN,
        doc="across the flats of a hexagonal token, or the diameter "
        "of a round one; 20 is the largest at which the board "
        "halves fit A4 and Letter",
    )
    cavity_gap: float = setting(
        1.5, lo=0.0, hi=10.0, doc="the board's cavities are this much wider than a token"
    )
    board_sides: tuple[int, ...] = setting(
        (6, 6, 7), lo=2, hi=12, doc="hexagon side lengths of the cavity board (102 cavities)"
    )
    racks: bool = setting(True, doc="print a 7-slot rack per player")
    numbers: bool = setting(True, doc="print each cavity's number small on the board")
    symbol_colours: tuple[str, ...] = setting(
        ("#ffffff", "#1a1a1a", "#8c8c8c", "#8fd3f7"),
        doc="white, black, grey, light blue (names from [colours] work too); faint symbols "
        "get a thin outline",
    )


# --- colour -------------------------------------------------------------------------------


def outline_colour(symbol: str, token: str) -> str | None:
    """The outline a symbol needs on a token, or None when its own contrast suffices.

    Black or white, whichever stands out better from both the token and the symbol.
    """
    if contrast_ratio(symbol, token) >= MIN_CONTRAST:
        return None
    return max(
        (BLACK, WHITE),
        key=lambda ink: (min(contrast_ratio(ink, token), contrast_ratio(ink, symbol)), ink),
    )


def symbol_colours(layout: Layout) -> dict[SymbolColour, str]:
    """The four symbol colours from ``tripitz.symbol_colours`` (white, black, grey, light blue)."""
    values = layout.section(Settings).symbol_colours
    if len(values) != len(SymbolColour):
        raise LayoutError(
            f"tripitz.symbol_colours must list {len(SymbolColour)} colours "
            f"(white, black, grey, light blue), not {len(values)}"
        )
    return {k: layout.colour(v) for k, v in zip(SymbolColour, values, strict=True)}


def token_colour(layout: Layout, colour: TokenColour) -> str:
    """A token body colour, from ``[colours]`` by its name."""
    return layout.colour(colour.name.lower())


# --- hexagons in exact units ----------------------------------------------------------------


def circumradius(flats: float) -> float:
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


def face_points(shape: str, flats: float, centre: Point) -> tuple[Point, ...] | None:
    """A hexagonal token's face polygon (None for a round token)."""
    if shape != "hex":
        return None
    cx, cy = centre
    return tuple(
        (cx + x, cy + y) for x, y in (hex_unit_point(v, flats) for v in hex_corners((0, 0)))
    )


def _body(
    shape: str, flats: float, centre: Point, fill: str | None, bleed: float, role: Role = Role.FILL
) -> list[Item]:
    """A token's coloured face and its bleed (nothing in outline ink)."""
    if fill is None:
        return []
    points = face_points(shape, flats, centre)
    if points is None:
        items: list[Item] = []
        if bleed > 0:
            items.append(Circle(centre, flats / 2 + bleed, Style(fill=fill), Role.BLEED))
        return items + [Circle(centre, flats / 2, Style(fill=fill), role)]
    face = Polygon(points, Style(fill=fill), role)
    grown = bleed_polygon(face, bleed)
    return ([grown] if grown is not None else []) + [face]


def token_front(
    pid: Pid,
    centre: Point,
    layout: Layout,
    flats: float | None = None,
    bleed: float | None = None,
    coloured: bool | None = None,
) -> list[Item]:
    """One token's Side A: body, symbol and printed code (cut lines are drawn by the sheet);
    a joker's is the plain body.

    ``flats``, ``bleed`` and ``coloured`` default to the layout's token size, bleed and ink
    (the rule card draws the same token smaller, without bleed, and always in colour).
    """
    cfg = layout.section(Settings)
    shape, flats = cfg.token, cfg.token_size if flats is None else flats
    fill_ink = layout.ink == "fill" if coloured is None else coloured
    body = token_colour(layout, pid.colour)
    items = _body(
        shape, flats, centre, body if fill_ink else None, layout.bleed if bleed is None else bleed
    )
    if pid.is_joker:
        return items
    cx, cy = centre
    if pid.symbol is not None and pid.symbol_colour is not None:
        colour = symbol_colours(layout)[pid.symbol_colour] if fill_ink else None
        outline = outline_colour(colour, body) if colour else None
        items += symbol_items(pid.symbol, (cx, cy - 0.06 * flats), 0.27 * flats, colour, outline)
    size = fit_size(pid.code, 0.4 * flats, 0.12 * flats)
    items.append(
        Text((cx, cy + 0.34 * flats), pid.code, size, fill=ink_on(body) if fill_ink else BLACK)
    )
    return items


def token_back(centre: Point, layout: Layout) -> list[Item]:
    """The uniform Side B of every token: the same motif on all, so a blind draw stays blind."""
    cfg = layout.section(Settings)
    shape, flats = cfg.token, cfg.token_size
    fill_ink = layout.ink == "fill"
    items = _body(shape, flats, centre, BACK if fill_ink else None, layout.bleed)
    line = Style(stroke=BACK_LINE, width=0.35)
    inner = face_points(shape, 0.7 * flats, centre)
    items.append(
        Polygon(inner, line, Role.LINE)
        if inner is not None
        else Circle(centre, 0.35 * flats, line, Role.LINE)
    )
    items.append(
        Text(centre, "TRIPITZ", fit_size("TRIPITZ", 0.5 * flats, 0.11 * flats), fill=BACK_LINE)
    )
    return items


# --- board ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class BoardHalves:
    """The board printed as an upper and a lower half that share one row of cavities.

    The upper half (copy 0) carries the shared row as its glue strip; the lower half
    (copy 1) lies on it with its top row.  Both are drawn in the board frame, so each sheet
    shows its half as the board lies on the table: rows level, numbers upright.  The
    methods are those of ``sections.SectionPlan`` that the kit uses.
    """

    board: frozenset
    halves: tuple[frozenset, frozenset]

    @property
    def copies(self) -> int:
        return len(self.halves)

    def copy(self, k: int) -> frozenset:
        """The board cavities printed on half ``k``."""
        return self.halves[k]

    def next_copy(self, k: int) -> int | None:
        """The half laid on half ``k``'s glue strip, if any."""
        return 1 if k == 0 else None

    def previous_copy(self, k: int) -> int | None:
        """The half whose glue strip half ``k`` lies on, if any."""
        return 0 if k == 1 else None

    def glue_of(self, k: int) -> frozenset:
        """The cavities of half ``k`` that the other half covers (its glue strip)."""
        return self.halves[0] & self.halves[1] if k == 0 else frozenset()

    def top_of(self, k: int) -> frozenset:
        """The cavities of half ``k`` lying on the other half's glue strip."""
        return self.halves[0] & self.halves[1] if k == 1 else frozenset()

    @property
    def shared_by_all(self) -> frozenset:
        """Nothing is trimmed: two halves meet along one seam."""
        return frozenset()

    def covers_board(self) -> bool:
        """True if the two halves together cover exactly the board."""
        return self.halves[0] | self.halves[1] == self.board


def board_plan(board: TripitzBoard) -> list[BoardHalves]:
    """The ways to print the board as an upper and a lower half overlapping by one row.

    The seam is a row (the numbering runs along rows, so each half prints level and
    upright); the most even split of the cavities left visible comes first.
    """
    rows = board.rows()
    plans = []
    for k in range(1, len(rows) - 1):
        upper = frozenset(h for row in rows[: k + 1] for h in row)
        lower = frozenset(h for row in rows[k:] for h in row)
        plans.append((abs(len(upper) - len(rows[k]) - len(lower)), k, upper, lower))
    return [
        BoardHalves(frozenset(board.cavities), (upper, lower))
        for _, _, upper, lower in sorted(plans, key=lambda p: p[:2])
    ]


def cavity_pitch(layout: Layout) -> float:
    """Centre-to-centre distance of neighbouring cavities: a token and the cavity gap, mm."""
    cfg = layout.section(Settings)
    return cfg.token_size + cfg.cavity_gap


def board_for(layout: Layout) -> TripitzBoard:
    """The cavity board of the layout's ``tripitz.board_sides``."""
    sides = layout.section(Settings).board_sides
    if len(sides) != 3:
        raise LayoutError(
            f"tripitz.board_sides must be 3 whole numbers of at least 2, not {list(sides)!r}"
        )
    return TripitzBoard(sides)  # type: ignore[arg-type]


def board_drawing(
    board: TripitzBoard,
    cells: frozenset,
    layout: Layout,
    glue: frozenset = frozenset(),
    seam_ticks: Iterable[tuple[Hex, Hex]] = (),
    flaps: Sequence[Flap] = (),
) -> Drawing:
    """Cavities in board mm (cavity 0,0 at the origin): rim tint, numbers, centre marks, cut.

    ``glue`` cavities are shaded for glue instead; each ``(cell, towards)`` pair of
    ``seam_ticks`` draws an alignment tick across their shared edge into ``towards``;
    each of ``flaps`` widens the cut outline by a marker strip (see ``board_flaps``).
    """
    cfg = layout.section(Settings)
    pitch, shape, fill_ink = cavity_pitch(layout), cfg.token, layout.ink == "fill"
    radius = circumradius(pitch)
    d = Drawing()
    for h in sorted(cells, key=board.cavity_number):
        poly = tuple(hex_unit_point(v, pitch) for v in hex_corners(h))
        cx, cy = hex_centre(h, radius)
        if h in glue:
            d.add(Polygon(poly, GLUE, Role.GLUE))
            # TRANSLATORS: printed on the strip of a board section that the next one is glued on.
            glue_word = _("glue")
            d.add(
                Text(
                    (cx, cy),
                    glue_word,
                    fit_size(glue_word, 0.8 * pitch, 0.14 * pitch),
                    fill="#555555",
                )
            )
            continue
        edge = h in board.outer
        if edge and fill_ink:
            d.add(Polygon(poly, Style(fill=EDGE_TINT), Role.FILL))
        if shape == "round":
            d.add(Circle((cx, cy), pitch / 2, Style(stroke="#6f6f6f", width=0.25), Role.LINE))
        if h in board.centre:
            d.add(Circle((cx, cy), 0.13 * pitch, Style(stroke=BLACK, width=0.35), Role.LABEL))
            d.add(Circle((cx, cy), 0.05 * pitch, Style(fill=BLACK), Role.LABEL))
        if cfg.numbers and layout.printing.labels:
            d.add(
                Text(
                    (cx, cy - 0.29 * pitch),
                    str(board.cavity_number(h)),
                    0.11 * pitch,
                    fill=NUMBER_INK,
                )
            )
        if edge:
            d.add(Text((cx, cy + 0.29 * pitch), "\u00d72", 0.1 * pitch, fill=EDGE_INK, bold=True))
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
            d.add(
                Polyline(
                    (mid, (mid[0] + (tx - mid[0]) * k, mid[1] + (ty - mid[1]) * k)), tick, Role.MARK
                )
            )
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


def board_box(layout: Layout, size: tuple[float, float]) -> tuple[float, float, float, float]:
    x0, y0, x1, y1 = content_box(size, layout.margin)
    return (x0, y0, x1, y1 - LEGEND)


def _section_parts(
    board: TripitzBoard, plan: BoardHalves, k: int
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
        return (
            (self.end[0] + nx * self.depth, self.end[1] + ny * self.depth),
            (self.start[0] + nx * self.depth, self.start[1] + ny * self.depth),
        )


def reference_colours(layout: Layout) -> list[tuple[str, str]]:
    """The strip's patches as printed: white, black, the token colours, the symbol colours."""
    out = [("white", WHITE), ("black", BLACK)]
    out += [(c.name.lower(), token_colour(layout, c)) for c in TokenColour]
    out += [
        (f"{k.name.lower().replace('_', ' ')} symbol", v) for k, v in symbol_colours(layout).items()
    ]
    return out


def _flap(board: TripitzBoard, plan: BoardHalves, k: int, layout: Layout) -> Flap:
    """The marker strip beyond copy ``k``'s side opposite the seam."""
    pitch = cavity_pitch(layout)
    radius = circumradius(pitch)
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
    valley = [
        p
        for h in own
        if abs(across(hex_centre(h, radius)) - far) < 1e-6
        for p in (hex_unit_point(v, pitch) for v in hex_corners(h))
        if abs(across(p) - far - radius / 2) < 1e-6
    ]

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
    markers = (
        Marker(ids[0], at(1.0 + box, lift), MARKER, math.degrees(math.atan2(-u[0], u[1]))),
        Marker(ids[1], at(span - 1.0 - box, lift), MARKER, math.degrees(math.atan2(u[0], -u[1]))),
    )
    names = reference_colours(layout)
    room = span - 2 * (1.0 + 2 * box + 3.5)
    step = min(PATCH + PATCH_GAP, room / len(names))
    side = step - PATCH_GAP if step < PATCH + PATCH_GAP else PATCH
    first = span / 2 - (len(names) - 1) / 2 * step
    patches = []
    for j, (name, colour) in enumerate(names):
        c = at(first + j * step, lift)
        h = side / 2
        ring = tuple(
            (c[0] + u[0] * du + n[0] * dn, c[1] + u[1] * du + n[1] * dn)
            for du, dn in ((-h, -h), (h, -h), (h, h), (-h, h))
        )
        patches.append(Patch(name, colour, ring))
    edge = 2.5
    white = tuple(
        at(t, radius / 2 + h)
        for t in _steps(2 * box + 3.0, span - 2 * box - 3.0, 8.0)
        for h in (edge, FLAP - edge)
    )
    return Flap(a, b, n, radius / 2 + FLAP, markers, tuple(patches), white)


def _steps(lo: float, hi: float, step: float) -> list[float]:
    count = max(1, int((hi - lo) // step))
    return [lo + (hi - lo) * j / count for j in range(count + 1)]


def _flaps(board: TripitzBoard, plan: BoardHalves, layout: Layout) -> tuple[Flap, Flap]:
    return (_flap(board, plan, 0, layout), _flap(board, plan, 1, layout))


def board_flaps(layout: Layout) -> tuple[Flap, Flap]:
    """The marker strips of the board as printed (two halves, or whole with both strips)."""
    return printed_board(layout)[3]  # type: ignore[return-value]


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
    return ring[: j + 1] + [end_out, start_out]


Fitted = tuple[BoardHalves | None, list[Drawing], tuple[float, float], tuple[Flap, ...]]


def fitted_sections(layout: Layout, board: TripitzBoard) -> Fitted | None:
    """The whole board, or else the halves of the first plan that fit, with the page size
    (portrait tried before landscape) and the marker strips; None if nothing fits.

    Whole or in halves, the board is printed in the board frame, never turned: rows stay
    level and numbers upright, as on the rule card.
    A board printed whole carries the strips of the first plan's two halves, so it looks
    to the camera exactly like the two halves glued together.
    """
    sizes = (page_size(layout), page_size(layout, landscape=True))
    plans = board_plan(board)
    first = _flaps(board, plans[0], layout) if plans else ()
    whole = board_drawing(board, frozenset(board.cavities), layout, flaps=first)
    for size in sizes:
        fitted = orient_to_fit(whole, board_box(layout, size), turns=(0,))
        if fitted is not None:
            return None, [fitted], size, first
    for plan in plans:
        flaps = _flaps(board, plan, layout)
        parts = []
        for k in range(plan.copies):
            cells, glue, ticks = _section_parts(board, plan, k)
            parts.append(board_drawing(board, cells, layout, glue, ticks, flaps[k : k + 1]))
        for size in sizes:
            drawings = [orient_to_fit(d, board_box(layout, size), turns=(0,)) for d in parts]
            if all(d is not None for d in drawings):
                return plan, drawings, size, flaps  # type: ignore[return-value]
    return None


def printed_board(layout: Layout) -> Fitted:
    """How the board is printed for this layout (``fitted_sections``; FitError if it does not
    fit)."""
    found = fitted_sections(layout, board_for(layout))
    if found is None:
        raise FitError(f"the {TITLE} board does not fit on {layout.paper_name}")
    return found


def assembled_outline(board: TripitzBoard, layout: Layout, flaps: Sequence[Flap]) -> list[Point]:
    """The outline of the whole board with its marker strips, board mm."""
    _, boundary = unique_edges(board.cavities)
    ring = [hex_unit_point(v, cavity_pitch(layout)) for v in chain(boundary)[0][:-1]]
    for flap in flaps:
        ring = _with_flap(ring, flap)
    return ring


def board_picture(layout: Layout) -> Drawing:
    """The printed board in the board frame as it lies on the table, before any pid.

    Two halves: half 1 with its glue strip, then half 2 laid over that strip; a board
    printed whole: that print.  Each print is white paper inside its cut outline.
    """
    board = board_for(layout)
    plan, _, _, flaps = printed_board(layout)
    picture = Drawing()
    if plan is None:
        parts = [board_drawing(board, frozenset(board.cavities), layout, flaps=flaps)]
    else:
        parts = []
        for k in range(plan.copies):
            cells, glue, ticks = _section_parts(board, plan, k)
            parts.append(board_drawing(board, cells, layout, glue, ticks, flaps[k : k + 1]))
    for part in parts:
        cut = next(
            item for item in part.items if item.role == Role.CUT and isinstance(item, Polygon)
        )
        picture.add(Polygon(cut.points, Style(fill=WHITE), Role.FILL))
        picture.extend(part.items)
    return picture
