"""Issue 24 tried as Japanese players play each other, in the browser: a phone-sized page
in Japanese against the terminal under LANG=ja_JP.UTF-8 (tic-tac-toe), and two Japanese
pages, one a phone, against each other (Othello 4x4), with no English word on either
screen but names and codes; and a match called off before a move, or abandoned by both
people, read in the same words on the page and the terminal watching it, in English and
Japanese, for every game (the window: tests/client/gui/test_gui_japanese_people.py)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect

from shared.protocol import Join, MatchState, Move
from shared.words import LANGUAGES
from tests.client.tui.japanese_terminal import (
    ENDS,
    JAPANESE,
    MOVE_PROMPT,
    NO_WINNER,
    OVER_PROMPT,
    TICTACTOE_TOP,
    check_screen,
    record,
    tictactoe_pick,
)
from tests.client.tui.pty_support import Pty
from tests.client.web.web_actions import (
    Person,
    english_words,
    patient_expect,  # noqa: F401 (this module's waits)
)
from tests.client.web.web_support import OpenPage, ThreadedServer, screenshot
from tests.waiting import LIMIT


@pytest.fixture
def quick_server(tmp_path: Path) -> Iterator[ThreadedServer]:
    """A server that ends a match with nobody at it within a second (called off before a
    move, abandoned after one), so the spectators see it end."""
    served = ThreadedServer(tmp_path, call_off=0.5, abandon_after=0.5, grace=30)
    yield served
    served.close()


def in_japanese(page: Page, name: str, *choices: tuple[str, str]) -> None:
    """Open the lobby, switch it to Japanese, type ``name`` and press ``choices`` (each
    a row's legend and a button in it)."""
    page.locator("#name").wait_for()
    press(page.get_by_role("button", name="日本語"))
    expect(page.get_by_role("button", name="対局開始")).to_be_visible()
    page.locator("#name").fill(name)
    if choices and not page.locator("details.change").evaluate("d => d.open"):
        press(page.locator("details.change > summary"))
    for legend, label in choices:
        row = page.locator("fieldset").filter(
            has=page.locator("legend").get_by_text(legend, exact=True))
        press(row.get_by_role("button", name=label, exact=True))


def code_of(page: Page) -> str:
    """The match code in the page's title (対局 K7QXM2)."""
    title = page.locator(".match-title")
    expect(title).to_have_text(re.compile(r"対局 [A-Z0-9]{6}"))
    found = re.search(r"対局 ([A-Z0-9]{6})", title.inner_text())
    assert found
    return found.group(1)


def press(target: Locator) -> None:
    """Tap ``target`` on a touch screen (a phone), click it on a computer."""
    touch = target.page.evaluate("navigator.maxTouchPoints > 0")
    target.tap() if touch else target.click()


def until(server: ThreadedServer, term: Pty, text: str) -> str:
    """:meth:`Pty.until`, waited for on the server's loop (the test's thread is
    Playwright's, whose own loop is running)."""
    return server.run(term.until(text), timeout=LIMIT + 5)


def tap_a_move(page: Page) -> None:
    """Tap the first legal square and wait for the move to be on the page."""
    before = page.locator(".moves h3").inner_text()
    press(page.locator("svg.board.playable .hit.legal").first)
    expect(page.locator(".moves h3")).not_to_have_text(before)


def test_tictactoe_between_a_japanese_phone_and_a_japanese_terminal(
        web_server: ThreadedServer, open_page: OpenPage, tmp_path: Path) -> None:
    """花子 on a 390x844 phone starts a match against a person and moves first; 太郎
    joins it by its code from a terminal under LANG=ja_JP.UTF-8 and types his moves;
    both see the end in Japanese and nothing else English."""
    page = open_page("phone_390x844")
    page.goto(web_server.http_url)
    in_japanese(page, "花子", ("ゲーム", "三目並べ（○×）"), ("相手", "人"), ("先手", "あなた"))
    press(page.get_by_role("button", name="対局開始"))
    code = code_of(page)
    assert english_words(page) == [], page.locator("body").inner_text()
    screenshot(page, "ja_people_tictactoe_phone_waiting")
    term = Pty(["--server", web_server.url, "--name", "太郎", "--token-file",
                str(tmp_path / "taro.token"), "--join", code], columns=80, lang=JAPANESE)
    try:
        result = page.locator(".result")
        while True:
            expect(result.or_(page.locator("svg.board.playable .hit.legal").first)
                   ).to_be_visible()
            if result.count():
                break
            tap_a_move(page)
            assert english_words(page) == [], page.locator("body").inner_text()
            shown = until(web_server, term, "： ")
            if OVER_PROMPT in shown:
                break
            assert MOVE_PROMPT in shown, shown
            term.type(tictactoe_pick(term.text()) + "\r")
            until(web_server, term, TICTACTOE_TOP)
        expect(result).to_have_text(re.compile("の勝ち|引き分け"))
        screenshot(page, "ja_people_tictactoe_phone_end")
        assert english_words(page) == [], page.locator("body").inner_text()
        if OVER_PROMPT not in term.text():
            until(web_server, term, OVER_PROMPT)
        term.type("q\r")
        assert term.proc.wait(LIMIT) == 0
    finally:
        term.close()
    text = record(term, "ja_people_tictactoe_terminal")
    assert re.search(r"花子の勝ち|あなたの勝ち|引き分け", text), text
    check_screen(term, text, {"test", "server"})


def test_othello_between_two_japanese_pages_one_a_phone(
        web_server: ThreadedServer, open_page: OpenPage) -> None:
    """太郎 on a computer's page starts Othello 4x4 against a person; 花子 joins it by its
    code on a 390x844 phone; each taps a legal square on their turn (passes are the
    server's) to the end, both screens in Japanese."""
    taro, hanako = open_page("desktop"), open_page("phone_390x844")
    for page in (taro, hanako):
        page.goto(web_server.http_url)
    in_japanese(taro, "太郎", ("ゲーム", "オセロ 4×4"), ("相手", "人"), ("先手", "あなた"))
    press(taro.get_by_role("button", name="対局開始"))
    code = code_of(taro)
    in_japanese(hanako, "花子")
    hanako.locator("#code").fill(code)
    press(hanako.get_by_role("button", name="入る", exact=True).first)
    expect(hanako.locator(".match-title")).to_contain_text(code)
    seen: set[int] = set()
    while not (taro.locator(".result").count() and hanako.locator(".result").count()):
        for page in (taro, hanako):
            if page.locator("svg.board.playable .hit.legal").count():
                tap_a_move(page)
                for either in (taro, hanako):
                    assert english_words(either) == [], either.locator("body").inner_text()
                if len(seen) < 2:  # a screenshot of each in the middle of the game
                    screenshot(page, f"ja_people_othello_{'phone' if page is hanako else 'desktop'}"
                               "_playing")
                    seen.add(id(page))
    for page, name in ((taro, "desktop"), (hanako, "phone")):
        expect(page.locator(".result")).to_have_text(re.compile("の勝ち|引き分け"))
        assert english_words(page) == [], page.locator("body").inner_text()
        expect(page.locator(".moves")).not_to_contain_text("対局中")  # it is over
        screenshot(page, f"ja_people_othello_{name}_end")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", ["tictactoe", "othello"])
@pytest.mark.parametrize("end", ["called off", "abandoned"])
def test_a_match_nobody_is_left_at_reads_the_same_on_the_page_and_the_terminal(
        end: str, game: str, lang: str, quick_server: ThreadedServer, open_page: OpenPage,
        tmp_path: Path) -> None:
    """Two people start a match (and play a move, for an abandoned one) and both go; a
    page and a terminal in ``lang`` watching it say the same sentence of how it ended."""
    taro, hanako = Person(quick_server, "Taro"), Person(quick_server, "Hanako")
    code = taro.create(game=game, size=4 if game == "othello" else 3, vs="human")
    hanako.send(Join(code))
    hanako.until(lambda m: isinstance(m, MatchState) and m.status == "playing")
    page = open_page("phone_390x844")
    page.goto(quick_server.http_url)
    page.locator("#name").wait_for()
    if lang == "ja":
        press(page.get_by_role("button", name="日本語"))
    page.locator("#code").fill(code)
    press(page.locator("#watch-code"))
    expect(page.locator(".match-title")).to_contain_text(code)
    term = Pty(["--server", quick_server.url, "--name", "Jiro", "--token-file",
                str(tmp_path / "jiro.token"), "--watch", code, "--lang", lang], columns=80,
               lang=JAPANESE if lang == "ja" else "C.UTF-8")
    try:
        until(quick_server, term, code)
        if end == "abandoned":
            state = taro.state_where(lambda s: s.status == "playing")
            taro.send(Move(code, state.legal[0], state.ply))
            hanako.state_where(lambda s: s.ply == 1)
        taro.close()
        hanako.close()
        expect(page.locator(".result")).to_have_text(NO_WINNER[lang])
        expect(page.locator(".reason")).to_have_text(ENDS[end][lang])
        # the engine's review: nothing to review in a match called off before a move
        expect(page.locator("#analyse")).to_have_count(1 if end == "abandoned" else 0)
        screenshot(page, f"{lang}_{game}_{end.replace(' ', '_')}_page")
        until(quick_server, term, ENDS[end][lang])
    finally:
        term.close()
    text = record(term, f"{lang}_{game}_{end.replace(' ', '_')}_terminal")
    said = re.sub(r"\s", "", f"{NO_WINNER[lang]}{ENDS[end][lang]}")  # as broken into rows
    assert said in re.sub(r"\s", "", text), text
