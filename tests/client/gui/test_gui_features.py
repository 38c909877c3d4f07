"""The window's optional features against a real server (docs/protocol.md section 11):
takebacks against the bot and between people, hints on the squares, the engine's review
of a finished game; screenshots in tests/output/ for a person to look at."""

from __future__ import annotations

import time
from pathlib import Path

import pygame

from client.common.options import Plan
from client.gui import theme
from client.gui.app import App
from client.gui.move_list import move_label
from server.shell.app import GameServer
from tests.client.client_support import (
    ENGINE_LIMIT,
    click_at,
    joined_by,
    pixel,
    ply,
    press,
    run_scenario,
    shown,
    still_shot,
)
from tests.conftest import ConnectPeer
from tests.waiting import until


def window(server: GameServer, tmp_path: Path, **plan: object) -> App:
    """A window on ``server`` playing what ``plan`` says, with its own settings file."""
    return App(Plan(name="Taro", server=server.url, **plan),  # type: ignore[arg-type]
               size=(1024, 720), settings_file=tmp_path / "settings.json")


def over(app: App) -> bool:
    view = app.known.view
    return view is not None and view.state is not None and view.state.status == "over"


def click_square(app: App, square: int) -> None:
    assert app.game.layout is not None
    click_at(app.game.layout.square_rect(square).center)


async def test_takeback_against_the_bot(game_server: GameServer, tmp_path: Path) -> None:
    app = window(game_server, tmp_path, game="othello", size=8, level=1)
    played: list[int] = []

    async def scenario() -> None:
        await until(lambda: ply(app) == 0 and app.game.layout is not None, "the board")
        view = shown(app)
        assert not view.can_take_back  # nothing played yet
        first = view.state.legal[0]  # type: ignore[union-attr]
        played.append(first)
        click_square(app, first)
        await until(lambda: ply(app) == 2, "the bot's reply")
        assert shown(app).can_take_back
        now = time.monotonic()
        press(pygame.K_u, "u")
        await until(lambda: ply(app) == 0, "the takeback")
        # the board is the start position at once; the discs only look like they go back
        anim = app.game.anim
        assert anim is not None and anim.after == shown(app).state.board  # type: ignore
        assert anim.start >= now and anim.running(anim.start)
        assert shown(app).state.moves == []  # type: ignore[union-attr]
        click_square(app, first)  # a click right away is played, animation or not
        await until(lambda: ply(app) >= 1, "the move after the takeback")

    await run_scenario(app, scenario)
    assert shown(app).state.moves[0] == played[0]  # type: ignore[union-attr]


async def test_takeback_offers_between_people(game_server: GameServer, tmp_path: Path,
                                              connect: ConnectPeer) -> None:
    app = window(game_server, tmp_path, game="tictactoe", vs="human")
    hana = await connect(game_server, name="Hana")

    async def scenario() -> None:
        code = await joined_by(app, hana)
        await until(lambda: shown(app).state.status == "playing", "Hana")  # type: ignore
        click_square(app, 0)
        await hana.expect("state", match=code, ply=1)
        await hana.send(type="move", match=code, move=4, ply=1)
        await until(lambda: ply(app) == 2, "Hana's move")
        # Hana asks; the window answers No, then Yes
        await hana.send(type="takeback", match=code, ply=2)
        await until(lambda: shown(app).offer_to_answer, "Hana's offer")
        still_shot(app, "takeback_offer")
        assert shown(app).takeback_text() == "Hana asks to take back their last move."
        press(pygame.K_n, "n")
        await hana.expect("takeback_declined", match=code, seat=0)
        await until(lambda: not shown(app).offer_to_answer, "the offer closed")
        assert ply(app) == 2
        await hana.send(type="takeback", match=code, ply=2)
        await until(lambda: shown(app).offer_to_answer, "Hana's second offer")
        press(pygame.K_y, "y")
        await until(lambda: ply(app) == 1, "the accepted takeback")
        assert app.known.notice == "The moves are taken back."
        # the window asks; Hana says no, then moves instead of answering the next one
        await hana.send(type="move", match=code, move=8, ply=1)
        await until(lambda: ply(app) == 2, "Hana's other move")
        press(pygame.K_u, "u")
        await until(lambda: shown(app).state.takeback is not None, "our offer")  # type: ignore
        assert shown(app).takeback_text() == (
            "You asked to take back your last move: waiting for Hana.")
        await hana.expect("state", match=code, takeback={"seat": 0, "ply": 0})
        await hana.send(type="takeback_answer", match=code, accept=False)
        await until(lambda: app.known.notice == "Hana declined the takeback.", "the no")
        click_square(app, 1)
        await until(lambda: ply(app) == 3, "our move")
        press(pygame.K_u, "u")
        await until(lambda: shown(app).state.takeback is not None, "our offer")  # type: ignore
        await hana.send(type="move", match=code, move=2, ply=3)
        await until(lambda: ply(app) == 4, "Hana's move over the offer")
        assert app.known.notice == ("Your takeback offer lapsed: a move was made before "
                                    "the answer.")
        assert shown(app).state.takeback is None  # type: ignore[union-attr]

    await run_scenario(app, scenario)


async def test_hints_on_the_squares(game_server: GameServer, tmp_path: Path) -> None:
    app = window(game_server, tmp_path, game="othello", size=8, level=1)
    seen: dict[str, object] = {}

    async def scenario() -> None:
        await until(lambda: ply(app) == 0 and app.game.layout is not None, "the board")
        click_square(app, shown(app).state.legal[0])  # type: ignore[union-attr]
        await until(lambda: ply(app) >= 2 and shown(app).my_turn, "the bot's reply")
        press(pygame.K_SLASH, "?")
        await until(lambda: bool(shown(app).hints), "the engine's scores", ENGINE_LIMIT)
        view = shown(app)
        s = view.state
        assert s is not None
        assert sorted(h.move for h in view.hints) == s.legal  # one score per legal move
        still_shot(app, "hints_on_the_board")
        lay = app.game.layout
        assert lay is not None
        best = lay.square_rect(view.hints[0].move)
        frame = lay.cell // 32 + max(2, lay.cell // 16) // 2  # inside the best one's frame
        assert pixel(app, (best.left + frame, best.centery)) == theme.HINT_BEST
        seen["hints"] = [(h.move, h.score) for h in view.hints]
        click_square(app, view.hints[-1].move)  # the worst, on purpose
        await until(lambda: ply(app) > s.ply, "our move")
        assert shown(app).hints == []  # the scores were for the position before it
        app.step([])
        x, y = best.midleft
        assert pixel(app, (x + frame, y)) != theme.HINT_BEST

    await run_scenario(app, scenario)
    assert seen["hints"]


async def test_analyse_marks_the_losing_move(game_server: GameServer, tmp_path: Path,
                                             connect: ConnectPeer) -> None:
    """X corner, O the edge beside it loses (the centre was the only draw): the review
    marks O's move and shows the centre as the engine's choice."""
    app = window(game_server, tmp_path, game="tictactoe", vs="human")
    hana = await connect(game_server, name="Hana")

    async def scenario() -> None:
        code = await joined_by(app, hana)
        for k, (mine, hers) in enumerate(((0, 1), (4, 8), (6, 3), (2, None))):
            await until(lambda: ply(app) == 2 * k and shown(app).my_turn, f"our turn {k}")
            click_square(app, mine)
            if hers is not None:
                await hana.expect("state", match=code, ply=2 * k + 1)
                await hana.send(type="move", match=code, move=hers, ply=2 * k + 1)
        await until(lambda: shown(app).state.status == "over", "the end")  # type: ignore
        press(pygame.K_a, "a")
        await until(lambda: shown(app).review is not None, "the engine's review",
                    ENGINE_LIMIT)
        view = shown(app)
        assert view.review is not None
        assert [r.played for r in view.review.plies] == [0, 1, 4, 8, 6, 3, 2]
        mistake = view.reviewed(1)
        assert mistake is not None and (mistake.best, mistake.loss, mistake.mistake) == (4, 1, 2)
        assert move_label(view, 1, "O on 1") == ("2. O on 1 ??", True)
        app.game.step(None, 2)  # the board after O's move
        still_shot(app, "analysed_game")
        assert view.review_text(1) == ("Move 2, O 1: a loss with best play; 4 was a draw: "
                                       "a big mistake (??).")
        lay = app.game.layout
        assert lay is not None
        x, y = lay.square_rect(4).midleft
        frame = lay.cell // 32 + max(2, lay.cell // 16) // 2  # the engine's choice, framed
        assert pixel(app, (x + frame, y)) == theme.HINT_BEST

    await run_scenario(app, scenario)


async def test_analyse_an_othello_game_against_the_bot(game_server: GameServer,
                                                       tmp_path: Path) -> None:
    """A whole 4x4 game, then its review: every played square has its entry, and the
    list marks exactly the moves the server calls mistakes ('?', '??')."""
    app = window(game_server, tmp_path, game="othello", size=4, level=1)

    async def scenario() -> None:
        await until(lambda: ply(app) == 0 and app.game.layout is not None, "the board")
        while True:
            await until(lambda: shown(app).my_turn or over(app), "our turn or the end")
            if over(app):
                break
            at = ply(app)
            click_square(app, shown(app).state.legal[0])  # type: ignore[union-attr]
            await until(lambda: ply(app) > at, "our move")
        press(pygame.K_a, "a")
        await until(lambda: shown(app).review is not None, "the engine's review",
                    ENGINE_LIMIT)
        view = shown(app)
        s, review = view.state, view.review
        assert s is not None and review is not None
        assert [r.played for r in review.plies] == [m for m in s.moves if m != "pass"]
        names = view.move_names()
        for r in review.plies:  # marked by the server's verdict alone
            text, marked = move_label(view, r.ply, names[r.ply])
            assert marked == bool(r.mistake)
            assert text == f"{r.ply + 1}. {names[r.ply]}" + {0: "", 1: " ?", 2: " ??"}[r.mistake]
        worst = max(review.plies, key=lambda r: (r.loss, -r.ply))
        app.game.step(None, worst.ply + 1)
        still_shot(app, "analysed_othello")

    await run_scenario(app, scenario)
