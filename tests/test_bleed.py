"""Bleed past cut lines, paint order, TrimBox/BleedBox and CMYK output."""

from __future__ import annotations

import math

import pytest
from conftest import layout_for, read_pages
from pdfread import drawn_paths, page_box_mm
from pypdf import PdfReader
from shapely.geometry import Point as ShapelyPoint
from shapely.geometry import Polygon as ShapelyPolygon
from shapely.ops import unary_union

from printkit.draw.bleed import bleed_polygon
from printkit.draw.model import Document, Page, Polygon, Role, Style
from printkit.draw.pdf import pdf_bytes
from printkit.kits import KITS

RED = (0xD6 / 255, 0x28 / 255, 0x28 / 255)


def _is_red(rgb) -> bool:
    return rgb is not None and all(abs(a - b) < 0.01 for a, b in zip(rgb, RED, strict=True))


def test_bleed_grows_every_edge_by_the_bleed():
    h = 10 * math.sqrt(3)
    face = Polygon(
        ((0, 0), (20, 0), (20, 20), (10, 20 - h + 20), (0, 20)),
        Style(fill="#d62828"),
        holes=(((8, 5), (12, 5), (12, 9), (8, 9)),),
    )
    grown = bleed_polygon(face, 1.0)
    assert grown is not None and grown.role == Role.BLEED
    outer = ShapelyPolygon(grown.points, grown.holes)
    inner = ShapelyPolygon(face.points, face.holes)
    assert outer.contains(inner)
    rings = [face.points, *face.holes]
    for ring in rings:
        for a, b in zip(ring, ring[1:] + ring[:1], strict=True):
            mid = ShapelyPoint((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
            assert abs(outer.boundary.distance(mid) - 1.0) < 1e-9
    assert bleed_polygon(face, 0.0) is None
    assert bleed_polygon(Polygon(face.points, Style(stroke="#000000")), 1.0) is None


def _piece_sheet(**overrides):
    layout = layout_for(**overrides)
    return next(s for s in KITS["tripakus"].build(layout) if s.stem == "pieces-red")


@pytest.mark.parametrize("gap", [0.0, 3.0])
def test_bleeds_are_painted_first_and_cover_no_other_face(gap):
    sheet = _piece_sheet(tripakus__gap=gap)
    reader = read_pages(sheet.pages)
    for page in reader.pages:
        red = [p for p in drawn_paths(page) if _is_red(p.fill)]
        assert len(red) == 44
        faces = [ShapelyPolygon(p.subpaths[0]) for p in red[22:]]
        bleeds = [ShapelyPolygon(p.subpaths[0]) for p in red[:22]]
        all_faces = unary_union(faces)
        # Paint order: first the 22 bleeds, each holding exactly its own face, then the faces.
        for bleed in bleeds:
            (own,) = [f for f in faces if bleed.contains(f)]
            others = [f for f in faces if f is not own]
            if gap > 0:  # separated pieces: no bleed even reaches another face
                assert all(bleed.intersection(f).area < 1e-6 for f in others)
            # What shows of a bleed (faces are painted over it) stays within 1 mm of its own.
            shown = bleed.difference(all_faces)
            reach = own.buffer(1.01, join_style="mitre", mitre_limit=4)
            assert shown.difference(reach).area < 1e-4
        # A cut missed by up to 1 mm anywhere shows colour, not white paper.
        painted = unary_union(bleeds + faces)
        assert painted.contains(all_faces.buffer(0.99, join_style="mitre", mitre_limit=4))


def test_outline_ink_has_no_bleed():
    sheet = _piece_sheet(print__ink="outline")
    assert not [i for p in sheet.pages for i in p.items if i.role == Role.BLEED]


def test_trim_and_bleed_boxes_follow_the_cut_lines():
    sheet = _piece_sheet(print__bleed=2.0)
    reader = read_pages(sheet.pages)
    cuts = [pt for i in sheet.front.items if i.role == Role.CUT for pt in i.all_points()]
    x0, y0 = min(p[0] for p in cuts), min(p[1] for p in cuts)
    x1, y1 = max(p[0] for p in cuts), max(p[1] for p in cuts)
    trim = page_box_mm(reader.pages[0], "/TrimBox")
    bleed = page_box_mm(reader.pages[0], "/BleedBox")
    assert all(abs(a - b) < 0.01 for a, b in zip(trim, (x0, y0, x1, y1), strict=True))
    assert all(
        abs(a - b) < 0.01 for a, b in zip(bleed, (x0 - 2, y0 - 2, x1 + 2, y1 + 2), strict=True)
    )


def test_cmyk_output_writes_no_rgb_colour():
    page = Page(
        50, 50, [Polygon(((5, 5), (45, 5), (25, 40)), Style(fill="#d62828", stroke="#2364c8"))]
    )
    rgb_pdf = _content_stream(pdf_bytes(Document("rgb", [page])))
    cmyk_pdf = _content_stream(pdf_bytes(Document("cmyk", [page], cmyk=True)))
    assert " rg" in rgb_pdf and " k" not in rgb_pdf
    assert " k" in cmyk_pdf and " K" in cmyk_pdf and " rg" not in cmyk_pdf
    # Red #d62828 → C 0, M 0.8131, Y 0.8131, K 0.1608.
    assert "0 .8131 .8131 .1608 k" in cmyk_pdf


def _content_stream(data: bytes) -> str:
    """The first page's content stream as text."""
    import io

    page = PdfReader(io.BytesIO(data)).pages[0]
    return page.get_contents().get_data().decode("latin-1")
