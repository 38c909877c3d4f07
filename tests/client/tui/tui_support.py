"""The terminal client driven by a typist, for the terminal's tests against a real server:
`terminal` runs `taikyoku tui` to its end, `against_hana` opens a match a Python client
joins, `finished` waits for the terminal to quit, `wait_for` for its output to show a cue."""

from __future__ import annotations

import asyncio
import io
import re
import threading
import time
from collections.abc import Iterator
from typing import Any

from client.common.launch import Where
from client.common.options import Plan
from client.tui import terminal as tui
from server.shell.app import GameServer
from tests import OUTPUT
from tests.conftest import ConnectPeer, Peer
from tests.waiting import LIMIT

Step = tuple[str, str]
"""(cue, line): type ``line`` once the output written since the last line shows ``cue``."""


class Typist:
    """A keyboard for the terminal client that types each line on its cue."""

    def __init__(self, out: io.StringIO, steps: list[Step]) -> None:
        self.out, self.steps = out, steps
        self.typed = 0
        self.stop = threading.Event()

    def isatty(self) -> bool:
        return True

    def __iter__(self) -> Iterator[str]:
        mark = 0
        for cue, line in self.steps:
            deadline = time.monotonic() + LIMIT
            while cue not in self.out.getvalue()[mark:]:
                if self.stop.wait(0.02) or time.monotonic() > deadline:
                    return
            mark = len(self.out.getvalue())
            self.typed += 1
            yield f"{line}\n"


async def terminal(server: GameServer, plan: Plan, steps: list[Step], name: str) -> str:
    """Run `taikyoku tui` typing ``steps``; everything it printed, also saved as
    tests/output/<name>.txt for a person to read. Every step must have been typed and
    the client must have ended by itself (the last step quits)."""
    out = io.StringIO()
    typist = Typist(out, steps)

    async def find() -> Where:
        return Where(server.url, "the test server")

    try:
        code = await asyncio.wait_for(
            tui.run(plan, stdin=typist, out=out, find=find), LIMIT * 2)  # type: ignore[arg-type]
    finally:
        typist.stop.set()
    text = out.getvalue()
    OUTPUT.mkdir(exist_ok=True)
    (OUTPUT / f"{name}.txt").write_text(text)
    assert code == 0 and typist.typed == len(steps), text
    return text


def match_code(text: str) -> str:
    found = re.search(r", match (\w+)", text)
    assert found is not None, text
    return found[1]


async def wait_for(out_of: Any, what: str) -> None:
    """Until the output of a running terminal (a StringIO) shows ``what``."""
    async with asyncio.timeout(LIMIT):
        while what not in out_of.getvalue():
            await asyncio.sleep(0.02)


async def against_hana(server: GameServer, connect: ConnectPeer, steps: list[Step],
                       name: str, plan: Plan | None = None,
                       ) -> tuple[asyncio.Task[int], io.StringIO, Typist, Peer, str]:
    """The terminal creates an Othello 4x4 match against a person (typing ``steps``,
    which start at the lobby), and Hana, a Python client, joins it. The running
    terminal, its output, its typist, Hana, and the first state Hana sees."""
    hana = await connect(server, name="Hana")
    out = io.StringIO()
    typist = Typist(out, steps)

    async def find() -> Where:
        return Where(server.url, "the test server")

    running = asyncio.create_task(tui.run(plan or Plan(name="Taro"),
                                          stdin=typist,  # type: ignore[arg-type]
                                          out=out, find=find))

    def keep_output(_: object) -> None:
        OUTPUT.mkdir(exist_ok=True)
        (OUTPUT / f"{name}.txt").write_text(out.getvalue())

    running.add_done_callback(keep_output)
    await wait_for(out, "Waiting for an opponent")
    code = match_code(out.getvalue())
    await hana.send(type="join", match=code)
    return running, out, typist, hana, code


async def finished(running: asyncio.Task[int], out: io.StringIO, typist: Typist) -> str:
    """The terminal's whole output once it has quit by itself, every step typed."""
    try:
        code = await asyncio.wait_for(running, LIMIT)
    finally:
        typist.stop.set()
    assert code == 0 and typist.typed == len(typist.steps), out.getvalue()
    return out.getvalue()
