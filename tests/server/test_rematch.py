"""Rematches over a real socket: one per finished match, the `joined` that names the
match it follows, and offers that lapse when their sender goes."""

from __future__ import annotations

import pytest


async def _finished_pair(server, connect):
    """Taro (seat 0) and Hana (seat 1) in a finished tic-tac-toe match (Hana resigned)."""
    taro, hana = [await connect(server, name=n) for n in ("Taro", "Hana")]
    code = (await taro.create(game="tictactoe", vs="human"))["match"]
    await hana.send(type="join", match=code)
    await hana.expect("state", match=code)
    await taro.expect("state", match=code, status="playing")
    await hana.send(type="resign", match=code)
    await taro.expect("state", match=code, status="over")
    await hana.expect("state", match=code, status="over")
    return taro, hana, code


async def _nothing_comes(peer, seconds: float = 0.5) -> None:
    with pytest.raises(TimeoutError):
        await peer.recv(timeout=seconds)


async def test_the_rematchs_joined_names_the_match_it_follows(game_server, connect) -> None:
    taro, hana, code = await _finished_pair(game_server, connect)
    await taro.send(type="rematch", match=code)
    await hana.expect("state", match=code, rematch=[0])
    await hana.send(type="rematch", match=code)
    joined = [await p.expect("joined") for p in (taro, hana)]
    assert [j["rematch_of"] for j in joined] == [code, code]
    assert joined[0]["match"] == joined[1]["match"] != code
    bot = await connect(game_server, name="Solo")
    final = await bot.play_out(await bot.create(game="tictactoe", vs="bot", bot={"level": 1}), 0)
    await bot.send(type="rematch", match=final["match"])
    assert (await bot.expect("joined"))["rematch_of"] == final["match"]
    await bot.send(type="create", game="tictactoe", vs="bot")
    assert (await bot.expect("joined"))["rematch_of"] is None  # not a rematch


async def test_one_rematch_per_match_a_stale_code_is_refused(game_server, connect) -> None:
    """Once a match has had its rematch, asking again shows that rematch while it is on;
    after it (played, both left) the old code is refused, and nobody is seated in a new
    match they never asked for (which happened once)."""
    taro, hana, code = await _finished_pair(game_server, connect)
    await taro.send(type="rematch", match=code)
    await hana.expect("state", match=code, rematch=[0])
    await hana.send(type="rematch", match=code)
    new = (await taro.expect("joined"))["match"]
    await hana.expect("joined", match=new)
    await taro.expect("state", match=new)
    await hana.expect("state", match=new)
    await taro.send(type="rematch", match=code)  # a late double click: shown it again
    again = await taro.expect("joined")
    assert (again["match"], again["seat"], again["rematch_of"]) == (new, 1, code)
    await taro.expect("state", match=new)
    await taro.send(type="resign", match=new)
    for peer in (taro, hana):
        await peer.expect("state", match=new, status="over")
    await taro.send(type="leave", match=new)
    await hana.expect("state", match=new)  # Hana sees Taro leave it
    await hana.send(type="leave", match=new)
    await taro.send(type="rematch", match=code)
    msg = await taro.expect_error("not_allowed", ref="rematch", match=code)
    assert new in msg["message"] and "create a new match" in msg["message"]
    await _nothing_comes(hana)
    lobby = await hana.request(type="list")
    assert all(m["status"] != "playing" for m in lobby["matches"])


async def test_an_offer_lapses_when_its_sender_disconnects(game_server, connect) -> None:
    taro, hana, code = await _finished_pair(game_server, connect)
    await taro.send(type="rematch", match=code)
    await hana.expect("state", match=code, rematch=[0])
    await taro.close()
    gone = await hana.expect("state", match=code)
    assert gone["rematch"] == [] and not gone["players"][0]["connected"]
    await hana.send(type="rematch", match=code)  # her own offer only: no new match
    assert (await hana.expect("state", match=code))["rematch"] == [1]
    await _nothing_comes(hana)
    back = await connect(game_server, name="Taro", token=taro.token)
    await back.expect("state", match=code, rematch=[1])
    await back.send(type="rematch", match=code)  # asked again after coming back
    joined = await back.expect("joined")
    assert joined["rematch_of"] == code and (await hana.expect("joined"))["match"] == joined[
        "match"]

