"""Text from the wire is cleaned before the page shows it (issue 23), in Chromium: a
server on the LAN (or a player through it) that sends control, format, bidi or line
separator characters in the server's name, a player's name, a chat line or an error
message gets none of them onto the page, in text or in an attribute; what is left reads
as the words it was (escape sequences gone whole, breaks as spaces, as the Python
clients clean them). The server's frames are rewritten on their way to the page by
Playwright's websocket route, as a fake or broken server would send them.
"""

from __future__ import annotations

import json
import re

from playwright.sync_api import WebSocketRoute, expect

from shared.protocol import Chat
from tests.client.web.web_actions import (
    Person,
    enter,
    join_from_lobby,
    patient_expect,  # noqa: F401 (this module's waits)
)
from tests.client.web.web_support import OpenPage, ThreadedServer

UNFIT_ON_PAGE = r"""() => {
  const unfit = /[\p{C}\p{Zl}\p{Zp}]/u;
  const found = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let t = walker.nextNode(); t; t = walker.nextNode()) {
    if (unfit.test(t.data.replace(/[\n\t]/g, ""))) found.push(JSON.stringify(t.data));
  }
  for (const node of document.querySelectorAll("[title], [aria-label]")) {
    for (const name of ["title", "aria-label"]) {
      const value = node.getAttribute(name);
      if (value && unfit.test(value)) found.push(`${name}=${JSON.stringify(value)}`);
    }
  }
  if (unfit.test(document.title)) found.push(`title ${JSON.stringify(document.title)}`);
  return found;
}"""
"""Every unfit character shown as text or in an attribute (the markup's own line breaks
and tabs between elements aside)."""


def hostile(frame: str | bytes) -> str:
    """A server frame with unfit characters put into every string a person reads."""
    msg = json.loads(frame)
    if msg["type"] == "welcome":
        msg["server"]["name"] = "Evil\u202e\u0007 LAN\u2028server"
    elif msg["type"] == "chat":
        msg["name"] = "Ha\u202ena"
        msg["text"] = "hel\u200blo\u2066 there\u2069\u001b[2J"
    elif msg["type"] == "state":
        for player in msg["players"]:
            if player["name"] == "Hana":
                player["name"] = "Ha\u202ena\u0000"
    elif msg["type"] == "error":
        msg["message"] = f"\u001b[31m{msg['message']}\u202e\u2029"
    return json.dumps(msg)


def test_unfit_characters_from_the_server_never_reach_the_page(web_server: ThreadedServer,
                                                               open_page: OpenPage) -> None:
    hana = Person(web_server, "Hana")
    code = hana.create(game="othello", size=8, vs="human", seat="second")
    page = open_page("desktop")

    def route(ws: WebSocketRoute) -> None:
        server = ws.connect_to_server()
        server.on_message(lambda frame: ws.send(hostile(frame)))

    page.route_web_socket(re.compile(r"^ws://"), route)
    enter(page, web_server, "Taro")
    expect(page.locator("#who")).to_have_text("Evil LAN server")  # a break as a space
    page.locator("#code").fill("ZZZZZZ")
    page.locator("#join-code").click()
    expect(page.locator(".lobby .notice")).to_contain_text("ZZZZZZ")
    assert page.evaluate(UNFIT_ON_PAGE) == []

    join_from_lobby(page, code)
    expect(page.locator(".seat[data-seat='1'] .name")).to_have_text("Hana")
    hana.send(Chat(match=code, text="hello there"))
    # the escape sequence goes whole, not only its ESC
    expect(page.locator(".chat-lines li")).to_have_text(["Hana: hello there"])
    assert page.evaluate(UNFIT_ON_PAGE) == []
    hana.close()
