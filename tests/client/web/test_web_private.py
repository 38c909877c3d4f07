"""Private matches from the web page (docs/protocol.md §11 `private`), in a real browser
(Debian's Chromium through Playwright, see tests/client/web/web_support.py) against a
real game server on port 0: the new-game form's "Unlisted" and "Spectators may chat"
between people, sent in `create`; an unlisted match kept out of every lobby, joined
and watched by its code; a spectator of a match where only the players chat offered no chat field;
the choices hidden against the bot and from a server without the feature. Screenshots
of the lobby with the choices at phone and desktop sizes go to tests/output/.
"""

from __future__ import annotations

import json
import re

from playwright.sync_api import Page, WebSocketRoute, expect

from shared.protocol import Chat, Join, ListMatches, Lobby
from tests.client.web.web_actions import (
    Person,
    choose,
    enter,
    fits,
    in_view,
    patient_expect,  # noqa: F401 (this module's waits)
    sent_frames,
)
from tests.client.web.web_looks import covered_by
from tests.client.web.web_support import OpenPage, ThreadedServer, screenshot

UNLISTED = "Unlisted (friends join by code)"
SPECTATOR_CHAT = "Spectators may chat"


def listed_codes(person: Person) -> list[str]:
    """The codes of the matches the server's lobby lists to ``person``."""
    person.send(ListMatches())
    lobby: Lobby = person.until(lambda m: isinstance(m, Lobby))
    return [m.match for m in lobby.matches]


def the_create(frames: list[dict[str, object]]) -> dict[str, object]:
    return next(f for f in frames if f["type"] == "create")


def test_an_unlisted_match_stays_out_of_the_lobby_and_is_joined_by_its_code(
        web_server: ThreadedServer, open_page: OpenPage) -> None:
    hana = Person(web_server, "Hana")
    listed = hana.create(game="othello", size=4, vs="human", seat="second")  # one beside it
    host = open_page("phone_360x640")
    frames = sent_frames(host)
    enter(host, web_server, "Taro")
    choose(host, "Othello 4x4", "A person", "You")
    unlisted = host.get_by_label(UNLISTED)
    expect(unlisted).not_to_be_checked()  # the defaults: listed, spectators may chat
    expect(host.get_by_label(SPECTATOR_CHAT)).to_be_checked()
    unlisted.check()
    expect(host.locator(".new-game .about")).to_have_text(
        "Othello 4x4 against a personYou move first · no clock · unlisted.")
    host.get_by_label(UNLISTED).scroll_into_view_if_needed()
    host.locator("#play").scroll_into_view_if_needed()  # right below the choices
    assert covered_by(host, "#play") == []
    fits(host)
    screenshot(host, "web_private_lobby_phone_360x640")
    host.locator("#play").tap()
    code = host.locator(".share .code").inner_text()
    create = the_create(frames)
    assert (create["unlisted"], create["spectator_chat"]) == (True, True)
    expect(host.locator(".share + .muted")).to_have_text(
        "They type it under “Join a friend” in the lobby (the match is unlisted).")
    expect(host.locator(".match-title")).to_have_text(f"Othello 4x4 · match {code} · unlisted")
    in_view(host, "svg.board", ".share")
    screenshot(host, "web_private_waiting_phone_360x640")

    codes = listed_codes(hana)  # another client's lobby: the listed match, not this one
    assert listed in codes and code not in codes
    guest = open_page("desktop")
    enter(guest, web_server, "Ken")
    expect(guest.locator(".open-matches li").filter(has_text=listed)).to_have_count(1)
    expect(guest.locator(".lobby")).not_to_contain_text(code)
    guest.locator("#code").fill(code.lower())
    guest.locator("#join-code").click()
    expect(guest.locator(".match-title")).to_have_text(f"Othello 4x4 · match {code} · unlisted")
    expect(host.locator(".seat").nth(1)).to_contain_text("White: Ken")
    assert code not in listed_codes(hana)  # under way, it is not among the matches to watch
    fan = open_page("phone")
    enter(fan, web_server, "Fan")
    expect(fan.locator(".open-matches li").filter(has_text=listed)).to_have_count(1)
    expect(fan.locator(".lobby")).not_to_contain_text(code)
    fan.locator("#code").fill(f" {code} ")
    fan.locator("#watch-code").tap()  # watched by its code too
    expect(fan.locator(".match-title")).to_have_text(
        f"Othello 4x4 · match {code} · unlisted (watching)")
    hana.close()


def test_a_spectator_where_only_the_players_chat_is_offered_no_chat_field(
        web_server: ThreadedServer, open_page: OpenPage) -> None:
    host = open_page("desktop")
    frames = sent_frames(host)
    enter(host, web_server, "Taro")
    choose(host, "Othello 4x4", "A person", "You")
    host.get_by_label(SPECTATOR_CHAT).uncheck()
    expect(host.locator(".new-game .about")).to_contain_text(
        "You move first · no clock · only the players chat.")
    fits(host)
    screenshot(host, "web_private_lobby_desktop")
    host.locator("#play").click()
    code = host.locator(".share .code").inner_text()
    create = the_create(frames)
    assert (create["unlisted"], create["spectator_chat"]) == (False, False)
    hana = Person(web_server, "Hana")
    hana.send(Join(match=code))
    assert hana.state_where(lambda s: s.status == "playing").spectator_chat is False

    fan = open_page("phone_360x640")
    enter(fan, web_server, "Fan")
    row = fan.locator(".watch-matches li").filter(has_text=code)
    expect(row).to_contain_text("Othello 4x4: Taro vs Hana, chat for the players only")
    row.get_by_role("button", name="Watch").tap()
    expect(fan.locator(".match-title")).to_contain_text("(watching)")
    expect(fan.locator(".chat-closed")).to_have_text("Spectators cannot chat in this match.")
    expect(fan.locator("#chat-text")).to_be_hidden()
    expect(fan.locator("#chat-send")).to_be_hidden()
    expect(fan.locator(".chat h3")).to_have_text("Chat (players only)")
    expect(fan.locator(".chat-lines li")).to_have_text(["No messages yet."])
    hana.send(Chat(match=code, text="good luck"))  # the players' lines still reach them
    expect(fan.locator(".chat-lines li")).to_have_text(["Hana: good luck"])
    in_view(fan, "svg.board")
    fits(fan)
    screenshot(fan, "web_private_spectator_phone_360x640", full_page=True)

    expect(host.locator(".chat h3")).to_have_text("Chat (players only)")  # the players chat
    expect(host.locator(".chat-closed")).to_be_hidden()
    host.locator("#chat-text").fill("thanks")
    host.locator("#chat-text").press("Enter")
    expect(host.locator(".chat-lines li")).to_have_text(["Hana: good luck", "You: thanks"])
    hana.close()


def strike_from_welcome(page: Page, feature: str) -> None:
    """Relay the page's websocket through Playwright, striking ``feature`` from the
    server's welcome: the page meets a server that does not offer it (an older one)."""
    def relay(ws: WebSocketRoute) -> None:
        server = ws.connect_to_server()

        def from_server(message: str | bytes) -> None:
            msg = json.loads(message)
            if msg["type"] == "welcome":
                msg["features"] = [f for f in msg["features"] if f != feature]
            ws.send(json.dumps(msg))
        server.on_message(from_server)
    page.route_web_socket(re.compile(".*"), relay)


def test_the_choices_are_offered_between_people_on_a_server_that_has_them(
        web_server: ThreadedServer, open_page: OpenPage) -> None:
    page = open_page("desktop")
    enter(page, web_server, "Taro")
    choose(page, "Othello 4x4", "The computer (bot)")
    expect(page.get_by_label(UNLISTED)).to_have_count(0)  # a match against the bot
    choose(page, "A person")
    expect(page.get_by_label(UNLISTED)).to_be_visible()

    older = open_page("desktop")
    strike_from_welcome(older, "private")
    frames = sent_frames(older)
    enter(older, web_server, "Ken")
    choose(older, "Othello 4x4", "A person", "You")
    expect(older.get_by_text("Hints from the engine")).to_be_visible()  # the rest is offered
    expect(older.get_by_label(UNLISTED)).to_have_count(0)
    expect(older.get_by_label(SPECTATOR_CHAT)).to_have_count(0)
    older.locator("#play").click()
    expect(older.locator(".share .code")).to_be_visible()
    create = the_create(frames)
    assert "unlisted" not in create and "spectator_chat" not in create
