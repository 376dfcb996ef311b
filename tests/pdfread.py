"""Reading PDFs back in tests: page boxes, painted paths and text runs, in page millimetres.

Everything is returned in the drawing model's frame (origin at the top left of the
MediaBox, y down, mm) so tests can compare what was printed with what was drawn.  The
content stream is walked operator by operator with pypdf, keeping the transformation
matrix, colours, line width, dash and alpha the way a viewer would.  Shapes drawn with
curves (circles) keep only their segment end points and are flagged ``curved``.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any

from pypdf import PageObject, PdfReader
from reportlab.pdfbase.pdfmetrics import stringWidth

__all__ = [
    "MM_PER_PT",
    "DrawnPath",
    "TextRun",
    "page_size_mm",
    "page_box_mm",
    "viewer_preferences",
    "drawn_paths",
    "polygons_mm",
    "text_runs",
]

MM_PER_PT = 25.4 / 72
Point = tuple[float, float]
Matrix = tuple[float, float, float, float, float, float]
RGB = tuple[float, float, float]
_IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


@dataclass(frozen=True)
class DrawnPath:
    """One painted path: its subpaths in mm and the paint it was given."""

    subpaths: tuple[tuple[Point, ...], ...]
    closed: tuple[bool, ...]
    curved: bool
    operator: str  # the painting operator: S, s, f, f*, B, B*, b, b*
    fill: RGB | None  # None when the path is only stroked
    stroke: RGB | None  # None when the path is only filled
    width: float  # stroke width in mm
    dash: tuple[float, ...]  # dash lengths in mm
    even_odd: bool
    fill_alpha: float
    stroke_alpha: float


@dataclass(frozen=True)
class TextRun:
    """One shown string: where its baseline starts, which way it runs, how big, which font."""

    text: str
    origin: Point  # start of the baseline, mm
    angle: float  # degrees clockwise on the page, in [0, 360)
    size: float  # font size in mm
    font: str  # the font's /BaseFont without a subset prefix, e.g. "NotoSans-Bold"
    fill: RGB


def _mul(m: Matrix, n: Matrix) -> Matrix:
    """The matrix that applies ``m`` and then ``n`` (PDF's ``m × n``)."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (
        a * A + b * C,
        a * B + b * D,
        c * A + d * C,
        c * B + d * D,
        e * A + f * C + E,
        e * B + f * D + F,
    )


def _apply(m: Matrix, x: float, y: float) -> Point:
    a, b, c, d, e, f = m
    return (a * x + c * y + e, b * x + d * y + f)


def page_size_mm(page: PageObject) -> tuple[float, float]:
    """Width and height of the MediaBox in mm."""
    box = page.mediabox
    return (float(box.width) * MM_PER_PT, float(box.height) * MM_PER_PT)


def page_box_mm(page: PageObject, name: str) -> tuple[float, float, float, float] | None:
    """A page box (``"/TrimBox"``, ``"/BleedBox"``...) as ``(x0, y0, x1, y1)`` mm, y down.

    None when the page does not write that box (pypdf would otherwise fall back to another).
    """
    if name not in page:
        return None
    x0, y0, x1, y1 = (float(v) for v in page[name])
    left, top = float(page.mediabox.left), float(page.mediabox.top)
    return (
        (x0 - left) * MM_PER_PT,
        (top - y1) * MM_PER_PT,
        (x1 - left) * MM_PER_PT,
        (top - y0) * MM_PER_PT,
    )


def viewer_preferences(reader: PdfReader) -> dict[str, Any]:
    """The catalog's /ViewerPreferences with values as plain strings, numbers or booleans."""
    root = reader.trailer["/Root"]
    prefs = root.get("/ViewerPreferences")
    if prefs is None:
        return {}
    prefs = prefs.get_object()
    return {str(k): (v if isinstance(v, (bool, int, float)) else str(v)) for k, v in prefs.items()}


class _State:
    """The part of the graphics state that tests look at."""

    def __init__(self) -> None:
        self.ctm: Matrix = _IDENTITY
        self.fill: RGB = (0.0, 0.0, 0.0)
        self.stroke: RGB = (0.0, 0.0, 0.0)
        self.width = 1.0  # user units
        self.dash: tuple[float, ...] = ()
        self.fill_alpha = 1.0
        self.stroke_alpha = 1.0
        self.font = ""
        self.font_size = 0.0
        self.leading = 0.0

    def copy(self) -> _State:
        clone = _State()
        clone.__dict__.update(self.__dict__)
        return clone


_PAINT = {"S", "s", "f", "F", "f*", "B", "B*", "b", "b*", "n"}


class _Walker:
    def __init__(self, page: PageObject) -> None:
        self.page = page
        self.left = float(page.mediabox.left)
        self.top = float(page.mediabox.top)
        resources = page.get("/Resources")
        resources = resources.get_object() if resources is not None else {}
        self.fonts = resources.get("/Font", {})
        self.fonts = self.fonts.get_object() if self.fonts else {}
        gstates = resources.get("/ExtGState", {})
        self.gstates = gstates.get_object() if gstates else {}
        self.paths: list[DrawnPath] = []
        self.texts: list[TextRun] = []

    def mm(self, p: Point) -> Point:
        return ((p[0] - self.left) * MM_PER_PT, (self.top - p[1]) * MM_PER_PT)

    def run(self) -> None:
        contents = self.page.get_contents()
        if contents is None:
            return
        state, stack = _State(), []
        subpaths: list[list[Point]] = []
        closed: list[bool] = []
        curved = False
        tm = tlm = _IDENTITY
        for operands, op_bytes in contents.operations:
            op = op_bytes.decode("latin-1")
            # pypdf's FloatObject and NumberObject are float and int subclasses.
            args = [float(a) if isinstance(a, (int, float)) else a for a in operands]
            if op == "q":
                stack.append(state.copy())
            elif op == "Q":
                state = stack.pop()
            elif op == "cm":
                state.ctm = _mul(tuple(args), state.ctm)  # type: ignore[arg-type]
            elif op == "w":
                state.width = args[0]
            elif op == "d":
                state.dash = tuple(float(v) for v in args[0])
            elif op == "rg":
                state.fill = tuple(args)  # type: ignore[assignment]
            elif op == "RG":
                state.stroke = tuple(args)  # type: ignore[assignment]
            elif op == "g":
                state.fill = (args[0],) * 3
            elif op == "G":
                state.stroke = (args[0],) * 3
            elif op == "gs":
                gs = self.gstates[args[0]].get_object()
                state.fill_alpha = float(gs.get("/ca", state.fill_alpha))
                state.stroke_alpha = float(gs.get("/CA", state.stroke_alpha))
            elif op == "m":
                subpaths.append([_apply(state.ctm, args[0], args[1])])
                closed.append(False)
            elif op == "l":
                subpaths[-1].append(_apply(state.ctm, args[0], args[1]))
            elif op in ("c", "v", "y"):
                subpaths[-1].append(_apply(state.ctm, args[-2], args[-1]))
                curved = True
            elif op == "re":
                x, y, w, h = args
                corners = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
                subpaths.append([_apply(state.ctm, *p) for p in corners])
                closed.append(True)
            elif op == "h":
                closed[-1] = True
            elif op in _PAINT:
                if op != "n":
                    self.paint(op, state, subpaths, closed, curved)
                subpaths, closed, curved = [], [], False
            elif op == "BT":
                tm = tlm = _IDENTITY
            elif op == "Tf":
                state.font, state.font_size = str(args[0]), args[1]
            elif op == "TL":
                state.leading = args[0]
            elif op in ("Td", "TD"):
                if op == "TD":
                    state.leading = -args[1]
                tm = tlm = _mul((1, 0, 0, 1, args[0], args[1]), tlm)
            elif op == "Tm":
                tm = tlm = tuple(args)  # type: ignore[assignment]
            elif op == "T*":
                tm = tlm = _mul((1, 0, 0, 1, 0, -state.leading), tlm)
            elif op in ("Tj", "'", '"', "TJ"):
                if op in ("'", '"'):
                    tm = tlm = _mul((1, 0, 0, 1, 0, -state.leading), tlm)
                pieces = args[-1] if op == "TJ" else [args[-1]]
                tm = self.show(pieces, tm, state)

    def paint(
        self, op: str, state: _State, subpaths: list[list[Point]], closed: list[bool], curved: bool
    ) -> None:
        if op == "s" or op.startswith("b"):
            closed = [True] * len(closed)
        fills = op not in ("S", "s")
        strokes = op not in ("f", "F", "f*")
        scale = math.sqrt(abs(state.ctm[0] * state.ctm[3] - state.ctm[1] * state.ctm[2]))
        self.paths.append(
            DrawnPath(
                subpaths=tuple(tuple(self.mm(p) for p in sp) for sp in subpaths),
                closed=tuple(closed),
                curved=curved,
                operator=op,
                fill=state.fill if fills else None,
                stroke=state.stroke if strokes else None,
                width=state.width * scale * MM_PER_PT,
                dash=tuple(d * scale * MM_PER_PT for d in state.dash),
                even_odd=op.endswith("*"),
                fill_alpha=state.fill_alpha,
                stroke_alpha=state.stroke_alpha,
            )
        )

    def show(self, pieces: list[Any], tm: Matrix, state: _State) -> Matrix:
        font = self.fonts[state.font].get_object()
        # An embedded subset is named "ABCDEF+Name": the run keeps the font's own name.
        base = str(font.get("/BaseFont", "")).lstrip("/").split("+")[-1]
        unicode, widths = _font_tables(font)
        text = ""
        start = tm
        for piece in pieces:
            if isinstance(piece, (int, float)):
                shift = -float(piece) / 1000 * state.font_size
                tm = _mul((1, 0, 0, 1, shift, 0), tm)
                continue
            codes = piece.encode("latin-1") if isinstance(piece, str) else bytes(piece)
            if unicode is None:
                s = codes.decode("latin-1")
                width = stringWidth(s, base, state.font_size)
            else:  # a subset font: its codes mean what its ToUnicode map says
                s = "".join(unicode.get(c, "\ufffd") for c in codes)
                width = sum(widths.get(c, 0.0) for c in codes) / 1000 * state.font_size
            text += s
            tm = _mul((1, 0, 0, 1, width, 0), tm)
        trm = _mul(start, state.ctm)
        ox, oy = _apply(trm, 0, 0)
        dx, dy = trm[0], trm[1]  # the text's x axis in user space
        angle = math.degrees(math.atan2(-dy, dx)) % 360.0  # y flips: clockwise is positive
        angle = 0.0 if abs(angle - 360.0) < 1e-9 else angle
        size = state.font_size * math.hypot(dx, dy) * MM_PER_PT
        self.texts.append(TextRun(text, self.mm((ox, oy)), angle, size, base, state.fill))
        return tm


_HEX_PAIR = re.compile(r"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>")
_HEX_RANGE = re.compile(r"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>")


def _font_tables(font: Any) -> tuple[dict[int, str] | None, dict[int, float]]:
    """A font's ToUnicode map (code → text; None without one) and its advance widths
    (code → thousandths of the font size), as a viewer reads them from the PDF."""
    cmap = font.get("/ToUnicode")
    if cmap is None:
        return None, {}
    data = cmap.get_object().get_data().decode("latin-1")
    unicode: dict[int, str] = {}
    for block in re.findall(r"beginbfchar(.*?)endbfchar", data, re.S):
        for src, dst in _HEX_PAIR.findall(block):
            unicode[int(src, 16)] = bytes.fromhex(dst).decode("utf-16-be")
    for block in re.findall(r"beginbfrange(.*?)endbfrange", data, re.S):
        for lo, hi, dst in _HEX_RANGE.findall(block):
            first = int(dst, 16)
            for code in range(int(lo, 16), int(hi, 16) + 1):
                unicode[code] = chr(first + code - int(lo, 16))
    first_char = int(font.get("/FirstChar", 0))
    widths = {first_char + k: float(w) for k, w in enumerate(font.get("/Widths", []))}
    return unicode, widths


def drawn_paths(page: PageObject) -> list[DrawnPath]:
    """Every painted path of the page in drawing order (paths ended with ``n`` are left out)."""
    walker = _Walker(page)
    walker.run()
    return walker.paths


def polygons_mm(page: PageObject) -> list[tuple[tuple[Point, ...], ...]]:
    """The straight-sided closed paths painted on the page, in drawing order.

    Each is a tuple of outlines in mm (the outer one first, then any holes), with the
    closing point not repeated.
    """
    return [p.subpaths for p in drawn_paths(page) if not p.curved and all(p.closed)]


def text_runs(page: PageObject) -> list[TextRun]:
    """Every string shown on the page, in drawing order."""
    walker = _Walker(page)
    walker.run()
    return walker.texts


# -- helpers the kit tests share ------------------------------------------------------------


def hex_rgb(colour: str) -> tuple[float, float, float]:
    """``#rrggbb`` as an RGB triple in 0..1, as the PDF operators carry it."""
    return tuple(int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))  # type: ignore[return-value]


def same_colour(a, b) -> bool:
    """Two RGB triples equal within the PDF's 3-decimal rounding (None never matches)."""
    return (
        a is not None
        and b is not None
        and all(abs(x - y) < 0.004 for x, y in zip(a, b, strict=True))
    )


def contrast_ratio(a, b) -> float:
    """WCAG 2 contrast ratio of two RGB triples (0..1), computed from the definition."""

    def lum(c):
        lin = [v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4 for v in c]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def run_centre(run) -> Point:
    """The middle of a text run's mid-line (page mm, y down), from its baseline start."""
    from printkit.draw.model import MIDLINE

    width = stringWidth(run.text, run.font, run.size)
    t = math.radians(run.angle)
    ux, uy, nx, ny = math.cos(t), math.sin(t), -math.sin(t), math.cos(t)
    x, y = run.origin
    up = MIDLINE * run.size
    return (x + ux * width / 2 - nx * up, y + uy * width / 2 - ny * up)


def assert_sheet_on_paper(
    page: PageObject, paper: tuple[float, float], margin: float, what: str
) -> tuple[float, float]:
    """The page has the paper's size (either way round) and every drawn path lies within
    ``margin`` of its edges (bleed included); returns the page size in mm."""
    w, h = page_size_mm(page)
    assert sorted((round(w, 2), round(h, 2))) == sorted(round(v, 2) for v in paper), what
    m = margin - 1e-6
    for path in drawn_paths(page):
        for sub in path.subpaths:
            for x, y in sub:
                assert m <= x <= w - m and m <= y <= h - m, (what, x, y)
    return w, h
