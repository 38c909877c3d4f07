"""A module whose ``GAME`` is not a GameInfo."""

GAME = {"name": "blocks"}
