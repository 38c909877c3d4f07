"""Play bot levels (and experts of other commits) against each other; print the points.

    python -m benchmarks.ladder --games 10 --size 8 --seconds 1.0 --workers 2
    python -m benchmarks.ladder --pairs 5:commit:a22c4a9 --seconds 0.5 --games 100 \\
        --out /work/bench/ladder.jsonl        # the same command again resumes it

Pairs: 5 v 4, 4 v 3, 3 v 2, 2 v 1 (``--pairs 5:4,4:3`` to choose). A pseudo-level,
given the same ``--seconds`` a move as level 5: ``commit:<rev>``, the level-5 expert of
that commit of this repository's history (any commit since the numba kernel), run in
worker processes of its own (:mod:`benchmarks.commit_expert`). Each pair plays
``--games`` games in twos: both games of a two start from the same random opening
(``--opening`` plies; no two openings the same position up to the board's symmetries)
with the seats swapped, so neither side gains from moving first. Games run in parallel
in a process pool whose workers load every player's compiled kernels before the first
game, so no move's time goes to compiling. A win is a point, a draw half. Each finished
game is appended to ``--out`` (see :mod:`benchmarks.ladder_log`); ``--report`` prints
the figures of that file and plays nothing.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

from benchmarks import ladder_log
from benchmarks.commit_expert import PREFIX, ROOT, CommitExpert, extract, resolve
from benchmarks.results_file import append_result
from shared.ai import choose_move
from shared.ai.kernel import warm_up
from shared.games.othello import OthelloState

PLAYER = rf"[1-5]|{PREFIX}[^:,\s]+"
"""A player: a level or ``commit:<rev>``."""

_commits: dict[str, CommitExpert] = {}
"""This worker's processes of old commits' experts, by player name."""


def start_worker(commits: dict[str, str], jit: bool, today: bool) -> None:
    """Load the kernels of every player before the first game: today's in this process
    (if ``today``: level 5 plays), each old commit's in a process of its own (``commits``:
    player -> extracted root)."""
    if today:
        warm_up()
    for player, root in commits.items():
        if player not in _commits:
            _commits[player] = CommitExpert(Path(root), jit)


def stop_commits() -> None:
    """End this process's old-commit workers."""
    while _commits:
        _commits.popitem()[1].close()


def play_move(player: str, state: OthelloState, seconds: float, seed: int) -> int:
    """``player``'s move: a bot level ("1"-"5") or an old commit's expert."""
    if player.startswith(PREFIX):
        expert = _commits[player]
        if expert.process.poll() is not None:  # it died (killed?): a new one from here on
            expert.close()
            expert = _commits[player] = CommitExpert(expert.root, expert.jit)
        return expert.choose(state, seconds, seed)[0]
    timed = seconds if player == "5" else None
    return choose_move(state, int(player), seconds=timed, seed=seed)


def play_game(size: int, black: str, white: str, opening: list[int], seed: int,
              seconds: float) -> dict[str, Any]:
    """One game from ``opening``: who won, the final discs and each move's empties and
    seconds (a record of :mod:`benchmarks.ladder_log` without its setup and pair)."""
    state = OthelloState.start(size)
    for move in opening:
        state = state.play(move)
    players = (black, white)
    moves = []
    ply = 0
    while not state.is_over:
        seat = state.to_move
        empties = size * size - (state.black | state.white).bit_count()
        started = time.perf_counter()
        move = play_move(players[seat], state, seconds, seed * 1000 + ply)
        moves.append([seat, empties, time.perf_counter() - started, move])
        state = state.play(move)
        ply += 1
    outcome = state.outcome()
    assert outcome is not None
    return {"black": black, "white": white, "opening": opening, "winner": outcome.winner,
            "discs": list(outcome.score), "moves": moves}


def canonical(state: OthelloState) -> str:
    """The same text for positions that differ by a rotation or reflection of the board."""
    n = state.size
    grid = [state.board[row * n:(row + 1) * n] for row in range(n)]
    variants = []
    for _ in range(4):
        grid = ["".join(grid[n - 1 - row][col] for row in range(n)) for col in range(n)]
        variants += ["".join(grid), "".join("".join(col) for col in zip(*grid))]
    return min(variants) + str(state.to_move)


def openings(size: int, plies: int, count: int) -> list[list[int]]:
    """``count`` seeded random openings of ``plies`` moves, no two the same position up to
    symmetry while unused ones are easy to find; the first k are the same for any count."""
    rng = random.Random(size * 1000 + plies)
    seen: set[str] = set()
    found: list[list[int]] = []
    while len(found) < count:
        for _ in range(1000):
            state = OthelloState.start(size)
            moves: list[int] = []
            while len(moves) < plies and not state.is_over:
                moves.append(rng.choice(state.legal_moves()))
                state = state.play(moves[-1])
            if canonical(state) not in seen:
                break
        seen.add(canonical(state))
        found.append(moves)
    return found


def parse_pairs(text: str) -> list[tuple[str, str]]:
    """``"5:4,5:commit:a22c4a9"`` as [("5", "4"), ("5", "commit:a22c4a9")]; ValueError for
    anything else."""
    pairs = []
    for item in text.split(","):
        match = re.fullmatch(rf"({PLAYER}):({PLAYER})", item.strip())
        if not match or match[1] == match[2]:
            raise ValueError(f"a pair is two different players (levels 1-5 or "
                             f"'{PREFIX}<rev>'), like 5:4, not {item!r}")
        pairs.append((match[1], match[2]))
    return pairs


def checkout_version() -> str:
    """The commit this checkout's levels play at, '+modified' if ``shared/`` differs."""
    try:
        head = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "HEAD"], capture_output=True,
                              text=True, check=True, timeout=30).stdout.strip()
        changes = subprocess.run(["git", "-C", str(ROOT), "status", "--porcelain", "--", "shared"],
                                 capture_output=True, text=True, check=True, timeout=30).stdout
    except (OSError, subprocess.SubprocessError):
        return "unknown (no git)"
    return head + ("+modified" if changes.strip() else "")


def run(pairs: list[tuple[str, str]], games: int, size: int, seconds: float, opening: int,
        workers: int, out: Path, report: bool = False, jit: bool = True,
        cache: Path | None = None) -> tuple[list[ladder_log.Record], bool]:
    """Play the games of ``pairs`` not yet in ``out`` (none if ``report``): every game of the
    run in ``out``, and False if a game failed (its error is printed; a rerun retries it)."""
    players = sorted({player for pair in pairs for player in pair})
    version = checkout_version()
    commits = {p: resolve(p.removeprefix(PREFIX)) for p in players if p.startswith(PREFIX)}
    setup = {"size": size, "seconds": seconds, "opening": opening,
             "players": {p: commits.get(p, version) for p in players}}
    done = ladder_log.load(out, setup)
    have = {(r["pair"], r["game"]) for r in done}
    todo = [(strong, weak, game) for game in range(games) for strong, weak in pairs
            if (f"{strong}:{weak}", game) not in have]
    print(f"{size}x{size}, {games} games per pair, {seconds} s a move for the timed players, "
          f"{opening} random opening plies, {workers} workers; players: {setup['players']}; "
          f"{len(done)} games already in {out}, {0 if report else len(todo)} to play",
          flush=True)
    if not todo or report:
        return done, True
    roots = {p: str(extract(sha, cache)) for p, sha in commits.items()}
    today = "5" in players
    start_worker(roots, jit, today)  # compile here once; the workers then load the caches
    if workers:
        stop_commits()  # each pool worker starts its own
    starts = openings(size, opening, (games + 1) // 2)
    try:
        with _pool(workers, (roots, jit, today)) as pool:
            jobs = {}
            for strong, weak, game in todo:
                black, white = (strong, weak) if game % 2 == 0 else (weak, strong)
                job = pool.submit(play_game, size, black, white, starts[game // 2], game, seconds)
                jobs[job] = {"setup": setup, "pair": f"{strong}:{weak}", "game": game}
            return done, _collect(jobs, out, done)
    finally:
        stop_commits()


def _collect(jobs: dict[Future[dict[str, Any]], ladder_log.Record], out: Path,
             done: list[ladder_log.Record]) -> bool:
    """Append each game to ``out`` and ``done`` as it finishes; False if one failed."""
    started = time.perf_counter()
    failed = False
    for finished, job in enumerate(as_completed(jobs), 1):
        head = jobs[job]
        try:
            record = {**head, **job.result()}
        except Exception as error:  # noqa: BLE001 - reported; a rerun retries it
            print(f"game {head['game']} of {head['pair']} failed: {error!r}", flush=True)
            failed = True
            continue
        ladder_log.append(out, record)
        done.append(record)
        print(f"[{finished}/{len(jobs)}, {time.perf_counter() - started:.0f} s] game "
              f"{record['game']} of {record['pair']}: discs {record['discs']} "
              f"({record['black']} black)", flush=True)
    if failed:
        print("some games failed: the same command again plays them", flush=True)
    return not failed


def report(pairs: list[tuple[str, str]], records: list[ladder_log.Record],
           record: Path | None = None) -> None:
    """Each pair's points and both sides' time a move; with ``record``, one line a pair
    appended to that results file (:mod:`benchmarks.results_file`)."""
    for strong, weak in pairs:
        games = [r for r in records if r["pair"] == f"{strong}:{weak}"]
        if games:
            print(ladder_log.score_line(strong, weak, games))
            for player in (strong, weak):
                print(f"  {ladder_log.time_line(player, games)}")
            if record is not None:
                append_result(record, "ladder", {
                    "pair": f"{strong}:{weak}", **games[0]["setup"],
                    **ladder_log.score(strong, weak, games),
                    "times": {player: ladder_log.times(player, games)
                              for player in (strong, weak)}})
    sys.stdout.flush()


class _Inline(Executor):
    """``--workers 0``: every game in this process, one after the other."""

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except Exception as error:  # noqa: BLE001 - handed to the caller like a pool does
            future.set_exception(error)
        return future


def _pool(workers: int, initargs: tuple[dict[str, str], bool, bool]) -> Executor:
    if workers == 0:
        return _Inline()
    # spawn, as the server's bot pool does: each worker loads the caches, fresh
    return ProcessPoolExecutor(workers, multiprocessing.get_context("spawn"),
                               initializer=start_worker, initargs=initargs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="games per pair (even)")
    parser.add_argument("--size", type=int, default=8, choices=(4, 6, 8))
    parser.add_argument("--seconds", type=float, default=1.0,
                        help="the time a move of level 5 and of the pseudo-levels")
    parser.add_argument("--opening", type=int, default=4, help="random opening plies")
    parser.add_argument("--workers", type=int, default=2, help="0: play in this process")
    parser.add_argument("--pairs", default="5:4,4:3,3:2,2:1",
                        help=f"strong:weak,... (levels 1-5 or {PREFIX}<rev>)")
    parser.add_argument("--out", type=Path,
                        help="the games file to append to and resume from (default: a new "
                             "temporary file)")
    parser.add_argument("--report", action="store_true",
                        help="print the figures of the games in --out; play nothing")
    parser.add_argument("--commit-cache", type=Path,
                        help="where old commits are extracted (default: the user's cache)")
    parser.add_argument("--record", type=Path, metavar="FILE",
                        help="append each pair's figures to this results file "
                             "(benchmarks/results.jsonl)")
    args = parser.parse_args()
    try:
        pairs = parse_pairs(args.pairs)
    except ValueError as err:
        parser.error(str(err))
    if args.games < 2 or args.games % 2:
        parser.error("--games must be even (each opening is played from both seats)")
    if args.workers < 0 or not args.seconds > 0 or args.opening < 0:
        parser.error("--workers and --opening cannot be negative, --seconds must be positive")
    if args.report and args.out is None:
        parser.error("--report reads the games of --out")
    out = args.out or Path(tempfile.gettempdir(), f"ladder-{os.getpid()}-{time.time():.0f}.jsonl")
    try:
        records, ok = run(pairs, args.games, args.size, args.seconds, args.opening,
                          args.workers, out, args.report, cache=args.commit_cache)
    except ValueError as err:
        sys.exit(f"ladder: {err}")
    report(pairs, records, args.record)
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
