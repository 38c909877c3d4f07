"""The commands the docs show are the commands there are: every flag README.md,
docs/hosting.md and docs/bots.md name is a flag of a `taikyoku` command, and every flag
of `serve`, `records` and `bot` is explained where a host or a bot's author reads."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from client import cli

ROOT = Path(__file__).resolve().parent.parent
FLAG = re.compile(r"(?<![\w-])--[a-z][a-z0-9-]*")
OTHER_PROGRAMS = {"--no-deps",  # pip
                  "--add-port", "--add-service", "--permanent", "--reload",  # firewall-cmd
                  "--user", "--now"}  # systemctl, journalctl
"""Flags the docs show on other programs' command lines."""


def _flags(command: list[str], capsys: pytest.CaptureFixture[str]) -> set[str]:
    """The flags `taikyoku COMMAND --help` lists."""
    with pytest.raises(SystemExit) as done:
        cli.main([*command, "--help"])
    assert done.value.code == 0
    return set(FLAG.findall(capsys.readouterr().out)) - {"--help"}


def _named(doc: str) -> set[str]:
    return set(FLAG.findall((ROOT / doc).read_text("utf-8")))


def test_every_flag_the_docs_name_exists(capsys: pytest.CaptureFixture[str]) -> None:
    known = {"--help"}.union(*(_flags(command, capsys) for command in (
        ["serve"], ["records"], ["records", "prune"], ["bot"], ["play"], ["tui"])))
    for doc in ("README.md", "docs/hosting.md", "docs/bots.md"):
        assert _named(doc) - known - OTHER_PROGRAMS == set(), doc


@pytest.mark.parametrize(("command", "doc"), [
    (["serve"], "docs/hosting.md"),
    (["records"], "docs/hosting.md"),
    (["records", "prune"], "docs/hosting.md"),
    (["bot"], "docs/bots.md"),
])
def test_every_flag_is_explained(command: list[str], doc: str,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    assert _flags(command, capsys) - _named(doc) == set()


def test_every_close_code_the_server_gives_is_in_the_protocols_table() -> None:
    """The codes the server closes with itself, and those websockets closes with for it
    (a frame too large, not UTF-8, no pong, the server going away), are in §8."""
    from websockets.frames import CloseCode

    from server.shell.session import SLOW_READER

    source = "\n".join(path.read_text("utf-8") for path in (ROOT / "server").rglob("*.py"))
    own = {CloseCode[name] for name in re.findall(r"CloseCode\.([A-Z_]+)", source)}
    library = {CloseCode.MESSAGE_TOO_BIG, CloseCode.INVALID_DATA, CloseCode.INTERNAL_ERROR,
               CloseCode.GOING_AWAY, CloseCode.NORMAL_CLOSURE}
    protocol = (ROOT / "docs" / "protocol.md").read_text("utf-8")
    table = protocol.split("| close code | meaning |", 1)[1].split("\n\n", 1)[0]
    listed = {int(code) for code in re.findall(r"^\| (\d{4}) \|", table, re.MULTILINE)}
    assert len(own) >= 3
    assert {int(code) for code in own | library} | {SLOW_READER} == listed


def _requirement_names() -> set[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]
    return {re.split(r"[<>=!~ \[;]", requirement, maxsplit=1)[0]
            for requirement in project["dependencies"]}


def test_the_dependencies_the_docs_list_are_the_projects() -> None:
    """A platform without numba's wheels installs the others by name, from
    docs/rules-and-bots.md: a missing one fails at import, not at install."""
    guide = (ROOT / "docs" / "rules-and-bots.md").read_text("utf-8")
    command = re.search(r"`pip install --no-deps -e \. && pip install ([^`]+)`", guide)
    assert command is not None
    assert set(command.group(1).split()) == _requirement_names() - {"numba"}
    readme = (ROOT / "README.md").read_text("utf-8")
    listed = re.search(r"Everything else comes from PyPI \(([^)]+)\)", readme)
    assert listed is not None
    assert set(re.findall(r"`([\w.-]+)`", listed.group(1))) == _requirement_names()


def test_the_architecture_names_every_module() -> None:
    """docs/architecture.md maps the modules: a new one is named where it belongs."""
    mapped = (ROOT / "docs" / "architecture.md").read_text("utf-8")
    modules = [path for package in ("shared", "server", "client")
               for path in (ROOT / package).rglob("*.py")
               if path.stem not in ("__init__", "__main__")]
    assert len(modules) > 100
    assert [str(path.relative_to(ROOT)) for path in modules
            if f"{path.stem}.py" not in mapped] == []


def test_the_hosting_tables_give_serves_defaults() -> None:
    """Each row of docs/hosting.md's tables that gives a `serve` flag a number as its
    default gives the one the flag has."""
    from server.cli import _serve_parser

    defaults = {option: action.default for action in _serve_parser()._actions
                for option in action.option_strings}
    checked = 0
    for line in (ROOT / "docs" / "hosting.md").read_text("utf-8").splitlines():
        cells = line.strip().strip("|").split("|") if line.startswith("|") else []
        for cell, default in zip(cells, cells[1:]):
            flags = re.findall(r"`(--[a-z-]+)[^`]*`", cell)
            numbers = re.findall(r"`(\d+(?:\.\d+)?)`", default)
            if flags and len(numbers) == len(flags):
                assert [float(n) for n in numbers] == [defaults[f] for f in flags], line
                checked += 1
            if flags:
                break
    assert checked >= 20


def test_the_protocols_limits_are_the_servers_defaults() -> None:
    """docs/protocol.md §8: each limit's default, as the server's settings give it."""
    from server.config import ServerConfig
    from server.room.chat import CHAT_BURST, CHAT_RATE
    from shared.protocol import CHAT_MAX_CHARS

    cfg = ServerConfig()
    expected = {
        "frame size": f"{cfg.max_frame // 1024} KiB",
        "messages per connection": f"{cfg.rate:g}/s on average, bursts of {cfg.burst};",
        "connections per remote address": f"{cfg.max_connections_per_address} ",
        "new players per address": f"{cfg.new_players_per_minute} a minute",
        "unfinished matches opened per address": f"{cfg.unfinished_per_address}",
        "matches opened (and so stored)": f"{cfg.stored_matches_per_hour:,} an hour and "
                                          f"{cfg.stored_matches_per_day:,} a day",
        "requests naming a match code": f"{cfg.failed_lookups_per_minute} a minute",
        "bot moves, hints and reviews": f"{cfg.engine_per_address}",
        "unfinished matches per player": f"{cfg.max_matches_per_player}",
        "spectators per match": f"{cfg.max_spectators}",
        "spectators of one match from one address": f"{cfg.spectators_per_address}",
        "matches one connection watches": f"{cfg.max_watching}",
        "keepalive": f"ping every {cfg.ping_interval:g} s, {cfg.ping_timeout:g} s to answer",
        "frames sent to you and not yet read": f"{cfg.max_outgoing // 2**20} MiB",
        "frames sent to your address's connections": f"{cfg.max_outgoing_per_address // 2**20} "
                                                     "MiB",
        "time from the upgrade": f"{cfg.hello_timeout:g} s",
        "chat line ": f"{CHAT_MAX_CHARS} characters",
        "chat lines per connection": f"{CHAT_BURST} at once, then one every "
                                     f"{1 / CHAT_RATE:g} s",
    }
    page = (ROOT / "docs" / "protocol.md").read_text("utf-8")
    table = page.split("| limit | default | over it |", 1)[1].split("\n\n", 1)[0]
    rows = [line.strip("|").split("|") for line in table.splitlines()[2:]]
    for label, default in expected.items():
        found = [cells[1].strip() for cells in rows if f"{cells[0].strip()} ".startswith(label)]
        assert len(found) == 1 and found[0].startswith(default), (label, found)
