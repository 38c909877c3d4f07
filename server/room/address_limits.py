"""Limits per address, which the room keeps: new players a minute, unfinished matches
opened, engine work queued (bot moves, hints, reviews).

One machine, or a LAN behind one NAT address, is one address; an IPv6 address counts by
its /64 (a machine picks new addresses in its /64 at will). Loopback is counted like
any address unless ``exempt_loopback`` says otherwise (a reverse proxy on the same
machine: all its clients arrive from 127.0.0.1). Each refusal is a ProtocolError with
its own code (docs/hosting.md, "Limits and abuse"). The open connections per address are
counted by the shell (server/shell/app.py), which sees a connection before any hello.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable

from server.config import ServerConfig
from server.room.addresses import address_key, is_loopback
from server.room.match import Match
from server.room.message_budget import MessageBudget
from server.room.presence import Peer
from shared.protocol import ProtocolError

BUDGETS_KEPT = 4096
"""New-player budgets kept before the full ones (addresses quiet for a minute) are dropped."""


class AddressLimits:
    """The room's counts per address. ``bot_owners`` gives, for each bot search now
    queued or running, the address that opened its match; hints and reviews count for
    the connection that asked (one at a time per connection)."""

    def __init__(self, config: ServerConfig, clock: Callable[[], float],
                 bot_owners: Callable[[], Iterable[str | None]]) -> None:
        self.config = config
        self._clock = clock
        self._bot_owners = bot_owners
        self._new_players: dict[str, MessageBudget] = {}
        self.unfinished: Counter[str] = Counter()
        """Address -> unfinished matches opened from it (in memory)."""
        self._engine_busy: dict[Peer, str | None] = {}
        """Connections whose `hint` or `analyse` the engine is still working out."""

    def key(self, peer: Peer) -> str | None:
        """``peer``'s address as counted; None when it is not limited (exempt loopback)."""
        if self.config.exempt_loopback and is_loopback(peer.address):
            return None
        return address_key(peer.address)

    def new_player(self, peer: Peer) -> None:
        """Count a new player made from ``peer``'s address: too_many_new_players past
        ``new_players_per_minute`` (on average, in bursts as large), with when to retry."""
        key = self.key(peer)
        if key is None:
            return
        per_minute = self.config.new_players_per_minute
        budget = self._new_players.get(key)
        if budget is None:
            if len(self._new_players) >= BUDGETS_KEPT:
                self._forget_full_budgets()
            budget = self._new_players[key] = MessageBudget(per_minute / 60, per_minute,
                                                            clock=self._clock)
        if not budget.take():
            raise ProtocolError(
                "too_many_new_players",
                f"this server makes at most {per_minute} new players a minute from one "
                f"address; try again in {budget.wait():g} s, or say hello with the token "
                "you were given before", retry_after=budget.wait())

    def _forget_full_budgets(self) -> None:
        for key, budget in list(self._new_players.items()):
            if budget.full:
                del self._new_players[key]

    def may_open(self, peer: Peer) -> None:
        """too_many_matches when ``peer``'s address already opened as many unfinished
        matches as allowed."""
        key = self.key(peer)
        cap = self.config.unfinished_per_address
        if key is not None and self.unfinished[key] >= cap:
            raise ProtocolError(
                "too_many_matches",
                f"{cap} unfinished matches were opened from your address, the most this "
                "server allows; finish or resign some (those nobody is at end by themselves)")

    def opened(self, match: Match, peer: Peer) -> None:
        """``match`` was opened (and stored) from ``peer``'s address: count it."""
        match.origin = self.key(peer)
        if match.origin is not None:
            self.unfinished[match.origin] += 1

    def ended(self, match: Match) -> None:
        """``match`` is over: it no longer counts against the address that opened it."""
        if match.origin is not None:
            self.unfinished[match.origin] -= 1
            if self.unfinished[match.origin] <= 0:
                del self.unfinished[match.origin]
            match.origin = None

    def may_use_engine(self, key: str | None) -> None:
        """engine_busy when the address ``key`` already has as much engine work queued
        or running as allowed (checked before a request that starts one)."""
        cap = self.config.engine_per_address
        if key is None:
            return
        queued = (sum(1 for owner in self._bot_owners() if owner == key)
                  + sum(1 for owner in self._engine_busy.values() if owner == key))
        if queued >= cap:
            raise ProtocolError(
                "engine_busy",
                f"{queued} bot moves, hints or reviews for your address are already "
                f"queued, the most this server allows; send this again once one is "
                "answered", retry_after=1.0)

    def take_engine(self, peer: Peer) -> None:
        """Count ``peer``'s hint or analyse as running: engine_busy over its address's
        share, rate_limited while its previous one runs."""
        if peer in self._engine_busy:
            raise ProtocolError("rate_limited", "the engine is still working on your "
                                "previous hint or analyse: one at a time per connection")
        key = self.key(peer)
        self.may_use_engine(key)
        self._engine_busy[peer] = key

    def engine_done(self, peer: Peer) -> None:
        """The engine answered ``peer``'s hint or analyse: it may ask again."""
        self._engine_busy.pop(peer, None)
