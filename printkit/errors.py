"""The errors a user can cause.  Each names the input and the place, and the CLI shows it
as one line with exit code 2."""

from __future__ import annotations

__all__ = [
    "PrintkitError",
    "LayoutError",
    "FitError",
    "RecordError",
    "InvalidMoveError",
    "NotInGameError",
    "IllegalMoveError",
    "PhotoError",
]


class PrintkitError(ValueError):
    """Base class: bad input from a user (a flag, a layout file, a record, a photo)."""

    def __init__(
        self,
        message: str,
        *,
        source: str | None = None,
        line: int | None = None,
        column: int | None = None,
    ) -> None:
        self.message = message
        self.source = source
        self.line = line
        self.column = column
        super().__init__(str(self))

    def __str__(self) -> str:
        where = ""
        if self.source:
            where = self.source
            if self.line is not None:
                where += f":{self.line}"
                if self.column is not None:
                    where += f":{self.column}"
            where += ": "
        return where + self.message


class LayoutError(PrintkitError):
    """A layout file or layout flag that cannot be used."""


class FitError(LayoutError):
    """A component that does not fit on the chosen paper at the chosen size."""


class RecordError(PrintkitError):
    """A game record or position file that cannot be read."""


class PhotoError(PrintkitError):
    """A photo that cannot be read as a board position."""


class InvalidMoveError(PrintkitError):
    """Text that is not a move of the game (the move may still be legal once written right)."""


class NotInGameError(InvalidMoveError):
    """A move written well that names a piece, pid, tile or cell the game does not have
    (``ZZZ@35``, ``9-9-9 @ (0,0)``, ``a20`` on a size-11 board): a record's check reports it
    as an illegal move at its place (exit code 1), not as an unreadable record."""


class IllegalMoveError(PrintkitError):
    """A well-formed move the rules do not allow; the message names the rule in plain words."""
