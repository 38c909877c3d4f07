"""Takebacks in the match room, driven by hand: at once against the bot (never during
its turn), the offer between people and its answer, lapsing, the store's step, and every
refusal in its order."""

from __future__ import annotations

from server.room.effects import Broadcast, Send
from shared.games import PASS, new_game
from shared.protocol import (
    BotChoice,
    Create,
    Error,
    MatchState,
    Move,
    Position,
    Resign,
    Takeback,
    TakebackAnswer,
    TakebackDeclined,
    TakebackOffer,
    Watch,
)
from tests.server.room_support import Bench, against_the_bot, refused, two_playing


def test_against_the_bot_the_person_and_the_bot_reply_are_undone() -> None:
    bench = Bench()
    taro, code = against_the_bot(bench)
    bench.ask(taro, Move(match=code, move=4, ply=0))
    bench.bot_moves(code, 1, 0)
    taro.take()
    effects = bench.ask(taro, Takeback(match=code, ply=2))
    assert [type(e).__name__ for e in effects] == ["Broadcast"]
    assert type(bench.store.saved[-1]).__name__ == "SaveTakeback"
    (state,) = taro.states()
    assert (state.ply, state.moves, state.board, state.to_move) == (0, [], "." * 9, 0)
    match = bench.match(code)
    assert match.takebacks == [1, 0] and match.positions == [new_game("tictactoe")]


def test_during_the_bots_turn_a_takeback_is_refused_and_the_bot_plays_on() -> None:
    """Taking back while the bot thinks would let the person think on the bot's time (its
    search dropped, again and again): refused, its search runs on, and once it has moved
    the takeback undoes both moves."""
    bench = Bench()
    taro, code = against_the_bot(bench)
    bench.ask(taro, Move(match=code, move=4, ply=0))
    assert bench.room.thinking == {code: 1}
    assert "the bot is thinking" in refused("not_your_turn", bench, taro,
                                            Takeback(match=code, ply=1))
    assert bench.room.thinking == {code: 1} and bench.match(code).takebacks == [0, 0]
    bench.bot_moves(code, 1, 0)
    bench.ask(taro, Takeback(match=code, ply=2))
    assert bench.match(code).moves == [] and bench.match(code).takebacks == [1, 0]


def test_the_target_is_the_requesters_last_move_not_a_forced_pass() -> None:
    bench = Bench()
    taro = bench.connect("Taro")
    position = Position(board="X.O.XOOOOOOOXXXX", to_move=0)  # after b1, White must pass
    bench.ask(taro, Create(game="othello", size=4, vs="bot", bot=BotChoice(level=1),
                           position=position))
    code = bench.room.seated(taro.player or "")[0].code
    bench.ask(taro, Move(match=code, move=1, ply=0))
    match = bench.match(code)
    assert match.moves == [1, PASS] and match.state.to_move == 0
    assert match.last_move_of(0) == 0 and match.last_move_of(1) is None
    bench.ask(taro, Takeback(match=code, ply=2))
    assert match.ply == 0 and match.state.board == position.board


def test_between_people_an_offer_is_accepted() -> None:
    bench = Bench()
    taro, hana, code = two_playing(bench)
    bench.ask(taro, Move(match=code, move=4, ply=0))
    bench.ask(hana, Move(match=code, move=0, ply=1))
    taro.take(), hana.take()
    assert [type(e).__name__ for e in bench.ask(taro, Takeback(match=code, ply=2))] == [
        "Broadcast"]
    (offered,) = hana.states()
    assert offered.takeback == TakebackOffer(seat=0, ply=0) and offered.ply == 2
    assert taro.states() == [offered]
    effects = bench.ask(hana, TakebackAnswer(match=code, accept=True))
    assert [type(e).__name__ for e in effects] == ["Broadcast"]
    assert type(bench.store.saved[-1]).__name__ == "SaveTakeback"
    (back,) = hana.states()
    assert (back.ply, back.takeback, back.to_move) == (0, None, 0)
    assert bench.match(code).takebacks == [1, 0]


def test_an_offer_declined_goes_to_everyone_then_the_state() -> None:
    bench = Bench()
    taro, hana, code = two_playing(bench)
    fan = bench.connect("Fan")
    bench.ask(fan, Watch(match=code))
    bench.ask(taro, Move(match=code, move=4, ply=0))
    bench.ask(taro, Takeback(match=code))
    taro.take(), hana.take(), fan.take()
    effects = bench.ask(hana, TakebackAnswer(match=code, accept=False))
    assert [type(e).__name__ for e in effects] == ["Send", "Broadcast"]
    for person in (taro, hana, fan):
        declined, state = person.take()
        assert declined == TakebackDeclined(match=code, seat=1)
        assert isinstance(state, MatchState) and state.takeback is None and state.ply == 1
    assert bench.match(code).takebacks == [0, 0]


def test_an_offer_lapses_when_a_move_is_made_or_the_match_ends() -> None:
    bench = Bench()
    taro, hana, code = two_playing(bench)
    bench.ask(taro, Move(match=code, move=4, ply=0))
    bench.ask(taro, Takeback(match=code))
    assert bench.match(code).offer is not None
    bench.ask(hana, Move(match=code, move=0, ply=1))
    assert bench.match(code).offer is None
    assert hana.states()[-1].takeback is None
    refused("no_offer", bench, hana, TakebackAnswer(match=code, accept=True))
    bench.ask(hana, Takeback(match=code))
    assert bench.match(code).offer == TakebackOffer(seat=1, ply=1)
    bench.ask(taro, Resign(match=code))
    assert bench.match(code).offer is None


def test_a_double_click_takes_back_one_move() -> None:
    bench = Bench()
    taro, code = against_the_bot(bench)
    bench.ask(taro, Move(match=code, move=4, ply=0))
    bench.bot_moves(code, 1, 0)
    bench.ask(taro, Move(match=code, move=8, ply=2))
    bench.bot_moves(code, 3, 2)
    taro.take()
    bench.ask(taro, Takeback(match=code, ply=4))
    saved = len(bench.store.saved)
    effects = bench.ask(taro, Takeback(match=code, ply=4))  # the second click
    error, state = taro.take()[-2:]
    assert isinstance(error, Error) and error.code == "stale_ply"
    assert isinstance(state, MatchState) and state.ply == 2
    assert not [e for e in effects if isinstance(e, Broadcast | Send)]
    assert len(bench.store.saved) == saved
    bench.ask(taro, Takeback(match=code))  # asked again on purpose: further back
    assert bench.match(code).ply == 0 and bench.match(code).takebacks == [2, 0]


def test_takeback_refusals_in_their_order() -> None:
    bench = Bench()
    taro, hana, code = two_playing(bench)
    fan = bench.connect("Fan")
    bench.ask(fan, Watch(match=code))
    assert "no match" in refused("unknown_match", bench, taro, Takeback(match="NOSUCH"))
    refused("not_a_player", bench, fan, Takeback(match=code))
    refused("not_a_player", bench, fan, TakebackAnswer(match=code, accept=True))
    assert "no move" in refused("nothing_to_take_back", bench, taro, Takeback(match=code))
    bench.ask(taro, Move(match=code, move=4, ply=0))
    refused("nothing_to_take_back", bench, hana, Takeback(match=code))
    bench.ask(hana, Move(match=code, move=0, ply=1))
    bench.ask(taro, Takeback(match=code))
    assert "yours" in refused("offer_pending", bench, taro, Takeback(match=code))
    assert "answer it" in refused("offer_pending", bench, hana, Takeback(match=code))
    refused("no_offer", bench, taro, TakebackAnswer(match=code, accept=True))
    bench.ask(taro, Resign(match=code))
    refused("game_over", bench, taro, Takeback(match=code, ply=0))  # before stale_ply
    refused("game_over", bench, hana, TakebackAnswer(match=code, accept=True))
    waiting_taro = bench.connect("Solo")
    bench.ask(waiting_taro, Create(game="tictactoe"))
    waiting = bench.room.seated(waiting_taro.player or "")[0].code
    refused("nothing_to_take_back", bench, waiting_taro, Takeback(match=waiting))
