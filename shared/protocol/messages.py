"""The protocol's messages and their parts: the codes, limits and field types, the
nested values, every request and every server message (docs/protocol.md, in its order).
Each message is a msgspec Struct tagged by its ``type``; :mod:`.codec` turns frames into
them and back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Final, Literal, Union, get_args

import msgspec

from shared.ai.levels import DEFAULT_LEVEL, LEVELS

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
    "not_allowed",
    "nothing_to_take_back",
    "offer_pending",
    "no_offer",
    "text_too_long",
    "engine_failed",
    "opponent_left",
    "storage_unavailable",
    "too_many_connections",
    "too_many_new_players",
    "too_many_matches",
    "engine_busy",
    "player_match_cap",
    "too_many_stored_matches",
    "too_many_lookups",
    "bad_name",
]
ERROR_CODES: Final[tuple[str, ...]] = get_args(ErrorCode)
"""Every error code, in the order docs/protocol.md lists them."""

if TYPE_CHECKING:
    ErrorCodeField = ErrorCode
else:
    ErrorCodeField = str
"""``Error.code``: an ErrorCode where errors are made (mypy checks every one the server
sends), any string where they are decoded, so a client keeps an error whose code a newer
server added and treats it like ``bad_message`` (docs/protocol.md, Errors)."""

Reason = Literal["line", "discs", "resign", "left", "abandon", "time"]
"""How a match can end (``result.reason``): ``left`` a player left on purpose,
``abandon`` an absent player's seat ran out or a match nobody joined was called off;
``line`` and ``discs`` are the built-in games' rules. A plugged-in game's rule reasons
(``GameInfo.reasons``) are sent as they are: a string this type does not list, which
clients read as ``ReasonField`` does."""
if TYPE_CHECKING:
    ReasonField = Reason
else:
    ReasonField = str
"""``Result.reason``, in the same way as ErrorCodeField: a client keeps a result whose
reason a newer server added, as any other end (docs/protocol.md, Versioning)."""

Name = Annotated[str, msgspec.Meta(max_length=32)]
MAX_REQUEST_ID: Final = 64
"""The longest string a request may give as its ``id``."""
RequestId = Union[Annotated[str, msgspec.Meta(max_length=MAX_REQUEST_ID)],
                  Annotated[int, msgspec.Meta(ge=-(2**53), le=2**53)]]
"""A client's name for one of its requests, echoed in the server's reply to it (as
JSON-RPC's ``id``): a string of at most 64 characters or an integer a JSON number holds
exactly."""
MAX_MATCH_CODE: Final = 16
"""The longest string a request may give as a match code."""
MatchCode = Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_MATCH_CODE)]
SeatNumber = Literal[0, 1]
"""A seat on the wire: 0 moves first (X, Black). (The room's ``Seat`` is who sits there.)"""
Int32 = Annotated[int, msgspec.Meta(ge=-(2**31), le=2**31 - 1)]
"""Move and ply numbers: wide enough for any board, narrow enough to refuse absurd ints."""
Status = Literal["waiting", "playing", "over"]

Feature = Literal["takeback", "hint", "analyse", "clock", "chat", "private"]
FEATURES: Final[tuple[str, ...]] = get_args(Feature)
"""The optional requests this version of the protocol defines (``welcome.features``)."""
CHAT_MAX_CHARS: Final = 200
"""The longest chat line, in characters as sent; longer is refused as text_too_long."""
CHAT_HISTORY_LINES: Final = 50
"""Chat lines a server keeps with a match and sends again to whoever resumes, joins or watches."""


class ProtocolError(ValueError):
    """A frame or request the protocol refuses; ``code`` is one of ERROR_CODES."""

    def __init__(self, code: ErrorCode, message: str, retry_after: float | None = None) -> None:
        super().__init__(message)
        self.code: ErrorCode = code
        self.message = message
        self.retry_after = retry_after
        """Seconds after which the same request may succeed (``Error.retry_after``)."""


class Message(msgspec.Struct, tag_field="type", omit_defaults=False):
    """Base of every message; the subclass's tag is the frame's ``type``."""


# ---- nested values -------------------------------------------------------------


class BotChoice(msgspec.Struct):
    """The server bot a `create` asks for."""

    level: Annotated[int, msgspec.Meta(ge=min(LEVELS), le=max(LEVELS))] = DEFAULT_LEVEL


class Position(msgspec.Struct):
    """A start position: a row-major board of '.', 'X', 'O' and the side to move.

    Without ``to_move``, tic-tac-toe infers it from the mark counts and Othello
    starts with seat 0 (Black).
    """

    board: Annotated[str, msgspec.Meta(max_length=64)]
    to_move: SeatNumber | None = None


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

    seat: SeatNumber
    name: str
    kind: Literal["human", "bot"]
    connected: bool
    player: str | None = None
    level: int | None = None
    left: bool = False
    """The person left this match on purpose (``leave``): gone, not just offline."""


class Result(msgspec.Struct):
    """How a match ended; ``winner`` None is a draw."""

    winner: SeatNumber | None
    reason: ReasonField
    score: list[int]


class Clock(msgspec.Struct):
    """A match's time control, in seconds: each side's ``initial`` time and the
    ``increment`` added to a side's clock after each of its moves."""

    initial: Annotated[float, msgspec.Meta(ge=1, le=86400)]
    increment: Annotated[float, msgspec.Meta(ge=0, le=3600)] = 0.0


class ClockState(msgspec.Struct):
    """Both clocks as the server sent them: ``remaining`` seconds of seat 0 and seat 1
    at the moment of sending, and the seat whose clock runs (None while waiting or over)."""

    initial: float
    increment: float
    remaining: Annotated[list[float], msgspec.Meta(min_length=2, max_length=2)]
    running: SeatNumber | None = None


class TakebackOffer(msgspec.Struct):
    """A pending takeback between people: who asked, and the ply the match would go back to."""

    seat: SeatNumber
    ply: int


class ScoredMove(msgspec.Struct):
    """The engine's verdict on one legal move: the disc margin the side to move can expect
    at the end (tic-tac-toe: 1 win, 0 draw, -1 loss), searched ``depth`` plies deep;
    ``exact`` when solved to the end."""

    move: int
    score: int
    exact: bool
    depth: int


class PlyReview(msgspec.Struct):
    """One played move of a finished game against the engine's choice in its position.

    ``score`` is the best move's (as in ScoredMove, for ``seat``); ``loss`` is how much
    the played move gives away against it (0 when it was as good); ``mistake`` is the
    server's one verdict on it (0 none, 1 a mistake, 2 a big one:
    :mod:`shared.ai.review_rule`), so clients never judge ``loss`` themselves."""

    ply: int
    seat: SeatNumber
    played: int
    best: int
    score: int
    loss: int
    exact: bool
    depth: int
    mistake: int = 0


class MatchSummary(msgspec.Struct):
    """One line of the lobby."""

    match: str
    game: str
    size: int
    status: Status
    players: list[PlayerInfo]
    spectators: int
    hints: bool = False
    clock: Clock | None = None
    spectator_chat: bool = True


# ---- client -> server ----------------------------------------------------------


class Request(Message, kw_only=True):
    """Base of every request: an optional ``id`` the server echoes in the `error` that
    refuses it and in the `joined` that answers it, so a client with several requests in
    flight knows which one an answer is for."""

    id: RequestId | None = None


class Hello(Request, tag="hello"):
    protocol: int
    name: Name = ""
    token: Annotated[str, msgspec.Meta(max_length=128)] | None = None


class ListMatches(Request, tag="list"):
    pass


class Create(Request, tag="create"):
    game: Annotated[str, msgspec.Meta(max_length=32)]
    size: int | None = None
    vs: Literal["bot", "human"] = "human"
    seat: Literal["first", "second", "random"] = "first"
    bot: BotChoice | None = None
    position: Position | None = None
    clock: Clock | None = None
    hints: bool = False
    """Whether hints are allowed between people (a match against a bot always allows them)."""
    unlisted: bool = False
    """Kept out of the lobby: joined or watched only by its code."""
    spectator_chat: bool = True
    """Whether spectators may chat too (False: the players only)."""


class Join(Request, tag="join"):
    match: MatchCode


class Watch(Request, tag="watch"):
    match: MatchCode


class Leave(Request, tag="leave"):
    match: MatchCode


class Move(Request, tag="move"):
    match: MatchCode
    move: Int32
    ply: Annotated[int, msgspec.Meta(ge=0, le=2**31 - 1)]


class Resign(Request, tag="resign"):
    match: MatchCode


class Rematch(Request, tag="rematch"):
    match: MatchCode


class Takeback(Request, tag="takeback"):
    """Take back your last move (and what followed it); ``ply`` guards against a double click."""

    match: MatchCode
    ply: Annotated[int, msgspec.Meta(ge=0, le=2**31 - 1)] | None = None


class TakebackAnswer(Request, tag="takeback_answer"):
    match: MatchCode
    accept: bool


class Hint(Request, tag="hint"):
    match: MatchCode


class Analyse(Request, tag="analyse"):
    """Ask for the engine's review of a finished game."""

    match: MatchCode


class Chat(Request, tag="chat"):
    """A chat line to a match. Its length is the server's check (text_too_long), not the
    schema's, so an over-long line gets its own error code; see :func:`chat_text`."""

    match: MatchCode
    text: Annotated[str, msgspec.Meta(min_length=1)]


ClientMessage = Union[
    Hello, ListMatches, Create, Join, Watch, Leave, Move, Resign, Rematch,
    Takeback, TakebackAnswer, Hint, Analyse, Chat,
]

# ---- server -> client ----------------------------------------------------------


class Welcome(Message, tag="welcome"):
    protocol: int
    player: str
    token: str
    server: ServerInfo
    games: list[GameSpec]
    bots: list[BotInfo]
    features: list[str] = msgspec.field(default_factory=list)
    """The optional requests the server understands (see FEATURES); absent from older
    servers, and a client ignores names it does not know."""


class Lobby(Message, tag="lobby"):
    matches: list[MatchSummary]


class Joined(Message, tag="joined"):
    match: str
    seat: SeatNumber | None
    role: Literal["player", "spectator"]
    rematch_of: str | None = None
    """In the `joined` a rematch sends: the finished match it follows."""
    id: str | int | None = None
    """The ``id`` of the `create`, `join` or `watch` this answers (None otherwise)."""


class MatchState(Message, tag="state"):
    """The `state` frame: the complete picture of one match; clients draw from the last one
    alone. (A match's state, not the rules' position, :class:`shared.games.State`.)

    ``rematch`` lists the seats that have asked for a rematch (a field beyond the
    minimal contract, so an opponent can see the offer).
    """

    match: str
    game: str
    size: int
    ply: int
    board: str
    to_move: SeatNumber
    legal: list[int]
    moves: list[int | Literal["pass"]]
    status: Status
    score: list[int]
    players: list[PlayerInfo]
    result: Result | None = None
    rematch: list[int] = msgspec.field(default_factory=list)
    takeback: TakebackOffer | None = None
    hints: bool = False
    clock: ClockState | None = None
    unlisted: bool = False
    spectator_chat: bool = True


class Error(Message, tag="error"):
    """A refusal: the connection stays open and no state changed."""

    code: ErrorCodeField
    message: str
    ref: str | None = None
    match: str | None = None
    retry_after: float | None = None
    """Seconds after which the same request may succeed (a budget refills); None when
    waiting alone does not help."""
    id: str | int | None = None
    """The ``id`` of the request refused, as it sent it (None when it gave none)."""


class TakebackDeclined(Message, tag="takeback_declined"):
    """The other player (``seat``) declined a takeback offer."""

    match: str
    seat: SeatNumber


class Analysis(Message, tag="analysis"):
    """The answer to ``hint``: every legal move at ``ply``, best first."""

    match: str
    ply: int
    moves: list[ScoredMove]


class Review(Message, tag="review"):
    """The answer to ``analyse``: one entry per ply at which a square was played."""

    match: str
    plies: list[PlyReview]


class ChatLine(Message, tag="chat"):
    """A chat line as relayed to everyone in the match (``seat`` None: a spectator)."""

    match: str
    seq: int
    time: float
    seat: SeatNumber | None
    player: str
    name: str
    text: str


ServerMessage = Union[
    Welcome, Lobby, Joined, MatchState, Error, TakebackDeclined, Analysis, Review, ChatLine
]

CLIENT_TYPES: Final[tuple[str, ...]] = tuple(
    str(kind.__struct_config__.tag) for kind in get_args(ClientMessage)
)
"""Every request's ``type``, read from the ClientMessage union so the two never differ."""
