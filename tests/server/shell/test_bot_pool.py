"""Bot seats think in worker processes: people in other matches are answered meanwhile,
and a bot that overruns, crashes or answers nonsense still gets a legal move played."""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import threading
import time
from pathlib import Path

from server.shell.bot_pool import BotRunner, start_worker, think
from shared.ai import quick_move
from shared.ai.move_time import Budget, move_seconds
from shared.ai.othello_eval import tables
from shared.ai.othello_fixed import minimax_scores
from shared.games import State, new_game
from shared.games.othello import OthelloState
from tests.waiting import until


def padded_think(game: str, size: int, board: str, to_move: int, level: int,
                 seconds: float | None) -> int:
    """The real bot, then busy on the CPU (like a deep search) until its time is up."""
    started = time.monotonic()
    move = think(game, size, board, to_move, level, seconds)
    while time.monotonic() - started < (seconds or 1.0):
        pass
    return move


def slow_think(*args: object) -> int:
    time.sleep(30)
    return 0


def last_move_think(game: str, size: int, board: str, to_move: int, level: int,
                    seconds: float | None) -> int:
    """A slow but sure bot: always the last legal move, after 0.1 s."""
    time.sleep(0.1)
    return new_game(game, size, board, to_move).legal_moves()[-1]


def crash_think(*args: object) -> int:
    os._exit(3)


def nonsense_think(*args: object) -> int:
    return 999


def failing_think(*args: object) -> int:
    raise RuntimeError("a bug in the bot")


async def test_people_are_answered_while_two_experts_think(make_server, connect) -> None:
    server = await make_server(bot_seconds=1.5, bot_workers=2)
    server.bots.thinker = padded_think
    thinking = move_seconds(5, cap=1.5)
    assert thinking >= 0.5
    loop = asyncio.get_running_loop()

    bot_fans = [await connect(server, name=f"fan{i}") for i in range(2)]
    asked: list[float] = []  # when each bot was asked to think (just before its create)
    bot_matches = []
    for fan in bot_fans:
        asked.append(loop.time())
        bot_matches.append(await fan.create(game="othello", size=8, vs="bot", seat="second",
                                            bot={"level": 5}))
    bot_moved: list[float] = [0.0, 0.0]

    async def bot_answer(i: int) -> None:
        await bot_fans[i].expect("state", match=bot_matches[i]["match"], ply=1)
        bot_moved[i] = loop.time()

    waiting = [asyncio.create_task(bot_answer(i)) for i in range(2)]

    taro, hana = await connect(server, name="Taro"), await connect(server, name="Hana")
    code = (await taro.create(game="tictactoe", vs="human"))["match"]
    await hana.send(type="join", match=code)
    await hana.expect("state", match=code)
    await taro.expect("state", match=code, status="playing")
    round_trips = []
    for ply, (mover, move) in enumerate([(taro, 4), (hana, 0), (taro, 8)]):
        sent = loop.time()
        await mover.send(type="move", match=code, move=move, ply=ply)
        await mover.expect("state", match=code, ply=ply + 1)
        round_trips.append(loop.time() - sent)
    answered = loop.time()
    assert bot_moved == [0.0, 0.0], "the people's moves came back before either bot moved"
    await asyncio.gather(*waiting)
    for moved, start in zip(bot_moved, asked):
        assert moved - start >= thinking * 0.9  # each bot really thought that long
    assert answered < min(bot_moved)
    assert max(round_trips) < thinking / 3, round_trips


def _midgame() -> State:
    """An 8x8 position some moves in, where one ply's look tells the moves apart."""
    state = new_game("othello", 8)
    for _ in range(12):
        state = state.play(state.legal_moves()[len(state.legal_moves()) // 2])
    return state


def _best_by_one_ply(state: State) -> set[int]:
    """The moves level 2 (one ply, the quick move) rates best."""
    assert isinstance(state, OthelloState)
    scores = minimax_scores(tables(state.size), *state.own_opp(), 1)
    return {move for move, score in scores.items() if score == max(scores.values())}


def test_the_quick_move_is_the_best_by_one_ply_not_a_random_one() -> None:
    state = _midgame()
    best = _best_by_one_ply(state)
    assert len(best) < len(state.legal_moves()) / 2  # the check can tell
    assert {quick_move(state) for _ in range(20)} <= best


async def test_a_bot_that_overruns_its_deadline_plays_its_quick_move(caplog) -> None:
    before = set(multiprocessing.active_children())
    runner = BotRunner(workers=1, cap=0.1, slack=0.5, thinker=slow_think)
    state = _midgame()
    try:
        with caplog.at_level(logging.WARNING, logger="taikyoku.server"):
            move = await runner.choose(state, 5, where="TEST01")
        assert move in _best_by_one_ply(state)
        assert "missed its" in caplog.text and "TEST01" in caplog.text
        assert "quick move" in caplog.text
    finally:
        started = time.monotonic()
        await runner.close()
        assert time.monotonic() - started < 10  # the sleeping worker was stopped...
        assert set(multiprocessing.active_children()) <= before  # ...and reaped


async def test_a_crashed_worker_is_replaced(caplog) -> None:
    runner = BotRunner(workers=1, thinker=crash_think)
    state = new_game("tictactoe")
    try:
        with caplog.at_level(logging.WARNING, logger="taikyoku.server"):
            assert await runner.choose(state, 3) in state.legal_moves()
        assert "crashed" in caplog.text
        runner.thinker = think
        assert await runner.choose(state.play(4), 5) in (0, 2, 6, 8)  # the real bot again
    finally:
        await runner.close()


async def test_a_nonsense_or_failing_bot_still_moves_legally(caplog) -> None:
    runner = BotRunner(workers=1, thinker=nonsense_think)
    state = new_game("othello", 4)
    try:
        with caplog.at_level(logging.WARNING, logger="taikyoku.server"):
            assert await runner.choose(state, 2) in state.legal_moves()
            runner.thinker = failing_think
            assert await runner.choose(state, 2) in state.legal_moves()
        assert "999, not a legal move" in caplog.text
        assert "a bug in the bot" in caplog.text
    finally:
        await runner.close()


async def test_a_bot_on_a_clock_with_no_worker_in_time_says_so_and_plays_its_quick_move(
    caplog,
) -> None:
    runner = BotRunner(workers=1)
    state = _midgame()
    try:
        await runner.work(os.getpid, deadline=60.0)  # the worker is up
        busy = asyncio.create_task(runner.work(time.sleep, 3.0, deadline=60.0))
        await asyncio.sleep(0.1)  # it holds the one worker
        budget = Budget(flag_at=time.time() + 2.0, moves_left=1, increment=0.0)
        with caplog.at_level(logging.WARNING, logger="taikyoku.server"):
            move = await runner.choose(state, 5, where="CLOCK1", budget=budget)
        assert not busy.done()  # it did not wait for the worker
        assert move in _best_by_one_ply(state)
        assert "no bot worker was free in time for CLOCK1" in caplog.text
        assert "quick move" in caplog.text
        busy.cancel()
    finally:
        await runner.close()


async def test_time_queued_for_a_worker_does_not_count_against_the_deadline(caplog) -> None:
    """Thirty searches of 0.1 s at once on one worker take 3 s; each has a 2.6 s deadline,
    counted from when it has the worker, so every one is the bot's own move (the wide
    slack is for a loaded machine: the last ones would still miss a deadline counted
    from the queue)."""
    runner = BotRunner(workers=1, cap=0.1, slack=2.5, thinker=last_move_think)
    state = new_game("othello", 8)
    best = state.legal_moves()[-1]
    try:
        await runner.work(os.getpid, deadline=60.0)  # the worker is up (spawning takes a while)
        assert await runner.choose(state, 5) == best
        with caplog.at_level(logging.WARNING, logger="taikyoku.server"):
            moves = await asyncio.gather(*(runner.choose(state, 5) for _ in range(30)))
        assert "missed its" not in caplog.text
        assert moves == [best] * 30
    finally:
        await runner.close()


def second_think(*args: object) -> int:
    """A search that takes a second, wherever it runs."""
    time.sleep(1.0)
    return new_game("othello", 6).legal_moves()[0]


async def test_a_stopped_search_keeps_its_match_to_one_worker() -> None:
    """A takeback stops a search, but its worker finishes it: the same match's next
    search waits for that worker to be free rather than taking another, so a loop of
    move and takeback holds one worker, and another match's bot still gets one at once."""
    runner = BotRunner(workers=2, thinker=second_think)
    state = new_game("othello", 6)
    try:
        await runner.warm_up()
        stopped = asyncio.create_task(runner.choose(state, 1, where="LOOPER"))
        await asyncio.sleep(0.3)  # in a worker now
        stopped.cancel()  # a takeback
        again = asyncio.create_task(runner.choose(state, 1, where="LOOPER"))
        await asyncio.sleep(0.2)
        other = asyncio.create_task(runner.choose(state, 1, where="OTHER1"))
        done, _ = await asyncio.wait({again, other}, return_when=asyncio.FIRST_COMPLETED)
        assert done == {other}  # it had the second worker; LOOPER waited for its first
        await again
    finally:
        await runner.close()


def held_start(warm: bool, started: threading.Barrier) -> None:
    """A worker's start held until the test creates the file TAIKYOKU_TEST_HOLD names (a
    worker slow to start: spawned on a loaded machine, compiling on a cold cache)."""
    hold = Path(os.environ["TAIKYOKU_TEST_HOLD"])
    (hold.parent / f"{os.getpid()}.starting").touch()
    while not hold.exists():
        time.sleep(0.01)
    start_worker(warm, started)


async def test_a_first_hint_and_bot_move_wait_for_workers_still_starting(
        tmp_path, monkeypatch, caplog) -> None:
    """The workers' start does not count against a job's deadline (a first hint failed
    "could not work out a hint" on a loaded machine, then worked when asked again): held
    past both deadlines, the hint (here a job of no time) and the bot's search are
    answered once the workers run, neither given up."""
    hold = tmp_path / "go"
    monkeypatch.setenv("TAIKYOKU_TEST_HOLD", str(hold))
    runner = BotRunner(workers=2, cap=0.1, slack=0.9, thinker=last_move_think,
                       starter=held_start)
    state = _midgame()
    try:
        with caplog.at_level(logging.WARNING, logger="taikyoku.server"):
            hint = asyncio.create_task(runner.work(os.getpid, deadline=1.0))
            move = asyncio.create_task(runner.choose(state, 5, where="FIRST1"))
            await until(lambda: len(list(tmp_path.glob("*.starting"))) == 2,
                        "both workers starting")
            await asyncio.sleep(2.0)  # past both deadlines, had they counted the start
            assert not hint.done() and not move.done()
            hold.touch()
            assert await hint != os.getpid()  # a worker's answer
            assert await move == state.legal_moves()[-1]  # the bot's own, not its quick move
        assert "missed its" not in caplog.text and "no bot worker" not in caplog.text
    finally:
        await runner.close()
