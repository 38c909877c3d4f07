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
from client.common.match_view import MatchView, chat_speaker, clock_words, game_label
from client.tui.line_wrap import pad, pad_left, text_columns
from client.tui.textboard import board_text, scored_text
from shared.games.base import SEAT_CHARS
from shared.protocol import ChatLine, MatchState, PlyReview, TakebackOffer

LEAVING = ("left", "abandon")
"""The results that say who left: leaving after any other end is news of its own."""
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
            say(view.words("tui-taken-back", count=undone))
        for line in (last_move_text(view, s), view.pass_note()) if moved and undone <= 0 else ():
            if line:
                say(line)
        offer = None if view.offer_to_answer else view.takeback_text()  # else the prompt asks
        for line in (clock_line(view, time.monotonic()), offer):
            if line:
                say(line)
        if s.status == "over":
            say(view.words("tui-result", result=view.result_text(), reason=view.reason_text()))
        elif s.status == "waiting" and view.seat is not None:
            say(view.words("tui-waiting-share", code=s.match, unlisted=yes(s.unlisted),
                           command=f"taikyoku tui --server {self.share} --join {s.match}"))
        elif not view.my_turn:
            say(view.turn_text())

    def _people(self, view: MatchView, s: MatchState, before: Printed,
                online: tuple[bool, ...]) -> None:
        """Only the people changed: who came back or went, who wants a rematch."""
        if before[1] != online:
            for p in s.players:
                if p.seat == view.seat or p.kind != "human":
                    continue
                if not p.left:
                    news = ("tui-back-online" if p.connected else
                            "tui-lost-link" if view.awaited(p.seat) else "tui-went-offline")
                    self.say(view.words(news, who=view.label(p.seat)))
                elif view.seat is not None and s.result is not None \
                        and s.result.reason not in LEAVING:  # else said with the result
                    self.say(view.words("rematch-gone", who=view.label(p.seat)))
        if before[2] != tuple(s.rematch) and s.rematch and view.seat is not None:
            other = 1 - view.seat
            if other in s.rematch and view.seat not in s.rematch:
                self.say(view.words("tui-wants-rematch", who=view.label(other)))
        offer = view.takeback_text()
        if before[3] != s.takeback and offer and not view.offer_to_answer:
            self.say(offer)  # the one who answers is asked by the prompt


def heading(view: MatchView, s: MatchState) -> str:
    """'Othello 8x8, match K7QX (unlisted): Black (X) You 2 - White (O) The bot 2'."""
    w = view.words
    sides = []
    for seat in (0, 1):
        side = view.side(seat)
        mark = SEAT_CHARS[seat]  # the board's character for the seat
        named = side if side == mark else w("tui-side-mark", side=side, mark=mark)
        if view.info.scored:
            sides.append(w("tui-side-scored", side=named, who=view.label(seat),
                           score=s.score[seat]))
        else:
            sides.append(w("tui-side-named", side=named, who=view.label(seat)))
    return w("tui-heading", game=game_label(s.game, s.size, w), code=s.match,
             unlisted=yes(s.unlisted), watching=yes(view.role == "spectator"),
             sides=" - ".join(sides))


def who_side(view: MatchView, seat: int) -> str:
    """'You (Black)': who plays ``seat``, and its side."""
    return view.words("tui-who-side", who=view.label(seat), side=view.side(seat))


def last_move_text(view: MatchView, s: MatchState) -> str:
    """'You (Black) played d3, turning over 1.' ('' after a pass or before any move)."""
    if not s.moves or s.moves[-1] == "pass":
        return ""
    seat = (s.to_move + 1) % 2  # sides alternate strictly, passes included
    return view.words("tui-last-move", who=who_side(view, seat),
                      move=view.move_name(s.moves[-1]), flips=len(view.flipped))


def clock_line(view: MatchView, now: float) -> str | None:
    """'Clocks (5+3): You (Black) 4:52 running, the bot (White) 5:00', counted down to
    ``now`` (monotonic), with a warning when our running clock is low; None without a
    clock."""
    clocks = view.clocks()
    if clocks is None:
        return None
    w = view.words
    first, second = (w("tui-clock-side", who=who_side(view, seat), time=clocks.text(seat, now),
                       running=yes(clocks.running == seat)) for seat in (0, 1))
    low = low_time_text(view, now)
    return (w("tui-clocks", control=clock_words(clocks, w), first=first, second=second)
            + (f"\n{low}" if low else ""))


def low_time_text(view: MatchView, now: float) -> str | None:
    """'! Low on time: 0:18 left on your clock.' while our clock runs low, else None."""
    clocks = view.clocks()
    seat = view.seat
    if clocks is None or seat is None or clocks.running != seat or not clocks.low(seat, now):
        return None
    left = clocks.left(seat, now)
    unit = "seconds" if left < TENTHS_BELOW else "none"  # '9.4 seconds', '0:19'
    return "! " + view.words("tui-low-time", left=format_clock(left), unit=unit)


def chat_line(line: ChatLine, me: str | None) -> str:
    """'[Hanako] good luck!', '[You] thanks', '[Jiro (watching)] nice move': who wrote it
    (``me``: our player id) and the text, as the connection cleaned them."""
    return f"[{chat_speaker(line, me)}] {line.text}"


def hint_lines(view: MatchView, width: int | None = None) -> list[str]:
    """The engine's scores for the position on the board, for the side to move (us):
    on the squares and best first in a list (Othello), or the slots grouped by what they
    lead to (tic-tac-toe), and what the numbers mean. Empty when there is no current
    hint. A board of scores wider than ``width`` columns (8x8 is 42) is left out, not
    broken across rows: the list says the same."""
    s, moves, w = view.state, view.hints, view.words
    if s is None or not moves:
        return []
    you = w("tui-hint-you", side=view.side(s.to_move))
    comma = w("words-comma")
    if not view.info.scored:  # win, draw or loss: the slots of each, the best first
        groups: dict[str, list[str]] = {}
        for m in moves:
            groups.setdefault(view.score_words(m.score), []).append(view.move_name(m.move))
        ranked = w("tui-semicolon").join(w("tui-hint-group", word=word, moves=comma.join(slots))
                                         for word, slots in groups.items())
        return [w("tui-hint-outcome", you=you, ranked=ranked,
                  estimate=yes(not all(m.exact for m in moves)))]
    board = scored_text(view.info.look, s.board, s.size, {
        m.move: (view.score_words(m.score), "=" if m.exact else " ") for m in moves})
    fits = width is None or max(map(text_columns, board.split("\n"))) <= width
    lines = [board] if fits else []
    ranked = comma.join(f"{view.move_name(m.move)} {view.score_words(m.score)}"
                        + ("=" if m.exact else "") for m in moves)
    lines.append(w("tui-hint-best-first", you=you, ranked=ranked))
    depth = max((m.depth for m in moves if not m.exact), default=0)
    lines.append(w("tui-hint-scores", you=you, exact=yes(any(m.exact for m in moves)),
                   depth=depth))
    return lines


MISTAKE_MARKS = {1: "?", 2: "??"}
"""The server's verdict on a reviewed move (``PlyReview.mistake``) as the review marks it."""


REVIEW_COLUMNS = ("move", "side", "played", "best", "lost")
"""The review table's headed columns: the move's number, the side, the move played, the
engine's best move and its margin, and what the move played gave away (then the mark)."""
REVIEW_WIDTHS = (4, 5, 6, 15, 11, 0)
"""Each column's least width; a column widens to its heading or its widest cell."""
RIGHT_ALIGNED = (0, 4)
"""The columns of numbers, lined up on the right."""
ALL_COLUMNS = tuple(range(len(REVIEW_WIDTHS)))
NARROW_COLUMNS = (0, 2, 3, 4, 5)
"""The review's columns in a narrow terminal: all but the side."""


def review_lines(view: MatchView, width: int | None = None) -> list[str]:
    """The engine's review of the finished game: each move played against the engine's
    best (its margin named by side), what it gave away, the mistakes the server marked
    ('?', '??' for a big one), and a count per side. Empty when there is no review.
    A table wider than ``width`` columns (55 in English) is drawn narrow rather than
    broken across rows: without the side (the best move's margin names it), each column
    as wide as its widest cell, one space apart."""
    review, s, w = view.review, view.state, view.words
    if review is None or s is None:
        return []
    if not review.plies:
        return [w("tui-review-none")]
    scored = view.info.scored
    head = [w(f"tui-review-col-{column}", scored=yes(scored)) for column in REVIEW_COLUMNS]
    reviewed = [(r.ply, review_cells(view, r)) for r in review.plies]

    def rows(narrow: bool) -> list[list[str]]:
        """The table's rows; a forced pass is not reviewed but keeps its row (the numbers
        run on), and narrow, where the side's column goes, its row names who passed."""
        passes = []
        for i, move in enumerate(s.moves):
            if move == "pass":
                side = view.side(view.mover(i))
                said = w("tui-review-passed", side=side) if narrow else ""
                passes.append((i, [str(i + 1), side, view.move_name(move), said, "", ""]))
        return [[*head, ""], *(row for _, row in sorted(reviewed + passes,
                                                        key=lambda entry: entry[0]))]

    table = review_table(rows(narrow=False))
    if width is not None and max(map(text_columns, table)) > width:
        table = review_table(rows(narrow=True), NARROW_COLUMNS, least=False, gap=1)
    lines = [w("tui-review-title"), *table]
    lines.append(w("tui-review-scores-discs" if scored else "tui-review-scores-outcome"))
    for seat in (0, 1):
        slips = [r for r in review.plies if r.seat == seat and r.mistake > 0]
        who = who_side(view, seat)
        if not slips:
            lines.append(w("tui-review-clean", who=who))
        elif scored:
            lines.append(w("tui-review-mistakes", who=who, count=len(slips),
                           big=sum(1 for r in slips if r.mistake > 1),
                           discs=sum(r.loss for r in slips)))
        else:
            moves = w("words-comma").join(str(r.ply + 1) for r in slips)
            lines.append(w("tui-review-slipped", who=who, moves=moves))
    return lines


def review_cells(view: MatchView, r: PlyReview) -> list[str]:
    """One reviewed move: '12', 'Black', 'd3', 'c4 (Black +2=)', '4', '?': the best
    move's margin named by side; the mark is the server's verdict, not the loss (a disc
    or two between two estimates is no mistake)."""
    best = view.words("tui-review-best", move=view.move_name(r.best),
                      margin=view.margin_words(r.seat, r.score), exact=yes(r.exact))
    if r.loss <= 0:
        lost = ""
    elif view.info.scored:
        lost = str(r.loss)
    else:
        lost = view.score_words(r.score - r.loss)
    return [str(r.ply + 1), view.side(r.seat), view.move_name(r.played), best, lost,
            MISTAKE_MARKS.get(r.mistake, "")]


def review_table(rows: list[list[str]], columns: tuple[int, ...] = ALL_COLUMNS, *,
                 least: bool = True, gap: int = 2) -> list[str]:
    """The review's rows with their ``columns`` lined up on screen (by the columns each
    character takes, so '黒' is as wide as 'Bl'), each as wide as its widest cell (and
    its REVIEW_WIDTHS, with ``least``), ``gap`` spaces apart."""
    widths = {i: max([REVIEW_WIDTHS[i] if least else 0, *(text_columns(row[i]) for row in rows)])
              for i in columns}
    return ["  " + (" " * gap).join((pad_left if i in RIGHT_ALIGNED else pad)(row[i], widths[i])
                                    for i in columns).rstrip() for row in rows]


def yes(fact: bool) -> str:
    """A yes/no fact as the catalogue's selectors read it."""
    return "yes" if fact else "no"
