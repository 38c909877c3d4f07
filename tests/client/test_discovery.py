"""LAN discovery over real mDNS multicast, confined to the loopback interface."""

from __future__ import annotations

import uuid
from collections.abc import Awaitable, Callable

from client.common.connection import Connection
from client.common.discovery import discover
from server.shell.app import GameServer
from server.shell.discovery import Advertiser, _instance_label, advertised_addresses

MakeServer = Callable[..., Awaitable[GameServer]]  # the conftest fixture
LOOPBACK = ["127.0.0.1"]


async def test_a_server_advertised_on_loopback_is_discovered_then_withdrawn() -> None:
    # A unique name: tests running in parallel may advertise at the same time.
    name = f"test server {uuid.uuid4().hex[:8]}"
    advertiser = Advertiser(name, 45678, "9.9.9", host="127.0.0.1")
    await advertiser.start()
    try:
        found = [s for s in await discover(2.0, interfaces=LOOPBACK) if s.name == name]
    finally:
        await advertiser.close()
    assert len(found) == 1
    server = found[0]
    assert (server.host, server.port, server.url) == ("127.0.0.1", 45678, "ws://127.0.0.1:45678/")
    assert (server.protocol, server.version) == (1, "9.9.9")

    after = [s for s in await discover(1.0, interfaces=LOOPBACK) if s.name == name]
    assert after == []


async def test_a_hostile_advertisement_is_found_with_its_words_cleaned() -> None:
    """Anyone on the LAN may advertise anything: escape sequences in the name and the
    version never reach a client's screen."""
    tag = uuid.uuid4().hex[:8]
    advertiser = Advertiser(f"Evil\x1b[2J\x1b]0;owned\x07 {tag}\u202e", 45679,
                            "6.6\x1b[6n", host="127.0.0.1")
    await advertiser.start()
    try:
        found = [s for s in await discover(2.0, interfaces=LOOPBACK) if tag in s.name]
    finally:
        await advertiser.close()
    assert [(s.name, s.version) for s in found] == [(f"Evil {tag}", "6.6")]


async def test_a_running_game_server_is_found_and_reachable_at_the_url_found(
        make_server: MakeServer) -> None:
    name = f"game server {uuid.uuid4().hex[:8]}"
    server = await make_server(discovery=True, name=name)
    found = [s for s in await discover(2.0, interfaces=LOOPBACK) if s.name == name]
    assert [(s.port, s.protocol) for s in found] == [(server.port, 1)]
    async with Connection(found[0].url) as conn:  # the address found is the server's
        assert conn.welcome is not None and conn.welcome.server.name == name


async def test_discover_with_nothing_advertised_returns_an_empty_list_in_time() -> None:
    name = f"absent {uuid.uuid4().hex}"
    assert [s for s in await discover(0.5, interfaces=LOOPBACK) if s.name == name] == []


def test_instance_labels_are_valid_dns_sd_labels() -> None:
    assert _instance_label("Taro's server") == "Taro's server"
    assert _instance_label("a.b\nc") == "a b c"
    assert _instance_label("   ") == "taikyoku"
    long = _instance_label("対局" * 40)
    assert len(long.encode()) <= 63 and long.startswith("対局")


def test_a_specific_bind_address_is_the_one_advertised() -> None:
    assert advertised_addresses("127.0.0.1") == ["127.0.0.1"]
    assert advertised_addresses("0.0.0.0")  # some address, never empty
