"""MatchView and ClientState: the sentences both clients show, from hand-made states."""

from __future__ import annotations

import random

import msgspec
import pytest

from client.common.client_state import ClientState
from client.common.connection import LinkStatus
from client.common.match_view import MatchView
from client.tui.textboard import board_text
from shared.games import PASS, get_game, new_game
from shared.games.othello import parse_square
from shared.protocol import Analysis, Error, Joined, PlayerInfo, Result, ScoredMove
from shared.words import get_words
from tests.client.client_support import state_after


def view_of(*states: object, seat: int | None = 0) -> MatchView:
    view = MatchView("K7QX", seat=seat)
    for s in states:
        view.update(s)  # type: ignore[arg-type]
    return view


def sq(name: str, size: int = 8) -> int:
    return parse_square(name, size)


def test_turn_sentences() -> None:
    start = state_after("tictactoe", 3, [])
    assert view_of(start).turn_text() == "Your move (X)"
    assert view_of(state_after("tictactoe", 3, [4])).turn_text() == "The bot is thinking…"
    people = [PlayerInfo(0, "Taro", "human", True, "p_1"),
              PlayerInfo(1, "Hanako", "human", False, "p_2")]
    away = state_after("tictactoe", 3, [4], players=people)
    assert view_of(away).turn_text() == "Waiting for Hanako (O), who is offline"
    assert view_of(away, seat=None).turn_text() == "Waiting for Hanako (O), who is offline"


def test_no_takeback_is_offered_while_the_bot_thinks() -> None:
    """The server refuses one on the bot's time (not_your_turn): no button for it then."""
    assert not view_of(state_after("tictactoe", 3, [4])).can_take_back  # the bot to move
    assert view_of(state_after("tictactoe", 3, [4, 0])).can_take_back  # it has answered


def test_results_in_words() -> None:
    x_wins = state_after("tictactoe", 3, [0, 4, 1, 8, 2])
    assert view_of(x_wins, seat=0).result_text() == "You won!"
    assert view_of(x_wins, seat=1).result_text() == "Taro won."  # the winner's name
    assert view_of(state_after("tictactoe", 3, [0, 4, 1, 8, 2], me=1), seat=1).result_text() \
        == "The bot won."
    assert view_of(x_wins, seat=None).result_text() == "X won."
    draw = state_after("tictactoe", 3, [0, 1, 2, 4, 3, 5, 7, 6, 8])
    assert view_of(draw).result_text() == "Draw."
    assert view_of(draw).reason_text() == "The board is full and nobody has three in a row."
    resigned = state_after("othello", 8, [], result=Result(1, "resign", [2, 2]))
    assert view_of(resigned).result_text() == "The bot won."
    assert view_of(resigned).reason_text() == "You resigned."


def test_a_deliberate_leave_reads_as_one_and_ends_the_rematch() -> None:
    """Leaving on purpose ("left") is not a lost link that ran out ("abandon"), and who
    left is offered no rematch."""
    people = [PlayerInfo(0, "Taro", "human", True, "p_1"),
              PlayerInfo(1, "Hana", "human", False, "p_2", left=True)]
    left = state_after("tictactoe", 3, [4], players=people, result=Result(0, "left", [1, 0]))
    assert view_of(left, seat=0).reason_text() == "Hana left the game."
    assert view_of(left, seat=1).reason_text() == "You left the game."
    assert view_of(left, seat=0).opponent_left and not view_of(left, seat=1).opponent_left
    assert not view_of(left, seat=None).opponent_left
    people[1].left = False  # offline only: the seat was held and ran out
    gone = state_after("tictactoe", 3, [4], players=people, result=Result(0, "abandon", [1, 0]))
    assert view_of(gone).reason_text() == "Hana left the game and did not come back."
    assert not view_of(gone).opponent_left


def test_only_a_lost_link_in_a_game_still_on_is_awaited() -> None:
    """'Offline - waiting for them' only while the seat is held: not for who left on
    purpose, nor once the game is over."""
    def people(connected: bool, left: bool = False) -> list[PlayerInfo]:
        return [PlayerInfo(0, "Taro", "human", True, "p_1"),
                PlayerInfo(1, "Hana", "human", connected, "p_2", left=left)]
    playing = state_after("tictactoe", 3, [4], players=people(False))
    assert view_of(playing, seat=0).awaited(1)
    assert not view_of(playing, seat=1).awaited(1)  # never ourselves
    assert not view_of(state_after("tictactoe", 3, [4], players=people(True))).awaited(1)
    left = state_after("tictactoe", 3, [4], players=people(False, left=True),
                       result=Result(0, "left", [1, 0]))
    assert not view_of(left).awaited(1)
    over = state_after("tictactoe", 3, [0, 4, 1, 8, 2], players=people(False))
    assert not view_of(over).awaited(1)
    assert not view_of(state_after("tictactoe", 3, [4])).awaited(1)  # the bot
    assert view_of(playing).away_words(1) == "offline - waiting for them"
    assert view_of(left).away_words(1) == "left the match"
    assert view_of(over).away_words(1) == "offline"
    assert view_of(playing, seat=1).away_words(1) is None
    assert view_of(state_after("tictactoe", 3, [4], players=people(True))).away_words(1) is None


def test_flips_last_move_and_history() -> None:
    moves = [sq(m) for m in ("f5", "d6", "c3", "d3", "c4")]
    view = view_of(state_after("othello", 8, moves[:4]), state_after("othello", 8, moves))
    assert view.flipped == {sq("d4")}
    assert view.placed == sq("c4") == view.last_move
    history = view.history()
    assert len(history) == 6 and history[0] == new_game("othello", 8).board
    assert history[-1] == view.state.board  # type: ignore[union-attr]
    assert view.move_names() == ["f5", "d6", "c3", "d3", "c4"]


def test_pass_note_names_who_passed() -> None:
    rng = random.Random(7)
    record: list[int] = []
    while PASS not in record:  # random 4x4 games until one has a forced pass
        st, record = new_game("othello", 4), []
        while not st.is_over and PASS not in record:
            record.append(rng.choice(st.legal_moves()))
            st = st.play(record[-1])
    passer = len(record) - 1  # seat 0 moved first: the passer is the ply's parity
    note = view_of(state_after("othello", 4, record)).pass_note()
    side = ("Black", "White")[passer % 2]
    assert note is not None and note.endswith(f"({side}) had no legal move and passed.")


def test_read_move_answers_every_bad_entry() -> None:
    ttt = view_of(state_after("tictactoe", 3, [4, 0]))
    assert ttt.read_move(" 8 ") == 8
    for text, words in (("x", "'x' is not a move (slot 0-8)."),
                        ("9", "'9' is not a move (slot 0-8)."),
                        ("4", "Slot 4 is already taken."),
                        ("", "'' is not a move")):
        with pytest.raises(ValueError, match=words.replace("(", r"\(").replace(")", r"\)")):
            ttt.read_move(text)
    oth = view_of(state_after("othello", 8, []))
    assert oth.read_move("D3") == sq("d3")
    with pytest.raises(ValueError, match="a1 flips nothing, so it is not a legal move. "
                                         "Legal moves: d3, c4, f5, e6."):
        oth.read_move("a1")
    with pytest.raises(ValueError, match=r"'i9' is not a move \(a square like d3\)\."):
        oth.read_move("i9")
    in_japanese = view_of(state_after("othello", 8, []))
    in_japanese.words = get_words("ja")
    with pytest.raises(ValueError, match="「i9」は打てる手ではありません（d3 のようなマス）。"):
        in_japanese.read_move("i9")
    with pytest.raises(ValueError, match="d4 is already taken"):
        oth.read_move("d4")
    with pytest.raises(ValueError, match="Not your turn: the bot is thinking."):
        view_of(state_after("othello", 8, [sq("f5")])).read_move("d6")
    with pytest.raises(ValueError, match="You are watching this match."):
        view_of(state_after("othello", 8, []), seat=None).read_move("d3")


def test_what_the_client_knows_follows_messages() -> None:
    known = ClientState()
    known.handle(Joined("K7QX", 0, "player"))
    known.handle(state_after("tictactoe", 3, []))
    assert known.view is not None and known.view.my_turn
    known.handle(Error("illegal_move", "slot 4 is taken", "move"))
    assert known.notice == "That move is not allowed here."  # the client's words, by code
    known.handle(Error("stale_ply", "already played", "move"))
    assert known.notice == "That move is not allowed here."  # a raced click needs no words
    known.handle(LinkStatus(False, "Connection lost; reconnecting in 1 s..."))
    assert not known.link_up and known.link_message.startswith("Connection lost")
    known.handle(Joined("NEW1", 1, "player"))  # a rematch: the new match is on screen
    assert known.current == "NEW1"
    assert known.leave_current() == "NEW1" and known.view is None


def test_an_engine_failure_ends_the_wait_and_is_said() -> None:
    known = ClientState()
    known.handle(Joined("K7QX", 0, "player"))
    known.handle(state_after("tictactoe", 3, []))
    view = known.views["K7QX"]
    view.hint_asked = view.review_asked = True
    known.handle(Error("engine_failed", "the engine could not answer; ask again", "chat",
                       "K7QX"))  # not about the hint: the waits stand
    known.handle(Error("engine_failed", "no hint", "hint", "OTHER"))  # another match
    assert view.hint_asked and view.review_asked
    known.handle(Error("engine_failed", "the engine could not work out a hint", "hint",
                       "K7QX"))
    assert not view.hint_asked and view.review_asked
    assert known.notice == "The engine could not work out a hint: you may ask again."
    known.handle(Error("engine_failed", "the engine could not work out the review",
                       "analyse", "K7QX"))
    assert not view.review_asked
    assert known.notice == "The engine could not work out the review: you may ask again."
    known.handle(Error("from_a_newer_server", "a refusal this client has no name for",
                       "hint", "K7QX"))  # a code newer than this client: a general refusal
    assert known.notice == "The server refused that."


def test_hints_and_notices_go_when_the_position_changes() -> None:
    """A notice (a refused square) and a hint are about the position they were given in:
    a move or the end (a resignation) makes both go; a player coming back does not."""
    known = ClientState()
    start = state_after("othello", 4, [])
    known.handle(Joined("K7QX", 0, "player"))
    known.handle(start)
    view = known.views["K7QX"]
    known.say("b2 is already taken.")
    back = msgspec.structs.replace(start, players=list(reversed(start.players)))
    known.handle(back)  # only who is online changed
    assert known.notice == "b2 is already taken."
    known.handle(state_after("othello", 4, [1]))
    assert known.notice == ""
    played = state_after("othello", 4, [1, 0])
    known.handle(played)
    known.handle(Analysis("K7QX", 2, [ScoredMove(m, 2, False, 6) for m in played.legal]))
    assert view.hints
    known.say("a2 flips nothing, so it is not a legal move.")
    resigned = state_after("othello", 4, [1, 0], result=Result(1, "resign", [2, 3]))
    known.handle(resigned)
    assert known.notice == "" and view.hints == [] and view.analysis is None
    known.handle(Analysis("K7QX", 2, [ScoredMove(m, 2, False, 6) for m in played.legal]))
    assert view.hints == []  # an answer that comes after the end is dropped


def test_text_boards() -> None:
    assert board_text(get_game("tictactoe").look, "X...O....", 3).splitlines() == [
        "/---|---|---\\", "| X | 1 | 2 |", "|---|---|---|", "| 3 | O | 5 |",
        "|---|---|---|", "| 6 | 7 | 8 |", "\\---|---|---/"]
    start = new_game("othello", 4)
    assert board_text(get_game("othello").look, start.board, 4, legal=start.legal_moves(),
                      last=5).splitlines() == [
        "    a  b  c  d", " 1  .  *  .  .", " 2  * [O] X  .", " 3  .  X  O  *",
        " 4  .  .  *  ."]
