-- Bots at the table, whatever the game: how a level answers a decision from its own colour's
-- view. The game's bot (lua/<game>/table/bots.lua) says how much it likes each option; this
-- picks. Pure: no TTS calls; its Python twin is generator/engines/selfplay.py (`draw`,
-- `decide`), and the cross-check proves the two choose alike (docs/bots.md).

local Bots = {}

-- A Park-Miller generator: each product stays below 2^53, so MoonSharp's doubles and Python's
-- integers compute the same numbers.
local MODULUS = 2147483647
Bots.MODULUS = MODULUS

-- The pseudo-random number for the decision `depth` answers into an action seeded `x0`.
function Bots.draw(x0, depth)
  local y = (x0 + depth * 7919) % (MODULUS - 1) + 1
  y = y * 16807 % MODULUS
  return y * 16807 % MODULUS
end

-- The option id a level picks: at the easy level one decision in two is an option drawn at
-- random; otherwise the one `value(view, d, path, id)` likes best, the first among equals.
function Bots.decide(level, value, view, d, path, x0)
  local options = d.options
  if level == "easy" then
    local y = Bots.draw(x0, #path)
    if y % 2 == 0 then
      return options[math.floor(y / 2) % #options + 1].id
    end
  end
  local best = options[1].id
  local top = value(view, d, path, best)
  for i = 2, #options do
    local v = value(view, d, path, options[i].id)
    if v > top then
      best, top = options[i].id, v
    end
  end
  return best
end

return Bots
