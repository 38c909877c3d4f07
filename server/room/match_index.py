"""Every match in memory, found by its code and by the players seated in it.

What a player holds is looked up, never searched for: no request or disconnect costs
time that grows with the number of matches on the server.
"""

from __future__ import annotations

from server.room.match import Match


class MatchIndex:
    """Matches by code, and each player's matches where they hold a seat not left."""

    def __init__(self) -> None:
        self.by_code: dict[str, Match] = {}
        self._held: dict[str, dict[str, Match]] = {}
        """Player id -> {code: match} of the matches where they hold a seat not left."""

    def __contains__(self, code: str) -> bool:
        return code in self.by_code

    def get(self, code: str) -> Match | None:
        return self.by_code.get(code)

    def add(self, match: Match) -> None:
        """Keep ``match``, indexed by the players seated in it (again after a join)."""
        self.by_code[match.code] = match
        for seat in match.seats:
            if seat is not None and seat.player is not None and not seat.left:
                self._held.setdefault(seat.player, {})[match.code] = match

    def seated(self, player: str) -> list[Match]:
        """Matches where ``player`` holds a seat they have not left, oldest first."""
        return list(self._held.get(player, {}).values())

    def release(self, player: str | None, code: str) -> None:
        """``player`` no longer holds a seat in match ``code`` (left it, or it is forgotten)."""
        held = self._held.get(player or "")
        if held is not None:
            held.pop(code, None)
            if not held:
                del self._held[player or ""]

    def forget(self, match: Match) -> None:
        """Drop ``match`` from memory and from its players' entries (it stays stored)."""
        del self.by_code[match.code]
        for seat in match.seats:
            if seat is not None:
                self.release(seat.player, match.code)
