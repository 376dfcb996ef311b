"""Time the Triominoes rules engine.

Figures (medians): listing the legal moves of the player to move in positions with 30
tiles laid; a random self-play round (deal to the end of the round) with ``push``, and the
same round replayed with the validating ``play``.

    PYTHONPATH=. python benchmarks/bench_triominoes.py
"""

from __future__ import annotations

import random
import statistics

from timing import median_ms

from printkit.games.triominoes.notation import Draw, Place
from printkit.games.triominoes.rules import PRESETS, TriominoesGame
from printkit.games.triominoes.tiles import TILES
from printkit.geometry.tri import edge_neighbours


def position_with(tiles: int, seed: int) -> TriominoesGame | None:
    """A random 2-player position with ``tiles`` tiles laid, or None if the round ended first."""
    rng = random.Random(seed)
    g = TriominoesGame(PRESETS["english"], 2, seed=seed, auto_deal=False)
    while len(g.layout) < tiles:
        if g.round_over():
            return None
        moves = g.legal_moves()
        places = [m for m in moves if isinstance(m, Place)]
        g.push(rng.choice(places or moves))
    return g


def self_play_round(seed: int, preset: str, players: int) -> TriominoesGame:
    rng = random.Random(seed)
    g = TriominoesGame(PRESETS[preset], players, seed=seed, auto_deal=False)
    while not g.round_over():
        g.push(rng.choice(g.legal_moves()))
    return g


def main() -> None:
    positions = [g for s in range(200) if (g := position_with(30, s)) is not None][:40]
    frontier = statistics.mean(
        len({n for c in g.layout for n in edge_neighbours(c)} - set(g.layout)) for g in positions
    )
    count = statistics.mean(len(g.legal_moves()) for g in positions)
    print(
        f"30-tile positions: {len(positions)}, {frontier:.1f} open cells and "
        f"{count:.1f} legal moves on average"
    )
    print(
        f"legal moves, 30-tile layout, player to move: "
        f"{median_ms(lambda k: positions[k % len(positions)].legal_moves(), 400):7.3f} ms"
    )
    # A heavier case: a full 9-tile hand of tiles not yet laid, against the same layouts.
    for k, g in enumerate(positions):
        free = [t for t in TILES if t not in set(g.layout.values())]
        g.hands[g.turn_index] = random.Random(k).sample(free, 9)
    count = statistics.mean(len(g.legal_moves()) for g in positions)
    print(
        f"legal moves, 30-tile layout, 9-tile hand ({count:.1f} moves on average): "
        f"{median_ms(lambda k: positions[k % len(positions)].legal_moves(), 400):7.3f} ms"
    )
    for preset in PRESETS:
        for players in (2, 4):
            games = [self_play_round(s, preset, players) for s in range(30)]
            moves = statistics.mean(len(g.history) for g in games)
            ms = median_ms(lambda k, p=preset, n=players: self_play_round(k, p, n), 60)

            def replay(
                k: int, p: str = preset, n: int = players, games: list[TriominoesGame] = games
            ) -> None:
                src = games[k % len(games)]
                g = TriominoesGame(PRESETS[p], n, seed=k % len(games), auto_deal=False)
                for turn in src.history:
                    g.play(Draw(turn.drawn) if isinstance(turn.move, Draw) else turn.move)

            checked = median_ms(replay, 60)
            print(
                f"random self-play round, {preset}, {players} players ({moves:.0f} moves): "
                f"{ms:7.2f} ms with push, {checked:7.2f} ms replayed with play"
            )


if __name__ == "__main__":
    main()
