"""A game's setup checked the same way in every game: its seats, from the card data's limits.

The twin of lua/lib/setup.lua: both refuse with the same words.
"""

from __future__ import annotations

from typing import Any

from generator.engines.errors import BadSetup


def seats(setup: Any, g: dict[str, Any]) -> list[str]:
    """The colours of `setup["players"]`, or BadSetup naming the rule.

    `g` is the game's constants: `players` {min, max} and `seat_colors` (seating order).
    """
    colors = setup.get("players") if isinstance(setup, dict) else None
    low, high = g["players"]["min"], g["players"]["max"]
    if not isinstance(colors, list) or not low <= len(colors) <= high:
        raise BadSetup(f"a game has {low} to {high} players, listed in `players`")
    if len(set(colors)) != len(colors) or not set(colors) <= set(g["seat_colors"]):
        raise BadSetup(f"the players must be distinct seat colours of {g['seat_colors']}")
    return list(colors)
