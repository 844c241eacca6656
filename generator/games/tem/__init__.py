"""Tiny Epic Mechs behind the Game interface: a thin binding of its parts."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from types import SimpleNamespace
from typing import Any, ClassVar


class TinyEpicMechs:
    """The `tem` game (see generator.games.Game for each verb)."""

    id = "tem"
    title = "Tiny Epic Mechs"
    lua_core = "tem.core.engine"
    lua_bots = "tem.table.bots"
    scripted_objects: ClassVar[dict[str, str]] = {"Global": "tem/table/global.lua"}

    def cards(self) -> Any:
        from generator.games.tem import cards as tem

        return tem

    def lua_data(self, documents: dict[str, Any]) -> Any:
        from generator.games.tem.cards import plain_data

        return plain_data(documents)

    def lua_modules(self, documents: dict[str, Any]) -> dict[str, str]:
        from generator.games.tem.cards import plain_data
        from generator.games.tem.tts.layout import layout
        from generator.tts.layout import layout_module

        return {"tem.layout": layout_module(layout(plain_data(documents)))}

    # state fields a table's resume point does not save (the last action's events)
    transient: tuple[str, ...] = ("events",)

    def engine(self, data: Any = None) -> Any:
        from generator.games.tem.rules import Engine, load_engine

        return load_engine() if data is None else Engine(data)

    def report(self, state: Any) -> Any:
        from generator.games.tem.rules.state import report

        return report(state)

    def player_range(self, engine: Any) -> tuple[int, int]:
        players = engine.data.plain["game"]["players"]
        return players["min"], players["max"]

    def bots(self) -> dict[str, Callable[..., Any]]:
        from generator.games.tem.rules.bots import BOTS

        return BOTS

    def deal(self, engine: Any, players: int, rng: random.Random) -> dict[str, Any]:
        from generator.games.tem.rules.records import deal

        return deal(engine, players, rng)

    def random_answer(self, engine: Any, decision: dict[str, Any], rng: random.Random) -> str:
        return str(rng.choice(decision["options"])["id"])

    def simulate(
        self, engine: Any, games: int, players: int, seed: int, bots: list[str]
    ) -> Iterator[Any]:
        from generator.games.tem.rules.records import run

        return run(engine, games, players, seed, bots)

    def summarize(self, engine: Any, played: list[Any]) -> Any:
        from generator.games.tem.rules.records import summarize

        return summarize(engine, played)

    def build_parts(self) -> Any:
        from generator.games.tem import playtest
        from generator.games.tem.render import expected_steps, render
        from generator.games.tem.render.components import LEGIBLE_TEXT, small_card_text
        from generator.games.tem.tts.table import build_save

        return SimpleNamespace(
            render=render,
            expected_steps=expected_steps,
            build_save=build_save,
            small_text=small_card_text,
            legible=LEGIBLE_TEXT,
            playtest=playtest,
        )


GAME = TinyEpicMechs()
