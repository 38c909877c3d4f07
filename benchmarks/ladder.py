"""Play a small ladder of bot levels against each other and print the win rates.

    python -m benchmarks.ladder --games 10 --size 8 --seconds 1.0 --workers 2

Pairs: 5 v 4, 4 v 3, 3 v 2, 2 v 1 (``--pairs 5:4,4:3`` to choose). Each pair plays
``--games`` games in twos: both games start from the same few random opening moves
(``--opening`` plies, so games differ) with the seats swapped, so neither level
gains from moving first. Games run in parallel in a process pool. A draw counts half.
"""

from __future__ import annotations

import argparse
import random
import time
from concurrent.futures import ProcessPoolExecutor

from shared.ai import choose_move
from shared.games import new_game


def play_game(size: int, black: int, white: int, opening: int, seed: int, seconds: float) -> int:
    """One game; returns the winning seat's level, or 0 for a draw."""
    rng = random.Random(seed // 2)  # the two games of a pair share their opening
    state = new_game("othello", size=size)
    for _ in range(opening):
        if state.is_over:
            break
        state = state.play(rng.choice(state.legal_moves()))
    levels = (black, white)
    ply = 0
    while not state.is_over:
        level = levels[state.to_move]
        move = choose_move(state, level, seconds=seconds if level == 5 else None, seed=seed + ply)
        state = state.play(move)
        ply += 1
    outcome = state.outcome()
    assert outcome is not None
    return 0 if outcome.winner is None else levels[outcome.winner]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="games per pair (even)")
    parser.add_argument("--size", type=int, default=8, choices=(4, 6, 8))
    parser.add_argument("--seconds", type=float, default=1.0, help="the expert's time a move")
    parser.add_argument("--opening", type=int, default=4, help="random opening plies")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--pairs", default="5:4,4:3,3:2,2:1", help="strong:weak,...")
    args = parser.parse_args()
    pairs = [tuple(int(x) for x in p.split(":")) for p in args.pairs.split(",")]
    print(f"{args.size}x{args.size}, {args.games} games per pair, expert {args.seconds} s/move, "
          f"{args.opening} random opening plies, {args.workers} workers")
    start = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool:
        jobs = {}
        for strong, weak in pairs:
            for game in range(args.games):
                black, white = (strong, weak) if game % 2 == 0 else (weak, strong)
                jobs[(strong, weak, game)] = pool.submit(
                    play_game, args.size, black, white, args.opening, game, args.seconds
                )
        for strong, weak in pairs:
            results = [jobs[(strong, weak, g)].result() for g in range(args.games)]
            wins = results.count(strong)
            losses = results.count(weak)
            draws = results.count(0)
            rate = (wins + draws / 2) / len(results)
            print(f"level {strong} v level {weak}: {wins} wins, {losses} losses, {draws} draws "
                  f"-> level {strong} scores {rate:.0%}")
    print(f"({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
