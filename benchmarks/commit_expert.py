"""The level-5 expert of an old commit, played from git history in a process of its own.

    root = extract(resolve("a22c4a9"))        # <cache>/<full sha>/shared, from git archive
    with CommitExpert(root) as old:
        move, thought = old.choose(state, seconds=0.5, seed=7)

Why a process: the old commit's package is also called ``shared``, so it cannot share an
interpreter with today's. :func:`extract` writes the commit's ``shared/`` and ``training/``
(``git archive``, nothing copied into the repository) into a cache directory keyed by the
full commit id, and :class:`CommitExpert` runs ``commit_worker.py`` there with that
directory alone on ``PYTHONPATH`` and its own numba cache beside it, so the old kernels
compile once per cache and never touch today's. The worker reads one JSON request a line
from its stdin and exits when stdin closes, so it cannot outlive whoever started it.

The protocol asks the old commit for little (``shared.ai.choose_move``,
``shared.ai.kernel.warm_up``, ``OthelloState.from_board``): any commit since the numba
kernel has all three. The fixed-depth and depth-timing requests (:meth:`CommitExpert.ask`)
also need the commit's ``training.players.DepthSearch`` and ``expert._Search._iteration``.
Needs ``git`` and a history holding the commit (a shallow clone may not: :func:`resolve`
says so).
"""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path
from types import TracebackType
from typing import IO, Any

import platformdirs

from shared.games.othello import OthelloState

ROOT = Path(__file__).resolve().parents[1]
WORKER = Path(__file__).with_name("commit_worker.py")
PREFIX = "commit:"
"""A ladder player ``commit:<rev>`` is the expert of that commit."""
DONE = ".extracted"
"""Written last into an extracted commit's directory: the extraction finished."""


def default_cache() -> Path:
    """Where extracted commits (and their numba caches) are kept between runs."""
    return Path(platformdirs.user_cache_dir("taikyoku")) / "bench-commits"


def resolve(rev: str, repo: Path = ROOT) -> str:
    """The full id of commit ``rev`` in ``repo``'s history; ValueError if git cannot find it
    (no git, not a checkout, a shallow clone without it, or no such revision)."""
    try:
        done = subprocess.run(
            ["git", "-C", str(repo), "rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}"],
            capture_output=True, text=True, timeout=30,
        )
    except OSError as err:
        raise ValueError(f"cannot run git to find commit {rev!r}: {err}") from err
    if done.returncode != 0:
        raise ValueError(f"no commit {rev!r} in the git history of {repo} "
                         "(a shallow clone or a copy without .git lacks old commits)")
    return done.stdout.strip()


def extract(sha: str, cache: Path | None = None, repo: Path = ROOT) -> Path:
    """The directory holding commit ``sha``'s ``shared/`` package and, if it has one, its
    ``training/`` (the fixed-depth search the duel and the depth benchmark run), extracted
    on first use; a directory extracted before without ``training/`` gets it added.

    Extracted into a temporary directory beside the final one and renamed into place, so
    an interrupted extraction leaves nothing half-written and two processes may race.
    """
    cache = default_cache() if cache is None else cache
    target = cache / sha
    if (target / DONE).exists():
        if (target / "training").exists() or not _has(repo, sha, "training"):
            return target
        parts = ["training"]
    else:
        parts = ["shared"] + (["training"] if _has(repo, sha, "training") else [])
    cache.mkdir(parents=True, exist_ok=True)
    archive = subprocess.run(["git", "-C", str(repo), "archive", "--format=tar", sha, *parts],
                             capture_output=True, timeout=120)
    if archive.returncode != 0:
        raise ValueError(f"git archive {sha} {' '.join(parts)} failed: "
                         f"{archive.stderr.decode().strip()}")
    temporary = Path(tempfile.mkdtemp(prefix=f".{sha[:12]}-", dir=cache))
    try:
        with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
            tar.extractall(temporary, filter="data")
        if parts == ["training"]:  # beside a shared/ extracted before
            _move(temporary / "training", target / "training")
        else:
            (temporary / DONE).write_text(sha + "\n", encoding="ascii")
            _move(temporary, target)
    finally:
        shutil.rmtree(temporary, ignore_errors=True)
    return target


def _has(repo: Path, sha: str, path: str) -> bool:
    """Whether commit ``sha`` holds ``path``."""
    return subprocess.run(["git", "-C", str(repo), "cat-file", "-e", f"{sha}:{path}"],
                          capture_output=True, timeout=30).returncode == 0


def _move(source: Path, target: Path) -> None:
    """Rename ``source`` to ``target``, unless another process got there first."""
    try:
        source.rename(target)
    except OSError:
        if not target.exists():
            raise


class CommitExpert:
    """One worker process running an extracted commit's level-5 ``choose_move``.

    Starting it waits until the worker has loaded (or compiled into its own cache) the
    old kernels, so no move's time goes to compiling. ``jit=False`` runs the old kernels
    as plain Python (``NUMBA_DISABLE_JIT=1``): slow, but nothing to compile (for tests).
    """

    def __init__(self, root: Path, jit: bool = True) -> None:
        env = {key: value for key, value in os.environ.items()
               if key not in ("PYTHONPATH", "NUMBA_DISABLE_JIT")}
        env.update(PYTHONPATH=str(root), NUMBA_CACHE_DIR=str(root / "numba-cache"),
                   PYTHONDONTWRITEBYTECODE="1")
        if not jit:
            env["NUMBA_DISABLE_JIT"] = "1"
        self.root, self.jit = root, jit
        # a file, not a pipe: a chatty worker (numba warnings) can never block on it
        self.stderr = tempfile.TemporaryFile("w+")
        self.process = subprocess.Popen(
            [sys.executable, str(WORKER), str(root)], cwd=root, env=env, text=True,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.stderr,
        )
        ready = self._answer()
        if "ready" not in ready:
            raise RuntimeError(f"the worker for {root} did not start: {ready}")

    def choose(self, state: OthelloState, seconds: float, seed: int) -> tuple[int, float]:
        """The old expert's move in ``state`` and the seconds it thought (its own clock)."""
        answer = self._ask(state, seconds, seed=seed)
        return int(answer["move"]), float(answer["seconds"])

    def appraise(self, state: OthelloState, seconds: float) -> dict[str, Any]:
        """The old midgame search's ``depth``, ``nodes``, wall ``seconds`` and ``cpu`` seconds
        in ``state`` within ``seconds``."""
        return self._ask(state, seconds)

    def _ask(self, state: OthelloState, seconds: float, **more: int) -> dict[str, Any]:
        return self.ask({"board": state.board, "to_move": state.to_move, "seconds": seconds,
                         **more})

    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        """The worker's answer to one request (:func:`benchmarks.commit_worker.answer`)."""
        stdin = self._pipe(self.process.stdin)
        stdin.write(json.dumps(request) + "\n")
        stdin.flush()
        answer = self._answer()
        if "seconds" not in answer:
            raise RuntimeError(f"the worker for {self.root} failed: {answer}")
        return answer

    def _answer(self) -> dict[str, Any]:
        line = self._pipe(self.process.stdout).readline()
        if not line:
            self.process.wait(30)
            self.stderr.seek(0)
            stderr = self.stderr.read()
            raise RuntimeError(f"the worker for {self.root} exited "
                               f"({self.process.returncode}): {stderr.strip()[-2000:]}")
        answer: dict[str, Any] = json.loads(line)
        return answer

    @staticmethod
    def _pipe(pipe: IO[str] | None) -> IO[str]:
        assert pipe is not None  # every pipe is opened in __init__
        return pipe

    def close(self) -> None:
        """Close the worker's stdin (it exits) and wait for it; kill it if it hangs."""
        if self.process.poll() is None:
            self._pipe(self.process.stdin).close()
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self._pipe(self.process.stdout).close()
        self.stderr.close()

    def __enter__(self) -> CommitExpert:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()
