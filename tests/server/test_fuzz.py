"""Garbage frames from hypothesis: every one gets a valid reply, the server keeps serving.

The server runs in a background thread with its own event loop, so the property test
itself can be an ordinary (synchronous) hypothesis test using the sync client.
"""

from __future__ import annotations

import asyncio
import json
import threading
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from server.shell.app import GameServer, ServerConfig
from shared.games import new_game, replay
from shared.protocol import CLIENT_TYPES, decode_server


class ThreadedServer:
    """A GameServer on its own loop in a daemon thread (for synchronous tests)."""

    def __init__(self, config: ServerConfig) -> None:
        self.server = GameServer(config)
        self._ready = threading.Event()
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        self._loop.run_until_complete(self.server.start())
        self._ready.set()
        self._loop.run_until_complete(self.server.serve_forever())

    def __enter__(self) -> GameServer:
        self._thread.start()
        assert self._ready.wait(30), "the server did not start"
        return self.server

    def __exit__(self, *exc: object) -> None:
        asyncio.run_coroutine_threadsafe(self.server.close(), self._loop).result(30)
        self._thread.join(30)
        self._loop.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[GameServer]:
    db = Path(tmp_path_factory.mktemp("fuzz")) / "fuzz.sqlite3"
    config = ServerConfig(host="127.0.0.1", port=0, db=db, discovery=False,
                          bot_seconds=0.1, bot_workers=1)
    with ThreadedServer(config) as running:
        yield running


@contextmanager
def _hello(url: str) -> Iterator[ClientConnection]:
    with connect(url, max_size=None) as ws:
        ws.send(json.dumps({"type": "hello", "protocol": 1, "name": "fuzz"}))
        assert json.loads(ws.recv(timeout=10))["type"] == "welcome"
        yield ws


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**80), 2**80)
    | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=40),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner,
                                                                  max_size=5),
    max_leaves=20,
)
field_values = json_values | st.integers() | st.sampled_from(
    ["othello", "tictactoe", "bot", "human", "first", "random", "ZZZZZZ", "", "💥", "\x00"]
)
typed_frames = st.builds(
    lambda kind, fields: json.dumps({"type": kind, **fields}),
    st.sampled_from(CLIENT_TYPES + ("", "state", "TYPE")),
    st.dictionaries(
        st.sampled_from(["match", "move", "ply", "game", "size", "vs", "seat", "bot",
                         "position", "protocol", "name", "token", "level"]),
        field_values, max_size=6,
    ),
)
odd_text = st.text(st.characters(codec=None, exclude_categories=()), max_size=20)
"""Any code point, lone surrogates and NUL included: json.dumps writes them as escapes."""
deep = st.integers(1, 30_000).map(lambda n: "[" * n + "]" * n)
huge_number = st.integers(20, 20_000).map(lambda n: "9" * n) | st.sampled_from(
    ["1e400", "-1e400", "1E-400", "-0", "0.0e99999", "123456789012345678901234567890.5"])
raw_values = deep | huge_number | odd_text.map(json.dumps)
"""Values written straight into a frame: too deep to be a message, numbers no field
holds, odd Unicode."""
raw_frames = st.builds(
    lambda kind, key, value: f'{{"type": {json.dumps(kind)}, "{key}": {value}, "ply": 0}}',
    st.sampled_from(CLIENT_TYPES) | odd_text,
    st.sampled_from(["match", "move", "size", "protocol", "name", "text", "clock", "x"]),
    raw_values,
)
frames = st.one_of(
    st.text(max_size=200),  # mostly not JSON
    json_values.map(json.dumps),
    typed_frames,
    raw_frames,
    raw_values,
    st.binary(max_size=50).map(lambda b: b.decode("latin-1")),
)


@settings(max_examples=100, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(batch=st.lists(frames, min_size=1, max_size=6))
def test_garbage_frames_get_valid_replies(server: GameServer, batch: list[str]) -> None:
    with _hello(server.url) as ws:
        for frame in batch:
            ws.send(frame)
        ws.send('{"type": "list"}')
        while True:  # everything up to our lobby is a valid server frame
            reply = ws.recv(timeout=10)
            assert isinstance(reply, str)
            decode_server(reply)
            if json.loads(reply)["type"] == "lobby":
                break


DEEP = "[" * 5000 + "]" * 5000


@pytest.mark.parametrize(
    ("frame", "code"),
    [
        (DEEP, "bad_message"),  # closed the connection with 1011 and a traceback once
        ('{"type": "list", "x": ' + DEEP + "}", "bad_message"),
        ('{"type": "move", "match": "ABCDEF", "move": ' + DEEP + ', "ply": 0}', "bad_message"),
        ('{"a": ' * 5000 + "1" + "}" * 5000, "bad_message"),
        ('{"type": "move", "match": "ABCDEF", "move": ' + "9" * 5000 + ', "ply": 0}',
         "bad_message"),
        ('{"type": "move", "match": "ABCDEF", "move": 1, "ply": 1e400}', "bad_message"),
        ('{"type": "create", "game": "othello", "size": 18446744073709551616}', "bad_message"),
        # a lone surrogate escape is JSON, but no character: docs/protocol.md §1
        ('{"type": "hello", "protocol": 1, "name": "\\ud800"}', "bad_message"),
        ('{"type": "chat", "match": "ABCDEF", "text": "\\udfff"}', "bad_message"),
        ('{"type": "move\\u0000", "match": "ABCDEF", "move": 1, "ply": 0}', "bad_message"),
        ('{"type": "chat", "match": "ABC\\u0000EF", "text": "\\u0000"}', "unknown_match"),
        ('{"type": "list", "\\ud800": 1}', "bad_message"),
        ('{"type": "list"}\u0000', "bad_json"),
    ],
)
def test_frames_that_fail_to_decode_get_an_error_frame(server: GameServer, frame: str,
                                                        code: str) -> None:
    with _hello(server.url) as ws:
        ws.send(frame)
        reply = json.loads(ws.recv(timeout=10))
        assert (reply["type"], reply["code"]) == ("error", code), reply
        decode_server(json.dumps(reply))
        ws.send('{"type": "list"}')  # the connection goes on
        assert json.loads(ws.recv(timeout=10))["type"] == "lobby"


def test_invalid_utf8_closes_only_that_connection_with_1007(server: GameServer) -> None:
    """Not JSON's business: RFC 6455 has an endpoint fail a text frame that is not UTF-8
    (a raw surrogate, a cut sequence), so websockets closes with 1007; a lone surrogate
    written as a JSON escape is an ordinary bad frame (above)."""
    with _hello(server.url) as ws, _hello(server.url) as other:
        ws.send(b'{"type": "chat", "match": "ABCDEF", "text": "\xed\xa0\x80"}', text=True)
        with pytest.raises(ConnectionClosed):
            ws.recv(timeout=10)
        assert ws.close_code == 1007
        other.send('{"type": "list"}')
        assert json.loads(other.recv(timeout=10))["type"] == "lobby"


@pytest.mark.parametrize("frame", [b"\x00\x01binary", "x" * 70_000])
def test_binary_and_oversize_frames_close_only_that_connection(server, frame) -> None:
    with _hello(server.url) as ws:
        ws.send(frame)
        with pytest.raises(ConnectionClosed):
            ws.recv(timeout=10)
        assert ws.close_code == (1003 if isinstance(frame, bytes) else 1009)


def test_the_server_still_plays_a_normal_game_afterwards(server: GameServer) -> None:
    with _hello(server.url) as ws:
        ws.send(json.dumps({"type": "create", "game": "tictactoe", "vs": "bot",
                            "bot": {"level": 1}}))
        while True:
            msg = json.loads(ws.recv(timeout=10))
            if msg["type"] != "state":
                continue
            if msg["status"] == "over":
                break
            if msg["to_move"] == 0 and msg["legal"]:
                ws.send(json.dumps({"type": "move", "match": msg["match"],
                                    "move": msg["legal"][0], "ply": msg["ply"]}))
        # the game the server says it played is exactly what the rules make of its moves
        end = replay(new_game("tictactoe"), [int(m) for m in msg["moves"]])[-1]
        assert msg["board"] == end.board and end.is_over and msg["legal"] == []
        outcome = end.outcome()
        assert outcome is not None
        assert msg["result"] == {"winner": outcome.winner, "reason": "line",
                                 "score": list(outcome.score)}
