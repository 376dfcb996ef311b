"""The command line: what a user types and sees, including every kind of bad input."""

from __future__ import annotations

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
