"""The command line under generated input: every command and option, odd values.

Whatever the value (zero, negative, tiny, huge, NaN, infinity, empty, unicode, a path that
is a file, a folder, missing or unwritable), ``printkit`` ends with exit code 0, 1 (the
findings of ``check`` and ``read``) or 2, writes at most one line on standard error and never
a traceback.  Each run is a subprocess under a memory cap (``RLIMIT_AS``) and a time limit, so
a runaway fails the test instead of the machine.  Few examples per command, derandomised:
the whole file runs in well under a minute.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = sorted((ROOT / "examples").iterdir())
MEMORY = 2 << 30
"""Address-space cap of every run (2 GB)."""
SECONDS = 60
"""Time limit of every run."""
SCALE = int(os.environ.get("PRINTKIT_FUZZ_SCALE", "1"))
"""More examples for a longer hunt: ``PRINTKIT_FUZZ_SCALE=20 pytest tests/test_cli_fuzz.py``."""

_DEFAULTS = tomllib.loads((ROOT / "layouts" / "default.toml").read_text())
KEYS = sorted(
    f"{section}.{key}"
    for section, values in _DEFAULTS.items()
    if isinstance(values, dict)
    for key, value in values.items()
    if not isinstance(value, dict)
)

NUMBERS = ["0", "-1", "-0.0", "1e-9", "0.001", "0.5", "3", "12", "1e308", "99999999999999999999"]
WEIRD = NUMBERS + ["nan", "inf", "-inf", "", " ", "é", "☃", "\u202e", "x" * 300, "1,2", "%s", "a4"]
value = st.sampled_from(WEIRD) | st.text(max_size=12) | st.integers().map(str)
value |= st.floats().map(str)
# Where a path goes: a file, a folder, missing, under a file, unwritable, empty.
PATHS = ["FILE", "DIR", "MISSING", "FILE/x", "/proc/printkit-x", "", "DIR/new/deeper", "n" * 300]


def _limits() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def run(args: list[str], cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "100"}
    try:
        return subprocess.run(
            [sys.executable, "-m", "printkit.cli", *args],
            capture_output=True,
            text=True,
            timeout=SECONDS,
            preexec_fn=_limits,
            cwd=cwd,
            env=env,
            stdin=subprocess.DEVNULL,
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"printkit {' '.join(args)!r} ran for more than {SECONDS} s")


def _place(tmp: Path, name: str, suffix: str = "") -> str:
    """A path of the given kind under ``tmp`` (which holds FILE and DIR)."""
    if name.startswith("/") or not name:
        return name + (suffix if name else "")
    return str(tmp / name) + suffix


def _workspace(tmp: Path) -> Path:
    tmp.mkdir(parents=True, exist_ok=True)
    (tmp / "FILE").write_text("not a folder\n")
    (tmp / "DIR").mkdir(exist_ok=True)
    return tmp


def assert_clean(result: subprocess.CompletedProcess, args: list[str], findings: bool = False):
    where = f"printkit {args!r} -> {result.returncode}\n{result.stderr[-2000:]}"
    allowed = {0, 1, 2} if findings else {0, 2}
    assert result.returncode in allowed, where
    assert "Traceback" not in result.stderr, where
    assert result.stderr.count("\n") <= 1, where
    if result.returncode == 2:
        assert result.stderr.startswith("printkit: error: "), where
    else:
        assert result.stderr == "", where


def _no_temporary_files(tmp: Path) -> None:
    left = [p for p in tmp.rglob(".*.tmp")]
    assert not left, left


FUZZ = settings(
    max_examples=8 * SCALE,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


@FUZZ
@given(
    kit=st.sampled_from(["tripod", "calibration", "tripakus", "bogus", ""]),
    option=st.sampled_from(
        ["--paper", "--format", "--ink", "--flip", "--back-offset", "--lang", "--layout", "--out"]
        + ["--set"] * 6
    ),
    key=st.sampled_from(KEYS),
    text=value,
    where=st.sampled_from(PATHS),
)
def test_build(tmp_path_factory, kit, option, key, text, where):
    tmp = _workspace(tmp_path_factory.mktemp("build"))
    given_ = {"--format": "svg", "--out": str(tmp / "out")}
    if option == "--set":
        args = ["--set", f"{key}={text}"]
    elif option in ("--layout", "--out"):
        args = [option, _place(tmp, where)]
        given_.pop(option, None)
    else:
        args = [option, text]
        given_.pop(option, None)
    args = ["build", kit, "-q", *args, *(x for kv in given_.items() for x in kv)]
    assert_clean(run(args, tmp), args)
    _no_temporary_files(tmp)


@settings(FUZZ, max_examples=20 * SCALE)
@given(
    example=st.sampled_from(EXAMPLES),
    line=st.integers(0, 40),
    edit=st.sampled_from(["replace", "insert", "append-to", "truncate"]),
    text=value,
    rules=st.sampled_from([None, "standard", "spanish", "", "☃"]),
    as_json=st.booleans(),
)
def test_check_of_mutated_records(tmp_path_factory, example, line, edit, text, rules, as_json):
    tmp = _workspace(tmp_path_factory.mktemp("check"))
    lines = example.read_text().splitlines()
    k = min(line, len(lines) - 1)
    if edit == "replace":
        lines[k] = text
    elif edit == "insert":
        lines.insert(k, text)
    elif edit == "append-to":
        lines[k] += text
    else:
        lines = lines[:k]
    record = tmp / example.name
    record.write_text("\n".join(lines) + "\n")
    args = ["check", str(record), *(["--rules", rules] if rules is not None else [])]
    args += ["--json"] if as_json else []
    assert_clean(run(args, tmp), args, findings=True)


@FUZZ
@given(where=st.sampled_from([*PATHS, "BINARY", "EMPTY"]), content=st.text(max_size=200))
def test_check_of_odd_files(tmp_path_factory, where, content):
    tmp = _workspace(tmp_path_factory.mktemp("odd"))
    (tmp / "BINARY").write_bytes(b"\x00\xff\xfe" + content.encode())
    (tmp / "EMPTY").write_text(content)
    args = ["check", _place(tmp, where)]
    assert_clean(run(args, tmp), args, findings=True)


@FUZZ
@given(
    example=st.sampled_from(EXAMPLES),
    where=st.sampled_from(PATHS),
    suffix=st.sampled_from([".svg", ".png", ".pdf", ".gif", ""]),
    move=value,
    option=st.sampled_from(["--move", "--rules", "--out"]),
)
def test_show(tmp_path_factory, example, where, suffix, move, option):
    tmp = _workspace(tmp_path_factory.mktemp("show"))
    out = _place(tmp, where, suffix) if option == "--out" else str(tmp / f"pic{suffix or '.svg'}")
    args = ["show", str(example), "--out", out]
    args += [option, move] if option != "--out" else []
    assert_clean(run(args, tmp), args)
    _no_temporary_files(tmp)


@pytest.fixture(scope="module")
def photo(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("photo") / "board.jpg"
    result = run(["demo-photo", "tripod", "--out", str(path), "--seed", "5"], path.parent)
    assert result.returncode == 0 and path.exists(), result.stderr
    return path


@settings(FUZZ, max_examples=6 * SCALE)
@given(
    option=st.sampled_from(["--game", "--out", "--debug", "--layout", "photo"]),
    where=st.sampled_from([*PATHS, "TEXT"]),
    text=value,
)
def test_read(tmp_path_factory, photo, option, where, text):
    tmp = _workspace(tmp_path_factory.mktemp("read"))
    (tmp / "TEXT").write_text("hello")
    chosen = {"photo": str(photo), "--game": "tripod", "--out": str(tmp / "pos.json")}
    if option == "--game":
        chosen[option] = text
    else:
        chosen[option] = _place(tmp, where)
    args = ["read", chosen.pop("photo"), *(x for kv in chosen.items() for x in kv)]
    assert_clean(run(args, tmp), args, findings=True)
    _no_temporary_files(tmp)


@FUZZ
@given(order=st.sampled_from(WEIRD + ["17", "100", "14"]) | st.integers(-3, 13).map(str))
def test_enumerate(tmp_path_factory, order):
    args = ["enumerate", "--max-order", order]
    result = run(args, tmp_path_factory.getbasetemp())
    assert_clean(result, args)


@settings(FUZZ, max_examples=6 * SCALE)
@given(
    game=st.sampled_from(["tripakus", "tripitz", "triominoes", "tripod", "chess", ""]),
    where=st.sampled_from(PATHS),
    suffix=st.sampled_from([".jpg", ".png", ".txt"]),
    seed=value,
)
def test_demo_photo(tmp_path_factory, game, where, suffix, seed):
    tmp = _workspace(tmp_path_factory.mktemp("demo"))
    args = ["demo-photo", game, "--out", _place(tmp, where, suffix), "--seed", seed]
    assert_clean(run(args, tmp), args)
    _no_temporary_files(tmp)


@pytest.mark.parametrize(
    "args", [["--version"], ["list"], ["--help"], [], ["nonsense"], ["check"], ["build", "--out"]]
)
def test_plain_commands(tmp_path, args):
    result = run(args, tmp_path)
    assert_clean(result, args)
    if args == ["--version"]:
        assert result.stdout.startswith("printkit ")
