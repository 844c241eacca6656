"""The images of a game that draws none of its own: its thumbnail only (any game).

A game whose table is panels and TTS's own objects (Liar's Dice) has no `render/` package;
its binding renders with this, so the save still has a picture in TTS's load menu.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from PIL import Image, ImageDraw

from generator.render import Assets, Cache
from generator.render.draw import INK, text_box

FELT = (28, 74, 52)


def thumbnail(title: str, font_path: str | None = None) -> Image.Image:
    """The save's picture: the game's name on a card table's felt."""
    image = Image.new("RGB", (512, 512), FELT)
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((24, 24, 488, 488), 28, outline=INK, width=4)
    text_box(draw, (48, 96, 464, 416), title, 80, font_path=font_path)
    return image


def render(
    title: str,
    cache: Cache,
    font_path: str | None = None,
    step: Callable[[str], None] = lambda name: None,
) -> Assets:
    """The assets of a game without images of its own."""
    picture = cache.png(["bare", "thumbnail", title, font_path],
                        partial(thumbnail, title, font_path))  # fmt: skip
    step("thumbnail")
    return Assets({}, {}, {}, picture, {})
