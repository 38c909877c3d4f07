"""A game whose entry breaks GameInfo's own rule for a name, as the module is imported."""

import dataclasses

from tests.games.blocks import GAME as BLOCKS

GAME = dataclasses.replace(BLOCKS, name="Blocks!")
