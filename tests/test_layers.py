"""The layers are contracts, read from the code's imports (every import statement, at
module level, in a function or under TYPE_CHECKING): the room does no I/O and imports
neither the shell nor the store; the server never imports a client; a client imports
``client.common`` and ``shared`` only; ``shared`` imports neither; and no module, nor
any package, imports itself through others (docs/architecture.md)."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

from tests import ROOT

PACKAGES = ("shared", "server", "client")
CLIENTS = ("client.gui", "client.tui", "client.web", "client.bot")
NO_IO = {"sqlite3", "asyncio", "socket", "selectors", "ssl", "websockets", "http", "urllib",
         "subprocess", "threading", "multiprocessing", "concurrent", "os", "io", "shutil",
         "tempfile", "pathlib", "time", "datetime", "zeroconf", "platformdirs"}
"""What the room may not import: sockets, files, processes, databases and the clock (its
time is the one each event brings)."""


@cache
def modules() -> dict[str, Path]:
    """Every module of the three packages by dotted name (a package by its own)."""
    found = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def imported(name: str) -> set[str]:
    """What module ``name`` imports, by dotted name: `from pkg import sub` names the
    submodule ``pkg.sub`` where there is one, the package otherwise."""
    path = modules()[name]
    here = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = ".".join(here[:len(here) - node.level + 1] + [node.module or ""]).strip(
                ".") if node.level else (node.module or "")
            subs = [f"{base}.{alias.name}" for alias in node.names]
            named = [sub for sub in subs if sub in modules()]
            found.update(named if len(named) == len(subs) else [base, *named])
    return found


def own(name: str) -> str | None:
    """The module of the project that an imported name is (or is in), if any."""
    while name and name not in modules():
        name = name.rpartition(".")[0]
    return name or None


def within(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def imports_of(package: str) -> Iterator[tuple[str, str]]:
    """(module, what it imports) for every module of ``package``."""
    for name in modules():
        if within(name, package):
            for target in imported(name):
                yield name, target


def kept_from_the_room(target: str) -> bool:
    return (within(target, "server.shell") or within(target, "server.store")
            or within(target, "client") or target.split(".")[0] in NO_IO)


def test_the_room_imports_neither_the_shell_nor_the_store_and_does_no_io() -> None:
    assert sorted((n, t) for n, t in imports_of("server.room") if kept_from_the_room(t)) == []


def test_the_server_never_imports_a_client() -> None:
    assert sorted((n, t) for n, t in imports_of("server") if within(t, "client")) == []


def test_shared_imports_neither_the_server_nor_a_client() -> None:
    assert sorted((n, t) for n, t in imports_of("shared")
                  if within(t, "server") or within(t, "client")) == []


@pytest.mark.parametrize("client", CLIENTS)
def test_a_client_imports_only_client_common_and_shared(client: str) -> None:
    wrong = sorted((name, target) for name, target in imports_of(client)
                   if (within(target, "client") and not within(target, client)
                       and not within(target, "client.common")) or within(target, "server"))
    assert wrong == []


def graph(depth: int | None) -> dict[str, set[str]]:
    """Who imports whom among the project's modules, or among its packages cut to their
    first ``depth`` names (a package importing its own part, or the other way, is not an
    edge: that is a package and its insides)."""
    def cut(name: str) -> str:
        return name if depth is None else ".".join(name.split(".")[:depth])
    edges: dict[str, set[str]] = {}
    for name in modules():
        for target in filter(None, map(own, imported(name))):
            a, b = cut(name), cut(target)
            if a != b and not within(a, b) and not within(b, a):
                edges.setdefault(a, set()).add(b)
    return edges


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one node (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in sorted(edges.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


@pytest.mark.parametrize("depth", [None, 1, 2, 3], ids=["modules", "top packages",
                                                        "packages", "subpackages"])
def test_nothing_imports_itself_through_others(depth: int | None) -> None:
    assert circles(graph(depth)) == []


def test_the_contracts_see_a_circle_and_a_forbidden_import() -> None:
    """The checks can fail: a circle is found, and what the store imports (sqlite3, the
    room's own modules) is read and would be kept from the room."""
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert {"sqlite3", "time", "server.room.effects"} <= imported("server.store.database")
    assert kept_from_the_room("sqlite3") and kept_from_the_room("time")
    assert kept_from_the_room("server.store.database")
    assert not kept_from_the_room("server.room.effects")
