"""What the connections of one address leave unread is bounded together
(ServerConfig.max_outgoing_per_address, 64 MiB): a machine opening hundreds of connections that stop
reading, each under its own bound (--max-outgoing), would otherwise hold hundreds of
megabytes of the server's memory. Past it, those of its connections that lag are
closed with 4000; other addresses are served as before. Bare non-reading sockets, as in
test_slow_readers.py."""

from __future__ import annotations

import asyncio
import time

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


def test_an_address_s_unread_total_is_summed_once_a_while(monkeypatch) -> None:
    """Every write to a lagging session asks for its address's total: summed each time,
    hundreds of lagging sessions of one machine would cost a sum over all of them a
    message."""
    from server.shell import session as session_module

    class Lagging:
        def __init__(self) -> None:
            self.asked = 0

        def unread(self) -> int:
            self.asked += 1
            return 100_000

    now = [1000.0]
    monkeypatch.setattr(time, "monotonic", lambda: now[0])
    sessions = session_module.AddressSessions()
    lagging = [Lagging() for _ in range(300)]
    sessions.update(lagging)  # type: ignore[arg-type]
    assert [sessions.unread() for _ in range(500)] == [300 * 100_000] * 500
    assert {one.asked for one in lagging} == {1}
    now[0] += 2 * session_module.SUM_EVERY
    lagging[0].unread = lambda: 0  # type: ignore[method-assign]
    assert sessions.unread() == 299 * 100_000
