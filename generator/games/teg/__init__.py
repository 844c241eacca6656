"""Tiny Epic Galaxies behind the Game interface: what differs from where a game keeps its parts.

Everything else comes from the conventions of generator/games/binding.py.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from generator.games.binding import Binding


class TinyEpicGalaxies(Binding):
    """The `teg` game (see generator.games.Game for each verb)."""

    id = "teg"
    title = "Tiny Epic Galaxies"
    languages = ("ja",)  # cards/teg/i18n/ja.po
    SIMULATION = "rules.simulate"
    # the numbers its log states ("+2 energy (now 4)"), checked by generator/harness/storycheck.py
    numbers: ClassVar[dict[str, str]] = {"energy": "energy", "culture": "culture", "VP": "vp"}

    def lua_data(self, documents: dict[str, Any]) -> Any:
        return {
            "game": documents["game"],
            "dice": documents["dice"],
            "empire": documents["empire"],
            "planets": documents["planets"]["planets"],
            "missions": documents["missions"]["missions"],
        }

    def layout_data(self, documents: dict[str, Any]) -> Any:
        from pathlib import PurePath

        from generator.cards.yamlfile import YamlDoc
        from generator.games.teg.cards import build

        return build({name: YamlDoc(PurePath(name), value) for name, value in documents.items()})  # type: ignore[arg-type]

    def player_range(self, engine: Any) -> tuple[int, int]:
        return engine.data.rules.min_players, engine.data.rules.max_players

    def random_answer(self, engine: Any, decision: dict[str, Any], rng: random.Random) -> str:
        if "roll" in decision:
            return "faces:" + ",".join(
                rng.choice(engine.uses.face_ids) for _ in range(decision["roll"])
            )
        return str(rng.choice(decision["options"])["id"])


GAME = TinyEpicGalaxies()
