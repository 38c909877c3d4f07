"""``python -m server [serve|records] ...``: ``taikyoku serve`` / ``taikyoku records``."""

from __future__ import annotations

import sys

from shared.plugins import PluginError


def main(argv: list[str]) -> int:
    """As `taikyoku serve` (client/cli.py), a bad TAIKYOKU_GAMES stops it in one line."""
    try:
        return _run(argv)
    except PluginError as err:
        print(f"taikyoku: {err}", file=sys.stderr)
        return 2


def _run(argv: list[str]) -> int:
    from server.cli import records_main, serve_main  # imports shared.games: TAIKYOKU_GAMES

    if argv and argv[0] == "records":
        return records_main(argv[1:])
    if argv and argv[0] == "serve":
        argv = argv[1:]
    return serve_main(argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
