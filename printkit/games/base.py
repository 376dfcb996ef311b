"""What every rules engine offers, and the error an illegal move raises.

Each game's ``rules`` module follows python-chess: a mutable game object with a
fast unchecked ``push(move)`` and a validating ``play(move)`` that raises
``IllegalMoveError`` naming the rule broken in plain words; ``legal_moves()``;
``turn`` (whose move it is); ``is_over()``; ``scores()``; ``copy()``.  Rule
options are a frozen dataclass per game, and named presets bundle them.
"""

from __future__ import annotations

__all__ = ["IllegalMoveError"]


class IllegalMoveError(ValueError):
    """A move the rules do not allow; the message says which rule, in plain words."""
