"""The window's smallest sizes (client/gui/app.py MIN_SIDE, MIN_LONG_SIDE; docs/playing.md):
at 480x360, its documented minimum, almost every label of the start screen was cut, and
the form stacked over the matches overlapped its own rows. At 640x480 and 480x640 the
start screen (against the bot and a person, matches listed) and a match (against the
bot, and a person who went offline) read whole in English and Japanese: no line cut
short with "…", no line's letters over another's. Screenshots in tests/output/."""

from __future__ import annotations

import msgspec
import pygame
import pytest

from client.common.launch import Where
from client.common.options import Vs
from client.common.words import use_language
from client.gui import theme
from client.gui.app import App, allowed_size
from shared.games.othello import parse_square
from shared.protocol import ChatLine, ClockState, Joined, MatchSummary, PlayerInfo
from tests.client.client_support import screenshot, show, state_after, told_every_feature

OPENING = [parse_square(s, 8) for s in ("f5", "d6", "c3", "d3", "c4")]
HANA = PlayerInfo(0, "Hana", "human", True, "p_hana")
KEN = PlayerInfo(1, "Ken", "human", True, "p_ken")
AWAY = [PlayerInfo(0, "Taro", "human", True, "p_me"),
        PlayerInfo(1, "山田 花子", "human", False, "p_hana")]

Drawn = list[tuple[str, pygame.Rect]]


def watch(app: App, monkeypatch: pytest.MonkeyPatch) -> Drawn:
    """Each line the next frames draw on the window, with the rect its letters' ink covers."""
    drawn: Drawn = []
    real = theme.draw_text

    def drawing(surface: pygame.Surface, text: str, px: int, colour: tuple[int, int, int],
                bold: bool = False, **anchor: tuple[int, int]) -> pygame.Rect:
        rect = real(surface, text, px, colour, bold, **anchor)
        ink = theme.font(px, bold, text).render(text, True, colour).get_bounding_rect()
        if surface is app.surface and ink.width and ink.height:
            drawn.append((text, ink.move(rect.topleft)))
        return rect

    monkeypatch.setattr(theme, "draw_text", drawing)
    return drawn


def assert_reads_whole(drawn: Drawn) -> None:
    """No line cut short, none drawn over another."""
    assert not [t for t, _ in drawn if t.endswith("…")]
    over = [(a, b) for i, (a, ra) in enumerate(drawn) for b, rb in drawn[i + 1:]
            if ra.colliderect(rb)]
    assert not over, over


@pytest.mark.parametrize(("asked", "given"), [
    ((480, 360), (640, 480)), ((400, 300), (640, 480)), ((600, 500), (640, 500)),
    ((470, 600), (480, 640)), ((500, 500), (640, 500)), ((520, 700), (520, 700))])
def test_the_window_takes_no_size_below_its_smallest(app: App, asked: tuple[int, int],
                                                     given: tuple[int, int]) -> None:
    """Dragged smaller, the window takes the nearest size it reads whole at."""
    assert allowed_size(*asked) == given
    app.step([pygame.event.Event(pygame.VIDEORESIZE, w=asked[0], h=asked[1], size=asked)])
    if given != asked:
        assert app.surface.get_size() == given


@pytest.mark.parametrize("size", [(640, 480), (480, 640)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("vs", ["bot", "human"])
def test_the_start_screen_and_a_match_read_whole_at_the_smallest_size(
        app: App, size: tuple[int, int], lang: str, vs: Vs,
        monkeypatch: pytest.MonkeyPatch) -> None:
    use_language(lang)
    try:
        app.surface = pygame.display.set_mode(size, pygame.RESIZABLE)
        told_every_feature(app).lobby.set_vs(vs)
        app.startup.where = Where("ws://127.0.0.1:8765", "this computer",
                                  share="ws://192.0.2.7:8765")
        app.known.lobby = [MatchSummary("AB3D", "othello", 8, "waiting", [HANA], 0),
                           MatchSummary("QW9E", "othello", 8, "playing", [HANA, KEN], 2)]
        drawn = watch(app, monkeypatch)
        app.step([])
        name = f"{size[0]}x{size[1]}_{lang}_{vs}"
        screenshot(app.surface, f"smallest_start_{name}")
        assert_reads_whole(drawn)
        assert any("Ken" in t for t, _ in drawn)  # the match to watch is listed
        s = msgspec.structs.replace(
            state_after("othello", 8, OPENING, players=None if vs == "bot" else AWAY),
            hints=True, clock=ClockState(180.0, 2.0, [171.3, 12.6], 1))
        show(app, Joined("K7QX", 0, "player"), s,
             ChatLine("K7QX", 1, 0.0, 1, "p_hana", "Hana", "good luck, have fun!"))
        drawn.clear()
        app.step([])
        screenshot(app.surface, f"smallest_match_{name}")
        assert_reads_whole(drawn)
    finally:
        use_language("en")
