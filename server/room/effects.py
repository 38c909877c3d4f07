"""What the match room asks of the store and of the shell: plain data.

The room (server/room/room.py) never touches a socket, a timer or the bot pool. It
asks the store first: each change to a match, a player or a chat is proposed as a
:data:`StoreChange` before the room changes anything in memory, and changes memory only
once the shell stored it; a :class:`StoreFault` refuses it (the store decides before
memory does; server/room/proposals.py). Each of its entry points returns a list of
effects, in the order they must happen, that the asyncio shell carries out with these
promises:

- every effect of one entry point is carried out in order, in one go: no frame is
  waited for, so nothing else happens between them, and a closed socket only drops
  its own frames (a stalled or dying peer blocks nobody and loses nobody an effect);
- a ``Broadcast`` goes out at once, with the state and audience of the moment the room
  emitted it (before, say, a player's seat is marked left); a ``ReplyState`` or a
  ``BroadcastSoon`` builds the state when it is sent, so it is never older than what
  its receivers saw before. Everything a frame shows was stored before.

A new request (takeback, a hint, a clock, chat) adds an effect here only when none of
these says what it needs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, NamedTuple, Union

from server.room.match import Match, Seat
from server.room.presence import Peer
from shared import protocol
from shared.ai.move_time import Budget
from shared.games import State
from shared.protocol import ChatLine, RequestId, Result, ServerMessage

TimerKey = tuple[str, int]
"""(match code, seat): the timer that ends a match when that seat's person stays away;
(match code, :data:`FLAG_TIMER`): the one that rings when the running game clock runs out;
(match code, :data:`BOT_RETRY_TIMER`): the one that tries a bot's move the store refused
again."""
FLAG_TIMER = -1
"""The seat of a match's flag timer key (no seat is -1)."""
BOT_RETRY_TIMER = -2
"""The seat of the key of the timer that tries a bot's unstored move again."""

# ---- the store --------------------------------------------------------------------
# Store changes are not effects in the list an entry point returns: the room proposes
# each one (server/room/proposals.py), the shell stores all those of one event-loop turn
# in one transaction (``Room.proposed``), and the room changes memory only when told
# they are stored (``Room.stored``). Each carries the values to store, worked out before
# the match changes; the store writes a group in one transaction or not at all
# (StoreFault).


class StoreFault(Exception):
    """The store could not write a change (disk full, I/O error, locked, read-only):
    nothing of it was stored, and the room changes nothing either."""


@dataclass(frozen=True)
class SavePlayer:
    """A new player: the store keeps only the hash of their token."""

    player: str
    token_hash: str
    name: str


@dataclass(frozen=True)
class RenamePlayer:
    player: str
    name: str


@dataclass(frozen=True)
class SaveMatch:
    """A new match, with the moves it already has (a forced opening pass); the room
    keeps it only once it is stored."""

    match: Match


@dataclass(frozen=True)
class SaveSeats:
    """Someone takes the open seat of match ``code``: its ``seats`` from now on."""

    code: str
    seats: tuple[Seat | None, ...]
    status: str


class SaveMoves(NamedTuple):
    """``moves`` played from ply ``ply`` of match ``code``, with the clocks after them
    (``remaining``, None without a clock) and the result if they ended the match. (A
    named tuple, immutable like the other changes' frozen dataclasses, made for every
    move at a third of their cost.)"""

    code: str
    ply: int
    moves: tuple[int, ...]
    remaining: tuple[float, float] | None
    result: Result | None


@dataclass(frozen=True)
class SaveResult:
    """Match ``code`` ended without a move (resign, abandon, time): how, and the clocks
    where they stopped."""

    code: str
    result: Result
    remaining: tuple[float, float] | None


@dataclass(frozen=True)
class SaveTakeback:
    """A takeback: the stored moves of ``code`` from ``ply`` on are forgotten, and the
    takeback counts and the clocks stored, in one transaction (the line that stands is
    what is stored)."""

    code: str
    ply: int
    takebacks: tuple[int, int]
    remaining: tuple[float, float] | None


@dataclass(frozen=True)
class SaveClock:
    """Store the clocks of match ``code`` (the server is shutting down cleanly)."""

    code: str
    remaining: tuple[float, float]


@dataclass(frozen=True)
class SaveChat:
    """A chat line of match ``code``; the store keeps the last ones of each match."""

    code: str
    line: ChatLine


StoreChange = Union[
    SavePlayer, RenamePlayer, SaveMatch, SaveSeats, SaveMoves, SaveResult, SaveTakeback,
    SaveClock, SaveChat,
]
"""What the room asks the store to write."""


# ---- waiting for the store --------------------------------------------------------


@dataclass(frozen=True)
class Proposed:
    """The event proposed a change: what follows it comes when the room is told its
    group was stored (``Room.stored``) or refused (``Room.unstored``)."""


@dataclass(frozen=True)
class Busy:
    """The event touches a change proposed and not stored yet (its match, its player,
    its connection): nothing happened; give it to the room again once the group is
    settled."""


# ---- frames -----------------------------------------------------------------------


@dataclass(frozen=True)
class Reply:
    """A message to the connection that made the request."""

    message: ServerMessage


@dataclass(frozen=True)
class ReplyEncoded:
    """A message already encoded (:func:`~shared.protocol.encode_bytes`) to the connection
    that made the request: the lobby, whose one frame answers many `list`s."""

    frame: bytes


@dataclass(frozen=True)
class Paced:
    """The request was a step whose pace the game sets (a move played, a match opened):
    it does not count against the requester's message budget, so a bot that answers
    every state at once, game after game, never runs out of it (docs/protocol.md §8)."""


@dataclass(frozen=True)
class ReplyState:
    """The current ``state`` of ``match`` to the requester, built when it is sent."""

    match: Match


@dataclass(frozen=True)
class Send:
    """``message`` to the connections ``to`` (chosen when the room emitted it), encoded
    once, after any pending states; never awaited."""

    to: tuple[Peer, ...]
    message: ServerMessage


@dataclass(frozen=True)
class Broadcast:
    """``state``, the state of ``match`` now, to ``to``: every seat and spectator of it.

    Any state of ``match`` still pending (see :class:`BroadcastSoon`) is dropped: this
    one is newer."""

    match: Match
    to: tuple[Peer, ...]
    state: protocol.MatchState


@dataclass(frozen=True)
class BroadcastSoon:
    """After a move: the state of ``match`` to everyone in it at the end of this
    event-loop turn, together with the other moves made in it, or earlier, before any
    other frame. Built (and its audience found) when it goes out: one frame however
    many moves the match made in that turn."""

    match: Match


# ---- timers and bots --------------------------------------------------------------


@dataclass(frozen=True)
class SetTimer:
    """Call the room's ``timeout(key, now)`` at time ``at`` (the room's clock)."""

    key: TimerKey
    at: float


@dataclass(frozen=True)
class CancelTimer:
    key: TimerKey


@dataclass(frozen=True)
class Think:
    """Ask the bot pool for a move of the bot ``level`` in ``state`` (match ``code`` at
    ``ply`` of the line ``epoch``, see ``Match.epoch``); the answer goes to the room's
    ``bot_moved(code, ply, move, now, epoch)``. ``budget``: the bot's clock, if any."""

    code: str
    ply: int
    state: State
    level: int
    epoch: int = 0
    budget: Budget | None = None


@dataclass(frozen=True)
class Appraise:
    """Ask the engine for a hint: every legal move of ``state`` (match ``code`` at
    ``ply`` of the line ``epoch``) scored, sent to ``peer`` as an ``analysis`` if
    the match is still there; then the room's ``engine_done(peer)``."""

    peer: Peer
    code: str
    ply: int
    state: State
    epoch: int = 0
    request_id: RequestId | None = None
    """The hint's ``id``, which an ``engine_failed`` in place of the answer echoes."""


@dataclass(frozen=True)
class RunReview:
    """Ask the engine for the review of the finished ``match`` (one job per match, its
    answer kept in ``match.review``), sent to ``peer``; then the room's
    ``engine_done(peer)``."""

    peer: Peer
    match: Match
    request_id: RequestId | None = None
    """The analyse's ``id``, as for Appraise."""


@dataclass(frozen=True)
class StopThinking:
    """The search for ``code`` is worthless now (the match ended): cancel it."""

    code: str


# ---- the log -----------------------------------------------------------------------


@dataclass(frozen=True)
class MatchNews:
    """A line for the log (``message % args``) about a match that ``kind``: it
    ``started``, or ended having been ``played`` (server/room/room.py ``GAME_SECONDS``),
    or ``ended`` unplayed (called off, resigned at once). The shell writes it within the
    share of the log of ``origin``, the address that opened the match (None: not
    counted, as for a match restored after a restart), so that a machine opening and
    abandoning matches in a loop cannot fill the log."""

    origin: str | None
    kind: Literal["started", "played", "ended"]
    message: str
    args: tuple[object, ...]


Effect = Union[
    Reply, ReplyEncoded, Paced, ReplyState, Send, Broadcast, BroadcastSoon, SetTimer,
    CancelTimer, Think, StopThinking, Appraise, RunReview, Proposed, Busy, MatchNews,
]
