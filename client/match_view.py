"""One match as a client sees it: the server's last `state` plus what a person wants
to know about it, in words.

Pure (no pygame, no I/O), so the window and the terminal client say the same things:
whose turn it is, who passed, what the last move flipped, who won. Nothing here
decides a result; it only reads the server's `state`. The shared rules are used to
replay the record for stepping through a finished game and for hints about a move
the server would refuse.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from shared.games import PASS, IllegalMoveError, new_game, replay
from shared.games.othello import COLUMNS, parse_square, square_name
from shared.protocol import PlayerInfo, State

TITLES = {"tictactoe": "Tic-tac-toe", "othello": "Othello"}


def game_title(game: str, size: int) -> str:
    """'Tic-tac-toe' or 'Othello 8x8'."""
    title = TITLES.get(game, game)
    return title if game == "tictactoe" else f"{title} {size}x{size}"


def side_name(game: str, seat: int) -> str:
    """What people call a seat: X/O in tic-tac-toe, Black/White in Othello."""
    return ("X", "O")[seat] if game == "tictactoe" else ("Black", "White")[seat]


def move_name(game: str, size: int, move: int | str) -> str:
    """A move as people write it: a slot number, a square like 'd3', or 'pass'."""
    if move == "pass" or move == PASS:
        return "pass"
    assert isinstance(move, int)
    return str(move) if game == "tictactoe" else square_name(move, size)


def as_int(move: int | str) -> int:
    """A record entry as a rules move ('pass' becomes PASS)."""
    return PASS if move == "pass" else int(move)


def board_changes(before: str, after: str) -> tuple[int | None, frozenset[int]]:
    """The square a move filled and the discs it turned over, from two boards."""
    placed = next((i for i, (a, b) in enumerate(zip(before, after)) if a == "." != b), None)
    flipped = frozenset(
        i for i, (a, b) in enumerate(zip(before, after)) if a != "." and b != "." and a != b
    )
    return placed, flipped


@dataclass
class MatchView:
    """The client's picture of one match: the last state and what changed with it.

    ``seat`` is ours (None when watching). ``flipped`` holds the discs the last
    update turned over (the previous board diffed against the new one), and
    ``changed_at`` when that happened, so the window can animate it.
    """

    code: str
    seat: int | None = None
    role: str = "player"
    state: State | None = None
    flipped: frozenset[int] = frozenset()
    placed: int | None = None
    changed_at: float = 0.0
    _history: list[str] | None = field(default=None, repr=False)

    def update(self, state: State) -> None:
        """Take a new state from the server, remembering what it changed."""
        old = self.state
        if old is not None and old.ply == state.ply and old.board == state.board:
            self.state = state  # players, connection flags or rematch offers changed
            return
        if old is not None and len(old.board) == len(state.board) and state.ply > old.ply:
            self.placed, self.flipped = board_changes(old.board, state.board)
        else:
            self.flipped, self.placed = frozenset(), None
        self.changed_at = time.monotonic()
        self.state = state
        self._history = None

    # ---- who is who ------------------------------------------------------------

    def player(self, seat: int) -> PlayerInfo | None:
        assert self.state is not None
        return next((p for p in self.state.players if p.seat == seat), None)

    def is_bot(self, seat: int) -> bool:
        p = self.player(seat)
        return p is not None and p.kind == "bot"

    def label(self, seat: int) -> str:
        """'You', 'The bot' or the player's name."""
        if seat == self.seat:
            return "You"
        p = self.player(seat)
        if p is None:
            return "Nobody yet"
        return "The bot" if p.kind == "bot" else p.name or side_name(self.game, seat)

    @property
    def game(self) -> str:
        assert self.state is not None
        return self.state.game

    @property
    def my_turn(self) -> bool:
        s = self.state
        return s is not None and s.status == "playing" and s.to_move == self.seat and bool(s.legal)

    @property
    def last_move(self) -> int | None:
        """The last square played (passes skipped back over), for marking it."""
        if self.state is None:
            return None
        for m in reversed(self.state.moves):
            if m != "pass":
                return int(m)
        return None

    # ---- sentences ---------------------------------------------------------------

    def turn_text(self) -> str:
        """One line: whose turn it is, or what we are waiting for."""
        s = self.state
        if s is None:
            return "Loading the match..."
        if s.status == "over":
            return self.result_text()
        if s.status == "waiting":
            return "Waiting for an opponent to join."
        side = side_name(s.game, s.to_move)
        if s.to_move == self.seat:
            return f"Your move ({side})"
        if self.is_bot(s.to_move):
            return "The bot is thinking..."
        p = self.player(s.to_move)
        if p is not None and not p.connected:
            return f"Waiting for {self.label(s.to_move)} ({side}), who is offline"
        return f"{self.label(s.to_move)} to move ({side})"

    def pass_note(self) -> str | None:
        """'White had no legal move and passed.' while that pass is one of the last two moves."""
        s = self.state
        if s is None:
            return None
        n = len(s.moves)
        for i in range(max(0, n - 2), n):
            if s.moves[i] == "pass":
                passer = (s.to_move + n - i) % 2  # moves alternate strictly, passes included
                return (
                    f"{self.label(passer)} ({side_name(s.game, passer)}) "
                    "had no legal move and passed."
                )
        return None

    def result_text(self) -> str:
        """The end in words: 'You won!', 'The bot won.', 'Draw.', 'Black won.'."""
        s = self.state
        if s is None or s.result is None:
            return ""
        winner = s.result.winner
        if winner is None:
            return "Draw."
        if self.seat is not None:
            if winner == self.seat:
                return "You won!"
            return "The bot won." if self.is_bot(winner) else f"{self.label(winner)} won."
        return f"{side_name(s.game, winner)} won."

    def reason_text(self) -> str:
        """How it ended, e.g. 'White resigned.' or '35 to 29 discs.'."""
        s = self.state
        if s is None or s.result is None:
            return ""
        r = s.result
        loser = None if r.winner is None else 1 - r.winner
        if r.reason == "resign" and loser is not None:
            who = "You" if loser == self.seat else self.label(loser)
            return f"{who} resigned."
        if r.reason == "abandon" and loser is not None:
            return f"{self.label(loser)} left the game and did not come back."
        if r.reason == "discs":
            a, b = r.score
            return f"Black {a}, White {b} discs."
        if r.winner is None:
            return "The board is full and nobody has three in a row."
        return f"{side_name(s.game, r.winner)} has three in a row."

    # ---- the record ----------------------------------------------------------------

    def move_names(self) -> list[str]:
        s = self.state
        return [] if s is None else [move_name(s.game, s.size, m) for m in s.moves]

    def history(self) -> list[str]:
        """Every board of the game from the start, replayed locally (display only).

        A match set up from a custom position cannot be replayed from the start;
        then only the current board is known.
        """
        s = self.state
        if s is None:
            return []
        if self._history is None:
            try:
                states = replay(new_game(s.game, s.size), [as_int(m) for m in s.moves])
                self._history = [st.board for st in states]
            except (IllegalMoveError, ValueError):
                self._history = [s.board]
            if self._history[-1] != s.board:  # started from a set-up position
                self._history = [s.board]
        return self._history

    def why_not(self, square: int) -> str | None:
        """Why a click on ``square`` would be refused, or None if it is a legal move."""
        s = self.state
        if s is None:
            return "The match is still loading."
        if self.seat is None:
            return "You are watching this match."
        if s.status == "waiting":
            return "Wait for an opponent to join first."
        if s.status == "over":
            return "The game is over."
        if s.to_move != self.seat:
            if self.is_bot(s.to_move):
                return "Not your turn: the bot is thinking."
            return f"Not your turn: {self.label(s.to_move)} is to move."
        if square in s.legal:
            return None
        name = move_name(s.game, s.size, square)
        if s.game == "tictactoe":
            name = f"Slot {name}"
        if not 0 <= square < len(s.board):
            return f"{name} is off the board."
        if s.board[square] != ".":
            return f"{name} is already taken."
        legal = ", ".join(move_name(s.game, s.size, m) for m in s.legal)
        if s.game == "othello":
            return f"{name} flips nothing, so it is not a legal move. Legal moves: {legal}."
        return f"{name} is not a legal move. Free slots: {legal}."

    def read_move(self, text: str) -> int:
        """A typed move, '4' or 'd3', as a square the server will take.

        ValueError with a sentence for the person otherwise: not a number, off the
        board, taken, flips nothing, not your turn.
        """
        s = self.state
        if s is None:
            raise ValueError("The match is still loading.")
        typed = text.strip()
        if s.game == "tictactoe":
            if not typed.lstrip("+-").isdigit():
                raise ValueError(f"{typed!r} is not a slot number: type a number from 0 to 8.")
            square = int(typed)
            if not 0 <= square < 9:
                raise ValueError(f"{square} is off the board: the slots are numbered 0 to 8.")
        else:
            try:
                square = parse_square(typed, s.size)
            except ValueError:
                last = f"{COLUMNS[s.size - 1]}{s.size}"
                raise ValueError(f"{typed!r} is not a square: type a column letter and a row "
                                 f"number, like d3 (a1 to {last}).") from None
            if square == PASS:
                raise ValueError("No need to pass: when you have no move, the server passes "
                                 "for you.")
        why = self.why_not(square)
        if why is not None:
            raise ValueError(why)
        return square
