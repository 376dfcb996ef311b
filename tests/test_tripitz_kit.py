"""The Tripitz kit as printed: tokens, board sections, racks and score sheet read back from PDF."""

from __future__ import annotations

import dataclasses
import math
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
    polygons_mm,
    run_centre,
    same_colour,
    text_runs,
)

from printkit.cards import card_sheets
from printkit.draw import colour
from printkit.draw.lattice import hex_centre
from printkit.draw.model import Role, Text
from printkit.errors import FitError, LayoutError
from printkit.games.tripitz import components
from printkit.games.tripitz import kit as tripitz_kit
from printkit.games.tripitz.board import TripitzBoard
from printkit.games.tripitz.pids import JOKERS, PIDS
from printkit.geometry.hexgrid import unique_edges
from printkit.layout.config import DEFAULT_LAYOUT_FILE
from printkit.layout.paper import PAPER_SIZES

TOKEN_COLOURS = ("red", "yellow", "blue", "green")


@cache
def kit(paper="a4", flip="long", ink="fill", token="hex"):
    layout = layout_for(paper__size=paper, print__flip=flip, print__ink=ink, tripitz__token=token)
    return layout, tripitz_kit.sheets(layout)


def _sheets(sheets, prefix):
    return [s for s in sheets if s.stem.startswith(prefix)]


def _face_centres(page, colours, flats, shape):
    """Centres of the token faces of some fill colours (bleeds are larger and left out)."""
    out = []
    for path in drawn_paths(page):
        if path.stroke is not None or not any(same_colour(path.fill, c) for c in colours):
            continue
        pts = path.subpaths[0]
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        width = max(xs) - min(xs)
        if abs(width - flats) < 0.01 and path.curved == (shape == "round"):
            out.append(((max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2))
    return out


# --- tokens ---------------------------------------------------------------------------------


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_pid_is_printed_once_with_its_code_and_no_joker_code(paper):
    _, sheets = kit(paper)
    codes = Counter()
    for sheet in _sheets(sheets, "tokens"):
        codes.update(
            r.text
            for r in text_runs(read_pages([sheet.front]).pages[0])
            if re.fullmatch(r"[A-Z]{3}", r.text)
        )
    expected = {p.code for p in PIDS}
    assert len(expected) == 64
    assert set(codes) == expected and set(codes.values()) == {1}


@pytest.mark.parametrize("ink", ["fill", "outline"])
@pytest.mark.parametrize("token", ["hex", "round"])
def test_jokers_are_plain_tokens(ink, token):
    """The seed's jokers are unprinted tokens: a body in their colour, no symbol, no letters."""
    layout = layout_for(print__ink=ink, tripitz__token=token)
    for joker in JOKERS:
        items = components.token_front(joker, (0.0, 0.0), layout)
        assert not [i for i in items if isinstance(i, Text)], joker
        assert all(i.role in (Role.FILL, Role.BLEED) for i in items), joker
        fills = {i.style.fill for i in items}
        assert fills == ({layout.colour(joker.colour.name.lower())} if ink == "fill" else set())
    # A pid keeps its symbol and code.
    assert [
        i.text for i in components.token_front(PIDS[0], (0.0, 0.0), layout) if isinstance(i, Text)
    ] == [PIDS[0].code]
    _, sheets = kit(ink=ink, token=token)
    steps = " ".join(step for s in _sheets(sheets, "tokens") for step in s.steps)
    assert "plain token" in steps


def test_token_faces_have_the_token_size_and_colours():
    layout, sheets = kit()
    flats = layout["tripitz"]["token_size"]
    page = read_pages([_sheets(sheets, "tokens")[0].front]).pages[0]
    per_colour = [
        len(_face_centres(page, [hex_rgb(layout.colour(c))], flats, "hex")) for c in TOKEN_COLOURS
    ]
    assert per_colour == [17, 17, 17, 17]  # 16 pids and a joker of each colour


def test_symbols_are_vector_shapes_and_faint_ones_are_outlined():
    layout, sheets = kit()
    tokens = [hex_rgb(layout.colour(c)) for c in TOKEN_COLOURS]
    symbols = [hex_rgb(c) for c in layout["tripitz"]["symbol_colours"]]
    page = read_pages([_sheets(sheets, "tokens")[0].front]).pages[0]
    face, seen = None, Counter()
    for path in drawn_paths(page):
        if any(same_colour(path.fill, t) for t in tokens) and path.stroke is None:
            face = path.fill
        elif any(same_colour(path.fill, s) for s in symbols):
            assert face is not None
            seen[(tuple(round(v, 3) for v in face), tuple(round(v, 3) for v in path.fill))] += 1
            if contrast_ratio(path.fill, face) < 3.0:
                # Too faint on its own: an outline that stands out from token and symbol.
                assert path.stroke is not None
                assert contrast_ratio(path.stroke, face) >= 3.0
                assert contrast_ratio(path.stroke, path.fill) >= 3.0
            face = None
    # Every token colour meets every symbol colour on 4 symbols.
    assert len(seen) == 16 and set(seen.values()) == {4}


def test_symbol_colours_stay_apart_and_contrast_where_they_must():
    layout, _ = kit()
    symbols = layout["tripitz"]["symbol_colours"]
    tokens = [layout.colour(c) for c in TOKEN_COLOURS]
    # The four symbol colours are far apart from each other (ΔE*ab well above noticeable).
    for a, b in combinations(symbols, 2):
        assert colour.delta_e(a, b) > 25, (a, b)
    white, light_blue = symbols[0], symbols[3]
    needs_outline = 0
    for token in tokens:
        for symbol in symbols:
            ratio = colour.contrast_ratio(symbol, token)
            expected = contrast_ratio(hex_rgb(symbol), hex_rgb(token))
            assert math.isclose(ratio, expected, rel_tol=1e-9)
            outline = components.outline_colour(symbol, token)
            assert (outline is None) == (ratio >= components.MIN_CONTRAST)
            if outline is not None:
                needs_outline += 1
        # White and light blue can be told apart on every token, yellow included.
        assert colour.delta_e(white, token) > 10
        assert colour.delta_e(light_blue, token) > 10
    yellow = layout.colour("yellow")
    assert components.outline_colour(white, yellow) is not None
    assert components.outline_colour(light_blue, yellow) is not None
    assert 0 < needs_outline < 16


def _cut_segments(page):
    """Unit cut segments (black 0.3 mm strokes, not closed), rounded, in drawing order."""
    out = []
    for path in drawn_paths(page):
        if (
            path.fill is None
            and same_colour(path.stroke, (0, 0, 0))
            and abs(path.width - 0.3) < 1e-6
        ):
            for sub, closed in zip(path.subpaths, path.closed, strict=True):
                pts = list(sub) + ([sub[0]] if closed else [])
                for a, b in zip(pts, pts[1:], strict=False):
                    key = tuple(
                        sorted((tuple(round(v, 2) for v in a), tuple(round(v, 2) for v in b)))
                    )
                    out.append(key)
    return out


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_hex_tokens_share_cut_lines_each_drawn_once(paper):
    layout, sheets = kit(paper)
    flats = layout["tripitz"]["token_size"]
    page = read_pages([_sheets(sheets, "tokens")[0].front]).pages[0]
    segments = _cut_segments(page)
    assert len(segments) == len(set(segments))  # no cut drawn twice
    centres = _face_centres(page, [hex_rgb(layout.colour(c)) for c in TOKEN_COLOURS], flats, "hex")
    assert len(centres) == 68
    touching = sum(1 for a, b in combinations(centres, 2) if abs(math.dist(a, b) - flats) < 0.01)
    assert touching > 100  # packed edge to edge
    assert len(segments) == 6 * len(centres) - touching
    side = flats / math.sqrt(3)
    assert all(abs(math.dist(a, b) - side) < 0.02 for a, b in segments)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("flip", ["long", "short"])
@pytest.mark.parametrize("token", ["hex", "round"])
def test_every_token_back_lands_behind_its_front(paper, flip, token):
    layout, sheets = kit(paper, flip, token=token)
    flats = layout["tripitz"]["token_size"]
    for sheet in _sheets(sheets, "tokens"):
        reader = read_pages(sheet.pages, duplex=flip)
        front = _face_centres(
            reader.pages[0], [hex_rgb(layout.colour(c)) for c in TOKEN_COLOURS], flats, token
        )
        back = _face_centres(reader.pages[1], [hex_rgb(components.BACK)], flats, token)
        assert len(front) == len(back) == 68
        w, h = page_size_mm(reader.pages[1])
        if (flip == "long") == (w <= h):
            turned = [(w - x, y) for x, y in back]
        else:
            turned = [(x, h - y) for x, y in back]
        key = sorted((round(x, 2), round(y, 2)) for x, y in turned)
        assert key == sorted((round(x, 2), round(y, 2)) for x, y in front)
        assert key != sorted((round(x, 2), round(y, 2)) for x, y in back)  # really mirrored


def test_backs_are_uniform():
    _, sheets = kit()
    back = read_pages([_sheets(sheets, "tokens")[0].back]).pages[0]
    words = Counter(r.text for r in text_runs(back) if r.text.isupper())
    assert words == {"TRIPITZ": 68}
    assert not [r for r in text_runs(back) if re.fullmatch(r"[A-Z]{3}", r.text)]


def test_outline_ink_prints_one_card_per_colour_without_colour():
    layout, sheets = kit(ink="outline")
    tokens = _sheets(sheets, "tokens")
    assert [s.stem for s in tokens] == [f"tokens-{c}" for c in TOKEN_COLOURS]
    colours = [hex_rgb(layout.colour(c)) for c in TOKEN_COLOURS]
    for sheet, name in zip(tokens, TOKEN_COLOURS, strict=True):
        assert sheet.stock == f"{name} card"
        page = read_pages([sheet.front]).pages[0]
        assert not [
            p
            for p in drawn_paths(page)
            if p.fill is not None and any(same_colour(p.fill, c) for c in colours)
        ]
        codes = {r.text for r in text_runs(page) if re.fullmatch(r"[A-Z]{3}", r.text)}
        assert codes == {p.code for p in PIDS if p.colour.name.lower() == name}
        outlined = [
            p
            for p in drawn_paths(page)
            if p.fill is None
            and p.stroke is not None
            and abs(p.width - 0.3) < 1e-6
            and (all(p.closed) or p.curved)
        ]
        assert len(outlined) == 16  # the symbol outlines: 12 polygons and 4 circles


@pytest.mark.parametrize(
    "lang,words",
    [
        (
            "en",
            "4 jokers, one per token colour, for the variant below: plain tokens with no "
            "symbol and no code.",
        ),
        (
            "es",
            "4 comodines, uno de cada color, para la variante del final: fichas lisas, sin "
            "símbolo ni código.",
        ),
    ],
)
def test_the_rule_card_says_the_jokers_are_plain(lang, words):
    [sheet] = card_sheets(layout_for(print__lang=lang), "tripitz")
    runs = [r.text for page in read_pages(sheet.pages).pages for r in text_runs(page)]
    printed = re.sub(r"\s+([,.:])", r"\1", " ".join(t for t in runs if t != "\u2022"))
    assert words in " ".join(printed.split())


# --- board ----------------------------------------------------------------------------------


def _board_runs(sheets):
    runs = []
    for sheet in _sheets(sheets, "board"):
        runs.append(text_runs(read_pages([sheet.front]).pages[0]))
    return runs


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_cavity_is_numbered_once(paper):
    _, sheets = kit(paper)
    numbers = Counter(int(r.text) for runs in _board_runs(sheets) for r in runs if r.text.isdigit())
    board = TripitzBoard()
    assert len(board) == 102
    assert set(numbers) == set(range(1, 103)) and set(numbers.values()) == {1}


def _nearest_number(point, runs):
    numbered = [r for r in runs if r.text.isdigit()]
    return int(min(numbered, key=lambda r: math.dist(run_centre(r), point)).text)


def test_centre_cavities_and_outer_ring_are_marked():
    layout, sheets = kit()
    pitch = layout["tripitz"]["token_size"] + layout["tripitz"]["cavity_gap"]
    board = TripitzBoard()
    dots, doubled = [], []
    for sheet, runs in zip(_sheets(sheets, "board"), _board_runs(sheets), strict=True):
        page = read_pages([sheet.front]).pages[0]
        for path in drawn_paths(page):
            if path.curved and same_colour(path.fill, (0, 0, 0)):
                xs = [p[0] for p in path.subpaths[0]]
                ys = [p[1] for p in path.subpaths[0]]
                assert math.isclose(max(xs) - min(xs), 0.1 * pitch, abs_tol=0.01)
                dots.append(
                    _nearest_number(((max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2), runs)
                )
        for run in (r for r in runs if r.text == "\u00d72"):
            # The cavity's number sits 0.58 cavity widths above its ×2, in the text's frame.
            x, y = run_centre(run)
            t = math.radians(run.angle)
            above = (x + 0.58 * pitch * math.sin(t), y - 0.58 * pitch * math.cos(t))
            number = min(
                (r for r in runs if r.text.isdigit()), key=lambda r: math.dist(run_centre(r), above)
            )
            assert math.dist(run_centre(number), above) < 0.05
            doubled.append(int(number.text))
    centre = {board.cavity_number(h) for h in board.centre}
    assert sorted(dots) == sorted(centre) == [45, 46, 57, 58]
    outer = sorted(board.cavity_number(h) for h in board.outer)
    assert sorted(doubled) == outer and len(outer) == 2 * (6 + 6 + 7) - 6


def test_board_halves_overlap_by_one_line_and_glue_strip_has_cavity_size():
    layout, sheets = kit()
    board = TripitzBoard()
    plans = components.board_plan(board)
    assert plans
    plan = plans[0]
    assert plan.copies == 2 and plan.covers_board()
    seam = plan.copy(0) & plan.copy(1)
    # One whole row of cavities (the numbering runs along rows), the upper half above it.
    assert seam == set(board.rows()[6]) and len(seam) == 11
    assert seam == plan.glue_of(0) == plan.top_of(1)
    rows = board.rows()
    assert plan.copy(0) == {h for row in rows[:7] for h in row}
    assert plan.copy(1) == {h for row in rows[6:] for h in row}
    assert len(plan.copy(0) - seam) == len(plan.copy(1)) == 51
    assert not plan.shared_by_all
    # The glue strip printed on section 1 is those cavities, each one cavity wide.
    pitch = layout["tripitz"]["token_size"] + layout["tripitz"]["cavity_gap"]
    page = read_pages([_sheets(sheets, "board-section-1")[0].front]).pages[0]
    glue = [p for p in drawn_paths(page) if same_colour(p.fill, hex_rgb("#d9d9d9"))]
    assert len(glue) == len(seam)
    for path in glue:
        ring = path.subpaths[0]
        sides = [math.dist(ring[k], ring[(k + 1) % 6]) for k in range(6)]
        assert all(math.isclose(s, pitch / math.sqrt(3), abs_tol=0.01) for s in sides)
    assert not [
        p
        for p in drawn_paths(read_pages([_sheets(sheets, "board-section-2")[0].front]).pages[0])
        if same_colour(p.fill, hex_rgb("#d9d9d9"))
    ]


def test_a_board_that_fits_is_printed_whole():
    layout = layout_for(paper__size="a3")
    sheets = tripitz_kit.board_sheets(layout)
    assert [s.stem for s in sheets] == ["board"]
    runs = text_runs(read_pages([sheets[0].front]).pages[0])
    assert sorted(int(r.text) for r in runs if r.text.isdigit()) == list(range(1, 103))


def _board_sheet_runs(layout):
    return [
        (sheet.stem, text_runs(read_pages([sheet.front]).pages[0]))
        for sheet in tripitz_kit.board_sheets(layout)
    ]


@pytest.mark.parametrize("paper", ["a4", "letter", "a3"])
def test_board_numbers_read_row_by_row_upright_as_on_the_rule_card(paper):
    """Each board sheet shows the board as it lies on the table, in the rule card's frame:
    numbers and ×2 upright, rows level and numbered left to right, top to bottom."""
    layout = layout_for(paper__size=paper)
    board = TripitzBoard()
    pitch = components.cavity_pitch(layout)
    radius = components.circumradius(pitch)
    row_of = {board.cavity_number(h): k for k, row in enumerate(board.rows()) for h in row}
    seen = set()
    for stem, runs in _board_sheet_runs(layout):
        numbers = sorted((int(r.text), r) for r in runs if r.text.isdigit())
        assert numbers, stem
        assert all(r.angle == 0 for _, r in numbers), stem
        assert all(r.angle == 0 for r in runs if r.text in ("\u00d72", "glue")), stem
        centres = [(n, run_centre(r)) for n, r in numbers]
        for (n, (x, y)), (m, (u, v)) in zip(centres, centres[1:], strict=False):
            assert v >= y - 1e-6, (stem, n, m)  # down the sheet as the numbers grow
            if row_of[n] == row_of[m]:
                assert abs(v - y) < 1e-6 and u > x, (stem, n, m)  # left to right in a row
            else:
                assert v > y + pitch / 2, (stem, n, m)  # the next row is lower
        # The sheet is the board frame moved, not turned: the same frame as the card's diagram.
        shifts = []
        for n, (x, y) in centres:
            bx, by = hex_centre(board.cavity_at(n), radius)
            shifts.append((x - bx, y - (by - 0.29 * pitch)))
        assert max(math.dist(a, shifts[0]) for a in shifts) < 0.05, stem
        seen |= {n for n, _ in numbers}
    assert seen == set(range(1, 103))


# --- every sheet ----------------------------------------------------------------------------


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("token", ["hex", "round"])
def test_every_sheet_fits_its_paper(paper, token):
    layout, sheets = kit(paper, token=token)
    stems = [s.stem for s in sheets]
    assert stems == ["tokens", "board-section-1", "board-section-2", "racks", "score-sheet"]
    for sheet in sheets:
        for page in read_pages(sheet.pages).pages:
            w, h = assert_sheet_on_paper(page, PAPER_SIZES[paper], layout.margin, sheet.stem)
            margin = layout.margin - 1e-6
            for poly in polygons_mm(page):
                for ring in poly:
                    for x, y in ring:
                        assert margin <= x <= w - margin and margin <= y <= h - margin, sheet.stem


def test_racks_hold_seven_cavity_sized_slots_and_are_optional():
    layout, sheets = kit()
    pitch = layout["tripitz"]["token_size"] + layout["tripitz"]["cavity_gap"]
    page = read_pages([_sheets(sheets, "racks")[0].front]).pages[0]
    slots = [p for p in polygons_mm(page) if len(p[0]) == 6]
    assert len(slots) == 7 * tripitz_kit.RACK_SEATS
    for ring, *_ in slots:
        xs = [x for x, _ in ring]
        assert math.isclose(max(xs) - min(xs), pitch, abs_tol=0.01)
    without = tripitz_kit.sheets(layout_for(tripitz__racks=False))
    assert "racks" not in [s.stem for s in without]


def test_score_sheet_has_a_column_group_per_player():
    _, sheets = kit()
    runs = text_runs(read_pages([_sheets(sheets, "score-sheet")[0].front]).pages[0])
    texts = Counter(r.text for r in runs)
    for label in ("T", "Q", "N", "\u00d72", "points"):
        assert texts[label] == tripitz_kit.RACK_SEATS
    assert {f"Player {k}" for k in range(1, 7)} <= set(texts)
    turns = sorted(int(r.text) for r in runs if r.text.isdigit())
    assert turns == list(range(1, len(turns) + 1)) and len(turns) >= 25


def test_too_big_a_token_names_the_largest_that_fits():
    with pytest.raises(FitError, match=r"largest token that fits is (\d+\.\d) mm") as info:
        tripitz_kit.sheets(layout_for(tripitz__token_size=30.0))
    largest = float(re.search(r"is (\d+\.\d) mm", str(info.value)).group(1))
    assert largest >= layout_for()["tripitz"]["token_size"]
    tripitz_kit.sheets(layout_for(tripitz__token_size=largest))
    with pytest.raises(FitError):
        tripitz_kit.sheets(layout_for(tripitz__token_size=round(largest + 0.2, 1)))


def test_bad_settings_are_layout_errors():
    with pytest.raises(LayoutError, match="tripitz.token must be one of hex, round"):
        tripitz_kit.sheets(layout_for(tripitz__token="square"))
    with pytest.raises(LayoutError, match="4 colours"):
        tripitz_kit.sheets(layout_for(tripitz__symbol_colours=("#ffffff", "#000000")))


def test_cut_chains_cover_each_edge_once():
    cells = [h for h in TripitzBoard().cavities]
    every, boundary = unique_edges(cells)
    paths = components.chain(every)
    walked = [tuple(sorted(p)) for path in paths for p in zip(path, path[1:], strict=False)]
    assert sorted(walked) == sorted(every)
    loops = components.chain(boundary)
    assert len(loops) == 1 and loops[0][0] == loops[0][-1]
    # Euler: edges of a hexagon patch = (6 n + boundary edges) / 2.
    assert len(every) == (6 * len(cells) + len(boundary)) // 2


def test_settings_match_the_default_layout():
    with DEFAULT_LAYOUT_FILE.open("rb") as f:
        section = tomllib.load(f)["tripitz"]
    fields = {f.name: f for f in dataclasses.fields(components.Settings)}
    assert components.Settings.SECTION == "tripitz"
    assert list(fields) == list(section)
    defaults = components.Settings()
    for key, value in section.items():
        assert getattr(defaults, key) == (tuple(value) if isinstance(value, list) else value)
        assert fields[key].metadata["doc"], key
    assert layout_for().section(components.Settings) == defaults


@pytest.mark.parametrize(
    "key,value",
    [
        ("token_size", 0.5),
        ("token_size", 500.0),
        ("cavity_gap", 50.0),
        ("board_sides", (6, 1, 7)),
        ("board_sides", (6, 6, 70)),
        ("token", "square"),
    ],
)
def test_settings_out_of_range_are_layout_errors_naming_the_key(key, value):
    layout = layout_for(**{f"tripitz__{key}": value})
    with pytest.raises(LayoutError, match=f"tripitz.{key}"):
        layout.section(components.Settings)
    with pytest.raises(LayoutError, match=f"tripitz.{key}"):
        tripitz_kit.sheets(layout)


def test_the_inventory_counts_what_is_printed():
    layout, sheets = kit()
    assert tripitz_kit.inventory(layout) == {
        "pid": 64,
        "joker": 4,
        "board section": len(_sheets(sheets, "board-section")),
        "rack": tripitz_kit.RACK_SEATS,
        "score sheet": 1,
    }
    assert len(_sheets(sheets, "racks")) == 1 and len(_sheets(sheets, "score-sheet")) == 1
    whole = tripitz_kit.inventory(layout_for(paper__size="a3", tripitz__racks=False))
    assert whole == {"pid": 64, "joker": 4, "board": 1, "score sheet": 1}
