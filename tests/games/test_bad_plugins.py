"""A bad ``TAIKYOKU_GAMES`` stops every command at its start with one line naming the
variable, the module and what is wrong, and exit status 2: no traceback, no server.
Each case runs the real entry point (``python -m client``, as the ``taikyoku`` script,
and ``python -m server``) in a fresh interpreter, since the variable is read at import."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests import ROOT

BAD = "tests.games.unplayable"

COMMANDS = {
    "serve": ["-m", "client", "serve", "--port", "0", "--no-discovery"],
    "play": ["-m", "client", "play", "--server", "ws://127.0.0.1:9"],
    "tui": ["-m", "client", "tui", "--server", "ws://127.0.0.1:9"],
    "bot": ["-m", "client", "bot", "--server", "ws://127.0.0.1:9", "--games", "1"],
    "python -m server": ["-m", "server", "--port", "0", "--no-discovery"],
}
"""Each command as a person starts it; a good environment would go on to serve or to
connect (to a port nobody listens on)."""

CASES = {
    "nothing_here": "cannot be imported: No module named 'tests.games.unplayable.nothing_here'",
    "no_game": "defines no GAME",
    "not_an_entry": "its GAME is a dict, not a GameInfo",
    "clash": "a game called 'othello' is registered already",
    "badly_named": "a game's name is lowercase letters and digits, not 'Blocks!'",
    "wordless": "the game blocks has no blocks-title, blocks-side-0, blocks-side-1, "
                "blocks-move-help, blocks-square, blocks-illegal-why, blocks-end-block "
                "in its 'ja' words",
}
"""Module (under tests/games/unplayable/) -> what the line says is wrong with it."""


def _run(args: list[str], modules: str, tmp_path) -> subprocess.CompletedProcess[str]:
    if "--port" in args:  # a store of its own, should it start
        args = [*args, "--db", str(tmp_path / "db.sqlite3")]
    return subprocess.run(
        [sys.executable, *args], cwd=ROOT, capture_output=True, text=True, timeout=60,
        stdin=subprocess.DEVNULL,
        env={**os.environ, "TAIKYOKU_GAMES": modules, "SDL_VIDEODRIVER": "dummy",
             "HOME": str(tmp_path)})


def _stopped_saying(done: subprocess.CompletedProcess[str], module: str, problem: str) -> None:
    assert done.returncode == 2, done.stderr
    assert done.stderr == f"taikyoku: TAIKYOKU_GAMES: {module}: {problem}\n"
    assert done.stdout == ""


@pytest.mark.parametrize("case", CASES)
def test_each_bad_module_stops_the_server_in_one_line(case: str, tmp_path) -> None:
    module = f"{BAD}.{case}"
    _stopped_saying(_run(COMMANDS["serve"], module, tmp_path), module, CASES[case])


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("case", ["no_game", "wordless"])
def test_every_command_stops_the_same_way(case: str, command: str, tmp_path) -> None:
    """The window, the terminal and the bot (one catch in client/cli.py), and the
    server's own entry point (server/__main__.py), where the words are checked at start."""
    module = f"{BAD}.{case}"
    _stopped_saying(_run(COMMANDS[command], module, tmp_path), module, CASES[case])


def test_the_line_names_the_bad_module_among_good_ones(tmp_path) -> None:
    done = _run(COMMANDS["serve"], f"tests.games.blocks , {BAD}.no_game", tmp_path)
    _stopped_saying(done, f"{BAD}.no_game", "defines no GAME")


@pytest.mark.parametrize("command", COMMANDS)
def test_a_misspelt_engine_stops_every_command_as_it_starts(command: str, tmp_path) -> None:
    """The window and the terminal as well as the server and the bot: either may start a
    server of its own, whose bots would need the engine."""
    module = f"{BAD}.misspelt_engine"
    done = _run(COMMANDS[command], module, tmp_path)
    _stopped_saying(done, module, "its engine shared.ai.generik cannot be imported: "
                                  "No module named 'shared.ai.generik'")
