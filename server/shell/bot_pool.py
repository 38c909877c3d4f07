"""Server bot seats: the search runs in a process pool under a deadline, never in the loop.

A search that overruns its deadline or crashes its worker, or a bot on a clock that gets
no worker in time, costs the bot nothing worse than its quick move
(:func:`shared.ai.quick_move`, one ply, worked out here at once): the match goes on, and
the incident is logged. Every search is given its thinking time
(:func:`shared.ai.move_time.move_seconds`, also for a level without one) and stops at it
itself, so an abandoned one frees its worker too.

The expert's kernels are compiled machine code (numba, :mod:`shared.ai.kernel`): the
first run after an install compiles them (seconds), later processes load numba's cache.
:meth:`BotRunner.prepare` does this in the server's process before it accepts anyone
(:func:`prepare_engine` lets a client that starts a server say so while it happens),
then starts the workers loading the kernels while the server serves.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import multiprocessing.connection
import os
import threading
import time
from concurrent.futures import BrokenExecutor, Future, ProcessPoolExecutor
from typing import Callable, TypeVar

import shared.ai
from server.shell.worker_slots import WorkerSlots
from shared.ai import quick_move
from shared.ai.kernel import warm_up
from shared.ai.move_time import Budget, move_seconds
from shared.games import State, new_game

log = logging.getLogger("taikyoku.server")

SLACK_SECONDS = 5.0
"""Time allowed beyond a bot's thinking time: starting a worker process, a busy machine
(on a clock, never more than the clock's share for the move)."""
PREPARING = "preparing the engine (first run only)"
"""Said while the kernels compile: the server logs it, a client starting a server shows it."""
ANNOUNCE_AFTER = 2.0
"""Seconds of warm-up after which it is a compile, not a load from the cache (well under a
second), and :data:`PREPARING` is said."""
POOL_START_SECONDS = 300.0
"""The most a search or an engine job waits for the pool's workers to start (spawned,
the engine loaded from numba's cache, or compiled on a cold one: seconds, many more on
a loaded machine); its own deadline counts from then, so a first hint or bot move is
not given up because the workers were still starting."""


def think(game: str, size: int, board: str, to_move: int, level: int,
          seconds: float | None) -> int:
    """Worker-side entry point: rebuild the position and ask the bot (picklable by name)."""
    state = new_game(game, size, board, to_move)
    return shared.ai.choose_move(state, level, seconds)


async def prepare_engine(
    say: Callable[[str], None] = log.info, after: float = ANNOUNCE_AFTER
) -> float:
    """Compile the expert's kernels in this process, or load them from numba's cache.

    Runs in a thread, so the event loop (and a window drawn by it) carries on.
    ``say(PREPARING)`` is called once if it takes longer than ``after`` seconds (a cold
    compile: the first run after an install or an upgrade). Returns the seconds it took;
    cheap once done in this process. A client starting a server in its own process
    awaits this first, with its own ``say``, then :meth:`GameServer.start`, whose
    :meth:`BotRunner.warm_up` then finds the kernels ready.
    """
    started = time.perf_counter()
    work = asyncio.ensure_future(asyncio.to_thread(warm_up))
    done, _ = await asyncio.wait({work}, timeout=after)
    if not done:
        say(PREPARING)
    await work
    return time.perf_counter() - started


_started: threading.Barrier | None = None
"""In a worker: the barrier of its pool's start (:func:`worker_started`)."""


def start_worker(warm: bool, started: threading.Barrier) -> None:
    """Worker initializer: follow the parent (:func:`follow_parent`); with ``warm``, load
    the kernels too, so the worker's first search starts at once (without, that search
    loads them: a runner nobody warmed may never need them, as in most tests)."""
    global _started
    _started = started
    follow_parent()
    if warm:
        warm_up()


def worker_started() -> int:
    """The probe of a pool's start: returns once every worker of the pool has started
    (each waits for all the others at the pool's barrier, so each takes one probe)."""
    assert _started is not None, "not in a worker of a BotRunner"
    _started.wait()
    return os.getpid()


def follow_parent() -> None:
    """End this worker when the server process dies, even by SIGKILL.

    A pool worker waits on a queue whose writing end it holds itself, so it would never
    notice its parent's death and would linger forever.
    """
    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(target=_exit_with, args=(parent.sentinel,), daemon=True).start()


def _exit_with(sentinel: int) -> None:
    multiprocessing.connection.wait([sentinel])
    os._exit(0)


Thinker = Callable[[str, int, str, int, int, "float | None"], int]
T = TypeVar("T")


class BotRunner:
    """Asks bots for moves in worker processes, each answer bounded by a deadline.

    ``thinker`` is the worker function (a module-level function, so it pickles);
    ``slack`` is the time allowed on top of the thinking time before giving up.
    """

    def __init__(
        self,
        workers: int | None = None,
        cap: float | None = None,
        slack: float = SLACK_SECONDS,
        thinker: Thinker = think,
        starter: Callable[[bool, threading.Barrier], None] = start_worker,
    ) -> None:
        self.workers = workers
        self.cap = cap
        self.slack = slack
        self.thinker = thinker
        self.starter = starter
        """The workers' initializer (a module-level function, so it pickles)."""
        self._pool: ProcessPoolExecutor | None = None
        self._start: asyncio.Future[list[int]] | None = None
        """The start of the pool's workers (:meth:`_started`)."""
        self._warm = False
        """Set by :meth:`warm_up`: from then on every worker loads the kernels as it starts
        (also those of a pool started again after a crash)."""
        self.size = workers or os.cpu_count() or 1
        """How many worker processes the pool runs."""
        self._slots = WorkerSlots(self.size)
        """One per worker: a search waits here for a free worker (bots before the
        engine's jobs), and its deadline starts only once it has one."""
        self._searches: dict[str, Future[int]] = {}
        """Each match's last search while it is in a worker (see :meth:`_own_search_over`)."""

    def _executor(self) -> ProcessPoolExecutor:
        """The pool, started with every worker (one probe each, :func:`worker_started`,
        the first jobs it runs) if there was none."""
        if self._pool is None:
            # spawn, not fork: the server may live in a process with threads (the GUI's).
            context = multiprocessing.get_context("spawn")
            self._pool = pool = ProcessPoolExecutor(
                max_workers=self.size, mp_context=context, initializer=self.starter,
                initargs=(self._warm, context.Barrier(self.size)),
            )
            self._start = asyncio.gather(*(asyncio.wrap_future(pool.submit(worker_started))
                                           for _ in range(self.size)))
            self._start.add_done_callback(lambda start: start.cancelled() or start.exception())
        return self._pool

    async def _started(self) -> None:
        """Wait until every worker of the pool has started (and loaded the engine, once
        :meth:`warm_up` was asked for), starting a pool if there is none: a search's or an
        engine job's deadline counts from here. TimeoutError past
        :data:`POOL_START_SECONDS`; BrokenExecutor if a worker could not start (the pool
        starts again on the next job)."""
        self._executor()
        assert self._start is not None
        try:
            await asyncio.wait_for(asyncio.shield(self._start), POOL_START_SECONDS)
        except BrokenExecutor:
            self._discard_pool()
            raise

    async def prepare(self, say: Callable[[str], None] = log.info) -> None:
        """Have the kernels ready for every worker, and start the workers, without
        waiting for them.

        The kernels are compiled in this process first (:func:`prepare_engine`), so a
        cold cache is filled once, not by every worker at the same time. Then the pool
        starts every worker, each loading the kernels from the cache (its initializer),
        while this returns: a bot move or a hint asked meanwhile waits for them
        (:meth:`_started`), its deadline counting from then. A pool whose workers cannot
        start is logged and dropped; the first bot move starts another, as after a crash.
        """
        await prepare_engine(say)
        self._warm = True
        self._executor()
        assert self._start is not None
        self._start.add_done_callback(self._start_failed)

    def _start_failed(self, start: asyncio.Future[list[int]]) -> None:
        if start.cancelled() or start.exception() is None or start is not self._start:
            return
        log.warning("bot workers could not start (%r); trying again on the first move",
                    start.exception())
        self._discard_pool()

    async def warm_up(self, say: Callable[[str], None] = log.info) -> float:
        """:meth:`prepare`, then wait until every worker runs with the kernels loaded.
        Returns the seconds it took."""
        started = time.perf_counter()
        await self.prepare(say)
        try:
            await self._started()
        except BrokenExecutor:
            pass  # logged, and dropped: the first bot move starts another pool
        except TimeoutError:
            log.warning("bot workers have not started in %g s; a bot move or a hint waits "
                        "for them", POOL_START_SECONDS)
        return time.perf_counter() - started

    async def choose(
        self, state: State, level: int, where: str = "", budget: Budget | None = None,
        owner: str = "",
    ) -> int:
        """A legal move for the side to move: the bot's, or its quick move if it failed.

        ``owner`` is the address the search counts for (the one that opened the match):
        a free worker goes to each owner in turn (server/shell/worker_slots.py). With a
        ``budget`` (a clocked match) the bot thinks within it, decided when a worker is
        free, and a search that overruns gives way to the quick move in time."""
        legal = state.legal_moves()
        try:  # the deadline counts from the worker, not the queue nor the pool's start;
            await asyncio.wait_for(self._worker_for(where, owner),  # a clock runs meanwhile
                                   None if budget is None else budget.share(time.time()))
        except (TimeoutError, BrokenExecutor) as err:
            log.warning("no bot worker was free in time for %s (%s); playing its quick move",
                        where, "its clock ran out waiting" if budget is not None
                        else f"the workers did not start: {err!r}")
            return quick_move(state)
        now = time.time()
        seconds = move_seconds(level, self.cap, budget, now)
        slack = self.slack if budget is None else min(self.slack, budget.share(now))
        deadline = seconds + slack
        try:
            work = self._submit(self.thinker, state.game, state.size, state.board,
                                state.to_move, level, seconds)
            if where:
                self._track(where, work)
            move = await asyncio.wait_for(asyncio.wrap_future(work), deadline)
        except TimeoutError:
            log.warning("bot level %d in %s missed its %.1f s deadline; playing its quick "
                        "move", level, where, deadline)
        except BrokenExecutor as err:
            log.warning("bot worker crashed in %s (%s); restarting the pool, quick move",
                        where, err)
            self._discard_pool()
        except Exception as err:  # a bug in a bot must not stop the match
            log.warning("bot level %d failed in %s: %r; playing its quick move", level, where,
                        err)
        else:
            if move in legal:
                return move
            log.warning("bot level %d in %s chose %r, not a legal move; playing its quick "
                        "move", level, where, move)
        return quick_move(state)

    async def _worker_for(self, where: str, owner: str) -> None:
        """Take a worker's slot for a search of the match ``where`` in ``owner``'s turn,
        once the match's last search is over and the pool has started."""
        await self._own_search_over(where)
        await self._started()
        await self._slots.acquire(owner=owner, match=where)

    async def _own_search_over(self, where: str) -> None:
        """Wait until the last search for the match ``where`` has left its worker. A
        search stopped by a takeback runs to its end there, so a connection looping move
        and takeback would otherwise hold one worker per loop: this way a match holds
        at most one, and other players' bots keep the rest."""
        running = self._searches.get(where) if where else None
        if running is not None and not running.done():
            await asyncio.wait({asyncio.wrap_future(running)})

    def _track(self, where: str, work: Future[int]) -> None:
        self._searches[where] = work
        loop = asyncio.get_running_loop()
        work.add_done_callback(lambda done: _call_soon(loop, lambda: self._untrack(where, done)))

    def _untrack(self, where: str, done: Future[int]) -> None:
        if self._searches.get(where) is done:
            del self._searches[where]

    async def work(self, job: Callable[..., T], *args: object, deadline: float,
                   owner: str = "", match: str = "") -> T:
        """``job(*args)`` in a worker (the engine's analysis: a module-level function, so
        it pickles), waited for at most ``deadline`` seconds once a worker is free.
        TimeoutError past it; BrokenExecutor if the worker crashed (the pool starts
        again on the next job). A bot's move waiting for a worker goes first, and engine
        jobs take turns by ``owner`` (the asker's address), then ``match`` (see
        server/shell/worker_slots.py). Waiting for the pool's workers to start
        (:meth:`_started`) does not count against ``deadline``."""
        await self._started()
        await self._slots.acquire(engine=True, owner=owner, match=match)
        try:
            work = self._submit(job, *args, engine=True)
            return await asyncio.wait_for(asyncio.wrap_future(work), deadline)
        except BrokenExecutor:
            self._discard_pool()
            raise

    def _submit(self, job: Callable[..., T], *args: object, engine: bool = False) -> Future[T]:
        """Start ``job`` in a worker, a slot taken (``engine``: an engine job's); the slot
        is free again when the worker is (a search that overran its deadline still
        occupies its worker until it stops)."""
        loop = asyncio.get_running_loop()
        try:
            work = self._executor().submit(job, *args)
        except BaseException:
            self._slots.release(engine)
            raise
        work.add_done_callback(lambda _: _call_soon(loop, lambda: self._slots.release(engine)))
        return work

    def _discard_pool(self) -> None:
        pool, self._pool, self._start = self._pool, None, None
        if pool is not None:
            _stop_workers(pool)
            pool.shutdown(wait=False)

    async def close(self) -> None:
        """Stop the workers now, even mid-search, and wait until they are gone."""
        pool, self._pool, self._start = self._pool, None, None
        if pool is None:
            return
        manager = getattr(pool, "_executor_manager_thread", None)
        _stop_workers(pool)
        while manager is not None and manager.is_alive():  # it reaps the stopped workers
            await asyncio.sleep(0.01)


def _call_soon(loop: asyncio.AbstractEventLoop, callback: Callable[[], None]) -> None:
    """Run ``callback`` in ``loop`` from any thread; nothing if the loop is closed."""
    with contextlib.suppress(RuntimeError):
        loop.call_soon_threadsafe(callback)


def _stop_workers(pool: ProcessPoolExecutor) -> None:
    """Cancel queued searches and end running ones (a search is worthless once abandoned).

    ProcessPoolExecutor can only wait for running work before Python 3.14
    (``terminate_workers``); before that its worker processes are reached directly,
    before ``shutdown`` forgets them.
    """
    terminate = getattr(pool, "terminate_workers", None)
    if terminate is not None:
        terminate()
        return
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()
