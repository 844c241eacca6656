-- Pure: the game log's entries for Tiny Epic Mechs, worded from the events the core notes
-- for each action (docs/tem-log.md lists them): who did what, why, and the numbers.
--
-- The events are read from the public view (core.view(state, nil)), so an entry everyone
-- reads carries no secret; the acting player's own words (the pilot they kept, the number
-- of the mine they deployed, their program) go in `own`, read from their own view. A
-- combat's attacks and each player's scoring are entries of their own.

local json = require("lib.json")
local Count = require("lib.count")
local fill = require("lib.fill")
local tr = require("lib.tr")
local dir_word = require("tem.table.dirs")
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
  local ns = r == e.top and tr("north") or (r == e.bottom and tr("south") or nil)
  local ew = c == e.left and tr("west") or (c == e.right and tr("east") or nil)
  if ns and ew then
    return tr("{ns}-{ew}", { ns = ns, ew = ew })
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
  local text = side and tr("the {side} base slot", { side = side }) or tr("the base slot")
  if #near == 0 then
    return text
  end
  return tr("{slot}, beside {zones}", { slot = text, zones = table.concat(near, tr(" and ")) })
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
  local round = { n = n, rounds = D.rounds }
  return n == D.rounds and tr("Round {n} of {rounds}, the last", round)
    or tr("Round {n} of {rounds}", round)
end

-- Words and what they led to: "Red takes 2 damage: -2 health (now 3)"; "...; the mine goes
-- back to Blue".
local function with(text, change)
  return change and tr("{text}: {change}", { text = text, change = change }) or text
end

local function also(text, more)
  return more and tr("{text}; {more}", { text = text, more = more }) or text
end

local function join(bits)
  return table.concat(bits, tr(", "))
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
  return tr("{amount} (now {total})", { amount = Count.signed(t.units, n, field), total = total })
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
  return cost > 0 and amount(t, who, resource_name, -cost) or tr("free")
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
  local took = { player = who, damage = Count.of(t.units, e.damage, "damage"), hurt = e.hurt }
  local text = tr("{player} takes {damage}", took)
  if e.hurt ~= nil and e.hurt > e.damage then
    text = tr("{player} takes {damage} ({hurt}, cut to the health {player} had left)", took)
  end
  return with(text, set_to(t, who, "health", e.health))
end

-- The names of the cards that give `who` an ability of `kind` (its pilot, the Mighty Mech's
-- side it controls), as the view after the action shows them.
local function causes(D, view, who, kind)
  local out = {}
  for _, p in ipairs(view.players) do
    if p.color == who and p.pilot ~= NULL and p.pilot ~= nil and D.ability[p.pilot] == kind then
      out[#out + 1] = name(D, p.pilot)
    end
  end
  local mech = view.mech
  if mech and mech.controller == who and mech.side ~= NULL and D.ability[mech.side] == kind then
    out[#out + 1] = name(D, mech.side)
  end
  return #out > 0 and join(out) or tr("an ability")
end

local ABILITY = {
  gain = function(D, t, w, me)
    local change = resource(D, t, me, w.ability.resource, w.ability.n)
    local text = tr("{player} gains {amount}",
      { player = me, amount = Count.of(t.units, w.ability.n, w.ability.resource) })
    return with(text, change or tr("already at the most, {cap}", { cap = D.cap }))
  end,
  vp = function(_, t, w, me)
    return with(tr("{player} scores {vp} more",
      { player = me, vp = Count.of(t.units, w.ability.n, "vp") }), amount(t, me, "vp", w.ability.n))
  end,
  drain = function(D, t, w, _, foe)
    local change = resource(D, t, foe, w.ability.resource, -w.ability.n)
    local text = tr("{player} loses {amount}",
      { player = foe, amount = Count.of(t.units, w.ability.n, w.ability.resource) })
    return change and with(text, change) or tr("{player} has no {resource} to lose",
      { player = foe, resource = Count.word(t.units, 2, w.ability.resource) })
  end,
  heal = function(D, t, w, me, _, view)
    local most = 0
    for _, p in ipairs(view.players) do
      if p.color == me then most = health_max(D, p.status, p.pilot) end
    end
    local change = set_to(t, me, "health", math.min(most, t[me].health + w.ability.n))
    return with(tr("{player} heals up to {n}", { player = me, n = w.ability.n }),
      change or tr("already at full health"))
  end,
  shield = function(_, _, w, me)
    return tr("the next attack on {player} deals {n} less", { player = me, n = w.ability.n })
  end,
  pierce = function() return tr("it ignores shields") end,
  pay_for_damage = function() return nil end, -- said with the attack: what was paid
}

local WHY_POWER = { jump = tr("the first attack after a jump"),
  counter = tr("it counters the last weapon type used against it"),
  first_strike = tr("a first strike ability") }

local ACTION = { collect = tr("collect"), mine = tr("deploy a mine"),
  turret = tr("deploy a turret"), buy = tr("buy a weapon"), power_up = tr("power up") }

-- What set off a trap's KO, by the event before it.
local TRAPS = { mine = tr("mine"), turret = tr("turret") }

-- One event's words (nil: nothing worth a clause). `view`: the state after the action, as
-- the reader may see it. `events`, `i`: the whole list and where this one is. `t`: the
-- running totals (changed as the words give each amount).
local function clause(D, view, events, i, t)
  local e = events[i]
  local who, k = e.player, e.kind
  if k == "card" then
    local card = { player = who, card = name(D, e.card),
      dir = e.dir == "stay" and tr("no way open: stays") or dir_word(e.dir) }
    if e.ad_hoc then
      return tr("{player} (Ad Hoc Mode) plays {card} ({dir})", card)
    end
    return tr("{player} reveals {card} ({dir})", card)
  elseif k == "wall" then
    return tr("the arena's edge stops the move: {player} stays in {place}",
      { player = who, place = L.place(D, view, e.cell) })
  elseif k == "move" then
    return tr("{player} moves to {place}", { player = who, place = L.place(D, view, e.cell) })
  elseif k == "mine" then
    return tr("{owner}'s mine (number {n}) in {place} explodes, {zone} for the zone and {n} for "
      .. "the mine; {hurt}; the mine goes back to {owner}", { owner = e.owner, n = e.number,
      zone = e.hurt - e.number, place = L.place(D, view, e.cell), hurt = hurt(t, who, e) })
  elseif k == "spared" then
    return tr("{owner}'s mine in {place} does not go off: {player} is immune to mines ({card})",
      { owner = e.owner, place = L.place(D, view, e.cell), player = who,
        card = causes(D, view, who, "mine_immune") })
  elseif k == "turret" then
    local ko = events[i + 1] and events[i + 1].kind == "ko"
    local fired = { owner = e.owner, place = L.place(D, view, e.cell), hurt = hurt(t, who, e) }
    return ko and tr("{owner}'s turret in {place} fires; {hurt}", fired)
      or tr("{owner}'s turret in {place} fires; {hurt}; the turret goes back to {owner}", fired)
  elseif k == "combat" then
    return tr("{player} meets {foe} there: combat, {change} for starting it; no card action",
      { player = who, foe = e.foe, change = amount(t, who, "vp", e.vp) })
  elseif k == "attack" then
    local w = D.weapons[e.weapon]
    local how = e.power ~= "" and tr("a power attack ({why})", { why = WHY_POWER[e.power] })
      or tr("an attack")
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
    local text = tr("{player} attacks {foe} with {weapon} ({type}): {how}",
      { player = who, foe = e.foe, weapon = w.name, type = Count.word(D.units, 2, w.type),
        how = how })
    if (e.paid or 0) > 0 then
      local res = w.ability.resource
      text = tr("{text}, paying {amount} for as much more damage: {change}", { text = text,
        amount = Count.of(t.units, e.paid, res), change = amount(t, who, res, -e.paid) })
    end
    local hit = { text = text, foe = e.foe, damage = Count.of(t.units, e.damage, "damage") }
    if e.vp == 0 and e.damage == 0 then -- (VP come with damage: none dealt, none scored)
      text = tr("{text}; {foe} takes {damage}, so no VP", hit)
    else
      hit.change = amount(t, who, "vp", e.vp)
      text = tr("{text}, {change}; {foe} takes {damage}", hit)
    end
    if shield and e.ability ~= "pierce" then
      text = tr("{text} ({n} less for {foe}'s {shield})",
        { text = text, n = shield.ability.n, foe = e.foe, shield = shield.name })
    end
    local change = set_to(t, e.foe, "health", e.health)
    text = change and with(text, change) or tr("{text} ({health} left)",
      { text = text, health = Count.of(t.units, e.health, "health") })
    local ability = ABILITY[e.ability]
    return also(text, ability and ability(D, t, w, who, e.foe, view))
  elseif k == "retreat" then
    return tr("{player} has no ready weapon left and retreats; {by} scores for it: {change}",
      { player = who, by = e.by, change = amount(t, e.by, "vp", e.vp) })
  elseif k == "ko" then
    local by
    local bonus = e.trap and 0 or e.vp - D.ko_vp -- an ability's share, told as its own part
    local ko = { player = who, by = e.by, change = amount(t, e.by, "vp", e.vp - bonus),
      trap = TRAPS[events[i - 1] and events[i - 1].kind] or tr("trap") }
    if e.trap then
      by = tr("{player} is KO'd by {by}'s {trap}; {by} scores for it: {change}", ko)
    elseif bonus > 0 then
      ko.bonus = amount(t, e.by, "vp", bonus)
      ko.card = causes(D, view, e.by, "extra_vp_on_ko")
      by = tr("{by} KOs {player}: {change} for the KO, {bonus} from {card}", ko)
    else
      by = tr("{by} KOs {player}: {change}", ko)
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
    local numbers = #bits > 0 and join(bits) or nil
    if e.status == "armor" then
      by = also(by, with(tr("{player} leaves the Power Armor: a pilot again, at full health",
        { player = who }), numbers))
    elseif e.status == "mech" then
      by = also(by, with(tr("{player} loses the Mighty Mech: a pilot again, at full health",
        { player = who }), numbers))
    else
      by = also(by, with(tr("{player} is back to full health, with at least {energy} and "
        .. "{credits}", { player = who, energy = Count.of(D.units, D.ko_floor, "energy"),
        credits = Count.of(D.units, D.ko_floor, "credits") }), numbers))
    end
    return by
  elseif k == "to" then
    local to = { player = who, place = L.place(D, view, e.cell) }
    local text
    if e.why == "ko_base" then
      text = tr("{player} goes back to their base", to)
    elseif e.why == "ko_zone" then
      text = tr("{player}'s base is hostile: {player} goes to {place}, the nearest safe zone "
        .. "to it", to)
    elseif e.why == "retreat" then
      text = tr("{player} retreats to {place}, the nearest safe zone", to)
    else
      text = tr("no safe zone: {player} stays in {place}", to)
    end
    return also(text, tr("{player} is in Ad Hoc Mode for the rest of the round", to))
  elseif k == "mech" then
    local bits = { amount(t, who, "vp", e.vp) }
    bits[#bits + 1] = set_to(t, who, "health", D.statuses.mech.health)
    return tr("{player} takes the Mighty Mech ({side}): {changes}",
      { player = who, side = name(D, e.side), changes = join(bits) })
  elseif k == "equip" then
    local equip = { player = who, weapon = name(D, e.weapon) }
    return e.on and tr("{player} equips {weapon}", equip) or tr("{player} unequips {weapon}", equip)
  elseif k == "no_action" then
    if e.why == "skip" then
      return tr("{player} skips the card's action ({action})",
        { player = who, action = ACTION[e.action] })
    elseif e.why == "combat" or e.why == "ko" then
      return nil -- said by the combat or the KO
    end
    return tr("{player} cannot {action}: {why}", { player = who, action = ACTION[e.action],
      why = e.why })
  elseif k == "collect" then
    local got = {}
    if e.energy > 0 then got[#got + 1] = amount(t, who, "energy", e.energy) end
    if e.credits > 0 then got[#got + 1] = amount(t, who, "credits", e.credits) end
    -- a resource gained nothing: said when its track is full (else the zones yield none)
    local full = {}
    for _, res in ipairs({ "energy", "credits" }) do
      if e[res] == 0 and t[who][res] >= D.cap then
        full[#full + 1] = Count.word(D.units, 2, res)
      end
    end
    local said = { player = who, zones = Count.of(D.units, e.zones, "zones"), changes = join(got),
      why = #full > 0 and tr("{resources} already at the most, {cap}",
        { resources = table.concat(full, tr(" and ")), cap = D.cap }) or nil }
    if #got == 0 then
      return said.why and tr("{player} collects from {zones}: nothing gained, {why}", said)
        or tr("{player} collects from {zones}: nothing gained", said)
    end
    return said.why and tr("{player} collects from {zones}: {changes}; {why}", said)
      or tr("{player} collects from {zones}: {changes}", said)
  elseif k == "deploy" then
    local what = e.what == "mine" and (e.number ~= NULL and e.number ~= nil
      and tr("mine {n}", { n = e.number }) or tr("a mine (its number secret)")) or tr("a turret")
    local put = { player = who, what = what, place = L.place(D, view, e.cell),
      paid = paid(t, who, e.cost, e.resource) }
    if e.moved ~= "" then
      put.from = L.place(D, view, e.moved)
      return tr("{player} moves {what} from {from} to {place}: {paid}", put)
    end
    return tr("{player} deploys {what} to {place}: {paid}", put)
  elseif k == "buy" then
    local bits = {}
    if e.energy > 0 then bits[#bits + 1] = amount(t, who, "energy", -e.energy) end
    if e.credits > 0 then bits[#bits + 1] = amount(t, who, "credits", -e.credits) end
    return tr("{player} buys {weapon}: {changes}", { player = who, weapon = name(D, e.weapon),
      changes = #bits > 0 and join(bits) or tr("free") })
  elseif k == "upgrade" then
    local bits = { paid(t, who, e.cost, e.resource) }
    bits[#bits + 1] = set_to(t, who, "health", D.statuses.armor.health)
    return tr("{player} upgrades to Power Armor: {changes}", { player = who, changes = join(bits) })
  elseif k == "heal" then
    return tr("{player} heals {n}: {paid}, {change}", { player = who, n = e.health,
      paid = paid(t, who, e.cost, e.resource), change = amount(t, who, "health", e.health) })
  end
  return nil
end

-- A clause as a sentence of its own: "Red moves to Scrap Yard." (its first letter raised, in
-- a language that has capitals).
local function sentence(text)
  return tr("{sentence}.", { sentence = string.upper(string.sub(text, 1, 1))
    .. string.sub(text, 2) })
end

-- Entries for a list of events read by one colour (nil: public), grouped: the turn up to
-- its combat, then each attack, then how the combat ended and what followed. `t`: the
-- running totals (made from `view` when not given: an action's first events).
local function worded(D, view, events, from, to, t)
  t = t or tally_of(D, view)
  local out, cur = {}, {}
  local function flush()
    if #cur > 0 then
      local text = cur[1]
      for j = 2, #cur do
        text = tr("{earlier} {later}", { earlier = text, later = cur[j] }) -- two sentences
      end
      out[#out + 1] = text
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
    local scored = { vp = line.vp, place = where }
    if line.what == "pilot" then
      bits[#bits + 1] = tr("{vp} for the pilot on {place}", scored)
    elseif line.what == "mine" then
      bits[#bits + 1] = tr("{vp} for a mine on {place}", scored)
    elseif line.what == "turret" then
      bits[#bits + 1] = tr("{vp} for a turret on {place} (twice the zone)", scored)
    else
      bits[#bits + 1] = tr("{vp} for controlling the Mighty Mech", scored)
    end
  end
  local said = { player = e.player, round = e.round, scored = join(bits),
    change = amount(t, e.player, "vp", e.vp) }
  return #bits > 0 and tr("{player} scores after round {round} ({scored}): {change}.", said)
    or tr("{player} scores after round {round} (nothing in play): {change}.", said)
end

local function weapons_entry(D, e, t)
  if #e.lines == 0 then
    return tr("{player} bought no weapon: {change} at the end.",
      { player = e.player, change = amount(t, e.player, "vp", 0) })
  end
  local bits = {}
  for _, line in ipairs(e.lines) do
    bits[#bits + 1] = tr("{vp} for {weapon}", { vp = line.vp, weapon = name(D, line.weapon) })
  end
  return tr("{player}'s weapons bought score at the end ({scored}): {change}.",
    { player = e.player, scored = join(bits), change = amount(t, e.player, "vp", e.vp) })
end

-- A secret choice: what everyone reads, and what its player reads.
local SECRET = {
  pilot = { tr("{player} has kept one of their two pilots (secret until everyone has kept "
    .. "one)."), function(D, a) return tr("You keep {pilot}.", { pilot = name(D, a.pilot) }) end },
  base_mine = { tr("{player} has put a mine face down on their base (its number is secret)."),
    function(_, a) return tr("You put mine {n} face down on your base.", { n = a.number }) end },
  basic = { tr("{player} has picked a basic weapon (secret until everyone has picked)."),
    function(D, a) return tr("You pick {weapon}.", { weapon = name(D, a.weapon) }) end },
}

local function program_text(D, cards)
  local bits = {}
  for i, c in ipairs(cards) do
    bits[i] = tr("{i}. {card} {dir}", { i = i, card = name(D, c.card), dir = dir_word(c.dir) })
  end
  return join(bits)
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
    out[1] = { kind = "action", text = tr("{player} takes {slot}: {zone}.", { player = who,
      slot = L.base_slot(D, before, a.cell), zone = name(D, after.cells[a.cell].zone) }) }
  elseif SECRET[a.type] then
    out[1] = { kind = "action", text = fill(SECRET[a.type][1], { player = who }),
      own = { [who] = SECRET[a.type][2](D, a) } }
  elseif a.type == "program" then
    out[1] = { kind = "action", text = tr("{player} has programmed their {n} cards (secret "
      .. "until each is revealed).", { player = who, n = #a.cards }),
      own = { [who] = tr("Your program this round: {cards}.",
        { cards = program_text(D, a.cards) }) } }
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
      out[1] = { kind = "action", text = tr("{player} plays.", { player = who }) }
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
        bits[#bits + 1] = with(tr("{player} keeps {pilot}",
          { player = p.color, pilot = name(D, p.pilot) }), health)
      end
      out[#out + 1] = { kind = "news", text = tr("Pilots revealed. {pilots}.",
        { pilots = table.concat(bits, tr("; ")) }) }
    elseif e.kind == "revealed" and e.what == "base_mine" then
      out[#out + 1] = { kind = "news", text = tr("Every base now holds its owner's secret mine.") }
    elseif e.kind == "revealed" and e.what == "basic" then
      local bits = {}
      for _, p in ipairs(after.players) do
        bits[#bits + 1] = tr("{player} {weapon}", { player = p.color, weapon = name(D, p.owned[1]) })
      end
      out[#out + 1] = { kind = "news", text = tr("Basic weapons revealed: {weapons}. {round}: "
        .. "program your cards.", { weapons = table.concat(bits, tr("; ")),
        round = L.round_of(D, 1) }) }
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
      local all = { player = p.color, vp = Count.of(D.units, p.vp, "vp"),
        gained = gained and ((gained > 0 and "+" or "") .. gained) }
      bits[#bits + 1] = not gained and tr("{player} {vp} in all", all)
        or gained == 0 and tr("{player} {vp} in all (none this round)", all)
        or tr("{player} {vp} in all ({gained} this round)", all)
    end
    out[#out + 1] = { kind = "news", text = tr("End of round {round}: {players}.",
      { round = before.round, players = join(bits) }) }
    if after.phase ~= "over" then
      out[#out + 1] = { kind = "news", text = tr("{round}: program your cards. {player} goes "
        .. "first this round.", { round = L.round_of(D, after.round),
        player = after.players[after.start + 1].color }) }
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
      out[#out + 1] = { kind = "score", text = tr("Final score, {line}.", { line = line }) }
    end
    out[#out + 1] = { kind = "news", text = tr("Game over. {winner}", { winner = L.winner(after) }) }
  end
  return out
end

-- Each player's final VP by category: the zones at each scoring round, combat, KOs, the
-- Mighty Mech and the weapons bought (the state's `vp_by`: they add up to the VP).
function L.score_lines(D, view)
  local out = {}
  for _, p in ipairs(view.players) do
    local by = p.vp_by
    local rounds, zones = {}, 0
    for k, v in ipairs(by.rounds) do
      rounds[k] = tostring(v)
      zones = zones + v
    end
    out[#out + 1] = tr("{player}: zones {zones} ({rounds}) + combat {combat} + KOs {ko} + "
      .. "Mighty Mech {mech} + weapons {weapons} ({bought} bought) = {vp}", { player = p.color,
      zones = zones, rounds = #rounds > 0 and tr("rounds {list}",
      { list = table.concat(rounds, tr(" + ")) }) or tr("none scored"), combat = by.combat,
      ko = by.ko, mech = by.mech, weapons = by.weapons, bought = #p.bought,
      vp = Count.of(D.units, p.vp, "vp") })
  end
  return out
end

-- Who won, and why: VP, then most weapons bought (docs/tem-rules-decisions.md), else shared.
function L.winner(view)
  local ranking = view.ranking
  if ranking == NULL or ranking == nil or ranking[1] == nil then
    return tr("No ranking.")
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
    return tr("{players} share the win: {vp} VP and {n} weapons bought each.",
      { players = table.concat(firsts, tr(" and ")), vp = top.vp, n = #top.bought })
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
    local won = { player = top.color, vp = top.vp, theirs = second and second.vp,
      others = n > 1 and (table.concat(next_best, tr(", "), 1, n - 1) .. tr(" and ")
        .. next_best[n]) or next_best[1] }
    if second == nil then
      return tr("{player} wins with {vp} VP.", won)
    end
    return n > 1 and tr("{player} wins with {vp} VP ({others} have {theirs}).", won)
      or tr("{player} wins with {vp} VP ({others} has {theirs}).", won)
  end
  return tr("{player} and {other} have {vp} VP; {player} wins on weapons bought, {mine} to "
    .. "{theirs}.", { player = top.color, other = second.color, vp = top.vp,
    mine = #top.bought, theirs = #second.bought })
end

return L
