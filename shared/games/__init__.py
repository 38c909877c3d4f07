"""The games and their registry: the public API that the server, clients and bots use.

    from shared.games import new_game, PASS
    state = new_game("othello", size=8)
    state = state.play(state.legal_moves()[0])

A state is immutable; ``play`` returns a new one. See :class:`shared.games.base.State`.

The registry is also the catalogue clients show: ``get_game(name)`` gives a
:class:`GameInfo` with the sizes, how a move is written and read, the rule reasons a
game can end by, its bots and how it is drawn; :func:`catalogue` lists every game on
every size for a menu. A game's words are catalogue entries keyed by its name
(``othello-title``, ``othello-end-discs``: :mod:`shared.words`).

More games are plugged in without editing this package: ``TAIKYOKU_GAMES`` names their
modules (comma-separated import paths, each defining ``GAME: GameInfo``), read once when
this package is imported, so the server, its engine workers, every client and the
headless bot of one environment know the same games (docs/architecture.md, "Where to
add a game").
"""

from __future__ import annotations

import importlib
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Callable, Iterable

from shared.games import othello, tictactoe
from shared.games.base import (
    PASS,
    SERVER_REASONS,
    IllegalMoveError,
    Outcome,
    ServerReason,
    State,
    half_the_empty_squares,
)
from shared.games.look import Look
from shared.plugins import VARIABLE, PluginError

PLUGINS_VARIABLE = VARIABLE
"""The environment variable naming the modules of plugged-in games."""

_NAME = re.compile(r"[a-z][a-z0-9]*\Z")
"""A game's registry name, and a rule reason: lowercase letters and digits, as they
make catalogue keys (``<game>-end-<reason>``) and wire values."""


@dataclass(frozen=True)
class GameInfo:
    """A registered game: its rules (sizes, how to make states) and how people see it.

    Everything that differs from one game to another for the server or a client is
    here, so nothing outside a game's own module tests the game's name.
    """

    name: str
    """Its registry name: in the protocol, and the stem of its words' keys
    (``<name>-title``, ``<name>-side-0``...: :mod:`shared.words`)."""
    sizes: tuple[int, ...]
    default_size: int
    start: Callable[[int], State]
    from_board: Callable[[str, int | None, int], State]
    look: Look
    """How the board is drawn (shared.games.look): every client draws from it."""
    scored: bool
    """The count of pieces is the score (Othello's discs), worth showing during play."""
    name_square: Callable[[int, int], str]
    """(square, size) -> the square as people write it: "4", "d3"."""
    read_move: Callable[[str, int], int]
    """(typed text, size) -> the square; ValueError with a sentence for the person."""
    reasons: tuple[str, ...]
    """The rule reasons its ``outcome()`` gives ("line", "discs"): the closed set a
    finished game's ``Outcome.reason`` comes from, each sent as ``result.reason`` and
    worded by the catalogue's ``<game>-end-<reason>``."""
    moves_left: Callable[[State], int] = half_the_empty_squares
    """The moves the side to move still has to make, about: its share of the clock."""
    engine: str = "shared.ai.generic"
    """The module of its bots and its analysis (:mod:`shared.ai`): the generic search
    over the State protocol unless the game brings its own."""
    ggf: str | None = None
    """Its name in the Generic Game Format ("Othello"), when GGF tools read it."""
    words: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}), hash=False)
    """A plugged-in game's own catalogue entries: language -> Fluent text (the built-in
    games' are in shared/words/*.ftl)."""

    def __post_init__(self) -> None:
        if not _NAME.match(self.name):
            raise ValueError(f"a game's name is lowercase letters and digits, not {self.name!r}")
        if not self.reasons or not all(_NAME.match(reason) for reason in self.reasons):
            raise ValueError(f"{self.name}: its rule reasons are lowercase words, "
                             f"got {self.reasons!r}")
        clash = set(self.reasons) & set(SERVER_REASONS)
        if clash:
            raise ValueError(f"{self.name}: {', '.join(sorted(clash))} is the server's reason")
        if self.default_size not in self.sizes:
            raise ValueError(f"{self.name}: the default size {self.default_size} is not "
                             f"one of {self.sizes}")

    @property
    def coordinates(self) -> bool:
        """Squares are named by column letter and row number, shown around the board."""
        return self.look.labels == "coordinates"

    def move_name(self, move: int, size: int) -> str:
        """A move as people write it: a slot number, a square like 'd3', or 'pass'."""
        return "pass" if move == PASS else self.name_square(move, size)


def _othello_from_board(board: str, to_move: int | None, size: int) -> State:
    return othello.OthelloState.from_board(board, 0 if to_move is None else to_move, size)


_TICTACTOE_LOOK = Look("paper", "marks", "slots", lines={3: tuple(
    tuple(sq for sq in range(9) if line >> sq & 1) for line in tictactoe.LINES)})
_OTHELLO_LOOK = Look("felt", "discs", "coordinates", stars={8: ((2, 2), (2, 6), (6, 2), (6, 6))},
                     move="turn-bracketed")

GAMES: dict[str, GameInfo] = {
    "tictactoe": GameInfo(
        "tictactoe", tictactoe.SIZES, tictactoe.DEFAULT_SIZE,
        tictactoe.TicTacToeState.start, tictactoe.TicTacToeState.from_board,
        look=_TICTACTOE_LOOK, scored=False,
        name_square=tictactoe.square_name, read_move=tictactoe.read_move,
        reasons=tictactoe.REASONS, engine="shared.ai.tictactoe",
    ),
    "othello": GameInfo(
        "othello", othello.SIZES, othello.DEFAULT_SIZE,
        othello.OthelloState.start, _othello_from_board,
        look=_OTHELLO_LOOK, scored=True,
        name_square=othello.square_name, read_move=othello.read_move,
        reasons=othello.REASONS, engine="shared.ai.othello", ggf="Othello",
    ),
}
"""Every game, in the order clients offer them: the built-in ones, then those plugged in
(``TAIKYOKU_GAMES``)."""

DEFAULT_GAME = "othello"
"""The game a start screen has chosen before the person chooses."""


def plug_in(module_names: str) -> list[GameInfo]:
    """Register the game of each module named in ``module_names`` (comma-separated
    import paths, each defining ``GAME: GameInfo``); :class:`PluginError` naming the
    module when one cannot be imported, has no ``GAME``, or reuses a registered name."""
    added = []
    for module_name in filter(None, (part.strip() for part in module_names.split(","))):
        game = _game_of(module_name)
        if game.name in GAMES:
            raise PluginError(module_name, f"a game called {game.name!r} is registered "
                                           "already")
        GAMES[game.name] = game
        _PLUGGED_FROM[game.name] = module_name
        added.append(game)
    return added


def _game_of(module_name: str) -> GameInfo:
    """The ``GAME`` of the module ``module_name``, or PluginError saying why there is none
    (whatever its import raises: a plugged-in game's own checks, in GameInfo and Look,
    raise ValueError with a sentence)."""
    try:
        module = importlib.import_module(module_name)
    except ImportError as e:
        raise PluginError(module_name, f"cannot be imported: {e}") from e
    except Exception as e:  # its own code failed as it was imported
        problem = str(e) if type(e) is ValueError else f"{type(e).__name__}: {e}"
        raise PluginError(module_name, problem) from e
    game = getattr(module, "GAME", None)
    if game is None:
        raise PluginError(module_name, "defines no GAME")
    if not isinstance(game, GameInfo):
        raise PluginError(module_name, f"its GAME is a {type(game).__name__}, not a GameInfo")
    return game


_PLUGGED_FROM: dict[str, str] = {}
"""A plugged-in game's name -> the module that brought it."""


def plugged_from(name: str) -> str | None:
    """The module named in ``TAIKYOKU_GAMES`` that brought the game ``name``; None for a
    built-in game (for an error about the game to name where it comes from)."""
    return _PLUGGED_FROM.get(name)


def catalogue() -> list[tuple[GameInfo, int]]:
    """Every game on every size, in the order a menu lists them (Tic-tac-toe, Othello
    4x4, 6x6, 8x8)."""
    return [(info, size) for info in GAMES.values() for size in info.sizes]


def get_game(name: str) -> GameInfo:
    """The registered game called ``name``; ValueError naming the known ones otherwise."""
    try:
        return GAMES[name]
    except (KeyError, TypeError):
        raise ValueError(f"unknown game {name!r}; known games: {', '.join(GAMES)}") from None


def new_game(
    name: str,
    size: int | None = None,
    board: str | None = None,
    to_move: int | None = None,
) -> State:
    """A new game at the start, or from a validated position.

    ``size`` defaults to the game's usual one (3, or 8 for Othello). With ``board``
    (row-major '.', 'X', 'O'), ``to_move`` defaults to what the marks imply in
    tic-tac-toe and to 0 (Black) in Othello. Unknown names, sizes or bad positions
    raise ValueError.
    """
    info = get_game(name)
    if size is None:
        size = info.default_size
    if isinstance(size, bool) or not isinstance(size, int) or size not in info.sizes:
        sizes = ", ".join(map(str, info.sizes))
        raise ValueError(f"{info.name} is played on size {sizes}, not {size!r}")
    if board is None:
        if to_move not in (None, 0):
            raise ValueError("the side to move can be set only together with a board")
        return info.start(size)
    return info.from_board(board, to_move, size)


def replay(state: State, moves: Iterable[int]) -> list[State]:
    """Every position from ``state`` through ``moves`` (checked), the first included."""
    states = [state]
    for move in moves:
        states.append(states[-1].play(move))
    return states


plug_in(os.environ.get(PLUGINS_VARIABLE, ""))


__all__ = [
    "DEFAULT_GAME",
    "GAMES",
    "PASS",
    "PLUGINS_VARIABLE",
    "PluginError",
    "SERVER_REASONS",
    "GameInfo",
    "IllegalMoveError",
    "Look",
    "Outcome",
    "ServerReason",
    "State",
    "catalogue",
    "get_game",
    "new_game",
    "plug_in",
    "plugged_from",
    "replay",
]
