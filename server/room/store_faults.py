"""When the store refuses a change: a request is refused, a change nobody asked for waits.

The room proposes every change to the store before it changes memory, and the shell
stores the changes of one event-loop turn together (server/room/proposals.py). A
:class:`~server.room.effects.StoreFault` there means none of them changed anything, and
then, for each:

- a request is refused with ``storage_unavailable`` (the asker may send it again, after
  :data:`STORE_RETRY` seconds);
- a bot's move is kept and tried again :data:`STORE_RETRY` seconds later (stale by then,
  after a takeback or the end of the match, it is dropped: the bot thinks again then);
- a flag's or an absence's result waits for its timer, which rings again as soon;
- the clocks stored at a clean shutdown are only logged (those after the last move stay).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from types import TracebackType
from typing import TYPE_CHECKING

from server.room.effects import BOT_RETRY_TIMER, FLAG_TIMER, Effect, SetTimer, StoreFault, TimerKey
from shared.protocol import Error, ProtocolError

if TYPE_CHECKING:
    from server.room.holds import Holds

log = logging.getLogger("taikyoku.server")

STORE_RETRY = 2.0
"""Seconds after which a change that no request waits for (a bot's move, a flag's or an
absence's result) is tried again when the store refused it."""


def _unavailable_text(err: StoreFault) -> str:
    return (f"the server cannot store this now ({err}); nothing changed: send it again "
            f"in {STORE_RETRY:g} s")


def unavailable(err: StoreFault, ref: str, match: str | None) -> Error:
    """The refusal of a request whose change the store refused: send it again after
    STORE_RETRY seconds."""
    return Error(code="storage_unavailable", message=_unavailable_text(err), ref=ref,
                 match=match, retry_after=STORE_RETRY)


class refused:
    """A request the store could not answer (a read it needed failed) is refused:
    storage_unavailable. (A class, not a generator: it wraps every request, and
    contextlib's generator wrapper costs ten times as much.)"""

    def __enter__(self) -> None:
        pass

    def __exit__(self, kind: type[BaseException] | None, err: BaseException | None,
                 tb: TracebackType | None) -> None:
        if isinstance(err, StoreFault):
            raise ProtocolError("storage_unavailable", _unavailable_text(err),
                                retry_after=STORE_RETRY) from None


def logged(what: str) -> Callable[[StoreFault], None]:
    """A change nobody waits for and nothing tries again (the clocks at a clean
    shutdown: those after the last move stay stored) is only logged when refused."""
    def log_it(err: StoreFault) -> None:
        log.warning("%s could not be stored (%s)", what, err)
    return log_it


class Retries:
    """Bot moves the store refused, and the timers that try them (or an end) again;
    timer effects go to ``out``."""

    def __init__(self, out: list[Effect]) -> None:
        self.out = out
        self.bot_moves: dict[str, tuple[int, int, int]] = {}
        """Match code -> (ply, move, epoch) of a bot's move the store refused."""

    def keep_bot_move(self, code: str, ply: int, move: int, epoch: int, now: float,
                      err: StoreFault) -> None:
        log.warning("match %s: the bot's move could not be stored (%s); trying again in "
                    "%g s", code, err, STORE_RETRY)
        self.bot_moves[code] = (ply, move, epoch)
        self.out.append(SetTimer((code, BOT_RETRY_TIMER), now + STORE_RETRY))

    def take_bot_move(self, code: str) -> tuple[int, int, int] | None:
        """The bot's move of match ``code`` to try again, if one waits."""
        return self.bot_moves.pop(code, None)

    def ring_again(self, key: TimerKey, now: float, err: StoreFault, holds: Holds) -> None:
        """The end that timer ``key`` brought could not be stored: it rings again (a
        held seat is held until then)."""
        log.warning("match %s: its end could not be stored (%s); trying again in %g s",
                    key[0], err, STORE_RETRY)
        if key[1] != FLAG_TIMER:
            holds.hold_until(key, now + STORE_RETRY)
        self.out.append(SetTimer(key, now + STORE_RETRY))
