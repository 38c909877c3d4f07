"""Chat over the wire: the line relayed to everyone in the match (the writer's echo
included), what is stripped, the history sent again on join, watch and resume and
after a restart, and each refusal. Also `welcome.features`."""

from __future__ import annotations

import time

import pytest

from shared.protocol import FEATURES


async def test_welcome_names_every_optional_feature(game_server, connect) -> None:
    peer = await connect(game_server)
    assert peer.welcome["features"] == ["takeback", "hint", "analyse", "clock", "chat",
                                      "private"]
    assert tuple(peer.welcome["features"]) == FEATURES


async def _playing(server, connect):
    taro, hana = await connect(server, name="Taro"), await connect(server, name="Hana")
    code = (await taro.create(game="tictactoe", vs="human"))["match"]
    await hana.send(type="join", match=code)
    await hana.expect("state", match=code)
    await taro.expect("state", match=code, status="playing")
    return taro, hana, code


async def test_a_line_goes_to_players_and_spectators_the_writer_included(
        game_server, connect) -> None:
    taro, hana, code = await _playing(game_server, connect)
    fan = await connect(game_server, name="Fan")
    await fan.send(type="watch", match=code)
    await fan.expect("state", match=code)
    before = time.time()
    await taro.send(type="chat", match=code, text="  good\x1b[31m luck!\n ")
    line = await taro.recv()
    assert line == {"type": "chat", "match": code, "seq": 1, "time": line["time"], "seat": 0,
                    "player": taro.player, "name": "Taro", "text": "good[31m luck!"}
    assert before - 1 <= line["time"] <= time.time() + 1
    assert await hana.recv() == line and await fan.recv() == line
    await fan.send(type="chat", match=code, text="go Hana")
    spoken = await hana.expect("chat", match=code)
    assert (spoken["seq"], spoken["seat"], spoken["name"], spoken["player"]) == (
        2, None, "Fan", fan.player)
    assert await taro.expect("chat", match=code) == spoken == await fan.recv()


async def test_the_last_lines_come_again_after_join_watch_and_resume(
        make_server, connect) -> None:
    server = await make_server()
    taro = await connect(server, name="Taro")
    code = (await taro.create(game="tictactoe", vs="human"))["match"]
    for text in ("anyone?", "I play X"):
        await taro.send(type="chat", match=code, text=text)
        await taro.expect("chat", match=code, text=text)
    hana = await connect(server, name="Hana")
    await hana.send(type="join", match=code)
    assert (await hana.recv())["type"] == "joined"
    assert (await hana.recv())["type"] == "state"
    assert [(m["seq"], m["text"]) for m in [await hana.recv(), await hana.recv()]] == [
        (1, "anyone?"), (2, "I play X")]
    fan = await connect(server, name="Fan")
    await fan.send(type="watch", match=code)
    kinds = [(await fan.recv())["type"] for _ in range(4)]
    assert kinds == ["joined", "state", "chat", "chat"]

    await server.close()  # the lines are stored with the match
    again = await make_server()
    back = await connect(again, name="Taro", token=taro.token)
    assert (await back.recv())["type"] == "joined"
    assert (await back.recv())["type"] == "state"
    resent = [await back.recv(), await back.recv()]
    assert [(m["seq"], m["text"], m["name"]) for m in resent] == [
        (1, "anyone?", "Taro"), (2, "I play X", "Taro")]
    await back.send(type="chat", match=code, text="back")
    assert (await back.expect("chat", match=code))["seq"] == 3  # numbering goes on


async def test_chat_refusals(game_server, connect) -> None:
    taro, hana, code = await _playing(game_server, connect)
    stranger = await connect(game_server, name="Who")
    await stranger.send(type="chat", match=code, text="hi")
    await stranger.expect_error("not_a_player", ref="chat", match=code)
    await taro.send(type="chat", match="NOPE99", text="hi")
    await taro.expect_error("unknown_match", ref="chat", match="NOPE99")
    await taro.send(type="chat", match=code, text="x" * 201)
    msg = await taro.expect_error("text_too_long", ref="chat", match=code)
    assert "200" in msg["message"] and "201" in msg["message"]
    await taro.send(type="chat", match=code, text="\n\u202e\t ")
    await taro.expect_error("bad_message", ref="chat", match=code)
    await taro.send(type="chat", match=code, text="")  # refused by the schema, as any
    await taro.expect_error("bad_message", ref="chat", match=code)  # the frame named it
    for i in range(5):  # five at once (the refusals above spent none)...
        await taro.send(type="chat", match=code, text=f"spam {i}")
        assert (await taro.recv())["text"] == f"spam {i}"
    await taro.send(type="chat", match=code, text="one more")  # ...then one every 2 s
    msg = await taro.expect_error("rate_limited", ref="chat", match=code, retry=True)
    assert "dropped" in msg["message"]
    assert [(await hana.recv())["text"] for _ in range(5)] == [f"spam {i}" for i in range(5)]
    await hana.send(type="chat", match=code, text="x" * 200)  # another connection's budget
    assert len((await hana.recv())["text"]) == 200
    await taro.send(type="move", match=code, move=4, ply=0)  # the connection is still open
    assert (await taro.expect("state", match=code))["ply"] == 1


@pytest.mark.parametrize("status", ["waiting", "over"])
async def test_chat_in_a_waiting_or_finished_match(game_server, connect, status) -> None:
    taro = await connect(game_server, name="Taro")
    code = (await taro.create(game="tictactoe", vs="human"))["match"]
    if status == "over":
        await taro.send(type="resign", match=code)
        await taro.expect("state", match=code, status="over")
    await taro.send(type="chat", match=code, text="gg")
    assert (await taro.expect("chat", match=code))["text"] == "gg"
