"""Camera shake: told from other blur by its direction, and named when a photo is refused."""

from __future__ import annotations

import itertools
from functools import cache

import cv2
import numpy as np
import pytest
from conftest import (
    corners_shaped_by_the_rough_fit,
    printed_before_the_second_strip,
    without_steadied,
)

from printkit.errors import PhotoError
from printkit.layout.config import load_layout
from printkit.vision import shake
from printkit.vision.photoshoot import shoot
from printkit.vision.photoshoot.sensor import motion_kernel
from printkit.vision.read import read_encoded, read_image
from printkit.vision.synth import score_reading


@cache
def _photo(game: str, seed: int, condition: str):
    """Photo ``seed``, its scene pinned on the sheet as printed before its second strip."""
    with pytest.MonkeyPatch.context() as monkeypatch:
        printed_before_the_second_strip(monkeypatch, game)
        return shoot(game, load_layout(), seed, condition)


def _jpeg(image, quality: int = 92) -> bytes:
    ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, quality])
    assert ok
    return data.tobytes()


def test_a_sharp_photo_is_not_shaken_and_a_dragged_copy_is():
    """A straight-on photo's edges are narrow every way; dragged 12 px (6 px at
    ``SCALE``) one way, the edges facing that way widen and the others do not."""
    image = _photo("tripakus", 300000, "ordinary").image
    sharp = shake.smear(image)
    assert sharp is not None and not sharp.shaken
    assert sharp.widest < shake.SHAKEN
    dragged = shake.smear(cv2.filter2D(image, -1, motion_kernel(12.0, 30.0)))
    assert dragged is not None and dragged.shaken
    assert dragged.widest >= sharp.widest + 2.0
    assert dragged.narrowest < shake.SHAKEN


def test_blur_every_way_is_not_shake():
    """A lens out of focus widens every edge alike: not one way, so not shake."""
    image = _photo("tripakus", 300000, "ordinary").image
    soft = shake.smear(cv2.GaussianBlur(image, (0, 0), 4.0))
    assert soft is not None and soft.widest >= shake.SHAKEN
    assert not soft.shaken


@pytest.mark.parametrize(
    ("game", "seed", "condition"),
    [("tripakus", 305000, "steep"), ("tripitz", 302000, "lowlight")],
)
def test_steep_or_dim_photos_are_not_shaken(game, seed, condition):
    """Perspective squeezes the board but leaves its edges sharp; dim light's denoising
    softens every way."""
    found = shake.smear(_photo(game, seed, condition).image)
    assert found is not None and not found.shaken


def test_a_refused_shaken_photo_says_it_is_shaken(monkeypatch):
    """A shaken photo whose markers cannot be found (second family), neither by the
    detector nor by their pattern, nor with the shake undone (blinded here): the refusal
    names the shake first, then what failed, instead of advising to uncover markers."""
    without_steadied(monkeypatch)
    photo = _photo("tripakus", 307164, "motion")
    with pytest.raises(PhotoError) as refused:
        read_encoded(_jpeg(photo.image), "tripakus", load_layout())
    message = str(refused.value)
    assert message.startswith("the photo is smeared by camera shake")
    assert "what failed: no printkit markers found" in message
    assert "\n" not in message


def test_undoing_a_drag_shows_the_markers_again():
    """A straight-on Trigon photo dragged 24 px one way: the detector finds none of its
    six markers, and with the drag divided out (``steadied``, the way the edges widest
    face or one of the next ways) it finds most of them, each where a marker of its id
    lies in the photo as taken.  A sharp photo is not steadied at all."""
    from printkit.vision.markers import detect_markers

    image = _photo("trigon", 300001, "ordinary").image
    sharp = detect_markers(image)
    assert len(sharp) == 6
    assert list(shake.steadied(image)) == []
    dragged = cv2.filter2D(image, -1, motion_kernel(24.0, 100.0))
    assert detect_markers(dragged) == []
    nearest_ways = itertools.islice(shake.steadied(dragged), 3)
    best = max((detect_markers(steady) for steady in nearest_ways), key=len)
    assert len(best) >= 4
    for found in best:
        assert min(np.linalg.norm(found.centre - d.centre) for d in sharp if d.id == found.id) < 3


def test_a_shaken_photo_whose_markers_show_only_with_the_shake_undone_reads():
    """Second family, the shaken TriPakus photo above: with the drag divided out, its
    markers show and place the board, and every cell of the smeared photo reads right and
    sure; the refusal it met before is kept for a reading too doubtful to trust."""
    photo = _photo("tripakus", 307164, "motion")
    reading = read_encoded(_jpeg(photo.image), "tripakus", load_layout())
    score = score_reading(reading, photo)
    assert score.wrong == () and score.uncertain == ()


def test_a_rough_fit_of_a_shaken_photo_gives_way_to_the_steadied_markers(monkeypatch):
    """Second family, a shaken Trigon photo saved at JPEG quality 95: the detector and the
    pattern search find two of its four markers, whose rough fit puts the board about
    12 mm off, and the photo was refused for colours that could not be corrected (its
    strip sampled beside it).  With the shake undone, all four markers show and place the
    board surely: every cell reads right, a few of 486 uncertain.  (The found markers'
    corners from the rough fit: ``corners_shaped_by_the_rough_fit``.  The detector's
    markers are sought in grey alone, ``markers.FEW_FOUND`` 0: one shows there, and a
    second on the photo's brightest channel, from which the pattern search finds the
    others, and the photo reads right even without the shake undone.)"""
    from printkit.vision import markers

    corners_shaped_by_the_rough_fit(monkeypatch)
    without_steadied(monkeypatch)
    photo = _photo("trigon", 307027, "motion")
    brightest = read_encoded(_jpeg(photo.image, 95), "trigon", load_layout())
    assert score_reading(brightest, photo).wrong == ()
    monkeypatch.undo()
    corners_shaped_by_the_rough_fit(monkeypatch)
    monkeypatch.setattr(markers, "FEW_FOUND", 0)
    reading = read_encoded(_jpeg(photo.image, 95), "trigon", load_layout())
    assert len(reading.markers) == 4
    score = score_reading(reading, photo)
    assert score.wrong == () and len(score.uncertain) <= 5
    without_steadied(monkeypatch)
    with pytest.raises(PhotoError, match="colours could not be corrected"):
        read_encoded(_jpeg(photo.image, 95), "trigon", load_layout())


def test_three_markers_whose_smeared_corners_stray_place_the_board_only_roughly(monkeypatch):
    """Second family, a shaken TriPakus photo (307482): the detector finds two markers and
    the pattern search a third; the fourth, smeared, shows to neither.  Three corners of
    one detected marker lie 6-11 px off the three markers' fit and the fourth on it, the
    fit bent through it: counting only the markers with ``MARKER_KEPT`` corners on the
    fit, the cells far from them are in doubt by more than their own width, the fit is
    only rough (``_placement_doubt``), and with the shake undone all four markers show and
    every cell reads right and sure.  Counting that lone corner, or trusting the three
    markers' fit whatever, the board's far side lies 10 mm off and cells there read
    surely wrong, but for the misplaced cells ringing them (``ringed``), which hold
    them in doubt too.  (The third marker's corners from the rough fit,
    ``corners_shaped_by_the_rough_fit``, place the board 18-49 mm off: rough as well.)"""
    from printkit.vision import read as read_module

    photo = _photo("tripakus", 307482, "motion")
    reading = read_encoded(_jpeg(photo.image), "tripakus", load_layout())
    assert len(reading.markers) == 4
    score = score_reading(reading, photo)
    assert score.wrong == () and score.uncertain == ()
    monkeypatch.setattr(read_module, "MARKER_KEPT", 1)
    lone = read_encoded(_jpeg(photo.image), "tripakus", load_layout())
    assert len(lone.markers) == 3 and score_reading(lone, photo).silent == ()
    monkeypatch.setattr(read_module, "ringed", lambda model, cells: cells)
    lone = read_encoded(_jpeg(photo.image), "tripakus", load_layout())
    assert len(lone.markers) == 3 and len(score_reading(lone, photo).silent) >= 2
    monkeypatch.setattr(read_module, "MARKER_KEPT", 2)
    monkeypatch.setattr(read_module, "_placement_doubt", lambda model, h, pairs: 0.0)
    trusted = read_encoded(_jpeg(photo.image), "tripakus", load_layout())
    assert len(trusted.markers) == 3 and len(score_reading(trusted, photo).silent) >= 2
    monkeypatch.undo()
    corners_shaped_by_the_rough_fit(monkeypatch)
    shaped = read_encoded(_jpeg(photo.image), "tripakus", load_layout())
    assert len(shaped.markers) == 4 and score_reading(shaped, photo).wrong == ()


def test_a_board_placed_with_the_shake_undone_but_read_doubtfully_is_refused(monkeypatch):
    """A board whose markers showed only with the shake undone, read with more than
    ``STEADIED_DOUBT`` of its cells uncertain, is refused with the refusal the photo met,
    the shake named first, and how many cells stayed in doubt (Triominoes motion 307029
    reads 6 of its 44 cells uncertain: refused here with the share lowered below that)."""
    from printkit.vision import read as read_module

    photo = _photo("triominoes", 307029, "motion")
    reading = read_encoded(_jpeg(photo.image), "triominoes", load_layout())
    score = score_reading(reading, photo)
    assert score.silent == () and 0 < len(reading.uncertain) <= 0.25 * len(reading.cells)
    monkeypatch.setattr(read_module, "STEADIED_DOUBT", 0.05)
    with pytest.raises(PhotoError) as refused:
        read_encoded(_jpeg(photo.image), "triominoes", load_layout())
    message = str(refused.value)
    assert message.startswith("the photo is smeared by camera shake")
    assert "what failed: found 1 of the board's" in message
    assert message.endswith(
        f"with the shake undone the markers show, but {len(reading.uncertain)} of the "
        f"{len(reading.cells)} cells read uncertain"
    )


def test_a_shaken_photo_whose_missed_markers_show_their_pattern_reads(monkeypatch):
    """Second family, a shaken Tripitz photo: the detector finds two of the four markers,
    the others are found by their pattern, and every cell reads right.  Without the
    pattern search the two markers place the board only roughly: the photo is refused,
    or read with the cells its lines do not confirm uncertain (a fifth or more of them),
    none silently wrong."""
    from printkit.vision import read as read_module

    photo = _photo("tripitz", 307002, "motion")
    reading = read_encoded(_jpeg(photo.image), "tripitz", load_layout())
    assert score_reading(reading, photo).wrong == ()
    assert len(reading.markers) == 4
    monkeypatch.setattr(read_module, "look_for", lambda *args: None)
    without_steadied(monkeypatch)  # a later resort
    try:
        rough = read_encoded(_jpeg(photo.image), "tripitz", load_layout())
    except PhotoError:
        return
    score = score_reading(rough, photo)
    assert len(rough.markers) == 2
    assert score.silent == () and len(score.uncertain) >= len(rough.cells) // 5


def test_a_fit_through_smeared_corners_is_read_beside_ransac_s(monkeypatch):
    """Second family, a shaken TriPakus sheet read at full size: the detector finds one
    marker, the pattern search the other three, their corners 4-15 px off where the
    camera put them.  RANSAC keeps three markers and puts the board's middle far off;
    every corner lies within a few px of the fit through all sixteen, which places the
    cells within a few px.  Read under both, the second reads surely: the markers and
    the cells prefer it alike, and it is kept whole, every cell right and sure.  Were the
    markers' preference not heard, the cells RANSAC's fit read surely otherwise would be
    uncertain; under RANSAC's fit alone, 34 cells were silently wrong.  (The found markers'
    corners from the rough fit: ``corners_shaped_by_the_rough_fit``.)"""
    from printkit.vision import read as read_module

    corners_shaped_by_the_rough_fit(monkeypatch)
    photo = _photo("tripakus", 307211, "motion")
    reading = read_image(photo.image, "tripakus", load_layout())
    assert len(reading.markers) == 4
    score = score_reading(reading, photo)
    assert score.wrong == () and score.uncertain == ()
    _, centres, _ = read_module._cell_centres(reading.model)
    truth = read_module._project(photo.board_to_photo, centres)
    off = np.linalg.norm(read_module._project(reading.homography, centres) - truth, axis=1)
    assert float(np.median(off)) < 10.0
    better_fit = read_module._better_fit
    monkeypatch.setattr(
        read_module, "_better_fit", lambda reading, again, **_: better_fit(reading, again)
    )
    disputed = score_reading(read_image(photo.image, "tripakus", load_layout()), photo)
    assert disputed.silent == () and len(disputed.uncertain) >= 10
    monkeypatch.setattr(read_module, "_every_corner_fit", lambda *args: None)
    blind = read_image(photo.image, "tripakus", load_layout())
    assert len(score_reading(blind, photo).silent) >= 10


def test_a_shaken_photo_whose_two_marker_fits_disagree_is_read_under_the_better(monkeypatch):
    """Second family, a shaken Trigon photo read from its file: the board is too small in
    the frame to be read at half size, so the markers found there are refined on the full
    photo, where their corners all lie 4-8 px off, and the fit kept through most of them
    puts the board's middle 6 mm from where the half-size fit put it.  Read under both,
    the half-size fit's reading has far fewer uncertain cells and is kept, with the cells
    the other read surely otherwise uncertain: no cell silently wrong.  Read under the full
    photo's fit alone, 25 cells were, with no check of patches ringed by misplaced cells
    (``ringed``), which catches some.  (The found markers' corners from the rough fit:
    ``corners_shaped_by_the_rough_fit``.)"""
    from printkit.vision import read as read_module

    corners_shaped_by_the_rough_fit(monkeypatch)
    photo = _photo("trigon", 307312, "motion")
    reading = read_encoded(_jpeg(photo.image), "trigon", load_layout())
    score = score_reading(reading, photo)
    assert score.silent == () and len(score.uncertain) <= 40
    monkeypatch.setattr(read_module, "FITS_APART", 1000.0)
    monkeypatch.setattr(read_module, "ringed", lambda model, cells: cells)
    blind = read_encoded(_jpeg(photo.image), "trigon", load_layout())
    assert len(score_reading(blind, photo).silent) >= 10


def test_a_refusal_without_shake_is_left_alone():
    """A photo refused for a reflection over its paper (second family, glare) is not
    blamed on shake."""
    photo = _photo("trigon", 301001, "glare")
    with pytest.raises(PhotoError) as refused:
        read_encoded(_jpeg(photo.image), "trigon", load_layout())
    assert "shake" not in str(refused.value)
    assert "could not be corrected" in str(refused.value)


def test_a_shaken_photo_read_with_uncertain_cells_says_it_is_shaken(tmp_path):
    """A shaken Tripod photo that reads, but with uncertain cells: `printkit read` names
    the shake and asks for the photo again.  A sharp photo with uncertain cells (a hand
    over the board) is not told so."""
    from typer.testing import CliRunner

    from printkit.cli import app

    shaken = tmp_path / "shaken.jpg"
    shaken.write_bytes(_jpeg(_photo("tripod", 307061, "motion").image))
    hand = tmp_path / "hand.jpg"
    hand.write_bytes(_jpeg(_photo("tripod", 303013, "hands").image))
    lines = {}
    for path in (shaken, hand):
        run = CliRunner().invoke(app, ["read", str(path), "--game", "tripod", "--no-check"])
        assert run.exit_code == 0, run.output
        assert " 0 uncertain" not in run.output  # both read with cells in doubt
        lines[path] = [line for line in run.output.splitlines() if "camera shake" in line]
    assert len(lines[shaken]) == 1 and lines[shaken][0].endswith("and take it again")
    assert lines[shaken][0].strip().startswith(f"{shaken}: the photo is smeared by camera shake")
    assert lines[hand] == []


@pytest.mark.parametrize("q", [99.0, 99.9, 50.0, 100.0])
def test_upper_percentile_is_numpy_s_percentile(q):
    rng = np.random.default_rng(int(q * 10))
    for values in (
        rng.gamma(2.0, 30.0, (300, 400)).astype(np.float32),
        np.zeros((50, 60), np.float32),
        np.repeat(rng.random(17, dtype=np.float32), 100),  # many ties
    ):
        assert shake.upper_percentile(values, q) == pytest.approx(
            float(np.percentile(values, q)), rel=1e-6, abs=1e-6
        )
