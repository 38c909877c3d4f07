"""`taikyoku play`: the game in a window.

Without ``--server`` it finds a server on the LAN or starts one in this process, so
one command on a fresh machine is a game against the bot.
"""

from __future__ import annotations

import asyncio
import os

from client.options import parse

DESCRIPTION = ("Play tic-tac-toe or Othello in a window, against the server's bot or a "
               "person on the LAN. Flags that say what to play skip the start screen.")


def main(argv: list[str]) -> int:
    plan = parse("taikyoku play", DESCRIPTION, argv)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from client.gui.app import App  # pygame loads only once the flags are fine

    async def run() -> int:
        return await App(plan).run()

    return asyncio.run(run())
