"""Babel's extractor for rule cards: every text of a ``card.toml`` is a message.

``babel.cfg`` names it for ``printkit/games/*/card.toml``; ``pybabel extract`` then puts
the cards' paragraphs in the catalogue beside the code's messages.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from typing import Any, BinaryIO

__all__ = ["card_messages", "extract_card"]

BOLD_NOTE = "Markdown: **word** prints bold; keep the asterisks round the translated words."
FIELD_NOTE = "Keep each {name} as it is: a value is put in its place."


def card_messages(data: Any) -> Iterator[str]:
    """Every text of a parsed card, in file order."""
    if isinstance(data, str):
        yield data
    elif isinstance(data, list):
        for item in data:
            yield from card_messages(item)
    elif isinstance(data, dict):
        for key, value in data.items():
            if key != "diagram":  # a diagram's name is a key, not printed
                yield from card_messages(value)


def _line(lines: list[str], message: str) -> int:
    """The first line holding the start of ``message`` (for the catalogue's references)."""
    start = message[:40]
    for number, line in enumerate(lines, start=1):
        if start in line:
            return number
    return 1


def extract_card(
    fileobj: BinaryIO, keywords: Any, comment_tags: Any, options: Any
) -> Iterator[tuple[int, None, str, list[str]]]:
    """Babel extraction method: ``(line, funcname, message, comments)`` for each text."""
    source = fileobj.read().decode("utf-8")
    lines = source.splitlines()
    for message in card_messages(tomllib.loads(source)):
        notes = [BOLD_NOTE] if "**" in message else []
        if "{" in message:
            notes.append(FIELD_NOTE)
        yield _line(lines, message), None, message, notes
