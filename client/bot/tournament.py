"""Many games through one server: the engine behind `taikyoku bot`.

A run is a number of *lanes* working at once (``--parallel``), each with its own
connection (its own player), taking game numbers from a shared counter until all are
played. Seats alternate with the game number, so a level is never judged on one colour.
Every game ends in the summary: won, drawn, lost, or unfinished with the reason.

Modes: ``vs-bot`` creates a match against the server's bot for every game; ``pair``
plays both seats itself (a `vs-human` match and a second connection that joins it),
comparing ``level`` with ``opponent_level``; ``vs-human`` creates a match for someone
else to join, and ``join`` joins one: those two go on by rematch (seats swap);
``watch`` follows one match as a spectator.
"""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Literal

from client.bot.seat import (
    Chooser,
    GameAborted,
    GameResult,
    play_seat,
    request_joined,
    watch_match,
)
from client.bot.settings import Mode, Settings
from client.bot.summary import Summary
from client.common.connection import Connection, LinkStatus
from shared.protocol import Joined, Lobby, MatchState


class _Counter:
    """Hands out game numbers 0..n-1 to the lanes."""

    def __init__(self, n: int) -> None:
        self.n, self.next = n, 0

    def take(self) -> int | None:
        if self.next >= self.n:
            return None
        self.next += 1
        return self.next - 1


class Tournament:
    """Runs the games of one Settings; ``on_result`` hears of every game as it ends,
    ``on_notice`` gets lines for people (match codes to share, reconnects)."""

    def __init__(self, settings: Settings,
                 on_result: Callable[[GameResult], None] | None = None,
                 on_notice: Callable[[str], None] | None = None) -> None:
        settings.check()
        self.settings = settings
        self.summary = Summary(settings)
        self.counter = _Counter(settings.games)
        self.on_result = on_result or (lambda result: None)
        self.on_notice = on_notice or (lambda line: None)
        self._executor: Executor | None = None
        self.chooser = Chooser(settings.seconds, None, settings.seed)
        self._down: set[int] = set()  # connections whose link is down right now
        self._closing = False
        self._stopped = "the run stopped early"  # why games were left unplayed

    async def run(self) -> Summary:
        """Play everything; ConnectError if a lane cannot connect at the start."""
        s = self.settings
        started = time.perf_counter()
        if s.connections > 1 and max(s.level, s.opponent_level) >= 3:  # real parallel search
            self._executor = ProcessPoolExecutor(min(s.connections, os.cpu_count() or 1))
            self.chooser.executor = self._executor
        connections: list[Connection] = []
        try:
            per_lane = 2 if s.mode == "pair" else 1
            connections = [self._connection(i, i % per_lane)
                           for i in range(s.connections)]
            await asyncio.gather(*(c.connect() for c in connections))
            lanes = [connections[i:i + per_lane] for i in range(0, len(connections), per_lane)]
            await asyncio.gather(*(self._lane(*lane) for lane in lanes))
        finally:
            self._closing = True
            await asyncio.gather(*(c.close() for c in connections), return_exceptions=True)
            if self._executor is not None:
                self._executor.shutdown(cancel_futures=True)
        while (index := self.counter.take()) is not None:
            self.summary.not_played.append(f"game {index + 1} was never started: "
                                           f"{self._stopped}")
        self.summary.elapsed = time.perf_counter() - started
        return self.summary

    def _connection(self, index: int, side: int) -> Connection:
        s = self.settings
        name = s.name or f"bot L{s.opponent_level if side else s.level}"
        return Connection(s.url, name, token_file=s.token_file, backoff=s.backoff,
                          give_up_after=s.give_up,
                          on_status=lambda status: self._link_changed(index, status))

    def _link_changed(self, index: int, status: LinkStatus) -> None:
        """A few lines for people however many connections there are: when the first
        link drops, when all are back, and each connection that gives up."""
        if self._closing:
            return
        total = self.settings.connections
        if status.final:
            self._down.discard(index)
            self._stopped = status.message
            self.on_notice(f"connection {index + 1} of {total}: {status.message}")
        elif not status.up:
            if not self._down:
                self.on_notice(status.message)
            self._down.add(index)
        elif index in self._down:
            self._down.discard(index)
            if not self._down:
                self.on_notice(status.message if total == 1 else
                               f"{status.message} (all {total} connections)")

    def _record(self, result: GameResult) -> None:
        self.summary.results.append(result)
        self.on_result(result)

    def _lost(self, index: int, match: str, seat: int, reason: str) -> None:
        self._record(GameResult(match=match, seat=seat, finished=False,
                                reason=f"game {index + 1}: {reason}"))

    async def _lane(self, conn: Connection, partner: Connection | None = None) -> None:
        known: set[str] = set()
        mode = self.settings.mode
        if self.settings.token_file is not None:
            await self._finish_resumed(conn, known)
        if mode == "vs-bot":
            await self._vs_bot(conn, known)
        elif mode == "pair":
            assert partner is not None
            await self._pair(conn, partner, known)
        elif mode == "watch":
            await self._watch(conn)
        else:
            await self._by_rematch(conn, known)

    def _seat_for(self, index: int) -> Literal["first", "second"]:
        return "first" if index % 2 == 0 else "second"

    async def _play(self, conn: Connection, joined: Joined, level: int, index: int,
                    known: set[str], first: MatchState | None = None) -> GameResult:
        known.add(joined.match)
        assert joined.seat is not None
        return await play_seat(conn, joined.match, joined.seat, level, self.chooser,
                               game_index=index, timeout=self.settings.timeout, first=first)

    async def _finish_resumed(self, conn: Connection, known: set[str]) -> None:
        """Games a previous run left unfinished (same token): play them first.

        The server re-sends `joined` + `state` for them right after `welcome`; a `list`
        answered after those tells us when we have seen them all.
        """
        joined: dict[str, Joined] = {}
        states: dict[str, MatchState] = {}
        await conn.list_matches()
        while True:
            try:
                message = await conn.recv(self.settings.timeout)
            except TimeoutError:
                self.on_notice("no answer to `list`: not resuming earlier games")
                return
            if isinstance(message, Lobby):
                break
            if isinstance(message, Joined) and message.role == "player":
                joined[message.match] = message
            elif isinstance(message, MatchState):
                states[message.match] = message
        for code, message in joined.items():
            known.add(code)
            state = states.get(code)
            if state is None or state.status == "over":
                continue
            index = self.counter.take()
            if index is None:
                return
            self.on_notice(f"resuming match {code} from an earlier run")
            self._record(await self._play(conn, message, self.settings.level, index, known,
                                          first=state))

    async def _vs_bot(self, conn: Connection, known: set[str]) -> None:
        s = self.settings
        while conn.alive and (index := self.counter.take()) is not None:
            seat = self._seat_for(index)
            try:
                joined = await request_joined(
                    conn, lambda: conn.create(s.game, s.size, "bot", seat, s.opponent_level),
                    what="create", known=known, timeout=s.timeout)
            except GameAborted as err:
                self._lost(index, "-", index % 2, str(err))
                continue
            self._record(await self._play(conn, joined, s.level, index, known))

    async def _pair(self, first: Connection, second: Connection, known: set[str]) -> None:
        """Both seats ourselves: `first` plays ``level`` (the one summarised),
        `second` plays ``opponent_level``."""
        s = self.settings
        while first.alive and second.alive and (index := self.counter.take()) is not None:
            seat = self._seat_for(index)
            try:
                joined = await request_joined(
                    first, lambda: first.create(s.game, s.size, "human", seat),
                    what="create", known=known, timeout=s.timeout)
                code = joined.match
                other = await request_joined(second, lambda: second.join(code), what="join",
                                             known=known, timeout=s.timeout, target=code)
            except GameAborted as err:
                self._lost(index, "-", index % 2, str(err))
                continue
            ours, _theirs = await asyncio.gather(
                self._play(first, joined, s.level, index, known),
                self._play(second, other, s.opponent_level, index, known))
            self._record(ours)

    async def _by_rematch(self, conn: Connection, known: set[str]) -> None:
        """--create vs-human / --join CODE: the first game, then rematches (seats swap)."""
        s = self.settings
        index = self.counter.take()
        if index is None:
            return
        try:
            if s.mode == "join":
                assert s.code is not None
                code = s.code
                joined = await request_joined(conn, lambda: conn.join(code), what="join",
                                              known=known, timeout=s.timeout, target=code)
            else:
                joined = await request_joined(
                    conn, lambda: conn.create(s.game, s.size, "human", "first"),
                    what="create", known=known, timeout=s.timeout)
                self.on_notice(f"match {joined.match} is waiting for an opponent: "
                               f"taikyoku bot --join {joined.match} --server {s.url}")
        except GameAborted as err:
            self._lost(index, s.code or "-", 0, str(err))
            return
        while True:
            result = await self._play(conn, joined, s.level, index, known)
            self._record(result)
            if not result.finished:
                self._stopped = f"the match chain broke: {result.match} was not finished"
                return
            if (index := self.counter.take()) is None:
                return
            previous = result.match
            try:
                joined = await request_joined(conn, lambda: conn.rematch(previous),
                                              what="rematch", known=known, timeout=s.timeout)
            except GameAborted as err:
                self._lost(index, previous, 1 - result.seat, str(err))
                return

    async def _watch(self, conn: Connection) -> None:
        s = self.settings
        assert s.code is not None
        code = s.code
        index = self.counter.take()
        assert index is not None
        try:
            await request_joined(conn, lambda: conn.watch(code), what="watch", known=set(),
                                 timeout=s.timeout, target=code)
        except GameAborted as err:
            self._lost(index, code, 0, str(err))
            return

        def show(state: MatchState) -> None:
            if state.moves:
                last = state.moves[-1]
                self.on_notice(f"{code} ply {state.ply}: {last}")

        self._record(await watch_match(conn, code, timeout=s.timeout, on_state=show))


__all__ = ["Mode", "Settings", "Summary", "Tournament"]
