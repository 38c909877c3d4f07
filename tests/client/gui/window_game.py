"""A program, not a test module: the window (SDL's dummy drivers, which
tests/client/client_support.py sets in the environment it inherits) plays one game
against the server's bot to its end, clicking the first legal square on each of its
turns, saves the finished board as a screenshot, and prints what it drew as JSON.

    python -m tests.client.gui.window_game ws://127.0.0.1:PORT GAME SIZE SHOT

It runs in a process of its own so that the games it knows are the ones its
environment names (``TAIKYOKU_GAMES``), as in a person's window, not the test's.
"""

from __future__ import annotations

import asyncio
import json
import sys
from typing import Any

import pygame

from client.common.match_view import MatchView
from client.common.options import Plan
from client.gui import theme
from client.gui.app import App
from client.gui.board import GROUNDS, Layout
from shared.games import get_game
from shared.protocol import MatchState
from tests.client.client_support import Driver, screenshot, settle


def piece_inks(piece: str, ground: str) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
    """The colour only seat 0's piece and only seat 1's piece have, by the look's piece
    (marks in the ground's inks)."""
    return GROUNDS[ground].inks if piece == "marks" else (theme.BLACK_DISC, theme.WHITE_DISC)


def drawn(surface: pygame.Surface, lay: Layout, piece: str, ground: str) -> dict[str, Any]:
    """What the window shows of the board, read from its pixels: the piece in each square
    ('X', 'O' or '.'), the frame's colour, whether the winning stroke's colour is on the
    board, whether any label's colour is in the frame's band."""
    inks = piece_inks(piece, ground)
    squares = []
    for square in range(lay.n * lay.n):
        r = lay.square_rect(square)
        colours = {tuple(surface.get_at((x, y)))[:3] for x in range(r.left, r.right, 2)
                   for y in range(r.top, r.bottom, 2)}
        squares.append("X" if inks[0] in colours else "O" if inks[1] in colours else ".")
    band = [tuple(surface.get_at((x, lay.grid.top - lay.band // 2)))[:3]
            for x in range(lay.grid.left, lay.grid.right)]
    board = {tuple(surface.get_at((x, y)))[:3] for x in range(lay.grid.left, lay.grid.right, 2)
             for y in range(lay.grid.top, lay.grid.bottom, 2)}
    corner = surface.get_at((lay.grid.left - lay.band // 2, lay.grid.top - lay.band // 2))
    return {"squares": "".join(squares), "frame": list(corner)[:3],
            "struck": GROUNDS[ground].strike in board,
            "band_text": GROUNDS[ground].coordinate_text in band}


async def play(server: str, game: str, size: int, shot: str) -> dict[str, Any]:
    """Play the game to its end; what the window showed then."""
    app = App(Plan(name="Taro", server=server, game=game, size=size, level=1), size=(900, 640))
    look = get_game(game).look
    driver = Driver()
    report: dict[str, Any] = {}

    def script(app: App, view: MatchView, s: MatchState) -> bool:
        if s.status == "over":
            settle(app)  # the last piece fully drawn, not mid-animation
            app.step([])
            lay = app.game.layout
            assert lay is not None
            screenshot(app.surface, shot)
            report.update(drawn(app.surface, lay, look.piece, look.ground), board=s.board,
                          moves=s.moves, result=view.result_text(), seat=view.seat,
                          reason=s.result.reason if s.result else None,
                          winner=s.result.winner if s.result else None)
            return True
        if view.my_turn and driver.clicked_ply != s.ply:
            driver.clicked_ply = s.ply
            driver.click_square(app, s.legal[0])
        return False

    await app.run(driver.on_board(script))
    app.close_window()
    return report


if __name__ == "__main__":
    url, name, size_text, shot_name = sys.argv[1:]
    print(json.dumps(asyncio.run(play(url, name, int(size_text), shot_name))))
