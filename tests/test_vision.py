"""Reading photos: markers on the printed sheets, seeded synthetic photos, and clear errors."""

from __future__ import annotations

import math
from functools import cache

import cv2
import numpy as np
import pypdfium2 as pdfium
import pytest
from conftest import layout_for, read_as_file

from printkit.draw.fiducials import Marker, marker_items
from printkit.draw.model import Document, Page
from printkit.draw.pdf import pdf_bytes
from printkit.errors import PhotoError
from printkit.games.tripakus import reader as tripakus_reader
from printkit.kits import KITS
from printkit.vision import read as read_module
from printkit.vision.markers import Detection, _percentile, detect_markers
from printkit.vision.model import board_models
from printkit.vision.photofile import PhotoFile
from printkit.vision.read import (
    _to_rect,
    debug_image,
    fit_board,
    read_encoded,
    read_image,
    read_photo,
)
from printkit.vision.scenes import synthetic_photo
from printkit.vision.synth import score_reading

DPI = 300
PX = DPI / 25.4


def _raster(page: Page, dpi: int = DPI) -> np.ndarray:
    doc = pdfium.PdfDocument(pdf_bytes(Document("t", [page])))
    try:
        return doc[0].render(scale=dpi / 72, fill_color=(255, 255, 255, 255)).to_numpy()[..., :3]
    finally:
        doc.close()


def test_every_marker_drawn_decodes_to_its_id():
    page = Page(200, 60)
    ids = list(range(0, 50, 7))
    for k, marker_id in enumerate(ids):
        page.extend(marker_items(Marker(marker_id, (14 + 24 * k, 30), 16.0, angle=15 * k)))
    found = detect_markers(np.ascontiguousarray(_raster(page)))
    assert sorted(d.id for d in found) == ids


def _sheet(game: str, stem: str, **overrides):
    return next(s for s in KITS[game].build(layout_for(**overrides)) if s.stem == stem)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_full_board_markers_print_where_the_reader_expects_them(paper):
    layout = layout_for(paper__size=paper)
    sheet = _sheet("tripakus", "board-full", paper__size=paper)
    model = next(m for m in board_models("tripakus", layout) if m.variant == "full")
    found = {d.id: d for d in detect_markers(np.ascontiguousarray(_raster(sheet.front)))}
    assert set(found) == model.marker_ids
    # Board frame → page: the model's bounds are the page's extent in the board frame.
    x0, y0 = model.bounds[:2]
    for marker in model.markers:
        printed = found[marker.id].corners / PX
        expected = np.array(marker.corners) - (x0, y0)
        assert np.abs(printed - expected).max() < 0.3, marker.id


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_section_marker_prints_as_the_reader_models_it(paper):
    """One marker per section copy (at its board corner): its id and printed size."""
    layout = layout_for(paper__size=paper)
    sheet = _sheet("tripakus", "board-section", paper__size=paper)
    model = next(m for m in board_models("tripakus", layout) if m.variant == "sections")
    found = detect_markers(np.ascontiguousarray(_raster(sheet.front)))
    assert [d.id for d in found] == sorted(model.marker_ids) == [0]
    assert len(model.markers) == 3
    printed = found[0].corners / PX
    sides = [math.dist(printed[k], printed[(k + 1) % 4]) for k in range(4)]
    assert max(abs(s - model.markers[0].side) for s in sides) < 0.3


@cache
def _photo(seed: int, level: str, variant: str | None = None):
    return synthetic_photo("tripakus", layout_for(), seed, level, variant)


@pytest.mark.parametrize("seed", range(6))
def test_hard_synthetic_photos_read_without_silent_errors(seed):
    photo = _photo(seed, "hard", ("sections", "full")[seed % 2])
    reading = read_image(photo.image, "tripakus", layout_for())
    assert reading.model.variant == photo.truth["variant"]
    score = score_reading(reading, photo)
    assert score.cells == 361
    assert not score.silent  # every wrong cell, if any, was flagged
    assert len(score.wrong) <= 1


def test_a_seeded_photo_is_the_same_whatever_was_photographed_before():
    """A synthetic photo depends on its seed alone: its sensor noise too, which OpenCV
    draws from a generator the whole process shares."""
    first = synthetic_photo("tripod", layout_for(), 7, "hard").image
    synthetic_photo("tripod", layout_for(), 8, "hard")
    again = synthetic_photo("tripod", layout_for(), 7, "hard").image
    assert np.array_equal(first, again)


def test_photo_reading_finds_the_pieces():
    photo = _photo(7, "easy", "full")
    reading = read_image(photo.image, "tripakus", layout_for())
    truth = photo.truth["cells"]
    assert sum(v != "empty" for v in truth.values()) > 0  # the position is not empty
    assert score_reading(reading, photo).exact
    image = debug_image(reading)
    assert image.shape[0] > 1000 and image.dtype == np.uint8


def _blank_markers(photo, keep: int) -> np.ndarray:
    """The photo with all but ``keep`` markers painted over in white."""
    image = photo.image.copy()
    model = next(
        m for m in board_models("tripakus", layout_for()) if m.variant == photo.truth["variant"]
    )
    for marker in model.markers[keep:]:
        centre = np.array([*marker.centre, 1.0])
        grown = np.array(
            [centre + 1.3 * (np.array([x, y, 1.0]) - centre) for x, y in marker.corners]
        )
        pts = (photo.board_to_photo @ grown.T).T
        pts = pts[:, :2] / pts[:, 2:]
        cv2.fillConvexPoly(image, np.int32(np.round(pts)), (235, 235, 235))
    return image


def test_two_markers_place_the_board_only_with_its_printed_lines():
    """Two markers alone place the board roughly: the printed cell lines confirm and
    correct the fit (no cell silently wrong); with the lines hidden the photo is refused,
    naming the markers found."""
    photo = _photo(0, "easy", "full")
    two = _blank_markers(photo, 2)
    reading = read_image(two, "tripakus", layout_for())
    assert len(reading.markers) == 2
    assert not score_reading(reading, photo).silent
    model = reading.model
    cells = np.float32([p for outline in model.cells.values() for p in outline])
    hull = cv2.convexHull(cv2.perspectiveTransform(cells.reshape(-1, 1, 2), photo.board_to_photo))
    blank = two.copy()
    cv2.fillConvexPoly(blank, np.int32(np.round(hull.reshape(-1, 2))), (235, 235, 235))
    with pytest.raises(PhotoError, match=r"found 2 of the board's 4 markers \(ids 10, 11\)"):
        read_image(blank, "tripakus", layout_for())


def test_board_cut_off_by_the_frame():
    photo = _photo(2, "easy", "sections")
    image = photo.image.copy()
    model = next(m for m in board_models("tripakus", layout_for()) if m.variant == "sections")
    # Cover one corner cell of the board with the photo's own edge: crop through it.
    corner = model.cells[next(iter(model.cells))]  # the apex cell
    pts = (photo.board_to_photo @ np.array([[*p, 1.0] for p in corner]).T).T
    x = int(pts[:, 0].mean() / pts[:, 2].mean())
    cropped = image[:, x:] if x < image.shape[1] / 2 else image[:, :x]
    with pytest.raises(PhotoError, match="cut off by the frame|markers"):
        read_image(np.ascontiguousarray(cropped), "tripakus", layout_for())


def test_dark_and_blurred_photos_are_refused():
    photo = _photo(1, "easy", "full")
    dark = (photo.image * 0.12).astype(np.uint8)
    with pytest.raises(PhotoError, match="too dark"):
        read_image(dark, "tripakus", layout_for())
    blurred = cv2.GaussianBlur(photo.image, (0, 0), 14)
    with pytest.raises(PhotoError, match="too blurred"):
        read_image(blurred, "tripakus", layout_for())


@pytest.mark.parametrize("size", [1, 2, 7, 1000, 250_000])
def test_percentiles_from_counts_agree_with_numpys(size):
    values = np.random.default_rng(size).integers(0, 1021, size)
    counts = np.bincount(values)
    for q in (0, 5, 50, 95, 99.5, 100):
        assert _percentile(counts, q) == pytest.approx(np.percentile(values, q), abs=1e-9)


def test_an_unknown_game_is_named_before_anything_the_photo_shows():
    dark = cv2.imencode(".jpg", np.zeros((3000, 4000, 3), np.uint8))[1]
    with pytest.raises(PhotoError, match="unknown game 'chess'"):
        read_encoded(dark, "chess", layout_for())
    with pytest.raises(PhotoError, match="too dark"):
        read_encoded(dark, "tripakus", layout_for())


def test_markers_of_another_board_are_named():
    models = board_models("tripakus", layout_for())
    square = np.float32([(0, 0), (50, 0), (50, 50), (0, 50)])
    with pytest.raises(PhotoError, match="markers 40, 41 belong to a different board"):
        fit_board([Detection(40, square), Detection(41, square + 100)], models)


def _seen(model, keep, h):
    """Detections of the model's markers ``keep`` (indices) as a camera with board→photo
    homography ``h`` sees them."""
    out = []
    for k in keep:
        corners = np.float32(model.markers[k].corners).reshape(-1, 1, 2)
        out.append(
            Detection(model.markers[k].id, cv2.perspectiveTransform(corners, h).reshape(4, 2))
        )
    return out


TILTED = np.array([[2.1, 0.35, 900.0], [-0.2, 1.7, 600.0], [0.0006, 0.0009, 1.0]])
"""A board → photo map with strong perspective (about 2 px/mm, tilted both ways)."""


def test_three_of_four_distinct_markers_place_the_board_exactly():
    full = next(m for m in board_models("tripakus", layout_for()) if m.variant == "full")
    for hidden in range(4):
        keep = [k for k in range(4) if k != hidden]
        model, h, used = fit_board(
            _seen(full, keep, TILTED), board_models("tripakus", layout_for())
        )
        assert model.variant == "full" and len(used) == 3
        x0, y0, x1, y1 = model.bounds
        probe = np.float32([(x0, y0), (x1, y1), ((x0 + x1) / 2, (y0 + y1) / 2)]).reshape(-1, 1, 2)
        got = cv2.perspectiveTransform(probe, h)
        want = cv2.perspectiveTransform(probe, TILTED)
        assert np.abs(got - want).max() < 0.5


def test_markers_whose_corners_scatter_place_the_board_only_as_well_as_they_show():
    """Three of four small markers (26 px) with their corners scattered 2 px (a shake, a
    blur) leave the far cells several times their inradius off, and the fit says so
    (``_placement_doubt`` above 1): it is rough, for the printed lines to confirm.  The
    same scatter on all four markers, or three sharp markers, place every cell within
    its inradius."""
    full = next(m for m in board_models("tripakus", layout_for()) if m.variant == "full")
    models = board_models("tripakus", layout_for())
    rng = np.random.default_rng(3)

    def scattered(found, px):
        return [
            Detection(d.id, d.corners + rng.normal(0, px, (4, 2)).astype(np.float32)) for d in found
        ]

    def doubt_and_error(found):
        h, used = read_module._fit(full, found)
        pairs = read_module._assign(full, found, h, read_module._markers_by_id(full))
        centres = np.array([np.mean(o, axis=0) for o in full.cells.values()])
        inradius = read_module._inradii(full)
        off = np.linalg.norm(
            read_module._project(h / h[2, 2], centres) - read_module._project(TILTED, centres),
            axis=1,
        )
        return read_module._placement_doubt(full, h, pairs), float(
            np.max(off / read_module._px_per_mm_at(TILTED, centres) / inradius)
        )

    smeared = scattered(_seen(full, [0, 1, 2], TILTED), 2.0)
    doubt, error = doubt_and_error(smeared)
    assert doubt > 1 and error > 1
    with pytest.raises(PhotoError, match="stray so far from any one fit"):
        fit_board(smeared, models)
    for found in (scattered(_seen(full, range(4), TILTED), 2.0), _seen(full, [0, 1, 2], TILTED)):
        doubt, error = doubt_and_error(found)
        assert doubt < 1 and error < 1
        assert len(fit_board(found, models)[2]) == len(found)


def test_a_third_marker_a_rough_fit_puts_well_off_is_still_its_copy(monkeypatch):
    """A board of identical sections prints one id three times.  Two markers place the
    third only roughly (their small squares extrapolated across the board): a detection
    farther from that prediction than 0.6 of its size, yet far nearer to it than to any
    other copy, is taken as that copy."""
    sections = next(m for m in board_models("tripakus", layout_for()) if m.variant == "sections")
    found = _seen(sections, [0, 1, 2], TILTED)
    third = found[2]
    found[2] = Detection(third.id, third.corners + np.float32([0.8 * third.size, 0.0]))
    assert len(read_module._fit(sections, found)[1]) == 3
    monkeypatch.setattr(read_module, "NEARER", math.inf)
    assert len(read_module._fit(sections, found)[1]) == 2


def test_lines_that_settle_before_any_cell_is_read_place_the_board_once(monkeypatch):
    """The project's own TriPakus photo of seed 5 (the speed benchmark's): the printed
    lines sought along every side before any cell is read lie 0.49 mm (median) off the
    markers' fit and settle under the fit they correct, so the board is read once, under
    that fit, every cell right.  Without that, it is read under the markers' fit, its lines
    found off, and read again."""
    layout = layout_for()
    photo = synthetic_photo("tripakus", layout, 5, "hard")
    reads = []
    classify = read_module.classify
    monkeypatch.setattr(
        read_module, "classify", lambda *a, **k: reads.append(1) or classify(*a, **k)
    )
    once = read_as_file(photo.image, "tripakus", layout)
    assert len(reads) == 1 and score_reading(once, photo).wrong == ()
    reads.clear()
    monkeypatch.setattr(read_module, "_straightened", lambda *a: None)
    twice = read_as_file(photo.image, "tripakus", layout)
    assert len(reads) == 2 and score_reading(twice, photo).wrong == ()


def test_markers_on_one_line_are_refused_instead_of_guessing_the_rest():
    models = board_models("tripod", layout_for())
    half = models[0]
    apex = min(range(4), key=lambda k: half.markers[k].centre[1])
    bottom = [k for k in range(4) if k != apex]
    with pytest.raises(PhotoError, match="lie almost on one line"):
        fit_board(_seen(half, bottom, TILTED), models)
    model, _, used = fit_board(_seen(half, [apex, *bottom[:2]], TILTED), models)
    assert model.variant == half.variant and len(used) == 3


def test_two_boards_in_one_photo_are_refused_naming_both():
    models = board_models("tripod", layout_for())
    second = TILTED @ np.array([[1.0, 0, 400.0], [0, 1.0, 0], [0, 0, 1.0]])
    seen = _seen(models[0], range(4), TILTED) + _seen(models[1], range(4), second)
    with pytest.raises(PhotoError, match="two boards are in view, half-1 .* and half-2"):
        fit_board(seen, models)


def test_not_an_image(tmp_path):
    bad = tmp_path / "position.jpg"
    bad.write_text("not a picture")
    with pytest.raises(PhotoError, match="position.jpg: not an image"):
        read_photo(bad, "tripakus", layout_for())


def test_the_reader_module_gives_the_models_with_record_cell_names():
    models = tripakus_reader.board_models(layout_for())
    assert [m.variant for m in models] == ["sections", "full"]
    assert [m.variant for m in board_models("tripakus", layout_for())] == ["sections", "full"]
    for model in models:
        assert len(model.cells) == 361 and model.classes == ("empty", "red", "yellow", "blue")
        assert model.cell_key((12, -3)) == "12,-3"
    assert {m.id for m in models[0].markers} == {0} and len(models[0].markers) == 3
    assert {m.id for m in models[1].markers} == {10, 11, 12, 13}


@pytest.mark.parametrize("game", ["tripitz", "triominoes", "tripod"])
def test_a_quick_look_finds_the_same_empty_cells_as_a_full_reading(game):
    """The light model's first pass asks a game's own classify only which cells are surely
    empty (``quick=True``, the tokens' symbols or the tiles' numbers not read): it must
    find exactly the cells a full reading finds surely empty."""
    photo = synthetic_photo(game, layout_for(), 3, "hard")
    reading = read_image(photo.image, game, layout_for())
    model = reading.model

    def to_px(pts):
        return _to_rect(model, pts)

    def surely_empty(cells: dict) -> set:
        return {k for k, c in cells.items() if c.label == model.classes[0] and not c.uncertain}

    full = model.classify(reading.rectified, model, to_px, quick=False)
    quick = model.classify(reading.rectified, model, to_px, quick=True)
    assert surely_empty(quick) == surely_empty(full)
    assert 0 < len(surely_empty(full)) < len(model.cells)  # some empty, some not


def test_a_photo_decoded_ahead_is_the_photo_decoded_when_needed():
    """``PhotoFile.ahead`` decodes on a thread of its own what ``half`` and ``whole`` would
    decode on need: the same pixels, each picture decoded once; bytes that are no image
    decode to None either way."""
    rng = np.random.default_rng(3)
    picture = cv2.resize(rng.integers(0, 256, (60, 80, 3), dtype=np.uint8), (800, 600))
    data = cv2.imencode(".jpg", picture, [cv2.IMWRITE_JPEG_QUALITY, 90])[1]
    ahead, later = PhotoFile(data.tobytes()).ahead(), PhotoFile(data)
    assert ahead.whole().shape == (600, 800, 3) and ahead.half().shape == (300, 400, 3)
    assert np.array_equal(ahead.whole(), later.whole())
    assert np.array_equal(ahead.half(), later.half())
    assert ahead.whole() is ahead.whole() and later.half() is later.half()
    for junk in (b"hello", b""):
        assert PhotoFile(junk).ahead().whole() is None and PhotoFile(junk).half() is None
