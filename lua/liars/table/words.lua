-- Liar's Dice's words for the table framework (docs/table.md: words): what each decision
-- asks, what an option says, the log's entries and the status line. A player's own dice
-- are theirs alone: on their panel (`own`) and in their own log entry for the roll.

local Count = require("lib.count")
local tr = require("lib.tr")
local json = require("lib.json")
local raw = require("liars.data")
local Game = require("glue.game")
local Engine = require("liars.core.engine")

local NULL = json.null
local units = raw.game.units
local function dice_text(n, face)
  return Engine.dice_text(units, n, face)
end

local W = {}

W.seats = tr("the table") -- where players sit: "needs 2 to 6 players seated at the table"

local function total(state)
  local n = 0
  for _, p in ipairs(state.players) do n = n + p.dice end
  return n
end

local function bid_text(bid)
  return tr("{bid} ({player}'s bid)", { bid = dice_text(bid.quantity, bid.face),
    player = bid.player })
end

local function faces_text(faces)
  local sorted = { unpack(faces) }
  table.sort(sorted)
  return table.concat(sorted, " ")
end

local function wild(D, face)
  return (D.game.ones_wild and face ~= 1) and tr(" (ones count too)") or ""
end

-- The log's opening line (glue.log: Log.opening).
function W.opening(D, players)
  return tr("{game}: {players}. Everyone has {dice} under a cup; {first} bids first.",
    { game = D.game.name, players = table.concat(players, tr(", ")),
      dice = Count.of(D.game.units, D.game.dice, "dice"), first = players[1] })
end

function W.prompt(ctx, d)
  local s = ctx.m.state
  if d.name == "face" then
    local steps = Game.steps(ctx.m, d.player)
    local q = steps[#steps] and steps[#steps].id or "?"
    return tr("A bid of {dice}: of which face?", { dice = Count.of(units, tonumber(q) or 0, "dice") })
  end
  if s.bid == NULL then
    return tr("Open round {round}'s bidding: how many dice of one face are there among all {total} "
      .. "on the table?", { round = s.round, total = total(s) })
  end
  return tr("The bid is {bid}. Raise it (how many dice?), or call it.", { bid = bid_text(s.bid) })
end

function W.option(ctx, d, o)
  local bid = ctx.m.state.bid
  if o.id == "liar" then
    return tr("Liar! (there are fewer than {bid})", { bid = dice_text(bid.quantity, bid.face) })
  elseif o.id == "spot" then
    return tr("Spot on! (exactly {bid})", { bid = dice_text(bid.quantity, bid.face) })
  elseif d.name == "bid" then
    return Count.of(units, tonumber(o.id), "dice")
  end
  return o.label
end

-- The seat's own panel: its dice while they are under its cup.
function W.own(ctx, color)
  for _, p in ipairs(ctx.m.state and ctx.m.state.players or {}) do
    if p.color == color and #p.faces > 0 then
      return tr("Your dice: {faces}", { faces = faces_text(p.faces) })
    end
  end
  return nil
end

-- (before a game and after its end, the framework's status line and panel, with W.winner)
function W.winner(state)
  return tr("{player} wins: the last player with dice.", { player = state.winner })
end
local winner = W.winner

function W.status(ctx)
  local s = ctx.public
  local v = { round = s.round, dice = Count.of(units, total(s), "dice"), player = s.active,
    bid = s.bid ~= NULL and bid_text(s.bid) or nil }
  if s.phase == "roll" then
    return tr("Round {round}, {dice} on the table. Everyone rolls under their cup.", v)
  end
  if s.bid == NULL then
    return tr("Round {round}, {dice} on the table. {player} opens the bidding.", v)
  end
  return tr("Round {round}, {dice} on the table. Bid: {bid}. {player} raises or calls.", v)
end

-- The log's entries of an applied action (docs/table.md: words).
function W.entries(ctx, r)
  local a, before, after = r.action, r.before, r.after
  if a.type == "roll" then
    local counts = {}
    for i, p in ipairs(after.players) do
      if p.dice > 0 then counts[#counts + 1] = p.color .. " " .. p.dice end
    end
    local text = tr("Round {round}: everyone rolls under their cup ({dice}: {counts}); {player} "
      .. "bids first.", { round = after.round, dice = Count.of(units, total(after), "dice"),
        counts = table.concat(counts, tr(", ")), player = after.active })
    local own = {}
    for _, p in ipairs(after.players) do
      if p.dice > 0 then
        own[p.color] = text .. tr(" Your dice: {faces}.", { faces = faces_text(p.faces) })
      end
    end
    return { { text = text, kind = "action", own = own } }
  elseif a.type == "bid" then
    return { { text = tr("{player} bids {bid}.", { player = a.player,
      bid = dice_text(a.quantity, a.face) }), kind = "action" } }
  end
  local last, D = after.last, ctx.D
  local shown = {}
  for _, p in ipairs(before.players) do
    if #p.faces > 0 then shown[#shown + 1] = p.color .. " " .. faces_text(p.faces) end
  end
  local bid = last.bid
  local call = a.type == "liar" and tr("Liar!") or tr("Spot on!")
  local out = { { kind = "action", text = tr("{player} calls {call} on {bid}. The cups lift: "
    .. "{hands}.", { player = a.player, call = call, bid = bid_text(bid),
      hands = table.concat(shown, tr("; ")) }) } }
  -- each loser's die, with the dice they have left (the story checker reads "-1 die (now 2)")
  local left = {}
  for _, p in ipairs(after.players) do
    left[p.color] = p.dice
  end
  local lost = {}
  for i, c in ipairs(last.losers) do
    local v = { player = c, left = left[c] }
    lost[i] = left[c] == 0 and tr("{player} loses a die: -1 die (now {left}, out of the game)", v)
      or tr("{player} loses a die: -1 die (now {left})", v)
  end
  local v = { dice = dice_text(last.count, bid.face) .. wild(D, bid.face), bid = bid.quantity,
    lost = table.concat(lost, tr("; ")) }
  local why
  if a.type == "liar" and last.count >= bid.quantity then
    why = last.count == 1 and tr("There is {dice} against the bid of {bid}: the bid stands. {lost}.", v)
      or tr("There are {dice} against the bid of {bid}: the bid stands. {lost}.", v)
  elseif a.type == "liar" then
    why = last.count == 1 and tr("There is {dice} against the bid of {bid}: the bid was a lie. {lost}.", v)
      or tr("There are {dice} against the bid of {bid}: the bid was a lie. {lost}.", v)
  elseif last.count == bid.quantity then
    why = last.count == 1 and tr("There is {dice}, exactly as bid: spot on. {lost}.", v)
      or tr("There are {dice}, exactly as bid: spot on. {lost}.", v)
  else
    why = last.count == 1 and tr("There is {dice}, not {bid}: not spot on. {lost}.", v)
      or tr("There are {dice}, not {bid}: not spot on. {lost}.", v)
  end
  out[2] = { kind = "news", text = why }
  if after.phase == "over" then
    out[3] = { kind = "score", text = winner(after) }
  end
  return out
end

return W
