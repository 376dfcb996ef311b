"""The Tripitz pids: 64 tokens from three properties with four values each, plus 4 jokers.

A pid has a token colour, a symbol and a symbol colour.  Its printed code is three capital
letters in that order, each letter naming one value of one property and no letter used twice
across the three properties, so a code cannot be misread:

================  =========================================================
token colour      ``R`` red, ``Y`` yellow, ``B`` blue, ``G`` green
symbol            ``T`` triangle, ``C`` circle, ``M`` moon, ``S`` star
symbol colour     ``W`` white, ``K`` black, ``N`` grey (neutral), ``L`` light blue
================  =========================================================

A joker is a blank token of one colour; its code is the colour and ``JJ`` (``RJJ``).

Three (or four) pids form a valid set when, for each property, they all share its value
or all have different values.  With four values per property, two pids are completed to a
triple by ``2**d`` pids, ``d`` being the number of properties in which they differ; a valid
triple is completed to a quadruple by exactly one pid.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import Enum
from itertools import product
from typing import NamedTuple

from printkit.errors import PrintkitError

__all__ = [
    "UnknownPidError",
    "TokenColour",
    "Symbol",
    "SymbolColour",
    "Pid",
    "PIDS",
    "JOKERS",
    "parse_pid",
    "is_valid_set",
    "completions",
]


class TokenColour(Enum):
    """The colour of the token itself."""

    RED = "R"
    YELLOW = "Y"
    BLUE = "B"
    GREEN = "G"


class Symbol(Enum):
    """The symbol printed on a token."""

    TRIANGLE = "T"
    CIRCLE = "C"
    MOON = "M"
    STAR = "S"


class SymbolColour(Enum):
    """The colour of the printed symbol."""

    WHITE = "W"
    BLACK = "K"
    GREY = "N"
    LIGHT_BLUE = "L"


JOKER_MARK = "JJ"


class Pid(NamedTuple):
    """A token: its colour, and its symbol and symbol colour (both ``None`` for a joker)."""

    colour: TokenColour
    symbol: Symbol | None = None
    symbol_colour: SymbolColour | None = None

    @property
    def is_joker(self) -> bool:
        return self.symbol is None

    @property
    def code(self) -> str:
        """The three-letter printed code, e.g. ``RTW``, or ``RJJ`` for the red joker."""
        if self.symbol is None or self.symbol_colour is None:
            return self.colour.value + JOKER_MARK
        return self.colour.value + self.symbol.value + self.symbol_colour.value

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"parse_pid({self.code!r})"

    def describe(self) -> str:
        """The pid in words, e.g. ``red token, white triangle``."""
        colour = self.colour.name.lower()
        if self.symbol is None or self.symbol_colour is None:
            return f"{colour} joker"
        shade = self.symbol_colour.name.lower().replace("_", " ")
        return f"{colour} token, {shade} {self.symbol.name.lower()}"

    def properties(self) -> tuple[Enum, Enum, Enum]:
        """The three property values (only for a printed pid)."""
        if self.symbol is None or self.symbol_colour is None:
            raise ValueError(f"the joker {self.code} has no symbol")
        return (self.colour, self.symbol, self.symbol_colour)


PIDS: tuple[Pid, ...] = tuple(
    Pid(c, s, k) for c, s, k in product(TokenColour, Symbol, SymbolColour)
)
"""The 64 printed pids, ordered by token colour, then symbol, then symbol colour."""

JOKERS: tuple[Pid, ...] = tuple(Pid(c) for c in TokenColour)
"""The four blank jokers, one per token colour."""

_BY_CODE = {p.code: p for p in PIDS + JOKERS}
_PROPERTIES: tuple[type[Enum], type[Enum], type[Enum]] = (TokenColour, Symbol, SymbolColour)


class UnknownPidError(PrintkitError):
    """Three letters that name no pid of the set (e.g. ``ZZZ``): written well, but not a
    token of this game."""


_WORDS = {TokenColour: "token colour", Symbol: "symbol", SymbolColour: "symbol colour"}


def parse_pid(code: str) -> Pid:
    """The pid with the printed ``code`` (any letter case); ``PrintkitError`` naming it if none
    (``UnknownPidError`` for three letters that are no pid)."""
    pid = _BY_CODE.get(code.strip().upper())
    if pid is not None:
        return pid
    text = code.strip().upper()
    if len(text) != 3 or not text.isalpha():
        raise PrintkitError(f"bad pid code {code!r}: a code has three letters, like 'RTW'")
    hints = []
    for letter, prop in zip(text, _PROPERTIES, strict=True):
        allowed = "".join(v.value for v in prop)  # type: ignore[attr-defined]
        if letter not in allowed and not (letter == "J" and prop is not TokenColour):
            hints.append(f"{letter!r} is not a {_WORDS[prop]} letter ({', '.join(allowed)})")
    if not hints:
        hints.append(f"'J' marks a joker, written {text[0]}{JOKER_MARK}")
    raise UnknownPidError(f"unknown Tripitz pid {code.strip()!r}: {'; '.join(hints)}")


def is_valid_set(pids: Sequence[Pid]) -> bool:
    """True when 3 or 4 distinct printed pids share or all differ in each property.

    A joker is blank and so never part of a valid set.
    """
    k = len(pids)
    if k not in (3, 4) or len(set(pids)) != k or any(p.is_joker for p in pids):
        return False
    for i in range(3):
        values = {p[i] for p in pids}
        if len(values) not in (1, k):
            return False
    return True


def completions(pids: Iterable[Pid]) -> tuple[Pid, ...]:
    """The printed pids that turn two pids into a triple, or a triple into a quadruple.

    Found by testing every pid against the rule, so that the counts stated in the module
    docstring are checked, not assumed.
    """
    given = tuple(pids)
    return tuple(p for p in PIDS if p not in given and is_valid_set(given + (p,)))
