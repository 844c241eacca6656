-- Liar's Dice's deal for the table framework (docs/table.md: deal): nothing to shuffle or
-- lay out (the first roll is the game's first decision, thrown by the table).

local Count = require("lib.count")
local tr = require("lib.tr")

return function(D)
  local Deal = {}

  function Deal.start(T, order)
    T.say(tr("{game}: {players}. Everyone has {dice} under a cup; {first} bids first.",
      { game = D.game.name, players = table.concat(order, tr(", ")),
        dice = Count.of(D.game.units, D.game.dice, "dice"), first = order[1] }))
    T.dealt({ players = order })
  end

  function Deal.new_game(_, _, done)
    done(true)
  end

  return Deal
end
