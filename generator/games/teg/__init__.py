"""Tiny Epic Galaxies behind the Game interface: a thin binding of its parts."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from types import SimpleNamespace
from typing import Any, ClassVar


class TinyEpicGalaxies:
    """The `teg` game (see generator.games.Game for each verb)."""

    id = "teg"
    title = "Tiny Epic Galaxies"
    lua_core = "teg.core.engine"
    lua_bots = "teg.table.bots"
    scripted_objects: ClassVar[dict[str, str]] = {"Global": "teg/table/global.lua"}

    def cards(self) -> Any:
        from generator.games.teg import cards as teg

        return teg

    def lua_data(self, documents: dict[str, Any]) -> Any:
        return {
            "game": documents["game"],
            "dice": documents["dice"],
            "empire": documents["empire"],
            "planets": documents["planets"]["planets"],
            "missions": documents["missions"]["missions"],
        }

    def lua_modules(self, documents: dict[str, Any]) -> dict[str, str]:
        from pathlib import PurePath

        from generator.cards.yamlfile import YamlDoc
        from generator.games.teg.cards import build
        from generator.games.teg.tts.layout import layout
        from generator.tts.layout import layout_module

        docs = {name: YamlDoc(PurePath(name), value) for name, value in documents.items()}
        return {"teg.layout": layout_module(layout(build(docs)))}  # type: ignore[arg-type]

    # state fields a table's resume point does not save (the last action's events)
    transient: tuple[str, ...] = ()

    def engine(self, data: Any = None) -> Any:
        from generator.games.teg.rules import Engine, load_engine

        return load_engine() if data is None else Engine(data)

    def report(self, state: Any) -> Any:
        return state  # the canonical state (schemas/teg/state.schema.json)

    def player_range(self, engine: Any) -> tuple[int, int]:
        return engine.data.rules.min_players, engine.data.rules.max_players

    def bots(self) -> dict[str, Callable[..., Any]]:
        from generator.games.teg.rules.bots import BOTS

        return BOTS

    def deal(self, engine: Any, players: int, rng: random.Random) -> dict[str, Any]:
        from generator.games.teg.rules.records import deal

        return deal(engine, players, rng)

    def random_answer(self, engine: Any, decision: dict[str, Any], rng: random.Random) -> str:
        if "roll" in decision:
            return "faces:" + ",".join(
                rng.choice(engine.uses.face_ids) for _ in range(decision["roll"])
            )
        return str(rng.choice(decision["options"])["id"])

    def simulate(
        self, engine: Any, games: int, players: int, seed: int, bots: list[str]
    ) -> Iterator[Any]:
        from generator.games.teg.rules.simulate import run

        return run(engine, games, players, seed, bots)

    def summarize(self, engine: Any, played: list[Any]) -> Any:
        from generator.games.teg.rules.simulate import summarize

        return summarize(engine, played)

    def build_parts(self) -> Any:
        from generator.games.teg import playtest
        from generator.games.teg.render import expected_steps, render
        from generator.games.teg.render.components import LEGIBLE_TEXT, small_card_text
        from generator.games.teg.tts.table import build_save

        return SimpleNamespace(
            render=render,
            expected_steps=expected_steps,
            build_save=build_save,
            small_text=small_card_text,
            legible=LEGIBLE_TEXT,
            playtest=playtest,
        )


GAME = TinyEpicGalaxies()
