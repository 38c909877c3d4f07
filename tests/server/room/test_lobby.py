"""The lobby is encoded once and answers every `list` until something it shows changes:
each change the lobby shows makes the next `list` fresh (a stale lobby is a bug a player
sees), and a `list` with nothing changed costs no build."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pytest

from server.room.effects import ReplyEncoded
from server.room.lobby import lobby_of
from shared.protocol import (
    Create,
    Join,
    Leave,
    ListMatches,
    Lobby,
    Move,
    Rematch,
    Resign,
    Watch,
)
from tests.server.room_support import Bench, Person, token_of


@dataclass
class Scene:
    """Taro's tic-tac-toe match, Hana who may join it, Kenji who may watch it, and Mio
    who reads the lobby."""

    bench: Bench
    taro: Person
    hana: Person
    kenji: Person
    mio: Person
    code: str

    def listed(self) -> Lobby:
        """The lobby Mio is sent for a `list`."""
        self.bench.ask(self.mio, ListMatches())
        (lobby,) = [m for m in self.mio.take() if isinstance(m, Lobby)]
        return lobby

    def fresh(self) -> Lobby:
        """The lobby built from the room as it is now."""
        room = self.bench.room
        return lobby_of(room.matches.values(), room.online, room.human_online, room.watchers)


def _scene() -> Scene:
    bench = Bench()
    taro, hana, kenji, mio = (bench.connect(name) for name in ("Taro", "Hana", "Kenji", "Mio"))
    bench.ask(taro, Create(game="tictactoe"))
    code = bench.room.seated(taro.player or "")[0].code
    return Scene(bench, taro, hana, kenji, mio, code)


def _playing(s: Scene) -> None:
    s.bench.ask(s.hana, Join(match=s.code))


def _watched(s: Scene) -> None:
    s.bench.ask(s.kenji, Watch(match=s.code))


def _x_and_o(s: Scene) -> list[Person]:
    """Taro and Hana, the one to move first first."""
    match = s.bench.match(s.code)
    return sorted((s.taro, s.hana), key=lambda p: match.seat_of(p.player or "") or 0)


def _won_by_a_move(s: Scene) -> None:
    x, o = _x_and_o(s)
    for ply, (who, square) in enumerate([(x, 0), (o, 3), (x, 1), (o, 4), (x, 2)]):
        s.bench.ask(who, Move(match=s.code, move=square, ply=ply))
    assert s.bench.match(s.code).result is not None


def _back(s: Scene) -> None:
    s.hana = s.bench.connect("Hana", token=token_of(s.hana))


def _rematch_offered(s: Scene) -> None:
    _playing(s)
    s.bench.ask(s.taro, Resign(match=s.code))
    s.bench.ask(s.taro, Rematch(match=s.code))


def _playing_hana_gone(s: Scene) -> None:
    _playing(s)
    s.bench.disconnect(s.hana)


def _called_off(s: Scene) -> None:
    s.bench.advance(2 * 24 * 3600)
    assert s.bench.match(s.code).result is not None


CHANGES: dict[str, tuple[Callable[[Scene], object], Callable[[Scene], object]]] = {
    # what the lobby shows changing: (the scene set before the lobby is kept, the change)
    "a match created": (lambda s: None, lambda s: s.bench.ask(s.kenji, Create(game="othello"))),
    "a match joined": (lambda s: None, _playing),
    "a waiting match left": (lambda s: None, lambda s: s.bench.ask(s.taro, Leave(match=s.code))),
    "its creator gone": (lambda s: None, lambda s: s.bench.disconnect(s.taro)),
    "a spectator come": (_playing, _watched),
    "a spectator gone by leave": (_watched, lambda s: s.bench.ask(s.kenji, Leave(match=s.code))),
    "a spectator disconnected": (_watched, lambda s: s.bench.disconnect(s.kenji)),
    "a player disconnected": (_playing, lambda s: s.bench.disconnect(s.hana)),
    "a player back": (_playing_hana_gone, _back),
    "a match resigned": (_playing, lambda s: s.bench.ask(s.taro, Resign(match=s.code))),
    "a match won by a move": (_playing, _won_by_a_move),
    "a rematch opened": (_rematch_offered, lambda s: s.bench.ask(s.hana, Rematch(match=s.code))),
    "a match ended by its timer": (_playing_hana_gone, _called_off),
}


@pytest.mark.parametrize("change", CHANGES)
def test_each_change_the_lobby_shows_makes_the_next_list_fresh(change: str) -> None:
    s = _scene()
    before, change_it = CHANGES[change]
    before(s)
    kept = s.listed()
    assert kept == s.fresh()
    change_it(s)
    assert s.fresh() != kept  # the change is one the lobby shows
    assert s.listed() == s.fresh()


def test_a_list_with_nothing_changed_sends_the_same_frame_unbuilt() -> None:
    s = _scene()
    _playing(s)
    (first,) = s.bench.room.request(s.mio, ListMatches(), s.bench.now)
    s.bench.ask(_x_and_o(s)[0], Move(match=s.code, move=4, ply=0))  # the lobby shows no move
    assert s.bench.match(s.code).ply == 1
    (again,) = s.bench.room.request(s.kenji, ListMatches(), s.bench.now)
    assert isinstance(first, ReplyEncoded) and isinstance(again, ReplyEncoded)
    assert again.frame is first.frame


def test_a_loop_of_watch_leave_and_list_never_walks_the_matches_again(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A spectator come or gone changes one count: the lobby is encoded again, not built
    (a build walks every match in memory, 2 ms at 1,000); a connection that changes no
    entry changes nothing."""
    builds = 0

    def counted(*args: object) -> Lobby:
        nonlocal builds
        builds += 1
        return lobby_of(*args)  # type: ignore[arg-type]

    monkeypatch.setattr("server.room.room.lobby_of", counted)
    s = _scene()
    _playing(s)
    s.listed()
    for _ in range(20):
        s.bench.ask(s.kenji, Watch(match=s.code))
        assert s.listed() == s.fresh()
        s.bench.ask(s.kenji, Leave(match=s.code))
        assert s.listed() == s.fresh()
    s.bench.ask(s.kenji, Watch(match=s.code))
    s.bench.disconnect(s.kenji)
    passer = s.bench.connect("Yuki")  # a player at no match, come and gone
    s.bench.disconnect(passer)
    s.bench.connect("Hana", token=token_of(s.hana))  # a second connection of Hana's
    assert s.listed() == s.fresh()
    assert builds == 1
