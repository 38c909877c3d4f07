"""The `taikyoku` command: one entry point whose subcommands live in their own modules.

Each subcommand module exposes ``main(argv: list[str]) -> int`` with its own argparse,
and is imported only when chosen, so `taikyoku serve` never loads pygame.
"""

from __future__ import annotations

import importlib
import sys

# subcommand -> (module, function, one-line summary)
COMMANDS: dict[str, tuple[str, str, str]] = {
    "play": ("client.gui.play", "main", "play in a window (finds or starts a server)"),
    "tui": ("client.tui.terminal", "main", "play in the terminal"),
    "bot": ("client.bot.cli", "main", "headless bot: play N games against a server"),
    "serve": ("server.cli", "serve_main", "run a game server for the LAN"),
    "records": ("server.cli", "records_main", "list and print stored game records"),
}

USAGE = "usage: taikyoku {" + ",".join(COMMANDS) + "} [options]\n"


def _help() -> str:
    lines = [USAGE, "Networked tic-tac-toe and Othello for a LAN.\n", "commands:"]
    lines += [f"  {name:<8} {summary}" for name, (_, _, summary) in COMMANDS.items()]
    lines.append("\n`taikyoku COMMAND --help` lists a command's options.")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if not args or args[0] in ("-h", "--help"):
        print(_help())
        return 0 if args else 2
    name, rest = args[0], args[1:]
    if name not in COMMANDS:
        print(f"taikyoku: unknown command {name!r}\n\n{_help()}", file=sys.stderr)
        return 2
    module_name, func_name, _ = COMMANDS[name]
    func = getattr(importlib.import_module(module_name), func_name)
    try:
        return int(func(rest) or 0)
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
