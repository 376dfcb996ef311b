"""The kits printkit builds, registered by name so the CLI, layouts and manifests agree."""

from __future__ import annotations

import dataclasses
import math
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from importlib import import_module

from printkit.cards import card_sheets
from printkit.draw.bleed import outer_bleed
from printkit.draw.model import Drawing
from printkit.errors import FitError, LayoutError
from printkit.games import GAMES
from printkit.i18n import N_, language
from printkit.layout.config import COMMON_SECTIONS, Layout
from printkit.layout.cutter import add_cutter_marks
from printkit.layout.paper import CUSTOM_RANGE, ISO_PAPERS, US_PAPERS
from printkit.layout.sheet import Fit, Sheet, has_cuts, note_cutting, set_page_boxes

__all__ = [
    "Kit",
    "KITS",
    "find_kit",
    "default_kits",
    "check_layout",
    "fit_hint",
    "largest_fitting",
    "smallest_paper_for",
    "settings_lines",
]


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

    @property
    def fit(self) -> Fit | None:
        """The setting the kit's size follows (the module's ``FIT``), if it has one."""
        return getattr(import_module(self.module), "FIT", None)

    def finished(self, layout: Layout) -> Drawing | None:
        """A picture of the kit put together, for its build guide (the module's ``finished``,
        if it has one)."""
        draw = getattr(import_module(self.module), "finished", None)
        if draw is None:
            return None
        with language(layout.lang):
            return draw(layout)

    def build(self, layout: Layout) -> list[Sheet]:
        """Every sheet the kit prints, rule card included, with trim and bleed boxes set.

        When something does not fit, the FitError names a value of the kit's size setting
        with which the whole kit builds on that paper, or says that none does and names the
        smallest paper on which it builds.  Every printed word is in ``print.lang``."""
        try:
            with language(layout.lang):
                return self._build(layout)
        except FitError as e:
            raise FitError(fit_hint(self, layout, e.message)) from None

    def _build(self, layout: Layout) -> list[Sheet]:
        sheets = list(self.sheets(layout))
        if self.rules_card:
            sheets.extend(card_sheets(layout, self.name))
        outer = layout.bleed > 0 and layout.printing.bleed_edges == "outer"
        for sheet in sheets:
            for page in sheet.pages:
                if outer:
                    page.items = outer_bleed(page.items)
                set_page_boxes(page, layout.bleed)
            note_cutting(sheet.front)
            if layout.cutter != "none" and has_cuts(sheet.front):
                where = f"{self.name} {sheet.stem}"
                printing = layout.printing
                add_cutter_marks(
                    sheet.front,
                    layout.cutter,
                    printing.cutter_inset,
                    printing.cutter_mark_length,
                    where,
                )
        return sheets


def _builds(kit: Kit, layout: Layout) -> bool:
    try:
        kit._build(layout)
    except FitError:
        return False
    return True


def _resized(layout: Layout, fit: Fit, value: float) -> Layout:
    return layout.with_values(**{fit.settings.SECTION: fit.values(layout, value)})  # type: ignore[attr-defined]


def largest_fitting(kit: Kit, layout: Layout, fit: Fit) -> float | None:
    """The largest value of ``fit``'s setting (to 0.1, not above the layout's own value) with
    which the whole kit builds on the layout's paper; None if not even the smallest does."""
    lowest, _ = fit.range
    current = float(getattr(layout.section(fit.settings), fit.key))
    top = current
    if fit.largest is not None:
        try:
            top = min(top, fit.largest(layout))
        except FitError:
            top = lowest
    steps = lambda v: math.floor(round(v * 10, 6))  # noqa: E731 - tenths of the setting's unit
    good, bad = math.ceil(round(lowest * 10, 6)), steps(current)
    if steps(top) < bad and steps(top) >= good:
        if _builds(kit, _resized(layout, fit, steps(top) / 10)):
            return steps(top) / 10
        bad = steps(top)
    if not _builds(kit, _resized(layout, fit, good / 10)):
        return None
    while bad - good > 1:
        mid = (good + bad) // 2
        if _builds(kit, _resized(layout, fit, mid / 10)):
            good = mid
        else:
            bad = mid
    return good / 10


def smallest_paper_for(kit: Kit, layout: Layout) -> str | None:
    """The smallest standard paper (of the layout's family, ISO or US) on which the whole kit
    builds with the layout's other settings; None if none up to A0 does."""
    family = US_PAPERS if layout.paper_name in US_PAPERS else ISO_PAPERS
    for name in family:
        if name != layout.paper_name and _builds(kit, layout.with_values(paper={"size": name})):
            return name
    return None


_SUGGESTION = re.compile(
    r"(;\s*the largest .*|\s*\(set [^)]*\)|: use larger paper|: the paper is too small for it)$"
)


def fit_hint(kit: Kit, layout: Layout, problem: str) -> str:
    """``problem`` (what does not fit), then a value with which the whole kit builds on the
    layout's paper, or that it cannot be built there and the smallest paper that works."""
    what = _SUGGESTION.sub("", problem)
    paper = layout.paper_name
    fit = kit.fit
    cannot = f"the {kit.title} kit cannot be built on {paper}"
    if fit is not None:
        value = largest_fitting(kit, layout, fit)
        if value is not None:
            current = layout.section(fit.settings)
            changed = {
                k: v
                for k, v in fit.values(layout, value).items()
                if k == fit.key or v != getattr(current, k)
            }
            flags = " ".join(f"--set {fit.settings.SECTION}.{k}={v:g}" for k, v in changed.items())
            return (
                f"{what}; the largest that fits is {value:g} mm: with {flags} "
                f"the whole {kit.title} kit builds on {paper}"
            )
        lo, hi = fit.range
        cannot += f" at any {fit.name} from {lo:g} to {hi:g}"
    smallest = smallest_paper_for(kit, layout)
    if smallest is None:
        return f"{what}; {cannot}, nor on any paper up to A0 with these settings"
    return f"{what}; {cannot}: the smallest paper it builds on is {smallest} (--paper {smallest})"


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
            N_("Duplex calibration"),
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


def _shown(value: object) -> str:
    if isinstance(value, tuple):
        return "[" + ", ".join(_shown(v) for v in value) + "]"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def settings_lines() -> list[str]:
    """Every layout setting as ``section.key  default  range`` (from the sections'
    dataclasses: the common ones, then each game's from the registry), for ``build --help``."""
    rows = []
    for cls in (*COMMON_SECTIONS, *(game.settings for game in GAMES.values())):
        for f in dataclasses.fields(cls):
            default = f.default_factory() if f.default is dataclasses.MISSING else f.default  # type: ignore[misc]
            lo, hi, choices = f.metadata.get("lo"), f.metadata.get("hi"), f.metadata.get("choices")
            if choices:
                allowed = " | ".join(choices)
            elif lo is not None:
                allowed = f"{lo:g} to {hi:g}" + (" each" if isinstance(default, tuple) else "")
            elif (cls.SECTION, f.name) == ("paper", "size"):
                allowed = "a5 ... a0, letter, legal, tabloid, or WxH ({:g} to {:g} mm)".format(
                    *CUSTOM_RANGE
                )
            else:
                allowed = ""
            rows.append((f"{cls.SECTION}.{f.name}", _shown(default), allowed))
    wide = max(len(r[0]) for r in rows)
    deep = max(len(r[1]) for r in rows if len(r[1]) <= 24)
    return [f"{k:{wide}}  {d:{deep}}  {a}".rstrip() for k, d, a in rows]
