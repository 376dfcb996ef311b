"""Colour arithmetic: WCAG luminance and contrast, CIELAB, the ink chosen for text."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from printkit.draw.colour import BLACK, WHITE, contrast_ratio, delta_e, ink_on, lab
from printkit.draw.model import rgb
from printkit.layout.config import load_layout
from printkit.vision.colour import (
    from_lab,
    group_spreads,
    lab_prepared_beside,
    lightness,
    prepare_lab,
    spreads_between,
    to_lab,
)


def test_contrast_is_21_for_black_on_white_and_1_for_equal_colours():
    assert contrast_ratio(BLACK, WHITE) == pytest.approx(21.0)
    assert contrast_ratio("#777777", "#777777") == pytest.approx(1.0)


def test_lab_of_white_black_and_the_d65_primaries():
    assert lab(WHITE) == pytest.approx((100.0, 0.0, 0.0), abs=0.02)
    assert lab(BLACK) == pytest.approx((0.0, 0.0, 0.0), abs=0.01)
    # sRGB red under D65 (CIE 1976): L* 53.24, a* 80.09, b* 67.20
    assert lab("#ff0000") == pytest.approx((53.24, 80.09, 67.20), abs=0.05)
    assert delta_e("#ff0000", "#ff0000") == 0.0


def test_the_photo_readers_lab_agrees_with_the_printed_colours_lab():
    """The reader converts pixels with OpenCV, the kits convert ink colours exactly: on every
    colour of the default layout, and a grid of others, they agree within 0.5 ΔE."""
    colours = list(load_layout().data["colours"].values())
    grid = itertools.product((0, 60, 128, 200, 255), repeat=3)
    colours += ["#{:02x}{:02x}{:02x}".format(*c) for c in grid]
    seen = to_lab(np.array([rgb(c) for c in colours]))
    for colour, got in zip(colours, seen, strict=True):
        assert np.linalg.norm(got - np.array(lab(colour))) < 0.5, colour


def test_no_colours_convert_to_no_colours_in_either_direction():
    """A window holding no pixels (no token seen) converts to an empty array of its shape,
    not an OpenCV assertion that would refuse the photo."""
    for shape in ((0, 3), (0, 12, 3), (4, 0, 3)):
        assert to_lab(np.zeros(shape)).shape == shape
        assert to_lab(np.zeros(shape), dtype=np.float32).dtype == np.float32
        assert from_lab(np.zeros(shape)).shape == shape


def test_quick_lightness_stays_within_0_6_of_cielab():
    """``lightness`` (OpenCV's 8-bit tables) against the exact L* of the kits' own colour
    code, on every 8-bit grey and on random colours; values past 0..1 are clipped."""
    greys = [f"#{v:02x}{v:02x}{v:02x}" for v in range(256)]
    rng = np.random.default_rng(1)
    others = ["#{:02x}{:02x}{:02x}".format(*c) for c in rng.integers(0, 256, (300, 3))]
    colours = greys + others
    seen = lightness(np.array([rgb(c) for c in colours]))
    exact = np.array([lab(c)[0] for c in colours])
    assert np.abs(seen - exact).max() < 0.6
    assert lightness(np.array([[1.5, 1.5, 1.5], [-0.2, 0.0, 0.0]])) == pytest.approx([100, 0])


@pytest.mark.parametrize(
    "fill,ink",
    [
        ("#f2c40f", BLACK),
        ("#2364c8", WHITE),
        ("#d62828", WHITE),
        ("#2e9e4f", BLACK),
        ("#ffffff", BLACK),
        ("#111111", WHITE),
    ],
)
def test_text_ink_is_the_more_contrasting_of_black_and_white(fill, ink):
    assert ink_on(fill) == ink
    other = WHITE if ink == BLACK else BLACK
    assert contrast_ratio(ink, fill) >= contrast_ratio(other, fill)


def test_lab_tables_built_beside_a_reader_give_the_same_colours():
    colours = np.random.default_rng(3).random((500, 3))
    prepare_lab()  # a second call starts nothing new; conversions wait for the first
    assert prepare_lab() is prepare_lab()
    lab = to_lab(colours)
    assert np.allclose(lab, [to_lab(c) for c in colours], atol=1e-4)


def test_a_reader_leaving_on_an_error_waits_for_the_lab_tables():
    """A process must not exit while OpenCV builds its tables on another thread (it aborts):
    the block that starts them waits for them, however it is left."""
    prepare_lab.cache_clear()
    with pytest.raises(RuntimeError), lab_prepared_beside():
        raise RuntimeError("unknown game")
    assert not prepare_lab().is_alive()


def test_spreads_between_measures_noise_along_the_line_between_two_classes():
    """Noise mostly along b* (a phone's chroma smear) scatters paper towards yellow by its
    full size along the paper-yellow line, and hardly at all towards a class on the
    lightness axis; a class of too few cells takes the widest spread along the same line.
    The spread over all directions (``group_spreads``) sees about half of it."""
    rng = np.random.default_rng(7)
    paper = np.array([100.0, 0.0, 0.0]) + rng.normal(0, 1, (400, 3)) * [0.5, 0.5, 12.0]
    refs = np.array([[100.0, 0.0, 0.0], [80.0, 0.0, 80.0], [20.0, 0.0, 0.0]])
    lab = np.vstack([paper, [[80.0, 0.0, 80.0]] * 3])
    groups = np.array([0] * 400 + [1] * 3)
    spreads = spreads_between(lab, groups, refs, {(0, 1), (0, 2), (1, 0)})
    assert 10.0 <= spreads[0, 1] <= 13.0  # paper towards yellow: nearly along b*
    assert spreads[0, 2] <= 1.0  # paper towards black: along L*, floored at MIN_SPREAD
    assert spreads[1, 0] == spreads[0, 1]  # too few yellow cells: paper's, on that line
    whole, _ = group_spreads(lab[:400], [0] * 400)
    assert whole[0] < 0.6 * spreads[0, 1]
