"""The store decides before memory does: every change the store refuses (a full disk, an
I/O error, a locked or read-only file) is refused to whoever asked with
storage_unavailable, memory and everyone's screens stay exactly as they were, and the
same request goes through once the store takes writes again; a bot's move, a fallen
flag and an absence's end are tried again until they are stored, never lost."""

from __future__ import annotations

from typing import Any

import pytest

from server.room.effects import BOT_RETRY_TIMER, FLAG_TIMER, SetTimer
from server.room.store_faults import STORE_RETRY
from shared.protocol import (
    BotChoice,
    Chat,
    ClientMessage,
    Clock,
    Create,
    Error,
    Hello,
    Join,
    Leave,
    Move,
    ProtocolError,
    Rematch,
    Resign,
    Takeback,
    TakebackAnswer,
)
from tests.server.room_support import (
    Bench,
    Person,
    against_the_bot,
    playing_with_clock,
    refused,
    token_of,
    two_playing,
)

FULL = "database or disk is full"


def memory(bench: Bench) -> dict[str, Any]:
    """Everything of the room a change could touch, as values: each match's complete
    state and what it keeps beside it, bot searches, held seats, who is here."""
    room = bench.room
    return {
        "matches": {code: (m.to_message(room.online, bench.now), list(m.chat), m.chat_seq,
                           list(m.takebacks), sorted(m.rematch), m.next_match, m.offer)
                    for code, m in room.matches.items()},
        "thinking": dict(room.thinking),
        "held": dict(room.held),
        "peers": {player: set(peers) for player, peers in room.peers.items()},
    }


def refused_unchanged(bench: Bench, person: Person, msg: ClientMessage,
                      *others: Person) -> None:
    """With the store failing, ``msg`` is refused with storage_unavailable, nothing in
    memory changed and nobody was sent anything; the store stored nothing."""
    for p in (person, *others):
        p.take()
    bench.store.fault = FULL
    before, saved = memory(bench), len(bench.store.saved)
    bench.ask(person, msg)
    [error] = person.take()
    assert isinstance(error, Error) and error.code == "storage_unavailable"
    assert FULL in error.message and error.ref == type(msg).__struct_config__.tag
    assert error.match == getattr(msg, "match", None)
    assert error.retry_after == STORE_RETRY  # a request to send again, and when
    assert memory(bench) == before and len(bench.store.saved) == saved
    assert bench.store.refused  # it did ask the store
    assert all(p.got == [] for p in others)
    bench.store.fault = None


def test_every_request_that_changes_something_is_refused_then_goes_through() -> None:
    bench = Bench()
    newcomer = Person()
    refused_unchanged(bench, newcomer, Hello(protocol=1, name="New", token=None))
    assert newcomer.player is None and bench.room.peers == {}
    bench.ask(newcomer, Hello(protocol=1, name="New", token=None))
    again = Person()
    refused_unchanged(bench, again, Hello(protocol=1, name="Renamed", token=token_of(newcomer)))
    bench.ask(again, Hello(protocol=1, name="Renamed", token=token_of(newcomer)))
    found = bench.store.find_player(bench.store.saved[0].token_hash)  # type: ignore[union-attr]
    assert found is not None and found[1] == "Renamed"

    taro, hana = bench.connect("Taro"), bench.connect("Hana")
    create = Create(game="tictactoe", seat="first", clock=Clock(initial=60, increment=2))
    refused_unchanged(bench, taro, create, hana)
    bench.ask(taro, create)
    code = bench.room.seated(taro.player or "")[0].code
    taro.take()
    refused_unchanged(bench, hana, Join(match=code), taro)
    bench.ask(hana, Join(match=code))
    taro.take(), hana.take()
    bench.now += 5
    refused_unchanged(bench, taro, Move(match=code, move=4, ply=0), hana)
    bench.ask(taro, Move(match=code, move=4, ply=0))
    assert taro.states()[-1] == hana.states()[-1]
    bench.ask(hana, Move(match=code, move=0, ply=1))
    taro.take(), hana.take()
    refused_unchanged(bench, taro, Chat(match=code, text="gg"), hana)
    bench.ask(taro, Chat(match=code, text="gg"))
    bench.ask(taro, Takeback(match=code, ply=2))  # an offer is not stored: it just goes
    taro.take(), hana.take()
    refused_unchanged(bench, hana, TakebackAnswer(match=code, accept=True), taro)
    bench.ask(hana, TakebackAnswer(match=code, accept=True))
    assert bench.match(code).ply == 0 and bench.match(code).takebacks == [1, 0]
    taro.take(), hana.take()
    refused_unchanged(bench, hana, Resign(match=code), taro)
    bench.ask(hana, Resign(match=code))
    taro.take(), hana.take()
    bench.ask(taro, Rematch(match=code))  # an offer: nothing to store yet
    taro.take(), hana.take()
    refused_unchanged(bench, hana, Rematch(match=code), taro)
    bench.ask(hana, Rematch(match=code))
    new = bench.match(code).next_match
    assert new is not None and bench.store.record(new) is not None
    taro.take(), hana.take()
    bench.ask(hana, Move(match=new, move=4, ply=0))  # the seats swap: Hana moves first
    refused_unchanged(bench, taro, Leave(match=new), hana)
    bench.ask(taro, Leave(match=new))
    stored = bench.store.record(new)
    assert stored is not None and stored.result is not None

    # what the store holds is what the players were shown
    record = bench.store.record(code)
    assert record is not None and record.moves == [] and record.takebacks == (1, 0)
    assert record.result is not None and (record.result.winner, record.result.reason) == (
        0, "resign")


def test_takeback_against_the_bot_and_a_waiting_match_called_off() -> None:
    bench = Bench()
    taro, code = against_the_bot(bench, seat="first")
    bench.ask(taro, Move(match=code, move=4, ply=0))
    bench.bot_moves(code, 1, 0)
    taro.take()
    refused_unchanged(bench, taro, Takeback(match=code, ply=2))
    bench.ask(taro, Takeback(match=code, ply=2))
    assert bench.match(code).ply == 0 and bench.store.record(code).moves == []  # type: ignore[union-attr]
    hana = bench.connect("Hana")
    bench.ask(hana, Create(game="tictactoe"))
    waiting = bench.room.seated(hana.player or "")[0].code
    hana.take()
    refused_unchanged(bench, hana, Resign(match=waiting))


def test_a_resume_while_the_database_cannot_be_read_is_refused() -> None:
    bench = Bench()
    taro = bench.connect("Taro")
    bench.store.reads_fail = True
    back = Person()
    with pytest.raises(ProtocolError) as err:
        bench.room.request(back, Hello(protocol=1, name="", token=token_of(taro)), bench.now)
    assert err.value.code == "storage_unavailable" and back.player is None
    bench.store.reads_fail = False
    bench.ask(back, Hello(protocol=1, name="", token=token_of(taro)))
    assert back.player == taro.player


def test_a_bot_move_the_store_refuses_is_tried_again_and_never_lost() -> None:
    bench = Bench()
    taro, code = against_the_bot(bench, seat="first")
    bench.ask(taro, Move(match=code, move=4, ply=0))
    taro.take()
    bench.store.fault = FULL
    before = memory(bench)
    effects = bench.bot_moves(code, 1, 0)
    assert effects == [SetTimer((code, BOT_RETRY_TIMER), bench.now + STORE_RETRY)]
    assert memory(bench) == before and taro.take() == []
    assert bench.room.thinking == {code: 1}  # no second search meanwhile
    bench.advance(STORE_RETRY)  # still failing: it waits again
    assert bench.match(code).ply == 1 and (code, BOT_RETRY_TIMER) in bench.timers
    bench.store.fault = None
    bench.advance(STORE_RETRY)
    assert bench.match(code).moves == [4, 0] and bench.store.record(code).moves == [4, 0]  # type: ignore[union-attr]
    assert taro.states()[-1].moves == [4, 0] and bench.room.thinking == {}


def test_a_bot_move_waiting_for_the_store_is_not_dropped_by_a_takeback() -> None:
    """The bot's turn lasts until its move is stored: a takeback meanwhile is refused,
    and the move is played once the store takes it."""
    bench = Bench()
    taro, code = against_the_bot(bench, seat="first")
    bench.ask(taro, Move(match=code, move=4, ply=0))
    bench.store.fault = FULL
    bench.bot_moves(code, 1, 0)
    bench.store.fault = None
    refused("not_your_turn", bench, taro, Takeback(match=code, ply=1))
    bench.advance(STORE_RETRY)
    assert bench.match(code).moves == [4, 0] and bench.room.thinking == {}


def test_a_fallen_flag_is_stored_once_the_store_takes_it() -> None:
    bench = Bench()
    taro, hana, code = playing_with_clock(bench, 60)
    bench.store.fault = FULL
    effects = bench.advance(60)
    assert SetTimer((code, FLAG_TIMER), bench.now + STORE_RETRY) in effects
    assert bench.match(code).result is None and taro.take() == hana.take() == []
    refused_unchanged(bench, hana, Chat(match=code, text="?"))  # the end must come first
    bench.store.fault = None
    bench.advance(STORE_RETRY)
    result = bench.match(code).result
    assert result is not None and (result.winner, result.reason) == (1, "time")
    assert bench.results == {code: (1, "time")} and taro.states()[-1].result == result


def test_an_absence_ends_the_match_once_the_store_takes_it() -> None:
    bench = Bench()
    taro, hana, code = two_playing(bench)
    bench.disconnect(hana)
    bench.store.fault = FULL
    bench.advance(bench.room.config.grace)
    assert bench.match(code).result is None and (code, 1) in bench.room.held
    bench.store.fault = None
    bench.advance(STORE_RETRY)
    assert bench.results == {code: (0, "abandon")}


def test_a_clean_shutdown_that_cannot_store_the_clocks_says_so(caplog) -> None:
    bench = Bench()
    taro, hana, code = playing_with_clock(bench, 60)
    bench.store.fault = FULL
    bench.now += 10
    assert bench.closing() == []
    assert f"match {code}: its clocks could not be stored ({FULL})" in caplog.text
    assert bench.store.record(code).remaining == (60.0, 60.0)  # type: ignore[union-attr]


def test_create_against_the_bot_starts_no_search_when_refused() -> None:
    bench = Bench()
    taro = bench.connect("Taro")
    refused_unchanged(bench, taro, Create(game="tictactoe", vs="bot", seat="second",
                                          bot=BotChoice(level=1)))
    assert bench.room.thinking == {} and bench.room.matches == {}
