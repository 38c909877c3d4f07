"""Issue 12's features in the web client, in a real browser (Debian's Chromium through
Playwright, see tests/client/web/web_support.py) against a real game server on port 0:
chat both ways (markup shown as text, the history after a reload), clocks counting down
with their low-time warning and a flag ending the game, the clock and hints choices of
the new-game form, takebacks against the bot and offers between the page and a person
on the Python client, and the sound switch remembered across a reload (the engine's
hints and review: test_web_engine.py). Screenshots at desktop and phone sizes go to
tests/output/.
"""

from __future__ import annotations

import re
import time
from functools import partial

import msgspec
from playwright.sync_api import expect

from client.common.clock_view import low_time_threshold
from client.gui.sound import cues
from shared.protocol import (
    Chat,
    ChatLine,
    Clock,
    Join,
    MatchState,
    Move,
    Takeback,
    TakebackAnswer,
    TakebackDeclined,
)
from tests.client.client_support import state_after
from tests.client.web.web_actions import (
    HOSTILE,
    Person,
    choose,
    dismiss,
    enter,
    fits,
    join_from_lobby,
    patient_expect,  # noqa: F401 (this module's waits)
    received_frames,
    sent_frames,
    settled,
    start_game,
)
from tests.client.web.web_support import screenshot


def clock_seconds(text: str) -> float:
    """'1:05' or '9.4' as seconds."""
    if ":" in text:
        minutes, seconds = text.split(":")
        return int(minutes) * 60 + int(seconds)
    return float(text)


# ---- chat ------------------------------------------------------------------------------


def at_ply(ply: int, state: MatchState) -> bool:
    """Whether ``state`` is the match after ``ply`` moves."""
    return state.ply == ply

def test_chat_both_ways_markup_as_text_and_the_history_after_a_reload(web_server,
                                                                      open_page) -> None:
    dialogs: list[str] = []
    hana = Person(web_server, "Hana")
    code = hana.create(game="othello", size=4, vs="human", seat="second")
    page = open_page("desktop")
    page.on("dialog", lambda d: dismiss(d, dialogs))
    enter(page, web_server, "Taro")
    join_from_lobby(page, code)
    lines = page.locator(".chat-lines li")
    expect(lines).to_have_text(["No messages yet. Say hello!"])

    hana.send(Chat(match=code, text=HOSTILE))
    expect(lines).to_have_text([f"Hana: {HOSTILE}"])
    assert page.evaluate("document.querySelectorAll('img, [onerror]').length") == 0

    field = page.locator("#chat-text")
    field.fill("good luck!")
    field.press("Enter")
    expect(field).to_have_value("")
    line: ChatLine = hana.until(lambda m: isinstance(m, ChatLine) and m.name == "Taro")
    assert (line.text, line.seat) == ("good luck!", 0)
    field.fill("x" * 250)  # the field holds the server's limit, no more
    assert len(field.input_value()) == 200
    expect(page.locator(".chat-count")).to_have_text("0 characters left")
    field.fill("  and the Send button  ")
    page.locator("#chat-send").click()
    line = hana.until(lambda m: isinstance(m, ChatLine) and m.name == "Taro")
    assert line.text == "and the Send button"
    shown = [f"Hana: {HOSTILE}", "You: good luck!", "You: and the Send button"]
    expect(lines).to_have_text(shown)

    page.locator('[data-square="1"]').click()  # a move redraws the panel, not the chat:
    field.fill("half a li")                     # what is being typed stays
    hana.until(lambda m: isinstance(m, MatchState) and m.ply == 1)
    expect(field).to_have_value("half a li")

    page.reload()  # the server sends the history again with the resume
    expect(page.locator(".notice")).to_contain_text("Welcome back")
    expect(lines).to_have_text(shown)
    assert dialogs == []
    hana.close()


def test_a_spectator_chats_and_sees_an_offer_without_answering_it(web_server,
                                                                  open_page) -> None:
    hana, ken = Person(web_server, "Hana"), Person(web_server, "Ken")
    code = hana.create(game="othello", size=4, vs="human", seat="first")
    ken.send(Join(match=code))
    state = hana.state_where(lambda s: s.status == "playing")
    hana.send(Move(match=code, move=state.legal[0], ply=0))
    ken.state_where(lambda s: s.ply == 1)
    page = open_page("phone")
    enter(page, web_server, "Fan")
    page.locator(".watch-matches li").filter(has_text=code).get_by_role(
        "button", name="Watch").tap()
    expect(page.locator(".match-title")).to_contain_text("(watching)")
    expect(page.locator("#takeback")).to_have_count(0)
    hana.send(Takeback(match=code, ply=1))
    expect(page.locator(".takeback-offer")).to_have_text("Hana asks to take back 1 move.")
    expect(page.locator("#accept-takeback")).to_have_count(0)
    page.locator("#chat-text").fill("nice opening")
    page.locator("#chat-send").tap()
    line: ChatLine = ken.until(lambda m: isinstance(m, ChatLine))
    assert (line.name, line.seat, line.text) == ("Fan", None, "nice opening")
    expect(page.locator(".chat-lines li")).to_have_text(["You (watching): nice opening"])
    hana.close()
    ken.close()


# ---- clocks ----------------------------------------------------------------------------

def test_the_new_game_form_offers_a_clock_and_hints_the_lobby_shows_them(web_server,
                                                                         open_page) -> None:
    host = open_page("desktop")
    frames, received = sent_frames(host), received_frames(host)
    start_game(host, web_server, "Taro",
               "Othello 4x4", "A person", "You", "1 min", "Allowed for both")
    code = host.locator(".share .code").inner_text()
    create = next(f for f in frames if f["type"] == "create")
    assert create["clock"] == {"initial": 60, "increment": 0} and create["hints"] is True
    clocks = host.locator(".seat .clock")
    expect(clocks).to_have_text(["1:00", "1:00"])  # nobody's runs before the match starts

    guest = open_page("phone")
    enter(guest, web_server, "Hana")
    listed = guest.locator(".open-matches li").filter(has_text=code)
    expect(listed).to_contain_text("Othello 4x4: Taro, 1 min clock, hints allowed")
    start = time.monotonic()  # before our clock can start
    listed.get_by_role("button", name="Join").tap()
    expect(host.locator(".seat").nth(1)).to_contain_text("White: Hana")
    expect(host.locator(".seat .clock.running")).to_have_count(1)
    states = sum(f["type"] == "state" for f in received)
    shown = clocks.nth(0).inner_text()
    for _ in range(2):  # two seconds counted down...
        expect(clocks.nth(0)).not_to_have_text(shown)
        shown = clocks.nth(0).inner_text()
    elapsed = time.monotonic() - start
    assert sum(f["type"] == "state" for f in received) == states  # ...by the page itself
    later = clock_seconds(shown)
    assert 60 - elapsed - 1 <= later < 60, (later, elapsed)  # no faster than time passes
    expect(clocks.nth(1)).to_have_text("1:00")
    expect(host.locator("#hint")).to_be_enabled()  # hints between people, as allowed


def test_a_clock_counts_down_turns_low_and_its_flag_ends_the_game(web_server,
                                                                  open_page) -> None:
    hana = Person(web_server, "Hana")
    code = hana.create(game="othello", size=4, vs="human", seat="second",
                       clock=Clock(initial=6))
    page = open_page("phone")
    enter(page, web_server, "Taro")
    expect(page.locator(".open-matches li").filter(has_text=code)).to_contain_text(
        "6 s clock")
    join_from_lobby(page, code)
    expect(page.locator(".match-title")).to_have_text(f"Othello 4x4 · match {code} · 6 s clock")
    ours, theirs = page.locator(".seat .clock").nth(0), page.locator(".seat .clock").nth(1)
    expect(ours).to_have_class(re.compile(r"\brunning\b"))
    shown, low = ours.evaluate("c => [c.textContent, c.classList.contains('low')]")
    start = float(shown)  # low only below a sixth of the 6 s, however late this is read
    assert low == (start < low_time_threshold(6)), (start, low)
    expect(ours).not_to_have_text(f"{start:.1f}")  # counting down between states
    assert float(ours.inner_text()) < start
    screenshot(page, "web_clock_running_phone")

    expect(page.locator(".result")).to_have_text("Hana won.", timeout=15_000)
    expect(page.locator(".reason")).to_have_text("You ran out of time.")
    expect(ours).to_have_text("0.0")
    expect(ours).to_have_class(re.compile(r"\blow\b"))
    expect(theirs).to_have_text("6.0")
    assert "low" not in (theirs.get_attribute("class") or "")
    screenshot(page, "web_flag_fallen_phone")
    final = hana.state_where(lambda s: s.status == "over")
    assert final.result is not None and final.result.reason == "time"
    hana.close()


# ---- takebacks -------------------------------------------------------------------------

def test_a_takeback_against_the_bot_is_at_once(web_server, open_page) -> None:
    page = open_page("desktop")
    frames = received_frames(page)
    start_game(page, web_server, "Taro", "Othello 4x4", "The computer (bot)", "1 Beginner", "You")
    takeback = page.locator("#takeback")
    expect(takeback).to_be_disabled()  # nothing to take back before our first move
    page.locator("svg.board.playable .hit.legal").first.click()
    expect(page.locator(".moves h3")).to_have_text("Moves (2)")  # ours and the bot's
    expect(takeback).to_be_enabled()
    takeback.click()
    expect(page.locator(".turn")).to_have_text("Your move (Black)")
    expect(page.locator(".moves")).to_be_hidden()  # an empty record
    last = [f for f in frames if f["type"] == "state"][-1]
    assert (last["ply"], last["moves"]) == (0, [])
    expect(takeback).to_be_disabled()


def test_takeback_offers_between_the_page_and_a_person(web_server, open_page) -> None:
    hana = Person(web_server, "Hana")
    code = hana.create(game="othello", size=4, vs="human", seat="second")
    page = open_page("desktop")
    enter(page, web_server, "Taro")
    join_from_lobby(page, code)
    page.locator("svg.board.playable .hit.legal").first.click()
    state = hana.state_where(lambda s: s.ply == 1)
    hana.send(Move(match=code, move=state.legal[0], ply=1))
    expect(page.locator(".moves h3")).to_have_text("Moves (2)")
    offer = page.locator(".takeback-offer")

    hana.send(Takeback(match=code, ply=2))  # declined
    expect(offer).to_have_text("Hana asks to take back their last move.")
    page.locator("#decline-takeback").click()
    declined = hana.until(lambda m: isinstance(m, TakebackDeclined))
    assert declined.seat == 0
    expect(offer).to_have_count(0)
    expect(page.locator(".moves h3")).to_have_text("Moves (2)")

    hana.send(Takeback(match=code, ply=2))  # accepted
    page.locator("#accept-takeback").click()
    assert hana.state_where(lambda s: s.takeback is None and s.ply == 1).to_move == 1
    expect(page.locator(".notice")).to_have_text("The moves are taken back.")
    expect(page.locator(".moves h3")).to_have_text("Moves (1)")

    page.locator("#takeback").click()  # ours, declined
    expect(offer).to_have_text("You asked to take back your last move: waiting for Hana.")
    expect(page.locator("#accept-takeback")).to_have_count(0)
    hana.state_where(lambda s: s.takeback is not None and s.takeback.seat == 0)
    hana.send(TakebackAnswer(match=code, accept=False))
    expect(page.locator(".notice")).to_have_text("Hana declined the takeback.")
    expect(offer).to_have_count(0)

    page.locator("#takeback").click()  # ours, lapsed by Hana's move
    # a state read from now on (the last one Hana read still shows the declined offer)
    state = hana.until(lambda m: isinstance(m, MatchState) and m.takeback is not None)
    hana.send(Move(match=code, move=state.legal[0], ply=state.ply))
    expect(page.locator(".notice")).to_have_text(
        "Your takeback offer lapsed: a move was made before the answer.")
    expect(page.locator(".moves h3")).to_have_text("Moves (2)")
    hana.close()


# ---- sounds ----------------------------------------------------------------------------

AUDIO_SPY = """
window.audioSpy = { contexts: 0, oscillators: 0 };
const RealContext = window.AudioContext;
window.AudioContext = class extends RealContext {
  constructor(...args) { super(...args); window.audioSpy.contexts += 1; }
  createOscillator() { window.audioSpy.oscillators += 1; return super.createOscillator(); }
};
"""
"""Counts the audio contexts the page makes and the tones it starts."""


def test_sounds_start_after_a_gesture_and_the_mute_is_remembered(web_server,
                                                                 open_page) -> None:
    page = open_page("desktop")
    page.add_init_script(AUDIO_SPY)
    page.goto(web_server.http_url)
    expect(page.locator("#play")).to_be_visible()
    assert page.evaluate("window.audioSpy") == {"contexts": 0, "oscillators": 0}
    choose(page, "Othello 4x4", "The computer (bot)", "1 Beginner", "You")
    page.get_by_role("button", name="Play").click()
    sound = page.locator("#sound")
    expect(sound).to_have_text("Sound on")
    page.locator("svg.board.playable .hit.legal").first.click()
    expect(page.locator(".moves h3")).to_have_text("Moves (2)")
    page.wait_for_function("window.audioSpy.oscillators > 0")  # the captures, our turn
    assert page.evaluate("window.audioSpy.contexts") == 1

    sound.click()
    expect(sound).to_have_text("Sound off")
    heard = page.evaluate("window.audioSpy.oscillators")
    page.locator("svg.board.playable .hit.legal").first.click()
    expect(page.locator(".moves h3")).to_have_text("Moves (4)")
    # muted: nothing played (app.js plays a state's cues before it draws the state)
    assert page.evaluate("window.audioSpy.oscillators") == heard

    page.reload()  # the switch is remembered by the browser
    expect(sound).to_have_text("Sound off")
    assert page.evaluate("localStorage.getItem('taikyoku.muted')") == "1"
    sound.click()
    page.reload()
    expect(sound).to_have_text("Sound on")


def test_the_page_plays_the_windows_cues(web_server, open_page) -> None:
    """sound.js's cues are the window's (client/gui/sound.py) for the same states: moves
    with and without captures, our turn after a pass, the end, a watcher's view."""
    pairs: list[tuple[MatchState | None, MatchState, int | None]] = []
    for game, size, moves in (("tictactoe", 3, [4, 0, 8, 2, 6]),
                              ("othello", 4, [4, 8, 13, 2, 12])):
        states = [state_after(game, size, moves[:n]) for n in range(len(moves) + 1)]
        states[-1].status = "over"
        for seat in (0, 1, None):
            pairs.append((None, states[0], seat))
            pairs += [(a, b, seat) for a, b in zip(states, states[1:])]
            pairs.append((states[1], states[1], seat))  # nothing new: silence
    page = open_page("desktop")
    page.goto(web_server.http_url)
    played = page.evaluate("""async (pairs) => {
        const { cues } = await import("/sound.js");
        return pairs.map(([before, after, seat]) => cues(before, after, seat));
    }""", [[None if a is None else msgspec.to_builtins(a), msgspec.to_builtins(b), seat]
           for a, b, seat in pairs])
    assert played == [[c.value for c in cues(a, b, seat)] for a, b, seat in pairs]
    assert {"move", "capture", "your_turn", "end"} <= {c for cs in played for c in cs}


# ---- how it looks ----------------------------------------------------------------------

def test_screenshots_of_a_game_with_hints_clocks_and_chat(warm_web_server,
                                                          open_page) -> None:
    """tests/output/web_features_*.png, for a person to look at; the layout checks of
    test_web_play's `fits` (nothing sideways, the board in the width, big tap targets)."""
    server = warm_web_server
    for size in ("desktop", "phone"):
        hana = Person(server, "Hana")
        code = hana.create(game="othello", size=8, vs="human", seat="second", hints=True,
                           clock=Clock(initial=300, increment=3))
        page = open_page(size)
        enter(page, server, "Taro")
        join_from_lobby(page, code)
        for ply in (0, 2):
            page.locator("svg.board.playable .hit.legal").first.click()
            state = hana.state_where(partial(at_ply, ply + 1))
            hana.send(Move(match=code, move=state.legal[-1], ply=state.ply))
            expect(page.locator(".moves h3")).to_have_text(f"Moves ({ply + 2})")
        hana.send(Chat(match=code, text="Good luck! Take your time, the clock is generous."))
        field = page.locator("#chat-text")
        field.fill("Thanks, you too")
        field.press("Enter")
        expect(page.locator(".chat-lines li")).to_have_count(2)
        page.locator("#hint").click()
        expect(page.locator("svg.board text.hint").first).to_be_visible()
        settled(page)
        page.evaluate("window.scrollTo(0, 0)")
        fits(page)
        screenshot(page, f"web_features_{size}")
        screenshot(page, f"web_features_{size}_whole", full_page=True)
        hana.close()
