"""Tripitz Domino moves and cavities as text: ``RTW@37``, ``RTW@37/BMN``, ``RJJ@45``,
``exchange RTW,YCK/BMN,GSL`` and ``pass``; a cavity is named by its printed number.

``parse_move`` reads a move (``InvalidMoveError`` quoting the text otherwise) and
``str(move)`` (or ``move_text``) writes it back: ``parse_move(str(m)) == m``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from printkit.errors import InvalidMoveError, NotInGameError
from printkit.games.tripitz.pids import Pid, UnknownPidError, parse_pid

__all__ = [
    "Place",
    "Exchange",
    "JokerSwap",
    "Pass",
    "TripitzMove",
    "parse_move",
    "move_text",
    "cavity_name",
    "parse_cavity",
]


@dataclass(frozen=True, slots=True, repr=False)
class Place:
    """Place ``pid`` on cavity number ``cavity``; ``drawn`` names the pid drawn after, if known."""

    pid: Pid
    cavity: int
    drawn: Pid | None = None

    def __str__(self) -> str:
        return f"{self.pid}@{self.cavity}" + (f"/{self.drawn}" if self.drawn else "")

    def __repr__(self) -> str:
        return f"Place({str(self)!r})"


@dataclass(frozen=True, slots=True, repr=False)
class Exchange:
    """Return ``pids`` to the bag and draw as many blind; ``drawn`` names them, if known."""

    pids: tuple[Pid, ...]
    drawn: tuple[Pid, ...] | None = None

    def __str__(self) -> str:
        out = "exchange " + ",".join(map(str, self.pids))
        return out + ("/" + ",".join(map(str, self.drawn)) if self.drawn is not None else "")

    def __repr__(self) -> str:
        return f"Exchange({str(self)!r})"


@dataclass(frozen=True, slots=True, repr=False)
class JokerSwap:
    """Joker variant: put ``joker`` on cavity ``cavity`` and take the pid there into the hand.

    It does not end the turn: the same player then places, exchanges or passes.
    """

    joker: Pid
    cavity: int

    def __str__(self) -> str:
        return f"{self.joker}@{self.cavity}"

    def __repr__(self) -> str:
        return f"JokerSwap({str(self)!r})"


@dataclass(frozen=True, slots=True, repr=False)
class Pass:
    """Sit out: only when no other move is legal."""

    def __str__(self) -> str:
        return "pass"

    def __repr__(self) -> str:
        return "Pass()"


TripitzMove = Place | Exchange | JokerSwap | Pass

_PLACE = re.compile(r"([A-Za-z]{3})@([0-9]+)(?:/([A-Za-z]{3}))?")
_EXCHANGE = re.compile(r"exchange\s+([A-Za-z,\s]+?)(?:\s*/\s*([A-Za-z,\s]+))?", re.IGNORECASE)


def _pid_list(text: str, move: str) -> tuple[Pid, ...]:
    codes = [c for c in re.split(r"[\s,]+", text.strip()) if c]
    try:
        return tuple(parse_pid(c) for c in codes)
    except UnknownPidError as err:
        raise NotInGameError(f"{move!r}: {err}") from None
    except ValueError as err:
        raise InvalidMoveError(f"bad Tripitz move {move!r}: {err}") from None


def parse_move(text: str) -> TripitzMove:
    """The move written ``text``: ``RTW@37``, ``RTW@37/BMN``, ``exchange RTW,YCK``, ``pass``..."""
    s = text.strip()
    if s.lower() == "pass":
        return Pass()
    m = _PLACE.fullmatch(s)
    if m:
        try:
            pid = parse_pid(m[1])
            drawn = parse_pid(m[3]) if m[3] else None
        except UnknownPidError as err:
            raise NotInGameError(f"{text.strip()!r}: {err}") from None
        except ValueError as err:
            raise InvalidMoveError(f"bad Tripitz move {text!r}: {err}") from None
        if pid.is_joker:
            if drawn is not None:
                raise InvalidMoveError(f"bad Tripitz move {text!r}: a joker swap draws nothing")
            return JokerSwap(pid, int(m[2]))
        return Place(pid, int(m[2]), drawn)
    m = _EXCHANGE.fullmatch(s)
    if m:
        pids = _pid_list(m[1], text)
        drawn = _pid_list(m[2], text) if m[2] is not None else None
        return Exchange(pids, drawn)
    raise InvalidMoveError(
        f"bad Tripitz move {text!r}: expected 'RTW@37' (place), 'RJJ@37' "
        f"(joker swap), 'exchange RTW,YCK' or 'pass'"
    )


def move_text(move: TripitzMove) -> str:
    """The canonical text of ``move``."""
    return str(move)


def cavity_name(number: int) -> str:
    """A cavity's name in records: its printed number."""
    return str(number)


def parse_cavity(text: str) -> int:
    """The cavity number named ``text``; ``InvalidMoveError`` quoting it if it is not one."""
    name = text.strip()
    if not name.isdigit():
        raise InvalidMoveError(f"{text!r} is not a cavity number")
    return int(name)
