"""Seats held for absent people, on a clock the test moves: the grace, abandon, the bot
hold, a restart's restore, and what the room forgets once nobody looks."""

from __future__ import annotations

import dataclasses

from server.room.effects import Broadcast, CancelTimer, SaveMatch, SavePlayer, SetTimer, Think
from server.room.identity import hash_token
from server.room.match import Match, Seat
from server.room.room import KEEP_FINISHED
from shared.games import new_game
from shared.protocol import BotChoice, Create, Hello, Joined, ListMatches, Lobby, Move, Resign
from tests.server.room_support import CONFIG, Bench, Person, kinds, stored, token_of


def test_an_absent_opponent_loses_after_the_grace_not_before() -> None:
    bench = Bench()
    taro, hana = bench.connect("Taro"), bench.connect("Hana")
    code = bench.pair(taro, hana)
    effects = bench.disconnect(hana)
    assert SetTimer((code, 1), bench.now + CONFIG.grace) in effects
    bench.now += CONFIG.grace - 1
    assert bench.ring(code, 1) == [SetTimer((code, 1), bench.now + 1)]  # early: set again
    assert bench.match(code).result is None
    bench.now += 1
    assert kinds(bench.ring(code, 1)) == ["Broadcast"] and stored(bench)[-1] == "SaveResult"
    result = bench.match(code).result
    assert result is not None and (result.winner, result.reason) == (0, "abandon")
    assert bench.ring(code, 1) == []  # a timer that rang once is gone


def test_coming_back_within_the_grace_cancels_it() -> None:
    bench = Bench()
    taro, hana = bench.connect("Taro"), bench.connect("Hana")
    code = bench.pair(taro, hana)
    bench.disconnect(hana)
    bench.now += 30
    effects = bench.ask(Person(), Hello(protocol=1, name="Hana", token=token_of(hana)))
    assert CancelTimer((code, 1)) in effects and bench.room.held == {}
    bench.now += 60
    assert bench.ring(code, 1) == [] and bench.match(code).result is None


def test_two_people_away_wait_for_the_first_to_come_back() -> None:
    """Both away: neither wins by the other's grace; the match waits as a whole for
    abandon_after, and the first one back waits only the grace for the other."""
    bench = Bench()
    taro, hana = bench.connect("Taro"), bench.connect("Hana")
    code = bench.pair(taro, hana)
    bench.ask(taro, Move(match=code, move=4, ply=0))
    bench.disconnect(hana)
    effects = bench.disconnect(taro)
    assert SetTimer((code, 1), bench.now + CONFIG.abandon_after) in effects
    assert SetTimer((code, 0), bench.now + CONFIG.abandon_after) in effects
    bench.now += CONFIG.grace
    assert bench.ring(code, 1) == [SetTimer((code, 1), bench.now - CONFIG.grace
                                            + CONFIG.abandon_after)]  # not its time
    assert bench.match(code).result is None
    back = bench.connect("Taro", token=token_of(taro))  # the first back waits for the other
    assert bench.room.held == {(code, 1): bench.now + CONFIG.grace}
    bench.now += CONFIG.grace
    bench.ring(code, 1)
    result = bench.match(code).result
    assert result is not None and result.winner == 0 and back.player == taro.player


def both_away_after_a_move() -> tuple[Bench, Person, Person, str]:
    """Taro and Hana at a tic-tac-toe board, Taro has moved, and both have gone (Taro
    first): the bench, the two and the match's code."""
    bench = Bench()
    taro, hana = bench.connect("Taro"), bench.connect("Hana")
    code = bench.pair(taro, hana)
    bench.ask(taro, Move(match=code, move=4, ply=0))
    bench.disconnect(taro)
    bench.disconnect(hana)
    return bench, taro, hana, code


def test_a_game_both_people_left_ends_as_abandoned_with_no_winner() -> None:
    bench, taro, hana, code = both_away_after_a_move()
    bench.advance(CONFIG.abandon_after - 1)
    assert bench.results == {}
    bench.advance(1)
    assert bench.results == {code: (None, "abandon")}
    assert code not in bench.room.matches and bench.room.held == {}  # stored only


def test_a_game_nobody_moved_in_is_called_off_once_both_are_away() -> None:
    bench = Bench()
    taro, hana = bench.connect("Taro"), bench.connect("Hana")
    code = bench.pair(taro, hana)
    bench.disconnect(taro)
    bench.disconnect(hana)
    bench.advance(CONFIG.call_off)
    assert bench.results == {code: (None, "abandon")} and bench.room.matches == {}


def test_a_waiting_match_is_called_off_when_its_creator_stays_away() -> None:
    bench = Bench()
    taro = bench.connect("Taro")
    bench.ask(taro, Create(game="othello", size=4))
    match = bench.room.seated(taro.player or "")[0]
    assert SetTimer((match.code, 0), bench.now + CONFIG.grace) in bench.disconnect(taro)
    bench.now += CONFIG.grace
    assert kinds(bench.ring(match.code, 0)) == ["Broadcast"]
    assert stored(bench)[-1] == "SaveResult"
    assert match.result is not None and (match.result.winner, match.result.reason) == (
        None, "abandon")
    assert match.code not in bench.room.matches  # nobody is at it: forgotten (stays stored)
    assert bench.room.seated(taro.player or "") == []


def test_against_a_bot_the_seat_is_held_for_the_bot_hold() -> None:
    bench = Bench()
    taro = bench.connect("Taro")
    bench.ask(taro, Create(game="tictactoe", vs="bot", seat="second", bot=BotChoice(level=1)))
    code = bench.room.seated(taro.player or "")[0].code
    bench.bot_moves(code, 0, 4)
    effects = bench.disconnect(taro)
    assert SetTimer((code, 1), bench.now + CONFIG.bot_hold) in effects
    bench.now += CONFIG.grace
    bench.ring(code, 1)
    assert bench.match(code).result is None  # the grace is not the bot hold
    bench.now += CONFIG.bot_hold
    match = bench.match(code)
    effects = bench.ring(code, 1)
    assert kinds(effects) == ["Broadcast"] and stored(bench)[-1] == "SaveResult"
    broadcast = effects[0]
    assert isinstance(broadcast, Broadcast) and broadcast.to == ()  # nobody here to tell
    assert match.result is not None and (match.result.winner, match.result.reason) == (
        0, "abandon")
    assert bench.room.thinking == {}
    assert code not in bench.room.matches  # nobody looks at it: forgotten (stays stored)


def test_a_restart_restores_holds_and_bot_turns() -> None:
    bench = Bench(dataclasses.replace(CONFIG, grace=5.0))
    waiting = Match("WAITNG", new_game("tictactoe"), [Seat("human", "a", "p_a"), None],
                    created=bench.now)
    vs_bot = Match("VSBOT1", new_game("tictactoe"), [Seat.bot(2), Seat("human", "b", "p_b")],
                   created=bench.now)
    people = Match("PEOPLE", new_game("tictactoe"),
                   [Seat("human", "c", "p_c"), Seat("human", "d", "p_d")], created=bench.now)
    effects = bench.room.restore([waiting, vs_bot, people], bench.now)
    assert effects == [
        SetTimer(("WAITNG", 0), bench.now + 5.0),
        SetTimer(("VSBOT1", 1), bench.now + CONFIG.call_off),  # nobody moved yet
        Think("VSBOT1", 0, vs_bot.state, 2),
        SetTimer(("PEOPLE", 0), bench.now + CONFIG.call_off),
        SetTimer(("PEOPLE", 1), bench.now + CONFIG.call_off),
    ]
    assert set(bench.room.matches) == {"WAITNG", "VSBOT1", "PEOPLE"}


def test_a_player_keeps_only_the_latest_finished_matches_in_memory() -> None:
    bench = Bench(dataclasses.replace(CONFIG, max_matches_per_player=10))
    taro = bench.connect("Taro")
    codes = []
    for _ in range(KEEP_FINISHED + 2):
        bench.ask(taro, Create(game="tictactoe"))
        code = [m for m in bench.room.seated(taro.player or "") if m.result is None][0].code
        bench.ask(taro, Resign(match=code))
        codes.append(code)
    assert [m.code for m in bench.room.seated(taro.player or "")] == codes[-KEEP_FINISHED:]
    assert not set(codes[:-KEEP_FINISHED]) & set(bench.room.matches)



# ---- on the bench's clock: what the end-to-end tests once waited for in real time --------


def _listed(bench: Bench, person: Person) -> list[str]:
    """The codes ``person`` is offered in the lobby now."""
    bench.ask(person, ListMatches())
    (lobby,) = [m for m in person.take() if isinstance(m, Lobby)]
    return [summary.match for summary in lobby.matches]


def test_a_waiting_match_is_called_off_past_the_grace_and_leaves_the_list() -> None:
    bench = Bench()
    taro, hana = bench.connect("Taro"), bench.connect("Hana")
    bench.ask(taro, Create(game="tictactoe", vs="human"))
    code = bench.room.seated(taro.player or "")[0].code
    assert code in _listed(bench, hana)
    bench.disconnect(taro)
    bench.advance(CONFIG.grace - 1)
    assert bench.results == {}
    bench.advance(1)
    assert bench.results == {code: (None, "abandon")}
    assert code not in _listed(bench, hana)


def test_both_away_then_one_back_starts_the_others_hold() -> None:
    bench, taro, hana, code = both_away_after_a_move()
    bench.advance(2 * CONFIG.grace)  # Hana's grace would be over: the match goes on
    assert set(bench.room.held) == {(code, 0), (code, 1)} and bench.results == {}
    back = bench.connect("Taro", token=token_of(taro))
    state = back.states()[-1]
    assert state.status == "playing" and state.players[1].connected is False
    bench.advance(CONFIG.grace)
    final = back.states()[-1]
    assert final.status == "over" and final.result is not None
    assert (final.result.winner, final.result.reason) == (0, "abandon")
    assert bench.results == {code: (0, "abandon")}


def test_a_bot_match_waits_past_the_grace_for_its_player() -> None:
    bench = Bench()
    peer = bench.connect("Taro")
    bench.ask(peer, Create(game="othello", size=6, vs="bot", seat="first",
                           bot=BotChoice(level=2)))
    state = peer.states()[-1]
    bench.disconnect(peer)
    bench.advance(CONFIG.grace + 1)  # past the grace: time passing is what is tested
    back = Person()
    bench.ask(back, Hello(protocol=1, name="Taro", token=token_of(peer)))
    assert [m for m in back.got if isinstance(m, Joined)][0].match == state.match
    resumed = back.states()[-1]
    assert resumed.status == "playing" and resumed.board == state.board


def test_restored_matches_wait_only_as_long_as_they_would_have() -> None:
    """After a restart nobody is connected: every hold starts at once, the game
    between two people included (it no longer waits forever)."""
    bench = Bench(dataclasses.replace(CONFIG, grace=5.0, bot_hold=5.0, abandon_after=7.0))
    bench.store.save(SavePlayer("p_taro", hash_token("taro-token"), "Taro"))
    vs_bot = Match("VSBOT1", new_game("tictactoe"), [Seat("human", "Taro", "p_taro"),
                                                     Seat.bot(1)], created=bench.now)
    waiting = Match("WAITNG", new_game("tictactoe"), [Seat("human", "Taro", "p_taro"), None],
                    created=bench.now)
    h2h = Match("PEOPLE", new_game("tictactoe"),
                [Seat("human", "Taro", "p_taro"), Seat("human", "Hana", "p_hana")],
                created=bench.now)
    for match in (vs_bot, h2h):
        match.advance(match.step(4, bench.now))
    bench.restore([vs_bot, waiting, h2h])
    bench.advance(5.0)
    assert bench.results == {"VSBOT1": (1, "abandon"), "WAITNG": (None, "abandon")}
    bench.advance(2.0)
    assert bench.results["PEOPLE"] == (None, "abandon") and bench.room.matches == {}


def test_a_restart_does_not_bring_back_what_expired_while_it_was_down() -> None:
    """Limits count from the last move (or the creation): a match past its limit at
    restore is ended there and then (stored as abandoned), never in memory again."""
    bench = Bench()
    seats: list[Seat | None] = [Seat("human", "c", "p_c"), Seat("human", "d", "p_d")]
    unplayed = Match("UNPLAY", new_game("tictactoe"), list(seats),
                     created=bench.now - CONFIG.call_off)
    played = Match("PLAYED", new_game("tictactoe"), list(seats), created=bench.now - 10**6)
    played.advance(played.step(4, bench.now - CONFIG.abandon_after - 1))
    fresh = Match("FRESH1", new_game("tictactoe"), list(seats), created=bench.now - 10**6)
    fresh.advance(fresh.step(4, bench.now - CONFIG.abandon_after + 10))
    for match in (unplayed, played, fresh):
        bench.store.save(SaveMatch(match))
    bench.restore([unplayed, played, fresh])
    assert set(bench.room.matches) == {"FRESH1"}
    assert bench.results == {"UNPLAY": (None, "abandon"), "PLAYED": (None, "abandon")}
    assert {r.code for r in bench.store.records(only_unfinished=True)} == {"FRESH1"}
