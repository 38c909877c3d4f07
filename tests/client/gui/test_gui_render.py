"""The window draws every screen from hand-made states (no server), saved as PNGs in
tests/output/ for a person to look at; the asserts check pixels and click regions."""

from __future__ import annotations

import msgspec
import pygame
import pytest

from client.common.connection import LinkStatus
from client.common.launch import Where
from client.gui import theme
from client.gui.app import App
from client.gui.board import Layout
from shared.games import get_game
from shared.games.othello import parse_square
from shared.protocol import Joined, Lobby, MatchSummary, PlayerInfo, Result, ServerMessage
from tests.client.client_support import pixel, screenshot, settle, state_after


def show(app: App, *states: ServerMessage | LinkStatus) -> None:
    for msg in states:
        app.known.handle(msg)
    app.step([])


def click(app: App, pos: tuple[int, int]) -> None:
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos)])


def test_start_screen(app: App) -> None:
    taro = PlayerInfo(0, "Taro", "human", True, "p_1")
    bot = PlayerInfo(1, "expert", "bot", True, None, 5)
    hanako = PlayerInfo(0, "Hanako", "human", True, "p_2")
    app.known.lobby = [
        MatchSummary("AB3D", "othello", 8, "waiting", [hanako], 0),
        MatchSummary("QW9E", "tictactoe", 3, "playing", [taro, bot], 2),
    ]
    app.step([])
    screenshot(app.surface, "start_screen")
    # every choice is a button: pick Othello 6x6 with the keyboard, a person by click
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_3, mod=0, unicode="3")])
    assert (app.lobby.choice.game, app.lobby.choice.size) == ("othello", 6)
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_p, mod=0, unicode="p")])
    assert app.lobby.choice.vs == "human"
    # the name box takes typing without triggering shortcuts
    app.ui.focus = app.lobby.name
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode=""),
              pygame.event.Event(pygame.KEYDOWN, key=pygame.K_b, mod=0, unicode="b"),
              pygame.event.Event(pygame.TEXTINPUT, text="b")])
    assert app.lobby.name.text == "Tarb"
    assert app.lobby.choice.vs == "human"
    screenshot(app.surface, "start_screen_person")


def test_start_screen_names_the_levels_in_players_words(app: App,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """The level buttons and the line over them say what the web page and the terminal
    say (shared.ai.levels.level_words), not the engines' names."""
    drawn: list[str] = []
    cut: list[str] = []  # what did not fit even at the smallest size text() allows
    heights: dict[str, int] = {}
    text = app.ui.text

    def record(words: str, pos: tuple[float, float], px: float, *a: object,
               max_width: float | None = None, **k: object) -> pygame.Rect:
        drawn.append(words)
        smallest = theme.font(max(theme.MIN_FONT, int(px * 0.8)), bool(k.get("bold")))
        if max_width is not None and smallest.size(words)[0] > max_width:
            cut.append(words)
        rect = text(words, pos, px, *a, max_width=max_width, **k)  # type: ignore[arg-type]
        heights[words] = rect.height
        return rect

    monkeypatch.setattr(app.ui, "text", record)
    app.lobby.set_level(5)
    app.step([])
    assert "Bot level: 5 Expert: the engine at full strength" in drawn
    assert [w for w in drawn if w[:2] in ("1 ", "3 ", "5 ")] == [
        "1 Beginner", "3 Intermediate", "5 Expert"]
    assert not [w for w in cut if w[:2] in ("1 ", "2 ", "3 ", "4 ", "5 ")]  # never "3 Interme..."
    # one size for the whole row: the longest label is not drawn smaller than the others
    assert len({h for w, h in heights.items() if w[:2] in ("1 ", "2 ", "3 ", "4 ", "5 ")}) == 1


def test_tictactoe_position(app: App) -> None:
    state = state_after("tictactoe", 3, [4, 0, 8], me=1)
    show(app, Joined("K7QX", 1, "player"), state)
    screenshot(app.surface, "tictactoe_position")
    lay = app.game.layout
    assert lay is not None and lay.n == 3
    # X (seat 0) in the centre, drawn in red strokes; O in a corner in blue
    centre = lay.square_rect(4)
    assert any(pixel(app, (x, x - centre.left + centre.top)) == theme.X_INK
               for x in range(centre.left, centre.right))
    assert app.game.view.turn_text() == "Your move (O)"
    click(app, lay.square_rect(4).center)  # taken: nothing is sent, a reason is shown
    assert app.known.notice == "Slot 4 is already taken."


def test_othello_position(app: App) -> None:
    moves = [parse_square(s, 8) for s in ("f5", "d6", "c3", "d3", "c4")]
    show(app, Joined("K7QX", 1, "player"), state_after("othello", 8, moves[:4], me=1))
    show(app, state_after("othello", 8, moves, me=1))  # c4 flips d4 (white to black)
    settle(app)
    app.step([])
    screenshot(app.surface, "othello_position")
    view, lay = app.game.view, app.game.layout
    assert lay is not None
    assert view.flipped == {parse_square("d4", 8)}
    assert view.last_move == parse_square("c4", 8)
    for name in ("c4", "d4", "e4"):  # black discs (c4 has the red last-move dot inside)
        x, y = lay.square_rect(parse_square(name, 8)).center
        assert pixel(app, (x + lay.cell // 4, y)) == theme.BLACK_DISC
    assert view.state is not None
    for square in view.state.legal:  # legal moves are marked with a dot on the felt
        assert pixel(app, lay.square_rect(square).center) != theme.FELT
    assert pixel(app, lay.square_rect(parse_square("a1", 8)).center) == theme.FELT
    click(app, lay.square_rect(parse_square("a1", 8)).center)
    assert "flips nothing" in app.known.notice



def test_a_move_typed_on_the_board_is_played(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    sent: list[int] = []
    monkeypatch.setattr(app, "move", sent.append)
    moves = [parse_square(s, 8) for s in ("f5", "d6", "c3", "d3", "c4")]
    show(app, Joined("K7QX", 1, "player"), state_after("othello", 8, moves, me=1))
    typed = [pygame.event.Event(pygame.TEXTINPUT, text=t) for t in ("9", "a", "1")]
    app.step(typed)  # a stray digit, then a1, which flips nothing
    assert sent == [] and "a1 flips nothing" in app.known.notice
    app.step([pygame.event.Event(pygame.TEXTINPUT, text=t) for t in ("b", "f", "5")])
    assert sent == []  # b is dropped for f; f5 is taken
    assert app.known.notice == "f5 is already taken."
    app.step([pygame.event.Event(pygame.TEXTINPUT, text=t) for t in ("f", "3")])
    assert sent == [parse_square("f3", 8)]  # a legal move: played
    show(app, Joined("QW9E", 0, "player"), state_after("tictactoe", 3, [4, 0], code="QW9E"))
    app.step([pygame.event.Event(pygame.TEXTINPUT, text="4")])
    assert app.known.notice == "Slot 4 is already taken."
    app.step([pygame.event.Event(pygame.TEXTINPUT, text="7")])
    assert sent[-1] == 7


def test_finished_game_and_review(app: App) -> None:
    state = state_after("tictactoe", 3, [0, 4, 1, 8, 2])  # X wins on the top row
    assert state.result is not None and state.result.winner == 0
    show(app, Joined("K7QX", 0, "player"), state)
    screenshot(app.surface, "tictactoe_won")
    assert app.game.view.result_text() == "You won!"
    assert get_game("tictactoe").look.winning_line(state.board, 3) == (0, 1, 2)
    lost = Result(winner=1, reason="resign", score=[3, 1])
    over = state_after("othello", 8, [parse_square("f5", 8)], code="ZZ99", result=lost)
    show(app, Joined("ZZ99", 0, "player"), over)
    app.game.step(None, 0)  # stepping back shows the start position
    app.step([])
    settle(app)  # f5 shrinks away over a quarter second: the picture once it has gone
    app.step([])
    screenshot(app.surface, "othello_resigned_review")
    assert app.game.view.result_text() == "The bot won."
    assert app.game.view.reason_text() == "You resigned."
    lay = app.game.layout
    assert lay is not None
    assert pixel(app, lay.square_rect(parse_square("f5", 8)).center) == theme.FELT
    app.game.step(1)
    assert app.game.looking is None  # past the last move is the live board again


def test_looking_back_marks_what_each_move_turned_over(app: App) -> None:
    moves = [parse_square(s, 8) for s in ("f5", "d6", "c3", "d3", "c4", "f4")]
    show(app, Joined("K7QX", 0, "player"), state_after("othello", 8, moves))
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0)])  # to c4
    screenshot(app.surface, "othello_review")
    lay = app.game.layout
    assert lay is not None and app.game.looking == 5
    x, y = lay.square_rect(parse_square("d4", 8)).center  # c4 turned d4 over: ringed
    ring = lay.cell * 42 // 100
    assert any(pixel(app, (x + ring + d, y)) == theme.FLIP_RING for d in range(-1, 3))
    x, y = lay.square_rect(parse_square("e5", 8)).center  # e5 was not turned by c4
    assert all(pixel(app, (x + ring + d, y)) != theme.FLIP_RING for d in range(-1, 3))


def test_narrow_window_and_lobby_lines(app: App) -> None:
    app.surface = pygame.display.set_mode((520, 760), pygame.RESIZABLE)
    moves = [parse_square(s, 6) for s in ("b3",)]
    show(app, Lobby([]), Joined("K7QX", 1, "player"), state_after("othello", 6, moves, me=1))
    screenshot(app.surface, "othello6_narrow")
    lay = app.game.layout
    assert isinstance(lay, Layout) and lay.grid.right <= 520 and lay.n == 6


def test_link_down_and_opponent_offline(app: App) -> None:
    people = [PlayerInfo(0, "Taro", "human", True, "p_me"),
              PlayerInfo(1, "Hanako", "human", False, "p_2")]
    state = state_after("othello", 8, [parse_square("f5", 8)], players=people)
    show(app, Joined("K7QX", 0, "player"), state, LinkStatus(False, (
        "Connection lost (no server at ws://192.0.2.7:8765: the connection was refused (is "
        "`taikyoku serve` running there, on that port?)); reconnecting in 2.0 s...")))
    screenshot(app.surface, "link_down")
    assert pixel(app, (2, 2)) == theme.LINK_DOWN  # the banner across the top
    u = theme.unit(app.surface.get_size())
    assert pixel(app, (2, int(u * 4.6))) == theme.LINK_DOWN  # tall enough for the countdown
    lay = app.game.layout
    assert lay is not None and lay.grid.top > app.banner()[0]  # the board is not under it
    assert app.game.view.turn_text() == "Waiting for Hanako (White), who is offline"
    show(app, LinkStatus(True, "Reconnected."))
    assert pixel(app, (2, 2)) == theme.BG


def test_waiting_for_a_friend_shows_the_code(app: App) -> None:
    app.startup.where = Where("ws://127.0.0.1:8765", "this computer", share="ws://192.0.2.7:8765")
    alone = [PlayerInfo(0, "Taro", "human", True, "p_me")]
    state = msgspec.structs.replace(state_after("tictactoe", 3, [], players=alone),
                                    status="waiting", legal=[])
    show(app, Joined("K7QX", 0, "player"), state)
    screenshot(app.surface, "waiting_for_friend")
    assert app.game.view.turn_text() == "Waiting for an opponent to join."
    click(app, app.game.layout.square_rect(4).center)  # type: ignore[union-attr]
    assert app.known.notice == "Wait for an opponent to join first."
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0)])
    assert app.known.view is None  # Cancel needs no second press: nothing is lost


def test_start_screen_in_a_small_portrait_window(app: App) -> None:
    app.surface = pygame.display.set_mode((480, 640), pygame.RESIZABLE)
    app.step([])
    screenshot(app.surface, "start_screen_small")
    buttons = [rect for rect, _ in app.ui.hits]
    assert buttons and all(app.surface.get_rect().contains(r) for r in buttons)
