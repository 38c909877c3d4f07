"""A game that takes the name of a built-in one."""

import dataclasses

from tests.games.blocks import GAME as BLOCKS

GAME = dataclasses.replace(BLOCKS, name="othello")
