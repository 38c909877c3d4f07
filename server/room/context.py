"""What a request handler may read and do: the one door between the room and its rules.

The handlers (handlers.py, takeback.py, chat.py, engine_requests.py) are given a
:class:`Context` and nothing else of the room: they read matches and who is here
through it, change the room through its verbs and the matches it gives them, and emit
only the effects of :data:`HandlerEffect` (replies, sends, engine jobs). A change to
keep is proposed first (``save(change, then)``) and applied in memory only in ``then``,
once it is stored; a refused store refuses the request with nothing changed. What
comes with a change on its own (the broadcast of a move, its store write, a timer, a
bot's search) is the room's business, done by the verbs (``commit``, ``end``, ...).

:class:`server.room.room.Room` is the one implementation; this module imports nothing
of it, so the rules do not depend on the room's insides.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Set
from typing import Protocol, Union

from server.config import ServerConfig
from server.room.address_limits import AddressLimits
from server.room.effects import (
    Appraise,
    Paced,
    Reply,
    ReplyEncoded,
    ReplyState,
    RunReview,
    Send,
    StoreChange,
)
from server.room.match import Match
from server.room.message_budget import MessageBudget
from server.room.presence import Peer
from shared.protocol import BotInfo, GameSpec, Reason, ServerInfo

HandlerEffect = Union[Reply, ReplyEncoded, Paced, ReplyState, Send, Appraise, RunReview]
"""The effects a handler may emit itself."""


class Context(Protocol):
    """The room as a request handler sees it."""

    # ---- what it may read -----------------------------------------------------------

    @property
    def now(self) -> float:
        """The time of the request (seconds, the shell's clock)."""

    @property
    def config(self) -> ServerConfig: ...

    @property
    def limits(self) -> AddressLimits:
        """The counts per address: new players, unfinished matches, engine work."""

    @property
    def server(self) -> ServerInfo: ...

    @property
    def games(self) -> list[GameSpec]: ...

    @property
    def bots(self) -> list[BotInfo]: ...

    @property
    def matches(self) -> Mapping[str, Match]:
        """Every match in memory by code."""

    def find_player(self, token_hash: str) -> tuple[str, str] | None:
        """The (id, name) of the stored player with that token hash."""

    def match(self, code: str) -> Match | None:
        """The match in memory with that code (any case)."""

    def seated(self, player: str) -> list[Match]:
        """Matches in memory where ``player`` holds a seat they have not left."""

    def online(self, player: str) -> bool: ...

    def human_online(self, match: Match, seat: int) -> bool:
        """Whether ``seat`` is a person with a live connection."""

    def watchers(self, code: str) -> Set[Peer]: ...

    def connections(self, player: str) -> Iterator[Peer]:
        """Every open connection of ``player``."""

    def audience(self, match: Match) -> list[Peer]:
        """Every connection of the seated players (not left) and every spectator."""

    def new_code(self, unlisted: bool = False) -> str:
        """A match code used neither in memory nor in the store (longer when unlisted)."""

    def lobby(self) -> bytes:
        """The encoded `lobby` as it is now (built again only when something it shows
        changed since the last)."""

    # ---- the effects it may emit ----------------------------------------------------

    def emit(self, effect: HandlerEffect) -> None: ...

    def save(self, change: StoreChange, then: Callable[[], None]) -> None:
        """Propose ``change`` to the store; ``then`` changes memory once it is stored
        (with the other changes of this event-loop turn). Refused, nothing changes and
        the request is refused with storage_unavailable. The handler does nothing after
        this call: what follows is in ``then``."""

    # ---- the room's verbs -----------------------------------------------------------

    def arrive(self, peer: Peer, player: str, name: str) -> bool:
        """``peer`` is ``player`` from now on; True when the player was offline before."""

    def back(self, match: Match, player: str) -> None:
        """A seated player is back: their seat is no longer held; an absent opponent's is."""

    def hold(self, match: Match, seat: int) -> None:
        """Hold ``seat`` for its absent person from now (if it is held at all)."""

    def seats_changed(self, match: Match) -> None:
        """``match`` is new, or someone took a seat in it: keep it and who sits where."""

    def release_seat(self, match: Match, seat: int) -> None:
        """The person in ``seat`` left: it is not theirs to hold or to come back to."""

    def watch(self, match: Match, peer: Peer) -> None: ...

    def unwatch(self, match: Match, peer: Peer) -> None: ...

    def started(self, match: Match, rematch_of: Match | None = None) -> None:
        """``match`` has both its seats taken (a rematch of ``rematch_of``): the log
        says so, within the share of the address that opened it."""

    def start_clock(self, match: Match) -> None:
        """Set the flag timer of ``match``'s running clock (none without a clock)."""

    def commit(self, match: Match, move: int, then: Callable[[], None] = ...) -> None:
        """Play a checked move (IllegalMoveError before any change): stored, then shown,
        then ``then``."""

    def end(self, match: Match, winner: int | None, reason: Reason,
            then: Callable[[], None] = ...) -> None:
        """End ``match`` now without a move (resign, abandon, time), stored first; then
        ``then``."""

    def broadcast(self, match: Match) -> None:
        """The state of ``match`` as it is now, to everyone in it now."""

    def schedule_bot(self, match: Match) -> None:
        """Start a search when a bot is to move and none runs for this match yet."""

    def prune(self, matches: Iterable[Match]) -> None:
        """Forget those of ``matches`` that are over and that nobody looks at any more."""

    def chat_budget(self, peer: Peer, rate: float, burst: int) -> MessageBudget:
        """``peer``'s chat budget, made on its first line (on the room's clock)."""

    def shared_chat_budget(self, peer: Peer, match: Match, rate: float,
                           burst: int) -> MessageBudget | None:
        """The chat budget the connections of ``peer``'s address share in ``match``
        (``Match.chat_shares``); None when its address is not limited (exempt loopback)."""

