"""What depth costs: time to depth 10, 12 and 14, today's searches against a commit's.

    python -m benchmarks.depth [--baseline de46d98] [--depths 10,12,14] [--positions 10]
                               [--record benchmarks/results.jsonl]
    python -m benchmarks.depth --game-seconds 0.5 [--games 2] [--record ...]

On ten 8x8 midgame positions (22 seeded random plies from the start), for each depth:

- the fixed-depth search (:class:`training.players.DepthSearch` with the packaged
  weights, its memory cleared: each depth a search of its own, deepened from 1 ply);
- the expert's own search (level 5's ``appraise``, given time to spare), the time at
  which its deepening completes each depth (one run a position, as a game runs it).

Each side runs today's code in this process and the baseline commit's in a worker of its
own (:mod:`benchmarks.commit_expert`), position by position in turn, so the machine's load
falls on both alike; both measure through :func:`benchmarks.commit_worker.answer`.
Prints, per search and depth, the median CPU seconds (wall-clock beside: on a shared
machine CPU time is the fairer measure), the median nodes and the step from the depth
before; then today's median time over the baseline's. Goals (issue 22): today's time to
depth 14 at most a third of the baseline's, the step from 12 to 14 at most x2.5.

``--game-seconds S`` measures instead the depth the expert reaches in a game at ``S``
seconds a move, with its tables kept from move to move (as a long-lived process plays)
against the same search from empty tables: ``--games`` games of the expert against
itself in this process from the ladder's openings, each move searched both ways in turn
(the order alternating), the kept search's move played. Prints the mean depth and nodes
of each over the midgame moves (more than 20 empties).
"""

from __future__ import annotations

import argparse
import random
import statistics
from pathlib import Path
from typing import Any, Callable

from benchmarks.commit_expert import CommitExpert, extract, resolve
from benchmarks.commit_worker import answer
from benchmarks.ladder import openings
from benchmarks.ladder_log import MIDGAME_EMPTIES
from benchmarks.results_file import append_result
from shared.ai.kernel import expert, warm_up
from shared.ai.kernel.board import square_of, to_kernel
from shared.ai.kernel.evaluate import eval_tables
from shared.ai.kernel.midgame import TABLE_BITS, Memory
from shared.games import PASS
from shared.games.othello import OthelloState

Ask = Callable[[dict[str, Any]], dict[str, Any]]
Figures = dict[int, list[tuple[float, float, int]]]
"""Per depth, each position's (cpu seconds, wall seconds, nodes)."""


def midgame_position(seed: int, plies: int = 22) -> OthelloState:
    """The position after ``plies`` seeded random moves from the 8x8 start, none a pass
    (a playout that meets one starts again from the next seed)."""
    while True:
        rng = random.Random(seed)
        state = OthelloState.start(8)
        for _ in range(plies):
            moves = state.legal_moves()
            if moves == [PASS] or state.is_over:
                break
            state = state.play(rng.choice(moves))
        else:
            if state.legal_moves() != [PASS]:
                return state
        seed += 1000


def fixed_depth(ask: Ask, state: OthelloState, depths: list[int], out: Figures) -> None:
    """The fixed-depth search's figures at each depth (a search from scratch each)."""
    own, opp, _ = to_kernel(state)
    for depth in depths:
        done = ask({"own": str(int(own)), "opp": str(int(opp)), "size": 8, "depth": depth})
        out[depth].append((done["cpu"], done["seconds"], done["nodes"]))


def expert_depth(ask: Ask, state: OthelloState, depths: list[int], out: Figures) -> None:
    """The expert's figures when its deepening completes each depth (one run)."""
    done = ask({"board": state.board, "to_move": state.to_move, "expert_depth": max(depths)})
    reached = {int(plies): (cpu, wall, int(nodes))
               for plies, nodes, cpu, wall in done["iterations"]}
    for depth in depths:
        out[depth].append(reached[depth])


def report(label: str, figures: Figures) -> dict[int, float]:
    """Print one side's medians per depth; return its median CPU seconds per depth."""
    medians, last = {}, None
    for depth, runs in sorted(figures.items()):
        cpu = statistics.median(run[0] for run in runs)
        wall = statistics.median(run[1] for run in runs)
        nodes = statistics.median(run[2] for run in runs)
        step = f", x{cpu / last:.2f} from the depth before" if last else ""
        print(f"  {label} depth {depth}: median cpu {cpu:.3f} s (wall {wall:.3f} s), "
              f"{nodes / 1e6:.2f} M nodes{step}")
        medians[depth], last = cpu, cpu
    return medians


def game_depths(seconds: float, games: int) -> dict[str, Any]:
    """The expert's depth and nodes a midgame move in games at ``seconds`` a move, its
    tables kept (the move played) and empty (measured only), each move both ways."""
    kept, empty = Memory.allocate(TABLE_BITS[8]), Memory.allocate(TABLE_BITS[8])
    found: dict[str, list[tuple[int, int]]] = {"kept": [], "empty": []}
    for game, opening in enumerate(openings(8, 4, games)):
        state = OthelloState.start(8)
        for move in opening:
            state = state.play(move)
        while not state.is_over:
            if state.legal_moves() == [PASS]:
                state = state.play(PASS)
                continue
            midgame = state.board.count(".") > MIDGAME_EMPTIES
            ways = ("kept", "empty") if (game + len(found["kept"])) % 2 else ("empty", "kept")
            for way in ways:
                if way == "empty":
                    empty.clear(0)
                expert._memories[8] = kept if way == "kept" else empty
                appraisal = expert.appraise(state, seconds, every_exact=False)
                if midgame:
                    found[way].append((appraisal.depth, appraisal.nodes))
                if way == "kept":
                    best = max(appraisal.scores, key=appraisal.scores.__getitem__)
            state = state.play(square_of(best, 8))
        print(f"  game {game + 1}: {len(found['kept'])} midgame moves so far; mean depth "
              f"kept {statistics.mean(d for d, _ in found['kept']):.2f}, empty "
              f"{statistics.mean(d for d, _ in found['empty']):.2f}", flush=True)
    expert._memories[8] = kept
    figures: dict[str, Any] = {"game_seconds": seconds, "games": games,
                               "midgame_moves": len(found["kept"])}
    for way, runs in found.items():
        depth, nodes = statistics.mean(d for d, _ in runs), statistics.mean(n for _, n in runs)
        print(f"  tables {way}: mean depth {depth:.2f}, mean nodes {nodes / 1e6:.3f} M")
        figures[f"{way}_depth"], figures[f"{way}_nodes"] = round(depth, 2), round(nodes)
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", default="de46d98", help="the commit to compare with")
    parser.add_argument("--depths", default="10,12,14", help="depths, comma-separated")
    parser.add_argument("--positions", type=int, default=10)
    parser.add_argument("--game-seconds", type=float, default=None, metavar="S",
                        help="measure the depth in games at S seconds a move, tables kept "
                             "against empty, instead")
    parser.add_argument("--games", type=int, default=2, help="games for --game-seconds")
    parser.add_argument("--record", type=Path, default=None, metavar="FILE",
                        help="append the medians as one JSON line to FILE "
                             "(benchmarks/results.jsonl)")
    args = parser.parse_args()
    if args.game_seconds is not None:
        warm_up()
        eval_tables(8)
        in_games = game_depths(args.game_seconds, args.games)
        if args.record is not None:
            append_result(args.record, "depth", in_games)
        return
    depths = sorted(int(d) for d in args.depths.split(","))
    states = [midgame_position(seed) for seed in range(1, args.positions + 1)]
    warm_up()
    eval_tables(8)  # the weights load before any timing
    figures: dict[str, Figures] = {key: {d: [] for d in depths} for key in
                                   ("old fixed", "new fixed", "old expert", "new expert")}
    with CommitExpert(extract(resolve(args.baseline))) as old:
        for ask in (old.ask, answer):  # each side's memory allocated before any timing
            fixed_depth(ask, states[0], [1], {1: []})
            expert_depth(ask, states[0], [1], {1: []})
        for k, state in enumerate(states, start=1):
            fixed_depth(old.ask, state, depths, figures["old fixed"])
            fixed_depth(answer, state, depths, figures["new fixed"])
            expert_depth(old.ask, state, depths, figures["old expert"])
            expert_depth(answer, state, depths, figures["new expert"])
            print(f"  position {k}: depth {max(depths)} cpu, fixed "
                  f"{figures['old fixed'][max(depths)][-1][0]:.3f} s ({args.baseline}) v "
                  f"{figures['new fixed'][max(depths)][-1][0]:.3f} s; expert "
                  f"{figures['old expert'][max(depths)][-1][0]:.3f} s v "
                  f"{figures['new expert'][max(depths)][-1][0]:.3f} s", flush=True)
    print(f"== time to depth, medians of {len(states)} positions (22 random plies)")
    medians: dict[str, Any] = {"baseline": args.baseline, "positions": len(states)}
    for search in ("fixed", "expert"):
        old_medians = report(f"{args.baseline} {search}", figures[f"old {search}"])
        new_medians = report(f"today {search}", figures[f"new {search}"])
        print(f"  {search}: today over {args.baseline}: " + ", ".join(
            f"depth {d} {new_medians[d] / old_medians[d]:.2f}" for d in depths))
        medians[f"{search}_cpu_s"] = {d: round(new_medians[d], 4) for d in depths}
        medians[f"baseline_{search}_cpu_s"] = {d: round(old_medians[d], 4) for d in depths}
    if args.record is not None:
        append_result(args.record, "depth", medians)


if __name__ == "__main__":
    main()
