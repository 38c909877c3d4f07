"""Game clocks on a clock the test moves: the arithmetic, the room charging the mover
and giving the increment, forced passes, the flag timer (early, stale, on time), a
move that beats the timer to a fallen flag, takebacks, bots' budgets, restore and a
clean shutdown."""

from __future__ import annotations

from server.room.clock import MatchClock
from server.room.effects import FLAG_TIMER, CancelTimer, Reply, SaveClock, SetTimer, Think
from server.room.match import Match, Seat
from shared.ai.move_time import Budget
from shared.games import PASS, new_game
from shared.protocol import (
    BotChoice,
    Clock,
    ClockState,
    Create,
    Error,
    ListMatches,
    Lobby,
    Move,
    Position,
    Takeback,
    TakebackAnswer,
)
from tests.server.room_support import Bench, kinds, playing_with_clock, stored


def test_clock_arithmetic() -> None:
    clock = MatchClock(60.0, 2.0)
    assert clock.remaining == [60.0, 60.0] and clock.flag_at() is None
    clock.start(0, 100.0)
    assert clock.left(0, 110.5) == 49.5 and clock.left(1, 110.5) == 60.0
    assert clock.flag_at() == 160.0 and clock.fallen(159.9) is None
    clock.moved(0, 110.0, next_seat=1)
    assert clock.remaining == [52.0, 60.0] and (clock.running, clock.since) == (1, 110.0)
    clock.moved(1, 200.0, next_seat=None)  # the move that ends the game: no increment
    assert clock.remaining == [52.0, 0.0] and clock.running is None
    assert clock.to_message(500.0) == ClockState(initial=60.0, increment=2.0,
                                                 remaining=[52.0, 0.0], running=None)
    clock.start(0, 0.0)
    assert clock.fallen(52.0) == 0 and clock.left(0, 99.0) == 0.0


def test_the_mover_is_charged_then_given_the_increment() -> None:
    bench = Bench()
    taro, hana, code = playing_with_clock(bench, 60, 5)
    bench.now += 10
    effects = bench.ask(taro, Move(match=code, move=4, ply=0))
    assert SetTimer((code, FLAG_TIMER), bench.now + 60) in effects  # Hana's flag
    (state,) = hana.states()
    assert state.clock == ClockState(initial=60, increment=5, remaining=[55.0, 60.0],
                                     running=1)
    bench.now += 2.5
    bench.ask(hana, Move(match=code, move=0, ply=1))
    assert hana.states()[0].clock.remaining == [55.0, 62.5]  # type: ignore[union-attr]


def test_the_lobby_shows_the_time_control() -> None:
    bench = Bench()
    _, _, code = playing_with_clock(bench, 60, 5)
    fan = bench.connect("Fan")
    fan.take()
    bench.ask(fan, ListMatches())
    (lobby,) = fan.take()
    assert isinstance(lobby, Lobby)
    assert [m.clock for m in lobby.matches if m.match == code] == [Clock(60, 5)]


def test_a_forced_pass_takes_no_time_and_earns_no_increment() -> None:
    bench = Bench()
    taro = bench.connect("Taro")
    bench.ask(taro, Create(game="othello", size=4, vs="bot", bot=BotChoice(level=1),
                           position=Position(board="X.O.XOOOOOOOXXXX", to_move=0),
                           clock=Clock(initial=30, increment=1)))
    code = bench.room.seated(taro.player or "")[0].code
    bench.now += 4
    bench.ask(taro, Move(match=code, move=1, ply=0))  # White has no move: passes
    match = bench.match(code)
    assert match.moves == [1, PASS] and match.clock is not None
    assert match.clock.remaining == [27.0, 30.0] and match.clock.running == 0


def test_the_flag_timer_ends_the_match_on_time_and_not_before() -> None:
    bench = Bench()
    taro, hana, code = playing_with_clock(bench, 60)
    bench.now += 30
    bench.ask(taro, Move(match=code, move=4, ply=0))
    flag = bench.now + 60
    bench.now += 59
    assert bench.room.timeout((code, FLAG_TIMER), bench.now) == [
        SetTimer((code, FLAG_TIMER), flag)]  # rang early: set again
    bench.now += 1
    effects = bench.deliver(bench.room.timeout((code, FLAG_TIMER), bench.now))
    assert kinds(effects) == ["CancelTimer", "Broadcast"] and stored(bench)[-1] == "SaveResult"
    final = taro.states()[-1]
    assert final.result is not None and (final.result.winner, final.result.reason) == (
        0, "time")
    assert final.clock == ClockState(initial=60, increment=0, remaining=[30.0, 0.0],
                                     running=None)
    assert bench.room.timeout((code, FLAG_TIMER), bench.now + 5) == [
        CancelTimer((code, FLAG_TIMER))]  # a stale timer of a finished match


def test_a_request_that_beats_the_timer_to_a_fallen_flag_sees_the_end_first() -> None:
    bench = Bench()
    taro, hana, code = playing_with_clock(bench, 60)
    bench.now += 61  # the timer has not rung yet
    effects = bench.ask(taro, Move(match=code, move=4, ply=0))
    assert kinds(effects) == ["CancelTimer", "Broadcast", "Reply"]
    assert stored(bench)[-1] == "SaveResult"
    final, error = taro.take()
    assert final.result.reason == "time"  # type: ignore[union-attr]
    assert isinstance(effects[-1], Reply) and error == Error(
        code="game_over", message=error.message, ref="move", match=code)  # type: ignore
    assert bench.match(code).moves == []


def test_a_takeback_does_not_give_time_back() -> None:
    bench = Bench()
    taro, hana, code = playing_with_clock(bench, 60)
    bench.now += 10
    bench.ask(taro, Move(match=code, move=4, ply=0))
    bench.now += 5
    bench.ask(taro, Takeback(match=code))
    bench.now += 3
    effects = bench.ask(hana, TakebackAnswer(match=code, accept=True))
    assert SetTimer((code, FLAG_TIMER), bench.now + 50) in effects  # Taro's clock again
    clock = bench.match(code).clock
    assert clock is not None and clock.remaining == [50.0, 52.0] and clock.running == 0


def test_a_takeback_takes_back_the_increments_of_the_moves_it_undoes() -> None:
    bench = Bench()
    taro = bench.connect("Taro")
    bench.ask(taro, Create(game="tictactoe", vs="bot", seat="first", bot=BotChoice(level=1),
                           clock=Clock(initial=60, increment=5)))
    code = bench.room.seated(taro.player or "")[0].code
    for _ in range(3):  # a move, the bot's answer, taken back: nothing to gain
        bench.now += 1
        (think,) = [e for e in bench.ask(taro, Move(match=code, move=4, ply=0))
                    if isinstance(e, Think)]
        bench.now += 2
        bench.deliver(bench.room.bot_moved(code, 1, 0, bench.now, think.epoch))
        bench.ask(taro, Takeback(match=code))
    clock = bench.match(code).clock
    assert clock is not None and clock.running == 0
    assert clock.remaining == [57.0, 54.0]  # the time each side spent, no increment kept


def test_a_bot_is_asked_to_think_within_its_clock() -> None:
    bench = Bench()
    taro = bench.connect("Taro")
    effects = bench.ask(taro, Create(game="othello", size=8, vs="bot", seat="second",
                                     bot=BotChoice(level=5), clock=Clock(initial=120)))
    (think,) = [e for e in effects if isinstance(e, Think)]
    assert think.budget == Budget(flag_at=bench.now + 120, moves_left=31, increment=0.0)
    bench.now += 2
    bench.bot_moves(think.code, 0, think.state.legal_moves()[0])
    clock = bench.match(think.code).clock
    assert clock is not None and clock.remaining == [118.0, 120.0] and clock.running == 1
    untimed = bench.ask(taro, Create(game="othello", vs="bot", seat="second"))
    assert [e.budget for e in untimed if isinstance(e, Think)] == [None]


def test_a_bot_move_after_its_flag_fell_loses_on_time() -> None:
    bench = Bench()
    taro = bench.connect("Taro")
    effects = bench.ask(taro, Create(game="tictactoe", vs="bot", seat="second",
                                     bot=BotChoice(level=1), clock=Clock(initial=5, increment=2)))
    (think,) = [e for e in effects if isinstance(e, Think)]
    bench.now += 6  # its answer comes after its flag fell, before the flag timer rang
    stored(bench)
    bench.deliver(bench.room.bot_moved(think.code, 0, 4, bench.now, think.epoch))
    match = bench.match(think.code)
    assert match.moves == [] and stored(bench) == ["SaveResult"]
    assert match.result is not None and (match.result.winner, match.result.reason) == (
        1, "time")
    assert match.clock is not None and match.clock.remaining == [0.0, 5.0]
    assert taro.states()[-1].result == match.result and not bench.room.thinking


def test_restore_and_a_clean_shutdown() -> None:
    bench = Bench()
    seats: list[Seat | None] = [Seat("human", "a", player="p_a"),
                                Seat("human", "b", player="p_b")]
    match = Match("CLOCK1", new_game("tictactoe"), seats, moves=[4], created=bench.now)
    match.clock = MatchClock(60, 0, remaining=[50.0, 42.0])  # as stored after ply 1
    effects = bench.restore([match])
    assert SetTimer(("CLOCK1", FLAG_TIMER), bench.now + 42) in effects  # the downtime free
    bench.now += 12
    assert bench.closing() == []
    assert bench.store.saved[-1] == SaveClock("CLOCK1", (50.0, 30.0))
    assert match.clock.remaining == [50.0, 30.0] and match.clock.running is None
