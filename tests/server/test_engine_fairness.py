"""Engine work stays fair under abuse, over real sockets: a connection looping move +
takeback against a level-5 bot leaves another player's bot replies as they were, and so
does an address keeping dozens of bot searches queued (workers go to each address in
turn: server/shell/worker_slots.py).

A takeback while the bot thinks is refused (not_your_turn: its time is its own), so the
loop can no longer stop searches to start new ones; it takes back once the bot has
answered, as fast as the bot answers. The bound is generous (the machine is shared and
timings are noisy): the median reply with the abuser may be at most twice the median
without it, plus half a second.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import statistics
import time

from websockets.asyncio.client import connect as websockets_connect

from server.shell.app import GameServer
from tests.conftest import Peer

LEVEL = 5
SECONDS = 0.4
"""The bots' cap per move (--bot-seconds): level 5 searches to its deadline."""
REPLIES = 6


async def _bot_replies(peer, count: int) -> list[float]:
    """Play ``count`` moves against the bot (the first legal square each time): the
    seconds from each move sent to the state that shows the bot's answer."""
    state = await peer.create(game="othello", vs="bot", seat="first", bot={"level": LEVEL})
    code, times = state["match"], list[float]()
    while len(times) < count and state["status"] == "playing":
        if state["to_move"] != 0:
            state = await peer.expect("state", match=code)
            continue
        ply = state["ply"]
        sent = time.perf_counter()
        await peer.send(type="move", match=code, move=state["legal"][0], ply=ply)
        while state["ply"] < ply + 2 and state["status"] == "playing":
            state = await peer.expect("state", match=code)
        times.append(time.perf_counter() - sent)
    await peer.send(type="resign", match=code)
    return times


async def _loop_takebacks(peer, stop: asyncio.Event) -> int:
    """Move, try to take it back before the bot answers (refused), then take back the
    move and the bot's answer; the pairs made."""
    state = await peer.create(game="othello", vs="bot", seat="first", bot={"level": LEVEL})
    code, pairs = state["match"], 0
    while not stop.is_set():
        ply = state["ply"]
        await peer.send(type="move", match=code, move=state["legal"][0], ply=ply)
        await peer.expect("state", match=code, ply=ply + 1)
        await peer.send(type="takeback", match=code, ply=ply + 1)
        await peer.expect_error("not_your_turn", ref="takeback", match=code)
        await peer.expect("state", match=code, ply=ply + 2)
        await peer.send(type="takeback", match=code, ply=ply + 2)
        state = await peer.expect("state", match=code, ply=ply)
        pairs += 1
    return pairs


async def test_a_takeback_loop_leaves_another_players_bot_replies_as_they_were(
    make_server, connect
) -> None:
    server = await make_server(bot_workers=2, bot_seconds=SECONDS, warm_bots=True)
    victim = await connect(server, name="Victim")
    baseline = await _bot_replies(victim, REPLIES)
    abuser = await connect(server, name="Abuser")
    stop = asyncio.Event()
    looping = asyncio.create_task(_loop_takebacks(abuser, stop))
    await asyncio.sleep(1.0)  # the loop is under way
    try:
        abused = await _bot_replies(victim, REPLIES)
    finally:
        stop.set()
        with contextlib.suppress(asyncio.CancelledError):
            pairs = await looping
    assert pairs >= 2  # the abuse really ran
    before, during = statistics.median(baseline), statistics.median(abused)
    print(f"bot reply median {before:.2f} s alone, {during:.2f} s beside "
          f"{pairs} move+takeback pairs")
    assert during <= 2 * before + 0.5, (baseline, abused)


FLOOD = 30
"""Matches the flooding address keeps its bots thinking in."""


async def _from(server: GameServer, source: str, name: str) -> Peer:
    """A welcomed player connected from the loopback address ``source``."""
    sock = socket.create_connection(("127.0.0.1", server.port), source_address=(source, 0))
    peer = Peer(await websockets_connect(server.url, sock=sock, max_size=None))
    await peer.send(type="hello", protocol=1, name=name, token=None)
    peer.welcome = await peer.recv()
    return peer


async def _keep_bots_busy(peer: Peer, started: asyncio.Event) -> int:
    """Open FLOOD matches with the bot to move first, and answer every bot move at once,
    so each match always has a search queued; the bot moves seen."""
    for _ in range(FLOOD):
        await peer.send(type="create", game="othello", size=8, vs="bot", seat="second",
                        bot={"level": LEVEL})
    moves = 0
    while True:
        state = await peer.expect("state", timeout=120)
        if state["status"] == "playing" and state["to_move"] == 1:
            started.set()
            moves += state["ply"] > 0
            await peer.send(type="move", match=state["match"], move=state["legal"][0],
                            ply=state["ply"])


async def test_an_address_with_many_searches_queued_delays_another_by_about_one(
    make_server,
) -> None:
    """On one worker, a queue in arrival order would keep the victim's bot behind the
    flood's thirty searches (thirty times its reply alone); in turns, it waits for the
    one search running, about twice its reply alone."""
    server = await make_server(bot_workers=1, bot_seconds=SECONDS, warm_bots=True,
                               max_matches_per_player=FLOOD)
    victim = await _from(server, "127.0.0.3", "Victim")
    alone = await _bot_replies(victim, REPLIES)
    flooder = await _from(server, "127.0.0.2", "Flood")
    started = asyncio.Event()
    flooding = asyncio.create_task(_keep_bots_busy(flooder, started))
    await asyncio.wait_for(started.wait(), 60)
    await asyncio.sleep(2 * SECONDS)  # every flood match has its search queued
    try:
        beside = await _bot_replies(victim, REPLIES)
        assert not flooding.done()
    finally:
        flooding.cancel()
    queued = sum(1 for task in server.runner._bot_tasks.values() if not task.done())
    assert queued >= FLOOD // 2, queued  # the flood really kept the worker's queue full
    before, during = statistics.median(alone), statistics.median(beside)
    print(f"bot reply median {before:.2f} s alone, {during:.2f} s beside {queued} "
          "searches queued from another address")
    assert during <= 4 * before, (alone, beside)
