"""The PDF, SVG and PNG backends, checked by reading their output back."""

from __future__ import annotations

import hashlib
import io
import itertools
import math
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import cv2
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pdfread import (
    drawn_paths,
    page_box_mm,
    page_size_mm,
    polygons_mm,
    text_runs,
    viewer_preferences,
)
from pypdf import PdfReader
from reportlab.pdfbase.pdfmetrics import stringWidth

import printkit.build as build
from printkit.build import build_kits
from printkit.draw import cutfile
from printkit.draw.model import (
    MIDLINE,
    Affine,
    Circle,
    Document,
    Page,
    Polygon,
    Polyline,
    Role,
    Style,
    Text,
)
from printkit.draw.pdf import pdf_bytes, save_pdf
from printkit.draw.png import page_png, png_size, save_png
from printkit.draw.svg import fmt, page_svg, save_svg
from printkit.draw.text import baseline_start, fit_size, font_name, text_width
from printkit.kits import find_kit
from printkit.layout.config import load_layout

PT = 72 / 25.4
SVG_NS = "{http://www.w3.org/2000/svg}"
INK = Style(fill="#000000")


def read(doc: Document) -> PdfReader:
    return PdfReader(io.BytesIO(pdf_bytes(doc)))


def one_page(*items, width=210.0, height=297.0, **kw) -> Document:
    return Document("test", [Page(width, height, list(items), **kw)])


def equilateral(x: float, y: float, side: float) -> tuple[tuple[float, float], ...]:
    """An up-pointing equilateral triangle with its top vertex at (x, y)."""
    h = side * math.sqrt(3) / 2
    return ((x, y), (x + side / 2, y + h), (x - side / 2, y + h))


def close(p, q, tol=1e-3) -> bool:
    return math.dist(p, q) <= tol


# -- PDF: geometry -----------------------------------------------------------------------


def test_page_sizes_read_back_within_a_hundredth_of_a_point():
    sizes = [(210.0, 297.0), (215.9, 279.4), (123.4, 56.78), (297.0, 210.0)]
    reader = read(Document("sizes", [Page(w, h) for w, h in sizes]))
    assert len(reader.pages) == len(sizes)
    for page, (w, h) in zip(reader.pages, sizes, strict=True):
        box = page.mediabox
        assert float(box.left) == 0 and float(box.bottom) == 0
        assert abs(float(box.width) - w * 72 / 25.4) < 0.01
        assert abs(float(box.height) - h * 72 / 25.4) < 0.01
    # A4 and Letter in points, as printers know them.
    assert abs(float(reader.pages[0].mediabox.width) - 595.276) < 0.01
    assert abs(float(reader.pages[1].mediabox.width) - 612.0) < 0.01
    assert abs(float(reader.pages[1].mediabox.height) - 792.0) < 0.01


def test_equilateral_triangle_is_twenty_mm_a_side_in_the_content_stream():
    base = Polygon(equilateral(0, 0, 20), INK, Role.CUT)
    turned = base.transformed(Affine.translate(120, 200) @ Affine.rotate(17))
    reader = read(one_page(base.transformed(Affine.translate(50, 40)), turned))
    polygons = polygons_mm(reader.pages[0])
    assert len(polygons) == 2
    for (outline,) in polygons:
        assert len(outline) == 3
        for p, q in itertools.combinations(outline, 2):
            assert abs(math.dist(p, q) - 20) < 1e-3
    # Where it was drawn, in page mm with y down: the apex is the top vertex.
    assert close(polygons[0][0][0], (50, 40))
    assert polygons[0][0][1][1] > 40


def test_polygon_with_hole_is_filled_even_odd_and_keeps_the_hole():
    outer = ((10, 10), (60, 10), (60, 60), (10, 60))
    hole = ((20, 20), (50, 20), (50, 50), (20, 50))
    reader = read(one_page(Polygon(outer, Style(fill="#336699"), holes=(hole,))))
    (path,) = drawn_paths(reader.pages[0])
    assert path.even_odd
    assert path.fill == pytest.approx((0x33 / 255, 0x66 / 255, 0x99 / 255), abs=1e-5)
    assert path.stroke is None
    assert len(path.subpaths) == 2
    for got, want in zip(path.subpaths, (outer, hole), strict=True):
        assert all(close(p, q) for p, q in zip(got, want, strict=True))


def test_items_are_painted_in_list_order_with_their_styles():
    items = [
        Polygon(((0, 0), (10, 0), (10, 10)), Style(fill="#ff0000")),
        Polyline(((5, 5), (50, 5), (50, 40)), Style(stroke="#00ff00", width=0.5, dash=(2, 1))),
        Polygon(((1, 1), (9, 1), (9, 9)), Style(fill="#0000ff", stroke="#000000", width=0.1)),
        Circle((100, 100), 10, Style(stroke="#123456", width=1.0)),
    ]
    paths = drawn_paths(read(one_page(*items)).pages[0])
    assert [p.operator for p in paths] == ["f*", "S", "B*", "S"]
    assert paths[0].fill == (1, 0, 0)
    assert paths[1].stroke == (0, 1, 0) and not paths[1].closed[0]
    assert paths[1].width == pytest.approx(0.5, abs=1e-4)
    assert paths[1].dash == pytest.approx((2, 1), abs=1e-4)
    assert paths[2].dash == ()  # the dash of the line before does not leak on
    assert paths[2].width == pytest.approx(0.1, abs=1e-4)
    circle = paths[3]
    assert circle.curved
    assert circle.stroke == pytest.approx((0x12 / 255, 0x34 / 255, 0x56 / 255), abs=1e-5)
    xs = [p[0] for sp in circle.subpaths for p in sp]
    ys = [p[1] for sp in circle.subpaths for p in sp]
    assert (min(xs), max(xs), min(ys), max(ys)) == pytest.approx((90, 110, 90, 110), abs=1e-3)


def test_opacity_is_written_only_when_below_one():
    square = ((0, 0), (10, 0), (10, 10), (0, 10))
    solid = read(one_page(Polygon(square, Style(fill="#ff0000", stroke="#000000"))))
    assert "/ExtGState" not in solid.pages[0]["/Resources"]
    faint = read(
        one_page(
            Polygon(square, Style(fill="#ff0000", stroke="#000000", opacity=0.4)),
            Polygon(square, Style(fill="#00ff00")),
        )
    )
    first, second = drawn_paths(faint.pages[0])
    assert (first.fill_alpha, first.stroke_alpha) == pytest.approx((0.4, 0.4))
    assert (second.fill_alpha, second.stroke_alpha) == (1.0, 1.0)  # restored after the item


def test_invisible_items_are_left_out():
    square = ((0, 0), (10, 0), (10, 10), (0, 10))
    doc = one_page(Polygon(square, Style()), Polyline(square, Style(stroke="#000000", width=0)))
    assert drawn_paths(read(doc).pages[0]) == []
    assert "<path" not in page_svg(doc.pages[0])


@settings(max_examples=25, deadline=None)
@given(st.lists(st.tuples(st.floats(0, 200), st.floats(0, 280)), min_size=3, max_size=8))
def test_any_polygon_reads_back_where_it_was_drawn(points):
    reader = read(one_page(Polygon(tuple(points), INK)))
    ((outline,),) = polygons_mm(reader.pages[0])
    assert all(close(p, q) for p, q in zip(outline, points, strict=True))


# -- PDF: text ---------------------------------------------------------------------------


def expected_start(t: Text) -> tuple[float, float]:
    """Where a text's baseline should start, worked out here from the font metrics alone."""
    width = stringWidth(t.text, font_name(t.bold), t.size)
    back = {"start": 0, "middle": width / 2, "end": width}[t.anchor]
    a = math.radians(t.angle)
    along, down = (math.cos(a), math.sin(a)), (-math.sin(a), math.cos(a))
    drop = MIDLINE * t.size
    return (
        t.position[0] - back * along[0] + drop * down[0],
        t.position[1] - back * along[1] + drop * down[1],
    )


TEXTS = [
    Text((105, 50), "Centred label", 5, anchor="middle"),
    Text((20, 80), "Start here", 4, anchor="start", bold=True),
    Text((190, 110), "Ends here", 3.5, anchor="end", fill="#cc0000"),
    Text((100, 200), "Turned 30", 6, angle=30),
    Text((60, 250), "Upwards", 4, anchor="start", angle=270),
]


def test_text_is_extractable_and_sits_where_expected():
    page = read(one_page(*TEXTS)).pages[0]
    extracted = page.extract_text()
    for t in TEXTS:
        assert t.text in extracted
    runs = text_runs(page)
    assert [r.text for r in runs] == [t.text for t in TEXTS]
    for run, t in zip(runs, TEXTS, strict=True):
        assert close(run.origin, expected_start(t)), (t.text, run.origin, expected_start(t))
        assert run.angle == pytest.approx(t.angle, abs=1e-3)
        assert run.size == pytest.approx(t.size, abs=1e-4)
        assert run.font == font_name(t.bold)  # the embedded subset of the packaged font
    assert runs[2].fill == pytest.approx((0xCC / 255, 0, 0), abs=1e-5)
    assert baseline_start(TEXTS[3]) == pytest.approx(expected_start(TEXTS[3]))


def test_pdfread_text_origin_agrees_with_pypdf():
    """Cross-check the test reader's text walk with pypdf's own text visitor."""
    page = read(one_page(*TEXTS)).pages[0]
    seen = {}

    def visit(text, cm, tm, font, size):
        if text.strip():
            trm = [
                tm[0] * cm[0] + tm[1] * cm[2],
                tm[0] * cm[1] + tm[1] * cm[3],
                tm[2] * cm[0] + tm[3] * cm[2],
                tm[2] * cm[1] + tm[3] * cm[3],
                tm[4] * cm[0] + tm[5] * cm[2] + cm[4],
                tm[4] * cm[1] + tm[5] * cm[3] + cm[5],
            ]
            seen.setdefault(text.strip(), (trm[4] / PT, 297 - trm[5] / PT))

    page.extract_text(visitor_text=visit)
    for run in text_runs(page):
        assert close(seen[run.text], run.origin)


def test_centred_label_is_centred_on_a_triangle_centroid():
    tri = equilateral(105, 100, 30)
    centroid = (sum(p[0] for p in tri) / 3, sum(p[1] for p in tri) / 3)
    label = Text(centroid, "A7", 6)
    page = read(one_page(Polygon(tri, Style(fill="#eeeeee")), label)).pages[0]
    (run,) = text_runs(page)
    width = stringWidth("A7", font_name(False), 6)
    mid_x = run.origin[0] + width / 2
    cap_middle = run.origin[1] - 0.714 * 6 / 2  # Noto Sans's cap height is 0.714 em
    assert mid_x == pytest.approx(centroid[0], abs=1e-3)
    assert cap_middle == pytest.approx(centroid[1], abs=0.01)


def midline_span(origin, angle, text, size):
    """The two ends of a printed text's mid-line, from its baseline start."""
    a = math.radians(angle)
    width = stringWidth(text, font_name(False), size)
    up = (math.sin(a) * MIDLINE * size, -math.cos(a) * MIDLINE * size)
    start = (origin[0] + up[0], origin[1] + up[1])
    return start, (start[0] + width * math.cos(a), start[1] + width * math.sin(a))


def test_mirrored_text_stays_readable():
    mirror = Affine.translate(100, 0) @ Affine.scale(-1, 1)  # reflect about x = 50
    for anchor, angle in [("middle", 0), ("start", 0), ("end", 20)]:
        original = Text((30, 50), "READ ME", 5, anchor=anchor, angle=angle)
        doc = Document("m", [Page(100, 100, [original.transformed(mirror)])])
        page = read(doc).pages[0]
        assert "READ ME" in page.extract_text()
        assert "EM DAER" not in page.extract_text()
        (run,) = text_runs(page)
        assert math.cos(math.radians(run.angle)) > 0  # runs left to right, glyphs upright
        # The printed mid-line is the mirror image of the original's, its ends swapped.
        o_start, o_end = midline_span(expected_start(original), angle, "READ ME", 5)
        start, end = midline_span(run.origin, run.angle, "READ ME", 5)
        assert close(start, mirror(o_end)) and close(end, mirror(o_start))
        svg = page_svg(doc.pages[0])
        assert "scale(" not in svg and "matrix(" not in svg


# -- PDF: document settings --------------------------------------------------------------


@pytest.mark.parametrize(
    "duplex, name",
    [(None, None), ("long", "/DuplexFlipLongEdge"), ("short", "/DuplexFlipShortEdge")],
)
def test_viewer_preferences(duplex, name):
    doc = Document("prefs", [Page(210, 297), Page(210, 297)], duplex=duplex)
    prefs = viewer_preferences(read(doc))
    assert prefs["/PrintScaling"] == "/None"
    assert prefs.get("/Duplex") == name


def test_metadata():
    doc = Document("TriPakus kit", [Page(210, 297)], subject="pieces, side A")
    meta = read(doc).metadata
    assert meta.title == "TriPakus kit"
    assert meta.subject == "pieces, side A"
    assert meta.creator == "printkit" and meta.producer == "printkit"


def test_trim_and_bleed_boxes():
    doc = Document(
        "boxes",
        [
            Page(220, 307, trim=(5, 5, 215, 302), bleed=(2, 2, 218, 305)),
            Page(210, 297),
            Page(100, 80, trim=(10, 12, 90, 70)),
        ],
    )
    pages = read(doc).pages
    assert page_box_mm(pages[0], "/TrimBox") == pytest.approx((5, 5, 215, 302), abs=1e-3)
    assert page_box_mm(pages[0], "/BleedBox") == pytest.approx((2, 2, 218, 305), abs=1e-3)
    assert page_box_mm(pages[1], "/TrimBox") is None
    assert page_box_mm(pages[1], "/BleedBox") is None
    # A y-down box that is not centred shows the flip is right.
    assert page_box_mm(pages[2], "/TrimBox") == pytest.approx((10, 12, 90, 70), abs=1e-3)
    assert page_box_mm(pages[2], "/BleedBox") is None
    assert page_size_mm(pages[2]) == pytest.approx((100, 80), abs=1e-3)


def sample_document() -> Document:
    tri = equilateral(105, 60, 40)
    cx = sum(p[0] for p in tri) / 3
    cy = sum(p[1] for p in tri) / 3
    a = Page(
        210,
        297,
        [
            Polygon(tri, Style(fill="#f4d03f", stroke="#000000", width=0.3), Role.CUT),
            Polygon(
                ((20, 150), (80, 150), (80, 210), (20, 210)),
                Style(fill="#5dade2", opacity=0.7),
                holes=(((35, 165), (65, 165), (65, 195), (35, 195)),),
            ),
            Polyline(((100, 150), (190, 150)), Style(stroke="#888888", dash=(3, 1.5)), Role.SCORE),
            Circle((150, 190), 15, Style(fill="#e74c3c")),
            Text((cx, cy), "T1", 8, bold=True),
            Text((150, 230), "rotated 45", 5, angle=45),
            Text((105, 280), "Sheet 1 / side A", 4, role=Role.INFO),
        ],
        label="Side A",
        trim=(5, 5, 205, 292),
    )
    b = Page(215.9, 279.4, [Text((20, 20), "Side B", 6, anchor="start")], label="Side B")
    return Document("Sample", [a, b], duplex="long", subject="backends")


def test_same_document_gives_identical_pdf_and_svg():
    one, two = sample_document(), sample_document()
    assert pdf_bytes(one) == pdf_bytes(two)
    for p, q in zip(one.pages, two.pages, strict=True):
        assert page_svg(p, "t") == page_svg(q, "t")
    # No dates or ids that vary: the invariant timestamp is the fixed one.
    data = pdf_bytes(one)
    assert b"D:20000101000000" in data or b"CreationDate" not in data
    assert 'id="' not in page_svg(one.pages[0])


_DIGEST = """
import hashlib, sys
sys.path.insert(0, sys.argv[1])
from test_backends import sample_document
from printkit.draw.pdf import pdf_bytes
from printkit.draw.svg import page_svg
doc = sample_document()
print(hashlib.sha256(pdf_bytes(doc) + page_svg(doc.pages[0], "t").encode()).hexdigest())
"""


def test_output_is_identical_across_processes():
    """Hash-seed dependent ordering or per-process ids would show up here."""
    doc = sample_document()
    here = hashlib.sha256(pdf_bytes(doc) + page_svg(doc.pages[0], "t").encode()).hexdigest()
    tests_dir = Path(__file__).parent
    for seed in ("1", "2"):
        env = {
            **os.environ,
            "PYTHONHASHSEED": seed,
            "PYTHONPATH": os.pathsep.join([str(tests_dir.parent), *sys.path]),
        }
        out = subprocess.run(
            [sys.executable, "-c", _DIGEST, str(tests_dir)],
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
        assert out.stdout.strip() == here


def test_errors_name_the_page_and_item():
    bad = Document(
        "bad",
        [
            Page(100, 100, label="front"),
            Page(
                100,
                100,
                [
                    Polygon(((0, 0), (1, 0), (0, 1)), INK),
                    Polygon(((0, 0), (1, 0), (0, 1)), Style(fill="red")),
                ],
                label="back",
            ),
        ],
    )
    with pytest.raises(ValueError, match=r"page 2 \('back'\), item 1: colour 'red'"):
        pdf_bytes(bad)
    with pytest.raises(ValueError, match=r"item 1: colour 'red'"):
        page_svg(bad.pages[1])
    with pytest.raises(ValueError, match="no pages"):
        pdf_bytes(Document("empty", []))
    with pytest.raises(ValueError, match="trim box"):
        pdf_bytes(Document("t", [Page(100, 100, trim=(10, 10, 5, 90))]))


# -- SVG ---------------------------------------------------------------------------------


def svg_paths(svg: str) -> list[dict]:
    """Each <path>/<circle>/<text> of an SVG with its attributes and, for paths, subpaths."""
    root = ET.fromstring(svg.split("\n", 1)[1])
    out = []
    for el in root.iter():
        tag = el.tag.removeprefix(SVG_NS)
        if tag not in ("path", "circle", "text"):
            continue
        entry = {"tag": tag, **el.attrib}
        if tag == "path":
            subpaths = []
            for cmd, x, y in re.findall(r"([ML])(-?[\d.]+) (-?[\d.]+)", el.attrib["d"]):
                if cmd == "M":
                    subpaths.append([])
                subpaths[-1].append((float(x), float(y)))
            entry["subpaths"] = subpaths
            entry["closed"] = el.attrib["d"].count("Z")
        out.append(entry)
    return out


def test_svg_units_and_view_box():
    page = Page(215.9, 279.4)
    root = ET.fromstring(page_svg(page, "Letter").split("\n", 1)[1])
    assert root.attrib["width"] == "215.9mm" and root.attrib["height"] == "279.4mm"
    assert root.attrib["viewBox"] == "0 0 215.9 279.4"
    assert root.find(f"{SVG_NS}title").text == "Letter"


def test_svg_and_pdf_draw_the_same_shapes_at_the_same_places():
    doc = sample_document()
    page = doc.pages[0]
    shapes = [i for i in page.items if not isinstance(i, Text)]
    svg = [e for e in svg_paths(page_svg(page)) if e["tag"] != "text"]
    pdf = drawn_paths(read(doc).pages[0])
    assert len(svg) == len(pdf) == len(shapes)
    for item, s, p in zip(shapes, svg, pdf, strict=True):
        assert s["class"] == str(item.role)
        if isinstance(item, Circle):
            assert s["tag"] == "circle" and p.curved
            xs = [q[0] for sp in p.subpaths for q in sp]
            assert float(s["cx"]) == pytest.approx((min(xs) + max(xs)) / 2, abs=1e-3)
            assert float(s["r"]) == pytest.approx((max(xs) - min(xs)) / 2, abs=1e-3)
            continue
        assert len(s["subpaths"]) == len(p.subpaths)
        for ss, ps in zip(s["subpaths"], p.subpaths, strict=True):
            assert all(close(a, b) for a, b in zip(ss, ps, strict=True))
        assert (s["closed"] > 0) == all(p.closed)
        assert (s.get("fill-rule") == "evenodd") == bool(isinstance(item, Polygon) and item.holes)
        if p.fill is not None:
            r, g, b = (int(s["fill"][i : i + 2], 16) / 255 for i in (1, 3, 5))
            assert p.fill == pytest.approx((r, g, b), abs=1e-5)
            assert float(s.get("fill-opacity", 1)) == pytest.approx(p.fill_alpha)
        else:
            assert s["fill"] == "none"
        if p.stroke is not None:
            assert float(s["stroke-width"]) == pytest.approx(p.width, abs=1e-4)
            dash = (
                tuple(float(v) for v in s["stroke-dasharray"].split(","))
                if "stroke-dasharray" in s
                else ()
            )
            assert dash == pytest.approx(p.dash, abs=1e-4)


def test_svg_text_attributes():
    texts = [e for e in svg_paths(page_svg(sample_document().pages[0])) if e["tag"] == "text"]
    assert [e["class"] for e in texts] == ["label", "label", "info"]
    bold, turned, info = texts
    assert bold["font-weight"] == "bold" and bold["text-anchor"] == "middle"
    assert bold["font-family"] == "'Noto Sans', Helvetica, Arial, sans-serif"
    assert float(turned["y"]) - 230 == pytest.approx(MIDLINE * 5, abs=1e-4)
    assert turned["transform"] == "rotate(45 150 230)"
    assert "transform" not in info


def test_svg_numbers_have_at_most_four_decimals():
    svg = page_svg(
        Page(
            100,
            100,
            [Polyline(((1 / 3, 2 / 3), (10.5, 1e-9)), Style(stroke="#000000", width=0.123456))],
        )
    )
    assert 'd="M0.3333 0.6667 L10.5 0"' in svg
    assert 'stroke-width="0.1235"' in svg
    numbers = re.findall(r"\d+\.\d+", svg.split("<svg", 1)[1])
    assert numbers and all(len(n.split(".")[1]) <= 4 and not n.endswith("0") for n in numbers)
    assert fmt(-0.00001) == "0" and fmt(2.50) == "2.5" and fmt(-1.23456) == "-1.2346"


# -- PNG ---------------------------------------------------------------------------------


def decode(png: bytes) -> np.ndarray:
    image = cv2.imdecode(np.frombuffer(png, np.uint8), cv2.IMREAD_COLOR)
    return image[:, :, ::-1]  # BGR to RGB


@pytest.mark.parametrize("width, height, dpi", [(210, 297, 40), (100, 70, 100), (60.5, 33.3, 72)])
def test_png_pixel_size(width, height, dpi):
    image = decode(page_png(Page(width, height), dpi))
    assert image.shape[:2] == (round(height * dpi / 25.4), round(width * dpi / 25.4))
    assert png_size(Page(width, height), dpi) == (image.shape[1], image.shape[0])
    assert (image == 255).all()  # white where nothing is drawn


def test_png_fills_where_drawn():
    dpi = 100
    outer = ((10, 10), (60, 10), (60, 60), (10, 60))
    hole = ((25, 25), (45, 25), (45, 45), (25, 45))
    page = Page(
        100,
        80,
        [
            Polygon(outer, Style(fill="#ff0000"), holes=(hole,)),
            Circle((80, 60), 8, Style(fill="#0000ff")),
        ],
    )
    image = decode(page_png(page, dpi))

    def at(x_mm, y_mm):
        return tuple(int(v) for v in image[int(y_mm * dpi / 25.4), int(x_mm * dpi / 25.4)])

    assert at(15, 15) == (255, 0, 0)
    assert at(35, 35) == (255, 255, 255)  # inside the hole
    assert at(80, 60) == (0, 0, 255)
    assert at(90, 20) == (255, 255, 255)


def test_png_text_is_centred_on_its_anchor():
    """The SVG's baseline offset puts the middle of capital letters on the anchor point."""
    dpi, pos = 200, (50, 40)
    image = decode(page_png(Page(100, 80, [Text(pos, "HIH", 12)]), dpi))
    ys, xs = np.nonzero(image[:, :, 0] < 128)
    assert len(xs) > 0
    px = 25.4 / dpi
    centre = ((xs.min() + xs.max() + 1) / 2 * px, (ys.min() + ys.max() + 1) / 2 * px)
    # The packaged font: the ink's middle is on the anchor within a pixel or two.
    assert close(centre, pos, 0.15)


# -- files and metrics -------------------------------------------------------------------


def test_save_functions_write_the_same_bytes(tmp_path):
    doc = sample_document()
    assert save_pdf(doc, tmp_path / "out" / "kit.pdf").read_bytes() == pdf_bytes(doc)
    svg_path = save_svg(doc.pages[0], tmp_path / "a.svg", title="A")
    assert svg_path.read_text("utf-8") == page_svg(doc.pages[0], "A")
    assert save_png(doc.pages[1], tmp_path / "b.png", dpi=30).read_bytes() == page_png(
        doc.pages[1], 30
    )
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.svg", "b.png", "out"]


def test_text_metrics():
    w = text_width("Tripod", 4)
    assert text_width("Tripod", 8) == pytest.approx(2 * w)
    assert text_width("Tripod", 4, bold=True) > w
    assert text_width("", 4) == 0
    size = fit_size("A long label", 20, 10)
    assert text_width("A long label", size) == pytest.approx(20)
    assert fit_size("x", 20, 3) == 3
    with pytest.raises(ValueError, match="width of 0"):
        fit_size("x", 0, 3)


# -- builds ------------------------------------------------------------------------------


def test_png_text_runs_keep_the_gaps_the_layout_measured():
    """A line set in runs of two weights, each placed where the layout measured it, keeps
    the space between them at preview size: columns of paper between the last ink of
    each run and the first of the next (cairo's hinted widths once closed them:
    "score3 points")."""
    dpi, size, y = 100, 3.1, 20.0
    words = [("a quadruple score ", False), ("3 points", True), (", then ", False)]
    page, x = Page(120, 40), 10.0
    for text, bold in words:
        page.add(Text((x, y), text, size, anchor="start", bold=bold))
        x += text_width(text, size, bold=bold)
    ink = (decode(page_png(page, dpi))[:, :, 0] < 160).any(axis=0)
    px = dpi / 25.4
    x = 10.0
    for text, bold in words[:-1]:
        x += text_width(text, size, bold=bold)
        before = ink[: int(x * px)].nonzero()[0].max()  # the run's last ink
        after = ink[int(x * px) :].nonzero()[0].min() + int(x * px)  # the next run's first
        assert after - before >= 3, (text, before, after)


def _build_bytes(out: Path, formats: tuple[str, ...]) -> dict[str, bytes]:
    build_kits([find_kit("tripod")], load_layout(None, {}), out, formats)
    return {str(p.relative_to(out)): p.read_bytes() for p in sorted(out.rglob("*.*"))}


def test_build_previews_are_the_same_run_to_run_and_cut_plans_are_made_once(tmp_path, monkeypatch):
    cutfile._plan.cache_clear()
    first = _build_bytes(tmp_path / "a", ("png", "cut"))
    # one plan per sheet with cut lines, shared by the footer's cutting note, the manifest,
    # the SVG and the DXF
    cut_sheets = [name for name in first if name.endswith("-cut.svg")]
    fronts = [s.front for s in find_kit("tripod").build(load_layout(None, {}))]
    distinct = {cutfile.plan_key(p) for p in fronts if cutfile.plan_key(p)[2]}
    assert len(cut_sheets) == 3 and len(distinct) == 2  # both board halves: the same cuts
    info = cutfile._plan.cache_info()
    assert info.misses == len(distinct)
    assert info.hits >= 3 * len(cut_sheets) - len(distinct)
    pngs = [name for name in first if name.endswith(".png")]
    assert len(pngs) == 5
    second = _build_bytes(tmp_path / "b", ("png", "cut"))
    assert second == first
    for name in pngs:  # each a PNG of its page's size
        image = cv2.imdecode(np.frombuffer(first[name], np.uint8), cv2.IMREAD_UNCHANGED)
        assert image is not None and image.shape[0] > image.shape[1] > 500


def test_build_without_worker_processes_writes_the_same_files(tmp_path, monkeypatch):
    pooled = _build_bytes(tmp_path / "a", ("pdf", "svg", "png", "cut"))
    monkeypatch.setattr(build, "_worker_pools", lambda jobs: [])
    here = _build_bytes(tmp_path / "b", ("pdf", "svg", "png", "cut"))
    assert here.keys() == pooled.keys()
    for name, data in here.items():
        assert data == pooled[name], name
