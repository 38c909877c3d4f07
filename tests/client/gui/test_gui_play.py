"""The window against a real server on 127.0.0.1: clicks become the right moves, and the
embedded default (no server found, so one starts in-process) plays a whole game."""

from __future__ import annotations

import asyncio
import os
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from functools import partial
from pathlib import Path

import pygame

from client.common import launch
from client.common.discovery import FoundServer
from client.common.match_view import MatchView
from client.common.options import Plan
from client.gui.app import App
from server.config import ServerConfig
from server.shell.app import GameServer
from shared.games.othello import parse_square
from shared.protocol import MatchState
from tests.client.client_support import Driver, play_script, screenshot, settle
from tests.conftest import MakeServer


def my_turn(app: App) -> bool:
    """Whether ``app`` shows a match in which it is to move."""
    return app.known.view is not None and app.known.view.my_turn

async def test_clicks_send_the_right_moves(game_server: GameServer) -> None:
    plan = Plan(name="Taro", server=game_server.url, game="othello", size=8, level=1)
    app = App(plan, size=(900, 640))
    driver = Driver()
    seen: dict[str, object] = {}

    def script(app: App, view: MatchView, s: MatchState) -> bool:
        if "illegal" not in seen and view.my_turn:
            seen["illegal"] = s.ply
            driver.click_square(app, parse_square("a1", 8))  # flips nothing
            return False
        if "move" not in seen and view.my_turn and app.known.notice:
            seen["notice"] = app.known.notice
            seen["move"] = s.legal[-1]
            driver.click_square(app, s.legal[-1])
            return False
        return "move" in seen and s.ply >= 2  # our move and the bot's reply

    await app.run(driver.on_board(script))
    view = app.known.view
    assert view is not None and view.state is not None
    assert seen["illegal"] == 0
    assert "flips nothing" in str(seen["notice"])
    assert view.state.moves[0] == seen["move"]  # the clicked square, nothing before it
    assert view.state.board[int(seen["move"])] == "X"


async def test_embedded_default_plays_a_full_game(tmp_path: Path) -> None:
    looked: list[float] = []

    async def nobody_on_the_lan(timeout: float) -> list[FoundServer]:
        looked.append(timeout)
        return []

    async def find() -> launch.Where:
        return await launch.find_or_start(None, discover=nobody_on_the_lan, config=ServerConfig(
            host="127.0.0.1", port=0, db=tmp_path / "games.sqlite3", discovery=False,
            bot_seconds=0.2, bot_workers=1))

    app = App(Plan(name="Hanako", game="tictactoe", level=1), size=(800, 600), find=find)
    driver = Driver()
    first: dict[str, object] = {}

    def script(app: App, view: MatchView, s: MatchState) -> bool:
        if not first:
            if s.status == "over":
                first.update(code=s.match, seat=view.seat, result=view.result_text())
                settle(app)  # the last mark fully drawn, not mid-animation
                app.step([])
                screenshot(app.surface, "embedded_game_over")
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_n, mod=0))
            elif view.my_turn and driver.clicked_ply != s.ply:
                driver.clicked_ply = s.ply
                driver.click_square(app, s.legal[0])
            return False
        return s.match != first["code"]  # the rematch has started

    await app.run(driver.on_board(script))
    assert looked, "the LAN was searched before starting a server"
    assert app.where is not None and app.where.server is not None
    assert first["result"] in ("You won!", "The bot won.", "Draw.")
    view = app.known.view
    assert view is not None and view.state is not None
    assert view.seat == 1 - int(first["seat"])  # type: ignore[call-overload]


async def test_window_plays_a_person_at_a_terminal(game_server: GameServer) -> None:
    app = App(Plan(name="Taro", server=game_server.url, game="tictactoe", vs="human"),
              size=(800, 600))
    driver = Driver()
    hanako: list[asyncio.Task[str]] = []
    mine = iter([0, 1, 2])  # Hanako answers 3 and 4: the top row wins

    def script(app: App, view: MatchView, s: MatchState) -> bool:
        if s.status == "waiting" and not hanako:
            hanako.append(asyncio.create_task(play_script(
                game_server, Plan(name="Hanako"), ["j", "1", "3", "4", "q"])))
        elif view.my_turn and driver.clicked_ply != s.ply:
            driver.clicked_ply = s.ply
            driver.click_square(app, next(mine))
        return s.status == "over"

    await app.run(driver.on_board(script))
    view = app.known.view
    assert view is not None and view.state is not None
    assert view.label(1) == "Hanako" and view.result_text() == "You won!"
    assert "Taro won. X has three in a row." in await hanako[0]


def key(code: int, text: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=text))
    if text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))


async def test_start_screen_choices_start_the_match(game_server: GameServer) -> None:
    app = App(Plan(name="Taro", server=game_server.url), size=(900, 640))
    driver = Driver()
    typed: list[str] = []

    def script(app: App) -> bool:
        driver.check_time()
        if not app.booted or app.known.view is not None:
            view = app.known.view
            return view is not None and view.state is not None
        if not typed and app.known.lobby is not None:
            typed.append("name")
            app.ui.focus = app.lobby.name  # as a click on the name box does
            for _ in "Taro":
                key(pygame.K_BACKSPACE)
            key(pygame.K_j, "J")
            key(pygame.K_i, "i")
            key(pygame.K_RETURN)  # keeps the name and leaves the box
        elif typed == ["name"] and app.ui.focus is None:
            typed.append("game")
            key(pygame.K_2, "2")  # Othello 4x4
            key(pygame.K_s, "s")  # the bot moves first
            key(pygame.K_RETURN)
        return False

    await app.run(script)
    view = app.known.view
    assert view is not None and view.state is not None
    assert (view.state.game, view.state.size, view.seat) == ("othello", 4, 1)
    me = view.player(1)
    assert me is not None and me.name == "Ji"  # the new name reached the server


async def test_link_drop_is_shown_and_the_match_resumes(make_server: MakeServer) -> None:
    server = await make_server()
    app = App(Plan(name="Taro", server=server.url, game="tictactoe", level=1), size=(800, 600))
    driver = Driver()
    seen: dict[str, object] = {}
    restart: list[asyncio.Task[GameServer]] = []

    def script(app: App) -> bool:
        driver.check_time()
        view = app.known.view
        if view is None or view.state is None:
            return False
        if "code" not in seen and view.state.ply == 0:
            seen["code"] = view.state.match
            restart.append(asyncio.create_task(close_and_restart()))
        elif not app.known.link_up:
            seen["banner"] = app.known.link_message
            screenshot(app.surface, "link_lost")
        return "banner" in seen and app.known.link_up and view.my_turn

    async def close_and_restart() -> GameServer:
        await server.close()
        async with asyncio.timeout(10):
            while app.known.link_up:  # the window noticed and retries
                await asyncio.sleep(0.01)
        return await make_server(port=server.port)

    await app.run(script)
    assert str(seen["banner"]).startswith("Connection lost")
    view = app.known.view
    assert view is not None and view.state is not None
    assert view.state.match == seen["code"] and view.seat == 0  # the same seat, resumed
    await restart[0]


async def test_no_server_there_says_so_and_offers_a_retry() -> None:
    app = App(Plan(name="Taro", server="ws://127.0.0.1:1"), size=(800, 600))
    driver = Driver()

    frames: list[int] = []

    def script(app: App) -> bool:
        driver.check_time()
        if app.boot_failed:
            frames.append(1)
        if len(frames) == 2:  # drawn once with the failure on it
            screenshot(app.surface, "no_server")
        return len(frames) == 2

    await app.run(script)
    assert "no server at ws://127.0.0.1:1" in app.status
    assert app.status.startswith("Could not start: ")



async def test_any_failure_to_start_is_shown_with_try_again() -> None:
    """Not only a missing server: a damaged game database (sqlite3.DatabaseError) too."""
    async def damaged() -> launch.Where:
        raise sqlite3.DatabaseError("file is not a database")

    app = App(Plan(name="Taro", lan=False), size=(800, 600), find=damaged)
    driver = Driver()

    frames_failed: list[int] = []
    actions: list[object] = []

    def script(app: App) -> bool:
        driver.check_time()
        if app.boot_failed:
            frames_failed.append(1)
        if len(frames_failed) < 2:
            return False
        actions.extend(action for _, action in app.ui.hits)  # drawn with the failure on it
        return True

    await app.run(script)
    assert app.status == "Could not start: DatabaseError: file is not a database"
    assert app.retry_boot in actions and app.quit in actions

async def test_two_windows_play_each_other(game_server: GameServer) -> None:
    """Two App instances (one display between them, each drawn in turn) on one server."""
    taro = App(Plan(name="Taro", server=game_server.url, game="tictactoe", vs="human"))
    hanako = App(Plan(name="Hanako", server=game_server.url))
    windows = (taro, hanako)
    for app in windows:
        app.spawn(app.boot())
    driver = Driver()

    async def frames_until(done: Callable[[], bool]) -> None:
        while not done():
            driver.check_time()
            for app in windows:
                app.step([])
            await asyncio.sleep(0.01)

    def state(app: App) -> MatchState | None:
        view = app.known.view
        return None if view is None else view.state

    try:
        await frames_until(lambda: (s := state(taro)) is not None and s.status == "waiting")
        code = state(taro).match  # type: ignore[union-attr]
        await frames_until(lambda: hanako.booted)
        hanako.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_j, mod=0)])
        hanako.step([pygame.event.Event(pygame.TEXTINPUT, text=code.lower())])
        hanako.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0)])
        for app, square in ((taro, 0), (hanako, 3), (taro, 1), (hanako, 4), (taro, 2)):
            await frames_until(partial(my_turn, app))
            app.step([])  # draw it, so the board's click regions are this window's
            lay = app.game.layout
            assert lay is not None
            app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1,
                                         pos=lay.square_rect(square).center)])
        await frames_until(lambda: all((s := state(a)) is not None and s.status == "over"
                                       for a in windows))
        assert taro.known.view.result_text() == "You won!"  # type: ignore[union-attr]
        assert hanako.known.view.result_text() == "Taro won."  # type: ignore[union-attr]
        assert hanako.known.view.seat == 1  # type: ignore[union-attr]
    finally:
        for app in windows:
            await app.shutdown()


def test_without_a_display_play_says_so_and_points_to_the_terminal(tmp_path: Path) -> None:
    """SDL quietly falls back to drawing nowhere; a person on SSH must be told instead."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    env["XDG_DATA_HOME"] = str(tmp_path)
    done = subprocess.run(  # a loopback address: nothing is looked for or started
        [sys.executable, "-m", "client", "play", "--server", "ws://127.0.0.1:9"],
        capture_output=True, text=True, timeout=30, env=env)
    assert done.returncode == 1
    assert "cannot open a window (no display found)" in done.stderr
    assert "taikyoku tui" in done.stderr
