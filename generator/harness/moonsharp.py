"""A Lua 5.2 runtime (lupa.lua52) restricted and reshaped the way TTS's MoonSharp is.

What TTS scripts cannot use is removed (load, loadfile, dofile, require, io, debug, package,
os beyond clock/date/time/difftime); what MoonSharp adds is added (global unpack and pack);
what MoonSharp does differently is imitated where it can bite, each as measured on a real
MoonSharp 2.0 and as its source (CoreLib/TableModule.cs, StringLib/KopiLua_StrLib.cs) does:

- string.format("%s", x) raises unless x is a string or a number;
- table.remove(t, pos) raises "position out of bounds" for pos > #t (so table.remove(t, 1)
  on an empty table), table.insert(t, pos, v) for pos outside 1..#t+1;
- string.find/match/gmatch/gsub raise "pattern too complex" when one match attempt calls
  the matcher more than 200 times: MoonSharp counts every call and never gives one back,
  so `s:match("^%s*(.-)%s*$")` fails on a subject of a few hundred characters;
- pairs visits keys in a shuffled, seeded order, so no code can lean on an order.

See ../shared/tts/LUA-AND-MOONSHARP.md and TABLE-AUTOMATION.md section 6.
"""

from __future__ import annotations

from typing import Any

import lupa.lua52 as lua52

PROFILE = r"""
local seed = ...
local raw_next, raw_format, type, error = next, string.format, type, error
local format_gmatch = string.gmatch -- the native one: the checks below are not user code

load, loadfile, dofile, require, package, io, debug = nil, nil, nil, nil, nil, nil, nil
local os_time = { clock = os.clock, date = os.date, time = os.time, difftime = os.difftime }
os = os_time
unpack = table.unpack
pack = table.pack

string.format = function(fmt, ...)
  local args = table.pack(...)
  local n = 0
  for conversion in format_gmatch(fmt, "%%[-+ #0]*%d*%.?%d*([%a%%])") do
    if conversion ~= "%" then
      n = n + 1
      if conversion == "s" then
        local t = type(args[n])
        if t ~= "string" and t ~= "number" then
          error("bad argument #" .. (n + 1) .. " to 'format' (string expected, got " .. t .. ")", 2)
        end
      end
    end
  end
  return raw_format(fmt, ...)
end

local raw_remove, raw_insert, select = table.remove, table.insert, select

table.remove = function(t, ...)
  if select("#", ...) > 1 then
    error("wrong number of arguments to 'remove'", 2)
  end
  local len = #t
  local pos = ...
  if pos == nil then
    pos = len
  end
  if pos >= len + 1 or (pos < 1 and len > 0) then
    error("bad argument #1 to 'remove' (position out of bounds)", 2)
  end
  return raw_remove(t, ...)
end

table.insert = function(t, ...)
  local n = select("#", ...)
  if n > 2 then
    error("wrong number of arguments to 'insert'", 2)
  end
  if n == 2 then
    local pos = ...
    if type(pos) == "number" and (pos > #t + 1 or pos < 1) then
      error("bad argument #2 to 'insert' (position out of bounds)", 2)
    end
  end
  return raw_insert(t, ...)
end

-- MoonSharp's pattern matcher (KopiLua) counts calls of match() per attempt and raises
-- "pattern too complex" on the 201st. This is the same matcher, only counting: it runs
-- before the native function when a pattern has a quantifier (without one an attempt
-- cannot reach 200 calls), and the native function gives the result.
local MAXCCALLS = 200
local byte, sub, native_find = string.byte, string.sub, string.find
local raw_match, raw_gmatch, raw_gsub = string.match, string.gmatch, string.gsub

local function class_end(p, i)
  local c = byte(p, i)
  i = i + 1
  if c == 37 then -- %x
    return i + 1
  elseif c == 91 then -- [set]
    if byte(p, i) == 94 then
      i = i + 1
    end
    repeat
      if i > #p then
        return #p + 1 -- malformed: the native call reports it
      end
      local cc = byte(p, i)
      i = i + 1
      if cc == 37 and i <= #p then
        i = i + 1
      end
    until byte(p, i) == 93
    return i + 1
  end
  return i
end

local function has_quantifier(p)
  local i = 1
  if byte(p, 1) == 94 then
    i = 2
  end
  while i <= #p do
    local c = byte(p, i)
    if c == 40 or c == 41 then
      i = i + 1
    elseif c == 37 and (byte(p, i + 1) == 98) then
      i = i + 4
    elseif c == 37 and (byte(p, i + 1) == 102) then
      i = class_end(p, i + 2)
    else
      local ep = class_end(p, i)
      local q = byte(p, ep)
      if q == 42 or q == 43 or q == 45 or q == 63 then
        return true
      end
      i = ep
    end
  end
  return false
end

-- "^" .. the single-character class at p[pi..ep-1], made once per pattern and position.
local classes = setmetatable({}, { __mode = "k" })

local function single(s, si, p, pi, ep)
  if si > #s then
    return false
  end
  local byp = classes[p]
  if byp == nil then
    byp = {}
    classes[p] = byp
  end
  local cls = byp[pi]
  if cls == nil then
    cls = "^" .. sub(p, pi, ep - 1)
    byp[pi] = cls
  end
  if cls == "^." then
    return true
  end
  return native_find(sub(s, si, si), cls) ~= nil
end

local do_match

local function max_expand(ms, s, p, si, pi, ep)
  local i = 0
  while single(s, si + i, p, pi, ep) do
    i = i + 1
  end
  while i >= 0 do
    local res = do_match(ms, s, p, si + i, ep + 1)
    if res then
      return res
    end
    i = i - 1
  end
  return nil
end

local function min_expand(ms, s, p, si, pi, ep)
  while true do
    local res = do_match(ms, s, p, si, ep + 1)
    if res then
      return res
    elseif single(s, si, p, pi, ep) then
      si = si + 1
    else
      return nil
    end
  end
end

local function capture(ms, s, p, si, pi, what)
  local level = ms.level + 1
  ms.init[level], ms.len[level], ms.level = si, what, level
  local res = do_match(ms, s, p, si, pi)
  if not res then
    ms.level = ms.level - 1
  end
  return res
end

local function close_capture(ms, s, p, si, pi)
  local l = ms.level
  while l > 0 and ms.len[l] ~= -1 do
    l = l - 1
  end
  if l == 0 then
    return nil -- malformed: the native call reports it
  end
  ms.len[l] = si - ms.init[l]
  local res = do_match(ms, s, p, si, pi)
  if not res then
    ms.len[l] = -1
  end
  return res
end

do_match = function(ms, s, p, si, pi)
  ms.calls = ms.calls + 1
  if ms.calls > MAXCCALLS then
    error("pattern too complex", 0)
  end
  while true do
    if pi > #p then
      return si
    end
    local c = byte(p, pi)
    if c == 40 then
      if byte(p, pi + 1) == 41 then
        return capture(ms, s, p, si, pi + 2, -2)
      end
      return capture(ms, s, p, si, pi + 1, -1)
    elseif c == 41 then
      return close_capture(ms, s, p, si, pi + 1)
    elseif c == 36 and pi == #p then
      return si == #s + 1 and si or nil
    elseif c == 37 and byte(p, pi + 1) == 98 then -- %bxy
      local open, close = byte(p, pi + 2), byte(p, pi + 3)
      if byte(s, si) ~= open then
        return nil
      end
      local depth, j = 1, si + 1
      while j <= #s and depth > 0 do
        local d = byte(s, j)
        if d == close then
          depth = depth - 1
        elseif d == open then
          depth = depth + 1
        end
        j = j + 1
      end
      if depth > 0 then
        return nil
      end
      si, pi = j, pi + 4
    elseif c == 37 and byte(p, pi + 1) == 102 then -- %f[set]
      local ep = class_end(p, pi + 2)
      local set = sub(p, pi + 2, ep - 1)
      local before = si > 1 and sub(s, si - 1, si - 1) or "\0"
      local here = si <= #s and sub(s, si, si) or "\0"
      if native_find(before, "^" .. set) or not native_find(here, "^" .. set) then
        return nil
      end
      pi = ep
    elseif c == 37 and byte(p, pi + 1) and byte(p, pi + 1) >= 48 and byte(p, pi + 1) <= 57 then
      local l = byte(p, pi + 1) - 48
      local len = ms.len[l] or 0
      if len < 0 or sub(s, si, si + len - 1) ~= sub(s, ms.init[l], ms.init[l] + len - 1) then
        return nil
      end
      si, pi = si + len, pi + 2
    else
      local ep = class_end(p, pi)
      local m = single(s, si, p, pi, ep)
      local q = byte(p, ep)
      if q == 63 then -- ?
        if m then
          local res = do_match(ms, s, p, si + 1, ep + 1)
          if res then
            return res
          end
        end
        pi = ep + 1
      elseif q == 42 then -- *
        return max_expand(ms, s, p, si, pi, ep)
      elseif q == 43 then -- +
        return m and max_expand(ms, s, p, si + 1, pi, ep) or nil
      elseif q == 45 then -- -
        return min_expand(ms, s, p, si, pi, ep)
      else
        if not m then
          return nil
        end
        si, pi = si + 1, ep
      end
    end
  end
end

local function attempt(s, p, si, pi)
  return do_match({ calls = 0, level = 0, init = {}, len = {} }, s, p, si, pi)
end

-- Pattern -> true when an attempt could reach MAXCCALLS (it has a quantifier). Patterns
-- are few and calls are many (the JSON codec): look each one up once.
local quantified = {}

local function needs_count(s, p)
  local q = quantified[p]
  if q == nil then
    if type(p) ~= "string" then
      return false -- the native call raises the right error
    end
    q = has_quantifier(p)
    quantified[p] = q
  end
  return q and (type(s) == "string" or type(s) == "number")
end

local function start(s, init)
  init = init or 1
  if init < 0 then
    init = #s + init + 1
  end
  if init < 1 then
    init = 1
  elseif init > #s + 1 then
    init = #s + 1
  end
  return init
end

local function count_find(s, p, init)
  local si, pi, anchor = start(s, init), 1, byte(p, 1) == 94
  if anchor then
    pi = 2
  end
  repeat
    if attempt(s, p, si, pi) then
      return
    end
    si = si + 1
  until si > #s + 1 or anchor
end

string.find = function(s, p, init, plain)
  if not plain and quantified[p] ~= false and needs_count(s, p) then
    count_find(tostring(s), p, init)
  end
  return native_find(s, p, init, plain)
end

string.match = function(s, p, init)
  if quantified[p] ~= false and needs_count(s, p) then
    count_find(tostring(s), p, init)
  end
  return raw_match(s, p, init)
end

string.gmatch = function(s, p)
  local iterate = raw_gmatch(s, p)
  if not needs_count(s, p) then
    return iterate
  end
  local cs, cp = tostring(s), p
  local pos = 1
  return function()
    -- gmatch does not anchor on '^'; each attempt starts afresh, as KopiLua's gmatch_aux.
    local si = pos
    while si <= #cs + 1 do
      local e = attempt(cs, cp, si, 1)
      if e then
        pos = e == si and e + 1 or e
        break
      end
      si = si + 1
    end
    if si > #cs + 1 then
      pos = si
    end
    return iterate()
  end
end

string.gsub = function(s, p, repl, n)
  if quantified[p] ~= false and needs_count(s, p) then
    local cs, cp = tostring(s), p
    local anchor, pi, si, count = byte(cp, 1) == 94, 1, 1, 0
    if anchor then
      pi = 2
    end
    local most = n or #cs + 1
    while count < most do
      local e = attempt(cs, cp, si, pi)
      if e then
        count = count + 1
      end
      if e and e > si then
        si = e
      elseif si <= #cs then
        si = si + 1
      else
        break
      end
      if anchor then
        break
      end
    end
  end
  return raw_gsub(s, p, repl, n)
end

local RANK = { number = 1, string = 2, boolean = 3 }

-- Park-Miller: exact in doubles, so the shuffle is the same wherever this runs.
local state = (seed % 2147483646) + 1
local function random_below(n)
  state = (state * 16807) % 2147483647
  return state % n
end

pairs = function(t)
  local mt = getmetatable(t)
  if mt and mt.__pairs then
    return mt.__pairs(t)
  end
  local keys = {}
  for k in raw_next, t do
    keys[#keys + 1] = k
  end
  -- Lua 5.2 seeds its string hashing per runtime, so `next` differs from run to run: sort
  -- first, then shuffle, for an order that depends on the seed alone.
  table.sort(keys, function(a, b)
    local ra, rb = RANK[type(a)] or 4, RANK[type(b)] or 4
    if ra ~= rb then
      return ra < rb
    end
    if ra == 1 or ra == 2 then
      return a < b
    end
    if ra == 3 then
      return (not a) and b
    end
    return false
  end)
  for i = #keys, 2, -1 do
    local j = random_below(i) + 1
    keys[i], keys[j] = keys[j], keys[i]
  end
  local i = 0
  return function()
    i = i + 1
    local k = keys[i]
    if k ~= nil then
      return k, t[k]
    end
  end, t, nil
end
"""


# Counts Lua VM instructions (a count hook on every instruction) while a function runs. Built
# before the profile removes `debug`, and held by Python only, so scripts never see it.
COUNTER = """
local sethook, pack, unpack = debug.sethook, table.pack, table.unpack
return function(fn, ...)
  local n = 0
  sethook(function() n = n + 1 end, "", 1)
  local results = pack(pcall(fn, ...))
  sethook()
  if not results[1] then
    error(results[2], 0)
  end
  return n, unpack(results, 2, results.n)
end
"""


def runtime(seed: int = 0) -> Any:
    """A fresh Lua 5.2 runtime with the MoonSharp profile; `pairs` shuffled from `seed`."""
    lua = lua52.LuaRuntime(unpack_returned_tuples=True, register_eval=False)
    lua.execute(PROFILE, seed)
    return lua


# A loader for script text in an environment of our choosing (TTS gives each object script its
# own), built before the profile removes `load`, and held by Python only.
LOADER = """
local load = load
return function(text, name, env)
  return load(text, "=" .. name, "t", env)
end
"""


def host_runtime(seed: int, attribute_handlers: Any) -> tuple[Any, Any, Any]:
    """A profiled runtime for an emulated table: (lua, load, count).

    `attribute_handlers` (getter, setter) decide what Lua sees of Python objects (lupa);
    `load(text, name, env)` compiles a script into an environment; `count` as in
    counting_runtime. Neither helper is reachable from the scripts.
    """
    lua = lua52.LuaRuntime(
        unpack_returned_tuples=True, register_eval=False, attribute_handlers=attribute_handlers
    )
    count = lua.execute(COUNTER)
    load = lua.execute(LOADER)
    lua.execute(PROFILE, seed)
    return lua, load, count


def counting_runtime(seed: int = 0) -> tuple[Any, Any]:
    """A runtime as `runtime` gives, and `count(fn, *args)` -> (instructions, *results).

    The count is of Lua VM instructions run by `fn` and whatever it calls in Lua (C
    functions count as one call): unlike time, it does not vary with the machine's load.
    """
    lua = lua52.LuaRuntime(unpack_returned_tuples=True, register_eval=False)
    count = lua.execute(COUNTER)
    lua.execute(PROFILE, seed)
    return lua, count
