-- A direction in words: the compass letters as the table's language writes them (the core
-- and the record keep the ids N, NE, ... SW; a Japanese table reads 北, 北東, ...).

local tr = require("lib.tr")

local WORDS = { N = tr("N"), NE = tr("NE"), E = tr("E"), SE = tr("SE"), S = tr("S"),
  SW = tr("SW"), W = tr("W"), NW = tr("NW") }

return function(dir)
  return WORDS[dir] or dir
end
