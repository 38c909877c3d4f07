"""The phone is the page's first screen (issue 16), in Chromium at 360x640, 390x844 and
844x390 with touch: the board, both players with their counts and clocks, whose turn it
is and the last move stay on the first screen, unscrolled, after every move of a whole
game; the lobby's Play (and Resume) are reached without scrolling and remember the last
game's choices; a chat line that arrives out of sight puts a badge beside whose turn it is.
Screenshots go to tests/output/web_phone_*.png, for a person to look at.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from client.common.connection import Connection
from shared.protocol import Chat, Joined
from tests.client.web.web_actions import (
    Person,
    box,
    choose,
    enter,
    fits,
    in_view,
    join_from_lobby,
    match_code,
    moves_shown,
    patient_expect,  # noqa: F401 (this module's waits)
    settled,
)
from tests.client.web.web_looks import covered_by
from tests.client.web.web_support import OpenPage, ThreadedServer, screenshot

SIZES = ["phone_360x640", "phone_390x844", "phone_844x390"]
FIRST_SCREEN = ["svg.board", ".seat[data-seat='0']", ".seat[data-seat='1']"]
"""What a player must see without scrolling, besides whose turn it is and the last move."""






def unscrolled(page: Page) -> None:
    assert page.evaluate("[scrollX, scrollY]") == [0, 0], "the page scrolled by itself"


def first_screen(page: Page) -> None:
    """The game's first screen: unscrolled, the board, both players with their clocks,
    whose turn it is (or the result) and the last move in view."""
    unscrolled(page)
    in_view(page, *FIRST_SCREEN, ".seat .clock", ".turn, .result", ".last-move")


def square_size(page: Page) -> float:
    """One square's width on screen, in CSS pixels."""
    square = box(page, "svg.board .hit")
    assert square is not None
    return square["width"]


@pytest.mark.parametrize(("viewport", "label", "size"), [
    ("phone_360x640", "Othello 8x8", 8), ("phone_390x844", "Othello 6x6", 6),
    ("phone_844x390", "Othello 8x8", 8)])
def test_a_whole_game_on_a_phone_never_moves_the_board(web_server: ThreadedServer,
                                                       open_page: OpenPage, viewport: str,
                                                       label: str, size: int) -> None:
    page = open_page(viewport)
    enter(page, web_server, "Taro")
    unscrolled(page)
    in_view(page, "#play")
    screenshot(page, f"web_{viewport}_lobby")
    choose(page, label, "The computer (bot)", "1 Beginner", "You", "5 min +3s")
    assert covered_by(page, "#play") == []  # Play follows the choices, over none of them
    page.locator("#play").tap()
    expect(page.locator(".turn")).to_have_text("Your move (Black)")
    first_screen(page)
    side = page.viewport_size
    assert side is not None
    # the squares as large as the screen allows: the board spans the narrow side
    assert square_size(page) * size >= 0.85 * min(side["width"], side["height"])

    ours = page.locator("svg.board.playable .hit.legal")
    result = page.locator(".result")
    played = 0
    while True:
        expect(result.or_(ours.first)).to_be_visible()
        if result.count():
            break
        before = moves_shown(page)
        ours.first.tap()
        expect(page.locator(".moves h3")).not_to_have_text(f"Moves ({before})")
        played += 1
        first_screen(page)
        if played in (1, 10):
            settled(page)
            screenshot(page, f"web_{viewport}_move{played}")
    settled(page)
    screenshot(page, f"web_{viewport}_over")
    first_screen(page)
    in_view(page, "#rematch")  # what comes next is in reach too
    fits(page)

    # looking back: the person scrolls to the move list (upright) and taps a move; the
    # tap itself scrolls nothing, and the players' counts are that position's
    third = page.locator(".move-list .move").nth(2)
    third.scroll_into_view_if_needed()
    where = page.evaluate("scrollY")
    third.tap()
    expect(page.locator(".last-move")).to_contain_text("Shown: 3. Black")
    assert page.evaluate("scrollY") == where
    expect(page.locator(".seat .score")).to_have_text(["5", "2"])  # the start, 3 moves on
    page.evaluate("window.scrollTo(0, 0)")
    page.locator(".aside").evaluate("a => a.scrollTo(0, 0)")
    first_screen(page)
    screenshot(page, f"web_{viewport}_looking_back")
    page.locator("#live").tap()
    expect(page.locator(".last-move")).to_contain_text("Last move:")
    first_screen(page)


def test_a_returning_player_reaches_play_and_resume_without_scrolling(
        web_server: ThreadedServer, open_page: OpenPage) -> None:
    page = open_page("phone_360x640")
    enter(page, web_server, "Taro")
    about = page.locator(".new-game .about")
    expect(about).to_contain_text("Othello 8x8 against the bot, level 3 Intermediate")
    choose(page, "Tic-tac-toe", "The computer (bot)", "1 Beginner", "The bot", "1 min")
    expect(about).to_have_text("Tic-tac-toe against the bot, level 1 Beginner"
                               "The bot moves first · 1 min clock.")
    page.locator("#play").tap()
    expect(page.locator(".seat").nth(1)).to_contain_text("O: You (Taro)")
    first = match_code(page)
    token = page.evaluate("localStorage.getItem('taikyoku.token')")

    async def second_game() -> str:  # the same player starts another game elsewhere
        async with Connection(web_server.url, "Taro", token=token, reconnect=False) as conn:
            await conn.create("othello", size=4, vs="bot", seat="first")
            while True:
                msg = await conn.recv(timeout=10)
                if isinstance(msg, Joined) and msg.match != first:
                    return msg.match

    second = web_server.run(second_game())
    page.reload()  # two unfinished games: the lobby, with both to resume and Play
    expect(page.locator(".mine li")).to_have_count(2)
    unscrolled(page)
    for row in (1, 2):
        in_view(page, f".mine li:nth-child({row}) button")
    in_view(page, "#play")
    expect(page.locator("details.change")).not_to_have_attribute("open", "")
    expect(about).to_contain_text("Tic-tac-toe against the bot, level 1 Beginner")  # remembered
    fits(page)
    screenshot(page, "web_phone_360x640_lobby_returning")
    page.locator(".mine li").filter(has_text=second).get_by_role("button", name="Resume").tap()
    assert match_code(page) == second
    expect(page.locator(".turn")).to_have_text("Your move (Black)")
    first_screen_without_clock(page)


def first_screen_without_clock(page: Page) -> None:
    unscrolled(page)
    in_view(page, *FIRST_SCREEN, ".turn")


def test_a_chat_line_out_of_sight_shows_a_badge(web_server: ThreadedServer,
                                                open_page: OpenPage) -> None:
    hana = Person(web_server, "Hana")
    code = hana.create(game="othello", size=8, vs="human", seat="second")
    page = open_page("phone_360x640")
    enter(page, web_server, "Taro")
    join_from_lobby(page, code)
    expect(page.locator(".turn")).to_have_text("Your move (Black)")
    badge = page.locator("#chat-badge")
    expect(badge).to_be_hidden()

    hana.send(Chat(match=code, text="good luck!"))
    expect(badge).to_be_visible()
    expect(badge).to_have_text("Chat 1")
    expect(badge).to_have_attribute("aria-label", "1 new chat message: show the chat")
    first_screen_without_clock(page)  # the line came; the board stayed where it was
    in_view(page, "#chat-badge")
    hana.send(Chat(match=code, text="have fun"))
    expect(badge).to_have_text("Chat 2")
    screenshot(page, "web_phone_360x640_chat_badge")

    badge.tap()  # the person asks for the chat: it comes into view, the badge goes
    expect(badge).to_be_hidden()
    expect(page.locator(".chat-lines")).to_contain_text("Hana: have fun")
    expect(page.locator(".chat-lines")).to_be_in_viewport()
    page.locator("#chat-text").fill("thanks")  # our own line while in sight: no badge
    page.locator("#chat-send").tap()
    expect(page.locator(".chat-lines")).to_contain_text("You: thanks")
    hana.send(Chat(match=code, text="your move"))  # seen as it comes: no badge either
    expect(page.locator(".chat-lines")).to_contain_text("Hana: your move")
    expect(badge).to_be_hidden()

    page.evaluate("window.scrollTo(0, 0)")  # back to the board: news counts again
    hana.send(Chat(match=code, text="still there?"))
    expect(badge).to_have_text("Chat 1")
    hana.close()


@pytest.mark.parametrize("viewport", ["tablet_768x1024", "tablet_1024x768"])
def test_a_tablet_either_way_gives_the_board_the_room(web_server: ThreadedServer,
                                                       open_page: OpenPage,
                                                       viewport: str) -> None:
    page = open_page(viewport)
    enter(page, web_server, "Taro")
    in_view(page, "#play")
    choose(page, "Othello 8x8", "The computer (bot)", "1 Beginner", "You")
    page.locator("#play").tap()
    expect(page.locator(".turn")).to_have_text("Your move (Black)")
    page.locator("svg.board.playable .hit.legal").first.tap()
    expect(page.locator(".moves h3")).to_have_text("Moves (2)")
    first_screen_without_clock(page)
    in_view(page, ".last-move")
    board = box(page, "svg.board")
    side = page.viewport_size
    assert board is not None and side is not None
    assert board["width"] >= 0.7 * min(side["width"], side["height"])
    screenshot(page, f"web_{viewport}")


def test_names_in_the_seats_are_not_cut_short_on_a_small_phone(web_server: ThreadedServer,
                                                                open_page: OpenPage) -> None:
    hana = Person(web_server, "Hanako Yamada")
    code = hana.create(game="othello", size=8, vs="human", seat="second")
    page = open_page("phone_360x640")
    enter(page, web_server, "Taro")
    join_from_lobby(page, code)
    name = page.locator(".seat[data-seat='1'] .name")
    expect(name).to_have_text("Hanako Yamada")
    clipped = name.evaluate("n => n.scrollHeight > n.clientHeight + 1")
    assert not clipped, "the opponent's name is cut off"
    assert re.fullmatch(r"[A-Z0-9]{6}", code)
    first_screen_without_clock(page)
    hana.close()
