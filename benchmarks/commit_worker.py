"""Serve one old commit's level-5 moves (run by :class:`benchmarks.commit_expert.CommitExpert`).

    python benchmarks/commit_worker.py <dir holding the commit's shared/>

Runs with that directory alone on ``PYTHONPATH``, so ``shared`` here is the old commit's
package; it imports nothing else of this repository. It loads the kernels, prints
``{"ready": ...}``, then answers each JSON line on stdin until stdin closes:
``{"board", "to_move", "seconds", "seed"}`` with level 5's move, ``{"move", "seconds"}``;
without ``seed``, with the midgame search's ``{"depth", "nodes", "cpu", "seconds"}``
(``shared.ai.kernel.expert.appraise``, for ``benchmarks.search --baseline``).
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import shared
from shared.ai import choose_move
from shared.ai.kernel import warm_up
from shared.games.othello import OthelloState


def main() -> None:
    root = Path(sys.argv[1]).resolve()
    package = Path(shared.__file__).resolve()
    if root not in package.parents:  # today's shared would make the comparison a lie
        sys.exit(f"imported {package}, not the shared package under {root}")
    warm_up()
    print(json.dumps({"ready": str(package)}), flush=True)
    for line in sys.stdin:
        request = json.loads(line)
        state = OthelloState.from_board(request["board"], request["to_move"])
        start, cpu = time.perf_counter(), time.process_time()
        if "seed" in request:
            answer = {"move": choose_move(state, 5, seconds=request["seconds"],
                                          seed=request["seed"])}
        else:  # the midgame search's depth and nodes (imported late: few commits need it)
            from shared.ai.kernel.expert import appraise

            appraisal = appraise(state, request["seconds"], every_exact=False)
            answer = {"depth": appraisal.depth, "nodes": appraisal.nodes,
                      "cpu": time.process_time() - cpu}
        print(json.dumps({**answer, "seconds": time.perf_counter() - start}), flush=True)


if __name__ == "__main__":
    main()
