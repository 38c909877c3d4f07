"""Hints and reviews in the match room (what the engine is asked, who may ask, one
request at a time per connection, a kept review) and the worker side that turns the
engine's scores into the protocol's."""

from __future__ import annotations

from collections.abc import Sequence

from server.room.effects import Appraise, Reply, RunReview
from server.shell.analysis import hint, review, scored
from shared.ai import analyse
from shared.games import PASS, new_game
from shared.protocol import (
    Analyse,
    BotChoice,
    Create,
    Hint,
    Join,
    Move,
    PlyReview,
    Resign,
    Review,
    ScoredMove,
    Watch,
)
from tests.server.room_support import Bench, refused, two_playing


def test_a_hint_asks_the_engine_about_the_position_at_its_ply() -> None:
    bench = Bench()
    taro = bench.connect("Taro")
    bench.ask(taro, Create(game="othello", size=6, vs="bot", bot=BotChoice(level=2)))
    code = bench.room.seated(taro.player or "")[0].code
    match = bench.match(code)
    assert bench.ask(taro, Hint(match=code)) == [Appraise(taro, code, 0, match.state)]
    assert "one at a time" in refused("rate_limited", bench, taro, Hint(match=code))
    bench.room.engine_done(taro)
    assert bench.ask(taro, Hint(match=code)) == [Appraise(taro, code, 0, match.state)]


def test_hint_refusals_in_their_order() -> None:
    bench = Bench()
    taro, hana, code = two_playing(bench)  # created without hints
    fan = bench.connect("Fan")
    bench.ask(fan, Watch(match=code))
    refused("unknown_match", bench, taro, Hint(match="NOSUCH"))
    refused("not_a_player", bench, fan, Hint(match=code))
    assert "without hints" in refused("not_allowed", bench, hana, Hint(match=code))
    bench.ask(taro, Resign(match=code))
    assert "analyse" in refused("game_over", bench, taro, Hint(match=code))

    bench.ask(taro, Create(game="tictactoe", hints=True))
    allowed = bench.room.seated(taro.player or "")[-1].code
    assert "waiting" in refused("not_your_turn", bench, taro, Hint(match=allowed))
    bench.ask(hana, Join(match=allowed))
    refused("not_your_turn", bench, hana, Hint(match=allowed))
    assert bench.room.state_of(bench.match(allowed)).hints is True
    (effect,) = bench.ask(taro, Hint(match=allowed))
    assert isinstance(effect, Appraise)
    bench.ask(taro, Move(match=allowed, move=4, ply=0))
    (effect,) = bench.ask(hana, Hint(match=allowed))  # each connection has its own turn
    assert isinstance(effect, Appraise) and (effect.peer, effect.ply) == (hana, 1)


def test_analyse_runs_once_per_game_and_answers_from_what_was_kept() -> None:
    bench = Bench()
    taro, hana, code = two_playing(bench)
    fan, stranger = bench.connect("Fan"), bench.connect("Who")
    bench.ask(fan, Watch(match=code))
    refused("unknown_match", bench, taro, Analyse(match="NOSUCH"))
    refused("not_a_player", bench, stranger, Analyse(match=code))
    assert "not over" in refused("not_allowed", bench, fan, Analyse(match=code))
    bench.ask(taro, Move(match=code, move=4, ply=0))
    bench.ask(hana, Resign(match=code))
    match = bench.match(code)
    assert bench.ask(fan, Analyse(match=code)) == [RunReview(fan, match)]
    refused("rate_limited", bench, fan, Analyse(match=code))
    match.review = [PlyReview(ply=0, seat=0, played=4, best=4, score=0, loss=0, exact=True,
                              depth=9)]
    bench.room.engine_done(fan)
    fan.take()
    assert kinds_of(bench.ask(taro, Analyse(match=code))) == ["Reply"]  # kept: at once
    assert taro.take()[-1] == Review(match=code, plies=match.review)


def kinds_of(effects: Sequence[object]) -> list[str]:
    return [type(e).__name__ for e in effects if isinstance(e, Reply | Appraise | RunReview)]


def test_scores_are_the_protocols_best_first() -> None:
    state = new_game("tictactoe").play(0).play(4)  # X in a corner, O in the centre
    moves = scored(state, 1.0)
    truth = {e.move: e.score for e in analyse(state, 1.0)}
    assert set(truth.values()) == {0.0}  # every move draws: in square order
    assert [m.move for m in moves] == sorted(truth)
    assert all(m.score == 0 and m.exact for m in moves)
    wins = new_game("tictactoe").play(0).play(3).play(1).play(4)  # X to move: 2 wins
    best = hint("tictactoe", 3, wins.board, wins.to_move, 1.0)[0]
    assert best == ScoredMove(move=2, score=1, exact=True, depth=best.depth)
    othello = new_game("othello", 4)
    margins = scored(othello, 1.0)
    assert sorted(m.move for m in margins) == sorted(othello.legal_moves())
    assert all(isinstance(m.score, int) and m.exact for m in margins)
    assert [m.score for m in margins] == sorted((m.score for m in margins), reverse=True)


def test_a_review_marks_what_each_move_gave_away() -> None:
    start = new_game("tictactoe")
    # X takes the centre, O an edge (a losing move), X wins
    moves = [4, 1, 0, 8, 6, 2, 3]
    plies = review("tictactoe", 3, start.board, start.to_move, moves, 1.0)
    assert [p.ply for p in plies] == list(range(7))
    assert plies[0] == PlyReview(ply=0, seat=0, played=4, best=4, score=0, loss=0,
                                 exact=True, depth=9)
    assert (plies[1].seat, plies[1].played, plies[1].score, plies[1].loss) == (1, 1, 0, 1)
    assert plies[1].best == 0  # the lowest of the corners that draw
    assert all(p.loss >= 0 for p in plies)


def test_a_review_skips_forced_passes() -> None:
    board = "X.O.XOOOOOOOXXXX"
    plies = review("othello", 4, board, 0, [1, PASS], 1.0)
    assert [(p.ply, p.played) for p in plies] == [(0, 1)]
