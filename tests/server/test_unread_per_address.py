"""What the connections of one address leave unread is bounded together
(ServerConfig.max_outgoing_per_address, 64 MiB): a machine opening hundreds of connections that stop
reading, each under its own bound (--max-outgoing), would otherwise hold hundreds of
megabytes of the server's memory. Past it, those of its connections that lag are
closed with 4000; other addresses are served as before. Bare non-reading sockets, as in
test_slow_readers.py."""

from __future__ import annotations

import asyncio

from server.shell.session import SLOW_READER
from tests.server.test_slow_readers import OPEN_MATCHES, _lobby_host, _non_reader


async def test_the_connections_of_one_address_are_bounded_together(make_server,
                                                                   connect) -> None:
    own, together = 1 << 20, 256 * 1024
    server = await make_server(max_outgoing=own, max_outgoing_per_address=together,
                               max_matches_per_player=OPEN_MATCHES, rate=200.0, burst=200)
    host = await _lobby_host(server)
    sleepers = [await _non_reader(server, "127.0.0.32") for _ in range(4)]
    for _ in range(1000):  # each asks for tens of kilobytes a time and reads nothing
        for client, _ in sleepers:
            await client.send(type="list")
        await asyncio.sleep(0.01)
        if any(session.closing is not None for _, session in sleepers):
            break
    closed = [(client, s) for client, s in sleepers if s.closing is not None]
    assert closed, f"none closed; {[s.unread() for _, s in sleepers]} bytes unread"
    # closed under its own bound: by the address's
    assert all(s.unread() < own for _, s in closed), [s.unread() for _, s in closed]
    assert sum(s.unread() for _, s in sleepers) > together
    close = await asyncio.wait_for(closed[0][0].read_to_close(), 10)
    assert close is not None and close.code == SLOW_READER, close
    assert close.reason == "slow_reader: too many frames left unread by this address"
    other = await connect(server, name="Other")  # another address: served as before
    assert (await other.request(type="list"))["type"] == "lobby"
    for client, _ in sleepers:
        client.close()
    host.close()
