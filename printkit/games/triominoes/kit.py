"""The triominoes kit's sheets (being moved here from components)."""

from printkit.games.triominoes.components import sheets

__all__ = ["sheets"]
