-- Tiny Epic Mechs' bots: how much a bot likes each option of a decision, read from its own
-- colour's view (the core's `view`) and the card data alone. Pure. Both levels like the
-- same things (docs/bots.md); glue.bots picks. The Python twin is
-- generator/games/tem/rules/bots.py (`level_value`); every value is a whole number.

local json = require("lib.json")
local tr = require("lib.tr")

local NULL = json.null

local DELTA = { N = { -1, 0 }, E = { 0, 1 }, S = { 1, 0 }, W = { 0, -1 },
  NE = { -1, 1 }, SE = { 1, 1 }, SW = { 1, -1 }, NW = { -1, -1 } }
local ORTHO = { "N", "E", "S", "W" }
local DIAGONALS = { "NE", "SE", "SW", "NW" }
local EQUIPS = { equip_start = true, equip_end = true, equip_status = true }
local CELLS = { retreat = true, ko_zone = true, move_mine = true, move_turret = true }

local function set(list)
  local out = {}
  for _, x in ipairs(list) do
    out[x] = true
  end
  return out
end

local function by_id(lists)
  local out = {}
  for _, list in ipairs(lists) do
    for _, c in ipairs(list) do
      out[c.id] = c
    end
  end
  return out
end

local function me(v, color)
  for _, q in ipairs(v.players) do
    if q.color == color then
      return q
    end
  end
end

local function rc(cell)
  local r, c = cell:match("^r(%d+)c(%d+)$")
  return tonumber(r), tonumber(c)
end

-- Where a move from `cell` ends (where it began when a wall stops it).
local function landing(v, cell, arrow, d)
  local r, c = rc(cell)
  local dr, dc = DELTA[d][1], DELTA[d][2]
  local first = "r" .. (r + dr) .. "c" .. (c + dc)
  if arrow ~= "double" then
    return v.cells[first] and first or cell
  end
  local second = "r" .. (r + 2 * dr) .. "c" .. (c + 2 * dc)
  if v.cells[second] then
    return second
  end
  return v.cells[first] and first or cell
end

local function price(w)
  return (w.cost.energy or 0) + (w.cost.credits or 0)
end

local function owns(p, w)
  for _, x in ipairs(p.owned) do
    if x == w then
      return true
    end
  end
  return false
end

return function(raw)
  local K = { g = raw.game, zones = by_id({ raw.zones }), base_value = {},
    mech_value = raw.mech_zone.value, programs = by_id({ raw.programs }),
    weapons = by_id({ raw.basic, raw.advanced }), pilots = by_id({ raw.pilots }),
    scoring = set(raw.game.scoring_rounds) }
  for _, b in ipairs(raw.bases) do
    K.base_value[b.id] = b.value
  end

  local function zone_value(v, cell)
    local c = v.cells[cell]
    if c.kind == "R" then
      return K.zones[c.zone].value
    elseif c.kind == "M" then
      return K.mech_value
    end
    return K.base_value[c.zone]
  end

  local function health_max(p)
    if p.status == "pilot" then
      return K.pilots[p.pilot].health
    end
    return K.g.statuses[p.status].health
  end

  -- The lowest price of a weapon the player could buy (99: none).
  local function cheapest(v, p)
    local best = 99
    for _, w in ipairs(v.row) do
      best = math.min(best, price(K.weapons[w]))
    end
    for w, n in next, v.piles do -- a minimum: the order does not matter
      if n > 0 and not owns(p, w) then
        best = math.min(best, price(K.weapons[w]))
      end
    end
    return best
  end

  -- Where the player stands when the card now chosen moves, and its slot (0-3).
  local function where(v, d, path)
    local p = me(v, d.player)
    local at = p.zone
    if d.name == "ad_hoc_card" or d.name == "ad_hoc_direction" then
      return at, v.turn - 1
    end
    local n = #path - #path % 2
    for i = 1, n, 2 do
      at = landing(v, at, K.programs[path[i]].arrow, path[i + 1])
    end
    return at, n / 2
  end

  local function move_value(v, p, card, at, d, slot)
    local prog = K.programs[card]
    local to = landing(v, at, prog.arrow, d)
    local cell = v.cells[to]
    local value = zone_value(v, to)
    local ability = "none"
    if p.pilot ~= NULL and p.pilot ~= nil then
      ability = K.pilots[p.pilot].ability.kind
    end
    local score = 5 * value
    if slot == K.g.program_cards - 1 and K.scoring[v.round] then
      score = score + 30 * value -- where the round ends is what scores
    end
    local mine = cell.mine
    if mine ~= NULL and mine.owner ~= p.color and ability ~= "mine_immune" then
      score = score - 10 * (value + 2)
    end
    if cell.turret ~= NULL and cell.turret ~= p.color and ability ~= "turret_immune" then
      score = score - 10 * value
    end
    if to ~= at then
      for _, q in ipairs(v.players) do
        if q.zone == to and q.color ~= p.color then
          local power = 0
          for _, w in ipairs(p.equipped) do
            power = power + K.weapons[w].damage
          end
          -- a fight: the card's action is skipped
          return score + ((power >= 4 and p.health >= 4) and 20 or -30)
        end
      end
    end
    local action = prog.action
    local mech = v.mech
    local free = mine == NULL and cell.turret == NULL
      and not (cell.kind == "M" and mech.controller ~= p.color and mech.zone == to)
    if action == "collect" then
      local held = 0
      for _, c in next, v.cells do -- a count: the order does not matter
        if (c.mine ~= NULL and c.mine.owner == p.color) or c.turret == p.color then
          held = held + 1
        end
      end
      score = score + 10 + 10 * held
    elseif action == "mine" then
      if free and #p.mines > 0 and p.credits >= value then
        score = score + 10 * value + 5
      end
    elseif action == "turret" then
      if free and p.turrets > 0 and p[K.g.costs.turret.resource] >= value then
        score = score + 20 * value + 10
      end
    elseif action == "buy" then
      if p.energy + p.credits >= cheapest(v, p) then
        score = score + 25
      end
    elseif action == "power_up" then
      local up = K.g.costs.upgrade
      if p.status == "pilot" and p[up.resource] >= up.pay then
        score = score + 40
      elseif p.status ~= "mech" and p.health < health_max(p) then
        score = score + 5 * (health_max(p) - p.health)
      end
    end
    if to == mech.zone and mech.controller == NULL and p.status == "armor"
      and p.health == health_max(p) then
      score = score + 40
    end
    return score
  end

  local function dirs(card)
    return K.programs[card].arrow == "diagonal" and DIAGONALS or ORTHO
  end

  local function label(d, id)
    for _, o in ipairs(d.options) do
      if o.id == id then
        return o.label
      end
    end
    return ""
  end

  local Bot = {}

  -- How much a bot likes option `id` of decision `d`, `path` its answers so far this action.
  function Bot.value(v, d, path, id)
    local name = d.name
    local p = me(v, d.player)
    if name == "program" or name == "ad_hoc_card" then
      local at, slot = where(v, d, path)
      local best
      for _, dir in ipairs(dirs(id)) do
        local x = move_value(v, p, id, at, dir, slot)
        if best == nil or x > best then
          best = x
        end
      end
      return best
    elseif name == "direction" or name == "ad_hoc_direction" then
      local at, slot = where(v, d, path)
      return move_value(v, p, path[#path], at, id, slot)
    elseif name == "attack" then
      local w = K.weapons[id]
      -- the label says a power attack in the table's language (tem.core.engine)
      local power = label(d, id):find(tr(" (power attack)"), 1, true) ~= nil
      return 10 * (power and w.power_damage or w.damage)
    elseif name == "buy" then
      local w = K.weapons[id]
      return math.floor(100 * (3 * w.vp + w.damage + w.power_damage) / (1 + price(w)))
    elseif name == "fight" then
      return -me(v, id).health
    elseif CELLS[name] then
      return (name:sub(1, 5) == "move_" and -1 or 1) * zone_value(v, id)
    elseif name == "base" then
      local r, c = rc(id)
      local sum = 0
      for _, dir in ipairs(ORTHO) do
        local near = "r" .. (r + DELTA[dir][1]) .. "c" .. (c + DELTA[dir][2])
        if v.cells[near] then
          sum = sum + zone_value(v, near)
        end
      end
      return sum
    elseif name == "pilot" then
      return K.pilots[id].health
    elseif name == "basic" then
      local w = K.weapons[id]
      return w.damage + w.power_damage
    elseif EQUIPS[name] then
      if id:sub(1, 6) == "equip:" then
        local w = K.weapons[id:sub(7)]
        return 10 + 10 * (w.damage + w.power_damage)
      end
      return id == "done" and 5 or -10
    elseif name == "power_up" then
      return id == "upgrade" and 100 or tonumber(id:match(":(%d+)$"))
    elseif name == "boost" or name == "mine_number" or name == "base_mine" then
      return tonumber(id)
    elseif name == "act" then
      return id == "skip" and -10 or 0
    elseif name == "mech" then
      return id == "take" and 50 or 0
    end
    return 0
  end

  return Bot
end
