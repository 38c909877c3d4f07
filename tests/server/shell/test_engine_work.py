"""The shell's side of hints (server/shell/engine_work.py): an answer goes to the connection
that asked only while the match is still at the position it was asked about."""

from __future__ import annotations

import asyncio
import dataclasses
import time
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Callable

from server.room.effects import Appraise
from server.room.message_budget import MessageBudget
from server.shell.engine_work import EngineWork
from server.shell.session import Session
from shared.protocol import (
    Analysis,
    BotChoice,
    Create,
    Error,
    Hint,
    Message,
    Move,
    Takeback,
    decode_server,
    encode,
)
from tests.server.room_support import Bench


class GatedPool:
    """The bot pool's engine work run in this process, each job once the test opens the
    gate."""

    def __init__(self) -> None:
        self.gate = asyncio.Event()

    async def work(self, job: Callable[..., Any], *args: object, deadline: float,
                   owner: str = "", match: str = "") -> Any:
        await self.gate.wait()
        return job(*args)


class Recorder(Session):
    """A Session that keeps the frames it is sent instead of writing them to a socket."""

    def __init__(self) -> None:
        super().__init__(None, "test", MessageBudget(10, 10, time.monotonic))  # type: ignore[arg-type]
        self.frames: list[str] = []

    def write(self, message: Message) -> None:
        self.frames.append(encode(message))


async def test_a_hint_overtaken_by_a_takeback_and_a_replay_is_not_sent() -> None:
    bench = Bench()
    taro = bench.connect("Taro")
    bench.ask(taro, Create(game="tictactoe", vs="bot", bot=BotChoice(level=1), seat="first"))
    code = bench.room.seated(taro.player or "")[0].code
    bench.ask(taro, Move(match=code, move=4, ply=0))
    bench.bot_moves(code, 1, 0)
    (asked,) = bench.ask(taro, Hint(match=code))
    assert isinstance(asked, Appraise) and (asked.ply, asked.epoch) == (2, 0)

    socket = session = Recorder()
    pool = GatedPool()
    work = EngineWork(bench.room, pool)  # type: ignore[arg-type]
    work.start(dataclasses.replace(asked, peer=session))
    bench.ask(taro, Takeback(match=code))  # back to ply 0, then ply 2 again, O elsewhere
    bench.ask(taro, Move(match=code, move=4, ply=0))
    bench.deliver(bench.room.bot_moved(code, 1, 8, bench.now, 1))
    match = bench.match(code)
    assert match.ply == 2 and match.state.board != asked.state.board
    pool.gate.set()
    await _jobs_ended()
    assert socket.frames == []
    bench.room.engine_done(taro)  # the session stood in for Taro's connection

    (again,) = bench.ask(taro, Hint(match=code))  # asked at this position: answered
    assert isinstance(again, Appraise) and (again.ply, again.epoch) == (2, 1)
    work.start(dataclasses.replace(again, peer=session))
    await _jobs_ended()
    (frame,) = socket.frames
    answer = decode_server(frame)
    assert isinstance(answer, Analysis) and answer.ply == 2
    assert {m.move for m in answer.moves} == set(match.state.legal_moves())


class FailingPool:
    """The bot pool's engine work failing as a crashed worker does, once the test opens
    the gate."""

    def __init__(self) -> None:
        self.gate = asyncio.Event()

    async def work(self, job: Callable[..., Any], *args: object, deadline: float,
                   owner: str = "", match: str = "") -> Any:
        await self.gate.wait()
        raise BrokenProcessPool("a worker died")


async def test_a_failed_hint_is_an_engine_failed_error_while_its_position_stands() -> None:
    bench = Bench()
    taro = bench.connect("Taro")
    bench.ask(taro, Create(game="tictactoe", vs="bot", bot=BotChoice(level=1), seat="first"))
    code = bench.room.seated(taro.player or "")[0].code
    socket = session = Recorder()
    pool = FailingPool()
    work = EngineWork(bench.room, pool)  # type: ignore[arg-type]

    (overtaken,) = bench.ask(taro, Hint(match=code))
    assert isinstance(overtaken, Appraise)
    work.start(dataclasses.replace(overtaken, peer=session))
    bench.ask(taro, Move(match=code, move=4, ply=0))  # the position it was asked about goes
    pool.gate.set()
    await _jobs_ended()
    assert socket.frames == []  # as its answer would not have been sent
    bench.room.engine_done(taro)

    bench.bot_moves(code, 1, 0)
    (asked,) = bench.ask(taro, Hint(match=code))
    assert isinstance(asked, Appraise)
    work.start(dataclasses.replace(asked, peer=session))
    await _jobs_ended()
    (frame,) = socket.frames
    assert decode_server(frame) == Error(
        code="engine_failed", ref="hint", match=code,
        message="the engine could not work out a hint (it failed or ran out of time); "
                "you may ask again")


async def _jobs_ended() -> None:
    """Wait until the engine's jobs in flight (tasks named "engine ...") are over."""
    await asyncio.gather(*(task for task in asyncio.all_tasks()
                           if task.get_name().startswith("engine ")))
