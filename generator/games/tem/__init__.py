"""Tiny Epic Mechs behind the Game interface: what differs from where a game keeps its parts.

Everything else comes from the conventions of generator/games/binding.py.
"""

from __future__ import annotations

from typing import Any, ClassVar

from generator.games.binding import Binding


class TinyEpicMechs(Binding):
    """The `tem` game (see generator.games.Game for each verb)."""

    id = "tem"
    title = "Tiny Epic Mechs"
    languages = ("ja",)  # cards/tem/i18n/ja.po
    # state fields a table's resume point does not save (the last action's events)
    transient: tuple[str, ...] = ("events",)
    # the numbers its log states ("+2 energy (now 4)"), checked by generator/harness/storycheck.py
    numbers: ClassVar[dict[str, str]] = {
        "energy": "energy",
        "credit": "credits",
        "VP": "vp",
        "health": "health",
    }

    def lua_data(self, documents: dict[str, Any]) -> Any:
        from generator.games.tem.cards import plain_data

        return plain_data(documents)

    def report(self, state: Any) -> Any:
        from generator.games.tem.rules.state import report

        return report(state)

    def player_range(self, engine: Any) -> tuple[int, int]:
        players = engine.data.plain["game"]["players"]
        return players["min"], players["max"]


GAME = TinyEpicMechs()
