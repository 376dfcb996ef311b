"""printkit: print-and-play kits for triangle-grid games, and a checker for their games.

The public API, in the order a session usually needs it (docs/api.md has examples)::

    GAMES, find_game(name)            the games, by name (each a GameInfo: title, kits, modules)
    polyiamonds(order)                 the free polyiamonds of ``order`` triangles
    count_polyiamonds(max_order)       how many there are of each order (OEIS A000577)
    components(game, layout=None)      what a game's kit prints: component → how many
    new_game(game, **options)          a rules engine (the ``Game`` interface) at the start
    load_record(path), parse_record(text)
    check_record(record, rules=None)   a ``Report``: illegal moves, wrong scores, the standing
    replay(record, upto=None)          the game after ``upto`` moves, as a ``Game``
    load_layout(path=None, **values)   the layout, with ``section__key=value`` overrides
    build_kit(name, layout=None)       a kit's files as bytes by file name, nothing written
    read_photo(path, game)             a photo of a printed board as a position record

Errors a user can cause are ``PrintkitError`` subclasses (``ValueError``s): ``LayoutError``,
``RecordError``, ``InvalidMoveError``, ``IllegalMoveError``, ``PhotoError``.

``import printkit`` stays light (the command line imports it for every command): each
function below imports the layer it uses when it is called.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from printkit.errors import (
    FitError,
    IllegalMoveError,
    InvalidMoveError,
    LayoutError,
    PhotoError,
    PrintkitError,
    RecordError,
)
from printkit.games import GAMES, find_game
from printkit.games.base import Game, GameInfo, Outcome
from printkit.version import __version__

__all__ = [
    "__version__",
    "GAMES",
    "find_game",
    "Game",
    "GameInfo",
    "Outcome",
    "polyiamonds",
    "count_polyiamonds",
    "components",
    "new_game",
    "load_record",
    "parse_record",
    "check_record",
    "replay",
    "load_layout",
    "build_kit",
    "read_photo",
    "PrintkitError",
    "LayoutError",
    "FitError",
    "RecordError",
    "InvalidMoveError",
    "IllegalMoveError",
    "PhotoError",
]


def polyiamonds(order: int) -> list[tuple[tuple[int, int], ...]]:
    """The free polyiamonds of ``order`` triangles, each as its cells ``(row, column)`` in
    canonical form."""
    from printkit.geometry.polyiamonds import free_polyiamonds  # numpy: loaded on use

    return free_polyiamonds(order)


def count_polyiamonds(max_order: int) -> list[int]:
    """How many free polyiamonds there are of 1, 2, … ``max_order`` triangles."""
    from printkit.geometry.polyiamonds import count_free  # numpy: loaded on use

    return count_free(max_order)


def components(game: str, layout=None) -> dict[str, int]:
    """What a game's kit prints with ``layout`` (the default layout when None): component →
    how many."""
    return find_game(game).kit.inventory(layout or load_layout())


def new_game(game: str, rules: str | None = None, **options: Any) -> Game:
    """A game at its start under the preset ``rules`` (the game's default when None), with
    option values replaced by ``options``."""
    return find_game(game).rules.new_game(rules, **options)


def parse_record(text: str, path: str | None = None):
    """A game record or position from its JSON or text form (``RecordError`` if unreadable)."""
    from printkit.records.io import parse_json
    from printkit.records.text import parse_text

    return parse_json(text, path) if text.lstrip().startswith("{") else parse_text(text, path)


def load_record(path: str | Path):
    """A game record or position from a file (.json or text)."""
    from printkit.records.io import load_record as load

    return load(path)


def check_record(record, rules: str | None = None):
    """Replay a game record (or examine a position) and report what is wrong in it."""
    from printkit.records.check import check_record as check

    return check(record, rules)


def replay(record, upto: int | None = None, rules: str | None = None) -> Game:
    """The game of ``record`` after ``upto`` moves (all by default), as its rules engine."""
    return find_game(record.game, RecordError, source=record.path).record.replay(
        record, upto, rules
    )


def load_layout(path: str | Path | None = None, **values: Any):
    """The default layout, then a layout file, then ``section__key=value`` overrides, every
    value checked (``LayoutError`` naming the file and line otherwise)."""
    from printkit.kits import check_layout
    from printkit.layout.config import load_layout as load

    return check_layout(load(path, {k.replace("__", ".", 1): v for k, v in values.items()}))


def build_kit(name: str, layout=None, formats: Iterable[str] = ("pdf", "svg")) -> dict[str, bytes]:
    """Every file of a kit (``pdf``, ``svg``, ``png``, ``cut``), as bytes by file name."""
    from printkit.build import plan_kits  # reportlab, svgwrite: loaded on use
    from printkit.kits import find_kit
    from printkit.layout.config import load_layout as load

    _, plan = plan_kits([find_kit(name)], layout or load(), formats)
    files = {}
    for f in plan:
        data = f.make()
        files[f.path.split("/", 1)[1]] = data.encode("utf-8") if isinstance(data, str) else data
    return files


def read_photo(path: str | Path, game: str, layout=None):
    """A photo of a printed board, read into a position record (cells it was unsure of are
    listed in ``record.uncertain``)."""
    from printkit.layout.config import load_layout as load
    from printkit.vision.command import read_to_record  # OpenCV: loaded on use

    return read_to_record(Path(path), game, layout or load()).record
