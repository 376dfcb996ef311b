"""The ``printkit`` command line: a thin layer over kits, layouts and geometry."""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Annotated, Any

import typer

from printkit.errors import PrintkitError

app = typer.Typer(
    help="Print-and-play kits for triangle-grid games, and a checker for games played with them.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


def _fail(message: str) -> None:
    """One line on standard error, exit code 2."""
    typer.echo(f"printkit: error: {message}", err=True)
    raise typer.Exit(2)


def _parse_setting(text: str) -> tuple[str, Any]:
    """``section.key=value`` with a TOML value (bare words are taken as text)."""
    import tomllib

    key, sep, value = text.partition("=")
    if not sep or "." not in key:
        raise PrintkitError(f"--set takes SECTION.KEY=VALUE, not {text!r}")
    try:
        parsed = tomllib.loads(f"v = {value.strip()}")["v"]
    except tomllib.TOMLDecodeError:
        parsed = value.strip()
    return key.strip(), parsed


def _back_offset(text: str) -> list[float]:
    try:
        x, y = (float(v) for v in text.split(","))
    except ValueError:
        raise PrintkitError(f"--back-offset takes X,Y in mm, not {text!r}") from None
    return [x, y]


@app.command()
def build(
    kits: Annotated[list[str] | None, typer.Argument(
        help="Kits to build (see 'printkit list'); all when none is named.")] = None,
    layout: Annotated[Path | None, typer.Option(
        "--layout", help="A layout file (TOML) overriding layouts/default.toml.")] = None,
    paper: Annotated[str | None, typer.Option(
        help="Paper: a4, letter, a3, legal, tabloid, ... or WIDTHxHEIGHT in mm.")] = None,
    out: Annotated[Path, typer.Option("--out", help="Output folder.")] = Path("output"),
    format: Annotated[str, typer.Option(
        "--format", help="Comma-separated: pdf, svg, png.")] = "pdf,svg,png",
    ink: Annotated[str | None, typer.Option(
        help="fill (colours on white stock) or outline (for coloured card).")] = None,
    flip: Annotated[str | None, typer.Option(
        help="Double-sided sheets turn over on the 'long' or 'short' edge.")] = None,
    back_offset: Annotated[str | None, typer.Option(
        "--back-offset", help="X,Y mm shift of every Side B (from the calibration sheet).")] = None,
    setting: Annotated[list[str] | None, typer.Option(
        "--set", help="Any layout value, as SECTION.KEY=VALUE (repeatable).")] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar.")] = False,
) -> None:
    """Build kits into the output folder, grouped by kit."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    from printkit.build import build_kits, parse_formats
    from printkit.kits import KITS, find_kit
    from printkit.layout.config import load_layout

    try:
        formats = parse_formats(format)
    except ValueError as e:
        raise PrintkitError(str(e)) from None
    overrides: dict[str, Any] = {}
    if paper is not None:
        overrides["paper.size"] = paper
    if ink is not None:
        overrides["print.ink"] = ink
    if flip is not None:
        overrides["print.flip"] = flip
    if back_offset is not None:
        overrides["print.back_offset"] = _back_offset(back_offset)
    for text in setting or []:
        key, value = _parse_setting(text)
        overrides[key] = value
    chosen = [find_kit(k) for k in kits] if kits else list(KITS.values())
    settings = load_layout(layout, overrides)
    started = time.perf_counter()
    written: list[Path] = []
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                  disable=quiet or not sys.stderr.isatty(), transient=True) as progress:
        task = progress.add_task("laying out sheets", total=None)

        def planned(n: int) -> None:
            progress.update(task, total=n, description="writing files")

        def wrote(path: Path) -> None:
            written.append(path)
            progress.advance(task)

        laid_out = build_kits(chosen, settings, out, formats, planned, wrote)
    elapsed = time.perf_counter() - started
    for name, sheets in laid_out.items():
        files = [p for p in written if p.parent.name == name]
        typer.echo(f"{name}: {len(sheets)} sheets, {len(files)} files in {out / name}/")
    typer.echo(f"done in {elapsed:.1f} s: {len(written)} files under {out}/")


@app.command("list")
def list_kits() -> None:
    """Show the kits that can be built."""
    from printkit.kits import KITS

    for kit in KITS.values():
        typer.echo(f"{kit.name:12} {kit.title}: {kit.summary}")


@app.command("enumerate")
def enumerate_shapes(
    max_order: Annotated[int, typer.Option("--max-order", min=1, max=16,
                                           help="Largest number of triangles.")] = 12,
) -> None:
    """Count the free polyiamonds of each order (OEIS A000577)."""
    from printkit.geometry.polyiamonds import count_free

    started = time.perf_counter()
    counts = count_free(max_order)
    for order, count in zip(range(1, max_order + 1), counts, strict=True):
        typer.echo(f"{order:3d} {count:8d}")
    typer.echo(f"total {sum(counts)} in {time.perf_counter() - started:.2f} s")


def main() -> None:
    """Entry point: runs the app and turns every user error into one line and exit code 2."""
    try:
        code = app(standalone_mode=False)
    except PrintkitError as e:
        typer.echo(f"printkit: error: {e}", err=True)
        sys.exit(2)
    except typer.Exit as e:
        sys.exit(e.exit_code)
    except typer.Abort:
        typer.echo("printkit: aborted", err=True)
        sys.exit(130)
    except Exception as e:
        # Usage errors of the command-line parser (bad flag, bad value) carry their own
        # message and exit code; anything else is a bug and keeps its traceback.
        if type(e).__name__ == "NoArgsIsHelpError":
            typer.echo(e.format_message())  # type: ignore[attr-defined]
            sys.exit(0)
        if hasattr(e, "format_message") and hasattr(e, "exit_code"):
            typer.echo(f"printkit: error: {e.format_message()}", err=True)
            sys.exit(2)
        raise
    sys.exit(code if isinstance(code, int) else 0)


if __name__ == "__main__":
    main()
