"""The log's lines about connections and matches, on a clock the test moves: each
address within its budgets, a player's session end apart from its other connections, a
game's end apart from the starts and unplayed ends of its matches, the rest summed up."""

from __future__ import annotations

import logging

import pytest

from server.room.effects import Effect, MatchNews
from server.shell.address_log import AddressLog
from shared.protocol import Create, Join, Move, Resign
from tests.server.room_support import Bench

LAN = "192.168.1.31"


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _lines(caplog: pytest.LogCaptureFixture) -> list[str]:
    lines = [record.getMessage() for record in caplog.records]
    caplog.clear()
    return lines


def test_a_loop_of_brief_connections_writes_ten_lines_then_one_a_minute_and_a_sum(
        caplog: pytest.LogCaptureFixture) -> None:
    clock = Clock()
    news = AddressLog(clock)
    with caplog.at_level(logging.INFO, logger="taikyoku.server"):
        for i in range(1000):
            news.note(LAN, "brief connections closed", logging.INFO, "closed %d", i)
        assert _lines(caplog) == [f"closed {i}" for i in range(10)]
        news.session_end(LAN, logging.INFO, "Hana closed")  # the flood hides no session
        news.note("192.168.1.40", "brief connections closed", logging.INFO, "elsewhere")
        assert _lines(caplog) == ["Hana closed", "elsewhere"]
        clock.now += 60
        news.note(LAN, "brief connections closed", logging.INFO, "a minute on")
        news.note(LAN, "connections refused (over the address's cap)", logging.INFO, "no")
        news.summarise()
        assert _lines(caplog) == [
            "a minute on",
            f"{LAN}, not logged one by one in the last 60 s: brief connections closed 990, "
            "connections refused (over the address's cap) 1"]
        news.summarise()  # nothing held back since
        assert _lines(caplog) == []


def test_a_session_end_has_its_own_budget_and_a_held_warning_sums_up_as_one(
        caplog: pytest.LogCaptureFixture) -> None:
    news = AddressLog(Clock())
    with caplog.at_level(logging.INFO, logger="taikyoku.server"):
        for i in range(61):
            news.session_end(LAN, logging.INFO, "session %d", i)
        for i in range(11):
            news.note(LAN, "brief connections closed",
                      logging.WARNING if i == 10 else logging.INFO, "brief %d", i)
        assert len(_lines(caplog)) == 60 + 10
        news.summarise()
    (summary,) = caplog.records
    assert summary.levelno == logging.WARNING
    assert summary.getMessage() == (f"{LAN}, not logged one by one in the last 0 s: "
                                    "players' connections closed 1, brief connections closed 1")


def _told(news: AddressLog, effects: list[Effect]) -> None:
    """What the shell does with the room's lines about matches."""
    for effect in effects:
        if isinstance(effect, MatchNews):
            news.match(effect)


def test_a_loop_of_matches_opened_and_abandoned_spends_its_share_and_hides_no_game(
        caplog: pytest.LogCaptureFixture) -> None:
    bench = Bench()
    news = AddressLog(lambda: bench.now)
    loop, taro, hana, mio = (bench.connect(name) for name in ("Loop", "Taro", "Hana", "Mio"))
    for person in (loop, taro, hana):
        person.address = LAN  # one machine: its matches share one share of the log
    mio.address = "192.168.1.40"
    with caplog.at_level(logging.INFO, logger="taikyoku.server"):
        for _ in range(300):  # each match opened against the bot (started), then resigned
            _told(news, bench.ask(loop, Create(game="tictactoe", vs="bot", seat="first")))
            (match,) = [m for m in bench.room.seated(loop.player or "") if m.result is None]
            _told(news, bench.ask(loop, Resign(match=match.code)))
        lines = _lines(caplog)
        assert len(lines) == 120  # 60 matches' start and end, of 300
        assert lines[-1].startswith("match ") and " over: tictactoe, Loop vs " in lines[-1]
        # a game played from the same machine meanwhile: its end is there
        _told(news, bench.ask(taro, Create(game="tictactoe", seat="first")))
        (game,) = bench.room.seated(taro.player or "")
        _told(news, bench.ask(hana, Join(match=game.code)))
        _told(news, bench.ask(taro, Move(match=game.code, move=4, ply=0)))
        bench.now += 30
        _told(news, bench.ask(hana, Resign(match=game.code)))
        # and another machine's match, all of it
        _told(news, bench.ask(mio, Create(game="tictactoe", vs="bot", seat="first")))
        (other,) = bench.room.seated(mio.player or "")
        _told(news, bench.ask(mio, Resign(match=other.code)))
        assert _lines(caplog) == [
            f"match {game.code} over: tictactoe, Taro vs Hana, Taro wins by resign (1-0, 1 move)",
            f"match {other.code} started: tictactoe, Mio vs minimax",
            f"match {other.code} over: tictactoe, Mio vs minimax, minimax wins by resign "
            "(0-0, 0 moves)"]
        news.summarise()
        assert _lines(caplog) == [f"{LAN}, not logged one by one in the last 30 s: "
                                  "matches started 241, matches over unplayed 240"]


def test_a_match_nobody_counts_is_always_logged(caplog: pytest.LogCaptureFixture) -> None:
    news = AddressLog(Clock())
    with caplog.at_level(logging.INFO, logger="taikyoku.server"):
        for i in range(200):  # restored after a restart, or opened from exempt loopback
            news.match(MatchNews(None, "started", "match %d started", (i,)))
    assert len(_lines(caplog)) == 200
