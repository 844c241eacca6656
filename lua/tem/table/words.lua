-- Pure: what each decision asks, and what happened, in the players' words (Tiny Epic Mechs).
--
-- Everything here reads the public view of the state (the core's view for no colour), so no
-- line it writes can carry a secret: a program, a mine's number, a pilot not yet revealed.

local json = require("lib.json")

local NULL = json.null
local W = {}

local ASK = {
  base = "Choose your base slot",
  pilot = "Keep which of your two pilots? (secret until everyone has kept one)",
  base_mine = "Which mine lies face down at your base?",
  basic = "Which basic weapon do you start with?",
  program = "Program a card: which one?",
  direction = "Which way does it point?",
  fight = "Fight whom?",
  attack = "Attack with which weapon?",
  retreat = "Retreat to which zone?",
  ko_zone = "KO'd: to which of the nearest safe zones?",
  act = "Do the card's action?",
  buy = "Buy which weapon?",
  equip_start = "Change your equipped weapons before you move?",
  equip_end = "Change your equipped weapons at the end of your turn?",
  equip_status = "Your status changed: change your equipped weapons?",
  mine_number = "Which mine do you deploy?",
  move_mine = "Move which of your mines here?",
  move_turret = "Move which of your turrets here?",
  power_up = "Heal or upgrade?",
  mech = "Take the Mighty Mech?",
  mech_side = "Which side of the Mighty Mech?",
  boost = "Pay for extra damage?",
  ad_hoc_card = "Ad Hoc Mode: play which card?",
  ad_hoc_direction = "Ad Hoc Mode: which way?",
}

function W.asks()
  return ASK
end

-- The question a decision asks.
function W.prompt(d)
  return ASK[d.name] or d.name
end

-- A cell id as a player reads it: the zone's name too.
function W.cell(D, view, id)
  local c = view.cells[id]
  if c == nil or c.zone == "" then
    return id
  end
  return (D.names[c.zone] or c.zone) .. " (" .. id .. ")"
end

-- An option's label with cells named.
function W.label(D, view, label)
  if string.match(label, "^r%d+c%d+$") then
    return W.cell(D, view, label)
  end
  return label
end

local function by_color(view)
  local out = {}
  for _, p in ipairs(view.players) do
    out[p.color] = p
  end
  return out
end

local function delta(n)
  return (n > 0 and "+" or "") .. n
end

-- What changed for each player between two public views, as short phrases.
local function changes(D, before, after)
  local was = by_color(before)
  local out = {}
  for _, p in ipairs(after.players) do
    local q = was[p.color]
    local bits = {}
    if p.zone ~= q.zone and p.zone ~= NULL then
      bits[#bits + 1] = "to " .. W.cell(D, after, p.zone)
    end
    for _, k in ipairs({ "health", "vp", "energy", "credits" }) do
      if p[k] ~= q[k] then
        bits[#bits + 1] = delta(p[k] - q[k]) .. " " .. (k == "vp" and "VP" or k)
      end
    end
    if p.status ~= q.status then
      bits[#bits + 1] = "now " .. D.status_names[p.status]
    end
    if #p.owned > #q.owned then
      bits[#bits + 1] = "gets " .. (D.names[p.owned[#p.owned]] or p.owned[#p.owned])
    end
    if p.ad_hoc and not q.ad_hoc then
      bits[#bits + 1] = "KO: Ad Hoc Mode"
    end
    if #bits > 0 then
      out[#out + 1] = p.color .. " " .. table.concat(bits, ", ")
    end
  end
  if after.mech.controller ~= before.mech.controller and after.mech.controller ~= NULL then
    out[#out + 1] = after.mech.controller .. " takes the Mighty Mech"
  end
  return out
end

-- The chat line for an action: who did what (public labels only), then what changed.
-- `steps` are the action's decisions ({ name =, player =, label = } of each answer);
-- `revealed` the program card it revealed ({ card =, dir = }), if any.
function W.action(D, before, after, result, steps, revealed)
  local a = result.action
  local who = a.player
  local line
  if a.type == "base" then
    line = who .. " takes the base slot " .. a.cell
  elseif a.type == "pilot" or a.type == "base_mine" or a.type == "basic" then
    line = who .. " has made their secret choice"
  elseif a.type == "program" then
    line = who .. " has programmed their cards"
  else
    local parts = {}
    if revealed ~= nil then
      parts[1] = who .. " reveals " .. (D.names[revealed.card] or revealed.card) .. " ("
        .. revealed.dir .. ")"
    else
      parts[1] = who .. " plays"
    end
    for _, step in ipairs(steps) do
      if step.name == "attack" then
        parts[#parts + 1] = step.player .. " attacks with " .. step.label
      elseif step.name == "fight" then
        parts[#parts + 1] = "combat with " .. step.label
      elseif not D.private[step.name] and step.name ~= "player" and step.label ~= "Done"
        and step.label ~= "Skip it" then
        parts[#parts + 1] = W.label(D, after, step.label)
      end
    end
    line = table.concat(parts, "; ")
  end
  local changed = changes(D, before, after)
  if #changed > 0 then
    line = line .. ". " .. table.concat(changed, "; ")
  end
  return line .. "."
end

-- Announcements when an action ends a phase: reveals, scoring, the end.
function W.news(D, before, after)
  local out = {}
  if before.phase ~= after.phase and before.phase == "basic" then
    local bits = {}
    for _, p in ipairs(after.players) do
      bits[#bits + 1] = p.color .. ": " .. (D.names[p.pilot] or "?") .. ", "
        .. (D.names[p.owned[1]] or "?")
    end
    out[#out + 1] = "Revealed: " .. table.concat(bits, "; ") .. ". Round 1: program your cards."
  end
  if after.round ~= before.round or (after.phase == "over" and before.phase ~= "over") then
    local scored = {}
    local was = by_color(before)
    for _, p in ipairs(after.players) do
      local gained = delta(p.vp - was[p.color].vp)
      scored[#scored + 1] = p.color .. " " .. p.vp .. " VP (" .. gained .. ")"
    end
    out[#out + 1] = "End of round " .. before.round .. ": " .. table.concat(scored, ", ")
    if after.phase ~= "over" then
      out[#out + 1] = "Round " .. after.round .. ": program your cards."
    end
  end
  if after.phase == "over" and before.phase ~= "over" then
    out[#out + 1] = "Game over. " .. W.ranking(after)
  end
  return out
end

-- The final ranking in one line.
function W.ranking(view)
  local bits = {}
  if view.ranking == NULL or view.ranking == nil then
    return "Ranking: none yet"
  end
  for _, r in ipairs(view.ranking) do
    bits[#bits + 1] = r.place .. ". " .. r.color .. " " .. r.vp .. " VP"
  end
  return "Ranking: " .. table.concat(bits, ", ")
end

return W
