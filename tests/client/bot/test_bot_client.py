"""`taikyoku bot` end to end: tournaments through a real server on 127.0.0.1."""

from __future__ import annotations

import asyncio
import io
import json
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path

import pytest

from client.bot import cli
from client.bot.seat import Chooser, GameResult, play_seat
from client.bot.tournament import Settings, Summary, Tournament
from client.common.connection import ConnectError, Connection
from client.common.discovery import FoundServer, choose_server
from server.room.effects import SaveMoves, StoreChange, StoreFault
from server.shell.app import GameServer
from shared.ai.kernel import warm_up
from shared.protocol import Joined

MakeServer = Callable[..., Awaitable[GameServer]]  # the conftest fixture
FAST = (0.05, 0.2)


def _check_against_server(server: GameServer, summary: Summary) -> None:
    """Every finished game in the summary is what the server recorded."""
    assert server.store is not None
    for r in summary.finished:
        record = server.store.record(r.match)
        assert record is not None and record.result is not None, r.match
        assert (record.result.winner, list(record.result.score)) == (r.winner, list(r.score))


async def test_perfect_tic_tac_toe_against_perfect_play_is_all_draws(
        game_server: GameServer) -> None:
    settings = Settings(url=game_server.url, game="tictactoe", level=5, opponent_level=5,
                        games=4)
    summary = await Tournament(settings).run()
    data = summary.to_dict()
    assert (data["games"], data["wins"], data["draws"], data["losses"]) == (4, 0, 4, 0)
    assert data["as_first"]["games"] == data["as_second"]["games"] == 2  # seats alternate
    assert data["unfinished"] == []
    assert data["avg_margin"] is None  # a disc margin means nothing in tic-tac-toe
    # perfect against perfect fills the board: 5 moves as X, 4 as O, seats alternating
    assert data["moves"] == 5 + 4 + 5 + 4 and data["avg_move_ms"] is not None
    _check_against_server(game_server, summary)


async def test_a_move_the_server_could_not_store_is_sent_again(
        game_server: GameServer) -> None:
    """storage_unavailable (a full disk, say) refuses a move and changes nothing: the bot
    sends the same move again and the games finish as the store has them."""
    store = game_server.store
    assert store is not None
    store_save, refused = store.save_group, list[StoreChange]()

    def every_other_move_refused_at_first(changes: Sequence[StoreChange]) -> None:
        for change in changes:
            if isinstance(change, SaveMoves) and len(refused) < 3 and change.ply % 2 == 0:
                refused.append(change)
                raise StoreFault("database or disk is full")
        store_save(changes)

    store.save_group = every_other_move_refused_at_first  # type: ignore[method-assign]
    settings = Settings(url=game_server.url, game="tictactoe", level=5, opponent_level=5,
                        games=2, timeout=60)
    summary = await Tournament(settings).run()
    assert len(refused) == 3 and summary.to_dict()["unfinished"] == []
    _check_against_server(game_server, summary)


async def test_a_pair_compares_two_levels_with_seats_alternating(
        game_server: GameServer) -> None:
    seen: list[GameResult] = []
    settings = Settings(url=game_server.url, game="othello", size=4, level=2,
                        opponent_level=1, mode="pair", games=4, parallel=2, seed=7)
    summary = await Tournament(settings, on_result=seen.append).run()
    data = summary.to_dict()
    assert data["games"] == data["finished"] == 4 and len(seen) == 4
    assert data["wins"] + data["draws"] + data["losses"] == 4
    assert sorted(r.seat for r in summary.results) == [0, 0, 1, 1]
    assert data["wins"] == sum(r.winner == r.seat for r in summary.results)
    margins = [r.margin for r in summary.results]
    assert data["avg_margin"] == pytest.approx(sum(margins) / 4, abs=0.01)
    for r in summary.results:  # the sign of the margin agrees with the outcome
        assert (r.margin > 0) == (r.outcome == "win") and (r.margin == 0) == (r.outcome == "draw")
    _check_against_server(game_server, summary)
    assert game_server.store is not None
    for r in summary.results:  # both seats were ours: two different players
        record = game_server.store.record(r.match)
        assert record is not None and all(seat is not None for seat in record.seats)


async def test_create_vs_human_and_join_play_on_by_rematch(game_server: GameServer) -> None:
    codes: asyncio.Queue[str] = asyncio.Queue()

    def notice(line: str) -> None:
        codes.put_nowait(line.split()[1])  # "match CODE is waiting for an opponent: ..."

    host = Tournament(Settings(url=game_server.url, game="othello", size=4, level=2,
                               mode="vs-human", games=3), on_notice=notice)
    hosting = asyncio.create_task(host.run())
    code = await asyncio.wait_for(codes.get(), 10)
    guest = Tournament(Settings(url=game_server.url, game="othello", size=4, level=1,
                                mode="join", code=code, games=3))
    guest_summary = await guest.run()
    host_summary = await hosting
    h, g = host_summary.to_dict(), guest_summary.to_dict()
    assert h["finished"] == g["finished"] == 3
    assert (h["wins"], h["draws"], h["losses"]) == (g["losses"], g["draws"], g["wins"])
    assert h["as_first"]["games"] == 2 and h["as_second"]["games"] == 1  # rematch swaps seats
    assert [r.match for r in host_summary.results] == [r.match for r in guest_summary.results]
    _check_against_server(game_server, host_summary)


async def test_watch_reports_the_result_of_a_match_it_follows(game_server: GameServer) -> None:
    async with Connection(game_server.url, "host") as host:
        await host.create("othello", 4, vs="human")
        while not isinstance(joined := await host.recv(5), Joined):
            pass
        code = joined.match
        watcher = asyncio.create_task(Tournament(Settings(
            url=game_server.url, mode="watch", code=code)).run())
        guest = asyncio.create_task(Tournament(Settings(
            url=game_server.url, game="othello", size=4, level=1, mode="join",
            code=code)).run())
        played = await play_seat(host, code, 0, 2, Chooser())
    watched, joined_summary = await watcher, await guest
    [seen] = watched.results
    assert played.finished and seen.finished and seen.match == code
    assert (seen.winner, seen.score) == (played.winner, played.score)
    assert joined_summary.results[0].winner == played.winner


async def test_a_code_typed_in_lower_case_is_joined_and_played(
        game_server: GameServer, capsys: pytest.CaptureFixture[str]) -> None:
    async with Connection(game_server.url, "host") as host:
        await host.create("tictactoe", 3, vs="human")
        while not isinstance(joined := await host.recv(5), Joined):
            pass
        code = joined.match
        argv = ["--server", game_server.url, "--game", "tictactoe", "--level", "1",
                "--join", code.lower(), "--timeout", "20"]
        guest = asyncio.create_task(asyncio.to_thread(cli.main, argv))
        played = await play_seat(host, code, 0, 1, Chooser())
        assert await guest == 0
    assert played.finished
    assert "unfinished: 0" in capsys.readouterr().out
    assert Settings(url="ws://x", mode="watch", code=" k7qx ").code == "K7QX"


async def test_a_server_restart_mid_game_is_survived(make_server: MakeServer) -> None:
    # The level-5 seat searches in this process: its kernels compile (a cold cache in a
    # fresh clone takes longer than the wait below) before the game, not during it.
    await asyncio.to_thread(warm_up)
    server = await make_server()
    port = server.port
    settings = Settings(url=server.url, game="othello", size=6, level=5, seconds=0.05,
                        opponent_level=1, games=2, backoff=FAST, give_up=20)
    notices: list[str] = []
    running = asyncio.create_task(Tournament(settings, on_notice=notices.append).run())
    interrupted = await _wait_for_a_match_in_play(server, min_ply=6)
    await server.close()  # everything stays in the database
    async with asyncio.timeout(10):
        while not notices:  # the run noticed the drop before the server is back
            await asyncio.sleep(0.01)
    restarted = await make_server(port=port)
    summary = await asyncio.wait_for(running, 60)
    data = summary.to_dict()
    assert data["unfinished"] == [] and data["finished"] == 2
    assert interrupted in [r.match for r in summary.results]
    _check_against_server(restarted, summary)
    # The person running it was told, once each way.
    assert len(notices) == 2
    assert notices[0].startswith("Connection lost") and notices[1] == "Reconnected."


async def _wait_for_a_match_in_play(server: GameServer, min_ply: int) -> str:
    assert server.runner is not None
    for _ in range(1000):
        for match in server.runner.matches.values():
            if match.result is None and len(match.moves) >= min_ply:
                return match.code
        await asyncio.sleep(0.01)
    raise AssertionError("no match reached the ply")


async def test_games_that_cannot_finish_are_reported(make_server: MakeServer) -> None:
    server = await make_server()
    settings = Settings(url=server.url, game="othello", size=6, level=5, seconds=0.05,
                        opponent_level=1, games=3, backoff=FAST, give_up=0.5)
    running = asyncio.create_task(Tournament(settings).run())
    interrupted = await _wait_for_a_match_in_play(server, min_ply=2)
    await server.close()  # and it never comes back
    summary = await asyncio.wait_for(running, 30)
    data = summary.to_dict()
    assert data["games"] == 3 and data["finished"] == 0
    assert len(data["unfinished"]) == 3
    first = data["unfinished"][0]
    assert first["match"] == interrupted and "Gave up reconnecting" in first["reason"]
    assert all("never started: Gave up reconnecting" in u["reason"]
               for u in data["unfinished"][1:])
    assert "unfinished: 3" in summary.table()


async def test_a_server_that_forgot_us_costs_one_game_not_the_run(
        make_server: MakeServer, tmp_path: Path) -> None:
    server = await make_server()
    port = server.port
    settings = Settings(url=server.url, game="othello", size=6, level=5, seconds=0.05,
                        opponent_level=1, games=2, backoff=FAST, give_up=20)
    running = asyncio.create_task(Tournament(settings).run())
    interrupted = await _wait_for_a_match_in_play(server, min_ply=2)
    await server.close()
    await make_server(port=port, db=tmp_path / "wiped.sqlite3")  # a new, empty database
    summary = await asyncio.wait_for(running, 60)
    data = summary.to_dict()
    assert data["games"] == 2 and data["finished"] == 1
    [lost] = data["unfinished"]
    assert lost["match"] == interrupted and "no longer knew us" in lost["reason"]


async def test_a_token_file_resumes_a_game_left_by_an_earlier_run(
        game_server: GameServer, tmp_path: Path) -> None:
    token_file = tmp_path / "bot.token"
    async with Connection(game_server.url, "bot", token_file=token_file) as earlier:
        await earlier.create("othello", 4, vs="bot", level=1)
        while not isinstance(joined := await earlier.recv(5), Joined):
            pass
    settings = Settings(url=game_server.url, game="othello", size=4, level=1, games=1,
                        token_file=token_file)
    summary = await Tournament(settings).run()
    assert [r.match for r in summary.finished] == [joined.match]


async def test_json_summary_from_the_command_line(game_server: GameServer,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    # In a thread: main() runs its own event loop, the server runs in this one.
    argv = ["--server", game_server.url, "--game", "tictactoe", "--level", "1",
            "--opponent-level", "5", "--games", "2", "--json"]
    code = await asyncio.to_thread(cli.main, argv)
    data = json.loads(capsys.readouterr().out)
    assert code == 0
    assert data["games"] == 2 and data["wins"] == 0  # random never beats perfect play
    assert data["wins"] + data["draws"] + data["losses"] == 2
    assert data["opponent"] == "server bot level 5 (expert)"


async def test_the_table_from_the_command_line(game_server: GameServer,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--server", game_server.url, "--game", "othello", "--size", "4",
            "--level", "2", "--opponent-level", "1", "--games", "2"]
    code = await asyncio.to_thread(cli.main, argv)
    out = capsys.readouterr().out.splitlines()
    assert code == 0
    assert out[0].startswith("Othello 4x4: level 2 (greedy) vs server bot level 1 (random)")
    assert out[1].split() == ["games", "wins", "draws", "losses", "margin", "ms/move"]
    assert [line.split()[0] for line in out[2:5]] == ["as", "as", "total"]
    assert out[5] == "unfinished: 0"


@pytest.mark.parametrize("argv, message", [
    (["--game", "tictactoe", "--size", "4"], "Tic-tac-toe is played on size 3, not 4"),
    (["--level", "9"], "--level must be 1-5, not 9"),
    (["--watch", "ABCD", "--games", "2"], "--watch follows one match: --games must be 1"),
    (["--join", "ABCD", "--parallel", "2"], "--join follows one match: --parallel must be 1"),
    (["--pair", "--token-file", "t"], "--token-file keeps one player's token"),
    (["--games", "0"], "--games and --parallel must be at least 1"),
])
def test_bad_options_are_refused_clearly(argv: list[str], message: str,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        cli.main(["--server", "ws://127.0.0.1:1", *argv])
    assert exit_info.value.code == 2
    assert message in capsys.readouterr().err


def test_no_server_is_said_clearly(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["--server", "ws://127.0.0.1:1/", "--games", "1"]) == 1
    assert "no server at ws://127.0.0.1:1/" in capsys.readouterr().err


def test_choosing_a_discovered_server() -> None:
    ours = FoundServer("a", "ws://10.0.0.1:8765/", "10.0.0.1", 8765, 1, "0.1.0")
    future = FoundServer("b", "ws://10.0.0.2:8765/", "10.0.0.2", 8765, 2, "9.0")
    assert choose_server([future, ours]) is ours
    with pytest.raises(ConnectError, match="no taikyoku server found on the LAN"):
        choose_server([])
    with pytest.raises(ConnectError, match=r"speak another protocol: b at .* \(protocol 2\)"):
        choose_server([future])


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_progress_bar_updates_one_line_on_a_terminal_only() -> None:
    terminal = _Terminal()
    progress = cli.Progress(4, terminal)
    progress.update(GameResult(match="A", seat=0, finished=True, winner=0, score=(5, 3)))
    progress.update(GameResult(match="B", seat=1, finished=False, reason="lost"))
    text = terminal.getvalue()
    assert text.startswith("\r[#####...............] 1/4 games  W1 D0 L0")
    assert text.endswith("\r[##########..........] 2/4 games  W1 D0 L0 unfinished 1")
    assert "\n" not in text

    piped = io.StringIO()  # not a terminal: nothing, the summary alone goes to stdout
    cli.Progress(4, piped).update(GameResult(match="A", seat=0, finished=True, winner=None))
    assert piped.getvalue() == ""
