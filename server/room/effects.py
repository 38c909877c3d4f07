"""What the match room asks the shell to do: plain data, carried out by the effect runner.

The room (server/room/room.py) never touches a socket, a timer, the database or the bot
pool; each of its entry points returns a list of these effects, in the order they
must happen. The asyncio shell carries them out with these promises:

- store effects are written before any frame leaves the server (a ``SaveMoves`` is
  committed together with the other moves of the same event-loop turn, or earlier,
  before any other frame);
- every effect of one entry point is carried out in order, in one go: no frame is
  waited for, so nothing else happens between them, and a closed socket only drops
  its own frames (a stalled or dying peer blocks nobody and loses nobody an effect);
- a ``Broadcast`` goes out at once, with the state and audience of the moment the room
  emitted it (before, say, a player's seat is marked left); a ``ReplyState`` or a
  ``BroadcastSoon`` builds the state when it is sent, so it is never older than what
  its receivers saw before.

A new request (takeback, a hint, a clock, chat) adds an effect here only when none of
these says what it needs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from server.room.clock import Budget
from server.room.match import Match
from server.room.presence import Peer
from shared import protocol
from shared.games import State
from shared.protocol import ChatLine, ServerMessage

TimerKey = tuple[str, int]
"""(match code, seat): the timer that ends a match when that seat's person stays away;
(match code, :data:`FLAG_TIMER`): the one that rings when the running game clock runs out."""
FLAG_TIMER = -1
"""The seat of a match's flag timer key (no seat is -1)."""

# ---- the store --------------------------------------------------------------------


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
    """A new match, with the moves it already has (a forced opening pass)."""

    match: Match


@dataclass(frozen=True)
class SaveSeats:
    """Someone took the open seat of ``match``."""

    match: Match


@dataclass(frozen=True)
class SaveMoves:
    """The last ``moves`` of ``match`` (and the result, if they ended it), carried out
    before anything changes the match again (the room emits it before any Reply).

    Committed with the other moves of this event-loop turn: one disk commit for many."""

    match: Match
    moves: tuple[int, ...]


@dataclass(frozen=True)
class SaveResult:
    """The match ended without a move (resign, abandon, time): store how."""

    match: Match


@dataclass(frozen=True)
class SaveTakeback:
    """A takeback: forget the stored moves from ``match.ply`` on and store the takeback
    counts and the clocks, in one transaction (the line that stands is what is stored)."""

    match: Match


@dataclass(frozen=True)
class SaveClock:
    """Store the clocks of ``match`` as they are (the server is shutting down cleanly)."""

    match: Match


@dataclass(frozen=True)
class SaveChat:
    """A chat line of ``match``; the store keeps the last ones of each match."""

    match: Match
    line: ChatLine


# ---- frames -----------------------------------------------------------------------


@dataclass(frozen=True)
class Reply:
    """A message to the connection that made the request."""

    message: ServerMessage


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
    state: protocol.State


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
    ``ply`` after ``epoch`` takebacks); the answer goes to the room's
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
    ``ply`` after ``epoch`` takebacks) scored, sent to ``peer`` as an ``analysis`` if
    the match is still there; then the room's ``engine_done(peer)``."""

    peer: Peer
    code: str
    ply: int
    state: State
    epoch: int = 0


@dataclass(frozen=True)
class RunReview:
    """Ask the engine for the review of the finished ``match`` (one job per match, its
    answer kept in ``match.review``), sent to ``peer``; then the room's
    ``engine_done(peer)``."""

    peer: Peer
    match: Match


@dataclass(frozen=True)
class StopThinking:
    """The search for ``code`` is worthless now (the match ended): cancel it."""

    code: str


Effect = Union[
    SavePlayer, RenamePlayer, SaveMatch, SaveSeats, SaveMoves, SaveResult, SaveTakeback,
    SaveClock, SaveChat, Reply, Paced, ReplyState, Send, Broadcast, BroadcastSoon, SetTimer,
    CancelTimer, Think, StopThinking, Appraise, RunReview,
]
