"""The terminal's optional features against a real server on 127.0.0.1 (docs/protocol.md
§11): hints, takebacks (at once against the bot, offered to a person and answered),
clocks counting down to a flag, chat both ways, the engine's review after a game, and
each refusal the server gives, said to the person.

The terminal reads a :class:`Typist`: each line is typed once the screen shows its cue,
as a person reads before typing, and it passes for a keyboard (lines are taken whenever
typed, as at a real terminal).
"""

from __future__ import annotations

import asyncio
import io
import re
from pathlib import Path
from typing import Any

import pytest

from client.common import launch
from client.common.client_state import ClientState
from client.common.match_view import clock_words
from client.common.options import Plan
from client.tui import terminal as tui
from server.shell.app import GameServer
from shared.games import new_game
from shared.games.othello import square_name
from shared.protocol import Clock, Message
from tests.client.client_support import state_after, welcome
from tests.client.tui.tui_support import (
    against_hana,
    finished,
    terminal,
    wait_for,
)
from tests.conftest import ConnectPeer, MakeServer, Peer
from tests.waiting import LIMIT


@pytest.fixture
async def warm_server(make_server: MakeServer) -> GameServer:
    """A server whose engine is ready when it starts (the first hint does not wait for a
    bot process to start on a loaded machine)."""
    return await make_server(warm_bots=True)












MOVE = "Your move (Black"
"""The start of the move prompt in Othello, with or without a clock."""


async def test_against_the_bot_hint_takeback_clock_and_review(warm_server: GameServer) -> None:
    """A whole session against the bot from the lobby's questions: a 5+3 clock, a hint,
    a move, a takeback at once, nothing more to take back, a resignation, the review."""
    steps = [("Play:", "2"), ("Opponent", "b"), ("Bot level", "1"), ("Who moves first", "f"),
             ("Clock:", "x"), ("is not a clock", "5+3"),
             (MOVE, "h"), ("Best first", "b1"),
             ("The bot (White) played", "t"), ("Taken back: 2 moves undone.", "t"),
             ("no move of yours to take back", "b1"), ("The bot (White) played", "c"),
             ("Clocks (", "resign"), ("Resign this game?", "y"), ("r rematch, a analyse", "a"),
             ("no mistakes.", "x"), ("the game is over", "q")]
    out = await terminal(warm_server, Plan(name="Taro"), steps, "tui_against_the_bot")
    # the levels in players' words, one a line in columns, as the window and the page say them
    assert ("  1  Beginner      random moves\n" in out
            and "  5  Expert        the engine at full strength\nBot level (1-5)" in out), out
    assert "'x' is not a clock: type minutes and the seconds added per move, like 5+3" in out
    control = clock_words(Clock(300, 3))
    assert f"A {control} clock." in out
    assert re.search(r"Your move \(Black, [45]:\d\d\), a square like d3 \(h hint, \? help\): ",
                     out)
    assert re.search(rf"Clocks \({re.escape(control)}\): You \(Black\) [45]:\d\d running, "
                     r"The bot \(White\) 5:00\.", out)
    # the hint: a score in each legal square of the start position, best first below
    assert "Asking the engine..." in out
    hint = out[out.index("Asking the engine..."):]
    board = hint.split("\n")[2:7]  # after the prompt printed again
    assert board[0] == "      a    b    c    d"
    # Othello 4x4 is solved at once: White wins by 8 whatever Black does
    assert board[1:] == [" 1    .   -8=   .    .", " 2   -8=   O    X    .",
                         " 3    .    X    O   -8=", " 4    .    .   -8=   ."]
    assert "Best first for you (Black): b1 -8=, a2 -8=, d3 -8=, c4 -8=." in hint
    assert "Scores: the disc margin you (Black) can expect at the end after that move" in hint
    assert "Taken back: 2 moves undone." in out
    assert "t takeback, ? help): " in out  # offered once there is a move to take back
    assert "! There is no move of yours to take back." in out  # the words for its code
    # the review of b1 (and the bot's reply): each move against the engine's best
    review = out[out.index("The engine's review"):]
    assert "\n  Move  Side   Played  Best                    Lost\n" in review
    # b1 is as good as any; each best margin says whose it is
    assert re.search(r"\n     1  Black  b1      \w\d \(Black -8=\)\n", review)
    assert re.search(r"\n     2  White  \w\d      \w\d \(White \+8=\)( +\d+(  \?\??)?)?\n",
                     review)
    assert "You (Black): no mistakes." in review


async def test_a_tictactoe_hint_groups_the_slots(warm_server: GameServer) -> None:
    plan = Plan(name="Taro", game="tictactoe", vs="bot", level=1, seat="first")
    out = await terminal(warm_server, plan, [("Your move (X)", "h"), ("perfect play", "q"),
                                             ("Leave and lose", "y")], "tui_tictactoe_hint")
    assert "Your move (X), slot 0-8 (h hint, ? help): " in out
    assert "With perfect play from both, for you (X): draw with 0, 1, 2, 3, 4, 5, 6, 7, 8." in out


async def test_an_engine_failure_is_said_and_a_hint_may_be_asked_again(
        make_server: MakeServer, monkeypatch: pytest.MonkeyPatch) -> None:
    server = await make_server()

    async def failing_work(job: Any, *args: object, deadline: float, owner: str = "",
                           match: str = "") -> Any:
        raise TimeoutError  # the bot pool's engine job ran out of time

    monkeypatch.setattr(server.bots, "work", failing_work)
    failed = "! The engine could not work out a hint: you may ask again."
    plan = Plan(name="Taro", game="tictactoe", vs="bot", level=1, seat="first")
    out = await terminal(server, plan, [("Your move (X)", "h"), (failed, "h"), (failed, "q"),
                                        ("Leave and lose", "y")], "tui_engine_failed")
    assert out.count("Asking the engine...") == out.count(failed) == 2


async def test_a_clock_counts_down_warns_and_the_flag_falls(warm_server: GameServer) -> None:
    """Three seconds each: the prompt and `c` show the clock counting down, the warning
    comes on its own before the flag, and then the game is lost on time (with no move
    for the engine to review)."""
    steps = [("Play:", "2"), ("Opponent", "b"), ("Bot level", "1"), ("Who moves first", "f"),
             ("Clock:", "0.05"), (MOVE, "c"), ("Clocks (", "c"),
             ("Low on time", "c"), ("ran out of time", "a"), ("nothing to review", "q")]
    out = await terminal(warm_server, Plan(name="Taro"), steps, "tui_flag_falls")
    shown = [float(t) for t in re.findall(r"Clocks \(.*\): You \(Black\) (\d\.\d)", out)]
    assert len(shown) >= 3 and shown == sorted(shown, reverse=True) and shown[0] > shown[-1]
    assert re.search(r"! Low on time: 0\.[0-5] seconds left on your clock\.", out)
    assert "The bot won. You ran out of time." in out






async def move(peer: Peer, state: dict[str, Any]) -> dict[str, Any]:
    """``peer`` plays its lowest legal square; the state that shows it."""
    await peer.send(type="move", match=state["match"], move=state["legal"][0], ply=state["ply"])
    return await peer.expect("state", match=state["match"], ply=state["ply"] + 1)


async def test_takeback_offers_both_ways_hint_and_chat_with_a_person(
        warm_server: GameServer, connect: ConnectPeer) -> None:
    """The terminal against a Python client: its takeback offer declined, a second offer
    while one waits refused, offered again and accepted; a hint (allowed at create);
    then Hana asks and the terminal answers n, then y; chat both ways, the other side's
    escape sequences shown as text, a line over 200 characters refused."""
    steps = [("Play:", "2"), ("Opponent", "p"), ("Who moves first", "f"), ("Clock:", ""),
             ("Allow hints", "y"), ("Unlisted", ""), ("Spectators may chat", ""),
             (MOVE, "b1"), ("Hana (White) played", "t"),
             ("waiting for Hana", "t"), ("declined the takeback", "t"),
             ("Taken back: 2 moves undone.", "h"),
             ("Best first", "b1"), ("Accept? (y/n) ", "n"), ("Accept? (y/n) ", "y"),
             ("Taken back: 1 move undone.", "say hello Hana"), ("[Hana] ", "say " + "x" * 201),
             ("That message is too long", "q"), ("Leave and lose", "y")]
    running, out, typist, hana, code = await against_hana(warm_server, connect, steps,
                                                          "tui_against_a_person")
    state = await hana.expect("state", match=code, status="playing")
    assert state["hints"] is True
    state = await move(hana, await hana.expect("state", match=code, ply=1))  # after b1
    offer = await hana.expect("state", match=code, ply=2, takeback={"seat": 0, "ply": 0})
    await wait_for(out, "An offer is already waiting")  # Taro's second offer, refused
    await hana.send(type="takeback_answer", match=code, accept=False)
    assert (await hana.expect("takeback_declined", match=code))["seat"] == 1
    await hana.expect("state", match=code, ply=2, takeback=None)
    offer = await hana.expect("state", match=code, ply=2, takeback={"seat": 0, "ply": 0})
    await hana.send(type="takeback_answer", match=code, accept=True)
    state = await hana.expect("state", match=code, ply=0, takeback=None)
    state = await move(hana, await hana.expect("state", LIMIT, match=code, ply=1))  # b1 again
    for answer in ("declined", "accepted"):
        await hana.send(type="takeback", match=code, ply=state["ply"])
        offer = await hana.expect("state", match=code, takeback={"seat": 1, "ply": 1})
        if answer == "declined":
            assert (await hana.expect("takeback_declined", match=code))["seat"] == 0
            state = await hana.expect("state", match=code, takeback=None)
    state = await hana.expect("state", LIMIT, match=code, ply=1)
    line = await hana.expect("chat", LIMIT, match=code)
    assert (line["name"], line["text"], line["seat"]) == ("Taro", "hello Hana", 0)
    await hana.send(type="chat", match=code, text="\x1b[31mhi\x1b[0m there")
    text = await finished(running, out, typist)
    assert offer["ply"] == 2
    assert "You asked to take back your last move: waiting for Hana." in text
    assert "! An offer is already waiting for its answer." in text  # a second one
    assert "! Hana declined the takeback." in text
    assert "Takeback accepted: the moves are undone." in text
    assert "Best first for you (Black): b1 -8=, a2 -8=, d3 -8=, c4 -8=." in text  # hints on
    assert text.count("Hana asks to take back their last move. Accept? (y/n) ") == 2
    assert "The moves are taken back." in text
    assert "[You] hello Hana" in text
    assert "[Hana] [31mhi[0m there" in text and "\x1b" not in text
    assert "! That message is too long." in text


async def test_refusals_a_lapsed_offer_and_the_chat_again_on_resume(
        warm_server: GameServer, connect: ConnectPeer, tmp_path: Path) -> None:
    """Between people without hints: a hint is not allowed, analyse waits for the end,
    nothing to take back before a move of one's own, an offer lapses when its asker
    moves, a chat line with nothing printable and a flood of lines are refused; the
    terminal then closes (its seat kept) and on its return shows the recent chat."""
    after_b1 = new_game("othello", 4).play(1)
    hana_reply = min(after_b1.legal_moves())
    ours = square_name(min(after_b1.play(hana_reply).legal_moves()), 4)
    steps = [("Play:", "2"), ("Opponent", "p"), ("Who moves first", "f"), ("Clock:", ""),
             ("Allow hints", "n"), ("Unlisted", ""), ("Spectators may chat", ""),
             (MOVE, "h"), ("created without hints", "a"),
             ("not over yet", "t"), ("no move of yours to take back", "b1"),
             ("Hana (White) played", "t"), ("waiting for Hana", ours),
             ("offer lapsed", "say \x07"), ("could not understand that request", "say 1"),
             ("", "say 2"), ("", "say 3"), ("", "say 4"), ("", "say 5"), ("", "say 6"),
             ("Too many chat lines", "m")]
    plan = Plan(name="Taro", token_file=tmp_path / "taro.token")
    running, out, typist, hana, code = await against_hana(warm_server, connect, steps,
                                                          "tui_refusals", plan)
    await move(hana, await hana.expect("state", LIMIT, match=code, ply=1))
    assert (await hana.expect("chat", LIMIT, match=code))["text"] == "1"
    await hana.send(type="chat", match=code, text="see you")
    text = await finished(running, out, typist)
    assert "! This match was created without hints." in text
    assert "! The game is not over yet: the review comes after the end." in text
    assert "! There is no move of yours to take back." in text
    assert "! Your takeback offer lapsed: a move was made before the answer." in text
    assert "! The server could not understand that request." in text  # an empty line
    assert "[You] 1" in text and "! Too many chat lines at once" in text
    assert f"your seat in match {code} is kept" in text
    again = await terminal(warm_server, plan, [("Recent chat:", "q"), ("Leave and lose", "y")],
                           "tui_resume_chat")
    recent = again[again.index("Recent chat:"):].split("\n")[1:7]
    # the last five of the six lines kept ("[You] 1" came first), in the server's order
    assert [line for line in recent[:5] if line != "[Hana] see you"] == [
        "[You] 2", "[You] 3", "[You] 4", "[You] 5"] and "[Hana] see you" in recent[:5]
    assert not recent[5].startswith("[")


class _Recorder:
    """A connection to an older server (no features): records what the terminal sends."""

    def __init__(self) -> None:
        self.sent: list[Message] = []
        self.replies: asyncio.Queue[Any] = asyncio.Queue()

    async def send(self, message: Message) -> None:
        self.sent.append(message)

    async def recv(self, timeout: float | None = None) -> Any:
        return await self.replies.get()


async def test_an_older_server_is_not_asked_for_what_it_does_not_offer() -> None:
    known = ClientState(welcome=welcome())  # no features
    known.handle(state_after("othello", 4, [1, 0]))
    known.current = "K7QX"
    known.views["K7QX"].seat = 0
    conn, out = _Recorder(), io.StringIO()
    term = tui.Terminal(conn, tui.Lines(io.StringIO("h\nt\nsay hi\nc\nbell\n")),  # type: ignore
                        out, Plan(name="Taro"), launch.Where("ws://test", "test"), known)
    try:
        assert await asyncio.wait_for(term.run("resume"), LIMIT) == 0
    finally:
        term.stop()
    text = out.getvalue()
    assert "This server does not offer hints (it is older than this client)." in text
    assert "This server does not offer takebacks" in text
    assert "This server does not offer chat" in text
    assert "This match has no clock." in text
    assert "Your move (Black), a square like d3 (? help): " in text
    assert conn.sent == []
    # the bell is off until asked for; then it rings at once, as it is our turn
    before, _, after = text.partition("The bell rings when it is your turn.")
    assert "\a" not in before and after.startswith("\n\aYour move")
