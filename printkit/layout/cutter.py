"""Print-then-cut: the marks a home cutting machine looks for on a printed sheet.

A cutter that cuts a printed sheet finds the sheet by optical marks printed at places its
software knows.  With ``print.cutter`` set, every sheet that has a cut file carries its
machine's marks on Side A, drawn in page millimetres like the cut file itself, so the cut
file (``-cut.svg`` / ``-cut.dxf``, whose ``marks`` layer holds the same marks) is
registered to them.  The layout's margin grows (``cutter_margin``) so that no component,
bleed, title or footer comes near a mark.

Where each machine's marks sit (portrait or landscape, the page as printed):

- ``silhouette`` (Cameo, Portrait, Curio; Silhouette Studio's "Type 1" marks): a filled
  5 mm square at the top left and L-shaped marks at the top right and bottom left, 0.5 mm
  thick, the square's corner and the Ls' corners ``inset`` mm (default 10, Studio's
  default; 15.875 for the auto sheet feeder) from the paper's edges, arms ``arm`` mm long
  (default 5; Studio's default is 20, which costs 15 mm of margin on every side).
  Source: Silhouette Studio's registration-mark settings (Type 1, length, thickness 0.5 mm,
  inset), as laid out in the CC0 A4 registration template of the inkscape-silhouette
  project; the 5 mm length is the one silhouette-card-maker uses by default.
- ``scanncut`` (Brother ScanNCut, CanvasWorkspace's print-and-cut marks): four bullseyes
  (a 1 mm dot, rings of radius 2-3 and 4-5 mm, a 10 x 1 mm bar 6-7 mm above the centre),
  centred 12 mm from the left and right edges and 13.98 mm from the top and bottom.
  Source: the dimensions of Brother's mark artwork as measured in open-source FCM tooling;
  check them with a test cut before cutting card.
- ``cricut``: Cricut Design Space prints its own sensor frame around a Print Then Cut
  image and does not publish it; Cricut warns that marks printed by other software may not
  be read.  printkit prints no marks for it: the components of every sheet are kept inside
  Design Space's Print Then Cut area (6.75 x 9.25 in, centred), so the sheet's Side A
  image and its cut file can be placed in Design Space at their size and printed from there.
"""

from __future__ import annotations

from dataclasses import dataclass

from printkit.draw.model import Circle, Item, Page, Polygon, Role, Style
from printkit.draw.text import item_extent
from printkit.errors import FitError

__all__ = [
    "THICKNESS",
    "CUTTERS",
    "CRICUT_AREA",
    "CutterMarks",
    "cutter_marks",
    "cutter_margin",
    "add_cutter_marks",
]

CUTTERS = ("none", "silhouette", "cricut", "scanncut")
"""The values of ``print.cutter``."""

CLEARANCE = 2.0
"""Room (mm) kept between a mark and anything else printed, besides the bleed."""

SQUARE = 5.0
"""Side of Silhouette's filled square, mm."""
ARM = 5.0
"""Default length of each arm of Silhouette's L marks, mm: Studio's "Length", adjustable
from 5 mm (``print.cutter_mark_length``); every extra mm widens the margin by as much."""
THICKNESS = 0.5
"""Line width of Silhouette's marks, mm (Silhouette Studio's default)."""

SCANNCUT_INSET = (12.0, 13.98)
"""Centre of each ScanNCut bullseye from the nearest side and top/bottom edges, mm."""
SCANNCUT_BOX = (-8.0, -10.0, 8.0, 8.0)
"""The clear box each ScanNCut mark needs about its centre (x0, y0, x1, y1), mm."""

CRICUT_AREA = (171.45, 234.95)
"""Cricut Design Space's Print Then Cut area (6.75 x 9.25 in), mm, portrait."""

CRICUT_PAPER = (215.9, 297.0)
"""The largest paper Design Space prints a Print Then Cut job on (Letter's width, A4's
height), mm: a larger sheet (a whole board on A3) is not for the Cricut."""

BLACK = Style(fill="#000000")


@dataclass(frozen=True)
class CutterMarks:
    """A machine's marks on one page and the boxes (x0, y0, x1, y1) that must stay clear."""

    machine: str
    items: tuple[Item, ...]
    keep_out: tuple[tuple[float, float, float, float], ...]


def _bar(x0: float, y0: float, x1: float, y1: float) -> Polygon:
    return Polygon(((x0, y0), (x1, y0), (x1, y1), (x0, y1)), BLACK, Role.MARK)


def silhouette_marks(size: tuple[float, float], inset: float, arm: float = ARM) -> CutterMarks:
    """Silhouette's three marks: square top left, Ls top right and bottom left.

    Silhouette Studio hatches the whole square an L spans as a no-print zone; so does
    ``keep_out``."""
    w, h = size
    t = THICKNESS / 2
    square = _bar(inset - t, inset - t, inset + SQUARE + t, inset + SQUARE + t)
    right, bottom = w - inset, h - inset
    items = (
        square,
        _bar(right - arm, inset - t, right + t, inset + t),  # top right: along the top
        _bar(right - t, inset - t, right + t, inset + arm),  # and down the side
        _bar(inset - t, bottom - t, inset + arm, bottom + t),  # bottom left: along the bottom
        _bar(inset - t, bottom - arm, inset + t, bottom + t),  # and up the side
    )
    keep_out = (
        (inset - t, inset - t, inset + SQUARE + t, inset + SQUARE + t),
        (right - arm, inset - t, right + t, inset + arm),
        (inset - t, bottom - arm, inset + arm, bottom + t),
    )
    return CutterMarks("silhouette", items, keep_out)


def scanncut_marks(size: tuple[float, float]) -> CutterMarks:
    """ScanNCut's four bullseyes near the corners."""
    w, h = size
    dx, dy = SCANNCUT_INSET
    items: list[Item] = []
    keep_out = []
    ring = Style(stroke="#000000", width=1.0)
    for cx, cy in ((dx, dy), (w - dx, dy), (w - dx, h - dy), (dx, h - dy)):
        items.append(Circle((cx, cy), 0.99, BLACK, Role.MARK))
        items.append(Circle((cx, cy), 2.5, ring, Role.MARK))
        items.append(Circle((cx, cy), 4.5, ring, Role.MARK))
        items.append(_bar(cx - 5.0, cy - 7.0, cx + 5.0, cy - 6.0))
        x0, y0, x1, y1 = SCANNCUT_BOX
        keep_out.append((cx + x0, cy + y0, cx + x1, cy + y1))
    return CutterMarks("scanncut", tuple(items), tuple(keep_out))


def cutter_marks(
    machine: str, size: tuple[float, float], inset: float, arm: float = ARM
) -> CutterMarks:
    """The marks ``machine`` needs on a page of ``size`` (none for ``none`` and ``cricut``)."""
    if machine == "silhouette":
        return silhouette_marks(size, inset, arm)
    if machine == "scanncut":
        return scanncut_marks(size)
    return CutterMarks(machine, (), ())


def cutter_margin(
    machine: str, size: tuple[float, float], inset: float, bleed: float, arm: float = ARM
) -> float:
    """The margin every page must keep so that nothing printed comes near the marks (or,
    for Cricut, so that everything lies in the Print Then Cut area); 0 for ``none``."""
    room = CLEARANCE + bleed
    if machine == "silhouette":
        return inset + max(SQUARE, arm) + THICKNESS / 2 + room
    if machine == "scanncut":
        return max(SCANNCUT_INSET[0] + SCANNCUT_BOX[2], SCANNCUT_INSET[1] + SCANNCUT_BOX[3]) + room
    if machine == "cricut":
        w, h = sorted(size)
        if w > CRICUT_PAPER[0] + 0.5 or h > CRICUT_PAPER[1] + 0.5:
            return 0.0  # no Print Then Cut on larger paper: such a sheet is cut by hand
        aw, ah = CRICUT_AREA
        return max((w - aw) / 2, (h - ah) / 2) + bleed
    return 0.0


def add_cutter_marks(page: Page, machine: str, inset: float, arm: float, where: str) -> Page:
    """Print ``machine``'s marks on a page that has a cut file.

    Raises FitError naming the page when something already printed comes within
    ``CLEARANCE`` of a mark's clear area (a component placed in the margin)."""
    marks = cutter_marks(machine, (page.width, page.height), inset, arm)
    for item in page.items:
        extent = item_extent(item)
        if extent is None:
            continue
        x0, y0, x1, y1 = extent
        for k0, l0, k1, l1 in marks.keep_out:
            k0, l0, k1, l1 = k0 - CLEARANCE, l0 - CLEARANCE, k1 + CLEARANCE, l1 + CLEARANCE
            if x0 < k1 and k0 < x1 and y0 < l1 and l0 < y1:
                raise FitError(
                    f"{where}: a {item.role.value} item at ({x0:.1f}, {y0:.1f}) mm lies on "
                    f"the {machine} mark at ({k0:.1f}, {l0:.1f}) mm; raise paper.margin or "
                    "print.cutter_inset"
                )
    page.extend(marks.items)
    return page
