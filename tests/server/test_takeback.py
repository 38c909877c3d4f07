"""Takebacks over the wire: at once against the bot, an offer and its answer between
people (accepted, declined, lapsed), each refusal, the stored game, and a takeback
across a server restart."""

from __future__ import annotations

import json
import signal
import sqlite3
import time

from server.store.database import Store
from server.store.recent_moves import BOTH
from server.store.records import format_json, format_text
from tests.server.server_process import At, ServerProcess


async def test_against_the_bot_it_happens_at_once(game_server, connect) -> None:
    peer = await connect(game_server)
    state = await peer.create(game="tictactoe", vs="bot", bot={"level": 1})
    code = state["match"]
    await peer.send(type="move", match=code, move=4, ply=0)
    replied = await peer.expect("state", match=code, ply=2)  # the bot's reply
    await peer.send(type="takeback", match=code, ply=2)
    back = await peer.expect("state", match=code)
    assert (back["ply"], back["moves"], back["board"], back["to_move"]) == (0, [], "." * 9, 0)
    assert back["takeback"] is None and back["hints"] is True
    await peer.send(type="move", match=code, move=0, ply=0)  # a new line of play
    again = await peer.expect("state", match=code, ply=2)
    assert again["moves"][0] == 0 and replied["moves"][0] == 4
    with sqlite3.connect(game_server.config.db) as db:
        stored = [m for (m,) in db.execute(
            f"SELECT move FROM {BOTH} WHERE match = ? ORDER BY ply", (code,))]
        (counts,) = db.execute("SELECT takebacks FROM matches WHERE code = ?",
                               (code,)).fetchone()
    assert stored == again["moves"] and json.loads(counts) == [1, 0]
    reader = Store(game_server.config.db, readonly=True)  # what `taikyoku records` shows
    record = reader.record(code)
    reader.close()
    assert record is not None
    data = json.loads(format_json(record))
    assert data["takebacks"] == [1, 0] and data["moves"] == again["moves"]
    assert "undone  1 takebacks by X, 0 by O" in format_text(record)


async def _playing(server, connect):
    taro, hana = await connect(server, name="Taro"), await connect(server, name="Hana")
    code = (await taro.create(game="othello", size=4, vs="human"))["match"]
    await hana.send(type="join", match=code)
    state = await hana.expect("state", match=code)
    await taro.expect("state", match=code, status="playing")
    return taro, hana, code, state


async def _move(mover, others, state):
    await mover.send(type="move", match=state["match"], move=state["legal"][0],
                     ply=state["ply"])
    new = await mover.expect("state", match=state["match"], ply=state["ply"] + 1)
    for other in others:
        assert await other.expect("state", match=state["match"]) == new
    return new


async def test_between_people_an_offer_accepted(game_server, connect) -> None:
    taro, hana, code, state = await _playing(game_server, connect)
    first = await _move(taro, [hana], state)
    second = await _move(hana, [taro], first)
    await taro.send(type="takeback", match=code, ply=second["ply"])  # Taro's move: ply 0
    offered = await hana.expect("state", match=code)
    assert offered["takeback"] == {"seat": 0, "ply": 0} and offered["ply"] == 2
    assert await taro.expect("state", match=code) == offered
    await hana.send(type="takeback_answer", match=code, accept=True)
    back = await hana.expect("state", match=code)
    assert (back["ply"], back["moves"], back["takeback"]) == (0, [], None)
    assert back["board"] == state["board"] and back["to_move"] == 0
    assert await taro.expect("state", match=code) == back


async def test_an_offer_declined_or_lapsed(game_server, connect) -> None:
    taro, hana, code, state = await _playing(game_server, connect)
    first = await _move(taro, [hana], state)
    await taro.send(type="takeback", match=code)  # no ply: taken as the current one
    await hana.expect("state", match=code)
    await taro.expect("state", match=code)
    await hana.send(type="takeback_answer", match=code, accept=False)
    declined = {"type": "takeback_declined", "match": code, "seat": 1}
    for peer in (taro, hana):
        assert await peer.recv() == declined
        after = await peer.recv()
        assert after["takeback"] is None and after["ply"] == 1
    await taro.send(type="takeback", match=code)  # asked again: Hana moves instead
    offered = await hana.expect("state", match=code)
    await taro.expect("state", match=code)
    assert offered["takeback"] == {"seat": 0, "ply": 0}
    moved = await _move(hana, [taro], first)
    assert moved["takeback"] is None  # the move lapsed it
    await hana.send(type="takeback_answer", match=code, accept=True)
    msg = await hana.expect_error("no_offer", ref="takeback_answer", match=code)
    assert "no takeback offer" in msg["message"]


async def test_takeback_refusals(game_server, connect) -> None:
    taro, hana, code, state = await _playing(game_server, connect)
    fan = await connect(game_server, name="Fan")
    await fan.send(type="watch", match=code)
    await fan.expect("state", match=code)
    await fan.send(type="takeback", match=code)
    await fan.expect_error("not_a_player", ref="takeback", match=code)
    await fan.send(type="takeback_answer", match=code, accept=True)
    await fan.expect_error("not_a_player", ref="takeback_answer", match=code)
    await taro.send(type="takeback", match="NOPE99")
    await taro.expect_error("unknown_match", ref="takeback", match="NOPE99")
    await taro.send(type="takeback", match=code)
    msg = await taro.expect_error("nothing_to_take_back", ref="takeback", match=code)
    assert "no move" in msg["message"]
    first = await _move(taro, [hana, fan], state)
    await hana.send(type="takeback", match=code)  # Hana has not moved yet
    await hana.expect_error("nothing_to_take_back", ref="takeback", match=code)
    await taro.send(type="takeback", match=code, ply=0)  # a double click's second one
    msg = await taro.expect_error("stale_ply", ref="takeback", match=code)
    assert "ply 0" in msg["message"] and "ply 1" in msg["message"]
    assert await taro.recv() == first
    await taro.send(type="takeback", match=code, ply=1)
    await taro.expect("state", match=code)
    await taro.send(type="takeback", match=code, ply=1)
    msg = await taro.expect_error("offer_pending", ref="takeback", match=code)
    assert "yours" in msg["message"]
    await hana.expect("state", match=code)
    await taro.send(type="takeback_answer", match=code, accept=True)  # your own offer
    await taro.expect_error("no_offer", ref="takeback_answer", match=code)
    await hana.send(type="resign", match=code)
    await taro.expect("state", match=code, status="over")
    await taro.send(type="takeback", match=code)
    await taro.expect_error("game_over", ref="takeback", match=code)
    await hana.expect("state", match=code, status="over")
    await hana.send(type="takeback_answer", match=code, accept=True)
    await hana.expect_error("game_over", ref="takeback_answer", match=code)


async def test_a_takeback_survives_a_killed_server(tmp_path, connect) -> None:
    db = tmp_path / "takeback.sqlite3"
    first = ServerProcess(db, tmp_path / "first.log")
    try:
        at = At(await first.port())
        peer = await connect(at, name="Taro")
        state = await peer.create(game="othello", size=4, vs="bot", bot={"level": 1})
        code = state["match"]
        for _ in range(2):  # two moves of ours, each with the bot's reply
            await peer.send(type="move", match=code, move=state["legal"][0], ply=state["ply"])
            state = await peer.expect("state", match=code, to_move=0, status="playing")
        await peer.send(type="takeback", match=code, ply=state["ply"])
        back = await peer.expect("state", match=code)
        assert back["ply"] == 2 and back["to_move"] == 0
    finally:
        await first.stop(signal.SIGKILL)
    second = ServerProcess(db, tmp_path / "second.log")
    try:
        at = At(await second.port())
        again = await connect(at, name="Taro", token=peer.token)
        await again.expect("joined", match=code)
        resumed = await again.expect("state", match=code)
        assert (resumed["moves"], resumed["board"]) == (back["moves"], back["board"])
        await again.send(type="takeback", match=code, ply=resumed["ply"])  # further back
        start = await again.expect("state", match=code)
        assert (start["ply"], start["moves"]) == (0, [])
    finally:
        await second.stop(signal.SIGTERM)
    with sqlite3.connect(db) as stored:
        (counts,) = stored.execute("SELECT takebacks FROM matches WHERE code = ?",
                                   (code,)).fetchone()
        moves = stored.execute(f"SELECT COUNT(*) FROM {BOTH} WHERE match = ?",
                               (code,)).fetchone()
    assert json.loads(counts) == [2, 0] and moves == (0,)


def think_a_second(*args: object) -> int:
    """A bot that takes a second over its move (runs in a worker process)."""
    time.sleep(1.0)
    return 0


async def test_a_takeback_during_the_bots_turn_is_refused(game_server, connect) -> None:
    """Not on the bot's time: refused while it thinks (which goes on), granted after."""
    game_server.bots.thinker = think_a_second
    peer = await connect(game_server)
    code = (await peer.create(game="tictactoe", vs="bot", bot={"level": 1}))["match"]
    await peer.send(type="move", match=code, move=4, ply=0)
    thinking = await peer.expect("state", match=code, ply=1)
    assert thinking["to_move"] == 1
    await peer.send(type="takeback", match=code, ply=1)
    refused = await peer.expect_error("not_your_turn", ref="takeback", match=code)
    assert "the bot is thinking" in refused["message"]
    replied = await peer.expect("state", match=code, ply=2)  # its search was not dropped
    assert replied["moves"][0] == 4 and replied["to_move"] == 0
    await peer.send(type="takeback", match=code, ply=2)
    back = await peer.expect("state", match=code)
    assert (back["ply"], back["moves"], back["to_move"]) == (0, [], 0)
