"""The match room's rules, driven by hand: hello and resume, seats, watching, leaving,
moves, resign, rematch, the lobby's order, and every error code the room produces."""

from __future__ import annotations

from server.room.effects import Broadcast, ReplyEncoded, SaveMatch, Send, Think
from shared.games import PASS
from shared.protocol import (
    BotChoice,
    Create,
    Error,
    Hello,
    Join,
    Joined,
    Leave,
    ListMatches,
    Lobby,
    MatchState,
    Move,
    Rematch,
    Resign,
    Watch,
    Welcome,
)
from tests.server.room_support import (
    Bench,
    Person,
    hashed,
    kinds,
    refused,
    stored,
    token_of,
    two_playing,
)

# ---- hello and resume -----------------------------------------------------------------


def test_hello_stores_the_new_player_before_welcoming_them() -> None:
    bench = Bench()
    taro = Person()
    effects = bench.ask(taro, Hello(protocol=1, name=" Taro\n"))
    assert kinds(effects) == ["Reply"] and stored(bench) == ["SavePlayer"]
    (welcome,) = taro.take()
    assert isinstance(welcome, Welcome)
    assert taro.player == welcome.player and taro.name == "Taro"
    assert bench.store.find_player(hashed(taro)) == (welcome.player, "Taro")
    assert [g.game for g in welcome.games] == ["tictactoe", "othello"]


def test_hello_with_a_token_resumes_and_keeps_or_changes_the_name() -> None:
    bench = Bench()
    taro = bench.connect("Taro")
    again = bench.connect("", token=token_of(taro))
    assert again.player == taro.player and again.name == "Taro" and again.token == taro.token
    renamed = Person()
    stored(bench)
    assert kinds(bench.ask(renamed, Hello(protocol=1, name="Taro II", token=taro.token))) == [
        "Reply"]
    assert stored(bench) == ["RenamePlayer"]
    assert bench.store.find_player(hashed(taro)) == (taro.player, "Taro II")
    stranger = bench.connect("Who", token="not-a-known-token")
    assert stranger.player != taro.player and stranger.token != "not-a-known-token"


def test_hello_refusals() -> None:
    bench = Bench()
    taro = bench.connect("Taro")
    assert refused("bad_message", bench, taro, Hello(protocol=1)) == (
        "this connection already said hello")
    assert "protocol 1, not 2" in refused("unsupported_protocol", bench, Person(),
                                          Hello(protocol=2))
    refused("hello_required", bench, Person(), ListMatches())


def test_a_resuming_player_gets_their_seat_back_and_everyone_sees_them_connected() -> None:
    bench = Bench()
    taro, hana, code = two_playing(bench)
    bench.disconnect(hana)
    (state,) = taro.states()
    assert [p.connected for p in state.players] == [True, False]
    back = bench.connect("Hana", token=token_of(hana))
    frames = back.take()
    assert isinstance(frames[0], Welcome)
    assert frames[1] == Joined(match=code, seat=1, role="player")
    assert isinstance(frames[2], MatchState) and frames[2].match == code
    assert [p.connected for p in frames[2].players] == [True, True]
    assert taro.states() == [frames[2]]
    # a second connection of a player already here is shown the match, nobody else is
    twin = bench.connect("Hana", token=token_of(hana))
    assert [type(m).__name__ for m in twin.take()] == ["Welcome", "Joined", "MatchState"]
    assert taro.take() == []


# ---- create, join, watch, leave -------------------------------------------------------


def test_create_stores_answers_then_broadcasts() -> None:
    bench = Bench()
    taro = bench.connect("Taro")
    taro.take()
    effects = bench.ask(taro, Create(game="othello", size=6, seat="second"))
    assert kinds(effects) == ["Reply", "Broadcast", "Paced"]
    joined, state = taro.take()
    assert isinstance(joined, Joined) and joined.seat == 1 and joined.role == "player"
    assert isinstance(state, MatchState) and state.status == "waiting" and state.size == 6
    saved = bench.store.saved[-1]
    assert isinstance(saved, SaveMatch) and saved.match.created == bench.now


def test_create_refuses_what_the_rules_refuse() -> None:
    bench = Bench()
    taro = bench.connect("Taro")
    assert "cannot create that match" in refused("bad_message", bench, taro,
                                                 Create(game="chess"))
    refused("bad_message", bench, taro, Create(game="othello", size=5))
    assert bench.room.matches == {}


def test_against_the_bot_the_person_is_answered_before_the_bot_thinks() -> None:
    bench = Bench()
    taro = bench.connect("Taro")
    effects = bench.ask(taro, Create(game="tictactoe", vs="bot", seat="second",
                                     bot=BotChoice(level=2)))
    assert kinds(effects) == ["Reply", "Broadcast", "Think", "Paced"]
    assert stored(bench)[-1] == "SaveMatch"
    think = effects[-2]
    assert isinstance(think, Think) and (think.ply, think.level) == (0, 2)
    assert bench.room.thinking == {think.code: 0}


def test_join_takes_the_open_seat_once() -> None:
    bench = Bench()
    taro, hana = bench.connect("Taro"), bench.connect("Hana")
    bench.ask(taro, Create(game="tictactoe"))
    code = bench.room.seated(taro.player or "")[0].code
    taro.take(), hana.take()
    stored(bench)
    assert kinds(bench.ask(hana, Join(match=code.lower()))) == ["Reply", "Broadcast"]
    assert stored(bench) == ["SaveSeats"]
    joined, state = hana.take()
    assert joined == Joined(match=code, seat=1, role="player")
    assert isinstance(state, MatchState) and state.status == "playing"
    assert taro.states() == [state]
    # shown again, to Hana alone (a repeated join costs one state, not one per follower)
    assert kinds(bench.ask(hana, Join(match=code))) == ["Reply", "ReplyState"]
    assert taro.take() == []
    fan = bench.connect("Fan")
    assert "both seats" in refused("match_full", bench, fan, Join(match=code))
    assert "no match 'NOSUCH'" in refused("unknown_match", bench, fan, Join(match="NOSUCH"))
    bench.ask(taro, Resign(match=code))
    assert "watch it instead" in refused("game_over", bench, fan, Join(match=code))


def test_watching_is_capped_and_a_player_is_shown_their_seat() -> None:
    bench = Bench()
    taro, hana, code = two_playing(bench)
    fans = [bench.connect(f"Fan {i}") for i in range(3)]
    for fan in fans[:2]:
        fan.take()
        bench.ask(fan, Watch(match=code))
        joined, state = fan.take()
        assert joined == Joined(match=code, seat=None, role="spectator")
        assert isinstance(state, MatchState)
    assert "2 spectators" in refused("match_full", bench, fans[2], Watch(match=code))
    bench.ask(fans[0], Watch(match=code))  # watching again is no new spectator
    bench.ask(taro, Watch(match=code))
    assert taro.take()[0] == Joined(match=code, seat=0, role="player")
    bench.ask(taro, Move(match=code, move=4, ply=0))
    assert [len(fan.states()) for fan in fans] == [2, 1, 0]  # the repeated watch, the move


def test_leave() -> None:
    bench = Bench()
    taro, hana, code = two_playing(bench)
    fan, stranger = bench.connect("Fan"), bench.connect("Who")
    bench.ask(fan, Watch(match=code))
    bench.ask(fan, Leave(match=code))
    fan.take()
    assert "neither playing nor watching" in refused("not_a_player", bench, stranger,
                                                     Leave(match=code))
    bench.ask(taro, Leave(match=code))  # leaving a game on purpose: the other side wins
    ended, gone = hana.states()  # the end (the leaver gets it too), then the seat left
    assert ended.result is not None and ended.result == gone.result
    assert (ended.result.winner, ended.result.reason) == (1, "left")
    assert [(p.name, p.left, p.connected) for p in gone.players] == [
        ("Taro", True, False), ("Hana", False, True)]
    assert fan.take() == [] and code in bench.room.matches  # Hana may still ask a rematch
    bench.ask(hana, Leave(match=code))
    assert code not in bench.room.matches  # nobody looks at it now (it stays stored)
    bench.ask(taro, Create(game="tictactoe"))
    waiting = bench.room.seated(taro.player or "")[0]
    bench.ask(taro, Leave(match=waiting.code))  # nobody joined: called off
    assert waiting.result is not None and waiting.result.winner is None


# ---- moves and resign -----------------------------------------------------------------


def test_every_refusal_of_a_move_in_the_order_checked() -> None:
    bench = Bench()
    taro, hana = bench.connect("Taro"), bench.connect("Hana")
    bench.ask(taro, Create(game="tictactoe"))
    code = bench.room.seated(taro.player or "")[0].code
    assert "waiting for an opponent" in refused("not_your_turn", bench, taro,
                                                Move(match=code, move=0, ply=0))
    refused("not_a_player", bench, hana, Move(match=code, move=0, ply=0))
    bench.ask(hana, Join(match=code))
    assert "your opponent's turn" in refused("not_your_turn", bench, hana,
                                             Move(match=code, move=0, ply=0))
    assert "never send passes" in refused("illegal_move", bench, taro,
                                          Move(match=code, move=PASS, ply=0))
    refused("illegal_move", bench, taro, Move(match=code, move=9, ply=0))
    bench.ask(taro, Move(match=code, move=4, ply=0))
    refused("illegal_move", bench, hana, Move(match=code, move=4, ply=1))
    bench.ask(taro, Resign(match=code))
    assert "no more moves" in refused("game_over", bench, hana,
                                      Move(match=code, move=0, ply=1))
    assert "already over" in refused("game_over", bench, hana, Resign(match=code))


def test_a_stale_ply_is_answered_with_the_current_state() -> None:
    bench = Bench()
    taro, hana, code = two_playing(bench)
    bench.ask(taro, Move(match=code, move=4, ply=0))
    taro.take()
    assert kinds(bench.ask(taro, Move(match=code, move=0, ply=0))) == ["Reply", "ReplyState"]
    error, state = taro.take()
    assert isinstance(error, Error) and error.code == "stale_ply"
    assert (error.ref, error.match) == ("move", code)
    assert isinstance(state, MatchState) and state.ply == 1


def test_moves_are_stored_then_sent_soon_and_a_line_ends_the_game() -> None:
    bench = Bench()
    taro, hana, code = two_playing(bench)
    stored(bench)
    ply = 0
    for mover, square in [(taro, 0), (hana, 3), (taro, 1), (hana, 4)]:
        assert kinds(bench.ask(mover, Move(match=code, move=square, ply=ply))) == [
            "BroadcastSoon", "Paced"]  # a move played costs no message
        assert stored(bench) == ["SaveMoves"]
        ply += 1
    bench.ask(taro, Move(match=code, move=2, ply=4))
    (state,) = hana.states()[-1:]
    assert state.result is not None
    assert (state.result.winner, state.result.reason) == (0, "line")
    assert code in bench.room.matches  # both are here: a rematch may follow


def test_resign_and_calling_off() -> None:
    bench = Bench()
    taro, hana, code = two_playing(bench)
    refused("not_a_player", bench, bench.connect("Who"), Resign(match=code))
    stored(bench)
    assert kinds(bench.ask(hana, Resign(match=code))) == ["Broadcast"]
    assert stored(bench) == ["SaveResult"]
    (state,) = taro.states()
    assert state.result is not None and (state.result.winner, state.result.reason) == (
        0, "resign")
    bench.ask(taro, Create(game="tictactoe"))
    waiting = [m for m in bench.room.seated(taro.player or "") if m.result is None][0]
    bench.ask(taro, Resign(match=waiting.code))
    assert waiting.result is not None and waiting.result.reason == "abandon"


def test_a_player_may_hold_only_so_many_unfinished_matches() -> None:
    bench = Bench()
    taro = bench.connect("Taro")
    for _ in range(3):
        bench.ask(taro, Create(game="tictactoe"))
    assert "3 unfinished matches" in refused("player_match_cap", bench, taro,
                                             Create(game="tictactoe"))
    hana = bench.connect("Hana")
    for _ in range(3):
        bench.ask(hana, Create(game="tictactoe"))
    taros = bench.room.seated(taro.player or "")[0].code
    refused("player_match_cap", bench, hana, Join(match=taros))


# ---- rematch --------------------------------------------------------------------------


def test_a_rematch_between_people_needs_both_and_swaps_the_seats() -> None:
    bench = Bench()
    taro, hana, code = two_playing(bench)
    assert "not over yet" in refused("bad_message", bench, taro, Rematch(match=code))
    bench.ask(hana, Resign(match=code))
    taro.take(), hana.take()
    bench.ask(taro, Rematch(match=code))
    (offer,) = hana.states()
    assert offer.rematch == [0]
    effects = bench.ask(hana, Rematch(match=code))
    new_code = bench.match(code).next_match
    assert new_code is not None and new_code != code
    sends = [e for e in effects if isinstance(e, Send)]
    assert [(s.to, s.message) for s in sends] == [
        ((hana,), Joined(match=new_code, seat=0, role="player", rematch_of=code)),
        ((taro,), Joined(match=new_code, seat=1, role="player", rematch_of=code))]
    new = bench.match(new_code)
    assert [s.player if s else None for s in new.seats] == [hana.player, taro.player]
    assert new.start == bench.match(code).start and new.created == bench.now
    # asking again shows the rematch that started
    taro.take()
    assert kinds(bench.ask(taro, Rematch(match=code))) == ["Reply", "ReplyState"]
    assert taro.take()[0] == Joined(match=new_code, seat=1, role="player", rematch_of=code)


def test_a_bot_always_wants_a_rematch_and_moves_first_in_it() -> None:
    bench = Bench()
    taro = bench.connect("Taro")
    bench.ask(taro, Create(game="tictactoe", vs="bot", bot=BotChoice(level=1)))
    code = bench.room.seated(taro.player or "")[0].code
    bench.ask(taro, Resign(match=code))
    effects = bench.ask(taro, Rematch(match=code))
    assert kinds(effects) == ["Broadcast", "Send", "Broadcast", "Think", "Paced"]
    assert stored(bench)[-1] == "SaveMatch"
    think = effects[-2]
    assert isinstance(think, Think) and think.code == bench.match(code).next_match


def test_the_bot_moves_only_once_per_search_and_never_late() -> None:
    bench = Bench()
    taro = bench.connect("Taro")
    bench.ask(taro, Create(game="tictactoe", vs="bot", bot=BotChoice(level=1)))
    code = bench.room.seated(taro.player or "")[0].code
    assert kinds(bench.ask(taro, Move(match=code, move=0, ply=0)))[-2:] == ["Think", "Paced"]
    assert bench.bot_moves(code, 0, 4) == []  # an answer for another ply is ignored
    stored(bench)
    assert kinds(bench.bot_moves(code, 1, 4)) == ["BroadcastSoon"]
    assert stored(bench) == ["SaveMoves"]
    assert bench.bot_moves(code, 1, 8) == [] and bench.match(code).ply == 2
    bench.ask(taro, Move(match=code, move=1, ply=2))
    effects = bench.ask(taro, Resign(match=code))  # the search is worthless now
    assert kinds(effects)[-1] == "StopThinking" and bench.room.thinking == {}
    assert bench.bot_moves(code, 3, 2) == []


# ---- the lobby ------------------------------------------------------------------------


def test_the_lobby_lists_waiting_matches_first_then_the_newest_someone_is_at() -> None:
    bench = Bench()
    taro, hana, away = bench.connect("Taro"), bench.connect("Hana"), bench.connect("Away")
    codes = {}
    for name, who, create in [
        ("old game", taro, Create(game="tictactoe", vs="bot")),
        ("old wait", hana, Create(game="tictactoe")),
        ("new game", hana, Create(game="othello", vs="bot")),
        ("new wait", taro, Create(game="othello", size=4)),
        ("nobody", away, Create(game="tictactoe")),
        ("over", taro, Create(game="tictactoe", vs="bot")),
    ]:
        bench.now += 10
        bench.ask(who, create)
        saved = bench.store.saved[-1]
        assert isinstance(saved, SaveMatch)
        codes[name] = saved.match.code
    bench.ask(taro, Resign(match=codes["over"]))
    bench.disconnect(away)
    hana.take()
    bench.ask(hana, ListMatches())
    (lobby,) = hana.take()
    assert isinstance(lobby, Lobby)
    assert [m.match for m in lobby.matches] == [
        codes["new wait"], codes["old wait"], codes["new game"], codes["old game"]]
    assert all(isinstance(e, ReplyEncoded) for e in bench.ask(hana, ListMatches()))


def test_a_disconnected_spectator_is_no_longer_sent_anything() -> None:
    bench = Bench()
    taro, hana, code = two_playing(bench)
    fan = bench.connect("Fan")
    bench.ask(fan, Watch(match=code))
    bench.disconnect(fan)
    fan.take()
    effects = bench.ask(taro, Resign(match=code))
    broadcast = next(e for e in effects if isinstance(e, Broadcast))
    assert set(broadcast.to) == {taro, hana}
