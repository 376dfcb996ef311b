"""``printkit read``: a photo in, a checked position record and a debug picture out."""

from __future__ import annotations

import json

import cv2
from conftest import layout_for
from conftest import run_cli as run

from printkit.records.check import check_record
from printkit.records.io import load_record
from printkit.vision.scenes import synthetic_photo


def test_read_writes_a_valid_position_and_a_debug_picture(tmp_path, capsys, monkeypatch):
    photo = synthetic_photo("tripakus", layout_for(), 20_003, "hard", "full")
    path = tmp_path / "end-of-game.jpg"
    cv2.imwrite(str(path), photo.image, [cv2.IMWRITE_JPEG_QUALITY, 90])
    out = tmp_path / "position.json"
    code, text, err = run(
        ["read", str(path), "--game", "tripakus", "--out", str(out), "--debug", str(tmp_path)],
        capsys,
        monkeypatch,
    )
    assert code == 0, text + err
    assert "verdict: valid" in text
    record = load_record(out)
    truth = {f"({k})": v for k, v in photo.truth["cells"].items() if v != "empty"}
    assert record.cells == truth
    assert record.meta["source"] == str(path)
    assert check_record(record).valid
    assert json.loads(out.read_text())["kind"] == "position"
    debug = cv2.imread(str(tmp_path / "end-of-game-read.png"))
    assert debug is not None and debug.shape[0] > 500


def test_read_of_a_text_file_is_one_line_and_exit_2(tmp_path, capsys, monkeypatch):
    bad = tmp_path / "board.jpg"
    bad.write_text("hello")
    code, _, err = run(["read", str(bad), "--game", "tripakus"], capsys, monkeypatch)
    assert code == 2 and err.count("\n") == 1 and "not an image" in err
    assert not (tmp_path / "board-position.json").exists()


def test_read_of_an_unknown_game(tmp_path, capsys, monkeypatch):
    photo = tmp_path / "x.png"
    cv2.imwrite(str(photo), synthetic_photo("tripakus", layout_for(), 3, "easy").image)
    code, _, err = run(["read", str(photo), "--game", "chess"], capsys, monkeypatch)
    assert code == 2 and "unknown game 'chess'" in err


def test_two_photos_of_the_tripod_halves_make_one_checked_position(tmp_path, capsys, monkeypatch):
    shots = []
    for variant in ("half-1", "half-2"):
        photo = synthetic_photo("tripod", layout_for(), 20_005, "hard", variant)
        shots.append(tmp_path / f"{variant}.jpg")
        cv2.imwrite(str(shots[-1]), photo.image, [cv2.IMWRITE_JPEG_QUALITY, 90])
    out = tmp_path / "both.txt"
    code, text, err = run(
        ["read", *map(str, shots), "--game", "tripod", "--out", str(out)], capsys, monkeypatch
    )
    assert code == 0 and "verdict: valid" in text, text + err
    record = load_record(out)
    assert record.meta["variant"] == "half-1+half-2"
    truth = {k: v for k, v in photo.truth["cells"].items() if v != "empty"}
    assert truth.items() <= record.cells.items()  # the second half's cells, and the rest
    code, text, _ = run(
        ["read", str(shots[0]), "--game", "tripod", "--out", str(tmp_path / "one.json")],
        capsys,
        monkeypatch,
    )
    assert code == 0 and "only one half was read" in text


def test_read_to_an_unwritable_place_is_one_line_and_writes_nothing(tmp_path, capsys, monkeypatch):
    photo = tmp_path / "board.jpg"
    code, _, err = run(["demo-photo", "tripod", "--out", str(photo)], capsys, monkeypatch)
    assert code == 0, err
    afile = tmp_path / "afile"
    afile.write_text("a file\n")
    before = sorted(tmp_path.rglob("*"))
    for out, debug in [
        (afile / "pos.json", tmp_path / "seen" / "deeper"),
        (tmp_path / "p.json", afile),
    ]:
        args = ["read", str(photo), "--game", "tripod", "--out", str(out), "--debug", str(debug)]
        code, text, err = run(args, capsys, monkeypatch)
        assert code == 2 and err.count("\n") == 1, err
        assert "is a file, not a folder" in err and "Traceback" not in err
        assert sorted(tmp_path.rglob("*")) == before  # no record, no debug picture, no folder


def test_of_several_photos_one_the_reader_refuses_is_skipped(tmp_path, capsys, monkeypatch):
    """A second photo is taken when the first has a reflection; if the reader refuses one
    of them, the others still make the position, and the one skipped is named with its
    reason.  If it refuses them all, that is one line and exit code 2, and a photo that is
    not there is an error whatever the others show."""
    good = tmp_path / "board.jpg"
    code, _, err = run(["demo-photo", "tripod", "--out", str(good)], capsys, monkeypatch)
    assert code == 0, err
    bad = tmp_path / "blurred.jpg"
    bad.write_text("not a photo")
    out = tmp_path / "both.json"
    code, text, err = run(
        ["read", str(bad), str(good), "--game", "tripod", "--out", str(out)], capsys, monkeypatch
    )
    assert code in (0, 1), text + err
    assert f"skipped {bad}: not an image" in text
    assert load_record(out).meta["source"] == str(good)
    code, _, err = run(["read", str(bad), str(bad), "--game", "tripod"], capsys, monkeypatch)
    assert code == 2 and err.count("\n") == 1
    assert "none of the 2 photos could be read" in err
    code, _, err = run(
        ["read", str(good), str(tmp_path / "gone.jpg"), "--game", "tripod"], capsys, monkeypatch
    )
    assert code == 2 and err.count("\n") == 1 and "gone.jpg: no such file" in err


def test_every_reason_for_an_uncertain_cell_has_words_for_the_player():
    """`printkit read` lists uncertain cells under what each reason means to a player
    (``cli.UNSURE_WHY``): every reason the reader gives, tagged in its debug picture or
    weighed by its checks, has its words there, not its bare name."""
    from printkit.cli import UNSURE_WHY
    from printkit.vision import read as read_module

    reasons = (
        set(read_module.DOUBT_TAGS)
        | read_module.UNSEEN
        | read_module.PRINT_DOUBTS
        | read_module.COVER_DOUBTS
        | read_module.LIGHT_DOUBTS
    )
    assert reasons - set(UNSURE_WHY) == set()
    assert all(len(UNSURE_WHY[why].split()) >= 3 for why in reasons)
