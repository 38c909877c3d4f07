"""The lobby: every match in memory, who is connected, and each protocol request.

Handlers raise :class:`ProtocolError` for a refusal (the caller turns it into an
``error`` frame); nothing changes before every check has passed. Every change is
stored, then one complete ``state`` goes to each seat and spectator.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass

from websockets.asyncio.server import broadcast

from server.bots import BotRunner
from server.identity import hash_token, new_match_code, new_player_id, new_token
from server.match import Match, Reason, Seat, wire_seat
from server.session import Session
from server.store import Store
from shared import protocol
from shared.ai import BOT_NAMES
from shared.games import GAMES, PASS, IllegalMoveError
from shared.protocol import (
    PROTOCOL_VERSION,
    BotInfo,
    ClientMessage,
    Create,
    GameSpec,
    Hello,
    Join,
    Joined,
    Leave,
    ListMatches,
    Move,
    ProtocolError,
    Rematch,
    Resign,
    ServerInfo,
    Watch,
    Welcome,
    encode,
)

log = logging.getLogger("taikyoku.server")

LOBBY_LIMIT = 100
"""At most this many matches in one `lobby` frame (waiting ones first, then the newest),
to stay small."""

KEEP_FINISHED = 4
"""Finished matches a connected player keeps in memory (for a rematch, the latest first);
older ones live on in the database only, so a bot playing for hours does not grow the
server."""


@dataclass(frozen=True)
class LobbyLimits:
    grace: float = 60.0
    bot_hold: float = 24 * 3600.0
    max_matches_per_player: int = 10
    max_spectators: int = 50


def clean_name(name: str, player: str) -> str:
    """A display name without control characters; a default from the id when empty."""
    kept = "".join(ch for ch in name if unicodedata.category(ch)[0] != "C").strip()
    return kept or f"Player {player[2:6]}"


class Lobby:
    """All matches and players of a running server."""

    def __init__(
        self, store: Store, bots: BotRunner, limits: LobbyLimits, server: ServerInfo
    ) -> None:
        self.store = store
        self.bots = bots
        self.limits = limits
        self.server = server
        self.matches: dict[str, Match] = {}
        self.spectators: dict[str, set[Session]] = {}
        self.sessions: dict[str, set[Session]] = {}
        self._held: dict[str, dict[str, Match]] = {}
        """Player id -> {code: match} of the matches in memory where they hold a seat they
        have not left: what a player holds is looked up, never searched for."""
        self._timers: dict[tuple[str, int], asyncio.TimerHandle] = {}
        self._bot_tasks: dict[str, asyncio.Task[None]] = {}
        self._unsent: dict[str, Match] = {}
        """Matches with a move whose state is not sent yet (see :meth:`_commit`)."""
        self._flushing: asyncio.Handle | None = None

    # ---- life cycle -----------------------------------------------------------------

    def restore(self) -> int:
        """Load every unfinished match from the store; bots to move start thinking.

        Nobody is connected yet: a waiting match's creator and a person playing a bot
        are held from now on (two people wait for the first of them to come back).
        """
        for match in self.store.unfinished():
            self._add(match)
            for seat in (0, 1):
                if self._held_for(match, seat) is not None:
                    self._start_grace(match, seat)
            self._schedule_bot(match)
        return len(self.matches)

    async def close(self) -> None:
        if self._flushing is not None:
            self.flush()
        for timer in self._timers.values():
            timer.cancel()
        self._timers.clear()
        tasks = list(self._bot_tasks.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    def online(self, player: str) -> bool:
        return bool(self.sessions.get(player))

    # ---- connections ----------------------------------------------------------------

    async def hello(self, session: Session, msg: Hello) -> None:
        """Identify the connection: a new player, or a returning one resuming by token."""
        if session.player is not None:
            raise ProtocolError("bad_message", "this connection already said hello")
        if msg.protocol != PROTOCOL_VERSION:
            raise ProtocolError(
                "unsupported_protocol",
                f"this server speaks protocol {PROTOCOL_VERSION}, not {msg.protocol}",
            )
        known = self.store.find_player(hash_token(msg.token)) if msg.token else None
        if known is not None:
            player, old_name = known
            token = msg.token or ""
            name = clean_name(msg.name, player) if msg.name.strip() else old_name
            if name != old_name:
                self.store.rename_player(player, name)
        else:
            player, token = new_player_id(), new_token()
            name = clean_name(msg.name, player)
            self.store.add_player(player, hash_token(token), name)
        session.player, session.name = player, name
        came_back = not self.online(player)
        self.sessions.setdefault(player, set()).add(session)
        await session.send(Welcome(
            protocol=PROTOCOL_VERSION, player=player, token=token, server=self.server,
            games=[GameSpec(g.name, list(g.sizes)) for g in GAMES.values()],
            bots=[BotInfo(level, bot) for level, bot in BOT_NAMES.items()],
        ))
        for match in self._seated(player):
            seat = match.seat_of(player)
            await session.send(Joined(match=match.code, seat=wire_seat(seat), role="player"))
            if came_back:  # everyone sees the seat connected again, this session included
                self._arrived(match, player)
                self._broadcast(match)
            else:
                await self._send_state(session, match)

    def disconnected(self, session: Session) -> None:
        """The connection is gone: stop watching, and hold the player's seats for the grace."""
        for code in session.watching:
            self.spectators.get(code, set()).discard(session)
        touched = [self.matches[code] for code in session.watching if code in self.matches]
        player = session.player
        if player is not None:
            live = self.sessions.get(player, set())
            live.discard(session)
            if not live:
                self.sessions.pop(player, None)
                for match in self._seated(player):
                    seat = match.seat_of(player)
                    assert seat is not None
                    if self._held_for(match, seat) is not None:
                        self._start_grace(match, seat)
                    self._broadcast(match)
                    touched.append(match)
        self._prune(touched)

    def _seated(self, player: str) -> list[Match]:
        """Matches in memory where ``player`` holds a seat they have not left."""
        return list(self._held.get(player, {}).values())

    def _add(self, match: Match) -> None:
        """Keep ``match`` in memory, indexed by the players seated in it."""
        self.matches[match.code] = match
        for seat in match.seats:
            if seat is not None and seat.player is not None and not seat.left:
                self._held.setdefault(seat.player, {})[match.code] = match

    def _release(self, player: str | None, code: str) -> None:
        """``player`` no longer holds a seat in match ``code`` (left it, or it is forgotten)."""
        held = self._held.get(player or "")
        if held is not None:
            held.pop(code, None)
            if not held:
                del self._held[player or ""]

    def _human_online(self, match: Match, seat: int) -> bool:
        s = match.seats[seat]
        return s is not None and s.player is not None and self.online(s.player)

    def _arrived(self, match: Match, player: str) -> None:
        """A seated player is back: their seat is no longer in grace; an absent opponent's is."""
        seat = match.seat_of(player)
        assert seat is not None
        self._cancel_grace(match.code, seat)
        other = match.seats[1 - seat]
        if (match.status == "playing" and other is not None and other.kind == "human"
                and not self._human_online(match, 1 - seat)):
            self._start_grace(match, 1 - seat)

    # ---- grace period ---------------------------------------------------------------

    def _held_for(self, match: Match, seat: int) -> float | None:
        """How long an absent person's ``seat`` is held before the match ends without
        them: the grace in a waiting match or against a connected person, ``bot_hold``
        against a bot; None while it can wait (over, or the opponent is away too)."""
        me, other = match.seats[seat], match.seats[1 - seat]
        if match.result is not None or me is None or me.kind != "human" or me.left:
            return None
        if match.status == "waiting" or self._human_online(match, 1 - seat):
            return self.limits.grace
        if other is not None and other.kind == "bot":
            return self.limits.bot_hold
        return None

    def _start_grace(self, match: Match, seat: int) -> None:
        key = (match.code, seat)
        held = self._held_for(match, seat)
        if key not in self._timers and held is not None:
            loop = asyncio.get_running_loop()
            self._timers[key] = loop.call_later(held, self._grace_over, key)

    def _cancel_grace(self, code: str, seat: int) -> None:
        timer = self._timers.pop((code, seat), None)
        if timer is not None:
            timer.cancel()

    def _grace_over(self, key: tuple[str, int]) -> None:
        """Past the grace: a waiting match is called off; the absent side of a game loses
        (to a connected person, or to a bot once ``bot_hold`` is over)."""
        self._timers.pop(key, None)
        code, seat = key
        match = self.matches.get(code)
        if match is None or self._human_online(match, seat) or self._held_for(match, seat) is None:
            return
        self._end(match, None if match.status == "waiting" else 1 - seat, "abandon")

    # ---- requests -------------------------------------------------------------------

    async def handle(self, session: Session, msg: ClientMessage) -> None:
        """Carry out one request from a connection that has said hello."""
        match msg:
            case Hello():
                await self.hello(session, msg)
            case ListMatches():
                await self._list(session, msg)
            case Create():
                await self._create(session, msg)
            case Join():
                await self._join(session, msg)
            case Watch():
                await self._watch(session, msg)
            case Leave():
                await self._leave(session, msg)
            case Move():
                await self._move(session, msg)
            case Resign():
                await self._resign(session, msg)
            case Rematch():
                await self._rematch(session, msg)

    async def _list(self, session: Session, msg: ListMatches) -> None:
        open_ = [m for m in self.matches.values() if m.result is None
                 and any(self._human_online(m, i) for i in (0, 1))]
        open_.sort(key=lambda m: (m.status != "waiting", -m.created))
        await session.send(protocol.Lobby(matches=[
            m.summary(self.online, len(self.spectators.get(m.code, ())))
            for m in open_[:LOBBY_LIMIT]
        ]))

    async def _create(self, session: Session, msg: Create) -> None:
        player = _player(session)
        self._check_cap(player)
        seat = {"first": 0, "second": 1}.get(msg.seat, secrets.randbelow(2))
        seats: list[Seat | None] = [None, None]
        seats[seat] = Seat("human", session.name, player=player)
        if msg.vs == "bot":
            seats[1 - seat] = Seat.bot(msg.bot.level if msg.bot else 3)
        position = msg.position
        try:
            match = Match.new(
                self._new_code(), msg.game, msg.size,
                position.board if position else None,
                position.to_move if position else None, seats,
            )
        except ValueError as err:
            raise ProtocolError("bad_message", f"cannot create that match: {err}") from None
        match.forced_pass()
        self.store.add_match(match)
        self._add(match)
        await session.send(Joined(match=match.code, seat=wire_seat(seat), role="player"))
        self._broadcast(match)
        if match.status == "playing":
            log.info("match %s started: %s", match.code, _describe(match))
        self._schedule_bot(match)

    async def _join(self, session: Session, msg: Join) -> None:
        player = _player(session)
        match = self._match(msg.match)
        seat = match.seat_of(player)
        if seat is None:
            if match.result is not None:
                raise ProtocolError("game_over", f"match {match.code} is over; watch it instead")
            if None not in match.seats:
                raise ProtocolError("match_full", f"both seats of match {match.code} are taken; "
                                    "you can watch it")
            self._check_cap(player)
            seat = match.seats.index(None)
            match.seats[seat] = Seat("human", session.name, player=player)
            self.store.update_seats(match)
            self._add(match)
            log.info("match %s started: %s", match.code, _describe(match))
            if not self._human_online(match, 1 - seat):
                self._start_grace(match, 1 - seat)
        await session.send(Joined(match=match.code, seat=wire_seat(seat), role="player"))
        self._broadcast(match)

    async def _watch(self, session: Session, msg: Watch) -> None:
        match = self._match(msg.match)
        seat = match.seat_of(_player(session))
        if seat is not None and not _seat_left(match, seat):
            await session.send(Joined(match=match.code, seat=wire_seat(seat), role="player"))
        else:
            watchers = self.spectators.setdefault(match.code, set())
            if session not in watchers and len(watchers) >= self.limits.max_spectators:
                raise ProtocolError("match_full", f"match {match.code} already has "
                                    f"{len(watchers)} spectators, the most this server allows")
            watchers.add(session)
            session.watching.add(match.code)
            await session.send(Joined(match=match.code, seat=None, role="spectator"))
        await self._send_state(session, match)

    async def _leave(self, session: Session, msg: Leave) -> None:
        """A spectator stops watching; a player leaving an unfinished match abandons it."""
        match = self._match(msg.match)
        player = _player(session)
        seat = match.seat_of(player)
        if seat is None or _seat_left(match, seat):
            if session not in self.spectators.get(match.code, set()):
                raise ProtocolError("not_a_player",
                                    f"you are neither playing nor watching match {match.code}")
            self.spectators[match.code].discard(session)
            session.watching.discard(match.code)
        elif match.result is None:
            self._end(match, None if match.status == "waiting" else 1 - seat, "abandon")
            self._leave_seat(match, seat)
        else:
            self._leave_seat(match, seat)
            self._broadcast(match)
        self._prune([match])

    def _leave_seat(self, match: Match, seat: int) -> None:
        s = match.seats[seat]
        assert s is not None
        s.left = True
        self._release(s.player, match.code)
        match.rematch.discard(seat)
        self._cancel_grace(match.code, seat)

    async def _move(self, session: Session, msg: Move) -> None:
        match = self._match(msg.match)
        seat = self._seat_in(session, match)
        if match.result is not None:
            raise ProtocolError("game_over", f"match {match.code} is over; no more moves")
        if msg.ply != match.ply:
            await session.error("stale_ply", f"your move was for ply {msg.ply} but match "
                                f"{match.code} is at ply {match.ply}; here is the current state",
                                ref="move", match=match.code)
            await self._send_state(session, match)
            return
        if match.status == "waiting":
            raise ProtocolError("not_your_turn",
                                f"match {match.code} is waiting for an opponent to join")
        if match.state.to_move != seat:
            mover = "the bot" if match.bot_to_move else "your opponent"
            raise ProtocolError("not_your_turn", f"it is {mover}'s turn in match {match.code}")
        if msg.move == PASS:
            raise ProtocolError("illegal_move", "clients never send passes: the server plays "
                                "a forced pass itself")
        try:
            self._commit(match, msg.move)
        except IllegalMoveError as err:
            raise ProtocolError("illegal_move", str(err)) from None

    async def _resign(self, session: Session, msg: Resign) -> None:
        match = self._match(msg.match)
        seat = self._seat_in(session, match)
        if match.result is not None:
            raise ProtocolError("game_over", f"match {match.code} is already over")
        if match.status == "waiting":
            self._end(match, None, "abandon")
        else:
            self._end(match, 1 - seat, "resign")

    async def _rematch(self, session: Session, msg: Rematch) -> None:
        """Record a rematch offer; when both seats asked (bots always do), start it."""
        old = self._match(msg.match)
        seat = self._seat_in(session, old)
        if old.result is None:
            raise ProtocolError("bad_message", f"match {old.code} is not over yet; a rematch "
                                "can be asked for only after the end")
        if old.next_match is not None and old.next_match in self.matches:
            new = self.matches[old.next_match]
            new_seat = new.seat_of(_player(session))
            await session.send(Joined(match=new.code, seat=wire_seat(new_seat), role="player"))
            await self._send_state(session, new)
            return
        self._check_cap(_player(session))
        old.rematch.add(seat)
        for i, s in enumerate(old.seats):
            if s is not None and s.kind == "bot":
                old.rematch.add(i)
        if old.rematch != {0, 1}:
            self._broadcast(old)
            return
        seats = [_fresh(old.seats[1]), _fresh(old.seats[0])]
        new = Match(self._new_code(), old.start, seats, rematch_of=old.code)
        new.forced_pass()
        self.store.add_match(new)
        self._add(new)
        old.next_match = new.code
        log.info("match %s started (rematch of %s): %s", new.code, old.code, _describe(new))
        self._broadcast(old)
        for i, s in enumerate(new.seats):
            if s is not None and s.player is not None:
                self._tell(s.player, Joined(match=new.code, seat=wire_seat(i), role="player"))
        self._broadcast(new)
        self._schedule_bot(new)

    # ---- commits --------------------------------------------------------------------

    def _commit(self, match: Match, move: int) -> None:
        """Play a checked move (and a forced pass), store it, then tell everyone.

        The store commits and the state goes out at the end of this turn of the event
        loop, together with the other moves made in it (one disk commit for them all),
        or sooner: before any other frame leaves the server (see :meth:`flush`).
        """
        played = match.play(move)
        self.store.add_moves(match, played, defer=True)
        self._unsent[match.code] = match
        if self._flushing is None:
            self._flushing = asyncio.get_running_loop().call_soon(self.flush)
        if match.result is not None:
            self._ended(match)
        else:
            self._schedule_bot(match)

    def flush(self) -> None:
        """Commit the moves not stored yet, then send each changed match's state.

        Called before every frame the server sends, so a move's state goes out before
        the reply to any later request (and nobody sees a move that is not stored).
        """
        if self._flushing is not None:
            self._flushing.cancel()
            self._flushing = None
        self.store.commit()
        unsent, self._unsent = self._unsent, {}
        for match in unsent.values():
            self._send_to_all(match)

    def _end(self, match: Match, winner: int | None, reason: Reason) -> None:
        match.end(winner, reason)
        self.store.finish(match)
        self._broadcast(match)
        self._ended(match)

    def _ended(self, match: Match) -> None:
        for seat in (0, 1):
            self._cancel_grace(match.code, seat)
        task = self._bot_tasks.get(match.code)
        if task is not None and task is not asyncio.current_task():
            task.cancel()
        result = match.result
        assert result is not None
        winner = "a draw" if result.winner is None else f"{_name(match, result.winner)} wins"
        log.info("match %s over: %s, %s by %s (%d-%d, %d moves)", match.code, _describe(match),
                 winner, result.reason, result.score[0], result.score[1], match.ply)
        self._prune([match])
        for taken in match.seats:
            if taken is not None and taken.player is not None:
                self._forget_old_finished(taken.player)

    def _forget_old_finished(self, player: str) -> None:
        """Forget all but ``player``'s KEEP_FINISHED latest finished matches (unwatched)."""
        finished = [m for m in self._seated(player) if m.result is not None]
        for match in finished[:-KEEP_FINISHED]:
            if not self.spectators.get(match.code):
                self._forget(match)

    def _broadcast(self, match: Match) -> None:
        """One complete `state` to every seat and spectator of ``match``."""
        self._unsent.pop(match.code, None)
        self.flush()  # earlier moves go first, and stored
        self._send_to_all(match)

    def _send_to_all(self, match: Match) -> None:
        frame = encode(match.to_message(self.online))
        peers = [
            peer.ws
            for i, seat in enumerate(match.seats)
            if seat is not None and seat.player is not None and not seat.left
            for peer in self.sessions.get(seat.player, ())
        ]
        peers += [peer.ws for peer in self.spectators.get(match.code, ())]
        broadcast(peers, frame)

    def _tell(self, player: str, message: protocol.ServerMessage) -> None:
        """Send ``message`` to every connection of ``player`` without waiting on any: a
        handler never awaits a socket other than its requester's, which may stall or die."""
        self.flush()
        broadcast([peer.ws for peer in self.sessions.get(player, ())], encode(message))

    async def _send_state(self, session: Session, match: Match) -> None:
        await session.send(match.to_message(self.online))

    def _prune(self, matches: Iterable[Match]) -> None:
        """Forget those of ``matches`` that are finished and that nobody is looking at any
        more (they stay in the store). Callers pass the matches their change concerns, so
        the cost does not grow with the number of matches on the server."""
        for match in matches:
            code = match.code
            if (match.result is None or self.matches.get(code) is not match
                    or self.spectators.get(code)):
                continue
            if not any(self._human_online(match, i) and not _seat_left(match, i)
                       for i in (0, 1)):
                self._forget(match)

    def _forget(self, match: Match) -> None:
        """Drop a finished match from memory and the players' index (it stays stored)."""
        del self.matches[match.code]
        self.spectators.pop(match.code, None)
        for seat in match.seats:
            if seat is not None:
                self._release(seat.player, match.code)

    # ---- bots -----------------------------------------------------------------------

    def _schedule_bot(self, match: Match) -> None:
        if match.bot_to_move is not None and match.code not in self._bot_tasks:
            task = asyncio.create_task(self._bot_turns(match), name=f"bot {match.code}")
            self._bot_tasks[match.code] = task
            task.add_done_callback(self._bot_done)

    async def _bot_turns(self, match: Match) -> None:
        """Let the bot seat move for as long as it is to move (a pass can give it two)."""
        while (seat := match.bot_to_move) is not None and self.matches.get(match.code) is match:
            assert seat.level is not None
            ply = match.ply
            move = await self.bots.choose(match.state, seat.level, where=match.code)
            if match.ply != ply or match.result is not None:
                return
            self._commit(match, move)

    def _bot_done(self, task: asyncio.Task[None]) -> None:
        code = task.get_name().removeprefix("bot ")
        if self._bot_tasks.get(code) is task:
            del self._bot_tasks[code]
        if not task.cancelled() and task.exception() is not None:
            log.error("bot seat in match %s failed", code, exc_info=task.exception())

    # ---- helpers --------------------------------------------------------------------

    def _match(self, code: str) -> Match:
        match = self.matches.get(code.upper())
        if match is None:
            raise ProtocolError("unknown_match", f"there is no match {code!r} on this server")
        return match

    def _seat_in(self, session: Session, match: Match) -> int:
        seat = match.seat_of(_player(session))
        if seat is None or _seat_left(match, seat):
            raise ProtocolError("not_a_player", f"you do not play in match {match.code}")
        return seat

    def _check_cap(self, player: str) -> None:
        held = sum(1 for m in self._seated(player) if m.result is None)
        if held >= self.limits.max_matches_per_player:
            raise ProtocolError(
                "rate_limited",
                f"you already play {held} unfinished matches, the most this server allows; "
                "finish or resign one first",
            )

    def _new_code(self) -> str:
        while True:
            code = new_match_code()
            if code not in self.matches and self.store.record(code) is None:
                return code


def _player(session: Session) -> str:
    assert session.player is not None, "requests are handled only after hello"
    return session.player


def _seat_left(match: Match, seat: int) -> bool:
    s = match.seats[seat]
    return s is not None and s.left


def _fresh(seat: Seat | None) -> Seat | None:
    return None if seat is None else Seat(seat.kind, seat.name, seat.player, seat.level)


def _name(match: Match, seat: int) -> str:
    s = match.seats[seat]
    return "(open seat)" if s is None else s.name


def _describe(match: Match) -> str:
    size = "" if match.game == "tictactoe" else f" {match.size}x{match.size}"
    return f"{match.game}{size}, {_name(match, 0)} vs {_name(match, 1)}"
