-- Pieces moved by hand, as decisions: a ship dropped on a planet of the row, a die dropped on
-- the converter. A pure module: it reads the layout and the core's choices, and returns the
-- option ids the drop stands for, which the glue takes as if they were clicked.
--
-- A drop stands for options only when they are unambiguous: a ship goes by a Move die (or by
-- following a Move) when the table offers exactly one way for it; when it could land or
-- orbit, the path stops there and the panel asks. A drop that fits no option returns nil and
-- the piece goes back where the game has it.

local Game = require("glue.game")
local tr = require("lib.tr")

local Drags = {}

local MARGIN = 0.15 -- of a card's size: a ship dropped just off the card still counts
local NEAR = 1.2 -- world units from a converter spot

-- Card coordinates (pixels of the card image) of world point (x, z) for a row place.
local function on_card(aff, x, z)
  local det = aff.xx * aff.yz - aff.yx * aff.xz
  local dx, dz = x - aff.ox, z - aff.oz
  return (dx * aff.yz - aff.yx * dz) / det, (aff.xx * dz - aff.xz * dx) / det
end

-- The planet of the row under (x, z), or nil.
function Drags.planet_at(L, row, x, z)
  local w, h = L.card.w, L.card.h
  for k, id in ipairs(row) do
    local px, py = on_card(L.row[k], x, z)
    if px >= -MARGIN * w and px <= (1 + MARGIN) * w and py >= -MARGIN * h and py <= (1 + MARGIN) * h then
      return id
    end
  end
  return nil
end

local function near(p, x, z)
  return math.abs(p.x - x) <= NEAR and math.abs(p.z - z) <= NEAR
end

-- What a drop means: { kind = "ship", color =, ship = index from 0, planet = id } or
-- { kind = "die", die = index from 0 }; nil when the drop is nowhere the rules use.
function Drags.intent(L, state, piece, x, z)
  if piece.kind == "ship" then
    local planet = Drags.planet_at(L, state.row, x, z)
    return planet and { kind = "ship", color = piece.color, ship = piece.index, planet = planet }
  elseif piece.kind == "die" then
    local dice = L.dice
    if near(dice.set, x, z) or near(dice.spend[1], x, z) or near(dice.spend[2], x, z) then
      return { kind = "die", die = piece.index }
    end
  end
  return nil
end

local offered = Game.label -- the label decision d gives option id, or nil

-- The next option id the intent picks at decision d (nil: the drop says nothing more).
local function pick(d, intent, state)
  if intent.kind == "ship" then
    if d.name == "type" then
      local w = state.follow[1]
      if w and w.face == "move" and offered(d, "follow") then
        return "follow"
      end
      return offered(d, "activate") and "activate" or nil
    elseif d.name == "die" then
      for _, o in ipairs(d.options) do
        local k = tonumber(string.match(o.id, "^die:(%d+)$"))
        if k and state.dice[k + 1] and state.dice[k + 1].face == "move" then
          return o.id
        end
      end
    elseif d.name == "ship" then
      local id = "ship:" .. intent.ship
      return offered(d, id) and id or nil
    elseif d.name == "to" then
      local land, orbit = "land:" .. intent.planet, "orbit:" .. intent.planet
      local can_land, can_orbit = offered(d, land), offered(d, orbit)
      if can_land and not can_orbit then
        return land
      elseif can_orbit and not can_land then
        return orbit
      end
    end
  else
    if d.name == "type" then
      return offered(d, "convert") and "convert" or nil
    elseif d.name == "spend" or d.name == "die" then
      return "die:" .. intent.die -- any die of a face is accepted (the walk checks)
    end
  end
  return nil
end

-- The option ids a drop stands for, from the path under way (`path`), each checked against
-- the core; nil and a reason when it stands for nothing the rules allow now.
function Drags.path(core, state, path, intent)
  local taken, reached = {}, false
  for _ = 1, 8 do
    local res = core.choices(state, path)
    if res == nil or res.complete then
      break
    end
    local d = res.decision
    if d.roll or d.player ~= (intent.color or d.player) then
      break
    end
    local id = pick(d, intent, state)
    if id == nil then
      break
    end
    path[#path + 1] = id
    if core.choices(state, path) == nil then
      break
    end
    taken[#taken + 1] = id
    if (intent.kind == "ship" and id == "ship:" .. intent.ship) or (intent.kind == "die" and id == "die:" .. intent.die) then
      reached = true
    end
    if d.name == "to" then
      break
    end
  end
  if not reached then
    if intent.kind == "ship" then
      return nil, tr("no move takes that ship to that planet now")
    end
    return nil, tr("the converter cannot take that die now")
  end
  return taken, nil
end

return Drags
