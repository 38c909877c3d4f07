"""A match room driven by hand for the room's unit tests: no socket, no timer, no sleep.

:class:`Bench` plays the shell's part in miniature: it gives the room a real store in
memory that a test can make fail (:class:`FaultyStore`) and stores what the room
proposed after each event (a group of one; :meth:`Bench.group` holds several events in
one group, as one turn of the shell's event loop does), delivers each effect's frames
to the peers they go to, keeps the timers the room set, and keeps the clock, which only
moves when a test moves it: :meth:`Bench.advance` rings the timers that fall due on the
way, as the shell's event loop would.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import pytest

from server.config import ServerConfig
from server.room.effects import (
    FLAG_TIMER,
    Broadcast,
    BroadcastSoon,
    CancelTimer,
    Effect,
    MatchNews,
    Proposed,
    Reply,
    ReplyEncoded,
    ReplyState,
    SaveResult,
    Send,
    SetTimer,
    StoreChange,
    StoreFault,
    TimerKey,
)
from server.room.identity import hash_token
from server.room.match import Match
from server.room.presence import Peer
from server.room.room import Room
from server.store.database import Store
from shared.protocol import (
    BotChoice,
    ClientMessage,
    Clock,
    ClockState,
    Create,
    Hello,
    Join,
    MatchState,
    ProtocolError,
    ServerInfo,
    ServerMessage,
    Welcome,
    decode_server,
)

CONFIG = ServerConfig(name="bench", discovery=False, grace=60.0, bot_hold=3600.0,
                      max_matches_per_player=3, max_spectators=2)
T0 = 1_000_000.0


@dataclass(eq=False)
class Person(Peer):
    """A connection with the frames it was sent (and, once welcomed, its token)."""

    label: str = ""
    got: list[ServerMessage] = field(default_factory=list)
    token: str | None = None

    def __post_init__(self) -> None:
        super().__init__()

    def take(self) -> list[ServerMessage]:
        """The frames received since the last take."""
        got, self.got = self.got, []
        return got

    def states(self) -> list[MatchState]:
        return [m for m in self.take() if isinstance(m, MatchState)]


class FaultyStore(Store):
    """A store in memory that refuses every write while ``fault`` says why (as SQLite
    refuses one when the disk is full), and every read too while ``reads_fail``; it
    keeps the changes it stored, in order, in ``saved`` (those refused in ``refused``),
    and the size of each group it was given in ``groups``."""

    def __init__(self) -> None:
        super().__init__(":memory:")
        self.fault: str | None = None
        self.reads_fail = False
        self.saved: list[StoreChange] = []
        self.refused: list[StoreChange] = []
        self.groups: list[int] = []

    def save_group(self, changes: Sequence[StoreChange]) -> None:
        self.groups.append(len(changes))
        if self.fault is not None:
            self.refused += changes
            raise StoreFault(self.fault)
        super().save_group(changes)
        self.saved += changes

    def find_player(self, token_hash: str) -> tuple[str, str] | None:
        if self.reads_fail:
            raise StoreFault("disk I/O error")
        return super().find_player(token_hash)

    def has_match(self, code: str) -> bool:
        if self.reads_fail:
            raise StoreFault("disk I/O error")
        return super().has_match(code)


class Bench:
    """A room, its store, and a clock at ``now``."""

    def __init__(self, config: ServerConfig = CONFIG) -> None:
        self.store = FaultyStore()
        self.room = Room(config, ServerInfo(name="bench", version="0"),
                         find_player=self.store.find_player,
                         code_taken=self.store.has_match)
        self.now = T0
        self._grouping = False
        self.timers: dict[TimerKey, float] = {}
        """The timers the room set and has not cancelled, and when each rings."""
        self.seen = 0
        """How many of the store's changes :func:`stored` has returned so far."""

    @property
    def results(self) -> dict[str, tuple[int | None, str]]:
        """Match code -> (winner, reason) of each end stored without a move."""
        return {c.code: (c.result.winner, c.result.reason) for c in self.store.saved
                if isinstance(c, SaveResult)}

    def deliver(self, effects: list[Effect], requester: Peer | None = None) -> list[Effect]:
        """Send each frame where the effect says (states built now, as the shell does
        when they go out), then store what the room proposed and deliver what follows
        (unless in :meth:`group`); return all the effects for a closer look (but the
        marker that a change was proposed: what follows it is among them)."""
        effects = self._send(effects, requester)
        if not self._grouping:
            effects += self.commit()
        return [effect for effect in effects if not isinstance(effect, Proposed)]

    def commit(self) -> list[Effect]:
        """Store the changes proposed since the last group in one transaction, as the
        shell does at the end of an event-loop turn; deliver what follows."""
        effects: list[Effect] = []
        while self.room.proposed:
            for asker, followed in self.room.settle(self.store.save_group):
                effects += self._send(followed, asker)
        return effects

    @contextmanager
    def group(self) -> Iterator[None]:
        """The events inside are one group: their changes are stored together at the end."""
        self._grouping = True
        try:
            yield
        finally:
            self._grouping = False
        self.commit()

    def _send(self, effects: list[Effect], requester: Peer | None) -> list[Effect]:
        for effect in effects:
            match effect:
                case Reply(message):
                    _person(requester).got.append(message)
                    if isinstance(message, Welcome):
                        _person(requester).token = message.token
                case ReplyEncoded(frame):
                    _person(requester).got.append(decode_server(frame))
                case ReplyState(match):
                    _person(requester).got.append(self.room.state_of(match))
                case Broadcast(_, to, state):
                    for peer in to:
                        _person(peer).got.append(state)
                case BroadcastSoon(match):
                    for peer in self.room.audience(match):
                        _person(peer).got.append(self.room.state_of(match))
                case Send(to, message):
                    for peer in to:
                        _person(peer).got.append(message)
                case SetTimer(key, at):
                    self.timers[key] = at
                case CancelTimer(key):
                    self.timers.pop(key, None)
        return effects

    def advance(self, seconds: float) -> list[Effect]:
        """Move the clock on by ``seconds``, ringing each timer that falls due on the way
        at its own time, the earliest first; the effects of all of them."""
        end = self.now + seconds
        effects: list[Effect] = []
        while due := [(at, key) for key, at in self.timers.items() if at <= end]:
            at, key = min(due)
            self.now = max(self.now, at)
            del self.timers[key]
            effects += self.deliver(self.room.timeout(key, self.now))
        self.now = end
        return effects

    def restore(self, matches: list[Match]) -> list[Effect]:
        """The room takes ``matches`` back, as after a restart."""
        return self.deliver(self.room.restore(matches, self.now))

    def closing(self) -> list[Effect]:
        """The server shuts down cleanly now."""
        return self.deliver(self.room.closing(self.now))

    def ask(self, person: Person, msg: ClientMessage) -> list[Effect]:
        return self.deliver(self.room.request(person, msg, self.now), person)

    def connect(self, name: str, token: str | None = None) -> Person:
        """A new connection that said hello (resuming with ``token``)."""
        person = Person(label=name)
        self.ask(person, Hello(protocol=1, name=name, token=token))
        return person

    def disconnect(self, person: Person) -> list[Effect]:
        return self.deliver(self.room.disconnected(person, self.now))

    def ring(self, code: str, seat: int) -> list[Effect]:
        """The timer of (code, seat) rings at the current time (due or not)."""
        self.timers.pop((code, seat), None)
        return self.deliver(self.room.timeout((code, seat), self.now))

    def bot_moves(self, code: str, ply: int, move: int) -> list[Effect]:
        return self.deliver(self.room.bot_moved(code, ply, move, self.now))

    def match(self, code: str) -> Match:
        return self.room.matches[code]

    def pair(self, creator: Person, joiner: Person) -> str:
        """``creator`` creates a tic-tac-toe match and ``joiner`` takes the other seat (the
        usual start of a test about two people at one board); the match's code."""
        self.ask(creator, Create(game="tictactoe"))
        code = self.room.seated(creator.player or "")[0].code
        self.ask(joiner, Join(match=code))
        return code


def stored(bench: Bench) -> list[str]:
    """The type names of the changes stored since the last call (what was written)."""
    names = [type(change).__name__ for change in bench.store.saved[bench.seen:]]
    bench.seen = len(bench.store.saved)
    return names


def _person(peer: Peer | None) -> Person:
    assert isinstance(peer, Person)
    return peer


def kinds(effects: list[Effect]) -> list[str]:
    """The effects' type names, in order (what happened, at a glance), but the log's
    lines (tests/server/shell/test_address_log.py looks at those)."""
    return [type(effect).__name__ for effect in effects if not isinstance(effect, MatchNews)]


def token_of(person: Person) -> str:
    assert person.token is not None
    return person.token


def hashed(person: Person) -> str:
    return hash_token(token_of(person))


# ---- what the room's tests share: a refusal, the matches they start from -------------


def refused(code: str, bench: Bench, person: Person, msg: object) -> str:
    """Assert the room refuses ``msg`` with ``code``, changing nothing; its message."""
    before = {c: (m.ply, m.status, list(m.seats)) for c, m in bench.room.matches.items()}
    with pytest.raises(ProtocolError) as err:
        bench.room.request(person, msg, bench.now)  # type: ignore[arg-type]
    assert err.value.code == code
    after = {c: (m.ply, m.status, list(m.seats)) for c, m in bench.room.matches.items()}
    assert after == before
    return err.value.message


def two_playing(bench: Bench) -> tuple[Person, Person, str]:
    """Taro (X) and Hana (O) at a tic-tac-toe match that has started; frames taken."""
    taro, hana = bench.connect("Taro"), bench.connect("Hana")
    bench.ask(taro, Create(game="tictactoe"))
    code = bench.room.seated(taro.player or "")[0].code
    bench.ask(hana, Join(match=code))
    taro.take(), hana.take()
    return taro, hana, code


def playing_with_clock(bench: Bench, initial: float = 60, increment: float = 0,
                       **create: Any) -> tuple[Person, Person, str]:
    taro, hana = bench.connect("Taro"), bench.connect("Hana")
    bench.ask(taro, Create(game="tictactoe", clock=Clock(initial=initial,
                                                         increment=increment), **create))
    code = bench.room.seated(taro.player or "")[0].code
    waiting = taro.states()[-1]
    assert waiting.clock == ClockState(initial=initial, increment=increment,
                                       remaining=[initial, initial], running=None)
    effects = bench.ask(hana, Join(match=code))
    assert SetTimer((code, FLAG_TIMER), bench.now + initial) in effects
    taro.take(), hana.take()
    return taro, hana, code


def against_the_bot(bench: Bench, **create: Any) -> tuple[Person, str]:
    """Taro at a tic-tac-toe match against the level-1 bot, to move first; frames taken."""
    taro = bench.connect("Taro")
    bench.ask(taro, Create(game="tictactoe", vs="bot", bot=BotChoice(level=1), **create))
    code = bench.room.seated(taro.player or "")[0].code
    taro.take()
    return taro, code
