"""The terminal's private matches (docs/protocol.md §11, `private`): the lobby's
Unlisted and Spectators may chat questions against a real server, what `create` carried
and that the match stays out of another client's list; the questions not asked of a
server without the feature; `say` from a spectator where only the players chat."""

from __future__ import annotations

import asyncio
import io
from typing import Any

import msgspec

from client.common import launch
from client.common.client_state import ClientState
from client.common.options import Plan
from client.tui import terminal as tui
from client.tui.console import Lines
from server.shell.app import GameServer
from tests.client.client_support import welcome
from tests.client.tui.tui_support import against_hana, finished, terminal, wait_for
from tests.conftest import ConnectPeer
from tests.waiting import LIMIT

QUESTIONS = [("Play:", "2"), ("Opponent", "p"), ("Who moves first", "f"), ("Clock:", ""),
             ("Allow hints", "")]
"""The lobby's questions for an Othello 4x4 match against a person, up to the privacy."""
PLAYERS_ONLY = "Only the players may chat in this match: spectators read along."


async def test_a_private_match_and_a_spectator_who_may_not_chat(
        game_server: GameServer, connect: ConnectPeer) -> None:
    """`--unlisted` makes y the default of Unlisted (Enter takes it), n to Spectators may
    chat: the match is created so, Hana does not see it in her list but joins it by its
    code; Ken, watching, is told `say` is for the players and nothing is sent."""
    steps = [*QUESTIONS, ("Unlisted", ""), ("Spectators may chat", "n"),
             ("[Hana] bye", "q"), ("Leave and lose", "y")]
    running, out, typist, hana, code = await against_hana(
        game_server, connect, steps, "tui_private_match", Plan(name="Taro", unlisted=True))
    state = await hana.expect("state", match=code, status="playing")
    assert (state["unlisted"], state["spectator_chat"]) == (True, False)
    await hana.send(type="list")
    listed = await hana.expect("lobby")
    assert code not in [m["match"] for m in listed["matches"]]
    watched = await terminal(game_server, Plan(name="Ken", watch=code),
                             [("(watching)", "say hello"), (PLAYERS_ONLY, "?"),
                              ("Commands:", "q")], "tui_private_spectator")
    await hana.send(type="chat", match=code, text="bye")
    line = await hana.expect("chat", match=code)  # the first chat line: Ken's never came
    assert (line["name"], line["text"]) == ("Hana", "bye")
    text = await finished(running, out, typist)
    assert "Unlisted (friends join by the code, it is not in the lobby's list)? y/n [y]: " \
        in text and "Spectators may chat? y/n [y]: " in text
    assert f"match {code} (unlisted): " in text
    assert "they type it at the lobby's j (the match is unlisted)" in text
    assert f"match {code} (unlisted) (watching): " in watched
    assert "send TEXT to everyone in this match (only the players may)" in watched
    assert "\n! " not in watched  # nothing sent for the server to refuse
    commands = watched[watched.index("Commands:"):]
    for player_only in ("t, takeback", "h, hint", "resign", "bell", "r rematch"):
        assert player_only not in commands  # a spectator is offered only what it may do
    assert "stop watching" in commands


class _Creates:
    """A connection to a server with hints and clocks but no private matches: records
    the matches the terminal asks it to create."""

    def __init__(self) -> None:
        self.created: list[dict[str, Any]] = []

    async def create(self, **args: Any) -> None:
        self.created.append(args)

    async def recv(self) -> None:
        await asyncio.Event().wait()  # a server that says nothing meanwhile


async def test_no_privacy_questions_for_a_server_without_them() -> None:
    """The flags asked for privacy, but the server does not offer it: the questions end
    with the hints, and `create` carries a listed match with spectators' chat."""
    known = ClientState(welcome=msgspec.structs.replace(welcome(), features=["hint", "clock"]))
    conn, out = _Creates(), io.StringIO()
    answers = "".join(f"{line}\n" for _, line in QUESTIONS)
    term = tui.Terminal(conn, Lines(io.StringIO(answers)), out,  # type: ignore[arg-type]
                        Plan(name="Taro", unlisted=True, spectator_chat=False),
                        launch.Where("ws://test", "test"), known)
    try:
        assert await asyncio.wait_for(term.lobby(), LIMIT) == "sent"
    finally:
        term.stop()
    assert [(c["vs"], c["unlisted"], c["spectator_chat"]) for c in conn.created] == [
        ("human", False, True)]
    assert "Allow hints" in out.getvalue() and "Unlisted" not in out.getvalue()


async def test_a_spectator_may_say_when_spectators_chat(game_server: GameServer,
                                                        connect: ConnectPeer) -> None:
    """The default (spectators may chat): Ken's line reaches the players, marked as a
    spectator's (a spectator who took a player's name would not read as that player)."""
    steps = [*QUESTIONS, ("Unlisted", ""), ("Spectators may chat", ""),
             ("[Ken (watching)] hello", "q"), ("Leave and lose", "y")]
    running, out, typist, hana, code = await against_hana(game_server, connect, steps,
                                                          "tui_public_match")
    state = await hana.expect("state", match=code, status="playing")
    assert (state["unlisted"], state["spectator_chat"]) == (False, True)
    watching = asyncio.create_task(terminal(
        game_server, Plan(name="Ken", watch=code),
        [("(watching)", "say hello"), ("[You (watching)] hello", "q")],
        "tui_public_spectator"))
    line = await hana.expect("chat", match=code)
    assert (line["name"], line["text"], line["seat"]) == ("Ken", "hello", None)
    await wait_for(out, "hello")
    assert PLAYERS_ONLY not in await watching
    await finished(running, out, typist)
