"""The ladder benchmark's machinery: old commits' experts from git history, the games
checkpoint a stopped run resumes from, and the openings (benchmarks/ladder.py).

The commit test plays two 4x4 games against the expert of commit a22c4a9, extracted
with ``git archive`` and run in its own process with its kernels as plain Python
(nothing to compile), so it takes a few seconds. It needs that commit in the history:
a copy without ``.git`` or a shallow clone skips it with the reason, except in CI (the
``CI`` variable set), where it fails instead: CI must check out the full history.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

from benchmarks import ladder, ladder_log
from benchmarks.commit_expert import CommitExpert, extract, resolve
from shared.games import new_game
from shared.games.othello import OthelloState

OLD = "a22c4a9"
"""The commit issue 17 measures against: the expert before the learned evaluation."""


def _history_or_skip() -> None:
    try:
        resolve(OLD)
    except ValueError as err:
        if os.environ.get("CI"):
            pytest.fail(f"CI needs the full git history for this test, but {err}",
                        pytrace=False)
        pytest.skip(str(err))


def _replay(record: ladder_log.Record) -> OthelloState:
    """The game of ``record`` played again, every move checked legal on the way."""
    state = new_game("othello", size=record["setup"]["size"])
    assert isinstance(state, OthelloState)
    for move in record["opening"]:
        state = state.play(move)
    for seat, empties, seconds, move in record["moves"]:
        assert seat == state.to_move and seconds >= 0
        assert empties == state.size ** 2 - (state.black | state.white).bit_count()
        assert move in state.legal_moves()
        state = state.play(move)
    assert state.is_over
    return state


def test_a_ladder_against_an_old_commit_plays_resumes_and_refuses_other_setups(
    tmp_path: Path,
) -> None:
    _history_or_skip()
    out, cache = tmp_path / "games.jsonl", tmp_path / "commits"
    pairs = ladder.parse_pairs(f"2:commit:{OLD}")
    records, ok = ladder.run(pairs, 2, 4, 0.05, 2, 0, out, jit=False, cache=cache)
    assert ok and sorted(r["game"] for r in records) == [0, 1]
    assert (cache / resolve(OLD) / "shared" / "ai" / "kernel").is_dir()
    first, second = sorted(records, key=lambda r: r["game"])
    assert (first["black"], first["white"]) == ("2", f"commit:{OLD}")
    assert (second["black"], second["white"]) == (f"commit:{OLD}", "2")
    assert first["opening"] == second["opening"]
    for record in records:
        assert list(_replay(record).score()) == record["discs"]
        assert record["setup"]["players"][f"commit:{OLD}"] == resolve(OLD)
    assert len(out.read_text().splitlines()) == 2
    # the same run again plays nothing; more games play only the new ones
    again, ok = ladder.run(pairs, 2, 4, 0.05, 2, 0, out, jit=False, cache=cache)
    assert ok and again == records
    more, ok = ladder.run(pairs, 4, 4, 0.05, 2, 0, out, jit=False, cache=cache)
    assert ok and sorted(r["game"] for r in more) == [0, 1, 2, 3]
    assert len(out.read_text().splitlines()) == 4
    with pytest.raises(ValueError, match="another setup"):
        ladder.run(pairs, 4, 4, 0.1, 2, 0, out, jit=False, cache=cache)


def test_a_commit_worker_refuses_a_directory_without_that_commits_shared(
    tmp_path: Path,
) -> None:
    # today's shared (installed or beside the worker) must never stand in for the old one
    with pytest.raises(RuntimeError, match="exited"):
        CommitExpert(tmp_path, jit=False)


def test_unknown_commits_and_bad_pairs_are_refused() -> None:
    with pytest.raises(ValueError, match="no commit"):
        resolve("no-such-revision-anywhere")
    assert ladder.parse_pairs("5:commit:a22c4a9, commit:main~2:4") == [
        ("5", "commit:a22c4a9"), ("commit:main~2", "4")]
    for bad in ("5:5", "5:", "6:1", "5:legacy", "commit::5", "5:commit:", "5:4:3", ""):
        with pytest.raises(ValueError, match="a pair is two different players"):
            ladder.parse_pairs(bad)


def test_openings_differ_up_to_symmetry_and_do_not_depend_on_how_many() -> None:
    few, many = ladder.openings(8, 4, 5), ladder.openings(8, 4, 40)
    assert many[:5] == few
    ends = []
    for moves in many:
        state = OthelloState.start(8)
        for move in moves:
            state = state.play(move)
        ends.append(ladder.canonical(state))
    assert len(set(ends)) == 40
    # a rotation is the same opening
    start = OthelloState.start(8).play(19)  # d3
    assert ladder.canonical(start) == ladder.canonical(OthelloState.start(8).play(44))  # e6


def test_the_checkpoint_survives_a_line_cut_short(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    setup = {"size": 8}
    ladder_log.append(path, {"setup": setup, "game": 0})
    with path.open("a") as file:
        file.write('{"setup": {"size": 8}, "ga')  # a crash mid-write
    ladder_log.append(path, {"setup": setup, "game": 1})
    assert [r["game"] for r in ladder_log.load(path, setup)] == [0, 1]
    assert json.loads(path.read_text().splitlines()[-1])["game"] == 1
    assert ladder_log.load(tmp_path / "none.jsonl", setup) == []
    with pytest.raises(ValueError, match="another setup"):
        ladder_log.load(path, {"size": 6})


def test_a_commit_worker_that_died_is_replaced_before_the_next_move(tmp_path: Path) -> None:
    _history_or_skip()
    player = f"commit:{OLD}"
    root = extract(resolve(OLD), tmp_path)
    ladder.start_worker({player: str(root)}, jit=False, today=False)
    try:
        first = ladder._commits[player]
        first.process.kill()
        first.process.wait()
        state = OthelloState.start(4)
        assert ladder.play_move(player, state, 0.01, 0) in state.legal_moves()
        assert ladder._commits[player] is not first
    finally:
        ladder.stop_commits()
    assert not ladder._commits


def test_record_appends_each_pairs_figures_to_the_results_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    games, results = tmp_path / "games.jsonl", tmp_path / "results.jsonl"
    monkeypatch.setattr(sys, "argv", [
        "ladder", "--pairs", "2:1", "--size", "4", "--games", "2", "--seconds", "0.1",
        "--workers", "0", "--out", str(games), "--record", str(results)])
    with pytest.raises(SystemExit) as stop:
        ladder.main()
    assert stop.value.code == 0
    line, = (json.loads(text) for text in results.read_text().splitlines())
    played = [json.loads(text) for text in games.read_text().splitlines()]
    assert line["benchmark"] == "ladder" and line["pair"] == "2:1"
    assert (line["size"], line["seconds"], line["games"]) == (4, 0.1, 2)
    assert line["wins"] + line["losses"] + line["draws"] == 2
    assert line["wins"] == sum(ladder_log.winner(r) == "2" for r in played)
    assert line["share"] == (line["wins"] + line["draws"] / 2) / 2
    moves = sum(1 for r in played for seat, *_ in r["moves"]
                if (r["black"], r["white"])[seat] == "2")
    assert line["times"]["2"]["moves"] == moves and line["times"]["1"]["move_s"] >= 0
