"""Drawing helpers shared by every image: fonts, text that fits, colours.

All images are drawn from the card data with Pillow; nothing comes from hand-made art files.
The default font is Source Sans Pro (the font-source-sans-pro package, a dependency), so
every machine draws with the same typeface, accented letters and dashes included; a TrueType
file can be given instead. Text that does not fit its box raises TextFitError: it is never
drawn over whatever lies next to it.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from PIL import ImageDraw, ImageFont

Color = tuple[int, int, int]

# TTS seat colors (as TTS paints them), for mats, ships and tokens.
SEAT_RGB: dict[str, Color] = {
    "White": (230, 230, 230),
    "Brown": (113, 59, 23),
    "Red": (218, 26, 24),
    "Orange": (244, 100, 29),
    "Yellow": (231, 229, 44),
    "Green": (49, 179, 43),
    "Teal": (33, 177, 155),
    "Blue": (31, 136, 255),
    "Purple": (160, 32, 240),
    "Pink": (245, 112, 206),
}
INK: Color = (245, 245, 250)


# The smallest text drawn: below this a card is unreadable at TTS's normal zoom.
MIN_TEXT = 14


class FontError(Exception):
    """The font asked for cannot be loaded."""


class TextFitError(Exception):
    """Text does not fit its box even at the smallest size."""

    def __init__(self, text: str, box: tuple[int, int, int, int]) -> None:
        width, height = box[2] - box[0], box[3] - box[1]
        super().__init__(
            f"text does not fit its {width}x{height} px box even at {MIN_TEXT} px: "
            f"{text[:60]!r}{'...' if len(text) > 60 else ''}"
        )
        self.text = text


class GlyphError(TextFitError):
    """Text holds a character the font has no glyph for: it would be drawn as a box."""

    def __init__(self, text: str, missing: list[str]) -> None:
        chars = ", ".join(f"'{c}' (U+{ord(c):04X})" for c in missing)
        Exception.__init__(
            self,
            f"the font has no glyph for {chars}: it would show as a box in "
            f"{text[:60]!r}{'...' if len(text) > 60 else ''}",
        )
        self.text = text


def default_font() -> str:
    """The path of the bundled typeface (Source Sans Pro Semibold, from PyPI)."""
    files = resources.files("font_source_sans_pro") / "files"
    return str(files / "SourceSansPro-Semibold.ttf")


# The typeface images are drawn in for a language whose characters Source Sans Pro lacks
# (a PyPI package, like the default; its SIL OFL 1.1 licence is in its wheel).
LANGUAGE_FONTS = {"ja": ("noto_cjk_sans_jp_regular", "NotoSansCJKjp-Regular.otf")}


def language_font(lang: str | None) -> str | None:
    """The typeface for a language's images (None: the default serves it)."""
    if lang not in LANGUAGE_FONTS:
        return None
    package, file = LANGUAGE_FONTS[lang]
    return str(resources.files(package) / file)


@cache
def font(size: int, path: str | None = None) -> ImageFont.FreeTypeFont:
    """A font of `size` pixels: the TrueType file at `path`, or the bundled typeface."""
    if path is not None and not Path(path).is_file():
        raise FontError(f"font file not found: {path}")
    try:
        return ImageFont.truetype(path or default_font(), size)
    except OSError as err:
        raise FontError(f"cannot load font {path or default_font()}: {err}") from err


@cache
def _glyphs(path: str | None) -> frozenset[int]:
    from fontTools.ttLib import TTFont, TTLibError

    try:
        with TTFont(path or default_font(), lazy=True) as face:
            return frozenset(face.getBestCmap() or ())
    except (OSError, TTLibError) as err:
        raise FontError(
            f"cannot read the characters of font {path or default_font()}: {err}"
        ) from err


def missing_glyphs(text: str, path: str | None = None) -> list[str]:
    """The characters of `text` the font has no glyph for (they would draw as boxes)."""
    font(12, path)  # a missing or broken font file is reported as such first
    have = _glyphs(path)
    return sorted({c for c in text if not c.isspace() and ord(c) not in have})


# Where a line may break. Latin text breaks at spaces; Chinese and Japanese text, which
# writes no spaces, between any two characters, except that a line never starts with closing
# punctuation or a small kana, nor ends with an opening bracket (the JIS X 4051 kinsoku rule,
# in its common short form).
_CJK = "\u3000-\u30ff\u3400-\u9fff\uf900-\ufaff\uff00-\uffef"
_NO_START = "、。，．・：；？！ー）」』】〕〉》ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ"  # noqa: RUF001
_NO_END = "（「『【〔〈《"  # noqa: RUF001
_TOKEN = re.compile(f"[{_NO_END}]*(?:[{_CJK}]|[^\\s{_CJK}]+)[{_NO_START}]*")


def _tokens(paragraph: str) -> list[tuple[str, bool]]:
    """(piece, space before it) for each piece a line may end after: words, CJK characters."""
    out, end = [], 0
    for m in _TOKEN.finditer(paragraph):
        out.append((m.group(0), m.start() > end))  # (only spaces lie between two pieces)
        end = m.end()
    return out


@cache
def _phrases() -> Any:
    import budoux

    return budoux.load_default_japanese_parser()


_HAS_CJK = re.compile(f"[{_CJK}]")
_AFTER = re.compile("(?<=[・＋、])")  # noqa: RUF001


@cache  # a text is fitted at several sizes: it is cut into pieces once
def _pieces(paragraph: str) -> list[tuple[str, bool]]:
    """(piece, space before it) for each unbreakable piece of a paragraph.

    Japanese text breaks between its phrases, as BudouX (Google's segmenter) finds them, so
    no word is cut ("クレ/ジット"); Latin text at its spaces.
    """
    if not _HAS_CJK.search(paragraph):
        return _tokens(paragraph)
    out: list[tuple[str, bool]] = []
    # a phrase may also end after a list's dot, a plus or a comma ("コスト・終了時に")
    phrases = [p for ph in _phrases().parse(paragraph) for p in _AFTER.split(ph) if p]
    for phrase in phrases:
        for k, (word, spaced) in enumerate(_tokens(phrase)):
            starts = not spaced and out and not word.strip(_NO_START)
            if (k and not spaced and out) or starts:  # one phrase; no line starts with "・"
                out[-1] = (out[-1][0] + word, out[-1][1])
            else:
                out.append((word, spaced or (k == 0 and phrase[:1].isspace())))
    return out


def wrap(text: str, face: ImageFont.FreeTypeFont, width: int) -> list[str]:
    """Break text into lines no wider than `width` pixels.

    At spaces, between Japanese phrases (inside one only when it is wider than a line).
    """
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for piece, spaced in _pieces(paragraph):
            trial = (f"{line} {piece}" if spaced else line + piece) if line else piece
            if face.getlength(trial) <= width or not line:
                line = trial
                continue
            lines.append(line)
            line = piece
            while face.getlength(line) > width and _HAS_CJK.search(line):
                # a phrase wider than a line: it breaks where its characters may
                head = ""
                for token, gap in _tokens(line):
                    more = (f"{head} {token}" if gap else head + token) if head else token
                    if head and face.getlength(more) > width:
                        break
                    head = more
                lines.append(head)
                line = line[len(head) :].lstrip()
        lines.append(line)
    return lines


def columns(text: str) -> int:
    """How many columns `text` takes in a fixed-width line: a wide (CJK) character takes 2."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def wrap_columns(text: str, width: int) -> list[str]:
    """Break text into lines of at most `width` columns, where `wrap` would break it.

    For text TTS shows as it is written: 3D text does not wrap.
    """
    lines: list[str] = []
    line = ""
    for piece, spaced in _pieces(" ".join(text.split())):
        trial = (f"{line} {piece}" if spaced else line + piece) if line else piece
        if columns(trial) <= width or not line:
            line = trial
        else:
            lines.append(line)
            line = piece
    return [*lines, line]


def fitted_size(
    text: str, box: tuple[int, int, int, int], size: int, font_path: str | None = None
) -> int:
    """The font size text_box writes `text` at in `box`.

    Starts from `size` and shrinks by 2 until every line fits; TextFitError when it does
    not fit at MIN_TEXT pixels.
    """
    x0, y0, x1, y1 = box
    while True:
        face = font(size, font_path)
        lines = wrap(text, face, x1 - x0)
        height = len(lines) * int(size * 1.2)
        widest = max(face.getlength(line) for line in lines)
        if height <= y1 - y0 and widest <= x1 - x0:
            return size
        if size <= MIN_TEXT:
            raise TextFitError(text, box)
        size = max(MIN_TEXT, size - 2)


def text_box(
    draw: ImageDraw.ImageDraw,
    box: tuple[int, int, int, int],
    text: str,
    size: int,
    fill: Color = INK,
    font_path: str | None = None,
    align: str = "center",
) -> None:
    """Write text centered in a box, shrinking the font until every line fits.

    Raises TextFitError when it does not fit even at MIN_TEXT pixels, GlyphError (one) when
    the font cannot draw one of its characters.
    """
    missing = missing_glyphs(text, font_path)
    if missing:
        raise GlyphError(text, missing)
    x0, y0, x1, y1 = box
    size = fitted_size(text, box, size, font_path)
    face = font(size, font_path)
    lines = wrap(text, face, x1 - x0)
    height = len(lines) * int(size * 1.2)
    y = y0 + (y1 - y0 - height) // 2
    for line in lines:
        width = face.getlength(line)
        x = x0 + ((x1 - x0 - width) / 2 if align == "center" else 0)
        draw.text((x, y), line, font=face, fill=fill)
        y += int(size * 1.2)


def shade(color: Color, factor: float) -> Color:
    """A lighter (factor > 1) or darker (factor < 1) version of a color."""
    return tuple(max(0, min(255, int(c * factor))) for c in color)  # type: ignore[return-value]
