"""Rule-card pages: each game's card text and diagrams laid out on a sheet."""

from printkit.cards.cards import card_sheets, load_card_text

__all__ = ["card_sheets", "load_card_text"]
