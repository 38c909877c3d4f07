"""One address cannot fill a match's spectator seats, nor one connection watch every
match: an address gets ``spectators_per_address`` seats of a match (match_full past
them, other addresses still welcome), a connection ``max_watching`` matches at once."""

from __future__ import annotations

import dataclasses

from shared.protocol import Create, Hello, Joined, Leave, Watch
from tests.server.room_support import CONFIG, Bench, Person, refused

ROOMY = dataclasses.replace(CONFIG, max_spectators=5, spectators_per_address=2,
                            max_watching=2, max_matches_per_player=5)


def _from(bench: Bench, name: str, address: str) -> Person:
    """A connection from ``address`` that said hello."""
    person = Person(label=name)
    person.address = address
    bench.ask(person, Hello(protocol=1, name=name))
    return person


def _match(bench: Bench, creator: Person) -> str:
    bench.ask(creator, Create(game="tictactoe"))
    return bench.room.seated(creator.player or "")[-1].code


def _watches(bench: Bench, person: Person, code: str) -> bool:
    bench.ask(person, Watch(match=code))
    return any(isinstance(m, Joined) and m.role == "spectator" for m in person.take())


def test_an_address_takes_its_share_of_a_matchs_spectator_seats_and_no_more() -> None:
    bench = Bench(ROOMY)
    code = _match(bench, _from(bench, "Taro", "10.0.0.1"))
    crowd = [_from(bench, f"Fan {i}", "10.0.0.9") for i in range(3)]
    assert [_watches(bench, fan, code) for fan in crowd[:2]] == [True, True]
    message = refused("match_full", bench, crowd[2], Watch(match=code))
    assert "2 spectators from your address" in message
    assert _watches(bench, _from(bench, "Hana", "10.0.0.2"), code)  # another address
    assert _watches(bench, crowd[0], code)  # one already watching is shown it again
    bench.ask(crowd[0], Leave(match=code))
    assert _watches(bench, crowd[2], code)  # a seat given back is the address's again


def test_an_exempt_loopback_has_no_share() -> None:
    bench = Bench(dataclasses.replace(ROOMY, exempt_loopback=True))
    code = _match(bench, _from(bench, "Taro", "10.0.0.1"))
    crowd = [_from(bench, f"Fan {i}", "127.0.0.1") for i in range(3)]
    assert [_watches(bench, fan, code) for fan in crowd] == [True, True, True]


def test_a_connection_watches_at_most_max_watching_matches() -> None:
    bench = Bench(ROOMY)
    taro = _from(bench, "Taro", "10.0.0.1")
    codes = [_match(bench, taro) for _ in range(3)]
    kenji = _from(bench, "Kenji", "10.0.0.2")
    assert [_watches(bench, kenji, code) for code in codes[:2]] == [True, True]
    message = refused("not_allowed", bench, kenji, Watch(match=codes[2]))
    assert "watches 2 matches already" in message
    assert _watches(bench, _from(bench, "Kenji", "10.0.0.2"), codes[2])  # per connection
    bench.ask(kenji, Leave(match=codes[0]))
    assert _watches(bench, kenji, codes[2])
