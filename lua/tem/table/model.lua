-- The Tiny Epic Mechs table's game as data: the record, the state it replays to, and each
-- colour's decision path.
--
-- No TTS calls. Every rule comes from the core: an option is taken only if the core offered
-- it, an action is applied only if the core accepts it. In a simultaneous phase (pilot, base
-- mine, basic weapon, program) every player who has not yet answered builds their own path
-- at once, starting with their own colour (the core's `player` decision); otherwise the
-- player the core asks builds theirs. Every change bumps `version`; a click on an option
-- drawn for an earlier version is refused.
--
-- The record's JSON text is kept up to date as actions are added (each action encoded once),
-- so onSave costs one concatenation, not an encoding of the whole game.

local json = require("lib.json")
local signal = require("lib.signal")

local M = {}

-- Decisions whose options say what another player may not know: asked in a private dialog
-- (to that player's client alone), never in the panel, whose XML every client receives.
M.PRIVATE = { pilot = true, base_mine = true, basic = true, program = true, direction = true,
  mine_number = true }

function M.new(game)
  return {
    game = game,
    state = nil, -- nil before a game starts
    setup = nil,
    actions = {}, -- the record's actions after its resume point (start_record)
    texts = {}, -- their JSON texts
    paths = {}, -- colour -> option ids of the action being built
    labels = {}, -- colour -> their labels
    mine = {}, -- colour -> { key =, d = their decision } (a cache: cache_key)
    version = 1,
  }
end

local function refuse(reason)
  signal.raise("refused", reason)
end

-- The reason of a refusal, or nil for any other error.
function M.refusal(err)
  return signal.caught(err, "refused")
end

local apply -- defined with the record below
local cache_key -- defined with the decisions below

local function changed(m)
  m.version = m.version + 1
end

-- The core's first decision now (cached until the next change), or nil when none.
local function top(m)
  if m.state == nil or m.game.is_over(m.state) then
    return nil
  end
  if m.top_of ~= m.state then
    m.top_of = m.state
    local res, why = m.game.advance(m.state, {})
    if res == nil then
      error("the rules offer no decision: " .. tostring(why), 0)
    end
    m.top = res.decision or false
    m.top_state = not res.complete and res.state or nil -- the action part way, at it
    m.auto = res.complete and res.action or nil
  end
  return m.top or nil
end

-- An action the core completes with no decision at all (a turn with nothing to choose):
-- the table applies it by itself. Returns the result as choose does, or nil when none.
function M.automatic(m)
  top(m)
  local action = m.auto
  if action == nil then
    return nil
  end
  m.auto = nil
  local before = apply(m, action)
  return { action = action, before = before, labels = {}, player = action.player,
    public = m.last_public }
end

-- True in a simultaneous phase: the first decision names which player answers.
function M.simultaneous(m)
  local d = top(m)
  return d ~= nil and d.name == "player"
end

-- Whose path a colour builds: their own in a simultaneous phase, else the one shared path
-- (an execution asks the active player and, in a combat, their foe, in the same action).
local function key(m, color)
  return M.simultaneous(m) and color or "*"
end

local function full_path(m, color)
  local out = {}
  if M.simultaneous(m) then
    out[1] = color
  end
  for _, id in ipairs(m.paths[key(m, color)] or {}) do
    out[#out + 1] = id
  end
  return out
end

-- The decision the shared path has reached (outside simultaneous phases).
local function shared(m)
  local depth = #(m.paths["*"] or {})
  if m.shared_of == m.state and m.shared_depth == depth then
    return m.shared
  end
  if depth == 0 and top(m) ~= nil then
    m.shared_state = m.top_state
    return top(m) -- the path is empty: the core's first decision
  end
  local res = m.game.advance(m.state, full_path(m, "*"))
  if res == nil or res.complete then
    m.paths["*"], m.labels["*"] = {}, {}
    res = m.game.advance(m.state, {})
  end
  m.shared, m.shared_of, m.shared_depth = res.decision, m.state, #(m.paths["*"] or {})
  m.shared_state = not res.complete and res.state or nil
  return res.decision
end

-- The colours who have a decision now (in a simultaneous phase, every one not done).
function M.deciders(m)
  local d = top(m)
  if d == nil then
    return {}
  end
  if d.name ~= "player" then
    return { shared(m).player }
  end
  local out = {}
  for i, o in ipairs(d.options) do
    out[i] = o.id
  end
  return out
end

-- What a simultaneous decision is cached by: the phase and this colour's own path. In a
-- simultaneous phase each player decides on their own, so another's answer or completed
-- action leaves it standing (the playtest compares every decision asked with the Python
-- engine's, so a phase where that did not hold would show there).
cache_key = function(m, color)
  return m.state.phase .. m.state.round .. "|" .. table.concat(m.paths[color] or {}, ",")
end

-- `color`'s decision now, or nil when they have none.
function M.decision(m, color)
  local d = top(m)
  if d == nil then
    return nil
  end
  if d.name ~= "player" then
    d = shared(m)
    return d.player == color and d or nil
  end
  local deciding = false
  for _, o in ipairs(d.options) do
    deciding = deciding or o.id == color
  end
  if not deciding then
    return nil
  end
  local key, cached = cache_key(m, color), m.mine[color]
  if cached and cached.key == key then
    return cached.d
  end
  local res = m.game.choices(m.state, full_path(m, color))
  if res == nil or res.complete then
    -- a path the core no longer accepts (another's action changed what it leads to)
    m.paths[color], m.labels[color] = {}, {}
    res = m.game.choices(m.state, full_path(m, color))
    key = cache_key(m, color)
  end
  m.mine[color] = { key = key, d = res and res.decision or nil }
  return m.mine[color].d
end

-- `color`'s decision when it is known without asking the core again (nil otherwise).
function M.known(m, color)
  local cached = m.mine[color]
  if M.simultaneous(m) and cached and cached.key == cache_key(m, color) then
    return cached.d
  end
  return nil
end

-- The public view of the state (what a spectator may know), once per state.
function M.public(m)
  if m.state == nil then
    return nil
  end
  if m.public_of ~= m.state then
    m.public_of, m.public = m.state, m.game.view(m.state, nil)
  end
  return m.public
end

-- The state the table shows: outside simultaneous phases, the action under way part way
-- through, at the decision its shared path reached (a figure has moved, a card is
-- revealed, a combat has dealt damage); otherwise the state. (A colour's own path in a
-- simultaneous phase is theirs alone: it never shows.)
function M.shown_state(m)
  local d = top(m)
  if d == nil or d.name == "player" then
    return m.state
  end
  shared(m)
  return m.shared_state or m.state
end

-- The public view of the state the table shows (see shown_state), once per state.
function M.shown(m)
  local s = M.shown_state(m)
  if s == m.state then
    return M.public(m)
  end
  if m.shown_of ~= s then
    m.shown_of, m.shown = s, m.game.view(s, nil)
  end
  return m.shown
end

-- The weapons each side of a combat under way has used (colour -> ids), from the shared
-- decision (the state keeps no exhaustion); nil outside a combat.
function M.exhausted(m)
  local d = top(m)
  if d == nil or d.name == "player" then
    return nil
  end
  return shared(m).exhausted
end

-- How many choices `color` has made on the path under way.
function M.depth(m, color)
  return #(m.paths[key(m, color)] or {})
end

function M.label(d, id)
  for _, o in ipairs(d.options) do
    if o.id == id then
      return o.label
    end
  end
  return nil
end

-- The record: the setup, then the actions. The actions up to the resume point (the start of
-- the current round) are kept as one text (`prefix`), with the state they lead to; only the
-- actions after it are kept decoded. onSave writes the resume point into the saved text
-- (key "resume": its action count, the byte length of `prefix`, the state), so a load
-- decodes one round's actions and replays them from that state, however long the game.
local function start_record(m, setup)
  m.setup, m.setup_text = setup, json.encode(setup)
  m.base, m.prefix, m.base_state, m.resume_text = 0, "", nil, nil
  m.actions, m.texts, m.last_action = {}, {}, nil
end

-- How many actions the record holds.
function M.count(m)
  return m.base + #m.actions
end

-- The last action (nil before the first).
function M.last(m)
  return m.last_action
end

-- The encoded record (the game's one saved thing, keys in byte order as lib.json writes
-- them); "" before a game starts. `spare` (a JSON string literal, optional) is the table's
-- own: the pilot deck as gathered at Start, under the first key, `_spare`, so a load can
-- cut it off without decoding it (a string literal holds no unescaped quote).
function M.save_text(m, spare)
  if m.setup == nil then
    return ""
  end
  local head = spare and ('{"_spare":' .. spare .. ',"actions":[') or '{"actions":['
  local tail = "}"
  local actions = table.concat(m.texts, ",")
  if m.base == 0 then
    return head .. actions .. '],"game":"tem","setup":' .. m.setup_text .. tail
  end
  if m.resume_text == nil then
    m.resume_text = '{"at":' .. m.base .. ',"offset":' .. #m.prefix .. ',"state":'
      .. json.encode(m.base_state) .. "}"
  end
  return head .. m.prefix .. (actions ~= "" and "," or "") .. actions
    .. '],"game":"tem","resume":' .. m.resume_text .. ',"setup":' .. m.setup_text .. tail
end

-- A round begins: the resume point moves to it.
local function mark_resume(m, before)
  if m.state.phase ~= "program" or before.phase == "program" then
    return
  end
  local done = table.concat(m.texts, ",")
  m.prefix = m.prefix .. (m.prefix ~= "" and done ~= "" and "," or "") .. done
  m.base = m.base + #m.actions
  m.base_state, m.resume_text = m.state, nil
  m.actions, m.texts = {}, {}
end

-- Apply a complete action (`nxt`: the state after it, when the core has already worked it
-- out with advance).
apply = function(m, action, nxt)
  local why
  if nxt == nil then
    nxt, why = m.game.apply(m.state, action)
  end
  if nxt == nil then
    refuse(why)
  end
  local before = m.state
  m.last_public = M.public(m) -- the view before, for the words of what changed
  m.state = nxt
  m.actions[#m.actions + 1] = action
  m.texts[#m.texts + 1] = json.encode(action)
  m.last_action = action
  mark_resume(m, before)
  changed(m)
  return before
end

-- Start a game from a setup (every outcome of chance, drawn by the table).
function M.deal(m, setup)
  local state, why = m.game.new_game(setup)
  if state == nil then
    refuse(why)
  end
  start_record(m, setup)
  m.state = state
  m.paths, m.labels = {}, {}
  changed(m)
end

-- Take option `id` of `color`'s decision. Returns nil while their action is incomplete, or
-- { action =, before =, labels =, player = } once it is applied.
function M.choose(m, color, id)
  if m.state == nil then
    refuse("no game is under way")
  end
  local d = M.decision(m, color)
  if d == nil then
    refuse(m.game.is_over(m.state) and "the game is over" or "you have no decision to make now")
  end
  local label = M.label(d, id)
  if label == nil then
    refuse("'" .. tostring(id) .. "' is not an option now")
  end
  local k = key(m, color)
  local path = m.paths[k] or {}
  local labels = m.labels[k] or {}
  path[#path + 1] = id
  -- what each answer was, for the words in chat (no second resolution of the action)
  labels[#labels + 1] = { name = d.name, player = d.player, label = label }
  m.paths[k], m.labels[k] = path, labels
  local res = m.game.advance(m.state, full_path(m, color))
  if res == nil then
    path[#path], labels[#labels] = nil, nil
    refuse("the rules refuse that choice")
  end
  if not res.complete then
    changed(m)
    -- the decision the longer path reached: what the next render asks for
    if k == "*" then
      m.shared, m.shared_of, m.shared_depth = res.decision, m.state, #path
      m.shared_state = res.state
    else
      m.mine[color] = { key = cache_key(m, color), d = res.decision }
    end
    return nil
  end
  m.paths[k], m.labels[k] = {}, {}
  local before = apply(m, res.action, res.state)
  return { action = res.action, before = before, labels = labels, player = color,
    public = m.last_public }
end

-- Take `color`'s last choice back.
function M.back(m, color)
  if M.decision(m, color) == nil then
    refuse("only the player deciding can take a choice back")
  end
  local k = key(m, color)
  local path = m.paths[k]
  if path == nil or #path == 0 then
    refuse("there is no choice to take back")
  end
  path[#path] = nil
  m.labels[k][#m.labels[k]] = nil
  changed(m)
end

-- Replay `actions` from `state` (the record's base); a problem, or nil.
local function replay_from(m, state, actions)
  m.state = state
  for i, action in ipairs(actions) do
    local nxt, bad = m.game.apply(m.state, action)
    if nxt == nil then
      return "the saved game stops at action " .. (m.base + i) .. ": " .. tostring(bad)
    end
    local before = m.state
    m.state = nxt
    m.actions[#m.actions + 1] = action
    m.texts[#m.texts + 1] = json.encode(action)
    m.last_action = action
    mark_resume(m, before)
  end
  return nil
end

local function replay(m, setup, actions)
  local state, why = m.game.new_game(setup)
  if state == nil then
    return "the saved setup is refused: " .. tostring(why)
  end
  start_record(m, setup)
  return replay_from(m, state, actions)
end

-- Take the last action back (the host's undo): the game replays without it, from the
-- resume point (or, right at it, from the start).
function M.undo(m)
  if m.setup == nil or M.count(m) == 0 then
    refuse("there is no action to undo")
  end
  local undone
  if #m.actions > 0 then
    local keep = {}
    for i = 1, #m.actions - 1 do
      keep[i] = m.actions[i]
    end
    undone = m.actions[#m.actions]
    if m.base == 0 then
      replay(m, m.setup, keep)
    else
      m.actions, m.texts = {}, {}
      replay_from(m, m.base_state, keep)
    end
  else
    local all = json.decode("[" .. m.prefix .. "]")
    undone = table.remove(all)
    replay(m, m.setup, all)
  end
  m.paths, m.labels = {}, {}
  changed(m)
  return undone
end

local function load_text(m, text)
  if string.sub(text, 1, 11) == '{"_spare":"' then
    local close = string.find(text, '","actions":[', 11, true)
    if close == nil then
      return "the saved game could not be read; the table starts empty"
    end
    m.saved_spare = string.sub(text, 11, close) -- kept as its literal, decoded if ever needed
    text = "{" .. string.sub(text, close + 2)
  end
  local at = string.find(text, '],"game":"tem",', 1, true)
  if string.sub(text, 1, 12) ~= '{"actions":[' or at == nil then
    return "the saved game could not be read; the table starts empty"
  end
  local ok, saved = pcall(json.decode, "{" .. string.sub(text, at + 2))
  if not ok or type(saved) ~= "table" or type(saved.setup) ~= "table" then
    return "the saved game could not be read; the table starts empty"
  end
  local actions = string.sub(text, 13, at - 1)
  local resume = saved.resume
  if type(resume) ~= "table" then
    local fine, list = pcall(json.decode, "[" .. actions .. "]")
    if not fine or type(list) ~= "table" then
      return "the saved game's actions could not be read; the table starts empty"
    end
    return replay(m, saved.setup, list)
  end
  local state, why = m.game.new_game(saved.setup)
  if state == nil then
    return "the saved setup is refused: " .. tostring(why)
  end
  start_record(m, saved.setup)
  m.base, m.prefix = resume.at, string.sub(actions, 1, resume.offset)
  m.base_state = resume.state
  local rest = string.sub(actions, resume.offset + 2)
  local fine, list = pcall(json.decode, "[" .. rest .. "]")
  if not fine or type(list) ~= "table" then
    return "the saved game's actions could not be read; the table starts empty"
  end
  return replay_from(m, resume.state, list)
end

-- Load a saved record (onLoad: also after a rewind). Returns a problem or nil, and the
-- table's own `_spare` as its JSON string literal (nil when the save has none).
function M.load(m, text)
  m.state, m.setup, m.saved_spare = nil, nil, nil
  m.paths, m.labels = {}, {}
  changed(m)
  if text == nil or text == "" then
    return nil
  end
  local problem = load_text(m, text)
  if problem then
    m.state, m.setup = nil, nil
  end
  changed(m)
  return problem, m.saved_spare
end

return M
