"""``printkit show``: a record's position at a move, drawn with the kits' own drawing code.

Each game's ``picture`` module offers ``picture(record, upto, rules, layout, offending)``: the
board after ``upto`` moves with move ``upto`` outlined (or, for the illegal move where the
check stopped, the position before it with the attempted move drawn over it in red).
"""

from __future__ import annotations

from pathlib import Path

from printkit.draw.model import Affine, Document, Drawing, Page, Role, Text
from printkit.draw.pdf import save_pdf
from printkit.draw.png import save_png
from printkit.draw.svg import save_svg
from printkit.draw.text import text_width
from printkit.errors import RecordError
from printkit.games import find_game
from printkit.layout.config import Layout, load_layout
from printkit.records.check import check_record
from printkit.records.model import Record

__all__ = ["picture_page", "save_picture", "HIGHLIGHT", "OFFENDING"]

HIGHLIGHT = "#111111"
OFFENDING = "#e0007a"
MARGIN = 10.0
CAPTION = 4.0
SLACK = 1.2
"""Room for fonts wider than Helvetica (a PNG's text uses whatever font stands in for it)."""
MIN_CAPTION_WIDTH = 100.0
"""Captions wrap at the board's width, or this many mm for a smaller board."""


def _caption(record: Record, upto: int, offending: bool, report) -> list[str]:
    title = find_game(record.game).title
    if record.is_position:
        lines = [
            f"{title} · position"
            + (f" read from {record.meta['source']}" if "source" in record.meta else "")
        ]
        if record.uncertain:
            lines.append(f"{len(record.uncertain)} uncertain cell(s) marked ?")
        return lines + [f.text() for f in report.findings[:4]]
    if upto == 0:
        return [f"{title} · start of the game"]
    entry = record.moves[upto - 1]
    lines = [f"{title} · move {upto}: {entry.move}"]
    if offending:
        lines += [
            f"ILLEGAL: {f.message}"
            for f in report.findings
            if f.move == upto and f.kind == "illegal"
        ]
    lines += [f.text() for f in report.findings if f.move == upto and f.kind == "score"]
    if upto == len(record.moves) and report.winner and not offending:
        lines.append(f"winner: {report.winner}")
    return lines


def _wrap(caption: list[str], width: float) -> list[tuple[str, bool, bool]]:
    """The caption's lines wrapped to ``width`` mm (so a long finding is never cut off), each
    with whether it belongs to an ILLEGAL line and to the (bold) title."""
    out: list[tuple[str, bool, bool]] = []
    for k, text in enumerate(caption):
        illegal = text.startswith("ILLEGAL")
        line = ""
        for word in text.split():
            candidate = f"{line} {word}" if line else word
            if line and SLACK * text_width(candidate, CAPTION, k == 0) > width:
                out.append((line, illegal, k == 0))
                line = word
            else:
                line = candidate
        out.append((line, illegal, k == 0))
    return out


def picture_page(
    record: Record, upto: int | None = None, rules: str | None = None, layout: Layout | None = None
) -> Page:
    """A page just large enough for the board at move ``upto`` and a caption."""
    layout = layout or load_layout(None)
    report = check_record(record, rules)
    moves = len(record.moves)
    n = moves if upto is None else upto
    if n > moves:
        raise RecordError(f"--move {n}: the record has {moves} moves", source=record.path)
    offending = report.stopped_at is not None and n >= report.stopped_at
    if offending:
        n = report.stopped_at
    drawing: Drawing = find_game(record.game).picture.picture(record, n, rules, layout, offending)
    x0, y0, x1, y1 = drawing.bbox()
    caption = _caption(record, n, offending, report)
    lines = _wrap(caption, max(x1 - x0, MIN_CAPTION_WIDTH))
    text_width_mm = max(SLACK * text_width(line, CAPTION, bold) for line, _, bold in lines)
    top = MARGIN + CAPTION * 1.6 * len(lines)
    width = max(x1 - x0, text_width_mm) + 2 * MARGIN
    page = Page(width=width, height=y1 - y0 + top + MARGIN, label=caption[0])
    for k, (line, illegal, bold) in enumerate(lines):
        colour = OFFENDING if illegal else "#222222"
        page.add(
            Text(
                (MARGIN, MARGIN + CAPTION * (1.6 * k + 1)),
                line,
                CAPTION,
                anchor="start",
                fill=colour,
                bold=bold,
                role=Role.INFO,
            )
        )
    page.place(drawing, Affine.translate(MARGIN - x0, top - y0))
    return page


def save_picture(
    record: Record,
    out: Path,
    upto: int | None = None,
    rules: str | None = None,
    layout: Layout | None = None,
) -> Path:
    """Write the picture as SVG, PNG or PDF (by ``out``'s suffix)."""
    suffix = out.suffix.lower()
    if suffix not in (".svg", ".png", ".pdf"):
        raise RecordError(f"--out {out}: the picture is .svg, .png or .pdf")
    page = picture_page(record, upto, rules, layout)
    if suffix == ".svg":
        return save_svg(page, out, page.label)
    if suffix == ".png":
        return save_png(page, out, dpi=150)
    return save_pdf(Document(page.label, [page]), out)
