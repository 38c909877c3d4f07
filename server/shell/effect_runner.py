"""The effect runner: the asyncio shell's side of the match room.

It hands the room (server/room/room.py) each request, disconnect, timer and bot answer with
the current time, and carries out the effects (server/room/effects.py) the room returns,
keeping their promises: the room stores every change through the store it is given
before it changes memory (so every frame shows only what is stored); the states of the
moves of one event-loop turn go out at the end of that turn or before any other frame,
whichever is first; no socket is ever awaited while effects are carried out; a bot
starts thinking after the people were answered.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Iterable, Mapping

from websockets.asyncio.server import ServerConnection, broadcast

from server.config import ServerConfig
from server.room.effects import (
    Appraise,
    Broadcast,
    BroadcastSoon,
    CancelTimer,
    Effect,
    Paced,
    Reply,
    ReplyState,
    RunReview,
    Send,
    SetTimer,
    StopThinking,
    Think,
    TimerKey,
)
from server.room.match import Match
from server.room.presence import Peer
from server.room.room import Room
from server.shell.bot_pool import BotRunner
from server.shell.engine_work import EngineWork
from server.shell.session import Session
from server.store.database import Store
from shared.protocol import ClientMessage, ServerInfo, encode

log = logging.getLogger("taikyoku.server")


class EffectRunner:
    """A running server's match room, with its timers, bot searches and store."""

    def __init__(
        self, store: Store, bots: BotRunner, config: ServerConfig, server: ServerInfo
    ) -> None:
        self.store = store
        self.bots = bots
        self.room = Room(config, server, find_player=store.find_player,
                         code_taken=store.has_match, save=store.save)
        self._timers: dict[TimerKey, asyncio.TimerHandle] = {}
        self._bot_tasks: dict[str, asyncio.Task[None]] = {}
        self._unsent: dict[str, Match] = {}
        """Matches with a move whose state is not sent yet (see :meth:`flush`)."""
        self._flushing: asyncio.Handle | None = None
        self.engine = EngineWork(self.room, bots)
        """Hints and reviews being worked out in the bot pool."""

    @property
    def matches(self) -> dict[str, Match]:
        """Every match in memory by code."""
        return self.room.matches

    @property
    def sessions(self) -> Mapping[str, set[Peer]]:
        """Each connected player's open connections (all of them Sessions)."""
        return self.room.peers

    def online(self, player: str) -> bool:
        return self.room.online(player)

    def seated(self, player: str) -> list[Match]:
        return self.room.seated(player)

    # ---- life cycle -----------------------------------------------------------------

    def restore(self) -> int:
        """Load every unfinished match from the store; the number restored."""
        self._carry_out(self.room.restore(self.store.unfinished(), time.time()))
        return len(self.room.matches)

    async def close(self) -> None:
        self._carry_out(self.room.closing(time.time()))  # the running clocks, stored
        await self.engine.close()
        if self._flushing is not None:
            self.flush()
        for timer in self._timers.values():
            timer.cancel()
        self._timers.clear()
        tasks = list(self._bot_tasks.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    # ---- what happens ---------------------------------------------------------------

    async def handle(self, session: Session, msg: ClientMessage) -> None:
        """Carry out one request (ProtocolError for a refusal: nothing changed).

        Its effects are carried out in one go, replies written in their place without
        waiting on the socket: no other request slips between them (a state emitted
        before a reply never goes out after a newer one), and a socket closed meanwhile
        only drops its own frames, never the rest (a store write, a bot to think)."""
        for effect in self.room.request(session, msg, time.time()):
            if isinstance(effect, Reply):
                session.write(effect.message)
            elif isinstance(effect, ReplyState):
                session.write(self.room.state_of(effect.match))
            elif isinstance(effect, Paced):
                session.budget.refund()
            else:
                self._apply(effect)

    def disconnected(self, session: Session) -> None:
        self._carry_out(self.room.disconnected(session, time.time()))

    def _timeout(self, key: TimerKey) -> None:
        self._timers.pop(key, None)
        self._carry_out(self.room.timeout(key, time.time()))

    async def _bot_turn(self, think: Think) -> None:
        move = await self.bots.choose(think.state, think.level, where=think.code,
                                      budget=think.budget)
        self._carry_out(self.room.bot_moved(think.code, think.ply, move, time.time(),
                                            think.epoch))

    # ---- effects --------------------------------------------------------------------

    def _carry_out(self, effects: Iterable[Effect]) -> None:
        for effect in effects:
            self._apply(effect)

    def _apply(self, effect: Effect) -> None:
        """Carry out one effect that needs no requester (a move's comes first)."""
        match effect:
            case BroadcastSoon(match):
                self._unsent[match.code] = match
                if self._flushing is None:
                    self._flushing = asyncio.get_running_loop().call_soon(self.flush)
            case Appraise() | RunReview():
                self.engine.start(effect)
            case Broadcast(match, to, state):
                self._unsent.pop(match.code, None)
                self.flush()  # earlier moves go first
                broadcast(_links(to), encode(state))
            case Send(to, message):
                self.flush()
                broadcast(_links(to), encode(message))
            case SetTimer(key, at):
                self._cancel_timer(key)
                self._timers[key] = asyncio.get_running_loop().call_later(
                    max(0.0, at - time.time()), self._timeout, key)
            case CancelTimer(key):
                self._cancel_timer(key)
            case Think(code, ply):
                if self.room.thinking.get(code) == ply:  # not stopped since
                    task = asyncio.create_task(self._bot_turn(effect), name=f"bot {code}")
                    self._bot_tasks[code] = task
                    task.add_done_callback(self._bot_done)
            case StopThinking(code):
                search = self._bot_tasks.get(code)
                if search is not None and search is not asyncio.current_task():
                    search.cancel()
            case Reply() | ReplyState() | Paced():
                raise AssertionError(f"{effect} outside a request has nobody to go to")

    def flush(self) -> None:
        """Send each match's state that changed with a move since the last flush.

        Called before every frame the server sends, so a move's state goes out before
        the reply to any later request.
        """
        if self._flushing is not None:
            self._flushing.cancel()
            self._flushing = None
        unsent, self._unsent = self._unsent, {}
        for match in unsent.values():  # each state encoded once for all its receivers
            broadcast(_links(self.room.audience(match)), encode(self.room.state_of(match)))

    def _cancel_timer(self, key: TimerKey) -> None:
        timer = self._timers.pop(key, None)
        if timer is not None:
            timer.cancel()

    def _bot_done(self, task: asyncio.Task[None]) -> None:
        code = task.get_name().removeprefix("bot ")
        if self._bot_tasks.get(code) is task:
            del self._bot_tasks[code]
        if not task.cancelled() and task.exception() is not None:
            log.error("bot seat in match %s failed", code, exc_info=task.exception())


def _links(peers: Iterable[Peer]) -> list[ServerConnection]:
    """The sockets of ``peers`` (every peer this shell gives the room is a Session)."""
    return [peer.ws for peer in peers if isinstance(peer, Session)]
