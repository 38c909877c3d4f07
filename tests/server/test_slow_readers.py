"""A client that stops reading cannot fill the server's memory, over real sockets: what it
leaves unread is bounded (--max-outgoing), past the bound it is closed with 4000, the
keepalive drops it however much it left unread, and a repeated ``watch`` does not replay
what the connection already has. Everyone else is served meanwhile.

The non-reading clients are bare sockets with a tiny receive buffer
(benchmarks/raw_client.py), each from its own loopback address.
"""

from __future__ import annotations

import asyncio

from benchmarks.raw_client import RawClient
from server.shell.app import GameServer
from server.shell.session import SLOW_READER, Session
from tests.waiting import until

OPEN_MATCHES = 100
"""Open matches in the lobby, so each `list` answer is tens of kilobytes."""


async def _lobby_host(server: GameServer) -> RawClient:
    """A player with OPEN_MATCHES open matches, all listed in the lobby."""
    host = await RawClient.open(server.url, "127.0.0.3")
    await host.send(type="hello", protocol=1, name="Host", token=None)
    await host.recv()
    for _ in range(OPEN_MATCHES):
        await host.send(type="create", game="othello", size=8, vs="human")
        await host.recv()  # joined
        await host.recv()  # state
    return host


async def _non_reader(server: GameServer, source: str) -> tuple[RawClient, Session]:
    """A welcomed client that will read nothing more, and its session in the server."""
    client = await RawClient.open(server.url, source)
    await client.send(type="hello", protocol=1, name="Sleepy", token=None)
    player = (await client.recv())["player"]
    (session,) = server.runner.sessions[player]  # type: ignore[union-attr]
    assert isinstance(session, Session)
    return client, session


async def test_a_client_that_stops_reading_is_closed_at_its_bound(
    make_server, connect
) -> None:
    bound = 64 * 1024
    server = await make_server(max_outgoing=bound, max_matches_per_player=OPEN_MATCHES,
                               rate=200.0, burst=200)
    host = await _lobby_host(server)
    sleepy, session = await _non_reader(server, "127.0.0.2")
    most = 0
    for _ in range(1000):  # far more than the socket's buffers and the bound hold
        await sleepy.send(type="list")
        await asyncio.sleep(0.01)
        most = max(most, session.unread())
        if session.closing is not None:
            break
    assert session.closing is not None, f"never closed; {session.unread()} bytes unread"
    # What it left unread never passed the bound by more than one answer.
    assert bound < most < 2 * bound, most
    await until(lambda: session.ws.protocol.close_sent is not None, "the close frame")
    closing = session.unread()  # its frames and the close frame
    read = session.received
    for _ in range(21):  # nothing more is written to it while it closes
        await sleepy.send(type="list")
    # the server reads the 21st only once it has handled the 20th: 20 answers it kept back
    await until(lambda: session.received >= read + 21, "the server reading them")
    assert session.unread() == closing
    # Reading at last, it finds the close frame after what it left unread.
    close = await asyncio.wait_for(sleepy.read_to_close(), 10)
    assert close is not None and close.code == SLOW_READER, close
    assert close.reason.startswith("slow_reader")
    # Others were served all along, on the same match list.
    other = await connect(server, name="Other")
    lobby_msg = await other.request(type="list")
    assert lobby_msg["type"] == "lobby" and len(lobby_msg["matches"]) == OPEN_MATCHES
    sleepy.close()
    host.close()


async def test_the_keepalive_drops_a_silent_peer_however_much_it_left_unread(
    make_server,
) -> None:
    """The ping goes out at once even behind unread frames (it used to wait for them to
    drain, so its timeout never started and the peer stayed forever)."""
    server = await make_server(max_matches_per_player=OPEN_MATCHES, rate=200.0, burst=200,
                               ping_interval=2.0, ping_timeout=1.0, close_timeout=1.0,
                               max_outgoing=16 << 20)
    host = await _lobby_host(server)
    sleepy, session = await _non_reader(server, "127.0.0.2")
    for _ in range(200):  # megabytes of answers, more than the socket's buffers hold
        await sleepy.send(type="list")
    # past websockets' default write limit, where the ping used to wait
    await until(lambda: session.unread() > 64 * 1024, "answers left unread")
    player = session.player
    await until(lambda: player not in server.runner.sessions, "the keepalive to drop it")
    assert session.closing is None  # not the bound: the keepalive closed it
    sleepy.close()
    host.close()


async def test_a_repeated_watch_answers_without_the_chat_again(make_server, connect) -> None:
    server = await make_server()
    taro, fan = await connect(server, name="Taro"), await connect(server, name="Fan")
    state = await taro.create(game="othello", size=8, vs="human")
    code = state["match"]
    await taro.send(type="chat", match=code, text="first line")
    await taro.expect("chat", match=code)
    await fan.send(type="watch", match=code)
    await fan.expect("joined", match=code)
    await fan.expect("state", match=code)
    assert (await fan.recv())["text"] == "first line"  # the chat, replayed once
    await fan.send(type="watch", match=code)
    assert (await fan.recv())["type"] == "joined"
    assert (await fan.recv())["type"] == "state"
    await fan.send(type="list")
    assert (await fan.recv())["type"] == "lobby"  # no chat line came before it
    # A player's repeated join is answered to that connection alone.
    await taro.send(type="join", match=code)
    assert (await taro.recv())["type"] == "joined"
    assert (await taro.recv())["type"] == "state"
    await taro.send(type="list")
    assert (await taro.recv())["type"] == "lobby"
    await fan.send(type="list")
    assert (await fan.recv())["type"] == "lobby"  # the spectator got no state from it
