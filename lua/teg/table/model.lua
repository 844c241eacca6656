-- The table's game as data: the record, the state it replays to, the decision path the
-- deciding player is building, and the missions being chosen before the first action.
--
-- No TTS calls: the Global script turns clicks and resting dice into calls here, and draws
-- the table from what this holds (teg.table.view). Every rule comes from the core: an option
-- is taken only if the core offered it, an action is applied only if the core accepts it.
-- Every change bumps `version`; options on screen carry the version they were drawn for, so
-- a click on an option left over from an earlier picture is refused.

local json = require("lib.json")
local signal = require("lib.signal")
local Record = require("teg.core.record")

local M = {}

-- A state is kept every CHECKPOINT actions, so an undo replays at most that many actions
-- (states are never changed after apply returns them, so keeping them is safe).
local CHECKPOINT = 16

function M.new(game)
  return {
    game = game,
    state = nil, -- nil before a game starts
    record = nil,
    checkpoints = {},
    dealing = nil, -- before the first action: players, deck, offered and kept missions
    path = {}, -- option ids of the action being built
    labels = {}, -- their labels (for the words written to chat)
    current = nil, -- choices(state, path), cached until the next change
    version = 1,
    rolling = false, -- physical dice are rolling for a chance decision
  }
end

local function changed(m)
  m.version = m.version + 1
  m.current = nil
end

local function reset_path(m)
  m.path = {}
  m.labels = {}
end

-- A refusal: raised as a signal (lib.signal) so callers can tell it from a bug.
local function refuse(reason)
  signal.raise("refused", reason)
end

-- The reason of a refusal, or nil for any other error.
function M.refusal(err)
  return signal.caught(err, "refused")
end

-- The next decision, or nil before a game / after the end.
function M.decision(m)
  if m.state == nil or m.game.is_over(m.state) then
    return nil
  end
  if m.current == nil then
    local res, why = m.game.choices(m.state, m.path)
    if res == nil then
      -- A path the core no longer accepts (it cannot happen through the table); start over.
      reset_path(m)
      res, why = m.game.choices(m.state, m.path)
      if res == nil then
        error("the rules offer no decision: " .. tostring(why), 0)
      end
    end
    m.current = res
  end
  return m.current.decision
end

-- The colour whose decision the table waits for (nil when none).
function M.decider(m)
  if m.dealing then
    for _, color in ipairs(m.dealing.players) do
      if m.dealing.kept[color] == nil then
        return color
      end
    end
    return nil
  end
  local d = M.decision(m)
  return d and d.player or nil
end

local function checkpoint(m)
  local n = #m.record.actions
  if n % CHECKPOINT == 0 then
    m.checkpoints[n] = m.state
  end
end

-- Apply a complete action; returns the state before it.
local function apply(m, action)
  local before = m.state
  local nxt, why = m.game.apply(before, action)
  if not nxt then
    refuse(why)
  end
  m.state = nxt
  Record.append(m.record, action)
  checkpoint(m)
  return before
end

-- Apply a whole action given by another script (the path under way is dropped).
function M.apply_action(m, action)
  reset_path(m)
  changed(m)
  return apply(m, action)
end

-- Take option `id` of the current decision for `color`. Returns nil while the action is
-- incomplete, or { action =, before =, labels = } once it is applied.
function M.choose(m, color, id)
  local d = M.decision(m)
  if d == nil then
    refuse(m.state == nil and "no game is under way" or "the game is over")
  end
  if d.player ~= color then
    refuse("it is " .. tostring(d.player) .. "'s decision, not " .. tostring(color) .. "'s")
  end
  if d.roll then
    refuse("the dice decide this, not a click")
  end
  local label = nil
  for _, o in ipairs(d.options) do
    if o.id == id then
      label = o.label
    end
  end
  if label == nil then
    refuse("'" .. tostring(id) .. "' is not an option now")
  end
  return M.take(m, id, label)
end

-- Extend the path by an option id (a choice, or `faces:...` for a roll) and apply the action
-- once it is complete.
function M.take(m, id, label)
  m.path[#m.path + 1] = id
  m.labels[#m.labels + 1] = label
  local res, why = m.game.choices(m.state, m.path)
  if res == nil then
    m.path[#m.path] = nil
    m.labels[#m.labels] = nil
    refuse(why)
  end
  changed(m)
  if not res.complete then
    m.current = res
    return nil
  end
  local labels = m.labels
  reset_path(m)
  local before = apply(m, res.action)
  return { action = res.action, before = before, labels = labels }
end

-- Step back one decision (never past a roll: the dice have spoken).
function M.can_back(m)
  local n = #m.path
  return n > 0 and string.sub(m.path[n], 1, 6) ~= "faces:"
end

function M.back(m)
  if not M.can_back(m) then
    refuse(#m.path == 0 and "there is no choice to take back" or "rolled dice cannot be taken back")
  end
  m.path[#m.path] = nil
  m.labels[#m.labels] = nil
  changed(m)
end

-- The dice rolled for the current chance decision (indices from 0), found in the action
-- being built: a roll rolls the first n dice, a reroll (or a planet's) the dice it picked.
function M.dice_to_roll(m)
  local d = M.decision(m)
  if d == nil or not d.roll then
    return nil
  end
  local action = m.current.action
  if action.type == "roll" then
    local out = {}
    for i = 1, d.roll do
      out[i] = i - 1
    end
    return out
  end
  -- The innermost object with `dice` and no `faces` yet is the one waiting for this roll.
  local found = nil
  local function search(t)
    for _, k in ipairs({ "ability", "use" }) do
      if type(t[k]) == "table" then
        search(t[k])
      end
    end
    if json.is_array(t.dice) and t.faces == nil then
      found = t.dice
    end
  end
  search(action)
  if found == nil or #found ~= d.roll then
    error("cannot tell which dice a roll of " .. tostring(d.roll) .. " is for", 0)
  end
  return found
end

-- Record the faces the table's dice show for the current chance decision.
function M.rolled(m, faces)
  local d = M.decision(m)
  if d == nil or not d.roll then
    refuse("no roll is expected")
  end
  return M.take(m, "faces:" .. table.concat(faces, ","), "rolled " .. table.concat(faces, ", "))
end

-- Before the first action: the dealt setup. `players` in turn order (first starts), `deck`
-- the planet order, `offers` the missions dealt to each colour.
function M.deal(m, players, deck, offers)
  if m.state ~= nil or m.dealing ~= nil then
    refuse("a game is already under way")
  end
  m.dealing = { players = json.array(players), deck = json.array(deck),
    offers = json.object(offers), kept = json.object({}) }
  changed(m)
end

local function begin(m)
  local dealt = m.dealing
  local setup = json.object({ players = dealt.players, deck = dealt.deck,
    missions = json.object(dealt.kept) })
  local s, why = m.game.new_game(setup)
  if not s then
    error("the dealt setup cannot start a game: " .. tostring(why), 0)
  end
  m.state = s
  m.record = Record.new(setup)
  m.checkpoints = { [0] = s }
  m.dealing = nil
end

-- A colour keeps its k-th offered mission; the game begins once everyone has kept one.
-- Returns the mission kept and the ones given back.
function M.keep(m, color, k)
  local dealt = m.dealing
  if dealt == nil then
    refuse("missions are kept only before the first turn")
  end
  local offer = dealt.offers[color]
  if offer == nil then
    refuse(tostring(color) .. " is not in this game")
  end
  if dealt.kept[color] ~= nil then
    refuse("you have already kept a mission")
  end
  local id = offer[k]
  if id == nil then
    refuse("there is no mission " .. tostring(k) .. " to keep")
  end
  dealt.kept[color] = id
  local back = {}
  for _, other in ipairs(offer) do
    if other ~= id then
      back[#back + 1] = other
    end
  end
  changed(m)
  if M.decider(m) == nil then
    begin(m)
  end
  return id, back
end

-- Undo the last action (replay from the nearest kept state).
function M.undo(m)
  if m.record == nil or #m.record.actions == 0 then
    refuse("there is no action to undo")
  end
  local actions = m.record.actions
  local n = #actions - 1
  local undone = Record.pop(m.record)
  local k = n - n % CHECKPOINT
  for j, _ in pairs(m.checkpoints) do
    if j > n then
      m.checkpoints[j] = nil
    end
  end
  local s = m.checkpoints[k]
  for i = k + 1, n do
    s = assert(m.game.apply(s, actions[i]))
  end
  m.state = s
  reset_path(m)
  changed(m)
  return undone
end

-- What onSave returns: the record (kept encoded), or the deal while missions are chosen.
function M.save_text(m)
  if m.record then
    return Record.text(m.record)
  end
  if m.dealing then
    return json.encode(json.object({ dealing = m.dealing }))
  end
  return ""
end

-- Rebuild from saved text; returns a problem to report, or nil. A record that stops being
-- accepted keeps what replays.
function M.load(m, text)
  reset_path(m)
  changed(m)
  m.rolling = false
  m.state, m.record, m.dealing, m.checkpoints = nil, nil, nil, {}
  if text == nil or text == "" then
    return nil
  end
  local ok, decoded = pcall(json.decode, text)
  if not ok then
    return "the saved game is not JSON (" .. tostring(decoded) .. "); starting fresh"
  end
  if json.is_object(decoded) and json.is_object(decoded.dealing) then
    local d = decoded.dealing
    m.dealing = { players = d.players, deck = d.deck, offers = d.offers, kept = d.kept }
    if M.decider(m) == nil then
      begin(m)
    end
    return nil
  end
  local saved, bad = Record.decode(text, decoded)
  if not saved then
    return bad .. "; starting fresh"
  end
  local s, why = m.game.new_game(saved.setup)
  if not s then
    return "the saved setup cannot start a game: " .. tostring(why)
  end
  m.record = Record.new(saved.setup)
  m.checkpoints = { [0] = s }
  m.state = s
  for i, action in ipairs(saved.actions) do
    local nxt, refused = m.game.apply(m.state, action)
    if not nxt then
      return "saved action " .. i .. " was refused (" .. tostring(refused) .. "); the game goes on from the action before it"
    end
    m.state = nxt
    Record.append(m.record, action)
    checkpoint(m)
  end
  return nil
end

return M
