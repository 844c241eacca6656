"""The emulator's Lua side: running scripts, values across the boundary, handles, errors.

Lua runs in lupa's Lua 5.2 under the MoonSharp profile (generator.harness.moonsharp), each
script in its own environment with `self` (the PRELUDE below makes them). TTS objects and
players reach Lua as opaque handles (userdata), called with dot syntax, each member checked
against the API (surface.py): anything the emulator does not model fails, naming it.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from generator.harness.tts.surface import surface
from generator.luabuild.modules import SourceMap, explain

if TYPE_CHECKING:
    from generator.harness.tts.world import Thing, Vec


class Host(Protocol):
    """The table a part of the emulator belongs to, as the part sees it.

    The emulator's `Table` is made of its parts (Scripts, Clock, Seats, Screen, Objects,
    Containers, Physics): a handle is given the table that owns it and reaches the parts'
    members by name. Named here, so that no part imports the table back.
    """

    def __getattr__(self, name: str) -> Any: ...


class ScriptError(Exception):
    """A script raised an error (TTS would print it in red and go on); the test stops here.

    The message names our source files and lines; `raw`, when set, is the error as the
    script raised it (the bundle's lines, as TTS reports them).
    """

    raw: str | None = None


class Strictness(ScriptError):
    """A script touched a name TTS does not have, or the emulator does not model."""


def _unknown(where: str, name: str) -> Strictness:
    owner = "global" if where == "global" else f"{where} member"
    if surface().found and not surface().has(where, name):
        return Strictness(f"'{name}' is not a TTS {owner} (not in api.json)")
    return Strictness(f"'{name}' ({owner}) is not modelled by the emulator (docs/emulator.md)")


@dataclass
class Cost:
    """Runs of one handler: wall time (ms) and Lua VM instructions, per run.

    `instructions` include `scans`, what the profile charged for string functions scanning
    long strings.
    """

    ms: list[float] = field(default_factory=list)
    instructions: list[int] = field(default_factory=list)
    scans: list[int] = field(default_factory=list)
    calls: list[int] = field(default_factory=list)  # TTS API calls and member reads
    # on a real interpreter: the garbage collections each run saw (minor: mono's nursery)
    collections: list[int] = field(default_factory=list)
    majors: list[int] = field(default_factory=list)
    # bytes allocated: on lupa the Lua heap's (counted runs), on MoonSharp the thread's
    allocated: list[int] = field(default_factory=list)
    # coroutines made (counted runs): each is 2 MB on MoonSharp (moonsharp.Model.coroutine)
    coroutines: list[int] = field(default_factory=list)


class Handle:
    """What Lua sees of a Python object: named members only, each checked against the API."""

    where = "global"

    def __init__(self, table: Host) -> None:
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
        obj._table.crossings += 1  # a member read goes into TTS's C# too
        return obj.lua_get(str(name))
    raise Strictness(
        f"Lua read '{name}' of a Python value the emulator did not hand out ({_what(obj)})"
    )


def _attribute_set(obj: Any, name: Any, value: Any) -> None:
    if isinstance(obj, Handle):
        if obj._table._raw_lua_type(value) in ANCHORED:  # (see api_function)
            value = obj._table._anchor(value)
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
  env._G = env -- a script's globals are its own (MoonSharp: each script's Globals)
  setmetatable(env, { __index = function(_, k)
    if declared[k] then return nil end
    unknown(k)
  end })
  return env
end

function H.wrap(fn)
  return function(...) return fn(...) end
end

-- A value handed back as itself, so that Python's handle on it belongs to the main state.
function H.anchor(v) return v end

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


ANCHORED = ("function", "table")  # Lua values an API call takes through the main state

BASE_NAMES = (
    "assert", "error", "ipairs", "next", "pairs", "pcall", "select", "tonumber", "tostring",
    "type", "xpcall", "setmetatable", "getmetatable", "rawequal", "rawget", "rawset", "rawlen",
    "unpack", "pack", "string", "table", "math", "os", "coroutine", "bit32", "_VERSION",
)  # fmt: skip


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


class Scripts:
    """Running Lua: scripts, handlers, calls and values across the boundary."""

    source_maps: dict[str, SourceMap]  # script (chunk) name -> its bundle's source map

    def _start_script(self, guid: str, text: str, thing: Thing | None) -> None:
        handle = self.global_handle if thing is None else self.handle(thing)
        declared = self.lua.table_from({name: True for name in declared_globals(text)})
        env = self.H.env(self._api_for(thing), self._base(), handle, declared, self._undefined)
        self.envs[guid] = env
        if not text.strip():
            return
        name = "Global" if thing is None else f"{thing.name or thing.type_name} ({guid})"
        # an error names its source file and line in lua/, not the bundle's line
        self.source_maps[name] = SourceMap.of_text(text)
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

    def _marks(self) -> tuple[float, int, int, int, int]:
        """Where the bridge stands before a run: its time and bytes taken out, and more.

        (time taken out, minor and major collections counted apart, bytes made, bytes taken
        out)
        """
        b = self.bridge
        if b is None:
            return 0.0, 0, 0, 0, 0
        return b.excluded, b.collections(), b.majors(), b.allocated(), b.excluded_bytes

    def _account(self, label: str, start: float, marks: tuple[float, int, int, int, int],
                 n: int, scans: int, calls: int, coroutines: int = 0) -> None:  # fmt: skip
        """Keep a run's figures, and its handler in `ran` (the order of every run).

        ms (on MoonSharp its own, the bridge's taken out), counted instructions, scans
        charged, API calls, and what it allocated (on MoonSharp the bridge's own allocation
        taken out) and collected.
        """
        cost = self.costs[label]
        excluded, collections, majors, allocated, excluded_bytes = marks
        if self.bridge is None:
            cost.ms.append((time.perf_counter() - start) * 1000)
            cost.allocated.append(self._count.allocated if self.count_instructions else 0)
        else:
            cost.ms.append(float(self.bridge.net_ms(start, excluded)))
            cost.collections.append(self.bridge.collections() - collections)
            cost.majors.append(self.bridge.majors() - majors)
            cost.allocated.append(self.bridge.allocated() - allocated
                                  - (self.bridge.excluded_bytes - excluded_bytes))  # fmt: skip
        cost.instructions.append(n)
        cost.coroutines.append(coroutines)
        cost.scans.append(scans)
        cost.calls.append(calls)
        self.ran.append(label)

    def _run(self, label: str, fn: Any, *args: Any) -> Any:
        marks = self._marks()
        start = time.perf_counter()
        crossed = self.crossings
        scanned = self._count.scanned if self.count_instructions else 0.0
        made = self._count.coroutines if self.count_instructions else 0
        try:
            if self.count_instructions:
                counted = _values(self._count(fn, *args))
                n, values = int(counted[0]), counted[1:]
            else:
                n, values = 0, _values(fn(*args))
        except (Strictness, ScriptError):
            raise  # lupa re-raises a Python exception from a callback as itself
        except Exception as err:  # a Lua error
            failure = ScriptError(f"{label}: {explain(str(err), self.source_maps)}")
            failure.raw = f"{label}: {err}"  # as TTS has it, the bundle's lines unmapped
            raise failure from None
        scans = round(self._count.scanned - scanned) if self.count_instructions else 0
        made = self._count.coroutines - made if self.count_instructions else 0
        self._account(label.split(": ", 1)[-1], start, marks, n, scans,
                      self.crossings - crossed, made)  # fmt: skip
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
            self.crossings += 1
            # lupa ties a Lua value to the thread that handed it over: a callback made in a
            # paced job (a coroutine) and called once that coroutine is suspended would run
            # on its stack (an empty error, or a crash: seen with Wait.frames callbacks of
            # lua/glue/frames.lua's jobs). TTS's MoonSharp ties closures to no thread, so
            # every function a script hands over is taken through the main state.
            lua_type = self._raw_lua_type
            return fn(*[self._anchor(a) if lua_type(a) == "function" else a for a in args])

        return self._wrap(call)

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
