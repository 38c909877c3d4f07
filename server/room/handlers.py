"""The rules of each request to the match room: who may do what, and what follows.

One function per request type, called by :meth:`server.room.room.Room.request` with the
player who asked. Every check comes before any change, so a refusal
(:class:`ProtocolError`) leaves the room as it was; what happens is appended to
``room.out`` as effects. A new request (takeback, hint, chat, ...) is one more
function here, or in a module of its own, and one more case in ``Room.request``.
"""

from __future__ import annotations

import logging
import secrets
from typing import TYPE_CHECKING

from server.room import chat
from server.room.clock import MatchClock
from server.room.effects import (
    RenamePlayer,
    Reply,
    ReplyState,
    SaveMatch,
    SavePlayer,
    SaveSeats,
    Send,
)
from server.room.identity import hash_token, new_player_id, new_token
from server.room.match import Match, Seat, wire_seat
from server.room.presence import Peer
from shared import protocol
from shared.games import PASS, IllegalMoveError
from shared.protocol import (
    FEATURES,
    PROTOCOL_VERSION,
    Create,
    Error,
    Hello,
    Join,
    Joined,
    Leave,
    Move,
    ProtocolError,
    Rematch,
    Resign,
    Watch,
    Welcome,
    printable,
)

if TYPE_CHECKING:
    from server.room.room import Room

log = logging.getLogger("taikyoku.server")

LOBBY_LIMIT = 100
"""At most this many matches in one `lobby` frame (waiting ones first, then the newest),
to stay small."""


def clean_name(name: str, player: str) -> str:
    """A display name as others are shown it (see :func:`printable`); a default from the
    id when nothing is left."""
    return printable(name) or f"Player {player[2:6]}"


def hello(room: Room, peer: Peer, msg: Hello) -> None:
    """Identify the connection: a new player, or a returning one resuming by token."""
    if peer.player is not None:
        raise ProtocolError("bad_message", "this connection already said hello")
    if msg.protocol != PROTOCOL_VERSION:
        raise ProtocolError(
            "unsupported_protocol",
            f"this server speaks protocol {PROTOCOL_VERSION}, not {msg.protocol}",
        )
    known = room.find_player(hash_token(msg.token)) if msg.token else None
    if known is not None:
        player, old_name = known
        token = msg.token or ""
        name = clean_name(msg.name, player) if msg.name.strip() else old_name
        if name != old_name:
            room.out.append(RenamePlayer(player, name))
    else:
        player, token = new_player_id(), new_token()
        name = clean_name(msg.name, player)
        room.out.append(SavePlayer(player, hash_token(token), name))
    came_back = room.presence.arrive(peer, player, name)
    room.out.append(Reply(Welcome(
        protocol=PROTOCOL_VERSION, player=player, token=token, server=room.server,
        games=room.games, bots=room.bots, features=list(FEATURES),
    )))
    for match in room.index.seated(player):
        seat = match.seat_of(player)
        room.out.append(Reply(Joined(match=match.code, seat=wire_seat(seat), role="player")))
        if came_back:  # everyone sees the seat connected again, this connection included
            room.holds.arrived(match, player, room.now)
            room.broadcast(match)
        else:
            room.out.append(ReplyState(match))
        chat.replay(room, match)


def list_matches(room: Room) -> None:
    """The matches someone is at: waiting ones first, then the newest."""
    open_ = [m for m in room.matches.values() if m.result is None
             and any(room.holds.human_online(m, i) for i in (0, 1))]
    open_.sort(key=lambda m: (m.status != "waiting", -m.created))
    room.out.append(Reply(protocol.Lobby(matches=[
        m.summary(room.presence.online, len(room.presence.watchers(m.code)))
        for m in open_[:LOBBY_LIMIT]
    ])))


def create(room: Room, player: str, name: str, msg: Create) -> None:
    room.check_cap(player)
    seat = {"first": 0, "second": 1}.get(msg.seat, secrets.randbelow(2))
    seats: list[Seat | None] = [None, None]
    seats[seat] = Seat("human", name, player=player)
    if msg.vs == "bot":
        seats[1 - seat] = Seat.bot(msg.bot.level if msg.bot else 3)
    position = msg.position
    try:
        match = Match.new(
            room.new_code(), msg.game, msg.size,
            position.board if position else None,
            position.to_move if position else None, seats, created=room.now,
        )
    except ValueError as err:
        raise ProtocolError("bad_message", f"cannot create that match: {err}") from None
    match.hints = msg.hints
    match.clock = MatchClock.of(msg.clock) if msg.clock is not None else None
    _open(room, match)
    room.out.append(Reply(Joined(match=match.code, seat=wire_seat(seat), role="player")))
    room.broadcast(match)
    if match.status == "playing":
        log.info("match %s started: %s", match.code, match.describe())
    room.schedule_bot(match)


def _open(room: Room, match: Match) -> None:
    """A new match (created, or a rematch) plays its forced opening pass if any, starts
    its clock, is stored and is kept in memory."""
    match.forced_pass()
    room.clock_timers.start(match, room.now)
    room.out.append(SaveMatch(match))
    room.index.add(match)


def join(room: Room, player: str, name: str, msg: Join) -> None:
    """Take the open seat (or be shown your own again)."""
    match = room.match_named(msg.match)
    seat = match.seat_of(player)
    if seat is None:
        if match.result is not None:
            raise ProtocolError("game_over", f"match {match.code} is over; watch it instead")
        if None not in match.seats:
            raise ProtocolError("match_full", f"both seats of match {match.code} are taken; "
                                "you can watch it")
        room.check_cap(player)
        seat = match.seats.index(None)
        match.seats[seat] = Seat("human", name, player=player)
        room.out.append(SaveSeats(match))
        room.index.add(match)
        log.info("match %s started: %s", match.code, match.describe())
        if not room.holds.human_online(match, 1 - seat):
            room.holds.start(match, 1 - seat, room.now)
        room.clock_timers.start(match, room.now)
    room.out.append(Reply(Joined(match=match.code, seat=wire_seat(seat), role="player")))
    room.broadcast(match)
    chat.replay(room, match)


def watch(room: Room, player: str, peer: Peer, msg: Watch) -> None:
    """Watch a match (a player of it is shown their seat instead)."""
    match = room.match_named(msg.match)
    seat = match.seat_of(player)
    if seat is not None and not match.has_left(seat):
        room.out.append(Reply(Joined(match=match.code, seat=wire_seat(seat), role="player")))
    else:
        watchers = room.presence.watchers(match.code)
        if peer not in watchers and len(watchers) >= room.config.max_spectators:
            raise ProtocolError("match_full", f"match {match.code} already has "
                                f"{len(watchers)} spectators, the most this server allows")
        room.presence.watch(match.code, peer)
        room.out.append(Reply(Joined(match=match.code, seat=None, role="spectator")))
    room.out.append(ReplyState(match))
    chat.replay(room, match)


def leave(room: Room, player: str, peer: Peer, msg: Leave) -> None:
    """A spectator stops watching; a player leaving an unfinished match abandons it."""
    match = room.match_named(msg.match)
    seat = room.seat_or_watching(player, peer, match)
    if seat is None:
        room.presence.unwatch(match.code, peer)
    elif match.result is None:
        room.end(match, None if match.status == "waiting" else 1 - seat, "abandon")
        _leave_seat(room, match, seat)
    else:
        _leave_seat(room, match, seat)
        room.broadcast(match)
    room.prune([match])


def _leave_seat(room: Room, match: Match, seat: int) -> None:
    s = match.seats[seat]
    assert s is not None
    s.left = True
    room.index.release(s.player, match.code)
    match.rematch.discard(seat)
    room.holds.cancel(match.code, seat)


def move(room: Room, player: str, msg: Move) -> None:
    match = room.match_named(msg.match)
    seat = room.seat_in(player, match)
    if match.result is not None:
        raise ProtocolError("game_over", f"match {match.code} is over; no more moves")
    if msg.ply != match.ply:
        stale(room, match, "move", msg.ply)
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
        room.commit(match, msg.move)
    except IllegalMoveError as err:
        raise ProtocolError("illegal_move", str(err)) from None


def stale(room: Room, match: Match, ref: str, ply: int) -> None:
    """A request for a ply the match has moved on from: not a refusal, the current
    state comes with the error."""
    room.out.append(Reply(Error(
        code="stale_ply", message=f"your {ref} was for ply {ply} but match "
        f"{match.code} is at ply {match.ply}; here is the current state",
        ref=ref, match=match.code,
    )))
    room.out.append(ReplyState(match))


def resign(room: Room, player: str, msg: Resign) -> None:
    """Resign a game (the opponent wins), or call off a match nobody joined."""
    match = room.match_named(msg.match)
    seat = room.seat_in(player, match)
    if match.result is not None:
        raise ProtocolError("game_over", f"match {match.code} is already over")
    if match.status == "waiting":
        room.end(match, None, "abandon")
    else:
        room.end(match, 1 - seat, "resign")


def rematch(room: Room, player: str, msg: Rematch) -> None:
    """Record a rematch offer; when both seats asked (bots always do), start it."""
    old = room.match_named(msg.match)
    seat = room.seat_in(player, old)
    if old.result is None:
        raise ProtocolError("bad_message", f"match {old.code} is not over yet; a rematch "
                            "can be asked for only after the end")
    new = room.index.get(old.next_match) if old.next_match is not None else None
    if new is not None:  # it started already: this seat is shown it again
        room.out.append(Reply(Joined(match=new.code, seat=wire_seat(new.seat_of(player)),
                                     role="player")))
        room.out.append(ReplyState(new))
        return
    room.check_cap(player)
    old.rematch.add(seat)
    for i, s in enumerate(old.seats):
        if s is not None and s.kind == "bot":
            old.rematch.add(i)
    if old.rematch != {0, 1}:
        room.broadcast(old)
        return
    new = Match(room.new_code(), old.start, [_fresh(old.seats[1]), _fresh(old.seats[0])],
                created=room.now, hints=old.hints)
    if old.clock is not None:
        new.clock = MatchClock.of(old.clock.control)
    _open(room, new)
    old.next_match = new.code
    log.info("match %s started (rematch of %s): %s", new.code, old.code, new.describe())
    room.broadcast(old)
    for i, s in enumerate(new.seats):
        if s is not None and s.player is not None:
            room.out.append(Send(tuple(room.presence.of(s.player)),
                                 Joined(match=new.code, seat=wire_seat(i), role="player")))
    room.broadcast(new)
    room.schedule_bot(new)


def _fresh(seat: Seat | None) -> Seat | None:
    return None if seat is None else Seat(seat.kind, seat.name, seat.player, seat.level)
