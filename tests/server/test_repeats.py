"""A request repeated on purpose or by a double click is answered to its sender alone:
the others in the match get no frame for it, so a player cannot make the server send
every spectator a state per message of their budget."""

from __future__ import annotations


async def test_a_repeated_rematch_offer_is_shown_to_its_sender_only(game_server,
                                                                    connect) -> None:
    taro, hana, fan = [await connect(game_server, name=n) for n in ("Taro", "Hana", "Fan")]
    code = (await taro.create(game="tictactoe", vs="human"))["match"]
    await hana.send(type="join", match=code)
    await hana.expect("state", match=code, status="playing")
    await fan.send(type="watch", match=code)
    await fan.expect("state", match=code)
    await hana.send(type="resign", match=code)
    for peer in (taro, hana, fan):
        await peer.expect("state", match=code, status="over")
    await taro.send(type="rematch", match=code)
    for peer in (taro, hana, fan):  # the offer itself: everyone sees it
        await peer.expect("state", match=code, rematch=[0])

    for _ in range(3):
        again = await taro.request(type="rematch", match=code)
        assert again["type"] == "state" and again["match"] == code and again["rematch"] == [0]
    for peer in (hana, fan):  # their next frame answers their own request: nothing came
        assert (await peer.request(type="list"))["type"] == "lobby"

    await hana.send(type="rematch", match=code)  # and the rematch still starts
    assert (await taro.expect("joined"))["rematch_of"] == code
