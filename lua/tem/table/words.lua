-- Pure: what each decision asks, and what happened, in the players' words (Tiny Epic Mechs).
--
-- Everything here reads the public view of the state (the core's view for no colour), so no
-- line it writes can carry a secret: a program, a mine's number, a pilot not yet revealed.

local Count = require("lib.count")
local fill = require("lib.fill")
local tr = require("lib.tr")
local dir_word = require("tem.table.dirs")
local json = require("lib.json")
local Game = require("glue.game")
local Seats = require("glue.seats")
local Log = require("tem.table.log")

local NULL = json.null
local W = {}

local ASK = {
  base = tr("Choose your base slot"),
  pilot = tr("Keep which of your two pilots? (secret until everyone has kept one)"),
  base_mine = tr("Which mine lies face down at your base?"),
  basic = tr("Which basic weapon do you start with?"),
  program = tr("Program a card: which one?"),
  direction = tr("Which way does it point?"),
  fight = tr("Fight whom?"),
  attack = tr("Attack with which weapon?"),
  retreat = tr("Retreat to which zone?"),
  ko_zone = tr("KO'd: to which of the nearest safe zones?"),
  act = tr("Do the card's action?"),
  buy = tr("Buy which weapon?"),
  equip_start = tr("Change your equipped weapons before you move?"),
  equip_end = tr("Change your equipped weapons at the end of your turn?"),
  equip_status = tr("Your status changed: change your equipped weapons?"),
  mine_number = tr("Which mine do you deploy?"),
  move_mine = tr("Move which of your mines here?"),
  move_turret = tr("Move which of your turrets here?"),
  power_up = tr("Heal or upgrade?"),
  mech = tr("Take the Mighty Mech?"),
  mech_side = tr("Which side of the Mighty Mech?"),
  boost = tr("Pay for extra damage?"),
  ad_hoc_card = tr("Ad Hoc Mode: play which card?"),
  ad_hoc_direction = tr("Ad Hoc Mode: which way?"),
}

-- What the decider is doing, in the third person (the status line everyone reads).
local DOING = {
  base = tr("{player} chooses a base slot"),
  pilot = tr("{player} keeps a pilot"),
  base_mine = tr("{player} puts a mine face down on their base"),
  basic = tr("{player} picks a basic weapon"),
  program = tr("{player} programs their cards"),
  direction = tr("{player} programs their cards"),
  fight = tr("{player} chooses whom to fight"),
  attack = tr("{player} chooses a weapon to attack with"),
  retreat = tr("{player} chooses where to retreat"),
  ko_zone = tr("{player} chooses where to go after the KO"),
  act = tr("{player} decides whether to do the card's action"),
  buy = tr("{player} chooses a weapon to buy"),
  equip_start = tr("{player} may change their equipped weapons before moving"),
  equip_end = tr("{player} may change their equipped weapons at the end of the turn"),
  equip_status = tr("{player} may change their equipped weapons after the status change"),
  mine_number = tr("{player} chooses a mine to deploy"),
  move_mine = tr("{player} chooses which of their mines to move"),
  move_turret = tr("{player} chooses which of their turrets to move"),
  power_up = tr("{player} chooses to heal or upgrade"),
  mech = tr("{player} decides whether to take the Mighty Mech"),
  mech_side = tr("{player} chooses the Mighty Mech's side"),
  boost = tr("{player} decides how much to pay for extra damage"),
  ad_hoc_card = tr("{player} chooses a card to play (Ad Hoc Mode)"),
  ad_hoc_direction = tr("{player} chooses a direction (Ad Hoc Mode)"),
}

function W.asks()
  return ASK
end

-- The question a decision asks (glue.table's words: prompt(ctx, d)). Programming says
-- which of the slots is being filled, and which card a direction is for.
function W.prompt(ctx, d)
  if (d.name == "program" or d.name == "direction") and d.player ~= nil then
    local cards, last = 0, nil
    for _, step in ipairs(Game.steps(ctx.m, d.player)) do
      if step.name == "program" then
        cards, last = cards + 1, step.label
      end
    end
    local total = ctx.D.program_cards
    if d.name == "program" then
      return tr("Program slot {slot} of {total}: which card, pointing which way? (it moves along "
        .. "its arrow, then does its action)", { slot = cards + 1, total = total })
    end
    return tr("Program slot {slot} of {total}: which way does {card} point?",
      { slot = cards, total = total, card = tostring(last) })
  end
  return ASK[d.name] or d.name
end

-- Compass directions in degrees, and what each is from a seat, by the angle between it and
-- the way the seat faces (north is the top of the arena as drawn: it reads backwards from
-- the north seat, so every direction is also said from the player's own seat).
local DEGREES = { N = 0, NE = 45, E = 90, SE = 135, S = 180, SW = 225, W = 270, NW = 315 }
local FROM_SEAT = { [0] = tr("forward"), [45] = tr("forward-right"), [90] = tr("right"),
  [135] = tr("back-right"), [180] = tr("back, toward you"), [225] = tr("back-left"),
  [270] = tr("left"), [315] = tr("forward-left") }

-- A direction as `color` reads it from their seat: "N (forward)".
function W.direction(ctx, color, dir)
  local deg = DEGREES[dir]
  local seat = deg and Seats.of(ctx.layout, color)
  if seat == nil then
    return dir_word(dir)
  end
  return tr("{dir} ({from_seat})", { dir = dir_word(dir),
    from_seat = FROM_SEAT[(deg - seat.turn) % 360] })
end

-- A free base slot as players find it (tem.table.log).
W.base_slot = Log.base_slot

-- A weapon on offer: its type, damage, power damage, cost and VP.
function W.weapon(D, id)
  local w = D.weapons[id]
  local cost = {}
  for _, res in ipairs({ "energy", "credits" }) do
    if (w.cost[res] or 0) > 0 then
      cost[#cost + 1] = Count.of(D.units, w.cost[res], res)
    end
  end
  return tr("{weapon} ({type}, damage {damage}, power {power}; costs {cost}; {vp})",
    { weapon = w.name, type = Count.word(D.units, 2, w.type), damage = w.damage,
      power = w.power_damage,
      cost = #cost > 0 and table.concat(cost, tr(" + ")) or tr("nothing"),
      vp = Count.of(D.units, w.vp, "vp") })
end

-- An option as a panel or a dialog shows it: cells named by their zone, free base slots by
-- the zone beside them, directions from the player's seat, weapons for sale with numbers.
function W.option(ctx, d, o)
  local name = d.name
  if name == "base" then
    local text = string.gsub(W.base_slot(ctx.D, ctx.public, o.id), "^the ", "")
    return string.upper(string.sub(text, 1, 1)) .. string.sub(text, 2)
  elseif name == "direction" or name == "ad_hoc_direction" then
    return W.direction(ctx, d.player, o.id)
  elseif name == "buy" then
    return W.weapon(ctx.D, o.id)
  end
  return W.label(ctx.D, ctx.public, o.label)
end

-- A cell id as a player reads it: its zone's name (a free base slot by its edge).
function W.cell(D, view, id)
  local c = view.cells[id]
  if c == nil then
    return id
  elseif c.zone == "" then
    return W.base_slot(D, view, id)
  end
  return D.names[c.zone] or c.zone
end

-- An option's label with cells named.
function W.label(D, view, label)
  if string.match(label, "^r%d+c%d+$") then
    return W.cell(D, view, label)
  end
  return label
end

-- The game log's entries for an applied action, and each attack as it is made
-- (tem.table.log).
W.entries = Log.entries
W.partial = Log.partial

-- The status line everyone reads: whose decision the table waits for, or who is still
-- choosing in secret.
-- The log's opening line (glue.log: Log.opening).
function W.opening(D, players)
  return tr("{game}: {players}. {first} starts. Bases are chosen in turn, the starting player "
    .. "last; then everyone keeps a pilot, places a secret mine and picks a basic weapon in "
    .. "their own dialog.", { game = D.name, players = table.concat(players, tr(", ")),
      first = players[1] })
end

function W.status(ctx)
  local m, pv = ctx.m, ctx.public
  if m.state == nil then
    return tr("{game}: sit at a seat; the host presses Start.", { game = ctx.D.name })
  end
  if pv.phase == "over" then
    return tr("Game over. {winner}", { winner = Log.winner(pv) })
  end
  local head = tr("{round}. ", { round = Log.round_of(ctx.D, pv.round) })
  if Game.simultaneous(m) then
    local done = {}
    for _, p in ipairs(pv.players) do
      done[#done + 1] = ctx.deciding[p.color] and tr("{color}: choosing", { color = p.color })
        or tr("{color}: done", { color = p.color })
    end
    local v = { players = table.concat(done, tr(", ")) }
    return head .. (pv.phase == "program" and tr("Programming ({players})", v)
      or tr("Secret choices ({players})", v))
  end
  local who = Game.decider(m)
  if who == nil then
    return head .. tr("{player} has nothing to choose: the table plays their turn.",
      { player = pv.active })
  end
  local away = not ctx.seated[who] and tr(" (not seated: the host can decide for them)") or ""
  local d = Game.decision(m, who)
  local turn = pv.phase == "execute" and tr("Turn {turn}: ", { turn = pv.turn }) or ""
  if d.name == "attack" or d.name == "boost" then
    -- a combat under way: the last attack, then whose attack it is now
    local last = nil
    for _, e in ipairs(pv.events) do
      if e.kind == "attack" then
        last = e
      end
    end
    if last then
      turn = turn .. tr("{player} hit {foe} with {weapon} for {damage} ({foe}: {health} health "
        .. "left); ", { player = last.player, foe = last.foe, weapon = ctx.D.weapons[last.weapon].name,
          damage = last.damage, health = tostring(last.health) })
    end
  end
  local doing = DOING[d.name] or tr("{player} decides")
  return head .. turn .. fill(doing, { player = who }) .. tr(".") .. away
end

local CHOSEN = { pilot = tr("You have kept your pilot"), base_mine = tr("Your base mine is placed"),
  basic = tr("You have picked your basic weapon"), program = tr("Your cards are programmed") }

-- A player's program as they read it, in their own panel (only they see it): each card
-- and its direction, which are done and which is next. Only the player's own fields are
-- read (what their own view holds; a view made per seat per paint would cost a frame).
function W.program(ctx, color)
  local mine = nil
  for _, p in ipairs(ctx.m.state.players) do
    if p.color == color then mine = p end
  end
  if mine == nil or #mine.program == 0 then
    return nil
  end
  if mine.ad_hoc then
    return tr("Ad Hoc Mode: each of your turns this round plays any card you choose.")
  end
  local bits = {}
  for i, step in ipairs(mine.program) do
    local state = i <= #mine.played and tr(" (done)")
      or (i == #mine.played + 1 and tr(" (next)") or "")
    bits[i] = tr("{i}. {card} {dir}", { i = i, card = ctx.D.names[step.card] or step.card,
      dir = dir_word(step.dir) }) .. state
  end
  return tr("Your program: {cards}", { cards = table.concat(bits, tr(", ")) })
end

-- A player's panel while others decide (glue.panels): what they chose is done, and their
-- own program, which only they see.
function W.waiting(ctx, color, default)
  local pv = ctx.public
  if pv == nil then
    return default
  end
  local text = default
  if Game.simultaneous(ctx.m) and CHOSEN[pv.phase] then
    text = tr("{chosen}. Waiting for {who} to choose in secret.", { chosen = CHOSEN[pv.phase],
      who = ctx.waiting_text or tr("the others") })
  end
  local program = pv.phase ~= "over" and W.program(ctx, color)
  if program then
    text = text .. "\n" .. program
  end
  return text
end

-- A player's panel once the game is over.
function W.over(ctx)
  return tr("The game is over. {winner} The score is under the scoreboard.",
    { winner = Log.winner(ctx.public) })
end

W.seats = tr("the boards") -- where players sit: "needs 2 to 4 players seated at ..."

W.black = tr("Someone sits at Black, the game master's seat: Black sees every hand, so the "
  .. "pilots and programs in hands are not secret from them.")

return W
