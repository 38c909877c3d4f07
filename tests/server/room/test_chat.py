"""Chat in the match room on a clock the test moves: the relay, the budget, the lines
sent again after a join, a watch and a resume, the last lines only, the store, and
every refusal."""

from __future__ import annotations

from server.room.effects import SaveChat, SaveMatch, Send
from server.room.match import Match, Seat
from server.store.database import Store
from shared.games import new_game
from shared.protocol import (
    CHAT_HISTORY_LINES,
    Chat,
    ChatLine,
    Create,
    Join,
    Leave,
    MatchState,
    Resign,
    Watch,
)
from tests.server.room_support import Bench, Person, refused, token_of, two_playing


def test_a_line_is_stored_then_relayed_to_everyone_in_the_match() -> None:
    bench = Bench()
    taro, hana, code = two_playing(bench)
    fan = bench.connect("Fan")
    bench.ask(fan, Watch(match=code))
    fan.take()
    effects = bench.ask(taro, Chat(match=code, text=" hi\u202e there\x07 "))
    line = ChatLine(match=code, seq=1, time=bench.now, seat=0, player=taro.player or "",
                    name="Taro", text="hi there")
    assert bench.store.saved[-1] == SaveChat(code, line)
    assert isinstance(effects[0], Send) and set(effects[0].to) == {taro, hana, fan}
    assert taro.take() == hana.take() == fan.take() == [line]
    bench.now += 1
    bench.ask(fan, Chat(match=code, text="go!"))
    (spoken,) = hana.take()
    assert isinstance(spoken, ChatLine)
    assert (spoken.seq, spoken.seat, spoken.name, spoken.time) == (2, None, "Fan", bench.now)


def test_five_lines_at_once_then_one_every_two_seconds() -> None:
    bench = Bench()
    taro, hana, code = two_playing(bench)
    for i in range(5):
        bench.ask(taro, Chat(match=code, text=f"{i}"))
    message = refused("rate_limited", bench, taro, Chat(match=code, text="more"))
    assert "one every 2 seconds" in message
    bench.ask(hana, Chat(match=code, text="mine"))  # each connection has its own
    bench.now += 1.9
    refused("rate_limited", bench, taro, Chat(match=code, text="more"))
    bench.now += 2.2  # the refusals spent nothing
    bench.ask(taro, Chat(match=code, text="again"))
    assert bench.match(code).chat[-1].text == "again"
    bench.disconnect(taro)
    assert taro not in bench.room.chat_budgets


def test_the_last_lines_come_after_joined_and_state() -> None:
    bench = Bench()
    taro = bench.connect("Taro")
    bench.ask(taro, Create(game="tictactoe"))
    code = bench.room.seated(taro.player or "")[0].code
    for i in range(CHAT_HISTORY_LINES + 3):
        bench.room.chat_budgets.clear()  # the budgets are other tests' business
        bench.match(code).chat_shares.clear()
        bench.ask(taro, Chat(match=code, text=f"line {i}"))
    kept = list(bench.match(code).chat)
    assert [line.seq for line in kept] == list(range(4, CHAT_HISTORY_LINES + 4))
    hana = bench.connect("Hana")
    hana.take()
    bench.ask(hana, Join(match=code))
    frames = hana.take()
    assert [type(f).__name__ for f in frames[:2]] == ["Joined", "MatchState"]
    assert frames[2:] == kept
    fan = bench.connect("Fan")
    fan.take()
    bench.ask(fan, Watch(match=code))
    assert fan.take()[2:] == kept
    bench.disconnect(taro)
    back = bench.connect("Taro", token=token_of(taro))
    frames = back.take()
    assert isinstance(frames[2], MatchState) and frames[3:] == kept


def test_chat_refusals_in_their_order() -> None:
    bench = Bench()
    taro, hana, code = two_playing(bench)
    stranger = bench.connect("Who")
    refused("unknown_match", bench, taro, Chat(match="NOSUCH", text="x" * 300))
    refused("not_a_player", bench, stranger, Chat(match=code, text="x" * 300))
    assert "201" in refused("text_too_long", bench, taro, Chat(match=code, text="x" * 201))
    refused("bad_message", bench, taro, Chat(match=code, text=" \n\t\u200f "))
    bench.ask(taro, Chat(match=code, text="x" * 200))
    bench.ask(taro, Resign(match=code))
    bench.ask(taro, Chat(match=code, text="gg"))  # a finished match still talks
    bench.ask(taro, Leave(match=code))  # who left a finished match is no longer in it
    refused("not_a_player", bench, taro, Chat(match=code, text="bye"))
    assert bench.match(code).chat[-1].text == "gg"


def test_the_store_keeps_the_last_lines_of_an_unfinished_match() -> None:
    store = Store(":memory:")
    match = Match("TALK01", new_game("tictactoe"), [Seat("human", "a", player="p_a"), None],
                  created=0.0)
    store.save(SaveMatch(match))
    for seq in range(1, CHAT_HISTORY_LINES + 6):
        store.save(SaveChat(match.code, ChatLine(match=match.code, seq=seq, time=float(seq),
                                                 seat=0, player="p_a", name="a", text=f"{seq}")))
    (restored,) = store.unfinished()
    assert [line.text for line in restored.chat] == [
        f"{seq}" for seq in range(6, CHAT_HISTORY_LINES + 6)]
    assert restored.chat_seq == CHAT_HISTORY_LINES + 5
    store.close()


def _at(person: Person, address: str) -> Person:
    person.address = address
    return person


def test_the_connections_of_one_address_share_a_match_s_chat_budget() -> None:
    """Four connections of one machine write no faster in a match than two: ten lines at
    once, then one a second, all together; another address and another match go on."""
    bench = Bench()
    taro, hana, code = two_playing(bench)
    fans = [bench.connect(f"Fan{i}") for i in range(2)]
    for fan in fans:
        bench.ask(fan, Watch(match=code))
    flooders = [_at(p, "192.168.1.31") for p in (taro, *fans)]
    for i in range(10):
        bench.ask(flooders[i % 3], Chat(match=code, text=f"{i}"))
    message = refused("rate_limited", bench, fans[1], Chat(match=code, text="more"))
    assert "your address" in message and "10 chat lines at once" in message
    assert "then one every 1 s" in message
    bench.ask(_at(hana, "192.168.1.40"), Chat(match=code, text="mine"))
    bench.now += 1
    bench.ask(fans[1], Chat(match=code, text="after a second"))  # its own budget was kept
    refused("rate_limited", bench, taro, Chat(match=code, text="more"))
    assert [line.text for line in bench.match(code).chat][-2:] == ["mine", "after a second"]
    other = bench.connect("Ken")
    bench.ask(_at(other, "192.168.1.31"), Create(game="tictactoe"))
    (mine,) = bench.room.seated(other.player or "")
    bench.ask(other, Chat(match=mine.code, text="elsewhere"))
    assert mine.chat[-1].text == "elsewhere"


def test_two_people_at_one_machine_chatting_at_their_most_are_never_refused() -> None:
    bench = Bench()
    taro, hana, code = two_playing(bench)
    for person in (taro, hana):
        _at(person, "192.168.1.31")
        for i in range(5):
            bench.ask(person, Chat(match=code, text=f"{i}"))
    for second in range(30):
        bench.now += 2
        for person in (taro, hana):
            bench.ask(person, Chat(match=code, text=f"{second}"))
            assert person.take()[-1] == bench.match(code).chat[-1]
    assert bench.match(code).chat_seq == 10 + 60
