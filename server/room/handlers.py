"""The rules of each request to the match room: who may do what, and what follows.

One function per request type, called through :func:`dispatch` by
:meth:`server.room.room.Room.request` with the room's
:class:`~server.room.context.Context` and the player who asked. Every check comes before
any change, so a refusal (:class:`ProtocolError`) leaves the room as it was; then the
change is proposed to the store (``ctx.save(change, then)``) and ``then`` applies it once
it is stored (a refused store refuses the request, nothing changed); what happens is
emitted through the context as effects. A new request is one more function here, or in
a module of its own (takeback.py, chat.py, engine_requests.py), and one more case in
:func:`dispatch` (docs/architecture.md).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable

from server.room import chat, engine_requests, takeback
from server.room.checks import (
    answer_stale,
    check_cap,
    match_named,
    may_watch,
    seat_in,
    seat_or_watching,
)
from server.room.clock import MatchClock
from server.room.context import Context
from server.room.effects import (
    Paced,
    RenamePlayer,
    Reply,
    ReplyEncoded,
    ReplyState,
    SaveMatch,
    SavePlayer,
    SaveSeats,
    Send,
)
from server.room.identity import hash_token, new_player_id, new_token
from server.room.match import Match, Seat
from server.room.presence import Peer
from server.room.wire import wire_seat
from shared.ai.levels import DEFAULT_LEVEL
from shared.games import PASS, IllegalMoveError
from shared.protocol import (
    FEATURES,
    PROTOCOL_VERSION,
    Analyse,
    Chat,
    ClientMessage,
    Create,
    Hello,
    Hint,
    Join,
    Joined,
    Leave,
    ListMatches,
    Move,
    ProtocolError,
    Rematch,
    Resign,
    Takeback,
    TakebackAnswer,
    Watch,
    Welcome,
    name_text,
)


def default_name(player: str) -> str:
    """The name of a player who gave none."""
    return f"Player {player[2:6]}"


def hello(ctx: Context, peer: Peer, msg: Hello) -> None:
    """Identify the connection: a new player, or a returning one resuming by token."""
    if peer.player is not None:
        raise ProtocolError("bad_message", "this connection already said hello")
    if msg.protocol != PROTOCOL_VERSION:
        raise ProtocolError(
            "unsupported_protocol",
            f"this server speaks protocol {PROTOCOL_VERSION}, not {msg.protocol}",
        )
    given = name_text(msg.name)  # bad_name before anything is counted or stored
    known = ctx.find_player(hash_token(msg.token)) if msg.token else None
    if known is not None:
        player, old_name = known
        token = msg.token or ""
        name = given or old_name
        if name == old_name:
            _welcome(ctx, peer, player, token, name)
        else:
            ctx.save(RenamePlayer(player, name),
                     lambda: _welcome(ctx, peer, player, token, name))
    else:
        ctx.limits.new_player(peer)
        player, token = new_player_id(), new_token()
        name = given or default_name(player)
        ctx.save(SavePlayer(player, hash_token(token), name),
                 lambda: _welcome(ctx, peer, player, token, name))


def _welcome(ctx: Context, peer: Peer, player: str, token: str, name: str) -> None:
    """``peer`` is ``player`` (stored): welcome, and their matches again."""
    came_back = ctx.arrive(peer, player, name)
    ctx.emit(Reply(Welcome(
        protocol=PROTOCOL_VERSION, player=player, token=token, server=ctx.server,
        games=ctx.games, bots=ctx.bots, features=list(FEATURES),
    )))
    for match in ctx.seated(player):
        seat = match.seat_of(player)
        ctx.emit(Reply(Joined(match=match.code, seat=wire_seat(seat), role="player")))
        if came_back:  # everyone sees the seat connected again, this connection included
            ctx.back(match, player)
            ctx.broadcast(match)
        else:
            ctx.emit(ReplyState(match))
        chat.replay(ctx, match)


def list_matches(ctx: Context) -> None:
    """The matches someone is at (server/room/lobby.py), encoded once for many lists."""
    ctx.emit(ReplyEncoded(ctx.lobby()))


def create(ctx: Context, player: str, peer: Peer, msg: Create) -> None:
    check_cap(ctx, player)
    ctx.limits.may_open(peer)
    ctx.limits.may_store(peer)
    if msg.vs == "bot":
        ctx.limits.may_use_engine(ctx.limits.key(peer))
    name = peer.name
    seat = {"first": 0, "second": 1}.get(msg.seat, secrets.randbelow(2))
    seats: list[Seat | None] = [None, None]
    seats[seat] = Seat("human", name, player=player)
    if msg.vs == "bot":
        seats[1 - seat] = Seat.bot(msg.bot.level if msg.bot else DEFAULT_LEVEL)
    position = msg.position
    try:
        match = Match.new(
            ctx.new_code(msg.unlisted), msg.game, msg.size,
            position.board if position else None,
            position.to_move if position else None, seats, created=ctx.now,
        )
    except ValueError as err:
        raise ProtocolError("bad_message", f"cannot create that match: {err}") from None
    match.hints = msg.hints
    match.unlisted, match.spectator_chat = msg.unlisted, msg.spectator_chat
    match.clock = MatchClock.of(msg.clock) if msg.clock is not None else None

    def opened() -> None:
        ctx.emit(Reply(Joined(match=match.code, seat=wire_seat(seat), role="player")))
        ctx.broadcast(match)
        if match.status == "playing":
            ctx.started(match)
        ctx.schedule_bot(match)
        ctx.emit(Paced())

    _open(ctx, match, peer, opened)


def _open(ctx: Context, match: Match, peer: Peer, then: Callable[[], None]) -> None:
    """A new match (created, or a rematch) is counted against the store's budget of
    ``peer``'s address now (before the next request of this event-loop turn is checked),
    plays its forced opening pass if any, is stored, then starts its clock and is kept
    in memory, counted as unfinished against that address; then ``then``."""
    ctx.limits.count_stored(peer)
    match.forced_pass()

    def stored() -> None:
        ctx.start_clock(match)
        ctx.seats_changed(match)
        ctx.limits.opened(match, peer)
        then()

    ctx.save(SaveMatch(match), stored)


def join(ctx: Context, player: str, name: str, msg: Join) -> None:
    """Take the open seat (or be shown your own again: to you alone, without the chat,
    which this connection already has, so a repeated ``join`` costs one state). A seat
    its player left is theirs no more: leaving ends the match, so that is game_over."""
    match = match_named(ctx, msg.match)
    seat = match.seat_of(player)
    if seat is not None and not match.has_left(seat):
        ctx.emit(Reply(Joined(match=match.code, seat=wire_seat(seat), role="player")))
        ctx.emit(ReplyState(match))
        return
    if match.result is not None:
        raise ProtocolError("game_over", f"match {match.code} is over; watch it instead")
    if None not in match.seats:
        raise ProtocolError("match_full", f"both seats of match {match.code} are taken; "
                            "you can watch it")
    check_cap(ctx, player)
    taken = match.seats.index(None)
    seats = list(match.seats)
    seats[taken] = Seat("human", name, player=player)

    def seated() -> None:
        match.seats[taken] = seats[taken]
        ctx.seats_changed(match)
        ctx.started(match)
        if not ctx.human_online(match, 1 - taken):
            ctx.hold(match, 1 - taken)
        ctx.start_clock(match)
        _joined(ctx, match, taken)

    ctx.save(SaveSeats(match.code, tuple(seats), "waiting" if None in seats else "playing"),
             seated)


def _joined(ctx: Context, match: Match, seat: int) -> None:
    """The joiner's `joined`, everyone's state, and the chat so far."""
    ctx.emit(Reply(Joined(match=match.code, seat=wire_seat(seat), role="player")))
    ctx.broadcast(match)
    chat.replay(ctx, match)


def watch(ctx: Context, player: str, peer: Peer, msg: Watch) -> None:
    """Watch a match (a player of it is shown their seat instead). A connection that
    already follows the match gets ``joined`` and the state again, not the chat it has."""
    match = match_named(ctx, msg.match)
    seat = match.seat_of(player)
    watchers = ctx.watchers(match.code)
    follows = peer in watchers
    if seat is not None and not match.has_left(seat):
        follows = True  # every connection of a seated player gets the match's frames
        ctx.emit(Reply(Joined(match=match.code, seat=wire_seat(seat), role="player")))
    else:
        if not follows:
            may_watch(ctx, match, peer)
        ctx.watch(match, peer)
        ctx.emit(Reply(Joined(match=match.code, seat=None, role="spectator")))
    ctx.emit(ReplyState(match))
    if not follows:
        chat.replay(ctx, match)


def leave(ctx: Context, player: str, peer: Peer, msg: Leave) -> None:
    """A spectator stops watching; a player leaving a game under way loses it (``left``:
    on purpose, unlike a seat that ran out), or calls off a match nobody joined."""
    match = match_named(ctx, msg.match)
    seat = seat_or_watching(ctx, player, peer, match)
    if seat is None:
        ctx.unwatch(match, peer)
        ctx.prune([match])
    elif match.result is not None:
        _leave_seat(ctx, match, seat, shown=True)
    elif match.status == "waiting":
        ctx.end(match, None, "abandon", lambda: _leave_seat(ctx, match, seat, shown=False))
    else:  # the final state goes to the leaver too; then the seat shows them gone
        ctx.end(match, 1 - seat, "left", lambda: _leave_seat(ctx, match, seat, shown=True))


def _leave_seat(ctx: Context, match: Match, seat: int, shown: bool) -> None:
    """The player of ``seat`` is gone from the finished ``match`` (everyone still in it
    is ``shown`` so); forgotten once nobody looks."""
    s = match.seats[seat]
    assert s is not None
    s.left = True
    match.rematch.discard(seat)
    ctx.release_seat(match, seat)
    if shown:
        ctx.broadcast(match)
    ctx.prune([match])


def move(ctx: Context, player: str, msg: Move) -> None:
    match = match_named(ctx, msg.match)
    seat = seat_in(player, match)
    if match.result is not None:
        raise ProtocolError("game_over", f"match {match.code} is over; no more moves")
    if msg.ply != match.ply:
        answer_stale(ctx, match, "move", msg.ply)
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
    if match.has_bot:  # the bot's answer is engine work for the address that opened it
        ctx.limits.may_use_engine(match.origin)
    try:
        ctx.commit(match, msg.move, lambda: ctx.emit(Paced()))
    except IllegalMoveError as err:
        raise ProtocolError("illegal_move", str(err)) from None



def resign(ctx: Context, player: str, msg: Resign) -> None:
    """Resign a game (the opponent wins), or call off a match nobody joined."""
    match = match_named(ctx, msg.match)
    seat = seat_in(player, match)
    if match.result is not None:
        raise ProtocolError("game_over", f"match {match.code} is already over")
    if match.status == "waiting":
        ctx.end(match, None, "abandon")
    else:
        ctx.end(match, 1 - seat, "resign")


def rematch(ctx: Context, player: str, peer: Peer, msg: Rematch) -> None:
    """Record a rematch offer; when both seats asked (bots always do), start it. A
    finished match has one rematch: asked again, it is shown again while it is on."""
    old = match_named(ctx, msg.match)
    seat = seat_in(player, old)
    if old.result is None:
        raise ProtocolError("bad_message", f"match {old.code} is not over yet; a rematch "
                            "can be asked for only after the end")
    if old.next_match is not None:
        _rematch_again(ctx, player, old, old.next_match)
        return
    if old.has_left(1 - seat):
        raise ProtocolError("opponent_left", f"{old.seat_name(1 - seat)} left match "
                            f"{old.code}; a rematch needs both players")
    if seat in old.rematch:  # asked again: shown to the asker, not sent to everyone again
        ctx.emit(ReplyState(old))
        return
    check_cap(ctx, player)
    ctx.limits.may_open(peer)
    ctx.limits.may_store(peer)
    offers = old.rematch | {seat} | {i for i, s in enumerate(old.seats)
                                     if s is not None and s.kind == "bot"}
    if offers != {0, 1}:
        old.rematch.update(offers)
        ctx.broadcast(old)
        return
    new = Match(ctx.new_code(old.unlisted), old.start, [_fresh(old.seats[1]), _fresh(old.seats[0])],
                created=ctx.now, hints=old.hints, unlisted=old.unlisted,
                spectator_chat=old.spectator_chat)
    if old.clock is not None:
        new.clock = MatchClock.of(old.clock.control)

    def opened() -> None:  # stored first: the old match changes only then
        old.rematch.update(offers)
        old.next_match = new.code
        ctx.started(new, rematch_of=old)
        ctx.broadcast(old)
        for i, s in enumerate(new.seats):
            if s is not None and s.player is not None:
                ctx.emit(Send(tuple(ctx.connections(s.player)), Joined(
                    match=new.code, seat=wire_seat(i), role="player", rematch_of=old.code)))
        ctx.broadcast(new)
        ctx.schedule_bot(new)
        ctx.emit(Paced())

    _open(ctx, new, peer, opened)


def _rematch_again(ctx: Context, player: str, old: Match, code: str) -> None:
    """A rematch asked for again: its `joined` and `state` once more while it is on (a
    double click, a late answer); refused once it is over or left (a stale code)."""
    new = ctx.match(code)
    seat = new.seat_of(player) if new is not None else None
    if new is None or new.result is not None or seat is None or new.has_left(seat):
        raise ProtocolError("not_allowed", f"match {old.code} already had its rematch, "
                            f"{code}, and a match has one; create a new match instead")
    ctx.emit(Reply(Joined(match=new.code, seat=wire_seat(seat), role="player",
                          rematch_of=old.code)))
    ctx.emit(ReplyState(new))


def _fresh(seat: Seat | None) -> Seat | None:
    return None if seat is None else Seat(seat.kind, seat.name, seat.player, seat.level)


def dispatch(ctx: Context, peer: Peer, player: str, msg: ClientMessage) -> None:
    """The handler of each request type (a hello is :func:`hello`, before any of these)."""
    match msg:
        case Move():  # first: by far the most frequent
            move(ctx, player, msg)
        case ListMatches():
            list_matches(ctx)
        case Create():
            create(ctx, player, peer, msg)
        case Join():
            join(ctx, player, peer.name, msg)
        case Watch():
            watch(ctx, player, peer, msg)
        case Leave():
            leave(ctx, player, peer, msg)
        case Resign():
            resign(ctx, player, msg)
        case Rematch():
            rematch(ctx, player, peer, msg)
        case Takeback():
            takeback.ask(ctx, player, msg)
        case TakebackAnswer():
            takeback.answer(ctx, player, msg)
        case Hint():
            engine_requests.hint(ctx, player, peer, msg)
        case Analyse():
            engine_requests.analyse(ctx, player, peer, msg)
        case Chat():
            chat.chat(ctx, player, peer, msg)
        case _:
            raise ProtocolError("bad_message", f"this server does not handle "
                                f"{type(msg).__struct_config__.tag!r} requests")
