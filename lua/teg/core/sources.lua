-- Where the decisions of an action come from: a complete action, or a path of option ids.
--
-- The rules resolve an action one decision at a time and ask a source for each one. A Reader
-- reads them from a complete action and refuses a value that is not an option; a Builder
-- takes them from a path of option ids (past its end, from a chooser), writing the action as
-- it goes, and with no chooser stops at the first decision the path does not answer (`need`).
-- The rules cannot tell the two apart. Mirrors generator/games/teg/rules/sources.py.
--
-- An option is { id =, label =, fields = { field = value, ... } }: choosing it writes
-- `fields` into the action object. Labels are built only when a Builder offers (`offering`).

local json = require("lib.json")
local signal = require("lib.signal")
local S = require("teg.core.state")
local tr = require("lib.tr")

local NULL = json.null
local refuse = S.refuse

local Src = {}

-- The decision a walk stopped before (raised as a signal, kept on the walk: an error can
-- carry only a string), or nil when `err` is any other error.
function Src.needed(walk, err)
  if signal.caught(err, "need") then
    return walk.need
  end
  return nil
end

-- The reason a path is bad, or nil for any other error.
function Src.bad_path(err)
  return signal.caught(err, "path")
end

-- Stop a walk before `decision` (what a path that ends there reports).
function Src.stop(walk, decision)
  walk.need = decision
  signal.raise("need", decision.name)
end

local function bad(reason)
  signal.raise("path", reason)
end

-- True when two values are the same JSON ({} and [] differ; a float equals no integer).
local function same(a, b)
  if a == b then
    return true
  end
  if type(a) ~= "table" or type(b) ~= "table" or a == NULL or b == NULL
    or json.is_float(a) or json.is_float(b) then
    return false
  end
  if next(a) == nil and next(b) == nil then
    return json.is_object(a) == json.is_object(b)
  end
  local n = 0
  for k, v in next, a do -- every key is checked; the order does not matter
    if not same(v, b[k]) then
      return false
    end
    n = n + 1
  end
  for _ in next, b do
    n = n - 1
  end
  return n == 0
end
Src.same = same

-- the walk: path, chooser, trace ------------------------------------------------------------

function Src.walk(path, chooser, trace)
  return { path = path or {}, pos = 0, chooser = chooser, trace = trace and {} or nil }
end

local function answer(walk, decision)
  if walk.trace then
    walk.trace[#walk.trace + 1] = decision
  end
  if walk.pos < #walk.path then
    walk.pos = walk.pos + 1
    return walk.path[walk.pos]
  end
  if walk.chooser then
    local id = walk.chooser(decision)
    walk.path[#walk.path + 1] = id
    walk.pos = walk.pos + 1
    return id
  end
  Src.stop(walk, decision)
end

local function decision(name, who, options, roll)
  local listed = {}
  for i, o in ipairs(options or {}) do
    listed[i] = { id = o.id, label = o.label }
  end
  local d = { name = name, player = who or NULL, options = json.array(listed) }
  if roll then
    d.roll = roll
  end
  return d
end

-- Reader -------------------------------------------------------------------------------------

local Reader = {}
Reader.__index = Reader

function Src.reader(value, what, taken, track)
  return setmetatable({ value = value, what = what, read = {}, taken = taken or {},
    track = track, at = 0, offering = false }, Reader)
end

local function get(self, name)
  local v = self.value[name]
  if v == nil then
    refuse(self.what .. " needs '" .. name .. "'")
  end
  self.read[name] = true
  return v
end

function Reader:has(name)
  return self.value[name] ~= nil
end

function Reader:peek(name)
  self.read[name] = true
  local v = self.value[name]
  if v == NULL then
    return nil
  end
  return v
end

local function matches(value, fields)
  for k, v in next, fields do -- every field must match; the order does not matter
    if value[k] == nil or not same(value[k], v) then
      return false
    end
  end
  return true
end

local function choose_item(self, name, options, also)
  self.at = self.at + 1
  local value = self.value[self.at]
  if value == nil then
    refuse(self.what .. ": '" .. name .. "' lists too few values")
  end
  for _, list in ipairs({ options, also or {} }) do
    for _, o in ipairs(list) do
      if same(o.fields[name], value) then
        self.taken[#self.taken + 1] = o.id
        return o.fields
      end
    end
  end
  refuse(json.encode(value) .. " is not a legal choice for " .. self.what)
end

function Reader:choose(name, options, who, also, why)
  if json.is_array(self.value) then
    return choose_item(self, name, options, also)
  end
  for _, list in ipairs({ options, also or {} }) do
    for _, o in ipairs(list) do
      if matches(self.value, o.fields) then
        for k in next, o.fields do -- mark every field read
          self.read[k] = true
        end
        self.taken[#self.taken + 1] = o.id
        return o.fields
      end
    end
  end
  local reason = why and why() or nil
  if reason == nil then
    if self.value[name] == nil then
      reason = self.what .. " needs '" .. name .. "'"
    else
      reason = json.encode(self.value[name]) .. " is not a legal choice for " .. self.what
    end
  end
  refuse(reason)
end

function Reader:maybe(name, use, skip, who, possible)
  local given = self.value[name] ~= nil
  if self.track and possible() then
    self.taken[#self.taken + 1] = given and "use" or "skip"
  end
  return given
end

function Reader:sub(name, what)
  local v = get(self, name)
  if not json.is_object(v) then
    refuse(self.what .. ": '" .. name .. "' must be an object")
  end
  return Src.reader(v, what, self.taken, self.track)
end

function Reader:items(name)
  local v = get(self, name)
  if not json.is_array(v) then
    refuse(self.what .. ": '" .. name .. "' must be a list")
  end
  return Src.reader(v, self.what, self.taken, self.track)
end

function Reader:item(index)
  local v = self.value[index + 1]
  if not json.is_object(v) then
    refuse(self.what .. ": each element must be an object")
  end
  return Src.reader(v, "a move", self.taken, self.track)
end

function Reader:count()
  return #self.value
end

function Reader:fixed(name, value, why)
  if not same(get(self, name), value) then
    refuse(why)
  end
end

function Reader:pick(name, cands, least, most, who, why)
  local value = get(self, name)
  if not json.is_array(value) or #value < least or #value > most then
    refuse(why())
  end
  local out = {}
  for _, v in ipairs(value) do
    local found = nil
    for _, c in ipairs(cands) do
      if same(c.value, v) then
        found = c
        break
      end
    end
    if found == nil then
      refuse(why())
    end
    for _, o in ipairs(out) do
      if same(o, v) then
        refuse(why())
      end
    end
    out[#out + 1] = found.value
    self.taken[#self.taken + 1] = found.id
  end
  if #out < most then
    self.taken[#self.taken + 1] = "done"
  end
  return out
end

function Reader:faces(name, n, who, check)
  local value = get(self, name)
  check(value, n)
  self.taken[#self.taken + 1] = "faces:" .. table.concat(value, ",")
  return value
end

function Reader:done(what)
  if json.is_array(self.value) then
    if self.at ~= #self.value then
      refuse(what .. " lists too many values")
    end
    return
  end
  local unknown = nil
  for k in next, self.value do -- find the first unknown key in sorted order
    if not self.read[k] and (unknown == nil or json.before(tostring(k), unknown)) then
      unknown = tostring(k)
    end
  end
  if unknown then
    refuse(what .. " has an unknown key '" .. unknown .. "'")
  end
end

-- Builder ------------------------------------------------------------------------------------

local Builder = {}
Builder.__index = Builder

function Src.builder(value, walk)
  return setmetatable({ value = value, walk = walk, offering = true }, Builder)
end

function Builder:has()
  return false
end

function Builder:peek()
  return nil
end

function Builder:choose(name, options, who, also)
  if #options == 0 then
    error("no option offered for '" .. name .. "'") -- a dead end is a bug
  end
  local chosen = answer(self.walk, decision(name, who, options))
  for _, list in ipairs({ options, also or {} }) do
    for _, o in ipairs(list) do
      if o.id == chosen then
        if json.is_array(self.value) then
          self.value[#self.value + 1] = o.fields[name]
        else
          for k, v in next, o.fields do -- copy every field
            self.value[k] = v
          end
        end
        return o.fields
      end
    end
  end
  bad("'" .. tostring(chosen) .. "' is not an option for '" .. name .. "'")
end

function Builder:maybe(name, use, skip, who, possible)
  if not possible() then
    return false
  end
  local chosen = answer(self.walk, decision(name, who,
    { { id = "use", label = use }, { id = "skip", label = skip } }))
  if chosen ~= "use" and chosen ~= "skip" then
    bad("'" .. tostring(chosen) .. "' is not an option for '" .. name .. "'")
  end
  return chosen == "use"
end

function Builder:sub(name)
  self.value[name] = json.object({})
  return Src.builder(self.value[name], self.walk)
end

function Builder:items(name)
  self.value[name] = json.array({})
  return Src.builder(self.value[name], self.walk)
end

function Builder:item()
  local v = json.object({})
  self.value[#self.value + 1] = v
  return Src.builder(v, self.walk)
end

function Builder:count()
  return -1
end

function Builder:fixed(name, value)
  self.value[name] = value
end

function Builder:pick(name, cands, least, most, who)
  local chosen = {}
  local taken = {}
  while #chosen < most do
    local last = 0
    for _, j in ipairs(chosen) do
      if j > last then
        last = j
      end
    end
    local offer, kinds = {}, {}
    for j = last + 1, #cands do
      -- the lowest unchosen member of each kind after the last one chosen, while enough
      -- members are left after it to reach `least`
      if not kinds[cands[j].kind] and #cands - j + 1 >= least - #chosen then
        kinds[cands[j].kind] = true
        offer[#offer + 1] = cands[j]
      end
    end
    if #chosen >= least then
      offer[#offer + 1] = { id = "done", label = tr("Done") }
    end
    local id = answer(self.walk, decision(name, who, offer))
    if id == "done" and #chosen >= least then
      break
    end
    local index = nil
    for j, c in ipairs(cands) do
      if c.id == id and not taken[j] then
        index = j
        break
      end
    end
    if index == nil then
      bad("'" .. tostring(id) .. "' is not an option for '" .. name .. "'")
    end
    chosen[#chosen + 1] = index
    taken[index] = true
  end
  local values = {}
  for k, j in ipairs(chosen) do
    values[k] = cands[j].value
  end
  self.value[name] = json.array(values)
  return values
end

function Builder:faces(name, n, who, check)
  local id = answer(self.walk, decision(name, who, nil, n))
  if type(id) ~= "string" or id:sub(1, 6) ~= "faces:" then
    bad("'" .. tostring(id) .. "' is not a roll of " .. n .. " dice ('faces:<face>,...')")
  end
  local value = {}
  for face in id:sub(7):gmatch("[^,]+") do
    value[#value + 1] = face
  end
  local ok, err = pcall(check, value, n)
  if not ok then
    bad(S.refusal(err) or tostring(err))
  end
  self.value[name] = json.array(value)
  return value
end

function Builder:done()
end

return Src
