"""End to end on a real socket: whole games against every bot level and between people,
spectators, the lobby, forced passes, positions, resign, leave and rematch."""

from __future__ import annotations

import asyncio
import random

import pytest
from websockets.exceptions import ConnectionClosedError

from shared.games import PASS, new_game
from shared.games.othello import OthelloState


async def test_welcome_lists_games_and_bots(game_server, connect) -> None:
    peer = await connect(game_server, name="Taro")
    welcome = peer.welcome
    assert welcome["protocol"] == 1
    assert welcome["player"].startswith("p_")
    assert len(welcome["token"]) >= 22  # at least 128 bits, URL-safe
    assert welcome["server"]["name"] == "test server"
    assert welcome["games"] == [{"game": "tictactoe", "sizes": [3]},
                                {"game": "othello", "sizes": [4, 6, 8]}]
    assert [b["level"] for b in welcome["bots"]] == [1, 2, 3, 4, 5]


async def test_full_games_against_every_bot_level(game_server, connect) -> None:
    """Five tic-tac-toe games at once, one per level; from level 3 the bot never loses."""
    peers = [await connect(game_server) for _ in range(5)]
    firsts = [await peer.create(game="tictactoe", vs="bot", bot={"level": level})
              for level, peer in enumerate(peers, start=1)]
    finals = await asyncio.gather(*(peer.play_out(s, 0) for peer, s in zip(peers, firsts)))
    for level, final in enumerate(finals, start=1):
        name = peers[0].welcome["bots"][level - 1]["name"]
        assert final["players"][1] == {"seat": 1, "name": name, "kind": "bot",
                                       "connected": True, "player": None, "level": level,
                                       "left": False}
        assert final["result"]["reason"] == "line"
        assert final["legal"] == []
        if level >= 3:
            assert final["result"]["winner"] in (1, None), (level, final["moves"])


async def test_othello_4x4_against_every_level_from_the_second_seat(game_server,
                                                                     connect) -> None:
    peers = [await connect(game_server) for _ in range(5)]
    for level, peer in enumerate(peers, start=1):
        await peer.send(type="create", game="othello", size=4, vs="bot", seat="second",
                        bot={"level": level})
        joined = await peer.expect("joined")
        assert joined["seat"] == 1 and joined["role"] == "player"
    starts = [await peer.expect("state") for peer in peers]
    finals = await asyncio.gather(*(p.play_out(s, 1) for p, s in zip(peers, starts)))
    for final in finals:
        assert final["result"]["reason"] == "discs"
        # the record replays with the shared rules to the final board and score
        game = new_game("othello", 4)
        for move in final["moves"]:
            game = game.play(PASS if move == "pass" else move)
        assert game.is_over and game.board == final["board"]
        assert final["result"]["score"] == list(game.score()) == final["score"]


async def test_two_people_play_a_whole_game_with_a_spectator(game_server, connect) -> None:
    taro, hana, fan = [await connect(game_server, name=n) for n in ("Taro", "Hana", "Fan")]
    first = await taro.create(game="othello", size=4, vs="human")
    code = first["match"]
    assert first["status"] == "waiting" and first["legal"] == []

    lobby = await hana.request(type="list")
    listed = [m for m in lobby["matches"] if m["match"] == code]
    assert listed == [{"match": code, "game": "othello", "size": 4, "status": "waiting",
                       "players": first["players"], "spectators": 0, "hints": False,
                       "clock": None, "spectator_chat": True}]

    await hana.send(type="join", match=code)
    assert await hana.recv() == {"type": "joined", "match": code, "seat": 1, "role": "player",
                                 "rematch_of": None, "id": None}
    start = await hana.expect("state", match=code)
    assert start["status"] == "playing" and start["legal"]
    assert [p["name"] for p in start["players"]] == ["Taro", "Hana"]
    assert await taro.expect("state", match=code) == start

    await fan.send(type="watch", match=code)
    assert await fan.recv() == {"type": "joined", "match": code, "seat": None,
                                "role": "spectator", "rematch_of": None, "id": None}
    assert await fan.expect("state", match=code) == start

    final_t, final_h = await asyncio.gather(taro.play_out(start, 0), hana.play_out(start, 1))
    assert final_t == final_h
    seen = [start]
    while seen[-1]["status"] != "over":
        seen.append(await fan.expect("state", match=code))
    assert seen[-1] == final_t
    plies = [s["ply"] for s in seen]
    assert plies == sorted(set(plies)), "one state per change, in order"


def _position_before_forced_pass() -> tuple[OthelloState, int]:
    """A 4x4 position and a move after which the opponent must pass (found by playouts)."""
    rng = random.Random(7)
    while True:
        state = OthelloState.start(4)
        while not state.is_over:
            for move in state.legal_moves():
                after = state.play(move)
                if move != PASS and not after.is_over and after.legal_moves() == [PASS]:
                    return state, move
            state = state.play(rng.choice(state.legal_moves()))


async def test_the_server_plays_forced_passes(game_server, connect) -> None:
    position, move = _position_before_forced_pass()
    mover = position.to_move
    peer = await connect(game_server)
    state = await peer.create(game="othello", size=4, vs="bot", bot={"level": 1},
                              seat="first" if mover == 0 else "second",
                              position={"board": position.board, "to_move": mover})
    assert state["board"] == position.board and state["to_move"] == mover
    await peer.send(type="move", match=state["match"], move=move, ply=0)
    after = await peer.expect("state", match=state["match"])
    assert after["moves"][:2] == [move, "pass"]
    assert (after["ply"], after["status"]) == (2, "playing")
    assert after["to_move"] == mover, "after the pass the same side moves again"


async def test_a_start_position_that_must_pass_is_passed_at_once(game_server, connect) -> None:
    position, move = _position_before_forced_pass()
    must_pass = position.play(move)
    peer = await connect(game_server)
    state = await peer.create(game="othello", size=4, vs="human",
                              position={"board": must_pass.board, "to_move": must_pass.to_move})
    assert state["moves"] == ["pass"] and state["ply"] == 1
    assert state["to_move"] == 1 - must_pass.to_move


async def test_tictactoe_from_a_position(game_server, connect) -> None:
    peer = await connect(game_server)
    state = await peer.create(game="tictactoe", vs="human",
                              position={"board": "XX.OO....", "to_move": 0})
    assert state["to_move"] == 0 and state["legal"] == []  # waiting: nobody can move yet
    assert state["score"] == [2, 2]


async def test_seat_choice_second_and_random(game_server, connect) -> None:
    peer = await connect(game_server)
    state = await peer.create(game="tictactoe", vs="bot", seat="second", bot={"level": 2})
    assert state["players"][0]["kind"] == "bot" and state["players"][1]["name"] == "tester"
    while state["ply"] == 0:  # the bot moves first, through the same path as a person
        state = await peer.expect("state", match=state["match"])
    assert state["to_move"] == 1 and len(state["legal"]) == 8
    seats = set()
    for _ in range(40):  # both seats come up (a 2**-39 chance that one never does)
        await peer.send(type="create", game="tictactoe", vs="human", seat="random")
        joined = await peer.expect("joined")
        seats.add(joined["seat"])
        await peer.expect("state", match=joined["match"])
        await peer.send(type="resign", match=joined["match"])  # under the matches cap
        await peer.expect("state", match=joined["match"], status="over")
        if seats == {0, 1}:
            break
    assert seats == {0, 1}


async def test_resign_and_leave(game_server, connect) -> None:
    taro, hana, fan = [await connect(game_server, name=n) for n in ("Taro", "Hana", "Fan")]
    code = (await taro.create(game="tictactoe", vs="human"))["match"]
    await hana.send(type="join", match=code)
    await hana.expect("state", match=code)
    await fan.send(type="watch", match=code)
    await fan.expect("state", match=code)
    await fan.send(type="leave", match=code)
    await hana.send(type="resign", match=code)
    final = await taro.expect("state", match=code, status="over")
    assert final["result"] == {"winner": 0, "reason": "resign", "score": [0, 0]}
    assert await hana.expect("state", match=code) == final
    # the spectator left before the resignation: the next thing it gets is its own reply
    assert (await fan.request(type="list"))["type"] == "lobby"

    # leaving an unfinished game on purpose loses it ("left", not a seat that ran out)
    code = (await taro.create(game="tictactoe", vs="human"))["match"]
    await hana.send(type="join", match=code)
    await hana.expect("state", match=code)
    await taro.expect("state", match=code, status="playing")
    await taro.send(type="leave", match=code)
    final = await hana.expect("state", match=code, status="over")
    assert final["result"]["winner"] == 1 and final["result"]["reason"] == "left"
    gone = await hana.expect("state", match=code)  # then Taro's seat shows him gone
    assert [(p["name"], p["left"], p["connected"]) for p in gone["players"]] == [
        ("Taro", True, False), ("Hana", False, True)]

    # leaving a match nobody joined calls it off
    code = (await taro.create(game="tictactoe", vs="human"))["match"]
    await taro.send(type="leave", match=code)
    final = await taro.expect("state", match=code)
    assert final["status"] == "over" and final["result"]["winner"] is None
    lobby = await hana.request(type="list")
    assert code not in [m["match"] for m in lobby["matches"]]


async def test_rematch_against_a_bot_swaps_seats(game_server, connect) -> None:
    peer = await connect(game_server)
    state = await peer.create(game="tictactoe", vs="bot", bot={"level": 1})
    final = await peer.play_out(state, 0)
    await peer.send(type="rematch", match=final["match"])
    joined = await peer.expect("joined")
    assert joined["seat"] == 1 and joined["match"] != final["match"]
    new = await peer.expect("state", match=joined["match"])
    assert new["players"][0]["kind"] == "bot" and new["players"][1]["player"] == peer.player


async def test_rematch_between_people_needs_both(game_server, connect) -> None:
    taro, hana = [await connect(game_server, name=n) for n in ("Taro", "Hana")]
    code = (await taro.create(game="tictactoe", vs="human"))["match"]
    await hana.send(type="join", match=code)
    start = await hana.expect("state", match=code)
    await taro.expect("state", match=code, status="playing")
    await asyncio.gather(taro.play_out(start, 0), hana.play_out(start, 1))
    await taro.send(type="rematch", match=code)
    offer = await hana.expect("state", match=code)
    assert offer["rematch"] == [0]
    await hana.send(type="rematch", match=code)
    joined_t = await taro.expect("joined")
    joined_h = await hana.expect("joined")
    assert joined_t["match"] == joined_h["match"] != code
    assert (joined_t["seat"], joined_h["seat"]) == (1, 0)
    new = await taro.expect("state", match=joined_t["match"])
    assert [p["name"] for p in new["players"]] == ["Hana", "Taro"]
    assert new["status"] == "playing" and new["ply"] == 0


async def test_tictactoe_position_infers_the_side_to_move(game_server, connect) -> None:
    peer = await connect(game_server)
    state = await peer.create(game="tictactoe", vs="bot", bot={"level": 1}, seat="second",
                              position={"board": "X........"})
    assert state["to_move"] == 1 and state["legal"] == list(range(1, 9))


@pytest.mark.parametrize("failure", ["stalls", "dies"])
async def test_a_rematch_is_not_held_up_by_the_opponents_socket(
    game_server, connect, failure
) -> None:
    """The request that starts a rematch is answered even if the other player's socket
    stalls (a full send buffer) or dies meanwhile: no handler waits on another's socket."""
    taro, hana = [await connect(game_server, name=n) for n in ("Taro", "Hana")]
    code = (await taro.create(game="tictactoe", vs="human"))["match"]
    await hana.send(type="join", match=code)
    await hana.expect("state", match=code)
    await taro.expect("state", match=code, status="playing")
    await hana.send(type="resign", match=code)
    await taro.expect("state", match=code, status="over")
    await hana.send(type="rematch", match=code)
    await taro.expect("state", match=code, rematch=[1])

    async def stalled(frame: object) -> None:
        if failure == "dies":
            raise ConnectionClosedError(None, None)
        await asyncio.Event().wait()

    for session in game_server.runner.sessions[hana.player]:
        session.ws.send = stalled
    await taro.send(type="rematch", match=code)
    joined = await taro.expect("joined", timeout=5)
    assert (await taro.expect("state", match=joined["match"]))["status"] == "playing"
    assert (await taro.request(type="list"))["type"] == "lobby"  # still served



async def test_a_moves_state_comes_before_the_reply_to_the_next_request(
    game_server, connect
) -> None:
    """A move and a list sent together: the state answering the move comes first."""
    taro, hana = [await connect(game_server, name=n) for n in ("Taro", "Hana")]
    code = (await taro.create(game="tictactoe", vs="human"))["match"]
    await hana.send(type="join", match=code)
    await hana.expect("state", match=code)
    await taro.expect("state", match=code, status="playing")
    for ply, square in enumerate((4, 0, 8)):
        mover = (taro, hana)[ply % 2]
        await mover.send(type="move", match=code, move=square, ply=ply)
        await mover.send(type="list")  # no wait: both frames reach the server together
        assert (await mover.recv())["ply"] == ply + 1
        assert (await mover.recv())["type"] == "lobby"
        assert (await (hana, taro)[ply % 2].recv())["ply"] == ply + 1


async def test_a_request_sent_with_the_hello_finds_the_player_welcomed(
    game_server, connect
) -> None:
    """A hello, a create and a bad frame sent together: the create waits for the hello's
    player to be stored (not hello_required), and the replies come in the frames' order."""
    taro = await connect(game_server, hello=False)
    await taro.send(type="hello", protocol=1, name="Taro", token=None)
    await taro.send(type="create", game="tictactoe", vs="human")
    await taro.send(type="move", match="NOSUCH", move=4)  # no ply: a bad message
    assert (await taro.recv())["type"] == "welcome"
    assert (await taro.recv())["type"] == "joined"
    assert (await taro.recv())["type"] == "state"
    refused = await taro.recv()
    assert (refused["type"], refused["code"]) == ("error", "bad_message")
