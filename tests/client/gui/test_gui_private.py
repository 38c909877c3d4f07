"""The window's private matches (docs/protocol.md §11, `private`): the start screen's
Unlisted and Spectators may chat choices against a real server, what `create` carried
and that the match stays out of another client's list; the choices hidden from a server
without the feature; a spectator where only the players chat gets no chat field."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec
import pygame
import pytest

from client.common.options import Plan
from client.gui.app import App
from server.shell.app import GameServer
from shared.protocol import FEATURES, ChatLine, Joined, PlayerInfo
from tests.client.client_support import (
    click_at,
    ply,
    press,
    run_scenario,
    screenshot,
    shown,
    state_after,
    welcome,
)
from tests.conftest import ConnectPeer
from tests.waiting import until


def spot(app: App, action: Callable[[], None]) -> pygame.Rect | None:
    """Where the last frame drew the control that does ``action`` (None: not drawn)."""
    return next((rect for rect, act in app.ui.hits if act == action), None)


def drawn_words(app: App, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every line of text the window draws from now on."""
    words: list[str] = []
    text = app.ui.text
    def watched(line: str, *a: Any, **k: Any) -> pygame.Rect:
        words.append(line)
        return text(line, *a, **k)

    monkeypatch.setattr(app.ui, "text", watched)
    return words


async def test_a_private_match_from_the_start_screen(game_server: GameServer, tmp_path: Path,
                                                     connect: ConnectPeer) -> None:
    """`--unlisted` ticks Unlisted; W unticks Spectators may chat, a click ticks it and W
    again unticks it; the match is created so, kept out of Hana's list, and the window
    says it is unlisted beside the code."""
    app = App(Plan(name="Taro", server=game_server.url, vs="human", unlisted=True),
              size=(480, 640), settings_file=tmp_path / "settings.json")
    hana = await connect(game_server, name="Hana")

    async def scenario() -> None:
        lobby = app.lobby
        await until(lambda: app.booted and spot(app, lobby.toggle_unlisted) is not None,
                    "the privacy choices")
        assert (lobby.unlisted, lobby.spectator_chat) == (True, True)  # the flags'
        press(pygame.K_w, "w")
        await until(lambda: not lobby.spectator_chat, "spectators' chat off")
        rect = spot(app, lobby.toggle_spectator_chat)
        assert rect is not None and app.surface.get_rect().contains(rect)
        click_at(rect.center)
        await until(lambda: lobby.spectator_chat, "a click on the tick box")
        press(pygame.K_w, "w")
        await until(lambda: not lobby.spectator_chat, "spectators' chat off again")
        app.step([])
        screenshot(app.surface, "start_screen_private_small")
        press(pygame.K_RETURN)
        await until(lambda: ply(app) == 0 and app.game.layout is not None, "the match")
        app.step([])
        screenshot(app.surface, "waiting_unlisted_small")

    await run_scenario(app, scenario)
    s = shown(app).state
    assert s is not None and (s.unlisted, s.spectator_chat) == (True, False)
    await hana.send(type="list")
    listed = await hana.expect("lobby")
    assert s.match not in [m["match"] for m in listed["matches"]]
    await hana.send(type="join", match=s.match)  # the code still finds it
    await hana.expect("joined", match=s.match)


def test_no_privacy_choices_from_a_server_without_them(app: App,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """A server that does not list `private`: no tick boxes, U and W do nothing, and
    `create` asks for a listed match whatever the flags said."""
    app.lobby.unlisted, app.lobby.spectator_chat = True, False  # as the flags would
    created: list[Plan] = []
    monkeypatch.setattr(app.lobby.actions, "create", created.append)
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_p, mod=0, unicode="p")])
    assert spot(app, app.lobby.toggle_unlisted) is None
    assert spot(app, app.lobby.toggle_spectator_chat) is None
    app.lobby.play()
    assert [(p.unlisted, p.spectator_chat) for p in created] == [(False, True)]


def test_the_choices_are_for_a_match_against_a_person(app: App,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """Against the bot the tick boxes are not drawn and `create` stays listed."""
    app.known.welcome = msgspec.structs.replace(welcome(), features=list(FEATURES))
    app.lobby.unlisted = True
    created: list[Plan] = []
    monkeypatch.setattr(app.lobby.actions, "create", created.append)
    app.step([])
    assert app.lobby.choice.vs == "bot" and spot(app, app.lobby.toggle_unlisted) is None
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_p, mod=0, unicode="p")])
    assert spot(app, app.lobby.toggle_unlisted) is not None
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_b, mod=0, unicode="b")])
    app.lobby.play()
    assert [(p.vs, p.unlisted) for p in created] == [("bot", False)]


def test_a_spectator_where_only_the_players_chat_has_no_chat_field(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """Watching an unlisted match whose players alone chat: their lines, a line saying
    why there is no field, and Enter does not open one; the title says unlisted."""
    app.known.welcome = msgspec.structs.replace(welcome(), features=list(FEATURES))
    people = [PlayerInfo(0, "Taro", "human", True, "p_1"),
              PlayerInfo(1, "Hana", "human", True, "p_2")]
    state = msgspec.structs.replace(state_after("othello", 8, [], players=people),
                                    unlisted=True, spectator_chat=False)
    for msg in (Joined("K7QX", None, "spectator"), state,
                ChatLine("K7QX", 1, 0.0, 0, "p_1", "Taro", "good luck")):
        app.known.handle(msg)
    words = drawn_words(app, monkeypatch)
    app.step([])
    screenshot(app.surface, "spectator_players_only_chat")
    assert "Spectators cannot chat in this match." in words
    assert any(w.startswith("Othello 8x8 · match K7QX · unlisted") for w in words)
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")])
    assert app.ui.focus is not app.game.chat.field
    words.clear()
    app.known.views["K7QX"].update(msgspec.structs.replace(state, spectator_chat=True))
    app.step([])
    assert "Only the players may chat in this match." not in words  # a field again
    assert "Chat: Enter to write" in words
