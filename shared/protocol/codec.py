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
    MAX_REQUEST_ID,
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
    """What any frame that is a JSON object claims, valid or not: its ``type``, the
    ``match`` it names and its ``id`` (other fields unread)."""

    type: object = None
    match: object = None
    id: object = None


_peek_decoder = msgspec.json.Decoder(Envelope)
_ESCAPES = re.compile(r"\\\\|\\u[dD][89abAB][0-9a-fA-F]{2}\\u[dD][c-fC-F][0-9a-fA-F]{2}"
                      r"|(\\u[dD][89a-fA-F][0-9a-fA-F]{2})")
"""An escaped backslash, a surrogate pair written as two escapes, or (the group) a lone
surrogate escape: JSON's grammar allows one, but it is not a character, and msgspec
refuses it. Read left to right, so an escaped backslash before ``u`` is not an escape."""
_TOO_DEEP = "the frame nests arrays or objects too deeply (a message needs three levels)"


def encode(message: Message) -> str:
    """The JSON text of a message (sent as a text frame)."""
    return _encoder.encode(message).decode()


def encode_bytes(message: Message) -> bytes:
    """The JSON text of a message as UTF-8 bytes, what a socket sends: a server sending
    a frame to several connections encodes it once, without a ``str`` between."""
    return _encoder.encode(message)


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


def _envelope(data: str | bytes) -> Envelope:
    """What ``data`` claims (an empty Envelope when it cannot be read); a lone surrogate
    escape does not hide the rest (see :data:`_ESCAPES`)."""
    try:
        return _peek_decoder.decode(data)
    except (msgspec.DecodeError, msgspec.ValidationError, RecursionError):
        pass
    repaired = _without_lone_surrogates(data)
    try:
        return _peek_decoder.decode(repaired) if repaired is not None else Envelope()
    except (msgspec.DecodeError, msgspec.ValidationError, RecursionError):
        return Envelope()


def peek(data: str | bytes) -> tuple[str | None, str | None]:
    """The ``type`` a frame claims and the match code it names, even when the frame is
    not a valid message (None for either when it names none, or the frame cannot be read).

    The server uses them to tell a malformed ``hello`` from some other first frame, and
    to say in an error which request was refused and in which match (a ``match`` that
    could not be a match code is not one).
    """
    envelope = _envelope(data)
    kind, code = envelope.type, envelope.match
    return (kind[:40] if isinstance(kind, str) else None,
            code if isinstance(code, str) and 0 < len(code) <= MAX_MATCH_CODE else None)


def request_id(data: str | bytes) -> str | int | None:
    """The ``id`` a frame gives its request, when it is one a request may carry (a string
    of at most 64 characters, or an integer a JSON number holds exactly), else None:
    echoed in the error that refuses even a frame that is not a valid message."""
    found = _envelope(data).id
    if isinstance(found, str) and len(found) <= MAX_REQUEST_ID:
        return found
    if isinstance(found, int) and not isinstance(found, bool) and abs(found) <= 2**53:
        return found
    return None


def _without_lone_surrogates(data: str | bytes) -> str | None:
    """``data`` with each lone surrogate escape written as U+FFFD; None when it has none."""
    text = data if isinstance(data, str) else data.decode("utf-8", "replace")
    found = False

    def mend(escape: re.Match[str]) -> str:
        nonlocal found
        if escape.group(1) is None:
            return escape.group(0)
        found = True
        return "\\ufffd"

    mended = _ESCAPES.sub(mend, text)
    return mended if found else None


def decode_client(data: str | bytes) -> ClientMessage:
    """A client frame as a typed message; ProtocolError (bad_json/bad_message) otherwise."""
    try:
        return cast(ClientMessage, _client_decoder.decode(data))
    except msgspec.ValidationError as err:
        raise ProtocolError("bad_message", _explain(data, err)) from None
    except msgspec.DecodeError as err:
        _refuse_lone_surrogates(data)
        raise ProtocolError("bad_json", f"the frame is not valid JSON: {err}") from None
    except RecursionError:  # msgspec's guard against a frame nested thousands deep
        raise ProtocolError("bad_message", _TOO_DEEP) from None


def _refuse_lone_surrogates(data: str | bytes) -> None:
    """A frame that is JSON but for a lone surrogate escape (``"\\ud800"``: the grammar
    allows it, yet it is no character) is a bad_message saying so, not bad_json."""
    mended = _without_lone_surrogates(data)
    if mended is None:
        return
    try:
        _envelope_decoder.decode(mended)
    except (msgspec.DecodeError, msgspec.ValidationError, RecursionError):
        return  # not JSON even so: bad_json
    raise ProtocolError("bad_message", "a string in this frame holds a lone surrogate "
                        "escape (\\uD800-\\uDFFF not part of a pair), which is no "
                        "character: send text as valid Unicode")


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


BLANK_LOOKING = frozenset("\u034f\u115f\u1160\u17b4\u17b5\u2800\u3164\uffa0")
"""Characters that are letters, marks or symbols to Unicode but draw nothing (the Hangul
fillers, the braille blank, the ignorable marks): a name of them looks blank."""
MAX_COMBINING_RUN = 3
"""Combining marks one character may carry in a name (Vietnamese and Thai need two or
three; a longer run only piles ink over the neighbouring lines)."""
_VISIBLE = frozenset("LNSP")
"""The Unicode categories of characters that draw something (letters, numbers,
symbols, punctuation)."""


def name_text(name: str) -> str:
    """A player's name as the server keeps it: stripped (empty: the caller's default), or
    ProtocolError ``bad_name`` saying which character it refuses and why: control and
    format characters (direction overrides, zero-width ones), line and paragraph
    separators, characters that draw nothing, a mark with nothing to combine with or a
    run of more than MAX_COMBINING_RUN, or nothing visible at all."""
    name = name.strip()
    run = 0
    for i, ch in enumerate(name):
        category = unicodedata.category(ch)
        why = _refused_in_name(ch, category)
        if why is not None:
            raise ProtocolError("bad_name", f"a name may not hold {why} (U+{ord(ch):04X}, "
                                f"character {i + 1}); choose another name")
        run = run + 1 if category in ("Mn", "Me") else 0
        if run and i == run - 1:
            raise ProtocolError("bad_name", "a name may not begin with a combining mark "
                                f"(U+{ord(ch):04X}); choose another name")
        if run > MAX_COMBINING_RUN:
            raise ProtocolError("bad_name", f"a name may carry at most {MAX_COMBINING_RUN} "
                                "combining marks on one character; choose another name")
    if name and not any(unicodedata.category(ch)[0] in _VISIBLE for ch in name):
        raise ProtocolError("bad_name", "a name needs a visible character; choose another name")
    return name


def _refused_in_name(ch: str, category: str) -> str | None:
    if category in ("Zl", "Zp"):
        return "a line or paragraph separator"
    if category == "Cf":
        return "a format character (invisible, or turning the text's direction)"
    if category[0] == "C":
        return "a control character, or one that is not a character"
    if ch in BLANK_LOOKING:
        return "a character that draws nothing"
    return None


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
