"""The environment variable that plugs games in, and the error a bad one gives.

A module of its own, importing nothing, so that a command's entry point can catch
:class:`PluginError` around the import of :mod:`shared.games`, which reads the variable
and raises it before any command line is read.
"""

from __future__ import annotations

VARIABLE = "TAIKYOKU_GAMES"
"""The environment variable naming the modules of plugged-in games (comma-separated)."""


class PluginError(ValueError):
    """A module named by ``TAIKYOKU_GAMES`` does not give a usable game. Its message is
    one line naming the variable, the module and what is wrong, for a command to print
    as it stops (exit status 2) instead of a traceback."""

    def __init__(self, module: str, problem: str) -> None:
        super().__init__(f"{VARIABLE}: {module}: {problem}")
        self.module = module
        self.problem = problem

    def __reduce__(self) -> tuple[type[PluginError], tuple[str, str]]:
        return PluginError, (self.module, self.problem)  # whole again in another process


__all__ = ["VARIABLE", "PluginError"]
