-- Tiny Epic Galaxies: the Global script. The table framework (glue.table) runs the table
-- with the game's parts (teg.table.spec), and the mission cards' Keep buttons call here.

local Table = require("glue.table")
local L = require("teg.layout")
local tr = require("lib.tr")

local T = Table.run(require("teg.table.spec")())

-- The Keep button on an offered mission card: only the player it was dealt to may keep it.
Table.handler("onKeepMission", function(obj, color, alt)
  local picks = T.m.picks
  if alt or picks == nil then
    return
  end
  for k, id in ipairs(picks.offers[color] or {}) do
    if L.missions[id] == obj.guid then
      T.pick(color, k)
      return
    end
  end
  printToColor(tr("that mission card was dealt to another player"), color, { 1, 0.55, 0.45 })
end)
