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

See docs/moonsharp.md: what each rule of the profile was measured from.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import lupa.lua52 as lua52

PROFILE = r"""
local seed, meter, metered = ...
local raw_next, raw_format, type = next, string.format, type
local raw_error, tostring_raw = error, tostring
local select, floor, byte, sub = select, math.floor, string.byte, string.sub
local format_gmatch = string.gmatch -- the native ones: the code below is not user code
local s_find, s_match, s_gsub = string.find, string.match, string.gsub
local raw_concat = table.concat
local running = coroutine.running
-- this chunk's own place in an error (its name below: a path, which no script's name is)
local OWN = "^generator/harness/moonsharp%.py:%d+: "

load, loadfile, dofile, require, package, io, debug = nil, nil, nil, nil, nil, nil, nil
local os_time = { clock = os.clock, date = os.date, time = os.time, difftime = os.difftime }
os = os_time
unpack = table.unpack
pack = table.pack

-- Code that stands for C# in MoonSharp runs uncounted (meter.pause, see COUNTER): a call of
-- it counts as a C function's call does, one instruction (`meter.overhead`, the wrapper's
-- own instructions, measured when the profile is set up, is taken back off the count).
-- What it allocates on the Lua heap is not the script's either (C# allocates on its own
-- heap, and differently): `meter.quiet` gathers it, for the count to take off.
local pause = meter.pause
local pack_, unpack_ = table.pack, table.unpack
local heap_kb = collectgarbage
local function quiet(f)
  if not metered then -- nothing counts here (runtime()): only a C# error's place is kept
    return function(...)
      local r = pack_(pcall(f, ...))
      if not r[1] then
        local message = r[2]
        if type(message) == "string" and s_find(message, OWN) then
          raw_error(s_gsub(message, OWN, "", 1), 2)
        end
        raw_error(message, 0)
      end
      return unpack_(r, 2, r.n)
    end
  end
  return function(...)
    local was = pause(true)
    local before = not was and heap_kb("count")
    local r = pack_(pcall(f, ...))
    pause(was)
    if not was then
      meter.back = meter.back + meter.overhead
      meter.quiet = meter.quiet + (heap_kb("count") - before)
    end
    if not r[1] then
      local message = r[2]
      if type(message) == "string" and s_find(message, OWN) then
        -- a C# function's error in MoonSharp names its caller's line, not this profile's
        raw_error(s_gsub(message, OWN, "", 1), 2)
      end
      raw_error(message, 0)
    end
    return unpack_(r, 2, r.n)
  end
end

-- Scanning a long string costs MoonSharp time no instruction count sees: its find, match,
-- gmatch and gsub copy the whole subject on every call, upper and lower build a new one.
-- `meter.n` collects that time as instructions (SCAN_COST: docs/moonsharp.md).
local SCAN, GSUB, CASE = 1 / 58, 1 / 16, 1 / 17
local function charge(s, rate)
  if type(s) == "string" then
    meter.n = meter.n + #s * rate
  end
end

-- table.concat costs MoonSharp about 150 ns an item and 4.5 ns a character of the text it
-- makes (measured: 10,000 items of 10 characters in 2.4 ms, 100 of 1,000 in 0.45 ms), as
-- much as 0.3 and 1/110 of an instruction of MODEL: charged so (CONCAT: docs/moonsharp.md).
local CONCAT_ITEM, CONCAT_CHAR = 0.3, 1 / 110

-- error(): only a string or a number, and the level is ignored: a message raised in Lua
-- code gets "chunk:(line,col): " (here Lua's "chunk:line: "), except inside a coroutine.
error = function(...)
  local message = ...
  local t = type(message)
  if t ~= "string" and t ~= "number" then
    local got = select("#", ...) == 0 and "no value" or t
    raw_error("bad argument #1 to 'error' (string expected, got " .. got .. ")", 2)
  end
  local _, main = running()
  raw_error(tostring_raw(message), main and 2 or 0)
end

local raw_assert = assert
assert = function(v, message, ...)
  if v then
    return v, message, ...
  end
  if message == nil then
    message = "assertion failed!"
  end
  local _, main = running()
  raw_error(tostring(message), main and 2 or 0)
end

-- Numbers as .NET writes them (Double.ToString(), 15 significant digits): 1E+15, 1E-05,
-- 0.333333333333333, Infinity, -0 as 0. math.huge is Double.MaxValue.
math.huge = 1.7976931348623157e308
local function number_text(v)
  if v ~= v then
    return "NaN"
  elseif v == 1 / 0 then
    return "Infinity"
  elseif v == -1 / 0 then
    return "-Infinity"
  elseif v == 0 then
    return "0"
  end
  if v == floor(v) and v > -1e15 and v < 1e15 then
    return raw_format("%d", v)
  end
  local text = raw_format("%.15g", v)
  local mantissa, sign, digits = s_match(text, "^(.-)e([-+])(%d+)$")
  if mantissa then
    if #digits < 2 then
      digits = "0" .. digits
    end
    return mantissa .. "E" .. sign .. digits
  end
  return text
end

tostring = function(v)
  if type(v) == "number" then
    return number_text(v)
  end
  return tostring_raw(v)
end

-- tonumber: a string reads as .NET's Double.TryParse(NumberStyles.Any) reads it (spaces,
-- a sign before or after, parentheses, thousands commas; no hexadecimal); a base may be
-- 2, 8, 10 or 16, or 3 to 9 (MoonSharp's BasicModule.cs).
local raw_tonumber = tonumber
local SYMBOLS = { Infinity = 1 / 0, ["-Infinity"] = -1 / 0, NaN = 0 / 0 }

local function dotnet_number(s)
  s = s_match(s, "^%s*(.-)%s*$")
  if SYMBOLS[s] then
    return SYMBOLS[s]
  end
  local negative = false
  local inner = s_match(s, "^%((.*)%)$")
  if inner then
    s, negative = inner, true
  end
  local lead, rest = s_match(s, "^([-+]?)(.*)$")
  local body, trail = s_match(rest, "^(.-)([-+]?)$")
  if lead ~= "" and trail ~= "" then
    return nil
  end
  if (lead == "-") ~= (trail == "-") then
    negative = not negative
  end
  local int, frac, exp = s_match(body, "^([%d,]*)%.?(%d*)([eE]?[-+]?%d*)$")
  if int == nil or (s_gsub(int, ",", "") == "" and frac == "") then
    return nil
  end
  if exp ~= "" and not s_match(exp, "^[eE][-+]?%d+$") then
    return nil
  end
  local value = raw_tonumber((s_gsub(int, ",", "")) .. "." .. frac .. exp)
  if value == nil then
    return nil
  end
  return negative and -value or value
end

tonumber = function(e, base)
  if base == nil then
    if type(e) == "number" then
      return e
    elseif type(e) ~= "string" then
      return nil
    end
    return dotnet_number(e)
  end
  local b = floor(base)
  local text = type(e) == "number" and number_text(e) or e
  if b == 2 or b == 8 or b == 10 or b == 16 then
    return raw_tonumber(s_match(text, "^%s*(.-)%s*$"), b)
  elseif b > 2 and b < 10 then
    local value = 0
    for digit in format_gmatch(s_match(text, "^%s*(.-)%s*$"), ".") do
      local d = byte(digit) - 48
      if d < 0 or d >= b then
        raw_error("bad argument #1 to 'tonumber' (invalid character)", 0)
      end
      value = value * b + d
    end
    return value
  end
  raw_error("bad argument #2 to 'tonumber' (base out of range)", 0)
end

-- string.format, one conversion at a time: %s takes strings and numbers only (numbers as
-- tostring writes them), a missing argument is "no value", %e writes three exponent
-- digits, %x of a negative number is its 64-bit two's complement.
local function hex64(v, upper)
  local u = -v - 1 -- ~(|v| - 1) in 64 bits: exact for |v| < 2^53
  local hi, lo = floor(u / 4294967296), u % 4294967296
  local text = raw_format("%08x%08x", 4294967295 - hi, 4294967295 - lo)
  return upper and string.upper(text) or text
end

string.format = function(fmt, ...)
  local n = select("#", ...)
  local args = { ... }
  local out, pos, k = {}, 1, 0
  while true do
    local at, stop, spec, conversion = s_find(fmt, "(%%[-+ #0]*%d*%.?%d*)(.?)", pos)
    if at == nil then
      out[#out + 1] = sub(fmt, pos)
      break
    end
    out[#out + 1] = sub(fmt, pos, at - 1)
    pos = stop + 1
    if conversion == "%" then
      out[#out + 1] = "%"
    elseif conversion == "" or not s_find("cdiouxXeEfgGqs", conversion, 1, true) then
      raw_error("invalid option '%" .. conversion .. "' to 'format'", 2)
    else
      k = k + 1
      if k > n then
        raw_error("bad argument #" .. (k + 1) .. " to 'format' (no value)", 2)
      end
      local v = args[k]
      if v == 0 then
        v = 0 -- MoonSharp writes -0 as 0
      end
      if conversion == "s" then
        local t = type(v)
        if t == "number" then
          v = number_text(v)
        elseif t ~= "string" then
          raw_error("bad argument #" .. (k + 1) .. " to 'format' (string expected, got "
            .. t .. ")", 2)
        end
        out[#out + 1] = raw_format(spec .. "s", v)
      elseif (conversion == "x" or conversion == "X") and type(v) == "number" and v < 0 then
        out[#out + 1] = hex64(floor(v + 0.5) == v and v or floor(v), conversion == "X")
      else
        local text = raw_format(spec .. conversion, v)
        if conversion == "e" or conversion == "E" then
          text = s_gsub(text, "([eE][-+])(%d%d)$", "%10%2")
        end
        out[#out + 1] = text
      end
    end
  end
  return raw_concat(out)
end

-- MoonSharp's extra string functions.
function string.startsWith(s, prefix)
  return sub(s, 1, #prefix) == prefix
end
function string.endsWith(s, suffix)
  return suffix == "" or sub(s, -#suffix) == suffix
end
function string.contains(s, part)
  return s_find(s, part, 1, true) ~= nil
end

local raw_upper, raw_lower = string.upper, string.lower
string.upper = function(s)
  charge(s, CASE)
  return raw_upper(s)
end
string.lower = function(s)
  charge(s, CASE)
  return raw_lower(s)
end

local raw_remove, raw_insert, raw_sort = table.remove, table.insert, table.sort

table.remove = function(t, ...)
  if select("#", ...) > 1 then
    raw_error("wrong number of arguments to 'remove'", 2)
  end
  local len = #t
  local pos = ...
  if pos == nil then
    pos = len
  end
  if pos >= len + 1 or (pos < 1 and len > 0) then
    raw_error("bad argument #1 to 'remove' (position out of bounds)", 2)
  end
  return raw_remove(t, ...)
end

table.insert = function(t, ...)
  local n = select("#", ...)
  if n > 2 then
    raw_error("wrong number of arguments to 'insert'", 2)
  end
  if n == 2 then
    local pos = ...
    if type(pos) == "number" and (pos > #t + 1 or pos < 1) then
      raw_error("bad argument #2 to 'insert' (position out of bounds)", 2)
    end
  end
  return raw_insert(t, ...)
end

-- Strings compare as .NET's String.CompareTo does, by the culture: case second (lower
-- first), hyphens and apostrophes ignored but as a last tie-break, punctuation before
-- digits before letters. Only table.sort's default order can be made so here (the `<`
-- operator cannot): close to the measured order, not identical in every corner.
local PRIMARY = {}
do
  local order = " !\"#$%&()*,./:;?@[\\]^_`{|}~+<=>0123456789abcdefghijklmnopqrstuvwxyz"
  for i = 1, #order do
    PRIMARY[byte(order, i)] = i
    if i > #order - 26 then
      PRIMARY[byte(order, i) - 32] = i
    end
  end
end
local IGNORED = { [39] = 1, [45] = 2 } -- ' and -

local function culture_less(a, b)
  if not s_find(a, "[^0-9a-z]") and not s_find(b, "[^0-9a-z]") then
    return a < b -- digits, then small letters: the culture's order is the code order
  end
  local ka, kb = {}, {}
  for _, pair in ipairs({ { a, ka }, { b, kb } }) do
    local s, key = pair[1], pair[2]
    local primary, case, ignored = {}, {}, {}
    for i = 1, #s do
      local c = byte(s, i)
      if IGNORED[c] then
        ignored[#ignored + 1] = { i, IGNORED[c] }
      else
        primary[#primary + 1] = PRIMARY[c] or (200 + c)
        case[#case + 1] = (c >= 65 and c <= 90) and 1 or 0
      end
    end
    key[1], key[2], key[3] = primary, case, ignored
  end
  for level = 1, 2 do
    local x, y = ka[level], kb[level]
    for i = 1, math.min(#x, #y) do
      if x[i] ~= y[i] then
        return x[i] < y[i]
      end
    end
    if #x ~= #y then
      return #x < #y
    end
  end
  local x, y = ka[3], kb[3]
  if #x ~= #y then
    return #x < #y
  end
  for i = 1, #x do
    if x[i][1] ~= y[i][1] then
      return x[i][1] > y[i][1]
    elseif x[i][2] ~= y[i][2] then
      return x[i][2] < y[i][2]
    end
  end
  return a < b
end

local function default_less(a, b)
  local ta, tb = type(a), type(b)
  if ta == "number" and tb == "number" then
    return a < b
  elseif ta == "string" and tb == "string" then
    return culture_less(a, b)
  end
  return a < b -- raises "attempt to compare ..."
end

-- MoonSharp sorts with .NET's List.Sort: each comparison asks lt(a, b) and lt(b, a), and an
-- order that answers true both ways raises "invalid order function for sorting".
table.sort = function(t, lt)
  local was = pause(true)
  local less = lt and function(a, b) -- the script's own order: its instructions count
    pause(false)
    local x = lt(a, b)
    pause(true)
    return x
  end or default_less
  local ok, err = pcall(raw_sort, t, function(a, b)
    local x = less(a, b)
    if x and less(b, a) then
      raw_error("invalid order function for sorting", 0)
    end
    return x
  end)
  pause(was)
  if not ok then
    raw_error(err, 0)
  end
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
  charge(s, SCAN)
  if init and type(s) == "string" and init > #s + 1 then
    init = #s + 1 -- MoonSharp clamps a start past the end (Lua 5.2 finds nothing)
  end
  if not plain and quantified[p] ~= false and needs_count(s, p) then
    count_find(tostring(s), p, init)
  end
  return native_find(s, p, init, plain)
end

string.match = function(s, p, init)
  charge(s, SCAN)
  if quantified[p] ~= false and needs_count(s, p) then
    count_find(tostring(s), p, init)
  end
  return raw_match(s, p, init)
end

string.gmatch = function(s, p)
  charge(s, SCAN)
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

local gsub_count

string.gsub = function(s, p, repl, n)
  local was = pause(true)
  charge(s, GSUB)
  local ok, err = pcall(gsub_count, s, p, n)
  pause(was)
  if not ok then
    raw_error(err, 0)
  end
  return raw_gsub(s, p, repl, n) -- a function or table repl is the script's: counted
end

gsub_count = function(s, p, n)
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
  -- first, then shuffle, for an order that depends on the seed alone. (The native sort: the
  -- profile's own order is not the script's to count.)
  raw_sort(keys, function(a, b)
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

-- Text that is not ASCII (measured: probes/text.lua). MoonSharp's strings are .NET strings,
-- UTF-16 units: string.len counts units (a character above U+FFFF is two), string.byte of a
-- character above U+00FF gives 63 ("?"), string.char makes the character of any unit (so
-- UTF-8 bytes made one by one are characters, not bytes: "Ã©", not "é"), string.unicode
-- gives a character's unit, and string.reverse turns characters round. Lua 5.2's strings
-- are bytes (here UTF-8): these read and make them as MoonSharp's would. The length
-- operator and positions cannot follow (probes/unmodelled/text.lua).
local nbyte, nchar, nlen, nreverse = string.byte, string.char, string.len, string.reverse
local HIGH = "[\128-\255]"

-- The code point of the UTF-8 character at byte i and its length in bytes; nil (and 1) for
-- a byte that continues a character.
local function code_at(s, i)
  local b = nbyte(s, i)
  if b == nil or b < 0x80 then
    return b, 1
  elseif b < 0xC0 then
    return nil, 1
  end
  local n = b < 0xE0 and 2 or (b < 0xF0 and 3 or 4)
  local cp = b % (n == 2 and 0x20 or (n == 3 and 0x10 or 0x08))
  for k = 1, n - 1 do
    cp = cp * 64 + ((nbyte(s, i + k) or 0x80) % 64)
  end
  return cp, n
end

local function utf8(cp)
  if cp < 0x80 then
    return nchar(cp)
  elseif cp < 0x800 then
    return nchar(0xC0 + floor(cp / 64), 0x80 + cp % 64)
  elseif cp < 0x10000 then
    return nchar(0xE0 + floor(cp / 4096), 0x80 + floor(cp / 64) % 64, 0x80 + cp % 64)
  end
  return nchar(0xF0 + floor(cp / 262144), 0x80 + floor(cp / 4096) % 64,
    0x80 + floor(cp / 64) % 64, 0x80 + cp % 64)
end

string.len = function(s)
  if type(s) ~= "string" or not s_find(s, HIGH) then
    return nlen(s)
  end
  local n, i = 0, 1
  while i <= #s do
    local cp, w = code_at(s, i)
    n = n + (cp and cp > 0xFFFF and 2 or 1)
    i = i + w
  end
  return n
end

local function code_byte(s, k) -- string.byte at one byte that is not ASCII
  local cp = code_at(s, k)
  return cp and cp <= 255 and cp or 63
end

string.byte = function(s, i, j)
  if type(s) ~= "string" then
    return nbyte(s, i, j)
  end
  if j == nil then -- one position: the usual call, answered from its byte when ASCII
    local b = nbyte(s, i)
    if b == nil or b < 0x80 then
      return b
    end
    return code_byte(s, i or 1)
  end
  local out = pack_(nbyte(s, i, j))
  local first = i or 1
  if first < 0 then
    first = #s + first + 1
  end
  for k = 1, out.n do
    if out[k] >= 0x80 then
      out[k] = code_byte(s, first + k - 1)
    end
  end
  return unpack_(out, 1, out.n)
end

string.unicode = function(s, i, j)
  i = i or 1
  j = j or i
  local out = {}
  for k = i, j do
    local cp = code_at(s, k)
    if cp and cp > 0xFFFF then
      out[#out + 1] = 0xD800 + floor((cp - 0x10000) / 1024)
      out[#out + 1] = 0xDC00 + (cp - 0x10000) % 1024
    elseif cp then
      out[#out + 1] = cp
    end
  end
  return unpack_(out)
end

string.char = function(...)
  local out = {}
  for k = 1, select("#", ...) do
    local v = select(k, ...)
    out[k] = type(v) == "number" and v >= 128 and utf8(floor(v)) or nchar(v)
  end
  return raw_concat(out)
end

string.reverse = function(s)
  if type(s) ~= "string" or not s_find(s, HIGH) then
    return nreverse(s)
  end
  local out, i = {}, 1
  while i <= #s do
    local _, w = code_at(s, i)
    table.insert(out, 1, sub(s, i, i + w - 1))
    i = i + w
  end
  return raw_concat(out)
end

table.concat = function(t, sep, i, j)
  local text = raw_concat(t, sep, i, j)
  if type(t) == "table" then
    local items = (j or #t) - (i or 1) + 1
    meter.n = meter.n + (items > 0 and items or 0) * CONCAT_ITEM + #text * CONCAT_CHAR
  end
  return text
end

-- The functions that stand for MoonSharp's C#: their own instructions are not counted.
tostring, tonumber, assert = quiet(tostring), quiet(tonumber), quiet(assert)
string.format = quiet(string.format)
string.len, string.byte = quiet(string.len), quiet(string.byte)
string.unicode = quiet(string.unicode)
string.char, string.reverse = quiet(string.char), quiet(string.reverse)
string.find, string.match = quiet(string.find), quiet(string.match)
string.upper, string.lower = quiet(string.upper), quiet(string.lower)
string.startsWith, string.endsWith = quiet(string.startsWith), quiet(string.endsWith)
string.contains = quiet(string.contains)
table.remove, table.insert = quiet(table.remove), quiet(table.insert)
table.concat = quiet(table.concat)
local counted_gmatch, counted_pairs = string.gmatch, pairs
string.gmatch = function(s, p)
  return quiet(quiet(counted_gmatch)(s, p))
end
pairs = function(t)
  local iterate, state, init = quiet(counted_pairs)(t)
  return quiet(iterate), state, init
end
"""


# Counts Lua VM instructions (a count hook on every instruction) while a function runs, plus
# what the profile charged for scanning long strings (`meter`). Built before the profile
# removes `debug`, and held by Python only, so scripts never see it.
COUNTER = """
local sethook, pack, unpack = debug.sethook, table.pack, table.unpack
local floor, error = math.floor, error
local create, resume = coroutine.create, coroutine.resume
local collect = collectgarbage
local paused = false
-- The profile runs its own Lua where MoonSharp runs C# (its pattern matcher's call count, the
-- shuffled pairs, number formatting): those instructions are not the script's, so the
-- profile pauses the count around them.
local meter = { n = 0, quiet = 0, coroutines = 0, pause = function(on)
  local was = paused
  paused = on
  return was
end }
local counting = false
local total = 0
local function hook()
  if counting and not paused then
    total = total + 1
  end
end
-- A hook belongs to one thread: every coroutine gets the counting hook when it is made, so
-- work a script spreads over frames in a coroutine is counted in the call that resumes it.
-- Each is counted as made (`meter.coroutines`): on MoonSharp a coroutine is a processor
-- of its own, 2 MB allocated (Model.coroutine).
coroutine.create = function(fn)
  meter.coroutines = meter.coroutines + 1
  local co = create(fn)
  sethook(co, hook, "", 1)
  return co
end
coroutine.wrap = function(fn)
  local co = coroutine.create(fn)
  return function(...)
    local results = pack(resume(co, ...))
    if not results[1] then
      error(results[2], 0)
    end
    return unpack(results, 2, results.n)
  end
end
return meter, function(fn, ...)
  if counting then -- an event fired from inside a counted call: the outer count has it
    meter.bytes = 0
    return 0, fn(...)
  end
  local before = total
  local charged, backed, quieted = meter.n, meter.back, meter.quiet
  -- what the call allocates (`meter.bytes`): the collector held still while it runs (a
  -- table's runtime never collects: generator/harness/tts/emulator.py)
  local running = collect("isrunning")
  if running then
    collect("stop")
  end
  local heap = collect("count")
  paused = false
  counting = true
  sethook(hook, "", 1)
  local results = pack(pcall(fn, ...))
  sethook()
  counting = false
  -- (less what the profile's own Lua allocated, standing for C#)
  meter.bytes = floor((collect("count") - heap - (meter.quiet - quieted)) * 1024 + 0.5)
  if running then
    collect("restart")
  end
  if not results[1] then
    error(results[2], 0)
  end
  return total - before - (meter.back - backed) + floor(meter.n - charged + 0.5),
    unpack(results, 2, results.n)
end
"""


@dataclass(frozen=True)
class Model:
    """Counted instructions as milliseconds on a real MoonSharp 2.0 (docs/moonsharp.md).

    Fitted to whole table handlers run on MoonSharp 2.0 built from its public source (mono,
    an idle machine here), the emulator bridged onto it and the bridge's own time taken out:
    `rate` counted instructions (string scans charged) a millisecond, `per_call` ms for each
    TTS API call or member read, `per_byte` ms for each byte of Lua heap the same run
    allocates on lupa (a long string built: MoonSharp copies it, two bytes a character),
    `base` ms a handler costs before its first instruction.

    And the garbage collector, which makes a handler's tail: MoonSharp boxes every value it
    makes, so a run allocates `heap_instruction` bytes a counted instruction and `heap_byte`
    for every byte of Lua heap it allocates on lupa (what an API call allocates is the
    host's: through the bridge it is pythonnet's, not TTS's, so it is left out). Every
    `nursery` bytes allocated a minor collection falls in the run that allocates it and adds
    `pause` ms; every `major_every` bytes a major one, `major_pause` ms (`pauses` places them
    along the runs). A collection's cost has a long tail; the pauses are its 90th
    percentile, since a handler's p99 is made of its worst runs.

    `coroutine`: the bytes each coroutine made allocates, measured, not fitted: MoonSharp
    2.0 runs a coroutine on a processor of its own, with two stacks of 131,072 slots
    (src/MoonSharp.Interpreter/Execution/VM/Processor/Processor.cs in
    github.com/moonsharp-devs/moonsharp); `benchmarks/moonsharp_ops.py` measured 2,098,183
    bytes a `coroutine.create` on MoonSharp 2.0.0.0.
    """

    rate: float
    per_call: float = 0.0
    base: float = 0.0
    per_byte: float = 0.0
    heap_instruction: float = 0.0
    heap_byte: float = 0.0
    nursery: float = 0.0
    pause: float = 0.0
    major_every: float = 0.0
    major_pause: float = 0.0
    coroutine: float = 2_098_183.0

    def ms(self, instructions: float, calls: float = 0, lua_bytes: float = 0) -> float:
        """The modelled time of a run's own work (no collection in it)."""
        return (self.base + instructions / self.rate + calls * self.per_call
                + lua_bytes * self.per_byte)  # fmt: skip

    def allocated(self, instructions: float, lua_bytes: float, coroutines: float = 0) -> float:
        """The bytes a run allocates on MoonSharp, from what it counted on lupa."""
        return (instructions * self.heap_instruction + lua_bytes * self.heap_byte
                + coroutines * self.coroutine)  # fmt: skip


def pauses(model: Model, runs: Iterable[tuple[float, float]]) -> list[float]:
    """The ms the model's collections add to each of `runs` (in the order they ran).

    Each run: (counted instructions, bytes of Lua heap allocated on lupa[, coroutines
    made]). Both
    generations start half full: where a process's collector stands when a table loads is
    chance.
    """
    minor, major = model.nursery / 2, model.major_every / 2
    out = []
    for run in runs:
        made = model.allocated(*run)
        added = 0.0
        if model.nursery > 0:
            minor += made
            n = int(minor // model.nursery)
            minor -= n * model.nursery
            added += n * model.pause
        if model.major_every > 0:
            major += made
            n = int(major // model.major_every)
            major -= n * model.major_every
            added += n * model.major_pause
        out.append(added)
    return out


# Fitted (play.Costs.fit, by benchmarks/fit_model.py) to 12 whole games, 4 of each game, 3
# players, seed 1: 70,761 handler runs on MoonSharp 2.0.0.0 built from its public source
# (mono 6.8, 2 cores, an idle machine, 2026-12-07), each paired with the same run counted
# under the profile (repeatable: the same seed counts the same run), the bridge's own time
# and bytes taken out; the time from the 65,014 runs no collection fell in
# (docs/moonsharp.md, "What it costs").
MODEL = Model(rate=4122.0, per_call=0.0, base=0.033, per_byte=3.2e-6, heap_instruction=166.7,
              heap_byte=6.99, nursery=3.53e6, pause=1.87, major_every=1.68e8,
              major_pause=1.71)  # fmt: skip


class Counter:
    """Counts a Lua call: `counter(fn, *args)` -> (instructions, *results).

    The instructions are the Lua VM instructions run, plus what the profile charged for
    long strings scanned; `counter.scanned` is that charge so far.
    """

    def __init__(self, count: Any, meter: Any) -> None:
        self._count = count
        self._meter = meter

    def __call__(self, fn: Any, *args: Any) -> Any:
        """Run `fn(*args)`; (instructions, *results)."""
        return self._count(fn, *args)

    @property
    def allocated(self) -> int:
        """Bytes of Lua heap the latest counted call allocated (its garbage included)."""
        return int(self._meter["bytes"] or 0)

    @property
    def coroutines(self) -> int:
        """Coroutines made so far (each costs MoonSharp `Model.coroutine` bytes)."""
        return int(self._meter["coroutines"] or 0)

    @property
    def scanned(self) -> float:
        """Instructions charged so far for string functions' scans (see SCAN in PROFILE)."""
        return float(self._meter["n"])


def _profiled(lua: Any, seed: int, metered: bool = True) -> Counter:
    """Apply the profile to `lua`; its counter (which counts nothing unless `metered`)."""
    meter, count = lua.execute(COUNTER)
    meter.overhead, meter.back = 0, 0
    lua.execute(PROFILE, seed, meter, metered, name="=generator/harness/moonsharp.py")
    # A quiet wrapper's own instructions: a call of a quiet function less a C function's.
    wrapped = lua.eval("function() return string.upper('a') end")
    native = lua.eval("function() return rawlen('a') end")
    meter.overhead = count(wrapped)[0] - count(native)[0]
    meter.n, meter.back = 0, 0
    return Counter(count, meter)


def runtime(seed: int = 0) -> Any:
    """A fresh Lua 5.2 runtime with the MoonSharp profile; `pairs` shuffled from `seed`.

    Nothing counts its instructions (counting_runtime does), so the functions that stand
    for MoonSharp's C# run without the meter's bookkeeping: the cross-check's engines and
    the story run at about twice the pace.
    """
    lua = lua52.LuaRuntime(unpack_returned_tuples=True, register_eval=False)
    _profiled(lua, seed, metered=False)
    return lua


# A loader for script text in an environment of our choosing (TTS gives each object script its
# own), built before the profile removes `load`, and held by Python only.
LOADER = """
local load = load
return function(text, name, env)
  return load(text, "=" .. name, "t", env)
end
"""


# Runs a script's text under an instruction limit (a count hook every 1,000 instructions; past
# the limit it raises at every instruction, so a loop that catches the error in a pcall still
# ends: the loop's own next instruction raises it outside the pcall),
# built before the profile removes `debug` and `load`, and held by Python only.
LIMITED = """
local sethook, getinfo, load, pcall, error, pack, unpack = debug.sethook, debug.getinfo, load,
  pcall, error, table.pack, table.unpack
local limited
limited = function(text, name, limit)
  local fn, problem = load(text, "=" .. name, "t")
  if fn == nil then
    error(problem, 0)
  end
  local n = 0
  local over
  local function stop()
    if getinfo(2, "f").func ~= limited then -- (this function's own lines run on)
      error(over, 0)
    end
  end
  sethook(function()
    n = n + 1000
    if n > limit then
      local at = getinfo(2, "Sl") -- where it was running: the bundle's line, named by its source
      over = at.short_src .. ":" .. tostring(at.currentline) .. ": over " .. limit
        .. " instructions: a loop that never ends?"
      sethook(stop, "", 1)
      stop()
    end
  end, "", 1000)
  local results = pack(pcall(fn))
  sethook()
  if not results[1] then
    error(results[2], 0)
  end
  return unpack(results, 2, results.n)
end
return limited
"""


def limited_runtime(seed: int = 0) -> tuple[Any, Any]:
    """A runtime as `runtime` gives, and `run(text, name, limit)` running a script's text.

    `run` gives the script's results, or a LuaError once it runs over `limit` instructions
    (`ttsmod check` loads a game's Lua so).
    """
    lua = lua52.LuaRuntime(unpack_returned_tuples=True, register_eval=False)
    run = lua.execute(LIMITED)
    _profiled(lua, seed)
    return lua, run


def host_runtime(seed: int, attribute_handlers: Any) -> tuple[Any, Any, Counter]:
    """A profiled runtime for an emulated table: (lua, load, count).

    `attribute_handlers` (getter, setter) decide what Lua sees of Python objects (lupa);
    `load(text, name, env)` compiles a script into an environment; `count` as in
    counting_runtime. Neither helper is reachable from the scripts.
    """
    lua = lua52.LuaRuntime(
        unpack_returned_tuples=True, register_eval=False, attribute_handlers=attribute_handlers
    )
    load = lua.execute(LOADER)
    count = _profiled(lua, seed)
    return lua, load, count


def counting_runtime(seed: int = 0) -> tuple[Any, Counter]:
    """A runtime as `runtime` gives, and `count(fn, *args)` -> (instructions, *results).

    The count is of Lua VM instructions run by `fn` and whatever it calls in Lua (C
    functions count as one call), plus the profile's charge for long strings scanned by
    string functions (MoonSharp copies the subject on every call): unlike time, it does
    not vary with the machine's load.
    """
    lua = lua52.LuaRuntime(unpack_returned_tuples=True, register_eval=False)
    count = _profiled(lua, seed)
    return lua, count
