"""A match printed in the terminal: what changed since the last print, in lines.

The board after each move, the heading with who plays which side, the last move (or the
moves taken back), the clocks, the end; and, when only the people changed, just that
(back online, a rematch offer, a takeback offer). Below the printer, the lines of the
optional features: the engine's hint and review, the clocks, a chat line.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from client.common.clock_view import TENTHS_BELOW, format_clock
from client.common.match_view import MatchView, chat_speaker, clock_words
from client.tui.textboard import board_text, scored_text
from shared.games.base import SEAT_CHARS
from shared.protocol import ChatLine, MatchState, PlyReview, TakebackOffer

Printed = tuple[tuple[str, int, str, int], tuple[bool, ...], tuple[int, ...],
                TakebackOffer | None]
"""What was printed last: (match, ply, status, players), who was online, rematch offers,
the takeback offer."""


class MatchPrinter:
    """Prints a match through ``say``; ``share`` is the server address to give a friend."""

    def __init__(self, say: Callable[[str], None], share: str) -> None:
        self.say, self.share = say, share
        self._printed: Printed | None = None

    def forget(self) -> None:
        """Print the whole match next time (a new match, or the person asked for it)."""
        self._printed = None

    def show(self, view: MatchView, s: MatchState) -> None:
        """Print what changed: the board after a move, the end, players coming and going."""
        online = tuple(p.connected for p in s.players)
        key = (s.match, s.ply, s.status, len(s.players))
        before, self._printed = self._printed, (key, online, tuple(s.rematch), s.takeback)
        if before is not None and before[0] == key:
            self._people(view, s, before, online)
            return
        same_match = before is not None and before[0][0] == s.match
        undone = before[0][1] - s.ply if before is not None and same_match else 0
        moved = not same_match or undone != 0
        say = self.say
        say("")
        say(heading(view, s))
        say(board_text(view.info.look, s.board, s.size, legal=s.legal if view.my_turn else (),
                       last=view.last_move))
        if undone > 0:
            say(f"Taken back: {undone} move{'s' if undone != 1 else ''} undone.")
        for line in (last_move_text(view, s), view.pass_note()) if moved and undone <= 0 else ():
            if line:
                say(line)
        offer = None if view.offer_to_answer else view.takeback_text()  # else the prompt asks
        for line in (clock_line(view, time.monotonic()), offer):
            if line:
                say(line)
        if s.status == "over":
            say(f"{view.result_text()} {view.reason_text()}")
        elif s.status == "waiting" and view.seat is not None:
            where = ("type it at the lobby's j (the match is unlisted)" if s.unlisted else
                     "find it in the lobby (j)")
            say(f"Waiting for an opponent. Tell your friend the code {s.match}: they {where}, "
                f"or run `taikyoku tui --server {self.share} --join {s.match}` (or "
                "`taikyoku play` with the same flags).")
        elif not view.my_turn:
            say(view.turn_text())

    def _people(self, view: MatchView, s: MatchState, before: Printed,
                online: tuple[bool, ...]) -> None:
        """Only the people changed: who came back or went, who wants a rematch."""
        if before[1] != online:
            for p in s.players:  # who left on purpose was said once, with the result
                if p.seat != view.seat and p.kind == "human" and not p.left:
                    self.say(f"{view.label(p.seat)} is back online." if p.connected else
                             f"{view.label(p.seat)} lost the connection; their seat is "
                             "held for a while." if view.awaited(p.seat) else
                             f"{view.label(p.seat)} went offline.")
        if before[2] != tuple(s.rematch) and s.rematch and view.seat is not None:
            other = 1 - view.seat
            if other in s.rematch and view.seat not in s.rematch:
                self.say(f"{view.label(other)} wants a rematch: type r to accept.")
        offer = view.takeback_text()
        if before[3] != s.takeback and offer and not view.offer_to_answer:
            self.say(offer)  # the one who answers is asked by the prompt


def heading(view: MatchView, s: MatchState) -> str:
    """'Othello 8x8, match K7QX (unlisted): Black (X) You 2 - White (O) The bot 2'."""
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
    unlisted = " (unlisted)" if s.unlisted else ""
    watching = " (watching)" if view.role == "spectator" else ""
    return f"{info.label(s.size)}, match {s.match}{unlisted}{watching}: {' - '.join(sides)}"


def last_move_text(view: MatchView, s: MatchState) -> str:
    """'You (Black) played d3, turning over 1.' ('' after a pass or before any move)."""
    if not s.moves or s.moves[-1] == "pass":
        return ""
    seat = (s.to_move + 1) % 2  # sides alternate strictly, passes included
    flips = f", turning over {len(view.flipped)}" if view.flipped else ""
    return f"{view.label(seat)} ({view.side(seat)}) played {view.move_name(s.moves[-1])}{flips}."


def clock_line(view: MatchView, now: float) -> str | None:
    """'Clocks (5+3): You (Black) 4:52 running, the bot (White) 5:00', counted down to
    ``now`` (monotonic), with a warning when our running clock is low; None without a
    clock."""
    clocks = view.clocks()
    if clocks is None:
        return None
    sides = [f"{view.label(seat)} ({view.side(seat)}) {clocks.text(seat, now)}"
             + (" running" if clocks.running == seat else "") for seat in (0, 1)]
    control = clock_words(clocks)
    low = low_time_text(view, now)
    return f"Clocks ({control}): {', '.join(sides)}." + (f"\n{low}" if low else "")


def low_time_text(view: MatchView, now: float) -> str | None:
    """'! Low on time: 0:18 left on your clock.' while our clock runs low, else None."""
    clocks = view.clocks()
    seat = view.seat
    if clocks is None or seat is None or clocks.running != seat or not clocks.low(seat, now):
        return None
    left = clocks.left(seat, now)
    unit = " seconds" if left < TENTHS_BELOW else ""  # '9.4 seconds', '0:19'
    return f"! Low on time: {format_clock(left)}{unit} left on your clock."


def chat_line(line: ChatLine, me: str | None) -> str:
    """'[Hanako] good luck!', '[You] thanks', '[Jiro (watching)] nice move': who wrote it
    (``me``: our player id) and the text, as the connection cleaned them."""
    return f"[{chat_speaker(line, me)}] {line.text}"


def hint_lines(view: MatchView) -> list[str]:
    """The engine's scores for the position on the board, for the side to move (us):
    on the squares and best first in a list (Othello), or the slots grouped by what they
    lead to (tic-tac-toe), and what the numbers mean. Empty when there is no current
    hint."""
    s, moves = view.state, view.hints
    if s is None or not moves:
        return []
    you = f"you ({view.side(s.to_move)})"
    if not view.info.scored:  # win, draw or loss: the slots of each, the best first
        groups: dict[str, list[str]] = {}
        for m in moves:
            groups.setdefault(view.score_words(m.score), []).append(view.move_name(m.move))
        ranked = "; ".join(f"{word} with {', '.join(slots)}" for word, slots in groups.items())
        sure = "" if all(m.exact for m in moves) else " (an estimate)"
        return [f"With perfect play from both, for {you}{sure}: {ranked}."]
    lines = [scored_text(view.info.look, s.board, s.size, {
        m.move: (view.score_words(m.score), "=" if m.exact else " ") for m in moves})]
    ranked = ", ".join(f"{view.move_name(m.move)} {view.score_words(m.score)}"
                       + ("=" if m.exact else "") for m in moves)
    lines.append(f"Best first for {you}: {ranked}.")
    depth = max((m.depth for m in moves if not m.exact), default=0)
    how = ("; = exact (solved to the end)" if any(m.exact for m in moves) else "")
    how += f"; the others looked {depth} moves ahead" if depth and how else (
        f"; estimates looking {depth} moves ahead" if depth else "")
    lines.append(f"Scores: the disc margin {you} can expect at the end after that move "
                 f"(+ ahead, - behind), with best play from both{how}.")
    return lines


MISTAKE_MARKS = {1: "?", 2: "??"}
"""The server's verdict on a reviewed move (``PlyReview.mistake``) as the review marks it."""


def review_lines(view: MatchView) -> list[str]:
    """The engine's review of the finished game: each move played against the engine's
    best (its margin named by side), what it gave away, the mistakes the server marked
    ('?', '??' for a big one), and a count per side. Empty when there is no review."""
    review, s = view.review, view.state
    if review is None or s is None:
        return []
    if not review.plies:
        return ["No move was played in this game: the engine has nothing to review."]
    scored = view.info.scored
    lines = ["The engine's review of each move (? a mistake, ?? a big one):",
             f"  Move  Side   Played  Best{'Lost' if scored else 'Played gives':>24}"]
    passes = [(i, f"  {i + 1:>4}  {view.side(view.mover(i)):<6} {view.move_name(m)}")
              for i, m in enumerate(s.moves) if m == "pass"]  # not reviewed, still counted
    lines += [row for _, row in sorted([(r.ply, review_row(view, r)) for r in review.plies]
                                       + passes)]
    if scored:
        lines.append("Scores: the disc margin at the end with best play, for the side named; "
                     "= exact (solved to the end). ? and ?? are the server's verdict: a small "
                     "loss, within what the engine can tell apart, is no mistake.")
    else:
        lines.append("Scores: the result with perfect play, for the side that moved.")
    for seat in (0, 1):
        slips = [r for r in review.plies if r.seat == seat and r.mistake > 0]
        who = f"{view.label(seat)} ({view.side(seat)})"
        big = sum(1 for r in slips if r.mistake > 1)
        if not slips:
            lines.append(f"{who}: no mistakes.")
        elif scored:
            discs = sum(r.loss for r in slips)
            lines.append(f"{who}: {len(slips)} mistake{'s' if len(slips) != 1 else ''}"
                         + (f" ({big} big)" if big else "")
                         + f", {discs} disc{'s' if discs != 1 else ''} given away in them.")
        else:
            moves = ", ".join(str(r.ply + 1) for r in slips)
            lines.append(f"{who}: the result slipped at move {moves}.")
    return lines


def review_row(view: MatchView, r: PlyReview) -> str:
    """'    12  Black  d3      c4 (Black +2=)        4  ?': the best move's margin named
    by side; the mark is the server's verdict, not the loss (a disc or two between two
    estimates is no mistake)."""
    best = (f"{view.move_name(r.best)} ({view.margin_words(r.seat, r.score)}"
            + ("=)" if r.exact else ")"))
    if r.loss <= 0:
        lost = ""
    elif view.info.scored:
        lost = str(r.loss)
    else:
        lost = view.score_words(r.score - r.loss)
    return (f"  {r.ply + 1:>4}  {view.side(r.seat):<6} {view.move_name(r.played):<7} "
            f"{best:<16} {lost:>11}  {MISTAKE_MARKS.get(r.mistake, '')}").rstrip()
