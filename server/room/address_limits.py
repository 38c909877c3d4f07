"""Limits per address, which the room keeps: new players a minute, unfinished matches
opened, matches stored an hour and a day, failed lookups of match codes a minute, engine
work queued (bot moves, hints, reviews).

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
"""Budgets of one kind kept before the full ones (addresses quiet long enough for theirs
to refill) are dropped."""


class AddressBudgets:
    """One budget per address: ``count`` every ``seconds`` on average, in bursts as large
    (a token bucket, :class:`MessageBudget`, on the room's clock)."""

    def __init__(self, count: int, seconds: float, clock: Callable[[], float]) -> None:
        self.count = count
        self.seconds = seconds
        self._clock = clock
        self._budgets: dict[str, MessageBudget] = {}

    def _of(self, key: str) -> MessageBudget:
        budget = self._budgets.get(key)
        if budget is None:
            if len(self._budgets) >= BUDGETS_KEPT:
                for known, kept in list(self._budgets.items()):
                    if kept.full:
                        del self._budgets[known]
            budget = self._budgets[key] = MessageBudget(
                self.count / self.seconds, self.count, clock=self._clock)
        return budget

    def take(self, key: str) -> bool:
        """Spend one from ``key``'s budget; False when it is spent."""
        return self._of(key).take()

    def wait(self, key: str) -> float:
        """Seconds until ``key``'s budget has one again (0 when it has one now)."""
        budget = self._budgets.get(key)
        return 0.0 if budget is None else budget.wait()


class AddressLimits:
    """The room's counts per address. ``bot_owners`` gives, for each bot search now
    queued or running, the address that opened its match; hints and reviews count for
    the connection that asked (one at a time per connection)."""

    def __init__(self, config: ServerConfig, clock: Callable[[], float],
                 bot_owners: Callable[[], Iterable[str | None]]) -> None:
        self.config = config
        self._bot_owners = bot_owners
        self._new_players = AddressBudgets(config.new_players_per_minute, 60, clock)
        self._stored = (AddressBudgets(config.stored_matches_per_hour, 3600, clock),
                        AddressBudgets(config.stored_matches_per_day, 24 * 3600, clock))
        """Matches stored per address: an hour's budget and a day's."""
        self._lookups = AddressBudgets(config.failed_lookups_per_minute, 60, clock)
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
        if not self._new_players.take(key):
            wait = self._new_players.wait(key)
            raise ProtocolError(
                "too_many_new_players",
                f"this server makes at most {per_minute} new players a minute from one "
                f"address; try again in {wait:g} s, or say hello with the token "
                "you were given before", retry_after=wait)

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

    def may_store(self, peer: Peer) -> None:
        """too_many_stored_matches when ``peer``'s address has stored as many matches
        this hour, or this day, as allowed (however those matches went on)."""
        key = self.key(peer)
        if key is None:
            return
        wait = max(budget.wait(key) for budget in self._stored)
        if wait > 0:
            cfg = self.config
            raise ProtocolError(
                "too_many_stored_matches",
                f"this server stores at most {cfg.stored_matches_per_hour} matches an hour "
                f"and {cfg.stored_matches_per_day} a day from one address; you may open "
                f"the next one in {wait:g} s", retry_after=wait)

    def count_stored(self, peer: Peer) -> None:
        """A match opened from ``peer``'s address goes to the store: counted for good
        (too_many_stored_matches when the budget is spent). Counted as it is proposed,
        not once stored, so the creates of one event-loop turn cannot all pass the check
        before any is counted (a create the store then refuses counts too)."""
        self.may_store(peer)
        key = self.key(peer)
        if key is not None:
            for budget in self._stored:
                budget.take(key)

    def opened(self, match: Match, peer: Peer) -> None:
        """``match`` was opened (and stored) from ``peer``'s address: it counts as
        unfinished until it ends."""
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

    def may_look_up(self, peer: Peer) -> None:
        """too_many_lookups when ``peer``'s address has named as many unknown match codes
        as allowed lately: until its budget refills it may name only matches it plays or
        watches, so nobody finds a private match by counting."""
        key = self.key(peer)
        wait = self._lookups.wait(key) if key is not None else 0.0
        if wait > 0:
            raise ProtocolError(
                "too_many_lookups",
                f"your address named {self.config.failed_lookups_per_minute} match codes "
                f"a minute that this server does not know; check the code and try again "
                f"in {wait:g} s", retry_after=wait)

    def lookup_failed(self, peer: Peer) -> None:
        """``peer`` named a match code the server does not know: count it."""
        key = self.key(peer)
        if key is not None:
            self._lookups.take(key)

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
