"""Shared fixtures: layouts and built sheets are cached per session (building is pure)."""

from __future__ import annotations

import io
import os
import shutil
import tempfile
from functools import cache

import pytest
from pypdf import PdfReader

from printkit.draw.model import Document
from printkit.draw.pdf import pdf_bytes
from printkit.layout.config import Layout, load_layout
from printkit.vision.memory import keep_freed_memory
from printkit.vision.threads import blas_on_one_thread

keep_freed_memory()  # every worker shoots and reads dozens of 12-megapixel photos


_RUN_CACHE: list[str] = []
"""The folder this process made for the run's stored models (the main process's)."""


def pytest_configure(config):
    """The board models and print strokes every read builds (``vision.stored``) are kept
    for the run in a folder of its own, shared by its workers (which inherit the
    variable) and removed after it, never in the user's cache; the workers' BLAS runs on
    one thread."""
    if "PRINTKIT_CACHE" not in os.environ:
        _RUN_CACHE.append(tempfile.mkdtemp(prefix="printkit-test-cache-"))
        os.environ["PRINTKIT_CACHE"] = _RUN_CACHE[0]
    # Workers read photos side by side on every core, as `printkit log`'s do: one BLAS
    # thread each (they inherit the variables), or its spinning pool doubles their work.
    blas_on_one_thread()


def pytest_unconfigure(config):
    for folder in _RUN_CACHE:
        shutil.rmtree(folder, ignore_errors=True)
        os.environ.pop("PRINTKIT_CACHE", None)


@cache
def layout_for(**overrides) -> Layout:
    """The default layout with ``section.key`` overrides given as ``section__key=value``.

    Tuples stand for TOML arrays (they keep the cache hashable).
    """
    values = {
        k.replace("__", "."): list(v) if isinstance(v, tuple) else v for k, v in overrides.items()
    }
    return load_layout(overrides=values)


def read_pages(pages, title="test", duplex=None) -> PdfReader:
    """Write pages as one PDF in memory and read it back."""
    return PdfReader(io.BytesIO(pdf_bytes(Document(title, list(pages), duplex=duplex))))


@pytest.fixture
def default_layout() -> Layout:
    return layout_for()


def read_as_file(image, game: str, layout: Layout):
    """Read a BGR photo as `printkit read` reads a phone's photo file: saved as a JPEG of
    quality 95 and decoded by ``read_encoded`` (at half size where the board allows)."""
    import cv2

    from printkit.vision.read import read_encoded

    ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 95])
    assert ok
    return read_encoded(data.tobytes(), game, layout)


def named_cells(reading) -> dict:
    """A reading's cells by their names in the game's notation (``model.cell_key``)."""
    return {reading.model.cell_key(k): c for k, c in reading.cells.items()}


def read_glare_doubted(monkeypatch, game: str, seed: int):
    """A second-family glare photo of ``seed`` read from its JPEG file (``read_as_file``),
    the reading, and the cells doubted for glare before the model's ``glared`` takes any
    doubt back (after the halo and the washed reach)."""
    from printkit.vision import read as read_module
    from printkit.vision.photoshoot import shoot

    doubted = []
    beside = read_module._beside_washed_out

    def spy(doubts, *args):
        out = beside(doubts, *args)
        doubted.append(out)
        return out

    monkeypatch.setattr(read_module, "_beside_washed_out", spy)
    layout = load_layout()
    photo = shoot(game, layout, seed, "glare")
    seen = read_as_file(photo.image, game, layout)
    keys = list(seen.model.cells)
    return photo, seen, {keys[i] for i, d in enumerate(doubted[-1]) if d == "glare"}


def without_clear_of_lean(monkeypatch) -> None:
    """The reader without its last cue for cells a thick piece may lean over (read again
    on what no piece beside them could reach, ``_clear_of_lean``): a test of an earlier
    cue asks that cue alone."""
    from printkit.vision import read as reader

    monkeypatch.setattr(reader, "_clear_of_lean", lambda *args: (args[4], args[5]))


def light_through_every_white_sample(monkeypatch) -> None:
    """The reader fitting its light through every white sample, whatever its hue
    (``OFF_HUE`` off): how it sees a hand, a sleeve or a stray sample of the paper's own
    hue, which no hue test can tell from paper.  A test of a later cue against a light so
    misled asks that cue alone."""
    from printkit.vision import read as reader

    monkeypatch.setattr(reader, "OFF_HUE", float("inf"))


def corners_shaped_by_the_rough_fit(monkeypatch) -> None:
    """The reader with the markers it finds by their pattern at the corners their place and
    the rough fit's shape give (``Detection.shaped``), no corner sought on its own
    (``pattern.CORNER_MATCH`` above any correlation) nor the pattern sought again where
    they put it (``pattern.SEEK_AGAIN``): as the reader placed a board before the corners
    were sought, and as a harder photo's sought corners may still lie.  A test of a step
    that copes with stray corners asks for it where the sought ones no longer stray."""
    from printkit.vision import pattern

    monkeypatch.setattr(pattern, "CORNER_MATCH", 2.0)
    monkeypatch.setattr(pattern, "SEEK_AGAIN", 0)


def without_steadied(monkeypatch) -> None:
    """The reader without its last resort for a shaken photo's markers (looked for again
    with the shake undone, ``shake.steadied``): a test of an earlier step asks that step
    alone."""
    from printkit.vision import shake

    monkeypatch.setattr(shake, "steadied", lambda image, found=None: iter(()))


def printed_before_the_second_strip(monkeypatch, game: str) -> None:
    """The game's sheet that prints two colour strips (a whole board, the Triominoes mat)
    drawn as printed before the second: bare paper there.  Photos whose scenes were
    pinned on that print are shot as they were, and boards printed then must still read."""
    from printkit.games.triominoes import mat
    from printkit.polyiamond_games import drawing
    from printkit.vision.model import board_models

    model = next((m for m in board_models(game, load_layout()) if m.added_patches), None)
    if model is None:
        return  # the game prints no second strip
    count, first = len(model.patches), model.added_from
    for module in (drawing, mat):

        def first_only(patches, real=module.strip_items):
            return real(patches[:first] if len(patches) == count else patches)

        monkeypatch.setattr(module, "strip_items", first_only)


def run_cli(args, capsys, monkeypatch):
    """Run ``printkit ARGS`` in process: (exit code, standard output, standard error)."""
    import sys

    from printkit.cli import main

    monkeypatch.setattr(sys, "argv", ["printkit", *args])
    with pytest.raises(SystemExit) as info:
        main()
    out = capsys.readouterr()
    return info.value.code, out.out, out.err
