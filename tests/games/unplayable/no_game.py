"""A module with no ``GAME``."""

RULES = "four in a row"
