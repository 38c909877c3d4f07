"""A bot from the protocol alone: plain JSON over a WebSocket, no taikyoku code.

    python docs/examples/raw_bot.py ws://127.0.0.1:8765

This is the whole contract a bot in any language needs (docs/protocol.md): say
hello, create a match, and whenever the latest ``state`` says it is your turn, send
one of its ``legal`` squares with its ``ply``. It plays tic-tac-toe against the
server's random bot, taking the lowest legal square, and prints each frame it sends
and receives, so you can read the conversation.
"""

from __future__ import annotations

import asyncio
import json
import sys

from websockets.asyncio.client import connect


async def main(url: str) -> None:
    async with connect(url) as ws:

        async def send(frame: dict[str, object]) -> None:
            text = json.dumps(frame)
            print("C->S", text, flush=True)
            await ws.send(text)

        await send({"type": "hello", "protocol": 1, "name": "raw bot", "token": None})
        last: dict[str, object] = {"type": "create", "game": "tictactoe", "vs": "bot",
                                   "bot": {"level": 1}, "seat": "first"}
        await send(last)
        seat = None
        async for text in ws:
            print("S->C", text, flush=True)
            frame = json.loads(text)
            if frame["type"] == "error" and frame.get("retry_after") is not None:
                await asyncio.sleep(frame["retry_after"])  # dropped: the same frame again
                await send(last)
            elif frame["type"] == "error":
                raise SystemExit(f"refused: {frame['message']}")
            if frame["type"] == "joined":
                seat = frame["seat"]
            elif frame["type"] == "state":
                if frame["status"] == "over":
                    winner = frame["result"]["winner"]
                    print("result:", "draw" if winner is None else
                          "won" if winner == seat else "lost")
                    return
                if frame["status"] == "playing" and frame["to_move"] == seat and frame["legal"]:
                    last = {"type": "move", "match": frame["match"],
                            "move": frame["legal"][0], "ply": frame["ply"]}
                    await send(last)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
