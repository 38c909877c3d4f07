"""Who is here: each player's live connections and each match's spectators.

Plain bookkeeping with no I/O. A :class:`Peer` is one connection as the match room
sees it; the server's :class:`server.shell.session.Session` is a Peer with a socket.
"""

from __future__ import annotations

from collections.abc import Iterator, Set


class Peer:
    """One connection: its player once it said hello, the matches it watches."""

    def __init__(self) -> None:
        self.player: str | None = None
        self.name = ""
        self.address = ""
        """The remote address (the shell's Session sets it), for the per-address limits."""
        self.watching: set[str] = set()


NOBODY: Set[Peer] = frozenset()
"""The spectators of a match nobody watches (shared: asked about every match a state
goes to, it is not made anew each time)."""


class Presence:
    """Live connections by player and spectators by match code."""

    def __init__(self) -> None:
        self.peers: dict[str, set[Peer]] = {}
        """Player id -> their open connections (a player may connect twice)."""
        self.spectators: dict[str, set[Peer]] = {}
        """Match code -> the connections watching it."""

    def online(self, player: str) -> bool:
        return bool(self.peers.get(player))

    def arrive(self, peer: Peer, player: str, name: str) -> bool:
        """``peer`` is ``player`` from now on; True when the player was offline before."""
        peer.player, peer.name = player, name
        came_back = not self.online(player)
        self.peers.setdefault(player, set()).add(peer)
        return came_back

    def depart(self, peer: Peer) -> bool:
        """``peer`` closed: it watches nothing more; True when its player has no other
        connection left (their seats are now empty)."""
        for code in peer.watching:
            self.spectators.get(code, set()).discard(peer)
        if peer.player is None:
            return False
        live = self.peers.get(peer.player, set())
        live.discard(peer)
        if live:
            return False
        self.peers.pop(peer.player, None)
        return True

    def watchers(self, code: str) -> Set[Peer]:
        """The connections watching match ``code`` (read only)."""
        return self.spectators.get(code, NOBODY)

    def watch(self, code: str, peer: Peer) -> None:
        self.spectators.setdefault(code, set()).add(peer)
        peer.watching.add(code)

    def unwatch(self, code: str, peer: Peer) -> None:
        self.spectators.get(code, set()).discard(peer)
        peer.watching.discard(code)

    def forget_match(self, code: str) -> None:
        self.spectators.pop(code, None)

    def of(self, player: str | None) -> Iterator[Peer]:
        """Every open connection of ``player``."""
        yield from self.peers.get(player or "", ())
