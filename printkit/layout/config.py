"""Layouts: the settings every sheet is drawn with, read from TOML files.

``layouts/default.toml`` is both the defaults and the schema: a user's layout file
and ``--set`` overrides may only name keys it has, with values of the same type.

A section is read as a frozen dataclass (``layout.section(Settings)``): each field is a
``setting`` with its type, range or choices, so a component reads attributes, not strings,
and a value out of range is a ``LayoutError`` naming the file and line it came from.
"""

from __future__ import annotations

import copy
import dataclasses
import re
import tomllib
import typing
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, ClassVar, TypeVar

from printkit.errors import LayoutError
from printkit.i18n import languages
from printkit.layout.cutter import CUTTERS, cutter_margin
from printkit.layout.paper import paper_size

__all__ = [
    "Layout",
    "load_layout",
    "DEFAULT_LAYOUT_FILE",
    "setting",
    "Settings",
    "PaperSettings",
    "PrintSettings",
    "COMMON_SECTIONS",
]


def _find_default() -> Path:
    here = Path(__file__).resolve()
    for candidate in (
        here.parents[2] / "layouts" / "default.toml",
        here.parents[1] / "layouts" / "default.toml",
    ):
        if candidate.is_file():
            return candidate
    raise FileNotFoundError("layouts/default.toml is missing from the installation")


DEFAULT_LAYOUT_FILE = _find_default()

_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")


T = TypeVar("T")


def setting(
    default: Any,
    *,
    lo: float | None = None,
    hi: float | None = None,
    choices: tuple[str, ...] | None = None,
    doc: str = "",
) -> Any:
    """A field of a settings section: its default, its allowed range or choices, what it is."""
    meta = {"lo": lo, "hi": hi, "choices": choices, "doc": doc}
    if isinstance(default, (list, tuple)):
        return field(default_factory=lambda: tuple(default), metadata=meta)
    return field(default=default, metadata=meta)


class Settings:
    """Base of a section's settings dataclass; ``SECTION`` names its ``[section]``."""

    SECTION: ClassVar[str]


@cache
def _hints(cls: type) -> dict[str, Any]:
    """A settings class's field types (its annotations are strings until evaluated)."""
    return typing.get_type_hints(cls)


def _typed(cls: type, name: str, value: Any, where: str) -> Any:
    """``value`` in the type of field ``name`` (float, int, bool, str or a tuple of those)."""
    hint = _hints(cls)[name]
    if typing.get_origin(hint) is tuple:
        item = typing.get_args(hint)[0]
        if not isinstance(value, (list, tuple)):
            raise LayoutError(f"{where} must be a list, not {value!r}")
        return tuple(_typed_scalar(item, v, where) for v in value)
    return _typed_scalar(hint, value, where)


def _typed_scalar(kind: type, value: Any, where: str) -> Any:
    if kind is bool:
        if not isinstance(value, bool):
            raise LayoutError(f"{where} must be true or false, not {value!r}")
        return value
    if kind in (int, float):
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise LayoutError(f"{where} must be a number, not {value!r}")
        if kind is int and not float(value).is_integer():
            raise LayoutError(f"{where} must be a whole number, not {value!r}")
        return kind(value)
    if not isinstance(value, str):
        raise LayoutError(f"{where} must be text, not {value!r}")
    return value


@dataclass(frozen=True)
class PaperSettings(Settings):
    """``[paper]``: the sheet every page is printed on."""

    SECTION: ClassVar[str] = "paper"
    size: str = setting("a4", doc="a named size (a4, letter, ...) or WIDTHxHEIGHT in mm")
    margin: float = setting(10.0, lo=0.0, hi=50.0, doc="unprinted border on every side, mm")


MAX_BACK_TURN = 5.0
"""Largest turn (degrees) ``print.back_offset`` may give Side B: more is a misfed sheet."""


@dataclass(frozen=True)
class PrintSettings(Settings):
    """``[print]``: how the sheets are printed."""

    SECTION: ClassVar[str] = "print"
    ink: str = setting("fill", choices=("fill", "outline"), doc="colours, or lines only")
    flip: str = setting("long", choices=("long", "short"), doc="how a two-sided sheet turns")
    back_offset: tuple[float, ...] = setting(
        (0.0, 0.0),
        lo=-20.0,
        hi=20.0,
        doc="shift of every Side B, x and y in mm, and an optional turn in degrees",
    )
    registration_marks: bool = setting(True, doc="marks that line up Side A and Side B")
    crop_marks: bool = setting(False, doc="corner marks around the printed area")
    preview_dpi: int = setting(
        100, lo=10, hi=200, doc="resolution of PNG previews (an A0 page at 200 dpi: 300 MB)"
    )
    bleed: float = setting(1.0, lo=0.0, hi=5.0, doc="colour carried past every cut line, mm")
    bleed_edges: str = setting(
        "all",
        choices=("all", "outer"),
        doc="all: bleed past every cut line; outer: only past lines no other component shares",
    )
    colour_space: str = setting("rgb", choices=("rgb", "cmyk"), doc="rgb or cmyk")
    cutter: str = setting(
        "none",
        choices=CUTTERS,
        doc="print-then-cut marks on every sheet with a cut file: "
        "none, silhouette, cricut or scanncut",
    )
    cutter_inset: float = setting(
        10.0, lo=5.0, hi=30.0, doc="Silhouette marks' distance from the paper's edges, mm"
    )
    cutter_mark_length: float = setting(
        5.0, lo=5.0, hi=20.0, doc="arms of Silhouette's L marks (Studio's Length), mm"
    )
    lang: str = setting("en", choices=languages(), doc="language of every printed word: en or es")
    labels: bool = setting(
        True,
        doc="labels that help log a game (piece names, cell names, cavity numbers), "
        "printed small and light; false leaves them off",
    )


COMMON_SECTIONS = (PaperSettings, PrintSettings)
"""The typed sections every layout has besides ``[colours]`` and the games' own."""

_LIST_LENGTHS = {("print", "back_offset"): (2, 3)}
"""Number lists that may hold more than one count of numbers (the default's count otherwise)."""

_CHOICES = {
    (cls.SECTION, f.name): f.metadata["choices"]
    for cls in COMMON_SECTIONS
    for f in dataclasses.fields(cls)
    if f.metadata.get("choices")
}
"""Common keys with a fixed set of values, checked (and lower-cased) as a layout is merged."""


@dataclass(frozen=True)
class Layout:
    """Merged layout settings: typed sections (``layout.section(Settings)``) and shortcuts."""

    data: dict[str, dict[str, Any]]
    origins: dict[tuple[str, str], tuple[str, int | None]] = field(
        default_factory=dict, compare=False, repr=False
    )
    """Where each value that is not a default was set: (source, line)."""
    _sections: dict[type, Any] = field(default_factory=dict, compare=False, repr=False)

    def __getstate__(self) -> dict[str, Any]:
        """Pickled without the sections read so far: they are read again on demand, and a
        pickle of a layout (the photo reader stores its board models) then names none of
        the game modules whose ``Settings`` they are."""
        return {**self.__dict__, "_sections": {}}

    def __getitem__(self, section: str) -> dict[str, Any]:
        return self.data[section]

    def section(self, cls: type[T]) -> T:
        """The ``[cls.SECTION]`` values as a ``cls`` (a frozen dataclass of ``setting``s),
        checked against each field's type, range and choices."""
        if cls not in self._sections:
            self._sections[cls] = self._read_section(cls)
        return self._sections[cls]

    def _read_section(self, cls: type[T]) -> T:
        name = cls.SECTION
        values = self.data.get(name, {})
        known = {f.name: f for f in dataclasses.fields(cls)}
        unknown = sorted(set(values) - set(known))
        if unknown:
            raise LayoutError(f"unknown key {name}.{unknown[0]}: known are {', '.join(known)}")
        kwargs = {}
        for key, f in known.items():
            if key not in values:
                continue
            where = f"{name}.{key}"
            source, line = self.origins.get((name, key), (None, None))
            try:
                value = _typed(cls, key, values[key], where)
                _check_bounds(value, f.metadata, where)
            except LayoutError as e:
                raise LayoutError(e.message, source=source, line=line) from None
            kwargs[key] = value
        return cls(**kwargs)

    @property
    def printing(self) -> PrintSettings:
        return self.section(PrintSettings)

    @property
    def paper_name(self) -> str:
        return self.section(PaperSettings).size.lower()

    @property
    def paper(self) -> tuple[float, float]:
        return paper_size(self.section(PaperSettings).size)

    @property
    def margin(self) -> float:
        """The border kept clear on every side: the paper's margin, widened so that nothing
        comes near a cutting machine's marks when ``print.cutter`` asks for them."""
        own = self.section(PaperSettings).margin
        printing = self.printing
        if printing.cutter == "none":
            return own
        needed = cutter_margin(
            printing.cutter,
            self.paper,
            printing.cutter_inset,
            self.bleed,
            printing.cutter_mark_length,
        )
        return max(own, round(needed, 3))

    @property
    def cutter(self) -> str:
        return self.printing.cutter

    @property
    def bleed(self) -> float:
        """Bleed in mm: set in ``[print]``, and none at all in outline ink."""
        return self.printing.bleed if self.ink == "fill" else 0.0

    @property
    def cmyk(self) -> bool:
        return self.printing.colour_space == "cmyk"

    @property
    def ink(self) -> str:
        return self.printing.ink

    @property
    def flip(self) -> str:
        return self.printing.flip

    @property
    def back_offset(self) -> tuple[float, float, float]:
        """Side B's correction: x and y in mm, and a turn in degrees about the sheet centre
        (clockwise on Side B as printed); a layout may leave the turn out."""
        x, y, turn = (*self.printing.back_offset, 0.0)[:3]
        if abs(turn) > MAX_BACK_TURN:
            source, line = self.origins.get(("print", "back_offset"), (None, None))
            raise LayoutError(
                f"print.back_offset's angle must lie between -{MAX_BACK_TURN:g} and "
                f"{MAX_BACK_TURN:g} degrees, not {turn:g}",
                source=source,
                line=line,
            )
        return (x, y, turn)

    @property
    def lang(self) -> str:
        return self.section(PrintSettings).lang

    def check(self, *sections: type) -> Layout:
        """Read every common section and ``sections`` now, so that a bad value is reported
        before anything is drawn."""
        for cls in (*COMMON_SECTIONS, *sections):
            self.section(cls)
        self.back_offset  # noqa: B018 (its angle is checked when read)
        return self

    def colour(self, name: str) -> str:
        """A colour by name from ``[colours]``, or a literal ``#rrggbb``."""
        if _COLOUR.match(name):
            return name
        try:
            return self.data["colours"][name]
        except KeyError:
            raise LayoutError(f"unknown colour {name!r}: add it to [colours]") from None

    def with_values(self, **sections: dict[str, Any]) -> Layout:
        """A copy with some values replaced (validated like a layout file)."""
        data, origins = copy.deepcopy(self.data), dict(self.origins)
        for section, values in sections.items():
            for key, value in values.items():
                _merge_value(data, section, key, value, "override", None, origins)
        return Layout(data, origins)


def _check_bounds(value: Any, meta: typing.Mapping[str, Any], where: str) -> None:
    """A LayoutError when a value (or a list's item) is outside the field's range or choices."""
    for v in value if isinstance(value, tuple) else (value,):
        lo, hi, choices = meta.get("lo"), meta.get("hi"), meta.get("choices")
        if choices and v not in choices:
            raise LayoutError(f"{where} must be one of {', '.join(choices)}, not {v!r}")
        if (
            isinstance(v, (int, float))
            and not isinstance(v, bool)
            and ((lo is not None and v < lo) or (hi is not None and v > hi))
        ):
            raise LayoutError(
                f"{where} must be from {lo:g} to {hi:g}, not {v!r}"
                if lo is not None and hi is not None
                else f"{where} must be at least {lo:g}, not {v!r}"
                if lo is not None
                else f"{where} must be at most {hi:g}, not {v!r}"
            )


def _line_of(text: str | None, section: str, key: str | None) -> int | None:
    """The line on which ``key`` is set inside ``[section]`` of a TOML text (the section's
    header line when ``key`` is None), if found."""
    if text is None:
        return None
    current = None
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        header = re.match(r"^\[([^\]]+)\]", stripped)
        if header:
            current = header.group(1).strip()
            if key is None and current == section:
                return number
        elif key is None:
            continue
        elif current == section and re.match(rf"^{re.escape(key)}\s*=", stripped):
            return number
        elif current is None and re.match(rf"^{re.escape(section)}\s*=", stripped):
            return number
    return None


def _type_name(value: Any) -> str:
    return {
        bool: "true/false",
        int: "a number",
        float: "a number",
        str: "text",
        list: "a list",
    }.get(type(value), type(value).__name__)


def _check_value(section: str, key: str, default: Any, value: Any) -> Any:
    """The value converted to the default's type, or a LayoutError saying what is wrong."""
    where = f"{section}.{key}"
    if isinstance(default, bool):
        if not isinstance(value, bool):
            raise LayoutError(f"{where} must be true or false, not {value!r}")
        return value
    if isinstance(default, (int, float)):
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise LayoutError(f"{where} must be {_type_name(default)}, not {value!r}")
        if value < 0:
            raise LayoutError(f"{where} must not be negative, got {value!r}")
        return (
            type(default)(value)
            if isinstance(default, float) or float(value).is_integer()
            else value
        )
    if isinstance(default, str):
        if not isinstance(value, str):
            raise LayoutError(f"{where} must be text, not {value!r}")
        choices = _CHOICES.get((section, key))
        if choices and value.lower() not in choices:
            raise LayoutError(f"{where} must be one of {', '.join(choices)}, not {value!r}")
        if section == "colours" and not _COLOUR.match(value):
            raise LayoutError(f'{where} must be a colour like "#1f5fbf", not {value!r}')
        if (section, key) == ("paper", "size"):
            paper_size(value)
        return value.lower() if choices else value
    if isinstance(default, list):
        if not isinstance(value, list):
            raise LayoutError(f"{where} must be a list, not {value!r}")
        if default and all(isinstance(x, (int, float)) for x in default):
            lengths = _LIST_LENGTHS.get((section, key), (len(default),))
            if len(value) not in lengths or not all(
                isinstance(x, (int, float)) and not isinstance(x, bool) for x in value
            ):
                counts = " or ".join(str(n) for n in lengths)
                raise LayoutError(f"{where} must be {counts} numbers, not {value!r}")
            return [float(x) for x in value]
        if not all(isinstance(x, type(default[0])) for x in value) if default else False:
            raise LayoutError(f"{where} must be a list of {_type_name(default[0])}, not {value!r}")
        return value
    return value


def _merge_value(
    data: dict,
    section: str,
    key: str,
    value: Any,
    source: str,
    text: str | None,
    origins: dict | None = None,
) -> None:
    if origins is not None:
        origins[(section, key)] = (source, _line_of(text, section, key))
    try:
        if section not in data:
            raise LayoutError(
                f"unknown section [{section}]: known are " + ", ".join(f"[{s}]" for s in data)
            )
        if key not in data[section]:
            if section == "colours":  # new named colours are welcome
                data[section][key] = _check_value(section, key, "#000000", value)
                return
            raise LayoutError(f"unknown key {section}.{key}: known are " + ", ".join(data[section]))
        data[section][key] = _check_value(section, key, data[section][key], value)
    except LayoutError as e:
        line = _line_of(text, section, key if section in data else None)
        raise LayoutError(e.message, source=source, line=line) from None


def _read_toml(path: Path) -> tuple[dict[str, Any], str]:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise LayoutError("no such layout file", source=str(path)) from None
    except (OSError, UnicodeDecodeError) as e:
        raise LayoutError(f"cannot read layout file: {e}", source=str(path)) from None
    try:
        return tomllib.loads(text), text
    except tomllib.TOMLDecodeError as e:
        m = re.search(r"\(at line (\d+), column (\d+)\)", str(e))
        message = re.sub(r"\s*\(at line \d+, column \d+\)", "", str(e))
        raise LayoutError(
            f"not valid TOML: {message}",
            source=str(path),
            line=int(m.group(1)) if m else None,
            column=int(m.group(2)) if m else None,
        ) from None


def load_layout(path: str | Path | None = None, overrides: dict[str, Any] | None = None) -> Layout:
    """The default layout, then a layout file, then ``{"section.key": value}`` overrides."""
    data, _ = _read_toml(DEFAULT_LAYOUT_FILE)
    origins: dict[tuple[str, str], tuple[str, int | None]] = {}
    if path is not None:
        user, text = _read_toml(Path(path))
        for section, values in user.items():
            if not isinstance(values, dict):
                raise LayoutError(
                    f"{section} = … must sit inside a [section]",
                    source=str(path),
                    line=_line_of(text, section, section),
                )
            for key, value in values.items():
                _merge_value(data, section, key, value, str(path), text, origins)
    for dotted, value in (overrides or {}).items():
        section, _, key = dotted.partition(".")
        _merge_value(data, section, key, value, "command line", None, origins)
    return Layout(data, origins)
