"""Liar's Dice, the tutorial game (docs/new-game.md), behind the Game interface.

What differs from where a game keeps its parts (generator/games/binding.py).
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from generator.games.binding import Binding


class LiarsDice(Binding):
    """The `liars` game (see generator.games.Game for each verb)."""

    id = "liars"
    title = "Liar's Dice"
    languages = ("ja",)  # cards/liars/i18n/ja.po
    # the number its log states ("-1 die (now 2)"), checked by generator/harness/storycheck.py
    numbers: ClassVar[dict[str, str]] = {"die": "dice"}

    def player_range(self, engine: Any) -> tuple[int, int]:
        return engine.g["players"]["min"], engine.g["players"]["max"]

    def deal(self, engine: Any, players: int, rng: random.Random) -> dict[str, Any]:
        return {"players": engine.g["seat_colors"][:players]}  # no chance before the first throw


GAME = LiarsDice()
