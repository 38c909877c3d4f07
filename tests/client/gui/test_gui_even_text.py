"""Japanese beside English in the window, read side by side at 640x480 and 1280x800: a
line drawn in the Japanese font sat lower than its Latin neighbours ("24. パス" under
"23. c2" in the move list), and in a row of choices a long Japanese label was drawn
smaller than the rest ("コンピューター" beside "あなた"). Screenshots in tests/output/."""

from __future__ import annotations

import msgspec
import pygame
import pytest

from client.common.options import Vs
from client.common.phrases import inside_phrase
from client.common.words import use_language, words
from client.gui import theme
from client.gui.app import App
from client.gui.move_list import review_heading
from client.gui.widgets import in_two, wrap
from shared.games.othello import parse_square
from shared.protocol import Joined, PlyReview, Result, Review
from tests.client.client_support import screenshot, seat, show, state_after, told_every_feature
from tests.client.gui.japanese_window import fonts, watch  # noqa: F401 (fonts: a fixture)

SIZES = [(640, 480), (1280, 800)]


def baseline(text: str, px: int, anchor: str) -> int:
    """The row under the lowest ink of the 'H' that starts ``text``, drawn by the window
    at ``anchor`` (60, 40) on black: where its line's baseline is."""
    surface = pygame.Surface((400, 120))
    rect = theme.draw_text(surface, text, px, (255, 255, 255), False, **{anchor: (60, 40)})
    h_wide = theme.font(px, text=text).size("H")[0]
    inked = [y for y in range(surface.get_height()) for x in range(rect.left, rect.left + h_wide)
             if surface.get_at((x, y)).r > 128]
    return max(inked) + 1


@pytest.mark.parametrize("anchor", ["topleft", "midleft", "center"])
@pytest.mark.parametrize("px", [13, 20, 32])
@pytest.mark.usefixtures("fonts")
def test_a_japanese_line_sits_on_the_baseline_of_an_english_one(px: int, anchor: str) -> None:
    """Placed by the same anchor, "H" in the system's font and "Hパス" (drawn whole in the
    Japanese font) stand on one baseline: the Japanese font keeps more room above its
    letters, and a line of it placed by its own box sat px/6 lower (3 px at 13)."""
    assert theme.font(px, text="Hパス") is not theme.font(px, text="H")
    assert abs(baseline("Hパス", px, anchor) - baseline("H", px, anchor)) <= 1


def label_sizes(drawn: list[tuple[str, int, bool, pygame.Rect]], labels: list[str]) -> set[int]:
    """The sizes ``labels`` were drawn at (each must have been drawn)."""
    sizes = {text: px for text, px, _, _ in drawn if text in labels}
    assert set(sizes) == set(labels), (labels, sizes)
    return set(sizes.values())


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("vs", ["bot", "human"])
def test_each_row_of_choices_reads_in_one_size(app: App, size: tuple[int, int], lang: str,
                                               vs: Vs, monkeypatch: pytest.MonkeyPatch) -> None:
    """On the start screen every row of buttons draws its labels at one size, none cut:
    who moves first read "コンピューター" smaller than "あなた" and "くじ引き" beside it."""
    use_language(lang)
    try:
        told_every_feature(app).surface = pygame.display.set_mode(size, pygame.RESIZABLE)
        app.lobby.set_vs(vs)
        drawn, _ = watch(monkeypatch)
        app.step([])
        screenshot(app.surface, f"even_start_{size[0]}x{size[1]}_{lang}_{vs}")
        w = words()
        rows = [[w("lobby-first-you"), w("lobby-first-other", vs=vs), w("lobby-first-random")],
                [w("lobby-opponent-bot"), w("window-opponent-person")]]
        rows.append([w("window-hints-no"), w("window-hints-yes")] if vs == "human" else
                    [w("window-level-button", level=k, title=w(f"level-{k}-title"))
                     for k in range(1, 6)])
        for labels in rows:
            assert len(label_sizes(drawn, labels)) == 1, labels
        assert not [t for t, *_ in drawn if t.endswith("…")]
    finally:
        use_language("en")


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_match_buttons_read_in_one_size(app: App, size: tuple[int, int], lang: str,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """Take back, Hint and Sound under the board draw their labels at one size."""
    use_language(lang)
    try:
        told_every_feature(app).surface = pygame.display.set_mode(size, pygame.RESIZABLE)
        opening = [parse_square(s, 8) for s in ("f5", "d6", "c3", "d3")]
        show(app, Joined("K7QX", 0, "player"),
             msgspec.structs.replace(state_after("othello", 8, opening), hints=True))
        drawn, _ = watch(monkeypatch)
        app.step([])
        screenshot(app.surface, f"even_match_{size[0]}x{size[1]}_{lang}")
        w = words()
        labels = [w("button-takeback"), w("button-hint"), w("button-sound-on")]
        assert len(label_sizes(drawn, labels)) == 1, labels
    finally:
        use_language("en")


@pytest.mark.usefixtures("fonts")
def test_japanese_lines_break_between_phrases() -> None:
    """The chat's empty line at 640x480 read "…あいさつしてみましょ" / "う！": a line of
    Japanese ends between phrases (a word and the kana after it), at any width a phrase
    fits in, and still between characters where one does not ("山田花子山" / "田花子")."""
    use_language("ja")
    try:
        lines = [words()("chat-empty", open="yes"), words()("hint-note-discs", side="黒",
                                                             exact="no")]
    finally:
        use_language("en")
    for text in lines:
        for width in range(170, 600, 9):
            rows = wrap(text, 13, width)
            assert "".join(rows).replace(" ", "") == text.replace(" ", "")
            for before, after in zip(rows, rows[1:]):
                assert not inside_phrase(before[-1], after[0]), (width, rows)
    assert in_two("山田花子山田花子", 20, theme.text_size("山田花子山", 20)[0]) == [
        "山田花子山", "田花子"]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_reviews_count_of_mistakes_reads_whole_in_a_narrow_window(
        app: App, lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """At 480x640 the move list's heading after a review read "悪手：黒 7（うち大悪手
    4）、白 6（うち大悪…", White's count cut: the heading goes on a second line, the
    moves under it."""
    use_language(lang)
    try:
        told_every_feature(app).surface = pygame.display.set_mode((480, 640), pygame.RESIZABLE)
        moves = [parse_square(s, 8) for s in ("f5", "d6", "c3", "d3", "c4", "f4", "c5")]
        over = state_after("othello", 8, moves, result=Result(winner=1, reason="resign",
                                                              score=[3, 1]))
        plies = [PlyReview(k, seat(k % 2), m, m, 6, 20, False, 8, 2) for k, m in enumerate(moves)]
        show(app, Joined("K7QX", 0, "player"), over, Review("K7QX", plies))
        drawn, _ = watch(monkeypatch)
        app.step([])
        screenshot(app.surface, f"even_review_heading_480x640_{lang}")
        heading = review_heading(app.game.view).replace(" ", "")
        lines = [t for t, *_ in drawn if len(t) > 2 and t.replace(" ", "") in heading]
        assert "".join(lines).replace(" ", "") == heading, lines
        assert not [t for t, *_ in drawn if t.endswith("…")]
        first_move = next(rect for t, _, _, rect in drawn if t.startswith("1. f5"))
        last_line = max(rect.bottom for t, _, _, rect in drawn if t in lines)
        assert first_move.top >= last_line  # the moves under the heading, not over it
    finally:
        use_language("en")


@pytest.mark.usefixtures("fonts")
def test_a_count_keeps_its_counter_in_the_window() -> None:
    """A match in the start screen's list read "…持ち時間 5" / "分 +3秒": a number and
    its counter ("5分") stay on one line."""
    text = "8×8：山田 花子さんのとても長い名前、持ち時間 5分 +3秒"
    for width in range(80, 300, 3):
        rows = wrap(text, 11, width)
        assert not any(row.startswith(("分", "秒")) for row in rows[1:]), (width, rows)
