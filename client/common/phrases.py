"""Where a line of Japanese breaks best: between phrases, not inside a word.

Japanese has no spaces. The kinsoku rules say where a line may not break (before 、。 or
a small kana, after an opening bracket) and leave every other place between two
characters open, so the terminal broke "参加" as "参" / "加" and "遊べます" as "遊べま" /
"す". A phrase (文節) is a word and the kana written after it (its ending, a particle):
it ends where hiragana meets the next word's kanji or katakana, or where kanji and
katakana meet, unless that hiragana is one that binds two kanji into a compound
("負け越し"). The window and the terminal break a line between phrases, and inside one
only when it is longer than a whole line.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence


def script(ch: str) -> str:
    """Which Japanese script ``ch`` is written in: 'hiragana', 'katakana' (with the
    long-vowel mark), 'kanji' (with 々), or '' for anything else."""
    if "\u3041" <= ch <= "\u309f":
        return "hiragana"
    if "\u30a1" <= ch <= "\u30fc" or "\uff66" <= ch <= "\uff9f":
        return "katakana"
    if "\u4e00" <= ch <= "\u9fff" or "\u3400" <= ch <= "\u4dbf" or ch == "\u3005":  # not words
        return "kanji"
    return ""


def inside_phrase(before: str, after: str) -> bool:
    """Whether ``before`` and ``after``, side by side, are in one phrase: a word's own
    characters ("参加", "コンピューター"), a word and the hiragana after it ("読む",
    "あなたの"), a number and its counter ("5分"); not hiragana before a word ("の" /
    "番"), nor kanji against katakana."""
    first, then = script(before), script(after)
    if before.isascii() and before.isdigit():  # a number and what it counts: "5分", "20手"
        return then in ("kanji", "katakana")
    if not first or not then:
        return False
    if first == "hiragana":
        return then == "hiragana"
    return then in ("hiragana", first)


PARTICLES = frozenset("はがをにでとのもへやかよね")  # not words
"""Hiragana that end a phrase alone after a kanji word ("対局に" / "参加")."""


def inside_compound(before: str, after: str) -> bool:
    """Whether ``after``, a kanji, goes on the word ``before`` ends with: a kanji, one
    hiragana that is no particle, then this kanji ("負け越し", "持ち時間", "読み切る")."""
    return (len(before) >= 2 and script(after) == "kanji" and script(before[-2]) == "kanji"
            and script(before[-1]) == "hiragana" and before[-1] not in PARTICLES)


def phrases(pieces: Sequence[str]) -> list[list[str]]:
    """The ``pieces`` of a line (cut wherever the kinsoku rules let it break) grouped by
    phrase: a piece joins the group before it when :func:`joins` says it goes on it."""
    groups: list[list[str]] = []
    for piece in pieces:
        if groups and joins("".join(groups[-1]), piece):
            groups[-1].append(piece)
        else:
            groups.append([piece])
    return groups


def phrase_pieces(pieces: Sequence[str], too_wide: Callable[[str], bool]) -> list[str]:
    """The pieces a line may end between: each phrase of ``pieces`` whole, or, when
    ``too_wide`` says it is wider than a line, in its own pieces."""
    out: list[str] = []
    for group in phrases(pieces):
        whole = "".join(group)
        out.extend(group if too_wide(whole) else [whole])
    return out


def joins(before: str, piece: str) -> bool:
    """Whether ``piece`` goes on the phrase ``before`` ends with: they meet inside a
    phrase or a compound, or ``before`` is a number, a space after it, and ``piece``
    what it counts ("黒が 4" / "石多い" read as "4" apart from its stones)."""
    if not before or not piece:
        return False
    if inside_phrase(before[-1], piece[0]) or inside_compound(before, piece[0]):
        return True
    number = before.rstrip(" ")
    return number != before and inside_phrase(number[-1:], piece[0])
