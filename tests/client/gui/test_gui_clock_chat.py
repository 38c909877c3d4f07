"""The window's clocks, chat and sounds against a real server: the start screen's clock
and hints choices, a clock counting down to its low-time warning and the flag, chat
both ways and again after a resume, the mute toggle remembered across a restart."""

from __future__ import annotations

import time
from pathlib import Path

import pygame
import pytest

from client.common.options import Plan
from client.common.settings import load
from client.gui import theme
from client.gui.app import App
from client.gui.sound import Cue
from server.shell.app import GameServer
from shared.protocol import Clock
from tests.client.client_support import (
    click_at,
    joined_by,
    ply,
    press,
    run_scenario,
    screenshot,
    shown,
    still_shot,
)
from tests.conftest import ConnectPeer
from tests.waiting import until


def painted(app: App, colour: tuple[int, int, int]) -> pygame.Rect | None:
    """The box around every pixel of exactly ``colour`` on the window, or None."""
    mask = pygame.mask.from_threshold(app.surface, colour, (1, 1, 1, 255))
    rects = mask.get_bounding_rects()
    return rects[0].unionall(rects[1:]) if rects else None


async def test_start_screen_clock_and_hints_choices(game_server: GameServer,
                                                    tmp_path: Path) -> None:
    app = App(Plan(name="Taro", server=game_server.url), size=(1024, 720),
              settings_file=tmp_path / "settings.json")

    async def scenario() -> None:
        await until(lambda: app.booted and app.known.has("clock"), "the start screen")
        press(pygame.K_p, "p")  # a person
        press(pygame.K_c, "c")  # 1+0
        press(pygame.K_c, "c")  # 3+2
        press(pygame.K_h, "h")  # hints for both
        await until(lambda: app.lobby.hints, "the choices")
        app.step([])
        screenshot(app.surface, "start_screen_clock_hints")
        press(pygame.K_RETURN)
        await until(lambda: ply(app) == 0, "the match")

    await run_scenario(app, scenario)
    s = shown(app).state
    assert s is not None and s.clock is not None and s.hints
    assert (s.clock.initial, s.clock.increment, s.clock.running) == (180, 2, None)


async def test_start_screen_begins_with_the_flags_clock_and_hints(
        game_server: GameServer, tmp_path: Path) -> None:
    """`--vs human --clock 10+5 --hints` without --game: the start screen has them chosen
    (10+5 in the place of the longest offered clock; C steps through them back to it)."""
    flags = Clock(600, 5)
    app = App(Plan(name="Taro", server=game_server.url, vs="human", clock=flags, hints=True),
              size=(1024, 720), settings_file=tmp_path / "settings.json")

    async def scenario() -> None:
        await until(lambda: app.booted and app.known.has("clock"), "the start screen")
        assert (app.lobby.clock, app.lobby.hints) == (flags, True)
        still_shot(app, "start_screen_clock_from_flags")
        seen = []
        for _ in app.lobby.clocks:  # once round the choices with C
            before = app.lobby.clock
            press(pygame.K_c, "c")
            await until(lambda: app.lobby.clock != before, "the next clock")
            seen.append(app.lobby.clock)
        assert seen == [None, Clock(60, 0), Clock(180, 2), flags]
        press(pygame.K_RETURN)
        await until(lambda: ply(app) == 0, "the match")

    await run_scenario(app, scenario)
    s = shown(app).state
    assert s is not None and s.clock is not None and s.hints
    assert (s.clock.initial, s.clock.increment) == (600, 5)


async def test_clock_counts_down_warns_and_flags(game_server: GameServer, tmp_path: Path,
                                                 connect: ConnectPeer) -> None:
    hana = await connect(game_server, name="Hana")
    first = await hana.create(game="tictactoe", vs="human", seat="second",
                              clock={"initial": 5, "increment": 0})
    app = App(Plan(name="Taro", server=game_server.url, join=first["match"]),
              size=(1024, 720), settings_file=tmp_path / "settings.json")
    seen: dict[str, float] = {}

    async def scenario() -> None:
        await until(lambda: ply(app) == 0 and shown(app).my_turn, "our clock running")
        view = shown(app)
        received = view.received
        await until(lambda: painted(app, theme.CLOCK_RUNNING) is not None, "the clock")
        box = painted(app, theme.CLOCK_RUNNING)
        assert box is not None and painted(app, theme.CLOCK_LOW) is None
        before = pygame.image.tobytes(app.surface.subsurface(box), "RGB")
        await until(lambda: pygame.image.tobytes(app.surface.subsurface(box), "RGB") != before,
                    "the clock drawn again")
        assert view.received == received, "no new state came meanwhile"  # so by itself
        await until(lambda: painted(app, theme.CLOCK_LOW) is not None, "the warning")
        seen["low"] = shown(app).clocks().left(0, time.monotonic())  # type: ignore
        screenshot(app.surface, "clock_low_time")
        await until(lambda: shown(app).state.status == "over", "the flag")  # type: ignore
        app.step([])
        screenshot(app.surface, "clock_flag_fell")

    await run_scenario(app, scenario)
    assert float(seen["low"]) < 5 / 6  # a sixth of a 5-second clock
    view = shown(app)
    assert view.state is not None and view.state.result is not None
    assert view.state.result.reason == "time" and view.reason_text() == "You ran out of time."


async def test_chat_both_ways_and_after_a_resume(game_server: GameServer, tmp_path: Path,
                                                 connect: ConnectPeer) -> None:
    players = tmp_path / "players"
    app = App(Plan(name="Taro", server=game_server.url, game="tictactoe", vs="human",
                   players_dir=players), size=(1024, 720),
              settings_file=tmp_path / "settings.json")
    hana = await connect(game_server, name="Hana")
    mine = "héllo <b>Hana</b> & {x} 100%"  # drawn as typed, never read as markup
    hers = "こんにちは! good luck :)"

    async def scenario() -> None:
        code = await joined_by(app, hana)
        await hana.expect("state", match=code)
        press(pygame.K_RETURN)  # Enter opens the chat box
        await until(lambda: app.ui.focus is app.game.chat.field, "the chat box")
        for ch in mine:
            pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
        press(pygame.K_RETURN)  # and sends
        line = await hana.expect("chat", match=code)
        assert (line["text"], line["name"], line["seat"]) == (mine, "Taro", 0)
        await hana.send(type="chat", match=code, text=hers)
        await until(lambda: len(shown(app).chat) == 2, "Hana's line")
        assert app.game.chat.field.text == "" and app.ui.focus is None  # back to the board
        press(pygame.K_RETURN)
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="d3"))  # unsent
        await until(lambda: app.game.chat.field.text == "d3", "a line being written")
        still_shot(app, "chat")

    await run_scenario(app, scenario)
    assert [(c.name, c.text) for c in shown(app).chat] == [("Taro", mine), ("Hana", hers)]
    again = App(Plan(name="Taro", server=game_server.url, players_dir=players),
                size=(1024, 720), settings_file=tmp_path / "settings.json")

    async def resumed() -> None:
        await until(lambda: ply(again) == 0 and len(shown(again).chat) == 2,
                    "the chat history")

    await run_scenario(again, resumed)
    assert [c.text for c in shown(again).chat] == [mine, hers]


async def test_sounds_and_mute_remembered_across_a_restart(
        game_server: GameServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    settings = tmp_path / "config" / "settings.json"
    app = App(Plan(name="Taro", server=game_server.url, game="tictactoe", level=1),
              size=(1024, 720), settings_file=settings)
    asked: list[tuple[Cue, bool]] = []  # each cue and whether it was muted
    play = app.sounds.play

    def heard(cue: Cue) -> bool:
        asked.append((cue, app.sounds.muted))
        return play(cue)

    monkeypatch.setattr(app.sounds, "play", heard)

    async def scenario() -> None:
        await until(lambda: ply(app) == 0 and shown(app).my_turn, "our turn")
        assert asked == [(Cue.YOUR_TURN, False)]  # arriving at our move chimes
        assert app.game.layout is not None
        click_at(app.game.layout.square_rect(4).center)
        await until(lambda: ply(app) >= 2, "the bot's reply")
        assert [c for c, _ in asked] == [Cue.YOUR_TURN, Cue.MOVE, Cue.MOVE, Cue.YOUR_TURN]
        press(pygame.K_m, "m")
        await until(lambda: app.sounds.muted, "the mute")

    await run_scenario(app, scenario)
    assert load(settings).muted
    again = App(Plan(name="Taro", server=game_server.url), size=(1024, 720),
                settings_file=settings)
    try:
        assert again.sounds.muted and not again.sounds.play(Cue.MOVE)
    finally:
        again.close_window()
