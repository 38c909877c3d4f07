"""What the page says, and when it stops saying it (issue 26), in Chromium against a real
game server: a hint and a refusal belong to the position they were given for and go when
the game ends; a blank name is told the name the server makes up; leaving a game that
counts as a loss says so before and after; while the link is down its strip moves
nothing under it and the buttons that would send wait for the link.
"""

from __future__ import annotations

import re

from playwright.sync_api import Page, WebSocketRoute, expect

from tests.client.web.web_actions import (
    enter,
    match_code,
    patient_expect,  # noqa: F401 (this module's waits)
    start_game,
)
from tests.client.web.web_support import OpenPage, ThreadedServer, screenshot


def test_a_hint_and_a_refusal_go_when_the_game_ends(warm_web_server: ThreadedServer,
                                                     open_page: OpenPage) -> None:
    page = open_page("phone_390x844")
    start_game(page, warm_web_server, "Taro",
               "Othello 6x6", "The computer (bot)", "1 Beginner", "You", tap=True)
    expect(page.locator(".turn")).to_have_text("Your move (Black)")
    page.locator("#hint").tap()
    expect(page.locator("svg.board text.hint").first).to_be_visible()
    expect(page.locator(".hint-note")).to_have_text(
        "Hint: after each move, the disc margin you (Black) can expect at the end "
        "(+4: Black ahead by 4); framed: the best.")
    page.locator('[data-square="14"]').tap()  # c3, one of the four discs of the start
    notice = page.locator(".status .notice")
    expect(notice).to_have_text("c3 is already taken.")
    screenshot(page, "web_phone_390x844_hint_and_refusal")

    page.locator("#resign").tap()
    page.locator("#resign").tap()  # the second tap confirms
    expect(page.locator(".result")).to_have_text("The bot won.")
    expect(page.locator(".reason")).to_have_text("You resigned.")
    expect(page.locator("svg.board text.hint")).to_have_count(0)
    expect(page.locator("svg.board .hint-frame")).to_have_count(0)
    expect(page.locator(".hint-note")).to_have_count(0)
    expect(notice).to_have_count(0)
    screenshot(page, "web_phone_390x844_resigned_after_a_hint")


def test_a_blank_name_is_told_and_leaving_a_game_says_it_loses(web_server: ThreadedServer,
                                                               open_page: OpenPage) -> None:
    page = open_page("phone_360x640")
    enter(page, web_server, "")
    note = page.locator(".name-note")
    expect(note).to_have_text(
        "Without a name you play as “Player” and four letters the server picks.")
    page.locator("#name").fill("Taro")
    expect(note).to_be_hidden()
    page.locator("#name").fill("")
    page.locator("details.change > summary").tap()
    for label in ("Othello 4x4", "The computer (bot)", "1 Beginner", "You"):
        page.get_by_role("button", name=label, exact=True).tap()
    page.locator("#play").tap()
    expect(page.locator(".turn")).to_have_text("Your move (Black)")
    seat = page.locator(".seat[data-seat='0'] .name")
    expect(seat).to_have_text(re.compile(r"You \(Player \w{4}\)"))
    served = seat.inner_text().removeprefix("You (").removesuffix(")")
    code = match_code(page)

    leave = page.locator("#leave")
    expect(leave).to_have_text("Leave (you lose)")  # before the tap that does it
    leave.tap()
    expect(leave).to_have_text("Sure? Tap again to leave and lose")
    leave.tap()
    expect(page.locator(".lobby .notice")).to_have_text(
        f"You left match {code}: the game counts as a loss.")
    expect(note).to_have_text(f"Without a name you play as “{served}”: type one to change it.")
    screenshot(page, "web_phone_360x640_left_a_game")


class Link:
    """Every websocket of a page through Playwright's route, so a test can cut the link
    (the page's side closes, as a dropped Wi-Fi would) and keep it cut until ``restore``."""

    def __init__(self, page: Page) -> None:
        self.down = False
        self.routes: list[WebSocketRoute] = []
        page.route_web_socket(re.compile(r"^ws://"), self.route)

    def route(self, ws: WebSocketRoute) -> None:
        if self.down:
            ws.close(code=1011)
            return
        ws.connect_to_server()
        self.routes.append(ws)

    def cut(self) -> None:
        self.down = True
        for ws in self.routes:
            ws.close(code=1011)
        self.routes.clear()

    def restore(self) -> None:
        self.down = False


def board_box(page: Page) -> list[float]:
    """Where the board is on the screen: left, top, width, height (measured in one step:
    the board is redrawn on every state)."""
    return list(page.evaluate("(() => { const r = document.querySelector('svg.board')"
                              ".getBoundingClientRect(); return [r.x, r.y, r.width, "
                              "r.height]; })()"))


def test_the_link_lost_strip_moves_nothing_and_the_buttons_wait_for_the_link(
        web_server: ThreadedServer, open_page: OpenPage) -> None:
    page = open_page("phone_360x640")
    link = Link(page)
    start_game(page, web_server, "Taro",
               "Othello 8x8", "The computer (bot)", "1 Beginner", "You", tap=True)
    expect(page.locator(".turn")).to_have_text("Your move (Black)")
    before = board_box(page)
    for button in ("#resign", "#leave"):
        expect(page.locator(button)).to_be_enabled()

    link.cut()
    banner = page.locator("#banner")
    expect(banner).to_be_visible()
    expect(banner).to_contain_text("Link lost – reconnecting by itself; your game is kept.")
    assert board_box(page) == before  # the board did not move
    assert page.evaluate("[scrollX, scrollY]") == [0, 0]
    for button in ("#resign", "#leave"):
        expect(page.locator(button)).to_be_disabled()
    page.locator("#leave").tap(force=True)  # a tap on it does nothing
    expect(page.locator("#leave")).to_have_text("Leave (you lose)")
    screenshot(page, "web_phone_360x640_link_lost")

    link.restore()
    expect(banner).to_be_hidden()
    for button in ("#resign", "#leave"):
        expect(page.locator(button)).to_be_enabled()
    assert board_box(page) == before
