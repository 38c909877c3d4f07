"""What a `taikyoku bot` run plays: the mode, the levels, how many games and how.

Its own module so that the tournament and its summary both read it without importing
each other.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from client.common.options import match_code
from shared.ai import BOT_NAMES
from shared.ai.levels import DEFAULT_LEVEL
from shared.games import DEFAULT_GAME, get_game
from shared.words import DEFAULT_LANGUAGE, get_words

Mode = Literal["vs-bot", "vs-human", "join", "watch", "pair"]


@dataclass(frozen=True)
class Settings:
    """What to play. ``timeout``: seconds of server silence before a game is given up;
    ``give_up``: seconds without a link before a lane stops reconnecting."""

    url: str
    game: str = DEFAULT_GAME
    size: int | None = None
    level: int = DEFAULT_LEVEL
    mode: Mode = "vs-bot"
    code: str | None = None
    opponent_level: int = DEFAULT_LEVEL
    games: int = 1
    parallel: int = 1
    seed: int | None = None
    seconds: float | None = None
    name: str = ""
    token_file: Path | None = None
    timeout: float = 300.0
    give_up: float = 60.0
    backoff: tuple[float, float] = (0.5, 10.0)

    def __post_init__(self) -> None:
        if self.code is not None:  # the server's spelling, which its replies carry
            object.__setattr__(self, "code", match_code(self.code))

    def check(self) -> None:
        """ValueError for a combination that cannot be played, saying what to change."""
        info = get_game(self.game)
        if self.size is not None and self.size not in info.sizes:
            sizes = ", ".join(map(str, info.sizes))
            title = get_words(DEFAULT_LANGUAGE)(f"{info.name}-title")
            raise ValueError(f"{title} is played on size {sizes}, not {self.size}")
        for label, level in (("--level", self.level), ("--opponent-level", self.opponent_level)):
            if level not in BOT_NAMES:
                raise ValueError(f"{label} must be {min(BOT_NAMES)}-{max(BOT_NAMES)}, "
                                 f"not {level}")
        if self.games < 1 or self.parallel < 1:
            raise ValueError("--games and --parallel must be at least 1")
        if self.mode in ("join", "watch") and not self.code:
            raise ValueError(f"{self.mode} needs a match code")
        if self.mode in ("join", "watch") and self.parallel != 1:
            raise ValueError(f"--{self.mode} follows one match: --parallel must be 1")
        if self.mode == "watch" and self.games != 1:
            raise ValueError("--watch follows one match: --games must be 1")
        if self.token_file is not None and (self.parallel != 1 or self.mode == "pair"):
            raise ValueError("--token-file keeps one player's token: use it with --parallel 1 "
                             "and without --pair")
        if self.seconds is not None and not self.seconds > 0:
            raise ValueError(f"--seconds must be positive, not {self.seconds}")

    @property
    def connections(self) -> int:
        """One per lane (two with --pair); never more lanes than games."""
        return min(self.parallel, self.games) * (2 if self.mode == "pair" else 1)

    @property
    def opponent(self) -> str:
        """Who the bot plays, for people."""
        if self.mode in ("vs-bot", "pair"):
            where = "server bot" if self.mode == "vs-bot" else "bot"
            return f"{where} level {self.opponent_level} ({BOT_NAMES[self.opponent_level]})"
        return "a person or another bot" if self.mode != "watch" else "-"
