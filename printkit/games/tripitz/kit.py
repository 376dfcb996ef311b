"""The tripitz kit's sheets (being moved here from components)."""

from printkit.games.tripitz.components import sheets

__all__ = ["sheets"]
