"""A game record or a position, as read from either of its two forms (JSON or text).

A *game record* holds who played what under which rules: players, rule preset and option
overrides, the setup (hands, centre pids, bag order, when known), the moves in order, each
with the score claimed for it if the score sheet gave one, and the claimed final result.
A *position* is a snapshot: what each cell holds, as a person wrote it down or as the photo
reader saw it (with the cells it was unsure of).  Both carry the game's name and the format
version; ``line`` numbers point back into the file for error messages.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = ["FORMAT", "VERSION", "KINDS", "MoveEntry", "Record"]

FORMAT = "printkit-record"
VERSION = 1
KINDS = ("game", "position")


@dataclass
class MoveEntry:
    """One logged move: its text as written, who made it and the score claimed, if given."""

    move: str
    player: str | None = None
    score: int | None = None
    note: str | None = None
    line: int | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"move": self.move}
        if self.player is not None:
            out["player"] = self.player
        if self.score is not None:
            out["score"] = self.score
        if self.note:
            out["note"] = self.note
        return out


@dataclass
class Record:
    """A game record (``kind == "game"``) or a position (``kind == "position"``)."""

    game: str
    kind: str = "game"
    rules: str | None = None
    options: dict[str, Any] = field(default_factory=dict)
    players: list[str] = field(default_factory=list)
    setup: dict[str, Any] = field(default_factory=dict)
    moves: list[MoveEntry] = field(default_factory=list)
    result: dict[str, int] | None = None
    winner: str | None = None
    cells: dict[str, str] = field(default_factory=dict)
    uncertain: list[str] = field(default_factory=list)
    confidence: dict[str, float] = field(default_factory=dict)
    meta: dict[str, str] = field(default_factory=dict)
    path: str | None = None
    lines: dict[str, int] = field(default_factory=dict)
    """Line in the source file of each header field and of each cell (for messages)."""

    @property
    def is_position(self) -> bool:
        return self.kind == "position"

    def where(self, key: str) -> int | None:
        """The line a header field or cell came from, if known."""
        return self.lines.get(key)

    def to_json(self) -> dict[str, Any]:
        """The canonical JSON form (see ``record.schema.json``)."""
        out: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "kind": self.kind,
            "game": self.game,
        }
        if self.rules is not None:
            out["rules"] = self.rules
        if self.options:
            out["options"] = dict(self.options)
        if self.players:
            out["players"] = list(self.players)
        if self.meta:
            out["meta"] = dict(self.meta)
        if self.setup:
            out["setup"] = self.setup
        if self.kind == "game":
            out["moves"] = [m.to_json() for m in self.moves]
            if self.result is not None:
                out["result"] = dict(self.result)
            if self.winner is not None:
                out["winner"] = self.winner
        else:
            out["cells"] = dict(self.cells)
            if self.uncertain:
                out["uncertain"] = list(self.uncertain)
            if self.confidence:
                out["confidence"] = dict(self.confidence)
        return out
