"""Liar's Dice, the tutorial game (docs/new-game.md), behind the Game interface.

What differs from where a game keeps its parts (generator/games/binding.py).
"""

from __future__ import annotations

from typing import ClassVar

from generator.games.binding import Binding
from generator.i18n import tr


class LiarsDice(Binding):
    """The `liars` game (see generator.games.Game for each verb)."""

    id = "liars"
    title = "Liar's Dice"
    languages = ("ja",)  # cards/liars/i18n/ja.po
    # the number its log states ("-1 die (now 2)"), checked by generator/harness/storycheck.py
    numbers: ClassVar[dict[str, str]] = {"die": "dice"}

    def columns(self) -> tuple[tuple[str, str, int], ...]:
        return (("color", tr("Player"), 150), ("dice", tr("Dice"), 56), ("note", "", 170))


GAME = LiarsDice()
