"""Frames to messages and back: JSON encoding, validating decoders whose errors a person
can read, and the text rules for what one player shows another (names, chat lines)."""

from __future__ import annotations

import unicodedata
from typing import cast

import msgspec

from shared.protocol.messages import (
    CHAT_MAX_CHARS,
    CLIENT_TYPES,
    ClientMessage,
    Message,
    ProtocolError,
    ServerMessage,
)

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
