"""printkit: print-and-play kits for triangle-grid games, and a checker for their games."""

__version__ = "0.1.0"
