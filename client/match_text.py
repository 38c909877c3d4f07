"""A match printed in the terminal: what changed since the last print, in lines.

The board after each move, the heading with who plays which side, the last move, the
end; and, when only the people changed, just that (back online, a rematch offer).
"""

from __future__ import annotations

from collections.abc import Callable

from client.match_view import MatchView
from client.textboard import board_text
from shared.games.base import SEAT_CHARS
from shared.protocol import State

Printed = tuple[tuple[str, int, str, int], tuple[bool, ...], tuple[int, ...]]
"""What was printed last: (match, ply, status, players), who was online, rematch offers."""


class MatchPrinter:
    """Prints a match through ``say``; ``share`` is the server address to give a friend."""

    def __init__(self, say: Callable[[str], None], share: str) -> None:
        self.say, self.share = say, share
        self._printed: Printed | None = None

    def forget(self) -> None:
        """Print the whole match next time (a new match, or the person asked for it)."""
        self._printed = None

    def show(self, view: MatchView, s: State) -> None:
        """Print what changed: the board after a move, the end, players coming and going."""
        online = tuple(p.connected for p in s.players)
        key = (s.match, s.ply, s.status, len(s.players))
        if self._printed is not None and self._printed[0] == key:
            self._people(view, s, self._printed, online)
            self._printed = (key, online, tuple(s.rematch))
            return
        moved = self._printed is None or self._printed[0][:2] != key[:2]
        self._printed = (key, online, tuple(s.rematch))
        say = self.say
        say("")
        say(heading(view, s))
        say(board_text(view.info, s.board, s.size, legal=s.legal if view.my_turn else (),
                       last=view.last_move))
        for line in (last_move_text(view, s), view.pass_note()) if moved else ():
            if line:
                say(line)
        if s.status == "over":
            say(f"{view.result_text()} {view.reason_text()}")
        elif s.status == "waiting" and view.seat is not None:
            say(f"Waiting for an opponent. Tell your friend the code {s.match}: they find it "
                f"in the lobby (j), or run `taikyoku tui --server {self.share} --join "
                f"{s.match}` (or `taikyoku play` with the same flags).")
        elif not view.my_turn:
            say(view.turn_text())

    def _people(self, view: MatchView, s: State, before: Printed,
                online: tuple[bool, ...]) -> None:
        """Only the people changed: who came back or went, who wants a rematch."""
        if before[1] != online:
            for p in s.players:
                if p.seat != view.seat and p.kind == "human":
                    self.say(f"{view.label(p.seat)} is back online." if p.connected else
                             f"{view.label(p.seat)} lost the connection; their seat is "
                             "held for a while.")
        if before[2] != tuple(s.rematch) and s.rematch and view.seat is not None:
            other = 1 - view.seat
            if other in s.rematch and view.seat not in s.rematch:
                self.say(f"{view.label(other)} wants a rematch: type r to accept.")


def heading(view: MatchView, s: State) -> str:
    """'Othello 8x8, match K7QX: Black (X) You 2 - White (O) The bot 2'."""
    info = view.info
    sides = []
    for seat in (0, 1):
        side = info.sides[seat]
        mark = SEAT_CHARS[seat]  # the board's character for the seat
        named = side if side == mark else f"{side} ({mark})"
        if info.scored:
            sides.append(f"{named} {view.label(seat)} {s.score[seat]}")
        else:
            sides.append(f"{named}: {view.label(seat)}")
    watching = " (watching)" if view.role == "spectator" else ""
    return f"{info.label(s.size)}, match {s.match}{watching}: {' - '.join(sides)}"


def last_move_text(view: MatchView, s: State) -> str:
    """'You (Black) played d3, turning over 1.' ('' after a pass or before any move)."""
    if not s.moves or s.moves[-1] == "pass":
        return ""
    seat = (s.to_move + 1) % 2  # sides alternate strictly, passes included
    flips = f", turning over {len(view.flipped)}" if view.flipped else ""
    return f"{view.label(seat)} ({view.side(seat)}) played {view.move_name(s.moves[-1])}{flips}."
