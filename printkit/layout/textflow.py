"""Flowing text into columns: headings, paragraphs, bullet lists and figures, word-wrapped.

Text is measured with :func:`printkit.draw.text.text_width`, so a line that fits here fits
in the PDF.  The only inline markup is ``**bold**``.  Blocks are broken into lines, the
lines are poured into a sequence of frames (columns, page after page), and the result is
plain drawing-model items in page millimetres.

Breaking rules: a heading stays with the first lines of what follows it; a paragraph of
three lines or fewer is never split, a longer one leaves at least two lines on each side
of a break; a figure and its caption are never split; the space before a block is dropped
at the top of a frame.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from printkit.draw.model import MIDLINE, Affine, Drawing, Item, Polyline, Role, Style, Text
from printkit.draw.text import text_width
from printkit.errors import FitError

__all__ = [
    "FlowStyle",
    "Heading",
    "Paragraph",
    "Bullets",
    "Figure",
    "Step",
    "Block",
    "Box",
    "words",
    "wrap",
    "text_block",
    "flow",
    "flow_balanced",
]

Box = tuple[float, float, float, float]
"""``(x0, y0, x1, y1)`` in page mm."""


@dataclass(frozen=True, slots=True)
class FlowStyle:
    """Sizes (font sizes and gaps in mm) and colours of flowed text."""

    body: float = 3.3
    leading: float = 1.3  # line pitch as a multiple of the font size
    heading: float = 4.1
    caption: float = 2.8
    colour: str = "#1a1a1a"
    heading_colour: str = "#1a1a1a"
    caption_colour: str = "#4a4a4a"
    paragraph_gap: float = 1.5
    heading_gap: float = 4.0  # space above a heading
    heading_after: float = 0.9
    bullet_indent: float = 3.6
    item_gap: float = 0.7
    figure_gap: float = 2.5  # space above and below a figure
    caption_gap: float = 1.2  # between a figure and its caption
    rule: bool = True  # a hairline under each heading


@dataclass(frozen=True, slots=True)
class Heading:
    text: str


@dataclass(frozen=True, slots=True)
class Paragraph:
    text: str


@dataclass(frozen=True, slots=True)
class Bullets:
    items: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Figure:
    """A drawing (its own box is ``0..width``, ``0..height``) centred in the column, with a
    caption under it; drawings wider than the column are scaled down."""

    drawing: Drawing
    caption: str = ""


@dataclass(frozen=True, slots=True)
class Step:
    """A numbered step: a small picture on the left, a bold first line and bullets beside it,
    kept together on one column."""

    number: int
    picture: Drawing
    title: str
    items: tuple[str, ...]
    picture_width: float = 30.0
    picture_height: float = 38.0


Block = Heading | Paragraph | Bullets | Figure | Step

Run = tuple[str, bool]  # (text, bold)
Word = tuple[Run, ...]  # a word may change weight inside ("**110**,")


def words(text: str) -> list[Word]:
    """The words of a text, each as runs of one weight; ``**`` toggles bold."""
    out: list[Word] = []
    current: list[Run] = []
    bold = False
    for k, part in enumerate(text.split("**")):
        if k:
            bold = not bold
        for j, chunk in enumerate(re.split(r"\s+", part)):
            if j:  # whitespace came before this chunk: the word so far is complete
                if current:
                    out.append(tuple(current))
                current = []
            if chunk:
                current.append((chunk, bold))
    if current:
        out.append(tuple(current))
    return out


def _word_width(word: Word, size: float) -> float:
    return sum(text_width(t, size, b) for t, b in word)


def wrap(text: str, width: float, size: float, bold: bool = False) -> list[list[Word]]:
    """Greedy word wrap into lines no wider than ``width`` mm (a longer word gets its own line)."""
    if width <= 0:
        raise FitError(f"no room to set text {text[:30]!r}: width {width:.1f} mm")
    ws = [tuple((t, b or bold) for t, b in w) for w in words(text)]
    space = text_width(" ", size)
    lines: list[list[Word]] = []
    line: list[Word] = []
    used = 0.0
    for w in ws:
        ww = _word_width(w, size)
        if line and used + space + ww > width + 1e-9:
            lines.append(line)
            line, used = [], 0.0
        used += (space if line else 0.0) + ww
        line.append(w)
    if line:
        lines.append(line)
    return lines


def _line_items(
    line: list[Word],
    x: float,
    baseline: float,
    size: float,
    colour: str,
    centred_in: float | None = None,
) -> list[Item]:
    """Text items for one line starting at ``x`` (or centred in a width from ``x``): one per
    run of the same weight, spaces kept inside the runs."""
    runs: list[list] = []
    for k, word in enumerate(line):
        for j, (t, b) in enumerate(word):
            if k and j == 0:
                runs[-1][0] += " "  # the space takes the weight of the text before it
            if runs and runs[-1][1] == b:
                runs[-1][0] += t
            else:
                runs.append([t, b])
    if centred_in is not None:
        total = sum(text_width(t, size, b) for t, b in runs)
        x += max(0.0, (centred_in - total) / 2)
    y = baseline - MIDLINE * size
    items: list[Item] = []
    for t, b in runs:
        items.append(Text((x, y), t, size, fill=colour, anchor="start", bold=b, role=Role.INFO))
        x += text_width(t, size, b)
    return items


def text_block(
    text: str,
    width: float,
    size: float,
    colour: str,
    leading: float = 1.3,
    bold: bool = False,
    centred: bool = False,
) -> Drawing:
    """A wrapped text as a drawing of width ``width`` (its height is the lines' height)."""
    lines = wrap(text, width, size, bold)
    pitch = size * leading
    d = Drawing(width, pitch * len(lines))
    for k, line in enumerate(lines):
        d.extend(
            _line_items(
                line,
                0.0,
                _baseline(k * pitch, size, pitch),
                size,
                colour,
                width if centred else None,
            )
        )
    return d


def _baseline(top: float, size: float, pitch: float) -> float:
    """Baseline of a line whose box starts at ``top``: cap height centred in the pitch."""
    return top + (pitch - size) / 2 + 0.78 * size


# -- the flow ---------------------------------------------------------------------------


@dataclass
class _Unit:
    """One unbreakable piece of the flow (a line, or a figure with its caption)."""

    height: float
    space_before: float
    breakable: bool  # may a frame end just before this unit?
    render: Callable[[float, float, float], list[Item]] = field(repr=False)
    # render(x0, top, width) -> items


def _lines_units(
    lines: list[list[Word]],
    size: float,
    colour: str,
    pitch: float,
    indent: float,
    space_before: float,
    bullet: str | None = None,
    keep: bool = False,
) -> list[_Unit]:
    units = []
    n = len(lines)
    for k, line in enumerate(lines):
        # Orphans and widows: short paragraphs never split; longer ones keep 2 lines a side.
        breakable = k == 0 or (n >= 4 and 2 <= k <= n - 2)
        if keep and k == 0:
            breakable = False

        def render(
            x0: float,
            top: float,
            width: float,
            line: list[Word] = line,
            k: int = k,
        ) -> list[Item]:
            base = _baseline(top, size, pitch)
            items = _line_items(line, x0 + indent, base, size, colour)
            if bullet is not None and k == 0:
                items.append(
                    Text(
                        (x0 + 0.6, base - MIDLINE * size),
                        bullet,
                        size,
                        fill=colour,
                        anchor="start",
                        role=Role.INFO,
                    )
                )
            return items

        units.append(_Unit(pitch, space_before if k == 0 else 0.0, breakable, render))
    return units


def _units(blocks: Sequence[Block], width: float, style: FlowStyle) -> list[_Unit]:
    units: list[_Unit] = []
    pitch = style.body * style.leading
    after_heading = False
    for block in blocks:
        first = len(units)
        if isinstance(block, Heading):
            hp = style.heading * 1.2
            lines = wrap(block.text, width, style.heading, bold=True)
            hunits = _lines_units(
                lines,
                style.heading,
                style.heading_colour,
                hp,
                0.0,
                style.heading_gap,
                keep=after_heading,
            )
            if style.rule:
                last = hunits[-1]

                def ruled(x0: float, top: float, w: float, inner=last.render, h=hp) -> list[Item]:
                    y = top + h + style.heading_after / 2
                    return inner(x0, top, w) + [
                        Polyline(
                            ((x0, y), (x0 + w, y)), Style(stroke="#9a9a9a", width=0.2), Role.INFO
                        )
                    ]

                last.render = ruled
            hunits[-1].height += style.heading_after
            for u in hunits[1:]:
                u.breakable = False
            units += hunits
            after_heading = True
            continue
        if isinstance(block, Paragraph):
            lines = wrap(block.text, width, style.body)
            units += _lines_units(lines, style.body, style.colour, pitch, 0.0, style.paragraph_gap)
        elif isinstance(block, Bullets):
            for j, item in enumerate(block.items):
                lines = wrap(item, width - style.bullet_indent, style.body)
                units += _lines_units(
                    lines,
                    style.body,
                    style.colour,
                    pitch,
                    style.bullet_indent,
                    style.paragraph_gap if j == 0 else style.item_gap,
                    bullet="\u2022",
                )
        elif isinstance(block, Step):
            units.append(_step_unit(block, width, style))
        else:
            units.append(_figure_unit(block, width, style))
        if after_heading:
            # Keep a heading with its block's first two lines (or its figure).
            for u in units[first : first + 2]:
                u.breakable = False
            if len(units) - first == 3:  # a 3-line block stays whole anyway
                units[first + 2].breakable = False
        after_heading = False
    return units


def _figure_unit(fig: Figure, width: float, style: FlowStyle) -> _Unit:
    d = fig.drawing
    k = min(1.0, width / d.width) if d.width > 0 else 1.0
    dh = d.height * k
    cap_lines = wrap(fig.caption, width, style.caption) if fig.caption else []
    cpitch = style.caption * style.leading
    height = (
        dh + (style.caption_gap + cpitch * len(cap_lines) if cap_lines else 0.0) + style.figure_gap
    )

    def render(x0: float, top: float, w: float) -> list[Item]:
        out = Drawing()
        at = Affine.translate(x0 + (w - d.width * k) / 2, top) @ Affine.scale(k)
        out.place(d, at)
        y = top + dh + style.caption_gap
        for line in cap_lines:
            out.extend(
                _line_items(
                    line,
                    x0,
                    _baseline(y, style.caption, cpitch),
                    style.caption,
                    style.caption_colour,
                    centred_in=w,
                )
            )
            y += cpitch
        return out.items

    # A figure never starts a column: it keeps the text before it (its section) company.
    return _Unit(height, style.figure_gap, False, render)


def _step_unit(step: Step, width: float, style: FlowStyle) -> _Unit:
    d = step.picture
    k = min(step.picture_width / d.width, step.picture_height / d.height) if d.width else 1.0
    gap = 3.0
    text_x = step.picture_width + gap
    text_w = width - text_x
    pitch = style.body * style.leading
    title = wrap(f"{step.number}. {step.title}", text_w, style.body, bold=True)
    bullets = [wrap(item, text_w - style.bullet_indent, style.body) for item in step.items]
    text_h = pitch * (len(title) + sum(len(b) for b in bullets)) + style.item_gap * len(bullets)
    height = max(d.height * k, text_h)

    def render(x0: float, top: float, w: float) -> list[Item]:
        out = Drawing()
        out.place(
            d, Affine.translate(x0 + (step.picture_width - d.width * k) / 2, top) @ Affine.scale(k)
        )
        y = top
        for line in title:
            out.extend(
                _line_items(
                    line,
                    x0 + text_x,
                    _baseline(y, style.body, pitch),
                    style.body,
                    style.heading_colour,
                )
            )
            y += pitch
        for lines in bullets:
            y += style.item_gap
            for j, line in enumerate(lines):
                base = _baseline(y, style.body, pitch)
                items = _line_items(
                    line, x0 + text_x + style.bullet_indent, base, style.body, style.colour
                )
                if j == 0:
                    items.append(
                        Text(
                            (x0 + text_x + 0.6, base - MIDLINE * style.body),
                            "\u2022",
                            style.body,
                            fill=style.colour,
                            anchor="start",
                            role=Role.INFO,
                        )
                    )
                out.extend(items)
                y += pitch
        return out.items

    return _Unit(height, style.paragraph_gap * 2, True, render)


def flow(
    blocks: Sequence[Block],
    frames: Sequence[Box],
    style: FlowStyle = FlowStyle(),
) -> list[list[Item]]:
    """Pour blocks into frames in order; the items drawn in each frame (some may be empty).

    All frames must have the same width.  Raises FitError when the text needs more room.
    """
    if not frames:
        raise FitError("no frame to set the text in")
    width = frames[0][2] - frames[0][0]
    if any(abs((f[2] - f[0]) - width) > 1e-6 for f in frames):
        raise ValueError("flow frames must all have the same width")
    units = _units(blocks, width, style)
    placed = _place(units, frames)
    out: list[list[Item]] = [[] for _ in frames]
    for unit, (frame, top) in zip(units, placed, strict=True):
        out[frame] += unit.render(frames[frame][0], top, width)
    return out


def _place(units: list[_Unit], frames: Sequence[Box]) -> list[tuple[int, float]]:
    """Frame index and top y of each unit."""
    where: list[tuple[int, float]] = []
    frame, start = 0, 0
    k = 0
    y = frames[0][1]
    while k < len(units):
        u = units[k]
        gap = u.space_before if k > start else 0.0
        if y + gap + u.height <= frames[frame][3] + 1e-6:
            where.append((frame, y + gap))
            y += gap + u.height
            k += 1
            continue
        # Break: back up to the last unit before which a frame may end.
        j = k
        while j > start and not units[j].breakable:
            j -= 1
        if j == start:  # the keep-together group is taller than a frame: break here
            j = k
        if j == start:
            raise FitError(
                f"a block of the text is {u.height:.1f} mm tall; the column is only "
                f"{frames[frame][3] - frames[frame][1]:.1f} mm"
            )
        del where[j:]
        frame += 1
        if frame == len(frames):
            raise FitError(f"the text needs more than {len(frames)} columns")
        start = k = j
        y = frames[frame][1]
    return where


def flow_balanced(
    blocks: Sequence[Block], frames: Sequence[Box], last: int, style: FlowStyle = FlowStyle()
) -> list[list[Item]]:
    """Like :func:`flow`, with the last ``last`` frames (one page's columns) shortened
    together as far as the text allows, so that they end at about the same height."""
    out = flow(blocks, frames, style)
    if last < 2:
        return out
    head, tail = list(frames[:-last]), frames[-last:]
    top, bottom = max(f[1] for f in tail), min(f[3] for f in tail)
    lo, hi = top, bottom
    while hi - lo > 0.5:
        mid = (lo + hi) / 2
        try:
            flow(blocks, head + [(f[0], f[1], f[2], mid) for f in tail], style)
            hi = mid
        except FitError:
            lo = mid
    return flow(blocks, head + [(f[0], f[1], f[2], hi) for f in tail], style)
