"""One bot at one seat of one match, over a Connection: the unit a tournament repeats.

The bot reads the server's ``state`` frames, and when it is its turn rebuilds the
position with ``shared.games``, picks a move with ``shared.ai`` and sends it with the
ply it saw. The server stays the judge: the bot never decides when a game is over.
A dropped link is the Connection's business (reconnect + resume); here it only means
"send the move again when the resumed state says it is still our turn".
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Literal

from client.common.connection import ConnectError, Connection, LinkStatus
from shared.ai import choose_move
from shared.games import State, new_game
from shared.protocol import Error, Joined, MatchState

RATE_LIMIT_PAUSE = 1.0
"""Seconds to wait before sending again after a server older than `retry_after` on
`storage_unavailable` refused a request with it (it dropped the request; nothing changed)."""


def resend_after(error: Error) -> float | None:
    """Seconds after which the request ``error`` refused may go through if sent again
    (its `retry_after`); None when sending it again does not help."""
    if error.retry_after is not None:
        return error.retry_after
    return RATE_LIMIT_PAUSE if error.code == "storage_unavailable" else None

RESEND_AFTER_RECONNECT = 2.0
"""After a reconnect, seconds to wait for the server to re-send the `joined` we asked
for before asking again (the request may have been lost with the link)."""


class GameAborted(Exception):
    """A game that could not be started or finished; the message says why."""


@dataclass(frozen=True)
class GameResult:
    """One game from the bot's side. Unfinished games keep the reason in ``reason``."""

    match: str
    seat: int
    finished: bool
    winner: int | None = None
    score: tuple[int, int] = (0, 0)
    reason: str = ""
    moves: int = 0
    think_seconds: float = 0.0

    @property
    def outcome(self) -> Literal["win", "draw", "loss"] | None:
        if not self.finished:
            return None
        if self.winner is None:
            return "draw"
        return "win" if self.winner == self.seat else "loss"

    @property
    def margin(self) -> int:
        """Our discs (or marks) minus the opponent's at the end."""
        return self.score[self.seat] - self.score[1 - self.seat]


def _timed_choice(state: State, level: int, seconds: float | None,
                  seed: int | None) -> tuple[int, float]:
    """choose_move and the time it took, measured where it ran (maybe another process)."""
    start = time.perf_counter()
    move = choose_move(state, level, seconds=seconds, seed=seed)
    return move, time.perf_counter() - start


class Chooser:
    """Picks moves off the event loop, so the link keeps answering pings meanwhile.

    Levels 1-2 are instant and run inline; deeper levels run in ``executor`` (a process
    pool when several games think at once) or else in a thread.
    """

    def __init__(self, seconds: float | None = None, executor: Executor | None = None,
                 seed: int | None = None) -> None:
        self.seconds = seconds
        self.executor = executor
        self.seed = seed

    async def choose(self, state: State, level: int, game_index: int,
                     ply: int) -> tuple[int, float]:
        seed = None if self.seed is None else hash((self.seed, level, game_index, ply))
        if level <= 2:
            return _timed_choice(state, level, self.seconds, seed)
        if self.executor is None:
            return await asyncio.to_thread(_timed_choice, state, level, self.seconds, seed)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.executor, _timed_choice, state, level,
                                          self.seconds, seed)


def position_of(message: MatchState) -> State:
    """The shared-rules position a `state` frame shows."""
    return new_game(message.game, message.size, board=message.board, to_move=message.to_move)


async def next_message(conn: Connection, timeout: float) -> object:
    """The next inbox item; GameAborted when the server is silent or the link is gone."""
    try:
        message = await conn.recv(timeout)
    except TimeoutError:
        raise GameAborted(f"nothing from the server for {timeout:g} s") from None
    except ConnectError as err:
        raise GameAborted(str(err)) from None
    if isinstance(message, LinkStatus) and message.final:
        raise GameAborted(message.message)
    return message


async def request_joined(
    conn: Connection,
    send: Callable[[], Awaitable[None]],
    *,
    what: str,
    known: set[str],
    timeout: float,
    target: str | None = None,
) -> Joined:
    """Send a request answered by `joined` (create, join, watch, rematch) and await it.

    ``known``: match codes already played on this connection, whose re-sent `joined`
    (after a resume) is not the answer. If the link drops, the server may or may not
    have seen the request: after the reconnect we wait briefly for its `joined`
    (resumed matches are re-sent), and ask again only if it does not come.
    """
    loop = asyncio.get_running_loop()

    async def ask() -> None:
        try:
            await send()
        except ConnectError as err:
            raise GameAborted(str(err)) from None

    await ask()
    resend_at: float | None = None
    deadline = loop.time() + timeout
    refusal = ""  # the last `rate_limited` reason, for the message if we run out of time
    while True:
        now = loop.time()
        if resend_at is not None and now >= resend_at:
            resend_at = None
            await ask()
            continue
        if now >= deadline:
            raise GameAborted(f"no answer to {what} within {timeout:g} s{refusal}")
        try:
            message = await conn.recv(min(deadline, resend_at or deadline) - now)
        except TimeoutError:
            continue
        except ConnectError as err:
            raise GameAborted(str(err)) from None
        if isinstance(message, LinkStatus):
            if message.final:
                raise GameAborted(message.message)
            if message.up:
                resend_at = loop.time() + RESEND_AFTER_RECONNECT
        elif isinstance(message, Joined):
            if message.match not in known and (target is None or message.match == target):
                return message
        elif isinstance(message, Error) and message.match in (None, target):
            pause = resend_after(message)
            if pause is None:
                raise GameAborted(f"the server refused {what}: {message.message}")
            refusal = f" (the server said: {message.message})"
            resend_at = loop.time() + pause


def _over(code: str, seat: int, message: MatchState, moves: int,
          think: float) -> GameResult:
    result = message.result
    score = tuple(result.score if result is not None else message.score)
    return GameResult(
        match=code, seat=seat, finished=True,
        winner=result.winner if result is not None else None,
        score=(score[0], score[1]), reason=result.reason if result is not None else "",
        moves=moves, think_seconds=think,
    )


async def play_seat(
    conn: Connection,
    code: str,
    seat: int,
    level: int,
    chooser: Chooser,
    *,
    game_index: int = 0,
    timeout: float = 300.0,
    first: MatchState | None = None,
) -> GameResult:
    """Play ``seat`` of match ``code`` until the server says it is over.

    Never raises for a game that goes wrong: the result is then unfinished, with why.
    ``first`` is a `state` already taken from the inbox (a resumed match).
    """
    moves, think = 0, 0.0
    sent_ply: int | None = None  # the ply we already answered; reset when it may be lost
    latest = first
    player = conn.player  # a reconnect that makes us someone else loses the match
    acted: MatchState | None = None  # the state our last move answered

    def unfinished(reason: str) -> GameResult:
        return GameResult(match=code, seat=seat, finished=False, reason=reason, moves=moves,
                          think_seconds=think)

    while True:
        if latest is not None:
            state, latest = latest, None
            if state.status == "over":
                return _over(code, seat, state, moves, think)
            if (state.status == "playing" and state.to_move == seat and state.legal
                    and state.ply != sent_ply):
                move, seconds = await chooser.choose(position_of(state), level, game_index,
                                                     state.ply)
                if move not in state.legal:
                    return unfinished(f"our bot chose {move}, not among the legal {state.legal}")
                moves, think = moves + 1, think + seconds
                try:
                    await conn.move(code, move, state.ply)
                except ConnectError as err:
                    return unfinished(str(err))
                sent_ply, acted = state.ply, state
        try:
            batch = [await next_message(conn, timeout), *conn.drain()]
        except GameAborted as err:
            return unfinished(str(err))
        # Take everything already received, so we think about the newest state only.
        for message in batch:
            if isinstance(message, LinkStatus):
                if message.final:
                    return unfinished(message.message)
                if message.up and conn.player != player:
                    return unfinished("the server no longer knew us after the reconnect "
                                      "(its database was reset?)")
                if message.up:
                    sent_ply = None  # the resumed state shows whether our move arrived
            elif isinstance(message, MatchState) and message.match == code:
                latest = message
            elif isinstance(message, Error) and message.match in (None, code):
                if message.code in ("stale_ply", "not_your_turn"):
                    sent_ply = None  # a fresh state follows
                elif (pause := resend_after(message)) is not None:
                    # Our move was dropped and nothing else will come: move again, later.
                    await asyncio.sleep(pause)
                    sent_ply, latest = None, acted
                elif message.code in ("unknown_match", "not_a_player", "illegal_move"):
                    return unfinished(f"the server refused our move: {message.message}")


async def watch_match(conn: Connection, code: str, *, timeout: float = 300.0,
                      on_state: Callable[[MatchState], None] | None = None) -> GameResult:
    """Follow a match as a spectator until it is over; the result is seen from seat 0."""
    while True:
        try:
            message = await next_message(conn, timeout)
        except GameAborted as err:
            return GameResult(match=code, seat=0, finished=False, reason=str(err))
        if isinstance(message, MatchState) and message.match == code:
            if on_state is not None:
                on_state(message)
            if message.status == "over":
                return _over(code, 0, message, len(message.moves), 0.0)
