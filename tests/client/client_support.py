"""Helpers for the client tests: a headless SDL, hand-made states, screenshots, a driver
that clicks in the window for the person, the terminal client run on a script, and the
contrast of two colours (WCAG's, for what the window and the page draw)."""

from __future__ import annotations

import asyncio
import io
import os
import threading
import time
from collections.abc import Callable, Coroutine, Iterator
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import msgspec
import pygame
import pytest

from client.common.launch import Where
from client.gui.app import App
from shared.protocol import (
    FEATURES,
    PlayerInfo,
    Result,
    SeatNumber,
)
from tests import OUTPUT

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


from client.common.match_view import MatchView  # noqa: E402
from client.common.options import Plan  # noqa: E402
from client.tui import terminal as tui  # noqa: E402
from server.shell.app import GameServer  # noqa: E402
from shared.games import PASS, new_game  # noqa: E402
from shared.protocol import (  # noqa: E402
    BotInfo,
    GameSpec,
    MatchState,
    ServerInfo,
    Welcome,
)

if TYPE_CHECKING:
    from tests.conftest import Peer

from tests.waiting import LIMIT, until  # a scripted game waits as long (each takes about a second)


@pytest.fixture
def app() -> Iterator[App]:
    """A window (1024x720, for "Taro") that knows the usual welcome, closed afterwards."""
    window = App(Plan(name="Taro"), size=(1024, 720))
    window.known.welcome = welcome()
    yield window
    window.close_window()


def welcome() -> Welcome:
    """A welcome like the server's, for drawing screens without one."""
    names = ("random", "greedy", "minimax", "alphabeta", "expert")
    return Welcome(
        protocol=1, player="p_me", token="t", server=ServerInfo("Test server", "0.1.0"),
        games=[GameSpec("tictactoe", [3]), GameSpec("othello", [4, 6, 8])],
        bots=[BotInfo(level, name) for level, name in enumerate(names, start=1)],
    )


def seat(number: int) -> SeatNumber:
    """``number`` (0 or 1) as the protocol types a seat."""
    if number not in (0, 1):
        raise ValueError(f"a seat is 0 or 1, not {number}")
    return 0 if number == 0 else 1


def state_after(
    game: str,
    size: int,
    moves: list[int],
    *,
    code: str = "K7QX",
    me: int = 0,
    players: list[PlayerInfo] | None = None,
    result: Result | None = None,
) -> MatchState:
    """The `state` a server would send after ``moves`` (played by the shared rules)."""
    st = new_game(game, size)
    for m in moves:
        st = st.play(m)
    over = st.is_over or result is not None
    if players is None:  # we ("Taro") play seat ``me`` against the level-3 bot
        players = [PlayerInfo(seat(me), "Taro", "human", True, "p_me"),
                   PlayerInfo(seat(1 - me), "minimax", "bot", True, None, 3)]
    outcome = st.outcome()
    if result is None and outcome is not None:
        result = Result(outcome.winner, outcome.reason, list(outcome.score))  # type: ignore
    return MatchState(
        match=code, game=game, size=size, ply=len(moves), board=st.board,
        to_move=seat(st.to_move), legal=[] if over else [m for m in st.legal_moves() if m != PASS],
        moves=["pass" if m == PASS else m for m in moves],
        status="over" if over else "playing", score=list(st.score()), players=players,
        result=result,
    )


def settle(app: App) -> None:
    """Let the window's board animation (discs turning over) finish, for a still picture."""
    anim = app.game.anim
    if anim is not None:
        app.game.anim = replace(anim, start=anim.start - 10.0)


def show(app: App, *messages: object) -> None:
    """Give the window these frames as if the server sent them, then draw it still."""
    for msg in messages:
        app.take(msg)  # type: ignore[arg-type]
    app.step([])
    settle(app)
    app.step([])


def told_every_feature(app: App) -> App:
    """``app`` told that the server has every optional feature (hints, chat, clocks...)."""
    app.known.welcome = msgspec.structs.replace(welcome(), features=list(FEATURES))
    return app


def screenshot(surface: pygame.Surface, name: str) -> Path:
    """Save the window as tests/output/<name>.png for a person to look at."""
    OUTPUT.mkdir(exist_ok=True)
    path = OUTPUT / f"{name}.png"
    pygame.image.save(surface, str(path))
    return path


def pixel(app: App, pos: tuple[int, int]) -> tuple[int, int, int]:
    """The window's colour at ``pos``, without alpha."""
    return tuple(app.surface.get_at(pos))[:3]  # type: ignore[return-value]


def still_shot(app: App, name: str) -> None:
    """A screenshot of the window with the board at rest (no disc mid-turn)."""
    app.step([])
    settle(app)
    app.step([])
    screenshot(app.surface, name)


def shown(app: App) -> MatchView:
    """The match on screen, which must have a state by now."""
    view = app.known.view
    assert view is not None and view.state is not None
    return view


def ply(app: App) -> int:
    """The ply of the match on screen, -1 before one is shown."""
    view = app.known.view
    return -1 if view is None or view.state is None else view.state.ply


async def joined_by(app: App, peer: Peer) -> str:
    """Once the window shows the match it created (before its first move), ``peer`` joins
    it; the match's code."""
    await until(lambda: ply(app) == 0 and app.game.layout is not None, "the match")
    code = shown(app).code
    await peer.send(type="join", match=code)
    return code


async def play_script(server: GameServer, plan: Plan, script: list[str]) -> str:
    """Run `taikyoku tui` with ``script`` as its input; everything it printed."""
    out = io.StringIO()

    async def find() -> Where:
        return Where(server.url, "the test server")

    code = await asyncio.wait_for(
        tui.run(plan, stdin=io.StringIO("".join(f"{line}\n" for line in script)), out=out,
                find=find), LIMIT)
    assert code == 0, out.getvalue()
    return out.getvalue()


class HeldInput:
    """Scripted lines for the terminal client, held back until ``release``: with
    ``typed_first`` the lines come at once and then the input stays open (a person who
    stops typing, so the client stays in the game until it is killed); without, nothing
    is typed until the release, then the lines, then the input ends."""

    def __init__(self, lines: list[str], typed_first: bool = True) -> None:
        self.lines = lines
        self.typed_first = typed_first
        self._released = threading.Event()

    def isatty(self) -> bool:
        return False

    def __iter__(self) -> Iterator[str]:
        if not self.typed_first:
            self._released.wait(LIMIT)
        yield from (f"{line}\n" for line in self.lines)
        if self.typed_first:
            self._released.wait(LIMIT)

    def release(self) -> None:
        self._released.set()


async def killed_after(server: GameServer, plan: Plan, script: list[str],
                       until: str, times: int = 1) -> str:
    """Run `taikyoku tui` on ``script`` until it has printed ``until`` ``times`` times,
    then kill it as a closed terminal would (no goodbye to the server); its output."""
    out, stdin = io.StringIO(), HeldInput(script)

    async def find() -> Where:
        return Where(server.url, "the test server")

    task = asyncio.create_task(tui.run(plan, stdin=stdin, out=out, find=find))  # type: ignore
    try:
        async with asyncio.timeout(LIMIT):
            while out.getvalue().count(until) < times:
                assert not task.done(), out.getvalue()
                await asyncio.sleep(0.02)
    finally:
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        stdin.release()
    return out.getvalue()


ENGINE_LIMIT = 120.0
"""Seconds an answer of the engine (a hint, a review) may take: a worker that finds the
compiled engine's cache stale compiles it first."""


async def run_scenario(app: App, scenario: Callable[[], Coroutine[Any, Any, None]]) -> None:
    """Run the window until ``scenario`` (which posts events and waits on what the window
    shows) ends; its failure is the test's."""
    task = asyncio.create_task(scenario())
    await app.run(lambda app: task.done())
    await task


def press(key: int, text: str = "") -> None:
    """A key as a person types it: the key, and the character it makes (if any)."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=text))
    if text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))


def click_at(pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))


class Driver:
    """Plays for the person: each frame, looks at the window and maybe posts a click."""

    def __init__(self, limit: float = LIMIT) -> None:
        self.start = time.monotonic()
        self.limit = limit
        self.clicked_ply = -1
        self.seen: tuple[str, int, str] | None = None

    def check_time(self, app: App | None = None) -> None:
        """Fail once ``limit`` seconds pass with nothing new: since the start, or since
        ``app`` last showed a new state (a whole game is many waits, each one bounded;
        the sum of them grows with the game and the machine's load)."""
        view = None if app is None else app.known.view
        if view is not None and view.state is not None:
            seen = (view.state.match, view.state.ply, view.state.status)
            if seen != self.seen:
                self.seen, self.start = seen, time.monotonic()
        assert time.monotonic() - self.start < self.limit, "the scripted game stood still"

    def board_shown(self, app: App) -> MatchView | None:
        """The match on screen once it has a state and its board is laid out (else None);
        checks the time limit too, as every script's first step."""
        self.check_time(app)
        view = app.known.view
        if view is None or view.state is None or app.game.layout is None:
            return None
        return view

    def on_board(self, step: Callable[[App, MatchView, MatchState], bool],
                 ) -> Callable[[App], bool]:
        """A window script that hands ``step`` every frame that shows a match's board: the
        window, the match's view and its state; ``step`` says when the script is done.
        Until a board is shown the window runs on (within the time limit)."""
        def script(app: App) -> bool:
            view = self.board_shown(app)
            return view is not None and view.state is not None and step(app, view, view.state)
        return script

    def click_square(self, app: App, square: int) -> None:
        lay = app.game.layout
        assert lay is not None
        click_at(lay.square_rect(square).center)


def contrast(a: Colour, b: Colour) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


Colour = tuple[int, int, int]


def luminance(c: Colour) -> float:
    """WCAG 2's relative luminance of an sRGB colour."""
    def linear(v: int) -> float:
        s = v / 255
        return s / 12.92 if s <= 0.03928 else ((s + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(v) for v in c)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b
