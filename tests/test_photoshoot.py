"""The second family of synthetic photos (vision.photoshoot): seeded, truthful, and showing
the conditions they are named for.  Small frames keep these quick."""

from __future__ import annotations

import math
import re
from dataclasses import replace
from functools import cache

import cv2
import numpy as np
import pytest

from printkit.games import GAMES
from printkit.layout.config import load_layout
from printkit.vision.model import board_models
from printkit.vision.photoshoot import CONDITIONS, shoot, staging
from printkit.vision.photoshoot.printer import PrintProfile, print_profile, printed
from printkit.vision.read import read_image
from printkit.vision.scenes import synthetic_photo
from printkit.vision.synth import score_reading

SMALL = (1200, 900)


@cache
def _layout():
    return load_layout()


@cache
def _shot(condition: str, seed: int = 5, game: str = "tripakus", frame=SMALL):
    return shoot(game, _layout(), seed, condition, frame=frame)


def test_the_same_seed_gives_the_same_photo():
    again = shoot("tripakus", _layout(), 5, "ordinary", frame=SMALL)
    first = _shot("ordinary")
    assert np.array_equal(first.image, again.image)
    assert first.truth == again.truth
    assert np.allclose(first.board_to_photo, again.board_to_photo)
    assert first.image.shape == (SMALL[1], SMALL[0], 3)


def test_every_condition_is_named_once():
    assert len(set(CONDITIONS)) == len(CONDITIONS)
    assert {"ordinary", "glare", "lowlight", "hands", "small", "steep", "lens"} <= set(CONDITIONS)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_truth_names_every_cell_of_the_board_with_a_reader_label(game):
    layout = _layout()
    for model in board_models(game, layout)[:1]:
        stage = staging(game).stage(layout, model, np.random.default_rng(3))
        assert set(stage.truth) == {model.cell_key(c) for c in model.cells}
        for label in stage.truth.values():
            assert label in model.classes or re.fullmatch(r"\d-\d-\d", label), label
        assert any(label != "empty" for label in stage.truth.values())
        assert stage.slabs or stage.domes


def _clipped(image: np.ndarray) -> float:
    return float((image.min(axis=2) >= 250).mean())


def test_glare_clips_what_the_same_scene_without_it_does_not():
    plain, glare = _shot("ordinary"), _shot("glare")
    # the same scene: only the highlights differ (and what they clip)
    assert glare.truth["cells"] == plain.truth["cells"] and plain.truth["blown"] == []
    assert set(glare.truth["blown"]) <= set(glare.truth["hidden"])
    assert _clipped(plain.image) < 0.0005
    assert _clipped(glare.image) > 0.002


def _paper(image: np.ndarray) -> float:
    """The brightest tenth of the photo: the board's paper."""
    return float(np.percentile(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY), 90))


def test_lowlight_leaves_the_paper_dark():
    assert _paper(_shot("ordinary").image) > 170
    assert _paper(_shot("lowlight").image) < 0.7 * _paper(_shot("ordinary").image)


def test_a_photo_says_whether_it_was_taken_in_extreme_light():
    """A quarter of the low-light photos are taken in extreme light, where the targets ask
    for no cell read surely wrong rather than few cells wrong: the truth says which, and
    they are the darker ones."""
    low = [_shot("lowlight", seed) for seed in range(12)]
    extreme = [_paper(p.image) for p in low if p.truth["extreme"]]
    other = [_paper(p.image) for p in low if not p.truth["extreme"]]
    assert 0 < len(extreme) < len(other)
    assert np.median(extreme) < np.median(other)
    assert not any(_shot("ordinary", seed).truth["extreme"] for seed in range(3))


def test_another_printer_prints_the_kit_on_its_own_paper():
    profile = PrintProfile((0.97, 0.95, 0.88), 0.8, (1.0, 1.1, 0.9), tuple(map(tuple, np.eye(3))))
    colours = np.array([[255, 255, 255], [0, 0, 0], [200, 30, 30]], np.uint8)
    white, black, red = printed(colours, profile).astype(int)
    assert list(white) == [round(255 * p) for p in profile.paper]  # bare paper: its tint
    assert list(black) == [round(255 * p * 0.2) for p in profile.paper]  # 80 % of the ink
    assert red[0] > 200 * 0.88 and red[1] > 30 and red[2] > 30  # paler, its hue kept
    drawn = print_profile(np.random.default_rng(4))
    assert min(drawn.paper) >= 0.86 and 0.78 <= drawn.density <= 1.0
    assert np.allclose(np.diag(drawn.bleed), 1.0)


def test_a_board_printed_on_another_printer_reads_without_a_silent_error():
    plain, other = _shot("ordinary"), _shot("printer")
    assert other.truth["cells"] == plain.truth["cells"]
    layout = _layout()
    reading = read_image(other.image, "tripakus", layout)
    score = score_reading(reading, other)
    assert score.silent == () and len(score.uncertain) <= 0.02 * score.cells


def _tilt(h: np.ndarray, frame: tuple[int, int]) -> float:
    """The board's tilt (degrees) from a board → photo homography alone: the focal length
    is what makes the board's axes equally long and square in the camera's frame."""
    w, hh = frame
    m = np.array([[1, 0, -w / 2], [0, 1, -hh / 2], [0, 0, 1.0]]) @ h
    (a1, b1, c1), (a2, b2, c2) = m[:, 0], m[:, 1]
    # r1·r2 = 0 and |r1| = |r2| for K = diag(f, f, 1): two equations in 1/f².
    rows = np.array([[a1 * a2 + b1 * b2], [a1 * a1 + b1 * b1 - a2 * a2 - b2 * b2]])
    rhs = -np.array([c1 * c2, c1 * c1 - c2 * c2])
    inv_f2 = float(np.linalg.lstsq(rows, rhs, rcond=None)[0][0])
    f = 1 / math.sqrt(inv_f2)
    r = np.linalg.inv(np.diag([f, f, 1.0])) @ m
    normal = np.cross(r[:, 0], r[:, 1])
    return math.degrees(math.acos(abs(normal[2]) / np.linalg.norm(normal)))


def test_a_steep_photo_looks_at_the_board_from_45_degrees():
    assert _tilt(_shot("steep").board_to_photo, SMALL) == pytest.approx(45.0, abs=1.5)
    assert _tilt(_shot("ordinary").board_to_photo, SMALL) < 31.0


def test_the_reader_finds_the_markers_in_a_photo_of_each_family():
    layout = _layout()
    second = _shot("ordinary", 7, "tripod", (1400, 1050))
    reading = read_image(second.image, "tripod", layout)
    assert len(reading.markers) >= 3
    assert reading.model.variant == second.truth["variant"]
    first = synthetic_photo("tripod", layout, 7, "easy")
    assert len(read_image(first.image, "tripod", layout).markers) >= 3


def test_one_position_from_two_cameras():
    first = shoot("tripakus", _layout(), 5, "ordinary", frame=SMALL, position=9)
    second = shoot("tripakus", _layout(), 6, "glare", frame=SMALL, position=9)
    assert first.truth["cells"] == second.truth["cells"]
    assert first.truth["thickness"] == second.truth["thickness"]
    assert not np.allclose(first.board_to_photo, second.board_to_photo)
    other = shoot("tripakus", _layout(), 5, "ordinary", frame=SMALL, position=10)
    assert other.truth != first.truth


def test_cells_a_hand_covers_are_named_hidden():
    """A cover mask over the left half of a Tripod board (mm → mask px at 2 px/mm): every
    cell wholly left of its edge is hidden, every cell wholly right of it is not, and a
    cell is hidden once a quarter of it lies under the cover."""
    from printkit.vision.photoshoot import _hidden_cells

    model = board_models("tripod", load_layout())[0]
    x0, y0, x1, y1 = model.bounds
    to_mask = np.array([[2.0, 0, -2 * x0], [0, 2.0, -2 * y0], [0, 0, 1]])
    cover = np.zeros((int(2 * (y1 - y0)) + 1, int(2 * (x1 - x0)) + 1), np.float32)
    edge = (x0 + x1) / 2
    cover[:, : int(2 * (edge - x0))] = 1.0
    hidden = set(_hidden_cells(model, cover, to_mask))
    for key, outline in model.cells.items():
        xs = np.array(outline)[:, 0]
        if xs.max() < edge - 1:
            assert model.cell_key(key) in hidden
        elif xs.min() > edge + 1:
            assert model.cell_key(key) not in hidden
    assert 0 < len(hidden) < len(model.cells)


def test_cells_a_reflection_clips_in_every_channel_are_named_hidden():
    """Under a reflection, a cell whose pixels clip in every channel could hold anything
    (some strength of the reflection clips any piece): the truth names it blown and
    hidden.  Each such cell is at least a quarter clipped in the photo itself (measured
    here on the cell's outline drawn into the photo); a photo without reflections of the
    same position names none."""
    layout = load_layout()
    photo = shoot("triominoes", layout, 301000, "glare", frame=(2000, 1500), position=7)
    blown = set(photo.truth["blown"])
    assert blown and blown <= set(photo.truth["hidden"])
    model = next(m for m in board_models("triominoes", layout) if m.variant == "mat")
    for key, outline in model.cells.items():
        if model.cell_key(key) not in blown:
            continue
        corners = np.array(outline, np.float64).reshape(-1, 1, 2)
        seen = cv2.perspectiveTransform(corners, photo.board_to_photo).reshape(-1, 2)
        mask = np.zeros(photo.image.shape[:2], np.uint8)
        cv2.fillPoly(mask, [np.int32(np.round(seen))], 1)
        assert (photo.image[mask > 0].min(axis=1) >= 250).mean() >= 0.2
    plain = shoot("triominoes", layout, 301000, "ordinary", frame=(2000, 1500), position=7)
    assert plain.truth["blown"] == []


def test_a_wrong_cell_no_reader_could_see_is_counted_apart():
    """Of a hands photo's reading, every cell made wrong: as many of them are hidden as
    the truth hides (``Score.wrong_hidden``), and of the reading as read, no more wrong
    cells are hidden than are wrong."""
    photo = _shot("hands", seed=3)
    reading = read_image(photo.image, "tripakus", _layout())
    score = score_reading(reading, photo)
    assert score.hidden > 0 and score.wrong_hidden <= len(score.wrong)
    nothing = {key: replace(cell, label="nothing") for key, cell in reading.cells.items()}
    spoiled = score_reading(replace(reading, cells=nothing), photo)
    assert len(spoiled.wrong) == spoiled.cells
    assert spoiled.wrong_hidden == spoiled.hidden
