"""`taikyoku bot`: a headless bot that plays games against a server and sums them up.

    taikyoku bot --server ws://HOST:8765 --game othello --level 5 --games 20 --parallel 4
    taikyoku bot --pair --level 4 --opponent-level 5 --games 20 --json

Its own moves come from ``shared.ai`` on this machine; the server only referees (and
plays its own bot seat with ``--create vs-bot``). See docs/bots.md.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from pathlib import Path
from typing import TextIO

from client.bot.seat import GameResult
from client.bot.tournament import Mode, Settings, Tournament
from client.common.connection import ConnectError
from client.common.discovery import choose_server, discover
from client.common.options import code_argument
from shared.ai import check_engines
from shared.ai.levels import LEVELS
from shared.games import GAMES

DEFAULTS = Settings(url="")
"""What a run plays unless told: the flags' defaults are its fields."""


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="taikyoku bot",
        description="Play games headlessly against a taikyoku server and print a summary.",
    )
    p.add_argument("--server", metavar="URL",
                   help="ws://HOST:PORT of the server (default: find one on the LAN)")
    levels = f"{min(LEVELS)}-{max(LEVELS)}"
    p.add_argument("--game", choices=list(GAMES), default=DEFAULTS.game,
                   help=f"the game to play (default {DEFAULTS.game})")
    p.add_argument("--size", type=int, help="board size (" + "; ".join(
        f"{g.name} {', '.join(map(str, g.sizes))}, default {g.default_size}"
        for g in GAMES.values()) + ")")
    p.add_argument("--level", type=int, default=DEFAULTS.level,
                   help=f"our bot's level, {levels} (default {DEFAULTS.level})")
    how = p.add_mutually_exclusive_group()
    how.add_argument("--create", choices=["vs-bot", "vs-human"], default=None,
                     help="new matches against the server's bot (default) or for a person "
                          "or another bot to join")
    how.add_argument("--join", type=code_argument, metavar="CODE",
                     help="join this match, then go on by rematch")
    how.add_argument("--watch", type=code_argument, metavar="CODE",
                     help="follow this match as a spectator")
    how.add_argument("--pair", action="store_true",
                     help="play both seats: --level against --opponent-level, seats alternating")
    p.add_argument("--opponent-level", type=int, default=DEFAULTS.opponent_level,
                   help="the server bot's level (vs-bot) or the other side's (--pair; "
                        f"default {DEFAULTS.opponent_level})")
    p.add_argument("--games", type=int, default=DEFAULTS.games,
                   help=f"how many games (default {DEFAULTS.games})")
    p.add_argument("--parallel", type=int, default=DEFAULTS.parallel,
                   help=f"games at once (default {DEFAULTS.parallel})")
    p.add_argument("--seed", type=int, help="makes our bot's choices reproducible")
    p.add_argument("--seconds", type=float, help="thinking time per move for levels that "
                   "search to a deadline (default: the level's own, "
                   f"{LEVELS[max(LEVELS)].seconds:g} s for level {max(LEVELS)})")
    p.add_argument("--json", action="store_true", help="print the summary as one JSON object")
    p.add_argument("--token-file", type=Path,
                   help="keep the player's token here, to resume its games in a later run")
    p.add_argument("--name", default=DEFAULTS.name, help="the player name the server shows "
                   "(default 'bot L' and the level)")
    p.add_argument("--timeout", type=float, default=DEFAULTS.timeout,
                   help="seconds of server silence before a game is given up "
                        f"(default {DEFAULTS.timeout:g})")
    p.add_argument("--give-up", type=float, default=DEFAULTS.give_up,
                   help="seconds to keep reconnecting after the link drops "
                        f"(default {DEFAULTS.give_up:g})")
    return p


def settings_from(args: argparse.Namespace, url: str) -> Settings:
    mode: Mode
    if args.pair:
        mode = "pair"
    elif args.join:
        mode = "join"
    elif args.watch:
        mode = "watch"
    else:
        mode = args.create or "vs-bot"
    return Settings(
        url=url, game=args.game, size=args.size, level=args.level, mode=mode,
        code=args.join or args.watch, opponent_level=args.opponent_level, games=args.games,
        parallel=args.parallel, seed=args.seed, seconds=args.seconds, name=args.name,
        token_file=args.token_file, timeout=args.timeout, give_up=args.give_up,
    )


class Progress:
    """One updating line on a terminal: games done, wins/draws/losses, unfinished."""

    def __init__(self, total: int, stream: TextIO) -> None:
        self.total, self.stream = total, stream
        self.enabled = stream.isatty()
        self.counts = {"win": 0, "draw": 0, "loss": 0, None: 0}

    def update(self, result: GameResult) -> None:
        self.counts[result.outcome] += 1
        if not self.enabled:
            return
        done = sum(self.counts.values())
        filled = round(20 * done / self.total)
        c = self.counts
        self.stream.write(f"\r[{'#' * filled}{'.' * (20 - filled)}] {done}/{self.total} games"
                          f"  W{c['win']} D{c['draw']} L{c['loss']}"
                          + (f" unfinished {c[None]}" if c[None] else ""))
        self.stream.flush()

    def notice(self, line: str) -> None:
        """A line for people, printed above the bar."""
        self.clear()
        print(line, file=self.stream, flush=True)

    def clear(self) -> None:
        if self.enabled:
            self.stream.write("\r\x1b[K")
            self.stream.flush()


async def run(args: argparse.Namespace) -> int:
    url = args.server
    if url is None:
        server = choose_server(await discover())
        print(f"using {server.name} at {server.url}", file=sys.stderr)
        url = server.url
    settings = settings_from(args, url)
    progress = Progress(settings.games, sys.stderr)
    tournament = Tournament(settings, on_result=progress.update, on_notice=progress.notice)
    summary = await tournament.run()
    progress.clear()
    if args.json:
        print(json.dumps(summary.to_dict()))
    else:
        print(summary.table())
    return 1 if summary.unfinished else 0


def main(argv: list[str]) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    check_engines()  # a plugged-in game's misspelt engine stops the run (PluginError)
    try:
        settings_from(args, args.server or "ws://-").check()
    except ValueError as err:
        parser.error(str(err))
    try:
        return asyncio.run(run(args))
    except ConnectError as err:
        print(f"taikyoku bot: {err}", file=sys.stderr)
        return 1


__all__ = ["main"]
