-- Pure: the game log's entries for Tiny Epic Mechs, worded from the events the core notes
-- for each action (docs/tem-log.md lists them): who did what, why, and the numbers.
--
-- The events are read from the public view (core.view(state, nil)), so an entry everyone
-- reads carries no secret; the acting player's own words (the pilot they kept, the number
-- of the mine they deployed, their program) go in `own`, read from their own view. A
-- combat's attacks and each player's scoring are entries of their own.

local json = require("lib.json")

local NULL = json.null
local L = {}

local function name(D, id)
  return D.names[id] or tostring(id)
end

-- A cell as players find it on the table: its zone's name.
function L.place(D, view, cell)
  local c = view.cells[cell]
  if c == nil then
    return tostring(cell)
  end
  if c.zone == "" then
    return "the free base slot " .. cell
  end
  return name(D, c.zone)
end

local function signed(n, what)
  return (n >= 0 and "+" or "") .. n .. " " .. what
end

local ABILITY = {
  gain = function(D, w, me) return me .. " gains " .. w.ability.n .. " " .. w.ability.resource end,
  vp = function(D, w, me) return me .. " scores " .. w.ability.n .. " VP more" end,
  drain = function(D, w, me, foe) return foe .. " loses " .. w.ability.n .. " " .. w.ability.resource end,
  heal = function(D, w, me) return me .. " heals up to " .. w.ability.n end,
  shield = function(D, w, me) return "the next attack on " .. me .. " deals " .. w.ability.n
    .. " less" end,
  pierce = function() return "it ignores shields" end,
  pay_for_damage = function() return "the damage includes what was paid" end,
}

local WHY_POWER = { jump = "the first attack after a jump", counter = "it counters the last "
  .. "weapon type used against it", first_strike = "a first strike ability" }

local ACTION = { collect = "collect", mine = "deploy a mine", turret = "deploy a turret",
  buy = "buy a weapon", power_up = "power up" }

-- One event's words (nil: nothing worth a clause). `view`: the state after the action, as
-- the reader may see it. `events`, `i`: the whole list and where this one is.
local function clause(D, view, events, i)
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
      .. " explodes: " .. who .. " takes " .. e.damage .. " damage; the mine goes back to "
      .. e.owner
  elseif k == "turret" then
    local ko = events[i + 1] and events[i + 1].kind == "ko"
    return e.owner .. "'s turret in " .. L.place(D, view, e.cell) .. " fires: " .. who
      .. " takes " .. e.damage .. " damage" .. (ko and "" or ("; the turret goes back to "
      .. e.owner))
  elseif k == "combat" then
    return who .. " enters " .. e.foe .. "'s zone: combat (" .. who .. " " .. signed(e.vp, "VP")
      .. " for starting it; no card action)"
  elseif k == "attack" then
    local w = D.weapons[e.weapon]
    local how = e.power ~= "" and ("a power attack (" .. WHY_POWER[e.power] .. ")") or "an attack"
    local text = who .. " attacks " .. e.foe .. " with " .. w.name .. " (" .. w.type .. "): "
      .. how .. ", " .. e.damage .. " damage, " .. signed(e.vp, "VP")
    local ability = ABILITY[e.ability]
    if ability then
      text = text .. "; " .. ability(D, w, who, e.foe)
    end
    return text
  elseif k == "retreat" then
    return who .. " has no ready weapon left and retreats (" .. e.by .. " " .. signed(e.vp, "VP")
      .. ")"
  elseif k == "ko" then
    local by
    if e.trap then
      by = who .. " is KO'd by " .. e.by .. "'s " .. (events[i - 1] and events[i - 1].kind
        or "trap") .. " (" .. e.by .. " " .. signed(e.vp, "VP") .. ")"
    else
      by = e.by .. " KOs " .. who .. " (" .. e.by .. " " .. signed(e.vp, "VP") .. ")"
    end
    if e.status == "armor" then
      by = by .. "; " .. who .. " leaves the Power Armor: a pilot again, at full health"
    elseif e.status == "mech" then
      by = by .. "; " .. who .. " loses the Mighty Mech: a pilot again, at full health"
    else
      by = by .. "; " .. who .. " is back to full health, with at least 2 energy and 2 credits"
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
    return who .. " takes the Mighty Mech (" .. name(D, e.side) .. "), " .. signed(e.vp, "VP")
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
    return who .. " collects from " .. e.zones .. (e.zones == 1 and " zone: " or " zones: ")
      .. signed(e.energy, "energy") .. ", " .. signed(e.credits, "credits")
  elseif k == "deploy" then
    local what = e.what == "mine" and (e.number ~= NULL and e.number ~= nil
      and ("mine " .. e.number) or "a mine (its number secret)") or "a turret"
    local from = e.moved ~= "" and (" from " .. L.place(D, view, e.moved)) or ""
    return who .. (e.moved ~= "" and " moves " or " deploys ") .. what .. from .. " to "
      .. L.place(D, view, e.cell) .. " (" .. signed(-e.cost, e.resource) .. ")"
  elseif k == "buy" then
    local paid = {}
    if e.energy > 0 then paid[#paid + 1] = signed(-e.energy, "energy") end
    if e.credits > 0 then paid[#paid + 1] = signed(-e.credits, "credits") end
    return who .. " buys " .. name(D, e.weapon) .. (#paid > 0 and (" (" .. table.concat(paid, ", ")
      .. ")") or "")
  elseif k == "upgrade" then
    return who .. " upgrades to Power Armor (" .. signed(-e.cost, e.resource) .. "): health 9"
  elseif k == "heal" then
    return who .. " heals " .. e.health .. " (" .. signed(-e.cost, e.resource) .. ")"
  end
  return nil
end

local function sentence(text)
  return string.upper(string.sub(text, 1, 1)) .. string.sub(text, 2) .. "."
end

-- Entries for a list of events read by one colour (nil: public), grouped: the turn up to
-- its combat, then each attack, then how the combat ended and what followed.
local function worded(D, view, events)
  local out, cur = {}, {}
  local function flush()
    if #cur > 0 then
      out[#out + 1] = table.concat(cur, " ")
      cur = {}
    end
  end
  for i, e in ipairs(events) do
    local k = e.kind
    if k == "score" or k == "weapons_vp" or k == "chosen" or k == "revealed"
      or k == "programmed" or k == "base" then
      -- worded on their own below
    else
      local text = clause(D, view, events, i)
      if text then
        if k == "attack" or k == "retreat" or (k == "ko" and not e.trap) then
          flush()
        end
        cur[#cur + 1] = sentence(text)
        if k == "attack" then
          flush()
        end
      end
    end
  end
  flush()
  return out
end

local function score_entry(D, view, e)
  local bits = {}
  for _, line in ipairs(e.lines) do
    local where = L.place(D, view, line.cell)
    if line.what == "pilot" then
      bits[#bits + 1] = "pilot on " .. where .. " +" .. line.vp
    elseif line.what == "mine" then
      bits[#bits + 1] = "mine on " .. where .. " +" .. line.vp
    elseif line.what == "turret" then
      bits[#bits + 1] = "turret on " .. where .. " +" .. line.vp .. " (twice the zone)"
    else
      bits[#bits + 1] = "Mighty Mech control +" .. line.vp
    end
  end
  return "Scoring after round " .. e.round .. ": " .. e.player .. " " .. table.concat(bits, ", ")
    .. " = " .. signed(e.vp, "VP") .. "."
end

local function weapons_entry(D, e)
  if #e.lines == 0 then
    return "Final scoring: " .. e.player .. " bought no weapon: +0 VP."
  end
  local bits = {}
  for _, line in ipairs(e.lines) do
    bits[#bits + 1] = name(D, line.weapon) .. " +" .. line.vp
  end
  return "Final scoring: " .. e.player .. "'s weapons bought: " .. table.concat(bits, ", ")
    .. " = " .. signed(e.vp, "VP") .. "."
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

-- The entries an applied action writes, in order (glue.table: words.entries).
function L.entries(ctx, result)
  local D, core = ctx.D, ctx.m.core
  local a = result.action
  local before, after = core.view(result.before, nil), core.view(result.after, nil)
  local events = after.events
  local out = {}
  local who = a.player
  if a.type == "base" then
    out[1] = { kind = "action", text = who .. " takes the base slot " .. a.cell .. ": "
      .. name(D, after.cells[a.cell].zone) .. "." }
  elseif SECRET[a.type] then
    out[1] = { kind = "action", text = who .. " " .. SECRET[a.type][1] .. ".",
      own = { [who] = SECRET[a.type][2](D, a) } }
  elseif a.type == "program" then
    out[1] = { kind = "action", text = who .. " has programmed their 4 cards (secret until "
      .. "each is revealed).", own = { [who] = "Your program this round: "
      .. program_text(D, a.cards) .. "." } }
  else
    local texts = worded(D, after, events)
    local mine_at = nil
    for _, e in ipairs(events) do
      if e.kind == "deploy" and e.what == "mine" then mine_at = e end
    end
    local own = nil
    if mine_at then
      -- the acting player reads their mine's number in their own words
      local own_view = core.view(result.after, who)
      own = worded(D, own_view, own_view.events)
    end
    for i, text in ipairs(texts) do
      out[#out + 1] = { kind = "action", text = text,
        own = own and own[i] ~= text and { [who] = own[i] } or nil }
    end
    if #out == 0 then
      out[1] = { kind = "action", text = who .. " plays." }
    end
  end
  -- the setup's reveals, scoring and the round's end
  local notes = ctx.log.notes
  for _, e in ipairs(events) do
    if e.kind == "revealed" and e.what == "pilot" then
      local bits = {}
      for _, p in ipairs(after.players) do
        bits[#bits + 1] = p.color .. " keeps " .. name(D, p.pilot) .. " (health " .. p.health .. ")"
      end
      out[#out + 1] = { kind = "news", text = "Pilots revealed: " .. table.concat(bits, "; ") .. "." }
    elseif e.kind == "revealed" and e.what == "base_mine" then
      out[#out + 1] = { kind = "news", text = "Every base now holds its owner's secret mine." }
    elseif e.kind == "revealed" and e.what == "basic" then
      local bits = {}
      for _, p in ipairs(after.players) do
        bits[#bits + 1] = p.color .. " " .. name(D, p.owned[1])
      end
      out[#out + 1] = { kind = "news", text = "Basic weapons revealed: " .. table.concat(bits, "; ")
        .. ". Round 1: program your cards." }
    elseif e.kind == "score" then
      out[#out + 1] = { kind = "score", text = score_entry(D, after, e) }
    elseif e.kind == "weapons_vp" then
      out[#out + 1] = { kind = "score", text = weapons_entry(D, e) }
    end
  end
  if after.round ~= before.round or (after.phase == "over" and before.phase ~= "over") then
    local had = notes.round_vp
    local bits = {}
    for _, p in ipairs(after.players) do
      local start = had and had[p.color]
      bits[#bits + 1] = p.color .. " " .. p.vp .. " VP" .. (start and (" (" .. signed(p.vp - start,
        "this round") .. ")") or "")
    end
    out[#out + 1] = { kind = "news", text = "End of round " .. before.round .. ": "
      .. table.concat(bits, ", ") .. "." }
    if after.phase ~= "over" then
      out[#out + 1] = { kind = "news", text = "Round " .. after.round .. ": program your cards." }
    end
  end
  if after.phase == "program" and (notes.round_vp == nil or after.round ~= notes.round) then
    notes.round, notes.round_vp = after.round, {}
    for _, p in ipairs(after.players) do
      notes.round_vp[p.color] = p.vp
    end
  end
  if after.phase == "over" and before.phase ~= "over" then
    out[#out + 1] = { kind = "news", text = "Game over. " .. ctx.words.ranking(after) }
  end
  return out
end

return L
