"""Disconnects over real sockets: the seat is held, the player resumes by token, a
second connection sees the same matches, a silent peer is dropped, and the shell's
timer ends a game between people past the grace. Every other case of holding seats
(waiting matches, bot holds, both away, after a restart) is tested on the room's fake
clock (tests/server/room/test_holds.py)."""

from __future__ import annotations

from tests.waiting import until


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
    assert await back.recv() == {"type": "joined", "match": code, "seat": 0, "role": "player",
                                "rematch_of": None, "id": None}
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


async def test_an_unknown_token_gets_a_new_identity(game_server, connect) -> None:
    peer = await connect(game_server, token="not-a-token-this-server-issued")
    assert peer.token != "not-a-token-this-server-issued"
    assert peer.player.startswith("p_")


async def test_a_second_connection_of_one_player_sees_the_same_matches(game_server,
                                                                        connect) -> None:
    taro, hana, start = await _h2h(game_server, connect)
    code = start["match"]
    tab = await connect(game_server, token=taro.token)
    assert await tab.recv() == {"type": "joined", "match": code, "seat": 0, "role": "player",
                                "rematch_of": None, "id": None}
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
    await until(lambda: not server.runner.online(taro.player), "the server to see Taro go")
    listed = (await fan.request(type="list"))["matches"]
    assert [m["match"] for m in listed] == [waiting]
