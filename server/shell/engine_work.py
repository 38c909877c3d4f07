"""The shell's side of hints and reviews: the engine runs in the bot pool, never on the
event loop, and its answer goes to the connection that asked; so does an
``engine_failed`` error when the job fails or runs out of time, so no client waits on
an answer that will never come.

A review is one pool job per finished match, whoever asks and however often: its
answer is kept in ``match.review`` (the room then answers at once), and a second
request while it runs waits for the same job.
"""

from __future__ import annotations

import asyncio
import logging

from server.room.addresses import address_key
from server.room.effects import Appraise, RunReview
from server.room.match import Match
from server.room.room import Room
from server.shell import analysis
from server.shell.bot_pool import BotRunner
from server.shell.session import Session
from shared.protocol import Analysis, Error, PlyReview, Review, ServerMessage

log = logging.getLogger("taikyoku.server")

SLACK_SECONDS = 10.0
"""Time allowed beyond the engine's own before a job is given up (a busy machine)."""


class EngineWork:
    """Hint and review jobs in flight, and the reviews being worked out per match."""

    def __init__(self, room: Room, bots: BotRunner) -> None:
        self.room = room
        self.bots = bots
        cap = room.config.bot_seconds  # a server that caps its bots caps its engine too
        self.hint_seconds = analysis.HINT_SECONDS if cap is None else min(
            analysis.HINT_SECONDS, cap)
        self.review_seconds = analysis.REVIEW_SECONDS if cap is None else min(
            analysis.REVIEW_SECONDS, cap)
        self._jobs: set[asyncio.Task[None]] = set()
        self._reviews: dict[str, asyncio.Task[list[PlyReview]]] = {}

    def start(self, effect: Appraise | RunReview) -> None:
        job = asyncio.create_task(self._answer(effect), name=f"engine {type(effect).__name__}")
        self._jobs.add(job)
        job.add_done_callback(self._jobs.discard)

    async def _answer(self, effect: Appraise | RunReview) -> None:
        message: ServerMessage | None = None
        owner = address_key(effect.peer.address)  # engine jobs take turns by address
        try:
            if isinstance(effect, Appraise):
                state = effect.state
                moves = await self.bots.work(
                    analysis.hint, state.game, state.size, state.board, state.to_move,
                    self.hint_seconds, deadline=self.hint_seconds + SLACK_SECONDS,
                    owner=owner, match=effect.code)
                if self._still_at(effect):
                    message = Analysis(match=effect.code, ply=effect.ply, moves=moves)
            else:
                plies = await asyncio.shield(self._review(effect.match, owner))
                message = Review(match=effect.match.code, plies=plies)
        except Exception:  # the engine failing must not stop the server
            log.exception("the engine failed on a %s", type(effect).__name__)
            message = self._failed(effect)
        finally:
            self.room.engine_done(effect.peer)
        if message is not None and isinstance(effect.peer, Session):
            effect.peer.write(message)  # dropped if it has gone meanwhile

    def _failed(self, effect: Appraise | RunReview) -> Error | None:
        """The ``engine_failed`` answer to a job that failed or ran out of time, so the
        client stops waiting; none for a hint whose position has gone (as its answer)."""
        if isinstance(effect, Appraise):
            if not self._still_at(effect):
                return None
            ref, code, what = "hint", effect.code, "a hint"
        else:
            ref, code, what = "analyse", effect.match.code, "the review"
        return Error(code="engine_failed", ref=ref, match=code,
                     message=f"the engine could not work out {what} (it failed or ran out "
                             "of time); you may ask again", id=effect.request_id)

    def _still_at(self, hint: Appraise) -> bool:
        """Whether the match is still at the position of ``hint``: the same ply after as
        line (an answer about a line taken back and played again to the
        same ply would be shown on another board)."""
        match = self.room.matches.get(hint.code)
        return (match is not None and match.ply == hint.ply
                and match.epoch == hint.epoch)

    def _review(self, match: Match, owner: str) -> asyncio.Task[list[PlyReview]]:
        """The job reviewing ``match``, started on its first request (counted for the
        address ``owner`` of that request)."""
        job = self._reviews.get(match.code)
        if job is None:
            job = asyncio.create_task(self._run_review(match, owner),
                                      name=f"review {match.code}")
            self._reviews[match.code] = job
            job.add_done_callback(lambda _: self._reviews.pop(match.code, None))
        return job

    async def _run_review(self, match: Match, owner: str) -> list[PlyReview]:
        start, moves = match.start, list(match.moves)
        plies = await self.bots.work(
            analysis.review, start.game, start.size, start.board, start.to_move, moves,
            self.review_seconds,
            deadline=len(moves) * self.review_seconds * 2 + SLACK_SECONDS,
            owner=owner, match=match.code)
        match.review = plies
        return plies

    async def close(self) -> None:
        jobs = [*self._jobs, *self._reviews.values()]
        for job in jobs:
            job.cancel()
        await asyncio.gather(*jobs, return_exceptions=True)
