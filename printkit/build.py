"""Writing kits to files: every sheet as PDF, SVG and PNG, named by kit and sheet.

PNG previews and DXF cut files (over half of a build's time) are made in worker processes
while this one writes the other files.
"""

from __future__ import annotations

import json
import multiprocessing
from collections.abc import Callable, Iterable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from pathlib import Path

from printkit.draw.cutfile import cut_dxf, cut_paths, cut_stats, cut_svg
from printkit.draw.model import Document, Page
from printkit.draw.pdf import pdf_bytes
from printkit.draw.png import page_png
from printkit.draw.svg import page_svg
from printkit.errors import LayoutError
from printkit.fileio import write_atomic
from printkit.i18n import _, language
from printkit.kits import Kit, check_layout
from printkit.layout.config import Layout
from printkit.layout.cutter import THICKNESS
from printkit.layout.guide import GUIDE_FILE, guide_pages, guide_title
from printkit.layout.paper import paper_name_of
from printkit.layout.sheet import Sheet, flip_edge, has_cuts
from printkit.version import __version__

__all__ = [
    "FORMATS",
    "OutputFile",
    "sheet_files",
    "plan_kits",
    "build_kits",
    "parse_formats",
    "manifest",
]

FORMATS = ("pdf", "svg", "png", "cut")
"""Output formats; ``cut`` is an SVG and a DXF of Side A's cut lines for cutting machines."""


@dataclass(frozen=True)
class OutputFile:
    """A file to write: its path relative to the output folder and how to make its bytes.

    A PNG preview or a DXF cut file also has ``job``: a function that gives a module-level
    function and its arguments (plain values, a page, a cut plan) making the same bytes, so
    that ``build_kits`` can make them in a worker process.
    """

    path: str
    make: Callable[[], bytes | str]
    job: Callable[[], tuple[Callable[..., bytes | str], tuple]] | None = None


def parse_formats(text: str) -> tuple[str, ...]:
    """``"pdf,svg"`` → ``("pdf", "svg")``; unknown names raise LayoutError naming them."""
    names = tuple(dict.fromkeys(p.strip().lower() for p in text.split(",") if p.strip()))
    bad = [n for n in names if n not in FORMATS]
    if bad or not names:
        raise LayoutError(
            f"--format: unknown format {', '.join(bad) or repr(text)}: use pdf, svg, png, cut"
        )
    return names


def _pdf(
    pages: list[Page], title: str, layout: Layout, duplex: str | None = None
) -> Callable[[], bytes]:
    doc = Document(title, pages, duplex=duplex, cmyk=layout.cmyk)  # type: ignore[arg-type]
    return lambda: pdf_bytes(doc)


def _svg(page: Page) -> Callable[[], str]:
    return lambda: page_svg(page, page.label)


def _png(page: Page, dpi: float) -> Callable[[], bytes]:
    return lambda: page_png(page, dpi)


def _cut(page: Page, kind: str) -> Callable[[], str]:
    return lambda: (cut_svg if kind == "svg" else cut_dxf)(page, cut_paths(page))


def _png_job(page: Page, dpi: float) -> Callable[[], tuple]:
    return lambda: (page_png, (page, dpi))


def _dxf_job(page: Page) -> Callable[[], tuple]:
    return lambda: (cut_dxf, (page, cut_paths(page)))


def sheet_files(sheet: Sheet, formats: Iterable[str], layout: Layout) -> list[OutputFile]:
    """The files one sheet is written as.

    A one-sided sheet is ``STEM.pdf``; a two-sided one is ``STEM-side-a.*`` and
    ``STEM-side-b.*`` (for gluing) plus ``STEM-duplex.pdf`` (both pages, for printers
    that print double-sided).  A sheet with cut lines also gets ``STEM-cut.svg`` and
    ``STEM-cut.dxf``, registered to Side A.
    """
    formats = tuple(formats)
    dpi = float(layout.printing.preview_dpi)
    base = f"{sheet.kit}/{sheet.stem}"
    sides = (
        [("", sheet.front)]
        if sheet.back is None
        else [("-side-a", sheet.front), ("-side-b", sheet.back)]
    )
    files = []
    for suffix, page in sides:
        if "pdf" in formats:
            files.append(OutputFile(f"{base}{suffix}.pdf", _pdf([page], page.label, layout)))
        if "svg" in formats:
            files.append(OutputFile(f"{base}{suffix}.svg", _svg(page)))
        if "png" in formats:
            files.append(OutputFile(f"{base}{suffix}.png", _png(page, dpi), _png_job(page, dpi)))
    if sheet.back is not None and "pdf" in formats:
        files.append(
            OutputFile(f"{base}-duplex.pdf", _pdf(sheet.pages, sheet.title, layout, layout.flip))
        )
    if "cut" in formats and has_cuts(sheet.front):
        files.append(OutputFile(f"{base}-cut.svg", _cut(sheet.front, "svg")))
        files.append(OutputFile(f"{base}-cut.dxf", _cut(sheet.front, "dxf"), _dxf_job(sheet.front)))
    return files


def _how_to_print(sheet: Sheet, layout: Layout) -> str:
    if sheet.back is None:
        return _("single-sided")
    return _(
        "double-sided, turning over on the {edge} edge (or two single sheets glued back to back)"
    ).format(edge=flip_edge(layout.flip))


def _cutter(layout: Layout) -> dict | None:
    """The cutting machine the sheets carry marks for, with the settings to give its
    software (``printkit.layout.cutter``)."""
    machine = layout.cutter
    if machine == "none":
        return None
    out: dict = {"machine": machine}
    if machine == "silhouette":
        out |= {
            "marks": "Type 1",
            "inset_mm": layout.printing.cutter_inset,
            "length_mm": layout.printing.cutter_mark_length,
            "thickness_mm": THICKNESS,
        }
    return out


def _cutting(sheet: Sheet) -> dict | None:
    """Side A's cut length and straight cuts, for the manifest."""
    if not has_cuts(sheet.front):
        return None
    stats = cut_stats(sheet.front)
    return {
        "cut_length_mm": round(stats.cut_length, 1),
        "straight_cuts": stats.straight_cuts,
        "paths": stats.paths,
        "circles": stats.circles,
    }


def manifest(
    kit: Kit,
    sheets: list[Sheet],
    layout: Layout,
    formats: Iterable[str],
) -> dict:
    """What a kit's folder holds and what to do with it, as plain data (written as JSON)."""
    formats = tuple(formats)
    entries = []
    for sheet in sheets:
        files = [f.path.split("/", 1)[1] for f in sheet_files(sheet, formats, layout)]
        entries.append(
            {
                "sheet": sheet.stem,
                "title": sheet.title,
                "files": files,
                "paper": paper_name_of((sheet.front.width, sheet.front.height)),
                "copies": sheet.copies,
                "stock": sheet.stock,
                "sides": len(sheet.pages),
                "print": _how_to_print(sheet, layout),
                "flip": layout.flip if sheet.back is not None else None,
                "steps": list(sheet.steps),
                "cutting": _cutting(sheet),
                "instead_of": sheet.instead_of,
            }
        )
    return {
        "manifest_version": 1,
        "generator": f"printkit {__version__}",
        "kit": kit.name,
        "title": _(kit.title),
        "paper": layout.paper_name,
        "ink": layout.ink,
        "back_offset_mm": list(layout.back_offset[:2]),
        "back_turn_degrees": layout.back_offset[2],
        "cutter": _cutter(layout),
        "sheets": entries,
    }


def plan_kits(
    kits: Iterable[Kit], layout: Layout, formats: Iterable[str]
) -> tuple[dict[str, list[Sheet]], list[OutputFile]]:
    """Lay out every sheet of the kits: the sheets by kit, and the files they make
    (``<kit>/<file>``, each with a function that makes its bytes), contents and manifest
    included."""
    formats = tuple(formats)
    kits = list(kits)
    check_layout(layout)
    with language(layout.lang):
        return _plan(kits, layout, formats)


def _plan(
    kits: list[Kit], layout: Layout, formats: tuple[str, ...]
) -> tuple[dict[str, list[Sheet]], list[OutputFile]]:
    laid_out = {kit.name: kit.build(layout) for kit in kits}
    plan = [
        f for sheets in laid_out.values() for s in sheets for f in sheet_files(s, formats, layout)
    ]
    for kit in kits:
        data = manifest(kit, laid_out[kit.name], layout, formats)
        if "pdf" in formats:
            data["guide"] = GUIDE_FILE
            pages = guide_pages(laid_out[kit.name], data, layout, kit.finished(layout))
            plan.append(
                OutputFile(
                    f"{kit.name}/{GUIDE_FILE}", _pdf(pages, guide_title(_(kit.title)), layout)
                )
            )
        text = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
        plan.append(OutputFile(f"{kit.name}/manifest.json", lambda text=text: text))
    return laid_out, plan


def build_kits(
    kits: Iterable[Kit],
    layout: Layout,
    out_dir: Path,
    formats: Iterable[str],
    on_plan: Callable[[int], None] | None = None,
    on_file: Callable[[Path], None] | None = None,
) -> dict[str, list[Sheet]]:
    """Lay out every sheet of the kits, then write their files under ``out_dir/<kit>/``.

    Everything is laid out before anything is written, so a layout error leaves the
    output folder untouched.  PNG previews and DXF cut files are made by ``WORKERS``
    processes (started first: they load their libraries while the kits are laid out)
    while the other files are made here, and written last.
    """
    formats = tuple(formats)
    pools = _worker_pools(formats)
    pending: list[tuple[OutputFile, Future[bytes | str] | None]] = []
    sent: dict[str, int] = {}  # per file type: how many jobs so far
    try:
        laid_out, plan = plan_kits(kits, layout, formats)
        if on_plan:
            on_plan(len(plan))

        def write(f: OutputFile, data: bytes | str) -> None:
            path = write_atomic(out_dir / f.path, data)
            if on_file:
                on_file(path)

        for f in plan:
            if not pools or f.job is None:
                write(f, f.make())
                continue
            kind = f.path.rsplit(".", 1)[-1]
            k = sent[kind] = sent.get(kind, -1) + 1
            pool = pools[k % len(pools)]  # the k-th PNG (DXF) always goes to the same worker
            try:
                function, args = f.job()
                pending.append((f, pool.submit(function, *args)))
            except (BrokenProcessPool, RuntimeError, OSError):  # no worker: make it here
                pending.append((f, None))
        for f, done in pending:
            try:
                data = done.result() if done is not None else f.make()
            except BrokenProcessPool:  # a worker died (killed, out of memory): make it here
                data = f.make()
            write(f, data)
    finally:
        for pool in pools:
            pool.shutdown(wait=True, cancel_futures=True)
    return laid_out


WORKERS = 2
"""PNG previews and DXF cut files are made by this many worker processes, the k-th PNG
(DXF) of a build by worker ``k % WORKERS``, each worker in the order of the plan, so that
a build's previews are made alike run to run, on any number of cores.  Where processes
cannot be forked (Windows), everything is made in this process."""


def _worker_pools(formats: tuple[str, ...]) -> list[ProcessPoolExecutor]:
    """One single-process pool per worker, each started at once on loading the libraries
    its jobs use; none (make everything here) where no format needs a worker or processes
    cannot be forked."""
    kinds = tuple(kind for kind in ("png", "cut") if kind in formats)
    if not kinds or "fork" not in multiprocessing.get_all_start_methods():
        return []  # spawned workers would import the caller's main module again
    # fork: each worker is a copy of this process made at its first job; it only turns a
    # page into PNG bytes (through its PDF), or a cut plan into DXF text, so threads here
    # (the progress bar) and their locks do not concern it.
    context = multiprocessing.get_context("fork")
    pools = [ProcessPoolExecutor(1, mp_context=context) for _ in range(WORKERS)]
    try:
        for pool in pools:
            pool.submit(_load_libraries, kinds)
    except (RuntimeError, OSError):  # no process could be started: make everything here
        for pool in pools:
            pool.shutdown(wait=False, cancel_futures=True)
        return []
    return pools


def _load_libraries(kinds: tuple[str, ...]) -> None:
    """In a worker: import the heavy libraries its jobs of these kinds use (a third of a
    second), while the kits are still being laid out."""
    if "png" in kinds:
        import pypdfium2  # noqa: F401  (PDFium)
        import reportlab.pdfgen.canvas  # noqa: F401  (each preview is drawn as a PDF first)
    if "cut" in kinds:
        import ezdxf  # noqa: F401
