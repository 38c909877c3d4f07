"""Game clocks over the wire: a flag that falls on the server's own timer, a bad time
control, a bot that thinks within its clock, and clocks across a killed and a cleanly
stopped server. The clocks' arithmetic, the increment, the lobby's time control and
the flag timer's every case are tested on the room's fake clock
(tests/server/room/test_clock.py)."""

from __future__ import annotations

import asyncio
import signal
import time

import pytest

from tests.server.server_process import At, ServerProcess


async def _playing(server, connect, clock, game="othello", size=4):
    taro, hana = await connect(server, name="Taro"), await connect(server, name="Hana")
    waiting = await taro.create(game=game, size=size, vs="human", clock=clock)
    code = waiting["match"]
    await hana.send(type="join", match=code)
    state = await hana.expect("state", match=code)
    await taro.expect("state", match=code, status="playing")
    return taro, hana, waiting, state


async def test_a_flag_falls_and_the_side_to_move_loses(game_server, connect) -> None:
    taro, hana, waiting, start = await _playing(game_server, connect, {"initial": 1})
    code = waiting["match"]
    started = time.monotonic()
    final = await hana.expect("state", match=code, status="over", timeout=10)
    assert time.monotonic() - started > 0.5
    assert final["result"] == {"winner": 1, "reason": "time", "score": start["score"]}
    assert final["clock"] == {"initial": 1.0, "increment": 0.0, "remaining": [0.0, 1.0],
                              "running": None}
    assert await taro.expect("state", match=code, status="over") == final
    await taro.send(type="move", match=code, move=start["legal"][0], ply=0)
    await taro.expect_error("game_over", ref="move", match=code)


@pytest.mark.parametrize("clock", [{"initial": 0}, {"initial": 90000},
                                   {"initial": 60, "increment": -1},
                                   {"initial": 60, "increment": 4000}, {"increment": 2}])
async def test_a_bad_time_control_is_refused(game_server, connect, clock) -> None:
    peer = await connect(game_server)
    await peer.send(type="create", game="othello", clock=clock)
    msg = await peer.expect_error("bad_message", ref="create")
    assert "clock" in msg["message"]


async def test_a_bot_thinks_within_its_clock(make_server, connect) -> None:
    server = await make_server(bot_seconds=None)  # the expert's own time is far longer
    peer = await connect(server)
    state = await peer.create(game="othello", size=6, vs="bot", bot={"level": 5},
                              seat="second", clock={"initial": 3, "increment": 0})
    final = await peer.play_out(state, 1)
    assert final["result"]["reason"] == "discs", (final["result"], final["clock"], final["ply"])
    assert final["clock"]["remaining"][0] > 0


async def _clock_after_a_restart(tmp_path, connect, sig: int) -> tuple[float, float, float]:
    """Hana's clock runs for a second, then the server is stopped with ``sig``, stays
    down for a second and starts again. Returns what the restart charged her (what she
    had after Taro's move minus what the resumed state says), the most she could have
    been charged while a server was up (from her clock's start to the stop's end, and
    from the second start to the resumed state), and how long the server was down
    (what she must not be charged)."""
    db = tmp_path / "clock.sqlite3"
    first = ServerProcess(db, tmp_path / "first.log")
    try:
        taro, hana, waiting, start = await _playing(At(await first.port()), connect,
                                                    {"initial": 60})
        code = waiting["match"]
        began = time.monotonic()
        await taro.send(type="move", match=code, move=start["legal"][0], ply=0)
        moved = await hana.expect("state", match=code, ply=1)
        assert moved["clock"]["running"] == 1
        await asyncio.sleep(1.0)
    finally:
        await first.stop(sig)
    stopped = time.monotonic()
    await asyncio.sleep(1.0)  # the server is down
    restarted = time.monotonic()
    second = ServerProcess(db, tmp_path / "second.log")
    try:
        back = await connect(At(await second.port()), name="Hana", token=hana.token)
        await back.expect("joined", match=code)
        resumed = await back.expect("state", match=code)
        seen = time.monotonic()
    finally:
        await second.stop(signal.SIGTERM)
    assert resumed["ply"] == 1 and resumed["clock"]["running"] == 1
    assert resumed["clock"]["remaining"][0] == moved["clock"]["remaining"][0]
    charged = moved["clock"]["remaining"][1] - resumed["clock"]["remaining"][1]
    return charged, (stopped - began) + (seen - restarted), restarted - stopped


async def test_a_killed_server_charges_nobody_for_its_downtime(tmp_path, connect) -> None:
    charged, up, down = await _clock_after_a_restart(tmp_path, connect, signal.SIGKILL)
    assert down >= 1.0
    assert 0 <= charged < up - 1.0  # the second before the kill is given back too


async def test_a_clean_stop_keeps_the_time_spent_but_not_the_downtime(tmp_path,
                                                                      connect) -> None:
    charged, up, down = await _clock_after_a_restart(tmp_path, connect, signal.SIGTERM)
    assert down >= 1.0
    assert 1.0 <= charged <= up  # the second before the stop is charged, the downtime not
