"""Keep printkit's catalogues in step with the code: extract, update, compile.

    python tools/i18n.py            # all three, for every language
    python tools/i18n.py extract    # printkit/locale/printkit.pot from the code and cards
    python tools/i18n.py update     # merge the template into each <lang>/.../printkit.po
    python tools/i18n.py compile    # each printkit.po to the printkit.mo that builds read
    python tools/i18n.py init LANG  # start a new language

These are Babel's own commands (``pybabel``) with printkit's options; docs/translating.md
says how to translate.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from babel.messages.frontend import CommandLineInterface

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "printkit" / "locale"
TEMPLATE = LOCALE / "printkit.pot"
COMMON = ["-D", "printkit", "-d", str(LOCALE)]


def pybabel(*args: str) -> None:
    CommandLineInterface().run(["pybabel", "-q", *args])


def extract() -> None:
    pybabel(
        "extract",
        "-F",
        str(ROOT / "babel.cfg"),
        "--project=printkit",
        "--copyright-holder=the printkit authors",
        "--sort-by-file",
        "--no-wrap",
        "-c",
        "TRANSLATORS:",
        "-o",
        str(TEMPLATE),
        ".",  # from the root, so that references are relative paths
    )


def update() -> None:
    pybabel(
        "update",
        "-i",
        str(TEMPLATE),
        "--no-wrap",
        "--ignore-obsolete",
        "--no-fuzzy-matching",
        *COMMON,
    )


def compile_catalogues() -> None:
    pybabel("compile", "--statistics", *COMMON)


def main(argv: list[str]) -> None:
    os.chdir(ROOT)
    command = argv[0] if argv else "all"
    if command == "init":
        pybabel("init", "-i", str(TEMPLATE), "-l", argv[1], "--no-wrap", *COMMON)
    elif command in ("extract", "all"):
        extract()
    if command in ("update", "all"):
        update()
    if command in ("compile", "all"):
        compile_catalogues()


if __name__ == "__main__":
    main(sys.argv[1:])
