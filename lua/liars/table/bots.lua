-- Liar's Dice's bots: how much a bot likes each option, read from its own colour's view (the
-- core's `view`). Pure; glue.bots picks. The twin of generator/games/liars/rules/bots.py
-- (`level_value`, which says what they weigh); every value is a whole number.

local NULL = require("lib.json").null

return function(D)
  local G = D.game
  local B = {}

  function B.value(view, d, path, option)
    local me, mine, unseen, n = d.player, {}, 0, G.faces
    for _, p in ipairs(view.players) do
      if p.color == me then mine = p.faces else unseen = unseen + p.dice end
    end
    local function expect(face)
      local wild, own = G.ones_wild and face ~= 1, 0
      for _, f in ipairs(mine) do
        if f == face or (wild and f == 1) then own = own + 1 end
      end
      return n * own + unseen * (wild and 2 or 1)
    end
    local bid = view.bid
    if d.name == "face" then
      return expect(tonumber(option)) - n * tonumber(path[#path])
    elseif option == "liar" then
      return n * bid.quantity - expect(bid.face) - n
    elseif option == "spot" then
      return -math.abs(n * bid.quantity - expect(bid.face)) - n
    end
    local q = tonumber(option)
    local low = (bid ~= NULL and bid.quantity == q) and bid.face + 1 or 1
    local best = nil
    for f = low, n do
      local v = expect(f)
      if best == nil or v > best then best = v end
    end
    return best - n * q
  end

  return B
end
