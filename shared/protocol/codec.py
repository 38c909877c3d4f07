"""Frames to messages and back: JSON encoding, validating decoders whose errors a person
can read, and the text rules for what one player shows another (names, chat lines)."""

from __future__ import annotations

import re
import unicodedata
from typing import cast

import msgspec

from shared.protocol.messages import (
    CHAT_MAX_CHARS,
    CLIENT_TYPES,
    MAX_MATCH_CODE,
    ClientMessage,
    Message,
    ProtocolError,
    ServerMessage,
)

_encoder = msgspec.json.Encoder()
_client_decoder = msgspec.json.Decoder(ClientMessage)
_server_decoder = msgspec.json.Decoder(ServerMessage)
_envelope_decoder = msgspec.json.Decoder(dict[str, object])


class Envelope(msgspec.Struct):
    """What any frame that is a JSON object claims, valid or not: its ``type`` and the
    ``match`` it names (each None when absent or not a string; other fields unread)."""

    type: object = None
    match: object = None


_peek_decoder = msgspec.json.Decoder(Envelope)
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
"""A surrogate written as a JSON escape: msgspec accepts a pair, not a lone one."""
_TOO_DEEP = "the frame nests arrays or objects too deeply (a message needs three levels)"


def encode(message: Message) -> str:
    """The JSON text of a message (sent as a text frame)."""
    return _encoder.encode(message).decode()


def _explain(data: str | bytes, err: msgspec.ValidationError) -> str:
    """A readable reason for a frame that is JSON but not a valid message."""
    try:
        obj = _envelope_decoder.decode(data)
    except RecursionError:
        return _TOO_DEEP
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


def peek(data: str | bytes) -> tuple[str | None, str | None]:
    """The ``type`` a frame claims and the match code it names, even when the frame is
    not a valid message (None for either when it names none, or the frame cannot be read).

    The server uses them to tell a malformed ``hello`` from some other first frame, and
    to say in an error which request was refused and in which match (a ``match`` that
    could not be a match code is not one).
    """
    try:
        envelope = _peek_decoder.decode(data)
    except (msgspec.DecodeError, msgspec.ValidationError, RecursionError):
        return None, None
    kind, code = envelope.type, envelope.match
    return (kind[:40] if isinstance(kind, str) else None,
            code if isinstance(code, str) and 0 < len(code) <= MAX_MATCH_CODE else None)


def decode_client(data: str | bytes) -> ClientMessage:
    """A client frame as a typed message; ProtocolError (bad_json/bad_message) otherwise."""
    try:
        return cast(ClientMessage, _client_decoder.decode(data))
    except msgspec.ValidationError as err:
        raise ProtocolError("bad_message", _explain(data, err)) from None
    except msgspec.DecodeError as err:
        why = str(err)
        if _SURROGATE_ESCAPE.search(data if isinstance(data, str) else data.decode("latin-1")):
            why += " (a \\uD800-\\uDFFF escape is only valid as half of a surrogate pair)"
        raise ProtocolError("bad_json", f"the frame is not valid JSON: {why}") from None
    except RecursionError:  # msgspec's guard against a frame nested thousands deep
        raise ProtocolError("bad_message", _TOO_DEEP) from None


def decode_server(data: str | bytes) -> ServerMessage:
    """A server frame as a typed message (unknown extra fields are ignored)."""
    try:
        return cast(ServerMessage, _server_decoder.decode(data))
    except msgspec.ValidationError as err:
        raise ProtocolError("bad_message", f"unexpected server frame: {err}") from None
    except msgspec.DecodeError as err:
        raise ProtocolError("bad_json", f"the server frame is not valid JSON: {err}") from None
    except RecursionError:
        raise ProtocolError("bad_message", f"unexpected server frame: {_TOO_DEEP}") from None


def printable(text: str) -> str:
    """``text`` without control or format characters (Unicode category C), stripped: what
    other people are shown of a name or a chat line, so nobody can send terminal escapes,
    line breaks or direction overrides into someone else's screen."""
    return "".join(ch for ch in text if unicodedata.category(ch)[0] != "C").strip()


def chat_text(text: str) -> str:
    """A chat line as the server relays it; ProtocolError ``text_too_long`` over
    CHAT_MAX_CHARS (counted as sent) and ``bad_message`` when nothing printable is left."""
    if len(text) > CHAT_MAX_CHARS:
        raise ProtocolError(
            "text_too_long",
            f"a chat line is at most {CHAT_MAX_CHARS} characters; this one has {len(text)}",
        )
    kept = printable(text)
    if not kept:
        raise ProtocolError("bad_message", "a chat line needs some printable text")
    return kept
