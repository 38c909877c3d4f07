"""The `taikyoku` command: one entry point whose subcommands live in their own modules.

Each subcommand module exposes ``main(argv: list[str]) -> int`` with its own argparse,
and is imported only when chosen, so `taikyoku serve` never loads pygame. The command's
own help (``taikyoku`` alone, or ``--help``) is in the system locale's language, from
the catalogue's ``cli-…`` entries; each subcommand chooses its language itself.

A bad ``TAIKYOKU_GAMES`` (shared.plugins) stops every subcommand here, with one line
and exit status 2: the games are loaded, and their words checked, before any
subcommand's module is imported. A plugged-in game's engine is checked before `play`
and `tui` (which may start a server of their own) as `serve` and `bot` check it.
"""

from __future__ import annotations

import importlib
import sys

from shared.plugins import PluginError

COMMANDS: dict[str, tuple[str, str]] = {
    "play": ("client.gui.play", "main"),
    "tui": ("client.tui.terminal", "main"),
    "bot": ("client.bot.cli", "main"),
    "serve": ("server.cli", "serve_main"),
    "records": ("server.cli", "records_main"),
}
"""subcommand -> (module, function); its one-line summary is the entry ``cli-<name>``."""


def _help() -> str:
    """The command's own help, in the system locale's language (a subcommand chooses its
    own: `play` and `tui` with --lang too; `bot` and `serve` speak English to their
    authors and hosts)."""
    from client.common.words import system_language, use_language, words

    use_language(system_language())
    w = words()
    lines = [w("cli-usage", commands="{" + ",".join(COMMANDS) + "}"), "", w("cli-about"), "",
             w("cli-commands")]
    lines += [f"  {name:<8} {w(f'cli-{name}')}" for name in COMMANDS]
    lines += ["", w("cli-command-help")]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    try:
        return _run(sys.argv[1:] if argv is None else argv)
    except PluginError as err:
        print(f"taikyoku: {err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


def _run(args: list[str]) -> int:
    from shared.words import LANGUAGES, parse  # imports shared.games: TAIKYOKU_GAMES

    for lang in LANGUAGES:  # every game's words, before any subcommand needs them
        parse(lang)
    if not args or args[0] in ("-h", "--help"):
        print(_help())
        return 0 if args else 2
    name, rest = args[0], args[1:]
    if name not in COMMANDS:
        from client.common.words import words

        usage = _help()  # in the system's language, which words() then speaks
        print(words()("cli-unknown", command=name) + "\n\n" + usage, file=sys.stderr)
        return 2
    if name in ("play", "tui"):  # either may start a server of its own, with its bots
        from shared.ai import check_engines

        check_engines()  # a plugged-in game's misspelt engine stops it here (PluginError)
    module_name, func_name = COMMANDS[name]
    func = getattr(importlib.import_module(module_name), func_name)
    return int(func(rest) or 0)


if __name__ == "__main__":
    sys.exit(main())
