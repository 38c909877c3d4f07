"""The browser address of a game server (shared/web_address.py)."""

from __future__ import annotations

import pytest

from shared.web_address import browser_url, invitation


@pytest.mark.parametrize(("server", "page"), [
    ("ws://192.168.1.20:8765", "http://192.168.1.20:8765"),
    ("ws://192.168.1.20:8765/", "http://192.168.1.20:8765"),
    ("ws://Taro-PC.local:9000/any/path?x=1", "http://taro-pc.local:9000"),
    ("wss://games.example:443", "https://games.example:443"),
    ("ws://[fe80::1]:8765", "http://[fe80::1]:8765"),
    ("ws://user@10.0.0.2:8765", "http://10.0.0.2:8765"),
    ("ws://10.0.0.2", "http://10.0.0.2"),
    ("10.0.0.2:8765", "http://10.0.0.2:8765"),
    ("taro-pc:8765", "http://taro-pc:8765"),
])
def test_the_page_is_on_the_servers_own_host_and_port(server: str, page: str) -> None:
    assert browser_url(server) == page


@pytest.mark.parametrize("bad", ["", "http://10.0.0.2:8765", "ws://", "ws://:8765",
                                 "ws://10.0.0.2:99999", "ws://10.0.0.2:port"])
def test_anything_else_is_refused_by_name(bad: str) -> None:
    with pytest.raises(ValueError, match="not a game server address") as err:
        browser_url(bad)
    assert repr(bad) in str(err.value)


def test_the_invitation_names_every_address() -> None:
    assert invitation("ws://192.168.1.20:8765") == (
        "Friends can open http://192.168.1.20:8765 in a browser")
    assert invitation("192.168.1.20:8765", "10.0.0.5:8765") == (
        "Friends can open http://192.168.1.20:8765 or http://10.0.0.5:8765 in a browser")
