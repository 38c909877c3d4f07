"""When a reviewed move counts as a mistake: one rule, decided where the scores are made
(the server's review), so every client marks the same moves and none calls noise a slip.

A review compares two of the engine's estimates: the best move's score and the played
move's. Solved exactly, a difference is real; estimated by a search that stops short of
the end, each score carries the evaluation's error at the search's leaves, and two
estimates several discs apart may be the same move in truth. So a move is a mistake only
when it gives away more than the error of such a difference (and more than a floor that
grows with the board); exact scores use the floor alone, and a result thrown away (a won
game drawn or lost, a drawn one lost) is always marked. The evaluation's error comes
from the learned weights' own held-out test (their provenance, measured against exact
margins), so the rule follows the evaluation when it is refitted; how far a difference
of two estimates strays, in units of that error, is measured by benchmarks.review_noise
(``NOISE_FACTOR``).
"""

from __future__ import annotations

import re
from functools import cache
from typing import Final

NOT_A_MISTAKE: Final = 0
MISTAKE: Final = 1
BIG_MISTAKE: Final = 2
"""The protocol's `mistake` values: how clients mark a move ('', '?', '??')."""

NOISE_FACTOR: Final = 2.0
"""How many times the evaluation's error an estimated loss must pass to be a mistake.

Two estimates at one depth differ from the exact difference by about the evaluation's
error on average (0.89-0.94 of it), with a long tail (95th percentile 2.4-2.6 times it).
With the error itself as the bar, 28-30 % of the moves that exact solving puts within
the floor of the best were called mistakes; with twice it, 6 %, while 76-79 % of the
clear losses (beyond twice the floor and twice the error) are still caught
(``python -m benchmarks.review_noise``: 100 positions a size at 18-21 empties, every move
solved, estimates at depths 2-10; 6x6 fit 4, 8x8 fit 5; benchmarks/README.md)."""

_EXACT_PHASE = re.compile(r"^(\d+)-(\d+) \(exact")
"""A provenance key of a phase measured against exact margins: "8-11 (exact, 12649)"."""


@cache
def _exact_errors(size: int) -> tuple[tuple[int, int, float], ...]:
    """(first, last empties, mean error in discs) of each phase whose held-out error was
    measured against exact margins, from the packaged weights of ``size``; () for a size
    without learned weights (4x4 is always solved)."""
    from shared.ai.kernel.weights import packaged_weights

    weights = packaged_weights(size)
    if weights is None:
        return ()
    table = weights.provenance.get("held-out MAE (discs) by empties", {})
    phases = []
    for key, error in table.items():
        found = _EXACT_PHASE.match(key)
        if found:
            phases.append((int(found[1]), int(found[2]), float(error)))
    return tuple(sorted(phases))


def estimate_error(size: int, leaf_empties: int) -> float:
    """The mean error, in discs, of an estimate whose search stopped at ``leaf_empties``
    empty squares: the learned evaluation's held-out error at that phase. Beyond the
    phases tested against exact margins (the opening, where no game is solved) it is the
    largest error measured; without learned weights, half the board's side."""
    phases = _exact_errors(size)
    if not phases:
        return size / 2
    for first, last, error in phases:
        if first <= leaf_empties <= last:
            return error
    return max(error for _, _, error in phases)


def mistake_bar(size: int, exact: bool, leaf_empties: int,
                factor: float = NOISE_FACTOR) -> float:
    """The loss, in discs, that a scored game's move must pass to be a mistake (twice it:
    a big one): half the board's side, or for an estimate ``factor`` times the
    evaluation's error at ``leaf_empties`` if that is more."""
    floor = size / 2
    return floor if exact else max(floor, factor * estimate_error(size, leaf_empties))


def judge(*, scored: bool, size: int, best: int, played: int, exact: bool,
          leaf_empties: int) -> int:
    """How the review marks a move scoring ``played`` where the engine's best scores
    ``best`` (both for the side that moved): NOT_A_MISTAKE, MISTAKE or BIG_MISTAKE.

    ``scored`` games (Othello) are scored in discs; the others (tic-tac-toe) by result
    only (1 win, 0 draw, -1 loss), always exact. ``leaf_empties`` is where an unsolved
    search's leaves lie (empties minus depth)."""
    loss = best - played
    if loss <= 0:
        return NOT_A_MISTAKE
    if not scored:
        return BIG_MISTAKE if played < 0 else MISTAKE
    bar = mistake_bar(size, exact, leaf_empties)
    by_discs = BIG_MISTAKE if loss > 2 * bar else MISTAKE if loss > bar else NOT_A_MISTAKE
    if not exact:
        return by_discs
    by_result = (BIG_MISTAKE if played < 0 <= best
                 else MISTAKE if played <= 0 < best else NOT_A_MISTAKE)
    return max(by_discs, by_result)
