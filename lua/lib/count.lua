-- A count in words: "1 credit", "-1 credit", "2 credits". The words come from the card data
-- (game.yaml `units`, schemas/words/units.schema.json), the one place a game's plurals are
-- written. Pure: no TTS calls. The twin of generator/engines/count.py.

local tr = require("lib.tr")

local Count = {}

-- The unit's word for `n`: its `one` for 1 and -1, its `other` for any other number.
function Count.word(units, n, unit)
  local u = units[unit]
  if not u then
    error("no unit word '" .. tostring(unit) .. "' in game.yaml's units", 2)
  end
  return (n == 1 or n == -1) and u.one or u.other
end

-- `n` and the unit's word for it: "1 credit", "3 dice" (in another language, as its
-- catalogue puts the two: "ダイス3").
function Count.of(units, n, unit)
  return tr("{n} {word}", { n = n, word = Count.word(units, n, unit) })
end

-- A change by `n`, its sign always written: "+2 energy", "-1 credit", "+0 VP" (in another
-- language, as its catalogue puts a count: "エナジー+2").
function Count.signed(units, n, unit)
  return tr("{n} {word}", { n = (n >= 0 and "+" or "") .. n, word = Count.word(units, n, unit) })
end

return Count
