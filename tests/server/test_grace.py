"""Disconnects: the seat is held for the grace period, the player resumes by token;
past the grace a game between people is abandoned."""

from __future__ import annotations

import asyncio


async def _h2h(server, connect, game="tictactoe"):
    """Taro (seat 0) and Hana (seat 1) in a started match; (taro, hana, first state)."""
    taro, hana = await connect(server, name="Taro"), await connect(server, name="Hana")
    code = (await taro.create(game=game, vs="human"))["match"]
    await hana.send(type="join", match=code)
    start = await hana.expect("state", match=code)
    await taro.expect("state", match=code, status="playing")
    return taro, hana, start


async def test_resume_within_the_grace_period(make_server, connect) -> None:
    server = await make_server(grace=30)
    taro, hana, start = await _h2h(server, connect)
    code = start["match"]
    await taro.send(type="move", match=code, move=4, ply=0)
    moved = await hana.expect("state", match=code, ply=1)

    await taro.close()
    away = await hana.expect("state", match=code)
    assert away["players"][0]["connected"] is False
    assert away["board"] == moved["board"] and away["status"] == "playing"

    back = await connect(server, name="Taro", token=taro.token)
    assert back.player == taro.player and back.token == taro.token
    assert await back.recv() == {"type": "joined", "match": code, "seat": 0, "role": "player"}
    resumed = await back.expect("state", match=code)
    assert resumed["board"] == moved["board"] and resumed["ply"] == 1
    assert resumed["players"][0]["connected"] is True
    assert await hana.expect("state", match=code) == resumed

    await hana.send(type="move", match=code, move=0, ply=1)
    assert (await back.expect("state", match=code))["ply"] == 2


async def test_abandoned_past_the_grace_period(make_server, connect) -> None:
    server = await make_server(grace=0.3)
    taro, hana, start = await _h2h(server, connect)
    code = start["match"]
    await hana.close()
    away = await taro.expect("state", match=code)
    assert away["players"][1]["connected"] is False and away["status"] == "playing"
    final = await taro.expect("state", match=code, status="over")
    assert final["result"] == {"winner": 0, "reason": "abandon", "score": [0, 0]}


async def test_a_waiting_match_is_called_off_past_the_grace(make_server, connect) -> None:
    server = await make_server(grace=0.3)
    taro, hana = await connect(server, name="Taro"), await connect(server, name="Hana")
    code = (await taro.create(game="tictactoe", vs="human"))["match"]
    assert code in [m["match"] for m in (await hana.request(type="list"))["matches"]]
    await taro.close()
    assert await _stored_result(server, code) == {"winner": None, "reason": "abandon"}
    assert code not in [m["match"] for m in (await hana.request(type="list"))["matches"]]


async def test_both_away_then_one_back_starts_the_other_clock(make_server, connect) -> None:
    server = await make_server(grace=0.4)
    taro, hana, start = await _h2h(server, connect)
    code = start["match"]
    await taro.close()
    await hana.close()
    async with asyncio.timeout(10):  # the server has seen both go...
        while server.runner.online(taro.player) or server.runner.online(hana.player):
            await asyncio.sleep(0.02)
    async with asyncio.timeout(10):  # ...and stay away past the grace: it rang, and the
        while server.runner.room.held:  # match went on (nobody to award it to)
            await asyncio.sleep(0.02)
    back = await connect(server, name="Taro", token=taro.token)
    state = await back.expect("state", match=code)
    assert state["status"] == "playing" and state["players"][1]["connected"] is False
    final = await back.expect("state", match=code, status="over")
    assert final["result"]["winner"] == 0 and final["result"]["reason"] == "abandon"


async def test_a_bot_match_waits_for_its_player(make_server, connect) -> None:
    server = await make_server(grace=0.2)
    peer = await connect(server)
    state = await peer.create(game="othello", size=6, vs="bot", bot={"level": 2})
    await peer.close()
    await _held(server, state["match"])
    await asyncio.sleep(0.5)  # past the grace: time passing is what is tested
    back = await connect(server, token=peer.token)
    await back.expect("joined", match=state["match"])
    resumed = await back.expect("state", match=state["match"])
    assert resumed["status"] == "playing" and resumed["board"] == state["board"]


async def test_an_unknown_token_gets_a_new_identity(game_server, connect) -> None:
    peer = await connect(game_server, token="not-a-token-this-server-issued")
    assert peer.token != "not-a-token-this-server-issued"
    assert peer.player.startswith("p_")


async def test_a_second_connection_of_one_player_sees_the_same_matches(game_server,
                                                                        connect) -> None:
    taro, hana, start = await _h2h(game_server, connect)
    code = start["match"]
    tab = await connect(game_server, token=taro.token)
    assert await tab.recv() == {"type": "joined", "match": code, "seat": 0, "role": "player"}
    assert (await tab.expect("state", match=code))["players"][0]["connected"] is True
    await tab.send(type="move", match=code, move=8, ply=0)
    assert (await taro.expect("state", match=code))["ply"] == 1
    await tab.close()
    await taro.send(type="move", match=code, move=0, ply=1)  # the tab already moved for Taro
    await taro.expect_error("not_your_turn", ref="move", match=code)


async def test_keepalive_frees_the_seat_of_a_silent_peer(make_server, connect) -> None:
    """A peer that stops answering pings (a half-open socket) is dropped: it shows
    connected:false to its opponent without ever closing its side."""
    server = await make_server(grace=30, ping_interval=0.2, ping_timeout=0.2,
                               close_timeout=0.2)
    taro, hana, start = await _h2h(server, connect)
    hana.ws.transport.pause_reading()  # hana's machine went quiet: no pongs any more
    away = await taro.expect("state", match=start["match"], timeout=5)
    assert away["players"][1]["connected"] is False and away["status"] == "playing"
    hana.ws.transport.abort()  # a silent peer would also hold up its own closing


async def _held(server, code: str) -> None:
    """Wait until the server has seen its player go: a seat of match ``code`` is held."""
    async with asyncio.timeout(10):
        while not [key for key in server.runner.room.held if key[0] == code]:
            await asyncio.sleep(0.01)


async def _stored_result(server, code: str) -> dict[str, object]:
    """The stored result of match ``code``, once it has one (within 10 s)."""
    async with asyncio.timeout(10):
        while (record := server.store.record(code)).result is None:
            await asyncio.sleep(0.05)
    result = record.result
    return {"winner": result.winner, "reason": result.reason}


async def test_a_bot_match_is_abandoned_past_the_bot_hold(make_server, connect) -> None:
    server = await make_server(grace=0.1, bot_hold=1.5)
    peer = await connect(server)
    code = (await peer.create(game="othello", size=6, vs="bot", seat="first",
                              bot={"level": 1}))["match"]
    await peer.close()
    await _held(server, code)
    await asyncio.sleep(0.2)  # past the grace: time passing is what is tested
    assert server.store.record(code).result is None  # the grace is not the bot hold
    assert await _stored_result(server, code) == {"winner": 1, "reason": "abandon"}
    assert code not in server.runner.matches  # nobody looks at it: forgotten


async def test_restored_matches_wait_only_as_long_as_they_would_have(make_server,
                                                                     connect) -> None:
    """After a restart nobody is connected: a bot match's hold and a waiting match's
    grace start at once; a game between two people waits for one of them."""
    server = await make_server(grace=3600)
    taro, hana = await connect(server, name="Taro"), await connect(server, name="Hana")
    vs_bot = (await taro.create(game="tictactoe", vs="bot", seat="first",
                                bot={"level": 1}))["match"]
    waiting = (await taro.create(game="tictactoe", vs="human"))["match"]
    h2h = (await taro.create(game="tictactoe", vs="human"))["match"]
    await hana.send(type="join", match=h2h)
    await hana.expect("state", match=h2h)
    await server.close()

    again = await make_server(grace=0.3, bot_hold=0.3)
    assert await _stored_result(again, vs_bot) == {"winner": 1, "reason": "abandon"}
    assert await _stored_result(again, waiting) == {"winner": None, "reason": "abandon"}
    # the waiting match's grace, started with the others' at the restore, is over: the
    # game between two people away has no hold running out, and goes on
    assert not [key for key in again.runner.room.held if key[0] == h2h]
    assert again.store.record(h2h).result is None
    back = await connect(again, name="Taro", token=taro.token)
    await back.expect("state", match=h2h)
    assert await _stored_result(again, h2h) == {"winner": 0, "reason": "abandon"}


async def test_the_lobby_lists_the_newest_matches_someone_is_at(make_server,
                                                                 connect) -> None:
    server = await make_server()
    taro, hana, fan = [await connect(server, name=n) for n in ("Taro", "Hana", "Fan")]
    first = (await taro.create(game="tictactoe", vs="bot", bot={"level": 1}))["match"]
    second = (await taro.create(game="tictactoe", vs="bot", bot={"level": 1}))["match"]
    waiting = (await hana.create(game="tictactoe", vs="human"))["match"]
    listed = (await fan.request(type="list"))["matches"]
    assert [m["match"] for m in listed] == [waiting, second, first]
    await taro.close()  # matches nobody is at are not offered to watch
    async with asyncio.timeout(10):
        while len(listed) > 1:
            listed = (await fan.request(type="list"))["matches"]
    assert [m["match"] for m in listed] == [waiting]
