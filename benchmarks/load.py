"""Load: N concurrent games through one server, against a bare websockets echo server.

    python -m benchmarks.load --games 10 100 1000

For each N, in this process: a taikyoku GameServer on 127.0.0.1 (port 0, a temporary
database, discovery off, no bot engine loaded: no bot plays). In a SEPARATE process:
the clients, 2N websocket connections, two players per game, each playing random legal
moves from the `state` it was sent (no search: the server is measured, not the bots).
Printed: moves per second and the round trip of a move (send -> the `state` showing it),
p50 and p99.

Then the same client process drives a bare websockets echo server (same process
layout, same 2N connections, alternating senders per pair, the same number of round
trips, a move-sized frame answered with a state-sized one): the ceiling for anything
built on the library here. Note the game server does more per move than the echo: it
validates, commits to SQLite and sends the new state to both players.

Each run plays about :data:`GAMES_PER_RUN` games in all (``--rounds``, games each pair
plays in a row, defaults to ``GAMES_PER_RUN // N``): some 60,000 moves of random 8x8
Othello, about ten seconds at 100 games, so the set-up (the client process starting, 2N
connections opened and welcomed) is amortised and the ratio is the steady state's. (With
one game a pair at 100 games, a run is a second, 6,000 moves, and set-up swung the ratio
from 0.24 to 0.45 within one invocation.)

Each N is run ``--repeat`` times (game, echo, game, echo...) and the run with the
median ratio is printed: on a busy machine either half of a run can be slowed down,
and the game and its echo, run back to back, are compared with each other. ``ratio``
is game moves/s over echo round trips/s (the goal: at least 0.45 at 100 games, and
toward 0.6); ``cpu``
is the same comparison in CPU seconds of server and clients together per move, which
other load on the machine disturbs less. The game does three frames per move (one in,
the state out to both players) where the echo does two, so even a server that cost
nothing over the library would stay below 1.

With ``--record FILE`` (benchmarks/results.jsonl is the project's) each N's figures are
appended to FILE as one JSON line: the server's commit, the command, the date, the
machine's load average, and the figures printed (see benchmarks/README.md).

The server's message budget is raised for the run (one player here sends far more
than 20 moves a second), and its clients on loopback are not limited per address
(`--exempt-loopback`: 2,000 connections and new players from one address at 1,000
games): the benchmark measures throughput, not the abuse limits.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import json
import random
import resource
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import msgspec
from websockets.asyncio.client import ClientConnection, connect
from websockets.asyncio.server import ServerConnection, serve


class Frame(msgspec.Struct):
    """The fields of a server frame the load clients act on; msgspec skips the rest
    (board, moves, players) without building them, so the clients stay light and the
    server is what is measured. The echo's clients parse its replies the same way."""

    type: str
    match: str | None = None
    ply: int = -1
    status: str = ""
    to_move: int = -1
    legal: list[int] = []
    code: str = ""
    message: str = ""


_encoder = msgspec.json.Encoder()
_decoder = msgspec.json.Decoder(Frame)

GAMES_PER_RUN = 1000
"""Games played in one run by default, whatever N: about 60,000 moves (a random 8x8
Othello game has about 60), so a run measures the steady state, not its set-up."""

CONNECT_AT_ONCE = 50
"""Connections opened concurrently (more would overflow the server's listen backlog)."""


# ---- the client process -------------------------------------------------------------


class Stats:
    def __init__(self) -> None:
        self.rtts: list[float] = []
        self.errors: list[str] = []


async def _open(url: str, gate: asyncio.Semaphore) -> ClientConnection:
    async with gate:
        return await connect(url, proxy=None, compression=None, max_size=2**22,
                             open_timeout=60)


def _dumps(frame: dict[str, Any]) -> str:
    return _encoder.encode(frame).decode()  # a str: the server wants text frames


async def _recv(ws: ClientConnection) -> Frame:
    return _decoder.decode(await ws.recv(decode=False))


async def _hello(ws: ClientConnection, stats: Stats) -> None:
    await ws.send(_dumps({"type": "hello", "protocol": 1, "name": "load", "token": None}))
    frame = await _recv(ws)
    if frame.type != "welcome":
        stats.errors.append(f"hello: {frame}")


async def _until(ws: ClientConnection, kind: str, stats: Stats) -> Frame:
    while True:
        frame = await _recv(ws)
        if frame.type == "error":
            stats.errors.append(f"{frame.code}: {frame.message}")
        elif frame.type == kind:
            return frame


async def _player(ws: ClientConnection, seat: int, code: str, stats: Stats,
                  rng: random.Random) -> int:
    """Play one seat to the end with random moves; returns the moves sent."""
    sent_ply, sent_at, moves = -1, 0.0, 0
    while True:
        frame = await _recv(ws)
        if frame.type == "error":
            stats.errors.append(f"{frame.code}: {frame.message}")
            continue
        if frame.type != "state" or frame.match != code:
            continue
        if sent_ply >= 0 and frame.ply > sent_ply:
            stats.rtts.append(time.perf_counter() - sent_at)
            sent_ply = -1
        if frame.status == "over":
            return moves
        if (frame.status == "playing" and frame.to_move == seat and frame.legal
                and frame.ply != sent_ply):
            sent_ply, sent_at = frame.ply, time.perf_counter()
            await ws.send(_dumps({"type": "move", "match": code,
                                  "move": rng.choice(frame.legal), "ply": frame.ply}))
            moves += 1


async def _game_lane(a: ClientConnection, b: ClientConnection, rounds: int, stats: Stats,
                     rng: random.Random) -> int:
    moves = 0
    for _ in range(rounds):
        await a.send(_dumps({"type": "create", "game": "othello", "size": 8,
                             "vs": "human", "seat": "first"}))
        code = (await _until(a, "joined", stats)).match
        assert code is not None, "a joined frame names its match"
        await b.send(_dumps({"type": "join", "match": code}))
        await _until(b, "joined", stats)
        played = await asyncio.gather(_player(a, 0, code, stats, rng),
                                      _player(b, 1, code, stats, rng))
        moves += sum(played)
    return moves


async def _echo_lane(a: ClientConnection, b: ClientConnection, trips: int, move: str,
                     stats: Stats) -> int:
    for i in range(trips):
        ws = a if i % 2 == 0 else b
        sent_at = time.perf_counter()
        await ws.send(move)
        _decoder.decode(await ws.recv(decode=False))  # parsed like a state, as in a game
        stats.rtts.append(time.perf_counter() - sent_at)
    return trips


async def run_clients(url: str, mode: str, lanes: int, amount: int) -> dict[str, Any]:
    """The client process's work; ``amount`` is rounds per lane (game) or trips (echo)."""
    stats = Stats()
    gate = asyncio.Semaphore(CONNECT_AT_ONCE)
    connections = await asyncio.gather(*(_open(url, gate) for _ in range(2 * lanes)))
    rng = random.Random(1)
    move = _dumps({"type": "move", "match": "K7QXM2", "move": 19, "ply": 4})
    pairs = [(connections[2 * i], connections[2 * i + 1]) for i in range(lanes)]
    if mode == "game":  # every player says hello before the clock starts
        await asyncio.gather(*(_hello(ws, stats) for ws in connections))
    began = time.perf_counter()
    if mode == "game":
        jobs = [_game_lane(a, b, amount, stats, random.Random(rng.random())) for a, b in pairs]
    else:
        jobs = [_echo_lane(a, b, amount, move, stats) for a, b in pairs]
    moves = sum(await asyncio.gather(*jobs))
    elapsed = time.perf_counter() - began
    await asyncio.gather(*(ws.close() for ws in connections))
    rtts = sorted(stats.rtts)
    return {
        "moves": moves, "elapsed": elapsed, "per_lane": moves / lanes,
        "p50": rtts[len(rtts) // 2] if rtts else None,
        "p99": rtts[min(len(rtts) - 1, int(len(rtts) * 0.99))] if rtts else None,
        "errors": stats.errors[:5], "error_count": len(stats.errors),
    }


# ---- the measuring process -----------------------------------------------------------


def state_sized_reply() -> str:
    """A `state` frame of a typical mid-game Othello position (the echo's answer)."""
    from shared import protocol
    from shared.games import new_game
    from shared.protocol import PlayerInfo, encode

    # the measured tree's message: MatchState, named State before 6914983 (de46d98's)
    state_message = getattr(protocol, "MatchState", None) or getattr(protocol, "State")

    rng = random.Random(3)
    position, moves = new_game("othello", 8), []
    for _ in range(30):
        move = rng.choice(position.legal_moves())
        moves.append(move)
        position = position.play(move)
    players = [PlayerInfo(seat=0, name="load", kind="human", connected=True, player="p_x"),
               PlayerInfo(seat=1, name="load", kind="human", connected=True, player="p_y")]
    return encode(state_message(
        match="K7QXM2", game="othello", size=8, ply=30, board=position.board,
        to_move=0 if position.to_move == 0 else 1, legal=position.legal_moves(),
        moves=[m if m >= 0 else "pass" for m in moves], status="playing",
        score=list(position.score()), players=players))


def _cpu(who: int) -> float:
    usage = resource.getrusage(who)
    return usage.ru_utime + usage.ru_stime


async def _clients(url: str, mode: str, lanes: int, amount: int) -> dict[str, Any]:
    """Run the client process; adds the CPU seconds the server (this process) and the
    clients used, to tell which side was the bottleneck."""
    server_cpu, client_cpu = _cpu(resource.RUSAGE_SELF), _cpu(resource.RUSAGE_CHILDREN)
    proc = await asyncio.create_subprocess_exec(
        sys.executable, str(Path(__file__).resolve()), "--client", url, mode, str(lanes),
        str(amount),
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    out, err = await proc.communicate()
    if proc.returncode != 0:
        raise RuntimeError(f"the client process failed:\n{err.decode()}")
    result: dict[str, Any] = json.loads(out)
    result["server_cpu"] = _cpu(resource.RUSAGE_SELF) - server_cpu
    result["client_cpu"] = _cpu(resource.RUSAGE_CHILDREN) - client_cpu
    return result


async def measure(games: int, rounds: int) -> tuple[dict[str, Any], dict[str, Any]]:
    from server.shell.app import GameServer, ServerConfig

    with tempfile.TemporaryDirectory() as tmp:
        config = ServerConfig(host="127.0.0.1", port=0, db=Path(tmp) / "load.sqlite3",
                              name="load", discovery=False, rate=1e6, burst=10**6,
                              bot_workers=1, exempt_loopback=True,
                              warm_bots=False)  # no bot plays: no engine to load
        async with GameServer(config) as server:
            game = await _clients(server.url, "game", games, rounds)

    reply = state_sized_reply()

    async def echo(ws: ServerConnection) -> None:
        async for _ in ws:
            await ws.send(reply)

    trips = max(1, round(game["per_lane"]))
    async with serve(echo, "127.0.0.1", 0, compression=None) as srv:
        port = srv.sockets[0].getsockname()[1]
        bare = await _clients(f"ws://127.0.0.1:{port}", "echo", games, trips)
    return game, bare


def _raise_fd_limit(needed: int) -> str:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < needed <= hard or (hard == resource.RLIM_INFINITY and soft < needed):
        resource.setrlimit(resource.RLIMIT_NOFILE, (needed, hard))
        soft = needed
    return f"open files: soft limit {soft}, hard {hard}, needed about {needed}"


def _ms(seconds: float | None) -> str:
    return "-" if seconds is None else f"{1000 * seconds:.2f}"


def _rate(result: dict[str, Any]) -> float:
    return float(result["moves"] / result["elapsed"])


def _cpu_per_move(results: list[dict[str, Any]]) -> float:
    """CPU seconds (server and clients together) per move or round trip."""
    return float(sum(r["server_cpu"] + r["client_cpu"] for r in results) / sum(
        r["moves"] for r in results))


def _us_per_move(results: list[dict[str, Any]], side: str) -> str:
    """Microseconds of ``side``'s CPU ("server" or "client") per move or round trip,
    over all runs: finer than the rounded seconds, and what a change to the server moves."""
    cpu = sum(r[f"{side}_cpu"] for r in results)
    return f"{1e6 * cpu / sum(r['moves'] for r in results):.0f}"


def record(path: Path, n: int, figures: dict[str, Any]) -> None:
    """Append one run's line to the results file ``path`` by benchmarks/results_file.py,
    with the commit of the server measured (the checkout its ``server`` package is
    imported from). The writer is loaded from beside this file: a baseline's run puts its
    older tree first on PYTHONPATH, and that tree's ``benchmarks`` may have none."""
    import server

    spec = importlib.util.spec_from_file_location(
        "results_file", Path(__file__).with_name("results_file.py"))
    assert spec is not None and spec.loader is not None
    results_file = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(results_file)
    results_file.append_result(path, "load", {"games": n, **figures},
                               tree=Path(server.__file__).resolve().parents[1])


async def main_async(sizes: list[int], rounds: int | None, repeat: int,
                     results: Path | None = None) -> int:
    print(_raise_fd_limit(2 * max(sizes) + 200))
    print(f"each N: {repeat} runs of the game then the echo; the run with the median ratio")
    print(f"{'games':>6} {'conns':>6} {'moves':>7} {'moves/s':>9} {'p50 ms':>8} {'p99 ms':>8}"
          f" | {'echo rt/s':>9} {'p50 ms':>8} {'p99 ms':>8} | {'ratio':>5} {'cpu':>5} errors")
    failed = False
    for n in sizes:
        r = rounds or max(1, GAMES_PER_RUN // n)
        runs = [await measure(n, r) for _ in range(repeat)]
        games, echoes = [g for g, _ in runs], [e for _, e in runs]
        runs.sort(key=lambda run: _rate(run[0]) / _rate(run[1]))
        game, bare = runs[len(runs) // 2]
        rate, echo_rate = _rate(game), _rate(bare)
        errors = sum(x["error_count"] for x in games + echoes)
        failed |= errors > 0
        cpu_ratio = _cpu_per_move(echoes) / _cpu_per_move(games)
        print(f"{n:>6} {2 * n:>6} {game['moves']:>7} {rate:>9.0f} {_ms(game['p50']):>8}"
              f" {_ms(game['p99']):>8} | {echo_rate:>9.0f} {_ms(bare['p50']):>8}"
              f" {_ms(bare['p99']):>8} | {rate / echo_rate:>5.2f} {cpu_ratio:>5.2f} {errors}",
              flush=True)
        print(f"{'':>6} CPU s, server/clients: game {game['server_cpu']:.1f}/"
              f"{game['client_cpu']:.1f}, echo {bare['server_cpu']:.1f}/"
              f"{bare['client_cpu']:.1f}  (wall: game {game['elapsed']:.1f}, "
              f"echo {bare['elapsed']:.1f})")
        print(f"{'':>6} server CPU us per move, all runs: game {_us_per_move(games, 'server')},"
              f" echo {_us_per_move(echoes, 'server')}; clients: game "
              f"{_us_per_move(games, 'client')}, echo {_us_per_move(echoes, 'client')}")
        if repeat > 1:
            print(f"{'':>6} each run's ratio, sorted: "
                  + " ".join(f"{_rate(g) / _rate(e):.2f}" for g, e in runs))
        if results is not None:
            record(results, n, {
                "moves_per_s": round(rate), "echo_per_s": round(echo_rate),
                "ratio": round(rate / echo_rate, 3), "cpu": round(cpu_ratio, 3),
                "ratios": [round(_rate(g) / _rate(e), 3) for g, e in runs],
                "p50_ms": game["p50"] and round(1000 * game["p50"], 2),
                "p99_ms": game["p99"] and round(1000 * game["p99"], 2),
                "server_us_per_move": int(_us_per_move(games, "server")),
                "echo_server_us": int(_us_per_move(echoes, "server")),
                "client_us_per_move": int(_us_per_move(games, "client")),
                "echo_client_us": int(_us_per_move(echoes, "client")),
                "errors": errors})
        for line in [line for x in games + echoes for line in x["errors"]][:10]:
            print(f"    error: {line}")
    return 1 if failed else 0


def main(argv: list[str]) -> int:
    if argv[:1] == ["--client"]:
        url, mode, lanes, amount = argv[1], argv[2], int(argv[3]), int(argv[4])
        print(json.dumps(asyncio.run(run_clients(url, mode, lanes, amount))))
        return 0
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, nargs="+", default=[10, 100],
                        help="numbers of concurrent games to measure (default 10 100)")
    parser.add_argument("--rounds", type=int, default=None,
                        help=f"games each pair plays in a row (default: {GAMES_PER_RUN} // N, "
                             "at least 1: about 60,000 moves a run)")
    parser.add_argument("--repeat", type=int, default=3,
                        help="runs of the game and the echo for each N; the run with the "
                             "median ratio is printed, to damp a busy machine's noise "
                             "(default 3)")
    parser.add_argument("--record", type=Path, default=None, metavar="FILE",
                        help="append each N's figures to FILE as a JSON line "
                             "(benchmarks/results.jsonl keeps the project's)")
    args = parser.parse_args(argv)
    if any(n < 1 for n in args.games):
        parser.error("--games must be at least 1")
    if args.repeat < 1 or (args.rounds is not None and args.rounds < 1):
        parser.error("--repeat and --rounds must be at least 1")
    return asyncio.run(main_async(args.games, args.rounds, args.repeat, args.record))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
