"""The engine in the web client, in a real browser against a real game server on port 0
(see tests/client/web/web_support.py): hints drawn on the squares and gone after a move,
tic-tac-toe hints in words, an engine failure said, no hint button where hints are off,
and the review of a finished game with the engine's choice. Screenshots go to
tests/output/.
"""

from __future__ import annotations

import json
import re
from typing import Any

from playwright.sync_api import Page, WebSocketRoute, expect

from tests.client.web.web_actions import (
    Person,
    enter,
    join_from_lobby,
    patient_expect,  # noqa: F401 (this module's waits)
    play_to_the_end,
    received_frames,
    start_game,
)
from tests.client.web.web_support import screenshot


def margin(score: int) -> str:
    """A disc margin as the page writes it after the side's name: '+4', '0', '-2'."""
    return f"{score:+d}" if score else "0"


def square_centre(page: Page, square: int) -> tuple[float, float]:
    """The middle of a square in the board's SVG units (from its tap target)."""
    hit = page.locator(f'svg.board [data-square="{square}"]')
    x, y = (float(hit.get_attribute(a) or 0) for a in ("x", "y"))
    return x + 50, y + 50


def test_hints_drawn_on_the_squares_and_gone_after_a_move(warm_web_server,
                                                         open_page) -> None:
    page = open_page("desktop")
    frames = received_frames(page)
    start_game(page, warm_web_server, "Taro",
               "Othello 6x6", "The computer (bot)", "1 Beginner", "You")
    expect(page.locator(".turn")).to_have_text("Your move (Black)")
    page.locator("#hint").click()
    expect(page.locator(".hint-note")).to_have_text(
        "Hint: after each move, the disc margin you (Black) can expect at the end "
        "(+4: Black ahead by 4); framed: the best.")
    analysis = next(f for f in frames if f["type"] == "analysis")
    state = [f for f in frames if f["type"] == "state"][-1]
    assert analysis["ply"] == state["ply"] == 0
    assert sorted(m["move"] for m in analysis["moves"]) == state["legal"]
    shown = dict(page.eval_on_selector_all(
        "svg.board text.hint", "ts => ts.map(t => [Number(t.dataset.hint), t.textContent])"))
    top = analysis["moves"][0]["score"]
    assert shown == {m["move"]: (f"{m['score']:+d}" if m["score"] else "0")
                     for m in analysis["moves"]}
    best = page.eval_on_selector_all("svg.board text.hint.best",
                                     "ts => ts.map(t => Number(t.dataset.hint))")
    assert sorted(best) == sorted(m["move"] for m in analysis["moves"] if m["score"] == top)
    expect(page.locator("svg.board .hint-frame")).to_have_count(len(best))
    expect(page.locator("#hint")).to_be_disabled()  # asked already for this position

    page.locator(f'[data-square="{analysis["moves"][-1]["move"]}"]').click()
    expect(page.locator("svg.board .hint")).to_have_count(0)  # another position
    expect(page.locator(".hint-note")).to_have_count(0)
    expect(page.locator(".turn")).to_have_text("Your move (Black)")
    expect(page.locator("#hint")).to_be_enabled()


def test_tictactoe_hints_say_win_draw_or_loss(warm_web_server, open_page) -> None:
    page = open_page("phone")
    frames = received_frames(page)
    start_game(page, warm_web_server, "Taro",
               "Tic-tac-toe", "The computer (bot)", "1 Beginner", "You", tap=True)
    page.locator('[data-square="0"]').tap()
    expect(page.locator(".moves h3")).to_have_text("Moves (2)")
    page.locator("#hint").tap()
    expect(page.locator(".hint-note")).to_have_text(
        "Hint: how each move ends for you (X) with perfect play; framed: the best; "
        "underlined: solved exactly.")
    analysis = next(f for f in frames if f["type"] == "analysis")
    shown = dict(page.eval_on_selector_all(
        "svg.board text.hint", "ts => ts.map(t => [Number(t.dataset.hint), t.textContent])"))
    words = {1: "win", 0: "draw", -1: "loss"}
    assert shown == {m["move"]: words[m["score"]] for m in analysis["moves"]}
    expect(page.locator("svg.board .hint-exact")).to_have_count(len(shown))
    screenshot(page, "web_tictactoe_hints_phone")


def test_an_engine_failure_is_said_and_the_hint_may_be_asked_again(web_server, open_page,
                                                                   monkeypatch) -> None:
    async def failing_work(job: Any, *args: object, deadline: float, owner: str = "",
                           match: str = "") -> Any:
        raise TimeoutError  # the bot pool's engine job ran out of time

    monkeypatch.setattr(web_server.server.bots, "work", failing_work)
    page = open_page("desktop")
    frames = received_frames(page)
    start_game(page, web_server, "Taro",
               "Tic-tac-toe", "The computer (bot)", "1 Beginner", "You")
    hint = page.locator("#hint")
    hint.click()
    expect(page.locator(".notice")).to_have_text(  # the page's words for engine_failed
        "The engine could not work out a hint: you may ask again.")
    expect(hint).to_have_text("Hint")  # no longer "Thinking…"
    expect(hint).to_be_enabled()
    (failed,) = [f for f in frames if f["type"] == "error"]
    assert (failed["code"], failed["ref"]) == ("engine_failed", "hint")
    assert not [f for f in frames if f["type"] == "analysis"]


def test_no_hint_button_in_a_match_between_people_without_hints(web_server,
                                                                open_page) -> None:
    hana = Person(web_server, "Hana")
    code = hana.create(game="othello", size=4, vs="human", seat="second")
    page = open_page("desktop")
    enter(page, web_server, "Taro")
    join_from_lobby(page, code)
    expect(page.locator(".turn")).to_have_text("Your move (Black)")
    expect(page.locator("#takeback")).to_be_visible()
    expect(page.locator("#hint")).to_have_count(0)
    hana.close()


def test_analyse_marks_the_servers_mistakes_and_shows_the_engines_choice(warm_web_server,
                                                                    open_page) -> None:
    page = open_page("desktop")
    frames = received_frames(page)
    start_game(page, warm_web_server, "Taro",  # 6x6: long enough for the random bot to err
               "Othello 6x6", "The computer (bot)", "1 Beginner", "You")
    expect(page.locator("#analyse")).to_have_count(0)  # not before the end
    play_to_the_end(page)
    analyse = page.locator("#analyse")
    analyse.click()
    expect(analyse).to_have_text("Analysed")
    expect(analyse).to_be_disabled()
    review = next(f for f in frames if f["type"] == "review")
    final = [f for f in frames if f["type"] == "state"][-1]
    assert [r["ply"] for r in review["plies"]] == [
        k for k, m in enumerate(final["moves"]) if m != "pass"]

    entries = page.locator(".move-list .move")
    expect(entries).to_have_count(len(final["moves"]))
    lost = {r["ply"]: r for r in review["plies"] if r["mistake"] > 0}
    marked = page.eval_on_selector_all(".move-list .move", "bs => bs.map(b => "
                                       "[b.classList.contains('lost'), b.textContent])")
    names = [m if m == "pass" else "abcdef"[m % 6] + str(m // 6 + 1) for m in final["moves"]]
    marks = {1: " ?", 2: " ??"}
    assert marked == [[k in lost, names[k] + (marks[lost[k]["mistake"]] if k in lost else "")]
                      for k in range(len(names))]
    assert lost, "the random bot and the first legal square made no mistake: no mark to see"

    ply, r = next(iter(lost.items()))
    entries.nth(ply).click()  # the board after that move: the engine's square framed
    best = "abcdef"[r["best"] % 6] + str(r["best"] // 6 + 1)
    side = ["Black", "White"][r["seat"]]
    discs = f"{r['loss']} disc{'s' if r['loss'] != 1 else ''}"
    what = {1: "a mistake (?)", 2: "a big mistake (??)"}[r["mistake"]]
    expect(page.locator(".review-note")).to_have_text(
        f"Move {ply + 1}, {side} {names[ply]}: {discs} worse than {best} "
        f"({side} {margin(r['score'])}): {what}.")
    frame = page.locator("svg.board rect.engine-choice")
    expect(frame).to_have_count(1)
    x, y, w, h = (float(frame.get_attribute(a) or 0) for a in ("x", "y", "width", "height"))
    assert (x + w / 2, y + h / 2) == square_centre(page, r["best"])
    screenshot(page, "web_analysed_desktop")


def test_the_review_marks_only_the_servers_mistakes_and_says_whose_margin(
        warm_web_server, open_page) -> None:
    """The page reads the server's `mistake`, never `loss`: the review is rewritten on its
    way to the page (Playwright's websocket route) so that one move loses a disc without
    being a mistake, and the next two are a big mistake and a mistake."""
    verdicts = {0: (1, 0), 1: (6, 2), 2: (3, 1)}  # ply: (loss, mistake)

    def rewrite(frame: str | bytes) -> str:
        msg = json.loads(frame)
        if msg["type"] == "review":
            for r in msg["plies"]:
                r["loss"], r["mistake"] = verdicts.get(r["ply"], (0, 0))
        return json.dumps(msg)

    def route(ws: WebSocketRoute) -> None:
        server = ws.connect_to_server()
        server.on_message(lambda frame: ws.send(rewrite(frame)))

    page = open_page("desktop")
    page.route_web_socket(re.compile(r"^ws://"), route)
    frames = received_frames(page)
    start_game(page, warm_web_server, "Taro",
               "Othello 4x4", "The computer (bot)", "1 Beginner", "You")
    play_to_the_end(page)
    page.locator("#analyse").click()
    expect(page.locator("#analyse")).to_have_text("Analysed")
    review = {r["ply"]: r for r in next(f for f in frames if f["type"] == "review")["plies"]}
    moves = [f for f in frames if f["type"] == "state"][-1]["moves"]
    names = ["abcd"[m % 4] + str(m // 4 + 1) for m in moves[:3]]
    entries = page.locator(".move-list .move")
    expect(entries.nth(0)).to_have_text(names[0])  # a disc lost, but no mistake
    expect(entries.nth(1)).to_have_text(f"{names[1]} ??")
    expect(entries.nth(2)).to_have_text(f"{names[2]} ?")
    expect(page.locator(".move-list .move.lost")).to_have_count(2)
    expect(page.locator(".review-count")).to_have_text("Mistakes: Black 1, White 1 (1 big).")

    entries.nth(0).click()
    r = review[0]
    best = "abcd"[r["best"] % 4] + str(r["best"] // 4 + 1)
    expect(page.locator(".review-note")).to_have_text(  # the disc said, no verdict
        f"Move 1, Black {names[0]}: 1 disc worse than {best} (Black {margin(r['score'])}).")
    expect(page.locator("svg.board rect.engine-choice")).to_have_count(0)
    entries.nth(1).click()
    r = review[1]
    best = "abcd"[r["best"] % 4] + str(r["best"] // 4 + 1)
    expect(page.locator(".review-note")).to_have_text(
        f"Move 2, White {names[1]}: 6 discs worse than {best} (White {margin(r['score'])}): "
        "a big mistake (??).")
    expect(page.locator("svg.board rect.engine-choice")).to_have_count(1)
    screenshot(page, "web_review_mistakes_desktop")
