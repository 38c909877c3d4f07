"""Group commit: the changes of one event-loop turn are stored in one transaction, memory
follows only once they are, a refused group changes nothing for anyone in it, and an
event touching a change not stored yet waits for its group."""

from __future__ import annotations

import pytest

from server.room.effects import Busy, Proposed
from shared.protocol import Chat, Create, Error, Join, MatchState, Move, ProtocolError
from tests.server.room_support import Bench, Person

FULL = "database or disk is full"


def two_matches(bench: Bench) -> list[tuple[Person, Person, str]]:
    """Two tic-tac-toe matches under way, each between two people; frames taken."""
    pairs = []
    for first, second in (("Taro", "Hana"), ("Yuki", "Ken")):
        a, b = bench.connect(first), bench.connect(second)
        code = bench.pair(a, b)
        a.take(), b.take()
        pairs.append((a, b, code))
    return pairs


def test_the_moves_of_one_turn_are_stored_in_one_transaction_then_shown() -> None:
    bench = Bench()
    (taro, hana, first), (yuki, ken, second) = two_matches(bench)
    groups = len(bench.store.groups)
    with bench.group():
        assert bench.room.request(taro, Move(match=first, move=4, ply=0), bench.now) == [
            Proposed()]
        assert bench.room.request(yuki, Move(match=second, move=0, ply=0), bench.now) == [
            Proposed()]
        assert bench.match(first).ply == bench.match(second).ply == 0  # not stored yet
        assert taro.got == hana.got == yuki.got == ken.got == []
    assert bench.store.groups[groups:] == [2]
    assert bench.match(first).moves == [4] and bench.match(second).moves == [0]
    for person, code in ((taro, first), (hana, first), (yuki, second), (ken, second)):
        [state] = person.states()
        assert state.match == code and state.ply == 1


def test_a_refused_group_refuses_every_request_in_it_and_changes_nothing() -> None:
    bench = Bench()
    (taro, hana, first), (yuki, ken, second) = two_matches(bench)
    bench.store.fault = FULL
    with bench.group():
        bench.room.request(taro, Move(match=first, move=4, ply=0), bench.now)
        bench.room.request(ken, Chat(match=second, text="hi"), bench.now)
    for person, ref, code in ((taro, "move", first), (ken, "chat", second)):
        [error] = person.take()
        assert isinstance(error, Error) and (error.code, error.ref, error.match) == (
            "storage_unavailable", ref, code)
    assert hana.got == yuki.got == []
    assert bench.match(first).moves == [] and not bench.match(second).chat
    assert bench.store.record(first).moves == []  # type: ignore[union-attr]
    bench.store.fault = None
    bench.ask(taro, Move(match=first, move=4, ply=0))  # the same move, now stored
    assert bench.match(first).moves == [4] and hana.states()[-1].ply == 1


def test_an_event_on_a_match_with_a_change_not_stored_yet_waits_for_the_group() -> None:
    bench = Bench()
    (taro, hana, code), _ = two_matches(bench)
    with bench.group():
        bench.room.request(taro, Move(match=code, move=4, ply=0), bench.now)
        # decided now, Hana's move would be checked against the board before Taro's
        assert bench.room.request(hana, Move(match=code, move=0, ply=1), bench.now) == [
            Busy()]
        assert bench.room.bot_moved(code, 1, 0, bench.now) == [Busy()]
    bench.ask(hana, Move(match=code, move=0, ply=1))  # given again after the group
    assert bench.match(code).moves == [4, 0]


def test_a_seat_two_people_ask_for_in_one_turn_goes_to_the_first() -> None:
    bench = Bench()
    taro, hana, yuki = bench.connect("Taro"), bench.connect("Hana"), bench.connect("Yuki")
    bench.ask(taro, Create(game="tictactoe", seat="first"))
    code = bench.room.seated(taro.player or "")[0].code
    with bench.group():
        bench.room.request(hana, Join(match=code), bench.now)
        assert bench.room.request(yuki, Join(match=code), bench.now) == [Busy()]
    with pytest.raises(ProtocolError) as refused:  # given again after the group
        bench.ask(yuki, Join(match=code))
    assert refused.value.code == "match_full"
    assert [s.player for s in bench.match(code).seats if s] == [taro.player, hana.player]
    assert isinstance(hana.take()[-1], MatchState)
