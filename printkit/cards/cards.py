"""Rule cards: each game's rules on one sheet (one or two pages), in the layout's language.

The words live in each game's folder, in English, ``printkit/games/<game>/card.toml``
(other languages come from the gettext catalogue, ``printkit.i18n``)::

    title = "TriPakus"
    tagline = "One paragraph under the title, across the page."

    [sheet]                 # the page header
    title = "TriPakus · rules"

    [labels]                # words drawn inside the diagrams
    legal = "legal"

    [[section]]
    heading = "Placing a piece"
    body = [
      "A paragraph; **bold** marks a key word.",
      ["a bullet", "another bullet"],
      { diagram = "contact", caption = "What the drawing shows." },
    ]

The card is laid out in two columns (one on narrow paper) under the title; when one page
is not enough the text runs on to a second page, printed as Side B of the same sheet.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, replace
from typing import Any

from printkit.draw.model import Affine, Item, Page, Polyline, Role, Style
from printkit.errors import FitError, LayoutError
from printkit.games import find_game
from printkit.games.base import GameInfo
from printkit.i18n import _, current_language, language
from printkit.layout.config import Layout
from printkit.layout.diagram import Labels
from printkit.layout.sheet import Sheet, content_box, new_page, page_size
from printkit.layout.textflow import (
    Block,
    Box,
    Bullets,
    Figure,
    FlowStyle,
    Heading,
    Paragraph,
    flow_balanced,
    text_block,
)

__all__ = [
    "diagrams",
    "DiagramRef",
    "Section",
    "CardText",
    "parse_card_text",
    "load_card_text",
    "card_blocks",
    "card_sheets",
    "STYLE",
    "BODY_SIZES",
    "style_for",
]

STYLE = FlowStyle()
TITLE_SIZE = 8.0
TAGLINE_SIZE = 3.5
GUTTER = 7.0
TWO_COLUMNS_FROM = 150.0  # content widths below this get one column
BODY_SIZES = (3.7, 3.5, 3.3, 3.1)
"""Body text sizes tried for a one-page card, largest first (mm; 3.5 mm is about 10 pt)."""
TWO_PAGE_BODY_SIZES = (4.3, 4.1, 3.9, 3.7, 3.5, 3.3, 3.1)
"""Sizes tried for a card that needs two pages: larger first, so the second page is not
left mostly empty."""


@dataclass(frozen=True)
class DiagramRef:
    name: str
    caption: str


BodyItem = str | tuple[str, ...] | DiagramRef


@dataclass(frozen=True)
class Section:
    heading: str
    body: tuple[BodyItem, ...]


@dataclass(frozen=True)
class CardText:
    """The words of one card, as read from its TOML file."""

    game: str
    lang: str
    source: str
    title: str
    tagline: str
    sheet: dict[str, Any]
    labels: dict[str, str]
    sections: tuple[Section, ...]

    def diagrams(self) -> list[str]:
        """The names of the diagrams the text refers to, in order."""
        return [b.name for s in self.sections for b in s.body if isinstance(b, DiagramRef)]


def _game(game: str) -> GameInfo:
    return find_game(game, LayoutError)


def diagrams(game: str) -> dict:
    """A game's card diagrams by the name its text uses (``DIAGRAMS`` of its card module)."""
    return _game(game).card.DIAGRAMS


def load_card_text(game: str, lang: str | None = None) -> CardText:
    """A game's card in ``lang`` (else the current language); LayoutError when the game has
    no card file."""
    path = _game(game).card_text()
    if not path.is_file():
        raise LayoutError(f"the {game} game has no rule card: {path} is missing")
    text = path.read_text(encoding="utf-8")
    if lang is None:
        return parse_card_text(text, game, str(path))
    with language(lang):
        return parse_card_text(text, game, str(path))


def _translated(data: Any) -> Any:
    """Every text of a parsed card in the current language (diagram names stay keys)."""
    if isinstance(data, str):
        return _(data)
    if isinstance(data, list):
        return [_translated(item) for item in data]
    if isinstance(data, dict):
        return {k: v if k == "diagram" else _translated(v) for k, v in data.items()}
    return data


def parse_card_text(text: str, game: str, source: str = "<card>") -> CardText:
    """A card's text from its English TOML source, in the current language; LayoutError
    naming the file and the problem."""
    try:
        data = _translated(tomllib.loads(text))
    except tomllib.TOMLDecodeError as e:
        raise LayoutError(f"not valid TOML: {e}", source=source) from None

    def fail(message: str) -> LayoutError:
        return LayoutError(message, source=source)

    def string(table: dict, key: str, where: str) -> str:
        value = table.get(key)
        if not isinstance(value, str) or not value.strip():
            raise fail(f"{where}{key} must be a non-empty text")
        return value

    sheet = data.get("sheet")
    if not isinstance(sheet, dict):
        raise fail("the [sheet] table is missing")
    string(sheet, "title", "sheet.")
    labels = data.get("labels", {})
    if not isinstance(labels, dict) or not all(isinstance(v, str) for v in labels.values()):
        raise fail("[labels] must map names to texts")
    raw_sections = data.get("section")
    if not isinstance(raw_sections, list) or not raw_sections:
        raise fail("the card has no [[section]]")
    sections = []
    for k, raw in enumerate(raw_sections, start=1):
        heading = string(raw, "heading", f"section {k}: ")
        body = raw.get("body")
        if not isinstance(body, list) or not body:
            raise fail(f"section {k} ({heading}): body must be a non-empty list")
        items: list[BodyItem] = []
        for item in body:
            if isinstance(item, str):
                items.append(item)
            elif isinstance(item, list) and item and all(isinstance(x, str) for x in item):
                items.append(tuple(item))
            elif isinstance(item, dict) and set(item) == {"diagram", "caption"}:
                items.append(
                    DiagramRef(
                        string(item, "diagram", f"section {k}: "),
                        string(item, "caption", f"section {k}: "),
                    )
                )
            else:
                raise fail(
                    f"section {k} ({heading}): a body item is a paragraph (text), a "
                    f"bullet list (list of texts) or {{ diagram = ..., caption = ... }}, "
                    f"not {item!r}"
                )
        sections.append(Section(heading, tuple(items)))
    card = CardText(
        game,
        current_language(),
        source,
        string(data, "title", ""),
        string(data, "tagline", ""),
        sheet,
        dict(labels),
        tuple(sections),
    )
    known = diagrams(game)
    unknown = [n for n in card.diagrams() if n not in known]
    if unknown:
        raise fail(f"unknown diagram {unknown[0]!r}: the {game} diagrams are {', '.join(known)}")
    return card


def card_blocks(card: CardText, layout: Layout) -> list[Block]:
    """The card's sections as flow blocks, with the diagrams drawn."""
    labels = Labels(card.labels, card.source)
    blocks: list[Block] = []
    for section in card.sections:
        blocks.append(Heading(section.heading))
        for item in section.body:
            if isinstance(item, str):
                blocks.append(Paragraph(item))
            elif isinstance(item, tuple):
                blocks.append(Bullets(item))
            else:
                blocks.append(Figure(diagrams(card.game)[item.name](layout, labels), item.caption))
    return blocks


def _columns(box: Box, count: int) -> list[Box]:
    x0, y0, x1, y1 = box
    width = (x1 - x0 - GUTTER * (count - 1)) / count
    return [
        (x0 + k * (width + GUTTER), y0, x0 + k * (width + GUTTER) + width, y1) for k in range(count)
    ]


def _title_items(card: CardText, box: Box) -> tuple[list[Item], float]:
    """Title, tagline and a rule across the top of the first page; returns the items and the
    y where the columns start."""
    x0, y0, x1, _ = box
    items: list[Item] = []
    title = text_block(card.title, x1 - x0, TITLE_SIZE, STYLE.heading_colour, 1.15, bold=True)
    items += title.transformed(_at(x0, y0)).items
    y = y0 + title.height + 0.8
    tagline = text_block(card.tagline, x1 - x0, TAGLINE_SIZE, "#3a3a3a", 1.3)
    items += tagline.transformed(_at(x0, y)).items
    y += tagline.height + 2.0
    items.append(Polyline(((x0, y), (x1, y)), Style(stroke="#1a1a1a", width=0.4), Role.INFO))
    return items, y + 1.5


def _at(x: float, y: float) -> Affine:
    return Affine.translate(x, y)


def style_for(body: float) -> FlowStyle:
    """The card style scaled to a body size (mm): headings and captions keep their ratio."""
    k = body / STYLE.body
    return replace(
        STYLE,
        body=body,
        heading=STYLE.heading * k,
        caption=STYLE.caption * k,
        paragraph_gap=STYLE.paragraph_gap * k,
        heading_gap=STYLE.heading_gap * k,
    )


def card_sheets(layout: Layout, game: str) -> list[Sheet]:
    """The rule card of ``game`` in the language ``print.lang``: one sheet whose
    text runs on to Side B when one page is not enough.

    The body text is set at the largest of ``BODY_SIZES`` that fits one page, else at the
    largest of ``TWO_PAGE_BODY_SIZES`` that fits two.
    """
    with language(layout.lang):
        return _card_sheets(layout, game)


def _card_sheets(layout: Layout, game: str) -> list[Sheet]:
    card = load_card_text(game)
    size = page_size(layout)
    box = content_box(size, layout.margin)
    count = 2 if box[2] - box[0] >= TWO_COLUMNS_FROM else 1
    head, top = _title_items(card, box)
    first = _columns((box[0], top, box[2], box[3]), count)
    blocks = card_blocks(card, layout)
    sheet = card.sheet
    for frames, sizes in ((first, BODY_SIZES), (first + _columns(box, count), TWO_PAGE_BODY_SIZES)):
        for body in sizes:
            try:
                placed = flow_balanced(blocks, frames, count, style_for(body))
            except FitError:
                continue
            if len(frames) == count:
                page = new_page(size, layout.margin, sheet["title"])
                page.extend(head)
                for items in placed:
                    page.extend(items)
                return [_sheet(card, page, None)]
            front = new_page(size, layout.margin, sheet["title"], _("Side A"))
            back = new_page(size, layout.margin, sheet["title"], _("Side B"))
            front.extend(head)
            for k, items in enumerate(placed):
                (front if k < count else back).extend(items)
            return [_sheet(card, front, back)]
    raise FitError(
        f"the {card.title} rule card ({card.lang}) does not fit on two "
        f"{layout.paper_name} pages at a body size of {BODY_SIZES[-1]} mm"
    )


def _sheet(card: CardText, front: Page, back: Page | None) -> Sheet:
    return Sheet(
        card.game,
        "rules",
        card.sheet["title"],
        front,
        back,
        copies=1,
        stock=_("plain paper"),
    )
