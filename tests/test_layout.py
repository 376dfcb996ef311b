"""Layout files and paper sizes."""

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
    assert layout.paper_name == "a3" and layout.back_offset == (1.0, -2.0)


@pytest.mark.parametrize("text, message, line", [
    ('[paper]\nsize = 4\n', "paper.size must be text", 2),
    ('[print]\nback_offset = [1]\n', "print.back_offset must be 2 numbers", 2),
    ('[print]\n\nregistration_marks = "yes"\n', "must be true or false", 3),
    ('[colours]\nred = "crimson"\n', "must be a colour", 2),
    ('[board]\nsize = 3\n', "unknown section [board]", 1),
    ('[paper]\nmargin = -3\n', "must not be negative", 2),
    ('[paper\n', "not valid TOML", 1),
])
def test_bad_layout_files_name_the_place(tmp_path, text, message, line):
    f = tmp_path / "bad.toml"
    f.write_text(text)
    with pytest.raises(LayoutError) as info:
        load_layout(f)
    assert message in str(info.value)
    assert info.value.source == str(f)
    assert info.value.line == line
