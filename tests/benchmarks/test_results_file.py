"""benchmarks.results_file: what --record appends to results.jsonl."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from benchmarks.results_file import ROOT, append_result, checkout_commit


def test_each_run_appends_one_json_line_with_its_context_and_figures(tmp_path: Path) -> None:
    results = tmp_path / "results.jsonl"
    append_result(results, "search", {"solver_cpu_s": 14.1})
    append_result(results, "depth", {"fixed_cpu_s": {"14": 0.2}})
    lines = [json.loads(line) for line in results.read_text().splitlines()]
    assert [line["benchmark"] for line in lines] == ["search", "depth"]
    assert lines[0]["solver_cpu_s"] == 14.1 and lines[1]["fixed_cpu_s"] == {"14": 0.2}
    for line in lines:
        assert line["command"].startswith(f"python -m benchmarks.{line['benchmark']}")
        assert len(line["load"]) == 3 and line["date"].endswith("+00:00")
        assert line["commit"] and line["commit"] != "unknown"  # the project's checkout


def test_the_load_and_hostile_lan_benchmarks_write_through_it(tmp_path: Path) -> None:
    """Their lines name the measured tree's commit: load.py the checkout its server is
    imported from (this one here), hostile_lan.py the tree it probed."""
    from benchmarks import hostile_lan, load

    results = tmp_path / "results.jsonl"
    load.record(results, 100, {"ratio": 0.4})
    hostile_lan.record(results, ROOT, "watch", 30.0, {"growth_mb": 1.5})
    lines = [json.loads(line) for line in results.read_text().splitlines()]
    assert [(line["benchmark"], line["commit"]) for line in lines] == [
        ("load", checkout_commit(results=results)),
        ("hostile_lan", checkout_commit(results=results))]
    assert (lines[0]["games"], lines[0]["ratio"]) == (100, 0.4)
    assert (lines[1]["probe"], lines[1]["seconds"], lines[1]["growth_mb"]) == ("watch", 30.0,
                                                                               1.5)


def test_a_line_names_the_commit_of_the_tree_it_measured(tmp_path: Path) -> None:
    tree = tmp_path / "other"
    tree.mkdir()
    for words in (["init", "-q"], ["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q",
                                   "--allow-empty", "-m", "baseline"]):
        subprocess.run(["git", "-C", str(tree), *words], check=True, capture_output=True)
    head = subprocess.run(["git", "-C", str(tree), "rev-parse", "--short=7", "HEAD"],
                          check=True, capture_output=True, text=True).stdout.strip()
    results = tmp_path / "results.jsonl"
    append_result(results, "load", {"games": 10}, tree=tree)
    assert json.loads(results.read_text())["commit"] == head != checkout_commit()
