"""The browser address is easy to find: the window's start screen shows it with a QR
code a phone's camera opens, and the terminal client prints it at start."""

from __future__ import annotations

import asyncio
import urllib.request
from importlib.resources import files

import pygame
import pytest

import client.web
from client.common.launch import Where
from client.common.options import Plan
from client.gui.app import App
from client.gui.qr import qr_surface
from shared.web_address import browser_url
from tests.client.client_support import play_script, screenshot

SHARE = "ws://192.168.1.20:8765"


@pytest.mark.parametrize(("size", "name"), [((1024, 720), "start_screen_browser"),
                                            ((480, 800), "start_screen_browser_narrow")])
def test_the_start_screen_shows_the_qr_code_of_the_browser_address(
        app: App, size: tuple[int, int], name: str) -> None:
    app.step([])
    assert app.lobby.qr_rect is None  # no server yet: nothing to offer
    app.startup.where = Where("ws://127.0.0.1:8765", "this computer", share=SHARE)
    app.surface = pygame.display.set_mode(size, pygame.RESIZABLE)
    app.step([])
    screenshot(app.surface, name)
    at = app.lobby.qr_rect
    assert at is not None and app.surface.get_rect().contains(at)
    assert at.width >= 33 * 2  # two pixels a module at least: a camera reads it
    drawn = pygame.image.tobytes(app.surface.subsurface(at), "RGB")
    assert drawn == pygame.image.tobytes(qr_surface(browser_url(SHARE), at.width), "RGB")


async def test_the_terminal_prints_the_address_which_serves_the_page(game_server) -> None:
    out = await play_script(game_server, Plan(name="Taro"), ["quit"])
    url = browser_url(game_server.url)
    assert f"Friends can open {url} in a browser." in out.splitlines()

    def fetch() -> bytes:
        with urllib.request.urlopen(url, timeout=10) as reply:
            return bytes(reply.read())

    page = await asyncio.to_thread(fetch)  # the address printed is the page
    assert page == files(client.web).joinpath("index.html").read_bytes()
