"""The command line: what a user types and sees, including every kind of bad input."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import run_cli as run


def test_help_lists_the_commands(capsys, monkeypatch):
    code, out, _ = run(["--help"], capsys, monkeypatch)
    assert code == 0
    for command in ("build", "list", "enumerate"):
        assert command in out


def test_no_arguments_shows_help(capsys, monkeypatch):
    code, out, _ = run([], capsys, monkeypatch)
    assert code == 0 and "Commands" in out and "build" in out


def test_list_shows_the_kits(capsys, monkeypatch):
    code, out, _ = run(["list"], capsys, monkeypatch)
    assert code == 0 and "tripakus" in out and "calibration" in out


def test_enumerate_prints_a000577(capsys, monkeypatch):
    code, out, _ = run(["enumerate", "--max-order", "8"], capsys, monkeypatch)
    assert code == 0
    rows = [line.split() for line in out.splitlines() if line.strip()[:1].isdigit()]
    assert [int(r[1]) for r in rows] == [1, 1, 1, 3, 4, 12, 24, 66]


def test_build_writes_grouped_files(tmp_path, capsys, monkeypatch):
    code, out, err = run(
        ["build", "tripakus", "--out", str(tmp_path), "--format", "pdf", "--paper", "Letter", "-q"],
        capsys,
        monkeypatch,
    )
    assert code == 0, err
    names = sorted(p.name for p in (tmp_path / "tripakus").iterdir())
    assert "pieces-red-side-a.pdf" in names and "pieces-red-side-b.pdf" in names
    assert "pieces-red-duplex.pdf" in names and "board-section.pdf" in names
    assert "board-full.pdf" in names
    assert not [p for p in tmp_path.rglob("*") if p.name.endswith(".tmp")]
    assert str(tmp_path / "tripakus") in out


@pytest.mark.parametrize(
    "args, fragment",
    [
        (["build", "--paper", "b7"], "unknown paper 'b7'"),
        (["build", "chess"], "unknown kit 'chess'"),
        (["build", "--format", "pdf,tiff"], "unknown format tiff"),
        (["build", "--ink", "glitter"], "print.ink must be one of fill, outline"),
        (["build", "--flip", "sideways"], "print.flip must be one of long, short"),
        (["build", "--back-offset", "1"], "--back-offset takes X,Y"),
        (["build", "--set", "tripakus.cell=40"], "largest that fits is"),
        (["build", "--set", "tripakus.size=4"], "unknown key tripakus.size"),
        (["build", "--frobnicate"], "No such option: --frobnicate"),
        (["enumerate", "--max-order", "zero"], "Invalid value for '--max-order'"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args, fragment, tmp_path, capsys, monkeypatch):
    code, out, err = run(
        [*args, "--out", str(tmp_path)] if args[0] == "build" else args, capsys, monkeypatch
    )
    assert code == 2
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert fragment in lines[0]
    assert "Traceback" not in err
    assert not list(tmp_path.iterdir())  # nothing written


def test_bad_layout_file_names_file_and_line(tmp_path, capsys, monkeypatch):
    bad = tmp_path / "mine.toml"
    bad.write_text('[paper]\nsize = "a4"\n\n[tripakus]\ncell = "large"\n')
    code, _, err = run(
        ["build", "--layout", str(bad), "--out", str(tmp_path / "o")], capsys, monkeypatch
    )
    assert code == 2
    assert err.strip() == f"printkit: error: {bad}:5: tripakus.cell must be a number, not 'large'"


def test_missing_layout_file(tmp_path, capsys, monkeypatch):
    code, _, err = run(["build", "--layout", str(tmp_path / "none.toml")], capsys, monkeypatch)
    assert code == 2 and "no such layout file" in err


# -- output paths, version, enumerate, demo photos ----------------------------------------


def _unwritable(tmp_path):
    afile = tmp_path / "afile"
    afile.write_text("a file, not a folder\n")
    return afile


@pytest.mark.parametrize(
    "make_args, fragment",
    [
        (lambda f: ["build", "tripod", "--format", "svg", "-q", "--out", str(f)], "is a file"),
        (lambda f: ["build", "tripod", "--format", "svg", "-q", "--out", "/proc/pk-x"], "/proc"),
        (lambda f: ["show", "examples/tripod-game.txt", "--out", "/proc/x.png"], "/proc/x.png"),
        (lambda f: ["show", "examples/tripod-game.txt", "--out", f"{f}/x.png"], "is a file"),
        (lambda f: ["show", "examples/tripod-game.txt", "--out", str(f.parent)], ".svg, .png"),
    ],
)
def test_an_output_path_that_cannot_be_written_is_one_line(
    make_args, fragment, tmp_path, capsys, monkeypatch
):
    afile = _unwritable(tmp_path)
    monkeypatch.chdir(Path(__file__).resolve().parents[1])
    code, out, err = run(make_args(afile), capsys, monkeypatch)
    assert code == 2, err
    assert err.count("\n") == 1 and err.startswith("printkit: error: ") and fragment in err, err
    assert "Traceback" not in err and "Errno" not in err
    assert afile.read_text() == "a file, not a folder\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["afile"]


def test_write_atomic_names_the_path_and_leaves_nothing(tmp_path):
    from printkit.errors import PrintkitError
    from printkit.fileio import OutputError, write_atomic

    folder = tmp_path / "folder"
    folder.mkdir()
    with pytest.raises(OutputError, match="it is a folder, not a file") as err:
        write_atomic(folder, "x")
    assert isinstance(err.value, PrintkitError) and err.value.source == str(folder)
    assert list(folder.iterdir()) == []
    assert write_atomic(tmp_path / "new" / "ok.txt", "ok").read_text() == "ok"


def test_version(capsys, monkeypatch):
    from printkit import __version__

    code, out, err = run(["--version"], capsys, monkeypatch)
    assert (code, out, err) == (0, f"printkit {__version__}\n", "")


def test_enumerate_refuses_orders_beyond_its_limit_in_one_line(capsys, monkeypatch):
    for order in ("17", "0", "-3", "1000000"):
        code, out, err = run(["enumerate", "--max-order", order], capsys, monkeypatch)
        assert code == 2 and out == "" and err.count("\n") == 1, err
        assert f"--max-order {order}: the orders are 1 to 16" in err


def test_enumerate_help_states_the_measured_memory(capsys, monkeypatch):
    code, out, _ = run(["enumerate", "--help"], capsys, monkeypatch)
    assert code == 0 and "order 16" in out and "MB" in out


def test_demo_photo_makes_a_photo_that_reads(tmp_path, capsys, monkeypatch):
    photo = tmp_path / "photo.jpg"
    code, out, err = run(["demo-photo", "tripakus", "--out", str(photo)], capsys, monkeypatch)
    assert code == 0, err
    assert f"wrote {photo}" in out and photo.read_bytes()[:2] == b"\xff\xd8"
    code, out, err = run(["read", str(photo), "--game", "tripakus"], capsys, monkeypatch)
    assert code == 0, err
    assert "verdict: valid" in out
    assert "standing (triangles left, fewest wins)" in out
    code, _, err = run(["demo-photo", "chess"], capsys, monkeypatch)
    assert code == 2 and "unknown game 'chess'" in err
    code, _, err = run(
        ["demo-photo", "tripod", "--out", str(tmp_path / "x.gif")], capsys, monkeypatch
    )
    assert code == 2 and ".jpg or .png" in err


def test_show_wraps_a_long_caption_instead_of_cutting_it():
    from printkit.draw.model import Text
    from printkit.draw.text import text_width
    from printkit.records.io import parse_text
    from printkit.records.show import CAPTION, MARGIN, SLACK, picture_page

    # The finding lists all 22 piece names: far wider than a line of the board's width.
    record = parse_text("Game: tripakus\nPlayers: r, y\n\n1. r: banana (0,0)\n", "r.txt")
    page = picture_page(record)
    caption = [i for i in page.items if isinstance(i, Text) and i.position[0] == MARGIN]
    assert len(caption) >= 3 and "butterfly" in caption[-1].text
    words = " ".join(t.text for t in caption[1:])
    assert "unknown TriPakus piece 'banana'" in words and "moniamond" in words
    for t in caption:
        assert MARGIN + SLACK * text_width(t.text, CAPTION, t.bold) <= page.width - MARGIN + 1e-6


@pytest.mark.parametrize(
    "setting,message",
    [
        ("tripakus.cell=0.001", "tripakus.cell must be from 1 to 60, not 0.001"),
        ("tripakus.cell=0", "tripakus.cell must be from 1 to 60, not 0.0"),
        ("tripitz.token_size=0", "tripitz.token_size must be from 4 to 100, not 0.0"),
        ("tripakus.board_size=0", "tripakus.board_size must be from 4 to 40, not 0"),
        ("tripakus.board_size=2", "tripakus.board_size must be from 4 to 40, not 2"),
    ],
)
def test_a_setting_out_of_range_is_one_line_naming_key_value_and_range(
    setting, message, tmp_path, capsys, monkeypatch
):
    out = tmp_path / "out"
    code, _, err = run(["build", "--set", setting, "--out", str(out), "-q"], capsys, monkeypatch)
    assert code == 2
    assert err == f"printkit: error: command line: {message}\n"
    assert not out.exists()
