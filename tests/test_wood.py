"""The wooden Tripitz: laser jobs whose cut files hold the cavities, tokens and engraving."""

from __future__ import annotations

import itertools
import math
import xml.etree.ElementTree as ET

from conftest import layout_for

from printkit.draw.cutfile import cut_paths, cut_svg
from printkit.draw.model import Circle, Role, Text
from printkit.games.tripitz.wood import WALL, wood_sheets
from printkit.kits import KITS, default_kits

SVG = "{http://www.w3.org/2000/svg}"


def _sheets():
    return {s.stem: s for s in wood_sheets(layout_for())}


def test_top_layer_cuts_102_separate_cavities_inside_the_outline():
    top = _sheets()["wood-board-top"].front
    plan = cut_paths(top)
    holes = [c for c in plan.paths if hasattr(c, "radius")]
    assert len(holes) == 102
    for a, b in itertools.combinations(holes, 2):
        gap = math.dist(a.centre, b.centre) - a.radius - b.radius
        assert gap >= WALL - 1e-6
    # Holes are cut before the outline that contains them.
    assert not hasattr(plan.paths[-1], "radius") and plan.paths[-1].closed


def test_base_layer_engraves_every_number_once():
    base = _sheets()["wood-board-base"].front
    numbers = sorted(
        int(i.text)
        for i in base.items
        if isinstance(i, Text) and i.role == Role.LABEL and i.text.isdigit()
    )
    assert numbers == list(range(1, 103))
    rings = [i for i in base.items if isinstance(i, Circle) and i.role == Role.LABEL]
    assert len(rings) == 102 + 4  # a ring per cavity and the 4 centre dots


def test_tokens_are_cut_with_engraved_symbols():
    page = _sheets()["wood-tokens"].front
    svg = ET.fromstring(cut_svg(page))
    layers = {g.get("id"): g for g in svg.iter(f"{SVG}g")}
    cut = [e for e in layers["cut"].iter() if e.tag in (f"{SVG}circle", f"{SVG}path")]
    assert len(cut) == 68
    engraved = [
        e
        for e in layers["engrave"].iter()
        if e.tag in (f"{SVG}path", f"{SVG}polygon", f"{SVG}circle")
    ]
    assert len(engraved) == 64  # one symbol per pid; jokers are blank
    codes = [e for e in layers["engrave"].iter() if e.tag == f"{SVG}text"]
    assert len(codes) == 64  # a code per pid; the jokers are plain tokens
    assert not any("JJ" in "".join(e.itertext()) for e in codes)


def test_wooden_set_is_an_option_not_a_default():
    assert "tripitz-wood" in KITS
    assert KITS["tripitz-wood"] not in default_kits()
