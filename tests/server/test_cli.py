"""`taikyoku serve` flags become the server's configuration; bad values are refused."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from server.cli import _serve_parser, config_from_args, serve_main
from server.shell.app import ServerConfig


def test_defaults_match_the_config_defaults() -> None:
    config = config_from_args(_serve_parser().parse_args([]))
    defaults = ServerConfig()
    assert config == ServerConfig(name=defaults.name)
    assert (config.host, config.port, config.discovery) == ("0.0.0.0", 8765, True)


def test_every_flag_reaches_the_config() -> None:
    args = _serve_parser().parse_args([
        "--host", "127.0.0.1", "--port", "0", "--db", "games.sqlite3", "--name", "Den",
        "--no-discovery", "--grace", "5", "--bot-hold", "600", "--bot-seconds", "0.5",
        "--bot-workers", "2",
        "--max-frame", "1024", "--rate", "3", "--burst", "6",
        "--max-connections-per-address", "4", "--max-matches-per-player", "2",
        "--max-spectators", "7", "--spectators-per-address", "3", "--max-watching", "5",
        "--ping-interval", "9", "--max-connections", "900",
        "--max-outgoing", "65536", "--max-outgoing-per-address", "1048576",
        "--hello-timeout", "3",
    ])
    assert config_from_args(args) == ServerConfig(
        host="127.0.0.1", port=0, db=Path("games.sqlite3"), name="Den", discovery=False,
        grace=5.0, bot_hold=600.0, bot_seconds=0.5, bot_workers=2, max_frame=1024, rate=3.0,
        burst=6,
        max_connections_per_address=4, max_matches_per_player=2, max_spectators=7,
        spectators_per_address=3, max_watching=5,
        ping_interval=9.0, ping_timeout=9.0, max_connections=900, max_outgoing=65536,
        max_outgoing_per_address=1048576, hello_timeout=3.0,
    )


@pytest.mark.parametrize(("flags", "why"), [
    (["--grace", "0"], "must be more than 0, got 0"),
    (["--rate", "-1"], "must be more than 0, got -1"),
    (["--burst", "x"], "'x' is not a whole number"),
    (["--max-spectators", "1.5"], "'1.5' is not a whole number"),
    (["--port", "many"], "'many' is not a whole number"),
    (["--port", "70000"], "must be 0 to 65535, got 70000"),
    (["--port", "-1"], "must be 0 to 65535, got -1"),
    (["--grace", "nan"], "must be a finite number, got nan"),
    (["--ping-interval", "inf"], "must be a finite number, got inf"),
    (["--bot-seconds", "-0.5"], "must be more than 0, got -0.5"),
    (["--bot-hold", "0"], "must be more than 0, got 0"),
])
def test_bad_values_are_refused(flags, why, capsys) -> None:
    with pytest.raises(SystemExit) as done:
        _serve_parser().parse_args(flags)
    assert done.value.code == 2
    assert f"argument {flags[0]}: {why}" in capsys.readouterr().err


@pytest.mark.parametrize("port", ["0", "65535"])
def test_the_ends_of_the_port_range_are_accepted(port) -> None:
    assert _serve_parser().parse_args(["--port", port]).port == int(port)


def test_a_port_in_use_is_a_clear_error(tmp_path, capsys) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code = serve_main(["--host", "127.0.0.1", "--port", str(port), "--no-discovery",
                           "--db", str(tmp_path / "db.sqlite3"), "-q"])
    assert code == 1
    assert "cannot start" in capsys.readouterr().err


def test_a_file_that_is_not_a_database_is_a_clear_error(tmp_path, capsys) -> None:
    db = tmp_path / "notes.txt"
    db.write_text("hello\n")
    code = serve_main(["--host", "127.0.0.1", "--port", "0", "--no-discovery",
                       "--db", str(db), "-q"])
    assert code == 1
    assert capsys.readouterr().err == (
        f"taikyoku serve: cannot start: {db} is not a taikyoku database "
        "(file is not a database)\n")
    assert db.read_text() == "hello\n"
