"""One registry entry reaches every layer: a game added to ``printkit.games.GAMES`` is built,
listed, read in records, checked, given a rule card and offered to the photo reader."""

from __future__ import annotations

import pytest
import tinyclaim
from conftest import layout_for, run_cli

import printkit
from printkit.cards import card_sheets
from printkit.errors import IllegalMoveError, InvalidMoveError, RecordError
from printkit.games import GAMES, register
from printkit.games.base import Game
from printkit.kits import KITS, find_kit
from printkit.records.check import check_record
from printkit.records.io import parse_json, schema
from printkit.records.text import parse_text
from printkit.vision.model import board_models

RECORD = "Game: tinyclaim\nPlayers: first, second\n\n1. (1,0)\n2. (1,-1)\n3. (1,-1)\n"


@pytest.fixture
def tiny():
    """Tiny Claim registered for one test, and taken out again."""
    register(tinyclaim.GAME)
    yield tinyclaim.GAME
    del GAMES["tinyclaim"]


def test_a_game_is_unknown_until_registered():
    assert "tinyclaim" not in GAMES
    with pytest.raises(RecordError, match="unknown game 'tinyclaim'"):
        parse_text(RECORD)


def test_registering_twice_is_refused(tiny):
    with pytest.raises(ValueError, match="registered already"):
        register(tinyclaim.GAME)


def test_records_schema_and_checker_take_the_new_game(tiny):
    assert "tinyclaim" in schema()["properties"]["game"]["enum"]
    record = parse_text(RECORD)
    report = check_record(record)
    assert [(f.kind, f.move) for f in report.findings] == [("illegal", 3)]
    assert "(1,-1) is taken by second" in report.findings[0].message
    as_json = parse_json(
        '{"format": "printkit-record", "version": 1, "kind": "position", '
        '"game": "tinyclaim", "cells": {"(1,0)": "first"}}'
    )
    assert check_record(as_json).standing == {"first": 1, "second": 0}


def test_the_kit_list_the_build_and_the_rule_card_take_the_new_game(
    tiny, tmp_path, capsys, monkeypatch
):
    assert "tinyclaim" in KITS and find_kit("TinyClaim".lower()).title == "Tiny Claim"
    code, out, _ = run_cli(["list"], capsys, monkeypatch)
    assert code == 0 and "tinyclaim" in out
    code, out, err = run_cli(
        ["build", "tinyclaim", "--out", str(tmp_path), "--format", "pdf", "-q"], capsys, monkeypatch
    )
    assert code == 0, err
    assert {p.name for p in (tmp_path / "tinyclaim").iterdir()} >= {
        "board.pdf",
        "rules.pdf",
        "build-guide.pdf",
        "manifest.json",
    }
    assert card_sheets(layout_for(), "tinyclaim")[0].title


def test_the_reader_and_the_public_api_take_the_new_game(tiny):
    assert board_models("tinyclaim", layout_for()) == []
    game = printkit.new_game("tinyclaim")
    assert isinstance(game, Game)
    assert printkit.components("tinyclaim") == {"board": 1}
    record = parse_text(RECORD)
    after = printkit.replay(record, 2)
    assert after.position_cells() == {"(1,-1)": "second", "(1,0)": "first"}
    with pytest.raises(IllegalMoveError):
        after.play(after.parse_move("(1,0)"))
    with pytest.raises(InvalidMoveError, match="'b7' is not a move"):
        after.parse_move("b7")


def test_show_draws_the_new_game(tiny, tmp_path, capsys, monkeypatch):
    path = tmp_path / "game.txt"
    path.write_text(RECORD.replace("3. (1,-1)\n", ""), encoding="utf-8")
    code, out, err = run_cli(
        ["show", str(path), "--out", str(tmp_path / "g.svg")], capsys, monkeypatch
    )
    assert code == 0, err
    svg = (tmp_path / "g.svg").read_text(encoding="utf-8")
    assert svg.count("#d62828") == 1 and svg.count("#2364c8") == 1
