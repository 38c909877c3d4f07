"""Measure the expert Othello search and the exact endgame solver, with baselines.

    python -m benchmarks.search [--seconds 1.0] [--ffo 3] [--ffo-limit 60]

Prints, for 8x8:
1. the expert's nodes per second and the depth it completes in ``--seconds`` from a
   few fixed midgame positions;
2. the time to a fixed depth, expert (TT, ordering, PVS) against a plain full-width
   negamax with the same evaluation, and the ratio;
3. how many empties the exact solver finishes within one second (median of a few
   positions per count), and its time against a plain full-width solver;
4. the solver on the first positions of the FFO endgame suite (``--ffo`` of them,
   each capped at ``--ffo-limit`` seconds), its best score against the file's.

Positions come from seeded random playouts, so every run measures the same ones.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from pathlib import Path

from benchmarks.plain_othello import plain_eval, plain_margin
from shared.ai.clock import Deadline, Timeout
from shared.ai.endgame import Solver
from shared.ai.othello_eval import INF, tables
from shared.ai.othello_expert import ExpertSearch
from shared.games import PASS
from shared.games.othello import OthelloState, geometry

FFO = Path(__file__).resolve().parents[2] / "shared" / "data" / "ffo40-59.obf"


def playout(seed: int, empties: int) -> OthelloState:
    """A position with ``empties`` empty squares reached by seeded random play, not a pass."""
    rng = random.Random(seed)
    while True:
        state = OthelloState.start(8)
        while not state.is_over and 64 - (state.black | state.white).bit_count() > empties:
            state = state.play(rng.choice(state.legal_moves()))
        if not state.is_over and state.legal_moves() != [PASS]:
            return state
        seed += 1000
        rng = random.Random(seed)


def timed_solve(own: int, opp: int, limit: float | None) -> tuple[int | None, float, int]:
    """(margin or None on timeout, seconds, nodes) of one exact solve."""
    deadline = Deadline(limit)
    solver = Solver(tables(8), deadline)
    start = time.perf_counter()
    try:
        value: int | None = solver.solve(own, opp, -INF, INF)
    except Timeout:
        value = None
    return value, time.perf_counter() - start, deadline.nodes


def expert_section(seconds: float) -> None:
    print(f"== expert search, {seconds} s per position (8x8 midgame, 20-30 discs played)")
    rates = []
    for seed, played in ((1, 20), (2, 24), (3, 28), (4, 32)):
        state = playout(seed, 64 - played)
        search = ExpertSearch(tables(8), Deadline(seconds))
        start = time.perf_counter()
        search.root_scores(*state.own_opp())
        elapsed = time.perf_counter() - start
        rate = search.deadline.nodes / elapsed
        rates.append(rate)
        print(f"  position {seed} ({played} discs): depth {search.depth_reached} completed, "
              f"{search.deadline.nodes} nodes, {rate:,.0f} nodes/s")
    print(f"  mean {statistics.mean(rates):,.0f} nodes/s")

    depth = 4
    print(f"== time to depth {depth}: expert (TT, ordering, PVS) v plain full-width negamax")
    for seed in (1, 2):
        state = playout(seed, 64 - 20 - 4 * seed)
        own, opp = state.own_opp()
        search = ExpertSearch(tables(8), Deadline(None))
        start = time.perf_counter()
        fast = search.search(own, opp, depth, -INF, INF)
        t_fast = time.perf_counter() - start
        start = time.perf_counter()
        slow = plain_eval(geometry(8), own, opp, depth)
        t_slow = time.perf_counter() - start
        print(f"  position {seed}: expert {t_fast:.3f} s ({search.deadline.nodes} nodes), "
              f"plain {t_slow:.3f} s, same value {fast == slow}, {t_slow / t_fast:.0f}x faster")


def solver_section() -> None:
    print("== exact solver: median time of 3 positions per number of empties (1 s cap)")
    within = 0
    for empties in range(8, 25):
        times = []
        for seed in range(3):
            value, elapsed, _ = timed_solve(*playout(100 * empties + seed, empties).own_opp(), 1.0)
            times.append(elapsed if value is not None else float("inf"))
        median = statistics.median(times)
        shown = f"{median:.3f} s" if median != float("inf") else "> 1 s"
        print(f"  {empties} empties: {shown}")
        if median > 1.0:
            break
        within = empties
    print(f"  the solver finishes {within} empties within 1 s (median)")

    print("== exact solver v plain full-width negamax (same positions)")
    for empties in (8, 9, 10):
        state = playout(7 * empties, empties)
        own, opp = state.own_opp()
        value, t_fast, nodes = timed_solve(own, opp, None)
        start = time.perf_counter()
        plain = plain_margin(geometry(8), own, opp)
        t_slow = time.perf_counter() - start
        print(f"  {empties} empties: solver {t_fast:.3f} s ({nodes} nodes), plain {t_slow:.2f} s, "
              f"same margin {value == plain}, {t_slow / t_fast:.0f}x faster")


def ffo_section(count: int, limit: float) -> None:
    print(f"== FFO endgame suite, first {count} positions, {limit:.0f} s cap each")
    for number, line in enumerate(FFO.read_text().splitlines()[:count], start=40):
        board, rest = line.split(" ", 1)
        side, *moves = rest.split(";")
        best_file = max(int(m.split(":")[1]) for m in moves if ":" in m)
        state = OthelloState.from_board(board.replace("-", "."), "XO".index(side.strip()))
        empties = board.count("-")
        value, elapsed, nodes = timed_solve(*state.own_opp(), limit)
        result = "timed out" if value is None else f"score {value:+d}"
        agree = "" if value is None else f" ({'matches' if value == best_file else 'differs'})"
        print(f"  #{number} ({empties} empties): file {best_file:+d}, solver {result}{agree}, "
              f"{elapsed:.1f} s, {nodes} nodes, {nodes / elapsed:,.0f} nodes/s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="expert time per position")
    parser.add_argument("--ffo", type=int, default=3, help="how many FFO positions (0: none)")
    parser.add_argument("--ffo-limit", type=float, default=60.0, help="seconds per FFO position")
    args = parser.parse_args()
    expert_section(args.seconds)
    solver_section()
    if args.ffo:
        ffo_section(args.ffo, args.ffo_limit)


if __name__ == "__main__":
    main()
