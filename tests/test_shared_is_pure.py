"""`shared` does no I/O: importing every module in it loads no network, GUI or database code.

Each check runs in a fresh interpreter, so modules that other tests imported into this
one do not hide or fake a violation. msgspec (shared.protocol's encoder) is allowed.
"""

from __future__ import annotations

import json
import subprocess
import sys

FORBIDDEN = (
    "asyncio", "socket", "ssl", "selectors", "http.client", "urllib.request",
    "websockets", "pygame", "sqlite3", "zeroconf", "server", "client",
)

_LOADED = """
import importlib, json, pkgutil, sys
root = importlib.import_module(sys.argv[1])
for info in pkgutil.walk_packages(getattr(root, "__path__", []), root.__name__ + "."):
    importlib.import_module(info.name)
print(json.dumps(sorted(sys.modules)))
"""


def _loaded_by(package: str) -> list[str]:
    """The modules a fresh interpreter holds after importing ``package`` and all below it."""
    out = subprocess.run(
        [sys.executable, "-c", _LOADED, package],
        capture_output=True, text=True, check=True, timeout=60,
    )
    modules: list[str] = json.loads(out.stdout)
    return modules


def _violations(modules: list[str]) -> list[str]:
    return [m for m in modules if any(m == f or m.startswith(f + ".") for f in FORBIDDEN)]


def test_importing_all_of_shared_loads_no_io_modules() -> None:
    modules = _loaded_by("shared")
    assert {"shared.games.othello", "shared.protocol", "shared.ai", "msgspec"} <= set(modules)
    assert _violations(modules) == []


def test_the_check_sees_a_violation() -> None:
    """The same check on the websockets client finds asyncio and sockets."""
    found = _violations(_loaded_by("websockets.asyncio.client"))
    assert {"asyncio", "socket", "websockets"} <= set(found)
