"""The effect runner: the asyncio shell's side of the match room.

It hands the room (server/room/room.py) each request, disconnect, timer and bot answer with
the current time, and carries out the effects (server/room/effects.py) the room returns,
keeping their promises: the changes the room proposed in one event-loop turn are stored
in one transaction at the end of that turn (group commit, server/room/proposals.py), and
only then does the room change memory and the frames go out (so every frame shows only
what is stored); an event touching a change not stored yet waits for its group; the
states of the moves of one group go out together, before any other frame; no socket is
ever awaited while effects are carried out; a bot starts thinking after the people were
answered.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Iterable, Mapping

from server.config import ServerConfig
from server.room.effects import (
    Appraise,
    Broadcast,
    BroadcastSoon,
    Busy,
    CancelTimer,
    Effect,
    MatchNews,
    Paced,
    Proposed,
    Reply,
    ReplyEncoded,
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
from server.shell.address_log import AddressLog
from server.shell.bot_pool import BotRunner
from server.shell.engine_work import EngineWork
from server.shell.session import Session, deliver
from server.store.database import Store
from shared.protocol import ClientMessage, ServerInfo, encode_bytes

log = logging.getLogger("taikyoku.server")


def _busy(effects: list[Effect]) -> bool:
    """Whether ``effects`` is the room's answer to an event that waits for the group
    being stored, ``[Busy()]`` (told by type: cheaper than comparing dataclasses)."""
    return len(effects) == 1 and type(effects[0]) is Busy


class EffectRunner:
    """A running server's match room, with its timers, bot searches and store."""

    def __init__(
        self, store: Store, bots: BotRunner, config: ServerConfig, server: ServerInfo,
        news: AddressLog,
    ) -> None:
        self.store = store
        self.bots = bots
        self.news = news
        """The log, each address within its share: the room's lines about matches."""
        self.room = Room(config, server, find_player=store.find_player,
                         code_taken=store.has_match)
        self._storing: asyncio.Handle | None = None
        """The group commit this event-loop turn's proposals wait for (:meth:`commit_group`)."""
        self._stored: asyncio.Future[None] | None = None
        """Done when the group being proposed is settled: requests that wait for it."""
        self._after_group: list[Callable[[], None]] = []
        """Events nobody awaits (a timer, a disconnect) that touched the group: given
        to the room again once it is settled."""
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
        self._carry_out(None, self.room.restore(self.store.unfinished(), time.time()))
        self.commit_group()
        return len(self.room.matches)

    async def close(self) -> None:
        self._carry_out(None, self.room.closing(time.time()))  # the running clocks, stored
        self.commit_group()
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
        """Carry out one request (ProtocolError for a refusal: nothing changed); one
        that proposed a change returns at once, and the connection's next frame waits
        for its group (:meth:`unsettled`).

        Its effects are carried out in one go, replies written in their place without
        waiting on the socket: no other request slips between them (a state emitted
        before a reply never goes out after a newer one), and a socket closed meanwhile
        only drops its own frames, never the rest (a store write, a bot to think)."""
        while _busy(effects := self.room.request(session, msg, time.time())):
            await self._group_settled()
        self._carry_out(session, effects)

    def unsettled(self, session: Session) -> asyncio.Future[None] | None:
        """What the connection's next frame must wait for: the group holding a change it
        asked for (None: none), so that frame finds its last request done (a hello's
        player known, a move played or refused) and every reply leaves in the order of
        the requests. The connection waits only when a frame came before its group was
        settled: a client waiting for the answer reads its next frame once the group is
        settled, with no wake-up for the group between."""
        return self._group_settled() if self.room.waits_for_group(session) else None

    def disconnected(self, session: Session) -> None:
        self._event(lambda: self.room.disconnected(session, time.time()))

    def _timeout(self, key: TimerKey) -> None:
        self._timers.pop(key, None)
        self._event(lambda: self.room.timeout(key, time.time()))

    def _event(self, event: Callable[[], list[Effect]]) -> None:
        """An event nobody awaits; again after the group it touched, if busy."""
        effects = event()
        if _busy(effects):
            self._after_group.append(lambda: self._event(event))
        else:
            self._carry_out(None, effects)

    async def _bot_turn(self, think: Think) -> None:
        match = self.room.matches.get(think.code)
        owner = (match.origin if match is not None else None) or ""  # who opened it
        move = await self.bots.choose(think.state, think.level, where=think.code,
                                      budget=think.budget, owner=owner)
        while _busy(effects := self.room.bot_moved(think.code, think.ply, move, time.time(),
                                                   think.epoch)):
            await self._group_settled()
        self._carry_out(None, effects)

    # ---- the store: group commit ----------------------------------------------------

    def _group_settled(self) -> asyncio.Future[None]:
        if self._stored is None:
            self._stored = asyncio.get_running_loop().create_future()
        return self._stored

    def commit_group(self) -> None:
        """Store every change the room proposed since the last group in one transaction,
        then carry out what follows each (or its refusal), and send the states."""
        if self._storing is not None:
            self._storing.cancel()
            self._storing = None
        waiting, self._stored = self._stored, None
        if self.room.proposed:
            for peer, effects in self.room.settle(self.store.save_group):
                self._carry_out(peer, effects)
        self.flush()
        if waiting is not None:
            waiting.set_result(None)
        events, self._after_group = self._after_group, []
        for event in events:
            event()

    # ---- effects --------------------------------------------------------------------

    def _carry_out(self, asker: Peer | None, effects: Iterable[Effect]) -> None:
        """Carry out ``effects``, those for the one who asked (if anyone) included."""
        for effect in effects:
            match effect:  # a move's first: by far the most frequent
                case Proposed():
                    if self._storing is None:
                        self._storing = asyncio.get_running_loop().call_soon(self.commit_group)
                case Paced():
                    _session(asker).budget.refund()
                case Reply(message):
                    _session(asker).write(message)
                case ReplyEncoded(frame):
                    _session(asker).write_frame(frame)
                case ReplyState(match):
                    _session(asker).write(self.room.state_of(match))
                case _:
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
                deliver(_sessions(to), encode_bytes(state))
            case Send(to, message):
                self.flush()
                deliver(_sessions(to), encode_bytes(message))
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
            case MatchNews():
                self.news.match(effect)
            case Reply() | ReplyEncoded() | ReplyState() | Paced() | Proposed() | Busy():
                raise AssertionError(f"{effect} is carried out by _carry_out")

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
            deliver(_sessions(self.room.audience(match)),
                    encode_bytes(self.room.state_of(match)))

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


def _session(peer: Peer | None) -> Session:
    """The connection that asked (every peer this shell gives the room is a Session)."""
    assert isinstance(peer, Session), f"a reply with nobody to go to: {peer}"
    return peer


def _sessions(peers: Iterable[Peer]) -> list[Session]:
    """``peers`` as the Sessions they are (every peer this shell gives the room is one)."""
    return [peer for peer in peers if isinstance(peer, Session)]
