"""The page speaks from the same catalogue as the window and the terminal: its resolver
(client/web/words.js, in Chromium) gives Python's fluent.runtime text for every entry of
every language, and the page's MatchView says what the Python one says, in both
languages, for every way a match ends in every game (issue 24)."""

from __future__ import annotations

import itertools
import json
import re
from typing import Any

import msgspec
import pytest
from playwright.sync_api import Browser, expect

from client.common.match_view import MatchView, clock_words, game_label
from server.shell.page import PAGE_DIR, manifest_path
from server.shell.web_files import WebClient
from shared.protocol import Clock, MatchState, PlayerInfo, Result, SeatNumber
from shared.words import LANGUAGES, get_words
from shared.words.page_form import Part, page_form
from tests.client.client_support import state_after
from tests.client.web.web_actions import (
    Person,
    english_words,
    fits,
    patient_expect,  # noqa: F401 (this module's waits)
    play_in_japanese,
)
from tests.client.web.web_support import (
    VIEWPORTS,
    OpenPage,
    ThreadedServer,
    Viewport,
    screenshot,
)

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
    assert len(cases) > 1.5 * len(page_form(lang))  # every selector tried each way
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
          players: list[PlayerInfo]) -> MatchState:
    return state_after(game, size, moves, players=players, result=result)


SEATS: tuple[SeatNumber, ...] = (0, 1)


def result_cases() -> list[tuple[str, MatchState]]:
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
    cases: list[tuple[str, MatchState]] = []
    for (game, size), (won, drawn, some) in games.items():
        for who, players in (("people", people), ("bot", bot)):
            if won:
                cases.append((f"{game} won by the rules, {who}", ended(game, size, won, None,
                                                                       players)))
                cases.append((f"{game} drawn, {who}", ended(game, size, drawn, None, players)))
            else:  # Othello's end by the count, with made-up discs
                by_discs: tuple[tuple[SeatNumber | None, list[int]], ...] = (
                    (0, [10, 6]), (1, [3, 13]), (None, [8, 8]))
                for winner, score in by_discs:
                    cases.append((f"{game} by discs {score}, {who}", ended(
                        game, size, some, Result(winner, "discs", score), players)))
            for reason in ("resign", "time", "left", "abandon"):
                for winner in SEATS:
                    cases.append((f"{game} {reason} won by {winner}, {who}", ended(
                        game, size, some, Result(winner, reason, [2, 2]), players)))
            cases.append((f"{game} abandoned by both, {who}", ended(
                game, size, some, Result(None, "abandon", [2, 2]), players)))
            cases.append((f"{game} called off, {who}", ended(
                game, size, [], Result(None, "abandon", [0, 0]), players)))
        cases.append((f"{game} nobody joined", ended(
            game, size, [], Result(None, "abandon", [0, 0]), alone)))
    return cases


def python_says(state: MatchState, seat: int | None, lang: str) -> list[Any]:
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
        assert said["tictactoe won by the rules, bot"] == "×が三つ並びました。"
        assert said["othello time won by 1, bot"] == "あなたの持ち時間が切れました。"


@pytest.mark.parametrize(("lang", "line"), [
    ("en", "Othello 6x6: Hana, 3 min +2s clock"), ("ja", "オセロ 6×6：Hana、持ち時間 3分 +2秒")])
def test_the_lobby_lists_a_match_as_every_client_does(lang: str, line: str,
                                                      web_server: ThreadedServer,
                                                      open_page: OpenPage) -> None:
    """The page wrote "オセロ 6×6: Hana" with a colon of its own where the window and the
    terminal read the catalogue's "オセロ 6×6：Hana" (lobby-line)."""
    hana = Person(web_server, "Hana")
    code = hana.create(game="othello", size=6, vs="human", seat="first",
                       clock=Clock(180.0, 2.0))
    page = open_page("desktop")
    page.goto(web_server.http_url)
    page.evaluate("lang => localStorage.setItem('taikyoku.lang', lang)", lang)
    page.reload()
    listed = page.locator(".open-matches li").filter(has_text=code)
    expect(listed.locator(".what")).to_have_text(line)
    w = get_words(lang)  # the window's and the terminal's line for it
    extra = w("lobby-clock", clock=clock_words(Clock(180.0, 2.0), w))
    assert w("lobby-line", code=code, game=game_label("othello", 6, w), who="Hana",
             extra=extra) == f"{code}  {line}"
    hana.close()


def test_a_whole_game_in_japanese_on_a_phone(web_server: ThreadedServer,
                                             open_page: OpenPage) -> None:
    """The lobby's switch turns the page to Japanese and the browser remembers it; a
    game of tic-tac-toe and one of Othello against the bot are played with no English
    word on screen but the program's name and codes, the board in view at 390x844."""
    page = open_page("phone_390x844")
    page.goto(web_server.http_url)
    expect(page.get_by_role("button", name="Play")).to_be_visible()  # the browser's English
    page.get_by_role("button", name="日本語").tap()
    expect(page.get_by_role("button", name="対局開始")).to_be_visible()
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    expect(page.locator('link[rel="manifest"]')).to_have_attribute(
        "href", "/manifest.ja.webmanifest")
    page.locator("#name").fill("太郎")
    screenshot(page, "web_ja_phone_390x844_lobby")
    play_in_japanese(page, "三目並べ（○×）")
    screenshot(page, "web_ja_phone_390x844_tictactoe_end")
    page.get_by_role("button", name="ロビーへ戻る").tap()
    play_in_japanese(page, "オセロ 4×4")
    screenshot(page, "web_ja_phone_390x844_othello_end")
    page.reload()  # remembered
    expect(page.get_by_role("button", name="対局開始")).to_be_visible()
    expect(page.get_by_role("button", name="English")).to_be_visible()  # the way back


@pytest.mark.parametrize("viewport", ["phone_360x640", "phone_844x390"])
def test_japanese_fits_a_small_phone_and_one_on_its_side(viewport: Viewport,
                                                          web_server: ThreadedServer,
                                                          open_page: OpenPage) -> None:
    """The Japanese words, longer or shorter than the English ones, keep the lobby and
    the match within the screen's width and the board in view."""
    page = open_page(viewport)
    page.goto(web_server.http_url)
    page.get_by_role("button", name="日本語").tap()
    expect(page.get_by_role("button", name="対局開始")).to_be_visible()
    page.locator("#name").fill("山田 花子")
    fits(page)
    screenshot(page, f"web_ja_{viewport}_lobby")
    play_in_japanese(page, "オセロ 4×4")
    fits(page)
    screenshot(page, f"web_ja_{viewport}_othello_end")


def test_the_page_follows_the_browsers_languages(web_server: ThreadedServer,
                                                 browser: Browser) -> None:
    context = browser.new_context(locale="ja-JP", **VIEWPORTS["phone_360x640"])
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda err: errors.append(str(err)))
        page.goto(web_server.http_url)
        expect(page.get_by_role("button", name="対局開始")).to_be_visible()
        assert english_words(page) == []
        assert page.title() == "taikyoku 対局"
        screenshot(page, "web_ja_phone_360x640_lobby", full_page=True)
        assert errors == []
    finally:
        context.close()


# ---- no sentence left in the page's code ---------------------------------------------

JS_TOKEN = re.compile(r"//[^\n]*|/\*.*?\*/|\"(?:\\.|[^\"\\\n])*\"|'(?:\\.|[^'\\\n])*'"
                      r"|`(?:\\.|[^`\\])*`", re.S)
"""A JavaScript comment or string literal (the page's modules use no regex literals)."""
SENTENCE = re.compile(r"^[A-Z][a-z]+[ ,:]|[a-z]{2}[.!?…]$|^(?:[A-Za-z']+ ){2,}[A-Za-z']+$")
"""Text a person would read: a capitalised word going on, a word ending a sentence, or
three words and more (a class list is one or two words, a sound's name two)."""
NOT_FOR_PEOPLE = {
    # before the catalogue has come there is nothing to say it with: both languages
    ("catalogue.js", "Could not load the games' list from the server: reload. /"),
    ("words.js", "Could not load the words from the server: reload. /"),
    # thrown for a developer (the console), never shown
    ("catalogue.js", "the server's catalogue has no game"),
    ("words.js", "no words in"),
}


def literal_sentences(name: str, source: str) -> list[str]:
    found = []
    for token in JS_TOKEN.finditer(source):
        text = token.group(0)
        if text.startswith(("//", "/*")):
            continue
        body = text[1:-1]
        for part in re.split(r"\$\{[^}]*\}", body) if text[0] == "`" else [body]:
            part = part.strip()
            if SENTENCE.search(part) and (name, part) not in NOT_FOR_PEOPLE:
                found.append(part)
    return found


def test_no_module_of_the_page_has_a_sentence_of_its_own() -> None:
    """Every word the page shows comes from the catalogue (t(key, facts)): a sentence
    written into a module would show in English on a Japanese page."""
    left = {path.name: found for path in sorted(PAGE_DIR.glob("*.js"))
            if (found := literal_sentences(path.name, path.read_text(encoding="utf-8")))}
    assert left == {}


def test_the_check_finds_a_sentence() -> None:
    assert literal_sentences("x.js", 'say("Your move (Black)"); el("p", {}, `Taken back: '
                                     '${n} moves.`); fill(b, "no moves yet")') == [
        "Your move (Black)", "Taken back:", "moves.", "no moves yet"]
    assert literal_sentences("x.js", 'el("p", { class: "turn mine" }, t("turn-yours")); '
                                     '// A comment says "Hello there, you."') == []


def test_the_manifest_in_each_language() -> None:
    """"Add to home screen" reads the manifest the page links: the file in English, one
    made from it with the catalogue's description in Japanese."""
    served = WebClient.load()
    english = json.loads(served.respond("GET", "/manifest.webmanifest").body)
    assert english["description"] == get_words("en")("manifest-description")
    reply = served.respond("GET", manifest_path("ja"))
    assert reply.status_code == 200
    assert reply.headers["Content-Type"] == "application/manifest+json; charset=utf-8"
    description = "LAN で友だちやコンピューターと三目並べ・オセロ"
    assert json.loads(reply.body) == {**english, "lang": "ja", "description": description}
