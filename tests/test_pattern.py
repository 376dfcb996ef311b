"""A printed marker looked for by its pattern where a rough fit puts it."""

from __future__ import annotations

import cv2
import numpy as np

from printkit.draw.fiducials import MODULES, Marker, marker_bits
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
    assert np.abs(found - expected).max() < 0.5 * PX_PER_MM


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
