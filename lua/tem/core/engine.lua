-- Tiny Epic Mechs rules engine: new game, choices one decision at a time, apply, view.
--
-- Written from the rules contract (docs/tem-rules-decisions.md for what it leaves open), on
-- its own: the Python engine is checked against this one, not copied into it. Pure: no TTS
-- calls, no globals, no randomness. apply(state, action) returns a new state, or nil and the
-- reason; the state passed in is never changed.
--
-- One resolution runs every action and asks its decisions through `ask`. A source answers:
-- a path of option ids (choices: stops at the first unanswered decision), a complete action's
-- answers (apply: running out or a bad answer refuses), or nothing more: the stepwise base
-- every core shares (lib.steps) gives apply, choices, advance and trace from it.
--
--   local game = require("tem.core.engine").new(require("tem.data"))

local json = require("lib.json")
local Count = require("lib.count")
local Steps = require("lib.steps")
local tr = require("lib.tr")

local NULL = json.null
local obj = json.object
local before = json.before

local ORTHO = { "N", "E", "S", "W" }
local DIAG = { "NE", "SE", "SW", "NW" }
local DELTA = { N = { -1, 0 }, E = { 0, 1 }, S = { 1, 0 }, W = { 0, -1 },
  NE = { -1, 1 }, SE = { 1, 1 }, SW = { 1, -1 }, NW = { -1, -1 } }
local SIMULTANEOUS = { pilot = true, base_mine = true, basic = true, program = true }
-- What each program card action is called in its decision's option.
local ACT_LABELS = { collect = tr("Collect"), mine = tr("Deploy a mine"),
  turret = tr("Deploy a turret"), buy = tr("Buy a weapon"), power_up = tr("Heal or upgrade") }

local unpack = table.unpack or unpack

-- A state copied for a resolution to change, field by field (a generic deep copy took three
-- quarters of a click's instructions at the table). Tables the rules never change in place
-- are shared: a program step, a mine on a cell, the dealt pilots, the ranking (each is
-- replaced whole when it changes), and the cells: set_cell copies the map and the cell it
-- changes (the look-ahead copies a state for every option a menu shows, and few options
-- change a cell: copying the cells was two fifths of a copy). The cross-check compares every state with the Python
-- engine's, so a field this missed would show there.

local function clone(s)
  local players = {}
  for i, p in ipairs(s.players) do
    players[i] = {
      color = p.color, base = p.base, pilot = p.pilot, dealt = p.dealt, status = p.status,
      health = p.health, energy = p.energy, credits = p.credits, vp = p.vp, zone = p.zone,
      ad_hoc = p.ad_hoc, ad_hoc_fresh = p.ad_hoc_fresh, mines = { unpack(p.mines) },
      turrets = p.turrets, owned = { unpack(p.owned) }, equipped = { unpack(p.equipped) },
      bought = { unpack(p.bought) }, program = { unpack(p.program) },
      played = { unpack(p.played) }, programmed = p.programmed, chosen = p.chosen,
      vp_by = { combat = p.vp_by.combat, ko = p.vp_by.ko, mech = p.vp_by.mech,
        rounds = json.array({ unpack(p.vp_by.rounds) }), weapons = p.vp_by.weapons },
    }
  end
  local piles = {}
  for w, n in next, s.piles do
    piles[w] = n
  end
  local mech = s.mech
  return {
    game = s.game, phase = s.phase, round = s.round, turn = s.turn, start = s.start,
    active = s.active, players = players, cells = s.cells,
    mech = { zone = mech.zone, controller = mech.controller, side = mech.side },
    row = { unpack(s.row) }, deck = { unpack(s.deck) }, piles = piles, ranking = s.ranking,
    events = s.events, -- replaced whole by each resolution
  }
end

-- Cell `id`'s `field` set to `value` in state `s`, which may share its cells with the
-- state it was copied from: the map and the cell are copied, never changed in place.
local function set_cell(s, id, field, value)
  local cells = {}
  for k, c in next, s.cells do -- every cell, order irrelevant
    cells[k] = c
  end
  local c = cells[id]
  c = { kind = c.kind, zone = c.zone, mine = c.mine, turret = c.turret }
  c[field] = value
  cells[id] = c
  s.cells = cells
end

local function sorted(list)
  table.sort(list, before)
  return list
end

local function contains(list, x)
  for i = 1, #list do
    if list[i] == x then
      return true
    end
  end
  return false
end

local function remove_value(list, x)
  for i = 1, #list do
    if list[i] == x then
      table.remove(list, i)
      return
    end
  end
end

local Engine = {}

function Engine.new(D)
  local G = D.game
  -- An amount of a resource in a refusal: "2 credits", "1 credit", "5 energy".
  local function amount(n, res)
    return Count.of(G.units, n, res)
  end
  local E = {}
  local zones, bases, programs, weapons, pilots, sides = {}, {}, {}, {}, {}, {}
  for _, z in ipairs(D.zones) do zones[z.id] = z end
  for _, b in ipairs(D.bases) do bases[b.color] = b; bases[b.id] = b end
  for _, p in ipairs(D.programs) do programs[p.id] = p end
  for _, w in ipairs(D.basic) do weapons[w.id] = { w = w, class = "basic" } end
  for _, w in ipairs(D.advanced) do weapons[w.id] = { w = w, class = "advanced" } end
  for _, p in ipairs(D.pilots) do pilots[p.id] = p end
  for _, s in ipairs(D.sides) do sides[s.id] = s end

  local function cell_id(r, c)
    return "r" .. r .. "c" .. c
  end

  local function layout_rows(n)
    for _, l in ipairs(D.layouts) do
      if l.players == n then
        return l.rows
      end
    end
    return nil
  end

  -- Setup ---------------------------------------------------------------------------------

  function E.new_game(setup)
    if type(setup) ~= "table" or not json.is_object(setup) then
      return nil, "the setup must be an object"
    end
    local colors = setup.players
    if type(colors) ~= "table" or not json.is_array(colors) then
      return nil, "players must be a list of colours"
    end
    for _, c in ipairs(colors) do
      if type(c) ~= "string" then
        return nil, "players must be a list of colours"
      end
    end
    local n = #colors
    if n < G.players.min or n > G.players.max then
      return nil, n .. " players: the game takes " .. G.players.min .. "-" .. G.players.max
    end
    local seen = {}
    for _, c in ipairs(colors) do
      if seen[c] or not contains(G.seat_colors, c) then
        return nil, "players must be distinct seat colours of the game"
      end
      seen[c] = true
    end
    local rows = layout_rows(n)
    if rows == nil then
      return nil, "no arena layout for " .. n .. " players"
    end
    local arena = setup.arena
    if type(arena) ~= "table" or arena == NULL then
      return nil, "arena must map every resource cell of the layout to a zone"
    end
    local want, count = {}, 0
    for r, row in ipairs(rows) do
      for c = 1, #row do
        if row:sub(c, c) == "R" then
          want[cell_id(r, c)] = true
          count = count + 1
        end
      end
    end
    local have, used = 0, {}
    for k, z in next, arena do
      if not want[k] then
        return nil, "arena must map every resource cell of the layout to a zone"
      end
      have = have + 1
      if type(z) ~= "string" or zones[z] == nil or used[z] then
        return nil, "arena must place distinct resource zones"
      end
      used[z] = true
    end
    if have ~= count then
      return nil, "arena must map every resource cell of the layout to a zone"
    end
    local dealt = setup.pilots_dealt
    if type(dealt) ~= "table" or dealt == NULL then
      return nil, "pilots_dealt must give every player their pilots"
    end
    local keys = 0
    for k in next, dealt do
      keys = keys + 1
      if not seen[k] then
        return nil, "pilots_dealt must give every player their pilots"
      end
    end
    if keys ~= n then
      return nil, "pilots_dealt must give every player their pilots"
    end
    local held = {}
    for _, c in ipairs(colors) do
      local hand = dealt[c]
      if type(hand) ~= "table" or #hand ~= 2 then
        return nil, "each player is dealt 2 distinct pilots no one else holds"
      end
      for _, p in ipairs(hand) do
        if type(p) ~= "string" or pilots[p] == nil or held[p] then
          return nil, "each player is dealt 2 distinct pilots no one else holds"
        end
        held[p] = true
      end
    end
    local order = setup.weapons
    if type(order) ~= "table" or order == NULL or #order ~= #D.advanced then
      return nil, "weapons must order every advanced weapon once"
    end
    local once = {}
    for _, w in ipairs(order) do
      if type(w) ~= "string" or weapons[w] == nil or weapons[w].class ~= "advanced" or once[w] then
        return nil, "weapons must order every advanced weapon once"
      end
      once[w] = true
    end
    local cells, mech_cell = obj({}), ""
    for r, row in ipairs(rows) do
      for c = 1, #row do
        local kind = row:sub(c, c)
        if kind ~= "." then
          local id = cell_id(r, c)
          local zone = kind == "R" and arena[id] or (kind == "B" and "" or D.mech_zone.id)
          if kind == "M" then
            mech_cell = id
          end
          cells[id] = { kind = kind, zone = zone, mine = NULL, turret = NULL }
        end
      end
    end
    local players = {}
    for _, c in ipairs(colors) do
      local mines = {}
      for i, m in ipairs(G.mine_numbers) do mines[i] = m end
      players[#players + 1] = {
        color = c, base = NULL, pilot = NULL, dealt = { dealt[c][1], dealt[c][2] },
        status = "pilot", health = 0, energy = G.start.energy, credits = G.start.credits,
        vp = 0, zone = NULL, ad_hoc = false, ad_hoc_fresh = false, mines = mines,
        turrets = G.turrets, owned = {}, equipped = {}, bought = {}, program = {},
        played = {}, programmed = false, chosen = NULL,
        vp_by = { combat = 0, ko = 0, mech = 0, rounds = json.array({}), weapons = 0 },
      }
    end
    local row, deck = {}, {}
    for i, w in ipairs(order) do
      if i <= D.weapons.row then row[#row + 1] = w else deck[#deck + 1] = w end
    end
    local piles = obj({})
    for _, w in ipairs(D.basic) do piles[w.id] = D.weapons.basic_copies end
    return {
      game = "tem", phase = "base", round = 1, turn = 1, start = 0, active = colors[n],
      players = players, cells = cells,
      mech = { zone = mech_cell, controller = NULL, side = NULL },
      row = row, deck = deck, piles = piles, ranking = NULL, events = json.array({}),
    }
  end

  -- Queries -------------------------------------------------------------------------------

  local function seat(s, color)
    for _, p in ipairs(s.players) do
      if p.color == color then
        return p
      end
    end
    return nil
  end

  local function pending(s)
    local out = {}
    for _, p in ipairs(s.players) do
      if s.phase == "program" then
        if not p.programmed then out[#out + 1] = p.color end
      elseif p.chosen == NULL then
        out[#out + 1] = p.color
      end
    end
    return out
  end

  function E.is_over(s)
    return s.phase == "over"
  end

  function E.to_act(s)
    if s.phase == "over" then
      return nil
    end
    if SIMULTANEOUS[s.phase] then
      return pending(s)[1]
    end
    return s.active
  end

  -- Sources: the stepwise base (lib.steps) ----------------------------------------------

  local ask, opt, refuse, next_is = Steps.ask, Steps.opt, Steps.refuse, Steps.next_is

  -- Note an event of the action under way (the log words it): public facts, plus the
  -- acting player's own secrets that the view removes for everyone else.
  local function say(s, kind, player, e)
    e = e or {}
    e.kind, e.player = kind, player
    s.events[#s.events + 1] = e
  end

  -- `p` scores `n` VP, counted under `why` (combat, ko, mech or weapons).
  local function earn(p, why, n)
    p.vp = p.vp + n
    p.vp_by[why] = p.vp_by[why] + n
  end

  -- The arena ---------------------------------------------------------------------------------

  -- Each layout's geometry, worked out once, when a game of its player count first needs it
  -- (not all of them when the table loads): the cells in id order and, per cell and
  -- direction, the cell one step away and the cell two steps away (nil: a wall).
  local function geometry(l)
    local here, order = {}, {}
    for r, row in ipairs(l.rows) do
      for c = 1, #row do
        if row:sub(c, c) ~= "." then
          here[cell_id(r, c)] = { r, c }
          order[#order + 1] = cell_id(r, c)
        end
      end
    end
    local step, jump = {}, {}
    for id, at in next, here do
      step[id], jump[id] = {}, {}
      for d, delta in next, DELTA do
        local one = cell_id(at[1] + delta[1], at[2] + delta[2])
        local two = cell_id(at[1] + 2 * delta[1], at[2] + 2 * delta[2])
        step[id][d] = here[one] and one or nil
        jump[id][d] = here[two] and two or nil
      end
    end
    -- made row by row, the ids are already in id order while rows and columns have one
    -- digit ("r10c1" sorts before "r2c1": then they are sorted)
    if #l.rows > 9 or #l.rows[1] > 9 then
      sorted(order)
    end
    return { order = order, step = step, jump = jump }
  end
  local GEO = setmetatable({}, { __index = function(geo, n)
    for _, l in ipairs(D.layouts) do
      if l.players == n then
        geo[n] = geometry(l)
        return geo[n]
      end
    end
    return nil
  end })

  local function landing(s, cell, arrow, d)
    local geo = GEO[#s.players]
    local first = geo.step[cell][d]
    if arrow ~= "double" then
      return first, arrow == "diagonal" and first ~= nil
    end
    local second = geo.jump[cell][d]
    if second ~= nil then
      return second, true
    end
    return first, false
  end

  local function value(s, cell)
    local c = s.cells[cell]
    if c.kind == "R" then
      return zones[c.zone].value
    elseif c.kind == "M" then
      return D.mech_zone.value
    end
    return bases[c.zone].value
  end

  local function enemies_at(s, cell, color)
    local out = {}
    for _, q in ipairs(s.players) do
      if q.zone == cell and q.color ~= color then out[#out + 1] = q.color end
    end
    return out
  end

  local function hostile(s, cell, color)
    local c = s.cells[cell]
    if #enemies_at(s, cell, color) > 0 then return true end
    if c.mine ~= NULL and c.mine.owner ~= color then return true end
    return c.turret ~= NULL and c.turret ~= color
  end

  local function nearest_safe(s, start, color)
    local seen = { [start] = true }
    local frontier = { start }
    while #frontier > 0 do
      local nxt, safe = {}, {}
      for _, cell in ipairs(frontier) do
        local around = GEO[#s.players].step[cell]
        for _, d in ipairs(ORTHO) do
          local n = around[d]
          if n ~= nil and not seen[n] then
            seen[n] = true
            nxt[#nxt + 1] = n
            if not hostile(s, n, color) then safe[#safe + 1] = n end
          end
        end
      end
      if #safe > 0 then return sorted(safe) end
      frontier = nxt
    end
    return {}
  end

  local function cell_list(s)
    return GEO[#s.players].order
  end

  -- A cell as players name it: its zone's name.
  local function place(s, cell)
    local c = s.cells[cell]
    if c.kind == "R" then return zones[c.zone].name end
    if c.kind == "M" then return D.mech_zone.name end
    local b = bases[c.zone]
    return b and b.name or ("the free base slot " .. cell)
  end

  -- A player's numbers ---------------------------------------------------------------------

  local function powers(s, p)
    local out = {}
    if p.pilot ~= NULL then out[#out + 1] = pilots[p.pilot].ability end
    if s.mech.controller == p.color and s.mech.side ~= NULL then
      out[#out + 1] = sides[s.mech.side].ability
    end
    return out
  end

  local function has(s, p, kind)
    local n = 0
    for _, a in ipairs(powers(s, p)) do
      if a.kind == kind then n = n + (a.n or 1) end
    end
    return n
  end

  local function health_max(p)
    if p.status == "pilot" then
      return pilots[p.pilot].health
    end
    return G.statuses[p.status].health
  end

  local function gain(p, res, n)
    local v = p[res] + n
    if v > G.resource_cap then v = G.resource_cap end
    if v < 0 then v = 0 end
    p[res] = v
  end

  -- Equipment ------------------------------------------------------------------------------

  local function fits(p, w)
    local class = weapons[w].class
    local used = 0
    for _, x in ipairs(p.equipped) do
      if weapons[x].class == class then used = used + 1 end
    end
    return used < G.statuses[p.status].slots[class]
  end

  local function refit(p)
    for _, class in ipairs({ "basic", "advanced" }) do
      local slots, seen = G.statuses[p.status].slots[class], 0
      local keep = {}
      for _, x in ipairs(p.equipped) do
        if weapons[x].class == class then
          seen = seen + 1
          if seen <= slots then keep[#keep + 1] = x end
        else
          keep[#keep + 1] = x
        end
      end
      p.equipped = keep
    end
  end

  local function equip_window(s, p, src, moment)
    local toggled = {}
    while true do
      local opts = {}
      local must = #p.equipped == 0 and p.status ~= "mech"
      if not must then opts[1] = opt("done", tr("Done")) end
      for _, w in ipairs(p.owned) do
        if not toggled[w] then
          local on = contains(p.equipped, w)
          if not on and fits(p, w) then
            opts[#opts + 1] = opt("equip:" .. w,
              tr("Equip {weapon}", { weapon = weapons[w].w.name }))
          elseif on and #p.equipped > 1 then
            opts[#opts + 1] = opt("unequip:" .. w,
              tr("Unequip {weapon}", { weapon = weapons[w].w.name }))
          end
        end
      end
      if #opts == 0 or (#opts == 1 and opts[1].id == "done") then
        return
      end
      local pick = ask(src, "equip_" .. moment, p.color, opts)
      if pick == "done" then
        return
      end
      local verb, w = pick:match("^(%a+):(.*)$")
      toggled[w] = true
      say(s, "equip", p.color, { weapon = w, on = verb == "equip" })
      if verb == "equip" then
        p.equipped[#p.equipped + 1] = w
      else
        remove_value(p.equipped, w)
      end
    end
  end

  -- Moving, KOs, combat -----------------------------------------------------------------------

  local function move(s, p, cell)
    p.zone = cell
    if s.mech.controller == p.color then
      s.mech.zone = cell
    end
  end

  -- To the non-hostile zone nearest `start` (the player's pick among ties; none: stays).
  local function relocate(s, p, src, name, start)
    local safe = nearest_safe(s, start, p.color)
    if #safe == 0 then
      say(s, "to", p.color, { cell = p.zone, why = name .. "_stay" })
      return
    end
    local cell = safe[1]
    if #safe > 1 then
      local opts = {}
      for _, c in ipairs(safe) do opts[#opts + 1] = opt(c, c) end
      cell = ask(src, name, p.color, opts)
    end
    say(s, "to", p.color, { cell = cell, why = name })
    move(s, p, cell)
  end

  local function enter_ad_hoc(p)
    p.ad_hoc = true
    p.ad_hoc_fresh = true
    p.played = {}
  end

  local function take_mech(s, p, src)
    say(s, "mech", p.color, { side = s.mech.side, vp = G.vp.mech_entry })
    s.mech.controller = p.color
    s.mech.zone = p.zone
    earn(p, "mech", G.vp.mech_entry)
    p.status = "mech"
    p.health = health_max(p)
    refit(p)
    equip_window(s, p, src, "status")
  end

  local function ko(s, p, by, src, by_trap)
    local vp
    if by_trap then
      vp = G.vp.trap_ko
    else
      vp = G.vp.ko + has(s, by, "extra_vp_on_ko")
    end
    earn(by, "ko", vp)
    local status = p.status
    say(s, "ko", p.color, { by = by.color, trap = by_trap, vp = vp, status = status })
    if status == "mech" then
      s.mech.controller = NULL
      if not by_trap then take_mech(s, by, src) end
    end
    p.status = "pilot"
    p.health = health_max(p)
    refit(p)
    if status == "pilot" then
      for _, res in ipairs({ "energy", "credits" }) do
        if p[res] < G.ko_resource_floor then p[res] = G.ko_resource_floor end
      end
      if not hostile(s, p.base, p.color) then
        say(s, "to", p.color, { cell = p.base, why = "ko_base" })
        move(s, p, p.base)
      else
        -- the rules text: "the nearest Zone that isn't controlled by the enemy" to the base,
        -- not to where the KO happened
        relocate(s, p, src, "ko_zone", p.base)
      end
    else
      relocate(s, p, src, "ko_zone", p.zone)
      equip_window(s, p, src, "status")
    end
    enter_ad_hoc(p)
  end

  local function damage(p, n)
    p.health = p.health - n
    if p.health < 0 then p.health = 0 end
    return p.health == 0
  end

  local function turret_fires(s, p, src)
    if has(s, p, "turret_immune") > 0 then return true end
    local cell = p.zone
    local owner = seat(s, s.cells[cell].turret)
    local hurt = value(s, cell)
    say(s, "turret", p.color, { owner = owner.color, cell = cell,
      damage = hurt < p.health and hurt or p.health, hurt = hurt,
      health = hurt < p.health and p.health - hurt or 0 })
    if damage(p, hurt) then
      ko(s, p, owner, src, true)
      return false
    end
    set_cell(s, cell, "turret", NULL)
    owner.turrets = owner.turrets + 1
    return true
  end

  local function retreat(s, p, winner, src)
    earn(winner, "combat", G.vp.retreat)
    say(s, "retreat", p.color, { by = winner.color, vp = G.vp.retreat })
    relocate(s, p, src, "retreat", p.zone)
    enter_ad_hoc(p)
  end

  local function combat(s, a, b, src, jumped)
    earn(a, "combat", G.vp.combat_start)
    local st = {
      [a.color] = { exhausted = {}, used = {}, last = nil, shield = 0, attacks = 0 },
      [b.color] = { exhausted = {}, used = {}, last = nil, shield = 0, attacks = 0 },
    }
    -- What the combat's decisions show: each side's weapons used so far, in order (copies:
    -- a trace keeps its decisions).
    local function shown()
      local out = {}
      for color, side in next, st do
        local used = {}
        for k, w in ipairs(side.used) do used[k] = w end
        out[color] = json.array(used)
      end
      return out
    end
    local me, foe = a, b
    while true do
      local mine, theirs = st[me.color], st[foe.color]
      local first = mine.attacks == 0
        and ((me == a and jumped) or has(s, me, "first_strike_power") > 0)
      local function powered(x)
        return first or G.counters[weapons[x].w.type] == theirs.last
      end
      -- An option says when it would be a power attack: the players see it coming.
      local opts = {}
      for _, w in ipairs(me.equipped) do
        if not mine.exhausted[w] then
          local power = powered(w)
          local hit = power and weapons[w].w.power_damage or weapons[w].w.damage
          opts[#opts + 1] = opt(w, tr("{weapon}: {damage}",
            { weapon = weapons[w].w.name, damage = Count.of(G.units, hit, "damage") })
            .. (power and tr(" (power attack)") or ""))
        end
      end
      if #opts == 0 then
        retreat(s, me, foe, src)
        return me
      end
      local w = ask(src, "attack", me.color, opts, shown())
      mine.exhausted[w] = true
      mine.used[#mine.used + 1] = w
      local weapon = weapons[w].w
      local power = powered(w)
      local dmg = power and weapon.power_damage or weapon.damage
      local ability = weapon.ability
      local active = (not ability.on_power) or power
      local pay = 0 -- what the attacker paid for more damage
      if active and ability.kind == "pay_for_damage" then
        local most = me[ability.resource]
        if ability.max < most then most = ability.max end
        local boosts = {}
        for k = 0, most do
          boosts[#boosts + 1] = opt(tostring(k), tr("pay {amount}",
            { amount = amount(k, ability.resource) }))
        end
        pay = tonumber(ask(src, "boost", me.color, boosts, shown()))
        me[ability.resource] = me[ability.resource] - pay
        dmg = dmg + pay
      end
      if not (active and ability.kind == "pierce") and theirs.shield > 0 then
        dmg = dmg - theirs.shield
        if dmg < 0 then dmg = 0 end
        theirs.shield = 0
      end
      local dealt = dmg
      if foe.health < dealt then dealt = foe.health end
      foe.health = foe.health - dealt
      earn(me, "combat", dealt * G.vp.per_damage)
      local why = ""
      if power then
        if first then why = (me == a and jumped) and "jump" or "first_strike" else why = "counter" end
      end
      say(s, "attack", me.color, { foe = foe.color, weapon = w, power = why, damage = dealt,
        vp = dealt * G.vp.per_damage, ability = active and ability.kind or "none",
        health = foe.health, paid = pay })
      if active then
        local kind = ability.kind
        if kind == "gain" then
          gain(me, ability.resource, ability.n)
        elseif kind == "vp" then
          earn(me, "combat", ability.n)
        elseif kind == "drain" then
          gain(foe, ability.resource, -ability.n)
        elseif kind == "heal" then
          local h = me.health + ability.n
          if h > health_max(me) then h = health_max(me) end
          me.health = h
        elseif kind == "shield" then
          mine.shield = ability.n
        end
      end
      mine.last = weapon.type
      mine.attacks = mine.attacks + 1
      if foe.health == 0 then
        ko(s, foe, me, src, false)
        return foe
      end
      me, foe = foe, me
    end
  end

  local function offer_mech(s, p, src)
    local mech = s.mech
    if mech.controller ~= NULL or mech.zone ~= p.zone then return end
    if p.status ~= "armor" or p.health < health_max(p) then return end
    local take = ask(src, "mech", p.color, { opt("take", tr("Take the Mighty Mech")),
      opt("decline", tr("Decline")) })
    if take == "decline" then return end
    local opts = {}
    for _, side in ipairs(D.sides) do opts[#opts + 1] = opt(side.id, side.name) end
    mech.side = ask(src, "mech_side", p.color, opts)
    take_mech(s, p, src)
  end

  -- Entering a zone: (still standing, fought).
  local function enter(s, p, src, jumped)
    local cell = p.zone
    local here = s.cells[cell]
    local mine = here.mine
    if mine ~= NULL and mine.owner ~= p.color and has(s, p, "mine_immune") > 0 then
      say(s, "spared", p.color, { owner = mine.owner, cell = cell }) -- the pilot's ability
    elseif mine ~= NULL and mine.owner ~= p.color then
      set_cell(s, cell, "mine", NULL)
      local owner = seat(s, mine.owner)
      owner.mines[#owner.mines + 1] = mine.number
      table.sort(owner.mines)
      local hurt = value(s, cell) + mine.number
      say(s, "mine", p.color, { owner = owner.color, cell = cell, number = mine.number,
        damage = hurt < p.health and hurt or p.health, hurt = hurt,
        health = hurt < p.health and p.health - hurt or 0 })
      if damage(p, hurt) then
        ko(s, p, owner, src, true)
        return false, false
      end
    end
    local enemies = enemies_at(s, cell, p.color)
    if #enemies > 0 then
      local foe = enemies[1]
      if #enemies > 1 then
        local opts = {}
        for _, e in ipairs(enemies) do opts[#opts + 1] = opt(e, e) end
        foe = ask(src, "fight", p.color, opts)
      end
      say(s, "combat", p.color, { foe = foe, vp = G.vp.combat_start })
      local loser = combat(s, p, seat(s, foe), src, jumped)
      if loser ~= p and here.turret == foe and not turret_fires(s, p, src) then
        return false, true
      end
      return loser ~= p, true
    end
    if here.turret ~= NULL and here.turret ~= p.color and not turret_fires(s, p, src) then
      return false, false
    end
    offer_mech(s, p, src)
    return true, false
  end

  -- Actions ------------------------------------------------------------------------------

  local function deploy_cost(s, p, what)
    local cost = value(s, p.zone) - has(s, p, "cheaper_deploy")
    if cost < 0 then cost = 0 end
    return G.costs[what].resource, cost
  end

  local function affordable(p, w)
    local cost = weapons[w].w.cost
    return p.energy >= (cost.energy or 0) and p.credits >= (cost.credits or 0)
  end

  local function buyable(s, p)
    local out = {}
    for _, w in ipairs(s.row) do
      if affordable(p, w) then out[#out + 1] = w end
    end
    for _, b in ipairs(D.basic) do
      if not contains(p.owned, b.id) and s.piles[b.id] > 0 and affordable(p, b.id) then
        out[#out + 1] = b.id
      end
    end
    return out
  end

  -- The rule that stops `p` deploying a mine or turret here, with its numbers (nil: none).
  local function why_not_deploy(s, p, what)
    local here = s.cells[p.zone]
    local where = place(s, p.zone)
    local mine = what == "mine"
    local said = { place = where, player = p.color }
    if here.mine ~= NULL then return tr("a mine already stands in {place}", said) end
    if here.turret ~= NULL then return tr("a turret already stands in {place}", said) end
    local mech = s.mech
    if here.kind == "M" and mech.zone == p.zone and mech.controller ~= p.color then
      return mine and tr("no mine in {place} while the Mighty Mech stands there", said)
        or tr("no turret in {place} while the Mighty Mech stands there", said)
    end
    local res, cost = deploy_cost(s, p, what)
    if p[res] < cost then
      said.cost, said.has = amount(cost, res), p[res]
      return mine and tr("a mine in {place} costs {cost}; {player} has {has}", said)
        or tr("a turret in {place} costs {cost}; {player} has {has}", said)
    end
    if (what == "mine" and #p.mines > 0) or (what == "turret" and p.turrets > 0) then
      return nil
    end
    -- in id order: a walk that stops early must not follow `next` (its cost would differ
    -- from run to run with Lua's string hashing, issue 50)
    local cells = s.cells
    for _, id in ipairs(cell_list(s)) do
      local c = cells[id]
      if what == "mine" and c.mine ~= NULL and c.mine.owner == p.color then return nil end
      if what == "turret" and c.turret == p.color then return nil end
    end
    return mine and tr("{player} has no mine to deploy", said)
      or tr("{player} has no turret to deploy", said)
  end

  -- Why `p` cannot buy weapon `w` (nil `w`: any weapon), with the numbers (nil: they can).
  local function why_not_buy(s, p, w)
    if w == nil then
      if #buyable(s, p) > 0 then return nil end
      return tr("{player} can afford no weapon on offer ({energy}, {credits})", { player = p.color,
        energy = amount(p.energy, "energy"), credits = amount(p.credits, "credits") })
    end
    local entry = weapons[w]
    if entry == nil then return "there is no weapon '" .. tostring(w) .. "'" end
    local weapon = entry.w
    local said = { weapon = weapon.name, player = p.color }
    if entry.class == "advanced" and not contains(s.row, w) then
      return tr("{weapon} is not in the row of weapons for sale", said)
    end
    if entry.class == "basic" and contains(p.owned, w) then
      return tr("{player} already owns {weapon}", said)
    end
    if entry.class == "basic" and s.piles[w] == 0 then
      return tr("no {weapon} is left in its pile", said)
    end
    for _, res in ipairs({ "energy", "credits" }) do
      local need = weapon.cost[res] or 0
      if p[res] < need then
        said.cost, said.has = amount(need, res), p[res]
        return tr("{weapon} costs {cost}; {player} has {has}", said)
      end
    end
    return nil
  end

  local power_options

  -- Why `p` cannot power up (`pick`: "heal:k" or "upgrade"; nil: either), with numbers.
  local function why_not_power(s, p, pick)
    if p.status == "mech" then return tr("no Power Up in the Mighty Mech") end
    local heal, up = G.costs.heal, G.costs.upgrade
    local color = p.color
    local no_upgrade
    if p.status ~= "pilot" then
      no_upgrade = tr("no upgrade in Power Armor")
    else
      no_upgrade = tr("an upgrade costs {cost}; {player} has {has}",
        { cost = amount(up.pay, up.resource), player = color, has = p[up.resource] })
    end
    if pick == "upgrade" then return no_upgrade end
    local full = p.health >= health_max(p)
    local no_heal
    if full then
      no_heal = tr("{player} is at full health ({health})", { player = color, health = p.health })
    else
      no_heal = tr("healing costs {cost} for {health}; {player} has {has}",
        { cost = amount(heal.pay, heal.resource), health = amount(heal.health, "health"),
          player = color, has = p[heal.resource] })
    end
    if pick ~= nil then
      if full then return no_heal end
      return tr("{player} cannot heal that much ({why})", { player = color, why = no_heal })
    end
    if #power_options(s, p) > 0 then return nil end
    return tr("{why} and {also}", { why = no_heal, also = no_upgrade })
  end

  function power_options(s, p)
    if p.status == "mech" then return {} end
    local heal, up = G.costs.heal, G.costs.upgrade
    local opts = {}
    local missing = health_max(p) - p.health
    local units = math.ceil(missing / heal.health)
    local afford = math.floor(p[heal.resource] / heal.pay)
    if afford < units then units = afford end
    for k = 1, units do
      local h = k * heal.health
      if h > missing then h = missing end
      opts[#opts + 1] = opt("heal:" .. k, tr("heal {health}",
        { health = Count.of(G.units, h, "health") }))
    end
    if p.status == "pilot" and p[up.resource] >= up.pay then
      opts[#opts + 1] = opt("upgrade", tr("upgrade to Power Armor"))
    end
    return opts
  end

  local DO = {}

  function DO.collect(s, p)
    local energy, credits, held = p.energy, p.credits, 0
    for _, id in ipairs(cell_list(s)) do
      local c = s.cells[id]
      local own = id == p.zone or (c.mine ~= NULL and c.mine.owner == p.color) or c.turret == p.color
      if own then
        held = held + 1
        if c.kind == "R" then
          gain(p, zones[c.zone].yield, 1)
        else
          gain(p, "energy", 1)
          gain(p, "credits", 1)
        end
      end
    end
    say(s, "collect", p.color, { zones = held, energy = p.energy - energy,
      credits = p.credits - credits })
  end

  function DO.mine(s, p, src)
    local res, cost = deploy_cost(s, p, "mine")
    local n
    local came = ""
    if #p.mines > 0 then
      local opts = {}
      for _, m in ipairs(p.mines) do opts[#opts + 1] = opt(tostring(m), tr("mine {n}", { n = m })) end
      n = tonumber(ask(src, "mine_number", p.color, opts, nil, function(x)
        return p.color .. " has no mine " .. tostring(x) .. " in supply"
      end))
      remove_value(p.mines, n)
    else
      local opts = {}
      for _, id in ipairs(cell_list(s)) do
        local c = s.cells[id]
        if c.mine ~= NULL and c.mine.owner == p.color then opts[#opts + 1] = opt(id, id) end
      end
      local from = ask(src, "move_mine", p.color, opts)
      n = s.cells[from].mine.number
      set_cell(s, from, "mine", NULL)
      came = from
    end
    p[res] = p[res] - cost
    set_cell(s, p.zone, "mine", { owner = p.color, number = n })
    say(s, "deploy", p.color, { what = "mine", cell = p.zone, cost = cost, resource = res,
      moved = came, number = n })
  end

  function DO.turret(s, p, src)
    local res, cost = deploy_cost(s, p, "turret")
    local came = ""
    if p.turrets > 0 then
      p.turrets = p.turrets - 1
    else
      local opts = {}
      for _, id in ipairs(cell_list(s)) do
        if s.cells[id].turret == p.color then opts[#opts + 1] = opt(id, id) end
      end
      local from = ask(src, "move_turret", p.color, opts)
      set_cell(s, from, "turret", NULL)
      came = from
    end
    p[res] = p[res] - cost
    set_cell(s, p.zone, "turret", p.color)
    say(s, "deploy", p.color, { what = "turret", cell = p.zone, cost = cost, resource = res,
      moved = came })
  end

  function DO.buy(s, p, src)
    local opts = {}
    for _, w in ipairs(buyable(s, p)) do opts[#opts + 1] = opt(w, weapons[w].w.name) end
    local w = ask(src, "buy", p.color, opts, nil, function(x) return why_not_buy(s, p, x) end)
    local cost = weapons[w].w.cost
    say(s, "buy", p.color, { weapon = w, energy = cost.energy or 0, credits = cost.credits or 0 })
    p.energy = p.energy - (cost.energy or 0)
    p.credits = p.credits - (cost.credits or 0)
    local at = nil
    for i, x in ipairs(s.row) do
      if x == w then at = i end
    end
    if at then
      if #s.deck > 0 then
        s.row[at] = table.remove(s.deck, 1)
      else
        table.remove(s.row, at)
      end
    else
      s.piles[w] = s.piles[w] - 1
    end
    p.owned[#p.owned + 1] = w
    p.bought[#p.bought + 1] = w
  end

  function DO.power_up(s, p, src)
    local pick = ask(src, "power_up", p.color, power_options(s, p), nil, function(x)
      return why_not_power(s, p, x)
    end)
    if pick == "upgrade" then
      local up = G.costs.upgrade
      say(s, "upgrade", p.color, { cost = up.pay, resource = up.resource })
      p[up.resource] = p[up.resource] - up.pay
      p.status = "armor"
      p.health = health_max(p)
      refit(p)
      equip_window(s, p, src, "status")
      return
    end
    local heal = G.costs.heal
    local k = tonumber(pick:match("^heal:(%d+)$"))
    p[heal.resource] = p[heal.resource] - k * heal.pay
    local h = p.health + k * heal.health
    if h > health_max(p) then h = health_max(p) end
    say(s, "heal", p.color, { health = h - p.health, cost = k * heal.pay,
      resource = heal.resource })
    p.health = h
  end

  local function act(s, p, src, action)
    local why
    if action == "mine" or action == "turret" then
      why = why_not_deploy(s, p, action)
    elseif action == "buy" then
      why = why_not_buy(s, p)
    elseif action == "power_up" then
      why = why_not_power(s, p)
    end
    if why ~= nil then
      if next_is(src, action) then refuse(src, why) end -- a record doing what the rules forbid
      say(s, "no_action", p.color, { action = action, why = why })
      return
    end
    local act = ask(src, "act", p.color, { opt(action, ACT_LABELS[action]),
      opt("skip", tr("Skip it")) })
    if act == "skip" then
      say(s, "no_action", p.color, { action = action, why = "skip" })
      return
    end
    DO[action](s, p, src)
  end

  -- Rounds and scoring ---------------------------------------------------------------------

  local function score(s)
    for _, q in ipairs(s.players) do
      local lines = { { what = "pilot", cell = q.zone, vp = value(s, q.zone) } }
      for _, id in ipairs(cell_list(s)) do
        local c = s.cells[id]
        if c.mine ~= NULL and c.mine.owner == q.color then
          lines[#lines + 1] = { what = "mine", cell = id, vp = value(s, id) }
        end
        if c.turret == q.color then
          lines[#lines + 1] = { what = "turret", cell = id, vp = 2 * value(s, id) }
        end
      end
      if s.mech.controller == q.color then
        lines[#lines + 1] = { what = "mech", cell = s.mech.zone, vp = G.vp.mech_control }
      end
      local total, control = 0, 0
      for _, x in ipairs(lines) do
        total = total + x.vp
        if x.what == "mech" then control = control + x.vp end
      end
      q.vp = q.vp + total
      q.vp_by.rounds[#q.vp_by.rounds + 1] = total - control -- the zones, round by round
      q.vp_by.mech = q.vp_by.mech + control
      say(s, "score", q.color, { round = s.round, lines = lines, vp = total })
    end
  end

  local function finish(s)
    for _, q in ipairs(s.players) do
      local lines, total = json.array({}), 0
      for _, w in ipairs(q.bought) do
        lines[#lines + 1] = { weapon = w, vp = weapons[w].w.vp }
        total = total + weapons[w].w.vp
      end
      earn(q, "weapons", total)
      say(s, "weapons_vp", q.color, { lines = lines, vp = total })
    end
    s.phase = "over"
    s.active = NULL
    local order = {}
    for i, q in ipairs(s.players) do order[i] = { q = q, i = i } end
    table.sort(order, function(x, y)
      if x.q.vp ~= y.q.vp then return x.q.vp > y.q.vp end
      if #x.q.bought ~= #y.q.bought then return #x.q.bought > #y.q.bought end
      return x.i < y.i
    end)
    local ranking = {}
    for _, e in ipairs(order) do
      local ahead = 0
      for _, o in ipairs(order) do
        if o.q.vp > e.q.vp or (o.q.vp == e.q.vp and #o.q.bought > #e.q.bought) then
          ahead = ahead + 1
        end
      end
      ranking[#ranking + 1] = { color = e.q.color, vp = e.q.vp, place = ahead + 1 }
    end
    s.ranking = ranking
  end

  local function next_turn(s)
    local n = #s.players
    local i = 0
    for k, q in ipairs(s.players) do
      if q.color == s.active then i = k - 1 end
    end
    if (i + 1) % n ~= s.start then
      s.active = s.players[(i + 1) % n + 1].color
      return
    end
    if s.turn < G.program_cards then
      s.turn = s.turn + 1
      s.active = s.players[s.start + 1].color
      return
    end
    if contains(G.scoring_rounds, s.round) then score(s) end
    if s.round >= G.rounds then
      finish(s)
      return
    end
    s.round = s.round + 1
    s.turn = 1
    s.start = (s.start + 1) % n
    s.active = NULL
    s.phase = "program"
    for _, q in ipairs(s.players) do
      q.program, q.played = {}, {}
      q.programmed, q.ad_hoc, q.ad_hoc_fresh = false, false, false
    end
  end

  -- The actions ---------------------------------------------------------------------------

  local PHASE = {}

  function PHASE.base(s, p, src)
    local taken = {}
    for _, q in ipairs(s.players) do
      if q.base ~= NULL then taken[q.base] = true end
    end
    local opts = {}
    for _, id in ipairs(cell_list(s)) do
      if s.cells[id].kind == "B" and not taken[id] then
        opts[#opts + 1] = opt(id, tr("base slot {cell}", { cell = id }))
      end
    end
    local cell = ask(src, "base", p.color, opts, nil, function(x)
      for _, q in ipairs(s.players) do
        if q.base == x then return q.color .. " already has the base slot " .. x end
      end
      return nil
    end)
    say(s, "base", p.color, { cell = cell })
    p.base, p.zone = cell, cell
    set_cell(s, cell, "zone", bases[p.color].id)
    local i = 0
    for k, q in ipairs(s.players) do
      if q == p then i = k end
    end
    if i == 1 then
      s.phase, s.active = "pilot", NULL
    else
      s.active = s.players[i - 1].color
    end
    return { type = "base", player = p.color, cell = cell }
  end

  -- A secret setup pick, kept in `chosen` until every player has picked; then `reveal(q,
  -- pick)` for each player, and the next phase begins.
  local function secret_pick(s, p, pick, reveal, next_phase)
    p.chosen = pick
    say(s, "chosen", p.color, { what = s.phase })
    if #pending(s) > 0 then return end
    for _, q in ipairs(s.players) do
      reveal(q, q.chosen)
      q.chosen = NULL
    end
    say(s, "revealed", p.color, { what = s.phase })
    s.phase = next_phase
  end

  function PHASE.pilot(s, p, src)
    local opts = {}
    for _, id in ipairs(p.dealt) do opts[#opts + 1] = opt(id, pilots[id].name) end
    local pick = ask(src, "pilot", p.color, opts)
    secret_pick(s, p, pick, function(q, pilot)
      q.pilot, q.health = pilot, pilots[pilot].health
    end, "base_mine")
    return { type = "pilot", player = p.color, pilot = pick }
  end

  function PHASE.base_mine(s, p, src)
    local opts = {}
    for _, m in ipairs(p.mines) do opts[#opts + 1] = opt(tostring(m), tr("mine {n}", { n = m })) end
    local number = tonumber(ask(src, "base_mine", p.color, opts))
    secret_pick(s, p, number, function(q, n)
      remove_value(q.mines, n)
      set_cell(s, q.base, "mine", { owner = q.color, number = n })
    end, "basic")
    return { type = "base_mine", player = p.color, number = number }
  end

  function PHASE.basic(s, p, src)
    local opts = {}
    for _, w in ipairs(D.basic) do opts[#opts + 1] = opt(w.id, w.name) end
    local pick = ask(src, "basic", p.color, opts)
    secret_pick(s, p, pick, function(q, w)
      q.owned, q.equipped = { w }, { w }
      s.piles[w] = s.piles[w] - 1
    end, "program")
    return { type = "basic", player = p.color, weapon = pick }
  end

  local function dirs_of(arrow)
    return arrow == "diagonal" and DIAG or ORTHO
  end

  function PHASE.program(s, p, src)
    local chosen, used = {}, {}
    for _ = 1, G.program_cards do
      local opts = {}
      for _, c in ipairs(D.programs) do
        if not used[c.id] then opts[#opts + 1] = opt(c.id, c.name) end
      end
      local card = ask(src, "program", p.color, opts)
      used[card] = true
      local dopts = {}
      for _, d in ipairs(dirs_of(programs[card].arrow)) do dopts[#dopts + 1] = opt(d, d) end
      local d = ask(src, "direction", p.color, dopts)
      chosen[#chosen + 1] = { card = card, dir = d }
    end
    p.program, p.programmed = chosen, true
    say(s, "programmed", p.color)
    if #pending(s) == 0 then
      s.phase, s.turn = "execute", 1
      s.active = s.players[s.start + 1].color
    end
    return { type = "program", player = p.color, cards = chosen }
  end

  function PHASE.execute(s, p, src)
    local fresh = p.ad_hoc and p.ad_hoc_fresh
    p.ad_hoc_fresh = false
    equip_window(s, p, src, "start")
    local card, d
    if p.ad_hoc then
      local opts = {}
      for _, c in ipairs(D.programs) do opts[#opts + 1] = opt(c.id, c.name) end
      card = ask(src, "ad_hoc_card", p.color, opts)
      local arrow = programs[card].arrow
      local dopts = {}
      for _, x in ipairs(dirs_of(arrow)) do
        local target = landing(s, p.zone, arrow, x)
        if not (fresh and target ~= nil and #enemies_at(s, target, p.color) > 0) then
          dopts[#dopts + 1] = opt(x, x)
        end
      end
      if #dopts == 0 then dopts[1] = opt("stay", tr("stay")) end
      d = ask(src, "ad_hoc_direction", p.color, dopts)
    else
      local step = p.program[#p.played + 1]
      card, d = step.card, step.dir
    end
    say(s, "card", p.color, { card = card, dir = d, ad_hoc = p.ad_hoc })
    p.played[#p.played + 1] = card
    local program = programs[card]
    local standing, fought = true, false
    if d ~= "stay" then
      local target, jumped = landing(s, p.zone, program.arrow, d)
      if target ~= nil then
        say(s, "move", p.color, { dir = d, cell = target })
        move(s, p, target)
        standing, fought = enter(s, p, src, jumped)
      else
        say(s, "wall", p.color, { dir = d, cell = p.zone })
      end
    end
    if standing and not fought then
      act(s, p, src, program.action)
    else
      say(s, "no_action", p.color, { action = program.action, why = fought and "combat" or "ko" })
    end
    equip_window(s, p, src, "end")
    next_turn(s)
    return { type = "execute", player = p.color, decisions = src.taken }
  end

  local function resolve(s, src)
    if s.phase == "over" then refuse(src, tr("the game is over")) end
    s.events = json.array({}) -- what this action does, in order (the log words them)
    if SIMULTANEOUS[s.phase] then
      local opts = {}
      for _, c in ipairs(pending(s)) do opts[#opts + 1] = opt(c, c) end
      local who = ask(src, "player", NULL, opts)
      return PHASE[s.phase](s, seat(s, who), src)
    end
    return PHASE[s.phase](s, seat(s, s.active), src)
  end

  local function answers_of(s, action)
    local kind = action.type
    local want = s.phase
    if kind ~= want then
      return nil, "it is the " .. s.phase .. " phase: expected a '" .. want .. "' action"
    end
    local who = action.player
    if SIMULTANEOUS[kind] then
      local waiting = false
      for _, c in ipairs(pending(s)) do
        if c == who then waiting = true end
      end
      if not waiting then
        local playing = false
        for _, q in ipairs(s.players) do
          if q.color == who then playing = true end
        end
        if not playing then return nil, who .. " is not playing" end
        if kind == "program" then
          return nil, who .. " has already programmed their cards this round"
        end
        return nil, who .. " has already made this choice"
      end
    elseif who ~= s.active then
      return nil, tr("it is {player}'s turn, not {other}'s",
        { player = tostring(s.active), other = who })
    end
    local out = {}
    if SIMULTANEOUS[kind] then out[1] = action.player end
    local missing = "a '" .. kind .. "' action is missing a field"
    if kind == "base" then
      if action.cell == nil then return nil, missing end
      return { tostring(action.cell) }
    elseif kind == "pilot" then
      if action.pilot == nil then return nil, missing end
      out[2] = tostring(action.pilot)
    elseif kind == "base_mine" then
      if action.number == nil then return nil, missing end
      if type(action.number) ~= "number" or action.number % 1 ~= 0 then
        return nil, "number must be a whole number"
      end
      out[2] = tostring(action.number)
    elseif kind == "basic" then
      if action.weapon == nil then return nil, missing end
      out[2] = tostring(action.weapon)
    elseif kind == "program" then
      if type(action.cards) ~= "table" then return nil, missing end
      for _, item in ipairs(action.cards) do
        if type(item) ~= "table" or item.card == nil or item.dir == nil then return nil, missing end
        out[#out + 1] = tostring(item.card)
        out[#out + 1] = tostring(item.dir)
      end
    else
      if type(action.decisions) ~= "table" then return nil, missing end
      for _, d in ipairs(action.decisions) do
        if type(d) ~= "string" then return nil, "decisions must be a list of option ids" end
        out[#out + 1] = d
      end
    end
    return out
  end

  Steps.verbs(E, resolve, answers_of, clone)

  local function nulls(n)
    local out = {}
    for i = 1, n do out[i] = NULL end
    return out
  end

  local function shallow(t)
    local out = {}
    for k, v in next, t do out[k] = v end
    return out
  end

  -- What `color` may know of a state (nil: a spectator); hidden values become null. Only
  -- what it hides is copied: the rest is shared with `state`, so a view is read, never
  -- changed (states are never changed once made, and views are no exception).
  function E.view(state, color)
    local s = shallow(state)
    s.players = {}
    for i, q in ipairs(state.players) do
      local p = q
      if q.color ~= color then
        p = shallow(q)
        p.dealt, p.program, p.mines = nulls(#q.dealt), nulls(#q.program), nulls(#q.mines)
        if q.chosen ~= NULL then p.chosen = true end
      end
      s.players[i] = p
    end
    s.cells = {}
    for id, c in next, state.cells do
      if c.mine ~= NULL and c.mine.owner ~= color then
        c = shallow(c)
        c.mine = { owner = c.mine.owner, number = NULL }
      end
      s.cells[id] = c
    end
    s.deck = nulls(#s.deck)
    local events = state.events
    for i, e in ipairs(events) do
      if e.kind == "deploy" and e.number ~= nil and e.player ~= color then
        if events == state.events then
          events = json.array({ unpack(state.events) })
          s.events = events
        end
        e = shallow(e)
        e.number = NULL
        events[i] = e
      end
    end
    return s
  end

  return E
end

return Engine
