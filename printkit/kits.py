"""The kits printkit builds, registered by name so the CLI, layouts and manifests agree."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module

from printkit.errors import LayoutError
from printkit.layout.config import Layout
from printkit.layout.sheet import Sheet, note_cutting, set_page_boxes

__all__ = ["Kit", "KITS", "find_kit", "default_kits"]


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
            from printkit.cards import card_sheets

            sheets.extend(card_sheets(layout, self.name))
        for sheet in sheets:
            for page in sheet.pages:
                set_page_boxes(page, layout.bleed)
            note_cutting(sheet.front)
        return sheets


KITS: dict[str, Kit] = {
    kit.name: kit
    for kit in (
        Kit("tripakus", "TriPakus", "3 players: 22 pieces each, the side-19 board in 3 sections",
            "printkit.games.tripakus.components"),
        Kit("tripitz", "Tripitz Domino", "2-6 players: 64 pids and 4 jokers, the 102-cavity board, "
            "racks and a score sheet", "printkit.games.tripitz.components"),
        Kit("tripitz-wood", "Tripitz Domino in wood", "laser-cutter jobs: a two-layer board "
            "and 68 engraved tokens", "printkit.games.tripitz.wood", "wood_sheets",
            rules_card=False, default=False),
        Kit("triominoes", "Triominoes", "2-6 players: the 56 number tiles and a score sheet",
            "printkit.games.triominoes.components"),
        Kit("tripod", "Tripod", "2 players: the double triangular board and stones",
            "printkit.games.tripod.components"),
        Kit("calibration", "Duplex calibration", "a two-sided sheet to measure a printer's "
            "back-side offset", "printkit.layout.calibration", "calibration_sheets",
            rules_card=False),
    )
}


def default_kits() -> list[Kit]:
    """The kits a plain ``printkit build`` makes (options such as the wooden set excluded)."""
    return [kit for kit in KITS.values() if kit.default]


def find_kit(name: str) -> Kit:
    """A kit by name, case-insensitive; the error lists the known kits."""
    kit = KITS.get(name.strip().lower())
    if kit is None:
        raise LayoutError(f"unknown kit {name!r}: choose from {', '.join(KITS)}")
    return kit
