"""A printed marker looked for by its pattern where a rough fit puts it."""

from __future__ import annotations

import cv2
import numpy as np

from printkit.draw.fiducials import MODULES, Marker, marker_bits
from printkit.vision import pattern
from printkit.vision.pattern import look_for

PX_PER_MM = 5.0


def _paper_with(marker_id: int, centre_mm: tuple[float, float], side: float) -> np.ndarray:
    """White paper (100 × 100 mm at ``PX_PER_MM``) with one marker printed on it."""
    paper = np.full((500, 500), 255, np.uint8)
    module = side / MODULES * PX_PER_MM
    x0 = centre_mm[0] * PX_PER_MM - MODULES * module / 2
    y0 = centre_mm[1] * PX_PER_MM - MODULES * module / 2
    for row, bits in enumerate(marker_bits(marker_id)):
        for col, black in enumerate(bits):
            if black:
                top_left = (round(x0 + col * module), round(y0 + row * module))
                bottom_right = (
                    round(x0 + (col + 1) * module) - 1,
                    round(y0 + (row + 1) * module) - 1,
                )
                cv2.rectangle(paper, top_left, bottom_right, 0, -1)
    return cv2.GaussianBlur(paper, (0, 0), 1.5)


def _scaled(shift_mm: tuple[float, float] = (0.0, 0.0)) -> np.ndarray:
    """Board mm → paper px, off by ``shift_mm``."""
    return np.array(
        [
            [PX_PER_MM, 0, shift_mm[0] * PX_PER_MM],
            [0, PX_PER_MM, shift_mm[1] * PX_PER_MM],
            [0, 0, 1],
        ]
    )


def test_a_marker_a_rough_fit_puts_off_is_found_where_it_is():
    printed = Marker(7, (50.0, 50.0), 18.0)
    paper = _paper_with(7, (56.0, 47.0), 18.0)  # 6 mm right of and 3 mm above where printed
    found = look_for(paper, printed, _scaled())
    assert found is not None
    expected = (np.array(printed.corners) + (6.0, -3.0)) * PX_PER_MM
    for corners in found:  # sought one by one, and shaped by the fit: alike here
        assert np.abs(corners - expected).max() < 0.5 * PX_PER_MM


def _misshaping_fit(turn_degrees: float, scale: float) -> np.ndarray:
    """Board mm → paper px through a fit ``scale`` times too large and turned round the
    marker's centre (50, 50)."""
    turn = np.radians(turn_degrees)
    rough = np.array(
        [[np.cos(turn), -np.sin(turn), 0], [np.sin(turn), np.cos(turn), 0], [0, 0, 1]]
    ) * np.diag([scale, scale, 1.0])
    shift = np.eye(3)
    shift[:2, 2] = np.array([50.0, 50.0]) - (rough @ [50.0, 50.0, 1.0])[:2]
    return _scaled() @ shift @ rough


def test_each_corner_is_found_where_it_lies_though_the_fit_misshapes_the_marker(monkeypatch):
    """A rough fit 12 % too large and turned 4° round the marker (90 px wide): the whole
    pattern still matches there; the corners the fit shapes round the pattern's place lie
    over 5 px off.  Each corner sought on its own in the view the fit straightens (where
    the marker is misshapen too) lies over 2 px off; sought again in the views the found
    corners straighten, within 1.5 px (the paper's own blur leaves about 1 px under an
    exact fit)."""
    printed = Marker(7, (50.0, 50.0), 18.0)
    paper = _paper_with(7, (50.0, 50.0), 18.0)
    expected = np.array(printed.corners) * PX_PER_MM
    found = look_for(paper, printed, _misshaping_fit(4.0, 1.12))
    assert found is not None
    sought, shaped = found
    assert np.abs(sought - expected).max() < 1.5
    assert np.abs(shaped - expected).max() > 5.0
    monkeypatch.setattr(pattern, "SEEK_AGAIN", 0)
    once, _ = look_for(paper, printed, _misshaping_fit(4.0, 1.12))
    assert np.abs(once - expected).max() > 2.0


def test_another_pattern_in_its_place_is_no_find():
    """Another marker's pattern correlates with the sought one's in its black border and
    white quiet zone, but its modules read otherwise: not taken."""
    printed = Marker(7, (50.0, 50.0), 18.0)
    assert look_for(_paper_with(8, (52.0, 50.0), 18.0), printed, _scaled()) is None
    assert look_for(_paper_with(7, (52.0, 50.0), 18.0), printed, _scaled()) is not None


def test_a_marker_beyond_the_search_is_no_find():
    printed = Marker(7, (50.0, 50.0), 18.0)
    paper = _paper_with(7, (50.0, 50.0), 18.0)
    assert look_for(paper, printed, _scaled((40.0, 0.0))) is None


def _bloomed(paper: np.ndarray, centre_px: tuple[float, float], lift: float) -> np.ndarray:
    """``paper`` under a reflection's bloom: ``lift`` grey levels added at ``centre_px``,
    fading over about 40 px, clipped at white."""
    yy, xx = np.mgrid[0 : paper.shape[0], 0 : paper.shape[1]]
    glow = lift * np.exp(-((xx - centre_px[0]) ** 2 + (yy - centre_px[1]) ** 2) / (2 * 40.0**2))
    return np.clip(paper + glow, 0, 255).astype(np.uint8)


def test_a_marker_a_reflections_bloom_lifts_on_one_side_is_found(monkeypatch):
    """A bloom at one corner lifts the black modules there nearly to the paper's white: one
    midpoint for the whole marker misreads them (no find), a midpoint near each module
    (its nearest border module and the quiet zone beyond) does not.  Another marker's
    pattern under the same bloom is still no find."""
    printed = Marker(7, (50.0, 50.0), 18.0)
    corner = (59.0 * PX_PER_MM, 59.0 * PX_PER_MM)  # the marker's lower right corner
    bloomed = _bloomed(_paper_with(7, (50.0, 50.0), 18.0), corner, 200.0)
    found = look_for(bloomed, printed, _scaled())
    assert found is not None
    assert np.abs(found - np.array(printed.corners) * PX_PER_MM).max() < 0.5 * PX_PER_MM
    other = _bloomed(_paper_with(8, (50.0, 50.0), 18.0), corner, 200.0)
    assert look_for(other, printed, _scaled()) is None
    monkeypatch.setattr(pattern, "_misread_locally", lambda cells, bits: MODULES * MODULES)
    assert look_for(bloomed, printed, _scaled()) is None


def test_a_marker_read_near_each_module_leaves_out_what_a_bloom_washes_out():
    """Modules whose border and quiet zone nearby lie too little apart are not read; a
    few such are allowed (``UNREADABLE``), more leave the marker unread."""
    bits = np.array(marker_bits(7), dtype=bool)
    cells = np.full((MODULES + 2, MODULES + 2), 230.0)
    cells[1:-1, 1:-1] = np.where(bits, 30.0, 230.0)
    assert pattern._misread_locally(cells, bits) == 0
    rows, cols = np.mgrid[0 : MODULES + 2, 0 : MODULES + 2]
    glow = np.exp(-((rows - MODULES) ** 2 + (cols - MODULES) ** 2) / 2.0)
    corner = np.minimum(cells + 220.0 * glow, 255.0)  # a bloom on the lower right corner
    assert ((corner < 130) != (cells < 130)).any()  # one midpoint misreads it
    assert pattern._misread_locally(corner, bits) == 0
    half = cells.copy()
    half[MODULES // 2 :, :] = 250.0  # the lower half
    assert pattern._misread_locally(half, bits) == MODULES * MODULES
    flipped = cells.copy()
    flipped[3, 3] = 260.0 - flipped[3, 3]  # a data module the other way
    assert pattern._misread_locally(flipped, bits) == 1
