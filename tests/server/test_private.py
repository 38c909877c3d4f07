"""Private matches over a real socket: unlisted (joined or watched by code only) and
players-only chat, each the creator's choice, kept across a restart and a rematch."""

from __future__ import annotations


async def test_an_unlisted_match_is_joined_and_watched_by_its_code_only(make_server,
                                                                        connect) -> None:
    server = await make_server()
    taro, hana, fan = [await connect(server, name=n) for n in ("Taro", "Hana", "Fan")]
    assert "private" in taro.welcome["features"]
    listed = (await taro.create(game="tictactoe", vs="human"))["match"]
    state = await taro.create(game="tictactoe", vs="human", unlisted=True)
    code = state["match"]
    assert (state["unlisted"], state["spectator_chat"]) == (True, True)
    assert (len(listed), len(code)) == (6, 8)  # nobody finds an unlisted one by counting
    lobby = await fan.request(type="list")
    assert [m["match"] for m in lobby["matches"]] == [listed]
    await hana.send(type="join", match=code.lower())
    assert (await hana.expect("state", match=code))["status"] == "playing"
    await fan.send(type="watch", match=code)
    assert (await fan.expect("joined", match=code))["role"] == "spectator"
    await fan.expect("state", match=code)
    assert code not in [m["match"] for m in (await fan.request(type="list"))["matches"]]
    # a restart brings it back unlisted (the choice is stored with the match)
    await server.close()
    server = await make_server()
    back = await connect(server, name="Taro", token=taro.token)
    assert (await back.expect("state", match=code))["unlisted"] is True
    other = await connect(server, name="Other")
    codes = [m["match"] for m in (await other.request(type="list"))["matches"]]
    assert listed in codes and code not in codes


async def test_players_only_chat(game_server, connect) -> None:
    taro, hana, fan = [await connect(game_server, name=n) for n in ("Taro", "Hana", "Fan")]
    state = await taro.create(game="tictactoe", vs="human", spectator_chat=False)
    code = state["match"]
    assert (state["unlisted"], state["spectator_chat"]) == (False, False)
    lobby = await fan.request(type="list")
    assert [m["spectator_chat"] for m in lobby["matches"]] == [False]
    await hana.send(type="join", match=code)
    await hana.expect("state", match=code)
    await fan.send(type="watch", match=code)
    await fan.expect("state", match=code)
    await fan.send(type="chat", match=code, text="go Taro!")
    msg = await fan.expect_error("not_allowed", ref="chat", match=code)
    assert "only the players" in msg["message"]
    await hana.send(type="chat", match=code, text="good luck")
    for peer in (taro, hana, fan):  # the players write, the spectator reads
        assert (await peer.expect("chat", match=code))["text"] == "good luck"


async def test_a_rematch_keeps_the_creators_choices(game_server, connect) -> None:
    peer = await connect(game_server)
    state = await peer.create(game="tictactoe", vs="bot", bot={"level": 1}, unlisted=True,
                              spectator_chat=False)
    final = await peer.play_out(state, 0)
    await peer.send(type="rematch", match=final["match"])
    joined = await peer.expect("joined")
    new = await peer.expect("state", match=joined["match"])
    assert (new["unlisted"], new["spectator_chat"]) == (True, False)
