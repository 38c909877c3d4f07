"""Games that exist only for the tests: plugged in through ``TAIKYOKU_GAMES`` (never
named by a file outside tests/), they prove that a game is one module."""
