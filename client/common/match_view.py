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

from client.common.clock_view import ClockView
from client.common.words import words as spoken_words
from shared.games import PASS, GameInfo, IllegalMoveError, get_game, new_game, replay
from shared.protocol import (
    CHAT_HISTORY_LINES,
    Analysis,
    ChatLine,
    Clock,
    ClockState,
    MatchState,
    MatchSummary,
    PlayerInfo,
    PlyReview,
    Review,
    ScoredMove,
)
from shared.words import Words, how_it_ended
from shared.words import game_label as shared_game_label


def record_move(move: int | str) -> int:
    """A record entry of a `state` as a rules move ('pass' becomes PASS)."""
    return PASS if move == "pass" else int(move)


def game_label(game: str, size: int, words: Words | None = None) -> str:
    """The game and its board for people: 'Tic-tac-toe', 'Othello 8x8', 'オセロ 8×8'."""
    return shared_game_label(words or spoken_words(), game, size)


def player_words(p: PlayerInfo, words: Words | None = None) -> str:
    """A player in a line about a match: 'Taro', 'the bot (level 3)'."""
    w = words or spoken_words()
    if p.kind == "bot":
        return w("player-bot", level=p.level or "none")
    return p.name or w("player-someone")


def chat_speaker(line: ChatLine, me: str | None, words: Words | None = None) -> str:
    """Who wrote a chat line: 'You', their name, '(watching)' after a spectator's (so a
    spectator who takes a player's name never reads as that player)."""
    w = words or spoken_words()
    mine = me is not None and line.player == me
    name = w("who-you") if mine else line.name or w("player-someone")
    return name if line.seat is not None else w("chat-watching", who=name)


def clock_words(clock: Clock | ClockState | ClockView, words: Words | None = None) -> str:
    """A time control in words: '5 min +3s' (each side's time, then the seconds added
    after each move), '1 min' without an increment, '90 s' when not whole minutes; from
    a match's settings, the clocks a `state` carries, or their view."""
    initial, increment = clock.initial, clock.increment
    return (words or spoken_words())(
        "clock-words", unit="minutes" if initial % 60 == 0 else "seconds",
        minutes=_number(initial / 60), seconds=_number(initial), increment=_number(increment))


def _number(x: float) -> int | float:
    """A whole number as an int, so the words say '5', not '5.0'."""
    return int(x) if x == int(x) else x


def lobby_line(m: MatchSummary, words: Words | None = None) -> str:
    """One match of the lobby: 'K7QX  Othello 8x8: Taro vs the bot (level 3), 2 watching'
    (the code first, as it matters most), with its clock and hints when it has them."""
    w = words or spoken_words()
    names = [player_words(p, w) for p in sorted(m.players, key=lambda p: p.seat)]
    who = (w("player-nobody") if not names else names[0] if len(names) == 1
           else w("lobby-versus", first=names[0], second=names[1]))
    extra = w("lobby-clock", clock=clock_words(m.clock, w)) if m.clock is not None else ""
    if m.hints and not any(p.kind == "bot" for p in m.players):
        extra += w("lobby-hints")
    extra += w("lobby-watching", count=m.spectators) if m.spectators else ""
    return w("lobby-line", code=m.match, game=game_label(m.game, m.size, w), who=who,
             extra=extra)


def same_position(old: MatchState, new: MatchState) -> bool:
    """Whether ``new`` shows the position ``old`` did (the same match, ply, board and
    status): what was said about one position (a hint, a refusal) still holds."""
    return (old.match, old.ply, old.board, old.status) == (
        new.match, new.ply, new.board, new.status)


def board_changes(before: str, after: str) -> tuple[int | None, frozenset[int]]:
    """The square a move filled and the discs it turned over, from two boards."""
    placed = next((i for i, (a, b) in enumerate(zip(before, after)) if a == "." != b), None)
    flipped = frozenset(
        i for i, (a, b) in enumerate(zip(before, after)) if a != "." and b != "." and a != b
    )
    return placed, flipped


@dataclass
class MatchView:
    """The client's picture of one match: the last state and what came with it.

    ``seat`` is ours (None when watching). ``flipped`` holds the discs the last
    update turned over (the previous board diffed against the new one). Beside the
    state: the chat lines, the engine's answers (``analysis`` for a hint, ``review``
    for a finished game), whether we wait for one, and when the state arrived
    (``received``, monotonic), from which the clocks count down.
    """

    code: str
    seat: int | None = None
    role: str = "player"
    state: MatchState | None = None
    flipped: frozenset[int] = frozenset()
    placed: int | None = None
    received: float = 0.0
    chat: list[ChatLine] = field(default_factory=list)
    analysis: Analysis | None = None
    review: Review | None = None
    hint_asked: bool = False
    """A hint was asked for and its answer has not come yet."""
    review_asked: bool = False
    """The game's review was asked for and has not come yet."""
    words: Words = field(default_factory=spoken_words, repr=False)
    """The catalogue in the language this view speaks (the client's, by default)."""
    _history: list[str] | None = field(default=None, repr=False)

    def update(self, state: MatchState) -> None:
        """Take a new state from the server, remembering what it changed. A hint is for
        one position: any other move, a takeback, the end (a resignation, a flag) or a
        new game makes it go."""
        old = self.state
        self.received = time.monotonic()
        if old is not None and old.ply == state.ply and old.board == state.board:
            if old.status != state.status:
                self.analysis, self.hint_asked = None, False
            self.state = state  # players, connection flags, offers or the end changed
            return
        if old is not None and len(old.board) == len(state.board) and state.ply > old.ply:
            self.placed, self.flipped = board_changes(old.board, state.board)
        else:
            self.flipped, self.placed = frozenset(), None
        self.state = state
        self._history = None
        self.analysis, self.hint_asked = None, False

    def add_chat(self, line: ChatLine) -> bool:
        """Keep a chat line (the last CHAT_HISTORY_LINES, in order); False for one we have
        already (the server sends the history again after a resume, join or watch)."""
        if any(old.seq == line.seq for old in self.chat):
            return False
        self.chat.append(line)
        self.chat.sort(key=lambda old: old.seq)
        del self.chat[:-CHAT_HISTORY_LINES]
        return True

    def take_analysis(self, analysis: Analysis) -> None:
        """The answer to a hint; one for another position than the state's, or come after
        the game ended, is dropped."""
        s = self.state
        if s is not None and s.status == "playing" and analysis.ply == s.ply:
            self.analysis = analysis
        self.hint_asked = False

    def take_review(self, review: Review) -> None:
        self.review, self.review_asked = review, False

    @property
    def hints(self) -> list[ScoredMove]:
        """The engine's scores for the position on the board, best first (empty when none)."""
        a, s = self.analysis, self.state
        return a.moves if a is not None and s is not None and a.ply == s.ply else []

    def clocks(self) -> ClockView | None:
        """The match's clocks as of the last state (None when it has none)."""
        return None if self.state is None else ClockView.of(self.state, self.received)

    # ---- who is who ------------------------------------------------------------

    def player(self, seat: int) -> PlayerInfo | None:
        assert self.state is not None
        return next((p for p in self.state.players if p.seat == seat), None)

    def is_bot(self, seat: int) -> bool:
        p = self.player(seat)
        return p is not None and p.kind == "bot"

    def awaited(self, seat: int) -> bool:
        """The other person at ``seat`` lost the connection while the game goes on, so
        their seat is held for them: not one who left on purpose, nor after the end."""
        p = self.player(seat)
        return (p is not None and p.kind == "human" and seat != self.seat and not p.connected
                and not p.left and self.state is not None and self.state.status != "over")

    def away_words(self, seat: int) -> str | None:
        """How the other person at ``seat`` is away, as their seat shows it (as the web
        page's does): 'left the match', 'offline' after the end, 'offline - waiting for
        them' while their seat is held; None when they are here (or a bot, or us)."""
        p = self.player(seat)
        if p is None or p.kind != "human" or seat == self.seat or p.connected:
            return None
        if p.left:
            return self.words("away-left")
        return self.words("away-waiting" if self.awaited(seat) else "away-offline")

    def label(self, seat: int) -> str:
        """'You', 'The bot' or the player's name."""
        if seat == self.seat:
            return self.words("who-you")
        p = self.player(seat)
        if p is None:
            return self.words("who-nobody")
        return self.words("who-bot") if p.kind == "bot" else p.name or self.side(seat)

    @property
    def info(self) -> GameInfo:
        """The game's entry in the catalogue: its names for sides, squares and moves."""
        assert self.state is not None
        return get_game(self.state.game)

    def side(self, seat: int) -> str:
        """What people call ``seat`` in this game: 'X', 'Black', '黒'."""
        assert self.state is not None
        return self.words(f"{self.state.game}-side-{seat}")

    def move_name(self, move: int | str) -> str:
        """A record entry or a square as people write it: '4', 'd3', 'pass'."""
        assert self.state is not None
        if record_move(move) == PASS:
            return self.words("move-pass")
        return self.info.move_name(record_move(move), self.state.size)

    @property
    def my_turn(self) -> bool:
        s = self.state
        return s is not None and s.status == "playing" and s.to_move == self.seat and bool(s.legal)

    @property
    def may_chat(self) -> bool:
        """A player may always chat; a spectator unless only the players may (the server
        would refuse the line, so the clients offer no way to write one)."""
        return self.seat is not None or self.state is None or self.state.spectator_chat

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

    def resume_lines(self) -> tuple[str, str]:
        """An unfinished match to choose from, in two parts: ('Othello 4x4 vs the bot
        (level 3)', '12 moves played. Your move (Black)')."""
        s, w = self.state, self.words
        if s is None:
            return self.code, self.turn_text()
        against = w("words-comma").join(
            player_words(p, w) for p in s.players if p.seat != self.seat)
        return (w("resume-versus", game=game_label(s.game, s.size, w),
                  against=against or w("player-nobody-yet")),
                w("resume-played", count=len(s.moves)) + self.turn_text())

    def turn_text(self) -> str:
        """One line: whose turn it is, or what we are waiting for."""
        s, w = self.state, self.words
        if s is None:
            return w("match-loading")
        if s.status == "over":
            return self.result_text()
        if s.status == "waiting":
            return w("match-waiting")
        side = self.side(s.to_move)
        if s.to_move == self.seat:
            return w("turn-yours", side=side)
        if self.is_bot(s.to_move):
            return w("turn-bot")
        p = self.player(s.to_move)
        if p is not None and not p.connected:
            return w("turn-offline", who=self.label(s.to_move), side=side)
        return w("turn-theirs", who=self.label(s.to_move), side=side)

    def pass_note(self) -> str | None:
        """'White had no legal move and passed.' while that pass is one of the last two moves."""
        s = self.state
        if s is None:
            return None
        n = len(s.moves)
        for i in range(max(0, n - 2), n):
            if s.moves[i] == "pass":
                passer = (s.to_move + n - i) % 2  # moves alternate strictly, passes included
                return self.words("pass-note", who=self.label(passer), side=self.side(passer))
        return None

    def result_text(self) -> str:
        """The end in words: 'You won!', 'The bot won.', 'Draw.', 'Black won.',
        'No winner.' (a match called off or abandoned is no draw)."""
        s = self.state
        if s is None or s.result is None:
            return ""
        winner = s.result.winner
        if winner is None:
            kind = "none"
        elif self.seat is None:
            kind = "side"
        else:
            kind = "you" if winner == self.seat else "bot" if self.is_bot(winner) else "person"
        return self.words("match-result", winner=kind, who=self.label(winner or 0),
                          side=self.side(winner or 0), reason=s.result.reason)

    @property
    def opponent_left(self) -> bool:
        """Our opponent left this match on purpose (``leave``): no rematch with them."""
        s = self.state
        if s is None or self.seat is None:
            return False
        return any(p.seat != self.seat and p.left for p in s.players)

    def reason_text(self) -> str:
        """How it ended, e.g. 'White resigned.', 'The match was called off.' or 'Black
        35, White 29 discs.': the game's entry for its rule's reason, or the catalogue's
        ``match-reason`` for the server's, chooses from the facts."""
        s = self.state
        if s is None or s.result is None:
            return ""
        r = s.result
        return how_it_ended(self.words, s.game, r.winner, r.reason, r.score,
                            [self.label(0), self.label(1)], bool(s.moves))

    # ---- the record ----------------------------------------------------------------

    def move_names(self) -> list[str]:
        s = self.state
        return [] if s is None else [self.move_name(m) for m in s.moves]

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
                states = replay(new_game(s.game, s.size), [record_move(m) for m in s.moves])
                self._history = [st.board for st in states]
            except (IllegalMoveError, ValueError):
                self._history = [s.board]
            if self._history[-1] != s.board:  # started from a set-up position
                self._history = [s.board]
        return self._history

    def why_not(self, square: int) -> str | None:
        """Why a click on ``square`` would be refused, or None if it is a legal move."""
        s, w = self.state, self.words
        if s is None:
            return w("why-loading")
        if self.seat is None:
            return w("why-watching")
        if s.status == "waiting":
            return w("why-waiting")
        if s.status == "over":
            return w("why-over")
        if s.to_move != self.seat:
            if self.is_bot(s.to_move):
                return w("why-bot-thinking")
            return w("why-not-your-turn", who=self.label(s.to_move))
        if square in s.legal:
            return None
        if not 0 <= square < len(s.board):
            return w("why-off-board", square=str(square))
        name = w(f"{s.game}-square", square=self.info.name_square(square, s.size))
        if s.board[square] != ".":
            return w("why-taken", square=name)
        legal = ", ".join(self.move_name(m) for m in s.legal)
        return w("why-illegal", square=name, why=w(f"{s.game}-illegal-why"), legal=legal)

    def read_move(self, text: str) -> int:
        """A typed move, '4' or 'd3', as a square the server will take.

        ValueError with a sentence for the person otherwise: not a move of this game
        (what one looks like, in the catalogue's words: the game's own reading says it
        in English only), taken, flips nothing, not your turn.
        """
        s = self.state
        if s is None:
            raise ValueError(self.words("why-loading"))
        try:
            square = self.info.read_move(text, s.size)
        except ValueError:
            raise ValueError(self.words("why-not-a-move", text=text.strip(),
                                        help=self.words(f"{s.game}-move-help"))) from None
        if square == PASS:
            raise ValueError(self.words("why-no-pass"))
        why = self.why_not(square)
        if why is not None:
            raise ValueError(why)
        return square

    # ---- takebacks, hints and the review -----------------------------------------

    def mover(self, index: int) -> int:
        """The seat that played ``moves[index]`` (moves alternate strictly, passes included)."""
        s = self.state
        assert s is not None
        return (s.to_move + len(s.moves) - index) % 2

    @property
    def can_take_back(self) -> bool:
        """Whether a takeback may be asked now: we play, the game runs, we have a move in
        the record, no offer waits for its answer, and no bot is thinking (the server
        refuses a takeback on the bot's time)."""
        s = self.state
        if s is None or self.seat is None or s.status != "playing" or s.takeback is not None:
            return False
        if self.is_bot(s.to_move):
            return False
        return any(m != "pass" and self.mover(i) == self.seat for i, m in enumerate(s.moves))

    @property
    def offer_to_answer(self) -> bool:
        """The opponent asks to take back and we are the one to answer."""
        s = self.state
        return (s is not None and s.takeback is not None and self.seat is not None
                and s.takeback.seat != self.seat)

    def takeback_text(self) -> str | None:
        """The pending takeback offer in words, or None when there is none."""
        s = self.state
        if s is None or s.takeback is None:
            return None
        asker, w = s.takeback.seat, self.words
        if asker == self.seat:
            return w("takeback-asked", who=self.label(1 - asker))
        back = len(s.moves) - s.takeback.ply
        if self.seat is None:
            return w("takeback-watching", who=self.label(asker), count=back)
        return w("takeback-offer", who=self.label(asker), reply="yes" if back > 1 else "no")

    @property
    def reviewable(self) -> bool:
        """Whether the engine's review is worth offering: the game is over with a move in
        its record (a match called off before anyone moved has nothing to review)."""
        s = self.state
        return s is not None and s.status == "over" and bool(s.moves)

    @property
    def may_hint(self) -> bool:
        """Whether this match allows a hint for us right now (our turn, hints on)."""
        s = self.state
        return s is not None and s.hints and self.my_turn

    def score_words(self, score: int) -> str:
        """An engine score for the side to move: '+4', '0', '-2' discs; tic-tac-toe's
        1/0/-1 as 'win', 'draw', 'loss'."""
        if not self.info.scored:
            key = {1: "score-win", 0: "score-draw", -1: "score-loss"}.get(score)
            return str(score) if key is None else self.words(key)
        return f"{score:+d}" if score else "0"

    def margin_words(self, seat: int, score: int) -> str:
        """An engine score as whose it is: 'Black +4', 'White 0' (the disc margin at the
        end for ``seat``, Othello); tic-tac-toe's 'win', 'draw', 'loss' as they are (the
        sentence names whose)."""
        if not self.info.scored:
            return self.score_words(score)
        return self.words("margin", side=self.side(seat), score=self.score_words(score))

    def reviewed(self, ply: int) -> PlyReview | None:
        """The engine's verdict on the move played at ``ply`` (None: not analysed, a pass)."""
        if self.review is None:
            return None
        return next((r for r in self.review.plies if r.ply == ply), None)

    def review_text(self, ply: int) -> str | None:
        """The engine's word on the move played at ``ply``: 'Move 12, Black d3: 4 discs
        worse than c4 (Black +2).', with the server's verdict when it calls the move a
        mistake ('...: a mistake (?).'), or '... as good as the best (Black +2).'."""
        r, w = self.reviewed(ply), self.words
        if r is None:
            return None
        head = w("review-head", number=ply + 1, side=self.side(r.seat),
                 move=self.move_name(r.played))
        best = self.margin_words(r.seat, r.score)
        if r.loss <= 0:
            return w("review-best", head=head, best=best)
        if not self.info.scored:  # win, draw or loss with perfect play
            return w("review-outcome", head=head, played=self.score_words(r.score - r.loss),
                     bestmove=self.move_name(r.best), best=best, mistake=r.mistake)
        return w("review-discs", head=head, loss=r.loss, bestmove=self.move_name(r.best),
                 best=best, mistake=r.mistake)
