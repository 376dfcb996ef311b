"""The 22 pieces of the polyiamond games: every free polyiamond of order 1 to 6, with its name.

Shapes and names are one table, keyed by canonical form.  A test proves its keys are exactly
the free polyiamonds of orders 1 to 6 that the enumerator finds
(:func:`printkit.geometry.polyiamonds.free_polyiamonds`), so the pieces need no enumeration
(nor numpy) here, and checking a record stays quick.  Names follow the polyiamond literature:
moniamond, diamond and triamond for orders 1-3; the letter codes of the tetriamonds and
pentiamonds used by polyform puzzle solvers (I4, C4, T4; I5, C5, L5, P5), written lowercase;
and T. H. O'Beirne's names for the twelve hexiamonds.

``PIECES`` is ordered by order, then by the name order of :data:`NAMES`.
"""

from __future__ import annotations

from dataclasses import dataclass

from printkit.errors import PrintkitError
from printkit.geometry.tri import Cell, normalise, transform

__all__ = ["Piece", "PIECES", "NAMES", "piece_by_name", "picture", "pieces_markdown"]

MAX_ORDER = 6

# Canonical form (as tri.canonical gives it) -> name: the pieces.  A test proves the keys are
# exactly the enumerated free polyiamonds of orders 1..6, so no shape is wrong or missing.
_NAME_OF_SHAPE: dict[tuple[tuple[int, int], ...], str] = {
    ((0, 0),): "moniamond",
    ((0, 0), (0, 1)): "diamond",
    ((0, 0), (0, 1), (0, 2)): "triamond",
    ((0, 0), (0, 1), (0, 2), (0, 3)): "i4",
    ((0, 0), (0, 1), (0, 2), (1, 0)): "c4",
    ((0, 1), (0, 2), (0, 3), (1, 2)): "t4",
    ((0, 0), (0, 1), (0, 2), (0, 3), (0, 4)): "i5",
    ((0, 0), (0, 1), (0, 2), (1, 0), (1, 1)): "c5",
    ((0, 0), (0, 1), (0, 2), (0, 3), (1, 0)): "l5",
    ((0, 0), (0, 1), (0, 2), (0, 3), (1, 2)): "p5",
    ((0, 0), (0, 1), (0, 2), (0, 3), (0, 4), (0, 5)): "bar",
    ((0, 0), (0, 1), (0, 2), (0, 3), (0, 4), (1, 0)): "crook",
    ((0, 0), (0, 1), (0, 2), (0, 3), (0, 4), (1, 2)): "crown",
    ((0, 0), (1, 0), (1, 1), (2, 0), (2, 1), (2, 2)): "sphinx",
    ((0, 0), (0, 1), (0, 2), (1, 2), (1, 3), (1, 4)): "snake",
    ((0, 0), (0, 1), (0, 2), (0, 3), (1, 0), (1, 2)): "yacht",
    ((0, 0), (1, 0), (1, 1), (2, 0), (2, 1), (3, 0)): "chevron",
    ((0, 0), (0, 1), (0, 2), (0, 3), (1, 2), (1, 3)): "signpost",
    ((0, 0), (0, 1), (0, 2), (0, 3), (1, 1), (1, 2)): "lobster",
    ((0, 0), (0, 1), (0, 2), (0, 3), (1, 0), (1, 1)): "hook",
    ((0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)): "hexagon",
    ((0, 1), (0, 2), (0, 3), (1, 1), (1, 2), (1, 3)): "butterfly",
}

NAMES: tuple[str, ...] = (
    "moniamond",
    "diamond",
    "triamond",
    "i4",
    "c4",
    "t4",
    "i5",
    "c5",
    "l5",
    "p5",
    "bar",
    "crook",
    "crown",
    "sphinx",
    "snake",
    "yacht",
    "chevron",
    "signpost",
    "lobster",
    "hook",
    "hexagon",
    "butterfly",
)
"""Every piece name, in the order of :data:`PIECES`."""


@dataclass(frozen=True, slots=True)
class Piece:
    """One piece: its printed name, its number of triangles and its canonical cells."""

    name: str
    order: int
    cells: tuple[Cell, ...]

    def orientations(self) -> tuple[tuple[Cell, ...], ...]:
        """The distinct fixed orientations (rotations and flips), each normalised and sorted."""
        return tuple(
            sorted({tuple(sorted(normalise(transform(self.cells, k)))) for k in range(12)})
        )

    def picture(self) -> str:
        """An ASCII drawing of the canonical form."""
        return picture(self.cells)

    def __str__(self) -> str:
        return self.name


def _build() -> tuple[Piece, ...]:
    found = [
        Piece(name, len(shape), tuple(Cell(r, c) for r, c in shape))
        for shape, name in _NAME_OF_SHAPE.items()
    ]
    return tuple(sorted(found, key=lambda p: (p.order, NAMES.index(p.name))))


PIECES: tuple[Piece, ...] = _build()
"""The 22 pieces, by order, then in the name order of :data:`NAMES`."""

_BY_NAME = {p.name: p for p in PIECES}


def piece_by_name(name: str, game: str = "") -> Piece:
    """The piece called ``name`` (any case); PrintkitError naming the valid names otherwise
    (and ``game``, the title of the game asking, if given)."""
    try:
        return _BY_NAME[name.strip().lower()]
    except (KeyError, AttributeError):
        raise PrintkitError(
            f"unknown {game + ' ' if game else ''}piece {name!r}; "
            f"the pieces are: {', '.join(NAMES)}"
        ) from None


def picture(cells: tuple[Cell, ...] | frozenset[Cell]) -> str:
    """Draw cells in ASCII, each triangle two lines tall: ``/\\`` over ``/__\\``, or upside down.

    Vertex ``(row, col)`` sits at text line ``2 * row`` and character ``2 * col``; the slopes
    of a cell fall on its own two lines, a horizontal edge on the line just above its row.
    """
    marks: dict[tuple[int, int], str] = {}
    for r, c in cells:
        y, x = 2 * r, 2 * c
        if (r + c) % 2 == 0:  # up: apex at (y, x), base at line y + 2
            strokes = {
                (y, x - 1): "/",
                (y + 1, x - 2): "/",
                (y, x): "\\",
                (y + 1, x + 1): "\\",
                (y + 1, x - 1): "_",
                (y + 1, x): "_",
            }
        else:  # down: top edge on the line above, bottom point at line y + 2
            strokes = {
                (y - 1, x - 1): "_",
                (y - 1, x): "_",
                (y, x - 2): "\\",
                (y + 1, x - 1): "\\",
                (y, x + 1): "/",
                (y + 1, x): "/",
            }
        marks.update(strokes)
    top = min(y for y, _ in marks)
    left = min(x for _, x in marks)
    lines = []
    for y in range(top, max(y for y, _ in marks) + 1):
        row = [" "] * (max(x for _, x in marks) - left + 1)
        for (yy, x), ch in marks.items():
            if yy == y:
                row[x - left] = ch
        lines.append("".join(row).rstrip())
    return "\n".join(lines)


def pieces_markdown() -> str:
    """The text of ``docs/pieces.md``: every piece with its name, order and picture."""
    out = [
        "# Pieces",
        "",
        "Each colour has the 22 free polyiamonds of 1 to 6 triangles, 110 triangles in all.",
        "The shapes are enumerated by `printkit.geometry.polyiamonds`; the names, printed small",
        "on every piece so that games can be logged, come from the polyiamond literature:",
        "moniamond, diamond and triamond; the letter codes of the tetriamonds and pentiamonds",
        "used by polyform puzzle solvers, lowercase; and O'Beirne's names for the hexiamonds.",
        "Names are matched in any case.",
        "",
        "Cells are `(r,c)` as on the board (see `coordinates.md`), in canonical position.",
        "This page is generated by `printkit.polyiamond_games.pieces.pieces_markdown()`;",
        "a test keeps it in step with the code.",
        "",
        "| # | name | triangles | orientations | cells |",
        "|---|---|---|---|---|",
    ]
    for k, p in enumerate(PIECES, start=1):
        cells = " ".join(str(c) for c in p.cells)
        out.append(f"| {k} | {p.name} | {p.order} | {len(p.orientations())} | {cells} |")
    out.append("")
    for p in PIECES:
        out += [f"## {p.name} ({p.order})", "", "```", p.picture(), "```", ""]
    return "\n".join(out)


if __name__ == "__main__":  # pragma: no cover - regenerates the docs page
    import sys
    from pathlib import Path

    from printkit.fileio import write_atomic

    target = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("docs/pieces.md")
    write_atomic(target, pieces_markdown())
