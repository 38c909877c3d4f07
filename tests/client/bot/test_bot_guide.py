"""The examples docs/bots.md and docs/protocol.md show run, as they are written, against a
real server."""

from __future__ import annotations

import asyncio
import json
import re
import sys
from typing import Any

from server.shell.app import GameServer
from tests import ROOT

EXAMPLES = ROOT / "docs" / "examples"
GUIDE = EXAMPLES.parent / "bots.md"


async def _run(*args: str) -> list[str]:
    """Run Python with ``args`` in its own process (an example, as a reader would) and
    return its stdout lines."""
    proc = await asyncio.create_subprocess_exec(
        sys.executable, *args,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )
    out, err = await asyncio.wait_for(proc.communicate(), 60)
    assert proc.returncode == 0, err.decode()
    return out.decode().splitlines()


async def test_the_corner_bot_plays_its_games_and_reports_what_the_server_recorded(
        game_server: GameServer) -> None:
    lines = await _run(str(EXAMPLES / "corner_bot.py"), game_server.url, "--games", "2",
                       "--size", "4",
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


async def test_the_raw_protocol_bot_finishes_a_game(make_server: Any) -> None:
    """Its create, sent at once after its hello, is over a budget of one message at a
    time: refused with a retry_after, sent again, and the game goes on."""
    server = await make_server(rate=5.0, burst=1)
    lines = await _run(str(EXAMPLES / "raw_bot.py"), server.url)
    assert lines[-1] in ("result: won", "result: lost", "result: draw")
    sent = [json.loads(line[5:]) for line in lines if line.startswith("C->S ")]
    received = [json.loads(line[5:]) for line in lines if line.startswith("S->C ")]
    assert [f["type"] for f in sent[:3]] == ["hello", "create", "create"]
    assert all(f["type"] == "move" for f in sent[3:]) and len(sent) >= 6
    assert received[0]["type"] == "welcome" and received[-1]["status"] == "over"
    assert received[1]["code"] == "rate_limited" and received[1]["ref"] == "create"


async def test_the_protocols_complete_bot_finishes_a_game(make_server: Any) -> None:
    """docs/protocol.md §10, verbatim but for the server's address, on the same budget."""
    server = await make_server(rate=5.0, burst=1)
    page = (GUIDE.parent / "protocol.md").read_text("utf-8")
    section = page.split("## 10. A complete bot", 1)[1]
    code = re.search(r"```python\n(.*?)```", section, re.DOTALL)
    assert code is not None and "asyncio.run(main())" in code.group(1)
    lines = await _run("-c", code.group(1).replace("asyncio.run(main())",
                                                   f"asyncio.run(main({server.url!r}))"))
    assert lines[0].startswith("refused: rate_limited")
    assert lines[-1].startswith("result: {'winner': ") and len(lines) == 2


def test_the_guide_shows_the_examples_that_are_tested() -> None:
    guide = GUIDE.read_text()
    for script in ("corner_bot.py", "raw_bot.py"):
        assert f"docs/examples/{script}" in guide
    # The guide quotes choose() from the example verbatim.
    source = (EXAMPLES / "corner_bot.py").read_text()
    start = source.index("def choose(")
    quoted = source[start:source.index("\n\n\n", start)]
    assert quoted in guide
