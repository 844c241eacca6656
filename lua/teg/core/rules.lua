-- Tiny Epic Galaxies: what each die face and each planet action does.
--
-- For every face and every planet effect there are two functions side by side: one lists
-- the complete legal choices (`*_choices`), the other carries one out (`do_*`) on a state the
-- engine has copied. A planet's parameters are accepted only when they equal one of its
-- listed choices as canonical JSON, so the list and the action cannot disagree.
-- The effect names and their parameters come from the card data (teg.data).

local json = require("lib.json")
local S = require("teg.core.state")

local NULL = json.null
local obj = json.object
local refuse = S.refuse

local R = {}
R.__index = R

-- Effects that use another action: only straight from a die, and never reaching each other.
local NESTING = { use_planet = true, use_colony = true, extra_moves = true,
  free_action = true, repeat_die = true }

function R.new(D)
  return setmetatable({ D = D }, R)
end

-- helpers ------------------------------------------------------------------------------------

local function is_int(v)
  return type(v) == "number" and v == math.floor(v)
end

local function append(list, v)
  list[#list + 1] = v
end

local function extend(list, more)
  for _, v in ipairs(more) do
    list[#list + 1] = v
  end
end

local function contains(list, v)
  for _, x in ipairs(list) do
    if x == v then
      return true
    end
  end
  return false
end

local function shallow(t)
  local out = {}
  for k, v in next, t do -- every key, order irrelevant
    out[k] = v
  end
  return setmetatable(out, getmetatable(t))
end
R.shallow = shallow

-- Only the keys in `required` (all of them) and `optional` may appear.
local function exact_keys(t, required, optional, what)
  if not json.is_object(t) then
    refuse(what .. " must be an object")
  end
  for _, k in ipairs(required) do
    if t[k] == nil then
      refuse(what .. " needs '" .. k .. "'")
    end
  end
  for k in next, t do -- checks every key; the order does not matter
    if not contains(required, k) and not contains(optional, k) then
      refuse(what .. " has an unknown key '" .. tostring(k) .. "'")
    end
  end
  return t
end
R.exact_keys = exact_keys

-- The user's choice with every roll outcome set to null (what legal lists contain).
function R.decision(v)
  if type(v) ~= "table" or v == NULL or json.is_float(v) then
    return v
  end
  local out = {}
  for k, x in pairs(v) do
    out[k] = R.decision(x)
  end
  if out.faces ~= nil and (out.dice ~= nil or out.type == "roll") then
    out.faces = NULL
  end
  return setmetatable(out, getmetatable(v))
end

-- True when two values are the same JSON: what comparing their canonical texts would say,
-- without writing them (json.null is null; a non-integer number equals nothing we list;
-- {} and [] differ).
function R.same(a, b)
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
    if not R.same(v, b[k]) then
      return false
    end
    n = n + 1
  end
  for _ in next, b do
    n = n - 1
  end
  return n == 0
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
    refuse(p.color .. " cannot pay for " .. what)
  end
  for _, r in ipairs(self.D.resources) do
    if cost[r] then
      p[r] = p[r] - cost[r]
    end
  end
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

-- Dice of `pool` grouped by face (groups in order of their first die).
function R:face_groups(state, pool)
  local groups, by_face = {}, {}
  for _, i in ipairs(pool) do
    local face = state.dice[i + 1].face
    if not by_face[face] then
      by_face[face] = {}
      groups[#groups + 1] = by_face[face]
    end
    append(by_face[face], i)
  end
  return groups
end

-- Every distinct pick of dice from `pool` (the lowest-numbered dice of each face first),
-- of `size` dice or, when size is nil, of any size from 1.
function R:picks(state, pool, size)
  local groups = self:face_groups(state, pool)
  local out = {}
  local counts = {}
  local function go(g, total)
    if size ~= nil and total > size then
      return
    end
    if g > #groups then
      if total > 0 and (size == nil or total == size) then
        local pick = {}
        for k, group in ipairs(groups) do
          for n = 1, counts[k] do
            pick[#pick + 1] = group[n]
          end
        end
        table.sort(pick)
        out[#out + 1] = pick
      end
      return
    end
    for n = 0, #groups[g] do
      counts[g] = n
      go(g + 1, total + n)
    end
  end
  go(1, 0)
  return out
end

function R:is_pick(state, chosen, pool)
  for _, i in ipairs(chosen) do
    if not contains(pool, i) then
      return false
    end
  end
  for _, group in ipairs(self:face_groups(state, pool)) do
    local k = 0
    for _, i in ipairs(group) do
      if contains(chosen, i) then
        k = k + 1
        if group[k] ~= i then
          return false
        end
      end
    end
  end
  return true
end

function R:require_pick(state, chosen, pool)
  if not self:is_pick(state, chosen, pool) then
    refuse("dice showing the same face are picked lowest-numbered first")
  end
end

-- A list of dice numbers, each once, increasing.
function R.index_list(v, what)
  if not json.is_array(v) or #v == 0 then
    refuse(what .. " must be a non-empty list")
  end
  for i, x in ipairs(v) do
    if not is_int(x) then
      refuse(what .. " must hold integers")
    end
    if i > 1 and x <= v[i - 1] then
      refuse(what .. " must list each die once, in increasing order")
    end
  end
  return v
end

function R:check_faces(faces, n)
  if not json.is_array(faces) or #faces ~= n then
    refuse("faces must list " .. tostring(n) .. " die face(s)")
  end
  for _, f in ipairs(faces) do
    if type(f) ~= "string" or not self.D.face[f] then
      refuse("not a die face")
    end
  end
end

function R:reroll(state, dice, faces)
  R.index_list(dice, "dice")
  local ready = self:ready_dice(state)
  for _, i in ipairs(dice) do
    if not contains(ready, i) then
      refuse("only unused dice can be rerolled")
    end
  end
  self:require_pick(state, dice, ready)
  self:check_faces(faces, #dice)
  for k, i in ipairs(dice) do
    state.dice[i + 1].face = faces[k]
  end
end

-- ships and planets -----------------------------------------------------------------------

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
        state.row[i] = table.remove(state.deck, 1)
      else
        table.remove(state.row, i)
      end
      return
    end
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
  append(state.players[seat].colonies, planet)
  self:refill(state, planet)
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

function R:upgrade(p)
  p.empire = p.empire + 1
  for k = 1, self.D.levels[p.empire].ships do
    if p.ships[k].at == "locked" then
      p.ships[k] = { at = "home" }
    end
  end
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

local function place(state, seat, move)
  local ships = state.players[seat].ships
  if move.to == "home" then
    ships[move.ship + 1] = { at = "home" }
  elseif move.mode == "orbit" then
    ships[move.ship + 1] = { at = "orbit", planet = move.to, step = 0 }
  else
    ships[move.ship + 1] = { at = "surface", planet = move.to }
  end
end

-- A view of the state after a move: only the mover's ships are new tables.
local function after_move(state, seat, move)
  local view = shallow(state)
  view.players = shallow(state.players)
  local p = shallow(state.players[seat])
  p.ships = shallow(p.ships)
  view.players[seat] = p
  place(view, seat, move)
  return view
end

-- who may use what ------------------------------------------------------------------------
-- ctx = {seat =, depth = 1 (from a die) or 2 (inside another action), following =, source =}

local function at_source(ctx, source)
  return { seat = ctx.seat, depth = ctx.depth, following = ctx.following, source = source }
end

local function deeper(ctx)
  return { seat = ctx.seat, depth = 2, following = ctx.following, source = ctx.source }
end

local function has_limit(ability, limit)
  return ability.limits ~= nil and contains(ability.limits, limit)
end

-- Why ctx cannot use the planet's action now, or nil when it can.
function R:refusal(state, ctx, planet)
  local a = self.D.planet[planet].ability
  local p = state.players[ctx.seat]
  if ctx.depth >= 2 and NESTING[a.effect] then
    return planet .. "'s action cannot be reached through another planet's action"
  end
  if has_limit(a, "own_turn_only") and (ctx.following or ctx.seat ~= S.active_seat(state)) then
    return planet .. "'s action works only on its user's own turn"
  end
  if has_limit(a, "once_per_turn") and contains(p.once_used, planet) then
    return p.color .. " already used " .. planet .. "'s action this turn"
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

-- A view of the state in which some players' resources (and, with dice, the dice) may change:
-- only those tables are copied. Option lists read states and never change them, and the
-- few that play a step forward copy first, so a view is enough to list the choices on.
local function view_for(state, seats, dice)
  local view = shallow(state)
  view.players = shallow(state.players)
  for _, seat in ipairs(seats) do
    view.players[seat] = shallow(state.players[seat])
  end
  if dice then
    view.dice = {}
    for i, d in ipairs(state.dice) do
      view.dice[i] = { face = d.face, state = d.state }
    end
  end
  return view
end
R.view_for = view_for

local function pay_cost(self, state, seat, a, discard)
  self:pay(state.players[seat], a.cost or {}, "the action")
  for _, i in ipairs(discard or {}) do
    state.dice[i + 1].state = "spent"
  end
end

-- Every legal parameter object for ctx using the planet's action.
function R:ability_choices(state, ctx, planet, checked)
  if not checked and self:refusal(state, ctx, planet) then
    return {}
  end
  local a = self.D.planet[planet].ability
  local inner = at_source(ctx, planet)
  local discards = { false }
  if a.cost and a.cost.dice then
    discards = self:picks(state, self:ready_dice(state), a.cost.dice)
  end
  local out = {}
  for _, discard in ipairs(discards) do
    local paid = state
    if a.cost then
      paid = view_for(state, { ctx.seat }, discard)
      pay_cost(self, paid, ctx.seat, a, discard or nil)
    end
    for _, params in ipairs(self["choose_" .. a.effect](self, paid, inner, a)) do
      if discard then
        params.discard = discard
      end
      out[#out + 1] = params
    end
  end
  return out
end

function R:use_ability(state, ctx, planet, params)
  local why = self:refusal(state, ctx, planet)
  if why then
    refuse(why)
  end
  local wanted = R.decision(params)
  local found = false
  for _, choice in ipairs(self:ability_choices(state, ctx, planet, true)) do
    if R.same(choice, wanted) then
      found = true
      break
    end
  end
  if not found then
    refuse("not a legal choice for " .. planet .. "'s action")
  end
  local a = self.D.planet[planet].ability
  pay_cost(self, state, ctx.seat, a, params.discard)
  if has_limit(a, "once_per_turn") then
    local used = state.players[ctx.seat].once_used
    append(used, planet)
    table.sort(used)
  end
  self["do_" .. a.effect](self, state, at_source(ctx, planet), a, params)
end

-- face uses -------------------------------------------------------------------------------

local function move_targets(self, state, seat)
  local out = {}
  local ships = state.players[seat].ships
  local orbits = {}
  for _, ship in ipairs(ships) do
    if ship.at == "orbit" then
      orbits[ship.planet] = true
    end
  end
  for i, ship in ipairs(ships) do
    if ship.at ~= "locked" then
      if ship.at ~= "home" then
        append(out, { ship = i - 1, to = "home" })
      end
      for _, planet in ipairs(state.row) do
        if ship.planet ~= planet then
          append(out, { ship = i - 1, to = planet, mode = "land" })
          if not orbits[planet] then
            append(out, { ship = i - 1, to = planet, mode = "orbit" })
          end
        end
      end
    end
  end
  return out
end

function R:move_choices(state, ctx)
  local out = {}
  local usable = {}
  if ctx.depth == 1 then
    for _, planet in ipairs(state.row) do
      usable[planet] = self:refusal(state, ctx, planet) == nil
    end
  end
  for _, move in ipairs(move_targets(self, state, ctx.seat)) do
    append(out, move)
    if move.mode == "land" and usable[move.to] then
      local view = after_move(state, ctx.seat, move)
      for _, params in ipairs(self:ability_choices(view, ctx, move.to, true)) do
        append(out, { ship = move.ship, to = move.to, mode = "land", ability = params })
      end
    end
  end
  return out
end

function R:choices(state, ctx, face)
  local f = self.D.face[face]
  if f.action == "move" then
    return self:move_choices(state, ctx)
  elseif f.action == "acquire" then
    return { obj({}) }
  elseif f.action == "advance" then
    local out = {}
    for _, i in ipairs(self:orbiting(state, ctx.seat, f.track)) do
      append(out, { planet = state.players[ctx.seat].ships[i + 1].planet })
    end
    return out
  end
  local out = {}
  local p = state.players[ctx.seat]
  local cost = self:next_cost(p)
  if cost then
    for _, r in ipairs(self.D.resources) do
      if p[r] >= cost then
        append(out, { colony = "empire", pay = r })
      end
    end
  end
  for _, colony in ipairs(p.colonies) do
    for _, params in ipairs(self:ability_choices(state, ctx, colony)) do
      append(out, { colony = colony, ability = params })
    end
  end
  return out
end

-- True when ctx has at least one legal use of the face. Moves and advances answer without
-- listing every choice (a plain move is always one; Nagato-style lists can be long).
function R:has_choice(state, ctx, face)
  local f = self.D.face[face]
  if f.action == "acquire" then
    return true
  elseif f.action == "move" then
    return #move_targets(self, state, ctx.seat) > 0
  elseif f.action == "advance" then
    return #self:orbiting(state, ctx.seat, f.track) > 0
  end
  return #self:choices(state, ctx, face) > 0
end

function R:do_move(state, ctx, use)
  exact_keys(use, { "ship", "to" }, { "mode", "ability" }, "a move")
  local p = state.players[ctx.seat]
  if not is_int(use.ship) then
    refuse("ship must be an integer")
  end
  local ship = p.ships[use.ship + 1]
  if ship == nil or use.ship < 0 then
    refuse(p.color .. " has no such ship")
  end
  if ship.at == "locked" then
    refuse("that ship is still locked on the ship track")
  end
  if use.to == "home" then
    if use.mode ~= nil or use.ability ~= nil then
      refuse("a move home takes no mode and no ability")
    end
    if ship.at == "home" then
      refuse("that ship is already home")
    end
    place(state, ctx.seat, use)
    return
  end
  if type(use.to) ~= "string" or not contains(state.row, use.to) then
    refuse("the destination is not a face-up planet")
  end
  if ship.planet == use.to then
    refuse("a move must change planet")
  end
  if use.mode ~= "land" and use.mode ~= "orbit" then
    refuse("a move to a planet needs mode 'land' or 'orbit'")
  end
  if use.mode == "orbit" then
    for _, other in ipairs(p.ships) do
      if other.at == "orbit" and other.planet == use.to then
        refuse(p.color .. " already orbits " .. use.to)
      end
    end
  end
  place(state, ctx.seat, use)
  if use.ability ~= nil then
    if use.mode ~= "land" then
      refuse("only a ship that lands may use the planet's action")
    end
    if ctx.depth ~= 1 then
      refuse("a move made inside a planet's action cannot use another")
    end
    self:use_ability(state, ctx, use.to, use.ability)
  end
end

function R:use_face(state, ctx, face, use)
  local f = self.D.face[face]
  if f.action == "move" then
    self:do_move(state, ctx, use)
  elseif f.action == "acquire" then
    exact_keys(use, {}, {}, face)
    local p = state.players[ctx.seat]
    self:gain(p, f.resource, self:acquired(p, f.resource))
  elseif f.action == "advance" then
    exact_keys(use, { "planet" }, {}, "a " .. face .. " use")
    for _, i in ipairs(self:orbiting(state, ctx.seat, f.track)) do
      if state.players[ctx.seat].ships[i + 1].planet == use.planet then
        self:advance_ship(state, ctx.seat, i, 1)
        return
      end
    end
    refuse("no ship of yours orbits that planet on a " .. f.track .. " track")
  elseif json.is_object(use) and use.colony == "empire" then
    exact_keys(use, { "colony", "pay" }, {}, "an empire upgrade")
    local p = state.players[ctx.seat]
    local cost = self:next_cost(p)
    if not cost then
      refuse("the empire is already at the top level")
    end
    if type(use.pay) ~= "string" or not contains(self.D.resources, use.pay) then
      refuse("pay must be one resource")
    end
    self:pay(p, { [use.pay] = cost }, "the empire upgrade")
    self:upgrade(p)
  else
    exact_keys(use, { "colony", "ability" }, {}, "a utilize use")
    if not contains(state.players[ctx.seat].colonies, use.colony) then
      refuse("that is not one of your colonies")
    end
    self:use_ability(state, ctx, use.colony, use.ability)
  end
end

-- planet effects -----------------------------------------------------------------------------
-- choose_<effect>(state, ctx, ability) -> list of parameter objects
-- do_<effect>(state, ctx, ability, params) carries out a listed one

function R:choose_gain() return { obj({}) } end

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

function R:choose_advance(state, ctx, a)
  local out = {}
  if not a.others_steps then
    for _, i in ipairs(self:orbiting(state, ctx.seat, a.track)) do
      append(out, { ship = i })
    end
    return out
  end
  -- Rivals advance one after another (any may colonize), then the user: each rival's
  -- options are read from the state the previous ones left.
  local rivals = S.rivals(state, ctx.seat)
  local function go(st, k, chosen)
    if k > #rivals then
      local mine = self:orbiting(st, ctx.seat, a.track)
      if #mine == 0 then
        append(out, { others = obj(shallow(chosen)), ship = NULL })
      end
      for _, i in ipairs(mine) do
        append(out, { others = obj(shallow(chosen)), ship = i })
      end
      return
    end
    local seat = rivals[k]
    local ships = self:orbiting(st, seat, a.track)
    if #ships == 0 then
      go(st, k + 1, chosen)
    end
    for _, j in ipairs(ships) do
      local ship = st.players[seat].ships[j + 1]
      local nxt = st
      if ship.step + a.others_steps >= self.D.planet[ship.planet].steps then
        -- Only a colony changes who orbits what; a plain step changes no later choice.
        nxt = S.clone(st)
        self:advance_ship(nxt, seat, j, a.others_steps)
      end
      local more = shallow(chosen)
      more[st.players[seat].color] = j
      go(nxt, k + 1, more)
    end
  end
  go(state, 1, {})
  return out
end

function R:do_advance(state, ctx, a, params)
  if a.others_steps then
    for _, seat in ipairs(S.rivals(state, ctx.seat)) do
      local j = params.others[state.players[seat].color]
      if j ~= nil then
        self:advance_ship(state, seat, j, a.others_steps)
      end
    end
  end
  if params.ship ~= NULL then
    self:advance_ship(state, ctx.seat, params.ship, a.steps)
  end
end

function R:choose_regress(state, ctx, a)
  local targets = {}
  for _, seat in ipairs(S.rivals(state, ctx.seat)) do
    for _, i in ipairs(self:orbiting(state, seat, a.track)) do
      if state.players[seat].ships[i + 1].step >= 1 then
        append(targets, { state.players[seat].color, i })
      end
    end
  end
  local n = math.min(a.ships, #targets)
  local out = {}
  local function go(from, chosen)
    if #chosen == n then
      local pick = {}
      for _, t in ipairs(chosen) do
        append(pick, { t[1], t[2] })
      end
      append(out, { targets = pick })
      return
    end
    for k = from, #targets do
      local more = shallow(chosen)
      append(more, targets[k])
      go(k + 1, more)
    end
  end
  if n > 0 then
    go(1, {})
  end
  return out
end

function R:do_regress(state, ctx, a, params)
  for _, t in ipairs(params.targets) do
    local ship = state.players[S.seat_of(state, t[1])].ships[t[2] + 1]
    ship.step = math.max(0, ship.step - a.steps)
  end
end

function R:choose_shift(state, ctx, a)
  local out = {}
  local mine = self:orbiting(state, ctx.seat, "any")
  for _, back in ipairs(mine) do
    if state.players[ctx.seat].ships[back + 1].step >= a.back then
      for _, forward in ipairs(mine) do
        if forward ~= back then
          append(out, { back = back, forward = forward })
        end
      end
    end
  end
  return out
end

function R:do_shift(state, ctx, a, params)
  local ship = state.players[ctx.seat].ships[params.back + 1]
  ship.step = ship.step - a.back
  self:advance_ship(state, ctx.seat, params.forward, a.forward)
end

function R:choose_follow_bonus() return { obj({}) } end

function R:do_follow_bonus(state, ctx, a)
  for _, r in ipairs(self.D.resources) do
    state.turn.follow_bonus[r] = state.turn.follow_bonus[r] + (a.gain[r] or 0)
  end
end

function R:choose_follow_tax() return { obj({}) } end

function R:do_follow_tax(state, ctx, a)
  state.turn.follow_cost = S.amounts(self.D, a.follow_cost)
end

function R:choose_discard_planet(state)
  local out = {}
  for _, planet in ipairs(state.row) do
    if not self:occupied(state, planet) then
      append(out, { planet = planet })
    end
  end
  return out
end

function R:do_discard_planet(state, ctx, a, params)
  self:refill(state, params.planet)
  append(state.discard, params.planet)
end

function R:choose_upgrade(state, ctx, a)
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
        append(out, { pay = r })
      end
    end
    return out
  end
  local first, second = self.D.resources[1], self.D.resources[2]
  for n = 0, cost do
    if p[first] >= n and p[second] >= cost - n then
      append(out, { pay = obj({ [first] = n, [second] = cost - n }) })
    end
  end
  return out
end

function R:do_upgrade(state, ctx, a, params)
  local p = state.players[ctx.seat]
  local pay = params.pay
  if type(pay) == "string" then
    pay = { [pay] = math.max(0, self:next_cost(p) - (a.discount or 0)) }
  end
  self:pay(p, pay, "the upgrade")
  self:upgrade(p)
end

function R:choose_reroll(state)
  local out = {}
  for _, pick in ipairs(self:picks(state, self:ready_dice(state), nil)) do
    append(out, { dice = pick, faces = NULL })
  end
  return out
end

function R:do_reroll(state, ctx, a, params)
  self:reroll(state, params.dice, params.faces)
end

function R:choose_steal(state, ctx, a)
  local out = {}
  for _, seat in ipairs(S.rivals(state, ctx.seat)) do
    local rival = state.players[seat]
    local has = false
    for _, r in ipairs(self.D.resources) do
      has = has or (a.take[r] ~= nil and rival[r] >= 1)
    end
    if has then
      append(out, { player = rival.color })
    end
  end
  return out
end

function R:do_steal(state, ctx, a, params)
  local rival = state.players[S.seat_of(state, params.player)]
  for _, r in ipairs(self.D.resources) do
    if a.take[r] then
      local n = math.min(a.take[r], rival[r])
      rival[r] = rival[r] - n
      self:gain(state.players[ctx.seat], r, n)
    end
  end
end

function R:choose_trade(state, ctx, a)
  local out = {}
  for n = 1, state.players[ctx.seat][a.from] do
    append(out, { amount = n })
  end
  return out
end

function R:do_trade(state, ctx, a, params)
  local p = state.players[ctx.seat]
  p[a.from] = p[a.from] - params.amount
  self:gain(p, a.to, params.amount)
end

function R:choose_extra_moves(state, ctx, a)
  local out = {}
  local function go(st, done)
    for _, move in ipairs(move_targets(self, st, ctx.seat)) do
      local again = false
      for _, m in ipairs(done) do
        again = again or (m.ship == move.ship)
      end
      if not (a.distinct_ships and again) then
        local moves = shallow(done)
        append(moves, move)
        append(out, { moves = moves })
        if #moves < a.moves then
          go(after_move(st, ctx.seat, move), moves)
        end
      end
    end
  end
  go(state, {})
  return out
end

function R:do_extra_moves(state, ctx, a, params)
  for _, move in ipairs(params.moves) do
    place(state, ctx.seat, move)
  end
end

function R:choose_use_planet(state, ctx)
  local out = {}
  local inner = deeper(ctx)
  for _, planet in ipairs(state.row) do
    if planet ~= ctx.source then
      for _, params in ipairs(self:ability_choices(state, inner, planet)) do
        append(out, { planet = planet, ability = params })
      end
    end
  end
  return out
end

function R:do_use_planet(state, ctx, a, params)
  self:use_ability(state, deeper(ctx), params.planet, params.ability)
end

local function pay_owner(self, state, seat, owner, a)
  self:pay(state.players[seat], a.pay_owner, "the colony's owner")
  for _, r in ipairs(self.D.resources) do
    if a.pay_owner[r] then
      self:gain(state.players[owner], r, a.pay_owner[r])
    end
  end
end

function R:choose_use_colony(state, ctx, a)
  local out = {}
  if not self:can_pay(state.players[ctx.seat], a.pay_owner) then
    return out
  end
  local inner = deeper(ctx)
  for _, seat in ipairs(S.rivals(state, ctx.seat)) do
    local paid = view_for(state, { ctx.seat, seat }, false)
    pay_owner(self, paid, ctx.seat, seat, a)
    local owner = state.players[seat]
    for _, colony in ipairs(owner.colonies) do
      for _, params in ipairs(self:ability_choices(paid, inner, colony)) do
        append(out, { player = owner.color, colony = colony, ability = params })
      end
    end
  end
  return out
end

function R:do_use_colony(state, ctx, a, params)
  pay_owner(self, state, ctx.seat, S.seat_of(state, params.player), a)
  self:use_ability(state, deeper(ctx), params.colony, params.ability)
end

function R:choose_free_action(state, ctx)
  local out = {}
  local inner = deeper(ctx)
  for _, face in ipairs(self.D.face_ids) do
    for _, use in ipairs(self:choices(state, inner, face)) do
      append(out, { face = face, use = use })
    end
  end
  return out
end

function R:do_free_action(state, ctx, a, params)
  self:use_face(state, deeper(ctx), params.face, params.use)
  if not ctx.following and ctx.seat == S.active_seat(state) then
    -- Rivals may follow it like a die; a follower's use opens nothing (windows never nest).
    local waiting = {}
    for _, seat in ipairs(S.rivals(state, ctx.seat)) do
      append(waiting, state.players[seat].color)
    end
    append(state.follow, { face = params.face, cost = S.amounts(self.D, a.follow_cost),
      waiting = waiting })
  end
end

function R:choose_repeat_die(state, ctx)
  local out = {}
  if ctx.following or ctx.seat ~= S.active_seat(state) then
    return out
  end
  local used = {}
  for i, d in ipairs(state.dice) do
    if d.state == "used" then
      append(used, i - 1)
    end
  end
  local inner = deeper(ctx)
  for _, group in ipairs(self:face_groups(state, used)) do
    for _, use in ipairs(self:choices(state, inner, state.dice[group[1] + 1].face)) do
      append(out, { die = group[1], use = use })
    end
  end
  return out
end

function R:do_repeat_die(state, ctx, a, params)
  self:use_face(state, deeper(ctx), state.dice[params.die + 1].face, params.use)
end

function R:choose_recall(state, ctx, a)
  local out = {}
  for _, i in ipairs(self:orbiting(state, ctx.seat, "any")) do
    for _, r in ipairs(a.choice) do
      append(out, { ship = i, resource = r })
    end
  end
  return out
end

function R:do_recall(state, ctx, a, params)
  local p = state.players[ctx.seat]
  local step = p.ships[params.ship + 1].step
  p.ships[params.ship + 1] = { at = "home" }
  self:gain(p, params.resource, step * a.gain_per_step)
end

function R:choose_relocate(state, ctx)
  local out = {}
  local orbits = {}
  for _, ship in ipairs(state.players[ctx.seat].ships) do
    if ship.at == "orbit" then
      orbits[ship.planet] = true
    end
  end
  for _, i in ipairs(self:orbiting(state, ctx.seat, "any")) do
    for _, planet in ipairs(state.row) do
      if not orbits[planet] then
        append(out, { ship = i, planet = planet })
      end
    end
  end
  return out
end

function R:do_relocate(state, ctx, a, params)
  local ship = state.players[ctx.seat].ships[params.ship + 1]
  ship.planet = params.planet
  if not a.keep_step then
    ship.step = 0
  end
  self:advance_ship(state, ctx.seat, params.ship, 0)
end

function R:choose_set_face(state, ctx, a)
  local out = {}
  for _, pick in ipairs(self:picks(state, self:ready_dice(state), a.dice)) do
    local function go(k, faces)
      if k > #pick then
        append(out, { dice = pick, to = shallow(faces) })
        return
      end
      for _, face in ipairs(self.D.face_ids) do
        if face ~= state.dice[pick[k] + 1].face then
          local more = shallow(faces)
          append(more, face)
          go(k + 1, more)
        end
      end
    end
    go(1, {})
  end
  return out
end

function R:do_set_face(state, ctx, a, params)
  for k, i in ipairs(params.dice) do
    state.dice[i + 1].face = params.to[k]
  end
end

return R
