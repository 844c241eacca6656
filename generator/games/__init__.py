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
import re
import traceback
from collections.abc import Callable, Iterator
from typing import Any, Protocol

# Game id -> the module that binds it. Listing a game here is all that registers it.
MODULES = {
    "gofish": "generator.games.gofish",
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
    languages: tuple[str, ...]  # the languages beyond English its words are translated to

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


# A registry key is a folder's name in five places (generator/games, lua, cards, schemas,
# build): a key that is not a plain id would reach outside them.
_ID = re.compile(r"^[a-z][a-z0-9_]{0,31}$")


class GameLoadError(Exception):
    """A registered game that cannot be loaded: which, and why, in one line.

    One broken game costs the others nothing: every command but the broken game's own works.
    """

    def __init__(self, game: str, why: str, where: str | None = None) -> None:
        super().__init__(
            f"the game '{game}' cannot be loaded: {where + ': ' if where else ''}{why}"
        )
        self.game = game
        self.why = why  # what is wrong
        self.where = where  # the file it is wrong in, when no part of `why` names it


def get(game: str) -> Game:
    """The game with this id.

    KeyError for an unknown one, GameLoadError for one registered that cannot be loaded
    (its package, a module it imports or its binding is broken).
    """
    if game not in MODULES:
        raise KeyError(game)
    found = _load(game)  # (Python keeps a module it imported: a second get is a lookup)
    if isinstance(found, GameLoadError):
        raise found
    return found


def _load(game: str) -> Game | GameLoadError:
    if not _ID.match(game):
        return GameLoadError(
            game, "its registry key is no id (a-z, digits and _, starting with a letter): it "
            "would name folders outside the project's",
        )  # fmt: skip
    module = MODULES[game]
    try:
        found = importlib.import_module(module)
    except Exception as err:  # a game's own code: any error is that game's, named
        return GameLoadError(game, why(err))
    binding = getattr(found, "GAME", None)
    where = getattr(found, "__file__", None) or module.replace(".", "/") + "/"
    if binding is None:
        if getattr(found, "__file__", None) is None:
            return GameLoadError(game, "missing (the package's file that binds the game)",
                                 f"{module.replace('.', '/')}/__init__.py")  # fmt: skip
        return GameLoadError(game, "defines no GAME (the game's binding)", _rel(where))
    if hasattr(binding, "id") and binding.id != game:
        return GameLoadError(game, f"GAME.id is {binding.id!r}, not its registry key '{game}'",
                             _rel(where))  # fmt: skip
    return binding  # type: ignore[no-any-return]


def _rel(path: str) -> str:
    from generator.paths import display

    return display(path)


def why(err: BaseException) -> str:
    """An error loading a game's module in one line: its file and line where Python names it."""
    if isinstance(err, SyntaxError) and err.filename:
        return f"{_rel(err.filename)}:{err.lineno}: {type(err).__name__}: {err.msg}"
    if isinstance(err, ModuleNotFoundError):  # where it was asked for says nothing more
        return f"{type(err).__name__}: {err}"
    frames = [f for f in traceback.extract_tb(err.__traceback__) if "/generator/" in f.filename]
    own = [f for f in frames if "importlib" not in f.filename]
    at = f"{_rel(own[-1].filename)}:{own[-1].lineno}: " if own else ""
    return f"{at}{type(err).__name__}: {err}"


def ids() -> list[str]:
    """Every registered game id, sorted (a game that cannot be loaded included)."""
    return sorted(MODULES)


def load_problem(game: str) -> str | None:
    """Why a registered game cannot be loaded, in one line (None: it loads)."""
    try:
        get(game)
    except GameLoadError as err:
        return str(err)
    return None


def loadable() -> list[str]:
    """Every game id that loads, sorted."""
    return [game for game in ids() if load_problem(game) is None]


def has_table(game: str) -> bool:
    """True when the game has a table (its build_parts raise no NoTable)."""
    try:
        get(game).build_parts()
    except NoTable:
        return False
    return True


def with_tables() -> list[str]:
    """Every game id that loads and has a table, sorted.

    A game whose table's parts cannot be imported is left out: `ttsmod check` names it.
    """
    out = []
    for game in loadable():
        try:
            if has_table(game):
                out.append(game)
        except Exception:  # a game's own code: `ttsmod games` and `ttsmod check` name it
            continue
    return out


def game_rng(seed: int, index: int) -> random.Random:
    """The random generator of game `index` in a run seeded `seed` (any game)."""
    return random.Random(f"{seed}:{index}")
