"""benchmarks.results_file: what --record appends to results.jsonl."""

from __future__ import annotations

import json
from pathlib import Path

from benchmarks.results_file import append_result


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
