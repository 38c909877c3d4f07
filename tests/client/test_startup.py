"""The start-up both clients share (client/common/startup.py): what it decides to show first,
the choice between several unfinished games in the terminal and in the window, and the
word while an embedded server's engine is being prepared. Real servers on 127.0.0.1."""

from __future__ import annotations

import threading
from dataclasses import replace
from pathlib import Path

import pytest

from client.common import launch
from client.common.connection import Connection
from client.common.options import Plan, parse
from client.common.startup import Startup
from client.common.words import words
from client.gui.app import App
from server.config import ServerConfig
from server.room import handlers
from server.shell import bot_pool
from server.shell.app import GameServer
from shared.protocol import Joined, MatchState
from tests.client.client_support import Driver, play_script, screenshot


async def two_unfinished(server: GameServer, token_file: Path) -> list[str]:
    """Taro starts a tic-tac-toe and then an Othello 4x4 game against the bot, moves
    first in neither, and goes away: the codes, oldest first."""
    codes = []
    async with Connection(server.url, "Taro", token_file=token_file) as conn:
        for game, size in (("tictactoe", 3), ("othello", 4)):
            await conn.create(game, size, vs="bot", level=1)
            while not isinstance(msg := await conn.recv(5), Joined):
                pass
            codes.append(msg.match)
    return codes


async def started(server: GameServer, plan: Plan) -> tuple[Startup, str]:
    async def find() -> launch.Where:
        return launch.Where(server.url, "the test server")

    startup = Startup(plan, find=find)
    return startup, await startup.run()


async def first_state(startup: Startup) -> MatchState:
    """The first state of the match the start-up opened, read off its connection."""
    assert startup.conn is not None
    while (view := startup.known.view) is None or view.state is None:
        startup.known.handle(await startup.conn.recv(5))
    return view.state


async def test_what_the_start_up_shows_first(game_server: GameServer, tmp_path: Path) -> None:
    token_file = tmp_path / "taro.token"
    plan = Plan(name="Taro", game="tictactoe", level=1, token_file=token_file)
    startup, opening = await started(game_server, plan)  # nothing to go back to: the flags
    try:
        assert opening == "plan" and startup.known.current is None
        assert startup.conn is not None
        while startup.known.view is None:  # the create the flags asked for is answered
            startup.known.handle(await startup.conn.recv(5))
        first = startup.known.current
    finally:
        await startup.close()
    startup, opening = await started(game_server, plan)  # the one unfinished game
    try:
        assert (opening, startup.known.current) == ("resume", first)
    finally:
        await startup.close()
    startup, opening = await started(game_server, Plan(name="Hanako"))  # someone new
    try:
        assert opening == "lobby" and startup.known.unfinished() == []
    finally:
        await startup.close()
    assert game_server.runner is not None and list(game_server.runner.matches) == [first]


async def test_the_flags_clock_and_hints_reach_the_new_match(
        game_server: GameServer, monkeypatch: pytest.MonkeyPatch) -> None:
    """`--clock 5+3 --hints` against a person: the match the start-up asks for has them;
    a server that does not offer them is said to, in the start-up's note."""
    argv = ["--game", "othello", "--size", "6", "--vs", "human", "--clock", "5+3", "--hints"]
    plan = replace(parse("taikyoku tui", "", argv), name="Taro", players_dir=None)
    startup, opening = await started(game_server, plan)
    try:
        assert opening == "plan" and startup.note == ""
        s = await first_state(startup)
        assert s is not None and s.clock is not None and s.hints
        assert (s.clock.initial, s.clock.increment, s.clock.running) == (300, 3, None)
    finally:
        await startup.close()
    monkeypatch.setattr(handlers, "FEATURES", ("takeback", "chat"))  # an older server
    startup, opening = await started(game_server, replace(plan, name="Hana"))
    try:
        assert opening == "plan" and startup.note == (
            "This server does not offer clocks or hints between people: the match is played "
            "without them.")
    finally:
        await startup.close()


async def test_the_flags_unlisted_and_no_spectator_chat_reach_the_new_match(
        game_server: GameServer, monkeypatch: pytest.MonkeyPatch) -> None:
    """`--unlisted --no-spectator-chat`: the new match is private as asked; a server
    that does not offer private matches is said to, in the start-up's note."""
    argv = ["--game", "tictactoe", "--vs", "human", "--unlisted", "--no-spectator-chat"]
    plan = replace(parse("taikyoku tui", "", argv), name="Taro", players_dir=None)
    assert (plan.unlisted, plan.spectator_chat) == (True, False)
    startup, opening = await started(game_server, plan)
    try:
        assert opening == "plan" and startup.note == ""
        s = await first_state(startup)
        assert s is not None and (s.unlisted, s.spectator_chat) == (True, False)
    finally:
        await startup.close()
    monkeypatch.setattr(handlers, "FEATURES", ("takeback", "chat"))  # an older server
    startup, opening = await started(game_server, replace(plan, name="Hana"))
    try:
        assert startup.note == ("This server does not offer private matches: the match is "
                                "played without them.")
    finally:
        await startup.close()


async def test_several_unfinished_games_are_a_choice(game_server: GameServer,
                                                     tmp_path: Path) -> None:
    token_file = tmp_path / "taro.token"
    tictactoe, othello = await two_unfinished(game_server, token_file)
    plan = Plan(name="Taro", game="othello", token_file=token_file)
    startup, opening = await started(game_server, plan)
    try:  # the flags do not start a third game while two wait
        assert opening == "choose" and startup.known.current is None
        assert startup.known.unfinished() == [othello, tictactoe]  # newest first
    finally:
        await startup.close()
    assert game_server.runner is not None
    assert sorted(game_server.runner.matches) == sorted([tictactoe, othello])


async def test_the_terminal_asks_which_unfinished_game(game_server: GameServer,
                                                       tmp_path: Path) -> None:
    token_file = tmp_path / "taro.token"
    tictactoe, othello = await two_unfinished(game_server, token_file)
    plan = Plan(name="Taro", token_file=token_file)
    out = await play_script(game_server, plan, ["3", "2", "m"])
    assert "You have 2 unfinished games:\n" in out
    assert f"  1  {othello}  Othello 4x4 vs the bot (level 1): Your move (Black)\n" in out
    assert f"  2  {tictactoe}  Tic-tac-toe vs the bot (level 1): Your move (X)\n" in out
    assert "'3' is not one of: 1, 2, l." in out
    assert f"Tic-tac-toe, match {tictactoe}: X: You - O: The bot" in out
    assert "Moves: none yet" in out
    assert f"your seat in match {tictactoe} is kept" in out

    out = await play_script(game_server, plan, ["l", "u", "1", "m"])  # the lobby, then back
    assert "u your unfinished games (2), j join a match" in out
    assert out.count("You have 2 unfinished games:") == 2
    assert f"Othello 4x4, match {othello}: Black (X) You 2 - White (O) The bot 2" in out
    assert game_server.runner is not None and len(game_server.runner.matches) == 2


async def test_the_window_lists_unfinished_games_to_resume(game_server: GameServer,
                                                           tmp_path: Path) -> None:
    token_file = tmp_path / "taro.token"
    tictactoe, othello = await two_unfinished(game_server, token_file)
    app = App(Plan(name="Taro", server=game_server.url, token_file=token_file),
              size=(1024, 720))
    driver = Driver()
    seen: dict[str, object] = {}

    def script(app: App) -> bool:
        driver.check_time()
        if not app.booted:
            return False
        if "rows" not in seen:
            seen["rows"] = [text for text, _ in app.lobby.match_rows()]
            seen["notice"] = app.known.notice
            seen["screen"] = app.screen()
            screenshot(app.surface, "start_screen_unfinished")
            resume = [action for text, action in app.lobby.match_rows()
                      if text.startswith(tictactoe) and action is not None]
            resume[0][1]()  # the Resume button of the tic-tac-toe game
            return False
        return app.game.layout is not None  # its board is drawn

    await app.run(script)
    rows = seen["rows"]
    assert isinstance(rows, list) and rows[:3] == [
        "Your unfinished games",
        f"{othello}  Othello 4x4 vs the bot (level 1)\nYour move (Black)",
        f"{tictactoe}  Tic-tac-toe vs the bot (level 1)\nYour move (X)"]
    assert seen["screen"] is app.lobby
    assert seen["notice"] == ("Welcome back: you have 2 unfinished games; choose one to go "
                              "on with.")
    view = app.known.view
    assert view is not None and view.state is not None
    assert (view.state.match, view.seat) == (tictactoe, 0) and view.my_turn


async def test_a_first_run_says_the_engine_is_being_prepared(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Starting a server here first prepares its bots' engine; on a first run that is a
    compile of seconds, and the person is told why nothing happens meanwhile."""
    said: list[str] = []
    told = threading.Event()
    preparing = words()("start-preparing")

    def compiling() -> None:  # the compile lasts until the person has been told
        assert told.wait(30), "nobody was told"

    def say(text: str) -> None:
        said.append(text)
        if text == preparing:
            told.set()

    monkeypatch.setattr(bot_pool, "warm_up", compiling)
    config = ServerConfig(host="127.0.0.1", port=0, db=tmp_path / "games.sqlite3",
                          discovery=False, bot_workers=1)
    where = await launch.find_or_start(None, lan=False, say=say, config=config)
    await where.close()
    assert said == ["Starting a server on this computer...",  # no LAN asked
                    "Preparing the engine (first run only)..."]

    monkeypatch.undo()
    await bot_pool.prepare_engine()  # this process has the engine now: a later start is quick
    said.clear()
    where = await launch.find_or_start(None, lan=False, say=said.append, config=config)
    await where.close()
    assert said == ["Starting a server on this computer..."]


@pytest.mark.parametrize(("given", "shared"), [
    ("ws://127.0.0.1:8765", "ws://192.168.1.20:8765"),
    ("ws://localhost:8765", "ws://192.168.1.20:8765"),
    ("ws://[::1]:9000", "ws://192.168.1.20:9000"),
    ("ws://192.168.1.5:8765", "ws://192.168.1.5:8765"),
    ("ws://othello-box.local:8765", "ws://othello-box.local:8765"),
])
async def test_a_server_named_by_its_loopback_address_is_shared_by_its_lan_one(
        given: str, shared: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The host plays on their own machine's server by 127.0.0.1 or localhost, which
    names no machine a friend can reach: the code and the address they are told to pass
    on (the terminal's invitation and join command, the window's) carry the LAN address."""
    monkeypatch.setattr(launch, "lan_address", lambda: "192.168.1.20")
    where = await launch.find_or_start(given, lan=False)
    assert (where.url, where.share) == (given, shared)
