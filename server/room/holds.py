"""Seats held for absent people: for how long, and the timers that end a match without them.

A person who disconnects keeps their seat for the grace (``ServerConfig.grace``) in a
waiting match or against a connected person. Once nobody is left at a match (both
people away, or the person playing a bot) the match itself waits: ``call_off`` while
nobody has moved (then it is called off, no winner), else ``abandon_after`` between
people (it ends as abandoned, no winner) or ``bot_hold`` against a bot (the bot wins).
So every match a flood leaves behind ends, and memory and the store stay bounded.
No I/O: the room passes the time in and carries the timer effects out.
"""

from __future__ import annotations

from server.config import ServerConfig
from server.room.effects import CancelTimer, Effect, SetTimer, TimerKey
from server.room.match import Match
from server.room.presence import Presence


class Holds:
    """The held seats and when each one's time is up; effects go to ``out``."""

    def __init__(self, config: ServerConfig, presence: Presence, out: list[Effect]) -> None:
        self.config = config
        self.presence = presence
        self.out = out
        self.timers: dict[TimerKey, float] = {}
        """Each seat held for an absent person, and when its time is up."""

    def human_online(self, match: Match, seat: int) -> bool:
        s = match.seats[seat]
        return s is not None and s.player is not None and self.presence.online(s.player)

    def held_for(self, match: Match, seat: int) -> float | None:
        """How long an absent person's ``seat`` is held before the match ends without
        them: the grace in a waiting match or against a connected person, else the
        match's :meth:`_unattended_limit`. None when nothing is held (over, a bot's)."""
        me = match.seats[seat]
        if match.result is not None or me is None or me.kind != "human" or me.left:
            return None
        if match.status == "waiting" or self.human_online(match, 1 - seat):
            return self.config.grace
        return self._unattended_limit(match)

    def winner(self, match: Match, seat: int) -> int | None:
        """Who wins when ``seat``'s hold runs out: a connected opponent, or a bot that
        was played; nobody in a waiting match, a game both people left, or a match
        with nobody at it before any move (called off)."""
        if match.status == "waiting":
            return None
        if self.human_online(match, 1 - seat):
            return 1 - seat
        return 1 - seat if match.ply and match.bot_seat == 1 - seat else None

    def stale(self, match: Match, now: float) -> bool:
        """At a restart, where nobody is here yet: whether ``match`` has waited longer
        than its limit with nobody at it, counted from its last move (or its creation,
        before any): it is ended then, not brought back."""
        return match.active + self._unattended_limit(match) <= now

    def _unattended_limit(self, match: Match) -> float:
        """How long ``match`` waits with nobody at it: ``call_off`` before any move, else
        ``bot_hold`` against a bot and ``abandon_after`` between people."""
        if match.ply == 0:
            return self.config.call_off
        return self.config.bot_hold if match.has_bot else self.config.abandon_after

    def away(self, match: Match, seat: int, now: float) -> None:
        """``seat``'s person has just gone: hold their seat; if that leaves nobody at a
        game between people, both seats wait from now for the match's own limit."""
        other = match.seats[1 - seat]
        if (match.status == "playing" and other is not None and other.kind == "human"
                and not self.human_online(match, 1 - seat)):
            self.cancel(match.code, 1 - seat)  # its grace: nobody is left to win by it
            self.start(match, 1 - seat, now)
        self.start(match, seat, now)

    def start(self, match: Match, seat: int, now: float) -> None:
        """Hold ``seat`` for its absent person from ``now``, if it is held at all and not
        already."""
        key = (match.code, seat)
        held = self.held_for(match, seat)
        if key not in self.timers and held is not None:
            self.timers[key] = now + held
            self.out.append(SetTimer(key, now + held))

    def hold_until(self, key: TimerKey, at: float) -> None:
        """Hold ``key``'s seat until ``at`` again (its end could not be stored); the
        caller sets its timer."""
        self.timers[key] = at

    def cancel(self, code: str, seat: int) -> None:
        if self.timers.pop((code, seat), None) is not None:
            self.out.append(CancelTimer((code, seat)))

    def arrived(self, match: Match, player: str, now: float) -> None:
        """A seated player is back: their seat is no longer held; an absent opponent's is."""
        seat = match.seat_of(player)
        assert seat is not None
        self.cancel(match.code, seat)
        other = match.seats[1 - seat]
        if (match.status == "playing" and other is not None and other.kind == "human"
                and not self.human_online(match, 1 - seat)):
            self.cancel(match.code, 1 - seat)  # held for the match's limit: now the grace
            self.start(match, 1 - seat, now)

    def expired(self, key: TimerKey, now: float) -> bool:
        """Whether the hold ``key`` is over at ``now`` (then it is dropped). A timer that
        rang early is set again; one cancelled meanwhile is not over."""
        at = self.timers.get(key)
        if at is None:
            return False
        if now < at:
            self.out.append(SetTimer(key, at))
            return False
        del self.timers[key]
        return True
