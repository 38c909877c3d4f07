"""What a player tripped over in the window (issue 26), each drawn from hand-made states
(no server) and saved in tests/output/: hints and refusals that outlived their position,
a review that judged moves itself, the record lost at 480x640, the start screen and its
legend cut short, Resign not marked, jagged discs, a missing sound device, the bot's
level cut from its row beside a clock."""

from __future__ import annotations

import json
import os
from functools import partial
from typing import Any

import msgspec
import pygame
import pytest

from client.common.connection import _decode
from client.common.launch import Where
from client.common.match_view import clock_words, game_label
from client.common.options import Vs
from client.common.words import use_language, words
from client.gui import sound, theme
from client.gui.animation import BoardAnimation
from client.gui.app import App
from client.gui.board import Layout, draw_board
from client.gui.lobby_screen import CLOCKS, SHORTCUTS
from client.gui.move_list import move_label
from shared.ai.levels import LEVELS
from shared.games import catalogue, get_game, new_game
from shared.games.othello import parse_square
from shared.protocol import (
    Analysis,
    ChatLine,
    ClockState,
    Joined,
    MatchSummary,
    PlayerInfo,
    PlyReview,
    Result,
    Review,
    ScoredMove,
    SeatNumber,
)
from tests.client.client_support import (
    screenshot,
    show,
    state_after,
    told_every_feature,
)

OPENING = [parse_square(s, 8) for s in ("f5", "d6", "c3", "d3", "c4")]
PEOPLE = [PlayerInfo(0, "Taro", "human", True, "p_me"),
          PlayerInfo(1, "Hana", "human", True, "p_hana")]


@pytest.fixture
def app(app: App) -> App:
    return told_every_feature(app)




def key(app: App, k: int, text: str = "") -> None:
    app.step([pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=text)])


def painted(app: App, colour: tuple[int, int, int]) -> int:
    mask = pygame.mask.from_threshold(app.surface, colour, (1, 1, 1, 255))
    return int(mask.count())


def texts(app: App, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every line the next frame draws (filled in by the frame)."""
    seen: list[str] = []
    real = theme.draw_text

    def watch(surface: pygame.Surface, text: str, *a: object, **k: object) -> pygame.Rect:
        seen.append(text)
        return real(surface, text, *a, **k)  # type: ignore[arg-type]

    monkeypatch.setattr(theme, "draw_text", watch)
    return seen


def hinted(app: App) -> None:
    """Our turn in an Othello game with hints, the engine's scores on the board."""
    s = msgspec.structs.replace(state_after("othello", 8, OPENING[:4]), hints=True)
    show(app, Joined("K7QX", 0, "player"), s,
         Analysis("K7QX", 4, [ScoredMove(m, 4 - 3 * i, i == 0, 6)
                              for i, m in enumerate(s.legal)]))


def test_hints_and_a_refusal_go_when_the_game_ends(app: App) -> None:
    hinted(app)
    lay = app.game.layout
    assert lay is not None
    app.game.click_square(parse_square("d4", 8))  # taken: a refusal under the turn
    app.step([])
    assert app.known.notice == "d4 is already taken."
    assert painted(app, theme.HINT_PLATE) > 0
    assert any(note.startswith("Hint:") for note, _ in app.game.notes())
    screenshot(app.surface, "rough_hint_before_resigning")
    resigned = state_after("othello", 8, OPENING[:4],
                           result=Result(winner=1, reason="resign", score=[2, 2]))
    show(app, resigned)  # the same position, now over
    screenshot(app.surface, "rough_resigned_after_a_hint")
    assert painted(app, theme.HINT_PLATE) == 0
    assert not any(note.startswith("Hint:") for note, _ in app.game.notes())
    assert app.known.notice == ""


def test_the_hint_line_says_whose_margin_the_numbers_are(app: App) -> None:
    hinted(app)
    assert ("Hint: after each move, the disc margin you (Black) can expect at the end (+4: "
            "Black ahead by 4); framed: the best; underlined: solved exactly.",
            theme.HINT_BEST_TEXT) in app.game.notes()


def test_a_refusal_goes_with_the_next_move(app: App) -> None:
    show(app, Joined("K7QX", 1, "player"), state_after("othello", 8, OPENING[:3], me=1))
    app.game.click_square(parse_square("f5", 8))
    assert app.known.notice == "f5 is already taken."
    show(app, state_after("othello", 8, OPENING[:4], me=1))  # the opponent moved
    assert app.known.notice == ""


def test_the_review_marks_the_servers_mistakes_only(app: App,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    over = state_after("othello", 8, OPENING, result=Result(winner=1, reason="resign",
                                                           score=[3, 1]))
    show(app, Joined("K7QX", 0, "player"), over)
    c4 = OPENING[4]
    plies = [PlyReview(0, 0, OPENING[0], OPENING[0], 0, 0, False, 8, 0),
             PlyReview(1, 1, OPENING[1], OPENING[1], 0, 0, False, 8, 0),
             PlyReview(2, 0, OPENING[2], OPENING[3], 2, 1, False, 8, 0),  # noise: 1 disc
             PlyReview(3, 1, OPENING[3], OPENING[2], 5, 9, False, 8, 1),
             PlyReview(4, 0, c4, parse_square("e3", 8), 6, 20, True, 8, 2)]
    show(app, Review("K7QX", plies))
    view = app.game.view
    names = view.move_names()
    assert [move_label(view, k, n) for k, n in enumerate(names)] == [
        ("1. f5", False), ("2. d6", False), ("3. c3", False), ("4. d3 ?", True),
        ("5. c4 ??", True)]
    drawn = texts(app, monkeypatch)
    app.game.step(None, 3)  # after c3, one disc worse than an estimate: no mistake
    app.step([])
    assert "Mistakes: Black 1 (1 big), White 1." in drawn
    assert painted(app, theme.HINT_BEST) == 0  # no engine's choice shown against it
    app.game.step(None, 5)
    app.step([])
    screenshot(app.surface, "rough_review_big_mistake")
    assert painted(app, theme.HINT_BEST) > 0  # c4's better move, framed


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_start_up_line_stands_under_the_title(app: App, lang: str) -> None:
    """While the window looks for or starts a server (a first run prepares the engine for
    minutes on a slow machine), its one line is centred under the centred title, as a
    failure's lines are (it began at the left of a box of 70 % of the width)."""
    use_language(lang)
    app.known.welcome = None
    app.status = words()("start-preparing")
    app.step([])
    screenshot(app.surface, f"rough_start_up_{lang}")
    w, h = app.surface.get_size()
    band = app.surface.subsurface(pygame.Rect(0, int(h * 0.42), w, int(h * 0.1)))
    drawn = pygame.mask.from_threshold(band, theme.MUTED, (40, 40, 40, 255)).get_bounding_rects()
    left, right = min(r.left for r in drawn), max(r.right for r in drawn)
    assert abs((left + right) / 2 - w / 2) <= 2, (left, right, w)


def whole_game() -> list[int]:
    """A finished 8x8 game (each side plays its first legal move; passes included): long
    enough that its record fills more columns than the window's list shows at once."""
    st, moves = new_game("othello", 8), []
    while not st.is_over:
        moves.append(st.legal_moves()[0])
        st = st.play(moves[-1])
    return moves


@pytest.mark.parametrize("size", [(480, 640), (1024, 720), (1280, 800)])
def test_the_record_shows_the_latest_move_and_the_one_looked_at(
        app: App, size: tuple[int, int]) -> None:
    """The list of a long game scrolls by whole columns; the move on the board is among
    the entries drawn: the latest one of the live game at each of its last 20 moves (the
    list once stopped a column short of it: at 1024x720 moves 25-56 of 63 were drawn),
    the first after Home."""
    app.surface = pygame.display.set_mode(size, pygame.RESIZABLE)
    moves = whole_game()

    def entries() -> list[int]:
        """The move numbers drawn as entries, each a click to show the board after it."""
        return [action.args[-1] for _, action in app.ui.hits
                if isinstance(action, partial) and action.func == app.game.step
                and len(action.args) == 2 and action.args[-1]]  # not |< (0) nor >| (None)

    show(app, Joined("K7QX", 0, "player"))
    for played in range(len(moves) - 20, len(moves) + 1):
        show(app, state_after("othello", 8, moves[:played]))
        drawn = entries()
        assert played in drawn, (played, drawn)
    assert 0 < len(drawn) < len(moves)  # the whole game's list scrolls
    screenshot(app.surface, f"rough_record_end_{size[0]}x{size[1]}")
    key(app, pygame.K_HOME)
    assert app.game.looking == 0
    key(app, pygame.K_RIGHT)
    assert 1 in entries()


@pytest.mark.parametrize("seat", [0, None])
def test_the_smallest_window_keeps_the_record_its_buttons_and_the_chat(
        app: App, seat: SeatNumber | None) -> None:
    app.surface = pygame.display.set_mode((480, 640), pygame.RESIZABLE)
    s = msgspec.structs.replace(state_after("othello", 8, OPENING, players=PEOPLE), hints=True)
    show(app, Joined("K7QX", seat, "player" if seat is not None else "spectator"), s,
         ChatLine("K7QX", 1, 0.0, None, "p_ken", "Ken", "nice opening"))
    screenshot(app.surface, f"rough_480x640_{'player' if seat == 0 else 'spectator'}")
    window = app.surface.get_rect()
    steps = [rect for rect, action in app.ui.hits
             if getattr(action, "func", None) == app.game.step]
    assert len(steps) == 4 + len(OPENING)  # |< < > >| and a click on each move
    assert all(window.contains(r) for r in steps)
    assert painted(app, theme.CHAT_BOX) > 0
    first = min(steps, key=lambda r: (r.top, r.left))
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=first.center)])
    assert app.game.looking is not None  # a click steps through the record


def test_the_small_start_screen_shows_every_list_and_the_whole_legend(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    app.surface = pygame.display.set_mode((480, 640), pygame.RESIZABLE)
    app.startup.where = Where("ws://127.0.0.1:8765", "this computer",
                              share="ws://192.0.2.7:8765")
    hana = PlayerInfo(0, "Hana", "human", True, "p_hana")
    app.known.lobby = [MatchSummary("AB3D", "othello", 8, "waiting", [hana], 0),
                       MatchSummary("QW9E", "othello", 8, "playing", PEOPLE, 2)]
    drawn = texts(app, monkeypatch)
    app.step([])
    screenshot(app.surface, "rough_start_480x640")
    assert "Matches to watch" in drawn
    legend = " ".join(drawn)
    assert all(words()(f"window-key-{key}", count=4) in legend
               for key in SHORTCUTS)  # not cut to "W spe…"
    assert not any(t.endswith("…") for t in drawn)
    labels = {getattr(a, "func", None) for _, a in app.ui.hits}
    assert app.lobby.join in labels  # Join and Watch are there to click
    assert app.lobby.qr_rect is not None  # room enough for the browser's QR code too
    for code in ("UN1A", "UN2B"):  # two games to resume: the QR code gives way to them
        app.known.handle(Joined(code, 0, "player"))
        app.known.handle(state_after("othello", 6, [], code=code))
    app.known.current = None
    drawn.clear()
    app.step([])
    screenshot(app.surface, "rough_start_480x640_unfinished")
    assert "Matches to watch" in drawn and app.lobby.qr_rect is None
    assert "Friends can open http://192.0.2.7:8765 in a browser." in drawn
    app.known.handle(Joined("UN3C", 0, "player"))  # more than fit: say so, and scroll
    app.known.handle(state_after("othello", 6, [], code="UN3C"))
    app.known.current = None
    drawn.clear()
    app.step([])
    assert any(t.startswith("More below") for t in drawn)
    for _ in range(10):
        app.step([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False)])
    drawn.clear()
    app.step([])
    assert "Matches to watch" in drawn and any(t.startswith("More above") for t in drawn)


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", [(480, 640), (1024, 720), (1280, 800)],
                         ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_game_buttons_stand_apart_and_read_in_every_language(
        app: App, lang: str, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    """The game row's longer Japanese labels do not squeeze its buttons together: at
    least 8 px and 0.7 of the layout unit between each two, as in English; and its
    labels are drawn as large as the level buttons' (nearly), not shrunk to fit."""
    px: dict[str, int] = {}
    real = theme.draw_text

    def watch(surface: pygame.Surface, text: str, size: int, *a: Any, **k: Any) -> pygame.Rect:
        px[text] = size
        return real(surface, text, size, *a, **k)

    monkeypatch.setattr(theme, "draw_text", watch)
    use_language(lang)
    try:
        app.surface = pygame.display.set_mode(size, pygame.RESIZABLE)
        app.step([])
        screenshot(app.surface, f"start_game_row_{lang}_{size[0]}x{size[1]}")
        games = [px[game_label(info.name, n)] for info, n in catalogue()]
        levels = [px[words()("window-level-button", level=level,
                             title=words()(f"level-{level}-title"))] for level in LEVELS]
    finally:
        use_language("en")
    assert min(games) >= 0.9 * max(levels), (games, levels)
    cells = sorted((rect for rect, action in app.ui.hits
                    if getattr(action, "func", None) == app.lobby.pick_game),
                   key=lambda rect: rect.left)
    assert len(cells) == 4  # Tic-tac-toe, Othello 4x4, 6x6, 8x8
    gaps = [right.left - left.right for left, right in zip(cells, cells[1:])]
    assert min(gaps) >= max(8, 0.7 * theme.unit(size)), gaps
    assert len({cell.centery for cell in cells}) == 1  # one row


@pytest.mark.parametrize("moves", [[], OPENING[:2]], ids=["no move", "two moves"])
def test_review_is_offered_only_for_a_game_with_moves(app: App, moves: list[int],
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """A match called off before anyone moved has nothing for the engine to review."""
    drawn = texts(app, monkeypatch)
    show(app, Joined("K7QX", 0, "player"),
         state_after("othello", 8, moves, players=PEOPLE, result=Result(None, "abandon", [2, 2])))
    screenshot(app.surface, f"review_offer_called_off_{len(moves)}_moves")
    offered = words()("button-analyse") in drawn
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a")])
    assert offered == bool(moves) == app.game.view.review_asked


def test_shortcut_letters_are_as_readable_as_their_labels(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    app.surface = pygame.display.set_mode((1280, 800), pygame.RESIZABLE)
    seen: dict[str, tuple[int, tuple[int, int, int]]] = {}
    real = theme.draw_text

    def watch(surface: pygame.Surface, text: str, px: int, colour: tuple[int, int, int],
              *a: object, **k: object) -> pygame.Rect:
        seen[text] = (px, colour)
        return real(surface, text, px, colour, *a, **k)  # type: ignore[arg-type]

    monkeypatch.setattr(theme, "draw_text", watch)
    app.step([])
    play_px, play_colour = seen["Play"]
    enter_px, enter_colour = seen["Enter"]
    assert enter_colour == play_colour  # on the selected (blue) button too
    assert enter_px >= max(theme.MIN_FONT + 2, play_px * 0.7)


def test_resign_is_marked_and_asks_once(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    resigned: list[bool] = []
    monkeypatch.setattr(app, "resign", lambda: resigned.append(True))
    show(app, Joined("K7QX", 0, "player"), state_after("othello", 8, OPENING[:4]))
    assert painted(app, theme.DANGER) > 0  # the one red button
    key(app, pygame.K_r, "r")
    assert resigned == []
    drawn = texts(app, monkeypatch)
    app.step([])
    screenshot(app.surface, "rough_resign_confirm")
    assert "Sure? Click to resign" in drawn
    key(app, pygame.K_r, "r")
    assert resigned == [True]


def test_discs_have_smooth_edges(app: App) -> None:
    """Pixels on a disc's rim blend it into the felt, instead of a staircase of the two
    colours alone."""
    surface = pygame.Surface((160, 160))
    lay = Layout.fit(surface.get_rect(), 4, coordinates=False)
    board = "X" + "." * 14 + "O"
    draw_board(get_game("othello").look, surface, lay, board,
               BoardAnimation.still(board).looks(0.0), legal=[], last=None,
               flipped=frozenset(), hover=None)
    plain = {theme.FELT, theme.FELT_DARK, theme.DISC_SHADOW, theme.BLACK_DISC,
             theme.BLACK_EDGE, theme.WHITE_DISC, theme.WHITE_EDGE}
    for square in (0, 15):
        r = lay.square_rect(square)
        colours = {tuple(surface.get_at((x, y)))[:3] for x in range(r.left, r.right)
                   for y in range(r.top, r.bottom)}
        assert len(colours - plain) >= 8  # blends along the rim


@pytest.mark.parametrize("lang, line", [
    ("en", "taikyoku: No sound on this computer (ALSA: Couldn't open audio device: No such "
           "file or directory)."),
    ("ja", "taikyoku: このコンピューターでは音が出せません（ALSA: Couldn't open audio device: "
           "No such file or directory）。")])
def test_a_missing_sound_device_is_said_once(lang: str, line: str,
                                             capfd: pytest.CaptureFixture[str],
                                             caplog: pytest.LogCaptureFixture,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """The audio library writes its own lines straight to the process's stderr (ALSA: eight
    of them); the window says why there is no sound once, in the window's language (the
    terminal it was started from shows that line too), and its button says so."""
    use_language(lang)
    def no_device() -> None:
        for n in range(8):
            os.write(2, f"ALSA lib pcm.c:{n}: cannot find card '0'\n".encode())
        raise pygame.error("ALSA: Couldn't open audio device: No such file or directory")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    sounds = sound.Sounds()
    assert "ALSA lib" not in capfd.readouterr().err
    said = [r.getMessage() for r in caplog.records if "ALSA" in r.getMessage()]
    assert said == [line]
    assert not sounds.available


def test_the_sound_button_says_there_is_none(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    app.sounds.silent_because = "ALSA: Couldn't open audio device"
    show(app, Joined("K7QX", 0, "player"), state_after("othello", 8, OPENING[:4]))
    drawn = texts(app, monkeypatch)
    app.step([])
    assert "No sound" in drawn and "Sound on" not in drawn
    muted = app.muted
    key(app, pygame.K_m, "m")
    assert app.muted == muted  # nothing to turn on or off: it says why instead
    assert app.known.notice == "No sound on this computer (ALSA: Couldn't open audio device)."


def test_a_mixer_that_starts_keeps_what_it_said(capfd: pytest.CaptureFixture[str],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    def starts() -> None:
        os.write(2, b"a warning worth reading\n")

    monkeypatch.setattr(pygame.mixer, "init", starts)
    sound.start_mixer()
    assert capfd.readouterr().err == "a warning worth reading\n"


def test_a_spectators_chat_is_marked_and_server_strings_drawn_clean(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """Frames come in through the connection's decoder (the clients' one sanitiser): a
    name or a line carrying escape sequences or bidi controls is drawn inert, and a
    spectator's line says '(watching)' even under a player's name."""
    s = state_after("othello", 8, OPENING, players=PEOPLE)
    raw = json.dumps({"type": "chat", "match": "K7QX", "seq": 1, "time": 0.0, "seat": None,
                      "player": "p_ken", "name": "Hana\x1b[2J\u202e",
                      "text": "gg\x1b]0;pwned\x07 \u200bwell played\r\nok"})
    show(app, Joined("K7QX", None, "spectator"), s, _decode(raw))
    drawn = texts(app, monkeypatch)
    app.step([])
    screenshot(app.surface, "rough_spectator_chat")
    said = " ".join(drawn)
    assert "Hana (watching):" in drawn
    assert "gg well played  ok" in said
    assert not any(ch in said for ch in "\x1b\x07\u202e\u200b\r\n")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_players_row_beside_a_clock_keeps_the_whole_name(
        app: App, lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The window's own size (1024x720), against the bot with a clock: "White: The bot
    (leve…" hid the level; where side and name do not both fit, the name stays whole
    (on two lines where one cannot hold it: Japanese letters as big as the Latin ones)
    and the disc beside it tells the side."""
    use_language(lang)
    try:
        s = msgspec.structs.replace(state_after("othello", 8, OPENING),
                                    clock=ClockState(60.0, 0.0, [54.2, 59.1], 1))
        show(app, Joined("K7QX", 0, "player"), s)
        drawn = texts(app, monkeypatch)
        app.step([])
        screenshot(app.surface, f"rough_bot_row_with_clock_{lang}")
        bot = words()("page-seat-bot", level=3)
        assert any("".join(drawn[k:k + 2]).endswith(bot) for k in range(len(drawn))), drawn
        assert not any(t.endswith("…") for t in drawn), drawn
    finally:
        use_language("en")


@pytest.mark.parametrize(("size", "lang", "vs"), [
    ((640, 480), "en", "bot"), ((640, 480), "en", "human"), ((640, 480), "ja", "bot"),
    ((800, 600), "en", "bot"), ((800, 600), "en", "human"), ((800, 600), "ja", "bot"),
    ((640, 480), "ja", "human"), ((800, 600), "ja", "human"), ((1024, 720), "en", "bot"),
    ((1024, 720), "ja", "human")])
def test_the_new_game_form_beside_the_matches_keeps_every_label_whole(
        app: App, size: tuple[int, int], lang: str, vs: Vs,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A window wider than tall puts the form beside the matches; at 55 % of 640x480 the
    games read "Othello…" three times, and at 800x600 the clocks "3 min +…": the form
    now takes the room its labels need (up to 70 %). At 640x480 in Japanese the privacy
    choice read "一覧に出さない（友だちはコードで入…": a tick box's label goes on two lines
    where one cannot hold it."""
    use_language(lang)
    try:
        app.surface = pygame.display.set_mode(size, pygame.RESIZABLE)
        app.lobby.choice.vs = vs
        app.startup.where = Where("ws://127.0.0.1:8765", "this computer",
                                  share="ws://192.0.2.7:8765")
        drawn = texts(app, monkeypatch)
        app.step([])
        screenshot(app.surface, f"rough_start_{size[0]}x{size[1]}_{lang}_{vs}")
        assert not [t for t in drawn if t.endswith("…")]
        assert {clock_words(c) for c in CLOCKS if c is not None} <= set(drawn)
    finally:
        use_language("en")


@pytest.mark.parametrize("size", [(640, 480), (800, 600)])
@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("against", ["bot", "people"])
def test_a_small_windows_panel_beside_the_board_keeps_every_label_whole(
        app: App, size: tuple[int, int], lang: str, against: str,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """At 640x480 the board took 62 % of the width and the panel's buttons read "Take…",
    "Soun…", "Back to lob…" (their text no smaller than theme.MIN_FONT): the board gives
    way to a panel of PANEL_BESIDE_BOARD pixels."""
    use_language(lang)
    try:
        app.surface = pygame.display.set_mode(size, pygame.RESIZABLE)
        away = [PEOPLE[0], msgspec.structs.replace(PEOPLE[1], name="山田 花子", connected=False)]
        s = msgspec.structs.replace(
            state_after("othello", 8, OPENING, players=None if against == "bot" else away),
            hints=True, clock=ClockState(180.0, 2.0, [171.3, 12.6], 1))
        show(app, Joined("K7QX", 0, "player"), s,
             ChatLine("K7QX", 1, 0.0, 1, "p_hana", "Hana", "good luck, have fun!"))
        drawn = texts(app, monkeypatch)
        app.step([])
        screenshot(app.surface, f"rough_game_{size[0]}x{size[1]}_{lang}_{against}")
        assert not [t for t in drawn if t.endswith("…")]
        assert words()("button-takeback") in drawn
    finally:
        use_language("en")
