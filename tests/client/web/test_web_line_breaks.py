"""Japanese lines on the page break where a Japanese reader expects (kinsoku shori): no
line starts with a prolonged sound mark, a small kana, a closing mark or 、。 — so
"コンピュータ|ー" never happens (issue 24) — and no word in katakana is broken inside
("コンピュー|ター" in a player's chip on a phone). Checked in Chromium, on every screen
of a game in Japanese, by where each character of the page is drawn."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.client.web.web_actions import (  # noqa: F401 (patient_expect: this module's waits)
    patient_expect,
    play_in_japanese,
    settled,
)
from tests.client.web.web_support import OpenPage, ThreadedServer, Viewport, screenshot

NO_LINE_STARTS_WITH = ("ー。、．，・：；？！）」』】〕〉》"
                       "ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ")
"""The characters JIS X 4051 keeps from the start of a line (closing brackets, stops,
the middle dot, the prolonged sound mark, small kana)."""

LINE_STARTS = """([starts, word]) => {
    // Every character that begins a line but the first of its text: where a character is
    // drawn lower than the one before it in the same text, a line broke between them.
    // Found where it is one of ``starts``, or where it and the one before are letters of
    // a ``word`` (a class of a regular expression).
    const letter = new RegExp(`[${word}]`);
    const bad = (text, i) => starts.includes(text[i])
        || (word !== "" && letter.test(text[i - 1]) && letter.test(text[i]));
    const found = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.data;
        let before = null;
        for (let i = 0; i < text.length; i++) {
            range.setStart(node, i);
            range.setEnd(node, i + 1);
            const box = [...range.getClientRects()].pop();
            if (!box || box.width === 0) continue;  // not shown, or a collapsed space
            if (before !== null && box.top >= before.bottom - 1 && bad(text, i))
                found.push(text.slice(Math.max(0, i - 8), i) + "|" + text.slice(i, i + 8));
            before = box;
        }
    }
    return found;
}"""


KATAKANA = "ァ-ヺー"
"""The letters of a word in katakana (the prolonged sound mark is one): no line starts
between two of them."""


def bad_line_starts(page: Page) -> list[str]:
    """Each place a line of the page starts with a character it must not start with."""
    found: list[str] = page.evaluate(LINE_STARTS, [NO_LINE_STARTS_WITH, ""])
    return found


def broken_words(page: Page) -> list[str]:
    """Each place a line of the page starts inside a word in katakana."""
    found: list[str] = page.evaluate(LINE_STARTS, ["", KATAKANA])
    return found


@pytest.mark.parametrize("viewport", ["phone", "phone_390x844", "phone_844x390", "desktop"])
def test_no_word_is_broken_in_a_game_against_the_bot(web_server: ThreadedServer,
                                                     open_page: OpenPage,
                                                     viewport: Viewport) -> None:
    """The lobby with every choice, and a game of Othello against the bot a few moves in:
    "コンピューター・強さ3" beside the count of discs, and "コンピューター" among the
    choices of who moves first, break between words or not at all; beside the board
    (a seat a row) the names are as large as the page's text, not shrunk as on a phone
    held upright."""
    page = open_page(viewport)
    page.goto(web_server.http_url)
    page.get_by_role("button", name="日本語").click()
    page.locator("#name").fill("山田 花子")
    if not page.locator("details.change").evaluate("d => d.open"):
        page.locator("details.change > summary").click()
    for label in ("オセロ 8×8", "コンピューター", "3 ふつう"):
        page.get_by_role("button", name=label, exact=True).first.click()
    assert broken_words(page) == [] and bad_line_starts(page) == []
    screenshot(page, f"web_ja_{viewport}_lobby_words", full_page=True)
    page.get_by_role("button", name="対局開始").click()
    for _ in range(3):
        ours = page.locator("svg.board.playable .hit.legal").first
        expect(ours).to_be_visible()
        before = page.locator(".moves h3").inner_text()
        ours.click()
        expect(page.locator(".moves h3")).not_to_have_text(before)
    expect(page.locator(".seat .name").nth(1)).to_have_text("コンピューター・強さ3")
    sizes = page.evaluate("""() => [document.body, ...document.querySelectorAll('.seat .name')]
        .map((e) => parseFloat(getComputedStyle(e).fontSize))""")
    if viewport in ("phone_844x390", "desktop"):
        assert sizes[1:] == [sizes[0]] * 2, sizes
    settled(page)
    assert broken_words(page) == [] and bad_line_starts(page) == []
    screenshot(page, f"web_ja_{viewport}_game_words")


def test_no_japanese_line_starts_with_a_mark_that_must_not(web_server: ThreadedServer,
                                                          open_page: OpenPage) -> None:
    page = open_page("phone_360x640")
    page.goto(web_server.http_url)
    page.get_by_role("button", name="日本語").tap()
    expect(page.get_by_role("button", name="対局開始")).to_be_visible()
    page.locator("#name").fill("太郎")
    page.locator("details.change > summary").tap()  # the longest lines: every choice
    assert bad_line_starts(page) == []
    screenshot(page, "web_ja_phone_360x640_lobby_choices", full_page=True)
    play_in_japanese(page, "三目並べ（○×）")
    assert bad_line_starts(page) == []
    screenshot(page, "web_ja_phone_360x640_tictactoe_end", full_page=True)


def test_the_check_finds_a_line_that_starts_badly(web_server: ThreadedServer,
                                                  open_page: OpenPage) -> None:
    """A paragraph that breaks anywhere (no kinsoku at all) does start lines badly."""
    page = open_page("phone_360x640")
    page.goto(web_server.http_url)
    page.evaluate("""() => {
        const p = document.createElement("p");
        p.style.cssText = "width: 5em; word-break: break-all; line-break: anywhere";
        p.textContent = "コンピューターがパスしました。ちょっと待ってください。";
        document.body.prepend(p);
    }""")
    assert bad_line_starts(page) != []
    assert broken_words(page) != []  # "コンピュー|ター" among them
