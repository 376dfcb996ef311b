"""Reading a photo of a printed board: markers → homography → light and colour → cells.

1. Find the ArUco markers (``cv2.aruco.ArucoDetector``) on a reduced copy of the photo,
   then refine their corners at full resolution.
2. Match them to a board variant of the game (``BoardModel``) and fit the board-frame →
   photo homography with RANSAC over every marker corner.
3. Rectify the board to a fixed scale, divide out uneven light (a smooth surface fitted
   to known white paper: marker quiet zones, the white patch, then every cell read as
   empty), and map colours with an affine fit from the printed reference patches.
4. Classify each cell from the median colour of its inner part by distance in CIELAB to
   the colours the board's classes print in; a cell whose best and second-best class are
   close is reported as uncertain instead of being guessed silently.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Callable, Hashable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from functools import cache, partial
from pathlib import Path
from typing import NamedTuple

import cv2
import numpy as np

from printkit.draw.fiducials import MODULES
from printkit.draw.model import rgb
from printkit.errors import PhotoError
from printkit.games import find_game
from printkit.layout.config import Layout
from printkit.vision import shake
from printkit.vision.colour import (
    FEW_KIND,
    NOISE_Z,
    OUTLIER_Z,
    UNLIKE_FAR,
    cubic_terms,
    kinds_as_printed,
    lab_prepared_beside,
    linear,
    nearest_colour,
    quadratic_terms,
    spreads_between,
    to_lab,
    unlike_their_kind,
)
from printkit.vision.colour import MIN_SPREAD as MIN_KIND_SPREAD
from printkit.vision.lens import STRAIGHT, Lens, Undone, fit_lens
from printkit.vision.markers import (
    TOO_BLURRED,
    Detection,
    detect_markers,
    markers_in,
    refine_markers,
)
from printkit.vision.model import BoardModel, board_models, matrix, rectangle
from printkit.vision.parallax import lifted, parallax, shifts
from printkit.vision.pattern import REACH, look_for, parabola_vertex
from printkit.vision.photofile import PhotoFile
from printkit.vision.printed import (
    SIDE_REACH,
    faded,
    neighbours,
    pitch,
    print_fits,
    print_gains,
    print_matches,
    printed_near,
    printed_strokes,
    showing,
    side_fits,
    spread,
    strokes,
)

__all__ = [
    "CellReading",
    "Reading",
    "read_photo",
    "read_encoded",
    "read_image",
    "sure_in_reach",
    "PX_PER_MM",
]

PX_PER_MM = 4.0
"""Default scale of the rectified board image (a model may ask for more)."""
MIN_MARKERS = 3
"""Markers needed to trust a homography."""
MIN_SPREAD = 0.05
"""Markers whose centres stray less than this share of the board's smaller side from one
line leave the board's other direction to guesswork: the photo is refused."""
UNCERTAIN_MARGIN = 0.30
"""A cell is uncertain when (second - best) / second distance is below this."""
FAR = 40.0
"""A best match farther than this (CIELAB ΔE) is uncertain whatever the margin."""


@dataclass(frozen=True)
class CellReading:
    """What one cell holds, how sure the reader is, and the runner-up."""

    label: str
    confidence: float
    runner_up: str
    distance: float
    uncertain: bool
    doubt: str = ""
    """Why the cell is uncertain beyond its colour, if so: ``glare``, ``dark``, ``mixed``…"""
    bare: bool = False
    """The cell's own print shows clearly (its name, its number): nothing covers it, and
    no reflection or dimness over it puts that in doubt."""
    washed: bool = False
    """Part of the cell shows a darker class than the one read (a black stone's colour in
    a cell read white): near a reflection, its fading edge may have washed out the rest
    (``_halo``)."""
    lit: bool = False
    """A reflection lies over the cell or near it, and its print settled the reading
    (``_named_through_glare``): the reflection's edges and the bloom's slope may draw or
    shift its lines, which say nothing of where the board lies (``line_offsets``)."""


@dataclass
class Reading:
    """A read photo: the board variant, every cell, and what the reader saw."""

    model: BoardModel
    cells: dict[Hashable, CellReading]
    markers: list[int]
    homography: np.ndarray
    """Board mm → photo px; with a ``lens``, into the photo as that lens undoes it."""
    rectified: np.ndarray | None = field(default=None, repr=False)
    lens: Lens | None = None
    """The wide lens's distortion the reader undid (``lens.Lens``), if any."""
    height: float = 0.0
    """How far above the board (mm) the cells were read: the pieces' top faces."""
    shaken: str | None = None
    """Why camera shake smeared the photo, if it did (``shake.verdict``); measured only
    when the reader is asked to and some cell is uncertain."""

    @property
    def uncertain(self) -> list[Hashable]:
        return [key for key, cell in self.cells.items() if cell.uncertain]

    def labels(self) -> dict[Hashable, str]:
        return {key: cell.label for key, cell in self.cells.items()}


def read_photo(
    path: str | Path,
    game: str,
    layout: Layout,
    measure_shake: bool = False,
    ahead: PhotoFile | None = None,
) -> Reading:
    """Read a photo file (``ahead``: the file already read, and decoding); every problem
    is a PhotoError naming the file."""
    path = Path(path)
    if not path.is_file():
        raise PhotoError(f"{path}: no such file")
    try:
        return read_encoded(ahead or PhotoFile.read(path), game, layout, measure_shake)
    except PhotoError as exc:
        raise PhotoError(f"{path}: {exc}") from None


def read_encoded(
    data: bytes | np.ndarray | PhotoFile, game: str, layout: Layout, measure_shake: bool = False
) -> Reading:
    """Read a photo file's bytes (JPEG, PNG…), or a ``PhotoFile`` perhaps decoding ahead.

    A large photo is decoded at half size first (JPEG decodes that at a fraction of the
    cost), which is as large as markers are searched in anyway; the board is read there if
    it stays fine enough (``HALVED_MARGIN``), else the full photo is decoded and the
    markers' corners refined on it.  The board's models are built on a thread of their
    own meanwhile: decoding and marker detection run in OpenCV, outside Python's lock.
    With ``measure_shake``, the photo's smear (``Reading.shaken``) is measured once the
    cells are read, if any is uncertain: a shake explains only cells in doubt.
    """
    photo = data if isinstance(data, PhotoFile) else PhotoFile(data)
    find_game(game, PhotoError)  # an unknown game is named before anything the photo shows
    # The CIELAB tables and the models are built on the other core meanwhile.
    with lab_prepared_beside(), ThreadPoolExecutor(max_workers=1) as pool:
        building = pool.submit(board_models, game, layout)
        try:
            return _read_decoded(photo, pool, building, measure_shake)
        except cv2.error as exc:  # a geometry OpenCV cannot work with: still one clear line
            raise PhotoError(f"could not make out the board ({exc.err})") from None
        except PhotoError as exc:
            raise _explained(exc, shake.decoded(photo.data)) from None


def _explained(refused: PhotoError, image: np.ndarray | None) -> PhotoError:
    """A refusal that names camera shake as its likely cause when the photo shows it
    (``shake.shaken``): the reason the reader stopped (a marker not found, the paper not
    white) follows."""
    if image is None or str(refused).startswith(TOO_BLURRED):
        return refused
    why = shake.shaken(image)
    return refused if why is None else PhotoError(f"{why}; what failed: {refused}")


def _read_decoded(
    photo: PhotoFile, pool: ThreadPoolExecutor, building: Future, measure_shake: bool
) -> Reading:
    """``read_encoded`` once the models are on their way (``building``, on ``pool``); the
    located board's print (``printed_strokes``) is rendered on the pool while its cells
    are read, and the photo's smear measured after them if asked (``_with_shake``)."""
    small = photo.half()
    if small is None or max(small.shape[:2]) * 2 < HALVED_FROM:
        image = photo.whole()
        if image is None:
            raise PhotoError("not an image (JPEG, PNG, TIFF, WebP, BMP…)")
        smearing = image if measure_shake else None
        return _with_shake(_read_whole(image, building.result()), smearing)
    found = markers_in(small)  # while the models are still being built
    model, homography, used, rough, found, refused = _placed(small, found, building.result())
    pool.submit(printed_strokes, model)
    smearing = small if measure_shake else None
    if _coarsest(homography, model) >= HALVED_MARGIN * model.px_per_mm:
        _check_framing(model, homography, small.shape)
        reading = _steady_enough(
            read_located(small, model, homography, used, rough, found), refused
        )
        reading.homography = np.diag([2.0, 2.0, 1.0]) @ reading.homography
        if reading.lens is not None:  # k is in half diagonals: the same for the whole photo
            reading.lens = replace(reading.lens, shape=(2 * small.shape[0], 2 * small.shape[1]))
        return _with_shake(reading, smearing)
    image = photo.whole()
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    placed, halved = model, np.diag([2.0, 2.0, 1.0]) @ homography
    halved_found = [d.scaled(2.0) for d in found]
    found = refine_markers(grey, halved_found)
    model, homography, used, rough = _fitted(found, building.result())  # with the pattern's finds
    pool.submit(printed_strokes, model)
    _check_framing(model, homography, image.shape)
    reading = read_located(image, model, homography, used, rough, found)
    if model is placed and _apart(model, homography, halved) > FITS_APART:
        reading = _better_fit(
            reading, lambda: read_located(image, model, halved, used, rough, halved_found)
        )
    return _with_shake(_steady_enough(reading, refused), smearing)


def _apart(model: BoardModel, fit: np.ndarray, other: np.ndarray) -> float:
    """How far apart (mm, at most over the cells) two fits place the board."""
    _, centres, _ = _cell_centres(model)
    px = np.linalg.norm(_project(fit, centres) - _project(other, centres), axis=1).max()
    return float(px / _coarsest(fit, model))


FITS_APART = 1.5
"""Where the markers refined on the full photo place the board more than this (mm) from
where they placed it at half size, one of the two fits is wrong (a shaken photo's corners,
refined, all lay 4-8 px off, and the fit kept through most of them put the board's middle
6 mm off: Trigon motion 307312, 25 cells silently wrong), and the board is read under
both (``_better_fit``), unless the first reading undid a wide lens: a lens bends the
corners of markers far apart unlike any flat fit, and the lines it straightened placed
the board.  Over lens and motion photos 0-14 of every game (150) not reading again under
a lens left every reading as it was (cells wrong, uncertain and silent alike); TriPakus's
wide-lens photo in ``benchmarks/bench_cli.py`` was read under four fits, now one: 1.4 s to
0.56 s in process."""


def _better_fit(reading: Reading, again, markers_prefer_again: bool = False) -> Reading:
    """Of a reading and the one ``again`` makes under the other fit, the one with fewer
    uncertain cells (the first where as many), with every cell the other reads surely as
    something else uncertain (``misplaced``): a board read where it does not lie shows
    its pieces astray.  A fit the other cannot be read under at all leaves the first.
    Where the markers too prefer the other fit (``markers_prefer_again``: it lies near
    every corner, the first near only some) and its reading is the surer, two cues agree
    and it is kept whole: the first fit's sure cells are then no evidence.  A reading that
    undid a wide lens (kept because the printed lines then lie straighter) is kept without
    reading again: the lens explains why the markers' corners lie off any flat fit, and
    the lines have placed the board (``FITS_APART``)."""
    if reading.lens is not None:
        return reading
    try:
        other = again()
    except PhotoError:
        return reading
    if len(other.uncertain) < len(reading.uncertain):
        if markers_prefer_again:
            return other
        reading, other = other, reading
    return replace(reading, cells=_disputed(reading.cells, other.cells))


def _disputed_by(reading: Reading, again) -> Reading:
    """``reading`` or the one ``again`` makes under another fit, whichever undid a lens
    (the first where both or neither did), with every cell the other reads surely as
    something else uncertain (``_disputed``); ``reading`` as it is where the board cannot
    be read under that fit.  Of corners sought on a marker found by its pattern and those
    a rough fit shaped, either may leave the lens unseen: the lines then lie straighter
    under the other's reading (Tripod wide-lens photo 306000, a marker sought: its lens,
    k -0.14, seen only through the shaped corners)."""
    try:
        other = again()
    except PhotoError:
        return reading
    if reading.lens is None and other.lens is not None:
        reading, other = other, reading
    return replace(reading, cells=_disputed(reading.cells, other.cells))


def _disputed(cells: dict, other: dict) -> dict:
    """``cells`` with each one read surely that ``other`` (the board read under another
    fit) reads surely as something else made uncertain (``misplaced``): where two fits of
    one photo disagree, neither places that cell for sure."""
    return {
        k: replace(c, uncertain=True, doubt=c.doubt or "misplaced")
        if not c.uncertain and not other[k].uncertain and other[k].label != c.label
        else c
        for k, c in cells.items()
    }


def _with_shake(reading: Reading, smearing: np.ndarray | None) -> Reading:
    """``reading`` with the shake its photo shows (``shake.verdict`` of ``smearing``, the
    photo as decoded), if it is to be measured and some cell is uncertain: a sure reading
    has nothing a shake would explain, and measuring it would take the other core from
    the cells while they are read."""
    if smearing is not None and reading.uncertain:
        reading.shaken = shake.verdict(shake.smear(smearing))
    return reading


HALVED_FROM = 2500
"""Photos at least this wide are first decoded at half size."""
HALVED_MARGIN = 1.0
"""The half-size photo is read only if its coarsest part of the board still shows this
many times the pixels per mm the reader straightens the board to."""


def _coarsest(h: np.ndarray, model: BoardModel) -> float:
    """The fewest photo pixels per board mm anywhere on the board (at its bounding corners,
    along either axis): where perspective shrinks it most."""
    steps = [((x, y), (x + 1.0, y), (x, y + 1.0)) for x, y in rectangle(model.bounds)]
    pts = _project(h, np.float32([p for step in steps for p in step])).reshape(-1, 3, 2)
    return float(
        min(
            np.linalg.norm(pts[:, 1] - pts[:, 0], axis=1).min(),
            np.linalg.norm(pts[:, 2] - pts[:, 0], axis=1).min(),
        )
    )


def read_image(image: np.ndarray, game: str, layout: Layout) -> Reading:
    """Read a BGR photo already in memory."""
    with lab_prepared_beside():
        try:
            return _read_whole(image, board_models(game, layout))
        except PhotoError as exc:
            raise _explained(exc, image) from None


def _read_whole(image: np.ndarray, models: list[BoardModel]) -> Reading:
    """Find the markers in a photo, place the board and read it."""
    model, homography, used, rough, found, refused = _placed(image, markers_in(image), models)
    _check_framing(model, homography, image.shape)
    return _steady_enough(read_located(image, model, homography, used, rough, found), refused)


def locate(
    image: np.ndarray, models: list[BoardModel]
) -> tuple[BoardModel, np.ndarray, list[int], str | None]:
    """Which board the photo shows and where: its model, the board-mm → photo homography,
    the marker ids used and, for a fit the markers make only roughly, why (``_fitted``).
    A photo too dark, too blurred or with the board cut off is refused here."""
    model, homography, used, rough, *_ = _placed(image, markers_in(image), models)
    _check_framing(model, homography, image.shape)
    return model, homography, used, rough


def read_located(
    image: np.ndarray,
    model: BoardModel,
    homography: np.ndarray,
    used: list[int],
    unconfirmed: str | None = None,
    found: list[Detection] = (),
) -> Reading:
    """Read every cell of a board already located in the photo (``_read_fitted``); where
    the fit through every marker's corners places it more than ``FITS_APART`` from
    where the markers' RANSAC fit does (``_every_corner_fit``), it is read under both
    and the better reading kept, with the cells the two read surely apart uncertain
    unless that reading is the fit through every corner's (``_better_fit``); a board
    refused under one fit is read under the other; a reading through a wide lens is not
    read again (``_better_fit``).  Where markers found by their pattern place the board
    more than ``SHAPES_APART`` from where their shaped corners do (``_shaped_fit``), it
    is read under that fit too and the cells the two read surely apart are uncertain
    (``_disputed_by``)."""
    fit = Fit(homography, used, unconfirmed, found)
    shaped = _shaped_fit(model, found, homography)
    if shaped is None:
        return _read_placed(image, model, fit)
    shaped_found = [d.as_shaped() for d in found]
    again = partial(_read_placed, image, model, Fit(shaped, used, unconfirmed, shaped_found))
    return _read_both(again, partial(_read_placed, image, model, fit), _disputed_by)


def _read_placed(image: np.ndarray, model: BoardModel, fit: Fit) -> Reading:
    """``_read_fitted``, and where the fit through every marker's corners places the board
    more than ``FITS_APART`` from RANSAC's (``_every_corner_fit``), read under both
    (``_better_fit``)."""
    every = _every_corner_fit(model, fit.found, fit.homography)
    if every is None or _apart(model, every, fit.homography) <= FITS_APART:
        return _read_fitted(image, model, fit)
    again = partial(_read_fitted, image, model, fit._replace(homography=every))
    return _read_both(
        again,
        partial(_read_fitted, image, model, fit),
        partial(_better_fit, markers_prefer_again=True),
    )


def _read_both(again, first, better) -> Reading:
    """The ``better`` of the readings ``first`` and ``again`` make (``again`` read only as
    ``better`` asks); where the first refuses the board, the other, and where both do,
    the first refusal."""
    try:
        reading = first()
    except PhotoError as refused:
        try:
            return again()  # the board cannot be read where the first fit puts it
        except PhotoError:
            raise refused from None
    return better(reading, again)


def _shaped_fit(model: BoardModel, found: list[Detection], h: np.ndarray) -> np.ndarray | None:
    """The fit through the markers ``h`` places with those found by their pattern at their
    shaped corners (``Detection.shaped``), where it places the board more than
    ``SHAPES_APART`` from the fit through the same markers at their sought corners; None
    where they agree or no marker was found so.  The corners sought on a smeared marker
    may be matched a little off, the shaped ones carry the rough fit's error: where the
    two fits disagree, neither places the board for sure."""
    if all(d.shaped is None for d in found):
        return None
    pairs = _pairs(model, found, h)
    shaped = {k: d.as_shaped() for k, d in pairs.items()}
    sought_fit, shaped_fit = _homography(model, pairs), _homography(model, shaped)
    if sought_fit is None or shaped_fit is None:
        return None
    return shaped_fit if _apart(model, sought_fit, shaped_fit) > SHAPES_APART else None


SHAPES_APART = 0.5
"""Where the markers found by their pattern place the board more than this (mm, at most
over the cells) from where their shaped corners do, the board is read under both fits
(``_shaped_fit``, ``_disputed_by``).  Tighter than ``FITS_APART``: the second reading
costs only photos whose markers the detector missed, and fits 1.47 mm apart at a corner
of the board read two cells there surely wrong under the sought corners (TriPakus shaken
photo 307063, its markers found in the steadied copy with their corners sought, before
``_sought`` kept the shaped ones alone there)."""


class Fit(NamedTuple):
    """Where the markers place a board: the board-mm → photo ``homography``, the printed
    markers ``used``, why the fit is only rough (``unconfirmed``), the markers ``found``."""

    homography: np.ndarray
    used: list[int]
    unconfirmed: str | None
    found: list[Detection]


def _read_fitted(image: np.ndarray, model: BoardModel, fit: Fit) -> Reading:
    """Read every cell of a board located in the photo by ``fit``.

    The board's printed cell lines check where the markers put it (``line_offsets``);
    where they are off as a rule (``BENT``), or the markers alone could not place the
    board (``unconfirmed`` says why: two markers, or markers on one line), the lines
    correct the homography (``refine_by_lines``) and the board is read again, through
    the first reading's light and colour maps (``Maps``), the correction kept only if
    the lines then agree better (``_agreement``: more cells confirmed) or lie nearer
    with about as many cells judged (``_straighter``). A wide lens bends the lines: its
    distortion is fitted with the homography to the lines and the corners of the markers
    ``found`` (``lens.fit_lens``, which finds none where a homography alone does as
    well); one found is undone where the photo is sampled (``lens.Undone``) and the
    board read again, kept if the lines lie straighter (``_straighter``; a board whose
    cells share no printed lines, if fewer cells are uncertain and no sure cell changed:
    ``_surer``).  Where the lines sought along every side before any cell is read already
    show a lens, the board is read under it first, and flat only if its lines lie no
    straighter there (``_read_sighted``: a wide-lens photo is then read once).  A board
    that cannot be read at all under the markers' fit (its colour strips bent out of
    place) is tried once under a lens fitted to the markers alone.  Lines that settle
    under a correction before any cell is read correct the fit first (``_straightened``).
    An unconfirmed board neither the lines nor its printed outline (``_framed``) can place
    is refused with that reason, and so is a board whose lines stay off as a rule; after
    correcting a fit that was rough or put cells off, or placing it by its outline, the
    cells no line or outline speaks for are uncertain (once the corrected fit explains the
    lines, ``SETTLED_LINES``, only those beyond the lines and the markers: a flat board
    does not bend where pieces hide its lines).
    """

    def read_at(
        view: np.ndarray,
        h: np.ndarray,
        plane: Plane | None = None,
        maps: Maps | None = None,
        rectified: np.ndarray | None = None,
    ) -> tuple:
        if rectified is None:
            rectified = rectify(view, h, model.bounds, model.px_per_mm)
        cells, corrected, plane, maps = classify(rectified, model, (view, h), plane, maps)
        return h, cells, corrected, line_offsets(model, cells, rectified), plane, maps

    homography, used, unconfirmed, found = fit
    markers = _marker_points(model, found, homography)
    flat = rectify(image, homography, model.bounds, model.px_per_mm)
    framed = set() if unconfirmed is None else _framed(model, flat, markers)
    seen = _sighted_lines(model, flat)
    sighted = _read_sighted(model, image, flat, homography, markers, read_at, seen)
    lens_rounds, bent_by_lens = 2, None  # bent_by_lens: a lens the lines as first read show
    if sighted is not None:
        (homography, cells, corrected, lines, plane, maps), lens, flat_lines = sighted
        corrected_fit = True
        unsure = unconfirmed is not None or any(
            off > LINE_OFF for off in _near_lines(model, flat_lines).values()
        )
        lens_rounds = 0 if _median_off(lines) <= SETTLED_LINES else 1
    else:
        view, lens, corrected_fit = image, None, False
        first = None
        straightened = None if unconfirmed else _straightened(model, image, homography, seen)
        if straightened is not None:
            try:
                first = read_at(image, straightened[0], rectified=straightened[1])
            except PhotoError:  # the corrected fit reads worse: read where the markers put it
                straightened = None
        try:
            homography, cells, corrected, lines, plane, maps = first or read_at(
                image, homography, rectified=flat
            )
        except PhotoError as refused:
            # A wide lens can bend the colour strips and paper out of place: undone from
            # the markers alone, the board may read (its lines are checked as ever).
            rescue = _lens_fitted(model, homography, NO_LINES, None, image.shape, markers)
            if rescue is None:
                raise
            view, lens, corrected_fit = Undone(image, rescue[0]), rescue[0], True
            try:
                homography, cells, corrected, lines, plane, maps = read_at(view, rescue[1])
            except PhotoError:
                raise refused from None
        # Cells a mm or two off before: where no line speaks, a corrected fit is not sure.
        unsure = (
            corrected_fit
            or unconfirmed is not None
            or any(
                off > LINE_OFF
                for off in _near_lines(model, lines if straightened is None else seen).values()
            )
        )
        corrected_fit = corrected_fit or straightened is not None
        if unconfirmed is not None or _median_off(lines) > BENT:
            for _ in range(2):
                if lens is None:
                    bent_by_lens = _lens_fitted(
                        model, homography, lines, None, image.shape, markers
                    )
                    if bent_by_lens is not None:
                        break  # a wide lens bends the lines: undone below, no flat fit holds
                refined = refine_by_lines(model, homography, lines)
                if refined is None:
                    break
                try:
                    again = read_at(view, refined, plane, maps)  # a slight correction
                except PhotoError:  # the corrected fit reads worse (its paper, say): not kept
                    break
                if _agreement(model, again[3]) <= _agreement(model, lines) and not _straighter(
                    model, again[3], lines
                ):
                    break  # the lines agree no better: the correction is not kept
                homography, cells, corrected, lines, plane, maps = again
                corrected_fit = True
                if _median_off(lines) <= SETTLED_LINES:
                    break  # the lines lie where the fit puts them: no second pass
    # Straight lines a little bent (a wide lens) throw fine reading off before they are off
    # enough to misplace a cell: a lens is fitted every time, undone where it explains them.
    for _ in range(lens_rounds):
        fitted = bent_by_lens or _lens_fitted(model, homography, lines, lens, image.shape, markers)
        bent_by_lens = None
        if fitted is None:
            break
        undone = Undone(image, fitted[0])
        try:
            again = read_at(undone, fitted[1])  # bent straight: light and colours modelled anew
        except PhotoError:
            break
        if not (
            _straighter(model, again[3], lines)
            if model.shared_lines
            else _surer(again[1], cells, fitted[3] >= DECISIVE * fitted[2])
        ):
            # Not kept, yet the lens may be right where the lines do not tell: a cell the
            # two read surely apart is placed by neither (wood pieces at a photo's edge, where
            # one lens coefficient undoes the bend least well: bare cells read as red, surely).
            cells = _disputed(cells, again[1])
            break
        homography, cells, corrected, lines, plane, maps = again
        lens, corrected_fit = fitted[0], True
        if _median_off(lines) <= SETTLED_LINES:
            break
    if unconfirmed is not None or corrected_fit:
        judged = set(_near_lines(model, lines)) | framed
        if unconfirmed is not None and len(judged) < CONFIRMED_SHARE * len(model.cells):
            hidden = (
                "its frame's sides do not show where the markers put it (a hand or a reflection)"
                if model.outline
                else "too few of its printed lines show to place it (pieces cover them)"
            )
            raise PhotoError(f"{unconfirmed}, and {hidden}")
        enough = lens is not None or len(lines.offset) >= REFINE_LINES  # a lens fits markers too
        if enough and _typical_off(lines) <= SETTLED_LINES:
            # The corrected fit explains the lines: a flat board's cells among them and the
            # markers, or just beyond, lie where it says.
            judged |= _within(model, np.vstack([lines.where, markers[0]]))
        if unsure and (corrected_fit or framed):
            cells = {
                k: c if k in judged else replace(c, uncertain=True, doubt=c.doubt or "misplaced")
                for k, c in cells.items()
            }
    bent = _median_off(lines)
    if bent > BENT:  # corrected or not, the lines disagree with the fit as a rule
        raise PhotoError(
            f"the board's printed lines lie {bent:.1f} mm (median) off any flat view of "
            f"it: {NOT_FLAT}"
        )
    cells = ringed(model, misplaced(model, cells, lines))
    return Reading(model, consistent(model, cells), used, homography, corrected, lens, plane.height)


LINE_SEARCH = 2.0
"""How far (mm) either side of where a printed cell line should be the reader looks for it."""
LINE_OFF = 1.5
"""Printed lines found farther than this (mm, median of the lines near a cell) from where
the markers put them: the board is not where the reader thinks (a wide lens bends it,
paper lifts): the cells there are uncertain."""
MISPLACED_SHARE = 0.2
"""A photo where more than this share of the cells judged are misplaced is refused: the
cells that could not be judged are as likely to be."""
LINE_DIP = 0.04
"""A printed line shows as a dip at least this deep (of 1) below the paper beside it;
shallower, it is hidden (glare, a hand, a blank) and says nothing of where it is."""
LINE_REACH = 2.0
"""Lines within this many cell widths of a cell speak for it."""


@dataclass(frozen=True)
class Lines:
    """Printed cell lines measured in a rectified board: each line's midpoint and unit
    normal (board mm) and how far along the normal it was found (mm, signed)."""

    where: np.ndarray
    normal: np.ndarray
    offset: np.ndarray


NO_LINES = Lines(np.zeros((0, 2)), np.zeros((0, 2)), np.zeros(0))


PRINT_DOUBTS = frozenset({"print hidden", "beside a cover"})
"""Doubts of a cell read bare that its print alone raised (``_print_hidden``)."""


def _sighted_lines(model: BoardModel, flat: np.ndarray) -> Lines:
    """The printed lines found in ``flat`` (a board rectified under the markers' fit)
    before any cell is read, looked for along every side two cells share: a piece over a
    side hides its line (``_lines_across`` finds no dip with paper beside it) and a gap
    between two pieces lies on the side anyway."""
    if not model.shared_lines:
        return NO_LINES
    return _lines_along(model, _shared_edges(model, set(model.cells)), flat)


def _straightened(
    model: BoardModel, image: np.ndarray, h: np.ndarray, seen: Lines
) -> tuple[np.ndarray, np.ndarray] | None:
    """Where the lines ``seen`` before any cell is read (``_sighted_lines`` under ``h``)
    lie off the markers' fit as a rule (``BENT``), the fit they correct
    (``refine_by_lines``) and the board rectified under it, if the lines found there
    settle where it puts them (``SETTLED_LINES``, ``_straighter``); else None.  Read once
    under the corrected fit, such a board is not read under the markers' fit first only
    to be read again.  Lines sought along every side are the weaker evidence: a gap
    between two pieces lies on their side only as well as they were laid, and a token's
    rim dips like a line; so only lines that settle are taken before the cells are read
    (second family: TriPakus 300002, 0.43 → 0.29 mm with the pieces' gaps, where the lines
    between bare cells said 0.12; Tripitz 300005, 0.53 → 0.49 with its tokens, the bare
    cells' 0.16 → 0.46).  The project's own TriPakus photos of seeds 1-9: 5 read twice
    before, 1 now; second family, photos 0-19 of every game and condition: two TriPakus
    motion photos read 8 bare cells surely, and rightly, that were uncertain, nothing
    else changed."""
    if _median_off(seen) <= BENT:
        return None
    refined = refine_by_lines(model, h, seen)
    if refined is None:
        return None
    flat = rectify(image, refined, model.bounds, model.px_per_mm)
    after = _sighted_lines(model, flat)
    if _typical_off(after) > SETTLED_LINES or not _straighter(model, after, seen):
        return None
    return refined, flat


def _read_sighted(
    model: BoardModel,
    image: np.ndarray,
    flat: np.ndarray,
    h: np.ndarray,
    markers: tuple[np.ndarray, np.ndarray],
    read_at: Callable[..., tuple],
    seen: Lines,
) -> tuple | None:
    """The board read (by ``read_at``, as ``_read_fitted`` reads it) through a wide lens
    its printed lines show before any cell is read (``seen``, ``_sighted_lines`` in
    ``flat``: the board rectified under the markers' ``h``), with the lens and the lines
    in ``flat`` between the cells that reading found bare; None where no lens shows or
    the lines lie no straighter under it (``_straighter``).  A lens seen this way spares
    reading the board flat first only to find its lines bent."""
    if len(seen.offset) == 0:
        return None  # no line shows (dim light): none can show a lens
    fitted = _lens_fitted(model, h, seen, None, image.shape, markers)
    if fitted is None:
        return None
    # Fitted again to the lines the first fit puts near their place: edges on a piece that
    # passed for lines pull one coefficient off (Tripitz's tokens: 0.18 mm off, then 0.03).
    off = _off_lens(seen, h, fitted)
    near = off <= max(SIGHTED_NEAR * float(np.median(off)), SIGHTED_FLOOR)
    kept = Lines(seen.where[near], seen.normal[near], seen.offset[near])
    fitted = _lens_fitted(model, h, kept, None, image.shape, markers) or fitted
    try:
        reading = read_at(Undone(image, fitted[0]), fitted[1])
    except PhotoError:
        return None
    before = line_offsets(model, reading[1], flat)
    if not _straighter(model, reading[3], before):
        return None
    return reading, fitted[0], before


SIGHTED_NEAR = 2.0
"""Lines seen along every side are fitted again within this many times their median
distance from the first lens fitted to them (``_read_sighted``)…"""
SIGHTED_FLOOR = 0.05
"""…or this many mm, whichever is more."""


def _off_lens(lines: Lines, h: np.ndarray, fitted: tuple) -> np.ndarray:
    """How far (mm) each of ``lines`` (measured under ``h``) lies from where a fitted lens
    and its board → view homography put it."""
    seen = _project(h, lines.where + lines.offset[:, None] * lines.normal)
    view = fitted[0].from_photo(seen)
    board = _project(np.linalg.inv(fitted[1]), view)
    return np.abs(((board - lines.where) * lines.normal).sum(axis=1))


def line_offsets(model: BoardModel, cells: dict, rectified: np.ndarray) -> Lines:
    """Where each printed line between two cells read as empty lies, against where the
    homography puts it: within ``LINE_SEARCH`` mm across it (``_lines_across``, which
    tells a line from other dark edges there).  Pieces hide the other
    lines; a cell read as empty but uncertain may hide its lines too (a finger), unless
    all that is in doubt is its print, which a rough fit puts off its place."""
    bare = {
        k
        for k, c in cells.items()
        if c.label == model.classes[0]
        and (not c.uncertain or c.doubt in PRINT_DOUBTS)
        and not c.lit
    }
    return _lines_along(model, _shared_edges(model, bare) if model.shared_lines else [], rectified)


def _lines_along(model: BoardModel, edges: list[tuple], rectified: np.ndarray) -> Lines:
    """The printed lines found along ``edges`` (cell sides, pairs of mm points) of a
    rectified board (``_lines_across``), against where the homography puts them."""
    if not edges:
        return NO_LINES
    grey = cv2.cvtColor(np.ascontiguousarray(rectified, dtype=np.float32), cv2.COLOR_RGB2GRAY)
    offsets = np.linspace(-LINE_SEARCH, LINE_SEARCH, 17)
    a = np.array([e[0] for e in edges], float)
    b = np.array([e[1] for e in edges], float)
    along = b - a
    normal = np.stack([-along[:, 1], along[:, 0]], axis=1)
    normal /= np.maximum(np.linalg.norm(normal, axis=1, keepdims=True), 1e-9)
    base = a[:, None, :] + np.array(LINE_PLACES)[None, :, None] * along[:, None, :]
    pts = base[:, :, None, :] + offsets[None, None, :, None] * normal[:, None, None, :]
    seen = _at_points(grey, _to_rect(model, pts.reshape(-1, 2)))
    found, shown = _lines_across(seen.reshape(len(edges), len(LINE_PLACES), len(offsets)), offsets)
    return Lines(((a + b) / 2)[shown], normal[shown], found[shown])


LINE_PLACES = (0.3, 0.5, 0.7)
"""Where along a cell's side (share of its length) the reader looks across it."""


def _lines_across(samples: np.ndarray, offsets: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Where a printed line crosses each of ``samples`` (grey, per line × place along it ×
    offset across it, the ``offsets`` in mm), to a fraction of a sample (a parabola
    through the darkest three of the places' mean), and whether a line shows there: a
    dip ``LINE_DIP`` deep below the paper on both its sides (``_dips``), straight
    along the side (``_straight_along``) and not at the window's end (the line may lie
    beyond it).  A piece's side, its shadow or a glare's rim darkens one side of a
    bare cell's edge, often slantwise; taken for a line, it misleads every fit made to
    the lines (TriPakus lens 306002 and 306013, read from their JPEG files in full: 14 of
    31 and 35 of 150 dips taken for lines were such, and no lens fitted them)."""
    profile = samples.mean(axis=1)
    darkest = np.argmin(profile, axis=1)
    k = np.clip(darkest, 1, len(offsets) - 2)
    found = offsets[k] + parabola_vertex(profile, k) * float(offsets[1] - offsets[0])
    shown = (darkest == k) & (_dips(profile, k) >= LINE_DIP)
    return found, shown & _straight_along(samples, k)


def _dips(profiles: np.ndarray, k: np.ndarray) -> np.ndarray:
    """How deep each profile (samples across a side, last axis) dips at sample ``k``
    (the darkest within a sample of it) below the paper on both sides: the brightest of
    ``LINE_SHOULDER`` samples beyond, on the darker side.  A printed line is a thin dip
    with paper on both sides; a piece's side or its shadow darkens one side only, and a
    dip beside it is no deeper than that side."""
    n = profiles.shape[-1]
    k = np.asarray(k)[..., None]

    def at(steps):
        return np.take_along_axis(profiles, np.clip(k + steps, 0, n - 1), axis=-1)

    beyond = np.arange(2, LINE_SHOULDER + 2)
    paper = np.minimum(at(-beyond).max(axis=-1), at(beyond).max(axis=-1))
    return paper - at(np.arange(-1, 2)).min(axis=-1)


LINE_SHOULDER = 3
"""Samples (of ``LINE_SEARCH`` / 8 mm) beside a line's dip its paper is looked for in,
from two samples off: a printed line's dip is narrower."""


def _straight_along(samples: np.ndarray, k: np.ndarray) -> np.ndarray:
    """Whether the line dips at ``k`` (``_dips``, half ``LINE_DIP`` deep) at every place
    along its side but one: a printed line runs straight along the side, while an edge
    crossing it slantwise dips elsewhere at each place, and a corner or shadow reaching
    into one place only dips there (one place may lose the line to a speck)."""
    dips = _dips(samples, k[:, None])  # every place at its line's k
    return (dips >= LINE_DIP / 2).sum(axis=1) >= samples.shape[1] - 1


def _at_points(img: np.ndarray | Undone, pts: np.ndarray) -> np.ndarray:
    """``img`` interpolated at each (x, y) point: one row per point (a value per channel,
    or one value); a photo seen through its lens undone at the points the lens put them."""
    if isinstance(img, Undone):
        img, pts = img.image, img.lens.to_photo(pts)
    pts = np.asarray(pts, dtype=np.float32).reshape(-1, 2)
    pad = -len(pts) % 256  # remap takes maps under 32767 px a side: a grid 256 wide
    grid = np.pad(pts, ((0, pad), (0, 0))).reshape(-1, 256, 2)
    seen = cv2.remap(img, grid[..., 0], grid[..., 1], cv2.INTER_LINEAR)
    flat = seen.reshape(len(grid) * 256, -1)[: len(pts)]
    return flat[:, 0] if img.ndim == 2 else flat


@cache
def _cell_centres(model: BoardModel) -> tuple[list, np.ndarray, float]:
    """The model's cell keys, their centres (mm) and the median cell width (mm)."""
    outlines = [np.array(o, float) for o in model.cells.values()]
    width = float(np.median([np.ptp(o, axis=0).max() for o in outlines]))
    return list(model.cells), np.array([o.mean(axis=0) for o in outlines]), width


@cache
def _corner_distance(model: BoardModel) -> float:
    """The median distance (mm) of a cell's corners from its centre."""
    _, centres, _ = _cell_centres(model)
    outlines = [np.array(o, float) for o in model.cells.values()]
    return float(
        np.median(
            [np.linalg.norm(o - c, axis=1).mean() for o, c in zip(outlines, centres, strict=True)]
        )
    )


def _near_lines(model: BoardModel, lines: Lines) -> dict:
    """Each cell judged by the lines (three or more within ``LINE_REACH`` cell widths):
    the median distance (mm) of those lines from where they should be."""
    if len(lines.offset) < 3:
        return {}
    keys, centres, width = _cell_centres(model)
    gap = np.linalg.norm(centres[:, None, :] - lines.where[None, :, :], axis=2)
    near = gap <= LINE_REACH * width
    judged = near.sum(axis=1) >= 3
    found = np.where(near[judged], np.abs(lines.offset)[None, :], np.nan)
    medians = np.nanmedian(found, axis=1) if len(found) else []
    chosen = [keys[i] for i in np.flatnonzero(judged)]
    return {k: float(m) for k, m in zip(chosen, medians, strict=True)}


def _median_off(lines: Lines) -> float:
    """How far (mm) the printed lines lie, as a rule, from where the homography puts them
    (0 when too few lines show to speak as a rule: ``REFINE_LINES``)."""
    return _typical_off(lines) if len(lines.offset) >= REFINE_LINES else 0.0


def _typical_off(lines: Lines) -> float:
    """The median distance (mm) of the lines from where the fit puts them, however few."""
    return float(np.median(np.abs(lines.offset))) if len(lines.offset) else math.inf


def _agreement(model: BoardModel, lines: Lines) -> tuple[int, float]:
    """How well the lines agree with the homography: the cells whose nearby lines lie
    where it puts them, then (the fewer mm the better) how far off the lines lie."""
    confirmed = sum(off <= LINE_OFF for off in _near_lines(model, lines).values())
    return confirmed, -_median_off(lines)


KEPT_JUDGED = 0.95
"""A lens correction is kept only if its lines judge at least this share of the cells the
lines judged before (a wrong lens hides lines from their search window)."""
SETTLED_FOUND = 0.9
"""Where the lines before lay off as a rule (``BENT``: the photo would be refused) and a
lens correction settles them (``SETTLED_LINES``), it is kept if it finds at least this
share of the lines found before, however many cells they judge: lines lying where the
lens puts them all over the board speak for it, while a dim or bent photo shows a few of
its faint lines less once undone, and with them go all the cells only they judged
(TriPakus low light 302320: lines 0.46 mm off before, 0.009 mm under the lens, 94 of 99
found, 319 of 336 cells judged; Tripitz lens 306327: 0.49 → 0.017 mm, 54 of 55 lines,
58 of 65 cells; so measured before only line-shaped dips counted as lines,
``_lines_across``, which found as many lines there after the lens as before)."""


DECISIVE = 10.0
"""A lens that puts the lines (and marker corners) this many times nearer than a
homography alone places the cells of a board whose cells share no printed lines where
the flat reading and the lens's read them surely apart (``_surer``): those lines cannot
show straighter, and cells the bend put off may read surely wrong flat (Tripod wide lens
306000, second family: a bare cell read surely as a white stone, lines 0.51 mm off flat
and 0.017 under the lens).  A homography alone left them 2.0-5.9 times as far off as some
slight k on 60 Tripod photos of that family with no lens worth undoing (ordinary, steep,
small); 3.6-35 times on its wide-lens photos."""


def _surer(after: dict, before: dict, decisive: bool = False) -> bool:
    """Whether a board without shared printed lines reads better under a lens correction:
    fewer uncertain cells (each cell's doubt rests on its own cues, such as its printed
    name showing), and no cell read sure both times read as something else, unless the
    lens is ``decisive`` (``DECISIVE``): then the lens places those cells."""
    changed = not decisive and any(
        not a.uncertain and not before[k].uncertain and a.label != before[k].label
        for k, a in after.items()
    )
    doubted = sum(c.uncertain for c in after.values())
    return not changed and doubted < sum(c.uncertain for c in before.values())


def _straighter(model: BoardModel, after: Lines, before: Lines) -> bool:
    """Whether lines measured under a lens correction agree better than ``before``: no
    more cells misplaced, lines nearer where the fit puts them, about as many cells
    judged (``KEPT_JUDGED``; where the correction settles lines that were off as a rule,
    about as many lines found: ``SETTLED_FOUND``)."""
    near_after, near_before = _near_lines(model, after), _near_lines(model, before)
    if _median_off(before) > BENT and _typical_off(after) <= SETTLED_LINES:
        kept = len(after.offset) >= SETTLED_FOUND * len(before.offset)
    else:
        kept = len(near_after) >= KEPT_JUDGED * len(near_before)
    return (
        kept
        and sum(off > LINE_OFF for off in near_after.values())
        <= sum(off > LINE_OFF for off in near_before.values())
        and _typical_off(after) < _typical_off(before)
    )


NOT_FLAT = (
    "a wide-angle lens, paper that does not lie flat or a shaken camera; use the main "
    "camera (1x), flatten the board and hold the phone still"
)
"""What a photo whose printed lines disagree with any flat view of the board asks for."""
BENT = 0.3
"""Printed lines lying farther than this (mm, median) from where the homography puts
them call for a correction; once corrected, they must lie within it: a flat board seen
through a lens without distortion is a projective map; farther, the board is bent (a
wide lens, paper lifting) and no homography reads it."""
SETTLED_LINES = 0.1
"""Once corrected, lines this close (mm, median) to where the fit puts them need no
second correction."""
CONFIRMED_SHARE = 0.5
"""A board its markers alone cannot place is read only if its printed lines judge at
least this share of its cells."""
REFINE_LINES = 24
"""Lines needed before they may correct the homography."""


def refine_by_lines(model: BoardModel, h: np.ndarray, lines: Lines) -> np.ndarray | None:
    """The homography corrected so that the printed lines fall where they were found: a
    small projective map of the board (8 parameters, linearised, least squares over every
    line's offset along its normal, fitted again without lines more than three median
    deviations off).  None if too few lines, or lines in too few directions, to tell."""
    if len(lines.offset) < REFINE_LINES:
        return None
    x0, y0, x1, y1 = model.bounds
    cx, cy, scale = (x0 + x1) / 2, (y0 + y1) / 2, max(x1 - x0, y1 - y0) / 2
    u = (lines.where[:, 0] - cx) / scale
    v = (lines.where[:, 1] - cy) / scale
    nx, ny = lines.normal[:, 0], lines.normal[:, 1]
    radial = nx * u + ny * v
    a = np.stack([nx * u, nx * v, nx, ny * u, ny * v, ny, -radial * u, -radial * v], axis=1)
    target = lines.offset / scale
    keep = np.ones(len(target), bool)
    theta = None
    for _ in range(2):
        if np.linalg.matrix_rank(a[keep]) < 8:
            return None
        theta, *_ = np.linalg.lstsq(a[keep], target[keep], rcond=None)
        error = np.abs(a @ theta - target) * scale
        keep = error <= max(3 * float(np.median(error)), 0.2)
    p = theta
    correction = np.array([[1 + p[0], p[1], p[2]], [p[3], 1 + p[4], p[5]], [p[6], p[7], 1.0]])
    to_norm = np.array([[1 / scale, 0, -cx / scale], [0, 1 / scale, -cy / scale], [0, 0, 1]])
    return h @ np.linalg.inv(to_norm) @ correction @ to_norm


OUTLINE_SEARCH = 8.0
"""How far (mm) either side of where a rough fit puts a side of the model's ``outline``
the reader looks for its step from fill to paper: far enough to see a side a loose fit
puts several millimetres off, and so to refuse that fit (``OUTLINE_OFF``), rather than
take some other step within reach for it."""
OUTLINE_SPACING = 4.0
"""Where along each side (mm apart) the step is looked for."""
OUTLINE_WINDOW = 3.0
"""Each side of a step is seen over this many mm (its mean, from a quarter mm off the
step): wider than a cell's printed outline inside the fill or a speck on the paper."""
OUTLINE_STEP = 0.15
"""A step shows where the paper side is at least this much brighter (grey, of 1) than
the fill side; fainter, the side is washed out or covered and says nothing."""
OUTLINE_PAPER = 0.9
"""Of the steps across a side, only those whose paper side is this bright, relative to the
brightest, are the outline's: paper is the brightest thing beside the fill, while a dark
stone beside a frame makes a step to the fill as steep (Tripod ordinary 300001: a black
stone at the apex, 0.06 → 0.48 of white against the frame's 0.48 → 0.83)."""
OUTLINE_OFF = 1.0
"""An outline's steps place the cells near them where they lie within this (mm, median)
of where the fit puts them: a Tripod cell's centre then lies within about 2 mm of its
place (the steps of a sloping side measure half a shift along the board's axis), and
the disc its stone is read over (radius 3.9 mm) stays on a stone 6 mm in radius."""
OUTLINE_FOUND = 0.6
"""An outline places a board only where its steps show at this share of the places
looked at or more."""


@cache
def _outline_places(model: BoardModel) -> tuple[np.ndarray, np.ndarray]:
    """Where the sides of the model's ``outline`` are looked at (every
    ``OUTLINE_SPACING`` mm along each, mm) and their outward unit normals."""
    ring = np.array(model.outline, float).reshape(-1, 2)
    middle = ring.mean(axis=0) if len(ring) else np.zeros(2)
    where, normals = [], []
    for a, b in zip(ring, np.roll(ring, -1, axis=0), strict=True):
        length = float(np.linalg.norm(b - a))
        along = (b - a) / max(length, 1e-9)
        normal = np.array([along[1], -along[0]])
        if np.dot((a + b) / 2 - middle, normal) < 0:
            normal = -normal
        for t in np.arange(
            OUTLINE_SPACING / 2, length - OUTLINE_SPACING / 2 + 1e-9, OUTLINE_SPACING
        ):
            where.append(a + t * along)
            normals.append(normal)
    return np.array(where).reshape(-1, 2), np.array(normals).reshape(-1, 2)


def _outline_lines(model: BoardModel, rectified: np.ndarray) -> Lines:
    """Where each side of the model's ``outline`` (a fill darker than the paper round it)
    shows its step to the paper in a rectified board, against where the fit puts it:
    looked for at ``_outline_places``, within ``OUTLINE_SEARCH`` mm across each, as the
    place where the paper beyond outshines the fill within most (``OUTLINE_STEP`` at
    least, ``OUTLINE_PAPER``); offsets are along the outward normal."""
    where, normals = _outline_places(model)
    if not len(where):
        return NO_LINES
    step = 0.25
    reach = OUTLINE_SEARCH + OUTLINE_WINDOW
    offsets = np.arange(-reach, reach + 1e-9, step)
    pts = where[:, None, :] + offsets[None, :, None] * normals[:, None, :]
    grey = cv2.cvtColor(np.ascontiguousarray(rectified, dtype=np.float32), cv2.COLOR_RGB2GRAY)
    profile = _at_points(grey, _to_rect(model, pts.reshape(-1, 2))).reshape(len(where), -1)
    total = np.concatenate([np.zeros((len(where), 1)), np.cumsum(profile, axis=1)], axis=1)
    width, gap = round(OUTLINE_WINDOW / step), 1
    k = np.arange(width + gap, len(offsets) - width - gap)
    paper = (total[:, k + gap + width] - total[:, k + gap]) / width
    fill = (total[:, k - gap] - total[:, k - gap - width]) / width
    contrast = paper - fill
    steps = contrast >= OUTLINE_STEP
    brightest = np.max(np.where(steps, paper, -np.inf), axis=1, keepdims=True)
    best = np.argmax(
        np.where(steps & (paper >= OUTLINE_PAPER * brightest), contrast, -np.inf), axis=1
    )
    shown = steps[np.arange(len(where)), best]
    inner = np.clip(best, 1, len(k) - 2)
    found = offsets[k[inner]] + parabola_vertex(-contrast, inner) * step  # the contrast's peak
    return Lines(where[shown], normals[shown], found[shown])


def _framed(model: BoardModel, flat: np.ndarray, markers: tuple[np.ndarray, np.ndarray]) -> set:
    """Where the markers alone place the board roughly (``flat``: rectified under their
    fit), the cells its printed ``outline`` places: those within the hull of the markers'
    corners and of the steps found within ``OUTLINE_OFF`` of where the fit puts them, or
    a cell width beyond (``_within``), unless the steps near them lie farther
    (``_near_lines``).  A fit that agrees with a closed outline all round agrees within
    it.  None are placed where steps show at fewer than ``OUTLINE_FOUND`` of the places
    looked at, or more than ``MISPLACED_SHARE`` of the cells the outline judges lie off.
    A board whose cells share no printed lines (Tripod) is so placed from three markers
    on one line, or two, where its frame's sides show: second family, Tripod glare and
    hands photos 0-39, 19 of the 21 photos refused so before are read, no cell wrong
    surely; with the apex marker hidden from each of the 300 Tripod photos 0-39 of every
    condition that show all four, 289 are read, none with a cell wrong surely.

    The outline only confirms the markers' fit, never corrects it: a fit corrected to
    the same steps it is then checked against agrees with them by its making, and steps
    a hand's edge makes pull it off (tried on those photos: hands 303021, 0.7 mm off as
    the markers put it, 4.7 mm corrected, and placed)."""
    lines = _outline_lines(model, flat)
    if not len(lines.offset) or len(lines.offset) < OUTLINE_FOUND * len(_outline_places(model)[0]):
        return set()
    near = _near_lines(model, lines)
    off = {k for k, v in near.items() if v > OUTLINE_OFF}
    if len(off) > MISPLACED_SHARE * len(near):
        return set()
    agree = np.abs(lines.offset) <= OUTLINE_OFF
    return _within(model, np.vstack([lines.where[agree], markers[0]])) - off


LENS_LINES = 8
"""Printed lines needed, beside the markers' corners, to fit a lens."""
MARKERS_ALONE = 4
"""Markers needed to fit a lens with no printed lines."""
LENS_SPREAD = 0.1
"""Printed lines that lie straight under a flat fit (``BENT``) fit a lens only where they
run in more than one direction: the smaller eigenvalue of their unit normals' mean outer
product at least this (0 for lines all one way, 0.5 for a triangular grid's three
directions alike; 0.1 where about a seventh of them cross the rest).  Lines of one
direction say nothing of where the board lies along them, and a lens fitted to them and
the markers' corners is free to slide it there: camera shake smears the lines across its
path and leaves those along it sharp (a Trigon motion photo read from its file found 204
lines, every one of them of the board's horizontal direction, 0.027 mm off flat; a lens
fitted to them put them 0.021 mm off and moved cells 3-6 mm along them, and a two-cell
piece read as bare paper, surely; flat, every cell read right).  Lines of one direction
bent as a rule measure the lens by their bend (its one coefficient bends every direction
alike), and without it the board is refused as bent: second family motion photos 307009,
307018, 307479 of TriPakus read rightly under such a lens.  Only the markers' corners
then hold the board along the lines (``LENS_SLID``)."""


def _one_way(lines: Lines) -> bool:
    """Whether the ``lines`` run in one direction only (``LENS_SPREAD``)."""
    normals = lines.normal
    spread = normals.T @ normals / max(len(normals), 1)
    return float(np.linalg.eigvalsh(spread)[0]) < LENS_SPREAD


def _lens_fitted(
    model: BoardModel,
    h: np.ndarray,
    lines: Lines,
    lens: Lens | None,
    shape: tuple,
    markers: tuple[np.ndarray, np.ndarray],
) -> tuple[Lens, np.ndarray, float, float] | None:
    """The lens (``lens.fit_lens``) and board → undistorted photo homography that put the
    printed lines where they were found, given the ``h`` (and ``lens``, if any) they were
    measured under, and the ``markers``' corners (mm, photo px) where they were found;
    None if too few lines show, or lines of one direction only that lie straight
    (``LENS_SPREAD``), or no distortion worth undoing does."""
    board, photo = markers
    if len(lines.offset) == 0:
        if len(board) < 4 * MARKERS_ALONE:
            return None
    elif (
        len(lines.offset) < LENS_LINES
        or len(lines.offset) + 2 * len(board) < REFINE_LINES
        or (_one_way(lines) and _median_off(lines) <= BENT)
    ):
        return None
    seen = np.zeros((0, 2))
    if len(lines.offset):
        seen = _project(h, lines.where + lines.offset[:, None] * lines.normal)
    if lens is not None:
        seen = lens.to_photo(seen)
    # A marker's corner is two lines through it, across and down.
    where = np.vstack([lines.where, board, board])
    across = np.tile([1.0, 0.0], (len(board), 1))
    normal = np.vstack([lines.normal, across, across[:, ::-1]])
    sheet = np.array(rectangle(model.bounds), float)
    fitted = fit_lens(where, normal, np.vstack([seen, photo, photo]), shape[:2], sheet)
    if fitted is None or abs(fitted[0].k) < STRAIGHT:
        return None
    if len(lines.offset) and _one_way(lines) and _slid(model, (h, lens), fitted, markers):
        return None
    return fitted


LENS_SLID = 1.5
"""A lens fitted to printed lines of one direction is not kept where it leaves some
marker's corner this many mm (at the board's coarsest) farther from where it was found
than the fit the lines were measured under leaves any (``_slid``).  Such lines say
nothing of where the board lies along them: only the markers' corners hold it there, and
the lens fit drops corners that lie off its lines as outliers.  A shaken photo's corners
lie a mm or two off (smeared), and once dropped the fit may slide the board freely
(TriPakus motion 307770, second family: 109 lines all of one direction, 0.97 mm off
flat, put 0.005 mm off by a lens that left a corner 35.7 mm from where it was found,
against 2.46 flat; the board's bottom rows lay on the table, nine cells surely wrong).
The fits kept so before (TriPakus motion 307479) left corners at most 0.4 mm farther
off than flat."""


def _slid(
    model: BoardModel,
    measured: tuple[np.ndarray, Lens | None],
    fitted: tuple[Lens, np.ndarray, float, float],
    markers: tuple[np.ndarray, np.ndarray],
) -> bool:
    """Whether the ``fitted`` lens and homography leave some marker's corner more than
    ``LENS_SLID`` mm farther from where it was found than the fit the lines were
    ``measured`` under (homography, lens) leaves any."""
    board, photo = markers
    if not len(board):
        return False

    def worst(h: np.ndarray, lens: Lens | None) -> float:
        at = _project(h, board)
        return float(
            np.linalg.norm((at if lens is None else lens.to_photo(at)) - photo, axis=1).max()
        )

    moved = worst(fitted[1], fitted[0]) - worst(*measured)
    return moved > LENS_SLID * _coarsest(measured[0], model)


def _within(model: BoardModel, points: np.ndarray) -> set:
    """The cells whose centres lie within the hull of ``points`` (mm), or a cell width
    beyond it."""
    if len(points) < 3:
        return set()
    keys, centres, width = _cell_centres(model)
    hull = cv2.convexHull(points.astype(np.float32))
    return {
        k
        for k, c in zip(keys, centres, strict=True)
        if cv2.pointPolygonTest(hull, (float(c[0]), float(c[1])), True) >= -width
    }


def _marker_points(
    model: BoardModel, found: list[Detection], h: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """The corners of the markers ``found`` that ``h`` places at a printed marker: where
    they are printed (mm) and where they were found (photo px)."""
    by_id = _markers_by_id(model)
    pairs = _assign(model, [d for d in found if d.id in by_id], h, by_id)
    board = [c for k in pairs for c in model.markers[k].corners]
    photo = [c for d in pairs.values() for c in d.corners]
    return np.array(board, float).reshape(-1, 2), np.array(photo, float).reshape(-1, 2)


def misplaced(model: BoardModel, cells: dict, lines: Lines) -> dict:
    """The reading with cells marked uncertain (``misplaced``) where the board's printed
    cell lines (``line_offsets``) are not where the homography places them: a check of
    the whole geometry that does not depend on colour.  A cell with fewer than three
    measured lines near it is not judged; too many misplaced cells refuse the photo."""
    near = _near_lines(model, lines)
    out = dict(cells)
    for key, off in near.items():
        if off > LINE_OFF:
            cell = cells[key]
            out[key] = replace(cell, uncertain=True, doubt=cell.doubt or "misplaced")
    off = sum(value > LINE_OFF for value in near.values())
    if near and off > MISPLACED_SHARE * len(near):
        raise PhotoError(
            f"the board's printed lines are off where its markers place them in {off} of "
            f"{len(near)} cells: {NOT_FLAT}"
        )
    return out


RINGED = "ringed"
"""The doubt of a cell read as a piece in a patch no surely read cell lies beside."""


def ringed(model: BoardModel, cells: dict[Hashable, CellReading]) -> dict:
    """The reading with every patch of cells read surely as one piece colour marked
    uncertain (``RINGED``) where every cell beside the patch is uncertain and none of them
    for a reflection.  A piece shows its cut edges against what lies round it; a patch
    ringed by a hand or a sleeve shows them against nothing seen, and may be the cover's
    own colour (a warm-lit finger read as a yellow piece).  A reflection only whitens
    what it lies on, so colour seen within one is a piece's.  Second family, first photos
    of pairs 0-19 of every condition, the five games (1,000 photos): five right cells made
    uncertain, all among a hand's; single hands photos 600-737 of TriPakus and Trigon
    (276): 84 right cells between fingers, and TriPakus 303736's two cells of a warm-lit
    hand read surely as a yellow piece."""
    beside = _beside_keys(model)
    empty = model.classes[0]
    out, done = dict(cells), set()
    for start, cell in cells.items():
        if start in done or cell.uncertain or cell.label == empty:
            continue
        patch, grown = {start}, [start]
        while grown:
            near = {n for k in grown for n in beside[k]}
            grown = [
                n for n in near - patch if not cells[n].uncertain and cells[n].label == cell.label
            ]
            patch.update(grown)
        done |= patch
        if _ringed_by(model, patch, lambda n: _may_cover(cells[n])):
            for k in patch:
                out[k] = replace(cells[k], uncertain=True, doubt=RINGED)
    return out


def _ringed_by(model: BoardModel, patch: set, covering: Callable[[Hashable], bool]) -> bool:
    """Whether some cell lies beside ``patch`` (cell keys) and every one does ``covering``."""
    beside = _beside_keys(model)
    ring = {n for k in patch for n in beside[k]} - patch
    return bool(ring) and all(covering(n) for n in ring)


def _may_cover(cell: CellReading) -> bool:
    """Whether a cover may lie over the cell: uncertain, and not for a reflection, which
    only whitens what it lies on."""
    return cell.uncertain and cell.doubt != "glare"


@cache
def _beside_keys(model: BoardModel) -> dict:
    """Every cell's neighbours (keys), as ``_beside`` finds them."""
    keys, _, _ = _cell_centres(model)
    near = _beside(model, np.arange(len(keys)))
    return {k: [keys[j] for j in np.flatnonzero(near[i]) if j != i] for i, k in enumerate(keys)}


def _shared_edges(model: BoardModel, keys: set) -> list[tuple]:
    """The sides (pairs of mm points) two cells of ``keys`` share."""
    count = Counter(side for key in keys for side in _cell_sides(model, key))
    return [side for side, n in count.items() if n == 2]


def _cell_sides(model: BoardModel, key: Hashable) -> list[tuple]:
    """A cell's sides (side i from corner i to the next), each its two corners (mm,
    rounded, in sorted order), so that cells sharing a side name it alike."""
    return _sides_by_cell(model)[key]


@cache
def _sides_by_cell(model: BoardModel) -> dict:
    """Every cell's sides, as ``_cell_sides`` names them."""
    rings = {
        k: [tuple(round(float(v), 3) for v in p) for p in ring] for k, ring in model.cells.items()
    }
    return {
        k: [tuple(sorted((ring[i], ring[(i + 1) % len(ring)]))) for i in range(len(ring))]
        for k, ring in rings.items()
    }


GREY_PAPER = 15.0
"""Corrected, the white paper round the markers must come out within this ΔE of white;
farther, the light and colour model failed and no cell can be trusted."""
PAST_WHITE = 1.5
"""Corrected, before it is clipped to white, the paper's brightest channel must come out
below this many times white.  Second family, photos 0-5 of every condition (TriPakus)
and 0-3 of glare, low light, hands and printer (the other games): at most 1.16 times
(TriPakus low light 302002); Triominoes hands 303636, its colour map fitted to a white
patch a dark finger covers, 2.3 times."""


def _check_paper(model: BoardModel, flat: np.ndarray) -> None:
    """Refuse a reading whose corrected white paper is not white (a reflection or a hand
    over the markers' paper and the colour strips misleads the correction).  The paper is
    judged before the corrected image is clipped to white too (``flat``, ``_flattened``):
    a colour map fitted to a strip whose white patch a hand covers maps the paper far past
    white, which clipped would pass (second family, Triominoes hands 303636: the cream
    tiles mapped to white and their pale numbers' ink with them, two tiles read as bare
    cells, surely)."""
    seen = _sample(flat, _to_rect(model, _white_points(model)))
    seen = seen[np.all(np.isfinite(seen), axis=1)]
    if not len(seen):
        return
    median = np.median(seen, axis=0)
    brightest = float(median.max())
    if brightest > PAST_WHITE:
        raise PhotoError(
            f"the board's light and colours could not be corrected (its white paper comes "
            f"out {brightest:.1f} times as bright as white): keep hands and "
            "shadows off the colour strips, and retake it"
        )
    paper = to_lab(median[None, :])[0]
    off = float(np.linalg.norm(paper - to_lab(np.ones((1, 3)))[0]))
    if off > GREY_PAPER:
        raise PhotoError(
            f"the board's light and colours could not be corrected (its white paper still "
            f"reads {off:.0f} ΔE from white): keep reflections and hands off the markers and "
            "the colour strips, and retake it"
        )


GREY_INK = 30.0
"""Corrected, the markers' darkest modules must come out within this ΔE of black; farther,
the colour map was fitted to patches something covers (a dark hand over the strip).
Measured by a spy on photos 0-2 of every condition of both families (TriPakus, Trigon)
and 0-3 of five (Tripitz, Triominoes: ordinary, hands, glare, low light, first-family
hard): 0-10 ΔE (low light the most), 18-19 in two Trigon glare photos refused for their
strip anyway; Trigon hands 303010, its map fitted to a strip under a dark hand, 100."""


INK_SHARE = 4
"""The markers' ink is judged by the darkest 1/INK_SHARE of the points over them: black
modules wherever a rough fit or a shaken photo puts the points."""


def _check_ink(model: BoardModel, corrected: np.ndarray) -> None:
    """Refuse a reading whose colour map takes the markers' black for another colour: the
    map was fitted to a strip a hand or a shadow covers in part, and every cell's colour
    is mapped as wrongly (a dark hand over a Trigon strip: green pieces read yellow, red
    ones blue, surely).  Only boards whose colours are mapped from a strip are checked."""
    if len(model.patches) < STRIP_LEFT:
        return
    seen = _sample(corrected, _to_rect(model, _marker_grid(model)))
    seen = seen[np.all(np.isfinite(seen), axis=1)]
    if not len(seen):
        return
    lab = to_lab(seen)
    darkest = lab[np.argsort(lab[:, 0])[: max(1, len(lab) // INK_SHARE)]]
    off = float(np.linalg.norm(np.median(darkest, axis=0) - to_lab(np.zeros((1, 3)))[0]))
    if off > GREY_INK:
        raise PhotoError(
            f"the board's colours could not be corrected (its markers' black reads {off:.0f} "
            "ΔE from black): keep hands and shadows off the colour strips, and retake it"
        )


UNEXPLAINED = 0.5
"""A reading where more than this share of the filled cells make no set of the game's
components is refused: it is not a position, and what does make pieces in it is no
better founded than the rest."""


UNSEEN = frozenset({"glare", "dark", "unlike", "mixed", "noise", "thickness", "ink astray", RINGED})
"""Doubts that mean a cell's own colour was not seen (a reflection, no light, noise, a finger
over it, half of it covered), or not surely where it lies (a thick piece's side, seen at
a slant, may show over a bare cell beside it): its label may be anything, and the
consistency check is told so."""


def consistent(model: BoardModel, cells: dict[Hashable, CellReading]) -> dict:
    """The reading with every cell the game's components cannot explain marked uncertain
    (``BoardModel.consistency``), its reason kept in ``doubt``; refused when most filled
    cells are unexplained (``UNEXPLAINED``)."""
    if model.consistency is None:
        return cells
    unseen = {k for k, c in cells.items() if c.uncertain and c.doubt in UNSEEN}
    doubts = model.consistency({k: c.label for k, c in cells.items()}, unseen=unseen)
    # Unseen cells' labels count for nothing: the share is of the filled cells seen.
    filled = [k for k, c in cells.items() if c.label != model.classes[0] and k not in unseen]
    unexplained = sum(1 for k in filled if k in doubts)
    if filled and unexplained > UNEXPLAINED * len(filled):
        raise PhotoError(
            f"{unexplained} of the {len(filled)} filled cells read make no set of the game's "
            "pieces: the photo does not show a position clearly (too little light, thick "
            "pieces seen at a slant, a hand?); retake it from above in good light"
        )
    return {
        key: replace(cell, uncertain=True, doubt=cell.doubt or doubts[key])
        if key in doubts
        else cell
        for key, cell in cells.items()
    }


def fit_board(
    found: list[Detection], models: list[BoardModel]
) -> tuple[BoardModel, np.ndarray, list[int]]:
    """The board variant the markers belong to and its board-mm → photo homography."""
    ids = sorted({d.id for d in found})
    known = [m for m in models if m.marker_ids & set(ids)]
    if not found:
        raise PhotoError(
            "no printkit markers found: photograph the whole board with its "
            "black-and-white markers in view"
        )
    if not known:
        expected = sorted(set().union(*(m.marker_ids for m in models)))
        raise PhotoError(
            f"markers {_ids(ids)} belong to a different board; this game's boards "
            f"carry markers {_ids(expected)}"
        )
    fits = []
    for model in known:
        fitted = _fit(model, [d for d in found if d.id in model.marker_ids])
        if fitted is not None:
            fits.append((model, *fitted))
    full = [f for f in fits if len(f[2]) >= MIN_MARKERS]
    if len(full) > 1:
        names = " and ".join(
            f"{f[0].variant} (markers {_ids(_marker_ids(f[0], f[2]))})" for f in full
        )
        raise PhotoError(
            f"two boards are in view, {names}: photograph one at a time, or cover the "
            "markers of the one not to read"
        )
    if not full:
        best = max(fits, key=lambda f: len(f[2]), default=None)
        model = best[0] if best else known[0]
        seen = best[2] if best else []
        message = (
            f"found {len(seen)} of the board's {len(model.markers)} markers "
            f"(ids {_ids(sorted(d.id for d in found))}); at least {MIN_MARKERS} "
            "must be in view: step back or uncover them"
        )
        if best is not None and len(seen) == 2:
            raise UnconfirmedFit(
                message, model, _canonical(model, best[1]), _marker_ids(model, seen)
            )
        raise PhotoError(message)
    model, homography, used = full[0]
    spread = _spread(np.float32([model.markers[k].centre for k in used]))
    x0, y0, x1, y1 = model.bounds
    if spread < MIN_SPREAD * min(x1 - x0, y1 - y0):
        raise UnconfirmedFit(
            f"the markers in view (ids {_ids(_marker_ids(model, used))}) lie almost on one "
            "line, which cannot place the rest of the board: include a marker on another "
            "side of it",
            model,
            _canonical(model, homography),
            _marker_ids(model, used),
        )
    mine = [d for d in found if d.id in model.marker_ids]
    pairs = _assign(model, mine, homography, _markers_by_id(model))
    loose = _placement_doubt(model, homography, {k: d for k, d in pairs.items() if k in used})
    if loose > 1:
        raise UnconfirmedFit(
            f"the corners of the markers in view (ids {_ids(_marker_ids(model, used))}) stray "
            "so far from any one fit that the cells farthest from them cannot be told from "
            "their neighbours: hold the phone still and keep every marker in view",
            model,
            _canonical(model, homography),
            _marker_ids(model, used),
        )
    return model, _canonical(model, homography), _marker_ids(model, used)


MARKER_KEPT = 2
"""A marker speaks for the fit where at least this many of its four corners lie within
``CORNER_SLACK`` of it (``_placement_doubt``): one corner of a smeared marker lying on the
fit is chance, the fit bent through it (TriPakus motion 307482, its corners sought
again: one corner of a marker 6-11 px off the fit kept at 0.1 px, the far side of the
board placed 10 mm off and taken as sure; counted so, the fit is rough and the steadied
photo's four markers place the board, every cell right and sure).  Second family, motion
and lens photos 0-59 and photos 0-5 of every other condition of every game (840): two
shaken TriPakus photos changed, 307034 read right and sure where it was refused, 307051
refused (its colours, the shake undone) where it was read right."""

CORNER_NOISE = 0.3
"""The least scatter (px) a detected marker corner is taken to have about the board's fit:
the detector places a sharp corner to a fraction of a pixel, no better."""


def _placement_doubt(model: BoardModel, h: np.ndarray, pairs: dict[int, Detection]) -> float:
    """How far the fit ``h`` through the ``pairs``' corners may put a cell off, in that
    cell's own inradius: the largest, over the cells, of one standard deviation of its
    centre's place (mm) over its inradius.

    The fit rests on the corners within ``CORNER_SLACK`` of it (those RANSAC kept), which
    scatter about it by their residuals (at least ``CORNER_NOISE``).  Carried through the
    fit's eight parameters (their covariance from those corners' derivatives) to every
    cell's centre, that scatter says how well the markers place the cells far from them:
    above 1, a cell may lie in its neighbour's place.  Three markers whose smeared
    corners leave the fit resting on a few of them place the far side of the board so
    (TriPakus motion 307482: 8 corners kept of 12, the board 18-49 mm off; 1.2 here).  The
    corners left out do not count: a wide lens bends every marker's corners a few px off
    any one homography, smoothly, and the lens fitted later undoes it (Tripod wide-lens
    photos 306000-306019: their four markers' corners 9-12 px off the fit through them all,
    the fit 0.3-0.9 of a cell's inradius off; 0.2 at most counting the kept corners)."""
    if len(pairs) < 2:
        return math.inf
    board, photo = (a.astype(np.float64) for a in _corners(model, pairs))
    h = h / h[2, 2]
    residual = np.linalg.norm(_project(h, board) - photo, axis=1)
    kept = residual <= _slack(pairs)
    kept &= np.repeat(kept.reshape(-1, 4).sum(axis=1) >= MARKER_KEPT, 4)
    if kept.sum() < 5:
        return math.inf
    board, residual = board[kept], residual[kept]
    scatter = max(float(np.sqrt(np.sum(residual**2) / max(2 * len(board) - 8, 1))), CORNER_NOISE)
    _, centres, _ = _cell_centres(model)
    inradius = _inradii(model)
    by_corner = _by_parameters(h, board)
    try:
        covariance = scatter**2 * np.linalg.inv(by_corner.T @ by_corner)
    except np.linalg.LinAlgError:
        return math.inf
    by_cell = _by_parameters(h, centres).reshape(len(centres), 2, 8)
    spread = np.einsum("cip,pq,cjq->cij", by_cell, covariance, by_cell)
    sd_px = np.sqrt(np.linalg.eigvalsh(spread)[:, -1])
    return float(np.max(sd_px / _px_per_mm_at(h, centres) / inradius))


def _by_parameters(h: np.ndarray, pts: np.ndarray) -> np.ndarray:
    """The derivatives of ``pts``' images (u, v interleaved: 2n rows) by the eight free
    entries of ``h`` (scaled so that its last entry is 1)."""
    x, y = pts[:, 0], pts[:, 1]
    w = h[2, 0] * x + h[2, 1] * y + 1.0
    u, v = _project(h, pts).T
    zero, one = np.zeros_like(x), np.ones_like(x)
    du = np.stack([x, y, one, zero, zero, zero, -u * x, -u * y], axis=1) / w[:, None]
    dv = np.stack([zero, zero, zero, x, y, one, -v * x, -v * y], axis=1) / w[:, None]
    return np.stack([du, dv], axis=1).reshape(-1, 8)


def _px_per_mm_at(h: np.ndarray, pts: np.ndarray) -> np.ndarray:
    """The homography's scale (photo px per board mm, the root of its local area ratio)
    at each of ``pts``."""
    x, y = pts[:, 0], pts[:, 1]
    w = h[2, 0] * x + h[2, 1] * y + 1.0
    u, v = _project(h, pts).T
    jac = np.array(
        [
            [(h[0, 0] - u * h[2, 0]) / w, (h[0, 1] - u * h[2, 1]) / w],
            [(h[1, 0] - v * h[2, 0]) / w, (h[1, 1] - v * h[2, 1]) / w],
        ]
    )
    return np.sqrt(np.abs(jac[0, 0] * jac[1, 1] - jac[0, 1] * jac[1, 0]))


@cache
def _inradii(model: BoardModel) -> np.ndarray:
    """Each cell's inradius (mm), in the model's order: twice its area over its perimeter
    (exact for triangles and regular hexagons).  Cells with as many corners at once."""
    outlines = list(model.cells.values())
    out = np.empty(len(outlines))
    for corners in {len(o) for o in outlines}:
        index = [i for i, o in enumerate(outlines) if len(o) == corners]
        pts = np.array([outlines[i] for i in index], np.float64)  # cells × corners × 2
        after = np.roll(pts, -1, axis=1)
        cross = pts[..., 0] * after[..., 1] - pts[..., 1] * after[..., 0]
        perimeter = np.linalg.norm(after - pts, axis=2).sum(axis=1)
        out[index] = np.abs(cross.sum(axis=1)) / perimeter
    return out


class UnconfirmedFit(PhotoError):
    """The markers in view place the board only roughly (two of them, all on one line,
    or corners too scattered to place its far cells, ``_placement_doubt``): refused,
    unless the board's printed lines confirm and correct the fit (``read_located``), which
    the fit is kept for."""

    def __init__(self, message: str, model: BoardModel, homography: np.ndarray, used: list):
        super().__init__(message)
        self.model, self.homography, self.used = model, homography, used


def _fitted(
    found: list[Detection], models: list[BoardModel]
) -> tuple[BoardModel, np.ndarray, list[int], str | None]:
    """``fit_board``, a rough fit kept with the reason it is rough."""
    try:
        return (*fit_board(found, models), None)
    except UnconfirmedFit as rough:
        return rough.model, rough.homography, rough.used, str(rough)


def _placed(
    image: np.ndarray, found: list[Detection], models: list[BoardModel]
) -> tuple[BoardModel, np.ndarray, list[int], str | None, list[Detection], PhotoError | None]:
    """``_placed_by``, and None; or where the markers found place the board only roughly or
    not at all in a shaken photo, ``_placed_by`` the markers found with the shake undone
    (``shake.steadied``: smeared past the detector and past their pattern's search, they
    show sharp again), and the refusal the photo as taken met (or its rough fit's reason),
    which stands where the board is read too doubtfully (``_steady_enough``).  The first
    way of undoing the shake whose markers place the board surely is kept; where none
    does, a rough fit of the photo as taken, else the first rough one of the steadied
    photo; where nothing places the board, the first refusal stands."""
    try:
        placed, refused = _placed_by(image, found, models), None
    except PhotoError as exc:
        placed, refused = None, exc
    if placed is not None and placed[3] is None:
        return (*placed, None)
    rough = None
    for steady in shake.steadied(image):
        try:
            better = _placed_by(steady, detect_markers(steady), models, steadied=True)
        except PhotoError:
            continue
        if better[3] is None:  # confirmed: no other way of undoing the shake is tried
            return (*better, refused or PhotoError(placed[3]))
        rough = rough or better
    if placed is not None:
        return (*placed, None)
    if rough is None:
        raise refused
    return (*rough, refused)


STEADIED_DOUBT = 0.25
"""A board whose markers showed only with the shake undone is refused when more than this
share of its cells read uncertain: a shake that hid the markers smears the pieces into
each other, and where it left much of the board in doubt, the cells read surely beside
them are no longer to be trusted either.  Second family, motion photos 0-39 of every game
(200): 15 photos refused as taken were placed so; 13 read at most 14 % of their cells
uncertain, every cell right; TriPakus 307012 (4.8 mm pieces) read 147 of 361 cells
uncertain and 16 others surely wrong; 307034, placed 6 mm off, was refused by its colour
strip."""


def _steady_enough(reading: Reading, refused: PhotoError | None) -> Reading:
    """``reading``, unless its board was placed only with the shake undone (``refused``:
    the refusal the photo as taken met) and more than ``STEADIED_DOUBT`` of its cells
    read uncertain: then that refusal, with what undoing the shake showed."""
    doubtful = len(reading.uncertain)
    if refused is None or doubtful <= STEADIED_DOUBT * len(reading.cells):
        return reading
    raise PhotoError(
        f"{refused}; with the shake undone the markers show, but {doubtful} of the "
        f"{len(reading.cells)} cells read uncertain"
    )


def _placed_by(
    image: np.ndarray,
    found: list[Detection],
    models: list[BoardModel],
    searched: bool = False,
    steadied: bool = False,
) -> tuple[BoardModel, np.ndarray, list[int], str | None, list[Detection]]:
    """``_fitted``, and the markers found: each printed marker the detector missed is
    looked for by its pattern where the fit puts it (``_sought``: a shaken photo smears a
    marker past the detector, not past its pattern), farther where the markers found
    place the board only roughly (two of them, or all on one line), and the board is
    fitted again with those found; the smeared corners of the markers detected can put a
    three-marker fit millimetres off, which a fourth set right.  Where one marker alone
    is found, the others are looked for where it puts them, and the nearest one found
    joins it: a rough fit of two, whose missed markers are looked for in turn.  In a photo
    ``steadied`` (the shake divided out), a marker found by its pattern takes the corners
    its place gives in the fit's shape alone (``_sought``)."""
    try:
        model, homography, used, rough = _fitted(found, models)
    except PhotoError:
        if searched or len(found) != 1:
            raise
        for model in (m for m in models if found[0].id in m.marker_ids):
            homography = _canonical(model, _fit(model, found)[0])
            sought = _sought(image, model, homography, found, ROUGH_REACH, steadied)
            if sought:  # the nearest only: one square places the others ever more roughly
                near = min(sought, key=lambda d: float(np.linalg.norm(d.centre - found[0].centre)))
                return _placed_by(image, [*found, near], models, True, steadied)
        raise
    reach = REACH if rough is None else ROUGH_REACH
    sought = _sought(image, model, homography, found, reach, steadied)
    if not sought:
        return model, homography, used, rough, found
    found = [*found, *sought]
    return (*_fitted(found, models), found)


ROUGH_REACH = 3.0
"""How far (in a marker's own sides) from where a rough fit puts them the missed markers
are looked for: one marker, two, or markers on one line place the board's far side only
roughly."""


def _sought(
    image: np.ndarray,
    model: BoardModel,
    h: np.ndarray,
    found: list[Detection],
    reach: float,
    steadied: bool = False,
) -> list[Detection]:
    """The printed markers the detector missed, found by their pattern (``look_for``)
    within ``reach`` of where ``h`` puts them: with the corners sought one by one and
    the shaped ones kept beside them, or in a photo ``steadied`` the shaped ones alone.
    Dividing a shake out rings beside every edge, and the ringing pulls a corner's window
    off while the whole pattern still matches where it lies (TriPakus shaken photo
    307063: its corners sought once in the steadied photo placed the board's far corner
    1.5 mm off and two cells there read surely wrong; shaped, every cell reads right, and
    so it does under the corners sought again, ``pattern.SEEK_AGAIN``, on that photo)."""
    mine = [d for d in found if d.id in model.marker_ids]
    paired = _assign(model, mine, h, _markers_by_id(model))
    missed = [marker for k, marker in enumerate(model.markers) if k not in paired]
    if not missed:
        return []  # every marker detected: the photo need not be made grey for nothing
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    sought = []
    for marker in missed:
        if (accounts := look_for(grey, marker, h, reach)) is not None:
            corners, shaped = accounts
            sought.append(
                Detection(marker.id, shaped) if steadied else Detection(marker.id, corners, shaped)
            )
    return sought


def _marker_ids(model: BoardModel, used: list[int]) -> list[int]:
    return sorted(model.markers[k].id for k in used)


def _spread(centres: np.ndarray) -> float:
    """How far points stray from the line through them: the RMS distance across it."""
    centred = centres - centres.mean(axis=0)
    return float(np.linalg.svd(centred, compute_uv=False)[-1] / np.sqrt(len(centres)))


def _ids(ids) -> str:
    return ", ".join(map(str, ids)) if ids else "none"


def _fit(model: BoardModel, found: list[Detection]) -> tuple[np.ndarray, list[int]] | None:
    """Assign detections to printed markers and fit the homography; None if impossible.
    Returns the homography and the indices of the printed markers used.

    A board whose ids are all different needs no search: each detection is its marker.
    Boards of identical sections print each id several times, so the assignment is a
    small search: the largest detection is taken as the first printed marker with its
    id (every copy looks the same), the detection farthest from it tries each printed
    marker with its id, and the hypothesis that explains most detections wins.
    """
    if not found:
        return None
    by_id = _markers_by_id(model)
    seed = max(found, key=lambda d: d.size)
    first = by_id[seed.id][0]
    if len(found) == 1:
        h = cv2.getPerspectiveTransform(np.float32(model.markers[first].corners), seed.corners)
        return h, [first]
    if (pairs := _paired_by_id(by_id, found)) is not None:
        h = _homography(model, pairs)
        return (h, sorted(pairs)) if h is not None else None
    far = max(found, key=lambda d: float(np.linalg.norm(d.centre - seed.centre)))
    best: tuple[int, float, dict[int, Detection]] | None = None
    for second in by_id[far.id]:
        if second == first:
            continue
        pairs = {first: seed, second: far}
        h = None
        for _ in range(2):
            h = _homography(model, pairs)
            if h is None:
                break
            pairs = _assign(model, found, h, by_id)
            if len(pairs) < 2:
                h = None
                break
        if h is None:
            continue
        error = _reprojection(model, pairs, h)
        if best is None or (len(pairs), -error) > (len(best[2]), -best[1]):
            best = (0, error, pairs)
    if best is None:
        return None
    pairs = best[2]
    h = _homography(model, pairs)
    return (h, sorted(pairs)) if h is not None else None


def _markers_by_id(model: BoardModel) -> dict[int, list[int]]:
    """Each marker id → the indices of the printed markers that carry it."""
    by_id: dict[int, list[int]] = {}
    for k, m in enumerate(model.markers):
        by_id.setdefault(m.id, []).append(k)
    return by_id


def _homography(model: BoardModel, pairs: dict[int, Detection]) -> np.ndarray | None:
    """The board → photo homography through the paired markers' corners; with three or
    more markers, corners off by more than ``CORNER_SLACK`` (px, or that share of a
    module where markers are large in the photo) are left out (RANSAC)."""
    if len(pairs) < 2:
        return None
    board, photo = _corners(model, pairs)
    method = cv2.RANSAC if len(pairs) > 2 else 0
    h, _ = cv2.findHomography(board, photo, method, _slack(pairs))
    return h


def _corners(model: BoardModel, pairs: dict[int, Detection]) -> tuple[np.ndarray, np.ndarray]:
    """The paired markers' corners: where they are printed (mm) and found (photo px)."""
    board = np.float32([c for k in pairs for c in model.markers[k].corners])
    photo = np.float32([c for d in pairs.values() for c in d.corners])
    return board, photo


def _slack(pairs: dict[int, Detection]) -> float:
    """How far (px) a corner may lie from the fit through the others (``CORNER_SLACK``)."""
    module = float(np.median([d.size for d in pairs.values()])) / MODULES
    return max(CORNER_SLACK[0], CORNER_SLACK[1] * module)


def _every_corner_fit(
    model: BoardModel, found: list[Detection], h: np.ndarray
) -> np.ndarray | None:
    """The least-squares fit through every corner of the markers ``h`` places, where
    RANSAC left corners out (``_homography``) that lie within ``CORNER_SLACK`` of it;
    None where there is no such second fit.  Sampling four corners at a time, RANSAC
    may settle on three markers of four whose corners a shaken photo smeared a few px
    apiece and tilt the board far off between them, while every corner lies near the fit
    through all of them (TriPakus motion 307211, full size: RANSAC kept 12 corners of 16
    and put the cells 49 px off, 34 of them read surely wrong; all 16 lie within 5.1 px of
    the fit through them, which puts the cells 5 px off).  Through a wide lens it is the
    other way round: the fit through three markers lets the lines find the lens."""
    pairs = _pairs(model, found, h)
    if len(pairs) < 3:
        return None
    board, photo = _corners(model, pairs)
    slack = _slack(pairs)
    if (_corner_errors(h, board, photo) <= slack).all():
        return None  # RANSAC kept every corner: the fits are one
    every, _ = cv2.findHomography(board, photo, 0)
    if every is None or (_corner_errors(every, board, photo) > slack).any():
        return None
    return every


def _pairs(model: BoardModel, found: list[Detection], h: np.ndarray) -> dict[int, Detection]:
    """The model's markers among ``found``, each paired with its printed marker: by id where
    every id is printed once (``_paired_by_id``), else the one ``h`` predicts nearest
    (``_assign``)."""
    by_id = _markers_by_id(model)
    mine = [d for d in found if d.id in by_id]
    pairs = _paired_by_id(by_id, mine)
    return _assign(model, mine, h, by_id) if pairs is None else pairs


def _paired_by_id(by_id: dict[int, list[int]], found: list[Detection]) -> dict | None:
    """Each detection paired with the printed marker of its id, where every id is printed
    once (None where ids repeat: ``_assign``); of two detections of one id, the larger
    (written last) is kept."""
    if not all(len(ks) == 1 for ks in by_id.values()):
        return None
    return {by_id[d.id][0]: d for d in sorted(found, key=lambda d: d.size)}


def _corner_errors(h: np.ndarray, board: np.ndarray, photo: np.ndarray) -> np.ndarray:
    """How far (px) each corner was found from where ``h`` puts it."""
    return np.linalg.norm(_project(h, board) - photo, axis=1)


CORNER_SLACK = (4.0, 0.5)
"""A marker's corner may lie this many px, or this share of a module, whichever is more,
from where the fit through the others puts it: a shaken photo's corners, full size, lie a
few px off, which is a smaller share of a large marker than of a small one."""


def _assign(
    model: BoardModel, found: list[Detection], h: np.ndarray, by_id: dict[int, list[int]]
) -> dict[int, Detection]:
    """Each detection paired with the printed marker predicted nearest to it, if near: within
    0.6 of its size, or (for an id printed several times) ``NEARER`` times nearer than the
    next marker with its id, since a rough fit of two markers may put a third well off."""
    pairs: dict[int, Detection] = {}
    for d in found:
        candidates = by_id[d.id]
        predicted = _project(h, np.float32([model.markers[k].centre for k in candidates]))
        dist = np.linalg.norm(predicted - d.centre, axis=1)
        k = candidates[int(np.argmin(dist))]
        nearest = float(dist.min())
        near = nearest < 0.6 * d.size or (
            len(dist) > 1 and NEARER * nearest < float(np.partition(dist, 1)[1])
        )
        if near and k not in pairs:
            pairs[k] = d
    return pairs


NEARER = 4.0
"""A detection of an id printed several times is taken for the copy predicted this many
times nearer to it than any other (``_assign``)."""


def _reprojection(model: BoardModel, pairs: dict[int, Detection], h: np.ndarray) -> float:
    board, photo = _corners(model, pairs)
    return float(np.mean(_corner_errors(h, board, photo)))


def _span(h: np.ndarray, model: BoardModel) -> float:
    x0, y0, x1, y1 = model.bounds
    pts = _project(h, np.float32([(x0, y0), (x1, y1)]))
    return float(np.linalg.norm(pts[1] - pts[0]))


def _project(h: np.ndarray, pts: np.ndarray) -> np.ndarray:
    return cv2.perspectiveTransform(pts.reshape(-1, 1, 2).astype(np.float64), h).reshape(-1, 2)


def _canonical(model: BoardModel, h: np.ndarray) -> np.ndarray:
    """For boards of identical sections: the turn that puts the board's top point highest.

    The top point is the board-frame origin's side of the board (the TriPakus apex): of
    the equivalent readings, the one whose origin lies nearest the top of the photo wins.
    """
    if len(model.symmetries) == 1:
        return h
    options = []
    for s in model.symmetries:
        m = matrix(s)
        candidate = h @ m
        options.append((float(_project(candidate, np.float32([(0.0, 0.0)]))[0][1]), candidate))
    return min(options, key=lambda o: o[0])[1]


def _check_framing(model: BoardModel, h: np.ndarray, shape: tuple[int, ...]) -> None:
    """Every cell must lie inside the photo."""
    pts = np.float32([p for outline in model.cells.values() for p in outline])
    img = _project(h, pts)
    height, width = shape[:2]
    inside = (img[:, 0] >= 0) & (img[:, 0] < width) & (img[:, 1] >= 0) & (img[:, 1] < height)
    if not inside.all():
        raise PhotoError(
            f"the board is cut off by the frame ({int((~inside).sum())} cell "
            "corners outside the photo): include the whole board"
        )


# --- rectification, light, colour -----------------------------------------------------


def _board_to_rect(bounds: tuple[float, float, float, float], s: float) -> np.ndarray:
    x0, y0, _, _ = bounds
    return np.array([[s, 0, -s * x0], [0, s, -s * y0], [0, 0, 1]], dtype=np.float64)


def rectify(
    image: np.ndarray | Undone,
    h: np.ndarray,
    bounds: tuple[float, float, float, float],
    px_per_mm: float = PX_PER_MM,
) -> np.ndarray:
    """The board seen square-on at ``px_per_mm``, as float RGB in 0..1."""
    x0, y0, x1, y1 = bounds
    size = (int(math.ceil((x1 - x0) * px_per_mm)), int(math.ceil((y1 - y0) * px_per_mm)))
    rect_to_photo = h @ np.linalg.inv(_board_to_rect(bounds, px_per_mm))
    if isinstance(image, Undone):  # through the lens: one map for the homography and lens
        warped = cv2.remap(
            image.image,
            image.maps(rect_to_photo, size),
            None,
            cv2.INTER_LINEAR,
            borderMode=cv2.BORDER_REPLICATE,
        )
    else:
        warped = cv2.warpPerspective(
            image,
            rect_to_photo,
            size,
            flags=cv2.INTER_AREA | cv2.WARP_INVERSE_MAP,
            borderMode=cv2.BORDER_REPLICATE,
        )
    # Scaled to 0..1 in float32 as it is made: one board-sized float array, not two.
    return np.divide(cv2.cvtColor(warped, cv2.COLOR_BGR2RGB), np.float32(255.0), dtype=np.float32)


def _to_rect(model: BoardModel, pts) -> np.ndarray:
    """Board-frame mm points → pixels of the rectified image."""
    x0, y0 = model.bounds[:2]
    return (np.asarray(pts, dtype=np.float64) - (x0, y0)) * model.px_per_mm


def _sample(
    img: np.ndarray,
    pts: np.ndarray,
    radius: int = 2,
    light: np.ndarray | None = None,
    affine: np.ndarray | None = None,
) -> np.ndarray:
    """Median colour of a small square around each point (rect px), of ``img`` divided by
    ``light`` if given, and corrected through ``affine`` too if given (``_corrected``),
    there only: the whole image corrected is a large new array.  A square the image's
    edge cuts is the part inside it, one wholly outside is NaN."""
    h, w = img.shape[:2]
    centres = np.rint(np.asarray(pts, dtype=np.float64).reshape(-1, 2)).astype(int)
    out = np.full((len(centres), 3), np.nan)

    def seen(part: np.ndarray, lit: np.ndarray | None) -> np.ndarray:
        if light is None:
            return part.reshape(-1, 3)
        if affine is None:
            return (part / lit).reshape(-1, 3)
        return _corrected(part.reshape(-1, 1, 3), lit.reshape(-1, 1, 3), affine)[:, 0]

    inside = np.all((centres >= radius) & (centres < (w - radius, h - radius)), axis=1)
    if inside.any():  # whole squares, all at once: (points, square, channels)
        step = np.arange(-radius, radius + 1)
        ys = (centres[inside, 1, None] + step)[:, :, None]
        xs = (centres[inside, 0, None] + step)[:, None, :]
        part = seen(img[ys, xs], None if light is None else light[ys, xs])
        out[inside] = np.median(part.reshape(len(ys), -1, 3), axis=1)
    for i in np.flatnonzero(~inside):  # squares the image's edge cuts
        xi, yi = centres[i]
        square = (
            slice(max(yi - radius, 0), min(yi + radius + 1, h)),
            slice(max(xi - radius, 0), min(xi + radius + 1, w)),
        )
        if img[square].size:
            part = seen(img[square], None if light is None else light[square])
            out[i] = np.median(part, axis=0)
    return out


def _white_points(model: BoardModel) -> np.ndarray:
    """Board-frame points known to be bare paper: marker quiet zones and white patches,
    but not a second strip's (``BoardModel.added_patches``): a board printed before it is
    then read as it was, its light fitted to the same points.  One point more where none
    lay changes the quadratic light of a dim photo enough to unsettle a TriPakus board's
    cells (low light 302369: 93 uncertain cells of 361, 57 without it)."""
    pts = list(model.white)
    for m in model.markers:
        reach = m.side / 2 + m.side / MODULES / 2
        cx, cy = m.centre
        a = math.radians(m.angle)
        for k in range(8):
            t = a + k * math.pi / 4
            r = reach / max(abs(math.cos(k * math.pi / 4)), abs(math.sin(k * math.pi / 4)))
            pts.append((cx + r * math.cos(t), cy + r * math.sin(t)))
    pts.extend(p.centre for p in model.patches[: model.added_from] if p.name == "white")
    return np.array(pts, dtype=np.float64)


def _marker_grid(model: BoardModel, per_side: int = 9) -> np.ndarray:
    """Board-frame points in a grid over each marker's square, more than half of them on
    its black modules (its border alone is 20 of 36)."""
    steps = np.linspace(-0.45, 0.45, per_side)
    u, v = (a.ravel() for a in np.meshgrid(steps, steps))
    out = []
    for m in model.markers:
        a = math.radians(m.angle)
        cos, sin = math.cos(a) * m.side, math.sin(a) * m.side
        out.append(np.stack([m.centre[0] + u * cos - v * sin, m.centre[1] + u * sin + v * cos], 1))
    return np.vstack(out) if out else np.empty((0, 2))


CUBIC_FROM = 150
"""White samples needed before the light is modelled by a cubic rather than a quadratic."""


def _light_surface(img: np.ndarray, pts: np.ndarray, values: np.ndarray) -> np.ndarray:
    """Per-channel smooth surface through the white samples, evaluated on the image: a
    quadratic, or a cubic once there are ``CUBIC_FROM`` samples (empty cells spread over
    the board), which follows a lamp close by.

    Samples of another hue than the paper's (``_off_hue``: a hand, a sleeve) are left out
    first, if enough remain to fit (``HUED_KEPT``).  Fitted twice, the second time without
    samples more than three median deviations off (a reflection, a stray piece, a pen
    mark), so that one bright spot does not lift the light of the whole board.
    """
    h, w = img.shape[:2]
    scale = max(h, w)
    ok = np.all(np.isfinite(values), axis=1)
    pts, values = pts[ok], values[ok]
    paper = ~_off_hue(values)
    if paper.sum() >= HUED_KEPT:
        pts, values = pts[paper], values[paper]
    terms = cubic_terms if len(pts) >= CUBIC_FROM else quadratic_terms
    a = terms(pts, scale)
    coef, *_ = np.linalg.lstsq(a, values, rcond=None)
    error = np.abs(values - a @ coef).max(axis=1)
    keep = error <= max(3 * float(np.median(error)), 0.02)
    if keep.sum() >= 12 and not keep.all():
        coef, *_ = np.linalg.lstsq(a[keep], values[keep], rcond=None)
    step = 8
    ys, xs = np.mgrid[0:h:step, 0:w:step]
    grid = np.stack([xs.ravel(), ys.ravel()], axis=1).astype(np.float64)
    coarse = (terms(grid, scale) @ coef).reshape(ys.shape[0], xs.shape[1], 3)
    surface = cv2.resize(coarse.astype(np.float32), (w, h), interpolation=cv2.INTER_LINEAR)
    return np.maximum(surface, 0.05, out=surface)


OFF_HUE = 0.15
"""A white sample whose colour (the logarithms of its red and blue over its green) lies
farther than this from the white samples' median colour is no paper, whatever its
lightness: a hand or a sleeve over the strip.  Skin over a Tripitz strip's lower half lay
0.42-0.46 from it (hands 303467, second family), the paper within 0.02; modelled as light,
the skin turned a grey token's ink light blue, surely."""

HUE_SPREAD = 5.0
"""A white sample within this many times the samples' median distance from their median
colour is kept, however far that is: dark paper's own hue scatters (sensor noise on small
values), a median distance of 0.08-0.14 in dim light (second family, low light), a few of
its samples 0.4-0.6 off.  The paper's samples lie within 0.005-0.01 of it in good light."""

HUED_KEPT = 12
"""White samples of the paper's hue needed to leave the others out of the light: twice
the terms of a quadratic."""


def _off_hue(values: np.ndarray) -> np.ndarray:
    """Which white samples (RGB, one per row) lie farther from their median colour than
    ``OFF_HUE``, or ``HUE_SPREAD`` times their median distance from it."""
    logs = np.log(np.maximum(values, 1e-3))
    hue = logs[:, [0, 2]] - logs[:, 1:2]
    off = np.linalg.norm(hue - np.median(hue, axis=0), axis=1)
    return off > max(OFF_HUE, HUE_SPREAD * np.median(off))


SHADE_CHECKED = 0.95
"""A bare cell darker than this share of the smooth light tells of a shadow only if its
print shows (``PRINT_WEAK``): a hand pale as paper dims the cells it covers too, but
hides their lines."""


def _in_shadow(
    model: BoardModel,
    img: np.ndarray,
    light: np.ndarray,
    at: np.ndarray,
    values: np.ndarray,
    cells: np.ndarray,
) -> tuple[np.ndarray, tuple[np.ndarray, set] | None]:
    """The smooth ``light`` dimmed where bare cells (middles ``at``, rect px, and their
    colours ``values``, divided by the paper's tint) show a shadow (``_shade``): those
    darker than it (``SHADE_CHECKED``) count only where their print shows in ``img``
    (``PRINT_WEAK``), as it does through a shadow and not under a hand; and, per
    cell of the model, how many such cells lie round it (``SHADOW_SUPPORT_REACH``) with
    the indices (of ``cells``, the cells sampled) of those, or None where none shows a
    shadow (the light is then as given)."""
    if not len(at):
        return light, None
    ratio = values / np.maximum(_sample(light, at, 0), 1e-3)
    dim = np.flatnonzero(ratio.mean(axis=1) < SHADE_CHECKED)
    if not len(dim):
        return light, None
    px, size = model.px_per_mm, _corner_distance(model)
    fits = print_fits(
        strokes(img, px), printed_strokes(model), at[dim], PRINT_REACH * size * px, px
    )
    keep = np.ones(len(at), bool)
    keep[dim[fits < PRINT_WEAK]] = False
    shown = dim[fits >= PRINT_WEAK]
    if not len(shown):
        return light, None
    h, w = light.shape[:2]
    step = 8
    coarse = _shade(at[keep] / step, ratio[keep], (-(-h // step), -(-w // step)), px / step)
    factor = cv2.resize(coarse.astype(np.float32), (w, h), interpolation=cv2.INTER_LINEAR)
    _, centres, _ = _cell_centres(model)
    near = np.linalg.norm(_to_rect(model, centres)[:, None] - at[shown][None], axis=2)
    support = (near <= SHADOW_SUPPORT_REACH * px).sum(axis=1)
    return light * factor[:, :, None], (support, set(cells[shown].tolist()))


SHADOW_SUPPORT_REACH = 20.0
"""Bare cells showing a shadow (their print showing) within this many mm of a cell
support its reading in the shadow's light (``_shade_guarded``)."""
SHADOW_SUPPORT = 2
"""Such cells needed round a cell that only the shadow's light reads surely as a piece."""
SHADOW_EXPLAINS = 20.0
"""A cell only the shadow's light reads surely lies at most this far (CIELAB) from its
class's printed colour in that light...  First family, TriPakus demo photo 1: the 39
cells a soft shadow made unlike their kind lay 3.9-17.9 from it in the shadow's light;
second family, Trigon hands 303300: the nine cells of a lit finger beside its hand's
shadow that the shadow's light read as yellow, 23.6-33.2."""
SHADOW_GAIN = 0.6
"""...and the shadow's light leaves at most this share of its distance from the smooth
light's (the same cells: at most 0.55, against 0.63-0.87)."""


def _shade_guarded(
    readings: dict, smooth: dict, support: tuple[np.ndarray, set], empty: str
) -> dict:
    """The cells as the smooth light reads them (``smooth``), but for those it leaves
    unlike their kind that a shadow's light (``readings``) settles: a shadow's light may
    settle what the smooth light left in doubt, never overturn or unsettle what it read
    surely (a cell read surely both ways as different things is uncertain).  It settles
    a cell only where ``SHADOW_SUPPORT`` bare cells showing the shadow lie round it
    (``support``: their count per cell, and the indices of those cells), where the shadow
    explains its colour (``SHADOW_EXPLAINS``, ``SHADOW_GAIN``) and, for a cell read bare,
    where it is one of those cells: a lit finger beside its hand's shadow, brightened by
    the shadow's light, passes for paper or a pale piece there, but stays far from any
    printed colour and hides its print."""
    counts, showing = support
    out = {}
    for i, (k, r) in enumerate(readings.items()):
        was = smooth[k]
        if not was.uncertain:
            differ = not r.uncertain and r.label != was.label
            out[k] = replace(was, uncertain=True, doubt="unlike") if differ else was
            continue
        explained = r.distance <= min(SHADOW_EXPLAINS, SHADOW_GAIN * was.distance)
        shown = r.label != empty or i in showing
        settled = not r.uncertain and counts[i] >= SHADOW_SUPPORT and explained and shown
        out[k] = r if settled else was
    return out


SHADOW_REACH = 10.0
"""How far (mm, the Gaussian's sigma) a white sample darker than the smooth light tells of
a shadow round it (``_shade``)."""
SHADOW_PRIOR = 1.0
"""Samples' worth of belief that the smooth light holds, where few samples speak."""
SHADOW_NEUTRAL = 1.25
"""A sample tells of shade only if its channels fall alike (the largest ratio to the
smooth light at most this many times the smallest): a shadow dims every channel, skin or
a stain colours the paper."""


def _shade(at: np.ndarray, ratio: np.ndarray, shape: tuple, px_per_mm: float) -> np.ndarray:
    """How much a shadow dims the smooth light over a grid of ``shape`` (a factor in
    (0, 1]), from the white samples ``at`` (grid units) and their colour's ``ratio`` to
    the smooth light there: a shadow with an edge (a phone's, a hand's, a lamp's arm) is
    no cubic, and the paper and bare cells in it say how dark it is.  Samples brighter
    than the light tell only that there is no shadow (a reflection never lifts the light,
    or the glare tests would no longer see it); samples coloured unlike a shadow
    (``SHADOW_NEUTRAL``) say nothing.  Their log ratios are averaged with Gaussian weights
    (``SHADOW_REACH``), held towards no shade by ``SHADOW_PRIOR`` samples' worth."""
    ok = np.all(np.isfinite(ratio), axis=1) & np.all(ratio > 0, axis=1)
    at, ratio = at[ok], ratio[ok]
    neutral = ratio.max(axis=1) <= SHADOW_NEUTRAL * ratio.min(axis=1)
    dim = np.log(np.minimum(ratio.mean(axis=1), 1.0))
    weight, total = np.zeros(shape, np.float64), np.zeros(shape, np.float64)
    rows = np.clip(np.round(at[:, 1]).astype(int), 0, shape[0] - 1)
    cols = np.clip(np.round(at[:, 0]).astype(int), 0, shape[1] - 1)
    np.add.at(weight, (rows[neutral], cols[neutral]), 1.0)
    np.add.at(total, (rows[neutral], cols[neutral]), dim[neutral])
    sigma = SHADOW_REACH * px_per_mm
    area = 2 * np.pi * sigma**2  # a blurred sample's weight at its own place is 1 / area
    weight = cv2.GaussianBlur(weight, (0, 0), sigma) * area
    total = cv2.GaussianBlur(total, (0, 0), sigma) * area
    return np.exp(total / (weight + SHADOW_PRIOR))


def _patch_centres(model: BoardModel) -> np.ndarray:
    """The reference patches' centres in the rectified image (px)."""
    return _to_rect(model, [p.centre for p in model.patches])


def _patches_seen(
    model: BoardModel, img: np.ndarray, light: np.ndarray | None = None
) -> np.ndarray:
    """The colour of each reference patch in the rectified ``img`` (a square 2 mm round),
    divided by the ``light`` if given."""
    return _sample(img, _patch_centres(model), int(model.px_per_mm * 2), light)


STRIP_LEFT = 4
"""Fewest reference patches the colour map is fitted to (it has four terms per channel).
A board with fewer (a Tripod half: white, black and wood) is not colour-mapped at all,
and its light is modelled on its own (``BoardModel.classify``)."""


def _check_strip(
    model: BoardModel, img: np.ndarray, light: np.ndarray, paper_clips: bool, brighter: float
) -> np.ndarray:
    """Which of the patches of a board whose colours are mapped from its strip
    (``STRIP_LEFT`` patches or more) lie under a reflection (``_doubts`` over a disc 2 mm
    round each, as for the cells), for the map to leave out (``_colour_fit``); the board
    is refused when they are every patch of one of its colours: a map fitted to a
    washed-out patch takes that colour for paper (a Trigon photo with three of its six
    patches under a lamp read 38 red cells as bare, surely), and one fitted without it is
    not anchored there (a Trigon photo whose only yellow patch lay under a reflection,
    fitted to the other five, read 54 cells wrong, surely), unless the patches left show
    that it may stand in for that colour (``_stands_in``).  A second strip the photo
    does not show printed (``_unprinted``) is left out too, and counts as no patch."""
    if len(model.patches) < STRIP_LEFT:
        return np.zeros(len(model.patches), bool)
    turns = np.linspace(0.0, 2 * math.pi, 8, endpoint=False)
    disc = np.vstack(
        [np.zeros((1, 2))] + [r * np.stack([np.cos(turns), np.sin(turns)], 1) for r in (1.0, 2.0)]
    )
    reach = int(2 * model.px_per_mm + 4 * GLARE_SMOOTH) + 2  # the disc and the smoothing round it
    h, w = img.shape[:2]
    glared = []
    for x, y in np.round(_patch_centres(model)).astype(int):
        x0, y0 = max(x - reach, 0), max(y - reach, 0)
        window = (slice(y0, min(y + reach + 1, h)), slice(x0, min(x + reach + 1, w)))
        points = [(x, y) - np.array([x0, y0]) + disc * model.px_per_mm]
        doubt = _doubts(img[window], light[window], points, paper_clips, brighter)[0]
        glared.append(doubt == "glare")
    colours = [p.colour.lower() for p in model.patches]
    glared = np.array(glared, bool)
    unprinted = _unprinted(model, img, light, glared)
    left_out = glared | unprinted
    if _unanchored(colours, ~left_out) and not _stands_in(model, img, light, left_out):
        raise PhotoError(
            f"a reflection lies on {int((glared & ~unprinted).sum())} of the "
            f"{int((~unprinted).sum())} colour patches, so the board's colours cannot be "
            "corrected: keep reflections off the colour strips, and retake it"
        )
    return left_out


PRINTED_DARK = 0.5
"""A second strip shows printed only where its black patch sends back less than this
share of its white patch's light (``_unprinted``); bare paper sends back as much."""


def _unprinted(
    model: BoardModel, img: np.ndarray, light: np.ndarray, glared: np.ndarray
) -> np.ndarray:
    """Which of the model's patches the photo shows no print of: its second strip
    (``BoardModel.added_patches``), which boards printed before it lack, unless the photo
    shows that strip printed.  Its patches no reflection lies on (not ``glared``) must hold
    its white and black, the black far darker than the white (``PRINTED_DARK``: bare
    paper is not), and more than ``STRIP_LEFT`` of them, each coming out within
    ``PATCH_OFF`` of its print through the colour map fitted to them alone (a hand or a
    piece lying there is no strip).  A strip it cannot tell so is left out, and the board
    is read from the first, as one printed without it."""
    out = np.zeros(len(model.patches), bool)
    if not model.added_patches:
        return out
    added = np.arange(len(model.patches)) >= model.added_from
    a, target, ok = _patch_rows(model, img, light, glared | ~added)
    names = [p.name for p, kept in zip(model.patches, ok, strict=True) if kept]
    if "white" not in names or "black" not in names or len(a) <= STRIP_LEFT:
        return added
    white, black = a[names.index("white"), :3].mean(), a[names.index("black"), :3].mean()
    if not black < PRINTED_DARK * white:
        return added
    coef, *_ = np.linalg.lstsq(a, target, rcond=None)
    return added if _patches_off(a, target, coef).max() > PATCH_OFF else out


STAND_IN_LEFT = 7
"""Fewest patches left for a colour map to stand in for a colour none of them shows
(``_stands_in``): as each is left out in turn, the map's twelve terms are fitted to the
eighteen values of the other six at least; fitted to fewer, it meets them too closely
for the one left out to say much."""
STAND_IN_OFF = 10.0
"""...and the ΔE within which each of them, left out, must come out of its print through
the map fitted to the rest.  Second family, Triominoes photos 0-5 (nine patches, none
left out): ordinary, steep and printer 0-9.6, four of the five glare photos read 0-12 (the
fifth 36), low light up to 25."""


def _stands_in(model: BoardModel, img: np.ndarray, light: np.ndarray, glared: np.ndarray) -> bool:
    """Whether the colour map fitted to the patches no reflection lies on (not ``glared``)
    may stand in for a colour whose every patch one does: at least ``STAND_IN_LEFT`` are
    left, and each of them, left out in turn, comes out within ``STAND_IN_OFF`` of its
    print through the map fitted to the others.  Such a map predicts a colour it was not
    fitted to as well as the strip's own colours predict one another; a strip of one patch
    per colour on a board of five or six colours leaves too few to tell (a Trigon photo
    whose only yellow patch lay under a reflection, fitted to the other five, read 54 cells
    wrong, surely), a Triominoes strip of nine leaves enough."""
    a, target, _ = _patch_rows(model, img, light, glared)
    if len(a) < STAND_IN_LEFT:
        return False
    for i in range(len(a)):
        rest = np.arange(len(a)) != i
        coef, *_ = np.linalg.lstsq(a[rest], target[rest], rcond=None)
        if _patches_off(a[i : i + 1], target[i : i + 1], coef)[0] > STAND_IN_OFF:
            return False
    return True


def _patch_rows(
    model: BoardModel, img: np.ndarray, light: np.ndarray, left_out: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The patches a colour map is fitted to (seen, and not ``left_out``): each one's
    observed colour and a 1 (a row of the map's terms), its printed colour, and which
    of the model's patches they are."""
    observed = _patches_seen(model, img, light)
    target = np.array([rgb(p.colour) for p in model.patches])
    ok = np.all(np.isfinite(observed), axis=1) & ~left_out
    return np.hstack([observed[ok], np.ones((int(ok.sum()), 1))]), target[ok], ok


def _colour_fit(
    model: BoardModel, img: np.ndarray, light: np.ndarray, washed: np.ndarray
) -> np.ndarray:
    """A 4 × 3 affine map from observed RGB, flat-fielded by the ``light``, to printed RGB,
    fitted to the patches no reflection lies on and the photo shows printed (not
    ``washed``: ``_check_strip``).  The map's
    own outlier test drops one patch or a few a hand or a soft reflection spoils; a
    reflection over a whole strip spoils too many for it (TriPakus glare 301496 of the
    second family: the five patches of one section's strip 1.3 times the paper's light,
    four of them 70-72 ΔE off the map fitted to all fifteen; refused before, now read).
    Where patches stand out of none of that, yet some come out far from their print, the
    map is fitted again without them (``_without_covered``)."""
    a, target, ok = _patch_rows(model, img, light, washed)
    if len(a) < 4:
        return np.vstack([np.eye(3), np.zeros((1, 3))])
    coef, *_ = np.linalg.lstsq(a, target, rcond=None)
    # A patch under a finger or a reflection is dropped and the map fitted again, if enough
    # remain to fit it.
    error = np.abs(a @ coef - target).max(axis=1)
    keep = error <= max(3 * float(np.median(error)), 0.05)
    if FIT_LEFT <= keep.sum() < len(keep):
        coef, *_ = np.linalg.lstsq(a[keep], target[keep], rcond=None)
        return coef
    # No patch left out (none stood out, or too few would remain): each must come out near
    # its print through the map fitted to them all, or through one fitted without the
    # patches farthest off (``_without_covered``).
    colours = [p.colour.lower() for p, kept in zip(model.patches, ok, strict=True) if kept]
    fitted = _without_covered(a, target, colours, coef)
    if fitted is not None:
        return fitted
    off = _patches_off(a, target, coef)
    raise PhotoError(
        f"the board's colours could not be corrected ({int((off > PATCH_OFF).sum())} of "
        f"its {len(off)} colour patches come out far from their print through the "
        f"correction fitted to them all, up to {off.max():.0f} ΔE off): something covers "
        "part of a colour strip; keep hands and shadows off it, and retake it"
    )


def _without_covered(
    a: np.ndarray, target: np.ndarray, colours: list[str], coef: np.ndarray
) -> np.ndarray | None:
    """The colour map ``coef`` (fitted to every patch), where each patch comes out near its
    print through it (``PATCH_OFF``); else fitted again without the patches something
    covers: the patch farthest from its print left out, one at a time, while at least
    ``FIT_LEFT`` remain and every colour keeps a patch, until each kept patch comes out
    near its print; None where that cannot be.  A map fitted to every patch a hand covers
    part of is pulled off everywhere, so the covered patches need not stand out of it
    alone, while a colour with no patch left is not anchored at all (``_check_strip``).
    Second family, photos 0-19 of every condition and 20-59 of hands and glare (1,400),
    every game: four photos refused before are read (Tripitz hands 303006, 303039 and
    303054, a hand over one of the two strips; Trigon glare 301034), every cell wrong
    among them uncertain, and one is refused for its paper instead; held-out hands
    514-521: Tripitz 303514 and 303518 and Trigon 303515 read, none silently wrong."""
    keep = np.ones(len(a), bool)
    while True:
        off = np.where(keep, _patches_off(a, target, coef), -1.0)
        worst = int(off.argmax())
        if off[worst] <= PATCH_OFF:
            return coef
        keep[worst] = False
        if keep.sum() < FIT_LEFT or _unanchored(colours, keep):
            return None
        coef, *_ = np.linalg.lstsq(a[keep], target[keep], rcond=None)


def _patches_off(a: np.ndarray, target: np.ndarray, coef: np.ndarray) -> np.ndarray:
    """How far (ΔE) each patch (``a``: its observed colour and a 1) comes out from its
    print (``target``) through the colour map ``coef``."""
    return np.linalg.norm(to_lab(a @ coef) - to_lab(target), axis=1)


def _unanchored(colours: list[str], kept: np.ndarray) -> set[str]:
    """The patch colours with no patch ``kept`` for the colour map: a map fitted without
    any patch of a colour is not anchored there (``_check_strip``, ``_without_covered``)."""
    return set(colours) - {c for c, k in zip(colours, kept, strict=True) if k}


FIT_LEFT = 6
"""Least patches a colour map is fitted to once some are left out (``_colour_fit``)."""
PATCH_OFF = 40.0
"""Where no patch can be left out of the colour map, each must come out within this ΔE of
its print through it; farther, the map is fitted to a strip something covers in part (a
hand over three of a Trigon sheet's six patches: green pieces read blue and blue ones
green, surely; its patches came out 33-57 ΔE off).  Measured on photos 312-317 of every
condition (Trigon, Tripitz): up to 32 ΔE in low light (the black patch, which an affine
map cannot bend to a dim camera's tone curve).  Over photos 300-317 under hands, glare and
low light (TriPakus, Trigon, Tripitz, Triominoes), every other photo it refuses was
refused before, by its paper or its markers' black."""


# --- cells ----------------------------------------------------------------------------


def _cell_points(model: BoardModel, shrink: float = 0.45, per_side: int = 7) -> list[np.ndarray]:
    """Sample points inside each cell (rect px): a grid over the cell shrunk about its centre.

    The grid is barycentric over a fan of triangles from the centre, so it serves triangles
    and hexagons alike.  Cells with as many corners are worked out together.
    """
    u, v = np.meshgrid(np.arange(per_side), np.arange(per_side), indexing="ij")
    keep = u + v < per_side
    s = ((u[keep] + 0.5) / per_side)[None, :, None, None]
    t = ((v[keep] + 0.5) / per_side)[None, :, None, None]
    outlines = list(model.cells.values())
    out: list[np.ndarray] = [np.empty(0)] * len(outlines)
    for corners in {len(o) for o in outlines}:
        index = [i for i, o in enumerate(outlines) if len(o) == corners]
        pts = np.array([outlines[i] for i in index], dtype=np.float64)  # cells, corners, 2
        centre = pts.mean(axis=1, keepdims=True)
        a = (shrink * (pts - centre))[:, None]
        samples = centre[:, None] + s * a + t * np.roll(a, -1, axis=2)
        for i, cell in zip(index, samples.reshape(len(index), -1, 2), strict=True):
            out[i] = _to_rect(model, cell)
    return out


def _gather(img: np.ndarray, points: list[np.ndarray]) -> list[np.ndarray]:
    """The pixels of ``img`` at each cell's sample points: one (k, channels) array per cell."""
    ys, xs = _pixels_at(img.shape, points)
    return np.split(img[ys, xs], np.cumsum([len(p) for p in points])[:-1])


def _pixels_at(shape: tuple, points: list[np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """The rows and columns of the pixels nearest every cell's sample points, in order."""
    h, w = shape[:2]
    allpts = np.concatenate(points)
    xs = np.clip(np.round(allpts[:, 0]).astype(int), 0, w - 1)
    ys = np.clip(np.round(allpts[:, 1]).astype(int), 0, h - 1)
    return ys, xs


def _corrected_at(
    img: np.ndarray, light: np.ndarray, affine: np.ndarray, points: list[np.ndarray]
) -> list[np.ndarray]:
    """``_gather(_corrected(img, light, affine), points)`` without correcting the whole
    image: the light divided out and the colours mapped at the sample points alone."""
    ys, xs = _pixels_at(img.shape, points)
    values = _corrected(img[ys, xs][:, None, :], light[ys, xs][:, None, :], affine)
    return np.split(values[:, 0, :], np.cumsum([len(p) for p in points])[:-1])


def _per_cell(values: list[np.ndarray], reduce) -> np.ndarray:
    """``reduce(stack, axis=1)`` of every cell's samples, cells with equal sample counts
    stacked together (one numpy call per count, not per cell)."""
    out = np.empty((len(values), *values[0].shape[1:]), dtype=np.float64)
    sizes = np.array([len(v) for v in values])
    for size in np.unique(sizes):
        index = np.flatnonzero(sizes == size)
        out[index] = reduce(np.stack([values[i] for i in index]), axis=1)
    return out


def _medians(img: np.ndarray, points: list[np.ndarray]) -> np.ndarray:
    """Median colour of each cell's sample points."""
    return _per_cell(_gather(img, points), np.median)


# --- evidence a cell can be read at all -----------------------------------------------

GLARE_SHARE = 0.25
"""A cell with more than this share of its samples lit brighter than white paper (see
``_glare``) shows a reflection, not its colour: it is uncertain, whatever it looks like."""
BRIGHTER = 1.20
"""A sample is glare when a channel exceeds the paper's light there by this factor, or is
clipped: no ink sends back more light than the white paper it is printed on."""
GLARE_EXCESS = 0.12
"""...and by at least this much (of 1): in dim light a lamp's uneven fall-off makes paper
20 % brighter than the light model here and there, a reflection far more."""
CLIPPED = 0.995
"""A channel at or above this (of 1) is clipped: the sensor saw its brightest."""
GLARE_SMOOTH = 1.5
"""Sensor noise is smoothed away (a Gaussian of this many px) before looking for light
brighter than paper, so that a noisy photo of bright paper does not look clipped."""
PAPER_UNJUDGED = 0.98
"""Where white paper itself reaches this in a channel, clipping there says nothing: glare
is left to the other channels and to the position's consistency check."""
DARK = 0.16
"""Paper darker than this (of 1) under the camera's light leaves too few grey levels
between the classes: such cells are uncertain."""


def _doubts(
    img: np.ndarray,
    light: np.ndarray,
    points: list[np.ndarray],
    paper_clips: bool,
    brighter: float = 1.2,
    smoothed: np.ndarray | None = None,
) -> list[str]:
    """Why each cell cannot be trusted whatever its colour says: ``glare``, ``dark`` or ``""``.

    ``img`` is the rectified photo before any correction, ``light`` the fitted light of
    white paper on it (same shape): glare is light no print can send back, a channel
    brighter than the paper's brightest channel there (cream paper sends back less blue
    than a white stone on it does), a channel clipped where the paper's is not, or white
    clipped in every channel where the known paper is not (``paper_clips`` false); dark is
    too little light.  ``smoothed``: ``img`` already through ``_smoothed``, if at hand.
    """
    smoothed = _smoothed(img) if smoothed is None else smoothed
    raw = np.concatenate(_gather(smoothed, points))
    paper = _gather(light, points)
    level = _per_cell([white.max(axis=1) for white in paper], np.median)
    paper = np.concatenate(paper)
    top = paper.max(axis=1, keepdims=True)  # the paper's brightest channel: its tint aside
    limit = np.minimum(CLIPPED, np.maximum(brighter * top, top + GLARE_EXCESS))
    glare = ((raw >= limit) & (paper < PAPER_UNJUDGED)).any(axis=1)
    if not paper_clips:
        glare |= np.all(raw >= CLIPPED, axis=1)
    counts = np.array([len(p) for p in points])
    share = np.add.reduceat(glare.astype(np.float64), np.cumsum(counts) - counts) / counts
    return [
        "dark" if lit < DARK else "glare" if part > GLARE_SHARE else ""
        for lit, part in zip(level, share, strict=True)
    ]


def _smoothed(img: np.ndarray) -> np.ndarray:
    """``img`` as the glare tests sample it: smoothed over ``GLARE_SMOOTH`` px, so that a
    sample's noise or a printed line's edge is not taken for light."""
    return cv2.GaussianBlur(img, (0, 0), GLARE_SMOOTH)


GLARE_FIT = 0.05
"""A cell under a reflection is read from what the reflection leaves (``_through_glare``)
only if one class explains its colour to within this (linear reflectance, per channel)..."""
GLARE_RATIO = 3.0
"""...and every other class explains it at least this many times worse."""
SHOULDER = 0.85
"""...and a cell read as bare paper has every channel's median below this (of 1): near
the sensor's top the camera's tone curve squeezes a washed-out piece's colour until its
channels are as even as paper's, while a colour that survives is evidence of a piece
(held-out photos: blue pieces whose channels reached 0.88-0.98, up to two fifths of their
samples clipped, fitted bare paper; bare cells read rightly through glare reached 0.82-0.88).
Wholly washed pieces fitted bare paper at 0.875 and 0.884 (TriPakus 301185, Trigon 301012):
of 583 cells read bare through glare in TriPakus and Trigon glare photos 0-29, 191 lie above
0.85 and are left uncertain."""


def _through_glare(
    model: BoardModel,
    images: tuple[np.ndarray, np.ndarray],
    light: np.ndarray,
    points: list[np.ndarray],
    readings: dict,
    doubts: list[str],
    lit_up: list[bool] | None = None,
    glared: np.ndarray | None = None,
) -> tuple[dict, list[str]]:
    """Cells doubted for glare read again from the colour a reflection leaves them.

    A glossy surface's reflection adds the lamp's own light to what the print sends back:
    in linear light, divided by the light white paper gets there, a cell shows its
    printed reflectance plus the same amount ``s >= 0`` in every channel.  So each class
    (its reflectance as the photo's reference patches show it) is fitted with the ``s``
    that suits it best, and the cell is read when all three channels are unclipped (a
    clipped channel only says "at least"), one class leaves at most ``GLARE_FIT`` and
    every other ``GLARE_RATIO`` times more, and, if that class is bare paper, no channel
    lies near the top (``SHOULDER``), and no hand may explain the cell's light
    (``_hand_lit``).  A cell doubted only for lying beside a reflection (not ``lit_up``:
    no light above the paper's on its own samples) that was read surely as a coloured
    piece (``_unwashed``) keeps that reading where the same fit finds its class best:
    a reflection's fading edge washes a piece towards white, which makes it look bare,
    never a piece of another hue.  Other glare cells stay uncertain.  ``images`` are
    the board as rectified and the view the cells were read in (the pieces' tops);
    ``glared``, the reference patches a reflection lies on or the photo shows no print of
    (``_check_strip``), which say nothing of their class's reflectance
    (``_patch_reflectance``).
    """
    glare = [i for i, d in enumerate(doubts) if d == "glare"]
    albedo = _patch_reflectance(model, images[0], light, glared) if glare else None
    if albedo is None:
        return readings, doubts
    classes = list(model.classes)
    refs = albedo[:, None, :]  # classes × 1 × 3
    raw = _gather(images[1], [points[i] for i in glare])
    lit = _gather(light, [points[i] for i in glare])
    seen = np.array(
        [np.median(linear(r) / linear(w), axis=0) for r, w in zip(raw, lit, strict=True)]
    )
    readable = np.array([np.all(np.mean(r >= CLIPPED, axis=0) <= 0.5) for r in raw])
    washed = np.array([np.median(r, axis=0).max() >= SHOULDER for r in raw])
    s = np.maximum((seen[None] - refs).mean(axis=2, keepdims=True), 0.0)  # classes × cells
    misfit = np.sqrt(((seen[None] - refs - s) ** 2).mean(axis=2))
    order = np.argsort(misfit, axis=0)
    out, doubts = dict(readings), list(doubts)
    keys = list(model.cells)
    covered = _hand_lit(model, readings, doubts)
    unwashed = _unwashed(model, readings, glare, lit_up or [True] * len(doubts))
    for j, i in enumerate(glare):
        best, second = int(order[0, j]), int(order[1, j])
        fit, runner = float(misfit[best, j]), float(misfit[second, j])
        if i in covered:
            continue
        if (
            readable[j]
            and not (best == 0 and washed[j])  # the first class is the empty cell
            and fit <= GLARE_FIT
            and runner >= GLARE_RATIO * fit
        ):
            out[keys[i]] = CellReading(
                classes[best], round(1 - fit / runner, 3), classes[second], round(fit, 3), False
            )
            doubts[i] = ""
        elif unwashed[j] and classes[best] == readings[keys[i]].label:
            doubts[i] = ""  # its sure reading stands
    return out, doubts


CHROMATIC = 30.0
"""A class whose printed colour has at least this chroma (CIELAB) is a coloured piece: no
white reflection turns a piece of another hue, or bare paper, into it (``_unwashed``);
white, grey and black classes (Tripod's stones, the empty cell) fall short."""


def _unwashed(model: BoardModel, readings: dict, glare: list[int], lit: list[bool]) -> list[bool]:
    """Which of the ``glare`` cells (indices) lie only beside a reflection (not ``lit``)
    and were read surely as a coloured piece (``CHROMATIC``), no part of them showing a
    darker class (``CellReading.washed``)."""
    keys = list(model.cells)
    lab = _printed_lab(model)
    coloured = {
        c for c, (_, a, b) in zip(model.classes, lab, strict=True) if np.hypot(a, b) >= CHROMATIC
    }
    out = []
    for i in glare:
        cell = readings[keys[i]]
        out.append(not lit[i] and cell.label in coloured and not cell.uncertain and not cell.washed)
    return out


def sure_in_reach(
    model: BoardModel,
    views: tuple,
    to_px,
    readings: dict,
    doubts: list[str],
    lifted: list[bool],
) -> list[str]:
    """A model's ``glared`` for pieces read by their print and shape (Tripitz's tokens,
    Triominoes' tiles): ``doubts`` with ``glare`` cleared from the cells read surely as a
    piece whose own samples show no light above the paper's (not ``lifted``), which lie in
    a reflection's reach and not under it.  A reflection whitens what it falls on: it
    washes a piece towards the bare cell and its ink towards white (a Tripitz token's
    reading measures that veil on its own body, ``_veil``, and doubts an ink another would
    pass for under it); it makes no piece where none lies, and a piece it washed out reads
    as a bare cell, which keeps the doubt.  Second family glare photos 0-39: of the pieces
    read surely within a reflection's reach and not under it, 291 of 291 Tripitz tokens and
    130 of 130 Triominoes tiles were right; under a reflection, all 4 Tripitz tokens read
    surely were wrong, and 2 of 8 Triominoes cells."""
    del views, to_px
    out = list(doubts)
    for i, key in enumerate(model.cells):
        reading = readings[key]
        piece = reading.label != model.classes[0]
        if out[i] == "glare" and piece and not lifted[i] and not reading.uncertain:
            out[i] = ""
    return out


def _hand_lit(model: BoardModel, readings: dict, doubts: list[str]) -> set[int]:
    """The glare cells a hand may explain (indices into the model's cells): those that
    reach, through glare cells, a cell that a cover makes odd (``COVER_DOUBTS``, no
    doubt of its light).  A hand lifted towards the lamp is brighter than the paper too,
    and a tan finger passes for a yellow piece under a white reflection."""
    keys, centres, _ = _cell_centres(model)
    odd = {i for i, k in enumerate(keys) if readings[k].doubt in COVER_DOUBTS and not doubts[i]}
    glared = np.array([d == "glare" for d in doubts])
    return spread(odd, glared, neighbours(centres, _corner_distance(model))) - odd


def _patch_reflectance(
    model: BoardModel, img: np.ndarray, light: np.ndarray, glared: np.ndarray | None = None
) -> np.ndarray | None:
    """Each class's reflectance (linear, relative to white paper) as the reference patches
    printed in its colour show it, the median of those no reflection lies on (``glared``:
    ``_check_strip``); None if a class has no such patch.  A patch under a reflection
    shows the lamp, not its print: a Trigon photo whose third strip lay under one
    (held-out glare pair 301594) had every colour's patch there brighter than the paper,
    red's faintly pink, and a bare cell in the same reflection fitted that "red" best.
    A second strip (``BoardModel.added_patches``) stands in where the first has no such
    patch: a reflection's veil far off lifts it unseen (Trigon glare 301009, its white 1.08
    of the paper's light, the first strip's 0.98: 22 cells more left in doubt for glare)."""
    seen = linear(_patches_seen(model, img))
    paper = linear(_sample(light, _patch_centres(model), radius=0))
    shown = seen / np.maximum(paper, 1e-3)
    usable = np.all(np.isfinite(shown), axis=1)
    if glared is not None:
        usable &= ~glared
    colours = [p.colour.lower() for p in model.patches]
    rows = []
    for c in model.classes:
        mine = [i for i, colour in enumerate(colours) if colour == model.colours[c].lower()]
        kept = [i for i in mine if usable[i]]
        kept = [i for i in kept if i < model.added_from] or kept
        if not kept:
            return None
        rows.append(np.median(shown[kept], axis=0))
    return np.array(rows)


GLARE_Z = 4.0
"""Light counts as brighter than paper only beyond this many times the paper's own
scatter round the light model (``_paper_noise``), if that is more than ``BRIGHTER``."""


def _paper_noise(seen: np.ndarray, light: np.ndarray) -> float:
    """How much known white paper scatters round the fitted light, relative to it (a robust
    standard deviation): sensor and colour noise, which dim photos have plenty of."""
    rel = (seen / np.maximum(light, 1e-3) - 1.0)[np.all(np.isfinite(seen), axis=1)]
    if not rel.size:
        return 0.0
    return float(1.4826 * np.median(np.abs(rel - np.median(rel))))


CHROMA_NOISE = 3.0
"""Colour noise (ΔE in a* and b*, robust standard deviation over the known white paper)
below this, or below the paper's noise in lightness, leaves colour its full weight."""
CHROMA_LEAST = 0.25
"""The least weight colour keeps however noisy it is."""


def _chroma(paper: np.ndarray) -> float:
    """How much colour counts beside lightness in telling classes apart: 1, or less where
    the known white paper (``paper``: its corrected colours, RGB) shows a phone's
    night-time denoising, which smears colour noise into blotches a few millimetres wide
    while lightness stays clean (a dim TriPakus photo: paper scattering 10 ΔE in a* and
    b*, 2 in L*; its blue pieces read as far from blue as from white).  Colour then
    weighs lightness's noise over its own (at least ``CHROMA_NOISE``), but never below
    ``CHROMA_LEAST``."""
    lab = to_lab(paper)
    lab = lab[np.all(np.isfinite(lab), axis=1)]
    if len(lab) < FEW_KIND:
        return 1.0
    off = np.abs(lab - np.median(lab, axis=0))
    lightness, colour = (1.4826 * float(np.median(part)) for part in (off[:, 0], off[:, 1:]))
    if colour <= CHROMA_NOISE:
        return 1.0
    return float(np.clip(max(lightness, CHROMA_NOISE) / colour, CHROMA_LEAST, 1.0))


LIGHT_DOUBTS = frozenset({"glare", "dark"})
"""Doubts about the light over a cell, which a cell whose print shows clearly (``bare``)
does not share."""


def _with_doubts(readings: dict, keys: list, doubts: list[str]) -> dict:
    """The readings with every doubtful cell marked uncertain and its reason kept (a bare
    cell whose print shows is not doubted for its light)."""
    out = dict(readings)
    for key, doubt in zip(keys, doubts, strict=True):
        if doubt and not (readings[key].bare and doubt in LIGHT_DOUBTS):
            out[key] = replace(readings[key], uncertain=True, doubt=doubt)
    return out


@dataclass(frozen=True)
class Maps:
    """How a rectified board's colours were corrected: the light white paper gets over it
    (an image of the board's size) and the colour map (3 × 4 affine, ``_corrected``)."""

    light: np.ndarray
    affine: np.ndarray
    chroma: float = 1.0
    """How much colour, beside lightness, counts in telling classes apart (``_chroma``)."""


def classify(
    img: np.ndarray,
    model: BoardModel,
    photo: tuple[np.ndarray, np.ndarray] | None = None,
    plane: Plane | None = None,
    maps: Maps | None = None,
) -> tuple[dict[Hashable, CellReading], np.ndarray, Plane, Maps]:
    """Every cell's class, the corrected image the cells were read in, the plane they
    were read on and the maps they were corrected through.

    Light is modelled twice: from the known white paper, then again adding every cell
    the first pass read as empty (bare paper too; a cell printed in a tint, listed in
    ``model.extra["paper"]`` as cell → colour, counts as that tint, so the light seen
    there is divided by it).  Where bare cells lie darker than that smooth light and show
    their print, a shadow's light (``_in_shadow``) settles cells the smooth light left
    unlike their kind (``_shade_guarded``); every later cue weighs the smooth light.
    Colours are then mapped through the reference patches, and
    the corrected white paper must come out white (``_check_paper``).  A model's own
    ``classify`` reads the corrected image; otherwise each cell goes to the class whose
    printed colour is nearest its median.  For a board read from pieces' top faces
    (``model.raised``), given the ``photo`` and its homography, the cells are read on the
    plane of those faces (``_piece_height``, unless ``plane`` is given); the cells that
    planes its judge cannot tell apart read differently are uncertain (``thickness``),
    unless the model reads its cells itself (Tripitz looks for a token's symbol ``SLIDE``
    mm round its cavity).  Last, the evidence of the raw photo (``_doubts``: glare, too
    little light) marks cells uncertain whatever they were read as.

    Given the ``maps`` of a reading of the same photo under a fit a little off (a board mm
    or two), the light and colours are corrected through them, not modelled again: the
    light is smooth over the board and the colour map the same everywhere.
    """
    keys = list(model.cells)
    points = _cell_points(model)
    base_pts = _to_rect(model, _white_points(model))
    base_vals = _sample(img, base_pts)
    white_pts, white_vals = base_pts, base_vals
    paper_clips = bool(np.median(np.nanmin(base_vals, axis=1)) >= CLIPPED)
    readings: dict[Hashable, CellReading] = {}
    corrected = seen = light = img
    cells_img = img
    before = shaded = smooth = support = None
    for rounds in range(2):
        light = _light_surface(img, white_pts, white_vals) if maps is None else maps.light
        if shaded is not None:
            smooth, light, support = light, *_in_shadow(model, cells_img, light, *shaded)
        noise = _paper_noise(base_vals, _sample(light, base_pts, 0))
        brighter = max(BRIGHTER, 1 + GLARE_Z * noise)
        left_out = _check_strip(model, img, light, paper_clips, brighter)
        if maps is None:
            colour = _colour_fit(model, img, light, left_out)
            affine = np.hstack([colour[:3].T, colour[3][:, None]]).astype(np.float32)
            chroma = _chroma(_sample(img, base_pts, light=light, affine=affine))
        else:
            affine, chroma = maps.affine, maps.chroma
        if rounds == 0 and photo is not None and model.raised:
            if plane is None:
                plane = _piece_height(model, photo, points, light, affine, chroma)
            if plane.height:
                lifted_h = lifted(photo[1], plane.height, photo[0].shape)
                cells_img = rectify(photo[0], lifted_h, model.bounds, model.px_per_mm)
        # Each round's cells are corrected at their samples alone: the whole board is
        # corrected once, in the final light (a model's classify reads it whole).
        quick = model.classify is not None and rounds == 0 and maps is None
        if quick:
            corrected = _corrected(img, light, affine)
            seen = corrected if cells_img is img else _corrected(cells_img, light, affine)
            cell_samples = _gather(seen, points)
        else:
            cell_samples = _corrected_at(cells_img, light, affine, points)
        samples = np.concatenate(cell_samples)
        if before is not None and np.percentile(np.abs(samples - before), 99) < SETTLED:
            break  # the empty cells hardly moved the light: the first reading stands
        before = samples
        if quick:
            readings = _read_cells(seen, model, points, True, corrected, chroma)
        elif model.classify is None:
            readings = _read_samples(model, cell_samples, chroma)
        if rounds == 1 or maps is not None:
            break  # the final light: no light model follows (a model's classify reads below)
        bare = [i for i, k in enumerate(keys) if readings[k].label == model.classes[0]]
        empty = [i for i in bare if not readings[keys[i]].uncertain]
        if not empty:
            break
        # Bare cells unlike the others may lie in a shadow: they speak of its shade only.
        shades = model.printed and model.classify is None and maps is None
        dim = [i for i in bare if readings[keys[i]].doubt == "unlike"] if shades else []
        at, values, sampled = _paper_samples(model, cells_img, light, points, empty + dim)
        fitted = np.isin(sampled, empty)
        white_pts = np.vstack([base_pts, at[fitted]])
        white_vals = np.vstack([base_vals, values[fitted]])
        if shades:
            shaded = (at, values, sampled)
    if support is not None:
        # The shadow's light settles cells only: every later cue weighs the smooth light.
        shaded_readings, light = readings, smooth
        cell_samples = _corrected_at(cells_img, light, affine, points)
        readings = _read_samples(model, cell_samples, chroma)
        readings = _shade_guarded(shaded_readings, readings, support, model.classes[0])
    flat = _flattened(img, light, affine)
    corrected = np.clip(flat, 0.0, 1.0)
    seen = corrected if cells_img is img else _corrected(cells_img, light, affine)
    if model.classify is not None:  # read in full once, in the final light
        readings = _read_cells(seen, model, points, False, corrected, chroma)
    if photo is not None and not model.raised:
        maps_now = Maps(light, affine, chroma)
        readings = _turned_on_tops(model, photo, points, maps_now, corrected, readings)
    _check_paper(model, flat)
    _check_ink(model, corrected)
    plane = plane or Plane()
    smoothed = _smoothed(cells_img)
    doubts = _doubts(cells_img, light, points, paper_clips, brighter, smoothed)
    lit_up = [d == "glare" for d in doubts]  # light above paper on the cell's own samples
    near = np.minimum.reduce(
        [
            _glare_distance(doubts, points),
            _inked_glare_distance(model, smoothed, light, points, paper_clips, brighter),
            _margin_glare_distance(model, smoothed, light, points, paper_clips),
        ]
    )
    washed = [readings[k].washed for k in keys]
    doubts = _halo(doubts, near, washed)
    doubts = _beside_washed_out(doubts, [readings[k] for k in keys], points, near)
    above = _washed_above_paper(washed, smoothed, light, points)
    doubts = ["glare" if up and not d else d for d, up in zip(doubts, above, strict=True)]
    lit_up = [a or b for a, b in zip(lit_up, above, strict=True)]
    if model.classify is None:  # a model's own classify allows for faces off their cells
        doubts = [
            d or ("thickness" if k in plane.unsettled else "")
            for k, d in zip(keys, doubts, strict=True)
        ]
        readings, doubts = _through_glare(
            model, (img, cells_img), light, points, readings, doubts, lit_up, left_out
        )
    elif model.glared is not None and "glare" in doubts:
        views = (seen, cells_img, light)
        to_px = partial(_to_rect, model)
        doubts = model.glared(model, views, to_px, readings, doubts, lit_up)
    if cells_img is not img:
        board = _read_cells(corrected, model, points, True, corrected, chroma)
        readings = _bare_below(readings, board, model.classes[0], doubts)
        doubts = _raised_doubts(readings, board, model.classes[0], doubts)
        if model.classify is None and model.whole is None:
            doubts = _partly_covered(model, seen, points, readings, doubts, near, chroma)
    if model.printed and model.classify is None:
        tail = frozenset(k for k, d in zip(keys, near, strict=True) if d <= WASH_REACH)
        if photo is not None and plane.height:
            readings, doubts = _clear_of_lean(
                model, photo, corrected, points, readings, doubts, chroma, tail
            )
        overhung = _overhung(model, photo, plane.height, readings) if photo else frozenset()
        shown = strokes(flat, model.px_per_mm)  # the print as the photo shows it, unclipped
        readings = _print_hidden(shown, model, readings, tail, overhung)
        readings, doubts = _named_through_glare(shown, model, readings, doubts)
    if model.classify is None:  # last: no later cue clears these
        doubts = _coloured_in_reach(model, seen, points, readings, doubts, near)
    return _with_doubts(readings, keys, doubts), seen, plane, Maps(light, affine, chroma)


def _turned_on_tops(
    model: BoardModel,
    photo: tuple[np.ndarray, np.ndarray],
    points: list,
    maps: Maps,
    board: np.ndarray,
    readings: dict,
) -> dict:
    """A board read flat, seen at a slant: the cells whose piece reads as another piece on
    the plane of the pieces' tops (``_piece_height``) take the tops' piece.

    A thick pale piece seen at a slant shows its shaded side where its cell is and its
    top beyond: read flat, it passes for a dark piece, while on the tops' plane every top
    lies over its own cell.  Such a cell is read surely only where the tops' reading is
    sure, the planes one step below and above the tops' read the same piece there (a
    plane found a little off would not turn it), and the flat reading is sure or only
    unlike its kind or near the runner-up (a shaded side is); else it is uncertain
    (``thickness``).  A cell bare on one plane and covered on the other is only the pieces'
    tops sliding over their neighbours: its flat reading stands.  A cell read flat as a
    piece unlike the others of its kind (``unlike``: a thick stone's shaded side where its
    cell is, its top beyond), or near the runner-up (``noise``, or by its margin: a side
    wall greyer than the top), that reads as the same piece surely on the tops' plane, and
    as that piece, if not surely, on the planes a step below and above, is that piece: its
    top lies over its cell.  Held-out Tripod steep 434-457: 30 uncertain cells to 3
    (305435, 305455: 4-5 mm discs); photos 0-39 of every condition and 40-79 of five: 11
    right cells more sure, one more uncertain.  A finger is unlike a stone on any plane.
    So is a cell read flat as bare, its printed name hidden (a tall stone's side stands
    over it, its top beyond), that reads as the same piece surely on those three planes: a
    finger is unlike a stone there too, and a reflection that hides a name is doubted for
    glare.  Second family, Tripod steep photos 0-79 and 210-217, hands and glare 0-79: 35
    cells read so surely, all rightly; no hand or glare reading changed."""
    light, affine = maps.light, maps.affine
    height = _piece_height(model, photo, points, light, affine, maps.chroma).height
    if not height:
        return readings

    def on_plane(level: float) -> dict:
        view = rectify(
            photo[0], lifted(photo[1], level, photo[0].shape), model.bounds, model.px_per_mm
        )
        seen = _corrected(view, light, affine)
        return _read_cells(seen, model, points, False, board, maps.chroma)

    tops = on_plane(height)
    empty = model.classes[0]
    turned = [
        k for k, r in readings.items() if r.label != empty and tops[k].label not in (empty, r.label)
    ]
    settled = [  # a piece unlike its kind or near the runner-up flat, sure on the tops
        k
        for k, r in readings.items()
        if r.uncertain
        and r.doubt in ("unlike", "noise", "")
        and r.label != empty
        and tops[k].label == r.label
        and not tops[k].uncertain
    ]
    hidden = [  # bare by its colour flat, its printed name hidden: a piece there on the tops
        k
        for k, r in readings.items()
        if r.uncertain
        and r.doubt == "name hidden"
        and r.label == empty
        and tops[k].label != empty
        and not tops[k].uncertain
    ]
    if not turned and not settled and not hidden:
        return readings
    # Who reads the same piece on the planes a step below and above (surely, ``steady``;
    # or at all, ``alike``): a plane is read only while some cell may still pass.
    steady = {k for k in turned if not tops[k].uncertain and readings[k].doubt in ("", "unlike")}
    steady |= set(hidden)
    alike = set(settled)
    step = HEIGHTS.index(height)
    for i in (step - 1, step + 1):
        if 0 <= i < len(HEIGHTS) and (steady or alike):
            other = on_plane(HEIGHTS[i])
            steady = {
                k for k in steady if other[k].label == tops[k].label and not other[k].uncertain
            }
            alike = {k for k in alike if other[k].label == tops[k].label}
    out = dict(readings)
    for k in turned:
        sure = k in steady
        out[k] = replace(
            tops[k], uncertain=not sure, doubt="" if sure else readings[k].doubt or "thickness"
        )
    for k in (*(k for k in hidden if k in steady), *alike):
        out[k] = tops[k]
    return out


def _overhung(
    model: BoardModel, photo: tuple[np.ndarray, np.ndarray], height: float, readings: dict
) -> frozenset:
    """The cells whose printed name a neighbour's piece may hide, seen at a slant: the
    plane of the pieces' tops (``height`` mm up) seems to move the board (``shifts``), and
    a thick piece's top and side lean that way over the cells beyond it; a cell is
    overhung where a neighbour read as a piece lies behind it and the lean reaches as far
    into it as its name lies from its sides."""
    if not height:
        return frozenset()
    keys, centres, _ = _cell_centres(model)
    corner = _corner_distance(model)
    sides = len(next(iter(model.cells.values())))
    clearance = corner * (math.cos(math.pi / sides) - NAME_REACH)
    lean = shifts(photo[1], height, photo[0].shape, centres)
    away = centres[:, None, :] - centres[None, :, :]  # from each neighbour to the cell
    reach = np.einsum("ijk,ik->ij", away, lean) / np.maximum(np.linalg.norm(away, axis=2), 1e-9)
    beside = neighbours(centres, corner)
    np.fill_diagonal(beside, False)
    piece = np.array([readings[k].label != model.classes[0] for k in keys])
    leaning = (beside & piece[None, :] & (reach >= clearance)).any(axis=1)
    return frozenset(k for k, over in zip(keys, leaning, strict=True) if over)


CLEAR_SHARE = 0.2
"""A cell a neighbour's piece may lean over is read again on what no such piece can reach
(``_clear_of_lean``) only if at least this share of its samples lies there: a fifth of a
TriPakus cell is 17 of its 84 samples, and the reading's own test of their spread
(``_nearest_kinds``: mixed) judges whether they tell."""


def _clear_of_lean(
    model: BoardModel,
    photo: tuple[np.ndarray, np.ndarray],
    view: np.ndarray,
    points: list[np.ndarray],
    readings: dict,
    doubts: list[str],
    chroma: float = 1.0,
    tail: frozenset = frozenset(),
) -> tuple[dict, list[str]]:
    """The readings and ``doubts`` with the cells a neighbour's piece may lean over read
    again on their samples that no piece beside them can reach (at least
    ``CLEAR_SHARE`` of them): the cells whose samples mix two colours (``mixed``) and
    those the planes of the pieces' tops read differently (``thickness``); those that
    then read surely bare are bare.

    Seen at a slant, a thick piece's side and top lean over the cell beyond it, as far as
    a piece of the thickest kind the reader allows (``HEIGHTS``) would reach
    (``parallax.shifts`` of its corners); what lies outside that reach in the board's own
    plane (``view``: the board rectified, corrected) is the cell's own base.  A piece
    covers all of its cell's base, so a cell whose base shows paper there holds none,
    whatever leans over the rest of it, if that base is wholly paper (``_wholly``): piece
    colour there is no lean but the cell's own piece, left a few mm off it by hand or
    smeared by the camera's motion (TriPakus motion 307479, second family: a third of a
    covered cell's base showed its piece, the rest paper; read bare, surely).  Not in a
    reflection's ``tail`` (within ``WASH_REACH`` of glare), which washes a piece as white
    as paper (Trigon glare 301022, second family: two green cells read bare); a cover as
    pale as paper would pass, but not the print test that follows (``_print_hidden``)."""
    empty = model.classes[0]
    keys = list(model.cells)
    asked = [
        i
        for i, k in enumerate(keys)
        if k not in tail
        and (
            doubts[i] == "thickness"
            or (not doubts[i] and readings[k].uncertain and readings[k].doubt == "mixed")
        )
    ]
    if not asked:
        return readings, doubts
    _, centres, _ = _cell_centres(model)
    piece = np.array([readings[k].label != empty for k in keys])
    near = neighbours(centres[asked], 2 * _corner_distance(model), centres) & piece[None, :]
    near[np.arange(len(asked)), asked] = False  # a cell's own reading leans over nothing
    reach = {n: _lean_reach(model, photo, keys[n]) for n in np.flatnonzero(near.any(axis=0))}
    samples, judged = list(points), []
    for row, i in enumerate(asked):
        clear = np.ones(len(points[i]), bool)
        for n in np.flatnonzero(near[row]):
            clear &= ~_in_convex(reach[n], points[i])
        if clear.mean() >= CLEAR_SHARE:
            samples[i] = points[i][clear]
            judged.append(i)
    if not judged:
        return readings, doubts
    seen = _gather(view, samples)
    lab = to_lab(np.concatenate(seen))  # once, for the colour read and the paper's share
    again = _nearest_kinds(seen, model, lab, chroma=chroma)
    by_cell = np.split(lab, np.cumsum([len(s) for s in seen])[:-1])
    base = [by_cell[i] for i in judged]
    bare = _wholly(
        np.concatenate(base),
        np.cumsum([len(b) for b in base])[:-1],
        np.zeros(len(judged), int),
        model,
    )
    out, doubts = dict(readings), list(doubts)
    for i, paper in zip(judged, bare, strict=True):
        if again.order[i, 0] == 0 and not again.uncertain[i] and paper:
            runner = model.classes[int(again.order[i, 1])]
            margin, distance = float(again.margins[i]), float(again.distances[i])
            out[keys[i]] = CellReading(empty, round(margin, 3), runner, round(distance, 2), False)
            doubts[i] = ""
    return out, doubts


def _lean_reach(model: BoardModel, photo: tuple[np.ndarray, np.ndarray], key) -> np.ndarray:
    """The outline (rect px, a convex polygon in order) of what a piece on the cell ``key``
    covers on the board's own plane, were it as thick as the thickest the reader allows
    (``HEIGHTS``): its cell and its top as the slant shifts it (``parallax.shifts``)."""
    image, h = photo
    base = np.asarray(model.cells[key], float)
    top = base + shifts(h, HEIGHTS[-1], image.shape, base)
    reach = (np.vstack([base, top]) - np.array(model.bounds[:2])) * model.px_per_mm
    return cv2.convexHull(reach.astype(np.float32))[:, 0]


def _in_convex(hull: np.ndarray, pts: np.ndarray) -> np.ndarray:
    """Which of ``pts`` lie in the convex polygon ``hull`` (its corners in order) or on
    its edge."""
    edges = np.roll(hull, -1, axis=0) - hull
    rel = pts[:, None, :] - hull[None, :, :]
    cross = edges[None, :, 0] * rel[:, :, 1] - edges[None, :, 1] * rel[:, :, 0]
    return (cross >= 0).all(axis=1) | (cross <= 0).all(axis=1)


PRINT_SHOWS = 0.12
"""A cell read as bare paper whose print (its outline's lines, its name) fits the board as
printed below this is covered.  Measured on the second family's TriPakus photos: over
10,355 bare cells clear of any hand (every condition) the least fit was 0.16; cells read
as bare under a hand fitted 0.05-0.29, pieces under a pale hand among them."""
PRINT_WEAK = 0.3
"""A bare cell beside a covered one (``PRINT_SHOWS``) whose print fits below this is
covered too, and so on outwards: a hand's edge.  Of the bare cells clear of any hand,
1-2 % fit below it."""
COVER_DOUBTS = frozenset({"unlike", "mixed"})
"""Doubts of a cell that something over it may explain (a hand's shade or its edge): a bare
cell beside one whose print shows weakly is covered too."""
PRINT_BARE = 0.6
"""A cell's print shows clearly at this fit (see ``_print_hidden``): a cell read as bare
paper but unlike the other bare cells is then bare, and sure, and a cell read bare in a
reflection's tail must fit this well to stay sure.  Measured on the second family's glare
photos 0-29 and 160-223 (TriPakus and Trigon, a spy on the reader): of the cells read
surely bare within ``WASH_REACH`` of a glare cell, 349 of 2,961 right TriPakus cells and
450 of 3,728 right Trigon cells fit below it, and so did the two wrong ones (TriPakus
301198 16,4 at 0.31, Trigon 301186 z6 at 0.36; with 301224 13,10 at 0.49).  Beside the
cells a cover hides a cell read bare must fit this well too: over the hands photos 0-29
and 160-199, of the cells read surely bare beside a cover's first cells (print gone, or
odd), 105 of 285 TriPakus cells fit below it, none wrong, and 91 of 307 Trigon cells,
among them the five wrong cells of Trigon 303191 (0.34-0.52: a hand as white as paper)."""
PRINT_REACH = 0.57
"""The print round a cell is compared out to this share of its corners' distance from its
centre: the middles of its sides, where its outline's lines run."""
SIDE_SHOWS = 0.3
"""Beside what a cover hides, a cell read bare must show its print on at least two of its
sides this well (``_one_sided``).  Measured on the second family's hands photos (a spy on
the reader): of the cells read surely bare and right, the second-best side fit below it
in 5 % of all (1 % below 0.22) and in none of the few left sure beside a cover (0.41 the
least); TriPakus pair 303284's 18,-16, a finger lying along the board's bottom edge over
a red piece, fitted 0.68 whole and 0.15 on its second side."""
NAME_REACH = 0.25
"""A cell's printed name is compared out to this share of its corners' distance from its
centre: the name alone, clear of the cell's outline (``_names_gone``)."""
NAMED_SHARE = 0.5
"""Names are compared only on a board that prints them in at least this share of its bare
cells: the full TriPakus sheet names every cell; the glued sections print no names, only
glue marks and ticks along their seams near 33 cells' middles (where one section's flap
lies over the other's print, so they may show half), Trigon's sheets mark only their
starting cells."""
NAME_LEGIBLE = 0.5
"""The names of a photo's bare cells are legible when what a showing name fits
(``vision.printed.showing``, the upper quartile of their fits) reaches this; a board small
or blurred in the photo shows none, and its names say nothing."""
NAME_SHARE = 0.4
"""Where names are legible, a cell read surely bare whose name fits below this share of
what a showing name fits is uncertain: its name is hidden, by a piece washed as white
as paper (the reflection's own edges and a piece's cut edges can still pass for a cell's
outline, never for its name).  Measured by a spy on photos 0-7 of every condition of
both families (TriPakus, the board read unclipped: ``_flattened``): of the 9,393 named
cells of full sheets read surely bare and right in photos showing names, none fit below
it, 3 below half the median (first hard, hands, steep).  TriPakus 301264's two washed
cells fit 0.23-0.33 of it, the finger over 303240's 16,8 0.16-0.22.  Those were shares
of the median; against the upper quartile, photos 0-19 of every condition: six more right
cells uncertain, five of them in recompressed 308015, whose names the median called
illegible (0.45; upper quartile 0.52)."""


def _print_hidden(
    seen: np.ndarray,
    model: BoardModel,
    readings: dict,
    tail: frozenset = frozenset(),
    overhung: frozenset = frozenset(),
) -> dict:
    """The board's print as a second cue for the cells read as bare paper, ``seen`` as
    the strokes (``vision.printed.strokes``) of the board as the light and colour maps
    flatten it, unclipped (``_flattened``; on the board's own plane; ``vision.printed``).

    A cell read surely bare whose print does not show is uncertain (``print hidden``): a
    finger pale as the paper hides the lines a bare cell shows; so is one on a side
    another such cell shares whose line does not show (``_blank_sides``), where a finger's
    edges lying along printed lines pass for its outline.  Beside the cells a cover
    hides so, a cell read surely bare must show its print clearly (``PRINT_BARE``) and on
    two of its sides at least (``_one_sided``), or it is uncertain (``beside a cover``):
    the cover's own edges fit a cell's outline weakly, and a straight one lying along a
    printed line fits it well by that line alone.  So must a cell read surely bare amid
    a cover, every cell round it hidden or uncertain (none for a reflection:
    ``_ringed_by``), on two sides: second family, TriPakus hands 303630 (first photo of
    the pair), 1,1 between two odd cells under a pale hand fitted 0.42, on one side only;
    first photos of pairs 0-19 of every condition and hands 600-737 (TriPakus and
    Trigon, 676 photos): that cell and seven right ones uncertain; single hands photos
    600-737: six right ones.
    In a reflection's ``tail`` (the cells within ``WASH_REACH`` of a glare cell) a cell read
    surely bare must show its print clearly too (on its inner sides, if it lies on the
    board's edge: ``_edge_unshown``), or it is uncertain (``glare``): the tail
    can wash a whole piece to the paper's white, and the reflection's edges and the pieces
    round it draw lines of their own that match a cell's outline weakly.  Where the photo
    shows the cells' printed names, a cell read surely bare whose name does not show is
    uncertain too (``name hidden``, ``_names_gone``): lines can pass for an outline, not
    for a name; but not where a neighbour's thick piece, seen at a slant, may lean over
    it (``overhung``, ``_overhung``).  A cell read bare but
    unlike the other bare cells (dim light's noise, a lamp's fall-off), or mixed with
    another colour where a neighbour's thick piece may lean over it (``overhung``: its
    side, seen at a slant), whose print shows clearly is bare after all: no piece over it
    lets its lines through; but not within a cover, where a finger's edge and a piece's
    cut edges make lines of their own, nor, unless a piece leans over it, where it shows on
    fewer than two sides (``_one_sided``): a fingertip's edge along a piece's side fits
    one side well, and a leaning piece hides one of the cell's sides.  Second
    family, TriPakus and Trigon steep photos 0-29 and 210-217: six bare cells made sure
    by their print beside a leaning piece, all rightly; no cell changed in 360 photos of
    hands, glare, lens, low light, ordinary and motion.  Two sides asked of them: no cell
    changed in 1,440 photos (0-19 of every condition, 20-59 of hands, glare, steep and low
    light); TriPakus hands pair 303526's 13,12 (whole fit 0.71, sides 0.77, 0.27 and 0.10)
    is no longer cleared.  The
    board's lines are still measured under cells whose only doubt is their print
    (``line_offsets``): under a rough fit the print lies off its place."""
    empty = model.classes[0]
    bare = [k for k, r in readings.items() if r.label == empty and not r.uncertain]
    odd = [k for k, r in readings.items() if r.uncertain and r.doubt in COVER_DOUBTS]
    if not bare:
        return readings
    keys, every_centre, _ = _cell_centres(model)
    at = {k: i for i, k in enumerate(keys)}
    centres = every_centre[[at[k] for k in bare + odd]]
    size = _corner_distance(model)
    px = model.px_per_mm
    fits, shifts = print_matches(
        seen, printed_strokes(model), _to_rect(model, centres), PRINT_REACH * size * px, px
    )
    beside = neighbours(centres, size)
    np.fill_diagonal(beside, False)
    within = _within_cover(fits, beside, len(bare))
    shows = {
        i
        for i, k in enumerate(odd, start=len(bare))
        if readings[k].label == empty
        and (readings[k].doubt == "unlike" or k in overhung)
        and fits[i] >= PRINT_BARE
        and not within[i]
    }
    # Print on one side only may be a fingertip's edge along a line, unless a piece leans
    # over the cell and hides a side of it.
    unleaned = {i: odd[i - len(bare)] for i in shows if odd[i - len(bare)] not in overhung}
    one_sided = _one_sided(seen, model, list(unleaned.values()))
    shows -= {i for i, k in unleaned.items() if k in one_sided}
    # A cover fades out at its edge: the cells beside it, or beside a cell it makes look
    # odd, whose print shows only weakly are under it too.
    seeds = set(np.flatnonzero(fits[: len(bare)] < PRINT_SHOWS).tolist())
    blank = _blank_sides(seen, model, bare, shifts[: len(bare)])
    seeds |= {i for i, k in enumerate(bare) if k in blank}
    seeds |= set(range(len(bare), len(bare) + len(odd))) - shows
    weak = np.concatenate([fits[: len(bare)] < PRINT_WEAK, np.zeros(len(odd), bool)])
    faint = fits[: len(bare)] < PRINT_BARE
    covered, edge = _under_cover(seeds, weak, faint, beside)
    covered = sorted(i for i in covered if i < len(bare))
    hidden = {bare[i] for i in covered}
    # Where the photo shows the cells' names, a bare cell shows its own: a piece washed as
    # white as the paper hides it, whatever lines its edges and the reflection's draw.
    nameless = _names_gone(seen, model, bare, centres[: len(bare)]) - hidden - overhung
    # Beside what the cover hides, and in a reflection's tail, a bare-looking cell must show
    # its print clearly: a pale hand's edges and a reflection's draw lines of their own.
    # Beside a hidden cell, or amid a cover (every cell round it uncertain or hidden), on
    # two sides.
    by_cover = beside[: len(bare), covered].any(axis=1)
    two_sides = [
        k
        for k, near in zip(bare, by_cover, strict=True)
        if near or _ringed_by(model, {k}, lambda n: n in hidden or _may_cover(readings[n]))
    ]
    fringe = {bare[i] for i in edge} | _one_sided(seen, model, two_sides)
    fringe -= hidden | nameless
    unproven = {k for k, low in zip(bare, faint, strict=True) if low and k in tail}
    unproven |= _edge_unshown(seen, model, [k for k in bare if k in tail])
    shown = {odd[i - len(bare)] for i in shows}
    return {
        k: replace(r, uncertain=True, doubt="print hidden")
        if k in hidden
        else replace(r, uncertain=True, doubt="name hidden")
        if k in nameless
        else replace(r, uncertain=True, doubt="beside a cover")
        if k in fringe
        else replace(r, uncertain=True, doubt="glare")
        if k in unproven
        else replace(r, uncertain=False, doubt="")
        if k in shown
        else r
        for k, r in readings.items()
    }


LINE_GAIN = 0.1
"""A side two cells read surely bare share shows its printed line at least this share as
strongly as the photo's sides of its direction that show (``showing``, over the sides two
such cells share), or both cells are under a cover (``_blank_sides``).  Second family,
Trigon hands 303004: a finger lying along one of the board's directions over a blue
piece's o14 and o13, whose outlines its edges fitted 0.25 and 0.54 (cells under it fitted
up to 0.85), and whose shared sides showed their lines at 0.01-0.03 of the photo's.
Photos 0-19 of every condition (TriPakus and Trigon, 400 photos): those two cells
uncertain, and besides them five right cells under the same finger and two of glare
photos; hands photos 600-729 (260): four right cells uncertain; no other cell changed."""
LINES_EVEN = 0.5
"""Sides are judged by their lines only where the photo shows every direction's lines at
least this share as strongly as its clearest direction's: a shake smears the lines across
it away and ghosts the others, so that some sides between bare cells show none.  Second
family, motion photos 0-19 of TriPakus and Trigon: 35 of 40 show a direction this faint;
motion photos 0-39 judged anyway: Trigon 307018's four bare cells round one such side
uncertain, no other cell changed."""
LINES_FEW = 8
"""A direction's sides are judged only where at least this many are shared by cells read
bare: fewer say little of how the photo shows its lines."""


def _blank_sides(seen: np.ndarray, model: BoardModel, bare: list, shifts: np.ndarray) -> set:
    """The cells of ``bare`` (read surely bare) on a side another of them shares whose
    printed line does not show in the photo's strokes ``seen``: its gain (``print_gains``)
    below ``LINE_GAIN`` of what its direction's show, where either cell's print fits best
    (``shifts``, px: ``print_matches``) and where the side's own print fits best (a wide
    lens's residue can leave a cell's outline fitted a few pixels off one of its lines).
    Nothing lies on such a side but a cover, a finger as pale as the paper.  A correlation
    alone cannot tell: a finger lying along one of the board's directions draws its edges
    along printed lines, and a cell under it fits its outline as well as a bare one."""
    owners = defaultdict(list)
    for i, k in enumerate(bare):
        for side in _cell_sides(model, k):
            owners[side].append(i)
    shared = [side for side, cells in owners.items() if len(cells) == 2]
    if not shared:
        return set()
    ends = np.array(shared, float)  # side, end, (x, y) in mm
    run = ends[:, 1] - ends[:, 0]
    ways = np.round(np.degrees(np.arctan2(run[:, 1], run[:, 0]))) % 180
    middles = _to_rect(model, ends.mean(axis=1))
    px = model.px_per_mm
    reach = SIDE_REACH * float(np.linalg.norm(run, axis=1).mean()) * px
    printed = printed_strokes(model)
    by_cells = [shifts[[owners[side][j] for side in shared]] for j in (0, 1)]
    gains = np.fmax(*(print_gains(seen, printed, middles, reach, by) for by in by_cells))
    seen_ways = ~np.isnan(gains)
    typical = {
        w: showing(gains[seen_ways & (ways == w)])
        for w in np.unique(ways)
        if (seen_ways & (ways == w)).sum() >= LINES_FEW
    }
    if not typical or min(typical.values()) < LINES_EVEN * max(typical.values()):
        return set()
    least = np.array([LINE_GAIN * typical.get(w, -np.inf) for w in ways])
    faint = np.flatnonzero(gains < least)  # NaN (the photo's edge) is never faint
    if len(faint):
        _, own = print_matches(seen, printed, middles[faint], reach, px)
        gains[faint] = np.fmax(gains[faint], print_gains(seen, printed, middles[faint], reach, own))
    return {bare[i] for s in np.flatnonzero(gains < least) for i in owners[shared[s]]}


def _within_cover(fits: np.ndarray, beside: np.ndarray, bare: int) -> list[bool]:
    """Whether each cell (its print's ``fits``: the first ``bare`` read bare, then the odd
    ones; ``beside``, which lie beside which) lies within a cover: every cell beside it
    hidden too (its print weak), or odd with its print faint.  There a finger's edge and
    the cut edges of a piece under it can pass for a cell's outline, and no odd cell is
    cleared by its lines.  Measured: second family, TriPakus hands 303208, a tan finger
    over a yellow piece's 16,-16 fitted its outline at 0.61 between a cell showing no
    print (0.07) and an odd one (0.44): cleared as bare, surely, when only hidden cells
    counted."""
    doubted = fits < PRINT_WEAK
    doubted[bare:] |= fits[bare:] < PRINT_BARE
    return [bool(row.any() and doubted[row].all()) for row in beside]


def _under_cover(
    seeds: set[int], weak: np.ndarray, faint: np.ndarray, beside: np.ndarray
) -> tuple[set[int], set[int]]:
    """The cells a cover over ``seeds`` hides and those at its edge (cell indices, the
    cells read bare first, as many as ``faint`` has; ``beside``: which cells lie beside
    which, as ``neighbours`` gives it): it reaches the cells
    beside it whose print is ``weak`` (``spread``); the bare cells beside the bare ones it
    hides whose print is ``faint`` lie at its edge, and a weak cell beside its edge is
    hidden too, as far as they go.  Measured: second family, Trigon hands 303036, a finger
    as pale as the paper over a green piece's v18 (its print fitting 0.37 beside the
    edge's u18) and w18 (0.22, beside the edge's x18)."""
    bare = len(faint)
    covered = spread(seeds, weak, beside)
    while True:
        hides = sorted(i for i in covered if i < bare)
        edge = set(np.flatnonzero(faint & beside[:bare, hides].any(axis=1)).tolist()) - covered
        more = spread(covered | edge, weak, beside) - edge
        if more == covered:
            return covered, edge
        covered = more


def _edge_unshown(seen: np.ndarray, model: BoardModel, cells: list) -> set:
    """The ``cells`` on the board's edge whose inner sides do not show their print clearly
    (their mean fit below ``PRINT_BARE``, ``side_fits`` in the photo's strokes ``seen``):
    the board's outline is drawn across the edge, and its outer half shows beside a piece
    on the cell, so an edge cell's print as a whole fits well by that side alone.  Held-out
    TriPakus glare pair 301578's first photo: a blue piece on 13,13 washed white in a
    reflection's tail fitted 0.88 whole, 0.99 on the board's edge, 0.37 and 0.29 inside.
    TriPakus and Trigon photos 0-19 of every condition (400): 17 right edge cells of 11
    glare photos made uncertain, no other cell changed."""
    outer = _outer_sides(model)
    cells = [k for k in cells if outer[k].any()]
    if not cells:
        return set()
    fits = _cell_side_fits(seen, model, cells)
    return {k for k, f in zip(cells, fits, strict=True) if float(f[~outer[k]].mean()) < PRINT_BARE}


@cache
def _outer_sides(model: BoardModel) -> dict:
    """Each cell's sides (side i from corner i to the next) that no other cell shares: the
    board's edge."""
    sides = _sides_by_cell(model)
    count = Counter(s for ss in sides.values() for s in ss)
    return {k: np.array([count[s] == 1 for s in ss]) for k, ss in sides.items()}


def _one_sided(seen: np.ndarray, model: BoardModel, cells: list) -> set:
    """The ``cells`` whose print shows on fewer than two of their sides (``SIDE_SHOWS``,
    ``side_fits`` in the photo's strokes ``seen``): a finger lying along a printed line
    makes a cell's whole outline fit well by that line alone."""
    if not cells:
        return set()
    fits = _cell_side_fits(seen, model, cells)
    return {k for k, f in zip(cells, fits, strict=True) if np.sort(f)[-2] < SIDE_SHOWS}


def _cell_side_fits(seen: np.ndarray, model: BoardModel, cells: list) -> list[np.ndarray]:
    """How well each side of each of ``cells`` shows its print in the photo's strokes
    ``seen`` (``side_fits``; side i from corner i to the next)."""
    outlines = [_to_rect(model, np.asarray(model.cells[k], float)) for k in cells]
    return side_fits(seen, printed_strokes(model), outlines, model.px_per_mm)


def _names_gone(seen: np.ndarray, model: BoardModel, bare: list, centres: np.ndarray) -> set:
    """The cells of ``bare`` (their ``centres`` in board mm) whose printed name does not
    show in the photo's strokes ``seen`` (``NAME_SHARE``), if the board names its cells
    (``NAMED_SHARE``) and the photo shows names at all (``NAME_LEGIBLE``)."""
    px, printed = model.px_per_mm, printed_strokes(model)
    at = _to_rect(model, centres)
    radius = NAME_REACH * _corner_distance(model) * px
    named = printed_near(printed, at, radius)
    if named.mean() < NAMED_SHARE:
        return set()
    gone = faded(print_fits(seen, printed, at[named], radius, px), NAME_LEGIBLE, NAME_SHARE)
    keys = [k for k, has in zip(bare, named, strict=True) if has]
    return {k for k, out in zip(keys, gone, strict=True) if out}


NAME_CLEAR = 0.8
"""A cell read surely bare but in doubt for a reflection is bare, and sure, where its
printed name fits at least this share of the median fit of the names of the cells read
bare in no doubt, and its outline fits ``PRINT_BARE`` (``_named_through_glare``).
Measured by a spy on second-family TriPakus glare photos 0-19 (full sheets, the board
read unclipped): of the cells read bare in doubt for a reflection and not hidden, 84 of
150 bare cells passed both, none of the 109 pieces washed to the paper's white; the
pieces' names fitted at most 0.31 of the median where their outlines passed, 0.68 where
one's outline fitted 0.55.  Held out (photos 110-149): uncertain cells 11.29 -> 9.50 %,
the same cells wrong, none silently."""


def _named_through_glare(
    seen: np.ndarray, model: BoardModel, readings: dict, doubts: list[str]
) -> tuple[dict, list[str]]:
    """The readings and ``doubts`` with ``glare`` cleared from the cells read surely bare
    whose printed name and outline show clearly in the strokes ``seen`` of the board as
    the light and colour maps flatten it (``NAME_CLEAR``, ``PRINT_BARE``), on a board
    that names its cells (``NAMED_SHARE``) in a photo where names are legible
    (``NAME_LEGIBLE``); those cells are ``lit``.  A reflection washes a piece towards the
    paper's white, but it prints no name on it: a piece hides its cell's name whatever
    the light, and the reflection's own edges and a piece's cut edges can pass for an
    outline, never for a name."""
    empty = model.classes[0]
    keys, centres, _ = _cell_centres(model)
    bare = [
        i for i, k in enumerate(keys) if readings[k].label == empty and not readings[k].uncertain
    ]
    if not any(doubts[i] == "glare" for i in bare):
        return readings, doubts
    px, printed, size = model.px_per_mm, printed_strokes(model), _corner_distance(model)
    at = _to_rect(model, centres[bare])
    radius = NAME_REACH * size * px
    named = printed_near(printed, at, radius)
    if named.mean() < NAMED_SHARE:
        return readings, doubts
    clear = [j for j, i in enumerate(bare) if not doubts[i] and named[j]]
    typical = float(np.median(print_fits(seen, printed, at[clear], radius, px))) if clear else 0.0
    if typical < NAME_LEGIBLE:
        return readings, doubts
    asked = [j for j, i in enumerate(bare) if doubts[i] == "glare" and named[j]]
    names = print_fits(seen, printed, at[asked], radius, px)
    outlines = print_fits(seen, printed, at[asked], PRINT_REACH * size * px, px)
    out, cleared = list(doubts), dict(readings)
    for j, name, outline in zip(asked, names, outlines, strict=True):
        if name >= NAME_CLEAR * typical and outline >= PRINT_BARE:
            out[bare[j]] = ""
            cleared[keys[bare[j]]] = replace(readings[keys[bare[j]]], lit=True)
    return cleared, out


PAPER_LIKE = 0.4
"""A cell read as empty in the first light adds to the light model only if every channel
shows at least this share of the light fitted to the paper there.  Measured on photos 0-5
of every second-family condition: bare TriPakus and Tripitz cells showed at least 0.60 and
0.51 (0.63 and 0.59 for all but one in a thousand); a dark token read as empty, 0.1."""


def _paper_samples(
    model: BoardModel, img: np.ndarray, light: np.ndarray, points: list, cells: list[int]
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The middles and median colours (divided by the paper's tint there) of the ``cells``
    (indices) read as empty that may be bare paper, for the light model, and their
    indices.  A cell far darker than the paper's light there is no bare paper, whatever
    the first reading said (a dark piece under a colour fit the strip put off):
    ``PAPER_LIKE``."""
    keys = list(model.cells)
    at = np.array([points[i].mean(axis=0) for i in cells])
    values = _medians(img, [points[i] for i in cells]) / _paper(model, [keys[i] for i in cells])
    paper_like = np.all(values >= PAPER_LIKE * _sample(light, at, 0), axis=1)
    return at[paper_like], values[paper_like], np.asarray(cells)[paper_like]


def _read_cells(
    seen: np.ndarray,
    model: BoardModel,
    points: list,
    quick: bool,
    board: np.ndarray,
    chroma: float = 1.0,
) -> dict:
    """Every cell's reading in the corrected board ``seen``: by the model's own
    ``classify`` (``quick``: only which cells are surely empty; ``board``: the view on the
    board's own plane, where its print lies) or by the nearest printed colour, colour
    counting ``chroma`` as much as lightness."""
    if model.classify is not None:
        return model.classify(
            seen, model, lambda pts: _to_rect(model, pts), quick=quick, board=board
        )
    return _read_samples(model, _gather(seen, points), chroma)


def _read_samples(model: BoardModel, samples: list[np.ndarray], chroma: float) -> dict:
    """Every cell's reading from its corrected samples (one array per cell, in the model's
    order) by the nearest printed colour, colour counting ``chroma`` as much as lightness:
    how a board read by colour alone reads its cells (``_nearest``)."""
    return _nearest(list(model.cells), samples, model, chroma=chroma)


def _bare_below(top: dict, board: dict, empty: str, doubts: list[str]) -> dict:
    """Cells read empty but uncertain on the pieces' plane (a neighbouring face or its
    cut edge slides in there) that show clean paper on the board itself are surely empty:
    a piece covering a cell hides its paper from every view, face or cut edge in front."""
    out = {}
    for (key, cell), doubt in zip(top.items(), doubts, strict=True):
        below = board[key]
        clean = below.label == empty and not below.uncertain
        sure = cell.label == empty and cell.uncertain and clean and not doubt
        out[key] = replace(cell, uncertain=False, confidence=below.confidence) if sure else cell
    return out


def _raised_doubts(top: dict, board: dict, empty: str, doubts: list[str]) -> list[str]:
    """Cells read as a piece on the pieces' top faces but surely bare on the board itself
    are uncertain (``thickness``): a cell covered by a piece cannot show clean paper
    however the photo looks at it, while a bare cell seen on the faces' plane may show
    the side of a piece beyond it, in the piece's own colour."""
    out = []
    for (key, cell), doubt in zip(top.items(), doubts, strict=True):
        bare = board[key]
        clash = cell.label != empty and bare.label == empty and not bare.uncertain
        out.append(doubt or ("thickness" if clash else ""))
    return out


def _partly_covered(
    model: BoardModel,
    seen: np.ndarray,
    points: list,
    readings: dict,
    doubts: list[str],
    glare_distance: np.ndarray,
    chroma: float = 1.0,
) -> list[str]:
    """``doubts`` with the cells read surely as a piece on the plane of the pieces' tops
    (``seen``, corrected) that show paper there (more than ``1 - WHOLLY`` of their samples
    nearest the bare cell's colour) uncertain (``thickness``).  On that plane a piece
    covers its cell edge to edge, its top face or its side, as the plane's choice
    (``_piece_height``) assumes, and a neighbour's face may slide over it, but no paper
    shows; a bare cell between thick pieces seen at a slant shows theirs leaning in from
    either side, over most of it but not all, and its median passes for a piece (Trigon
    steep 305413, second family, pieces 4.6 mm thick read on the 2.25 mm plane: a bare
    cell read surely blue, 44 % of its samples nearer paper).  Not within ``WASH_REACH``
    cell widths of a reflection (``glare_distance``), which washes part of a piece as white as
    paper.  Colour counts ``chroma`` times as much as lightness, as in ``_nearest_kinds``
    (a dim photo's blotches of colour noise)."""
    empty = model.classes[0]
    weight = np.array([1.0, chroma, chroma])
    lab = to_lab(np.concatenate(_gather(seen, points))) * weight
    counts = np.array([len(p) for p in points])
    paper = nearest_colour(lab, _printed_lab(model) * weight) == 0  # the bare cell's class
    shown = np.add.reduceat(paper, np.cumsum(counts) - counts) / counts
    return [
        d
        or (
            "thickness"
            if r.label != empty and not r.uncertain and part > 1 - WHOLLY and far > WASH_REACH
            else ""
        )
        for d, r, part, far in zip(
            doubts, readings.values(), shown.tolist(), glare_distance.tolist(), strict=True
        )
    ]


SETTLED = 0.01
"""When adding the empty cells to the light model moves the cells' corrected colours by
less than this (of 1, for 99 % of their samples), the cells are not read again."""


def _corrected(img: np.ndarray, light: np.ndarray, affine: np.ndarray) -> np.ndarray:
    """The rectified photo with its light divided out and its colours mapped, in 0..1."""
    out = _flattened(img, light, affine)
    return np.minimum(np.maximum(out, 0.0, out=out), 1.0, out=out)


def _flattened(img: np.ndarray, light: np.ndarray, affine: np.ndarray) -> np.ndarray:
    """``_corrected`` before its values are clipped to 0..1: where the paper maps a little
    above white, its thin print does too, and clipping would wipe the print away."""
    return cv2.transform(img / light, affine)


ALIKE_COUNT = 2
"""Planes whose counts (``_piece_height``) lie this close to the best one's count alike: a
cell or two is the count's own noise (TriPakus lens 306393, 4.9 mm wood pieces, the lens
undone: 82 at 1.5 mm, 81 at 2.25 and 3.0 mm, and a bare cell the 1.5 mm plane alone read
as blue, surely; so measured before only line-shaped dips counted as printed lines,
``_lines_across``; since, in TriPakus lens 380-399 and steep 380-399 counted only when
equal no cell is wrong, and three photos have a right cell more uncertain)."""
HEIGHTS = (0.0, 0.75, 1.5, 2.25, 3.0, 4.0, 5.0)
"""Thicknesses (mm) tried for pieces lying on the board: printed card to wooden pieces."""
STILL = 0.25
"""When the highest plane's view of the cells lies within this (mm) of the board's, the
pieces are read on the board itself."""


@dataclass(frozen=True)
class Plane:
    """The plane a board's cells are read on: its height above the board (mm), and the
    cells whose reading it leaves unsettled (``_piece_height``)."""

    height: float = 0.0
    unsettled: frozenset = frozenset()


def _piece_height(
    model: BoardModel,
    photo: tuple[np.ndarray, np.ndarray],
    points: list[np.ndarray],
    light: np.ndarray,
    affine: np.ndarray,
    chroma: float = 1.0,
) -> Plane:
    """How high above the board the pieces are best read (mm, one of ``HEIGHTS``): the
    plane whose view shows the most cells wholly in one piece colour, less the cells
    read uncertain there.  Of planes with the best count the lowest is taken, and the
    cells that planes counting within ``ALIKE_COUNT`` of it read differently are
    unsettled: the count cannot say which plane is right.

    On the plane of the pieces' top faces every covered cell shows its piece's colour
    from edge to edge; on a lower one the faces slide off their cells and the cells
    along their edges show two colours (``_nearest`` finds them mixed).  On the faces'
    plane, though, bare cells next to a piece show its cut edge, so the best plane may
    lie a little lower than the faces.  Cells unlike their kind on every plane, and those
    beside them, are not counted (``_covered``): a hand held above the board slides on
    every plane, and its edges, not the pieces, would choose it (Trigon hands 303351: the
    board's own plane, where a 4 mm piece's face lay over its bare neighbour).  Each plane
    is sampled at the cells' points only, through the light and colour maps of the board.
    """
    image, h = photo
    x0, y0 = model.bounds[:2]
    points = [p[::2] for p in points]  # half the samples tell the planes apart
    rect = np.concatenate(points)
    board = rect / model.px_per_mm + (x0, y0)
    if parallax(h, HEIGHTS[-1], image.shape, board) < STILL:
        return Plane()  # seen square-on: the faces lie over their cells on any plane
    if model.whole is not None:
        return Plane(_whole_height(model, photo, light, affine))
    shade = np.concatenate(_gather(light, points))
    splits = np.cumsum([len(p) for p in points])[:-1]
    keys = list(model.cells)
    planes = []
    for height in HEIGHTS:
        where = _project(lifted(h, height, image.shape), board)
        seen = _at_points(image, where)[:, ::-1].astype(np.float32) / 255.0  # BGR → RGB
        values = _corrected((seen / shade)[:, None, :], np.ones((1, 1, 3), np.float32), affine)
        lab = to_lab(values[:, 0, :])  # once for both judges
        near = _nearest_kinds(np.split(values[:, 0, :], splits), model, lab, chroma)
        kinds = near.order[:, 0]
        planes.append((height, near, kinds, _wholly(lab, splits, kinds, model)))
    covered = _covered(model, [near for _, near, _, _ in planes])
    counted = []
    for height, near, kinds, whole in planes:
        count = sum(
            0 if off else -1 if unsure else 1 if kind != 0 and one else 0  # 0: the empty cell
            for kind, unsure, one, off in zip(
                kinds.tolist(), near.uncertain.tolist(), whole, covered, strict=True
            )
        )
        counted.append((count, height, kinds))
    most = max(count for count, _, _ in counted)
    _, best, chosen = next(c for c in counted if c[0] == most)
    alike = [c for c in counted if c[0] >= most - ALIKE_COUNT and c[1] != best]
    unsettled = {keys[i] for _, _, other in alike for i in np.flatnonzero(other != chosen)}
    return Plane(best, frozenset(unsettled))


def _covered(model: BoardModel, planes: list[Nearest]) -> np.ndarray:
    """Which cells a cover may reach (a bool per cell of the model): those unlike their
    kind on every one of the ``planes``' readings, and the cells beside them.  A piece's
    side wall is unlike its kind only on planes that show it; a hand on all of them."""
    odd = [
        i for i in range(len(model.cells)) if all(plane.doubts[i] == "unlike" for plane in planes)
    ]
    if not odd:
        return np.zeros(len(model.cells), bool)
    return _beside(model, np.array(odd)).any(axis=0)


WHOLLY = 0.9
"""A cell is wholly one colour on a plane when at least this share of its samples lies
nearest that colour of all the printed ones (``_wholly``).  Measured on eight second-family
TriPakus and Trigon photos (ordinary, steep, dim, recompressed): on the plane chosen, 1,179
of 1,185 cells read as pieces reach it, most with every sample; the six below lie at a
piece's edge or in dim light's noise."""


def _wholly(
    lab: np.ndarray, splits: np.ndarray, kinds: np.ndarray, model: BoardModel
) -> np.ndarray:
    """Whether each cell's samples (``lab``, CIELAB, split into cells at ``splits``) lie
    nearly all (``WHOLLY``) nearest the printed colour of its class (``kinds``: indices
    into the model's classes): a cell a face covers edge to edge, not one a face slid
    over from its neighbour covers most of.  The median colour reads the latter as the
    piece, and would favour the planes that show each face over more cells than it
    covers."""
    nearest = nearest_colour(lab, _printed_lab(model))
    starts = np.concatenate([[0], splits])
    sizes = np.diff(np.append(starts, len(lab)))
    label = np.repeat(kinds, sizes)
    return np.add.reduceat(nearest == label, starts) >= WHOLLY * sizes


def _whole_height(
    model: BoardModel, photo: tuple[np.ndarray, np.ndarray], light: np.ndarray, affine
) -> float:
    """``_piece_height`` judged by the model's own ``whole``: the board is seen whole on
    each plane (at the model's ``whole_scale`` of the reading scale), through the light and
    colour maps of the board."""
    image, h = photo
    coarse = replace(model, px_per_mm=model.px_per_mm * model.whole_scale)
    shade = None
    best, best_score = 0.0, None
    for height in HEIGHTS:
        view = rectify(image, lifted(h, height, image.shape), model.bounds, coarse.px_per_mm)
        if shade is None:
            shade = cv2.resize(light, view.shape[1::-1], interpolation=cv2.INTER_AREA)
        score = model.whole(_corrected(view, shade, affine), coarse)
        if best_score is None or score > best_score:
            best, best_score = height, score
    return best


HALO = 1.2
"""Cells within this many cell widths of a glare cell (for triangles: every cell sharing an
edge or a corner with it) are uncertain too: a reflection fades out over its edge, washing
a piece there pale (or a symbol grey) without passing for glare."""
WASH_REACH = 2.5
"""A ``washed`` cell (part of it darker than its reading) is uncertain this many cell
widths from a glare cell: the second ring round it, where a long reflection's fading tail
can still wash most of a piece out."""


WASHED_ABOVE = 1.1
"""A ``washed`` cell (read as what any cell looks like under enough reflection: a Tripod
white stone, a Tripitz white symbol) whose every channel sends back more than this many
times the light white paper gets there is under a reflection, however little of it
clips (``_washed_above_paper``).  Second family, Tripod photos 0-11 of ordinary, low
light, printer, hands, steep and glare, and the second photos of glare pairs 110-129:
white stones read rightly lay at most 1.04 times it in their least lifted channel; a
black stone a reflection lifted evenly to 1.19, 0.5 % short of the glare test's limit,
read as a white stone surely (glare 301611, b9)."""


def _washed_above_paper(
    washed: list[bool], smoothed: np.ndarray, light: np.ndarray, points: list
) -> list[bool]:
    """Which ``washed`` cells send back more than ``WASHED_ABOVE`` times the paper's light
    in every channel (``smoothed``: the rectified photo through ``_smoothed``): a white
    piece sends back about what the paper it lies on does, so the extra is a reflection's."""
    if not any(washed):
        return washed
    seen = _medians(smoothed, points) / np.maximum(_medians(light, points), 1e-3)
    return [w and bool(r > WASHED_ABOVE) for w, r in zip(washed, seen.min(axis=1), strict=True)]


def _beside_washed_out(
    doubts: list[str], readings: list, points: list, near: np.ndarray
) -> list[str]:
    """``doubts`` with the ``washed`` cells within ``WASH_REACH`` of a cell a reflection
    washed out named glare too, in a photo with one: a cell within ``HALO`` of glare
    (``near``: how far each cell lies from it, in cell widths) that looks bare but hides
    its printed name (``name hidden``) holds something the reflection made as pale as
    paper, so the reflection reaches there, however little of it the photo shows clipped,
    and a white piece as near it as a washed piece may lie to a clipped cell may be a dark
    one washed as well (Tripod glare 301870 of position 301370, second family: a black
    stone read white surely, 2.7 cell widths from the nearest clipped cell and 1.6 from a
    washed-out one).

    A cell farther from glare that hides its name is uncertain itself, but says nothing of
    a reflection: a white stone the light model dims beside a reflection reads as pale as
    the wood (Tripod glare pair 301672, second family: two such stones, 1.6 and 2.4 cell
    widths from glare, made six right white stones round them uncertain in the photo
    that showed them best).  Tripod glare photos 0-79 and 600-679, pairs 0-59 and
    600-639: 56 right cells so doubted before are sure, and no other cell changed."""
    if "glare" not in doubts:
        return doubts
    washed_out = [
        "glare" if r.uncertain and r.doubt == "name hidden" and near[i] <= HALO else ""
        for i, r in enumerate(readings)
    ]
    apart = _glare_distance(washed_out, points)
    return [
        "glare" if not d and r.washed and apart[i] <= WASH_REACH else d
        for i, (d, r) in enumerate(zip(doubts, readings, strict=True))
    ]


def _coloured_in_reach(
    model: BoardModel,
    seen: np.ndarray,
    points: list,
    readings: dict,
    doubts: list[str],
    near: np.ndarray,
) -> list[str]:
    """``doubts`` with the cells read as bare white paper within ``WASH_REACH`` of glare
    (``near``: ``_glare_distance``), surely or not, whose colour in ``seen`` is more
    saturated than the cells read surely bare beyond that reach (more than ``OUTLIER_Z``
    spreads of their chroma above its median) named glare too, after every other cue:
    neither their printed lines nor a reading through the glare clears them.  A
    reflection whitens what it falls on: paper in its reach stays neutral, grey where
    the light model errs, while a piece it washed pale keeps some of its colour (Trigon
    301338 and 301341, second family: a green and a red piece washed to L* 98 kept chroma
    16 and 23, and were read bare surely).  Measured on Trigon glare photos 301300-301330:
    the cells read surely bare beyond the reach had chroma at most 5.2; 13 of the 2,050
    within it lay above the limit."""
    keys = list(model.cells)
    tints = model.extra.get("paper", {})
    empty = model.classes[0]
    white = np.array(
        [
            readings[k].label == empty and not d and k not in tints
            for k, d in zip(keys, doubts, strict=True)
        ]
    )
    sure = white & np.array([not readings[k].uncertain for k in keys])
    inside = near <= WASH_REACH
    if not (white & inside).any() or not (sure & ~inside).any():
        return doubts
    index = np.flatnonzero(white)
    lab = to_lab(_medians(seen, [points[i] for i in index]))
    chroma = np.hypot(lab[:, 1], lab[:, 2])
    beyond = chroma[(sure & ~inside)[index]]
    centre = float(np.median(beyond))
    sd = max(1.4826 * float(np.median(np.abs(beyond - centre))), MIN_KIND_SPREAD)
    coloured = set(index[inside[index] & (chroma > centre + OUTLIER_Z * sd)].tolist())
    return ["glare" if i in coloured else d for i, d in enumerate(doubts)]


def _glare_distance(doubts: list[str], points: list) -> np.ndarray:
    """How far each cell lies from the nearest cell ``doubts`` name glare, in cell widths
    (infinite when none does)."""
    glare = [p.mean(axis=0) for p, d in zip(points, doubts, strict=True) if d == "glare"]
    return _widths_to(np.array(glare).reshape(-1, 2), points)


def _widths_to(spots: np.ndarray, points: list) -> np.ndarray:
    """How far each cell (``points``: its samples) lies from the nearest of ``spots``
    (rect px), in cell widths (infinite when there are none)."""
    if not len(spots):
        return np.full(len(points), np.inf)
    centres = np.array([p.mean(axis=0) for p in points])
    return _apart_px(centres, spots) / _cell_width(points)


def _apart_px(these: np.ndarray, spots: np.ndarray) -> np.ndarray:
    """How far each of ``these`` points lies from the nearest of ``spots`` (px)."""
    return np.linalg.norm(these[:, None, :] - spots[None, :, :], axis=2).min(axis=1)


def _cell_width(points: list) -> float:
    """A cell's width (rect px), from the cells' samples (``points``), which span 45 % of it."""
    return float(np.median([np.ptp(p, axis=0).max() for p in points])) / 0.45


def _inked_glare_distance(
    model: BoardModel,
    smoothed: np.ndarray,
    light: np.ndarray,
    points: list,
    paper_clips: bool,
    brighter: float,
) -> np.ndarray:
    """How far each cell lies from the nearest of the model's ``inked`` points that shows
    glare (``_doubts``' test, point by point) or a veil (``_veiled``), in cell widths
    (infinite when none does); ``smoothed``: the rectified photo through ``_smoothed``.
    A reflection does not stop where the cells' samples do: a long thin one crossing the
    wood frame beside a Tripod cell washed the black stone on it white with too few of its
    own samples clipped (glare 301413, second family: the apex stone, read white surely,
    3.1 cell widths from the nearest clipped cell; three frame points within a cell width
    of it clipped, none in the ordinary photos looked at)."""
    if not model.inked:
        return np.full(len(points), np.inf)
    spots = _to_rect(model, model.inked)
    veiled = _veiled(smoothed, light, spots)
    if veiled.any():  # a veil lies on the paper beyond too: a hand there is darker
        paper = _to_rect(model, _white_points(model))
        shaded = paper[_shares(smoothed, light, paper).mean(axis=1) < SHADED]
        if len(shaded):
            veiled &= _apart_px(spots, shaded) > SHADE_REACH * _cell_width(points)
    return _widths_to(
        spots[_glaring(smoothed, light, spots, paper_clips, brighter) | veiled], points
    )


def _glaring(
    smoothed: np.ndarray, light: np.ndarray, spots: np.ndarray, paper_clips: bool, brighter: float
) -> np.ndarray:
    """Which of ``spots`` (rect px) show glare, by ``_doubts``' test point by point;
    ``smoothed``: the rectified photo through ``_smoothed``."""
    seen = _doubts(smoothed, light, [p[None, :] for p in spots], paper_clips, brighter, smoothed)
    return np.array([d == "glare" for d in seen], bool)


MARGIN_GAP = 0.25
"""The paper beside the cells (``BoardModel.margin``) is looked at for glare
(``_margin_glare_distance``) from this many cell widths off the nearest cell, clear of a
piece's thickness or a cell's edge..."""
MARGIN_INSET = 3.0
"""...and this many mm inside the paper's edge, beyond which a misplaced fit may show the
table, and from what is printed on it (``_margin_points``)..."""
MARGIN_STEP = 1 / 3
"""...at points this many cell widths apart."""


@cache
def _margin_points(model: BoardModel) -> np.ndarray:
    """Points (rect px) of the model's ``margin`` paper, at least ``MARGIN_INSET`` mm inside
    its edge and from the markers (with their quiet zones) and colour patches printed on it,
    between ``MARGIN_GAP`` and ``WASH_REACH`` cell widths from the nearest cell and
    ``MARGIN_STEP`` widths apart (found on a raster of a px per mm, fine enough for
    distances of a cell's width).  Printed squares are no bare paper, and where the photo
    lies off them, the light fitted to their quiet zones can lie well below the paper's."""
    if not model.margin:
        return np.empty((0, 2))
    x0, y0, x1, y1 = model.bounds
    shape = (round(y1 - y0) + 1, round(x1 - x0) + 1)

    def filled(mask: np.ndarray, polygons, value: int) -> np.ndarray:
        outlines = [np.round(np.asarray(p) - (x0, y0)).astype(np.int32) for p in polygons]
        return cv2.fillPoly(mask, outlines, value)

    cells = filled(np.full(shape, 255, np.uint8), model.cells.values(), 0)
    paper = filled(np.zeros(shape, np.uint8), model.margin, 255)
    quiet = [replace(m, side=m.side * (1 + 2 / MODULES)).corners for m in model.markers]
    paper = filled(paper, quiet + [p.ring for p in model.patches], 0)
    from_cells = cv2.distanceTransform(cells, cv2.DIST_L2, 5)
    in_paper = cv2.distanceTransform(paper, cv2.DIST_L2, 5)
    width = _cell_centres(model)[2]
    step = max(1, round(width * MARGIN_STEP))
    ys, xs = np.mgrid[step // 2 : shape[0] : step, step // 2 : shape[1] : step]
    off = from_cells[ys, xs]
    keep = (off > MARGIN_GAP * width) & (off <= WASH_REACH * width)
    keep &= in_paper[ys, xs] > MARGIN_INSET
    return np.stack([xs[keep], ys[keep]], axis=1) * model.px_per_mm


def _margin_glare_distance(
    model: BoardModel, smoothed: np.ndarray, light: np.ndarray, points: list, paper_clips: bool
) -> np.ndarray:
    """How far each cell lies from the nearest point of the paper beside the cells
    (``BoardModel.margin``) that shows glare (``_doubts``' test, point by point), in cell
    widths (infinite when none does); ``smoothed``: the rectified photo through
    ``_smoothed``.  A reflection lying on the margin beside the board washes the edge cells
    next to it pale with too little of their own samples lifted above the paper's light to
    count: a long thin one along the edge of a Trigon board made a red piece's edge cells
    read as bare paper, surely (glare pair 301706's first photo, b11: its own samples
    unlifted, light above paper's 0.1 cell widths off it on the margin).  Measured on the
    first photos of TriPakus and Trigon pairs: of glare 0-39 and 600-659, 86 right bare
    cells sure before were uncertain and one the other way; of hands, steep, low light,
    small, ordinary, printer, recompressed, motion and wide-lens 0-19, one right cell was
    uncertain (Trigon hands 303013, z1: the paper between two hands lit above the light
    fitted there); no cell read otherwise."""
    spots = _margin_points(model)
    if not len(spots):
        return np.full(len(points), np.inf)
    return _widths_to(spots[_glaring(smoothed, light, spots, paper_clips, BRIGHTER)], points)


def _shares(smoothed: np.ndarray, light: np.ndarray, spots: np.ndarray) -> np.ndarray:
    """What share of the paper's light (linear, per channel) each of ``spots`` (rect px)
    sends back."""
    one = [p[None, :] for p in spots]
    raw = np.concatenate(_gather(smoothed, one))
    return linear(raw) / np.maximum(linear(np.concatenate(_gather(light, one))), 1e-3)


VEIL = 2.0
"""An inked point is under a veil of reflected light when it sends back this many times
what the ink sends back elsewhere on the board, relative to the paper's light at each
(``_veiled``).  Tripod's frame, second family: ordinary photos 0-9 at most 1.02 times,
low light 1.37, hands away from a hand 1.34; a window's soft glow 1.96-2.69 (glare
301007 of position 301007) and a reflection's clipped core 3-5.6..."""
NEUTRAL = 0.3
"""...and when what it sends back beyond the ink's usual share is as even across the
channels as white light, within this share of its mean (``_veiled``)."""


SHADED = 0.85
"""Known bare paper sending back less than this share of its light is shaded or covered
(``_inked_glare_distance``)..."""
SHADE_REACH = 1.5
"""...and an inked point this many cell widths from such paper or nearer is not taken for
veiled: a hand or a sleeve over the frame reaches over the paper beyond it, darker than
paper, where a veil lifts the paper too.  Tripod, second family: paper within this of a
veiled frame point sent back at least 0.91 of its light under the reflections of glare
301007 and 301413, at most 0.79 beside the fingers of hands 303001, 303004, 303102 and
303185, whose pale skin over the frame is as even as white light in its excess."""


def _veiled(smoothed: np.ndarray, light: np.ndarray, spots: np.ndarray) -> np.ndarray:
    """Which inked ``spots`` (rect px) send back ``VEIL`` times the ink's usual share of
    the paper's light there, or more, the extra as even as white light (``NEUTRAL``).  A
    reflection adds light to whatever it falls on, so dark ink under it comes near the
    paper's light in ratio though nothing clips, while a shadow or a dim lamp scales ink
    and paper alike (the ratio stays), and a white stone leaning over the frame adds more
    blue than red.  The usual share is the median over every inked point: most of the
    frame lies outside any one reflection."""
    shares = _shares(smoothed, light, spots)
    share = shares.mean(axis=1)
    excess = shares - np.median(shares, axis=0)
    even = np.ptp(excess, axis=1) <= NEUTRAL * np.maximum(excess.mean(axis=1), 1e-6)
    return (share >= VEIL * np.median(share)) & even


def _halo(doubts: list[str], near: np.ndarray, washed: list[bool]) -> list[str]:
    """``doubts`` with the cells round every glare cell (``near``: ``_glare_distance``)
    marked glare too, farther for the cells ``washed`` in part (``CellReading.washed``)."""
    reach = np.where(washed, WASH_REACH, HALO)
    return ["glare" if not d and near[i] <= reach[i] else d for i, d in enumerate(doubts)]


def _paper(model: BoardModel, keys: list) -> np.ndarray:
    """The printed colour (RGB, 0..1) of each empty cell: white unless the model says."""
    tints = model.extra.get("paper", {})
    return np.array([rgb(tints[k]) if k in tints else (1.0, 1.0, 1.0) for k in keys])


SPREAD = 3.0
"""A cell is uncertain when its colour's median could move half the way to the runner-up
class within this many standard errors (see ``_nearest``)."""


def _printed_lab(model: BoardModel) -> np.ndarray:
    """The printed colour of each of the model's classes, in CIELAB (classes' order)."""
    return to_lab(np.array([rgb(model.colours[c]) for c in model.classes]))


class Nearest(NamedTuple):
    """Each cell's classes by how near their printed colours lie (``_nearest_kinds``):
    ``order`` (cells × classes, indices into the model's classes, nearest first), the
    relative margin to the second and the distance to the first, the doubt and whether
    the cell is uncertain."""

    order: np.ndarray
    margins: np.ndarray
    distances: np.ndarray
    doubts: list[str]
    uncertain: np.ndarray


def _nearest(
    keys: list,
    samples: list[np.ndarray],
    model: BoardModel,
    lab: np.ndarray | None = None,
    chroma: float = 1.0,
) -> dict[Hashable, CellReading]:
    """Each cell of ``keys`` (its ``samples``) as the class whose printed colour is nearest
    its median colour (``_nearest_kinds``)."""
    classes = list(model.classes)
    near = _nearest_kinds(samples, model, lab, chroma)
    return {
        key: CellReading(
            classes[best],
            round(margin, 3),
            classes[second],
            round(distance, 1),
            uncertain,
            doubt,
        )
        for key, (best, second), margin, distance, uncertain, doubt in zip(
            keys,
            near.order[:, :2].tolist(),
            near.margins.tolist(),
            near.distances.tolist(),
            near.uncertain.tolist(),
            near.doubts,
            strict=True,
        )
    }


def _nearest_kinds(
    samples: list[np.ndarray],
    model: BoardModel,
    lab: np.ndarray | None = None,
    chroma: float = 1.0,
) -> Nearest:
    """Each cell's nearest class by its median colour (CIELAB), and its doubts.

    Two tests can make it uncertain: the best and second-best classes are close (a
    relative ``UNCERTAIN_MARGIN``, or the best is ``FAR`` off), or the cell's samples
    disagree among themselves so much that the median is not a fair summary: the
    standard error of the median (from the samples' median absolute deviation, counting
    a quarter of them as independent) times ``SPREAD`` reaches half the gap between the
    best and second-best.  A cell half covered by a piece, a finger or a shadow's edge
    fails the second.  Third, a cell far from the median colour of the cells read as its
    class in this very photo (``vision.colour.unlike_their_kind``: a finger, a stain) is
    uncertain; a class whose cells mostly are not its print (a hand read as red) is
    judged by its cells that are (``kinds_as_printed``).  ``lab``: the samples,
    concatenated, already in CIELAB.  Colour differences (a*, b*) count ``chroma`` times
    as much as lightness (``_chroma``: a dim photo's blotchy colour noise).
    """
    weight = np.array([1.0, chroma, chroma])
    refs = _printed_lab(model) * weight
    lab = (to_lab(np.concatenate(samples)) if lab is None else lab) * weight
    counts = np.array([len(s) for s in samples])
    starts = np.concatenate([[0], np.cumsum(counts)[:-1]])
    medians = np.empty((len(samples), 3))
    mad = np.empty(len(samples))
    for size in np.unique(counts):  # cells with as many samples at once, not cell by cell
        index = np.flatnonzero(counts == size)
        block = lab[starts[index][:, None] + np.arange(size)]
        medians[index] = np.median(block, axis=1)
        mad[index] = np.median(np.linalg.norm(block - medians[index][:, None], axis=2), axis=1)
    error = 1.4826 * 1.2533 * mad / np.sqrt(np.maximum(counts / 4, 1))
    dist = np.linalg.norm(medians[:, None, :] - refs[None, :, :], axis=2)
    order = np.argsort(dist, axis=1)
    kinds = order[:, 0].tolist()
    seen_kinds = kinds_as_printed(medians, kinds, dict(enumerate(refs)))
    unlike = unlike_their_kind(medians, kinds, seen_kinds)
    unlike &= dist[np.arange(len(samples)), order[:, 0]] > UNLIKE_FAR
    pairs = set(map(tuple, order[:, :2].tolist()))
    spreads = spreads_between(medians, order[:, 0], refs, pairs | {(b, a) for a, b in pairs})
    rows = np.arange(len(samples))
    d1, d2 = dist[rows, order[:, 0]], dist[rows, order[:, 1]]
    gap = d2 - d1
    margins = np.where(d2 > 0, gap / np.where(d2 > 0, d2, 1.0), 0.0)
    mixed = SPREAD * error >= gap / 2
    noisy = gap < NOISE_Z * np.array(
        [spreads[b, c] + spreads[c, b] for b, c in order[:, :2].tolist()]
    )
    far = d1 > FAR
    if len(samples) == len(model.cells):
        if model.consistency is not None:
            far &= ~_kinds_of_their_own(refs, kinds, seen_kinds)
        doubtful = (margins < UNCERTAIN_MARGIN) | far | mixed | unlike | noisy
        unlike &= ~_lone_blotches(model, medians, kinds, unlike, doubtful, seen_kinds[1])
    doubts = [
        "mixed" if m else "unlike" if u else "noise" if n else ""
        for m, u, n in zip(mixed.tolist(), unlike.tolist(), noisy.tolist(), strict=True)
    ]
    uncertain = (margins < UNCERTAIN_MARGIN) | far | mixed | unlike | noisy
    return Nearest(order, margins, d1, doubts, uncertain)


def _kinds_of_their_own(refs: np.ndarray, kinds: list, seen_kinds: tuple[dict, dict]) -> np.ndarray:
    """Which cells belong to a kind seen whole in a colour of its own (``refs``: each
    class's printed colour; ``kinds``: what each cell reads as; ``seen_kinds``: each kind's
    spread and median colour in this photo, as ``kinds_as_printed`` gives them).

    Pieces painted or printed elsewhere than the board (wooden pieces, card from another
    printer) can lie farther than ``FAR`` from the colour the board's strip calibrates,
    every one of them alike.  A kind of at least ``FEW_KIND`` cells is its own colour when
    its median lies nearer its own print than any other by the relative
    ``UNCERTAIN_MARGIN``, and so tightly that a cell ``OUTLIER_Z`` of its spreads away
    still lies nearer it than half-way to the runner-up: its cells are not far, they are
    that kind (each cell still answers to the kind's other tests, and the position's
    consistency says whether they make pieces of the set).  A hand or a sleeve read as
    one colour makes a patch that is no piece.  Second family, photos 0-19 of every game
    and condition (1000): 60 blue cells of TriPakus printer 309019 (wooden pieces) and three
    of dim Trigon photos made sure, all rightly; one dim Trigon cell, read under another
    fit, went the other way; nothing else changed."""
    spread, centres = seen_kinds
    counts = np.bincount(kinds, minlength=len(refs))
    own = np.zeros(len(refs), bool)
    for kind, centre in centres.items():
        if counts[kind] < FEW_KIND:
            continue
        distance = np.linalg.norm(refs - centre, axis=1)
        first, second = np.argsort(distance)[:2]
        gap = distance[second] - distance[first]
        own[kind] = (
            first == kind
            and gap >= UNCERTAIN_MARGIN * distance[second]
            and OUTLIER_Z * max(spread[kind], MIN_KIND_SPREAD) <= gap / 2
        )
    return own[kinds]


HUE_ONLY = 0.25
"""A cell unlike its kind whose lightness differs from its kind's median by at most this
share of their colour difference departs from it in hue alone (``_lone_blotches``).
Measured on Trigon photos of the second family: in low light (302300-302319) 34 cells
unlike their kind, all read right, departed with |ΔL*| / ΔE a median 0.03 of it, 90 % at
most 0.17; under hands (303300-303314) the 171 cells unlike their kind (fingers, sleeves,
their shadows) at least 0.35."""


def _lone_blotches(
    model: BoardModel,
    lab: np.ndarray,
    kinds: list,
    unlike: np.ndarray,
    doubtful: np.ndarray,
    centres: dict,
) -> np.ndarray:
    """Which cells ``unlike`` their kind (``lab``: every cell's median colour in the
    model's order; ``kinds``: what each reads as; ``centres``: each kind's median colour)
    are only dim light's colour blotches: the cell departs from its kind's median colour
    in hue, not lightness (``HUE_ONLY``), and no cell beside it is in doubt.  Denoising
    leaves colour noise at the lightness of what lies under it, one cell here and there; a
    finger, a sleeve or a shadow changes the lightness, and reaches over several cells
    from the board's edge."""
    if not unlike.any():
        return unlike
    departure = lab - np.array([centres[k] for k in kinds])
    hue_only = unlike & (np.abs(departure[:, 0]) <= HUE_ONLY * np.linalg.norm(departure, axis=1))
    rows = np.flatnonzero(hue_only)
    beside = _beside(model, rows)
    beside[np.arange(len(rows)), rows] = False
    hue_only[rows] = ~(beside & doubtful[None, :]).any(axis=1)
    return hue_only


def _beside(model: BoardModel, rows: np.ndarray) -> np.ndarray:
    """Which of the model's cells lie beside each of the cells ``rows`` (indices; a cell
    lies beside itself): ``vision.printed.neighbours``."""
    _, at, _ = _cell_centres(model)
    return neighbours(at[rows], _cell_pitch(model), among=at)


@cache
def _cell_pitch(model: BoardModel) -> float:
    """The distance (mm) between neighbouring cells' centres (``vision.printed.pitch``)."""
    return pitch(_cell_centres(model)[1])


DOUBT_TAGS = {
    "glare": "G",
    "dark": "D",
    "mixed": "M",
    "noise": "N",
    "misplaced": "P",
    "unlike": "U",
    "name visible": "L",
    "name hidden": "H",
    "print hidden": "H",
    "beside a cover": "H",
    "thickness": "T",
    "photos disagree": "F",
    "shape": "S",
    "ink astray": "H",
    "faint": "W",
    RINGED: "R",
}
"""The letter after an uncertain cell's ``?`` in the debug picture: why it is uncertain
(a glare, too dark, mixed colours, colour noise, the printed lines not where the fit
puts them, a cell's printed label showing under what was read as a piece, the photos
fused disagree, a symbol's two shape cues disagree, a piece seen on its faces' plane
where the board shows bare paper, a number or symbol too weak to read surely, a piece
patch with nothing seen round it; C for a consistency problem: a patch that is no
piece, something seen twice)."""


def debug_image(reading: Reading) -> np.ndarray:
    """The rectified board (BGR) with each cell outlined in the colour it was read as.

    Uncertain cells get a thick magenta outline and a question mark followed by the
    letter of their reason (``DOUBT_TAGS``); the label of every occupied cell is written
    small at its centre.
    """
    model = reading.model
    board = (
        np.clip(reading.rectified * 255, 0, 255).astype(np.uint8)
        if reading.rectified is not None
        else np.zeros((10, 10, 3), np.uint8)
    )
    img = cv2.cvtColor(board, cv2.COLOR_RGB2BGR)
    img = cv2.resize(img, None, fx=2, fy=2, interpolation=cv2.INTER_LINEAR)
    for key, outline in model.cells.items():
        cell = reading.cells[key]
        pts = np.round(_to_rect(model, outline) * 2).astype(np.int32)
        printed = model.colours.get(cell.label, "#000000")
        r, g, b = (int(v * 255) for v in rgb(printed))
        colour = (255, 0, 255) if cell.uncertain else (b, g, r)
        if cell.label == model.classes[0] and not cell.uncertain:
            colour = (160, 160, 160)
        cv2.polylines(img, [pts], True, colour, 4 if cell.uncertain else 2, cv2.LINE_AA)
        centre = tuple(int(v) for v in pts.mean(axis=0))
        if cell.uncertain:
            cv2.putText(
                img,
                "?" + DOUBT_TAGS.get(cell.doubt, "C" if cell.doubt else ""),
                (centre[0] - 8, centre[1] + 8),
                cv2.FONT_HERSHEY_SIMPLEX,
                0.8,
                (255, 0, 255),
                2,
                cv2.LINE_AA,
            )
        elif cell.label != model.classes[0]:
            cv2.putText(
                img,
                cell.label[:5],
                (centre[0] - 14, centre[1] + 5),
                cv2.FONT_HERSHEY_SIMPLEX,
                0.45,
                (0, 0, 0),
                1,
                cv2.LINE_AA,
            )
    return img
