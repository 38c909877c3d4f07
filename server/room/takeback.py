"""Takebacks: at once against a server bot, an offer and its answer between people.

Against a bot only on the person's own turn: during the bot's, a takeback would drop
its search and let the person think on the bot's time, again and again
(``not_your_turn``).

A takeback goes back to the position before the requester's last move (not a forced
pass), dropping everything played after it. Between people one offer waits at a time;
a move or the end of the match lapses it (:meth:`server.room.match.Match.play` and
:meth:`~server.room.match.Match.end` clear it). The clocks are not wound back: the time
spent stays spent, and the increments the moves taken back earned are taken back with
them (a move and its takeback gain nothing). The stored game keeps the line that
stands and counts each side's takebacks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from server.room.checks import answer_stale, match_named, seat_in
from server.room.context import Context
from server.room.effects import SaveTakeback, Send
from server.room.match import Match
from server.room.wire import wire_seat
from shared.games import PASS
from shared.protocol import ProtocolError, TakebackDeclined, TakebackOffer

if TYPE_CHECKING:
    from shared.protocol import Takeback, TakebackAnswer


def ask(ctx: Context, player: str, msg: Takeback) -> None:
    """Take back at once against a bot; offer it to the other person otherwise."""
    match = match_named(ctx, msg.match)
    seat = seat_in(player, match)
    if match.result is not None:
        raise ProtocolError("game_over", f"match {match.code} is over; nothing can be "
                            "taken back")
    if msg.ply is not None and msg.ply != match.ply:
        answer_stale(ctx, match, "takeback", msg.ply)
        return
    target = match.last_move_of(seat)
    if target is None:
        raise ProtocolError("nothing_to_take_back", f"you have made no move in match "
                            f"{match.code} yet")
    other = match.seats[1 - seat]
    against_bot = other is not None and other.kind == "bot"
    if against_bot and match.state.to_move != seat:
        raise ProtocolError("not_your_turn", f"the bot is thinking in match {match.code}; "
                            "ask for the takeback once it has moved (its thinking time "
                            "is its own)")
    if match.offer is not None:
        whose = "yours" if match.offer.seat == seat else "your opponent's: answer it"
        raise ProtocolError("offer_pending", f"a takeback offer in match {match.code} "
                            f"waits for its answer ({whose})")
    if against_bot:
        take_back(ctx, match, target, seat)
    else:
        match.offer = TakebackOffer(seat=wire_seat(seat), ply=target)
        ctx.broadcast(match)


def answer(ctx: Context, player: str, msg: TakebackAnswer) -> None:
    """Accept or decline the opponent's pending offer."""
    match = match_named(ctx, msg.match)
    seat = seat_in(player, match)
    if match.result is not None:
        raise ProtocolError("game_over", f"match {match.code} is over")
    offer = match.offer
    if offer is None or offer.seat == seat:
        raise ProtocolError("no_offer", f"your opponent has no takeback offer pending in "
                            f"match {match.code}")
    if msg.accept:
        take_back(ctx, match, offer.ply, offer.seat)
        return
    match.offer = None
    ctx.emit(Send(tuple(ctx.audience(match)),
                         TakebackDeclined(match=match.code, seat=wire_seat(seat))))
    ctx.broadcast(match)


def take_back(ctx: Context, match: Match, ply: int, seat: int) -> None:
    """Go back to the position before ``ply`` (``seat`` asked): the step is stored, then
    everyone sees it (no bot is thinking: against one, a takeback waits for its move)."""
    clock = match.clock.copy() if match.clock is not None else None
    if clock is not None:  # the increments its moves earned go with them
        clock.taken_back([match.positions[i].to_move for i in range(ply, match.ply)
                          if match.moves[i] != PASS], ctx.now)
    takebacks = (match.takebacks[0] + (seat == 0), match.takebacks[1] + (seat == 1))

    def taken_back() -> None:
        match.rewind(ply)
        match.clock = clock
        match.takebacks[seat] += 1
        ctx.start_clock(match)
        ctx.broadcast(match)
        ctx.schedule_bot(match)

    ctx.save(SaveTakeback(match.code, ply, takebacks,
                          clock.stored if clock is not None else None), taken_back)
