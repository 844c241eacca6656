"""A Lua 5.2 runtime (lupa.lua52) restricted and reshaped the way TTS's MoonSharp is.

What TTS scripts cannot use is removed (load, loadfile, dofile, require, io, debug, package,
os beyond clock/date/time/difftime); what MoonSharp adds is added (global unpack and pack);
what MoonSharp does differently is imitated where it can bite: string.format("%s", x) raises
unless x is a string or a number, and pairs visits keys in a shuffled, seeded order so no code
can lean on an order. See ../shared/tts/LUA-AND-MOONSHARP.md.
"""

from __future__ import annotations

from typing import Any

import lupa.lua52 as lua52

PROFILE = r"""
local seed = ...
local raw_next, raw_format, type, error = next, string.format, type, error

load, loadfile, dofile, require, package, io, debug = nil, nil, nil, nil, nil, nil, nil
local os_time = { clock = os.clock, date = os.date, time = os.time, difftime = os.difftime }
os = os_time
unpack = table.unpack
pack = table.pack

string.format = function(fmt, ...)
  local args = table.pack(...)
  local n = 0
  for conversion in string.gmatch(fmt, "%%[-+ #0]*%d*%.?%d*([%a%%])") do
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


def runtime(seed: int = 0) -> Any:
    """A fresh Lua 5.2 runtime with the MoonSharp profile; `pairs` shuffled from `seed`."""
    lua = lua52.LuaRuntime(unpack_returned_tuples=True, register_eval=False)
    lua.execute(PROFILE, seed)
    return lua
