-- Pure: what each decision asks, and what happened, in the players' words (Tiny Epic Mechs).
--
-- Everything here reads the public view of the state (the core's view for no colour), so no
-- line it writes can carry a secret: a program, a mine's number, a pilot not yet revealed.

local json = require("lib.json")
local Game = require("glue.game")

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

-- The question a decision asks (glue.table's words: prompt(ctx, d)).
function W.prompt(_, d)
  return ASK[d.name] or d.name
end

-- An option as a panel or a dialog shows it: cells named by their zone.
function W.option(ctx, _, o)
  return W.label(ctx.D, ctx.public, o.label)
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

-- The program card an execution revealed ({ card =, dir = }), from the state after it: a
-- card played is public (in Ad Hoc Mode the card is the player's choice, not a program).
local function revealed_by(after, a)
  if a.type ~= "execute" then
    return nil
  end
  for _, p in ipairs(after.players) do
    if p.color == a.player and #p.played > 0 and not p.ad_hoc_fresh then
      local step = p.program[#p.played]
      if step ~= nil and step ~= NULL and step.card == p.played[#p.played] then
        return step
      end
    end
  end
  return nil
end

-- The chat line for an applied action: who did what (public labels only: no secret
-- decision's answer), then what changed between the public views before and after it.
function W.action(ctx, result)
  local D, core = ctx.D, ctx.m.core
  local a = result.action
  local who = a.player
  local before, after = core.view(result.before, nil), core.view(result.after, nil)
  local line
  if a.type == "base" then
    line = who .. " takes the base slot " .. a.cell
  elseif a.type == "pilot" or a.type == "base_mine" or a.type == "basic" then
    line = who .. " has made their secret choice"
  elseif a.type == "program" then
    line = who .. " has programmed their cards"
  else
    local parts = {}
    local revealed = revealed_by(result.after, a)
    if revealed ~= nil then
      parts[1] = who .. " reveals " .. (D.names[revealed.card] or revealed.card) .. " ("
        .. revealed.dir .. ")"
    else
      parts[1] = who .. " plays"
    end
    for _, step in ipairs(result.steps) do
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
function W.news(ctx, before_state, after_state)
  local D, core = ctx.D, ctx.m.core
  local before, after = core.view(before_state, nil), core.view(after_state, nil)
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

-- The status line everyone reads: whose decision the table waits for, or who is still
-- choosing in secret.
function W.status(ctx)
  local m, pv = ctx.m, ctx.public
  if m.state == nil then
    return ctx.D.name .. ": sit at a seat; the host presses Start."
  end
  if pv.phase == "over" then
    return "Game over. " .. W.ranking(pv)
  end
  local head = "Round " .. pv.round .. ". "
  if Game.simultaneous(m) then
    local done = {}
    for _, p in ipairs(pv.players) do
      done[#done + 1] = p.color .. (ctx.deciding[p.color] and ": choosing" or ": done")
    end
    local what = pv.phase == "program" and "Programming" or "Secret choices"
    return head .. what .. " (" .. table.concat(done, ", ") .. ")"
  end
  local who = Game.decider(m)
  if who == nil then
    return head .. pv.active .. " has nothing to choose: the table plays their turn."
  end
  local away = not ctx.seated[who] and " (not seated: the host can decide for them)" or ""
  return head .. who .. "'s decision: " .. W.prompt(ctx, Game.decision(m, who)) .. away
end

-- A player's panel once the game is over.
function W.over(ctx)
  return W.ranking(ctx.public)
end

W.seats = "the boards" -- where players sit: "needs 2 to 4 players seated at ..."

W.black = "Someone sits at Black, the game master's seat: Black sees every hand, so the "
  .. "pilots and programs in hands are not secret from them."

return W
