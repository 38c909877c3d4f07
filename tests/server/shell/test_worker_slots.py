"""The bot pool's workers are shared by bot moves and the engine's hints and reviews:
a bot's move takes a free worker before any engine job waiting, engine jobs never
hold every worker of a pool of two or more, and waiters take turns by address, then by
match, not by arrival."""

from __future__ import annotations

import asyncio
import time

import pytest

from server.shell.bot_pool import BotRunner
from server.shell.worker_slots import WorkerSlots
from shared.games import new_game


async def test_a_bot_move_goes_before_the_engine_jobs_waiting_for_the_one_worker() -> None:
    runner = BotRunner(workers=1, cap=0.1)
    state = new_game("tictactoe")
    try:
        await runner.work(time.sleep, 0.0, deadline=30)  # the worker is up
        first = asyncio.create_task(runner.work(time.sleep, 0.5, deadline=30))
        await asyncio.sleep(0)  # it holds the worker
        second = asyncio.create_task(runner.work(time.sleep, 0.5, deadline=30))
        await asyncio.sleep(0)  # it waits for the worker
        move = await runner.choose(state, 1, where="TEST01")  # asked last, served first
        assert move in state.legal_moves()
        assert first.done() and not second.done()
        await second
    finally:
        await runner.close()


async def test_engine_jobs_leave_one_of_two_workers_to_the_bots() -> None:
    slots = WorkerSlots(2)
    await slots.acquire(engine=True)
    second = asyncio.create_task(slots.acquire(engine=True))
    await asyncio.sleep(0)
    assert not second.done() and slots.free == 1  # a worker is free, but not for it
    await slots.acquire()  # a bot takes it at once
    slots.release()
    slots.release(engine=True)
    await second
    assert (slots.free, slots.engine_busy) == (1, 1)


async def test_a_waiter_that_gives_up_holds_no_worker() -> None:
    slots = WorkerSlots(1)
    await slots.acquire()
    with pytest.raises(TimeoutError):  # a clocked bot out of time for the queue
        await asyncio.wait_for(slots.acquire(), 0.01)
    engine = asyncio.create_task(slots.acquire(engine=True))
    await asyncio.sleep(0)
    slots.release()
    await engine  # the worker went to the job still waiting
    assert (slots.free, slots.engine_busy) == (0, 1)
    handed = asyncio.create_task(slots.acquire())
    await asyncio.sleep(0)
    slots.release(engine=True)  # handed to the bot...
    handed.cancel()  # ...as it gave up: the worker is free again, not lost
    with pytest.raises(asyncio.CancelledError):
        await handed
    assert (slots.free, slots.engine_busy) == (1, 0)


async def _served_in_turn(slots: WorkerSlots, waiters: list[tuple[str, str]],
                          engine: bool = False) -> list[tuple[str, str]]:
    """The order in which ``waiters`` (owner, match), queued in this order behind a held
    slot, get it when it is given back one at a time."""
    served: list[tuple[str, str]] = []

    async def wait(owner: str, match: str) -> None:
        await slots.acquire(engine=engine, owner=owner, match=match)
        served.append((owner, match))

    tasks = []
    for owner, match in waiters:
        tasks.append(asyncio.create_task(wait(owner, match)))
        await asyncio.sleep(0)
    for _ in waiters:
        slots.release(engine)
        await asyncio.sleep(0)
    await asyncio.gather(*tasks)
    return served


async def test_addresses_take_turns_then_their_matches() -> None:
    slots = WorkerSlots(1)
    await slots.acquire()
    flood = [("10.0.0.9", f"F{n}") for n in range(5)]
    order = await _served_in_turn(slots, [*flood, ("10.0.0.2", "V1"), ("10.0.0.9", "F0")])
    # The other address comes second, not after the flood's five searches ...
    assert order[:2] == [("10.0.0.9", "F0"), ("10.0.0.2", "V1")]
    # ... and the flood's matches take turns: F0's second search waits for F1-F4.
    assert order[2:] == [*flood[1:], ("10.0.0.9", "F0")]


async def test_engine_jobs_take_turns_by_address_too() -> None:
    slots = WorkerSlots(2)
    await slots.acquire(engine=True)  # engine jobs hold at most one of two workers
    order = await _served_in_turn(
        slots, [("A", "M1"), ("A", "M2"), ("A", "M3"), ("B", "M4")], engine=True)
    assert order == [("A", "M1"), ("B", "M4"), ("A", "M2"), ("A", "M3")]
