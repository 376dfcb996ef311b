"""The Tripitz Domino kit's sheets: tokens (both sides), the cavity board whole or in two
halves, racks and the score sheet (``sheets``); the drawings come from ``components``."""

from __future__ import annotations

import math
from collections.abc import Sequence

from printkit.draw.bleed import bleed_polygon
from printkit.draw.colour import BLACK, WHITE
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
)
from printkit.draw.text import fit_size
from printkit.errors import FitError
from printkit.games.tripitz.components import (
    KIT,
    LEGEND,
    TITLE,
    Settings,
    board_box,
    board_for,
    board_picture,
    cavity_pitch,
    chain,
    circumradius,
    fitted_sections,
    symbol_colours,
    token_back,
    token_front,
)
from printkit.games.tripitz.pids import JOKERS, PIDS, Pid, TokenColour
from printkit.games.tripitz.rules import MAX_PLAYERS
from printkit.geometry.hexgrid import Hex, hex_corners, unique_edges
from printkit.i18n import _, colour_name, ngettext, pgettext
from printkit.layout.config import Layout
from printkit.layout.sheet import (
    CUT,
    Fit,
    Sheet,
    content_box,
    duplex_step,
    inner_box,
    new_page,
    page_size,
    place_centred,
    turn_heading,
    two_sided_block,
)

__all__ = [
    "sheets",
    "finished",
    "inventory",
    "token_sheets",
    "board_sheets",
    "rack_sheet",
    "score_sheet",
    "token_order",
    "largest_token",
    "RACK_SEATS",
]

ROUND_GAP = 1.5
"""Space between round tokens, mm (hexagonal tokens share their cut lines instead)."""
RACK_SEATS = MAX_PLAYERS
"""Racks printed: one per player, up to the rules' six players."""


def _fit(text: str, width: float, size: float, bold: bool = False) -> float:
    """``fit_size`` for a label added to a fixed layout: ``size`` itself where the layout
    leaves no room at all (as before the label was fitted)."""
    return fit_size(text, width, size, bold) if width > 0 else size


# --- tokens ---------------------------------------------------------------------------------


def token_order(layout: Layout) -> list[list[Pid]]:
    """The groups of tokens printed together: all 68 in fill ink, one colour per card in outline."""
    tokens = list(PIDS) + list(JOKERS)
    if layout.ink == "fill":
        return [tokens]
    return [[p for p in tokens if p.colour is c] for c in TokenColour]


def _grid(shape: str, flats: float, width: float, height: float) -> tuple[int, int]:
    """Columns and rows of tokens that fit ``width`` x ``height`` mm."""
    if shape == "hex":
        radius = circumradius(flats)
        cols = int((width - flats / 2) // flats + 1e-9)
        rows = (
            int((height - 2 * radius) // (1.5 * radius) + 1e-9) + 1 if height >= 2 * radius else 0
        )
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
        return hex_centre(_slot_cell(row, col), circumradius(flats))
    pitch = flats + ROUND_GAP
    return (col * pitch, row * pitch)


def _token_blocks(tokens: Sequence[Pid], layout: Layout, cols: int) -> tuple[Drawing, Drawing]:
    """Side A and Side B (in through coordinates) of some tokens, origin at the block corner."""
    cfg = layout.section(Settings)
    shape, flats = cfg.token, cfg.token_size
    slots = _slots(tokens, cols)
    centres = [_slot_centre(shape, flats, r, c) for r, c in slots]
    if shape == "hex":
        cells = [_slot_cell(r, c) for r, c in slots]
        corners = [hex_unit_point(v, flats) for h in cells for v in hex_corners(h)]
    else:
        half = flats / 2
        corners = [
            (x + dx, y + dy) for x, y in centres for dx in (-half, half) for dy in (-half, half)
        ]
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
    cfg = layout.section(Settings)
    shape, flats = cfg.token, cfg.token_size
    size = page_size(layout)
    box = inner_box(content_box(size, layout.margin))
    cols, rows = _grid(shape, flats, box[2] - box[0], box[3] - box[1])
    if cols < 1 or rows < 1:
        raise FitError(
            f"a {TITLE} token of {flats:g} mm does not fit on {layout.paper_name} "
            "(set tripitz.token_size)"
        )
    cols = min(cols, 8)  # 8 a row: each token colour fills two rows of the 64 pids
    out = []
    for group in token_order(layout):
        slots = _slots(group, cols)
        pages = []
        for first in range(0, slots[-1][0] + 1, rows):
            pages.append(
                [p for p, (r, _) in zip(group, slots, strict=True) if first <= r < first + rows]
            )
        for k, chunk in enumerate(pages, start=1):
            out.append(_token_sheet(chunk, layout, cols, k, len(pages), size, box))
    return out


def _token_sheet(
    tokens: Sequence[Pid],
    layout: Layout,
    cols: int,
    number: int,
    count: int,
    size: tuple[float, float],
    box: tuple[float, float, float, float],
) -> Sheet:
    front_block, back_block = _token_blocks(tokens, layout, cols)
    colours = {p.colour for p in tokens}
    one = next(iter(colours)).name.lower() if len(colours) == 1 else None
    stem = (
        "tokens"
        + (f"-{one}" if one and layout.ink != "fill" else "")
        + (f"-{number}" if count > 1 else "")
    )
    if one and layout.ink != "fill":
        # TRANSLATORS: a sheet title; {colour} is the colour of all its tokens ("red").
        title = _("{game} · tokens · {colour}").format(
            game=_(TITLE), colour=colour_name(one, "tokens")
        )
    else:
        # TRANSLATORS: a sheet title; {game} is the game's name.
        title = _("{game} · tokens").format(game=_(TITLE))
    if count > 1:
        # TRANSLATORS: a sheet title when a component takes several sheets, e.g.
        # "Tripitz Domino · tokens (1 of 2)".
        title = _("{title} ({number} of {count})").format(title=title, number=number, count=count)
    front, back = two_sided_block(layout, size, title, front_block, back_block, box, "the tokens")
    cut = (
        _("Cut along the black lines; neighbouring tokens share each cut.")
        if layout.section(Settings).token == "hex"
        else _("Cut out the round tokens along their circles.")
    )
    stock = _("white card") if layout.ink == "fill" else _card_of(one)
    jokers = sum(p.is_joker for p in tokens)
    return Sheet(
        KIT,
        stem,
        title,
        front,
        back,
        stock=stock,
        steps=[
            duplex_step(layout),
            cut,
            _holds(len(tokens) - jokers, jokers),
        ],
    )


def _card_of(name: str | None) -> str:
    """The stock of a token sheet in outline ink: card of the tokens' colour."""
    cards = {
        "red": _("red card"),
        "yellow": _("yellow card"),
        "blue": _("blue card"),
        "green": _("green card"),
    }
    return cards.get(name or "", _("coloured card"))


def _holds(pids: int, jokers: int) -> str:
    """The token sheet's count, saying which tokens are the jokers."""
    if not jokers:
        return ngettext(
            "This sheet holds {pids} pid.", "This sheet holds {pids} pids.", pids
        ).format(pids=pids)
    return ngettext(
        "This sheet holds {pids} pids and {jokers} joker (the plain token, with nothing "
        "printed on it).",
        "This sheet holds {pids} pids and {jokers} jokers (the plain tokens, one of each "
        "colour, with nothing printed on them).",
        jokers,
    ).format(pids=pids, jokers=jokers)


def _legend(layout: Layout, size: tuple[float, float], extra: str = "") -> list[Item]:
    x1, y1 = content_box(size, layout.margin)[2:]
    x0 = layout.margin
    lines = [
        _(
            "Tinted cavities marked \u00d72: the outer ring, where a move scores double.  "
            "Ringed dots: the 4 centre cavities for the starting pids."
        ),
        _("Cavities are numbered row by row from the top, left to right, for writing down moves.")
        + extra,
    ]
    width = x1 - x0
    return [
        Text(
            (x0, y1 - LEGEND + 3.0 + 4.2 * k),
            line,
            fit_size(line, width, 2.8),
            fill="#333333",
            anchor="start",
            role=Role.INFO,
        )
        for k, line in enumerate(lines)
    ]


def board_sheets(layout: Layout) -> list[Sheet]:
    """The cavity board on one sheet, or as two halves that overlap by one line of cavities."""
    board = board_for(layout)
    found = fitted_sections(layout, board)
    if found is None:
        raise FitError(
            f"the {TITLE} board with {cavity_pitch(layout):g} mm cavities does not fit "
            f"on {layout.paper_name} even in two halves; the largest token that "
            f"fits is {largest_token(layout):.1f} mm (set tripitz.token_size)"
        )
    plan, drawings, size = found[:3]
    box = board_box(layout, size)
    if plan is None:
        # TRANSLATORS: a sheet title; {game} is the game's name.
        title = _("{game} · board").format(game=_(TITLE))
        page = new_page(size, layout.margin, title)
        page.place(drawings[0], place_centred(drawings[0], box, "the board"))
        page.extend(_legend(layout, size))
        return [
            Sheet(
                KIT,
                "board",
                title,
                page,
                stock=_("white card or paper"),
                steps=[_("Cut the board out along its outline.")],
            )
        ]
    out = []
    count = plan.copies
    for k, drawing in enumerate(drawings):
        # TRANSLATORS: a sheet title; the board is printed in {count} sections glued together.
        title = _("{game} · board section {number} of {count}").format(
            game=_(TITLE), number=k + 1, count=count
        )
        page = new_page(size, layout.margin, title)
        page.place(drawing, place_centred(drawing, box, "the board section"))
        nxt = plan.next_copy(k)
        extra = "  " + (
            _("Glue the grey strip under section {number}.").format(number=nxt + 1)
            if nxt is not None
            else _("Lay this section's edge row on section {number} and match the ticks.").format(
                number=k
            )
        )
        page.extend(_legend(layout, size, extra))
        steps = [_("Cut the section out along its outline.")]
        if nxt is not None:
            steps.append(
                _(
                    "Spread glue on the grey strip and lay section {number} on it, its "
                    "edge row covering the strip, with the ticks running on across the "
                    "seam."
                ).format(number=nxt + 1)
            )
        out.append(
            Sheet(
                KIT,
                f"board-section-{k + 1}",
                title,
                page,
                stock=_("white card or paper"),
                steps=steps,
            )
        )
    return out


# --- rack and score sheet -------------------------------------------------------------------


def _rack(layout: Layout) -> Drawing:
    """A card with 7 token cavities in a row and a name line, origin at its top left."""
    pitch, shape = cavity_pitch(layout), layout.section(Settings).token
    radius = circumradius(pitch)
    pad, band = 4.0, 8.5
    height = band + 2 * radius + pad
    width = 7 * pitch + 2 * pad
    d = Drawing(width, height)
    outline = ((0.0, 0.0), (width, 0.0), (width, height), (0.0, height))
    if layout.ink == "fill":
        card = Polygon(outline, Style(fill="#f4efe4"), Role.FILL)
        grown = bleed_polygon(card, layout.bleed)
        d.add(*(([grown] if grown else []) + [card]))
    # TRANSLATORS: on a rack, a line to write the player's name on.
    player = _("Player ____________")
    # TRANSLATORS: printed on each rack; {game} is the game's name.
    name = _("{game} · rack").format(game=_(TITLE))
    d.add(Text((pad, band / 2 + 1.0), player, 3.2, fill="#333333", anchor="start"))
    d.add(Text((width - pad, band / 2 + 1.0), name, 2.6, fill="#777777", anchor="end"))
    cells = [Hex(k, 0) for k in range(7)]
    shift = Affine.translate(pad + pitch / 2, band + radius)
    for k, h in enumerate(cells, start=1):
        centre = shift(hex_centre(h, radius))
        if shape == "hex":
            d.add(
                Polygon(
                    tuple(shift(hex_unit_point(v, pitch)) for v in hex_corners(h)),
                    Style(fill=WHITE, stroke="#6f6f6f", width=0.25),
                    Role.LINE,
                )
            )
        else:
            d.add(
                Circle(
                    centre, pitch / 2, Style(fill=WHITE, stroke="#6f6f6f", width=0.25), Role.LINE
                )
            )
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
        raise FitError(
            f"a {TITLE} rack for {layout.section(Settings).token_size:g} mm tokens "
            f"is {rack.width:.1f} x {rack.height:.1f} mm; {layout.paper_name} leaves "
            f"{box[2] - box[0]:.1f} x {box[3] - box[1]:.1f} mm; the largest token "
            f"that fits is {largest_token(layout):.1f} mm (set tripitz.token_size)"
        )
    seats = RACK_SEATS
    while block.height > box[3] - box[1] and seats > 1:
        seats -= 1
        block.height = seats * rack.height + (seats - 1) * gap
    for k in range(seats):
        block.place(rack, Affine.translate(0.0, k * (rack.height + gap)))
    # TRANSLATORS: a sheet title; {game} is the game's name.
    title = _("{game} · racks").format(game=_(TITLE))
    page = new_page(size, layout.margin, title)
    page.place(block, place_centred(block, box, "the racks"))
    return Sheet(
        KIT,
        "racks",
        title,
        page,
        stock=_("card"),
        steps=[
            ngettext(
                "Cut out the {seats} rack, one for each player; it holds the "
                "player's 7 pids face up.",
                "Cut out the {seats} racks, one for each player; each holds the "
                "player's 7 pids face up.",
                seats,
            ).format(seats=seats)
        ],
    )


SCORE_COLUMNS = (("T", 5.0), ("Q", 5.0), ("N", 5.0), ("\u00d72", 5.0), ("points", 0.0))
"""Per player: triples, quadruples, neighbours touched, outer-ring tick, the move's points."""


def _score_label(label: str) -> str:
    """A ``SCORE_COLUMNS`` heading in the current language."""
    words = {
        # TRANSLATORS: score sheet column: the number of triples formed (one letter).
        "T": pgettext("tripitz score", "T"),
        # TRANSLATORS: score sheet column: the number of quadruples formed (one letter).
        "Q": pgettext("tripitz score", "Q"),
        # TRANSLATORS: score sheet column: the number of neighbouring pids touched (one letter).
        "N": pgettext("tripitz score", "N"),
        # TRANSLATORS: score sheet column heading: the points of a move (a short word).
        "points": pgettext("score sheet", "points"),
    }
    return words.get(label, label)


def score_sheet(layout: Layout) -> Sheet:
    """The secretary's sheet: a column group per player, a row per round of turns."""
    size = page_size(layout)
    x0, y0, x1, y1 = content_box(size, layout.margin)
    # TRANSLATORS: a sheet title; {game} is the game's name.
    title = _("{game} · score sheet").format(game=_(TITLE))
    page = new_page(size, layout.margin, title)
    ink = "#333333"
    # TRANSLATORS: the letters T, Q and N are the score sheet's column headings (translated
    # with the context "tripitz score"); use the same letters here.
    intro = _(
        "points = (T + 3 \u00d7 Q) \u00d7 N, doubled (\u00d72) on the outer ring.  "
        "T triples, Q quadruples formed, N neighbouring pids touched (1 to 6)."
    )
    page.add(
        Text(
            (x0, y0 + 2.0),
            intro,
            fit_size(intro, x1 - x0, 3.0),
            fill=ink,
            anchor="start",
            role=Role.INFO,
        )
    )
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
    page.add(turn_heading((x0 + turn_w / 2, top + (name_h + head_h) / 2), turn_w, 2.6, ink))
    for k in range(rows):
        page.add(
            Text((x0 + turn_w / 2, body_top + (k + 0.5) * row_h), str(k + 1), 2.4, fill="#777777")
        )
    # TRANSLATORS: score sheet row of each player's total points.
    total = _("Total")
    page.add(
        Text(
            (x0 + turn_w / 2, body_top + (rows + 0.5) * row_h),
            total,
            fit_size(total, turn_w - 1.0, 2.6, bold=True),
            fill=ink,
            bold=True,
        )
    )
    page.add(Polyline(((x0, top), (x0, bottom)), thick, Role.LINE))
    for p in range(RACK_SEATS):
        gx = x0 + turn_w + p * group
        page.add(Polyline(((gx, top), (gx, bottom)), thick, Role.LINE))
        # TRANSLATORS: score sheet heading of a player's columns.
        player = _("Player {number}").format(number=p + 1)
        page.add(Text((gx + 1.2, top + 2.4), player, 2.2, fill="#777777", anchor="start"))
        cx = gx
        for (label, _width), w in zip(SCORE_COLUMNS, widths, strict=True):
            head = _score_label(label)
            page.add(
                Text(
                    (cx + w / 2, top + name_h + head_h / 2),
                    head,
                    _fit(head, w - 0.6, 2.4),
                    fill=ink,
                )
            )
            cx += w
            if cx < gx + group - 1e-6:
                page.add(
                    Polyline(((cx, top + name_h), (cx, body_top + rows * row_h)), thin, Role.LINE)
                )
    page.add(Polyline(((x1, top), (x1, bottom)), thick, Role.LINE))
    return Sheet(
        KIT,
        "score-sheet",
        title,
        page,
        stock=_("plain paper"),
        steps=[
            _(
                "Print as many score sheets as you need; the secretary fills in one "
                "row per round and adds up each player's points."
            )
        ],
    )


# --- the kit --------------------------------------------------------------------------------


def largest_token(layout: Layout) -> float:
    """The largest token size (to 0.1 mm) at which the board and racks fit the paper."""
    lo, hi = 4.0, 80.0
    board = board_for(layout)
    while hi - lo > 0.05:
        mid = (lo + hi) / 2
        trial = layout.with_values(tripitz={"token_size": mid})
        if fitted_sections(trial, board) is not None and _rack_fits(trial):
            lo = mid
        else:
            hi = mid
    return math.floor(lo * 10) / 10


def inventory(layout: Layout) -> dict[str, int]:
    """What the kit prints: component → how many."""
    found = fitted_sections(layout, board_for(layout))
    board = (
        {"board": 1} if found is None or found[0] is None else {"board section": found[0].copies}
    )
    racks = {"rack": RACK_SEATS} if layout.section(Settings).racks else {}
    return {"pid": len(PIDS), "joker": len(JOKERS), **board, **racks, "score sheet": 1}


def sheets(layout: Layout) -> list[Sheet]:
    """Every Tripitz sheet for this layout."""
    symbol_colours(layout)  # report a bad colour list before drawing anything
    out = token_sheets(layout)
    out += board_sheets(layout)
    if layout.section(Settings).racks:
        out.append(rack_sheet(layout))
    out.append(score_sheet(layout))
    return out


FIT = Fit(Settings, "token_size", largest_token)
"""The kit's size follows ``tripitz.token_size`` (the hint when a sheet does not fit)."""


def finished(layout: Layout) -> Drawing:
    """The board as its printed parts lie glued together, for the build guide."""
    return board_picture(layout)
