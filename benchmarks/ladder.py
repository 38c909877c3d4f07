"""Play a small ladder of bot levels against each other and print the points each scores.

    python -m benchmarks.ladder --games 10 --size 8 --seconds 1.0 --workers 2
    python -m benchmarks.ladder --pairs 5:legacy --seconds 0.5 --games 40

Pairs: 5 v 4, 4 v 3, 3 v 2, 2 v 1 (``--pairs 5:4,4:3`` to choose). ``legacy`` is a
pseudo-level: the pure-Python expert as it was before the numba kernel
(:mod:`benchmarks.legacy_expert`), given the same ``--seconds`` a move as level 5. Each
pair plays ``--games`` games in twos: both games start from the same few random opening
moves (``--opening`` plies, so games differ) with the seats swapped, so neither side
gains from moving first. Games run in parallel in a process pool whose workers load the
compiled kernels before the first game, so no move's time goes to compiling. A win is
a point, a draw half.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import time
from concurrent.futures import ProcessPoolExecutor

from benchmarks.legacy_expert import legacy_choose_move
from shared.ai import choose_move
from shared.ai.kernel import warm_up
from shared.games import new_game
from shared.games.othello import OthelloState

LEGACY = "legacy"
"""The pseudo-level of the frozen pure-Python expert."""

TIMED = ("5", LEGACY)
"""The players that think to ``--seconds`` a move (the others search to a fixed depth)."""


def play_move(player: str, state: OthelloState, seconds: float, seed: int) -> int:
    """``player``'s move: a bot level ("1"-"5") or the legacy expert."""
    if player == LEGACY:
        return legacy_choose_move(state, seconds, seed)
    level = int(player)
    return choose_move(state, level, seconds=seconds if player in TIMED else None, seed=seed)


Times = dict[str, list[float]]
"""Each player's thinking times in one game, in seconds a move."""


def play_game(
    size: int, black: str, white: str, opening: int, seed: int, seconds: float
) -> tuple[str, Times]:
    """One game: the winner (``black`` or ``white``, "" for a draw) and the players' times."""
    rng = random.Random(seed // 2)  # the two games of a pair share their opening
    state = new_game("othello", size=size)
    assert isinstance(state, OthelloState)
    for _ in range(opening):
        if state.is_over:
            break
        state = state.play(rng.choice(state.legal_moves()))
    players = (black, white)
    times: Times = {black: [], white: []}
    ply = 0
    while not state.is_over:
        player = players[state.to_move]
        started = time.perf_counter()
        move = play_move(player, state, seconds, seed + ply)
        times[player].append(time.perf_counter() - started)
        state = state.play(move)
        ply += 1
    outcome = state.outcome()
    assert outcome is not None
    return ("" if outcome.winner is None else players[outcome.winner]), times


def parse_pairs(text: str) -> list[tuple[str, str]]:
    """``"5:4,5:legacy"`` as [("5", "4"), ("5", "legacy")]; ValueError for anything else."""
    valid = {"1", "2", "3", "4", "5", LEGACY}
    pairs = []
    for item in text.split(","):
        strong, sep, weak = item.strip().partition(":")
        if not sep or strong not in valid or weak not in valid or strong == weak:
            raise ValueError(f"a pair is two different levels 1-5 or {LEGACY!r}, like 5:4, "
                             f"not {item!r}")
        pairs.append((strong, weak))
    return pairs


def time_summary(player: str, games: list[tuple[str, Times]]) -> str:
    """``player``'s mean and longest time a move over ``games``."""
    spent = [t for _, times in games for t in times[player]]
    return f"{name(player)} {sum(spent) / len(spent):.2f} s a move, longest {max(spent):.2f} s"


def name(player: str) -> str:
    """How results name a player."""
    return "the legacy expert" if player == LEGACY else f"level {player}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="games per pair (even)")
    parser.add_argument("--size", type=int, default=8, choices=(4, 6, 8))
    parser.add_argument("--seconds", type=float, default=1.0,
                        help="the time a move of level 5 and of the legacy expert")
    parser.add_argument("--opening", type=int, default=4, help="random opening plies")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--pairs", default="5:4,4:3,3:2,2:1",
                        help=f"strong:weak,... (levels 1-5, or {LEGACY})")
    args = parser.parse_args()
    try:
        pairs = parse_pairs(args.pairs)
    except ValueError as err:
        parser.error(str(err))
    if args.games < 2 or args.games % 2:
        parser.error("--games must be even (each opening is played from both seats)")
    print(f"{args.size}x{args.size}, {args.games} games per pair, {args.seconds} s a move for "
          f"level 5 and the legacy expert, {args.opening} random opening plies, "
          f"{args.workers} workers")
    warm_up()  # compile once here; the workers then load numba's cache
    start = time.perf_counter()
    # spawn, as the server's bot pool does: each worker loads the cache, fresh
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(args.workers, context, initializer=warm_up) as pool:
        jobs = {}
        for strong, weak in pairs:
            for game in range(args.games):
                black, white = (strong, weak) if game % 2 == 0 else (weak, strong)
                jobs[(strong, weak, game)] = pool.submit(
                    play_game, args.size, black, white, args.opening, game, args.seconds
                )
        for strong, weak in pairs:
            games = [jobs[(strong, weak, g)].result() for g in range(args.games)]
            results = [winner for winner, _ in games]
            wins, losses, draws = results.count(strong), results.count(weak), results.count("")
            points = (wins + draws / 2) / len(results)
            print(f"{name(strong)} v {name(weak)}: {wins} wins, {losses} losses, {draws} draws "
                  f"-> {name(strong)} scores {points:.1%} of the points")
            print(f"  ({time_summary(strong, games)}; {time_summary(weak, games)})")
    print(f"({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
