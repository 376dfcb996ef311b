"""What every game offers: the ``Game`` interface its engine implements and its registry entry.

The engines follow python-chess's ``Board``: a mutable game with a fast unchecked
``push(move)`` and a validating ``play(move)`` that raises ``IllegalMoveError`` naming the
rule broken; ``legal_moves()``, ``is_legal``, ``why_illegal``; ``turn`` is the name of the
player to move; ``scores()`` maps player names to points; ``outcome()`` is ``None`` until the
game is over.  Moves round-trip through text with ``parse_move`` and ``move_text``; the cells
of a position round-trip through the record format with ``position_cells`` and
``from_position_cells``.  Rule options are a frozen dataclass per game, with named presets.

A game is one folder, ``printkit/games/<name>/``, whose ``__init__`` defines ``GAME``, a
``GameInfo``; the registry ``printkit.games.GAMES`` lists them.  Every common layer (the CLI,
records, rule cards, the photo reader) takes game names and modules from there.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from importlib import import_module
from pathlib import Path
from types import ModuleType
from typing import Any, Protocol, Self, TypeVar, runtime_checkable

from printkit.errors import IllegalMoveError, InvalidMoveError

__all__ = [
    "Game",
    "Outcome",
    "GameInfo",
    "FileFormat",
    "KitInfo",
    "ROLES",
    "IllegalMoveError",
    "InvalidMoveError",
]

Move = TypeVar("Move")

ROLES = ("notation", "rules", "components", "kit", "card", "reader", "record", "picture")
"""The modules of a game's folder, each one role (see docs/adding-a-game.md)."""


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended: its winners (ties list several) and why it ended."""

    winners: tuple[str, ...]
    reason: str


@runtime_checkable
class Game(Protocol[Move]):
    """The interface of every rules engine (``printkit.games.<name>.rules``)."""

    @property
    def players(self) -> tuple[str, ...]:
        """The players' names in turn order."""
        ...

    @property
    def turn(self) -> str | None:
        """The name of the player to move (``None`` once the game is over)."""
        ...

    def legal_moves(self) -> list[Move]: ...

    def is_legal(self, move: Move) -> bool: ...

    def why_illegal(self, move: Move) -> str | None:
        """``None`` for a legal move, else the rule it breaks in plain words."""
        ...

    def push(self, move: Move) -> Any:
        """Make ``move`` without checking it (fast, for replay and search)."""
        ...

    def play(self, move: Move) -> Any:
        """Make ``move`` after checking it; ``IllegalMoveError`` otherwise."""
        ...

    def scores(self) -> dict[str, int]: ...

    def is_over(self) -> bool: ...

    def outcome(self) -> Outcome | None: ...

    def parse_move(self, text: str) -> Move:
        """A move from its text; ``InvalidMoveError`` quoting the text otherwise."""
        ...

    def move_text(self, move: Move) -> str:
        """The canonical text of ``move``: ``parse_move(move_text(m)) == m``."""
        ...

    def copy(self) -> Self: ...

    def position_cells(self) -> dict[str, str]:
        """The board as a position record's cells: printed cell name → content."""
        ...

    @classmethod
    def from_position_cells(cls, cells: Mapping[str, str], options: Any = None) -> Self:
        """A game whose board holds ``cells`` (a position record's cells)."""
        ...


@dataclass(frozen=True)
class KitInfo:
    """A buildable kit of a game: ``<game package>.<module>.<function>(layout)`` gives its
    sheets."""

    name: str
    title: str
    summary: str
    module: str = "kit"
    function: str = "sheets"
    rules_card: bool = True
    default: bool = True  # built by a plain `printkit build`


@dataclass(frozen=True)
class FileFormat:
    """Another program's game files a game reads and writes: ``<game package>.<module>``
    has ``read(text, path) -> Record`` and ``write(record) -> str``."""

    suffix: str  # ".blksgf"
    title: str  # "Pentobi game file"
    module: str


@dataclass(frozen=True, eq=False)
class GameInfo:
    """A game's registry entry: its names, its folder and its kits.

    The role modules are imported on first use (``info.rules``, ``info.reader``, …), so
    listing games stays quick and a layer asks only for the roles it needs.
    """

    name: str
    title: str
    package: str
    kits: tuple[KitInfo, ...]
    players: str = ""
    """How many play, as printed in listings ("3", "2-6")."""
    formats: tuple[FileFormat, ...] = ()
    """Other programs' game files the game reads and writes."""

    def module(self, role: str) -> ModuleType:
        """The game's module for ``role`` (one of ``ROLES``)."""
        return import_module(f"{self.package}.{role}")

    @cached_property
    def folder(self) -> Path:
        return Path(import_module(self.package).__file__).parent

    @property
    def rules(self) -> ModuleType:
        return self.module("rules")

    @property
    def notation(self) -> ModuleType:
        return self.module("notation")

    @property
    def components(self) -> ModuleType:
        return self.module("components")

    @property
    def kit(self) -> ModuleType:
        return self.module("kit")

    @property
    def card(self) -> ModuleType:
        return self.module("card")

    @property
    def reader(self) -> ModuleType:
        return self.module("reader")

    @property
    def record(self) -> ModuleType:
        return self.module("record")

    @property
    def picture(self) -> ModuleType:
        return self.module("picture")

    @property
    def settings(self) -> type:
        """The game's layout section as a typed dataclass (``components.Settings``)."""
        return self.components.Settings

    def card_text(self) -> Path:
        """Where the rule card's words are kept (in English; ``printkit.i18n`` translates)."""
        return self.folder / "card.toml"

    def __repr__(self) -> str:
        return f"GameInfo({self.name!r})"
