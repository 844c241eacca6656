"""What the Go Fish table scripts read of its places: the `gofish.layout` Lua module."""

from __future__ import annotations

from typing import Any

from generator.games.gofish.tts.table import columns
from generator.tts import cards, panels


def layout(plain: dict[str, Any]) -> dict[str, Any]:
    """The seats, the panels' sizes and the card layer's places."""
    from generator.games.gofish import GAME

    colors = list(plain["game"]["seat_colors"])
    return {"seats": [{"color": c} for c in colors], **panels.places(colors, columns()),
            "cards": cards.layout_of(GAME.deck(plain), colors, "gofish",
                                     len(plain["game"]["ranks"]))}  # fmt: skip
