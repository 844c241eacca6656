-- Tiny Epic Galaxies: what each die face and each planet action does, one decision at a time.
--
-- Every face use and planet effect is one function that asks its source (teg.core.sources)
-- for each decision in turn and carries it out on a state the engine has copied. With a
-- Reader the decisions come from a complete action and are checked; with a Builder they come
-- from a path, and only options that can still be completed are offered (the `can_*`
-- functions answer that without listing anything). Mirrors generator/games/teg/rules/uses.py.
--
-- A chain is everything one action sets off (one die, one follow): within it a player uses
-- each planet's action at most once (ctx.chain), the one guard against loops.

local json = require("lib.json")
local S = require("teg.core.state")
local Count = require("lib.count")
local tr = require("lib.tr")

local NULL = json.null
local refuse = S.refuse

local R = {}
R.__index = R

function R.new(D)
  return setmetatable({ D = D }, R)
end

-- helpers ------------------------------------------------------------------------------------

local function is_int(v)
  return type(v) == "number" and v == math.floor(v)
end

local function contains(list, v)
  for _, x in ipairs(list) do
    if x == v then
      return true
    end
  end
  return false
end

-- "2 energy", "1 culture": a count in the game's unit words (game.yaml `units`).
local function amount(self, n, unit)
  return Count.of(self.D.game.units, n, unit)
end

local function option(id, label, fields)
  return { id = id, label = label, fields = fields }
end

local function has_limit(ability, limit)
  return ability.limits ~= nil and contains(ability.limits, limit)
end

function R:gain(p, resource, n)
  p[resource] = math.min(self.D.cap, p[resource] + n)
end

function R:can_pay(p, cost)
  for _, r in ipairs(self.D.resources) do
    if cost[r] and p[r] < cost[r] then
      return false
    end
  end
  return true
end

function R:pay(p, cost, what)
  if not self:can_pay(p, cost) then
    local owed = {}
    for _, r in ipairs(self.D.resources) do
      if cost[r] and cost[r] > 0 then
        owed[#owed + 1] = cost[r] .. " " .. r
      end
    end
    refuse(p.color .. " cannot pay " .. table.concat(owed, ", ") .. " for " .. what)
  end
  for _, r in ipairs(self.D.resources) do
    if cost[r] then
      p[r] = p[r] - cost[r]
    end
  end
end

-- The resources of some seats, to put back after a what-if.
function R:held(state, seats)
  local saved = {}
  for k, seat in ipairs(seats) do
    local p = state.players[seat]
    saved[k] = { p[self.D.resources[1]], p[self.D.resources[2]] }
  end
  return saved
end

function R:restore(state, seats, saved)
  for k, seat in ipairs(seats) do
    local p = state.players[seat]
    p[self.D.resources[1]] = saved[k][1]
    p[self.D.resources[2]] = saved[k][2]
  end
end

-- check() on the state as change() leaves it; the seats' resources are put back after.
function R:what_if(state, seats, change, check)
  local saved = self:held(state, seats)
  change()
  local ok, result = pcall(check)
  self:restore(state, seats, saved)
  if not ok then
    error(result, 0)
  end
  return result
end

function R:ready_dice(state)
  local out = {}
  for i, d in ipairs(state.dice) do
    if d.state == "ready" then
      out[#out + 1] = i - 1 -- dice are numbered from 0 in actions
    end
  end
  return out
end

-- Dice as members of a pick; dice showing one face are of one kind (identical).
function R:dice_cands(state, pool, offering)
  local out = {}
  for k, i in ipairs(pool) do
    local face = state.dice[i + 1].face
    out[k] = { id = "die:" .. i,
      label = offering and tr("{face} die", { face = self.D.face[face].name }) or "",
      value = i, kind = face }
  end
  return out
end

-- Dice to choose one from: offered (one per face, usable ones) and also accepted.
function R:die_options(state, pool, offering, usable)
  local offered, also = {}, {}
  if not offering then
    for k, i in ipairs(pool) do
      offered[k] = option("die:" .. i, "", { die = i })
    end
    return offered, also
  end
  local faces = {}
  local rest = {}
  for _, i in ipairs(pool) do
    local face = state.dice[i + 1].face
    local o = option("die:" .. i, tr("{face} die", { face = self.D.face[face].name }), { die = i })
    if faces[face] ~= nil then
      rest[#rest + 1] = o
    else
      faces[face] = usable(i)
      if faces[face] then
        offered[#offered + 1] = o
      end
    end
  end
  for _, o in ipairs(rest) do
    if faces[state.dice[o.fields.die + 1].face] then
      also[#also + 1] = o
    end
  end
  return offered, also
end

-- Ship numbers (0-based) of seat `seat` orbiting a planet of this track type ("any": all).
function R:orbiting(state, seat, track)
  local out = {}
  for i, ship in ipairs(state.players[seat].ships) do
    if ship.at == "orbit" and (track == "any" or self.D.planet[ship.planet].track == track) then
      out[#out + 1] = i - 1
    end
  end
  return out
end

function R:occupied(state, planet)
  for _, p in ipairs(state.players) do
    for _, ship in ipairs(p.ships) do
      if ship.at ~= "home" and ship.planet == planet then
        return true
      end
    end
  end
  return false
end

function R:refill(state, planet)
  for i, id in ipairs(state.row) do
    if id == planet then
      if #state.deck > 0 then
        -- a new list: the deck is shared with the state this one was copied from (S.clone)
        local deck = state.deck
        state.row[i] = deck[1]
        state.deck = { table.unpack(deck, 2) }
      else
        table.remove(state.row, i)
      end
      return
    end
  end
end

-- Update a seat's VP; the first to reach the end VP triggers the end (in resolution order).
function R:note_vp(state, seat)
  local p = state.players[seat]
  p.vp = S.running_vp(self.D, p)
  if state.end_triggered_by == NULL and p.vp >= self.D.game.end_vp then
    state.end_triggered_by = p.color
    state.final_round = true
  end
end

function R:colonize(state, seat, planet)
  for _, p in ipairs(state.players) do
    for i, ship in ipairs(p.ships) do
      if ship.planet == planet then
        p.ships[i] = { at = "home" }
      end
    end
  end
  local colonies = state.players[seat].colonies
  colonies[#colonies + 1] = planet
  self:refill(state, planet)
  self:note_vp(state, seat)
end

function R:advance_ship(state, seat, ship, steps)
  local s = state.players[seat].ships[ship + 1]
  s.step = s.step + steps
  if s.step >= self.D.planet[s.planet].steps then
    self:colonize(state, seat, s.planet)
  end
end

function R:next_cost(p)
  if p.empire >= self.D.top then
    return nil
  end
  return self.D.levels[p.empire + 1].cost
end

function R:upgrade(state, seat)
  local p = state.players[seat]
  p.empire = p.empire + 1
  for k = 1, self.D.levels[p.empire].ships do
    if p.ships[k].at == "locked" then
      p.ships[k] = { at = "home" }
    end
  end
  self:note_vp(state, seat)
end

function R:acquired(p, resource)
  local n = 0
  for _, ship in ipairs(p.ships) do
    if ship.at == "home" then
      if resource == "energy" then
        n = n + 1
      end
    elseif ship.at ~= "locked" and self.D.planet[ship.planet].resource == resource then
      n = n + 1
    end
  end
  return n
end

function R:check_faces(faces, n)
  if not json.is_array(faces) or #faces ~= n then
    refuse("faces must list " .. tostring(n) .. " die face(s)")
  end
  for _, f in ipairs(faces) do
    if type(f) ~= "string" or not self.D.face[f] then
      refuse("'" .. tostring(f) .. "' is not a die face")
    end
  end
end

local function name_of(self, planet)
  return self.D.planet[planet].name
end

-- face uses -------------------------------------------------------------------------------
-- ctx = { seat =, following =, chain = { [planet] = true } (shared by the whole action) }

-- The unlocked ships of a seat (other than `besides`), 0-based.
function R:movable(state, seat, besides)
  local out = {}
  for i, ship in ipairs(state.players[seat].ships) do
    if ship.at ~= "locked" and i - 1 ~= besides then
      out[#out + 1] = i - 1
    end
  end
  return out
end

-- Where a ship may move: { "home" } and { planet, "land" | "orbit" }, in order. A move must
-- change planet; a player has one ship at most on a surface and one at most on a track.
function R:destinations(state, seat, ship)
  local ships = state.players[seat].ships
  local x = ships[ship + 1]
  local out = {}
  if x.at ~= "home" then
    out[1] = { "home" }
  end
  for _, planet in ipairs(state.row) do
    if x.planet ~= planet then
      local surface, orbit = false, false
      for _, y in ipairs(ships) do
        if y.planet == planet then
          surface = surface or y.at == "surface"
          orbit = orbit or y.at == "orbit"
        end
      end
      if not surface then
        out[#out + 1] = { planet, "land" }
      end
      if not orbit then
        out[#out + 1] = { planet, "orbit" }
      end
    end
  end
  return out
end

function R:can_move(state, seat, besides)
  for _, i in ipairs(self:movable(state, seat, besides)) do
    if #self:destinations(state, seat, i) > 0 then
      return true
    end
  end
  return false
end

-- "Ship 2 (home)", "Ship 1 (on Jakks)"; with `owner`, "Red's ship 3 (orbiting Helios, step 1)".
function R:ship_label(state, seat, i, owner)
  local x = state.players[seat].ships[i + 1]
  local where
  if x.at == "home" then
    where = tr("home")
  elseif x.at == "surface" then
    where = tr("on {planet}", { planet = name_of(self, x.planet) })
  else
    where = tr("orbiting {planet}, step {step}",
      { planet = name_of(self, x.planet), step = x.step })
  end
  if owner then
    return tr("{player}'s ship {n} ({where})", { player = owner, n = i + 1, where = where })
  end
  return tr("Ship {n} ({where})", { n = i + 1, where = where })
end

function R:ship_options(state, seat, ships, src, field)
  local out = {}
  for k, i in ipairs(ships) do
    out[k] = option("ship:" .. i, src.offering and self:ship_label(state, seat, i) or "",
      { [field or "ship"] = i })
  end
  return out
end

function R:can_use_face(state, ctx, face)
  local f = self.D.face[face]
  if f.action == "acquire" then
    return true
  elseif f.action == "move" then
    return self:can_move(state, ctx.seat, nil)
  elseif f.action == "advance" then
    return #self:orbiting(state, ctx.seat, f.track or "any") > 0
  end
  local p = state.players[ctx.seat]
  local cost = self:next_cost(p)
  if cost then
    for _, r in ipairs(self.D.resources) do
      if p[r] >= cost then
        return true
      end
    end
  end
  for _, colony in ipairs(p.colonies) do
    if self:can_ability(state, ctx, colony) then
      return true
    end
  end
  return false
end

function R:use_face(state, ctx, face, src)
  local f = self.D.face[face]
  if f.action == "move" then
    self:move(state, ctx, src, nil)
  elseif f.action == "acquire" then
    local p = state.players[ctx.seat]
    self:gain(p, f.resource, self:acquired(p, f.resource))
  elseif f.action == "advance" then
    self:advance_face(state, ctx, f.track or "any", src)
  else
    self:utilize(state, ctx, src)
  end
end

-- One move (a die's, or one made inside a planet's action); returns the ship moved. Landing
-- lets the player use the planet's action at once, wherever the move comes from.
function R:move(state, ctx, src, besides)
  local seat = ctx.seat
  local p = state.players[seat]
  local ships = self:movable(state, seat, besides)
  if src.offering then
    local open = {}
    for _, i in ipairs(ships) do
      if #self:destinations(state, seat, i) > 0 then
        open[#open + 1] = i
      end
    end
    ships = open
  end
  local ship = src:choose("ship", self:ship_options(state, seat, ships, src), p.color, nil,
    function()
      local v = src:peek("ship")
      if v == nil then
        return nil
      end
      if not is_int(v) then
        return "ship must be an integer"
      end
      if v < 0 or v >= #p.ships then
        return p.color .. " has no ship " .. v
      end
      if p.ships[v + 1].at == "locked" then
        return "ship " .. v .. " is still locked on the ship track"
      end
      if v == besides then
        return "the two moves must use two different ships"
      end
      return nil
    end).ship
  local moves = {}
  for _, d in ipairs(self:destinations(state, seat, ship)) do
    if d[2] == nil then
      moves[#moves + 1] = option("home", tr("Return home"), { to = "home" })
    else
      local label = ""
      if src.offering then
        local planet = { planet = name_of(self, d[1]) }
        label = d[2] == "land" and tr("Land on {planet}", planet) or tr("Orbit {planet}", planet)
      end
      moves[#moves + 1] = option(d[2] .. ":" .. d[1], label, { to = d[1], mode = d[2] })
    end
  end
  local chosen = src:choose("to", moves, p.color, nil, function()
    local to, mode = src:peek("to"), src:peek("mode")
    local x = p.ships[ship + 1]
    if to == nil then
      return nil
    end
    if to == "home" then
      return x.at == "home" and ("ship " .. ship .. " is already home") or nil
    end
    if not contains(state.row, to) then
      return "'" .. tostring(to) .. "' is not a face-up planet"
    end
    if x.planet == to then
      return "ship " .. ship .. " is already at " .. to .. "; a move must change planet"
    end
    if mode ~= "land" and mode ~= "orbit" then
      return "a move to a planet needs mode 'land' or 'orbit'"
    end
    if mode == "orbit" then
      return p.color .. " already has a ship orbiting " .. to
    end
    return p.color .. " already has a ship on " .. to .. "'s surface (one per planet)"
  end)
  local to, mode = chosen.to, chosen.mode
  if to == "home" then
    p.ships[ship + 1] = { at = "home" }
  elseif mode == "orbit" then
    p.ships[ship + 1] = { at = "orbit", planet = to, step = 0 }
  else
    p.ships[ship + 1] = { at = "surface", planet = to }
  end
  if mode == "land" then
    local name = src.offering and name_of(self, to) or ""
    if src:maybe("ability", tr("Use {planet}'s action", { planet = name }),
      tr("Skip {planet}'s action", { planet = name }),
      p.color, function() return self:can_ability(state, ctx, to) end) then
      self:ability(state, ctx, to, src:sub("ability", to .. "'s action"))
    end
  elseif src:has("ability") then
    refuse("only a ship that lands may use the planet's action")
  end
  return ship
end

function R:advance_face(state, ctx, track, src)
  local p = state.players[ctx.seat]
  local ships = self:orbiting(state, ctx.seat, track)
  local options = {}
  for k, i in ipairs(ships) do
    local planet = p.ships[i + 1].planet
    options[k] = option("planet:" .. planet,
      src.offering and tr("Advance on {planet}", { planet = name_of(self, planet) }) or "",
      { planet = planet })
  end
  local planet = src:choose("planet", options, p.color, nil, function()
    local v = src:peek("planet")
    if v == nil then
      return nil
    end
    return p.color .. " has no ship orbiting '" .. tostring(v) .. "' on a " .. track .. " track"
  end).planet
  for _, i in ipairs(ships) do
    if p.ships[i + 1].planet == planet then
      self:advance_ship(state, ctx.seat, i, 1)
      return
    end
  end
end

function R:utilize(state, ctx, src)
  local p = state.players[ctx.seat]
  local cost = self:next_cost(p)
  local options = {}
  if cost then
    local payable = not src.offering
    for _, r in ipairs(self.D.resources) do
      payable = payable or p[r] >= cost
    end
    if payable then
      options[1] = option("empire", src.offering
        and tr("Upgrade your empire to level {level}", { level = p.empire + 1 }) or "",
        { colony = "empire" })
    end
  end
  for _, colony in ipairs(p.colonies) do
    if not src.offering or self:can_ability(state, ctx, colony) then
      options[#options + 1] = option("colony:" .. colony,
        src.offering and tr("Use {planet}", { planet = name_of(self, colony) }) or "",
        { colony = colony })
    end
  end
  local colony = src:choose("colony", options, p.color, nil, function()
    local v = src:peek("colony")
    if v == "empire" then
      return "the empire is already at the top level"
    end
    return v ~= nil and ("'" .. tostring(v) .. "' is not a colony of " .. p.color) or nil
  end).colony
  if colony ~= "empire" then
    self:ability(state, ctx, colony, src:sub("ability", colony .. "'s action"))
    return
  end
  local pays = {}
  for _, r in ipairs(self.D.resources) do
    if not src.offering or p[r] >= cost then
      pays[#pays + 1] = option("pay:" .. r, tr("Pay {cost}", { cost = amount(self, cost, r) }),
        { pay = r })
    end
  end
  local pay = src:choose("pay", pays, p.color, nil, function()
    local v = src:peek("pay")
    if not contains(self.D.resources, v) then
      return "pay must be one resource: " .. table.concat(self.D.resources, " or ")
    end
    return p.color .. " cannot pay " .. cost .. " " .. v .. " for the empire upgrade"
  end).pay
  self:pay(p, { [pay] = cost }, "the empire upgrade")
  self:upgrade(state, ctx.seat)
end

-- planet actions -----------------------------------------------------------------------------

function R:refusal(state, ctx, planet)
  local a = self.D.planet[planet].ability
  local p = state.players[ctx.seat]
  if has_limit(a, "own_turn_only") and (ctx.following or ctx.seat ~= S.active_seat(state)) then
    return planet .. "'s action works only on its user's own turn"
  end
  if has_limit(a, "once_per_turn") and contains(p.once_used, planet) then
    return p.color .. " already used " .. planet .. "'s action this turn"
  end
  if ctx.chain[planet] then
    return p.color .. " already used " .. planet .. "'s action in this chain of actions"
  end
  local cost = a.cost or {}
  if not self:can_pay(p, cost) then
    return p.color .. " cannot pay for " .. planet .. "'s action"
  end
  if (cost.dice or 0) > #self:ready_dice(state) then
    return "not enough unused dice to discard for " .. planet .. "'s action"
  end
  return nil
end

-- Whether ctx can use the planet's action with some parameters now (judged after paying its
-- energy and culture, which are put back).
function R:can_ability(state, ctx, planet)
  if self:refusal(state, ctx, planet) then
    return false
  end
  local a = self.D.planet[planet].ability
  return self:what_if(state, { ctx.seat }, function()
    self:pay(state.players[ctx.seat], a.cost or {}, "")
  end, function()
    ctx.chain[planet] = true
    local result = self["can_" .. a.effect](self, state, ctx, a, planet)
    ctx.chain[planet] = nil
    return result
  end)
end

function R:ability(state, ctx, planet, src)
  local why = self:refusal(state, ctx, planet)
  if why then
    refuse(why)
  end
  local a = self.D.planet[planet].ability
  local p = state.players[ctx.seat]
  ctx.chain[planet] = true
  if has_limit(a, "once_per_turn") then
    p.once_used[#p.once_used + 1] = planet
    table.sort(p.once_used, json.before) -- as Python sorts them (not by culture)
  end
  local cost = a.cost or {}
  self:pay(p, cost, planet .. "'s action")
  local n = cost.dice or 0
  if n > 0 then
    local cands = self:dice_cands(state, self:ready_dice(state), src.offering)
    local picked = src:pick("discard", cands, n, n, p.color, function()
      return "discard must name " .. n .. " unused dice for " .. planet .. "'s action"
    end)
    for _, i in ipairs(picked) do
      state.dice[i + 1].state = "spent"
    end
  end
  self["do_" .. a.effect](self, state, ctx, a, src, planet)
  src:done(planet .. "'s action")
end

-- planet effects -----------------------------------------------------------------------------
-- can_<effect>(state, ctx, a, planet): has a complete choice (cost paid, planet in the chain)
-- do_<effect>(state, ctx, a, src, planet): takes its decisions from src and carries them out

function R:can_gain() return true end

function R:do_gain(state, ctx, a)
  local p = state.players[ctx.seat]
  local times = 1
  if a.per == "ship_home" then
    times = 0
    for _, ship in ipairs(p.ships) do
      if ship.at == "home" then
        times = times + 1
      end
    end
  end
  for _, r in ipairs(self.D.resources) do
    if a.gain[r] then
      self:gain(p, r, a.gain[r] * times)
    end
  end
  if a.others_gain then
    for _, seat in ipairs(S.rivals(state, ctx.seat)) do
      for _, r in ipairs(self.D.resources) do
        if a.others_gain[r] then
          self:gain(state.players[seat], r, a.others_gain[r])
        end
      end
    end
  end
end

function R:can_follow_bonus() return true end

function R:do_follow_bonus(state, ctx, a)
  for _, r in ipairs(self.D.resources) do
    state.turn.follow_bonus[r] = state.turn.follow_bonus[r] + (a.gain[r] or 0)
  end
end

function R:can_follow_tax() return true end

function R:do_follow_tax(state, ctx, a)
  state.turn.follow_cost = S.amounts(self.D, a.follow_cost)
end

function R:can_advance(state, ctx, a)
  return a.others_steps ~= nil or #self:orbiting(state, ctx.seat, a.track) > 0
end

function R:do_advance(state, ctx, a, src, planet)
  local color = state.players[ctx.seat].color
  if a.others_steps then
    -- Terra-Bettia: each rival with an orbiting ship advances one first, clockwise from the
    -- user's left (their choice, recorded in `others`); any of them may colonize.
    local others = src:sub("others", planet .. "'s action")
    for _, seat in ipairs(S.rivals(state, ctx.seat)) do
      local ships = self:orbiting(state, seat, a.track)
      if #ships > 0 then
        local rc = state.players[seat].color
        local options = self:ship_options(state, seat, ships, src, rc)
        local j = others:choose(rc, options, rc)[rc]
        self:advance_ship(state, seat, j, a.others_steps)
      end
    end
    others:done(planet .. "'s action")
    if #self:orbiting(state, ctx.seat, a.track) == 0 then
      src:fixed("ship", NULL, "ship must be null: " .. color .. " has no ship to advance")
      return
    end
  end
  local ships = self:orbiting(state, ctx.seat, a.track)
  local ship = src:choose("ship", self:ship_options(state, ctx.seat, ships, src), color).ship
  self:advance_ship(state, ctx.seat, ship, a.steps)
end

local function targets(self, state, ctx, a)
  local out = {}
  for _, seat in ipairs(S.rivals(state, ctx.seat)) do
    for _, i in ipairs(self:orbiting(state, seat, a.track)) do
      if state.players[seat].ships[i + 1].step >= 1 then -- never below the start
        out[#out + 1] = { state.players[seat].color, i, seat }
      end
    end
  end
  return out
end

function R:can_regress(state, ctx, a)
  return #targets(self, state, ctx, a) > 0
end

function R:do_regress(state, ctx, a, src, planet)
  local list = targets(self, state, ctx, a)
  local cands = {}
  for k, t in ipairs(list) do
    cands[k] = { id = "ship:" .. t[1] .. ":" .. t[2],
      label = src.offering and self:ship_label(state, t[3], t[2], t[1]) or "",
      value = json.array({ t[1], t[2] }), kind = t[1] .. ":" .. t[2] }
  end
  local n = math.min(a.ships, #list)
  local color = state.players[ctx.seat].color
  local picked = src:pick("targets", cands, math.max(n, 1), n, color, function()
    if n == 0 then
      return "no rival ship can be pushed back: " .. planet .. "'s action cannot be used"
    end
    return "targets must name " .. n .. " rival ship(s) at step 1 or more for " .. planet
      .. "'s action"
  end)
  for _, t in ipairs(picked) do
    local ship = state.players[S.seat_of(state, t[1])].ships[t[2] + 1]
    ship.step = math.max(0, ship.step - a.steps)
  end
end

function R:can_shift(state, ctx, a)
  local ships = self:orbiting(state, ctx.seat, "any")
  if #ships < 2 then
    return false
  end
  for _, i in ipairs(ships) do
    if state.players[ctx.seat].ships[i + 1].step >= a.back then
      return true
    end
  end
  return false
end

function R:do_shift(state, ctx, a, src)
  local p = state.players[ctx.seat]
  local ships = self:orbiting(state, ctx.seat, "any")
  local backs = {}
  if #ships >= 2 then
    for _, i in ipairs(ships) do
      if p.ships[i + 1].step >= a.back then
        backs[#backs + 1] = i
      end
    end
  end
  local back = src:choose("back", self:ship_options(state, ctx.seat, backs, src, "back"),
    p.color).back
  local forwards = {}
  for _, i in ipairs(ships) do
    if i ~= back then
      forwards[#forwards + 1] = i
    end
  end
  local forward = src:choose("forward",
    self:ship_options(state, ctx.seat, forwards, src, "forward"), p.color).forward
  local ship = p.ships[back + 1]
  ship.step = ship.step - a.back
  self:advance_ship(state, ctx.seat, forward, a.forward)
end

function R:can_discard_planet(state)
  for _, planet in ipairs(state.row) do
    if not self:occupied(state, planet) then
      return true
    end
  end
  return false
end

function R:do_discard_planet(state, ctx, a, src)
  local options = {}
  for _, planet in ipairs(state.row) do
    if not self:occupied(state, planet) then
      options[#options + 1] = option("planet:" .. planet,
        src.offering and tr("Discard {planet}", { planet = name_of(self, planet) }) or "",
        { planet = planet })
    end
  end
  local planet = src:choose("planet", options, state.players[ctx.seat].color).planet
  self:refill(state, planet)
  local discard = { table.unpack(state.discard) } -- shared with the state copied (S.clone)
  discard[#discard + 1] = planet
  state.discard = discard
end

local function pays(self, state, ctx, a)
  local out = {}
  local p = state.players[ctx.seat]
  local cost = self:next_cost(p)
  if not cost then
    return out
  end
  if a.condition == "strictly_lowest_empire" then
    for _, seat in ipairs(S.rivals(state, ctx.seat)) do
      if state.players[seat].empire <= p.empire then
        return out
      end
    end
  end
  cost = math.max(0, cost - (a.discount or 0))
  if a.payment == "single" then
    for _, r in ipairs(self.D.resources) do
      if p[r] >= cost then
        out[#out + 1] = option("pay:" .. r, tr("Pay {cost}", { cost = amount(self, cost, r) }),
          { pay = r })
      end
    end
    return out
  end
  local first, second = self.D.resources[1], self.D.resources[2]
  for n = 0, cost do
    if p[first] >= n and p[second] >= cost - n then
      out[#out + 1] = option("pay:" .. n .. "+" .. (cost - n),
        tr("Pay {cost}", { cost = amount(self, n, first) .. tr(" and ")
          .. amount(self, cost - n, second) }),
        { pay = json.object({ [first] = n, [second] = cost - n }) })
    end
  end
  return out
end

function R:can_upgrade(state, ctx, a)
  return #pays(self, state, ctx, a) > 0
end

function R:do_upgrade(state, ctx, a, src)
  local p = state.players[ctx.seat]
  local pay = src:choose("pay", pays(self, state, ctx, a), p.color).pay
  if type(pay) == "string" then
    pay = { [pay] = math.max(0, self:next_cost(p) - (a.discount or 0)) }
  end
  self:pay(p, pay, "the upgrade")
  self:upgrade(state, ctx.seat)
end

function R:can_reroll(state)
  return #self:ready_dice(state) > 0
end

function R:do_reroll(state, ctx, a, src)
  self:reroll(state, src, state.players[ctx.seat].color)
end

-- Reroll some unused dice: which (a pick), then the faces they show (the outcome).
function R:reroll(state, src, who)
  local ready = self:ready_dice(state)
  local dice = src:pick("dice", self:dice_cands(state, ready, src.offering), 1, #ready, who,
    function()
      local v = src:peek("dice")
      if not json.is_array(v) or #v == 0 then
        return "dice must be a non-empty list of unused dice"
      end
      for i = 1, #v do
        for j = i + 1, #v do
          if v[i] == v[j] then
            return "dice must list each die once"
          end
        end
      end
      return "only unused dice can be rerolled"
    end)
  local faces = src:faces("faces", #dice, who, function(f, n) self:check_faces(f, n) end)
  for k, i in ipairs(dice) do
    state.dice[i + 1].face = faces[k]
  end
end

local function victims(self, state, ctx, a)
  local out = {}
  for _, seat in ipairs(S.rivals(state, ctx.seat)) do
    local rival = state.players[seat]
    for _, r in ipairs(self.D.resources) do
      if a.take[r] and rival[r] >= 1 then
        out[#out + 1] = seat
        break
      end
    end
  end
  return out
end

function R:can_steal(state, ctx, a)
  return #victims(self, state, ctx, a) > 0
end

function R:do_steal(state, ctx, a, src)
  local options = {}
  for k, seat in ipairs(victims(self, state, ctx, a)) do
    local c = state.players[seat].color
    options[k] = option("player:" .. c, tr("Take from {player}", { player = c }), { player = c })
  end
  local chosen = src:choose("player", options, state.players[ctx.seat].color).player
  local rival = state.players[S.seat_of(state, chosen)]
  for _, r in ipairs(self.D.resources) do
    if a.take[r] then
      local taken = math.min(a.take[r], rival[r])
      rival[r] = rival[r] - taken
      self:gain(state.players[ctx.seat], r, taken)
    end
  end
end

function R:can_trade(state, ctx, a)
  return state.players[ctx.seat][a.from] >= 1
end

function R:do_trade(state, ctx, a, src)
  local p = state.players[ctx.seat]
  local options = {}
  for n = 1, p[a.from] do
    options[n] = option("amount:" .. n, tr("Trade {given} for {taken}",
      { given = amount(self, n, a.from), taken = amount(self, n, a.to) }), { amount = n })
  end
  local amount = src:choose("amount", options, p.color).amount
  p[a.from] = p[a.from] - amount
  self:gain(p, a.to, amount)
end

function R:can_extra_moves(state, ctx)
  return self:can_move(state, ctx.seat, nil)
end

-- Nagato: ordinary moves one after another (each may land and use that planet's action),
-- with different ships; the second is made whenever one can be made.
function R:do_extra_moves(state, ctx, a, src, planet)
  local moves = src:items("moves")
  local given = moves:count()
  if given == 0 or given > a.moves then
    refuse(planet .. "'s action makes " .. a.moves .. " moves")
  end
  local used = {}
  for k = 0, a.moves - 1 do
    if k > 0 then
      local left = false
      for _, i in ipairs(self:movable(state, ctx.seat, nil)) do
        if not contains(used, i) and #self:destinations(state, ctx.seat, i) > 0 then
          left = true
          break
        end
      end
      if not left then
        if given > k then
          refuse(planet .. "'s action has no move " .. (k + 1) .. " to make")
        end
        break
      end
      if given >= 0 and given <= k then
        refuse(planet .. "'s action makes " .. a.moves .. " moves with different ships")
      end
    end
    local besides = nil
    if a.distinct_ships and #used > 0 then
      besides = used[1]
    end
    local item = moves:item(k)
    used[#used + 1] = self:move(state, ctx, item, besides)
    item:done("a move")
  end
end

function R:can_use_planet(state, ctx, a, planet)
  for _, other in ipairs(state.row) do
    if other ~= planet and self:can_ability(state, ctx, other) then
      return true
    end
  end
  return false
end

function R:do_use_planet(state, ctx, a, src, planet)
  local options = {}
  for _, other in ipairs(state.row) do
    if other ~= planet and (not src.offering or self:can_ability(state, ctx, other)) then
      options[#options + 1] = option("planet:" .. other,
        src.offering and tr("Use {planet}'s action", { planet = name_of(self, other) }) or "",
        { planet = other })
    end
  end
  local chosen = src:choose("planet", options, state.players[ctx.seat].color).planet
  self:ability(state, ctx, chosen, src:sub("ability", chosen .. "'s action"))
end

local function pay_owner(self, state, seat, owner, a)
  self:pay(state.players[seat], a.pay_owner, "the colony's owner")
  for _, r in ipairs(self.D.resources) do
    if a.pay_owner[r] then
      self:gain(state.players[owner], r, a.pay_owner[r])
    end
  end
end

-- Whether ctx, having paid `owner`, could use their colony's action.
local function owner_can(self, state, ctx, a, owner, colony)
  return self:what_if(state, { ctx.seat, owner },
    function() pay_owner(self, state, ctx.seat, owner, a) end,
    function() return self:can_ability(state, ctx, colony) end)
end

function R:can_use_colony(state, ctx, a)
  if not self:can_pay(state.players[ctx.seat], a.pay_owner) then
    return false
  end
  for _, seat in ipairs(S.rivals(state, ctx.seat)) do
    for _, colony in ipairs(state.players[seat].colonies) do
      if owner_can(self, state, ctx, a, seat, colony) then
        return true
      end
    end
  end
  return false
end

function R:do_use_colony(state, ctx, a, src)
  local payable = self:can_pay(state.players[ctx.seat], a.pay_owner)
  local options = {}
  for _, seat in ipairs(S.rivals(state, ctx.seat)) do
    local c = state.players[seat].color
    for _, colony in ipairs(state.players[seat].colonies) do
      if not src.offering or (payable and owner_can(self, state, ctx, a, seat, colony)) then
        options[#options + 1] = option("colony:" .. c .. ":" .. colony,
          src.offering and tr("Use {player}'s {planet}", { player = c,
            planet = name_of(self, colony) }) or "",
          { player = c, colony = colony })
      end
    end
  end
  local chosen = src:choose("colony", options, state.players[ctx.seat].color)
  pay_owner(self, state, ctx.seat, S.seat_of(state, chosen.player), a)
  self:ability(state, ctx, chosen.colony, src:sub("ability", chosen.colony .. "'s action"))
end

function R:can_free_action(state, ctx)
  for _, face in ipairs(self.D.face_ids) do
    if self:can_use_face(state, ctx, face) then
      return true
    end
  end
  return false
end

function R:do_free_action(state, ctx, a, src)
  local options = {}
  for _, face in ipairs(self.D.face_ids) do
    if not src.offering or self:can_use_face(state, ctx, face) then
      options[#options + 1] = option("face:" .. face,
        src.offering and self.D.face[face].name or "", { face = face })
    end
  end
  local face = src:choose("face", options, state.players[ctx.seat].color).face
  local use = src:sub("use", "the free action")
  self:use_face(state, ctx, face, use)
  use:done("the free action")
  if not ctx.following and ctx.seat == S.active_seat(state) then
    -- Rivals may follow this action like a die. Windows never nest, so a follower who uses
    -- this planet gets the action but opens no window.
    local waiting = {}
    for _, seat in ipairs(S.rivals(state, ctx.seat)) do
      waiting[#waiting + 1] = state.players[seat].color
    end
    state.follow[#state.follow + 1] = { face = face, cost = S.amounts(self.D, a.follow_cost),
      waiting = waiting }
  end
end

local function used_dice(state, ctx)
  local out = {}
  if ctx.following or ctx.seat ~= S.active_seat(state) then
    return out -- only the active player has activated dice
  end
  for i, d in ipairs(state.dice) do
    if d.state == "used" then
      out[#out + 1] = i - 1
    end
  end
  return out
end

function R:can_repeat_die(state, ctx)
  for _, i in ipairs(used_dice(state, ctx)) do
    if self:can_use_face(state, ctx, state.dice[i + 1].face) then
      return true
    end
  end
  return false
end

function R:do_repeat_die(state, ctx, a, src, planet)
  local offered, also = self:die_options(state, used_dice(state, ctx), src.offering,
    function(i) return self:can_use_face(state, ctx, state.dice[i + 1].face) end)
  local die = src:choose("die", offered, state.players[ctx.seat].color, also).die
  local use = src:sub("use", planet .. "'s action")
  self:use_face(state, ctx, state.dice[die + 1].face, use)
  use:done(planet .. "'s action")
end

function R:can_recall(state, ctx)
  return #self:orbiting(state, ctx.seat, "any") > 0
end

function R:do_recall(state, ctx, a, src)
  local p = state.players[ctx.seat]
  local ships = self:orbiting(state, ctx.seat, "any")
  local ship = src:choose("ship", self:ship_options(state, ctx.seat, ships, src), p.color).ship
  local step = p.ships[ship + 1].step
  local options = {}
  for k, r in ipairs(a.choice) do
    options[k] = option("resource:" .. r, tr("Gain {amount}",
      { amount = amount(self, step * a.gain_per_step, r) }),
      { resource = r })
  end
  local resource = src:choose("resource", options, p.color).resource
  p.ships[ship + 1] = { at = "home" }
  self:gain(p, resource, step * a.gain_per_step)
end

local function relocations(state, ctx)
  local orbits = {}
  for _, ship in ipairs(state.players[ctx.seat].ships) do
    if ship.at == "orbit" then
      orbits[ship.planet] = true
    end
  end
  local out = {}
  for _, planet in ipairs(state.row) do
    if not orbits[planet] then
      out[#out + 1] = planet
    end
  end
  return out
end

function R:can_relocate(state, ctx)
  return #self:orbiting(state, ctx.seat, "any") > 0 and #relocations(state, ctx) > 0
end

function R:do_relocate(state, ctx, a, src)
  local p = state.players[ctx.seat]
  local ships = self:orbiting(state, ctx.seat, "any")
  local list = relocations(state, ctx)
  if #list == 0 then
    ships = {}
  end
  local ship = src:choose("ship", self:ship_options(state, ctx.seat, ships, src), p.color).ship
  local options = {}
  for k, planet in ipairs(list) do
    options[k] = option("planet:" .. planet,
      src.offering and tr("To {planet}", { planet = name_of(self, planet) }) or "",
      { planet = planet })
  end
  local to = src:choose("planet", options, p.color).planet
  local x = p.ships[ship + 1]
  x.planet = to
  if not a.keep_step then
    x.step = 0
  end
  self:advance_ship(state, ctx.seat, ship, 0) -- colonizes if already far enough
end

function R:can_set_face(state, ctx, a)
  return #self:ready_dice(state) >= a.dice
end

function R:do_set_face(state, ctx, a, src, planet)
  local color = state.players[ctx.seat].color
  local cands = self:dice_cands(state, self:ready_dice(state), src.offering)
  local dice = src:pick("dice", cands, a.dice, a.dice, color, function()
    return "dice must name " .. a.dice .. " unused dice for " .. planet .. "'s action"
  end)
  local to = src:items("to")
  if to:count() ~= -1 and to:count() ~= #dice then
    refuse("to must list one face for each of the " .. a.dice .. " dice")
  end
  for _, i in ipairs(dice) do
    local current = state.dice[i + 1].face
    local options = {}
    for _, face in ipairs(self.D.face_ids) do
      if face ~= current then
        options[#options + 1] = option("face:" .. face,
          tr("Set it to {face}", { face = self.D.face[face].name }),
          { to = face })
      end
    end
    state.dice[i + 1].face = to:choose("to", options, color).to
  end
  to:done(planet .. "'s action")
end

return R
