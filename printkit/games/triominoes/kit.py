"""The Triominoes kit's sheets: the 56 tiles two-sided, the photo mat and a score sheet.

Tile ``k`` of a sheet takes cell ``(k // cols, k % cols)`` of the triangular lattice, so
rows alternate up and down triangles.  With ``triominoes.spacing`` 0 neighbouring tiles
share their edges and each lattice line is one straight cut across the block
(``tri.straight_runs``): first the horizontal cuts into strips, then the slanting ones
across them.  With a spacing, every tile is shrunk about its centre on a lattice widened so
that parallel edges lie ``spacing`` apart.

Registration marks (and crop marks, if asked for) go outside the block when there is
room.  A full sheet of tiles leaves none: then the registration marks sit in the empty
half-cells along the block's zigzag sides, and no crop marks are drawn (the straight cuts
run right across the block, so there is nothing to trim).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from shapely.geometry import Point as ShapelyPoint
from shapely.geometry import Polygon as ShapelyPolygon
from shapely.geometry import box as shapely_box
from shapely.ops import nearest_points, unary_union

from printkit.draw.lattice import tri_point
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
from printkit.draw.text import fit_size, text_width
from printkit.errors import FitError
from printkit.games.triominoes.components import (
    BLACK,
    Settings,
    tile_back,
    tile_corners,
    tile_front,
)
from printkit.games.triominoes.mat import KIT, largest_mat_tile, mat_drawing, mat_plan
from printkit.games.triominoes.rules import (
    PRESETS,
    BlockedRule,
    EndRule,
    TriominoesOptions,
)
from printkit.games.triominoes.tiles import TILES, Tile
from printkit.geometry.tri import Cell, edges, straight_runs
from printkit.i18n import N_, _, language, pgettext
from printkit.i18n import number as print_number
from printkit.layout.config import Layout
from printkit.layout.paper import paper_label
from printkit.layout.sheet import (
    CUT,
    Fit,
    Sheet,
    back_transform,
    content_box,
    duplex_step,
    new_page,
    page_size,
    turn_heading,
    two_sided_block,
    two_sided_box,
)

__all__ = [
    "sheets",
    "tile_sheets",
    "score_sheet",
    "mat_sheets",
    "mat_picture",
    "grid_for",
    "notch_marks",
    "largest_tile",
    "scoring_column",
    "SCORING",
    "EVENTS",
    "SCORED_PRESETS",
    "RULE_SETS",
    "DIFFERS",
    "MARK_ARM",
]

TITLE = N_("Triominoes")
"""The game's name as printed (translate it with ``_(TITLE)``)."""
MARK_ARM = 2.5
"""Half the length of a registration mark's cross (its circle is smaller), mm."""
MARK_ROOM = 5.0 + MARK_ARM
"""How far outside a block the standard registration marks reach, mm."""
CROP_ROOM = 6.0
"""How far outside a block crop marks reach, mm."""


def _fit(text: str, width: float, size: float, bold: bool = False) -> float:
    """``fit_size`` for a label added to a fixed layout: ``size`` itself where the layout
    leaves no room at all (as before the label was fitted)."""
    return fit_size(text, width, size, bold) if width > 0 else size


# --- a block of tiles -----------------------------------------------------------------------


def _slots(count: int, cols: int) -> list[Cell]:
    return [Cell(k // cols, k % cols) for k in range(count)]


def _block_bbox(
    cells: Sequence[Cell], side: float, spacing: float
) -> tuple[float, float, float, float]:
    return bbox_of(p for cell in cells for p in tile_corners(cell, side, spacing))


def _block_size(count: int, cols: int, side: float, spacing: float) -> tuple[float, float]:
    x0, y0, x1, y1 = _block_bbox(_slots(count, cols), side, spacing)
    return (x1 - x0, y1 - y0)


def grid_for(count: int, side: float, spacing: float, width: float, height: float) -> int | None:
    """Tiles a row for ``count`` tiles to fit ``width`` x ``height``, or None if none fits.

    Of the widths that fit, the one leaving the fewest empty places in the last row, then
    the one with the fewest rows.
    """
    best = None
    for cols in range(1, count + 1):
        w, h = _block_size(count, cols, side, spacing)
        if w > width + 1e-6:
            break
        if h <= height + 1e-6:
            key = ((-count) % cols, -cols)
            if best is None or key < best[0]:
                best = (key, cols)
    return None if best is None else best[1]


def _cut_items(cells: Sequence[Cell], side: float, spacing: float, cut: bool) -> list[Item]:
    """Cut lines of a block: each lattice line once, end to end, when tiles share edges."""
    style, role = (CUT, Role.CUT) if cut else (Style(stroke="#b0b0b0", width=0.15), Role.LINE)
    if spacing > 0:
        return [Polygon(tile_corners(cell, side, spacing), style, role) for cell in cells]
    unit = {e for cell in cells for e in edges(cell)}
    return [
        Polyline((tri_point(a, side), tri_point(b, side)), style, role)
        for a, b in straight_runs(unit)
    ]


def _blocks(tiles: Sequence[Tile], cols: int, layout: Layout) -> tuple[Drawing, Drawing]:
    """Side A and Side B (through coordinates) of some tiles, origin at the block corner."""
    settings = layout.section(Settings)
    side, spacing = settings.tile, settings.spacing
    cells = _slots(len(tiles), cols)
    x0, y0, x1, y1 = _block_bbox(cells, side, spacing)
    front, back = Drawing(x1 - x0, y1 - y0), Drawing(x1 - x0, y1 - y0)
    for tile, cell in zip(tiles, cells, strict=True):
        front.extend(tile_front(tile, cell, side, spacing, layout))
        back.extend(tile_back(cell, side, spacing, layout))
    front.extend(_cut_items(cells, side, spacing, True))
    if layout.ink != "fill":
        back.extend(_cut_items(cells, side, spacing, False))
    shift = Affine.translate(-x0, -y0)
    return front.transformed(shift), back.transformed(shift)


def _registration_mark(centre: Point) -> list[Item]:
    """A target like ``sheet.registration_marks`` draws, at one point."""
    x, y = centre
    style = Style(stroke=BLACK, width=0.2)
    return [
        Circle(centre, 1.5, style, Role.MARK),
        Polyline(((x - MARK_ARM, y), (x + MARK_ARM, y)), style, Role.MARK),
        Polyline(((x, y - MARK_ARM), (x, y + MARK_ARM)), style, Role.MARK),
    ]


def notch_marks(cells: Sequence[Cell], side: float, spacing: float, bleed: float) -> list[Point]:
    """Registration mark centres inside a block's box, clear of every tile and its bleed.

    For each corner of the box, the nearest free point to it; near-duplicates dropped.
    """
    x0, y0, x1, y1 = _block_bbox(cells, side, spacing)
    tiles = unary_union([ShapelyPolygon(tile_corners(c, side, spacing)) for c in cells])
    clear = MARK_ARM + bleed + 0.5
    free = shapely_box(x0, y0, x1, y1).difference(tiles.buffer(clear, join_style="mitre"))
    free = free.buffer(-MARK_ARM, join_style="mitre")
    out: list[Point] = []
    if free.is_empty:
        return out
    for corner in ((x0, y0), (x1, y0), (x1, y1), (x0, y1)):
        p = nearest_points(free, ShapelyPoint(corner))[0]
        point = (round(p.x, 6), round(p.y, 6))
        if all(math.dist(point, q) > 4 * MARK_ARM for q in out):
            out.append(point)
    return out


def _plan(
    layout: Layout, side: float, spacing: float, inset: float = 0.0
) -> tuple[tuple[float, float], int, list[list[Tile]]] | None:
    """Page size, tiles per row and the tiles of each sheet for tiles of ``side``: the fewest
    sheets that hold all 56 (portrait unless landscape needs fewer); None if not one fits.
    ``inset``: room kept free inside the content box on every side."""
    best = None
    for size in (page_size(layout), page_size(layout, landscape=True)):
        x0, y0, x1, y1 = two_sided_box(size, layout.margin, layout.flip)
        for count in range(1, len(TILES) + 1):
            per_sheet = -(-len(TILES) // count)
            cols = grid_for(per_sheet, side, spacing, x1 - x0 - 2 * inset, y1 - y0 - 2 * inset)
            if cols is not None:
                if best is None or count < best[0]:
                    best = (count, size, cols)
                break
    if best is None:
        return None
    count, size, cols = best
    groups, start = [], 0
    for k in range(count):
        n = len(TILES) // count + (k < len(TILES) % count)
        groups.append(list(TILES[start : start + n]))
        start += n
    return size, cols, groups


AUTO_SHRINK = 0.9
"""The default tile shrinks to no less than this share of its side to fit one sheet."""


def one_sheet_tile(layout: Layout) -> float | None:
    """The largest tile side (to 0.5 mm) at which all 56 tiles fit one sheet of the
    layout's paper with their bleed, if that is at least ``AUTO_SHRINK`` of the set side;
    else None."""
    settings = layout.section(Settings)
    side = settings.tile
    floor = AUTO_SHRINK * side
    while side >= floor - 1e-9:
        found = _plan(layout, side, settings.spacing, 2 * layout.bleed)  # mitred tips
        if found is not None and len(found[2]) == 1:
            return side
        side = math.floor(side * 2 - 1e-6) / 2  # the next 0.5 mm step down
    return None


def sized(layout: Layout) -> Layout:
    """The layout with the tile side the kit prints: ``triominoes.tile`` as set, or, left at
    its default, shrunk (``one_sheet_tile``) when that puts all 56 tiles on one sheet."""
    if ("triominoes", "tile") in layout.origins:
        return layout
    side = one_sheet_tile(layout)
    if side is None or side == layout.section(Settings).tile:
        return layout
    return layout.with_values(triominoes={"tile": side})


def largest_tile(layout: Layout) -> float:
    """The largest tile side (to 0.1 mm) that fits the paper at all."""
    lo, hi = 1.0, 400.0
    while hi - lo > 0.05:
        mid = (lo + hi) / 2
        if _plan(layout, mid, layout.section(Settings).spacing) is not None:
            lo = mid
        else:
            hi = mid
    return math.floor(lo * 10) / 10


def _tile_sheet(
    tiles: Sequence[Tile],
    cols: int,
    layout: Layout,
    size: tuple[float, float],
    number: int,
    count: int,
    note: str | None = None,
) -> Sheet:
    """One tile sheet; ``note`` (why the tiles have their size) replaces the count step."""
    settings = layout.section(Settings)
    side, spacing = settings.tile, settings.spacing
    front_block, back_block = _blocks(tiles, cols, layout)
    box = two_sided_box(size, layout.margin, layout.flip)
    bw, bh = box[2] - box[0], box[3] - box[1]
    room = max(
        MARK_ROOM if layout.printing.registration_marks else 0.0,
        CROP_ROOM if layout.printing.crop_marks else 0.0,
    )
    outside = (
        front_block.width + 2 * room <= bw + 1e-6 and front_block.height + 2 * room <= bh + 1e-6
    )
    stem = "tiles" + (f"-{number}" if count > 1 else "")
    # TRANSLATORS: a sheet title; {game} is the game's name.
    title = _("{game} · tiles").format(game=_(TITLE))
    if count > 1:
        # TRANSLATORS: a sheet title when a component takes several sheets, e.g.
        # "Tripitz Domino · tokens (1 of 2)".
        title = _("{title} ({number} of {count})").format(title=title, number=number, count=count)
    marked = (
        layout
        if outside
        else layout.with_values(print={"registration_marks": False, "crop_marks": False})
    )
    front, back = two_sided_block(marked, size, title, front_block, back_block, box, "the tiles")
    if not outside and layout.printing.registration_marks:
        # No room round the block: the marks go in its empty corners, on both sides.
        at = ((bw - front_block.width) / 2 + box[0], (bh - front_block.height) / 2 + box[1])
        cells = _slots(len(tiles), cols)
        bx0, by0 = _block_bbox(cells, side, spacing)[:2]
        marks = [
            item
            for p in notch_marks(cells, side, spacing, layout.bleed)
            for item in _registration_mark((p[0] - bx0 + at[0], p[1] - by0 + at[1]))
        ]
        front.extend(marks)
        turn = back_transform((back.width, back.height), layout.flip, layout.back_offset)
        back.extend(item.transformed(turn) for item in marks)
    cut = (
        _(
            "Cut along the long straight lines: first the horizontal ones, into strips, then "
            "the slanting ones across each strip; neighbouring tiles share every cut."
        )
        if spacing == 0
        else _("Cut out each tile along its outline.")
    )
    stock = _("white card") if layout.ink == "fill" else _("card")
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
            note
            or _("This sheet holds {count} of the {total} tiles.").format(
                count=len(tiles), total=len(TILES)
            ),
        ],
    )


def tile_sheets(layout: Layout) -> list[Sheet]:
    """Side A with the numbered tiles and Side B with their uniform backs, as few as fit
    (with the tile side of ``sized``, which the steps then state)."""
    fitted = sized(layout)
    shrunk = fitted is not layout
    layout = fitted
    settings = layout.section(Settings)
    found = _plan(layout, settings.tile, settings.spacing)
    if found is None:
        side = settings.tile
        raise FitError(
            f"a {TITLE} tile of {side:g} mm does not fit on {layout.paper_name}; "
            f"the largest that fits is {largest_tile(layout):.1f} mm "
            "(set triominoes.tile)"
        )
    size, cols, groups = found
    note = None
    if shrunk:
        # TRANSLATORS: a printing step; {side} is a tile's side in mm, {paper} a paper size.
        note = _("Tiles of {side} mm, so that all {total} fit on one {paper} sheet.").format(
            side=print_number(settings.tile), total=len(TILES), paper=paper_label(layout.paper_name)
        )
    return [
        _tile_sheet(group, cols, layout, size, k, len(groups), note)
        for k, group in enumerate(groups, start=1)
    ]


# --- score sheet ----------------------------------------------------------------------------

EVENTS = (
    N_("Laying a tile"),
    N_("Opening with the highest triple"),
    N_("Opening with 0-0-0"),
    N_("Closing hexagons with one tile"),
    N_("Bridge"),
    N_("Drawing a tile"),
    N_("Drawing limit"),
    N_("Cannot play, pool empty"),
    N_("Going out"),
    N_("Blocked round"),
    N_("End of the game"),
)
"""The score events of the score sheet's table, one row each (English; print ``_(event)``)."""
SCORED_PRESETS = ("spanish", "english", "pressman")
"""The rule sets the score sheet's table compares, one column each."""
BLOCKED = {
    BlockedRule.LOWEST_WINS_DIFFERENCES: N_("lowest hand: + its difference to each"),
    BlockedRule.EACH_LOSES_OWN: N_("everyone: − own hand"),
    BlockedRule.LOWEST_WINS_OTHERS: N_("lowest hand: + other hands − own"),
}
RULE_SET_NAMES = {
    # TRANSLATORS: score sheet: the rule sets as the rule card names them in words.
    "spanish": N_("Spanish rules"),
    "english": N_("English rules"),
    "pressman": N_("Pressman rules"),
}
"""The score sheet's name of each of ``SCORED_PRESETS`` (English; print ``_(name)``)."""


def scoring_column(o: TriominoesOptions) -> tuple[str, ...]:
    """What each of ``EVENTS`` scores under the options ``o``, in the score sheet's words
    (in the current language)."""
    zero = (
        str(o.zero_triple_opening)
        if o.zero_triple_opening is not None
        else f"{o.opening_bonus} (0 + {o.opening_bonus})"
    )
    if o.max_draws is None:
        # TRANSLATORS: score sheet, the drawing limit: there is none.
        limit = _("none: draw until you can play")
    elif o.exhausted_penalty:
        # TRANSLATORS: score sheet, the drawing limit: {draws} tiles a turn, then a penalty.
        limit = _("{draws} a turn, then −{penalty} if still stuck").format(
            draws=o.max_draws, penalty=o.exhausted_penalty
        )
    else:
        # TRANSLATORS: score sheet, the drawing limit: {draws} tiles a turn.
        limit = _("{draws} a turn").format(draws=o.max_draws)
    going_out = (
        # TRANSLATORS: score sheet, going out: the bonus and the tiles left in other hands.
        _("+{bonus} + tiles in other hands").format(bonus=o.going_out_bonus)
        if o.going_out_adds_hands
        else f"+{o.going_out_bonus}"
    )
    end = (
        # TRANSLATORS: score sheet, end of the game: reaching {target} points.
        _("{target} starts the last round").format(target=o.target)
        if o.end_rule is EndRule.REACH_THEN_FINISH_ROUND
        else _("{target} at the end of a round").format(target=o.target)
    )
    return (
        # TRANSLATORS: score sheet, laying a tile: its score.
        _("sum of its 3 numbers"),
        # TRANSLATORS: score sheet, opening: the tile's sum and a bonus.
        _("sum + {bonus}").format(bonus=o.opening_bonus),
        zero,
        # TRANSLATORS: score sheet: points for each hexagon closed.
        _("+{bonus} each").format(bonus=o.hexagon_bonus)
        if o.hexagon_bonuses is None
        # TRANSLATORS: score sheet: {bonuses} ("+50 / 60 / 70") for 1, 2 or 3 hexagons
        # closed with one tile.
        else _("{bonuses} for 1 / 2 / 3").format(
            bonuses="+" + " / ".join(map(str, o.hexagon_bonuses))
        ),
        f"+{o.bridge_bonus}",
        # TRANSLATORS: score sheet: points lost for each tile drawn.
        _("−{penalty} each").format(penalty=o.draw_penalty),
        limit,
        f"−{o.empty_pool_penalty}",
        going_out,
        _(BLOCKED[o.blocked_rule]),
        end,
    )


def _scoring() -> tuple[tuple[str, ...], ...]:
    """The score sheet's table in the current language (see ``SCORING``)."""
    columns = (scoring_column(PRESETS[name]) for name in SCORED_PRESETS)
    return tuple(zip((_(event) for event in EVENTS), *columns, strict=True))


with language("en"):
    SCORING: tuple[tuple[str, ...], ...] = _scoring()
"""Score events and what each rule set gives: (event, then one cell per ``SCORED_PRESETS``),
in English."""
RULE_SETS = tuple(RULE_SET_NAMES[name] for name in SCORED_PRESETS)
"""The rule set names heading the score sheet's table, in English."""
PLAYERS = 6
DIFFERS = Style(fill="#f3e6c4")


def _checkbox(x: float, y: float, size: float = 3.0) -> Polygon:
    return Polygon(
        ((x, y - size / 2), (x + size, y - size / 2), (x + size, y + size / 2), (x, y + size / 2)),
        Style(stroke=BLACK, width=0.25),
        Role.LINE,
    )


def score_sheet(layout: Layout) -> Sheet:
    """One round's scores: a column pair per player, a row per turn, and the scoring table."""
    size = page_size(layout)
    x0, y0, x1, y1 = content_box(size, layout.margin)
    # TRANSLATORS: a sheet title; {game} is the game's name.
    title = _("{game} · score sheet").format(game=_(TITLE))
    page = new_page(size, layout.margin, title)
    scoring = _scoring()
    rule_sets = [_(name) for name in RULE_SETS]
    ink, grey = "#333333", "#777777"
    thin, thick = Style(stroke="#9a9a9a", width=0.15), Style(stroke=BLACK, width=0.35)

    # Heading line: round number, rule set ticked, date.
    y = y0 + 2.5
    # TRANSLATORS: score sheet, a line to write the round's number on.
    page.add(Text((x0, y), _("Round ______"), 3.2, fill=ink, anchor="start", role=Role.INFO))
    x = x0 + 40.0
    for name in rule_sets:
        page.add(_checkbox(x, y))
        page.add(Text((x + 4.5, y), name, 3.2, fill=ink, anchor="start", role=Role.INFO))
        x += 8.0 + text_width(name, 3.2)
    # TRANSLATORS: score sheet, a line to write the date on.
    page.add(Text((x1, y), _("Date ____________"), 3.2, fill=ink, anchor="end", role=Role.INFO))

    # The scoring table at the bottom.
    row_t, head_t = 5.4, 6.0
    table_h = head_t + len(scoring) * row_t
    table_top = y1 - table_h
    event_w = 0.34 * (x1 - x0)
    rule_w = (x1 - x0 - event_w) / len(rule_sets)
    lefts = (x0, *(x0 + event_w + k * rule_w for k in range(len(rule_sets))))
    caption = _("Scoring: the {count} rule sets (shaded where they differ)").format(
        count=len(rule_sets)
    )
    page.add(
        Text(
            (x0, table_top - 2.5),
            caption,
            _fit(caption, x1 - x0, 3.0, bold=True),
            fill=ink,
            anchor="start",
            bold=True,
            role=Role.INFO,
        )
    )
    # TRANSLATORS: score sheet, heading of the table's column of score events.
    heads = (_("Event"), *rule_sets)
    head_widths = (event_w, *(rule_w for _name in rule_sets))
    for label, left, width in zip(heads, lefts, head_widths, strict=True):
        page.add(
            Text(
                (left + 1.5, table_top + head_t / 2),
                label,
                _fit(label, width - 3.0, 2.8, bold=True),
                fill=ink,
                anchor="start",
                bold=True,
            )
        )
    for k, (row, english) in enumerate(zip(scoring, SCORING, strict=True)):
        top = table_top + head_t + k * row_t
        if len(set(english[1:])) > 1:
            bottom_t = top + row_t
            page.add(
                Polygon(
                    ((lefts[1], top), (x1, top), (x1, bottom_t), (lefts[1], bottom_t)),
                    DIFFERS,
                    Role.FILL,
                )
            )
        widths = (event_w, *(rule_w for _name in rule_sets))
        for text, left, width in zip(row, lefts, widths, strict=True):
            page.add(
                Text(
                    (left + 1.5, top + row_t / 2),
                    text,
                    fit_size(text, width - 3.0, 2.8),
                    fill=ink,
                    anchor="start",
                )
            )
    for k in range(len(scoring) + 2):
        yy = table_top + (head_t + (k - 1) * row_t if k else 0.0)
        page.add(
            Polyline(
                ((x0, yy), (x1, yy)), thick if k in (0, 1, len(scoring) + 1) else thin, Role.LINE
            )
        )
    for xx in (*lefts, x1):
        page.add(Polyline(((xx, table_top), (xx, y1)), thick, Role.LINE))

    # The score grid: carried-over row, one row per turn, round-end row.
    top = y0 + 7.0
    label_w, name_h, head_h, row_h = 17.0, 8.0, 5.0, 6.0
    bottom_limit = table_top - 10.0
    turns = int((bottom_limit - top - name_h - head_h) // row_h) - 2
    labels = [
        # TRANSLATORS: score sheet, the first row: the total carried over from earlier rounds.
        _("carried over"),
        *[str(k) for k in range(1, turns + 1)],
        # TRANSLATORS: score sheet, the last row: the totals at the end of the round.
        _("round end"),
    ]
    body_top = top + name_h + head_h
    bottom = body_top + len(labels) * row_h
    group = (x1 - x0 - label_w) / PLAYERS
    for k in range(len(labels) + 1):
        yy = body_top + k * row_h
        style = thick if k in (0, 1, len(labels) - 1, len(labels)) else thin
        page.add(Polyline(((x0, yy), (x1, yy)), style, Role.LINE))
    page.add(Polyline(((x0, top), (x1, top)), thick, Role.LINE))
    page.add(Polyline(((x0 + label_w, top + name_h), (x1, top + name_h)), thin, Role.LINE))
    page.add(turn_heading((x0 + label_w / 2, top + (name_h + head_h) / 2), label_w, 2.8, ink))
    for k, label in enumerate(labels):
        digit = label.isdigit()
        page.add(
            Text(
                (x0 + label_w / 2, body_top + (k + 0.5) * row_h),
                label,
                2.4 if digit else fit_size(label, label_w - 1.0, 2.3, bold=True),
                fill=grey if digit else ink,
                bold=not digit,
            )
        )
    page.add(Polyline(((x0, top), (x0, bottom)), thick, Role.LINE))
    for p in range(PLAYERS):
        gx = x0 + label_w + p * group
        page.add(Polyline(((gx, top), (gx, bottom)), thick, Role.LINE))
        # TRANSLATORS: score sheet heading of a player's columns.
        player = _("Player {number}").format(number=p + 1)
        page.add(Text((gx + 1.2, top + 2.2), player, 2.2, fill=grey, anchor="start"))
        heads = (
            # TRANSLATORS: score sheet column heading: the points of a move (a short word).
            pgettext("score sheet", "points"),
            # TRANSLATORS: score sheet column heading: the running total (a short word).
            pgettext("score sheet", "total"),
        )
        for j, head in enumerate(heads):
            page.add(
                Text(
                    (gx + (j + 0.5) * group / 2, top + name_h + head_h / 2),
                    head,
                    _fit(head, group / 2 - 1.0, 2.5),
                    fill=ink,
                )
            )
        page.add(
            Polyline(((gx + group / 2, top + name_h), (gx + group / 2, bottom)), thin, Role.LINE)
        )
    page.add(Polyline(((x1, top), (x1, bottom)), thick, Role.LINE))
    note = _(
        "Each turn: write the points (negative for penalties) and the new total. "
        "Start the total from the carried-over row."
    )
    page.add(
        Text(
            (x0, bottom + 4.0),
            note,
            fit_size(note, x1 - x0, 2.6),
            fill=grey,
            anchor="start",
            role=Role.INFO,
        )
    )
    return Sheet(
        KIT,
        "score-sheet",
        title,
        page,
        stock=_("plain paper"),
        steps=[
            _(
                "Print one score sheet per round, or as many as you need; tick the rule set "
                "you play."
            )
        ],
    )


# --- photo mat -------------------------------------------------------------------------------


def mat_sheets(layout: Layout) -> list[Sheet]:
    """The photo mat: one sheet to lay a position's tiles on and photograph for
    ``printkit read`` (it holds part of a game: see ``mat``)."""
    layout = sized(layout)
    plan = mat_plan(layout)
    # TRANSLATORS: a sheet title; {game} is the game's name. The mat tiles are laid on to
    # photograph a position: too small for a whole game.
    title = _("{game} · photo mat").format(game=_(TITLE))
    page = new_page(plan.size, layout.margin, title)
    page.place(mat_drawing(plan), plan.to_page)
    return [
        Sheet(
            KIT,
            "mat",
            title,
            page,
            stock=_("plain paper"),
            steps=[
                # TRANSLATORS: (row,col) is how a cell's name is printed on the mat: keep it.
                _(
                    "Print at actual size. To photograph a position, lay its tiles on the "
                    "grid, each on a cell; the faint (row,col) in a cell names it in records."
                ),
                # TRANSLATORS: {cells} is how many cells the grid has, {rows} x {cols}.
                _(
                    "The grid holds {rows} rows of {cols} cells ({cells} in all): room for "
                    "part of a game, not a whole round on the table."
                ).format(rows=plan.rows, cols=plan.cols, cells=plan.rows * plan.cols),
                # TRANSLATORS: "printkit read" is a command: keep it.
                _(
                    "To check a position, photograph the whole sheet from above with "
                    "every black-and-white marker in view, then run printkit read."
                ),
            ],
        )
    ]


def mat_picture(layout: Layout) -> Drawing:
    """The mat sheet in the board frame, as it lies on the table before any tile."""
    layout = sized(layout)
    plan = mat_plan(layout)
    picture = Drawing()
    picture.place(mat_sheets(layout)[0].front, Affine.translate(-plan.to_page.e, -plan.to_page.f))
    return picture


# --- the kit --------------------------------------------------------------------------------


def inventory(layout: Layout) -> dict[str, int]:
    """What the kit prints: component → how many."""
    return {"tile": len(TILES), "photo mat": 1, "score sheet": 1}


def sheets(layout: Layout) -> list[Sheet]:
    """Every Triominoes sheet for this layout: the tiles, the photo mat, the score sheet
    (tiles and mat at the side of ``sized``)."""
    return [*tile_sheets(layout), *mat_sheets(layout), score_sheet(layout)]


def _largest(layout: Layout) -> float:
    return min(largest_tile(layout), largest_mat_tile(layout))


FIT = Fit(Settings, "tile", _largest)
"""The kit's size follows ``triominoes.tile`` (the hint when a sheet does not fit)."""
