"""Abandoned matches end, over real sockets: a flood of fresh players opening matches and
leaving is capped per address and called off, kept in the records; a restart does not
bring back a match whose limit ran out while the server was down."""

from __future__ import annotations

import asyncio
import dataclasses

from server.shell.app import GameServer
from tests.conftest import server_config
from tests.waiting import until


async def test_a_flood_of_matches_is_capped_and_called_off(make_server, connect) -> None:
    """Pairs of fresh players (each hello with no token is a new player) open matches
    and disconnect: past the address's cap they are refused, and what was opened is
    called off once nobody is at it; memory empties, the store keeps the records."""
    server = await make_server(unfinished_per_address=12, call_off=0.5,
                               max_matches_per_player=3)
    opened, refused = [], 0
    for pair in range(6):
        creator = await connect(server, name=f"C{pair}")
        joiner = await connect(server, name=f"J{pair}")
        for _ in range(3):
            await creator.send(type="create", game="tictactoe", vs="human")
            answer = await creator.recv()
            while answer["type"] == "state":  # the last match's, as its joiner came
                answer = await creator.recv()
            if answer["type"] == "error":
                assert answer["code"] == "too_many_matches"
                refused += 1
                continue
            opened.append(answer["match"])
            await creator.expect("state", match=answer["match"])
            await joiner.send(type="join", match=answer["match"])
            await joiner.expect("state", match=answer["match"], status="playing")
        await creator.close()
        await joiner.close()
    assert (len(opened), refused) == (12, 6)
    assert server.store is not None and server.runner is not None
    await until(lambda: not server.runner.matches, "the flood's matches to be called off")
    records = {r.code: r for r in server.store.records()}
    assert all(records[code].status == "over" for code in opened)
    assert {(records[c].result.winner, records[c].result.reason)
            for c in opened} == {(None, "abandon")}
    assert server.runner.room.limits.unfinished == {}  # room for new matches again


async def test_a_restart_does_not_bring_back_what_expired(tmp_path, connect) -> None:
    """A match nobody moved in, left before the server stopped, past --call-off when the
    server starts again: ended as it restarts, not restored, kept in the records."""
    config = server_config(tmp_path, call_off=3600.0)
    async with GameServer(config) as first:
        taro, hana = await connect(first, name="Taro"), await connect(first, name="Hana")
        code = (await taro.create(game="tictactoe", vs="human"))["match"]
        await hana.send(type="join", match=code)
        await hana.expect("state", match=code, status="playing")
    await asyncio.sleep(0.05)  # the time passing is what is tested: past the limit below
    async with GameServer(dataclasses.replace(config, call_off=0.01)) as second:
        assert second.runner is not None and second.store is not None
        assert second.runner.matches == {}
        record = second.store.record(code)
        assert record is not None and record.result is not None
        assert (record.status, record.result.winner, record.result.reason) == (
            "over", None, "abandon")
