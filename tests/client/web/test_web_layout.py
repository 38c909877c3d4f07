"""Where things sit on a phone (issue 26), in Chromium at 360x640 against a real game
server: the chat badge counts only the lines that came while the chat was out of sight
(not the history a spectator is shown on arriving), clears once the chat is seen and
covers no text; the lobby's fold shows an arrow that says whether it is open, and
unfolded, Play covers none of the choices; the move list keeps each side's moves in
its own column, headed by the side, in the page's scroll (not one of its own).
Screenshots go to tests/output/web_phone_360x640_*.png.
"""

from __future__ import annotations

from playwright.sync_api import Page, expect

from shared.protocol import Chat, Join, MatchState, Move
from tests.client.web.web_actions import (
    Person,
    enter,
    patient_expect,  # noqa: F401 (this module's waits)
    start_game,
)
from tests.client.web.web_looks import covered_by, low_contrast
from tests.client.web.web_support import OpenPage, ThreadedServer, screenshot


def play_moves(first: Person, second: Person, moves: int) -> None:
    """The two Python players make `moves` moves between them, each its first legal one."""
    for _ in range(moves):
        for person in (first, second):
            state = person.state
            if state is not None and state.to_move == person.seat and state.legal:
                person.send(Move(match=person.code, move=state.legal[0], ply=state.ply))
                after = state.ply + 1
                for each in (first, second):
                    each.state_where(lambda s: s.ply >= after)
                break


def test_a_spectators_chat_badge_counts_only_news_and_covers_no_text(
        web_server: ThreadedServer, open_page: OpenPage) -> None:
    hana = Person(web_server, "Hana")
    code = hana.create(game="othello", size=8, vs="human", seat="first")
    ken = Person(web_server, "Ken")
    ken.send(Join(match=code))
    ken.until(lambda m: isinstance(m, MatchState))
    hana.state_where(lambda s: s.status == "playing")
    play_moves(hana, ken, 6)
    hana.send(Chat(match=code, text="before anyone watched"))

    page = open_page("phone_360x640")
    enter(page, web_server, "Aya")
    page.locator("#code").fill(code)
    page.locator("#watch-code").tap()
    expect(page.locator(".match-title")).to_contain_text("(watching)")
    expect(page.locator(".chat-lines")).to_contain_text("Hana: before anyone watched")
    badge = page.locator("#chat-badge")
    expect(badge).to_be_hidden()  # the line sent before Aya came is no news

    ken.send(Chat(match=code, text="welcome, Aya"))
    expect(badge).to_have_text("Chat 1")  # this one only
    assert covered_by(page, "#chat-badge") == []
    screenshot(page, "web_phone_360x640_spectator_badge")
    page.locator(".chat").scroll_into_view_if_needed()  # the chat seen: the badge goes
    expect(badge).to_be_hidden()
    expect(page.locator(".chat-lines")).to_contain_text("Ken: welcome, Aya")
    screenshot(page, "web_phone_360x640_spectator_chat")
    assert low_contrast(page) == []
    hana.close()
    ken.close()


def arrow(page: Page) -> str:
    return str(page.locator("details.change > summary").evaluate(
        "s => getComputedStyle(s, '::before').content"))


def test_the_lobbys_fold_shows_its_arrow_and_play_covers_no_choice(
        web_server: ThreadedServer, open_page: OpenPage) -> None:
    page = open_page("phone_360x640")
    enter(page, web_server, "Taro")
    assert arrow(page) == '"▸"'
    page.locator("details.change > summary").tap()
    expect(page.locator("details.change")).to_have_attribute("open", "")
    assert arrow(page) == '"▾"'
    assert covered_by(page, "#play") == []
    screenshot(page, "web_phone_360x640_lobby_unfolded")
    for row in ("Bot level", "Who moves first"):  # scrolled to each row: still nothing under
        page.locator("fieldset.choices", has_text=row).scroll_into_view_if_needed()
        assert covered_by(page, "#play") == []
    page.locator("#play").tap()
    expect(page.locator(".turn")).to_be_visible()


SIDES_OF_MOVES = """() => [...document.querySelectorAll('.move-list .move')].map((b) =>
  [b.getAttribute('aria-label'), Math.round(b.getBoundingClientRect().left)])"""


def test_the_move_list_keeps_each_side_in_its_column_in_the_pages_scroll(
        web_server: ThreadedServer, open_page: OpenPage) -> None:
    page = open_page("phone_360x640")
    start_game(page, web_server, "Taro",
               "Othello 6x6", "The computer (bot)", "1 Beginner", "You", tap=True)
    ours = page.locator("svg.board.playable .hit.legal")
    for moves in (2, 4, 6, 8):
        ours.first.tap()
        expect(page.locator(".moves h3")).to_have_text(f"Moves ({moves})")
    expect(page.locator(".move-sides")).to_have_text("BlackWhite")
    entries = page.evaluate(SIDES_OF_MOVES)
    assert len(entries) == 8
    columns = {side: {left for label, left in entries if label.split()[1] == side}
               for side in ("Black", "White")}
    assert len(columns["Black"]) == len(columns["White"]) == 1, entries
    assert min(columns["Black"]) < min(columns["White"])  # Black's on the left
    assert [label.split()[0] for label, _ in entries] == [f"{n}." for n in range(1, 9)]
    assert page.locator(".move-list").evaluate("l => getComputedStyle(l).overflowY") == "visible"
    page.locator(".moves").scroll_into_view_if_needed()
    screenshot(page, "web_phone_360x640_move_list")
