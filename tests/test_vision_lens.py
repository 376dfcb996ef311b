"""A wide lens bends the board's straight printed lines: the reader fits the distortion
with the board's homography to where the lines and markers were found and undoes it."""

from __future__ import annotations

import math
import warnings

import cv2
import numpy as np
import pytest
from conftest import (
    corners_shaped_by_the_rough_fit,
    light_through_every_white_sample,
    read_as_file,
    without_clear_of_lean,
)

from printkit.errors import PhotoError
from printkit.layout.config import load_layout
from printkit.vision import read as reader
from printkit.vision.lens import EXPLAINS, STRAIGHT, Lens, Undone, fit_lens, framed
from printkit.vision.model import board_models
from printkit.vision.photoshoot import shoot
from printkit.vision.synth import score_reading

SHAPE = (3000, 4000)
BOARD = np.array([[8.0, 0.4, 600.0], [-0.8, 7.6, 300.0], [0.0001, 0.0002, 1.0]])
"""Board mm → undistorted px: a tilted view of a board 360 mm wide filling the frame."""


def _grid_lines(side: float = 20.0, cells: int = 18) -> tuple[np.ndarray, np.ndarray]:
    """The midpoints and unit normals (mm) of a triangle grid's sides."""
    where, normal = [], []
    height = side * math.sqrt(3) / 2
    for row in range(cells):
        for col in range(cells - row):
            a = np.array([col * side + row * side / 2, row * height])
            for d in (0, 60, 120):
                t = np.radians(d)
                where.append(a + side / 2 * np.array([math.cos(t), math.sin(t)]))
                normal.append([-math.sin(t), math.cos(t)])
    return np.array(where), np.array(normal)


def _seen(lens: Lens, pts: np.ndarray) -> np.ndarray:
    """Board points as the lens shows them in the photo."""
    h = np.column_stack([pts, np.ones(len(pts))]) @ BOARD.T
    return lens.to_photo(h[:, :2] / h[:, 2:])


@pytest.mark.parametrize("k", [-0.15, -0.08, 0.06])
def test_photo_points_go_back_where_the_lens_took_them(k):
    lens = Lens(k, SHAPE, 0.9)
    where, _ = _grid_lines()
    pts = _seen(Lens(0.0, SHAPE), where)
    assert np.abs(lens.from_photo(lens.to_photo(pts)) - pts).max() < 1e-6


@pytest.mark.parametrize("k", [-0.15, -0.10, 0.05])
def test_the_lens_and_the_board_are_fitted_to_the_printed_lines(k):
    """Lines seen through a known lens (each through a point 0.3 px off at random): the
    fit finds the lens and puts every grid point within a pixel of where it shows."""
    rng = np.random.default_rng(7)
    where, normal = _grid_lines()
    truth = Lens(k, SHAPE)
    along = np.stack([normal[:, 1], -normal[:, 0]], axis=1)
    on_line = where + rng.uniform(-8, 8, (len(where), 1)) * along
    seen = _seen(truth, on_line) + rng.normal(0, 0.3, on_line.shape)
    corners = np.array([[0, 0], [360, 0], [360, 312], [0, 312]], float)
    lens, h, off, flat = fit_lens(where, normal, seen, SHAPE, corners)
    assert lens.k == pytest.approx(k, abs=0.005)
    assert off < 0.1 and flat > EXPLAINS * off
    mapped = np.column_stack([where, np.ones(len(where))]) @ h.T
    shown = lens.to_photo(mapped[:, :2] / mapped[:, 2:])
    assert np.linalg.norm(shown - _seen(truth, where), axis=1).max() < 1.0


def test_lines_through_a_straight_lens_ask_for_no_correction():
    """A flat view, its lines measured with noise: some k fits the noise a little better,
    never twice as well as the homography alone, so no lens is fitted."""
    rng = np.random.default_rng(3)
    where, normal = _grid_lines()
    corners = where[:4]
    seen = _seen(Lens(0.0, SHAPE), where)
    assert fit_lens(where, normal, seen, SHAPE, corners) is None
    assert fit_lens(where, normal, seen + rng.normal(0, 0.5, seen.shape), SHAPE, corners) is None
    lens, *_ = fit_lens(where, normal, _seen(Lens(-0.03, SHAPE), where), SHAPE, corners)
    assert lens.k == pytest.approx(-0.03, abs=0.002) and abs(lens.k) >= STRAIGHT


def test_the_board_stays_in_the_frame_of_the_undone_photo():
    corners = _seen(Lens(0.0, SHAPE), np.array([[0, 0], [360, 0], [360, 312], [0, 312]], float))
    lens = framed(-0.15, SHAPE, Lens(-0.15, SHAPE).from_photo(corners))
    inside = lens.from_photo(corners)
    assert lens.scale < 1
    assert (inside >= 0).all() and (inside < [SHAPE[1], SHAPE[0]]).all()


def test_undoing_the_lens_straightens_a_photographed_line():
    """A straight row of dots photographed through a barrel lens bends; the photo with the
    lens undone shows it straight again."""

    lens = Lens(-0.15, SHAPE)
    image = np.full((*SHAPE, 3), 255, np.uint8)
    row = np.column_stack([np.linspace(300, 3700, 12), np.full(12, 400.0)])
    for x, y in lens.to_photo(row):
        cv2.circle(image, (round(x), round(y)), 9, (0, 0, 0), -1)
    undone = lens.undo(image)
    grey = cv2.cvtColor(undone, cv2.COLOR_BGR2GRAY)
    count, _, _, centres = cv2.connectedComponentsWithStats((grey < 128).astype(np.uint8))
    dots = centres[1:]
    assert count - 1 == 12
    assert np.ptp(lens.to_photo(row)[:, 1]) > 50  # bent in the photo
    assert np.ptp(dots[:, 1]) < 1.5  # straight once undone


def test_a_board_rectified_through_the_lens_lies_where_lens_and_homography_put_it():
    """Rectifying through ``Undone`` maps each pixel through the homography and the lens
    at once, interpolating between exact points a few pixels apart: every pixel (edges
    included) within 0.02 px of the exact map, and a dot drawn in the photo where the lens
    puts a board point comes out at that point, as it does through the whole photo undone
    first."""
    lens = Lens(-0.15, SHAPE, 0.9)
    bounds, px_per_mm = (0.0, 0.0, 300.0, 250.0), 4.0
    to_rect = reader._board_to_rect(bounds, px_per_mm)
    to_view = BOARD @ np.linalg.inv(to_rect)
    size = (1200, 1000)
    maps = Undone(np.zeros((*SHAPE, 3), np.uint8), lens).maps(to_view, size)
    ys, xs = np.mgrid[0 : size[1], 0 : size[0]]
    pixels = np.stack([xs, ys], axis=-1).reshape(-1, 1, 2).astype(np.float64)
    exact = lens.to_photo(cv2.perspectiveTransform(pixels, to_view).reshape(-1, 2))
    assert maps.shape == (size[1], size[0], 2)
    assert np.abs(maps.reshape(-1, 2) - exact).max() < 0.02

    board_dots = np.array([[20.0, 20.0], [150.0, 125.0], [280.0, 230.0], [30.0, 220.0]])
    image = np.full((*SHAPE, 3), 255, np.uint8)
    photo_dots = lens.to_photo(cv2.perspectiveTransform(board_dots[:, None], BOARD)[:, 0])
    for x, y in photo_dots:
        cv2.circle(image, (round(x), round(y)), 12, (0, 0, 0), -1)
    for view in (Undone(image, lens), lens.undo(image)):
        flat = reader.rectify(view, BOARD, bounds, px_per_mm)
        dark = (flat.mean(axis=2) < 0.5).astype(np.uint8)
        count, _, _, centres = cv2.connectedComponentsWithStats(dark)
        found = centres[1:] / px_per_mm
        assert count - 1 == len(board_dots)
        nearest = np.linalg.norm(found[:, None] - board_dots[None], axis=2).min(axis=0)
        assert nearest.max() < 0.3  # mm: the dots are drawn at whole pixels


@pytest.mark.parametrize(
    "game, seed, unsure",
    [("tripakus", 306004, 0.01), ("triominoes", 306005, 0.1)],
    ids=["lines-bent", "colour-strips-bent"],
)
def test_a_photo_through_a_wide_lens_reads_right(game, seed, unsure, monkeypatch):
    """Photos from the second family through an ultra-wide lens (barrel k ≈ -0.1 to -0.16).
    Without the lens fitted, the first is refused for lines off any flat view and the
    second for a colour strip bent out of place (or, its missed marker found by its
    pattern, read with cells wrong, each flagged); with it both read with no cell wrong,
    uncertain only where no printed line shows (the Triominoes board's bare edge row
    beyond its markers)."""
    layout = load_layout()
    photo = shoot(game, layout, seed, "lens")
    reading = reader.read_image(photo.image, game, layout)
    score = score_reading(reading, photo)
    assert reading.lens is not None and reading.lens.k < -0.05
    assert not score.wrong
    assert len(score.uncertain) <= unsure * score.cells
    assert all(reading.cells[k].doubt == "misplaced" for k in reading.uncertain)
    monkeypatch.setattr(reader, "_lens_fitted", lambda *args: None)
    try:
        straight = reader.read_image(photo.image, game, layout)
    except PhotoError:
        return
    flat = score_reading(straight, photo)
    assert flat.wrong and not flat.silent


def test_planes_a_cell_or_two_apart_in_their_count_leave_the_cells_they_dispute_unsettled(
    monkeypatch,
):
    """TriPakus lens 306392 (second family), read from its JPEG file: thick wooden pieces
    through a wide lens, the lens undone.  Planes whose counts lie a cell or two apart
    are alike (``ALIKE_COUNT``): a cell they read differently is uncertain (``thickness``),
    though here the best plane alone reads it right.  Counted alike only when equal, the
    cell is sure.  (In TriPakus lens 306393, before only line-shaped dips counted as
    printed lines, such a cell was read wrongly by the best plane: silently, but for
    this rule.)  The paper such a cell shows beyond its neighbours' reach, a later cue
    that makes it bare, is not asked (``_clear_of_lean``)."""
    without_clear_of_lean(monkeypatch)
    layout = load_layout()
    photo = shoot("tripakus", layout, 306392, "lens")
    seen = read_as_file(photo.image, "tripakus", layout)
    assert photo.truth["thickness"] > 3 and seen.lens is not None
    assert not score_reading(seen, photo).wrong
    monkeypatch.setattr(reader, "ALIKE_COUNT", 0)
    strict = read_as_file(photo.image, "tripakus", layout)
    assert not score_reading(strict, photo).wrong
    disputed = set(seen.uncertain) - set(strict.uncertain)
    assert disputed and all(seen.cells[k].doubt == "thickness" for k in disputed)


def test_cells_a_lens_not_kept_reads_surely_otherwise_are_uncertain():
    """Where the board read again under a lens that is not kept (the lines lie no
    straighter) reads a cell surely as something else, neither reading places it for sure:
    the cell is uncertain (``misplaced``).  A cell either reading already doubts, or that
    both read alike, is left as it was, and a doubt already named is kept."""
    cell = reader.CellReading
    cells = {
        "apart": cell("empty", 0.9, "red", 20.0, False),
        "alike": cell("red", 0.9, "empty", 20.0, False),
        "doubted here": cell("empty", 0.4, "red", 5.0, True, doubt="glare"),
        "doubted there": cell("red", 0.9, "empty", 20.0, False),
    }
    other = {
        "apart": cell("red", 0.9, "empty", 20.0, False),
        "alike": cell("red", 0.8, "empty", 18.0, False),
        "doubted here": cell("red", 0.9, "empty", 20.0, False),
        "doubted there": cell("empty", 0.4, "red", 5.0, True),
    }
    out = reader._disputed(cells, other)
    assert out["apart"].uncertain and out["apart"].doubt == "misplaced"
    assert out["apart"].label == "empty"
    assert out["alike"] == cells["alike"]
    assert out["doubted here"] == cells["doubted here"]
    assert out["doubted there"] == cells["doubted there"]


TRIPOD_LENS = 306008
"""A second-family Tripod photo through a wide lens whose four markers place it well
enough to read without the lens, with a cell more uncertain."""


def test_a_board_without_shared_lines_takes_a_lens_that_lets_more_cells_be_sure(monkeypatch):
    """Tripod's hexagons share no printed lines: a lens fitted to its four markers is kept
    when the board then reads with fewer uncertain cells and no sure cell changed."""
    layout = load_layout()
    photo = shoot("tripod", layout, TRIPOD_LENS, "lens")
    reading = reader.read_image(photo.image, "tripod", layout)
    score = score_reading(reading, photo)
    assert reading.lens is not None and reading.lens.k < -0.05
    assert not score.wrong
    monkeypatch.setattr(reader, "_lens_fitted", lambda *args: None)
    straight = reader.read_image(photo.image, "tripod", layout)
    assert len(straight.uncertain) > len(reading.uncertain)


def test_a_lens_that_changes_a_sure_cell_is_not_taken_on_fewer_doubts_alone():
    from printkit.vision.read import CellReading, _surer

    def cell(label, uncertain=False):
        return CellReading(label, 0.5, "empty", 1.0, uncertain)

    before = {1: cell("empty", True), 2: cell("X"), 3: cell("O")}
    assert _surer({1: cell("empty"), 2: cell("X"), 3: cell("O")}, before)
    assert not _surer({1: cell("empty"), 2: cell("O"), 3: cell("O")}, before)
    assert not _surer({1: cell("empty", True), 2: cell("X"), 3: cell("O")}, before)
    assert _surer({1: cell("empty"), 2: cell("O"), 3: cell("O")}, before, decisive=True)
    assert not _surer({1: cell("empty", True), 2: cell("O"), 3: cell("O")}, before, True)


def test_a_lens_that_settles_lines_off_as_a_rule_is_kept_though_a_few_lines_fade():
    """Lines half a mm off the markers' fit (the photo would be refused as bent) and
    0.01 mm off once a lens is undone, eight of a hundred lost then, all in one corner (a
    dim photo's faint lines fade further when undone): the lens is kept, for it finds
    ``SETTLED_FOUND`` of the lines, though the cells only the lost lines judged go
    unjudged; losing fifteen, it is not.  Lines that were not off as a rule (0.2 mm)
    settled so are kept only where they judge about as many cells (``KEPT_JUDGED``)."""
    model = board_models("tripakus", load_layout())[1]
    edges = np.array(reader._shared_edges(model, set(model.cells))[:100], float)
    where = edges.mean(axis=1)
    along = edges[:, 1] - edges[:, 0]
    normal = np.stack([-along[:, 1], along[:, 0]], axis=1) / np.linalg.norm(along, axis=1)[:, None]
    corner = np.argsort(np.linalg.norm(where - where[0], axis=1))  # nearest the first first

    def lines(keep: np.ndarray, off: float) -> reader.Lines:
        return reader.Lines(where[keep], normal[keep], np.full(len(keep), off))

    before = lines(corner, 0.5)
    faded, lost = lines(corner[8:], 0.01), lines(corner[15:], 0.01)
    judged = len(reader._near_lines(model, before))
    assert len(reader._near_lines(model, faded)) < reader.KEPT_JUDGED * judged
    assert reader._straighter(model, faded, before)
    assert not reader._straighter(model, lost, before)
    assert not reader._straighter(model, faded, lines(corner, 0.2))
    assert reader._straighter(model, lines(corner, 0.01), lines(corner, 0.2))


OFFSETS = np.linspace(-reader.LINE_SEARCH, reader.LINE_SEARCH, 17)
PAPER = 0.85


def _across(dips: list[tuple[float, float]], base=None) -> np.ndarray:
    """One place's grey profile across a cell's side: paper (or ``base``, per offset)
    with a dip of each (offset mm, depth), a printed line's width."""
    grey = np.full(len(OFFSETS), PAPER) if base is None else np.asarray(base, float)
    for at, depth in dips:
        grey = grey - depth * np.exp(-(((OFFSETS - at) / 0.25) ** 2))
    return grey


def test_a_printed_line_is_a_thin_dip_with_paper_both_sides_straight_along_its_side():
    """Profiles across five bare cells' sides, at three places along each: a printed line
    0.6 mm off is found there to a twentieth of a mm, one place's speck elsewhere
    notwithstanding; a shadow's edge darkening one side, with a faint dip at the edge
    deeper than paper's noise (as beside a thick piece in TriPakus lens 306002), is no
    line; nor is a dip that moves three samples from place to place (an edge crossing
    the side slantwise), nor one at the window's end."""
    line = _across([(0.6, 0.12)])
    speck = _across([(0.6, 0.12), (-1.5, 0.2)])
    shadow = np.where(OFFSETS < -0.9, 0.62, 0.79)
    edge = _across([(-0.9, 0.02)], shadow)
    slant = [_across([(at, 0.3)]) for at in (-0.75, 0.0, 0.75)]
    end = _across([(2.0, 0.15)])
    samples = np.array([[line] * 3, [line, line, speck], [edge] * 3, slant, [end] * 3])
    found, shown = reader._lines_across(samples, OFFSETS)
    assert shown.tolist() == [True, True, False, False, False]
    assert found[:2] == pytest.approx([0.6, 0.6], abs=0.05)
    # Against the paper's median alone (every dip across, wherever): each taken for a line.
    mean = samples.mean(axis=1)
    assert (np.median(mean, axis=1) - mean.min(axis=1) >= reader.LINE_DIP)[2:4].all()


@pytest.mark.parametrize("seed", [306002, 306013])
def test_a_wide_lens_is_fitted_to_printed_lines_not_to_pieces_edges(seed, monkeypatch):
    """TriPakus lens photos read from their JPEG files, at full size (4000 × 3000: the
    board is too coarse at half size): the thick pieces' sides and shadows beside bare
    cells darken one side of some cell edges.  Taking only line-shaped dips for lines,
    the lens is fitted and every cell read right, but for at most one beside a thick
    piece that its planes leave uncertain (``thickness``); taking every dip (the paper's median
    against the darkest sample, wherever it lies), the lens fit fails and the photo is
    refused as bent, its light fitted through every white sample (read under RANSAC's
    fit of the markers alone: 306013 reads right under the fit through every marker
    corner, ``_every_corner_fit``, however the lines are found; and 306002 reads right
    when the cells a leaning piece mixes are read clear of the lean, ``_clear_of_lean``:
    their lines then place the lens however dips count, so that cue is not asked here).
    306013 is no longer refused so: one of its readings under a light fitted through
    every white sample sees a whole colour strip brighter than the paper, and the colour
    map, leaving that strip out (``_colour_fit``), holds where it failed; the lens is then
    fitted and no cell read wrong surely even with every dip taken for a line."""
    layout = load_layout()
    photo = shoot("tripakus", layout, seed, "lens")
    reading = read_as_file(photo.image, "tripakus", layout)
    assert reading.lens is not None and reading.lens.k < -0.05
    score = score_reading(reading, photo)
    assert set(score.wrong) <= set(score.uncertain) and len(score.uncertain) <= 1
    every_dip = lambda profiles, k: np.median(profiles, axis=-1) - profiles.min(axis=-1)  # noqa: E731
    monkeypatch.setattr(reader, "_dips", every_dip)
    monkeypatch.setattr(reader, "_straight_along", lambda samples, k: np.ones(len(k), bool))
    monkeypatch.setattr(reader, "_every_corner_fit", lambda *args: None)
    without_clear_of_lean(monkeypatch)
    light_through_every_white_sample(monkeypatch)  # 306013: one lies on a piece's side
    if seed == 306013:
        assert score_reading(read_as_file(photo.image, "tripakus", layout), photo).silent == ()
        return
    with pytest.raises(PhotoError, match="printed lines"):
        read_as_file(photo.image, "tripakus", layout)


def test_a_decisive_lens_places_the_cells_a_flat_reading_puts_off(monkeypatch):
    """Second family, a Tripod wide-lens photo read from its JPEG file: its cells share no
    printed lines, so the lens (k -0.14) is kept only if the board reads surer under it.
    Flat, a bare cell the bend puts off reads surely as a white stone, sure cells differ
    between the two readings, and without more the flat reading is kept (that cell then
    uncertain, ``misplaced``).  The lens puts the lines 30 times nearer than a homography
    alone (``DECISIVE``): it places the cells, and every cell reads right.

    The detector misses one of its markers, found by its pattern.  Taken at the corners its
    place and the rough fit's shape give (``corners_shaped_by_the_rough_fit``),
    as when this was measured, the lens is seen; with each corner sought on its own, it is
    not (one bare cell then read as a stone, uncertain: no cell silently wrong)."""
    layout = load_layout()
    photo = shoot("tripod", layout, 306000, "lens")
    sought = read_as_file(photo.image, "tripod", layout)
    assert score_reading(sought, photo).silent == ()
    corners_shaped_by_the_rough_fit(monkeypatch)
    reading = read_as_file(photo.image, "tripod", layout)
    assert reading.lens is not None and reading.lens.k < -0.1
    score = score_reading(reading, photo)
    assert score.wrong == () and score.silent == ()
    monkeypatch.setattr(reader, "DECISIVE", math.inf)
    flat = read_as_file(photo.image, "tripod", layout)
    assert flat.lens is None
    flat_score = score_reading(flat, photo)
    assert flat_score.silent == () and len(flat_score.uncertain) > len(score.uncertain)
    assert any(flat.cells[k].doubt == "misplaced" for k in flat.cells)


def test_a_photo_whose_lines_do_not_show_sights_no_lens():
    """Second family, dim light (302018): no printed line shows before any cell is read,
    and no lens is sighted then (``_read_sighted``), nor a median taken of no lines (numpy
    warns of an empty slice): the board is read flat, nothing silent."""
    layout = load_layout()
    photo = shoot("tripakus", layout, 302018, "lowlight")
    with warnings.catch_warnings():
        warnings.simplefilter("error", RuntimeWarning)
        reading = read_as_file(photo.image, "tripakus", layout)
    assert reading.lens is None and score_reading(reading, photo).silent == ()
