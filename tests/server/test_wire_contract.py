"""Where the wire and docs/protocol.md once disagreed, as a bot written from the docs
alone found: each answer here is the one the document gives."""

from __future__ import annotations

from server.room.effects import StoreFault


async def test_leave_of_an_unknown_code_is_unknown_match(game_server, connect) -> None:
    """Checked in the order §4 lists: the code first, then whether you are in it."""
    taro, fan = await connect(game_server, name="Taro"), await connect(game_server, name="Fan")
    await fan.send(type="leave", match="NOSUCH")
    await fan.expect_error("unknown_match", ref="leave", match="NOSUCH")
    code = (await taro.create(game="tictactoe", vs="human"))["match"]
    await fan.send(type="leave", match=code)
    await fan.expect_error("not_a_player", ref="leave", match=code)


async def test_a_lone_surrogate_is_a_bad_message_naming_the_request(game_server,
                                                                     connect) -> None:
    """`"\\ud800"` is JSON by its grammar (so not bad_json, "not JSON"), but no character."""
    peer = await connect(game_server)
    code = (await peer.create(game="tictactoe", vs="human"))["match"]
    await peer.ws.send('{"type": "chat", "match": "%s", "text": "\\ud800", "id": 3}' % code)
    refused = await peer.expect_error("bad_message", ref="chat", match=code, request_id=3)
    assert "lone surrogate" in refused["message"]
    await peer.ws.send('{"type": "chat", "match": "%s", "text": "\\ud83d\\ude00"}' % code)
    assert (await peer.expect("chat", match=code))["text"] == "\U0001f600"


async def test_a_request_id_is_echoed_in_its_error_and_its_joined(make_server,
                                                                   connect) -> None:
    """Several creates in flight: the refused one is known by its id, whichever of the
    server's checks refused it, and so is the joined of each that went through."""
    server = await make_server(max_matches_per_player=1)
    peer = await connect(server)
    await peer.send(type="create", game="tictactoe", vs="human", id="first")
    await peer.send(type="create", game="tictactoe", vs="human", id=2)  # over the cap
    await peer.send(type="create", game="othello", vs="robot", id="bad")  # not decoded
    joined = await peer.expect("joined")
    assert joined["id"] == "first" and joined["rematch_of"] is None
    state = await peer.expect("state", match=joined["match"])
    assert "id" not in state  # only replies to a request carry it
    capped = await peer.expect_error("player_match_cap", ref="create", request_id=2)
    assert "1 unfinished matches" in capped["message"]
    await peer.expect_error("bad_message", ref="create", request_id="bad")
    await peer.send(type="join", match=joined["match"], id=7)  # a reply, not a refusal
    assert (await peer.expect("joined", match=joined["match"]))["id"] == 7
    await peer.expect("state", match=joined["match"])
    await peer.send(type="list", id=["not", "an", "id"])
    await peer.expect_error("bad_message", ref="list")
    await peer.send(type="list", id="x" * 65)
    await peer.expect_error("bad_message", ref="list")


async def test_a_refusal_to_store_says_when_to_send_it_again(game_server, connect) -> None:
    """storage_unavailable has a retry_after, as every refusal that waiting cures, and
    the refused request's id, though it comes once the store refused its group."""
    peer = await connect(game_server)
    code = (await peer.create(game="tictactoe", vs="bot", bot={"level": 1}))["match"]
    store = game_server.store
    saving = store.save_group

    def full(changes: object) -> None:
        raise StoreFault("database or disk is full")

    store.save_group = full
    await peer.send(type="move", match=code, move=4, ply=0, id="m1")
    await peer.expect_error("storage_unavailable", ref="move", match=code, retry=True,
                            request_id="m1")
    store.save_group = saving
    await peer.send(type="move", match=code, move=4, ply=0)  # sent again (sooner: it is back)
    assert (await peer.expect("state", match=code, ply=1))["moves"] == [4]


async def test_a_hellos_id_comes_back_with_the_matches_it_resumes(game_server,
                                                                 connect) -> None:
    taro = await connect(game_server, name="Taro")
    code = (await taro.create(game="tictactoe", vs="human"))["match"]
    again = await connect(game_server, hello=False)
    await again.send(type="hello", protocol=1, name="", token=taro.token, id="h1")
    await again.expect("welcome")
    assert (await again.expect("joined", match=code))["id"] == "h1"
    await again.expect("state", match=code)
    await again.send(type="hello", protocol=1, name="", id="h2")  # a second hello
    await again.expect_error("bad_message", ref="hello", request_id="h2")


async def test_joining_a_finished_match_you_left_is_game_over(game_server, connect) -> None:
    """§4: a player who left a finished match is not seated there any more: their `join`
    is refused as any join of a finished match, not answered with a `joined` that no
    `state` follows (while the opponent was sent the state again)."""
    taro, hana = await connect(game_server, name="Taro"), await connect(game_server, name="Hana")
    code = (await taro.create(game="tictactoe", vs="human"))["match"]
    await hana.send(type="join", match=code)
    await hana.expect("state", match=code, status="playing")
    await taro.send(type="resign", match=code)
    await taro.expect("state", match=code, status="over")
    await hana.expect("state", match=code, status="over")
    await taro.send(type="leave", match=code)
    left = await hana.expect("state", match=code)
    assert left["players"][0]["left"] is True
    await taro.send(type="join", match=code, id="again")
    await taro.expect_error("game_over", ref="join", match=code, request_id="again")
    await hana.send(type="list")  # the next frame Hana gets is the answer to this
    assert (await hana.recv())["type"] == "lobby"


async def test_an_engine_failure_answers_with_the_requests_id(game_server, connect,
                                                              monkeypatch) -> None:
    """§1: the error answering a request carries its id, also the engine_failed that
    comes in place of a hint's or a review's answer, once the engine gave up."""

    async def failing_work(job, *args, deadline, owner="", match=""):
        raise TimeoutError

    monkeypatch.setattr(game_server.bots, "work", failing_work)
    taro = await connect(game_server, name="Taro")
    state = await taro.create(game="tictactoe", vs="bot", bot={"level": 1}, seat="first")
    code = state["match"]
    await taro.send(type="hint", match=code, id="h1")
    await taro.expect_error("engine_failed", ref="hint", match=code, request_id="h1")
    await taro.play_out(state, 0)
    await taro.send(type="analyse", match=code, id=2)
    await taro.expect_error("engine_failed", ref="analyse", match=code, request_id=2)
