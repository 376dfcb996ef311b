"""The ``printkit`` command line: a thin layer over kits, layouts, records and the reader.

Each command imports its own layer when it runs, so that ``printkit check`` loads neither
the drawing backends nor the photo reader (both heavy: reportlab, numpy, OpenCV).
"""

from __future__ import annotations

import atexit
import gc
import json
import math
import sys
import time
import tomllib
from pathlib import Path
from typing import Annotated, Any

import typer

from printkit.errors import PrintkitError
from printkit.games import GAMES, find_game
from printkit.i18n import _, decimal, language, ngettext
from printkit.vision.threads import blas_on_one_thread

try:  # recent typer releases carry their own copy of click
    from typer._click import exceptions as parser_errors
except ImportError:
    from click import exceptions as parser_errors

# What a command made lives until the process ends: the interpreter's last garbage
# collections need not trace it (after a photo read they took 30 ms of 0.6 s).
atexit.register(gc.freeze)

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
        values = [float(v) for v in text.split(",")]
    except ValueError:
        values = []
    if len(values) not in (2, 3) or not all(math.isfinite(v) for v in values):
        raise PrintkitError(
            f"--back-offset takes X,Y in mm or X,Y,ANGLE (degrees), not {text!r}"
        ) from None
    return values


class _BuildCommand(typer.core.TyperCommand):
    """``build``, whose help ends with every layout setting, its default and its range, read
    from the settings dataclasses when the help is shown (not when printkit starts)."""

    def format_epilog(self, ctx: Any, formatter: Any) -> None:
        from printkit.kits import settings_lines  # the games' components: only for --help

        self.epilog = "\b\nSettings for --set SECTION.KEY=VALUE (or a --layout file): key, "
        self.epilog += "default, range\n" + "\n".join(f"  {line}" for line in settings_lines())
        super().format_epilog(ctx, formatter)


@app.command(cls=_BuildCommand)
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
    cutter: Annotated[
        str | None,
        typer.Option(
            help="Print-then-cut marks for a cutting machine: none, silhouette, cricut or "
            "scanncut (see the README's Cutting section)."
        ),
    ] = None,
    back_offset: Annotated[
        str | None,
        typer.Option(
            "--back-offset",
            help="X,Y mm shift of every Side B, and optionally ,ANGLE in degrees "
            "(from the calibration sheet).",
        ),
    ] = None,
    setting: Annotated[
        list[str] | None,
        typer.Option("--set", help="Any layout value, as SECTION.KEY=VALUE (repeatable)."),
    ] = None,
    lang: Annotated[
        str | None, typer.Option("--lang", help="Language of every printed word: en or es.")
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
    if cutter is not None:
        overrides["print.cutter"] = cutter
    if lang is not None:
        overrides["print.lang"] = lang
    if back_offset is not None:
        overrides["print.back_offset"] = _back_offset(back_offset)
    for text in setting or []:
        key, value = _parse_setting(text)
        overrides[key] = value
    chosen = [find_kit(k) for k in kits] if kits else default_kits()
    settings = load_layout(layout, overrides)
    started = time.perf_counter()
    written: list[Path] = []
    with language(settings.lang):
        with Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            disable=quiet or not sys.stderr.isatty(),
            transient=True,
        ) as progress:
            task = progress.add_task(_("laying out sheets"), total=None)

            def planned(n: int) -> None:
                progress.update(task, total=n, description=_("writing files"))

            def wrote(path: Path) -> None:
                written.append(path)
                progress.advance(task)

            laid_out = build_kits(chosen, settings, out, formats, planned, wrote)
        elapsed = time.perf_counter() - started
        for name, sheets in laid_out.items():
            files = [p for p in written if p.parent.name == name]
            summary = ngettext(
                "{kit}: {sheets} sheet, {files} files in {folder}/",
                "{kit}: {sheets} sheets, {files} files in {folder}/",
                len(sheets),
            ).format(kit=name, sheets=len(sheets), files=len(files), folder=out / name)
            typer.echo(summary + "".join(f"; {s.stem}: {s.notice}" for s in sheets if s.notice))
        typer.echo(
            _("done in {seconds} s: {files} files under {folder}/").format(
                seconds=decimal(elapsed, 1), files=len(written), folder=out
            )
        )


@app.command("list")
def list_kits() -> None:
    """Show the kits that can be built."""
    from printkit.kits import KITS  # the kits' sheet code is imported only when built

    for kit in KITS.values():
        typer.echo(f"{kit.name:12} {kit.title}: {kit.summary}")


ENUMERATE_HELP = """Count the free polyiamonds of each order (OEIS A000577).

Each order is printed as soon as it is counted (with a progress line on standard error
when that is a terminal).  Memory stays bounded: order 16, the largest, was measured at
14 s and a peak of 107 MB (resident) on one core; each order more takes about three times
as long, so larger orders are refused.
"""


@app.command("enumerate", help=ENUMERATE_HELP)
def enumerate_shapes(
    max_order: Annotated[
        int, typer.Option("--max-order", help="Largest number of triangles (1 to 16).")
    ] = 12,
) -> None:
    from printkit.geometry.polyiamonds import MAX_ORDER, iter_free_counts  # numpy: heavy

    if not 1 <= max_order <= MAX_ORDER:
        _fail(
            f"--max-order {max_order}: the orders are 1 to {MAX_ORDER} (order {MAX_ORDER} "
            "takes about 14 s; each order more about three times as long)"
        )
    started = time.perf_counter()
    total = 0
    progress = sys.stderr.isatty()
    for order, count in iter_free_counts(max_order):
        total += count
        if progress:
            elapsed = time.perf_counter() - started
            sys.stderr.write(f"\rcounted order {order} of {max_order} in {elapsed:.1f} s ")
            sys.stderr.flush()
        typer.echo(f"{order:3d} {count:8d}")
    if progress:
        sys.stderr.write("\r\x1b[K")
    typer.echo(f"total {total} in {time.perf_counter() - started:.2f} s")


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
def convert(
    record: Annotated[
        Path, typer.Argument(help="A game record: printkit's .json or text, or a Pentobi .blksgf.")
    ],
    to: Annotated[
        str,
        typer.Option(
            "--to",
            help="The form to write: json, txt"
            + "".join(
                f", {f.suffix[1:]} ({f.title}, {g.title})"
                for g in GAMES.values()
                for f in g.formats
            )
            + ".",
        ),
    ],
    out: Annotated[
        Path | None,
        typer.Option(
            "--out", help="File to write; default: the record's name with the new suffix."
        ),
    ] = None,
) -> None:
    """Convert a record between printkit's forms and other programs' game files."""
    from printkit.fileio import write_atomic  # the records layer only
    from printkit.records.io import load_record, record_text

    kind = to.strip().lower().lstrip(".")
    suffixes = {"json": ".json", "txt": ".txt", "text": ".txt"}
    suffixes |= {f.suffix.lstrip("."): f.suffix for g in GAMES.values() for f in g.formats}
    if kind not in suffixes:
        _fail(f"--to {to!r}: choose from {', '.join(sorted(set(suffixes) - {'text'}))}")
    target = out or record.with_suffix(suffixes[kind])
    if out is not None and target.suffix.lower() != suffixes[kind]:
        _fail(f"--out {target}: a {kind} file ends in {suffixes[kind]}")
    if target.resolve() == record.resolve():
        _fail(f"--out {target}: would overwrite the record being converted")
    text = record_text(load_record(record), target)
    typer.echo(f"wrote {write_atomic(target, text)}")


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


UNSURE_WHY = {
    "glare": "a reflection hides them",
    "dark": "too little light",
    "mixed": "part covered or between two colours",
    "colour": "between two colours",
    "noise": "colour noise of a dim photo",
    "misplaced": "printed lines do not confirm where the board lies (wide lens? marker hidden?)",
    "unlike": "unlike the other cells read the same (a finger? a stain?)",
    "name visible": "the cell's printed name shows under what looked like a piece",
    "name hidden": "the cell's printed name does not show (a finger? a reflection?)",
    "print hidden": "the board's print does not show where the cell looks bare (a finger?)",
    "thickness": "a thick piece's side or its face, seen at a slant: retake from above",
    "beside a cover": "beside a cell a hand hides, whose edge may cover part of them",
    "ringed": "read as a piece, but nothing seen round them shows its edges (a hand?)",
    "no piece": "they make no piece of the set",
    "piece twice": "one piece seen twice",
    "pid twice": "one pid seen twice",
    "tile twice": "one tile seen twice",
    "no tile": "no tile has these numbers",
    "faint": "a number or symbol too faint to read surely (dim light? camera shake?)",
    "photos disagree": "the photos disagree",
    "shape": "the symbol's edges and its ink's colour name different symbols",
    "ink astray": "a symbol's colour reaches beyond its outline (a finger over the token?)",
}
"""What each reason the reader gives for an uncertain cell means to a player."""


@app.command()
def read(
    photos: Annotated[
        list[Path],
        typer.Argument(
            help="Photos of a printed board (JPEG or PNG); several photos of one board, or of "
            "its parts (the halves of a board printed in parts), make one position; a photo "
            "the reader refuses is skipped if another reads."
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
    from printkit.vision.photofile import PhotoFile  # OpenCV: decodes while the reader loads

    try:
        first = PhotoFile.read(photos[0]).ahead() if photos[0].is_file() else None
    except OSError:  # unreadable: the reader names the file and the problem
        first = None

    from printkit.layout.config import load_layout
    from printkit.records.check import check_record
    from printkit.vision.command import read_photos  # the photo reader: numpy and OpenCV

    target = out or photos[0].with_name(photos[0].stem + "-position.json")
    result = read_photos(photos, game.strip().lower(), load_layout(layout), target, debug, first)
    for photo, why in result.skipped.items():
        typer.echo(f"skipped {photo}: {why}")
    for path in result.written:
        typer.echo(f"wrote {path}")
    unsure = result.record.uncertain
    typer.echo(f"{len(result.record.cells)} cells occupied, {len(unsure)} uncertain")
    reasons: dict[str, list[str]] = {}
    for name, why in result.doubts.items():
        reasons.setdefault(why, []).append(name)
    for why, names in reasons.items():
        more = f" and {len(names) - 12} more" if len(names) > 12 else ""
        typer.echo(f"  uncertain ({UNSURE_WHY.get(why, why)}): {', '.join(names[:12])}{more}")
    for photo, why in result.shaken.items():
        typer.echo(f"  {photo}: {why}, and take it again")
    if unsure:
        typer.echo(
            "  take another photo from a different angle and read them together: "
            f"printkit read {' '.join(str(p) for p in photos)} OTHER.jpg --game {game}"
        )
    if no_check:
        return
    result.record.path = str(target)
    report = check_record(result.record)
    typer.echo("\n".join(report.lines()))
    raise typer.Exit(report.exit_code)


LOG_HELP = """Log a whole game from a photo of the board after each turn.

The photos are taken in the order of the time they were taken (EXIF) or of their file
names (IMG_2 before IMG_10).  Each move is what changed since the last photo accepted;
duplicates, photos that cannot be read and changes no move explains are reported and
skipped.  Moves are written as seen, each with its photo and confidence, and the record is
then checked.

Exit code 0: a valid game; 1: rule violations; 2: bad input (nothing written).
"""


@app.command("log", help=LOG_HELP)
def log(
    photos: Annotated[
        list[Path], typer.Argument(help="Photos of the board, one after each turn (JPEG or PNG).")
    ],
    game: Annotated[str, typer.Option(help=f"The game on the board: {', '.join(GAMES)}.")],
    out: Annotated[
        Path, typer.Option("--out", help="Game record to write (.json, or text otherwise).")
    ],
    players: Annotated[
        str | None,
        typer.Option(
            help="The players in turn order, comma-separated (for games of colours: the "
            "colours; default: the board's)."
        ),
    ] = None,
    rules: Annotated[
        str | None, typer.Option(help="Rule preset for the record (see docs/records.md).")
    ] = None,
    layout: Annotated[
        Path | None, typer.Option("--layout", help="The layout file the board was printed with.")
    ] = None,
    debug: Annotated[
        Path | None,
        typer.Option("--debug", help="Folder for a picture of what the reader saw in each photo."),
    ] = None,
) -> None:
    from printkit.layout.config import load_layout
    from printkit.records.check import check_record
    from printkit.records.io import load_record
    from printkit.vision.log import log_photos  # the photo reader: numpy and OpenCV

    names = [p.strip() for p in players.split(",") if p.strip()] if players else None
    name = find_game(game).name
    result = log_photos(photos, name, load_layout(layout), out, names, rules, debug)
    record = result.record
    typer.echo(f"{len(photos)} photos in order of {result.order}")
    typer.echo("\n".join(result.lines))
    for path in result.written:
        typer.echo(f"wrote {path}")
    typer.echo(
        f"{len(record.moves)} moves from {len(photos) - result.skipped} of {len(photos)} photos"
        + (f" ({result.skipped} skipped)" if result.skipped else "")
    )
    report = check_record(load_record(out))  # as written: findings name its lines
    typer.echo("\n".join(report.lines()))
    if result.confirm:
        typer.echo(f"to confirm on the board ({len(result.confirm)}):")
        typer.echo("\n".join(f"  {line}" for line in result.confirm))
    raise typer.Exit(report.exit_code)


@app.command("demo-photo")
def demo_photo(
    game: Annotated[str, typer.Argument(help=f"The game on the board: {', '.join(GAMES)}.")],
    out: Annotated[Path, typer.Option("--out", help="The photo to write (.jpg or .png).")] = Path(
        "photo.jpg"
    ),
    seed: Annotated[int, typer.Option(help="Which random position and camera (any number).")] = 1,
    layout: Annotated[
        Path | None, typer.Option("--layout", help="The layout file the board is printed with.")
    ] = None,
) -> None:
    """Make a synthetic phone photo of a printed board, to try 'printkit read' on."""
    from printkit.layout.config import load_layout
    from printkit.vision.command import demo_photo as make  # numpy and OpenCV

    name = find_game(game).name
    path, _ = make(name, load_layout(layout), seed, out)
    typer.echo(f"wrote {path}")
    typer.echo(f"try: printkit read {path} --game {name}")


def _version(value: bool) -> None:
    if value:
        from printkit.version import __version__

        typer.echo(f"printkit {__version__}")
        raise typer.Exit(0)


@app.callback()
def _options(
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_version, is_eager=True, help="Show the version and exit."
        ),
    ] = False,
) -> None:
    """Print-and-play kits for triangle-grid games, and a checker for games played with them."""


def main() -> None:
    """Entry point: runs the app and turns every user error into one line and exit code 2."""
    blas_on_one_thread()  # before numpy loads
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
