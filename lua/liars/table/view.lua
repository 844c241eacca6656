-- Liar's Dice's view for the table framework (docs/table.md: view): no pieces (the dice
-- are under each player's cup: their panel), and the scoreboard: dice left, the bid.

local json = require("lib.json")
local Engine = require("liars.core.engine")

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
    note = "out"
  elseif s.phase == "bid" and s.active == p.color then
    note = "to bid or call"
  elseif s.bid ~= NULL and s.bid.player == p.color then
    note = "bid " .. Engine.dice_text(ctx.D.game.units, s.bid.quantity, s.bid.face)
  end
  return { p.color, tostring(p.dice), note }
end

-- Under the scoreboard: what a bid counts, and the last call's outcome.
function V.final(ctx)
  local s, G = ctx.public, ctx.D.game
  local lines = { "A bid counts every die on the table" .. (G.ones_wild
    and "; ones count as any face, unless the bid is of ones." or ".") }
  local last = s.last
  if last ~= NULL then
    lines[2] = "Last call: " .. last.by .. " called " .. (last.call == "liar" and "Liar!"
      or "Spot on!") .. " on " .. Engine.dice_text(G.units, last.bid.quantity, last.bid.face)
      .. "; there were " .. last.count .. ". " .. table.concat(last.losers, ", ") .. " lost a die."
  end
  if s.phase == "over" then
    lines[#lines + 1] = s.winner .. " wins: the last player with dice."
  end
  return table.concat(lines, "\n")
end

return V
