"""Values as the protocol types them (docs/protocol.md): the room's own values on the
wire. Its own module so that what the wire needs (match.py, clock.py, the store's
records) imports no more than this."""

from __future__ import annotations

from typing import Literal, overload

from shared.games import PASS


@overload
def wire_seat(seat: int) -> Literal[0, 1]: ...


@overload
def wire_seat(seat: None) -> None: ...


def wire_seat(seat: int | None) -> Literal[0, 1] | None:
    """A seat index as the protocol types it."""
    if seat is None:
        return None
    if seat not in (0, 1):
        raise ValueError(f"a seat is 0 or 1, not {seat!r}")
    return 0 if seat == 0 else 1


def wire_move(move: int) -> int | Literal["pass"]:
    """A move as the protocol writes it: a square number or "pass"."""
    return "pass" if move == PASS else move
