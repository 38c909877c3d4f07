"""Waiting, in a test, for what cannot be awaited directly (the server noticing a closed
socket, a row reaching the store, the window drawing a state): one helper, one limit."""

from __future__ import annotations

import asyncio
from typing import Callable

LIMIT = 30.0
"""Seconds a wait may take before the test fails. It bounds a failure, never measures a
success: a loaded machine that is slow but right passes."""


async def until(check: Callable[[], object], what: str, limit: float = LIMIT) -> None:
    """Wait until ``check()`` is true, letting the event loop (and a window's frames)
    run; fails after ``limit`` seconds, naming ``what`` it waited for."""
    try:
        async with asyncio.timeout(limit):
            while not check():
                await asyncio.sleep(0.01)
    except TimeoutError:
        raise AssertionError(f"timed out after {limit:g} s waiting for {what}") from None
