"""What a person does in the lobby of the web page, for the browser tests: open the page
with a name, press the new-game choices, start a game.

One place for these steps, so that every browser test starts its game the way a person
does, and a change to the lobby is followed in one place.
"""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.client.web.web_support import ThreadedServer


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
