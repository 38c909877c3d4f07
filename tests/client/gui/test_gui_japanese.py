"""The window in Japanese (issue 24): every character the catalogue has is drawn with a
glyph, not the font's missing-glyph shape (the shipped font where the system's lacks
one); the start screen, a game in progress, a result and a review fit 480x640 and
1280x800 with nothing cut or off the window; a whole game against the bot is played
with no English word on screen except names and codes. Screenshots in tests/output/."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import msgspec
import pygame
import pytest

from client.common import settings
from client.common.launch import Where
from client.common.options import Plan
from client.common.words import use_language, words
from client.gui import play, theme
from client.gui.app import App
from client.gui.widgets import in_two
from server.shell.app import GameServer
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
)
from shared.words import source
from tests.client.client_support import (
    Driver,
    screenshot,
    seat,
    settle,
    show,
    state_after,
    told_every_feature,
    welcome,
)
from tests.client.gui.japanese_window import (  # noqa: F401 (fonts: a fixture)
    KEYS,
    Drawn,
    english,
    fonts,
    missing,
    watch,
)

SIZES = [(480, 640), (1280, 800)]
OPENING = [parse_square(s, 8) for s in ("f5", "d6", "c3", "d3", "c4")]


@pytest.fixture
def japanese() -> Iterator[None]:
    """The window speaks Japanese for the test (English again after it)."""
    use_language("ja")
    yield
    use_language("en")


def assert_fits(app: App, drawn: Drawn, asked: list[str]) -> None:
    """Every line drawn has its glyphs, lies inside the window, and is whole."""
    window = app.surface.get_rect()
    for text, px, bold, rect in drawn:
        assert not missing(text, px, bold), (text, missing(text, px, bold))
        assert window.contains(rect), (text, rect, window)
    cut = [t for t, *_ in drawn if t.endswith("…") and t not in asked]
    assert not cut, cut


@pytest.mark.parametrize("bold", [False, True])
@pytest.mark.parametrize("px", [theme.MIN_FONT, 18, 40])
@pytest.mark.usefixtures("fonts")  # the system's fonts, and a machine without them
def test_every_character_of_the_catalogue_has_a_glyph(px: int, bold: bool) -> None:
    text = "".join(sorted({c for lang in ("en", "ja") for c in source(lang)
                           if c.isprintable() and not c.isspace()}))
    for c in text:  # each alone, in the font a line of it alone is drawn in
        assert not missing(c, px, bold), c
    assert theme.font(px, bold, "黒") is not theme.font(px, bold, "Black")


def ink_height(f: pygame.font.Font, c: str) -> int:
    """How tall ``c`` is drawn in ``f``, from its lowest to its highest ink, in pixels."""
    (metrics,) = f.metrics(c)
    assert metrics is not None, c
    return metrics[3] - metrics[2]


@pytest.mark.parametrize("px", [theme.MIN_FONT, 18, 40])
@pytest.mark.usefixtures("fonts")
def test_a_japanese_line_reads_as_big_as_an_english_one(px: int) -> None:
    """"White: さくら" is drawn whole in the Japanese font; matched to the system's by line
    height, its letters were a fifth smaller than "Black: You" beside it (the Japanese
    font's lines have more room above and below). Now its capitals are as tall as the
    system's, and its kana and kanji taller than them, as Japanese type sets them."""
    latin, japanese = theme.font(px, text="Black"), theme.font(px, text="白")
    assert japanese is not latin
    assert abs(ink_height(japanese, "H") - ink_height(latin, "H")) <= max(1, px // 20)
    for c in "白さ":
        assert ink_height(japanese, c) > ink_height(latin, "H"), c


def test_a_long_name_breaks_in_two_after_a_word() -> None:
    """A name too long for a player's row goes on two lines, broken where a word ends
    (after "・" in Japanese, a space in English), else where the first line is full."""
    pygame.font.init()
    bot = "コンピューター・強さ3"
    width = theme.text_size(bot, 20)[0]
    assert in_two(bot, 20, width) == [bot]
    assert in_two(bot, 20, width - 10) == ["コンピューター・", "強さ3"]
    english = "The computer (level 3)"
    assert in_two(english, 20, theme.text_size(english, 20)[0] - 10) == [
        "The computer (level", "3)"]
    privacy = "一覧に出さない（友だちはコードで入る）"
    assert in_two(privacy, 20, theme.text_size(privacy, 20)[0] - 10) == [
        "一覧に出さない", "（友だちはコードで入る）"]
    assert in_two("山田花子山田花子", 20, theme.text_size("山田花子山", 20)[0]) == [
        "山田花子山", "田花子"]


def test_a_japanese_name_in_the_english_window_reads(app: App,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    people = [PlayerInfo(0, "Taro", "human", True, "p_me"),
              PlayerInfo(1, "山田花子", "human", True, "p_2")]
    drawn, asked = watch(monkeypatch)
    show(told_every_feature(app), Joined("K7QX", 0, "player"),
         state_after("othello", 8, OPENING[:2], players=people),
         ChatLine("K7QX", 1, 0.0, 1, "p_2", "山田花子", "よろしくお願いします"))
    screenshot(app.surface, "english_window_japanese_name")
    lines = [t for t, *_ in drawn]
    assert "White: 山田花子" in lines and any("よろしくお願いします" in t for t in lines)
    assert_fits(app, drawn, asked)


def resize(app: App, size: tuple[int, int]) -> None:
    app.surface = pygame.display.set_mode(size, pygame.RESIZABLE)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_start_screen_in_japanese(app: App, size: tuple[int, int], japanese: None,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    resize(told_every_feature(app), size)
    app.startup.where = Where("ws://127.0.0.1:8765", "this computer",
                              share="ws://192.0.2.7:8765")
    hana = PlayerInfo(0, "花子", "human", True, "p_hana")
    app.known.lobby = [MatchSummary("AB3D", "othello", 8, "waiting", [hana], 0),
                       MatchSummary("QW9E", "tictactoe", 3, "playing",
                                    [hana, PlayerInfo(1, "minimax", "bot", True, None, 3)], 2)]
    drawn, asked = watch(monkeypatch)
    for vs in ("bot", "human"):
        app.lobby.set_vs(vs)
        drawn.clear()
        app.step([])
        screenshot(app.surface, f"ja_start_{vs}_{size[0]}x{size[1]}")
        assert_fits(app, drawn, asked)
        lines = [t for t, *_ in drawn]
        assert words()("lobby-play") in lines and "日本語" in lines
        names = {"Taro", "Test", "server", "this", "computer"}  # as given above
        assert english(lines, KEYS | names | {"English", "taikyoku", "LAN"}) == []


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_game_a_result_and_a_review_in_japanese(app: App, size: tuple[int, int],
                                                  japanese: None,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    resize(told_every_feature(app), size)
    drawn, asked = watch(monkeypatch)
    name = f"{size[0]}x{size[1]}"
    app.startup.where = Where("ws://127.0.0.1:8765", "this computer",
                              share="ws://192.0.2.7:8765")
    waiting = msgspec.structs.replace(
        state_after("othello", 8, [], players=[PlayerInfo(0, "Taro", "human", True, "p_me")]),
        status="waiting", unlisted=True)
    show(app, Joined("K7QX", 0, "player"), waiting)
    screenshot(app.surface, f"ja_waiting_{name}")
    assert_fits(app, drawn, asked)
    drawn.clear()
    playing = msgspec.structs.replace(
        state_after("othello", 8, OPENING[:4]), hints=True,
        clock=ClockState(300, 3, remaining=[287.5, 291.0], running=0))
    show(app, Joined("K7QX", 0, "player"), playing,
         ChatLine("K7QX", 1, 0.0, 0, "p_me", "Taro", "よろしく"),
         Analysis("K7QX", 4, [ScoredMove(m, 4 - 3 * i, i == 0, 6)
                              for i, m in enumerate(playing.legal)]))
    screenshot(app.surface, f"ja_game_{name}")
    assert_fits(app, drawn, asked)
    over = state_after("othello", 8, OPENING,
                       result=Result(winner=1, reason="resign", score=[4, 5]))
    drawn.clear()
    show(app, over)
    screenshot(app.surface, f"ja_result_{name}")
    assert_fits(app, drawn, asked)
    lines = [t for t, *_ in drawn]
    assert "コンピューターの勝ちです。" in lines
    plies = [PlyReview(k, seat(k % 2), move, move, 0, 0, False, 8, 0)
             for k, move in enumerate(OPENING[:4])]
    plies.append(PlyReview(4, 0, OPENING[4], parse_square("e3", 8), 6, 20, True, 8, 2))
    drawn.clear()
    show(app, Review("K7QX", plies))
    app.game.step(None, 5)
    app.step([])
    screenshot(app.surface, f"ja_review_{name}")
    assert_fits(app, drawn, asked)
    lines = [t for t, *_ in drawn]
    assert any(t.startswith("悪手：") for t in lines)
    assert english(lines, KEYS | {"Taro"}) == []


@pytest.mark.parametrize("game, key", [("tictactoe", pygame.K_1), ("othello", pygame.K_2)])
async def test_a_whole_game_against_the_bot_in_japanese(
        game_server: GameServer, game: str, key: int, japanese: None, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """From the start screen (the game's key, Enter) to the result, clicking the first
    legal square each turn; then back to the start screen."""
    app = App(Plan(name="Taro", server=game_server.url, level=1), size=(1280, 800),
              settings_file=tmp_path / "settings.json")
    drawn, asked = watch(monkeypatch)
    driver = Driver()
    seen: dict[str, object] = {}

    def script(app: App) -> bool:
        driver.check_time()
        if not app.booted:
            return False
        if "started" not in seen:
            seen["started"] = True
            for k in (key, pygame.K_RETURN):
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0))
            return False
        view = driver.board_shown(app)
        if view is None:
            return "code" in seen and app.known.view is None
        s = view.state
        assert s is not None
        seen["code"] = s.match
        if s.status == "over" and "over" not in seen:
            seen["over"] = view.result_text()
            settle(app)  # the last piece fully drawn, not mid-animation
            app.step([])
            screenshot(app.surface, f"ja_whole_game_{game}")
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
        elif view.my_turn and driver.clicked_ply != s.ply:
            driver.clicked_ply = s.ply
            driver.click_square(app, s.legal[0])
        return False

    await app.run(script)
    assert seen["over"] in ("あなたの勝ちです！", "コンピューターの勝ちです。", "引き分けです。")
    lines = [t for t, *_ in drawn]
    allowed = KEYS | {"Taro", "taikyoku", "LAN", "English", "test", "server", str(seen["code"])}
    assert not [t for t in lines if english([t], allowed)]
    pygame.font.init()  # the window closed it
    for text, px, bold in {(text, px, bold) for text, px, bold, _ in drawn}:
        assert not missing(text, px, bold), text


def test_the_language_switch_speaks_at_once_and_is_remembered(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """日本語 on the start screen: the next frame is Japanese, the match already known
    too, and the settings file says so; L goes back to English."""
    app = App(Plan(name="Taro"), size=(1024, 720), settings_file=tmp_path / "settings.json")
    try:
        app.known.welcome = welcome()
        app.known.handle(Joined("UN1A", 0, "player"))
        app.known.handle(state_after("othello", 6, [], code="UN1A"))
        app.known.current = None
        drawn, _ = watch(monkeypatch)
        app.step([])
        assert "Play" in [t for t, *_ in drawn]
        switch = next(rect for rect, action in app.ui.hits
                      if getattr(action, "args", None) == ("ja",))
        drawn.clear()
        app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=switch.center)])
        app.step([])
        lines = [t for t, *_ in drawn]
        assert "対局開始" in lines and "Play" not in lines
        assert app.known.views["UN1A"].turn_text() == "あなたの番です（黒）"
        assert settings.load(tmp_path / "settings.json").lang == "ja"
        app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_l, mod=0)])
        assert words().lang == "en"
        assert settings.load(tmp_path / "settings.json").lang == "en"
    finally:
        use_language("en")
        app.close_window()


@pytest.mark.parametrize("argv, remembered, spoken", [
    ([], "ja", "ja"), (["--lang", "en"], "ja", "en"), (["--lang", "ja"], None, "ja")])
def test_taikyoku_play_speaks_the_remembered_language_unless_told(
        argv: list[str], remembered: str | None, spoken: str, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "settings.json"
    settings.save(settings.Settings(lang=remembered), path)
    monkeypatch.setattr(settings, "settings_path", lambda: path)
    monkeypatch.setenv("LANG", "C")
    heard: list[str] = []

    async def run(self: App, script: object = None) -> int:
        heard.append(words().lang)
        self.close_window()
        return 0

    monkeypatch.setattr(App, "run", run)
    try:
        assert play.main(argv) == 0
    finally:
        use_language("en")
    assert heard == [spoken]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_failed_start_and_a_lost_link_in_japanese(app: App, size: tuple[int, int],
                                                     japanese: None,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    resize(app, size)
    drawn, asked = watch(monkeypatch)
    name = f"{size[0]}x{size[1]}"
    app.known.welcome, app.boot_failed = None, True
    app.status = words()("window-start-failed", why=words()("link-broke"))
    app.step([])
    screenshot(app.surface, f"ja_start_failed_{name}")
    assert_fits(app, drawn, asked)
    assert words()("window-try-again") in [t for t, *_ in drawn]
    app.known.welcome = welcome()
    show(app, Joined("K7QX", 0, "player"), state_after("othello", 8, OPENING[:4]))
    app.known.link_up = False
    app.known.link_message = words()("link-retry", first="no", reason=words()("link-broke"),
                                     seconds=4)
    drawn.clear()
    app.step([])
    screenshot(app.surface, f"ja_link_lost_{name}")
    assert_fits(app, drawn, asked)
    lines = [t for t, *_ in drawn]
    assert words()("window-offline") in "".join(lines)  # a paragraph, maybe on two lines
    assert english(lines, KEYS | {"Taro"}) == []
