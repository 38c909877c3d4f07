"""What each screen may ask of the window: the screens' narrow door into :class:`App`.

A screen draws from the client's state (:class:`~client.common.client_state.ClientState`)
and turns clicks and keys into these calls; the window (app.py) carries them out on its
connection and tasks. So the screens never see the connection, the start-up or the
window's loop, and the window may change those without touching a screen (as the web
client's ``GameScreen(actions, sound)`` does). :class:`App` has these methods; nothing
inherits from these classes.
"""

from __future__ import annotations

from typing import Protocol

from client.common.launch import Where
from client.common.options import Plan
from shared.protocol import Message


class LobbyActions(Protocol):
    """The start screen's requests: play, join or watch, resume, refresh, the language,
    quit."""

    @property
    def where(self) -> Where | None:
        """The server we play on, once found or started (its address is shown)."""

    def create(self, plan: Plan) -> None:
        """A new match as ``plan`` says, under ``plan.name``."""

    def join(self, code: str, name: str, *, watch: bool = False) -> None:
        """Join (or watch) the match ``code`` under ``name``."""

    def resume(self, code: str) -> None:
        """Go on with one of our unfinished matches."""

    def refresh_lobby(self) -> None:
        """Ask the server for the list of matches on the next frame."""

    def set_language(self, lang: str) -> None:
        """Speak ``lang`` from the next frame on, remembered for the next start."""

    def quit(self) -> None:
        """Close the window."""


class GameActions(Protocol):
    """The match screen's requests: a move, the match's buttons, a message, the sound."""

    @property
    def where(self) -> Where | None:
        """The server we play on (its address is told to a friend while waiting)."""

    @property
    def muted(self) -> bool:
        """Whether the sounds are off."""

    @property
    def silent_because(self) -> str | None:
        """Why this computer plays no sound at all (no audio device); None when it can."""

    def move(self, square: int) -> None:
        """Play ``square`` in the match on screen."""

    def resign(self) -> None:
        """Resign the match on screen."""

    def rematch(self) -> None:
        """Offer (or accept) a rematch of the finished match on screen."""

    def back_to_lobby(self) -> None:
        """Leave the match on screen for the start screen."""

    def tell(self, message: Message) -> None:
        """Send a request of the optional features (takeback, hint, chat, analyse)."""

    def toggle_mute(self) -> None:
        """Sound on or off, remembered for the next start."""
