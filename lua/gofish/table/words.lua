-- Go Fish's words for the table framework (docs/table.md: words). A card drawn from the stock
-- is named to its drawer alone (their own log entry), unless it is the rank asked (shown).

local Count = require("lib.count")
local tr = require("lib.tr")
local raw = require("gofish.data")
local Engine = require("gofish.core.engine")

local units = raw.game.units
local name = Engine.new(raw).card_name
local function ranks(r) return Count.word(units, 2, "rank_" .. r) end

local W = {}

W.seats = tr("the table")

function W.prompt(ctx, d)
  if d.name == "whom" then
    local steps = require("glue.game").steps(ctx.m, d.player)
    return tr("Ask whom for {rank}?", { rank = ranks(steps[#steps].id) })
  end
  return tr("Your turn: which rank do you ask for? (your cards are in your hand)")
end

-- An ask as one entry: "Ask Blue (5 cards) for queens".
function W.compose(_, steps)
  if #steps == 2 then
    return tr("Ask {player} for {rank}", { player = steps[2].label, rank = steps[1].label })
  end
  return steps[1].label
end

function W.winner(s)
  local n = 0
  for _, p in ipairs(s.players) do n = math.max(n, #p.books) end
  local v = { players = table.concat(s.winner, tr(" and ")), books = Count.of(units, n, "books") }
  return #s.winner == 1 and tr("{players} wins with {books}.", v)
    or tr("{players} share the win with {books} each.", v)
end

-- (before a game and after its end, the framework's line, with W.winner)
function W.status(ctx)
  local s = ctx.public
  return tr("{player} asks; the stock has {cards}.", { player = s.active,
    cards = Count.of(units, #s.stock, "cards") })
end

function W.entries(ctx, r)
  local a, after = r.action, r.after
  local out = {}
  if a.type == "deal" then
    local hand = #after.players[1].hand + #after.players[1].books * #raw.game.suits
    out[1] = { kind = "action", text = tr("{player} shuffles and deals {cards} to each player; "
      .. "{first} asks first.", { player = a.player, cards = Count.of(units, hand, "cards"),
        first = after.active }) }
  else
    local last = after.last
    local v = { player = a.player, target = a.target, rank = ranks(a.rank) }
    if last.got > 0 then
      v.cards = Count.of(units, last.got, "cards")
      out[1] = { kind = "action", text = tr("{player} asks {target} for {rank}: {target} hands "
        .. "over {cards}; {player} goes again.", v) }
    elseif last.drew == require("lib.json").null then
      out[1] = { kind = "action", text = tr("{player} asks {target} for {rank}: \"Go fish!\" The "
        .. "stock is empty.", v) }
    elseif last.lucky then
      v.card = name(last.drew)
      out[1] = { kind = "action", text = tr("{player} asks {target} for {rank}: \"Go fish!\" "
        .. "{player} draws the {card}, the rank asked, and goes again.", v) }
    else
      local text = tr("{player} asks {target} for {rank}: \"Go fish!\" {player} draws a card.", v)
      v.card = name(last.drew)
      out[1] = { kind = "action", text = text, own = { [a.player] = tr("{player} asks {target} "
        .. "for {rank}: \"Go fish!\" {player} draws the {card}.", v) } }
    end
    for _, b in ipairs(last.books) do
      local n
      for _, p in ipairs(after.players) do
        if p.color == a.player then n = #p.books end
      end
      out[#out + 1] = { kind = "news", text = tr("{player} lays down a book of {rank} ({books} "
        .. "now).", { player = a.player, rank = ranks(b), books = Count.of(units, n, "books") }) }
    end
  end
  for _, c in ipairs(a.type == "ask" and after.last.refilled or {}) do
    out[#out + 1] = { kind = "news", text = tr("{player}'s hand is empty: {player} draws a "
      .. "card from the stock.", { player = c }) }
  end
  if after.phase == "over" then
    out[#out + 1] = { kind = "score", text = W.winner(after) }
  end
  return out
end

return W
