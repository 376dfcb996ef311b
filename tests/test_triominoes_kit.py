"""The Triominoes kit as printed: tiles, their corner numbers, shared cuts and backs read
back from PDF, and the score sheet."""

from __future__ import annotations

import dataclasses
import math
import random
import re
import tomllib
from collections import Counter
from functools import cache
from itertools import combinations

import pytest
from conftest import layout_for, read_pages
from pdfread import (
    assert_sheet_on_paper,
    contrast_ratio,
    drawn_paths,
    hex_rgb,
    page_size_mm,
    same_colour,
    text_runs,
)
from reportlab.pdfbase.pdfmetrics import stringWidth

from printkit.draw.cutfile import cut_stats
from printkit.draw.lattice import tri_point
from printkit.draw.model import MIDLINE, Polyline, Role, Text
from printkit.errors import FitError, LayoutError
from printkit.games import GAMES
from printkit.games.triominoes import components
from printkit.games.triominoes import kit as tkit
from printkit.games.triominoes.components import Settings
from printkit.games.triominoes.mat import FULL_GAME_GRID, mat_plan
from printkit.games.triominoes.rules import (
    PRESETS,
    SPANISH,
    BlockedRule,
    EndRule,
    TriominoesGame,
)
from printkit.games.triominoes.tiles import HIGHEST, TILES, Tile, parse_tile
from printkit.layout.config import DEFAULT_LAYOUT_FILE, load_layout
from printkit.layout.paper import PAPER_SIZES
from printkit.layout.sheet import FOOTER, HEADER

CODE = re.compile(r"\d-\d-\d")


@cache
def kit(paper="a4", flip="long", ink="fill", spacing=0.0):
    layout = layout_for(
        paper__size=paper, print__flip=flip, print__ink=ink, triominoes__spacing=spacing
    )
    return tkit.sized(layout), tkit.sheets(layout)  # with the tile side the kit prints


@cache
def tile_pages(paper="a4", flip="long", ink="fill", spacing=0.0):
    """(front, back) pypdf pages of every tile sheet, printed double-sided."""
    _, sheets = kit(paper, flip, ink, spacing)
    out = []
    for sheet in sheets:
        if sheet.stem.startswith("tiles"):
            reader = read_pages(sheet.pages, duplex=flip)
            out.append((reader.pages[0], reader.pages[1]))
    return out


def _mid(points):
    return (sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points))


def _triangles(page, colour, side):
    """Filled, unstroked equilateral triangles of one colour and side (bleeds are larger)."""
    out = []
    for path in drawn_paths(page):
        if path.stroke is not None or not same_colour(path.fill, hex_rgb(colour)):
            continue
        ring = path.subpaths[0]
        if len(ring) == 3 and all(
            abs(math.dist(ring[k], ring[(k + 1) % 3]) - side) < 0.01 for k in range(3)
        ):
            out.append(ring)
    return out


def _frame(run):
    """Unit vectors along and up a text run's baseline (page mm, y down)."""
    t = math.radians(run.angle)
    return (math.cos(t), math.sin(t)), (math.sin(t), -math.cos(t))


def _centre(run):
    """The middle of a text run's mid-line, from its baseline start."""
    (ux, uy), (vx, vy) = _frame(run)
    width = stringWidth(run.text, run.font, run.size)
    x, y = run.origin
    up = MIDLINE * run.size
    return (x + ux * width / 2 + vx * up, y + uy * width / 2 + vy * up)


def _glyph_box(run):
    """The four corners of a digit's ink box: its advance width by its cap height (0.72)."""
    (ux, uy), (vx, vy) = _frame(run)
    width = stringWidth(run.text, run.font, run.size)
    x, y = run.origin
    return [
        (x + ux * a + vx * b, y + uy * a + vy * b)
        for a in (0.0, width)
        for b in (0.0, 0.72 * run.size)
    ]


def _inside_by(point, triangle):
    """How far a point lies inside a triangle: its least distance to the three edge lines
    (negative outside)."""
    cx, cy = _mid(triangle)
    out = math.inf
    for a, b in zip(triangle, triangle[1:] + triangle[:1], strict=True):
        ex, ey = b[0] - a[0], b[1] - a[1]
        length = math.hypot(ex, ey)
        signed = ((point[0] - a[0]) * ey - (point[1] - a[1]) * ex) / length
        inner = ((cx - a[0]) * ey - (cy - a[1]) * ex) / length
        out = min(out, signed if inner > 0 else -signed)
    return out


def _read_tiles(page, side):
    """Each face on a page with the digits at its corners in clockwise order and its code."""
    faces = _triangles(page, components.FACE, side)
    runs = text_runs(page)
    digits = [r for r in runs if len(r.text) == 1 and r.text.isdigit()]
    codes = [r for r in runs if CODE.fullmatch(r.text)]
    found = []
    for face in faces:
        centre = _mid(face)
        mine = [r for r in digits if _inside_by(_centre(r), face) > 0]
        assert len(mine) == 3, face
        at_corner = {}
        for run in mine:
            corner = min(face, key=lambda v: math.dist(v, _centre(run)))
            # Nearer its own corner than halfway to the centre, and its top points there.
            assert math.dist(corner, _centre(run)) < 0.5 * math.dist(corner, centre)
            _, (vx, vy) = _frame(run)
            dx, dy = corner[0] - centre[0], corner[1] - centre[1]
            assert (vx * dx + vy * dy) / math.hypot(dx, dy) > 0.9999
            at_corner[corner] = int(run.text)
        assert len(at_corner) == 3  # one number at each corner
        # Clockwise on the page: y grows downwards, so increasing atan2 turns clockwise.
        order = sorted(face, key=lambda v: math.atan2(v[1] - centre[1], v[0] - centre[0]))
        numbers = tuple(at_corner[v] for v in order)
        code = [r.text for r in codes if _inside_by(_centre(r), face) > 0]
        found.append((face, numbers, code))
    return found


# --- tiles ----------------------------------------------------------------------------------


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("spacing", [0.0, 3.0])
def test_every_tile_is_printed_once_with_its_numbers_at_its_corners(paper, spacing):
    layout, _ = kit(paper, spacing=spacing)
    side = layout.section(Settings).tile
    seen = Counter()
    for front, _ in tile_pages(paper, spacing=spacing):
        for _, numbers, code in _read_tiles(front, side):
            tile = parse_tile("".join(map(str, numbers)))  # raises if not clockwise-ascending
            assert sorted(tile) == sorted(numbers)
            assert code == [tile.code]  # the printed code names the same tile
            seen[tile] += 1
    assert set(seen) == set(TILES) and set(seen.values()) == {1}
    assert len(seen) == 56


def test_tile_kinds_read_back_are_6_triples_30_pairs_20_all_different():
    layout, _ = kit()
    side = layout.section(Settings).tile
    kinds = Counter()
    per_number = Counter()
    for front, _ in tile_pages():
        for _, numbers, _ in _read_tiles(front, side):
            kinds[len(set(numbers))] += 1
            per_number.update(set(numbers))
    assert kinds == {1: 6, 2: 30, 3: 20}
    assert set(per_number.values()) == {21}  # seed 002: 21 tiles carry any given number


def test_codes_reading_the_mirror_way_are_not_printed():
    codes = {
        r.text for front, _ in tile_pages() for r in text_runs(front) if CODE.fullmatch(r.text)
    }
    for a, b, c in (t for t in TILES if len(set(t)) == 3):
        assert f"{a}-{b}-{c}" in codes and f"{a}-{c}-{b}" not in codes


def test_numbers_are_large_and_stay_inside_their_tile():
    layout, _ = kit()
    side = layout.section(Settings).tile
    front, _ = tile_pages()[0]
    faces = _triangles(front, components.FACE, side)
    digits = [r for r in text_runs(front) if len(r.text) == 1 and r.text.isdigit()]
    assert len(digits) == 3 * len(faces) == 3 * 56
    for run in digits:
        assert run.size >= 0.15 * side and run.font == "NotoSans-Bold"
        face = max(faces, key=lambda f: _inside_by(_centre(run), f))
        # The whole glyph keeps 1.5 mm clear of the cut lines (bleed and a missed cut).
        assert min(_inside_by(p, face) for p in _glyph_box(run)) > 1.5


def test_each_number_has_its_own_ink_readable_on_the_face():
    front, _ = tile_pages()[0]
    inks = {}
    for run in text_runs(front):
        if len(run.text) == 1 and run.text.isdigit():
            inks.setdefault(run.text, set()).add(tuple(round(v, 3) for v in run.fill))
    assert set(inks) == {str(n) for n in range(HIGHEST + 1)}
    assert all(len(v) == 1 for v in inks.values())
    assert len({next(iter(v)) for v in inks.values()}) == HIGHEST + 1
    for ink in inks.values():
        assert contrast_ratio(next(iter(ink)), hex_rgb(components.FACE)) >= 4.5


def test_no_digit_needs_an_underline_but_six_and_nine_would_get_one():
    layout, _ = kit()
    assert HIGHEST < min(components.AMBIGUOUS)
    plain = components.tile_front(TILES[-1], (0, 0), 40.0, 0.0, layout)
    assert not [i for i in plain if isinstance(i, Polyline)]
    odd = components.tile_front(Tile(6, 6, 9), (0, 0), 40.0, 0.0, layout)
    lines = [i for i in odd if isinstance(i, Polyline) and i.role == Role.LABEL]
    assert len(lines) == 3
    for line, digit in zip(
        lines, [i for i in odd if isinstance(i, Text) and len(i.text) == 1], strict=True
    ):
        # Parallel to the digit's baseline, under it (away from its corner).
        (ax, ay), (bx, by) = line.points
        t = math.radians(digit.angle)
        assert abs((bx - ax) * math.sin(t) - (by - ay) * math.cos(t)) < 1e-9
        mx, my = (ax + bx) / 2, (ay + by) / 2
        down = (mx - digit.position[0]) * -math.sin(t) + (my - digit.position[1]) * math.cos(t)
        assert down > MIDLINE * digit.size


def test_corner_order_and_upright_angles():
    for cell in [(0, 0), (0, 1), (3, -2), (2, 5)]:
        pts = [tri_point(v, 1.0) for v in components.clockwise_corners(cell)]
        cx, cy = _mid(pts)
        # Positive signed area with y down: the corners run clockwise on the page.
        area = sum(a[0] * b[1] - b[0] * a[1] for a, b in zip(pts, pts[1:] + pts[:1], strict=True))
        assert area > 0
        for p in pts:
            t = math.radians(components.upright_angle(p, (cx, cy)))
            up = (math.sin(t), -math.cos(t))
            d = (p[0] - cx, p[1] - cy)
            assert math.isclose(up[0] * d[0] + up[1] * d[1], math.hypot(*d), rel_tol=1e-9)


# --- cuts -----------------------------------------------------------------------------------


def _cut_strokes(page):
    """Black 0.3 mm strokes: the cut lines as drawn."""
    return [
        p
        for p in drawn_paths(page)
        if p.fill is None and same_colour(p.stroke, (0, 0, 0)) and abs(p.width - 0.3) < 1e-6
    ]


def _cross(p, q, r):
    """Twice the signed area of p, q, r: zero when the three points are in line."""
    return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])


def _key(a, b):
    return tuple(sorted((tuple(round(v, 1) for v in a), tuple(round(v, 1) for v in b))))


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_shared_edges_are_each_one_cut_on_long_straight_lines(paper):
    layout, _ = kit(paper)
    side = layout.section(Settings).tile
    for front, _ in tile_pages(paper):
        faces = _triangles(front, components.FACE, side)
        edges = Counter(_key(f[k], f[(k + 1) % 3]) for f in faces for k in range(3))
        shared = sum(1 for n in edges.values() if n == 2)
        assert shared > len(faces)  # packed edge to edge
        units = []
        for path in _cut_strokes(front):
            assert len(path.subpaths) == 1 and len(path.subpaths[0]) == 2  # straight lines
            a, b = path.subpaths[0]
            n = round(math.dist(a, b) / side)
            assert n >= 1 and abs(math.dist(a, b) - n * side) < 0.01
            units += [
                _key(
                    (a[0] + (b[0] - a[0]) * k / n, a[1] + (b[1] - a[1]) * k / n),
                    (a[0] + (b[0] - a[0]) * (k + 1) / n, a[1] + (b[1] - a[1]) * (k + 1) / n),
                )
                for k in range(n)
            ]
        assert len(units) == len(set(units))  # no edge cut twice
        assert set(units) == set(edges)  # and every tile edge cut
        # Each stroke is a whole straight run: no two on one line meet end to end.
        strokes = [p.subpaths[0] for p in _cut_strokes(front)]
        for (a, b), (c, d) in combinations(strokes, 2):
            if abs(_cross(a, b, c)) < 0.01 and abs(_cross(a, b, d)) < 0.01:
                assert min(math.dist(u, v) for u in (a, b) for v in (c, d)) > side - 0.01
        assert len(units) >= 2.5 * len(strokes)
        assert max(math.dist(a, b) for a, b in strokes) >= 4 * side


def _cut_total(paper, spacing):
    _, sheets = kit(paper, spacing=spacing)
    return sum(cut_stats(s.front).cut_length for s in sheets if s.stem.startswith("tiles"))


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_shared_cuts_save_at_least_40_percent(paper):
    layout, _ = kit(paper)
    side = layout.section(Settings).tile
    shared, apart = _cut_total(paper, 0.0), _cut_total(paper, 3.0)
    side_apart = kit(paper, spacing=3.0)[0].section(Settings).tile  # may fit one sheet smaller
    assert math.isclose(apart, 56 * 3 * side_apart, rel_tol=1e-6)
    assert shared / side <= 0.6 * apart / side_apart
    stats = [cut_stats(s.front) for s in kit(paper)[1] if s.stem.startswith("tiles")]
    assert sum(s.straight_cuts for s in stats) * 2.5 <= shared / side


# --- backs ----------------------------------------------------------------------------------


def _turn(points, w, h, flip):
    """Side B points as seen through the sheet from Side A."""
    if (flip == "long") == (w <= h):
        return [(w - x, y) for x, y in points]
    return [(x, h - y) for x, y in points]


def _box_centre(points):
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return ((max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("flip", ["long", "short"])
@pytest.mark.parametrize("spacing", [0.0, 3.0])
def test_every_back_lands_behind_its_front(paper, flip, spacing):
    layout, _ = kit(paper, flip, spacing=spacing)
    side = layout.section(Settings).tile
    for front, back in tile_pages(paper, flip, spacing=spacing):
        fronts = [_mid(f) for f in _triangles(front, components.FACE, side)]
        backs = [_mid(f) for f in _triangles(back, components.BACK, side)]
        assert len(fronts) == len(backs) > 0
        w, h = page_size_mm(back)
        turned = _turn(backs, w, h, flip)
        key = sorted((round(x, 2), round(y, 2)) for x, y in turned)
        assert key == sorted((round(x, 2), round(y, 2)) for x, y in fronts)
        if key != sorted((round(x, 2), round(y, 2)) for x, y in _turn(fronts, w, h, flip)):
            # A block that is not symmetric itself shows the backs were really mirrored.
            assert key != sorted((round(x, 2), round(y, 2)) for x, y in backs)


def test_backs_are_uniform_and_show_nothing_of_the_front():
    layout, _ = kit()
    side = layout.section(Settings).tile
    for _, back in tile_pages():
        assert not [r for r in text_runs(back) if r.text.isdigit() or CODE.fullmatch(r.text)]
        faces = _triangles(back, components.BACK, side)
        motifs = [
            p
            for p in drawn_paths(back)
            if same_colour(p.stroke, hex_rgb(components.BACK_LINE)) and p.fill is None
        ]
        dots = [
            p
            for p in drawn_paths(back)
            if p.curved and same_colour(p.fill, hex_rgb(components.BACK_LINE))
        ]
        assert len(faces) == len(motifs) == len(dots) == 56
        for face in faces:
            c = _mid(face)
            motif = min(motifs, key=lambda p: math.dist(_mid(p.subpaths[0]), c))
            ring = motif.subpaths[0]
            # The same equilateral triangle, centred, pointing the same way as its tile:
            # a tile's back looks alike whichever way the tile is turned.
            assert math.dist(_mid(ring), c) < 0.01
            assert all(
                abs(math.dist(ring[k], ring[(k + 1) % 3]) - 0.6 * side) < 0.01 for k in range(3)
            )
            for v in ring:
                corner = min(face, key=lambda f: math.dist(f, v))
                assert abs(math.dist(corner, c) * 0.6 - math.dist(v, c)) < 0.01
            dot = min(dots, key=lambda p: math.dist(_box_centre(p.subpaths[0]), c))
            assert math.dist(_box_centre(dot.subpaths[0]), c) < 0.01


def _marks(page):
    """Centres of the registration targets (their 1.5 mm circles)."""
    out = []
    for p in drawn_paths(page):
        if p.curved and p.fill is None and abs(p.width - 0.2) < 1e-6:
            xs = [q[0] for q in p.subpaths[0]]
            ys = [q[1] for q in p.subpaths[0]]
            if abs(max(xs) - min(xs) - 3.0) < 0.01:
                out.append(((max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2))
    return out


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("flip", ["long", "short"])
def test_registration_marks_match_on_both_sides_and_touch_no_tile(paper, flip):
    layout, _ = kit(paper, flip)
    side = layout.section(Settings).tile
    for front, back in tile_pages(paper, flip):
        marks, behind = _marks(front), _marks(back)
        assert len(marks) == len(behind) >= 3
        w, h = page_size_mm(back)
        turned = _turn(behind, w, h, flip)
        for (x, y), (mx, my) in zip(sorted(turned), sorted(marks), strict=True):
            assert abs(x - mx) < 0.02 and abs(y - my) < 0.02, ((x, y), (mx, my))
        faces = _triangles(front, components.FACE, side)
        for m in marks:
            # The cross (2.5 mm arms) and the 1 mm bleed stay off every tile.
            assert all(_inside_by(m, f) < -(tkit.MARK_ARM + layout.bleed) for f in faces)
        # Spread out: the marks are far apart on the sheet.
        assert max(math.dist(a, b) for a, b in combinations(marks, 2)) > 150


# --- sheets and paper -----------------------------------------------------------------------


def _fewest_sheets(paper, side):
    """Sheets needed by the capacity of rows of alternating triangles, each orientation."""
    best = None
    for w, h in (PAPER_SIZES[paper], PAPER_SIZES[paper][::-1]):
        width, height = w - 20.0, h - 20.0 - HEADER - FOOTER
        cols = int(2 * width / side + 1e-9) - 1  # a row of n tiles is (n + 1) / 2 sides long
        rows = int(height / (side * math.sqrt(3) / 2) + 1e-9)
        if cols > 0 and rows > 0:
            need = -(-56 // (cols * rows))
            best = need if best is None else min(best, need)
    return best


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("flip", ["long", "short"])
def test_every_sheet_fits_its_paper(paper, flip):
    layout, sheets = kit(paper, flip)
    tiles = [s for s in sheets if s.stem.startswith("tiles")]
    assert len(tiles) == _fewest_sheets(paper, layout.section(Settings).tile)
    assert [s.stem for s in sheets][-1] == "score-sheet"
    margin = layout.margin - 1e-6
    for sheet in sheets:
        for page in read_pages(sheet.pages).pages:
            w, h = assert_sheet_on_paper(page, PAPER_SIZES[paper], layout.margin, sheet.stem)
            for run in text_runs(page):
                for x, y in [run.origin] if run.size < 4 else _glyph_box(run):
                    assert margin <= x <= w - margin and margin <= y <= h - margin, sheet.stem


def test_the_inventory_is_what_the_kit_prints():
    assert tkit.inventory(layout_for()) == {"tile": 56, "photo mat": 1, "score sheet": 1}
    _, sheets = kit()
    stems = [s.stem for s in sheets]
    assert stems.count("mat") == tkit.inventory(layout_for())["photo mat"]
    assert stems.count("score-sheet") == tkit.inventory(layout_for())["score sheet"]


def test_one_a4_sheet_holds_all_56_tiles_at_the_default_size():
    layout, sheets = kit("a4")
    assert [s.stem for s in sheets] == ["tiles", "mat", "score-sheet"]
    assert _fewest_sheets("a4", layout.section(Settings).tile) == 1


def test_outline_ink_has_no_colour_and_black_numbers():
    layout, _ = kit(ink="outline")
    side = layout.section(Settings).tile
    for front, back in tile_pages(ink="outline"):
        assert not _triangles(front, components.FACE, side)
        assert not _triangles(back, components.BACK, side)
        digits = [r for r in text_runs(front) if len(r.text) == 1 and r.text.isdigit()]
        assert len(digits) == 3 * 56 and {r.fill for r in digits} == {(0.0, 0.0, 0.0)}


def test_too_big_a_tile_names_the_largest_that_fits():
    with pytest.raises(FitError, match=r"largest that fits is (\d+\.\d) mm") as info:
        tkit.sheets(layout_for(triominoes__tile=300.0))
    largest = float(re.search(r"is (\d+\.\d) mm", str(info.value)).group(1))
    assert largest > layout_for().section(Settings).tile
    sheets = tkit.tile_sheets(layout_for(triominoes__tile=largest))
    assert len(sheets) == 56  # one tile a sheet at the limit
    with pytest.raises(FitError):
        tkit.sheets(layout_for(triominoes__tile=round(largest + 0.2, 1)))


def test_bad_settings_are_layout_errors():
    with pytest.raises(LayoutError, match="spacing"):
        tkit.sheets(layout_for(triominoes__spacing=-1.0))


def test_settings_match_the_default_layout_file():
    assert GAMES["triominoes"].settings is Settings
    text = DEFAULT_LAYOUT_FILE.read_text(encoding="utf-8")
    defaults = tomllib.loads(text)[Settings.SECTION]
    fields = {f.name: f for f in dataclasses.fields(Settings)}
    assert set(fields) == set(defaults)
    section = text.split(f"[{Settings.SECTION}]\n", 1)[1].split("\n[", 1)[0]
    comments = {
        line.split("=")[0].strip(): re.sub(
            r"\s*\[[-\d.]+ to [-\d.]+\]$", "", line.split("#", 1)[1].strip()
        )
        for line in section.splitlines()
        if "#" in line
    }
    typed = layout_for().section(Settings)
    for name, f in fields.items():
        assert f.default == defaults[name] == getattr(typed, name), name
        assert type(f.default) is type(defaults[name]), name
        assert f.metadata["doc"] == comments[name], name
        lo, hi = f.metadata["lo"], f.metadata["hi"]
        assert lo is not None and hi is not None and lo <= f.default <= hi, name


@pytest.mark.parametrize(
    ("key", "value"), [("tile", 0.5), ("tile", 1000.0), ("spacing", -1.0), ("spacing", 50.0)]
)
def test_an_out_of_range_setting_is_a_layout_error_naming_the_key(key, value):
    with pytest.raises(LayoutError, match=rf"triominoes\.{key} must (be from|not be negative)"):
        layout_for(**{f"triominoes__{key}": value}).section(Settings)
    with pytest.raises(LayoutError, match=rf"triominoes\.{key}"):
        tkit.sheets(layout_for(**{f"triominoes__{key}": value}))


def test_an_out_of_range_setting_in_a_file_names_the_file_and_line(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text("[triominoes]\nspacing = 1.0\ntile = 0.2\n", encoding="utf-8")
    with pytest.raises(LayoutError) as info:
        load_layout(path).section(Settings)
    assert str(info.value) == f"{path}:3: triominoes.tile must be from 10 to 400, not 0.2"


# --- score sheet ----------------------------------------------------------------------------


def _score_runs():
    _, sheets = kit()
    sheet = next(s for s in sheets if s.stem == "score-sheet")
    assert sheet.back is None
    return text_runs(read_pages([sheet.front]).pages[0])


def test_score_sheet_has_a_column_pair_per_player_and_numbered_turns():
    runs = _score_runs()
    texts = Counter(r.text for r in runs)
    assert {f"Player {k}" for k in range(1, 7)} <= set(texts)
    assert texts["points"] == texts["total"] == 6
    column = _centre(next(r for r in runs if r.text == "Turn"))[0]
    turns = sorted(
        int(r.text) for r in runs if r.text.isdigit() and abs(_centre(r)[0] - column) < 0.01
    )
    assert turns == list(range(1, len(turns) + 1)) and len(turns) >= 20
    assert texts["carried over"] == texts["round end"] == 1


def _table(runs):
    """The scoring table read back: event -> (one cell per rule set, in RULE_SETS order)."""
    heads = [
        next(r for r in runs if r.text == name and r.font.endswith("Bold"))
        for name in tkit.RULE_SETS
    ]
    event = next(r for r in runs if r.text == "Event")
    out = {}
    rows = [
        r
        for r in runs
        if abs(r.origin[0] - event.origin[0]) < 0.01
        and r is not event
        and r.origin[1] > event.origin[1]
    ]
    for row in rows:
        cells = [r for r in runs if abs(r.origin[1] - row.origin[1]) < 0.3 and r is not row]
        columns = [[c.text for c in cells if abs(c.origin[0] - h.origin[0]) < 0.01] for h in heads]
        assert all(len(c) == 1 for c in columns), row.text
        out[row.text] = tuple(c[0] for c in columns)
    return out


def test_scoring_table_lists_each_event_for_both_rule_sets():
    table = _table(_score_runs())
    assert len(table) == len(tkit.SCORING) >= 11

    def cell(word, rules):
        rows = [v for k, v in table.items() if word in k.lower()]
        assert len(rows) == 1, word
        return rows[0][rules]

    # Seeds 002 (Spanish rules, column 0) and 003 (English rules, column 1).
    for k in (0, 1):
        assert "+ 10" in cell("highest triple", k)
        assert "+50" in cell("hexagon", k)
        assert "+40" in cell("bridge", k)
        assert "−5" in cell("drawing a tile", k)
        assert "−10" in cell("pool empty", k)
        assert "+25" in cell("going out", k) and "other hands" in cell("going out", k)
    assert cell("0-0-0", 0) == "40"
    assert "40" not in cell("0-0-0", 1)
    assert "−25" in cell("limit", 0) and "3" in cell("limit", 0)
    assert "−25" not in cell("limit", 1)
    assert "400" in cell("end of the game", 0) and "500" in cell("end of the game", 1)
    assert "500" not in cell("end of the game", 0) and "400" not in cell("end of the game", 1)
    assert "lowest" in cell("blocked", 0) and "own hand" in cell("blocked", 1)
    # The published Pressman rules (column 2): more for hexagons closed at once.
    assert cell("hexagon", 2) == "+50 / 60 / 70 for 1 / 2 / 3"
    assert "other hands − own" in cell("blocked", 2)


def test_scoring_table_is_made_from_the_presets():
    assert tkit.SCORED_PRESETS == ("spanish", "english", "pressman")
    assert tkit.RULE_SETS == ("Spanish rules", "English rules", "Pressman rules")
    assert [row[0] for row in tkit.SCORING] == list(tkit.EVENTS)
    for column, name in enumerate(tkit.SCORED_PRESETS, start=1):
        o = PRESETS[name]
        rows = {row[0]: row[column] for row in tkit.SCORING}
        assert rows["Opening with the highest triple"] == f"sum + {o.opening_bonus}"
        hexagons = rows["Closing hexagons with one tile"]
        if o.hexagon_bonuses is None:
            assert hexagons == f"+{o.hexagon_bonus} each"
        else:
            assert hexagons == "+{} / {} / {} for 1 / 2 / 3".format(*o.hexagon_bonuses)
        assert rows["Bridge"] == f"+{o.bridge_bonus}"
        assert rows["Drawing a tile"] == f"−{o.draw_penalty} each"
        assert rows["Cannot play, pool empty"] == f"−{o.empty_pool_penalty}"
        assert rows["Going out"].startswith(f"+{o.going_out_bonus}")
        assert ("other hands" in rows["Going out"]) == o.going_out_adds_hands
        assert rows["End of the game"].startswith(str(o.target))
        assert ("last round" in rows["End of the game"]) == (
            o.end_rule is EndRule.REACH_THEN_FINISH_ROUND
        )
        assert ("lowest" in rows["Blocked round"]) == (
            o.blocked_rule is not BlockedRule.EACH_LOSES_OWN
        )
        zero = o.zero_triple_opening if o.zero_triple_opening is not None else o.opening_bonus
        assert rows["Opening with 0-0-0"].split()[0] == str(zero)
        limit = rows["Drawing limit"]
        if o.max_draws is None:
            assert limit.startswith("none")
        else:
            assert limit.startswith(f"{o.max_draws} a turn")
            assert f"−{o.exhausted_penalty}" in limit
    # A changed rule changes its row, and only that row.
    changed = tkit.scoring_column(dataclasses.replace(SPANISH, hexagon_bonus=60, max_draws=2))
    base = tkit.scoring_column(SPANISH)
    assert [k for k in range(len(base)) if changed[k] != base[k]] == [3, 6]
    assert changed[3] == "+60 each" and changed[6].startswith("2 a turn")


def test_rows_where_the_rule_sets_differ_are_shaded():
    _, sheets = kit()
    page = read_pages([next(s for s in sheets if s.stem == "score-sheet").front]).pages[0]
    shaded = [p for p in drawn_paths(page) if same_colour(p.fill, hex_rgb(tkit.DIFFERS.fill))]
    assert len(shaded) == sum(1 for row in tkit.SCORING if len(set(row[1:])) > 1) >= 4


# --- Letter: one sheet of tiles; the photo mat against simulated end positions -------------


def test_letter_prints_all_56_tiles_on_one_sheet_and_says_at_what_size():
    layout, sheets = kit("letter")
    side = layout.section(Settings).tile
    assert side == tkit.one_sheet_tile(layout_for(paper__size="letter"))
    assert 36.0 <= side < 40.0  # clear of both sides' title and footer once turned over
    tiles = [s for s in sheets if s.stem.startswith("tiles")]
    assert [s.stem for s in tiles] == ["tiles"]
    ((front, _),) = tile_pages("letter")
    assert len(_triangles(front, components.FACE, side)) == 56
    assert f"Tiles of {side:g} mm, so that all 56 fit on one Letter sheet." in tiles[0].steps
    # An explicit size is kept as given, and A4 stays at 40 mm.
    explicit = tkit.tile_sheets(layout_for(paper__size="letter", triominoes__tile=40.0))
    assert [s.stem for s in explicit] == ["tiles-1", "tiles-2"]
    assert tkit.sized(layout_for()).section(Settings).tile == 40.0
    assert not any("so that all" in step for s in kit("a4")[1] for step in s.steps)
    # A5 cannot fit them one sheet within the 10 % shrink: it keeps 40 mm and splits.
    a5 = layout_for(paper__size="a5")
    assert tkit.one_sheet_tile(a5) is None
    assert [s.stem for s in tkit.tile_sheets(a5)] == ["tiles-1", "tiles-2", "tiles-3"]


def _end_positions(count: int, seed: int) -> list[set]:
    """The cells on the table at the end of ``count`` rounds of random legal play (the
    presets in turn, 2 to 6 players), as ``mat`` measured them."""
    out = []
    names = sorted(PRESETS)
    for k in range(count):
        rng = random.Random(seed + k)
        game = TriominoesGame(
            PRESETS[names[k % 3]], 2 + (k // 3) % 5, seed=seed + k, auto_deal=False
        )
        while not game.round_over():
            game.push(rng.choice(game.legal_moves()))
        out.append(set(game.layout))
    return out


def _fits(cells: set, rows: int, cols: int) -> bool:
    """Whether a lattice translation (row + column shift even) puts every cell on the grid."""
    r0, c0 = min(c.r for c in cells), min(c.c for c in cells)
    height = max(c.r for c in cells) - r0 + 1
    width = max(c.c for c in cells) - c0 + 1
    return any(
        (dr + dc) % 2 == 0 for dr in range(rows - height + 1) for dc in range(cols - width + 1)
    )


def test_the_photo_mat_is_what_simulated_end_positions_say():
    """mat's figures, on a smaller sample: 9 x 17 cells hold about 90 % of end positions,
    the one-sheet A4 mat hardly any, so it is a photo mat, not a play mat."""
    positions = _end_positions(300, 1000)

    def share(rows, cols):
        return sum(_fits(p, rows, cols) for p in positions) / len(positions)

    rows, cols = FULL_GAME_GRID
    assert share(rows, cols) >= 0.87
    assert share(rows - 1, cols) < 0.9 and share(rows, cols - 2) < 0.9
    plan = mat_plan(tkit.sized(layout_for()))
    assert (plan.rows, plan.cols) == (4, 11)
    assert share(plan.rows, plan.cols) < 0.05
    assert plan.rows < rows  # a full game does not fit one A4 sheet
    (sheet,) = tkit.mat_sheets(layout_for())
    assert "photo mat" in sheet.title and "play" not in sheet.title
    assert any("4 rows of 11 cells (44 in all)" in step for step in sheet.steps)
