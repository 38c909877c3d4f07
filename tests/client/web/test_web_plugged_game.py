"""The page plays the extra game of the tests (tests/games/blocks.py, plugged in through
TAIKYOKU_GAMES in the server's process only) against the server's bot to its end, on a
390x844 phone: the lobby offers it, the board is drawn as its look says (ground, pieces,
labels, the winning line), and replay.js gives its record's boards by the look's move."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.client.plugged_game import TIMEOUT
from tests.client.web.web_actions import (
    choose,
    fits,
    moves_shown,
    patient_expect,  # noqa: F401 (this module's waits: the bot's first move starts a worker)
    play_to_the_end,
    received_frames,
)
from tests.client.web.web_support import OpenPage, screenshot
from tests.games.blocks import GAME

pytestmark = pytest.mark.timeout(TIMEOUT)

GROUND_FRAME = {"paper": "rect.paper", "felt": "rect.felt-frame"}
"""The frame board.js draws for each ground of a look."""


def test_the_page_draws_and_plays_the_plugged_in_game(plugged_server: int,
                                                        open_page: OpenPage) -> None:
    look, size = GAME.look, GAME.default_size
    page = open_page("phone_390x844")
    frames = received_frames(page)
    page.goto(f"http://127.0.0.1:{plugged_server}/")
    page.locator("#name").fill("Taro")
    choose(page, "Blocks", "The computer (bot)", "1 Beginner", "You")
    page.get_by_role("button", name="Play").click()
    expect(page.locator(".match-title")).to_contain_text("Blocks")
    played = play_to_the_end(page, tap=True)
    state = [f for f in frames if f["type"] == "state"][-1]
    assert state["status"] == "over" and played == (len(state["moves"]) + 1) // 2
    board = page.locator("svg.board")
    expect(board).to_have_class(re.compile(rf"\bboard {look.piece}\b"))
    assert board.locator(GROUND_FRAME[look.ground]).count() == 1
    marks = [board.locator(f".mark.{side}").count() for side in ("x", "o")]
    assert marks == [state["board"].count("X"), state["board"].count("O")]
    assert moves_shown(page) == len(state["moves"])
    coordinates = look.labels == "coordinates"
    assert board.locator("text.coord").count() == (2 * size if coordinates else 0)
    assert board.locator("text.label").count() == (0 if coordinates else
                                                   state["board"].count("."))
    line = look.winning_line(state["board"], size)
    assert board.locator(".win-line").count() == int(line is not None)
    assert (line is not None) == (state["result"]["winner"] is not None)  # the block, struck
    fits(page)
    screenshot(page, "web_plugged_game_390x844")
    boards = page.evaluate("""async (state) => {
        const { boards } = await import("/replay.js");
        return boards(state);
    }""", state)
    assert len(boards) == len(state["moves"]) + 1 and boards[-1] == state["board"]
    for before, after, move in zip(boards[:-1], boards[1:], state["moves"], strict=True):
        assert [i for i in range(size * size) if before[i] != after[i]] == [move]  # fills
