"""The wire protocol: every message round-trips; any frame decodes or raises ProtocolError."""

from __future__ import annotations

import json

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shared import protocol as p

CLIENT_EXAMPLES = [
    p.Hello(protocol=1, name="Taro", token=None),
    p.Hello(protocol=1, name="花子", token="secret-token"),
    p.ListMatches(),
    p.Create(game="othello", size=8, vs="bot", seat="first", bot=p.BotChoice(level=4)),
    p.Create(game="tictactoe", vs="human", seat="random"),
    p.Create(game="othello", size=4, position=p.Position(board="." * 5 + "OX..XO" + "." * 5,
                                                           to_move=1)),
    p.Join(match="K7QXM2"),
    p.Watch(match="K7QXM2"),
    p.Leave(match="K7QXM2"),
    p.Move(match="K7QXM2", move=19, ply=4),
    p.Resign(match="K7QXM2"),
    p.Rematch(match="K7QXM2"),
]

PLAYERS = [p.PlayerInfo(seat=0, name="Taro", kind="human", connected=True, player="p_ab"),
           p.PlayerInfo(seat=1, name="expert", kind="bot", connected=True, level=5)]
SERVER_EXAMPLES = [
    p.Welcome(protocol=1, player="p_3k9a", token="t", server=p.ServerInfo("s", "0.1.0"),
              games=[p.GameSpec("othello", [4, 6, 8])], bots=[p.BotInfo(5, "expert")]),
    p.Lobby(matches=[p.MatchSummary("K7QXM2", "othello", 8, "playing", PLAYERS, 2)]),
    p.Joined(match="K7QXM2", seat=None, role="spectator"),
    p.State(match="K7QXM2", game="othello", size=4, ply=2, board="." * 16, to_move=0,
            legal=[1, 2], moves=[1, "pass"], status="playing", score=[3, 2], players=PLAYERS),
    p.State(match="K7QXM2", game="tictactoe", size=3, ply=5, board="XXXOO....", to_move=1,
            legal=[], moves=[0, 3, 1, 4, 2], status="over", score=[3, 2], players=PLAYERS,
            result=p.Result(winner=0, reason="line", score=[3, 2]), rematch=[1]),
    p.Error(code="illegal_move", message="d3 is not a legal move for X", ref="move",
            match="K7QXM2"),
]


@pytest.mark.parametrize("message", CLIENT_EXAMPLES, ids=lambda m: type(m).__name__)
def test_client_messages_round_trip(message: p.Message) -> None:
    text = p.encode(message)
    assert json.loads(text)["type"] == message.__struct_config__.tag
    assert p.decode_client(text) == message
    assert p.decode_client(text.encode()) == message


@pytest.mark.parametrize("message", SERVER_EXAMPLES, ids=lambda m: type(m).__name__)
def test_server_messages_round_trip(message: p.Message) -> None:
    assert p.decode_server(p.encode(message)) == message


def test_the_protocol_examples_decode() -> None:
    """The frames of PROTOCOL.md, verbatim."""
    for frame in [
        '{"type":"hello","protocol":1,"name":"Taro","token":null}',
        '{"type":"list"}',
        '{"type":"create","game":"othello","size":8,"vs":"bot","seat":"first",'
        '"bot":{"level":4},"position":null}',
        '{"type":"create","game":"tictactoe","vs":"human","seat":"random"}',
        '{"type":"join","match":"K7QX"}',
        '{"type":"move","match":"K7QX","move":19,"ply":4}',
    ]:
        assert p.decode_client(frame).__struct_config__.tag == json.loads(frame)["type"]


@pytest.mark.parametrize(
    ("frame", "code"),
    [
        ("", "bad_json"),
        ("{", "bad_json"),
        ("null", "bad_message"),
        ('{"type": 5}', "bad_message"),
        ('{"type": "welcome"}', "bad_message"),  # a server message from a client
        ('{"type": "move", "match": "A", "move": 1, "ply": -1}', "bad_message"),
        ('{"type": "move", "match": "A", "move": 99999999999999999999, "ply": 0}',
         "bad_message"),
        ('{"type": "move", "match": "A", "move": true, "ply": 0}', "bad_message"),
        ('{"type": "join", "match": ""}', "bad_message"),
        ('{"type": "create", "game": "othello", "seat": "middle"}', "bad_message"),
        ('{"type": "create", "game": "othello", "bot": {"level": 0}}', "bad_message"),
    ],
)
def test_bad_frames_raise_protocol_errors(frame: str, code: str) -> None:
    with pytest.raises(p.ProtocolError) as caught:
        p.decode_client(frame)
    assert caught.value.code == code and caught.value.message


def test_peek_type() -> None:
    assert p.peek_type('{"type": "hello", "protocol": "x"}') == "hello"
    assert p.peek_type('{"type": 3}') is None
    assert p.peek_type("[1]") is None and p.peek_type("nope") is None


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=15,
)
frames = st.one_of(
    st.text(),
    st.binary().map(bytes),
    json_values.map(json.dumps),
    st.builds(lambda kind, rest: json.dumps({"type": kind, **rest}),
              st.sampled_from(p.CLIENT_TYPES), st.dictionaries(st.text(max_size=8), json_values,
                                                               max_size=5)),
)


@settings(max_examples=200, deadline=None)
@given(frame=frames)
def test_decode_client_accepts_or_refuses_cleanly(frame: str | bytes) -> None:
    try:
        message = p.decode_client(frame)
    except p.ProtocolError as err:
        assert err.code in ("bad_json", "bad_message") and err.message
    else:  # whatever decodes re-encodes to an equal message
        assert isinstance(message, msgspec.Struct)
        assert p.decode_client(p.encode(message)) == message
