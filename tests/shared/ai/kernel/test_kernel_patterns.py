"""The learned evaluation: its pattern features, its symmetry and its weights files.

The features are checked against a slow reference written here (each instance's squares
found by moving the family's squares with plain coordinate arithmetic, its index summed
digit by digit), sharing with the kernel only the families' square lists.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import numpy as np
import pytest

from shared.ai.kernel import pattern_score, patterns
from shared.ai.kernel.bits import legal_moves
from shared.ai.kernel.board import to_kernel
from shared.ai.kernel.evaluate import UNIT, eval_tables, evaluate, tables_with
from shared.ai.kernel.handwritten import TERMS, mask_tables, terms
from shared.ai.kernel.weights import Weights, WeightsError, load, packaged_weights
from shared.games import PASS
from shared.games.othello import OthelloState


def random_positions(size: int, count: int, seed: int) -> list[OthelloState]:
    rng = random.Random(seed)
    out: list[OthelloState] = []
    while len(out) < count:
        state = OthelloState.start(size)
        while not state.is_over and len(out) < count:
            if state.legal_moves() != [PASS] and rng.random() < 0.15:
                out.append(state)
            state = state.play(rng.choice(state.legal_moves()))
    return out


def moves(own: np.uint64, opp: np.uint64, mask: np.uint64) -> int:
    return int(legal_moves(own, opp, mask)).bit_count()


def random_weights(size: int, seed: int) -> Weights:
    _, distinct = patterns.canonical_map(size)
    table = np.random.default_rng(seed).integers(-400, 400, size=(9, distinct))
    return Weights(size, 4, table.astype(np.int16), {"made by": "a test"})


def symmetric(square: tuple[int, int], sym: int, size: int) -> tuple[int, int]:
    """Where symmetry ``sym`` sends a square: transpose, flip rows, flip columns."""
    r, c = square
    if sym & 1:
        r, c = c, r
    if sym & 2:
        r = size - 1 - r
    if sym & 4:
        c = size - 1 - c
    return r, c


def reference_features(state: OthelloState) -> list[int]:
    """Each instance's entry of a block, square by square."""
    size = state.size
    own, opp = state.own_opp()
    lay = patterns.layout(size)
    out = []
    for family, sym in patterns.sorted_instances(lay):
        index = 0
        for digit, square in enumerate(lay.families[family].squares):
            # the image of the board at ``square`` holds the board's square that sym sends there
            source = next(
                (r, c) for r in range(size) for c in range(size)
                if symmetric((r, c), sym, size) == square
            )
            at = source[0] * size + source[1]
            index += 3**digit * ((own >> at & 1) + 2 * (opp >> at & 1))
        out.append(lay.offsets[family] + index)
    return out


@pytest.mark.parametrize("size", [6, 8])
def test_features_match_a_slow_reference(size: int) -> None:
    count = len(patterns.layout(size).instances)
    for state in random_positions(size, 25, seed=size):
        own, opp, mask = to_kernel(state)
        empties = size * size - (state.black | state.white).bit_count()
        out = np.zeros(count + 3, dtype=np.int64)
        mine, theirs = moves(own, opp, mask), moves(opp, own, mask)
        patterns.features(own, opp, mine, theirs, empties, size, 4, out)
        assert list(out[:count]) == reference_features(state)
        base = patterns.layout(size).moves_offset
        assert list(out[count:]) == [
            base + mine, base + patterns.MOVES_CAP + theirs,
            base + 2 * patterns.MOVES_CAP + empties % 4,
        ]


@pytest.mark.parametrize("size", [6, 8])
def test_learned_evaluation_is_the_sum_of_its_features_weights_and_symmetric(size: int) -> None:
    """The search's fast sum (pattern_score) against the generic features, and symmetric."""
    weights = random_weights(size, seed=size)
    t = tables_with(size, weights)
    full = weights.expanded()
    count = len(patterns.layout(size).instances)
    for state in random_positions(size, 20, seed=10 + size):
        own, opp, mask = to_kernel(state)
        mine, theirs = moves(own, opp, mask), moves(opp, own, mask)
        empties = size * size - (state.black | state.white).bit_count()
        out = np.zeros(count + 3, dtype=np.int64)
        patterns.features(own, opp, mine, theirs, empties, size, 4, out)
        row = full[min(empties // 4, full.shape[0] - 1)]
        values = terms(own, opp, mine, theirs, mask_tables(size))
        total = int(row[out].sum()) + sum(
            int(weight) * value for weight, value in zip(row[-TERMS:], values)
        )
        limit = size * size * UNIT - 1
        value = evaluate(own, opp, mine, theirs, t)
        assert value == max(-limit, min(limit, total))
        for sym in range(8):
            images = [
                np.uint64(patterns.transform(int(discs), sym, size)) for discs in (own, opp)
            ]
            assert evaluate(images[0], images[1], mine, theirs, t) == value


def random_boards(size: int, count: int, seed: int) -> list[tuple[np.uint64, np.uint64]]:
    """Disjoint random sets of squares, sparse to full: configurations play rarely reaches
    (whole rows of one colour, a full board) as well as ordinary ones."""
    rng = random.Random(seed)
    squares = [r * 8 + c for r in range(size) for c in range(size)]
    out = []
    for i in range(count):
        taken = rng.sample(squares, k=i % (size * size + 1))
        split = rng.randint(0, len(taken))
        out.append((
            np.uint64(sum(1 << sq for sq in taken[:split])),
            np.uint64(sum(1 << sq for sq in taken[split:])),
        ))
    return out


@pytest.mark.parametrize("size", [6, 8])
def test_the_fast_score_equals_the_generic_features_sum_in_every_phase(size: int) -> None:
    """pattern_score.score against the weights patterns.features names, for the packaged
    and random weights, every phase's block, on played positions and random boards."""
    count = len(patterns.layout(size).instances)
    played = [to_kernel(state)[:2] for state in random_positions(size, 60, seed=20 + size)]
    boards = played + random_boards(size, 200, seed=size)
    packaged = packaged_weights(size)
    assert packaged is not None
    out = np.zeros(count + 3, dtype=np.int64)
    for weights in (packaged, random_weights(size, seed=30 + size)):
        full = weights.expanded()
        flat = full.ravel()
        for i, (own, opp) in enumerate(boards):
            mine, theirs = i % 40, (7 * i) % 40  # beyond MOVES_CAP too
            empties = size * size - int(own | opp).bit_count()
            patterns.features(own, opp, mine, theirs, empties, size, weights.width, out)
            for phase in range(full.shape[0]):
                fast = pattern_score.score(
                    own, opp, mine, theirs, empties, size, weights.width, flat,
                    phase * full.shape[1],
                )
                assert fast == int(full[phase][out].sum()), (size, i, phase)


def test_the_stabilisers_make_symmetric_instances_share_weights() -> None:
    """The main diagonal read forwards and backwards is one weight (a 180-degree turn
    maps it onto itself reversed)."""
    lay = patterns.layout(8)
    slots, distinct = patterns.canonical_map(8)
    f = next(i for i, fam in enumerate(lay.families) if fam.name == "diagonal 8")
    forwards = 1 + 2 * 3**7  # own disc on its first square, opponent's on its last
    backwards = 2 + 1 * 3**7
    assert slots[lay.offsets[f] + forwards] == slots[lay.offsets[f] + backwards]
    assert slots[lay.offsets[f] + forwards] != slots[lay.offsets[f] + 1]
    assert len(set(slots.tolist())) == distinct


def test_weights_round_trip(tmp_path: Path) -> None:
    weights = random_weights(6, seed=1)
    weights.save(tmp_path / "w.npz")
    again = load(tmp_path / "w.npz")
    assert again.size == 6 and again.width == 4 and again.provenance == weights.provenance
    assert np.array_equal(again.table, weights.table)


def _write(path: Path, **fields: object) -> Path:
    good = random_weights(6, seed=2)
    base: dict[str, object] = {
        "format": np.int64(1), "size": np.int64(6), "width": np.int64(4),
        "families": np.array(";".join(f.name for f in patterns.FAMILIES[6])),
        "weights": good.table, "provenance": np.array(json.dumps({"made by": "a test"})),
    }
    base.update(fields)
    np.savez(path, **{key: value for key, value in base.items()  # type: ignore[arg-type]
                      if value is not None})
    return path


@pytest.mark.parametrize(
    "fields, message",
    [
        ({"weights": None}, "missing weights"),
        ({"format": np.int64(2)}, "format"),
        ({"families": np.array("edge;corner")}, "other patterns"),
        ({"size": np.int64(5)}, "malformed"),
        ({"width": np.int64(9)}, "width"),
        ({"weights": np.zeros((9, 10), dtype=np.int16)}, "shape"),
        ({"weights": np.zeros((9, patterns.canonical_map(6)[1]), dtype=np.float32)}, "int16"),
        ({"provenance": np.array("{not json")}, "malformed"),
    ],
)
def test_the_loader_rejects_a_malformed_file(
    tmp_path: Path, fields: dict[str, object], message: str
) -> None:
    path = _write(tmp_path / "bad.npz", **fields)
    with pytest.raises(WeightsError, match=message):
        load(path)


def test_the_loader_rejects_what_is_not_a_weights_file(tmp_path: Path) -> None:
    (tmp_path / "text.npz").write_text("weights")
    with pytest.raises(WeightsError, match="not a weights file"):
        load(tmp_path / "text.npz")
    with pytest.raises(WeightsError, match="not a weights file"):
        load(tmp_path / "absent.npz")


@pytest.mark.parametrize("size", [6, 8])
def test_the_package_ships_weights_with_their_provenance(size: int) -> None:
    weights = packaged_weights(size)
    assert weights is not None and weights.size == size
    for key in ("made by", "commit", "games", "positions", "held-out MAE (discs) by empties"):
        assert key in weights.provenance
    assert packaged_weights(4) is None  # 4x4 keeps the hand-written evaluation
    t = eval_tables(size)
    for state in random_positions(size, 10, seed=3):
        own, opp, mask = to_kernel(state)
        assert abs(evaluate(own, opp, moves(own, opp, mask), moves(opp, own, mask), t)) < (
            size * size * UNIT
        )


def test_a_file_made_for_fewer_families_reads_them_as_zero(tmp_path: Path) -> None:
    """A weights file from before a family was added loads into today's layout: its own
    families' weights where they were, zero for the new one; a family today's patterns
    lack, or columns that do not fit the families named, are refused."""
    weights = random_weights(6, seed=4)
    counts = patterns.distinct_counts(6)
    first, last = sum(counts[:-1]), sum(counts)
    names = ";".join(f.name for f in patterns.FAMILIES[6][:-1])
    older = np.delete(weights.table, np.s_[first:last], axis=1)
    again = load(_write(tmp_path / "older.npz", families=np.array(names), weights=older))
    assert not again.table[:, first:last].any()
    assert np.array_equal(np.delete(again.table, np.s_[first:last], axis=1), older)
    with pytest.raises(WeightsError, match="other patterns"):
        load(_write(tmp_path / "unknown.npz", families=np.array(names + ";kite")))
    with pytest.raises(WeightsError, match="columns"):
        load(_write(tmp_path / "short.npz", families=np.array(names), weights=older[:, 1:]))
