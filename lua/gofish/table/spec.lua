-- Go Fish's parts for the table framework (docs/table.md: the contract): its cards on the
-- framework's card layer (glue.cards: hands, the stock, each seat's book pile); the default
-- deal (the shuffle is the game's first decision, drawn by the table).

local raw = require("gofish.data")
local Engine = require("gofish.core.engine")
local Cards = require("glue.cards")

return function()
  local core = Engine.new(raw)
  local L = require("gofish.layout")
  local deck = #raw.game.ranks * #raw.game.suits
  -- where the state puts every card: hands, books face up before each seat, the stock's count
  local function of(s)
    local hands, piles = {}, {}
    for _, p in ipairs(s.players) do
      hands[#hands + 1] = { color = p.color, ids = p.hand }
      for k, r in ipairs(p.books) do -- each book a pile, fanned before its maker
        local ids = {}
        for _, suit in ipairs(raw.game.suits) do ids[#ids + 1] = r .. suit end
        piles[#piles + 1] = { key = p.color .. ":" .. r, ids = ids,
          place = L.cards.piles[p.color][k] }
      end
    end
    return { hands = hands, piles = piles, stock = s.phase == "deal" and deck or #s.stock }
  end
  return {
    id = "gofish", name = raw.game.name, players = raw.game.players, data = raw, layout = L,
    core = core, words = require("gofish.table.words"), view = require("gofish.table.view"),
    bots = require("gofish.table.bots")(raw),
    -- a card dropped by another player's seat asks them for its rank
    cards = Cards.part(of, core.card_name, function(s, color, id, seat)
      for _, p in ipairs(s.players) do
        if p.color == seat and #p.hand == 0 then
          return nil, require("lib.tr")("{player} holds no cards", { player = seat })
        end
      end
      return { string.sub(id, 1, -2), seat }
    end),
    hidden = { rank = true }, -- the ranks a player holds: the host's stand-in masks them
    -- one click an ask: each rank's entry lists whom to ask in its place
    lookahead = function(d) return d.name == "rank" end,
    lookahead_cost = 4, -- one a frame (a look-ahead resolution counts 2,000 to 4,000)
    inline = function(_, _, nxt) return nxt.name == "whom" end,
    final = function(_, action) -- the deck, once dealt, is not dealt again
      return action.type == "deal" and require("lib.tr")("the cards were dealt") or nil
    end,
  }
end
