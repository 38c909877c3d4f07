"""The commands a person types at the terminal's prompt beside a move: the optional
features (docs/protocol.md §11) in the terminal's idiom, and what the server sends back
for them, printed as it arrives.

    hint / h          the engine's score for each legal move, on the board
    takeback / t      undo your last move (against a person: an offer, answered y/n)
    say TEXT          a chat line to everyone in the match
    analyse / a       after the game: each move against the engine's best
    clock / c         both clocks now
    bell              ring the terminal bell when it is your turn (off by default)

The words that give them are the catalogue's (:mod:`client.tui.command_words`).
"""

from __future__ import annotations

import time

from client.common.connection import LinkStatus
from client.common.match_view import MatchView
from client.tui.command_words import Command
from client.tui.console import Console, Incoming, Snapshot
from client.tui.line_wrap import room, table, text_columns
from client.tui.match_text import chat_line, clock_line, hint_lines, review_lines, yes
from shared.protocol import (
    Analyse,
    Analysis,
    Chat,
    ChatLine,
    Error,
    Hint,
    MatchState,
    Review,
    Takeback,
    TakebackAnswer,
)

RECENT_CHAT = 5
"""Chat lines shown again when a match comes on screen (the server keeps more)."""
FEATURES: tuple[Command, ...] = ("hint", "takeback", "analyse")
"""The commands that ask the server for the feature of the same name."""
SAY = "say"
"""The command word before a chat line."""


def snapshot(s: MatchState) -> Snapshot:
    """What a request can change: no new question until the server answered it."""
    return (s.match, s.ply, s.status, tuple(s.rematch), s.takeback is not None)


class MatchCommands(Console):
    """The feature commands, and the printing of the feature messages that answer them."""

    bell = False
    """Ring the terminal's bell when it becomes our turn (the ``bell`` command)."""
    chat_shown: dict[str, int]
    """The last chat ``seq`` printed, per match (set by the terminal)."""
    echo_due = False
    """A chat line of ours was sent and the server has not relayed it back yet: the
    prompt waits for it, so the line shows before the prompt comes again."""

    async def command(self, view: MatchView, text: str) -> bool:
        """Carry out ``text`` if it is one of these commands (True), else False."""
        word, _, rest = text.strip().partition(" ")
        command = self.commands(text)
        s = view.state
        if word.lower() == SAY:
            await self.chat(view, rest)
        elif command == "clock":
            self.say(clock_line(view, time.monotonic()) or self.words("tui-no-clock"))
        elif command == "bell":
            self.bell = not self.bell
            self.say(self.words("tui-bell-on" if self.bell else "tui-bell-off"))
        elif s is None:
            return False
        elif view.offer_to_answer and command in ("yes", "no"):
            if not self.link_down():
                self.sent_from = snapshot(s)
                await self.conn.send(TakebackAnswer(match=view.code, accept=command == "yes"))
        elif command in FEATURES:
            if self.offered(command) and not self.link_down():
                await self.request(view, s, command)
        else:
            return False
        return True

    async def request(self, view: MatchView, s: MatchState, feature: str) -> None:
        """Send a hint, takeback or analyse request (the server says if it refuses; a review
        already here is printed again instead)."""
        if feature == "hint":
            view.hint_asked = True
            await self.conn.send(Hint(match=view.code))
            self.say(self.words("tui-hint-asked"))
        elif feature == "takeback":
            self.sent_from = snapshot(s)
            await self.conn.send(Takeback(match=view.code, ply=s.ply))
        elif view.review is not None:
            self.print_lines(review_lines(view, room(self.out)))
        elif s.status == "over" and not view.reviewable:  # called off before any move
            self.say(self.words("tui-review-none"))
        else:
            view.review_asked = True
            await self.conn.send(Analyse(match=view.code))
            self.say(self.words("tui-review-asked"))

    def offered(self, feature: str) -> bool:
        """Whether the server offers ``feature``; says so when it does not."""
        if self.known.has(feature):
            return True
        self.say(self.words("tui-not-offered", feature=feature))
        return False

    async def chat(self, view: MatchView, text: str) -> None:
        if not self.offered("chat"):
            return
        if not view.may_chat:  # the server would refuse it: say so before anything is typed
            self.say(self.words("tui-players-only"))
            return
        if not text.strip():
            self.say(self.words("tui-say-how"))
            return
        if self.link_down():
            return
        self.echo_due = True
        await self.conn.send(Chat(match=view.code, text=text))

    def take(self, msg: Incoming) -> None:
        """As the console takes a message; then print a feature's answer for the match
        on screen: a chat line, a hint, a review."""
        super().take(msg)
        welcome = self.known.welcome
        if isinstance(msg, ChatLine) and welcome is not None and msg.player == welcome.player \
                or isinstance(msg, Error) and msg.ref == "chat" or isinstance(msg, LinkStatus):
            self.echo_due = False  # relayed, refused, or perhaps lost with the link
        view = self.known.view
        if view is None or getattr(msg, "match", None) != view.code:
            return
        if isinstance(msg, ChatLine):
            self.show_chat(view)
        elif isinstance(msg, Analysis) and view.analysis is msg:  # a stale one says nothing
            self.print_lines(hint_lines(view, room(self.out)))
        elif isinstance(msg, Review):
            self.print_lines(review_lines(view, room(self.out)))

    def show_chat(self, view: MatchView, *, recent: bool = False) -> None:
        """Print the chat lines of ``view`` not printed yet; ``recent``: only the last few,
        under a heading (a match coming on screen, with the lines kept before)."""
        shown = self.chat_shown.get(view.code, 0)
        lines = [line for line in view.chat if line.seq > shown]
        if recent and lines:
            lines = lines[-RECENT_CHAT:]
            self.say(self.words("tui-recent-chat"))
        me = self.known.welcome.player if self.known.welcome is not None else None
        for line in lines:
            self.say(chat_line(line, me))
        if view.chat:
            self.chat_shown[view.code] = view.chat[-1].seq

    def print_lines(self, lines: list[str]) -> None:
        for line in lines:
            self.say(line)

    def help_lines(self, view: MatchView) -> list[str]:
        """The commands that work now, for ``?``/``help``: the words that give each (the
        language's own too), and what it does, in two columns."""
        s, w, has = view.state, self.words, self.known.has
        playing = view.seat is not None  # a spectator has no moves, hints, takebacks

        def row(command: Command, what: str, **facts: str) -> list[str]:
            return [w(f"tui-keys-{command}"), w(f"tui-help-{what}", **facts)]

        rows = [[w(f"{s.game}-move-help"), w("tui-help-move")]] if playing and s else []
        if playing and has("hint"):
            rows.append(row("hint", "hint", allowed=yes(s is None or s.hints)))
        if playing and has("takeback"):
            rows.append(row("takeback", "takeback"))
        if has("chat"):
            rows.append([w("tui-keys-say"), w("tui-help-say", may=yes(view.may_chat))])
        if s is not None and s.clock is not None:
            rows.append(row("clock", "clock"))
        rows += [row("moves", "moves"), row("board", "board")]
        if playing:
            rows += [row("resign", "resign"), row("lobby", "lobby"), row("quit", "quit"),
                     row("bell", "bell", on=yes(self.bell))]
        else:
            rows += [row("lobby", "stop-watching"), row("quit", "quit-watching")]
        rows.append(row("help", "help"))
        lines = table(rows)
        hang = max(text_columns(line) - text_columns(what) for line, (_, what) in zip(lines, rows))
        return ([w("tui-help-heading")] + [self.fitted(line, hang=hang) for line in lines]
                + [w("tui-help-after", rematch=yes(playing), analyse=yes(has("analyse")))])
