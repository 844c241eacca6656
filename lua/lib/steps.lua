-- A decision taken in steps: the stepwise-choice base every game's Lua core can stand on.
-- Pure: no TTS calls. The twin of generator/engines/steps.py.
--
-- A core resolves an action one decision at a time, asking a source for each answer
-- (`Steps.ask(src, name, player, options)`): from a path of option ids (what a player has
-- clicked so far), or from a complete action's answers (`apply`). From the core's
-- `resolve(s, src)` (plays one action on a copy, returns the action) and
-- `answers_of(s, action)` (the answers in the order they are asked, or nil and the reason),
-- `Steps.verbs` gives `apply`, `choices`, `advance` and `trace`.

local json = require("lib.json")

local NULL = json.null
local SIGNAL = "lib.steps:signal" -- MoonSharp's error() takes strings: the kind rides on src

local Steps = {}

-- A source of answers: `answers` a path or a complete action's (`strict`), `trace` a list
-- that gets every decision met.
function Steps.source(answers, strict, trace)
  return { answers = answers or {}, pos = 0, strict = strict, taken = {}, trace = trace }
end

-- An option of a decision.
function Steps.opt(id, label)
  return { id = id, label = label }
end

-- The answer to a decision. `extra` (optional) is what the decision carries for the table
-- (Mechs: `exhausted`, the weapons each side of a combat has used); `why(answer)` the rule
-- that refuses an answer not offered, in players' words (nil: "not an option").
function Steps.ask(src, name, player, options, exhausted, why)
  local decision = { name = name, player = player or NULL, options = options,
    exhausted = exhausted }
  if src.pos < #src.answers then
    src.pos = src.pos + 1
    local answer = src.answers[src.pos]
    local ok = false
    for _, o in ipairs(options) do
      if o.id == answer then ok = true break end
    end
    if src.trace then src.trace[#src.trace + 1] = decision end
    if not ok then
      local reason = why and why(answer)
      src.signal = { kind = src.strict and "refuse" or "badpath",
        why = reason or ("'" .. tostring(answer) .. "' is not an option of the decision '"
          .. name .. "'") }
      error(SIGNAL, 0)
    end
    src.taken[#src.taken + 1] = answer
    return answer
  end
  if src.strict then
    src.signal = { kind = "refuse", why = "the action stops before its decision '" .. name .. "'" }
  else
    src.signal = { kind = "need", decision = decision }
  end
  error(SIGNAL, 0)
end

-- The next answer, to a chance decision: the path's (or a signal: the action stops here).
local function chance_answer(src, decision)
  if src.pos >= #src.answers then
    src.signal = src.strict and { kind = "refuse",
      why = "the action stops before its decision '" .. decision.name .. "'" }
      or { kind = "need", decision = decision }
    error(SIGNAL, 0)
  end
  src.pos = src.pos + 1
  if src.trace then src.trace[#src.trace + 1] = decision end
  return src.answers[src.pos]
end

-- A chance decision: `count` dice of `faces` faces thrown (nobody chooses: the table throws
-- them, for `player` whose turn it is, when given), answered "faces:3,1,6"; the faces.
function Steps.roll(src, name, count, faces, player)
  local decision = { name = name, player = player or NULL, options = json.array({}),
    roll = count, faces = faces }
  local answer = chance_answer(src, decision)
  local values, ok = {}, string.sub(answer, 1, 6) == "faces:"
  for v in string.gmatch(string.sub(answer, 7), "[^,]+") do
    local n = tonumber(v)
    ok = ok and string.match(v, "^%d+$") ~= nil and n >= 1 and n <= faces
    values[#values + 1] = n
  end
  if not ok or #values ~= count then
    src.signal = { kind = src.strict and "refuse" or "badpath", why = "'" .. answer
      .. "' is not " .. count .. " faces of 1 to " .. faces .. " ('faces:3,1,...')" }
    error(SIGNAL, 0)
  end
  src.taken[#src.taken + 1] = answer
  return json.array(values)
end

-- A chance decision: `items` shuffled (nobody chooses: TTS shuffles the deck and the table
-- reads its order back, for `player` when given), answered "order:3,1,2" (each new place's
-- 1-based position in `items`); the items in their new order, the first on top. The decision
-- carries the items, so a table can name each card it reads.
function Steps.shuffle(src, name, items, player)
  local n = #items
  local decision = { name = name, player = player or NULL, options = json.array({}),
    shuffle = n, items = items }
  local answer = chance_answer(src, decision)
  local out, seen, parts = {}, {}, {}
  local ok = string.sub(answer, 1, 6) == "order:"
  for v in string.gmatch(string.sub(answer, 7), "[^,]+") do
    local k = string.match(v, "^%d+$") and tonumber(v)
    ok = ok and k ~= nil and k >= 1 and k <= n and not seen[k]
    if ok then
      seen[k] = true
      out[#out + 1] = items[k]
      parts[#parts + 1] = v
    end
  end
  if not ok or #out ~= n or table.concat(parts, ",") ~= string.sub(answer, 7) then
    src.signal = { kind = src.strict and "refuse" or "badpath", why = "'" .. answer
      .. "' is not an order of " .. n .. " items ('order:3,1,2,...')" }
    error(SIGNAL, 0)
  end
  src.taken[#src.taken + 1] = answer
  return json.array(out)
end

-- True for a decision nobody chooses: dice thrown (`roll`) or items shuffled (`shuffle`).
function Steps.chance(d)
  return d ~= nil and (d.roll ~= nil or d.shuffle ~= nil)
end

-- The answer ("order:...") that puts `items` in the order `now` (an action's record).
function Steps.order_of(items, now)
  local at, parts = {}, {}
  for i, item in ipairs(items) do at[item] = i end
  for i, item in ipairs(now) do parts[i] = tostring(at[item] or 0) end
  return "order:" .. table.concat(parts, ",")
end

-- Refuse the action under way with the rule it breaks.
function Steps.refuse(src, why)
  src.signal = { kind = "refuse", why = why }
  error(SIGNAL, 0)
end

-- True when a complete action's next answer is `answer` (to name a rule it breaks).
function Steps.next_is(src, answer)
  return src.strict and src.pos < #src.answers and src.answers[src.pos + 1] == answer
end

-- Plain data equal field by field (what comparing their JSON would say, without the text).
function Steps.same(a, b)
  if a == b then return true end
  if type(a) ~= "table" or type(b) ~= "table" or a == NULL or b == NULL then
    return false
  end
  for k, v in next, a do
    if not Steps.same(v, b[k]) then return false end
  end
  for k in next, b do
    if a[k] == nil then return false end
  end
  return true
end

local PAST_THE_END = "the path goes on after the action is complete"

-- The core's verbs into `E`: apply, choices, advance, trace, from `resolve(s, src)`,
-- `answers_of(s, action)` (called for an object naming its player while the game goes on),
-- `clone(s)` and `E.is_over`.
--
-- A core without its own `is_over` or `to_act` gets the defaults: over once its phase is
-- "over"; the state's `active` decides (nobody once it is over).
function Steps.verbs(E, resolve, answers_of, clone)
  E.is_over = E.is_over or function(s) return s.phase == "over" end
  E.to_act = E.to_act or function(s)
    if E.is_over(s) then return nil end
    return s.active
  end
  -- Runs the resolution on a copy; returns (status, value, state): "done" and the action,
  -- "need" and the decision, "refuse"/"badpath" and the reason.
  local function run(state, src)
    local s = clone(state)
    local ok, result = pcall(resolve, s, src)
    if ok then
      return "done", result, s
    end
    local signal = src.signal
    if signal == nil or not tostring(result):find(SIGNAL, 1, true) then
      error(result, 0) -- a bug in the core, not a refusal
    end
    src.signal = nil
    if signal.kind == "need" then
      return "need", signal.decision, s
    end
    return signal.kind, signal.why, s
  end

  function E.apply(state, action)
    if type(action) ~= "table" or type(action.player) ~= "string" then
      return nil, "an action is an object naming its player"
    end
    if E.is_over(state) then return nil, "the game is over" end
    local answers, why = answers_of(state, action)
    if answers == nil then return nil, why end
    local src = Steps.source(answers, true)
    local status, result, s = run(state, src)
    if status ~= "done" then return nil, result end
    if src.pos < #answers then return nil, "the action has answers past its last decision" end
    if not Steps.same(result, action) then
      return nil, "the action's fields do not match its decisions"
    end
    return s
  end

  function E.choices(state, path)
    local src = Steps.source(path, false)
    local status, result = run(state, src)
    if status == "need" then
      return { complete = false, decision = result }
    elseif status == "done" then
      if src.pos < #path then return nil, PAST_THE_END end
      return { complete = true, action = result }
    end
    return nil, result
  end

  -- choices(state, path) with a state: after a complete path's action (one resolution where
  -- choices then apply take two), or part way through, at the decision the path reached
  -- (what the action has done so far: the table shows it).
  function E.advance(state, path)
    local src = Steps.source(path, false)
    local status, result, s = run(state, src)
    if status == "need" then
      return { complete = false, decision = result, state = s }
    elseif status == "done" then
      if src.pos < #path then return nil, PAST_THE_END end
      return { complete = true, action = result, state = s }
    end
    return nil, result
  end

  function E.trace(state, path)
    local trace = {}
    local src = Steps.source(path, false, trace)
    local status, result = run(state, src)
    if status == "need" then
      return trace, nil
    elseif status == "done" then
      if src.pos < #path then return nil, nil, PAST_THE_END end
      return trace, result
    end
    return nil, nil, result
  end

  return E
end

return Steps
