"""A game bound by where its parts are: each verb of the Game protocol from a named module.

A game's package (`generator/games/<game>/`) keeps its parts under the same names in every
game, so its binding is a subclass of `Binding` that gives its id, its title and what differs
from these conventions:

- `cards()`: `cards.py`, the loader module;
- `engine(data)`: `rules/`'s `Engine(data)`; for the shipped cards its `load_engine()`, or
  one `Engine` over them kept;
- `bots()`: `rules/bots.py`'s `BOTS`;
- `deal`, `simulate`, `summarize`: `rules/records.py`'s `deal`, `run` and `summarize`
  (`SIMULATION` names another module for the last two; without one, self-play's own, the
  state's `winner` winning);
- `player_range`, `deal`: the data's `players` {min, max}; the first seat colours, no chance;
- `lua_modules`: `tts/layout.py`'s `layout(layout_data(documents))`, as `<game>.layout`;
- `build_parts()`: `render/` (`render`, `expected_steps`), `render/components.py`
  (`small_card_text`, `LEGIBLE_TEXT`), `tts/table.py` (`build_save`) and `playtest.py`; a
  game without `tts/table.py` that gives its scoreboard's `columns()` (its notebook page and
  Start text are templates: cards/<game>/pages/, generator/tts/pages.py)
  gets the framework's table (generator/tts/plain_table.py: hand zones, or the card layer's
  objects with a `deck`), its layout module too; a game with neither has no table yet
  (`NoTable`);

and in Lua: the core `<game>.core.engine`, the bots `<game>.table.bots`, the Global script
`<game>/table/global.lua`.
"""

from __future__ import annotations

import functools
import importlib
import importlib.util
import random
from collections.abc import Callable, Iterator
from types import SimpleNamespace
from typing import Any, ClassVar

_ENGINES: dict[str, Any] = {}  # game id -> its engine over the shipped cards


class Binding:
    """The Game protocol (generator.games.Game) over a game package's conventional parts."""

    id: ClassVar[str]
    title: ClassVar[str]
    SIMULATION: ClassVar[str] = "rules.records"  # the module with run and summarize
    # state fields a table's resume point does not save (restored empty on a load)
    transient: tuple[str, ...] = ()
    # the languages beyond English the game's words are translated to (cards/<game>/i18n/):
    # the suite holds each of them whole, and `build --lang` builds only these
    languages: ClassVar[tuple[str, ...]] = ()

    # the word the game log writes for each of a player's numbers -> its state field (the story
    # checker, generator/harness/storycheck.py, proves what the log says of them); none: unchecked
    numbers: ClassVar[dict[str, str]] = {}

    def caused(self, engine: Any, state: Any) -> list[tuple[str, str]]:
        """The cards whose ability made part of the last action's outcome: (colour, card name).

        The story checker holds the log to naming each one in the action's entries. A game
        whose cards never add a share of their own to an amount returns none (the default).
        """
        return []

    @property
    def lua_core(self) -> str:
        return f"{self.id}.core.engine"

    @property
    def lua_bots(self) -> str:
        return f"{self.id}.table.bots"

    @property
    def scripted_objects(self) -> dict[str, str]:
        return {"Global": f"{self.id}/table/global.lua"}

    def part(self, module: str, name: str | None = None) -> Any:
        """The game's module `module` (dotted, under its package), or its member `name`."""
        found = importlib.import_module(f"{type(self).__module__}.{module}")
        return found if name is None else getattr(found, name)

    def has(self, module: str) -> bool:
        """True when the game's package has the module `module`."""
        try:
            return importlib.util.find_spec(f"{type(self).__module__}.{module}") is not None
        except ModuleNotFoundError:  # a package on the way is missing
            return False

    def cards(self) -> Any:
        return self.part("cards")

    def lua_data(self, documents: dict[str, Any]) -> Any:
        return documents

    def layout_data(self, documents: dict[str, Any]) -> Any:
        """What the table's layout is computed from (default: the Lua side's data)."""
        return self.lua_data(documents)

    def lua_modules(self, documents: dict[str, Any]) -> dict[str, str]:
        from generator.tts.layout import layout_module

        if self.has("tts.layout"):
            layout = self.part("tts.layout", "layout")
        elif self.columns() is not None:
            from generator.tts import plain_table

            layout = functools.partial(plain_table.layout, self)
        else:
            return {}
        return {f"{self.id}.layout": layout_module(layout(self.layout_data(documents)))}

    def columns(self) -> tuple[tuple[str, str, int], ...] | None:
        """The scoreboard's columns (id, heading, width) of the framework's table.

        In the language being built. None: the game builds its own table (`tts/table.py`), or
        none yet.
        """
        return None

    def piles(self, plain: dict[str, Any]) -> int:
        """The card layer: how many pile places lie before each seat (a save snap point each)."""
        return 0

    def engine(self, data: Any = None) -> Any:
        rules = self.part("rules")
        if data is not None:
            return rules.Engine(data)
        if hasattr(rules, "load_engine"):
            return rules.load_engine()
        if self.id not in _ENGINES:  # one engine for the shipped cards, as load_engine keeps
            from generator import cards

            _ENGINES[self.id] = rules.Engine(cards.load(self.id))
        return _ENGINES[self.id]

    def report(self, state: Any) -> Any:
        return state  # the canonical state

    def player_range(self, engine: Any) -> tuple[int, int]:
        g = getattr(engine, "g", None)  # the data's constants, as the engines read them
        if not isinstance(g, dict) or not isinstance(g.get("players"), dict):
            raise NotImplementedError(f"{self.id}: player_range (no engine.g['players'])")
        return g["players"].get("min"), g["players"].get("max")

    def bots(self) -> dict[str, Callable[..., Any]]:
        return self.part("rules.bots", "BOTS")  # type: ignore[no-any-return]

    def deal(self, engine: Any, players: int, rng: random.Random) -> dict[str, Any]:
        if not self.has("rules.records"):  # the first seats; any chance is the game's decision
            return {"players": engine.g["seat_colors"][:players]}
        return self.part("rules.records", "deal")(engine, players, rng)  # type: ignore[no-any-return]

    def random_answer(self, engine: Any, decision: dict[str, Any], rng: random.Random) -> str:
        from generator.engines.steps import chance, chance_answer

        if chance(decision):  # dice thrown or a deck shuffled (generator/engines/steps.py)
            return chance_answer(decision, rng)
        return str(rng.choice(decision["options"])["id"])

    def simulate(
        self, engine: Any, games: int, players: int, seed: int, bots: list[str], first: int = 0
    ) -> Iterator[Any]:
        """Seeded self-play games first..games-1 (game i depends on the seed and i alone)."""
        if self.has(self.SIMULATION):
            run = self.part(self.SIMULATION, "run")
            return run(engine, games, players, seed, bots, first)  # type: ignore[no-any-return]
        from generator.engines import selfplay

        return selfplay.run(engine, self.deal, self.bots(), games, players, seed, bots, first)

    def summarize(self, engine: Any, played: list[Any]) -> Any:
        if self.has(self.SIMULATION):
            return self.part(self.SIMULATION, "summarize")(engine, played)
        from generator.engines import selfplay

        # the state's `winner`: a colour, or a list of the colours sharing the win
        return selfplay.summarize(
            played,
            lambda final: (
                final["winner"] if isinstance(final["winner"], list) else [final["winner"]]
            ),
        )

    def deck(self, plain: dict[str, Any]) -> Any:
        """The game's deck for the card layer, from its data (None: no cards of its own).

        A generator/tts/cards.py `Deck`: a face layout and each card's fields.
        """
        return None

    def build_parts(self) -> Any:
        from generator.games import NoTable

        if self.has("tts.table"):
            build_save = self.part("tts.table", "build_save")
        elif self.columns() is not None:
            from generator.tts import plain_table

            build_save = functools.partial(plain_table.build_save, self)
        else:
            raise NoTable(f"{self.title} has no table yet: its rules and data only")
        if not self.has("render"):  # no images of its own: its deck's faces, or a thumbnail
            from generator.render import bare
            from generator.tts import cards

            def render(data: Any, cache: Any, font_path: Any, step: Any) -> Any:
                deck = self.deck(data.plain)
                if deck is None:
                    return bare.render(self.title, cache, font_path, step)
                return cards.render(deck, self.title, cache, font_path, step)

            return SimpleNamespace(
                render=render,
                expected_steps=lambda data: (
                    1
                    if self.deck(data.plain) is None
                    else cards.expected_steps(self.deck(data.plain))
                ),
                build_save=build_save,
                small_text=lambda data, font_path: [],
                legible=0,
                playtest=self.part("playtest"),
            )
        components = self.part("render.components")
        return SimpleNamespace(
            render=self.part("render", "render"),
            expected_steps=self.part("render", "expected_steps"),
            build_save=build_save,
            small_text=components.small_card_text,
            legible=components.LEGIBLE_TEXT,
            playtest=self.part("playtest"),
        )
