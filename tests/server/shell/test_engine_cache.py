"""The engine compiles once: numba's cache goes where it can be written, the next process
loads it instead of compiling, and the server's bot workers start with it loaded.

The cache checks run the package from a copy in a fresh interpreter (numba's default
cache location follows the source files) and read numba's own statistics of cache hits
and misses, not timings.
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from server.shell.bot_pool import PREPARING, BotRunner, prepare_engine
from shared.games import new_game
from tests import ROOT

pytestmark = pytest.mark.timeout(600)
"""These tests compile the kernels from a cold cache in fresh processes, up to twice a
test: minutes on a busy 2-core machine, where the suite's 120 s (which ends the whole
worker) cut one; each process is bounded by its own timeout as well."""

_REPORT = """
import importlib, json, os, pkgutil, sys
from numba.core.dispatcher import Dispatcher
import shared
import shared.ai.kernel as kernel

modules = [importlib.import_module(info.name)
           for info in pkgutil.iter_modules(kernel.__path__, kernel.__name__ + ".")]
dispatchers = {id(obj): obj for module in modules for obj in vars(module).values()
               if isinstance(obj, Dispatcher)}.values()

def counts():
    hits = sum(sum(d.stats.cache_hits.values()) for d in dispatchers)
    misses = sum(sum(d.stats.cache_misses.values()) for d in dispatchers)
    return hits, misses

report = {"shared": shared.__file__, "compiled": kernel.jit.COMPILED,
          "cache_paths": sorted({d.stats.cache_path for d in dispatchers})}
pycache = os.path.join(os.path.dirname(kernel.__file__), "__pycache__")
try:
    os.makedirs(pycache, exist_ok=True)
    open(os.path.join(pycache, "probe"), "w").close()
    os.remove(os.path.join(pycache, "probe"))
    report["read_only"] = False
except OSError:
    report["read_only"] = True
import random
from shared.ai import choose_move
from shared.games.othello import OthelloState
kernel.warm_up()
report["after_warm_up"] = counts()
# a midgame move and an endgame one (the exact solver): nothing left to compile
start = late = OthelloState.start(8)
rng = random.Random(7)
while late.is_over or len(late.legal_moves()) < 2 or late.board.count(".") > 10:
    late = OthelloState.start(8) if late.is_over else late.play(rng.choice(late.legal_moves()))
moves = [(s, choose_move(s, 5, seconds=0.3, seed=1)) for s in (start, late)]
report["legal"] = [move in s.legal_moves() for s, move in moves]
report["after_moves"] = counts()
print(json.dumps(report))
"""


def _run(install: Path, env: dict[str, str], prefix: list[str]) -> dict[str, Any]:
    """Run the report script in a fresh interpreter on the package copied to ``install``."""
    out = subprocess.run(
        [*prefix, sys.executable, "-c", _REPORT],
        cwd=install, env=env, capture_output=True, text=True, timeout=600,
    )
    assert out.returncode == 0, out.stderr
    report: dict[str, Any] = json.loads(out.stdout)
    assert Path(report["shared"]).is_relative_to(install), report  # the copy, not /work
    assert report["compiled"], "numba must compile here"
    return report


def _install(tmp_path: Path) -> Path:
    """A copy of the package (its sources only) under ``tmp_path``: an install of it."""
    install = tmp_path / "install"
    shutil.copytree(ROOT / "shared", install / "shared",
                    ignore=shutil.ignore_patterns("__pycache__"))
    return install


def _env(tmp_path: Path, install: Path) -> dict[str, str]:
    """The environment of a user with an empty cache directory and numba's defaults."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("NUMBA_")}
    env.update(PYTHONPATH=str(install), HOME=str(tmp_path / "home"),
               XDG_CACHE_HOME=str(tmp_path / "cache"), PYTHONDONTWRITEBYTECODE="1")
    return env


def _read_only(install: Path) -> list[str]:
    """Make ``install`` read-only for the report's process; the command prefix that does it.

    A normal user loses write permission; root ignores permissions, so for root the
    process runs in its own mount namespace with ``install`` bind-mounted read-only.
    """
    for path in [install, *install.rglob("*")]:
        path.chmod(path.stat().st_mode & ~(stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH))
    if os.geteuid() != 0:
        return []
    script = 'mount --bind "$0" "$0" && mount -o remount,bind,ro "$0" "$0" && exec "$@"'
    prefix = ["unshare", "--mount", "sh", "-c", script, str(install)]
    if shutil.which("unshare") is None:
        pytest.skip("running as root without unshare(1): no way to make a read-only directory")
    probe = subprocess.run([*prefix, "true"], capture_output=True, text=True)
    if probe.returncode != 0:
        pytest.skip(f"running as root with no mount namespace to make a read-only "
                    f"directory: {probe.stderr.strip()}")
    return prefix


def _play_twice(install: Path, env: dict[str, str], prefix: list[str]) -> dict[str, Any]:
    """Two fresh processes each warm up and play a midgame and an endgame move: the first
    compiles every kernel into an empty cache, the second compiles nothing. The first
    report, for where its cache went."""
    first = _run(install, env, prefix)
    assert first["legal"] == [True, True]
    hits, misses = first["after_warm_up"]
    assert hits == 0 and misses > 0  # a cold cache: warm_up compiled the kernels...
    assert first["after_moves"][1] == misses  # ...all that the moves needed

    second = _run(install, env, prefix)
    assert second["legal"] == [True, True]
    hits, misses = second["after_warm_up"]
    assert misses == 0 and hits > 0  # loaded from the cache, nothing compiled
    # (a kernel warm_up reached only inside another may be loaded later: loads are cheap)
    assert second["after_moves"][1] == 0
    return first


def test_a_second_process_starts_warm_and_an_edited_kernel_file_recompiles_its_callers(
    tmp_path: Path,
) -> None:
    """The cache next to the package serves the next process; then an edit to one kernel
    file (the bits, called by the solver and the search) recompiles every kernel: numba
    alone would load the cached solver, its file unchanged, with the old bits compiled
    in, and the cache guard drops every cached kernel when any kernel source changes.
    (One test, so that the edit starts from the cache the first part filled: each cold
    compile costs a minute or more of a test worker.)"""
    install = _install(tmp_path)
    env = _env(tmp_path, install)
    first = _play_twice(install, env, [])
    assert not first["read_only"]
    kernel = install / "shared" / "ai" / "kernel"
    assert first["cache_paths"] == [str(kernel / "__pycache__")]

    foreign = kernel / "__pycache__" / "other.f-1.py311.nbi"  # not one of the kernels'
    foreign.write_bytes(b"someone else's")
    with (kernel / "bits.py").open("a") as bits:
        bits.write("# an edit, as a git pull brings\n")
    edited = _run(install, env, [])
    hits, misses = edited["after_warm_up"]
    assert hits == 0 and misses > 0  # nothing stale loaded: the unchanged files' kernels too
    assert edited["legal"] == [True, True] and edited["after_moves"][1] == misses
    assert foreign.read_bytes() == b"someone else's"

    unchanged = _run(install, env, [])  # and the refilled cache serves the next process
    assert unchanged["after_warm_up"][1] == 0 and unchanged["after_moves"][1] == 0


def test_a_read_only_install_caches_in_the_user_cache(tmp_path: Path) -> None:
    install = _install(tmp_path)
    env = _env(tmp_path, install)
    prefix = _read_only(install)
    user_cache = tmp_path / "cache" / "numba"

    first = _play_twice(install, env, prefix)
    assert first["read_only"]
    assert all(Path(p).is_relative_to(user_cache) for p in first["cache_paths"]), first
    assert list(user_cache.rglob("*.nbi")) and list(user_cache.rglob("*.nbc"))


def test_without_numba_the_kernels_run_as_python_and_level_5_still_plays() -> None:
    script = """
import json, sys
sys.modules["numba"] = None  # what a platform without numba's wheels sees: ImportError
from shared.ai import choose_move
from shared.ai.kernel import jit
from shared.games.othello import OthelloState
played = []
for size in (4, 6, 8):
    state = OthelloState.start(size)
    played.append(choose_move(state, 5, seconds=0.2, seed=1) in state.legal_moves())
print(json.dumps({"compiled": jit.COMPILED, "legal": played}))
"""
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         timeout=120, check=True)
    assert json.loads(out.stdout) == {"compiled": False, "legal": [True, True, True]}


async def test_prepare_engine_says_preparing_only_when_it_takes_long() -> None:
    said: list[str] = []
    assert await prepare_engine(said.append, after=60.0) >= 0.0
    assert said == []  # warm in this process by now: well within a minute
    await prepare_engine(said.append, after=0.0)
    assert said == [PREPARING]


def kernel_was_loaded(game: str, size: int, board: str, to_move: int, level: int,
                      seconds: float | None) -> int:
    """A thinker for the probe below: square 4 if this worker had the expert's kernels
    loaded before this job came, else square 0 (both legal on an empty tic-tac-toe board)."""
    from shared.ai.kernel import bits

    return 4 if getattr(bits.legal_moves, "signatures") else 0  # numba's compiled ones


async def test_warm_up_starts_every_worker_with_the_kernels_loaded() -> None:
    before = set(multiprocessing.active_children())
    runner = BotRunner(workers=2, thinker=kernel_was_loaded)
    try:
        await runner.warm_up()
        started = set(multiprocessing.active_children()) - before
        assert len(started) == 2 and all(p.is_alive() for p in started)
        moves = await asyncio.gather(
            *(runner.choose(new_game("tictactoe"), 3) for _ in range(4))
        )
        assert moves == [4, 4, 4, 4]
        assert set(multiprocessing.active_children()) - before == started  # no new worker
    finally:
        await runner.close()


async def test_a_runner_nobody_warmed_leaves_the_kernels_to_the_first_search() -> None:
    # test servers (warm_bots off) start light workers: most never search with the kernels
    runner = BotRunner(workers=1, thinker=kernel_was_loaded)
    try:
        assert await runner.choose(new_game("tictactoe"), 3) == 0
    finally:
        await runner.close()
