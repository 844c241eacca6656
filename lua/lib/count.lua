-- A count in words: "1 credit", "-1 credit", "2 credits". The words come from the card data
-- (game.yaml `units`, schemas/words/units.schema.json), the one place a game's plurals are
-- written; a unit may give its count's own forms (`count`), where another language puts its
-- counter word. Pure: no TTS calls. The twin of generator/engines/count.py.

local tr = require("lib.tr")
local fill = require("lib.fill")

local Count = {}

-- The unit's word for `n`: its `one` for 1 and -1, its `other` for any other number.
function Count.word(units, n, unit)
  local u = units[unit]
  if not u then
    error("no unit word '" .. tostring(unit) .. "' in game.yaml's units", 2)
  end
  return (n == 1 or n == -1) and u.one or u.other
end

-- `shown` (n, signed or not) and the unit: its own `count` forms ("{n} dice"; in Japanese
-- "ダイス{n}個"), else the catalogue's "{n} {word}" ("ダイス3").
local function said(units, n, unit, shown)
  local forms = units[unit] and units[unit].count
  if forms then
    return fill((n == 1 or n == -1) and forms.one or forms.other, { n = shown })
  end
  return tr("{n} {word}", { n = shown, word = Count.word(units, n, unit) })
end

-- `n` and the unit's word for it: "1 credit", "3 dice".
function Count.of(units, n, unit)
  return said(units, n, unit, n)
end

-- A change by `n`, its sign always written: "+2 energy", "-1 credit", "+0 VP".
function Count.signed(units, n, unit)
  return said(units, n, unit, (n >= 0 and "+" or "") .. n)
end

return Count
