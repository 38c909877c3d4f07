"""Every word a player or a host reads, in each language the clients offer.

The catalogue is Project Fluent (``en.ftl``, ``ja.ftl`` beside this module): one entry
per sentence or word, with placeholders (``{ $who }``) and selectors that choose between
variants by a fact the code passes (``{ $reason -> [resign] ... }``) or by a number's
plural category. Code composes keys and passes facts; the sentences, and the choice
between them, live in the catalogue. The window and the terminal read it with
``fluent.runtime`` (:class:`Words`); the page reads the same entries, which the server
hands it as data (:mod:`shared.words.page_form`), with its own small resolver
(client/web/words.js). Pure: the files are package data, read once.

A game's words are entries keyed by its registry name (:data:`GAME_KEYS`, and
``<game>-end-<reason>`` for each of its rule reasons); code composes the key from the
game's name (:func:`game_label`, :func:`reason_key`). A game plugged in through
``TAIKYOKU_GAMES`` brings its entries in its ``GameInfo.words``, added to each
language's catalogue here, so no shipped file names it.

    words = get_words("ja")
    words("turn-yours", side=words("othello-side-0"))   # 'あなたの番です（黒）'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from importlib.resources import files

from fluent.runtime import FluentBundle, FluentResource
from fluent.syntax import FluentParser
from fluent.syntax import ast as ftl
from fluent.syntax.visitor import Visitor

from shared.games import GAMES, GameInfo, PluginError, get_game, plugged_from

LANGUAGES: tuple[str, ...] = ("en", "ja")
"""The languages of the catalogue, in the order a language switch offers them."""
DEFAULT_LANGUAGE = "en"
"""The language where nothing asks for one the catalogue has."""
LANGUAGE_NAMES: dict[str, str] = {"en": "English", "ja": "日本語"}
"""Each language in its own words, for a switch."""

Arg = str | int | float


GAME_KEYS: tuple[str, ...] = (
    "title", "side-0", "side-1", "move-help", "square", "illegal-why")
"""The entries every game has, as ``<game>-<key>``: its name, what people call seat 0
and seat 1, how a move is written (for a prompt), a square at the start of a sentence
(``$square``), why a free square can be refused (after the square's name)."""


def source(lang: str) -> str:
    """The Fluent text of ``lang``: the shipped catalogue, then the entries of every
    plugged-in game (ValueError for a language the catalogue lacks)."""
    if lang not in LANGUAGES:
        raise ValueError(f"no words in {lang!r}; the languages are {', '.join(LANGUAGES)}")
    shipped = files(__package__).joinpath(f"{lang}.ftl").read_text(encoding="utf-8")
    return "\n".join([shipped, *(info.words.get(lang, "") for info in GAMES.values())])


def game_keys(info: GameInfo) -> list[str]:
    """Every entry ``info`` must have in every language."""
    return ([f"{info.name}-{key}" for key in GAME_KEYS]
            + [f"{info.name}-end-{reason}" for reason in info.reasons])


def reason_key(game: str, reason: str) -> str:
    """The entry that says how a match of ``game`` ended by ``reason`` (the wire's
    ``result.reason``): ``<game>-end-<reason>`` for one of the game's rules,
    ``match-reason`` for the server's (resign, left, abandon, time) and any other. Both
    read the same facts: ``$winner`` (none or side), ``$side``, ``$side0``, ``$side1``,
    ``$score0``, ``$score1``, ``$loser`` (none or seat), ``$who``, ``$moved``."""
    return f"{game}-end-{reason}" if reason in get_game(game).reasons else "match-reason"


def how_it_ended(words: Words, game: str, winner: int | None, reason: str,
                score: Sequence[int], who: Sequence[str], moved: bool) -> str:
    """How a match of ``game`` ended, e.g. 'White resigned.', 'The match was called off.'
    or 'Black 35, White 29 discs.': the entry :func:`reason_key` names, given its facts;
    ``who`` says what to call each seat's player, ``moved`` whether anybody moved."""
    loser = None if winner is None else 1 - winner
    side0, side1 = words(f"{game}-side-0"), words(f"{game}-side-1")
    return words(
        reason_key(game, reason), reason=reason,
        loser="none" if loser is None else "seat", who=who[loser or 0],
        moved="yes" if moved else "no", winner="none" if winner is None else "side",
        side=(side0, side1)[winner or 0], side0=side0, side1=side1,
        score0=score[0], score1=score[1])


@cache
def parse(lang: str) -> ftl.Resource:
    """The catalogue of ``lang`` as Fluent's syntax tree; ValueError naming the first
    entry Fluent cannot read, or a game's entry that is missing (a typo in a catalogue,
    or a plugged-in game without its words, fails here, not on a screen; for a game
    plugged in, PluginError naming its module)."""
    for info in GAMES.values():
        module = plugged_from(info.name)
        if module is not None:
            try:
                parse_text(lang, info.words.get(lang, ""))
            except ValueError as e:
                raise PluginError(module, f"its {lang!r} words: {e}") from None
    resource = parse_text(lang, source(lang))
    found = {entry.id.name for entry in resource.body if isinstance(entry, ftl.Message)}
    for info in GAMES.values():
        missing = [key for key in game_keys(info) if key not in found]
        if not missing:
            continue
        module = plugged_from(info.name)
        if module is not None:
            raise PluginError(module, f"the game {info.name} has no "
                                      f"{', '.join(missing)} in its {lang!r} words")
        raise ValueError(f"{lang}.ftl: the game {info.name} has no {', '.join(missing)}")
    return resource


def parse_text(lang: str, text: str) -> ftl.Resource:
    """Fluent ``text`` as a syntax tree, or ValueError naming its first unreadable or
    repeated entry."""
    resource = FluentParser(with_spans=False).parse(text)
    seen: set[str] = set()
    for entry in resource.body:
        if isinstance(entry, ftl.Junk):
            lines = (entry.content or "").strip().splitlines() or [""]
            raise ValueError(f"{lang}.ftl: cannot read the entry {lines[0]!r}")
        if isinstance(entry, ftl.Message):
            if entry.id.name in seen:  # Fluent would keep the first one silently
                raise ValueError(f"{lang}.ftl: {entry.id.name} is there twice")
            seen.add(entry.id.name)
    return resource


def message_ids(lang: str) -> list[str]:
    """Every entry's key in ``lang``, in the file's order."""
    return [e.id.name for e in parse(lang).body if isinstance(e, ftl.Message)]


def placeholders(resource: ftl.Resource) -> dict[str, frozenset[str]]:
    """Each entry's key -> the facts it reads (its placeholders and selectors), for
    checking that every language asks the code for the same ones."""

    class Facts(Visitor):
        def __init__(self) -> None:
            super().__init__()
            self.names: set[str] = set()

        def visit_VariableReference(self, node: ftl.VariableReference) -> None:
            self.names.add(node.id.name)

    found: dict[str, frozenset[str]] = {}
    for entry in resource.body:
        if isinstance(entry, ftl.Message):
            facts = Facts()
            facts.visit(entry)
            found[entry.id.name] = frozenset(facts.names)
    return found


class Words:
    """One language's catalogue: ``words(key, **facts)`` is the entry as text.

    An unknown key, or a placeholder the entry needs and was not given, raises
    (KeyError, ValueError): a sentence with a hole is a bug the tests catch, not
    something to show a person.
    """

    def __init__(self, lang: str) -> None:
        self.lang = lang
        # use_isolating=False: no Unicode bidi marks around placeholders (both languages
        # run left to right, and the marks would show as boxes in some fonts)
        self._bundle = FluentBundle([lang], use_isolating=False)
        self._bundle.add_resource(FluentResource(source(lang)))
        parse(lang)  # a catalogue with an unreadable entry fails here

    def __call__(self, key: str, **facts: Arg) -> str:
        message = self._bundle.get_message(key)
        if message.value is None:
            raise KeyError(f"{self.lang}.ftl: {key} has no value")
        text, errors = self._bundle.format_pattern(message.value, facts)
        if errors:
            raise ValueError(f"{self.lang}.ftl: {key}: {errors[0]}")
        return str(text)

    def has(self, key: str) -> bool:
        return self._bundle.has_message(key)


def game_label(words: Words, game: str, size: int) -> str:
    """The game and its board for people: 'Tic-tac-toe', 'Othello 8x8', 'オセロ 8×8'
    (the size only for a game played on more than one)."""
    return words("game-label", title=words(f"{game}-title"), size=size,
                 sizes=len(get_game(game).sizes))


@cache
def get_words(lang: str) -> Words:
    """The catalogue of ``lang``, loaded once (ValueError for one it does not have)."""
    return Words(lang)


def choose_language(wishes: Iterable[str]) -> str:
    """The first of ``wishes`` (locale names in order of preference: 'ja_JP.UTF-8',
    'ja-JP', 'en') whose language the catalogue has; the default otherwise ('C' and
    'POSIX' ask for none)."""
    for wish in wishes:
        lang = wish.replace("-", "_").split("_")[0].split(".")[0].lower()
        if lang in LANGUAGES:
            return lang
    return DEFAULT_LANGUAGE
