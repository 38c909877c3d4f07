"""The games' catalogue the server generates for the web page (GET /catalogue.json, from
server.shell.page.catalogue): served like the page's files, saying what shared.games,
shared.ai.levels and shared.protocol say; the page keys per-game behaviour on it rather
than on games' names; and the one piece of the rules the page ports (replay.js, for
looking back through a game) gives the boards shared.games gives, over random games of
every game on every size."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

import client.web
from server.shell.page import CATALOGUE_PATH, CATALOGUE_TYPE, FILES, catalogue
from shared.ai.levels import DEFAULT_LEVEL, LEVELS
from shared.games import DEFAULT_GAME, GAMES, PASS, get_game, new_game, replay
from shared.protocol import CHAT_HISTORY_LINES, CHAT_MAX_CHARS
from tests.client.web.web_actions import (  # the bot's answer may be slow on a loaded machine
    patient_expect,  # noqa: F401 (this module's waits)
    start_game,
)
from tests.client.web.web_support import OpenPage, ThreadedServer, assert_safe_headers, http

WEB = Path(client.web.__file__).parent
RANDOM_GAMES = 40
"""Random games per game and size checked against replay.js."""


# ---- served like the page's files ---------------------------------------------------

async def test_get_is_the_catalogue_as_json(game_server) -> None:
    reply = await http(game_server, "GET", CATALOGUE_PATH)
    assert reply.status == 200
    assert reply.headers["content-type"] == CATALOGUE_TYPE == "application/json; charset=utf-8"
    assert reply.headers["content-length"] == str(len(reply.body))
    assert json.loads(reply.body) == catalogue()
    assert_safe_headers(reply, game_server.port)


async def test_head_has_the_headers_of_get_and_no_body(game_server) -> None:
    get = await http(game_server, "GET", CATALOGUE_PATH + "?v=2")  # the query is ignored
    head = await http(game_server, "HEAD", CATALOGUE_PATH)
    assert (head.status, head.body) == (200, b"")
    assert head.headers["content-length"] == get.headers["content-length"]
    assert head.headers["content-type"] == get.headers["content-type"]


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE"])
async def test_other_methods_are_refused(game_server, method: str) -> None:
    reply = await http(game_server, method, CATALOGUE_PATH)
    assert reply.status == 405
    assert reply.headers["allow"] == "GET, HEAD"


@pytest.mark.parametrize("path", ["/catalogue.json/", "/catalogue", "/CATALOGUE.JSON",
                                  "/catalogue.js/../catalogue.json", "/client/web/__init__.py"])
async def test_near_misses_are_not_found(game_server, path: str) -> None:
    assert (await http(game_server, "GET", path)).status == 404


def test_the_page_fetches_the_path_served() -> None:
    assert f'"{CATALOGUE_PATH}"' in (WEB / "catalogue.js").read_text()
    assert CATALOGUE_PATH not in FILES  # generated, not a file of the package


# ---- what it says -------------------------------------------------------------------

def test_every_game_on_every_size_as_shared_games_has_it() -> None:
    data = catalogue()
    assert [g["name"] for g in data["games"]] == list(GAMES)
    assert data["default_game"] == DEFAULT_GAME
    for entry in data["games"]:
        info = get_game(entry["name"])
        assert entry["sizes"] == list(info.sizes)
        assert entry["default_size"] == info.default_size
        assert (entry["look"], entry["coordinates"], entry["scored"]) == (
            info.look.data(), info.coordinates, info.scored)
        assert sorted(entry["boards"]) == sorted(str(n) for n in info.sizes)
        for size in info.sizes:
            board = entry["boards"][str(size)]
            assert board["start"] == new_game(info.name, size).board
            squares = board["squares"]
            assert len(squares) == size * size
            # every name is read back as its square: the page's keys type these names
            assert [info.read_move(name, size) for name in squares] == list(range(size * size))
            assert len(set(squares)) == len(squares)


def test_bots_and_chat_limits() -> None:
    data = catalogue()
    assert data["bots"] == [{"level": lv, "name": spec.name} for lv, spec in LEVELS.items()]
    assert data["default_level"] == DEFAULT_LEVEL
    assert data["chat"] == {"max_chars": CHAT_MAX_CHARS, "history_lines": CHAT_HISTORY_LINES}


def test_no_module_of_the_page_names_a_game() -> None:
    """Per-game behaviour comes from the catalogue's properties (the look among them,
    replay.js's ported rule too); no code of the page names a game."""
    names = "|".join(GAMES)
    for path in WEB.glob("*.js"):
        for number, line in enumerate(path.read_text().splitlines(), 1):
            assert not (re.search(rf"\b({names})\b", line, re.IGNORECASE) and
                        not line.lstrip().startswith(("//", "/*", "*"))), (
                f"{path.name}:{number}: {line.strip()}")


# ---- replay.js against shared.games ----------------------------------------------------

def random_record(game: str, size: int, rng: random.Random) -> tuple[dict[str, Any], list[str]]:
    """A random game played to its end (passes included) as a `state` carries it, and
    every board of it as shared.games gives them."""
    state = new_game(game, size)
    moves: list[int] = []
    while not state.is_over:
        move = rng.choice(state.legal_moves())
        moves.append(move)
        state = state.play(move)
    boards = [s.board for s in replay(new_game(game, size), moves)]
    record = {"game": game, "size": size, "board": state.board,
              "moves": ["pass" if m == PASS else m for m in moves]}
    return record, boards


def test_replay_js_gives_the_boards_of_shared_games(web_server: ThreadedServer,
                                                     open_page: OpenPage) -> None:
    rng = random.Random(20261123)
    cases = [random_record(info.name, size, rng)
             for info in GAMES.values() for size in info.sizes for _ in range(RANDOM_GAMES)]
    assert any("pass" in record["moves"] for record, _ in cases)  # passes are replayed too
    page = open_page("desktop")
    page.goto(web_server.http_url)
    got = page.evaluate("""async (records) => {
        const { boards } = await import("/replay.js");
        return records.map(boards);
    }""", [record for record, _ in cases])
    for (record, wanted), boards in zip(cases, got, strict=True):
        assert boards == wanted, (record["game"], record["size"], record["moves"])
    # a record that does not lead to its board (a set-up position) gives that board only
    record, _ = cases[-1]
    odd = {**record, "board": "." * len(record["board"])}
    assert page.evaluate("""async (record) => {
        const { boards } = await import("/replay.js");
        return boards(record);
    }""", odd) == [odd["board"]]


# ---- keys: a square's name typed, whatever the game names squares ---------------------

def test_a_slot_typed_plays_it_and_a_taken_one_says_why(web_server: ThreadedServer,
                                                         open_page: OpenPage) -> None:
    page = open_page("desktop")
    start_game(page, web_server, "Taro", "Tic-tac-toe", "The computer (bot)", "1 Beginner", "You")
    expect(page.locator(".turn")).to_have_text("Your move (X)")
    page.keyboard.press("4")
    expect(page.locator(".move-list button").first).to_have_text("X on 4")
    expect(page.locator(".turn")).to_have_text("Your move (X)")  # the bot has answered
    page.keyboard.press("4")
    expect(page.locator(".notice")).to_have_text("Slot 4 is already taken.")
    page.keyboard.press("x")  # not the start of any slot's name: nothing happens
    expect(page.locator(".moves h3")).to_have_text("Moves (2)")
