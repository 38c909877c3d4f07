"""One group, one transaction: the moves of a group are inserted together, yet every
change still lands in the order it was proposed."""

from __future__ import annotations

import time
from pathlib import Path

from server.room.effects import SaveMatch, SaveMoves, SaveTakeback
from server.room.match import Match, Seat
from server.store.database import Store
from shared.games import new_game


def test_a_takeback_between_moves_of_one_group_forgets_the_moves_before_it(
        tmp_path: Path) -> None:
    store = Store(tmp_path / "db.sqlite3", exclusive=True)
    seats: list[Seat | None] = [Seat("human", "a", "p_a"), Seat("human", "b", "p_b")]
    first, second = (Match(code, new_game("othello", 8), list(seats), created=time.time())
                     for code in ("FIRST1", "OTHER1"))
    store.save_group([SaveMatch(first), SaveMatch(second)])
    store.save_group([
        SaveMoves("FIRST1", 0, (19,), None, None),
        SaveMoves("OTHER1", 0, (26,), None, None),
        SaveMoves("FIRST1", 1, (18,), None, None),
        SaveTakeback("FIRST1", 1, (1, 0), None),  # forgets ply 1, stored just before it
        SaveMoves("FIRST1", 1, (20,), None, None),
        SaveMoves("OTHER1", 1, (18,), None, None),
    ])
    assert {r.code: r.moves for r in store.records()} == {"FIRST1": [19, 20],
                                                          "OTHER1": [26, 18]}
    store.close()
