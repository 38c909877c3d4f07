"""The lobby: the matches someone is at, as one `lobby` frame shared by every `list`.

Building it walks every match in memory, and one address's hundreds of connections may
each ask for it 20 times a second; so it is encoded once and the same bytes answer every
`list` until the room says that something it shows changed. Which matches it lists, and
in what order, changes only with a match kept, joined, left, finished, or a seated
player's last connection gone or first one back (:meth:`LobbyFrame.stale`: built again
at the next `list`); these cost their own store writes or connections. A spectator come
or gone changes one count (:meth:`LobbyFrame.spectators`): the kept lobby is encoded
again with it, without the walk, so a loop of `watch`, `leave` and `list` costs about
what a `list` answered from the kept frame does, however many matches the server holds.
A `list` with nothing changed costs a send, not a build.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Set

import msgspec

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
    """The lobby, kept until :meth:`stale`, and its encoded frame."""

    def __init__(self) -> None:
        self._lobby: protocol.Lobby | None = None
        self._shown: dict[str, int] = {}
        """Match code -> where its entry is in the kept lobby."""
        self._frame: bytes | None = None

    def get(self, build: Callable[[], protocol.Lobby]) -> bytes:
        """The kept frame; the kept lobby encoded again after a count changed; or
        ``build()``'s encoded (and kept) when there is none."""
        if self._lobby is None:
            self._lobby = build()
            self._shown = {entry.match: i for i, entry in enumerate(self._lobby.matches)}
        if self._frame is None:
            self._frame = encode_bytes(self._lobby)
        return self._frame

    def stale(self) -> None:
        """Which matches the lobby lists, or what one shows of its seats, may have
        changed: the next :meth:`get` builds it again."""
        self._lobby = self._frame = None

    def spectators(self, code: str, count: int) -> None:
        """Match ``code`` has ``count`` spectators now: its entry, if the lobby shows it,
        says so from the next :meth:`get` (encoded again, not built)."""
        if self._lobby is None or (where := self._shown.get(code)) is None:
            return
        entry = self._lobby.matches[where]
        if entry.spectators != count:
            self._lobby.matches[where] = msgspec.structs.replace(entry, spectators=count)
            self._frame = None
