"""Japanese lines on the page break where a Japanese reader expects (kinsoku shori): no
line starts with a prolonged sound mark, a small kana, a closing mark or 、。 — so
"コンピュータ|ー" never happens (issue 24). Checked in Chromium on the small phone, on
every screen of a game in Japanese, by where each character of the page is drawn."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.client.web.web_actions import (  # noqa: F401 (patient_expect: this module's waits)
    patient_expect,
    play_in_japanese,
)
from tests.client.web.web_support import OpenPage, ThreadedServer, screenshot

NO_LINE_STARTS_WITH = ("ー。、．，・：；？！）」』】〕〉》"
                       "ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ")
"""The characters JIS X 4051 keeps from the start of a line (closing brackets, stops,
the middle dot, the prolonged sound mark, small kana)."""

LINE_STARTS = """(forbidden) => {
    // Every character that begins a line but the first of its text: where a character is
    // drawn lower than the one before it in the same text, a line broke between them.
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
            if (before !== null && box.top >= before.bottom - 1 && forbidden.includes(text[i]))
                found.push(text.slice(Math.max(0, i - 8), i) + "|" + text.slice(i, i + 8));
            before = box;
        }
    }
    return found;
}"""


def bad_line_starts(page: Page) -> list[str]:
    """Each place a line of the page starts with a character it must not start with."""
    found: list[str] = page.evaluate(LINE_STARTS, NO_LINE_STARTS_WITH)
    return found


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
        p.style.cssText = "width: 7em; word-break: break-all; line-break: anywhere";
        p.textContent = "コンピューターがパスしました。ちょっと待ってください。";
        document.body.prepend(p);
    }""")
    assert bad_line_starts(page) != []
