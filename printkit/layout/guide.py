"""A kit's build guide: what to buy, how to print, and the steps in order, each beside a
picture of the sheet it uses; the file names are left to ``manifest.json``.

It is set from the kit's sheets and its manifest (the data written as ``manifest.json``),
so the guide and the JSON cannot disagree.
"""

from __future__ import annotations

import math
from dataclasses import replace

from printkit.draw.model import Affine, Drawing, Polygon, Role, Style, Text
from printkit.errors import FitError
from printkit.i18n import N_, _, ngettext, number, pgettext
from printkit.layout.config import Layout
from printkit.layout.diagram import fit
from printkit.layout.paper import paper_label
from printkit.layout.sheet import Sheet, content_box, duplex_step, new_page, page_size
from printkit.layout.textflow import Bullets, Figure, FlowStyle, Heading, Paragraph, Step, flow

__all__ = ["guide_pages", "guide_title", "minutes_to_build", "thumbnail", "picture", "GUIDE_FILE"]

GUIDE_FILE = "build-guide.pdf"
STYLE = FlowStyle(body=3.0, heading=3.8, paragraph_gap=1.2, heading_gap=3.2)
GUTTER = 8.0
MAX_PAGES = 2
FINISHED_HEIGHT = 60.0
"""The largest height of the picture of the finished kit, mm."""

CUTTER_NOTES = {
    "silhouette": N_(
        "Sheets with a cut file carry Silhouette registration marks. In Silhouette "
        "Studio set the page to this paper, turn on registration marks {marks} with length "
        "{length_mm} mm, thickness {thickness_mm} mm and inset {inset_mm} mm, open the "
        "sheet's -cut.svg (or .dxf) at the page's top-left corner, delete its marks layer and cut."
    ),
    "scanncut": N_(
        "Sheets with a cut file carry the four ScanNCut print-and-cut marks. Import "
        "the sheet's -cut.svg into CanvasWorkspace at actual size (100 %) on a page of this "
        "paper; its marks layer shows where the machine finds the printed marks."
    ),
    "cricut": N_(
        "Sheets with a cut file keep everything inside Cricut's Print Then Cut area "
        "(6.75 x 9.25 in, centred). Design Space prints its own marks: upload the sheet's "
        "Side A image and its -cut.svg, place both at the same size and print from Design Space."
    ),
}
"""What the guide says about each cutting machine (``print.cutter``)."""

# Minutes a person takes, for the guide's estimate: a rough figure, said as "about".
MINUTES_PER_PAGE = 0.5  # printing and fetching one side of a sheet
MINUTES_PER_STRAIGHT_CUT = 0.12  # lining up the ruler and one stroke of the knife
MINUTES_PER_CIRCLE = 0.5
MINUTES_PER_GLUED_SHEET = 3.0  # a two-sided sheet glued back to back, or a board section


def guide_title(kit_title: str) -> str:
    """The guide's title: the kit's title and the words for a build guide."""
    return _("{kit} · build guide").format(kit=kit_title)


def thumbnail(sheet: Sheet) -> Drawing:
    """Side A of a sheet as a picture: the paper, and every shape on it without its text."""
    page = sheet.front
    d = Drawing(page.width, page.height)
    paper = ((0, 0), (page.width, 0), (page.width, page.height), (0, page.height))
    d.add(Polygon(paper, Style(fill="#ffffff", stroke="#8a8a8a", width=1.2), Role.INFO))
    for item in page.items:
        if isinstance(item, Text) or item.role in (Role.BLEED, Role.MARK):
            continue
        d.add(replace(item, role=Role.INFO))
    return d


def picture(drawing: Drawing, height: float = FINISHED_HEIGHT) -> Drawing:
    """A drawing as an illustration ``height`` mm tall at most: moved to the origin, nothing
    in it to cut or bleed."""
    items = [replace(i, role=Role.INFO) for i in drawing.items if i.role != Role.BLEED]
    placed = fit(Drawing(items=items))
    k = min(1.0, height / placed.height)
    return Drawing(placed.width * k, placed.height * k, placed.transformed(Affine.scale(k)).items)


def _glued(sheet: dict) -> bool:
    """Whether a sheet needs glue: two sides (printed apart and glued) or a board section."""
    return sheet["sides"] == 2 or "section" in sheet["sheet"]


def _needed(data: dict) -> list[dict]:
    """The sheets a kit is made of: all but those that can replace others."""
    return [s for s in data["sheets"] if not s.get("instead_of")]


def minutes_to_build(data: dict) -> int:
    """About how many minutes printing, cutting and gluing the kit takes, in steps of 5."""
    total = 0.0
    for sheet in _needed(data):
        copies = sheet["copies"]
        total += MINUTES_PER_PAGE * sheet["sides"] * copies
        cutting = sheet.get("cutting")
        if cutting:
            total += copies * (
                MINUTES_PER_STRAIGHT_CUT * cutting["straight_cuts"]
                + MINUTES_PER_CIRCLE * cutting["circles"]
            )
        if _glued(sheet):
            total += MINUTES_PER_GLUED_SHEET * copies
    return max(5, 5 * math.ceil(total / 5))


def _duration(minutes: int) -> str:
    hours, rest = divmod(minutes, 60)
    if not hours:
        return _("{minutes} min").format(minutes=minutes)
    if not rest:
        return ngettext("{hours} hour", "{hours} hours", hours).format(hours=hours)
    return _("{hours} h {minutes} min").format(hours=hours, minutes=rest)


def _ink(ink: str) -> str:
    # TRANSLATORS: print.ink: "fill" prints components in colour, "outline" only their lines.
    return pgettext("ink", "colour") if ink == "fill" else pgettext("ink", "outline")


def _sheets_of(sheets: list[dict]) -> list[str]:
    """ "3 A4 sheets of white card", one line per paper and stock."""
    stocks: dict[tuple[str, str], int] = {}
    for sheet in sheets:
        key = (sheet["paper"], sheet["stock"])
        stocks[key] = stocks.get(key, 0) + sheet["copies"]
    return [
        ngettext(
            "{count} {paper} sheet of {stock}",
            "{count} {paper} sheets of {stock}",
            count,
        ).format(count=count, paper=paper_label(paper), stock=stock)
        for (paper, stock), count in stocks.items()
    ]


def _shopping(data: dict) -> list[str]:
    """What to have at hand: the sheets of each stock, then the tools the steps use."""
    lines = _sheets_of(_needed(data))
    for sheet in data["sheets"]:
        if sheet.get("instead_of"):
            lines.append(
                _("or, instead of the {other} sheets: {sheets}").format(
                    other=_short_title(_title_of(data, sheet["instead_of"]), data["title"]),
                    sheets=", ".join(_sheets_of([sheet])),
                )
            )
    lines.append(
        _(
            "card means 160 to 220 g/m² card that your printer takes (its manual says how "
            "heavy); paper is ordinary 80 g/m² printer paper"
        )
    )
    cuts = any(s.get("cutting") for s in data["sheets"])
    if cuts:
        lines.append(
            _("a craft knife, a metal ruler and a cutting mat (scissors do for straight cuts)")
        )
    if any(_glued(s) for s in data["sheets"]):
        lines.append(
            _("a glue stick or spray glue, for sheets glued back to back and board sections")
        )
    if cuts:
        lines.append(_("a bag or a small box to keep the pieces in"))
    return lines


def _printing(data: dict) -> list:
    blocks = [
        Paragraph(
            _(
                "Print every file at actual size (100 %, no fit-to-page), {ink} ink: each "
                "sheet's 100 mm scale bar tells you whether the printer kept the size. A "
                "double-sided sheet is one -duplex.pdf file for a printer that prints both "
                "sides, or its Side A and Side B printed apart and glued back to back, the round "
                "marks lined up against a window."
            ).format(ink=_ink(data["ink"]))
        )
    ]
    turn = data.get("back_turn_degrees", 0.0)
    if any(data["back_offset_mm"]) or turn:
        x, y = (number(v) for v in data["back_offset_mm"])
        if turn:
            moved = _(
                "Side B pages are shifted by {x}, {y} mm and turned by {angle}° for this "
                "printer (print.back_offset)."
            )
        else:
            moved = _(
                "Side B pages are shifted by {x}, {y} mm for this printer (print.back_offset)."
            )
        blocks.append(Paragraph(moved.format(x=x, y=y, angle=number(turn))))
    cutter = data.get("cutter")
    if cutter:
        values = {k: number(v) if isinstance(v, float) else v for k, v in cutter.items()}
        note = CUTTER_NOTES[cutter["machine"]]
        blocks.append(Paragraph(_(note).format(**values)))
    return blocks


def _title_of(data: dict, stem: str) -> str:
    return next((s["title"] for s in data["sheets"] if s["sheet"] == stem), stem)


def _short_title(title: str, kit_title: str) -> str:
    """A sheet's title without the kit's name in front ("TriPakus · pieces" → "pieces")."""
    prefix = f"{kit_title} · "
    return title[len(prefix) :] if title.startswith(prefix) else title


def _alike(entry: dict) -> tuple:
    """What a sheet's step says: sheets that agree on it share one step."""
    return (entry["copies"], entry["stock"], entry["print"], entry["steps"], entry["instead_of"])


def _groups(sheets: list[Sheet], data: dict) -> list[list[tuple[Sheet, dict]]]:
    """The sheets in order, runs of sheets with the same step together (the pieces of each
    colour)."""
    groups: list[list[tuple[Sheet, dict]]] = []
    for sheet, entry in zip(sheets, data["sheets"], strict=True):
        if groups and _alike(groups[-1][0][1]) == _alike(entry):
            groups[-1].append((sheet, entry))
        else:
            groups.append([(sheet, entry)])
    return groups


def _joined_title(titles: list[str]) -> str:
    """ "pieces · red", "pieces · blue" → "pieces · red, blue" (titles that share their start)."""
    parts = [t.split(" · ") for t in titles]
    head = parts[0][:-1]
    if len(titles) > 1 and all(p[:-1] == head and len(p) > 1 for p in parts):
        return " · ".join([*head, ", ".join(p[-1] for p in parts)])
    return " / ".join(titles)


def stacked(pictures: list[Drawing], offset: float = 18.0) -> Drawing:
    """Pictures of sheets lying on each other, each ``offset`` mm down and right of the last."""
    d = Drawing(
        pictures[0].width + offset * (len(pictures) - 1),
        pictures[0].height + offset * (len(pictures) - 1),
    )
    for k, pic in enumerate(pictures):
        d.place(pic, Affine.translate(offset * k, offset * k))
    return d


def _step(number_: int, group: list[tuple[Sheet, dict]], layout: Layout, data: dict) -> Step:
    entry = group[0][1]
    copies = entry["copies"]
    how = ngettext(
        "Print {copies} copy on {stock}, {how}.",
        "Print {copies} copies on {stock}, {how}.",
        copies,
    ).format(copies=copies, stock=entry["stock"], how=entry["print"])
    if len(group) > 1:
        how = ngettext(
            "Each sheet: print {copies} copy on {stock}, {how}.",
            "Each sheet: print {copies} copies on {stock}, {how}.",
            copies,
        ).format(copies=copies, stock=entry["stock"], how=entry["print"])
    said = duplex_step(layout)
    steps = [s for s in entry["steps"] if s != said]
    title = _joined_title([_short_title(e["title"], data["title"]) for _, e in group])
    if entry.get("instead_of"):
        other = _short_title(_title_of(data, entry["instead_of"]), data["title"])
        title = _("{sheet}, instead of {other}").format(sheet=title, other=other)
    picture = stacked([thumbnail(sheet) for sheet, _ in group])
    return Step(number_, picture, title, (how, *steps))


def _print_file(sheet: dict) -> str:
    """The file to print for a sheet: its -duplex.pdf if it has two sides, else its PDF."""
    pdfs = [f for f in sheet["files"] if f.endswith(".pdf")]
    duplex = [f for f in pdfs if f.endswith("-duplex.pdf")]
    return (duplex or pdfs or sheet["files"] or [sheet["sheet"]])[0]


def _files(data: dict) -> str:
    return _(
        "Files to print: {files}. A two-sided sheet also comes as -side-a.pdf and -side-b.pdf; "
        ".svg and .png files are for looking at, -cut.svg and -cut.dxf for cutting machines, "
        "and manifest.json lists them all."
    ).format(files=", ".join(_print_file(s) for s in data["sheets"]))


def _blocks(sheets: list[Sheet], data: dict, layout: Layout, finished: Drawing | None) -> list:
    count = sum(s["copies"] for s in _needed(data))
    intro = ngettext(
        "Everything to make the **{kit}** kit: {count} sheet of {paper} paper and about "
        "{time} of work.",
        "Everything to make the **{kit}** kit: {count} sheets of {paper} paper and about "
        "{time} of work.",
        count,
    ).format(
        kit=data["title"],
        count=count,
        paper=paper_label(data["paper"]),
        time=_duration(minutes_to_build(data)),
    )
    blocks: list = [Paragraph(intro), Heading(_("You need")), Bullets(tuple(_shopping(data)))]
    blocks += [Heading(_("Printing")), *_printing(data)]
    blocks.append(Heading(_("Steps")))
    for k, group in enumerate(_groups(sheets, data), start=1):
        blocks.append(_step(k, group, layout, data))
    if finished is not None:
        blocks.append(Figure(picture(finished), _("The finished kit.")))
    blocks.append(Paragraph(_files(data)))
    return blocks


def guide_pages(
    sheets: list[Sheet], data: dict, layout: Layout, finished: Drawing | None = None
) -> list:
    """The build guide of a kit, from its sheets and manifest data, in two columns (one on
    narrow paper) on one page, or two when one is not enough."""
    size = page_size(layout)
    x0, y0, x1, y1 = content_box(size, layout.margin)
    if x1 - x0 >= 150:
        half = (x1 - x0 - GUTTER) / 2
        columns = [(x0, y0 + 2, x0 + half, y1), (x1 - half, y0 + 2, x1, y1)]
    else:
        columns = [(x0, y0 + 2, x1, y1)]
    blocks = _blocks(sheets, data, layout, finished)
    per_page = len(columns)
    for count in range(1, MAX_PAGES + 1):
        try:
            placed = flow(blocks, columns * count, STYLE)
        except FitError:
            continue
        pages = []
        for k in range(count):
            side = _("page {k} of {count}").format(k=k + 1, count=count) if count > 1 else None
            page = new_page(size, layout.margin, guide_title(data["title"]), side)
            for items in placed[per_page * k : per_page * (k + 1)]:
                page.extend(items)
            pages.append(page)
        return pages
    raise FitError(f"the build guide of the {data['title']} kit does not fit on {MAX_PAGES} pages")
