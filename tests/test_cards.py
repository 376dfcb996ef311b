"""Rule cards: every game in every language builds, fits its pages (drawing model and PDF
read back), states the key facts, and its diagrams agree with the rules engines."""

from __future__ import annotations

import re
from functools import cache

import pytest
from conftest import layout_for, read_pages
from pdfread import text_runs
from reportlab.pdfbase.pdfmetrics import stringWidth

from printkit.cards import card_sheets, load_card_text
from printkit.cards.cards import (
    TWO_COLUMNS_FROM,
    _columns,
    card_blocks,
    diagrams,
    parse_card_text,
)
from printkit.draw.model import Drawing, Polygon, Style, Text
from printkit.draw.text import baseline_start, text_width
from printkit.errors import LayoutError
from printkit.games import GAMES
from printkit.games.triominoes.card import triominoes_bridge, triominoes_hexagon
from printkit.games.triominoes.rules import clockwise_corners as corner_order
from printkit.games.triominoes.tiles import TILES, parse_tile
from printkit.games.tripakus.card import tripakus_contact
from printkit.games.tripakus.rules import TriPakusGame, TriPakusOptions
from printkit.games.tripitz.card import scoring_windows, tripitz_move, tripitz_triple
from printkit.games.tripitz.pids import is_valid_set
from printkit.games.tripod.card import tripod_surround
from printkit.games.tripod.rules import Stone, TripodGame, TripodOptions, check_position
from printkit.games.tripod.rules import surrounded_corners as tripod_surrounded
from printkit.geometry.tri import Cell, edge_neighbours, edges, vertices
from printkit.i18n import _, language
from printkit.layout.diagram import Labels
from printkit.layout.sheet import content_box, new_page
from printkit.layout.textflow import (
    Bullets,
    Figure,
    FlowStyle,
    Heading,
    Paragraph,
    flow,
    words,
    wrap,
)

LANGS = ("en", "es")
PAPERS = ("a4", "letter")
CASES = [(g, lang, paper) for g in GAMES for lang in LANGS for paper in PAPERS]

# Facts each card must state (SEED-NOTES.md), as whole numbers or words in its text.
KEY_FACTS = {
    "tripakus": ["110", "22", "19", "361", "15", "10"],
    "tripitz": ["64", "102", "7", "3"],
    "triominoes": ["56", "30", "20", "21", "50", "40", "25", "400", "500"],
    "tripod": ["a1", "a11", "k11", "2", "5", "6"],
    "trigon": ["486", "22", "110", "9", "8", "15", "5"],
}


@cache
def sheet_for(game: str, lang: str, paper: str):
    [sheet] = card_sheets(layout_for(print__lang=lang, paper__size=paper), game)
    return sheet


@cache
def pdf_text_runs(game: str, lang: str, paper: str):
    sheet = sheet_for(game, lang, paper)
    return [text_runs(p) for p in read_pages(sheet.pages).pages]


def _furniture(page, sheet, layout):
    """How many of a page's first items are the page furniture new_page draws."""
    side = None
    if sheet.back is not None:
        with language(layout.lang):
            side = _("Side A") if page is sheet.front else _("Side B")
    with language(layout.lang):
        bare = new_page((page.width, page.height), layout.margin, sheet.title, side)
    assert [i for i in page.items[: len(bare.items)]] == bare.items
    return bare


# -- building ---------------------------------------------------------------------------


@pytest.mark.parametrize("game,lang,paper", CASES)
def test_the_card_builds_as_one_sheet_of_one_or_two_pages(game, lang, paper):
    sheet = sheet_for(game, lang, paper)
    layout = layout_for(print__lang=lang, paper__size=paper)
    card = load_card_text(game, lang)
    assert (sheet.kit, sheet.stem) == (game, "rules")
    assert len(sheet.pages) in (1, 2)
    for page in sheet.pages:
        assert (page.width, page.height) == layout.paper
    if sheet.back is not None:
        with language(lang):
            assert sheet.front.label.endswith(_("Side A"))
            assert sheet.back.label.endswith(_("Side B"))
    assert sheet.title == card.sheet["title"] and not sheet.steps


@pytest.mark.parametrize("game,lang,paper", CASES)
def test_nothing_is_drawn_outside_the_content_box(game, lang, paper):
    sheet = sheet_for(game, lang, paper)
    layout = layout_for(print__lang=lang, paper__size=paper)
    x0, y0, x1, y1 = content_box(layout.paper, layout.margin)
    eps = 1e-6
    for page in sheet.pages:
        bare = _furniture(page, sheet, layout)
        content = page.items[len(bare.items) :]
        assert content
        for item in content:
            if isinstance(item, Text):
                bx, by = baseline_start(item)
                assert item.angle == 0
                w = text_width(item.text, item.size, item.bold)
                top, bottom = by - 0.72 * item.size, by + 0.21 * item.size
                assert x0 - eps <= bx and bx + w <= x1 + eps, item
                assert y0 - eps <= top and bottom <= y1 + eps, item
            else:
                for x, y in item.all_points():
                    assert x0 - eps <= x <= x1 + eps and y0 - eps <= y <= y1 + eps, item


@pytest.mark.parametrize("game,lang,paper", CASES)
def test_the_pdf_text_stays_inside_the_content_box(game, lang, paper):
    sheet = sheet_for(game, lang, paper)
    layout = layout_for(print__lang=lang, paper__size=paper)
    x0, y0, x1, y1 = content_box(layout.paper, layout.margin)
    for page, runs in zip(sheet.pages, pdf_text_runs(game, lang, paper), strict=True):
        bare = _furniture(page, sheet, layout)
        furniture = {
            (r.text, round(r.origin[0], 2), round(r.origin[1], 2))
            for r in text_runs(read_pages([bare]).pages[0])
        }
        content = [
            r
            for r in runs
            if (r.text, round(r.origin[0], 2), round(r.origin[1], 2)) not in furniture
        ]
        assert len(content) == len(runs) - len(furniture)
        for r in content:
            width = stringWidth(r.text, r.font, r.size)
            assert x0 - 0.01 <= r.origin[0] and r.origin[0] + width <= x1 + 0.01, r
            assert y0 + 0.5 * r.size <= r.origin[1] <= y1 - 0.2 * r.size, r


@pytest.mark.parametrize("game,lang,paper", CASES)
def test_no_heading_ends_a_column(game, lang, paper):
    sheet = sheet_for(game, lang, paper)
    layout = layout_for(print__lang=lang, paper__size=paper)
    card = load_card_text(game, lang)
    headings = {s.heading for s in card.sections}
    for page in sheet.pages:
        bare = _furniture(page, sheet, layout)
        texts = [i for i in page.items[len(bare.items) :] if isinstance(i, Text)]
        body = min(t.size for t in texts if not t.bold)
        columns: dict[int, list[Text]] = {}
        for t in texts:
            columns.setdefault(round(t.position[0] / 40), []).append(t)
        lowest = [max(col, key=lambda t: t.position[1]) for col in columns.values()]
        for t in lowest:
            assert not (t.text in headings and t.size > body), f"orphan heading {t.text!r}"


@pytest.mark.parametrize("game,lang,paper", CASES)
def test_a_second_page_is_never_mostly_empty(game, lang, paper):
    sheet = sheet_for(game, lang, paper)
    if sheet.back is None:
        return
    layout = layout_for(print__lang=lang, paper__size=paper)
    _, y0, _, y1 = content_box(layout.paper, layout.margin)
    bare = _furniture(sheet.back, sheet, layout)
    lowest = max(y for item in sheet.back.items[len(bare.items) :] for _, y in item.all_points())
    assert lowest - y0 >= (y1 - y0) / 2, f"the second page is filled to {lowest - y0:.0f} mm"


@pytest.mark.parametrize("game,lang,paper", CASES)
def test_a_diagram_never_starts_a_column(game, lang, paper):
    sheet = sheet_for(game, lang, paper)
    layout = layout_for(print__lang=lang, paper__size=paper)
    box = content_box(layout.paper, layout.margin)
    frames = _columns(box, 2 if box[2] - box[0] >= TWO_COLUMNS_FROM else 1)
    for page in sheet.pages:
        bare = _furniture(page, sheet, layout)
        content = page.items[len(bare.items) :]
        columns: dict[int, list] = {}
        for item in content:
            x = sum(px for px, _ in item.all_points()) / len(list(item.all_points()))
            k = min(range(len(frames)), key=lambda k: abs((frames[k][0] + frames[k][2]) / 2 - x))
            columns.setdefault(k, []).append(item)
        for items in columns.values():
            top = min(items, key=lambda i: min(y for _, y in i.all_points()))
            assert isinstance(top, Text), f"a diagram starts a column: {top}"


def test_a_figure_that_moves_on_takes_the_end_of_its_paragraph_along():
    square = Drawing(30, 40).add(Polygon(((0, 0), (30, 0), (30, 40), (0, 40)), Style(fill="#888")))
    text = " ".join(["word"] * 120)
    frames = [(0, 0, 80, 70), (100, 0, 180, 70)]
    first, second = flow([Paragraph(text), Figure(square)], frames, FlowStyle())
    assert any(isinstance(i, Polygon) for i in second)
    top = min(second, key=lambda i: min(y for _, y in i.all_points()))
    assert isinstance(top, Text)  # lines of the paragraph came along
    assert sum(isinstance(i, Text) for i in first) >= 2


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGS)
def test_the_key_facts_are_printed(game, lang):
    runs = [r for page in pdf_text_runs(game, lang, "a4") for r in page]
    text = " ".join(r.text for r in runs)  # decoded through each font's ToUnicode map
    for fact in KEY_FACTS[game]:
        assert re.search(rf"(?<![\w-]){re.escape(fact)}(?![\w-])", text), fact
    if game == "tripakus":
        assert not re.search(r"\b89\b", text)  # the seed's miscount
    card = load_card_text(game, lang)
    assert card.title in text and card.sections[0].heading in text


RULE_SET_NAMES = {"en": ("**Spanish", "**English"), "es": ("**español**", "**inglés**")}
"""How each card names the Spanish and English rule sets: in words, not by preset id."""


@pytest.mark.parametrize("lang", LANGS)
def test_the_triominoes_card_names_both_rule_sets_where_they_differ(lang):
    card = load_card_text("triominoes", lang)
    text = " ".join(str(b) for s in card.sections for b in s.body)
    for differing in ("400", "500", "25", "3"):
        assert differing in text
    for name in RULE_SET_NAMES[lang]:
        assert text.count(name) >= 4, (lang, name)
    assert not re.search(r"\*\*(spanish|english|pressman)\*\*", text)


# -- the text data ------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_every_diagram_is_referenced_and_exists(game):
    for lang in LANGS:
        card = load_card_text(game, lang)
        assert set(card.diagrams()) == set(diagrams(game))
        assert all(name in diagrams(game) for name in card.diagrams())
    en, es = (load_card_text(game, lang) for lang in LANGS)
    assert en.diagrams() == es.diagrams()
    assert set(en.labels) == set(es.labels)
    assert set(en.sheet) == set(es.sheet)


@pytest.mark.parametrize("game", GAMES)
def test_diagrams_draw_only_labels_from_the_text_file(game):
    layout = layout_for()
    for lang in LANGS:
        card = load_card_text(game, lang)
        labels = Labels(card.labels, card.source)
        for draw in diagrams(game).values():
            d = draw(layout, labels)
            assert d.width > 0 and d.height > 0 and d.items
            drawn = [i.text for i in d.items if isinstance(i, Text)]
            label_words = [w for v in card.labels.values() for w in v.split()]
            for text in drawn:
                if not re.fullmatch(r"[0-9A-Z]{1,3}|[a-s][0-9]+'?", text):
                    assert any(w in text for w in label_words), text
        assert labels.used and labels.used <= set(card.labels)


def test_an_unknown_language_is_a_layout_error_listing_the_available_ones():
    with pytest.raises(LayoutError, match=r"print.lang must be one of en, es, not 'fr'"):
        card_sheets(layout_for(print__lang="fr"), "tripod")
    with pytest.raises(LayoutError, match="unknown game .chess.: choose from tripakus"):
        load_card_text("chess", "en")


@pytest.mark.parametrize(
    "text,message",
    [
        (
            'title = "T"\ntagline = "x"\n[[section]]\nheading = "H"\nbody = ["p"]\n',
            "the \\[sheet\\] table is missing",
        ),
        (
            'title = "T"\ntagline = "x"\n[sheet]\ntitle = "t"\n'
            '[[section]]\nheading = "H"\nbody = [{ diagram = "nope", caption = "c" }]\n',
            "unknown diagram 'nope'",
        ),
        (
            'title = "T"\ntagline = "x"\n[sheet]\ntitle = "t"\n'
            '[[section]]\nheading = "H"\nbody = [3]\n',
            "a body item is a paragraph",
        ),
        ("title = ", "not valid TOML"),
    ],
)
def test_bad_card_text_is_reported_with_its_source(text, message):
    with pytest.raises(LayoutError, match=message) as err:
        parse_card_text(text, "tripod", "cards/tripod.toml")
    assert str(err.value).startswith("cards/tripod.toml: ")


def test_a_missing_label_is_reported():
    card = load_card_text("tripakus", "en")
    del card.labels["legal"]
    with pytest.raises(LayoutError, match="no 'legal'"):
        card_blocks(card, layout_for())


# -- diagrams against the engines ---------------------------------------------------------


def test_tripakus_contact_agrees_with_the_rules_on_the_real_board():
    ex = tripakus_contact()
    game = TriPakusGame(TriPakusOptions(players=("red",)))  # the side-19 board
    assert Cell(0, 0) in ex.first.cells
    game.play(ex.first)
    assert game.why_illegal(ex.legal) is None
    assert "along an edge" in (game.why_illegal(ex.illegal) or "")
    first_v = {v for c in ex.first.cells for v in vertices(c)}
    first_e = {e for c in ex.first.cells for e in edges(c)}
    for move, shares_edge in ((ex.legal, False), (ex.illegal, True)):
        assert ex.legal.piece == move.piece
        assert not move.cells & ex.first.cells
        assert bool({e for c in move.cells for e in edges(c)} & first_e) == shares_edge
        assert {v for c in move.cells for v in vertices(c)} & first_v


def test_tripitz_triple_and_the_worked_example_score():
    assert is_valid_set(tripitz_triple())
    move = tripitz_move()
    # The seed's sixth move: a triple and a quadruple, two touches, 8 points.
    assert (move.score.triples, move.score.quadruples, move.score.touches) == (1, 1, 2)
    assert move.score.points == (1 + 3) * 2
    windows = scoring_windows(move)
    assert sum(len(w) == 3 for w in windows) == move.score.triples
    assert sum(len(w) == 4 for w in windows) == move.score.quadruples
    cells = dict(move.cells)
    cells[move.board.cavity_at(move.cavity)] = move.pid
    assert all(is_valid_set([cells[h] for h in w]) for w in windows)
    for lang in LANGS:
        card = load_card_text("tripitz", lang)
        d = diagrams("tripitz")["move"](layout_for(), Labels(card.labels, card.source))
        texts = [i.text for i in d.items if isinstance(i, Text)]
        assert any(f"= {move.score.points} " in t for t in texts)


def _clockwise(cell) -> tuple[int, int, int]:
    """Corner order by the sign of the area, independent of corner_order's angle sort."""
    a, b, c = corner_order(cell)
    (ax, ay), (bx, by), (cx, cy) = ((v.col / 2, v.row * 0.866) for v in (a, b, c))
    assert (bx - ax) * (cy - ay) - (by - ay) * (cx - ax) > 0  # clockwise with y down
    return a, b, c


@pytest.mark.parametrize("layout_fn", [triominoes_hexagon, triominoes_bridge])
def test_triomino_diagrams_use_real_distinct_tiles(layout_fn):
    tl = layout_fn()
    tiles = [parse_tile("".join(str(tl.numbers[v]) for v in _clockwise(c))) for c in tl.cells]
    assert len(set(tiles)) == len(tiles)
    assert all(t in TILES for t in tiles)
    assert tl.new in tl.cells


def test_triomino_hexagon_closes_six_tiles_round_a_point():
    tl = triominoes_hexagon()
    common = set.intersection(*({*vertices(c)} for c in tl.cells))
    assert len(tl.cells) == 6 and len(common) == 1


def test_triomino_bridge_matches_one_edge_and_the_opposite_corner():
    tl = triominoes_bridge()
    others = set(tl.cells) - {tl.new}
    touching_edge = [n for n in edge_neighbours(tl.new) if n in others]
    assert len(touching_edge) == 1
    shared = set(edges(tl.new)) & set(edges(touching_edge[0]))
    [edge] = shared
    [opposite] = set(vertices(tl.new)) - set(edge)
    assert any(opposite in vertices(c) for c in others)
    # No hexagon closes: no corner of the new tile has all six cells around it filled.
    for v in vertices(tl.new):
        around = {
            c
            for c in set(tl.cells) | {Cell(r, k) for r in range(-2, 5) for k in range(-6, 7)}
            if v in vertices(c)
        }
        assert len(around) == 6 and not around <= set(tl.cells)
    # The other tiles form one edge-connected layout (the bridge joins nothing new).
    seen, stack = set(), [next(iter(others))]
    while stack:
        c = stack.pop()
        if c not in seen:
            seen.add(c)
            stack += [n for n in edge_neighbours(c) if n in others]
    assert seen == others


def test_tripod_group_surrounds_all_three_corners_and_wins():
    ex = tripod_surround()
    assert ex.n in (4, 5)
    game = TripodGame(TripodOptions(size=ex.n))
    board = game.board
    assert not ex.x & set(board.corners)
    assert tripod_surrounded(board, ex.x) == frozenset(board.corners)
    status = check_position({**{c: Stone.X for c in ex.x}, **{c: Stone.O for c in ex.o}}, ex.n)
    assert status.valid and status.winner == Stone.X
    xs, os_ = sorted(ex.x, key=board.index), sorted(ex.o, key=board.index)
    for k, cell in enumerate(xs):
        assert game.winner is None
        game.play(str(cell))
        if k < len(os_):
            game.play(str(os_[k]))
    assert game.winner == Stone.X


# -- text flow ----------------------------------------------------------------------------


def test_wrap_keeps_lines_within_the_width_and_bold_spans():
    text = "Each player has **110 triangles**, from 22 pieces of one to six triangles each."
    assert [(t, b) for w in words(text) for t, b in w][3:5] == [("110", True), ("triangles", True)]
    lines = wrap(text, 30.0, 3.3)
    assert len(lines) > 2
    for line in lines:
        width = sum(text_width(t, 3.3, b) for w in line for t, b in w) + text_width(" ", 3.3) * (
            len(line) - 1
        )
        assert width <= 30.0 + 1e-9
    assert " ".join("".join(t for t, _ in w) for line in lines for w in line) == text.replace(
        "**", ""
    )


def test_a_heading_moves_to_the_next_frame_with_its_text():
    para = Paragraph("word " * 60)
    frames = [(0.0, 0.0, 60.0, 40.0), (70.0, 0.0, 130.0, 200.0)]
    out = flow([Paragraph("filler " * 45), Heading("Rule"), para], frames)
    first = [i for i in out[0] if isinstance(i, Text)]
    second = [i for i in out[1] if isinstance(i, Text)]
    assert all(t.text != "Rule" for t in first)
    assert second[0].text == "Rule"


def test_short_paragraphs_and_bullets_are_not_split_into_orphans():
    style = FlowStyle()
    item = "three lines " * 9
    n = len(wrap(item, 60.0 - style.bullet_indent, style.body))
    assert n == 3
    pitch = style.body * style.leading
    filler = Paragraph("filler")  # one line
    # Room for the filler and two of the item's three lines: a break there would leave one.
    height = pitch + style.paragraph_gap + 2.5 * pitch
    frames = [(0.0, 0.0, 60.0, height), (70.0, 0.0, 130.0, 200.0)]
    out = flow([filler, Bullets((item,))], frames, style)
    assert [i.text for i in out[0] if isinstance(i, Text)] == ["filler"]
    second = {round(i.position[1], 3) for i in out[1] if isinstance(i, Text)}
    assert len(second) == n  # the item moved whole
    # With room for all three lines it stays in the first frame.
    roomy = [(0.0, 0.0, 60.0, height + pitch), frames[1]]
    assert not flow([filler, Bullets((item,))], roomy, style)[1]
