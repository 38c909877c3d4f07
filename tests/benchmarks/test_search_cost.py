"""benchmarks.search's cost section: the game positions it solves and what it records."""

from __future__ import annotations

from benchmarks.search import COST_EMPTIES, cost_section, game_positions
from shared.ai.kernel.bits import FULL, popcount
from shared.ai.kernel.expert import move_bits, solve_cost


def test_game_positions_are_reproducible_and_have_the_asked_empties_and_a_choice() -> None:
    found = game_positions(2)
    assert found.keys() == set(COST_EMPTIES)
    for count, boards in found.items():
        assert boards, count  # every count is met in two games
        for own, opp in boards:
            assert popcount(FULL & ~(own | opp)) == count
            assert len(move_bits(own, opp, FULL)) > 1
    assert game_positions(2) == found


def test_the_section_records_each_count_beside_the_model() -> None:
    figures = cost_section(1)
    assert figures["cost_games"] == 1
    for count in COST_EMPTIES:
        row = figures["solve_cost"][str(count)]
        assert row["model"] == round(solve_cost(count))
        assert row["positions"] == len(game_positions(1)[count])
        assert row["mean"] > 0 and row["median"] > 0
        assert row["nodes_per_s"] > 0
