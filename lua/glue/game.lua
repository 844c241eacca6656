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
local Flow = require("glue.flow")
local signal = require("lib.signal")
local Record = require("glue.record")
local tr = require("lib.tr")

local M = {}

M.HISTORY = 32 -- states after the last actions kept: an undo of one of them replays nothing
M.MARKS = 8 -- resume points kept (a deeper undo replays from the setup)
M.MARK_EVERY = 4 -- actions between resume points at most (a load replays fewer than this;
-- a game whose actions cost a load more may say fewer: its `resume_every`)

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
    by_table = {}, -- action number -> true: taken by the table alone (an undo takes it back
    -- with the player's action before it, or the table would only take it again)
    encoded = nil, -- { at =, text = } the latest resume point with its state as JSON text
    picks = nil, -- before the first action: the setup picks (M.deal_picks)
    confirm = nil, -- an option held back until its player confirms it
  }
end

local function refuse(reason)
  signal.raise("refused", reason)
end

-- The actions the table took by itself (number -> true), read from the saved text when
-- first needed: an undo or a new such action (a load need not decode them).
local function by_table(m)
  local text = m.by_table_text
  if text then
    m.by_table_text = nil
    local at = 1
    while at <= #text do
      local comma = string.find(text, ",", at, true) or (#text + 1)
      local k = tonumber(string.sub(text, at, comma - 1))
      if k then
        m.by_table[k] = true
      end
      at = comma + 1
    end
  end
  return m.by_table
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

-- `color`'s whole path as the core reads it (a simultaneous phase's colour first).
function M.path(m, color)
  return full_path(m, key(m, color))
end

-- True while `d` is still `color`'s decision, known without asking the core anything (a
-- menu built over frames is dropped when the table moved on).
function M.current(m, color, d)
  if m.state == nil or m.top_of ~= m.state then
    return false
  end
  if m.top and m.top.name == "player" then
    local c = m.mine[color]
    return c ~= nil and c.d == d and c.key == cache_key(m, color)
  end
  return m.shared_of == m.state and m.shared == d
    and m.shared_depth == #(m.paths["*"] or {})
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
  if (m.spec.resume and m.spec.resume(before, action, nxt)) or last == nil
    or n - last.at >= (m.spec.resume_every or M.MARK_EVERY) then
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
  m.by_table, m.by_table_text, m.auto_text = {}, nil, nil
  mark(m, 0, state)
  remember(m, 0, state)
  m.paths, m.steps, m.mine = {}, {}, {}
  m.picks = nil
  changed(m)
end

-- Start a game from a setup (every outcome of chance, drawn by the table).
function M.deal(m, setup)
  if m.state ~= nil or m.picks ~= nil then
    refuse(tr("a game is already under way"))
  end
  begin(m, setup)
end

-- Before the first action: each player keeps one of the things they were offered (`field`
-- of the setup gets colour -> the one kept). `setup` holds the rest of the setup, its
-- `players` in turn order.
function M.deal_picks(m, setup, offers, field)
  if m.state ~= nil or m.picks ~= nil then
    refuse(tr("a game is already under way"))
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
    refuse(tr("that choice is made only before the first turn"))
  end
  local offer = p.offers[color]
  if offer == nil then
    refuse(tr("{color} is not in this game", { color = tostring(color) }))
  end
  if p.kept[color] ~= nil then
    refuse(tr("you have already chosen"))
  end
  local id = offer[k]
  if id == nil then
    refuse(tr("there is no choice {k}", { k = tostring(k) }))
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
    refuse(tr("a player leaves the game only before the first turn"))
  end
  if #p.setup.players - 1 < min then
    refuse(tr("the game needs at least {min} players", { min = min }))
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

-- Extend `color`'s path by `steps` (each { id =, label =, name =, player = } of the decision
-- it answers, with `forced` when it was the decision's only option) and apply the action once
-- it is complete. The steps are one group: one click, or one answer the table gave itself
-- (`by` "table", with `why`), and Back takes a player's group back whole. `res` is what the
-- core's advance gave for the extended path, when the caller knows it already (a menu's
-- look-ahead), so no resolution is run again. Returns nil while the action is incomplete,
-- else the result: { action =, before =, after =, steps =, player = }.
function M.take_steps(m, color, steps, by, why, res)
  local k = key(m, color)
  local path, done = m.paths[k] or {}, m.steps[k] or {}
  local n0 = #path
  m.group = (m.group or 0) + 1
  for i, s in ipairs(steps) do
    path[n0 + i] = s.id
    done[n0 + i] = { id = s.id, label = s.label, name = s.name, player = s.player,
      group = m.group, forced = s.forced or nil, inlined = s.inlined or nil, by = by,
      why = why }
  end
  m.paths[k], m.steps[k] = path, done
  local reason
  if res == nil then
    res, reason = m.core.advance(m.state, full_path(m, k))
  end
  if res == nil then
    for i = #path, n0 + 1, -1 do
      path[i], done[i] = nil, nil
    end
    refuse(reason or tr("the rules refuse that choice"))
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
  local alone = true
  for _, s in ipairs(done) do
    alone = alone and s.by == "table"
  end
  by_table(m)[m.record.count] = alone or nil
  m.auto_text = nil
  return { action = res.action, before = before, after = m.state, steps = done, player = color }
end

-- Extend `color`'s path by option `id` (labelled `label`, asked by decision `d`): one step
-- (see M.take_steps).
-- Take option ids one after another for `color`, as a piece or card dropped by hand stands
-- for them (an id a decision does not list is labelled by itself: the core says whether it
-- takes it). The last take's result.
function M.take_ids(m, color, ids)
  local result = nil
  for _, id in ipairs(ids) do
    local d = M.decision(m, color)
    result = M.take(m, color, id, d and M.label(d, id) or id, d)
  end
  return result
end

function M.take(m, color, id, label, d, by, why)
  return M.take_steps(m, color, { { id = id, label = label, name = d and d.name,
    player = d and d.player, forced = d and #d.options == 1 or nil } }, by, why)
end

-- Take an entry of `color`'s decision (glue.flow: its steps, the first an option of the
-- decision, and the core's result for them when known), a choice of theirs, not chance's.
-- A game's `confirm` may hold it back for a question first.
function M.choose_steps(m, color, steps, res, of)
  if of ~= m.state then
    res = nil -- worked out for another state (another player acted since): asked again
  end
  if m.state == nil then
    refuse(tr("no game is under way"))
  end
  local d = M.decision(m, color)
  if d == nil then
    refuse(is_over(m) and tr("the game is over") or tr("you have no decision to make now"))
  end
  if Flow.chance(d) then
    refuse(tr("the dice decide this, not a click"))
  end
  local first = steps[1]
  if first == nil or M.label(d, first.id) == nil then
    refuse(tr("that is not one of your options now (the table has moved on): choose again"))
  end
  if res == nil then
    local path = full_path(m, key(m, color))
    local p = {}
    for i = 1, #path do
      p[i] = path[i]
    end
    for _, s in ipairs(steps) do
      p[#p + 1] = s.id
    end
    local why
    res, why = m.core.advance(m.state, p)
    if res == nil then
      refuse(why or tr("the rules refuse that choice"))
    end
  end
  local ask = m.spec.confirm and m.spec.confirm(d, first.id, M.depth(m, color), steps, res)
  if ask then
    m.confirm = { color = color, id = first.id, label = first.label, d = d, ask = ask,
      steps = steps, res = res, of = m.state }
    changed(m)
    return nil
  end
  return M.take_steps(m, color, steps, nil, nil, res)
end

-- Take option `id` of `color`'s decision (one step: see M.choose_steps).
function M.choose(m, color, id)
  local d = m.state and M.decision(m, color)
  local label = d and M.label(d, id)
  if d and not Flow.chance(d) and label == nil then
    refuse(tr("that is not one of your options now (the table has moved on): choose again"))
  end
  return M.choose_steps(m, color, { { id = id, label = label, name = d and d.name,
    player = d and d.player } })
end

-- Answer the question M.choose held an option back for: `yes` takes it, else it is dropped.
function M.confirmed(m, color, yes)
  local c = m.confirm
  if c == nil or c.color ~= color then
    refuse(tr("there is nothing for you to confirm"))
  end
  m.confirm = nil
  changed(m)
  if yes then
    return M.take_steps(m, color, c.steps, nil, nil, c.of == m.state and c.res or nil)
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
  by_table(m)[m.record.count] = true
  m.auto_text = nil
  return { action = res.action, before = before, after = m.state, steps = {},
    player = res.action.player }
end

-- Apply a whole action given by another script (any path under way is dropped).
function M.apply_action(m, action)
  if m.state == nil then
    refuse(tr("no game is set up"))
  end
  if m.spec.received then
    m.spec.received(action) -- tables passed between scripts lose lib.json's marks
  end
  local before = apply(m, action)
  m.paths, m.steps = {}, {}
  return { action = action, before = before, after = m.state, steps = {}, player = action.player }
end

-- Where Back cuts `color`'s path: the first step of the last group a player made (a click,
-- with what the table took for them after it), or nil when the path holds none, when that
-- group is another player's (a combat's path holds both sides' answers: nobody takes back
-- a rival's), or when a roll lies past that point (the dice have spoken).
local function back_cut(m, color)
  local steps = m.steps[key(m, color)] or {}
  local cut = nil
  for i = #steps, 1, -1 do
    local s = steps[i]
    if string.sub(s.id, 1, 6) == "faces:" or string.sub(s.id, 1, 6) == "order:" then
      return nil
    end
    if s.by ~= "table" then
      if s.player ~= nil and s.player ~= color then
        return nil
      end
      cut = i
      while cut > 1 and steps[cut - 1].group == s.group do
        cut = cut - 1
      end
      -- a step the game has told already (its `told`: a Mechs attack, logged when made)
      local told = m.spec.told or {}
      for k = cut, #steps do
        if told[steps[k].name] then
          return nil
        end
      end
      return cut
    end
  end
  return nil
end

-- True when `color` may take their last choice back (never a roll: the dice have spoken).
function M.can_back(m, color)
  if m.confirm and m.confirm.color == color then
    return true
  end
  return back_cut(m, color) ~= nil
end

function M.back(m, color)
  if m.confirm and m.confirm.color == color then
    m.confirm = nil
    changed(m)
    return
  end
  if M.decision(m, color) == nil then
    refuse(tr("only the player deciding can take a choice back"))
  end
  local k = key(m, color)
  local path = m.paths[k]
  if path == nil or #path == 0 then
    refuse(tr("there is no choice to take back"))
  end
  local cut = back_cut(m, color)
  if cut == nil then
    local last = path[#path]
    refuse(string.sub(last, 1, 6) == "faces:" and tr("rolled dice cannot be taken back")
      or tr("there is no choice of yours to take back"))
  end
  for i = #path, cut, -1 do
    path[i] = nil
    m.steps[k][i] = nil
  end
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
      return tr("saved action {n} was refused ({why}); the game goes on from the action before "
        .. "it", { n = first + i - 1, why = tostring(why) })
    end
    apply(m, action, nxt)
  end
  return nil
end

-- Undo ---------------------------------------------------------------------------------------

-- Where an undo goes back to: before the last action a player took, and every action the
-- table took by itself after it (a turn with nothing to choose, an only option).
local function undo_target(m)
  local k = m.record.count
  local taken = by_table(m)
  while k > 0 and taken[k] do
    k = k - 1
  end
  return math.max(0, k - 1)
end

-- Why the last action cannot be undone, or nil when it can.
function M.why_no_undo(m)
  if m.record == nil or m.record.count == 0 then
    return tr("there is no action to undo")
  end
  if is_over(m) then
    return tr("the game is over: what the end revealed cannot be hidden again")
  end
  if undo_target(m) < m.barrier then
    return m.barrier_why or tr("that action cannot be taken back")
  end
  return nil
end

-- Undo the last action a player took (and what the table took by itself after it): the game
-- goes on as if it was never taken (replayed from the state before it, or the nearest
-- resume point before it, or the setup). Returns how many actions went back.
function M.undo(m, pace)
  pace = pace or quiet
  local why = M.why_no_undo(m)
  if why then
    refuse(why)
  end
  local rec = m.record
  local n = undo_target(m)
  local undone = rec.count - n
  local taken = by_table(m)
  for i = n + 1, rec.count do
    taken[i] = nil
  end
  m.auto_text = nil
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
    local setup = Record.setup(rec, pace)
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

-- A path's steps as the save keeps them (JSON text), encoded again only when they changed
-- (onSave runs at every save, autosave and rewind checkpoint).
local NONE = {}

local function steps_text(m, k)
  k = k or "*"
  local steps = m.steps[k] or NONE
  local last = steps[#steps]
  m.steps_saved = m.steps_saved or {}
  local known = m.steps_saved[k]
  if known and known.of == steps and known.n == #steps and known.last == last then
    return known.text
  end
  local out = {}
  for i, s in ipairs(steps) do
    -- a step never changes once taken: its text is made once
    s.saved = s.saved or json.encode(json.object({ id = s.id, label = s.label,
      name = s.name or json.null, player = s.player or json.null, group = s.group,
      forced = s.forced or nil, inlined = s.inlined or nil, by = s.by, why = s.why }))
    out[i] = s.saved
  end
  local text = "[" .. table.concat(out, ",") .. "]"
  m.steps_saved[k] = { of = steps, n = #steps, last = last, text = text }
  return text
end

-- A colour's name as a JSON string, made once a name.
local QUOTED = {}

local function quoted(color)
  local q = QUOTED[color]
  if q == nil then
    q = json.encode(color)
    QUOTED[color] = q
  end
  return q
end

-- What onSave returns: the record with the table's section (`prefs`: the framework's
-- per-colour settings, JSON text), or the setup picks before the first action; `spare` (a
-- JSON string literal) is kept for a new game; `log` (the game log's text, or nil) goes
-- first. "" before a game.
function M.save_text(m, prefs, spare, log)
  prefs = prefs or "{}"
  if m.record then
    local e = m.encoded
    local at = e and e.at <= m.record.count and Record.offset(m.record, e.at) or nil
    if m.auto_text == nil then
      local ks = {}
      for k in next, by_table(m) do
        ks[#ks + 1] = k
      end
      table.sort(ks)
      m.auto_text = table.concat(ks, ",")
    end
    -- each colour's own path in a simultaneous phase (a program half made): kept by a load
    local own = {}
    for color, path in next, m.paths do
      if color ~= "*" and #path > 0 then
        own[#own + 1] = color
      end
    end
    local own_text = nil
    if #own > 0 then
      table.sort(own) -- (the colours in order: a count must not follow `next`'s)
      for i, color in ipairs(own) do
        own[i] = quoted(color) .. ":" .. steps_text(m, color)
      end
      own_text = "{" .. table.concat(own, ",") .. "}"
    end
    -- The section as it was made last time when every part it is made of is the same (onSave
    -- runs at every save, autosave and rewind checkpoint: made again, the resume point's
    -- state was copied into a new text each time).
    local steps = steps_text(m)
    local k = m.section_made
    if k and k.e == e and k.at == at and k.auto == m.auto_text and k.barrier == m.barrier
      and k.why == m.barrier_why and k.prefs == prefs and k.steps == steps
      and k.own == own_text then
      return Record.text(m.record, spare, k.section, log)
    end
    -- the section's keys in the canonical order, joined once (the state's text is long)
    local out = { "{" }
    local function put(key, value, as_text)
      out[#out + 1] = #out > 1 and ',"' or '"'
      out[#out + 1] = key
      out[#out + 1] = as_text and '":"' or '":'
      out[#out + 1] = value
      if as_text then
        out[#out + 1] = '"'
      end
    end
    if at then
      put("at", e.at)
    end
    if m.auto_text ~= "" then
      put("auto", m.auto_text, true) -- (text: a load decodes no list)
    end
    if m.barrier > 0 then
      local b = m.barrier_made -- (encoded once a barrier: its reason is a long text)
      if b == nil or b.at ~= m.barrier or b.why ~= m.barrier_why then
        b = { at = m.barrier, why = m.barrier_why, text = json.encode(json.object({
          at = m.barrier, why = m.barrier_why or json.null })) }
        m.barrier_made = b
      end
      put("barrier", b.text)
    end
    if at then
      put("offset", at)
    end
    if own_text then
      put("own", own_text)
    end
    put("prefs", prefs)
    if at then
      put("state", e.text)
    end
    put("steps", steps)
    out[#out + 1] = "}"
    local section = table.concat(out)
    m.section_made = { e = e, at = at, auto = m.auto_text, barrier = m.barrier,
      why = m.barrier_why, prefs = prefs, steps = steps, own = own_text, section = section }
    return Record.text(m.record, spare, section, log)
  end
  if m.picks then
    local p = m.picks
    local dealing = json.encode(json.object({ field = p.field, kept = p.kept, offers = p.offers,
      setup = p.setup }))
    return Record.before_setup(spare, '"dealing":' .. dealing .. ',"table":{"prefs":' .. prefs
      .. "}}", log)
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
-- A path's steps as a save kept them: the path and its steps, or nil when they are not a
-- list of steps.
local function read_steps(m, saved)
  if not json.is_array(saved) then
    return nil
  end
  local path, steps = {}, {}
  for i, s in ipairs(saved) do
    if type(s) ~= "table" or type(s.id) ~= "string" then
      return nil
    end
    path[i] = s.id
    steps[i] = { id = s.id, label = type(s.label) == "string" and s.label or s.id,
      name = type(s.name) == "string" and s.name or nil,
      player = type(s.player) == "string" and s.player or nil,
      group = type(s.group) == "number" and s.group or i, forced = s.forced == true or nil,
      inlined = s.inlined == true or nil,
      by = s.by == "table" and "table" or nil, why = type(s.why) == "string" and s.why or nil }
    m.group = math.max(m.group or 0, steps[i].group)
  end
  return path, steps
end

local function resume_steps(m, saved)
  if not json.is_array(saved) or #saved == 0 or m.state == nil then
    return
  end
  local path, steps = read_steps(m, saved)
  if path == nil or M.simultaneous(m) then
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

-- True when a saved state's players are the setup's (`order`: the setup's `players`).
-- Each colour's own path saved in a simultaneous phase, put back as it was: the next look at
-- that colour's decision checks it (M.decision starts it over if the rules refuse it).
local function resume_own(m, saved)
  if not json.is_object(saved) or not M.simultaneous(m) then
    return
  end
  for color, list in next, saved do -- (each colour's own: the order does not matter)
    local path, steps = read_steps(m, list)
    if path and type(color) == "string" and M.plays(m, color) then
      m.paths[color], m.steps[color] = path, steps
    end
  end
end

local function fits(state, order)
  local players = type(state) == "table" and state.players
  if not json.is_array(players) or not json.is_array(order) or #players ~= #order then
    return false
  end
  for i, p in ipairs(players) do
    if type(p) ~= "table" or p.color ~= order[i] then
      return false
    end
  end
  return true
end

-- The head of a saved record, {"game":...,"setup":{...},"table":{...}}, read without
-- decoding the setup (a load needs only its players; an undo back past every resume point
-- decodes it, Record.setup): { table =, setup_text =, order = } or nil.
local function read_head(head, pace)
  local from = string.find(head, '"setup":', 1, true)
  local stop = from and string.find(head, ',"table":{', from, true)
  if stop == nil then
    return nil
  end
  local setup_text = string.sub(head, from + 8, stop - 1)
  local ok, section = pcall(json.decode, string.sub(head, stop + 9, -2), pace)
  -- the players' colours: the setup's one list of plain strings under "players"
  local at = string.find(setup_text, '"players":[', 1, true)
  local close = at and string.find(setup_text, "]", at, true)
  local fine, order = false, nil
  if close then
    fine, order = pcall(json.decode, string.sub(setup_text, at + 10, close))
  end
  if not (ok and json.is_object(section) and fine) then
    return nil
  end
  return { table = section, setup_text = setup_text, order = order }
end

local function reset(m)
  m.state, m.record, m.picks, m.confirm = nil, nil, nil, nil
  m.paths, m.steps, m.mine, m.marks, m.history = {}, {}, {}, {}, {}
  m.barrier, m.barrier_why, m.encoded = 0, nil, nil
  m.by_table, m.by_table_text, m.auto_text = {}, nil, nil
  m.top_of, m.shared_of = nil, nil
  changed(m)
end

-- Forget the game (a new game): the table shows Start again.
function M.clear(m)
  reset(m)
end

-- The actions the table took by itself, as the table's section saved them (read when first
-- needed: by_table).
local function by_table_of(m, section)
  local text = section and section.auto
  if type(text) == "string" and string.match(text, "^[%d,]*$") then
    m.by_table, m.by_table_text, m.auto_text = {}, text, text
  end
end

-- A saved record laid out as Record.text writes it: the resume point's state and the
-- actions after it only (the ones before stay text).
local function load_fast(m, split, head, pace)
  local t = head.table
  if not (t and type(t.at) == "number" and type(t.offset) == "number"
    and t.offset <= #split.actions and fits(t.state, head.order)) then
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
  -- the setup stays its saved text until something needs it (Record.setup)
  m.record = Record.resume(m.spec.id, nil, t.at, string.sub(split.actions, 1, t.offset),
    head.setup_text)
  mark(m, t.at, t.state)
  remember(m, t.at, t.state)
  -- what came before the resume point is text only: an undo past it replays the game from
  -- the setup, and never past the saved barrier
  local b = t.barrier
  if json.is_object(b) and type(b.at) == "number" and b.at <= t.at then
    m.barrier, m.barrier_why = b.at, type(b.why) == "string" and b.why or nil
  end
  by_table_of(m, t)
  local text = saved_state_text(split.head)
  m.encoded = text and { at = t.at, text = text } or nil
  return replay(m, t.state, tail, t.at + 1, pace) or false
end

-- The whole record replayed from its setup.
local function load_whole(m, setup, actions, pace)
  if not json.is_object(setup) or not json.is_array(actions) then
    return tr("the saved game is not a game record (setup and actions); the table starts empty")
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
    head = read_head(split.head, pace)
  end
  if head then
    section = head.table
    problem = load_fast(m, split, head, pace)
    if problem == nil then
      reset(m)
      local ok, setup = pcall(json.decode, head.setup_text, pace)
      local fine, actions = pcall(json.decode, "[" .. split.actions .. "]", pace)
      problem = load_whole(m, ok and setup or nil, fine and actions or nil, pace)
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
    resume_own(m, section.own)
    by_table_of(m, section)
  end
  if problem and m.record == nil then
    reset(m)
  end
  changed(m)
  return problem, { spare = spare, prefs = section and section.prefs }
end

return M
