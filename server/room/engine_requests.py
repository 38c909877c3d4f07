"""Hints and the review of a finished game: who may ask, and what the engine is asked.

The room only checks and emits :class:`~server.room.effects.Appraise` or
:class:`~server.room.effects.RunReview`; the shell runs the engine in the bot pool
(server/shell/engine_work.py), never on the event loop, and tells the room when it answered.
A connection has at most one such request in flight.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from server.room.checks import match_named, seat_in, seat_or_watching
from server.room.context import Context
from server.room.effects import Appraise, Reply, RunReview
from server.room.presence import Peer
from shared.protocol import ProtocolError, Review

if TYPE_CHECKING:
    from shared.protocol import Analyse, Hint


def hint(ctx: Context, player: str, peer: Peer, msg: Hint) -> None:
    """The engine's score of every legal move, for the player to move."""
    match = match_named(ctx, msg.match)
    seat = seat_in(player, match)
    if match.result is not None:
        raise ProtocolError("game_over", f"match {match.code} is over; ask for analyse "
                            "instead")
    if not match.hints_allowed:
        raise ProtocolError("not_allowed", f"match {match.code} was created without hints")
    if match.status == "waiting":
        raise ProtocolError("not_your_turn",
                            f"match {match.code} is waiting for an opponent to join")
    if match.state.to_move != seat:
        raise ProtocolError("not_your_turn", f"hints are for the side to move, and it is "
                            f"not your turn in match {match.code}")
    _one_at_a_time(ctx, peer)
    ctx.emit(Appraise(peer, match.code, match.ply, match.state, match.epoch))


def analyse(ctx: Context, player: str, peer: Peer, msg: Analyse) -> None:
    """The engine's review of a finished game, for its players and spectators."""
    match = match_named(ctx, msg.match)
    seat_or_watching(ctx, player, peer, match)
    if match.result is None:
        raise ProtocolError("not_allowed", f"match {match.code} is not over yet; a hint is "
                            "for a game in progress")
    if match.review is not None:  # worked out already
        ctx.emit(Reply(Review(match=match.code, plies=match.review)))
        return
    _one_at_a_time(ctx, peer)
    ctx.emit(RunReview(peer, match))


def _one_at_a_time(ctx: Context, peer: Peer) -> None:
    """Count ``peer``'s request as running; rate_limited while its previous one runs,
    engine_busy when its address has its share queued (address_limits.py)."""
    ctx.limits.take_engine(peer)
