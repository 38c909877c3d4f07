"""The store's budget per address, in the room: matches opened count as they are
proposed, so the creates of one event-loop turn cannot all pass the check before any is
counted (a loop of 20 connections once stored 2,245 where the hour's budget was 2,000)."""

from __future__ import annotations

import dataclasses

import pytest

from shared.protocol import Create, ProtocolError
from tests.server.room_support import CONFIG, Bench


def test_the_creates_of_one_turn_count_as_they_are_proposed() -> None:
    bench = Bench(dataclasses.replace(CONFIG, stored_matches_per_hour=2))
    people = [bench.connect(f"P{i}") for i in range(3)]
    with bench.group():
        bench.room.request(people[0], Create(game="tictactoe"), bench.now)
        bench.room.request(people[1], Create(game="tictactoe"), bench.now)
        with pytest.raises(ProtocolError) as refused:
            bench.room.request(people[2], Create(game="tictactoe"), bench.now)
    assert refused.value.code == "too_many_stored_matches"
    assert refused.value.retry_after is not None and 0 < refused.value.retry_after <= 1800
    assert len(bench.room.matches) == 2
    bench.advance(1800)  # the hour's budget gives one back every half hour
    bench.ask(people[2], Create(game="tictactoe"))
    assert len(bench.room.matches) == 3
