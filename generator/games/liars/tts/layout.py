"""What the Liar's Dice table scripts read of its places: the `liars.layout` Lua module."""

from __future__ import annotations

from typing import Any

from generator.games.liars.tts.table import COLUMNS
from generator.tts import panels


def layout(plain: dict[str, Any]) -> dict[str, Any]:
    """The seats (by colour) and the panels' sizes."""
    colors = list(plain["game"]["seat_colors"])
    return {"seats": [{"color": c} for c in colors], **panels.places(colors, COLUMNS)}
