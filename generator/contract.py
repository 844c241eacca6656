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
# (a card loader's members are each optional: generator/cards/__init__.py gives the defaults)
LOADER = {
    "FILES": "the card files (each cards/<game>/<file>.yaml with a schema; default: game)",
    "CHECKS": "the cross-checks between files (a list; default: none)",
    "build": "build(docs): the typed card data (default: cards.PlainData)",
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
    "layout": "the generated places (<game>.layout)",
}
WORDS = ("prompt", "status")  # and `over`, or `winner` (below); `option`: the core's label
VIEW = ("COLUMNS", "cells", "final")  # groups, piles: none by default (glue.table)
DEAL = ("start", "new_game")  # when a spec gives its own `deal` (default: who starts)

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


# A game's Lua is loaded under this many instructions (a whole core and its data load in a
# few hundred thousand): a core that loops at load is named, never waited for.
LOAD_LIMIT = 50_000_000


def check(game: str, overrides: dict[str, str] | None = None) -> list[Lack]:
    """Every part `game` lacks, in the order the layers stand on each other.

    One Lack a line for each; whatever a game's own code raises on the way is a Lack too,
    naming its file and line. `overrides` replaces Lua modules by name (a test removes a
    function that way).
    """
    overrides = overrides or {}
    try:
        found = games.get(game)
    except games.GameLoadError as err:
        return [Lack(err.where or f"generator/games/{game}/__init__.py", err.why)]
    for layer in (_binding, _loader, _engine, _records, _words):
        lacks = list(_guarded(layer, game, found))
        if lacks:
            return lacks
    lacks = list(_guarded(_lua_core, game, found, overrides))
    core = _lua_path(found.lua_core)
    if any(lack.where.startswith(core) for lack in lacks):
        return lacks  # the table stands on the core: its spec would fail alike
    try:
        found.build_parts()
    except games.NoTable:
        return lacks + list(_guarded(_no_table, game, found))
    except Exception as err:  # a part of its table that cannot be loaded
        return [*lacks, Lack(f"generator/games/{game}/", f"the table's parts cannot be "
                             f"loaded ({games.why(err)})")]  # fmt: skip
    return lacks + list(_guarded(_table, game, found, overrides))


def _guarded(layer: Any, game: str, *args: Any) -> Iterator[Lack]:
    """The layer's lacks; an error the game's code raised in it is one more, located."""
    try:
        yield from layer(game, *args)
    except Missing as err:
        yield err.lack
    except Exception as err:  # the game's own code, whatever it raised
        what = layer.__name__.strip("_").replace("_", " ").replace("lua", "Lua")
        yield Lack(f"generator/games/{game}/", f"checking its {what}: {games.why(err)}")


def _binding(game: str, found: Any) -> Iterator[Lack]:
    where = f"generator/games/{game}/__init__.py"
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
    except Exception as err:
        yield Lack(f"generator/games/{game}/cards.py",
                   f"no card loader could be loaded ({games.why(err)})")  # fmt: skip
        return
    where = getattr(loader, "__file__", None) or f"the card loader of {game}"
    where = display(where) if isinstance(where, str) and "/" in where else where
    if not isinstance(getattr(loader, "FILES", ()), (tuple, list)):
        yield Lack(where, f"the loader's `FILES` is not a list: {LOADER['FILES']}")
        return
    for file in getattr(loader, "FILES", ("game",)):
        schema = SCHEMAS / game / f"{file}.schema.json"
        if not schema.is_file():
            yield Lack(display(schema), f"no schema for the card file `{file}`")
        else:
            yield from _schema(schema, f"the card file `{file}`")
        data = CARDS / game / f"{file}.yaml"
        if not data.is_file():
            yield Lack(display(data), f"no card data for the file `{file}` the loader lists")


def _schema(path: Any, what: str) -> Iterator[Lack]:
    """The schema at `path` is JSON and a JSON Schema (2020-12), or its lack, located."""
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import SchemaError

    try:
        schema = json.loads(path.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as err:
        at = f":{err.lineno}:{err.colno}" if isinstance(err, json.JSONDecodeError) else ""
        yield Lack(f"{display(path)}{at}", f"the schema of {what} is not JSON ({err})")
        return
    try:
        Draft202012Validator.check_schema(schema)
    except SchemaError as err:
        pointer = "/" + "/".join(str(p) for p in err.path)
        yield Lack(display(path), f"the schema of {what} is no JSON Schema: at {pointer}, "
                   f"{err.message}")  # fmt: skip


def _engine(game: str, found: Any) -> Iterator[Lack]:
    try:
        engine = found.engine()
    except Exception as err:
        yield Lack(f"generator/games/{game}/rules/",
                   f"no Python engine could be loaded ({games.why(err)})")  # fmt: skip
        return
    where = f"the Python engine of {game} (GAME.engine())"
    missing = [name for name in ENGINE if not callable(getattr(engine, name, None))]
    for name in missing:
        yield Lack(where, f"the engine lacks `{name}`: {ENGINE[name]}")
    if missing:
        return
    binding = f"generator/games/{game}/__init__.py"
    try:
        fewest, most = found.player_range(engine)
    except NotImplementedError:
        yield Lack(binding, "GAME.player_range(engine) is not given: the fewest and most "
                   "players (override it in the binding; the default reads the engine's "
                   "g['players'] {min, max})")  # fmt: skip
        return
    if not (isinstance(fewest, int) and isinstance(most, int) and 1 <= fewest <= most):
        yield Lack(binding, f"GAME.player_range(engine) gives ({fewest!r}, {most!r}): give "
                   "(fewest, most), 1 <= fewest <= most")  # fmt: skip
        return
    try:
        bots = found.bots()
    except Exception as err:
        yield Lack(f"generator/games/{game}/rules/bots.py",
                   f"no bots could be loaded ({games.why(err)}): BOTS by name, `easy` and "
                   "`strong` the table's levels")  # fmt: skip
        return
    for level in ("easy", "strong"):
        if not callable(bots.get(level) if isinstance(bots, dict) else None):
            yield Lack(
                f"generator/games/{game}/rules/bots.py",
                f"BOTS lacks `{level}`: a table level (the twin of the Lua bots)",
            )
    setup = found.deal(engine, fewest, random.Random(0))
    state = json.loads(json.dumps(_plain(engine.new_game(setup)), default=str))
    where = f"the state the engine of {game} makes (new_game)"
    for name, what in STATE.items():
        if not isinstance(state, dict) or name not in state:
            yield Lack(where, f"the state lacks `{name}`: {what}")
    players = state.get("players") if isinstance(state, dict) else None
    if isinstance(players, list) and not all(isinstance(p, dict) and "color" in p for p in players):
        yield Lack(where, f"a player lacks `color`: {STATE['players']}")


def _records(game: str, found: Any) -> Iterator[Lack]:
    """The game record's schema, which replay, playtest and every record read check."""
    schema = SCHEMAS / game / "log.schema.json"
    if not schema.is_file():
        yield Lack(display(schema), "no schema of the game record (its setup and actions)")
        return
    yield from _schema(schema, "the game record")


def _words(game: str, found: Any) -> Iterator[Lack]:
    """Each language the game declares has its catalogue (the suite holds it whole)."""
    from generator import i18n

    for lang in getattr(found, "languages", ()):
        po = i18n.folder(game) / f"{lang}.po"
        if lang not in i18n.languages():
            yield Lack(f"generator/games/{game}/__init__.py", f"`languages` declares '{lang}', "
                       f"which the shared layers' words are not translated to (languages: "
                       f"{', '.join(i18n.languages()) or 'none'})")  # fmt: skip
        elif not po.is_file():
            yield Lack(display(po), f"`languages` declares '{lang}', but its catalogue is "
                       "missing: `ttsmod i18n update` makes it, then translate it")  # fmt: skip


def _no_table(game: str, found: Any) -> Iterator[Lack]:
    """A game with no table yet must not declare what only a table gives."""
    if getattr(found, "numbers", None):
        yield Lack(f"generator/games/{game}/__init__.py",
                   "`numbers` declares what the game log states, but the game has no table "
                   f"(generator/games/{game}/tts/table.py) whose words tell it: declare them "
                   "once it has")  # fmt: skip


def _plain(state: Any) -> Any:
    """A state as plain data (an engine's state may be a dataclass or plain already)."""
    from dataclasses import asdict, is_dataclass

    return asdict(state) if is_dataclass(state) and not isinstance(state, type) else state


class Missing(Exception):
    """A Lua module the check needs is not there: `lack` says which and where."""

    def __init__(self, lack: Lack) -> None:
        super().__init__(lack.format())
        self.lack = lack


def _run_lua(root_source: str, game: str, overrides: dict[str, str], what: str, where: str) -> Any:
    """Run `root_source` with the game's Lua modules under LOAD_LIMIT instructions.

    Its result, or Missing naming the module and line a load error comes from (`what`: what
    was being loaded; `where`: the place named when the error names none).
    """
    from lupa.lua52 import LuaError

    from generator.harness.moonsharp import limited_runtime
    from generator.luabuild.bundle import BundleError, Module, collect, write_bundle
    from generator.luabuild.scripts import shipped_modules
    from generator.outputs import cache_dir

    modules = {**shipped_modules(game), **overrides}
    root = Module("__root", root_source, "<contract check>")
    try:
        # (the parses are kept where the build keeps its own: a check before each build is quick)
        bundled = write_bundle(collect(root, ROOT / "lua", modules, cache_dir(BUILD)))
    except BundleError as err:
        first = err.problems[0]
        at = f"{first.file}:{first.line}" if first.line else first.file
        raise Missing(Lack(at, f"{what}: {first.message}")) from None
    _, run = limited_runtime(0)
    try:
        return run(bundled.text, "contract", LOAD_LIMIT)
    except LuaError as err:
        said = bundled.explain(str(err))
        place = re.match(r"(lua/[^\s:]+\.lua:\d+): (.*)", said, re.S)
        if place:
            raise Missing(Lack(place.group(1), f"{what}: {place.group(2).strip()}")) from None
        raise Missing(Lack(where, f"{what}: {said.strip()}")) from None


def _module_exists(name: str, game: str, overrides: dict[str, str]) -> bool:
    from generator.luabuild.bundle import find_module
    from generator.luabuild.scripts import shipped_modules

    generated = {**shipped_modules(game), **overrides}
    return find_module(name, ROOT / "lua", generated) is not None


def _lua_path(module: str) -> str:
    return display(ROOT / "lua" / (module.replace(".", "/") + ".lua"))


def _lua_core(game: str, found: Any, overrides: dict[str, str]) -> Iterator[Lack]:
    core = found.lua_core
    probe = (
        f'local module = require("{core}")\n'
        'if type(module) ~= "table" or type(module.new) ~= "function" then\n'
        '  return "the module gives " .. type(module) .. ", not a table with new(data)"\nend\n'
        f'local core = module.new(require("{game}.data"))\n'
        'if type(core) ~= "table" then return "new(data) gives " .. type(core) end\n'
        "local out = {}\nfor k, v in pairs(core) do out[k] = type(v) end\nreturn out\n"
    )
    if not _module_exists(core, game, overrides):
        yield Lack(_lua_path(core), f"no Lua core: no module {core} (GAME.lua_core)")
        return
    try:
        got = _run_lua(probe, game, overrides, "loading the core", _lua_path(core))
    except Missing as err:
        yield err.lack
        return
    if isinstance(got, str):
        yield Lack(_lua_path(core), f"no Lua core: {got}")
        return
    kinds = dict(got)
    for name in LUA_CORE:
        if kinds.get(name) != "function":
            yield Lack(_lua_path(core), f"the core's new(data) lacks the function `{name}`")
    bots = found.lua_bots
    probe = f'return type(require("{bots}")(require("{game}.data")).value)'
    try:
        value = _run_lua(probe, game, overrides, "loading the bots", _lua_path(bots))
    except Missing as err:
        yield err.lack
        return
    if value != "function":
        yield Lack(_lua_path(bots), f"the bots' (data) gives no `value` function ({value})")


def _table(game: str, found: Any, overrides: dict[str, str]) -> Iterator[Lack]:
    for name, script in found.scripted_objects.items():
        if (
            not (ROOT / "lua" / script).is_file()
            and script.removesuffix(".lua").replace("/", ".") not in overrides
        ):
            yield Lack(display(ROOT / "lua" / script), f"no {name} script: the table's root "
                       "script (`require(\"glue.table\").run(spec)`)")  # fmt: skip
    spec_module = f"{game}.table.spec"
    if not (ROOT / "lua" / game / "table" / "spec.lua").is_file() and spec_module not in overrides:
        yield Lack(_lua_path(spec_module), "no table spec: a function returning the game's parts")
        return
    got = _run_lua(
        SPEC_PROBE.replace("@GAME@", game), game, overrides, "loading the table spec",
        _lua_path(spec_module),
    )  # fmt: skip
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
        if part == "words" and not {"over", "winner"} & set(have):
            yield Lack(
                where,
                "the spec's `words` lacks `over` (or `winner`, who won: the "
                "framework then words the end) (docs/table.md: words)",
            )
