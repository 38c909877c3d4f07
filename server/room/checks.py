"""The checks several requests share: which match, whose seat, how many, how fresh.

Each raises :class:`ProtocolError` (the room's refusal) before anything changed, or
says what the request may go on with.
"""

from __future__ import annotations

from server.room.context import Context
from server.room.effects import Reply, ReplyState
from server.room.match import Match
from server.room.presence import Peer
from shared.protocol import Error, ProtocolError


def match_named(ctx: Context, code: str) -> Match:
    match = ctx.match(code)
    if match is None:
        raise ProtocolError("unknown_match", f"there is no match {code!r} on this server")
    return match


def may_watch(ctx: Context, match: Match, peer: Peer) -> None:
    """Refuse a new spectator seat past the match's ``max_spectators`` or its address's
    share of them (match_full), or a connection watching ``max_watching`` matches
    already (not_allowed)."""
    cfg, watchers = ctx.config, ctx.watchers(match.code)
    if len(watchers) >= cfg.max_spectators:
        raise ProtocolError("match_full", f"match {match.code} already has "
                            f"{len(watchers)} spectators, the most this server allows")
    key = ctx.limits.key(peer)
    if key is not None and sum(ctx.limits.key(w) == key
                               for w in watchers) >= cfg.spectators_per_address:
        raise ProtocolError("match_full", f"match {match.code} already has "
                            f"{cfg.spectators_per_address} spectators from your address, "
                            "the most this server gives one address")
    if len(peer.watching) >= cfg.max_watching:
        raise ProtocolError("not_allowed", f"this connection watches {len(peer.watching)} "
                            "matches already, the most this server allows; leave one first")


def seat_in(player: str, match: Match) -> int:
    """``player``'s seat in ``match``; not_a_player unless they hold one not left."""
    seat = match.seat_of(player)
    if seat is None or match.has_left(seat):
        raise ProtocolError("not_a_player", f"you do not play in match {match.code}")
    return seat


def seat_or_watching(ctx: Context, player: str, peer: Peer, match: Match) -> int | None:
    """``player``'s seat in ``match`` (one not left), or None when ``peer`` watches it;
    not_a_player when neither."""
    seat = match.seat_of(player)
    if seat is not None and not match.has_left(seat):
        return seat
    if peer not in ctx.watchers(match.code):
        raise ProtocolError("not_a_player",
                            f"you are neither playing nor watching match {match.code}")
    return None


def check_cap(ctx: Context, player: str) -> None:
    """player_match_cap when ``player`` already plays as many unfinished matches as
    allowed (waiting does not help: only finishing one does)."""
    held = sum(1 for m in ctx.seated(player) if m.result is None)
    if held >= ctx.config.max_matches_per_player:
        raise ProtocolError(
            "player_match_cap",
            f"you already play {held} unfinished matches, the most this server allows; "
            "finish or resign one first",
        )


def answer_stale(ctx: Context, match: Match, ref: str, ply: int) -> None:
    """Answer a request for a ply the match has moved on from: not a refusal, the current
    state comes with the error."""
    ctx.emit(Reply(Error(
        code="stale_ply", message=f"your {ref} was for ply {ply} but match "
        f"{match.code} is at ply {match.ply}; here is the current state",
        ref=ref, match=match.code,
    )))
    ctx.emit(ReplyState(match))
