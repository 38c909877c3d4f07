"""client.common.connection against a real server on 127.0.0.1: handshake, resume, errors."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import Awaitable, Callable, Coroutine
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

import client.common.connection as connection_module
from client.common.connection import ConnectError, Connection, LinkStatus
from server.shell.app import GameServer
from server.shell.session import Session
from shared.protocol import Error, Joined, Lobby, MatchState

MakeServer = Callable[..., Awaitable[GameServer]]  # the conftest fixture
FAST = (0.05, 0.2)  # reconnect backoff for tests: first delay, cap


async def _next_of(conn: Connection, kind: type, timeout: float = 5.0) -> object:
    """The next inbox item of ``kind``, skipping others."""
    while True:
        item = await conn.recv(timeout)
        if isinstance(item, kind):
            return item


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def _drop_links(server: GameServer, player: str) -> None:
    """The server side closes every connection of ``player`` (going away, as a restarting
    server does; its English reason is only logged by the client)."""
    assert server.runner is not None
    for session in list(server.runner.sessions.get(player, ())):
        assert isinstance(session, Session)
        await session.ws.close(1001, "test drop")


async def test_hello_gets_a_welcome_with_player_and_token(game_server: GameServer) -> None:
    async with Connection(game_server.url, "Taro") as conn:
        assert conn.up and conn.welcome is not None
        assert conn.player == conn.welcome.player and conn.player
        assert conn.token == conn.welcome.token and len(conn.token) >= 22
        assert conn.welcome.server.name == "test server"
        assert {g.game for g in conn.welcome.games} == {"tictactoe", "othello"}
        await conn.list_matches()
        lobby = await _next_of(conn, Lobby)
        assert isinstance(lobby, Lobby)
    assert not conn.up and not conn.alive


async def test_a_dropped_link_is_resumed_with_the_token(game_server: GameServer) -> None:
    async with Connection(game_server.url, "Hana", backoff=FAST) as conn:
        await conn.create("tictactoe", vs="human")
        joined = await _next_of(conn, Joined)
        assert isinstance(joined, Joined)
        player = conn.player
        assert player is not None

        await _drop_links(game_server, player)
        down = await _next_of(conn, LinkStatus)
        assert isinstance(down, LinkStatus) and not down.up
        assert down.message.startswith(
            "Connection lost (the server is going away); trying again in ")
        up = await _next_of(conn, LinkStatus)
        assert isinstance(up, LinkStatus) and up.up and up.message == "Reconnected."
        assert conn.player == player  # the same player, not a new one
        # The server re-sends the match we hold, complete.
        again = await _next_of(conn, Joined)
        assert isinstance(again, Joined) and again.match == joined.match
        state = await _next_of(conn, MatchState)
        assert isinstance(state, MatchState) and state.match == joined.match
        # And intents flow again.
        await conn.move(joined.match, 4, 0)
        # (the match waits for an opponent, so the move is refused, but answered)
        reply = await conn.recv(5)
        assert isinstance(reply, Error) and reply.code == "not_your_turn"
        assert reply.match == joined.match


async def test_send_waits_for_the_link_while_reconnecting(make_server: MakeServer) -> None:
    server = await make_server()
    port = server.port
    async with Connection(server.url, "Ken", backoff=FAST) as conn:
        await server.close()
        down = await conn.recv(5)
        assert isinstance(down, LinkStatus) and not down.up
        sending = asyncio.create_task(conn.list_matches())
        retry = await conn.recv(5)  # the first reconnect failed: it tries again
        assert isinstance(retry, LinkStatus) and not retry.up
        assert not sending.done()  # no server: the intent waits, it is not lost
        await make_server(port=port)
        await asyncio.wait_for(sending, 10)
        lobby = await _next_of(conn, Lobby, 10)
        assert isinstance(lobby, Lobby)


async def test_token_file_round_trip_resumes_the_player(game_server: GameServer,
                                                        tmp_path: Path) -> None:
    token_file = tmp_path / "sub" / "bot.token"
    async with Connection(game_server.url, "Bot", token_file=token_file) as first:
        player = first.player
        assert token_file.read_text().strip() == first.token
    assert token_file.stat().st_mode & 0o777 == 0o600  # a secret: owner only
    async with Connection(game_server.url, "Bot", token_file=token_file) as second:
        assert second.player == player



async def test_a_token_file_that_cannot_be_written_on_reconnect_is_only_a_warning(
        game_server: GameServer, tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    token_file = tmp_path / "bot.token"
    async with Connection(game_server.url, "Bot", token_file=token_file, backoff=FAST) as conn:
        assert conn.player is not None
        token_file.unlink()
        token_file.mkdir()  # now the token cannot be written there (not even by root)
        await _drop_links(game_server, conn.player)
        up = await _next_of(conn, LinkStatus)
        while isinstance(up, LinkStatus) and not up.up:
            up = await _next_of(conn, LinkStatus)
        assert isinstance(up, LinkStatus) and up.message == "Reconnected."
        await conn.list_matches()  # the link goes on
        assert isinstance(await _next_of(conn, Lobby), Lobby)
    assert f"cannot write the token file {token_file}" in caplog.text


class _ClosedUnder:
    """Stands in for the websocket for one send, as a link that closed just then (the
    reader keeps the real one until the server drops it)."""

    async def send(self, text: str) -> None:
        raise ConnectionClosed(None, None)


async def _after_a_drop_under(conn: Connection, server: GameServer,
                              send: Coroutine[Any, Any, None]) -> list[object]:
    """``send`` meets a closed link; then the link drops and comes back. What arrived
    until the match list asked afterwards."""
    assert conn.player is not None
    await conn.list_matches()  # the reader is reading (the real websocket)
    await _next_of(conn, Lobby)
    conn._ws = _ClosedUnder()  # type: ignore[assignment]
    sending = asyncio.create_task(send)
    async with asyncio.timeout(5):
        while conn.up:  # until the send met the closed link
            await asyncio.sleep(0.01)
    await _drop_links(server, conn.player)
    await asyncio.wait_for(sending, 5)
    while not (isinstance(up := await conn.recv(5), LinkStatus) and up.up):
        pass
    # The server gives back our seats before it reads anything, and a resent move went
    # out before this list: everything it sends for them comes before the lobby.
    await conn.list_matches()
    seen: list[object] = []
    while not isinstance(item := await conn.recv(5), Lobby):
        seen.append(item)
    return seen


async def test_only_moves_and_the_list_are_sent_again_after_a_drop(
        game_server: GameServer) -> None:
    """A create the server may have seen is not sent again: it would be a second match."""
    async with Connection(game_server.url, "Ken", backoff=FAST) as conn:
        seen = await _after_a_drop_under(conn, game_server, conn.create("tictactoe"))
        assert not any(isinstance(m, Joined) for m in seen)
        assert game_server.runner is not None and not game_server.runner.matches

        await conn.create("tictactoe", vs="human")
        joined = await _next_of(conn, Joined)
        assert isinstance(joined, Joined)
        move = conn.move(joined.match, 4, 0)  # sent again: refused (no opponent yet)
        seen = await _after_a_drop_under(conn, game_server, move)
        assert any(isinstance(m, Error) and m.match == joined.match for m in seen), seen

async def test_giving_up_ends_with_a_final_status(make_server: MakeServer) -> None:
    server = await make_server()
    conn = Connection(server.url, backoff=FAST, give_up_after=0.5)
    await conn.connect()
    await server.close()
    statuses = []
    while True:
        item = await conn.recv(10)
        assert isinstance(item, LinkStatus)
        statuses.append(item)
        if item.final:
            break
    assert statuses[-1].message.startswith("Gave up reconnecting")
    assert not conn.alive
    with pytest.raises(ConnectError, match="Gave up reconnecting"):
        await conn.recv(1)
    with pytest.raises(ConnectError, match="Gave up reconnecting"):
        await conn.list_matches()
    await conn.close()


async def test_without_reconnect_a_drop_is_final(game_server: GameServer) -> None:
    async with Connection(game_server.url, reconnect=False) as conn:
        assert conn.player is not None
        await _drop_links(game_server, conn.player)
        item = await _next_of(conn, LinkStatus)
        assert isinstance(item, LinkStatus) and item.final
        assert item.message == "Connection lost (the server is going away)."


async def test_refused_connection_says_no_server() -> None:
    url = f"ws://127.0.0.1:{_free_port()}/"
    with pytest.raises(ConnectError, match=r"no server at .*refused"):
        await Connection(url).connect()


async def test_a_bad_address_is_named() -> None:
    with pytest.raises(ConnectError, match="is not a websocket address"):
        await Connection("http://127.0.0.1:1/").connect()


@pytest.mark.parametrize(("status", "said"), [
    (404, "HTTP 404 .*not a taikyoku server"),  # some other web server
    (421, "does not answer to this name.*--allow-host"),  # a name the server refuses
])
async def test_an_http_refusal_is_named(status: int, said: str) -> None:
    def refuse(connection: object, request: Request) -> Response:
        return connection.respond(status, "no\n")  # type: ignore[attr-defined, no-any-return]

    async with serve(lambda ws: ws.close(), "127.0.0.1", 0, process_request=refuse) as srv:
        port = srv.sockets[0].getsockname()[1]
        with pytest.raises(ConnectError, match=said):
            await Connection(f"ws://127.0.0.1:{port}/").connect()


async def test_too_many_connections_from_this_address_says_what_to_do(
    make_server: MakeServer,
) -> None:
    server = await make_server(max_connections_per_address=1)
    first = Connection(server.url)
    await first.connect()
    try:
        with pytest.raises(ConnectError, match="too many connections from this address.*"
                                               "--max-connections-per-address"):
            await Connection(server.url).connect()
    finally:
        await first.close()


async def test_a_silent_websocket_server_is_not_a_taikyoku_server() -> None:
    async def silent(ws: ServerConnection) -> None:
        await ws.wait_closed()

    async with serve(silent, "127.0.0.1", 0) as srv:
        port = srv.sockets[0].getsockname()[1]
        conn = Connection(f"ws://127.0.0.1:{port}/", open_timeout=0.3)
        with pytest.raises(ConnectError, match="did not answer hello like a taikyoku server"):
            await conn.connect()


async def test_protocol_mismatch_is_explained(game_server: GameServer,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(connection_module, "PROTOCOL_VERSION", 2)
    with pytest.raises(ConnectError, match="protocol mismatch: this client speaks protocol 2"):
        await Connection(game_server.url).connect()
