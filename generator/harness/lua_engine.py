"""A game's Lua rules core (lua/<game>/core), bundled and run under the MoonSharp profile.

It speaks JSON with Python: setups and actions go in as JSON text and are decoded by the
core's own lib.json; states come back as Lua tables, encoded to canonical JSON by that same
module for comparing with the Python engine.
"""

from __future__ import annotations

import json
from typing import Any

from lupa.lua52 import LuaError

from generator import games
from generator.engines.errors import BadPath, BadSetup, IllegalAction, canonical
from generator.harness.moonsharp import runtime
from generator.luabuild.bundle import Module, collect, translate, write_bundle
from generator.luabuild.scripts import shipped_data_module
from generator.paths import ROOT

# The harness's root module: a thin layer of JSON in, JSON out around the core. It is not
# part of any TTS script.
SHIM = """
local json = require("lib.json")
local Engine = require("@CORE@")
local game = Engine.new(require("@DATA@"))
local Bots = require("glue.bots")
local bot = require("@BOTS@")(require("@DATA@"))
local H = {}

-- A table bot's answer to a decision (JSON) from its colour's view, as the table asks it.
function H.bot(level, state, color, decision, path, x0)
  local view = bot.view and bot.view(state, color) or game.view(state, color)
  return Bots.decide(level, bot.value, view, json.decode(decision), json.decode(path), x0)
end

function H.new_game(text)
  local state, why = game.new_game(json.decode(text))
  return state, why
end

function H.apply(state, text)
  local nxt, why = game.apply(state, json.decode(text))
  return nxt, why
end

function H.encode(value)
  return json.encode(value)
end

-- True when the core's value `a` is `b`, plain data from Python (None, {} and [] marked as
-- the strings below): what comparing their canonical JSON would say, without writing it
-- (the profile's sort, MoonSharp's, makes an encode cost four times this). False for
-- anything it cannot vouch for: the caller then compares the texts.
local NULL_MARK, OBJECT_MARK, ARRAY_MARK = "\0null", "\0{}", "\0[]"
local OBJECT_MT, ARRAY_MT = getmetatable(json.object()), getmetatable(json.array())
local same
same = function(a, b)
  if b == NULL_MARK then
    return a == json.null
  elseif b == OBJECT_MARK or b == ARRAY_MARK then
    return type(a) == "table" and next(a) == nil
      and (getmetatable(a) == OBJECT_MT) == (b == OBJECT_MARK)
  elseif type(b) ~= "table" then
    return a == b
  elseif type(a) ~= "table" or a == json.null then
    return false
  end
  local mt = getmetatable(a)
  if mt ~= nil and mt ~= OBJECT_MT and mt ~= ARRAY_MT then
    return false -- (a float's text)
  end
  local n = 0
  for k, v in next, a do
    if (mt == OBJECT_MT and type(k) ~= "string") or (mt == ARRAY_MT and type(k) ~= "number")
      or not same(v, b[k]) then
      return false
    end
    n = n + 1
  end
  for _ in next, b do
    n = n - 1
  end
  return n == 0
end

H.same = same

function H.decode(text)
  return json.decode(text)
end

function H.choices(state, path)
  local result, why = game.choices(state, json.decode(path))
  if result == nil then
    return nil, why
  end
  return json.encode(result), nil
end

-- choices and, for a complete path, the state after it (games whose core has `advance`).
function H.advance(state, path)
  local result, why = game.advance(state, json.decode(path))
  if result == nil then
    return nil, why
  end
  return json.encode(result), nil
end

-- The decisions along a path as compact text (see trace_text in Python), and the action.
function H.trace_text(state, path)
  local trace, action, why = game.trace(state, json.decode(path))
  if trace == nil then
    return nil, why
  end
  local out = {}
  for _, d in ipairs(trace) do
    local player = d.player == json.null and "" or d.player
    out[#out + 1] = d.name .. "|" .. player .. "|" .. (d.roll or d.shuffle or "")
    if d.exhausted then
      local colors, parts = {}, {}
      for c in next, d.exhausted do colors[#colors + 1] = c end
      table.sort(colors)
      for k, c in ipairs(colors) do parts[k] = c .. ":" .. table.concat(d.exhausted[c], ",") end
      out[#out + 1] = "  exhausted " .. table.concat(parts, ";")
    end
    for _, o in ipairs(d.options) do
      out[#out + 1] = "  " .. o.id .. "|" .. o.label
    end
  end
  out[#out + 1] = "= " .. (action and json.encode(action) or "null")
  return table.concat(out, "\\n"), nil
end

function H.trace(state, path)
  local trace, action, why = game.trace(state, json.decode(path))
  if trace == nil then
    return nil, why
  end
  return json.encode({ trace = json.array(trace), action = action or json.null }), nil
end

function H.view(state, color)
  return json.encode(game.view(state, color or nil))
end

function H.to_act(state)
  return game.to_act(state)
end

-- Every table in a state must be a proper sequence or have only string keys, so that `#`
-- gives the same answer in MoonSharp as here. Returns the path of the first bad table.
function H.audit(value, path)
  if type(value) ~= "table" or value == json.null then
    return nil
  end
  path = path or ""
  local numbers, strings = 0, 0
  for k in pairs(value) do
    if type(k) == "number" then
      numbers = numbers + 1
    else
      strings = strings + 1
    end
  end
  if numbers > 0 and strings > 0 then
    return path
  end
  for i = 1, numbers do
    if value[i] == nil then
      return path
    end
  end
  for k, v in pairs(value) do
    local bad = H.audit(v, path .. "/" .. tostring(k))
    if bad then
      return bad
    end
  end
  return nil
end

return H
"""


def _marked(value: Any) -> Any:
    """`value` with None, {} and [] as the shim's `same` reads them (Lua has no such values)."""
    if value is None:
        return "\0null"
    if isinstance(value, dict):
        return {k: _marked(v) for k, v in value.items()} if value else "\0{}"
    if isinstance(value, list):
        return [_marked(v) for v in value] if value else "\0[]"
    return value


class _Located:
    """The shim's functions, a Lua error from each named by its source file and line."""

    def __init__(self, shim: Any, explain: Any) -> None:
        self._shim, self._explain = shim, explain

    def __getattr__(self, name: str) -> Any:
        fn = self._shim[name]

        def call(*args: Any) -> Any:
            try:
                return fn(*args)
            except LuaError as err:
                raise LuaError(self._explain(str(err))) from None

        return call


class LuaEngine:
    """The Lua core behind the same verbs as the Python engine (states are Lua tables)."""

    def __init__(
        self,
        overrides: dict[str, str] | None = None,
        seed: int = 0,
        game: str = games.DEFAULT,
        words: dict[str, str] | None = None,
    ) -> None:
        """Load a game's core; `overrides` replaces modules by name (to plant a bug, say).

        `words`: the core's words in another language (generator.i18n.translator).
        """
        generated = {f"{game}.data": shipped_data_module(game), **(overrides or {})}
        found = games.get(game)
        shim = SHIM.replace("@CORE@", found.lua_core).replace("@DATA@", f"{game}.data")
        shim = shim.replace("@BOTS@", found.lua_bots)
        root = Module("__root", shim, "<harness shim>")
        self.bundle = write_bundle(translate(collect(root, ROOT / "lua", generated), words))
        self.lua = runtime(seed)
        self.shim = _Located(self.lua.execute(self.bundle.text), self.bundle.explain)

    def new_game(self, setup: dict[str, Any]) -> Any:
        """The opening state, or BadSetup."""
        state, why = self.shim.new_game(canonical(setup))
        if state is None:
            raise BadSetup(str(why))
        return state

    def apply(self, state: Any, action: Any) -> Any:
        """The next state, or IllegalAction with the core's reason."""
        nxt, why = self.shim.apply(state, canonical(action))
        if nxt is None:
            raise IllegalAction(str(why))
        return nxt

    def same(self, state: Any, value: Any) -> bool:
        """True when the Lua `state` encodes as `value` (plain data) does; False: compare texts.

        No text is written (`encode` sorts every object's keys with MoonSharp's sort): the
        cross-check's check after every action, at a fraction of the cost.
        """
        marked = self.lua.table_from([_marked(value)], recursive=True)[1]
        return bool(self.shim.same(state, marked))

    def load_state(self, state: dict[str, Any]) -> Any:
        """A state built in Python (canonical JSON), as a Lua table the core can play on."""
        return self.shim.decode(canonical(state))

    def encode(self, state: Any) -> str:
        """The canonical JSON text of a state, written by the Lua side."""
        return str(self.shim.encode(state))

    def choices(self, state: Any, path: list[str]) -> dict[str, Any]:
        """The core's `choices` after a path of option ids (BadPath for a bad path)."""
        text, why = self.shim.choices(state, canonical(path))
        if text is None:
            raise BadPath(str(why))
        return dict(json.loads(str(text)))

    def advance(self, state: Any, path: list[str]) -> dict[str, Any]:
        """The core's `advance`: choices, and for a complete path the state after it."""
        text, why = self.shim.advance(state, canonical(path))
        if text is None:
            raise BadPath(str(why))
        return dict(json.loads(str(text)))

    def trace(self, state: Any, path: list[str]) -> tuple[list[dict[str, Any]], Any]:
        """The decisions met along a path and the action it completes (None if it stops)."""
        text, why = self.shim.trace(state, canonical(path))
        if text is None:
            raise BadPath(str(why))
        out = json.loads(str(text))
        return out["trace"], out["action"]

    def to_act(self, state: Any) -> str | None:
        """Who must act next (None once the game is over)."""
        who = self.shim.to_act(state)
        return None if who is None else str(who)

    def trace_text(self, state: Any, path: list[str]) -> str:
        """The decisions along a path and the action, as the text `trace_text` writes."""
        text, why = self.shim.trace_text(state, canonical(path))
        if text is None:
            raise BadPath(str(why))
        return str(text)

    def view(self, state: Any, color: str | None) -> dict[str, Any]:
        """What `color` may know of a state, from the core's own `view` (games that have one)."""
        return dict(json.loads(str(self.shim.view(state, color))))

    def bot(
        self, level: str, state: Any, color: str, decision: dict[str, Any], path: list[str], x0: int
    ) -> str:
        """The option id the table's bot of `level` picks for `color` (glue.bots)."""
        return str(self.shim.bot(level, state, color, canonical(decision), canonical(path), x0))

    def audit(self, state: Any) -> str | None:
        """The path of a table in the state that is not a proper sequence, or None."""
        bad = self.shim.audit(state)
        return None if bad is None else str(bad)


def trace_text(trace: list[dict[str, Any]], action: Any) -> str:
    """A trace and its action as compact text, one line per decision and per option.

    The Lua side writes the same text (H.trace_text), so comparing traces costs one string
    comparison instead of encoding JSON in Lua.
    """
    out = []
    for d in trace:
        out.append(f"{d['name']}|{d['player'] or ''}|{d.get('roll', d.get('shuffle', ''))}")
        if "exhausted" in d:
            shown = sorted(d["exhausted"].items())
            out.append("  exhausted " + ";".join(f"{c}:{','.join(ws)}" for c, ws in shown))
        out.extend(f"  {o['id']}|{o['label']}" for o in d["options"])
    out.append("= " + ("null" if action is None else canonical(action)))
    return "\n".join(out)
