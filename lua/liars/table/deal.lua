-- Liar's Dice's deal for the table framework (docs/table.md: deal): nothing to shuffle or
-- lay out (the first roll is the game's first decision, thrown by the table).

local Count = require("lib.count")

return function(D)
  local Deal = {}

  function Deal.start(T, order)
    T.say(D.game.name .. ": " .. table.concat(order, ", ") .. ". Everyone has "
      .. Count.of(D.game.units, D.game.dice, "dice") .. " under a cup; " .. order[1]
      .. " bids first.")
    T.dealt({ players = order })
  end

  function Deal.new_game(_, _, done)
    done(true)
  end

  return Deal
end
