"""Writing kits to files: every sheet as PDF, SVG and PNG, named by kit and sheet."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from printkit.draw.cutfile import cut_dxf, cut_stats, cut_svg
from printkit.draw.model import Document, Page, Role
from printkit.draw.pdf import pdf_bytes
from printkit.draw.png import page_png
from printkit.draw.svg import page_svg
from printkit.errors import LayoutError
from printkit.fileio import write_atomic
from printkit.kits import Kit, check_layout
from printkit.layout.config import Layout
from printkit.layout.contents import contents_pages
from printkit.layout.sheet import Sheet
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
    """A file to write: its path relative to the output folder and how to make its bytes."""

    path: str
    make: Callable[[], bytes | str]


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
    return lambda: (cut_svg if kind == "svg" else cut_dxf)(page)


def _has_cuts(page: Page) -> bool:
    return any(item.role == Role.CUT for item in page.items)


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
            files.append(OutputFile(f"{base}{suffix}.png", _png(page, dpi)))
    if sheet.back is not None and "pdf" in formats:
        files.append(
            OutputFile(f"{base}-duplex.pdf", _pdf(sheet.pages, sheet.title, layout, layout.flip))
        )
    if "cut" in formats and _has_cuts(sheet.front):
        files.append(OutputFile(f"{base}-cut.svg", _cut(sheet.front, "svg")))
        files.append(OutputFile(f"{base}-cut.dxf", _cut(sheet.front, "dxf")))
    return files


def _how_to_print(sheet: Sheet, layout: Layout) -> str:
    if sheet.back is None:
        return "single-sided"
    return (
        f"double-sided, turning over on the {layout.flip} edge "
        "(or two single sheets glued back to back)"
    )


def _cutting(sheet: Sheet) -> dict | None:
    """Side A's cut length and straight cuts, for the manifest."""
    if not _has_cuts(sheet.front):
        return None
    stats = cut_stats(sheet.front)
    return {
        "cut_length_mm": round(stats.cut_length, 1),
        "straight_cuts": stats.straight_cuts,
        "paths": stats.paths,
        "circles": stats.circles,
    }


def manifest(kit: Kit, sheets: list[Sheet], layout: Layout, formats: Iterable[str]) -> dict:
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
                "copies": sheet.copies,
                "stock": sheet.stock,
                "sides": len(sheet.pages),
                "print": _how_to_print(sheet, layout),
                "flip": layout.flip if sheet.back is not None else None,
                "steps": list(sheet.steps),
                "cutting": _cutting(sheet),
            }
        )
    return {
        "manifest_version": 1,
        "generator": f"printkit {__version__}",
        "kit": kit.name,
        "title": kit.title,
        "paper": layout.paper_name,
        "ink": layout.ink,
        "back_offset_mm": list(layout.back_offset),
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
    laid_out = {kit.name: kit.build(layout) for kit in kits}
    plan = [
        f for sheets in laid_out.values() for s in sheets for f in sheet_files(s, formats, layout)
    ]
    for kit in kits:
        data = manifest(kit, laid_out[kit.name], layout, formats)
        if "pdf" in formats:
            data["contents"] = "contents.pdf"
            pages = contents_pages(data, layout)
            plan.append(
                OutputFile(
                    f"{kit.name}/contents.pdf", _pdf(pages, f"{kit.title} · contents", layout)
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
    output folder untouched.
    """
    laid_out, plan = plan_kits(kits, layout, formats)
    if on_plan:
        on_plan(len(plan))
    for f in plan:
        path = write_atomic(out_dir / f.path, f.make())
        if on_file:
            on_file(path)
    return laid_out
