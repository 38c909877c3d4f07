"""``python -m server [serve|records] ...``: ``taikyoku serve`` / ``taikyoku records``."""

from __future__ import annotations

import sys

from server.cli import records_main, serve_main


def main(argv: list[str]) -> int:
    if argv and argv[0] == "records":
        return records_main(argv[1:])
    if argv and argv[0] == "serve":
        argv = argv[1:]
    return serve_main(argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
