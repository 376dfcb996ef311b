"""The typeface is printkit's own and travels with every file: every font of every PDF is
embedded (a print shop's first check), PNG text is set in it, and its licence ships."""

from __future__ import annotations

import io

import pytest
from fontTools.ttLib import TTFont
from pdfread import text_runs
from pypdf import PdfReader

import printkit
from printkit.draw.model import Page, Text
from printkit.draw.png import page_png
from printkit.draw.svg import page_svg
from printkit.draw.text import FAMILY, FONT_DIR, text_width
from printkit.kits import KITS

REGULAR = TTFont(str(FONT_DIR / "NotoSans-Regular.ttf")).getBestCmap()
BOLD = TTFont(str(FONT_DIR / "NotoSans-Bold.ttf")).getBestCmap()

BUILDS = {
    "a4": {},
    "letter": {"paper__size": "letter"},
    "es": {"print__lang": "es"},
}


def _fonts(pdf: bytes) -> dict[str, bool]:
    """Every font a PDF's pages use → whether its program is embedded."""
    found = {}
    for page in PdfReader(io.BytesIO(pdf)).pages:
        fonts = page.get("/Resources", {}).get_object().get("/Font", {})
        for ref in fonts.get_object().values():
            font = ref.get_object()
            descriptor = font.get("/FontDescriptor")
            embedded = descriptor is not None and any(
                key in descriptor.get_object() for key in ("/FontFile", "/FontFile2", "/FontFile3")
            )
            found[str(font["/BaseFont"])] = embedded
    return found


@pytest.mark.parametrize("build", BUILDS)
def test_every_font_of_every_pdf_is_embedded(build):
    layout = printkit.load_layout(**BUILDS[build])
    pdfs = 0
    for kit in KITS:
        if not KITS[kit].default:
            continue
        files = printkit.build_kit(kit, layout, formats=("pdf",))
        for name, data in files.items():
            if not name.endswith(".pdf"):
                continue
            fonts = _fonts(data)
            assert fonts, f"{kit}/{name} uses no font"
            assert all(fonts.values()), f"{kit}/{name}: not embedded: {fonts}"
            assert all(f.split("+")[-1].startswith("NotoSans") for f in fonts), fonts
            if build == "es":  # every character printed has a glyph (no .notdef boxes)
                for page in PdfReader(io.BytesIO(data)).pages:
                    for run in text_runs(page):
                        glyphs = BOLD if run.font.endswith("Bold") else REGULAR
                        assert all(ord(ch) in glyphs for ch in run.text), (name, run.text)
            pdfs += 1
    assert pdfs >= 40


def test_the_licence_and_the_font_files_ship_with_the_package():
    names = {p.name for p in FONT_DIR.iterdir()}
    assert {"NotoSans-Regular.ttf", "NotoSans-Bold.ttf", "OFL.txt", "README.md"} <= names
    assert "SIL OPEN FONT LICENSE Version 1.1" in (FONT_DIR / "OFL.txt").read_text()


@pytest.mark.parametrize("name", ["NotoSans-Regular.ttf", "NotoSans-Bold.ttf"])
def test_the_fonts_have_a_minus_sign_as_wide_as_the_plus_sign(name):
    font = TTFont(FONT_DIR / name)
    cmap = font.getBestCmap()
    minus, plus = cmap[0x2212], cmap[ord("+")]
    assert font["hmtx"][minus] == font["hmtx"][plus]
    glyf = font["glyf"]
    assert glyf[minus].yMin > glyf[plus].yMin and glyf[minus].yMax < glyf[plus].yMax
    assert (glyf[minus].xMin, glyf[minus].xMax) == (glyf[plus].xMin, glyf[plus].xMax)


def test_svg_names_the_family_and_png_text_has_the_measured_width():
    """A line of text as wide as the metrics say in the PNG too (the packaged font, not a
    fallback of another width): measured from the inked pixels at 300 dpi."""
    import cv2
    import numpy as np

    text = "Año ¿Qué? 0123456789 WWWW"
    size = 6.0
    page = Page(150, 20)
    page.add(Text((5, 10), text, size, anchor="start"))
    assert FAMILY in page_svg(page)
    image = cv2.imdecode(np.frombuffer(page_png(page, 300), np.uint8), cv2.IMREAD_GRAYSCALE)
    columns = np.where((image < 128).any(axis=0))[0]
    inked = (columns[-1] - columns[0] + 1) * 25.4 / 300
    expected = text_width(text, size)
    # Within 1 % (side bearings, pixel rounding); the system's fallback sans-serif sets
    # this line about 9 % wider.
    assert abs(inked - expected) < 0.01 * expected


def test_svg_embeds_the_typeface_with_every_character_of_the_page():
    """The SVG carries a subset of the font for each weight it uses, holding every character
    of its text (read back with fontTools from the base64 in the @font-face rule)."""
    import base64
    import io
    import re

    page = Page(150, 40)
    page.add(Text((5, 10), "Año ¿Qué? –5 × 3 · €", 5, anchor="start"))
    page.add(Text((5, 30), "Ñandú ŒŁ", 5, anchor="start", bold=True))
    svg = page_svg(page)
    faces = re.findall(r"font-weight:(\d+);src:url\(data:font/ttf;base64,([A-Za-z0-9+/=]+)\)", svg)
    assert [w for w, _ in faces] == ["400", "700"]
    for (_, data), text in zip(faces, ("Año ¿Qué? –5 × 3 · €", "Ñandú ŒŁ"), strict=True):
        font = TTFont(io.BytesIO(base64.b64decode(data)))
        cmap = font.getBestCmap()
        assert all(ord(ch) in cmap for ch in text if ch != " ")
        assert len(base64.b64decode(data)) < 60_000  # a subset, not the 500 kB font


def test_svg_font_sets_text_at_the_widths_the_layout_measured():
    """The embedded subset has no kerning or ligature tables a viewer would apply on top of
    the advances, and its advances add up to the width the layout measured (as the PDF
    sets the text): kerned pairs like "AV" and "To" included."""
    import base64
    import re

    text = "AVATAR Tower, WAVE: fi ff To"
    size = 5.0
    page = Page(150, 20)
    page.add(Text((5, 10), text, size, anchor="start"))
    data = re.search(r"base64,([A-Za-z0-9+/=]+)\)", page_svg(page)).group(1)
    font = TTFont(io.BytesIO(base64.b64decode(data)))
    assert not {"GPOS", "GSUB", "kern"} & set(font.keys())
    cmap, advances = font.getBestCmap(), font["hmtx"]
    width = sum(advances[cmap[ord(ch)]][0] for ch in text) * size / font["head"].unitsPerEm
    assert width == pytest.approx(text_width(text, size), rel=1e-9)
