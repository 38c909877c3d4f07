"""Browser tests: Debian's Chromium driven by Playwright, and a game server they can reach.

Loaded as a plugin by conftest.py, so its fixtures are there for every test module:

- ``browser`` (session): one headless Chromium per test worker.
- ``open_page("desktop" | "phone" | ...)`` -> a new Page in its own browser context (its
  own storage, like a separate person's browser) at one of VIEWPORTS' sizes: 1280x800,
  or a phone with touch (360x740; 360x640, 390x844 upright and 844x390 on its side), or
  a tablet either way. A page
  that throws an uncaught JavaScript error, breaks the server's Content-Security-Policy,
  or asks for anything that is not on the game server (the page must work on a LAN
  without internet), fails its test.
- ``web_server``: a real game server on 127.0.0.1, port 0, run on its own event loop
  in a thread, because Playwright's sync API must not run inside the test's loop.
  ``web_server.http_url`` is the page, ``.url`` the websocket, ``.run(coro)`` runs a
  coroutine on the server's loop (a Python player, a look at the lobby).
- ``screenshot(page, name)`` saves tests/output/<name>.png to look at.
- ``http(server, method, target)`` asks the server over a raw socket (a :class:`Reply`), and
  ``assert_safe_headers`` checks the headers every file it serves carries.

Playwright, not Selenium: its Python package talks to Chromium over the DevTools
protocol itself, so the system Chromium is all it needs (Selenium would also need
Debian's chromium-driver to match the browser's version); and its waits (``expect``,
locators that retry) make a test wait for what the page shows, not for fixed sleeps.

Without a browser the tests skip with a one-line reason, except in CI (the ``CI``
environment variable is set), where a missing or broken browser is a failure.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import threading
from collections.abc import Callable, Coroutine, Iterator
from concurrent.futures import Future
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, NoReturn, TypeVar
from urllib.parse import urlsplit

import pytest

from server.shell.app import GameServer
from server.shell.web_files import content_security_policy
from tests import OUTPUT
from tests.client.client_support import ENGINE_LIMIT
from tests.conftest import server_config

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

CHROMIUM_ARGS = [
    # This machine (and CI) refuses outside connections: Chromium must not try any.
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
PHONE: dict[str, Any] = {"has_touch": True, "is_mobile": True, "device_scale_factor": 2}
VIEWPORTS: dict[str, dict[str, Any]] = {
    "desktop": {"viewport": {"width": 1280, "height": 800}},
    "phone": {"viewport": {"width": 360, "height": 740}, **PHONE},
    # the sizes the phone screen is made for (issue 16): a small phone, a current one,
    # and a phone on its side, the dark theme on one (the light one is the default)
    "phone_360x640": {"viewport": {"width": 360, "height": 640}, **PHONE,
                      "color_scheme": "dark"},
    "phone_390x844": {"viewport": {"width": 390, "height": 844}, **PHONE},
    "phone_844x390": {"viewport": {"width": 844, "height": 390}, **PHONE},
    "tablet_768x1024": {"viewport": {"width": 768, "height": 1024}, "has_touch": True},
    "tablet_1024x768": {"viewport": {"width": 1024, "height": 768}, "has_touch": True},
}

TIMEOUT_MS = 15_000
"""How long a Playwright action or wait may take before the test fails."""

T = TypeVar("T")
Viewport = Literal["desktop", "phone", "phone_360x640", "phone_390x844", "phone_844x390",
                   "tablet_768x1024", "tablet_1024x768"]
OpenPage = Callable[..., "Page"]


def no_browser(reason: str) -> NoReturn:
    """Skip the test, or fail it in CI, where the browser tests must run."""
    if os.environ.get("CI"):
        pytest.fail(f"CI needs the browser tests, but {reason}", pytrace=False)
    pytest.skip(f"no browser: {reason}")


def chromium_path() -> str | None:
    """The system Chromium (Debian's package installs /usr/bin/chromium)."""
    return shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """One headless Chromium per test module.

    Not per session: Playwright's sync API keeps an event loop running in the main
    thread while it is open, and pytest-asyncio cannot run an async test there, so
    the browser must be closed before another module's async tests run.
    """
    try:
        from playwright.sync_api import Error, sync_playwright
    except ImportError:
        no_browser("Playwright is not installed (pip install -e '.[test]')")
    executable = chromium_path()
    if executable is None:
        no_browser("chromium is not installed (apt-get install chromium)")
    with sync_playwright() as playwright:
        try:
            chromium = playwright.chromium.launch(
                executable_path=executable, headless=True, args=CHROMIUM_ARGS
            )
        except Error as err:
            no_browser(f"{executable} did not start: {str(err).splitlines()[0]}")
        yield chromium
        chromium.close()


class PageChecks:
    """What a page did that fails its test: uncaught errors, policy violations (which
    Chromium reports only on the console), requests off the server."""

    def __init__(self) -> None:
        self.errors: list[str] = []
        self.outside: list[str] = []

    def console(self, kind: str, text: str) -> None:
        if kind == "error" and "Content Security Policy" in text:
            self.errors.append(text)

    def request(self, url: str) -> None:
        scheme, netloc = urlsplit(url)[:2]
        if scheme in ("http", "https", "ws", "wss") and netloc.split(":")[0] not in (
            "127.0.0.1", "localhost"
        ):
            self.outside.append(url)

    def verdict(self) -> str | None:
        problems = [f"error in the page: {e}" for e in self.errors]
        problems += [f"request outside the game server: {u}" for u in self.outside]
        return "; ".join(problems) or None


def new_page(browser: Browser, viewport: Viewport = "desktop") -> tuple[Page, PageChecks]:
    """A page in a fresh browser context at that size, and the checks watching it."""
    context = browser.new_context(**VIEWPORTS[viewport])
    context.set_default_timeout(TIMEOUT_MS)
    checks = PageChecks()
    context.on("request", lambda request: checks.request(request.url))
    page = context.new_page()
    page.on("pageerror", lambda error: checks.errors.append(str(error)))
    page.on("console", lambda message: checks.console(message.type, message.text))
    page.on("websocket", lambda ws: checks.request(ws.url))
    return page, checks


@pytest.fixture
def open_page(browser: Browser) -> Iterator[OpenPage]:
    """``open_page("phone")``: a new page in a fresh context (own storage) at that size.

    Pages of one test share nothing; reload a page (``page.reload()``) to keep its
    storage. At teardown every context is closed, and the test fails if a page threw
    an uncaught JavaScript error, broke the Content-Security-Policy, or requested
    anything not served by 127.0.0.1.
    """
    opened: list[tuple[Page, PageChecks]] = []

    def open_one(viewport: Viewport = "desktop") -> Page:
        page, checks = new_page(browser, viewport)
        opened.append((page, checks))
        return page

    yield open_one
    problems = [p for _, checks in opened if (p := checks.verdict())]
    for page, _ in opened:
        page.context.close()
    if problems:
        pytest.fail("; ".join(problems), pytrace=False)


def screenshot(page: Page, name: str, *, full_page: bool = False) -> Path:
    """Save what the page shows to tests/output/<name>.png (for a person to look at)."""
    OUTPUT.mkdir(exist_ok=True)
    path = OUTPUT / f"{name}.png"
    page.screenshot(path=str(path), full_page=full_page)
    return path


class ThreadedServer:
    """A GameServer running on its own event loop in a daemon thread."""

    def __init__(self, tmp_path: Path, **overrides: Any) -> None:
        self._config = server_config(tmp_path, **overrides)
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="web_server",
                                        daemon=True)
        self._thread.start()
        # a warm start compiles the engine first when the cache is cold (a fresh clone)
        self.server: GameServer = self.run(self._start(), ENGINE_LIMIT)

    async def _start(self) -> GameServer:
        server = GameServer(self._config)
        await server.start()
        return server

    @property
    def url(self) -> str:
        """The websocket address, for Python players."""
        return self.server.url

    @property
    def http_url(self) -> str:
        """The page's address, for the browser."""
        return "http" + self.server.url.removeprefix("ws") + "/"

    def run(self, coro: Coroutine[Any, Any, T], timeout: float = 30.0) -> T:
        """Run ``coro`` on the server's loop and return its result."""
        future: Future[T] = asyncio.run_coroutine_threadsafe(coro, self._loop)
        return future.result(timeout)

    def close(self) -> None:
        try:
            self.run(self.server.close())
        finally:
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(10)
            self._loop.close()


@pytest.fixture
def web_server(tmp_path: Path) -> Iterator[ThreadedServer]:
    """A started game server (test defaults, see conftest.server_config) for a sync test."""
    served = ThreadedServer(tmp_path)
    yield served
    served.close()


@pytest.fixture
def warm_web_server(tmp_path: Path) -> Iterator[ThreadedServer]:
    """A game server whose engine is compiled before the first hint (a cold worker
    compiling its kernels can outlast a hint's deadline on a loaded machine)."""
    served = ThreadedServer(tmp_path, warm_bots=True)
    yield served
    served.close()


async def http(server: GameServer, method: str, target: str, *extra: str,
               protocol: str = "HTTP/1.1", host: str | None = None) -> Reply:
    """Send one request exactly as given; the server closes the connection after it."""
    reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
    host = host or f"127.0.0.1:{server.port}"
    lines = [f"{method} {target} {protocol}", f"Host: {host}", *extra, "", ""]
    writer.write("\r\n".join(lines).encode())
    await writer.drain()
    raw = await asyncio.wait_for(reader.read(), 10)  # to EOF: websockets closes after
    writer.close()
    return Reply(raw)


def assert_safe_headers(reply: Reply, port: int) -> None:
    assert reply.headers["cache-control"] == "no-cache"
    assert reply.headers["x-content-type-options"] == "nosniff"
    assert reply.headers["content-security-policy"] == content_security_policy(
        f"127.0.0.1:{port}")
    assert reply.headers["connection"] == "close"


class Reply:
    def __init__(self, raw: bytes) -> None:
        head, _, self.body = raw.partition(b"\r\n\r\n")
        status_line, *lines = head.decode("iso-8859-1").split("\r\n")
        self.protocol, status, self.reason = status_line.split(" ", 2)
        self.status = int(status)
        self.headers = {k.lower(): v.strip() for k, _, v in (ln.partition(":") for ln in lines)}
