"""Blocks without its Japanese words."""

import dataclasses

from tests.games.blocks import ENGLISH
from tests.games.blocks import GAME as BLOCKS

GAME = dataclasses.replace(BLOCKS, words={"en": ENGLISH})
