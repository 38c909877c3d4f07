"""The optional features drawn from hand-made states (no server): a busy match in a
wide and a tall window, the flip animation's wiring, what a spectator sees of a
takeback offer, and a window on an older server offering none of them."""

from __future__ import annotations

import time

import msgspec
import pygame
import pytest

from client.common.connection import LinkStatus
from client.common.match_view import clock_words, lobby_line
from client.gui import theme
from client.gui.app import IDLE_FRAME, App
from shared.games.othello import parse_square
from shared.protocol import (
    Analysis,
    ChatLine,
    Clock,
    ClockState,
    Joined,
    MatchSummary,
    PlayerInfo,
    ScoredMove,
    SeatNumber,
    TakebackOffer,
)
from tests.client.client_support import (
    screenshot,
    settle,
    state_after,
    told_every_feature,
    welcome,
)

OPENING = [parse_square(s, 8) for s in ("f5", "d6", "c3", "d3", "c4")]
PEOPLE = [PlayerInfo(0, "Taro", "human", True, "p_me"), PlayerInfo(1, "Hana", "human", True,
                                                                   "p_hana")]


@pytest.fixture
def app(app: App) -> App:
    return told_every_feature(app)


def show(app: App, *messages: object) -> None:
    """The frames taken and one frame drawn, animations left running (unlike
    client_support.show, which draws the board still)."""
    for msg in messages:
        app.take(msg)  # type: ignore[arg-type]
    app.step([])


def painted(app: App, colour: tuple[int, int, int]) -> int:
    mask = pygame.mask.from_threshold(app.surface, colour, (1, 1, 1, 255))
    return int(mask.count())


def busy(app: App, *, seat: SeatNumber | None) -> None:
    """An Othello match between people with a clock, a takeback offer from Hana, hints
    and a few chat lines."""
    s = state_after("othello", 8, OPENING, players=PEOPLE)
    clock = ClockState(180.0, 2.0, [171.3, 12.6], 1)
    offer = TakebackOffer(seat=1, ply=3)  # her d3 and our c4
    s = msgspec.structs.replace(s, hints=True, clock=clock, takeback=offer)
    show(app, Joined("K7QX", seat, "player" if seat is not None else "spectator"), s)
    lines: list[tuple[str, SeatNumber | None, str]] = [
        ("Taro", 0, "good luck!"),
        ("Hana", 1, "you too :) a longer line that has to wrap onto the next line of the box"),
        ("Ken", None, "nice opening")]
    for seq, (name, who, text) in enumerate(lines, start=1):
        player = {"Taro": "p_me", "Hana": "p_hana"}.get(name, "p_ken")
        show(app, ChatLine("K7QX", seq, 0.0, who, player, name, text))


def test_busy_match_wide_and_tall(app: App) -> None:
    busy(app, seat=0)
    view = app.game.view
    assert [c.seq for c in view.chat] == [1, 2, 3]
    show(app, ChatLine("K7QX", 2, 0.0, 1, "p_hana", "Hana", "again"))  # a resent line
    assert [c.seq for c in view.chat] == [1, 2, 3]
    settle(app)
    app.step([])
    screenshot(app.surface, "features_busy_wide")
    assert painted(app, theme.CHAT_BOX) > 0 and painted(app, theme.WARN) > 0  # chat, offer
    assert painted(app, theme.CLOCK_LOW) > 0  # Hana's 12.6 s of 180 is under 18 s
    assert view.takeback_text() == "Hana asks to take back their last move and your reply."
    app.surface = pygame.display.set_mode((620, 1000))
    app.step([])
    screenshot(app.surface, "features_busy_tall")
    assert painted(app, theme.CHAT_BOX) > 0


def test_spectator_sees_the_offer_without_buttons(app: App) -> None:
    busy(app, seat=None)
    view = app.game.view
    assert view.takeback_text() == "Hana asks to take back 2 moves."
    assert not view.offer_to_answer and not view.can_take_back
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_y, mod=0, unicode="y")])
    assert view.state is not None and view.state.takeback is not None  # nothing answered


def test_hints_for_another_position_are_dropped(app: App) -> None:
    s = state_after("othello", 8, OPENING[:4])
    show(app, Joined("K7QX", 0, "player"), s)
    view = app.game.view
    stale = Analysis("K7QX", 3, [ScoredMove(s.legal[0], 2, False, 6)])
    show(app, stale)
    assert view.hints == []
    fresh = Analysis("K7QX", 4, [ScoredMove(m, 4 - i, i == 0, 6) for i, m in
                                 enumerate(s.legal)])
    show(app, fresh)
    assert [h.move for h in view.hints] == s.legal
    show(app, state_after("othello", 8, OPENING))  # a move: the hints go
    assert view.hints == [] and view.analysis is None


def test_discs_turn_over_without_holding_the_board(app: App) -> None:
    before = state_after("othello", 8, OPENING[:4])
    show(app, Joined("K7QX", 0, "player"), before)
    settle(app)
    after = state_after("othello", 8, OPENING)  # c4 turns d4 over
    show(app, after)
    anim = app.game.anim
    assert anim is not None and (anim.before, anim.after) == (before.board, after.board)
    d4 = parse_square("d4", 8)
    halfway = anim.look(d4, anim.start + anim.duration * 0.5)
    assert halfway.width < 1.0  # mid-turn: seen edge-on
    assert anim.look(d4, anim.start + anim.duration).face == "X"
    assert app.game.view.state is after  # the game moved on at once, drawn or not
    assert not anim.running(time.monotonic() + anim.duration)


def test_an_older_server_shows_none_of_them(app: App) -> None:
    app.known.welcome = welcome()  # no features
    s = state_after("othello", 8, OPENING[:4])
    show(app, Joined("K7QX", 0, "player"), s)
    assert painted(app, theme.CHAT_BOX) == 0
    labels = {action.__name__ for _, action in app.ui.hits if hasattr(action, "__name__")}
    assert "takeback" not in labels and "hint" not in labels
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_u, mod=0, unicode="u")])
    assert app.known.notice == ""  # U does nothing there


def test_time_controls_and_lobby_lines_in_words() -> None:
    assert [clock_words(Clock(*c)) for c in ((60, 0), (180, 2), (300, 3), (5, 0), (90, 1.5))] \
        == ["1 min", "3 min +2s", "5 min +3s", "5 s", "90 s +1.5s"]
    hana = PlayerInfo(0, "Hana", "human", True, "p_hana")
    line = lobby_line(MatchSummary("AB3D", "othello", 8, "waiting", [hana], 1, hints=True,
                                   clock=Clock(300, 3)))
    assert line == "AB3D  Othello 8x8: Hana, 5 min +3s clock, hints allowed, 1 watching"


def test_a_dropped_link_lets_the_engine_be_asked_again(app: App) -> None:
    s = msgspec.structs.replace(state_after("othello", 8, OPENING[:4]), hints=True)
    show(app, Joined("K7QX", 0, "player"), s)
    app.game.hint()  # no connection here: only the asking is recorded
    view = app.game.view
    assert view.hint_asked
    show(app, LinkStatus(False, "Connection lost"))
    assert not view.hint_asked


def test_redrawn_when_the_picture_would_go_stale(app: App) -> None:
    show(app, Joined("K7QX", 0, "player"), state_after("othello", 8, OPENING[:4],
                                                       players=PEOPLE))
    s = state_after("othello", 8, OPENING, players=PEOPLE)
    s = msgspec.structs.replace(s, clock=ClockState(180.0, 2.0, [171.3, 9.43], 1))
    show(app, s)
    now = time.monotonic()
    assert app.still_for(now) == 0.0  # the new discs are still turning over
    settle(app)
    view = app.game.view
    shown = view.clocks()
    assert shown is not None
    wait = app.still_for(now)
    assert 0 < wait <= 0.1 and wait == shown.next_change(now)  # 9.4 -> 9.3 soon
    view.state = msgspec.structs.replace(s, clock=None)
    assert app.still_for(now) == IDLE_FRAME  # nothing moves: a few frames a second
    app.known.say("a notice")
    assert not app.step([], redraw=False)  # nothing came: the picture is kept
    assert app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(1, 1), rel=(1, 1),
                                        buttons=(0, 0, 0))], redraw=False)


def test_frames_of_a_match_we_left_are_dropped(app: App) -> None:
    show(app, Joined("K7QX", 0, "player"), state_after("othello", 8, OPENING[:4]))
    app.known.leave_current()
    show(app, ChatLine("K7QX", 1, 0.0, 1, "p_hana", "Hana", "bye"))
    assert "K7QX" not in app.known.views  # so the lobby still lists the match
