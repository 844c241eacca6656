"""Tiny Epic Mechs behind the Game interface: rules, data and engines (its table comes next)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any, ClassVar

from generator.games import NoTable


class TinyEpicMechs:
    """The `tem` game (see generator.games.Game for each verb)."""

    id = "tem"
    title = "Tiny Epic Mechs"
    lua_core = "tem.core.engine"
    scripted_objects: ClassVar[dict[str, str]] = {}

    def cards(self) -> Any:
        from generator.cards import tem

        return tem

    def lua_data(self, documents: dict[str, Any]) -> Any:
        from generator.cards.tem import plain_data

        return plain_data(documents)

    def lua_modules(self, documents: dict[str, Any]) -> dict[str, str]:
        return {}

    def engine(self) -> Any:
        from generator.engines.tem import load_engine

        return load_engine()

    def report(self, state: Any) -> Any:
        from generator.engines.tem.state import report

        return report(state)

    def player_range(self, engine: Any) -> tuple[int, int]:
        players = engine.data.plain["game"]["players"]
        return players["min"], players["max"]

    def bots(self) -> dict[str, Callable[..., Any]]:
        from generator.engines.tem.bots import BOTS

        return BOTS

    def deal(self, engine: Any, players: int, rng: random.Random) -> dict[str, Any]:
        from generator.engines.tem.records import deal

        return deal(engine, players, rng)

    def random_answer(self, engine: Any, decision: dict[str, Any], rng: random.Random) -> str:
        return str(rng.choice(decision["options"])["id"])

    def simulate(
        self, engine: Any, games: int, players: int, seed: int, bots: list[str]
    ) -> Iterator[Any]:
        from generator.engines.tem.records import run

        return run(engine, games, players, seed, bots)

    def summarize(self, engine: Any, played: list[Any]) -> Any:
        from generator.engines.tem.records import summarize

        return summarize(engine, played)

    def build_parts(self) -> Any:
        raise NoTable(
            "Tiny Epic Mechs has its rules, data and engines but no table yet: "
            "`ttsmod validate tem`, `simulate tem`, `crosscheck tem` and `replay tem` work"
        )


GAME = TinyEpicMechs()
