"""The terminal's questions before a match: which game against whom (with a clock, and
hints and privacy between people, when the server offers them), a match to join or
watch, or one of several unfinished games to go on with.
"""

from __future__ import annotations

import asyncio
from typing import Literal

from client.common.connection import LinkStatus
from client.common.launch import Where
from client.common.match_view import clock_words, lobby_line
from client.common.options import Plan, Seat, Vs, match_code, read_clock
from client.tui.console import Console, InputEnded
from shared.ai.levels import DEFAULT_LEVEL, LEVELS, level_words
from shared.games import DEFAULT_GAME, catalogue
from shared.protocol import Clock, Error, Lobby

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
        self.say(f"\nYou have {len(codes)} unfinished game{'s' if len(codes) != 1 else ''}:")
        for i, code in enumerate(codes, start=1):
            what, now = self.known.views[code].resume_lines()
            self.say(f"  {i}  {code}  {what}: {now}")
        options = {str(i): code for i, code in enumerate(codes, start=1)} | {"l": ""}
        chosen = await self.choose("Go on with which one? (a number, or l for the lobby)",
                                   options, "1")
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
                self.say("! The request was lost with the connection: please choose again.")
                return False
            if isinstance(msg, Error):
                return False
            if isinstance(msg, LinkStatus) and msg.up:
                back_at = loop.time()
        return True

    async def lobby(self) -> LobbyOutcome:
        """The start questions: 'sent' the chosen request, 'back' to them (nothing was
        chosen, or an unfinished game was), or 'quit'."""
        games = catalogue()
        menu = ", ".join(f"{i} {info.label(size)}" for i, (info, size) in enumerate(games, 1))
        options = {str(i): str(i) for i in range(1, len(games) + 1)}
        default = next(str(i) for i, (info, size) in enumerate(games, 1)
                       if info.name == DEFAULT_GAME and size == info.default_size)
        unfinished = self.known.unfinished()
        more = f"u your unfinished games ({len(unfinished)}), " if unfinished else ""
        options |= {"u": "u"} if unfinished else {}
        choice = await self.choose(
            f"\nPlay: {menu}; {more}j join a match, w watch one, q quit",
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
        vs = await self.choose("Opponent: b the bot, p a person on the LAN", vs_options, "b")
        if vs is None:
            return "quit"
        plan.vs = vs
        if vs == "bot":
            self.say("\n".join(f"  {level_words(n)}" for n in LEVELS))
            level = await self.choose(f"Bot level ({min(LEVELS)}-{max(LEVELS)})",
                                      {str(n): n for n in LEVELS},
                                      str(DEFAULT_LEVEL))
            if level is None:
                return "quit"
            plan.level = level
        other = "the bot" if vs == "bot" else "your friend"
        seats: dict[str, Seat] = {"f": "first", "s": "second", "r": "random"}
        seat = await self.choose(f"Who moves first: f you, s {other}, r random", seats, "f")
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
            questions.append(("hints", "Allow hints (the engine's scores) for both of you?"))
        if self.known.has("private"):
            questions += [("unlisted", "Unlisted (friends join by the code, it is not in "
                                       "the lobby's list)?"),
                          ("spectator_chat", "Spectators may chat?")]
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
            answer = await self.ask("Clock: minutes each + seconds added per move, like 5+3, "
                                    "or Enter for none: ")
            if isinstance(answer, InputEnded):
                return answer
            try:
                clock = read_clock(answer)
            except ValueError as err:
                self.say(f"{err}.")
                continue
            if clock is not None:
                self.say(f"A {clock_words(clock)} clock.")
            return clock

    async def pick_match(self, *, watch: bool) -> str | None:
        """List the matches one can join (or watch); the code typed or picked by number.
        None to go back, also when the server refused the list (take() said why)."""
        await self.conn.list_matches()
        while not isinstance(reply := await self.next_event(want_line=False), Lobby):
            if isinstance(reply, Error):
                return None
        matches = [m for m in self.known.lobby if (m.status != "waiting") == watch]
        if matches:
            self.say("Matches to watch:" if watch else "Open matches:")
            for i, m in enumerate(matches, start=1):
                self.say(f"  {i}  {lobby_line(m)}")
        else:
            self.say("No matches to watch right now." if watch else
                     "No open matches right now; you can still type a code.")
        while True:
            answer = await self.ask("Match code or number (Enter to go back): ")
            if isinstance(answer, InputEnded):
                return None
            text = answer.strip().upper()
            if not text:
                return None
            if text.isdigit():
                if 1 <= int(text) <= len(matches):
                    return matches[int(text) - 1].match
                self.say(f"{text} is not a number from the list (1 to {len(matches)}).")
            else:
                try:
                    return match_code(answer)
                except ValueError as err:
                    self.say(f"{err}.")
