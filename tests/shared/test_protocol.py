"""The wire protocol: every message round-trips; any frame decodes or raises ProtocolError."""

from __future__ import annotations

import functools
import json
import re
import typing
import unicodedata
from typing import Any, get_args

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shared import protocol as p
from tests import ROOT

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
    p.Create(game="othello", vs="human", clock=p.Clock(initial=300, increment=2), hints=True),
    p.Takeback(match="K7QXM2", ply=7),
    p.Takeback(match="K7QXM2"),
    p.TakebackAnswer(match="K7QXM2", accept=False),
    p.Hint(match="K7QXM2"),
    p.Analyse(match="K7QXM2"),
    p.Chat(match="K7QXM2", text="good luck! よろしく"),
]

PLAYERS = [p.PlayerInfo(seat=0, name="Taro", kind="human", connected=True, player="p_ab"),
           p.PlayerInfo(seat=1, name="expert", kind="bot", connected=True, level=5)]
SERVER_EXAMPLES = [
    p.Welcome(protocol=1, player="p_3k9a", token="t", server=p.ServerInfo("s", "0.1.0"),
              games=[p.GameSpec("othello", [4, 6, 8])], bots=[p.BotInfo(5, "expert")]),
    p.Lobby(matches=[p.MatchSummary("K7QXM2", "othello", 8, "playing", PLAYERS, 2)]),
    p.Joined(match="K7QXM2", seat=None, role="spectator"),
    p.MatchState(match="K7QXM2", game="othello", size=4, ply=2, board="." * 16, to_move=0,
            legal=[1, 2], moves=[1, "pass"], status="playing", score=[3, 2], players=PLAYERS),
    p.MatchState(match="K7QXM2", game="tictactoe", size=3, ply=5, board="XXXOO....", to_move=1,
            legal=[], moves=[0, 3, 1, 4, 2], status="over", score=[3, 2], players=PLAYERS,
            result=p.Result(winner=0, reason="line", score=[3, 2]), rematch=[1]),
    p.Error(code="illegal_move", message="d3 is not a legal move for X", ref="move",
            match="K7QXM2"),
    p.Welcome(protocol=1, player="p_3k9a", token="t", server=p.ServerInfo("s", "0.2.0"),
              games=[], bots=[], features=list(p.FEATURES)),
    p.Lobby(matches=[p.MatchSummary("K7QXM2", "othello", 8, "waiting", PLAYERS[:1], 0,
                                    hints=True, clock=p.Clock(60.0, 1.5))]),
    p.MatchState(match="K7QXM2", game="othello", size=4, ply=2, board="." * 16, to_move=1,
            legal=[1, 2], moves=[1, "pass"], status="playing", score=[3, 2], players=PLAYERS,
            takeback=p.TakebackOffer(seat=0, ply=0), hints=True,
            clock=p.ClockState(initial=60.0, increment=0.0, remaining=[58.125, 60.0],
                               running=1)),
    p.MatchState(match="K7QXM2", game="othello", size=4, ply=2, board="." * 16, to_move=1,
            legal=[], moves=[1, "pass"], status="over", score=[3, 2], players=PLAYERS,
            result=p.Result(winner=0, reason="time", score=[3, 2]),
            clock=p.ClockState(initial=60.0, increment=0.0, remaining=[12.5, 0.0])),
    p.TakebackDeclined(match="K7QXM2", seat=1),
    p.Analysis(match="K7QXM2", ply=6, moves=[p.ScoredMove(19, 4, False, 9),
                                             p.ScoredMove(37, -2, True, 12)]),
    p.Review(match="K7QXM2", plies=[p.PlyReview(0, 0, 19, 19, 0, 0, False, 10),
                                    p.PlyReview(1, 1, 18, 20, 1, 3, True, 59)]),
    p.ChatLine(match="K7QXM2", seq=3, time=1795400000.123, seat=None, player="p_8d2m",
               name="Hana", text="nice move"),
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
        # docs/protocol.md §11
        '{"type":"takeback","match":"K7QXM2","ply":7}',
        '{"type":"takeback_answer","match":"K7QXM2","accept":true}',
        '{"type":"hint","match":"K7QXM2"}',
        '{"type":"analyse","match":"K7QXM2"}',
        '{"type":"create","game":"othello","size":8,"vs":"human",'
        '"clock":{"initial":300,"increment":2}}',
        '{"type":"chat","match":"K7QXM2","text":"good luck!"}',
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
        ('{"type": "create", "game": "othello", "clock": {"initial": 0}}', "bad_message"),
        ('{"type": "create", "game": "othello", "clock": {"initial": 86401}}', "bad_message"),
        ('{"type": "create", "game": "othello", "clock": {"initial": "300"}}', "bad_message"),
        ('{"type": "create", "game": "othello", "clock": {"increment": 2}}', "bad_message"),
        ('{"type": "create", "game": "othello", "clock": {"initial": 60, "increment": -1}}',
         "bad_message"),
        ('{"type": "create", "game": "othello", "clock": {"initial": 60, "increment": 3601}}',
         "bad_message"),
        ('{"type": "create", "game": "othello", "hints": "yes"}', "bad_message"),
        ('{"type": "takeback"}', "bad_message"),
        ('{"type": "takeback", "match": "A", "ply": -1}', "bad_message"),
        ('{"type": "takeback_answer", "match": "A"}', "bad_message"),
        ('{"type": "takeback_answer", "match": "A", "accept": 1}', "bad_message"),
        ('{"type": "hint", "match": ""}', "bad_message"),
        ('{"type": "analyse"}', "bad_message"),
        ('{"type": "chat", "match": "A"}', "bad_message"),
        ('{"type": "chat", "match": "A", "text": ""}', "bad_message"),
        ('{"type": "chat", "match": "A", "text": ["hi"]}', "bad_message"),
        ('{"type": "review", "match": "A", "plies": []}', "bad_message"),  # server -> client
    ],
)
def test_bad_frames_raise_protocol_errors(frame: str, code: str) -> None:
    with pytest.raises(p.ProtocolError) as caught:
        p.decode_client(frame)
    assert caught.value.code == code and caught.value.message


def test_peek() -> None:
    assert p.peek('{"type": "hello", "protocol": "x"}') == ("hello", None)
    assert p.peek('{"type": 3, "match": "k7qxm2", "move": 1e999}') == (None, "k7qxm2")
    assert p.peek('{"type": "move", "match": 7}') == ("move", None)
    assert p.peek('{"match": "' + "K" * 17 + '"}') == (None, None)  # no match code
    assert p.peek("[1]") == (None, None) and p.peek("nope") == (None, None)
    assert p.peek('{"type": "list", "x": ' + "[" * 5000 + "]" * 5000 + "}") == (None, None)


@pytest.mark.parametrize("frame", [
    "[" * 5000 + "]" * 5000,
    '{"type": "list", "x": ' + "[" * 5000 + "]" * 5000 + "}",
    '{"a": ' * 5000 + "1" + "}" * 5000,
])
def test_a_frame_nested_thousands_deep_is_a_bad_message(frame: str) -> None:
    with pytest.raises(p.ProtocolError) as refused:
        p.decode_client(frame)
    assert refused.value.code == "bad_message"
    with pytest.raises(p.ProtocolError):
        p.decode_server(frame)


@pytest.mark.parametrize("text", ["\\ud800", "a\\udfffb", "\\ud800\\ud800",
                                  "\\\\\\ud800"])
def test_a_lone_surrogate_escape_is_a_bad_message_saying_why(text: str) -> None:
    """JSON's grammar allows ``"\\ud800"``, so it is no bad_json (not JSON), but no text
    holds it: bad_message, and the frame's type, match and id are still read."""
    frame = f'{{"type": "chat", "match": "K7QXM2", "text": "{text}", "id": 7}}'
    with pytest.raises(p.ProtocolError) as refused:
        p.decode_client(frame)
    assert refused.value.code == "bad_message" and "lone surrogate" in refused.value.message
    assert p.peek(frame) == ("chat", "K7QXM2") and p.request_id(frame) == 7


@pytest.mark.parametrize("frame", ['{"type": "list", "x": "\\ud800",',
                                   '{"type": "list", "x": "\\\\ud800\\q"}'])
def test_broken_json_with_a_surrogate_escape_is_still_bad_json(frame: str) -> None:
    with pytest.raises(p.ProtocolError) as refused:
        p.decode_client(frame)
    assert refused.value.code == "bad_json"


def test_an_escaped_backslash_before_u_is_no_surrogate_escape() -> None:
    chat = p.decode_client('{"type": "chat", "match": "K7QXM2", "text": "\\\\ud800"}')
    assert isinstance(chat, p.Chat) and chat.text == "\\ud800"
    paired = p.decode_client('{"type": "hello", "protocol": 1, "name": "\\ud83d\\udca5"}')
    assert isinstance(paired, p.Hello) and paired.name == "\U0001f4a5"


@pytest.mark.parametrize(("name", "kept"), [
    ("  Taro\n", "Taro"), ("花子", "花子"), ("山田\u3000太郎", "山田\u3000太郎"),
    ("か\u3099ー", "か\u3099ー"), ("Nguyê\u0323n", "Nguyê\u0323n"), ("ｶﾞﾝﾀﾞﾑ", "ｶﾞﾝﾀﾞﾑ"),
    ("\u2764\ufe0f", "\u2764\ufe0f"), (" \u3000 ", ""),
])
def test_names_people_write_are_kept(name: str, kept: str) -> None:
    assert p.name_text(name) == kept


@pytest.mark.parametrize(("name", "says"), [
    ("\u3164", "draws nothing"), ("\u2800", "draws nothing"), ("Ta\u115fro", "draws nothing"),
    ("\uffa0", "draws nothing"), ("a\u034fb", "draws nothing"),
    ("Ta\u200bro", "format character"), ("\u202eoraT", "format character"),
    ("Ta\u2066ro", "format character"), ("\u00ad", "format character"),
    ("Ta\u2028ro", "line or paragraph separator"), ("Ta\u2029ro", "line or paragraph"),
    ("Ta\x1b[31mro", "control character"), ("Ta\x00ro", "control character"),
    ("e" + "\u0301" * 4, "at most 3 combining marks"), ("\u0301Taro", "begin with"),
    ("Z" + "\u0336\u0335\u0334\u0337\u0338" * 5, "at most 3 combining marks"),
])
def test_blank_looking_and_invisible_names_are_bad_names(name: str, says: str) -> None:
    with pytest.raises(p.ProtocolError) as refused:
        p.name_text(name)
    assert refused.value.code == "bad_name" and says in refused.value.message


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


# ---- issue 12: the optional features stay compatible both ways ---------------------

ADDED_FIELDS: dict[type[msgspec.Struct], set[str]] = {
    p.Welcome: {"features"},
    p.MatchState: {"takeback", "hints", "clock"},
    p.Create: {"clock", "hints"},
    p.MatchSummary: {"hints", "clock"},
}
"""The fields the optional features added to messages that existed before them."""


@functools.cache
def earlier(kind: type[msgspec.Struct]) -> type[msgspec.Struct]:
    """The message as a client or server from before the optional features declared it:
    the same struct without the fields they added."""
    kept: list[Any] = []
    for f in msgspec.structs.fields(kind):
        if f.name in ADDED_FIELDS.get(kind, set()):
            continue
        if f.required:
            kept.append((f.name, f.type))
        elif f.default_factory is not msgspec.NODEFAULT:
            kept.append((f.name, f.type, msgspec.field(default_factory=f.default_factory)))
        else:
            kept.append((f.name, f.type, f.default))
    config = kind.__struct_config__
    return msgspec.defstruct(kind.__name__, kept, tag_field=config.tag_field, tag=config.tag)


OLD_FRAMES = {
    p.Welcome: '{"type":"welcome","protocol":1,"player":"p_3k9a","token":"t",'
               '"server":{"name":"s","version":"0.1.0"},"games":[],"bots":[]}',
    p.MatchState: '{"type":"state","match":"K7QXM2","game":"tictactoe","size":3,"ply":0,'
             '"board":".........","to_move":0,"legal":[0,1,2,3,4,5,6,7,8],"moves":[],'
             '"status":"playing","score":[0,0],"players":[],"result":null,"rematch":[]}',
    p.Create: '{"type":"create","game":"othello","size":8,"vs":"human","seat":"first",'
              '"bot":null,"position":null}',
}


@pytest.mark.parametrize("kind", list(OLD_FRAMES), ids=lambda k: k.__name__)
def test_frames_from_before_the_features_decode_with_defaults(kind: type[msgspec.Struct]) -> None:
    frame = OLD_FRAMES[kind]
    decode = p.decode_client if kind is p.Create else p.decode_server
    message = decode(frame)
    assert type(message) is kind
    defaults = {f.name: f.default_factory() if f.default_factory is not msgspec.NODEFAULT
                else f.default for f in msgspec.structs.fields(kind)}
    assert {name: getattr(message, name) for name in ADDED_FIELDS[kind]} == {
        name: defaults[name] for name in ADDED_FIELDS[kind]}
    # and the earlier shape reads the new encoding of it the same way
    assert msgspec.json.decode(p.encode(message), type=earlier(kind)) == \
        msgspec.json.decode(frame, type=earlier(kind))


@pytest.mark.parametrize(
    "message",
    [m for m in CLIENT_EXAMPLES + SERVER_EXAMPLES if type(m) in ADDED_FIELDS]
    + [m for s in SERVER_EXAMPLES if isinstance(s, p.Lobby) for m in s.matches],
    ids=lambda m: type(m).__name__,
)
def test_new_frames_decode_in_an_earlier_client_or_server(message: msgspec.Struct) -> None:
    """An old peer ignores the added fields and reads every other field unchanged."""
    kind = type(message)
    old = msgspec.json.decode(msgspec.json.encode(message), type=earlier(kind))
    for f in msgspec.structs.fields(old):
        assert getattr(old, f.name) == getattr(message, f.name)


def test_an_earlier_server_ignores_the_new_create_options() -> None:
    """What docs/protocol.md §11 warns of: check welcome.features before asking."""
    frame = p.encode(p.Create(game="othello", clock=p.Clock(initial=60), hints=True))
    old = msgspec.json.decode(frame, type=earlier(p.Create))
    assert not hasattr(old, "clock") and not hasattr(old, "hints")


def test_clock_seconds_accept_json_integers() -> None:
    create = p.decode_client('{"type":"create","game":"othello","clock":{"initial":300}}')
    assert isinstance(create, p.Create)
    assert create.clock == p.Clock(initial=300.0, increment=0.0)


# ---- chat text: its length is the server's check, with its own error code ----------


def test_an_over_long_chat_line_decodes_and_is_refused_by_its_own_code() -> None:
    """The schema takes any length (up to the frame limit); chat_text refuses it by name."""
    at_limit, over = "あ" * p.CHAT_MAX_CHARS, "あ" * (p.CHAT_MAX_CHARS + 1)
    for text in (at_limit, over):
        message = p.decode_client(p.encode(p.Chat(match="K7QXM2", text=text)))
        assert isinstance(message, p.Chat) and message.text == text
    assert p.chat_text(at_limit) == at_limit
    with pytest.raises(p.ProtocolError) as caught:
        p.chat_text(over)
    assert caught.value.code == "text_too_long" and "200" in caught.value.message


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("  gg  ", "gg"),
        ("red\x1b[31m alert\n", "red[31m alert"),
        ("\u202eevil", "evil"),
        ("tab\there", "tabhere"),
        ("👍 よろしく", "👍 よろしく"),
    ],
)
def test_chat_text_drops_control_and_format_characters(text: str, shown: str) -> None:
    assert p.chat_text(text) == shown


@pytest.mark.parametrize("text", ["", "   ", "\n\r\t", "\x00\x1b", "\u200b\u202e"])
def test_a_chat_line_with_nothing_printable_is_a_bad_message(text: str) -> None:
    with pytest.raises(p.ProtocolError) as caught:
        p.chat_text(text)
    assert caught.value.code == "bad_message"


@settings(max_examples=300, deadline=None)
@given(text=st.text(max_size=p.CHAT_MAX_CHARS))
def test_chat_text_is_printable_stripped_and_stable(text: str) -> None:
    try:
        shown = p.chat_text(text)
    except p.ProtocolError as err:
        assert err.code == "bad_message"
        assert all(unicodedata.category(ch)[0] == "C" or ch.isspace() for ch in text)
        return
    assert shown and shown == shown.strip() and len(shown) <= len(text)
    assert all(unicodedata.category(ch)[0] != "C" for ch in shown)
    assert p.chat_text(shown) == shown


# ---- the new server messages round-trip whatever they carry ------------------------

scored_moves = st.builds(p.ScoredMove, move=st.integers(0, 63), score=st.integers(-64, 64),
                         exact=st.booleans(), depth=st.integers(0, 64))
seats = st.sampled_from([0, 1])
server_feature_messages = st.one_of(
    st.builds(p.Analysis, match=st.just("K7QXM2"), ply=st.integers(0, 120),
              moves=st.lists(scored_moves, max_size=30)),
    st.builds(p.Review, match=st.just("K7QXM2"), plies=st.lists(st.builds(
        p.PlyReview, ply=st.integers(0, 120), seat=seats, played=st.integers(0, 63),
        best=st.integers(0, 63), score=st.integers(-64, 64), loss=st.integers(0, 128),
        exact=st.booleans(), depth=st.integers(0, 64)), max_size=10)),
    st.builds(p.ChatLine, match=st.just("K7QXM2"), seq=st.integers(1, 10**9),
              time=st.floats(0, 4e9), seat=st.none() | seats, player=st.text(max_size=12),
              name=st.text(max_size=32), text=st.text(max_size=p.CHAT_MAX_CHARS)),
    st.builds(p.TakebackDeclined, match=st.just("K7QXM2"), seat=seats),
    st.builds(p.ClockState, initial=st.floats(1, 86400), increment=st.floats(0, 3600),
              remaining=st.lists(st.floats(0, 86400), min_size=2, max_size=2),
              running=st.none() | seats).map(
        lambda clock: p.MatchState(match="K7QXM2", game="othello", size=8, ply=0, board="." * 64,
                              to_move=0, legal=[], moves=[], status="playing",
                              score=[2, 2], players=[], clock=clock)),
)


@settings(max_examples=200, deadline=None)
@given(message=server_feature_messages)
def test_feature_messages_round_trip(message: p.Message) -> None:
    assert p.decode_server(p.encode(message)) == message


# ---- docs/protocol.md names every code, message and feature -------------------------

PROTOCOL_DOC = (ROOT / "docs" / "protocol.md").read_text("utf-8")


def test_the_error_table_lists_every_code_in_order() -> None:
    errors = PROTOCOL_DOC.split("## 7. Errors", 1)[1].split("\n## ", 1)[0]
    assert tuple(re.findall(r"^\| `(\w+)` \|", errors, re.MULTILINE)) == p.ERROR_CODES


def test_the_features_table_lists_every_feature() -> None:
    features = PROTOCOL_DOC.split("## 11. Optional features", 1)[1].split("\n### ", 1)[0]
    assert tuple(re.findall(r"^\| `(\w+)` \|", features, re.MULTILINE)) == p.FEATURES


def test_every_message_type_has_an_example_in_the_document() -> None:
    server_types = [str(k.__struct_config__.tag) for k in get_args(p.ServerMessage)]
    missing = [kind for kind in (*p.CLIENT_TYPES, *server_types)
               if f'"type":"{kind}"' not in PROTOCOL_DOC]
    assert missing == []


def _structs(kind: Any) -> set[type[msgspec.Struct]]:
    """The Structs a message type is made of, itself included, at any depth."""
    if isinstance(kind, type) and issubclass(kind, msgspec.Struct):
        hints = typing.get_type_hints(kind, include_extras=True).values()
        return {kind}.union(*(_structs(hint) for hint in hints))
    return set().union(*(_structs(arg) for arg in get_args(kind)))


def test_every_field_of_every_message_is_named_in_the_document() -> None:
    structs = _structs(p.ClientMessage) | _structs(p.ServerMessage)
    assert len(structs) > 30
    missing = [f"{kind.__name__}.{field.name}" for kind in structs
               for field in msgspec.structs.fields(kind)
               if f"`{field.name}`" not in PROTOCOL_DOC and f'"{field.name}"' not in PROTOCOL_DOC]
    assert missing == []


def _shown_frames() -> list[dict[str, Any]]:
    """Every frame docs/protocol.md shows whole (its lines joined); one abridged with
    "..." is not JSON and is left out."""
    frames, lines = [], PROTOCOL_DOC.splitlines()
    for i, line in enumerate(lines):
        if (start := re.match(r"\s*(?:C→S |S→C )?(\{\"type\".*)", line)) is None:
            continue
        text, j = start.group(1), i
        while text.count("{") > text.count("}") and j + 1 < len(lines):
            j += 1
            text += lines[j].strip()
        try:
            frames.append(json.loads(re.sub(r"\s+\(.*\)$", "", text)))
        except json.JSONDecodeError:
            continue
    return frames


def _fields(shown: Any, sent: Any, where: str = "") -> list[str]:
    """Where ``shown`` lacks a field ``sent`` has, or has one it lacks, at any depth."""
    if isinstance(shown, dict) and isinstance(sent, dict):
        odd = [f"{where}.{key}" for key in set(shown) ^ set(sent)]
        return odd + [found for key in set(shown) & set(sent)
                      for found in _fields(shown[key], sent[key], f"{where}.{key}")]
    if isinstance(shown, list) and isinstance(sent, list):
        return [found for a, b in zip(shown, sent) for found in _fields(a, b, f"{where}[]")]
    return []


def test_every_server_frame_the_document_shows_whole_has_every_field() -> None:
    """§1: every field the server sends is always present, so a frame shown whole shows
    them all, as the server sends it; a request shown decodes."""
    server_types = {str(k.__struct_config__.tag) for k in get_args(p.ServerMessage)}
    frames = _shown_frames()
    # "chat" is both: the server's line has its "seq"
    from_server = [f for f in frames if f["type"] in server_types - {"chat"} or "seq" in f]
    assert len(from_server) >= 8 and len(frames) - len(from_server) >= 15
    for frame in from_server:
        sent = json.loads(p.encode(p.decode_server(json.dumps(frame))))
        assert _fields(frame, sent) == [], frame
    for frame in frames:
        if frame not in from_server:
            p.decode_client(json.dumps(frame))


def test_a_result_reason_from_a_newer_server_still_decodes() -> None:
    """docs/protocol.md, Versioning: an unknown reason is another end, not a broken frame."""
    over = p.MatchState(match="K7QXM2", game="tictactoe", size=3, ply=5, board="XXXOO....",
                   to_move=1, legal=[], moves=[0, 3, 1, 4, 2], status="over", score=[3, 2],
                   players=[], result=p.Result(winner=0, reason="line", score=[3, 2]))
    frame = p.encode(over).replace('"reason":"line"', '"reason":"adjudicated"')
    decoded = p.decode_server(frame)
    assert isinstance(decoded, p.MatchState) and decoded.result is not None
    assert str(decoded.result.reason) == "adjudicated"  # typed as the known reasons
