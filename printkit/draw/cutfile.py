"""Cut files for cutting machines and laser cutters: one page's cut and score geometry.

``cut_paths`` turns the ``Role.CUT`` and ``Role.SCORE`` items of a page into a
``CutPlan``: straight segments and circles in page millimetres in which every piece of
line appears once.  Segments are grouped by supporting line (parallel within ``ANGLE_TOL``
and within ``TOL`` mm of each other) and each line keeps the union of its intervals, so
a shared edge drawn by two neighbours, a reversed duplicate, or a long ruler cut lying
over a tile edge is cut once.  Score lines under a cut are dropped (the cut wins).

The union is then noded (split where a segment meets another's end or crosses it) and
chained into paths that run through the network with as few pen lifts as possible,
going straight on where they can.  Each connected network is split into its outer
boundary (the edges facing the outside) and its inner edges; inner edges and anything
lying inside a closed path are cut before that path, so a piece never comes loose
before its inner cuts are made.  Within that constraint the paths are taken greedily,
nearest first, from the page origin.

``cut_svg`` and ``cut_dxf`` write the plan with the page's engraving (``Role.LABEL``)
and marks (``Role.MARK``) on separate layers, registered to the printed page.
"""

from __future__ import annotations

import io
import math
import os
from collections import defaultdict
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from shapely import STRtree
from shapely.geometry import LinearRing, LineString
from shapely.geometry import Point as ShapelyPoint
from shapely.geometry import Polygon as ShapelyPolygon

from printkit.draw.model import MIDLINE, Circle, Item, Page, Point, Polygon, Polyline, Role, Text
from printkit.draw.svg import FONT_FAMILY, fmt
from printkit.fileio import write_atomic

if TYPE_CHECKING:
    import svgwrite

__all__ = [
    "TOL",
    "ANGLE_TOL",
    "CutPath",
    "CutCircle",
    "Cut",
    "CutPlan",
    "CutStats",
    "LAYERS",
    "cut_paths",
    "cut_stats",
    "cut_svg",
    "cut_dxf",
    "save_cut_files",
]

TOL = 0.01
"""Distance (mm) under which two points are one point and a segment lies on a line."""
ANGLE_TOL = 1e-3
"""Angle (radians) under which two segments count as parallel."""

Segment = tuple[Point, Point]


@dataclass(frozen=True, slots=True)
class CutPath:
    """A polyline the blade follows without lifting; ``closed`` returns to the first point."""

    points: tuple[Point, ...]
    role: Role = Role.CUT
    closed: bool = False

    @property
    def start(self) -> Point:
        return self.points[0]

    @property
    def end(self) -> Point:
        return self.points[0] if self.closed else self.points[-1]

    def segments(self) -> list[Segment]:
        pts = self.points + self.points[:1] if self.closed else self.points
        return list(zip(pts, pts[1:], strict=False))

    @property
    def length(self) -> float:
        return sum(math.dist(a, b) for a, b in self.segments())


@dataclass(frozen=True, slots=True)
class CutCircle:
    """A full circle, started and ended at its point ``(cx + r, cy)`` as SVG and DXF do."""

    centre: Point
    radius: float
    role: Role = Role.CUT

    @property
    def start(self) -> Point:
        return (self.centre[0] + self.radius, self.centre[1])

    @property
    def end(self) -> Point:
        return self.start

    @property
    def length(self) -> float:
        return 2 * math.pi * self.radius


Cut = CutPath | CutCircle


@dataclass(frozen=True, slots=True)
class CutPlan:
    """A page's cuts in the order to make them: every score line, then every cut.

    ``travel`` is the length (mm) of the straight moves with the blade up, from the page
    origin to the first path and from each path's end to the next one's start.
    ``straight_cuts`` counts the maximal straight runs of cut line (see ``CutStats``).
    """

    width: float
    height: float
    paths: tuple[Cut, ...]
    travel: float
    straight_cuts: int

    def of(self, role: Role) -> tuple[Cut, ...]:
        """The paths of one role, in order."""
        return tuple(p for p in self.paths if p.role == role)

    def length(self, role: Role = Role.CUT) -> float:
        return sum((p.length for p in self.of(role)), 0.0)

    def segments(self, role: Role = Role.CUT) -> list[Segment]:
        """Every straight segment of one role (circles left out)."""
        return [s for p in self.of(role) if isinstance(p, CutPath) for s in p.segments()]


@dataclass(frozen=True, slots=True)
class CutStats:
    """What cutting a page takes.

    ``cut_length`` and ``score_length`` are in mm, circles included.  ``straight_cuts``
    is the number of ruler strokes: each maximal straight run of cut line, where pieces
    on one supporting line that touch or overlap are one run and a gap of more than
    ``TOL`` starts a new one; a run goes on through crossings and T-junctions.  Circles
    are not straight cuts (``circles`` counts them), nor are score lines.  ``paths`` is
    the number of polylines in the plan (score and cut) and ``circles`` the number of
    circles: together, how often the blade goes down.  ``travel`` is the blade-up
    distance in mm.
    """

    cut_length: float
    score_length: float
    straight_cuts: int
    paths: int
    circles: int
    travel: float


LAYERS: dict[str, tuple[Role, str, int]] = {
    "marks": (Role.MARK, "#00ff00", 3),
    "engrave": (Role.LABEL, "#000000", 7),
    "score": (Role.SCORE, "#0000ff", 5),
    "cut": (Role.CUT, "#ff0000", 1),
}
"""Layer name → (role it holds, SVG colour, DXF ACI colour), in the order they are written."""

HAIRLINE = 0.1
"""Stroke width (mm) of cut and score lines in the SVG: what cutter software reads as a cut."""


# ---------------------------------------------------------------------------- collecting


def _rings(item: Item) -> Iterator[tuple[tuple[Point, ...], bool]]:
    if isinstance(item, Polygon):
        for ring in (item.points, *item.holes):
            yield ring, True
    elif isinstance(item, Polyline):
        yield item.points, False


def _segments_of(items: Iterable[Item]) -> list[Segment]:
    out = []
    for item in items:
        for ring, closed in _rings(item):
            pts = ring + ring[:1] if closed and ring else ring
            out.extend((a, b) for a, b in zip(pts, pts[1:], strict=False) if math.dist(a, b) > TOL)
    return out


def _circles_of(items: Iterable[Item], role: Role, taken: list[CutCircle]) -> list[CutCircle]:
    """Distinct circles of the items (those in ``taken`` left out)."""
    out: list[CutCircle] = []
    for item in items:
        if not isinstance(item, Circle) or item.radius <= TOL:
            continue
        c = CutCircle(item.centre, item.radius, role)
        if not any(_same_circle(c, o) for o in (*taken, *out)):
            out.append(c)
    return out


def _same_circle(a: CutCircle, b: CutCircle) -> bool:
    return math.dist(a.centre, b.centre) <= TOL and abs(a.radius - b.radius) <= TOL


# ------------------------------------------------------------------- union per line


@dataclass(slots=True)
class _Line:
    origin: Point
    direction: Point

    def t(self, p: Point) -> float:
        return (p[0] - self.origin[0]) * self.direction[0] + (
            p[1] - self.origin[1]
        ) * self.direction[1]

    def distance(self, p: Point) -> float:
        return abs(
            (p[0] - self.origin[0]) * self.direction[1]
            - (p[1] - self.origin[1]) * self.direction[0]
        )


def _angle(s: Segment) -> float:
    """Direction of a segment in [0, pi)."""
    (x0, y0), (x1, y1) = s
    a = math.atan2(y1 - y0, x1 - x0) % math.pi
    return 0.0 if a > math.pi - 1e-12 else a


def _angle_classes(tagged: list[tuple[Segment, Role]]) -> list[list[tuple[Segment, Role]]]:
    """Segments chained into classes of near-equal direction (wrapping round at pi)."""
    if not tagged:
        return []
    items = sorted(tagged, key=lambda sr: _angle(sr[0]))
    angles = [_angle(s) for s, _ in items]
    classes = [[items[0]]]
    for k in range(1, len(items)):
        item = items[k]
        if angles[k] - angles[k - 1] <= ANGLE_TOL:
            classes[-1].append(item)
        else:
            classes.append([item])
    if len(classes) > 1 and angles[0] + math.pi - angles[-1] <= ANGLE_TOL:
        classes[0].extend(classes.pop())
    return classes


def _lines(tagged: list[tuple[Segment, Role]]) -> Iterator[tuple[_Line, list]]:
    """Group segments by supporting line: every member's ends lie within TOL of the line."""
    for group in _angle_classes(tagged):
        ref = max(group, key=lambda sr: math.dist(*sr[0]))[0]
        length = math.dist(*ref)
        normal = (-(ref[1][1] - ref[0][1]) / length, (ref[1][0] - ref[0][0]) / length)
        # Midpoint offsets along the reference normal, chained into bands.  A line a little
        # off the reference direction drifts in offset along its length: widen the chaining
        # step by that drift so such a line stays in one band (bands are checked below).
        turn = max(
            abs((_angle(s) - _angle(ref) + math.pi / 2) % math.pi - math.pi / 2) for s, _ in group
        )
        xs = [p[0] for s, _ in group for p in s]
        ys = [p[1] for s, _ in group for p in s]
        step = TOL + 2 * turn * math.hypot(max(xs) - min(xs), max(ys) - min(ys))
        keyed = sorted(group, key=lambda sr: _offset(sr[0], normal))
        band = [keyed[0]]
        for sr in keyed[1:]:
            if _offset(sr[0], normal) - _offset(band[-1][0], normal) <= step:
                band.append(sr)
            else:
                yield from _split_band(band)
                band = [sr]
        yield from _split_band(band)


def _offset(s: Segment, normal: Point) -> float:
    return ((s[0][0] + s[1][0]) * normal[0] + (s[0][1] + s[1][1]) * normal[1]) / 2


def _split_band(band: list[tuple[Segment, Role]]) -> Iterator[tuple[_Line, list]]:
    """The lines of a band: the longest segment's line takes every segment lying on it."""
    rest = band
    while rest:
        (a, b), _ = max(rest, key=lambda sr: math.dist(*sr[0]))
        length = math.dist(a, b)
        d = ((b[0] - a[0]) / length, (b[1] - a[1]) / length)
        if d[0] < 0 or (d[0] == 0 and d[1] < 0):
            d = (-d[0], -d[1])
        line = _Line(a, d)
        on = [sr for sr in rest if all(line.distance(p) <= TOL for p in sr[0])]
        rest = [sr for sr in rest if not all(line.distance(p) <= TOL for p in sr[0])]
        yield line, on


Interval = tuple[float, Point, float, Point]  # t0, point at t0, t1, point at t1


def _union(intervals: list[Interval]) -> list[Interval]:
    """Overlapping or touching intervals joined, keeping the drawn end points."""
    out: list[Interval] = []
    for t0, p0, t1, p1 in sorted(intervals, key=lambda iv: (iv[0], iv[2])):
        if out and t0 <= out[-1][2] + TOL:
            if t1 > out[-1][2]:
                out[-1] = (out[-1][0], out[-1][1], t1, p1)
        else:
            out.append((t0, p0, t1, p1))
    return out


def _minus(intervals: list[Interval], holes: list[Interval]) -> list[Interval]:
    """Parts of disjoint sorted ``intervals`` outside disjoint sorted ``holes``."""
    out = []
    for t0, p0, t1, p1 in intervals:
        pieces = [(t0, p0, t1, p1)]
        for h0, q0, h1, q1 in holes:
            nxt = []
            for a0, r0, a1, r1 in pieces:
                if h1 <= a0 or h0 >= a1:
                    nxt.append((a0, r0, a1, r1))
                    continue
                if h0 > a0:
                    nxt.append((a0, r0, h0, q0))
                if h1 < a1:
                    nxt.append((h1, q1, a1, r1))
            pieces = nxt
        out.extend(iv for iv in pieces if iv[2] - iv[0] > TOL)
    return out


def _merged(cuts: list[Segment], scores: list[Segment]) -> tuple[list[Segment], list[Segment]]:
    """The union of the cut segments and of the score segments not under a cut, per line.

    Each returned cut segment is one maximal straight run.
    """
    tagged = [(s, Role.CUT) for s in cuts] + [(s, Role.SCORE) for s in scores]
    cut_runs: list[Segment] = []
    score_runs: list[Segment] = []
    for line, members in _lines(tagged):
        by_role: dict[Role, list[Interval]] = {Role.CUT: [], Role.SCORE: []}
        for (a, b), role in members:
            ta, tb = line.t(a), line.t(b)
            by_role[role].append((ta, a, tb, b) if ta <= tb else (tb, b, ta, a))
        cut = _union(by_role[Role.CUT])
        score = _minus(_union(by_role[Role.SCORE]), cut)
        cut_runs.extend((p0, p1) for _, p0, _, p1 in cut)
        score_runs.extend((p0, p1) for _, p0, _, p1 in score)
    return cut_runs, score_runs


# ---------------------------------------------------------------------------- noding


class _Vertices:
    """Points snapped together within TOL; each distinct point gets an index."""

    def __init__(self) -> None:
        self.points: list[Point] = []
        self._grid: dict[tuple[int, int], list[int]] = defaultdict(list)

    def index(self, p: Point) -> int:
        gx, gy = round(p[0] / TOL), round(p[1] / TOL)
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                for i in self._grid.get((gx + dx, gy + dy), ()):
                    if math.dist(self.points[i], p) <= TOL:
                        return i
        self.points.append(p)
        self._grid[(gx, gy)].append(len(self.points) - 1)
        return len(self.points) - 1


def _crossing(s: Segment, u: Segment) -> Point | None:
    """The point where two segments cross inside both, if they do."""
    (x1, y1), (x2, y2) = s
    (x3, y3), (x4, y4) = u
    den = (x2 - x1) * (y4 - y3) - (y2 - y1) * (x4 - x3)
    if abs(den) < 1e-12:
        return None
    t = ((x3 - x1) * (y4 - y3) - (y3 - y1) * (x4 - x3)) / den
    v = ((x3 - x1) * (y2 - y1) - (y3 - y1) * (x2 - x1)) / den
    if 0 < t < 1 and 0 < v < 1:
        return (x1 + t * (x2 - x1), y1 + t * (y2 - y1))
    return None


def _noded(runs: list[Segment]) -> tuple[list[Point], list[tuple[int, int]]]:
    """Vertices and edges of the runs split wherever a run ends on or crosses another."""
    verts = _Vertices()
    ends = [(verts.index(a), verts.index(b)) for a, b in runs]
    extra: dict[int, list[int]] = defaultdict(list)
    if runs:
        lines = [LineString(r) for r in runs]
        tree = STRtree(lines)
        for i, j in zip(*tree.query(lines, predicate="intersects"), strict=True):
            if i < j:
                p = _crossing(runs[i], runs[j])
                if p is not None:
                    k = verts.index(p)
                    extra[i].append(k)
                    extra[j].append(k)
        pts = [ShapelyPoint(p) for p in verts.points]
        for k, i in zip(*STRtree(lines).query(pts, predicate="dwithin", distance=TOL), strict=True):
            extra[int(i)].append(int(k))
    edges: set[tuple[int, int]] = set()
    for i, (a, b) in enumerate(runs):
        line = _Line(a, _unit(a, b))
        on = {ends[i][0], ends[i][1], *extra[i]}
        chain = sorted(on, key=lambda k: line.t(verts.points[k]))
        for u, v in zip(chain, chain[1:], strict=False):
            if u != v:
                edges.add((min(u, v), max(u, v)))
    return verts.points, sorted(edges)


def _unit(a: Point, b: Point) -> Point:
    length = math.dist(a, b)
    return ((b[0] - a[0]) / length, (b[1] - a[1]) / length)


# ------------------------------------------------------------------ faces and chains


def _components(n: int, edges: list[tuple[int, int]]) -> list[int]:
    parent = list(range(n))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for u, v in edges:
        parent[find(u)] = find(v)
    return [find(x) for x in range(n)]


def _outer_edges(points: list[Point], edges: list[tuple[int, int]]) -> set[tuple[int, int]]:
    """The edges with the outside of their connected network on at least one side.

    Faces are traced by turning at each vertex to the next edge round it; in each
    network the face of least signed area (y down) is the outside.
    """
    around: dict[int, list[int]] = defaultdict(list)
    for u, v in edges:
        around[u].append(v)
        around[v].append(u)
    for u, nbrs in around.items():
        ux, uy = points[u]
        nbrs.sort(key=lambda w: math.atan2(points[w][1] - uy, points[w][0] - ux))
    position = {(u, w): i for u, nbrs in around.items() for i, w in enumerate(nbrs)}
    comp = _components(len(points), edges)
    face_of: dict[tuple[int, int], int] = {}
    faces: list[tuple[float, int]] = []  # (signed area, component)
    for start in sorted(position):
        if start in face_of:
            continue
        fid, area, h = len(faces), 0.0, start
        while h not in face_of:
            face_of[h] = fid
            u, v = h
            area += points[u][0] * points[v][1] - points[v][0] * points[u][1]
            nbrs = around[v]
            h = (v, nbrs[(position[(v, u)] - 1) % len(nbrs)])
        faces.append((area / 2, comp[start[0]]))
    outside: dict[int, int] = {}
    for fid, (area, c) in enumerate(faces):
        if c not in outside or area < faces[outside[c]][0]:
            outside[c] = fid
    outer_faces = set(outside.values())
    return {
        (u, v) for u, v in edges if face_of[(u, v)] in outer_faces or face_of[(v, u)] in outer_faces
    }


def _trails(points: list[Point], edges: Sequence[tuple[int, int]]) -> list[list[int]]:
    """Edges chained into as few trails as the network allows, going straight on at joins.

    A walk starts at a vertex of odd degree while there is one (it must end at another),
    then at any vertex (it comes back round); closed walks are then spliced into any
    trail they touch.
    """
    around: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for k, (u, v) in enumerate(edges):
        around[u].append((v, k))
        around[v].append((u, k))
    used = [False] * len(edges)
    left = {u: len(a) for u, a in around.items()}
    trails: list[list[int]] = []
    for odd_first in (True, False):
        for start in sorted(around):
            while left[start] and (left[start] % 2 == 1 or not odd_first):
                trails.append(_walk(points, around, used, left, start))
    return _spliced(trails)


def _walk(
    points: list[Point],
    around: dict[int, list[tuple[int, int]]],
    used: list[bool],
    left: dict[int, int],
    start: int,
) -> list[int]:
    trail, here, heading = [start], start, None
    while True:
        options = [(w, k) for w, k in around[here] if not used[k]]
        if not options:
            return trail
        w, k = min(options, key=lambda wk: _turn(heading, points[here], points[wk[0]]))
        used[k] = True
        left[here] -= 1
        left[w] -= 1
        heading = _unit(points[here], points[w])
        trail.append(w)
        here = w


def _turn(heading: Point | None, a: Point, b: Point) -> float:
    if heading is None:
        return 0.0
    d = _unit(a, b)
    return -(heading[0] * d[0] + heading[1] * d[1])


def _spliced(trails: list[list[int]]) -> list[list[int]]:
    trails = [t for t in trails if len(t) > 1]
    changed = True
    while changed:
        changed = False
        for i, loop in enumerate(trails):
            if loop[0] != loop[-1]:
                continue
            members = set(loop)
            for j, host in enumerate(trails):
                if j == i:
                    continue
                at = next((n for n, v in enumerate(host) if v in members), None)
                if at is None:
                    continue
                k = loop.index(host[at])
                turned = loop[k:-1] + loop[: k + 1]
                trails[j] = host[:at] + turned + host[at + 1 :]
                del trails[i]
                changed = True
                break
            if changed:
                break
    return trails


def _paths(runs: list[Segment], role: Role) -> list[CutPath]:
    """The runs of one role as polylines: inner edges of each network, then its outside."""
    points, edges = _noded(runs)
    outer = _outer_edges(points, edges)
    out = []
    for part in ([e for e in edges if e not in outer], [e for e in edges if e in outer]):
        for trail in _trails(points, part):
            closed = trail[0] == trail[-1]
            ids = trail[:-1] if closed else trail
            out.append(CutPath(_straightened([points[i] for i in ids], closed), role, closed))
    return out


def _straightened(pts: list[Point], closed: bool) -> tuple[Point, ...]:
    """The points without those a path runs straight through (the joins of a noded run)."""
    n = len(pts)
    keep = []
    for i, p in enumerate(pts):
        if not closed and i in (0, n - 1) or n < 3:
            keep.append(p)
            continue
        a, b = pts[i - 1], pts[(i + 1) % n]
        u, v = _unit(a, p), _unit(p, b)
        if abs(u[0] * v[1] - u[1] * v[0]) > 1e-9 or u[0] * v[0] + u[1] * v[1] < 0:
            keep.append(p)
    return tuple(keep)


# ---------------------------------------------------------------------------- ordering


def _ring_sides(points: list[Point], ring: tuple[Point, ...]) -> list[int]:
    """For each point: 1 strictly inside the closed ring, 0 on it (within TOL), -1 outside."""
    boundary, area = LinearRing(ring), ShapelyPolygon(ring)
    return [
        0 if boundary.distance(p) <= TOL else 1 if area.contains(p) else -1
        for p in map(ShapelyPoint, points)
    ]


def _probes(c: Cut) -> list[Point]:
    """Points standing for a path when testing whether it lies inside another."""
    if isinstance(c, CutCircle):
        (x, y), r = c.centre, c.radius
        return [(x + r, y), (x, y + r), (x - r, y), (x, y - r)]
    mids = [((a[0] + b[0]) / 2, (a[1] + b[1]) / 2) for a, b in c.segments()]
    return list(c.points) + mids


def _bbox(c: Cut) -> tuple[float, float, float, float]:
    if isinstance(c, CutCircle):
        (x, y), r = c.centre, c.radius
        return (x - r, y - r, x + r, y + r)
    xs = [p[0] for p in c.points]
    ys = [p[1] for p in c.points]
    return (min(xs), min(ys), max(xs), max(ys))


def _inside(inner: Cut, outer: Cut) -> bool:
    """Whether ``inner`` lies within the closed path ``outer`` (touching it allowed)."""
    a, b = _bbox(inner), _bbox(outer)
    if a[0] < b[0] - TOL or a[1] < b[1] - TOL or a[2] > b[2] + TOL or a[3] > b[3] + TOL:
        return False
    if isinstance(outer, CutCircle):
        ds = [math.dist(p, outer.centre) - outer.radius for p in _probes(inner)]
        return all(d <= TOL for d in ds) and any(d < -TOL for d in ds)
    sides = _ring_sides(_probes(inner), outer.points)
    return min(sides) >= 0 and max(sides) == 1


def _encloses(c: Cut) -> bool:
    return isinstance(c, CutCircle) or c.closed


def _ordered(cuts: list[Cut], here: Point) -> tuple[list[Cut], float, Point]:
    """Nearest first from ``here``, each path only once everything inside it is done."""
    waits = [
        [j for j, inner in enumerate(cuts) if j != i and _inside(inner, outer)]
        if _encloses(outer)
        else []
        for i, outer in enumerate(cuts)
    ]
    done = [False] * len(cuts)
    out: list[Cut] = []
    travel = 0.0
    while len(out) < len(cuts):
        ready = [i for i in range(len(cuts)) if not done[i] and all(done[j] for j in waits[i])]
        if not ready:  # cannot happen for nested outlines; never loop forever
            ready = [i for i in range(len(cuts)) if not done[i]]
        best = min(((_entry(cuts[i], here), i) for i in ready), key=lambda e: (e[0][0], e[1]))
        (distance, cut), i = best
        done[i] = True
        out.append(cut)
        travel += distance
        here = cut.end
    return out, travel, here


def _entry(c: Cut, here: Point) -> tuple[float, Cut]:
    """How far away the path starts, and the path turned to start at its nearest point."""
    if isinstance(c, CutCircle):
        return math.dist(here, c.start), c
    if c.closed:
        k = min(range(len(c.points)), key=lambda n: (math.dist(here, c.points[n]), n))
        return math.dist(here, c.points[k]), CutPath(c.points[k:] + c.points[:k], c.role, True)
    d0, d1 = math.dist(here, c.points[0]), math.dist(here, c.points[-1])
    if d1 < d0:
        return d1, CutPath(c.points[::-1], c.role, False)
    return d0, c


# ---------------------------------------------------------------------------- public API


def cut_paths(page: Page) -> CutPlan:
    """The page's score and cut lines, each piece once, chained and ordered for a cutter.

    Planning is the slow part of a cut file; a plan is kept for its next use (the footer's
    cutting note, the manifest, the SVG and the DXF all ask for it), and pages with the same
    size and lines share one.
    """
    return _plan(*plan_key(page))


def plan_key(page: Page) -> tuple[float, float, tuple[Item, ...], tuple[Item, ...]]:
    """What a page's cut plan depends on: its size, its cut items and its score items."""
    cut_items = tuple(i for i in page.items if i.role == Role.CUT)
    score_items = tuple(i for i in page.items if i.role == Role.SCORE)
    return page.width, page.height, cut_items, score_items


@lru_cache(maxsize=32)
def _plan(
    width: float, height: float, cut_items: tuple[Item, ...], score_items: tuple[Item, ...]
) -> CutPlan:
    """The cut plan of these cut and score items on a page of this size."""
    cut_runs, score_runs = _merged(_segments_of(cut_items), _segments_of(score_items))
    cut_circles = _circles_of(cut_items, Role.CUT, [])
    score_circles = _circles_of(score_items, Role.SCORE, cut_circles)
    here: Point = (0.0, 0.0)
    ordered: list[Cut] = []
    travel = 0.0
    for runs, circles, role in (
        (score_runs, score_circles, Role.SCORE),
        (cut_runs, cut_circles, Role.CUT),
    ):
        part, distance, here = _ordered([*_paths(runs, role), *circles], here)
        ordered.extend(part)
        travel += distance
    return CutPlan(width, height, tuple(ordered), travel, len(cut_runs))


def cut_stats(page: Page, plan: CutPlan | None = None) -> CutStats:
    """Cut length, straight cuts, paths, circles and travel of a page (see ``CutStats``)."""
    plan = plan if plan is not None else cut_paths(page)
    return CutStats(
        cut_length=plan.length(Role.CUT),
        score_length=plan.length(Role.SCORE),
        straight_cuts=plan.straight_cuts,
        paths=sum(isinstance(p, CutPath) for p in plan.paths),
        circles=sum(isinstance(p, CutCircle) for p in plan.paths),
        travel=plan.travel,
    )


def _check_size(page: Page) -> None:
    if not (page.width > 0 and page.height > 0):
        raise ValueError(
            f"page {page.label!r}: size {page.width} x {page.height} mm is not positive"
        )


INKSCAPE = "http://www.inkscape.org/namespaces/inkscape"


def cut_svg(page: Page, plan: CutPlan | None = None) -> str:
    """The cut file as SVG text: the page's size in mm, one layer per job, cuts in order.

    Layers (``<g>`` with ``id`` and ``inkscape:label``): ``marks`` (green), ``engrave``
    (black, text kept as ``<text>``), ``score`` (blue) and ``cut`` (red), cut and score in
    hairlines of ``HAIRLINE`` mm.
    """
    _check_size(page)
    plan = plan if plan is not None else cut_paths(page)
    w, h = fmt(page.width), fmt(page.height)
    import svgwrite  # loaded when a cut file is written, not by every drawing import

    dwg = svgwrite.Drawing(size=(f"{w}mm", f"{h}mm"), viewBox=f"0 0 {w} {h}", debug=False)
    dwg["xmlns:inkscape"] = INKSCAPE
    if page.label:
        dwg.set_desc(title=f"{page.label} · cut file")
    for name, (role, colour, _) in LAYERS.items():
        attrs = {"id": name, "inkscape:groupmode": "layer", "inkscape:label": name}
        if role in (Role.CUT, Role.SCORE):
            attrs |= {
                "fill": "none",
                "stroke": colour,
                "stroke-width": fmt(HAIRLINE),
                "stroke-linejoin": "round",
                "stroke-linecap": "round",
            }
            elements = [_svg_cut(dwg, c) for c in plan.of(role)]
        else:
            elements = [
                e
                for item in page.items
                if item.role == role
                for e in [_svg_item(dwg, item, colour)]
                if e is not None
            ]
        group = dwg.g(**attrs)
        for e in elements:
            group.add(e)
        dwg.add(group)
    return '<?xml version="1.0" encoding="utf-8" ?>\n' + dwg.tostring() + "\n"


def _path_d(points: Sequence[Point], closed: bool) -> str:
    d = f"M{fmt(points[0][0])} {fmt(points[0][1])} " + " ".join(
        f"L{fmt(x)} {fmt(y)}" for x, y in points[1:]
    )
    return d + " Z" if closed else d


def _svg_cut(dwg: svgwrite.Drawing, c: Cut):
    if isinstance(c, CutCircle):
        return dwg.circle(center=(fmt(c.centre[0]), fmt(c.centre[1])), r=fmt(c.radius))
    return dwg.path(d=_path_d(c.points, c.closed))


def _inked(colour: str | None) -> bool:
    """Whether a paint puts ink on the page: white is a knock-out ground, not a mark."""
    return colour is not None and colour.lower() != "#ffffff"


def _svg_item(dwg: svgwrite.Drawing, item: Item, colour: str):
    """An engraving or a mark in the layer's colour: filled where it was filled."""
    if isinstance(item, Text):
        if not item.text:
            return None
        x, y = item.position
        attrs = {
            "font-family": FONT_FAMILY,
            "font-size": fmt(item.size),
            "text-anchor": item.anchor,
            "fill": colour,
        }
        if item.bold:
            attrs["font-weight"] = "bold"
        if fmt(item.angle % 360) not in ("0", "360"):
            attrs["transform"] = f"rotate({fmt(item.angle % 360)} {fmt(x)} {fmt(y)})"
        return dwg.text(item.text, x=[fmt(x)], y=[fmt(y + MIDLINE * item.size)], **attrs)
    style = item.style
    filled = _inked(style.fill)
    if not (filled or _inked(style.stroke)):
        return None
    paint = {"fill": colour if filled else "none"}
    if _inked(style.stroke):
        paint |= {"stroke": colour, "stroke-width": fmt(max(style.width, HAIRLINE))}
    if isinstance(item, Circle):
        return dwg.circle(
            center=(fmt(item.centre[0]), fmt(item.centre[1])), r=fmt(item.radius), **paint
        )
    if isinstance(item, Polygon):
        d = " ".join(_path_d(r, True) for r in (item.points, *item.holes) if r)
        if item.holes:
            paint["fill-rule"] = "evenodd"
        return dwg.path(d=d, **paint)
    if isinstance(item, Polyline) and item.points:
        return dwg.path(d=_path_d(item.points, False), **paint)
    return None


BYLAYER = 256
"""ACI value meaning "the layer's colour"."""
_DXF_ALIGN = {"start": "MIDDLE_LEFT", "middle": "MIDDLE_CENTER", "end": "MIDDLE_RIGHT"}
CAP_HEIGHT = 2 * MIDLINE
"""The typeface's cap height per unit of font size: the DXF text height."""


def cut_dxf(page: Page, plan: CutPlan | None = None) -> str:
    """The cut file as DXF (R2010) text: millimetres, y up, same origin as the page.

    Layers CUT (red), SCORE (blue), ENGRAVE (white/black) and MARKS (green); paths are
    LWPOLYLINEs (closed ones flagged closed) and circles CIRCLEs, in cutting order.
    Engraved text is a TEXT entity whose height is the cap height; filled engravings
    get a solid HATCH under their outline.  ``y_dxf = page.height - y``.
    """
    import ezdxf  # heavy; only cut files need it

    _check_size(page)
    plan = plan if plan is not None else cut_paths(page)
    fixed = ezdxf.options.write_fixed_meta_data_for_testing
    ezdxf.options.write_fixed_meta_data_for_testing = True  # no timestamps: reproducible
    try:
        doc = ezdxf.new("R2010", setup=False)
        doc.units = 4  # millimetres ($INSUNITS)
        doc.header["$MEASUREMENT"] = 1
        doc.header["$EXTMIN"] = (0, 0, 0)
        doc.header["$EXTMAX"] = (page.width, page.height, 0)
        msp = doc.modelspace()
        height = page.height

        def flip(p: Point) -> tuple[float, float]:
            return (p[0], height - p[1])

        for name, (role, _, aci) in LAYERS.items():
            layer = name.upper()
            doc.layers.add(layer, color=aci)
            attribs = {"layer": layer}
            if role in (Role.CUT, Role.SCORE):
                for c in plan.of(role):
                    if isinstance(c, CutCircle):
                        msp.add_circle(flip(c.centre), c.radius, dxfattribs=attribs)
                    else:
                        msp.add_lwpolyline(
                            [flip(p) for p in c.points],
                            format="xy",
                            close=c.closed,
                            dxfattribs=attribs,
                        )
            else:
                for item in page.items:
                    if item.role == role:
                        _dxf_item(msp, item, flip, attribs)
        # ezdxf declares a CLASS for each entity type in use, in the order of a set, which
        # changes with Python's hash seed; declaring them first, sorted, fixes the order.
        for dxftype in sorted(doc.entitydb.dxf_types_in_use()):
            doc.classes.add_class(dxftype)
        stream = io.StringIO()
        doc.write(stream)
    finally:
        ezdxf.options.write_fixed_meta_data_for_testing = fixed
    return stream.getvalue()


def _dxf_item(msp, item: Item, flip, attribs: dict) -> None:
    if isinstance(item, Text):
        if item.text:
            text = msp.add_text(
                item.text,
                height=item.size * CAP_HEIGHT,
                rotation=-item.angle % 360,
                dxfattribs=attribs,
            )
            text.set_placement(flip(item.position), align=_dxf_align(item.anchor))
        return
    filled = _inked(item.style.fill)
    if not (filled or _inked(item.style.stroke)):
        return
    if isinstance(item, Circle):
        if filled:
            hatch = msp.add_hatch(color=BYLAYER, dxfattribs=attribs)
            hatch.paths.add_edge_path().add_arc(flip(item.centre), item.radius, 0, 360)
        msp.add_circle(flip(item.centre), item.radius, dxfattribs=attribs)
        return
    for ring, closed in _rings(item):
        if len(ring) < 2:
            continue
        pts = [flip(p) for p in ring]
        if filled and closed:
            hatch = msp.add_hatch(color=BYLAYER, dxfattribs=attribs)
            hatch.paths.add_polyline_path(pts, is_closed=True)
        msp.add_lwpolyline(pts, format="xy", close=closed, dxfattribs=attribs)


def _dxf_align(anchor: str):
    from ezdxf.enums import TextEntityAlignment  # with ezdxf, on use

    return TextEntityAlignment[_DXF_ALIGN[anchor]]


def save_cut_files(page: Page, stem: str | os.PathLike[str]) -> tuple[Path, Path]:
    """Write ``<stem>-cut.svg`` and ``<stem>-cut.dxf`` atomically; return both paths."""
    plan = cut_paths(page)
    stem = Path(stem)
    svg = write_atomic(stem.with_name(stem.name + "-cut.svg"), cut_svg(page, plan))
    dxf = write_atomic(stem.with_name(stem.name + "-cut.dxf"), cut_dxf(page, plan))
    return svg, dxf
