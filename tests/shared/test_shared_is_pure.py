"""`shared` does no I/O: importing every module in it loads no network, GUI or database code.

Each check runs in a fresh interpreter, so modules that other tests imported into this
one do not hide or fake a violation. The libraries `shared` is built on are allowed,
with whatever they load themselves: msgspec (shared.protocol's encoder) and numba with
numpy (the engine's kernels; numba reads its plugins through importlib.metadata, which
loads `socket` for email address parsing without opening anything).
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys

from tests import ROOT

FORBIDDEN = (
    "asyncio", "socket", "ssl", "selectors", "http.client", "urllib.request",
    "websockets", "pygame", "sqlite3", "zeroconf", "server", "client",
)

_LOADED = """
import importlib, json, pkgutil, sys
root = importlib.import_module(sys.argv[1])
if sys.argv[2] == "all":
    for info in pkgutil.walk_packages(getattr(root, "__path__", []), root.__name__ + "."):
        importlib.import_module(info.name)
print(json.dumps(sorted(sys.modules)))
"""


def _loaded_by(package: str, below: bool = True) -> list[str]:
    """The modules a fresh interpreter holds after importing ``package`` (and, with
    ``below``, every module below it)."""
    out = subprocess.run(
        [sys.executable, "-c", _LOADED, package, "all" if below else "top"],
        capture_output=True, text=True, check=True, timeout=60,
    )
    modules: list[str] = json.loads(out.stdout)
    return modules


ALLOWED_LIBRARIES = ("msgspec", "numpy", "numba")


def _violations(modules: list[str]) -> list[str]:
    return [m for m in modules if any(m == f or m.startswith(f + ".") for f in FORBIDDEN)]


def _loaded_by_libraries() -> set[str]:
    """What importing the allowed libraries (as `shared` does) loads by itself."""
    return set().union(*(_loaded_by(lib, below=False) for lib in ALLOWED_LIBRARIES))


def test_importing_all_of_shared_loads_no_io_modules() -> None:
    modules = _loaded_by("shared")
    assert {"shared.games.othello", "shared.protocol", "shared.ai", "msgspec"} <= set(modules)
    by_libraries = _loaded_by_libraries()
    assert [m for m in _violations(modules) if m not in by_libraries] == []


def _imported_by(source: str) -> set[str]:
    """The absolute module names a module's import statements name."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
    return names


def test_no_module_of_shared_imports_io_modules_itself() -> None:
    """The libraries' exemption above covers only what they load: `shared` naming asyncio
    or socket itself fails here even when numba has already loaded them."""
    root = ROOT / "shared"
    found = {str(path.relative_to(root)): bad for path in sorted(root.rglob("*.py"))
             if (bad := _violations(sorted(_imported_by(path.read_text(encoding="utf-8")))))}
    assert found == {}


def test_the_source_check_sees_a_violation() -> None:
    assert _violations(sorted(_imported_by(
        "import socket\nfrom asyncio import sleep\nfrom . import games\n"))) == [
        "asyncio", "socket"]


def test_the_allowed_libraries_load_no_network_stack() -> None:
    """What the allowed libraries bring stays small: no asyncio, ssl, HTTP, GUI or database."""
    by_libraries = _loaded_by_libraries()
    assert set(_violations(sorted(by_libraries))) <= {"socket", "selectors"}


def test_the_check_sees_a_violation() -> None:
    """The same check on the websockets client finds asyncio and sockets."""
    found = _violations(_loaded_by("websockets.asyncio.client"))
    assert {"asyncio", "socket", "websockets"} <= set(found)
