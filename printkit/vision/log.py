"""``printkit log``: a game record from a photo of the board after each turn.

The photos are put in the order they were taken (EXIF ``DateTimeOriginal`` when every photo
has one, else natural file-name order: ``IMG_2`` before ``IMG_10``) and read, several at a
time in worker processes.  Each readable position is compared with the last one accepted;
the game's reader says which move(s) the difference is (``reader.move_log``, a
:class:`MoveLog`).  What no move explains is reported and the photo skipped:

- a photo the reader refuses (markers covered, blurred, not an image);
- a photo showing no change (a duplicate);
- cells that emptied or changed (a piece knocked, a hand over the board).  When the next
  photo shows the same change again, it is taken as the table's state from then on (a
  knocked piece that stayed where it went) and the log goes on from there.

Where several turns passed between two photos, the moves are put in turn order when that is
unambiguous, and flagged for the players to confirm when it is not.  Legality is not
judged here: a move is written as it was seen, and ``printkit check`` judges the record.
"""

from __future__ import annotations

import dataclasses
import hashlib
import os
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import repeat
from pathlib import Path
from typing import Any, Protocol

import cv2
import numpy as np

from printkit.errors import PhotoError, PrintkitError
from printkit.fileio import write_all
from printkit.games import find_game
from printkit.layout.config import Layout
from printkit.records.io import record_text
from printkit.records.model import MoveEntry, Record
from printkit.records.position import EMPTY, record_cell_name
from printkit.vision.read import debug_image, read_photo
from printkit.vision.threads import one_thread_each, workers_start_single_threaded

__all__ = [
    "EMPTY",
    "Step",
    "Inference",
    "MoveLog",
    "Shot",
    "LogResult",
    "turn_sequence",
    "cell_changes",
    "order_photos",
    "read_shots",
    "join_parts",
    "log_positions",
    "log_photos",
]


# --- what a game's reader answers -------------------------------------------------------


@dataclass(frozen=True)
class Step:
    """One move seen between two photos: its text as the record writes it, who made it
    (when the board tells), the cells it covers (to rate it by their readings), why the
    players should confirm it, if they should, and the cells ``beside`` it a piece of
    several cells could reach into: where one of those was read uncertain, part of the
    piece may be what the photo could not see."""

    move: str
    player: str | None = None
    cells: tuple[str, ...] = ()
    doubt: str | None = None
    beside: tuple[str, ...] = ()


@dataclass
class Inference:
    """What changed between two positions, as moves; or the ``problem`` no move explains.

    ``settled`` is the position to compare later photos with if the same problem shows on
    the next photo too (the change stayed: a knocked piece left where it went); ``note``
    says something worth knowing that is no problem (a new round on a cleared mat).
    """

    steps: list[Step] = field(default_factory=list)
    problem: str | None = None
    settled: dict[str, str] | None = None
    note: str | None = None


class MoveLog(Protocol):
    """A game's move inference (``reader.move_log(layout, players, rules)`` makes one).

    Positions are ``cell name → content`` as position records name them, ``empty``
    included, for the cells a photo shows.  ``infer`` keeps whose turn it is: it changes
    that state only when it returns moves and no problem.
    """

    players: list[str]
    rules: str | None
    options: dict[str, Any]
    setup: dict[str, Any]
    notes: list[str]

    def start(self, first: Mapping[str, str]) -> dict[str, str]:
        """The position before the first move, given the first photo's (set-up pieces
        such as a centre are taken from it)."""
        ...

    def infer(self, before: Mapping[str, str], after: Mapping[str, str]) -> Inference: ...


def cell_changes(
    before: Mapping[str, str], after: Mapping[str, str]
) -> tuple[dict[str, str], dict[str, tuple[str, str]]]:
    """The cells ``after`` shows filled that were empty (name → content), and those that
    emptied or changed (name → (before, after))."""
    appeared: dict[str, str] = {}
    lost: dict[str, tuple[str, str]] = {}
    for name, now in after.items():
        was = before.get(name, EMPTY)
        if was == now:
            continue
        if was == EMPTY:
            appeared[name] = now
        else:
            lost[name] = (was, now)
    return appeared, lost


def lost_text(lost: Mapping[str, tuple[str, str]], limit: int = 6) -> str:
    """``(3,4) red → empty, (3,5) red → blue ...``, in board-name order."""
    items = [f"{n} {a} → {b}" for n, (a, b) in sorted(lost.items(), key=lambda i: _natural(i[0]))]
    more = f" and {len(items) - limit} more" if len(items) > limit else ""
    return ", ".join(items[:limit]) + more


def turn_sequence(
    new: Mapping[str, Sequence[Any]],
    order: Sequence[str],
    mover: str,
    passes: bool,
    passed: Iterable[str] = (),
) -> tuple[list[tuple[str, Any | None]], list[str], str | None]:
    """New items per player (pieces, stones) as moves in turn order from ``mover``.

    Each player in turn plays one of its new items; one with none left passes (``None``)
    where the game has passes and others still have items, and is skipped from then on
    (a player who passed never moves again).  Returns the moves, the doubts (a player with
    several new items: their order is not seen; a turn out of order where there are no
    passes) and the player to move next.
    """
    left = {p: list(items) for p, items in new.items() if items}
    doubts = [
        f"{p} has {len(items)} new {'moves' if len(items) > 1 else 'move'} here: "
        "their order is not seen"
        for p, items in left.items()
        if len(items) > 1
    ]
    gone = set(passed)
    players = list(order) + [p for p in left if p not in order]
    k = players.index(mover) if mover in players else 0
    moves: list[tuple[str, Any | None]] = []
    last = None
    while any(left.values()):
        p = players[k % len(players)]
        k += 1
        if left.get(p):
            moves.append((p, left[p].pop(0)))
            last = p
        elif p in gone:
            continue
        elif passes:
            moves.append((p, None))
            gone.add(p)
        elif last is not None:
            doubts.append(f"{last} moved twice in a row here")
    if last is None:
        return moves, doubts, mover
    k = players.index(last) + 1
    for step in range(len(players)):
        p = players[(k + step) % len(players)]
        if p not in gone:
            return moves, doubts, p
    return moves, doubts, None


# --- photos -------------------------------------------------------------------------------


_DIGITS = re.compile(r"(\d+)")
EXIF_IFD = 0x8769
DATE_TIME_ORIGINAL = 36867


def _natural(name: str) -> tuple:
    """Sort key putting ``IMG_2`` before ``IMG_10``."""
    return tuple(int(t) if t.isdigit() else t.lower() for t in _DIGITS.split(name))


def _taken(path: Path) -> str | None:
    """A photo's EXIF ``DateTimeOriginal`` (``2026:05:01 19:32:05``), if it has one."""
    from PIL import Image  # only logging orders photos: reading one need not load it

    try:
        with Image.open(path) as image:
            value = image.getexif().get_ifd(EXIF_IFD).get(DATE_TIME_ORIGINAL)
    except (OSError, ValueError, SyntaxError):
        return None
    return value.strip("\x00 ") if isinstance(value, str) and value.strip("\x00 ") else None


def order_photos(photos: Sequence[Path]) -> tuple[list[Path], str]:
    """The photos in the order they were taken, and how it was known."""
    stamps = [_taken(p) for p in photos]
    if photos and all(stamps):
        ordered = sorted(
            zip(stamps, photos, strict=True), key=lambda t: (t[0], _natural(t[1].name))
        )
        return [p for _, p in ordered], "the time each photo was taken (EXIF)"
    return sorted(photos, key=lambda p: (_natural(p.name), _natural(str(p)))), "file name"


@dataclass
class Shot:
    """One photo as read: its cells (names as records write them → content, ``empty``
    included), the uncertain ones, each cell's confidence; or why it could not be read."""

    path: Path
    cells: dict[str, str] = field(default_factory=dict)
    uncertain: frozenset[str] = frozenset()
    confidence: dict[str, float] = field(default_factory=dict)
    variant: str = ""
    error: str | None = None
    """Why the reader refused the photo (without its path)."""
    debug: bytes | None = None
    photos: int = 1
    """How many photos this is (two photos of the parts of a board are one position)."""
    turns: tuple[dict[str, str], ...] = ()
    """For a board of identical sections, which reads the same turned: for each turn, the
    cell each cell would be (name → name), so that the log can take the turn that agrees
    with the position before."""

    def turned(self, turn: Mapping[str, str]) -> Shot:
        """This photo read under ``turn`` (a map of cell names)."""
        return dataclasses.replace(
            self,
            cells={turn[n]: v for n, v in self.cells.items()},
            uncertain=frozenset(turn[n] for n in self.uncertain),
            confidence={turn[n]: v for n, v in self.confidence.items()},
        )


_TURNS: dict[tuple, tuple[dict[str, str], ...]] = {}


def _turns(model) -> tuple[dict[str, str], ...]:
    """Each symmetry of a board model as a map of cell names (see ``Shot.turns``)."""
    if len(model.symmetries) < 2:
        return ()
    key = (model.game, model.variant, model.bounds, len(model.cells))
    if key not in _TURNS:
        _TURNS[key] = _cell_maps(model)
    return _TURNS[key]


def _cell_maps(model) -> tuple[dict[str, str], ...]:
    keys = list(model.cells)
    centres = np.array([np.mean(np.array(model.cells[k]), axis=0) for k in keys])
    names = [record_cell_name(model.cell_key(k)) for k in keys]
    turns = []
    for turn in model.symmetries:
        seen = np.array([turn(tuple(c)) for c in centres])
        nearest = np.argmin(np.linalg.norm(seen[:, None, :] - centres[None, :, :], axis=2), axis=1)
        turns.append({names[i]: names[int(j)] for i, j in enumerate(nearest)})
    return tuple(turns)


def _read_one(path: Path, game: str, layout: Layout, debug: bool) -> Shot:
    """Read one photo (in a worker process): a ``Shot``, with the refusal as its error."""
    try:
        reading = read_photo(path, game, layout)
    except PhotoError as exc:
        # The message without the path in front: the log's lines name each photo.
        return Shot(path, error=str(exc).removeprefix(f"{path}: "))
    model = reading.model
    cells: dict[str, str] = {}
    uncertain = set()
    confidence = {}
    for key, cell in reading.cells.items():
        name = record_cell_name(model.cell_key(key))
        cells[name] = cell.label
        confidence[name] = float(cell.confidence)
        if cell.uncertain:
            uncertain.add(name)
    png = None
    if debug:
        ok, data = cv2.imencode(".png", debug_image(reading))
        png = data.tobytes() if ok else None
    shot = Shot(path, cells, frozenset(uncertain), confidence, model.variant, debug=png)
    shot.turns = _turns(model)
    return shot


def read_shots(
    photos: Sequence[Path], game: str, layout: Layout, debug: bool = False, workers: int = 0
) -> list[Shot]:
    """Read every photo, in parallel (up to ``workers``, default one per core) when there
    are more than ``SERIAL``; files with the same bytes (a photo copied twice) are read
    once."""
    first: dict[str, Path] = {}
    same: dict[Path, Path] = {}
    for photo in photos:
        digest = hashlib.sha256(photo.read_bytes()).hexdigest()
        same[photo] = first.setdefault(digest, photo)
    unique = list(dict.fromkeys(same.values()))
    read = dict(zip(unique, _read_all(unique, game, layout, debug, workers), strict=True))
    return [dataclasses.replace(read[same[p]], path=p) for p in photos]


SERIAL = 2
"""Up to this many photos are read in this process: starting a worker (a new Python loading
numpy and OpenCV) costs about as much as reading a photo."""


def _read_all(
    photos: Sequence[Path], game: str, layout: Layout, debug: bool, workers: int
) -> list[Shot]:
    count = min(len(photos), workers or os.cpu_count() or 1)
    if count <= 1 or (len(photos) <= SERIAL and not workers):
        return [_read_one(p, game, layout, debug) for p in photos]
    # New processes, not forks: a process that has run OpenCV's or PDFium's threads (a test
    # that made the photos) cannot be forked safely, and a new one can set its threads to
    # one before numpy loads.
    import multiprocessing  # process pools (10 ms to import): reading one photo needs none
    from concurrent.futures import ProcessPoolExecutor  # (see above)

    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(count, mp_context=context, initializer=one_thread_each) as pool:
        with workers_start_single_threaded():  # map starts the workers as it submits
            results = pool.map(_read_one, photos, repeat(game), repeat(layout), repeat(debug))
        return list(results)


# --- the log ------------------------------------------------------------------------------


@dataclass
class LogResult:
    """What ``printkit log`` produced: the record, what happened at each photo, the moves to
    confirm, how the photos were ordered, and the files written."""

    record: Record
    lines: list[str]
    confirm: list[str]
    order: str
    skipped: int
    written: list[Path] = field(default_factory=list)


def _signature(before: Mapping[str, str], after: Mapping[str, str]) -> frozenset:
    """The cells that emptied or changed, and what they show now."""
    return frozenset((n, v) for n, (_, v) in cell_changes(before, after)[1].items())


def _join(a: Shot, b: Shot) -> Shot:
    """Two photos of different parts of one board (the halves of a board printed in parts)
    as one position; a cell both show keeps the more confident reading."""
    cells, confidence = dict(a.cells), dict(a.confidence)
    uncertain = set(a.uncertain)
    for name, label in b.cells.items():
        sure = b.confidence.get(name, 0.0)
        if name in cells and cells[name] != label:
            uncertain.add(name)
        if name not in cells or sure >= confidence.get(name, 0.0):
            cells[name], confidence[name] = label, sure
            if name in b.uncertain:
                uncertain.add(name)
    path = a.path.with_name(f"{a.path.name}+{b.path.name}")
    variant = f"{a.variant}+{b.variant}"
    return Shot(path, cells, frozenset(uncertain), confidence, variant, photos=a.photos + b.photos)


def join_parts(shots: Sequence[Shot]) -> list[Shot]:
    """Photos in the order taken, each photo of one part of a board printed in parts joined
    with the next if that one shows the other part: together they are one position."""
    out: list[Shot] = []
    k = 0
    while k < len(shots):
        a = shots[k]
        b = shots[k + 1] if k + 1 < len(shots) else None
        if (
            b is not None
            and a.error is None
            and b.error is None
            and a.variant != b.variant
            and set(a.cells) != set(b.cells)
        ):
            out.append(_join(a, b))
            k += 2
        else:
            out.append(a)
            k += 1
    return out


def _aligned(shot: Shot, board: Mapping[str, str]) -> Shot:
    """The photo under the turn (of a board that reads the same turned) that differs least
    from ``board``: the camera may have been held another way round since."""

    def differences(turn: Mapping[str, str]) -> int:
        return sum(board.get(turn[n], EMPTY) != v for n, v in shot.cells.items())

    return shot.turned(min(shot.turns, key=differences))


def _retake(board: Mapping[str, str], shot: Shot) -> str:
    """What to add to the reason a photo was skipped where cells that changed on it were
    read uncertain: the change may be a reflection's or a hand's, and a retake may show
    the board as it is."""
    appeared, lost = cell_changes(board, shot.cells)
    changed = [*appeared, *lost]
    unsure = [n for n in changed if n in shot.uncertain]
    if not unsure:
        return ""
    return (
        f"; {len(unsure)} of the {len(changed)} cells changed were read uncertain "
        "(a reflection or a hand over them?): retake this photo"
    )


def _hidden_beside(step: Step, board: Mapping[str, str], shot: Shot) -> list[str]:
    """The cells beside a move's, empty before, that the photo read uncertain: the piece
    may reach under them."""
    return [n for n in step.beside if n in shot.uncertain and board.get(n, EMPTY) == EMPTY]


def log_positions(game: str, shots: Sequence[Shot], log: MoveLog) -> LogResult:
    """The game record of ``shots`` (in the order taken), its moves inferred by ``log``.
    Consecutive photos of two parts of a board are one position (``join_parts``)."""
    count = len(shots)
    shots = join_parts(shots)
    record = Record(game=game, rules=log.rules, players=list(log.players))
    record.options = dict(log.options)
    lines: list[str] = []
    confirm: list[str] = []
    board: dict[str, str] | None = None
    pending: frozenset | None = None  # the change of the last photo skipped for one
    last = ""
    skipped = 0
    for shot in shots:
        name = shot.path.name
        if shot.error is not None:
            lines.append(f"{name}: skipped: {shot.error}")
            skipped += shot.photos
            continue
        first = board is None
        if board is None:
            board = log.start(shot.cells)
        elif shot.turns:
            shot = _aligned(shot, board)
        after = shot.cells
        if all(board.get(n, EMPTY) == v for n, v in after.items()):
            if first:
                lines.append(f"{name}: the starting position")
                last = name
            else:
                lines.append(f"{name}: skipped: no change since {last} (the same position)")
                skipped += shot.photos
            pending = None
            continue
        found = log.infer(board, after)
        if found.problem is not None:
            signature = _signature(board, after)
            if signature == pending and found.settled is not None:
                lines.append(f"{name}: the change seen on the photo before is still there")
                board = dict(found.settled)
                found = log.infer(board, after)
        if found.problem is not None:
            lines.append(f"{name}: skipped: {found.problem}{_retake(board, shot)}")
            pending = _signature(board, after)
            skipped += shot.photos
            continue
        pending = None
        if found.note:
            lines.append(f"{name}: {found.note}")
        several = len(found.steps) > 1
        for step in found.steps:
            number = len(record.moves) + 1
            confidence = min((shot.confidence.get(c, 1.0) for c in step.cells), default=1.0)
            unsure = [c for c in step.cells if c in shot.uncertain]
            note = f"photo {name}" + (
                f", confidence {confidence:.2f}" if step.cells else ", nothing new for it"
            )
            record.moves.append(MoveEntry(step.move, step.player, note=note))
            who = f"{step.player}: " if step.player else ""
            lines.append(
                f"{name}: {number}. {who}{step.move}"
                + (f"  (confidence {confidence:.2f})" if step.cells else "")
            )
            why = []
            if unsure:
                why.append(f"cells {' '.join(unsure)} read with low confidence")
            hidden = _hidden_beside(step, board, shot)
            if hidden:
                why.append(
                    f"cells {' '.join(hidden)} beside it read uncertain: it may reach under them"
                )
            if step.doubt:
                why.append(step.doubt)
            if why:
                confirm.append(f"move {number} ({name}): {who}{step.move}: {'; '.join(why)}")
        if several:
            lines.append(f"{name}: {len(found.steps)} moves since {last or 'the start'}")
        board = {**board, **after}
        last = name
    if board is None:
        raise PhotoError("no photo could be read: " + "; ".join(lines))
    record.setup = dict(log.setup)
    record.meta["source"] = f"printkit log of {count} photos"
    lines += [f"note: {n}" for n in log.notes]
    return LogResult(record, lines, confirm, "", skipped)


def log_photos(
    photos: Sequence[Path],
    game: str,
    layout: Layout,
    out: Path | None = None,
    players: Sequence[str] | None = None,
    rules: str | None = None,
    debug: Path | None = None,
    workers: int = 0,
) -> LogResult:
    """Log a game from its photos: read, infer the moves, write the record (and the debug
    pictures), all files or none."""
    for photo in photos:
        if not Path(photo).is_file():
            raise PrintkitError(f"{photo}: no such photo")
    info = find_game(game, PhotoError)
    try:
        make = info.reader.move_log
    except AttributeError:
        raise PhotoError(f"{info.name} games cannot be logged from photos yet") from None
    log = make(layout, list(players) if players else None, rules)
    ordered, how = order_photos([Path(p) for p in photos])
    shots = read_shots(ordered, info.name, layout, debug is not None, workers)
    result = log_positions(info.name, shots, log)
    result.order = how
    files: list[tuple[Path, bytes | str]] = []
    if debug is not None:
        for shot in shots:
            if shot.debug is not None:
                files.append((Path(debug) / f"{shot.path.stem}-read.png", shot.debug))
    if out is not None:
        result.record.path = str(out)
        files.append((Path(out), record_text(result.record, out)))
    result.written = write_all(files)
    return result
