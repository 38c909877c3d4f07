"""The window plays the extra game of the tests (tests/games/blocks.py, plugged in
through TAIKYOKU_GAMES only) against the server's bot to its end, in a process of its
own (tests/client/gui/window_game.py), and draws it as the game's look says: every
piece where the server has it, the ground's frame, the coordinates in the frame's band,
a winning line struck through if the look has one."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from client.gui.board import GROUNDS
from tests import ROOT
from tests.client.plugged_game import TIMEOUT
from tests.games.blocks import GAME
from tests.waiting import LIMIT

pytestmark = pytest.mark.timeout(TIMEOUT)


def test_the_window_draws_and_plays_the_plugged_in_game(plugged_server: int) -> None:
    look, size = GAME.look, GAME.default_size
    run = subprocess.run(
        [sys.executable, "-m", "tests.client.gui.window_game", f"ws://127.0.0.1:{plugged_server}",
         GAME.name, str(size), "window_plugged_game"],
        capture_output=True, text=True, timeout=2 * LIMIT, cwd=ROOT)
    assert run.returncode == 0, run.stderr
    seen = json.loads(run.stdout.splitlines()[-1])  # the screenshot: tests/output/
    board = seen["board"]
    assert seen["squares"] == board  # every piece drawn, in its square, in its colour
    finished = GAME.from_board(board, None, size)
    assert finished.is_over and seen["reason"] in GAME.reasons
    assert seen["result"] == {0: "You won!", 1: "The bot won.", None: "Draw."}[seen["winner"]]
    assert seen["frame"] == list(GROUNDS[look.ground].frame)
    assert seen["band_text"] == (look.labels == "coordinates")
    # paper shows the last move as a shade, so its stroke colour is only a winning line's
    assert look.ground == "paper"
    assert seen["struck"] == (look.winning_line(board, size) is not None)
    assert seen["struck"] == (seen["winner"] is not None)  # a won game: its block, struck
