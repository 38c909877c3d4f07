"""What the server keeps in memory: a finished match stays while a seated player is
connected (for a rematch) or anyone watches, and is forgotten (kept in the database
only) once nobody is looking; an unfinished one stays whoever disconnects."""

from __future__ import annotations

from server.room.room import KEEP_FINISHED
from server.shell.effect_runner import EffectRunner
from tests.waiting import until


def held(runner: EffectRunner, player: str) -> set[str]:
    """Codes of the matches the runner's index says ``player`` holds a seat in."""
    return {m.code for m in runner.seated(player)}


async def test_finished_matches_are_forgotten_once_nobody_looks(make_server, connect) -> None:
    server = await make_server(grace=30.0)
    runner = server.runner
    taro, hana = await connect(server, name="Taro"), await connect(server, name="Hana")
    fan = await connect(server, name="Fan")
    state = await taro.create(game="tictactoe", vs="human", seat="first")
    code = state["match"]
    await hana.send(type="join", match=code)
    await hana.expect("joined", match=code)
    state = await taro.expect("state", match=code, status="playing")
    await fan.send(type="watch", match=code)
    await fan.expect("state", match=code)
    open_code = (await hana.create(game="tictactoe", vs="human"))["match"]
    moves = iter([0, 3, 1, 4, 2])  # X completes the top row
    while state["status"] != "over":
        mover = taro if state["to_move"] == 0 else hana
        await mover.send(type="move", match=code, move=next(moves), ply=state["ply"])
        state = await taro.expect("state", match=code, ply=state["ply"] + 1)
    assert state["result"]["winner"] == 0

    assert code in runner.matches and held(runner, taro.player) == {code}
    await taro.close()
    await until(lambda: not runner.online(taro.player), "Taro gone")
    assert code in runner.matches  # Hana is seated and connected: she may ask for a rematch
    await hana.send(type="leave", match=code)
    await until(lambda: held(runner, hana.player) == {open_code}, "only the open match held")
    assert code in runner.matches  # Fan still watches
    await fan.close()
    await until(lambda: code not in runner.matches, "the match forgotten")
    assert held(runner, taro.player) == set()  # nothing of it is left in the index

    await hana.close()
    await until(lambda: not runner.online(hana.player), "Hana gone")
    assert open_code in runner.matches and held(runner, hana.player) == {open_code}
    assert server.store.record(code).status == "over"


async def test_a_connected_player_keeps_only_the_latest_finished_matches(
    make_server, connect
) -> None:
    server = await make_server()
    runner = server.runner
    bot = await connect(server, name="Marathon")
    codes = []
    assert KEEP_FINISHED < 6
    for _ in range(6):
        code = (await bot.create(game="tictactoe", vs="human"))["match"]
        await bot.send(type="resign", match=code)
        await bot.expect("state", match=code, status="over")
        codes.append(code)
    assert held(runner, bot.player) == set(codes[-KEEP_FINISHED:])
    assert not set(codes[:-KEEP_FINISHED]) & set(runner.matches)
    for code in codes:  # forgotten from memory, never from the database
        assert server.store.record(code).status == "over"
