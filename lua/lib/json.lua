-- Canonical JSON for the rules core and the table scripts.
--
-- encode() writes the one canonical text of a value (keys sorted, no spaces, integers only),
-- byte for byte what the Python engine writes, so the two engines can be compared as text.
-- Lua cannot tell [] from {} nor keep nil in a table, so:
--   * json.null stands for null;
--   * decode() marks the tables it makes as arrays or objects; json.object(t) marks one by
--     hand. An unmarked table is an object when it has a string key, else an array;
--   * a number written with a fraction or exponent decodes to a marked "float" that is never
--     equal to an integer (the engines only accept integers).
--
-- Text that is not ASCII (a Steam name, a card name with accents or in Japanese) goes through
-- whole. MoonSharp's strings are UTF-16 (measured: #"Héllo — ★" is 9, string.byte of a
-- character above U+00FF gives 63, string.char(9733) is "★", and its pattern matcher
-- compares a character's low byte only, so "[%c]" matches "—" and a non-plain '"' matches
-- "Ģ"): encode() writes every character above U+001F as it is, as the Python side does,
-- and decode() looks for quotes and backslashes with plain finds only and makes a \u
-- escape into its character with string.char (one UTF-16 unit an escape in MoonSharp; under
-- the test profile, whose strings are UTF-8 bytes, a code point: the two halves of a
-- surrogate pair make one). Keys sort by string.unicode, as Python sorts them.
--
-- encode(v, pace) and decode(text, pace) call pace(units) as they go when given one, a unit
-- about every eight values (decode counts at the end of each array and object): the table
-- framework spreads a long state's encoding over frames that way (glue.frames).

local M = {}

local NULL = setmetatable({}, { __tostring = function() return "null" end })
local OBJECT = {}
local ARRAY = {}
local FLOAT = {}

M.null = NULL

function M.object(t)
  return setmetatable(t or {}, OBJECT)
end

function M.array(t)
  return setmetatable(t or {}, ARRAY)
end

function M.is_float(v)
  return type(v) == "table" and getmetatable(v) == FLOAT
end

-- The helpers below visit every key and do not depend on the order, so they walk with next.
local function has_string_key(t)
  for k in next, t do
    if type(k) == "string" then
      return true
    end
  end
  return false
end

-- True when t is a JSON object (marked, or unmarked with a string key, or an unmarked {}
-- built by Lua code: such a table is an object wherever an object is expected).
function M.is_object(t)
  if type(t) ~= "table" or t == NULL then
    return false
  end
  local mt = getmetatable(t)
  if mt == OBJECT then
    return true
  end
  if mt ~= nil then
    return false
  end
  return next(t) == nil or has_string_key(t)
end

-- True when t is a JSON array: marked, or unmarked with keys exactly 1..n.
function M.is_array(t)
  if type(t) ~= "table" or t == NULL then
    return false
  end
  local mt = getmetatable(t)
  if mt == ARRAY then
    return true
  end
  if mt ~= nil then
    return false
  end
  local n = 0
  for k in next, t do
    if type(k) ~= "number" then
      return false
    end
    n = n + 1
  end
  for i = 1, n do
    if t[i] == nil then
      return false
    end
  end
  return true
end

-- What each character that must be escaped is written as: a quote, a backslash and every
-- control character. gsub looks a match up here (no Lua function called a match); a match
-- not here stays as it is: DEL, or a character MoonSharp's matcher took for a control
-- character by its low byte (see the top of this file).
local ESCAPES = {
  ['"'] = '\\"', ["\\"] = "\\\\", ["\b"] = "\\b", ["\f"] = "\\f",
  ["\n"] = "\\n", ["\r"] = "\\r", ["\t"] = "\\t",
}
for code = 0, 31 do
  local c = string.char(code)
  ESCAPES[c] = ESCAPES[c] or string.format("\\u%04x", code)
end

-- Quoted texts of the short strings a game repeats (keys, colors, ids), bounded in number.
local QUOTED = {}
local quoted_count = 0

-- True when strings hold UTF-16 units (MoonSharp), false when they hold bytes (Lua 5.2).
local UTF16 = #"é" == 1
-- A character's code (string.byte gives 63 above U+00FF in MoonSharp, string.unicode the
-- character's UTF-16 unit; the test profile has both as MoonSharp does).
local code_of = string.unicode or string.byte

local function quote(s)
  local known = QUOTED[s]
  if known then
    return known
  end
  local body = string.gsub(s, '[%c"\\]', ESCAPES)
  local text = '"' .. body .. '"'
  if #s <= 32 and quoted_count < 4096 then
    QUOTED[s] = text
    quoted_count = quoted_count + 1
  end
  return text
end

-- Texts of small whole numbers (dice, steps, resources, indexes), made as they are first met.
local INTS = {}

local function int_text(v)
  local text = INTS[v]
  if text == nil then
    -- tostring writes an integer below 10^14 in full in Lua 5.2 and MoonSharp alike, at a
    -- seventh of string.format's cost on MoonSharp (measured: 2 us against 14 us a call)
    text = (v > -1e14 and v < 1e14) and tostring(v) or string.format("%d", v)
    if v >= -1 and v <= 255 then
      INTS[v] = text
    end
  end
  return text
end

-- True when string a sorts before b byte by byte, as Python sorts keys. Lua's `<` cannot be
-- used: MoonSharp compares strings by the player's culture (lower before upper case, "-"
-- ignored: measured, docs/moonsharp.md).
function M.before(a, b)
  if a == b then
    return false
  end
  for i = 1, #a do
    local x, y = code_of(a, i), code_of(b, i)
    if x ~= y then
      return y ~= nil and x < y
    end
  end
  return true -- a is a proper prefix of b
end

-- A key's sort text: two hex digits for each of its characters, so that a native sort (which
-- compares strings by the player's culture in MoonSharp) puts keys in code order, as Python
-- does. No Lua comparator runs: its calls would follow the order `next` walked the keys in,
-- which Lua 5.2's string hashing, seeded per runtime, changes, and a run's count with it
-- (issue 50). Keys are ASCII ids; an object with any other key is sorted by M.before.
local HEX = {}
for code = 0, 127 do -- (a table: gsub looks a match up, no Lua function called a character)
  HEX[string.char(code)] = string.format("%02x", code)
end
-- key -> its sort text (false: not ASCII), and back; bounded in number as QUOTED is
local SORT_TEXT, KEY_OF = {}, {}
local sort_text_count = 0

local function sort_text(k)
  local text = SORT_TEXT[k]
  if text ~= nil then
    return text
  end
  -- a character missing from HEX is left as it is: the text comes out short
  text = string.gsub(k, ".", HEX)
  if #text ~= 2 * #k then
    text = false
  end
  if sort_text_count < 4096 then
    SORT_TEXT[k] = text
    if text then
      KEY_OF[text] = k
    end
    sort_text_count = sort_text_count + 1
  end
  return text
end

-- keys[1..n] sorted in place, as Python sorts strings
local function sort_keys(keys, n)
  local back = nil -- texts past the bound, kept for this sort only
  for i = 1, n do
    local k = keys[i]
    local text = SORT_TEXT[k] or sort_text(k)
    if not text then -- a key that is not ASCII: put the texts back, compare by M.before
      for j = 1, i - 1 do
        keys[j] = back and back[keys[j]] or KEY_OF[keys[j]]
      end
      table.sort(keys, M.before)
      return
    end
    if KEY_OF[text] ~= k then
      back = back or {}
      back[text] = k
    end
    keys[i] = text
  end
  table.sort(keys)
  if back then
    for i = 1, n do
      keys[i] = back[keys[i]] or KEY_OF[keys[i]]
    end
  else
    for i = 1, n do
      keys[i] = KEY_OF[keys[i]]
    end
  end
end

local encode_into

-- What M.encode was given: a fault names where in it it lies, as a JSON pointer ("a hole at
-- /players/1/stock/36"), found by a walk only then (the encoding itself keeps no path).
local root

local function pointer(is_it)
  local function walk(v, path)
    if is_it(v) then
      return path
    end
    if type(v) == "table" and getmetatable(v) ~= FLOAT then
      for k, x in next, v do
        local at = walk(x, path .. "/" .. (type(k) == "number" and tostring(k - 1) or tostring(k)))
        if at then
          return at
        end
      end
    end
  end
  local at = walk(root, "")
  return at == "" and "the top" or at
end

local function fault(message, is_it)
  error("json: " .. message .. " (at " .. tostring(pointer(is_it)) .. ")", 0)
end

local function this(t)
  return function(v)
    return v == t
  end
end

-- Every PACE_VALUES values encoded or decoded, pace(1) (about a thousand instructions).
local PACE_VALUES = 15

-- The sorted keys of the objects met so far, by their shape: a state writes the same few
-- kinds of object again and again (a player, a ship, a die), and sorting their keys each
-- time was a third of an encode. A shape is the sum of its keys' ids (random, so two sets
-- of keys seldom share one; a set found under another's sum is sorted as new). Bounded.
local KEY_ID, SHAPES = {}, {}
local key_ids, shapes = 0, 0
local id_state = 12345

local function key_id(k)
  if key_ids >= 4096 then
    return nil
  end
  id_state = id_state * 16807 % 2147483647 -- Park-Miller: exact in doubles
  key_ids = key_ids + 1
  KEY_ID[k] = id_state
  return id_state
end

-- t's keys in order: its shape's, when t has exactly the keys of the shape met under the
-- same sum; else collected and sorted (and kept for the next object of that shape).
local function sorted_keys(t)
  local n, sum = 0, 0
  for k in next, t do
    if type(k) ~= "string" then
      fault("object key " .. tostring(k) .. " is not a string", this(t))
    end
    n = n + 1
    local id = sum and (KEY_ID[k] or key_id(k))
    sum = id and sum + id
  end
  local known = sum and SHAPES[sum]
  if known and known.n == n then
    local same = true
    for i = 1, n do
      if t[known[i]] == nil then
        same = false
        break
      end
    end
    if same then
      return known, n
    end
  end
  local keys = {}
  n = 0
  for k in next, t do
    n = n + 1
    keys[n] = k
  end
  sort_keys(keys, n)
  if sum and (known or shapes < 1024) then
    shapes = shapes + (known and 0 or 1)
    keys.n = n
    SHAPES[sum] = keys
  end
  return keys, n
end

local function encode_object(t, out, pace)
  local keys, n = sorted_keys(t)
  local at = out.n + 1
  out.n, out[at] = at, "{"
  for i = 1, n do
    local k = keys[i]
    at = out.n + 1
    if i > 1 then
      out[at] = ","
      at = at + 1
    end
    if pace and QUOTED[k] == nil then
      pace.n = pace.n + 2 -- a text quoted for the first time (then kept)
    end
    out[at], out[at + 1] = quote(k), ":"
    out.n = at + 1
    encode_into(t[k], out, pace)
  end
  at = out.n + 1
  out.n, out[at] = at, "}"
end

local function encode_array(t, out, pace)
  local at = out.n + 1
  out.n, out[at] = at, "["
  local n = 0
  for k in next, t do
    if type(k) ~= "number" then
      fault("array with key " .. tostring(k), this(t))
    end
    n = n + 1
  end
  for i = 1, n do
    if i > 1 then
      at = out.n + 1
      out.n, out[at] = at, ","
    end
    if t[i] == nil then
      error("json: an array with a hole: " .. tostring(pointer(this(t))) .. "/" .. tostring(i - 1)
        .. " is nil, with items after it (a nil put in the array?)", 0)
    end
    encode_into(t[i], out, pace)
  end
  at = out.n + 1
  out.n, out[at] = at, "]"
end

encode_into = function(v, out, pace)
  local kind = type(v)
  if pace then
    pace.n = pace.n + 1
    if pace.n >= PACE_VALUES then
      pace.n = 0
      pace.fn(1)
    end
  end
  if v == nil or v == NULL then
    local at = out.n + 1
    out.n, out[at] = at, "null"
  elseif kind == "boolean" then
    local at = out.n + 1
    out.n, out[at] = at, v and "true" or "false"
  elseif kind == "number" then
    if v ~= math.floor(v) or v ~= v or v == math.huge or v == -math.huge then
      fault(tostring(v) .. " is not an integer", function(x)
        return x == v or (x ~= x and v ~= v)
      end)
    end
    local at = out.n + 1
    out.n, out[at] = at, INTS[v] or int_text(v)
  elseif kind == "string" then
    if pace and QUOTED[v] == nil then
      pace.n = pace.n + 2 -- a text quoted for the first time (then kept)
    end
    local at = out.n + 1
    out.n, out[at] = at, quote(v)
  elseif kind == "table" then
    local mt = getmetatable(v)
    if mt == FLOAT then
      local at = out.n + 1
      out.n, out[at] = at, v.text
    elseif mt == OBJECT or (mt == nil and has_string_key(v)) then
      encode_object(v, out, pace)
    else
      encode_array(v, out, pace)
    end
  else
    fault("cannot encode a " .. kind, this(v))
  end
end

-- The canonical JSON text of a value (`pace`: see the top of this file).
function M.encode(v, pace)
  -- `out` keeps its own count: on MoonSharp 2.0 `#out` after a new item counts the items
  -- from 1 again, and `out[#out + 1]` made encoding a whole record quadratic (measured:
  -- a 14 KB record in 435 ms, 22 ms with the count; docs/moonsharp.md)
  local out = { n = 0 }
  root = v
  encode_into(v, out, pace and { fn = pace, n = 0 })
  root = nil
  return table.concat(out)
end

-- Decoding ---------------------------------------------------------------------------------

local function fail(text, at, what)
  error(string.format("json: %s at character %d", tostring(what), at), 0)
end

-- string.find from `at` for a pattern that matches one character, a window of the text at a
-- time. MoonSharp copies the whole subject on every find (measured: about 1.9 ms per MB), so
-- one find on the whole text per token makes decoding a long record quadratic; a window
-- costs its own length, and windows grow so a long run costs a few finds.
local WINDOW = 64
local sub, find_in = string.sub, string.find

local function find(text, pattern, at, plain)
  local n, size = #text, WINDOW
  while at <= n do
    local last = at + size - 1
    local s = find_in(sub(text, at, last), pattern, 1, plain)
    if s then
      return at + s - 1
    end
    at, size = last + 1, size * 2
  end
  return nil
end

local byte_at, sub_of = string.byte, string.sub

-- Past any spaces from `at` (the position of the next other character, or #text + 1).
local function skip(text, at)
  local b = byte_at(text, at)
  if b ~= 32 and b ~= 9 and b ~= 10 and b ~= 13 then
    return b and at or (#text + 1)
  end
  return find(text, "[^ \t\r\n]", at) or (#text + 1)
end

local SIMPLE = { ['"'] = '"', ["\\"] = "\\", ["/"] = "/", b = "\b", f = "\f", n = "\n",
  r = "\r", t = "\t" }

-- A string with escapes, or longer than a window (the rare case).
local function decode_escaped(text, at)
  local parts = {}
  local i = at + 1
  while true do
    -- plain finds: MoonSharp's matcher would take "Ģ" for a quote (see the top of this file);
    -- a backslash is looked for only before the next quote (not far along a long text)
    local q = find(text, '"', i, true)
    if not q then
      fail(text, at, "unterminated string")
    end
    local b = find_in(sub_of(text, i, q - 1), "\\", 1, true)
    local j = b and (i + b - 1) or q
    parts[#parts + 1] = sub_of(text, i, j - 1)
    if byte_at(text, j) == 34 then
      return table.concat(parts), j + 1
    end
    local c = sub_of(text, j + 1, j + 1)
    if SIMPLE[c] then
      parts[#parts + 1] = SIMPLE[c]
      i = j + 2
    elseif c == "u" then
      local code = tonumber(sub_of(text, j + 2, j + 5), 16)
      if not code then
        fail(text, j, "bad \\u escape")
      end
      i = j + 6
      -- string.char makes the character of a code (MoonSharp, and the test profile for Lua
      -- 5.2): where strings are UTF-16 the two halves of a surrogate pair join as they come;
      -- where they are UTF-8 bytes the pair is one code point
      if not UTF16 and code >= 0xD800 and code <= 0xDBFF
        and sub_of(text, i, i + 1) == "\\u" then
        local low = tonumber(sub_of(text, i + 2, i + 5), 16)
        if low and low >= 0xDC00 and low <= 0xDFFF then
          code = 0x10000 + (code - 0xD800) * 0x400 + (low - 0xDC00)
          i = i + 6
        end
      end
      parts[#parts + 1] = string.char(code)
    else
      fail(text, j, "bad escape")
    end
  end
end

-- The string whose opening quote is at `at`, and the position after its closing quote.
-- Most strings are short and hold no escape: one window of the text takes them whole.
local function decode_string(text, at)
  local window = sub_of(text, at + 1, at + WINDOW)
  local close = find_in(window, '"', 1, true)
  if close then
    local body = sub_of(window, 1, close - 1)
    if not find_in(body, "\\", 1, true) then
      return body, at + close + 1
    end
  end
  return decode_escaped(text, at)
end

local decode_value

-- Characters met between values, by their codes (a byte compared costs less than a
-- one-character string made and compared).
local OPEN_OBJECT, CLOSE_OBJECT, OPEN_ARRAY, CLOSE_ARRAY = 123, 125, 91, 93
local QUOTE, COMMA, COLON, MINUS = 34, 44, 58, 45

-- Count `n` values read into the pace (at the end of each array and object: a value read
-- costs about twice one written).
local function paced(pace, n)
  local k = pace.n + 2 * n
  if k >= PACE_VALUES then
    pace.n = k % PACE_VALUES
    pace.fn((k - pace.n) / PACE_VALUES)
  else
    pace.n = k
  end
end

-- The loops below look at the byte they expect first and skip spaces only when it is not
-- there: canonical JSON (all the table writes) has none, and a call saved per token is a
-- good part of a long record's decoding.

local function decode_array(text, at, pace)
  local out = setmetatable({}, ARRAY)
  local i = at + 1
  local c = byte_at(text, i)
  if c == 32 or c == 9 or c == 10 or c == 13 then
    i = skip(text, i)
    c = byte_at(text, i)
  end
  if c == CLOSE_ARRAY then
    return out, i + 1
  end
  local n = 0
  while true do
    local value
    value, i = decode_value(text, i, pace)
    n = n + 1
    out[n] = value
    c = byte_at(text, i)
    if c ~= COMMA and c ~= CLOSE_ARRAY then
      i = skip(text, i)
      c = byte_at(text, i)
    end
    if c == CLOSE_ARRAY then
      if pace then
        paced(pace, n)
      end
      return out, i + 1
    elseif c ~= COMMA then
      fail(text, i, "expected ',' or ']'")
    end
    i = i + 1
  end
end

local function decode_object(text, at, pace)
  local out = setmetatable({}, OBJECT)
  local i = at + 1
  local c = byte_at(text, i)
  if c ~= QUOTE and c ~= CLOSE_OBJECT then
    i = skip(text, i)
    c = byte_at(text, i)
  end
  if c == CLOSE_OBJECT then
    return out, i + 1
  end
  local n = 0
  while true do
    if c ~= QUOTE then
      fail(text, i, "expected a key")
    end
    local key
    key, i = decode_string(text, i)
    n = n + 1
    if byte_at(text, i) ~= COLON then
      i = skip(text, i)
      if byte_at(text, i) ~= COLON then
        fail(text, i, "expected ':'")
      end
    end
    local value
    value, i = decode_value(text, i + 1, pace)
    out[key] = value
    c = byte_at(text, i)
    if c ~= COMMA and c ~= CLOSE_OBJECT then
      i = skip(text, i)
      c = byte_at(text, i)
    end
    if c == CLOSE_OBJECT then
      if pace then
        paced(pace, n)
      end
      return out, i + 1
    elseif c ~= COMMA then
      fail(text, i, "expected ',' or '}'")
    end
    i = i + 1
    c = byte_at(text, i)
    if c ~= QUOTE then
      i = skip(text, i)
      c = byte_at(text, i)
    end
  end
end

-- The value that starts at `at` (or after spaces there), and the position after it.
decode_value = function(text, at, pace)
  local c = byte_at(text, at)
  if c == QUOTE then
    return decode_string(text, at)
  elseif c == OPEN_OBJECT then
    return decode_object(text, at, pace)
  elseif c == OPEN_ARRAY then
    return decode_array(text, at, pace)
  elseif c == 116 and sub_of(text, at, at + 3) == "true" then -- t
    return true, at + 4
  elseif c == 102 and sub_of(text, at, at + 4) == "false" then -- f
    return false, at + 5
  elseif c == 110 and sub_of(text, at, at + 3) == "null" then -- n
    return NULL, at + 4
  end
  -- Integers (all a game record holds) are read digit by digit: a pattern with a quantifier
  -- is far slower in MoonSharp. Fractions and exponents take the pattern.
  local j = at
  if c == MINUS then
    j = j + 1
  end
  local first = j
  local b = byte_at(text, j)
  while b and b >= 48 and b <= 57 do
    j = j + 1
    b = byte_at(text, j)
  end
  if j == first then
    if c == 32 or c == 9 or c == 10 or c == 13 then
      return decode_value(text, skip(text, at), pace)
    end
    fail(text, at, "unexpected character")
  end
  if b ~= 46 and b ~= 69 and b ~= 101 then -- not ".", "E", "e": an integer
    return tonumber(sub_of(text, at, j - 1)), j
  end
  local number = string.match(sub(text, at, at + 63), "^-?%d+%.?%d*[eE]?[-+]?%d*")
  local value = tonumber(number)
  if not value then
    fail(text, at, "bad number")
  end
  if string.find(number, "[.eE]") then
    return setmetatable({ text = number, value = value }, FLOAT), at + #number
  end
  return value, at + #number
end

-- Decode JSON text into Lua values (see the notes at the top of this file).
function M.decode(text, pace)
  local value, i = decode_value(text, 1, pace and { fn = pace, n = 0 })
  i = skip(text, i)
  if i <= #text then
    fail(text, i, "trailing characters")
  end
  return value
end

return M
