"""Perft: count the game tree's leaves per depth, with the bitboard rules and a naive baseline.

    python -m benchmarks.perft othello --size 8 --depth 6
    python -m benchmarks.perft tictactoe --depth 9

For each depth it prints the leaf count (a pass is a ply, a finished game is one leaf),
the time and leaves per second of the ``shared.games`` State API (what the server uses),
for Othello also of bare bitboard ints (what the search uses), then of the list-of-lists
implementation in this folder, and how many times faster each is than that baseline.
All must agree on every count; the exit status is 1 if they do not.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Callable

from benchmarks.naive_othello import NaiveOthello, placements
from benchmarks.naive_tictactoe import NaiveTicTacToe
from shared.games import State, new_game
from shared.games.othello import Geometry, OthelloState, squares_of


def perft(state: State, depth: int) -> int:
    """Leaves ``depth`` plies below ``state`` with the unchecked moves of the State API."""
    if depth == 0 or state.is_over:
        return 1
    return sum(perft(state.play_unchecked(move), depth - 1) for move in state.legal_moves())


def naive_perft(position: NaiveOthello | NaiveTicTacToe, depth: int) -> int:
    """Leaves ``depth`` plies deep in a naive implementation; a finished game is one leaf."""
    if depth == 0:
        return 1
    moves = position.legal_moves()
    if not moves:
        return 1
    return sum(naive_perft(position.play(move), depth - 1) for move in moves)


def raw_perft(geo: Geometry, own: int, opp: int, depth: int) -> int:
    """The same count on bare bitboard ints, the way the search in ``shared.ai`` works."""
    if depth == 0:
        return 1
    moves = geo.moves(own, opp)
    if not moves:  # a pass if the other side can move, else the game is over
        return raw_perft(geo, opp, own, depth - 1) if geo.moves(opp, own) else 1
    leaves = 0
    while moves:
        bit = moves & -moves
        moves ^= bit
        flipped = geo.flips(own, opp, bit.bit_length() - 1)
        leaves += raw_perft(geo, opp ^ flipped, own | flipped | bit, depth - 1)
    return leaves


def timed_counts(count: Callable[[int], int], depth: int, label: str) -> tuple[list[int], float]:
    """Count every depth from 1 to ``depth``, printing a line each; (counts, total seconds)."""
    counts: list[int] = []
    total = 0.0
    print(f"{label}:")
    for d in range(1, depth + 1):
        t0 = time.perf_counter()
        leaves = count(d)
        seconds = time.perf_counter() - t0
        total += seconds
        counts.append(leaves)
        rate = leaves / seconds if seconds > 0 else float("inf")
        print(f"  depth {d:2d}  {leaves:>12,d} leaves  {seconds:9.3f} s  {rate:>12,.0f} leaves/s")
    return counts, total


def move_generation(start: OthelloState, plies: int) -> tuple[int, float, float]:
    """Legal-move generation alone, the job the bitboards do with shifts and masks.

    Times ``Geometry.moves`` and the naive square-by-square scan over every position of
    the first ``plies`` plies; returns (positions, bitboard seconds, naive seconds).
    """
    level = [start]
    positions = [start]
    for _ in range(plies):
        level = list(dict.fromkeys(p.play_unchecked(m) for p in level for m in p.legal_moves()))
        positions += level
    geo = start.geometry
    sides = [p.own_opp() for p in positions]
    naive = [NaiveOthello.from_board(p.board, p.to_move) for p in positions]
    t0 = time.perf_counter()
    fast = [geo.moves(own, opp) for own, opp in sides]
    t1 = time.perf_counter()
    slow = [placements(n.grid, n.player) for n in naive]
    t2 = time.perf_counter()
    if [squares_of(mask) for mask in fast] != slow:
        raise SystemExit("MISMATCH: the move generators disagree")
    return len(positions), t1 - t0, t2 - t1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=["othello", "tictactoe"])
    parser.add_argument("--size", type=int, default=None, help="board size (Othello: 4, 6, 8)")
    parser.add_argument("--depth", type=int, default=6, help="deepest ply to count (default 6)")
    args = parser.parse_args(argv)
    if args.depth < 1:
        parser.error("--depth must be at least 1")
    try:
        state = new_game(args.game, size=args.size)
    except ValueError as exc:
        parser.error(str(exc))

    counters: list[tuple[str, Callable[[int], int]]] = [
        ("shared.games State API", lambda d: perft(state, d))
    ]
    if isinstance(state, OthelloState):
        geo, black, white = state.geometry, state.black, state.white
        counters.append(("bare bitboards (Geometry)", lambda d: raw_perft(geo, black, white, d)))
        naive_othello = NaiveOthello(state.size)
        counters.append(("naive list-of-lists", lambda d: naive_perft(naive_othello, d)))
    else:
        naive_tictactoe = NaiveTicTacToe()
        counters.append(("naive list", lambda d: naive_perft(naive_tictactoe, d)))

    print(f"perft {args.game} {state.size}x{state.size}, depths 1-{args.depth}")
    results = [timed_counts(count, args.depth, label) for label, count in counters]
    if any(counts != results[0][0] for counts, _ in results):
        print("MISMATCH: the implementations disagree", file=sys.stderr)
        return 1
    naive_seconds = results[-1][1]
    for (label, _), (_, seconds) in zip(counters[:-1], results[:-1]):
        print(f"{label}: {seconds:.3f} s, {naive_seconds / seconds:.1f}x as fast as naive "
              f"({naive_seconds:.3f} s)")
    if isinstance(state, OthelloState):
        plies = min(args.depth, 5)
        positions, fast_seconds, slow_seconds = move_generation(state, plies)
        print(
            f"legal-move generation alone over the {positions:,d} positions of plies 0-{plies}: "
            f"bitboards {fast_seconds / positions * 1e6:.1f} us, naive "
            f"{slow_seconds / positions * 1e6:.1f} us a position, "
            f"{slow_seconds / fast_seconds:.1f}x as fast"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
