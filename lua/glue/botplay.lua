-- Bots in the seats (any game): the host gives a seat nobody sits at to a bot of a level,
-- before Start or when its player has left, and a player who sits down there takes it back.
-- A bot answers its decisions one at a time, paced for players to follow (a step every
-- PACE seconds; the host can make them quicker), through the same path of choices as a
-- player: each step is an ordinary choice, and each action it completes an ordinary action
-- in the record. A step is spread over Wait.time handlers a frame or so apart (its
-- decision, its colour's view, glue.bots over the game's values, the choice taken as a
-- click would be), so no handler does much. Chance stays the table's: its dice are thrown
-- like anyone's.

local Bots = require("glue.bots")
local Frames = require("glue.frames")
local Game = require("glue.game")
local Flow = require("glue.flow")
local Paint = require("glue.paint")
local Seats = require("glue.seats")
local tr = require("lib.tr")

local B = {}

B.LEVELS = { easy = tr("easy"), strong = tr("strong") } -- a level as players read it

B.PACES = { normal = 0.6, fast = 0.15 } -- seconds between a bot's steps
local NEXT = { [false] = "easy", easy = "strong", strong = false }
local TRACE_KEPT = 200 -- bot steps kept for the tests (botTrace)
local HIDDEN = { active = false }

-- Who may be given to a bot now: a seat nobody sits at, and once a game is dealt, only
-- one of its players.
-- (The panel asks for every seat at every paint: the refusal's words only when asked.)
local function refusal(T, color, seated)
  if (seated or T.seated)[color] then
    return "seated"
  end
  local m = T.m
  if (m.state ~= nil or m.picks ~= nil) and not Game.plays(m, color) then
    return "out"
  end
  return nil
end

function B.may_set(T, color, seated)
  local why = refusal(T, color, seated)
  if why == "seated" then
    return false, tr("{color} is seated: a bot plays only a seat nobody sits at",
      { color = color })
  elseif why == "out" then
    return false, tr("{color} is not in this game", { color = color })
  end
  return true
end

-- The host cycles `color`'s seat: nobody, an easy bot, a strong bot.
function B.cycle(T, host, color)
  local ok, why = B.may_set(T, color, Seats.seated()) -- who sits there now, this frame
  if not ok then
    return why
  end
  local now = T.bots[color] and T.bots[color].level or false
  local level = NEXT[now]
  B.set(T, color, level or nil, host)
  return nil
end

function B.set(T, color, level, host)
  local m = T.m
  local playing = m.state ~= nil or m.picks ~= nil
  T.bots[color] = level and { level = level } or nil
  T.prefs.bots[color] = level or nil
  if playing then
    local v = { host = host, color = color, level = level and B.LEVELS[level] }
    T.say(level and tr("{host} gave {color}'s seat to a bot ({level})", v)
      or tr("{host} took {color}'s seat back from its bot: the host decides for {color} until "
        .. "someone sits there", v))
  end
  T.memo.panels = {}
  T.scores_forced = true
  T.changed()
end

-- A player sat at a bot's seat: the seat is theirs again.
function B.seated(T)
  for color in next, T.bots do
    if T.seated[color] then
      T.bots[color], T.prefs.bots[color] = nil, nil
      if T.m.state ~= nil or T.m.picks ~= nil then
        T.say(tr("{color} sat down: the bot leaves {color}'s seat.", { color = color }))
      end
      T.scores_forced = true
    end
  end
end

-- The bots read back from a save's preferences.
function B.loaded(T)
  for color in next, T.bots do
    T.bots[color] = nil
  end
  for color, level in next, T.prefs.bots do
    if not T.seated[color] then
      T.bots[color] = { level = level }
    end
  end
end

-- The next bot with a decision now: its colour and decision ("pick" before the first
-- turn), or nil; "unknown" when a simultaneous phase's decision had to be worked out first
-- (with `probe`, its colour: nothing is worked out).
local function next_turn(T, probe)
  local m = T.m
  if m.picks then
    for _, color in ipairs(Game.deciders(m)) do
      if T.bots[color] then
        return color, "pick"
      end
    end
    return nil
  end
  if m.state == nil or m.core.is_over(m.state) or Game.pending_automatic(m) then
    return nil
  end
  local together = Game.simultaneous(m)
  for _, color in ipairs(Game.deciders(m)) do
    if T.bots[color] then
      local d = together and Game.known(m, color) or nil
      if together and d == nil then
        if probe then
          return color
        end
        Game.decision(m, color) -- a resolution: the step goes on in the next stage
        return "unknown"
      end
      d = d or Game.decision(m, color)
      -- (a decision with one option is the table's to take, for bots too: glue.flow)
      if d and not Flow.chance(d) and not Flow.forced(d) then
        return color, d
      elseif d and not probe and Flow.forced(d) then
        Frames.later(T.frames, "auto", function()
          T.automate()
        end)
      end
    end
    if not together then
      return nil
    end
  end
  return nil
end

-- What `color` may know of the state: the game's bots' own view, else the core's.
local function view_of(T, color)
  local cache = T.bot_views[color]
  if cache and cache.of == T.m.state then
    return cache.view
  end
  local spec = T.spec
  local v = spec.bots.view and spec.bots.view(T.m.state, color) or spec.core.view(T.m.state, color)
  T.bot_views[color] = { of = T.m.state, view = v }
  return v
end

local function trace(T, entry)
  local list = T.bot_trace
  list[#list + 1] = entry
  T.bot_traced = T.bot_traced + 1
  entry.n = T.bot_traced
  if #list > TRACE_KEPT then
    table.remove(list, 1)
  end
end

local STAGE = 0.02 -- seconds between a step's stages (a frame or so)

-- A step's next stage, in a handler of its own; it starts over when the game moved on.
local function stage(T, version, fn)
  T.bot_stage = Wait.time(function()
    T.bot_stage = nil
    if T.m.version ~= version or T.loading or T.starting then
      B.schedule(T)
      return
    end
    fn()
  end, STAGE)
end

-- One bot step, each stage in a handler of its own: its decision (in a simultaneous phase a
-- resolution of the rules), its view, its choice, then the choice taken as a click would be.
local function think(T)
  T.bot_timer = nil
  if T.loading or T.starting or T.input_busy or Frames.busy(T.frames) then
    B.schedule(T)
    return
  end
  local m = T.m
  local version = m.version
  local color, d = next_turn(T)
  if color == "unknown" then -- worked out now: the choice in the next stage
    stage(T, version, function()
      think(T)
    end)
    return
  elseif color == nil then
    return
  end
  local level = T.bots[color].level
  local count = Game.count(m)
  local seeds = T.bot_seeds
  if seeds[color] == nil or seeds[color].count ~= count or (d ~= "pick"
      and Game.depth(m, color) == 0) then
    seeds[color] = { count = count, x0 = math.random(1, Bots.MODULUS - 1) }
  end
  local x0 = seeds[color].x0
  if d == "pick" then
    local offer = m.picks.offers[color]
    local options = {}
    for i, id in ipairs(offer) do
      options[i] = { id = id, label = id }
    end
    local pick = { name = "pick", player = color, options = options }
    local id = Bots.decide(level, function() return 0 end, nil, pick, {}, x0)
    local k = 1
    for i, x in ipairs(offer) do
      if x == id then
        k = i
      end
    end
    trace(T, { color = color, name = "pick", id = id, x0 = x0, count = count, path = {} })
    stage(T, version, function()
      if m.picks and m.picks.kept[color] == nil and T.bots[color] then
        T.pick(color, k)
      end
    end)
    return
  end
  local path = {}
  for i, s in ipairs(Game.steps(m, color)) do
    path[i] = s.id
  end
  local function choose()
    local id = Bots.decide(level, T.spec.bots.value, view_of(T, color), d, path, x0)
    trace(T, { color = color, name = d.name, id = id, x0 = x0, count = count, path = path })
    stage(T, version, function()
      if T.bots[color] and Game.decision(m, color) == d then
        T.attempt(color, function()
          return Game.take(m, color, id, Game.label(d, id), d)
        end)
      end
    end)
  end
  local cache = T.bot_views[color]
  if cache and cache.of == m.state then
    choose()
  else
    view_of(T, color) -- the view in this stage, the choice in the next
    stage(T, version, choose)
  end
end

-- Set the next bot step going, PACE seconds from now, when a bot has a decision.
function B.schedule(T)
  if T.bot_timer or T.bot_stage or next(T.bots) == nil then
    return
  end
  if next_turn(T, true) == nil then
    return
  end
  T.bot_timer = Wait.time(function()
    think(T)
  end, B.PACES[T.prefs.bot_pace or "normal"] or B.PACES.normal)
end

-- The host switches the bots' pace: normal, fast.
function B.pace(T)
  T.prefs.bot_pace = (T.prefs.bot_pace or "normal") == "normal" and "fast" or "normal"
  T.memo.panels = {}
  T.changed()
end

-- The host's bots panel: a button per seat colour, and the pace. Its entries are built again
-- only when what they show changed (the same tables otherwise: the painter skips them).
function B.panel(T, ui)
  if T.spec.bots == nil then -- a game without bots: no panel
    ui[#ui + 1] = { "bots", HIDDEN }
    return
  end
  local m = T.m
  local over = m.state ~= nil and m.core.is_over(m.state)
  local pace = T.prefs.bot_pace or "normal"
  local memo = T.memo.bots
  local same = memo ~= nil and memo.pace == pace
  local shown = {}
  for i, seat in ipairs(T.spec.layout.seats) do
    local color = seat.color
    local bot = T.bots[color]
    shown[i] = bot and bot.level or (not over and refusal(T, color) == nil and "+" or "-")
    same = same and memo.shown[i] == shown[i]
  end
  if not same then
    local entries, any = {}, false
    for i, seat in ipairs(T.spec.layout.seats) do
      local color, s = seat.color, shown[i]
      local bot = s ~= "+" and s ~= "-"
      any = any or s ~= "-"
      entries[i] = { "bots:" .. color, { active = s ~= "-",
        text = bot and tr("{color}: bot, {level}", { color = color, level = B.LEVELS[s] })
          or tr("{color}: no bot", { color = color }) } }
    end
    entries[#entries + 1] = { "bots:pace", { active = any,
      text = tr("Bots' pace: a move every {seconds} s", { seconds = B.PACES[pace] }) } }
    entries[#entries + 1] = { "bots", { active = any } }
    memo = { shown = shown, pace = pace, entries = entries }
    T.memo.bots = memo
  end
  Paint.group(ui, "bots", memo.entries)
end

return B
