"""The examples docs/bots.md shows run, as they are written, against a real server."""

from __future__ import annotations

import asyncio
import json
import sys

from server.shell.app import GameServer
from tests import ROOT

EXAMPLES = ROOT / "docs" / "examples"
GUIDE = EXAMPLES.parent / "bots.md"


async def _run(script: str, *args: str) -> list[str]:
    """Run an example in its own process (as a reader would) and return its stdout lines."""
    proc = await asyncio.create_subprocess_exec(
        sys.executable, str(EXAMPLES / script), *args,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )
    out, err = await asyncio.wait_for(proc.communicate(), 60)
    assert proc.returncode == 0, err.decode()
    return out.decode().splitlines()


async def test_the_corner_bot_plays_its_games_and_reports_what_the_server_recorded(
        game_server: GameServer) -> None:
    lines = await _run("corner_bot.py", game_server.url, "--games", "2", "--size", "4",
                       "--opponent-level", "1")
    assert len(lines) == 2
    assert game_server.store is not None
    for seat, line in enumerate(lines):  # seats alternate: first, then second
        code, verdict, score = line.split()
        record = game_server.store.record(code)
        assert record is not None and record.result is not None
        ours, theirs = map(int, score.split("-"))
        assert [ours, theirs] == [record.result.score[seat], record.result.score[1 - seat]]
        expected = {None: "drew", seat: "won"}.get(record.result.winner, "lost")
        assert verdict == expected


async def test_the_raw_protocol_bot_finishes_a_game(game_server: GameServer) -> None:
    lines = await _run("raw_bot.py", game_server.url)
    assert lines[-1] in ("result: won", "result: lost", "result: draw")
    sent = [json.loads(line[5:]) for line in lines if line.startswith("C->S ")]
    received = [json.loads(line[5:]) for line in lines if line.startswith("S->C ")]
    assert [f["type"] for f in sent[:2]] == ["hello", "create"]
    assert all(f["type"] == "move" for f in sent[2:]) and len(sent) >= 5
    assert received[0]["type"] == "welcome" and received[-1]["status"] == "over"


def test_the_guide_shows_the_examples_that_are_tested() -> None:
    guide = GUIDE.read_text()
    for script in ("corner_bot.py", "raw_bot.py"):
        assert f"docs/examples/{script}" in guide
    # The guide quotes choose() from the example verbatim.
    source = (EXAMPLES / "corner_bot.py").read_text()
    start = source.index("def choose(")
    quoted = source[start:source.index("\n\n\n", start)]
    assert quoted in guide
