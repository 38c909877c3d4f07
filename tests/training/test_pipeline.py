"""The training pipeline end to end on its tiny config: self-play, fit, bootstrap labels,
refit, install; seeded (the same files twice) and resumable (a rerun does nothing)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from shared.ai.kernel import patterns
from shared.ai.kernel import weights as weights_module
from shared.ai.kernel.board import board_mask
from shared.ai.kernel.evaluate import UNIT, tables_with
from shared.ai.kernel.weights import load
from training.cli import main
from training.dataset import game_values
from training.dataset import load as load_positions
from training.players import DepthSearch, solve, start_board
from training.selfplay import NO_LABEL


def shard_arrays(path: Path) -> dict[str, np.ndarray]:
    with np.load(path) as data:
        return {key: data[key] for key in data.files}


def test_the_pipeline_runs_end_to_end_and_resumes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(weights_module, "PACKAGED", tmp_path / "package")
    monkeypatch.setattr("training.cli.PACKAGED", tmp_path / "package")
    data = tmp_path / "data"
    main(["--config", "tiny", "--data", str(data), "run", "--install"])
    shards = sorted((data / "selfplay" / "size6").glob("*.npz"))
    assert len(shards) == 2
    fits = [data / "fits" / f"iter{k}" / "othello6.npz" for k in (0, 1)]
    assert all(path.exists() for path in fits)
    assert (data / "labels" / "iter0" / "size6" / shards[0].name).exists()
    fitted = load(fits[1])
    assert fitted.provenance["games"] == 4 and fitted.provenance["iteration"] == 1
    assert fitted.provenance["held-out MAE (discs) by empties"]
    assert np.any(fitted.table != 0)
    installed = load(tmp_path / "package" / "othello6.npz")
    assert np.array_equal(installed.table, fitted.table)
    main(["--config", "tiny", "--data", str(data), "install", "--iteration", "0", "--size", "6"])
    assert np.array_equal(load(tmp_path / "package" / "othello6.npz").table, load(fits[0]).table)
    main(["--config", "tiny", "--data", str(data), "install", "--size", "6"])  # the last fit
    stamps = {path: path.stat().st_mtime_ns for path in data.rglob("*.npz")}
    main(["--config", "tiny", "--data", str(data), "run"])
    assert {path: path.stat().st_mtime_ns for path in data.rglob("*.npz")} == stamps
    # the same seed plays the same games, and labels them the same, in parallel too
    again = tmp_path / "again"
    main(["--config", "tiny", "--data", str(again), "generate", "--jobs", "2"])
    for shard in shards:
        first, second = shard_arrays(shard), shard_arrays(again / "selfplay" / "size6" / shard.name)
        assert all(np.array_equal(first[key], second[key]) for key in first)
    main(["--config", "tiny", "--data", str(again), "fit", "--size", "6"])
    main(["--config", "tiny", "--data", str(again), "label", "--size", "6", "--jobs", "2"])
    for shard in shards:
        labels, again_labels = (
            shard_arrays(root / "labels" / "iter0" / "size6" / shard.name)["label"]
            for root in (data, again))
        assert np.array_equal(labels, again_labels, equal_nan=True)
        assert not np.isnan(labels).all()
    # a pass over some empties labels those only; a wider pass adds the rest, the same
    part = tmp_path / "part"
    (part / "fits").mkdir(parents=True)
    (part / "selfplay").symlink_to(again / "selfplay")
    (part / "fits" / "iter0").symlink_to(again / "fits" / "iter0")
    label = ["--config", "tiny", "--data", str(part), "label", "--size", "6", "--empties"]
    main([*label, "13", "16"])
    for shard in shards:
        full = shard_arrays(again / "labels" / "iter0" / "size6" / shard.name)["label"]
        some = shard_arrays(part / "labels" / "iter0" / "size6" / shard.name)
        count = shard_arrays(shard)["empties"]
        inside = (count >= 13) & (count <= 16)
        assert list(some["empties"]) == [13, 16] and np.isnan(some["label"][~inside]).all()
        assert np.array_equal(some["label"][inside], full[inside], equal_nan=True)
        assert not np.isnan(some["label"][inside]).all()
    with pytest.raises(ValueError, match="gap"):
        main([*label, "2", "5"])
    main([*label, "0", "64"])
    for shard in shards:
        full = shard_arrays(again / "labels" / "iter0" / "size6" / shard.name)["label"]
        widened = shard_arrays(part / "labels" / "iter0" / "size6" / shard.name)
        assert list(widened["empties"]) == [0, 64]
        assert np.array_equal(widened["label"], full, equal_nan=True)
    # self-play goes on with a fit choosing the moves, and the shards say so
    main(["--config", "tiny", "--data", str(again), "generate", "--rounds", "3", "--player", "0"])
    assert str(shard_arrays(shards[0])["evaluation"]) == "hand-written"
    assert str(shard_arrays(again / "selfplay" / "size6" / "games_00002.npz")["evaluation"]) == (
        "fit 0"
    )


def test_self_play_labels_are_exact_margins_for_the_side_to_move(tmp_path: Path) -> None:
    main(["--config", "tiny", "--data", str(tmp_path), "generate", "--rounds", "1"])
    shard = shard_arrays(tmp_path / "selfplay" / "size6" / "games_00000.npz")
    mask = board_mask(6)
    solved = np.flatnonzero(shard["solved"] != NO_LABEL)
    assert solved.size and shard["empties"][solved].max() <= 10
    for i in solved[:6]:
        scores = solve((shard["own"][i], shard["opp"][i]), mask, 1 << 30)
        assert scores is not None and max(scores.values()) == shard["solved"][i]
    # each game's value, seen from each position's side, is its first solve's margin
    values = game_values(
        shard["solved"].astype(np.int64), shard["side"], shard["game"], shard["line"]
    )
    first = solved[0]
    assert shard["line"][first]
    same_game = shard["game"] == shard["game"][first]
    flip = np.where(shard["side"][same_game] == shard["side"][first], 1, -1)
    assert np.array_equal(values[same_game], flip * shard["solved"][first])


def test_a_fixed_depth_search_does_not_depend_on_the_searches_before() -> None:
    search = DepthSearch(6, tables_with(6, None))
    board = start_board(6)
    first = search.scores(board, 4)
    search.scores((board[1], board[0] | np.uint64(1 << 9)), 5)
    assert search.scores(board, 4) == first


def test_a_fit_on_labelled_positions_only_keeps_its_prior_where_it_has_none(
    tmp_path: Path,
) -> None:
    data = tmp_path / "data"
    main(["--config", "tiny", "--data", str(data), "generate"])
    main(["--config", "tiny", "--data", str(data), "fit", "--size", "6"])
    everything = load_positions(data / "selfplay", 6)
    labelled = load_positions(data / "selfplay", 6, use_game_values=False)
    assert labelled.exact.all() and labelled.own.size == everything.exact.sum()
    main(["--config", "tiny", "--data", str(data), "fit", "--size", "6", "--iteration", "1",
          "--prior", "0", "--labelled-only"])
    prior, fitted = (load(data / "fits" / f"iter{k}" / "othello6.npz") for k in (0, 1))
    assert fitted.provenance["prior"]["iteration"] == 0
    # the tiny games are solved from 10 empties, and phase 3 learns from 11-16 (width 4,
    # overlap 1): from it on, no phase has a labelled position
    unlabelled = 3
    assert np.array_equal(fitted.table[unlabelled:], prior.table[unlabelled:])
    assert not np.array_equal(fitted.table[:unlabelled], prior.table[:unlabelled])


def without_last_family(source: Path, target: Path) -> str:
    """``source`` rewritten as a file made before its size's last family was added: that
    family's name and its columns gone. Returns the family's name."""
    with np.load(source) as data:
        fields = {key: data[key] for key in data.files}
    size = int(fields["size"])
    names = str(fields["families"]).split(";")
    counts = patterns.distinct_counts(size)
    first = sum(counts[:-1])
    fields["families"] = np.array(";".join(names[:-1]))
    fields["weights"] = np.delete(fields["weights"], np.s_[first: first + counts[-1]], axis=1)
    np.savez(target, **fields)
    return names[-1]


def test_a_fit_starts_from_a_prior_made_for_fewer_families(tmp_path: Path) -> None:
    """A prior made before a family was added (weights.load reads that family as zero)
    is kept for its families where the fit has no position, the new family stays zero
    there, and the fitted phases learn the new family too."""
    data = tmp_path / "data"
    main(["--config", "tiny", "--data", str(data), "generate"])
    main(["--config", "tiny", "--data", str(data), "fit", "--size", "6"])
    full = data / "fits" / "iter0" / "othello6.npz"
    older = tmp_path / "older.npz"
    dropped = without_last_family(full, older)
    older.replace(full)
    prior = load(full)
    counts = patterns.distinct_counts(6)
    new = np.s_[sum(counts[:-1]): sum(counts)]
    assert dropped == patterns.FAMILIES[6][-1].name and not prior.table[:, new].any()
    main(["--config", "tiny", "--data", str(data), "fit", "--size", "6", "--iteration", "1",
          "--prior", "0", "--labelled-only"])
    fitted = load(data / "fits" / "iter1" / "othello6.npz")
    unlabelled = 3  # as in the test above: no phase from 3 on has a labelled position
    assert np.array_equal(fitted.table[unlabelled:], prior.table[unlabelled:])
    assert fitted.table[:unlabelled, new].any()


def test_a_deeper_pass_over_some_empties_stands_before_a_shallower_pass_over_all(
    tmp_path: Path,
) -> None:
    """``label --depth`` searches deeper than the config's plies; ``fit --labels K J``
    takes each position's label from the first pass that labelled it."""
    shallow, deep = tmp_path / "shallow", tmp_path / "deep"
    main(["--config", "tiny", "--data", str(shallow), "generate", "--rounds", "1"])
    main(["--config", "tiny", "--data", str(shallow), "fit", "--size", "6"])
    main(["--config", "tiny", "--data", str(shallow), "label", "--size", "6"])  # 2 plies
    (deep / "fits").mkdir(parents=True)
    (deep / "selfplay").symlink_to(shallow / "selfplay")
    (deep / "fits" / "iter0").symlink_to(shallow / "fits" / "iter0")
    (deep / "labels").mkdir()
    (deep / "labels" / "iter9").symlink_to(shallow / "labels" / "iter0")
    main(["--config", "tiny", "--data", str(deep), "label", "--size", "6", "--depth", "4",
          "--empties", "13", "16"])
    shard = shallow / "selfplay" / "size6" / "games_00000.npz"
    positions = shard_arrays(shard)
    shallow_labels, deep_labels = (
        shard_arrays(root / "labels" / "iter0" / "size6" / shard.name)["label"]
        for root in (shallow, deep))
    search = DepthSearch(6, tables_with(6, load(shallow / "fits" / "iter0" / "othello6.npz")),
                         10_000)
    deepened = np.flatnonzero(~np.isnan(deep_labels))
    assert deepened.size
    for i in deepened[:5]:
        board = (positions["own"][i], positions["opp"][i])
        assert deep_labels[i] == max(search.scores(board, 4).values()) / UNIT
    assert np.any(deep_labels[deepened] != shallow_labels[deepened])
    # a pass at the config's 2 plies must not widen (or leave as done) the 4-ply files
    for empties in (("17", "20"), ("13", "16")):
        with pytest.raises(ValueError, match="4-ply"):
            main(["--config", "tiny", "--data", str(deep), "label", "--size", "6",
                  "--empties", *empties])
    main(["--config", "tiny", "--data", str(deep), "fit", "--size", "6", "--iteration", "1",
          "--labels", "0", "9", "--labelled-only"])
    assert load(deep / "fits" / "iter1" / "othello6.npz").provenance["bootstrap labels"] == [
        str(deep / "labels" / f"iter{k}") for k in (0, 9)]
    both = load_positions(shallow / "selfplay", 6, [deep / "labels" / f"iter{k}" for k in (0, 9)],
                          use_game_values=False)
    exact = positions["solved"] != NO_LABEL
    expected = np.where(exact, positions["solved"],
                        np.where(np.isnan(deep_labels), shallow_labels, deep_labels))
    assert np.array_equal(both.label, expected[~np.isnan(expected)])
