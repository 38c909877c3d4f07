"""Chat in a match: who may write, the rate, and the lines kept for whoever comes later.

A line goes to everyone in the match, the writer included (the echo is the
confirmation). The last :data:`~shared.protocol.CHAT_HISTORY_LINES` lines stay with the
match (and in the store), and are sent again after the `joined` and `state` of a
resume, a join or a watch.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from server.room.checks import match_named, seat_or_watching
from server.room.context import Context
from server.room.effects import Reply, SaveChat, Send
from server.room.match import Match
from server.room.presence import Peer
from server.room.wire import wire_seat
from shared.protocol import ChatLine, ProtocolError, chat_text

if TYPE_CHECKING:
    from shared.protocol import Chat

CHAT_BURST = 5
"""Lines a connection may send at once..."""
CHAT_RATE = 0.5
"""...and then one every 1 / CHAT_RATE seconds."""
CHAT_SHARERS = 2
"""In one match, the connections of one address share the budget of this many
connections: two people at one machine (or behind one NAT address) never refuse each
other's lines, and a machine with hundreds of connections writes no faster than two."""


def chat(ctx: Context, player: str, peer: Peer, msg: Chat) -> None:
    """Relay a line from a player or a spectator of the match to everyone in it (from a
    spectator only if the match's creator let spectators chat)."""
    match = match_named(ctx, msg.match)
    seat = seat_or_watching(ctx, player, peer, match)
    if seat is None and not match.spectator_chat:
        raise ProtocolError("not_allowed", f"only the players may chat in match {match.code}")
    text = chat_text(msg.text)
    _spend_line(ctx, peer, match)
    line = ChatLine(match=match.code, seq=match.chat_seq + 1, time=ctx.now,
                    seat=wire_seat(seat), player=player, name=peer.name, text=text)

    def said() -> None:
        match.chat_seq = line.seq
        match.chat.append(line)
        ctx.emit(Send(tuple(ctx.audience(match)), line))

    ctx.save(SaveChat(match.code, line), said)


def _spend_line(ctx: Context, peer: Peer, match: Match) -> None:
    """Take one line from the connection's budget and from its address's in the match
    (rate_limited, nothing spent, when either has none left)."""
    own = ctx.chat_budget(peer, CHAT_RATE, CHAT_BURST)
    if not own.take():
        raise ProtocolError("rate_limited", f"at most {CHAT_BURST} chat lines at once, then "
                            f"one every {1 / CHAT_RATE:g} seconds; this line was dropped",
                            retry_after=own.wait())
    shared = ctx.shared_chat_budget(peer, match, CHAT_SHARERS * CHAT_RATE,
                                    CHAT_SHARERS * CHAT_BURST)
    if shared is not None and not shared.take():
        own.refund()
        raise ProtocolError("rate_limited", f"your address may send at most "
                            f"{shared.burst} chat lines at once to match {match.code}, "
                            f"then one every {1 / shared.rate:g} s, from all its "
                            "connections together; this line was dropped",
                            retry_after=shared.wait())


def replay(ctx: Context, match: Match) -> None:
    """The match's last lines to the requester, oldest first."""
    for line in match.chat:
        ctx.emit(Reply(line))
