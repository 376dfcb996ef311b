"""What the reader derives from a layout is built once and stored for later processes
(``vision.stored``): loaded alike, renamed by any change, never in the way."""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from printkit.games import GAMES
from printkit.games.triominoes import reader
from printkit.games.tripitz import token_reader
from printkit.games.tripitz.pids import Symbol
from printkit.layout.config import load_layout
from printkit.vision import model as vision_model
from printkit.vision import printed
from printkit.vision import stored as store
from printkit.vision.model import board_models
from printkit.vision.printed import printed_strokes
from printkit.vision.scenes import synthetic_photo


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.setenv("PRINTKIT_CACHE", str(tmp_path / "cache"))
    return tmp_path / "cache"


def _counted():
    calls = []

    def build():
        calls.append(1)
        return {"cells": list(range(len(calls) * 3))}

    return build, calls


def test_a_value_is_built_once_then_loaded_and_another_key_builds_again(folder):
    build, calls = _counted()
    first = store.stored("models", ("tripakus", 1), build)
    again = store.stored("models", ("tripakus", 1), build)
    assert again == first and len(calls) == 1
    assert len(list(folder.glob("models-*.pickle"))) == 1
    store.stored("models", ("tripakus", 2), build)
    assert len(calls) == 2


def test_off_keeps_nothing(tmp_path, monkeypatch):
    monkeypatch.setenv("PRINTKIT_CACHE", "off")
    monkeypatch.chdir(tmp_path)
    build, calls = _counted()
    store.stored("models", "k", build)
    store.stored("models", "k", build)
    assert len(calls) == 2 and store.cache_dir() is None
    assert list(tmp_path.iterdir()) == []


def test_the_users_cache_folder_is_used_unless_another_is_named(monkeypatch, tmp_path):
    monkeypatch.delenv("PRINTKIT_CACHE")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert store.cache_dir() == tmp_path / "printkit"
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert store.cache_dir() == tmp_path / "home" / ".cache" / "printkit"


def test_an_unreadable_entry_is_built_again_and_replaced(folder):
    build, calls = _counted()
    store.stored("models", "k", build)
    (entry,) = folder.glob("models-*.pickle")
    entry.write_bytes(b"not a pickle")
    assert store.stored("models", "k", build) == {"cells": list(range(6))}
    assert pickle.loads(entry.read_bytes()) == {"cells": list(range(6))}
    assert len(calls) == 2


def test_a_place_that_cannot_be_written_or_a_value_that_cannot_be_pickled_costs_only_time(
    tmp_path, monkeypatch
):
    blocked = tmp_path / "a file"
    blocked.write_text("in the way")
    monkeypatch.setenv("PRINTKIT_CACHE", str(blocked / "cache"))
    assert store.stored("models", "k", lambda: 42) == 42
    monkeypatch.setenv("PRINTKIT_CACHE", str(tmp_path / "cache"))
    value = store.stored("models", "k", lambda: lambda: 1)  # a lambda cannot be pickled
    assert value() == 1
    cache = tmp_path / "cache"
    assert not cache.exists() or list(cache.iterdir()) == []  # no entry, no part of one


def test_only_the_newest_entries_of_a_kind_are_kept(folder, monkeypatch):
    monkeypatch.setattr(store, "KEPT_ENTRIES", 3)
    for k in range(5):
        store.stored("strokes", k, lambda k=k: k)
        entries = sorted(folder.glob("strokes-*.pickle"), key=os.path.getmtime)
        os.utime(entries[-1], ns=(k * 10**9, (k + 1) * 10**12))  # stored one after another
    store.stored("models", "other kind", lambda: 0)
    assert len(list(folder.glob("strokes-*.pickle"))) == 3
    assert len(list(folder.glob("models-*.pickle"))) == 1
    build, calls = _counted()
    store.stored("strokes", 4, build)
    store.stored("strokes", 0, build)
    assert len(calls) == 1  # the newest kept, the oldest built again


def test_an_edited_file_of_printkit_names_other_entries(tmp_path, monkeypatch):
    package = tmp_path / "printkit"
    (package / "vision").mkdir(parents=True)
    source = package / "vision" / "read.py"
    source.write_text("x = 1\n")
    monkeypatch.setattr(store, "PACKAGE", package)
    store._fingerprint.cache_clear()
    before = store._fingerprint()
    store._fingerprint.cache_clear()
    assert store._fingerprint() == before
    source.write_text("x = 22\n")
    store._fingerprint.cache_clear()
    assert store._fingerprint() != before
    store._fingerprint.cache_clear()


@pytest.mark.parametrize("game", list(GAMES))
def test_every_games_board_models_and_print_load_as_they_were_built(game, folder, monkeypatch):
    """Each game's models stored by one process load equal in the next (their cue
    functions are the same functions; a board's naming method names every cell alike),
    and so do the print strokes of one of them."""
    layout = load_layout()
    printed._rendered_strokes.cache_clear()  # rendered by earlier tests of this process
    monkeypatch.setattr(vision_model, "_LOADED", {})  # and their models loaded
    built = board_models(game, layout)
    monkeypatch.setattr(vision_model, "_LOADED", {})  # another process
    loaded = board_models(game, layout)  # as another process finds them
    assert loaded[0] is not built[0]
    for a, b in zip(loaded, built, strict=True):
        assert replace(a, cell_key=None) == replace(b, cell_key=None)
        assert [a.cell_key(k) for k in a.cells] == [b.cell_key(k) for k in b.cells]
    assert {p.name.split("-")[0] for p in folder.iterdir()} == {"models"}
    model = loaded[-1]
    strokes = printed_strokes(model)
    assert np.array_equal(strokes, printed._strokes_of(model))
    printed._rendered_strokes.cache_clear()  # another process, which renders nothing
    monkeypatch.setattr(printed, "_strokes_of", lambda model: pytest.fail("rendered again"))
    assert np.array_equal(printed_strokes(model), strokes)


def test_one_process_loads_a_games_models_once(folder, monkeypatch):
    """Every photo a process reads meets the same models (what is worked out per model is
    found again), whichever layout object names the layout: a log's workers are handed a
    copy with each photo."""
    monkeypatch.setattr(vision_model, "_LOADED", {})
    first = board_models("tripod", load_layout())
    again = board_models("tripod", pickle.loads(pickle.dumps(load_layout())))
    assert [m.variant for m in again] == ["half-1", "half-2"]
    assert all(a is b for a, b in zip(first, again, strict=True))
    again.pop()  # a caller's list is its own
    assert len(board_models("tripod", load_layout())) == 2
    other = load_layout(overrides={"tripod.cell": 16.0})
    assert board_models("tripod", other)[0] is not first[0]


def test_triominoes_number_templates_are_drawn_once_then_loaded(folder, monkeypatch):
    """The number outlines the Triominoes reader matches are drawn through the kit's PDF
    once; a later process loads the same arrays without drawing."""
    px, size = 4.0, 6.5
    reader._templates.cache_clear()
    drawn = reader._templates(px, size)
    assert len(drawn) == 6 and all(t.shape == drawn[0].shape for t in drawn)
    assert all(0.3 < t.max() <= 1.0 for t in drawn)  # every number has ink
    reader._templates.cache_clear()  # another process
    monkeypatch.setattr(reader, "_drawn_templates", lambda px, size: pytest.fail("drawn again"))
    loaded = reader._templates(px, size)
    assert all(np.array_equal(a, b) for a, b in zip(loaded, drawn, strict=True))
    reader._templates.cache_clear()  # later tests of this process draw their own


def test_tripitz_symbol_shapes_are_drawn_once_then_loaded(folder, monkeypatch):
    """The symbol outlines the Tripitz reader fits to a token's edges are drawn once; a
    later process loads the same pictures without drawing them."""
    token_reader.symbol_shapes.cache_clear()
    drawn = token_reader.symbol_shapes(20.0, "hex")
    assert set(drawn.faces) == set(Symbol)
    token_reader.symbol_shapes.cache_clear()  # another process
    monkeypatch.setattr(token_reader, "_drawn_shapes", lambda *args: pytest.fail("drawn again"))
    loaded = token_reader.symbol_shapes(20.0, "hex")
    for symbol in Symbol:
        for a, b in zip(loaded.faces[symbol], drawn.faces[symbol], strict=True):
            assert np.array_equal(a, b)
        for a, b in zip(loaded.edges[symbol], drawn.edges[symbol], strict=True):
            assert np.array_equal(a, b)
    token_reader.symbol_shapes.cache_clear()  # later tests of this process draw their own


@pytest.mark.parametrize("game", ["tripitz", "tripakus", "trigon"])
def test_a_read_with_stored_models_imports_none_of_the_kits_drawing(game, tmp_path):
    """Once a board's models are stored, reading a photo of it in a new process imports
    neither the kit's drawing code nor the polygon library it uses (a quicker start): the
    models' own hooks (Tripitz's ``token_reader.classify``) live apart from them.  (The
    Tripod and Triominoes readers measure their cells with shapely.)"""
    import cv2

    photo = synthetic_photo(game, load_layout(), 5, "easy")
    path = tmp_path / "photo.jpg"
    path.write_bytes(cv2.imencode(".jpg", photo.image)[1].tobytes())
    code = (
        "import sys; from pathlib import Path; "
        "from printkit.layout.config import load_layout; "
        "from printkit.vision.read import read_photo; "
        f"read_photo(Path({str(path)!r}), {game!r}, load_layout()); "
        f"heavy = [m for m in sys.modules if m == 'shapely' or m.endswith(('.components', "
        "'.kit', 'layout.sheet', 'draw.cutfile'))]; "
        "print(' '.join(heavy))"
    )
    env = {**os.environ, "PRINTKIT_CACHE": str(tmp_path / "cache")}
    root = Path(__file__).resolve().parent.parent
    command = [sys.executable, "-c", code]
    runs = [subprocess.run(command, cwd=root, env=env, capture_output=True, text=True)]
    runs.append(subprocess.run(command, cwd=root, env=env, capture_output=True, text=True))
    assert all(run.returncode == 0 for run in runs), runs[-1].stderr
    assert "shapely" in runs[0].stdout.split()  # the first process drew the board
    assert runs[1].stdout.split() == []
