"""Sheets: pages with their furniture (title, footer, scale bar, marks) and two-sided pairs.

A two-sided sheet is drawn in *through* coordinates: everything meant for Side B is
drawn where it must land behind Side A, as if seen through the paper from the front.
``back_transform`` then mirrors it for the chosen flip (and printer offset), so both
sides line up when printed double-sided or glued back to back.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, fields, replace
from typing import Any

from printkit.draw.cutfile import cut_stats
from printkit.draw.model import (
    Affine,
    Circle,
    Drawing,
    Page,
    Polyline,
    Role,
    Style,
    Text,
    bbox_of,
)
from printkit.draw.text import fit_size, text_width
from printkit.errors import FitError
from printkit.i18n import _, decimal, ngettext, pgettext
from printkit.layout.config import Layout

__all__ = [
    "Sheet",
    "Fit",
    "HEADER",
    "FOOTER",
    "page_size",
    "content_box",
    "new_page",
    "back_transform",
    "two_sided",
    "registration_marks",
    "crop_marks",
    "place_centred",
    "CUT",
    "set_page_boxes",
    "note_cutting",
    "has_cuts",
    "block_marks",
    "two_sided_block",
    "inner_box",
    "duplex_step",
    "cut_bbox",
    "orient_to_fit",
    "flip_edge",
    "two_sided_box",
    "turn_heading",
]

HEADER = 8.0
"""Height of the title band at the top of the printable area."""
FOOTER = 13.0
"""Height of the footer band (print-at-actual-size note and 100 mm scale bar)."""

SCALE_LABEL = "100 mm"
"""The scale bar's label."""

BRAND = "printkit"
"""The footer's last word; the cutting note joins it."""

CUT = Style(stroke="#000000", width=0.3)
"""The style of a cut line."""


@dataclass
class Sheet:
    """One printed sheet of a kit: Side A, and Side B when it is two-sided.

    ``stem`` names its files (``pieces-red`` → ``pieces-red-side-a.pdf``); ``copies``,
    ``stock`` and ``steps`` tell the person printing it what to do.
    """

    kit: str
    stem: str
    title: str
    front: Page
    back: Page | None = None
    copies: int = 1
    stock: str = field(default_factory=lambda: _("plain paper"))
    steps: list[str] = field(default_factory=list)
    notice: str | None = None
    """Something the person building the kit must know (a sheet that needs a larger paper
    than the chosen settings' defaults give); also one of ``steps``."""
    instead_of: str | None = None
    """The stem of the sheet this one can replace (a whole board for print shops, instead of
    its sections): the build guide lists it as a choice, not as more to buy."""

    @property
    def pages(self) -> list[Page]:
        return [self.front] if self.back is None else [self.front, self.back]


@dataclass(frozen=True)
class Fit:
    """The setting a kit's size follows, so that a kit that does not fit its paper can name a
    value with which the whole kit builds (``printkit.kits``).

    ``settings`` is the game's section dataclass and ``key`` a number field of it (smaller is
    assumed to fit better); ``largest(layout)``, when given, is a quick upper bound (the
    largest value at which the kit's own sheets fit); ``with_value(layout, value)`` gives the
    section's values to set for ``value`` (by default ``{key: value}``).
    """

    settings: type
    key: str
    largest: Callable[[Layout], float] | None = None
    with_value: Callable[[Layout, float], dict[str, Any]] | None = None

    @property
    def name(self) -> str:
        return f"{self.settings.SECTION}.{self.key}"  # type: ignore[attr-defined]

    @property
    def range(self) -> tuple[float, float]:
        """The lowest and highest value the setting accepts."""
        (f,) = (f for f in fields(self.settings) if f.name == self.key)
        return float(f.metadata["lo"]), float(f.metadata["hi"])

    def values(self, layout: Layout, value: float) -> dict[str, Any]:
        if self.with_value is not None:
            return self.with_value(layout, value)
        return {self.key: value}


def page_size(layout: Layout, landscape: bool = False) -> tuple[float, float]:
    """The layout's paper size, portrait unless ``landscape``."""
    w, h = layout.paper
    return (h, w) if landscape else (w, h)


def content_box(size: tuple[float, float], margin: float) -> tuple[float, float, float, float]:
    """The area left for components once margins, title band and footer are taken."""
    w, h = size
    return (margin, margin + HEADER, w - margin, h - margin - FOOTER)


def new_page(
    size: tuple[float, float],
    margin: float,
    title: str,
    side: str | None = None,
    stacked: bool = False,
) -> Page:
    """A page with its title band and footer drawn: ``title · Side A`` and the scale bar.

    ``stacked`` puts the footer just under the title, in the top-left corner, for a
    component (a triangular board) that leaves that corner empty but needs the full height.
    """
    w, h = size
    label = f"{title} · {side}" if side else title
    page = Page(width=w, height=h, label=label)
    page.add(Text((margin, margin + 3.0), label, 3.6, anchor="start", bold=True, role=Role.INFO))
    footer_bottom = margin + HEADER + FOOTER if stacked else h - margin
    page.extend(_footer(w, footer_bottom, margin))
    return page


def _footer(w: float, bottom: float, margin: float) -> list:
    """Print-at-actual-size note and a 100 mm scale bar in a band ending at ``bottom``."""
    grey = "#444444"
    y = bottom - 3.0
    note = _("Print at actual size: 100 %, no fit-to-page. The bar below must measure 100 mm.")
    items: list = [
        Text(
            (margin, bottom - 9.0),
            note,
            fit_size(note, w - 2 * margin, 2.6),
            fill=grey,
            anchor="start",
            role=Role.INFO,
        ),
    ]
    bar = Style(stroke=grey, width=0.25)
    x0 = margin
    items.append(Polyline(((x0, y), (x0 + 100.0, y)), bar, Role.MARK))
    for k in range(11):
        tick = 2.4 if k % 5 == 0 else 1.2
        items.append(Polyline(((x0 + 10 * k, y - tick), (x0 + 10 * k, y)), bar, Role.MARK))
    items.append(
        Text((x0 + 102.0, y - 0.6), SCALE_LABEL, 2.2, fill=grey, anchor="start", role=Role.INFO)
    )
    items.append(Text((w - margin, y - 0.6), BRAND, 2.2, fill=grey, anchor="end", role=Role.INFO))
    return items


def two_sided_box(
    size: tuple[float, float], margin: float, flip: str
) -> tuple[float, float, float, float]:
    """The part of the content box that also lies in the content box once the sheet is
    turned over on ``flip``: where a two-sided block keeps clear of both sides' title band
    and footer (with a short-edge flip the title of one side is behind the other's footer)."""
    x0, y0, x1, y1 = content_box(size, margin)
    turn = back_transform(size, flip)
    (ax, ay), (bx, by) = turn((x0, y0)), turn((x1, y1))
    return (
        max(x0, min(ax, bx)),
        max(y0, min(ay, by)),
        min(x1, max(ax, bx)),
        min(y1, max(ay, by)),
    )


def back_transform(
    size: tuple[float, float], flip: str, offset: tuple[float, ...] = (0.0, 0.0, 0.0)
) -> Affine:
    """Through coordinates → Side B page coordinates.

    Turning a sheet over its long edge mirrors a portrait page left-right and a landscape
    page top-bottom; the short edge does the opposite.  ``offset`` = (x, y[, angle]) then
    turns Side B by ``angle`` degrees about the sheet centre (clockwise as Side B is
    printed) and shifts it by (x, y) mm.
    """
    w, h = size
    left_right = (flip == "long") == (w <= h)
    if left_right:
        mirror = Affine(-1.0, 0.0, 0.0, 1.0, w, 0.0)
    else:
        mirror = Affine(1.0, 0.0, 0.0, -1.0, 0.0, h)
    x, y, angle = (*offset, 0.0)[:3]
    if angle:
        centre = (w / 2, h / 2)
        turn = Affine.translate(*centre) @ Affine.rotate(angle) @ Affine.translate(-w / 2, -h / 2)
        mirror = turn @ mirror
    return Affine.translate(x, y) @ mirror


def two_sided(front: Page, through: Drawing, back: Page, layout: Layout) -> tuple[Page, Page]:
    """Place ``through`` (Side B content in through coordinates) mirrored onto ``back``."""
    t = back_transform((back.width, back.height), layout.flip, layout.back_offset)
    # Page furniture was drawn on ``back`` already; the mirrored content goes under it.
    furniture = back.items
    back.items = [item.transformed(t) for item in through.items] + furniture
    return front, back


def registration_marks(
    box: tuple[float, float, float, float],
    distance: float = 4.0,
) -> list:
    """Four target marks just outside the corners of ``box`` (in through coordinates)."""
    x0, y0, x1, y1 = box
    style = Style(stroke="#000000", width=0.2)
    items: list = []
    for cx, cy in (
        (x0 - distance, y0 - distance),
        (x1 + distance, y0 - distance),
        (x0 - distance, y1 + distance),
        (x1 + distance, y1 + distance),
    ):
        items.append(Circle((cx, cy), 1.5, style, Role.MARK))
        items.append(Polyline(((cx - 2.5, cy), (cx + 2.5, cy)), style, Role.MARK))
        items.append(Polyline(((cx, cy - 2.5), (cx, cy + 2.5)), style, Role.MARK))
    return items


def crop_marks(
    box: tuple[float, float, float, float],
    gap: float = 2.0,
    length: float = 4.0,
) -> list:
    """Corner crop marks around ``box``, kept ``gap`` mm away from it."""
    x0, y0, x1, y1 = box
    style = Style(stroke="#000000", width=0.2)
    items: list = []
    for x, sx in ((x0, -1), (x1, 1)):
        for y, sy in ((y0, -1), (y1, 1)):
            items.append(
                Polyline(((x + sx * gap, y), (x + sx * (gap + length), y)), style, Role.MARK)
            )
            items.append(
                Polyline(((x, y + sy * gap), (x, y + sy * (gap + length))), style, Role.MARK)
            )
    return items


def place_centred(
    drawing: Drawing,
    box: tuple[float, float, float, float],
    what: str,
) -> Affine:
    """The translation centring ``drawing`` (its 0..width, 0..height box) in ``box``.

    Raises FitError when it does not fit.
    """
    x0, y0, x1, y1 = box
    bw, bh = x1 - x0, y1 - y0
    if drawing.width > bw + 1e-6 or drawing.height > bh + 1e-6:
        raise FitError(
            f"{what} needs {drawing.width:.1f} x {drawing.height:.1f} mm but the "
            f"printable area is {bw:.1f} x {bh:.1f} mm"
        )
    return Affine.translate(x0 + (bw - drawing.width) / 2, y0 + (bh - drawing.height) / 2)


def set_page_boxes(page: Page, bleed: float) -> Page:
    """TrimBox around the page's cut lines and BleedBox that much wider (kept on the page).

    A page with nothing to cut is trimmed to its own edges.
    """
    cuts = [p for item in page.items if item.role == Role.CUT for p in item.all_points()]
    if not cuts:
        page.trim = page.bleed = (0.0, 0.0, page.width, page.height)
        return page
    x0, y0, x1, y1 = bbox_of(cuts)
    page.trim = (x0, y0, x1, y1)
    page.bleed = (
        max(x0 - bleed, 0.0),
        max(y0 - bleed, 0.0),
        min(x1 + bleed, page.width),
        min(y1 + bleed, page.height),
    )
    return page


def has_cuts(page: Page) -> bool:
    """Whether the page has cut lines (and so a cut file)."""
    return any(item.role == Role.CUT for item in page.items)


def note_cutting(page: Page) -> Page:
    """Add the page's total cut length and straight cuts to its footer (none if it has no cuts)."""
    if not has_cuts(page):
        return page
    stats = cut_stats(page)
    metres = decimal(stats.cut_length / 1000, 2)
    if stats.circles:
        note = _(
            "cutting: {metres} m of cut line in {straight} straight cuts and {circles} circles"
        )
    else:
        note = ngettext(
            "cutting: {metres} m of cut line in {straight} straight cut",
            "cutting: {metres} m of cut line in {straight} straight cuts",
            stats.straight_cuts,
        )
    note = note.format(metres=metres, straight=stats.straight_cuts, circles=stats.circles)
    texts = [item for item in page.items if isinstance(item, Text) and item.role == Role.INFO]
    bar_label = next((t for t in texts if t.text == SCALE_LABEL), None)

    def noted(item: Text) -> Text:
        text = f"{note} · {BRAND}"
        if bar_label is None:
            return replace(item, text=text)
        # The note shares the scale bar's line: on a narrow page (wide margins) it is set
        # smaller so that it never runs into the bar's label.
        room = item.position[0] - bar_label.position[0] - text_width(SCALE_LABEL, 2.2) - 3.0
        size = fit_size(text, room, item.size) if room > 0 else 0.0
        if size < 1.2:  # a page too narrow for a legible note keeps the footer as it was
            return item
        return replace(item, text=text, size=size)

    page.items = [
        noted(item)
        if isinstance(item, Text) and item.role == Role.INFO and item.text == BRAND
        else item
        for item in page.items
    ]
    return page


def block_marks(layout: Layout, box: tuple[float, float, float, float]) -> list:
    """The registration and crop marks the layout asks for around a block of components."""
    items: list = []
    if layout.printing.registration_marks:
        items += registration_marks(box, distance=5.0)
    if layout.printing.crop_marks:
        items += crop_marks(box)
    return items


def two_sided_block(
    layout: Layout,
    size: tuple[float, float],
    title: str,
    front_block: Drawing,
    back_block: Drawing,
    box: tuple[float, float, float, float],
    what: str,
) -> tuple[Page, Page]:
    """Side A and Side B pages for a block of components centred in ``box``.

    ``back_block`` is drawn in through coordinates (where each back must land behind its
    front); both sides carry the same marks, so glued sheets line up.
    """
    at = place_centred(front_block, box, what)
    front = new_page(size, layout.margin, title, _("Side A"))
    front.place(front_block, at)
    marks = block_marks(layout, (at.e, at.f, at.e + front_block.width, at.f + front_block.height))
    front.extend(marks)
    through = Drawing()
    through.place(back_block, at)
    through.extend(marks)
    back = new_page(size, layout.margin, title, _("Side B"))
    return two_sided(front, through, back, layout)


def inner_box(
    box: tuple[float, float, float, float], inset: float = 9.0
) -> tuple[float, float, float, float]:
    """The content box less room for registration marks around the components."""
    x0, y0, x1, y1 = box
    return (x0 + inset, y0 + inset, x1 - inset, y1 - inset)


def duplex_step(layout: Layout) -> str:
    """The assembly step of a two-sided sheet, for its manifest and contents page."""
    return _(
        "Print double-sided, flipping on the {edge} edge (the -duplex.pdf file), "
        "or print Side A and Side B once each and glue them back to back, lining up the "
        "round registration marks against a window."
    ).format(edge=flip_edge(layout.flip))


def turn_heading(centre: tuple[float, float], width: float, size: float, ink: str) -> Text:
    """The heading of a score sheet's column of turn numbers, fitted to the column."""
    # TRANSLATORS: score sheet heading of the column of turn numbers.
    turn = _("Turn")
    return Text(centre, turn, fit_size(turn, width - 1.0, size), fill=ink)


def flip_edge(flip: str) -> str:
    """The word for ``print.flip`` (``long`` or ``short``) in the current language."""
    # TRANSLATORS: the edge a double-sided sheet turns over on ("the long edge").
    return pgettext("edge", "long") if flip == "long" else pgettext("edge", "short")


def cut_bbox(drawing: Drawing) -> tuple[float, float, float, float]:
    """The box of a drawing's cut lines (what is printed lies inside them)."""
    return bbox_of(p for item in drawing.items if item.role == Role.CUT for p in item.all_points())


TURNS = (*range(0, 360, 30), *(a for a in range(0, 360, 5) if a % 30))
"""Turns tried to fit a drawing, degrees: the lattice's own (multiples of 30) first, then
every 5 degrees for a long shape that only fits the paper on a slant."""


def orient_to_fit(
    drawing: Drawing,
    box: tuple[float, float, float, float],
    turns: Iterable[int] = TURNS,
) -> Drawing | None:
    """The drawing turned by the first of ``turns`` (degrees; by default ``TURNS``) whose
    cut lines fit ``box``, moved so they start at the origin; None if none fits.
    ``turns=(0,)`` only moves it."""
    bw, bh = box[2] - box[0], box[3] - box[1]
    cuts = [item for item in drawing.items if item.role == Role.CUT]
    for degrees in turns:
        turn = Affine.rotate(degrees)
        # Only the cut lines decide; the whole drawing is turned once a turn fits.
        x0, y0, x1, y1 = bbox_of(p for item in cuts for p in item.transformed(turn).all_points())
        if x1 - x0 <= bw + 1e-6 and y1 - y0 <= bh + 1e-6:
            turned = drawing.transformed(turn)
            placed = turned.transformed(Affine.translate(-x0, -y0))
            placed.width, placed.height = x1 - x0, y1 - y0
            return placed
    return None
