"""Cut the window's Japanese font (client/gui/fonts/) from Noto Sans CJK JP.

The window draws a line in the system's font when that font has every character of the
line, else in this one (client/gui/theme.py), so Japanese reads on a machine without CJK
fonts. The subset keeps what the window can be asked to draw: ASCII and Latin-1 (a
name beside Japanese on one line), the kana and Japanese punctuation, every character of
the catalogue of words (shared/words/*.ftl), and the whole of JIS X 0208, computed from
Python's EUC-JP codec: its symbols and kana, the 2,965 common kanji of level 1 and the
3,390 of level 2, where many names' kanji are. The full font has 65,535 glyphs (16 MB);
the subset about 7,400 (1.6 MB).

To make it again (Debian: `apt-get install fonts-noto-cjk`; then `pip install fonttools`):

    python tools/make_window_font.py [/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc]

It writes client/gui/fonts/NotoSansCJKjp-subset.otf and, beside it, OFL.txt: the SIL
Open Font License the font is under, with the font's copyright line.
"""

from __future__ import annotations

import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTCollection, TTFont

ROOT = Path(__file__).resolve().parent.parent
SOURCE = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
FAMILY = "Noto Sans CJK JP"
OUT = ROOT / "client" / "gui" / "fonts"
FONT_FILE = "NotoSansCJKjp-subset.otf"
DEBIAN_COPYRIGHT = Path("/usr/share/doc/fonts-noto-cjk/copyright")
"""Where Debian's fonts-noto-cjk keeps the licence text (as a copyright file paragraph)."""

RANGES = (
    (0x0020, 0x007E),  # ASCII
    (0x00A0, 0x00FF),  # Latin-1
    (0x2010, 0x2027),  # dashes, quotes, the ellipsis
    (0x3000, 0x303F),  # Japanese punctuation: 、。「」・
    (0x3041, 0x309F),  # hiragana
    (0x30A0, 0x30FF),  # katakana
    (0xFF01, 0xFF9F),  # full-width ASCII and half-width katakana
)


def jis_x_0208() -> set[str]:
    """JIS X 0208: symbols, digits, Latin, kana, Greek, Cyrillic and box drawing (rows
    1-8), the level-1 kanji (rows 16-47) and level 2 (48-84); EUC-JP writes row r, cell c
    as the bytes 0xA0+r, 0xA0+c."""
    found = set()
    for row in range(1, 85):
        for cell in range(1, 95):
            try:
                found.add(bytes([0xA0 + row, 0xA0 + cell]).decode("euc_jp"))
            except UnicodeDecodeError:  # an unassigned code point
                continue
    return found


def catalogue_characters() -> set[str]:
    """Every character in the catalogue of words, in every language."""
    return {c for ftl in (ROOT / "shared" / "words").glob("*.ftl")
            for c in ftl.read_text(encoding="utf-8") if c.isprintable()}


def characters() -> str:
    wanted = jis_x_0208() | catalogue_characters()
    wanted |= {chr(c) for low, high in RANGES for c in range(low, high + 1)}
    return "".join(sorted(wanted))


def japanese_face(source: Path) -> TTFont:
    """The Japanese face of a collection (the .ttc holds JP, KR, SC, TC, HK), or the font."""
    if source.suffix.lower() != ".ttc":
        return TTFont(source)
    for face in TTCollection(source).fonts:
        if face["name"].getDebugName(1) == FAMILY:
            return face
    raise SystemExit(f"{source} has no {FAMILY} face")


def licence(face: TTFont) -> str:
    """The font's copyright line, then the OFL's text from Debian's copyright file."""
    lines = DEBIAN_COPYRIGHT.read_text(encoding="utf-8").splitlines()
    start = lines.index("License: SIL-1.1", lines.index("License: SIL-1.1") + 1) + 1
    body = []
    for line in lines[start:]:
        if not line.startswith(" "):
            break
        body.append("" if line.strip() == "." else line[1:])
    copyright_ = face["name"].getDebugName(0)
    return (f"{FONT_FILE}: a subset of {FAMILY} (Noto CJK, https://github.com/notofonts/"
            f"noto-cjk), cut by tools/make_window_font.py.\n{copyright_}\n\n"
            + "\n".join(body).strip() + "\n")


def main(argv: list[str]) -> int:
    source = Path(argv[0]) if argv else SOURCE
    face = japanese_face(source)
    options = subset.Options()
    options.hinting = False  # FreeType's autohinter draws CJK well at window sizes
    options.layout_features = ["kern", "palt", "vert", "liga"]
    options.name_IDs = ["*"]  # keep the copyright and licence records
    subsetter = subset.Subsetter(options)
    subsetter.populate(text=characters())
    subsetter.subset(face)
    OUT.mkdir(parents=True, exist_ok=True)
    face.recalcTimestamp = False  # the same characters make the same file
    face.save(OUT / FONT_FILE)
    (OUT / "OFL.txt").write_text(licence(face), encoding="utf-8")
    size = (OUT / FONT_FILE).stat().st_size
    print(f"{OUT / FONT_FILE}: {len(face.getGlyphOrder())} glyphs, {size / 1e6:.2f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
