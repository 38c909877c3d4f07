"""The commands a person types at the terminal's prompt beside a move: the optional
features (docs/protocol.md §11) in the terminal's idiom, and what the server sends back
for them, printed as it arrives.

    hint / h          the engine's score for each legal move, on the board
    takeback / t      undo your last move (against a person: an offer, answered y/n)
    say TEXT          a chat line to everyone in the match
    analyse / a       after the game: each move against the engine's best
    clock / c         both clocks now
    bell              ring the terminal bell when it is your turn (off by default)
"""

from __future__ import annotations

import time

from client.common.connection import LinkStatus
from client.common.match_view import MatchView
from client.tui.console import Console, Incoming, Snapshot
from client.tui.match_text import chat_line, clock_line, hint_lines, review_lines
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
FEATURE_WORDS = {"hint": "hints", "takeback": "takebacks", "analyse": "the engine's review",
                 "chat": "chat"}
FEATURE_COMMANDS = {"h": "hint", "hint": "hint", "t": "takeback", "takeback": "takeback",
                    "a": "analyse", "analyse": "analyse", "analyze": "analyse"}
"""The words that ask the server for a feature, and the feature each needs."""
HELP_HANG = 25
"""The column where a command's description starts in the help, and goes on below."""


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
        word = word.lower()
        s = view.state
        if word == "say":
            await self.chat(view, rest)
        elif word in ("c", "clock"):
            self.say(clock_line(view, time.monotonic()) or "This match has no clock.")
        elif word == "bell":
            self.bell = not self.bell
            self.say("The bell rings when it is your turn." if self.bell else "No bell.")
        elif s is None:
            return False
        elif view.offer_to_answer and word in ("y", "yes", "n", "no"):
            self.sent_from = snapshot(s)
            await self.conn.send(TakebackAnswer(match=view.code, accept=word in ("y", "yes")))
        elif word in FEATURE_COMMANDS:
            if self.offered(FEATURE_COMMANDS[word]):
                await self.request(view, s, FEATURE_COMMANDS[word])
        else:
            return False
        return True

    async def request(self, view: MatchView, s: MatchState, feature: str) -> None:
        """Send a hint, takeback or analyse request (the server says if it refuses; a review
        already here is printed again instead)."""
        if feature == "hint":
            view.hint_asked = True
            await self.conn.send(Hint(match=view.code))
            self.say("Asking the engine...")
        elif feature == "takeback":
            self.sent_from = snapshot(s)
            await self.conn.send(Takeback(match=view.code, ply=s.ply))
        elif view.review is not None:
            self.print_lines(review_lines(view))
        else:
            view.review_asked = True
            await self.conn.send(Analyse(match=view.code))
            self.say("Asking the engine to go through the whole game (a few seconds)...")

    def offered(self, feature: str) -> bool:
        """Whether the server offers ``feature``; says so when it does not."""
        if self.known.has(feature):
            return True
        self.say(f"This server does not offer {FEATURE_WORDS[feature]} (it is older than "
                 "this client).")
        return False

    async def chat(self, view: MatchView, text: str) -> None:
        if not self.offered("chat"):
            return
        if not view.may_chat:  # the server would refuse it: say so before anything is typed
            self.say("Only the players may chat in this match: spectators read along.")
            return
        if not text.strip():
            self.say("Type say and your message, like: say good game!")
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
            self.print_lines(hint_lines(view))
        elif isinstance(msg, Review):
            self.print_lines(review_lines(view))

    def show_chat(self, view: MatchView, *, recent: bool = False) -> None:
        """Print the chat lines of ``view`` not printed yet; ``recent``: only the last few,
        under a heading (a match coming on screen, with the lines kept before)."""
        shown = self.chat_shown.get(view.code, 0)
        lines = [line for line in view.chat if line.seq > shown]
        if recent and lines:
            lines = lines[-RECENT_CHAT:]
            self.say("Recent chat:")
        me = self.known.welcome.player if self.known.welcome is not None else None
        for line in lines:
            self.say(chat_line(line, me))
        if view.chat:
            self.chat_shown[view.code] = view.chat[-1].seq

    def print_lines(self, lines: list[str]) -> None:
        for line in lines:
            self.say(line)

    def help_lines(self, view: MatchView) -> list[str]:
        """The commands that work now, for ``?``/``help``."""
        s = view.state
        move = view.info.move_help if s is not None else "as the game writes it"
        has = self.known.has
        playing = view.seat is not None  # a spectator has no moves, hints, takebacks
        rows = [(move, "play that move")] if playing else []
        if playing and has("hint"):
            rows.append(("h, hint", "the engine's score for each of your moves"
                         + ("" if s is None or s.hints else " (not allowed in this match)")))
        if playing and has("takeback"):
            rows.append(("t, takeback", "take back your last move (a person is asked first)"))
        if has("chat"):
            rows.append(("say TEXT", "send TEXT to everyone in this match"
                         + ("" if view.may_chat else " (only the players may)")))
        if s is not None and s.clock is not None:
            rows.append(("c, clock", "both clocks now"))
        rows += [("m, moves", "the moves so far"), ("board", "the board again")]
        if playing:
            rows += [("resign", "give up this game"), ("l, lobby", "leave this match"),
                     ("q, quit", "quit (Ctrl-D quits and keeps your seat)"),
                     ("bell", "ring the bell when it is your turn: "
                      + ("on" if self.bell else "off"))]
        else:
            rows += [("l, lobby", "stop watching"), ("q, quit", "quit")]
        rows.append(("?, help", "this list"))
        after = ("r rematch, " if playing else "") + (
            "a analyse (the engine on each move), " if has("analyse") else "")
        return (["Commands:"] + [self.fitted(f"  {name:<22} {what}", hang=HELP_HANG)
                                 for name, what in rows]
                + [f"After the game: {after}l lobby, m moves, q quit."])
