"""The games ttsmod knows, each behind one interface (as OpenSpiel's games are).

A game is one package, `generator/games/<game>/` (its binding in `__init__.py`, its card
loader `cards.py`, its Python engine `rules/`, its images `render/`, its save `tts/`, its
playtest hooks `playtest.py`), beside its Lua `lua/<game>/`, its data `cards/<game>/` and its
schemas `schemas/<game>/`. The shared layers (CLI, build, save writer and checks, geometry,
luabuild, harness, emulator, live) reach a game only through `get(game)`, and name none;
`generator.contract` checks that a game provides what they call.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Iterator
from typing import Any, Protocol

# Game id -> the module that binds it. Listing a game here is all that registers it.
MODULES = {
    "liars": "generator.games.liars",
    "teg": "generator.games.teg",
    "tem": "generator.games.tem",
}
DEFAULT = "teg"


class NoTable(Exception):
    """The game has rules but no table yet: nothing to render, lay out or save."""


class Game(Protocol):
    """What the toolchain asks of a game. Heavy parts are imported when first asked for."""

    id: str  # the game id (the registry's key, the folders' name)
    title: str  # the game's name as players know it
    lua_core: str  # the Lua module whose `new(data)` gives the rules core (engine verbs)
    lua_bots: str  # the Lua module whose `(data)` gives its bots' `value` (and `view`)
    scripted_objects: dict[str, str]  # object name -> root script under lua/

    def cards(self) -> Any:
        """The card loader module: GAME, FILES, CHECKS, build(docs), summary(data)."""

    def lua_data(self, documents: dict[str, Any]) -> Any:
        """The card data the Lua side reads (the `<game>.data` module's value)."""

    def lua_modules(self, documents: dict[str, Any]) -> dict[str, str]:
        """Generated Lua modules besides `<game>.data` (a table's layout), by module name."""

    transient: tuple[str, ...]  # state fields a table's resume point does not save

    def engine(self, data: Any = None) -> Any:
        """The Python engine (new_game, choices, apply, ...) for `data`.

        `data`: a validated card folder's data; None: the shipped cards.
        """

    def report(self, state: Any) -> Any:
        """What `ttsmod replay` prints of a final state (JSON-ready)."""

    def player_range(self, engine: Any) -> tuple[int, int]:
        """The fewest and most players."""

    def bots(self) -> dict[str, Callable[..., Any]]:
        """Bots by name: (engine, state, rng) -> a chooser of option ids.

        `easy` and `strong` are the table's levels (twins of the Lua bots), `random` and
        `greedy` self-play's own.
        """

    def deal(self, engine: Any, players: int, rng: random.Random) -> dict[str, Any]:
        """A seeded setup for `players` (every outcome of chance)."""

    def random_answer(self, engine: Any, decision: dict[str, Any], rng: random.Random) -> str:
        """A random option id for a decision (chance decisions included)."""

    def simulate(
        self, engine: Any, games: int, players: int, seed: int, bots: list[str]
    ) -> Iterator[Any]:
        """Seeded self-play games (each with .record and .final)."""

    def summarize(self, engine: Any, played: list[Any]) -> Any:
        """A summary of played games with .text() and .as_dict()."""

    def build_parts(self) -> Any:
        """The table's build: render, expected_steps, build_save, small_text (NoTable if none)."""


def get(game: str) -> Game:
    """The game with this id (KeyError for an unknown one)."""
    return importlib.import_module(MODULES[game]).GAME  # type: ignore[no-any-return]


def ids() -> list[str]:
    """Every game id, sorted."""
    return sorted(MODULES)


def has_table(game: str) -> bool:
    """True when the game has a table (its build_parts raise no NoTable)."""
    try:
        get(game).build_parts()
    except NoTable:
        return False
    return True


def with_tables() -> list[str]:
    """Every game id that has a table, sorted."""
    return [game for game in ids() if has_table(game)]


def game_rng(seed: int, index: int) -> random.Random:
    """The random generator of game `index` in a run seeded `seed` (any game)."""
    return random.Random(f"{seed}:{index}")
