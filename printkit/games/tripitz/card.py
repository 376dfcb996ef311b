"""The Tripitz rule card's diagrams, built from the real geometry and checked by the engine;
the pids are drawn by the kit's own token drawing."""

from __future__ import annotations

import math
from dataclasses import dataclass

from printkit.draw.lattice import hex_centre, hex_polygon
from printkit.draw.model import Circle, Drawing, Item, Polygon, Polyline, Role, Style
from printkit.draw.text import text_width
from printkit.games.tripitz.board import TripitzBoard
from printkit.games.tripitz.components import Settings, face_points, token_front
from printkit.games.tripitz.pids import Pid, is_valid_set, parse_pid
from printkit.games.tripitz.rules import Score, score_placement
from printkit.geometry.hexgrid import AXES, Hex, distance
from printkit.layout.config import Layout
from printkit.layout.diagram import Labels, fit, label, verdict


def tripitz_triple() -> tuple[Pid, Pid, Pid]:
    """A valid triple: one token colour, three symbols, three symbol colours."""
    return (parse_pid("RTW"), parse_pid("RCK"), parse_pid("RMN"))


@dataclass(frozen=True)
class ExampleMove:
    """A board position, the pid placed and where, and what it scores."""

    board: TripitzBoard
    cells: dict[Hex, Pid]
    pid: Pid
    cavity: int
    score: Score


# The seed's worked example as rebuilt in docs/rules-tripitz.md: start and moves 1-5, then
# move 6 (a triple and a quadruple with two touches) is the move shown.
_EXAMPLE = (
    ("RTW", 45),
    ("YCK", 46),
    ("GSL", 57),
    ("BCN", 58),
    ("RCW", 35),
    ("RMW", 56),
    ("GCL", 25),
    ("YMN", 34),
    ("RSW", 44),
)
_EXAMPLE_MOVE = ("BTK", 55)


def tripitz_move() -> ExampleMove:
    """Move 6 of the worked example, scored by ``score_placement``."""
    board = TripitzBoard()
    cells = {board.cavity_at(n): parse_pid(code) for code, n in _EXAMPLE}
    pid, cavity = parse_pid(_EXAMPLE_MOVE[0]), _EXAMPLE_MOVE[1]
    return ExampleMove(
        board, cells, pid, cavity, score_placement(board, cells, pid, board.cavity_at(cavity))
    )


def scoring_windows(move: ExampleMove) -> list[tuple[Hex, ...]]:
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
        quads = [
            tuple(run[s : s + 4])
            for s in range(max(0, at - 3), min(at, len(run) - 4) + 1)
            if is_valid_set([cells[c] for c in run[s : s + 4]])
        ]
        triples = [
            tuple(run[s : s + 3])
            for s in range(max(0, at - 2), min(at, len(run) - 3) + 1)
            if is_valid_set([cells[c] for c in run[s : s + 3]])
            and not any(set(run[s : s + 3]) <= set(q) for q in quads)
        ]
        found += quads + triples
    return found


def pid_items(pid: Pid, centre: tuple[float, float], radius: float, layout: Layout) -> list[Item]:
    """A pid as the kit prints it (``components.token_front``), ``radius`` centre to corner,
    without bleed and with a thin outline so that light tokens stand out on the card."""
    flats = radius * math.sqrt(3)
    items = token_front(pid, centre, layout, flats=flats, bleed=0.0, coloured=True)
    shape = layout.section(Settings).token
    face = face_points(shape, flats, centre)
    edge = Style(stroke="#333333", width=0.2)
    items.append(
        Polygon(face, edge, Role.LINE)
        if face is not None
        else Circle(centre, flats / 2, edge, Role.LINE)
    )
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
        finding = (
            labels["same"]
            if len(values) == 1
            else labels["all_different"]
            if len(values) == len(pids)
            else labels["mixed"]
        )
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
        d.add(
            Polygon(
                hex_polygon(h, radius),
                Style(fill="#f4f1ea", stroke="#c9c2b4", width=0.2),
                Role.FILL,
            )
        )
        if h not in move.cells and h != placed:
            d.add(label(hex_centre(h, radius), str(board.cavity_number(h)), 1.9, colour="#8a8a8a"))
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
    d.add(
        label(
            (cx, top),
            labels.format(
                "score",
                triples=s.triples,
                quadruples=s.quadruples,
                touches=s.touches,
                points=s.points,
            ),
            2.9,
            bold=True,
        )
    )
    return fit(d)


DIAGRAMS = {"triple": tripitz_triple_drawing, "move": tripitz_move_drawing}
"""The card's diagrams by the name its text uses."""
