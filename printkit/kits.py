"""The kits printkit builds, registered by name so the CLI, layouts and manifests agree."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from importlib import import_module

from printkit.cards import card_sheets
from printkit.errors import LayoutError
from printkit.games import GAMES
from printkit.layout.config import Layout
from printkit.layout.sheet import Sheet, note_cutting, set_page_boxes

__all__ = ["Kit", "KITS", "find_kit", "default_kits", "check_layout"]


@dataclass(frozen=True)
class Kit:
    """A buildable kit: ``sheets(layout)`` gives every sheet it prints."""

    name: str
    title: str
    summary: str
    module: str
    function: str = "sheets"
    rules_card: bool = True
    default: bool = True  # built by a plain `printkit build`

    @property
    def sheets(self) -> Callable[[Layout], list[Sheet]]:
        """The kit's own components, without its rule card."""
        # Imported on use so that `printkit --help` stays quick.
        return getattr(import_module(self.module), self.function)

    def build(self, layout: Layout) -> list[Sheet]:
        """Every sheet the kit prints, rule card included, with trim and bleed boxes set."""
        sheets = list(self.sheets(layout))
        if self.rules_card:
            sheets.extend(card_sheets(layout, self.name))
        for sheet in sheets:
            for page in sheet.pages:
                set_page_boxes(page, layout.bleed)
            note_cutting(sheet.front)
        return sheets


def _kits() -> dict[str, Kit]:
    """Every game's kits from the registry, then the calibration sheet."""
    kits = [
        Kit(
            k.name,
            k.title,
            k.summary,
            f"{game.package}.{k.module}",
            k.function,
            k.rules_card,
            k.default,
        )
        for game in GAMES.values()
        for k in game.kits
    ]
    kits.append(
        Kit(
            "calibration",
            "Duplex calibration",
            "a two-sided sheet to measure a printer's back-side offset",
            "printkit.layout.calibration",
            "calibration_sheets",
            rules_card=False,
        )
    )
    return {kit.name: kit for kit in kits}


class _Kits(Mapping[str, Kit]):
    """Every kit by name, read from the game registry on each use (a game registered later
    is included)."""

    def __getitem__(self, name: str) -> Kit:
        return _kits()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(_kits())

    def __len__(self) -> int:
        return len(_kits())


KITS: Mapping[str, Kit] = _Kits()


def check_layout(layout: Layout) -> Layout:
    """The layout, once every common and every game's section has been read and checked
    (type, range, choices), so a bad value is reported before anything is drawn."""
    return layout.check(*(game.settings for game in GAMES.values()))


def default_kits() -> list[Kit]:
    """The kits a plain ``printkit build`` makes (options such as the wooden set excluded)."""
    return [kit for kit in KITS.values() if kit.default]


def find_kit(name: str) -> Kit:
    """A kit by name, case-insensitive; the error lists the known kits."""
    kit = KITS.get(name.strip().lower())
    if kit is None:
        raise LayoutError(f"unknown kit {name!r}: choose from {', '.join(KITS)}")
    return kit
