"""Chat in a match: who may write, the rate, and the lines kept for whoever comes later.

A line goes to everyone in the match, the writer included (the echo is the
confirmation). The last :data:`~shared.protocol.CHAT_HISTORY_LINES` lines stay with the
match (and in the store), and are sent again after the `joined` and `state` of a
resume, a join or a watch.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from server.room.effects import Reply, SaveChat, Send
from server.room.limits import MessageBudget
from server.room.match import Match, wire_seat
from server.room.presence import Peer
from shared.protocol import ChatLine, ProtocolError, chat_text

if TYPE_CHECKING:
    from server.room.room import Room
    from shared.protocol import Chat

CHAT_BURST = 5
"""Lines a connection may send at once..."""
CHAT_RATE = 0.5
"""...and then one every 1 / CHAT_RATE seconds."""


def chat(room: Room, player: str, peer: Peer, msg: Chat) -> None:
    """Relay a line from a player or a spectator of the match to everyone in it."""
    match = room.match_named(msg.match)
    seat = room.seat_or_watching(player, peer, match)
    text = chat_text(msg.text)
    budget = room.chat_budgets.get(peer)
    if budget is None:
        budget = room.chat_budgets[peer] = MessageBudget(CHAT_RATE, CHAT_BURST,
                                                         clock=lambda: room.now)
    if not budget.take():
        raise ProtocolError("rate_limited", f"at most {CHAT_BURST} chat lines at once, then "
                            f"one every {1 / CHAT_RATE:g} seconds; this line was dropped")
    match.chat_seq += 1
    line = ChatLine(match=match.code, seq=match.chat_seq, time=room.now,
                    seat=wire_seat(seat), player=player, name=peer.name, text=text)
    match.chat.append(line)
    room.out.append(SaveChat(match, line))
    room.out.append(Send(tuple(room.audience(match)), line))


def replay(room: Room, match: Match) -> None:
    """The match's last lines to the requester, oldest first."""
    room.out.extend(Reply(line) for line in match.chat)
