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

-- The state after the last roll is kept (states are never changed after apply returns them,
-- so keeping one is safe): an undo replays from it, never past it (an undo never takes back
-- chance), and the save carries it so a load replays one turn, not the whole game.

function M.new(game)
  return {
    game = game,
    state = nil, -- nil before a game starts
    record = nil,
    turn_start = nil, -- { at = actions through the last roll, state = the state after it }
    barrier = 0, -- the last action that holds chance (a roll's faces): undo stops after it
    saved_state = nil, -- turn_start.state as JSON text, encoded at the first save after a roll
    confirm = nil, -- an option held back until its player confirms it (End turn, dice unused)
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

-- True when an action holds chance: the faces dice showed (a roll, a reroll, a planet's).
local function has_faces(v)
  if type(v) ~= "table" then
    return false
  end
  if v.faces ~= nil then
    return true
  end
  for _, k in ipairs({ "ability", "use" }) do
    if has_faces(v[k]) then
      return true
    end
  end
  if type(v.moves) == "table" then
    for _, x in ipairs(v.moves) do
      if has_faces(x) then
        return true
      end
    end
  end
  return false
end

-- Keep track of the record's turn start and chance barrier after action n was appended.
local function noted(m, action)
  local n = m.record.count
  if action.type == "roll" then
    m.turn_start = { at = n, state = m.state }
    m.saved_state = nil
  end
  if has_faces(action) then
    m.barrier = n
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
  noted(m, action)
  return before
end

-- Apply a whole action given by another script (the path under way is dropped).
function M.apply_action(m, action)
  reset_path(m)
  m.confirm = nil
  changed(m)
  return apply(m, action)
end

-- The label decision `d` gives option `id` (nil when it does not offer it).
function M.label(d, id)
  for _, o in ipairs(d.options) do
    if o.id == id then
      return o.label
    end
  end
  return nil
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
  local label = M.label(d, id)
  if label == nil then
    refuse("'" .. tostring(id) .. "' is not an option now")
  end
  if id == "end_turn" and #m.path == 0 and M.label(d, "activate") then
    -- a die could still be used: ask first
    m.confirm = { id = id, label = label, player = color }
    changed(m)
    return nil
  end
  return M.take(m, id, label)
end

-- Answer the question M.choose held an option back for: `yes` takes it, else it is dropped.
function M.confirmed(m, color, yes)
  local c = m.confirm
  if c == nil or c.player ~= color then
    refuse("there is nothing for you to confirm")
  end
  m.confirm = nil
  changed(m)
  if yes then
    return M.take(m, c.id, c.label)
  end
  return nil
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
  if m.confirm then
    return true
  end
  local n = #m.path
  return n > 0 and string.sub(m.path[n], 1, 6) ~= "faces:"
end

function M.back(m)
  if m.confirm then
    m.confirm = nil
    changed(m)
    return
  end
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
  m.turn_start = { at = 0, state = s }
  m.barrier = 0
  m.saved_state = nil
  m.dealing = nil
end

-- A colour keeps its k-th offered mission; the game begins once everyone has kept one.
-- Returns the mission kept and the ones given back.
-- The deal and `color`'s offered missions, refused (with `when`) outside the mission choice.
local function offered_to(m, color, when)
  local dealt = m.dealing
  if dealt == nil then
    refuse(when)
  end
  local offer = dealt.offers[color]
  if offer == nil then
    refuse(tostring(color) .. " is not in this game")
  end
  return dealt, offer
end

function M.keep(m, color, k)
  local dealt, offer = offered_to(m, color, "missions are kept only before the first turn")
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

-- Why the last action cannot be undone, or nil when it can.
function M.why_no_undo(m)
  if m.record == nil or m.record.count == 0 then
    return "there is no action to undo"
  end
  if m.record.count <= m.barrier then
    return "the dice have rolled since: an undo never takes back a roll"
  end
  return nil
end

-- Before the first turn, a colour leaves the game (a player who left while choosing a
-- mission); `min` players must stay. Returns the missions they were offered.
function M.drop_player(m, color, min)
  local dealt, offer = offered_to(m, color, "a player leaves the game only before the first turn")
  if #dealt.players - 1 < min then
    refuse("the game needs at least " .. min .. " players")
  end
  local players = {}
  for _, c in ipairs(dealt.players) do
    if c ~= color then
      players[#players + 1] = c
    end
  end
  dealt.players = json.array(players)
  dealt.offers[color] = nil
  dealt.kept[color] = nil
  changed(m)
  if M.decider(m) == nil then
    begin(m)
  end
  return offer
end

-- Undo the last action: replay from the state after the last roll (never past chance).
-- Returns the action undone.
function M.undo(m)
  local why = M.why_no_undo(m)
  if why then
    refuse(why)
  end
  local undone = Record.pop(m.record)
  local s = m.turn_start.state
  for i = m.turn_start.at + 1, m.record.count do
    s = assert(m.game.apply(s, Record.action(m.record, i)))
  end
  m.state = s
  m.confirm = nil
  reset_path(m)
  changed(m)
  return undone
end

-- The table's own section of the save (the value of the record's "table" key): the state
-- after the last roll with where that roll ends in the actions' text, and the decision under
-- way. `prefs` holds the glue's per-colour switches, saved as given.
local function table_section(m, prefs, spare)
  if m.saved_state == nil then
    m.saved_state = json.encode(m.turn_start.state)
  end
  local rest = json.encode(json.object({ path = json.array(m.path), labels = json.array(m.labels),
    prefs = prefs or json.object({}) }))
  return '{"at":' .. m.turn_start.at .. ',"offset":' .. Record.offset(m.record, m.turn_start.at)
    .. (spare and (',"spare":' .. spare) or "") .. ',"state":' .. m.saved_state .. ","
    .. string.sub(rest, 2)
end

-- What onSave returns: the record with the table's section, or the deal while missions are
-- chosen. `spare` is saved as given (JSON text: the glue's copy of the mission deck as a
-- JSON string, kept so a new game can bring the missions back).
function M.save_text(m, prefs, spare)
  if m.record then
    return Record.text(m.record, table_section(m, prefs, spare))
  end
  if m.dealing then
    local text = json.encode(json.object({ dealing = m.dealing, prefs = prefs or json.object({}) }))
    return spare and (string.sub(text, 1, -2) .. ',"spare":' .. spare .. "}") or text
  end
  return ""
end

-- The decision under way, as saved: kept when the rules still accept it.
local function resume_path(m, section)
  if not json.is_object(section) or not json.is_array(section.path) then
    return
  end
  if #section.path == 0 or m.game.choices(m.state, section.path) == nil then
    return
  end
  for i, id in ipairs(section.path) do
    m.path[i] = id
    m.labels[i] = type(section.labels) == "table" and section.labels[i] or id
  end
end

-- Replay `actions` onto the record; a problem text, or nil.
local function replay(m, actions, first)
  for i, action in ipairs(actions) do
    local nxt, refused = m.game.apply(m.state, action)
    if not nxt then
      return "saved action " .. (first + i - 1) .. " was refused (" .. tostring(refused)
        .. "); the game goes on from the action before it"
    end
    m.state = nxt
    Record.append(m.record, action)
    noted(m, action)
  end
  return nil
end

-- A load from the saved section: the state after the last roll, and the actions after it
-- (the ones before stay text). nil when the section is missing or does not fit the record.
local function load_fast(m, split)
  local head = split.head
  local t = head.table
  if head.game ~= "teg" or not json.is_object(head.setup) or not json.is_object(t)
    or type(t.at) ~= "number" or type(t.offset) ~= "number" or not json.is_object(t.state)
    or t.offset > #split.actions then
    return nil
  end
  local players = t.state.players
  if not json.is_array(players) or not json.is_array(head.setup.players)
    or #players ~= #head.setup.players then
    return nil
  end
  for i, p in ipairs(players) do
    if type(p) ~= "table" or p.color ~= head.setup.players[i] then
      return nil
    end
  end
  local rest = string.sub(split.actions, t.offset + 1)
  if t.at > 0 then
    rest = string.sub(rest, 2) -- the comma after the prefix
  end
  local ok, tail = pcall(json.decode, "[" .. rest .. "]")
  if not ok or not json.is_array(tail) then
    return nil
  end
  m.record = Record.resume(head.setup, t.at, string.sub(split.actions, 1, t.offset))
  m.state = t.state
  m.turn_start = { at = t.at, state = t.state }
  m.barrier = t.at
  local problem = replay(m, tail, t.at + 1)
  return { problem = problem, section = t }
end

-- Rebuild from saved text; returns a problem to report (or nil) and the table's saved
-- section (or nil: its `prefs` and `spare` as saved). A record that stops being accepted
-- keeps what replays.
function M.load(m, text)
  reset_path(m)
  changed(m)
  m.rolling = false
  m.confirm = nil
  m.state, m.record, m.dealing, m.turn_start, m.barrier, m.saved_state = nil, nil, nil, nil, 0, nil
  if text == nil or text == "" then
    return nil, nil
  end
  local split = Record.split(text)
  if split then
    local fast = load_fast(m, split)
    if fast then
      resume_path(m, fast.section)
      return fast.problem, fast.section
    end
    m.state, m.record = nil, nil
  end
  local ok, decoded = pcall(json.decode, text)
  if not ok then
    return "the saved game is not JSON (" .. tostring(decoded) .. "); starting fresh", nil
  end
  if json.is_object(decoded) and json.is_object(decoded.dealing) then
    local d = decoded.dealing
    m.dealing = { players = d.players, deck = d.deck, offers = d.offers, kept = d.kept }
    if M.decider(m) == nil then
      begin(m)
    end
    return nil, decoded
  end
  local saved, bad = Record.decode(text, decoded)
  if not saved then
    return bad .. "; starting fresh", nil
  end
  local s, why = m.game.new_game(saved.setup)
  if not s then
    return "the saved setup cannot start a game: " .. tostring(why), nil
  end
  m.record = Record.new(saved.setup)
  m.turn_start = { at = 0, state = s }
  m.state = s
  local problem = replay(m, saved.actions, 1)
  if problem == nil then
    resume_path(m, decoded.table)
  end
  return problem, json.is_object(decoded.table) and decoded.table or nil
end

return M
