"""Every word on the page can be read (issue 26), in Chromium against a real game server:
each visible piece of text has a contrast of at least 4.5:1 with what is under it (3:1
for large text), in the light and the dark scheme, on every screen a player meets (the
lobby unfolded, tic-tac-toe's numbered squares with its hints, Othello with a hint and
a refusal, the end with the engine's review, a spectator with the chat), at 360x640,
390x844 and 844x390; no text on the board is tiny on a small phone, and a
three-character hint score is drawn as large as a two-character one. Screenshots of
each screen go to tests/output/web_<size>_<scheme>_*.png, to look at.
"""

from __future__ import annotations

import re
from typing import Literal

import pytest
from playwright.sync_api import Page, expect

from shared.protocol import Chat, Join, MatchState, Move
from tests.client.web.web_actions import (
    Person,
    choose,
    enter,
    patient_expect,  # noqa: F401 (this module's waits)
    play_to_the_end,
)
from tests.client.web.web_looks import board_text_sizes, low_contrast
from tests.client.web.web_support import OpenPage, ThreadedServer, Viewport, screenshot

SMALLEST_BOARD_TEXT = 12.0
"""CSS pixels: the least height of any text drawn on the board."""


def readable(page: Page, name: str) -> None:
    """Every text on screen passes WCAG's contrast; a screenshot of what shows to look at."""
    screenshot(page, name)
    failures = low_contrast(page)
    assert not failures, f"{name}: " + "; ".join(
        f"{f['where']} '{f['text']}' {f['ratio']}:1 (needs {f['need']}:1)" for f in failures)


def new_game(page: Page, side: str, *labels: str) -> None:
    """From the lobby, a game with those choices in which `side` (ours) moves first."""
    choose(page, *labels)
    page.locator("#play").click()
    expect(page.locator(".turn")).to_have_text(f"Your move ({side})")


def two_people_chatting(server: ThreadedServer) -> tuple[Person, Person, str]:
    """Hana and Ken in a game of Othello 6x6 under way, with a line of chat; its code."""
    hana = Person(server, "Hana")
    code = hana.create(game="othello", size=6, vs="human", seat="first")
    ken = Person(server, "Ken")
    ken.send(Join(match=code))
    ken.until(lambda m: isinstance(m, MatchState))
    state = hana.state_where(lambda s: s.status == "playing")
    hana.send(Move(match=code, move=state.legal[0], ply=state.ply))
    hana.send(Chat(match=code, text="good luck!"))
    return hana, ken, code


@pytest.mark.parametrize("viewport", ["phone_360x640", "phone_390x844", "phone_844x390"])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_text_on_every_screen_is_readable(warm_web_server: ThreadedServer,
                                                open_page: OpenPage, viewport: Viewport,
                                                scheme: Literal["light", "dark"]) -> None:
    hana, ken, code = two_people_chatting(warm_web_server)
    page = open_page(viewport)
    page.emulate_media(color_scheme=scheme, reduced_motion="reduce")  # no pulsing text
    name = f"web_{viewport}_{scheme}"
    enter(page, warm_web_server, "Taro")
    page.locator("details.change > summary").click()
    readable(page, f"{name}_lobby")

    new_game(page, "X", "Tic-tac-toe", "The computer (bot)", "1 Beginner", "You")
    page.locator("#hint").click()
    expect(page.locator(".hint-note")).to_be_visible()
    expect(page.locator("svg.board text.label").first).to_be_visible()  # the square numbers
    readable(page, f"{name}_tictactoe_hint")
    page.locator("#resign").click()
    page.locator("#resign").click()
    page.locator("#leave").click()

    new_game(page, "Black", "Othello 4x4", "The computer (bot)", "1 Beginner", "You")
    page.locator("svg.board.playable .hit.legal").first.click()
    expect(page.locator(".moves h3")).to_have_text("Moves (2)")
    page.locator("#hint").click()
    expect(page.locator(".hint-note")).to_be_visible()
    page.locator('[data-square="5"]').click()  # b2: taken since the start
    expect(page.locator(".status .notice")).to_have_text("b2 is already taken.")
    readable(page, f"{name}_othello_hint_refusal")

    play_to_the_end(page)
    page.locator("#analyse").click()
    expect(page.locator("#analyse")).to_have_text("Analysed")
    readable(page, f"{name}_over_analysed")
    page.locator(".move-list .move").nth(1).click()  # looking back: the engine's word on it
    expect(page.locator(".review-note")).to_be_visible()
    page.evaluate("window.scrollTo(0, 0)")
    readable(page, f"{name}_review")
    page.locator("#leave").click()

    page.locator("#code").fill(code)  # a spectator, with the chat
    page.locator("#watch-code").click()
    expect(page.locator(".chat-lines")).to_contain_text("Hana: good luck!")
    ken.send(Chat(match=code, text="thanks, you too"))
    expect(page.locator(".chat-lines")).to_contain_text("Ken: thanks, you too")
    readable(page, f"{name}_spectator")
    page.locator(".chat").scroll_into_view_if_needed()
    readable(page, f"{name}_spectator_chat")
    hana.close()
    ken.close()


def test_no_text_on_the_board_is_tiny_on_a_small_phone(warm_web_server: ThreadedServer,
                                                       open_page: OpenPage) -> None:
    page = open_page("phone_360x640")
    enter(page, warm_web_server, "Taro")
    choose(page, "Othello 8x8", "The computer (bot)", "1 Beginner", "You")
    page.locator("#play").tap()
    expect(page.locator(".turn")).to_have_text("Your move (Black)")
    page.locator("#hint").tap()
    expect(page.locator("svg.board text.hint")).to_have_count(4)
    sizes = board_text_sizes(page)
    assert {text for text, _ in sizes} >= {"a", "h", "1", "8"}  # the coordinates are there
    tiny = [(text, round(size, 1)) for text, size in sizes if size < SMALLEST_BOARD_TEXT]
    assert not tiny, f"text under {SMALLEST_BOARD_TEXT} px on a 360 px wide board: {tiny}"
    screenshot(page, "web_phone_360x640_hints_8x8")


DRAW_SCORES = """async () => {
  const { renderBoard } = await import("/board.js");
  const board = renderBoard({ game: "othello", size: 8, board: ".".repeat(64), legal: [],
    hints: [{ move: 0, text: "+4", best: true, exact: false },
            { move: 1, text: "-21", best: false, exact: false },
            { move: 2, text: "0", best: false, exact: true }],
    choice: 3, onSquare: () => {} });
  document.body.append(board);
  const size = (t) => parseFloat(getComputedStyle(t).fontSize);
  const hints = [...board.querySelectorAll("text.hint")].map((t) => [t.textContent, size(t)]);
  const best = size(board.querySelector("text.engine-choice-label"));
  board.remove();
  const marks = renderBoard({ game: "tictactoe", size: 3, board: ".........", legal: [],
    hints: [{ move: 4, text: "draw", best: true, exact: true }], onSquare: () => {} });
  document.body.append(marks);
  const word = marks.querySelector("text.hint").getBBox();
  const plate = marks.querySelector("rect.hint-plate").getBBox();
  marks.remove();
  return { hints, best, word: [word.x, word.x + word.width],
    plate: [plate.x, plate.x + plate.width] };
}"""


def test_every_hint_score_is_drawn_as_large_and_a_word_fits_its_plate(
        web_server: ThreadedServer, open_page: OpenPage) -> None:
    page = open_page("desktop")
    enter(page, web_server, "Taro")
    drawn = page.evaluate(DRAW_SCORES)
    sizes = dict(drawn["hints"])
    assert sizes["-21"] == sizes["+4"] == sizes["0"], sizes
    assert drawn["best"] >= 0.9 * sizes["+4"], drawn  # the review's "best" tag too
    (left, right), (plate_left, plate_right) = drawn["word"], drawn["plate"]
    assert plate_left <= left and right <= plate_right, drawn  # 'draw' stays on its plate


AT_THE_FAINTEST = """() => {
  for (const a of document.getAnimations()) {
    a.pause();
    a.currentTime = a.effect.getComputedTiming().duration / 2;  // every pulse at 50%
  }
}"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_low_clock_reads_at_the_faintest_of_its_pulse(warm_web_server: ThreadedServer,
                                                       open_page: OpenPage,
                                                       scheme: Literal["light", "dark"]) -> None:
    """The low clock pulses while it runs: the pulse faded the whole clock, its digits
    with them, to 45%, white on pale red at 2:1, every second of the last ten. The page's
    own time is run on 52 s (Playwright's clock; the server's is not touched), and every
    animation is held at its middle, the pulse's faintest."""
    page = open_page("phone_390x844")
    page.emulate_media(color_scheme=scheme)  # motion as the device has it: the pulse on
    page.clock.install()
    enter(page, warm_web_server, "Taro")
    new_game(page, "Black", "Othello 6x6", "The computer (bot)", "1 Beginner", "You", "1 min")
    page.clock.run_for(52_000)
    expect(page.locator(".seat .clock.low.running")).to_have_text(re.compile(r"^\d\.\d$"))
    page.evaluate(AT_THE_FAINTEST)
    readable(page, f"web_phone_390x844_{scheme}_low_clock_pulse")
