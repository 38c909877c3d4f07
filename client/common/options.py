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
from typing import Literal, TypedDict, get_args

from client.common import identity
from client.common.words import client_language, use_language, words
from shared.ai.levels import DEFAULT_LEVEL, LEVELS, level_words
from shared.games import DEFAULT_GAME, GAMES, get_game
from shared.protocol import Clock
from shared.words import LANGUAGES

Seat = Literal["first", "second", "random"]
Vs = Literal["bot", "human"]
SEATS: tuple[str, ...] = get_args(Seat)
"""The --seat choices."""
MAX_NAME = 32
MAX_INITIAL = 86400.0
MAX_INCREMENT = 3600.0
"""The time controls the protocol allows (docs/protocol.md §11, clocks)."""


@dataclass
class Plan:
    """What to do once connected: create a match, join one, watch one, or ask."""

    name: str
    server: str | None = None
    game: str | None = None
    size: int | None = None
    vs: Vs = "bot"
    level: int = DEFAULT_LEVEL
    seat: Seat = "first"
    clock: Clock | None = None
    """The new match's time control (``--clock``; None: untimed)."""
    hints: bool = False
    """Whether a new match between people lets both ask for hints (``--hints``)."""
    unlisted: bool = False
    """Whether a new match stays out of the lobby, found by its code only (``--unlisted``)."""
    spectator_chat: bool = True
    """Whether spectators may chat in a new match (``--no-spectator-chat``: players only)."""
    join: str | None = None
    watch: str | None = None
    lan: bool = True
    players_dir: Path | None = None
    """Where the player's token per server is remembered (None: a new player each run)."""
    token_file: Path | None = None
    """This token file instead (``--token-file``)."""
    new_player: bool = False
    """Forget the remembered player and start as a new one (``--new-player``)."""
    lang: str | None = None
    """The language asked for with ``--lang`` (None: the window's setting or the locale's)."""

    @property
    def decided(self) -> bool:
        """True when the flags already say what to play (no start screen needed)."""
        return bool(self.game or self.join or self.watch)

    def create_args(self) -> CreateArgs:
        """Keyword arguments of ``Connection.create`` for the chosen game, opponent, seat,
        clock, hints and privacy."""
        game = self.game or DEFAULT_GAME
        return {"game": game, "size": self.size or get_game(game).default_size,
                "vs": self.vs, "seat": self.seat, "level": self.level,
                "clock": self.clock, "hints": self.hints, "unlisted": self.unlisted,
                "spectator_chat": self.spectator_chat}


class CreateArgs(TypedDict):
    """What ``Connection.create`` takes (its keyword arguments)."""

    game: str
    size: int
    vs: Vs
    seat: Seat
    level: int
    clock: Clock | None
    hints: bool
    unlisted: bool
    spectator_chat: bool


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
        raise ValueError(words()("code-invalid", text=text))
    return code


def read_clock(text: str) -> Clock | None:
    """A time control as players write it: '5+3' is 5 minutes each and 3 seconds added per
    move, '10' is 10 minutes and nothing added, '' or 'n' no clock. ValueError with a
    sentence otherwise (the terminal's clock question and ``--clock`` both read it)."""
    typed = text.strip().lower()
    if typed in ("", "n", "no", "none"):
        return None
    minutes, plus, seconds = typed.partition("+")
    try:
        initial, increment = float(minutes) * 60, float(seconds) if plus else 0.0
    except ValueError:
        raise ValueError(words()("clock-invalid", text=text.strip())) from None
    if not 1 <= initial <= MAX_INITIAL:
        raise ValueError(words()("clock-initial-range", most=f"{MAX_INITIAL / 60:g}",
                                 minutes=minutes.strip()))
    if not 0 <= increment <= MAX_INCREMENT:
        raise ValueError(words()("clock-increment-range", most=f"{MAX_INCREMENT:g}",
                                 seconds=seconds.strip()))
    return Clock(initial=initial, increment=increment)


def clock_argument(text: str) -> Clock | None:
    """:func:`read_clock` as an argparse type, keeping its message."""
    try:
        return read_clock(text)
    except ValueError as err:
        raise argparse.ArgumentTypeError(str(err)) from None


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


def add_language_argument(parser: argparse.ArgumentParser) -> None:
    """``--lang``: the language the client speaks; argparse refuses one the catalogue lacks,
    naming the ones it has."""
    parser.add_argument("--lang", choices=LANGUAGES,
                        help="the language of the client's words (default: the one chosen "
                             "in the window, else the system locale: LC_ALL, LC_MESSAGES, "
                             "LANG)")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The shared flags: where to play, and (optionally) what to play there."""
    add_language_argument(parser)
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
    what.add_argument("--game", choices=list(GAMES), help="the game to start")
    what.add_argument("--size", type=int, choices=sorted({n for g in GAMES.values()
                                                          for n in g.sizes}),
                      help="the board size: " + "; ".join(
                          f"{words()(f'{g.name}-title')} {', '.join(map(str, g.sizes))} "
                          f"(default {g.default_size})"
                          for g in GAMES.values()))
    what.add_argument("--vs", choices=get_args(Vs), default="bot",
                      help="play the server's bot or wait for a person (default bot)")
    low, high = min(LEVELS), max(LEVELS)
    what.add_argument("--level", type=int, choices=sorted(LEVELS), default=DEFAULT_LEVEL,
                      metavar=f"{low}-{high}",
                      help=f"the bot's level, from {level_words(low)}, to "
                           f"{level_words(high)}; default {DEFAULT_LEVEL}")
    what.add_argument("--seat", choices=SEATS, default="first",
                      help="move first, second or random (default first)")
    what.add_argument("--clock", type=clock_argument, metavar="MIN+SEC",
                      help="a clock for the new match: minutes each + seconds added per "
                           "move, like 5+3 (default none); the server must offer clocks")
    what.add_argument("--hints", action="store_true",
                      help="let both people in the new match ask for hints (the engine's "
                           "scores); a match against the bot always allows them")
    what.add_argument("--unlisted", action="store_true",
                      help="keep the new match out of the server's list of open matches: "
                           "whoever you give its code can still join or watch it")
    what.add_argument("--no-spectator-chat", dest="spectator_chat", action="store_false",
                      help="in the new match only the players may chat, not spectators")
    what.add_argument("--join", type=code_argument, metavar="CODE",
                      help="join the match with this code")
    what.add_argument("--watch", type=code_argument, metavar="CODE",
                      help="watch the match with this code")


def plan_from(args: argparse.Namespace, parser: argparse.ArgumentParser) -> Plan:
    """The plan the parsed flags describe; contradictory flags are a usage error."""
    chosen = [f for f in ("game", "join", "watch") if getattr(args, f)]
    if len(chosen) > 1:
        parser.error("choose one of --game, --join and --watch")
    if (args.join or args.watch) and (args.clock or args.hints or args.unlisted
                                      or not args.spectator_chat):
        parser.error("--clock, --hints, --unlisted and --no-spectator-chat are for a new "
                     "match, not one to --join or --watch")
    if args.size is not None:
        if args.game is None:  # the one game played on that size
            args.game = next(g.name for g in GAMES.values() if args.size in g.sizes)
        elif args.size not in (info := get_game(args.game)).sizes:
            parser.error(f"--size: {words()(f'{info.name}-title')} is played on size "
                         f"{', '.join(map(str, info.sizes))}, not {args.size}")
    return Plan(
        name=args.name or default_name(), server=args.server, game=args.game, size=args.size,
        vs=args.vs, level=args.level, seat=args.seat, clock=args.clock, hints=args.hints,
        unlisted=args.unlisted, spectator_chat=args.spectator_chat,
        join=args.join, watch=args.watch,
        lan=args.lan, players_dir=identity.players_dir(), token_file=args.token_file,
        new_player=args.new_player, lang=args.lang,
    )


def parse(prog: str, description: str, argv: list[str], *,
          remembered: str | None = None) -> Plan:
    """Parse ``argv`` for a client command into a plan, and speak the language it chooses
    (:func:`client_language`: ``--lang``, else ``remembered``, the window's setting, else
    the system locale). The language is read first, so what the other flags say about a
    typed value (a clock, a match code) is in it too."""
    first = argparse.ArgumentParser(prog=prog, add_help=False, allow_abbrev=False,
                                    exit_on_error=False)
    add_language_argument(first)
    try:
        asked = first.parse_known_args(argv)[0].lang
    except argparse.ArgumentError:  # the whole parse below says what, with the whole usage
        asked = None
    use_language(client_language(asked, remembered))
    parser = argparse.ArgumentParser(prog=prog, description=description)
    add_arguments(parser)
    plan = plan_from(parser.parse_args(argv), parser)
    use_language(client_language(plan.lang, remembered))  # an abbreviation (--lan ja)
    return plan
