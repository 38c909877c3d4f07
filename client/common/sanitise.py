"""The one sanitiser for text that comes from elsewhere: a server, or another player
through it. Every server frame and every LAN advertisement passes through it where it
comes in (client/common/connection.py, client/common/discovery.py), before any client
prints or draws a word of it.

A server on the LAN may be anybody's (discovery joins the first one advertised), and a
player's name or chat line is typed by somebody else. Sent to a terminal as it is, such
text could move the cursor, clear the screen, retitle the window, hide or reorder what
follows (bidi overrides, zero-width characters) or break a line to fake one of our own.
So only what draws as text is kept: escape sequences go whole (not just their ESC, which
would leave ``[2J`` litter), line and paragraph breaks and tabs become one space, and
every other control, format, private-use, surrogate or unassigned character (Unicode
category C: C0, C1, bidi controls, zero-width characters) is dropped.
"""

from __future__ import annotations

import re
import unicodedata
from typing import TypeVar

import msgspec

T = TypeVar("T")

ESCAPE_SEQUENCE = re.compile(
    r"(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]"  # CSI: cursor, colours, clearing
    r"|(?:\x1b[\]PX^_]|[\x90\x98\x9d\x9e\x9f])[^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?"
    # OSC, DCS, SOS, PM, APC strings (window title, clipboard, ...) to their terminator
    r"|\x1b[ -/]*[0-~]"  # any other escape: charset, keypad, reset (ESC c)
)
BREAKS = frozenset("\t\n\v\f\r\x1c\x1d\x1e\x85\u2028\u2029")
"""Characters that end a line or a field: each becomes a space, so words stay apart."""


def plain(frame: str | bytes) -> bool:
    """Whether every string in the JSON ``frame`` is safe as it is, judged at C speed
    before decoding (the usual case, so a big lobby frame is not walked): a frame
    without escapes (a backslash) and with only printable characters cannot hold a
    control, format or break character in any of its strings."""
    return isinstance(frame, str) and "\\" not in frame and frame.isprintable()


def clean_text(text: str) -> str:
    """``text`` with nothing a terminal would act on: escape sequences removed whole,
    breaks as spaces, other control and format characters dropped."""
    if text.isprintable():  # no category C, no line or paragraph break: the usual case
        return text
    kept = "".join(" " if ch in BREAKS else ch for ch in ESCAPE_SEQUENCE.sub("", text)
                   if ch in BREAKS or unicodedata.category(ch)[0] != "C")
    return text if kept == text else kept


def clean(value: T) -> T:
    """``value`` (a decoded message, or anything in one) with every string in it cleaned;
    the same object when nothing needed cleaning."""
    if isinstance(value, str):
        return clean_text(value)  # type: ignore[return-value]
    if isinstance(value, msgspec.Struct):
        changed = {}
        for name in value.__struct_fields__:
            old = getattr(value, name)
            new = clean(old)
            if new is not old:
                changed[name] = new
        return msgspec.structs.replace(value, **changed) if changed else value
    if isinstance(value, (list, tuple)):
        items = [clean(item) for item in value]
        if all(new is old for new, old in zip(items, value)):
            return value
        return (items if isinstance(value, list) else tuple(items))  # type: ignore[return-value]
    if isinstance(value, dict):
        pairs = [(clean(k), clean(v)) for k, v in value.items()]
        if all(k is ok and v is ov for (k, v), (ok, ov) in zip(pairs, value.items())):
            return value
        return dict(pairs)  # type: ignore[return-value]
    return value
