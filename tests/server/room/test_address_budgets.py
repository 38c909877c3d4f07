"""An address's caps hold within one event-loop turn: a request that opens a match
waits (Busy) while another opening from its address is not yet stored and counted, so
the creates of one turn cannot all pass the checks before any is counted (a loop of 20
connections once stored 2,245 where the hour's budget was 2,000, and a burst from one
address could open more unfinished matches than its cap)."""

from __future__ import annotations

import dataclasses

import pytest

from server.room.effects import Busy
from shared.protocol import Create, ProtocolError
from tests.server.room_support import CONFIG, Bench


def test_a_second_opening_from_an_address_waits_for_the_first_to_count() -> None:
    bench = Bench(dataclasses.replace(CONFIG, unfinished_per_address=1))
    first, second = bench.connect("P0"), bench.connect("P1")
    with bench.group():
        bench.room.request(first, Create(game="tictactoe"), bench.now)
        assert bench.room.request(second, Create(game="tictactoe"), bench.now) == [Busy()]
    with pytest.raises(ProtocolError) as refused:  # asked again once the group is stored
        bench.room.request(second, Create(game="tictactoe"), bench.now)
    assert refused.value.code == "too_many_matches"
    assert len(bench.room.matches) == 1


def test_the_store_budget_holds_across_the_creates_of_one_turn() -> None:
    bench = Bench(dataclasses.replace(CONFIG, stored_matches_per_hour=2))
    people = [bench.connect(f"P{i}") for i in range(3)]
    with bench.group():
        bench.room.request(people[0], Create(game="tictactoe"), bench.now)
        assert bench.room.request(people[1], Create(game="tictactoe"), bench.now) == [Busy()]
    bench.ask(people[1], Create(game="tictactoe"))
    with pytest.raises(ProtocolError) as refused:
        bench.room.request(people[2], Create(game="tictactoe"), bench.now)
    assert refused.value.code == "too_many_stored_matches"
    assert refused.value.retry_after is not None and 0 < refused.value.retry_after <= 1800
    assert len(bench.room.matches) == 2
    bench.advance(1800)  # the hour's budget gives one back every half hour
    bench.ask(people[2], Create(game="tictactoe"))
    assert len(bench.room.matches) == 3
