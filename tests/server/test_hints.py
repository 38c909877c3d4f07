"""Hints and the review of a finished game over the wire: what the engine says, that
it runs beside the game (later requests are answered meanwhile), who may ask, and
each refusal."""

from __future__ import annotations

import time
from typing import Any

from shared.ai import analyse
from shared.games import new_game
from tests.conftest import Peer


def think_a_second(*args: object) -> int:
    """A bot that takes a second over its move (runs in a worker process)."""
    time.sleep(1.0)
    return 4


async def test_a_hint_scores_every_legal_move_best_first(game_server, connect) -> None:
    peer = await connect(game_server)
    state = await peer.create(game="tictactoe", vs="bot", bot={"level": 1}, seat="second")
    code = state["match"]
    state = await peer.expect("state", match=code, ply=1)  # the bot opened
    game_server.bots.thinker = think_a_second  # another bot keeps the only worker busy
    await peer.create(game="tictactoe", vs="bot", bot={"level": 1}, seat="second")
    await peer.send(type="hint", match=code)
    await peer.send(type="list")  # answered while the hint waits for the engine
    assert (await peer.recv())["type"] == "lobby"
    hint = await peer.expect("analysis", match=code)
    assert hint["ply"] == 1
    assert sorted(m["move"] for m in hint["moves"]) == state["legal"]
    assert all(m["exact"] and m["score"] in (-1, 0, 1) for m in hint["moves"])
    order = [(-m["score"], m["move"]) for m in hint["moves"]]
    assert order == sorted(order)
    played = new_game("tictactoe").play(state["moves"][0])
    truth = {e.move: (e.score > 0) - (e.score < 0) for e in analyse(played, 1.0)}
    assert {m["move"]: m["score"] for m in hint["moves"]} == truth
    assert hint["moves"][0]["score"] == 0  # perfect play from here is a draw


async def test_an_othello_hint_is_a_disc_margin(game_server, connect) -> None:
    peer = await connect(game_server)
    state = await peer.create(game="othello", size=4, vs="bot", bot={"level": 1})
    code = state["match"]
    await peer.send(type="hint", match=code)
    hint = await peer.expect("analysis", match=code)
    assert hint["ply"] == 0 and sorted(m["move"] for m in hint["moves"]) == state["legal"]
    for entry in hint["moves"]:
        assert isinstance(entry["score"], int) and -16 <= entry["score"] <= 16
        assert entry["depth"] >= 1
    assert all(m["exact"] for m in hint["moves"])  # 4x4 is solved at once


async def test_between_people_only_when_the_creator_allowed_it(game_server, connect) -> None:
    taro, hana, fan = [await connect(game_server, name=n) for n in ("Taro", "Hana", "Fan")]
    allowed = await taro.create(game="tictactoe", vs="human", hints=True)
    code = allowed["match"]
    assert allowed["hints"] is True
    listed = [m for m in (await fan.request(type="list"))["matches"] if m["match"] == code]
    assert listed[0]["hints"] is True
    await taro.send(type="hint", match=code)  # nobody has joined yet
    msg = await taro.expect_error("not_your_turn", ref="hint", match=code)
    assert "waiting" in msg["message"]
    await hana.send(type="join", match=code)
    await hana.expect("state", match=code)
    await taro.expect("state", match=code)
    await hana.send(type="hint", match=code)
    await hana.expect_error("not_your_turn", ref="hint", match=code)
    await fan.send(type="watch", match=code)
    await fan.expect("state", match=code)
    await fan.send(type="hint", match=code)
    await fan.expect_error("not_a_player", ref="hint", match=code)
    await taro.send(type="hint", match=code)
    assert len((await taro.expect("analysis", match=code))["moves"]) == 9

    closed = await taro.create(game="tictactoe", vs="human")
    assert closed["hints"] is False
    await hana.send(type="join", match=closed["match"])
    await hana.expect("state", match=closed["match"])
    await taro.expect("state", match=closed["match"])
    await taro.send(type="hint", match=closed["match"])
    msg = await taro.expect_error("not_allowed", ref="hint", match=closed["match"])
    assert "without hints" in msg["message"]
    await taro.send(type="resign", match=closed["match"])
    await taro.expect("state", match=closed["match"], status="over")
    await taro.send(type="hint", match=closed["match"])
    msg = await taro.expect_error("game_over", ref="hint", match=closed["match"])
    assert "analyse" in msg["message"]
    await taro.send(type="hint", match="NOPE99")
    await taro.expect_error("unknown_match", ref="hint", match="NOPE99")


async def test_one_engine_request_at_a_time_per_connection(game_server, connect) -> None:
    peer = await connect(game_server)
    code = (await peer.create(game="othello", size=4, vs="bot", bot={"level": 1}))["match"]
    await peer.send(type="hint", match=code)
    await peer.send(type="hint", match=code)  # the pool is cold: the first still runs
    msg = await peer.expect_error("rate_limited", ref="hint", match=code)
    assert "one at a time" in msg["message"]
    await peer.expect("analysis", match=code)
    await peer.send(type="hint", match=code)  # answered: it may ask again
    await peer.expect("analysis", match=code)


async def _finished_game(server, peer: Peer) -> dict[str, Any]:
    state = await peer.create(game="tictactoe", vs="bot", bot={"level": 1})
    return await peer.play_out(state, 0)


async def test_analyse_reviews_every_played_square(game_server, connect) -> None:
    peer = await connect(game_server)
    final = await _finished_game(game_server, peer)
    code = final["match"]
    await peer.send(type="analyse", match=code)
    review = (await peer.expect("review", match=code))["plies"]
    assert [entry["ply"] for entry in review] == list(range(final["ply"]))
    state = new_game("tictactoe")
    for entry, move in zip(review, final["moves"]):
        truth = {e.move: (e.score > 0) - (e.score < 0) for e in analyse(state, 1.0)}
        best = max(truth.values())
        assert entry == {
            "ply": entry["ply"], "seat": state.to_move, "played": move,
            "best": move if truth[move] == best else min(
                sq for sq, score in truth.items() if score == best),
            "score": best, "loss": best - truth[move], "exact": True, "depth": entry["depth"],
            # a draw let go: a mistake; a game let go to a loss: a big one
            "mistake": 0 if truth[move] == best else 2 if truth[move] < 0 else 1,
        }
        state = state.play(move)

    fan = await connect(game_server, name="Fan")  # a spectator may ask; the review is kept
    await fan.send(type="watch", match=code)
    await fan.expect("state", match=code)
    await fan.send(type="analyse", match=code)
    assert (await fan.expect("review", match=code))["plies"] == review


async def test_analyse_refusals(game_server, connect) -> None:
    peer, stranger = await connect(game_server), await connect(game_server, name="Who")
    state = await peer.create(game="othello", size=4, vs="bot", bot={"level": 1})
    code = state["match"]
    await peer.send(type="analyse", match=code)
    msg = await peer.expect_error("not_allowed", ref="analyse", match=code)
    assert "not over" in msg["message"]
    await stranger.send(type="analyse", match=code)
    await stranger.expect_error("not_a_player", ref="analyse", match=code)
    await peer.send(type="analyse", match="NOPE99")
    await peer.expect_error("unknown_match", ref="analyse", match="NOPE99")
    final = await peer.play_out(state, 0)
    game_server.bots.thinker = think_a_second  # a bot now keeps the only worker busy
    await peer.create(game="tictactoe", vs="bot", bot={"level": 1}, seat="second")
    await peer.send(type="analyse", match=code)
    await peer.send(type="hint", match=code)  # over: a hint is refused at once...
    await peer.expect_error("game_over", ref="hint", match=code)
    await peer.send(type="analyse", match=code)  # ...and a second analyse while it runs
    await peer.expect_error("rate_limited", ref="analyse", match=code)
    review = (await peer.expect("review", match=code))["plies"]
    assert [e["played"] for e in review] == [m for m in final["moves"] if m != "pass"]
