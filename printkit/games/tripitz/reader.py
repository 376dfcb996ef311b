"""What the photo reader knows of Tripitz: the board's model, synthetic photos of
positions, and the moves between two photos of a game.

The tokens in the cavities are read by ``token_reader.classify``, the hook of the board's
``BoardModel``: on the plane of the tokens' top faces (thick tokens seen at an angle slide
off their cavities on the board's own plane, ``BoardModel.raised``), by token colour,
symbol and symbol colour, each with a margin.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence

import numpy as np

from printkit.draw.colour import WHITE
from printkit.draw.lattice import hex_centre, hex_unit_point
from printkit.draw.model import Affine, Circle, Drawing, Polygon, Role, Style, bbox_of
from printkit.games.tripitz.components import (
    EDGE_TINT,
    KIT,
    Settings,
    assembled_outline,
    board_for,
    board_picture,
    cavity_pitch,
    circumradius,
    face_points,
    printed_board,
    symbol_colours,
    token_colour,
    token_front,
)
from printkit.games.tripitz.notation import Exchange, Pass
from printkit.games.tripitz.pids import (
    JOKERS,
    PIDS,
    Pid,
    TokenColour,
    parse_pid,
)
from printkit.games.tripitz.record import options_for
from printkit.games.tripitz.rules import TripitzGame, TripitzOptions
from printkit.games.tripitz.token_reader import classify, repeated_pids, whole_tokens
from printkit.geometry.hexgrid import hex_corners
from printkit.layout.config import Layout
from printkit.records.model import Record
from printkit.vision.log import Inference, Step, cell_changes, lost_text
from printkit.vision.model import BoardModel
from printkit.vision.read import sure_in_reach

__all__ = [
    "bare_board",
    "board_models",
    "scene",
    "draw_tokens",
    "move_log",
    "TripitzLog",
    "random_game",
    "VARIANT",
    "READ_PX_PER_MM",
]

SHADOW = Style(fill="#000000", opacity=0.28)


def bare_board(model: BoardModel) -> Drawing:
    """The bare board as printed, in its board frame."""
    return board_picture(model.extra["layout"])


# --- synthetic scenes -------------------------------------------------------------------------


def random_game(rng: np.random.Generator, moves: int | None = None) -> TripitzGame:
    """A Tripitz game after a random number of random legal moves (placements preferred)."""
    game = TripitzGame(players=int(rng.integers(2, 5)), seed=int(rng.integers(2**31)))
    pick = random.Random(int(rng.integers(2**31)))
    count = int(rng.integers(0, 70)) if moves is None else moves
    for _ in range(count):
        if game.is_over():
            break
        places = list(game.placements())
        if places:
            game.push(pick.choice(places))
        elif game.bag and game.hand():
            game.push(Exchange(tuple(game.hand()[: min(len(game.bag), len(game.hand()))])))
        else:
            game.push(Pass())
    return game


def _token(pid: Pid, layout: Layout, move: Affine) -> list:
    """A printed token as it lies: its shadow, then its face, symbol and code."""
    cfg = layout.section(Settings)
    items = [i for i in token_front(pid, (0.0, 0.0), layout) if i.role != Role.BLEED]
    face = face_points(cfg.token, cfg.token_size, (0.0, 0.0))
    if face is None:
        shadow: object = Circle((0.5, 0.6), cfg.token_size / 2, SHADOW)
    else:
        shadow = Polygon(tuple((x + 0.5, y + 0.6) for x, y in face), SHADOW)
    return [shadow.transformed(move)] + [i.transformed(move) for i in items]  # type: ignore


def scene(
    layout: Layout, model: BoardModel, level, rng: np.random.Generator
) -> tuple[Drawing, dict]:
    """A random legal Tripitz position on the assembled board, pids a little off their cavities.

    Truth maps each cavity number (a string) to a pid code or ``empty``.  On the hard level
    some pids also lie turned by a sixth of a turn or more, as hands leave hexagons.
    """
    return draw_tokens(layout, model, level, rng, random_game(rng))


def draw_tokens(
    layout: Layout, model: BoardModel, level, rng: np.random.Generator, game: TripitzGame
) -> tuple[Drawing, dict]:
    """The board with the pids of ``game.cells`` (hexagon → pid, any the test puts there)
    laid a little off their cavities; truth maps each cavity number to a pid code or
    ``empty``."""
    x0, y0, x1, y1 = model.bounds
    table = "#" + "".join(f"{int(v):02x}" for v in rng.uniform(70, 160, 3))
    picture = Drawing()
    picture.add(Polygon(((x0, y0), (x1, y0), (x1, y1), (x0, y1)), Style(fill=table)))
    picture.extend(board_picture(layout).items)
    radius = circumradius(cavity_pitch(layout))
    truth = {model.cell_key(k): "empty" for k in model.cells}
    turns = level.name == "hard"
    for h, pid in sorted(game.cells.items()):
        key = str(game.board.cavity_number(h))
        cx, cy = hex_centre(h, radius)
        r = level.jitter * math.sqrt(rng.uniform(0, 1))
        a = rng.uniform(0, 2 * math.pi)
        turn = rng.uniform(-level.twist, level.twist)
        if turns and rng.uniform() < 0.3:
            turn += 60 * int(rng.integers(1, 6))
        move = Affine.translate(cx + r * math.cos(a), cy + r * math.sin(a)) @ Affine.rotate(turn)
        picture.extend(_token(pid, layout, move))
        truth[key] = pid.code
    return picture, truth


# --- the board as the photo reader sees it ----------------------------------------------------

VARIANT = "board"
"""The one board variant: two halves glued, or the board printed whole (same geometry)."""
READ_PX_PER_MM = 4.0
"""Scale at which the reader looks at the board: symbols are some 45 px across."""
WHOLE_SCALE = 0.25
"""Scale, relative to ``READ_PX_PER_MM``, at which the planes of the tokens' tops are told
apart (``whole_tokens``): a symbol some 11 px across still places its token within a mm."""


def board_models(layout: Layout) -> list[BoardModel]:
    """The assembled board as a photo reader sees it (board frame: cavity 1's lattice, mm).

    Cells are the cavities, keyed by their printed numbers as strings; classes are
    ``empty``, the 64 pid codes and the 4 jokers.  The cells are read by
    ``classify`` (token colour, symbol, symbol colour).
    """
    board = board_for(layout)
    flaps = printed_board(layout)[3]
    pitch = cavity_pitch(layout)
    radius = circumradius(pitch)
    cells = {
        str(board.cavity_number(h)): tuple(hex_unit_point(v, pitch) for v in hex_corners(h))
        for h in board.cavities
    }
    pids = list(PIDS) + list(JOKERS)
    colours = {"empty": WHITE, **{p.code: token_colour(layout, p.colour) for p in pids}}
    outline = assembled_outline(board, layout, flaps)
    x0, y0, x1, y1 = bbox_of(outline)
    reach = 4.0
    extra = {
        "centres": {str(board.cavity_number(h)): hex_centre(h, radius) for h in board.cavities},
        "paper": {
            str(board.cavity_number(h)): EDGE_TINT if h in board.outer else WHITE
            for h in board.cavities
        },
        "token_size": layout.section(Settings).token_size,
        "token_shape": layout.section(Settings).token,
        "pitch": pitch,
        "token_colours": {c: token_colour(layout, c) for c in TokenColour},
        "symbol_colours": symbol_colours(layout),
        "layout": layout,
    }
    return [
        BoardModel(
            KIT,
            VARIANT,
            markers=tuple(m for f in flaps for m in f.markers),
            patches=tuple(p for f in flaps for p in f.patches),
            cells=cells,
            classes=("empty", *(p.code for p in pids)),
            colours=colours,
            bounds=(x0 - reach, y0 - reach, x1 + reach, y1 + reach),
            white=tuple(p for f in flaps for p in f.white),
            cell_key=str,
            classify=classify,
            glared=sure_in_reach,
            printed=True,
            consistency=repeated_pids,
            raised=True,
            whole=whole_tokens,
            whole_scale=WHOLE_SCALE,
            px_per_mm=READ_PX_PER_MM,
            extra=extra,
        )
    ]


# --- logging a game from photos ----------------------------------------------------------------


class TripitzLog:
    """Moves between two photos of the board (``printkit log``): a pid in an empty cavity
    is placed there (``RTW@37``), a joker where a pid was is a joker swap (``RJJ@37``).
    Exchanges and passes change nothing on the board, so no photo shows them; the four
    pids on the centre in the first photo are the game's centre."""

    def __init__(self, layout: Layout, players: Sequence[str] | None, rules: str | None) -> None:
        board = board_for(layout)
        skeleton = Record(KIT, rules=rules, players=list(players or ()))
        if tuple(board.sides) != TripitzOptions().board:
            skeleton.options["board"] = list(board.sides)
        options_for(skeleton, rules)  # unknown rules: RecordError now, not after reading
        self.players = list(players or ())
        self.rules = rules
        self.options = dict(skeleton.options)
        self.setup: dict = {}
        self.notes: list[str] = []
        centre = sorted(board.centre, key=board.cavity_number)
        self.centre = [str(board.cavity_number(h)) for h in centre]

    def start(self, first: Mapping[str, str]) -> dict[str, str]:
        codes = [first.get(n, "empty") for n in self.centre]
        if "empty" in codes:
            self.notes.append(
                "the first photo shows no pid on some centre cavity: the default centre is "
                "assumed, and pids laid there later are moves"
            )
            return {}
        self.setup["centre"] = codes
        return dict(zip(self.centre, codes, strict=True))

    def infer(self, before: Mapping[str, str], after: Mapping[str, str]) -> Inference:
        appeared, lost = cell_changes(before, after)
        swaps, odd = [], {}
        for name, (was, now) in lost.items():
            if now != "empty" and parse_pid(now).is_joker and not parse_pid(was).is_joker:
                swaps.append(Step(f"{now}@{name}", None, (name,)))
            else:
                odd[name] = (was, now)
        if odd:
            return Inference(
                problem=f"pids moved, went or changed, which no move explains ({lost_text(odd)})",
                settled={**before, **{n: v for n, (_, v) in odd.items()}},
            )
        places = [Step(f"{code}@{name}", None, (name,)) for name, code in appeared.items()]
        doubt = (
            f"{len(places)} pids were laid between two photos: their order is not seen"
            if len(places) > 1
            else None
        )
        if len(swaps) > 1:
            doubt = f"{len(swaps)} jokers were swapped in between two photos: the order is not seen"
        steps = [Step(s.move, None, s.cells, doubt) for s in swaps + places]
        return Inference(steps)


def move_log(
    layout: Layout, players: Sequence[str] | None = None, rules: str | None = None
) -> TripitzLog:
    """What ``printkit log`` asks: the moves between two photos of a Tripitz board."""
    return TripitzLog(layout, players, rules)
