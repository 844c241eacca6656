"""A headless Tabletop Simulator for tests: load a save, run its scripts, drive it like players.

    table = Table.load(save_dict, seed=1)      # every object, every script's onLoad
    table.join("Ann", "Red", host=True)        # players sit down (onPlayerChangeColor)
    table.click("Red", "startButton")          # an XmlUI click, as TTS calls the handler
    table.run(seconds=3)                       # the frame clock: waits, dice, smooth moves
    table.dump("Red")                          # what Red sees of the UI
    save = table.save()                        # onSave of every script, the table written

Lua runs in lupa's Lua 5.2 under the MoonSharp profile, each script in its own environment
with `self`. The scripts see only what TTS gives them (its API docs,
api.tabletopsimulator.com), and only the part the emulator models: touching anything else
raises an error naming it. TTS objects and players reach Lua as opaque handles (userdata),
called with dot syntax. docs/emulator.md lists what is modelled and what is not.
"""

from __future__ import annotations

import copy
import json
import math
import random
import re
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from generator.harness.moonsharp import host_runtime
from generator.harness.tts import ui
from generator.harness.tts.surface import surface
from generator.harness.tts.world import (
    SPAWN_FRAMES,
    TURN_FRAMES,
    Thing,
    Vec,
    nearest_face,
    thing_from,
    write_back,
)

FPS = 60
SEAT_COLORS = (
    "White", "Brown", "Red", "Orange", "Yellow", "Green", "Teal", "Blue", "Purple", "Pink",
)  # fmt: skip
ALL_COLORS = (*SEAT_COLORS, "Grey", "Black")


class ScriptError(Exception):
    """A script raised an error (TTS would print it in red and go on); the test stops here."""


class Strictness(ScriptError):
    """A script touched a name TTS does not have, or the emulator does not model."""


def _unknown(where: str, name: str) -> Strictness:
    owner = "global" if where == "global" else f"{where} member"
    if surface().found and not surface().has(where, name):
        return Strictness(f"'{name}' is not a TTS {owner} (not in api.json)")
    return Strictness(f"'{name}' ({owner}) is not modelled by the emulator (docs/emulator.md)")


@dataclass
class Player:
    """A person at the table."""

    name: str
    color: str
    host: bool = False
    promoted: bool = False
    team: str = "None"
    steam_id: str = ""


@dataclass
class Dialog:
    """A Player.showOptionsDialog on one player's screen (API player/instance.md).

    The API shows it to that player alone; its callback runs only when they press OK
    (`callback(selected_text, selected_index, player_color)`, the index from 1), never on
    close: the table must offer another way back to it.
    """

    description: str
    options: list[str]
    callback: Any


@dataclass
class Waiting:
    """A pending Wait: run `fn` when due (a frame, a time, or a condition)."""

    id: int
    fn: Any
    owner: Thing | None
    frame: int | None = None
    at: float | None = None
    every: float = 0.0
    reps: int = 1
    condition: Any = None
    timeout_at: float | None = None
    on_timeout: Any = None


@dataclass
class Cost:
    """Runs of one handler: wall time (ms) and Lua VM instructions, per run.

    `instructions` include `scans`, what the profile charged for string functions scanning
    long strings.
    """

    ms: list[float] = field(default_factory=list)
    instructions: list[int] = field(default_factory=list)
    scans: list[int] = field(default_factory=list)


class Handle:
    """What Lua sees of a Python object: named members only, each checked against the API."""

    where = "global"

    def __init__(self, table: Table) -> None:
        self._table = table

    def lua_get(self, name: str) -> Any:
        """A member read from Lua (dot syntax)."""
        getter = getattr(self, f"_get_{name}", None)
        if getter is not None:
            return getter()
        known = self.__dict__.setdefault("_methods", {}).get(name)
        if known is not None:
            return known
        method = getattr(self, f"_call_{name}", None)
        if method is None:
            raise _unknown(self.where, name)
        # One function per member, kept: Python objects handed to Lua must outlive every
        # Lua value that refers to them (lupa can otherwise hand back a freed object).
        known = self._methods[name] = self._table.api_function(
            f"{self.label()}.{name}", method, self
        )
        return known

    def lua_set(self, name: str, value: Any) -> None:
        """A member written from Lua."""
        setter = getattr(self, f"_set_{name}", None)
        if setter is None:
            if hasattr(self, f"_get_{name}"):
                raise Strictness(f"'{name}' is read-only")
            raise _unknown(self.where, name)
        setter(value)

    def label(self) -> str:
        """How API call counts name this handle."""
        return self.where

    @classmethod
    def members(cls) -> set[str]:
        """The member names this handle implements (for the surface test)."""
        prefixes = ("_call_", "_get_", "_set_")
        return {n.split("_", 2)[2] for n in dir(cls) if n.startswith(prefixes)}


def _what(obj: Any) -> str:
    return str(getattr(obj, "__qualname__", type(obj).__name__))


def _attribute_get(obj: Any, name: Any) -> Any:
    if isinstance(obj, Handle):
        return obj.lua_get(str(name))
    raise Strictness(
        f"Lua read '{name}' of a Python value the emulator did not hand out ({_what(obj)})"
    )


def _attribute_set(obj: Any, name: Any, value: Any) -> None:
    if isinstance(obj, Handle):
        obj.lua_set(str(name), value)
        return
    raise Strictness(
        f"Lua wrote '{name}' of a Python value the emulator did not hand out ({_what(obj)})"
    )


# The Lua side of the emulator: strict script environments, Vector, Color, and small helpers.
PRELUDE = r"""
local lua_type, lua_error = type, error
local H = {}

-- A script environment: its own globals, the TTS API and Lua's library, set in it as TTS
-- has them (a read costs no metamethod, so instruction counts stay the script's own);
-- anything else read is an error naming it (TTS would give nil and fail later, far from
-- the cause). A script's own globals (`declared`: assigned somewhere in its text) read as
-- nil until set, as in TTS.
function H.env(api, base, self_handle, declared, unknown)
  local env = {}
  for k, v in next, base do env[k] = v end
  for k, v in next, api do env[k] = v end
  env.self = self_handle
  setmetatable(env, { __index = function(_, k)
    if declared[k] then return nil end
    unknown(k)
  end })
  return env
end

function H.wrap(fn)
  return function(...) return fn(...) end
end

-- Vector and Color: pure Lua classes in TTS, called with colon syntax.
local function strict(name, methods)
  return function(t, k)
    local m = methods[k]
    if m ~= nil then return m end
    if k == 1 or k == 2 or k == 3 or k == 4 then return nil end
    lua_error("'" .. tostring(k) .. "' is not modelled on " .. name .. " (docs/emulator.md)", 2)
  end
end

local VM = {}
local VMT = { __index = strict("Vector", VM), __type = "Vector" }
local function vector(x, y, z)
  if lua_type(x) == "table" then
    local t = x
    x, y, z = t.x or t[1], t.y or t[2], t.z or t[3]
  end
  return setmetatable({ x = x or 0, y = y or 0, z = z or 0 }, VMT)
end
VMT.__index = function(t, k)
  if k == 1 then return rawget(t, "x") elseif k == 2 then return rawget(t, "y")
  elseif k == 3 then return rawget(t, "z") end
  return strict("Vector", VM)(t, k)
end
VMT.__add = function(a, b) return vector(a.x + b.x, a.y + b.y, a.z + b.z) end
VMT.__sub = function(a, b) return vector(a.x - b.x, a.y - b.y, a.z - b.z) end
VMT.__eq = function(a, b) return a.x == b.x and a.y == b.y and a.z == b.z end
VMT.__tostring = function(v) return string.format("%f %f %f", v.x, v.y, v.z) end
function VM:copy() return vector(self.x, self.y, self.z) end
function VM:get() return self.x, self.y, self.z end
function VM:add(o) self.x, self.y, self.z = self.x + o.x, self.y + o.y, self.z + o.z return self end
function VM:sub(o) self.x, self.y, self.z = self.x - o.x, self.y - o.y, self.z - o.z return self end
function VM:scale(s)
  if lua_type(s) == "number" then s = { x = s, y = s, z = s } end
  self.x, self.y, self.z = self.x * s.x, self.y * s.y, self.z * s.z
  return self
end
function VM:magnitude() return math.sqrt(self.x * self.x + self.y * self.y + self.z * self.z) end
function VM:distance(o)
  local dx, dy, dz = self.x - o.x, self.y - o.y, self.z - o.z
  return math.sqrt(dx * dx + dy * dy + dz * dz)
end
function VM:equals(o, margin)
  margin = margin or 0.001
  return math.abs(self.x - o.x) <= margin and math.abs(self.y - o.y) <= margin
    and math.abs(self.z - o.z) <= margin
end
H.Vector = setmetatable({ new = vector }, { __call = function(_, ...) return vector(...) end,
  __index = function(_, k)
    lua_error("'Vector." .. tostring(k) .. "' is not modelled (docs/emulator.md)", 2)
  end })

local CM = {}
local CMT = { __index = strict("Color", CM) }
local function color(r, g, b, a)
  if lua_type(r) == "table" then
    local t = r
    r, g, b, a = t.r or t[1], t.g or t[2], t.b or t[3], t.a or t[4]
  end
  return setmetatable({ r = r or 0, g = g or 0, b = b or 0, a = a or 1 }, CMT)
end
function CM:copy() return color(self.r, self.g, self.b, self.a) end
function CM:equals(o) return self.r == o.r and self.g == o.g and self.b == o.b and self.a == o.a end
H.Color = setmetatable({ new = color }, { __call = function(_, ...) return color(...) end,
  __index = function(_, k)
    lua_error("'Color." .. tostring(k) .. "' is not modelled (docs/emulator.md)", 2)
  end })

function H.is_function(v) return lua_type(v) == "function" end
function H.type(v) return lua_type(v) end
function H.rawget(t, k) return rawget(t, k) end
function H.pack(...) return { n = select("#", ...), ... } end
-- Coroutines stay on the Lua side (lupa hands threads to Python as iterators); Python holds
-- their numbers.
local threads = {}
function H.spawn(fn)
  threads[#threads + 1] = coroutine.create(fn)
  return #threads
end
function H.resume(i)
  local co = threads[i]
  local ok, err = coroutine.resume(co)
  return ok, err, coroutine.status(co)
end
return H
"""

BASE_NAMES = (
    "assert", "error", "ipairs", "next", "pairs", "pcall", "select", "tonumber", "tostring",
    "type", "xpcall", "setmetatable", "getmetatable", "rawequal", "rawget", "rawset", "rawlen",
    "unpack", "pack", "string", "table", "math", "os", "coroutine", "bit32", "_VERSION",
)  # fmt: skip


class Table:
    """One emulated TTS table (see the module docstring)."""

    def __init__(self, seed: int = 0, count_instructions: bool = True) -> None:
        self.rng = random.Random(seed)
        self.seed = seed
        self.count_instructions = count_instructions
        self.lua, self._load, self._count = host_runtime(seed, (_attribute_get, _attribute_set))
        self.H = self.lua.execute(PRELUDE)
        # TTS seeds math.random differently every session; ours follows the table's seed, so
        # a seeded playtest repeats (and nothing else shares the C library's generator).
        # lupa can hand Lua the wrong Python object once the userdata of a collected one is
        # released and its slot reused (scoder/lupa#294, met here about once in 15 games
        # with lupa 2.7 and 2.8): a table's Lua never collects garbage. A table lives for
        # one game; its runtime is freed with it.
        self.lua.execute("collectgarbage('stop')")
        self._math_rng = random.Random(f"{seed}:math.random")
        self.lua.globals().math.random = self._math_random
        # Lua helpers, fetched once: reading a Lua table's fields from inside a Lua -> Python
        # call gives lupa's tuple form, so nothing reads self.H there.
        self._wrap = self.H.wrap
        self._rawget = self.H.rawget
        self._is_function = self.H.is_function
        self._type = self.H.type
        self._new_vector = self.H.Vector
        self._co_spawn = self.H.spawn
        self._co_resume = self.H.resume
        self.frame = 0
        self.things: dict[str, Thing] = {}
        self.handles: dict[str, ObjectHandle] = {}
        self.kept: list[Any] = []  # Python values handed to Lua, kept alive with the table
        self.envs: dict[str, Any] = {}  # guid ("-1" for Global) -> script environment
        self.players: dict[str, Player] = {}  # name -> player
        self.chat: list[tuple[str, str, str]] = []  # (kind, recipient, text)
        # colour -> the options dialog open on that player's screen (one at a time: a new
        # one replaces it). Not saved: after a load no dialog is open.
        self.dialogs: dict[str, Dialog] = {}
        self.waits: list[Waiting] = []
        self.next_wait = 1
        self.coroutines: list[tuple[int, Thing | None]] = []
        self.costs: dict[str, Cost] = defaultdict(Cost)
        self.calls: Counter[str] = Counter()
        self.global_xml: list[ui.Element] = []
        self.xml_changed = False  # the Global UI differs from the save's text
        self.pending_xml: dict[str, tuple[list[ui.Element], int]] = {}  # owner -> (tree, frame)
        self.save_data: dict[str, Any] = {}
        self.global_script = ""
        self.global_state = ""
        self.inside: dict[str, set[str]] = {}  # zone guid -> guids inside
        self._where: dict[str, Any] = {}  # every object's position at the last zone check
        self.turns = {"enable": False, "turn_color": "", "order": [], "type": 1, "pass_turns": True}
        self.hotseat_colors: list[str] = []
        self.quirks = {
            "turn_event_twice": False,
            "turn_event_delay": 0,
            "stand_up_ends_turns": False,
        }
        self.autosave_every = 10.0  # seconds between rewind checkpoints (TTS: 10 s)
        self.snapshots: list[dict[str, Any]] = []
        self.api = self._api()

    def _math_random(self, m: Any = None, n: Any = None) -> float | int:
        if m is None:
            return self._math_rng.random()
        low, high = (1, int(m)) if n is None else (int(m), int(n))
        if low > high:
            raise ScriptError("bad argument to 'random' (interval is empty)")
        return self._math_rng.randint(low, high)

    # --- loading and saving ---------------------------------------------------------------

    @classmethod
    def load(cls, save: dict[str, Any], seed: int = 0, count_instructions: bool = True) -> Table:
        """A table with the save's objects and scripts, after every onLoad."""
        table = cls(seed, count_instructions)
        table._load_save(save)
        return table

    def _load_save(self, save: dict[str, Any]) -> None:
        self.save_data = copy.deepcopy(save)
        self.global_script = str(save.get("LuaScript", "") or "")
        self.global_state = str(save.get("LuaScriptState", "") or "")
        self.global_xml = ui.parse(str(save.get("XmlUI", "") or ""))
        turns = save.get("Turns") or {}
        self.turns.update(
            enable=bool(turns.get("Enable", False)),
            turn_color=str(turns.get("TurnColor", "") or ""),
            order=list(turns.get("TurnOrder") or []),
            type=int(turns.get("Type", 1)),
            pass_turns=bool(turns.get("PassTurns", True)),
        )
        for data in save.get("ObjectStates") or []:
            self._add(thing_from(data))
        self.inside = {g: self._contents_of_zone(t) for g, t in self.things.items() if t.is_zone}
        # Object scripts first, then Global; each onLoad gets its saved state.
        for guid, thing in list(self.things.items()):
            if thing.script:
                self._start_script(guid, thing.script, thing)
        self._start_script("-1", self.global_script, None)
        for guid, thing in list(self.things.items()):
            if thing.script:
                self.fire_at(guid, "onLoad", thing.script_state)
        self.fire_at("-1", "onLoad", self.global_state)

    def _add(self, thing: Thing) -> Thing:
        # TTS re-GUIDs a collision with an object on the table (a card put into a deck and
        # taken out again keeps its GUID: nothing else holds it meanwhile).
        while not thing.guid or (
            thing.guid in self.things and not self.things[thing.guid].destroyed
        ):
            thing.guid = f"{self.rng.randrange(16**6):06x}"
        self.things[thing.guid] = thing
        return thing

    def _start_script(self, guid: str, text: str, thing: Thing | None) -> None:
        handle = self.global_handle if thing is None else self.handle(thing)
        declared = self.lua.table_from({name: True for name in declared_globals(text)})
        env = self.H.env(self._api_for(thing), self._base(), handle, declared, self._undefined)
        self.envs[guid] = env
        if not text.strip():
            return
        name = "Global" if thing is None else f"{thing.name or thing.type_name} ({guid})"
        loaded = self._load(text, name, env)
        chunk, err = loaded if isinstance(loaded, tuple) else (loaded, None)
        if chunk is None:
            raise ScriptError(f"{name} does not compile: {err}")
        self._run(f"{name}: main chunk", chunk)

    def _base(self) -> Any:
        if not hasattr(self, "_base_table"):
            g = self.lua.globals()
            self._base_table = self.lua.table_from(
                {n: g[n] for n in BASE_NAMES if g[n] is not None}
            )
        return self._base_table

    def _undefined(self, name: Any) -> None:
        raise _unknown("global", str(name))

    def save(self) -> dict[str, Any]:
        """The table written as a save: every script's onSave, every object as it stands."""
        for guid in list(self.envs):
            state = self.fire_at(guid, "onSave")
            if state is not None:
                if guid == "-1":
                    self.global_state = str(state)
                else:
                    self.things[guid].script_state = str(state)
        return self.written()

    def written(self) -> dict[str, Any]:
        """The save as it stands, without calling onSave (what Save & Play keeps)."""
        out = copy.deepcopy(self.save_data)
        out["LuaScript"] = self.global_script
        out["LuaScriptState"] = self.global_state
        if self.xml_changed:
            out["XmlUI"] = ui.write(self.global_xml)
        out["ObjectStates"] = [write_back(t) for t in self.things.values() if not t.destroyed]
        out.setdefault("Turns", {})
        out["Turns"] = {
            **out["Turns"],
            "Enable": self.turns["enable"],
            "TurnColor": self.turns["turn_color"],
        }
        return out

    def save_and_play(self) -> Table:
        """Save & Play: reload the table as it stands, without calling onSave."""
        return self._reloaded(self.written())

    def rewind(self, steps: int = 1) -> Table:
        """Load the checkpoint `steps` back (onSave ran when it was taken), then onLoad."""
        return self._reloaded(self.snapshots[-steps])

    def reload(self, seed: int | None = None) -> Table:
        """Save (every onSave runs) and load the save again, the same players seated.

        What the host's Load of a fresh save does while everyone stays at the table.
        """
        return self._reloaded(self.save(), seed)

    def _reloaded(self, save: dict[str, Any], seed: int | None = None) -> Table:
        table = Table.load(save, self.seed + 1 if seed is None else seed, self.count_instructions)
        for player in self.players.values():
            table.players[player.name] = copy.copy(player)
        table.quirks = dict(self.quirks)
        return table

    # --- running Lua ----------------------------------------------------------------------

    def _run(self, label: str, fn: Any, *args: Any) -> Any:
        start = time.perf_counter()
        scanned = self._count.scanned if self.count_instructions else 0.0
        try:
            if self.count_instructions:
                counted = _values(self._count(fn, *args))
                n, values = int(counted[0]), counted[1:]
            else:
                n, values = 0, _values(fn(*args))
        except (Strictness, ScriptError):
            raise  # lupa re-raises a Python exception from a callback as itself
        except Exception as err:  # a Lua error
            raise ScriptError(f"{label}: {err}") from None
        cost = self.costs[label.split(": ", 1)[-1]]
        cost.ms.append((time.perf_counter() - start) * 1000)
        cost.instructions.append(n)
        cost.scans.append(round(self._count.scanned - scanned) if self.count_instructions else 0)
        if len(values) > 1:
            return tuple(values)
        return values[0] if values else None

    def fire_at(self, guid: str, event: str, *args: Any) -> Any:
        """Call one script's handler for `event` if it defines one; its first return value."""
        env = self.envs.get(guid)
        if env is None:
            return None
        fn = self._rawget(env, event)
        if fn is None or not self._is_function(fn):
            return None
        return self._run(f"{guid}: {event}", fn, *args)

    def fire(self, event: str, *args: Any) -> list[Any]:
        """A universal event: every object script, then Global; the answers in that order."""
        answers = []
        for guid in list(self.envs):
            if guid != "-1" and not self.things[guid].destroyed:
                answers.append(self.fire_at(guid, event, *args))
        answers.append(self.fire_at("-1", event, *args))
        return answers

    def call_in(self, guid: str, name: str, *args: Any) -> Any:
        """Call a script's own function by name (a button's or an XmlUI handler)."""
        env = self.envs.get(guid)
        fn = None if env is None else self._rawget(env, name)
        if fn is None:
            raise ScriptError(f"script {guid} has no function '{name}'")
        return self._run(f"{guid}: {name}", fn, *args)

    def api_function(self, name: str, fn: Callable[..., Any], owner: Any = None) -> Any:
        """A Python function as Lua sees it: counted, and refusing colon calls on objects."""

        def call(*args: Any) -> Any:
            if owner is not None and args and args[0] is owner:
                raise Strictness(f"{name} was called with ':'; TTS objects take '.'")
            self.calls[name] += 1
            return fn(*args)

        return self._wrap(call)

    # --- Lua <-> Python values --------------------------------------------------------------

    def to_lua(self, value: Any) -> Any:
        """Python data as Lua data (lists and dicts become tables)."""
        if isinstance(value, dict):
            return self.lua.table_from({k: self.to_lua(v) for k, v in value.items()})
        if isinstance(value, list | tuple):
            return self.lua.table_from([self.to_lua(v) for v in value])
        return value

    def from_lua(self, value: Any) -> Any:
        """Lua data as Python data (a table with keys 1..n is a list)."""
        if self.lua_type(value) != "table":
            return value
        keys = list(value.keys())
        if (
            keys
            and all(isinstance(k, int) for k in keys)
            and sorted(keys) == list(range(1, len(keys) + 1))
        ):
            return [self.from_lua(value[k]) for k in range(1, len(keys) + 1)]
        return {str(k): self.from_lua(value[k]) for k in keys}

    def lua_type(self, value: Any) -> str:
        """Lua's type() of a value (the helper's own `type`: the globals' may be a script's)."""
        return str(self._type(value))

    def vector(self, v: Vec) -> Any:
        """A Lua Vector."""
        return self._new_vector(float(v[0]), float(v[1]), float(v[2]))

    def vec(self, value: Any) -> Vec:
        """A Vector or {x,y,z} / {1,2,3} table from Lua, as a Python list."""
        return [
            float(value[k] if value[k] is not None else value[i])
            for i, k in ((1, "x"), (2, "y"), (3, "z"))
        ]

    # --- the API tables ---------------------------------------------------------------------

    def _spawn_json(self, params: Any) -> Any:
        """The global spawnObjectJSON (api base.md): an object from its save JSON.

        `json` as getJSON gives it; at `position`/`rotation` when given. It spawns over a
        few frames like a card taken from a deck, then `callback_function(obj)` runs.
        """
        p = self.from_lua(params)
        if not isinstance(p, dict) or not isinstance(p.get("json"), str):
            raise ScriptError("spawnObjectJSON needs a 'json' string")
        thing = self._add(thing_from(json.loads(p["json"])))
        if p.get("position"):
            thing.pos = self.vec(params["position"])
        if p.get("rotation"):
            thing.rot = self.vec(params["rotation"])
        thing.spawning = SPAWN_FRAMES
        thing.placed()
        handle = self.handle(thing)
        self.when_spawned(
            thing, handle, params["callback_function"] if p.get("callback_function") else None
        )
        return handle

    def when_spawned(self, thing: Thing, handle: Any, callback: Any) -> None:
        """Run a spawn's `callback(obj)` once `thing` has spawned (SPAWN_FRAMES frames)."""
        if callback is not None:
            self.add_wait(
                Waiting(
                    self._new_id(),
                    self._wrap(lambda: callback(handle)),
                    thing,
                    frame=self.frame + SPAWN_FRAMES,
                )
            )

    def _api(self) -> Any:
        self.global_handle = GlobalHandle(self)
        funcs: dict[str, Callable[..., Any]] = {
            "print": lambda message=None: self._say("print", "host", message),
            "printToAll": lambda message, tint=None: self._say("printToAll", "all", message),
            "printToColor": lambda message, color, tint=None: self._say(
                "printToColor", color, message
            ),
            "broadcastToAll": lambda message, tint=None: self._say(
                "broadcastToAll", "all", message
            ),
            "broadcastToColor": lambda message, color, tint=None: self._say(
                "broadcastToColor", color, message
            ),
            "log": lambda value=None, label=None, tags=None: self._say("log", "console", value),
            "getObjectFromGUID": self._object_from_guid,
            "getObjects": lambda: self.to_lua([self.handle(t) for t in self._live()]),
            "getObjectsWithTag": lambda tag: self.to_lua(
                [self.handle(t) for t in self._live() if tag in t.tags]
            ),
            "getSeatedPlayers": lambda: self.to_lua(self.seated()),
            "destroyObject": lambda obj: self.destroy(obj._thing),
            "startLuaCoroutine": self._start_coroutine,
            "spawnObjectJSON": self._spawn_json,
        }
        api = {name: self.api_function(name, fn) for name, fn in funcs.items()}
        api.update(
            UI=UIHandle(self, None),
            Turns=TurnsHandle(self),
            Player=PlayersHandle(self),
            JSON=JSONHandle(self),
            Notes=NotesHandle(self),
            Time=TimeHandle(self),
            Global=self.global_handle,
            Vector=self.H.Vector,
            Color=self.H.Color,
        )
        return api

    def _api_for(self, thing: Thing | None) -> Any:
        """One script's API table: shared handles, and a Wait that knows whose waits these are."""
        return self.lua.table_from({**self.api, "Wait": WaitHandle(self, thing)})

    @classmethod
    def global_functions(cls) -> set[str]:
        """The global functions and tables the emulator gives scripts (for the surface test)."""
        return {
            "print", "printToAll", "printToColor", "broadcastToAll", "broadcastToColor", "log",
            "getObjectFromGUID", "getObjects", "getObjectsWithTag", "getSeatedPlayers",
            "destroyObject", "startLuaCoroutine", "spawnObjectJSON", "Wait", "UI", "Turns",
            "Player", "JSON", "Notes", "Time", "Global", "Vector", "Color",
        }  # fmt: skip

    def _say(self, kind: str, to: Any, message: Any) -> bool:
        text = str(message) if not isinstance(message, str) else message
        self.chat.append((kind, str(to), text))
        return True

    def messages(self, color: str) -> list[str]:
        """Chat lines a colour received (all, to that colour; the host also gets print)."""
        host = any(p.host and p.color == color for p in self.players.values())
        return [
            text for kind, to, text in self.chat if to in ("all", color) or (to == "host" and host)
        ]

    def _object_from_guid(self, guid: Any) -> Any:
        thing = self.things.get(str(guid))
        return None if thing is None or thing.destroyed else self.handle(thing)

    def _live(self) -> list[Thing]:
        return [t for t in self.things.values() if not t.destroyed]

    def handle(self, thing: Thing) -> ObjectHandle:
        """The one handle of a thing (the same userdata every time, as in TTS)."""
        known = self.handles.get(thing.guid)
        if known is None or known._thing is not thing:
            # A card taken from a deck is a new object with the old GUID: a new handle (the
            # old one is kept alive: Lua may still hold it).
            if known is not None:
                self.kept.append(known)
            known = self.handles[thing.guid] = ObjectHandle(self, thing)
        return known

    def destroy(self, thing: Thing) -> bool:
        """Destroy an object: onObjectDestroy, its waits dropped, its handle dead."""
        if thing.destroyed:
            return False
        self.fire("onObjectDestroy", self.handle(thing))
        thing.destroyed = True
        self.waits = [w for w in self.waits if w.owner is not thing]
        self.envs.pop(thing.guid, None)
        return True

    # --- time -----------------------------------------------------------------------------

    @property
    def time(self) -> float:
        """Seconds since the table loaded (Time.time)."""
        return self.frame / FPS

    def step(self, frames: int = 1) -> None:
        """Advance the clock frame by frame: moves, dice, zones, waits, coroutines, UI."""
        for _ in range(frames):
            self.frame += 1
            self._move_things()
            self._zones()
            self._apply_xml()
            self._run_waits()
            self._run_coroutines()
            self.fire("onUpdate")
            if self.frame % int(self.autosave_every * FPS) == 0:
                self.checkpoint()

    def run(self, seconds: float) -> None:
        """Advance the clock by some seconds."""
        self.step(round(seconds * FPS))

    def run_until(self, condition: Callable[[], bool], seconds: float = 30.0) -> None:
        """Step until `condition()` holds; AssertionError after `seconds`."""
        for _ in range(int(seconds * FPS)):
            if condition():
                return
            self.step()
        if not condition():
            raise AssertionError(f"not reached within {seconds} s of table time")

    def checkpoint(self) -> None:
        """A rewind checkpoint (and autosave): every onSave runs, the save is kept."""
        self.snapshots.append(self.save())

    def _move_things(self) -> None:
        moving = []
        for thing in self._live():
            if not thing.at_rest():
                moving.append(thing)
            if thing.smooth is not None:
                target, left = thing.smooth
                thing.pos = [p + (t - p) / left for p, t in zip(thing.pos, target, strict=True)]
                thing.smooth = None if left <= 1 else (target, left - 1)
                if thing.smooth is None:
                    thing.placed()
            if thing.tumbling:
                thing.tumbling -= 1
                if thing.tumbling == 0:
                    cocked = self.rng.random() < self.cocked_chance
                    tilt = self.rng.uniform(20.0, 40.0) if cocked else 0.0
                    if thing.faces:
                        face = self.rng.randrange(len(thing.faces))
                        thing.set_face(face, tilt, spin=self.rng.uniform(0.0, 360.0))
                    thing.resting = True
            if thing.turning is not None:
                face, left = thing.turning
                thing.turning = None if left <= 1 else (face, left - 1)
                if thing.turning is None:
                    thing.set_face(face)
                    thing.placed()
            elif thing.spawning:
                thing.spawning -= 1
            elif thing.settle:
                thing.settle -= 1
        self._merge(moving)

    def _hand_zones(self) -> list[Thing]:
        return [t for t in self._live() if t.hand_color is not None]

    def _merge(self, moving: list[Thing]) -> None:
        """Loose cards that touch while one is not at rest merge (SCED DeckLib, SNM notes).

        A card that comes down on a deck goes into it (on top when it is higher, as putObject
        does: api object.md); two cards form a new deck with a new GUID, the lower card at
        the bottom. Cards in hands never merge; the old handles die.
        """
        moving = [t for t in moving if t.is_card or t.is_deck]
        if not moving:
            return
        hands = self._hand_zones()

        def loose(t: Thing) -> bool:
            return (
                not t.destroyed
                and (t.is_card or t.is_deck)
                and t.held_by is None
                and not any(z.contains_point(t.pos) for z in hands)
            )

        others = [t for t in self._live() if loose(t)]
        for thing in moving:
            if not loose(thing):
                continue
            for other in others:
                if other is thing or other.destroyed or (thing.is_deck and other.is_deck):
                    continue
                if thing.touches(other):
                    others.append(self.combine(other, thing))
                    break

    def combine(self, below: Thing, above: Thing) -> Thing:
        """`above` goes into the deck `below` (or both cards form a new deck); the container."""
        if below.is_card and above.is_deck:
            below, above = above, below
            into_top = False
        else:
            into_top = above.pos[1] > below.pos[1] + 0.05
        if below.is_deck:
            entry = write_back(above)
            if into_top:
                below.contents.insert(0, entry)
            else:
                below.contents.append(entry)
            self.destroy(above)
            self.fire("onObjectEnterContainer", self.handle(below), self.handle(above))
            return below
        deck = self._add(thing_from(_deck_data([write_back(above), write_back(below)], below)))
        deck.placed()
        self.destroy(above)
        self.destroy(below)
        return deck

    # measured on a live TTS: PeterPeet/Claude-TTSim-MCPServer docs/requirements.md Q8
    cocked_chance = 1 / 400

    def _contents_of_zone(self, zone: Thing) -> set[str]:
        return {
            t.guid
            for t in self._live()
            if t is not zone and not t.is_zone and zone.contains_point(t.pos)
        }

    def _zones(self) -> None:
        # Only objects that moved, appeared or went can change what a zone holds.
        where = {g: (*t.pos, t.destroyed) for g, t in self.things.items()}
        moved = [g for g, w in where.items() if self._where.get(g) != w]
        self._where = where
        if not moved:
            return
        for guid, before in list(self.inside.items()):
            zone = self.things[guid]
            if zone.destroyed:
                continue
            now = set(before)
            for g in moved:
                t = self.things[g]
                if not t.destroyed and not t.is_zone and zone.contains_point(t.pos):
                    now.add(g)
                else:
                    now.discard(g)
            legacy = zone.tag == "Scripting"  # the older scripting-zone events fire too
            for entered in sorted(now - before):
                args = (self.handle(zone), self.handle(self.things[entered]))
                self.fire("onObjectEnterZone", *args)
                if legacy:
                    self.fire("onObjectEnterScriptingZone", *args)
            for left in sorted(before - now):
                args = (self.handle(zone), self.handle(self.things[left]))
                self.fire("onObjectLeaveZone", *args)
                if legacy:
                    self.fire("onObjectLeaveScriptingZone", *args)
            self.inside[guid] = now

    def _apply_xml(self) -> None:
        for owner, (tree, frame) in list(self.pending_xml.items()):
            if frame <= self.frame:
                if owner == "-1":
                    self.global_xml = tree
                    self.xml_changed = True
                else:
                    self.things[owner].xml = ui.write(tree)
                del self.pending_xml[owner]

    def add_wait(self, wait: Waiting) -> int:
        """Queue a Wait; its id."""
        self.waits.append(wait)
        return wait.id

    def _run_waits(self) -> None:
        now = self.time
        for wait in list(self.waits):
            if wait not in self.waits:
                continue  # stopped by an earlier callback this frame
            if wait.condition is not None:
                if self._run("Wait.condition condition", wait.condition):
                    self.waits.remove(wait)
                    self._run("Wait.condition callback", wait.fn)
                elif wait.timeout_at is not None and now >= wait.timeout_at:
                    self.waits.remove(wait)
                    if wait.on_timeout is not None:
                        self._run("Wait.condition timeout", wait.on_timeout)
            elif wait.frame is not None and self.frame >= wait.frame:
                self.waits.remove(wait)
                self._run("Wait.frames callback", wait.fn)
            elif wait.at is not None and now >= wait.at - 1e-9:
                wait.reps -= 1
                if wait.reps == 0:
                    self.waits.remove(wait)
                else:
                    wait.at += wait.every
                self._run("Wait.time callback", wait.fn)

    def _start_coroutine(self, owner: Any, name: Any) -> bool:
        guid = "-1" if owner is None or isinstance(owner, GlobalHandle) else owner._thing.guid
        fn = self._rawget(self.envs[guid], name)
        if fn is None:
            raise ScriptError(f"startLuaCoroutine: no function '{name}' in script {guid}")
        co = int(self._co_spawn(fn))
        thing = None if guid == "-1" else self.things[guid]
        self.coroutines.append((co, thing))
        self._resume(co, thing)
        return True

    def _resume(self, co: int, thing: Thing | None) -> None:
        start = time.perf_counter()
        counted = _values(self._count(self._co_resume, co))
        cost = self.costs["coroutine"]
        cost.instructions.append(int(counted[0]))
        cost.scans.append(0)
        cost.ms.append((time.perf_counter() - start) * 1000)
        if not counted[1]:
            raise ScriptError(f"coroutine: {counted[2]}")
        if counted[3] == "dead":
            self.coroutines.remove((co, thing))

    def _run_coroutines(self) -> None:
        for co, thing in list(self.coroutines):
            if thing is not None and thing.destroyed:
                self.coroutines.remove((co, thing))
                continue
            self._resume(co, thing)

    # --- players ----------------------------------------------------------------------------

    def join(self, name: str, color: str, host: bool = False, team: str = "None") -> Player:
        """A player connects and takes a colour (Grey: a spectator)."""
        player = Player(name, "Grey", host=host, team=team, steam_id=str(len(self.players) + 1))
        self.players[name] = player
        self.fire("onPlayerConnect", PlayerHandle(self, name))
        if color != "Grey":
            self.change_color(name, color)
        return player

    def change_color(self, name: str, color: str) -> bool:
        """A player changes colour (refused when the colour is taken); onPlayerChangeColor."""
        if color not in ALL_COLORS:
            raise ValueError(f"'{color}' is not a TTS colour")
        if color != "Grey" and any(p.color == color for p in self.players.values()):
            return False
        player = self.players[name]
        was = player.color
        player.color = color
        if self.quirks["stand_up_ends_turns"] and was != "Grey" and color == "Grey":
            self.turns["enable"] = False  # TTS: a player standing up switches turns off
        self.fire("onPlayerChangeColor", color)
        return True

    def leave(self, name: str) -> None:
        """A player disconnects: onPlayerChangeColor("Grey"), then onPlayerDisconnect."""
        if self.players[name].color != "Grey":
            self.change_color(name, "Grey")
        handle = PlayerHandle(self, name)
        self.fire("onPlayerDisconnect", handle)
        del self.players[name]

    def seated(self) -> list[str]:
        """Colours with someone sitting there (not Grey): getSeatedPlayers()."""
        colors = [p.color for p in self.players.values() if p.color != "Grey"]
        extra = [c for c in self.hotseat_colors if c not in colors]
        return colors + extra

    def player_at(self, color: str) -> Player | None:
        """Who sits at a colour (None for an empty seat)."""
        return next((p for p in self.players.values() if p.color == color), None)

    def viewer(self, color: str) -> ui.Viewer:
        """How the UI sees a colour (Grey: a spectator; host and promoted from the player)."""
        player = self.player_at(color) if color != "Grey" else None
        return ui.Viewer(
            color,
            player.team if player else "None",
            bool(player and player.host),
            bool(player and (player.promoted or player.host)),
        )

    # --- drivers: what players do ------------------------------------------------------------

    def click(self, color: str, element_id: str, owner: str = "-1", value: str = "-1") -> Any:
        """A player clicks an XmlUI element; refused when they cannot see it or it is inactive.

        `value` is the mouse button: "-1" left, "-2" right, "-3" middle (SCED Global.ttslua:
        a plain onClick passes it); an `onClick="fn(arg)"` passes `arg` instead, whatever the
        button.
        """
        tree = self.global_xml if owner == "-1" else ui.parse(self.things[owner].xml)
        found = next(((e, ps) for e, ps in ui.walk(tree) if e.id == element_id), None)
        if found is None:
            raise ui.UIError(f"no XmlUI element has the id '{element_id}'")
        element, parents = found
        if not ui.shown(element, parents, self.viewer(color)):
            raise ui.UIError(f"{color} cannot see '{element_id}' (visibility or active)")
        if element.attributes.get("interactable", "true").lower() == "false":
            raise ui.UIError(f"'{element_id}' is not interactable")
        handler = element.attributes.get("onClick")
        if not handler:
            raise ui.UIError(f"'{element_id}' has no onClick")
        return self._ui_call(owner, handler, color, value, element_id)

    def _ui_call(self, owner: str, handler: str, color: str, value: str, element_id: str) -> Any:
        target = owner
        if "/" in handler:
            where, handler = handler.split("/", 1)
            target = "-1" if where == "Global" else where
        if "(" in handler and handler.endswith(")"):
            handler, value = handler[:-1].split("(", 1)
        who = self.player_at(color) or next(
            (p for p in self.players.values() if p.color == color), None
        )
        name = who.name if who else color
        return self.call_in(target, handler, PlayerHandle(self, name, color), value, element_id)

    def click_button(self, color: str, guid: str, index: int = 0, alt: bool = False) -> Any:
        """A player clicks an object's button (buttons have no per-player visibility)."""
        if color == "Grey":
            raise ui.UIError("spectators cannot click object buttons")
        thing = self.things[guid]
        button = thing.buttons[index]
        owner = button.get("function_owner")
        target = "-1" if owner is None or isinstance(owner, GlobalHandle) else owner._thing.guid
        return self.call_in(target, button["click_function"], self.handle(thing), color, alt)

    def dump(self, color: str, owner: str = "-1") -> str:
        """What one colour sees of the Global UI (or an object's UI)."""
        tree = self.global_xml if owner == "-1" else ui.parse(self.things[owner].xml)
        return ui.dump(tree, self.viewer(color))

    def hands(self, color: str) -> dict[str, list[str]]:
        """What one colour sees of every hand: names in their own (Black: in all), else '?'."""
        out = {}
        for zone in self._live():
            if zone.hand_color is None:
                continue
            cards = [self.things[g] for g in sorted(self._contents_of_zone(zone))]
            cards = [c for c in cards if c.data.get("Hands", False)]
            mine = color in (zone.hand_color, "Black")
            out[zone.hand_color] = [c.name if mine else "?" for c in cards]
        return out

    def search(self, color: str, guid: str) -> list[str]:
        """A player searches a container: onObjectSearchStart(obj, color); what they see.

        Searching shows the searcher every object inside, by name, in order (KB "Search").
        """
        thing = self.things[guid]
        if thing.contents is None:
            raise ValueError(f"{guid} is not a container")
        self.fire("onObjectSearchStart", self.handle(thing), color)
        seen = [str(c.get("Nickname", "")) for c in thing.contents]
        self.fire("onObjectSearchEnd", self.handle(thing), color)
        return seen

    def type_number(self, color: str, guid: str, number: int) -> None:
        """A player types a number over an object: onObjectNumberTyped.

        Over a deck that no handler stops (a handler returning true), TTS deals that many
        cards into the typist's hand (api events.md onObjectNumberTyped).
        """
        thing = self.things[guid]
        answers = self.fire("onObjectNumberTyped", self.handle(thing), color, number)
        if any(a is True for a in answers) or thing.contents is None:
            return
        self.handle(thing)._call_deal(number, color)

    def nudge(self, guid: str, position: Vec, rotation: Vec | None = None) -> None:
        """A piece moves without an event: the gizmo, Ctrl+Z, a nudge (no onObjectDrop)."""
        thing = self.things[guid]
        thing.pos = list(position)
        if rotation is not None:
            thing.rot = list(rotation)
        thing.placed()

    def hotseat(self, name: str, colors: list[str]) -> None:
        """One person plays several colours at one computer (hotseat).

        Every colour is seated (getSeatedPlayers, Player[c].seated) while
        Player.getPlayers() lists the one person, at the first colour.
        """
        self.join(name, colors[0], host=True)
        self.hotseat_colors = list(colors)
        for color in colors[1:]:
            self.fire("onPlayerChangeColor", color)

    def notebook(self, color: str) -> list[tuple[str, str]]:
        """The notebook pages a colour can read: (title, body).

        A tab has a colour (Grey when added without one: api notes.md); Grey tabs are read
        by everyone, a colour's tab by that colour, and Black, the game master, reads every
        page (KB player roles).
        """
        tabs = self.save_data.get("TabStates") or {}
        out = []
        for _, tab in sorted(tabs.items(), key=lambda kv: int(kv[0])):
            owner = str(tab.get("color", "Grey") or "Grey")
            if owner in ("Grey", color) or color == "Black":
                out.append((str(tab.get("title", "")), str(tab.get("body", ""))))
        return out

    def dialog(self, color: str) -> Dialog | None:
        """The options dialog open on `color`'s screen, if any."""
        return self.dialogs.get(color)

    def answer(self, color: str, index: int) -> Any:
        """The player at `color` picks option `index` (from 1) of their dialog and presses OK."""
        shown = self.dialogs.pop(color, None)
        if shown is None:
            raise ui.UIError(f"{color} has no dialog open")
        if self.player_at(color) is None and color not in self.hotseat_colors:
            raise ui.UIError(f"no one sits at {color} to answer the dialog")
        if not 1 <= index <= len(shown.options):
            raise ui.UIError(f"{color}'s dialog has {len(shown.options)} options, not {index}")
        return self._run("-1: dialog", shown.callback, shown.options[index - 1], index, color)

    def close_dialog(self, color: str) -> None:
        """The player closes their dialog without OK (the API calls nothing)."""
        self.dialogs.pop(color, None)

    def readable(self, color: str) -> list[str]:
        """Every text a colour can read at the table now.

        Its view of the UI, its chat, the notebook pages it may open, the names,
        descriptions (and, for Black, GM notes) of the objects it can see, and everything
        inside the containers it could search.

        Hidden from it: cards in another colour's hand (Black sees all hands: KB player
        roles) and the faces of face-down cards that hide when face down (api object.md
        hide_when_face_down). Spectators search nothing.
        """
        texts = [self.dump(color), *self.messages(color)]
        shown = self.dialogs.get(color)
        if shown is not None:
            texts.append("\n".join([shown.description, *shown.options]))
        texts += [f"{title}\n{body}" for title, body in self.notebook(color)]
        hands = self._hand_zones()
        for thing in self._live():
            if thing.is_zone:
                continue
            owner = next((z.hand_color for z in hands if z.contains_point(thing.pos)), None)
            if owner is not None and owner != color and color != "Black":
                continue
            if (
                thing.is_card
                and owner is None
                and _face_down(thing)
                and thing.data.get("HideWhenFaceDown", True)
            ):
                continue
            texts += [thing.name, thing.description]
            if color == "Black":
                texts.append(thing.gm_notes)
        texts += self.searchable(color)
        return [t for t in texts if t]

    def searchable(self, color: str) -> list[str]:
        """What a search of each container on the table shows a colour, one text each.

        The names and descriptions inside, in order (spectators search nothing).
        """
        if color == "Grey":
            return []
        return [
            "\n".join(
                f"{entry.get('Nickname', '')}: {entry.get('Description', '')}"
                for entry in thing.contents
            )
            for thing in self._live()
            if thing.contents
        ]

    def pick_up(self, color: str, guid: str) -> None:
        """A player picks up an object: onObjectPickUp(player_color, object)."""
        thing = self.things[guid]
        if thing.locked or not thing.interactable:
            raise ValueError(f"{guid} cannot be picked up (locked or not interactable)")
        thing.held_by = color
        thing.resting = False
        self.fire("onObjectPickUp", color, self.handle(thing))

    def drop(self, color: str, guid: str, position: Vec) -> None:
        """A player drops a held object at a position: onObjectDrop(player_color, object)."""
        thing = self.things[guid]
        thing.pos = list(position)
        thing.held_by = None
        thing.resting = True
        self.fire("onObjectDrop", color, self.handle(thing))

    def shake(self, color: str, guid: str, frames: int = 30) -> bool:
        """A player shakes a die or presses R over an object.

        tryObjectRandomize may veto; else a die rolls, and another object is lifted and
        turned at random (R on a ship or a token), with no onObjectDrop.

        onObjectRandomize fires repeatedly while the die is shaken (every 10 frames here).
        """
        thing = self.things[guid]
        answer = self.fire_at("-1", "tryObjectRandomize", self.handle(thing), color)
        if answer is False:
            return False
        for k in range(0, max(frames, 1), 10):
            self.fire("onObjectRandomize", self.handle(thing), color)
            if k + 10 < frames:
                self.step(10)
        if thing.faces:
            self.start_roll(thing)
        else:
            thing.pos = [thing.pos[0] + self.rng.uniform(-1, 1), thing.pos[1] + 1.0,
                         thing.pos[2] + self.rng.uniform(-1, 1)]  # fmt: skip
            thing.rot = [thing.rot[0], self.rng.uniform(0, 360), thing.rot[2]]
            thing.placed()
        return True

    def start_roll(self, thing: Thing) -> bool:
        """A die tumbles for a seeded number of frames (1 to 2.5 s), then rests on a face.

        A die that is held, smooth-moving or turning to a rotation value is not thrown.
        """
        if thing.held_by or thing.smooth is not None or thing.turning is not None:
            return False
        thing.resting = False
        thing.tilt = 0.0
        thing.tumbling = self.rng.randrange(60, 150)
        thing.thrown = self.frame
        return True

    def turn(self, color: str) -> None:
        """Set the turn as TTS does (onPlayerTurn, with the quirks a test switched on)."""
        previous = self.turns["turn_color"]
        self.turns["turn_color"] = color
        if not self.turns["enable"]:
            return  # turn_color does nothing while turns are off
        args = (
            PlayerHandle(self, None, color),
            PlayerHandle(self, None, previous) if previous else None,
        )
        delay = self.quirks["turn_event_delay"]
        times = 2 if self.quirks["turn_event_twice"] else 1
        for _ in range(times):
            if delay:
                self.add_wait(
                    Waiting(
                        self._new_id(),
                        self._wrap(lambda: self.fire("onPlayerTurn", *args)),
                        None,
                        frame=self.frame + delay,
                    )
                )
            else:
                self.fire("onPlayerTurn", *args)

    def _new_id(self) -> int:
        self.next_wait += 1
        return self.next_wait - 1

    # --- cost -------------------------------------------------------------------------------

    def report(self) -> str:
        """p50/p99/max wall time and instructions per handler, and API calls by name."""
        lines = []
        for name, cost in sorted(self.costs.items()):
            lines.append(
                f"{name}: {len(cost.ms)} runs, ms p50 {_pct(cost.ms, 0.5):.3f} "
                f"p99 {_pct(cost.ms, 0.99):.3f} max {max(cost.ms):.3f}; instructions "
                f"p50 {_pct(cost.instructions, 0.5):.0f} p99 {_pct(cost.instructions, 0.99):.0f} "
                f"max {max(cost.instructions)}"
            )
        lines += [f"API {name}: {n}" for name, n in sorted(self.calls.items())]
        return "\n".join(lines)


ASSIGNED = re.compile(
    r"(?m)^[ \t]*(?:function[ \t]+([A-Za-z_]\w*)[ \t]*\(|([A-Za-z_][\w \t,]*?)[ \t]*=[^=])"
)


def declared_globals(text: str) -> set[str]:
    """Names a script assigns as globals somewhere (a line `name = ...` or `function name(`).

    A text search, not a parse (the emulator loads many scripts): a `local` line is not a
    global assignment, and the lint (LUA006) catches the rest before a build.
    """
    names = set()
    for function, targets in ASSIGNED.findall(text):
        if function:
            names.add(function)
        elif not targets.startswith("local"):
            names.update(t.strip() for t in targets.split(",") if t.strip().isidentifier())
    return names


def _deck_data(entries: list[dict[str, Any]], where: Thing) -> dict[str, Any]:
    """A new deck's save entry holding `entries` (top first), lying where `where` lies.

    It has no GUID yet: the table gives it one, as TTS does for a deck cards form.
    """
    custom: dict[str, Any] = {}
    for entry in entries:
        custom.update(entry.get("CustomDeck") or {})
    return {
        "GUID": "",
        "Name": "Deck",
        "Nickname": "",
        "Transform": write_back(where)["Transform"],
        "HideWhenFaceDown": True,
        "DeckIDs": [e.get("CardID") for e in entries],
        "CustomDeck": custom,
        "ContainedObjects": entries,
    }


def _face_down(thing: Thing) -> bool:
    return abs(((thing.rot[2] + 180) % 360) - 180) > 90


def _only(params: dict[str, Any], modelled: set[str], function: str) -> dict[str, Any]:
    """Refuse parameters of a partly modelled function that the emulator would ignore."""
    for key in sorted(set(params) - modelled):
        raise Strictness(f"{function}: parameter '{key}' is not modelled (docs/emulator.md)")
    return params


def _values(result: Any) -> list[Any]:
    """The answer of a Lua call through lupa as a list (a tuple for several values, else one)."""
    return list(result) if isinstance(result, tuple) else [result]


def _pct(values: list[Any], q: float) -> float:
    ordered = sorted(values)
    return float(ordered[min(len(ordered) - 1, int(q * len(ordered)))])


# --- handles ------------------------------------------------------------------------------------


TAKE_PARAMS = {
    "index",
    "guid",
    "top",
    "position",
    "rotation",
    "flip",
    "smooth",
    "callback_function",
}


class GlobalHandle(Handle):
    """`Global` (and `self` in the Global script)."""

    where = "Global"

    def _get_guid(self) -> str:
        return "-1"

    def _call_getVar(self, name: Any) -> Any:
        return self._table._rawget(self._table.envs["-1"], name)

    def _call_setVar(self, name: Any, value: Any) -> bool:
        self._table.envs["-1"][name] = value
        return True

    def _call_call(self, name: Any, params: Any = None) -> Any:
        # TTS copies tables between scripts: no references cross.
        copied = self._table.to_lua(self._table.from_lua(params)) if params is not None else None
        return self._table.call_in("-1", str(name), copied)

    def _get_UI(self) -> UIHandle:
        return UIHandle(self._table, None)

    def _get_script_state(self) -> str:
        return self._table.global_state

    def _call_getSnapPoints(self) -> Any:
        return _snap_points(self._table, self._table.save_data.get("SnapPoints") or [])


class ObjectHandle(Handle):
    """A TTS object, as Lua sees it (userdata; dot-called members)."""

    where = "object"

    def __init__(self, table: Table, thing: Thing) -> None:
        super().__init__(table)
        self._thing = thing

    def label(self) -> str:
        """API calls on objects are counted as object.<member>."""
        return "object"

    def lua_get(self, name: str) -> Any:
        """A member of a destroyed object is an error (but isDestroyed and its GUID)."""
        if self._thing.destroyed and name not in ("isDestroyed", "guid", "getGUID"):
            raise ScriptError(f"object {self._thing.guid} has been destroyed (read '{name}')")
        return super().lua_get(name)

    # identity and texts
    def _get_guid(self) -> str:
        return self._thing.guid

    def _call_getGUID(self) -> str:
        return self._thing.guid

    def _get_name(self) -> str:
        return self._thing.type_name

    def _get_tag(self) -> str:
        return self._thing.tag

    def _get_type(self) -> str:
        return self._thing.tag

    def _call_getName(self) -> str:
        return self._thing.name

    def _call_setName(self, name: Any) -> bool:
        self._thing.name = str(name)
        return True

    def _call_getDescription(self) -> str:
        return self._thing.description

    def _call_setDescription(self, text: Any) -> bool:
        self._thing.description = str(text)
        return True

    def _call_getGMNotes(self) -> str:
        return self._thing.gm_notes

    def _call_setGMNotes(self, text: Any) -> bool:
        self._thing.gm_notes = str(text)
        return True

    def _call_isDestroyed(self) -> bool:
        return self._thing.destroyed

    def _call_destruct(self) -> bool:
        return self._table.destroy(self._thing)

    def _call_getJSON(self, indented: Any = True) -> str:
        # api object.md getJSON: the object's save entry as JSON text (contents included).
        return json.dumps(write_back(self._thing), indent=2 if indented else None)

    # tags
    def _call_getTags(self) -> Any:
        return self._table.to_lua(list(self._thing.tags))

    def _call_setTags(self, tags: Any) -> bool:
        self._thing.tags = [str(t) for t in self._table.from_lua(tags) or []]
        return True

    def _call_addTag(self, tag: Any) -> bool:
        if str(tag) in self._thing.tags:
            return False
        self._thing.tags.append(str(tag))
        return True

    def _call_removeTag(self, tag: Any) -> bool:
        if str(tag) not in self._thing.tags:
            return False
        self._thing.tags.remove(str(tag))
        return True

    def _call_hasTag(self, tag: Any) -> bool:
        return str(tag) in self._thing.tags

    # transform
    def _call_getPosition(self) -> Any:
        return self._table.vector(self._thing.pos)

    def _call_setPosition(self, position: Any) -> bool:
        self._thing.pos = self._table.vec(position)
        self._thing.smooth = None
        self._thing.placed()
        return True

    def _call_setPositionSmooth(
        self, position: Any, collide: Any = False, fast: Any = False
    ) -> bool:
        frames = 15 if fast else 40  # arrives after some frames (TTS: about half a second)
        self._thing.smooth = (self._table.vec(position), frames)
        return True

    def _call_isSmoothMoving(self) -> bool:
        return self._thing.smooth is not None

    def _call_getRotation(self) -> Any:
        return self._table.vector(self._thing.rotation())

    def _call_setRotation(self, rotation: Any) -> bool:
        rot = self._table.vec(rotation)
        self._thing.rot = rot
        if self._thing.faces:
            self._thing.face = nearest_face(self._thing.faces, rot)
            self._thing.tilt = 0.0
        self._thing.placed()
        return True

    def _axis(self, local: Vec) -> Any:
        # A local axis in the world: Unity turns an object by z, then x, then y (R = Ry Rx Rz),
        # which is what getTransformRight/Up/Forward report (a cocked die's tilt included).
        rx, ry, rz = (math.radians(a) for a in self._thing.rotation())
        x, y, z = local
        x, y = x * math.cos(rz) - y * math.sin(rz), x * math.sin(rz) + y * math.cos(rz)
        y, z = y * math.cos(rx) - z * math.sin(rx), y * math.sin(rx) + z * math.cos(rx)
        x, z = x * math.cos(ry) + z * math.sin(ry), -x * math.sin(ry) + z * math.cos(ry)
        return self._table.vector([x, y, z])

    def _call_getTransformUp(self) -> Any:
        return self._axis([0.0, 1.0, 0.0])

    def _call_getTransformRight(self) -> Any:
        return self._axis([1.0, 0.0, 0.0])

    def _call_getTransformForward(self) -> Any:
        return self._axis([0.0, 0.0, 1.0])

    def _call_getScale(self) -> Any:
        return self._table.vector(self._thing.scale)

    def _call_setScale(self, scale: Any) -> bool:
        self._thing.scale = self._table.vec(scale)
        self._thing.placed()
        return True

    # flags
    def _get_locked(self) -> bool:
        return self._thing.locked

    def _set_locked(self, value: Any) -> None:
        self._thing.locked = bool(value)

    def _call_getLock(self) -> bool:
        return self._thing.locked

    def _call_setLock(self, value: Any) -> bool:
        self._thing.locked = bool(value)
        return True

    def _get_interactable(self) -> bool:
        return self._thing.interactable

    def _set_interactable(self, value: Any) -> None:
        self._thing.interactable = bool(value)

    def _get_resting(self) -> bool:
        return self._thing.at_rest()

    def _get_spawning(self) -> bool:
        return self._thing.spawning > 0

    def _set_resting(self, value: Any) -> None:
        # SCED puts spawned objects to sleep this way (argonui/SCED src/playermat/Playermat.ttslua).
        self._thing.resting = bool(value)
        if value:
            self._thing.settle = 0

    def _get_held_by_color(self) -> Any:
        return self._thing.held_by

    def _get_script_state(self) -> str:
        return self._thing.script_state

    def _set_script_state(self, value: Any) -> None:
        self._thing.script_state = str(value)

    # dice
    def _call_roll(self) -> bool:
        return self._table.start_roll(self._thing)

    def _call_randomize(self, color: Any = None) -> bool:
        if self._thing.faces:
            return self._table.start_roll(self._thing)
        return True

    def _call_getRotationValue(self) -> Any:
        return self._thing.face_value()

    def _call_getValue(self) -> Any:
        return self._thing.face_value() if self._thing.faces else self._thing.data.get("Value", 0)

    def _call_setRotationValue(self, value: Any) -> None:
        # "elevated (smooth moved upward), smoothly rotated ... and then released to fall back
        # into place" (api object.md): the face shows when the turn ends; until then the die
        # is not resting, and a roll does nothing.
        for i, (face, _) in enumerate(self._thing.faces):
            if str(face) == str(value):
                self._thing.turning = (i, TURN_FRAMES)
                self._thing.tumbling = 0
                return None
        return None

    def _call_getRotationValues(self) -> Any:
        return self._table.to_lua(
            [{"value": v, "rotation": self._table.vector(r)} for v, r in self._thing.faces]
        )

    # zones and containers
    def _call_getObjects(self) -> Any:
        thing = self._thing
        if thing.is_zone:
            inside = sorted(self._table._contents_of_zone(thing))
            return self._table.to_lua([self._table.handle(self._table.things[g]) for g in inside])
        if thing.contents is not None:
            return self._table.to_lua(
                [
                    {
                        "index": i,
                        "guid": c.get("GUID", ""),
                        "name": c.get("Nickname", ""),
                        "nickname": c.get("Nickname", ""),
                        "description": c.get("Description", ""),
                        "gm_notes": c.get("GMNotes", ""),
                        "tags": list(c.get("Tags") or []),
                    }
                    for i, c in enumerate(thing.contents)
                ]
            )
        raise Strictness("getObjects on an object that is neither a zone nor a container")

    def _call_getQuantity(self) -> int:
        return -1 if self._thing.contents is None else len(self._thing.contents)

    def _call_shuffle(self) -> bool:
        if self._thing.contents is not None:
            self._table.rng.shuffle(self._thing.contents)
        return True

    def _call_takeObject(self, params: Any = None) -> Any:
        table, deck = self._table, self._thing
        if deck.contents is None or not deck.contents:
            raise ScriptError(f"takeObject: {deck.guid} holds nothing")
        p = table.from_lua(params) if params is not None else {}
        _only(p, TAKE_PARAMS, "takeObject")
        index = 0 if p.get("top", True) else len(deck.contents) - 1
        if "index" in p:
            index = int(p["index"])
        if "guid" in p:
            index = next(i for i, c in enumerate(deck.contents) if c.get("GUID") == p["guid"])
        data = deck.contents.pop(index)
        card = table._add(thing_from(data))
        card.pos = (
            table.vec(params["position"])
            if p.get("position")
            else [deck.pos[0] + 2, deck.pos[1], deck.pos[2]]
        )
        card.rot = table.vec(params["rotation"]) if p.get("rotation") else list(deck.rot)
        if p.get("flip") and not p.get("rotation"):
            card.rot[2] = (card.rot[2] + 180) % 360
        # "Objects that are taken out of a container will take one or more frames to spawn"
        # (api object.md takeObject); then they settle where they were put.
        card.spawning = SPAWN_FRAMES
        card.placed()
        handle = table.handle(card)
        table.fire("onObjectLeaveContainer", self, handle)
        if len(deck.contents) == 1:
            # Taking the second-to-last card ends the deck: the last card lies where it was.
            last = table._add(thing_from(deck.contents.pop()))
            last.pos, last.rot = list(deck.pos), list(deck.rot)
            table.destroy(deck)
        table.when_spawned(
            card,
            handle,
            params["callback_function"] if p.get("callback_function") is not None else None,
        )
        return handle

    def _call_putObject(self, obj: Any, index: Any = None) -> Any:
        # api object.md putObject: into a deck, at `index`, else at the end nearer in height
        # (on top when the card is higher; at the bottom when both lie on the table); two
        # cards form a deck; the container is returned.
        thing, table = obj._thing, self._table
        if self._thing.contents is None and not (self._thing.is_card and thing.is_card):
            raise Strictness("putObject on an object that is neither a container nor a card")
        if index is not None and self._thing.contents is not None:
            self._thing.contents.insert(int(index), write_back(thing))
            table.destroy(thing)
            table.fire("onObjectEnterContainer", self, obj)
            return self
        container = table.combine(self._thing, thing)
        return table.handle(container)

    def _call_deal(self, number: Any, color: Any = None, index: Any = None) -> bool:
        table = self._table
        if index is not None:
            raise Strictness("deal: parameter 'index' is not modelled (docs/emulator.md)")
        colors = [str(color)] if color else table.seated()
        for _ in range(int(number)):
            for c in colors:
                zone = next((t for t in table._live() if t.hand_color == c), None)
                if zone is None or not self._thing.contents:
                    continue
                card = self._call_takeObject(table.to_lua({"position": table.vector(zone.pos)}))
                card._thing.pos = list(zone.pos)
        return True

    def _call_flip(self) -> bool:
        self._thing.rot[2] = (self._thing.rot[2] + 180) % 360
        return True

    def _get_is_face_down(self) -> bool:
        return abs(((self._thing.rot[2] + 180) % 360) - 180) > 90

    # buttons
    def _call_createButton(self, params: Any) -> bool:
        p = self._table.from_lua(params)
        if "click_function" not in p:
            raise ScriptError("createButton needs click_function")
        p["function_owner"] = params["function_owner"]
        self._thing.buttons.append(p)
        return True

    def _call_getButtons(self) -> Any:
        # nil, not an empty table, when there are none: real mods test for nil
        # (tjakubo2/TTS_xwing `dial.getButtons() == nil`, SCED Playermat.ttslua).
        if not self._thing.buttons:
            return None
        return self._table.to_lua(
            [
                {**{k: v for k, v in b.items() if k != "function_owner"}, "index": i}
                for i, b in enumerate(self._thing.buttons)
            ]
        )

    def _call_editButton(self, params: Any) -> bool:
        p = self._table.from_lua(params)
        index = int(p.pop("index", 0))
        if not 0 <= index < len(self._thing.buttons):
            return False
        self._thing.buttons[index].update({k: v for k, v in p.items() if k != "function_owner"})
        return True

    def _call_removeButton(self, index: Any) -> bool:
        index = int(index)
        if not 0 <= index < len(self._thing.buttons):
            return False
        del self._thing.buttons[index]
        return True

    def _call_clearButtons(self) -> bool:
        self._thing.buttons.clear()
        return True

    # scripts
    def _call_call(self, name: Any, params: Any = None) -> Any:
        copied = self._table.to_lua(self._table.from_lua(params)) if params is not None else None
        return self._table.call_in(self._thing.guid, str(name), copied)

    def _call_getVar(self, name: Any) -> Any:
        return self._table._rawget(self._table.envs[self._thing.guid], name)

    def _call_setVar(self, name: Any, value: Any) -> bool:
        self._table.envs[self._thing.guid][name] = value
        return True

    def _call_getLuaScript(self) -> str:
        return self._thing.script

    def _get_UI(self) -> UIHandle:
        return UIHandle(self._table, self._thing)

    def _call_getSnapPoints(self) -> Any:
        return _snap_points(self._table, self._thing.data.get("AttachedSnapPoints") or [])


class WaitHandle(Handle):
    """`Wait`: frames, time, condition, stop, stopAll on the frame clock.

    Each script has its own: a destroyed object's waits are dropped with it.
    """

    where = "Wait"

    def __init__(self, table: Table, owner: Thing | None = None) -> None:
        super().__init__(table)
        self._owner = owner

    def _call_frames(self, fn: Any, frames: Any = 1) -> int:
        t = self._table
        return t.add_wait(
            Waiting(t._new_id(), fn, self._owner, frame=t.frame + max(int(frames), 1))
        )

    def _call_time(self, fn: Any, seconds: Any, repetitions: Any = 1) -> int:
        t = self._table
        reps = int(repetitions)
        return t.add_wait(
            Waiting(
                t._new_id(),
                fn,
                self._owner,
                at=t.time + float(seconds),
                every=float(seconds),
                reps=reps if reps != -1 else -(10**9),
            )
        )

    def _call_condition(
        self, fn: Any, condition: Any, timeout: Any = None, on_timeout: Any = None
    ) -> int:
        t = self._table
        at = None if timeout is None else t.time + float(timeout)
        return t.add_wait(
            Waiting(
                t._new_id(),
                fn,
                self._owner,
                condition=condition,
                timeout_at=at,
                on_timeout=on_timeout,
            )
        )

    def _call_stop(self, wait_id: Any) -> bool:
        before = len(self._table.waits)
        self._table.waits = [w for w in self._table.waits if w.id != int(wait_id)]
        return len(self._table.waits) < before

    def _call_stopAll(self) -> bool:
        # This script's waits (the docs say "all"; a script stopping another's is unverified).
        self._table.waits = [w for w in self._table.waits if w.owner is not self._owner]
        return True


class TimeHandle(Handle):
    """`Time`: the frame clock's time."""

    where = "Time"

    def _get_time(self) -> float:
        return self._table.time

    def _get_delta_time(self) -> float:
        return 1 / FPS


class JSONHandle(Handle):
    """`JSON`: encode and decode (Python's json; TTS's own details are undocumented)."""

    where = "JSON"

    def _call_encode(self, value: Any) -> str:
        return json.dumps(self._table.from_lua(value), separators=(",", ":"))

    def _call_decode(self, text: Any) -> Any:
        return self._table.to_lua(json.loads(str(text)))


class NotesHandle(Handle):
    """`Notes`: the notebook's tabs (the save's TabStates); notes.md's tab functions."""

    where = "Notes"

    def _tabs(self) -> dict[str, Any]:
        return self._table.save_data.setdefault("TabStates", {})

    def _call_getNotebookTabs(self) -> Any:
        tabs = [
            {"index": int(k), "title": v.get("title", ""), "body": v.get("body", ""),
             "color": v.get("color", "Grey")}
            for k, v in sorted(self._tabs().items(), key=lambda kv: int(kv[0]))
        ]  # fmt: skip
        return self._table.to_lua(tabs)

    def _call_addNotebookTab(self, params: Any) -> int:
        p = self._table.from_lua(params)
        _only(p, {"title", "body", "color"}, "addNotebookTab")
        tabs = self._tabs()
        index = max((int(k) for k in tabs), default=-1) + 1
        tabs[str(index)] = {
            "title": str(p.get("title", "")),
            "body": str(p.get("body", "")),
            "color": str(p.get("color", "Grey")),
            "visibleColor": {"r": 0.5, "g": 0.5, "b": 0.5},
            "id": index,
        }
        return index

    def _call_editNotebookTab(self, params: Any) -> bool:
        p = self._table.from_lua(params)
        _only(p, {"index", "title", "body", "color"}, "editNotebookTab")
        tab = self._tabs().get(str(int(p.get("index", -1))))
        if tab is None:
            return False
        for key in ("title", "body", "color"):
            if key in p:
                tab[key] = str(p[key])
        return True

    def _call_removeNotebookTab(self, index: Any) -> bool:
        return self._tabs().pop(str(int(index)), None) is not None


class TurnsHandle(Handle):
    """`Turns`: enable, turn_color, order, type."""

    where = "Turns"

    def _get_enable(self) -> bool:
        return bool(self._table.turns["enable"])

    def _set_enable(self, value: Any) -> None:
        self._table.turns["enable"] = bool(value)

    def _get_turn_color(self) -> str:
        return str(self._table.turns["turn_color"])

    def _set_turn_color(self, value: Any) -> None:
        self._table.turn(str(value))

    def _get_order(self) -> Any:
        return self._table.to_lua(list(self._table.turns["order"]))

    def _set_order(self, value: Any) -> None:
        self._table.turns["order"] = [str(c) for c in self._table.from_lua(value)]

    def _get_type(self) -> int:
        return int(self._table.turns["type"])

    def _set_type(self, value: Any) -> None:
        self._table.turns["type"] = int(value)

    # pass_turns: whether players may end their turn from TTS's own UI (the Turns page of the
    # API docs); the table's rules decide turns, so the script turns it off.
    def _get_pass_turns(self) -> bool:
        return bool(self._table.turns.get("pass_turns", True))

    def _set_pass_turns(self, value: Any) -> None:
        self._table.turns["pass_turns"] = bool(value)


class PlayersHandle(Handle):
    """`Player`: Player.Red / Player["Red"], getPlayers, getSpectators, getAvailableColors."""

    where = "Player"

    def lua_get(self, name: str) -> Any:
        """Player.Red (any colour, seated or not) or a Player function."""
        if name in ALL_COLORS:
            return PlayerHandle(self._table, None, name)
        return super().lua_get(name)

    def _call_getPlayers(self) -> Any:
        t = self._table
        return t.to_lua([PlayerHandle(t, p.name) for p in t.players.values()])

    def _call_getSpectators(self) -> Any:
        t = self._table
        return t.to_lua([PlayerHandle(t, p.name) for p in t.players.values() if p.color == "Grey"])

    def _call_getAvailableColors(self) -> Any:
        return self._table.to_lua([c for c in SEAT_COLORS if c not in self._table.seated()])

    def _call_getColors(self) -> Any:
        return self._table.to_lua(list(ALL_COLORS))


class PlayerHandle(Handle):
    """A Player instance: a colour's seat (or one named person)."""

    where = "player"

    def __init__(self, table: Table, name: str | None, color: str | None = None) -> None:
        super().__init__(table)
        self._name = name
        self._color = color
        table.kept.append(self)  # handed to Lua: must outlive it (see Handle.lua_get)

    def _player(self) -> Player | None:
        if self._name is not None and self._name in self._table.players:
            return self._table.players[self._name]
        return self._table.player_at(self._color) if self._color else None

    def label(self) -> str:
        """API calls on players are counted as player.<member>."""
        return "player"

    def _get_color(self) -> str:
        p = self._player()
        return p.color if p else str(self._color)

    def _get_steam_name(self) -> Any:
        p = self._player()
        return p.name if p else None

    def _get_steam_id(self) -> Any:
        p = self._player()
        return p.steam_id if p else None

    def _get_seated(self) -> bool:
        p = self._player()
        return bool(p and p.color != "Grey") or (
            self._color is not None and self._color in self._table.hotseat_colors
        )

    def _get_host(self) -> bool:
        p = self._player()
        return bool(p and p.host)

    def _get_admin(self) -> bool:
        p = self._player()
        return bool(p and (p.host or p.promoted))

    def _get_promoted(self) -> bool:
        p = self._player()
        return bool(p and p.promoted)

    def _get_team(self) -> str:
        p = self._player()
        return p.team if p else "None"

    def _call_changeColor(self, color: Any) -> bool:
        p = self._player()
        return bool(p) and self._table.change_color(p.name, str(color))  # type: ignore[union-attr]

    def _call_promote(self) -> bool:
        p = self._player()
        if p is None:
            return False
        p.promoted = not p.promoted
        return True

    def _call_print(self, message: Any, tint: Any = None) -> bool:
        return self._table._say("Player.print", self._get_color(), message)

    def _call_broadcast(self, message: Any, tint: Any = None) -> bool:
        return self._table._say("Player.broadcast", self._get_color(), message)

    def _call_getHandObjects(self, index: Any = 1) -> Any:
        t = self._table
        color = self._get_color()
        zone = next((z for z in t._live() if z.hand_color == color), None)
        if zone is None:
            return t.to_lua([])
        inside = sorted(t._contents_of_zone(zone))
        held = [t.handle(t.things[g]) for g in inside if t.things[g].data.get("Hands", False)]
        return t.to_lua(held)

    def _call_showOptionsDialog(
        self, description: Any, options: Any, default_value: Any = 1, callback: Any = None
    ) -> bool:
        t = self._table
        labels = [str(o) for o in (t.from_lua(options) or [])]
        t.dialogs[self._get_color()] = Dialog(str(description), labels, callback)
        return True

    def _call_getHandCount(self) -> int:
        t = self._table
        return len(t.from_lua(self._call_getHandObjects()) or [])


class UIHandle(Handle):
    """`UI` (Global) or `obj.UI`: an XmlUI tree; setXml applies a frame later (UI.loading)."""

    where = "UI"

    def __init__(self, table: Table, thing: Thing | None) -> None:
        super().__init__(table)
        self._thing = thing

    def _owner(self) -> str:
        return "-1" if self._thing is None else self._thing.guid

    def _tree(self) -> list[ui.Element]:
        if self._thing is None:
            return self._table.global_xml
        return ui.parse(self._thing.xml)

    def _store(self, tree: list[ui.Element]) -> None:
        if self._thing is not None:
            self._thing.xml = ui.write(tree)
        else:
            self._table.xml_changed = True

    def _element(self, element_id: Any) -> ui.Element:
        try:
            return ui.find(self._tree(), str(element_id))
        except ui.UIError as err:
            raise ScriptError(str(err)) from None

    def _get_loading(self) -> bool:
        return self._owner() in self._table.pending_xml

    def _call_getXml(self) -> str:
        return ui.write(self._tree())

    def _call_setXml(self, xml: Any, assets: Any = None) -> bool:
        if assets is not None:
            raise Strictness("UI.setXml: custom assets are not modelled (docs/emulator.md)")
        self._table.pending_xml[self._owner()] = (ui.parse(str(xml)), self._table.frame + 1)
        return True

    def _call_getAttribute(self, element_id: Any, name: Any) -> Any:
        return self._element(element_id).attributes.get(str(name))

    def _call_getAttributes(self, element_id: Any) -> Any:
        return self._table.to_lua(dict(self._element(element_id).attributes))

    def _call_setAttribute(self, element_id: Any, name: Any, value: Any) -> bool:
        tree = self._tree()
        element = ui.find(tree, str(element_id))
        element.attributes[str(name)] = _xml_value(value)
        self._store(tree)
        return True

    def _call_setAttributes(self, element_id: Any, values: Any) -> bool:
        tree = self._tree()
        element = ui.find(tree, str(element_id))
        for k, v in (self._table.from_lua(values) or {}).items():
            element.attributes[str(k)] = _xml_value(v)
        self._store(tree)
        return True

    def _call_show(self, element_id: Any) -> bool:
        return self._call_setAttribute(element_id, "active", "true")

    def _call_hide(self, element_id: Any) -> bool:
        return self._call_setAttribute(element_id, "active", "false")

    def _call_getValue(self, element_id: Any) -> str:
        return self._element(element_id).text

    def _call_setValue(self, element_id: Any, value: Any) -> bool:
        tree = self._tree()
        ui.find(tree, str(element_id)).text = str(value)
        self._store(tree)
        return True


def _snap_points(table: Table, points: list[dict[str, Any]]) -> Any:
    return table.to_lua(
        [
            {
                "position": table.vector([float(s["Position"].get(k, 0.0)) for k in "xyz"]),
                "rotation": table.vector(
                    [float((s.get("Rotation") or {}).get(k, 0.0)) for k in "xyz"]
                ),
                "rotation_snap": "Rotation" in s,
                "tags": list(s.get("Tags") or []),
            }
            for s in points
        ]
    )


def _xml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def handle_members() -> Iterator[tuple[str, set[str]]]:
    """(where, member names) for every handle kind: what the surface test compares."""
    yield "Wait", WaitHandle.members()
    yield "Time", TimeHandle.members()
    yield "JSON", JSONHandle.members()
    yield "Turns", TurnsHandle.members()
    yield "Notes", NotesHandle.members()
    yield "Player", PlayersHandle.members()
    yield "UI", UIHandle.members()
    yield "object", ObjectHandle.members()
    yield "player", PlayerHandle.members()
