"""The lobby: the matches someone is at, as one `lobby` frame shared by every `list`.

Building it walks every match in memory, and one address's hundreds of connections may
each ask for it 20 times a second; so it is encoded once and the same bytes answer every
`list` until the room says that something it shows changed (:meth:`LobbyFrame.stale`):
a match kept, joined, left, finished or forgotten, a spectator come or gone, a player's
connection come or gone. A `list` then costs a send, not a build.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Set

from server.room.match import Match
from server.room.presence import Peer
from shared import protocol
from shared.protocol import encode_bytes

LOBBY_LIMIT = 100
"""At most this many matches in one `lobby` frame (waiting ones first, then the newest),
to stay small."""


def lobby_of(matches: Iterable[Match], online: Callable[[str], bool],
             human_online: Callable[[Match, int], bool],
             watchers: Callable[[str], Set[Peer]]) -> protocol.Lobby:
    """The unfinished listed matches a person is at: waiting ones first, then the newest."""
    open_ = [m for m in matches if m.result is None and not m.unlisted
             and any(human_online(m, i) for i in (0, 1))]
    open_.sort(key=lambda m: (m.status != "waiting", -m.created))
    return protocol.Lobby(matches=[m.summary(online, len(watchers(m.code)))
                                   for m in open_[:LOBBY_LIMIT]])


class LobbyFrame:
    """The encoded lobby, kept until :meth:`stale`."""

    def __init__(self) -> None:
        self._frame: bytes | None = None

    def get(self, build: Callable[[], protocol.Lobby]) -> bytes:
        """The kept frame, or ``build()``'s encoded (and kept) when there is none."""
        if self._frame is None:
            self._frame = encode_bytes(build())
        return self._frame

    def stale(self) -> None:
        """Something the lobby shows changed: the next :meth:`get` builds it again."""
        self._frame = None
