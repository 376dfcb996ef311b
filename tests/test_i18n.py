"""Every printed word comes from the catalogue: the Spanish catalogue is complete and in step
with the code, a Spanish build prints no English word and an English build no Spanish one."""

from __future__ import annotations

import io
import re
from functools import cache
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po
from conftest import layout_for
from pdfread import text_runs
from pypdf import PdfReader

from printkit.build import plan_kits
from printkit.i18n import LOCALE_DIR, _, decimal, language, languages, missing, ngettext, number
from printkit.kits import KITS
from printkit.polyiamond_games.pieces import NAMES

ROOT = Path(__file__).resolve().parent.parent
PO = LOCALE_DIR / "es" / "LC_MESSAGES" / "printkit.po"
MO = PO.with_suffix(".mo")
PLACEHOLDER = re.compile(r"\{(\w*)[^{}]*\}")
NAMES_OF_THINGS = re.compile(
    r"[\w.-]+\.(?:pdf|svg|png|dxf|json)\b"  # file names
    r"|\b[a-z_]+\.[a-z_]+\b"  # settings (print.back_offset)
    r"|\bprintkit \w+"  # commands (printkit read)
)
"""Names that are the same in every language: they are not words to translate."""
WORD = re.compile(r"[^\W\d_]{2,}")
NOTATION = {name.lower() for name in NAMES}
"""Piece names are record notation (``printkit check`` reads them), the same in every language."""


@cache
def catalogue():
    with open(PO, "rb") as f:
        return read_po(f)


def _ids(message) -> tuple[str, ...]:
    return message.id if isinstance(message.id, tuple) else (message.id,)


def _strings(message) -> tuple[str, ...]:
    return message.string if isinstance(message.string, tuple) else (message.string,)


@cache
def source_messages() -> set[tuple[str | None, str]]:
    """(context, message) of every message the code and the cards mark, extracted as
    ``tools/i18n.py extract`` does."""
    with open(ROOT / "babel.cfg") as f:
        method_map, options_map = parse_mapping_cfg(f)
    found = set()
    for _file, _line, message, _comments, context in extract_from_dir(
        ROOT, method_map, options_map
    ):
        first = message[0] if isinstance(message, tuple) else message
        found.add((context, first))
    return found


def test_the_spanish_catalogue_holds_every_message_of_the_code_and_no_other():
    ours = {(m.context, _ids(m)[0]) for m in catalogue() if m.id}
    assert source_messages() - ours == set(), "run python tools/i18n.py"
    assert ours - source_messages() == set(), "obsolete messages: run python tools/i18n.py"


def test_every_message_is_translated_and_none_is_fuzzy():
    for m in catalogue():
        if m.id:
            assert all(_strings(m)), f"untranslated: {_ids(m)[0]!r}"
            assert not m.fuzzy, f"fuzzy: {_ids(m)[0]!r}"


def test_translations_keep_the_placeholders_and_the_bold_marks():
    for m in catalogue():
        if not m.id:
            continue
        wanted = {p for i in _ids(m) for p in PLACEHOLDER.findall(i)}
        for s in _strings(m):
            assert set(PLACEHOLDER.findall(s)) <= wanted and wanted <= set(
                PLACEHOLDER.findall(s)
            ) | {"copies", "n"}, (_ids(m)[0], s)
            assert s.count("**") == _ids(m)[0].count("**"), (_ids(m)[0], s)


def _messages(catalog) -> dict:
    """Every translated message of a catalogue, the header aside (it names Babel's version)."""

    def plain(text):
        return text if isinstance(text, str) else tuple(text)

    return {
        (m.context, plain(m.id)): plain(m.string)
        for m in catalog
        if m.id and any(m.string) and not m.fuzzy
    }


def test_the_compiled_catalogue_is_the_po_file():
    with MO.open("rb") as compiled:
        assert _messages(read_mo(compiled)) == _messages(catalogue()), (
            "run python tools/i18n.py compile"
        )


def test_messages_numbers_and_plurals_follow_the_language():
    assert languages() == ("en", "es")
    assert _("Side A") == "Side A"
    with language("es"):
        assert _("Side A") == "Cara A"
        assert decimal(1.25, 2) == "1,25" and number(10.0) == "10" and number(2.5) == "2,5"
        one = ngettext(
            "Print {copies} copy on {stock}, {how}.", "Print {copies} copies on {stock}, {how}.", 1
        )
        two = ngettext(
            "Print {copies} copy on {stock}, {how}.", "Print {copies} copies on {stock}, {how}.", 2
        )
        assert "copia " in one and "copias " in two
    assert decimal(1.25, 2) == "1.25"
    assert number(-0.3) == "\u22120.3" and decimal(-5, 0) == "\u22125"  # minus, not hyphen
    with pytest.raises(ValueError, match="no catalogue for language 'fr'"):
        with language("fr"):
            pass


# -- what a build prints ------------------------------------------------------------------


def _words(text: str) -> set[str]:
    return {w.lower() for w in WORD.findall(NAMES_OF_THINGS.sub(" ", PLACEHOLDER.sub(" ", text)))}


@cache
def vocabulary() -> tuple[frozenset[str], frozenset[str]]:
    """Words only the English messages use, and words only the Spanish ones use."""
    english = set().union(*(_words(i) for m in catalogue() if m.id for i in _ids(m)))
    spanish = set().union(*(_words(s) for m in catalogue() if m.id for s in _strings(m)))
    return frozenset(english - spanish - NOTATION), frozenset(spanish - english)


@cache
def printed_words(lang: str, paper: str) -> dict[str, set[str]]:
    """The words of every page of every kit's PDFs, by file."""
    layout = layout_for(print__lang=lang, paper__size=paper)
    _, plan = plan_kits(KITS.values(), layout, ("pdf",))
    found = {}
    for f in plan:
        if f.path.endswith(".pdf") and not f.path.endswith("-duplex.pdf"):
            reader = PdfReader(io.BytesIO(f.make()))
            text = " ".join(r.text for page in reader.pages for r in text_runs(page))
            found[f.path] = _words(text)
    return found


def _leaks(printed: dict[str, set[str]], foreign: frozenset[str]) -> str:
    """One line per file that prints words of the other language: the file and the words."""
    return "\n".join(
        f"{path}: {' '.join(sorted(words & foreign))}"
        for path, words in printed.items()
        if words & foreign
    )


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_spanish_build_prints_no_english_word(paper):
    english_only, _spanish_only = vocabulary()
    printed = printed_words("es", paper)
    assert len(printed) > 40
    assert not _leaks(printed, english_only), _leaks(printed, english_only)
    assert missing("es") == set()


def test_an_english_build_prints_no_spanish_word():
    _english_only, spanish_only = vocabulary()
    leaks = {
        path: sorted(words & spanish_only) for path, words in printed_words("en", "a4").items()
    }
    assert {p: w for p, w in leaks.items() if w} == {}


def test_the_word_lists_can_catch_a_leak():
    english_only, spanish_only = vocabulary()
    assert {"print", "copies", "cutting"} <= english_only
    assert {"imprimir", "copias", "corte"} <= spanish_only
    assert "crown" not in english_only  # notation, printed the same in Spanish
