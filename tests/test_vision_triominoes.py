"""Reading Triominoes tiles on the printed photo mat: the mat, random layouts, photos."""

from __future__ import annotations

import math
from dataclasses import replace
from functools import cache

import cv2
import numpy as np
import pypdfium2 as pdfium
import pytest
from conftest import layout_for, named_cells, printed_before_the_second_strip, read_as_file, run_cli
from shapely.geometry import Polygon as ShapelyPolygon
from shapely.geometry import box as shapely_box
from shapely.ops import unary_union

from printkit.draw.lattice import tri_point, tri_polygon
from printkit.draw.model import Affine, Document, Text
from printkit.draw.pdf import pdf_bytes
from printkit.errors import FitError, PhotoError
from printkit.games.triominoes import components, reader
from printkit.games.triominoes import kit as tkit
from printkit.games.triominoes.components import Settings, layout_drawing
from printkit.games.triominoes.kit import mat_picture, mat_sheets
from printkit.games.triominoes.mat import mat_plan
from printkit.games.triominoes.reader import classify, random_layout, tile_items
from printkit.games.triominoes.rules import clockwise_corners
from printkit.games.triominoes.tiles import parse_tile
from printkit.layout.config import load_layout
from printkit.layout.paper import PAPER_SIZES
from printkit.records.check import check_record
from printkit.records.common import parse_tri_cell
from printkit.records.io import load_record
from printkit.records.model import Record
from printkit.records.position import position_record
from printkit.vision import printed
from printkit.vision.command import reading_cells
from printkit.vision.markers import detect_markers
from printkit.vision.model import board_models
from printkit.vision.photoshoot import shoot
from printkit.vision.read import read_image
from printkit.vision.scenes import synthetic_photo
from printkit.vision.synth import LEVELS, degrade, render_board, score_reading

DPI = 300
PX = DPI / 25.4
PAPERS = ["a4", "letter"]


def _model(paper: str = "a4"):
    (model,) = board_models("triominoes", layout_for(paper__size=paper))
    return model


def _raster(page) -> np.ndarray:
    doc = pdfium.PdfDocument(pdf_bytes(Document("t", [page])))
    try:
        return np.ascontiguousarray(
            doc[0].render(scale=DPI / 72, fill_color=(255, 255, 255, 255)).to_numpy()[..., :3]
        )
    finally:
        doc.close()


# --- the printed mat -------------------------------------------------------------------------


def test_the_kit_prints_the_mat_and_exposes_its_model():
    layout = layout_for()
    stems = [s.stem for s in tkit.sheets(layout)]
    assert "mat" in stems and stems[-1] == "score-sheet"
    assert reader.board_models(layout)[0].variant == "mat"
    assert [m.variant for m in board_models("triominoes", layout)] == ["mat"]


@pytest.mark.parametrize("paper", [*PAPERS, "a5"])
def test_mat_fits_the_paper_and_keeps_markers_and_strip_off_the_grid(paper):
    layout = layout_for(paper__size=paper)
    (sheet,) = mat_sheets(layout)
    page = sheet.front
    w, h = page.width, page.height
    assert sorted((w, h)) == sorted(PAPER_SIZES[paper])
    margin = layout.margin
    for item in page.items:  # text by its anchor point: its box here is only a rough guess
        points = [item.position] if isinstance(item, Text) else list(item.all_points())
        for x, y in points:
            assert margin - 1e-6 <= x <= w - margin + 1e-6, item
            assert margin - 1e-6 <= y <= h - margin + 1e-6, item
    model = _model(paper)
    assert len(model.markers) >= 4 and all(40 <= m.id <= 49 for m in model.markers)
    assert len(model.marker_ids) == len(model.markers)
    grid = unary_union([ShapelyPolygon(p) for p in model.cells.values()])
    for marker in model.markers:
        quiet = marker.side / 2 + marker.side / 6
        cx, cy = marker.centre
        square = shapely_box(cx - quiet, cy - quiet, cx + quiet, cy + quiet)
        assert grid.distance(square) > 1.0, marker.id
    reach = [(m.centre, m.side * 2 / 3) for m in model.markers]  # the quiet zone's half side
    footprints = unary_union(
        [
            shapely_box(x - q, y - q, x + q, y + q + 3.0)  # and id label
            for (x, y), q in reach
        ]
    )
    for patch in model.patches:
        ring = ShapelyPolygon(patch.ring)
        assert grid.distance(ring) > 1.0 and footprints.distance(ring) > 1.0, patch.name
        assert ring.area >= 25.0  # the reader samples a 4 mm square in the middle
    # Every page point of the model (markers, patches, white paper) is inside the sheet.
    bx0, by0, bx1, by1 = model.bounds
    for x, y in [*model.white, *(p.centre for p in model.patches)]:
        assert bx0 < x < bx1 and by0 < y < by1


@pytest.mark.parametrize("paper", PAPERS)
def test_strip_holds_white_black_the_face_and_every_number_ink(paper):
    """The mat prints its strip twice (the second down the right band, the model's
    ``added_patches``), each whole: white, black, the face and every number ink."""
    model = _model(paper)
    first = model.added_from
    assert model.added_patches == first
    for strip in (model.patches[:first], model.patches[first:]):
        colours = [p.colour.lower() for p in strip]
        assert colours[:2] == ["#ffffff", "#000000"]
        assert set(colours) == {
            "#ffffff",
            "#000000",
            components.FACE.lower(),
            *(c.lower() for c in components.NUMBER_INKS),
        }
        assert len(colours) == 3 + len(components.NUMBER_INKS)


@pytest.mark.parametrize("paper", PAPERS)
def test_markers_print_where_the_reader_expects_them(paper):
    layout = layout_for(paper__size=paper)
    (sheet,) = mat_sheets(layout)
    model = _model(paper)
    plan = mat_plan(tkit.sized(layout))
    found = {d.id: d for d in detect_markers(_raster(sheet.front))}
    assert set(found) == model.marker_ids
    for marker in model.markers:
        expected = np.array([plan.to_page(p) for p in marker.corners])
        assert np.abs(found[marker.id].corners / PX - expected).max() < 0.3, marker.id


def test_grid_cells_are_tiles_and_carry_their_record_names():
    layout = layout_for()
    side = layout.section(Settings).tile
    model = _model()
    plan = mat_plan(tkit.sized(layout))
    assert len(model.cells) == plan.rows * plan.cols >= 40
    names = {
        item.text: item.position
        for item in mat_sheets(layout)[0].front.items
        if isinstance(item, Text) and item.text.startswith("(")
    }
    back = Affine.translate(-plan.to_page.e, -plan.to_page.f)
    record = Record(game="triominoes", kind="position")
    for cell, outline in model.cells.items():
        assert outline == tri_polygon(cell, side)
        for k in range(3):
            assert math.isclose(math.dist(outline[k], outline[k - 1]), side)
        name = model.cell_key(cell)
        assert parse_tri_cell(name, record) == tuple(cell)
        cx = sum(p[0] for p in outline) / 3
        cy = sum(p[1] for p in outline) / 3
        assert math.dist(back(names[name]), (cx, cy)) < 0.01  # printed at the cell's centre


def test_too_big_a_tile_for_the_mat_names_the_largest():
    with pytest.raises(FitError, match=r"photo mat .* largest that fits is \d+\.\d mm"):
        mat_sheets(layout_for(triominoes__tile=250.0))


# --- random layouts --------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(5))
def test_random_layouts_are_legal_positions_on_the_mat(seed):
    cells = set(_model().cells)
    placed = random_layout(cells, np.random.default_rng(seed), 25)
    assert len(placed) >= 10 and set(placed) <= cells
    record = position_record(
        "triominoes", {f"({r},{c})": "-".join(map(str, v)) for (r, c), v in placed.items()}
    )
    report = check_record(record)
    assert report.valid, [f.message for f in report.findings]


def test_a_drawn_tile_shows_its_reading_clockwise_from_the_reference_corner():
    """Each number sits nearest the corner the reading puts it on, whatever the turn."""
    layout = layout_for()
    side = layout.section(Settings).tile
    for cell, reading in (((0, 0), (1, 2, 0)), ((0, 1), (5, 3, 4)), ((1, 1), (2, 2, 4))):
        corners = tri_polygon(cell, side)
        ordered = [tri_point(v, side) for v in clockwise_corners(cell)]
        assert set(ordered) == set(corners)
        digits = [
            i for i in tile_items(reading, cell, layout) if isinstance(i, Text) and len(i.text) == 1
        ]
        for value, corner in zip(reading, ordered, strict=True):
            nearest = min(digits, key=lambda t: math.dist(t.position, corner))
            assert int(nearest.text) == value


# --- reading photos --------------------------------------------------------------------------


@cache
def _photo(seed: int, level: str, paper: str = "a4"):
    return synthetic_photo("triominoes", layout_for(paper__size=paper), seed, level)


def _read(photo, paper: str = "a4"):
    return read_image(photo.image, "triominoes", layout_for(paper__size=paper))


HARD = [(20_000 + k, "a4") for k in range(4)] + [(20_100 + k, "letter") for k in range(2)]


@pytest.mark.parametrize(("seed", "paper"), HARD)
def test_hard_photos_read_without_silent_errors(seed, paper):
    photo = _photo(seed, "hard", paper)
    score = score_reading(_read(photo, paper), photo)
    assert score.cells == len(_model(paper).cells)
    assert not score.silent
    assert len(score.wrong) <= 1  # 0.5 % of ~45 cells is a fraction of one cell


def test_hard_set_reaches_the_target():
    cells = wrong = tiles = 0
    for seed, paper in HARD:
        photo = _photo(seed, "hard", paper)
        score = score_reading(_read(photo, paper), photo)
        cells += score.cells
        wrong += len(score.wrong)
        tiles += sum(v != "empty" for v in photo.truth["cells"].values())
    assert tiles >= 40  # the set holds real positions, not empty mats
    assert wrong / cells <= 0.005


def test_easy_photo_to_position_record_checks_valid():
    photo = _photo(10_001, "easy")
    reading = _read(photo)
    assert score_reading(reading, photo).exact
    cells, uncertain, _ = reading_cells(reading)
    record = position_record("triominoes", cells, uncertain)
    truth = {k: v for k, v in photo.truth["cells"].items() if v != "empty"}
    assert truth and record.cells == truth
    assert check_record(record).valid


def test_printkit_read_writes_the_tiles_and_the_verdict(tmp_path, capsys, monkeypatch):
    photo = _photo(10_001, "easy")
    path = tmp_path / "mat.jpg"
    cv2.imwrite(str(path), photo.image, [cv2.IMWRITE_JPEG_QUALITY, 90])
    out = tmp_path / "position.json"
    code, text, err = run_cli(
        ["read", str(path), "--game", "triominoes", "--out", str(out), "--debug", str(tmp_path)],
        capsys,
        monkeypatch,
    )
    assert code == 0, text + err
    assert "verdict: valid" in text
    truth = {k: v for k, v in photo.truth["cells"].items() if v != "empty"}
    assert load_record(out).cells == truth
    assert cv2.imread(str(tmp_path / "mat-read.png")) is not None


def test_outline_ink_is_refused_for_reading():
    with pytest.raises(PhotoError, match="ink"):
        board_models("triominoes", layout_for(print__ink="outline"))


def _clean_reading(readings: dict) -> dict:
    """Tiles with any readings (even impossible ones) on the mat, photographed gently."""
    layout = layout_for()
    model = _model()
    picture = mat_picture(layout)
    drawn = layout_drawing(readings, [], "#000000", layout)
    picture.extend(
        i for i in drawn.items if getattr(i, "style", None) is None or i.style.stroke != "#dddddd"
    )  # not the faint grid round the tiles
    image, _ = degrade(
        render_board(picture, model.bounds), model, LEVELS["easy"], np.random.default_rng(1)
    )
    return read_image(image, "triominoes", layout).cells


def test_impossible_and_repeated_tiles_are_uncertain():
    """0-2-1 is no tile's reading (the mirror of 0-1-2); 1-1-3 twice cannot be."""
    with pytest.raises(ValueError):
        parse_tile("0-2-1")
    odd = {(1, 1), (1, 5), (2, 8)}
    cells = _clean_reading(
        {(1, 1): (0, 2, 1), (1, 5): (1, 1, 3), (2, 8): (1, 1, 3), (3, 1): (4, 4, 5)}
    )
    assert all(cells[c].uncertain for c in odd)
    assert cells[(3, 1)].label == "4-4-5" and not cells[(3, 1)].uncertain
    assert not any(c.uncertain for k, c in cells.items() if k not in odd)
    assert sum(c.label != "empty" for c in cells.values()) == 4


def test_classify_is_the_models_hook():
    assert _model().classify is classify


def test_ink_between_two_numbers_is_settled_only_by_a_clear_outline():
    """Ink muted between the 2's and the 0's (black) ink: a clear 2 outline settles it, an
    unclear one or one clearly of a third number leaves it uncertain; a clear ink is never
    overruled by the outline, only doubted."""
    between = np.array([1.0, 5.0, 1.2, 5.0, 5.0, 5.0])  # 0 nearest, 2 nearly as near
    clear_two = np.array([0.3, 0.2, 0.6, 0.25, 0.3, 0.35])
    assert reader._number(between, clear_two)[::2] == (2, True)
    assert reader._number(between, np.array([0.5, 0.2, 0.55, 0.2, 0.3, 0.3]))[::2] == (0, False)
    assert reader._number(between, np.array([0.3, 0.2, 0.3, 0.25, 0.7, 0.3]))[::2] == (0, False)
    assert reader._number(between, None)[::2] == (0, False)
    clear_three = np.array([5.0, 5.0, 5.0, 1.0, 5.0, 5.0])
    assert reader._number(clear_three, clear_two)[::2] == (3, False)
    assert reader._number(clear_three, np.array([0.2, 0.2, 0.2, 0.6, 0.2, 0.2]))[::2] == (3, True)
    assert reader.SHAPE_SURE > reader.SHAPE_MARGIN


def test_a_mat_cell_whose_name_shows_is_bare_even_under_a_reflection(monkeypatch):
    """Second family, a reflection over the mat: a cell whose printed name shows clearly
    (no tile lets it through) is bare and sure; without that cue at least 8 more cells
    are uncertain.  No cell is silently wrong."""
    layout = load_layout()
    photo = shoot("triominoes", layout, 301002, "glare", frame=(2400, 1800))
    seen = read_image(photo.image, "triominoes", layout)
    assert score_reading(seen, photo).silent == ()
    monkeypatch.setattr(reader, "NAME_SURE", 2.0)  # a name never settles a cell
    colour_only = read_image(photo.image, "triominoes", layout)
    assert len(seen.uncertain) + 8 <= len(colour_only.uncertain)


def test_a_cell_read_empty_must_show_its_name_where_the_photo_shows_names(monkeypatch):
    """Second family, a glare pair's second photo read from its JPEG file: a reflection
    washes the top row's tiles so pale that tile (0,6) shows no ink and no cream, and it
    read empty, surely, though its cell's printed name fits at under half the bare cells'
    (a tile hides the name).  Where names show, such a cell is uncertain; the pair fused
    is then not silently wrong either."""
    from printkit.vision.fusion import fuse_readings

    layout = load_layout()
    first, second = (
        shoot("triominoes", layout, s, "glare", position=301302) for s in (301302, 301802)
    )
    seen = read_as_file(second.image, "triominoes", layout)
    cells = named_cells(seen)
    score = score_reading(seen, second)
    assert "(0,6)" in score.wrong and cells["(0,6)"].uncertain and score.silent == ()
    both = fuse_readings([read_as_file(first.image, "triominoes", layout), seen])
    assert score_reading(both, first).silent == ()
    monkeypatch.setattr(reader, "NAME_GONE", 0.0)
    blind = score_reading(read_as_file(second.image, "triominoes", layout), second)
    assert blind.silent == ("(0,6)",)


def test_an_empty_looking_cell_beside_a_hidden_name_must_show_its_own(monkeypatch):
    """Second family, a hands pair's second photo read from its JPEG file: two fingers
    lie over tile (0,9), covering its three corners; the tile's own code at its middle
    fits the cell's name at 0.44, and no corner shows ink: read empty, surely.  That is
    under half of what a showing name fits in this photo (``vision.printed.showing``), so
    its name reads hidden; judged against the median of the cells read empty, as it once
    was, it is just over half, and only the second cue tells: beside it, the name of
    (0,10) is gone under the same hand, and a cell read empty by its corners alone beside
    a hidden name is uncertain."""
    layout = load_layout()
    photo = shoot("triominoes", layout, 304033, "hands", position=303533)
    seen = read_as_file(photo.image, "triominoes", layout)
    cells = named_cells(seen)
    score = score_reading(seen, photo)
    assert "(0,9)" in score.wrong and cells["(0,10)"].doubt == "name hidden"
    assert cells["(0,9)"].doubt == "name hidden" and score.silent == ()
    monkeypatch.setattr(printed, "SHOWING", 0.5)  # the median
    seen = read_as_file(photo.image, "triominoes", layout)
    cells = named_cells(seen)
    assert cells["(0,9)"].doubt == "beside a cover"
    assert score_reading(seen, photo).silent == ()
    monkeypatch.setattr(reader, "_beside_hidden_names", lambda readings: readings)
    blind = score_reading(read_as_file(photo.image, "triominoes", layout), photo)
    assert blind.silent == ("(0,9)",)


def test_tiles_read_empty_in_numbers_do_not_hide_that_the_names_show(monkeypatch):
    """Second family, a hands pair's second photo read from its JPEG file: a dark hand over
    the colour strip leaves the tiles' 3s unrecognised, and 23 of the 35 cells read empty
    are tiles, their names not showing (fits 0.07-0.49, the bare cells' 0.75-0.87).  Their
    median called the photo's names illegible, and tile (2,7), 3-3-3 in plain view, passed
    as bare.  Judged by what a showing name fits (``SHOWING``), the names are legible and
    every tile read empty whose name does not show is uncertain."""
    printed_before_the_second_strip(monkeypatch, "triominoes")  # scene pinned on it
    layout = load_layout()
    photo = shoot("triominoes", layout, 304056, "hands", position=303556)
    seen = read_as_file(photo.image, "triominoes", layout)
    cells = named_cells(seen)
    score = score_reading(seen, photo)
    assert {"(2,7)", "(3,1)", "(3,2)"} <= set(score.wrong) and score.silent == ()
    assert cells["(2,7)"].doubt == "name hidden"
    monkeypatch.setattr(printed, "SHOWING", 0.5)  # the median
    blind = score_reading(read_as_file(photo.image, "triominoes", layout), photo)
    assert set(blind.silent) == {"(2,7)", "(3,1)", "(3,2)"}


def test_ink_muted_to_a_duller_ink_yields_to_a_sharp_outline():
    """Ink clearly nearest the black of 0 (dim light took its colour) under a sharp, clear
    outline of a 2 reads 2; the same outline fitting less sharply, or ink nearest the
    purple of 4 (more colour than the 2's blue, which dim light cannot add), stays the
    ink's number and uncertain."""
    black = np.array([1.0, 5.0, 4.0, 5.0, 5.0, 5.0])
    sharp_two = np.array([0.5, 0.4, 0.9, 0.5, 0.6, 0.5])
    assert reader._number(black, sharp_two)[::2] == (2, True)
    assert reader._number(black, sharp_two - 0.25)[::2] == (0, False)
    purple = np.array([5.0, 5.0, 4.0, 5.0, 1.0, 5.0])
    assert reader._number(purple, sharp_two)[::2] == (4, False)
    assert reader._chroma()[0] < min(reader._chroma()[1:])


def test_ink_close_to_three_inks_yields_to_a_sharp_outline():
    """Ink whose colour names no ink clearly (a dim photo's noise: the purple of 4, the
    black of 0 and the blue of 2 about as near) under a sharp, clear outline of a 2 reads
    2; under an outline neither sharp nor clear it stays the ink's number, uncertain."""
    muddy = np.array([0.17, 0.5, 0.2, 0.3, 0.15, 0.5])
    assert reader._number(muddy, None)[1] < reader.INK_MARGIN
    sharp_two = np.array([0.45, 0.4, 0.93, 0.6, 0.55, 0.5])
    assert reader._number(muddy, sharp_two)[::2] == (2, True)
    assert reader._number(muddy, sharp_two - 0.2)[::2] == (4, False)
    assert reader._number(muddy, np.array([0.45, 0.4, 0.85, 0.8, 0.55, 0.5]))[::2] == (4, False)


def test_a_tile_whose_thin_numbers_a_shake_smeared_is_read_uncertain_not_empty(monkeypatch):
    """Second family, a shaken 12-megapixel photo: the thin strokes of five tiles' 1s are
    smeared paler than ink, too little ink for a number as printed.  Their cells' cream
    says a tile lies there: they read as the right tiles, uncertain (``faint``), where
    without that cue they read empty; two of them are made sure by sure tiles showing
    the same 1 at their faint corners.  No cell is silently wrong."""
    layout = load_layout()
    photo = shoot("triominoes", layout, 307213, "motion")
    seen = read_image(photo.image, "triominoes", layout)
    score = score_reading(seen, photo)
    assert score.wrong == () and score.silent == ()
    monkeypatch.setattr(reader, "_corners_confirmed", lambda readings, views: readings)
    unsettled = read_image(photo.image, "triominoes", layout)
    faint = {unsettled.model.cell_key(k) for k, c in unsettled.cells.items() if c.doubt == "faint"}
    assert len(faint) >= 5 and faint <= set(score_reading(unsettled, photo).uncertain)
    assert len(faint - set(score.uncertain)) >= 2
    monkeypatch.setattr(reader, "_faint_tile", lambda view: False)
    blind = read_image(photo.image, "triominoes", layout)
    as_empty = [blind.cells[k].label for k in blind.cells if blind.model.cell_key(k) in faint]
    assert as_empty == [reader.EMPTY] * len(faint)


def test_holes_among_thick_tiles_whose_names_show_are_bare(monkeypatch):
    """Second family, a home print's photo at a slant, read from a JPEG file: three holes
    among thick tiles show the tiles' sides and shadows at all three corners, dark enough
    for a 0's ink.  Their printed names show as clearly as any bare cell's: bare, surely,
    and their neighbours' corners agree again.  Blind to the names under a tile's
    reading, they read 0-0-0 (uncertain)."""
    layout = load_layout()
    photo = shoot("triominoes", layout, 309034, "printer")
    holes = {"(2,1)", "(2,3)", "(3,8)"}
    assert {photo.truth["cells"][k] for k in holes} == {reader.EMPTY}

    def read():
        reading = read_as_file(photo.image, "triominoes", layout)
        return reading, named_cells(reading)

    seen, cells = read()
    assert score_reading(seen, photo).wrong == () and seen.uncertain == []
    assert all(cells[k].label == reader.EMPTY and cells[k].bare for k in holes)
    monkeypatch.setattr(reader, "_named_bare", lambda *args: {})
    blind, cells = read()
    assert {cells[k].label for k in holes} == {"0-0-0"}
    assert all(cells[k].uncertain for k in holes)


def test_a_dim_photo_reads_its_numbers_by_their_outlines(monkeypatch):
    """Second family, low light, a whole 12-megapixel frame: colours muted towards black
    name wrong inks for many numbers; their sharp outlines read them.  No cell is silently
    wrong and at most two are uncertain; by ink alone the photo is refused (its numbers
    make no set of tiles)."""
    layout = load_layout()
    photo = shoot("triominoes", layout, 302002, "lowlight")
    seen = read_image(photo.image, "triominoes", layout)
    assert score_reading(seen, photo).silent == ()
    assert len(seen.uncertain) <= 2
    monkeypatch.setattr(reader, "SHAPE_SHARP", 2.0)  # no outline is ever sharp
    with pytest.raises(PhotoError, match="make no set"):
        read_image(photo.image, "triominoes", layout)


def test_a_faint_corner_is_settled_only_where_a_sure_tile_shows_its_number(monkeypatch):
    """A faint tile (``faint``) whose numbers read surely is made sure by a tile read
    surely that shows the same number at its faint corner, and by a faint tile so settled
    in turn; not where the tile there shows another number or is itself uncertain, nor
    where no tile touches that corner, nor where its numbers make no real tile, nor where
    another of its numbers is unsure at a corner no sure tile shows it."""
    from printkit.vision.read import CellReading

    cell, beside, beyond = (1, 1), (1, 2), (1, 3)
    shared = [c for c in clockwise_corners(cell) if c in clockwise_corners(beside)]
    onward = [c for c in clockwise_corners(beside) if c in clockwise_corners(beyond)]
    corner, far = shared[0], next(c for c in onward if c != shared[0])

    def tile(at: tuple, numbers: dict, uncertain: bool = False) -> CellReading:
        label = "-".join(numbers.get(c, "4") for c in clockwise_corners(at))
        return CellReading(label, 0.7, "", 0.1, uncertain)

    def faint_at(at: tuple, where) -> reader.CellView:
        areas = tuple(1.6 if c == where else 5.0 for c in clockwise_corners(at))
        return reader.CellView(areas, (None,) * 3, np.zeros(3))

    own = {cell: tile(cell, {corner: "1"}), beside: tile(beside, {corner: "1", far: "5"})}
    seen_at: dict = {}  # id(view) → its cell
    unsure: dict = {}  # cell → the corners _unsure_corners names (none: all sure)
    monkeypatch.setattr(reader, "_unsure_corners", lambda view: unsure.get(seen_at[id(view)], ()))

    def settled(readings: dict, faint: dict) -> set:
        views = {}
        for at, where in faint.items():
            views[at] = faint_at(at, where)
            seen_at[id(views[at])] = at
            readings[at] = replace(own[at], uncertain=True, doubt="faint")
        for at in readings:
            if at not in views:  # every cell has a view
                views[at] = faint_at(at, None)
                seen_at[id(views[at])] = at
        out = reader._corners_confirmed(readings, views)
        return {at for at in faint if not out[at].uncertain}

    agreeing = tile(beside, {corner: "1"})
    assert settled({beside: agreeing}, {cell: corner}) == {cell}
    assert settled({beside: tile(beside, {corner: "5"})}, {cell: corner}) == set()
    assert settled({beside: replace(agreeing, uncertain=True)}, {cell: corner}) == set()
    assert settled({}, {cell: corner}) == set()
    # A chain: the tile beside is faint too, settled by a sure tile beyond it.
    chain = {beyond: tile(beyond, {far: "5"})}
    assert settled(dict(chain), {cell: corner, beside: far}) == {cell, beside}
    assert settled({beyond: tile(beyond, {far: "2"})}, {cell: corner, beside: far}) == set()
    lone = next(i for i, c in enumerate(clockwise_corners(cell)) if c not in shared)
    unsure[cell] = (lone,)  # another of its numbers unsure, where no tile touches it
    assert settled({beside: agreeing}, {cell: corner}) == set()
    unsure[cell] = None  # its numbers make no real tile
    assert settled({beside: agreeing}, {cell: corner}) == set()


def test_a_number_neither_ink_nor_outline_settles_is_settled_by_the_tile_touching_it(
    monkeypatch,
):
    """A tile whose numbers make a real tile, read uncertain because one corner's number
    neither its ink nor its outline settles (a shake smeared it), is made sure by a tile
    read surely that shows the same number at that corner; not where that tile shows
    another number or is uncertain itself, nor where no tile touches the corner, nor
    where more than its numbers is in doubt (``_unsure_corners`` names no corner)."""
    from printkit.vision.read import CellReading

    cell, beside = (1, 1), (1, 2)
    corner = next(c for c in clockwise_corners(cell) if c in clockwise_corners(beside))
    at = clockwise_corners(cell).index(corner)

    def tile(where: tuple, number: str, uncertain: bool = False) -> CellReading:
        label = "-".join(number if c == corner else "4" for c in clockwise_corners(where))
        return CellReading(label, 0.6, "", 0.1, uncertain)

    unsure_at: dict = {}  # id(view) → the corners _unsure_corners names
    monkeypatch.setattr(reader, "_unsure_corners", lambda view: unsure_at.get(id(view), ()))

    def settled(neighbour: CellReading | None, corners: tuple = (at,)) -> bool:
        view = reader.CellView((5.0,) * 3, (None,) * 3, np.zeros(3))
        unsure_at[id(view)] = corners
        readings = {cell: tile(cell, "3", uncertain=True)}
        views = {cell: view}
        if neighbour is not None:
            readings[beside] = neighbour
            views[beside] = reader.CellView((5.0,) * 3, (None,) * 3, np.zeros(3))
        out = reader._corners_confirmed(readings, views)
        return not out[cell].uncertain and out[cell].label == readings[cell].label

    assert settled(tile(beside, "3"))
    assert not settled(tile(beside, "5"))
    assert not settled(tile(beside, "3", uncertain=True))
    assert not settled(None)
    assert not settled(tile(beside, "3"), corners=())
    other = next(i for i in range(3) if clockwise_corners(cell)[i] not in clockwise_corners(beside))
    assert not settled(tile(beside, "3"), corners=(at, other))  # no tile touches the other
