"""Modules that TAIKYOKU_GAMES may name by mistake, each wrong in one way, for the test
that every command stops on them with one clear line (tests/games/test_bad_plugins.py)."""
