"""Layout files and paper sizes."""

import dataclasses
import re
import typing

import pytest

from printkit.errors import LayoutError
from printkit.layout.config import load_layout
from printkit.layout.paper import US_PAPERS, paper_size, smallest_paper


@pytest.mark.parametrize("name", ["a4", "A4", " a4 ", "Letter", "LETTER", "a3", "210x297"])
def test_paper_names_are_case_insensitive(name):
    w, h = paper_size(name)
    assert w <= h and w >= 200


def test_custom_paper_is_portrait_and_checked():
    assert paper_size("300x200mm") == (200.0, 300.0)
    with pytest.raises(LayoutError, match="out of range"):
        paper_size("10x10")


def test_smallest_paper():
    assert smallest_paper(150, 250, 10) == ("a4", False)
    assert smallest_paper(250, 150, 10) == ("a4", True)
    assert smallest_paper(304, 263.3, 10) == ("a3", True)
    assert smallest_paper(150, 250, 10, US_PAPERS) == ("letter", False)
    assert smallest_paper(190, 300, 10, US_PAPERS) == ("legal", False)
    # Tabloid (279.4 mm) is too short for the side-19 board at 16 mm: A3 is next.
    assert smallest_paper(304, 263.3, 10, US_PAPERS) == ("a3", True)
    with pytest.raises(LayoutError):
        smallest_paper(5000, 5000, 10)


def test_layout_file_overrides_defaults_and_flags_override_the_file(tmp_path):
    f = tmp_path / "l.toml"
    f.write_text('[paper]\nsize = "letter"\nmargin = 12\n[print]\nflip = "SHORT"\n')
    layout = load_layout(f)
    assert layout.paper_name == "letter" and layout.margin == 12.0 and layout.flip == "short"
    layout = load_layout(f, {"paper.size": "A3", "print.back_offset": [1, -2]})
    assert layout.paper_name == "a3" and layout.back_offset == (1.0, -2.0, 0.0)


@pytest.mark.parametrize(
    "text, message, line",
    [
        ("[paper]\nsize = 4\n", "paper.size must be text", 2),
        ("[print]\nback_offset = [1]\n", "print.back_offset must be 2 or 3 numbers", 2),
        ('[print]\n\nregistration_marks = "yes"\n', "must be true or false", 3),
        ('[colours]\nred = "crimson"\n', "must be a colour", 2),
        ("[board]\nsize = 3\n", "unknown section [board]", 1),
        ("[paper]\nmargin = -3\n", "must not be negative", 2),
        ("[paper\n", "not valid TOML", 1),
    ],
)
def test_bad_layout_files_name_the_place(tmp_path, text, message, line):
    f = tmp_path / "bad.toml"
    f.write_text(text)
    with pytest.raises(LayoutError) as info:
        load_layout(f)
    assert message in str(info.value)
    assert info.value.source == str(f)
    assert info.value.line == line


def test_common_sections_are_typed_and_match_the_default_file():
    import dataclasses
    import tomllib

    from printkit.layout.config import COMMON_SECTIONS, DEFAULT_LAYOUT_FILE

    defaults = tomllib.loads(DEFAULT_LAYOUT_FILE.read_text(encoding="utf-8"))
    layout = load_layout()
    for cls in COMMON_SECTIONS:
        fields = {f.name: f for f in dataclasses.fields(cls)}
        assert set(fields) == set(defaults[cls.SECTION]), cls.SECTION
        typed = layout.section(cls)
        for name, f in fields.items():
            value = getattr(typed, name)
            expected = defaults[cls.SECTION][name]
            assert value == (tuple(expected) if isinstance(expected, list) else expected)
            default = f.default if f.default is not dataclasses.MISSING else f.default_factory()
            assert default == value, f"{cls.SECTION}.{name}"
    assert layout.printing.back_offset == (0.0, 0.0) and layout.margin == 10.0


def test_an_out_of_range_setting_names_the_file_line_and_range(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text('[paper]\nsize = "a4"\nmargin = 75\n', encoding="utf-8")
    layout = load_layout(path)
    with pytest.raises(LayoutError) as info:
        layout.check()
    assert str(info.value) == f"{path}:3: paper.margin must be from 0 to 50, not 75.0"
    with pytest.raises(LayoutError, match="print.preview_dpi must be from 10 to 200, not 5"):
        load_layout(overrides={"print.preview_dpi": 5}).check()
    with pytest.raises(LayoutError, match="command line: print.back_offset must be from -20"):
        load_layout(overrides={"print.back_offset": [0, 25]}).check()


def test_a_section_read_as_a_dataclass_refuses_keys_it_does_not_know():
    from dataclasses import dataclass
    from typing import ClassVar

    from printkit.layout.config import Settings, setting

    @dataclass(frozen=True)
    class Narrow(Settings):
        SECTION: ClassVar[str] = "paper"
        size: str = setting("a4")

    with pytest.raises(LayoutError, match="unknown key paper.margin"):
        load_layout().section(Narrow)


def _settings_classes():
    from printkit.games import GAMES
    from printkit.layout.config import COMMON_SECTIONS

    return [*COMMON_SECTIONS, *(game.settings for game in GAMES.values())]


def test_every_number_setting_has_a_range():
    for cls in _settings_classes():
        for f in dataclasses.fields(cls):
            hint = typing.get_type_hints(cls)[f.name]
            kinds = typing.get_args(hint) if typing.get_origin(hint) is tuple else (hint,)
            if any(k in (int, float) for k in kinds):
                assert f.metadata["lo"] is not None, f"{cls.SECTION}.{f.name}"
                assert f.metadata["hi"] is not None, f"{cls.SECTION}.{f.name}"
                assert f.metadata["lo"] < f.metadata["hi"]


def test_the_ranges_in_default_toml_are_the_settings_ranges():
    """Each number key's comment in layouts/default.toml ends its first line with
    ``[LO to HI]``, the range its dataclass field declares; no other key has one."""
    from printkit.layout.config import DEFAULT_LAYOUT_FILE

    classes = {cls.SECTION: cls for cls in _settings_classes()}
    printed: dict[tuple[str, str], str | None] = {}
    section = None
    for line in DEFAULT_LAYOUT_FILE.read_text(encoding="utf-8").splitlines():
        if m := re.match(r"^\[(\w+)\]", line):
            section = m.group(1)
        elif (m := re.match(r"^(\w+)\s*=", line)) and section in classes:
            found = re.search(r"\[(-?[\d.]+) to (-?[\d.]+)\]", line)
            printed[(section, m.group(1))] = found and f"{found.group(1)} to {found.group(2)}"
    expected = {
        (cls.SECTION, f.name): (
            f"{f.metadata['lo']:g} to {f.metadata['hi']:g}"
            if f.metadata.get("lo") is not None
            else None
        )
        for cls in classes.values()
        for f in dataclasses.fields(cls)
    }
    assert printed == expected


def test_custom_paper_is_bounded_so_a_page_stays_small():
    assert paper_size("1200x841") == (841.0, 1200.0)
    with pytest.raises(LayoutError, match="each side must be 50 to 1200 mm"):
        paper_size("5000x5000")


def test_labels_off_leaves_piece_names_cell_names_and_cavity_numbers_off():
    from conftest import layout_for

    from printkit.draw.model import Text
    from printkit.kits import KITS
    from printkit.polyiamond_games.pieces import NAMES

    def texts(kit: str, **settings) -> set[str]:
        sheets = [s for s in KITS[kit].sheets(layout_for(**settings)) if "score" not in s.stem]
        sheets = [s for s in sheets if s.stem != "racks"]  # numbered slots, not cells
        return {i.text for s in sheets for p in s.pages for i in p.items if isinstance(i, Text)}

    for kit in ("tripakus", "trigon"):
        assert set(NAMES) <= texts(kit)
        assert not set(NAMES) & texts(kit, print__labels=False)
    assert {"a1", "k11"} <= texts("tripod")
    assert not {"a1", "k11"} & texts("tripod", print__labels=False)
    assert {str(k) for k in range(1, 103)} <= texts("tripitz")
    assert not {str(k) for k in range(1, 103)} & texts("tripitz", print__labels=False)
