"""Serve one old commit's level-5 moves and searches (run by
:class:`benchmarks.commit_expert.CommitExpert`).

    python benchmarks/commit_worker.py <dir holding the commit's shared/ (and training/)>

Runs with that directory alone on ``PYTHONPATH``, so ``shared`` (and ``training``) here
are the old commit's packages; it imports nothing else of this repository. It loads the
kernels, prints ``{"ready": ...}``, then answers each JSON line on stdin until stdin
closes (see :func:`answer`). Every answer carries the wall ``seconds`` and ``cpu``
seconds it took. Today's code answers the same requests in-process through
:func:`answer` (``benchmarks.depth``, ``benchmarks.duel``), so both sides of a
comparison run the same measuring code.
"""

from __future__ import annotations

import json
import sys
import time
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

import shared
from shared.ai import choose_move
from shared.ai.kernel import warm_up
from shared.games.othello import OthelloState


def answer(request: dict[str, Any]) -> dict[str, Any]:
    """One request's answer:

    - ``{"board", "to_move", "seconds", "seed"}``: level 5's ``{"move"}``;
    - ``{"board", "to_move", "seconds"}``: the midgame search's ``{"depth", "nodes"}``
      within ``seconds`` (``shared.ai.kernel.expert.appraise``);
    - ``{"own", "opp", "size", "depth"}`` (kernel bitboards): the fixed-depth search's
      ``{"scores", "nodes"}`` (``training.players.DepthSearch`` with the packaged weights,
      its memory cleared; scores by kernel bit, as strings);
    - ``{"board", "to_move", "expert_depth"}``: the expert's own deepening (``appraise``
      with time to spare) until it completes that depth, ``{"iterations"}``
      (:func:`expert_to_depth`).
    """
    start, cpu = time.perf_counter(), time.process_time()
    if "own" in request:
        result = fixed_depth(request["size"], int(request["own"]), int(request["opp"]),
                             request["depth"])
    else:
        state = OthelloState.from_board(request["board"], request["to_move"])
        if "seed" in request:
            result = {"move": choose_move(state, 5, seconds=request["seconds"],
                                          seed=request["seed"])}
        elif "expert_depth" in request:
            result = {"iterations": expert_to_depth(state, request["expert_depth"])}
        else:  # imported late: few commits need it
            from shared.ai.kernel.expert import appraise

            appraisal = appraise(state, request["seconds"], every_exact=False)
            result = {"depth": appraisal.depth, "nodes": appraisal.nodes}
    return {**result, "seconds": time.perf_counter() - start,
            "cpu": time.process_time() - cpu}


@cache
def _depth_search(size: int) -> Any:
    """The commit's fixed-depth search with its packaged weights (made once a process)."""
    import training.players
    from shared.ai.kernel.evaluate import eval_tables

    root = Path(shared.__file__).resolve().parents[1]
    if root not in Path(training.players.__file__).resolve().parents:
        raise RuntimeError(f"training/ of {root} is missing (imported {training.players.__file__})")
    return training.players.DepthSearch(size, eval_tables(size))


def fixed_depth(size: int, own: int, opp: int, depth: int) -> dict[str, Any]:
    """The fixed-depth search's scores and nodes (its memory is cleared by each search)."""
    from shared.ai.kernel.midgame import NODES

    search = _depth_search(size)
    scores = search.scores((np.uint64(own), np.uint64(opp)), depth)
    return {"scores": {str(bit): score for bit, score in scores.items()},
            "nodes": int(search.memory.stats[NODES])}


class _Reached(Exception):
    """Raised out of the expert's deepening once it completed the depth asked for."""


def expert_to_depth(state: OthelloState, depth: int) -> list[list[float]]:
    """``[plies, nodes, cpu seconds, wall seconds]`` at the end of each iteration of the
    expert's own deepening (``appraise``, given time to spare) up to ``depth`` plies, from
    an empty table (the expert keeps its table from move to move since b93cc79: what this
    process searched before must not count): its iteration method is wrapped to note each
    one and stop there (any commit whose ``expert._Search._iteration`` returns how many
    root moves it scored)."""
    from shared.ai.kernel import expert

    for memory in expert._memories.values():
        memory.clear(0)
    iteration = expert._Search._iteration
    start, cpu = time.perf_counter(), time.process_time()
    done_at: list[list[float]] = []

    def noted(search: Any, order: Any, scores: Any, plies: int, memory: Any, end: Any) -> int:
        done: int = iteration(search, order, scores, plies, memory, end)
        if done == order.size:
            done_at.append([plies, int(memory.stats[0]),  # stats[0]: the nodes
                            time.process_time() - cpu, time.perf_counter() - start])
            if plies >= depth:
                raise _Reached
        return done

    expert._Search._iteration = noted  # type: ignore[method-assign,assignment]
    try:
        expert.appraise(state, 3600.0, every_exact=False)
    except _Reached:
        return done_at
    finally:
        expert._Search._iteration = iteration  # type: ignore[method-assign]
    raise ValueError(f"the expert's search ended before depth {depth} (the end of the game?)")


def main() -> None:
    root = Path(sys.argv[1]).resolve()
    package = Path(shared.__file__).resolve()
    if root not in package.parents:  # today's shared would make the comparison a lie
        sys.exit(f"imported {package}, not the shared package under {root}")
    warm_up()
    print(json.dumps({"ready": str(package)}), flush=True)
    for line in sys.stdin:
        print(json.dumps(answer(json.loads(line))), flush=True)


if __name__ == "__main__":
    main()
