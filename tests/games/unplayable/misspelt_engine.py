"""Blocks whose entry names an engine module that does not exist."""

import dataclasses

from tests.games.blocks import GAME as BLOCKS

GAME = dataclasses.replace(BLOCKS, engine="shared.ai.generik")
