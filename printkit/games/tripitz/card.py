"""The tripitz rule card's diagrams, built from the real geometry and checked by the engine."""

from __future__ import annotations

import math
from dataclasses import dataclass

from printkit.draw.lattice import hex_centre, hex_polygon
from printkit.draw.model import Circle, Drawing, Item, Polygon, Polyline, Role, Style
from printkit.draw.text import text_width
from printkit.games.tripitz.board import TripitzBoard
from printkit.games.tripitz.pids import Pid, is_valid_set, parse_pid
from printkit.games.tripitz.rules import Score, score_placement
from printkit.geometry.hexgrid import AXES, Hex, distance
from printkit.layout.config import Layout
from printkit.layout.diagram import Labels, fit, label, verdict

SYMBOL_COLOURS = {"W": "#ffffff", "K": "#111111", "N": "#8c8c8c", "L": "#8fd0f5"}
"""Symbol colours as the diagrams print them."""
_TOKEN_COLOURS = {"R": "red", "Y": "yellow", "B": "blue", "G": "green"}


def tripitz_triple() -> tuple[Pid, Pid, Pid]:
    """A valid triple: one token colour, three symbols, three symbol colours."""
    return (parse_pid("RTW"), parse_pid("RCK"), parse_pid("RMN"))


@dataclass(frozen=True)
class TripitzMove:
    """A board position, the pid placed and where, and what it scores."""

    board: TripitzBoard
    cells: dict[Hex, Pid]
    pid: Pid
    cavity: int
    score: Score


# The seed's worked example as rebuilt in docs/rules-tripitz.md: start and moves 1-5, then
# move 6 (a triple and a quadruple with two touches) is the move shown.
_EXAMPLE = (("RTW", 45), ("YCK", 46), ("GSL", 57), ("BCN", 58), ("RCW", 35), ("RMW", 56),
            ("GCL", 25), ("YMN", 34), ("RSW", 44))
_EXAMPLE_MOVE = ("BTK", 55)


def tripitz_move() -> TripitzMove:
    """Move 6 of the worked example, scored by ``score_placement``."""
    board = TripitzBoard()
    cells = {board.cavity_at(n): parse_pid(code) for code, n in _EXAMPLE}
    pid, cavity = parse_pid(_EXAMPLE_MOVE[0]), _EXAMPLE_MOVE[1]
    return TripitzMove(board, cells, pid, cavity,
                       score_placement(board, cells, pid, board.cavity_at(cavity)))


def scoring_windows(move: TripitzMove) -> list[tuple[Hex, ...]]:
    """The lines that score (as cavities), read off the runs the way the engine counts them:
    valid 4-windows through the placed pid, then valid 3-windows not inside one of those."""
    board, h = move.board, move.board.cavity_at(move.cavity)
    cells = dict(move.cells)
    cells[h] = move.pid
    found: list[tuple[Hex, ...]] = []
    for step in AXES:
        run = [h]
        for sign in (-1, 1):
            for c in board.ray(h, (sign * step[0], sign * step[1])):
                if c not in cells:
                    break
                run.insert(0, c) if sign < 0 else run.append(c)
        at = run.index(h)
        quads = [tuple(run[s:s + 4]) for s in range(max(0, at - 3), min(at, len(run) - 4) + 1)
                 if is_valid_set([cells[c] for c in run[s:s + 4]])]
        triples = [tuple(run[s:s + 3]) for s in range(max(0, at - 2), min(at, len(run) - 3) + 1)
                   if is_valid_set([cells[c] for c in run[s:s + 3]])
                   and not any(set(run[s:s + 3]) <= set(q) for q in quads)]
        found += quads + triples
    return found


def _star(cx: float, cy: float, r: float) -> tuple[tuple[float, float], ...]:
    pts = []
    for k in range(10):
        rr = r if k % 2 == 0 else r * 0.45
        t = math.radians(-90 + 36 * k)
        pts.append((cx + rr * math.cos(t), cy + rr * math.sin(t)))
    return tuple(pts)


def _moon(cx: float, cy: float, r: float) -> tuple[tuple[float, float], ...]:
    """A crescent opening to the right: the part of a circle outside a second circle of
    radius ``0.8 r`` shifted right by ``0.5 r``, traced along both arcs."""
    d, r1 = 0.5 * r, 0.8 * r
    # Where the two circles cross (x measured from the first centre).
    x = (d * d + r * r - r1 * r1) / (2 * d)
    y = math.sqrt(r * r - x * x)
    outer0 = math.atan2(y, x)  # lower crossing on the outer circle (y grows downwards)
    inner0 = math.atan2(y, x - d)
    steps = 24
    pts = []
    for k in range(steps + 1):  # outer arc: round the left side, lower crossing to upper
        t = outer0 + (2 * math.pi - 2 * outer0) * k / steps
        pts.append((cx + r * math.cos(t), cy + r * math.sin(t)))
    for k in range(1, steps):  # inner arc back: upper crossing to lower, round its left side
        t = -inner0 - (2 * math.pi - 2 * inner0) * k / steps
        pts.append((cx + d + r1 * math.cos(t), cy + r1 * math.sin(t)))
    return tuple(pts)


def pid_items(pid: Pid, centre: tuple[float, float], radius: float, layout: Layout
              ) -> list[Item]:
    """A pid as a hexagonal token: body in the token colour, the symbol in its colour."""
    cx, cy = centre
    body = layout.colour(_TOKEN_COLOURS[pid.colour.value])
    hexagon = tuple((cx + x, cy + y) for x, y in hex_polygon((0, 0), radius))
    items: list[Item] = [Polygon(hexagon, Style(fill=body, stroke="#333333", width=0.2),
                                 Role.FILL)]
    if pid.symbol is None or pid.symbol_colour is None:
        return items
    ink = SYMBOL_COLOURS[pid.symbol_colour.value]
    style = Style(fill=ink, stroke="#333333" if ink == "#ffffff" else None, width=0.1)
    s = 0.5 * radius
    shape = pid.symbol.value
    if shape == "C":
        items.append(Circle((cx, cy), 0.8 * s, style, Role.LABEL))
    elif shape == "T":
        items.append(Polygon(((cx, cy - s), (cx + 0.95 * s, cy + 0.7 * s),
                              (cx - 0.95 * s, cy + 0.7 * s)), style, Role.LABEL))
    elif shape == "M":
        items.append(Polygon(_moon(cx, cy, 0.9 * s), style, Role.LABEL))
    else:
        items.append(Polygon(_star(cx, cy, s), style, Role.LABEL))
    return items


def tripitz_triple_drawing(layout: Layout, labels: Labels) -> Drawing:
    """Three pids in a row and, for each property, whether they share it or all differ."""
    pids = tripitz_triple()
    radius = 5.5
    d = Drawing()
    step = radius * math.sqrt(3)
    for k, pid in enumerate(pids):
        d.extend(pid_items(pid, (k * step, 0.0), radius, layout))
        d.add(label((k * step, radius + 2.2), pid.code, 2.3, colour="#555555"))
    x = 2 * step + radius + 5.0
    names = (labels["token_colour"], labels["symbol"], labels["symbol_colour"])
    words = [f"{name}:" for name in names]
    column = x + max(text_width(w, 2.7) for w in words) + 2.5
    for row, word in enumerate(words):
        values = {p.properties()[row] for p in pids}
        finding = labels["same"] if len(values) == 1 else labels["all_different"] \
            if len(values) == len(pids) else labels["mixed"]
        y = (row - 1) * 4.2
        d.add(label((x, y), word, 2.7, anchor="start"))
        d.add(label((column, y), finding, 2.7, bold=True, anchor="start"))
    ok = is_valid_set(pids)
    verdict(d, step, radius + 7.0, labels["triple"] if ok else labels["no_triple"], ok)
    return fit(d)


def tripitz_move_drawing(layout: Layout, labels: Labels) -> Drawing:
    """Part of the board with the worked example's sixth move, its scoring lines and score."""
    move = tripitz_move()
    board = move.board
    placed = board.cavity_at(move.cavity)
    radius = 4.6
    near = [h for h in board if min(distance(h, c) for c in (*move.cells, placed)) <= 1]
    d = Drawing()
    for h in near:
        d.add(Polygon(hex_polygon(h, radius), Style(fill="#f4f1ea", stroke="#c9c2b4", width=0.2),
                      Role.FILL))
        if h not in move.cells and h != placed:
            d.add(label(hex_centre(h, radius), str(board.cavity_number(h)), 1.9,
                         colour="#8a8a8a"))
    for h, pid in move.cells.items():
        d.extend(pid_items(pid, hex_centre(h, radius), 0.86 * radius, layout))
    d.extend(pid_items(move.pid, hex_centre(placed, radius), 0.86 * radius, layout))
    d.add(Polygon(hex_polygon(placed, radius), Style(stroke="#000000", width=0.8), Role.LABEL))
    for window in scoring_windows(move):
        ends = (hex_centre(window[0], radius), hex_centre(window[-1], radius))
        colour = "#000000" if len(window) == 4 else "#5a5a5a"
        d.add(Polyline(ends, Style(stroke=colour, width=0.9, opacity=0.55), Role.LABEL))
        for c in window:
            d.add(Circle(hex_centre(c, radius), 0.6, Style(fill=colour), Role.LABEL))
    s = move.score
    top = max(hex_centre(h, radius)[1] for h in near) + radius + 3.5
    cx = sum(hex_centre(h, radius)[0] for h in near) / len(near)
    d.add(label((cx, top), labels.format("score", triples=s.triples, quadruples=s.quadruples,
                                          touches=s.touches, points=s.points), 2.9, bold=True))
    return fit(d)




DIAGRAMS = {"triple": tripitz_triple_drawing, "move": tripitz_move_drawing}
"""The card's diagrams by the name its text uses."""
