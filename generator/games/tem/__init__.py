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

    def caused(self, engine: Any, state: Any) -> list[tuple[str, str]]:
        """The cards whose ability made the last action's outcome: (colour, card's name).

        A pilot or Mech side that added VP to a KO, or spared its player a mine: the story
        checker holds the log to naming each (generator/harness/storycheck.py).
        """
        ko_vp = int(engine.g["vp"]["ko"])
        out = []
        for e in state["events"]:
            kind = {"ko": "extra_vp_on_ko", "spared": "mine_immune"}.get(e["kind"])
            if kind is None or (e["kind"] == "ko" and (e["trap"] or e["vp"] <= ko_vp)):
                continue
            color = e["by"] if e["kind"] == "ko" else e["player"]
            p = next(q for q in state["players"] if q["color"] == color)
            cards = [engine.pilots[p["pilot"]]] if p["pilot"] else []
            if state["mech"]["controller"] == color and state["mech"]["side"]:
                cards.append(engine.sides[state["mech"]["side"]])
            out += [(color, c["name"]) for c in cards if c["ability"]["kind"] == kind]
        return out

    def player_range(self, engine: Any) -> tuple[int, int]:
        players = engine.data.plain["game"]["players"]
        return players["min"], players["max"]


GAME = TinyEpicMechs()
