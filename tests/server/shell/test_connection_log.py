"""The log's lines about connections, on a clock the test moves: each address within
its budgets, a player's session ends apart from everything else, the rest summed up."""

from __future__ import annotations

import logging

import pytest

from server.shell.connection_log import ConnectionLog

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
    news = ConnectionLog(clock)
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
    news = ConnectionLog(Clock())
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
