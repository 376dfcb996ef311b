"""Rule cards for the four games, in several languages (text in ``printkit/cards/text``)."""

from printkit.cards.cards import card_sheets, languages, load_card_text

__all__ = ["card_sheets", "languages", "load_card_text"]
