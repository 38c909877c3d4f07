"""What a client knows from the server's messages: the lobby, its matches, the link.

Both the window and the terminal feed every message from the connection to
:meth:`ClientState.handle` and draw from the result, so they agree on what a `joined`,
`state`, `error` or a dropped link means, and on the optional features' messages
(chat lines, hint analyses, game reviews, takeback answers: kept in each match's
:class:`MatchView`). Pure: no I/O here.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from client.common.connection import LinkStatus
from client.common.match_view import MatchView, same_position
from client.common.words import refusal, words
from shared.protocol import (
    Analysis,
    ChatLine,
    Error,
    Joined,
    Lobby,
    MatchState,
    MatchSummary,
    Review,
    ServerMessage,
    TakebackDeclined,
    Welcome,
)

QUIET_ERRORS = ("stale_ply",)
"""Refusals that need no words: a double click raced a state we already have."""


@dataclass
class ClientState:
    """The lobby, every match we are in or watch, the current one, and the link state."""

    welcome: Welcome | None = None
    lobby: list[MatchSummary] = field(default_factory=list)
    views: dict[str, MatchView] = field(default_factory=dict)
    current: str | None = None
    link_up: bool = True
    link_message: str = ""
    notice: str = ""
    notice_at: float = 0.0
    notice_good: bool = False
    """The notice is news (welcome back), not a refusal or an error."""
    _declined: set[str] = field(default_factory=set)
    """Matches whose takeback offer was just declined (the next state closes it)."""

    @property
    def view(self) -> MatchView | None:
        """The match on screen, if any."""
        return None if self.current is None else self.views.get(self.current)

    def has(self, feature: str) -> bool:
        """Whether the server understands an optional request (``welcome.features``)."""
        return self.welcome is not None and feature in self.welcome.features

    def say(self, text: str, *, good: bool = False) -> None:
        """A short note for the person: an error, a refused click, or (``good``) news."""
        self.notice, self.notice_at, self.notice_good = text, time.monotonic(), good

    def handle(self, msg: ServerMessage | LinkStatus) -> None:
        """Take one message from the connection (a server message or a LinkStatus)."""
        if isinstance(msg, MatchState):
            view = self.views.setdefault(msg.match, MatchView(msg.match))
            if msg.match == self.current and view.state is not None \
                    and not same_position(view.state, msg):
                self.notice = ""  # it was about the position before (a refused square)
            self._takeback_news(view, msg)
            view.update(msg)
        elif isinstance(msg, (ChatLine, Analysis, Review, TakebackDeclined)):
            if msg.match in self.views:  # not one we left (its last frames may trail)
                self._feature(self.views[msg.match], msg)
        elif isinstance(msg, Joined):
            # a match we know already is the server re-sending our seats after a
            # reconnect: it must not pull the screen away from the match on it
            known = msg.match in self.views
            view = self.views.setdefault(msg.match, MatchView(msg.match))
            view.seat, view.role = msg.seat, msg.role
            if self.current != msg.match and (not known or self.current is None):
                self.current = msg.match
                self.notice = ""
        elif isinstance(msg, Lobby):
            self.lobby = msg.matches
        elif isinstance(msg, Error):
            asked = self.views.get(msg.match) if msg.match is not None else None
            if asked is not None and msg.ref == "hint":
                asked.hint_asked = False
            elif asked is not None and msg.ref == "analyse":
                asked.review_asked = False
            if msg.code not in QUIET_ERRORS:
                self.say(refusal(msg))
        elif isinstance(msg, Welcome):
            self.welcome = msg
        elif isinstance(msg, LinkStatus):
            self.link_up, self.link_message = bool(msg.up), str(msg.message)
            if not self.link_up:  # an answer under way is lost with the link: ask again
                for lost in self.views.values():
                    lost.hint_asked = lost.review_asked = False

    def _feature(self, view: MatchView,
                 msg: ChatLine | Analysis | Review | TakebackDeclined) -> None:
        """A message of an optional feature for a match we are in."""
        if isinstance(msg, ChatLine):
            view.add_chat(msg)
        elif isinstance(msg, Analysis):
            view.take_analysis(msg)
        elif isinstance(msg, Review):
            view.take_review(msg)
        else:
            if view.state is not None and view.seat != msg.seat:
                self.say(words()("takeback-declined", who=view.label(msg.seat)))
            self._declined.add(msg.match)

    def _takeback_news(self, view: MatchView, new: MatchState) -> None:
        """Say what became of our takeback offer when ``new`` closes it: accepted (the
        match went back), declined (said when the answer came) or lapsed (a move came)."""
        old = view.state
        declined = new.match in self._declined
        self._declined.discard(new.match)
        if old is None or old.takeback is None or new.takeback is not None or declined:
            return
        ours = old.takeback.seat == view.seat
        if new.ply < old.ply:
            self.say(words()("takeback-accepted" if ours else "takeback-undone"), good=True)
        elif ours and new.status == "playing":
            self.say(words()("takeback-lapsed"))

    def unfinished(self) -> list[str]:
        """The matches we sit in that are still being played or wait for an opponent,
        newest first (the server gives our seats back in the order they were taken)."""
        return [code for code, view in reversed(self.views.items()) if view.role == "player"
                and view.state is not None and view.state.status != "over"]

    def leave_current(self) -> str | None:
        """Forget the match on screen (back to the lobby); its code, to tell the server."""
        code, self.current = self.current, None
        if code is not None:
            self.views.pop(code, None)
        self.notice = ""
        return code
