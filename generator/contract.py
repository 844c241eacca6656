"""What a game must provide, checked before anything runs (`ttsmod check GAME`, every build).

A game that lacks a part would otherwise fail deep inside a shared layer (an AttributeError
in the harness, a nil call in the table's Lua). Each check here names what is missing and
where it belongs, one line each, layer by layer: the binding (generator/games), the card
files and their schemas, the Python engine and the state it makes, the Lua core and bots,
and, for a game with a table, its parts (`lua/<game>/table/spec.lua`). A layer is checked
only once the layers it stands on are whole.
"""

from __future__ import annotations

import inspect
import json
import random
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from generator import games
from generator.paths import BUILD, CARDS, ROOT, SCHEMAS, display


@dataclass(frozen=True)
class Lack:
    """One part a game lacks: where it belongs and what it is."""

    where: str
    what: str

    def format(self) -> str:
        """One line: `where: what`."""
        return f"{self.where}: {self.what}"


# What the shared layers call on a game's card loader, engine, state and Lua parts
LOADER = {
    "GAME": "the game id the loader serves",
    "FILES": "the card files (each cards/<game>/<file>.yaml with a schema)",
    "CHECKS": "the cross-checks between files (a list, empty if none)",
    "build": "build(docs): the typed card data",
}
ENGINE = {
    "new_game": "new_game(setup): the opening state",
    "choices": "choices(state, path): the decision a path of option ids reaches",
    "apply": "apply(state, action): the next state",
    "to_act": "to_act(state): who decides next (None once over)",
    "is_over": "is_over(state): true once the game has ended",
}
STATE = {
    "players": "a list of players, each with its `color`",
    "active": "the colour whose turn it is (the table shows it)",
    "phase": "where the turn stands (the table's memo keys on it)",
    "round": "the round's number (the table's memo keys on it)",
}
LUA_CORE = ("new_game", "advance", "choices", "apply", "is_over", "to_act", "trace")
SPEC = {
    "id": "the record's `game`",
    "name": "the game's name in messages",
    "players": "{ min, max } seated",
    "core": "the rules core",
    "words": "what decisions ask and what happened",
    "view": "its pieces and scoreboard",
    "deal": "Start and a new game",
    "layout": "the generated places (<game>.layout)",
}
WORDS = ("prompt", "option", "status", "over")
VIEW = ("groups", "piles", "COLUMNS", "cells", "final")
DEAL = ("start", "new_game")

# Reads a game's table spec as the framework would, touching no TTS
SPEC_PROBE = """
local spec = require("@GAME@.table.spec")()
local function kinds(t)
  local out = {}
  if type(t) == "table" then
    for k, v in pairs(t) do
      out[tostring(k)] = type(v)
    end
  end
  return out
end
local out = { spec = kinds(spec) }
for _, part in ipairs({ "words", "view", "deal" }) do
  out[part] = kinds(spec[part])
end
return out
"""


def check(game: str, overrides: dict[str, str] | None = None) -> list[Lack]:
    """Every part `game` lacks, in the order the layers stand on each other.

    `overrides` replaces Lua modules by name (a test removes a function that way).
    """
    lacks = list(_binding(game))
    if lacks:
        return lacks
    found = games.get(game)
    lacks = list(_loader(game, found))
    if lacks:
        return lacks
    try:
        engine = found.engine()
    except ImportError as err:
        return [Lack(f"generator/games/{game}/rules/", f"no Python engine could be loaded ({err})")]
    lacks = list(_engine(game, found, engine))
    if lacks:
        return lacks
    lacks = list(_lua_core(game, found, overrides or {}))
    try:
        found.build_parts()
    except games.NoTable:
        return lacks
    return lacks + list(_table(game, overrides or {}))


def _binding(game: str) -> Iterator[Lack]:
    where = f"generator/games/{game}/__init__.py"
    try:
        found = games.get(game)
    except (ImportError, AttributeError) as err:
        yield Lack(where, f"no GAME binding could be loaded ({err})")
        return
    for name, what in _protocol().items():
        if not hasattr(found, name):
            yield Lack(where, f"GAME lacks `{name}`: {what}")


def _protocol() -> dict[str, str]:
    """The Game protocol's members and what each is for, read from the protocol itself."""
    source = inspect.getsource(games.Game)
    out = {}
    for name in games.Game.__annotations__:
        said = re.search(rf"^\s+{name}: [^#\n]*(?:# (.*))?$", source, re.M)
        out[name] = said.group(1) if said and said.group(1) else "an attribute of Game"
    for name, member in vars(games.Game).items():
        if callable(member) and not name.startswith("_"):
            params = [p for p in inspect.signature(member).parameters if p != "self"]
            doc = (inspect.getdoc(member) or "").split("\n")[0]
            out[name] = f"{name}({', '.join(params)}): {doc}"
    return out


def _loader(game: str, found: Any) -> Iterator[Lack]:
    try:
        loader = found.cards()
    except ImportError as err:
        yield Lack(f"generator/games/{game}/cards.py", f"no card loader could be loaded ({err})")
        return
    where = getattr(loader, "__file__", None) or f"the card loader of {game}"
    where = display(where) if isinstance(where, str) and "/" in where else where
    for name, what in LOADER.items():
        if not hasattr(loader, name):
            yield Lack(where, f"the loader lacks `{name}`: {what}")
    for file in getattr(loader, "FILES", ()):
        schema = SCHEMAS / game / f"{file}.schema.json"
        if not schema.is_file():
            yield Lack(display(schema), f"no schema for the card file `{file}`")
        data = CARDS / game / f"{file}.yaml"
        if not data.is_file():
            yield Lack(display(data), f"no card data for the file `{file}` the loader lists")


def _engine(game: str, found: Any, engine: Any) -> Iterator[Lack]:
    where = f"the Python engine of {game} (GAME.engine())"
    missing = [name for name in ENGINE if not callable(getattr(engine, name, None))]
    for name in missing:
        yield Lack(where, f"the engine lacks `{name}`: {ENGINE[name]}")
    if missing:
        return
    fewest = found.player_range(engine)[0]
    setup = found.deal(engine, fewest, random.Random(0))
    state = json.loads(json.dumps(_plain(engine.new_game(setup)), default=str))
    where = f"the state the engine of {game} makes (new_game)"
    for name, what in STATE.items():
        if not isinstance(state, dict) or name not in state:
            yield Lack(where, f"the state lacks `{name}`: {what}")
    players = state.get("players") if isinstance(state, dict) else None
    if isinstance(players, list) and not all(isinstance(p, dict) and "color" in p for p in players):
        yield Lack(where, f"a player lacks `color`: {STATE['players']}")


def _plain(state: Any) -> Any:
    """A state as plain data (an engine's state may be a dataclass or plain already)."""
    from dataclasses import asdict, is_dataclass

    return asdict(state) if is_dataclass(state) and not isinstance(state, type) else state


class Missing(Exception):
    """A Lua module the check needs is not there: `lack` says which and where."""

    def __init__(self, lack: Lack) -> None:
        super().__init__(lack.format())
        self.lack = lack


def _run_lua(root_source: str, game: str, overrides: dict[str, str]) -> Any:
    from generator.harness.moonsharp import runtime
    from generator.luabuild.bundle import BundleError, Module, collect, write_bundle
    from generator.luabuild.scripts import shipped_modules

    modules = {**shipped_modules(game), **overrides}
    root = Module("__root", root_source, "<contract check>")
    try:
        # (the parses are kept where the build keeps its own: a check before each build is quick)
        bundled = write_bundle(collect(root, ROOT / "lua", modules, BUILD / ".cache"))
    except BundleError as err:
        first = err.problems[0]
        raise Missing(Lack(first.file, first.message)) from None
    return runtime(0).execute(bundled.text)


def _lua_path(module: str) -> str:
    return display(ROOT / "lua" / (module.replace(".", "/") + ".lua"))


def _lua_core(game: str, found: Any, overrides: dict[str, str]) -> Iterator[Lack]:
    core = found.lua_core
    probe = (
        f'local core = require("{core}").new(require("{game}.data"))\n'
        "local out = {}\nfor k, v in pairs(core) do out[k] = type(v) end\nreturn out\n"
    )
    try:
        kinds = dict(_run_lua(probe, game, overrides))
    except Missing as err:
        yield Lack(_lua_path(core), f"no Lua core: {err.lack.what}")
        return
    for name in LUA_CORE:
        if kinds.get(name) != "function":
            yield Lack(_lua_path(core), f"the core's new(data) lacks the function `{name}`")
    bots = found.lua_bots
    probe = f'return type(require("{bots}")(require("{game}.data")).value)'
    try:
        value = _run_lua(probe, game, overrides)
    except Missing as err:
        value = err.lack.what
    if value != "function":
        yield Lack(_lua_path(bots), f"the bots' (data) gives no `value` function ({value})")


def _table(game: str, overrides: dict[str, str]) -> Iterator[Lack]:
    spec_module = f"{game}.table.spec"
    if not (ROOT / "lua" / game / "table" / "spec.lua").is_file():
        yield Lack(_lua_path(spec_module), "no table spec: a function returning the game's parts")
        return
    got = _run_lua(SPEC_PROBE.replace("@GAME@", game), game, overrides)
    spec = dict(got["spec"])
    where = _lua_path(spec_module)
    for name, what in SPEC.items():
        if name not in spec:
            yield Lack(where, f"the spec lacks `{name}`: {what}")
    for part, needed in (("words", WORDS), ("view", VIEW), ("deal", DEAL)):
        if part not in spec:
            continue
        have = dict(got[part])
        for name in needed:
            if name not in have:
                yield Lack(where, f"the spec's `{part}` lacks `{name}` (docs/table.md: {part})")
