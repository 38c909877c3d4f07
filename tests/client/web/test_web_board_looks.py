"""Every look the vocabulary can say (shared/games/look.py) is drawn by the page's
board.js: each ground with each piece and each kind of label, given to the page as a
game's look in its /catalogue.json (tic-tac-toe's entry, its look replaced). The frame
is the ground's, the pieces are the look's, the labels are of its kind and read on
that ground (WCAG's contrast, as the page's legibility tests measure it), and the star
point and the winning line are where the look puts them."""

from __future__ import annotations

import json
from itertools import product
from typing import Any

import pytest
from playwright.sync_api import Page, Route

from server.shell.page import CATALOGUE_PATH, catalogue
from shared.games.look import Look
from tests.client.web.web_looks import low_contrast
from tests.client.web.web_support import OpenPage, ThreadedServer, screenshot

GAME = "tictactoe"  # the entry whose look is replaced: its words are in the catalogue
BOARD = "XO." ".X." "O.X"  # X holds the diagonal
GROUND_FRAME = {"paper": "rect.paper", "felt": "rect.felt-frame"}
PIECE = {"marks": (".mark.x", ".mark.o"), "discs": (".disc.black", ".disc.white")}
DRAW = """() => import("/board.js").then(({ renderBoard }) => {
    const box = document.createElement("div");
    box.id = "look";
    box.style.cssText = "width: 420px; padding: 10px; background: var(--bg, #fff)";
    box.append(renderBoard({ game: "%s", size: 3, board: "%s", legal: [2, 5, 7],
      last: null, flipped: new Set(), placed: null, animate: false, playable: false,
      onSquare: () => {} }));
    document.body.replaceChildren(box);
})""" % (GAME, BOARD)


def serve_with_look(page: Page, look: Look) -> None:
    """The page gets the server's catalogue with the game's look replaced by ``look``
    (and its squares named as coordinates name them, 'a1' to 'c3', for that kind)."""
    data: dict[str, Any] = catalogue()
    for entry in data["games"]:
        if entry["name"] == GAME:
            entry["look"] = look.data()
            if look.labels == "coordinates":
                entry["boards"]["3"]["squares"] = [f"{col}{row}" for row in "123"
                                                   for col in "abc"]

    def fulfil(route: Route) -> None:
        route.fulfill(status=200, content_type="application/json", body=json.dumps(data))

    page.route(f"**{CATALOGUE_PATH}", fulfil)


@pytest.mark.parametrize(("ground", "piece", "labels"),
                         list(product(GROUND_FRAME, PIECE, ("slots", "coordinates"))))
def test_every_look_is_drawn(web_server: ThreadedServer, open_page: OpenPage, ground: str,
                             piece: str, labels: str) -> None:
    look = Look(ground, piece, labels, stars={3: ((1, 2),)},  # type: ignore[arg-type]
                lines={3: ((0, 4, 8),)})
    page = open_page("desktop")
    serve_with_look(page, look)
    page.goto(web_server.http_url)
    page.evaluate(DRAW)
    board = page.locator("#look svg.board")
    screenshot(page, f"web_look_{ground}_{piece}_{labels}")
    assert board.locator(GROUND_FRAME[ground]).count() == 1
    x, o = PIECE[piece]
    assert (board.locator(x).count(), board.locator(o).count()) == (3, 2)
    coordinates = board.locator("text.coord")
    slots = board.locator("text.label")
    if labels == "coordinates":
        assert (coordinates.count(), slots.count()) == (6, 0)
        assert coordinates.all_text_contents() == ["a", "1", "b", "2", "c", "3"]
    else:
        assert (coordinates.count(), slots.count()) == (0, 4)
        assert slots.all_text_contents() == ["2", "3", "5", "7"]  # the free slots
    assert board.locator(".star").count() == 1 and board.locator(".win-line").count() == 1
    assert low_contrast(page) == []
