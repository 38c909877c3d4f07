"""The web client in a real browser (Debian's Chromium through Playwright, see
tests/client/web/web_support.py) against a real game server on port 0: a tic-tac-toe game against
the bot by clicks, Othello between the browser and a person on the Python client, a
reload mid-game, refused clicks and moves that say why, the link lost and back, and a
player whose name is markup. Screenshots at desktop and phone sizes go to tests/output/.
"""

from __future__ import annotations

import asyncio
import dataclasses
import random
import re
from typing import Any

import msgspec
from playwright.sync_api import Page, expect

from client.common.connection import Connection
from client.common.match_view import MatchView
from server.shell.app import GameServer
from shared.games import PASS, new_game
from shared.protocol import Joined, MatchState, PlayerInfo, Position, Reason, Result, SeatNumber
from tests.client.client_support import state_after
from tests.client.web.web_actions import (
    HOSTILE,
    choose,
    dismiss,
    enter,
    fits,
    match_code,
    moves_shown,
    patient_expect,  # noqa: F401 (this module's waits)
    play_to_the_end,
    sent_frames,
    settled,
    start_game,
)
from tests.client.web.web_support import ThreadedServer, screenshot


def discs(page: Page) -> list[str]:
    """The discs on the board as drawn: colour and position."""
    return sorted(page.eval_on_selector_all(
        "svg.board .disc", "ds => ds.map(d => `${d.classList[1]} ${d.getAttribute('cx')} "
        "${d.getAttribute('cy')}`)"))


# ---- a person on the Python client ------------------------------------------------------

async def python_player(url: str, name: str, *, join: str | None = None,
                        create: dict[str, Any] | None = None) -> MatchState:
    """A person on the Python client: joins ``join`` or creates a match from ``create``
    (Connection.create's arguments), then plays the last legal square whenever it is
    their turn; the final state."""
    async with Connection(url, name, reconnect=False) as conn:
        if join is not None:
            await conn.join(join)
        else:
            await conn.create(**(create or {}))
        code, seat = join, None
        while True:
            msg = await conn.recv(timeout=30)
            if isinstance(msg, Joined) and code in (None, msg.match):
                code, seat = msg.match, msg.seat
            elif isinstance(msg, MatchState) and msg.match == code:
                if msg.status == "over":
                    return msg
                if msg.status == "playing" and msg.to_move == seat and msg.legal:
                    await conn.move(code, msg.legal[-1], msg.ply)


def in_background(server: ThreadedServer, coro: Any) -> asyncio.Task[Any]:
    """Start ``coro`` on the server's loop without waiting for it."""
    async def start() -> asyncio.Task[Any]:
        return asyncio.create_task(coro)
    return server.run(start())


def result_of(server: ThreadedServer, task: asyncio.Task[Any]) -> Any:
    async def wait() -> Any:
        return await task
    return server.run(wait())


async def watch_final(url: str, code: str) -> MatchState:
    """What the server says about ``code``, seen by a spectator."""
    async with Connection(url, "referee", reconnect=False) as conn:
        await conn.watch(code)
        while True:
            msg = await conn.recv(timeout=10)
            if isinstance(msg, MatchState) and msg.match == code:
                return msg


# ---- the tests ------------------------------------------------------------------------

def test_tictactoe_against_the_bot_by_clicks_then_a_rematch(web_server, open_page) -> None:
    page = open_page("desktop")
    frames = sent_frames(page)
    start_game(page, web_server, "Taro", "Tic-tac-toe", "The computer (bot)", "3 Intermediate",
               "You")
    expect(page.locator(".turn")).to_have_text("Your move (X)")
    expect(page.locator(".seat").nth(0)).to_contain_text("X: You (Taro)")
    expect(page.locator(".seat").nth(1)).to_contain_text("O: The bot (level 3)")
    played = play_to_the_end(page)

    code = match_code(page)
    final = web_server.run(watch_final(web_server.url, code))
    assert final.status == "over" and final.result is not None
    assert played == (len(final.moves) + 1) // 2  # X moved first, every other move
    assert moves_shown(page) == len(final.moves)
    # level 3 plays perfectly: the bot wins or it is a draw, and the page says which
    expected = "Draw." if final.result.winner is None else "The bot won."
    assert final.result.winner in (None, 1)
    expect(page.locator(".result")).to_have_text(expected)
    assert [f["move"] for f in frames if f["type"] == "move"] == final.moves[0::2]
    screenshot(page, "web_tictactoe_over_desktop")

    page.get_by_role("button", name="Rematch").click()  # the bot agrees at once
    expect(page.locator(".match-title")).not_to_contain_text(code)
    expect(page.locator(".seat").nth(1)).to_contain_text("O: You (Taro)")
    expect(page.locator(".result")).to_have_count(0)


def test_othello_between_a_phone_and_a_person_on_the_python_client(web_server,
                                                                    open_page) -> None:
    page = open_page("phone")
    start_game(page, web_server, "Taro", "Othello 4x4", "A person", "You", tap=True)
    expect(page.locator(".turn")).to_have_text("Waiting for an opponent to join.")
    code = page.locator(".share .code").inner_text()
    assert re.fullmatch(r"[A-Z0-9]{6}", code), code

    hana = in_background(web_server, python_player(web_server.url, "Hana", join=code))
    expect(page.locator(".seat").nth(1)).to_contain_text("White: Hana")
    play_to_the_end(page, tap=True)
    final: MatchState = result_of(web_server, hana)

    assert final.result is not None and final.result.reason == "discs"
    black, white = final.score
    expect(page.locator(".reason")).to_have_text(f"Black {black}, White {white} discs.")
    expect(page.locator(".seat .score").nth(0)).to_have_text(str(black))
    expect(page.locator(".seat .score").nth(1)).to_have_text(str(white))
    words = {None: "Draw.", 0: "You won!", 1: "Hana won."}[final.result.winner]
    expect(page.locator(".result")).to_have_text(words)
    shown = page.locator(".move-list .move").all_inner_texts()
    assert shown == [m if m == "pass" else "abcd"[m % 4] + str(m // 4 + 1)
                     for m in final.moves]


def test_a_forced_pass_is_said_and_resigning_asks_twice(web_server, open_page) -> None:
    """Hana, on the Python client, sets up an Othello 4x4 position where Black's b1
    leaves White without a move; the browser joins it from the lobby list."""
    board = "O.OXXOX.XXO.X..."
    hana = in_background(web_server, python_player(web_server.url, "Hana", create={
        "game": "othello", "size": 4, "vs": "human", "seat": "second",
        "position": Position(board=board, to_move=0)}))
    page = open_page("phone")
    enter(page, web_server, "Taro")
    page.locator(".open-matches li").filter(has_text="Hana").get_by_role(
        "button", name="Join").tap()
    expect(page.locator(".turn")).to_have_text("Your move (Black)")
    page.locator('[data-square="1"]').tap()  # b1
    expect(page.locator(".pass")).to_have_text("Hana (White) had no legal move and passed.")
    expect(page.locator(".turn")).to_have_text("Your move (Black)")
    assert page.locator(".move-list .move").all_inner_texts() == ["b1", "pass"]

    resign = page.locator("#resign")
    resign.tap()
    expect(resign).to_have_text("Sure? Tap again to resign")
    expect(page.locator(".result")).to_have_count(0)  # one tap did not resign
    resign.tap()
    expect(page.locator(".result")).to_have_text("Hana won.")
    expect(page.locator(".reason")).to_have_text("You resigned.")
    final: MatchState = result_of(web_server, hana)
    assert final.result is not None and final.result.reason == "resign"
    assert final.result.winner == 1


def test_a_reload_mid_game_lands_back_in_the_same_game(web_server, open_page) -> None:
    page = open_page("desktop")
    start_game(page, web_server, "Taro", "Othello 6x6", "The computer (bot)", "1 Beginner", "You")
    page.locator("svg.board.playable .hit.legal").first.click()
    expect(page.locator(".moves h3")).to_have_text("Moves (2)")  # ours and the bot's
    code = match_code(page)
    board = discs(page)
    assert len(board) == 4 + 2  # the start, and one disc each

    page.reload()
    expect(page.locator(".notice")).to_have_text("Welcome back: your unfinished game goes on.")
    assert match_code(page) == code
    expect(page.locator(".moves h3")).to_have_text("Moves (2)")
    assert discs(page) == board
    expect(page.locator(".seat").nth(0)).to_contain_text("Black: You (Taro)")
    page.locator("svg.board.playable .hit.legal").first.click()  # and it plays on
    expect(page.locator(".moves h3")).to_have_text("Moves (4)")


def test_with_several_unfinished_games_a_reload_lets_the_person_choose(web_server,
                                                                       open_page) -> None:
    page = open_page("desktop")
    start_game(page, web_server, "Taro", "Othello 8x8", "The computer (bot)", "You")
    first = match_code(page)
    token = page.evaluate("localStorage.getItem('taikyoku.token')")

    async def second_game() -> str:  # the same player, from another client
        async with Connection(web_server.url, "Taro", token=token, reconnect=False) as conn:
            await conn.create("tictactoe", vs="bot", seat="first")
            while True:  # after the seat in the first game, given back at hello
                msg = await conn.recv(timeout=10)
                if isinstance(msg, Joined) and msg.match != first:
                    return msg.match

    second = web_server.run(second_game())
    page.reload()
    expect(page.locator(".notice")).to_contain_text("you have 2 unfinished games")
    mine = page.locator(".mine li")
    expect(mine).to_have_count(2)
    expect(mine.filter(has_text=first)).to_contain_text("Othello 8x8: Your move (Black)")
    mine.filter(has_text=second).get_by_role("button", name="Resume").click()
    assert match_code(page) == second
    expect(page.locator(".turn")).to_have_text("Your move (X)")


def test_refused_clicks_and_requests_say_why(web_server, open_page) -> None:
    page = open_page("desktop")
    frames = sent_frames(page)
    enter(page, web_server, "Taro")
    page.locator("#code").fill("zzzzzz")  # the server's refusal, in its words
    page.get_by_role("button", name="Join", exact=True).first.click()
    expect(page.locator(".notice")).to_contain_text("ZZZZZZ")
    assert {"type": "join", "match": "ZZZZZZ"} in frames

    choose(page, "Othello 8x8", "The computer (bot)", "You")
    page.get_by_role("button", name="Play").click()
    expect(page.locator(".turn")).to_have_text("Your move (Black)")
    page.locator('[data-square="0"]').click()  # a1: the page knows why, sends nothing
    expect(page.locator(".notice")).to_have_text(
        "a1 flips nothing, so it is not a legal move. Legal moves: d3, c4, f5, e6.")
    page.locator('[data-square="27"]').click()  # d4
    expect(page.locator(".notice")).to_have_text("d4 is already taken.")
    assert not [f for f in frames if f["type"] == "move"]
    expect(page.locator(".moves h3")).to_have_text("Moves (0)")
    page.keyboard.press("d")  # d3, typed as in the window: legal, played, the notice goes
    page.keyboard.press("3")
    expect(page.locator(".moves h3")).to_have_text("Moves (2)")
    expect(page.locator(".notice")).to_have_count(0)


def test_the_link_lost_banner_and_the_automatic_resume(web_server, open_page) -> None:
    """The server goes away (as on a restart) and comes back on the same port with the
    same database: the page says the link is lost, refuses taps meanwhile, and returns
    to its game by itself."""
    page = open_page("desktop")
    start_game(page, web_server, "Taro", "Tic-tac-toe", "The computer (bot)", "You")
    code = match_code(page)
    old = web_server.server
    web_server.run(old.close())
    expect(page.locator("#banner")).to_contain_text(
        "Link lost – reconnecting by itself; your game is kept.")
    page.locator('[data-square="4"]').click()
    expect(page.locator(".notice")).to_have_text(
        "Not sent: the link to the server is down. Tap again once it is back.")
    assert page.locator("body").inner_text().count("link to the server is down") == 1

    web_server.server = GameServer(dataclasses.replace(old.config, port=old.port))
    web_server.run(web_server.server.start())
    expect(page.locator("#banner")).to_be_hidden(timeout=20_000)
    assert match_code(page) == code
    expect(page.locator(".turn")).to_have_text("Your move (X)")
    page.locator('[data-square="4"]').click()
    expect(page.locator(".moves h3")).to_have_text("Moves (2)")


def test_a_name_that_is_markup_is_shown_as_text(web_server, open_page) -> None:
    dialogs: list[str] = []
    pages = [open_page("desktop"), open_page("phone")]
    for p in pages:
        p.on("dialog", lambda d: dismiss(d, dialogs))
    host, guest = pages
    start_game(host, web_server, HOSTILE, "Othello 4x4", "A person", "You")
    code = host.locator(".share .code").inner_text()
    expect(host.locator(".seat").nth(0)).to_contain_text(f"You ({HOSTILE})")

    enter(guest, web_server, "Hana")
    listed = guest.locator(".open-matches li").filter(has_text=code)
    expect(listed).to_contain_text(f"Othello 4x4: {HOSTILE}")  # the lobby shows it as text
    listed.get_by_role("button", name="Join").tap()
    expect(guest.locator(".seat").nth(0)).to_contain_text(f"Black: {HOSTILE}")
    expect(guest.locator(".turn")).to_have_text(f"{HOSTILE} to move (Black)")
    expect(host.locator(".seat").nth(1)).to_contain_text("White: Hana")
    screenshot(guest, "web_hostile_name_phone")
    for p in pages:
        assert p.locator("img").count() == 0
        assert p.evaluate("document.querySelectorAll('img, [onerror]').length") == 0
    assert dialogs == []


def test_screenshots_of_the_lobby_and_a_game_at_desktop_and_phone_sizes(web_server,
                                                                        open_page) -> None:
    """tests/output/web_*.png, for a person to look at; the layout checks in `fits`."""
    host = open_page("desktop")
    start_game(host, web_server, "Hana", "Othello 8x8", "A person", "You")
    code = host.locator(".share .code").inner_text()
    fits(host)
    screenshot(host, "web_waiting_desktop")

    pages = {"desktop": open_page("desktop"), "phone": open_page("phone")}
    for size, page in pages.items():
        enter(page, web_server, f"Taro on a {size}")
        expect(page.locator(".open-matches li").filter(has_text=code)).to_be_visible()
        fits(page)
        screenshot(page, f"web_lobby_{size}", full_page=True)
    for size, page in pages.items():
        choose(page, "Othello 8x8", "The computer (bot)", "2 Casual", "You")
        page.get_by_role("button", name="Play").click()
        for _ in range(5):
            before = moves_shown(page)
            page.locator("svg.board.playable .hit.legal").last.click()
            expect(page.locator(".moves h3")).not_to_have_text(f"Moves ({before})")
            expect(page.locator("svg.board.playable .hit.legal").first).to_be_visible()
        page.locator(".move-list .move").nth(4).click()  # looking back at move 5
        expect(page.locator(".turn")).to_have_text(
            "Looking back at move 5")
        page.get_by_role("button", name="back to the game").click()
        settled(page)
        page.evaluate("window.scrollTo(0, 0)")
        fits(page)
        screenshot(page, f"web_othello_{size}")
        screenshot(page, f"web_othello_{size}_whole", full_page=True)
    pages["desktop"].reload()  # the lobby shows the games in progress to watch
    page = open_page("phone")
    enter(page, web_server, "Fan")
    expect(page.locator(".watch-matches li")).to_have_count(2)
    page.locator(".watch-matches li").first.get_by_role("button", name="Watch").click()
    expect(page.locator(".match-title")).to_contain_text("(watching)")
    fits(page)
    screenshot(page, "web_watching_phone", full_page=True)


def sentence_cases() -> list[tuple[MatchState, int | None]]:
    """States from random games (with passes, ends by line, discs, resignation and
    abandonment), each seen from seat 0, seat 1 and by a spectator."""
    rng = random.Random(7)
    cases: list[tuple[MatchState, int | None]] = []
    for game, size in (("tictactoe", 3), ("othello", 4), ("othello", 6)):
        for _ in range(6):
            st, moves = new_game(game, size), []
            while not st.is_over:
                moves.append(rng.choice(st.legal_moves()))
                st = st.play(moves[-1])
                if rng.random() < 0.3 or st.is_over:
                    bot = rng.random() < 0.5
                    away = rng.random() < 0.5
                    players = [PlayerInfo(0, "Taro", "human", True, "p_1"),
                               PlayerInfo(1, "minimax", "bot", True, None, 3) if bot else
                               PlayerInfo(1, "Hana", "human", not away, "p_2")]
                    state = state_after(game, size, moves, players=players)
                    state.moves = ["pass" if m == PASS else m for m in moves]
                    if not st.is_over and rng.random() < 0.2:  # ended early
                        early: list[Reason] = ["resign", "left", "abandon"]
                        winners: list[SeatNumber] = [0, 1]
                        state.result = Result(rng.choice(winners), rng.choice(early),
                                              state.score)
                        state.status, state.legal = "over", []
                    cases += [(state, seat) for seat in (0, 1, None)]
    return cases


def test_the_page_says_what_the_window_says(web_server, open_page) -> None:
    """The page's sentences (match_view.js) are the window's and the terminal's
    (client/common/match_view.py), word for word: whose turn, passes, the result and how it
    ended, and why a tap on each square would be refused."""
    cases = sentence_cases()
    page = open_page("desktop")
    page.goto(web_server.http_url)
    shown = page.evaluate("""async (cases) => {
        const { MatchView } = await import("/match_view.js");
        return cases.map(([state, seat]) => {
            const v = new MatchView(state.match);
            v.seat = seat;
            v.role = seat === null ? "spectator" : "player";
            v.update(state);
            return [v.turnText(), v.passNote(), v.resultText(), v.reasonText(),
                    [...state.board].map((_, i) => v.whyNot(i))];
        });
    }""", [[msgspec.to_builtins(s), seat] for s, seat in cases])
    assert len(shown) == len(cases) > 100
    for (state, seat), page_says in zip(cases, shown):
        view = MatchView(state.match, seat=seat, role="spectator" if seat is None else "player")
        view.update(state)
        window_says = [view.turn_text(), view.pass_note(), view.result_text(),
                       view.reason_text(), [view.why_not(i) for i in range(len(state.board))]]
        assert page_says == window_says, state
