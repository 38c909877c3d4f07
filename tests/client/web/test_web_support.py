"""The browser tests' own checks (tests/client/web/web_support.py) catch what they promise to."""

from __future__ import annotations

from tests.client.web.web_support import PageChecks, new_page


def test_requests_off_the_game_server_are_caught() -> None:
    checks = PageChecks()
    for url in ("http://127.0.0.1:8765/app.js", "ws://127.0.0.1:8765/", "data:,",
                "http://localhost:9/x", "blob:http://127.0.0.1:8765/1"):
        checks.request(url)
    assert checks.verdict() is None
    checks.request("https://cdn.example/lib.js")
    checks.request("ws://192.168.1.20:8765")
    assert checks.verdict() == (
        "request outside the game server: https://cdn.example/lib.js; "
        "request outside the game server: ws://192.168.1.20:8765")


def test_policy_violations_and_uncaught_errors_are_caught() -> None:
    checks = PageChecks()
    checks.console("log", "Content Security Policy is mentioned in a log line")
    checks.console("error", "WebSocket connection failed")  # a lost link is not a bug
    assert checks.verdict() is None
    checks.console("error", "Refused to apply inline style because it violates the "
                   "following Content Security Policy directive: \"style-src 'self'\"")
    checks.errors.append("TypeError: x is undefined")
    verdict = checks.verdict()
    assert verdict is not None
    assert verdict.startswith("error in the page: Refused to apply inline style")
    assert verdict.endswith("error in the page: TypeError: x is undefined")


def test_the_servers_policy_reaches_chromium_and_a_violation_is_seen(
        browser, web_server) -> None:
    """An inline script (the page's own scripts are files) is refused and never runs,
    and the checks report it: the open_page fixture would fail such a test."""
    page, checks = new_page(browser, "phone")
    try:
        page.goto(web_server.http_url)
        page.evaluate("""() => {
            const s = document.createElement('script');
            s.textContent = 'window.inlineRan = true';
            document.head.append(s);
        }""")
        assert page.evaluate("() => window.inlineRan") is None
        for _ in range(100):  # the console event comes on a later round trip
            if checks.verdict():
                break
            page.wait_for_timeout(50)
        assert "Content Security Policy" in (checks.verdict() or ""), checks.verdict()
    finally:
        page.context.close()
