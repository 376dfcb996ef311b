"""The tripod kit's sheets (being moved here from components)."""

from printkit.games.tripod.components import sheets

__all__ = ["sheets"]
