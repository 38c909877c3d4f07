"""The web client over plain HTTP on the game server's own port (server/shell/web_files.py), asked
with raw requests on a real socket so every path reaches the server exactly as written."""

from __future__ import annotations

import fnmatch
import re
import signal
import subprocess
import sys
import time
import tomllib
import urllib.request
from importlib.resources import files

import pytest

import client.web
from server.shell import page
from server.shell.web_files import content_security_policy
from tests import ROOT
from tests.client.web.web_support import assert_safe_headers, http

INDEX = files(client.web).joinpath("index.html").read_bytes()








async def test_get_root_is_the_page(game_server) -> None:
    reply = await http(game_server, "GET", "/")
    assert (reply.protocol, reply.status, reply.reason) == ("HTTP/1.1", 200, "OK")
    assert reply.headers["content-type"] == "text/html; charset=utf-8"
    assert reply.body == INDEX
    assert reply.headers["content-length"] == str(len(INDEX))
    assert_safe_headers(reply, game_server.port)


@pytest.mark.parametrize("path", sorted(page.FILES))
async def test_every_listed_file_with_its_type(game_server, path: str) -> None:
    name, content_type = page.FILES[path]
    reply = await http(game_server, "GET", path)
    assert reply.status == 200
    assert reply.headers["content-type"] == content_type
    assert reply.body == files(client.web).joinpath(name).read_bytes()
    if content_type.startswith("text/"):
        assert content_type.endswith("; charset=utf-8")


async def test_head_has_the_headers_of_get_and_no_body(game_server) -> None:
    get = await http(game_server, "GET", "/")
    head = await http(game_server, "HEAD", "/")
    assert head.status == 200
    assert head.body == b""
    assert head.headers["content-length"] == str(len(INDEX))
    assert {k: v for k, v in head.headers.items() if k != "date"} == {
        k: v for k, v in get.headers.items() if k != "date"}
    missing = await http(game_server, "HEAD", "/nothing-here")
    assert (missing.status, missing.body) == (404, b"")


@pytest.mark.parametrize("target", [
    "/nothing-here", "/index.htm", "/../server/app.py", "/%2e%2e/", "/%2e%2e/server/app.py",
    "/..%2fserver%2fapp.py", "//etc/passwd", "/client/web/index.html", "/__init__.py",
    "/./", "/%2F", "*", "http://evil.example/", "/nothing-here?/",
])
async def test_anything_else_is_not_found(game_server, target: str) -> None:
    reply = await http(game_server, "GET", target)
    assert reply.status == 404
    assert reply.headers["content-type"] == "text/plain; charset=utf-8"
    assert reply.body == b"Not found. This game server serves its web client at /.\n"
    assert_safe_headers(reply, game_server.port)


@pytest.mark.parametrize("target", ["/?x=1", "/?file=../server/app.py", "/?"])
async def test_a_query_string_is_ignored(game_server, target: str) -> None:
    reply = await http(game_server, "GET", target)
    assert (reply.status, reply.body) == (200, INDEX)


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE", "OPTIONS", "PATCH", "BREW"])
async def test_other_methods_are_not_allowed(game_server, method: str) -> None:
    reply = await http(game_server, method, "/")
    assert reply.status == 405
    assert reply.headers["allow"] == "GET, HEAD"
    assert reply.body == f"{method} is not allowed here: this server answers GET and HEAD.\n" \
        .encode()


async def test_http_1_0_is_answered(game_server) -> None:
    reply = await http(game_server, "GET", "/", protocol="HTTP/1.0")
    assert (reply.status, reply.body) == (200, INDEX)


async def test_a_hostile_host_header_adds_nothing_to_the_policy(game_server) -> None:
    reply = await http(game_server, "GET", "/", host="x; script-src *")
    assert reply.status == 421  # not a name of this server (tests/server/test_host_check.py)
    policy = content_security_policy("x; script-src *")
    assert policy == content_security_policy(None)
    assert "script-src 'self';" in policy and "*" not in policy
    assert policy.endswith("connect-src 'self'")


def test_the_policy_admits_only_this_server() -> None:
    policy = content_security_policy("192.168.1.20:8765")
    directives = dict(d.strip().split(" ", 1) for d in policy.split(";"))
    assert directives["default-src"] == "'none'"
    assert directives["script-src"] == "'self'"
    assert directives["connect-src"] == "'self' ws://192.168.1.20:8765"
    assert content_security_policy("[::1]:8765").endswith("ws://[::1]:8765")


async def test_a_websocket_client_still_plays_on_the_same_port(game_server, connect) -> None:
    """An upgrade request goes on to the protocol: a whole game against the bot."""
    assert (await http(game_server, "GET", "/")).status == 200
    peer = await connect(game_server, name="Taro")
    state = await peer.create(game="tictactoe", vs="bot", bot={"level": 1})
    seat = next(p["seat"] for p in state["players"] if p["player"] == peer.player)
    final = await peer.play_out(state, seat)
    assert final["status"] == "over" and final["result"] is not None
    # an upgrade asked by any method but GET is refused by websockets itself
    refused = await http(game_server, "POST", "/", "Upgrade: websocket", "Connection: Upgrade")
    assert (refused.status, refused.headers["allow"]) == (405, "GET")


def test_every_listed_file_ships_in_the_package() -> None:
    """pyproject's package data covers each file the server serves (else a wheel lacks it)."""
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    patterns = pyproject["tool"]["setuptools"]["package-data"]["client.web"]
    for name, _ in page.FILES.values():
        assert any(fnmatch.fnmatch(name, p) for p in patterns), name


def test_taikyoku_serve_logs_the_browser_address_that_serves_the_page(tmp_path) -> None:
    """`taikyoku serve` on every interface names this machine's LAN addresses; each
    one, opened as a browser would, is the page."""
    log = tmp_path / "serve.log"
    proc = subprocess.Popen(
        [sys.executable, "-m", "server", "serve", "--port", "0", "--no-discovery",
         "--db", str(tmp_path / "db.sqlite3"), "--bot-workers", "1"],
        stdout=subprocess.DEVNULL, stderr=log.open("w"), cwd=ROOT,
    )
    try:
        end = time.monotonic() + 30
        while not (found := re.search(r"INFO Friends can open (.+) in a browser\n",
                                      log.read_text())):
            assert proc.poll() is None and time.monotonic() < end, log.read_text()
            time.sleep(0.05)
        urls = found[1].split(" or ")
        for url in urls:
            assert re.fullmatch(r"http://\d+\.\d+\.\d+\.\d+:\d+", url), url
            with urllib.request.urlopen(url, timeout=10) as reply:
                assert reply.status == 200 and reply.read() == INDEX
    finally:
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(30) == 0, log.read_text()
