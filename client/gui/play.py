"""`taikyoku play`: the game in a window.

Without ``--server`` it finds a server on the LAN or starts one in this process, so
one command on a fresh machine is a game against the bot.
"""

from __future__ import annotations

import asyncio
import os
import sys

from client.common import settings
from client.common.options import parse
from client.common.words import words

DESCRIPTION = ("Play tic-tac-toe or Othello in a window, against the server's bot or a "
               "person on the LAN. Flags that say what to play skip the start screen.")


def main(argv: list[str]) -> int:
    plan = parse("taikyoku play", DESCRIPTION, argv,
                 remembered=settings.load(settings.settings_path()).lang)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame  # loaded only once the flags are fine

    from client.gui.app import App

    async def run() -> int:
        return await App(plan).run()

    try:
        return asyncio.run(run())
    except pygame.error as err:  # typically: no display (an SSH session)
        print(words()("window-no-display", error=str(err)), file=sys.stderr)
        return 1
