-- Pure: the game log's entries for Tiny Epic Mechs, worded from the events the core notes
-- for each action (docs/tem-log.md lists them): who did what, why, and the numbers.
--
-- The events are read from the public view (core.view(state, nil)), so an entry everyone
-- reads carries no secret; the acting player's own words (the pilot they kept, the number
-- of the mine they deployed, their program) go in `own`, read from their own view. A
-- combat's attacks and each player's scoring are entries of their own.

local json = require("lib.json")
local Count = require("lib.count")
local Game = require("glue.game")

local NULL = json.null
local L = {}

local function name(D, id)
  return D.names[id] or tostring(id)
end

-- An arena's edges: its first and last rows and columns holding a cell (from its layout in
-- the card data: `D.layouts`), worked out once for each player count.
local EDGES = setmetatable({}, { __mode = "k" })

local function edges(D, players)
  local known = EDGES[D]
  if known == nil then
    known = {}
    EDGES[D] = known
  end
  if known[players] == nil then
    local e = {}
    for _, layout in ipairs(D.layouts) do
      if layout.players == players then
        for r, row in ipairs(layout.rows) do
          for c = 1, #row do
            if string.sub(row, c, c) ~= "." then
              e.top, e.bottom = e.top or r, r
              e.left = math.min(e.left or c, c)
              e.right = math.max(e.right or c, c)
            end
          end
        end
      end
    end
    known[players] = e
  end
  return known[players]
end

-- The arena's edge a cell lies on, as players see the table (north at the top): "north",
-- "south-west", or nil for a cell inside.
function L.side(D, view, id)
  local r, c = string.match(id, "^r(%d+)c(%d+)$")
  r, c = tonumber(r), tonumber(c)
  local e = edges(D, #view.players)
  local ns = r == e.top and "north" or (r == e.bottom and "south" or nil)
  local ew = c == e.left and "west" or (c == e.right and "east" or nil)
  if ns and ew then
    return ns .. "-" .. ew
  end
  return ns or ew
end

-- A free base slot as players find it: by the arena's edge it lies on, beside the zones
-- next to it ("the north base slot, beside Scrap Yard").
function L.base_slot(D, view, id)
  local r, c = string.match(id, "^r(%d+)c(%d+)$")
  r, c = tonumber(r), tonumber(c)
  local near = {}
  for _, rc in ipairs({ { r - 1, c }, { r, c + 1 }, { r + 1, c }, { r, c - 1 } }) do
    local cell = view.cells["r" .. rc[1] .. "c" .. rc[2]]
    if cell ~= nil and cell.kind ~= "B" then
      near[#near + 1] = D.names[cell.zone] or cell.zone
    end
  end
  local side = L.side(D, view, id)
  local text = "the " .. (side and (side .. " ") or "") .. "base slot"
  if #near == 0 then
    return text
  end
  return text .. ", beside " .. table.concat(near, " and ")
end

-- A cell as players find it on the table: its zone's name (a free base slot by the edge
-- it lies on).
function L.place(D, view, cell)
  local c = view.cells[cell]
  if c == nil then
    return tostring(cell)
  end
  if c.zone == "" then
    return L.base_slot(D, view, cell)
  end
  return name(D, c.zone)
end

-- A round with the game's length: "Round 3 of 6", "Round 6 of 6, the last".
function L.round_of(D, n)
  return "Round " .. n .. " of " .. D.rounds .. (n == D.rounds and ", the last" or "")
end

local function signed(units, n, what)
  return (n >= 0 and "+" or "") .. Count.of(units, n, what)
end

-- Running totals: each player's numbers as the entries so far have changed them, from the
-- state before the action (so each "(now N)" is the number there: the story checker,
-- generator/harness/storycheck.py, proves them).
local FIELDS = { "energy", "credits", "vp", "health" }

local function tally_of(D, view)
  local t = { units = D.units } -- the unit words ride with the totals they word
  for _, p in ipairs(view.players) do
    local row = {}
    for _, f in ipairs(FIELDS) do
      row[f] = p[f]
    end
    t[p.color] = row
  end
  return t
end

-- `n` of `field` for `who`, with the total it makes: "+2 energy (now 5)", "-1 VP (now 3 VP)".
local function amount(t, who, field, n)
  local row = t[who]
  row[field] = row[field] + n
  local total = field == "vp" and Count.of(t.units, row[field], field) or row[field]
  return signed(t.units, n, field) .. " (now " .. total .. ")"
end

-- The change that brings `who`'s `field` to `value` (nil: no change).
local function set_to(t, who, field, value)
  local n = value - t[who][field]
  return n ~= 0 and amount(t, who, field, n) or nil
end

-- A resource changed by `n`, within the track (0 to the cap), as the rules do.
local function resource(D, t, who, res, n)
  local v = t[who][res] + n
  if v > D.cap then v = D.cap end
  if v < 0 then v = 0 end
  return set_to(t, who, res, v)
end

-- What a player paid: "-2 credits (now 1)", or "free".
local function paid(t, who, cost, resource_name)
  return cost > 0 and amount(t, who, resource_name, -cost) or "free"
end

-- A player's health at its most: a pilot's card, or the status's (Power Armor, the Mech).
local function health_max(D, status, pilot)
  if status == "pilot" then
    return D.pilot_health[pilot] or 0
  end
  return D.statuses[status].health
end

-- Damage taken from a mine or a turret, and the health left ("Red takes 2 damage, all the
-- health left of the mine's 5: -2 health (now 0)").
local function hurt(t, who, e)
  local text = who .. " takes " .. e.damage .. " damage"
  if e.hurt ~= nil and e.hurt > e.damage then
    text = text .. " (" .. e.hurt .. ", cut to the health " .. who .. " had left)"
  end
  local change = set_to(t, who, "health", e.health)
  return text .. (change and (": " .. change) or "")
end

local ABILITY = {
  gain = function(D, t, w, me)
    local change = resource(D, t, me, w.ability.resource, w.ability.n)
    return me .. " gains " .. w.ability.n .. " " .. w.ability.resource
      .. (change and (": " .. change) or (": already at the most, " .. D.cap))
  end,
  vp = function(_, t, w, me)
    return me .. " scores " .. w.ability.n .. " VP more: " .. amount(t, me, "vp", w.ability.n)
  end,
  drain = function(D, t, w, _, foe)
    local change = resource(D, t, foe, w.ability.resource, -w.ability.n)
    return foe .. " loses " .. w.ability.n .. " " .. w.ability.resource
      .. (change and (": " .. change) or (": " .. foe .. " has none"))
  end,
  heal = function(D, t, w, me, _, view)
    local most = 0
    for _, p in ipairs(view.players) do
      if p.color == me then most = health_max(D, p.status, p.pilot) end
    end
    local change = set_to(t, me, "health", math.min(most, t[me].health + w.ability.n))
    return me .. " heals up to " .. w.ability.n .. (change and (": " .. change)
      or ": already at full health")
  end,
  shield = function(_, _, w, me) return "the next attack on " .. me .. " deals " .. w.ability.n
    .. " less" end,
  pierce = function() return "it ignores shields" end,
  pay_for_damage = function() return nil end, -- said with the attack: what was paid
}

local WHY_POWER = { jump = "the first attack after a jump", counter = "it counters the last "
  .. "weapon type used against it", first_strike = "a first strike ability" }

local ACTION = { collect = "collect", mine = "deploy a mine", turret = "deploy a turret",
  buy = "buy a weapon", power_up = "power up" }

-- One event's words (nil: nothing worth a clause). `view`: the state after the action, as
-- the reader may see it. `events`, `i`: the whole list and where this one is. `t`: the
-- running totals (changed as the words give each amount).
local function clause(D, view, events, i, t)
  local e = events[i]
  local who, k = e.player, e.kind
  if k == "card" then
    local card = name(D, e.card)
    local dir = e.dir == "stay" and "no way open: stays" or e.dir
    if e.ad_hoc then
      return who .. " (Ad Hoc Mode) plays " .. card .. " (" .. dir .. ")"
    end
    return who .. " reveals " .. card .. " (" .. dir .. ")"
  elseif k == "wall" then
    return "the arena's edge stops the move: " .. who .. " stays in " .. L.place(D, view, e.cell)
  elseif k == "move" then
    return who .. " moves to " .. L.place(D, view, e.cell)
  elseif k == "mine" then
    return e.owner .. "'s mine (number " .. e.number .. ") in " .. L.place(D, view, e.cell)
      .. " explodes; " .. hurt(t, who, e) .. "; the mine goes back to " .. e.owner
  elseif k == "turret" then
    local ko = events[i + 1] and events[i + 1].kind == "ko"
    return e.owner .. "'s turret in " .. L.place(D, view, e.cell) .. " fires; " .. hurt(t, who, e)
      .. (ko and "" or ("; the turret goes back to " .. e.owner))
  elseif k == "combat" then
    return who .. " enters " .. e.foe .. "'s zone: combat, " .. amount(t, who, "vp", e.vp)
      .. " for starting it; no card action"
  elseif k == "attack" then
    local w = D.weapons[e.weapon]
    local how = e.power ~= "" and ("a power attack (" .. WHY_POWER[e.power] .. ")") or "an attack"
    -- a shield the foe raised with their last attack in this combat, not yet spent
    local shield = nil
    for j = i - 1, 1, -1 do
      local x = events[j]
      if x.kind == "attack" and x.foe == e.foe and x.ability ~= "pierce" then
        break -- spent on that attack (one that ignores shields leaves it up)
      elseif x.kind == "attack" and x.player == e.foe then
        shield = x.ability == "shield" and D.weapons[x.weapon] or nil
        break
      end
    end
    local text = who .. " attacks " .. e.foe .. " with " .. w.name .. " (" .. w.type .. "): "
      .. how
    if (e.paid or 0) > 0 then
      local res = w.ability.resource
      text = text .. ", paying " .. e.paid .. " " .. res .. " for as much more damage: "
        .. amount(t, who, res, -e.paid)
    end
    text = text .. ", " .. amount(t, who, "vp", e.vp) .. "; " .. e.foe .. " takes " .. e.damage
      .. " damage"
    if shield and e.ability ~= "pierce" then
      text = text .. " (" .. shield.ability.n .. " less for " .. e.foe .. "'s " .. shield.name .. ")"
    end
    local change = set_to(t, e.foe, "health", e.health)
    text = text .. (change and (": " .. change) or (" (" .. e.health .. " health left)"))
    local ability = ABILITY[e.ability]
    local more = ability and ability(D, t, w, who, e.foe, view)
    if more then
      text = text .. "; " .. more
    end
    return text
  elseif k == "retreat" then
    return who .. " has no ready weapon left and retreats; " .. e.by .. " scores for it: "
      .. amount(t, e.by, "vp", e.vp)
  elseif k == "ko" then
    local by
    if e.trap then
      by = who .. " is KO'd by " .. e.by .. "'s " .. (events[i - 1] and events[i - 1].kind
        or "trap") .. "; " .. e.by .. " scores for it: " .. amount(t, e.by, "vp", e.vp)
    else
      by = e.by .. " KOs " .. who .. ": " .. amount(t, e.by, "vp", e.vp)
    end
    local pilot = nil
    for _, p in ipairs(view.players) do
      if p.color == who then pilot = p.pilot end
    end
    local bits = {}
    bits[#bits + 1] = set_to(t, who, "health", health_max(D, "pilot", pilot))
    if e.status == "pilot" then
      for _, res in ipairs({ "energy", "credits" }) do
        if t[who][res] < D.ko_floor then
          bits[#bits + 1] = set_to(t, who, res, D.ko_floor)
        end
      end
    end
    local numbers = #bits > 0 and (": " .. table.concat(bits, ", ")) or ""
    if e.status == "armor" then
      by = by .. "; " .. who .. " leaves the Power Armor: a pilot again, at full health" .. numbers
    elseif e.status == "mech" then
      by = by .. "; " .. who .. " loses the Mighty Mech: a pilot again, at full health" .. numbers
    else
      by = by .. "; " .. who .. " is back to full health, with at least "
        .. Count.of(D.units, D.ko_floor, "energy") .. " and "
        .. Count.of(D.units, D.ko_floor, "credits") .. numbers
    end
    return by
  elseif k == "to" then
    local where = L.place(D, view, e.cell)
    local ad_hoc = "; " .. who .. " is in Ad Hoc Mode for the rest of the round"
    if e.why == "ko_base" then
      return who .. " goes back to their base" .. ad_hoc
    elseif e.why == "ko_zone" then
      return who .. "'s base is hostile: " .. who .. " goes to " .. where
        .. ", the nearest safe zone to it" .. ad_hoc
    elseif e.why == "retreat" then
      return who .. " retreats to " .. where .. ", the nearest safe zone" .. ad_hoc
    end
    return "no safe zone: " .. who .. " stays in " .. where .. ad_hoc
  elseif k == "mech" then
    local bits = { amount(t, who, "vp", e.vp) }
    bits[#bits + 1] = set_to(t, who, "health", D.statuses.mech.health)
    return who .. " takes the Mighty Mech (" .. name(D, e.side) .. "): "
      .. table.concat(bits, ", ")
  elseif k == "equip" then
    return who .. (e.on and " equips " or " unequips ") .. name(D, e.weapon)
  elseif k == "no_action" then
    if e.why == "skip" then
      return who .. " skips the card's action (" .. ACTION[e.action] .. ")"
    elseif e.why == "combat" or e.why == "ko" then
      return nil -- said by the combat or the KO
    end
    return who .. " cannot " .. ACTION[e.action] .. ": " .. e.why
  elseif k == "collect" then
    local got = {}
    if e.energy > 0 then got[#got + 1] = amount(t, who, "energy", e.energy) end
    if e.credits > 0 then got[#got + 1] = amount(t, who, "credits", e.credits) end
    local text = who .. " collects from " .. e.zones .. " " .. Count.word(D.units, e.zones, "zones") .. ": "
    -- a resource gained nothing: said when its track is full (else the zones yield none)
    local full = {}
    for _, res in ipairs({ "energy", "credits" }) do
      if e[res] == 0 and t[who][res] >= D.cap then
        full[#full + 1] = res
      end
    end
    local why = #full > 0 and (table.concat(full, " and ") .. " already at the most, " .. D.cap)
      or nil
    if #got == 0 then
      return text .. "nothing gained" .. (why and (", " .. why) or "")
    end
    return text .. table.concat(got, ", ") .. (why and ("; " .. why) or "")
  elseif k == "deploy" then
    local what = e.what == "mine" and (e.number ~= NULL and e.number ~= nil
      and ("mine " .. e.number) or "a mine (its number secret)") or "a turret"
    local from = e.moved ~= "" and (" from " .. L.place(D, view, e.moved)) or ""
    return who .. (e.moved ~= "" and " moves " or " deploys ") .. what .. from .. " to "
      .. L.place(D, view, e.cell) .. ": " .. paid(t, who, e.cost, e.resource)
  elseif k == "buy" then
    local bits = {}
    if e.energy > 0 then bits[#bits + 1] = amount(t, who, "energy", -e.energy) end
    if e.credits > 0 then bits[#bits + 1] = amount(t, who, "credits", -e.credits) end
    return who .. " buys " .. name(D, e.weapon) .. ": "
      .. (#bits > 0 and table.concat(bits, ", ") or "free")
  elseif k == "upgrade" then
    local bits = { paid(t, who, e.cost, e.resource) }
    bits[#bits + 1] = set_to(t, who, "health", D.statuses.armor.health)
    return who .. " upgrades to Power Armor: " .. table.concat(bits, ", ")
  elseif k == "heal" then
    return who .. " heals " .. e.health .. ": " .. paid(t, who, e.cost, e.resource) .. ", "
      .. amount(t, who, "health", e.health)
  end
  return nil
end

local function sentence(text)
  return string.upper(string.sub(text, 1, 1)) .. string.sub(text, 2) .. "."
end

-- Entries for a list of events read by one colour (nil: public), grouped: the turn up to
-- its combat, then each attack, then how the combat ended and what followed. `t`: the
-- running totals (made from `view` when not given: an action's first events).
local function worded(D, view, events, from, to, t)
  t = t or tally_of(D, view)
  local out, cur = {}, {}
  local function flush()
    if #cur > 0 then
      out[#out + 1] = table.concat(cur, " ")
      cur = {}
    end
  end
  for i = from or 1, to or #events do
    local e = events[i]
    local k = e.kind
    if k == "score" or k == "weapons_vp" or k == "chosen" or k == "revealed"
      or k == "programmed" or k == "base" then
      -- worded on their own below
    else
      local text = clause(D, view, events, i, t)
      if text then
        -- a mine deployed is an entry of its own: its owner reads its number there, marked
        -- as theirs alone, and the rest of the turn as everyone does
        local mine = k == "deploy" and e.what == "mine"
        if k == "attack" or k == "retreat" or (k == "ko" and not e.trap) or mine then
          flush()
        end
        cur[#cur + 1] = sentence(text)
        if k == "attack" or mine then
          flush()
        end
      end
    end
  end
  flush()
  return out
end

local function score_entry(D, view, e, t)
  local bits = {}
  for _, line in ipairs(e.lines) do
    local where = L.place(D, view, line.cell)
    if line.what == "pilot" then
      bits[#bits + 1] = line.vp .. " for the pilot on " .. where
    elseif line.what == "mine" then
      bits[#bits + 1] = line.vp .. " for a mine on " .. where
    elseif line.what == "turret" then
      bits[#bits + 1] = line.vp .. " for a turret on " .. where .. " (twice the zone)"
    else
      bits[#bits + 1] = line.vp .. " for controlling the Mighty Mech"
    end
  end
  return e.player .. " scores after round " .. e.round .. (#bits > 0 and (" (" ..
    table.concat(bits, ", ") .. ")") or " (nothing in play)") .. ": "
    .. amount(t, e.player, "vp", e.vp) .. "."
end

local function weapons_entry(D, e, t)
  if #e.lines == 0 then
    return e.player .. " bought no weapon: " .. amount(t, e.player, "vp", 0) .. " at the end."
  end
  local bits = {}
  for _, line in ipairs(e.lines) do
    bits[#bits + 1] = line.vp .. " for " .. name(D, line.weapon)
  end
  return e.player .. "'s weapons bought score at the end (" .. table.concat(bits, ", ") .. "): "
    .. amount(t, e.player, "vp", e.vp) .. "."
end

local SECRET = {
  pilot = { "has kept one of their two pilots (secret until everyone has kept one)",
    function(D, a) return "You keep " .. name(D, a.pilot) .. "." end },
  base_mine = { "has put a mine face down on their base (its number is secret)",
    function(_, a) return "You put mine " .. a.number .. " face down on your base." end },
  basic = { "has picked a basic weapon (secret until everyone has picked)",
    function(D, a) return "You pick " .. name(D, a.weapon) .. "." end },
}

local function program_text(D, cards)
  local bits = {}
  for i, c in ipairs(cards) do
    bits[i] = i .. ". " .. name(D, c.card) .. " " .. c.dir
  end
  return table.concat(bits, ", ")
end

-- The entries of an action part way through (glue.table: words.partial): each attack when
-- it is made, with what came before it in the turn; the rest when the action is applied.
function L.partial(ctx)
  local pv = ctx.public
  local events = pv.events
  local notes = ctx.log.notes
  local at = Game.count(ctx.m) + 1
  local done = notes.partial and notes.partial.at == at and notes.partial.n or 0
  local last = nil
  for i = done + 1, #events do
    if events[i].kind == "attack" then
      last = i
    end
  end
  if last == nil then
    return {}
  end
  notes.partial = { at = at, n = last }
  local out = {}
  -- the totals from the state before the action, through the events already written
  local t = tally_of(ctx.D, ctx.m.core.view(ctx.m.state, nil))
  if done > 0 then
    worded(ctx.D, pv, events, 1, done, t)
  end
  for i, text in ipairs(worded(ctx.D, pv, events, done + 1, last, t)) do
    out[i] = { kind = "action", text = text }
  end
  return out
end

-- The entries an applied action writes, in order (glue.table: words.entries).
function L.entries(ctx, result)
  local D, core = ctx.D, ctx.m.core
  local a = result.action
  local before, after = core.view(result.before, nil), core.view(result.after, nil)
  local events = after.events
  local out = {}
  local who = a.player
  local t = tally_of(D, before) -- the running totals, through every event once worded
  local told = false
  if a.type == "base" then
    out[1] = { kind = "action", text = who .. " takes " .. L.base_slot(D, before, a.cell) .. ": "
      .. name(D, after.cells[a.cell].zone) .. "." }
  elseif SECRET[a.type] then
    out[1] = { kind = "action", text = who .. " " .. SECRET[a.type][1] .. ".",
      own = { [who] = SECRET[a.type][2](D, a) } }
  elseif a.type == "program" then
    out[1] = { kind = "action", text = who .. " has programmed their 4 cards (secret until "
      .. "each is revealed).", own = { [who] = "Your program this round: "
      .. program_text(D, a.cards) .. "." } }
  else
    -- the events already written part way through the action (each attack as it came)
    local part = ctx.log.notes.partial
    local from = part and part.at == Game.count(ctx.m) and part.n + 1 or 1
    ctx.log.notes.partial = nil
    if from > 1 then -- the totals through the events already written part way
      worded(D, after, events, 1, from - 1, t)
    end
    local texts = worded(D, after, events, from, nil, t)
    told = true
    local mine_at = nil
    for _, e in ipairs(events) do
      if e.kind == "deploy" and e.what == "mine" then mine_at = e end
    end
    local own = nil
    if mine_at then
      -- the acting player reads their mine's number in their own words
      local own_view = core.view(result.after, who)
      local mine = tally_of(D, before)
      if from > 1 then
        worded(D, own_view, own_view.events, 1, from - 1, mine)
      end
      own = worded(D, own_view, own_view.events, from, nil, mine)
    end
    for i, text in ipairs(texts) do
      out[#out + 1] = { kind = "action", text = text,
        own = own and own[i] ~= text and { [who] = own[i] } or nil }
    end
    if #out == 0 and from == 1 then
      out[1] = { kind = "action", text = who .. " plays." }
    end
  end
  -- the setup's reveals, scoring and the round's end (the totals through the whole turn)
  local notes = ctx.log.notes
  if not told then
    worded(D, after, events, 1, nil, t)
  end
  for _, e in ipairs(events) do
    if e.kind == "revealed" and e.what == "pilot" then
      local bits = {}
      for _, p in ipairs(after.players) do
        local health = set_to(t, p.color, "health", p.health)
        bits[#bits + 1] = p.color .. " keeps " .. name(D, p.pilot) .. (health and (": "
          .. health) or "")
      end
      out[#out + 1] = { kind = "news", text = "Pilots revealed. " .. table.concat(bits, "; ")
        .. "." }
    elseif e.kind == "revealed" and e.what == "base_mine" then
      out[#out + 1] = { kind = "news", text = "Every base now holds its owner's secret mine." }
    elseif e.kind == "revealed" and e.what == "basic" then
      local bits = {}
      for _, p in ipairs(after.players) do
        bits[#bits + 1] = p.color .. " " .. name(D, p.owned[1])
      end
      out[#out + 1] = { kind = "news", text = "Basic weapons revealed: " .. table.concat(bits, "; ")
        .. ". " .. L.round_of(D, 1) .. ": program your cards." }
    elseif e.kind == "score" then
      out[#out + 1] = { kind = "score", text = score_entry(D, after, e, t) }
    elseif e.kind == "weapons_vp" then
      out[#out + 1] = { kind = "score", text = weapons_entry(D, e, t) }
    end
  end
  if after.round ~= before.round or (after.phase == "over" and before.phase ~= "over") then
    local had = notes.round_vp
    local bits = {}
    for _, p in ipairs(after.players) do
      local start = had and had[p.color]
      local gained = start and p.vp - start
      bits[#bits + 1] = p.color .. " " .. p.vp .. " VP in all" .. (gained and (gained == 0
        and " (none this round)" or (" (" .. (gained > 0 and "+" or "") .. gained .. " this round)")) or "")
    end
    out[#out + 1] = { kind = "news", text = "End of round " .. before.round .. ": "
      .. table.concat(bits, ", ") .. "." }
    if after.phase ~= "over" then
      out[#out + 1] = { kind = "news", text = L.round_of(D, after.round)
        .. ": program your cards. " .. after.players[after.start + 1].color
        .. " goes first this round." }
    end
  end
  if after.phase == "program" and (notes.round_vp == nil or after.round ~= notes.round) then
    notes.round, notes.round_vp = after.round, {}
    for _, p in ipairs(after.players) do
      notes.round_vp[p.color] = p.vp
    end
  end
  if after.phase == "over" and before.phase ~= "over" then
    for _, line in ipairs(L.score_lines(D, after)) do
      out[#out + 1] = { kind = "score", text = "Final score, " .. line .. "." }
    end
    out[#out + 1] = { kind = "news", text = "Game over. " .. L.winner(after) }
  end
  return out
end

-- Each player's final VP by category: the zones at each scoring round, combat, KOs, the
-- Mighty Mech and the weapons bought (the state's `vp_by`: they add up to the VP).
function L.score_lines(_, view)
  local out = {}
  for _, p in ipairs(view.players) do
    local by = p.vp_by
    local rounds, zones = {}, 0
    for k, v in ipairs(by.rounds) do
      rounds[k] = tostring(v)
      zones = zones + v
    end
    out[#out + 1] = p.color .. ": zones " .. zones .. " (" .. (#rounds > 0 and ("rounds "
      .. table.concat(rounds, " + ")) or "none scored") .. ") + combat " .. by.combat
      .. " + KOs " .. by.ko .. " + Mighty Mech " .. by.mech .. " + weapons " .. by.weapons
      .. " (" .. #p.bought .. " bought) = " .. p.vp .. " VP"
  end
  return out
end

-- Who won, and why: VP, then most weapons bought (docs/tem-rules-decisions.md), else shared.
function L.winner(view)
  local ranking = view.ranking
  if ranking == NULL or ranking == nil or ranking[1] == nil then
    return "No ranking."
  end
  local by = {}
  for _, p in ipairs(view.players) do
    by[p.color] = p
  end
  local firsts = {}
  for _, r in ipairs(ranking) do
    if r.place == 1 then
      firsts[#firsts + 1] = r.color
    end
  end
  local top = by[firsts[1]]
  if #firsts > 1 then
    return table.concat(firsts, " and ") .. " share the win: " .. top.vp .. " VP and "
      .. #top.bought .. " weapons bought each."
  end
  local second = ranking[2] and by[ranking[2].color]
  if second == nil or second.vp < top.vp then
    -- the runners-up: every player with the second most VP, whatever their tie-break
    local next_best = {}
    for _, r in ipairs(second and ranking or {}) do
      if by[r.color].vp == second.vp then
        next_best[#next_best + 1] = r.color
      end
    end
    local n = #next_best
    local names = n > 1 and (table.concat(next_best, ", ", 1, n - 1) .. " and " .. next_best[n])
      or next_best[1]
    return top.color .. " wins with " .. top.vp .. " VP" .. (second and (" (" .. names
      .. (n > 1 and " have " or " has ")
      .. second.vp .. ")") or "") .. "."
  end
  return top.color .. " and " .. second.color .. " have " .. top.vp .. " VP; " .. top.color
    .. " wins on weapons bought, " .. #top.bought .. " to " .. #second.bought .. "."
end

return L
