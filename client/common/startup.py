"""The start-up the window and the terminal share: find a server or start one, claim the
player remembered for it, connect, take back the matches the server gives back, and
decide what to show first.

    startup = Startup(plan, say=print)
    opening = await startup.run()   # "resume", "choose", "plan" or "lobby"

A failed step raises (the caller says why and may call ``run`` again: the steps already
done are kept, so a retry does not start a second server). The caller owns the
result until :meth:`Startup.close`.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Literal

from client.common import identity, launch
from client.common.client_state import ClientState
from client.common.connection import ConnectError, Connection
from client.common.options import Plan
from client.common.words import words

Opening = Literal["resume", "choose", "plan", "lobby"]
"""What to show first: the one unfinished match (already current), a choice between
several (``ClientState.unfinished``), what the flags asked for (sent), or the lobby."""


class Startup:
    """The server, the player and the connection of one client run, made in that order.

    ``say`` hears the progress for the person ("Looking for a game server on the LAN...",
    "Preparing the engine (first run only)..."); ``find`` replaces finding or starting
    the server (:func:`launch.find_or_start` with the plan's flags), as tests do.
    """

    def __init__(
        self,
        plan: Plan,
        *,
        find: Callable[[], Awaitable[launch.Where]] | None = None,
        say: Callable[[str], None] = lambda text: None,
    ) -> None:
        self.plan = plan
        self.say = say
        self._find = find
        self.known = ClientState()
        self.where: launch.Where | None = None
        self.me: identity.Identity | None = None
        self.conn: Connection | None = None
        self.unoffered = ""
        """What the flags asked of a new match that the server does not offer, in words."""

    async def run(self) -> Opening:
        """The steps not done yet, then what to show first (a request the flags make is
        sent here)."""
        plan = self.plan
        if self.where is None:
            self.where = await (self._find() if self._find is not None else
                                launch.find_or_start(plan.server, lan=plan.lan, say=self.say))
        if self.me is None:
            self.me = identity.claim(self.where.key, token_file=plan.token_file,
                                     directory=plan.players_dir, new_player=plan.new_player)
        self.say(words()("start-connecting", server=self.where.label))
        await self.connect(plan.name, resume=True)
        return await self.open()

    async def connect(self, name: str, *, resume: bool = False) -> None:
        """Open a connection under ``name``, replacing the open one (a rename).

        The same player either way: the token of the open connection, or the remembered
        one. With ``resume`` the matches the server gives back are taken into ``known``;
        a rename leaves them as they are.
        """
        assert self.where is not None
        old = self.conn
        conn = Connection(self.where.url, name, token=old.token if old is not None else None,
                          token_file=self.me.token_file if self.me is not None else None)
        welcome = await conn.connect()  # the old link stays if this fails
        try:
            await identity.rejoin(conn, self.known if resume else ClientState())
        except ConnectError:
            await conn.close()
            raise
        self.known.welcome = welcome
        self.known.link_up = True
        self.conn = conn
        self.plan.name = name
        if old is not None:
            await old.close()

    async def open(self) -> Opening:
        """Decide what to show first. Unfinished matches come before the flags: a
        restarted client is back in its game, not in a new one."""
        unfinished = self.known.unfinished()
        if len(unfinished) == 1:
            self.known.current = unfinished[0]
            return "resume"
        if unfinished:
            return "choose"
        if self.plan.decided:
            assert self.conn is not None
            self.unoffered = self.not_offered()
            await follow(self.conn, self.plan)
            return "plan"
        return "lobby"

    def not_offered(self) -> str:
        """A sentence on the clock, hints or privacy the plan asks of a new match and this server
        does not offer (an older one plays the match without them), or ''."""
        plan = self.plan
        if plan.join or plan.watch:
            return ""
        asked = (("clock", plan.clock is not None),
                 ("hint", plan.hints and plan.vs == "human"),
                 ("private", plan.unlisted or not plan.spectator_chat))
        w = words()
        missing = [w(f"feature-{feature}") for feature, wanted in asked
                   if wanted and not self.known.has(feature)]
        if not missing:
            return ""
        named = missing[-1]
        for feature in reversed(missing[:-1]):
            named = w("words-or", first=feature, rest=named)
        return w("start-not-offered", missing=named)

    @property
    def note(self) -> str:
        """What the person should hear once started (else ''): why this run is not the
        remembered player, and what the flags asked for that the server does not offer."""
        who = self.me.note if self.me is not None else ""
        if who and self.unoffered:
            return words()("words-sentences", first=who, second=self.unoffered)
        return who or self.unoffered

    async def close(self) -> None:
        """Close the connection, let the next client be this player, stop our server."""
        if self.conn is not None:
            await self.conn.close()
        if self.me is not None:
            self.me.release()
        if self.where is not None:
            await self.where.close()


async def follow(conn: Connection, plan: Plan) -> None:
    """Send what ``plan`` asks for: join, watch, or create a match."""
    if plan.join:
        await conn.join(plan.join)
    elif plan.watch:
        await conn.watch(plan.watch)
    else:
        await conn.create(**plan.create_args())


def start_failure(err: Exception) -> str:
    """Why a client could not start, in one line: the message of an expected failure (no
    server there, a refused token, a port or file problem), with the kind of error too
    for anything else (say, a damaged game database), which has no sentence of its own."""
    if isinstance(err, (ConnectError, identity.IdentityError, OSError)):
        return str(err)
    return f"{type(err).__name__}: {err}"
