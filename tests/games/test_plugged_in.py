"""A game plugged in through ``TAIKYOKU_GAMES`` (tests/games/blocks.py, named by no file
outside tests/): registered, worded in every language, and played to the end in a real
server process against its bot, between two people and by the headless bot client."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import os
import subprocess
import sys
import urllib.request
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest

import shared.words
from shared.games import GAMES, PLUGINS_VARIABLE, PluginError, get_game, plug_in
from shared.words import LANGUAGES, game_keys, game_label, get_words, placeholders, reason_key
from shared.words.page_form import page_form
from tests import ROOT
from tests.games.blocks import GAME, BlocksState, read_move
from tests.server.server_process import At, ServerProcess

PLUGGED = {PLUGINS_VARIABLE: "tests.games.blocks"}


def _fresh_words() -> None:
    shared.words.parse.cache_clear()
    shared.words.get_words.cache_clear()


@pytest.fixture
def blocks_registered() -> Iterator[None]:
    """Blocks plugged into this process, as TAIKYOKU_GAMES does at import; gone after."""
    plug_in("tests.games.blocks")
    _fresh_words()
    try:
        yield
    finally:
        GAMES.pop("blocks")
        _fresh_words()


def test_plug_in_registers_the_game_and_refuses_what_is_not_one(blocks_registered) -> None:
    assert list(GAMES)[-1] == "blocks" and get_game("blocks") is GAME
    assert {GAME: "an entry with its words is still a value, as a key"}[GAME]
    with pytest.raises(ValueError, match="a game called 'blocks' is registered already"):
        plug_in("tests.games.blocks")
    with pytest.raises(ValueError, match=f"{PLUGINS_VARIABLE}: tests.games.nothing_here"):
        plug_in("tests.games.nothing_here")
    with pytest.raises(PluginError, match="TAIKYOKU_GAMES: tests.games: defines no GAME"):
        plug_in("tests.games")
    assert plug_in(" , ") == []


def test_every_game_has_every_entry_in_every_language_with_the_same_facts(
        blocks_registered) -> None:
    facts = {lang: placeholders(shared.words.parse(lang)) for lang in LANGUAGES}
    pages = {lang: page_form(lang) for lang in LANGUAGES}
    for info in GAMES.values():
        for key in game_keys(info):
            for lang in LANGUAGES:
                assert key in facts[lang] and key in pages[lang], (lang, key)
            assert len({facts[lang][key] for lang in LANGUAGES}) == 1, key
    en, ja = get_words("en"), get_words("ja")
    assert [game_label(w, "blocks", 4) for w in (en, ja)] == ["Blocks", "ブロック"]
    assert reason_key("blocks", "block") == "blocks-end-block"
    assert reason_key("blocks", "resign") == "match-reason"
    assert en("blocks-end-block", winner="side", side=en("blocks-side-1")) \
        == "O has a block of four."



def test_a_game_without_an_entry_in_a_language_is_refused_when_the_words_load(
        blocks_registered, monkeypatch) -> None:
    """So a server with such a game plugged in stops at its start, saying which."""
    japanese = GAME.words["ja"].replace("blocks-illegal-why = はもう埋まっています\n", "")
    monkeypatch.setitem(GAMES, "blocks", dataclasses.replace(
        GAME, words={"en": GAME.words["en"], "ja": japanese}))
    _fresh_words()
    assert shared.words.parse("en")
    with pytest.raises(PluginError, match="TAIKYOKU_GAMES: tests.games.blocks: the game "
                                          "blocks has no blocks-illegal-why in its 'ja' words"):
        shared.words.parse("ja")


@pytest.fixture
async def server(tmp_path: Path) -> AsyncIterator[tuple[At, ServerProcess]]:
    """`python -m server serve` with Blocks plugged in (this process does not know it)."""
    assert "blocks" not in GAMES
    process = ServerProcess(tmp_path / "db.sqlite3", tmp_path / "server.log", PLUGGED)
    try:
        yield At(await process.port(timeout=120)), process  # it loads the engine first
    finally:
        await process.stop(15)


def replayed(moves: list[int | str]) -> BlocksState:
    state = BlocksState.start()
    for move in moves:
        assert isinstance(move, int)
        state = state.play(move)
    return state


async def test_against_the_servers_bot_to_the_end(server, connect) -> None:
    at, _ = server
    peer = await connect(at, name="Taro")
    assert peer.welcome["games"][-1] == {"game": "blocks", "sizes": [4]}
    for level, seat in ((5, 0), (4, 1), (2, 0)):
        await peer.send(type="create", game="blocks", vs="bot", bot={"level": level},
                        seat="first" if seat == 0 else "second")
        joined = await peer.expect("joined")
        first = await peer.expect("state", match=joined["match"])
        assert first["size"] == 4 and first["board"] == "." * 16
        if seat == 0:  # a hint (always allowed against the bot): every empty square scored
            await peer.send(type="hint", match=joined["match"])
            hint = await peer.expect("analysis", match=joined["match"], timeout=60)
            assert sorted(entry["move"] for entry in hint["moves"]) == list(range(16))
            assert {entry["score"] for entry in hint["moves"]} <= {-1, 0, 1}
        final = await peer.play_out(first, seat)
        end = replayed(final["moves"])
        outcome = end.outcome()
        assert outcome is not None
        assert final["result"] == {"winner": outcome.winner, "reason": "block",
                                   "score": list(outcome.score)}
        assert final["board"] == end.board


async def test_between_two_people_to_a_block(server, connect) -> None:
    at, _ = server
    taro, hana = await connect(at, name="Taro"), await connect(at, name="Hana")
    code = (await taro.create(game="blocks", vs="human"))["match"]
    await hana.send(type="join", match=code)
    state = await hana.expect("state", match=code)
    for square in ("a1", "d4", "b1", "d3", "a2", "c4", "b2"):
        mover = taro if state["to_move"] == 0 else hana
        await mover.send(type="move", match=code, move=read_move(square), ply=state["ply"])
        state = await hana.expect("state", match=code, ply=state["ply"] + 1)
    assert state["status"] == "over"
    assert state["result"] == {"winner": 0, "reason": "block", "score": [4, 3]}
    assert (await taro.expect("state", match=code, ply=7))["result"] == state["result"]
    # the engine's review of the game: Hana's c4 let X make the block where b2 stopped it
    await hana.send(type="analyse", match=code)
    review = await hana.expect("review", match=code, timeout=60)
    assert [entry["played"] for entry in review["plies"]] == state["moves"]
    let_go = review["plies"][5]
    assert (let_go["seat"], let_go["played"], let_go["best"]) == (1, read_move("c4"),
                                                                   read_move("b2"))
    assert let_go["loss"] > 0 and let_go["mistake"] > 0


def _get(at: At, path: str) -> Any:
    with urllib.request.urlopen(at.url.replace("ws://", "http://") + path, timeout=10) as r:
        return json.load(r)


async def test_the_page_gets_its_entry_and_its_words(server) -> None:
    at, _ = server
    catalogue = await asyncio.to_thread(_get, at, "/catalogue.json")
    blocks = catalogue["games"][-1]
    assert (blocks["name"], blocks["sizes"], blocks["reasons"]) == ("blocks", [4], ["block"])
    assert blocks["boards"]["4"]["squares"][:5] == ["a1", "b1", "c1", "d1", "a2"]
    words = await asyncio.to_thread(_get, at, "/words.json")
    for lang in LANGUAGES:
        assert {key for key in words["entries"][lang] if key.startswith("blocks-")} == set(
            game_keys(GAME))
    assert words["entries"]["ja"]["blocks-title"] == ["ブロック"]


async def test_the_headless_bot_client_plays_it(server) -> None:
    at, _ = server
    done = await asyncio.to_thread(
        subprocess.run,
        [sys.executable, "-m", "client", "bot", "--server", at.url, "--game", "blocks",
         "--games", "2", "--level", "4", "--opponent-level", "3", "--seconds", "0.2",
         "--json"],
        capture_output=True, text=True, timeout=120, cwd=ROOT,
        env={**os.environ, **PLUGGED})
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert summary["games"] == 2 and summary["unfinished"] == []
    assert summary["wins"] + summary["draws"] + summary["losses"] == 2
