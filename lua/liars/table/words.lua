-- Liar's Dice's words for the table framework (docs/table.md: words): what each decision
-- asks, what an option says, the log's entries and the status line. A player's own dice
-- are theirs alone: on their panel (`own`) and in their own log entry for the roll.

local Count = require("lib.count")
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

W.seats = "the table" -- where players sit: "needs 2 to 6 players seated at the table"

local function total(state)
  local n = 0
  for _, p in ipairs(state.players) do n = n + p.dice end
  return n
end

local function bid_text(bid)
  return dice_text(bid.quantity, bid.face) .. " (" .. bid.player .. "'s bid)"
end

local function faces_text(faces)
  local sorted = { unpack(faces) }
  table.sort(sorted)
  return table.concat(sorted, " ")
end

local function wild(D, face)
  return (D.game.ones_wild and face ~= 1) and " (ones count too)" or ""
end

function W.prompt(ctx, d)
  local s = ctx.m.state
  if d.name == "face" then
    local steps = Game.steps(ctx.m, d.player)
    local q = steps[#steps] and steps[#steps].id or "?"
    return "A bid of " .. Count.of(units, tonumber(q) or 0, "dice") .. ": of which face?"
  end
  if s.bid == NULL then
    return "Open round " .. s.round .. "'s bidding: how many dice of one face are there among all "
      .. total(s) .. " on the table?"
  end
  return "The bid is " .. bid_text(s.bid) .. ". Raise it (how many dice?), or call it."
end

function W.option(ctx, d, o)
  local bid = ctx.m.state.bid
  if o.id == "liar" then
    return "Liar! (there are fewer than " .. dice_text(bid.quantity, bid.face) .. ")"
  elseif o.id == "spot" then
    return "Spot on! (exactly " .. dice_text(bid.quantity, bid.face) .. ")"
  elseif d.name == "bid" then
    return Count.of(units, tonumber(o.id), "dice")
  end
  return o.label
end

-- The seat's own panel: its dice while they are under its cup.
function W.own(ctx, color)
  for _, p in ipairs(ctx.m.state and ctx.m.state.players or {}) do
    if p.color == color and #p.faces > 0 then
      return "Your dice: " .. faces_text(p.faces)
    end
  end
  return nil
end

local function winner(state)
  return state.winner .. " wins: the last player with dice."
end

function W.status(ctx)
  local s = ctx.public
  if ctx.m.state == nil then
    return ctx.D.game.name .. ": sit at a seat; the host presses Start."
  elseif s.phase == "over" then
    return "Game over. " .. winner(s)
  end
  local head = "Round " .. s.round .. ", " .. Count.of(units, total(s), "dice")
    .. " on the table. "
  if s.phase == "roll" then
    return head .. "Everyone rolls under their cup."
  end
  if s.bid == NULL then
    return head .. s.active .. " opens the bidding."
  end
  return head .. "Bid: " .. bid_text(s.bid) .. ". " .. s.active .. " raises or calls."
end

function W.over(ctx)
  return "The game is over. " .. winner(ctx.public)
end

-- The log's entries of an applied action (docs/table.md: words).
function W.entries(ctx, r)
  local a, before, after = r.action, r.before, r.after
  if a.type == "roll" then
    local counts = {}
    for i, p in ipairs(after.players) do
      if p.dice > 0 then counts[#counts + 1] = p.color .. " " .. p.dice end
    end
    local text = "Round " .. after.round .. ": everyone rolls under their cup ("
      .. Count.of(units, total(after), "dice") .. ": " .. table.concat(counts, ", ") .. "); "
      .. after.active .. " bids first."
    local own = {}
    for _, p in ipairs(after.players) do
      if p.dice > 0 then own[p.color] = text .. " Your dice: " .. faces_text(p.faces) .. "." end
    end
    return { { text = text, kind = "action", own = own } }
  elseif a.type == "bid" then
    return { { text = a.player .. " bids " .. dice_text(a.quantity, a.face) .. ".",
      kind = "action" } }
  end
  local last, D = after.last, ctx.D
  local shown = {}
  for _, p in ipairs(before.players) do
    if #p.faces > 0 then shown[#shown + 1] = p.color .. " " .. faces_text(p.faces) end
  end
  local bid = last.bid
  local call = a.type == "liar" and "Liar!" or "Spot on!"
  local out = { { kind = "action", text = a.player .. " calls " .. call .. " on "
    .. bid_text(bid) .. ". The cups lift: " .. table.concat(shown, "; ") .. "." } }
  -- each loser's die, with the dice they have left (the story checker reads "-1 die (now 2)")
  local left = {}
  for _, p in ipairs(after.players) do
    left[p.color] = p.dice
  end
  local lost = {}
  for i, c in ipairs(last.losers) do
    lost[i] = c .. " loses a die: -1 die (now " .. left[c]
      .. (left[c] == 0 and ", out of the game)" or ")")
  end
  local who = table.concat(lost, "; ") .. "."
  local there = "There " .. (last.count == 1 and "is " or "are ")
    .. dice_text(last.count, bid.face) .. wild(D, bid.face)
  local why
  if a.type == "liar" then
    why = there .. " against the bid of " .. bid.quantity .. ": "
      .. (last.count >= bid.quantity and "the bid stands. " or "the bid was a lie. ")
  elseif last.count == bid.quantity then
    why = there .. ", exactly as bid: spot on. "
  else
    why = there .. ", not " .. bid.quantity .. ": not spot on. "
  end
  out[2] = { kind = "news", text = why .. who }
  if after.phase == "over" then
    out[3] = { kind = "score", text = winner(after) }
  end
  return out
end

return W
