"""What a person does in the browser tests: in the lobby of the web page (open the page
with a name, press the new-game choices, start a game), in a game (read the moves and
the code, play to the end, join from the lobby), and on the Python client beside the
page (:class:`Person`); what the page sent and received; whether it fits the screen or
shows the board in view (:func:`in_view`, :data:`BOXES`); a game played in Japanese with
no English word on screen (:func:`play_in_japanese`, :func:`english_words`).

One place for these steps, so that every browser test starts its game the way a person
does, and a change to the lobby is followed in one place.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from playwright.sync_api import Dialog, Page, expect

from client.common.connection import Connection
from server.room.identity import CODE_ALPHABET, CODE_LENGTH, UNLISTED_CODE_LENGTH
from shared.protocol import Create, Joined, MatchState, ServerMessage
from tests.client.web.web_support import (
    ThreadedServer,
)


def enter(page: Page, server: ThreadedServer, name: str) -> None:
    """Open the page and type a name in the lobby."""
    page.goto(server.http_url)
    page.locator("#name").fill(name)


def choose(page: Page, *labels: str) -> None:
    """Press lobby choices by their labels (Game, Opponent, level, who starts), unfolding
    them first where they are folded under "Change..." (a small screen)."""
    if labels and not page.locator("details.change").evaluate("d => d.open"):
        page.locator("details.change > summary").click()
    for label in labels:
        button = page.get_by_role("button", name=label, exact=True)
        button.click()
        expect(button).to_have_attribute("aria-pressed", "true")


def start_game(page: Page, server: ThreadedServer, name: str, *labels: str,
               tap: bool = False) -> None:
    """Enter the lobby as ``name``, press the choices ``labels``, and press Play (by a
    tap, as on a phone, with ``tap``)."""
    enter(page, server, name)
    choose(page, *labels)
    play = page.get_by_role("button", name="Play")
    if tap:
        play.tap()
    else:
        play.click()


# ---- in a game ----------------------------------------------------------------------

HOSTILE = "<img src=x onerror=alert(1)>"
CODE = (rf"[{CODE_ALPHABET}]{{{CODE_LENGTH}}}"
        rf"(?:[{CODE_ALPHABET}]{{{UNLISTED_CODE_LENGTH - CODE_LENGTH}}})?")
"""A match code, listed or unlisted, as the server makes them (server/room/identity.py)."""
PATIENCE_MS = 30_000
"""How long a wait on what the page shows may take: a bot's first move in a new server
(its worker starting) on a loaded machine took over 5 s, expect's default, with two
test workers each running a browser."""


@pytest.fixture(autouse=True)
def patient_expect() -> Iterator[None]:
    """Every expect of a test module that imports this fixture waits up to PATIENCE_MS
    (then the default again)."""
    expect.set_options(timeout=PATIENCE_MS)
    yield
    expect.set_options(timeout=5_000)


def moves_shown(page: Page) -> int:
    heading = page.locator(".moves h3").inner_text()
    found = re.fullmatch(r"Moves \((\d+)\)", heading)
    assert found, heading
    return int(found.group(1))


def match_code(page: Page) -> str:
    """The code in the match's title, once the title shows one (after a reload or a
    resume the title is drawn when the match's first state arrives, not at once)."""
    title = page.locator(".match-title")
    expect(title).to_have_text(re.compile(rf"match {CODE}"))
    found = re.search(rf"match ({CODE})", title.inner_text())
    assert found
    return found.group(1)


def play_to_the_end(page: Page, *, tap: bool = False) -> int:
    """On each of our turns, press the first square the board offers, until the result
    shows; the number of moves we played."""
    played = 0
    result = page.locator(".result")
    ours = page.locator("svg.board.playable .hit.legal")
    while True:
        expect(result.or_(ours.first)).to_be_visible()
        if result.count():
            return played
        before = moves_shown(page)
        square = ours.first
        square.tap() if tap else square.click()
        expect(page.locator(".moves h3")).not_to_have_text(f"Moves ({before})")
        played += 1


def sent_frames(page: Page) -> list[dict[str, Any]]:
    """Record every frame the page sends on its websockets (from now on)."""
    frames: list[dict[str, Any]] = []
    page.on("websocket", lambda ws: ws.on("framesent", lambda payload: frames.append(
        json.loads(payload))))
    return frames


def dismiss(dialog: Dialog, said: list[str]) -> None:
    """Note what a dialog (an alert the page should never show) said, and close it."""
    said.append(dialog.message)
    dialog.dismiss()


def fits(page: Page) -> None:
    """Nothing sticks out sideways, the board fits the width, buttons are big enough to tap."""
    assert page.viewport_size is not None
    width = page.viewport_size["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    board = box(page, "svg.board")
    if board is not None:
        assert board["x"] >= 0 and board["x"] + board["width"] <= width
    heights = page.eval_on_selector_all(
        "button:not(.move)",
        "bs => bs.map(b => b.getBoundingClientRect().height).filter(h => h > 0)")  # shown ones
    assert heights and min(heights) >= 44, heights


# ---- a person on the Python client, beside the page --------------------------------

class Person:
    """A person on the Python client, driven step by step from the test: each call runs
    on the server's loop (Playwright's sync API keeps the test's thread)."""

    def __init__(self, server: ThreadedServer, name: str) -> None:
        self.server = server
        self.conn = Connection(server.url, name, reconnect=False)
        server.run(self.conn.connect())
        self.code = ""
        self.seat: int | None = None
        self.state: MatchState | None = None

    def send(self, msg: Any) -> None:
        self.server.run(self.conn.send(msg))

    def until(self, wanted: Callable[[Any], bool]) -> Any:
        """Read messages until one is ``wanted`` (keeping our seat and the last state)."""
        async def read() -> ServerMessage:
            while True:
                msg = await self.conn.recv(timeout=30)
                if isinstance(msg, Joined):
                    self.code, self.seat = msg.match, msg.seat
                elif isinstance(msg, MatchState) and msg.match == self.code:
                    self.state = msg
                if wanted(msg):
                    return msg  # type: ignore[return-value]
        return self.server.run(read(), timeout=40)

    def create(self, **fields: Any) -> str:
        """Create a match (Create's fields) and wait for its first state; its code."""
        self.send(Create(**fields))
        self.until(lambda m: isinstance(m, MatchState))
        return self.code

    def state_where(self, check: Callable[[MatchState], bool]) -> MatchState:
        if self.state is not None and check(self.state):
            return self.state
        state: MatchState = self.until(lambda m: isinstance(m, MatchState) and m.match == self.code
                                  and check(m))
        return state

    def close(self) -> None:
        self.server.run(self.conn.close())


def received_frames(page: Page) -> list[dict[str, Any]]:
    """Record every frame the page receives on its websockets (from now on)."""
    frames: list[dict[str, Any]] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(
        json.loads(payload))))
    return frames


def join_from_lobby(page: Page, code: str) -> None:
    page.locator(".open-matches li").filter(has_text=code).get_by_role(
        "button", name="Join").click()
    expect(page.locator(".match-title")).to_contain_text(code)


def box(page: Page, selector: str) -> dict[str, float] | None:
    """Where the first element matching ``selector`` is (x, y, width, height in CSS
    pixels), or None: read in one step in the page, as :data:`BOXES` does; Playwright's
    ``bounding_box`` finds the element, then asks its box, and an element that the page
    redrew on a state between the two has none."""
    found = page.evaluate("""(selector) => {
        const node = document.querySelector(selector);
        if (node === null) return null;
        const r = node.getBoundingClientRect();
        return { x: r.x, y: r.y, width: r.width, height: r.height };
    }""", selector)
    return None if found is None else {k: float(v) for k, v in found.items()}


def settled(page: Page) -> None:
    """Until every animation that ends has ended (the discs turned over, the marks grown),
    for a screenshot of what stays; the pulses of a thinking bot or a low clock go on."""
    page.wait_for_function("""() => document.getAnimations().every((a) =>
        a.playState !== "running" || a.effect.getComputedTiming().iterations === Infinity)""")


def in_view(page: Page, *selectors: str) -> None:
    """The first element matching each selector is shown whole inside the viewport."""
    outside = [f"{selector} {where or 'missing'}" for selector, where in
               page.evaluate(BOXES, list(selectors)) if where != "inside"]
    assert not outside, "; ".join(outside)


def play_in_japanese(page: Page, game: str) -> None:
    """Choose ``game`` against the weakest bot and play it to its end, checking that
    every screen on the way is in Japanese with the board in view."""
    if not page.locator("details.change").evaluate("d => d.open"):
        page.locator("details.change > summary").tap()
    for legend, label in (("ゲーム", game), ("相手", "コンピューター"),
                          ("コンピューターの強さ", "1 はじめて"), ("先手", "あなた")):
        row = page.locator("fieldset").filter(
            has=page.locator("legend").get_by_text(legend, exact=True))
        row.get_by_role("button", name=label, exact=True).tap()
    assert english_words(page) == []
    page.get_by_role("button", name="対局開始").tap()
    expect(page.locator(".turn")).to_have_text(re.compile("あなたの番です"))
    in_view(page, "svg.board")
    assert english_words(page) == []
    result = page.locator(".result")
    ours = page.locator("svg.board.playable .hit.legal")
    while True:
        expect(result.or_(ours.first)).to_be_visible()
        if result.count():
            break
        before = page.locator(".moves h3").inner_text()
        ours.first.tap()
        expect(page.locator(".moves h3")).not_to_have_text(before)
        assert english_words(page) == [], page.locator("body").inner_text()
    expect(page.locator(".result")).to_have_text(re.compile("の勝ち|引き分け"))
    assert english_words(page) == [], page.locator("body").inner_text()


def english_words(page: Page) -> list[str]:
    """The words of two Latin letters or more on screen (the server's name aside)."""
    text = page.evaluate("""() => {
        const who = document.getElementById("who");
        return [document.title, document.body.innerText.replace(who.innerText, ""),
                ...[...document.querySelectorAll("[placeholder], [aria-label]")].map((e) =>
                  e.getAttribute("placeholder") || e.getAttribute("aria-label"))].join("\\n");
    }""")
    return latin_words(text)


def latin_words(text: str) -> list[str]:
    """The words of two Latin letters or more in ``text`` but those ALLOWED_LATIN allows."""
    return re.findall(r"[A-Za-z]{2,}", ALLOWED_LATIN.sub(" ", text))


BOXES = """(selectors) => selectors.map((selector) => {
    const node = document.querySelector(selector);
    if (node === null) return [selector, null];
    const r = node.getBoundingClientRect();
    const inside = r.left >= 0 && r.top >= 0 && r.right <= innerWidth + 0.5
        && r.bottom <= innerHeight + 0.5;
    return [selector, inside ? "inside" : `at ${r.left},${r.top} to ${r.right},${r.bottom}`
        + ` of ${innerWidth}x${innerHeight}`];
})"""
"""Where each selector's first element is, measured in one step in the page (the screen
is redrawn on every state, so the elements of two steps could differ)."""


ALLOWED_LATIN = re.compile(rf"taikyoku|English|(?<![A-Za-z0-9]){CODE}(?![A-Za-z0-9])|K7QX"
                           "|「Player」")
"""What may stay in Latin letters on a Japanese screen: the program's name, the switch's
own name for English, a match code and the example of one, the name the server makes up
for a player without one (and board coordinates, a single letter with a digit, which
the search below does not count as a word)."""
