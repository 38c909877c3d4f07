"""Changes proposed to the store and not yet stored: group commit, as databases do it.

The store decides before memory does, and one transaction per change would cost a third
of the server's throughput. So the room works each change out without making it (a
:data:`~server.room.effects.StoreChange`) and *proposes* it with what follows once it is
stored; the shell commits every change proposed in one turn of the event loop in one
transaction, then tells the room whether the group was stored (each proposal's ``then``
runs, in order: memory changes, frames go out) or refused (each proposal's ``refused``:
``storage_unavailable`` to a request, a retry for a bot's move or a timer's end).

Until its group is settled, what a proposal touches (its match, its player, the
connection that asked) is *busy*: an event touching it would be decided on memory the
group is about to change, so it waits for the group (:class:`~server.room.effects.Busy`)
and is given to the room again after it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import NamedTuple

from server.room.effects import (
    RenamePlayer,
    SaveMatch,
    SaveMoves,
    SavePlayer,
    StoreChange,
    StoreFault,
)
from server.room.presence import Peer
from shared.protocol import RequestId

Touched = object
"""What an event touches, as a busy key: ("match", code), ("player", id), a Peer."""


def match_key(code: str) -> Touched:
    return ("match", code.upper())


def player_key(player: str) -> Touched:
    return ("player", player)


def address_key(address: str) -> Touched:
    """An address as counted by its limits: a request that opens a match touches it, so
    a second opening from the same address waits until the first is counted against the
    address's caps (unfinished matches), not decided on counts the group will change."""
    return ("address", address)


class Proposal(NamedTuple):
    """One change to store, proposed at ``now`` by an event that touched ``touches``
    (asked by ``peer``, when a connection asked). (A named tuple, immutable like a frozen
    dataclass, made for every move at a third of the cost.)"""

    change: StoreChange
    then: Callable[[], None]
    """What follows once it is stored: memory changes and effects."""
    refused: Callable[[StoreFault], None]
    """What follows when the store refused its group: nothing changed."""
    peer: Peer | None
    now: float
    touches: frozenset[Touched]
    request_id: RequestId | None = None
    """The ``id`` of the request that proposed it: its replies echo it."""


class Group:
    """The proposals of this event-loop turn, in the order they were made."""

    def __init__(self) -> None:
        self.proposals: list[Proposal] = []
        self._busy: set[Touched] = set()

    def add(self, proposal: Proposal) -> None:
        self.proposals.append(proposal)
        self._busy |= proposal.touches

    def busy(self, touched: Iterable[Touched]) -> bool:
        """Whether any of ``touched`` waits for a proposal of this group."""
        return not self._busy.isdisjoint(touched)

    @property
    def changes(self) -> list[StoreChange]:
        return [proposal.change for proposal in self.proposals]

    def take(self) -> list[Proposal]:
        """The group's proposals, settled from now on: nothing is busy any more."""
        proposals, self.proposals = self.proposals, []
        self._busy.clear()
        return proposals


def change_touches(change: StoreChange) -> Touched:
    """What a change writes: its player, or its match."""
    match change:
        case SaveMoves(code=code):  # a move first: by far the most frequent
            return match_key(code)
        case SavePlayer(player=player) | RenamePlayer(player=player):
            return player_key(player)
        case SaveMatch(match=match):
            return match_key(match.code)
        case _:
            return match_key(change.code)
