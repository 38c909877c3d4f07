"""Words for players on the page (issue 16), in Chromium on a phone: the bot levels as
what playing them feels like, a name exactly as typed, a deliberate leave that reads as
one (and no rematch offered to someone who left), the low-time warning that grows with
the time control, and the device's wishes for light or dark and for less motion.
(A tap dropped while offline, and the counts when looking back, are in
test_web_play.py and test_web_phone.py.)"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from client.common.clock_view import low_time_threshold
from client.common.match_view import clock_words
from client.gui.lobby_screen import CLOCKS
from shared.ai.levels import LEVELS, level_words
from shared.protocol import Leave
from shared.words import DEFAULT_LANGUAGE, LANGUAGE_NAMES, LANGUAGES, get_words
from tests.client.web.web_actions import (  # noqa: F401 (patient_expect: this module's waits)
    Person,
    choose,
    enter,
    join_from_lobby,
    patient_expect,
    start_game,
)
from tests.client.web.web_support import OpenPage, ThreadedServer, screenshot


def test_the_levels_say_what_playing_them_feels_like(web_server: ThreadedServer,
                                                     open_page: OpenPage) -> None:
    page = open_page("phone_390x844")
    enter(page, web_server, "Taro")
    choose(page, "The computer (bot)")
    names = [f"{level} {spec.title}" for level, spec in LEVELS.items()]
    assert names == ["1 Beginner", "2 Casual", "3 Intermediate", "4 Strong", "5 Expert"]
    for name in names:
        expect(page.get_by_role("button", name=name, exact=True)).to_be_visible()
    words = page.locator(".level-words")
    expect(words).to_have_text("3 Intermediate: looks a few moves ahead")  # the default
    choose(page, "5 Expert")
    expect(words).to_have_text("5 Expert: the engine at full strength")
    expect(page.locator(".new-game .about")).to_contain_text("against the bot, level 5 Expert")
    choose(page, "1 Beginner")
    expect(words).to_have_text(level_words(1))
    assert level_words(1) == "1 Beginner: random moves"
    screenshot(page, "web_phone_390x844_levels")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_clocks_on_offer_read_as_the_windows_and_the_terminals(
        web_server: ThreadedServer, open_page: OpenPage, lang: str) -> None:
    """One time control, one name in every client: the page's choices are the window's
    clocks in the catalogue's words (clock_words, which the terminal says too)."""
    page = open_page("phone_390x844")
    enter(page, web_server, "Taro")
    if lang != DEFAULT_LANGUAGE:  # the switch offers the languages not spoken
        page.get_by_role("button", name=LANGUAGE_NAMES[lang], exact=True).click()
    w = get_words(lang)
    page.locator("details.change > summary").click()  # a phone's choices unfolded
    row = page.locator("fieldset").filter(
        has=page.locator("legend").get_by_text(w("lobby-clock-choice"), exact=True))
    expect(row.get_by_role("button")).to_have_text(
        [w("lobby-clock-none") if c is None else clock_words(c, w) for c in CLOCKS])
    row.scroll_into_view_if_needed()
    screenshot(page, f"web_phone_390x844_{lang}_clocks")


def resign(page: Page) -> None:
    page.locator("#resign").tap()
    page.locator("#resign").tap()
    expect(page.locator(".result")).to_be_visible()


def test_a_name_as_typed_and_no_rematch_with_one_who_left(web_server: ThreadedServer,
                                                          open_page: OpenPage) -> None:
    jiro = Person(web_server, "JiRo")
    code = jiro.create(game="othello", size=4, vs="human", seat="second")
    page = open_page("phone_360x640")
    enter(page, web_server, "Taro")
    join_from_lobby(page, code)
    resign(page)
    page.locator("#rematch").tap()
    expect(page.locator(".offer")).to_have_text("Rematch asked: waiting for JiRo…")

    jiro.send(Leave(match=code))  # JiRo goes back to the lobby: the offer has nobody to answer it
    expect(page.locator(".offer")).to_have_text("JiRo left the match: no rematch.")
    expect(page.locator("#rematch")).to_have_count(0)
    expect(page.locator(".seat[data-seat='1'] .away")).to_have_text("left the match")
    expect(page.locator("#leave")).to_be_visible()
    screenshot(page, "web_phone_360x640_opponent_left")
    jiro.close()


def test_leaving_a_game_on_purpose_reads_as_leaving(web_server: ThreadedServer,
                                                    open_page: OpenPage) -> None:
    hana = Person(web_server, "Hana")
    code = hana.create(game="othello", size=4, vs="human", seat="second")
    page = open_page("phone_360x640")
    enter(page, web_server, "Taro")
    join_from_lobby(page, code)
    hana.send(Leave(match=code))
    expect(page.locator(".result")).to_have_text("You won!")
    expect(page.locator(".reason")).to_have_text("Hana left the game.")
    expect(page.locator("#rematch")).to_have_count(0)
    hana.close()


def test_the_low_time_warning_grows_with_the_time_control(web_server: ThreadedServer,
                                                           open_page: OpenPage) -> None:
    """The page's rule (clock.js) is the window's and the terminal's (clock_view.py): a
    1-minute game warns at 10 s, not 6; a 5-minute one at 37.5 s; never over a minute."""
    page = open_page("desktop")
    page.goto(web_server.http_url)
    initials = [5, 6, 30, 60, 90, 180, 300, 600, 3600]
    # for each clock: low just under the threshold, not low just over it
    shown = page.evaluate("""async (initials) => {
        const { Clocks } = await import("/clock.js");
        const lowAt = (initial, left) => new Clocks(
            { initial, increment: 0, remaining: [left, initial], running: null }, 0).low(0, 0);
        return initials.map((initial) => {
            let low = 0, high = initial;  // the threshold, by bisection
            for (let i = 0; i < 40; i++) {
                const mid = (low + high) / 2;
                if (lowAt(initial, mid)) low = mid; else high = mid;
            }
            return high;
        });
    }""", initials)
    for initial, threshold in zip(initials, shown):
        assert threshold == pytest.approx(low_time_threshold(initial), abs=1e-6), initial
    assert [low_time_threshold(s) for s in (60, 180, 300, 3600)] == [10, 22.5, 37.5, 60]


def test_the_page_follows_light_or_dark_and_reduced_motion(web_server: ThreadedServer,
                                                           open_page: OpenPage) -> None:
    page = open_page("phone_390x844")
    page.emulate_media(color_scheme="light", reduced_motion="no-preference")
    start_game(page, web_server, "Taro", "Othello 8x8", "The computer (bot)", "1 Beginner",
               "You", tap=True)
    expect(page.locator(".turn")).to_have_text("Your move (Black)")
    light = page.evaluate("getComputedStyle(document.body).backgroundColor")
    page.emulate_media(color_scheme="dark")
    dark = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert (light, dark) == ("rgb(238, 240, 243)", "rgb(28, 32, 38)")

    turning = """() => [...document.querySelectorAll('.disc.turning')].map(
        (d) => getComputedStyle(d).animationName)"""
    page.locator('[data-square="19"]').tap()  # d3 turns d4 over, and it shows
    expect(page.locator(".moves h3")).not_to_have_text("Moves (0)")
    names = page.evaluate(turning)
    assert names and set(names) <= {"turn-black", "turn-white"}, names
    page.emulate_media(reduced_motion="reduce")
    assert set(page.evaluate(turning)) <= {"none"}
    expect(page.locator(".turn")).to_have_text("Your move (Black)")
    page.locator("svg.board.playable .hit.legal").first.tap()
    expect(page.locator(".moves h3")).not_to_have_text("Moves (2)")
    assert set(page.evaluate(turning)) <= {"none"}  # a new move: nothing turns
