"""Pentobi's game files (``.blksgf``) for Trigon: read into a printkit record, written from one.

The format is SGF with Pentobi's properties (its ``Pentobi-SGF.md``): ``GM`` names the
variant (``Blokus Trigon``, ``Blokus Trigon Two-Player``, ``Blokus Trigon Three-Player``);
a move is a property ``1`` .. ``4`` (the colour, in turn order) whose value is the piece's
cells, comma-separated, in the column-letter/row-number names the board prints; setup
properties ``A1`` .. ``A4`` put pieces on the board before the first move and ``PL`` says
which colour plays next.  Passes are not written: a colour that cannot move is skipped.
Only the main line of a file with variations is read.
"""

from __future__ import annotations

import re

from printkit.errors import InvalidMoveError, RecordError
from printkit.games.trigon.notation import cells_text
from printkit.games.trigon.record import options_for, replay
from printkit.games.trigon.rules import PRESETS, VARIANTS, TrigonGame
from printkit.polyiamond_games.moves import Pass, Placement
from printkit.records.model import MoveEntry, Record
from printkit.records.sgf import SgfError, format_sgf, main_line, parse_sgf
from printkit.version import __version__

__all__ = ["read", "write", "SUFFIX"]

SUFFIX = ".blksgf"

# Colour properties: Pentobi's own, and the colour names very old versions wrote.
_COLOUR_PROPS = {"1": 0, "2": 1, "3": 2, "4": 3, "BLUE": 0, "YELLOW": 1, "RED": 2, "GREEN": 3}
_SETUP_PROPS = {"A1": 0, "A2": 1, "A3": 2, "A4": 3}
# Root properties kept in the record's meta, by printkit's name.
_META = {"DT": "date", "EV": "event", "PC": "site", "RO": "round", "AP": "source"}
_PLAYER_NAMES = ("PB", "PW", "P1", "P2", "P3", "P4")


def _fail(message: str, path: str | None, line: int | None = None) -> RecordError:
    return RecordError(message, source=path, line=line)


def read(text: str, path: str | None = None) -> Record:
    """A Trigon record from the text of a Pentobi file; RecordError naming the line otherwise."""
    try:
        trees = parse_sgf(text)
    except SgfError as e:
        raise RecordError(
            f"not a readable game file: {e}", source=path, line=e.line, column=e.column
        ) from None
    if len(trees) > 1:
        raise _fail(f"the file holds {len(trees)} games; printkit reads one game per file", path)
    nodes = main_line(trees[0])
    root = nodes[0]
    gm = root.props.get("GM", [""])[0].strip()
    if gm not in VARIANTS:
        raise _fail(
            f"GM[{gm}] is not a Trigon game: printkit reads {', '.join(VARIANTS)}", path, root.line
        )
    charset = root.props.get("CA", ["UTF-8"])[0].strip().upper().replace("-", "")
    if charset != "UTF8":
        raise _fail(f"CA[{root.props['CA'][0]}]: Pentobi files are UTF-8", path, root.line)
    rules = VARIANTS[gm]
    colours = PRESETS[rules].players
    record = Record(game="trigon", rules=rules, path=path)
    record.lines["rules"] = root.line
    for prop, key in _META.items():
        if prop in root.props:
            record.meta[key] = root.props[prop][0].strip()
    names = [f"{p} {root.props[p][0].strip()}" for p in _PLAYER_NAMES if p in root.props]
    notes = [root.props["C"][0].strip()] if "C" in root.props else []
    if names:
        notes.insert(0, "players: " + ", ".join(names))
    if notes:
        record.meta["note"] = " | ".join(n.replace("\n", " ") for n in notes)
    for k, node in enumerate(nodes):
        setup = [p for p in (*_SETUP_PROPS, "AB", "AW", "AE", "PL") if p in node.props]
        if setup and k > 0:
            raise _fail(
                f"setup ({', '.join(setup)}) after the first node: printkit reads setup "
                "only at the start of a game",
                path,
                node.line,
            )
        for prop in ("AB", "AW", "AE"):
            if prop in node.props:
                raise _fail(
                    f"{prop}[...] in a four-colour game: Trigon setup uses A1 .. A4",
                    path,
                    node.line,
                )
        for prop, c in _SETUP_PROPS.items():
            if prop in node.props:
                if c >= len(colours):
                    raise _fail(f"{prop}: {gm} has {len(colours)} colours", path, node.line)
                record.setup.setdefault("pieces", {})[colours[c]] = [
                    _move_text(v, rules, path, node.line) for v in node.props[prop]
                ]
                record.lines["setup"] = node.line
        if "PL" in node.props:
            record.setup["to_play"] = _colour(node.props["PL"][0], colours, path, node.line)
        moves = [p for p in node.props if p in _COLOUR_PROPS or p in ("B", "W")]
        if len(moves) > 1:
            raise _fail(f"one node holds {len(moves)} moves ({', '.join(moves)})", path, node.line)
        if not moves:
            continue
        prop = moves[0]
        if prop in ("B", "W"):
            raise _fail(f"move property {prop} in a four-colour game: use 1 .. 4", path, node.line)
        c = _COLOUR_PROPS[prop]
        if c >= len(colours):
            raise _fail(f"move of colour {prop}: {gm} has {len(colours)} colours", path, node.line)
        value = node.props[prop][0]
        note = node.props["C"][0].strip().replace("\n", " ") if "C" in node.props else None
        record.moves.append(
            MoveEntry(_move_text(value, rules, path, node.line), colours[c], None, note, node.line)
        )
    return record


def _colour(value: str, colours: tuple[str, ...], path: str | None, line: int) -> str:
    key = value.strip().upper()
    c = _COLOUR_PROPS.get(key)
    if c is None or c >= len(colours):
        raise _fail(f"PL[{value}] names no colour of the game", path, line)
    return colours[c]


def _move_text(value: str, rules: str, path: str | None, line: int) -> str:
    """A move value as printkit writes the move (piece name and cells), or as it stands when
    it names no piece (the check reports it at its place)."""
    value = value.strip()
    if not value:
        return "pass"
    if re.search(r"\s", value):
        raise _fail(f"move value {value!r}: Pentobi allows no spaces in a move", path, line)
    try:
        move = TrigonGame(PRESETS[rules]).parse_move(value)
    except InvalidMoveError as e:
        if type(e) is InvalidMoveError:
            raise _fail(f"move value {value!r}: {e}", path, line) from None
        return value  # well-formed, but no piece or off the board: a finding of the check
    return move.piece + " " + value if isinstance(move, Placement) else str(move)


def write(record: Record) -> str:
    """The Pentobi file of a Trigon record (replayed, so passes are left out and every move
    names its colour); RecordError if the record cannot be replayed to its end."""
    name, options = options_for(record)
    gm = next((g for g, preset in VARIANTS.items() if PRESETS[preset] == options), None)
    if gm is None:
        raise _fail(
            f"rules {name!r} with these options are none of Pentobi's games "
            f"({', '.join(VARIANTS.values())})",
            record.path,
        )
    game = replay(record)
    played = [(player, move) for player, move in game.history if not isinstance(move, Pass)]
    if len([m for m in record.moves if m.move.strip().lower().split()[0] != "pass"]) != len(played):
        raise _fail(
            "the record cannot be replayed to its end (printkit check names the move); "
            "Pentobi files hold legal games only",
            record.path,
        )
    board = game.board
    colours = options.players
    root: dict[str, list[str]] = {"GM": [gm], "CA": ["UTF-8"], "AP": [f"printkit:{__version__}"]}
    for prop, key in _META.items():
        if key in record.meta and prop != "AP":
            root[prop] = [record.meta[key]]
    if "note" in record.meta:
        root["C"] = [record.meta["note"]]
    for colour, pieces in (record.setup.get("pieces") or {}).items():
        k = colours.index(colour.lower())
        root[f"A{k + 1}"] = [
            cells_text(game.parse_move(p).cells, board)  # type: ignore[union-attr]
            for p in pieces
        ]
    if record.setup.get("to_play"):
        root["PL"] = [str(colours.index(record.setup["to_play"].lower()) + 1)]
    nodes = [root]
    notes = [m.note for m in record.moves if m.move.strip().lower().split()[0] != "pass"]
    for (player, move), note in zip(played, notes, strict=True):
        node = {str(colours.index(player) + 1): [cells_text(move.cells, board)]}
        if note:
            node["C"] = [note]
        nodes.append(node)
    return format_sgf(nodes)
