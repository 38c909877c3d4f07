"""What the log says about connections, bounded per address.

A machine that connects and closes in a loop, within every limit, would otherwise write
a line per connection without end (and fill the disk of whoever keeps the log). So each
address has two budgets of lines: one for the end of a player's session (welcomed, and
open long enough to have played or seated at an unfinished match: what an operator
looks for when a player says their game dropped), and one for everything else about
its connections (brief or anonymous closes, refusals, hello timeouts, slow readers), so
a flood of the second kind never hides the first. Lines past a budget are counted,
and :meth:`ConnectionLog.summarise`, which the server calls once every
:data:`SUMMARY_SECONDS`, writes one line per address with what it held back.
"""

from __future__ import annotations

import logging
import time
from collections import Counter
from collections.abc import Callable

from server.room.address_limits import AddressBudgets
from server.room.addresses import address_key

log = logging.getLogger("taikyoku.server")

SESSION_SECONDS = 30.0
"""A connection open this long whose hello was welcomed is a player's session (as is
one whose player is seated at an unfinished match): its end has a budget of its own."""
SESSIONS_LOGGED = (60, 3600.0)
"""Session ends an address may log one by one: 60 at once (a classroom going home),
then one a minute..."""
OTHERS_LOGGED = (10, 600.0)
"""...and other lines about its connections: 10 at once, then one a minute."""
SUMMARY_SECONDS = 60.0
"""How often the lines held back are summed up, one line per address."""


class ConnectionLog:
    """The log's lines about connections, each address within its budgets; the rest
    counted by what they say, for :meth:`summarise`."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._sessions = AddressBudgets(*SESSIONS_LOGGED, clock)
        self._others = AddressBudgets(*OTHERS_LOGGED, clock)
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
