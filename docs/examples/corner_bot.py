"""A bot of your own in Python: corners first, otherwise the move that gains the most.

    python docs/examples/corner_bot.py ws://127.0.0.1:8765 --games 3 --opponent-level 2

It plays Othello against the server's bot through ``client.common.connection`` and rebuilds
each position with ``shared.games`` to think. ``choose`` has the signature of
``shared.ai.choose_move``, so the same function can be tried offline against the
project's bots. Explained step by step in docs/bots.md.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from typing import Literal

from client.common.connection import Connection, LinkStatus
from shared.games import State, new_game
from shared.protocol import Error, Joined, MatchState


def choose(state: State, level: int = 0, seconds: float | None = None,
           seed: int | None = None) -> int:
    """Take a corner if we can; else the move after which we own the most discs."""
    size = state.size
    corners = {0, size - 1, size * (size - 1), size * size - 1}
    me = state.to_move

    def value(move: int) -> tuple[bool, int, int]:
        return move in corners, state.play(move).score()[me], -move

    return max(state.legal_moves(), key=value)


async def play_one(conn: Connection, size: int, opponent_level: int,
                   seat: Literal["first", "second"]) -> str:
    """One game against the server's bot; returns a line like 'K7QXM2 won 20-16'."""
    await conn.create("othello", size, vs="bot", seat=seat, level=opponent_level)
    code, mine = "", 0
    while True:
        message = await conn.recv(timeout=60)
        if isinstance(message, LinkStatus):  # the connection reconnects by itself
            print(message.message, file=sys.stderr)
        elif isinstance(message, Error):
            raise SystemExit(f"the server said: {message.message}")
        elif isinstance(message, Joined) and not code:
            code, mine = message.match, message.seat or 0
        elif isinstance(message, MatchState) and message.match == code:
            if message.status == "over" and message.result is not None:
                ours, theirs = message.result.score[mine], message.result.score[1 - mine]
                verdict = {None: "drew", mine: "won"}.get(message.result.winner, "lost")
                return f"{code} {verdict} {ours}-{theirs}"
            if message.status == "playing" and message.to_move == mine and message.legal:
                position = new_game("othello", message.size, board=message.board,
                                    to_move=message.to_move)
                await conn.move(code, choose(position), message.ply)


async def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("server", help="ws://HOST:PORT")
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--size", type=int, default=6)
    parser.add_argument("--opponent-level", type=int, default=2)
    args = parser.parse_args(argv)
    async with Connection(args.server, "corner bot") as conn:
        for game in range(args.games):
            seat: Literal["first", "second"] = "first" if game % 2 == 0 else "second"
            print(await play_one(conn, args.size, args.opponent_level, seat), flush=True)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1:]))
