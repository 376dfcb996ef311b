"""The tripakus kit's sheets (being moved here from components)."""

from printkit.games.tripakus.components import sheets

__all__ = ["sheets"]
