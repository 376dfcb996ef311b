"""printkit: print-and-play kits for triangle-grid games, and a checker for games played with them."""

__version__ = "0.1.0"
