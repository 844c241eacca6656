-- Liar's Dice's view for the table framework (docs/table.md: view): no pieces (the dice
-- are under each player's cup: their panel), and the scoreboard: dice left, the bid.

local json = require("lib.json")
local Engine = require("liars.core.engine")
local tr = require("lib.tr")

local NULL = json.null

local V = {}

function V.groups()
  return {}
end

function V.piles()
  return {}
end

V.COLUMNS = { "color", "dice", "note" }

-- A player's row: their dice left, and what they are doing.
function V.cells(ctx, p)
  local s, note = ctx.public, ""
  if p.dice == 0 then
    note = tr("out")
  elseif s.phase == "bid" and s.active == p.color then
    note = tr("to bid or call")
  elseif s.bid ~= NULL and s.bid.player == p.color then
    note = tr("bid {bid}", { bid = Engine.dice_text(ctx.D.game.units, s.bid.quantity, s.bid.face) })
  end
  return { p.color, tostring(p.dice), note }
end

-- Under the scoreboard: what a bid counts, and the last call's outcome.
function V.final(ctx)
  local s, G = ctx.public, ctx.D.game
  local lines = { G.ones_wild
    and tr("A bid counts every die on the table; ones count as any face, unless the bid is of ones.")
    or tr("A bid counts every die on the table.") }
  local last = s.last
  if last ~= NULL then
    lines[2] = tr("Last call: {by} called {call} on {bid}; there were {count}. {losers} lost a die.",
      { by = last.by, call = last.call == "liar" and tr("Liar!") or tr("Spot on!"),
        bid = Engine.dice_text(G.units, last.bid.quantity, last.bid.face), count = last.count,
        losers = table.concat(last.losers, tr(", ")) })
  end
  if s.phase == "over" then
    lines[#lines + 1] = tr("{player} wins: the last player with dice.", { player = s.winner })
  end
  return table.concat(lines, "\n")
end

return V
