"""The shape of the code: layering contracts, no import cycles, games named in one place,
imports at the top, one formatting."""

from __future__ import annotations

import ast
import io
import shutil
import subprocess
import sys
import tokenize
from pathlib import Path

import grimp
import pytest

import printkit
from printkit.games import GAMES
from printkit.games.base import ROLES

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "printkit"
COMMON = ("draw", "layout", "records", "vision", "cards", "geometry", "polyiamond_games")
LAZY_ALLOWED = {
    "cv2",
    "pypdfium2",
    "ezdxf",
    "jsonschema",
    "rich",
    "tomllib",
    "fontTools",
    "babel",
    "svgwrite",  # 0.1–0.2 s (its SVG grammar), not wanted by a photo read
    "reportlab",  # the fonts it parses (30 ms): a photo read seldom measures text
    "PIL",  # photos' EXIF dates (`printkit log`) and PNG previews
    "multiprocessing",  # process pools (the standard library's, 10 ms): only `printkit log`
    "concurrent",  # ...reads photos in several processes
}
"""Heavy third-party libraries a function may import when it runs (with a comment)."""


def _tool(name: str) -> str:
    found = Path(sys.executable).with_name(name)
    return str(found) if found.exists() else shutil.which(name) or name


def test_import_linter_contracts_are_kept():
    result = subprocess.run(
        [_tool("lint-imports"), "--no-cache"], cwd=ROOT, capture_output=True, text=True, timeout=300
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
    assert "0 broken" in result.stdout


def _cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in edges.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    sys.setrecursionlimit(10_000)
    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def test_there_is_no_import_cycle_among_printkit_modules():
    graph = grimp.build_graph("printkit", cache_dir=None)
    edges = {m: graph.find_modules_directly_imported_by(m) for m in graph.modules}
    assert _cycles(edges) == []


def test_the_cycle_finder_finds_a_cycle():
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def _sources() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def _function_imports(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for fn in ast.walk(tree):
        if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for node in ast.walk(fn):
                if isinstance(node, ast.Import):
                    found += [(node.lineno, a.name) for a in node.names]
                elif isinstance(node, ast.ImportFrom):
                    found.append((node.lineno, node.module or ""))
    return found


def test_imports_inside_functions_are_only_heavy_libraries_with_a_reason():
    bad = []
    for path in _sources():
        lines = path.read_text(encoding="utf-8").splitlines()
        for line, module in _function_imports(path):
            where = f"{path.relative_to(ROOT)}:{line} {module}"
            top = module.split(".")[0]
            if top == "printkit":
                # Only the public API and the command line load a layer on use, so that
                # `import printkit` and `printkit check` stay quick.
                if path.name == "cli.py" or path == PACKAGE / "__init__.py":
                    continue
                bad.append(where + " (a printkit module)")
            elif top not in LAZY_ALLOWED:
                bad.append(where + " (not a heavy library)")
            elif "#" not in lines[line - 1] and not any(
                "#" in lines[k]
                for k in range(line, min(line + 3, len(lines)))
                if lines[k].lstrip().startswith(("from", "import"))
            ):
                bad.append(where + " (no comment saying why)")
    assert bad == []


def _code_words(path: Path) -> list[tuple[int, str]]:
    """Names and strings of a module's code: comments and docstrings left out."""
    text = path.read_text(encoding="utf-8")
    docstrings = set()
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                docstrings.add(body[0].lineno)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            docstrings.add(node.lineno)  # attribute docstrings
    words = []
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        if tok.type == tokenize.COMMENT:
            continue
        if tok.type == tokenize.STRING and tok.start[0] in docstrings:
            continue
        if tok.type in (tokenize.NAME, tokenize.STRING):
            words.append((tok.start[0], tok.string.lower()))
    return words


def test_common_packages_never_name_a_game():
    names = tuple(GAMES)
    found = []
    for sub in COMMON:
        for path in sorted((PACKAGE / sub).rglob("*.py")):
            for line, word in _code_words(path):
                if any(name in word for name in names):
                    found.append(f"{path.relative_to(ROOT)}:{line}: {word}")
    for path in (PACKAGE / "cli.py", PACKAGE / "build.py", PACKAGE / "kits.py"):
        for line, word in _code_words(path):
            if any(name in word for name in names):
                found.append(f"{path.relative_to(ROOT)}:{line}: {word}")
    assert found == []


def test_the_game_name_check_sees_code_but_not_comments(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text('"""About tripod."""\n# tripod here\nGAME = "tripod"\n', encoding="utf-8")
    assert [w for _, w in _code_words(sample) if "tripod" in w] == ['"tripod"']


@pytest.mark.parametrize("game", list(GAMES))
def test_every_game_folder_has_every_role_module(game):
    folder = GAMES[game].folder
    assert folder == PACKAGE / "games" / game
    missing = [role for role in ROLES if not (folder / f"{role}.py").is_file()]
    assert missing == []


def test_the_package_is_formatted():
    result = subprocess.run(
        [_tool("ruff"), "format", "--check", "printkit", "tests", "benchmarks", "tools"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-1000:]


def test_the_public_api_is_what_help_shows():
    for name in printkit.__all__:
        assert hasattr(printkit, name), name
        assert name in (printkit.__doc__ or "") or name[0].isupper() or name.startswith("__"), name
