"""Reading photos of the Tripitz board: markers and strip, every pid, seeded synthetic photos."""

from __future__ import annotations

import math
from dataclasses import replace
from functools import cache

import numpy as np
import pypdfium2 as pdfium
import pytest
from conftest import layout_for, named_cells, read_as_file, read_glare_doubted

from printkit.draw.model import Affine, Document, Drawing, Page
from printkit.draw.pdf import pdf_bytes
from printkit.games.tripitz import components, token_reader
from printkit.games.tripitz.board import TripitzBoard
from printkit.games.tripitz.kit import board_sheets
from printkit.games.tripitz.pids import JOKERS, PIDS, Symbol, SymbolColour
from printkit.games.tripitz.reader import _token
from printkit.games.tripitz.symbols import symbol_items
from printkit.games.tripitz.token_reader import (
    SHAPE_MARGIN,
    SYMMETRY,
    TURN_STEP,
    edge_poses,
    face_symbol,
    symbol_shapes,
    symbol_turns,
)
from printkit.kits import KITS
from printkit.layout.config import load_layout
from printkit.records.check import check_record
from printkit.records.position import position_record
from printkit.vision import printed
from printkit.vision.command import reading_cells
from printkit.vision.markers import detect_markers
from printkit.vision.model import board_models
from printkit.vision.photoshoot import shoot
from printkit.vision.read import read_image, sure_in_reach
from printkit.vision.scenes import synthetic_photo
from printkit.vision.synth import LEVELS, Photo, degrade, render_board, score_reading

DPI = 200
PX = DPI / 25.4


def _raster(page: Page) -> np.ndarray:
    doc = pdfium.PdfDocument(pdf_bytes(Document("t", [page])))
    try:
        return np.ascontiguousarray(
            doc[0].render(scale=DPI / 72, fill_color=(255, 255, 255, 255)).to_numpy()[..., :3]
        )
    finally:
        doc.close()


def _model(**overrides):
    (model,) = board_models("tripitz", layout_for(**overrides))
    return model


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_each_half_prints_its_two_markers_at_the_modelled_distance(paper):
    layout = layout_for(paper__size=paper)
    model = _model(paper__size=paper)
    sheets = [s for s in KITS["tripitz"].build(layout) if s.stem.startswith("board-section")]
    assert len(sheets) == 2
    by_id = {m.id: m for m in model.markers}
    assert sorted(by_id) == [30, 31, 32, 33] and len(model.markers) == 4
    for sheet, ids in zip(sheets, components.MARKER_IDS, strict=True):
        found = {d.id: d for d in detect_markers(_raster(sheet.front))}
        assert sorted(found) == list(ids)
        printed = np.linalg.norm(found[ids[0]].centre - found[ids[1]].centre) / PX
        assert abs(printed - math.dist(by_id[ids[0]].centre, by_id[ids[1]].centre)) < 0.3
        side = found[ids[0]].size / PX
        assert abs(side - components.MARKER) < 0.3


def test_a_board_printed_whole_carries_all_four_markers():
    sheets = board_sheets(layout_for(paper__size="a3"))
    assert [s.stem for s in sheets] == ["board"]
    assert sorted(d.id for d in detect_markers(_raster(sheets[0].front))) == [30, 31, 32, 33]


def test_strip_holds_white_black_token_and_symbol_colours_on_each_half():
    layout = layout_for()
    model = _model()
    expected = [
        "#ffffff",
        "#000000",
        *(layout.colour(c) for c in ("red", "yellow", "blue", "green")),
        *layout["tripitz"]["symbol_colours"],
    ]
    colours = [p.colour.lower() for p in model.patches]
    assert colours == [c.lower() for c in expected] * 2
    assert len({p.name for p in model.patches}) == 10


def _box(marker):
    quiet = marker.side / 2 + marker.side / 6
    cx, cy = marker.centre
    return cx, cy, quiet


def test_markers_and_patches_stay_clear_of_every_cavity_and_placed_token():
    layout = layout_for()
    model = _model()
    pitch = components.cavity_pitch(layout)
    reach = layout["tripitz"]["token_size"] / math.sqrt(3) + LEVELS["hard"].jitter
    centres = list(model.extra["centres"].values())
    assert len(centres) == len(TripitzBoard()) == len(model.cells) == 102
    for marker in model.markers:
        cx, cy, quiet = _box(marker)
        # The quiet zone's circumscribed circle misses every token at its worst offset.
        nearest = min(math.dist((cx, cy), c) for c in centres)
        assert nearest > quiet * math.sqrt(2) + reach - 3.0  # corners point away from cavities
        assert nearest > quiet + pitch / 2
    for patch in model.patches:
        nearest = min(math.dist(patch.centre, c) for c in centres)
        assert nearest > reach + components.PATCH / 2


def _drawn_symbol(symbol: Symbol, turn: float, rho: float, px: float) -> np.ndarray:
    """A symbol as the kit draws it, turned, in the middle of an 80 px canvas (0..255)."""
    import cv2

    canvas = np.zeros((80, 80), np.uint8)
    for item in symbol_items(symbol, (0.0, 0.0), rho, "#000000", None):
        moved = item.transformed(Affine.translate(40 / px, 40 / px) @ Affine.rotate(turn))
        if hasattr(moved, "points"):
            pts = np.int32(np.round(np.array(moved.points) * px * 16))
            cv2.fillPoly(canvas, [pts], 255, cv2.LINE_AA, 4)
        else:
            cv2.circle(canvas, (640, 640), int(moved.radius * px * 16), 255, -1, cv2.LINE_AA, 4)
    return canvas


def _fits(poses) -> tuple:
    """The best symbol of ``edge_poses`` and its margin over the runner-up."""
    order = sorted(poses, key=lambda s: poses[s].fit, reverse=True)
    best, second = poses[order[0]].fit, poses[order[1]].fit
    return order[0], (best - second) / best


def test_the_drawn_symbols_are_told_apart_at_any_turn():
    """A round token may lie at any turn: each symbol, blurred and off centre, is named by
    its edges with a margin, and its ink's colour names it too."""
    import cv2

    px = 4.0
    shapes = symbol_shapes(20.0, "round")
    rho = 0.27 * 20.0
    rng = np.random.default_rng(3)
    for symbol in Symbol:
        for _ in range(4):
            turn = rng.uniform(0, 360)
            ink = cv2.GaussianBlur(_drawn_symbol(symbol, turn, rho, px), (0, 0), 1.3) / 255.0
            dx, dy = rng.integers(0, 9, 2)
            ink = np.ascontiguousarray(ink[dy : dy + 71, dx : dx + 71], dtype=np.float32)
            poses = edge_poses(30.0 + 60.0 * ink, px, shapes)
            best, margin = _fits(poses)
            assert best is symbol, (symbol, turn)
            assert margin > SHAPE_MARGIN, (symbol, turn, margin)
            assert face_symbol(ink, px, shapes, poses) is symbol, (symbol, turn)


def _token_lightness(symbol: Symbol, turn: float, rng: np.random.Generator) -> np.ndarray:
    """A token's CIELAB window (71 px at 4 px/mm, as ``classify`` cuts it): a grey symbol
    with a black outline on a blue body, off centre by up to 1 mm, and chroma blotches as a
    phone's low-light denoiser leaves them (lightness untouched)."""
    import cv2

    px, rho = 4.0, 0.27 * 20.0
    mask = _drawn_symbol(symbol, turn, rho, px) >= 128
    lightness = np.where(mask, 54.0, 40.0).astype(np.float32)
    contours, _ = cv2.findContours(mask.astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    cv2.drawContours(lightness, contours, -1, 10.0, 2)
    lightness = cv2.GaussianBlur(lightness, (0, 0), 1.0) + rng.normal(0, 2.0, mask.shape)
    dx, dy = rng.integers(0, 9, 2)
    window = np.zeros((71, 71, 3), np.float32)
    window[..., 0] = lightness[dy : dy + 71, dx : dx + 71]
    for channel, base in ((1, 18.0), (2, -52.0)):
        blotches = cv2.resize(rng.normal(0, 1, (5, 5)).astype(np.float32), (71, 71))
        window[..., channel] = base + 30.0 * blotches
    return window


def test_a_symbol_is_named_by_its_edges_in_lightness_alone():
    """The second shape cue matches the symbol's printed outline with where the lightness
    changes: chroma blotches that join a grey star to a blue body in colour leave it a
    star, at any of a hexagonal token's six seats, and off centre."""
    px = 4.0
    shapes = symbol_shapes(20.0, "hex")
    rng = np.random.default_rng(5)
    for symbol in Symbol:
        for seat in range(6):
            turn = 60.0 * seat + rng.uniform(-4, 4)
            window = _token_lightness(symbol, turn, rng)
            best, margin = _fits(edge_poses(window[..., 0], px, shapes))
            assert best is symbol, (symbol, turn)
            assert margin > SHAPE_MARGIN, (symbol, turn, margin)


def test_symbols_are_tried_at_every_turn_a_token_may_lie_at():
    """A hexagonal token's symbol is tried within 3 degrees of every seat and slack; a round
    token's at every turn; each symbol once per its own symmetry."""
    for symbol in Symbol:
        period = SYMMETRY[symbol]
        for shape, lying in (
            ("hex", [60 * k + d for k in range(6) for d in (-9, 0, 9)]),
            ("round", list(range(0, 360, 7))),
        ):
            turns = symbol_turns(symbol, shape)
            assert all(0 <= t < period for t in turns)
            if symbol is Symbol.CIRCLE:
                assert turns == (0.0,)
                continue
            for angle in lying:
                gap = min(abs((angle - t + period / 2) % period - period / 2) for t in turns)
                assert gap <= TURN_STEP / 2 + 1e-9, (symbol, shape, angle)
    assert len(symbol_turns(Symbol.MOON, "hex")) < len(symbol_turns(Symbol.MOON, "round"))


@cache
def _photo(seed: int, level: str) -> Photo:
    return synthetic_photo("tripitz", layout_for(), seed, level)


def test_scenes_are_legal_positions():
    for seed in range(3):
        truth = _photo(seed, "easy").truth["cells"]
        assert sum(v != "empty" for v in truth.values()) >= 4
        record = position_record("tripitz", truth)
        report = check_record(record)
        assert report.valid, report.findings


def test_every_pid_and_joker_is_read():
    """All 68 tokens on one board (not a game position), photographed at the hard level."""
    layout = layout_for()
    model = _model()
    picture = Drawing()
    picture.extend(components.board_picture(layout).items)
    rng = np.random.default_rng(11)
    keys = sorted(model.cells, key=int)
    chosen = rng.permutation(len(keys))[:68]
    truth = {k: "empty" for k in keys}
    for index, pid in zip(chosen, PIDS + JOKERS, strict=True):
        key = keys[int(index)]
        cx, cy = model.extra["centres"][key]
        turn = rng.uniform(-4, 4) + 60 * int(rng.integers(0, 6))
        shift = rng.uniform(-1.0, 1.0, 2)
        picture.extend(
            _token(
                pid, layout, Affine.translate(cx + shift[0], cy + shift[1]) @ Affine.rotate(turn)
            )
        )
        truth[key] = pid.code
    board = render_board(picture, model.bounds)
    image, to_photo = degrade(board, model, LEVELS["hard"], rng)
    photo = Photo(image, {"variant": model.variant, "cells": truth}, to_photo, "hard", 11)
    reading = read_image(image, "tripitz", layout)
    score = score_reading(reading, photo)
    assert score.cells == 102
    assert not score.silent
    assert len(score.wrong) <= 1
    assert len(score.uncertain) <= 5


HARD_SEEDS = range(6)


@cache
def _score(seed: int, level: str):
    photo = _photo(seed, level)
    return score_reading(read_image(photo.image, "tripitz", layout_for()), photo)


@pytest.mark.parametrize("seed", HARD_SEEDS)
def test_hard_photos_read_without_silent_errors(seed):
    score = _score(seed, "hard")
    assert score.cells == 102
    assert not score.silent
    assert len(score.wrong) <= 2


def test_hard_set_stays_within_the_target():
    scores = [_score(seed, "hard") for seed in HARD_SEEDS]
    wrong = sum(len(s.wrong) for s in scores)
    assert wrong / sum(s.cells for s in scores) <= 0.005  # at most 3 of the 612 cells
    assert sum(len(s.uncertain) for s in scores) <= 0.05 * len(scores) * 102


def test_photo_to_checked_position_record():
    photo = _photo(1, "easy")
    reading = read_image(photo.image, "tripitz", layout_for())
    assert score_reading(reading, photo).exact
    cells, uncertain, confidence = reading_cells(reading)
    assert cells == photo.truth["cells"]
    record = position_record(
        "tripitz", cells, uncertain, confidence=confidence, variant=reading.model.variant
    )
    assert all(name.isdigit() for name in record.cells)
    assert set(record.cells.values()) <= {p.code for p in PIDS}
    report = check_record(record)
    assert report.valid, report.findings


def _nothing_blotched(pixels, *args) -> np.ndarray:
    """``token_reader._blotched`` blinded: no cavity's colour is blotches alone."""
    return np.zeros(len(pixels), bool)


def test_a_bare_cavity_whose_print_shows_is_empty_in_dim_light(monkeypatch):
    """In a dim photo (second family) the cream border cavities, judged against the cream
    as printed, look like yellow tokens; their printed number and mark still show, which
    no token lets through: read with that cue, fewer cavities are uncertain and none is
    wrong.  (The cream as the photo shows it is a cue of its own, left out here, and so
    is the print settling colour blotches.)"""
    layout = load_layout()
    photo = shoot("tripitz", layout, 302003, "lowlight")
    monkeypatch.setattr(token_reader, "_tints_seen", lambda *args: [])
    monkeypatch.setattr(token_reader, "_blotched", _nothing_blotched)
    with_print = read_image(photo.image, "tripitz", layout)
    monkeypatch.setattr(token_reader, "PRINT_SURE", 2.0)  # never sure: the colour alone
    without = read_image(photo.image, "tripitz", layout)
    assert score_reading(with_print, photo).wrong == ()
    assert sum(c.bare for c in with_print.cells.values()) >= 40  # of 89 bare cavities
    assert len(with_print.uncertain) + 2 <= len(without.uncertain)  # 20 and 22 uncertain


@pytest.mark.parametrize("seed", [309383, 309010])
def test_tokens_printed_apart_from_the_board_are_tokens_of_their_nearest_colour(monkeypatch, seed):
    """Second family, printer, read from its JPEG file: the blue tokens are not the blue of
    the board's strip (309383: more violet, ΔE 34 from it; 309010: deeper, ΔE 54), though
    far nearer it than every other colour and paper.  They are blue tokens, read rightly;
    with pixels counted only within ``BODY_DE`` of the strip's colours they read as empty
    cavities."""
    layout = load_layout()
    photo = shoot("tripitz", layout, seed, "printer")
    seen = read_as_file(photo.image, "tripitz", layout)
    assert score_reading(seen, photo).wrong == ()
    monkeypatch.setattr(token_reader, "BODY_CLEAR", 1e6)
    strict = score_reading(read_as_file(photo.image, "tripitz", layout), photo)
    assert len(strict.wrong) >= 5 and strict.silent == ()


def test_tokens_like_their_kin_are_sure_though_far_from_the_strips_colour(monkeypatch):
    """Second family, printer 309010, read from its JPEG file: ten blue tokens lie ΔE 54
    from the strip's blue, within a few of each other.  Like their kin, clearly blue:
    their colour does not make them uncertain.  Without the kin's cue every blue token
    is."""
    layout = load_layout()
    photo = shoot("tripitz", layout, 309010, "printer")
    seen = read_as_file(photo.image, "tripitz", layout)
    assert score_reading(seen, photo).wrong == ()
    assert not any(seen.cells[k].label[0] == "B" for k in seen.uncertain)
    monkeypatch.setattr(token_reader, "_kin_clear", lambda bodies, tokens: [False] * len(bodies))
    alone = read_as_file(photo.image, "tripitz", layout)
    blues = {alone.cells[k].label for k in alone.uncertain if alone.cells[k].label[0] == "B"}
    assert len(blues) == 10


def test_tokens_vouch_for_each_other_only_when_many_and_clearly_their_colour():
    """``_kin_clear``: five alike bodies clearly nearest blue vouch for each other; four do
    not, nor five between blue and green, and one far from the others is not vouched for."""
    tokens = {
        "B": np.array([44.0, 14.0, -55.0]),
        "G": np.array([58.0, -49.0, 33.0]),
        "R": np.array([46.0, 64.0, 45.0]),
    }
    deep = np.array([33.0, 55.0, -88.0])
    assert token_reader._kin_clear([deep + i * 0.3 for i in range(5)], tokens) == [True] * 5
    assert token_reader._kin_clear([deep] * 4, tokens) == [False] * 4
    between = (tokens["B"] + tokens["G"]) / 2 + [0.0, 5.0, 0.0]
    assert token_reader._kin_clear([between] * 5, tokens) == [False] * 5
    odd = token_reader._kin_clear([deep] * 5 + [deep + [25.0, -20.0, 20.0]], tokens)
    assert odd == [True] * 5 + [False]


def test_symbol_inks_of_one_colour_vouch_for_the_colour_the_strip_names(monkeypatch):
    """Second family, printer 309010, read from its JPEG file: the strip's grey and light
    blue symbol patches came out close in this print, and the eight tokens with grey
    symbols lie between them (margins 0.22-0.27).  Their inks lie together, clearly apart
    from the light blue tokens' inks: against the photo's own inks they are clearly grey,
    which the strip also names, and none is uncertain.  Against the strip alone, all
    eight are."""
    layout = load_layout()
    photo = shoot("tripitz", layout, 309010, "printer")
    seen = read_as_file(photo.image, "tripitz", layout)
    assert score_reading(seen, photo).wrong == ()
    assert seen.uncertain == []
    monkeypatch.setattr(token_reader, "_inks_of_kind", lambda inks, symbols: {})
    alone = read_as_file(photo.image, "tripitz", layout)
    assert score_reading(alone, photo).wrong == ()
    greys = [k for k in alone.uncertain if alone.cells[k].label.endswith("N")]
    assert len(greys) >= 5


def test_inks_vouch_for_a_symbol_colour_only_when_many_and_clearer():
    """``_inks_of_kind`` takes the median of five or more inks named one symbol colour, and
    nothing from four; ``_vouched`` takes their margin only where they name the colour the
    strip named, more clearly than the strip and by ``COLOUR_MARGIN`` at least."""
    grey, light = SymbolColour.GREY, SymbolColour.LIGHT_BLUE
    strip = {grey: np.array([60.0, -8.0, -8.0]), light: np.array([64.0, -10.0, -12.0])}
    ink_grey = np.array([57.0, 2.0, 3.0])
    ink_light = np.array([81.0, -15.0, -19.0])
    inks = [(ink_grey + i * 0.2, grey) for i in range(5)] + [(ink_light, light)]
    own = token_reader._inks_of_kind(inks, strip)
    assert np.allclose(own[grey], ink_grey + 0.4) and np.allclose(own[light], strip[light])
    assert token_reader._inks_of_kind(inks[1:], strip) == {}
    own[light] = ink_light
    between = np.array([59.0, 0.0, 0.0])
    _, _, d_strip, m_strip = token_reader._nearest(between, strip)
    d, m = token_reader._vouched(between, grey, d_strip, m_strip, own)
    assert m_strip < token_reader.COLOUR_MARGIN <= m and d <= d_strip
    # The photo's inks name another colour, or no more clearly: the strip's figures stand.
    assert token_reader._vouched(between, light, d_strip, m_strip, own) == (d_strip, m_strip)
    assert token_reader._vouched(between, grey, d_strip, 0.9, own) == (d_strip, 0.9)


def test_the_strip_and_print_are_seen_on_the_board_not_on_the_tokens_tops():
    """A steep photo (second family) of 4.4 mm tokens: read on the tokens' tops, the
    strip's patches slide off their place and every token colour looks like paper.  The
    strip and the cavities' print are seen on the board's own plane: the board reads
    exactly (read on the tops' plane, 64 cells were wrong and 92 uncertain)."""
    layout = load_layout()
    photo = shoot("tripitz", layout, 305023, "steep")
    assert photo.truth["thickness"] > 4
    reading = read_image(photo.image, "tripitz", layout)
    assert reading.height > 2
    assert score_reading(reading, photo).wrong == ()
    assert len(reading.uncertain) <= 1


def test_a_symbol_slid_off_its_cavity_centre_is_still_matched_whole(monkeypatch):
    """A steep photo (second family) of 3.3 mm tokens read on the board's plane, as if the
    plane judge had missed their tops by all their thickness: each token's face lies about
    3 mm off its cavity's centre, and a symbol near the window's edge could not be matched
    whole (a triangle read as a star, surely).  The symbol is searched ``SLIDE`` mm
    further out: the board reads exactly, with no cell in doubt."""
    from printkit.vision import read

    monkeypatch.setattr(read, "_whole_height", lambda *args: 0.0)
    layout = load_layout()
    photo = shoot("tripitz", layout, 305040, "steep")
    assert photo.truth["thickness"] > 3
    reading = read_image(photo.image, "tripitz", layout)
    assert score_reading(reading, photo).wrong == ()
    assert reading.uncertain == []
    monkeypatch.setattr(token_reader, "SLIDE", 0.0)
    tight = read_image(photo.image, "tripitz", layout)
    assert score_reading(tight, photo).wrong != ()


@pytest.mark.parametrize("seed", [303021, 303044])
def test_a_token_under_a_hand_is_not_read_as_a_bare_cavity(monkeypatch, seed):
    """Second family, a hand over tokens: no token colour shows, so their cavities look
    empty, but their printed number and mark do not show either (or only weakly, beside
    one that does not show at all: the hand's edge): uncertain, never silently wrong
    (without the cue, read as empty)."""
    layout = load_layout()
    photo = shoot("tripitz", layout, seed, "hands")
    seen = read_image(photo.image, "tripitz", layout)
    assert score_reading(seen, photo).silent == ()
    assert any(c.doubt == "print hidden" for c in seen.cells.values())
    monkeypatch.setattr(token_reader, "PRINT_HIDDEN", None)
    by_colour = read_image(photo.image, "tripitz", layout)
    assert len(score_reading(by_colour, photo).silent) >= 1


def test_a_token_beside_a_hidden_cavity_is_not_read_surely(monkeypatch):
    """Second family, held-out photo of a hand over the board: two tokens at the hand's
    edge show their body colour, but the hand covers part of their symbols, which read
    as white (grey and light blue printed).  The white reaches beyond the symbols'
    outlines (``INK_BEYOND``): uncertain.  Without that cue, the cavities beside them,
    whose print the hand hides, still make them uncertain; without both, they are
    silently wrong."""
    layout = load_layout()
    photo = shoot("tripitz", layout, 303060, "hands")
    seen = read_image(photo.image, "tripitz", layout)
    assert score_reading(seen, photo).silent == ()
    assert any(c.doubt == "ink astray" for c in seen.cells.values())
    monkeypatch.setattr(token_reader, "INK_BEYOND", 1.0)  # no ink is ever astray
    beside = read_image(photo.image, "tripitz", layout)
    assert score_reading(beside, photo).silent == ()
    assert any(c.doubt == "beside a cover" for c in beside.cells.values())
    monkeypatch.setattr(token_reader, "_beside_cover", lambda *args: {})
    assert len(score_reading(read_image(photo.image, "tripitz", layout), photo).silent) >= 1


def test_a_hand_over_a_third_of_the_board_does_not_lower_what_bare_print_must_show(
    monkeypatch,
):
    """Second family, a hands pair's second photo read from its JPEG file: a hand covers
    35 of the 102 cavities, so a third of the cavities read empty are tokens under it and
    the median print fit of those cavities falls to 0.47.  Judged against that median, a
    token under a finger fitting 0.31 beside cavities the hand hides, and another under a
    fingertip fitting 0.33 whose colour shows in blotches, passed as bare.  Judged against
    what a showing print fits (``SHOWING``), both are uncertain."""
    layout = load_layout()
    photo = shoot("tripitz", layout, 304061, "hands", position=303561)
    seen = read_as_file(photo.image, "tripitz", layout)
    score = score_reading(seen, photo)
    cells = named_cells(seen)
    assert {"34", "46"} <= set(score.wrong) and score.silent == ()
    assert cells["34"].doubt == cells["46"].doubt == "print hidden"
    monkeypatch.setattr(printed, "SHOWING", 0.5)  # the median
    blind = score_reading(read_as_file(photo.image, "tripitz", layout), photo)
    assert set(blind.silent) == {"34", "46"}


def test_a_symbol_dim_light_hides_from_the_ink_test_is_no_joker(monkeypatch):
    """Second family, low light, read from a JPEG file as `printkit read` reads it: a
    black moon on a blue token is too close to the body for the ink test, which finds no
    symbol and would call it a joker.  The moon's outline still shows in the lightness:
    read there, the moon and its ink's colour are right, and uncertain."""
    layout = load_layout()
    photo = shoot("tripitz", layout, 302080, "lowlight")
    reading = read_as_file(photo.image, "tripitz", layout)
    cells = named_cells(reading)
    assert photo.truth["cells"]["32"] == "BMK"
    assert cells["32"].label == "BMK" and cells["32"].uncertain and cells["32"].doubt == "faint"
    assert score_reading(reading, photo).silent == ()
    monkeypatch.setattr(token_reader, "SYMBOL_SHOWS", 2.0)  # no outline ever shows
    blind = read_as_file(photo.image, "tripitz", layout)
    assert named_cells(blind)["32"].label == "BJJ"


SMEARED = ("26", "37", "58", "61", "68", "71", "77")
"""Tokens of low-light photo 302319 whose symbol's ink joins colour blotches beyond it."""


def test_colour_blotches_beside_a_symbol_in_low_light_leave_it_sure(monkeypatch):
    """Second family, low light, read from a JPEG file: denoising leaves blotches of other
    hues on the green tokens' bodies, which join their symbols' ink beyond the symbols'
    outlines (``INK_BEYOND``).  They hardly differ from the body in lightness
    (``SMEAR_LIGHTNESS``) and the ink within each outline reads the same colour: seven
    tokens read surely, and rightly.  Counting every pixel beyond the outline, as a finger
    or a reflection's veil would be counted, leaves all seven uncertain."""
    layout = load_layout()
    photo = shoot("tripitz", layout, 302319, "lowlight")
    reading = read_as_file(photo.image, "tripitz", layout)
    cells = named_cells(reading)
    assert score_reading(reading, photo).wrong == ()
    assert all(not cells[k].uncertain for k in SMEARED)
    assert len(reading.uncertain) <= 6
    monkeypatch.setattr(token_reader, "SMEAR_LIGHTNESS", -1.0)  # every pixel beyond counts
    strict = read_as_file(photo.image, "tripitz", layout)
    cells = named_cells(strict)
    assert all(cells[k].uncertain and cells[k].doubt == "ink astray" for k in SMEARED)


def test_blotches_that_move_a_symbols_colour_leave_it_uncertain(monkeypatch):
    """Second family, low light: a green blotch joined to a light-blue triangle pulls the
    ink's colour to grey (cell 78).  Within the triangle's outline the ink reads light
    blue: the token is read as that, and uncertain, as the two readings disagree."""
    layout = load_layout()
    photo = shoot("tripitz", layout, 302301, "lowlight")
    reading = read_as_file(photo.image, "tripitz", layout)
    cell = named_cells(reading)["78"]
    assert photo.truth["cells"]["78"] == "GTL"
    assert (cell.label, cell.uncertain, cell.doubt) == ("GTL", True, "ink astray")
    assert score_reading(reading, photo).silent == ()


def test_a_black_symbol_a_reflection_greys_is_uncertain(monkeypatch):
    """Second family, a glare pair's second photo, read from a JPEG file: the edge of a
    window's reflection lifts a yellow token's black star to a grey nearer the strip's
    grey than its black.  The token's body shows the veil in its blue channel, and black
    under that veil would read as what the star shows: uncertain (glare), never silently
    grey.  The veil's grey also reaches beyond the star's outline (``INK_BEYOND``): without
    the veil, that alone keeps it uncertain.  Without either, nothing names the reflection:
    the star reads grey with no doubt of its own (surely, with the colour map fitted to
    the strip's patch under the reflection too; uncertain by a narrow margin alone, with
    that patch left out of it)."""
    layout = load_layout()
    photo = shoot("tripitz", layout, 301085 + 500, "glare", position=301085)
    reading = read_as_file(photo.image, "tripitz", layout)
    cells = named_cells(reading)
    assert photo.truth["cells"]["34"] == "YSK"
    assert cells["34"].label == "YSN" and cells["34"].uncertain and cells["34"].doubt == "glare"
    assert score_reading(reading, photo).silent == ()
    monkeypatch.setattr(token_reader, "_veil", lambda *args: 0.0)  # no veil ever judged
    veiled = read_as_file(photo.image, "tripitz", layout)
    assert score_reading(veiled, photo).silent == ()  # the grey reaches beyond the star
    monkeypatch.setattr(token_reader, "INK_BEYOND", 1.0)  # nor any ink astray
    blind = read_as_file(photo.image, "tripitz", layout)
    star = next(c for k, c in blind.cells.items() if blind.model.cell_key(k) == "34")
    assert star.label == "YSN" and star.doubt == ""


def test_the_border_tint_is_judged_as_this_photo_shows_it(monkeypatch):
    """Second family, low light, read from a JPEG file: the strip's colour map moves the
    cream border cavities a long way towards the yellow token.  Against the cream as
    printed, bare border cavities read as yellow jokers (several, caught only because a pid
    cannot lie twice) or half yellow (uncertain); against the cream as the photo shows it,
    none reads as a token and most are sure.  (Colour blotches settled by the print, a cue
    of its own, are left out of the reading against the cream as printed.)"""
    layout = load_layout()
    photo = shoot("tripitz", layout, 302085, "lowlight")

    def bare_border(reading):
        tinted = reading.model.extra["paper"]
        return [
            c
            for k, c in reading.cells.items()
            if k in tinted and photo.truth["cells"][reading.model.cell_key(k)] == "empty"
        ]

    seen = bare_border(read_as_file(photo.image, "tripitz", layout))
    assert len(seen) >= 20
    assert all(c.label == "empty" for c in seen)
    assert sum(c.uncertain for c in seen) <= len(seen) // 5
    monkeypatch.setattr(token_reader, "_tints_seen", lambda *args: [])  # the tint as printed
    monkeypatch.setattr(token_reader, "_blotched", _nothing_blotched)
    printed = bare_border(read_as_file(photo.image, "tripitz", layout))
    assert sum(c.label != "empty" for c in printed) >= 3
    assert sum(c.uncertain for c in printed) > len(printed) // 4


def test_colour_blotches_on_a_bare_cavity_leave_it_surely_empty(monkeypatch):
    """Second family, low light, read from a JPEG file: denoising leaves blotches of
    yellow on the cream border cavities, and five bare ones show between 12 and 40 % of
    their disc in the yellow token's colour: neither empty nor a token.  Those pixels have
    the cream's lightness, not the yellow token's, and each cavity's print shows as the
    other bare cavities' does: they are surely empty.  Without the blotch test they stay
    uncertain."""
    layout = load_layout()
    photo = shoot("tripitz", layout, 302316, "lowlight")
    blotched = ["6", "51", "97", "99", "100"]

    def cells(reading):
        return [c for k, c in reading.cells.items() if reading.model.cell_key(k) in blotched]

    reading = read_as_file(photo.image, "tripitz", layout)
    assert score_reading(reading, photo).wrong == ()
    assert all(c.label == "empty" and not c.uncertain for c in cells(reading))
    monkeypatch.setattr(token_reader, "_blotched", _nothing_blotched)
    without = read_as_file(photo.image, "tripitz", layout)
    assert sum(c.uncertain for c in cells(without)) >= 4


def test_a_token_under_a_hand_is_not_taken_for_colour_blotches(monkeypatch):
    """Second family, hands, read from a JPEG file: tokens half under a hand show their
    colour on part of the disc, at the lightness of the skin round it, which the blotch
    test takes for bare ground.  Their print does not show (the token and the hand hide
    it), so none is read surely empty: every cavity the blotch test names that holds a
    token is uncertain."""
    layout = load_layout()
    photo = shoot("tripitz", layout, 303310, "hands")
    named = []
    blotched = token_reader._blotched

    def spy(pixels, coloured, cells, token, paper):
        out = blotched(pixels, coloured, cells, token, paper)
        named.append(out)
        return out

    monkeypatch.setattr(token_reader, "_blotched", spy)
    reading = read_as_file(photo.image, "tripitz", layout)
    keys = list(reading.model.cells)
    assert len(named[-1]) == len(keys)  # every cavity within the photo, in the model's order
    truth = photo.truth["cells"]
    tokens = [k for k, b in zip(keys, named[-1], strict=True) if b and truth[str(k)] != "empty"]
    assert len(tokens) >= 2
    assert all(reading.cells[k].uncertain for k in tokens)


def test_a_reflections_veil_joining_a_symbols_ink_keeps_it_uncertain(monkeypatch):
    """Second family, glare, read from a JPEG file: a reflection's veil over two red tokens
    joins their light-blue symbols' ink (a moon, a triangle), which reads white.  Ink
    reaching beyond the outline is not the symbol's: each token is uncertain, and keeps
    its doubt in the reflection's reach.  Without that test both are silently wrong (a
    token read surely beside a reflection loses its glare doubt, ``sure_in_reach``)."""
    layout = load_layout()
    photo = shoot("tripitz", layout, 301035, "glare")
    seen = read_as_file(photo.image, "tripitz", layout)
    cells = named_cells(seen)
    for key in ("41", "78"):
        assert photo.truth["cells"][key][2] == "L" and cells[key].label[2] == "W"
        assert cells[key].uncertain
    assert score_reading(seen, photo).silent == ()
    monkeypatch.setattr(token_reader, "INK_BEYOND", 1.0)  # no ink is ever astray
    blind = read_as_file(photo.image, "tripitz", layout)
    assert {"41", "78"} <= set(score_reading(blind, photo).silent)


def test_tokens_read_surely_in_a_reflections_reach_stay_sure_and_right(monkeypatch):
    """Second family, a Tripitz glare photo read from its JPEG file: a reflection lifts a
    few cavities' own samples above the paper's light and reaches the tokens round them.
    A token read surely there, its own veil allowed for, is no longer doubted for glare
    (``sure_in_reach``), and each such token is right; the cells under the reflection stay
    uncertain."""
    photo, seen, glared = read_glare_doubted(monkeypatch, "tripitz", 301007)
    score = score_reading(seen, photo)
    assert score.silent == ()
    tokens = {k for k in glared if seen.cells[k].label != "empty"}
    cleared = {k for k in tokens if not seen.cells[k].uncertain}
    assert len(cleared) >= 8
    assert not {seen.model.cell_key(k) for k in cleared} & set(score.wrong)
    assert tokens - cleared


def test_only_a_token_read_surely_beyond_a_reflection_loses_its_doubt():
    """``sure_in_reach`` by case: a token read surely whose own samples are not lifted loses
    its glare doubt; one under the reflection, one the token reading doubts itself and a
    cavity read empty (a washed-out token reads so) keep it."""
    from printkit.vision.read import CellReading

    model = board_models("tripitz", load_layout())[0]
    keys = list(model.cells)[:5]
    sure, unsure = (CellReading("RTW", 0.6, "RTK", 5.0, u) for u in (False, True))
    empty = CellReading("empty", 0.9, "token", 0.0, False)
    readings = dict(zip(keys, (sure, sure, unsure, empty, sure), strict=True))
    readings.update({k: empty for k in model.cells if k not in readings})
    doubts = ["glare"] * 4 + ["dark"] + [""] * (len(model.cells) - 5)
    lifted = [False, True, False, False, False] + [False] * (len(model.cells) - 5)
    out = sure_in_reach(model, (), None, readings, doubts, lifted)
    assert out[:5] == ["", "glare", "glare", "glare", "dark"]


def _read_token_at(photo, layout, key: str, clean: str = "wrong"):
    """The reading of cavity ``key`` of a Tripitz ``photo`` read from a JPEG file, whose
    whole reading has no cell ``clean`` (``wrong`` or ``silent``)."""
    reading = read_as_file(photo.image, "tripitz", layout)
    assert getattr(score_reading(reading, photo), clean) == ()
    return named_cells(reading)[key]


def test_a_light_blue_ink_dim_light_turned_green_is_named_by_lightness_and_chroma(monkeypatch):
    """Second family, low light, read from a JPEG file: denoising turned the light-blue
    moon of a red token green-cyan, so that in CIELAB it lies nearly as near white as light
    blue.  As light and as colourful as light blue, it is light blue by its lightness and
    chroma alone (``UNHUED_MARGIN``): sure, and right.  Blind to that cue, it is uncertain."""
    layout = load_layout()
    photo = shoot("tripitz", layout, 302004, "lowlight")
    assert photo.truth["cells"]["63"] == "RML"

    def moon():
        return _read_token_at(photo, layout, "63")

    sure = moon()
    assert sure.label == "RML" and not sure.uncertain
    monkeypatch.setattr(token_reader, "UNHUED_MARGIN", 2.0)  # lightness and chroma never vouch
    assert moon().uncertain


def test_a_light_blue_ink_named_white_by_a_hair_is_light_blue_by_lightness_and_chroma(
    monkeypatch,
):
    """Second family, low light, read from a JPEG file: the light-blue star of a green token
    came out green-cyan, a hair nearer white than the strip's light blue in CIELAB.  Its
    lightness and chroma name light blue clearly: the token reads right, uncertain all the
    same (its ink lies far from the strip's light blue).  Blind to that cue, white."""
    layout = load_layout()
    photo = shoot("tripitz", layout, 302022, "lowlight")
    assert photo.truth["cells"]["58"] == "GSL"

    def star():
        return _read_token_at(photo, layout, "58", "silent")

    assert star().label == "GSL"
    monkeypatch.setattr(token_reader, "UNHUED_MARGIN", 2.0)  # lightness and chroma never name
    assert star().label == "GSW"


def test_a_star_whose_face_fits_its_ink_as_well_as_a_triangles_is_sure(monkeypatch):
    """Second family, low light, read from a JPEG file: a light-blue star's outline fits
    its token's edges clearly, while its ink's colour fits the star's face and a
    triangle's (each where its outline fits) within a hair (``FACE_TIE``): the colour cue
    does not name another symbol, and the star is sure.  Counting the hair as a
    disagreement leaves it uncertain (``shape``)."""
    layout = load_layout()
    photo = shoot("tripitz", layout, 302002, "lowlight")
    assert photo.truth["cells"]["58"] == "GSL"

    def star():
        return _read_token_at(photo, layout, "58")

    sure = star()
    assert sure.label == "GSL" and not sure.uncertain
    monkeypatch.setattr(token_reader, "FACE_TIE", 0.0)
    assert star().doubt == "shape"


def test_thick_tokens_are_read_on_the_plane_of_their_tops(monkeypatch):
    """Second family, steep photos read from JPEG files: tokens of card (1.3 mm) and of wood
    (3.3 mm) seen at a slant.  The plane whose view puts the tokens' symbols nearest their
    cavities' centres (``whole_tokens``) lies within 0.75 mm (a step of the planes tried)
    of the tokens' thickness, and every cavity reads right.  Counting the cavities wholly
    one colour, as a board read by colour alone does, misses by more than that: most of a
    token's cavity is its symbol, whatever the plane."""
    from printkit.vision import read

    layout = load_layout()
    piece_height = read._piece_height
    heights = {}

    def spy(model, *args, **kwargs):
        plane = piece_height(model, *args, **kwargs)
        heights["tokens"] = plane.height
        heights["colour"] = piece_height(replace(model, whole=None), *args, **kwargs).height
        return plane

    monkeypatch.setattr(read, "_piece_height", spy)
    misses = []
    for seed in (305000, 305002):
        photo = shoot("tripitz", layout, seed, "steep")
        reading = read_as_file(photo.image, "tripitz", layout)
        assert score_reading(reading, photo).wrong == ()
        thickness = photo.truth["thickness"]
        assert abs(heights["tokens"] - thickness) <= 0.75
        misses.append(abs(heights["colour"] - thickness))
    assert min(misses) > 0.75


def test_a_white_ink_tinted_light_blue_under_a_streak_of_reflection_is_uncertain(monkeypatch):
    """Second family, a pair of glare photos' first, read from a JPEG file: a reflection's
    streak crosses a yellow token's light-blue triangle and lifts it to white, while the
    body round it is lifted too little for the veil test.  The ink still leans towards
    light blue and over a quarter of its core is nearest it: the token is uncertain
    (glare), and no cell of the photo is silently wrong.  Blind to the tint, it is read
    surely white."""
    layout = load_layout()
    photo = shoot("tripitz", layout, 301509, "glare", position=301509)
    assert photo.truth["cells"]["70"] == "YTL"
    token = _read_token_at(photo, layout, "70", clean="silent")
    assert token.label == "YTW" and token.uncertain and token.doubt == "glare"
    monkeypatch.setattr(token_reader, "TINT_CHROMA", math.inf)
    blind = read_as_file(photo.image, "tripitz", layout)
    assert "70" in score_reading(blind, photo).silent


def test_a_white_ink_is_doubted_only_when_tinted_and_partly_light_blue():
    """``_tinted`` by case: an unhued ink, an ink tinted away from light blue's hue and a
    tinted ink whose core is all white are white; a tinted ink with a fifth of its core
    nearest light blue may be light blue."""
    symbols = {
        SymbolColour.WHITE: np.array([96.0, 0.0, 0.0], np.float32),
        SymbolColour.LIGHT_BLUE: np.array([80.0, -10.0, -25.0], np.float32),
        SymbolColour.GREY: np.array([60.0, 0.0, 0.0], np.float32),
        SymbolColour.BLACK: np.array([20.0, 0.0, 0.0], np.float32),
    }
    white = np.tile(symbols[SymbolColour.WHITE], (80, 1))
    split = np.concatenate([white[:64], np.tile(symbols[SymbolColour.LIGHT_BLUE], (16, 1))])
    tinted, unhued, away = (np.array(v, np.float32) for v in ([95, -3, -6], [96, 0, 0], [95, 3, 6]))
    tinted_ = token_reader._tinted
    assert tinted_(split, tinted, symbols)
    assert not tinted_(white, tinted, symbols)
    assert not tinted_(split, unhued, symbols)
    assert not tinted_(split, away, symbols)
    assert not tinted_(split[:70], tinted, symbols)  # a share of 6 in 70, below 0.15
