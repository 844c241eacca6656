-- Go Fish's view for the table framework (docs/table.md: view): its cards are the card
-- layer's; the scoreboard: cards in hand, books, who asks.

local tr = require("lib.tr")
local Count = require("lib.count")

local V = {}

V.COLUMNS = { "color", "cards", "books", "note" }

function V.cells(ctx, p)
  local note = ctx.public.active == p.color and tr("to ask") or ""
  return { p.color, tostring(#p.hand), tostring(#p.books), note }
end

-- Under the scoreboard: the stock, and each player's books.
function V.final(ctx)
  local s, units = ctx.public, ctx.D.game.units
  local lines = { tr("Stock: {cards}.", { cards = Count.of(units, #s.stock, "cards") }) }
  for _, p in ipairs(s.players) do
    if #p.books > 0 then
      local names = {}
      for i, r in ipairs(p.books) do names[i] = Count.word(units, 2, "rank_" .. r) end
      lines[#lines + 1] = tr("{player}'s books: {ranks}", { player = p.color,
        ranks = table.concat(names, tr(", ")) })
    end
  end
  return table.concat(lines, "\n")
end

return V
