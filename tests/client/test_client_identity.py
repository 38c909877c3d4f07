"""The window and the terminal remember who you are on a server: a client killed in the
middle of a game and started again is back in that game; two clients running at once on
one machine are two players. Real servers on 127.0.0.1; every data dir is a tmp_path."""

from __future__ import annotations

import asyncio
import socket
import stat
from pathlib import Path

import platformdirs
import pytest

from client.common import identity, launch
from client.common.client_state import ClientState
from client.common.discovery import FoundServer
from client.common.match_view import MatchView
from client.common.options import Plan, parse
from client.gui.app import App
from server.config import ServerConfig
from server.shell.app import GameServer
from shared.protocol import Joined, MatchState
from tests.client.client_support import (
    ENGINE_LIMIT,
    Driver,
    killed_after,
    play_script,
    screenshot,
    state_after,
)


def test_one_token_file_per_server_and_per_running_client(tmp_path: Path) -> None:
    assert identity.url_key("ws://LocalHost:8765/") == identity.url_key("ws://localhost:8765")
    assert identity.url_key("wss://h") == "wss://h:443"
    here = identity.url_key("ws://127.0.0.1:8765")
    there = identity.url_key("ws://127.0.0.1:8766")
    assert identity.file_stem(here) != identity.file_stem(there)
    assert identity.file_stem(here).startswith("127.0.0.1-8765-")

    first = identity.claim(here, directory=tmp_path)
    second = identity.claim(here, directory=tmp_path)
    other_server = identity.claim(there, directory=tmp_path)
    assert first.token_file is not None and second.token_file is not None
    assert first.token_file != second.token_file  # the first is in use: the next slot
    assert first.note == "" and "plays as another player" in second.note
    assert other_server.token_file is not None and other_server.note == ""
    first.release()
    again = identity.claim(here, directory=tmp_path)  # free again: the usual player
    assert again.token_file == first.token_file and again.note == ""
    for held in (second, other_server, again):
        held.release()
    assert identity.claim(here).token_file is None  # nowhere to remember: a new player


def test_token_file_flag_is_exclusive_and_new_player_forgets(tmp_path: Path) -> None:
    path = tmp_path / "me.token"
    path.write_text("old-token\n")
    held = identity.claim("any", token_file=path)
    assert held.token_file == path
    with pytest.raises(identity.IdentityError, match="is in use by another taikyoku client"):
        identity.claim("any", token_file=path)
    held.release()
    fresh = identity.claim("any", token_file=path, new_player=True)
    assert fresh.token_file == path and not path.exists()
    fresh.release()
    blocked = tmp_path / "a-file"
    blocked.write_text("")
    with pytest.raises(identity.IdentityError, match="cannot use"):
        identity.claim("any", token_file=blocked / "me.token")
    unusable = identity.claim("any", directory=blocked / "players")  # still plays
    assert unusable.token_file is None and "cannot be remembered" in unusable.note


def test_flags(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(platformdirs, "user_data_path", lambda app: tmp_path / app)
    plan = parse("taikyoku tui", "", [])
    assert plan.players_dir == tmp_path / "taikyoku" / "players"
    assert plan.token_file is None and not plan.new_player
    plan = parse("taikyoku play", "", ["--token-file", "t.txt", "--new-player"])
    assert plan.token_file == Path("t.txt") and plan.new_player


async def test_terminal_resumes_its_unfinished_game_after_a_restart(
        game_server: GameServer, tmp_path: Path) -> None:
    plan = Plan(name="Taro", game="othello", size=4, level=1, players_dir=tmp_path)
    # b1, the bot's reply, then the terminal is closed while it is our turn again
    first = await killed_after(game_server, plan, ["b1"], "Your move (Black)", times=2)
    assert "You (Black) played b1" in first
    assert game_server.runner is not None
    (code,) = game_server.runner.matches
    token_file = next(tmp_path.glob("*.token"))
    assert stat.S_IMODE(token_file.stat().st_mode) == 0o600  # the player's password

    again = await killed_after(game_server, plan, ["m"], "Moves: ")
    assert f"Welcome back: your unfinished game (match {code}) goes on." in again
    assert f"Othello 4x4, match {code}: Black (X) You 3" in again  # the board, at once
    assert "Your move (Black), a square like d3 (h hint, t takeback, ? help): " in again
    assert "Moves: 1.b1 2." in again  # the game so far, not a new one
    assert list(game_server.runner.matches) == [code]  # --game did not start another


async def test_two_terminals_at_once_are_two_players_and_each_is_remembered(
        game_server: GameServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(platformdirs, "user_data_path", lambda app: tmp_path / app)
    plan = parse("taikyoku tui", "", ["--server", game_server.url, "--game", "tictactoe",
                                      "--level", "1", "--name", "Taro"])
    assert game_server.runner is not None
    outs = await asyncio.gather(*(killed_after(game_server, plan, [], "Your move (X)")
                                  for _ in range(2)))
    assert "plays as another player" in outs[0] + outs[1]
    players = {m.seats[0].player for m in game_server.runner.matches.values()}  # type: ignore
    assert len(players) == 2  # two matches, one per player
    tokens = sorted((tmp_path / "taikyoku" / "players").glob("*.token"))
    assert len(tokens) == 2 and tokens[0].read_text() != tokens[1].read_text()

    codes = set(game_server.runner.matches)
    again = await play_script(game_server, plan, ["q"])  # one client: the usual player
    assert any(f"Welcome back: your unfinished game (match {code})" in again
               for code in codes)
    assert set(game_server.runner.matches) <= codes  # no new match was started


async def test_window_reopened_after_a_close_is_back_in_the_game(tmp_path: Path) -> None:
    """`taikyoku play --no-lan` against the bot, closed mid-game and opened again: the
    embedded server starts on another port, on the same database, and the window shows
    the same game at once."""

    async def no_lan(timeout: float) -> list[FoundServer]:
        return []

    async def find() -> launch.Where:  # port 0: the port differs from one run to the next
        return await launch.find_or_start(None, lan=False, discover=no_lan, config=ServerConfig(
            host="127.0.0.1", port=0, db=tmp_path / "games.sqlite3", discovery=False,
            bot_seconds=0.2, bot_workers=1))

    plan = Plan(name="Hanako", game="tictactoe", level=1, players_dir=tmp_path / "players")
    first = App(plan, size=(800, 600), find=find)
    driver = Driver(ENGINE_LIMIT)  # its server compiles the engine first on a cold cache
    seen: dict[str, object] = {}

    def play_one(app: App, view: MatchView, s: MatchState) -> bool:
        if s.ply == 0 and driver.clicked_ply != 0:
            driver.clicked_ply = 0
            driver.click_square(app, 4)
        seen.update(code=s.match, ply=s.ply)
        return s.ply >= 2 and view.my_turn  # closed on our turn

    await first.run(driver.on_board(play_one))
    assert first.where is not None and first.where.server is not None
    first_port = first.where.server.port
    blocker = socket.socket()  # the old port is taken now: the new server gets another one
    blocker.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    blocker.bind(("127.0.0.1", first_port))
    blocker.listen()

    second = App(Plan(name="Hanako", game="tictactoe", level=1,
                      players_dir=tmp_path / "players"), size=(800, 600), find=find)
    reopened = Driver(ENGINE_LIMIT)  # the second window starts a server of its own too

    def look(app: App, view: MatchView, s: MatchState) -> bool:
        screenshot(app.surface, "resumed_game")
        return True

    try:
        await second.run(reopened.on_board(look))
    finally:
        blocker.close()
    view = second.known.view
    assert view is not None and view.state is not None
    assert second.where is not None and second.where.server is not None
    assert second.where.server.port != first_port
    assert (view.state.match, view.state.ply, view.seat) == (seen["code"], seen["ply"], 0)
    assert view.state.board[4] == "X" and view.my_turn
    assert second.screen() is second.game  # the game screen, not the start screen
    assert second.known.notice == "Welcome back: your unfinished game goes on."


def test_seats_given_back_do_not_pull_the_screen_away() -> None:
    known = ClientState()
    for code, moves in (("AAAA", [4]), ("BBBB", [0, 4]), ("CCCC", [0, 3, 1, 4, 2])):
        known.handle(Joined(match=code, seat=0, role="player"))
        known.handle(state_after("tictactoe", 3, moves, code=code))
    assert known.current == "CCCC"  # a new match goes on screen (create, join, rematch)
    assert known.unfinished() == ["BBBB", "AAAA"]  # newest first; CCCC is won
    known.current = "AAAA"
    known.handle(Joined(match="BBBB", seat=0, role="player"))  # after a reconnect
    assert known.current == "AAAA"
    known.leave_current()
    known.handle(Joined(match="BBBB", seat=0, role="player"))  # at the lobby: show it
    assert known.current == "BBBB"


async def test_two_windows_at_once_are_two_players(
        game_server: GameServer, tmp_path: Path) -> None:
    windows = [App(Plan(name="Taro", server=game_server.url, players_dir=tmp_path))
               for _ in range(2)]
    driver = Driver()
    try:
        for app in windows:
            app.spawn(app.boot())
        while not all(app.booted for app in windows):
            driver.check_time()
            for app in windows:
                app.step([])
            await asyncio.sleep(0.01)
        first, second = (app.known.welcome.player for app in windows)  # type: ignore
        assert first != second
        assert sum("plays as another player" in app.known.notice for app in windows) == 1
    finally:
        for app in windows:
            await app.shutdown()
