"""The match room: every match in memory and who is at it, with no I/O.

Like websockets' protocol core under its asyncio layer: each entry point takes what
happened (a request, a disconnect, a timer, a bot's move) and the current time,
updates the room, and returns the :mod:`server.room.effects` that the shell
(server/shell/effect_runner.py) carries out: what to send to whom, which timers to set
or cancel, which bot searches to start. A refusal raises
:class:`~shared.protocol.ProtocolError` before anything changed.

The store decides before memory does: each change is proposed (``save``) and memory
changes only once the shell stored it with the other changes of its event-loop turn
(proposals.py: group commit); what follows when the store refuses a group is in
store_faults.py.

The rules of each request are in handlers.py (and takeback.py, chat.py,
engine_requests.py), each given the room as a :class:`~server.room.context.Context` and
nothing more; held seats and abandoned matches are in holds.py, flag timers in
clock_timers.py. What several requests share (a move, an end, forgetting) is here.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Iterator, Mapping, Set
from types import MappingProxyType

import msgspec

from server.config import ServerConfig
from server.room import handlers
from server.room.address_limits import AddressLimits
from server.room.clock_timers import ClockTimers
from server.room.context import HandlerEffect
from server.room.effects import (
    BOT_RETRY_TIMER,
    FLAG_TIMER,
    Appraise,
    Broadcast,
    BroadcastSoon,
    Busy,
    Effect,
    MatchNews,
    Proposed,
    Reply,
    RunReview,
    SaveClock,
    SaveMoves,
    SaveResult,
    StopThinking,
    StoreChange,
    StoreFault,
    Think,
    TimerKey,
)
from server.room.holds import Holds
from server.room.identity import CODE_LENGTH, UNLISTED_CODE_LENGTH, new_match_code
from server.room.lobby import LobbyFrame, lobby_of
from server.room.match import Match
from server.room.match_index import MatchIndex
from server.room.message_budget import MessageBudget
from server.room.presence import Peer, Presence
from server.room.proposals import (
    Group,
    Proposal,
    Touched,
    address_key,
    change_touches,
    match_key,
    player_key,
)
from server.room.store_faults import Retries, logged, refused, unavailable
from shared import protocol
from shared.ai import BOT_NAMES
from shared.games import GAMES
from shared.protocol import (
    BotInfo,
    ClientMessage,
    Create,
    Error,
    GameSpec,
    Hello,
    Joined,
    ProtocolError,
    Reason,
    Rematch,
    RequestId,
    ServerInfo,
)

_PROPOSED = Proposed()
"""The one :class:`Proposed` an event's effects hold however many changes it proposed."""

KEEP_FINISHED = 4
"""Finished matches a connected player keeps in memory (for a rematch, the latest first);
older ones live on in the database only, so a bot playing for hours does not grow the
server."""
GAME_SECONDS = 30.0
"""A match with a move that ends this long after it was opened is a game played: the
log's line about its end has a budget of its own (server/shell/address_log.py), which a
loop of matches opened and abandoned does not spend."""


class Room:
    """Every match in memory and who is at it.

    ``find_player(token_hash)`` gives the (id, name) of a stored player, ``code_taken``
    whether a stored match has that code: what the room reads of the database. What it
    writes it proposes (:meth:`save`); the shell stores the group (:attr:`proposed`) and
    says how that went (:meth:`stored`, :meth:`unstored`).
    """

    def __init__(
        self,
        config: ServerConfig,
        server: ServerInfo,
        find_player: Callable[[str], tuple[str, str] | None] = lambda _: None,
        code_taken: Callable[[str], bool] = lambda _: False,
    ) -> None:
        self.config = config
        self.server = server
        self.find_player = find_player
        self.code_taken = code_taken
        self.games = [GameSpec(g.name, list(g.sizes)) for g in GAMES.values()]
        self.bots = [BotInfo(level, bot) for level, bot in BOT_NAMES.items()]
        self._index = MatchIndex()
        self._presence = Presence()
        self._lobby = LobbyFrame()
        """Kept until which matches it lists, or their seats, change: each verb that
        changes a match's seats or result, or a seated player's presence, makes it stale;
        a spectator come or gone changes its count in it."""
        self._out: list[Effect] = []
        """The effects of the entry point being run, in order."""
        self._holds = Holds(config, self._presence, self._out)
        self._clock_timers = ClockTimers(self._out)
        self._thinking: dict[str, int] = {}
        """Match code -> the ply a bot search was asked for (one search per match)."""
        self._retries = Retries(self._out)
        self.chat_budgets: dict[Peer, MessageBudget] = {}
        """Each connection's chat budget (see server/room/chat.py), made on its first line."""
        self.limits = AddressLimits(config, lambda: self.now, lambda: (
            m.origin for code in self._thinking if (m := self._index.get(code)) is not None))
        self.now = 0.0
        """The time the entry point being run was given (seconds, the shell's clock)."""
        self._group = Group()
        self._asker: Peer | None = None
        self._touches: frozenset[Touched] = frozenset()
        self._refused: Callable[[StoreFault], None] = lambda _: None
        self._request_id: RequestId | None = None
        """Who asked, what it touches, what follows a refusal and the ``id`` its replies
        echo, for the event being run: what its proposals keep."""

    # ---- entry points ---------------------------------------------------------------

    def _begin(self, now: float, asker: Peer | None = None,
               touches: Iterable[Touched] = (),
               refused: Callable[[StoreFault], None] = lambda _: None,
               request_id: RequestId | None = None) -> None:
        self._out.clear()
        self.now = now
        self._asker, self._touches, self._refused = asker, frozenset(touches), refused
        self._request_id = request_id

    def _done(self) -> list[Effect]:
        """The effects of the event run, the `joined` and `error` replies to a request
        carrying its ``id`` (docs/protocol.md §1), and its engine job too, for the
        `engine_failed` that may answer it later."""
        effects, self._out[:] = list(self._out), []
        if self._request_id is None:
            return effects
        return [_with_id(effect, self._request_id) for effect in effects]

    def restore(self, matches: Iterable[Match], now: float) -> list[Effect]:
        """Take back the unfinished matches of a restarted server; bots to move think.

        Nobody is connected yet: every seat is held from now on (holds.py), and a
        match whose limit ran out while the server was down ends instead.
        """
        self._begin(now)
        self._lobby.stale()
        for match in matches:
            self._index.add(match)
            if self._holds.stale(match, now):  # its time ran out while the server was down
                self._touches = frozenset([match_key(match.code)])
                self._refused = logged(f"match {match.code}: its end on restoring")
                self.end(match, match.bot_seat if match.ply else None, "abandon")
                continue
            for seat in (0, 1):
                self._holds.start(match, seat, now)
            self._clock_timers.start(match, now)  # from what was stored: the downtime is free
            self.schedule_bot(match)
        return self._done()

    def closing(self, now: float) -> list[Effect]:
        """The server is shutting down cleanly: store each running clock as of ``now``."""
        self._begin(now)
        for match in self.matches.values():
            if match.clock is not None and match.clock.running is not None:
                match.clock.stop(now)  # the server stops: memory goes with it
                self._refused = logged(f"match {match.code}: its clocks")
                self.save(SaveClock(match.code, match.clock.stored), lambda: None)
        return self._done()

    def request(self, peer: Peer, msg: ClientMessage, now: float) -> list[Effect]:
        """Carry out one request of ``peer`` (anything but a hello needs one first).

        A match the request names whose running clock ran out before its flag timer
        rang ends first (on time); a refusal after that end is returned as a Reply with
        the end's effects, rather than raised, so the end is not lost.

        A request that touches a change not stored yet returns :class:`Busy` and nothing
        happened; one that proposed a change returns :class:`Proposed`, and what follows
        it comes with its group (:meth:`stored`, :meth:`unstored`)."""
        code = getattr(msg, "match", None)
        touches: list[Touched] = [peer]
        if peer.player is not None:
            touches.append(player_key(peer.player))
        if code:
            touches.append(match_key(code))
        if isinstance(msg, (Create, Rematch)) and (address := self.limits.key(peer)) is not None:
            touches.append(address_key(address))
        if self._group.busy(touches):
            return [Busy()]
        self._begin(now, peer, touches,
                    lambda err: self._out.append(Reply(unavailable(err, _tag(msg), code))),
                    msg.id)
        if isinstance(msg, Hello):
            with refused():
                handlers.hello(self, peer, msg)
            return self._done()
        if peer.player is None:
            raise ProtocolError("hello_required", "the first message must be a hello")
        player = peer.player
        match = self._index.get(code.upper()) if code else None
        if code is not None and not self._involved(peer, match):
            self.limits.may_look_up(peer)  # nobody finds a private match by counting

        def after_the_flag() -> None:  # its refusal is a Reply: the end must not be lost
            try:
                with refused():
                    handlers.dispatch(self, peer, player, msg)
            except ProtocolError as err:
                self._looked_up(peer, err)
                self._out.append(Reply(Error(code=err.code, message=err.message, ref=_tag(msg),
                                             match=code, retry_after=err.retry_after)))

        try:
            with refused():
                if self._flag_fallen(match, then=after_the_flag):  # before its timer rang
                    return self._done()
                handlers.dispatch(self, peer, player, msg)
        except ProtocolError as err:
            self._looked_up(peer, err)
            raise
        return self._done()

    def _involved(self, peer: Peer, match: Match | None) -> bool:
        """Whether ``peer`` plays or watches ``match`` (naming it is no lookup)."""
        return match is not None and (
            (peer.player is not None and match.seat_of(peer.player) is not None)
            or peer in self._presence.watchers(match.code))

    def _looked_up(self, peer: Peer, err: ProtocolError) -> None:
        """A request named a code this server does not know: count it for the address."""
        if err.code == "unknown_match":
            self.limits.lookup_failed(peer)

    def disconnected(self, peer: Peer, now: float) -> list[Effect]:
        """``peer`` is gone: it stops watching, and its player's seats are held for them
        when it was their last connection (and their rematch offers lapse). Busy while
        a change of theirs waits to be stored."""
        if self._group.busy([peer] + ([player_key(peer.player)] if peer.player else [])):
            return [Busy()]
        self._begin(now)
        self.chat_budgets.pop(peer, None)
        watched = [m for code in peer.watching if (m := self._index.get(code)) is not None]
        touched = list(watched)
        if self._presence.depart(peer) and peer.player is not None:
            for match in self._index.seated(peer.player):
                self._lobby.stale()  # shown away: their matches may go unlisted
                seat = match.seat_of(peer.player)
                assert seat is not None
                match.rematch.discard(seat)
                self._holds.away(match, seat, now)
                self.broadcast(match)
                touched.append(match)
        for match in watched:
            self._watchers_changed(match)
        self.prune(touched)
        return self._done()

    def timeout(self, key: TimerKey, now: float) -> list[Effect]:
        """A held seat's timer rang. Past its time, a waiting match is called off and the
        absent side of a game loses (to a connected person, or to a bot once
        ``bot_hold`` is over). A flag timer rang: the side whose clock ran out loses."""
        code, seat = key
        if self._group.busy([match_key(code)]):
            return [Busy()]
        if seat == BOT_RETRY_TIMER:
            self._begin(now)
            if (unstored := self._retries.take_bot_move(code)) is not None:
                self._bot_move(code, *unstored)
            return self._done()
        # refused, nothing changed: the same timer rings again
        self._begin(now, None, [match_key(code)],
                    lambda err: self._retries.ring_again(key, now, err, self._holds))
        if seat == FLAG_TIMER:
            match = self._index.get(code)
            if match is not None and not self._flag_fallen(match):
                self._clock_timers.arm(match)  # rang early, or stale: set as it is
        elif self._holds.expired(key, now):
            match = self._index.get(code)
            if (match is not None and not self._holds.human_online(match, seat)
                    and self._holds.held_for(match, seat) is not None):
                self.end(match, self._holds.winner(match, seat), "abandon")
        return self._done()

    def bot_moved(
        self, code: str, ply: int, move: int, now: float, epoch: int = 0
    ) -> list[Effect]:
        """The bot pool's answer to a :class:`Think` (asked at ``ply`` of the line
        ``epoch``, see ``Match.epoch``); ignored when it came too late, or for a line
        taken back since. A bot whose flag fell before its answer came loses on time (the
        timer may ring later)."""
        if self._group.busy([match_key(code)]):
            return [Busy()]
        self._begin(now)
        self._bot_move(code, ply, move, epoch)
        return self._done()

    def _bot_move(self, code: str, ply: int, move: int, epoch: int) -> None:
        """Play the bot's answer unless stale; one the store refused is tried again later."""
        self._touches = frozenset([match_key(code)])
        self._refused = lambda err: self._retries.keep_bot_move(
            code, ply, move, epoch, self.now, err)
        match = self._index.get(code)
        if self._flag_fallen(match):
            return  # it lost on time: its search is over once the end is stored
        if (self._thinking.get(code) == ply and match is not None
                and epoch == match.epoch):
            if match.ply == ply and match.result is None and match.bot_to_move is not None:
                self.commit(match, move)  # its search is over once the move is stored
            else:
                del self._thinking[code]

    def engine_done(self, peer: Peer) -> None:
        """The engine answered ``peer``'s hint or analyse: it may ask again."""
        self.limits.engine_done(peer)

    # ---- what the shell (and a handler) reads ---------------------------------------

    @property
    def matches(self) -> dict[str, Match]:
        return self._index.by_code

    @property
    def thinking(self) -> Mapping[str, int]:
        """Match code -> the ply a bot search was asked for (one search per match)."""
        return MappingProxyType(self._thinking)

    @property
    def held(self) -> Mapping[TimerKey, float]:
        """Each seat held for an absent person, and when its time is up."""
        return MappingProxyType(self._holds.timers)

    @property
    def peers(self) -> Mapping[str, set[Peer]]:
        """Player id -> their open connections."""
        return self._presence.peers

    def match(self, code: str) -> Match | None:
        return self._index.get(code.upper())

    def online(self, player: str) -> bool:
        return self._presence.online(player)

    def seated(self, player: str) -> list[Match]:
        """Matches in memory where ``player`` holds a seat they have not left."""
        return self._index.seated(player)

    def state_of(self, match: Match) -> protocol.MatchState:
        """The complete `state` of ``match`` as of now (its clocks as of the room's time)."""
        return match.to_message(self._presence.online, self.now)

    def audience(self, match: Match) -> list[Peer]:
        """Every connection of the seated players (not left) and every spectator."""
        peers: list[Peer] = []
        for seat in match.seats:
            if seat is not None and seat.player is not None and not seat.left:
                peers.extend(self._presence.peers.get(seat.player, ()))
        peers.extend(self._presence.watchers(match.code))
        return peers

    def human_online(self, match: Match, seat: int) -> bool:
        return self._holds.human_online(match, seat)

    def watchers(self, code: str) -> Set[Peer]:
        return self._presence.watchers(code)

    def connections(self, player: str) -> Iterator[Peer]:
        return self._presence.of(player)

    # ---- the store: group commit (server/room/proposals.py) -------------------------

    def waits_for_group(self, peer: Peer) -> bool:
        """Whether a change ``peer`` asked for waits for its group to be stored."""
        return self._group.busy((peer,))

    @property
    def proposed(self) -> list[StoreChange]:
        """The changes proposed since the last group was settled, to store together."""
        return self._group.changes

    def settle(self, save_group: Callable[[list[StoreChange]], None],
               ) -> list[tuple[Peer | None, list[Effect]]]:
        """Store the proposed changes in one call of ``save_group`` (one transaction),
        then settle them: :meth:`stored`, or :meth:`unstored` if it raised StoreFault."""
        try:
            save_group(self.proposed)
        except StoreFault as err:
            return self.unstored(err)
        return self.stored()

    def stored(self) -> list[tuple[Peer | None, list[Effect]]]:
        """The proposed changes are stored: each change follows in memory, in the order
        proposed, at the time of its event. Each proposal's asker (None for a timer or a
        bot) with its effects; what they propose in turn makes the next group."""
        settled = []
        for proposal in self._group.take():
            self._begin(proposal.now, proposal.peer, proposal.touches, proposal.refused,
                        proposal.request_id)
            proposal.then()
            settled.append((proposal.peer, self._done()))
        return settled

    def unstored(self, err: StoreFault) -> list[tuple[Peer | None, list[Effect]]]:
        """The store refused the proposed changes: none was stored, none changes memory;
        each asker with what follows its refusal (store_faults.py)."""
        settled = []
        for proposal in self._group.take():
            self._begin(proposal.now, proposal.peer, proposal.touches, proposal.refused,
                        proposal.request_id)
            proposal.refused(err)
            settled.append((proposal.peer, self._done()))
        return settled

    # ---- the verbs a handler may use (server/room/context.py) -----------------------

    def emit(self, effect: HandlerEffect) -> None:
        self._out.append(effect)

    def save(self, change: StoreChange, then: Callable[[], None]) -> None:
        touches, written = self._touches, change_touches(change)
        if written not in touches:  # a move's match is among what its request touched
            touches = touches | {written}
        self._group.add(Proposal(change, then, self._refused, self._asker, self.now,
                                 touches, self._request_id))
        if _PROPOSED not in self._out:
            self._out.append(_PROPOSED)

    def arrive(self, peer: Peer, player: str, name: str) -> bool:
        came_back = self._presence.arrive(peer, player, name)
        if came_back and self._index.seated(player):  # shown connected: maybe listed again
            self._lobby.stale()
        return came_back

    def back(self, match: Match, player: str) -> None:
        self._holds.arrived(match, player, self.now)

    def hold(self, match: Match, seat: int) -> None:
        self._holds.start(match, seat, self.now)

    def seats_changed(self, match: Match) -> None:
        self._lobby.stale()
        self._index.add(match)

    def release_seat(self, match: Match, seat: int) -> None:
        s = match.seats[seat]
        assert s is not None
        self._lobby.stale()
        self._index.release(s.player, match.code)
        self._holds.cancel(match.code, seat)

    def watch(self, match: Match, peer: Peer) -> None:
        self._presence.watch(match.code, peer)
        self._watchers_changed(match)

    def unwatch(self, match: Match, peer: Peer) -> None:
        self._presence.unwatch(match.code, peer)
        self._watchers_changed(match)

    def _watchers_changed(self, match: Match) -> None:
        """Its count in the lobby, which lists the same matches (server/room/lobby.py)."""
        self._lobby.spectators(match.code, len(self._presence.watchers(match.code)))

    def started(self, match: Match, rematch_of: Match | None = None) -> None:
        again = f" (rematch of {rematch_of.code})" if rematch_of is not None else ""
        self._out.append(MatchNews(match.origin, "started", "match %s started%s: %s",
                                   (match.code, again, match.describe())))

    def start_clock(self, match: Match) -> None:
        self._clock_timers.start(match, self.now)

    def chat_budget(self, peer: Peer, rate: float, burst: int) -> MessageBudget:
        budget = self.chat_budgets.get(peer)
        if budget is None:
            budget = self.chat_budgets[peer] = MessageBudget(rate, burst, clock=lambda: self.now)
        return budget

    def shared_chat_budget(self, peer: Peer, match: Match, rate: float,
                           burst: int) -> MessageBudget | None:
        key = self.limits.key(peer)
        if key is None:
            return None
        budget = match.chat_shares.get(key)
        if budget is None:
            budget = match.chat_shares[key] = MessageBudget(rate, burst, clock=lambda: self.now)
        return budget


    # ---- what requests share --------------------------------------------------------

    def commit(self, match: Match, move: int, then: Callable[[], None] = lambda: None
               ) -> None:
        """Store a checked move (and a forced pass; IllegalMoveError before any change),
        then play it, tell everyone soon (with this loop turn's moves) and ``then``."""
        step = match.step(move, self.now)

        def played() -> None:
            match.advance(step)
            self._thinking.pop(match.code, None)  # a bot's search for this ply is over
            self._clock_timers.moved(match)
            self._out.append(BroadcastSoon(match))
            if match.result is not None:
                self._ended(match)
            else:
                self.schedule_bot(match)
            then()

        self.save(SaveMoves(match.code, match.ply, step.played, step.remaining, step.result),
                  played)

    def end(self, match: Match, winner: int | None, reason: Reason,
            then: Callable[[], None] = lambda: None) -> None:
        """End ``match`` now without a move (resign, abandon, time), stored first; then
        ``then``."""
        ending = match.ending(winner, reason, self.now)

        def ended() -> None:
            match.end(ending)
            self._clock_timers.moved(match)
            self.broadcast(match)
            self._ended(match)
            then()

        self.save(SaveResult(match.code, ending.result, ending.remaining), ended)

    def _ended(self, match: Match) -> None:
        self._lobby.stale()
        result = match.result
        assert result is not None
        winner = ("a draw" if result.winner is None
                  else f"{match.seat_name(result.winner)} wins")
        played = match.moved is not None and self.now - match.created >= GAME_SECONDS
        self._out.append(MatchNews(
            match.origin, "played" if played else "ended",
            "match %s over: %s, %s by %s (%d-%d, %d %s)",
            (match.code, match.describe(), winner, result.reason, result.score[0],
             result.score[1], match.ply, "move" if match.ply == 1 else "moves")))
        self.limits.ended(match)
        for seat in (0, 1):
            self._holds.cancel(match.code, seat)
        self.stop_thinking(match)
        self.prune([match])
        for taken in match.seats:
            if taken is not None and taken.player is not None:
                self._forget_old_finished(taken.player)

    def broadcast(self, match: Match) -> None:
        """The state of ``match`` as it is now, to everyone in it now."""
        self._out.append(Broadcast(match, tuple(self.audience(match)), self.state_of(match)))

    def schedule_bot(self, match: Match) -> None:
        """Start a search when a bot is to move and none runs for this match yet."""
        seat = match.bot_to_move
        if seat is not None and seat.level is not None and match.code not in self._thinking:
            self._thinking[match.code] = match.ply
            budget = None
            if match.clock is not None:  # its share of the moves it still has to make
                budget = match.clock.budget(GAMES[match.game].moves_left(match.state))
            self._out.append(Think(match.code, match.ply, match.state, seat.level,
                                  match.epoch, budget))

    def stop_thinking(self, match: Match) -> None:
        """Drop the bot's search in ``match``, if one runs (its answer is worthless now)."""
        if self._thinking.pop(match.code, None) is not None:
            self._out.append(StopThinking(match.code))

    def _flag_fallen(self, match: Match | None, then: Callable[[], None] = lambda: None
                     ) -> bool:
        """End ``match`` if its running clock has run out at the room's time: the side
        to move loses on time, and ``then`` follows once that is stored. Whether it did."""
        seat = self._clock_timers.fallen(match, self.now) if match is not None else None
        if match is None or seat is None:
            return False
        self.end(match, 1 - seat, "time", then)
        return True

    def lobby(self) -> bytes:
        return self._lobby.get(lambda: lobby_of(
            self._index.by_code.values(), self._presence.online, self.human_online,
            self._presence.watchers))

    def new_code(self, unlisted: bool = False) -> str:
        """A match code used neither in memory nor in the store; longer for an unlisted
        match, which nobody may find by counting."""
        while True:
            code = new_match_code(UNLISTED_CODE_LENGTH if unlisted else CODE_LENGTH)
            if code not in self._index and not self.code_taken(code):
                return code

    # ---- memory ---------------------------------------------------------------------

    def prune(self, matches: Iterable[Match]) -> None:
        """Forget those of ``matches`` that are finished and that nobody is looking at any
        more (they stay in the store). Callers pass the matches their change concerns, so
        the cost does not grow with the number of matches on the server."""
        for match in matches:
            code = match.code
            if (match.result is None or self._index.get(code) is not match
                    or self._presence.watchers(code)):
                continue
            if not any(self._holds.human_online(match, i) and not match.has_left(i)
                       for i in (0, 1)):
                self._forget(match)

    def _forget_old_finished(self, player: str) -> None:
        """Forget all but ``player``'s KEEP_FINISHED latest finished matches (unwatched)."""
        finished = [m for m in self._index.seated(player) if m.result is not None]
        for match in finished[:-KEEP_FINISHED]:
            if not self._presence.watchers(match.code):
                self._forget(match)

    def _forget(self, match: Match) -> None:
        """Drop a finished match from memory (it stays stored): the lobby, which lists
        unfinished ones only, does not change."""
        self._index.forget(match)
        self._presence.forget_match(match.code)


def _with_id(effect: Effect, request_id: RequestId) -> Effect:
    """``effect`` answering the request ``request_id``: a `joined` or an `error` echoes
    it, an engine job keeps it for its `engine_failed`."""
    if isinstance(effect, Reply) and isinstance(effect.message, (Joined, Error)):
        return Reply(msgspec.structs.replace(effect.message, id=request_id))
    if isinstance(effect, (Appraise, RunReview)):
        return dataclasses.replace(effect, request_id=request_id)
    return effect


def _tag(msg: ClientMessage) -> str:
    """The type a request names (``ref`` of its refusal), read only when it is refused."""
    return str(type(msg).__struct_config__.tag)
