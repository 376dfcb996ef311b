"""Time checking random complete Tripod games: replay with win detection after every move.

Games are generated first (random placements until someone wins, size 11), written as move
texts, then checked: parsed, validated and replayed.  Run:
``python benchmarks/bench_tripod.py [games] [size]``.
"""

from __future__ import annotations

import random
import sys
import time

from printkit.games.tripod.notation import TripodMove
from printkit.games.tripod.rules import TripodGame, TripodOptions


def random_game(rng: random.Random, options: TripodOptions) -> list[str]:
    """A complete random game as move texts (with a swap a quarter of the time)."""
    game = TripodGame(options)
    order = list(range(len(game.board)))
    rng.shuffle(order)
    texts = []
    for k, v in enumerate(order):
        if k == 1 and options.swap and rng.random() < 0.25:
            game.push(TripodMove.swap())
            texts.append("swap")
        game.push_index(v)
        texts.append(str(game.board.cells[v]))
        if game.is_over():
            break
    return texts


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    size = int(sys.argv[2]) if len(sys.argv) > 2 else 11
    options = TripodOptions(size=size)
    rng = random.Random(2007)
    games = [random_game(rng, options) for _ in range(count)]
    moves = sum(len(g) for g in games)

    start = time.perf_counter()
    wins = [0, 0]
    for texts in games:
        game = TripodGame(options)
        for text in texts:
            game.play(text)
        assert game.is_over()
        wins[game.winner - 1] += 1
    checked = time.perf_counter() - start

    start = time.perf_counter()
    for texts in games:
        game = TripodGame(options)
        board = game.board
        for text in texts:
            game.push(TripodMove.parse(text, board.n))
    replayed = time.perf_counter() - start

    print(
        f"{count} random complete games, size {size}, {moves} moves "
        f"({moves / count:.1f} a game); X won {wins[0]}, O won {wins[1]}"
    )
    print(
        f"checked (parse + validate + replay + win detection): {checked:.3f} s "
        f"({checked / count * 1000:.2f} ms a game)"
    )
    print(f"replayed unchecked (parse + push):                    {replayed:.3f} s")


if __name__ == "__main__":
    main()
