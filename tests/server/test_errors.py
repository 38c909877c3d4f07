"""Every error code of the protocol, triggered on a real socket and asserted exactly.

After each refusal the connection and the match go on unchanged."""

from __future__ import annotations

import asyncio
import json
from concurrent.futures.process import BrokenProcessPool

import pytest
from websockets.asyncio.client import connect as websockets_connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from server.room.effects import StoreFault
from shared.protocol import ERROR_CODES
from tests.conftest import Peer


async def _closed_with(peer: Peer) -> int | None:
    with pytest.raises(ConnectionClosed):
        await peer.recv()
    return peer.ws.close_code


async def test_bad_json(game_server, connect) -> None:
    peer = await connect(game_server)
    await peer.ws.send('{"type": "list",')
    msg = await peer.expect_error("bad_json", ref=None)
    assert "not valid JSON" in msg["message"]
    assert (await peer.request(type="list"))["type"] == "lobby"


@pytest.mark.parametrize(
    ("frame", "ref", "says"),
    [
        ('{"type": "fly"}', "fly", "unknown message type 'fly'"),
        ("[1, 2]", None, "JSON object"),
        ('{"type": "move", "match": "ABCDEF"}', "move", "move"),
        ('{"type": "move", "match": "ABCDEF", "move": "d3", "ply": 0}', "move", "move"),
        ('{"type": "create", "game": "chess"}', "create", "unknown game 'chess'"),
        ('{"type": "create", "game": "othello", "size": 5}', "create", "size"),
        ('{"type": "create", "game": "othello", "size": 4, '
         '"position": {"board": "................", "to_move": 0}}', "create", "centre"),
        ('{"type": "create", "game": "tictactoe", "position": {"board": "XXX......"}}',
         "create", "impossible"),
        ('{"type": "create", "game": "tictactoe", "bot": {"level": 9}, "vs": "bot"}',
         "create", "level"),
        ('{"type": "hello", "protocol": 1}', "hello", "already said hello"),
    ],
)
async def test_bad_message(game_server, connect, frame, ref, says) -> None:
    peer = await connect(game_server)
    await peer.ws.send(frame)
    named = json.loads(frame).get("match") if frame.startswith("{") else None
    msg = await peer.expect_error("bad_message", ref=ref, match=named)
    assert says in msg["message"]
    assert (await peer.request(type="list"))["type"] == "lobby"


@pytest.mark.parametrize(
    ("frame", "ref", "match"),
    [
        ('{"type": "move", "match": "k7qxm2", "move": "d3", "ply": 0}', "move", "k7qxm2"),
        ('{"type": "chat", "match": "K7QXM2", "text": ""}', "chat", "K7QXM2"),
        ('{"type": "fly", "match": "K7QXM2"}', "fly", "K7QXM2"),
        ('{"match": "K7QXM2"}', None, "K7QXM2"),
        ('{"type": "move", "match": 7, "move": 1, "ply": 0}', "move", None),
        ('{"type": "move", "match": "' + "K" * 17 + '", "move": 1, "ply": 0}', "move", None),
        ('{"type": "move", "match": "", "move": 1, "ply": 0}', "move", None),
    ],
)
async def test_errors_before_decoding_name_the_match(game_server, connect, frame, ref,
                                                     match) -> None:
    """docs/protocol.md §7: `match` is the code the frame named, as sent, even when the
    frame is no valid request (a value that cannot be a match code names none)."""
    peer = await connect(game_server)
    await peer.ws.send(frame)
    await peer.expect_error("bad_message", ref=ref, match=match)


async def test_rematch_before_the_end_is_a_bad_message(game_server, connect) -> None:
    peer = await connect(game_server)
    code = (await peer.create(game="tictactoe", vs="human"))["match"]
    await peer.send(type="rematch", match=code)
    await peer.expect_error("bad_message", ref="rematch", match=code)


async def test_hello_required_then_closed(game_server, connect) -> None:
    peer = await connect(game_server, hello=False)
    await peer.send(type="watch", match="K7QXM2")
    msg = await peer.expect_error("hello_required", ref="watch", match="K7QXM2")
    assert '"type":"hello"' in msg["message"]
    assert await _closed_with(peer) == 1008


async def test_garbage_first_frame_needs_hello_too(game_server, connect) -> None:
    peer = await connect(game_server, hello=False)
    await peer.ws.send("not json at all")
    await peer.expect_error("hello_required", ref=None)
    assert await _closed_with(peer) == 1008


async def test_a_malformed_hello_may_be_retried(game_server, connect) -> None:
    peer = await connect(game_server, hello=False)
    await peer.send(type="hello", protocol=1, name="x" * 100)
    await peer.expect_error("bad_message", ref="hello")
    welcome = await peer.request(type="hello", protocol=1, name="Taro")
    assert welcome["type"] == "welcome"


async def test_unsupported_protocol_then_closed(game_server, connect) -> None:
    peer = await connect(game_server, hello=False)
    await peer.send(type="hello", protocol=2, name="Future")
    msg = await peer.expect_error("unsupported_protocol", ref="hello")
    assert "protocol 1, not 2" in msg["message"]
    assert await _closed_with(peer) == 1002


@pytest.mark.parametrize("kind", ["join", "watch", "leave", "resign", "rematch"])
async def test_unknown_match(game_server, connect, kind) -> None:
    peer = await connect(game_server)
    await peer.send(type=kind, match="NOPE99")
    msg = await peer.expect_error("unknown_match", ref=kind, match="NOPE99")
    assert "NOPE99" in msg["message"]


async def test_unknown_match_for_a_move(game_server, connect) -> None:
    peer = await connect(game_server)
    await peer.send(type="move", match="NOPE99", move=0, ply=0)
    await peer.expect_error("unknown_match", ref="move", match="NOPE99")


async def test_match_full_for_a_third_player_and_for_spectators(make_server, connect) -> None:
    server = await make_server(max_spectators=1)
    taro, hana, third, fan = [await connect(server, name=n) for n in "THXF"]
    code = (await taro.create(game="tictactoe", vs="human"))["match"]
    await hana.send(type="join", match=code)
    await hana.expect("state", match=code)
    await third.send(type="join", match=code)
    msg = await third.expect_error("match_full", ref="join", match=code)
    assert "watch" in msg["message"]
    await fan.send(type="watch", match=code)
    await fan.expect("state", match=code)
    await third.send(type="watch", match=code)
    msg = await third.expect_error("match_full", ref="watch", match=code)
    assert "1 spectators" in msg["message"]


async def test_play_errors_leave_the_match_unchanged(game_server, connect) -> None:
    taro, hana, fan = [await connect(game_server, name=n) for n in ("Taro", "Hana", "Fan")]
    state = await taro.create(game="tictactoe", vs="human")
    code = state["match"]

    await taro.send(type="move", match=code, move=4, ply=0)  # nobody has joined yet
    msg = await taro.expect_error("not_your_turn", ref="move", match=code)
    assert "waiting for an opponent" in msg["message"]

    await hana.send(type="join", match=code)
    start = await hana.expect("state", match=code)
    await taro.expect("state", match=code)
    await fan.send(type="watch", match=code)
    await fan.expect("state", match=code)

    await fan.send(type="move", match=code, move=4, ply=0)
    await fan.expect_error("not_a_player", ref="move", match=code)
    await fan.send(type="resign", match=code)
    await fan.expect_error("not_a_player", ref="resign", match=code)

    await hana.send(type="move", match=code, move=4, ply=0)
    msg = await hana.expect_error("not_your_turn", ref="move", match=code)
    assert "opponent" in msg["message"]

    for bad in (9, -1, 1000):
        await taro.send(type="move", match=code, move=bad, ply=0)
        await taro.expect_error("illegal_move", ref="move", match=code)

    await taro.send(type="move", match=code, move=4, ply=0)
    after = await taro.expect("state", match=code)
    assert after["ply"] == 1 and after["board"] == "....X...."

    # the same move again (a double click): stale_ply, then the fresh state
    await taro.send(type="move", match=code, move=4, ply=0)
    msg = await taro.expect_error("stale_ply", ref="move", match=code)
    assert "ply 0" in msg["message"] and "ply 1" in msg["message"]
    assert await taro.recv() == after

    assert await hana.expect("state", match=code) == after
    await hana.send(type="move", match=code, move=4, ply=1)
    msg = await hana.expect_error("illegal_move", ref="move", match=code)
    assert "taken" in msg["message"]

    await hana.send(type="resign", match=code)
    final = await taro.expect("state", match=code, status="over")
    await taro.send(type="move", match=code, move=0, ply=final["ply"])
    await taro.expect_error("game_over", ref="move", match=code)
    await taro.send(type="resign", match=code)
    await taro.expect_error("game_over", ref="resign", match=code)
    unfinished_board = final["board"]
    assert unfinished_board == "....X...." and start["ply"] == 0

    assert await fan.expect("state", match=code, status="over") == final
    await fan.send(type="leave", match=code)
    await fan.send(type="leave", match=code)
    await fan.expect_error("not_a_player", ref="leave", match=code)


async def test_joining_a_finished_match_is_game_over(game_server, connect) -> None:
    taro, hana, late = [await connect(game_server, name=n) for n in ("Taro", "Hana", "Late")]
    code = (await taro.create(game="tictactoe", vs="human"))["match"]
    await taro.send(type="leave", match=code)  # called off: over with a free seat
    await taro.expect("state", match=code, status="over")
    # the match is forgotten once nobody looks at it, so watch it before it ends
    code = (await taro.create(game="tictactoe", vs="human"))["match"]
    await hana.send(type="watch", match=code)
    await hana.expect("state", match=code)
    await taro.send(type="resign", match=code)
    await hana.expect("state", match=code, status="over")
    await late.send(type="join", match=code)
    msg = await late.expect_error("game_over", ref="join", match=code)
    assert "watch it" in msg["message"]


async def test_rate_limited_then_closed_for_abuse(make_server, connect) -> None:
    server = await make_server(rate=5.0, burst=10)
    peer = await connect(server)
    for _ in range(15):  # the hello spent one of the 10: about 5 of these are refused
        await peer.send(type="list")
    replies = [await peer.recv() for _ in range(15)]
    kinds = [r["type"] for r in replies]
    assert kinds.count("lobby") >= 9 and "error" in kinds
    limited = next(r for r in replies if r["type"] == "error")
    assert limited["code"] == "rate_limited" and limited["ref"] == "list"
    assert "5 messages per second" in limited["message"]
    assert 0 < limited["retry_after"] <= 0.2  # one message's worth at 5 a second

    # a flood far over the budget is closed with 1008
    with pytest.raises(ConnectionClosed):
        for _ in range(500):
            await peer.send(type="list")
        while True:
            await peer.recv()
    assert peer.ws.close_code == 1008


async def test_optional_feature_refusals(game_server, connect) -> None:
    taro, hana = [await connect(game_server, name=n) for n in ("Taro", "Hana")]
    state = await taro.create(game="tictactoe", vs="human")
    code = state["match"]
    await hana.send(type="join", match=code)
    state = await hana.expect("state", match=code)
    await taro.expect("state", match=code)

    await taro.send(type="hint", match=code)  # created without hints
    msg = await taro.expect_error("not_allowed", ref="hint", match=code)
    assert "without hints" in msg["message"]
    await taro.send(type="analyse", match=code)  # before the end
    msg = await taro.expect_error("not_allowed", ref="analyse", match=code)
    assert "not over" in msg["message"]
    await taro.send(type="takeback", match=code)  # no move of Taro's yet
    msg = await taro.expect_error("nothing_to_take_back", ref="takeback", match=code)
    assert "no move" in msg["message"]
    await hana.send(type="takeback_answer", match=code, accept=True)  # nothing offered
    msg = await hana.expect_error("no_offer", ref="takeback_answer", match=code)
    assert "no takeback offer" in msg["message"]
    await taro.send(type="chat", match=code, text="a" * 201)
    msg = await taro.expect_error("text_too_long", ref="chat", match=code)
    assert "at most 200" in msg["message"]

    for ply, (mover, square) in enumerate(((taro, 4), (hana, 0))):
        await mover.send(type="move", match=code, move=square, ply=ply)
        await taro.expect("state", match=code, ply=ply + 1)
        await hana.expect("state", match=code, ply=ply + 1)
    await taro.send(type="takeback", match=code, ply=2)
    offered = await hana.expect("state", match=code)
    assert offered["takeback"] == {"seat": 0, "ply": 0}
    await hana.send(type="takeback", match=code)  # Hana answers it, no offer of her own
    msg = await hana.expect_error("offer_pending", ref="takeback", match=code)
    assert "answer it" in msg["message"]
    assert (await taro.expect("state", match=code))["ply"] == 2  # unchanged


async def test_engine_failed_answers_a_hint_and_an_analyse(
        game_server, connect, monkeypatch) -> None:
    failures = [TimeoutError(), BrokenProcessPool("a worker died"), TimeoutError()]

    async def failing_work(job, *args, deadline, owner="", match=""):  # the engine, failing
        raise failures.pop(0)

    monkeypatch.setattr(game_server.bots, "work", failing_work)
    taro = await connect(game_server, name="Taro")
    state = await taro.create(game="tictactoe", vs="bot", bot={"level": 1}, seat="first")
    code = state["match"]
    await taro.send(type="hint", match=code)  # the search runs out of time
    msg = await taro.expect_error("engine_failed", ref="hint", match=code)
    assert msg["message"] == ("the engine could not work out a hint (it failed or ran out "
                              "of time); you may ask again")
    state = await taro.play_out(state, 0)  # the failed hint no longer counts as running
    await taro.send(type="analyse", match=code)  # the review's worker crashes
    msg = await taro.expect_error("engine_failed", ref="analyse", match=code)
    assert msg["message"] == ("the engine could not work out the review (it failed or ran "
                              "out of time); you may ask again")
    await taro.send(type="analyse", match=code)  # asked again: a new job, failing again
    await taro.expect_error("engine_failed", ref="analyse", match=code)
    assert failures == [] and (await taro.request(type="list"))["type"] == "lobby"


async def test_no_rematch_with_a_player_who_left(game_server, connect) -> None:
    """Who left a finished match is gone: their seat says so, and a rematch with them
    is refused (not recorded as an offer nobody will ever answer)."""
    taro, hana = [await connect(game_server, name=n) for n in ("Taro", "Hana")]
    code = (await taro.create(game="tictactoe", vs="human"))["match"]
    await hana.send(type="join", match=code)
    start = await hana.expect("state", match=code)
    await taro.expect("state", match=code, status="playing")
    await asyncio.gather(taro.play_out(start, 0), hana.play_out(start, 1))
    await hana.send(type="leave", match=code)
    gone = await taro.expect("state", match=code)
    assert [(p["name"], p["left"]) for p in gone["players"]] == [("Taro", False),
                                                                 ("Hana", True)]
    await taro.send(type="rematch", match=code)
    refused = await taro.expect_error("opponent_left", "rematch", code)
    assert refused["message"] == f"Hana left match {code}; a rematch needs both players"


async def test_storage_unavailable_refuses_a_move_and_the_same_move_goes_through_later(
        game_server, connect) -> None:
    """A store that refuses writes (as with a full disk): the mover is refused, the
    opponent sees nothing, a new player is refused too, and all goes on afterwards."""
    taro, hana = await connect(game_server, name="Taro"), await connect(game_server, name="Hana")
    code = (await taro.create(game="tictactoe", vs="human", seat="first"))["match"]
    await hana.send(type="join", match=code)
    await taro.expect("state", match=code, status="playing")
    await hana.expect("state", match=code, status="playing")
    store = game_server.store
    store_save = store.save_group

    def full_disk(changes):
        raise StoreFault("database or disk is full")

    store.save_group = full_disk
    await taro.send(type="move", match=code, move=4, ply=0)
    msg = await taro.expect_error("storage_unavailable", ref="move", match=code, retry=True)
    assert "database or disk is full" in msg["message"] and "nothing changed" in msg["message"]
    assert msg["retry_after"] == 2.0
    newcomer = await connect(game_server, name="New", hello=False)
    await newcomer.send(type="hello", protocol=1, name="New", token=None)
    await newcomer.expect_error("storage_unavailable", ref="hello", retry=True)
    assert (await taro.request(type="list"))["type"] == "lobby"  # the server goes on
    store.save_group = store_save
    await taro.send(type="move", match=code, move=4, ply=0)  # the same move, now stored
    assert (await hana.expect("state", match=code))["moves"] == [4]
    assert game_server.store.record(code).moves == [4]
    assert (await newcomer.request(type="hello", protocol=1, name="New", token=None))[
        "type"] == "welcome"


async def test_too_many_connections_from_one_address(make_server, connect) -> None:
    server = await make_server(max_connections_per_address=1)
    await connect(server)
    with pytest.raises(InvalidStatus) as refused:
        await websockets_connect(server.url)
    assert refused.value.response.status_code == 429
    code, _, message = refused.value.response.body.decode().partition(": ")
    assert code == "too_many_connections" and "at most 1 open connections" in message


async def test_too_many_new_players_from_one_address(make_server, connect) -> None:
    """Past the burst a fresh hello is refused with when to retry; a returning player's
    hello (with their token) is not, and the refused connection may still say hello."""
    server = await make_server(new_players_per_minute=2)
    first = await connect(server, name="One")
    await connect(server, name="Two")
    third = await connect(server, hello=False)
    await third.send(type="hello", protocol=1, name="Three", token=None)
    msg = await third.expect_error("too_many_new_players", ref="hello", retry=True)
    assert 0 < msg["retry_after"] <= 30 and "2 new players a minute" in msg["message"]
    await third.send(type="hello", protocol=1, name="One", token=first.welcome["token"])
    assert (await third.recv())["player"] == first.welcome["player"]


async def test_too_many_matches_from_one_address(make_server, connect) -> None:
    """Fresh players (no per-player cap helps) opening matches from one address."""
    server = await make_server(unfinished_per_address=3)
    peers = [await connect(server, name=f"P{i}") for i in range(4)]
    codes = [(await p.create(game="tictactoe", vs="human"))["match"] for p in peers[:3]]
    await peers[3].send(type="create", game="tictactoe", vs="human")
    msg = await peers[3].expect_error("too_many_matches", ref="create")
    assert "3 unfinished matches were opened from your address" in msg["message"]
    await peers[0].send(type="resign", match=codes[0])  # one ends: room for one more
    await peers[0].expect("state", match=codes[0], status="over")
    assert (await peers[3].create(game="tictactoe", vs="human"))["type"] == "state"


async def test_engine_busy_for_one_address(make_server, connect) -> None:
    """The bot's search counts for the address that opened its match: a second bot
    match, or a hint, waits until it is answered."""
    server = await make_server(engine_per_address=1, bot_seconds=1.0)
    taro, hana = await connect(server, name="Taro"), await connect(server, name="Hana")
    code = (await taro.create(game="othello", vs="bot", seat="second",
                              bot={"level": 5}))["match"]  # the bot moves first: a search
    await hana.send(type="create", game="othello", vs="bot", bot={"level": 5})
    msg = await hana.expect_error("engine_busy", ref="create", retry=True)
    assert msg["retry_after"] == 1.0 and "queued" in msg["message"]
    await taro.expect("state", match=code, ply=1)  # answered: the engine is free again
    assert (await hana.create(game="othello", vs="bot", seat="first"))["type"] == "state"


async def test_player_match_cap(make_server, connect) -> None:
    """The cap on a player's unfinished matches has its own code, and no retry_after:
    a bot that resends after retry_after must not loop on it (it once was rate_limited)."""
    server = await make_server(max_matches_per_player=2)
    taro, hana = await connect(server, name="Taro"), await connect(server, name="Hana")
    codes = [(await taro.create(game="tictactoe", vs="human"))["match"] for _ in range(2)]
    await taro.send(type="create", game="tictactoe", vs="bot")
    msg = await taro.expect_error("player_match_cap", ref="create")  # not rate_limited:
    assert "2 unfinished matches" in msg["message"]  # waiting alone does not help
    other = (await hana.create(game="tictactoe", vs="human"))["match"]
    await taro.send(type="join", match=other)
    await taro.expect_error("player_match_cap", ref="join", match=other)
    await taro.send(type="resign", match=codes[0])
    await taro.expect("state", match=codes[0], status="over")
    state = await taro.create(game="tictactoe", vs="human")  # room again
    assert state["status"] == "waiting"


async def test_too_many_stored_matches_from_one_address(make_server, connect) -> None:
    """Matches opened from one address count against its hour's budget however they go
    on: a create + resign loop (and a rematch) stops at it, and the store holds no more."""
    server = await make_server(stored_matches_per_hour=4)
    peers = [await connect(server, name=f"P{i}") for i in range(2)]
    for i in range(3):
        code = (await peers[i % 2].create(game="tictactoe", vs="human"))["match"]
        await peers[i % 2].send(type="resign", match=code)
        await peers[i % 2].expect("state", match=code, status="over")
    played = await peers[0].create(game="tictactoe", vs="bot", bot={"level": 1})
    over = await peers[0].play_out(played, 0)
    await peers[0].send(type="rematch", match=over["match"])
    refused = await peers[0].expect_error("too_many_stored_matches", ref="rematch",
                                          match=over["match"], retry=True)
    assert 800 <= refused["retry_after"] <= 900  # the hour's budget, one match back
    assert "at most 4 matches an hour" in refused["message"]
    await peers[1].send(type="create", game="tictactoe", vs="human")
    await peers[1].expect_error("too_many_stored_matches", ref="create", retry=True)
    assert len(server.store.records()) == 4


async def test_too_many_lookups_when_counting_codes(make_server, connect) -> None:
    """Naming unknown codes past the budget refuses every code the address has no part
    in, known or not, so counting learns nothing; its own matches go on."""
    server = await make_server(failed_lookups_per_minute=3)
    host, guesser = await connect(server, name="Host"), await connect(server, name="Guess")
    private = (await host.create(game="tictactoe", vs="human", unlisted=True))["match"]
    own = (await guesser.create(game="tictactoe", vs="human"))["match"]
    for guess in ("AAAAAAAA", "AAAAAAAB", "AAAAAAAC"):
        await guesser.send(type="join", match=guess)
        await guesser.expect_error("unknown_match", ref="join", match=guess)
    for kind, code in (("join", "AAAAAAAD"), ("watch", private), ("leave", private)):
        await guesser.send(type=kind, match=code)
        refused = await guesser.expect_error("too_many_lookups", ref=kind, match=code,
                                             retry=True)
        assert 0 < refused["retry_after"] <= 20 and "3 match codes a minute" in refused[
            "message"]
    await guesser.send(type="chat", match=own, text="still here")  # its own match
    assert (await guesser.expect("chat", match=own))["text"] == "still here"
    assert server.runner.matches[private].seats[1] is None  # its seat is still free


async def test_bad_name(game_server, connect) -> None:
    """A name that could look blank or hide itself is refused, saying which character;
    the connection may say hello again with another."""
    peer = await connect(game_server, hello=False)
    for name in ("\u3164", "Ta\u202ero", "\u2800", "a\u2028b", "e\u0301\u0301\u0301\u0301"):
        await peer.send(type="hello", protocol=1, name=name, token=None)
        refused = await peer.expect_error("bad_name", ref="hello")
        assert "choose another name" in refused["message"]
    await peer.send(type="hello", protocol=1, name="山田　花子", token=None)
    welcome = await peer.expect("welcome")
    state = await peer.create(game="tictactoe", vs="human")
    assert state["players"][0]["name"] == "山田　花子" and welcome["player"]


def test_every_error_code_is_exercised_here() -> None:
    with open(__file__) as f:
        text = f.read()
    missing = [code for code in ERROR_CODES if f'"{code}"' not in text]
    assert missing == []
