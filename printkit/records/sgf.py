"""Smart Game Format (SGF 4) trees: read and written without knowing any game.

A file is a collection of game trees; a tree is a sequence of nodes followed by variations;
a node holds properties, each an identifier with one or more bracketed values.  Identifiers
may contain digits (Pentobi's ``1[...]``, ``A2[...]``), which the Go-minded SGF libraries on
PyPI refuse, hence this small reader.  Values keep SGF's escapes resolved (``\\]`` is ``]``;
a backslash before a line break joins the lines).  Every problem is an :class:`SgfError`
with the line and column where reading stopped.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from printkit.errors import PrintkitError

__all__ = ["SgfError", "Node", "GameTree", "parse_sgf", "main_line", "format_sgf"]

_IDENT = re.compile(r"[A-Za-z0-9]+")
_SPACE = re.compile(r"\s*")


class SgfError(PrintkitError):
    """A file that is not well-formed SGF; ``line`` and ``column`` say where."""

    def __init__(self, message: str, line: int, column: int) -> None:
        super().__init__(message)
        self.line = line
        self.column = column


@dataclass
class Node:
    """One node: properties by identifier, each with its values, and its line in the file."""

    props: dict[str, list[str]] = field(default_factory=dict)
    line: int = 0


@dataclass
class GameTree:
    """A sequence of nodes and the variations that follow its last node."""

    nodes: list[Node] = field(default_factory=list)
    variations: list[GameTree] = field(default_factory=list)


class _Reader:
    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0

    def where(self, pos: int | None = None) -> tuple[int, int]:
        pos = self.pos if pos is None else pos
        line = self.text.count("\n", 0, pos) + 1
        return line, pos - (self.text.rfind("\n", 0, pos) + 1) + 1

    def fail(self, message: str, pos: int | None = None) -> SgfError:
        return SgfError(message, *self.where(pos))

    def skip_space(self) -> str:
        self.pos = _SPACE.match(self.text, self.pos).end()  # type: ignore[union-attr]
        return self.text[self.pos : self.pos + 1]

    def value(self) -> str:
        start = self.pos
        self.pos += 1  # "["
        out: list[str] = []
        text = self.text
        while True:
            end = min(
                (i for i in (text.find("]", self.pos), text.find("\\", self.pos)) if i >= 0),
                default=-1,
            )
            if end < 0:
                raise self.fail("a property value opened here is never closed with ']'", start)
            out.append(text[self.pos : end])
            if text[end] == "]":
                self.pos = end + 1
                return "".join(out)
            escaped = text[end + 1 : end + 2]
            if escaped == "":
                raise self.fail("a property value opened here is never closed with ']'", start)
            if escaped == "\r" and text[end + 2 : end + 3] == "\n":
                self.pos = end + 3  # soft line break
            elif escaped in "\r\n":
                self.pos = end + 2
            else:
                out.append(escaped)
                self.pos = end + 2

    def node(self) -> Node:
        node = Node(line=self.where()[0])
        self.pos += 1  # ";"
        while True:
            self.skip_space()
            m = _IDENT.match(self.text, self.pos)
            if m is None:
                return node
            ident = m[0]
            if ident in node.props:
                raise self.fail(f"property {ident} appears twice in one node")
            self.pos = m.end()
            values = []
            while self.skip_space() == "[":
                values.append(self.value())
            if not values:
                raise self.fail(f"property {ident} has no value: expected '['")
            node.props[ident] = values

    def collection(self) -> list[GameTree]:
        trees: list[GameTree] = []
        stack: list[GameTree] = []
        while True:
            ch = self.skip_space()
            if ch == "":
                if stack:
                    raise self.fail("the file ends inside a game tree: a ')' is missing")
                if not trees:
                    raise self.fail("no game tree: an SGF file starts with '(;'")
                return trees
            if ch == "(":
                tree = GameTree()
                (stack[-1].variations if stack else trees).append(tree)
                stack.append(tree)
                self.pos += 1
                if self.skip_space() != ";":
                    raise self.fail("a game tree must start with a node ';'")
            elif ch == ";":
                if not stack:
                    raise self.fail("a node outside any game tree")
                if stack[-1].variations:
                    raise self.fail("a node after the variations of its sequence")
                stack[-1].nodes.append(self.node())
            elif ch == ")":
                if not stack:
                    raise self.fail("a ')' closes no game tree")
                stack.pop()
                self.pos += 1
            else:
                raise self.fail(f"unexpected {ch!r}: expected '(', ';', ')' or a property")


def parse_sgf(text: str) -> list[GameTree]:
    """The game trees of an SGF collection; SgfError naming the line and column otherwise."""
    return _Reader(text).collection()


def main_line(tree: GameTree) -> list[Node]:
    """The nodes of the main line: the tree's sequence and, at every branch, the first
    variation."""
    nodes = list(tree.nodes)
    while tree.variations:
        tree = tree.variations[0]
        nodes += tree.nodes
    return nodes


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace("]", "\\]")


def format_sgf(nodes: list[dict[str, list[str]]]) -> str:
    """One game tree of the given nodes (properties in the order given), a node per line."""
    lines = []
    for k, props in enumerate(nodes):
        body = "".join(
            ident + "".join(f"[{_escape(v)}]" for v in values) for ident, values in props.items()
        )
        lines.append(("(;" if k == 0 else ";") + body)
    return "\n".join(lines) + ")\n"
