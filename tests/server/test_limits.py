"""Limits: frame type and size, the message budget, connections per address."""

from __future__ import annotations

import asyncio
import logging
import re
import time

import pytest
from websockets.asyncio.client import connect as websockets_connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from server.room.addresses import AddressCounter, address_key, is_loopback
from server.room.message_budget import MessageBudget
from tests.conftest import Peer
from tests.waiting import until


async def _close_code(peer: Peer) -> int | None:
    with pytest.raises(ConnectionClosed):
        while True:
            await peer.recv()
    return peer.ws.close_code


async def test_binary_frames_are_closed_with_1003(game_server, connect) -> None:
    peer = await connect(game_server)
    await peer.ws.send(b'{"type": "list"}')
    assert await _close_code(peer) == 1003


async def test_oversize_frames_are_closed_with_1009(game_server, connect) -> None:
    peer = await connect(game_server)
    await peer.ws.send('{"type": "hello", "name": "' + "x" * 70_000 + '"}')
    assert await _close_code(peer) == 1009


async def test_a_frame_just_under_the_limit_is_read(game_server, connect) -> None:
    peer = await connect(game_server)
    await peer.ws.send('{"type": "list", "pad": "' + "x" * 60_000 + '"}')
    assert (await peer.recv())["type"] == "lobby"  # unknown fields are ignored


async def test_a_fast_series_against_a_bot_stays_within_the_budget(make_server,
                                                                   connect) -> None:
    """A plain client that moves the moment a state says it may, and asks for a rematch
    the moment a game ends, is never refused: a move played and a match opened do not
    count (a bot written from docs/bots.md once had its 41st frame dropped, and waited
    forever). The budget here is tiny, so the series is far over it in frames a second."""
    server = await make_server(rate=1.0, burst=5)
    peer = await connect(server)
    games, sent, started = 0, 0, time.monotonic()
    await peer.send(type="create", game="tictactoe", vs="bot", bot={"level": 2})
    seat = None
    while games < 12:
        msg = await peer.recv()
        assert msg["type"] != "error", msg
        if msg["type"] == "joined":
            seat = msg["seat"]
        elif msg["type"] == "state" and msg["status"] == "over" and msg["rematch"] == []:
            games += 1
            await peer.send(type="rematch", match=msg["match"])
            sent += 1
        elif msg["type"] == "state" and msg["status"] == "playing" and msg["to_move"] == seat:
            await peer.send(type="move", match=msg["match"], move=msg["legal"][0],
                            ply=msg["ply"])
            sent += 1
    elapsed = time.monotonic() - started
    assert sent > 5 + 1.0 * elapsed + 20  # a budget counting them would have refused some


async def test_a_flood_is_refused_with_when_to_send_again(make_server, connect) -> None:
    server = await make_server(rate=4.0, burst=4)
    peer = await connect(server)
    code = (await peer.create(game="tictactoe", vs="human"))["match"]  # not counted
    await asyncio.sleep(0.3)  # the hello's token back
    for _ in range(6):  # moves that are refused count: nobody has joined
        await peer.send(type="move", match=code, move=0, ply=0)
    replies = [await peer.recv() for _ in range(6)]
    assert [r["code"] for r in replies] == ["not_your_turn"] * 4 + ["rate_limited"] * 2
    limited = replies[-1]
    assert limited["ref"] == "move" and limited["match"] == code
    assert 0 < limited["retry_after"] <= 0.25 and "send it again in" in limited["message"]
    await asyncio.sleep(limited["retry_after"])
    await peer.send(type="list")  # waited as told: let through
    assert (await peer.recv())["type"] == "lobby"


def test_message_budget_says_when_the_next_message_fits() -> None:
    now = [0.0]
    budget = MessageBudget(rate=4, burst=2, clock=lambda: now[0])
    assert budget.take() and budget.wait() == 0.0
    assert budget.take() and budget.wait() == 0.25
    now[0] += 0.1
    assert not budget.take() and budget.wait() == 0.15
    budget.refund()
    assert budget.take()
    for _ in range(5):
        budget.refund()
    assert budget.take() and budget.take() and not budget.take()  # refunds stop at the burst


async def test_connections_per_address_count_handshakes_too(make_server, connect) -> None:
    """Loopback is limited like any address: a third connection gets 429
    too_many_connections; a bare TCP connection that never finishes its handshake
    counts as well, and its slot is free again once it closes."""
    server = await make_server(max_connections_per_address=2)
    first = await connect(server)
    reader, writer = await asyncio.open_connection("127.0.0.1", server.port)  # no handshake
    with pytest.raises(InvalidStatus) as refused:
        await websockets_connect(server.url)
    assert refused.value.response.status_code == 429
    assert refused.value.response.body.startswith(b"too_many_connections: ")
    assert b"at most 2 open connections" in refused.value.response.body
    writer.close()
    await writer.wait_closed()
    await first.close()
    for _ in range(50):  # the server sees the closes
        if not server._admission.per_address._open:
            break
        await asyncio.sleep(0.02)
    again = [await connect(server) for _ in range(2)]  # freed slots are usable again
    assert all(p.welcome["type"] == "welcome" for p in again)


async def test_loopback_may_be_exempt_from_the_address_cap(make_server, connect) -> None:
    """--exempt-loopback: a reverse proxy on this machine, whose clients all come from
    127.0.0.1."""
    server = await make_server(max_connections_per_address=2, exempt_loopback=True)
    peers = [await connect(server) for _ in range(6)]
    assert all(p.welcome["type"] == "welcome" for p in peers)


def test_an_ipv6_address_counts_by_its_64() -> None:
    assert address_key("2001:db8:1:2:aaaa::1") == address_key("2001:db8:1:2:bbbb::9") \
        == "2001:db8:1:2::/64"
    assert address_key("2001:db8:1:3::1") != address_key("2001:db8:1:2::1")
    assert address_key("::ffff:192.0.2.7") == "192.0.2.7" == address_key("192.0.2.7")
    assert address_key("fe80::1%eth0") == "fe80::/64" and address_key("?") == "?"
    counter = AddressCounter(2)
    assert counter.admit("2001:db8::1") and counter.admit("2001:db8::2")
    assert not counter.admit("2001:db8::3") and counter.admit("2001:db8:0:1::1")
    counter.release("2001:db8::1")
    assert counter.admit("2001:db8::4")


def test_message_budget_refills_and_flags_sustained_abuse() -> None:
    now = [0.0]
    budget = MessageBudget(rate=10, burst=5, clock=lambda: now[0])
    assert [budget.take() for _ in range(6)] == [True] * 5 + [False]
    now[0] += 0.2  # two messages' worth
    assert [budget.take() for _ in range(3)] == [True, True, False]
    assert not budget.abusive
    for _ in range(10):
        budget.take()
    assert budget.abusive
    now[0] += 5.0
    assert budget.take() and not budget.abusive
    with pytest.raises(ValueError):
        MessageBudget(rate=0, burst=1, clock=lambda: 0.0)


def test_address_counter() -> None:
    counter = AddressCounter(cap=1)
    assert counter.admit("192.168.1.5") and not counter.admit("192.168.1.5")
    assert counter.admit("192.168.1.6")
    counter.release("192.168.1.5")
    assert counter.admit("192.168.1.5")
    assert counter.admit("127.0.0.1") and not counter.admit("127.0.0.1")  # counted too
    exempt = AddressCounter(cap=1, exempt_loopback=True)
    assert all(exempt.admit("127.0.0.1") for _ in range(5))
    assert is_loopback("::1") and is_loopback("127.8.0.1")
    assert not is_loopback("10.0.0.1") and not is_loopback("not an address")


async def test_a_loop_of_connections_writes_a_few_lines_and_a_sum(
        make_server, connect, caplog) -> None:
    """A machine connecting and closing in a loop within its limits (and refused past
    its cap) gets ten lines one by one and the rest summed up at the server's close,
    while the end of a player's session from the same address is logged with the match
    it leaves: a player seated at an unfinished match, however briefly connected."""
    server = await make_server(max_connections_per_address=3)
    with caplog.at_level(logging.INFO, logger="taikyoku.server"):
        taro = await connect(server, "Taro")
        await taro.send(type="create", game="tictactoe")
        code = (await taro.expect("joined"))["match"]
        for _ in range(40):
            await (await websockets_connect(server.url)).close()
        holders = [await websockets_connect(server.url) for _ in range(2)]
        for _ in range(20):
            with pytest.raises(InvalidStatus):
                await websockets_connect(server.url)
        for holder in holders:
            await holder.close()
        await until(lambda: len(server._sessions_by_address["127.0.0.1"]) == 1,
                    "the server sees the closes")
        await taro.close()
        await until(lambda: any("(Taro) closed" in r.getMessage() for r in caplog.records),
                    "Taro's line")
        await server.close()
    lines = [record.getMessage() for record in caplog.records]
    (taros,) = [line for line in lines if "(Taro) closed" in line]
    assert taros.endswith(f"; seated at {code}")
    one_by_one = [line for line in lines if "anon closed" in line or "refused: over" in line]
    (summary,) = [line for line in lines if "not logged one by one" in line]
    held = [int(count) for count in re.findall(r" (\d+)(?:,|$)", summary)]
    assert 10 <= len(one_by_one) <= 12 and len(one_by_one) + sum(held) == 42 + 20, lines
