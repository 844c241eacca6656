-- The table's game as data (any game): the record, the state it replays to, each colour's
-- decision path, the setup picks before the first action, undo, save and load.
--
-- Pure: no TTS calls. The table framework (glue.table) turns clicks into calls here and draws
-- the table from what this holds. Every rule comes from the core: an option is taken only if
-- the core offered it, an action is applied only if the core accepts it. Every change bumps
-- `version`; a click on a button drawn for an earlier version is refused.
--
-- One resolution a call: the core's `advance(state, path)` gives the next decision, or the
-- complete action with the state after it, in one run of the rules, so a click that ends
-- an action applies it without asking the core twice. In a simultaneous phase (the core's
-- first decision is `player`, its options the colours still to answer) each colour builds
-- its own path at once; otherwise one shared path is built, by whoever the core asks.
--
-- Long work takes a `pace(units)` function: loads, replays and encodings call it as they go
-- (a unit is about a thousand counted instructions), and the framework's pace yields when a
-- frame's budget is spent, so the work spreads over frames (glue.frames).

local json = require("lib.json")
local signal = require("lib.signal")
local Record = require("glue.record")

local M = {}

M.HISTORY = 32 -- states after the last actions kept: an undo of one of them replays nothing
M.MARKS = 8 -- resume points kept (a deeper undo replays from the setup)
M.MARK_EVERY = 4 -- actions between resume points at most (a load replays fewer than this)

local function quiet() end

-- `spec`: the game's parts the model uses (glue.table documents them): id, core, resume,
-- final, confirm, apply_cost.
function M.new(spec)
  return {
    spec = spec,
    core = spec.core,
    version = 1,
    state = nil, -- nil before a game starts
    record = nil,
    paths = {}, -- "*" (the shared path) or a colour -> option ids of the action being built
    steps = {}, -- the same keys -> { id =, label =, name =, player = } of each answer
    mine = {}, -- colour -> { key =, d = } their decision in a simultaneous phase (cached)
    marks = {}, -- resume points: { at =, state = }, oldest first
    history = {}, -- action count -> the state after it (the last HISTORY)
    barrier = 0, -- the last action an undo may not take back
    barrier_why = nil,
    encoded = nil, -- { at =, text = } the latest resume point with its state as JSON text
    picks = nil, -- before the first action: the setup picks (M.deal_picks)
    confirm = nil, -- an option held back until its player confirms it
  }
end

local function refuse(reason)
  signal.raise("refused", reason)
end

-- The reason of a refusal, or nil for any other error.
function M.refusal(err)
  return signal.caught(err, "refused")
end

local function changed(m)
  m.version = m.version + 1
end

local function is_over(m)
  return m.state == nil or m.core.is_over(m.state)
end

-- The core's first decision now (cached until the state changes), or nil when none.
local function top(m)
  if is_over(m) then
    return nil
  end
  if m.top_of ~= m.state then
    m.top_of = m.state
    local res, why = m.core.advance(m.state, {})
    if res == nil then
      error("the rules offer no decision: " .. tostring(why), 0)
    end
    m.top = res.decision or false
    m.top_state = not res.complete and res.state or nil -- the action part way, at it
    m.top_action = not res.complete and res.action or nil -- the action as built so far
    m.auto = res.complete and res or nil
  end
  return m.top or nil
end

-- True in a simultaneous phase: the first decision names which player answers.
function M.simultaneous(m)
  local d = top(m)
  return d ~= nil and d.name == "player"
end

-- Whose path a colour builds: their own in a simultaneous phase, else the shared one.
local function key(m, color)
  return M.simultaneous(m) and color or "*"
end

local function full_path(m, k)
  local path = m.paths[k] or {}
  if k == "*" then
    return path
  end
  local out = { k }
  for i = 1, #path do
    out[i + 1] = path[i]
  end
  return out
end

-- The decision the shared path has reached (outside simultaneous phases).
local function shared(m)
  local depth = #(m.paths["*"] or {})
  if m.shared_of == m.state and m.shared_depth == depth then
    return m.shared
  end
  if depth == 0 then
    m.shared, m.shared_of, m.shared_depth, m.shared_state = top(m), m.state, 0, m.top_state
    m.shared_action = m.top_action
    return m.shared
  end
  local res = m.core.advance(m.state, full_path(m, "*"))
  if res == nil or res.complete then
    -- a path the core no longer accepts (it cannot happen through the table): start over
    m.paths["*"], m.steps["*"] = {}, {}
    return shared(m)
  end
  m.shared, m.shared_of, m.shared_depth = res.decision, m.state, depth
  m.shared_state, m.shared_action = res.state, res.action
  return res.decision
end

-- The decision a simultaneous phase's colour is asked, cached by phase and their path.
local function cache_key(m, color)
  return tostring(m.state.phase) .. tostring(m.state.round) .. "|"
    .. table.concat(m.paths[color] or {}, ",")
end

-- `color`'s decision now, or nil when they have none (or before the game: their pick).
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
  local k, cached = cache_key(m, color), m.mine[color]
  if cached and cached.key == k then
    return cached.d
  end
  local res = m.core.advance(m.state, full_path(m, color))
  if res == nil or res.complete then
    m.paths[color], m.steps[color] = {}, {}
    res = m.core.advance(m.state, full_path(m, color))
    k = cache_key(m, color)
  end
  m.mine[color] = { key = k, d = res and res.decision or nil }
  return m.mine[color].d
end

-- `color`'s decision when it is known without asking the core (nil otherwise): in a
-- simultaneous phase each colour's decision is worked out in a frame of its own.
function M.known(m, color)
  local cached = m.mine[color]
  if not (M.simultaneous(m) and cached and cached.key == cache_key(m, color)) then
    return nil
  end
  -- a colour who has answered keeps the key of their first decision (same phase, round and
  -- an empty path): once they are no longer asked, they have no decision
  for _, o in ipairs(top(m).options) do
    if o.id == color then
      return cached.d
    end
  end
  return nil
end

-- True when `color` plays in the game under way (or in the one being dealt).
function M.plays(m, color)
  local players = m.state and m.state.players or m.picks and m.picks.setup.players or {}
  for _, p in ipairs(players) do
    if (m.state and p.color or p) == color then
      return true
    end
  end
  return false
end

-- The colours who have a decision now (in a simultaneous phase, each one not done; before
-- the game, each one still to pick).
function M.deciders(m)
  if m.picks then
    local out = {}
    for _, color in ipairs(m.picks.setup.players) do
      if m.picks.kept[color] == nil then
        out[#out + 1] = color
      end
    end
    return out
  end
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

-- The one colour the table waits for (the first, in a simultaneous phase), or nil.
function M.decider(m)
  return M.deciders(m)[1]
end

-- The decision the shared path reached, whoever it asks (nil in a simultaneous phase).
function M.shared_decision(m)
  local d = top(m)
  if d == nil or d.name == "player" then
    return nil
  end
  return shared(m)
end

-- The action the shared path has built so far (what the core's advance gave with its
-- decision; nil when the core gives none).
function M.shared_action(m)
  if M.shared_decision(m) == nil then
    return nil
  end
  return m.shared_action
end

-- The state the table may show: outside simultaneous phases, the action under way part
-- way through, at the decision its shared path reached; otherwise the state.
function M.shown_state(m)
  local d = top(m)
  if d == nil or d.name == "player" then
    return m.state
  end
  shared(m)
  return m.shared_state or m.state
end

-- An action the core completes with no decision (a turn with nothing to choose): nil when
-- there is none. M.automatic applies it.
function M.pending_automatic(m)
  top(m)
  return m.auto
end

-- How many choices `color` has made on the path under way.
function M.depth(m, color)
  return #(m.paths[key(m, color)] or {})
end

-- The answers so far on `color`'s path: { id =, label =, name =, player = } each.
function M.steps(m, color)
  return m.steps[key(m, color)] or {}
end

function M.label(d, id)
  for _, o in ipairs(d.options) do
    if o.id == id then
      return o.label
    end
  end
  return nil
end

-- How many actions the record holds.
function M.count(m)
  return m.record and m.record.count or 0
end

-- The last action (nil before the first, or when it is kept as text only).
function M.last(m)
  return m.record and Record.action(m.record, m.record.count) or nil
end

-- Resume points and history ------------------------------------------------------------------

local function remember(m, at, state)
  m.history[at] = state
  m.history[at - M.HISTORY] = nil
end

local function mark(m, at, state)
  m.marks[#m.marks + 1] = { at = at, state = state }
  if #m.marks > M.MARKS then
    table.remove(m.marks, 1)
  end
end

-- Apply a complete action (`nxt`: the state after it, when the core has worked it out).
local function apply(m, action, nxt)
  local why
  if nxt == nil then
    nxt, why = m.core.apply(m.state, action)
    if nxt == nil then
      refuse(why)
    end
  end
  local before = m.state
  m.state = nxt
  Record.append(m.record, action)
  local n = m.record.count
  remember(m, n, nxt)
  local final = m.spec.final and m.spec.final(before, action, nxt)
  if final then
    m.barrier, m.barrier_why = n, final
  end
  local last = m.marks[#m.marks]
  if m.spec.resume(before, action, nxt) or last == nil or n - last.at >= M.MARK_EVERY then
    mark(m, n, nxt)
  end
  m.confirm = nil
  changed(m)
  return before
end

local function begin(m, setup)
  local state, why = m.core.new_game(setup)
  if state == nil then
    refuse(why)
  end
  m.state = state
  m.record = Record.new(m.spec.id, setup)
  m.marks, m.history, m.barrier, m.barrier_why, m.encoded = {}, {}, 0, nil, nil
  mark(m, 0, state)
  remember(m, 0, state)
  m.paths, m.steps, m.mine = {}, {}, {}
  m.picks = nil
  changed(m)
end

-- Start a game from a setup (every outcome of chance, drawn by the table).
function M.deal(m, setup)
  if m.state ~= nil or m.picks ~= nil then
    refuse("a game is already under way")
  end
  begin(m, setup)
end

-- Before the first action: each player keeps one of the things they were offered (`field`
-- of the setup gets colour -> the one kept). `setup` holds the rest of the setup, its
-- `players` in turn order.
function M.deal_picks(m, setup, offers, field)
  if m.state ~= nil or m.picks ~= nil then
    refuse("a game is already under way")
  end
  m.picks = { setup = setup, offers = json.object(offers), kept = json.object({}),
    field = field }
  changed(m)
end

local function settle_picks(m)
  if M.decider(m) == nil then
    local p = m.picks
    p.setup[p.field] = json.object(p.kept)
    begin(m, p.setup)
  end
end

-- `color` keeps the k-th thing offered to them; the game begins once everyone has. Returns
-- what they kept and what they gave back.
function M.pick(m, color, k)
  local p = m.picks
  if p == nil then
    refuse("that choice is made only before the first turn")
  end
  local offer = p.offers[color]
  if offer == nil then
    refuse(tostring(color) .. " is not in this game")
  end
  if p.kept[color] ~= nil then
    refuse("you have already chosen")
  end
  local id = offer[k]
  if id == nil then
    refuse("there is no choice " .. tostring(k))
  end
  p.kept[color] = id
  local back = {}
  for _, other in ipairs(offer) do
    if other ~= id then
      back[#back + 1] = other
    end
  end
  changed(m)
  settle_picks(m)
  return id, back
end

-- Before the first turn a colour leaves the game (a player who left while choosing); `min`
-- players must stay. Returns what they were offered.
function M.drop_picker(m, color, min)
  local p = m.picks
  if p == nil or p.offers[color] == nil then
    refuse("a player leaves the game only before the first turn")
  end
  if #p.setup.players - 1 < min then
    refuse("the game needs at least " .. min .. " players")
  end
  local players = {}
  for _, c in ipairs(p.setup.players) do
    if c ~= color then
      players[#players + 1] = c
    end
  end
  local offer = p.offers[color]
  p.setup.players = json.array(players)
  p.offers[color], p.kept[color] = nil, nil
  changed(m)
  settle_picks(m)
  return offer
end

-- Choosing -----------------------------------------------------------------------------------

-- Extend `color`'s path by option `id` (labelled `label`, asked by decision `d`) and apply
-- the action once it is complete. Returns nil while it is incomplete, else the result:
-- { action =, before =, after =, steps =, player = }.
function M.take(m, color, id, label, d)
  local k = key(m, color)
  local path, steps = m.paths[k] or {}, m.steps[k] or {}
  path[#path + 1] = id
  steps[#steps + 1] = { id = id, label = label, name = d and d.name, player = d and d.player }
  m.paths[k], m.steps[k] = path, steps
  local res, why = m.core.advance(m.state, full_path(m, k))
  if res == nil then
    path[#path], steps[#steps] = nil, nil
    refuse(why or "the rules refuse that choice")
  end
  m.confirm = nil
  if not res.complete then
    changed(m)
    if k == "*" then
      m.shared, m.shared_of, m.shared_depth, m.shared_state = res.decision, m.state, #path,
        res.state
      m.shared_action = res.action
    else
      m.mine[color] = { key = cache_key(m, color), d = res.decision }
    end
    return nil
  end
  m.paths[k], m.steps[k] = {}, {}
  local before = apply(m, res.action, res.state)
  return { action = res.action, before = before, after = m.state, steps = steps, player = color }
end

-- Take option `id` of `color`'s decision (a choice of theirs, not chance's).
function M.choose(m, color, id)
  if m.state == nil then
    refuse("no game is under way")
  end
  local d = M.decision(m, color)
  if d == nil then
    refuse(is_over(m) and "the game is over" or "you have no decision to make now")
  end
  if d.roll then
    refuse("the dice decide this, not a click")
  end
  local label = M.label(d, id)
  if label == nil then
    refuse("'" .. tostring(id) .. "' is not an option now")
  end
  local ask = m.spec.confirm and m.spec.confirm(d, id, M.depth(m, color))
  if ask then
    m.confirm = { color = color, id = id, label = label, d = d, ask = ask }
    changed(m)
    return nil
  end
  return M.take(m, color, id, label, d)
end

-- Answer the question M.choose held an option back for: `yes` takes it, else it is dropped.
function M.confirmed(m, color, yes)
  local c = m.confirm
  if c == nil or c.color ~= color then
    refuse("there is nothing for you to confirm")
  end
  m.confirm = nil
  changed(m)
  if yes then
    return M.take(m, color, c.id, c.label, c.d)
  end
  return nil
end

-- Apply the action the core completes with no decision (see M.pending_automatic).
function M.automatic(m)
  local res = M.pending_automatic(m)
  if res == nil then
    return nil
  end
  m.auto = nil
  local before = apply(m, res.action, res.state)
  return { action = res.action, before = before, after = m.state, steps = {},
    player = res.action.player }
end

-- Apply a whole action given by another script (any path under way is dropped).
function M.apply_action(m, action)
  if m.state == nil then
    refuse("no game is set up")
  end
  if m.spec.received then
    m.spec.received(action) -- tables passed between scripts lose lib.json's marks
  end
  local before = apply(m, action)
  m.paths, m.steps = {}, {}
  return { action = action, before = before, after = m.state, steps = {}, player = action.player }
end

-- True when `color` may take their last choice back (never a roll: the dice have spoken).
function M.can_back(m, color)
  if m.confirm and m.confirm.color == color then
    return true
  end
  local path = m.paths[key(m, color)] or {}
  return #path > 0 and string.sub(path[#path], 1, 6) ~= "faces:"
end

function M.back(m, color)
  if m.confirm and m.confirm.color == color then
    m.confirm = nil
    changed(m)
    return
  end
  if M.decision(m, color) == nil then
    refuse("only the player deciding can take a choice back")
  end
  local k = key(m, color)
  local path = m.paths[k]
  if path == nil or #path == 0 then
    refuse("there is no choice to take back")
  end
  if string.sub(path[#path], 1, 6) == "faces:" then
    refuse("rolled dice cannot be taken back")
  end
  path[#path] = nil
  m.steps[k][#m.steps[k]] = nil
  changed(m)
end

-- Replay `actions` from `state` onto the record (as apply does, rules checked); a problem,
-- or nil.
local function replay(m, state, actions, first, pace)
  m.state = state
  local cost = m.spec.apply_cost or 1
  for i, action in ipairs(actions) do
    pace(cost)
    local nxt, why = m.core.apply(m.state, action)
    if nxt == nil then
      return "saved action " .. (first + i - 1) .. " was refused (" .. tostring(why)
        .. "); the game goes on from the action before it"
    end
    apply(m, action, nxt)
  end
  return nil
end

-- Undo ---------------------------------------------------------------------------------------

-- Why the last action cannot be undone, or nil when it can.
function M.why_no_undo(m)
  if m.record == nil or m.record.count == 0 then
    return "there is no action to undo"
  end
  if m.record.count <= m.barrier then
    return m.barrier_why or "that action cannot be taken back"
  end
  return nil
end

-- Undo the last action: the game goes on as if it was never taken (replayed from the state
-- before it, or the nearest resume point before it, or the setup). Returns the action.
function M.undo(m, pace)
  pace = pace or quiet
  local why = M.why_no_undo(m)
  if why then
    refuse(why)
  end
  local rec = m.record
  local n = rec.count - 1
  local undone = Record.action(rec, rec.count)
  local from = m.history[n] and { at = n, state = m.history[n] } or nil
  for i = #m.marks, 1, -1 do
    if from == nil and m.marks[i].at <= n and m.marks[i].at >= rec.base then
      from = m.marks[i]
    end
  end
  m.paths, m.steps, m.mine, m.confirm = {}, {}, {}, nil
  if from ~= nil then
    local actions = {}
    for i = from.at + 1, n do
      actions[#actions + 1] = Record.action(rec, i)
    end
    while rec.count > from.at do
      Record.pop(rec)
    end
    local kept = {}
    for _, k in ipairs(m.marks) do
      if k.at <= from.at then
        kept[#kept + 1] = k
      end
    end
    m.marks = kept
    if m.encoded and m.encoded.at > from.at then
      m.encoded = nil
    end
    replay(m, from.state, actions, from.at + 1, pace)
  else
    -- before every resume point kept: the whole game again, from the setup
    local all = json.decode("[" .. rec.prefix .. "]", pace)
    for i = rec.base + 1, n do
      all[i] = Record.action(rec, i)
    end
    local setup = rec.setup
    m.state, m.picks = nil, nil
    begin(m, setup)
    replay(m, m.state, all, 1, pace)
  end
  changed(m)
  return undone
end

-- Save and load ------------------------------------------------------------------------------

-- Encode the state of the latest resume point (for the save), `pace` as it goes. Returns
-- true when there was one to encode.
function M.encode_resume(m, pace)
  if m.record and Record.prepare(m.record, pace) then
    return true
  end
  local last = m.marks[#m.marks]
  if last == nil or (m.encoded and m.encoded.at == last.at) then
    return false
  end
  local state = last.state
  local transient = m.spec.transient
  if transient then
    -- what only the last action's words need (its events) is not saved: a load has no
    -- last action to tell, and decoding it would cost the load a frame
    state = {}
    for k, v in next, last.state do
      state[k] = v
    end
    for _, k in ipairs(transient) do
      state[k] = nil
    end
  end
  local text = json.encode(state, pace)
  if m.marks[#m.marks] == last then
    m.encoded = { at = last.at, text = text }
  end
  return true
end

-- True when the save lacks the latest resume point's state (M.encode_resume would work).
function M.needs_encoding(m)
  if m.record and m.record.setup_text == nil then
    return true
  end
  local last = m.marks[#m.marks]
  return last ~= nil and not (m.encoded and m.encoded.at == last.at)
end

local function steps_text(m)
  local out = {}
  for i, s in ipairs(m.steps["*"] or {}) do
    out[i] = json.object({ id = s.id, label = s.label, name = s.name or json.null,
      player = s.player or json.null })
  end
  return json.encode(json.array(out))
end

-- What onSave returns: the record with the table's section (`prefs`: the framework's
-- per-colour settings, JSON text), or the setup picks before the first action; `spare` (a
-- JSON string literal) is kept for a new game. "" before a game.
function M.save_text(m, prefs, spare)
  prefs = prefs or "{}"
  if m.record then
    local e = m.encoded
    local resume = ""
    if e and e.at <= m.record.count and Record.offset(m.record, e.at) then
      resume = '"at":' .. e.at .. ","
    end
    local barrier = ""
    if m.barrier > 0 then
      barrier = '"barrier":' .. json.encode(json.object({ at = m.barrier,
        why = m.barrier_why or json.null })) .. ","
    end
    if resume ~= "" then
      resume = resume .. barrier .. '"offset":' .. Record.offset(m.record, e.at) .. ","
    else
      resume = barrier
    end
    local section = "{" .. resume .. '"prefs":' .. prefs
      .. (resume ~= "" and (',"state":' .. e.text) or "") .. ',"steps":' .. steps_text(m) .. "}"
    return Record.text(m.record, spare, section)
  end
  if m.picks then
    local p = m.picks
    local dealing = json.encode(json.object({ field = p.field, kept = p.kept, offers = p.offers,
      setup = p.setup }))
    return Record.before_setup(spare, '"dealing":' .. dealing .. ',"table":{"prefs":' .. prefs
      .. "}}")
  end
  return ""
end

-- The saved resume point's state as the text it was saved in (so a load need not encode it
-- again): between '"state":' and ',"steps":[' of the table's section, the last key.
local function saved_state_text(head)
  local at = string.find(head, '"table":{', 1, true)
  local from = at and string.find(head, '"state":', at, true)
  if from == nil then
    return nil
  end
  local stop, last = nil, from
  while true do
    local s = string.find(head, ',"steps":[', last, true)
    if s == nil then
      break
    end
    stop, last = s, s + 1
  end
  return stop and string.sub(head, from + 8, stop - 1) or nil
end

-- The shared path saved with the game, kept when the rules still accept it.
local function resume_steps(m, saved)
  if not json.is_array(saved) or #saved == 0 or m.state == nil then
    return
  end
  local path, steps = {}, {}
  for i, s in ipairs(saved) do
    if type(s) ~= "table" or type(s.id) ~= "string" then
      return
    end
    path[i] = s.id
    steps[i] = { id = s.id, label = type(s.label) == "string" and s.label or s.id,
      name = type(s.name) == "string" and s.name or nil,
      player = type(s.player) == "string" and s.player or nil }
  end
  if M.simultaneous(m) then
    return
  end
  local res = m.core.advance(m.state, path)
  if res == nil or res.complete then
    return
  end
  m.paths["*"], m.steps["*"] = path, steps
  m.shared, m.shared_of, m.shared_depth, m.shared_state = res.decision, m.state, #path, res.state
  m.shared_action = res.action
end

local function fits(state, setup)
  local players = type(state) == "table" and state.players
  if not json.is_array(players) or not json.is_array(setup.players)
    or #players ~= #setup.players then
    return false
  end
  for i, p in ipairs(players) do
    if type(p) ~= "table" or p.color ~= setup.players[i] then
      return false
    end
  end
  return true
end

local function reset(m)
  m.state, m.record, m.picks, m.confirm = nil, nil, nil, nil
  m.paths, m.steps, m.mine, m.marks, m.history = {}, {}, {}, {}, {}
  m.barrier, m.barrier_why, m.encoded = 0, nil, nil
  m.top_of, m.shared_of = nil, nil
  changed(m)
end

-- Forget the game (a new game): the table shows Start again.
function M.clear(m)
  reset(m)
end

-- A saved record laid out as Record.text writes it: the resume point's state and the
-- actions after it only (the ones before stay text).
local function load_fast(m, split, head, pace)
  local t = head.table
  local setup = head.setup
  if not (t and type(t.at) == "number" and type(t.offset) == "number"
    and t.offset <= #split.actions and fits(t.state, setup)) then
    return nil
  end
  for _, k in ipairs(m.spec.transient or {}) do
    if t.state[k] == nil then
      t.state[k] = json.array({}) -- not saved (encode_resume): empty, as after no action
    end
  end
  local rest = string.sub(split.actions, t.offset + 1)
  if t.at > 0 then
    rest = string.sub(rest, 2) -- the comma after the prefix
  end
  local fine, tail = pcall(json.decode, "[" .. rest .. "]", pace)
  if not fine or not json.is_array(tail) then
    return nil
  end
  -- the head is {"game":...,"setup":{...},"table":{...}}: the setup's text, as saved, lies
  -- between its key and the table's (the last key)
  local from = string.find(split.head, '"setup":', 1, true)
  local stop = from and string.find(split.head, ',"table":{', from, true)
  local setup_text = stop and string.sub(split.head, from + 8, stop - 1) or nil
  m.record = Record.resume(m.spec.id, setup, t.at, string.sub(split.actions, 1, t.offset),
    setup_text)
  mark(m, t.at, t.state)
  remember(m, t.at, t.state)
  -- what came before the resume point is text only: an undo past it replays the game from
  -- the setup, and never past the saved barrier
  local b = t.barrier
  if json.is_object(b) and type(b.at) == "number" and b.at <= t.at then
    m.barrier, m.barrier_why = b.at, type(b.why) == "string" and b.why or nil
  end
  local text = saved_state_text(split.head)
  m.encoded = text and { at = t.at, text = text } or nil
  return replay(m, t.state, tail, t.at + 1, pace) or false
end

-- The whole record replayed from its setup.
local function load_whole(m, setup, actions, pace)
  if not json.is_object(setup) or not json.is_array(actions) then
    return "the saved game is not a game record (setup and actions); the table starts empty"
  end
  local started, why = pcall(begin, m, setup)
  if not started then
    return "the saved setup cannot start a game: " .. tostring(M.refusal(why) or why)
  end
  return replay(m, m.state, actions, 1, pace)
end

-- Rebuild from saved text (onLoad, also after a rewind), `pace` as it goes. Returns a
-- problem to report (or nil) and what the table saved of its own: { spare = the `_spare`
-- literal, prefs = }. A record that stops being accepted keeps what replays. Text laid out
-- as the table saves it loads from its resume point; any other record (a file written by
-- hand or by another tool) is decoded whole and replayed from its setup.
function M.load(m, text, pace)
  pace = pace or quiet
  reset(m)
  if text == nil or text == "" then
    return nil, {}
  end
  local split = Record.split(text, m.spec.id)
  local spare = split and split.spare
  local problem, section
  local head = nil
  if split and split.actions then
    local ok, value = pcall(json.decode, split.head, pace)
    head = ok and json.is_object(value) and json.is_object(value.setup) and value or nil
  end
  if head then
    section = json.is_object(head.table) and head.table or nil
    problem = load_fast(m, split, head, pace)
    if problem == nil then
      reset(m)
      local fine, actions = pcall(json.decode, "[" .. split.actions .. "]", pace)
      problem = load_whole(m, head.setup, fine and actions or nil, pace)
    end
  else
    local ok, saved = pcall(json.decode, split and split.rest or text, pace)
    if not ok or not json.is_object(saved) then
      return "the saved game is not JSON (" .. tostring(saved) .. "); starting fresh", {}
    end
    section = json.is_object(saved.table) and saved.table or nil
    local d = saved.dealing
    if json.is_object(d) then
      if not json.is_object(d.setup) or not json.is_object(d.offers) then
        return "the saved game could not be read; the table starts empty", { spare = spare }
      end
      m.picks = { setup = d.setup, offers = d.offers, kept = json.object(d.kept or {}),
        field = d.field }
      settle_picks(m)
    else
      problem = load_whole(m, saved.setup, saved.actions, pace)
    end
  end
  problem = problem or nil
  if m.state ~= nil and section then
    resume_steps(m, section.steps)
  end
  if problem and m.record == nil then
    reset(m)
  end
  changed(m)
  return problem, { spare = spare, prefs = section and section.prefs }
end

return M
