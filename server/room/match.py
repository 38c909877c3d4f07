"""One match: seats, the move record and the result, as plain data with no I/O.

The room decides who may do what; a Match only knows the rules of the game (through
``shared.games``), who sits where, and how to describe itself as a protocol ``state``.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable, Literal, NamedTuple, cast

from server.room.wire import wire_move, wire_seat
from shared import protocol
from shared.ai import BOT_NAMES
from shared.games import GAMES, PASS, State, get_game, new_game
from shared.protocol import (
    CHAT_HISTORY_LINES,
    ChatLine,
    MatchSummary,
    PlayerInfo,
    PlyReview,
    Reason,
    Result,
    TakebackOffer,
)

if TYPE_CHECKING:
    from server.room.clock import MatchClock
    from server.room.message_budget import MessageBudget


@dataclass
class Seat:
    """Who sits in a seat: a person (``player`` id) or a server bot (``level``)."""

    kind: Literal["human", "bot"]
    name: str
    player: str | None = None
    level: int | None = None
    left: bool = False
    """The person left the match after it ended (no rematch possible, shown disconnected)."""

    @classmethod
    def bot(cls, level: int) -> Seat:
        return cls("bot", BOT_NAMES[level], level=level)

    def to_json(self) -> dict[str, object]:
        return {"kind": self.kind, "name": self.name, "player": self.player, "level": self.level}

    @classmethod
    def from_json(cls, data: dict[str, object]) -> Seat:
        kind = data["kind"]
        if kind not in ("human", "bot"):
            raise ValueError(f"a seat is 'human' or 'bot', not {kind!r}")
        player, level = data.get("player"), data.get("level")
        return cls(
            kind,
            str(data["name"]),
            player=str(player) if player is not None else None,
            level=int(level) if isinstance(level, int) else None,
        )


class Step(NamedTuple):
    """A move worked out but not played yet: the moves it plays (a forced pass may
    follow it), the positions after each, and the result if it ends the game. (A named
    tuple, immutable like a frozen dataclass, made for every move at a third of the cost.)"""

    played: tuple[int, ...]
    positions: tuple[State, ...]
    result: Result | None
    clock: MatchClock | None
    """The clocks after it: the mover charged and given the increment, the next side's
    running (a copy: the match keeps its own until the step is played)."""
    at: float | None = None
    """When it is played (None: a time that does not matter, a forced pass at the start)."""

    @property
    def remaining(self) -> tuple[float, float] | None:
        """The clocks as the store keeps them (None without a clock)."""
        return self.clock.stored if self.clock is not None else None


@dataclass(frozen=True)
class Ending:
    """An end without a move worked out but not made yet: the result, and the clocks
    stopped where they are (a copy)."""

    result: Result
    clock: MatchClock | None

    @property
    def remaining(self) -> tuple[float, float] | None:
        return self.clock.stored if self.clock is not None else None


@dataclass
class Match:
    """A match in memory. ``state`` is the current position, ``moves`` the record from ``start``."""

    code: str
    start: State
    seats: list[Seat | None]
    moves: list[int] = field(default_factory=list)
    result: Result | None = None
    created: float = field(kw_only=True)
    """When it was opened (the time of the request that opened it)."""
    rematch: set[int] = field(default_factory=set)
    next_match: str | None = None
    hints: bool = False
    """Whether its creator let two people ask for hints (against a bot they always may)."""
    unlisted: bool = False
    """Kept out of the lobby (joined or watched by its code only), as its creator chose."""
    spectator_chat: bool = True
    """Whether spectators may chat, or the players only, as its creator chose."""
    clock: MatchClock | None = None
    takebacks: list[int] = field(default_factory=lambda: [0, 0])
    """Takebacks each seat made (the stored game keeps the count)."""
    epoch: int = 0
    """How many times the line was rewound since the match was loaded: a bot's move or
    a hint asked for an older line is stale (kept in memory only: a restart drops
    every search)."""
    offer: TakebackOffer | None = None
    """A takeback offer between people waiting for its answer; a move or the end lapses it."""
    chat: deque[ChatLine] = field(default_factory=lambda: deque(maxlen=CHAT_HISTORY_LINES))
    """The last chat lines, oldest first (sent again to whoever resumes, joins or watches)."""
    chat_seq: int = 0
    """The ``seq`` of the last chat line of this match."""
    chat_shares: dict[str, MessageBudget] = field(default_factory=dict)
    """Address (``address_key``) -> the chat budget its connections share in this match
    (server/room/chat.py), made on its first line here and forgotten with the match."""
    review: list[PlyReview] | None = None
    """The engine's review of the finished game, once worked out (asked again: sent at once)."""
    moved: float | None = None
    """When its last move was played (None: no move yet); a restart reads it from the store."""
    origin: str | None = None
    """The address (its network, server/room/addresses.py ``address_key``) that opened it,
    counted against that address's unfinished matches; None after a restart."""

    @property
    def active(self) -> float:
        """When something last happened in it: its last move, or its creation."""
        return self.moved if self.moved is not None else self.created

    def __post_init__(self) -> None:
        state = self.start
        self.positions: list[State] = [state]
        """The position before each ply and the current one: a takeback cuts this list."""
        for move in self.moves:
            state = state.play(move)
            self.positions.append(state)
        self._wire_moves: list[int | Literal["pass"]] = [wire_move(m) for m in self.moves]
        """``moves`` as the protocol writes them, kept up to date by :meth:`play` (a state
        goes out after every move; rebuilding the whole list each time grows with the game)."""
        self._legal: tuple[State | None, list[int]] = (None, [])
        """The position last asked about and its legal moves (see :meth:`legal_of`)."""

    @property
    def state(self) -> State:
        """The current position (the last of ``positions``)."""
        return self.positions[-1]

    @classmethod
    def new(
        cls, code: str, game: str, size: int | None, board: str | None, to_move: int | None,
        seats: list[Seat | None], created: float,
    ) -> Match:
        """A match from the start or a validated position (ValueError for a bad one)."""
        start = new_game(game, size, board, to_move)
        if start.is_over:
            raise ValueError(f"the position {start.to_text()} is already decided")
        return cls(code, start, seats, created=created)

    @property
    def game(self) -> str:
        return self.start.game

    @property
    def size(self) -> int:
        return self.start.size

    @property
    def ply(self) -> int:
        return len(self.moves)

    @property
    def status(self) -> Literal["waiting", "playing", "over"]:
        if self.result is not None:
            return "over"
        return "waiting" if self.seats[0] is None or self.seats[1] is None else "playing"

    def seat_of(self, player: str) -> int | None:
        """The seat ``player`` holds here, or None."""
        for i, seat in enumerate(self.seats):
            if seat is not None and seat.player == player:
                return i
        return None

    def has_left(self, seat: int) -> bool:
        """Whether the person of ``seat`` left the match (``leave``)."""
        s = self.seats[seat]
        return s is not None and s.left

    def seat_name(self, seat: int) -> str:
        s = self.seats[seat]
        return "(open seat)" if s is None else s.name

    def describe(self) -> str:
        """For the log: "othello 8x8, Taro vs Hana"."""
        return f"{board_name(self.game, self.size)}, {self.seat_name(0)} vs {self.seat_name(1)}"

    @property
    def bot_to_move(self) -> Seat | None:
        """The bot seat that should move now, if any."""
        if self.status != "playing":
            return None
        seat = self.seats[self.state.to_move]
        return seat if seat is not None and seat.kind == "bot" else None

    def legal_of(self, state: State) -> list[int]:
        """``state.legal_moves()``, worked out once for the position last asked about: a
        move is checked, its forced pass looked for and its state sent with one list."""
        known, legal = self._legal
        if known is not state:
            legal = state.legal_moves()
            self._legal = (state, legal)
        return legal

    def step(self, move: int, now: float | None = None) -> Step:
        """What playing a checked move at ``now`` would do (plus any forced pass that
        follows), without changing the match: the store is asked first. IllegalMoveError
        when the rules refuse ``move``."""
        played, before = [move], self.state
        if type(move) is int and move in self.legal_of(before):
            state = before.play_unchecked(move)  # checked just now: not twice
        else:
            state = before.play(move)  # IllegalMoveError, saying why
        positions = [state]
        if not state.is_over and self.legal_of(state) == [PASS]:
            state = state.play(PASS)
            positions.append(state)
            played.append(PASS)
        outcome = state.outcome()
        result = None
        if outcome is not None:
            result = Result(wire_seat(outcome.winner), self._rule_reason(outcome.reason),
                            list(outcome.score))
        clock = self.clock.copy() if self.clock is not None else None
        if clock is not None:
            clock.moved(before.to_move, now or 0.0,
                        None if result is not None else state.to_move)
        return Step(tuple(played), tuple(positions), result, clock, now)

    def _rule_reason(self, reason: str) -> Reason:
        """The outcome's reason as ``result.reason``: one of the game's rule reasons
        (its entry's closed set), sent as it is; ValueError for any other (a bug in the
        game's module, refused before anything is stored)."""
        if reason not in get_game(self.game).reasons:
            raise ValueError(f"{self.game} ended by {reason!r}, not one of its rule reasons "
                             f"{get_game(self.game).reasons}")
        return cast(Reason, reason)  # a game's own rule reason is a wire value too

    def advance(self, step: Step) -> None:
        """Play ``step`` (from :meth:`step` at the current ply); ends the match when the
        game is over, and lapses a takeback offer."""
        self.positions.extend(step.positions)
        self.offer = None
        self.moves.extend(step.played)
        self._wire_moves.extend(map(wire_move, step.played))
        self.result = step.result
        self.clock = step.clock
        if step.at is not None:
            self.moved = step.at

    def play(self, move: int) -> list[int]:
        """Play a checked move plus any forced pass that follows; the moves played."""
        step = self.step(move)
        self.advance(step)
        return list(step.played)

    def forced_pass(self) -> bool:
        """Play the pass the side to move is forced into (a start position may need one)."""
        if self.result is None and self.legal_of(self.state) == [PASS]:
            self.play(PASS)
            return True
        return False

    def ending(self, winner: int | None, reason: Reason, now: float) -> Ending:
        """How the match would end at ``now`` without a move (resign, abandon, time):
        the current board scored, the clocks stopped; nothing changes yet."""
        clock = self.clock.copy() if self.clock is not None else None
        if clock is not None:
            clock.stop(now)
        return Ending(Result(wire_seat(winner), reason, list(self.state.score())), clock)

    def end(self, ending: Ending) -> None:
        """End the match as :meth:`ending` worked out."""
        self.result, self.clock = ending.result, ending.clock
        self.rematch.clear()
        self.offer = None

    @property
    def bot_seat(self) -> int | None:
        """The seat of the server bot, if the match has one. (Asked for every move and
        every state: the two seats looked at in turn, a quarter of a loop's cost.)"""
        first, second = self.seats
        if first is not None and first.kind == "bot":
            return 0
        if second is not None and second.kind == "bot":
            return 1
        return None

    @property
    def has_bot(self) -> bool:
        return self.bot_seat is not None

    @property
    def hints_allowed(self) -> bool:
        """Whether `hint` is allowed: always against a bot, between people if created so."""
        return self.hints or self.has_bot

    def last_move_of(self, seat: int) -> int | None:
        """The ply of ``seat``'s last move that was not a pass (None: it has none)."""
        for ply in range(self.ply - 1, -1, -1):
            if self.moves[ply] != PASS and self.positions[ply].to_move == seat:
                return ply
        return None

    def rewind(self, ply: int) -> None:
        """Go back to the position before ``ply`` (a takeback): later moves are dropped,
        and the line is a new one (:attr:`epoch`)."""
        del self.moves[ply:], self._wire_moves[ply:], self.positions[ply + 1:]
        self.offer = None
        self.epoch += 1

    def player_infos(self, online: Callable[[str], bool]) -> list[PlayerInfo]:
        infos = []
        for i, seat in enumerate(self.seats):
            if seat is None:
                continue
            here = seat.kind == "bot" or (seat.player is not None and online(seat.player))
            infos.append(PlayerInfo(
                seat=wire_seat(i),
                name=seat.name,
                kind=seat.kind,
                connected=here and not seat.left,
                player=seat.player,
                level=seat.level,
                left=seat.left,
            ))
        return infos

    def to_message(self, online: Callable[[str], bool], now: float) -> protocol.MatchState:
        """The complete protocol ``state`` (``online(player)``: has a live connection;
        the clocks as of ``now``)."""
        state, status = self.state, self.status
        return protocol.MatchState(
            match=self.code,
            game=self.game,
            size=self.size,
            ply=self.ply,
            board=state.board,
            to_move=wire_seat(state.to_move),
            # a pass is the server's to play: never offered
            legal=[m for m in self.legal_of(state) if m != PASS] if status == "playing" else [],
            moves=list(self._wire_moves),
            status=status,
            score=list(state.score()),
            players=self.player_infos(online),
            result=self.result,
            rematch=sorted(self.rematch),
            takeback=self.offer,
            hints=self.hints_allowed,
            clock=self.clock.to_message(now) if self.clock is not None else None,
            unlisted=self.unlisted,
            spectator_chat=self.spectator_chat,
        )

    def summary(self, online: Callable[[str], bool], spectators: int) -> MatchSummary:
        return MatchSummary(
            match=self.code, game=self.game, size=self.size, status=self.status,
            players=self.player_infos(online), spectators=spectators,
            hints=self.hints_allowed,
            clock=self.clock.control if self.clock is not None else None,
            spectator_chat=self.spectator_chat,
        )


def board_name(game: str, size: int) -> str:
    """A game and its board for logs and records: "othello 8x8", "tictactoe"."""
    info = GAMES.get(game)  # a record of a game no longer plugged in still has a name
    return game if info is not None and len(info.sizes) == 1 else f"{game} {size}x{size}"
