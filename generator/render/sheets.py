"""Deck sheets: cards packed into one image the way TTS reads a CustomDeck (any game).

TTS reads a sheet left to right, top to bottom, and keeps the last slot for the hidden card;
a deck of more cards spans several sheets. No sheet side passes 4096 px (TTS's advice).
"""

from __future__ import annotations

import math

from PIL import Image

MAX_GRID = (10, 7)
SHEET_CARDS = MAX_GRID[0] * MAX_GRID[1] - 1


def grid(count: int) -> tuple[int, int]:
    """The sheet grid (columns, rows) for `count` cards (at most SHEET_CARDS) + the hidden slot."""
    if not 0 < count <= SHEET_CARDS:
        raise ValueError(f"a sheet holds 1-{SHEET_CARDS} cards, not {count}")
    slots = count + 1
    columns = min(MAX_GRID[0], slots)
    return columns, math.ceil(slots / columns)


def sheet(
    cards: list[Image.Image], hidden: Image.Image, size: tuple[int, int]
) -> tuple[Image.Image, int, int]:
    """Pack cards of `size` pixels into one deck sheet (the last slot for the hidden card).

    Returns the sheet and its grid (columns, rows).
    """
    columns, rows = grid(len(cards))
    w, h = size
    image = Image.new("RGB", (columns * w, rows * h), (0, 0, 0))
    for index, card in enumerate(cards):
        image.paste(card, ((index % columns) * w, (index // columns) * h))
    last = columns * rows - 1
    image.paste(hidden, ((last % columns) * w, (last // columns) * h))
    return image, columns, rows
