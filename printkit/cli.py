"""The ``printkit`` command line: a thin layer over kits, layouts, records and the reader.

Each command imports its own layer when it runs, so that ``printkit check`` loads neither
the drawing backends nor the photo reader (both heavy: reportlab, numpy, OpenCV).
"""

from __future__ import annotations

import json
import sys
import time
import tomllib
from pathlib import Path
from typing import Annotated, Any

import typer

from printkit.errors import PrintkitError
from printkit.games import GAMES

try:  # recent typer releases carry their own copy of click
    from typer._click import exceptions as parser_errors
except ImportError:
    from click import exceptions as parser_errors

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
    kits: Annotated[
        list[str] | None,
        typer.Argument(help="Kits to build (see 'printkit list'); all when none is named."),
    ] = None,
    layout: Annotated[
        Path | None,
        typer.Option("--layout", help="A layout file (TOML) overriding layouts/default.toml."),
    ] = None,
    paper: Annotated[
        str | None,
        typer.Option(help="Paper: a4, letter, a3, legal, tabloid, ... or WIDTHxHEIGHT in mm."),
    ] = None,
    out: Annotated[Path, typer.Option("--out", help="Output folder.")] = Path("output"),
    format: Annotated[
        str, typer.Option("--format", help="Comma-separated: pdf, svg, png, cut.")
    ] = "pdf,svg,png,cut",
    ink: Annotated[
        str | None,
        typer.Option(help="fill (colours on white stock) or outline (for coloured card)."),
    ] = None,
    flip: Annotated[
        str | None,
        typer.Option(help="Double-sided sheets turn over on the 'long' or 'short' edge."),
    ] = None,
    back_offset: Annotated[
        str | None,
        typer.Option(
            "--back-offset", help="X,Y mm shift of every Side B (from the calibration sheet)."
        ),
    ] = None,
    setting: Annotated[
        list[str] | None,
        typer.Option("--set", help="Any layout value, as SECTION.KEY=VALUE (repeatable)."),
    ] = None,
    lang: Annotated[
        str | None, typer.Option("--lang", help="Language of the rule cards: en or es.")
    ] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar.")] = False,
) -> None:
    """Build kits into the output folder, grouped by kit."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    from printkit.build import build_kits, parse_formats  # the drawing layer: heavy
    from printkit.kits import default_kits, find_kit
    from printkit.layout.config import load_layout

    formats = parse_formats(format)
    overrides: dict[str, Any] = {}
    if paper is not None:
        overrides["paper.size"] = paper
    if ink is not None:
        overrides["print.ink"] = ink
    if flip is not None:
        overrides["print.flip"] = flip
    if lang is not None:
        overrides["cards.lang"] = lang
    if back_offset is not None:
        overrides["print.back_offset"] = _back_offset(back_offset)
    for text in setting or []:
        key, value = _parse_setting(text)
        overrides[key] = value
    chosen = [find_kit(k) for k in kits] if kits else default_kits()
    settings = load_layout(layout, overrides)
    started = time.perf_counter()
    written: list[Path] = []
    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        disable=quiet or not sys.stderr.isatty(),
        transient=True,
    ) as progress:
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
        typer.echo(
            f"{name}: {len(sheets)} sheet{'s' if len(sheets) != 1 else ''}, "
            f"{len(files)} files in {out / name}/"
        )
    typer.echo(f"done in {elapsed:.1f} s: {len(written)} files under {out}/")


@app.command("list")
def list_kits() -> None:
    """Show the kits that can be built."""
    from printkit.kits import KITS  # the kits' sheet code is imported only when built

    for kit in KITS.values():
        typer.echo(f"{kit.name:12} {kit.title}: {kit.summary}")


@app.command("enumerate")
def enumerate_shapes(
    max_order: Annotated[
        int, typer.Option("--max-order", min=1, max=16, help="Largest number of triangles.")
    ] = 12,
) -> None:
    """Count the free polyiamonds of each order (OEIS A000577)."""
    from printkit.geometry.polyiamonds import count_free  # numpy: heavy for other commands

    started = time.perf_counter()
    counts = count_free(max_order)
    for order, count in zip(range(1, max_order + 1), counts, strict=True):
        typer.echo(f"{order:3d} {count:8d}")
    typer.echo(f"total {sum(counts)} in {time.perf_counter() - started:.2f} s")


@app.command()
def check(
    record: Annotated[Path, typer.Argument(help="A game record or position (.json or text).")],
    rules: Annotated[
        str | None, typer.Option(help="Rule preset, overriding the record's (see docs/records.md).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Findings as JSON.")] = False,
) -> None:
    """Replay a logged game or examine a position: illegal moves, wrong scores, the standing.

    Exit code 0: valid; 1: rule violations or wrong scores; 2: the file cannot be read.
    """
    from printkit.records.check import check_record  # the records layer only
    from printkit.records.io import load_record

    report = check_record(load_record(record), rules)
    if as_json:
        typer.echo(json.dumps(report.to_json(), indent=2, ensure_ascii=False))
    else:
        typer.echo("\n".join(report.lines()))
    raise typer.Exit(report.exit_code)


@app.command()
def show(
    record: Annotated[Path, typer.Argument(help="A game record or position.")],
    out: Annotated[Path, typer.Option("--out", help="Picture to write: .svg, .png or .pdf.")],
    move: Annotated[
        int | None,
        typer.Option(
            "--move", min=0, help="Show the position after this many moves (default: the last)."
        ),
    ] = None,
    rules: Annotated[str | None, typer.Option(help="Rule preset, overriding the record's.")] = None,
) -> None:
    """Draw the position of a record at a move, the move made there highlighted."""
    from printkit.records.io import load_record  # records and the drawing layer
    from printkit.records.show import save_picture

    path = save_picture(load_record(record), out, move, rules)
    typer.echo(f"wrote {path}")


@app.command()
def read(
    photos: Annotated[
        list[Path],
        typer.Argument(
            help="Photos of a printed board (JPEG or PNG); several photos of parts of one board "
            "(the halves of a board printed in parts) make one position."
        ),
    ],
    game: Annotated[str, typer.Option(help=f"The game on the board: {', '.join(GAMES)}.")],
    out: Annotated[
        Path | None,
        typer.Option(
            "--out", help="Position record to write (.json or text); default: next to the photo."
        ),
    ] = None,
    debug: Annotated[
        Path | None, typer.Option("--debug", help="Folder for a picture of what the reader saw.")
    ] = None,
    layout: Annotated[
        Path | None, typer.Option("--layout", help="The layout file the board was printed with.")
    ] = None,
    no_check: Annotated[
        bool, typer.Option("--no-check", help="Do not check the position.")
    ] = False,
) -> None:
    """Read a photographed position into a position record, and check it."""
    from printkit.layout.config import load_layout
    from printkit.records.check import check_record
    from printkit.vision.command import read_photos  # the photo reader: numpy and OpenCV

    target = out or photos[0].with_name(photos[0].stem + "-position.json")
    result = read_photos(photos, game.strip().lower(), load_layout(layout), target, debug)
    for path in result.written:
        typer.echo(f"wrote {path}")
    unsure = result.record.uncertain
    typer.echo(
        f"{len(result.record.cells)} cells occupied"
        + (f", {len(unsure)} uncertain: {', '.join(unsure)}" if unsure else "")
    )
    if no_check:
        return
    result.record.path = str(target)
    report = check_record(result.record)
    typer.echo("\n".join(report.lines()))
    raise typer.Exit(report.exit_code)


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
    except parser_errors.NoArgsIsHelpError as e:
        typer.echo(e.format_message())
        sys.exit(0)
    except parser_errors.ClickException as e:
        # A usage error of the command-line parser (bad flag, bad value): one line.
        typer.echo(f"printkit: error: {e.format_message()}", err=True)
        sys.exit(2)
    sys.exit(code if isinstance(code, int) else 0)


if __name__ == "__main__":
    main()
