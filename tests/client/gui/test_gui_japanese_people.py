"""Issue 24 tried as Japanese players play each other, in the window: the window in
Japanese against the terminal under LANG=ja_JP.UTF-8, a whole game of tic-tac-toe and of
Othello 4x4, with no English word drawn but names and codes and no character drawn as
the missing-glyph shape; and a match called off before a move, or abandoned by both
people, said by the window watching it in the words the page and the terminal say
(tests/client/web/test_web_japanese_people.py), in English and Japanese, for every game."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable
from functools import partial
from pathlib import Path

import pygame
import pytest

from client.common.match_view import MatchView
from client.common.options import Plan
from client.common.words import use_language
from client.gui.app import App
from server.shell.app import GameServer
from shared.protocol import MatchState
from shared.words import LANGUAGES
from tests.client.client_support import Driver, screenshot
from tests.client.gui.japanese_window import (  # noqa: F401 (fonts: a fixture)
    KEYS,
    english,
    fonts,
    missing,
    watch,
)
from tests.client.tui.japanese_terminal import (
    ENDS,
    JAPANESE,
    MOVE_PROMPT,
    NO_WINNER,
    OVER_PROMPT,
    TICTACTOE_TOP,
    check_screen,
    othello_pick,
    othello_top,
    record,
    tictactoe_pick,
)
from tests.client.tui.pty_support import Pty
from tests.conftest import ConnectPeer, MakeServer

OTHELLO_4_TOP = othello_top(4)


async def terminal_plays(term: Pty, pick: Callable[[str], str], top: str) -> str:
    """The terminal answers each prompt for its move with ``pick`` of its screen until
    the game is over, then quits; everything it printed."""
    while True:
        shown = await term.until("： ")
        if OVER_PROMPT in shown:
            term.type("q\r")
            break
        if MOVE_PROMPT in shown:
            term.type(pick(term.text()) + "\r")
            await term.until(top)
    assert await asyncio.to_thread(term.proc.wait, 30) == 0
    return term.text()


@pytest.mark.parametrize("game, size, pick, top", [
    ("tictactoe", 3, tictactoe_pick, TICTACTOE_TOP),
    ("othello", 4, partial(othello_pick, size=4), OTHELLO_4_TOP)])
@pytest.mark.usefixtures("fonts")  # the system's fonts, and a machine without them
async def test_the_japanese_window_against_a_japanese_terminal(
        game: str, size: int, pick: Callable[[str], str], top: str, game_server: GameServer,
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest) -> None:
    """太郎's window in Japanese starts a match against a person and waits; 花子 joins it
    by its code from a terminal under LANG=ja_JP.UTF-8; each plays a legal square on
    their turn (passes are the server's) to the end."""
    use_language("ja")
    shot = f"ja_people_{game}_window_{request.node.callspec.params['fonts']}_fonts"
    app = App(Plan(name="太郎", server=game_server.url, game=game, size=size, vs="human"),
              size=(480, 640), settings_file=tmp_path / "settings.json")
    drawn, _ = watch(monkeypatch)
    driver = Driver()
    hanako: list[tuple[Pty, asyncio.Task[str]]] = []
    seen: dict[str, str] = {}

    def script(app: App, view: MatchView, s: MatchState) -> bool:
        if s.status == "waiting" and not hanako:
            screenshot(app.surface, f"{shot}_waiting")
            term = Pty(["--server", game_server.url, "--name", "花子", "--token-file",
                        str(tmp_path / "hanako.token"), "--join", s.match], columns=80,
                       lang=JAPANESE)
            hanako.append((term, asyncio.create_task(terminal_plays(term, pick, top))))
        elif s.status == "playing" and s.ply == 2 and "playing" not in seen:
            seen["playing"] = s.match
            screenshot(app.surface, f"{shot}_playing")
        elif view.my_turn and driver.clicked_ply != s.ply:
            driver.clicked_ply = s.ply
            driver.click_square(app, s.legal[0])
        if s.status == "over" and "over" not in seen:
            seen["over"] = view.result_text()
        if "over" in seen and hanako[0][1].done():  # the last move's animation over too
            screenshot(app.surface, f"{shot}_end")
            return True
        return False

    try:
        await app.run(driver.on_board(script))
        text = await hanako[0][1]
    finally:
        for term, _ in hanako:
            term.close()
    assert re.fullmatch(r"あなたの勝ちです！|花子の勝ちです。|引き分けです。", seen["over"])
    lines = [t for t, *_ in drawn]
    allowed = KEYS | {"taikyoku", "LAN", "English", "test", "server", seen["playing"]}
    commands = [t for t in lines if t.startswith("taikyoku play ")]  # a friend's to type
    assert commands
    assert not [t for t in lines if t not in commands and english([t], allowed)]
    pygame.font.init()  # the window closed it
    for text_, px, bold in {(t, px, bold) for t, px, bold, _ in drawn}:
        assert not missing(text_, px, bold), text_
    record(hanako[0][0], f"ja_people_{game}_terminal_against_the_window")
    assert re.search(r"太郎の勝ち|あなたの勝ち|引き分け", text), text
    if game == "othello":  # discs are counted as flat things are
        assert re.search(r"\d+ 枚返りました。", text) and "個返り" not in text, text
    check_screen(hanako[0][0], text, {"test", "server"})


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", ["tictactoe", "othello"])
@pytest.mark.parametrize("end", ["called off", "abandoned"])
async def test_a_match_nobody_is_left_at_reads_the_same_in_the_window(
        end: str, game: str, lang: str, make_server: MakeServer, connect: ConnectPeer,
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two people start a match (and play a move, for an abandoned one) and both go; the
    window in ``lang`` watching it says the sentence the page and the terminal say."""
    server = await make_server(call_off=0.5, abandon_after=0.5, grace=30)
    taro, hanako = await connect(server, name="Taro"), await connect(server, name="Hanako")
    state = await taro.create(game=game, size=4 if game == "othello" else 3, vs="human")
    code = state["match"]
    await hanako.send(type="join", match=code)
    state = await taro.expect("state", match=code, status="playing")
    use_language(lang)
    app = App(Plan(name="Jiro", server=server.url, watch=code), size=(480, 640),
              settings_file=tmp_path / "settings.json")
    drawn, _ = watch(monkeypatch)
    driver = Driver()
    gone: list[asyncio.Task[None]] = []

    async def both_go() -> None:
        if end == "abandoned":
            await taro.send(type="move", match=code, move=state["legal"][0], ply=0)
            await hanako.expect("state", match=code, ply=1)
        await taro.close()
        await hanako.close()

    def script(app: App, view: MatchView, s: MatchState) -> bool:
        if not gone:
            gone.append(asyncio.create_task(both_go()))
        if s.status != "over":
            return False
        drawn.clear()  # the next frame, drawn whole
        app.step([])
        screenshot(app.surface, f"{lang}_{game}_{end.replace(' ', '_')}_window")
        return True

    await app.run(driver.on_board(script))
    await gone[0]
    shown = re.sub(r"\s", "", "".join(t for t, *_ in drawn))  # lines as broken
    assert re.sub(r"\s", "", NO_WINNER[lang] + ENDS[end][lang]) in shown, shown
