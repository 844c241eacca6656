-- Tiny Epic Galaxies: the game state and what can be read from it.
--
-- A state is plain data with the shape of schemas/teg/state.schema.json: the same document
-- the Python engine builds, so json.encode(state) can be compared with it byte for byte.
-- Nothing here changes a state that is passed in; `copy` makes the one a rule may change.

local json = require("lib.json")
local signal = require("lib.signal")

local NULL = json.null
local S = {}
local unpack_list = table.unpack or unpack -- 5.2 / MoonSharp

-- Refuse: raise an error the engine turns into `nil, reason` (the state stays as it was).
function S.refuse(reason)
  signal.raise("illegal", reason)
end

-- The reason carried by a refusal, or nil for any other error.
function S.refusal(err)
  return signal.caught(err, "illegal")
end

-- A deep copy that keeps json.null and the array/object marks. (Copying visits every key;
-- the order does not matter, so it walks with next rather than pairs.)
function S.copy(v)
  if type(v) ~= "table" or v == NULL then
    return v
  end
  local out = {}
  for k, x in next, v do
    out[k] = S.copy(x)
  end
  return setmetatable(out, getmetatable(v))
end

-- A copy of a state, field by field: the same result as S.copy, several times faster, which
-- matters because every action and many listed choices copy the state.
-- The planet deck and the discard pile are shared with the state copied, not copied: few
-- rules change them (R:refill, a discarded planet), and those put a new list in their place
-- (the deck is the longest list of a state: a copy of it was a fifth of a copy's garbage on
-- MoonSharp).
function S.clone(state)
  local players = {}
  for i, p in ipairs(state.players) do
    local ships = {}
    for k, ship in ipairs(p.ships) do
      ships[k] = { at = ship.at, planet = ship.planet, step = ship.step }
    end
    players[i] = {
      color = p.color, vp = p.vp, mission_vp = p.mission_vp, energy = p.energy,
      culture = p.culture, empire = p.empire, colonies = { unpack_list(p.colonies) },
      ships = ships, mission = p.mission, once_used = { unpack_list(p.once_used) },
    }
  end
  local dice = {}
  for i, d in ipairs(state.dice) do
    dice[i] = { face = d.face, state = d.state }
  end
  local follow = {}
  for i, w in ipairs(state.follow) do
    follow[i] = { face = w.face, cost = S.copy(w.cost), waiting = { unpack_list(w.waiting) } }
  end
  return {
    game = state.game, phase = state.phase, stage = state.stage, round = state.round,
    active = state.active, end_triggered_by = state.end_triggered_by,
    final_round = state.final_round, players = players,
    row = { unpack_list(state.row) }, deck = state.deck, discard = state.discard, dice = dice,
    turn = {
      rerolls = state.turn.rerolls, converted = state.turn.converted,
      follow_cost = S.copy(state.turn.follow_cost), follow_bonus = S.copy(state.turn.follow_bonus),
    },
    follow = follow, ranking = S.copy(state.ranking),
  }
end

-- Card data, indexed once. `raw` is the generated teg.data module (the YAML, as Lua).
function S.index(raw)
  local D = { raw = raw, game = raw.game, levels = raw.empire.levels }
  D.faces = raw.dice.faces
  D.face = {}
  D.face_ids = {}
  for i, f in ipairs(D.faces) do
    D.face[f.id] = f
    D.face_ids[i] = f.id
  end
  D.planet = {}
  D.planet_ids = {}
  for i, p in ipairs(raw.planets) do
    D.planet[p.id] = p
    D.planet_ids[i] = p.id
  end
  D.mission = {}
  for _, m in ipairs(raw.missions) do
    D.mission[m.id] = m
  end
  D.resources = {}
  D.start = {}
  for i, r in ipairs(raw.game.resources) do
    D.resources[i] = r.id
    D.start[r.id] = r.start
  end
  D.row_size = {}
  for _, r in ipairs(raw.game.face_up_row) do
    D.row_size[r.players] = r.planets
  end
  D.cap = raw.game.resource_cap
  D.top = #D.levels
  return D
end

-- A full amount: every resource present (zeros included), from a partial one.
function S.amounts(D, partial)
  local out = {}
  for _, r in ipairs(D.resources) do
    out[r] = (partial and partial[r]) or 0
  end
  return out
end

function S.fresh_turn(D)
  return {
    rerolls = 0,
    converted = false,
    follow_cost = S.amounts(D, D.game.follow_cost),
    follow_bonus = S.amounts(D, nil),
  }
end

local function listed_once(list, value)
  local n = 0
  for _, v in ipairs(list) do
    if v == value then
      n = n + 1
    end
  end
  return n == 1
end

-- The opening state for a setup, or nil and the reason it cannot start a game.
function S.new_state(D, setup)
  if not json.is_object(setup) then
    return nil, "setup must be an object"
  end
  local players = setup.players
  if not json.is_array(players) then
    return nil, "setup.players must be a list of seat colors"
  end
  local n = #players
  if n < D.game.players.min or n > D.game.players.max then
    return nil, "wrong number of players"
  end
  for _, color in ipairs(players) do
    if type(color) ~= "string" or not listed_once(players, color) then
      return nil, "setup.players must name each seat once"
    end
    local known = false
    for _, seat in ipairs(D.game.seat_colors) do
      known = known or seat == color
    end
    if not known then
      return nil, "'" .. color .. "' is not a seat"
    end
  end
  local deck = setup.deck
  if not json.is_array(deck) then
    return nil, "setup.deck must list each of the " .. #D.planet_ids .. " planet ids exactly once"
  end
  local listed = {}
  for _, id in ipairs(deck) do
    if type(id) ~= "string" or not D.planet[id] then
      return nil, "setup.deck: unknown planet '" .. tostring(id) .. "'"
    end
    if listed[id] then
      return nil, "setup.deck lists planet '" .. id .. "' twice"
    end
    listed[id] = true
  end
  for _, id in ipairs(D.planet_ids) do
    if not listed[id] then
      return nil, "setup.deck leaves out planet '" .. id .. "' (it must list all "
        .. #D.planet_ids .. ")"
    end
  end
  local missions = setup.missions
  if missions == nil or missions == NULL then
    missions = json.object({})
  end
  if not json.is_object(missions) then
    return nil, "setup.missions must map seat colors to mission ids"
  end
  local dealt = {}
  for color, id in pairs(missions) do
    if not listed_once(players, color) then
      return nil, "setup.missions names a color that is not playing"
    end
    if type(id) ~= "string" or not D.mission[id] then
      return nil, "setup.missions names an unknown mission"
    end
    if dealt[id] then
      return nil, "setup.missions deals one mission card to two players"
    end
    dealt[id] = true
  end

  local size = D.row_size[n]
  local row, rest = {}, {}
  for i, id in ipairs(deck) do
    if i <= size then
      row[#row + 1] = id
    else
      rest[#rest + 1] = id
    end
  end
  local seats = {}
  for i, color in ipairs(players) do
    local ships = {}
    for k = 1, D.game.ships_per_player do
      ships[k] = { at = (k <= D.levels[1].ships) and "home" or "locked" }
    end
    local mission = missions[color]
    seats[i] = {
      color = color,
      vp = D.levels[1].vp,
      mission_vp = 0,
      energy = D.start.energy,
      culture = D.start.culture,
      empire = 1,
      colonies = {},
      ships = ships,
      mission = mission == nil and NULL or mission,
      once_used = {},
    }
  end
  return {
    game = D.game.id,
    phase = "playing",
    stage = "roll",
    round = 1,
    active = players[1],
    end_triggered_by = NULL,
    final_round = false,
    players = seats,
    row = row,
    deck = rest,
    discard = {},
    dice = {},
    turn = S.fresh_turn(D),
    follow = {},
    ranking = NULL,
  }
end

-- Seat number (1-based) of a color, or nil.
function S.seat_of(state, color)
  for i, p in ipairs(state.players) do
    if p.color == color then
      return i
    end
  end
  return nil
end

function S.active_seat(state)
  return S.seat_of(state, state.active)
end

-- The other seats, clockwise from the left of `seat`.
function S.rivals(state, seat)
  local n = #state.players
  local out = {}
  for k = 1, n - 1 do
    out[k] = (seat + k - 1) % n + 1
  end
  return out
end

function S.running_vp(D, p)
  local vp = D.levels[p.empire].vp
  for _, id in ipairs(p.colonies) do
    vp = vp + D.planet[id].vp
  end
  return vp
end

local function colonies_of(D, p, track)
  local n = 0
  for _, id in ipairs(p.colonies) do
    if track == nil or D.planet[id].track == track then
      n = n + 1
    end
  end
  return n
end

local function threshold(D, p, key)
  if key == "colonies" then
    return #p.colonies
  elseif key == "ships_home" or key == "ships_away" then
    local n = 0
    for _, ship in ipairs(p.ships) do
      if ship.at ~= "locked" and ((ship.at == "home") == (key == "ships_home")) then
        n = n + 1
      end
    end
    return n
  end
  return p[key]
end

-- What a mission counts of a player (the story tells the same numbers the rules scored):
-- planets colonized (of `track`, or all), and a threshold's measure.
S.colonies_of, S.threshold = colonies_of, threshold

-- Mission VP of seat i at the end of the game.
function S.mission_vp(D, state, i)
  local p = state.players[i]
  if p.mission == NULL then
    return 0
  end
  local m = D.mission[p.mission]
  local c = m.condition
  if c.kind == "most" or c.kind == "fewest" then
    local function measure(q)
      if c.measure == "colonies" then
        return colonies_of(D, q, c.track)
      end
      return q[c.measure]
    end
    local mine = measure(p)
    local ties = 0
    for _, q in ipairs(state.players) do
      local v = measure(q)
      if (c.kind == "most" and v > mine) or (c.kind == "fewest" and v < mine) then
        return 0
      end
      if v == mine then
        ties = ties + 1
      end
    end
    return ties == 1 and m.vp or m.tied_vp
  elseif c.kind == "equal" then
    local first = colonies_of(D, p, c.tracks[1])
    for _, track in ipairs(c.tracks) do
      if colonies_of(D, p, track) ~= first then
        return 0
      end
    end
    return m.vp
  elseif c.kind == "at_least" or c.kind == "at_most" then
    for key, limit in pairs(c.amounts) do
      local v = threshold(D, p, key)
      if (c.kind == "at_least" and v < limit) or (c.kind == "at_most" and v > limit) then
        return 0
      end
    end
    return m.vp
  elseif c.kind == "triggered_end" then
    return state.end_triggered_by == p.color and m.vp or 0
  elseif c.kind == "top_empire" then
    return p.empire == D.top and m.vp or 0
  end
  error("unknown mission kind " .. tostring(c.kind))
end

-- Places from first to last; players equal on VP, colonies, empire and resources share one.
-- Within a place, seats keep their seating order.
function S.ranking(state)
  local order = {}
  for i, p in ipairs(state.players) do
    order[i] = { seat = i, p = p }
  end
  local function key(e)
    return { e.p.vp, #e.p.colonies, e.p.empire, e.p.energy + e.p.culture }
  end
  table.sort(order, function(a, b)
    local ka, kb = key(a), key(b)
    for k = 1, 4 do
      if ka[k] ~= kb[k] then
        return ka[k] > kb[k]
      end
    end
    return a.seat < b.seat
  end)
  local places = {}
  local last
  for _, e in ipairs(order) do
    local k = table.concat(key(e), ",")
    if k == last then
      local place = places[#places]
      place[#place + 1] = e.p.color
    else
      places[#places + 1] = { e.p.color }
      last = k
    end
  end
  return places
end

return S
