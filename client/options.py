"""The lobby choices both clients share, as command-line flags and as one value.

`taikyoku play` and `taikyoku tui` accept the same flags; whatever the flags decide
is a :class:`Plan`, and a plan that says what to play skips the start screen (or the
terminal's questions).
"""

from __future__ import annotations

import argparse
import getpass
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from client import identity

GAME_CHOICES = ("tictactoe", "othello")
OTHELLO_SIZES = (4, 6, 8)
SEATS = ("first", "second", "random")
MAX_NAME = 32


@dataclass
class Plan:
    """What to do once connected: create a match, join one, watch one, or ask."""

    name: str
    server: str | None = None
    game: str | None = None
    size: int | None = None
    vs: str = "bot"
    level: int = 3
    seat: str = "first"
    join: str | None = None
    watch: str | None = None
    lan: bool = True
    players_dir: Path | None = None
    """Where the player's token per server is remembered (None: a new player each run)."""
    token_file: Path | None = None
    """This token file instead (``--token-file``)."""
    new_player: bool = False
    """Forget the remembered player and start as a new one (``--new-player``)."""

    @property
    def decided(self) -> bool:
        """True when the flags already say what to play (no start screen needed)."""
        return bool(self.game or self.join or self.watch)

    def create_args(self) -> dict[str, Any]:
        """Keyword arguments of ``Connection.create`` for the chosen game, opponent, seat."""
        game = self.game or "tictactoe"
        size = 3 if game == "tictactoe" else (self.size or 8)
        return {"game": game, "size": size, "vs": self.vs, "seat": self.seat,
                "level": self.level}


def default_name() -> str:
    """The login name, capitalised, as a friendly default ('Player' if unknown)."""
    try:
        login = getpass.getuser()
    except (KeyError, OSError):
        login = ""
    return (login[:1].upper() + login[1:])[:MAX_NAME] or "Player"


def match_code(text: str) -> str:
    """The code as the server spells it (upper case), since replies are compared with it;
    ValueError if it is not a code."""
    code = text.strip().upper()
    if not code or len(code) > 16 or not code.isalnum():
        raise ValueError(f"{text!r} is not a match code (letters and digits)")
    return code


def code_argument(text: str) -> str:
    """:func:`match_code` as an argparse type, keeping its message."""
    try:
        return match_code(text)
    except ValueError as err:
        raise argparse.ArgumentTypeError(str(err)) from None


def _name(text: str) -> str:
    name = text.strip()
    if not name or len(name) > MAX_NAME:
        raise argparse.ArgumentTypeError(f"a name is 1 to {MAX_NAME} characters, got {text!r}")
    return name


def _server(text: str) -> str:
    url = text.strip()
    if "://" not in url:
        url = f"ws://{url}"
    if not url.startswith(("ws://", "wss://")):
        raise argparse.ArgumentTypeError(f"{text!r} is not a server address (ws://HOST:PORT)")
    return url


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The shared flags: where to play, and (optionally) what to play there."""
    where = parser.add_argument_group("where to play")
    where.add_argument("--server", type=_server, metavar="ws://HOST:PORT",
                       help="connect to this server (default: find one on the LAN, "
                            "or start one here)")
    where.add_argument("--no-lan", dest="lan", action="store_false",
                       help="do not look for a LAN server; start one here unless --server")
    where.add_argument("--name", type=_name, default=None, help="your name (default: login)")
    who = parser.add_argument_group(
        "who you are (remembered per server, so a restarted client is back in its game)")
    who.add_argument("--token-file", type=Path, metavar="PATH",
                     help="keep your player's token in this file (default: one per server "
                          "in your data directory)")
    who.add_argument("--new-player", action="store_true",
                     help="forget the player remembered for this server and start as a new one")
    what = parser.add_argument_group("what to play (skips the start screen)")
    what.add_argument("--game", choices=GAME_CHOICES, help="the game to start")
    what.add_argument("--size", type=int, choices=OTHELLO_SIZES,
                      help="Othello board size (default 8)")
    what.add_argument("--vs", choices=("bot", "human"), default="bot",
                      help="play the server's bot or wait for a person (default bot)")
    what.add_argument("--level", type=int, choices=range(1, 6), default=3, metavar="1-5",
                      help="the bot's level, 1 (random) to 5 (expert); default 3")
    what.add_argument("--seat", choices=SEATS, default="first",
                      help="move first, second or random (default first)")
    what.add_argument("--join", type=code_argument, metavar="CODE",
                      help="join the match with this code")
    what.add_argument("--watch", type=code_argument, metavar="CODE",
                      help="watch the match with this code")


def plan_from(args: argparse.Namespace, parser: argparse.ArgumentParser) -> Plan:
    """The plan the parsed flags describe; contradictory flags are a usage error."""
    chosen = [f for f in ("game", "join", "watch") if getattr(args, f)]
    if len(chosen) > 1:
        parser.error("choose one of --game, --join and --watch")
    if args.size is not None and args.game != "othello":
        if args.game is None:
            args.game = "othello"
        else:
            parser.error("--size is for Othello (tic-tac-toe is always 3x3)")
    return Plan(
        name=args.name or default_name(), server=args.server, game=args.game, size=args.size,
        vs=args.vs, level=args.level, seat=args.seat, join=args.join, watch=args.watch,
        lan=args.lan, players_dir=identity.players_dir(), token_file=args.token_file,
        new_player=args.new_player,
    )


def parse(prog: str, description: str, argv: list[str]) -> Plan:
    """Parse ``argv`` for a client command into a plan."""
    parser = argparse.ArgumentParser(prog=prog, description=description)
    add_arguments(parser)
    return plan_from(parser.parse_args(argv), parser)
