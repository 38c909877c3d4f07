"""The terminal client against a real server on 127.0.0.1, with scripted input: whole
games, bad entries answered with a sentence and the prompt again, two clients on one
server."""

from __future__ import annotations

import asyncio
import io
import re
import sqlite3
from dataclasses import replace
from pathlib import Path

import msgspec
import pytest
from websockets.exceptions import ConnectionClosed

from client.common import launch
from client.common.client_state import ClientState
from client.common.connection import Connection
from client.common.discovery import FoundServer
from client.common.match_view import MatchView
from client.common.options import Plan, parse
from client.tui import terminal as tui
from client.tui.console import Lines
from client.tui.match_text import MatchPrinter
from server.config import ServerConfig
from server.shell.app import GameServer
from server.shell.session import Session
from shared.protocol import PROTOCOL_VERSION, Clock, Error, Lobby, PlayerInfo, Result
from tests.client.client_support import HeldInput, play_script, state_after, welcome
from tests.waiting import LIMIT


async def test_tictactoe_against_the_bot_with_bad_entries(game_server: GameServer) -> None:
    plan = Plan(name="Taro", game="tictactoe", vs="bot", level=1, seat="first")
    # every slot in order: whichever the bot took first is refused, the rest are played
    moves = [str(i) for i in range(9)]
    out = await play_script(game_server, plan, ["hello", "9", "-1", "0", "0", *moves, "q"])
    assert "/---|---|---\\\n| 0 | 1 | 2 |" in out  # the empty board with slot numbers
    assert "'hello' is not a move (slot 0-8)." in out
    assert "'9' is not a move (slot 0-8)." in out
    assert "'-1' is not a move (slot 0-8)." in out
    assert "Slot 0 is already taken." in out
    assert out.count("Your move (X), slot 0-8 (h hint, ") >= 5  # asked again after each bad entry
    assert any(f"{result} X has three in a row." in out or f"{result} O has" in out
               or f"{result} The board is full" in out
               for result in ("You won!", "The bot won.", "Draw."))


async def test_othello_bad_entries_moves_and_resign(game_server: GameServer) -> None:
    plan = Plan(name="Taro", game="othello", size=4, level=1)
    script = ["z9", "a1", "b2", "pass", "b1", "resign", "n", "resign", "y", "x", "m", "q"]
    out = await play_script(game_server, plan, script)
    assert "    a  b  c  d\n 1  .  *  .  ." in out  # coordinates; b1 is a legal move
    assert "'z9' is not a move (a square like d3)." in out
    assert "a1 flips nothing, so it is not a legal move. Legal moves: b1, a2, d3, c4." in out
    assert "b2 is already taken." in out
    assert "No need to pass" in out
    assert "You (Black) played b1, turning over 1." in out
    assert out.count("Resign this game? (y/n) ") == 2  # asked once each time
    assert "Still playing." in out
    assert out.count("The bot won. You resigned.") == 1  # after the second, confirmed
    assert "'x': the game is over; type r, a, l, m or q." in out
    assert "Moves: 1.b1" in out


async def test_two_terminals_play_each_other(game_server: GameServer) -> None:
    taro = Plan(name="Taro", game="tictactoe", vs="human", seat="first")
    hanako = Plan(name="Hanako")
    taro_task = asyncio.create_task(play_script(game_server, taro, ["0", "1", "2", "q"]))
    async with asyncio.timeout(LIMIT):  # Hanako looks once Taro's match is open
        while game_server.runner is None or not any(
                m.status == "waiting" for m in game_server.runner.matches.values()):
            await asyncio.sleep(0.05)
    hanako_out = await play_script(game_server, hanako, ["j", "1", "3", "4", "q"])
    taro_out = await taro_task
    assert "Waiting for an opponent. Tell your friend the code" in taro_out
    assert "Open matches:\n  1  " in hanako_out
    assert "You won! X has three in a row." in taro_out
    assert "Taro won. X has three in a row." in hanako_out


async def test_no_rematch_is_offered_with_who_left() -> None:
    terminal = tui.Terminal(None, Lines(io.StringIO("")), io.StringIO(),  # type: ignore
                            Plan(name="Taro"), launch.Where("ws://test", "the test server"),
                            ClientState(welcome=welcome()))
    view = MatchView("K7QX", seat=0)
    for left in (False, True):
        people = [PlayerInfo(0, "Taro", "human", True, "p_1"),
                  PlayerInfo(1, "Hana", "human", not left, "p_2", left=left)]
        view.update(state_after("tictactoe", 3, [0, 4], players=people,
                                result=Result(0, "left", [1, 0])))
        assert terminal.question(view).startswith("l lobby" if left else "r rematch")
    terminal.stop()


async def test_no_review_is_offered_for_a_match_called_off_before_a_move() -> None:
    told = msgspec.structs.replace(welcome(), features=["analyse"])
    terminal = tui.Terminal(None, Lines(io.StringIO("")), io.StringIO(),  # type: ignore
                            Plan(name="Taro"), launch.Where("ws://test", "the test server"),
                            ClientState(welcome=told))
    people = [PlayerInfo(0, "Taro", "human", True, "p_1"),
              PlayerInfo(1, "Hana", "human", True, "p_2")]
    view = MatchView("K7QX", seat=0)
    for moves in ([0, 4], []):
        view.update(state_after("tictactoe", 3, moves, players=people,
                                result=Result(None, "abandon", [len(moves) // 2] * 2)))
        assert ("a analyse" in terminal.question(view)) == bool(moves)
    said: list[str] = []

    def say(text: str = "", hang: int | None = None) -> None:
        said.append(text)

    terminal.say = say  # type: ignore[method-assign]
    assert await terminal.command(view, "a")  # typed anyway: no request, a sentence
    assert said == ["No move was played in this game: the engine has nothing to review."]
    assert not view.review_asked
    terminal.stop()


def test_a_leave_is_not_reported_as_a_lost_link() -> None:
    """The state after a leave shows the leaver offline: that is not 'their seat is
    held'; a lost link after the end is only 'went offline', and a leave after an end
    that was not hers says there is no rematch."""
    lines: list[str] = []
    printer = MatchPrinter(lines.append, "ws://127.0.0.1:8765")
    view = MatchView("K7QX", seat=0)

    def show(hana_online: bool, left: bool, result: Result | None) -> None:
        people = [PlayerInfo(0, "Taro", "human", True, "p_1"),
                  PlayerInfo(1, "Hana", "human", hana_online, "p_2", left=left)]
        view.update(state_after("tictactoe", 3, [0, 4], players=people, result=result))
        assert view.state is not None
        printer.show(view, view.state)

    show(True, False, None)
    show(False, False, None)
    assert lines[-1] == "Hana lost the connection; their seat is held for a while."
    show(True, False, None)
    assert lines[-1] == "Hana is back online."
    show(True, True, Result(0, "left", [1, 0]))
    show(False, True, Result(0, "left", [1, 0]))
    assert lines[-1] == "You won! Hana left the game."
    printer.forget()
    show(True, False, Result(0, "resign", [1, 0]))
    show(False, False, Result(0, "resign", [1, 0]))
    assert lines[-1] == "Hana went offline."
    show(True, False, Result(0, "resign", [1, 0]))
    show(False, True, Result(0, "resign", [1, 0]))  # then leaves: no rematch with her
    assert lines[-1] == "Hana left the match: no rematch."

def test_flags_shared_by_play_and_tui(capsys: pytest.CaptureFixture[str]) -> None:
    plan = parse("taikyoku tui", "", ["--size", "6", "--level", "5", "--seat", "random",
                                      "--server", "127.0.0.1:9000", "--name", "Taro"])
    assert (plan.game, plan.size, plan.level, plan.seat) == ("othello", 6, 5, "random")
    assert plan.server == "ws://127.0.0.1:9000" and plan.name == "Taro" and plan.decided
    assert plan.create_args() == {"game": "othello", "size": 6, "vs": "bot",
                                  "seat": "random", "level": 5, "clock": None, "hints": False,
                                  "unlisted": False, "spectator_chat": True}
    assert parse("taikyoku tui", "", ["--join", "k7qx"]).join == "K7QX"
    assert not parse("taikyoku tui", "", []).decided
    timed = parse("taikyoku play", "", ["--vs", "human", "--clock", "5+3", "--hints"])
    assert (timed.clock, timed.hints, timed.decided) == (Clock(300, 3), True, False)
    assert parse("taikyoku tui", "", ["--clock", "10"]).clock == Clock(600, 0)
    assert parse("taikyoku tui", "", ["--clock", "none"]).clock is None
    for argv, words in ((["--game", "tictactoe", "--size", "8"],
                         "Tic-tac-toe is played on size 3, not 8"),
                        (["--game", "othello", "--join", "K7QX"], "choose one of"),
                        (["--join", "K7-QX"], "is not a match code"),
                        (["--level", "9"], "invalid choice"),
                        (["--clock", "x"], "argument --clock: 'x' is not a clock"),
                        (["--clock", "5+4000"], "seconds added per move are 0 to 3600"),
                        (["--clock", "0"], "Each side gets 1 second to 1440 minutes"),
                        (["--join", "K7QX", "--hints"], "--clock, --hints, --unlisted and"),
                        (["--watch", "K7QX", "--unlisted"], "are for a new match"),
                        (["--server", "http://x"], "is not a server address")):
        with pytest.raises(SystemExit):
            parse("taikyoku tui", "", argv)
        assert words in capsys.readouterr().err


async def test_a_server_is_started_when_the_lan_has_none_or_fails(
        tmp_path: Path, game_server: GameServer) -> None:
    said: list[str] = []

    async def broken(timeout: float) -> list[FoundServer]:
        raise RuntimeError("no multicast here")

    where = await launch.find_or_start(
        None, discover=broken, say=said.append, config=ServerConfig(
            host="127.0.0.1",
            port=game_server.port,  # taken: the started server picks a free port instead
            db=tmp_path / "games.sqlite3", discovery=False, bot_workers=1))
    try:
        assert where.server is not None and where.server.port != game_server.port
        assert where.url == f"ws://127.0.0.1:{where.server.port}" == where.share
        assert said[0] == "Looking for a game server on the LAN..."
        assert "LAN discovery is unavailable (no multicast here)" in said[1]
    finally:
        await where.close()
    direct = await launch.find_or_start("ws://example.invalid:1", discover=broken)
    assert direct.url == "ws://example.invalid:1" and direct.server is None


async def test_a_second_app_here_plays_on_the_server_that_holds_the_games(
        tmp_path: Path, game_server: GameServer) -> None:
    """The game database is one server's: a second `taikyoku play --no-lan` on this
    computer joins the server already running (same games, same key), and says what to
    do when it cannot find it."""
    db = tmp_path / "taikyoku.sqlite3"  # the game_server fixture's database
    here = ServerConfig(host="127.0.0.1", port=game_server.port, db=db, discovery=False)
    where = await launch.find_or_start(None, lan=False, config=here)
    assert where.server is None and where.url == game_server.url
    assert where.key == f"this computer {db.resolve()}"
    assert where.label.startswith("the server already running on this computer")
    with pytest.raises(OSError, match="connect to it with --server ws://127.0.0.1:PORT"):
        await launch.find_or_start(None, lan=False, config=replace(here, port=1))


async def test_any_failure_to_start_is_one_line_and_exit_1(
        capsys: pytest.CaptureFixture[str]) -> None:
    async def damaged() -> launch.Where:
        raise sqlite3.DatabaseError("file is not a database")

    code = await tui.run(Plan(name="Taro", lan=False), stdin=io.StringIO(""), out=io.StringIO(),
                         find=damaged)
    assert code == 1
    assert capsys.readouterr().err == (
        "taikyoku tui: could not start: DatabaseError: file is not a database\n")


async def test_quitting_a_game_in_progress_asks_first(game_server: GameServer) -> None:
    plan = Plan(name="Taro", game="othello", size=4, level=1)
    out = await play_script(game_server, plan, ["b1", "q", "n", "lobby", "y", "q"])
    assert out.count("Leave and lose this game? (y/n) ") == 2
    assert "Still playing." in out
    code = re.search(r"Othello 4x4, match (\w+):", out)[1]  # type: ignore[index]
    assert game_server.store is not None
    record = game_server.store.record(code)
    assert record is not None and record.result is not None
    assert record.result.reason == "left"  # left on purpose: lost


async def test_the_input_ending_mid_game_keeps_the_seat(game_server: GameServer) -> None:
    """Ctrl-D, or a script that runs out, is not leaving: the game waits to be resumed."""
    plan = Plan(name="Taro", game="othello", size=4, level=1)
    out = await play_script(game_server, plan, ["b1"])
    assert game_server.runner is not None
    [(code, match)] = game_server.runner.matches.items()
    assert f"The input ended: your seat in match {code} is kept" in out
    assert match.status == "playing"
    out = await play_script(game_server, plan, ["q"])  # the same at the confirmation
    assert "Leave and lose this game? (y/n) " in out
    assert game_server.runner.matches[code].status == "playing"


async def test_a_lan_server_of_another_protocol_is_passed_over(
        tmp_path: Path, game_server: GameServer) -> None:
    said: list[str] = []
    future = FoundServer("New", "ws://127.0.0.1:1/", "127.0.0.1", 1, PROTOCOL_VERSION + 1, "9")
    ours = FoundServer("Ours", game_server.url, "127.0.0.1", game_server.port,
                       PROTOCOL_VERSION, "0.1.0")

    async def lan(timeout: float) -> list[FoundServer]:
        return found

    found = [future, ours]
    where = await launch.find_or_start(None, discover=lan)
    assert where.url == game_server.url and where.server is None
    found = [future]
    where = await launch.find_or_start(None, discover=lan, say=said.append, config=ServerConfig(
        host="127.0.0.1", port=0, db=tmp_path / "games.sqlite3", discovery=False,
        bot_workers=1))
    try:
        assert where.server is not None  # not the other protocol's: one started here
        assert any("speak another protocol: New at ws://127.0.0.1:1/" in line
                   and line.endswith("Starting a server here instead.") for line in said)
    finally:
        await where.close()


class _RefusingServer:
    """A connection whose server refuses the match list (as a busy server does)."""

    def __init__(self) -> None:
        self.replies: asyncio.Queue[Error] = asyncio.Queue()

    async def list_matches(self) -> None:
        self.replies.put_nowait(Error("rate_limited", "over the budget of 20 messages/s"))

    async def recv(self, timeout: float | None = None) -> Error:
        return await self.replies.get()


async def test_a_refused_match_list_is_said_and_the_menu_comes_back() -> None:
    out = io.StringIO()
    terminal = tui.Terminal(_RefusingServer(), Lines(io.StringIO("j\nq\n")),  # type: ignore
                            out, Plan(name="Taro"), launch.Where("ws://test", "the test server"),
                            ClientState(welcome=welcome()))
    try:
        assert await asyncio.wait_for(terminal.run(), LIMIT) == 0
    finally:
        terminal.stop()
    text = out.getvalue()
    assert "! Slow down a little, then try again." in text  # its words for the code
    assert text.count("j join a match") == 2  # asked again after the refusal


async def test_going_back_from_the_match_list_asks_again(game_server: GameServer) -> None:
    out = await play_script(game_server, Plan(name="Taro"), ["j", "", "w", "", "q"])
    assert out.count("j join a match") == 3
    assert "No open matches right now" in out and "No matches to watch right now." in out


class _ClosedUnder:
    """Stands in for the websocket for one send, as a link that closed just then."""

    async def send(self, text: str) -> None:
        raise ConnectionClosed(None, None)


async def _drop_under_a_request(server: GameServer, script: list[str], plan: Plan,
                                until: str) -> str:
    """Run the terminal on ``script``, typed once it has printed ``until``: its next
    request meets a link that has just closed, and the server drops the link. Its output."""
    out = io.StringIO()
    stdin = HeldInput(script, typed_first=False)
    lines = Lines(stdin)  # type: ignore[arg-type]
    async with Connection(server.url, "Taro", backoff=(0.05, 0.2)) as conn:
        await conn.list_matches()  # the reader is reading the real websocket
        assert isinstance(await conn.recv(5), Lobby)
        terminal = tui.Terminal(conn, lines, out, plan, launch.Where(server.url, "test"),
                                ClientState(welcome=conn.welcome))
        running = asyncio.create_task(terminal.run())
        try:
            async with asyncio.timeout(LIMIT):
                while until not in out.getvalue():
                    await asyncio.sleep(0.01)
                conn._ws = _ClosedUnder()  # type: ignore[assignment]
                stdin.release()
                while conn.up:  # until the request met the closed link
                    await asyncio.sleep(0.01)
                assert server.runner is not None and conn.player is not None
                for peer in list(server.runner.sessions.get(conn.player, ())):
                    assert isinstance(peer, Session)
                    await peer.ws.close(1011, "test drop")
                assert await running == 0
        finally:
            terminal.stop()
            stdin.release()
    return out.getvalue()


async def test_a_request_lost_with_the_link_is_asked_again(game_server: GameServer) -> None:
    """A create is not sent again after the drop (it could make two matches), so the
    terminal hears nothing back after the reconnect and goes back to the menu; a
    resign lost so is asked for again."""
    text = await _drop_under_a_request(game_server, ["1", "b", "1", "f", "", "q"],
                                       Plan(name="Taro"), "j join a match")
    assert "! The request was lost with the connection: please choose again." in text
    assert text.count("j join a match") == 2
    assert game_server.runner is not None and not game_server.runner.matches

    plan = Plan(name="Taro", game="othello", size=4, level=1)
    text = await _drop_under_a_request(game_server, ["resign", "y", "resign", "y", "q"], plan,
                                       "Your move (Black)")
    assert "! Reconnected." in text
    assert text.count("Your move (Black)") == 2  # asked again after the reconnect
    assert "You resigned." in text


async def test_with_the_link_down_a_request_is_not_sent_and_quit_still_quits(
        game_server: GameServer) -> None:
    """The server went away mid-game: a line of chat waited for the link, and the terminal
    with it, so a quit typed next ("q", "y") was never read. Now each request says it was
    not sent, and q quits at once, keeping the seat (no leave can reach the server)."""
    out = io.StringIO()
    stdin = HeldInput(["say hi", "t", "q"], typed_first=False)
    plan = Plan(name="Taro", game="othello", size=4, level=1)
    async with Connection(game_server.url, "Taro", backoff=(0.05, 0.2)) as conn:
        terminal = tui.Terminal(conn, Lines(stdin), out, plan,  # type: ignore[arg-type]
                                launch.Where(game_server.url, "test"),
                                ClientState(welcome=conn.welcome))
        running = asyncio.create_task(terminal.run())
        try:
            async with asyncio.timeout(LIMIT):
                while "Your move (Black)" not in out.getvalue():
                    await asyncio.sleep(0.01)
                await game_server.close()
                while terminal.known.link_up:
                    await asyncio.sleep(0.01)
                stdin.release()
                assert await running == 0
        finally:
            terminal.stop()
            stdin.release()
    text = out.getvalue()
    assert text.count("Not sent: the link to the server is down") == 2  # the chat, the takeback
    assert re.search(r"quitting without leaving, so your seat in match \w+ is kept", text)
