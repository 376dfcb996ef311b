"""Printed words in the layout's language, from gettext catalogues.

English is written in the code (and in each game's ``card.toml``); every other language
is a catalogue ``printkit/locale/<lang>/LC_MESSAGES/printkit.po``, kept with Babel
(``docs/translating.md``) and compiled to the ``.mo`` file read here.  A build sets its
language once, round the whole job::

    with language("es"):
        sheets = kit.build(layout)

and every ``_("...")`` inside gives the Spanish text.  Text that is written before the
language is known (module constants) is marked with ``N_`` and translated where it is
used.  A message missing from the catalogue prints in English and is remembered in
``missing()``, which the tests keep empty.
"""

from __future__ import annotations

import gettext
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path

__all__ = [
    "DOMAIN",
    "LOCALE_DIR",
    "languages",
    "language",
    "current_language",
    "missing",
    "_",
    "N_",
    "ngettext",
    "pgettext",
    "decimal",
    "number",
    "MINUS",
    "colour_name",
]

DOMAIN = "printkit"
LOCALE_DIR = Path(__file__).parent / "locale"
SOURCE_LANGUAGE = "en"


class _Missing(gettext.NullTranslations):
    """The last fallback: the English text, remembering that it was asked for."""

    def __init__(self) -> None:
        super().__init__()
        self.messages: set[str] = set()

    def gettext(self, message: str) -> str:
        self.messages.add(message)
        return message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        self.messages.add(singular)
        return singular if n == 1 else plural

    def pgettext(self, context: str, message: str) -> str:
        self.messages.add(f"{context}\x04{message}")
        return message


_SOURCE = gettext.NullTranslations()
_current: ContextVar[tuple[str, gettext.NullTranslations]] = ContextVar(
    "printkit_language", default=(SOURCE_LANGUAGE, _SOURCE)
)


@cache
def languages() -> tuple[str, ...]:
    """The languages printkit prints: English and every compiled catalogue."""
    found = sorted(p.parent.parent.name for p in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.mo"))
    return (SOURCE_LANGUAGE, *found)


@cache
def _translations(lang: str) -> gettext.NullTranslations:
    if lang == SOURCE_LANGUAGE:
        return _SOURCE
    with open(LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.mo", "rb") as f:
        translations = gettext.GNUTranslations(f)
    translations.add_fallback(_Missing())
    return translations


def missing(lang: str) -> set[str]:
    """The messages asked for in ``lang`` that its catalogue does not have."""
    fallback = getattr(_translations(lang), "_fallback", None)
    return set(fallback.messages) if isinstance(fallback, _Missing) else set()


@contextmanager
def language(lang: str) -> Iterator[None]:
    """Print in ``lang`` (one of ``languages()``) inside the block."""
    if lang not in languages():
        raise ValueError(
            f"no catalogue for language {lang!r}: printkit prints in {', '.join(languages())}"
        )
    token = _current.set((lang, _translations(lang)))
    try:
        yield
    finally:
        _current.reset(token)


def current_language() -> str:
    """The language ``_`` translates into now."""
    return _current.get()[0]


def _(message: str) -> str:
    """``message`` in the current language."""
    return _current.get()[1].gettext(message)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue without translating it yet (module constants)."""
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form for ``n``, in the current language."""
    return _current.get()[1].ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, told apart from the same English in another
    ``context`` (a short word of what it is: "flip edge", "cell")."""
    return _current.get()[1].pgettext(context, message)


def decimal(value: float, places: int) -> str:
    """``value`` with ``places`` decimals, written as the current language writes numbers
    (``1.25`` in English, ``1,25`` in Spanish)."""
    from babel.numbers import format_decimal  # imported on use: the CLI starts quicker

    pattern = "0." + "0" * places if places else "0"
    return _minus(format_decimal(value, format=pattern, locale=current_language()))


def number(value: float) -> str:
    """``value`` with no more decimals than it needs (up to 3), in the current language:
    ``2.5`` → ``2,5`` in Spanish, ``10.0`` → ``10``."""
    from babel.numbers import format_decimal  # imported on use: the CLI starts quicker

    return _minus(format_decimal(value, format="0.###", locale=current_language()))


MINUS = "\u2212"
"""The minus sign printed before negative numbers (not the hyphen)."""


def _minus(text: str) -> str:
    return MINUS + text[1:] if text.startswith("-") else text


COLOURS = ("red", "yellow", "blue", "green", "black", "white", "grey")
"""The colour names printkit translates; a colour of the user's own prints as given."""


def colour_name(colour: str, noun: str) -> str:
    """``colour`` as said of ``noun`` ("pieces", "tokens" or "card"), in the current
    language, where words agree with their noun (piezas rojas, cartulina roja)."""
    if colour not in COLOURS:
        return colour
    # TRANSLATORS: a colour said of a set of pieces ("TriPakus · pieces · red").
    pieces = (
        pgettext("pieces", "red"),
        pgettext("pieces", "yellow"),
        pgettext("pieces", "blue"),
        pgettext("pieces", "green"),
        pgettext("pieces", "black"),
        pgettext("pieces", "white"),
        pgettext("pieces", "grey"),
    )
    # TRANSLATORS: a colour said of the tokens on a sheet ("tokens · red").
    tokens = (
        pgettext("tokens", "red"),
        pgettext("tokens", "yellow"),
        pgettext("tokens", "blue"),
        pgettext("tokens", "green"),
        pgettext("tokens", "black"),
        pgettext("tokens", "white"),
        pgettext("tokens", "grey"),
    )
    # TRANSLATORS: a colour said of the card a sheet is printed on ("red card").
    card = (
        pgettext("card", "red"),
        pgettext("card", "yellow"),
        pgettext("card", "blue"),
        pgettext("card", "green"),
        pgettext("card", "black"),
        pgettext("card", "white"),
        pgettext("card", "grey"),
    )
    words = {"pieces": pieces, "tokens": tokens, "card": card}[noun]
    return words[COLOURS.index(colour)]
