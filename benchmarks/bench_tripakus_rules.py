"""Time the TriPakus rules engine on the side-19 board.

Figures (medians): building the placement tables once; replaying a complete three-player
game with ``push`` (target <= 20 ms) and with the validating ``play``; listing all legal
moves in a mid-game position (target <= 5 ms); a random self-play game (target <= 150 ms).

    PYTHONPATH=. python benchmarks/bench_tripakus_rules.py
"""

from __future__ import annotations

import random
import statistics
import time

from timing import median_ms

from printkit.games.tripakus.rules import TriPakusGame
from printkit.polyiamond_games import engine
from printkit.polyiamond_games.boards import triangle


def self_play(seed: int) -> TriPakusGame:
    rng = random.Random(seed)
    g = TriPakusGame()
    while not g.is_over():
        g.push(rng.choice(g.legal_moves()))
    return g


def main() -> None:
    start = time.perf_counter()
    tables = engine._tables(triangle(19))
    print(
        f"placement tables: {len(tables.mask)} placements built in "
        f"{1000 * (time.perf_counter() - start):.0f} ms (once per board size)"
    )

    games = [self_play(seed) for seed in range(20)]
    moves = [[m for _, m in g.history] for g in games]
    print(f"sample games: {statistics.mean(len(m) for m in moves):.1f} moves on average")

    def replay(k: int, validate: bool = False) -> None:
        g = TriPakusGame()
        apply = g.play if validate else g.push
        for m in moves[k % len(moves)]:
            apply(m)
        g.scores()

    print(f"replay a complete game with push: {median_ms(replay, 60):7.2f} ms (target <= 20)")
    print(
        f"replay a complete game with play: "
        f"{median_ms(lambda k: replay(k, True), 20):7.2f} ms (validating)"
    )

    mid = []
    for k in range(len(games)):
        h = TriPakusGame()
        for m in moves[k][: len(moves[k]) // 2]:
            h.push(m)
        mid.append(h)
    counts = [len(h.copy().legal_moves()) for h in mid]

    def list_moves(k: int) -> None:
        h = mid[k % len(mid)]
        h._can_move.clear()  # no cached answers
        h.legal_moves()

    print(
        f"legal moves, mid-game position:  {median_ms(list_moves, 100):7.2f} ms "
        f"(target <= 5; {statistics.median(counts):.0f} moves in the median position)"
    )
    print(f"random self-play game:           {median_ms(self_play, 20):7.2f} ms (target <= 150)")


if __name__ == "__main__":
    main()
