"""Every letter the window draws reads against what lies under it: WCAG 2's contrast
ratio of at least 4.5:1 for text, 3:1 for large text (24 px, or bold from 19 px).

Measured on the screens as drawn, not on a list of colours: every line goes through
theme.draw_text, which the test watches; the background is the commonest colour of the
window under the line just before it is drawn (a button, a plate, the felt, the paper).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import msgspec
import numpy as np
import pygame
import pytest

from client.common.connection import LinkStatus
from client.common.launch import Where
from client.common.match_view import game_label
from client.gui import theme
from client.gui.app import App
from client.gui.widgets import Ui
from shared.games import catalogue
from shared.games.othello import parse_square
from shared.protocol import (
    FEATURES,
    Analysis,
    ChatLine,
    ClockState,
    Joined,
    MatchSummary,
    PlayerInfo,
    PlyReview,
    Result,
    Review,
    ScoredMove,
    TakebackOffer,
)
from tests.client.client_support import (
    Colour,
    contrast,
    screenshot,
    seat,
    show,
    state_after,
    welcome,
)

OPENING = [parse_square(s, 8) for s in ("f5", "d6", "c3", "d3", "c4")]
PEOPLE = [PlayerInfo(0, "Taro", "human", True, "p_me"),
          PlayerInfo(1, "Hana", "human", False, "p_hana")]


@dataclass(frozen=True)
class Drawn:
    text: str
    fg: Colour
    bg: Colour
    px: int
    bold: bool

    @property
    def large(self) -> bool:
        return self.px >= 24 or (self.bold and self.px >= 19)

    @property
    def ratio(self) -> float:
        return contrast(self.fg, self.bg)






def test_the_ratio_is_wcags() -> None:
    assert contrast((0, 0, 0), (255, 255, 255)) == pytest.approx(21.0)
    assert contrast((118, 118, 118), (255, 255, 255)) == pytest.approx(4.54, abs=0.01)
    assert contrast((40, 40, 40), (40, 40, 40)) == 1.0


@pytest.fixture
def drawn(app: App, monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Drawn]]:
    """Every line of text the window draws from now on, with what lay under it."""
    seen: list[Drawn] = []
    real = theme.draw_text

    def watch(surface: pygame.Surface, text: str, px: int, colour: Colour,
              bold: bool = False, **anchor: tuple[int, int]) -> pygame.Rect:
        where = pygame.Rect((0, 0), theme.font(px, bold).size(text))
        for name, pos in anchor.items():
            setattr(where, name, pos)
        where = where.clip(surface.get_rect())
        if text.strip() and where.width and where.height:
            under = pygame.surfarray.array3d(surface.subsurface(where)).reshape(-1, 3)
            colours, counts = np.unique(under, axis=0, return_counts=True)
            bg = tuple(int(v) for v in colours[counts.argmax()])
            seen.append(Drawn(text, tuple(colour[:3]), bg, px, bold))  # type: ignore[arg-type]
        return real(surface, text, px, colour, bold, **anchor)

    monkeypatch.setattr(theme, "draw_text", watch)
    yield seen


def hover(monkeypatch: pytest.MonkeyPatch, pos: tuple[int, int]) -> None:
    """The mouse over ``pos`` (the dummy video driver has no mouse of its own)."""
    monkeypatch.setattr(Ui, "hovered_pos", property(lambda self: pos))


def every_screen(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """The start screen (against the bot and a person, buttons hovered), a busy match
    with hints, clocks, a takeback offer, a refusal and chat; a reviewed game with a
    mistake shown; tic-tac-toe's paper with hints; the link-down strip. Each is saved
    as tests/output/window_<screen>_<size>.png."""
    w, h = app.surface.get_size()

    def shot(name: str) -> None:
        screenshot(app.surface, f"window_{name}_{w}x{h}")

    app.known.welcome = msgspec.structs.replace(welcome(), features=list(FEATURES))
    app.startup.where = Where("ws://127.0.0.1:8765", "this computer",
                              share="ws://192.0.2.7:8765")
    hana = PlayerInfo(0, "Hana", "human", True, "p_hana")
    app.known.lobby = [MatchSummary("AB3D", "othello", 8, "waiting", [hana], 0),
                       MatchSummary("QW9E", "othello", 8, "playing", PEOPLE, 2)]
    app.known.say("Type the match code your friend sees on their screen.")
    app.step([])
    shot("start")
    for rect, _ in list(app.ui.hits):  # every button hovered once, selected ones too
        hover(monkeypatch, rect.center)
        app.step([])
    hover(monkeypatch, (-1, -1))
    app.lobby.set_vs("human")
    app.step([])
    s = state_after("othello", 8, OPENING[:4], players=PEOPLE)
    s = msgspec.structs.replace(s, hints=True, takeback=TakebackOffer(seat=1, ply=3),
                                clock=ClockState(180.0, 2.0, [171.3, 12.6], 0))
    show(app, Joined("K7QX", 0, "player"), s,
         Analysis("K7QX", 4, [ScoredMove(m, 4 - 3 * i, i == 0, 6)
                              for i, m in enumerate(s.legal)]),
         ChatLine("K7QX", 1, 0.0, 1, "p_hana", "Hana", "good luck"),
         ChatLine("K7QX", 2, 0.0, None, "p_ken", "Ken", "nice"))
    app.known.say("d4 is already taken.")
    app.step([])
    shot("hints_chat")
    over = state_after("othello", 8, OPENING, players=PEOPLE,
                       result=Result(winner=1, reason="resign", score=[3, 1]))
    show(app, over, Review("K7QX", [PlyReview(k, seat(k % 2), m, m, 2, k, False, 8, k % 3)
                                    for k, m in enumerate(OPENING)]))
    for back in range(len(OPENING)):
        app.game.step(None, back)
        app.step([])
    shot("review")
    ttt = msgspec.structs.replace(state_after("tictactoe", 3, [4, 0], code="QW9E"), hints=True)
    show(app, Joined("QW9E", 0, "player"), ttt,
         Analysis("QW9E", 2, [ScoredMove(m, 1 - i % 3, True, 9)
                              for i, m in enumerate(ttt.legal)]))
    show(app, LinkStatus(False, "Connection lost; reconnecting in 2.0 s..."))


@pytest.mark.parametrize("size", [(1024, 720), (1280, 800), (480, 640)])
def test_the_start_screen_names_every_game_whole(
        app: App, drawn: list[Drawn], size: tuple[int, int]) -> None:
    """A label too long for its button is drawn smaller before it is cut: the games
    read "Othello 4x4", "Othello 6x6", "Othello 8x8", never three "Othello…"."""
    app.surface = pygame.display.set_mode(size, pygame.RESIZABLE)
    app.step([])
    labels = {line.text for line in drawn}
    assert {game_label(info.name, n) for info, n in catalogue()} <= labels, sorted(labels)


@pytest.mark.parametrize("size", [(1280, 800), (480, 640)])
def test_every_line_of_text_reads_against_its_background(
        app: App, drawn: list[Drawn], monkeypatch: pytest.MonkeyPatch,
        size: tuple[int, int]) -> None:
    app.surface = pygame.display.set_mode(size, pygame.RESIZABLE)
    every_screen(app, monkeypatch)
    assert len({d.text for d in drawn}) > 100  # the screens were drawn, words and all
    texts = {d.text.strip() for d in drawn}
    assert {"+4", "best", "Resign", "good luck", "win", "Matches to watch"} <= texts
    poor = sorted({(round(d.ratio, 2), d.text, d.fg, d.bg) for d in drawn
                   if d.ratio < (3.0 if d.large else 4.5)})
    assert poor == []
