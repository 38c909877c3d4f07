"""Measure the expert's search and its exact endgame solver, with --baseline beside a commit's.

    python -m benchmarks.search [--seconds 1.0] [--ffo 5] [--ffo-cap 30]
    python -m benchmarks.search --only midgame,ffo --baseline a22c4a9   # two sections
    python -m benchmarks.search --only ffo --baseline de46d98 --record benchmarks/results.jsonl

Prints, for 8x8 (sections in this order; see benchmarks/README.md):
1. the midgame search from fixed positions: depth completed in ``--seconds`` (and the
   same for the expert of commit ``--baseline``, in its own process);
2. the kernel's exact solver (``shared.ai.kernel.solver``): nodes per second, and the
   time it takes to solve positions of 13-16 empties;
3. how many empties the solver finishes within one second, the median of
   ``--per-count`` positions from random play per number of empties;
   then (``cost``) the solver's nodes on positions of ``--cost-games`` games of the
   expert's depth-4 search at 14-22 empties beside ``expert.solve_cost``, the model its
   choice to solve plans with;
4. FFO endgame positions #40 on (``--ffo`` of them), each and in all: the bare kernel
   solver's time, score and best move checked against the file, beside level 5's
   ``choose_move`` with a ``--ffo-cap`` second cap (its time, and whether its move is
   optimal), each in a fresh process; then ``choose_move`` on the same positions in turn
   in one process (as a server's long-lived engine worker meets them), and with
   ``--baseline`` the same two (fresh processes, one process) for that commit's expert;
5. a fresh process's start: compiling every kernel into an empty cache, then loading it.

Positions come from seeded random playouts, so every run measures the same ones. The
pure-Python expert before the kernel, which sections 1-3 once measured beside it, is in
git history (``shared/ai`` at 81859ff); ``--baseline`` compares with any commit since
the kernel (de46d98 is the baseline of the figures now). The
solvers' figures are in CPU seconds of this process (both solvers run on one thread, so
on an idle machine wall-clock time is the same; on a shared one CPU time is the fairer
measure); wall-clock seconds are printed beside them.
"""

from __future__ import annotations

import argparse
import contextlib
import multiprocessing
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any, Callable, Sequence

from benchmarks.commit_expert import CommitExpert, extract, resolve
from benchmarks.results_file import append_result
from shared.ai import choose_move
from shared.ai.kernel import warm_up
from shared.ai.kernel.bits import FULL
from shared.ai.kernel.board import square_of, to_kernel
from shared.ai.kernel.evaluate import eval_tables
from shared.ai.kernel.expert import appraise, move_bits, solve_cost
from shared.ai.kernel.solver import memory_for, solve_root
from shared.games import PASS
from shared.games.othello import OthelloState, parse_square
from training import players

ROOT = Path(__file__).resolve().parents[1]
FFO = ROOT.parent / "shared" / "data" / "ffo40-59.obf"
UNLIMITED = 10**13
SECTIONS = ("midgame", "speed", "empties", "cost", "ffo", "start")
COST_EMPTIES = (14, 16, 18, 20, 22)
"""The empties at which the cost section solves game positions."""


class Timed:
    """Wall-clock and CPU seconds of a block: ``with Timed() as t: ...; t.wall, t.cpu``."""

    def __enter__(self) -> Timed:
        self.wall0, self.cpu0 = time.perf_counter(), time.process_time()
        return self

    def __exit__(self, *exc: object) -> None:
        self.wall = time.perf_counter() - self.wall0
        self.cpu = time.process_time() - self.cpu0


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


def kernel_solve(state: OthelloState, limit: int = UNLIMITED) -> tuple[int | None, int, int]:
    """(margin or None if cut, best square or PASS, nodes) of one kernel solve, by the
    root driver level 5 and analyse() call (as level 5 does when it solves at once: from
    a guess of 0, in the solver's own move order)."""
    result = solve_root(*to_kernel(state), limit)
    if not result.completed:
        return None, PASS, result.nodes
    best = PASS if result.best_bit < 0 else square_of(result.best_bit, state.size)
    return result.score, best, result.nodes


def warm_up_8x8() -> None:
    """Load the kernels and the 8x8 evaluation (the learned weights take a tenth of a
    second to load: not a search's time)."""
    warm_up()
    eval_tables(8)


def midgame_section(seconds: float, baseline: str | None) -> None:
    print(f"== midgame search, {seconds} s per position (8x8, 20-32 discs played): "
          f"kernel expert{f' and the expert of {baseline}' if baseline else ''}")
    warm_up_8x8()
    with contextlib.ExitStack() as stack:
        old = None
        if baseline:
            old = stack.enter_context(CommitExpert(extract(resolve(baseline))))
        midgame_positions(seconds, old)


def midgame_positions(seconds: float, old: CommitExpert | None) -> None:
    """Each position's depth and nodes/s: the kernel's and ``old``'s."""
    depths = []
    for seed, played in ((1, 20), (2, 24), (3, 28), (4, 32)):
        state = playout(seed, 64 - played)
        with Timed() as k:
            appraisal = appraise(state, seconds, every_exact=False)
        depths.append(appraisal.depth)
        print(f"  position {seed} ({played} discs): kernel depth {appraisal.depth} "
              f"(wall {k.wall:.2f} s, {appraisal.nodes / k.wall:,.0f} nodes/s; cpu "
              f"{k.cpu:.2f} s, {appraisal.nodes / k.cpu:,.0f} nodes/s)")
        if old:
            then = old.appraise(state, seconds)
            print(f"    the expert of {old.root.name[:7]}: depth {then['depth']} (wall "
                  f"{then['seconds']:.2f} s, {then['nodes'] / then['seconds']:,.0f} nodes/s; "
                  f"cpu {then['cpu']:.2f} s, {then['nodes'] / then['cpu']:,.0f} nodes/s)")
    print(f"  kernel: depth {min(depths)}-{max(depths)} completed in {seconds} s "
          f"(median {statistics.median(depths)}; goal >= 12)")


def speed_section() -> None:
    print("== exact solver speed")
    rates: list[float] = []
    for empties, seed in ((16, 1), (18, 2), (20, 3), (22, 4)):
        state = playout(1000 * empties + seed, empties)
        with Timed() as k:
            _, _, nodes = kernel_solve(state)
        rates.append(nodes / k.cpu)
        print(f"  {empties} empties: kernel {nodes:,} nodes in cpu {k.cpu:.2f} s (wall {k.wall:.2f}"
              f" s) = {rates[-1] / 1e6:.1f} M nodes/s")
    print(f"  mean: kernel {statistics.mean(rates) / 1e6:.1f} M nodes/s (goal >= 20 M nodes/s)")
    print("== time to solve positions of 13-16 empties (to the end)")
    kernel_total = 0.0
    for empties in (13, 14, 15, 16):
        state = playout(7 * empties, empties)
        with Timed() as k:
            score, _, _ = kernel_solve(state)
        kernel_total += k.cpu
        print(f"  {empties} empties: kernel cpu {k.cpu:.4f} s, margin {score:+d}")
    print(f"  in all: kernel cpu {kernel_total:.3f} s")


def within_one_second(solve: Callable[[OthelloState], bool], start: int, per_count: int) -> int:
    """The most empties whose median solve (of ``per_count`` positions) takes <= 1 s."""
    within = start - 1
    for empties in range(start, 40):
        times = []
        for seed in range(per_count):
            state = playout(100 * empties + seed, empties)
            with Timed() as t:
                done = solve(state)
            times.append(t.cpu if done else float("inf"))
        median = statistics.median(times)
        print(f"  {empties} empties: median cpu {median:.3f} s" if median < float("inf")
              else f"  {empties} empties: median > 1 s")
        if median > 1.0:
            break
        within = empties
    return within


def empties_section(per_count: int) -> dict[str, Any]:
    """Print the empties section; return its figure (for ``--record``)."""
    # a node limit (about 2 s of solving) keeps hopeless solves short
    print(f"== empties solved exactly within 1 s (median of {per_count} positions each)")
    kernel = within_one_second(lambda s: kernel_solve(s, 40_000_000)[0] is not None, 14,
                               per_count)
    print(f"  kernel: {kernel} empties within 1 s (goal >= 20)")
    return {"empties_within_1s": kernel, "per_count": per_count}


def game_positions(games: int) -> dict[int, list[tuple[Any, Any]]]:
    """(own, opp) kernel boards at each of ``COST_EMPTIES`` from ``games`` seeded games of
    the expert's depth-4 search after six random plies (positions like the expert's own,
    quieter than random play's), where the side to move has more than one move."""
    tables = eval_tables(8)
    mask, search = tables[0], players.DepthSearch(8, tables)
    found: dict[int, list[tuple[Any, Any]]] = {e: [] for e in COST_EMPTIES}
    for seed in range(games):
        rng, board, ply = random.Random(seed), players.start_board(8), 0
        while not players.is_over(board, mask):
            moves = move_bits(*board, mask)
            if not moves:
                board = (board[1], board[0])
                continue
            count = players.empties(board, mask)
            if count in found and len(moves) > 1:
                found[count].append(board)
            if ply < 6:
                bit = rng.choice(moves)
            else:
                scores = search.scores(board, 4)
                bit = rng.choice([b for b, s in scores.items() if s == max(scores.values())])
            board, ply = players.play(board, bit), ply + 1
    return found


def cost_section(games: int) -> dict[str, Any]:
    """Print the solver's nodes on game positions beside ``expert.solve_cost``, the model
    the expert's choice to solve plans with; return the figures (for ``--record``)."""
    print(f"== exact solves of game positions ({games} games of a depth-4 search) against "
          "the expert's solve_cost")
    figures = {}
    for count, boards in game_positions(games).items():
        nodes, cpu = [], 0.0
        for own, opp in boards:
            memory_for(FULL, 0).table[:] = 0  # fresh: what a solve costs from nothing
            with Timed() as t:
                nodes.append(solve_root(own, opp, FULL, UNLIMITED).nodes)
            cpu += t.cpu
        mean, model = statistics.mean(nodes), solve_cost(count)
        print(f"  {count} empties, {len(nodes)} positions: mean {mean:,.0f} nodes, median "
              f"{statistics.median(nodes):,.0f}, most {max(nodes):,}; solve_cost "
              f"{model:,.0f} ({model / mean:.2f}x the mean); {sum(nodes) / cpu / 1e6:.1f} M "
              "nodes/s of cpu")
        figures[str(count)] = {"positions": len(nodes), "mean": round(mean),
                               "median": round(statistics.median(nodes)),
                               "model": round(model), "nodes_per_s": round(sum(nodes) / cpu)}
    return {"solve_cost": figures, "cost_games": games}


def ffo_file() -> Path:
    """The FFO positions: ``../shared/data`` beside the project, or beside the main
    checkout when this is a git worktree of it."""
    if FFO.exists():
        return FFO
    try:
        common = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--git-common-dir"],
                                capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return FFO
    main_root = (ROOT / common).resolve().parent
    return main_root.parent / "shared" / "data" / FFO.name


def ffo_positions(count: int) -> list[tuple[int, OthelloState, dict[int, int]]]:
    """FFO #40 on: (number, position, each listed move's exact score)."""
    positions = []
    for number, line in enumerate(ffo_file().read_text().splitlines()[:count], start=40):
        board, rest = line.split(" ", 1)
        side, *moves = rest.split(";")
        scores = {parse_square(m.split(":")[0].strip().lower(), 8): int(m.split(":")[1])
                  for m in moves if ":" in m}
        state = OthelloState.from_board(board.replace("-", "."), "XO".index(side.strip()))
        positions.append((number, state, scores))
    return positions


def timed_solve(state: OthelloState) -> tuple[Timed, int | None, int, int]:
    """(times, margin, best move, nodes) of one bare solve (run in a fresh process)."""
    with Timed() as t:
        score, best, nodes = kernel_solve(state)
    return t, score, best, nodes


def timed_choice(state: OthelloState, cap: float, seed: int) -> tuple[Timed, int]:
    """(times, move) of level 5's ``choose_move`` within ``cap`` (run in a fresh process)."""
    with Timed() as t:
        move = choose_move(state, 5, seconds=cap, seed=seed)
    return t, move


def ffo_section(count: int, cap: float, baseline: str | None) -> dict[str, Any]:
    """Print the FFO section; return its figures (for ``--record``)."""
    print(f"== FFO endgame suite #40-#{39 + count}: the bare solver, then level 5's "
          f"choose_move with a {cap} s cap, each in a fresh process (no table left warm)")
    solves: list[Timed] = []
    choices: list[Timed] = []
    solver_right = expert_right = True
    positions = ffo_positions(count)
    # one process a task: the solver's table is kept between calls, and a solve of the same
    # position just before would hand choose_move its answer
    with ProcessPoolExecutor(1, multiprocessing.get_context("spawn"), initializer=warm_up_8x8,
                             max_tasks_per_child=1) as fresh:
        for number, state, scores in positions:
            best_file = max(scores.values())
            t, score, best, nodes = fresh.submit(timed_solve, state).result()
            solves.append(t)
            right = score == best_file and scores.get(best) == best_file
            solver_right &= right
            print(f"  #{number} ({64 - (state.black | state.white).bit_count()} empties) "
                  f"solver: wall {t.wall:.2f} s (cpu {t.cpu:.2f} s), {nodes:,} nodes, "
                  f"{nodes / t.cpu / 1e6:.1f} M nodes/s; score {score:+d} (file "
                  f"{best_file:+d}), move {state.move_name(best)} "
                  f"({'a best move' if right else 'WRONG'})")
            c, move = fresh.submit(timed_choice, state, cap, number).result()
            choices.append(c)
            optimal = scores.get(move) == best_file
            expert_right &= optimal
            print(f"       choose_move: wall {c.wall:.2f} s (cpu {c.cpu:.2f} s), "
                  f"{c.wall / t.wall:.2f}x the solver's (cpu {c.cpu / t.cpu:.2f}x); "
                  f"move {state.move_name(move)} "
                  f"({'optimal' if optimal else f'NOT OPTIMAL: file {scores.get(move)}'})")
    wall, cpu = sum(t.wall for t in solves), sum(t.cpu for t in solves)
    expert_wall, expert_cpu = sum(c.wall for c in choices), sum(c.cpu for c in choices)
    print(f"  all {count}: solver wall {wall:.1f} s (cpu {cpu:.1f} s), every best move found: "
          f"{solver_right}; choose_move wall {expert_wall:.1f} s (cpu {expert_cpu:.1f} s), "
          f"{expert_wall / wall:.2f}x the solver's (cpu {expert_cpu / cpu:.2f}x), every move "
          f"optimal: {expert_right} (goals: solver "
          f"#40 <= 1 s; choose_move #40-44 <= 20 s and <= 1.5x the solver's)")
    print(f"  one warm process, #40-#{39 + count} in turn through choose_move (a server's "
          "engine worker lives on from move to move):")
    with ProcessPoolExecutor(1, multiprocessing.get_context("spawn"),
                             initializer=warm_up_8x8) as warm:
        warm_choices = [warm.submit(timed_choice, state, cap, number).result()
                        for number, state, _ in positions]
    figures: dict[str, Any] = {
        "ffo_cap_s": cap, "solver_wall_s": round(wall, 2), "solver_cpu_s": round(cpu, 2),
        "solver_right": solver_right, "choose_move_optimal": expert_right,
        "choose_move_fresh": choice_totals(choices),
        "choose_move_warm": print_choices("today, one process", positions, warm_choices),
    }
    if baseline:
        root = extract(resolve(baseline))
        fresh_old = []
        for number, state, _ in positions:
            with CommitExpert(root) as old:
                fresh_old.append(old_choice(old, state, cap, number))
        figures["baseline"] = baseline
        figures["baseline_fresh"] = print_choices(f"{baseline}, fresh processes", positions,
                                                  fresh_old)
        with CommitExpert(root) as old:
            warm_old = [old_choice(old, state, cap, number) for number, state, _ in positions]
        figures["baseline_warm"] = print_choices(f"{baseline}, one process", positions,
                                                 warm_old)
    return figures


def choice_totals(choices: Sequence[Timed | tuple[Timed, int]]) -> dict[str, float]:
    """The wall-clock and CPU seconds of some ``choose_move`` calls, in all."""
    times = [c if isinstance(c, Timed) else c[0] for c in choices]
    return {"wall_s": round(sum(t.wall for t in times), 2),
            "cpu_s": round(sum(t.cpu for t in times), 2)}


def old_choice(old: CommitExpert, state: OthelloState, cap: float,
               seed: int) -> tuple[Timed, int]:
    """(times, move) of an old commit's ``choose_move``, timed by its worker."""
    done = old.ask({"board": state.board, "to_move": state.to_move, "seconds": cap,
                    "seed": seed})
    timed = Timed()
    timed.wall, timed.cpu = done["seconds"], done["cpu"]
    return timed, int(done["move"])


def print_choices(label: str, positions: list[tuple[int, OthelloState, dict[int, int]]],
                  choices: list[tuple[Timed, int]]) -> dict[str, float]:
    """One line of ``choose_move`` times on the FFO positions, and whether each move is
    optimal; returns the totals."""
    each = ", ".join(f"#{number} {t.wall:.2f} s (cpu {t.cpu:.2f})"
                     + ("" if scores.get(move) == max(scores.values()) else " NOT OPTIMAL")
                     for (number, _, scores), (t, move) in zip(positions, choices))
    totals = choice_totals(choices)
    print(f"  {label}: wall {totals['wall_s']:.1f} s (cpu {totals['cpu_s']:.1f} s): {each}")
    return totals


START = """
import time
t = time.perf_counter()
from shared.ai import choose_move
from shared.ai.kernel import warm_up
warm_up()
print(time.perf_counter() - t)
"""


def start_section() -> None:
    print("== a fresh process: import and warm_up() with an empty cache, then with it filled")
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, NUMBA_CACHE_DIR=cache)
        for label in ("cold (compiles)", "warm (loads the cache)", "warm again"):
            done = subprocess.run([sys.executable, "-c", START], cwd=ROOT, env=env,
                                  capture_output=True, text=True, check=True)
            print(f"  {label}: {float(done.stdout):.2f} s")
    base = subprocess.run([sys.executable, "-c", START.replace(
        "from shared.ai.kernel import warm_up\nwarm_up()", "import shared.games")],
        cwd=ROOT, capture_output=True, text=True, check=True)
    print(f"  baseline, importing shared.games alone: {float(base.stdout):.2f} s "
          "(goal: warm < 1 s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="midgame time per position")
    parser.add_argument("--ffo", type=int, default=5, help="how many FFO positions (0: none)")
    parser.add_argument("--ffo-cap", type=float, default=30.0,
                        help="level 5's time cap a move on the FFO positions")
    parser.add_argument("--per-count", type=int, default=5,
                        help="positions per number of empties for the 1-second figure")
    parser.add_argument("--cost-games", type=int, default=24,
                        help="games whose positions the cost section solves")
    parser.add_argument("--baseline", metavar="REV",
                        help="also the midgame search and FFO choose_move of this commit's "
                             "expert, e.g. de46d98")
    parser.add_argument("--only", default=",".join(SECTIONS),
                        help="the sections to run, of " + ",".join(SECTIONS))
    parser.add_argument("--record", type=Path, default=None, metavar="FILE",
                        help="append the figures of the FFO, empties and cost sections as one "
                             "JSON line to FILE (benchmarks/results.jsonl)")
    args = parser.parse_args()
    sections = args.only.split(",")
    if not set(sections) <= set(SECTIONS) or not 0 <= args.ffo <= 20:
        parser.error(f"--only takes sections of {','.join(SECTIONS)}; --ffo 0-20")
    warm_up_8x8()  # compile and load before timing
    figures: dict[str, Any] = {}
    for section in sections:
        if section == "midgame":
            midgame_section(args.seconds, args.baseline)
        elif section == "speed":
            speed_section()
        elif section == "empties":
            figures |= empties_section(args.per_count)
        elif section == "cost":
            figures |= cost_section(args.cost_games)
        elif section == "ffo" and args.ffo:
            figures |= ffo_section(args.ffo, args.ffo_cap, args.baseline)
        elif section == "start":
            start_section()
    if args.record is not None and figures:
        append_result(args.record, "search", figures)


if __name__ == "__main__":
    main()
