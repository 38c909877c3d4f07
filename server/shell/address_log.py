"""What the log says about each address's connections and matches, bounded per address.

A machine that connects and closes in a loop, or opens and abandons matches in one,
within every limit, would otherwise write a line each without end (and fill the disk of
whoever keeps the log). So each address has budgets of lines, each kind that an
operator looks for apart from the kind a loop makes cheaply, so a flood of the second
never hides the first:

- the end of a player's session (welcomed, and open long enough to have played or
  seated at an unfinished match: what an operator looks for when a player says their
  game dropped), apart from everything else about its connections (brief or anonymous
  closes, refusals, hello timeouts, slow readers);
- the end of a game played (:data:`server.room.room.GAME_SECONDS`), apart from the
  start of a match and the end of one nobody played (called off, resigned at once),
  each counted for the address that opened the match.

Lines past a budget are counted, and :meth:`AddressLog.summarise`, which the server
calls once every :data:`SUMMARY_SECONDS`, writes one line per address with what it held
back.
"""

from __future__ import annotations

import logging
import time
from collections import Counter
from collections.abc import Callable

from server.room.address_limits import AddressBudgets
from server.room.addresses import address_key
from server.room.effects import MatchNews

log = logging.getLogger("taikyoku.server")

SESSION_SECONDS = 30.0
"""A connection open this long whose hello was welcomed is a player's session (as is
one whose player is seated at an unfinished match): its end has a budget of its own."""
SESSIONS_LOGGED = (60, 3600.0)
"""Session ends an address may log one by one: 60 at once (a classroom going home),
then one a minute..."""
OTHERS_LOGGED = (10, 600.0)
"""...and other lines about its connections: 10 at once, then one a minute."""
GAMES_LOGGED = (120, 3600.0)
"""Ends of games played in the matches an address opened: 120 at once (a classroom's
lesson), then two a minute..."""
MATCHES_LOGGED = (120, 3600.0)
"""...and the starts of its matches with the ends of those nobody played, as many."""
SUMMARY_SECONDS = 60.0
"""How often the lines held back are summed up, one line per address."""

_MATCH_LINES = {"started": "matches started", "ended": "matches over unplayed",
                "played": "games over"}
"""What each kind of :class:`MatchNews` is called in a summary."""


class AddressLog:
    """The log's lines about connections and matches, each address within its budgets;
    the rest counted by what they say, for :meth:`summarise`."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._sessions = AddressBudgets(*SESSIONS_LOGGED, clock)
        self._others = AddressBudgets(*OTHERS_LOGGED, clock)
        self._games = AddressBudgets(*GAMES_LOGGED, clock)
        self._matches = AddressBudgets(*MATCHES_LOGGED, clock)
        self._held: dict[str, tuple[Counter[str], int]] = {}
        """Address (:func:`address_key`) -> how many lines of each kind it held back
        ("connections refused": 1203), and the highest level among them."""
        self._since = clock()

    def session_end(self, address: str, level: int, message: str, *args: object) -> None:
        """A player's session ended (:data:`SESSION_SECONDS`)."""
        self._write(self._sessions, address, "players' connections closed", level,
                    message, *args)

    def note(self, address: str, what: str, level: int, message: str, *args: object) -> None:
        """Any other line about a connection of ``address``; ``what`` names its kind in
        the summary, in the plural ("connections refused")."""
        self._write(self._others, address, what, level, message, *args)

    def match(self, news: MatchNews) -> None:
        """A match's start or end, within the share of the address that opened it (a
        match with no such address, restored or opened from exempt loopback, always)."""
        if news.origin is None:
            log.info(news.message, *news.args)
            return
        budget = self._games if news.kind == "played" else self._matches
        self._write(budget, news.origin, _MATCH_LINES[news.kind], logging.INFO,
                    news.message, *news.args)

    def _write(self, budget: AddressBudgets, address: str, what: str, level: int,
               message: str, *args: object) -> None:
        key = address_key(address)
        if budget.take(key):
            log.log(level, message, *args)
            return
        counts, highest = self._held.get(key) or (Counter(), level)
        counts[what] += 1
        self._held[key] = counts, max(highest, level)

    def summarise(self) -> None:
        """One line for each address whose lines were held back since the last call (a
        warning if one of them was)."""
        now = self._clock()
        held, self._held, since, self._since = self._held, {}, self._since, now
        for key, (counts, level) in held.items():
            log.log(level, "%s, not logged one by one in the last %.0f s: %s", key,
                    now - since, ", ".join(f"{what} {count}" for what, count in counts.items()))
