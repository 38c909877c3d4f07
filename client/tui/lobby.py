"""The terminal's questions before a match: which game against whom (with a clock, and
hints and privacy between people, when the server offers them), a match to join or
watch, or one of several unfinished games to go on with.
"""

from __future__ import annotations

import asyncio
from typing import Literal

from client.common.connection import LinkStatus
from client.common.launch import Where
from client.common.match_view import clock_words, game_label, player_words
from client.common.options import Plan, Seat, Vs, match_code, read_clock
from client.tui.command_words import typed
from client.tui.console import Console, InputEnded
from shared.ai.levels import DEFAULT_LEVEL, LEVELS
from shared.games import DEFAULT_GAME, catalogue
from shared.protocol import Clock, Error, Lobby, MatchSummary

LobbyOutcome = Literal["sent", "back", "quit"]
BetweenPeople = Literal["hints", "unlisted", "spectator_chat"]
"""The yes/no choices of a match against a person: fields of :class:`Plan`."""
RESUME_WAIT = 2.0
"""Seconds after a reconnect to wait for the server to give back a match we asked for."""


class LobbyQuestions(Console):
    """The questions of the terminal's lobby, asked through the console."""

    plan: Plan
    where: Where

    async def choose_unfinished(self) -> bool:
        """Several unfinished games: the person picks one, or the lobby. False when the
        input ended (quit, every seat kept)."""
        codes = self.known.unfinished()
        self.say("\n" + self.words("tui-unfinished", count=len(codes)))
        rows = []
        for i, code in enumerate(codes, start=1):
            what, now = self.known.views[code].resume_lines()
            rows.append([str(i), code, self.words("tui-unfinished-row", what=what, now=now)])
        self.print_table(rows)
        options = {str(i): code for i, code in enumerate(codes, start=1)} | {"l": ""}
        chosen = await self.choose(self.words("tui-ask-unfinished"), options, "1")
        if chosen is None:
            return False
        self.known.current = chosen or None
        return True

    async def wait_joined(self) -> bool:
        """After create/join/watch: True once in the match; False when refused, or when
        the link came back without the match (the request was lost with the link, or
        never sent again: the server gives back every match it made for us at once)."""
        loop = asyncio.get_running_loop()
        back_at: float | None = None
        while self.known.view is None:
            wait = None if back_at is None else back_at + RESUME_WAIT - loop.time()
            msg = await self.next_event(want_line=False, timeout=wait)
            if msg is None:
                self.say("! " + self.words("tui-request-lost"))
                return False
            if isinstance(msg, Error):
                return False
            if isinstance(msg, LinkStatus) and msg.up:
                back_at = loop.time()
        return True

    async def lobby(self) -> LobbyOutcome:
        """The start questions: 'sent' the chosen request, 'back' to them (nothing was
        chosen, or an unfinished game was), or 'quit'."""
        w = self.words
        games = catalogue()
        menu = w("words-comma").join(f"{i} {game_label(info.name, size, w)}"
                                   for i, (info, size) in enumerate(games, 1))
        options = {str(i): str(i) for i in range(1, len(games) + 1)}
        default = next(str(i) for i, (info, size) in enumerate(games, 1)
                       if info.name == DEFAULT_GAME and size == info.default_size)
        unfinished = self.known.unfinished()
        options |= {"u": "u"} if unfinished else {}
        choice = await self.choose(
            "\n" + w("tui-lobby-play", games=menu, unfinished=len(unfinished)),
            options | {"j": "j", "w": "w", "q": "q"}, default)
        if choice in (None, "q"):
            return "quit"
        if choice == "u":
            return "back" if await self.choose_unfinished() else "quit"
        if choice in ("j", "w"):
            code = await self.pick_match(watch=choice == "w")
            if code is None:
                return "back"
            await (self.conn.watch(code) if choice == "w" else self.conn.join(code))
            return "sent"
        assert choice is not None
        info, size = games[int(choice) - 1]
        plan = Plan(name=self.plan.name, game=info.name, size=size)
        vs_options: dict[str, Vs] = {"b": "bot", "p": "human"}
        vs = await self.choose(w("tui-ask-opponent"), vs_options, "b")
        if vs is None:
            return "quit"
        plan.vs = vs
        if vs == "bot":
            self.print_table([[str(n), w(f"level-{n}-title"), w(f"level-{n}-feel")]
                              for n in LEVELS])
            level = await self.choose(w("tui-ask-level", low=min(LEVELS), high=max(LEVELS)),
                                      {str(n): n for n in LEVELS},
                                      str(DEFAULT_LEVEL))
            if level is None:
                return "quit"
            plan.level = level
        seats: dict[str, Seat] = {"f": "first", "s": "second", "r": "random"}
        seat = await self.choose(w("tui-ask-first", vs=vs), seats, "f")
        if seat is None:
            return "quit"
        plan.seat = seat
        if self.known.has("clock"):
            answer = await self.ask_clock()
            if isinstance(answer, InputEnded):
                return "quit"
            plan.clock = answer
        if vs == "human" and not await self.ask_between_people(plan):
            return "quit"
        await self.conn.create(**plan.create_args())
        return "sent"

    async def ask_between_people(self, plan: Plan) -> bool:
        """The choices of a match against a person that the server offers: hints, and
        privacy; the flags' answers are the defaults. False when the input ended."""
        questions: list[tuple[BetweenPeople, str]] = []
        if self.known.has("hint"):
            questions.append(("hints", self.words("tui-ask-hints")))
        if self.known.has("private"):
            questions += [("unlisted", self.words("tui-ask-unlisted")),
                          ("spectator_chat", self.words("tui-ask-spectator-chat"))]
        for choice, question in questions:
            default = "y" if getattr(self.plan, choice) else "n"
            answer = await self.choose(f"{question} y/n", {"y": True, "n": False}, default)
            if answer is None:
                return False
            setattr(plan, choice, answer)
        return True

    async def ask_clock(self) -> Clock | None | InputEnded:
        """The clock for a new match, asked until the answer reads as one."""
        while True:
            answer = await self.ask(self.words("tui-ask-clock"))
            if isinstance(answer, InputEnded):
                return answer
            try:
                clock = read_clock(typed(answer))  # ５＋３ as 5+3
            except ValueError as err:
                self.say(str(err))
                continue
            if clock is not None:
                self.say(self.words("tui-clock-chosen", clock=clock_words(clock, self.words)))
            return clock

    async def pick_match(self, *, watch: bool) -> str | None:
        """List the matches one can join (or watch); the code typed or picked by number.
        None to go back, also when the server refused the list (take() said why)."""
        await self.conn.list_matches()
        while not isinstance(reply := await self.next_event(want_line=False), Lobby):
            if isinstance(reply, Error):
                return None
        matches = [m for m in self.known.lobby if (m.status != "waiting") == watch]
        kind = "watch" if watch else "open"
        if matches:
            self.say(self.words(f"tui-matches-{kind}"))
            self.print_table([[str(i), *self.match_cells(m)]
                              for i, m in enumerate(matches, start=1)])
        else:
            self.say(self.words(f"tui-no-matches-{kind}"))
        while True:
            answer = await self.ask(self.words("tui-ask-code"))
            if isinstance(answer, InputEnded):
                return None
            text = typed(answer).upper()  # a code or number typed in full width too
            if not text:
                return None
            if text.isdigit():
                if 1 <= int(text) <= len(matches):
                    return matches[int(text) - 1].match
                self.say(self.words("tui-not-in-list", text=text, count=len(matches)))
            else:
                try:
                    return match_code(text)
                except ValueError as err:
                    self.say(str(err))

    def match_cells(self, m: MatchSummary) -> list[str]:
        """One match of a list to join or watch, in columns: its code, game, players,
        and its clock, hints and spectators."""
        w = self.words
        names = [player_words(p, w) for p in sorted(m.players, key=lambda p: p.seat)]
        who = (w("player-nobody") if not names else names[0] if len(names) == 1
               else w("lobby-versus", first=names[0], second=names[1]))
        extras = [w("tui-list-clock", clock=clock_words(m.clock, w))] if m.clock else []
        if m.hints and not any(p.kind == "bot" for p in m.players):
            extras.append(w("tui-list-hints"))
        if m.spectators:
            extras.append(w("tui-list-watching", count=m.spectators))
        return [m.match, game_label(m.game, m.size, w), who, w("words-comma").join(extras)]
