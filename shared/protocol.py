"""The wire protocol, version 1: typed messages and their JSON encoding.

Every frame is one JSON object whose ``type`` field names the message. Messages are
msgspec Structs tagged by that field, so decoding validates the whole frame at the
boundary: a frame either becomes a typed message or raises :class:`ProtocolError`
with the protocol's error code and a message a person can read. The contract is
documented in docs/protocol.md.
"""

from __future__ import annotations

from typing import Annotated, Final, Literal, Union, cast, get_args

import msgspec

PROTOCOL_VERSION: Final = 1
MAX_FRAME_BYTES: Final = 64 * 1024
"""Frames larger than this are refused (the server closes with 1009)."""
SERVICE_TYPE: Final = "_taikyoku._tcp.local."
"""The zeroconf (mDNS/DNS-SD) service a server advertises on the LAN; its TXT record
holds ``name``, ``protocol`` (this version) and ``version`` (the server's release)."""

ErrorCode = Literal[
    "bad_json",
    "bad_message",
    "hello_required",
    "unsupported_protocol",
    "unknown_match",
    "match_full",
    "not_a_player",
    "not_your_turn",
    "illegal_move",
    "stale_ply",
    "game_over",
    "rate_limited",
]
ERROR_CODES: Final[tuple[str, ...]] = get_args(ErrorCode)
"""Every error code, in the order docs/protocol.md lists them."""

Name = Annotated[str, msgspec.Meta(max_length=32)]
MatchCode = Annotated[str, msgspec.Meta(min_length=1, max_length=16)]
Seat = Literal[0, 1]
Int32 = Annotated[int, msgspec.Meta(ge=-(2**31), le=2**31 - 1)]
"""Move and ply numbers: wide enough for any board, narrow enough to refuse absurd ints."""
Status = Literal["waiting", "playing", "over"]


class ProtocolError(ValueError):
    """A frame or request the protocol refuses; ``code`` is one of ERROR_CODES."""

    def __init__(self, code: ErrorCode, message: str) -> None:
        super().__init__(message)
        self.code: ErrorCode = code
        self.message = message


class Message(msgspec.Struct, tag_field="type", omit_defaults=False):
    """Base of every message; the subclass's tag is the frame's ``type``."""


# ---- nested values -------------------------------------------------------------


class BotChoice(msgspec.Struct):
    """The server bot a `create` asks for."""

    level: Annotated[int, msgspec.Meta(ge=1, le=5)] = 3


class Position(msgspec.Struct):
    """A start position: a row-major board of '.', 'X', 'O' and the side to move.

    Without ``to_move``, tic-tac-toe infers it from the mark counts and Othello
    starts with seat 0 (Black).
    """

    board: Annotated[str, msgspec.Meta(max_length=64)]
    to_move: Seat | None = None


class ServerInfo(msgspec.Struct):
    name: str
    version: str


class GameSpec(msgspec.Struct):
    game: str
    sizes: list[int]


class BotInfo(msgspec.Struct):
    level: int
    name: str


class PlayerInfo(msgspec.Struct):
    """A filled seat. ``player`` is the public player id (None for a bot)."""

    seat: Seat
    name: str
    kind: Literal["human", "bot"]
    connected: bool
    player: str | None = None
    level: int | None = None


class Result(msgspec.Struct):
    """How a match ended; ``winner`` None is a draw."""

    winner: Seat | None
    reason: Literal["line", "discs", "resign", "abandon"]
    score: list[int]


class MatchSummary(msgspec.Struct):
    """One line of the lobby."""

    match: str
    game: str
    size: int
    status: Status
    players: list[PlayerInfo]
    spectators: int


# ---- client -> server ----------------------------------------------------------


class Hello(Message, tag="hello"):
    protocol: int
    name: Name = ""
    token: Annotated[str, msgspec.Meta(max_length=128)] | None = None


class ListMatches(Message, tag="list"):
    pass


class Create(Message, tag="create"):
    game: Annotated[str, msgspec.Meta(max_length=32)]
    size: int | None = None
    vs: Literal["bot", "human"] = "human"
    seat: Literal["first", "second", "random"] = "first"
    bot: BotChoice | None = None
    position: Position | None = None


class Join(Message, tag="join"):
    match: MatchCode


class Watch(Message, tag="watch"):
    match: MatchCode


class Leave(Message, tag="leave"):
    match: MatchCode


class Move(Message, tag="move"):
    match: MatchCode
    move: Int32
    ply: Annotated[int, msgspec.Meta(ge=0, le=2**31 - 1)]


class Resign(Message, tag="resign"):
    match: MatchCode


class Rematch(Message, tag="rematch"):
    match: MatchCode


ClientMessage = Union[Hello, ListMatches, Create, Join, Watch, Leave, Move, Resign, Rematch]

# ---- server -> client ----------------------------------------------------------


class Welcome(Message, tag="welcome"):
    protocol: int
    player: str
    token: str
    server: ServerInfo
    games: list[GameSpec]
    bots: list[BotInfo]


class Lobby(Message, tag="lobby"):
    matches: list[MatchSummary]


class Joined(Message, tag="joined"):
    match: str
    seat: Seat | None
    role: Literal["player", "spectator"]


class State(Message, tag="state"):
    """The complete picture of one match; clients draw from the last one alone.

    ``rematch`` lists the seats that have asked for a rematch (a field beyond the
    minimal contract, so an opponent can see the offer).
    """

    match: str
    game: str
    size: int
    ply: int
    board: str
    to_move: Seat
    legal: list[int]
    moves: list[int | Literal["pass"]]
    status: Status
    score: list[int]
    players: list[PlayerInfo]
    result: Result | None = None
    rematch: list[int] = msgspec.field(default_factory=list)


class Error(Message, tag="error"):
    """A refusal: the connection stays open and no state changed."""

    code: str
    message: str
    ref: str | None = None
    match: str | None = None


ServerMessage = Union[Welcome, Lobby, Joined, State, Error]

CLIENT_TYPES: Final[tuple[str, ...]] = tuple(
    str(kind.__struct_config__.tag) for kind in get_args(ClientMessage)
)
"""Every request's ``type``, read from the ClientMessage union so the two never differ."""

_encoder = msgspec.json.Encoder()
_client_decoder = msgspec.json.Decoder(ClientMessage)
_server_decoder = msgspec.json.Decoder(ServerMessage)
_envelope_decoder = msgspec.json.Decoder(dict[str, object])


def encode(message: Message) -> str:
    """The JSON text of a message (sent as a text frame)."""
    return _encoder.encode(message).decode()


def _explain(data: str | bytes, err: msgspec.ValidationError) -> str:
    """A readable reason for a frame that is JSON but not a valid message."""
    try:
        obj = _envelope_decoder.decode(data)
    except msgspec.DecodeError as outer:
        if str(outer).startswith("Expected `object`"):
            return f"a frame must be a JSON object with a string field 'type' ({outer})"
        return f"invalid message: {err}"
    kind = obj.get("type")
    if not isinstance(kind, str):
        return "a frame must be a JSON object with a string field 'type'"
    if kind not in CLIENT_TYPES:
        return f"unknown message type {kind[:40]!r}; expected one of {', '.join(CLIENT_TYPES)}"
    return f"invalid {kind!r} message: {err}"


def peek_type(data: str | bytes) -> str | None:
    """The ``type`` a frame claims (even an invalid one), or None if it names none.

    The server uses it to tell a malformed ``hello`` from some other first frame and to
    say in an error which request was refused.
    """
    try:
        kind = _envelope_decoder.decode(data).get("type")
    except (msgspec.DecodeError, msgspec.ValidationError):
        return None
    return kind[:40] if isinstance(kind, str) else None


def decode_client(data: str | bytes) -> ClientMessage:
    """A client frame as a typed message; ProtocolError (bad_json/bad_message) otherwise."""
    try:
        return cast(ClientMessage, _client_decoder.decode(data))
    except msgspec.ValidationError as err:
        raise ProtocolError("bad_message", _explain(data, err)) from None
    except msgspec.DecodeError as err:
        raise ProtocolError("bad_json", f"the frame is not valid JSON: {err}") from None


def decode_server(data: str | bytes) -> ServerMessage:
    """A server frame as a typed message (unknown extra fields are ignored)."""
    try:
        return cast(ServerMessage, _server_decoder.decode(data))
    except msgspec.ValidationError as err:
        raise ProtocolError("bad_message", f"unexpected server frame: {err}") from None
    except msgspec.DecodeError as err:
        raise ProtocolError("bad_json", f"the server frame is not valid JSON: {err}") from None
