"""The page speaks from the same catalogue as the window and the terminal: its resolver
(client/web/words.js, in Chromium) gives Python's fluent.runtime text for every entry of
every language, and the page's MatchView says what the Python one says, in both
languages, for every way a match ends in every game (issue 24)."""

from __future__ import annotations

import itertools
from typing import Any

import msgspec
import pytest

from client.common.match_view import MatchView
from shared.protocol import PlayerInfo, Result, State
from shared.words import LANGUAGES, get_words
from shared.words.page_form import Part, page_form
from tests.client.client_support import state_after
from tests.client.web.web_support import OpenPage, ThreadedServer

NUMBERS = [0, 1, 2, 5, 21, 1.5]
"""Counts a numeric selector is tried with: exact keys, each English plural, a fraction."""


def _walk(parts: list[Part], entries: dict[str, list[Part]], places: set[str],
          selects: dict[str, set[Any]], seen: set[str]) -> None:
    """The facts ``parts`` reads, through the entries it refers to: placeholders into
    ``places``, each selector's keys into ``selects``."""
    for part in parts:
        if isinstance(part, str):
            continue
        if "var" in part:
            places.add(part["var"])
        elif "ref" in part:
            if part["ref"] not in seen:
                seen.add(part["ref"])
                _walk(entries[part["ref"]], entries, places, selects, seen)
        else:
            keys = selects.setdefault(part["select"], set())
            for key, variant in part["variants"]:
                keys.add(key)
                _walk(variant, entries, places, selects, seen)


def fact_cases(lang: str) -> list[tuple[str, dict[str, Any]]]:
    """Each entry with facts that reach every variant: every combination of its
    selectors' keys (a count for a plural or numeric selector, and a value no key names,
    for the default), with sample text or numbers in its placeholders."""
    entries = page_form(lang)
    cases: list[tuple[str, dict[str, Any]]] = []
    for key, parts in entries.items():
        places: set[str] = set()
        selects: dict[str, set[Any]] = {}
        _walk(parts, entries, places, selects, {key})
        numeric = {name for name, keys in selects.items()
                   if any(isinstance(k, float) or k in ("one", "other") for k in keys)}
        base = {name: 7 if name in numeric else f"«{name}»" for name in places}
        choices = [[(name, value) for value in
                    (NUMBERS if name in numeric else [*sorted(map(str, keys)), "unnamed"])]
                   for name, keys in sorted(selects.items())]
        for combo in itertools.product(*choices):
            cases.append((key, {**base, **dict(combo)}))
    return cases


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_page_resolves_every_entry_as_python_does(lang: str, web_server: ThreadedServer,
                                                      open_page: OpenPage) -> None:
    cases = fact_cases(lang)
    assert len(cases) > 2 * len(page_form(lang))
    page = open_page("desktop")
    page.goto(web_server.http_url)
    shown = page.evaluate("""async ([cases, lang]) => {
        const { t } = await import("/words.js");
        return cases.map(([key, facts]) => t(key, facts, lang));
    }""", [cases, lang])
    words = get_words(lang)
    expected = [words(key, **facts) for key, facts in cases]
    assert len(shown) == len(expected)
    for (key, facts), python, browser in zip(cases, expected, shown):
        assert browser == python, (key, facts)


def ended(game: str, size: int, moves: list[int], result: Result | None,
          players: list[PlayerInfo]) -> State:
    return state_after(game, size, moves, players=players, result=result)


def result_cases() -> list[tuple[str, State]]:
    """Every way a match ends, in every game, between people and against the bot: won
    and drawn by the rules, resigned, out of time, left on purpose, a seat that ran out
    (against the bot: the bot wins), abandoned by both people, and called off (nobody
    had moved, or nobody joined)."""
    people = [PlayerInfo(0, "Taro", "human", True, "p_1"),
              PlayerInfo(1, "花子", "human", False, "p_2")]
    bot = [PlayerInfo(0, "Taro", "human", True, "p_1"),
           PlayerInfo(1, "minimax", "bot", True, None, 3)]
    alone = [PlayerInfo(0, "Taro", "human", False, "p_1")]
    games = {  # a game won by the rules, a drawn one, and some moves of an unfinished one
        ("tictactoe", 3): ([0, 4, 1, 8, 2], [0, 1, 2, 4, 3, 5, 7, 6, 8], [4, 0]),
        ("othello", 4): ([], [], [4, 8]),
        ("othello", 8): ([], [], [19, 18]),
    }
    cases: list[tuple[str, State]] = []
    for (game, size), (won, drawn, some) in games.items():
        for who, players in (("people", people), ("bot", bot)):
            if won:
                cases.append((f"{game} won by the rules, {who}", ended(game, size, won, None,
                                                                       players)))
                cases.append((f"{game} drawn, {who}", ended(game, size, drawn, None, players)))
            else:  # Othello's end by the count, with made-up discs
                for winner, score in ((0, [10, 6]), (1, [3, 13]), (None, [8, 8])):
                    cases.append((f"{game} by discs {score}, {who}", ended(
                        game, size, some, Result(winner, "discs", score), players)))
            for reason in ("resign", "time", "left", "abandon"):
                for winner in (0, 1):
                    cases.append((f"{game} {reason} won by {winner}, {who}", ended(
                        game, size, some, Result(winner, reason, [2, 2]), players)))
            cases.append((f"{game} abandoned by both, {who}", ended(
                game, size, some, Result(None, "abandon", [2, 2]), players)))
            cases.append((f"{game} called off, {who}", ended(
                game, size, [], Result(None, "abandon", [0, 0]), players)))
        cases.append((f"{game} nobody joined", ended(
            game, size, [], Result(None, "abandon", [0, 0]), alone)))
    return cases


def python_says(state: State, seat: int | None, lang: str) -> list[Any]:
    view = MatchView(state.match, seat=seat, role="spectator" if seat is None else "player",
                     words=get_words(lang))
    view.update(state)
    return [view.turn_text(), view.result_text(), view.reason_text()]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_end_reads_the_same_in_every_client(lang: str, web_server: ThreadedServer,
                                                  open_page: OpenPage) -> None:
    cases = [(name, state, seat) for name, state in result_cases() for seat in (0, 1, None)]
    page = open_page("desktop")
    page.goto(web_server.http_url)
    shown = page.evaluate("""async ([cases, lang]) => {
        const { setLanguage } = await import("/words.js");
        const { MatchView } = await import("/match_view.js");
        setLanguage(lang);
        return cases.map(([state, seat]) => {
            const v = new MatchView(state.match);
            v.seat = seat;
            v.role = seat === null ? "spectator" : "player";
            v.update(state);
            return [v.turnText(), v.resultText(), v.reasonText()];
        });
    }""", [[[msgspec.to_builtins(s), seat] for _, s, seat in cases], lang])
    assert len(shown) == len(cases)
    for (name, state, seat), browser in zip(cases, shown):
        assert browser == python_says(state, seat, lang), (name, seat)
    said = {name: python_says(state, 0, lang)[2] for name, state, _ in cases}
    called_off = {"en": "The match was called off.", "ja": "対局は中止になりました。"}[lang]
    assert said["tictactoe called off, people"] == called_off  # not "the board is full"
    assert said["othello nobody joined"] == called_off
    assert said["othello abandoned by both, people"] != called_off
    if lang == "ja":
        assert said["othello resign won by 0, people"] == "花子が投了しました。"
        assert said["othello by discs [10, 6], bot"] == "黒 10 石、白 6 石。"
        assert said["tictactoe won by the rules, bot"] == "×が三つ並べました。"
        assert said["othello time won by 1, bot"] == "あなたの持ち時間が切れました。"
